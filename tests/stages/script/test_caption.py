"""The local caption writer obeys its guidance: length, tone, ending."""

from __future__ import annotations

import pytest

from mediakit.generation.run import plan_job
from mediakit.stages.script.caption import subject_of, word_limit, write_caption

PROMPT = "A lighthouse on a cliff at dusk, then waves crashing on the rocks below"


def test_short_and_curious_ending_in_a_question() -> None:
    caption = write_caption("short and curious, end with a question", PROMPT)
    assert caption.endswith("?")
    assert len(caption.split()) <= 14
    assert "lighthouse" in caption.lower() and "curious" not in caption.lower()  # about the prompt, not the brief
    assert caption == write_caption("short and curious, end with a question", PROMPT)


@pytest.mark.parametrize(("guidance", "check"), [
    ("under 6 words", lambda c: len(c.split()) <= 6 and not c.rstrip(".").endswith(" on")),
    ("excited and long", lambda c: c.endswith("!") and "dusk" in c),
    ("calm, end with a call to action", lambda c: c.endswith(("more.", "later.", "needs it."))),
    ("funny, with hashtags", lambda c: "#lighthouse" in c),
])
def test_guidance_shapes_the_caption(guidance: str, check: object) -> None:
    caption = write_caption(guidance, PROMPT)
    assert callable(check) and check(caption), caption


def test_limits_and_subject() -> None:
    assert word_limit("no more than 9 words please") == 9
    assert word_limit("short") == 14 and word_limit("anything") == 25
    assert subject_of("@image1 a dog runs, then it jumps into the lake") == "A dog runs."


def test_text_to_video_publishes_the_guided_caption() -> None:
    _, plan = plan_job("text_to_video", {"prompt": PROMPT, "caption_mode": "ai",
                                         "caption_guidance": "short and curious, end with a question"})
    assert plan.caption.endswith("?") and "short and curious" not in plan.caption  # type: ignore[attr-defined]
