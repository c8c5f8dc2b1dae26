"""One job in several aspects (``mediakit generate ... --aspects 9:16,4:5,1:1``): planned once, the voice
spoken once, each aspect placed and rendered on its own canvas.

A feed wants 4:5, stories and reels 9:16, a square grid 1:1; making the three
from one request should not mean three scripts, three voices and three
picture analyses.  The request is parsed and planned once (its own
``aspect_ratio`` is replaced: the aspects named here are the job's shapes),
then the generator's ``build_aspects`` speaks the voice, makes the bed and mixes
them once and asks its picture for each canvas (the picture analysis is
cached per input, so every canvas reads the first one's).  Each aspect is its
own output, named for it (``ad.mp4`` -> ``ad_9x16.mp4``, ``ad_4x5.mp4``...),
with its own sidecars and poster beside it; one receipt (``ad.receipt.json``)
lists every output.

What it costs (``metered``): one job whose steps are one render per aspect,
each priced as the spec prices that generator's render of the billed length
(the spec has no price for a second framing of the same ad); a script written
from a prompt is written, and priced, once.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..media_io import check_output_path, write_text
from ..progress import ProgressCallback, span
from ..timeline import Canvas, aspect_tag
from .contract import Generator, Metered, Options, Plan, Receipt
from .registry import generator_names, get_generator
from .run import Outputs, check_targets, plan_job, write_built
from .spoken_ad import canvas_for

if TYPE_CHECKING:
    from ..catalog import RunStats

OPTION = "aspects"   # the field (the CLI's --aspects) every error here names


@dataclass(frozen=True)
class AspectsResult:
    """What a several-aspect job delivered: each aspect's output and the files beside it, and the one receipt."""

    outputs: dict[str, Path]
    files: dict[str, dict[str, Path]]
    receipt: dict[str, Any]
    receipt_path: Path | None
    plan: Plan


def parse_aspects(value: str | Sequence[str], generator: str | Generator[Any, Any]) -> tuple[str, ...]:
    """``9:16,4:5`` (or a list) as the aspects ``generator`` renders, in order; a ValidationError naming
    ``aspects`` and the values allowed otherwise (before anything is planned or charged)."""
    gen = get_generator(generator) if isinstance(generator, str) else generator
    text = value if isinstance(value, str) else ",".join(value)
    asked = tuple(a.strip() for a in text.split(","))
    if not gen.aspects:
        able = [n for n in generator_names() if get_generator(n).aspects]
        raise ValidationError(OPTION, text, f"{gen.id} renders one aspect per job; several aspects work on "
                                            f"{', '.join(able)}")
    bad = next((a for a in asked if a not in gen.aspects), None)
    if bad is not None:
        raise ValidationError(OPTION, text, f"must be a comma-separated list of {', '.join(gen.aspects)} "
                                            f"({bad!r} is not one)")
    if len(set(asked)) != len(asked):
        raise ValidationError(OPTION, text, "names an aspect twice")
    return asked


def aspect_outputs(output: str | Path, aspects: Sequence[str]) -> dict[str, Path]:
    """Each aspect's output file: ``ad.mp4`` -> ``ad_9x16.mp4``, ``ad_4x5.mp4``..."""
    out = Path(output)
    return {a: out.with_name(f"{out.stem}_{aspect_tag(a)}{out.suffix}") for a in aspects}


def metered_aspects(metered: Metered, count: int) -> Metered:
    """One job of ``count`` renders, each metered as the plan's; a script written from a prompt counts once."""
    renders = tuple(replace(metered, script_generated=metered.script_generated and n == 0) for n in range(count))
    return Metered(generator=metered.generator, seconds=metered.seconds, script_generated=metered.script_generated,
                   steps=renders)


@dataclass(frozen=True)
class AspectsPlan:
    """One job planned for several aspects: the generator's plan (metered as one render per aspect, so the
    runner quotes it like any plan) and the canvas of each aspect."""

    plan: Plan
    canvases: dict[str, Canvas]


