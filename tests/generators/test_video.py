"""The generic video generator: every rule of the spec's modes and reference limits, and the clips it renders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from PIL import Image

from mediakit.catalog import RunStats
from mediakit.cli.main import main
from mediakit.errors import MediaError, ValidationError
from mediakit.fetch import FRAME
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.registry import get_generator
from mediakit.generation.run import generate, plan_job
from mediakit.generation.video_inputs import limits_for, refused_words
from mediakit.generators.video import VideoPlan
from mediakit.probe import probe


def still(path: Path, size: tuple[int, int], color: tuple[int, int, int], fmt: str = "PNG") -> Path:
    img = Image.new("RGB", size, color)
    img.paste(tuple(c // 2 for c in color), (size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2))
    img.save(path, fmt)
    return path


def clip(path: Path, size: str = "854x480", seconds: float = 2.5, fps: int = 24, sound: bool = True,
         codec: tuple[str, ...] = ("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")) -> Path:
    args = ["-f", "lavfi", "-i", f"testsrc2=s={size}:r={fps}:d={seconds}"]
    if sound:
        args += ["-f", "lavfi", "-i", f"sine=f=440:d={seconds}", "-c:a", "aac", "-shortest"]
    run_ffmpeg([*args, *codec, "-y", str(path)], what="test clip")
    return path


def tone(path: Path, seconds: float) -> Path:
    run_ffmpeg(["-f", "lavfi", "-i", f"sine=f=300:d={seconds}", "-y", str(path)], what="tone")
    return path


@pytest.fixture(scope="module")
def m(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("video-inputs")
    paths = {
        "red": still(d / "red.png", (400, 300), (220, 40, 40)),
        "green": still(d / "green.jpg", (400, 300), (40, 200, 80), "JPEG"),
        "tall": still(d / "tall.png", (300, 540), (40, 60, 220)),
        "tiny": still(d / "tiny.png", (200, 200), (90, 90, 90)),
        "wide": still(d / "wide.png", (900, 300), (90, 90, 90)),
        "gif": still(d / "frame.gif", (400, 300), (90, 90, 90), "GIF"),
        "clip": clip(d / "clip.mp4"),
        "clip360": clip(d / "clip360.mp4", size="640x360", sound=False),
        "clip20": clip(d / "clip20.mp4", fps=20, sound=False),
        "short": clip(d / "short.mp4", seconds=1.0, sound=False),
        "long": clip(d / "long.mp4", seconds=5.5, sound=False),
        "avi": clip(d / "clip.avi", sound=False, codec=("-c:v", "mpeg4")),
        "wav": tone(d / "tone.wav", 3.0),
        "wav1": tone(d / "tone1.wav", 1.0),
        "wav16": tone(d / "tone16.wav", 16.0),
        "flac": tone(d / "tone.flac", 3.0),
    }
    return {k: str(v) for k, v in paths.items()}


def parse_error(body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        get_generator("video").parse(body)
    return info.value


def plan(body: dict[str, Any], stats: dict[str, RunStats] | None = None) -> VideoPlan:
    _, p = plan_job("video", body, stats=stats)
    assert isinstance(p, VideoPlan)
    return p


def plan_error(body: dict[str, Any], kind: type[Exception] = ValidationError) -> Any:
    with pytest.raises(kind) as info:
        plan_job("video", body)
    return info.value


# ---- parse: rules that hold on every model ---------------------------------------------------------------------

@pytest.mark.parametrize("body, field, rule", [
    ({}, "prompt", "is required in text mode (no first_frame and no refs)"),
    ({"refs": ["a.png"], "first_frame": "b.png"}, "refs", "cannot be mixed with first_frame or last_frame"),
    ({"audio_refs": ["a.wav"], "last_frame": "b.png", "first_frame": "c.png"}, "audio_refs", "cannot be mixed"),
    ({"last_frame": "b.png"}, "first_frame", "is required when last_frame is given"),
    ({"prompt": "x", "aspect": "adaptive"}, "aspect", "adaptive follows a frame or a reference"),
    ({"refs": ["a.png"], "prompt": "@image2 waves"}, "prompt", "@image2 names no input: refs holds 1 item"),
    ({"prompt": "@video1 dances"}, "prompt", "@video1 names no input: video_refs holds 0 items"),
    ({"refs": ["a.png"], "prompt": "@image0 waves"}, "prompt", "@image0 names no input"),
    ({"first_frame": "a.png", "prompt": "like @audio1"}, "prompt", "@audio1 names no input"),
    ({"prompt": "x", "seconds": 3}, "seconds", "must be at least 4"),
    ({"prompt": "x", "seconds": 31}, "seconds", "must be at most 30"),
    ({"prompt": "x", "seconds": 4.5}, "seconds", "must be a whole number of seconds"),
    ({"prompt": "x", "seconds": "5"}, "seconds", "must be a whole number of seconds"),
    ({"prompt": "x", "seconds": True}, "seconds", "must be a whole number of seconds"),
    ({"prompt": "x", "quality": "4k"}, "quality", "one of 480p, 720p, 1080p"),
    ({"prompt": "x", "aspect": "2:1"}, "aspect", "one of 9:16, 16:9, 1:1, 4:3, 3:4, 21:9, adaptive"),
    ({"prompt": ""}, "prompt", "must be at least 1 characters"),
    ({"prompt": "x" * 2001}, "prompt", "must be at most 2000 characters"),
    ({"prompt": "x", "refs": ["a"] * 31}, "refs", "must hold at most 30 items"),
    ({"prompt": "x", "seed": 3}, "seed", "is not a field of this request"),
    ({"prompt": "x", "refs": "a.png"}, "refs", "must be a list"),
])
def test_parse_rules(body: dict[str, Any], field: str, rule: str) -> None:
    err = parse_error(body)
    assert (err.field, err.status, err.exit_code) == (field, 400, 2)
    assert rule in err.rule


@pytest.mark.parametrize("model", ["video-engine-3", "image-engine-2", "VIDEO-ENGINE-2.0"])
def test_a_model_that_is_not_a_live_video_model_lists_the_live_ones(model: str) -> None:
    err = parse_error({"model": model, "prompt": "x"})
    assert err.field == "model" and err.value == model
    assert err.details == [{"field": "model", "rule": "must be auto or a live video model: video-engine-2.0, "
                                                      "video-engine-2.5",
                            "live_models": ["video-engine-2.0", "video-engine-2.5"]}]


@pytest.mark.parametrize("body, mode", [
    ({"prompt": "x"}, "text"),
    ({"first_frame": "a.png"}, "image"),
    ({"first_frame": "a.png", "last_frame": "b.png", "prompt": "x"}, "image"),
    ({"refs": ["a.png"]}, "reference"),
    ({"video_refs": ["a.mp4"], "prompt": "@video1 again"}, "reference"),
    ({"audio_refs": ["a.wav"], "prompt": "x"}, "reference"),
])
def test_the_fields_passed_choose_the_mode(body: dict[str, Any], mode: str) -> None:
    request = get_generator("video").parse(body)
    assert request.mode == mode and request.seconds == 5 and request.model == "auto"  # type: ignore[attr-defined]


# ---- plan: the chosen model's rules --------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("body, field, rule", [
    ({"prompt": "x", "seconds": 16}, "seconds", "must be 4 to 15 in text mode on video-engine-2.0 (chosen by auto)"),
    ({"model": "video-engine-2.5", "prompt": "x", "seconds": 16}, "seconds",
     "must be 4 to 15 in text mode on video-engine-2.5"),
    ({"model": "video-engine-2.0", "first_frame": "RED", "seconds": 20}, "seconds",
     "must be 4 to 15 in image mode on video-engine-2.0"),
    ({"model": "video-engine-2.5", "first_frame": "RED", "aspect": "16:9"}, "aspect",
     "must be adaptive in image mode on video-engine-2.5"),
    ({"model": "video-engine-2.0", "refs": ["RED"] * 10}, "refs", "must hold at most 9 items on video-engine-2.0"),
    ({"model": "video-engine-2.0", "video_refs": ["CLIP"] * 4}, "video_refs", "must hold at most 3 items"),
    ({"model": "video-engine-2.0", "audio_refs": ["WAV"]}, "audio_refs",
     "need an image or video reference beside them (refs or video_refs) on video-engine-2.0"),
    ({"model": "video-engine-2.5", "refs": ["RED"], "prompt": "Add a hat to @image1"}, "prompt",
     "must not ask to edit or extend ('Add') in a reference prompt on video-engine-2.5"),
])
def test_plan_rules_of_the_chosen_model(m: dict[str, str], body: dict[str, Any], field: str, rule: str) -> None:
    body = json.loads(json.dumps(body).replace('"RED"', json.dumps(m["red"])).replace('"CLIP"', json.dumps(m["clip"]))
                      .replace('"WAV"', json.dumps(m["wav"])))
    err = plan_error(body)
    assert err.field == field and rule in err.rule


@pytest.mark.slow
def test_every_problem_of_a_plan_is_listed(m: dict[str, str]) -> None:
    err = plan_error({"model": "video-engine-2.0", "refs": [m["red"]] * 10, "audio_refs": [m["wav"]] * 4,
                      "seconds": 20})
    assert [d["field"] for d in err.details] == ["refs", "audio_refs", "seconds"]


@pytest.mark.parametrize("prompt, refused", [
    ("edit the video so @image1 smiles", "edit"), ("@image1 adds a hat", "adds"), ("removed from @image1", "removed"),
    ("replacing the sky in @image1", "replacing"), ("extend @image1 by five seconds", "extend"),
    ("@image1 continues walking", "continues"), ("Continue the scene with @image1", "Continue"),
    ("@image1 walks to the address on the sign", None), ("an additional light over @image1", None),
    ("one continuous shot of @image1", None), ("@image1 edits nothing", "edits"),
])
def test_edit_and_extend_wording(prompt: str, refused: str | None) -> None:
    found = refused_words(("edit", "add", "remove", "replace", "extend", "continue")).search(prompt)
    assert (found.group(0) if found else None) == refused


def test_edit_wording_is_fine_on_video_engine_2_0_and_in_text_mode(m: dict[str, str]) -> None:
    assert plan({"model": "video-engine-2.0", "refs": [m["red"]], "prompt": "Add a hat to @image1"}).job.mode == \
        "reference"
    assert plan({"model": "video-engine-2.5", "prompt": "Add a hat to a dog"}).job.mode == "text"


def test_image_mode_on_video_engine_2_5_lasts_to_30_s_and_follows_the_first_frame(m: dict[str, str]) -> None:
    p = plan({"model": "video-engine-2.5", "first_frame": m["tall"], "last_frame": m["red"], "seconds": 30})
    assert (p.job.aspect, p.job.width, p.job.height, p.job.quality, p.job.seconds) == ("9:16", 480, 854, "480p", 30)
    assert p.receipt.notes[-1] == "aspect adaptive followed the first frame: 9:16"
    assert plan({"model": "video-engine-2.0", "first_frame": m["red"], "aspect": "16:9"}).job.aspect == "16:9"


def test_frame_limits_are_the_fetch_frame_limits() -> None:
    from mediakit.catalog import load_catalog

    for model in ("video-engine-2.0", "video-engine-2.5"):
        spec = load_catalog().get(model).video_mode("image")  # type: ignore[union-attr]
        for name in ("first_frame", "last_frame"):
            rule = spec.input(name)
            assert rule is not None
            limits = limits_for(rule)
            assert (limits.kinds, limits.max_bytes, set(limits.formats), limits.https_only) == (
                FRAME.kinds, FRAME.max_bytes, set(FRAME.formats), FRAME.https_only)


@pytest.mark.parametrize("key, field, problem", [
    ("gif", "first_frame", "is gif; jpeg/png/webp is required"),
    ("tiny", "first_frame", "is 200x200; each side must be 300 to 6000 px"),
    ("wide", "first_frame", "has a width/height ratio of 3.00; it must be 0.4 to 2.5"),
    ("clip", "first_frame", "has no image stream"),
])
def test_frame_images(m: dict[str, str], key: str, field: str, problem: str) -> None:
    err = plan_error({"first_frame": m[key]}, MediaError)
    assert err.field == field and problem in err.problem and err.status == 400
    err = plan_error({"first_frame": m["red"], "last_frame": m[key]}, MediaError)
    assert err.field == "last_frame"


@pytest.mark.parametrize("model, key, problem", [
    ("video-engine-2.0", "clip360", "is 640x360; clips must be 480p to 1080p (shorter side)"),
    ("video-engine-2.0", "clip20", "runs at 20 fps; clips must run at 24 to 60 fps"),
    ("video-engine-2.0", "short", "lasts 1.00 s; each must last 2 to 15 s"),
    ("video-engine-2.0", "avi", "is avi; mp4/mov is required"),
    ("video-engine-2.0", "red", "has no video stream: it is image (png)"),
    ("video-engine-2.5", "short", "lasts 1.00 s; each must last 2 to 30 s"),
])
def test_video_ref_limits(m: dict[str, str], model: str, key: str, problem: str) -> None:
    err = plan_error({"model": model, "video_refs": [m["clip"], m[key]]}, MediaError)
    assert err.field == "video_refs[1]" and problem in err.problem


def test_video_refs_in_total_and_what_video_engine_2_5_allows(m: dict[str, str]) -> None:
    err = plan_error({"model": "video-engine-2.0", "video_refs": [m["long"]] * 3})
    assert (err.field, err.value, err.rule) == ("video_refs", 16.5, "must last at most 15 s in total")
    p = plan({"model": "video-engine-2.5", "video_refs": [m["clip360"], m["clip20"], m["long"]]})
    assert p.metered.ref_seconds == 10.5 and p.job.aspect == "16:9"


@pytest.mark.parametrize("key, problem", [
    ("wav1", "lasts 1.00 s; each must last 2 to 15 s"), ("wav16", "lasts 16.00 s; each must last 2 to 15 s"),
    ("flac", "is flac; wav/mp3 is required"),
])
def test_audio_ref_limits(m: dict[str, str], key: str, problem: str) -> None:
    err = plan_error({"model": "video-engine-2.0", "refs": [m["red"]], "audio_refs": [m[key]]}, MediaError)
    assert err.field == "audio_refs[0]" and problem in err.problem


def test_audio_refs_stand_alone_on_video_engine_2_5_and_aspect_follows_the_prompt(m: dict[str, str]) -> None:
    p = plan({"model": "video-engine-2.5", "audio_refs": [m["wav"], m["wav16"]], "prompt": "a widescreen drone shot"})
    assert (p.job.mode, p.job.aspect, p.metered.ref_seconds) == ("reference", "16:9", 0.0)
    assert p.receipt.notes[-1] == "aspect adaptive followed the prompt: 16:9"


def test_adaptive_follows_the_first_video_ref_else_the_first_image(m: dict[str, str]) -> None:
    assert plan({"refs": [m["tall"]], "video_refs": [m["clip"]]}).job.aspect == "16:9"
    assert plan({"refs": [m["tall"], m["red"]]}).job.aspect == "9:16"
    assert plan({"refs": [m["tall"]], "aspect": "1:1"}).job.aspect == "1:1"


def test_receipt_and_metering_carry_what_pricing_needs(m: dict[str, str]) -> None:
    p = plan({"model": "video-engine-2.0", "refs": [m["red"]], "video_refs": [m["clip"]], "prompt": "@video1",
              "seconds": 8, "quality": "1080p"})
    assert p.metered.to_dict() == {"operation": "video", "seconds": 8, "model": "video-engine-2.0",
                                   "mode": "reference", "quality": "1080p", "ref_seconds": 2.5}
    receipt = p.receipt.to_dict()
    assert {k: receipt[k] for k in ("estimated_duration", "model", "mode", "quality")} == {
        "estimated_duration": 8, "model": "video-engine-2.0", "mode": "reference", "quality": "1080p"}
    assert "auto" not in receipt and receipt["notes"][0].startswith("local-animatic: a local stand-in")
    assert receipt["engine"] == "local-animatic", "the receipt, not the picture, says a local engine drew it"
    assert (p.job.width, p.job.height) == (1920, 1080)


def test_auto_reports_its_choice_and_reason() -> None:
    p = plan({"prompt": "a dog"})
    assert p.receipt.auto == {"model": "video-engine-2.0", "reason": "default video model"}
    assert (p.metered.auto_reason, p.job.quality) == ("default video model", "720p")
    p = plan({"prompt": "a dog"}, stats={"video-engine-2.0": RunStats(runs=12, fail_rate=0.5)})
    assert p.receipt.auto is not None and p.receipt.auto["model"] == "video-engine-2.5"
    assert p.metered.auto_reason is not None and p.metered.auto_reason.startswith(
        "default video-engine-2.0 failed 50% of 12 runs")
    assert (p.metered.model, p.job.quality) == ("video-engine-2.5", "480p")  # the chosen model's default quality


# ---- renders (each a 4 s clip at 480p) -------------------------------------------------------------------------

def centre(video: Path, at: float, tmp: Path) -> np.ndarray:
    png = tmp / f"f{at}.png"
    run_ffmpeg(["-ss", f"{at:.3f}", "-i", str(video), "-frames:v", "1", "-y", str(png)], what="frame")
    with Image.open(png) as im:
        arr = np.asarray(im.convert("RGB")).astype(int)
    h, w = arr.shape[:2]
    return arr[h // 3: 2 * h // 3, w // 3: 2 * w // 3].reshape(-1, 3).mean(axis=0)


@pytest.mark.slow
def test_text_mode_renders_through_the_cli(tmp_path: Path) -> None:
    request = tmp_path / "req.yaml"
    request.write_text(yaml.safe_dump({"prompt": "A barista pours latte art at sunrise", "seconds": 4,
                                       "quality": "480p"}))
    out = tmp_path / "latte.mp4"
    result = CliRunner().invoke(main, ["generate", "video", "--input", str(request), "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert (printed["model"], printed["mode"], printed["quality"]) == ("video-engine-2.0", "text", "480p")
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height, info.video.fps) == (480, 854, 24)
    assert info.audio is not None and info.audio.sample_rate == 48000
    assert info.duration_ms is not None and abs(info.duration_ms - 4000) <= 50
    assert Path(printed["files"]["poster"]).is_file()
    receipt = json.loads((tmp_path / "latte.receipt.json").read_text())
    assert receipt["metered"] == {"operation": "video", "seconds": 4, "model": "video-engine-2.0", "mode": "text",
                                  "quality": "480p", "auto_reason": "default video model"}


@pytest.mark.slow
def test_image_mode_opens_on_the_first_frame_and_ends_on_the_last(m: dict[str, str], tmp_path: Path) -> None:
    result = generate("video", {"first_frame": m["red"], "last_frame": m["green"], "seconds": 4, "quality": "480p"},
                      tmp_path / "frames.mp4")
    info = probe(result.output)
    assert info.video is not None and (info.video.width, info.video.height) == (640, 480)  # 4:3 like the frame
    start, end = centre(result.output, 0.05, tmp_path), centre(result.output, 3.95, tmp_path)
    assert start[0] > start[1] + 60, f"does not open on the red frame: {start}"
    assert end[1] > end[0] + 60, f"does not end on the green frame: {end}"


@pytest.mark.slow
def test_reference_mode_with_a_clip_and_a_sound(m: dict[str, str], tmp_path: Path) -> None:
    result = generate("video", {"refs": [m["red"]], "video_refs": [m["clip"]], "audio_refs": [m["wav"]],
                                "prompt": "@image1 then @video1", "seconds": 4, "quality": "480p", "aspect": "1:1"},
                      tmp_path / "refs.mp4")
    info = probe(result.output)
    assert info.video is not None and (info.video.width, info.video.height) == (480, 480)
    assert info.audio is not None and info.duration_ms is not None and abs(info.duration_ms - 4000) <= 50
    assert result.receipt["mode"] == "reference"
    assert centre(result.output, 0.5, tmp_path)[0] > 150  # the red ref opens the clip
