"""The aspect ``aspect_ratio: adaptive`` resolves to: the nearest listed ratio, or one the prompt names."""

from __future__ import annotations

import pytest

from mediakit.generation.video_inputs import nearest_aspect, prompt_aspect


@pytest.mark.parametrize("size, aspect", [((1920, 1080), "16:9"), ((1080, 1920), "9:16"), ((1000, 1000), "1:1"),
                                          ((400, 300), "4:3"), ((300, 400), "3:4"), ((2560, 1080), "21:9"),
                                          ((6000, 2400), "21:9"), ((500, 600), "3:4")])
def test_nearest_aspect(size: tuple[int, int], aspect: str) -> None:
    assert nearest_aspect(*size) == aspect


@pytest.mark.parametrize("prompt, aspect", [("a 21:9 cinematic vista", "21:9"), ("vertical reel of a dog", "9:16"),
                                            ("landscape view", "16:9"), ("a square crop", "1:1"), ("a cat", "9:16"),
                                            ("version 1:12 of 4:3 art", "4:3")])
def test_prompt_aspect(prompt: str, aspect: str) -> None:
    assert prompt_aspect(prompt) == aspect
