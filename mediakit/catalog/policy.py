"""``model: auto``: which live model serves a request, and why, as a pure function of catalog and stats.

The spec's rule: auto starts from the default of the kind and switches only

1. when the default failed more than 25% of at least 10 runs and another
   live model is healthy, or
2. when a live model priced within 1.5 times the default beats the default's
   auto score by at least 0.1 over at least 10 judged runs.

How mediakit reads the parts the sentence leaves open:

- *healthy* is "not failing by the same test": a model with fewer than 10
  runs has no evidence against it.  Among healthy models the one with the
  most evidence of health wins (10+ runs first, then the lower fail rate),
  then the cheaper, then catalog order.
- *priced within 1.5 times* compares the price per unit at the same quality
  (``quality``, else the default model's default quality) for video, and
  ``credits.perUnit`` otherwise; cheaper models qualify.
- *over at least 10 judged runs* holds for both sides: the candidate and
  the default each have 10+ scored runs, so neither score is a fluke.  A
  candidate must also be healthy.  The best-scoring candidate wins.
- Rule 1 is checked first: a failing default is left even when another
  model scores better.

Boundaries are inclusive where the spec says "at least" (10 runs, 0.1
better, 1.5 times) and exclusive where it says "more than" (25%).
"""

from __future__ import annotations

from collections.abc import Mapping

from .entries import Catalog, ModelEntry
from .stats import NO_RUNS, RunStats

MIN_RUNS = 10
MAX_FAIL_RATE = 0.25
MIN_JUDGED = 10
MIN_SCORE_GAIN = 0.1
MAX_PRICE_RATIO = 1.5
_EPS = 1e-9  # scores and rates arrive as floats: 0.8 - 0.7 must count as 0.1


def failing(stats: RunStats) -> bool:
    """Failed more than 25% of at least 10 runs."""
    return stats.runs >= MIN_RUNS and stats.fail_rate is not None and stats.fail_rate > MAX_FAIL_RATE + _EPS


def judged(stats: RunStats) -> bool:
    """Has an auto score over at least 10 judged runs."""
    return stats.auto_score is not None and stats.scored >= MIN_JUDGED


def choose_model(kind: str, catalog: Catalog, stats: Mapping[str, RunStats] | None = None, *,
                 quality: str | None = None) -> tuple[str, str]:
    """``(model_id, reason)``: the live model ``auto`` picks for ``kind`` given recent run ``stats``."""
    runs = stats or {}
    default = catalog.default(kind)
    base = runs.get(default.id, NO_RUNS)
    others = [m for m in catalog.live(kind) if m.id != default.id]
    order = {m.id: n for n, m in enumerate(catalog.models)}
    price_quality = quality or (default.video.default_quality if default.video is not None else None)

    def price(entry: ModelEntry) -> float:
        return _price(entry, price_quality)

    if failing(base):
        healthy = [m for m in others if not failing(runs.get(m.id, NO_RUNS))]
        if healthy:
            def health(m: ModelEntry) -> tuple[bool, float, float, int]:
                s = runs.get(m.id, NO_RUNS)
                return (s.runs < MIN_RUNS, s.fail_rate or 0.0, price(m), order[m.id])

            pick = min(healthy, key=health)
            s = runs.get(pick.id, NO_RUNS)
            evidence = (f"failed {_pct(s.fail_rate)} of {s.runs} runs" if s.runs >= MIN_RUNS
                        else f"has {s.runs} run{'s' if s.runs != 1 else ''}, too few to count as failing")
            return pick.id, (f"default {default.id} failed {_pct(base.fail_rate)} of {base.runs} runs "
                             f"(more than 25%); {pick.id} is healthy ({evidence})")
        return default.id, (f"default {kind} model; it failed {_pct(base.fail_rate)} of {base.runs} runs, "
                            "but no other live model is healthy")
    if judged(base):
        assert base.auto_score is not None
        ceiling = MAX_PRICE_RATIO * price(default) + _EPS
        better = []
        for m in others:
            s = runs.get(m.id, NO_RUNS)
            if (judged(s) and not failing(s) and price(m) <= ceiling
                    and (s.auto_score or 0.0) - base.auto_score >= MIN_SCORE_GAIN - _EPS):
                better.append(m)
        if better:
            pick = max(better, key=lambda m: ((runs[m.id].auto_score or 0.0), -price(m), -order[m.id]))
            s = runs[pick.id]
            ratio = price(pick) / price(default)
            return pick.id, (f"{pick.id} scores {s.auto_score:.2f} over {s.scored} judged runs against "
                             f"{base.auto_score:.2f} for default {default.id} ({base.scored} judged), "
                             f"at {ratio:.2f}x its price")
    return default.id, f"default {kind} model"


def _price(entry: ModelEntry, quality: str | None) -> float:
    if entry.video is not None and quality is not None and quality in entry.video.credits_per_second:
        return entry.video.credits_per_second[quality]
    return entry.unit_price()


def _pct(rate: float | None) -> str:
    return f"{round((rate or 0.0) * 100)}%"
