from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from mediakit.errors import ValidationError
from mediakit.generation.contract import Metered, Plan, Receipt
from mediakit.generation.run import plan_job
from runner.pricing import prices, quote, quote_plan


@pytest.mark.parametrize("generator, duration, generated, credits", [
    ("ugc_video", 5, False, 150), ("ugc_video", 10, False, 300), ("ugc_video", 15, True, 455),
    ("saas_review", 15, False, 450), ("subtitle", None, False, 50), ("show_your_app", 15, False, 75),
    ("laptop_ugc", 20, False, 200), ("product_acting_ugc", 5, False, 200), ("product_acting_ugc", 10, True, 355),
    ("character_video", 5, False, 350), ("character_video", 10, False, 700), ("storyboard_generate", None, False, 20),
    ("storyboard_suggest", None, False, 0),
])
def test_credit_table(generator: str, duration: int | None, generated: bool, credits: int) -> None:
    q = quote(generator, duration=duration, script_generated=generated)
    assert q.credits == credits == sum(v for _, v in q.breakdown)
    assert q.usd == Decimal(credits) / 100


@pytest.mark.parametrize("variant, credits", [("actor", 20), ("reference", 20), ("description", 35)])
def test_character_sheet_by_variant(variant: str, credits: int) -> None:
    assert quote("character_sheet", variant=variant).credits == credits


def test_bad_quotes() -> None:
    with pytest.raises(ValidationError, match="5, 10, 15"):
        quote("ugc_video", duration=20)
    with pytest.raises(ValidationError, match="5 or 10"):
        quote("character_video", duration=15)
    with pytest.raises(ValidationError, match="generator: has no price"):
        quote("podcast")
    with pytest.raises(ValidationError, match="does not generate scripts"):
        quote("subtitle", script_generated=True)


def _plan(metered: Metered) -> Plan:
    return Plan(generator=metered.generator, receipt=Receipt(), metered=metered)


def test_quote_plan_prices_what_the_plan_metered() -> None:
    priced = quote_plan(_plan(Metered(generator="ugc_video", seconds=10, script_generated=True)))
    assert priced.credits == 305
    assert [item for item, _ in priced.breakdown] == ["10 s video at 30/s", "script generated from prompt"]
    assert quote_plan(_plan(Metered(generator="subtitle", seconds=7.4))).credits == 50


@pytest.mark.parametrize("generator, body, credits, model", [
    ("image", {"prompt": "A cup of iced coffee on a sunny windowsill", "n": 2}, 40, "image-engine-2.5"),
    ("image", {"prompt": "A cup of iced coffee on a sunny windowsill", "model": "image-engine-pro"}, 26,
     "image-engine-pro"),
    ("audio", {"text": "x" * 1000}, Decimal("16"), "voice-tts"),
    ("audio", {"text": "Hello there, friends."}, Decimal("0.336"), "voice-tts"),
    ("video", {"prompt": "A lighthouse on a cliff at dusk", "seconds": 5, "model": "video-engine-2.0",
               "quality": "1080p"}, 750, "video-engine-2.0"),
    ("text_to_video", {"prompt": "A lighthouse on a cliff at dusk, waves below", "duration": 10}, 600,
     "video-engine-2.0"),
    ("character_sheet", {"description": "a young woman with a red bob and round glasses"}, 35, None),
    ("character_sheet", {"actor_slug": "maya-chen"}, 20, None),
])
def test_real_plans_are_priced_from_the_credit_table_and_the_catalog(
        generator: str, body: dict[str, Any], credits: int | Decimal, model: str | None) -> None:
    _, plan = plan_job(generator, body)
    priced = quote_plan(plan)
    assert priced.credits == credits
    assert priced.to_dict()["model"] == model if model else "model" not in priced.to_dict()


def test_video_references_are_billed_like_output_seconds() -> None:
    q = quote_plan(_plan(Metered(generator="video", seconds=5, model="video-engine-2.5", mode="reference",
                                 quality="720p", ref_seconds=3.2)))
    assert q.credits == 125 * 5 + 125 * 4
    assert q.to_dict() | {"breakdown": None} == {"credits": 1125, "usd": 11.25, "model": "video-engine-2.5",
                                                  "mode": "reference", "quality": "720p", "breakdown": None}


def test_auto_choice_is_in_the_quote() -> None:
    q = quote_plan(_plan(Metered(generator="image", model="image-engine-2.5", images=1, auto_reason="default")))
    assert q.to_dict()["auto"] == {"model": "image-engine-2.5", "reason": "default"}


def test_skills_cost_the_sum_of_their_steps() -> None:
    inner = Metered(generator="ugc_video", seconds=10, script_generated=True)
    assert quote_plan(_plan(Metered(generator="make_ugc", seconds=10, steps=(inner,)))).credits == 305
    sub = Metered(generator="subtitle", seconds=12)
    assert quote_plan(_plan(Metered(generator="make_subtitles", seconds=12, steps=(sub,)))).credits == 50
    podcast = Metered(generator="make_podcast", seconds=21.2, steps=tuple(
        Metered(generator=s) for s in ("voice", "actors", "layout", "captions")))
    priced = quote_plan(_plan(podcast))
    assert priced.credits == 22 * 30 + 50
    assert [item for item, _ in priced.breakdown] == ["make_podcast: actors, 22 s at 30/s", "make_podcast: captions"]


def test_the_table_prices_every_route() -> None:
    from mediakit.generator_ids import GeneratorId

    skills = {GeneratorId.MAKE_UGC, GeneratorId.MAKE_SUBTITLES, GeneratorId.MAKE_PODCAST}
    assert set(GeneratorId) - skills == set(prices().generators)


def test_several_aspects_are_a_render_each_and_a_written_script_once() -> None:
    """``--aspects 9:16,4:5,1:1`` of a 10 s ugc_video from a prompt: 3 x 300 credits, and 5 for the script once."""
    from mediakit.generation.aspects import plan_aspects

    _, job = plan_aspects("ugc_video", {"prompt": "a cold brew that is ready in seconds", "target_duration": 10},
                          "9:16,4:5,1:1")
    priced = quote_plan(job.plan)
    assert priced.credits == 3 * 300 + 5
    one = quote_plan(plan_job("ugc_video", {"prompt": "a cold brew that is ready in seconds", "target_duration": 10,
                                            "aspect_ratio": "4:5"})[1])
    assert one.credits == 305                                # 4:5 costs what 9:16 costs
