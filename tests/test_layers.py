"""The library stands alone: nothing under ``mediakit/`` imports the runner or the service above it.

``runner`` (its server and commands included) imports ``mediakit``; an import
the other way would make a package circle, and "the library never touches
money" could no longer be stated.  The check reads the source with ``ast``, so
an import inside a function (the lazy kind) counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[1] / "mediakit"
ABOVE = ("runner",)


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The absolute names an import statement in ``module`` (dotted) reaches."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level == 0:
        return [node.module or ""]
    package = module.split(".")[: -node.level]
    base = ".".join(package + ([node.module] if node.module else []))
    return [base] if package else [f"<above mediakit>.{node.module or ''}"]


def upward_imports(root: Path) -> list[str]:
    """``file:line: import`` for every import under ``root`` (a package folder) of a package above it."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)  # a package's is pkg.__init__
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in _imported(module, node):
                top = name.split(".")[0]
                if top in ABOVE or name.startswith("<above"):
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno}: imports {name}")
    return found


def test_the_library_imports_nothing_above_it() -> None:
    found = upward_imports(LIBRARY)
    assert not found, "mediakit/ must not import the runner or the service:\n" + "\n".join(found)


@pytest.mark.parametrize(("source", "line"), [("import runner.jobs", 2), ("from runner import jobs", 2),
                                              ("from ...runner import x", 2), ("from .. import errors", None),
                                              ("def f():\n    from runner.server.app import create_app", 3)])
def test_an_upward_import_is_named_by_file_and_line(tmp_path: Path, source: str, line: int | None) -> None:
    package = tmp_path / "mediakit" / "cli"
    package.mkdir(parents=True)
    (package / "bad.py").write_text("import json\n" + source + "\n")
    found = upward_imports(tmp_path / "mediakit")
    assert found == ([] if line is None else [found[0]])
    if line is not None:
        assert found[0].startswith(f"mediakit/cli/bad.py:{line}: imports "), found


MAX_GENERATOR_LINES = 200


def test_the_generators_folder_holds_generators_only_and_each_is_short() -> None:
    """A module under ``generators/`` is one generator (what they share lives in ``generation/``), under 200 lines."""
    from mediakit.generation.registry import GENERATORS

    registered = set(GENERATORS.modules())
    strays, long = [], []
    for path in sorted((LIBRARY / "generators").glob("*.py")):
        if path.name == "__init__.py":
            continue
        if f"mediakit.generators.{path.stem}" not in registered:
            strays.append(path.name)
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_GENERATOR_LINES:
            long.append(f"{path.name}: {lines} lines")
    assert not strays, f"not a registered generator's module: {strays}"
    assert not long, f"over {MAX_GENERATOR_LINES} lines: {long}"
