"""The generic ``image`` generator (``POST /v2/generate/image``): text-to-image, or image-edit with refs.

The spec leaves the image arguments unnamed; mediakit names them ``model``
(a live image model or ``auto``), ``prompt`` (1 to 4000 characters),
``refs`` (images to edit or compose, up to the model's ``refsMax``),
``resolution`` (one of the model's: ``1024x1024``, ``1024x1536``,
``1536x1024``, or ``1K``/``2K`` on image-engine-pro, which mediakit draws at
1024x1024 and 2048x2048; the model's first when omitted) and ``n`` (1 to 4
images, each priced).

The output is PNG.  With ``n`` > 1 the first image is the output file and
the others are written beside it as ``NAME-2.png``, ``NAME-3.png``... and
listed in the receipt's ``outputs``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from PIL import Image, UnidentifiedImageError
from pydantic import Field

from ..catalog import AUTO, check_model_field, load_catalog, model_literal, select_model
from ..engines import IMAGE_ENGINES, ImageJob, engine_for, scene_notes
from ..errors import EngineError, ValidationError
from ..fetch import IMAGE, Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.request import RequestModel
from ..generator_ids import GeneratorId
from ..render import ProgressCallback

MAX_PROMPT_CHARS = 4000
MAX_IMAGES = 4
RESOLUTION_PIXELS: dict[str, tuple[int, int]] = {"1024x1024": (1024, 1024), "1024x1536": (1024, 1536),
                                                  "1536x1024": (1536, 1024), "1K": (1024, 1024), "2K": (2048, 2048)}
ImageModel = model_literal("image")
Resolution = Literal[tuple(RESOLUTION_PIXELS)]  # type: ignore[valid-type]
MAX_REFS = max(m.limits.refsMax or 0 for m in load_catalog().live("image"))


class ImageRequest(RequestModel):
    """``POST /v2/generate/image``: a live image model (or auto), the prompt, refs to compose, size and count."""

    model: ImageModel = Field(AUTO, description="A live image model id, or auto.")  # type: ignore[valid-type]
    prompt: str = Field(min_length=1, max_length=MAX_PROMPT_CHARS, description="What to draw, or how to edit.")
    refs: list[Url] = Field(default_factory=list, max_length=MAX_REFS,
                            description="Images to edit or compose (image-edit mode).")
    resolution: Resolution | None = Field(  # type: ignore[valid-type]
        None, description="One of the model's resolutions; its first when omitted.")
    n: int = Field(1, ge=1, le=MAX_IMAGES, description="How many images (each is priced).")


@dataclass(frozen=True, kw_only=True)
class ImagePlan(Plan):
    job: ImageJob
    engine: str


class ImageGenerator(Generator[ImageRequest, ImagePlan]):
    id = GeneratorId.IMAGE
    request_model = ImageRequest
    description = "Images from a catalog image model: text-to-image, or image-edit composing the refs."
    output_suffix = ".png"

    def parse(self, body: Any) -> ImageRequest:
        check_model_field(body, "image")
        return super().parse(body)

    def plan(self, request: ImageRequest, context: Context) -> ImagePlan:
        chosen = select_model(request.model, "image", context.stats)
        entry = chosen.entry
        on = f"{entry.id} (chosen by auto)" if chosen.auto else entry.id
        resolutions = entry.limits.resolutions or tuple(RESOLUTION_PIXELS)
        resolution = request.resolution or resolutions[0]
        problems: list[tuple[str, Any, str]] = []
        if resolution not in resolutions:
            problems.append(("resolution", resolution, f"must be one of {', '.join(resolutions)} on {on}"))
        if entry.limits.refsMax is not None and len(request.refs) > entry.limits.refsMax:
            problems.append(("refs", len(request.refs), f"must hold at most {entry.limits.refsMax} items on {on}"))
        if problems:
            field, value, rule = problems[0]
            raise ValidationError(field, value, rule, details=[{"field": f, "rule": r} for f, _, r in problems])
        engine = engine_for(entry, IMAGE_ENGINES)
        engine.check()
        refs = tuple(context.fetch(ref, field=f"refs[{i}]", limits=IMAGE) for i, ref in enumerate(request.refs))
        mode = "image-edit" if refs else "text-to-image"
        width, height = RESOLUTION_PIXELS[resolution]
        job = ImageJob(model=entry.id, mode=mode, prompt=request.prompt, resolution=resolution, width=width,
                       height=height, n=request.n, refs=refs)
        return ImagePlan(
            generator=self.id,
            receipt=Receipt(model=entry.id, mode=mode, auto=chosen.auto, engine=engine.name,
                            notes=(engine.note(entry.id), *([] if refs else scene_notes(engine, request.prompt)))),
            metered=Metered(generator=self.id, model=entry.id, mode=mode, auto_reason=chosen.reason,
                            images=request.n),
            job=job, engine=engine.name)

    def build(self, plan: ImagePlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        made = IMAGE_ENGINES.get(plan.engine).make(plan.job, workdir)
        if len(made) != plan.job.n:
            raise EngineError(f"image engine {plan.engine!r} returned {len(made)} images, not the {plan.job.n} asked")
        pngs = [as_png(path, workdir / f"out-{i + 1}.png", plan.engine) for i, path in enumerate(made)]
        return Built(file=pngs[0], extra_files=tuple(pngs[1:]))


def as_png(path: Path, target: Path, engine: str) -> Path:
    """An engine's image as PNG (a PNG is kept as it is); an unreadable one is the engine's failure."""
    try:
        with Image.open(path) as im:
            if im.format == "PNG":
                return path
            im.convert("RGBA" if "A" in im.getbands() else "RGB").save(target, "PNG")
    except (UnidentifiedImageError, OSError) as exc:
        raise EngineError(f"image engine {engine!r} returned {path.name}, which is not a readable image: "
                          f"{exc}") from None
    return target
