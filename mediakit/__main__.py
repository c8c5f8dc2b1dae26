"""``python -m mediakit`` runs the command line."""

from .cli.main import run

run()
