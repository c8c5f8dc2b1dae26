"""``laptop_ugc``: three scenes — the actor behind a laptop showing the app, the app full frame, a face close-up.

The script is split at the sentence boundary nearest its middle: the first
half is said in the laptop shot, the second over the app (a recording plays,
an image moves towards what each line is about) and then the close-up.  Exactly one of
``app_screen_recording_url`` (mp4/mov, at most 10 MB and 10 s) and
``app_screen_image_url`` (png/jpeg/webp, at most 5 MB); 15 or 20 s.  With
``footage_url`` (an extension) the user's clip is the actor and the voice,
its heard words split between the scenes.  The rest
of the ad (voice, captions, end card) is the spoken-ad kit's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, model_validator

from ..captions import get_style, pages_for
from ..captions.caption_metrics import CaptionMetrics
from ..fetch import SCREEN_IMAGE, SCREEN_RECORDING, Url
from ..generation.casting import cast, script_for
from ..generation.contract import Context
from ..generation.fields import ActorSlug, AppStyle, BedMood, Cta, WebhookUrl
from ..generation.footage import FOOTAGE_URL_HELP, asked, footage_conflict, unscripted
from ..generation.request import RequestModel, rule_error, seconds_field, spec_error
from ..generation.spoken_ad import (
    SIDECAR_STYLE,
    Picture,
    SpokenAdGenerator,
    SpokenAdPlan,
    canvas_for,
    clip_at_least,
    full_frame_actor,
    light_bed,
    plan_spoken_ad,
)
from ..generator_ids import GeneratorId
from ..stages.actors.talking import SpeechInput
from ..stages.broll.scenes import actor_scene
from ..stages.layouts.laptop import (
    FACE,
    MIN_FACE_MS,
    TRANSITION,
    ScreenInput,
    app_lines,
    check_screen_input,
    close_up,
    laptop_overlay,
    laptop_track,
    scene_times,
    scrolled_text,
    split_script,
    sticky_band,
)
from ..stages.layouts.screen_tour import spoken_lines
from ..stages.subtitles.placement import CLEARANCE, Band, caption_centre, face_band, grown
from ..stages.subtitles.seen import seen_in
from ..timeline import ActorLayer, Crop
from ..words import Word

SAMPLE_MS = 100     # how often a page's time is sampled for where the scrolling app's text is
DEFAULT_BED = "chill"   # the light bed under the voice when the request names none
FOOTAGE_SECONDS = 15    # a footage ad's length unless duration is given: the shorter one, which holds any clip
MIN_APP_MS = 1000       # the app scene's least (``scene_times``)
SHORTEST_MS = 500 + MIN_APP_MS + MIN_FACE_MS   # a footage ad that ends with its clip: the three scenes at their least


class LaptopUgcRequest(RequestModel):
    """``POST /v1/generate/laptop_ugc``: laptop shot, scrolling screen, face close-up."""

    app_screen_recording_url: Url | None = Field(None, description="mp4 or mov, at most 10 MB and 10 s.")
    app_screen_image_url: Url | None = Field(None, description="png, jpeg or webp, at most 5 MB.")
    script: str | None = Field(None, min_length=5, max_length=3000,
                               description="At most 3 words per second; split at a sentence boundary for the two "
                                           "face shots; required unless footage_url is given.")
    actor_slug: ActorSlug | None = Field(None, description="Random when omitted.")
    duration: seconds_field(15, 20) = 20  # type: ignore[valid-type]
    subtitle_style: AppStyle = "hormozi"
    music: BedMood | None = Field(  # type: ignore[valid-type]
        None, description="mediakit extension: the music bed's mood, or none (room tone only); "
                    "a light chill bed when omitted.")
    cta: Cta | None = Field(None, description="mediakit extension: a call to action, spoken last and shown on the "
                                              "end card (at most 100 characters).")
    footage_url: Url | None = Field(None, description=FOOTAGE_URL_HELP + " Priced as 15 s unless duration is "
                                                                        "given.")
    webhook_url: WebhookUrl | None = None

    @model_validator(mode="after")
    def _one_screen(self) -> LaptopUgcRequest:
        footage_conflict(self)
        if self.script is None and self.footage_url is None:
            raise spec_error("missing_script", "script", "is required unless footage_url is given")
        given = [n for n in ("app_screen_recording_url", "app_screen_image_url") if getattr(self, n) is not None]
        if len(given) != 1:
            rule = ("give app_screen_recording_url or app_screen_image_url, not both" if given
                    else "is required unless app_screen_image_url is given")
            raise rule_error("app_screen_recording_url", rule)
        return self


@dataclass(frozen=True, kw_only=True)
class LaptopUgcPlan(SpokenAdPlan):
    """The spoken ad's decisions plus the checked screen input and the words said in the first scene."""

    screen: ScreenInput
    first_words: int


