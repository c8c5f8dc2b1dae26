"""The ``subtitle`` generator: a video back with styled, word-timed captions.

The template the other generators copy.  ``plan`` fetches and probes the
video, resolves the style, the transcript and the canvas (cheap; a quote
never runs speech recognition); ``build`` times the words (forced alignment
of a transcript, ready word timings, or speech recognition), lays them out as
an ASS document in the chosen style, and returns the timeline that burns it
inside one render of the input.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Literal

from pydantic import Field

from ..analysis import analyse
from ..captions import captions_for, get_style, style_names
from ..captions.caption_metrics import CaptionMetrics
from ..errors import MediaError, ValidationError
from ..fetch import VIDEO, Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.request import RequestModel
from ..generation.upscale import upscale_note
from ..generator_ids import GeneratorId
from ..probe import MediaInfo, probe
from ..progress import ProgressCallback, span
from ..stages.subtitles.placement import caption_centre
from ..stages.subtitles.seen import Seen, luminance_behind
from ..timeline import ASPECTS, AudioClip, Canvas, Timeline, VideoLayer, check_fit
from ..words import Word

MAX_FPS = Fraction(60)
# Rough seconds of work per second of video, only to split the progress bar (see hearing_share).
HEARING_S_PER_S = 0.08
RENDER_S_PER_S = 0.5
StyleName = Literal[tuple(style_names())]  # type: ignore[valid-type]


class SubtitleRequest(RequestModel):
    """``POST /v1/generate/subtitle``: the video and one of the 17 caption styles."""

    video_url: Url = Field(description="The video to caption (https URL, file:// URL or local path).")
    style: StyleName = Field("hormozi", description="One of the 17 subtitle styles.")  # type: ignore[valid-type]


@dataclass(frozen=True, kw_only=True)
class SubtitlePlan(Plan):
    """The probed video, the canvas it is burned onto, and where its words come from."""

    video: Path
    info: MediaInfo
    canvas: Canvas
    fit: str
    style: str
    transcript: str | None
    words: tuple[Word, ...] | None
    allow_unaligned: bool
    asr: str | None = None
    asr_model: str | None = None
    language: str | None = None


class SubtitleGenerator(Generator[SubtitleRequest, SubtitlePlan]):
    id = GeneratorId.SUBTITLE
    request_model = SubtitleRequest
    description = "Burn styled, word-timed captions onto a video (transcript aligned, or speech recognised)."

    def plan(self, request: SubtitleRequest, context: Context) -> SubtitlePlan:
        opts = context.options
        check_fit(opts.fit)
        if opts.aspect is not None and opts.aspect not in ASPECTS:
            raise ValidationError("aspect", opts.aspect, f"must be one of {', '.join(ASPECTS)}")
        video = context.fetch(request.video_url, field="video_url", limits=VIDEO)
        info = probe(video)
        if info.video is None or info.video.is_still:
            raise MediaError(video, "has no video stream", field="video_url")
        if not info.duration_ms:
            raise MediaError(video, "has no known duration", field="video_url")
        transcript = None
        if opts.words is None:
            from ..speech.engines import recognizer
            from ..speech.timings import transcript_text

            transcript = transcript_text(opts.transcript) if opts.transcript is not None else None
            if transcript is None:
                recognizer(opts.asr, model=opts.asr_model)  # an unknown engine or model fails here, before any work
            if info.audio is None:
                raise MediaError(video, "has no audio stream, so words cannot be timed; pass --timings with "
                                 "a words JSON", field="video_url")
        elif not opts.words:
            raise MediaError(video, "no words to caption: the word timings are empty", field="video_url")
        seconds = math.ceil(info.duration_ms / 1000)
        canvas = _canvas(info, opts.aspect)
        enlarged = upscale_note("video_url", (info.video.width, info.video.height), (canvas.width, canvas.height),
                                opts.fit)
        return SubtitlePlan(
            generator=self.id,
            receipt=Receipt(estimated_duration=seconds, subtitle_style=request.style,
                            notes=(enlarged,) if enlarged else ()),
            metered=Metered(generator=self.id, seconds=seconds),
            video=video, info=info, canvas=canvas, fit=opts.fit, style=request.style,
            transcript=transcript, words=opts.words, allow_unaligned=opts.allow_unaligned, asr=opts.asr,
            asr_model=opts.asr_model, language=opts.language)

    def build(self, plan: SubtitlePlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        hearing = plan.words is None and plan.transcript is None
        share = hearing_share(plan.canvas) if hearing else 0.0
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="subtitle-look") as pool:
            looking = pool.submit(caption_place, plan)   # the picture analysis, beside the words' timing
            words, notes = (list(plan.words), ()) if plan.words is not None else _timings(plan,
                                                                                          span(progress, 0, share))
            if not words:
                raise MediaError(plan.video, "no words to caption: no speech was found and no transcript was given",
                                 field="video_url")
            captions = captions_for(words, plan.style, *looking.result())
        timeline = Timeline(
            canvas=plan.canvas,
            duration_ms=plan.info.duration_ms or 0,
            layers=(VideoLayer(path=plan.video, fit=plan.fit),),  # type: ignore[arg-type]
            audio=(AudioClip(plan.video),) if plan.info.audio else (),
            captions=captions,
        )
        return Built(timeline=timeline, captions=captions,
                     poster_ms=words[0].start_ms + 200, rendered_from=share,
                     receipt=replace(plan.receipt, notes=plan.receipt.notes + notes) if notes else None)


def caption_place(plan: SubtitlePlan) -> tuple[float, tuple[float, float]]:
    """Where the pages go (px) and the luminance behind them there: the style's own place unless the footage
    shows a face, text or its subject there; on a letterboxed canvas (``contain``, ``blur``) the bands outside
    the picture come first."""
    analysis = analyse(plan.video, field="video_url")
    seen = Seen()
    seen.add(analysis, plan.fit, plan.canvas.box, plan.canvas)
    centre = caption_centre(plan.canvas, plan.style, *seen.tries())
    half = CaptionMetrics(get_style(plan.style), plan.canvas.width, plan.canvas.height).tallest_page / 2
    return centre, luminance_behind(analysis, plan.fit, plan.canvas.box, plan.canvas, (centre - half, centre + half))


def _canvas(info: MediaInfo, aspect: str | None) -> Canvas:
    """The input's size, or the aspect's standard one; always the input's own frame rate (a variable-rate
    input's average, as probed), so no frame is duplicated or dropped to meet another rate."""
    assert info.video is not None
    fps = min(info.video.fps, MAX_FPS) if info.video.fps > 0 else Fraction(30)
    if aspect is not None:
        return Canvas.for_aspect(aspect, fps)
    return Canvas(max(16, info.video.width // 2 * 2), max(16, info.video.height // 2 * 2), fps)


def hearing_share(canvas: Canvas) -> float:
    """The part of the progress bar speech recognition gets before the render, from their rough costs.

    Per second of video on 2 cores: Whisper tiny.en and the aligner about
    0.08 s, the render about 0.5 s at 1080x1920 30 fps (in proportion to
    pixels per second), so recognition is a sixth of a vertical burn's bar
    and most of a small clip's.
    """
    render = RENDER_S_PER_S * canvas.width * canvas.height * float(canvas.fps) / (1080 * 1920 * 30)
    return HEARING_S_PER_S / (HEARING_S_PER_S + render)


def _timings(plan: SubtitlePlan, progress: ProgressCallback | None) -> tuple[list[Word], tuple[str, ...]]:
    """The words and any notes on how they were timed (stretches left with the recogniser's times)."""
    from ..speech.timings import heard_words, word_timings

    if plan.transcript is None:
        heard = heard_words(plan.video, asr=plan.asr, asr_model=plan.asr_model, language=plan.language,
                            progress=progress)
        return list(heard.words), heard.notes
    return word_timings(plan.video, plan.transcript, allow_unaligned=plan.allow_unaligned,
                        language=plan.language or "en"), ()
