"""The spoken-ad kit through its pictures (show_your_app, laptop_ugc, product_acting_ugc): plans, receipts, renders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from benchmark_scripts import bench_module
from PIL import Image

from mediakit.analysis import analyse_image
from mediakit.analysis.person import person_alpha
from mediakit.errors import MediakitError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.contract import Options
from mediakit.generation.run import generate, plan_job
from mediakit.generation.spoken_ad import SpokenAdGenerator, canvas_for, framed_actor
from mediakit.media_io import decode_audio
from mediakit.probe import probe
from mediakit.render import render
from mediakit.timeline import Timeline
from mediakit.words import Word

PREVIEW = Options(extra={"preview_height": 480})
APP_SCRIPT = "I could never keep a habit going. This app keeps my streak alive."
LAPTOP_SCRIPT = ("I was drowning in habit apps that never stuck. The streak counter keeps me honest, "
                 "and the reminders fit my day.")


def _plan(generator: str, body: dict[str, Any]) -> Any:
    return plan_job(generator, body, options=PREVIEW)[1]


def _rule(generator: str, body: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(MediakitError) as info:
        _plan(generator, body)
    details = info.value.to_dict()["error"].get("details") or [{}]
    return details[0]


def test_show_your_app_receipt_picks_a_random_actor(screen: Path) -> None:
    plan = _plan("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT})
    r = plan.receipt
    assert (r.estimated_duration, r.word_count, r.max_words, r.actor_random, r.subtitle_style) == (
        5, 13, 15, True, "hormozi")
    assert r.actor_slug and r.selected_voice and plan.metered.seconds == 5
    again = _plan("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT})
    assert again.receipt.actor_slug == r.actor_slug  # the same request casts the same actor
    named = _plan("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT,
                                    "actor_slug": "maya-chen", "subtitle_style": "none"})
    assert named.receipt.actor_random is False and named.burn_captions is False
    assert named.receipt.subtitle_style is None and named.style == "hormozi"   # the sidecars' pages


def test_show_your_app_rules(screen: Path, tmp_path: Path) -> None:
    wide = tmp_path / "wide.png"
    Image.new("RGB", (800, 400), "white").save(wide)
    assert _rule("show_your_app", {"app_screenshot_url": str(wide), "script": APP_SCRIPT})["field"] == \
        "app_screenshot_url"
    assert _rule("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT, "duration": 7}) == {
        "field": "duration", "rule": "one of 5, 10, 15"}
    assert _rule("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT,
                                   "subtitle_style": "neon"})["field"] == "subtitle_style"
    over = " ".join(["word"] * 46) + "."
    assert _rule("show_your_app", {"app_screenshot_url": str(screen), "script": over})["field"] == "script"


def test_laptop_ugc_needs_exactly_one_screen(screen: Path) -> None:
    assert _rule("laptop_ugc", {"script": LAPTOP_SCRIPT})["field"] == "app_screen_recording_url"
    both = _rule("laptop_ugc", {"script": LAPTOP_SCRIPT, "app_screen_image_url": str(screen),
                                "app_screen_recording_url": str(screen)})
    assert "not both" in both["rule"]
    assert _rule("laptop_ugc", {"script": LAPTOP_SCRIPT, "app_screen_image_url": str(screen), "duration": 10}) == {
        "field": "duration", "rule": "one of 15, 20"}
    plan = _plan("laptop_ugc", {"script": LAPTOP_SCRIPT, "app_screen_image_url": str(screen)})
    assert plan.seconds == 20 and plan.first_words == 9 and plan.screen.kind == "image"


@pytest.mark.slow
@pytest.mark.parametrize(("generator", "body", "seconds"), [
    ("show_your_app", {"script": APP_SCRIPT}, 5),
    ("laptop_ugc", {"script": LAPTOP_SCRIPT, "duration": 15}, 15),
])
def test_renders_last_the_billed_bucket_with_sidecars(generator: str, body: dict[str, Any], seconds: int,
                                                      screen: Path, tmp_path: Path) -> None:
    extra = ({"app_screenshot_url": str(screen)} if generator == "show_your_app" else
             {"app_screen_image_url": str(screen)})
    out = tmp_path / "ad.mp4"
    result = generate(generator, {**body, **extra}, out, options=PREVIEW)
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height) == (270, 480)
    assert abs((info.duration_ms or 0) - seconds * 1000) <= 100
    audio = decode_audio(out, rate=16000)
    assert info.audio is not None and abs(len(audio) / 16 - seconds * 1000) <= 100
    assert result.captions is not None and len(result.captions.words) == len(body["script"].split())
    for name in ("ad.srt", "ad.vtt", "ad.words.json", "ad.poster.png", "ad.receipt.json"):
        assert (tmp_path / name).exists()


def test_a_bad_request_leaves_no_file(screen: Path, tmp_path: Path) -> None:
    with pytest.raises(MediakitError):
        generate("show_your_app", {"app_screenshot_url": str(tmp_path / "missing.png"), "script": APP_SCRIPT},
                 tmp_path / "ad.mp4", options=PREVIEW)
    assert list(tmp_path.iterdir()) == []


def test_preview_height_keeps_the_aspect_and_is_checked() -> None:
    assert (canvas_for("16:9", 480).width, canvas_for("1:1", 480).width) == (854, 480)
    with pytest.raises(ValidationError, match="preview_height"):
        canvas_for("9:16", 10)


@pytest.mark.slow
def test_a_short_script_is_slowed_and_paused_to_fill_then_ends_on_a_short_card(screen: Path, tmp_path: Path) -> None:
    """13 words in a 10 s bucket: the voice takes longer than its natural take (slower, with pauses), and what a
    natural speed cannot fill ends on the closing line's card, for at most 2 s."""
    from mediakit.stages.voice import speak
    from mediakit.timeline import TextLayer

    gen, plan = plan_job("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT,
                                           "duration": 10}, options=PREVIEW)
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.captions is not None
    natural = speak(plan.speech).duration_ms
    last_word_end = built.captions.words[-1].end_ms
    assert last_word_end > natural * 1.15                                   # slowed down and paused
    card = [layer for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert " ".join(c.text for c in card) == "This app keeps my streak alive."
    assert all(last_word_end <= c.start_ms and c.start_ms + (c.duration_ms or 0) == 10_000 for c in card)
    assert all((c.duration_ms or 0) <= 2000 for c in card)


# ---- A/V sync: the drawn actor's mouth opens with the voice's loud stretches --------------------------------

FPS = 30
SYNC_LAGS = range(-8, 9)   # frames either way searched for the best match of mouth and voice


def _mouth(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """The mouth's rectangle (x0, y0, x1, y1 px) of a drawn actor filling ``box`` (x, y, w, h) (the bust geometry)."""
    from mediakit.stages.actors.portraits import bust_geometry

    x, y, w, h = box
    cx, cy, unit = bust_geometry(round(w), round(h))
    return (round(x + cx - 0.3 * unit), round(y + cy + 0.2 * unit),
            round(x + cx + 0.3 * unit), round(y + cy + 0.7 * unit))


def _sync_lag_ms(video: Path, spans: list[tuple[int, int, tuple[int, int, int, int]]]) -> tuple[int, float]:
    """The shift (ms; positive: the picture is late) at which the mouth's openness best follows the voice's loudness.

    ``spans`` are (start_ms, end_ms, mouth rectangle) stretches where the actor
    talks on screen.  Openness is the share of dark pixels (the open mouth's
    inside) in the rectangle of each decoded frame; loudness the voice's RMS
    over each frame's 1/30 s.  Both are standardised per span and correlated
    at every shift in ``SYNC_LAGS``; returns the best shift and its correlation.
    """
    info = probe(video)
    assert info.video is not None
    w, h = info.video.width, info.video.height
    raw = run_ffmpeg(["-i", str(video), "-vf", "format=gray", "-f", "rawvideo", "-"], what="decoding test frames")
    frames = np.frombuffer(raw, np.uint8).reshape(-1, h, w)
    audio = decode_audio(video, rate=16000)
    edges = (np.arange(len(frames) + 1) * 16000 / FPS).astype(int)
    audio = np.pad(audio, (0, max(0, edges[-1] - len(audio))))
    loud = np.sqrt(np.add.reduceat(audio**2, edges[:-1]) / np.diff(edges))

    def z(x: np.ndarray) -> np.ndarray:
        return (x - x.mean()) / (x.std() + 1e-9)

    scores = {}
    for lag in SYNC_LAGS:
        pairs = []
        for start_ms, end_ms, (x0, y0, x1, y1) in spans:
            a, b = start_ms * FPS // 1000 + len(SYNC_LAGS), end_ms * FPS // 1000 - len(SYNC_LAGS)
            openness = (frames[a + lag:b + lag, y0:y1, x0:x1] < 90).mean(axis=(1, 2))
            pairs.append(z(openness) * z(loud[a:b]))
        scores[lag] = float(np.concatenate(pairs).mean())
    best = max(scores, key=lambda lag: scores[lag])
    return round(best * 1000 / FPS), scores[best]


def _render_built(generator: str, body: dict[str, Any], out: Path, workdir: Path) -> Any:
    from mediakit.render import render

    gen, plan = plan_job(generator, body, options=PREVIEW)
    built = gen.build(plan, workdir)
    render(built.timeline, out, profile=built.profile)
    return plan, built


def _delayed(video: Path, ms: int) -> Path:
    """A copy of ``video`` whose sound comes ``ms`` late (the fault the sync test must catch)."""
    late = video.with_name(f"late-{video.name}")
    run_ffmpeg(["-i", str(video), "-c:v", "copy", "-af", f"adelay={ms}:all=1", "-y", str(late)], what="delaying")
    return late


@pytest.mark.slow
def test_show_your_app_lips_follow_the_voice(screen: Path, tmp_path: Path) -> None:
    from mediakit.stages.layouts.phone import actor_pip_box
    from mediakit.timeline import PuppetLayer

    body = {"app_screenshot_url": str(screen), "script": APP_SCRIPT, "subtitle_style": "none"}
    plan, built = _render_built("show_your_app", body, tmp_path / "app.mp4", tmp_path)
    pip = actor_pip_box(plan.canvas)
    assert any(isinstance(layer, PuppetLayer) and layer.box == pip for layer in built.timeline.layers)
    words = built.captions.words
    spans = [(max(words[0].start_ms, 500), words[-1].end_ms, _mouth((pip.x, pip.y, pip.w, pip.h)))]  # PiP in
    lag_ms, corr = _sync_lag_ms(tmp_path / "app.mp4", spans)
    assert abs(lag_ms) <= 80 and corr > 0.3
    late_ms, _ = _sync_lag_ms(_delayed(tmp_path / "app.mp4", 200), spans)
    assert late_ms <= -130                                # the measure sees a 200 ms slip


@pytest.mark.slow
def test_laptop_ugc_lips_follow_the_voice_in_both_face_scenes(screen: Path, tmp_path: Path) -> None:
    from mediakit.stages.layouts.laptop import FACE
    from mediakit.timeline import PuppetLayer, SequenceLayer

    script = ("I was drowning in habit apps that never stuck, so I tried one more. The streak counter keeps me "
              "honest, the reminders fit my day, and twelve days in I have not missed once.")
    body = {"app_screen_image_url": str(screen), "script": script, "duration": 15, "subtitle_style": "none"}
    plan, built = _render_built("laptop_ugc", body, tmp_path / "laptop.mp4", tmp_path)
    w, h = plan.canvas.width, plan.canvas.height
    sequence = built.timeline.layers[0]
    assert isinstance(sequence, SequenceLayer)
    first, second, _ = (scene.duration_ms for scene in sequence.scenes)
    close = sequence.scenes[2]
    assert isinstance(close, PuppetLayer) and close.crop == FACE   # cropped in the graph: no clip
    words = built.captions.words
    fade = sequence.transition.duration_ms
    # the close-up shows the actor's FACE crop scaled to the frame (and a slow 6% push-in: a wider rectangle)
    crop_box = (-FACE.x / FACE.w * w, -FACE.y / FACE.h * h, w / FACE.w, h / FACE.h)
    x0, y0, x1, y1 = _mouth(crop_box)
    grow_x, grow_y = round((x1 - x0) * 0.1), round((y1 - y0) * 0.1)
    spans = [(words[0].start_ms, first - fade, _mouth((0, 0, w, h))),
             (first + second + fade, words[-1].end_ms, (x0 - grow_x, y0 - grow_y, x1 + grow_x, y1 + grow_y))]
    assert all(b - a > 1000 for a, b, _ in spans)         # both face scenes have speech to measure
    lag_ms, corr = _sync_lag_ms(tmp_path / "laptop.mp4", spans)
    assert abs(lag_ms) <= 80 and corr > 0.3
    late_ms, _ = _sync_lag_ms(_delayed(tmp_path / "laptop.mp4", 200), spans)
    assert late_ms <= -130


# Scripts too long for the short duration asked for, within the next one's word budget (words per second: 3 for
# the app ads, 2.5 for product scenes): each route raises the duration, and the raised one is what is metered,
# priced, put on the receipt and rendered; past the longest duration's budget the script is refused.
RAISES = {
    "show_your_app": (lambda screen: {"app_screenshot_url": str(screen)}, 5, 10, 22, 30, 45,
                      "I could never keep a habit going until this app. Now my streak is alive and I check in every "
                      "single morning."),
    "laptop_ugc": (lambda screen: {"app_screen_image_url": str(screen)}, 15, 20, 50, 60, 60,
                   "I was drowning in habit apps that never stuck, so I tried one more and it finally clicked. The "
                   "streak counter keeps me honest, the reminders fit my busy day, and the weekly report shows where "
                   "I slipped. Twelve days in I have not missed once. Try it free today."),
    "product_acting_ugc": (lambda _: {"product_image_url": str(Path(__file__).parents[1] / "data" / "real" /
                                                              "skimage-coffee" / "coffee.png"),
                                      "actor_slug": "maya-chen", "product_name": "Morning Brew"}, 5, 10, 21, 25, 37,
                           "Morning Brew changed my mornings. One cup and I am awake, calm and ready for the whole "
                           "day. Get yours today."),
}
TINY = Options(extra={"preview_height": 160})


def _raise_case(generator: str, screen: Path) -> tuple[dict[str, Any], int, int, int, int, int, str]:
    inputs, short, raised, words, budget, cap, script = RAISES[generator]
    return {**inputs(screen), "duration": short}, short, raised, words, budget, cap, script


@pytest.mark.parametrize("generator", list(RAISES))
def test_a_raised_duration_is_the_one_metered(generator: str, screen: Path) -> None:
    """The warning's raised duration is the plan's: receipt, metered seconds (what the runner prices)."""
    body, short, raised, words, budget, _, script = _raise_case(generator, screen)
    plan = plan_job(generator, body | {"script": script}, options=TINY)[1]
    r = plan.receipt
    assert (r.word_count, r.max_words, r.estimated_duration) == (words, budget, raised)
    assert r.pacing_warning is not None and f"duration raised from {short} s to {raised} s" in r.pacing_warning
    assert plan.seconds == plan.metered.seconds == raised


@pytest.mark.parametrize("generator", list(RAISES))
def test_a_script_past_the_longest_budget_is_refused_naming_script(generator: str, screen: Path) -> None:
    body, *_, cap, _ = _raise_case(generator, screen)
    with pytest.raises(ValidationError) as info:
        plan_job(generator, body | {"script": " ".join(["word"] * (cap + 1)) + "."}, options=TINY)
    assert info.value.details[0]["field"] == "script" and f"at most {cap}" in info.value.details[0]["rule"]


@pytest.mark.slow
@pytest.mark.parametrize("generator", list(RAISES))
def test_a_raised_duration_is_the_rendered_length(generator: str, screen: Path, tmp_path: Path) -> None:
    body, _, raised, *_, script = _raise_case(generator, screen)
    out = tmp_path / "ad.mp4"
    generate(generator, body | {"script": script}, out, options=TINY)
    assert abs((probe(out).duration_ms or 0) - raised * 1000) <= 100
    receipt = json.loads((tmp_path / "ad.receipt.json").read_text())
    assert receipt["estimated_duration"] == raised and f"to {raised} s" in receipt["pacing_warning"]


# ---- issue 22's sound: beds on every route, the cta spoken and carded, -14 LUFS without music, no dead air ------

ROUTES = {
    "show_your_app": lambda screen: {"app_screenshot_url": str(screen), "script": APP_SCRIPT},
    "laptop_ugc": lambda screen: {"app_screen_image_url": str(screen), "script": LAPTOP_SCRIPT},
    "product_acting_ugc": lambda _: {"product_image_url": str(Path(__file__).parents[1] / "data" / "real" /
                                                             "skimage-coffee" / "coffee.png"),
                                     "actor_slug": "maya-chen", "script": APP_SCRIPT},
}


@pytest.mark.parametrize("generator", list(ROUTES))
def test_the_app_laptop_and_product_routes_have_a_light_bed_and_take_music_and_cta(generator: str,
                                                                                    screen: Path) -> None:
    """A spec request (no music field) gets a light bed; music names a mood at the usual level or none; cta and
    music are validated like ugc_video's."""
    from mediakit.stages.mix import LIGHT_BED_LEVEL_DB, MUSIC_LEVEL_DB

    body = ROUTES[generator](screen)
    default = _plan(generator, body)
    assert default.music is not None and default.music_level_db == LIGHT_BED_LEVEL_DB
    chosen = _plan(generator, body | {"music": "upbeat", "cta": "Try it free"})
    assert (chosen.music, chosen.music_level_db, chosen.cta) == ("upbeat", MUSIC_LEVEL_DB, "Try it free")
    assert chosen.speech is not None and chosen.speech.text.endswith("Try it free.")   # said last
    assert _plan(generator, body | {"music": "none"}).music is None
    assert _rule(generator, body | {"music": "polka"})["field"] == "music"
    with pytest.raises(ValidationError) as info:
        _plan(generator, body | {"cta": "x" * 101})
    assert info.value.code == "cta_too_long"


def test_the_cta_is_spoken_last_and_shown_on_a_moving_card_of_at_most_2_s(screen: Path, tmp_path: Path) -> None:
    from mediakit.generation.endcard import MAX_CARD_MS
    from mediakit.timeline import TextLayer

    gen, plan = plan_job("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT,
                                           "cta": "Download it today", "music": "none"}, options=TINY)
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.captions is not None and built.timeline.captions is not None
    said = [w.text for w in built.captions.words]
    assert said[-3:] == ["Download", "it", "today."]                         # the voice's last words
    card = [layer for layer in built.timeline.layers if layer.start_ms > 0 and layer.duration_ms is not None
            and layer.start_ms + layer.duration_ms == 5000]
    text = [layer for layer in card if isinstance(layer, TextLayer)]
    assert " ".join(t.text for t in text) == "Download it today"
    start = min(layer.start_ms for layer in card)
    assert 5000 - start <= MAX_CARD_MS
    assert all(layer.enter.kind != "none" for layer in card) and all(t.hover is not None for t in text)
    burnt = [w.text for w in built.timeline.captions.words]
    assert burnt == said[:-3]                                                # the card, not captions, shows the cta
    assert 5000 - built.captions.words[-1].end_ms <= 1000                   # no dead air after the cta


def test_an_ad_without_music_is_at_minus_14_lufs_on_room_tone_with_a_short_tail(screen: Path,
                                                                                tmp_path: Path) -> None:
    from mediakit.stages.levels import measure_levels

    out = tmp_path / "ad.mp4"
    generate("show_your_app", {"app_screenshot_url": str(screen), "script": APP_SCRIPT, "music": "none"}, out,
             options=TINY)
    levels = measure_levels(out)
    assert abs(levels.loudness.integrated + 14) <= 1 and (levels.loudness.true_peak or 0) <= -1
    assert levels.longest_silence_s <= 0.3 and levels.quiet_tail_s <= 1.0


COVERS = {
    "ugc_video": {"script": LAPTOP_SCRIPT, "composition_mode": "pip", "allow_broll": True, "target_duration": 10},
    "saas_review": {"script": LAPTOP_SCRIPT, "aspect_ratio": "1:1", "target_duration": 10},
    "show_your_app": {"script": APP_SCRIPT},
    "laptop_ugc": {"script": LAPTOP_SCRIPT, "duration": 15},
    "product_acting_ugc": {"script": APP_SCRIPT, "actor_slug": "maya-chen", "acting_style": "excited"},
}


@pytest.mark.slow
@pytest.mark.parametrize("generator", list(COVERS))
def test_frame_0_is_the_cover(generator: str, screen: Path, tmp_path: Path) -> None:
    """Issue 23: the first frame is the cover.  Everything the picture shows at 0.5 s (captions aside: they
    follow the voice) is already there at frame 0, give or take the motion half a second allows (2% of the
    height: Ken Burns drifts 3% a second, a held product sways less)."""
    inputs = {"show_your_app": {"app_screenshot_url": str(screen)}, "laptop_ugc": {"app_screen_image_url": str(screen)},
              "product_acting_ugc": {"product_image_url": str(Path(__file__).parents[1] / "data" / "real" /
                                                              "skimage-coffee" / "coffee.png")}}
    gen, plan = plan_job(generator, {**COVERS[generator], **inputs.get(generator, {})},
                         options=Options(extra={"preview_height": 320}))
    timeline = gen.build(plan, tmp_path).timeline
    cover = bench_module("cover_frames")
    assert cover.cover_share(cover.first_second(timeline, tmp_path), timeline.canvas) < 0.01


def test_a_landscape_face_photo_sits_above_its_place_blurred_not_a_flat_band(real: Path, speech: Any,
                                                                           tmp_path: Path, frame: Any) -> None:
    """A 360x288 photo leaves captions no room on 9:16, so it is framed above a band: the band is the photo's
    place blurred (here a wall going from red to green), never one flat colour, and shows no second face."""
    grid = real / "lipnet-grid-swwp2s" / "face.png"
    rgb = np.asarray(Image.open(grid).convert("RGB")).astype(np.float32)
    alpha = np.asarray(Image.open(person_alpha(grid)), dtype=np.float32)[..., None] / 255
    wall = np.zeros_like(rgb)
    wall[..., 0] = np.linspace(230, 20, rgb.shape[1])[None]
    wall[..., 1] = np.linspace(20, 200, rgb.shape[1])[None]
    photo = tmp_path / "face.png"
    Image.fromarray((rgb * alpha + wall * (1 - alpha)).astype(np.uint8)).save(photo)
    _, plan = plan_job("ugc_video", {"script": "Short words about a very good thing that you should really try now.",
                                     "face_photo_url": str(photo), "target_duration": 5}, options=PREVIEW)
    layers = framed_actor(plan, speech)
    photo_box = layers[-1].box
    assert photo_box is not None and photo_box.h < plan.canvas.height, "framed above a band"
    out = render(Timeline(plan.canvas, 200, layers=layers), tmp_path / "band.mp4")
    band = frame(out, 0, tmp_path / "f.png")[photo_box.h + 4:]
    left, right = band[:, :20].mean(axis=(0, 1)), band[:, -20:].mean(axis=(0, 1))
    assert left[0] - right[0] > 60 and right[1] - left[1] > 60, "the wall's blur goes on from red to green"
    assert not analyse_image(Image.fromarray(band.astype(np.uint8))).faces, "no second face in the band"


@pytest.mark.parametrize(("shift_ms", "card", "captions_to"), [
    (0, (8_000, 8_000), "until the card"),          # the spelled address runs across the card's 2 s
    (-2_200, (8_000, 4_650), "before the cta"),     # all said before them: the card after it, no captions of it
])
def test_a_long_spoken_cta_still_gets_its_card(shift_ms: int, card: tuple[int, int], captions_to: str) -> None:
    """The Quickstart's ugc_video said "brew.co" from 7.9 to 9.7 s of 10: no cta word started in the last 2 s, the
    card waited for the word's end, and 150 ms was too short to show, so the ad ended on captions, no card."""
    text = "ready in seconds. Get 20% off at brew.co."
    starts = [t + shift_ms for t in (5_450, 5_700, 5_850, 6_850, 6_975, 7_575, 7_775, 7_900)]
    ends = [*starts[1:], 9_700 + shift_ms]
    words = [Word(t, a, b) for t, a, b in zip(text.split(), starts, ends, strict=True)]
    plan = type("Plan", (), {"total_ms": 10_000, "cta": "Get 20% off at brew.co"})()
    cta, start, until = SpokenAdGenerator._card(plan, words, ends[-1] + 100)  # type: ignore[arg-type]
    assert (cta, (start, until)) == ("Get 20% off at brew.co", card), captions_to
