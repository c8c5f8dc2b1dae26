"""``make_subtitles``: styled captions on a video, its words from a transcript or recognised from its audio.

Steps: ``transcribe`` (speech recognition when no transcript is given, else
forced alignment of the transcript), then ``burn`` (the ``subtitle``
generator in ``style``, onto the ``aspect_ratio`` canvas).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from ..generation.contract import Built, Context, Generator, Metered, Receipt
from ..generation.registry import get_generator
from ..generation.request import RequestModel
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from .base import HttpsUrl, Skill, SkillPlan, Step

SkillStyle = Literal["hormozi", "tiktok", "minimal"]


class MakeSubtitlesRequest(RequestModel):
    """The make_subtitles input schema (no additional properties)."""

    video_url: HttpsUrl = Field(description="The video (https; a local file for local runs).")
    transcript: str | None = Field(None, min_length=1, max_length=5000,
                                   description="What is said; transcribed automatically when omitted.")
    style: SkillStyle = "hormozi"
    language: str | None = Field(None, min_length=2, max_length=2, description="Two-letter language code.")
    aspect_ratio: Literal["9:16", "1:1", "16:9", "4:5"] = "9:16"   # 4:5 beyond the spec (a feed post)


@dataclass(frozen=True, kw_only=True)
class MakeSubtitlesPlan(SkillPlan):
    inner: Any


class MakeSubtitlesSkill(Skill[MakeSubtitlesRequest, MakeSubtitlesPlan]):
    id = GeneratorId.MAKE_SUBTITLES
    request_model = MakeSubtitlesRequest
    name = "Make subtitles"
    description = "Captions in hormozi, tiktok or minimal on a video: words aligned to a transcript or recognised."
    primitive = GeneratorId.SUBTITLE

    def plan(self, request: MakeSubtitlesRequest, context: Context) -> MakeSubtitlesPlan:
        options = replace(context.options, transcript=request.transcript, aspect=request.aspect_ratio,
                          language=request.language)
        subtitle: Generator[Any, Any] = get_generator(GeneratorId.SUBTITLE)
        inner = subtitle.plan(subtitle.parse({"video_url": request.video_url, "style": request.style}),
                              Context(options, context.stats))
        first = (Step("align", "time the transcript's words against the audio") if request.transcript else
                 Step("transcribe", "recognise the spoken words and their times"))
        return MakeSubtitlesPlan(
            generator=self.id, receipt=Receipt(estimated_duration=inner.receipt.estimated_duration,
                                               subtitle_style=request.style),
            metered=Metered(generator=self.id, seconds=inner.metered.seconds, steps=(inner.metered,)),
            steps=(first, Step("burn", f"burn {request.style} captions onto the {request.aspect_ratio} video")),
            inner=inner)

    def build(self, plan: MakeSubtitlesPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return get_generator(GeneratorId.SUBTITLE).build(plan.inner, workdir, progress)