class LaptopUgcGenerator(SpokenAdGenerator[LaptopUgcRequest, LaptopUgcPlan]):
    """laptop_ugc: laptop shot, the app full frame, face close-up; the script split between them."""

    id = GeneratorId.LAPTOP_UGC
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
        if request.footage_url is not None:   # the clip's own words, split once timed (``picture``)
            first_words = 0
            decision = unscripted(asked(request, "duration") or FOOTAGE_SECONDS)
        else:
            first_words = len(split_script(request.script or "")[0].split())
            decision = script_for(self.id, script=request.script, duration=request.duration)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context, seed_text=decision.script)
        burn = request.subtitle_style != "none"
        plan = plan_spoken_ad(
            LaptopUgcPlan, self.id, script=decision, casting=casting, context=context,
            canvas=canvas_for("9:16", context.options.extra.get("preview_height")), duration=request.duration,
            style=request.subtitle_style if burn else SIDECAR_STYLE, burn_captions=burn, screen=screen,
            cta=request.cta, footage_url=request.footage_url, **light_bed(request.music, DEFAULT_BED),
            first_words=first_words)
        clip_at_least(plan, SHORTEST_MS, "footage_url" if request.footage_url else "actor_slug",
                      "a laptop shot, the app and a face close-up")
        return plan

    def picture(self, plan: LaptopUgcPlan, speech: SpeechInput, workdir: Path) -> Picture:
        """The three scenes, cut where the first half's last word ends (between its end and the next word);
        captions off the actor's face, the laptop and the app's text (see ``caption_place``)."""
        words, total_ms = speech.words, plan.total_ms
        if plan.own_words and len(words) > 1:   # footage: its own words, split now they are timed
            first = len(split_script(" ".join(w.text for w in words))[0].split())
        else:
            first = plan.first_words
        split_ms = (words[first - 1].end_ms + words[first].start_ms) // 2 if 0 < first < len(words) else total_ms // 3
        # the app and the close-up keep 6 s, or their least in a footage ad that ends with its short clip
        latest = total_ms - (6000 if total_ms >= 7500 else MIN_APP_MS + MIN_FACE_MS)
        split_ms = min(max(split_ms, min(1500, latest)), latest)
        actor = full_frame_actor(plan, speech)
        centre, face, sticky = caption_place(plan, actor, words, split_ms, workdir)
        track = laptop_track(actor, plan.screen, plan.canvas, split_ms=split_ms, duration_ms=total_ms, face=face,
                             sticky=sticky, lines=spoken_lines(words), look=plan.casting.actor.drawn_look,
                             cache_dir=workdir)
        return Picture(track, centre)


def caption_place(plan: LaptopUgcPlan, actor: Path | ActorLayer, words: Sequence[Word], split_ms: int,
                  workdir: Path) -> tuple[float, Crop, Band | None]:
    """Where the captions sit (centre, px), the close-up that keeps the head under them, and the app scene's
    sticky band behind the captions (top, bottom px; None for none).

    One centre serves the three scenes: as near the style's own place as a
    band clear of the actor's face (drawn, or found by the picture analysis
    in a clip) and of the laptop allows.  In the close-up the head is framed
    clear of the captions (below them, or above them where they sit under the
    chin: ``close_up``).  In the app scene the capture's text,
    as the analysis finds it and as it scrolls while each page is shown
    (``scrolled_text``), must not pass under a page: where it would, the
    scene gets a sticky header or footer in the app's colour behind the
    captions (``sticky_band``).
    """
    canvas, total_ms = plan.canvas, plan.total_ms
    first, second, _ = scene_times(split_ms, total_ms)
    faces = [grown(band, canvas.height) for band in (face_band(canvas.width, canvas.height),
                                                     *seen_in([actor_scene(actor, 0, first)], canvas).faces)]
    laptop = laptop_overlay(plan.screen, canvas, first, workdir)[1].box
    assert laptop is not None
    centre = caption_centre(canvas, plan.style, [*faces, grown((laptop.y, canvas.height), canvas.height)], faces)
    if not plan.burn_captions:
        return centre, FACE, None
    tallest = CaptionMetrics(get_style(plan.style), canvas.width, canvas.height).tallest_page
    kept = (centre - tallest / 2 - CLEARANCE * canvas.height, centre + tallest / 2 + CLEARANCE * canvas.height)
    lead = TRANSITION.duration_ms // 2
    shown = [t - first + lead for page in pages_for(words, plan.style, canvas.width, canvas.height)
             if page.end_ms > first - lead and page.start_ms < first + second + lead
             for t in range(page.start_ms, page.end_ms + 1, SAMPLE_MS)]
    text = scrolled_text(plan.screen, canvas, second, shown, app_lines(spoken_lines(words), first))
    band = sticky_band(canvas, kept)
    crossed = any(a < band[1] and b > band[0] for a, b in text)
    return centre, close_up(canvas, kept), band if crossed else None
