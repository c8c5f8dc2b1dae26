"""One job in several aspects: the voice spoken once, an output per aspect, one receipt; 4:5 pictures that keep
the captions off every face."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from mediakit.analysis import stage as analysis_stage
from mediakit.captions import get_style
from mediakit.captions.caption_metrics import CaptionMetrics
from mediakit.errors import ValidationError
from mediakit.generation import fill
from mediakit.generation.aspects import (
    aspect_notes,
    aspect_outputs,
    generate_aspects,
    metered_aspects,
    parse_aspects,
)
from mediakit.generation.contract import Metered, Options, Receipt
from mediakit.generation.registry import get_generator
from mediakit.generation.run import plan_job
from mediakit.generation.spoken_ad import canvas_for
from mediakit.probe import probe
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import ActorLayer, Canvas, SequenceLayer, Timeline

SCRIPT = "I could never keep a habit going. This app keeps my streak alive."
BROWS = 0.3   # head units above a bust's face centre: its brows
UGC = ("I tried this cold brew for a week and it changed my mornings. It is smooth and never bitter. "
       "Grab yours today.")


@pytest.fixture(scope="module")
def product(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("product") / "jar.png"
    img = Image.new("RGB", (600, 800), "white")
    img.paste(Image.new("RGB", (300, 500), (180, 90, 40)), (150, 150))
    img.save(path)
    return path


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every take the voice engine is asked for (the fill re-speaks once to fit the bucket: a take per try)."""
    asked: list[str] = []
    real = fill.speak

    def counted(request: Any) -> Any:
        asked.append(request.text)
        return real(request)

    monkeypatch.setattr(fill, "speak", counted)
    return asked


def test_parse_aspects_names_the_option_and_the_values_allowed() -> None:
    assert parse_aspects("9:16, 4:5,1:1", "ugc_video") == ("9:16", "4:5", "1:1")
    with pytest.raises(ValidationError) as bad:
        parse_aspects("9:16,4:3", "ugc_video")
    assert bad.value.field == "aspects" and "9:16, 16:9, 1:1, 4:5" in bad.value.rule and "'4:3'" in bad.value.rule
    assert "\n" not in str(bad.value)
    with pytest.raises(ValidationError, match="9:16, 4:5, 1:1 "):
        parse_aspects("16:9", "show_your_app")                     # a phone in a landscape frame: not drawn
    with pytest.raises(ValidationError, match="twice"):
        parse_aspects("4:5,4:5", "ugc_video")
    with pytest.raises(ValidationError, match="one aspect per job") as one:
        parse_aspects("9:16,4:5", "subtitle")
    assert one.value.field == "aspects"


def test_outputs_are_named_for_their_aspect(tmp_path: Path) -> None:
    assert aspect_outputs(tmp_path / "ad.mp4", ("9:16", "4:5")) == {
        "9:16": tmp_path / "ad_9x16.mp4", "4:5": tmp_path / "ad_4x5.mp4"}


def test_each_aspect_is_metered_as_a_render_and_a_written_script_once() -> None:
    one = Metered(generator="ugc_video", seconds=10, script_generated=True)
    three = metered_aspects(one, 3)
    assert [s.script_generated for s in three.steps] == [True, False, False]
    assert all(s.seconds == 10 and s.generator == "ugc_video" for s in three.steps)


