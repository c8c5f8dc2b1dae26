"""Script pacing: how many spoken words fit in a video, and which duration to use.

The service sells videos in fixed durations and a voice can only speak so
fast, so every script-driven generator checks the script against a word
budget before anything is rendered.  The rules differ per generator (see
``spec/service-interface.md``):

* ``ugc_video`` / ``saas_review``: natural pace 2.5 words per second, so at
  most 12 / 25 / 37 words for 5 / 10 / 15 s.  A script too long for the
  requested ``target_duration`` raises it to the next bucket that fits and says
  so in ``pacing_warning``; without a target the bucket is estimated from the
  script; over 37 words is rejected.
* ``show_your_app`` / ``laptop_ugc``: capped at 3 words per second of duration.
  The spec rejects only "a script over the word cap for the longest
  duration", so a shorter duration is raised like on ``ugc_video`` (with a
  warning) and only a script that fits no allowed duration is rejected.
* ``product_acting_ugc``: an acting take of 5/10/15 s (default 5) with no cap of
  its own in the spec, so it uses the natural 2.5 words-per-second buckets and
  raises like ``ugc_video``.
* ``make_ugc``: the duration comes from the script alone and the ``duration``
  field is ignored when a script is set.  The spec's 11 / 22 words for 5 /
  10 s (2.2 words per second) left a voice speaking at a natural rate with
  up to half the clip silent (issue 22), so the buckets hold what a voice
  fills at a natural speed: 15 / 30 words (3 words per second), otherwise 15 s.

Budgets use exact fractions so that ``floor(2.5 * 15) == 37`` never depends on
floating-point rounding.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from ..errors import ValidationError
from ..generator_ids import GeneratorId

NATURAL_PACE = Fraction(5, 2)
APP_PACE = Fraction(3)
MAKE_UGC_PACE = Fraction(3)   # the spec's 11/5 left dead air (see above)

_TAG = re.compile(r"\[[^\[\]\n]*\]")
_SPOKEN = re.compile(r"[^\W_]")


@dataclass(frozen=True)
class GeneratorRule:
    """How one generator paces a script.

    ``buckets`` are the durations a script can be fitted into; ``accepted`` are
    the values the duration field itself accepts (make_ugc accepts more than
    it uses).  ``default`` of ``None`` means "estimate from the script".
    """

    generator: GeneratorId
    duration_field: str
    accepted: tuple[int, ...]
    buckets: tuple[int, ...]
    default: int | None
    pace: Fraction
    min_chars: int
    max_chars: int
    duration_from_script: bool = False

    def max_words(self, duration: int) -> int:
        return math.floor(self.pace * duration)


_5_10_15 = (5, 10, 15)  # the spec's video buckets, seconds
PACING_RULES: dict[str, GeneratorRule] = {
    rule.generator: rule
    for rule in (
        GeneratorRule(GeneratorId.UGC_VIDEO, "target_duration", _5_10_15, _5_10_15, None, NATURAL_PACE, 50, 3000),
        GeneratorRule(GeneratorId.SAAS_REVIEW, "target_duration", _5_10_15, _5_10_15, None, NATURAL_PACE, 50, 3000),
        GeneratorRule(GeneratorId.PRODUCT_ACTING_UGC, "duration", _5_10_15, _5_10_15, 5, NATURAL_PACE, 5, 3000),
        GeneratorRule(GeneratorId.SHOW_YOUR_APP, "duration", _5_10_15, _5_10_15, 5, APP_PACE, 5, 3000),
        GeneratorRule(GeneratorId.LAPTOP_UGC, "duration", (15, 20), (15, 20), 20, APP_PACE, 5, 3000),
        GeneratorRule(GeneratorId.MAKE_UGC, "duration", (5, 10, 15, 20, 25, 30), _5_10_15, None, MAKE_UGC_PACE, 1, 1200,
                      duration_from_script=True),
    )
}


@dataclass(frozen=True)
class PacingReceipt:
    """The spec's pacing fields of a submitted job.

    ``estimated_duration`` is the duration the video will have (seconds);
    ``max_words`` is the budget of that duration; ``words_per_second`` is the
    pace the script will actually be spoken at in it.
    """

    word_count: int
    words_per_second: float
    max_words: int
    estimated_duration: int
    pacing_warning: str | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def count_words(script: str) -> int:
    """Spoken words: whitespace tokens holding a letter or digit.

    Emotion tags such as ``[excited]`` direct the voice and are never spoken,
    and tokens of pure punctuation (``-``, ``...``, emoji) take no time, so
    neither counts against the budget.
    """
    return sum(1 for token in _TAG.sub(" ", script).split() if _SPOKEN.search(token))


def pace(script: str, *, duration: float | None = None, generator: str = GeneratorId.UGC_VIDEO) -> PacingReceipt:
    """Fit ``script`` into one of ``generator``'s durations; raise ``ValidationError`` if it cannot.

    ``duration`` is the requested one (``target_duration`` on ugc_video and
    saas_review); ``None`` uses the generator's default, or estimates it from
    the script where the generator has none.
    """
    rule = _rule(generator)
    _check_chars(script, rule)
    words = count_words(script)
    if words == 0:
        raise ValidationError("script", script, "must contain at least one spoken word")
    requested = _check_duration(duration, rule)
    fitting = [d for d in rule.buckets if words <= rule.max_words(d)]
    warning = None
    if rule.duration_from_script:
        chosen = fitting[0] if fitting else rule.buckets[-1]
    elif not fitting:
        longest = rule.buckets[-1]
        raise ValidationError(
            "script", script,
            f"has {words} words; {generator} allows at most {rule.max_words(longest)} "
            f"({_rate(rule.pace)} words per second for the longest duration, {longest} s)")
    else:
        start = requested if requested is not None else rule.default
        if start is None:
            chosen = fitting[0]
        elif words <= rule.max_words(start):
            chosen = start
        else:
            chosen = next(d for d in fitting if d > start)
            warning = (f"Script has {words} words but {start} s fits at most {rule.max_words(start)} "
                       f"at {_rate(rule.pace)} words per second; duration raised from {start} s to {chosen} s.")
    return PacingReceipt(word_count=words, words_per_second=round(words / chosen, 2),
                         max_words=rule.max_words(chosen), estimated_duration=chosen, pacing_warning=warning)


def _rule(generator: str) -> GeneratorRule:
    try:
        return PACING_RULES[generator]
    except (KeyError, TypeError):
        # "route": the field the CLI's ``pace --route`` and its JSON error have always named
        raise ValidationError("route", generator, f"must be one of {', '.join(PACING_RULES)}") from None


def _check_chars(script: Any, rule: GeneratorRule) -> None:
    if not isinstance(script, str):
        raise ValidationError("script", script, "must be a string")
    if not rule.min_chars <= len(script) <= rule.max_chars:
        raise ValidationError("script", script, f"must be {rule.min_chars} to {rule.max_chars} characters "
                              f"on {rule.generator} (has {len(script)})")


def _check_duration(duration: Any, rule: GeneratorRule) -> int | None:
    if duration is None:
        return None
    ok = isinstance(duration, int | float) and not isinstance(duration, bool) and duration in rule.accepted
    if not ok:
        raise ValidationError(rule.duration_field, duration,
                              f"must be one of {', '.join(map(str, rule.accepted))} on {rule.generator}")
    return int(duration)


def _rate(pace: Fraction) -> str:
    return f"{float(pace):g}"
