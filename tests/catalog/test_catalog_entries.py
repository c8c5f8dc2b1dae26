"""The model catalog: the spec's live models and prices, its JSON shape, and checks on the YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mediakit.catalog import RunStats, load_catalog, read_catalog
from mediakit.errors import MediakitError, ValidationError
from mediakit.paths import data_dir

SPEC_ENTRY_KEYS = ["id", "kind", "tier", "status", "provider", "modes", "features", "limits", "video", "credits",
                   "price_default", "quality", "speed", "best_for", "avoid_for", "usage", "recent", "verified",
                   "docs_url", "select_with"]
SPEC_MODE_KEYS = {"mode", "how", "inputs", "seconds", "seconds_options", "aspects", "aspect_default", "qualities",
                  "credits_per_second", "seed", "prompt_syntax", "notes", "verified"}
RECENT_KEYS = {"window_days", "runs", "fail_rate", "auto_score", "scored", "user_score", "rated", "p50_seconds"}


@pytest.fixture(scope="module")
def catalog_json() -> dict:
    return load_catalog().to_json()


def by_id(data: dict) -> dict[str, dict]:
    return {m["id"]: m for m in data["models"]}


def test_every_live_model_of_the_spec_with_its_kind_tier_and_price(catalog_json: dict) -> None:
    models = by_id(catalog_json)
    assert list(models) == ["video-engine-2.0", "video-engine-2.5", "image-engine-2.5", "image-engine-2.5-flare",
                            "image-engine-2", "image-engine-pro", "voice-tts"]
    assert catalog_json["count"] == 7
    assert {k: (m["kind"], m["tier"], m["status"]) for k, m in models.items()} == {
        "video-engine-2.0": ("video", "standard", "live"), "video-engine-2.5": ("video", "premium", "live"),
        "image-engine-2.5": ("image", "premium", "live"), "image-engine-2.5-flare": ("image", "standard", "live"),
        "image-engine-2": ("image", "standard", "live"), "image-engine-pro": ("image", "premium", "live"),
        "voice-tts": ("audio", "standard", "live")}
    assert {k: m["credits"] for k, m in models.items() if m["kind"] != "video"} == {
        "image-engine-2.5": {"unit": "image", "perUnit": 20},
        "image-engine-2.5-flare": {"unit": "image", "perUnit": 20},
        "image-engine-2": {"unit": "image", "perUnit": 20}, "image-engine-pro": {"unit": "image", "perUnit": 26},
        "voice-tts": {"unit": "character", "perUnit": 0.016}}


def test_video_prices_qualities_timeouts_and_seconds(catalog_json: dict) -> None:
    models = by_id(catalog_json)
    v20, v25 = models["video-engine-2.0"]["video"], models["video-engine-2.5"]["video"]
    assert v20["credits_per_second"] == {"480p": 30, "720p": 60, "1080p": 150}
    assert v25["credits_per_second"] == {"480p": 60, "720p": 125, "1080p": 225}
    assert (v20["default_quality"], v20["timeout_minutes"]) == ("720p", 30)
    assert (v25["default_quality"], v25["timeout_minutes"]) == ("480p", 90)
    assert v20["audio_credits_per_second"] is None and v25["audio_credits_per_second"] is None
    assert {m["mode"]: (m["seconds"]["min"], m["seconds"]["max"]) for m in v20["modes"]} == {
        "text": (4, 15), "image": (4, 15), "reference": (4, 15)}
    assert {m["mode"]: (m["seconds"]["min"], m["seconds"]["max"]) for m in v25["modes"]} == {
        "text": (4, 15), "image": (4, 30), "reference": (4, 30)}
    for video in (v20, v25):
        for mode in video["modes"]:
            assert set(mode) == SPEC_MODE_KEYS
            assert mode["credits_per_second"] == video["credits_per_second"]
            assert mode["qualities"] == ["480p", "720p", "1080p"]
            assert mode["seconds_options"] == list(range(mode["seconds"]["min"], mode["seconds"]["max"] + 1))
    text = {m["mode"]: m for m in v20["modes"]}["text"]
    assert (text["seed"], text["aspect_default"], "adaptive" in text["aspects"]) == (False, "9:16", False)
    image25 = {m["mode"]: m for m in v25["modes"]}["image"]
    assert (image25["aspects"], image25["aspect_default"]) == (["adaptive"], "adaptive")


def test_reference_limits_are_the_spec_table(catalog_json: dict) -> None:
    modes = {k: {m["mode"]: m for m in v["video"]["modes"]} for k, v in by_id(catalog_json).items()
             if v["kind"] == "video"}
    r20, r25 = modes["video-engine-2.0"]["reference"]["inputs"], modes["video-engine-2.5"]["reference"]["inputs"]
    assert r20["refs"]["max_items"] == 9 and r25["refs"]["max_items"] == 30
    assert r20["video_refs"] == {"kind": "video", "max_items": 3, "total_seconds": 15,
                                 "item_seconds": {"min": 2, "max": 15}, "formats": ["mp4", "mov"],
                                 "short_side": {"min": 480, "max": 1080}, "fps": {"min": 24, "max": 60},
                                 "max_mb": 50}
    assert (r25["video_refs"]["max_items"], r25["video_refs"]["total_seconds"], r25["video_refs"]["max_mb"],
            r25["video_refs"]["item_seconds"]) == (10, 30, 200, {"min": 2, "max": 30})
    assert r20["audio_refs"] == {"kind": "audio", "max_items": 3, "total_seconds": 15,
                                 "item_seconds": {"min": 2, "max": 15}, "formats": ["wav", "mp3"], "max_mb": 15,
                                 "needs_one_of": ["refs", "video_refs"]}
    assert "needs_one_of" not in r25["audio_refs"] and r25["audio_refs"]["max_items"] == 10
    assert r25["prompt"]["refuses_words"] == ["edit", "add", "remove", "replace", "extend", "continue"]
    assert "refuses_words" not in r20["prompt"]
    frame = modes["video-engine-2.0"]["image"]["inputs"]["first_frame"]
    assert frame == {"kind": "image", "required": True, "formats": ["jpeg", "png", "webp"], "max_mb": 30,
                     "ratio": {"min": 0.4, "max": 2.5}, "pixels": {"min": 300, "max": 6000}}


def test_image_limits_and_empty_audio_limits(catalog_json: dict) -> None:
    models = by_id(catalog_json)
    for name in ("image-engine-2.5", "image-engine-2.5-flare", "image-engine-2"):
        assert models[name]["limits"] == {"resolutions": ["1024x1024", "1024x1536", "1536x1024"], "refsMax": 4}
        assert models[name]["modes"] == ["text-to-image", "image-edit"] and models[name]["video"] is None
    assert models["image-engine-pro"]["limits"] == {"resolutions": ["1K", "2K"], "refsMax": 4}
    assert models["voice-tts"]["limits"] == {} and models["voice-tts"]["modes"] == ["text-to-speech"]
    assert models["video-engine-2.0"]["modes"] == ["text-to-video", "image-to-video", "reference-to-video"]


def test_json_shape_is_the_spec_catalog(catalog_json: dict) -> None:
    assert list(catalog_json) == ["models", "count", "default_video_model", "defaults", "auto_policy", "note"]
    assert catalog_json["default_video_model"] == "video-engine-2.0"
    assert catalog_json["defaults"] == {"image": "image-engine-2.5", "video": "video-engine-2.0", "audio": "voice-tts"}
    assert "25%" in catalog_json["auto_policy"] and "1.5 times" in catalog_json["auto_policy"]
    for entry in catalog_json["models"]:
        assert list(entry) == SPEC_ENTRY_KEYS
        assert set(entry["usage"]) == {"pick_when", "prompt_tips", "latency"}
        assert entry["recent"] == dict.fromkeys(RECENT_KEYS) | {"window_days": 30}
        assert entry["select_with"]["model"] == entry["id"]
        assert entry["best_for"] and entry["avoid_for"] and entry["usage"]["prompt_tips"]


def test_recent_is_filled_from_run_stats_and_kind_filters() -> None:
    stats = {"image-engine-2": RunStats(runs=12, fail_rate=0.25, p50_seconds=8.5, auto_score=0.71, scored=10,
                                        user_score=4.2, rated=3)}
    data = load_catalog().to_json(stats, kind="image")
    assert data["count"] == 4 and {m["kind"] for m in data["models"]} == {"image"}
    assert by_id(data)["image-engine-2"]["recent"] == {
        "window_days": 30, "runs": 12, "fail_rate": 0.25, "auto_score": 0.71, "scored": 10, "user_score": 4.2,
        "rated": 3, "p50_seconds": 8.5}
    assert by_id(data)["image-engine-pro"]["recent"]["runs"] is None
    unscored = load_catalog().to_json({"voice-tts": RunStats(runs=3, fail_rate=0.0)})["models"][-1]["recent"]
    assert (unscored["runs"], unscored["scored"], unscored["auto_score"], unscored["rated"]) == (3, 0, None, 0)
    with pytest.raises(ValidationError, match="kind: must be one of video, image, audio"):
        load_catalog().to_json(kind="music")


def test_naming_a_model_that_is_not_live_lists_the_live_ones() -> None:
    catalog = load_catalog()
    assert catalog.require_live("image-engine-pro", "image").id == "image-engine-pro"
    with pytest.raises(ValidationError) as info:
        catalog.require_live("video-engine-3", "video")
    err = info.value
    assert (err.status, err.field, err.code) == (400, "model", "validation_error")
    assert err.details[0]["live_models"] == ["video-engine-2.0", "video-engine-2.5"]
    with pytest.raises(ValidationError, match="live image model: image-engine-2.5, image-engine-2.5-flare"):
        catalog.require_live("voice-tts", "image")  # live, but not an image model


def test_unit_prices() -> None:
    catalog = load_catalog()
    v20, pro, tts = catalog.get("video-engine-2.0"), catalog.get("image-engine-pro"), catalog.get("voice-tts")
    assert v20 is not None and pro is not None and tts is not None
    assert (v20.unit_price(), v20.unit_price("1080p"), pro.unit_price(), tts.unit_price()) == (60, 150, 26, 0.016)


def bundled() -> dict:
    return yaml.safe_load((data_dir("presets") / "models.yaml").read_text())


@pytest.mark.slow
@pytest.mark.parametrize("edit, message", [
    (lambda d: d["models"][0].update(colour="red"), "models.0.colour: Extra inputs are not permitted"),
    (lambda d: d["defaults"].update(image="voice-tts"), "defaults.image 'voice-tts' is not a live image model"),
    (lambda d: d.update(default_video_model="video-engine-2.5"), "default_video_model must equal defaults.video"),
    (lambda d: d["models"][0]["video"]["modes"][0].update(aspect_default="adaptive"), "is not one of its aspects"),
    (lambda d: d["models"][0]["video"]["modes"][0]["credits_per_second"].pop("1080p"), "must price exactly"),
    (lambda d: d["models"][0]["video"]["modes"][0].update(seconds={"min": 9, "max": 4}), "min 9 is above max 4"),
    (lambda d: d["models"][2].update(video=None, kind="video"), "a video model needs a video object"),
    (lambda d: d["models"].append(dict(d["models"][-1])), "model ids must be unique"),
])
def test_bad_catalog_data_is_refused_naming_the_file(tmp_path: Path, edit, message: str) -> None:
    data = bundled()
    data.pop("shared")
    edit(data)
    path = tmp_path / "models.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(MediakitError, match=message) as info:
        read_catalog(path)
    assert str(path) in str(info.value)


@pytest.mark.slow
def test_a_retired_model_is_listed_but_not_selectable(tmp_path: Path) -> None:
    data = bundled()
    data["models"][3]["status"] = "retired"
    path = tmp_path / "models.yaml"
    path.write_text(yaml.safe_dump(data))
    catalog = read_catalog(path)
    assert "image-engine-2.5-flare" not in catalog.live_ids("image")
    assert catalog.to_json()["count"] == 7
    with pytest.raises(ValidationError, match="image-engine-2.5, image-engine-2, image-engine-pro"):
        catalog.require_live("image-engine-2.5-flare", "image")
