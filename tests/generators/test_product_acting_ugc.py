"""product_acting_ugc: field rules with their codes, the receipt, and one small real render (270x480)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from caption_pixels import caption_ink, ink_inside
from request_errors import parse_fails
from test_ugc_video import _frames_and_onset  # the same A/V measure as the talking ads

from mediakit.errors import MediakitError, ValidationError
from mediakit.generation.contract import Options
from mediakit.generation.request import parse_request
from mediakit.generation.run import generate, plan_job
from mediakit.generators.product_acting_ugc import DELIVERY, ProductActingRequest, caption_centre, share_notes
from mediakit.probe import probe
from mediakit.stages.layouts.product import actor_box, get_template, load_templates, product_track
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import Box, Canvas, Hover, ImageLayer, TextLayer

PRODUCT = Path(__file__).parents[1] / "data" / "real" / "skimage-coffee" / "coffee.png"
PREVIEW = Options(extra={"preview_height": 480})
BASE = {"product_image_url": str(PRODUCT), "actor_slug": "maya-chen", "product_name": "Morning Brew",
        "script": "Morning Brew changed my mornings. Get yours today."}


def _plan(body: dict[str, Any]) -> Any:
    return plan_job("product_acting_ugc", body, options=PREVIEW)[1]


def _code(body: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(MediakitError) as info:
        _plan(body)
    err = info.value.to_dict()["error"]
    return err["code"], err["details"][0]["field"]


@pytest.mark.slow
def test_receipt_of_a_given_script() -> None:
    plan = _plan(BASE)
    r = plan.receipt
    assert (r.estimated_duration, r.word_count, r.actor_slug, r.subtitle_style, r.generated_script) == (
        5, 8, "maya-chen", "hormozi", None)
    assert plan.seconds == 5 and plan.cta == "Morning Brew" and plan.burn_captions
    assert any("600x400 px is small" in note for note in r.notes)


def test_script_written_from_the_description_is_metered() -> None:
    body = {k: v for k, v in BASE.items() if k != "script"} | {"product_description": "A smooth cold brew."}
    plan = _plan(body)
    assert plan.receipt.generated_script and plan.metered.script_generated


@pytest.mark.parametrize(("change", "code", "field"), [
    ({"script": None}, "missing_script", "product_description"),
    ({"template": "on-the-moon"}, "validation_error", "template"),
    ({"acting_style": "sleepy"}, "validation_error", "acting_style"),
    ({"duration": 7}, "validation_error", "duration"),
    ({"product_name": "x" * 121}, "validation_error", "product_name"),
    ({"script": "hey"}, "validation_error", "script"),
    ({"subtitle_style": "nope"}, "validation_error", "subtitle_style"),
    ({"visual_style": "v" * 201}, "validation_error", "visual_style"),
    ({"product_image_url": "/nowhere/cup.png"}, "media_error", "product_image_url"),
    ({"colour": "red"}, "validation_error", "colour"),
])
def test_invalid_fields_name_the_field_and_code(change: dict[str, Any], code: str, field: str) -> None:
    body = {k: v for k, v in (BASE | change).items() if v is not None}
    got_code, got_field = _code(body)
    assert got_field == field
    assert got_code == code


@pytest.mark.slow
@pytest.mark.parametrize("style", sorted(DELIVERY))
def test_acting_style_changes_the_delivery(style: str) -> None:
    plan = _plan(BASE | {"acting_style": style})
    tone, speed, energy = DELIVERY[style]
    assert plan.speech.speed == speed and plan.speech.tone == tone and plan.energy == energy


@pytest.mark.slow
def test_a_lively_style_sways_the_product_more(tmp_path: Path) -> None:
    canvas = Canvas(270, 480)
    calm, lively = (product_track(PRODUCT, PRODUCT, canvas, 1000, template="kitchen-counter", energy=e,
                                  cache_dir=tmp_path).layers[-1].hover for e in (1.0, 1.6))
    assert calm is None and lively is not None and lively.dy >= 5


@pytest.mark.slow
@pytest.mark.parametrize("change", [{"subtitles": False}, {"subtitle_style": "none"}])
def test_captions_can_be_turned_off(change: dict[str, Any], tmp_path: Path) -> None:
    gen, plan = plan_job("product_acting_ugc", BASE | change, options=PREVIEW)
    assert not plan.burn_captions and plan.receipt.subtitle_style is None and plan.style == "hormozi"  # sidecars
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.timeline.captions is None


@pytest.mark.slow
def test_visual_style_is_noted() -> None:
    assert any("visual_style" in n for n in _plan(BASE | {"visual_style": "warm film"}).receipt.notes)


def test_captions_avoid_face_and_product() -> None:
    canvas = Canvas(270, 480)
    abox = actor_box(get_template("product-in-hand"), canvas)
    product = ImageLayer(path=PRODUCT, box=Box(60, 300, 150, 100), hover=Hover(0, 20, 2000))
    y = caption_centre(canvas, "hormozi", abox, product)
    assert 48 <= y <= 384 and not 280 - 10 <= y <= 420 + 10


@pytest.mark.slow
@pytest.mark.parametrize("template", ["product-in-hand", "kitchen-counter", "product-closeup"])
def test_no_caption_pixel_on_the_face_or_the_product(template: str, tmp_path: Path) -> None:
    """Captions rendered alone over the whole ad: none of their pixels inside the face's box or the product's
    box (wherever its sway takes it)."""
    gen, plan = plan_job("product_acting_ugc", BASE | {"template": template, "acting_style": "excited"},
                         options=Options(extra={"preview_height": 320}))
    timeline = gen.build(plan, tmp_path).timeline
    canvas = timeline.canvas
    abox = actor_box(get_template(template), canvas)
    face_top, face_bottom = face_band(abox.w, abox.h)
    product = next(layer for layer in timeline.layers
                   if isinstance(layer, ImageLayer) and layer.path.name.startswith("product-"))  # the prepared card
    ink = caption_ink(timeline, tmp_path)
    assert ink.any()
    assert ink_inside(ink, (abox.x, abox.y + face_top, abox.x + abox.w, abox.y + face_bottom)) == 0
    box, sway = product.box, product.hover.dy if product.hover else 0
    assert box is not None
    assert ink_inside(ink, (box.x, box.y - sway, box.x + box.w, box.y + box.h + sway)) == 0


@pytest.mark.slow
def test_render_lasts_the_bucket_with_sidecars(tmp_path: Path) -> None:
    out = tmp_path / "ad.mp4"
    result = generate("product_acting_ugc", BASE | {"template": "kitchen-counter"}, out, options=PREVIEW)
    info = probe(out)
    assert info.duration_ms is not None and abs(info.duration_ms - 5000) <= 100
    assert info.video is not None and (info.video.width, info.video.height) == (270, 480)
    assert info.audio is not None
    for suffix in (".srt", ".vtt", ".words.json", ".receipt.json", ".poster.png"):
        assert (tmp_path / f"ad{suffix}").exists()
    assert json.loads((tmp_path / "ad.receipt.json").read_text())["actor_slug"] == "maya-chen"
    frames, onset_ms = _frames_and_onset(out)
    assert abs(frames - 150) <= 1                                  # 5 s of picture at 30 fps
    assert result.captions is not None
    assert abs(onset_ms - result.captions.words[0].start_ms) <= 34   # A/V in sync to a frame


@pytest.mark.slow
def test_the_product_name_is_said_last_on_the_end_card(tmp_path: Path) -> None:
    """The card shows the product's name while the voice says it, to the end, for at most 2 s."""
    gen, plan = plan_job("product_acting_ugc", BASE, options=PREVIEW)
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None and built.captions is not None
    card = [layer for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert [c.text for c in card] == ["Morning Brew"]
    *_, morning, brew = built.captions.words
    assert (morning.text, brew.text) == ("Morning", "Brew.")
    assert card[0].start_ms == morning.start_ms and 5000 - card[0].start_ms <= 2000
    assert card[0].start_ms + (card[0].duration_ms or 0) == built.timeline.duration_ms == 5000


@pytest.mark.slow
def test_voiceover_option_replaces_the_voice(tmp_path: Path) -> None:
    from mediakit.stages.voice import synthesize

    line = "Morning Brew changed my mornings. Get yours today."
    voice = synthesize(line).write_wav(tmp_path / "vo.wav")
    out = tmp_path / "vo.mp4"
    result = generate("product_acting_ugc", BASE | {"script": line}, out,
                      options=Options(voiceover=voice, extra={"preview_height": 320}))
    assert result.plan.seconds == 5 and result.plan.speech is None
    assert abs((probe(out).duration_ms or 0) - 5000) <= 100
    assert result.captions is not None and len(result.captions.words) == 8


def test_bad_input_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "ad.mp4"
    with pytest.raises(ValidationError):
        generate("product_acting_ugc", BASE | {"duration": 3}, out, options=PREVIEW)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("template", list(load_templates()))
def test_every_template_shows_the_real_photo_over_the_minimum_share(template: str) -> None:
    assert share_notes(PRODUCT, template, Canvas(1080, 1920)) == []


# ---- the request ----------------------------------------------------------------------------------------

ACTING = {"product_image_url": "cup.png", "actor_slug": "maya-chen", "script": "Wow, look at this."}


@pytest.mark.parametrize(("field", "good", "bad"), [
    ("template", "car-selfie", "gym"),
    ("acting_style", "weird-hook", "bored"),
    ("product_name", "n" * 120, "n" * 121),
    ("product_description", "d" * 1000, "d" * 1001),
    ("visual_style", "v" * 200, "v" * 201),
    ("actor_variant_id", "0d7f3c2e-1b9a-4e0f-9c1d-2a3b4c5d6e7f", "abc"),
    ("subtitles", False, "no thanks"),
    ("duration", 10, 30),
])
def test_product_acting_ugc_field_rules(field: str, good: Any, bad: Any) -> None:
    parse_request(ProductActingRequest, {**ACTING, field: good})
    assert parse_fails(ProductActingRequest, {**ACTING, field: bad}).details[0]["field"] == field


def test_request_defaults_and_required_fields() -> None:
    acting = parse_request(ProductActingRequest, ACTING)
    assert (acting.template, acting.acting_style, acting.duration, acting.subtitles) == (
        "product-in-hand", "raw-selfie", 5, True)
    no_script = parse_fails(ProductActingRequest, {"product_image_url": "c.png", "actor_slug": "maya-chen"})
    assert no_script.code == "missing_script" and no_script.details[0]["field"] == "product_description"
    assert {d["field"] for d in parse_fails(ProductActingRequest, {"script": "hello"}).details} == {
        "product_image_url"}
    no_actor = parse_fails(ProductActingRequest, {"product_image_url": "c.png", "script": "hello"})
    assert no_actor.details == [{"field": "actor_slug", "rule": "is required unless footage_url is given"}]
