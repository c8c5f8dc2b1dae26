"""The timeline model: required fields, checks made in the model, and the versioned dict round trip."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from mediakit.errors import ValidationError
from mediakit.timeline import (
    Animation,
    AudioClip,
    Box,
    Canvas,
    Captions,
    ChromaKey,
    ColorLayer,
    Crop,
    Hover,
    ImageLayer,
    KenBurns,
    PanStop,
    PuppetLayer,
    Quad,
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

RICH = Timeline(
    Canvas(720, 1280, Fraction(30000, 1001)), 4000,
    layers=(
        SequenceLayer(scenes=(ImageLayer(path=Path("a.png"), duration_ms=2000,
                                         motion=KenBurns(1.0, 1.2, (0.2, 0.3), (0.6, 0.5))),
                              VideoLayer(path=Path("b.mp4"), duration_ms=2000, trim_start_ms=500, loop=True,
                                         crop=Crop(0.1, 0.2, 0.5, 0.5))),
                      transition=Transition("wipeleft", 400)),
        ImageLayer(path=Path("phone.png"), box=Box(100, 200, 300, 600), mask=Path("mask.png"),
                   shadow=Shadow(blur_px=10), enter=Animation("slide-up", 300), hover=Hover(dy=6)),
        VideoLayer(path=Path("actor.mp4"), warp=Quad((10, 10), (200, 20), (210, 300), (5, 290), 160, 100),
                   key=ChromaKey(similarity=0.25, space="yuv", despill=True), start_ms=1000, duration_ms=2000),
        ColorLayer(color="red@0.5", box=Box(0, 0, 200, 200), exit=Animation("fade", 200)),
        TextLayer(text="Hi", box=Box(0, 0, 720, 200), bold=False, size_px=40),
    ),
    audio=(AudioClip(Path("voice.wav"), start_ms=200, gain_db=-3.0, fade_out_ms=300),),
    captions=Captions((Word("Hi", 0, 400), Word("there", 450, 900)), "hormozi", centre_y=600), background="#101010")


def test_media_layers_require_a_path() -> None:
    with pytest.raises(TypeError, match="path"):
        ImageLayer()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="path"):
        VideoLayer(duration_ms=1000)  # type: ignore[call-arg]


def test_audio_starting_after_the_end_is_refused_by_the_model() -> None:
    with pytest.raises(ValidationError, match=r"audio.start_ms: must be before the timeline's end \(1000 ms\)"):
        Timeline(Canvas(64, 64), 1000, audio=(AudioClip(Path("a.wav"), start_ms=1000),))


def test_round_trip_through_json_is_exact() -> None:
    data = json.loads(json.dumps(RICH.to_dict()))
    assert data["version"] == 2
    assert data["captions"] == {"words": [{"text": "Hi", "start_ms": 0, "end_ms": 400},
                                          {"text": "there", "start_ms": 450, "end_ms": 900}],
                                "style": "hormozi", "centre_y": 600}
    assert data["canvas"] == {"width": 720, "height": 1280, "fps": "30000/1001"}
    assert data["layers"][1]["type"] == "ImageLayer" and data["layers"][1]["path"] == "phone.png"
    assert "opacity" not in data["layers"][1]  # defaults are left out
    assert data["layers"][2]["key"] == {"similarity": 0.25, "space": "yuv", "despill": True}
    assert Timeline.from_dict(data) == RICH
    with pytest.raises(ValidationError, match="key.space: must be one of rgb, yuv"):
        ChromaKey(space="hsv")  # type: ignore[arg-type]


def test_drawn_actors_round_trip_as_layers_and_scenes() -> None:
    puppet = PuppetLayer(backdrop=ColorLayer(color="#3050C0"), size=(180, 320), head=Sprite(Path("head.png"), 10, 20),
                         eyes=Sprite(Path("eyes.png"), 4, 6, 3, ((0, 0, 800), (2, 800, 870))),
                         mouth=Sprite(Path("mouths.png"), 8, 30, 10, ((0, 0, 100), (5, 100, 400))),
                         body=Sprite(Path("body.png"), 0, 250), head_dx=(Wave(2.5, 6.1, 0.4),), trim_start_ms=300)
    portrait = replace(puppet, body=None, head_mask=Path("head-mask.png"), duration_ms=900, trim_start_ms=0,
                       crop=Crop(0.1, 0.2, 0.6, 0.5), motion=KenBurns(1.0, 1.06))  # a photo actor
    timeline = Timeline(Canvas(180, 320), 1900, layers=(
        SequenceLayer(scenes=(replace(puppet, duration_ms=1000), portrait)), replace(puppet, box=Box(10, 10, 90, 160))))
    data = json.loads(json.dumps(timeline.to_dict()))
    assert data["layers"][1]["mouth"]["schedule"] == [[0, 0, 100], [5, 100, 400]]
    assert data["layers"][0]["scenes"][1]["crop"] == {"x": 0.1, "y": 0.2, "w": 0.6, "h": 0.5}
    assert Timeline.from_dict(data) == timeline
    with pytest.raises(ValidationError, match="motion: .*needs fit 'cover'"):
        replace(puppet, fit="contain", motion=KenBurns())
    with pytest.raises(ValidationError, match="sprite.schedule"):
        Sprite(Path("m.png"), cells=10, schedule=((10, 0, 100),))
    with pytest.raises(ValidationError, match="size: must be even"):
        replace(portrait, size=(181, 320))


def test_a_pan_path_eases_through_its_stops_at_one_zoom_and_round_trips() -> None:
    path = KenBurns(1.0, 1.0, (0.5, 0.0), (0.5, 1.0), (PanStop(1000, (0.5, 0.0)), PanStop(2000, (0.5, 0.6))))
    assert path.pan_at(500, 4000) == (0.5, 0.0) and path.pan_at(1500, 4000) == pytest.approx((0.5, 0.3))
    assert path.pan_at(2000, 4000) == (0.5, 0.6) and path.pan_at(4000, 4000) == (0.5, 1.0)
    assert KenBurns(1.0, 1.2, (0, 0), (1, 1)).pan_at(1000, 2000) == pytest.approx((0.5, 0.5))   # no stops: as before
    timeline = Timeline(Canvas(180, 320), 4000, layers=(ImageLayer(path=Path("app.png"), motion=path),))
    assert Timeline.from_dict(json.loads(json.dumps(timeline.to_dict()))) == timeline
    with pytest.raises(ValidationError, match="motion.stops: .*constant zoom"):
        KenBurns(1.0, 1.1, stops=(PanStop(100, (0.5, 0.5)),))
    with pytest.raises(ValidationError, match="motion.stops: .*in time order"):
        KenBurns(1.0, 1.0, stops=(PanStop(300, (0.5, 0.5)), PanStop(100, (0.5, 0.5))))
    with pytest.raises(ValidationError, match=r"motion.stops\[0\].pan"):
        KenBurns(1.0, 1.0, stops=(PanStop(100, (0.5, 1.5)),))


def test_from_dict_names_what_is_wrong() -> None:
    data = RICH.to_dict()
    with pytest.raises(ValidationError, match="version: must be 2"):
        Timeline.from_dict({**data, "version": 1})  # version 1 burned an .ass file that is gone after its job
    bad_type = {**data, "layers": [{"type": "Sprite", "path": "x.png"}]}
    with pytest.raises(ValidationError, match=r"timeline.layers\[0\].type: must be one of VideoLayer"):
        Timeline.from_dict(bad_type)
    bad_field = {**data, "layers": [{"type": "ImageLayer", "path": "x.png", "blur": 3}]}
    with pytest.raises(ValidationError, match=r"timeline.layers\[0\].blur: is not a field of ImageLayer"):
        Timeline.from_dict(bad_field)
    with pytest.raises(ValidationError, match="layer.opacity: must be between 0 and 1"):
        Timeline.from_dict({**data, "layers": [{"type": "ColorLayer", "opacity": 2}]})
