"""Run statistics of one model over the catalog's window: what the auto policy and ``recent`` read.

mediakit keeps no history; whoever runs jobs (the runner, from its job store)
supplies a mapping ``{model_id: RunStats}`` covering the last 30 days.  A
model that has not run is simply absent (or ``RunStats()``): every value is
then None or 0, and the catalog's ``recent`` shows nulls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..errors import ValidationError

WINDOW_DAYS = 30


@dataclass(frozen=True)
class RunStats:
    """One model's recent runs.

    ``runs``: jobs finished (completed or failed) in the window;
    ``fail_rate``: failed / runs (0..1; None with no runs);
    ``p50_seconds``: median wall time of a completed run;
    ``auto_score``: mean automatic quality score (0..1) over ``scored`` judged runs;
    ``user_score``: mean user rating (1..5, ``POST /v1/runs/{id}/rate``) over ``rated`` rated runs.
    """

    runs: int = 0
    fail_rate: float | None = None
    p50_seconds: float | None = None
    user_score: float | None = None
    auto_score: float | None = None
    scored: int = 0
    rated: int = 0

    def __post_init__(self) -> None:
        for name in ("runs", "scored", "rated"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValidationError(f"stats.{name}", value, "must be a whole number >= 0")
        _check_range("fail_rate", self.fail_rate, 0.0, 1.0)
        _check_range("auto_score", self.auto_score, 0.0, 1.0)
        _check_range("user_score", self.user_score, 1.0, 5.0)
        _check_range("p50_seconds", self.p50_seconds, 0.0, float("inf"))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RunStats:
        """A ``RunStats`` from a plain mapping (a store row, JSON); unknown keys are refused."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValidationError(f"stats.{unknown[0]}", data[unknown[0]],
                                  f"is not a run statistic; known: {', '.join(sorted(known))}")
        return cls(**dict(data))

    def recent(self) -> dict[str, Any]:
        """The catalog entry's ``recent`` object (values null until the model has run)."""
        ran = self.runs > 0
        return {"window_days": WINDOW_DAYS, "runs": self.runs if ran else None,
                "fail_rate": self.fail_rate if ran else None,
                "auto_score": self.auto_score if self.scored else None, "scored": self.scored if ran else None,
                "user_score": self.user_score if self.rated else None, "rated": self.rated if ran else None,
                "p50_seconds": self.p50_seconds if ran else None}


def _check_range(name: str, value: float | None, low: float, high: float) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValidationError(f"stats.{name}", value, f"must be a number from {low:g} to {high:g}")


NO_RUNS = RunStats()
