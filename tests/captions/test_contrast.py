"""Readability: every style's text core reads at WCAG 4.5:1 or more against what surrounds it, on real renders."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import mediakit.captions.captions as captions_module
from mediakit.captions import captions_for, font_px, get_style, style_names
from mediakit.captions.contrast import (
    MIN_CONTRAST,
    contrast,
    keyed,
    luminance,
    measured_contrast,
    readable,
    worst_contrast,
)
from mediakit.paths import data_dir
from mediakit.recipes.style_sheet import WORD_MS, sample_words
from mediakit.render import StillProfile, render
from mediakit.timeline import Canvas, ImageLayer, Timeline

CANVAS = Canvas(540, 960)
AT_MS = 2 * WORD_MS + 120   # the third word is being spoken


def white_shirt(path: Path) -> Path:
    """A white shirt filling the frame: off-white cloth with soft folds (the saas-founder persona's)."""
    x = np.linspace(0, 6 * np.pi, CANVAS.width)
    folds = 238 + 10 * np.sin(x)[None, :] * np.ones((CANVAS.height, 1))
    Image.fromarray(np.repeat(folds[..., None], 3, axis=2).clip(0, 255).astype(np.uint8)).save(path)
    return path


def frame(background: Path, style: str, out: Path) -> np.ndarray:
    words = sample_words()
    timeline = Timeline(CANVAS, words[-1].end_ms + 500, layers=(ImageLayer(path=background),),
                        captions=captions_for(words, style))
    with Image.open(render(timeline, out, profile=StillProfile(AT_MS))) as img:
        return np.asarray(img.convert("RGB"))


def test_wcag_contrast_and_the_weak_styles_are_strengthened_in_their_own_colours() -> None:
    assert contrast(luminance("#FFFFFF"), luminance("#000000")) == pytest.approx(21)
    minimal = get_style("minimal")
    assert worst_contrast(minimal) < MIN_CONTRAST <= worst_contrast(readable(minimal))
    assert readable(get_style("hormozi")) == get_style("hormozi")          # strong enough as it is
    neon = readable(get_style("neon"))
    assert neon.outline_color != get_style("neon").outline_color and neon.halos == get_style("neon").halos
    # over a dark picture only, the soft-shadow styles keep their look untouched
    assert all(readable(get_style(name), (0.0, 0.05)) == get_style(name) for name in ("minimal", "spotlight"))


@pytest.mark.slow
@pytest.mark.parametrize("background", ["busy photo", "white shirt"])
def test_every_style_reads_at_4_5_to_1_over_a_busy_photo_and_a_white_shirt(background: str, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    picture = data_dir("samples") / "coffee.png" if background == "busy photo" else white_shirt(tmp_path / "s.png")
    low = {}
    for name in style_names():
        shown = frame(picture, name, tmp_path / f"{name}.png")
        with monkeypatch.context() as m:   # the same frame with the letters keyed: where they differ is the text
            m.setattr(captions_module, "readable", lambda style, behind: keyed(readable(style, behind)))
            key = frame(picture, name, tmp_path / f"{name}-key.png")
        ratio = measured_contrast(shown, key, font_px(get_style(name), CANVAS.width, CANVAS.height))
        if ratio < MIN_CONTRAST:
            low[name] = round(ratio, 2)
    assert not low, f"text core below {MIN_CONTRAST}:1 over the {background}: {low}"
