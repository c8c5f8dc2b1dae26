"""A worker's task: a job of several aspects delivers an output per aspect, all among its files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from mediakit.generation.aspects import plan_aspects
from mediakit.generation.contract import Options
from mediakit.probe import probe
from runner.executors.task import Task, run_task


@pytest.mark.slow
def test_a_task_of_two_aspects_delivers_both_and_lists_them(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    Image.new("RGB", (300, 600), "#224466").save(shot)
    body = {"app_screenshot_url": str(shot), "script": "Five words in this script.", "actor_slug": "maya-chen"}
    _, job = plan_aspects("show_your_app", body, "4:5,9:16", options=Options(extra={"preview_height": 320}))
    result = run_task(Task("j1", "show_your_app", job.plan, tmp_path / "staging", "ad", job.canvases))
    assert result.output == "ad_4x5.mp4"
    assert result.files["output_4x5"] == "ad_4x5.mp4" and result.files["output_9x16"] == "ad_9x16.mp4"
    sizes = {kind: probe(tmp_path / "staging" / name).video for kind, name in result.files.items()
             if kind.startswith("output_")}
    assert {k: (v.width, v.height) for k, v in sizes.items() if v} == {"output_4x5": (256, 320),
                                                                       "output_9x16": (180, 320)}
    assert result.receipt["aspects"] == ["4:5", "9:16"] and result.receipt["metered"]["steps"]
