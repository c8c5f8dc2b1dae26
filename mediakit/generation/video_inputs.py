"""The video request's inputs checked against the catalog's rules for the chosen model and mode.

The rules are data (``presets/models.yaml``, each mode's ``inputs``); this
module applies them in two passes so a bad request costs as little as
possible:

1. :func:`field_problems` needs no file: counts, required inputs, inputs
   that need another beside them, refused prompt wording.  The generator
   reports every problem in one ``ValidationError`` (``details`` lists them).
2. :func:`fetch_inputs` fetches each file once (size and format sniffed by
   ``mediakit.fetch``) and probes it: frame pixels and ratio, clip length,
   resolution and rate, audio length, and the totals of each list.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError

from ..catalog import ASPECTS, InputRule, VideoMode
from ..engines.base import RATIOS
from ..errors import MediaError, ValidationError
from ..fetch import MB, Limits
from ..probe import probe
from .contract import Context

LIST_FIELDS = ("refs", "video_refs", "audio_refs")
FRAME_FIELDS = ("first_frame", "last_frame")
DEFAULT_MB = {"image": 20, "video": 200, "audio": 50}  # mediakit.fetch's defaults where a rule names none
NTSC_SLACK = 0.03  # 23.976 fps counts as 24, 59.94 as 60


@dataclass(frozen=True)
class Inputs:
    """The request's files, fetched and checked, with what the plan needs from them."""

    first_frame: Path | None = None
    last_frame: Path | None = None
    refs: tuple[Path, ...] = ()
    video_refs: tuple[Path, ...] = ()
    audio_refs: tuple[Path, ...] = ()
    first_frame_size: tuple[int, int] | None = None
    first_image_size: tuple[int, int] | None = None
    first_video_size: tuple[int, int] | None = None
    ref_seconds: float = 0.0


