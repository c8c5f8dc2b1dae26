"""How a script is delivered: tone presets, emotion tags, and the plan engines speak from.

The spec's ``tone`` (energetic, calm, confident, dramatic) and its emotion
tags in square brackets (``[excited]``, ``[whispers]``, ``[laughs]``...) are
parsed here, once, into a list of :class:`Segment`: each a piece of the script
with the :class:`Prosody` to speak it with, or a non-verbal sound.  Engines
never parse tags themselves, so every engine honours the same tags the same
way and none can speak a tag aloud or report it as a word.

Prosody is engine-neutral (a rate multiplier, semitones, an intonation range
multiplier, a volume multiplier, breathiness); each engine maps it to its own
controls.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from ...errors import ValidationError
from ...speech.lexicon import spoken_forms


@dataclass(frozen=True)
class Prosody:
    """Relative delivery: 1.0 and 0 semitones leave the voice as it is."""

    rate: float = 1.0
    pitch: float = 0.0
    pitch_range: float = 1.0
    volume: float = 1.0
    breathy: bool = False

    def then(self, other: Prosody) -> Prosody:
        """``other`` applied on top of this one (a tag on top of the tone)."""
        return Prosody(self.rate * other.rate, self.pitch + other.pitch,
                       self.pitch_range * other.pitch_range, self.volume * other.volume,
                       self.breathy or other.breathy)


NEUTRAL = Prosody()


@dataclass(frozen=True)
class Tone:
    """A whole-script delivery; ``sentence_pause_ms`` is extra silence between sentences."""

    prosody: Prosody
    sentence_pause_ms: int = 0


TONES: dict[str, Tone] = {
    "energetic": Tone(Prosody(rate=1.12, pitch=2.0, pitch_range=1.5, volume=1.1)),
    "calm": Tone(Prosody(rate=0.88, pitch=-1.5, pitch_range=0.6, volume=0.85), sentence_pause_ms=150),
    "confident": Tone(Prosody(rate=0.97, pitch=-1.0, pitch_range=1.25, volume=1.1)),
    "dramatic": Tone(Prosody(rate=0.85, pitch=-2.0, pitch_range=1.7), sentence_pause_ms=400),
}


@dataclass(frozen=True)
class Sound:
    """A non-verbal sound a tag stands for: ``text`` is said (never reported as words), or silence."""

    text: str
    prosody: Prosody = NEUTRAL
    silence_ms: int = 0


# Tags that colour the rest of the sentence they start.
EMOTIONS: dict[str, Prosody] = {
    "excited": Prosody(rate=1.15, pitch=3.0, pitch_range=1.6, volume=1.15),
    "happy": Prosody(rate=1.05, pitch=2.0, pitch_range=1.3),
    "sad": Prosody(rate=0.85, pitch=-2.5, pitch_range=0.5, volume=0.8),
    "whispers": Prosody(rate=0.92, volume=0.55, breathy=True),
    "shouts": Prosody(rate=1.05, pitch=4.0, pitch_range=1.4, volume=1.5),
    "angry": Prosody(rate=1.08, pitch=1.0, pitch_range=1.5, volume=1.3),
    "calm": Prosody(rate=0.9, pitch=-1.0, pitch_range=0.6, volume=0.9),
    "curious": Prosody(pitch=1.5, pitch_range=1.4),
    "serious": Prosody(rate=0.95, pitch=-1.5, pitch_range=0.7),
    "sarcastic": Prosody(rate=0.95, pitch=0.5, pitch_range=1.6),
}

# Tags that are a sound of their own, at the place of the tag.
SOUNDS: dict[str, Sound] = {
    "laughs": Sound("Ha ha ha!", Prosody(rate=1.2, pitch=3.0, pitch_range=1.5)),
    "sighs": Sound("Haah.", Prosody(rate=0.7, volume=0.7, breathy=True)),
    "gasps": Sound("Hah!", Prosody(rate=1.3, pitch=2.0, breathy=True)),
    "clears throat": Sound("Ahem."),
    "pause": Sound("", silence_ms=600),
    "long pause": Sound("", silence_ms=1200),
}

ALIASES: dict[str, str] = {
    "excitedly": "excited", "enthusiastic": "excited", "enthusiastically": "excited",
    "cheerful": "happy", "cheerfully": "happy", "smiling": "happy",
    "sadly": "sad",
    "whisper": "whispers", "whispering": "whispers", "whispered": "whispers",
    "shout": "shouts", "shouting": "shouts", "yells": "shouts", "yelling": "shouts",
    "angrily": "angry", "calmly": "calm", "curiously": "curious", "seriously": "serious",
    "sarcastically": "sarcastic",
    "laugh": "laughs", "laughing": "laughs", "chuckles": "laughs", "giggles": "laughs",
    "sigh": "sighs", "sighing": "sighs", "gasp": "gasps", "beat": "pause", "pauses": "pause",
}

TAG_RE = re.compile(r"\[([^\[\]\n]{1,40})\]")
# A sentence ends at . ! ? or … (with closing quotes/brackets) before a space or the end.
_SENTENCE_END_RE = re.compile(r"[.!?…]+[\"'”’)\]]*(?=\s|$)")
_TOKEN_RE = re.compile(r"\S+")
# a web address: brew.co, shop.ledgerly.app (not U.S., 2.5)
_ADDRESS_RE = re.compile(r"\w[\w-]*(?:\.\w[\w-]*)*\.[^\W\d_]{2,}(?![\w.]*\w)")
# Top-level domains people say as a word; any other of three letters or fewer is spelled ("io" is "I O").
_TLDS_SAID = frozenset("app biz blog club co com dev info live me net org shop site store top".split())


@dataclass(frozen=True)
class Segment:
    """One piece of a script, spoken with one prosody.

    ``offset`` is where ``text`` starts in the original script, so engines can
    map what they report back to the words as written.  ``words`` are the
    script's words that start in this segment, as written, with their
    (start, end) offsets in the script; a non-verbal sound (``spoken`` False)
    has none.  ``pause_ms`` is silence before the segment; ``ends_sentence``
    tells the engine to keep its sentence-final pause (a piece cut at a
    mid-sentence tag flows on).
    """

    text: str
    offset: int
    prosody: Prosody
    spoken: bool = True
    pause_ms: int = 0
    ends_sentence: bool = True
    words: tuple[tuple[str, int, int], ...] = ()


def tone_names() -> list[str]:
    return list(TONES)


def emotion_tags() -> list[str]:
    """The tags that change delivery, canonical names only (aliases are also accepted)."""
    return [*EMOTIONS, *SOUNDS]


def get_tone(tone: str | None) -> Tone:
    """The tone preset; ``None`` is the voice's own delivery."""
    if tone is None:
        return Tone(NEUTRAL)
    found = TONES.get(tone.strip().lower()) if isinstance(tone, str) else None
    if found is None:
        raise ValidationError("tone", tone, f"must be one of {', '.join(TONES)}")
    return found