def plan_aspects(generator: str | Generator[Any, Any], body: Mapping[str, Any], aspects: str | Sequence[str], *,
                 options: Options | None = None, stats: Mapping[str, RunStats] | None = None
                 ) -> tuple[Generator[Any, Any], AspectsPlan]:
    """The cheap half: the aspects checked, then the request planned once (every check, nothing spoken;
    ``stats`` as ``plan_job`` takes them)."""
    gen = get_generator(generator) if isinstance(generator, str) else generator
    asked = parse_aspects(aspects, gen)
    opts = options or Options()
    if "aspect_ratio" in gen.request_model.model_fields:
        body = {**body, "aspect_ratio": asked[0]}
    gen, plan = plan_job(gen, body, options=opts, stats=stats)
    canvases = {a: canvas_for(a, opts.extra.get("preview_height")) for a in asked}
    return gen, AspectsPlan(replace(plan, metered=metered_aspects(plan.metered, len(asked))), canvases)


def deliver_aspects(gen: Generator[Any, Any], job: AspectsPlan, output: str | Path, *, receipt: Path | None = None,
                    progress: ProgressCallback | None = None) -> AspectsResult:
    """The expensive half: the voice once, then each aspect rendered beside ``output`` and the one receipt
    (``receipt``; default ``output``'s name with ``.receipt.json``)."""
    outs = aspect_outputs(output, tuple(job.canvases))
    files = {a: replace(Outputs.beside(out), receipt=None) for a, out in outs.items()}
    receipt_path = Outputs.beside(output).receipt if receipt is None else receipt
    for a, out in outs.items():
        check_targets(gen, out, files[a])
    if receipt_path is not None:
        check_output_path(receipt_path, field="receipt")
    plan = job.plan
    written: dict[str, dict[str, Path]] = {}
    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix=f"mediakit-{gen.id}-") as tmp:
        built = gen.build_aspects(plan, job.canvases, Path(tmp), span(progress, 0.0, 0.3))
        for n, (a, one) in enumerate(built.items()):
            done, written[a] = write_built(one, outs[a], files[a], Path(tmp) / aspect_tag(a),
                                           span(progress, 0.3 + 0.7 * n / len(built), 0.3 + 0.7 * (n + 1) / len(built)))
            notes += [f"{a}: {note}" for note in done]
    receipts = {a: one.receipt or plan.receipt for a, one in built.items()}
    final = next(iter(receipts.values()))
    final = replace(final, notes=(*aspect_notes(receipts), *notes))
    data = {"generator": gen.id, "aspects": list(job.canvases), "outputs": {a: str(p) for a, p in outs.items()},
            **final.to_dict(), "metered": plan.metered.to_dict()}
    if receipt_path is not None:
        write_text(receipt_path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", field="receipt")
    return AspectsResult(outs, written, data, receipt_path, replace(plan, receipt=final))


def aspect_notes(receipts: Mapping[str, Receipt]) -> tuple[str, ...]:
    """The notes of each aspect's receipt as one list: those every aspect has once, then each aspect's own
    (its placement, an upscale its canvas needs) under its name, ``4:5: ...``."""
    first = next(iter(receipts.values()))
    shared = tuple(n for n in first.notes if all(n in r.notes for r in receipts.values()))
    own = tuple(f"{a}: {n}" for a, r in receipts.items() for n in r.notes if n not in shared)
    return (*shared, *own)


def generate_aspects(generator: str | Generator[Any, Any], body: Mapping[str, Any], aspects: str | Sequence[str],
                     output: str | Path, *, options: Options | None = None, receipt: Path | None = None,
                     progress: ProgressCallback | None = None) -> AspectsResult:
    """``generator``'s output for ``body`` in each of ``aspects``, beside ``output`` (see the module's note).

    Every check (the aspects, the request, the inputs, every output's folder)
    runs before the voice is spoken.
    """
    gen = get_generator(generator) if isinstance(generator, str) else generator
    outs = aspect_outputs(output, parse_aspects(aspects, gen))
    for out in outs.values():
        check_targets(gen, out, replace(Outputs.beside(out), receipt=None))
    gen, job = plan_aspects(gen, body, aspects, options=options)
    return deliver_aspects(gen, job, output, receipt=receipt, progress=progress)
