"""``python -m mediakit.stages.actors``: redraw the bundled portraits after editing looks in actors.yaml."""

from .portraits import write_catalog_portraits

for path in write_catalog_portraits():
    print(path)
