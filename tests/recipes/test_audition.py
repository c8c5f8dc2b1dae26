"""The audition recipe: an actor speaking, rendered to one file with the speech as its sound."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mediakit.probe import probe
from mediakit.recipes.audition import render_talking
from mediakit.stages.actors import SpeechInput, get_actor
from mediakit.timeline import Canvas

CANVAS = Canvas(180, 320)



@pytest.mark.slow
def test_render_talking_is_one_file_with_speech(speech: SpeechInput, tmp_path: Path, frame: Callable[..., Any]) -> None:
    out = render_talking(get_actor("omar-farouk"), speech, tmp_path / "audition.mp4", canvas=CANVAS)
    info = probe(out)
    assert info.video and (info.video.width, info.video.height) == (180, 320) and info.audio is not None
    assert abs((info.duration_ms or 0) - speech.duration_ms) <= 60
    picture = frame(out, 300, tmp_path / "f.png")
    assert picture.std() > 20, "a drawn character, not a flat frame"
