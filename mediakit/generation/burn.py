"""``burn_subtitles``: the one-call Python API for burning captions onto a video (issue 2), kept as a thin
call of the ``subtitle`` generator through delivery.

Typical use::

    from mediakit.generation.burn import burn_subtitles
    result = burn_subtitles("talk.mp4", "talk-captioned.mp4", style="karaoke", srt="talk.srt")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..generator_ids import GeneratorId
from ..interop.inputs import Foreign
from ..progress import ProgressCallback
from ..words import Word
from .contract import Options
from .run import Outputs, generate


@dataclass(frozen=True)
class SubtitleResult:
    """What a burn produced: the video, the words it used, and any sidecar files."""

    output: Path
    words: tuple[Word, ...]
    style: str
    width: int
    height: int
    sidecars: tuple[Path, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())


def burn_subtitles(
    input_path: str | Path | Foreign,
    output: str | Path,
    *,
    style: str = "hormozi",
    transcript: str | None = None,
    words: Sequence[Word] | None = None,
    aspect: str | None = None,
    fit: str = "cover",
    allow_unaligned: bool = False,
    asr: str | None = None,
    asr_model: str | None = None,
    language: str | None = None,
    srt: str | Path | None = None,
    vtt: str | Path | None = None,
    ass: str | Path | None = None,
    words_json: str | Path | None = None,
    progress: ProgressCallback | None = None,
) -> SubtitleResult:
    """Burn captions onto ``input_path`` and write ``output`` (plus the sidecars given paths).

    ``input_path`` is a file or URL, or a MoviePy clip with its audio.

    Word timings come from ``words`` when given, else from aligning
    ``transcript`` (text, or a path to a text file) to the audio, else from
    speech recognition (engine ``asr``, default whisper, with ``asr_model``;
    ``language`` for a multilingual model).  Without ``aspect`` the input
    keeps its own size; with one, it is fitted onto that canvas by ``fit``.
    Either way it keeps its own frame rate (a variable-rate input its average).
    """
    opts = Options(transcript=transcript, words=tuple(words) if words is not None else None, aspect=aspect,
                   fit=fit, allow_unaligned=allow_unaligned, asr=asr, asr_model=asr_model, language=language)
    sidecars = Outputs(srt=_path(srt), vtt=_path(vtt), ass=_path(ass), words_json=_path(words_json))
    video = str(input_path) if isinstance(input_path, Path) else input_path  # a clip is written to a file by plan
    result = generate(GeneratorId.SUBTITLE, {"video_url": video, "style": style}, output, options=opts,
                      outputs=sidecars, progress=progress)
    assert result.captions is not None and result.canvas is not None
    c, canvas = result.captions, result.canvas
    order = ("srt", "vtt", "ass", "words_json")
    return SubtitleResult(result.output, c.words, c.style, canvas.width, canvas.height,
                          tuple(result.files[k] for k in order if k in result.files),
                          tuple(result.receipt.get("notes", ())))


def _path(value: str | Path | None) -> Path | None:
    return None if value is None else Path(value)
