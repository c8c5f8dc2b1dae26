"""``saas_review``: ugc_video's talking-head ad about software; ``angle`` shapes the script.

The same recipe and picture as ugc_video (``ugc_video.UgcVideoGenerator``),
with the route's request: no ``product_image_url``, an ``angle``, and a script
that may be written from the product page (``product_url``) alone.
"""

from __future__ import annotations

from pydantic import Field

from ..generation.fields import SaasAngle
from ..generator_ids import GeneratorId
from .ugc_video import TalkingAdRequest, UgcVideoGenerator


class SaasReviewRequest(TalkingAdRequest):
    """``POST /v1/generate/saas_review``: a software review; with only product_url the page is read."""

    angle: SaasAngle | None = Field(None, description="honest, enthusiastic, roast, tutorial or comparison.")  # type: ignore[valid-type]

    def _content_from_product_url(self) -> bool:
        return self.product_url is not None

    def _missing_rule(self) -> str:
        return "is required unless prompt, product_url or footage_url is given"


class SaasReviewGenerator(UgcVideoGenerator):
    """saas_review: the same ad about software; ``angle`` shapes the script; the page can write it."""

    id = GeneratorId.SAAS_REVIEW
    request_model = SaasReviewRequest
    description = "A software review ad: an actor's take (angle) on a product, from a script or its page."
