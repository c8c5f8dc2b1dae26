"""The style registry: the spec's 17 names, clear errors, bundled fonts, and looks that differ."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from mediakit.captions import DEFAULT_STYLE, Case, SubtitleStyle, get_style, style_names
from mediakit.captions.caption_metrics import font_metrics
from mediakit.errors import ValidationError

SPEC_NAMES = ["hormozi", "minimal", "bold", "karaoke", "clean", "tiktok", "neon", "fire", "glow", "pop",
              "aesthetic", "impact", "pastel", "electric", "boxed", "gradient", "spotlight"]


def test_names_are_the_spec_list_in_order() -> None:
    assert style_names() == SPEC_NAMES
    assert DEFAULT_STYLE == "hormozi" == style_names()[0]


def test_get_style_returns_the_named_style() -> None:
    for name in SPEC_NAMES:
        style = get_style(name)
        assert isinstance(style, SubtitleStyle) and style.name == name


@pytest.mark.parametrize("bad", ["Hormozi", "nope", "", None])
def test_unknown_style_lists_the_valid_names(bad: object) -> None:
    with pytest.raises(ValidationError) as info:
        get_style(bad)  # type: ignore[arg-type]
    assert info.value.field == "style"
    assert info.value.value == bad
    assert "must be one of: " + ", ".join(SPEC_NAMES) in str(info.value)


def test_descriptions_are_single_distinct_lines() -> None:
    descriptions = [get_style(n).description for n in SPEC_NAMES]
    assert all(d and "\n" not in d and len(d) <= 110 for d in descriptions)
    assert len(set(descriptions)) == len(descriptions)


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_font_is_bundled_at_about_the_requested_weight(name: str) -> None:
    style = get_style(name)
    metrics = font_metrics(style.font, style.weight, style.italic)
    assert metrics.path.is_file()
    from mediakit.fonts import faces
    face = next(f for f in faces() if f.path == metrics.path)
    # Single-weight families (Fredoka One, Comfortaa...) are designed at their one weight.
    same_family = [f for f in faces() if style.font in f.families]
    assert abs(face.weight - style.weight) <= 100 or len(same_family) == 1


def _signature(style: SubtitleStyle) -> dict[str, object]:
    """The attributes a viewer notices at a glance."""
    a = style.active
    return {
        "font": style.font, "heavy": style.weight >= 700, "case": style.case,
        "color": style.palette or style.gradient or style.color,
        "outline": round(style.outline, 2) > 0.05, "box": style.box is not None,
        "glow": bool(style.halos and any(h.offset == (0.0, 0.0) for h in style.halos)),
        "active": (a.color, a.karaoke, a.reveal, a.box is not None, a.dim_others, a.flicker,
                   a.halos is not None, a.scale > 1), "entry": style.entry,
    }


def test_every_pair_of_styles_differs_in_several_visible_ways() -> None:
    for one, two in itertools.combinations(SPEC_NAMES, 2):
        a, b = _signature(get_style(one)), _signature(get_style(two))
        differences = [k for k in a if a[k] != b[k]]
        assert len(differences) >= 3, (one, two, differences)


def test_word_level_styles_are_most_of_the_registry() -> None:
    word_level = [n for n in SPEC_NAMES if get_style(n).active.is_word_level]
    assert {"hormozi", "karaoke", "pop", "spotlight", "boxed", "electric", "neon"} <= set(word_level)
    assert not get_style("minimal").active.is_word_level


def test_case_apply() -> None:
    assert Case.UPPER.apply("Hi there") == "HI THERE"
    assert Case.LOWER.apply("Hi There") == "hi there"
    assert Case.AS_WRITTEN.apply("Hi There") == "Hi There"


def test_bad_colour_is_rejected() -> None:
    with pytest.raises(ValidationError, match="#RRGGBB"):
        dataclasses.replace(get_style("minimal"), color="white")


def test_vertical_out_of_range_is_rejected() -> None:
    with pytest.raises(ValidationError, match="vertical"):
        dataclasses.replace(get_style("minimal"), vertical=1.5)
