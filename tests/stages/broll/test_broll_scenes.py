"""Scene lists and b-roll sequences: validation, timing from words, and the timeline they build."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from mediakit.errors import MediaError, ValidationError
from mediakit.render import compile_timeline, render
from mediakit.stages.actors import get_actor
from mediakit.stages.actors.puppet import puppet_layer
from mediakit.stages.broll import LocalStandInEngine, Scene, broll_sequence, motion_for, scene_durations
from mediakit.stages.broll.kenburns import MOTIONS, check_broll_images
from mediakit.stages.broll.scenes import RequestedScene, broll_spans, fitting_transition, scene_sequence, scenes_track
from mediakit.stages.pip import PipOptions
from mediakit.timeline import Canvas, ImageLayer, PuppetLayer, SequenceLayer, Timeline, Transition, VideoLayer
from mediakit.words import Word

CANVAS = Canvas(180, 320)
SCENES = [{"type": "talking_head", "text": "Tired of messy budgets?"},
          {"type": "broll", "text": "This app sorts every receipt.", "visual_prompt": "receipts on a desk"},
          {"type": "talking_head", "text": "Try it free today!", "mood": "upbeat"}]
REQUESTED = TypeAdapter(list[RequestedScene])


def words_for(texts: list[str], gap_ms: int = 300) -> list[Word]:
    out, t = [], 0
    for text in texts:
        for token in text.split():
            out.append(Word(token, t, t + 250))
            t += 300
        t += gap_ms
    return out


def scenes_of(items: list[dict[str, object]]) -> list[Scene]:
    """``items`` read the way a request body's ``scenes`` are."""
    return REQUESTED.validate_python(items)


def test_a_requested_scene_is_checked_and_keeps_only_its_own_fields() -> None:
    scenes = scenes_of(SCENES)
    assert [s.type for s in scenes] == ["talking_head", "broll", "talking_head"]
    assert scenes[1].visual_prompt == "receipts on a desk" and scenes[0].word_count == 4
    assert not scenes_of([{"type": "broll", "text": "x", "image": "a.png", "whole": True}])[0].whole
    for bad in ({"type": "cutaway", "text": "x"}, {"type": "broll", "visual_prompt": "sea"},
                {"type": "broll", "text": "   "}, {"type": "broll", "text": "x", "image": " "}):
        with pytest.raises(PydanticValidationError):
            scenes_of([bad])


def test_a_stage_refuses_a_scene_whose_image_was_never_fetched() -> None:
    assert Scene("broll", "x", image=Path("a.png")).file == Path("a.png")
    with pytest.raises(TypeError, match="never fetched"):
        _ = scenes_of([{"type": "broll", "text": "x", "image": "https://example.com/a.png"}])[0].file


def test_durations_cut_in_the_pause_before_each_scene() -> None:
    scenes = scenes_of(SCENES)
    words = words_for([s.text for s in scenes], gap_ms=400)
    total = words[-1].end_ms + 500
    durations = scene_durations(scenes, words, total)
    assert sum(durations) == total
    # scene 2 starts between "budgets?" (ends 1150) and "This" (starts 1600)
    assert durations[0] == (words[3].end_ms + words[4].start_ms) // 2
    # a different word count (an aligner merged two words) falls back to proportional placement
    merged = words[:2] + words[3:]
    assert sum(scene_durations(scenes, merged, total)) == total
    with pytest.raises(ValidationError, match="durations instead"):
        scene_durations(scenes, [], total)


def test_consecutive_broll_scenes_share_one_pip() -> None:
    scenes = scenes_of([{"type": t, "text": "x"} for t in ("broll", "broll", "talking_head", "broll")])
    assert broll_spans(scenes, [1000, 1500, 800, 700]) == [(0, 2500), (3300, 700)]


def test_transition_shrinks_to_fit_short_scenes() -> None:
    assert fitting_transition([2000, 2000], Transition("fade", 300)).duration_ms == 300
    assert fitting_transition([2000, 200, 2000], Transition("fade", 300)).duration_ms == 200
    assert fitting_transition([15, 2000], Transition("fade", 300)).kind == "cut"


