"""The ducking mix as a graph fragment: voice and music in, music ducked under the voice, one stream out.

Pure text, like the compiler: ``stages.mix`` measures the gains
(``plan_mix``) and uses this fragment in its own metering runs, and the
compiler assembles the same fragment into a video's one graph when a
timeline carries a :class:`~mediakit.timeline.Ducking`.
"""

from __future__ import annotations

import re

from ..errors import ValidationError

SAMPLE_RATE = 48000
TRUE_PEAK_CEILING = -1.5  # dBTP; the spec's -1 with margin for the resampler's ripple
DUCK_THRESHOLD = 0.02  # -34 dBFS on a voice at the reference: above room noise, below speech
DUCK_MIX = 0.35  # compressed share of the bed: bounds the duck to 20*log10(1 - 0.35) = -3.7 dB
DUCK_ATTACK_MS = 200  # a ramp, not a switch: the bed glides down as speech starts...
DUCK_RELEASE_MS = 400  # ...and back up over a breath in a pause
AUDIO_FORMAT = f"aformat=sample_fmts=fltp:sample_rates={SAMPLE_RATE}:channel_layouts=stereo"


def duck_and_mix_filter(voice: str, music: str, out: str, *, voice_gain_db: float = 0.0,
                        music_gain_db: float = -18.0, normalize_gain_db: float | None = None,
                        limit_peaks: bool = True) -> str:
    """Filter-graph text: ``[voice]`` and ``[music]`` in, ducked and mixed stereo 48 kHz at ``[out]``.

    The voice is split: one copy is heard, the other keys the compressor on
    the bed.  The output lasts as long as the voice (pad it with ``apad`` if
    the video runs longer).  With ``normalize_gain_db`` the mix is gained by
    it and, with ``limit_peaks``, limited to -1.5 dBTP at 4x oversampling (the
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
        ceiling = 10 ** (TRUE_PEAK_CEILING / 20)
        graph += (f",aresample=192000,alimiter=limit={ceiling:.4f}:attack=1:release=60:level=0:latency=1,"
                  f"aresample={SAMPLE_RATE}")
    return f"{graph}[{out}]"
