"""The receipt note for an input enlarged more than twice."""

from __future__ import annotations

import pytest

from mediakit.generation.upscale import upscale, upscale_note


def test_enlargement_by_fit_and_the_note_past_twice() -> None:
    assert upscale((360, 288), (1080, 1920)) == pytest.approx(1920 / 288)          # cover: 6.7x
    assert upscale((360, 288), (1080, 1920), "blur") == pytest.approx(3.0)          # letterboxed: 3x
    assert upscale_note("broll_images[0]", (2000, 3000), (1080, 1920)) is None
    note = upscale_note("face_photo_url", (360, 288), (1080, 1920))
    assert note is not None and note.startswith("face_photo_url: 360x288 px is enlarged 6.7x")
