"""The photo rig: parts cut from a real face photo, their schedules, and the head moving alone in a render."""

from __future__ import annotations

import itertools
import subprocess
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from mediakit.render import render
from mediakit.render.profile import VideoProfile
from mediakit.stages.actors.acting import acting_for, eye_cells
from mediakit.stages.actors.face_mesh import find_face
from mediakit.stages.actors.face_poses import BROWS
from mediakit.stages.actors.head_tilt import ANGLES, TILTS
from mediakit.stages.actors.look import EYE_STATES
from mediakit.stages.actors.photo_rig import (
    BROW_LEVELS,
    PHOTO_BLINK_GAP_S,
    brow_poses,
    frame_photo,
    photo_layer,
    photo_parts,
)
from mediakit.stages.actors.portraits import POSES
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


def test_the_brows_act_the_delivery_and_lift_on_stressed_words_through_the_blinks() -> None:
    words = [Word("Honestly", 1000, 1500), Word("this", 1500, 1700)]
    excited = photo_layer_schedule("excited", words)
    calm = photo_layer_schedule("calm", words)
    neutral = photo_layer_schedule(None, words)
    assert brow_poses(acting_for("excited")) == ("raised",) and brow_poses(acting_for("calm")) == ("soft",)
    assert brow_poses(acting_for(None)) == ("neutral", "raised")
    assert BROW_LEVELS["raised"] > BROW_LEVELS["neutral"] == 0 > BROW_LEVELS["soft"]
    per = len(EYE_STATES)
    assert {c // per for c, _, _ in excited} == {0} == {c // per for c, _, _ in calm}, "one pose the whole time"
    lifted = {c // per for c, start, _ in neutral if 1000 <= start < 1450}
    assert lifted == {1} and {c // per for c, start, _ in neutral if start >= 1500} == {0}
    assert all(a[2] == b[1] for a, b in itertools.pairwise(neutral)), "no gaps, no overlaps"
    blinks = [a for state, a, _ in blink_track(8000, 7, PHOTO_BLINK_GAP_S) if state == "closed"]
    assert blinks and all(any(c % per == EYE_STATES.index("closed") and s == a for c, s, _ in neutral)
                          for a in blinks)
    opens = [b - a for state, a, b in blink_track(60000, 7, PHOTO_BLINK_GAP_S) if state == "open"]
    assert max(opens[:-1]) <= 5000, "never 6 s without a blink"


def photo_layer_schedule(delivery: str | None, words: list[Word]) -> tuple[tuple[int, int, int], ...]:
    """The eyes strip's schedule (cells within one tilt) a photo actor plays for ``delivery`` over 8 s."""
    acting = acting_for(delivery)
    brows = brow_poses(acting)
    return tuple((brows.index(POSES[c // 3]) * 3 + c % 3, a, b)
                 for c, a, b in eye_cells(acting, blink_track(8000, 7, PHOTO_BLINK_GAP_S), words))


@pytest.mark.slow
def test_parts_are_cut_from_the_framed_photo_with_no_rectangle(face_png: Path) -> None:
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    plate = _pam(parts.paths["plate"])
    level, *leaning = _cells(parts.paths["head"], len(ANGLES))
    hx, hy = parts.head
    assert plate.shape[:2] == (SIZE[1], SIZE[0])
    assert np.array_equal(level, plate[hy:hy + level.shape[0], hx:hx + level.shape[1]]), "the head is the photo"
    head = level
    alpha = _pam(parts.paths["mask"])[..., 0]
    assert alpha.shape == head.shape[:2] == parts.head_size[::-1] and alpha.max() == 255
    assert max(alpha[0].max(), alpha[-1].max(), alpha[:, 0].max(), alpha[:, -1].max()) < 40, "a soft edge"
    cells = (("mouths", len(TILTS) * len(VISEMES) + 1, parts.mouth),
             ("eyes", len(TILTS) * len(EYE_STATES) + 1, parts.eyes))
    for name, count, (x, y) in cells:
        for cell in _cells(parts.paths[name], count):
            h, w = cell.shape[:2]
            seen = cell[..., 3] / 255 * alpha[y:y + h, x:x + w] / 255  # the cell's alpha, then the head's mask
            edge = max(seen[0].max(), seen[-1].max(), seen[:, 0].max(), seen[:, -1].max())
            assert edge < 0.2, f"{name}: a cell fades out before its box ends (no rectangle)"


@pytest.mark.slow
def test_an_open_mouth_shows_a_dark_cavity_and_teeth_and_a_closed_one_none(face_png: Path) -> None:
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    cells = _cells(parts.paths["mouths"], len(TILTS) * len(VISEMES) + 1)[:len(VISEMES)]  # level
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


@pytest.mark.slow
def test_an_excited_face_holds_its_brows_higher_than_a_calm_one(face_png: Path) -> None:
    """The face at rest (lids open, head level) for each delivery: the rows of the brows' band (where the landmarks
    put the brows) match best with the excited face's shifted up against the calm one's."""
    with Image.open(face_png) as photo:
        _, framed = frame_photo(photo.convert("RGB"), find_face(face_png, field="x"), SIZE)
    brows = framed.points[[i for line in BROWS for i in line]]

    def band(delivery: str) -> np.ndarray:
        parts = photo_parts(face_png, SIZE, brows=brow_poses(acting_for(delivery)), field="face_photo_url")
        face = _cells(parts.paths["head"], len(ANGLES))[0].astype(np.float64)
        cell = _cells(parts.paths["eyes"], len(TILTS) * len(EYE_STATES) + 1)[EYE_STATES.index("open")]
        (x, y), (h, w) = parts.eyes, cell.shape[:2]
        alpha = cell[..., 3:] / 255
        face[y:y + h, x:x + w] = face[y:y + h, x:x + w] * (1 - alpha) + cell[..., :3] * alpha
        (x0, y0), (x1, y1) = (brows.min(axis=0) - parts.head).astype(int), (brows.max(axis=0) - parts.head).astype(int)
        reach = int(0.12 * parts.face_h)
        rows = face[y0 - reach:y1 + reach // 3, x0:x1].mean(axis=(1, 2))
        return rows - rows.mean()

    excited, calm = band("excited"), band("calm")
    shifts = range(-12, 13)
    fit = [float(np.dot(excited[max(0, k):len(excited) + min(0, k)], calm[max(0, -k):len(calm) - max(0, k)]))
           for k in shifts]
    lift = -shifts[int(np.argmax(fit))]   # excited row r matches calm row r + lift
    assert lift >= 3, f"the brows are {lift} px higher when excited than calm"


@pytest.mark.slow
def test_the_head_rolls_about_the_neck_in_its_tilted_cells_and_in_the_layer(face_png: Path) -> None:
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    level, left, right = _cells(parts.paths["head"], len(ANGLES))[:len(TILTS)]
    h = level.shape[0]
    for leaning in (left, right):
        assert np.abs(leaning - level)[: h // 3].mean() > 5, "the crown moves"
        assert np.abs(leaning - level)[h // 3:].mean() < np.abs(leaning - level)[: h // 3].mean()
    visemes = [VisemeSpan(shape, t + offset, t + offset + span) for t in range(0, 6000, 600)
               for shape, offset, span in (("aa", 0, 200), ("rest", 200, 400))]  # 400 ms pauses
    layer = photo_layer(face_png, visemes, [], size=SIZE, duration_ms=6000, seed=3)
    assert layer.head.cells == len(ANGLES) and len({c for c, _, _ in layer.head.schedule}) > 1
    for c, start, end in layer.head.schedule:
        assert c < len(TILTS) or any(v.viseme == "rest" and v.start_ms <= start and end <= v.end_ms
                                     for v in visemes), "the head moves while the mouth rests"
    held = [(c if c < len(TILTS) else -1, a) for c, a, _ in layer.head.schedule]  # -1: moving (a blank cell)
    changes = [a for (c, a), (before, _) in zip(held[1:], held, strict=False) if c != before]
    assert {a for _, a, _ in layer.mouth.schedule} >= set(changes), "the mouth leans with the head"
    assert {a for _, a, _ in layer.eyes.schedule} >= set(changes), "and so do the eyes"


def _gray_frames(clip: Path) -> np.ndarray:
    """Every frame of ``clip`` as luma (frames, h, w), float32."""
    from mediakit.ffmpeg import ffmpeg_exe

    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(clip), "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, SIZE[1], SIZE[0]).astype(np.float32)


@pytest.mark.slow
def test_a_tilt_change_is_a_smooth_move_not_a_jump(face_png: Path, tmp_path: Path) -> None:
    """The hairline's largest shift from one frame to the next, over a move to a tilt, is at most 6 px scaled
    from 1080x1920 to this frame (1 px), while the move as a whole shifts it by several."""
    visemes = [VisemeSpan("aa", 0, 2400), VisemeSpan("rest", 2400, 2800), VisemeSpan("aa", 2800, 4000)]
    layer = photo_layer(face_png, visemes, [], size=SIZE, duration_ms=4000, seed=3)
    layer = replace(layer, head_dx=(), head_dy=(), head_dips=())  # the roll alone
    assert {a for a, _, _ in layer.head.schedule} & set(range(len(TILTS), len(ANGLES))), "a move is scheduled"
    clip = render(Timeline(Canvas(*SIZE, 30), 4000, layers=(layer,)), tmp_path / "tilt.mp4",
                  profile=VideoProfile(crf=1))
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    (hx, hy), (w, h) = parts.head, parts.head_size
    crown = (slice(hy, hy + h // 3), slice(hx, hx + w))
    frames = [f[crown] for f in _gray_frames(clip)[60:100]]  # 2.0-3.3 s: level, the move, the tilt
    window = (_pam(parts.paths["mask"])[..., 0][:h // 3] / 255).astype(np.float32)  # the head alone: it rolls
    steps = [float(np.hypot(*cv2.phaseCorrelate(a, b, window)[0])) for a, b in itertools.pairwise(frames)]
    whole = float(np.hypot(*cv2.phaseCorrelate(frames[0], frames[-1], window)[0]))
    assert whole >= 2.5 and max(steps) <= 6 * SIZE[1] / 1920 + 0.25, (whole, max(steps))


@pytest.mark.slow
def test_the_photo_actor_nods_on_stressed_words_and_nothing_else_moves(face_png: Path, tmp_path: Path,
                                                                        frame) -> None:  # type: ignore[no-untyped-def]
    words = [Word("so", 200, 400), Word("Honestly", 1000, 1500), Word("it", 1600, 1700)]
    layer = photo_layer(face_png, [VisemeSpan("rest", 0, 2000)], words, size=SIZE, duration_ms=2000, seed=3,
                        delivery="excited")
    assert layer.head_dips and layer.head_dips[0].start_ms == 1000 and layer.head_dips[0].amplitude > 0
    layer = replace(layer, head_dx=(), head_dy=())  # the nod alone
    exact = VideoProfile(crf=1)
    clip = render(Timeline(Canvas(*SIZE, 30), 2000, layers=(layer,)), tmp_path / "nod.mp4", profile=exact)
    plate = render(Timeline(Canvas(*SIZE, 30), 2000, layers=(layer.backdrop,)), tmp_path / "plate.mp4",
                   profile=exact)
    parts = photo_parts(face_png, SIZE, field="face_photo_url")
    (hx, hy), (w, h) = parts.head, parts.head_size
    head = (slice(hy, hy + h), slice(hx, hx + w))
    before, nodding = frame(clip, 700, tmp_path / "b.png"), frame(clip, 1200, tmp_path / "n.png")
    luma = [f.mean(axis=2).astype(np.float32)[head] for f in (before, nodding)]
    (dx, dy), _ = cv2.phaseCorrelate(*luma, cv2.createHanningWindow(luma[0].shape[::-1], cv2.CV_32F))
    assert dy >= 2 and abs(dx) < 1, (dx, dy)  # down, on "Honestly"
    reach = 8
    outside = np.ones((SIZE[1], SIZE[0]), dtype=bool)
    outside[max(0, hy - reach):hy + h + reach, max(0, hx - reach):hx + w + reach] = False
    still = frame(plate, 1200, tmp_path / "p.png")
    assert np.abs(nodding - still)[outside].max() <= 2, "outside the head the photo is untouched"
