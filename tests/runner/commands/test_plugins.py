"""The runner's commands reach the ``mediakit`` program through its ``mediakit.commands`` entry points."""

from __future__ import annotations

from collections import defaultdict
from importlib.metadata import entry_points

import click

from mediakit.cli.main import PLUGIN_GROUP


def test_each_entry_point_names_exactly_what_its_module_registers() -> None:
    names_by_target: dict[str, set[str]] = defaultdict(set)
    for ep in entry_points(group=PLUGIN_GROUP):
        names_by_target[ep.value].add(ep.name)
    assert set(names_by_target) == {"runner.commands.runner_cmds:register", "runner.commands.server_cmds:register",
                                    "runner.commands.model_cmds:register"}
    for target, names in names_by_target.items():
        group = click.Group()
        next(ep for ep in entry_points(group=PLUGIN_GROUP) if ep.value == target).load()(group)
        assert set(group.commands) == names, target