def canonical_tag(tag: str) -> str:
    """``"Whispering"`` -> ``"whispers"``, ``"laughs softly"`` -> ``"laughs"``; unknown tags come back normalised."""
    name = " ".join(tag.lower().split())
    for candidate in (name, name.split(" ")[0]):
        candidate = ALIASES.get(candidate, candidate)
        if candidate in EMOTIONS or candidate in SOUNDS:
            return candidate
    return name


def speakable(text: str) -> str:
    """``text`` with emoji and other symbols blanked, same length so positions still match.

    Without this eSpeak reads "🙂" as "slightly smiling face".
    """
    return "".join(" " if unicodedata.category(ch) in ("So", "Sk", "Cf", "Co", "Cs")
                   or "\ufe00" <= ch <= "\ufe0f" else ch for ch in text)


def as_said(token: str) -> str:
    """A written token as a speaker reads it aloud, for the neural voices' phonemiser.

    An address is read out the way a person reads one to a listener: a short
    pause before it, its dots said, a pause at each ("brew.co" is ", brew, dot,
    co"), and a short top-level domain that is not a word spelled ("ai" is "A
    I").  Read as one run, Kokoro said "brew.co" so Whisper heard "brew, Cole";
    with the dots said but no pauses, "off at brew.co" was heard "off a
    brew.co" and "ledgerly.app" as "legially.top" (BENCHMARKS.md, issue 22).
    The commas are the phonemiser's pauses.  The token stays one written word;
    only what is spoken changes.
    """
    text = speakable(token)
    found = _ADDRESS_RE.search(text)
    if not found:
        return text
    *labels, tld = found.group().split(".")
    said = [*(" ".join(_label_words(label)) for label in labels),
            tld if tld.lower() in _TLDS_SAID or len(tld) > 3 else " ".join(tld.upper())]
    return f"{text[:found.start()]}, {', dot, '.join(said)}{text[found.end():]}"


ADDRESS_RATE = 0.85
"""A sentence that gives an address is said this much slower, the way a person reads one out to be noted.

At the faster speeds that fill a 15 s ad, Whisper heard "off at brew.co" as
"off a brew.co" or "off of brew.co" even with the address read out.
"""


