"""The ids of the spec's generators, character steps, primitives, generic kinds and skills, in one enum.

One id, one Python name: ``GeneratorId`` for the type and ``generator`` for a
value (``Plan.generator``, ``Metered.generator``).  The spec's wire name,
``generatorId`` (and ``operation`` in job records), appears only at the JSON
boundary.  A ``StrEnum``: each member *is* its string
(``GeneratorId.UGC_VIDEO == "ugc_video"``), so it goes into JSON, YAML and
registries unchanged, while code names the id once instead of spelling a
literal in every module.
"""

from __future__ import annotations

from enum import StrEnum


class GeneratorId(StrEnum):
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


V1_GENERATOR_IDS: tuple[GeneratorId, ...] = (
    GeneratorId.UGC_VIDEO, GeneratorId.SAAS_REVIEW, GeneratorId.SUBTITLE, GeneratorId.SHOW_YOUR_APP,
    GeneratorId.LAPTOP_UGC, GeneratorId.PRODUCT_ACTING_UGC, GeneratorId.CHARACTER_VIDEO, GeneratorId.TEXT_TO_VIDEO)
SKILL_IDS: tuple[GeneratorId, ...] = (GeneratorId.MAKE_UGC, GeneratorId.MAKE_SUBTITLES, GeneratorId.MAKE_PODCAST)
