"""The ``text_to_video`` generator: a clip from a prompt through the video engine seam, then published.

The prompt goes to the catalog's default video model in text mode, served
by its configured engine (the local animatic by default: shots designed
from the prompt's phrases, the prompt as title, generated ambient sound;
``generate_audio: false`` drops the sound).  ``duration`` is 5, 10 or 15 s,
``aspect_ratio`` 9:16, 16:9, 1:1 or 4:5 (beyond the spec; the local engine only: a hosted
model is asked only for the aspects its catalog entry lists), at the model's default quality.

After the render, delivery publishes the video to each of
``publish_integration_ids`` through the publisher seam (``Built.publish``) with
its caption: ``caption_mode: static`` uses ``caption`` (the prompt when
omitted); ``ai`` has the caption writer (``stages.script.caption``) write one
about the prompt that follows ``caption_guidance``: its length, tone and ending.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from ..cache import cache_key
from ..catalog import AUTO, select_model
from ..engines import VIDEO_ENGINES, VideoJob, engine_for, frame_size, scene_notes
from ..errors import ValidationError
from ..generation.contract import Built, Context, Generator, Metered, Plan, Publish, Receipt
from ..generation.fields import Aspect, WebhookUrl
from ..generation.publish import check_integration_ids
from ..generation.request import RequestModel, rule_error, seconds_field
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from ..stages.script.caption import write_caption
from ..timeline import Timeline


class TextToVideoRequest(RequestModel):
    """``POST /v1/generate/text_to_video``."""

    prompt: str = Field(min_length=20, max_length=1000, description="What the video shows.")
    duration: seconds_field(5, 10, 15) = Field(10, description="5, 10 or 15 seconds.")  # type: ignore[valid-type]
    aspect_ratio: Aspect = "9:16"
    generate_audio: bool = Field(True, description="Ambient sound (no extra charge).")
    webhook_url: WebhookUrl | None = None
    publish_integration_ids: list[str] = Field(default_factory=list, description="Where to publish after render.")
    caption_mode: Literal["static", "ai"] = "static"
    caption: str | None = Field(None, min_length=1, max_length=2000, description="The caption (static mode).")
    caption_guidance: str | None = Field(None, min_length=1, max_length=1000,
                                         description="How the caption should read (ai mode).")

    @model_validator(mode="after")
    def _caption_fields(self) -> TextToVideoRequest:
        if self.caption_mode == "ai" and self.caption is not None:
            raise rule_error("caption", "is used only when caption_mode is static; give caption_guidance in ai mode")
        if self.caption_mode == "static" and self.caption_guidance is not None:
            raise rule_error("caption_guidance", "is used only when caption_mode is ai")
        return self


@dataclass(frozen=True, kw_only=True)
class TextToVideoPlan(Plan):
    job: VideoJob
    engine: str
    audio: bool
    caption: str
    publish_to: tuple[str, ...]


class TextToVideoGenerator(Generator[TextToVideoRequest, TextToVideoPlan]):
    id = GeneratorId.TEXT_TO_VIDEO
    request_model = TextToVideoRequest
    description = "A video from a prompt (5/10/15 s) through the video engine, published with its caption."

    def plan(self, request: TextToVideoRequest, context: Context) -> TextToVideoPlan:
        check_integration_ids(request.publish_integration_ids)
        chosen = select_model(AUTO, "video", context.stats)
        entry = chosen.entry
        assert entry.video is not None
        quality = entry.video.default_quality
        engine = engine_for(entry, VIDEO_ENGINES)
        engine.check()
        listed = entry.video_mode("text").aspects
        if not engine.local and request.aspect_ratio not in listed:
            raise ValidationError("aspect_ratio", request.aspect_ratio, f"must be {' or '.join(listed)} on {entry.id} "
                                  f"(its engine {engine.name} is hosted; 4:5 is drawn by the local engine only)")
        width, height = frame_size(request.aspect_ratio, quality)
        job = VideoJob(model=entry.id, mode="text", prompt=request.prompt, seconds=request.duration,
                       quality=quality, aspect=request.aspect_ratio, width=width, height=height)
        if request.caption_mode == "ai":
            caption = write_caption(request.caption_guidance or "a short caption", request.prompt)
        else:
            caption = request.caption or request.prompt
        return TextToVideoPlan(
            generator=self.id,
            receipt=Receipt(estimated_duration=request.duration, model=entry.id, mode="text", quality=quality,
                            engine=engine.name, notes=(engine.note(entry.id), *scene_notes(engine, request.prompt))),
            metered=Metered(generator=self.id, seconds=request.duration, model=entry.id, mode="text",
                            quality=quality),
            job=job, engine=engine.name, audio=request.generate_audio, caption=caption,
            publish_to=tuple(request.publish_integration_ids))

    def build(self, plan: TextToVideoPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        made = VIDEO_ENGINES.get(plan.engine).make(plan.job, workdir, progress)
        if isinstance(made, Timeline):
            name = f"text_to_video-{cache_key(self.id, plan.job)}.mp4"
            publish = Publish(plan.caption, plan.publish_to, name) if plan.publish_to else None
            timeline = made if plan.audio else replace(made, audio=())
            return Built(timeline=timeline, poster_ms=timeline.duration_ms // 2, publish=publish)
        return Built(file=made, publish=Publish(plan.caption, plan.publish_to, made.name) if plan.publish_to else None)
