"""Drawn actors act the delivery: brows, eyes and nod follow the acting style, tone and stressed words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mediakit.render import render
from mediakit.stages.actors import SpeechInput, get_actor, talking_track
from mediakit.stages.actors.acting import POINT_MIN_MS, acting_for, eye_cells, naming_line, nods, shrugs, stressed
from mediakit.stages.actors.look import EYE_STATES
from mediakit.stages.actors.portraits import POSES
from mediakit.stages.actors.puppet import Rig
from mediakit.timeline import Canvas, Timeline
from mediakit.words import Word

CANVAS = Canvas(180, 320)


def test_deliveries_map_to_distinct_faces() -> None:
    faces = {name: acting_for(name) for name in ("excited", "calm", "angry", "honest-review", "casual-demo")}
    assert len({(a.pose, a.stress, a.nod) for a in faces.values()}) == len(faces)
    assert acting_for("Excited") == faces["excited"] and acting_for(None) == acting_for("something else")


def test_stressed_words_lift_the_brows_once_a_second_at_most() -> None:
    words = [Word("This", 0, 200), Word("changes", 250, 600), Word("everything", 650, 1100), Word("WOW!", 1400, 1700)]
    assert stressed(words) == [(250, 700), (1400, 1850)]
    cells = eye_cells(acting_for("confident"), [("open", 0, 2000)], words)
    raised = POSES.index("raised") * len(EYE_STATES)
    assert cells == ((0, 0, 250), (raised, 250, 700), (0, 700, 1400), (raised, 1400, 1850), (0, 1850, 2000))
    assert eye_cells(acting_for("calm"), [("open", 0, 2000)], words) == (
        (POSES.index("soft") * len(EYE_STATES), 0, 2000),)


def test_the_head_nods_on_stressed_words_as_deep_as_the_delivery_nods() -> None:
    words = [Word("This", 0, 200), Word("changes", 250, 600), Word("everything", 650, 1100), Word("WOW!", 1400, 1700)]
    excited, calm = nods(acting_for("excited"), words, 100.0), nods(acting_for("calm"), words, 100.0)
    assert [(d.start_ms, d.duration_ms) for d in excited] == [(250, 420), (1400, 420)]
    assert excited[0].amplitude > 3 * calm[0].amplitude > 0, "an excited actor nods hard, a calm one barely"
    assert nods(acting_for(None), [Word("a", 0, 100), Word("cat", 200, 300)], 100.0) == (), "no stress, no nod"


def test_the_shoulders_shrug_on_a_word_of_doubt_or_a_question() -> None:
    words = [Word("Honestly,", 0, 400), Word("maybe", 500, 800), Word("it", 900, 1000), Word("works?", 1600, 2000),
             Word("Sure.", 2100, 2400)]
    assert [(d.start_ms, d.duration_ms) for d in shrugs(words, 100.0)] == [(0, 650), (1600, 650)]
    assert all(d.amplitude < 0 for d in shrugs(words, 100.0)), "up, not down"
    assert shrugs([Word("Sure.", 0, 300)], 100.0) == ()


def test_the_arm_points_over_the_line_that_names_the_product() -> None:
    words = [Word("I", 0, 100), Word("found", 100, 400), Word("it.", 400, 800), Word("Morning", 1000, 1400),
             Word("Brew", 1400, 1700), Word("wakes", 1700, 2000), Word("me!", 2000, 2400), Word("Morning", 2600, 3000),
             Word("Brew.", 3000, 3300)]
    assert naming_line(words, "Morning Brew") == (1000, 2400), "its first line, start to end"
    assert naming_line(words, "morning brew") == (1000, 2400)
    assert naming_line(words[:5], "Morning Brew") == (1000, 1000 + POINT_MIN_MS), "held long enough to see"
    assert naming_line(words, "Evening Brew") is None and naming_line(words, None) is None


@pytest.mark.slow
def test_excited_and_calm_differ_in_the_brows_and_eyes(speech: SpeechInput, tmp_path: Path,
                                                      frame: Callable[..., Any]) -> None:
    rig = Rig.of(CANVAS.width, CANVAS.height)
    pad = 6  # the nod moves the head a few pixels
    x, y = rig.head[0] + rig.eyes[0], rig.head[1] + rig.eyes[1]
    rows, cols = slice(y - pad, y + rig.eyes[3] + pad), slice(x - pad, x + rig.eyes[2] + pad)
    regions = {}
    for delivery in ("excited", "calm"):
        track = talking_track(get_actor("maya-chen"), replace(speech, delivery=delivery), CANVAS.box)
        clip = render(Timeline(CANVAS, speech.duration_ms, layers=track.layers), tmp_path / f"{delivery}.mp4")
        regions[delivery] = np.stack([frame(clip, t, tmp_path / f"{delivery}-{t}.png")[rows, cols]
                                      for t in range(100, speech.duration_ms - 100, 300)])
    diff = float(np.abs(regions["excited"] - regions["calm"]).mean())
    assert diff >= 8, f"excited and calm brows/eyes differ by only {diff:.1f} levels"
