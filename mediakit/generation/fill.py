"""Filling the bucket with the voice: what is said (the script, then the cta), at what speed, with what pauses.

A spoken ad lasts the bucket it is billed for, and a quiet end is the first
thing a viewer notices (dead air), so the voice is fitted to the video rather
than the video to an assumed speaking rate.  Nothing here assumes an engine's
rate: the take is measured and then

1. re-spoken once at a speed nudged within ``SPEED_NUDGE`` of the requested
   one (a natural range; a voice whose own pace is fast may slow further,
   to ``SLOWEST_WPS`` words per second), aiming the last word at the bucket
   less ``END_BREATH_MS`` (an engine's trailing silence is dead air too);
2. when it is still short, the rest is spread as pauses where a speaker
   breathes: a lead-in, after each sentence, after each clause (``pause``).
   The pauses are silent in the voice file; the soundtrack lays room tone or
   the bed under them (``stages.mix.soundtrack``), so none is digital silence.

The ``cta`` is spoken as the last line (``spoken_text``): a written script
that already ends with it is not made to say it twice.  When the script and
the cta together cannot fit even at the fastest natural speed, the cta is
left to the end card alone rather than failing a job that was priced.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from ..errors import MediaError
from ..probe import probe
from ..speech.wer import normalise
from ..stages.voice import Speech, SpeechRequest, speak
from ..words import Word

END_BREATH_MS = 300          # after the last word, before the video ends
SPEED_NUDGE = (0.8, 1.25)    # how far the voice's speed may move to fill the bucket naturally
SPEED_LIMITS = (0.7, 1.5)    # the engines' speed range
OVERRUN_MARGIN = 1.03       # a re-take aimed past an overrun by this much, so noise does not overrun again
SLOWEST_WPS = 2.3            # words per second a voice may be slowed to when 0.8x of its speed is still fast
LEAD_IN_MS = 300             # at most this long before the first word
SENTENCE_PAUSE_MS = 800      # at most this much added after a sentence (a beat, not a stall)
CLAUSE_PAUSE_MS = 350        # at most this much added after a comma, colon or semicolon
_SENTENCE_END = ".!?…"
_CLAUSE_END = ",;:\u2014-"


def spoken_text(script: str, cta: str | None) -> str:
    """The script with the ``cta`` as its last sentence (unless the script already ends with its words)."""
    if not cta or not normalise(cta):
        return script
    said, asked = normalise(script), normalise(cta)
    if said[-len(asked):] == asked:
        return script
    ending = script.rstrip()
    joiner = " " if ending and ending[-1] in _SENTENCE_END else ". "
    return ending + joiner + cta.strip() + ("" if cta.strip()[-1] in _SENTENCE_END else ".")


def cta_words(words: list[Word], cta: str | None) -> int:
    """How many of the last ``words`` speak the ``cta`` (0 when it is not their ending)."""
    asked = normalise(cta or "")
    if not asked:
        return 0
    for n in range(1, min(len(words), 2 * len(asked)) + 1):
        if normalise(" ".join(w.text for w in words[-n:])) == asked:
            return n
    return 0


def speak_to_fill(request: SpeechRequest | None, voiceover: Path | None, script: str | None, total_ms: int, *,
                  workdir: Path, allow_unaligned: bool = True) -> tuple[Path, list[Word], int]:
    """The voice file, its words and its length, filling ``total_ms - END_BREATH_MS`` at a natural speed.

    ``request`` speaks the ``script`` and the cta after it (``spoken_text``);
    the script alone is spoken when both cannot fit.  A recorded
    ``voiceover`` is used as it is (the script aligned to it, or, with no
    ``script``, the words recognised in it: a footage actor's own voice); a
    script that does not match it is spread over its speech, or, without
    ``allow_unaligned``, an ``AlignmentError``.
    """
    from ..speech.timings import word_timings

    if voiceover is not None:
        info = probe(voiceover)
        return voiceover, word_timings(voiceover, script, allow_unaligned=allow_unaligned), info.duration_ms or total_ms
    assert request is not None and script is not None
    target = total_ms - END_BREATH_MS
    speech = fitted(request, target)
    if said_to(speech) > target and request.text != script:
        speech = fitted(replace(request, text=script), target)   # the cta stays on the end card
    if said_to(speech) > total_ms:
        raise MediaError(request.voice.name, f"speaks the script in {said_to(speech) / 1000:.1f} s, longer than "
                         f"the {total_ms // 1000} s video even at the fastest natural speed; shorten the script",
                         field="script")
    speech = with_pauses(speech, min(target - said_to(speech), total_ms - speech.duration_ms))
    if speech.duration_ms > total_ms:   # only the engine's trailing silence runs past the video: drop it
        speech = replace(speech, samples=speech.samples[: total_ms * speech.sample_rate // 1000])
    return speech.write_wav(workdir / "voice.wav"), list(speech.words), speech.duration_ms


def fitted(request: SpeechRequest, target_ms: int) -> Speech:
    """A take of ``request`` as close to ``target_ms`` as a natural speed allows: spoken, measured, re-spoken."""
    speech = speak(request)
    spoken = said_to(speech)
    if 0.95 * target_ms <= spoken <= target_ms:
        return speech
    requested = request.speed
    lo, hi = SPEED_NUDGE
    # a voice that speaks fast at its own default may slow further, down to a natural rate of words
    rate = len(speech.words) / max(spoken / 1000, 0.001)
    slowest = max(SPEED_LIMITS[0], min(requested * lo, requested * SLOWEST_WPS / rate))
    speed = min(max(requested * spoken / target_ms, slowest), requested * hi, SPEED_LIMITS[1])
    if round(speed, 3) == requested:
        return speech
    second = speak(replace(request, speed=round(speed, 3)))
    if said_to(second) <= target_ms:
        return second
    if spoken <= target_ms:   # slowing overshot the bucket (a neural voice's pace is not exactly its speed)
        return speech
    # sped up, still long: once more, faster by what the take overran, up to the engines' fastest
    faster = min(speed * said_to(second) / target_ms * OVERRUN_MARGIN, SPEED_LIMITS[1])
    return second if faster <= speed else speak(replace(request, speed=round(faster, 3)))


def said_to(speech: Speech) -> int:
    """When the last word ends (ms): what fills the video, where an engine's own trailing silence does not."""
    return speech.words[-1].end_ms if speech.words else speech.duration_ms


def with_pauses(speech: Speech, extra_ms: int) -> Speech:
    """``speech`` with up to ``extra_ms`` of pauses added: a lead-in, then after sentences and clauses.

    Each place takes an equal share up to its cap; the words, phonemes and
    samples after it move later by what was added before them.
    """
    words = speech.words
    if extra_ms <= 0 or not words:
        return speech
    places = [(0, LEAD_IN_MS)]   # (sample-time ms where silence goes, cap)
    for word, after in zip(words, words[1:], strict=False):
        cap = SENTENCE_PAUSE_MS if word.text[-1] in _SENTENCE_END else CLAUSE_PAUSE_MS \
            if word.text[-1] in _CLAUSE_END else 0
        if cap:
            places.append(((word.end_ms + after.start_ms) // 2, cap))
    gaps = share(extra_ms, [cap for _, cap in places])
    rate = speech.sample_rate
    pieces, shifts, done = [], [], 0
    for (at, _), gap in zip(places, gaps, strict=True):
        cut = min(len(speech.samples), round(at * rate / 1000))
        pieces += [speech.samples[done:cut], np.zeros(round(gap * rate / 1000), dtype=np.float32)]
        shifts.append((at, gap))
        done = cut
    pieces.append(speech.samples[done:])

    def moved(ms: int, *, end: bool = False) -> int:
        return ms + sum(gap for at, gap in shifts if at < ms or (at == ms and not end))

    return replace(speech, samples=np.concatenate(pieces),
                   words=tuple(replace(w, start_ms=moved(w.start_ms), end_ms=moved(w.end_ms, end=True))
                               for w in words),
                   phonemes=tuple(p._replace(start_ms=moved(p.start_ms), end_ms=moved(p.end_ms, end=True))
                                  for p in speech.phonemes))


def share(total: int, caps: list[int]) -> list[int]:
    """``total`` split as evenly as ``caps`` allow (water filling): no share over its cap, the sum at most total."""
    shares = [0] * len(caps)
    left, open_ = total, [i for i, cap in enumerate(caps) if cap > 0]
    while left > 0 and open_:
        each = max(1, left // len(open_))
        for i in list(open_):
            take = min(each, caps[i] - shares[i], left)
            shares[i] += take
            left -= take
            if shares[i] >= caps[i]:
                open_.remove(i)
            if left <= 0:
                break
    return shares
