"""The dubbing seam: a translator turns the script into ``dub_language`` before it is spoken.

No translator is bundled: translation needs a model or a service, and a
silent fallback (speaking the original language) would be a wrong result.
One plugs in like a voice engine, by ``register_translator(name, cls)`` or an
entry point in the group ``mediakit.translators``.  The one in use is named by
``$MEDIAKIT_TRANSLATOR``, or is the only one installed.
"""

from __future__ import annotations

import os
import re
from abc import ABC, abstractmethod
from typing import ClassVar

from ...errors import EngineError, ValidationError
from ...registry import Registry

TRANSLATOR_GROUP = "mediakit.translators"
MAX_LANGUAGE_CHARS = 10  # the spec's limit on dub_language
_BCP47_RE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*")


class Translator(ABC):
    """Translates a script.  Subclass, set ``name``, implement ``translate``."""

    name: ClassVar[str]

    @abstractmethod
    def translate(self, text: str, target: str) -> str:
        """``text`` in the BCP-47 language ``target``; bracketed tags (``[laughs]``) must be kept as they are."""


TRANSLATORS: Registry[Translator] = Registry("translator", "translator", TRANSLATOR_GROUP, {})


def register_translator(name: str, cls: type[Translator]) -> None:
    TRANSLATORS.register(name, cls)


def validate_language(code: object) -> str:
    """A BCP-47 tag of at most 10 characters (``es``, ``pt-BR``, ``zh-Hant``), returned stripped."""
    if (not isinstance(code, str) or len(code.strip()) > MAX_LANGUAGE_CHARS
            or not _BCP47_RE.fullmatch(code.strip())):
        raise ValidationError("dub_language", code, f"must be a BCP-47 language tag of at most "
                              f"{MAX_LANGUAGE_CHARS} characters, like 'es' or 'pt-BR'")
    return code.strip()


def configured_translator() -> Translator | None:
    """``$MEDIAKIT_TRANSLATOR``, else the only translator installed, else None."""
    chosen = os.environ.get("MEDIAKIT_TRANSLATOR")
    if chosen:
        return TRANSLATORS.get(chosen)
    names = TRANSLATORS.names()
    if len(names) > 1:
        raise EngineError(f"several translators are installed ({', '.join(names)}); "
                          f"choose one with MEDIAKIT_TRANSLATOR")
    return TRANSLATORS.get(names[0]) if names else None


def check_dub_language(code: object) -> Translator:
    """Validate ``dub_language`` and return the translator that will serve it.

    Call before any synthesis (and before a runner takes credits): without a
    translator this raises ``EngineError`` rather than speak the wrong language.
    """
    tag = validate_language(code)
    translator = configured_translator()
    if translator is None:
        raise EngineError(f"dub_language {tag!r} needs a translator engine; none is configured "
                          f"(register one with mediakit.stages.voice.register_translator or the "
                          f"{TRANSLATOR_GROUP!r} entry point group)")
    return translator


def dub(text: str, code: str) -> str:
    """``text`` translated into ``code`` by the configured translator."""
    translator = check_dub_language(code)
    out = translator.translate(text, validate_language(code))
    if not isinstance(out, str) or not out.strip():
        raise EngineError(f"translator {translator.name!r} returned no text for dub_language {code!r}")
    return out