def refused_words(words: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern for ``words`` and their verb forms (add, adds, added, adding; remove, removing...)."""
    forms: set[str] = set()
    for w in words:
        stem = w[:-1] if w.endswith("e") else w
        forms |= {w, f"{w}s", f"{stem}ed", f"{stem}ing"}
    return re.compile(r"\b(" + "|".join(sorted(forms, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def field_problems(request: Any, spec: VideoMode, model: str) -> list[tuple[str, Any, str]]:
    """``(field, value, rule)`` for every rule that needs no file: counts, required and companion inputs,
    refused wording."""
    problems: list[tuple[str, Any, str]] = []
    for name, rule in spec.inputs.items():
        value = getattr(request, name)
        present = bool(value)
        if rule.required and not present:
            problems.append((name, None, f"is required in {spec.mode} mode"))
        if rule.max_items is not None and isinstance(value, list) and len(value) > rule.max_items:
            problems.append((name, len(value), f"must hold at most {rule.max_items} items on {model}"))
        if present and rule.needs_one_of and not any(getattr(request, other) for other in rule.needs_one_of):
            others = " or ".join(rule.needs_one_of)
            problems.append((name, None, f"need an image or video reference beside them ({others}) on {model}"))
        if present and rule.refuses_words and isinstance(value, str):
            found = refused_words(rule.refuses_words).search(value)
            if found:
                problems.append((name, found.group(0), f"must not ask to edit or extend ({found.group(0)!r}) in a "
                                 f"{spec.mode} prompt on {model}: the provider reclassifies and fails such a task; "
                                 "describe the new clip instead"))
    return problems


def fetch_inputs(request: Any, spec: VideoMode, context: Context) -> Inputs:
    """Every input file fetched and checked against its rule; what the plan needs from them."""
    found: dict[str, Any] = {}
    for name in FRAME_FIELDS:
        rule = spec.input(name)
        value = getattr(request, name)
        if rule is None or value is None:
            continue
        path = context.fetch(value, field=name, limits=limits_for(rule))
        size = _check_image(path, name, rule)
        found[name] = path
        if name == "first_frame":
            found["first_frame_size"] = size
    for name in LIST_FIELDS:
        rule = spec.input(name)
        values = getattr(request, name)
        if rule is None or not values:
            continue
        paths, seconds = [], 0.0
        for i, value in enumerate(values):
            field = f"{name}[{i}]"
            path = context.fetch(value, field=field, limits=limits_for(rule))
            if rule.kind == "image":
                size = _check_image(path, field, rule)
                found.setdefault("first_image_size", size)
            else:
                seconds += _check_timed(path, field, rule, found)
            paths.append(path)
        if rule.total_seconds is not None and seconds > rule.total_seconds + 0.05:
            raise ValidationError(name, round(seconds, 2), f"must last at most {rule.total_seconds:g} s in total")
        found[name] = tuple(paths)
        if name == "video_refs":
            found["ref_seconds"] = round(seconds, 3)
    return Inputs(**found)


def limits_for(rule: InputRule) -> Limits:
    """What ``mediakit.fetch`` accepts for an input of ``rule``: its kind, formats and size (a default per kind)."""
    mb = rule.max_mb if rule.max_mb is not None else DEFAULT_MB[rule.kind]
    return Limits((rule.kind,), int(mb * MB), tuple(rule.formats))


def _check_image(path: Path, field: str, rule: InputRule) -> tuple[int, int]:
    try:
        with Image.open(path) as im:
            width, height = im.size
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(path, f"is not an image Pillow can read ({exc})", field=field) from None
    if rule.pixels is not None:
        low, high = rule.pixels.min, rule.pixels.max
        if not (low <= width <= high and low <= height <= high):
            raise MediaError(path, f"is {width}x{height}; each side must be {low:g} to {high:g} px", field=field)
    if rule.ratio is not None:
        ratio = width / height
        if not rule.ratio.min <= ratio <= rule.ratio.max:
            raise MediaError(path, f"has a width/height ratio of {ratio:.2f}; it must be {rule.ratio.min:g} to "
                             f"{rule.ratio.max:g}", field=field)
    return width, height


def _check_timed(path: Path, field: str, rule: InputRule, found: dict[str, Any]) -> float:
    """A clip's or sound's length (and a clip's resolution and rate) against the rule; its seconds."""
    info = probe(path)
    if rule.kind == "video" and (info.video is None or info.video.is_still):
        raise MediaError(path, "has no video stream", field=field)
    if rule.kind == "audio" and info.audio is None:
        raise MediaError(path, "has no audio stream", field=field)
    if not info.duration_ms:
        raise MediaError(path, "has no known duration", field=field)
    seconds = info.duration_ms / 1000
    span = rule.item_seconds
    if span is not None and not span.min - 0.05 <= seconds <= span.max + 0.05:
        raise MediaError(path, f"lasts {seconds:.2f} s; each must last {span.min:g} to {span.max:g} s", field=field)
    if info.video is not None and rule.kind == "video":
        width, height = info.video.width, info.video.height
        found.setdefault("first_video_size", (width, height))
        short = min(width, height)
        if rule.short_side is not None and not rule.short_side.min <= short <= rule.short_side.max:
            raise MediaError(path, f"is {width}x{height}; clips must be {rule.short_side.min:g}p to "
                             f"{rule.short_side.max:g}p (shorter side)", field=field)
        fps = float(info.video.fps)
        if rule.fps is not None and not rule.fps.min - NTSC_SLACK <= fps <= rule.fps.max + NTSC_SLACK:
            raise MediaError(path, f"runs at {fps:g} fps; clips must run at {rule.fps.min:g} to "
                             f"{rule.fps.max:g} fps", field=field)
    return seconds


# ---- the aspect of ``aspect_ratio: adaptive`` ------------------------------------------------------------

_PROMPT_ASPECTS = (
    (("vertical", "portrait", "reel", "reels", "tiktok", "story", "stories", "shorts"), "9:16"),
    (("cinematic", "anamorphic", "ultrawide", "ultra-wide", "scope"), "21:9"),
    (("landscape", "horizontal", "widescreen", "youtube"), "16:9"),
    (("square",), "1:1"),
)


# the catalog's aspects (the models': not mediakit's 4:5, which only the local routes draw)
_LISTED = tuple(a for a in ASPECTS if a in RATIOS)


def nearest_aspect(width: int, height: int) -> str:
    """The listed aspect closest to ``width`` x ``height`` (compared as log ratios, so 2:1 is as far from 1:1
    as 1:2)."""
    ratio = math.log(width / height)
    return min(_LISTED, key=lambda a: abs(math.log(RATIOS[a][0] / RATIOS[a][1]) - ratio))


def adaptive_aspect(inputs: Inputs, prompt: str) -> tuple[str, str]:
    """``adaptive`` resolved: the first frame; else the first video ref, else the first image, else the prompt."""
    for size, source in ((inputs.first_frame_size, "the first frame"), (inputs.first_video_size, "the first video ref"),
                         (inputs.first_image_size, "the first image ref")):
        if size is not None:
            return nearest_aspect(*size), source
    return prompt_aspect(prompt), "the prompt"


def prompt_aspect(prompt: str) -> str:
    """An aspect the prompt names (``16:9``, or words like vertical, widescreen, square), else 9:16."""
    for aspect in _LISTED:
        if re.search(rf"(?<![\d.]){re.escape(aspect)}(?![\d.])", prompt):
            return aspect
    words = set(re.findall(r"[a-z-]+", prompt.lower()))
    for keys, aspect in _PROMPT_ASPECTS:
        if words.intersection(keys):
            return aspect
    return "9:16"
