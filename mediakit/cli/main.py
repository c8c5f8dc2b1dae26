"""The ``mediakit`` command: a thin layer of click over the library.

The library raises ``MediakitError``s; this is the only place they become a
one-line message on stderr and a non-zero exit (2 for bad input, 1 for a
failed render), never a traceback.
"""

from __future__ import annotations

import gc
import importlib
import os
from typing import TYPE_CHECKING

import click

from .. import __version__
from .base import CliError, MediakitGroup, progress_bar

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["CliError", "main", "progress_bar", "run"]


# Each command's module, imported when the command is used (or listed by --help), so one
# command does not pay for the imports of all the others.
COMMANDS = {
    "generate": "generate_cmds", "subtitle": "subtitle_cmds", "styles": "subtitle_cmds", "mix": "audio_cmds",
    "music": "audio_cmds", "pace": "audio_cmds", "say": "voice_cmds", "voices": "voice_cmds",
    "actors": "actor_cmds", "characters": "character_cmds", "skills": "skills_cmds",
}

# Commands from other packages (the runner's and the server's): ``name = "module:register"`` entry points, read
# only for a name COMMANDS lacks or for --help, so a library command starts without looking them up.
PLUGIN_GROUP = "mediakit.commands"


def _plugins() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=PLUGIN_GROUP)}


class LazyGroup(MediakitGroup):
    """A group that imports a command's module on first use (click's lazy loading, click-plugins' entry points).

    A module (the library's in COMMANDS, or a plug-in's entry point) has a
    ``register(group)`` that adds its commands.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands) | set(_plugins()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in COMMANDS:
                importlib.import_module(f"{__package__}.{COMMANDS[cmd_name]}").register(self)
            elif (plugin := _plugins().get(cmd_name)) is not None:
                plugin.load()(self)
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mediakit")
def main() -> None:
    """Render short UGC-style videos locally: captions, voices, music, actors."""


def run() -> None:
    """The ``mediakit`` program: ``main``, then an exit that skips Python's last full garbage collection.

    When a command is done, its files are written and closed; what is left
    in memory goes back to the system with the process.  Freezing it spares
    the collection Python runs at exit over every object the models and
    libraries made (70 ms of an 85 ms exit after a caption burn).  Only the
    program does this; ``main`` called in a process that goes on is untouched.

    The program also keeps numpy's OpenBLAS to one thread unless the user
    says otherwise: at import OpenBLAS starts a thread per core that spins
    waiting for work, and mediakit has none for it (its FFTs are pocketfft's,
    its arrays small).  Those threads only took CPU from ffmpeg and from the
    work before the render: 0.16 CPU-s, and 0.04 s before a caption burn's
    encode could start.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        main()
    finally:
        gc.freeze()