def test_motion_presets_and_pan_across_odd_shapes() -> None:
    assert motion_for(0, (1000, 1800), (1080, 1920)) == MOTIONS[0]
    wide = motion_for(0, (1920, 1080), (1080, 1920))
    assert not wide.zooms and wide.pan_from[0] != wide.pan_to[0]
    tall = motion_for(1, (500, 3000), (1080, 1920))
    assert tall.pan_from[1] != tall.pan_to[1]
    with pytest.raises(ValidationError, match="at most 10"):
        check_broll_images([Path("a.jpg")] * 11)


@pytest.mark.parametrize("seconds", [1, 2, 6])
def test_ken_burns_drifts_slowly_whatever_the_scene_length(seconds: int) -> None:
    box = (1080, 1920)
    wide = motion_for(0, (1920, 1080), box, seconds * 1000)  # 3413 px wide once cover-fitted: 2333 px overflow
    moved_px = abs(wide.pan_to[0] - wide.pan_from[0]) * (1920 * 1920 / 1080 - 1080)
    assert moved_px / seconds <= 0.03 * 1080 + 1  # at most 3% of the short side per second
    assert abs((wide.pan_from[0] + wide.pan_to[0]) / 2 - 0.5) < 1e-9  # centred on the subject
    push = motion_for(0, (1000, 1800), box, seconds * 1000)
    assert push.zoom_to - push.zoom_from <= 0.03 * seconds + 1e-9


def test_broll_sequence_splits_time_and_loops_clips(tmp_path: Path) -> None:
    img = tmp_path / "a.jpg"
    Image.new("RGB", (300, 200), "orange").save(img)
    seq = broll_sequence([img, tmp_path / "clip.mp4", img], 5000, (180, 320))
    assert [s.duration_ms for s in seq.scenes] == [1666, 1666, 1668]
    assert isinstance(seq.scenes[1], VideoLayer) and seq.scenes[1].loop
    assert isinstance(seq.scenes[0], ImageLayer) and seq.scenes[0].motion is not None
    with pytest.raises(ValidationError, match="summing to 5000"):
        broll_sequence([img], 5000, (180, 320), durations=[4000])
    with pytest.raises(MediaError):
        broll_sequence([tmp_path / "missing.png"], 5000, (180, 320))


def test_scene_sequence_keeps_the_actor_in_sync_and_draws_missing_broll(tmp_path: Path) -> None:
    scenes = scenes_of(SCENES)
    seq = scene_sequence(scenes, [1500, 2000, 1500], actor=Path("actor.mp4"), canvas=CANVAS,
                         engine=LocalStandInEngine(cache_dir=tmp_path))
    first, broll, last = seq.scenes
    assert isinstance(first, VideoLayer) and first.trim_start_ms == 0
    assert isinstance(last, VideoLayer) and last.trim_start_ms == 3500
    assert isinstance(broll, ImageLayer) and broll.path.parent == tmp_path
    own = tmp_path / "own.png"
    Image.new("RGB", (200, 300), "teal").save(own)
    seq2 = scene_sequence(scenes, [1500, 2000, 1500], actor=Path("actor.mp4"), canvas=CANVAS, broll_images=[own])
    assert seq2.scenes[1].path == own  # type: ignore[union-attr]


def test_scenes_track_one_voice_and_pip_after_the_crossfades(tmp_path: Path) -> None:
    scenes = scenes_of(SCENES)
    own = tmp_path / "own.png"
    Image.new("RGB", (200, 300), "teal").save(own)
    track = scenes_track(scenes, voice=Path("voice.wav"), actor=Path("actor.mp4"), canvas=CANVAS,
                         durations=[1500, 2000, 1500], pip=PipOptions(), broll_images=[own], cache_dir=tmp_path)
    assert track.duration_ms == 5000 and len(track.audio) == 1 and track.audio[0].start_ms == 0
    assert isinstance(track.layers[0], SequenceLayer)
    pip = track.layers[1]
    # enters when the 300 ms cross-fade from the actor is over, fades out before the one back begins
    assert isinstance(pip, VideoLayer) and (pip.start_ms, pip.duration_ms, pip.trim_start_ms) == (1650, 1700, 1650)
    assert pip.exit.kind == "fade" and pip.exit.duration_ms > 0
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers, audio=track.audio)
    g = compile_timeline(tl).graph
    assert g.count("overlay=format=yuv420[base_x") == 2 and "alphamerge" in g  # two crossfades


