"""Run a generator end to end: parse, plan, build, render, then the receipt, sidecars and poster.

``plan_job`` is the cheap half (the runner quotes from it); ``deliver`` the
expensive half; ``generate`` both.  Delivery is all-or-nothing for the main
output: it is rendered to a temporary file and renamed into place, and the
files around it (receipt JSON, .srt, .vtt, words JSON, poster PNG) are each
written atomically after it.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..ffmpeg import run_ffmpeg
from ..interop.inputs import as_files
from ..media_io import atomic_path, check_output_path, write_text
from ..progress import span
from ..render import render
from ..timeline import Canvas, Captions
from .contract import Built, Context, Generator, Options, Plan, ProgressCallback
from .publish import publish_all
from .registry import GENERATORS, get_generator

if TYPE_CHECKING:
    from ..catalog import RunStats

# What a process that runs jobs imports once before its first (this module and every registered generator's),
# derived from the registry so renaming or adding a generator needs no edit elsewhere.
PRELOAD: tuple[str, ...] = (__name__, *GENERATORS.modules())


@dataclass(frozen=True)
class Outputs:
    """Where the files around the main output go; None skips one.

    ``beside(output)`` puts them next to it: ``ad.mp4`` gets ``ad.receipt.json``,
    ``ad.srt``, ``ad.vtt``, ``ad.words.json`` and ``ad.poster.png``.
    """

    receipt: Path | None = None
    srt: Path | None = None
    vtt: Path | None = None
    ass: Path | None = None
    words_json: Path | None = None
    poster: Path | None = None

    @classmethod
    def beside(cls, output: str | Path) -> Outputs:
        out = Path(output)
        stem = out.with_suffix("")
        return cls(receipt=Path(f"{stem}.receipt.json"), srt=out.with_suffix(".srt"), vtt=out.with_suffix(".vtt"),
                   words_json=Path(f"{stem}.words.json"), poster=Path(f"{stem}.poster.png"))

    def paths(self) -> dict[str, Path]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Result:
    """What a run delivered: the output, its receipt (as JSON data) and the files beside it."""

    output: Path
    receipt: dict[str, Any]
    files: dict[str, Path]
    plan: Plan
    captions: Captions | None = None
    canvas: Canvas | None = None   # the rendered frame size (None for audio and pass-through outputs)


def plan_job(generator: str | Generator[Any, Any], body: Mapping[str, Any], *,
             options: Options | None = None, stats: Mapping[str, RunStats] | None = None
             ) -> tuple[Generator[Any, Any], Plan]:
    """Parse and plan ``body`` for ``generator``: every check, nothing rendered (``stats`` for ``model: auto``).

    A MoviePy clip or pydub segment in ``body`` or as the voice-over is
    written to a file first (``mediakit.interop``), so generators see paths.
    """
    gen = get_generator(generator) if isinstance(generator, str) else generator
    request = gen.parse(as_files(body))
    opts = options or Options()
    if opts.voiceover is not None:
        opts = replace(opts, voiceover=Path(as_files(opts.voiceover)))
    return gen, gen.plan(request, Context(opts, stats or {}))


def generate(generator: str | Generator[Any, Any], body: Mapping[str, Any], output: str | Path, *,
             options: Options | None = None, outputs: Outputs | None = None,
             progress: ProgressCallback | None = None, stats: Mapping[str, RunStats] | None = None) -> Result:
    """Make ``generator``'s output for request ``body`` at ``output``, with the files ``outputs`` names.

    ``outputs`` defaults to :meth:`Outputs.beside`.  Every check (request,
    inputs, output folders) runs before any expensive step.
    """
    out = Path(output)
    files = Outputs.beside(out) if outputs is None else outputs
    gen = get_generator(generator) if isinstance(generator, str) else generator
    check_targets(gen, out, files)
    gen, plan = plan_job(gen, body, options=options, stats=stats)
    return deliver(gen, plan, out, outputs=files, progress=progress)


def deliver(gen: Generator[Any, Any], plan: Plan, output: str | Path, *, outputs: Outputs | None = None,
            progress: ProgressCallback | None = None) -> Result:
    """Build and render a plan, then write the files around the output."""
    out = Path(output)
    files = Outputs.beside(out) if outputs is None else outputs
    check_targets(gen, out, files)
    with tempfile.TemporaryDirectory(prefix=f"mediakit-{gen.id}-") as tmp:
        built = gen.build(plan, Path(tmp), progress)
        notes, written = write_built(built, out, files, Path(tmp), span(progress, built.rendered_from, 1.0))
    final = built.receipt or plan.receipt
    final = replace(final, notes=(*final.notes, *notes)) if notes else final
    receipt = final.to_dict()
    if files.receipt is not None:
        data = {"generator": gen.id, "output": str(out), **receipt, "metered": plan.metered.to_dict()}
        if built.extra_files:
            data["outputs"] = [str(out), *(str(p) for k, p in written.items() if k.startswith("output-"))]
        written["receipt"] = write_text(files.receipt, json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                        field="receipt")
    return Result(out, receipt, written, replace(plan, receipt=final), built.captions,
                  built.timeline.canvas if built.timeline is not None else None)


def write_built(built: Built, out: Path, files: Outputs, workdir: Path,
                progress: ProgressCallback | None) -> tuple[tuple[str, ...], dict[str, Path]]:
    """Render ``built`` to ``out`` and write the files beside it that ``files`` names (all but the receipt):
    the receipt notes its delivery steps made, and the files written by kind."""
    written: dict[str, Path] = {}
    _deliver_main(built, out, progress)
    notes = _after_render(built, out, workdir)
    for n, extra in enumerate(built.extra_files, start=2):
        target = out.with_name(f"{out.stem}-{n}{out.suffix}")
        with atomic_path(target) as part:
            shutil.copyfile(extra, part)
        written[f"output-{n}"] = target
    if built.captions is not None and built.timeline is not None:  # Built holds no captions without one
        from ..captions import export_sidecars, get_style

        c, canvas = built.captions, built.timeline.canvas
        for path in export_sidecars(c.words, get_style(c.style), canvas.width, canvas.height, srt=files.srt,
                                    vtt=files.vtt, ass=files.ass, words_json=files.words_json):
            written[_kind_of(path, files)] = path
    if files.poster is not None and built.timeline is not None:
        written["poster"] = poster_frame(out, files.poster, at_ms=_poster_ms(built))
    return notes, written


POSTER_PNG_LEVEL = 3
"""zlib level of the poster PNG.

