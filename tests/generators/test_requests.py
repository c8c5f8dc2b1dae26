"""Every field rule of the five video routes' request tables, valid and invalid (spec: Generator routes)."""

from __future__ import annotations

from typing import Any

import pytest

from mediakit.errors import ValidationError
from mediakit.generators.request import parse_request
from mediakit.generators.requests import (
    LaptopUgcRequest,
    ProductActingRequest,
    SaasReviewRequest,
    ShowYourAppRequest,
    UgcVideoRequest,
)

SCRIPT = "I tried this serum for two weeks and my skin has never looked this good, honestly."
UGC = {"script": SCRIPT}
APP = {"app_screenshot_url": "shot.png", "script": "Look at this app."}
LAPTOP = {"app_screen_image_url": "screen.png", "script": "This dashboard saves me hours. Try it."}
ACTING = {"product_image_url": "cup.png", "actor_slug": "maya-chen", "script": "Wow, look at this."}


def _fails(model: type, body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        parse_request(model, body)
    return info.value


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
    ("aspect_ratio", "1:1", "4:5", "one of 9:16, 16:9, 1:1"),
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
])
def test_ugc_video_field_rules(field: str, good: Any, bad: Any, rule: str) -> None:
    base = dict(UGC) if field != "script" else {}
    parse_request(UgcVideoRequest, {**base, field: good})
    err = _fails(UgcVideoRequest, {**base, field: bad})
    assert err.details[0]["field"] == field and rule in err.details[0]["rule"], err.details


def test_ugc_video_content_rules_and_codes() -> None:
    assert _fails(UgcVideoRequest, {}).code == "missing_script"
    assert parse_request(UgcVideoRequest, {"prompt": "p"}).prompt == "p"
    assert _fails(UgcVideoRequest, {"prompt": "p" * 1001}).details[0]["field"] == "prompt"
    both = _fails(UgcVideoRequest, {"script": SCRIPT, "prompt": "p"})
    assert both.details == [{"field": "prompt", "rule": "give script or prompt, not both"}]
    cta = _fails(UgcVideoRequest, {**UGC, "cta": "c" * 101})
    assert cta.code == "cta_too_long" and cta.details[0]["field"] == "cta"
    assert parse_request(UgcVideoRequest, {**UGC, "cta": "c" * 100}).cta == "c" * 100
    face = _fails(UgcVideoRequest, {**UGC, "actor_slug": "maya-chen", "face_photo_url": "me.jpg"})
    assert face.details[0]["field"] == "face_photo_url"
    pip = _fails(UgcVideoRequest, {**UGC, "pip_options": {"position": "top", "glow": True}})
    assert pip.details == [{"field": "pip_options.position", "rule": "one of bottom-center, bottom-left, bottom-right"},
                           {"field": "pip_options.glow", "rule": "is not a field of this request"}]
    scene = _fails(UgcVideoRequest, {**UGC, "scenes": [{"type": "cutaway", "text": "x"}, {"type": "broll"}]})
    assert [d["field"] for d in scene.details] == ["scenes[0].type", "scenes[1].text"]
    assert _fails(UgcVideoRequest, {**UGC, "angle": "honest"}).details[0]["field"] == "angle"
    defaults = parse_request(UgcVideoRequest, UGC)
    assert (defaults.style, defaults.aspect_ratio, defaults.allow_broll) == ("hormozi", "9:16", False)


def test_saas_review_takes_product_url_alone_and_an_angle() -> None:
    assert parse_request(SaasReviewRequest, {"product_url": "https://acme.io"}).product_url == "https://acme.io"
    assert _fails(SaasReviewRequest, {}).details[0]["rule"] == "is required unless prompt or product_url is given"
    assert _fails(SaasReviewRequest, {**UGC, "angle": "sarcastic"}).details[0]["field"] == "angle"
    assert _fails(SaasReviewRequest, {**UGC, "product_image_url": "x.png"}).details[0]["field"] == "product_image_url"


@pytest.mark.parametrize(("model", "base", "field", "good", "bad"), [
    (ShowYourAppRequest, APP, "script", "x" * 5, "x" * 4),
    (ShowYourAppRequest, APP, "duration", 15, 20),
    (ShowYourAppRequest, APP, "subtitle_style", "none", "karaoke"),
    (ShowYourAppRequest, APP, "actor_slug", "maya-chen", "m" * 101),
    (LaptopUgcRequest, LAPTOP, "duration", 15, 10),
    (LaptopUgcRequest, LAPTOP, "subtitle_style", "hormozi", "tiktok"),
    (LaptopUgcRequest, LAPTOP, "script", "x" * 3000, "x" * 3001),
    (ProductActingRequest, ACTING, "template", "car-selfie", "gym"),
    (ProductActingRequest, ACTING, "acting_style", "weird-hook", "bored"),
    (ProductActingRequest, ACTING, "product_name", "n" * 120, "n" * 121),
    (ProductActingRequest, ACTING, "product_description", "d" * 1000, "d" * 1001),
    (ProductActingRequest, ACTING, "visual_style", "v" * 200, "v" * 201),
    (ProductActingRequest, ACTING, "actor_variant_id", "0d7f3c2e-1b9a-4e0f-9c1d-2a3b4c5d6e7f", "abc"),
    (ProductActingRequest, ACTING, "subtitles", False, "no thanks"),
    (ProductActingRequest, ACTING, "duration", 10, 30),
])
def test_app_laptop_and_product_field_rules(model: type, base: dict, field: str, good: Any, bad: Any) -> None:
    parse_request(model, {**base, field: good})
    assert _fails(model, {**base, field: bad}).details[0]["field"] == field


def test_required_fields_and_defaults_of_app_laptop_and_product_routes() -> None:
    assert {d["field"] for d in _fails(ShowYourAppRequest, {}).details} == {"app_screenshot_url", "script"}
    app = parse_request(ShowYourAppRequest, APP)
    assert (app.duration, app.subtitle_style, app.actor_slug) == (5, "hormozi", None)
    laptop = parse_request(LaptopUgcRequest, LAPTOP)
    assert laptop.duration == 20
    both = _fails(LaptopUgcRequest, {**LAPTOP, "app_screen_recording_url": "r.mp4"})
    assert both.details[0]["rule"] == "give app_screen_recording_url or app_screen_image_url, not both"
    assert _fails(LaptopUgcRequest, {"script": "hello there"}).details[0]["field"] == "app_screen_recording_url"
    acting = parse_request(ProductActingRequest, ACTING)
    assert (acting.template, acting.acting_style, acting.duration, acting.subtitles) == (
        "product-in-hand", "raw-selfie", 5, True)
    no_script = _fails(ProductActingRequest, {"product_image_url": "c.png", "actor_slug": "maya-chen"})
    assert no_script.code == "missing_script" and no_script.details[0]["field"] == "product_description"
    assert {d["field"] for d in _fails(ProductActingRequest, {"script": "hello"}).details} == {
        "product_image_url", "actor_slug"}
