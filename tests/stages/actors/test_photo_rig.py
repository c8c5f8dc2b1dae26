"""The photo rig: parts cut from a real face photo, their schedules, and the head moving alone in a render."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.render import render
from mediakit.render.profile import VideoProfile
from mediakit.stages.actors.face_mesh import find_face
from mediakit.stages.actors.look import EYE_STATES
from mediakit.stages.actors.photo_rig import (
    BROW_GAP_MS,
    PHOTO_BLINK_GAP_S,
    brow_raises,
    eye_schedule,
    frame_photo,
    photo_layer,
    photo_parts,
)
from mediakit.stages.actors.puppet import blink_track
from mediakit.stages.actors.visemes import VISEMES, VisemeSpan
from mediakit.timeline import Canvas, Timeline
from mediakit.words import Word

SIZE = (180, 320)


@pytest.fixture
def face_png(real: Path) -> Path:
    return real / "lipnet-grid-swwp2s" / "face.png"


def _pam(path: Path) -> np.ndarray:
    """The pixels of a PAM part (h x w x depth)."""
    data = path.read_bytes()
    end = data.index(b"ENDHDR\n") + len(b"ENDHDR\n")
    fields = dict(line.split(" ", 1) for line in data[:end].decode().splitlines()[1:-1])
    shape = (int(fields["HEIGHT"]), int(fields["WIDTH"]), int(fields["DEPTH"]))
    return np.frombuffer(data[end:], dtype=np.uint8).reshape(shape).astype(np.int16)


def _cells(path: Path, count: int) -> list[np.ndarray]:
    strip = _pam(path)
    width = strip.shape[1] // count
    return [strip[:, n * width:(n + 1) * width] for n in range(count)]


def test_brows_rise_on_long_words_at_most_once_in_a_while() -> None:
    words = [Word("Honestly", 0, 400), Word("this", 400, 600), Word("serum", 600, 900),
             Word("changed", 900, 1300), Word("everything", 2000, 2600)]
    assert brow_raises(words, 3000) == [(0, 620), (1920, 2820)]
    spans = brow_raises(words, 3000)
    assert all(b[0] - a[0] >= BROW_GAP_MS for a, b in zip(spans, spans[1:], strict=False))


def test_eye_cells_follow_the_blinks_with_the_brows_up_during_a_raise() -> None:
    words = [Word("absolutely", 1000, 1600)]
    schedule = eye_schedule(8000, words, seed=7)
    assert schedule[0][1] == 0 and schedule[-1][2] == 8000
    assert all(a[2] == b[1] for a, b in zip(schedule, schedule[1:], strict=False)), "no gaps, no overlaps"
    raised = {cell for cell, start, _ in schedule if 920 <= start < 1820}
    assert raised and all(cell >= len(EYE_STATES) for cell in raised)
    blinks = [(a, b) for state, a, b in blink_track(8000, 7, PHOTO_BLINK_GAP_S) if state == "closed"]
    opens = [b - a for state, a, b in blink_track(60000, 7, PHOTO_BLINK_GAP_S) if state == "open"]
    assert max(opens[:-1]) <= 5000, "never 6 s without a blink"
    assert blinks and all(any(c % 3 == EYE_STATES.index("closed") and s == a for c, s, _ in schedule)
                          for a, _ in blinks)


@pytest.mark.slow
def test_parts_are_cut_from_the_framed_photo_with_no_rectangle(face_png: Path) -> None:
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    plate = _pam(parts.paths["plate"])
    head = _pam(parts.paths["head"])
    hx, hy = parts.head
    assert plate.shape[:2] == (SIZE[1], SIZE[0])
    assert np.array_equal(head, plate[hy:hy + head.shape[0], hx:hx + head.shape[1]]), "the head is the photo"
    alpha = _pam(parts.paths["mask"])[..., 0]
    assert alpha.shape == head.shape[:2] == parts.head_size[::-1] and alpha.max() == 255
    assert max(alpha[0].max(), alpha[-1].max(), alpha[:, 0].max(), alpha[:, -1].max()) < 40, "a soft edge"
    for name, count, (x, y) in (("mouths", len(VISEMES), parts.mouth), ("eyes", 2 * len(EYE_STATES), parts.eyes)):
        for cell in _cells(parts.paths[name], count):
            h, w = cell.shape[:2]
            seen = cell[..., 3] / 255 * alpha[y:y + h, x:x + w] / 255  # the cell's alpha, then the head's mask
            edge = max(seen[0].max(), seen[-1].max(), seen[:, 0].max(), seen[:, -1].max())
            assert edge < 0.2, f"{name}: a cell fades out before its box ends (no rectangle)"


@pytest.mark.slow
def test_an_open_mouth_shows_a_dark_cavity_and_teeth_and_a_closed_one_none(face_png: Path) -> None:
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    cells = _cells(parts.paths["mouths"], len(VISEMES))
    with Image.open(face_png) as photo:
        _, framed = frame_photo(photo.convert("RGB"), find_face(face_png, field="x"), SIZE)
    lips = framed.points[[61, 291, 0, 17]] - np.add(parts.head, parts.mouth)
    x0, y0 = np.floor(lips.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(lips.max(axis=0)).astype(int) + 2
    y1 += int(0.1 * parts.face_h)  # the jaw's drop

    def shades(viseme: str) -> tuple[int, int]:
        rgb = cells[VISEMES.index(viseme)][max(0, y0):y1, max(0, x0):x1, :3]
        luma = rgb.mean(axis=2)
        return int((luma < 50).sum()), int(((luma > 150) & (rgb.max(axis=2) - rgb.min(axis=2) < 40)).sum())

    dark_aa, teeth_aa = shades("aa")
    dark_rest, teeth_rest = shades("rest")
    assert dark_aa > 40 and teeth_aa > 10, "a cavity and the upper teeth"
    assert dark_rest < dark_aa / 4 and teeth_rest < teeth_aa / 4


@pytest.mark.slow
def test_framing_centres_the_face(face_png: Path) -> None:
    with Image.open(face_png) as photo:
        plate, framed = frame_photo(photo.convert("RGB"), find_face(face_png, field="x"), SIZE)
    x0, _, x1, _ = framed.box
    assert plate.size == SIZE and abs((x0 + x1) / 2 - SIZE[0] / 2) < 2


@pytest.mark.slow
def test_the_head_moves_and_speaks_while_the_rest_of_the_photo_stays(face_png: Path, tmp_path: Path,
                                                                       frame) -> None:  # type: ignore[no-untyped-def]
    visemes = [VisemeSpan("rest", 0, 400), VisemeSpan("aa", 400, 800), VisemeSpan("rest", 800, 2400)]
    layer = photo_layer(face_png, visemes, [], size=SIZE, duration_ms=2400, seed=3, field="face_photo_url")
    assert layer.body is None and layer.head_mask is not None
    assert layer.mouth.schedule == ((0, 0, 400), (2, 400, 800), (0, 800, 2400))
    exact = VideoProfile(crf=1)  # nearly lossless: the graph's pixels, not the encoder's noise
    clip = render(Timeline(Canvas(*SIZE, 30), 2400, layers=(layer,)), tmp_path / "photo.mp4", profile=exact)
    plate = render(Timeline(Canvas(*SIZE, 30), 2400, layers=(layer.backdrop,)), tmp_path / "plate.mp4",
                   profile=exact)
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    w, h = parts.head_size
    reach = 8  # the sway and nod, in pixels at this size
    outside = np.ones((SIZE[1], SIZE[0]), dtype=bool)
    hx, hy = parts.head
    outside[max(0, hy - reach):hy + h + reach, max(0, hx - reach):hx + w + reach] = False
    shown, still = frame(clip, 600, tmp_path / "a.png"), frame(plate, 600, tmp_path / "p.png")
    assert np.abs(shown - still)[outside].max() <= 2, "outside the head the photo is untouched"
    mx, my = hx + parts.mouth[0], hy + parts.mouth[1]
    rest = frame(clip, 200, tmp_path / "r.png")
    region = (slice(my, my + 40), slice(mx, mx + 120))
    assert np.abs(shown[region] - rest[region]).mean() > 4, "the mouth opens on 'aa'"
    late = frame(clip, 2300, tmp_path / "l.png")
    assert np.abs(late - rest)[~outside].mean() > 0.5, "the head has moved"
