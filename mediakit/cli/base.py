"""What every command shares: library errors as one line (or the spec's JSON body), and the progress bar.

Kept apart from ``main`` so command modules can import it without importing
the group that registers them.  Exit codes come from the error classes
(``MediakitError.exit_code``: 2 for bad input, 1 for a job that failed after
its input was accepted).  With ``--json`` a failure prints the spec's error
body on stdout, so scripts read one JSON document either way.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..errors import EXIT_BAD_INPUT, MediakitError, ValidationError


class CliError(click.ClickException):
    """A library error as the CLI shows it: ``error: <message>`` on stderr, or its JSON body on stdout."""

    def __init__(self, error: MediakitError, *, as_json: bool = False) -> None:
        super().__init__(error.message)
        self.error = error
        self.as_json = as_json
        self.exit_code = error.exit_code  # type: ignore[misc]

    def show(self, file: Any = None) -> None:
        if self.as_json:
            click.echo(json.dumps(self.error.to_dict(), ensure_ascii=False))
        else:
            click.echo(f"error: {self.error.message}", err=True)


def usage_error(exc: click.UsageError) -> ValidationError:
    """A click usage error (bad option value, missing argument) in the library's terms."""
    param: Any = getattr(exc, "param", None)
    opts = getattr(param, "opts", None)
    name = (max(opts, key=len).lstrip("-") if opts else getattr(param, "name", None)) or "usage"  # --output, not -o
    return ValidationError(name.replace("-", "_"), None, exc.format_message().rstrip("."))


class MediakitGroup(click.Group):
    """Maps library errors (and, under ``--json``, usage errors) raised by any command to ``CliError``."""

    def invoke(self, ctx: click.Context) -> Any:
        as_json = "--json" in ctx.args or bool(ctx.params.get("as_json"))
        try:
            return super().invoke(ctx)
        except CliError:
            raise
        except MediakitError as exc:
            raise CliError(exc, as_json=as_json) from exc
        except click.UsageError as exc:
            if not as_json:
                raise
            raise CliError(usage_error(exc), as_json=True) from exc
        except KeyboardInterrupt:
            click.echo("interrupted; no output was written", err=True)
            ctx.exit(130)


@contextmanager
def progress_bar(label: str) -> Iterator[Any]:
    """A progress callback drawing a bar on a terminal, silent otherwise (pipes, CI, logs)."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=1000, label=label, file=sys.stderr, show_eta=True) as bar:
        done = [0]

        def update(fraction: float) -> None:
            target = int(fraction * 1000)
            if target > done[0]:
                bar.update(target - done[0])
                done[0] = target

        yield update


__all__ = ["EXIT_BAD_INPUT", "CliError", "MediakitGroup", "progress_bar", "usage_error"]
