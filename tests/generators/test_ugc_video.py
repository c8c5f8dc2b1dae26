"""ugc_video and saas_review: plan rules and receipts, the edit, and small real renders (270x480 previews)."""

from __future__ import annotations

import functools
import json
import threading
from dataclasses import replace
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from caption_pixels import caption_ink, ink_inside
from PIL import Image
from request_errors import parse_fails

from mediakit.captions import captions_for, style_names
from mediakit.errors import MediakitError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.contract import Options
from mediakit.generation.request import parse_request
from mediakit.generation.run import generate, plan_job
from mediakit.generators.ugc_video import UgcVideoRequest
from mediakit.probe import probe
from mediakit.stages.actors.talking import SpeechInput
from mediakit.stages.broll.image_engine import card_band
from mediakit.stages.broll.scenes import card_words
from mediakit.stages.layouts.green_screen import actor_box
from mediakit.stages.pip import PipOptions, pip_box
from mediakit.stages.punch_ins import ZOOM
from mediakit.stages.subtitles.placement import face_band
from mediakit.stages.subtitles.seen import clear_of_picture, seen_in
from mediakit.timeline import ImageLayer, PuppetLayer, SequenceLayer, TextLayer, VideoLayer
from mediakit.words import Word

SCRIPT = "I tried this cold brew for a week. It changed my mornings. Grab yours today."
PREVIEW = Options(extra={"preview_height": 480})
UGC_BODY = {"script": "I tried this serum for two weeks and my skin has never looked this good, honestly."}


