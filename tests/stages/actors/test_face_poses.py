"""Key poses of a real face's landmarks: the jaw and lips for each viseme, the lids and the brows."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mediakit.stages.actors.face_mesh import find_face
from mediakit.stages.actors.face_poses import (
    BROWS,
    EYES,
    JAW_SHARE,
    LOWER_INNER,
    MAX_OPEN,
    MOUTH_SHAPES,
    UPPER_INNER,
    FacePoses,
)

pytestmark = pytest.mark.slow  # finds the face once (MediaPipe)


@pytest.fixture(scope="module")
def poses(real: Path) -> FacePoses:
    return FacePoses(find_face(real / "lipnet-grid-swwp2s" / "face.png", field="face_photo_url").points)


def _gap(points: np.ndarray) -> float:
    return float(points[14, 1] - points[13, 1])


def _width(points: np.ndarray) -> float:
    return float(points[291, 0] - points[61, 0])


def test_open_shapes_part_the_lips_by_their_opening_and_closed_ones_shut_them(poses: FacePoses) -> None:
    full = MAX_OPEN * poses.face_h
    assert _gap(poses.mouth("aa")) == pytest.approx(full, rel=0.02)
    assert 0.5 * full < _gap(poses.mouth("eh")) < 0.7 * full
    for closed in ("rest", "mbp"):
        lips = poses.mouth(closed)
        assert np.allclose(lips[list(LOWER_INNER), 1], lips[list(UPPER_INNER), 1], atol=0.5), closed
    assert poses.gap() > 1, "the photo's own mouth is a little open, and the rest pose closes it"


def test_the_chin_drops_with_the_jaw_and_the_forehead_stays(poses: FacePoses) -> None:
    drop = poses.mouth("aa") - poses.rest
    assert drop[152, 1] > 0.5 * JAW_SHARE * (MAX_OPEN * poses.face_h - poses.gap()), "the chin follows the jaw"
    assert np.abs(drop[[10, 1, 33, 263]]).max() < 0.5, "forehead, nose tip and eyes do not move"


def test_lips_spread_and_round(poses: FacePoses) -> None:
    rest = _width(poses.mouth("rest"))
    assert _width(poses.mouth("ee")) > 1.08 * rest
    assert _width(poses.mouth("oo")) < 0.85 * rest < _width(poses.mouth("oh"))


def test_lids_close_and_brows_rise_or_lower(poses: FacePoses) -> None:
    for (upper, lower), brow in zip(EYES, BROWS, strict=True):
        shut = poses.eyes("closed")
        half = poses.eyes("half")
        gap = poses.rest[list(lower), 1] - poses.rest[list(upper), 1]
        closed_gap = shut[list(lower), 1] - shut[list(upper), 1]
        assert np.all(np.abs(closed_gap) < 0.05 * gap + 0.2), "the lids meet"
        assert np.all(half[list(lower), 1] - half[list(upper), 1] < 0.6 * gap)
        raised, lowered = poses.eyes("open", brow=1.0), poses.eyes("open", brow=-0.5)
        assert np.all(raised[list(brow), 1] < poses.rest[list(brow), 1] - 0.03 * poses.face_h)
        assert np.all(lowered[list(brow), 1] > poses.rest[list(brow), 1] + 0.015 * poses.face_h)
        for moved in (raised, lowered):
            assert np.allclose(moved[list(lower)], poses.rest[list(lower)]), "the lower lid stays"
    with pytest.raises(KeyError):
        poses.mouth("yawn")


def test_the_mouths_opening_follows_the_speechs_loudness_without_lag() -> None:
    """Issue 24's sync figure on a short eSpeak line: opening per frame vs RMS, best lag within 40 ms."""
    from mediakit.media_io import decode_audio
    from mediakit.stages.actors import SpeechInput
    from mediakit.stages.actors.visemes import speech_visemes
    from mediakit.stages.voice import synthesize

    speech = SpeechInput.from_speech(synthesize("Honestly, this little bottle changed my whole morning routine."))
    frame_ms = 40
    frames = speech.duration_ms // frame_ms
    opening = np.zeros(frames)
    for span in speech_visemes(speech.phonemes, speech.words, speech.audio, speech.duration_ms):
        opening[span.start_ms // frame_ms:span.end_ms // frame_ms] = MOUTH_SHAPES[span.viseme][0]
    pcm = decode_audio(speech.audio, rate=16000)
    hop = 16000 * frame_ms // 1000
    rms = np.sqrt((np.pad(pcm, (0, frames * hop))[:frames * hop].reshape(frames, hop) ** 2).mean(axis=1))
    best = max((float(np.corrcoef(opening[max(0, k):frames + min(0, k)], rms[max(0, -k):frames + min(0, -k)])[0, 1]), k)
               for k in range(-3, 4))
    assert best[0] >= 0.5 and abs(best[1]) * frame_ms <= 40, best  # measured: 0.68 at 0 ms
