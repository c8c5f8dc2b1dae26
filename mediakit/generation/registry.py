"""The generator registry: the spec's generatorId -> its generator (see ``contract`` for the contract).

``GENERATORS`` maps the spec's generatorId to its generator; ``get_generator``
returns the shared instance, ``generator_names`` lists them.  Plug-ins
register with ``GENERATORS.register(name, cls)`` or the ``mediakit.generators``
entry point group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..registry import Registry
from ..routes import Route

if TYPE_CHECKING:
    from .contract import Generator

GENERATORS: Registry[Generator[Any, Any]] = Registry(
    "generator", "generator", "mediakit.generators",
    {Route.SUBTITLE: "mediakit.generators.subtitle:SubtitleGenerator",
     Route.VIDEO: "mediakit.generators.video:VideoGenerator",
     Route.IMAGE: "mediakit.generators.image:ImageGenerator",
     Route.AUDIO: "mediakit.generators.audio:AudioGenerator",
     Route.UGC_VIDEO: "mediakit.generators.ugc_video:UgcVideoGenerator",
     Route.SAAS_REVIEW: "mediakit.generators.saas_review:SaasReviewGenerator",
     Route.SHOW_YOUR_APP: "mediakit.generators.show_your_app:ShowYourAppGenerator",
     Route.LAPTOP_UGC: "mediakit.generators.laptop_ugc:LaptopUgcGenerator",
     Route.PRODUCT_ACTING_UGC: "mediakit.generators.product_acting_ugc:ProductActingGenerator",
     Route.CHARACTER_SHEET: "mediakit.generators.character_sheet:CharacterSheetGenerator",
     Route.STORYBOARD_SUGGEST: "mediakit.generators.storyboard:StoryboardSuggestGenerator",
     Route.STORYBOARD_GENERATE: "mediakit.generators.storyboard:StoryboardGenerateGenerator",
     Route.PORTRAIT_IMAGE_ENGINE: "mediakit.generators.portrait:PortraitGenerator",
     Route.CHARACTER_VIDEO: "mediakit.generators.character_video:CharacterVideoGenerator",
     Route.TEXT_TO_VIDEO: "mediakit.generators.text_to_video:TextToVideoGenerator",
     Route.MAKE_UGC: "mediakit.skills.make_ugc:MakeUgcSkill",
     Route.MAKE_SUBTITLES: "mediakit.skills.make_subtitles:MakeSubtitlesSkill",
     Route.MAKE_PODCAST: "mediakit.skills.make_podcast:MakePodcastSkill"},
)


def get_generator(name: str) -> Generator[Any, Any]:
    """The generator registered as ``name`` (a ``Generator``); ValidationError listing the names otherwise."""
    return GENERATORS.get(str(name))


def generator_names() -> list[str]:
    return GENERATORS.names()
