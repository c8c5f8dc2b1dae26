"""``product_acting_ugc``: an actor acts a short scene with a product, in one of 8 templates x 8 acting styles.

The template places the actor and the product (product-in-hand, kitchen
counter, unboxing...: ``presets/product_templates.yaml``); the acting style
sets the delivery (its tone in ``presets/script_templates.yaml`` changes the
voice's rate, pitch and pauses) and, when the script is omitted, the hook of
the script written from ``product_name`` / ``product_description``
(``generated_script`` in the receipt).  ``visual_style`` is recorded in the
receipt notes: the local layouts draw one look.  Captions (on by default)
go in the widest band clear of the actor's face and the product.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..fetch import IMAGE
from ..render import ProgressCallback
from ..routes import Route
from ..speech.words import Word
from ..stages.layouts.product import ProductTemplate, get_template, product_layout
from ..stages.pip import pip_box
from ..stages.script.template_engine import load_templates
from ..timeline import Box, Canvas, ImageLayer
from .base import Built, Context, Generator
from .presenter import Picture, PresenterPlan, build_presenter, plan_presenter
from .requests import ProductActingRequest
from .talking_ad import UI_BOTTOM, UI_TOP, canvas_for, face_band, free_bands, product_notes


@dataclass(frozen=True, kw_only=True)
class ProductActingPlan(PresenterPlan):
    """The presenter plan plus the fetched product photo and the template."""

    product: Path
    template: str


class ProductActingGenerator(Generator[ProductActingRequest, ProductActingPlan]):
    """product_acting_ugc: the actor, the product placed by the template, delivery by the acting style."""

    id = Route.PRODUCT_ACTING_UGC
    request_model = ProductActingRequest
    description = "An actor acts a scene with your product: 8 templates x 8 acting styles, captions."

    def plan(self, request: ProductActingRequest, context: Context) -> ProductActingPlan:
        product = context.fetch(request.product_image_url, field="product_image_url", limits=IMAGE)
        notes = tuple(product_notes(product))
        if request.visual_style:
            notes += (f"visual_style: {request.visual_style!r} noted; the local layouts draw the template's own look",)
        if request.actor_variant_id is not None:
            notes += ("actor_variant_id: the local actors have one variant each; the actor's default is used",)
        tone = load_templates()["acting_styles"][request.acting_style].get("tone")
        canvas = canvas_for("9:16", context.options.extra.get("preview_height"))
        return ProductActingPlan(product=product, template=request.template, **plan_presenter(
            self.id, script=request.script, duration=request.duration, actor_slug=request.actor_slug,
            style=request.subtitle_style if request.subtitles else None, canvas=canvas, context=context,
            notes=notes, tone=tone, product_name=request.product_name,
            product_description=request.product_description, template=request.template,
            acting_style=request.acting_style))

    def build(self, plan: ProductActingPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return build_presenter(plan, workdir, partial(_scene, plan.product, plan.template, plan.canvas), progress)


def _scene(product: Path, template: str, canvas: Canvas, actor: Path, words: list[Word], total_ms: int,
           workdir: Path) -> Picture:
    """The template's layout; captions in the widest safe band clear of the face and the product."""
    layers = product_layout(product, actor, canvas, total_ms, template=template, cache_dir=workdir).layers
    tpl = get_template(template)
    keep_out: list[tuple[float, float]] = []
    product_box = next((layer.box for layer in reversed(layers) if isinstance(layer, ImageLayer)
                        and layer.box is not None), None)
    if product_box is not None:
        keep_out.append((product_box.y, product_box.y + product_box.h))
    actor_box = _actor_box(tpl, canvas)
    top, bottom = face_band(actor_box.w, actor_box.h)
    keep_out.append((actor_box.y + top, actor_box.y + bottom))
    h = canvas.height
    bands = free_bands(h * UI_TOP, h * (1 - UI_BOTTOM), keep_out) or [(h * UI_TOP, h * (1 - UI_BOTTOM))]
    a, b = max(bands, key=lambda band: band[1] - band[0])
    return Picture(layers, (a + b) / 2)


def _actor_box(tpl: ProductTemplate, canvas: Canvas) -> Box:
    """Where the template puts the actor's frame (a PiP or a fractional box of the canvas)."""
    if tpl.actor_pip is not None:
        return pip_box(tpl.actor_pip, canvas)
    assert tpl.actor_box is not None
    fx, fy, fw, fh = tpl.actor_box
    return Box(round(fx * canvas.width), round(fy * canvas.height), round(fw * canvas.width),
               round(fh * canvas.height))

