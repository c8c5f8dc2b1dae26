"""Voice over a music bed: ducking keyed on the voice, then loudness to -14 LUFS.

Three things make a voice-over sound finished, each one ffmpeg filter:

1. *Levels.*  The voice is brought to a reference loudness and the bed is set
   ``music_level_db`` LU under it, so the balance does not depend on how loud
   the recording or the music file happened to be.
2. *Ducking.*  ``sidechaincompress`` keyed on a copy of the voice pulls the
   bed down while someone speaks and lets it back up in the gaps.  A low
   threshold with a high ratio makes the duck depth independent of how hard
   the voice hits; the compressor's ``mix`` then bounds it to about -3.7 dB
   (about 3 dB on speech), so under speech the bed stays audible about
   13 dB under the voice instead of vanishing.  Attack and release are
   ramps of 200 and 400 ms: the bed glides rather than jumps at each word.
3. *Loudness.*  Platforms play at -14 LUFS; the mix is measured, gained to
   exactly that, and a 4x-oversampled limiter keeps true peaks under
   -1 dBTP.  Measuring first and applying a plain gain is exact, where a
   single dynamic ``loudnorm`` pass drifts up to a decibel on short clips.

Measurements run ffmpeg's ``ebur128`` meter: ``plan_mix`` measures, then
``duck_and_mix_filter`` (pure) writes the graph text with the measured gains,
and ``mix`` puts both together to write a WAV (a limited mix is written by
the run that checks its loudness, not measured and then rendered again).

A video's music is this WAV (``soundtrack``), premixed before the render: the
mix must be metered through the limiter anyway, and that run writes it, so
ducking again inside the render's graph cost more (BENCHMARKS.md, issue 20).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import MediaError, RenderError, ValidationError
from ..ffmpeg import ffmpeg_exe, run_ffmpeg, run_ffmpeg_full, tail
from ..media_io import atomic_path, check_output_path
from ..probe import probe
from .music import SAMPLE_RATE, music_bed
from .synth import spectral_filter

TARGET_LUFS = -14.0
TRUE_PEAK_CEILING = -2.0  # dBTP; the spec's -1 with margin for the resampler's ripple and AAC's overshoot
DUCK_THRESHOLD = 0.02  # -34 dBFS on a voice at the reference: above room noise, below speech
DUCK_MIX = 0.35  # compressed share of the bed: bounds the duck to 20*log10(1 - 0.35) = -3.7 dB
DUCK_ATTACK_MS = 200  # a ramp, not a switch: the bed glides down as speech starts...
DUCK_RELEASE_MS = 400  # ...and back up over a breath in a pause
AUDIO_FORMAT = f"aformat=sample_fmts=fltp:sample_rates={SAMPLE_RATE}:channel_layouts=stereo"
# true peaks kept under the ceiling: limited at 4x the rate, so peaks between samples are caught too
LIMITER = (f"aresample=192000,alimiter=limit={10 ** (TRUE_PEAK_CEILING / 20):.4f}:attack=1:release=60:level=0:"
           f"latency=1,aresample={SAMPLE_RATE}")

MUSIC_LEVEL_DB = -10.0  # a music bed's level under the voice (LU, before ducking)
LIGHT_BED_LEVEL_DB = -16.0  # a bed the request did not ask for: present, never in the way
ROOM_TONE_LEVEL_DB = -34.0  # room tone under the voice: about -48 dBFS at -14 LUFS, over -60 and under -45
ROOM_TONE_RMS = 0.1  # room_tone's level as made (the mix sets it under the voice)
BED_OVERRUN_S = 0.25  # the bed is made this much longer than the video (see soundtrack)
VOICE_REFERENCE_LUFS = -16.0  # voice level the ducking threshold is tuned for
MAX_GAIN_DB = 30.0
SILENT_LUFS = -69.0  # ebur128 reports -70 when nothing passes its gate

_SUMMARY = re.compile(r"\[Parsed_ebur128_(\d+) @ [^\]]+\] Summary:")
_INTEGRATED = re.compile(r"I:\s+(-?inf|-?[\d.]+) LUFS")
_PEAK = re.compile(r"Peak:\s+(-?inf|-?[\d.]+) dBFS")


@dataclass(frozen=True)
class Loudness:
    """An EBU R128 measurement: integrated loudness (LUFS) and true peak (dBTP, ``None`` if not metered)."""

    integrated: float
    true_peak: float | None


@dataclass(frozen=True)
class MixPlan:
    """Gains measured for one voice and bed; ``filter`` writes them into ``duck_and_mix_filter``."""

    voice_gain_db: float
    music_gain_db: float
    normalize_gain_db: float
    limit_peaks: bool
    voice: Loudness
    music: Loudness
    premix: Loudness

    def filter(self, voice: str, music: str, out: str) -> str:
        return duck_and_mix_filter(voice, music, out, voice_gain_db=self.voice_gain_db,
                                   music_gain_db=self.music_gain_db, normalize_gain_db=self.normalize_gain_db,
                                   limit_peaks=self.limit_peaks)


@dataclass(frozen=True)
class MixResult:
    """What ``mix`` wrote and how it measures."""

    path: Path
    loudness: Loudness
    plan: MixPlan


def plan_mix(voice: str | os.PathLike[str], bed: np.ndarray, *, music_level_db: float = MUSIC_LEVEL_DB) -> MixPlan:
    """Measure ``voice`` and ``bed`` (float stereo at 48 kHz), then the ducked mix; return the gains.

    ``music_level_db`` is the bed's loudness relative to the voice before
    ducking (LU; -10 means ten under the voice in the pauses).
    """
    plan, _ = _plan(voice, bed, music_level_db, None)
    return plan


def mix(voice: str | os.PathLike[str], music: str | os.PathLike[str], out: str | os.PathLike[str], *,
        seed: int = 0, music_level_db: float = MUSIC_LEVEL_DB) -> MixResult:
    """Mix ``voice`` over ``music`` (a mood name or an audio file) into a 48 kHz stereo WAV at ``out``.

    The bed is cut or looped to the voice's length; the result measures
    -14 LUFS with true peak under -1 dBTP.  ``out`` is written atomically:
    on any error nothing is left there.
    """
    info = probe(Path(voice))
    if info.audio is None or not info.duration:
        raise MediaError(voice, "has no audio stream to use as the voice")
    return mix_bed(voice, music_bed(music, info.duration, seed=seed), out, music_level_db=music_level_db)


def mix_bed(voice: str | os.PathLike[str], bed: np.ndarray, out: str | os.PathLike[str], *,
            music_level_db: float = MUSIC_LEVEL_DB) -> MixResult:
    """``mix`` with the bed already made (float stereo at 48 kHz, as long as the voice).

    A caller that knows the length in advance makes the bed while the voice
    is being synthesised, then mixes here.
    """
    target = check_output_path(out)
    with atomic_path(target) as tmp:
        plan, final = _plan(voice, bed, music_level_db, tmp)
    assert final is not None
    return MixResult(path=target, loudness=final, plan=plan)


def soundtrack(voice: Path, bed: Callable[[], np.ndarray] | None, total_ms: int, out: Path, *,
               music_level_db: float = MUSIC_LEVEL_DB) -> Path:
    """A video's sound at ``out``: the voice padded to ``total_ms``, over room tone and the music ``bed``.

    Every soundtrack goes through the same measured mix, so an ad without
    music is as loud as one with (-14 LUFS, true peak under -1 dBTP), and a
    faint room tone (``room_tone``, ``ROOM_TONE_LEVEL_DB`` under the voice)
    runs under everything, so no pause, fade or end drops to digital
    silence.  ``bed`` is called once the voice is padded, so a bed
    still being made (``pool.submit(music_bed, ...).result``) is made
    meanwhile; ``music_level_db`` is its level under the voice (LU).
    """
    padded = out.with_name("voice-padded.wav")
    # the voice and the bed run past the video and the mix is cut to it: the ducker ends its output early by a
    # few thousand samples (more on a loaded machine), and the voice's own padding would show there as
    # digital silence
    longer = f"{total_ms / 1000 + BED_OVERRUN_S / 2:.3f}"
    run_ffmpeg(["-i", str(voice), "-af", f"apad=whole_dur={longer}", "-t", longer, "-ar", str(SAMPLE_RATE),
                "-ac", "2", "-c:a", "pcm_s16le", "-y", str(padded)], what="padding the voice")
    tone = room_tone(total_ms / 1000 + BED_OVERRUN_S)
    mixed = out.with_name("mix-uncut.wav")
    if bed is None:
        mix_bed(padded, tone, mixed, music_level_db=ROOM_TONE_LEVEL_DB)
    else:
        music = bed()
        # room tone under the music too, where it fades in and out: at the same level under the voice as without
        music_rms = float(np.sqrt(np.mean(np.square(music, dtype=np.float64)))) if music.size else 0.0
        under = tone * (music_rms * 10 ** ((ROOM_TONE_LEVEL_DB - music_level_db) / 20) / ROOM_TONE_RMS)
        under[: len(music)] += music[: len(under)]
        mix_bed(padded, under, mixed, music_level_db=music_level_db)
    with atomic_path(out) as tmp:
        run_ffmpeg(["-i", str(mixed), "-t", f"{total_ms / 1000:.3f}", "-c:a", "pcm_s16le", "-y", str(tmp)],
                   what="cutting the soundtrack to the video")
    mixed.unlink(missing_ok=True)
    return out


def room_tone(seconds: float, *, seed: int = 0) -> np.ndarray:
    """``seconds`` of room tone, float stereo at 48 kHz: the faint air of a quiet room under a voice.

    Noise shaped like the air of a quiet room (a gentle low end from 60 Hz,
    rolled off above 2 kHz so it never reads as hiss), decorrelated between
    the channels.  A pause over it sounds like a held breath in a room, not
    like the sound cutting out; its level is set by the mix
    (``ROOM_TONE_LEVEL_DB`` under the voice).
    """
    n = max(1, round(seconds * SAMPLE_RATE))
    white = np.random.default_rng(seed).standard_normal((n, 2))
    tone = spectral_filter(white, SAMPLE_RATE, low=60.0, high=2000.0, order=1)
    return np.asarray(tone * (ROOM_TONE_RMS / float(np.sqrt(np.mean(tone ** 2)))), dtype=np.float32)


def _plan(voice: str | os.PathLike[str], bed: np.ndarray, music_level_db: float,
          out: Path | None) -> tuple[MixPlan, Loudness | None]:
    """The gains, and with ``out`` the mix written there and its loudness.

    Each ffmpeg run decodes and ducks the whole mix, so the runs are kept
    few: one meters voice and bed, one the raw mix; a limited mix is written
    by the run that checks it reaches the target, so the run that measures
    the last gain also delivers the file.
    """
    if not -40.0 <= music_level_db <= 0.0:
        raise ValidationError("music_level_db", music_level_db, "must be between -40 and 0 (LU relative to the voice)")
    pcm = _pcm(bed)
    inputs = ["-i", str(voice), *_bed_input()]
    voice_level, music_level = _meter(
        [*inputs, "-filter_complex", (f"[0:a]{AUDIO_FORMAT},ebur128=framelog=quiet[mv];"
                                      f"[1:a]{AUDIO_FORMAT},ebur128=framelog=quiet[mm]"),
         "-map", "[mv]", "-f", "null", "-", "-map", "[mm]", "-f", "null", "-"],
        what="measuring voice and music loudness", input_bytes=pcm)
    if voice_level.integrated <= SILENT_LUFS:
        raise MediaError(voice, "is silent: there is no speech to mix music under")
    if music_level.integrated <= SILENT_LUFS:
        raise ValidationError("music", None, "the music bed is silent")
    voice_gain = _clamp(VOICE_REFERENCE_LUFS - voice_level.integrated)
    music_gain = _clamp(VOICE_REFERENCE_LUFS + music_level_db - music_level.integrated)

    def measured(normalize_gain: float | None, limit_peaks: bool = True, write: Path | None = None) -> Loudness:
        graph = duck_and_mix_filter("0:a", "1:a", "mixed", voice_gain_db=voice_gain, music_gain_db=music_gain,
                                    normalize_gain_db=normalize_gain, limit_peaks=limit_peaks)
        meter = "ebur128=peak=true:framelog=quiet[m]"
        if write is None:
            args = ["-filter_complex", f"{graph};[mixed]{meter}"]
        else:
            args = ["-filter_complex", f"{graph};[mixed]asplit=2[file][meter];[meter]{meter}",
                    "-map", "[file]", "-c:a", "pcm_s16le", "-f", "wav", "-y", str(write)]
        level, = _meter([*inputs, *args, "-map", "[m]", "-f", "null", "-"],
                        what=f"mixing {voice} with music" if write else "measuring the mix loudness",
                        input_bytes=pcm)
        return level

    premix = measured(None)
    assert premix.true_peak is not None
    gain = round(TARGET_LUFS - premix.integrated, 2)
    # ebur128 prints one decimal; stay that far clear of the ceiling before skipping the limiter
    limit = premix.true_peak + gain > TRUE_PEAK_CEILING - 0.1
    # A plain gain is exact unless the limiter must cut peaks, which takes some
    # loudness with it (spiky sources); then measure the limited result and make
    # up the shortfall, which converges in a step or two.
    final = None
    for _ in range(3 if limit else 0):
        level = measured(gain, write=out)
        shortfall = TARGET_LUFS - level.integrated
        if abs(shortfall) <= 0.2:
            final = level if out is not None else None
            break
        gain = round(min(gain + shortfall, MAX_GAIN_DB), 2)
    plan = MixPlan(voice_gain_db=round(voice_gain, 2), music_gain_db=round(music_gain, 2), normalize_gain_db=gain,
                   limit_peaks=limit, voice=voice_level, music=music_level, premix=premix)
    if out is not None and final is None:  # a plain gain, or a limited one not yet written
        final = measured(gain, limit, write=out)
    return plan, final


def loudness_filter(path: str | os.PathLike[str]) -> str:
    """Filter text that brings ``path``'s audio to -14 LUFS with true peak under the ceiling (measured first).

    For speech delivered on its own (the audio route): the same measured
    gain and oversampled limiter as a mix, without a bed or room tone, and the
    same make-up for the loudness the limiter takes from spiky speech (a 3.8 s
    line came out at -15.5 LUFS without it).
    """
    level = measure_loudness(path)
    if level.integrated <= SILENT_LUFS:
        raise MediaError(path, "is silent: there is no speech to level")
    gain = _clamp(TARGET_LUFS - level.integrated)
    if level.true_peak is not None and level.true_peak + gain <= TRUE_PEAK_CEILING - 0.1:
        return f"{AUDIO_FORMAT},volume={gain:.2f}dB"
    for _ in range(3):
        limited, = _meter(["-i", str(path), "-vn", "-af", f"{_limited(gain)},ebur128=peak=true:framelog=quiet",
                           "-f", "null", "-"], what=f"measuring the levelled loudness of {path}", input_bytes=None)
        shortfall = TARGET_LUFS - limited.integrated
        if abs(shortfall) <= 0.2:
            break
        gain = round(min(gain + shortfall, MAX_GAIN_DB), 2)
    return _limited(gain)


def _limited(gain_db: float) -> str:
    """``gain_db``, then the limiter."""
    return f"{AUDIO_FORMAT},volume={gain_db:.2f}dB,{LIMITER}"


def measure_loudness(path: str | os.PathLike[str]) -> Loudness:
    """Integrated loudness and true peak of ``path``'s audio, as ffmpeg's EBU R128 meter reports them."""
    level, = _meter(["-i", str(path), "-vn", "-af", "ebur128=peak=true:framelog=quiet", "-f", "null", "-"],
                    what=f"measuring the loudness of {path}", input_bytes=None)
    return level


def _bed_input() -> list[str]:
    return ["-f", "f32le", "-ar", str(SAMPLE_RATE), "-ac", "2", "-i", "pipe:0"]


def _pcm(bed: np.ndarray) -> bytes:
    if bed.ndim != 2 or bed.shape[1] != 2:
        raise ValidationError("bed", bed.shape, "must be stereo samples of shape (n, 2)")
    return np.ascontiguousarray(bed, dtype="<f4").tobytes()


def _clamp(db: float) -> float:
    return max(-MAX_GAIN_DB, min(MAX_GAIN_DB, db))


def _meter(args: Sequence[str], *, what: str, input_bytes: bytes | None) -> list[Loudness]:
    """Run ffmpeg and read the summaries its ``ebur128`` filters print, in graph order.

    The meters report on stderr.
    """
    _, err = run_ffmpeg_full(args, what=what, input_bytes=input_bytes)
    heads = list(_SUMMARY.finditer(err))
    found = []
    for head, after in zip(heads, [*heads[1:], None], strict=True):
        block = err[head.end(): after.start() if after else len(err)]
        integrated, peak = _INTEGRATED.search(block), _PEAK.search(block)
        if integrated is None:
            continue
        found.append((int(head.group(1)), Loudness(float(integrated.group(1)),
                                                   float(peak.group(1)) if peak else None)))
    if not found:
        raise RenderError(f"ffmpeg printed no loudness summary while {what}", cmd=[ffmpeg_exe(), *args],
                          stderr_tail=tail(err))
    return [loudness for _, loudness in sorted(found, key=lambda item: item[0])]


def duck_and_mix_filter(voice: str, music: str, out: str, *, voice_gain_db: float = 0.0,
                        music_gain_db: float = -18.0, normalize_gain_db: float | None = None,
                        limit_peaks: bool = True) -> str:
    """Filter-graph text: ``[voice]`` and ``[music]`` in, ducked and mixed stereo 48 kHz at ``[out]``.

    The voice is split: one copy is heard, the other keys the compressor on
    the bed.  The output lasts as long as the voice (pad it with ``apad`` if
    the video runs longer).  With ``normalize_gain_db`` the mix is gained by
    it and, with ``limit_peaks``, limited to ``TRUE_PEAK_CEILING`` at 4x oversampling (the
    plan turns that off when the gained peaks already fit: it is the costly
    part).  Without a gain the raw mix comes out, which is what ``plan_mix``
    measures.  Labels are given without brackets.
    """
    for name, label in (("voice", voice), ("music", music), ("out", out)):
        if not re.fullmatch(r"[A-Za-z0-9_:.]+", label):
            raise ValidationError(f"{name} label", label, "must be a filter-graph label such as 'a0' or '1:a'")
    tag = re.sub(r"\W", "_", out)
    graph = (
        f"[{voice}]{AUDIO_FORMAT},volume={voice_gain_db:.2f}dB,asplit=2[{tag}_v][{tag}_key];"
        f"[{music}]{AUDIO_FORMAT},volume={music_gain_db:.2f}dB[{tag}_m];"
        f"[{tag}_m][{tag}_key]sidechaincompress=threshold={DUCK_THRESHOLD}:ratio=20:attack={DUCK_ATTACK_MS}"
        f":release={DUCK_RELEASE_MS}:mix={DUCK_MIX}[{tag}_duck];"
        f"[{tag}_v][{tag}_duck]amix=inputs=2:duration=first:dropout_transition=0:normalize=0"
    )
    if normalize_gain_db is None:
        return f"{graph}[{out}]"
    graph += f",volume={normalize_gain_db:.2f}dB"
    if limit_peaks:
        graph += f",{LIMITER}"
    return f"{graph}[{out}]"
