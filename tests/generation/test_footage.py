"""Footage actors: the user's own talking clip is a spoken ad's actor and voice (``footage_url``)."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from benchmark_scripts import bench_module

from mediakit.errors import AlignmentError, MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg, run_ffmpeg_full
from mediakit.generation import spoken_ad
from mediakit.generation.contract import Options
from mediakit.generation.footage import FOOTAGE_SLUG
from mediakit.generation.run import generate, plan_job
from mediakit.generators import laptop_ugc
from mediakit.media_io import decode_audio
from mediakit.probe import probe
from mediakit.stages.actors.catalog import bundled_actors
from mediakit.stages.synth import spectral_filter
from mediakit.timeline import ImageLayer, SequenceLayer, TextLayer, VideoLayer

SCRIPT = "I tried this cold brew for a week and it changed my mornings."
PREVIEW = {"preview_height": 320}


@pytest.fixture
def grid(real: Path) -> Path:
    return real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"


@pytest.fixture
def coffee(real: Path) -> Path:
    return real / "skimage-coffee" / "coffee.png"


def _plan(footage: Path, **options: object) -> object:
    return plan_job("ugc_video", {"script": SCRIPT, "footage_url": str(footage)},
                    options=Options(extra=PREVIEW, **options))[1]


def test_the_clip_is_the_actor_and_the_voice_and_its_length_the_bucket(grid: Path) -> None:
    plan = _plan(grid)
    assert plan.casting.actor.kind == "footage" and plan.casting.actor.talking_clip == grid  # type: ignore[attr-defined]
    assert plan.speech is None and plan.voiceover == grid and plan.heard  # type: ignore[attr-defined]
    assert plan.seconds == 5 and plan.receipt.actor_slug == FOOTAGE_SLUG  # type: ignore[attr-defined]
    assert plan.receipt.selected_voice is None and plan.receipt.notes[0].startswith("footage: ")  # type: ignore[attr-defined]


def test_a_clip_over_15_s_a_silent_clip_or_footage_with_a_voiceover_is_refused(grid: Path, silent_video: Path,
                                                                                  long_clip: Path) -> None:
    with pytest.raises(ValidationError, match="must last at most 15 s") as too_long:
        _plan(long_clip)
    assert too_long.value.field == "footage_url"
    with pytest.raises(MediaError, match="both a picture and a sound") as silent:
        _plan(silent_video)
    assert silent.value.field == "footage_url"
    with pytest.raises(ValidationError, match="give footage_url or voiceover, not both"):
        _plan(grid, voiceover=grid)


def test_the_footage_url_field_needs_no_script_and_names_itself_in_every_refusal(grid: Path, silent_video: Path,
                                                                                  long_clip: Path) -> None:
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid)}, options=Options(extra=PREVIEW))
    assert plan.voiceover == grid and plan.heard and plan.seconds == 5  # type: ignore[attr-defined]
    assert plan.receipt.actor_slug == FOOTAGE_SLUG and plan.metered.seconds == 5
    _, saas = plan_job("saas_review", {"footage_url": str(grid)}, options=Options(extra=PREVIEW))
    assert saas.voiceover == grid and not saas.metered.script_generated  # type: ignore[attr-defined]
    scenes = [{"type": "talking_head", "text": "set white"}, {"type": "talking_head", "text": "soon"}]
    _, short = plan_job("ugc_video", {"footage_url": str(grid), "scenes": scenes}, options=Options(extra=PREVIEW))
    assert len(short.scenes) == 2  # type: ignore[attr-defined]  # never spoken, so never paced
    for clip, error, rule in ((long_clip, ValidationError, "must last at most 15 s"),
                              (silent_video, MediaError, "both a picture and a sound")):
        with pytest.raises(error, match=rule) as refused:
            plan_job("ugc_video", {"footage_url": str(clip)}, options=Options(extra=PREVIEW))
        assert refused.value.field == "footage_url"  # type: ignore[attr-defined]
    for other in ({"actor_slug": "maya-chen"}, {"voice": "alloy"}, {"prompt": "a cold brew ad"}):
        with pytest.raises(ValidationError, match=f"give footage_url or {next(iter(other))}, not both") as both:
            plan_job("ugc_video", {"footage_url": str(grid), **other})
        assert both.value.details[0]["field"] == "footage_url"
    with pytest.raises(ValidationError, match="give footage_url or voiceover, not both"):
        plan_job("ugc_video", {"footage_url": str(grid)}, options=Options(voiceover=grid))


def _actor_folder(root: Path, clip: Path) -> Path:
    folder = root / "actors" / "sam-own"
    folder.mkdir(parents=True)
    (folder / "actor.yaml").write_text("slug: sam-own\nname: Sam Own\ngender: male\nage: 30\n", encoding="utf-8")
    shutil.copy(clip.with_name("face.png") if clip.suffix == ".mpg" else bundled_actors()[0].portrait_path,
                folder / "portrait.png")
    shutil.copy(clip, folder / "talking.mp4")
    return folder.parent


def test_an_actor_folders_talking_clip_with_a_sound_is_its_voice(grid: Path, tone_wav: Path, tmp_path: Path,
                                                                 private_actor_cache: Path) -> None:
    actors = _actor_folder(tmp_path, grid)
    _, plan = plan_job("ugc_video", {"script": SCRIPT, "actor_slug": "sam-own"},
                       options=Options(actors_paths=(actors,), extra=PREVIEW))
    assert plan.casting.actor.slug == "sam-own" and plan.speech is None  # type: ignore[attr-defined]
    assert plan.voiceover == actors / "sam-own" / "talking.mp4" and plan.heard  # type: ignore[attr-defined]
    assert plan.seconds == 5 and plan.receipt.notes[0].startswith("footage: ")  # type: ignore[attr-defined]
    # a recorded voiceover still replaces it (the clip then loops under that voice)
    _, dubbed = plan_job("ugc_video", {"script": SCRIPT, "actor_slug": "sam-own"},
                         options=Options(actors_paths=(actors,), voiceover=tone_wav, extra=PREVIEW))
    assert not dubbed.heard  # type: ignore[attr-defined]


def test_a_silent_talking_clip_loops_under_a_synthetic_voice_and_a_long_one_is_refused(
        silent_video: Path, long_clip: Path, tmp_path: Path, private_actor_cache: Path) -> None:
    silent = _actor_folder(tmp_path / "a", silent_video)
    _, plan = plan_job("ugc_video", {"script": SCRIPT, "actor_slug": "sam-own"},
                       options=Options(actors_paths=(silent,), extra=PREVIEW))
    assert plan.speech is not None and plan.voiceover is None  # type: ignore[attr-defined]
    long = _actor_folder(tmp_path / "b", long_clip)
    with pytest.raises(ValidationError, match="must last at most 15 s") as refused:
        plan_job("ugc_video", {"script": SCRIPT, "actor_slug": "sam-own"},
                 options=Options(actors_paths=(long,), extra=PREVIEW))
    assert refused.value.field == "actor_slug"


@pytest.mark.slow
def test_a_footage_ad_captions_the_clips_own_words_at_the_house_loudness_in_lip_sync(grid: Path,
                                                                                      tmp_path: Path) -> None:
    result = generate("ugc_video", {"script": SCRIPT, "footage_url": str(grid)}, tmp_path / "ad.mp4",
                      options=Options(extra=PREVIEW))
    words = [w["word"].strip(".,").lower() for w in json.loads(result.files["words_json"].read_text())]
    assert words[:3] == ["set", "white", "with"] and words[-1] == "soon", words
    _, meter = run_ffmpeg_full(["-i", str(result.output), "-af", "ebur128=framelog=quiet", "-f", "null", "-"],
                               what="loudness")
    integrated = float(meter.rsplit("I:", 1)[1].split("LUFS")[0])
    assert -15.0 <= integrated <= -13.0
    sound = _best_lag(_loudness(result.output), _loudness(grid), 20)  # 10 ms steps
    assert sound == 0, sound  # the ad's sound is the clip's, not shifted
    lips = bench_module("footage_sync").av_offset(result.output, grid)   # the picture against the sound
    # 37 frames matched here: the ad now lasts the clip, so the frames that held its last one (which matched its
    # end) are gone, and the punch-ins' tight frames are fewer to match
    assert abs(lips["offset_frames"]) < 1 and lips["frames_matched"] >= 30, lips


def _loudness(media: Path) -> np.ndarray:
    """RMS per 10 ms of ``media``'s sound."""
    pcm = decode_audio(media, rate=16000)[:16000 * 3]
    return np.sqrt((pcm[:len(pcm) // 160 * 160].reshape(-1, 160) ** 2).mean(axis=1))


def _best_lag(a: np.ndarray, b: np.ndarray, reach: int) -> int:
    """The shift of ``a`` against ``b`` (in steps) where they correlate best."""
    n = min(len(a), len(b)) - reach
    scores = {k: float(np.corrcoef(a[reach + k:reach + k + n - reach], b[reach:n])[0, 1]) for k in range(-reach, reach)}
    return max(scores, key=lambda k: scores[k])


@pytest.mark.slow
def test_after_the_clip_the_ad_cuts_to_its_b_roll_under_a_card_quoting_what_the_clip_said(grid: Path, coffee: Path,
                                                                                          tmp_path: Path) -> None:
    gen, plan = plan_job("ugc_video", {"script": SCRIPT, "footage_url": str(grid), "broll_images": [str(coffee)]},
                         options=Options(extra=PREVIEW))
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.timeline.duration_ms == 5000   # the bucket: it has b-roll to show
    texts = [layer.text for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert texts and "soon" in texts[-1].lower() and "brew" not in " ".join(texts).lower()
    (cut,) = [layer for layer in built.timeline.layers if isinstance(layer, SequenceLayer)]
    clip, after = cut.scenes
    assert isinstance(clip, VideoLayer) and clip.path == grid and (clip.trim_start_ms, clip.loop) == (0, False)
    assert clip.duration_ms == 2980, "the picture starts with its sound and is cut where the clip ends"
    assert isinstance(after, ImageLayer) and after.path == coffee and after.duration_ms == 2020
    assert not any(isinstance(layer, ImageLayer) and layer.path != coffee for layer in built.timeline.layers)


def test_only_a_ugc_video_with_a_cutaway_and_the_actor_out_of_it_lasts_its_bucket(grid: Path, coffee: Path) -> None:
    """B-roll or a product to cut to, full frame: it lasts the bucket; a PiP or the green-screen layout keeps the
    actor on screen throughout, so it ends with the clip like a plain talking head."""
    body = {"footage_url": str(grid), "broll_images": [str(coffee)]}
    cases = {"b-roll": ({}, True), "product": ({"broll_images": [], "product_image_url": str(coffee)}, True),
             "plain": ({"broll_images": []}, False), "pip": ({"composition_mode": "pip"}, False),
             "green screen": ({"layout": "green_screen"}, False)}
    for name, (extra, fills) in cases.items():
        _, plan = plan_job("ugc_video", {**body, **extra}, options=Options(extra=PREVIEW))
        assert plan.tail_shots is fills, name  # type: ignore[attr-defined]


@pytest.mark.slow
def test_with_nothing_else_to_show_the_ad_ends_with_its_clip_never_on_a_frozen_face(grid: Path,
                                                                                     tmp_path: Path) -> None:
    """The GRID clip (2.98 s) in a 5 s bucket: the ad lasts the clip and a 0.25 s beat, priced as the bucket; the
    face never stands still longer than that beat, and the clip's last word is heard whole."""
    result = generate("ugc_video", {"footage_url": str(grid)}, tmp_path / "ad.mp4", options=Options(extra=PREVIEW))
    assert 3200 <= probe(result.output).duration_ms <= 3270
    assert result.receipt["estimated_duration"] == 5   # priced as the bucket
    assert any("the ad lasts 3.2 s, as long as the clip" in note for note in result.receipt["notes"])
    assert longest_still(result.output) <= 9, "a frozen face (over 0.3 s of identical frames)"
    words = _align_file(grid)
    (start, _), (soon, end) = words["set"], words["soon"]

    def last_word_share(media: Path) -> float:   # the last word's loudness against the whole speech's
        pcm = decode_audio(media, rate=16000)
        assert len(pcm) >= end * 16, "the sound stops before the last word ends"
        return float(np.sqrt((pcm[soon * 16:end * 16] ** 2).mean() / (pcm[start * 16:end * 16] ** 2).mean()))

    assert 0.8 <= last_word_share(result.output) / last_word_share(grid) <= 1.25, "the last word is cut"


def longest_still(video: Path) -> int:
    """The longest run of identical frames (the face region, below the captions; 2 levels of noise allowed)."""
    raw, _ = run_ffmpeg_full(["-i", str(video), "-vf", "scale=64:114,format=gray", "-f", "rawvideo", "-"],
                             what="reading frames")
    frames = np.frombuffer(raw, np.uint8).reshape(-1, 114, 64)[:, 50:, :].astype(int)
    still = np.abs(np.diff(frames, axis=0)).max(axis=(1, 2)) <= 2
    run = best = 0
    for same in still:
        run = run + 1 if same else 0
        best = max(best, run)
    return best + 1


@pytest.mark.slow
def test_the_music_bed_is_ducked_under_the_clips_own_voice(grid: Path, coffee: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A 12 kHz tone stands in for the bed (the GRID voice has almost nothing there, so a band-pass hears only the
    bed): it sits a few dB lower while the clip speaks (0.5-2.2 s) than once it has been quiet a while."""
    rate = 48000

    def tone_bed(_mood: str, seconds: float, **_: object) -> np.ndarray:
        wave = 0.3 * np.sin(2 * np.pi * 12000 * np.arange(int(seconds * rate)) / rate)
        return np.stack([wave, wave], axis=1).astype(np.float32)

    monkeypatch.setattr(spoken_ad, "music_bed", tone_bed)
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid), "music": "chill", "broll_images": [str(coffee)]},
                         options=Options(extra=PREVIEW))   # b-roll to cut to: it lasts the bucket, the clip 3 s
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None
    mixed = decode_audio(built.timeline.audio[0].path, rate=rate)
    bed = spectral_filter(mixed, rate, low=11000, high=13000, order=4)
    frame = rate // 100
    bed_db = 20 * np.log10(np.sqrt((bed[:len(bed) // frame * frame].reshape(-1, frame) ** 2).mean(axis=1)) + 1e-9)
    under_speech, after = np.median(bed_db[80:210]), np.median(bed_db[300:450])
    assert after - under_speech >= 2.0, f"the bed is only {after - under_speech:.1f} dB lower under the voice"


ROUTES = {  # the other talking routes and what each needs besides the clip
    "show_your_app": {"app_screenshot_url": "screen"},
    "laptop_ugc": {"app_screen_image_url": "screen"},
    "product_acting_ugc": {"product_image_url": "screen"},
}


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_footage_url_on_every_other_talking_route_needs_no_script_or_actor(route: str, grid: Path, screen: Path,
                                                                            long_clip: Path) -> None:
    body = {k: str(screen) for k in ROUTES[route]}
    _, plan = plan_job(route, {**body, "footage_url": str(grid)}, options=Options(extra=PREVIEW))
    assert plan.voiceover == grid and plan.heard and plan.speech is None  # type: ignore[attr-defined]
    assert plan.receipt.actor_slug == FOOTAGE_SLUG and plan.receipt.selected_voice is None
    assert not plan.metered.script_generated
    # the clip's length is the bucket; laptop_ugc's shortest is 15 s, which holds any clip
    assert plan.metered.seconds == (15 if route == "laptop_ugc" else 5)
    with pytest.raises(ValidationError, match="must last at most 15 s") as too_long:
        plan_job(route, {**body, "footage_url": str(long_clip)}, options=Options(extra=PREVIEW))
    assert too_long.value.field == "footage_url"
    with pytest.raises(ValidationError, match="give footage_url or actor_slug, not both") as both:
        plan_job(route, {**body, "footage_url": str(grid), "actor_slug": "maya-chen"})
    assert both.value.details[0]["field"] == "footage_url"
    without = ("actor_slug", "is required unless footage_url is given") if route == "product_acting_ugc" \
        else ("script", "is required unless footage_url is given")
    with pytest.raises(ValidationError) as missing:
        plan_job(route, body)
    assert missing.value.details[0] == {"field": without[0], "rule": without[1]}


@pytest.mark.slow
@pytest.mark.parametrize("route", ["show_your_app", "product_acting_ugc"])
def test_a_route_that_shows_the_actor_throughout_ends_with_the_clip(route: str, grid: Path, screen: Path,
                                                                    tmp_path: Path) -> None:
    """The actor is in every shot (the phone's PiP, the product scene), so there is nothing to cut to once the
    clip ends: the ad ends with it, even where a longer duration is asked for (priced as asked)."""
    body = {k: str(screen) for k in ROUTES[route]}
    gen, plan = plan_job(route, {**body, "footage_url": str(grid), "duration": 10}, options=Options(extra=PREVIEW))
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.timeline.duration_ms == 2980 + spoken_ad.TAIL_BEAT_MS
    assert plan.metered.seconds == 10 and built.receipt is not None
    assert built.receipt.notes[-1].startswith("footage: the ad lasts 3.2 s, as long as the clip (priced as its 10 s")


def test_laptop_ugc_with_footage_keeps_a_given_duration_and_splits_the_words_heard(grid: Path, screen: Path) -> None:
    _, plan = plan_job("laptop_ugc", {"app_screen_image_url": str(screen), "footage_url": str(grid), "duration": 20},
                       options=Options(extra=PREVIEW))
    assert plan.seconds == 20 and plan.first_words == 0  # type: ignore[attr-defined]  # split once heard


def _align_file(grid: Path) -> dict[str, tuple[int, int]]:
    """The GRID clip's word timings (ms), the truth: its .align file counts in 1/25 ms."""
    rows = [line.split() for line in grid.with_name("swwp2s.align").read_text().splitlines()]
    return {word: (int(a) // 25, int(b) // 25) for a, b, word in rows if word != "sil"}


@pytest.mark.slow
def test_with_a_transcript_the_captions_and_b_roll_cuts_follow_its_sentences(grid: Path, screen: Path,
                                                                              tmp_path: Path) -> None:
    """The user's own words for the clip (three sentences; the clip heard is one) are aligned to it: the captions
    are the transcript's words at the clip's word times, and the b-roll cuts land at its sentence ends."""
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid), "broll_images": [str(screen)]},
                         options=Options(transcript="Set white. With P two. Soon.", extra=PREVIEW))
    assert plan.receipt.notes[0].endswith("the captions are the transcript's words, aligned to it")
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.captions is not None
    truth = _align_file(grid)
    words = [(w.text, w.start_ms, w.end_ms) for w in built.captions.words]
    assert [w[0] for w in words] == ["Set", "white.", "With", "P", "two.", "Soon."]
    for (text, start, _), said in zip(words, ("set", "white", "with", "p", "two", "soon"), strict=True):
        assert abs(start - truth[said][0]) <= 80, (text, start, truth[said])
    (cut,) = [layer for layer in built.timeline.layers if isinstance(layer, SequenceLayer)]
    ends = list(itertools.accumulate(scene.duration_ms or 0 for scene in cut.scenes))
    assert len(cut.scenes) == 4 and isinstance(cut.scenes[1], ImageLayer), cut.scenes   # b-roll: "With P two."
    assert abs(ends[0] - truth["white"][1]) <= 80 and abs(ends[1] - truth["two"][1]) <= 80, ends
    assert isinstance(cut.scenes[3], ImageLayer) and ends[2] == 2980, ends   # and again once the clip has ended


@pytest.mark.parametrize(("route", "field"), [("ugc_video", "target_duration"), ("show_your_app", "duration"),
                                              ("product_acting_ugc", "duration")])
def test_a_duration_asked_for_is_kept_and_never_shorter_than_the_clip(route: str, field: str, grid: Path,
                                                                       screen: Path) -> None:
    body = {k: str(screen) for k in ROUTES.get(route, {})} | {"footage_url": str(grid)}
    _, asked = plan_job(route, {**body, field: 10}, options=Options(extra=PREVIEW))
    assert asked.seconds == asked.metered.seconds == 10  # type: ignore[attr-defined]  # priced (it ends with the clip)
    _, clip = plan_job(route, body, options=Options(extra=PREVIEW))
    assert clip.seconds == 5  # type: ignore[attr-defined]  # the 3 s clip's bucket, not the route's default


def test_a_transcript_that_does_not_match_the_clip_is_refused(grid: Path, tmp_path: Path) -> None:
    """Its sentences would cut the ad and its words be the captions, so it is not spread over the clip's speech."""
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid)},
                         options=Options(transcript="Honestly this cold brew changed my whole morning.", extra=PREVIEW))
    with pytest.raises(AlignmentError, match="transcript does not match the audio of 'id2_vcd_swwp2s.mpg'"):
        gen.build(plan, tmp_path)


class _Stop(Exception):
    """Raised by a stand-in once the value a test looks at is known."""


@pytest.mark.slow
def test_laptop_ugc_ends_with_a_short_footage_clip_its_three_scenes_fitted_inside_it(
        grid: Path, screen: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 15 s route with the 2.98 s GRID clip lasts the clip and a beat (its close-up would otherwise hold the
    clip's last frame for 12 s): the laptop shot gives way, at most to the sentence end of the clip's words (here
    its transcript's, 1.9 s), so that the app and the close-up keep their least (1 s and 1.5 s)."""
    seen: dict[str, int] = {}

    def split_at(*_: object, split_ms: int, duration_ms: int, **__: object) -> None:
        seen.update(split_ms=split_ms, duration_ms=duration_ms)
        raise _Stop

    monkeypatch.setattr(laptop_ugc, "laptop_track", split_at)
    gen, plan = plan_job("laptop_ugc", {"app_screen_image_url": str(screen), "footage_url": str(grid)},
                         options=Options(transcript="Set white with P two. Soon.", extra=PREVIEW))
    assert plan.metered.seconds == 15   # priced as the route's shortest
    with pytest.raises(_Stop):
        gen.build(plan, tmp_path)
    assert seen == {"duration_ms": 3230, "split_ms": 3230 - 2500}, seen


def test_laptop_ugc_refuses_a_clip_too_short_for_its_three_scenes(grid: Path, screen: Path, tmp_path: Path) -> None:
    short = tmp_path / "short.mp4"
    run_ffmpeg(["-i", str(grid), "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-y", str(short)],
               what="cutting the clip")
    with pytest.raises(ValidationError, match="must last at least 2.75 s on laptop_ugc") as refused:
        plan_job("laptop_ugc", {"app_screen_image_url": str(screen), "footage_url": str(short)})
    assert refused.value.field == "footage_url"
