"""The generic image generator: arguments, per-model resolutions and refs, n images, PNG out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.generation.registry import get_generator
from mediakit.generation.run import generate, plan_job


def parse_error(body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        get_generator("image").parse(body)
    return info.value


@pytest.mark.parametrize("body, field, rule", [
    ({}, "prompt", "is required"),
    ({"prompt": ""}, "prompt", "must be at least 1 characters"),
    ({"prompt": "x" * 4001}, "prompt", "must be at most 4000 characters"),
    ({"prompt": "x", "n": 0}, "n", "must be at least 1"),
    ({"prompt": "x", "n": 5}, "n", "must be at most 4"),
    ({"prompt": "x", "resolution": "4K"}, "resolution", "one of 1024x1024, 1024x1536, 1536x1024, 1K, 2K"),
    ({"prompt": "x", "refs": ["a.png"] * 5}, "refs", "must hold at most 4 items"),
    ({"prompt": "x", "size": "1024x1024"}, "size", "is not a field of this request"),
    ({"prompt": "x", "model": "video-engine-2.0"}, "model", "must be auto or a live image model: image-engine-2.5, "
                                                            "image-engine-2.5-flare, image-engine-2, image-engine-pro"),
])
def test_parse_rules(body: dict[str, Any], field: str, rule: str) -> None:
    err = parse_error(body)
    assert err.field == field and rule in err.rule and err.status == 400


@pytest.mark.parametrize("body, field, rule", [
    ({"model": "image-engine-2.5", "prompt": "x", "resolution": "2K"}, "resolution",
     "must be one of 1024x1024, 1024x1536, 1536x1024 on image-engine-2.5"),
    ({"model": "image-engine-pro", "prompt": "x", "resolution": "1024x1536"}, "resolution",
     "must be one of 1K, 2K on image-engine-pro"),
    ({"prompt": "x", "resolution": "1K"}, "resolution", "on image-engine-2.5 (chosen by auto)"),
])
def test_resolutions_per_model(body: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(ValidationError) as info:
        plan_job("image", body)
    assert info.value.field == field and rule in info.value.rule


@pytest.mark.parametrize("model, resolution, size", [
    ("image-engine-2", None, (1024, 1024)), ("image-engine-2.5-flare", "1536x1024", (1536, 1024)),
    ("image-engine-pro", None, (1024, 1024)), ("image-engine-pro", "2K", (2048, 2048)),
])
def test_plan_sizes_and_metering(model: str, resolution: str | None, size: tuple[int, int]) -> None:
    body: dict[str, Any] = {"model": model, "prompt": "a can", "n": 3}
    if resolution:
        body["resolution"] = resolution
    _, plan = plan_job("image", body)
    job = plan.job  # type: ignore[attr-defined]
    assert (job.width, job.height, job.n, job.mode) == (*size, 3, "text-to-image")
    assert plan.metered.to_dict() == {"operation": "image", "model": model, "mode": "text-to-image", "images": 3}
    assert plan.receipt.auto is None and plan.receipt.model == model


def test_a_ref_that_is_not_an_image_names_its_index(tmp_path: Path) -> None:
    (tmp_path / "note.txt").write_text("hello")
    Image.new("RGB", (50, 50)).save(tmp_path / "ok.png")
    with pytest.raises(MediaError) as info:
        plan_job("image", {"prompt": "x", "refs": [str(tmp_path / "ok.png"), str(tmp_path / "note.txt")]})
    assert info.value.field == "refs[1]"


@pytest.mark.slow
def test_n_images_are_written_beside_the_output_and_listed(tmp_path: Path) -> None:
    result = generate("image", {"prompt": "Ocean waves at sunset", "n": 3, "resolution": "1024x1536",
                                "model": "image-engine-2"}, tmp_path / "waves.png")
    names = ["waves.png", "waves-2.png", "waves-3.png"]
    arrays = []
    for name in names:
        with Image.open(tmp_path / name) as im:
            assert (im.format, im.size) == ("PNG", (1024, 1536))
            arrays.append(np.asarray(im.convert("RGB")))
    assert not np.array_equal(arrays[0], arrays[1])
    receipt = json.loads((tmp_path / "waves.receipt.json").read_text())
    assert receipt["outputs"] == [str(tmp_path / n) for n in names]
    assert receipt["metered"]["images"] == 3 and receipt["model"] == "image-engine-2"
    assert receipt["engine"] == "local-designer"
    assert {k: v.name for k, v in result.files.items()} == {"output-2": "waves-2.png", "output-3": "waves-3.png",
                                                            "receipt": "waves.receipt.json"}


@pytest.mark.slow
def test_image_edit_composes_the_refs(tmp_path: Path) -> None:
    ref = tmp_path / "ref.jpg"
    Image.new("RGB", (300, 200), (250, 120, 0)).save(ref)
    result = generate("image", {"prompt": "Orange everything", "refs": [str(ref)]}, tmp_path / "edit.png")
    assert result.receipt["mode"] == "image-edit"
    with Image.open(result.output) as im:
        px = np.asarray(im.convert("RGB")).astype(int)
    assert px.shape == (1024, 1024, 3)
    assert (np.abs(px - np.array((250, 120, 0))).sum(axis=2) < 60).mean() > 0.3


def test_the_output_must_be_a_png_path(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match=r"output: must end in \.png \(image writes PNG\)"):
        generate("image", {"prompt": "x"}, tmp_path / "out.jpg")
    assert list(tmp_path.iterdir()) == []
