"""Validate script-writing inputs and work out the word budget, once, for every engine.

Field rules come from the spec's generator routes (prompt 1-1000 chars,
product_name 1-120, product_description 1-1000, cta at most 100 with its own
error code, closed sets for template / angle / tone / acting_style); the
word and character budget comes from ``stages.pacing`` so the writer and the
pacing check can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import ValidationError
from ...generator_ids import GeneratorId
from ..pacing import PACING_RULES
from .base import ScriptRequest
from .fetch import PageContext

UGC_TEMPLATES = ("monologue", "testimonial", "product-review", "problem-solution", "saas-review",
                 "before-after", "listicle", "product-demo")
SAAS_ANGLES = ("honest", "enthusiastic", "roast", "tutorial", "comparison")
ACTING_TEMPLATES = ("product-in-hand", "mirror-selfie", "bathroom-reaction", "kitchen-counter", "car-selfie",
                    "couch-review", "expert-interview", "product-closeup")
ACTING_STYLES = ("raw-selfie", "shocked", "angry", "excited", "dramatic", "weird-hook", "casual-demo",
                 "honest-review")
TONES = ("energetic", "calm", "confident", "dramatic")

# Generators whose script can be written from a prompt; the spec charges for it on the
# first three, and the app generators take a script the writer can draft too.
SCRIPT_GENERATORS = (GeneratorId.UGC_VIDEO, GeneratorId.SAAS_REVIEW, GeneratorId.PRODUCT_ACTING_UGC,
                     GeneratorId.SHOW_YOUR_APP, GeneratorId.LAPTOP_UGC)

# ugc_video and saas_review estimate the duration from the script when none is asked
# for, so the writer must pick a length itself: the middle bucket leaves room for
# hook, body and CTA without paying for 15 s nobody asked for.
UNSET_DURATION = 10

CTA_MAX_CHARS = 100


def build_request(*, generator: str, duration: int | None, prompt: str | None, product_name: str | None,
                  product_description: str | None, template: str | None, angle: str | None,
                  tone: str | None, cta: str | None, acting_style: str | None,
                  context: PageContext | None = None, has_product_url: bool = False) -> ScriptRequest:
    """Check every field and return the request engines work from (defaults filled in)."""
    if generator not in SCRIPT_GENERATORS:
        # "route": the field name this error has always carried
        raise ValidationError("route", generator, f"must be one of {', '.join(SCRIPT_GENERATORS)}")
    rule = PACING_RULES[generator]
    prompt = _text("prompt", prompt, 1, 1000)
    product_name = _text("product_name", product_name, 1, 120)
    product_description = _text("product_description", product_description, 1, 1000)
    if cta is not None:
        if not isinstance(cta, str):
            raise ValidationError("cta", cta, "must be a string")
        if len(cta) > CTA_MAX_CHARS:
            raise ValidationError("cta", cta, f"must be at most {CTA_MAX_CHARS} characters (has {len(cta)})",
                                  code="cta_too_long")
        cta = " ".join(cta.split()) or None
    tone = _choice("tone", tone, TONES)
    _require_content(generator, prompt, product_description, has_product_url)

    if generator == GeneratorId.PRODUCT_ACTING_UGC:
        template = _choice("template", template, ACTING_TEMPLATES) or ACTING_TEMPLATES[0]
        acting_style = _choice("acting_style", acting_style, ACTING_STYLES) or ACTING_STYLES[0]
    else:
        template = _choice("template", template, UGC_TEMPLATES)
        _only_on("acting_style", acting_style, GeneratorId.PRODUCT_ACTING_UGC)
    if generator == GeneratorId.SAAS_REVIEW:
        angle = _choice("angle", angle, SAAS_ANGLES) or (None if template else SAAS_ANGLES[0])
    else:
        _only_on("angle", angle, GeneratorId.SAAS_REVIEW)
    if generator in (GeneratorId.UGC_VIDEO, GeneratorId.SHOW_YOUR_APP, GeneratorId.LAPTOP_UGC) and template is None:
        template = "monologue" if generator == GeneratorId.UGC_VIDEO else "product-demo"

    if duration is None:
        duration = rule.default if rule.default is not None else UNSET_DURATION
    elif isinstance(duration, bool) or duration not in rule.accepted:
        raise ValidationError(rule.duration_field, duration,
                              f"must be one of {', '.join(map(str, rule.accepted))} on {generator}")
    duration = int(duration)
    return ScriptRequest(generator=generator, duration=duration, max_words=rule.max_words(duration),
                         min_chars=rule.min_chars, prompt=prompt, product_name=product_name,
                         product_description=product_description, template=template, angle=angle,
                         tone=tone, cta=cta, acting_style=acting_style, context=context)


def _text(field: str, value: str | None, low: int, high: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError(field, value, "must be a string")
    if not low <= len(value) <= high or not value.strip():
        raise ValidationError(field, value, f"must be {low} to {high} characters of text (has {len(value)})")
    return " ".join(value.split())


def _choice(field: str, value: str | None, valid: Sequence[str]) -> str | None:
    if value is not None and value not in valid:
        raise ValidationError(field, value, f"must be one of {', '.join(valid)}")
    return value


def _only_on(field: str, value: str | None, generator: str) -> None:
    """A field another generator owns would be silently ignored here; say so instead."""
    if value is not None:
        raise ValidationError(field, value, f"only applies to route {generator!r}")


def _require_content(generator: str, prompt: str | None, product_description: str | None,
                     has_product_url: bool) -> None:
    """Something must say what the script is about; which field depends on the generator."""
    if generator == GeneratorId.PRODUCT_ACTING_UGC:
        if product_description is None:
            raise ValidationError("product_description", None, "is required when the script is generated",
                                  code="missing_script")
    elif generator == GeneratorId.SAAS_REVIEW:
        if prompt is None and not has_product_url:
            raise ValidationError("prompt", None, "give a script, a prompt or a product_url",
                                  code="missing_script")
    elif prompt is None:
        raise ValidationError("prompt", None, "give a script or a prompt", code="missing_script")
