"""saas_review's request: ugc_video's fields less the product photo, plus an angle; the page can write the script."""

from __future__ import annotations

from request_errors import parse_fails

from mediakit.generation.request import parse_request
from mediakit.generators.saas_review import SaasReviewRequest

UGC_BODY = {"script": "I tried this serum for two weeks and my skin has never looked this good, honestly."}


def test_saas_review_takes_product_url_alone_and_an_angle() -> None:
    assert parse_request(SaasReviewRequest, {"product_url": "https://acme.io"}).product_url == "https://acme.io"
    assert parse_fails(SaasReviewRequest, {}).details[0]["rule"] == \
        "is required unless prompt, product_url or footage_url is given"
    assert parse_fails(SaasReviewRequest, {**UGC_BODY, "angle": "sarcastic"}).details[0]["field"] == "angle"
    photo = parse_fails(SaasReviewRequest, {**UGC_BODY, "product_image_url": "x.png"})
    assert photo.details[0]["field"] == "product_image_url"
