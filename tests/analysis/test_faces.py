"""The face detector loads without MediaPipe's eager imports, and MediaPipe still works whole afterwards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = """
import sys, numpy as np
from mediakit.analysis.faces import find_faces
find_faces(np.zeros((64, 64, 3), np.uint8))
assert "matplotlib" not in sys.modules and "sounddevice" not in sys.modules, "eager imports ran"
import mediapipe as mp
assert mp.solutions.face_mesh.FaceMesh and mp.solutions.face_detection.FaceDetection and mp.__version__
from mediapipe.tasks.python import vision
assert vision.FaceLandmarker
print("ok")
"""


@pytest.mark.slow
def test_the_detector_loads_light_and_mediapipe_still_imports_whole(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")
