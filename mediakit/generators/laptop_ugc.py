"""``laptop_ugc``: three scenes — the actor behind a laptop showing the app, the app full frame, a face close-up.

The script is split at the sentence boundary nearest its middle: the first
half is said in the laptop shot, the second over the app (a recording plays,
an image scrolls) and then the close-up.  Exactly one of
``app_screen_recording_url`` (mp4/mov, at most 10 MB and 10 s) and
``app_screen_image_url`` (png/jpeg/webp, at most 5 MB); 15 or 20 s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..fetch import SCREEN_IMAGE, SCREEN_RECORDING
from ..render import ProgressCallback
from ..routes import Route
from ..speech.words import Word
from ..stages.layouts.laptop import ScreenInput, check_screen_input, laptop_track, split_script
from ..timeline import ActorLayer, Canvas
from .base import Built, Context, Generator
from .presenter import Picture, PresenterPlan, build_presenter, plan_presenter
from .requests import LaptopUgcRequest
from .talking_ad import canvas_for

CAPTION_AT = 0.17   # captions above the head in all three scenes (below the top UI band; share of the height)
APP_TOP_CLEAR = CAPTION_AT + 0.08  # the app scene starts below the captions (half a page is about 6%, and a margin)


@dataclass(frozen=True, kw_only=True)
class LaptopUgcPlan(PresenterPlan):
    """The presenter plan plus the checked screen input and the words said in the first scene."""

    screen: ScreenInput
    first_words: int


class LaptopUgcGenerator(Generator[LaptopUgcRequest, LaptopUgcPlan]):
    """laptop_ugc: laptop shot, the app full frame, face close-up; the script split between them."""

    id = Route.LAPTOP_UGC
    request_model = LaptopUgcRequest
    description = "Three scenes: the actor at a laptop showing your app, the app full frame, a face close-up."

    def plan(self, request: LaptopUgcRequest, context: Context) -> LaptopUgcPlan:
        recording = image = None
        if request.app_screen_recording_url is not None:
            recording = context.fetch(request.app_screen_recording_url, field="app_screen_recording_url",
                                      limits=SCREEN_RECORDING)
        if request.app_screen_image_url is not None:
            image = context.fetch(request.app_screen_image_url, field="app_screen_image_url", limits=SCREEN_IMAGE)
        screen = check_screen_input(recording, image)
        first, _ = split_script(request.script)
        canvas = canvas_for("9:16", context.options.extra.get("preview_height"))
        style = None if request.subtitle_style == "none" else request.subtitle_style
        return LaptopUgcPlan(screen=screen, first_words=len(first.split()), **plan_presenter(
            self.id, script=request.script, duration=request.duration, actor_slug=request.actor_slug, style=style,
            canvas=canvas, context=context))

    def build(self, plan: LaptopUgcPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return build_presenter(plan, workdir, partial(_laptop, plan.screen, plan.canvas, plan.first_words), progress)


def _laptop(screen: ScreenInput, canvas: Canvas, first_words: int, actor: Path | ActorLayer, words: list[Word],
            total_ms: int, workdir: Path) -> Picture:
    """The three scenes, cut where the first half's last word ends (between its end and the next word)."""
    if 0 < first_words < len(words):
        split_ms = (words[first_words - 1].end_ms + words[first_words].start_ms) // 2
    else:
        split_ms = total_ms // 3
    split_ms = min(max(split_ms, 1500), total_ms - 6000)
    track = laptop_track(actor, screen, canvas, split_ms=split_ms, duration_ms=total_ms, top_clear=APP_TOP_CLEAR,
                         cache_dir=workdir)
    return Picture(track, canvas.height * CAPTION_AT)
