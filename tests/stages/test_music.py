"""Generated music beds: the five moods are distinct, on tempo, clean and deterministic."""

from __future__ import annotations

import itertools
import wave
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MediaError, ValidationError
from mediakit.media_io import write_wav
from mediakit.stages.music import (
    MAX_LOOP_BARS,
    apply_fades,
    generate_music,
    mood_names,
    moods,
    music_bed,
)

SR = 48000
MOODS = ("chill", "energetic", "corporate", "dramatic", "upbeat")
BAND_EDGES = (20, 60, 120, 250, 500, 1000, 2000, 4000, 8000, 16000, 24000)


@pytest.fixture(scope="module")
def beds() -> dict[str, np.ndarray]:
    """15 s of every mood at seed 0, generated once for the module."""
    return {m: generate_music(m, 15.0, seed=0) for m in MOODS}


def estimate_bpm(x: np.ndarray, sr: int = SR, lo: float = 60, hi: float = 180) -> float:
    """Tempo from the autocorrelation of a log spectral-flux onset envelope.

    Between ``lo`` and ``hi`` BPM it takes the fastest autocorrelation peak
    reaching 80% of the strongest: the beat rather than the bar, without
    mistaking off-beat hats (weaker than the kick and snare) for it.
    """
    mono = x.mean(axis=1)
    win, hop = 1024, 256
    n = 1 + (len(mono) - win) // hop
    frames = mono[np.arange(win)[None, :] + hop * np.arange(n)[:, None]] * np.hanning(win)
    mag = np.log1p(10 * np.abs(np.fft.rfft(frames, axis=1)))
    env = np.maximum(np.diff(mag, axis=0), 0).sum(axis=1)
    env -= env.mean()
    ac = np.correlate(env, env, mode="full")[len(env) - 1:]
    fps = sr / hop
    lags = range(int(fps * 60 / hi), int(fps * 60 / lo) + 1)
    peaks = [lag for lag in lags if ac[lag] >= ac[lag - 1] and ac[lag] >= ac[lag + 1]]
    top = max(ac[lag] for lag in peaks)
    lag = min(lag for lag in peaks if ac[lag] >= 0.8 * top)
    a, b, c = ac[lag - 1], ac[lag], ac[lag + 1]
    return float(60 * fps / (lag + 0.5 * (a - c) / (a - 2 * b + c)))


def band_profile(x: np.ndarray) -> np.ndarray:
    """Share of energy per octave-ish band, in dB."""
    power = np.abs(np.fft.rfft(x.mean(axis=1))) ** 2
    freqs = np.fft.rfftfreq(x.shape[0], 1 / SR)
    energy = np.array([power[(freqs >= lo) & (freqs < hi)].sum() for lo, hi in itertools.pairwise(BAND_EDGES)])
    return 10 * np.log10(energy / energy.sum())


def test_the_five_spec_moods_exist() -> None:
    assert mood_names() == MOODS


@pytest.mark.slow
@pytest.mark.parametrize("mood", MOODS)
def test_bed_is_exact_clean_stereo(beds: dict[str, np.ndarray], mood: str) -> None:
    bed = beds[mood]
    assert bed.shape == (15 * SR, 2) and bed.dtype == np.float32
    peak = float(np.abs(bed).max())
    assert 0.3 < peak <= 10 ** (-1 / 20) + 1e-6  # audible, never above -1 dBFS
    assert np.all(np.abs(bed.mean(axis=0)) < 1e-3)  # no DC
    rms_db = 20 * np.log10(np.sqrt(np.mean(bed.astype(np.float64) ** 2)))
    assert -22 < rms_db < -14
    assert abs(float(np.corrcoef(bed[:, 0], bed[:, 1])[0, 1])) < 0.999  # real stereo, not dual mono
    assert np.all(np.abs(bed[:3]) < 1e-3) and np.all(np.abs(bed[-3:]) < 1e-3)  # fades at both ends


