from __future__ import annotations

import pickle

import pytest

from mediakit.errors import ValidationError
from mediakit.generation.contract import Metered, Plan, Receipt
from runner.plans import InsufficientCredits, PlanRequired, check_plan, get_tier, tiers


def _plan(generator: str, seconds: float | None = None, steps: tuple[Metered, ...] = ()) -> Plan:
    return Plan(generator=generator, receipt=Receipt(), metered=Metered(generator=generator, seconds=seconds,
                                                                        steps=steps))


def test_the_spec_tiers() -> None:
    table = [(t.tier, t.name, t.monthly_credits, t.max_concurrent_jobs, t.max_video_duration) for t in tiers().values()]
    assert table == [("free", "Free", 0, 1, 5), ("payg", "Pay As You Go", 0, 2, 15),
                     ("starter", "Creator", 3900, 3, 10), ("creator", "Pro", 6900, 5, 15),
                     ("pro_plus", "Pro Plus", 12900, 10, 15)]



def test_a_plan_lists_only_the_models_its_jobs_can_run() -> None:
    """The free plan runs no video job, so it lists no video model; a plan with every job lists them all."""
    from mediakit.catalog import load_catalog

    catalog = load_catalog()
    free, payg = get_tier("free").models_available, get_tier("payg").models_available
    assert not set(free) & set(catalog.live_ids("video"))
    assert set(catalog.live_ids("image")) <= set(free) and set(catalog.live_ids("audio")) <= set(free)
    assert set(payg) == set(catalog.live_ids())


def test_unknown_tier_lists_the_tiers() -> None:
    with pytest.raises(ValidationError, match="plan: must be one of free, payg, starter, creator, pro_plus"):
        get_tier("gold")


def test_durations_over_the_plan_maximum_are_plan_limit() -> None:
    check_plan(get_tier("free"), _plan("ugc_video", 5))
    with pytest.raises(ValidationError) as caught:
        check_plan(get_tier("free"), _plan("ugc_video", 10))
    assert caught.value.code == "plan_limit" and caught.value.status == 400
    assert caught.value.message == "target_duration: is over the Free plan's maximum of 5 s (got 10)"
    with pytest.raises(ValidationError, match="plan_limit|Creator plan's maximum of 10 s"):
        check_plan(get_tier("starter"), _plan("text_to_video", 15))
    check_plan(get_tier("creator"), _plan("text_to_video", 15))
    check_plan(get_tier("starter"), _plan("laptop_ugc", 20))  # laptop_ugc keeps its own 15 or 20 s
    check_plan(get_tier("free"), _plan("subtitle", 42.5))  # the video's own length


def test_operations_outside_the_tier_are_plan_required() -> None:
    with pytest.raises(PlanRequired) as caught:
        check_plan(get_tier("free"), _plan("laptop_ugc", 15))
    assert caught.value.status == 403 and caught.value.to_dict()["error"]["code"] == "plan_required"
    assert "payg or higher" in caught.value.message
    check_plan(get_tier("payg"), _plan("laptop_ugc", 15))


def test_a_skill_is_checked_by_its_steps() -> None:
    check_plan(get_tier("free"), _plan("make_subtitles", 30, steps=(Metered(generator="subtitle", seconds=30),)))
    inner = Metered(generator="ugc_video", seconds=10)
    with pytest.raises(ValidationError, match="maximum of 5 s"):
        check_plan(get_tier("free"), _plan("make_subtitles", 10, steps=(inner,)))


def test_insufficient_credits_has_the_spec_402_body_and_survives_a_process_pool() -> None:
    exc = InsufficientCredits(300, 120)
    body = {"error": "insufficient_credits", "error_description": "this needs 300 credits; 120 are available",
            "credits_required": 300, "credits_available": 120}
    assert exc.to_dict() == body and exc.status == 402
    assert pickle.loads(pickle.dumps(exc)).to_dict() == body