The poster is taken after the render, so its time adds to every video's
wall time: at level 3 a 1080x1920 frame is written in about 0.19 s instead
of 0.34 s (ffmpeg's default, 6) for a file about 11% larger (1.22 MB
against 1.10 MB for the ugc_video sample).
"""


def poster_frame(video: Path, target: Path, *, at_ms: int) -> Path:
    """One frame of ``video`` as a PNG (the gallery's and platforms' cover image)."""
    with atomic_path(target, field="poster") as tmp:
        run_ffmpeg(["-ss", f"{at_ms / 1000:.3f}", "-i", str(video), "-frames:v", "1", "-update", "1",
                    "-c:v", "png", "-compression_level", str(POSTER_PNG_LEVEL), "-f", "image2", "-y", str(tmp)],
                   what=f"extracting a poster frame of {video}")
    return target


def _deliver_main(built: Built, out: Path, progress: ProgressCallback | None) -> None:
    if built.timeline is not None:
        render(built.timeline, out, profile=built.profile, progress=progress)
        return
    assert built.file is not None
    with atomic_path(out) as tmp:
        shutil.copyfile(built.file, tmp)
    if progress is not None:
        progress(1.0)


def _after_render(built: Built, out: Path, workdir: Path) -> tuple[str, ...]:
    """The delivery steps ``built`` asks for once ``out`` is rendered; receipt notes saying what they did."""
    if built.keep_at is not None:
        with atomic_path(built.keep_at) as part:
            shutil.copyfile(out, part)
    if built.publish is None:
        return ()
    named = workdir / built.publish.name
    shutil.copyfile(out, named)
    return tuple(f"published to {p}" for p in publish_all(named, built.publish.caption, built.publish.to))


def _poster_ms(built: Built) -> int:
    assert built.timeline is not None
    if built.poster_ms is not None:
        return max(0, min(built.poster_ms, built.timeline.duration_ms - 1))
    return built.timeline.duration_ms // 3


def check_targets(gen: Generator[Any, Any], out: Path, files: Outputs) -> None:
    """Refuse an output ``gen`` cannot write (another kind of file, a folder that is not there) before any work."""
    check_output_path(out)
    if out.suffix.lower() != gen.output_suffix:
        raise ValidationError("output", str(out), f"must end in {gen.output_suffix} ({gen.id} writes "
                              f"{gen.output_suffix.lstrip('.').upper()})")
    for name, path in files.paths().items():
        check_output_path(path, field=name)
        if path.resolve() == out.resolve():
            raise ValidationError(name, str(path), "must differ from the output")


def _kind_of(path: Path, files: Outputs) -> str:
    for name, target in files.paths().items():
        if Path(target) == Path(path):
            return name
    return path.suffix.lstrip(".")