@pytest.fixture(scope="module")
def product(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ad") / "product.png"
    img = Image.new("RGB", (800, 800), "white")
    img.paste(Image.new("RGB", (400, 500), "darkred"), (200, 150))
    img.save(path)
    return path


def _plan(generator: str, body: dict[str, Any], options: Options = PREVIEW) -> Any:
    return plan_job(generator, body, options=options)[1]


def test_plan_receipt_from_a_given_script() -> None:
    plan = _plan("ugc_video", {"script": SCRIPT, "actor_slug": "maya-chen"})
    r = plan.receipt
    assert (r.estimated_duration, r.word_count, r.max_words, r.actor_slug, r.actor_random) == (
        10, 15, 25, "maya-chen", False)
    assert r.voice_auto_detected is True and r.selected_voice and r.subtitle_style == "hormozi"
    assert r.generated_script is None and plan.metered.seconds == 10 and not plan.metered.script_generated
    assert (plan.canvas.width, plan.canvas.height) == (270, 480)


@pytest.mark.usefixtures("own_engines")
def test_receipt_says_which_engine_speaks_and_its_licence(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _plan("ugc_video", {"script": SCRIPT, "voice": "leo"})
    assert "voice: leo spoken by kokoro (licence: Apache-2.0 (Kokoro-82M weights and voices))" in plan.receipt.notes
    monkeypatch.setenv("MEDIAKIT_VOICE_ENGINE", "piper")
    forced = _plan("ugc_video", {"script": SCRIPT, "voice": "leo"})
    assert "voice: leo spoken by piper; piper chosen over the voice's own kokoro" in forced.receipt.notes


def test_pacing_raises_the_duration_with_a_warning() -> None:
    plan = _plan("ugc_video", {"script": SCRIPT, "target_duration": 5})
    assert plan.seconds == 10 and "raised from 5 s to 10 s" in plan.receipt.pacing_warning


def test_script_over_the_longest_cap_names_cap_and_count() -> None:
    long = " ".join(["word"] * 38) + " and then some more."
    with pytest.raises(ValidationError) as info:
        _plan("ugc_video", {"script": long})
    assert "42 words" in str(info.value) and "37" in str(info.value)


def test_prompt_writes_the_script_and_is_metered() -> None:
    plan = _plan("ugc_video", {"prompt": "a cold brew coffee that is ready in seconds", "target_duration": 10})
    assert plan.receipt.generated_script and plan.metered.script_generated
    assert plan.receipt.word_count <= 25


@pytest.mark.slow
def test_saas_review_writes_from_the_page(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        "<html><head><title>Ledgerly - invoices in one click</title><meta name='description' "
        "content='Ledgerly sends invoices and chases late payments for freelancers.'></head></html>")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        plan = _plan("saas_review", {"product_url": url, "angle": "honest", "target_duration": 10})
    finally:
        server.shutdown()
    assert plan.receipt.generated_script and "Ledgerly" in plan.receipt.generated_script
    assert plan.metered.script_generated


@pytest.mark.parametrize(("body", "code", "field"), [
    ({}, "missing_script", "script"),
    ({"script": SCRIPT, "cta": "x" * 101}, "cta_too_long", "cta"),
    ({"script": SCRIPT, "pip_options": {"size": "large"}}, "validation_error", "pip_options"),
    ({"script": SCRIPT, "actor_slug": "nobody-at-all"}, "validation_error", "actor_slug"),
    ({"script": SCRIPT, "persona_slug": "nobody-at-all"}, None, "persona_slug"),
    ({"script": SCRIPT, "voice": "no-such-voice-x"}, "validation_error", "voice"),
    ({"script": SCRIPT, "product_image_url": "/no/such/cup.png"}, None, "product_image_url"),
    ({"script": SCRIPT, "broll_images": ["/no/such.png"]}, None, "broll_images[0]"),
    ({"script": SCRIPT, "dub_language": "es"}, "engine_error", "dub_language"),  # no translator: refused at plan
])
def test_plan_errors_name_the_field(body: dict[str, Any], code: str | None, field: str | None) -> None:
    with pytest.raises(MediakitError) as info:
        _plan("ugc_video", body)
    text = json.dumps(info.value.to_dict())
    if code:
        assert code in text
    if field:
        assert field in text


@pytest.mark.slow  # the photo's face is found (MediaPipe)
def test_face_photo_is_the_talking_head_and_the_receipt_says_how(real: Path, product: Path) -> None:
    face = str(real / "lipnet-grid-swwp2s" / "face.png")
    plan = _plan("ugc_video", {"script": SCRIPT, "face_photo_url": face}, Options())  # full size: 1080x1920
    assert plan.casting.actor.kind == "photo" and plan.receipt.actor_slug == "face-photo"
    notes = [n for n in plan.receipt.notes if n.startswith("face_photo_url: ")]
    assert len(notes) == 3 and "rigged from its landmarks" in notes[0]
    assert "142 px tall (under 400 px)" in notes[1] and "enlarged 6.7x" in notes[2]
    with pytest.raises(MediakitError, match="no face found") as refused:
        _plan("ugc_video", {"script": SCRIPT, "face_photo_url": str(product)})
    assert refused.value.to_dict()["error"]["details"][0]["field"] == "face_photo_url"


def test_persona_fills_unset_fields_and_request_wins() -> None:
    plan = _plan("ugc_video", {"script": SCRIPT, "persona_slug": "skincare-bestie", "style": "clean"})
    assert plan.casting.actor.slug == "maya-chen" and plan.style == "clean"
    assert plan.speech.tone == "energetic"


def test_edit_cuts_at_sentences_and_pip_makes_every_scene_broll(product: Path) -> None:
    plain = _plan("ugc_video", {"script": SCRIPT})
    assert plain.scenes == ()  # nothing to cut away to: one talking-head track
    with_product = _plan("ugc_video", {"script": SCRIPT, "product_image_url": str(product)})
    kinds = [s.type for s in with_product.scenes]
    assert kinds == ["talking_head", "broll", "talking_head"] and with_product.scenes[1].whole
    pip = _plan("ugc_video", {"script": SCRIPT, "product_image_url": str(product), "composition_mode": "pip"})
    assert {s.type for s in pip.scenes} == {"broll"} and pip.pip == PipOptions()


def test_the_green_screen_layout_stands_the_actor_before_the_page_with_no_cuts(product: Path) -> None:
    given = _plan("ugc_video", {"script": SCRIPT, "product_image_url": str(product), "broll_images": [str(product)],
                                "layout": "green_screen", "allow_broll": True})
    assert given.green_screen and given.page == given.broll_images[0] and given.scenes == ()
    photo = _plan("ugc_video", {"script": SCRIPT, "product_image_url": str(product), "layout": "green_screen"})
    assert photo.page is not None and photo.page.suffix == product.suffix
    assert _plan("ugc_video", {"script": SCRIPT, "layout": "green_screen"}).page is None  # drawn at build


@pytest.mark.parametrize("given", [True, False])
def test_the_green_screen_picture_is_the_page_and_the_actor_in_front_of_its_foot(given: bool, product: Path,
                                                                                 speech: SpeechInput,
                                                                                 tmp_path: Path) -> None:
    body = {"script": SCRIPT, "actor_slug": "maya-chen", "layout": "green_screen"}
    gen, plan = plan_job("ugc_video", {**body, **({"broll_images": [str(product)]} if given else {})},
                         options=PREVIEW)
    said = replace(speech, words=(Word("Fresh", 0, 400), Word("coffee.", 400, 900), Word("Really.", 900, 1200)))
    picture = gen.picture(plan, said, tmp_path)
    page, actor = picture.track.layers
    assert isinstance(page, ImageLayer) and page.box is None and page.path.exists()
    canvas = plan.canvas
    assert isinstance(actor, PuppetLayer) and actor.box == actor_box(canvas) and actor.box.y > 0
    assert isinstance(actor.backdrop, ImageLayer) and actor.backdrop.path == page.path, "drawn on the page"
    assert picture.caption_centre < actor.box.y + 0.25 * actor.box.h, "captions above the face, off it"


def test_captions_keep_clear_of_the_drawn_cards_words() -> None:
    plan = _plan("ugc_video", {"script": SCRIPT, "composition_mode": "pip", "allow_broll": True})
    canvas = plan.canvas
    (band,) = card_words(plan.scenes, plan.broll_images, plan.broll_model, canvas)
    assert band == card_band(canvas.width, canvas.height)[1::2]
    centre = clear_of_picture((), canvas, plan.style, pip=pip_box(plan.pip, canvas), face_shown=False, words=[band])
    assert not band[0] <= centre <= band[1] and centre < pip_box(plan.pip, canvas).y + 0.1 * canvas.height
    for body in ({"script": SCRIPT, "composition_mode": "pip"}, {"script": SCRIPT}):  # nothing drawn
        other = _plan("ugc_video", body)
        assert card_words(other.scenes, other.broll_images, other.broll_model, canvas) == []


def _frames_and_onset(video: Path) -> tuple[int, float]:
    """Decoded frame count, and when the sound first rises above a whisper (ms, 5 ms windows)."""
    raw = run_ffmpeg(["-i", str(video), "-vf", "scale=16:16,format=gray", "-f", "rawvideo", "-"], what="frames")
    pcm = run_ffmpeg(["-i", str(video), "-ac", "1", "-ar", "48000", "-f", "s16le", "-"], what="audio")
    audio = np.frombuffer(pcm, "<i2").astype(np.float32) / 32768
    win = 240
    rms = np.sqrt(np.mean(audio[: len(audio) // win * win].reshape(-1, win) ** 2, axis=1))
    loud = np.flatnonzero(rms > 0.02)
    return len(raw) // 256, float(loud[0] * 5) if len(loud) else -1.0


@pytest.mark.slow
def test_ugc_video_renders_the_bucket_with_sidecars_and_sync(product: Path, tmp_path: Path) -> None:
    out = tmp_path / "ad.mp4"
    body = {"script": SCRIPT, "actor_slug": "maya-chen", "product_image_url": str(product), "cta": "Try it today",
            "target_duration": 10}
    result = generate("ugc_video", body, out, options=PREVIEW)
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height) == (270, 480)
    assert abs((info.duration_ms or 0) - 10_000) <= 100
    assert info.audio is not None
    for kind in ("srt", "vtt", "words_json", "poster", "receipt"):
        assert result.files[kind].stat().st_size > 0
    receipt = json.loads(result.files["receipt"].read_text())
    assert receipt["estimated_duration"] == 10 and receipt["metered"]["seconds"] == 10
    frames, onset_ms = _frames_and_onset(out)
    assert abs(frames - 300) <= 1  # 10 s of picture at 30 fps
    words = json.loads(result.files["words_json"].read_text())
    words = words if isinstance(words, list) else words["words"]
    assert abs(onset_ms - words[0]["start"] * 1000) <= 34  # the voice starts where its words say: one frame


@pytest.mark.slow
def test_the_cta_is_said_last_on_its_card(tmp_path: Path) -> None:
    gen, plan = plan_job("ugc_video", {"script": SCRIPT, "cta": "Try it today", "target_duration": 10},
                         options=PREVIEW)
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.captions is not None
    card = [layer for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert [c.text for c in card] == ["Try it today"]
    said = built.captions.words[-3:]
    assert [w.text for w in said] == ["Try", "it", "today."] and 10_000 - said[-1].end_ms <= 1000
    assert card[0].start_ms in (said[0].start_ms, said[1].start_ms, said[2].start_ms)  # in with the spoken cta...
    assert 10_000 - card[0].start_ms <= 2000                                           # ...for at most 2 s...
    assert card[0].start_ms + (card[0].duration_ms or 0) == built.timeline.duration_ms == 10_000  # ...to the end
    box = card[0].box
    assert box is not None and box.y + box.h <= 0.8 * plan.canvas.height  # above the platform UI


@pytest.mark.slow
@pytest.mark.parametrize(("aspect", "size"), [("16:9", (854, 480)), ("1:1", (480, 480))])
def test_saas_review_pip_per_aspect(aspect: str, size: tuple[int, int], product: Path, tmp_path: Path) -> None:
    out = tmp_path / "saas.mp4"
    body = {"script": "Ledgerly sends my invoices and chases late payments. It saves me hours. Try it free.",
            "aspect_ratio": aspect, "composition_mode": "pip", "broll_images": [str(product)], "angle": "honest",
            "music": "corporate", "target_duration": 5}
    result = generate("saas_review", body, out, options=PREVIEW)
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height) == size
    assert abs((info.duration_ms or 0) - result.plan.seconds * 1000) <= 100


@pytest.mark.slow
def test_voiceover_option_sets_the_bucket_and_captions(tmp_path: Path) -> None:
    from mediakit.stages.voice import synthesize

    voice = synthesize("I tried this cold brew for a week and it changed my mornings.").write_wav(
        tmp_path / "vo.wav")
    out = tmp_path / "vo.mp4"
    body = {"script": "I tried this cold brew for a week and it changed my mornings.", "actor_slug": "maya-chen"}
    result = generate("ugc_video", body, out, options=Options(voiceover=voice, extra={"preview_height": 320}))
    assert result.plan.seconds == 5 and result.plan.speech is None
    assert abs((probe(out).duration_ms or 0) - 5000) <= 100
    assert result.captions is not None and len(result.captions.words) == 13


def test_failure_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "bad.mp4"
    with pytest.raises(ValidationError):
        generate("ugc_video", {"script": SCRIPT, "aspect_ratio": "4:3"}, out, options=PREVIEW)
    assert list(tmp_path.iterdir()) == []


# ---- the request ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "good", "bad", "rule"), [
    ("script", "x" * 50, "x" * 49, "must be at least 50 characters"),
    ("script", "x" * 3000, "x" * 3001, "must be at most 3000 characters"),
    ("actor_slug", "a", "", "must be at least 1 characters"),
    ("actor_slug", "a" * 100, "a" * 101, "must be at most 100 characters"),
    ("persona_slug", "busy-mom", "b" * 101, "must be at most 100 characters"),
    ("voice", "v" * 100, "v" * 101, "must be at most 100 characters"),
    ("target_duration", 15, 20, "one of 5, 10, 15"),
    ("target_duration", 5.0, "5", "one of 5, 10, 15"),
    ("style", "spotlight", "sparkle", "one of hormozi,"),
    ("tone", "dramatic", "sad", "one of energetic, calm, confident, dramatic"),
    ("voice_speed", 0.7, 0.69, "must be at least 0.7"),
    ("voice_speed", 1.5, 1.51, "must be at most 1.5"),
    ("music", "upbeat", "jazz", "one of chill, energetic, corporate, dramatic, upbeat"),
    ("aspect_ratio", "4:5", "4:3", "one of 9:16, 16:9, 1:1, 4:5"),
    ("template", "product-demo", "vlog", "one of monologue, testimonial,"),
    ("composition_mode", "pip", "split", "one of pip"),
    ("allow_broll", True, "sometimes", "must be true or false"),
    ("broll_model", "broll-model-3", "broll-model-4", "one of broll-model-1, broll-model-2, broll-model-3"),
    ("broll_images", ["a.png"] * 10, ["a.png"] * 11, "must hold at most 10 items"),
    ("dub_language", "pt-BR", "portuguese please", "must be at most 10 characters"),
    ("dub_language", "es", "e1", "BCP-47"),
    ("webhook_url", "https://example.com/h?secret=s", "http://example.com/h", "https://"),
    ("webhook_url", "https://e.com/" + "a" * 2030, "https://e.com/" + "a" * 2040, "at most 2048"),
    ("scenes", [{"type": "broll", "text": "t", "mood": "extra ok"}] * 30, [{"type": "broll", "text": "t"}] * 31,
     "must hold at most 30 items"),
    ("product_image_url", "cup.png", "", "must not be empty"),
    ("layout", "green_screen", "blue_screen", "green_screen"),
])
def test_ugc_video_field_rules(field: str, good: Any, bad: Any, rule: str) -> None:
    base = dict(UGC_BODY) if field != "script" else {}
    parse_request(UgcVideoRequest, {**base, field: good})
    err = parse_fails(UgcVideoRequest, {**base, field: bad})
    assert err.details[0]["field"] == field and rule in err.details[0]["rule"], err.details


def test_ugc_video_content_rules_and_codes() -> None:
    assert parse_fails(UgcVideoRequest, {}).code == "missing_script"
    assert parse_request(UgcVideoRequest, {"prompt": "p"}).prompt == "p"
    assert parse_fails(UgcVideoRequest, {"prompt": "p" * 1001}).details[0]["field"] == "prompt"
    both = parse_fails(UgcVideoRequest, {"script": SCRIPT, "prompt": "p"})
    assert both.details == [{"field": "prompt", "rule": "give script or prompt, not both"}]
    cta = parse_fails(UgcVideoRequest, {**UGC_BODY, "cta": "c" * 101})
    assert cta.code == "cta_too_long" and cta.details[0]["field"] == "cta"
    assert parse_request(UgcVideoRequest, {**UGC_BODY, "cta": "c" * 100}).cta == "c" * 100
    face = parse_fails(UgcVideoRequest, {**UGC_BODY, "actor_slug": "maya-chen", "face_photo_url": "me.jpg"})
    assert face.details[0]["field"] == "face_photo_url"
    pip = parse_fails(UgcVideoRequest, {**UGC_BODY, "pip_options": {"position": "top", "glow": True}})
    assert pip.details == [{"field": "pip_options.position", "rule": "one of bottom-center, bottom-left, bottom-right"},
                           {"field": "pip_options.glow", "rule": "is not a field of this request"}]
    scene = parse_fails(UgcVideoRequest, {**UGC_BODY, "scenes": [{"type": "cutaway", "text": "x"}, {"type": "broll"}]})
    assert [d["field"] for d in scene.details] == ["scenes[0].type", "scenes[1].text"]
    assert parse_fails(UgcVideoRequest, {**UGC_BODY, "angle": "honest"}).details[0]["field"] == "angle"
    for other in ({"composition_mode": "pip"}, {"scenes": [{"type": "broll", "text": "t"}]}):
        layout = parse_fails(UgcVideoRequest, {**UGC_BODY, "layout": "green_screen", **other})
        assert layout.details == [{"field": "layout", "rule": "shows the actor throughout: give layout or "
                                                              "composition_mode/scenes, not both"}]
    defaults = parse_request(UgcVideoRequest, UGC_BODY)
    assert (defaults.style, defaults.aspect_ratio, defaults.allow_broll) == ("hormozi", "9:16", False)


@pytest.fixture(scope="module")
def face_photo(real: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real face: a frame of the GRID talking head (360x288), as a user's photo."""
    path = tmp_path_factory.mktemp("face") / "face.png"
    run_ffmpeg(["-ss", "1", "-i", str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"), "-frames:v", "1", "-y",
                str(path)], what="a face photo")
    return path


@pytest.mark.slow
def test_a_face_photo_ad_keeps_every_style_off_the_face(face_photo: Path, tmp_path: Path) -> None:
    """The issue's case: captions sat on a real face photo's mouth.  Every style's pages stay off its face."""
    gen, plan = plan_job("ugc_video", {"script": SCRIPT, "face_photo_url": str(face_photo), "target_duration": 5},
                         options=PREVIEW)
    built = gen.build(plan, tmp_path)
    timeline = built.timeline
    seen = seen_in(timeline.layers, timeline.canvas)
    assert seen.faces, "the photo's face is found on the canvas"
    words = built.captions.words
    for style in style_names():
        centre = clear_of_picture(timeline.layers, timeline.canvas, style)
        alone = replace(timeline, layers=(), captions=captions_for(words, style, centre))
        ink = caption_ink(alone, tmp_path)
        assert ink.any(), style
        for top, bottom in seen.faces:
            assert ink_inside(ink, (0, top, timeline.canvas.width, bottom)) == 0, f"{style}: captions on the face"


def test_a_talking_shot_punches_in_on_its_words_and_captions_keep_off_the_tight_face(tmp_path: Path) -> None:
    """The drawn actor cuts to its 12% tighter framing on word starts, 2 s apart at least, and every caption
    page stays off the face as the tight framing shows it (as the wide one)."""
    gen, plan = plan_job("ugc_video", {"script": SCRIPT, "actor_slug": "maya-chen", "target_duration": 10},
                         options=PREVIEW)
    timeline = gen.build(plan, tmp_path).timeline
    actor = next(layer for layer in timeline.layers if isinstance(layer, PuppetLayer))
    assert actor.punch is not None and actor.punch.spans
    starts = {w.start_ms for w in timeline.captions.words} if timeline.captions else set()
    cuts = [t for span in actor.punch.spans for t in span][:-1]
    assert cuts[0] >= 500 and all(t in starts for t in cuts)
    assert all(b - a >= 2000 for a, b in zip(cuts, cuts[1:], strict=False))
    width, height = actor.size
    cy, zoom = actor.punch.centre[1], actor.punch.zoom
    top, bottom = (cy + (y - cy) * zoom for y in face_band(width, height))
    ink = caption_ink(timeline, tmp_path)
    assert ink.any() and ink_inside(ink, (0, top, width, bottom)) == 0


def test_a_small_face_photo_is_a_receipt_note(face_photo: Path) -> None:
    plan = plan_job("ugc_video", {"script": SCRIPT, "face_photo_url": str(face_photo)})[1]
    assert any(n.startswith("face_photo_url: 360x288 px is enlarged 6.7x") for n in plan.receipt.notes)


def test_a_footage_ad_cuts_to_b_roll_at_the_sentences_heard_in_it_not_the_scripts(
        real: Path, product: Path, tmp_path: Path) -> None:
    """The script (one sentence, never spoken) would cut nowhere; the clip's three heard sentences cut to b-roll for
    the middle one, in the pauses around it."""
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    body = {"footage_url": str(grid), "broll_images": [str(product)],
            "script": "A single long sentence that the clip never says and that has no full stops in it at all"}
    gen, plan = plan_job("ugc_video", body, options=Options(extra={"preview_height": 320}))
    assert plan.heard and plan.scenes == ()  # type: ignore[attr-defined]
    said = [("I", 100, 200), ("wake", 200, 400), ("up.", 400, 800), ("Then", 1200, 1400), ("I", 1400, 1500),
            ("brew.", 1500, 1900), ("So", 2300, 2500), ("good.", 2500, 2800)]
    speech = SpeechInput(grid, 2980, words=tuple(Word(*w) for w in said))
    picture = gen.picture(plan, speech, tmp_path)  # type: ignore[attr-defined]
    (sequence,) = [layer for layer in picture.track.layers if isinstance(layer, SequenceLayer)]
    # cuts at 1.0 s and 2.1 s, and to b-roll again where the clip ends (2.98 s) rather than hold its last frame
    assert [s.duration_ms for s in sequence.scenes] == [1000, 1100, 880, 2020]
    clip, broll, back, after = sequence.scenes
    assert isinstance(broll, ImageLayer) and broll.path == product
    assert isinstance(after, ImageLayer) and after.motion is not None   # the pool's b-roll, moving
    assert isinstance(back, VideoLayer) and (back.path, back.trim_start_ms) == (grid, 2100)  # in step with its sound
    assert isinstance(clip, VideoLayer) and (clip.path, clip.trim_start_ms) == (grid, 0)


def test_a_footage_ad_punches_in_on_a_word_it_says_cropped_before_its_one_scale(real: Path, tmp_path: Path) -> None:
    """The clip cuts to a 12% tighter crop of itself on a heard word: plain cuts, each part read in step with its
    sound, the tight part a crop of what the wide one shows (no extra scale)."""
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid)}, options=Options(extra={"preview_height": 320}))
    said = [("Set", 550, 740), ("white", 740, 1120), ("with", 1120, 1240), ("P2", 1240, 1710),
            ("soon.", 1710, 2230)]
    speech = SpeechInput(grid, 2980, words=tuple(Word(*w) for w in said))
    layers = gen.picture(plan, speech, tmp_path).track.layers  # type: ignore[attr-defined]
    (cut,) = [layer for layer in layers if isinstance(layer, SequenceLayer)]
    assert cut.transition.kind == "cut" and cut.duration_ms == 2980
    wide, tight = cut.scenes
    assert isinstance(wide, VideoLayer) and isinstance(tight, VideoLayer) and wide.crop is None
    assert tight.trim_start_ms == wide.duration_ms == 1710  # on "soon.", the longest word said
    assert tight.crop is not None
    # 9:16 from 360x288: the cover shows 162/360 of the width and all the height; tight, 1/1.12 of that
    assert tight.crop.w == pytest.approx(162 / 360 / ZOOM, abs=0.002)
    assert tight.crop.h == pytest.approx(1 / ZOOM, abs=0.002)
    assert seen_in(layers, plan.canvas).faces  # the tight crop's face is what placement sees too


def test_a_footage_ad_s_punch_in_keeps_the_band_its_captions_had(real: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The GRID head fills a 9:16 frame; its captions go in the band above it.  The tight crop zooms about the
    hairline, so that band stays and the captions keep their place (zoomed about the face's centre, the face
    filled the frame and the captions fell on the forehead)."""
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    gen, plan = plan_job("ugc_video", {"footage_url": str(grid)}, options=Options(extra={"preview_height": 960}))
    speech = SpeechInput(grid, 2980, words=(Word("Set", 550, 740), Word("white", 740, 1120),
                                            Word("soon.", 1710, 2230)))
    punched = gen.picture(plan, speech, tmp_path)  # type: ignore[attr-defined]
    assert any(isinstance(layer, SequenceLayer) for layer in punched.track.layers)
    monkeypatch.setattr("mediakit.generation.spoken_ad.punch_in", lambda layer, words, shots: layer)
    wide = gen.picture(plan, speech, tmp_path)  # type: ignore[attr-defined]
    assert punched.caption_centre == wide.caption_centre
