"""What every command shares: library errors as one-line messages, and the progress bar.

Kept apart from ``main`` so command modules can import it without importing
the group that registers them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..errors import MediakitError, RenderError

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1


class CliError(click.ClickException):
    """Bad input, shown as ``error: <message>`` on one line."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


class CliRenderFailed(CliError):
    """A render that failed after its input was accepted."""

    exit_code = EXIT_FAILED


def cli_error(error: MediakitError) -> CliError:
    """The click exception for a library error."""
    return (CliRenderFailed if isinstance(error, RenderError) else CliError)(error.message)


class MediakitGroup(click.Group):
    """Maps library errors raised by any command to ``CliError``."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MediakitError as exc:
            raise cli_error(exc) from exc
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
