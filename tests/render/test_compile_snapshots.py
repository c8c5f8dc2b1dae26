"""The compiled graph of named timelines, compared with the text checked in under ``snapshots/``.

A change to the compiler shows up here as a readable diff of ffmpeg graph
text.  When a change is intended, regenerate with
``MEDIAKIT_UPDATE_SNAPSHOTS=1 pytest tests/render/test_compile_snapshots.py``
and review the diff before committing it.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from mediakit.render import StillProfile, compile_timeline
from mediakit.render.profile import DEFAULT_PROFILE, Profile
from mediakit.timeline import (
    Animation,
    AudioClip,
    Box,
    Canvas,
    Captions,
    ColorLayer,
    Crop,
    ImageLayer,
    KenBurns,
    PuppetLayer,
    SequenceLayer,
    Shadow,
    Sprite,
    TextLayer,
    Timeline,
    Transition,
    VideoLayer,
    Wave,
)
from mediakit.words import Word

SNAPSHOTS = Path(__file__).parent / "snapshots"
CANVAS = Canvas(360, 640)
FONTS = {("Inter", True): Path("fonts/Inter-Bold.otf")}

PUPPET = PuppetLayer(
    backdrop=ImageLayer(path=Path("actor-bg.png")), size=(160, 280),
    head=Sprite(Path("head.png"), 30, 40), body=Sprite(Path("body.png"), 0, 200),
    eyes=Sprite(Path("eyes.png"), 20, 50, 3, ((0, 0, 900), (2, 900, 970), (0, 970, 3000))),
    mouth=Sprite(Path("mouths.png"), 30, 80, 10, ((0, 0, 400), (2, 400, 600), (1, 600, 3000))),
    head_dx=(Wave(1.5, 6.0, 0.3),), head_dy=(Wave(0.8, 3.2, 1.1), Wave(0.6, 4.1, 2.0)),
    body_dy=(Wave(0.6, 4.1, 2.0),))

NAMED: dict[str, tuple[Timeline, Profile]] = {
    "puppet_in_pip_and_portrait": (Timeline(CANVAS, 3000, layers=(
        replace(PUPPET, backdrop=ImageLayer(path=Path("photo.png")), size=(360, 640), body=None, body_dy=(),
                head_mask=Path("head-mask.png")),
        replace(PUPPET, box=Box(180, 320, 160, 280), start_ms=500, trim_start_ms=500, mask=Path("round.png"),
                enter=Animation("slide-up", 300))),
        audio=(AudioClip(Path("voice.wav")),)), DEFAULT_PROFILE),

    "captions_on_video": (Timeline(CANVAS, 2000, layers=(VideoLayer(path=Path("clip.mp4")),),
                                   audio=(AudioClip(Path("clip.mp4")),),
                                   captions=Captions((Word("Hello", 0, 500),), "hormozi")),
                          DEFAULT_PROFILE),
    "still_with_pip_and_music": (Timeline(CANVAS, 3000, layers=(
        ImageLayer(path=Path("photo.png"), motion=KenBurns(1.0, 1.15)),
        VideoLayer(path=Path("actor.mp4"), box=Box(20, 300, 160, 280), mask=Path("round.png"),
                   shadow=Shadow(blur_px=8), enter=Animation("slide-up", 300), start_ms=500)),
        audio=(AudioClip(Path("voice.wav")), AudioClip(Path("bed.wav"), gain_db=-12, fade_out_ms=500))),
        DEFAULT_PROFILE),
    "puppet_scene_after_a_cut": (Timeline(CANVAS, 1510, layers=(
        SequenceLayer(scenes=(ColorLayer(color="navy", duration_ms=510),
                              replace(PUPPET, duration_ms=1000, trim_start_ms=510)),
                      transition=Transition("fade", 200)),)), DEFAULT_PROFILE),
    "actor_face_close_ups": (Timeline(CANVAS, 2510, layers=(
        SequenceLayer(scenes=(ColorLayer(color="navy", duration_ms=510),
                              replace(PUPPET, duration_ms=1000, trim_start_ms=510, crop=Crop(0.14, 0.12, 0.72, 0.72),
                                      motion=KenBurns(1.0, 1.06)),
                              replace(PUPPET, backdrop=ImageLayer(path=Path("photo.png")), size=(360, 640),
                                      body=None, body_dy=(), head_mask=Path("head-mask.png"), duration_ms=1000,
                                      trim_start_ms=1510, crop=Crop(0.2, 0.1, 0.6, 0.5))),
                      transition=Transition("fade", 200)),)), DEFAULT_PROFILE),
    "scenes_with_title": (Timeline(CANVAS, 4000, layers=(
        SequenceLayer(scenes=(ImageLayer(path=Path("a.png"), duration_ms=2000),
                              VideoLayer(path=Path("b.mp4"), duration_ms=2000)),
                      transition=Transition("fade", 400)),
        ColorLayer(color="black@0.4", box=Box(0, 40, 360, 80)),
        TextLayer(text="Day 1: 'easy'", box=Box(0, 40, 360, 80), size_px=36))),
        DEFAULT_PROFILE),
    "photo_actor": (Timeline(CANVAS, 2000, layers=(
        replace(PUPPET, backdrop=ImageLayer(path=Path("plate.png")), size=(360, 640), body=None, body_dy=(),
                head_mask=Path("head-mask.png")),), audio=(AudioClip(Path("voice.wav")),)), DEFAULT_PROFILE),
    "poster_frame": (Timeline(CANVAS, 1000, layers=(ImageLayer(path=Path("photo.png"), fit="blur"),)),
                     StillProfile(500)),
}


def _text(timeline: Timeline, profile: Profile) -> str:
    compiled = compile_timeline(timeline, profile, fonts=FONTS, captions_file=Path("captions.ass"))
    return "\n".join(["# inputs", *(" ".join(i) for i in compiled.inputs), "# graph", compiled.graph,
                      "# maps and options", " ".join([*compiled.maps, *compiled.output_options]), ""])


@pytest.mark.parametrize("name", sorted(NAMED))
def test_compiled_graph_matches_its_snapshot(name: str) -> None:
    text = _text(*NAMED[name])
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("MEDIAKIT_UPDATE_SNAPSHOTS") == "1":   # only =1 rewrites: "=0" rewrote them once
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}; run with MEDIAKIT_UPDATE_SNAPSHOTS=1 and review it"
    assert text == path.read_text(encoding="utf-8")


def test_compiling_twice_gives_the_same_text() -> None:
    timeline, profile = NAMED["still_with_pip_and_music"]
    assert _text(timeline, profile) == _text(Timeline.from_dict(timeline.to_dict()), profile)
