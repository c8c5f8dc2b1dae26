"""Pacing rules of the spec, boundary by boundary."""

from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.pacing import PACING_RULES, PacingReceipt, count_words, pace


def script(words: int, *, min_chars: int = 50) -> str:
    """``words`` spoken words, padded with a never-spoken tag to reach ``min_chars``."""
    text = " ".join(["word"] * words)
    if len(text) < min_chars:
        text = "[" + "x" * max(0, min_chars - len(text) - 3) + "] " + text
    return text


# --- word counting -----------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Hello world", 2),
    ("  spaced\tout\nwords  ", 3),
    ("[excited] This is - honestly - great ... !", 4),
    ("[whispers]Psst, [laughs] okay", 2),
    ("It costs $5, not 10%!", 5),
    ("state-of-the-art", 1),
    ("🔥 🔥 wow", 1),
    ("— ... !!! [pause]", 0),
    ("Café naïve", 2),
])
def test_count_words(text: str, expected: int) -> None:
    assert count_words(text) == expected


# --- ugc_video / saas_review buckets -----------------------------------------

@pytest.mark.parametrize(("words", "duration"), [(12, 5), (25, 10), (37, 15)])
@pytest.mark.parametrize("generator", ["ugc_video", "saas_review"])
def test_script_at_the_limit_keeps_the_requested_duration(generator: str, words: int, duration: int) -> None:
    r = pace(script(words), duration=duration, generator=generator)
    assert (r.estimated_duration, r.max_words, r.word_count, r.pacing_warning) == (duration, words, words, None)


@pytest.mark.parametrize(("words", "requested", "raised"), [(13, 5, 10), (26, 5, 15), (26, 10, 15), (25, 5, 10)])
def test_script_one_over_raises_to_the_next_bucket_that_fits(words: int, requested: int, raised: int) -> None:
    r = pace(script(words), duration=requested)
    assert r.estimated_duration == raised
    assert r.pacing_warning is not None
    assert f"{words} words" in r.pacing_warning
    assert f"from {requested} s to {raised} s" in r.pacing_warning
    assert "2.5 words per second" in r.pacing_warning


@pytest.mark.parametrize("duration", [None, 5, 10, 15])
def test_over_37_words_is_rejected(duration: int | None) -> None:
    pace(script(37), duration=duration)
    with pytest.raises(ValidationError) as err:
        pace(script(38), duration=duration)
    assert err.value.field == "script"
    assert "38 words" in err.value.message and "at most 37" in err.value.message


@pytest.mark.parametrize(("words", "expected"), [(1, 5), (12, 5), (13, 10), (25, 10), (26, 15), (37, 15)])
def test_duration_is_estimated_from_the_script_without_a_target(words: int, expected: int) -> None:
    r = pace(script(words))
    assert (r.estimated_duration, r.pacing_warning) == (expected, None)


def test_a_short_script_keeps_a_longer_requested_duration() -> None:
    r = pace(script(3), duration=15)
    assert (r.estimated_duration, r.max_words, r.words_per_second) == (15, 37, 0.2)


def test_receipt_fields_and_dict() -> None:
    r = pace(script(20), duration=10)
    assert isinstance(r, PacingReceipt)
    assert r.to_dict() == {"word_count": 20, "words_per_second": 2.0, "max_words": 25,
                           "estimated_duration": 10, "pacing_warning": None}
    with pytest.raises(AttributeError):
        r.word_count = 3  # type: ignore[misc]


# --- character limits ---------------------------------------------------------

@pytest.mark.parametrize(("generator", "low", "high"), [
    ("ugc_video", 50, 3000), ("saas_review", 50, 3000), ("show_your_app", 5, 3000),
    ("laptop_ugc", 5, 3000), ("product_acting_ugc", 5, 3000), ("make_ugc", 1, 1200),
])
def test_character_limits(generator: str, low: int, high: int) -> None:
    def text(n: int) -> str:
        return "a" + "." * (n - 1) if n else ""

    pace(text(low), generator=generator)
    pace("a" + " " * (high - 2) + "b", generator=generator)
    for n in (low - 1, high + 1):
        with pytest.raises(ValidationError) as err:
            pace(text(n), generator=generator)
        assert err.value.field == "script"
        assert f"{low} to {high} characters" in err.value.message and f"has {n}" in err.value.message


