"""Field types shared by the generators' request models, each with the spec's rule.

The value sets come from the stages that use them (styles from the subtitle
registry, moods from the music presets, templates and angles from the script
writer), so a request model and the stage it feeds cannot disagree.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from ..captions import style_names
from ..stages.music import mood_names
from ..stages.script.request import ACTING_STYLES, ACTING_TEMPLATES, CTA_MAX_CHARS, SAAS_ANGLES, TONES, UGC_TEMPLATES
from .request import spec_error

WEBHOOK_MAX_CHARS = 2048
_BCP47 = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$")

StyleName = Literal[tuple(style_names())]  # type: ignore[valid-type]
AppStyle = Literal["hormozi", "none"]
Tone = Literal[TONES]  # type: ignore[valid-type]
Mood = Literal[tuple(mood_names())]  # type: ignore[valid-type]
BedMood = Literal[(*mood_names(), "none")]  # type: ignore[valid-type]  # a default bed's mood, or none at all
Aspect = Literal["9:16", "16:9", "1:1", "4:5"]   # 4:5 beyond the spec (a feed post)
UgcTemplate = Literal[UGC_TEMPLATES]  # type: ignore[valid-type]
SaasAngle = Literal[SAAS_ANGLES]  # type: ignore[valid-type]
ActingTemplate = Literal[ACTING_TEMPLATES]  # type: ignore[valid-type]
ActingStyle = Literal[ACTING_STYLES]  # type: ignore[valid-type]
BrollModel = Literal["broll-model-1", "broll-model-2", "broll-model-3"]


def _webhook(value: str) -> str:
    if len(value) > WEBHOOK_MAX_CHARS:
        raise ValueError(f"must be at most {WEBHOOK_MAX_CHARS} characters")
    if not value.lower().startswith("https://") or len(value) <= len("https://"):
        raise ValueError("must be an https:// URL (plain http is refused)")
    return value


def _language(value: str) -> str:
    if not _BCP47.match(value):
        raise ValueError("must be a BCP-47 language code such as 'es' or 'pt-BR'")
    return value


def _cta(value: str) -> str:
    if len(value) > CTA_MAX_CHARS:
        raise spec_error("cta_too_long", "cta", f"must be at most {CTA_MAX_CHARS} characters (has {len(value)})")
    return value


# A call to action, spoken as the ad's last line and shown on its end card: the spec's cta_too_long past 100.
Cta = Annotated[str, AfterValidator(_cta)]
# A webhook address: https only, at most 2048 characters; the runner checks the address it resolves to.
WebhookUrl = Annotated[str, AfterValidator(_webhook)]
Language = Annotated[str, Field(max_length=10), AfterValidator(_language)]
ActorSlug = Annotated[str, Field(min_length=1, max_length=100)]
