"""media_io: the one WAV writer (rounding and clipping pinned), decoding, image opening, media kinds."""

from __future__ import annotations

import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import ffmpeg_exe
from mediakit.media_io import atomic_path, decode_audio, image_size, media_kind, open_image, pcm16, write_pam, write_wav


def test_pcm16_rounds_and_clips_without_wrapping() -> None:
    samples = np.array([0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 1e-5, 2.0e-5, 0.99999])
    assert pcm16(samples).tolist() == [0, 16384, -16384, 32767, -32767, 32767, -32768, 0, 1, 32767]


def test_write_wav_stereo_round_trip_and_no_temp_left(tmp_path: Path) -> None:
    left = np.array([0.25, -0.25, 1.2])
    out = write_wav(tmp_path / "two.wav", np.stack([left, -left], axis=1), sample_rate=8000)
    with wave.open(str(out)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()) == (2, 2, 8000, 3)
        frames = np.frombuffer(w.readframes(3), "<i2").reshape(-1, 2)
    assert frames.tolist() == [[8192, -8192], [-8192, 8192], [32767, -32768]]
    assert [p.name for p in tmp_path.iterdir()] == ["two.wav"]


def test_write_wav_missing_folder_is_a_validation_error(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="does not exist"):
        write_wav(tmp_path / "no" / "x.wav", np.zeros(4), sample_rate=8000)


@pytest.mark.slow
def test_atomic_path_leaves_nothing_on_failure(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), atomic_path(tmp_path / "out.mp4") as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("killed")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_decode_audio_reads_back_what_was_written(tmp_path: Path) -> None:
    t = np.arange(16000) / 16000
    tone = 0.5 * np.sin(2 * np.pi * 440 * t)
    wav = write_wav(tmp_path / "tone.wav", tone, sample_rate=16000)
    back = decode_audio(wav)
    assert back.shape == (16000,)
    assert np.abs(back - tone).max() < 1e-4


def test_open_image_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "notes.png"
    bad.write_text("not a picture")
    with pytest.raises(MediaError, match="notes.png") as info:
        open_image(bad, field="screenshot")
    assert info.value.to_dict()["error"]["details"][0]["field"] == "screenshot"
    with pytest.raises(MediaError, match="does not exist"):
        open_image(tmp_path / "gone.png")
    good = tmp_path / "red.png"
    Image.new("RGB", (3, 2), "red").save(good)
    assert open_image(good).size == (3, 2)


def test_media_kind_probes_content_not_the_name(tmp_path: Path, tiny_video: Path, tone_wav: Path) -> None:
    disguised = tmp_path / "picture.mp4"  # a PNG under a video name is still a still
    Image.new("RGB", (16, 16), "blue").save(disguised, "PNG")
    assert media_kind(disguised) == "still"
    assert media_kind(tiny_video) == "video"
    assert media_kind(tone_wav) == "audio"


def test_pam_keeps_alpha_and_grey_exactly_as_ffmpeg_reads_them(tmp_path: Path) -> None:
    rgba = np.random.default_rng(1).integers(0, 256, (6, 10, 4), dtype=np.uint8)
    grey = rgba[..., 0].copy()
    for name, pixels, pix_fmt, depth in (("a.pam", rgba, "rgba", 4), ("g.pam", grey, "gray", 1)):
        path = write_pam(tmp_path / name, pixels)
        out = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", pix_fmt,
                              "-"], check=True, capture_output=True).stdout
        assert np.array_equal(np.frombuffer(out, dtype=np.uint8).reshape(6, 10, depth), pixels.reshape(6, 10, depth))
        assert np.array_equal(np.asarray(open_image(path)).reshape(6, 10, depth), pixels.reshape(6, 10, depth))


def test_a_broken_pam_is_a_media_error_naming_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pam"
    broken.write_bytes(b"P7\nWIDTH 4\nENDHDR\n")
    with pytest.raises(MediaError, match="broken.pam"):
        open_image(broken)


def test_image_size_reads_headers_a_pam_s_too(tmp_path: Path) -> None:
    pam = tmp_path / "strip.pam"
    write_pam(pam, np.zeros((30, 70, 4), np.uint8))
    png = tmp_path / "still.png"
    Image.new("RGB", (12, 8)).save(png)
    assert image_size(pam) == (70, 30) and image_size(png) == (12, 8)
    (tmp_path / "note.txt").write_text("not a picture")
    with pytest.raises(MediaError, match="is not an image"):
        image_size(tmp_path / "note.txt")
