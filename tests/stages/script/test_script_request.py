"""Field validation before any engine runs: lengths, closed sets, generator ownership, durations."""

from __future__ import annotations

from typing import Any

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.script import SAAS_ANGLES, UGC_TEMPLATES, write_script


def _fails(field: str, **kwargs: Any) -> ValidationError:
    base: dict[str, Any] = {"generator": "ugc_video", "duration": 10, "prompt": "Tea"}
    with pytest.raises(ValidationError) as err:
        write_script(**{**base, **kwargs})
    assert err.value.field == field, err.value
    return err.value


@pytest.mark.parametrize("prompt", ["", "   ", "x" * 1001])
def test_prompt_length(prompt: str) -> None:
    _fails("prompt", prompt=prompt)


def test_prompt_limits_are_inclusive() -> None:
    """A 1-character and a 1000-character prompt are both accepted and give a script within the 10 s cap."""
    shortest = write_script(generator="ugc_video", duration=10, prompt="x").pacing
    longest = write_script(generator="ugc_video", duration=10, prompt="tea " * 250).pacing
    assert (shortest.word_count, shortest.max_words, shortest.estimated_duration) == (25, 25, 10)
    assert (longest.word_count, longest.max_words, longest.estimated_duration) == (24, 25, 10)


def test_name_and_description_lengths() -> None:
    acting = {"generator": "product_acting_ugc", "prompt": None}
    _fails("product_name", product_name="n" * 121, product_description="A serum", **acting)
    _fails("product_description", product_description="d" * 1001, **acting)
    _fails("product_description", product_description="", **acting)
    write_script(generator="product_acting_ugc", duration=None, product_name="n" * 120, product_description="d")


def test_unknown_values_list_the_valid_ones() -> None:
    err = _fails("template", template="vlog")
    assert all(name in str(err) for name in UGC_TEMPLATES) and "'vlog'" in str(err)
    err = _fails("angle", generator="saas_review", angle="rant")
    assert all(name in str(err) for name in SAAS_ANGLES)
    assert "energetic, calm, confident, dramatic" in str(_fails("tone", tone="sleepy"))
    assert "raw-selfie" in str(_fails("acting_style", generator="product_acting_ugc", product_description="x",
                                      acting_style="bored"))
    assert "product-in-hand" in str(_fails("template", generator="product_acting_ugc", product_description="x",
                                           template="monologue"))
    assert "ugc_video" in str(_fails("route", generator="subtitle"))


def test_fields_of_other_generators_are_refused_not_ignored() -> None:
    assert "saas_review" in str(_fails("angle", angle="roast"))
    assert "product_acting_ugc" in str(_fails("acting_style", acting_style="shocked"))


def test_missing_content_uses_the_spec_code() -> None:
    assert _fails("prompt", prompt=None).code == "missing_script"
    assert _fails("prompt", generator="saas_review", prompt=None).code == "missing_script"
    assert _fails("product_description", generator="product_acting_ugc", prompt=None).code == "missing_script"


def test_durations_follow_the_generator() -> None:
    assert "5, 10, 15" in str(_fails("target_duration", duration=20))
    _fails("target_duration", duration=True)
    _fails("duration", generator="laptop_ugc", duration=10)
    assert write_script(generator="laptop_ugc", duration=None, prompt="FocusFlow").pacing.estimated_duration == 20
    assert write_script(generator="ugc_video", duration=None, prompt="Tea").pacing.estimated_duration == 10
    assert write_script(generator="product_acting_ugc", duration=None,
                        product_description="A serum").pacing.estimated_duration == 5


def test_app_generators_use_three_words_per_second() -> None:
    result = write_script(generator="show_your_app", duration=5, prompt="FocusFlow helps students stay focused")
    assert result.pacing.max_words == 15 and result.pacing.word_count <= 15


def test_saas_review_template_without_angle_uses_the_template() -> None:
    result = write_script(generator="saas_review", duration=15, prompt="FocusFlow", template="listicle")
    assert "One:" in result.script