def read_out(seg: Segment) -> Segment:
    """``seg`` said at ``ADDRESS_RATE`` when it gives an address (for the neural voices, with :func:`as_said`)."""
    if any(_ADDRESS_RE.search(speakable(word)) for word, _, _ in seg.words):
        return replace(seg, prosody=seg.prosody.then(Prosody(rate=ADDRESS_RATE)))
    return seg


def _label_words(label: str) -> tuple[str, ...]:
    readings = spoken_forms(label)  # "20off" is "twenty off", "my-shop" is "my shop"
    return readings[0] if readings else (label,)


def word_spans(text: str, offset: int = 0) -> list[tuple[str, int, int]]:
    """Words as written with their (start, end) offsets, cut the way the forced aligner cuts them.

    A token counts as a word when it can be spoken (``spoken_forms``: "&" is
    "and", "$20" is "twenty dollars"); a token that cannot ("—", an emoji)
    rides on the word before it ("so —"), or on the next one at the start, so
    subtitles still show it.  Same rule as ``speech.align.transcript_tokens``.
    """
    out: list[tuple[str, int, int]] = []
    pending: list[tuple[str, int]] = []
    for m in _TOKEN_RE.finditer(text):
        raw, start, end = m.group(), offset + m.start(), offset + m.end()
        if spoken_forms(raw):
            if pending:
                raw, start = " ".join([*(p for p, _ in pending), raw]), pending[0][1]
                pending = []
            out.append((raw, start, end))
        elif out:
            out[-1] = (f"{out[-1][0]} {raw}", out[-1][1], end)
        else:
            pending.append((raw, start))
    return out


def plan(text: str, tone: str | None = None) -> list[Segment]:
    """Split a script into segments: one per sentence, and at every tag.

    An emotion tag shapes the rest of the sentence it stands in (the following
    sentence when it stands between sentences); a sound tag becomes its own
    non-verbal segment; an unknown tag is dropped.  Tags are never spoken.
    Words are cut over the whole script with its tags blanked, so they do not
    depend on where segments split.
    """
    base = get_tone(tone)
    segments: list[Segment] = []
    emotion: Prosody | None = None
    silence = 0  # from pause tags, before whatever comes next
    after_sentence = False  # the tone's sentence pause goes before the next spoken piece
    pos = 0
    for tag in [*TAG_RE.finditer(text), None]:
        end = tag.start() if tag else len(text)
        for piece, start, ends in _sentences(text, pos, end):
            if piece.strip():
                lead = len(piece) - len(piece.lstrip())
                pause = silence + (base.sentence_pause_ms if after_sentence else 0)
                prosody = base.prosody.then(emotion) if emotion else base.prosody
                segments.append(Segment(piece.strip(), start + lead, prosody, pause_ms=pause,
                                        ends_sentence=ends))
                silence, after_sentence = 0, ends
            if ends:
                emotion = None
        if tag is None:
            break
        name = canonical_tag(tag.group(1))
        if name in EMOTIONS:
            emotion = EMOTIONS[name]
        elif name in SOUNDS:
            sound = SOUNDS[name]
            silence += sound.silence_ms
            if sound.text:
                segments.append(Segment(sound.text, tag.start(), base.prosody.then(sound.prosody),
                                        spoken=False, pause_ms=silence))
                silence, after_sentence = 0, False
        pos = tag.end()
    if silence and segments:
        segments.append(Segment("", len(text), base.prosody, spoken=False, pause_ms=silence))
    words = word_spans(TAG_RE.sub(lambda m: " " * len(m.group()), text))
    return [replace(seg, words=tuple(w for w in words if seg.offset <= w[1] < seg.offset + len(seg.text)))
            if seg.spoken else seg for seg in segments]


def _sentences(text: str, start: int, end: int) -> list[tuple[str, int, bool]]:
    """``text[start:end]`` cut after each sentence end: (piece, offset, ends a sentence)."""
    out = []
    chunk = text[start:end]
    pos = 0
    for m in _SENTENCE_END_RE.finditer(chunk):
        out.append((chunk[pos:m.end()], start + pos, True))
        pos = m.end()
    if pos < len(chunk):
        # Text running up to a tag or the script's end: it ends a sentence only at the end.
        out.append((chunk[pos:], start + pos, end == len(text)))
    return out


def spoken_words(text: str) -> list[str]:
    """The words of a script as written, tags excluded: what word timings must list."""
    return [w for seg in plan(text) for w, _, _ in seg.words]
