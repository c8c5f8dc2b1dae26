"""Script writer: turn a prompt (or a product) into a script that fits the video's duration.

The spec's ugc_video, saas_review and product_acting_ugc generators write the
script themselves when given a ``prompt`` / ``product_url`` /
``product_description`` instead of a script.  ``write_script``
is that step as a library call: it validates the fields, fetches the product
page when asked, lets an engine write, and checks the result against the
generator's word cap (12 / 25 / 37 words for 5 / 10 / 15 s, 3 words per second
on the app generators) before returning it with its pacing receipt.

Engines: ``"template"`` (default) is a local, deterministic template writer,
not an AI; ``"openai-compatible"`` calls a chat completions server you
configure; more plug in through ``register_engine`` or the
``mediakit.script_engines`` entry point group.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...errors import EngineError, ValidationError
from ..pacing import PacingReceipt, count_words, pace
from .base import ENTRY_POINT_GROUP, ScriptEngine, ScriptRequest, engine_names, get_engine, register_engine
from .fetch import PageContext, check_url, fetch_page_context
from .llm_engine import LLMConfig, OpenAICompatibleEngine
from .request import (
    ACTING_STYLES,
    ACTING_TEMPLATES,
    SAAS_ANGLES,
    SCRIPT_GENERATORS,
    TONES,
    UGC_TEMPLATES,
    build_request,
)
from .template_engine import TemplateEngine

__all__ = [
    "ACTING_STYLES",
    "ACTING_TEMPLATES",
    "ENTRY_POINT_GROUP",
    "SAAS_ANGLES",
    "SCRIPT_GENERATORS",
    "TONES",
    "UGC_TEMPLATES",
    "LLMConfig",
    "OpenAICompatibleEngine",
    "PageContext",
    "ScriptEngine",
    "ScriptRequest",
    "ScriptResult",
    "TemplateEngine",
    "engine_names",
    "fetch_page_context",
    "get_engine",
    "register_engine",
    "write_script",
]

# A hook needs a few words of its own before the CTA closes the script.
_HOOK_MIN_WORDS = 4


@dataclass(frozen=True)
class ScriptResult:
    """A written script with what the job receipt needs: engine and pacing (the runner prices ``generated``)."""

    script: str
    engine: str
    pacing: PacingReceipt
    generated: bool = True


def write_script(*, generator: str, duration: int | None, prompt: str | None = None,
                 product_url: str | None = None, product_name: str | None = None,
                 product_description: str | None = None, template: str | None = None,
                 angle: str | None = None, tone: str | None = None, cta: str | None = None,
                 acting_style: str | None = None, engine: str | ScriptEngine = "template") -> ScriptResult:
    """Write a script for ``generator`` that fits ``duration`` (None: its default, else 10 s).

    Every field is validated and the engine resolved before the product page
    is fetched, so a typo never costs a network round trip.  ``engine`` is a
    registered name or a ready engine instance (for example an
    ``OpenAICompatibleEngine(LLMConfig(...))``).
    """
    url = check_url(product_url) if product_url is not None else None
    request = build_request(generator=generator, duration=duration, prompt=prompt, product_name=product_name,
                            product_description=product_description, template=template, angle=angle,
                            tone=tone, cta=cta, acting_style=acting_style, has_product_url=url is not None)
    _check_cta_room(request)
    writer = get_engine(engine) if isinstance(engine, str) else engine
    if url is not None:
        request = dataclasses.replace(request, context=fetch_page_context(url))
    script = " ".join(writer.write(request).split())
    words = count_words(script)
    if not 0 < words <= request.max_words or len(script) < request.min_chars:
        raise EngineError(f"script engine {writer.name!r} returned {words} words and {len(script)} "
                          f"characters; "
                          f"a {request.duration} s {generator} script needs 1 to {request.max_words} words and "
                          f"at least {request.min_chars} characters")
    return ScriptResult(script=script, engine=writer.name,
                        pacing=pace(script, duration=request.duration, generator=generator))


def _check_cta_room(request: ScriptRequest) -> None:
    """A CTA that fills the whole cap leaves no script; say so in the cta's own terms."""
    if request.cta is None:
        return
    room = request.max_words - _HOOK_MIN_WORDS
    words = count_words(request.cta)
    if words > room:
        raise ValidationError("cta", request.cta,
                              f"has {words} words; a {request.duration} s {request.generator} script holds "
                              f"{request.max_words}, so the cta may use at most {room}")
