"""The command group: every command is listed, and a command imports only its own module."""

import importlib
import os
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points

import click
import pytest
from click.testing import CliRunner

from mediakit.cli import main as cli_main
from mediakit.cli.main import COMMANDS, PLUGIN_GROUP, main


def test_the_lazy_table_names_exactly_what_each_module_registers() -> None:
    for module in set(COMMANDS.values()):
        group = click.Group()
        importlib.import_module(f"mediakit.cli.{module}").register(group)
        assert set(group.commands) == {name for name, owner in COMMANDS.items() if owner == module}, module


def test_help_lists_every_command_the_plugins_included() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].splitlines() if line.strip()]
    plugins = {ep.name for ep in entry_points(group=PLUGIN_GROUP)}
    assert listed == sorted(set(COMMANDS) | plugins)
    assert not plugins & set(COMMANDS)  # a plug-in name the library also uses would never be reached


@click.command("hello")
def _hello() -> None:
    click.echo("hello from a plug-in")


def register_hello(group: click.Group) -> None:
    """A plug-in's ``register``, as a ``mediakit.commands`` entry point names it."""
    group.add_command(_hello)


def test_a_command_found_by_entry_point_is_registered_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = EntryPoint("hello", f"{__name__}:register_hello", PLUGIN_GROUP)
    monkeypatch.setattr(cli_main, "_plugins", lambda: {"hello": plugin})
    monkeypatch.setattr(main, "commands", dict(main.commands))  # forget "hello" again afterwards
    result = CliRunner().invoke(main, ["hello"])
    assert result.exit_code == 0 and result.output == "hello from a plug-in\n"
    assert CliRunner().invoke(main, ["nosuch"]).exit_code == 2


@pytest.mark.slow
def test_a_command_does_not_import_the_others() -> None:
    code = ("import sys; from mediakit.cli.main import main\n"
            "try:\n    main(['styles'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('mediakit.cli.', 'runner', 'importlib.metadata'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = out.strip().splitlines()[-1]
    assert "mediakit.cli.subtitle_cmds" in loaded
    assert "actor_cmds" not in loaded and "runner" not in loaded
    assert "importlib.metadata" not in loaded  # a library command starts without reading the plug-ins


@pytest.mark.slow
def test_the_program_keeps_exit_codes_and_error_bodies() -> None:
    """``python -m mediakit`` runs ``run``: the exit code and the --json error body come through its exit."""
    ok = subprocess.run([sys.executable, "-m", "mediakit", "styles"], capture_output=True, text=True)
    assert ok.returncode == 0 and "hormozi" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "mediakit", "actors", "--slug", "maya-chex", "--json"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and '"code": "ACTOR_NOT_FOUND"' in bad.stdout and bad.stderr == ""


def _blas_after_run(env: dict[str, str]) -> list[str]:
    """OPENBLAS_NUM_THREADS and the process's thread count once numpy is loaded after the program ran."""
    code = ("import atexit, os, sys\n"
            "def report():\n"
            "    import numpy\n"
            "    print(os.environ.get('OPENBLAS_NUM_THREADS'), len(os.listdir('/proc/self/task')))\n"
            "atexit.register(report)\n"
            "sys.argv = ['mediakit', 'styles']\n"
            "from mediakit.cli.main import run\n"
            "run()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    return out.strip().splitlines()[-1].split()


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_the_program_keeps_openblas_to_one_thread_unless_told() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _blas_after_run(env) == ["1", "1"]  # no spinning BLAS thread beside the main one
    assert _blas_after_run({**env, "OPENBLAS_NUM_THREADS": "3"})[0] == "3"
