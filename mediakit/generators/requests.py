"""The request bodies of the five video generator routes, field by field from the spec's tables.

Types, lengths, ranges, enums, defaults, "required unless", mutual exclusions;
unknown fields are refused.  Rules that need a fetched file or the pacing of
the script (3 words per second, the 37-word cap) are checked in each
generator's ``plan``, where the inputs are at hand.
"""

from __future__ import annotations

from typing import Literal
from uuid import UUID

from pydantic import Field, field_validator, model_validator

from ..fetch import Url
from ..stages.broll.scenes import MAX_SCENES, RequestedScene
from ..stages.pip import PipOptions
from .fields import (
    ActingStyle,
    ActingTemplate,
    ActorSlug,
    AppStyle,
    Aspect,
    BrollModel,
    Language,
    Mood,
    SaasAngle,
    StyleName,
    Tone,
    UgcTemplate,
    WebhookUrl,
)
from .request import RequestModel, rule_error, seconds_field, spec_error

CTA_MAX_CHARS = 100


class TalkingAdRequest(RequestModel):
    """Fields ugc_video and saas_review share (see each route's table in the spec)."""

    script: str | None = Field(None, min_length=50, max_length=3000,
                               description="What the actor says; required unless prompt (or, on saas_review, "
                                           "product_url) is given.")
    prompt: str | None = Field(None, min_length=1, max_length=1000,
                               description="Write the script from this brief instead (+5 credits).")
    product_url: Url | None = Field(None, description="A product page read for script context.")
    actor_slug: ActorSlug | None = Field(None, description="The actor (see `mediakit actors`).")
    persona_slug: ActorSlug | None = Field(None, description="A named bundle of actor, voice, tone and style "
                                                             "(presets/personas.yaml); fields given here win.")
    face_photo_url: Url | None = Field(None, description="A photo of a face to use as the talking head.")
    voice: str | None = Field(None, max_length=100, description="One of the seven voices or a raw voice id; "
                                                                "the actor's voice when omitted.")
    target_duration: seconds_field(5, 10, 15) | None = Field(  # type: ignore[valid-type]
        None, description="5, 10 or 15 s; estimated from the script when omitted.")
    style: StyleName = Field("hormozi", description="Caption style (one of 17).")  # type: ignore[valid-type]
    tone: Tone | None = None  # type: ignore[valid-type]
    voice_speed: float | None = Field(None, ge=0.7, le=1.5)
    music: Mood | None = Field(None, description="A music bed mood, ducked under the voice.")  # type: ignore[valid-type]
    cta: str | None = Field(None, description="Call to action shown at the end (at most 100 characters).")
    aspect_ratio: Aspect = "9:16"
    template: UgcTemplate | None = None  # type: ignore[valid-type]
    composition_mode: Literal["pip"] | None = None
    pip_options: PipOptions | None = None
    allow_broll: bool = False
    broll_model: BrollModel | None = None
    broll_images: list[Url] = Field(default_factory=list, max_length=10)
    dub_language: Language | None = None
    webhook_url: WebhookUrl | None = None
    scenes: list[RequestedScene] = Field(default_factory=list, max_length=MAX_SCENES)

    @field_validator("cta")
    @classmethod
    def _cta(cls, value: str | None) -> str | None:
        if value is not None and len(value) > CTA_MAX_CHARS:
            raise spec_error("cta_too_long", "cta", f"must be at most {CTA_MAX_CHARS} characters (has {len(value)})")
        return value

    @model_validator(mode="after")
    def _content_and_exclusions(self) -> TalkingAdRequest:
        if self.script is not None and self.prompt is not None:
            raise rule_error("prompt", "give script or prompt, not both")
        if self.script is None and self.prompt is None and not self._content_from_product_url():
            raise spec_error("missing_script", "script", self._missing_rule())
        if self.face_photo_url is not None and self.actor_slug is not None:
            raise rule_error("face_photo_url", "give actor_slug or face_photo_url, not both")
        return self

    def _content_from_product_url(self) -> bool:
        return False

    def _missing_rule(self) -> str:
        return "is required unless prompt is given"


