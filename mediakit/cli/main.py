"""The ``mediakit`` command: a thin layer of click over the library.

The library raises ``MediakitError``s; this is the only place they become a
one-line message on stderr and a non-zero exit (2 for bad input, 1 for a
failed render), never a traceback.
"""

from __future__ import annotations

import click

from .. import __version__
from .base import CliError, MediakitGroup, progress_bar

__all__ = ["CliError", "main", "progress_bar"]


@click.group(cls=MediakitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mediakit")
def main() -> None:
    """Render short UGC-style videos locally: captions, voices, music, actors."""


def _register() -> None:
    from . import (
        actor_cmds,
        audio_cmds,
        character_cmds,
        generate_cmds,
        model_cmds,
        runner_cmds,
        server_cmds,
        skills_cmds,
        subtitle_cmds,
        voice_cmds,
    )

    generate_cmds.register(main)
    subtitle_cmds.register(main)
    audio_cmds.register(main)
    voice_cmds.register(main)
    actor_cmds.register(main)
    character_cmds.register(main)
    model_cmds.register(main)
    skills_cmds.register(main)
    server_cmds.register(main)
    runner_cmds.register(main)


_register()
