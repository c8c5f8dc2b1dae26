"""``show_your_app``: an actor presents an app screenshot shown in a phone.

The screenshot moves inside a drawn phone over a blurred copy of itself,
towards what each line of the script is about (it scrolls a full-page
capture, drifts over one that fits); the actor (random when ``actor_slug`` is omitted: ``actor_random``)
speaks the script from a PiP at the bottom left; captions sit in the free
band of the safe area above the phone, clear of its screen, the actor's face
and the platform's UI (``subtitle_style: none`` for none).
Duration 5, 10 or 15 s with at most 3 words per second of script; with
``footage_url`` (an extension) the user's own clip is the PiP's actor and the
voice, and its length the duration.  The rest
of the ad (voice, captions, end card) is the spoken-ad kit's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, model_validator

from ..fetch import SCREEN_IMAGE, Url
from ..generation.casting import cast, script_for
from ..generation.contract import Context
from ..generation.fields import ActorSlug, AppStyle, BedMood, Cta, WebhookUrl
from ..generation.footage import FOOTAGE_URL_HELP, asked, footage_conflict, unscripted
from ..generation.request import RequestModel, seconds_field, spec_error
from ..generation.spoken_ad import (
    SIDECAR_STYLE,
    Picture,
    SpokenAdGenerator,
    SpokenAdPlan,
    canvas_for,
    full_frame_actor,
    light_bed,
    plan_spoken_ad,
)
from ..generator_ids import GeneratorId
from ..stages.actors.talking import SpeechInput
from ..stages.layouts.phone import (
    actor_pip_box,
    check_screenshot,
    phone_shot,
    phone_track,
    screen_motion,
    screen_text,
)
from ..stages.layouts.screen_tour import spoken_lines
from ..stages.subtitles import placement
from ..stages.subtitles.placement import Band, face_band, grown
from ..stages.subtitles.seen import seen_in
from ..timeline import Canvas, KenBurns

DEFAULT_BED = "chill"   # the light bed under the voice when the request names none


class ShowYourAppRequest(RequestModel):
    """``POST /v1/generate/show_your_app``: an actor presenting an app screenshot on a phone."""

    app_screenshot_url: Url = Field(description="A vertical PNG, JPEG or WebP screenshot.")
    script: str | None = Field(None, min_length=5, max_length=3000,
                               description="At most 3 words per second of duration; required unless footage_url "
                                           "is given.")
    actor_slug: ActorSlug | None = Field(None, description="Random when omitted.")
    duration: seconds_field(5, 10, 15) = 5  # type: ignore[valid-type]
    subtitle_style: AppStyle = "hormozi"
    music: BedMood | None = Field(  # type: ignore[valid-type]
        None, description="mediakit extension: the music bed's mood, or none (room tone only); "
                    "a light chill bed when omitted.")
    cta: Cta | None = Field(None, description="mediakit extension: a call to action, spoken last and shown on the "
                                              "end card (at most 100 characters).")
    footage_url: Url | None = Field(None, description=FOOTAGE_URL_HELP)
    webhook_url: WebhookUrl | None = None

    @model_validator(mode="after")
    def _content(self) -> ShowYourAppRequest:
        footage_conflict(self)
        if self.script is None and self.footage_url is None:
            raise spec_error("missing_script", "script", "is required unless footage_url is given")
        return self


@dataclass(frozen=True, kw_only=True)
class ShowYourAppPlan(SpokenAdPlan):
    """The spoken ad's decisions plus the checked screenshot."""

    screenshot: Path


class ShowYourAppGenerator(SpokenAdGenerator[ShowYourAppRequest, ShowYourAppPlan]):
    """show_your_app: the app on a phone, the actor presenting it from a PiP, captions above the phone."""

    id = GeneratorId.SHOW_YOUR_APP
    request_model = ShowYourAppRequest
    description = "An actor presents your app: the screenshot in a phone, the actor in a PiP, captions."

    def plan(self, request: ShowYourAppRequest, context: Context) -> ShowYourAppPlan:
        screenshot = context.fetch(request.app_screenshot_url, field="app_screenshot_url", limits=SCREEN_IMAGE)
        check_screenshot(screenshot)
        decision = unscripted(asked(request, "duration")) if request.footage_url is not None else script_for(
            self.id, script=request.script, duration=request.duration)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context, seed_text=decision.script)
        burn = request.subtitle_style != "none"
        return plan_spoken_ad(
            ShowYourAppPlan, self.id, script=decision, casting=casting, context=context,
            canvas=canvas_for("9:16", context.options.extra.get("preview_height")), duration=request.duration,
            style=request.subtitle_style if burn else SIDECAR_STYLE, burn_captions=burn, screenshot=screenshot,
            cta=request.cta, footage_url=request.footage_url, **light_bed(request.music, DEFAULT_BED))

    def picture(self, plan: ShowYourAppPlan, speech: SpeechInput, workdir: Path) -> Picture:
        """The phone layout with the actor in its PiP; captions off the phone, the app's text and the face."""
        total_ms = plan.total_ms
        motion = screen_motion(plan.screenshot, phone_shot(plan.canvas).screen, total_ms, spoken_lines(speech.words))
        track = phone_track(plan.screenshot, plan.canvas, total_ms, actor=full_frame_actor(plan, speech),
                            motion=motion, cache_dir=workdir)
        faces = seen_in(track.layers[-1:], plan.canvas).faces    # a clip or photo actor's face, found
        return Picture(track, caption_centre(plan.canvas, plan.style, plan.screenshot, motion, faces))


def caption_centre(canvas: Canvas, style: str, screenshot: Path, motion: KenBurns,
                   faces: Sequence[Band] = ()) -> float:
    """The captions' centre (px): as near the style's place as a band of the safe area off the phone and the
    PiP's face allows; failing that, off the app's text on the screen (the picture analysis', wherever the
    capture scrolls) and the face; never on the face."""
    pip = actor_pip_box(canvas)
    face_top, face_bottom = face_band(pip.w, pip.h)
    faces = [grown(band, canvas.height) for band in ((pip.y + face_top, pip.y + face_bottom), *faces)]
    body = phone_shot(canvas).body
    return placement.caption_centre(canvas, style, [grown((body.y, body.y + body.h), canvas.height), *faces],
                                    [*screen_text(screenshot, canvas, motion), *faces], faces)