@pytest.mark.slow
@pytest.mark.parametrize("mood", MOODS)
def test_beats_are_on_the_mood_tempo(beds: dict[str, np.ndarray], mood: str) -> None:
    assert estimate_bpm(beds[mood]) == pytest.approx(moods()[mood].bpm, rel=0.03)


@pytest.mark.slow
def test_moods_differ_in_tempo_and_spectrum(beds: dict[str, np.ndarray]) -> None:
    tempos = sorted(moods()[m].bpm for m in MOODS)
    assert all(b / a > 1.05 for a, b in itertools.pairwise(tempos))
    profiles = {m: band_profile(beds[m]) for m in MOODS}
    for a, b in itertools.combinations(MOODS, 2):
        distance = float(np.sqrt(np.mean((profiles[a] - profiles[b]) ** 2)))
        assert distance > 2.0, f"{a} and {b} have nearly the same spectrum ({distance:.1f} dB)"
    # the character words of the moods: dramatic is the darkest, energetic and upbeat the brightest
    top = {m: profiles[m][-3:].mean() for m in MOODS}  # 4 kHz and up
    assert max(top, key=top.__getitem__) in {"energetic", "upbeat"}
    assert min(top, key=top.__getitem__) == "dramatic"


@pytest.mark.slow
def test_same_seed_is_bit_identical_and_another_seed_is_another_take(beds: dict[str, np.ndarray]) -> None:
    again = generate_music("upbeat", 15.0, seed=0)
    assert np.array_equal(again, beds["upbeat"])
    other = generate_music("upbeat", 15.0, seed=7)
    assert not np.array_equal(other, beds["upbeat"])
    assert abs(float(np.corrcoef(other[:, 0], beds["upbeat"][:, 0])[0, 1])) < 0.5
    assert estimate_bpm(other) == pytest.approx(moods()["upbeat"].bpm, rel=0.03)


@pytest.mark.slow
@pytest.mark.parametrize("seconds", [0.3, 1.2345, 7.0])
def test_length_is_exact(seconds: float) -> None:
    assert generate_music("chill", seconds, sample_rate=SR).shape == (round(seconds * SR), 2)


@pytest.mark.slow
def test_long_beds_repeat_a_seamless_loop() -> None:
    mood = moods()["energetic"]
    loop_seconds = MAX_LOOP_BARS * mood.bar_seconds  # 30 s at 128 BPM
    bed = generate_music("energetic", loop_seconds + 6, fade_in=0, fade_out=0)
    n = bed.shape[0] - round(loop_seconds * SR)
    period = round(loop_seconds * SR)
    assert np.allclose(bed[period:period + n], bed[:n], atol=1e-6)


# --- errors ------------------------------------------------------------------------

def test_unknown_mood_lists_the_moods() -> None:
    with pytest.raises(ValidationError) as err:
        generate_music("jazz", 5)
    assert err.value.field == "music"
    assert err.value.rule == "must be one of chill, energetic, corporate, dramatic, upbeat"
    assert "'jazz'" in err.value.message


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), 601, True, "5"])
def test_bad_lengths_are_rejected(seconds: object) -> None:
    with pytest.raises(ValidationError) as err:
        generate_music("chill", seconds)  # type: ignore[arg-type]
    assert err.value.field == "seconds"


@pytest.mark.parametrize("seed", [-1, 1.5, True])
def test_bad_seeds_are_rejected(seed: object) -> None:
    with pytest.raises(ValidationError) as err:
        generate_music("chill", 1, seed=seed)  # type: ignore[arg-type]
    assert err.value.field == "seed"


# --- the user's own file ----------------------------------------------------------

@pytest.mark.slow
def test_a_mood_name_gives_the_generated_bed(beds: dict[str, np.ndarray]) -> None:
    assert np.array_equal(music_bed("corporate", 15.0), beds["corporate"])