def test_non_string_and_unspoken_scripts_are_rejected() -> None:
    with pytest.raises(ValidationError, match="must be a string"):
        pace(123, generator="make_ugc")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="at least one spoken word"):
        pace("[excited] ... !!! -- ???", generator="show_your_app")


# --- app and laptop generators: 3 words per second --------------------------------

@pytest.mark.parametrize(("duration", "cap"), [(5, 15), (10, 30), (15, 45)])
def test_show_your_app_cap_is_3_words_per_second(duration: int, cap: int) -> None:
    r = pace(script(cap, min_chars=5), duration=duration, generator="show_your_app")
    assert (r.estimated_duration, r.max_words, r.pacing_warning) == (duration, cap, None)


def test_show_your_app_defaults_to_5_s_and_raises_over_the_cap() -> None:
    assert pace(script(15, min_chars=5), generator="show_your_app").estimated_duration == 5
    r = pace(script(16, min_chars=5), generator="show_your_app")
    assert (r.estimated_duration, r.max_words) == (10, 30)
    assert r.pacing_warning and "3 words per second" in r.pacing_warning and "from 5 s to 10 s" in r.pacing_warning
    assert pace(script(31, min_chars=5), duration=10, generator="show_your_app").estimated_duration == 15


def test_show_your_app_rejects_over_45_words_naming_the_cap() -> None:
    with pytest.raises(ValidationError) as err:
        pace(script(46, min_chars=5), generator="show_your_app")
    assert err.value.field == "script"
    assert "46 words" in err.value.message and "at most 45" in err.value.message
    assert "3 words per second" in err.value.message


def test_laptop_ugc_caps_at_45_and_60_words() -> None:
    assert pace(script(60, min_chars=5), generator="laptop_ugc").estimated_duration == 20
    assert pace(script(45, min_chars=5), duration=15, generator="laptop_ugc").pacing_warning is None
    raised = pace(script(46, min_chars=5), duration=15, generator="laptop_ugc")
    assert (raised.estimated_duration, raised.max_words) == (20, 60)
    assert raised.pacing_warning and "from 15 s to 20 s" in raised.pacing_warning
    with pytest.raises(ValidationError, match="61 words.*at most 60"):
        pace(script(61, min_chars=5), generator="laptop_ugc")


def test_product_acting_ugc_uses_natural_pace_from_5_s() -> None:
    assert pace(script(12, min_chars=5), generator="product_acting_ugc").estimated_duration == 5
    r = pace(script(13, min_chars=5), generator="product_acting_ugc")
    assert r.estimated_duration == 10 and r.pacing_warning
    with pytest.raises(ValidationError):
        pace(script(38, min_chars=5), generator="product_acting_ugc")


# --- make_ugc ---------------------------------------------------------------

@pytest.mark.parametrize(("words", "expected"), [(1, 5), (15, 5), (16, 10), (30, 10), (31, 15), (120, 15)])
def test_make_ugc_duration_comes_from_the_script(words: int, expected: int) -> None:
    r = pace(script(words, min_chars=1), generator="make_ugc")
    assert (r.estimated_duration, r.pacing_warning) == (expected, None)


def test_make_ugc_ignores_a_valid_duration_but_rejects_an_invalid_one() -> None:
    assert pace("Hi there", duration=30, generator="make_ugc").estimated_duration == 5
    with pytest.raises(ValidationError, match="5, 10, 15, 20, 25, 30"):
        pace("Hi there", duration=12, generator="make_ugc")


# --- bad options ----------------------------------------------------------------

def test_unknown_generator_lists_the_valid_ones() -> None:
    with pytest.raises(ValidationError) as err:
        pace(script(5), generator="tiktok_video")
    assert err.value.field == "route"
    for name in PACING_RULES:
        assert name in err.value.message


@pytest.mark.parametrize("bad", [7, 20, 0, -5, 10.5, True, "10", float("nan")])
def test_invalid_duration_names_the_field_and_valid_values(bad: object) -> None:
    with pytest.raises(ValidationError) as err:
        pace(script(5), duration=bad, generator="ugc_video")  # type: ignore[arg-type]
    assert err.value.field == "target_duration"
    assert "5, 10, 15" in err.value.message


def test_laptop_duration_field() -> None:
    assert pace(script(5, min_chars=5), duration=15.0, generator="laptop_ugc").estimated_duration == 15
    with pytest.raises(ValidationError) as err:
        pace(script(5, min_chars=5), duration=10, generator="laptop_ugc")
    assert err.value.field == "duration" and "15, 20" in err.value.message
