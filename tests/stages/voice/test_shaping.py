"""What the neural engines share after synthesis: level and a duration-keeping pitch shift."""

from __future__ import annotations

import numpy as np
import pytest

from mediakit.stages.voice import shaping


def test_pitch_shift_clips_samples_past_full_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    """A model can overshoot full scale; those samples reach ffmpeg clipped, not wrapped to the other sign."""
    sent: list[bytes] = []

    def fake_ffmpeg(args: list[str], *, what: str, input_bytes: bytes) -> bytes:
        sent.append(input_bytes)
        return input_bytes

    monkeypatch.setattr(shaping, "run_ffmpeg", fake_ffmpeg)
    audio = np.array([0.5, 1.2, -1.3, 1.0, -0.25], dtype=np.float32)
    out = shaping.pitch_shift(audio, 22050, 2.0)
    assert np.frombuffer(sent[0], "<i2").tolist() == [16384, 32767, -32768, 32767, -8192]
    assert out.tolist() == pytest.approx([0.5, 1.0, -1.0, 1.0, -0.25], abs=1e-4)


def test_level_normalises_the_peak_then_applies_volume() -> None:
    audio = np.array([0.1, -0.3, 0.2], dtype=np.float32)
    assert float(np.abs(shaping.level(audio, 1.0)).max()) == pytest.approx(shaping.PEAK)
    assert float(np.abs(shaping.level(audio, 0.5)).max()) == pytest.approx(shaping.PEAK / 2)
    assert float(np.abs(shaping.level(audio, 2.0)).max()) == 1.0  # louder than full scale is clipped