@pytest.mark.slow
def test_a_short_file_loops_and_a_long_one_is_cut(tone_wav: Path) -> None:
    looped = music_bed(tone_wav, 2.5)  # a 1 s tone at -18 dBFS (-21 per channel once stereo)
    assert looped.shape == (round(2.5 * SR), 2) and looped.dtype == np.float32
    level = np.abs(looped[round(0.6 * SR):round(0.95 * SR), 0]).max()
    assert level > 0.05
    seam = looped[round(0.94 * SR):round(1.01 * SR), 0].reshape(-1, SR // 200)  # 5 ms windows
    assert np.abs(seam).max(axis=1).min() > 0.5 * level  # the loop seam is crossfaded, not a gap
    assert abs(looped[0, 0]) < 1e-3 and abs(looped[-1, 0]) < 1e-3
    cut = music_bed(tone_wav, 0.5)
    assert cut.shape == (SR // 2, 2)


def test_missing_and_non_audio_files_raise_media_error_naming_them(tmp_path: Path, silent_video: Path) -> None:
    missing = tmp_path / "song.mp3"
    with pytest.raises(MediaError) as err:
        music_bed(missing, 3)
    assert err.value.path == str(missing)
    text = tmp_path / "notes.txt"
    text.write_text("not audio")
    with pytest.raises(MediaError) as err:
        music_bed(text, 3)
    assert "notes.txt" in err.value.message
    with pytest.raises(MediaError, match="no audio stream"):
        music_bed(silent_video, 3)


def test_a_bare_unknown_word_is_an_unknown_mood_not_a_file() -> None:
    with pytest.raises(ValidationError, match="must be one of chill"):
        music_bed("lofi", 3)


def test_fades_are_raised_cosines_within_the_length() -> None:
    out = apply_fades(np.ones((1000, 2)), 1000, 0.1, 0.2)
    assert out[0, 0] == 0 and out[100, 0] == 1 and out[500, 1] == 1
    assert out[-1, 0] < 1e-4 and 0.4 < out[900, 0] < 0.6
    assert apply_fades(np.ones((10, 2)), 1000, 5, 5).max() <= 1  # longer than the clip: capped to half


# --- WAV ---------------------------------------------------------------------------

@pytest.mark.slow
def test_write_wav_is_16_bit_stereo_48k_and_atomic(tmp_path: Path) -> None:
    bed = generate_music("chill", 0.5)
    out = write_wav(tmp_path / "bed.wav", bed, sample_rate=SR)
    with wave.open(str(out)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()) == (2, 2, SR, SR // 2)
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2").reshape(-1, 2) / 32767
    assert np.abs(data - bed).max() < 1e-4
    assert [p.name for p in tmp_path.iterdir()] == ["bed.wav"]
    with pytest.raises(ValidationError, match="does not exist"):
        write_wav(tmp_path / "no" / "bed.wav", bed, sample_rate=SR)


# --- the theory the scores rely on --------------------------------------------------

def test_scale_degrees_stack_into_diatonic_chords() -> None:
    from mediakit.stages.music_theory import Key

    c_major = Key.named("C", "major")
    assert c_major.chord(1, 3, 4) == [60, 64, 67]  # C
    assert c_major.chord(2, 4, 4) == [62, 65, 69, 72]  # Dm7
    assert c_major.chord(5, 4, 4) == [67, 71, 74, 77]  # G7
    a_minor = Key.named("A", "minor")
    assert a_minor.chord(1, 3, 3) == [57, 60, 64]  # Am
    assert set(c_major.pentatonic(60, 71)) == {60, 62, 64, 67, 69}
    with pytest.raises(ValidationError, match="must be one of"):
        Key.named("H", "major")
    with pytest.raises(ValidationError, match="major, minor"):
        Key.named("C", "dorian")


def test_voice_leading_keeps_chords_close() -> None:
    from mediakit.stages.music_theory import Key, voice_lead

    key = Key.named("C", "major")
    chords = [key.chord(d, 3, 4) for d in (1, 5, 6, 4)]
    voiced = voice_lead(chords)
    for a, b in itertools.pairwise(voiced):
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= 5
    assert [sorted(v) for v in voiced][1] == [59, 62, 67]  # G over B: the nearest to C-E-G
