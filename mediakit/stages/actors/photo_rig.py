"""The photo actor: a real face photo rigged on its landmarks and animated inside the final render's graph.

Once per photo and frame size (cached), the rig makes the parts a
``PuppetLayer`` needs, all cut from the photo framed to the size (the
*plate*, which is the layer's backdrop and never moves):

* the **head**: the face, hair and neck inside a ring of fixed anchors around
  the face oval, with a soft **mask** that is its alpha once composed;
* a **mouth** strip, one cell per viseme: the face mesh warped to the shape
  (jaw, lips) with the mouth interior painted between the parted lips;
* an **eyes** strip: lids open, half, closed, with the brows in each pose
  the delivery uses (``acting``: at rest and on stressed words; raised for
  an excited or energetic voice, lowered for a calm or serious one).

Each strip's cells carry the alpha of the region any of their poses changes
(feathered), and equal the photo everywhere else, so neither a rectangle nor
a seam can show.  Every part is cut level and tilted each way
(``head_tilt``), as more cells of its strip; the head also at the
in-between angles a move passes through, with the mouth at rest and the eyes
open laid in (a move falls where the mouth rests), while the strips show a
blank cell.  In the graph, the cells of the moment are laid on the head, the
mask applied, and the head overlaid on the plate at sway offsets, dipping in
a nod on each stressed word (``acting.nods``): the head moves, nods and
rolls, the rest of the picture stays exactly the photo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from ...cache import cache_dir, cache_key, file_signature
from ...media_io import atomic_path, open_image, write_pam
from ...timeline import Box, ImageLayer, PuppetLayer, Sprite
from ...words import Word
from .acting import Acting, acting_for, eye_cells, nods
from .face_mesh import FaceLandmarks, find_face
from .face_poses import FACE_OVAL, LOWER_INNER, MESH_POINTS, UPPER_INNER, FacePoses
from .head_tilt import ANGLES, STEPS, TILTS, pivot, reach, tilt_schedule, tilted, with_tilt
from .look import EYE_STATES
from .mesh_warp import triangulate, warp
from .mouth_interior import paint_interior
from .portraits import POSES
from .puppet import Motion, blink_track
from .visemes import VISEMES, VisemeSpan

RIG_VERSION = "6"
RING_ABOVE, RING_BELOW = 1.35, 1.45  # the fixed ring around the face oval (the neck gives way below the chin)
MASK_SHRINK = 0.9                    # the head's mask inside the ring, feathered
FEATHER = 0.035                      # mask blur, in face heights
FACE_TOP = 0.42                      # the face centre's height in the frame, when the photo allows
PART_NAMES = ("plate", "head", "mask", "mouths", "eyes")
PHOTO_BLINK_GAP_S = (2.0, 5.0)       # a real face that never blinks for 6 s looks like a photo
VISIBLE = 1                          # levels: a smaller change of a pose is left to the photo beneath
# an acting pose's brows on a real face (face_poses.BROW_RAISE per unit): up for interest and excitement,
# down for calm (eased) and anger or drama (drawn down)
BROW_LEVELS = {"neutral": 0.0, "raised": 1.0, "soft": -0.45, "knit": -0.7}


@dataclass(frozen=True)
class PhotoParts:
    """The rig's parts for one photo at one frame size, and where they sit (pixels)."""

    paths: dict[str, Path]
    head: tuple[int, int]        # the head's top-left in the frame
    head_size: tuple[int, int]
    mouth: tuple[int, int]       # a mouth cell's top-left in the head
    eyes: tuple[int, int]        # an eyes cell's top-left in the head
    face_h: float


