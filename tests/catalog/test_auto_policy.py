"""``model: auto``: every boundary of the spec's rule (25% of 10 runs, 0.1 better over 10 judged runs, 1.5x price)."""

from __future__ import annotations

import pytest

from mediakit.catalog import RunStats, choose_model, load_catalog
from mediakit.errors import ValidationError

V20, V25 = "video-engine-2.0", "video-engine-2.5"
I25, FLARE, I2, PRO = "image-engine-2.5", "image-engine-2.5-flare", "image-engine-2", "image-engine-pro"


def choose(kind: str, stats: dict[str, RunStats], quality: str | None = None) -> tuple[str, str]:
    return choose_model(kind, load_catalog(), stats, quality=quality)


def runs(n: int, fail_rate: float) -> RunStats:
    return RunStats(runs=n, fail_rate=fail_rate)


def scored(score: float, judged: int = 10, fail_rate: float = 0.0) -> RunStats:
    return RunStats(runs=max(judged, 10), fail_rate=fail_rate, auto_score=score, scored=judged)


@pytest.mark.parametrize("kind, default", [("video", V20), ("image", I25), ("audio", "voice-tts")])
def test_without_stats_auto_is_the_default_of_the_kind(kind: str, default: str) -> None:
    assert choose(kind, {}) == (default, f"default {kind} model")
    assert choose_model(kind, load_catalog()) == (default, f"default {kind} model")


@pytest.mark.parametrize("default_stats, switches", [
    (runs(9, 1.0), False),     # fewer than 10 runs: no evidence, whatever the rate
    (runs(10, 0.25), False),   # exactly 25% is not more than 25%
    (runs(10, 0.26), True),
    (runs(10, 0.3), True),
    (runs(200, 0.251), True),
    (RunStats(runs=10), False),  # no fail rate known
])
def test_the_default_is_left_only_when_it_failed_more_than_25_percent_of_10_runs(default_stats: RunStats,
                                                                                 switches: bool) -> None:
    model, reason = choose("video", {V20: default_stats})
    assert model == (V25 if switches else V20)
    if switches:
        assert reason.startswith(f"default {V20} failed {round(default_stats.fail_rate * 100)}% of "
                                 f"{default_stats.runs} runs (more than 25%); {V25} is healthy")


@pytest.mark.parametrize("other, healthy", [
    (RunStats(), True),          # never ran: nothing against it
    (runs(9, 0.9), True),        # too few runs to count as failing
    (runs(10, 0.25), True),
    (runs(10, 0.3), False),
])
def test_the_switch_needs_a_healthy_live_model(other: RunStats, healthy: bool) -> None:
    model, reason = choose("video", {V20: runs(20, 0.5), V25: other})
    assert model == (V25 if healthy else V20)
    if not healthy:
        assert reason == "default video model; it failed 50% of 20 runs, but no other live model is healthy"


def test_among_healthy_models_the_proven_healthiest_wins() -> None:
    stats = {I25: runs(40, 0.5), FLARE: RunStats(), I2: runs(30, 0.1), PRO: runs(12, 0.02)}
    model, reason = choose("image", stats)
    assert model == PRO and reason.endswith(f"{PRO} is healthy (failed 2% of 12 runs)")
    model, reason = choose("image", {I25: runs(40, 0.5), FLARE: runs(3, 0.0), I2: runs(10, 0.3), PRO: runs(10, 0.4)})
    assert model == FLARE and reason.endswith("has 3 runs, too few to count as failing)")


@pytest.mark.parametrize("candidate, default, switches", [
    (scored(0.80), scored(0.70), True),            # exactly 0.1 better (0.8 - 0.7 is 0.0999... in floats)
    (scored(0.30), scored(0.20), True),
    (scored(0.79), scored(0.70), False),           # 0.09 better
    (scored(0.90, judged=9), scored(0.70), False),  # the candidate judged on 9 runs only
    (scored(0.90), scored(0.70, judged=9), False),  # the default's score rests on 9 runs
    (scored(0.95, fail_rate=0.3), scored(0.70), False),  # better, but failing
    (scored(0.95, fail_rate=0.25), scored(0.70), True),
])
def test_a_better_scoring_model_wins_by_0_1_over_10_judged_runs(candidate: RunStats, default: RunStats,
                                                                switches: bool) -> None:
    model, reason = choose("image", {I25: default, PRO: candidate})  # pro costs 26 / 20 = 1.3x
    assert model == (PRO if switches else I25)
    if switches:
        assert reason == (f"{PRO} scores {candidate.auto_score:.2f} over {candidate.scored} judged runs against "
                          f"{default.auto_score:.2f} for default {I25} ({default.scored} judged), at 1.30x its price")


@pytest.mark.parametrize("quality, ratio, switches", [
    ("1080p", 1.5, True),     # 225 / 150: exactly 1.5 times
    ("720p", 125 / 60, False),
    ("480p", 2.0, False),
    (None, 125 / 60, False),  # no quality: compared at the default's default quality (720p)
])
def test_the_better_model_must_be_priced_within_1_5_times_at_that_quality(quality: str | None, ratio: float,
                                                                         switches: bool) -> None:
    model, reason = choose("video", {V20: scored(0.5), V25: scored(0.9)}, quality=quality)
    assert model == (V25 if switches else V20)
    if switches:
        assert reason.endswith(f"at {ratio:.2f}x its price")


def test_the_best_scoring_candidate_wins_and_failure_comes_first() -> None:
    stats = {I25: scored(0.5), FLARE: scored(0.7, fail_rate=0.1), I2: scored(0.9, fail_rate=0.1), PRO: scored(0.8)}
    assert choose("image", stats)[0] == I2
    stats[I25] = RunStats(runs=20, fail_rate=0.5, auto_score=0.5, scored=20)
    model, reason = choose("image", stats)
    assert model == PRO and "failed 50% of 20 runs" in reason  # the failure rule: PRO fails least, not I2
    stats[FLARE] = scored(0.7, fail_rate=0.0)
    assert choose("image", stats)[0] == FLARE  # as healthy as PRO and cheaper


def test_a_single_model_kind_always_gets_its_default() -> None:
    assert choose("audio", {"voice-tts": runs(100, 0.9)}) == (
        "voice-tts", "default audio model; it failed 90% of 100 runs, but no other live model is healthy")


def test_stats_for_unknown_models_are_ignored_and_bad_kinds_refused() -> None:
    assert choose("video", {"video-engine-9": runs(50, 0.0)})[0] == V20
    with pytest.raises(ValidationError, match="kind"):
        choose("music", {})


@pytest.mark.parametrize("data, field", [
    ({"runs": -1}, "stats.runs"),
    ({"runs": 1.5}, "stats.runs"),
    ({"fail_rate": 1.2}, "stats.fail_rate"),
    ({"auto_score": -0.1}, "stats.auto_score"),
    ({"user_score": 0.5}, "stats.user_score"),
    ({"p50_seconds": -3}, "stats.p50_seconds"),
    ({"latency": 3}, "stats.latency"),
])
def test_run_stats_are_checked(data: dict, field: str) -> None:
    with pytest.raises(ValidationError) as info:
        RunStats.from_mapping(data)
    assert info.value.field == field


def test_run_stats_from_a_store_row() -> None:
    row = {"runs": 14, "fail_rate": 0.5, "p50_seconds": 42.0, "user_score": 4.5, "auto_score": 0.6, "scored": 11,
           "rated": 2}
    assert RunStats.from_mapping(row) == RunStats(14, 0.5, 42.0, 4.5, 0.6, 11, 2)
