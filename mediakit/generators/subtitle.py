"""The ``subtitle`` generator: a local video back with styled, word-timed captions.

A recipe over the stages: probe the input, get word timings (forced alignment
of a transcript, a words JSON, or speech recognition), lay the words out as an
ASS document in the chosen style, and burn it inside one render of the input.
Every check that can fail runs before the render starts, so a bad request
costs nothing and leaves no file behind.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..errors import MediaError, ValidationError
from ..probe import MediaInfo, probe
from ..render import ProgressCallback, check_output_path, render
from ..speech.words import Word
from ..stages.subtitles import build_ass, export_sidecars, get_style
from ..timeline import ASPECTS, AudioClip, Canvas, Timeline, VideoLayer, check_fit

MAX_FPS = Fraction(60)


@dataclass(frozen=True)
class SubtitleResult:
    """What a burn produced: the video, the words it used, and any sidecar files."""

    output: Path
    words: tuple[Word, ...]
    style: str
    width: int
    height: int
    sidecars: tuple[Path, ...] = field(default=())


def burn_subtitles(
    input_path: str | Path,
    output: str | Path,
    *,
    style: str = "hormozi",
    transcript: str | None = None,
    words: Sequence[Word] | None = None,
    aspect: str | None = None,
    fit: str = "cover",
    allow_unaligned: bool = False,
    srt: str | Path | None = None,
    vtt: str | Path | None = None,
    ass: str | Path | None = None,
    words_json: str | Path | None = None,
    progress: ProgressCallback | None = None,
) -> SubtitleResult:
    """Burn captions onto ``input_path`` and write ``output`` (plus optional sidecars).

    Word timings come from ``words`` when given, else from aligning
    ``transcript`` (text, or a path to a text file) to the audio, else from
    speech recognition.  Without ``aspect`` the input keeps its own size and
    frame rate; with one, it is fitted onto that canvas by ``fit``.
    """
    chosen = get_style(style)
    check_fit(fit)
    if aspect is not None and aspect not in ASPECTS:
        raise ValidationError("aspect", aspect, f"must be one of {', '.join(ASPECTS)}")
    check_output_path(output)
    for name, side in (("srt", srt), ("vtt", vtt), ("ass", ass), ("words_json", words_json)):
        if side is not None:
            check_output_path_for(name, side)
    info = probe(input_path)
    if info.video is None or info.video.is_still:
        raise MediaError(input_path, "has no video stream")
    if not info.duration_ms:
        raise MediaError(input_path, "has no known duration")
    canvas = _canvas(info, aspect)
    timed = list(words) if words is not None else _timings(input_path, info, transcript, allow_unaligned)
    if not timed:
        raise MediaError(input_path, "no words to caption: no speech was found and no transcript was given")

    doc = build_ass(timed, chosen, canvas.width, canvas.height)
    with tempfile.TemporaryDirectory(prefix="mediakit-sub-") as tmp:
        ass_path = Path(tmp) / "captions.ass"
        doc.save(str(ass_path))
        timeline = Timeline(
            canvas=canvas,
            duration_ms=info.duration_ms,
            layers=(VideoLayer(path=Path(input_path), fit=fit),),  # type: ignore[arg-type]
            audio=(AudioClip(Path(input_path)),) if info.audio else (),
            subtitles=ass_path,
        )
        out = render(timeline, output, progress=progress)
    sidecars = export_sidecars(timed, chosen, canvas.width, canvas.height, srt=srt, vtt=vtt, ass=ass,
                               words_json=words_json)
    return SubtitleResult(out, tuple(timed), chosen.name, canvas.width, canvas.height, tuple(sidecars))


def check_output_path_for(name: str, path: str | Path) -> None:
    """A sidecar path's folder must exist before the render starts."""
    target = Path(path)
    if not target.parent.exists():
        raise ValidationError(name, str(path), f"its folder {str(target.parent)!r} does not exist")


def _canvas(info: MediaInfo, aspect: str | None) -> Canvas:
    assert info.video is not None
    fps = min(info.video.fps, MAX_FPS) if info.video.fps > 0 else Fraction(30)
    if aspect is not None:
        return Canvas.for_aspect(aspect)
    return Canvas(max(16, info.video.width // 2 * 2), max(16, info.video.height // 2 * 2), fps)


def _timings(path: str | Path, info: MediaInfo, transcript: str | None, allow_unaligned: bool) -> list[Word]:
    from ..speech.timings import transcript_text, word_timings

    text = transcript_text(transcript) if transcript is not None else None
    if info.audio is None:
        raise MediaError(path, "has no audio stream, so words cannot be timed; pass --timings with a words JSON")
    return word_timings(path, text, allow_unaligned=allow_unaligned)
