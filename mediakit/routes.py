"""The names of the spec's generators, character steps, primitives, generic kinds and skills, in one enum.

A ``StrEnum``: each member *is* its string (``Route.UGC_VIDEO == "ugc_video"``),
so it goes into JSON, YAML and registries unchanged, while code names the
route once instead of spelling a literal in every module.
"""

from __future__ import annotations

from enum import StrEnum


class Route(StrEnum):
    """A generatorId of ``/v1/generate/{generatorId}``, a character step, a primitive, a generic kind or a skill."""

    # generator routes
    UGC_VIDEO = "ugc_video"
    SAAS_REVIEW = "saas_review"
    SUBTITLE = "subtitle"
    SHOW_YOUR_APP = "show_your_app"
    LAPTOP_UGC = "laptop_ugc"
    PRODUCT_ACTING_UGC = "product_acting_ugc"
    CHARACTER_VIDEO = "character_video"
    TEXT_TO_VIDEO = "text_to_video"
    # character pipeline steps
    CHARACTER_SHEET = "character_sheet"
    STORYBOARD_SUGGEST = "storyboard_suggest"
    STORYBOARD_GENERATE = "storyboard_generate"
    # primitives (/v1/primitives/...; the sheet primitive is the character_sheet step)
    PORTRAIT_IMAGE_ENGINE = "portrait_image_engine"
    # generic generation (/v2/generate/{kind})
    VIDEO = "video"
    IMAGE = "image"
    AUDIO = "audio"
    # composed skills
    MAKE_UGC = "make_ugc"
    MAKE_SUBTITLES = "make_subtitles"
    MAKE_PODCAST = "make_podcast"


GENERATOR_ROUTES: tuple[Route, ...] = (Route.UGC_VIDEO, Route.SAAS_REVIEW, Route.SUBTITLE, Route.SHOW_YOUR_APP,
                                       Route.LAPTOP_UGC, Route.PRODUCT_ACTING_UGC, Route.CHARACTER_VIDEO,
                                       Route.TEXT_TO_VIDEO)
SKILL_ROUTES: tuple[Route, ...] = (Route.MAKE_UGC, Route.MAKE_SUBTITLES, Route.MAKE_PODCAST)
