"""The generic ``video`` generator (``POST /v2/generate/video``): a catalog model, in the mode its fields choose.

The fields passed choose the mode (the spec's table):

- ``first_frame`` (and optionally ``last_frame``): **image** mode; only frames;
- ``refs`` / ``video_refs`` / ``audio_refs``: **reference** mode, addressed in
  the prompt as ``@image1``, ``@video1``, ``@audio1``;
- neither: **text** mode, ``prompt`` required.

Frames and refs are never mixed.  ``parse`` checks what holds for every
model (types, ranges, the mode rules, that each ``@image2`` names a ref that
exists); ``plan`` resolves ``model: auto``, then checks the rules of the
chosen model and mode from the catalog (seconds, aspects, ref counts and
limits, audio refs that need a companion, wording video-engine-2.5 refuses),
fetches and probes every input, resolves ``aspect: adaptive`` and the canvas,
and names the engine.  ``build`` has the engine make the clip (the local
animatic by default) and the shared renderer renders it.

mediakit's choices where the spec is silent: ``seconds`` defaults to 5 and
is a whole number; ``prompt`` holds at most 2000 characters; ``quality``
defaults to the model's default quality; ``aspect`` to the mode's default
(``9:16`` in text mode, ``adaptive`` otherwise); ``adaptive`` snaps to the
nearest listed aspect; video-engine-2.5's text mode lasts at most 15 s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from ..catalog import ASPECTS, AUTO, QUALITIES, check_model_field, model_literal, select_model
from ..engines import VIDEO_ENGINES, VideoJob, engine_for, frame_size, scene_notes
from ..errors import EngineError, MediaError, ValidationError
from ..fetch import Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.request import RequestModel, rule_error
from ..generation.video_inputs import adaptive_aspect, fetch_inputs, field_problems
from ..generator_ids import GeneratorId
from ..probe import probe
from ..render import ProgressCallback
from ..timeline import Timeline

MAX_PROMPT_CHARS = 2000
DEFAULT_SECONDS = 5
_REFERENCE = re.compile(r"@(image|video|audio)(\d+)", re.IGNORECASE)
_LISTS = {"image": "refs", "video": "video_refs", "audio": "audio_refs"}
# words in a prompt that say which way the picture should face, for aspect adaptive with nothing to follow
def _whole_seconds(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("seconds", "must be a whole number of seconds")
    return value


Seconds = Annotated[int, BeforeValidator(_whole_seconds), Field(ge=4, le=30),
                    WithJsonSchema({"type": "integer", "minimum": 4, "maximum": 30})]
VideoModel = model_literal("video")



class VideoRequest(RequestModel):
    """``POST /v2/generate/video``: a live video model (or auto), the prompt, and frames or refs."""

    model: VideoModel = Field(AUTO, description="A live video model id, or auto.")  # type: ignore[valid-type]
    prompt: str | None = Field(None, min_length=1, max_length=MAX_PROMPT_CHARS,
                               description="What happens; addresses refs as @image1, @video1, @audio1.")
    seconds: Seconds = Field(DEFAULT_SECONDS, description="Output seconds: 4 to 15 (to 30 on video-engine-2.5 "
                             "in image and reference modes).")
    quality: Literal[QUALITIES] | None = Field(  # type: ignore[valid-type]
        None, description="480p, 720p or 1080p; the model's default quality when omitted.")
    aspect: Literal[ASPECTS] | None = Field(  # type: ignore[valid-type]
        None, description="9:16, 16:9, 1:1, 4:3, 3:4, 21:9 or adaptive; the mode's default when omitted.")
    first_frame: Url | None = Field(None, description="Image mode: the opening frame (jpeg, png or webp).")
    last_frame: Url | None = Field(None, description="Image mode: the closing frame (needs first_frame).")
    refs: list[Url] = Field(default_factory=list, max_length=30, description="Reference images (@image1...).")
    video_refs: list[Url] = Field(default_factory=list, max_length=10, description="Reference clips (@video1...).")
    audio_refs: list[Url] = Field(default_factory=list, max_length=10, description="Reference sounds (@audio1...).")

    @property
    def mode(self) -> str:
        if self.first_frame or self.last_frame:
            return "image"
        if self.refs or self.video_refs or self.audio_refs:
            return "reference"
        return "text"

    @model_validator(mode="after")
    def _mode_rules(self) -> VideoRequest:
        framed = self.first_frame is not None or self.last_frame is not None
        listed = [name for name in ("refs", "video_refs", "audio_refs") if getattr(self, name)]
        if framed and listed:
            raise rule_error(listed[0], "cannot be mixed with first_frame or last_frame (image mode takes only "
                                        "frames); to keep an identity and set the frame, put the frame image in refs "
                                        "and address it as @image1")
        if self.last_frame is not None and self.first_frame is None:
            raise rule_error("first_frame", "is required when last_frame is given")
        if self.mode == "text" and not self.prompt:
            raise rule_error("prompt", "is required in text mode (no first_frame and no refs)")
        if self.mode == "text" and self.aspect == "adaptive":
            raise rule_error("aspect", "adaptive follows a frame or a reference; text mode takes 9:16, 16:9, 1:1, 4:3, "
                                  "3:4 or 21:9")
        for m in _REFERENCE.finditer(self.prompt or ""):
            kind, number = m.group(1).lower(), int(m.group(2))
            held = len(getattr(self, _LISTS[kind]))
            if not 1 <= number <= held:
                raise rule_error("prompt", f"{m.group(0)} names no input: {_LISTS[kind]} holds {held} item"
                                      f"{'' if held == 1 else 's'} (numbered from 1)")
        return self


@dataclass(frozen=True, kw_only=True)
class VideoPlan(Plan):
    """The job the engine makes, and which engine makes it."""

    job: VideoJob
    engine: str


class VideoGenerator(Generator[VideoRequest, VideoPlan]):
    id = GeneratorId.VIDEO
    request_model = VideoRequest
    description = "A clip from a catalog video model: text, image (first/last frame) or reference mode."

    def parse(self, body: Any) -> VideoRequest:
        check_model_field(body, "video")
        return super().parse(body)

    def plan(self, request: VideoRequest, context: Context) -> VideoPlan:
        mode = request.mode
        chosen = select_model(request.model, "video", context.stats, quality=request.quality)
        entry = chosen.entry
        spec = entry.video_mode(mode)
        assert entry.video is not None
        quality = request.quality or entry.video.default_quality
        aspect = request.aspect or spec.aspect_default
        on = f"{entry.id} (chosen by auto)" if chosen.auto else entry.id
        problems = field_problems(request, spec, on)
        if not spec.seconds.min <= request.seconds <= spec.seconds.max:
            problems.append(("seconds", request.seconds, f"must be {spec.seconds.min} to {spec.seconds.max} in "
                                                         f"{mode} mode on {on}"))
        if aspect not in spec.aspects:
            problems.append(("aspect", aspect, f"must be {' or '.join(spec.aspects)} in {mode} mode on {on}"))
        if quality not in spec.qualities:
            problems.append(("quality", quality, f"must be one of {', '.join(spec.qualities)} on {on}"))
        if problems:
            field, value, rule = problems[0]
            raise ValidationError(field, value, rule, details=[{"field": f, "rule": r} for f, _, r in problems])
        engine = engine_for(entry, VIDEO_ENGINES)
        engine.check()
        inputs = fetch_inputs(request, spec, context)
        notes = [engine.note(entry.id), *(scene_notes(engine, request.prompt or "") if mode == "text" else [])]
        if aspect == "adaptive":
            aspect, source = adaptive_aspect(inputs, request.prompt or "")
            notes.append(f"aspect adaptive followed {source}: {aspect}")
        width, height = frame_size(aspect, quality)
        job = VideoJob(model=entry.id, mode=mode, prompt=request.prompt or "", seconds=request.seconds,
                       quality=quality, aspect=aspect, width=width, height=height, first_frame=inputs.first_frame,
                       last_frame=inputs.last_frame, refs=inputs.refs, video_refs=inputs.video_refs,
                       audio_refs=inputs.audio_refs)
        return VideoPlan(
            generator=self.id,
            receipt=Receipt(estimated_duration=request.seconds, model=entry.id, mode=mode, quality=quality,
                            auto=chosen.auto, engine=engine.name, notes=tuple(notes)),
            metered=Metered(generator=self.id, seconds=request.seconds, model=entry.id, mode=mode, quality=quality,
                            auto_reason=chosen.reason, ref_seconds=inputs.ref_seconds),
            job=job, engine=engine.name)

    def build(self, plan: VideoPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        made = VIDEO_ENGINES.get(plan.engine).make(plan.job, workdir, progress)
        if isinstance(made, Timeline):
            return Built(timeline=made, poster_ms=made.duration_ms // 2)
        try:
            info = probe(made)
        except MediaError as exc:
            raise EngineError(f"video engine {plan.engine!r} returned no readable video: {exc}") from None
        if info.video is None or info.video.is_still:
            raise EngineError(f"video engine {plan.engine!r} returned {made.name}, which holds no video stream")
        return Built(file=made)