def test_three_aspects_speak_once_and_deliver_three_files(tmp_path: Path, spoken: list[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    photo = tmp_path / "shop.png"   # a picture of its own, so no earlier test's analysis is in the cache
    img = Image.new("RGB", (640, 360), (40, 90, 150))
    img.paste(Image.new("RGB", (200, 240), (230, 200, 60)), (60, 80))
    img.putpixel((0, 0), tuple(uuid.uuid4().bytes[:3]))
    img.save(photo)
    measured: list[Path] = []
    real_measure = analysis_stage._measure
    monkeypatch.setattr(analysis_stage, "_measure", lambda path, field: measured.append(path) or
                        real_measure(path, field))
    body = {"script": "Grab this cold brew. It changed my mornings. Try it today.", "actor_slug": "maya-chen",
            "target_duration": 5, "broll_images": [str(photo)]}
    result = generate_aspects("ugc_video", body, "9:16,4:5,1:1", tmp_path / "ad.mp4",
                              options=Options(extra={"preview_height": 160}))
    takes = len(spoken)
    assert 1 <= takes <= 2 and len(set(spoken)) == 1     # one voice: a take and at most its one re-take
    assert measured.count(photo) == 1                    # one analysis of the b-roll photo for the three canvases
    sizes = {a: (probe(p).video.width, probe(p).video.height) for a, p in result.outputs.items()}  # type: ignore[union-attr]
    assert sizes == {"9:16": (90, 160), "4:5": (128, 160), "1:1": (160, 160)}
    assert {p.name for p in result.outputs.values()} == {"ad_9x16.mp4", "ad_4x5.mp4", "ad_1x1.mp4"}
    assert all((tmp_path / f"ad_{t}.srt").exists() and (tmp_path / f"ad_{t}.poster.png").exists()
               for t in ("9x16", "4x5", "1x1"))
    receipt = json.loads((tmp_path / "ad.receipt.json").read_text())
    assert receipt["outputs"] == {a: str(p) for a, p in result.outputs.items()}
    assert receipt["aspects"] == ["9:16", "4:5", "1:1"] and len(receipt["metered"]["steps"]) == 3
    assert receipt["estimated_duration"] == 5


def test_a_bad_aspect_is_refused_before_the_voice(screen: Path, tmp_path: Path, spoken: list[str]) -> None:
    body = {"app_screenshot_url": str(screen), "script": SCRIPT}
    with pytest.raises(ValidationError) as bad:
        generate_aspects("show_your_app", body, "9:16,2:3", tmp_path / "ad.mp4")
    assert bad.value.field == "aspects" and bad.value.to_dict()["error"]["code"] == "validation_error"
    assert spoken == [] and list(tmp_path.iterdir()) == []


def _faces(timeline: Timeline, *, hair: bool = True) -> list[tuple[float, float]]:
    """Heights (px) of the face of every drawn actor shown whole (not a cropped close-up) on the timeline: with
    its hair (the band placement keeps clear), or from the brows down."""
    canvas, bands = timeline.canvas, []
    for layer in timeline.layers:
        actors = [(s, layer.box or canvas.box) for s in layer.scenes] if isinstance(layer, SequenceLayer) \
            else [(layer, layer.box or canvas.box)]
        for actor, box in actors:
            if isinstance(actor, ActorLayer) and actor.crop is None:
                top, bottom = face_band(box.w, box.h)
                _, face_y, unit = bust_geometry(box.w, box.h)
                bands.append((box.y + (top if hair else face_y - BROWS * unit), box.y + bottom))
    return bands


def _page(timeline: Timeline) -> tuple[float, float]:
    captions, canvas = timeline.captions, timeline.canvas
    assert captions is not None and captions.centre_y is not None
    half = CaptionMetrics(get_style(captions.style), canvas.width, canvas.height).tallest_page / 2
    return captions.centre_y - half, captions.centre_y + half


@pytest.mark.parametrize("route", ["talking", "pip", "phone", "laptop", "product"])
def test_a_4_5_picture_keeps_the_captions_off_every_face(route: str, screen: Path, product: Path,
                                                         tmp_path: Path) -> None:
    generator, body = {
        "talking": ("ugc_video", {"script": UGC, "actor_slug": "maya-chen", "target_duration": 10}),
        "pip": ("ugc_video", {"script": UGC, "actor_slug": "maya-chen", "target_duration": 10,
                              "composition_mode": "pip", "product_image_url": str(product)}),
        "phone": ("show_your_app", {"app_screenshot_url": str(screen), "script": SCRIPT}),
        "laptop": ("laptop_ugc", {"app_screen_image_url": str(screen), "script": SCRIPT + " " + SCRIPT}),
        "product": ("product_acting_ugc", {"product_image_url": str(product), "actor_slug": "maya-chen",
                                           "script": SCRIPT}),
    }[route]
    options = Options(extra={"preview_height": 320})
    gen, plan = plan_job(generator, body, options=options)
    canvas = canvas_for("4:5", 320)
    timeline = gen.build_aspects(plan, {"4:5": canvas}, tmp_path)["4:5"].timeline
    assert timeline is not None and (timeline.canvas.width, timeline.canvas.height) == (256, 320)
    top, bottom = _page(timeline)
    assert 0 <= top and bottom <= canvas.height
    # 4:5 is too short for a full-frame head, captions above it and a laptop or a product under the chin: there
    # the captions may cross the top of the hair, never the face
    faces = _faces(timeline, hair=route not in ("laptop", "product"))
    assert faces, "a drawn actor is shown whole"
    for face_top, face_bottom in faces:
        assert bottom <= face_top or top >= face_bottom, (route, (top, bottom), (face_top, face_bottom))


def test_every_spoken_ad_lists_4_5() -> None:
    for name in ("ugc_video", "saas_review", "show_your_app", "laptop_ugc", "product_acting_ugc"):
        assert "4:5" in get_generator(name).aspects
    assert Canvas.for_aspect("4:5") == Canvas(1080, 1350)


def test_each_aspect_s_own_notes_are_said_under_its_name() -> None:
    """A note every aspect has is said once; a note of one canvas (an upscale it alone needs, its own placement)
    is said under that aspect's name, not lost behind the first aspect's receipt."""
    shared = "the face photo is 288 px wide"
    receipts = {"9:16": Receipt(notes=(shared, "face photo enlarged 6.7x for the 9:16 frame")),
                "4:5": Receipt(notes=(shared,)),
                "1:1": Receipt(notes=(shared, "captions placed under the chin"))}
    assert aspect_notes(receipts) == (shared, "9:16: face photo enlarged 6.7x for the 9:16 frame",
                                      "1:1: captions placed under the chin")
