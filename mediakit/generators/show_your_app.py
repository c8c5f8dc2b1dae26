"""``show_your_app``: an actor presents an app screenshot shown in a phone.

The screenshot scrolls gently inside a drawn phone over a blurred copy of
itself; the actor (random when ``actor_slug`` is omitted: ``actor_random``)
speaks the script from a PiP at the bottom left; captions sit in the free
band of the safe area above the phone, clear of its screen, the actor's face
and the platform's UI (``subtitle_style: none`` for none).
Duration 5, 10 or 15 s with at most 3 words per second of script.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..fetch import SCREEN_IMAGE
from ..render import ProgressCallback
from ..routes import Route
from ..speech.words import Word
from ..stages.layouts.phone import ACTOR_PIP, check_screenshot, phone_shot, phone_track
from ..stages.pip import pip_box
from ..stages.subtitles.caption_metrics import safe_area
from ..timeline import ActorLayer, Canvas
from .base import Built, Context, Generator
from .presenter import Picture, PresenterPlan, build_presenter, plan_presenter
from .requests import ShowYourAppRequest
from .talking_ad import canvas_for, face_band, free_bands


@dataclass(frozen=True, kw_only=True)
class ShowYourAppPlan(PresenterPlan):
    """The presenter plan plus the checked screenshot."""

    screenshot: Path


class ShowYourAppGenerator(Generator[ShowYourAppRequest, ShowYourAppPlan]):
    """show_your_app: the app on a phone, the actor presenting it from a PiP, captions above the phone."""

    id = Route.SHOW_YOUR_APP
    request_model = ShowYourAppRequest
    description = "An actor presents your app: the screenshot in a phone, the actor in a PiP, captions."

    def plan(self, request: ShowYourAppRequest, context: Context) -> ShowYourAppPlan:
        screenshot = context.fetch(request.app_screenshot_url, field="app_screenshot_url", limits=SCREEN_IMAGE)
        check_screenshot(screenshot)
        canvas = canvas_for("9:16", context.options.extra.get("preview_height"))
        style = None if request.subtitle_style == "none" else request.subtitle_style
        return ShowYourAppPlan(screenshot=screenshot, **plan_presenter(
            self.id, script=request.script, duration=request.duration, actor_slug=request.actor_slug, style=style,
            canvas=canvas, context=context))

    def build(self, plan: ShowYourAppPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return build_presenter(plan, workdir, partial(_phone, plan.screenshot, plan.canvas), progress)


def _phone(screenshot: Path, canvas: Canvas, actor: Path | ActorLayer, words: list[Word], total_ms: int,
           workdir: Path) -> Picture:
    """The phone layout with the actor in its PiP; captions in the safe area's widest band off phone and face."""
    track = phone_track(screenshot, canvas, total_ms, actor=actor, cache_dir=workdir)
    return Picture(track, caption_centre(canvas))


def caption_centre(canvas: Canvas) -> float:
    """The captions' centre (px): the middle of the widest band of the safe area clear of the phone and PiP face."""
    area = safe_area(canvas.width, canvas.height)
    body = phone_shot(canvas).body
    pip = pip_box(ACTOR_PIP, canvas)
    face_top, face_bottom = face_band(pip.w, pip.h)
    keep_out = [(body.y, body.y + body.h), (pip.y + face_top, pip.y + face_bottom)]
    a, b = max(free_bands(area.top, area.bottom, keep_out) or [(area.top, area.bottom)],
               key=lambda band: band[1] - band[0])
    return (a + b) / 2
