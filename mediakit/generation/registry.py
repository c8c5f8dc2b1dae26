"""The generator registry: the spec's generatorId -> its generator (see ``contract`` for the contract).

``GENERATORS`` maps the spec's generatorId to its generator; ``get_generator``
returns the shared instance, ``generator_names`` lists them.  Plug-ins
register with ``GENERATORS.register(name, cls)`` or the ``mediakit.generators``
entry point group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..generator_ids import GeneratorId
from ..registry import Registry

if TYPE_CHECKING:
    from .contract import Generator

GENERATORS: Registry[Generator[Any, Any]] = Registry(
    "generator", "generator", "mediakit.generators",
    {GeneratorId.SUBTITLE: "mediakit.generators.subtitle:SubtitleGenerator",
     GeneratorId.VIDEO: "mediakit.generators.video:VideoGenerator",
     GeneratorId.IMAGE: "mediakit.generators.image:ImageGenerator",
     GeneratorId.AUDIO: "mediakit.generators.audio:AudioGenerator",
     GeneratorId.UGC_VIDEO: "mediakit.generators.ugc_video:UgcVideoGenerator",
     GeneratorId.SAAS_REVIEW: "mediakit.generators.saas_review:SaasReviewGenerator",
     GeneratorId.SHOW_YOUR_APP: "mediakit.generators.show_your_app:ShowYourAppGenerator",
     GeneratorId.LAPTOP_UGC: "mediakit.generators.laptop_ugc:LaptopUgcGenerator",
     GeneratorId.PRODUCT_ACTING_UGC: "mediakit.generators.product_acting_ugc:ProductActingGenerator",
     GeneratorId.CHARACTER_SHEET: "mediakit.generators.character_sheet:CharacterSheetGenerator",
     GeneratorId.STORYBOARD_SUGGEST: "mediakit.generators.storyboard:StoryboardSuggestGenerator",
     GeneratorId.STORYBOARD_GENERATE: "mediakit.generators.storyboard:StoryboardGenerateGenerator",
     GeneratorId.PORTRAIT_IMAGE_ENGINE: "mediakit.generators.portrait:PortraitGenerator",
     GeneratorId.CHARACTER_VIDEO: "mediakit.generators.character_video:CharacterVideoGenerator",
     GeneratorId.TEXT_TO_VIDEO: "mediakit.generators.text_to_video:TextToVideoGenerator",
     GeneratorId.MAKE_UGC: "mediakit.skills.make_ugc:MakeUgcSkill",
     GeneratorId.MAKE_SUBTITLES: "mediakit.skills.make_subtitles:MakeSubtitlesSkill",
     GeneratorId.MAKE_PODCAST: "mediakit.skills.make_podcast:MakePodcastSkill"},
)


def get_generator(name: str) -> Generator[Any, Any]:
    """The generator registered as ``name`` (a ``Generator``); ValidationError listing the names otherwise."""
    return GENERATORS.get(str(name))


def generator_names() -> list[str]:
    return GENERATORS.names()
