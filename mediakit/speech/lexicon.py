"""What a written transcript token sounds like, for forced alignment only.

Subtitles show the transcript exactly as written ("1455", "$5", "COVID-19",
"Hormozi,"), but the acoustic model can only match words it can pronounce.
This module turns one written token into one or more *readings*: sequences
of plain lower-case words ("fourteen fifty five" or "one thousand four
hundred fifty five").  The aligner offers every reading to the decoder as an
alternative path and lets the audio decide, so we never have to guess whether
a speaker said a year or a cardinal.  Words missing from the pronunciation
dictionary get a letter-to-sound pronunciation from eSpeak NG, mapped to the
ARPAbet phones of the pocketsphinx en-us model.

Nothing here touches the decoder: readings are pure text, and the aligner
decides which words need :func:`letter_to_sound`.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable

from . import espeak

Reading = tuple[str, ...]

# Phones of the bundled en-us acoustic model (its mdef, less SIL and fillers).
MODEL_PHONES = frozenset(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH"
    .split())

# A token can multiply out (hyphenated parts x number readings); beyond this
# the grammar grows without helping the decoder choose.
MAX_READINGS = 8

# Used when eSpeak has no phonemes for a "word" (a stray symbol): one neutral
# vowel still lets the token take its place in the alignment.
FALLBACK_PHONES = "AH"

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))
_ORDINAL_IRREGULAR = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                      "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
_CURRENCIES = {"$": ("dollar", "dollars", "cent", "cents"), "£": ("pound", "pounds", "penny", "pence"),
               "€": ("euro", "euros", "cent", "cents"), "¥": ("yen", "yen", "sen", "sen")}
_MULTIPLIERS = {"k": "thousand", "m": "million", "b": "billion", "bn": "billion"}
_SYMBOLS = {"&": "and", "+": "plus", "@": "at", "=": "equals", "%": "percent", ".": "dot"}
# Written abbreviations whose spoken form is not their letters; the
# dictionary alone would read "dr" as "drive".
_ABBREVIATIONS: dict[str, list[Reading]] = {
    "mr": [("mister",)], "mrs": [("missus",)], "ms": [("miz",)], "dr": [("doctor",), ("drive",)],
    "st": [("saint",), ("street",)], "jr": [("junior",)], "sr": [("senior",)], "vs": [("versus",)],
    "etc": [("et", "cetera")], "e.g": [("for", "example"), ("e", "g")],
    "i.e": [("that", "is"), ("i", "e")], "approx": [("approximately",)],
    "am": [("am",), ("a", "m")], "pm": [("p", "m")], "a.m": [("a", "m")], "p.m": [("p", "m")],
}

# eSpeak NG (en-us) ASCII phoneme mnemonics -> ARPAbet.  Matched longest
# first; r-coloured vowels carry their R so "start" is AA R T.
_ESPEAK_TO_ARPABET = {
    "aI3": "AY ER", "aU3": "AW ER", "i@3": "IY R", "e@3": "EH R", "U@3": "UH R", "aI@": "AY AH",
    "aU@": "AW AH", "aI": "AY", "aU": "AW", "eI": "EY", "OI": "OY", "oU": "OW", "i:": "IY", "u:": "UW",
    "3:": "ER", "A:": "AA", "O:": "AO", "A@": "AA R", "O@": "AO R", "o@": "AO R", "e@": "EH R",
    "i@": "IY AH", "U@": "UH R", "I@": "IH R", "u@": "UW AH", "I#": "IH", "I2": "IH", "a#": "AH",
    "aa": "AE", "@L": "AH L", "@2": "AH", "@5": "AH", "O2": "AO", "e#": "EH", "i#": "IY", "t#": "T",
    "d#": "D", "n-": "AH N", "l-": "AH L", "m-": "AH M", "r-": "ER", "tS": "CH", "dZ": "JH",
    "@": "AH", "3": "ER", "a": "AE", "e": "EH", "E": "EH", "I": "IH", "i": "IY", "0": "AA", "V": "AH",
    "U": "UH", "u": "UW", "o": "OW", "A": "AA", "O": "AO", "p": "P", "b": "B", "t": "T", "d": "D",
    "k": "K", "g": "G", "f": "F", "v": "V", "s": "S", "z": "Z", "h": "HH", "m": "M", "n": "N",
    "l": "L", "L": "L", "r": "R", "w": "W", "j": "Y", "T": "TH", "D": "DH", "S": "SH", "Z": "ZH",
    "N": "NG", "x": "K", "?": "T",
}
_ESPEAK_KEYS = sorted(_ESPEAK_TO_ARPABET, key=len, reverse=True)
_ESPEAK_LANGUAGE_SWITCH = re.compile(r"\([a-z-]+\)")

_KEEP = "$£€¥#@&+%"
_OUTER_PUNCT = re.compile(rf"^(?:(?!-\d)[^\w{_KEEP}])+|[^\w{_KEEP}]+$")
_PART_SPLIT = re.compile(r"(?<=\w)[-/—]+(?=[\w$£€¥#])")
_NUMBER = r"\d{1,3}(?:,\d{3})+|\d+"
_CURRENCY = re.compile(rf"^([$£€¥])({_NUMBER})(?:\.(\d{{1,2}}))?(k|m|bn|b)?$")
_PERCENT = re.compile(rf"^(-?(?:{_NUMBER})(?:\.\d+)?)%$")
_ORDINAL = re.compile(r"^(\d+)(st|nd|rd|th)$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(a\.?m|p\.?m)?$")
_HOUR = re.compile(r"^(\d{1,2})(a\.?m|p\.?m)$")
_PLURAL_NUMBER = re.compile(r"^(\d+)'?s$")
_MULTIPLIED = re.compile(r"^(\d+(?:\.\d+)?)(k|m|bn|b)$")
_SIGNED_NUMBER = re.compile(rf"^(-?)({_NUMBER})(?:\.(\d+))?$")
_DOTTED_LETTERS = re.compile(r"^(?:[a-z]\.)+[a-z]$")
_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)*$")
_RUNS = re.compile(r"[A-Za-z]+|\d+|[^A-Za-z\d]")


def spoken_forms(token: str) -> list[Reading]:
    """Alternative spoken word sequences for one written token; ``[]`` if it is pure punctuation.

    ``"1455"`` gives the year reading first, then the cardinal ones;
    ``"COVID-19"`` gives ``("covid", "nineteen")`` and the spelled-out
    letters.  Words are lower case and may be missing from the dictionary.
    """
    core = _OUTER_PUNCT.sub("", _normalise(token))
    if not core:
        return []
    per_part = [r for r in (_part_readings(p) for p in _PART_SPLIT.split(core) if p) if r]
    return _combine(per_part)


def letter_to_sound(word: str, voice: str = "en-us") -> str:
    """ARPAbet pronunciation (space-separated model phones) of a word the dictionary lacks.

    eSpeak's rules know English spelling far better than a hand-made table,
    and names like "Hormozi" come out close to how people say them.
    """
    phones = espeak_to_arpabet(espeak.text_to_phonemes(word, voice))
    return " ".join(phones) if phones else FALLBACK_PHONES


@functools.lru_cache(maxsize=4096)
def espeak_to_arpabet(phonemes: str) -> tuple[str, ...]:
    """Map eSpeak ASCII mnemonics (``"h@l'oU"``) to model phones (``HH AH L OW``).

    Stress, syllable and length marks carry no phone, and a phone repeated
    across eSpeak's syllable split (``o@r`` -> AO R R) is kept once.
    """
    text = _ESPEAK_LANGUAGE_SWITCH.sub("", phonemes)
    out: list[str] = []
    i = 0
    while i < len(text):
        key = next((k for k in _ESPEAK_KEYS if text.startswith(k, i)), None)
        if key is None:
            i += 1
            continue
        for phone in _ESPEAK_TO_ARPABET[key].split():
            if not out or (phone != out[-1] and not (phone == "R" and out[-1] == "ER")):
                out.append(phone)
        i += len(key)
    return tuple(out)


def cardinal_words(n: int, *, british_and: bool = False) -> list[str]:
    """``1455`` -> one thousand four hundred fifty five (``and`` before the tens if asked)."""
    if n < 20:
        return [_ONES[n]]
    if n < 100:
        tens, ones = divmod(n, 10)
        return [_TENS[tens]] + ([_ONES[ones]] if ones else [])
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return [_ONES[hundreds], "hundred", *_remainder(rest, british_and)]
    scale, name = next((s, w) for s, w in _SCALES if n >= s)
    head, rest = divmod(n, scale)
    return [*cardinal_words(head, british_and=british_and), name, *_remainder(rest, british_and)]


def ordinal_words(n: int) -> list[str]:
    """``21`` -> twenty first; ``12`` -> twelfth."""
    words = cardinal_words(n)
    last = words[-1]
    if last in _ORDINAL_IRREGULAR:
        words[-1] = _ORDINAL_IRREGULAR[last]
    elif last.endswith("y"):
        words[-1] = last[:-1] + "ieth"
    else:
        words[-1] = last + "th"
    return words


def year_words(n: int) -> list[str] | None:
    """``1455`` -> fourteen fifty five; ``1905`` -> nineteen oh five; None outside 1100-2099.

    2000-2009 are left to the cardinal reading ("two thousand five").
    """
    if not 1100 <= n <= 2099 or 2000 <= n <= 2009:
        return None
    century, rest = divmod(n, 100)
    if rest == 0:
        return [*cardinal_words(century), "hundred"]
    if rest < 10:
        return [*cardinal_words(century), "oh", _ONES[rest]]
    return [*cardinal_words(century), *cardinal_words(rest)]


def number_readings(digits: str) -> list[Reading]:
    """Every usual way to say an integer written as ``digits`` (commas allowed).

    A year reading first for 1100-2099, then the cardinal, the British "and"
    cardinal, and digit by digit; a leading zero ("007") means digits only.
    """
    if digits.startswith("0") and len(digits) > 1:
        return _unique([tuple(_ONES[int(d)] for d in digits),
                        tuple("oh" if d == "0" else _ONES[int(d)] for d in digits)])
    value = int(digits.replace(",", ""))
    year = year_words(value) if len(digits) == 4 else None
    readings: list[Reading] = [tuple(year)] if year else []
    readings += [tuple(cardinal_words(value)), tuple(cardinal_words(value, british_and=True))]
    if "," not in digits and len(digits) >= 3:
        readings.append(tuple(_ONES[int(d)] for d in digits))
    return _unique(readings)


def _remainder(rest: int, british_and: bool) -> list[str]:
    """What follows "hundred"/"thousand": nothing, "(and) five", or the rest in full."""
    if not rest:
        return []
    if rest < 100:
        return (["and"] if british_and else []) + cardinal_words(rest)
    return cardinal_words(rest, british_and=british_and)


def _normalise(token: str) -> str:
    """Fold typographic quotes, dashes and accents so "Café’s" reads like "Cafe's"."""
    text = (token.replace("’", "'").replace("‘", "'").replace("ʼ", "'")
            .replace("−", "-").replace("–", "-").replace("‐", "-").replace("‑", "-"))
    folded = unicodedata.normalize("NFKD", text)
    return "".join(c for c in folded if not unicodedata.combining(c))


def _part_readings(part: str) -> list[Reading]:
    """Readings of one hyphen/slash-free piece of a token, e.g. "COVID" or "$5.99"."""
    lower = part.lower()
    if lower in _ABBREVIATIONS:
        return _ABBREVIATIONS[lower]
    for pattern, reader in _PATTERNS:
        match = pattern.match(lower)
        if match:
            return reader(match)
    if _DOTTED_LETTERS.match(lower):
        return [tuple(c for c in lower if c.isalpha())]
    if _WORD.match(lower):
        return _word_readings(part)
    return _mixed_readings(part)


def _word_readings(word: str) -> list[Reading]:
    """A plain word, plus its letters when it may be an acronym ("NASA", "mp")."""
    lower = word.lower()
    letters = lower.replace("'", "")
    readings: list[Reading] = [(lower,)]
    looks_like_acronym = (word.isupper() and 2 <= len(letters) <= 5) or \
        (len(letters) >= 2 and not re.search(r"[aeiouy]", letters))
    if looks_like_acronym:
        readings.append(tuple(letters))
    return readings


def _mixed_readings(part: str) -> list[Reading]:
    """Letters, digits and symbols run together ("mp3", "B2B", "C++", "mediakit.com"): read run by run."""
    per_run: list[list[Reading]] = []
    for run in _RUNS.findall(part):
        if run.isdigit():
            per_run.append(number_readings(run))
        elif run.isalpha():
            per_run.append(_word_readings(run))
        elif run in _SYMBOLS:
            per_run.append([(_SYMBOLS[run],)])
        elif run == "#":
            per_run.append([("number",), ("hashtag",)])
    return _combine(per_run)


def _currency(match: re.Match[str]) -> list[Reading]:
    """"$5" -> five dollars; "$5.99" -> five dollars ninety nine cents, five ninety nine...; "$2m"."""
    symbol, whole, cents, multiplier = match.groups()
    one, many, cent, cents_word = _CURRENCIES[symbol]
    value = int(whole.replace(",", ""))
    if multiplier:
        amount = (*cardinal_words(value), _MULTIPLIERS[multiplier])
        return [(*amount, many), amount]
    unit = one if value == 1 else many
    if not cents or int(cents) == 0:
        return _unique((*r, unit) for r in number_readings(whole))
    c = int(cents.ljust(2, "0"))
    c_words = (*cardinal_words(c), cent if c == 1 else cents_word)
    if value == 0:
        return [c_words]
    amount = tuple(cardinal_words(value))
    return [(*amount, unit, *c_words), (*amount, unit, "and", *c_words),
            (*amount, unit, *c_words[:-1]), (*amount, *c_words[:-1])]


def _percent(match: re.Match[str]) -> list[Reading]:
    return [(*r, "percent") for r in _signed_number(match.group(1))]


def _ordinal(match: re.Match[str]) -> list[Reading]:
    return [tuple(ordinal_words(int(match.group(1))))]


def _clock(match: re.Match[str]) -> list[Reading]:
    """"3:30pm" -> three thirty p m; "3:05" -> three oh five; "3:00" -> three (o'clock)."""
    hour, minute = cardinal_words(int(match.group(1))), int(match.group(2))
    suffix = _meridiem(match.group(3))
    if minute == 0:
        return [(*hour, *suffix), (*hour, "o'clock", *suffix)]
    if minute < 10:
        return [(*hour, "oh", _ONES[minute], *suffix)]
    return [(*hour, *cardinal_words(minute), *suffix)]


def _hour(match: re.Match[str]) -> list[Reading]:
    return [(*cardinal_words(int(match.group(1))), *_meridiem(match.group(2)))]


def _meridiem(text: str | None) -> Reading:
    if not text:
        return ()
    return ("a", "m") if text.startswith("a") else ("p", "m")


def _plural_number(match: re.Match[str]) -> list[Reading]:
    """"1990s" -> nineteen nineties; "20s" -> twenties (decades are said the first way only)."""
    reading = number_readings(match.group(1))[0]
    last = reading[-1]
    plural = last[:-1] + "ies" if last.endswith("y") else last + ("es" if last.endswith("x") else "s")
    return [(*reading[:-1], plural)]


def _multiplied(match: re.Match[str]) -> list[Reading]:
    """"5k" -> five thousand, or five k as written."""
    number, multiplier = match.groups()
    readings = _signed_number(number)
    return _unique([(*r, _MULTIPLIERS[multiplier]) for r in readings] + [(*readings[0], *multiplier)])


def _plain_number(match: re.Match[str]) -> list[Reading]:
    return _signed_number(match.group(0))


def _signed_number(text: str) -> list[Reading]:
    """An integer or decimal, maybe negative: "-3.5" -> minus three point five."""
    sign, whole, fraction = _SIGNED_NUMBER.match(text).groups()  # type: ignore[union-attr]
    if fraction is None:
        bodies = number_readings(whole)
    else:
        point = ("point", *(_ONES[int(d)] for d in fraction))
        value = int(whole.replace(",", ""))
        bodies = [(*cardinal_words(value), *point)] + ([point] if value == 0 else [])
    if not sign:
        return bodies
    return _unique((s, *b) for s in ("minus", "negative") for b in bodies)


def _combine(per_part: list[list[Reading]]) -> list[Reading]:
    """Readings of consecutive parts joined: every combination, capped at MAX_READINGS."""
    if not per_part:
        return []
    combos = itertools.islice(itertools.product(*per_part), MAX_READINGS)
    return _unique(tuple(itertools.chain.from_iterable(c)) for c in combos)


def _unique(readings: Iterable[Reading]) -> list[Reading]:
    """Drop empty and repeated readings, keep order, cap the count."""
    seen: dict[Reading, None] = {}
    for reading in readings:
        if reading:
            seen.setdefault(tuple(reading), None)
    return list(seen)[:MAX_READINGS]


_PATTERNS = (
    (_CURRENCY, _currency), (_PERCENT, _percent), (_ORDINAL, _ordinal), (_CLOCK, _clock),
    (_HOUR, _hour), (_PLURAL_NUMBER, _plural_number), (_MULTIPLIED, _multiplied),
    (_SIGNED_NUMBER, _plain_number),
)
