"""Punch-ins: where the talking shot cuts between its wide and tight framings, and the framings themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.render import compile_timeline
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.punch_ins import ZOOM, cut_times, punch_crop, punched, punched_face_band
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import Box, Canvas, ColorLayer, SequenceLayer, Timeline, VideoLayer
from mediakit.words import Word

CANVAS = Canvas(180, 320)
# a word every 300 ms (250 ms long) over 15 s: a break between every two
WORDS = [Word(f"w{i}", i * 300, i * 300 + 250) for i in range(50)]


def test_cuts_fall_between_words_every_2_to_4_s_and_not_at_the_end() -> None:
    cuts = cut_times(WORDS, 15000)
    assert len(cuts) >= 3
    gaps = [b - a for a, b in zip([0, *cuts], cuts, strict=False)]
    assert all(2000 <= g <= 4000 for g in gaps)
    assert all(any(a.end_ms <= c <= b.start_ms for a, b in zip(WORDS, WORDS[1:], strict=False)) for c in cuts)
    assert cuts[-1] <= 13000
    assert cut_times(WORDS[:5], 1500) == []               # a short line: no room for a cut


def test_the_tight_framing_keeps_the_chin_where_it_was() -> None:
    crop = punch_crop(Canvas(1080, 1920))
    _, cy, unit = bust_geometry(1080, 1920)
    chin = (cy + 0.75 * unit) / 1920
    assert crop.w == crop.h == pytest.approx(1 / ZOOM, abs=1e-3)
    assert (chin - crop.y) / crop.h == pytest.approx(chin, abs=1e-3)   # the chin's height is the same on screen
    top, bottom = face_band(1080, 1920)
    tight_top, tight_bottom = punched_face_band((top, bottom))
    assert tight_bottom == bottom and tight_top == pytest.approx(bottom - (bottom - top) * ZOOM)


def test_a_full_frame_talking_clip_is_cut_wide_tight_wide() -> None:
    clip = VideoLayer(path=Path("actor.mp4"), duration_ms=15000)
    shot = punched((clip,), CANVAS, WORDS, 15000)
    assert isinstance(shot, SequenceLayer) and shot.transition.kind == "cut"
    scenes = shot.scenes
    assert sum(s.duration_ms or 0 for s in scenes) == 15000
    assert [s.crop is not None for s in scenes] == [i % 2 == 1 for i in range(len(scenes))]
    starts = [s.trim_start_ms for s in scenes]                                # the clip plays on through the cuts
    assert starts == [sum(s.duration_ms or 0 for s in scenes[:i]) for i in range(len(scenes))]
    compile_timeline(Timeline(CANVAS, 15000, layers=(shot,)))


def test_only_a_lone_full_frame_actor_is_punched() -> None:
    clip = VideoLayer(path=Path("actor.mp4"), duration_ms=15000)
    assert punched((ColorLayer(), clip), CANVAS, WORDS, 15000) is None      # a framed photo over its band
    assert punched((VideoLayer(path=Path("a.mp4"), box=Box(0, 0, 90, 160)),), CANVAS, WORDS, 15000) is None