def photo_layer(portrait: Path, visemes: Sequence[VisemeSpan], words: Sequence[Word], *, size: tuple[int, int],
                duration_ms: int, seed: int, box: Box | None = None, start_ms: int = 0, delivery: str | None = None,
                field: str = "portrait") -> PuppetLayer:
    """``portrait`` speaking ``visemes`` as a timeline layer: warped once now, animated in the render.

    ``delivery`` (an acting style or tone) sets the brows at rest and on the
    stressed ``words``, and how much the head sways and nods on them (see
    ``acting``).
    """
    acting = acting_for(delivery)
    brows = brow_poses(acting)
    parts = photo_parts(portrait, size, brows=brows, field=field)
    motion = Motion.of(parts.face_h, seed, acting.nod)
    hx, hy = parts.head
    tilts = tilt_schedule(duration_ms, [(v.start_ms, v.end_ms) for v in visemes if v.viseme == "rest"], seed)
    eyes = tuple((brows.index(POSES[c // len(EYE_STATES)]) * len(EYE_STATES) + c % len(EYE_STATES), a, b)
                 for c, a, b in eye_cells(acting, blink_track(duration_ms, seed, PHOTO_BLINK_GAP_S), words))
    per_eyes = len(brows) * len(EYE_STATES)
    mouths = tuple((VISEMES.index(v.viseme), v.start_ms, v.end_ms) for v in visemes)
    return PuppetLayer(
        start_ms=start_ms, duration_ms=duration_ms, box=box, size=size,
        backdrop=ImageLayer(path=parts.paths["plate"]),
        head=Sprite(parts.paths["head"], hx, hy, len(ANGLES), tilts), head_mask=parts.paths["mask"],
        eyes=Sprite(parts.paths["eyes"], *parts.eyes, len(TILTS) * per_eyes + 1, with_tilt(eyes, tilts, per_eyes)),
        mouth=Sprite(parts.paths["mouths"], *parts.mouth, len(TILTS) * len(VISEMES) + 1,
                     with_tilt(mouths, tilts, len(VISEMES))),
        head_dx=motion.head_dx(), head_dy=motion.head_dy(), head_dips=nods(acting, words, parts.face_h))


def brow_poses(acting: Acting) -> tuple[str, ...]:
    """The acting poses whose brows the eyes strip holds: the resting one, then the stressed words' if another."""
    return tuple(dict.fromkeys((acting.pose, acting.stress or acting.pose)))


def photo_parts(portrait: Path, size: tuple[int, int], *, brows: tuple[str, ...] = ("neutral",),
                field: str = "portrait") -> PhotoParts:
    """The rig's parts for ``portrait`` at ``size``, its eyes in the ``brows`` poses (made once, then cached)."""
    key = cache_key("photo-rig", (RIG_VERSION, file_signature(portrait), size, brows, ANGLES))  # ANGLES: the layout
    folder = cache_dir()
    paths = {name: folder / f"photo-rig-{key}-{name}.pam" for name in PART_NAMES}
    meta = folder / f"photo-rig-{key}.npy"
    if not meta.exists() or not all(p.exists() for p in paths.values()):
        face = find_face(portrait, field=field)
        images, places = build_parts(open_image(portrait, field=field).convert("RGB"), face, size, brows)
        for name, pixels in images.items():
            write_pam(paths[name], pixels)
        with atomic_path(meta) as tmp, tmp.open("wb") as fh:
            np.save(fh, np.array(places, dtype=np.float64))
    hx, hy, hw, hh, mx, my, ex, ey, face_h = np.load(meta).tolist()
    return PhotoParts(paths, (int(hx), int(hy)), (int(hw), int(hh)), (int(mx), int(my)), (int(ex), int(ey)), face_h)


def frame_photo(photo: Image.Image, face: FaceLandmarks, size: tuple[int, int]) -> tuple[Image.Image, FaceLandmarks]:
    """The photo scaled to cover ``size`` and cropped around the face; the face's points in that frame."""
    w, h = size
    scale = max(w / photo.width, h / photo.height)
    sw, sh = round(photo.width * scale), round(photo.height * scale)
    x0, y0, x1, y1 = face.box
    ox = int(np.clip((x0 + x1) / 2 * scale - w / 2, 0, sw - w))
    oy = int(np.clip((y0 + y1) / 2 * scale - FACE_TOP * h, 0, sh - h))
    fx, fy = sw / photo.width, sh / photo.height  # only the part shown is resampled
    plate = photo.resize((w, h), Image.Resampling.LANCZOS, box=(ox / fx, oy / fy, (ox + w) / fx, (oy + h) / fy))
    return plate, face.scaled(scale, -ox, -oy)


def build_parts(photo: Image.Image, face: FaceLandmarks, size: tuple[int, int],
                brows: tuple[str, ...] = ("neutral",)) -> tuple[dict[str, np.ndarray], tuple[float, ...]]:
    """Every part's pixels, and (head x, y, w, h, mouth x, y, eyes x, y, face height) for ``PhotoParts``."""
    plate, framed = frame_photo(photo, face, size)
    pts = framed.points[:MESH_POINTS]
    oval = pts[list(FACE_OVAL)]
    centre = oval.mean(axis=0)
    stretch = np.where((oval[:, 1] > centre[1])[:, None], RING_BELOW, RING_ABOVE)
    ring = np.clip(centre + (oval - centre) * stretch, 0, np.array(size) - 1)
    x0, y0 = (np.floor(ring.min(axis=0)).astype(int) // 2 * 2).tolist()
    x1, y1 = np.ceil(ring.max(axis=0)).astype(int).tolist()
    hw, hh = min(size[0] - x0, x1 - x0 + 2) // 2 * 2, min(size[1] - y0, y1 - y0 + 2) // 2 * 2
    origin = np.array([x0, y0], dtype=np.float64)
    head = np.asarray(plate.crop((x0, y0, x0 + hw, y0 + hh)))
    corners = np.array([[0, 0], [hw / 2, 0], [hw, 0], [hw, hh / 2], [hw, hh], [hw / 2, hh], [0, hh], [0, hh / 2]])
    rest = np.concatenate([pts - origin, ring - origin, corners])
    triangles = triangulate(rest, (hw, hh))
    poses = FacePoses(pts - origin)

    def full(posed: np.ndarray) -> np.ndarray:
        return np.concatenate([posed, rest[MESH_POINTS:]])

    mouths = []
    for v in VISEMES:
        posed = full(poses.mouth(v))
        mouths.append(paint_interior(warp(head, rest, posed, triangles), posed[list(UPPER_INNER)],
                                     posed[list(LOWER_INNER)], poses.face_h, tongue_up=v == "l_th"))
    eyes = [warp(head, rest, full(poses.eyes(state, BROW_LEVELS[pose])), triangles)
            for pose in brows for state in EYE_STATES]
    mask = Image.new("L", (hw, hh), 0)
    inner = centre - origin + (ring - centre) * MASK_SHRINK
    ImageDraw.Draw(mask).polygon([tuple(p) for p in inner], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(FEATHER * poses.face_h))
    roll = pivot(poses.rest[152], poses.face_h)
    paused = head.copy()  # the face a move passes through: the mouth at rest, the eyes open, the brows at rest
    eyes_box, eyes_strip = _tilted_strip(head, eyes, poses.face_h, roll, EYE_STATES.index("open"), paused)
    mouth_box, mouth_strip = _tilted_strip(head, mouths, poses.face_h, roll, VISEMES.index("rest"), paused)
    heads = [tilted(head, roll, t, (0, 0, hw, hh)) for t in TILTS] + [tilted(paused, roll, t, (0, 0, hw, hh))
                                                                      for t in STEPS]
    images = {"plate": np.asarray(plate), "mask": np.asarray(mask), "mouths": mouth_strip, "eyes": eyes_strip,
              "head": np.concatenate(heads, axis=1)}
    return images, (x0, y0, hw, hh, *mouth_box[:2], *eyes_box[:2], poses.face_h)


def _tilted_strip(head: np.ndarray, poses: list[np.ndarray], face_h: float, roll: tuple[float, float], still: int,
                  paused: np.ndarray) -> tuple[tuple[int, int, int, int], np.ndarray]:
    """The box (in the head) holding what ``poses`` change at every tilt, and their cells side by side in one
    RGBA strip, each with the feathered alpha of that change (tilted with it): every pose at each of ``TILTS``
    (tilt-major), then a blank cell, which a move's in-between angles show (see ``with_tilt``): for them the
    ``still`` pose is laid into ``paused`` (in place), which the head's in-between cells are cut from."""
    (x, y, w, h), alpha = _region(head, poses, face_h)
    bounds = (head.shape[1], head.shape[0])
    held = reach((x, y, w, h), roll, bounds)
    sx, sy, sw, sh = reach(held, roll, bounds)  # every pixel a tilted cell samples: only this much is cut
    whole = np.zeros((sh, sw, 1), dtype=np.uint8)
    whole[y - sy:y - sy + h, x - sx:x - sx + w, 0] = alpha
    rgba = [np.concatenate([pose[sy:sy + sh, sx:sx + sw], whole], axis=2) for pose in poses]
    centre, box = (roll[0] - sx, roll[1] - sy), (held[0] - sx, held[1] - sy, held[2], held[3])
    cw = held[2]
    strip = np.zeros((held[3], cw * (len(TILTS) * len(poses) + 1), 4), dtype=np.uint8)
    for t, degrees in enumerate(TILTS):
        for n in range(len(poses)):
            at = (t * len(poses) + n) * cw
            strip[:, at:at + cw] = tilted(rgba[n], centre, degrees, box)
    a = alpha[..., None].astype(np.float32) / 255
    region = paused[y:y + h, x:x + w]
    region[:] = (region * (1 - a) + poses[still][y:y + h, x:x + w] * a).round().astype(np.uint8)
    return held, strip


def _region(head: np.ndarray, poses: list[np.ndarray],
            face_h: float) -> tuple[tuple[int, int, int, int], np.ndarray]:
    """The even box around what ``poses`` (warped heads) visibly change, and the feathered alpha of that
    change inside it: past its edge every pose is within a level of the photo, so nothing can show."""
    changed: np.ndarray = np.zeros(head.shape[:2], dtype=np.uint8)
    for posed in poses:
        r, g, b = cv2.split(cv2.absdiff(posed, head))
        changed = cv2.max(changed, cv2.max(cv2.max(r, g), b))
    soft = max(1.0, 0.01 * face_h)
    mask = cv2.dilate((changed > VISIBLE).astype(np.uint8) * 255, np.ones((5, 5), np.uint8))
    mask = cv2.GaussianBlur(mask, (0, 0), soft)
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return (0, 0, 2, 2), mask[:2, :2]
    x0, y0 = int(xs.min()) // 2 * 2, int(ys.min()) // 2 * 2
    x1, y1 = int(xs.max()) + 1, int(ys.max()) + 1
    x1, y1 = min(head.shape[1], x1 + x1 % 2), min(head.shape[0], y1 + y1 % 2)
    return (x0, y0, x1 - x0, y1 - y0), mask[y0:y1, x0:x1]
