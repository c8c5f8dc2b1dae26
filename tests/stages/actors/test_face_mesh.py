"""Face landmarks of a real photo, and the photos the rig refuses (no face, several, too small)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from mediakit.errors import MediaError
from mediakit.stages.actors.face_mesh import MIN_FACE_PX, NOTE_FACE_PX, face_notes, find_face

pytestmark = pytest.mark.slow  # MediaPipe's import and model load: about 0.6 s


@pytest.fixture
def face_png(real: Path) -> Path:
    return real / "lipnet-grid-swwp2s" / "face.png"


def test_the_one_face_is_found_with_478_points(face_png: Path) -> None:
    face = find_face(face_png, field="face_photo_url")
    assert face.points.shape == (478, 2) and (face.width, face.height) == (360, 288)
    x0, y0, x1, y1 = face.box
    assert 100 < x0 < x1 < 260 and 90 < y0 < y1 < 270, "the face sits in the middle of the GRID frame"
    assert 120 < face.face_height < 170


def test_no_face_is_refused_naming_the_file_and_the_rule(real: Path) -> None:
    coffee = real / "skimage-coffee" / "coffee.png"
    with pytest.raises(MediaError) as err:
        find_face(coffee, field="face_photo_url")
    body = err.value.to_dict()["error"]
    assert body["details"] == [{"file": str(coffee), "rule": "no face found: the photo must show one face, "
                                f"looking at the camera, at least {MIN_FACE_PX} px tall", "field": "face_photo_url"}]
    assert body["message"].startswith("face_photo_url: ")


def test_two_faces_are_refused(face_png: Path, tmp_path: Path) -> None:
    pair = tmp_path / "pair.png"
    with Image.open(face_png) as one:
        both = Image.new("RGB", (one.width * 2, one.height))
        both.paste(one, (0, 0))
        both.paste(one, (one.width, 0))
        both.save(pair)
    with pytest.raises(MediaError, match="2 faces found: the photo must show exactly one face"):
        find_face(pair, field="face_photo_url")


def test_a_face_too_small_to_warp_is_refused(face_png: Path, tmp_path: Path) -> None:
    small = tmp_path / "small.png"
    with Image.open(face_png) as one:
        canvas = Image.new("RGB", (360, 288), (30, 150, 200))
        canvas.paste(one.resize((120, 96)), (120, 96))  # the face is now about 50 px tall
        canvas.save(small)
    with pytest.raises(MediaError, match=f"px tall: at least {MIN_FACE_PX} px needed") as err:
        find_face(small, field="actor_slug")
    assert err.value.field == "actor_slug" and err.value.path == str(small)


def test_a_small_face_is_a_receipt_note(face_png: Path) -> None:
    face = find_face(face_png, field="face_photo_url")
    (note,) = face_notes(face, field="face_photo_url")
    assert f"under {NOTE_FACE_PX} px" in note
    assert face_notes(face.scaled(4.0), field="face_photo_url") == []