class UgcVideoRequest(TalkingAdRequest):
    """``POST /v1/generate/ugc_video``: a talking-head ad."""

    product_image_url: Url | None = Field(None, description="A product photo shown in the ad.")


class SaasReviewRequest(TalkingAdRequest):
    """``POST /v1/generate/saas_review``: a software review; with only product_url the page is read."""

    angle: SaasAngle | None = Field(None, description="honest, enthusiastic, roast, tutorial or comparison.")  # type: ignore[valid-type]

    def _content_from_product_url(self) -> bool:
        return self.product_url is not None

    def _missing_rule(self) -> str:
        return "is required unless prompt or product_url is given"


class ShowYourAppRequest(RequestModel):
    """``POST /v1/generate/show_your_app``: an actor presenting an app screenshot on a phone."""

    app_screenshot_url: Url = Field(description="A vertical PNG, JPEG or WebP screenshot.")
    script: str = Field(min_length=5, max_length=3000, description="At most 3 words per second of duration.")
    actor_slug: ActorSlug | None = Field(None, description="Random when omitted.")
    duration: seconds_field(5, 10, 15) = 5  # type: ignore[valid-type]
    subtitle_style: AppStyle = "hormozi"
    webhook_url: WebhookUrl | None = None


class LaptopUgcRequest(RequestModel):
    """``POST /v1/generate/laptop_ugc``: laptop shot, scrolling screen, face close-up."""

    app_screen_recording_url: Url | None = Field(None, description="mp4 or mov, at most 10 MB and 10 s.")
    app_screen_image_url: Url | None = Field(None, description="png, jpeg or webp, at most 5 MB.")
    script: str = Field(min_length=5, max_length=3000,
                        description="At most 3 words per second; split at a sentence boundary for the two face "
                                    "shots.")
    actor_slug: ActorSlug | None = Field(None, description="Random when omitted.")
    duration: seconds_field(15, 20) = 20  # type: ignore[valid-type]
    subtitle_style: AppStyle = "hormozi"
    webhook_url: WebhookUrl | None = None

    @model_validator(mode="after")
    def _one_screen(self) -> LaptopUgcRequest:
        given = [n for n in ("app_screen_recording_url", "app_screen_image_url") if getattr(self, n) is not None]
        if len(given) != 1:
            rule = ("give app_screen_recording_url or app_screen_image_url, not both" if given
                    else "is required unless app_screen_image_url is given")
            raise rule_error("app_screen_recording_url", rule)
        return self


class ProductActingRequest(RequestModel):
    """``POST /v1/generate/product_acting_ugc``: an actor acting a scene with a product."""

    product_image_url: Url = Field(description="The product photo.")
    actor_slug: ActorSlug = Field(description="From the actor list.")
    actor_variant_id: UUID | None = None
    product_name: str | None = Field(None, min_length=1, max_length=120)
    product_description: str | None = Field(None, min_length=1, max_length=1000,
                                            description="Required when script is omitted.")
    script: str | None = Field(None, min_length=5, max_length=3000,
                               description="Generated from product_description when omitted (+5 credits).")
    template: ActingTemplate = "product-in-hand"  # type: ignore[valid-type]
    acting_style: ActingStyle = "raw-selfie"  # type: ignore[valid-type]
    visual_style: str | None = Field(None, max_length=200)
    duration: seconds_field(5, 10, 15) = 5  # type: ignore[valid-type]
    subtitles: bool = True
    subtitle_style: AppStyle = "hormozi"
    webhook_url: WebhookUrl | None = None

    @model_validator(mode="after")
    def _content(self) -> ProductActingRequest:
        if self.script is None and self.product_description is None:
            raise spec_error("missing_script", "product_description", "is required when script is omitted")
        return self
