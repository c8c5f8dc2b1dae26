"""``espeak``: the eSpeak NG formant synthesiser, in-process; the fallback engine.

A formant synthesiser builds speech from rules, not recordings: it sounds
robotic, but it is intelligible, needs no model file, runs in milliseconds
and reports exactly when each word and phoneme starts (eSpeak's own events),
so its word timings need no alignment step.  It speaks the voices for which
no neural voice passed the quality bar, and the dub languages the neural
voices do not cover.

Each segment of the delivery plan is one ``espeak_Synth`` call with its own
rate, pitch, intonation range and volume (and the ``whisper`` variant for
breathy delivery); word events carry character positions in the segment,
which map back to the script's words as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...errors import EngineError
from ...speech import espeak
from ...words import Word
from .base import PhonemeTiming, Speech, VoiceEngine, strip_stress
from .delivery import Prosody, Segment, plan, speakable
from .voices import Voice

# eSpeak's default of 175 words per minute loses words to a recogniser;
# 150 is where the default voice stays intelligible (tests/stages/voice).
BASE_RATE = 150
SEMITONE = 6  # eSpeak pitch units per semitone near the middle of its 0-100 scale (measured)
MIN_RATE, MAX_RATE = 80, 450
LICENCE = "GPL-3.0 (eSpeak NG); its output is yours to use"


class EspeakEngine(VoiceEngine):
    """eSpeak NG formant synthesiser: robotic but intelligible, instant, offline; the fallback."""

    name = "espeak"
    description = "eSpeak NG formant synthesiser (robotic but intelligible, instant, offline, many languages)"

    def perform(self, text: str, voice: Voice, *, speed: float = 1.0, tone: str | None = None,
                language: str | None = None) -> Speech:
        settings = voice.settings(self.name)
        base = _base_voice(settings.get("voice", voice.name), language)
        sr = espeak.sample_rate()
        pieces: list[np.ndarray] = []
        words: list[Word] = []
        phonemes: list[PhonemeTiming] = []
        cursor = 0  # samples so far
        for seg in plan(text, tone):
            if seg.pause_ms:
                pieces.append(np.zeros(seg.pause_ms * sr // 1000, dtype="<i2"))
                cursor += len(pieces[-1])
            if not seg.text:
                continue
            params = _params(base, voice.gender, settings, seg.prosody, speed)
            audio, events = espeak.utter(speakable(seg.text), params, end_pause=seg.ends_sentence)
            words += _words(seg, events, cursor, len(audio), sr)
            phonemes += _phonemes(events, cursor, len(audio), sr)
            pieces.append(audio)
            cursor += len(audio)
        samples = (np.concatenate(pieces).astype(np.float32) / 32768.0 if pieces
                   else np.zeros(0, dtype=np.float32))
        return Speech(samples, sr, tuple(words), tuple(phonemes), self.name, text=text)

    def check(self, voice: Voice | None = None, language: str | None = None) -> None:
        """Nothing to install; a voice or dub language eSpeak lacks is an ``EngineError``."""
        if voice is not None:
            _base_voice(voice.settings(self.name).get("voice", voice.name), language)

    def raw_voice(self, voice_id: str) -> Voice | None:
        """``language[+variant]`` as eSpeak knows them: ``en-gb+m3``, ``en-us+f4``, ``fr``."""
        resolved = espeak.voice_name(voice_id)
        if resolved is None:
            return None
        variant = voice_id.partition("+")[2].lower()
        gender = "female" if variant.startswith("f") else "male" if variant.startswith("m") else "neutral"
        return Voice(voice_id, gender, f"raw eSpeak NG voice {voice_id!r}", {self.name: {"voice": voice_id}},
                     raw=True, engine=self.name, licence=LICENCE)


def _base_voice(spec: str, language: str | None) -> str:
    """The voice spec with its language swapped for ``language`` when dubbing."""
    if language:
        variant = spec.partition("+")[2]
        code = language.lower()
        if espeak.voice_name(code) is None:
            code = code.split("-")[0]
        if espeak.voice_name(code) is None:
            raise EngineError(f"eSpeak NG cannot speak language {language!r}")
        spec = f"{code}+{variant}" if variant else code
    if espeak.voice_name(spec) is None:
        raise EngineError(f"eSpeak NG has no voice {spec!r}")
    return spec


def _params(base: str, gender: str, settings: Mapping[str, Any], prosody: Prosody,
            speed: float) -> espeak.SynthParams:
    spec = base
    if prosody.breathy:  # eSpeak's whisper variants replace the voice variant
        spec = base.partition("+")[0] + ("+whisperf" if gender == "female" else "+whisper")
    name = espeak.voice_name(spec)
    assert name is not None  # _base_voice checked the language; whisper variants ship with eSpeak
    rate = settings.get("rate", BASE_RATE) * speed * prosody.rate
    pitch = settings.get("pitch", 50) + prosody.pitch * SEMITONE
    pitch_range = settings.get("range", 50) * prosody.pitch_range
    return espeak.SynthParams(name, rate=round(min(max(rate, MIN_RATE), MAX_RATE)),
                              pitch=round(min(max(pitch, 0), 100)),
                              pitch_range=round(min(max(pitch_range, 0), 100)),
                              volume=round(min(max(100 * prosody.volume, 0), 200)))


def _ms(sample: int, sr: int) -> int:
    return round(sample * 1000 / sr)


def _words(seg: Segment, events: list[espeak.SynthEvent], cursor: int, length: int, sr: int) -> list[Word]:
    """The segment's words as written, timed by eSpeak's word and phoneme events.

    A word starts at its first word event (eSpeak may say "$20" as two words,
    both inside the token) and the last word of a run ends where its phonemes
    give way to a pause.  eSpeak also runs short words together ("for a" is
    one event): such tokens share the event's phonemes in proportion to
    their letters.
    """
    tokens = seg.words
    if not tokens:
        return []
    ends = [end - seg.offset for _, _, end in tokens]
    firsts: dict[int, int] = {}  # token index -> sample of its first word event
    for ev in events:
        if ev.kind == "word":
            i = next((k for k, end in enumerate(ends) if ev.text_position < end), len(tokens) - 1)
            firsts.setdefault(i, ev.sample)
    groups: list[list[int]] = []  # a token with an event leads; tokens without one join it
    for i in range(len(tokens)):
        if i in firsts or not groups:
            groups.append([i])
        else:
            groups[-1].append(i)
    voiced = [ev.sample for ev in events if ev.kind == "phoneme" and ev.phoneme]
    pauses = [ev.sample for ev in events if ev.kind == "phoneme" and not ev.phoneme]
    out = []
    for g, members in enumerate(groups):
        start = firsts.get(members[0], 0)
        nxt = firsts[groups[g + 1][0]] if g + 1 < len(groups) else length
        inside = [v for v in voiced if start <= v < nxt]
        last_voiced = inside[-1] if inside else start
        end = min((p for p in pauses if last_voiced < p <= nxt), default=nxt)
        starts = _shared_starts([tokens[i][0] for i in members], inside, start, end)
        for k, i in enumerate(members):
            w_start, w_end = starts[k], starts[k + 1] if k + 1 < len(members) else end
            out.append(Word(tokens[i][0], _ms(cursor + w_start, sr), _ms(cursor + max(w_end, w_start), sr)))
    return out


def _shared_starts(texts: list[str], phonemes: list[int], start: int, end: int) -> list[int]:
    """Start samples of words that share one eSpeak word: phonemes split by letter counts."""
    m, n = len(texts), len(phonemes)
    if m == 1:
        return [start]
    if n < m:
        return [start + (end - start) * k // m for k in range(m)]
    weights = np.cumsum([max(sum(ch.isalnum() for ch in t), 1) for t in texts])
    starts, prev = [start], 0
    for k in range(1, m):
        b = min(max(round(n * weights[k - 1] / weights[-1]), prev + 1), n - (m - k))
        starts.append(phonemes[b])
        prev = b
    return starts


def _phonemes(events: list[espeak.SynthEvent], cursor: int, length: int, sr: int) -> list[PhonemeTiming]:
    """Each phoneme lasts until the next phoneme event (a pause included); pauses are left out."""
    marks = [ev for ev in events if ev.kind == "phoneme"]
    out = []
    for k, ev in enumerate(marks):
        end = marks[k + 1].sample if k + 1 < len(marks) else length
        if ev.phoneme and end > ev.sample:
            out.append(PhonemeTiming(strip_stress(ev.phoneme), _ms(cursor + ev.sample, sr), _ms(cursor + end, sr)))
    return out