@pytest.mark.slow
def test_scenes_timeline_renders_with_word_timings(tiny_video: Path, tone_wav: Path, tmp_path: Path) -> None:
    scenes = scenes_of([{"type": "talking_head", "text": "Hello there"},
                           {"type": "broll", "text": "look at this", "visual_prompt": "city at night"}])
    words = [Word("Hello", 0, 200), Word("there", 250, 400), Word("look", 550, 700), Word("at", 720, 800),
             Word("this", 820, 950)]
    track = scenes_track(scenes, voice=tone_wav, actor=tiny_video, canvas=CANVAS, words=words,
                         broll_model="broll-model-1", cache_dir=tmp_path)
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers, audio=track.audio)
    assert [s.duration_ms for s in tl.layers[0].scenes] == [475, 525]  # type: ignore[union-attr]
    out = render(tl, tmp_path / "scenes.mp4")
    assert out.stat().st_size > 1000


def test_the_pip_keeps_off_the_b_roll_s_subject(tmp_path: Path) -> None:
    """A storefront b-roll whose door stands where the PiP rests (bottom right): the PiP takes the other corner."""
    shop = tmp_path / "shop.png"
    image = Image.new("RGB", (640, 360), (196, 186, 170))
    image.paste((170, 30, 30), (330, 150, 400, 360))
    image.save(shop)
    track = scenes_track(scenes_of(SCENES), voice=Path("voice.wav"), actor=Path("actor.mp4"), canvas=CANVAS,
                         durations=[1500, 2000, 1500], pip=PipOptions(), broll_images=[shop], cache_dir=tmp_path)
    pip = track.layers[1]
    assert pip.box is not None and pip.box.x + pip.box.w < CANVAS.width / 2


def test_a_drawn_actor_punches_in_inside_its_scenes_and_the_pip_keeps_one_framing(tmp_path: Path) -> None:
    """With the voice's words, the full-frame actor's scenes cut to the tight framing inside the talking shots
    only (none in the b-roll, none across its cuts); the PiP over the b-roll is not punched."""
    scenes = scenes_of([{"type": "talking_head", "text": "one"}, {"type": "broll", "text": "two"},
                        {"type": "talking_head", "text": "three"}])
    durations = [4000, 2000, 4000]
    actor = puppet_layer(get_actor("maya-chen").look, [], size=(CANVAS.width, CANVAS.height), duration_ms=10000,
                         seed=1, cache=tmp_path)
    words = [Word(w, t, t + 400) for t, w in zip(range(0, 10000, 500), ["wonderful", "tiny"] * 10, strict=True)]
    track = scenes_track(scenes, voice=Path("voice.wav"), actor=actor, canvas=CANVAS, durations=durations,
                         pip=PipOptions(), cache_dir=tmp_path, punch_words=words)
    sequence, pip = track.layers[0], track.layers[1]
    assert isinstance(sequence, SequenceLayer) and isinstance(pip, PuppetLayer) and pip.punch is None
    first, _, last = sequence.scenes
    assert isinstance(first, PuppetLayer) and first.punch is not None and first.punch == last.punch  # type: ignore[union-attr]
    for start, end in first.punch.spans:
        shot = (0, 4000) if start < 4000 else (6000, 10000)
        assert shot[0] + 500 <= start and (end <= shot[1] or end == 6000)  # ends with its shot, unseen after
    unpunched = scenes_track(scenes, voice=Path("voice.wav"), actor=actor, canvas=CANVAS, durations=durations,
                             cache_dir=tmp_path)
    assert unpunched.layers[0].scenes[0].punch is None  # type: ignore[union-attr]
