"""Scene lists (ugc_video's ``scenes``): talking-head and b-roll shots cut together under one voice.

The voice is one continuous audio track; scenes only decide what is seen.
Each scene's span comes from the word timings of its own text (the cut falls
in the pause between the last word of one scene and the first of the next),
or from a list of durations when no timings exist.  Talking-head scenes show
the actor's clip at the same timeline time (``trim_start_ms`` = scene start),
so lips stay in sync across cuts; b-roll scenes show the scene's image, the
next of ``broll_images``, or a picture the b-roll engine draws from
``visual_prompt``.  In ``pip`` composition the actor stays on screen in a
picture-in-picture over every b-roll scene: it enters once the cross-fade
from the full-frame actor has finished (never two actors at once) and fades
out before the cross-fade back begins (never a one-frame vanish).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field, with_config
from pydantic.json_schema import SkipJsonSchema

from ...errors import ValidationError
from ...fetch import Url
from ...probe import probe
from ...timeline import (
    ActorLayer,
    AudioClip,
    Canvas,
    ImageLayer,
    SceneContent,
    SequenceLayer,
    Track,
    Transition,
    VideoLayer,
    VisualLayer,
)
from ...words import Word
from ..pip import IMAGE_SUFFIXES, PipOptions, clear_position, pip_layer
from ..punch_ins import punch_in
from .image_engine import BrollEngine, LocalStandInEngine, card_band, get_engine
from .kenburns import CROSSFADE, broll_layer, check_broll_images

SceneType = Literal["talking_head", "broll"]
SCENE_TYPES: tuple[str, ...] = get_args(SceneType)
MAX_SCENES = 30
MIN_TRANSITION_MS = 40


if TYPE_CHECKING:
    ImageRef = str | Path
else:  # a request gives an address (validated as a URL field); its plan puts the fetched Path in its place
    ImageRef = Url


def _spoken(text: str) -> str:
    if not text.strip():
        raise ValueError("is required and must not be empty")
    return text


# The one definition of a scene: a request body's ``scenes`` are validated as these
# (:data:`RequestedScene`; the docstring is the JSON Schema's description) and
# the plan hands them on with ``image`` fetched: the request's URL or path as
# given until then, the local file after.
@with_config(ConfigDict(extra="ignore", json_schema_extra={"additionalProperties": True}))
@dataclass(frozen=True)
class Scene:
    """One ``scenes`` item: what is seen while ``text`` is spoken (further properties are allowed)."""

    type: SceneType
    text: Annotated[str, Field(min_length=1, max_length=3000), AfterValidator(_spoken)]
    visual_prompt: Annotated[str | None, Field(min_length=1, max_length=1000)] = None
    image: ImageRef | None = None
    whole: SkipJsonSchema[bool] = False
    """Show the image whole (a product photo): fitted over its own blur, no motion.  The plan's choice."""
    tail: SkipJsonSchema[bool] = False
    """Shown once a footage ad's clip has ended, so it has no words of its own (``edit.footage_ending``).  The
    plan's choice."""

    @property
    def word_count(self) -> int:
        return len(_tokens(self.text))

    @property
    def file(self) -> Path | None:
        """The scene's own picture, fetched (a stage sees a scene only after its plan fetched ``image``)."""
        if isinstance(self.image, str):
            raise TypeError(f"scene image {self.image!r} was never fetched")
        return self.image


PLAN_FIELDS = ("whole", "tail")


def _as_requested(value: Any) -> Any:
    """A request's scene: ``whole`` and ``tail`` are the plan's choice, so a body's are ignored like any extra
    property."""
    return {k: v for k, v in value.items() if k not in PLAN_FIELDS} if isinstance(value, Mapping) else value


RequestedScene = Annotated[Scene, BeforeValidator(_as_requested)]
"""A ``scenes`` item of a request body (a :class:`Scene` without the plan's fields)."""


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"\s+", text.strip()) if re.search(r"\w", t)]


def scene_durations(scenes: Sequence[Scene], words: Sequence[Word], total_ms: int) -> list[int]:
    """Each scene's share of ``total_ms``, cut in the pause before its first spoken word.

    Words are assigned to scenes in order by word count; if the timings hold a
    different number of words than the scene texts (an aligner split or merged
    some), each scene's first word is placed proportionally instead.
    """
    if not scenes:
        raise ValidationError("scenes", [], "must hold at least one scene")
    if not words:
        raise ValidationError("words", [], "word timings are empty; pass scene durations instead")
    counts = [s.word_count for s in scenes]
    total_words = sum(counts)
    cuts: list[int] = []
    seen = 0
    for count in counts[:-1]:
        seen += count
        first = seen if total_words == len(words) else round(seen * len(words) / max(1, total_words))
        first = min(max(first, 1), len(words) - 1)
        cut = (words[first - 1].end_ms + words[first].start_ms) // 2
        cuts.append(min(max(cut, cuts[-1] + 1 if cuts else 1), total_ms - 1))
    bounds = [0, *cuts, total_ms]
    return [b - a for a, b in itertools.pairwise(bounds)]


def fitting_transition(durations: Sequence[int], wanted: Transition) -> Transition:
    """``wanted``, shortened so every scene can hold it (a scene holds half at each end); a cut if none fits."""
    if wanted.kind == "cut" or len(durations) < 2:
        return wanted
    room = min([*durations[1:-1], 2 * durations[0], 2 * durations[-1]])
    d = min(wanted.duration_ms, room)
    return Transition(wanted.kind, d) if d >= MIN_TRANSITION_MS else Transition("cut", 0)


def scene_sequence(scenes: Sequence[Scene], durations: Sequence[int], *, actor: Path | ActorLayer, canvas: Canvas,
                   broll_images: Sequence[Path] = (), engine: BrollEngine | None = None,
                   transition: Transition = CROSSFADE) -> SequenceLayer:
    """The scenes as one full-frame sequence layer."""
    if len(durations) != len(scenes):
        raise ValidationError("durations", list(durations), f"must give one per scene ({len(scenes)})")
    check_broll_images(broll_images)
    pool = list(broll_images)
    box = (canvas.width, canvas.height)
    contents: list[SceneContent] = []
    start = 0
    for n, (scene, dur) in enumerate(zip(scenes, durations, strict=True)):
        if scene.type == "talking_head":
            contents.append(actor_scene(actor, start, dur))
        else:
            source = scene.file or (pool.pop(0) if pool else None)
            if source is None:
                engine = engine or get_engine()
                source = engine.generate(scene.visual_prompt or scene.text, canvas.width, canvas.height)
            contents.append(ImageLayer(path=source, duration_ms=dur, fit="blur") if scene.whole
                            else broll_layer(source, dur, n, box))
        start += dur
    return SequenceLayer(scenes=tuple(contents), transition=fitting_transition(durations, transition))


def actor_scene(actor: Path | ActorLayer, start_ms: int, duration_ms: int) -> VideoLayer | ImageLayer | ActorLayer:
    """The actor full-frame for one scene, at the same time in its talking track as on the timeline.

    ``actor`` is a clip or a still, or a drawn actor's layer (animated in the
    final render from ``start_ms`` on).
    """
    if not isinstance(actor, Path):
        return replace(actor, start_ms=0, box=None, duration_ms=duration_ms, trim_start_ms=start_ms)
    if actor.suffix.lower() in IMAGE_SUFFIXES:
        return ImageLayer(path=actor, duration_ms=duration_ms)
    return VideoLayer(path=actor, duration_ms=duration_ms, trim_start_ms=start_ms)


def broll_spans(scenes: Sequence[Scene], durations: Sequence[int]) -> list[tuple[int, int]]:
    """(start, duration) of each run of consecutive b-roll scenes: one PiP each, so it does not re-enter."""
    spans: list[tuple[int, int]] = []
    start, run_start = 0, None
    for scene, dur in zip(scenes, durations, strict=True):
        if scene.type == "broll" and run_start is None:
            run_start = start
        elif scene.type != "broll" and run_start is not None:
            spans.append((run_start, start - run_start))
            run_start = None
        start += dur
    if run_start is not None:
        spans.append((run_start, start - run_start))
    return spans


def scenes_track(scenes: Sequence[Scene], *, voice: Path, actor: Path | ActorLayer, canvas: Canvas,
                 words: Sequence[Word] | None = None, durations: Sequence[int] | None = None,
                 pip: PipOptions | None = None, pip_actor: Path | ActorLayer | None = None,
                 broll_images: Sequence[Path] = (), broll_model: str | None = None, transition: Transition = CROSSFADE,
                 cache_dir: Path | None = None, punch_words: Sequence[Word] = ()) -> Track:
    """Scenes cut together over the continuous ``voice``; with ``pip`` the actor stays on over b-roll, in the
    corner that keeps clear of the b-roll's faces and subject (``pip.clear_position``).

    Give ``words`` (timings of the whole script) or ``durations`` (one per
    scene).  ``pip_actor`` is the actor's clip framed for the PiP box (the
    full-frame ``actor`` otherwise).  Either is a clip, a still, or a drawn
    actor's layer (``stages.actors.talking.placeable``).  With ``punch_words``
    (the voice's timed words) the full-frame actor punches in on them inside
    its scenes (``stages.punch_ins``); the PiP keeps its one framing.
    """
    if durations is None:
        total = probe(voice).duration_ms
        if total is None:
            raise ValidationError("voice", str(voice), "has no duration")
        if words is None:
            raise ValidationError("scenes", None, "need word timings or a list of scene durations")
        durations = scene_durations(scenes, words, total)
    total = sum(durations)
    engine = get_engine(broll_model) if any(s.type == "broll" for s in scenes) else None
    shots = [(sum(durations[:n]), sum(durations[:n + 1])) for n, s in enumerate(scenes) if s.type == "talking_head"]
    shown = punch_in(actor, punch_words, shots) if punch_words and shots else actor
    seq = scene_sequence(scenes, durations, actor=shown, canvas=canvas, broll_images=broll_images,
                         engine=engine, transition=transition)
    layers: list[VisualLayer] = [seq]
    if pip is not None:
        pip = clear_position(pip, canvas, [layer for scene, layer in zip(scenes, seq.scenes, strict=True)
                                           if scene.type == "broll"])
        for start, dur in pip_spans(scenes, durations, seq.transition.duration_ms):
            layers += pip_layer(pip_actor or actor, pip, canvas, start, dur, trim_start_ms=start,
                                leaves=start + dur < total, cache_dir=cache_dir)
    return Track(tuple(layers), total, (AudioClip(voice),))


def pip_spans(scenes: Sequence[Scene], durations: Sequence[int], transition_ms: int) -> list[tuple[int, int]]:
    """Where the PiP shows: each b-roll run, minus the half cross-fade at each end that meets the actor."""
    total = sum(durations)
    half = transition_ms // 2
    spans = []
    for start, dur in broll_spans(scenes, durations):
        a = start + half if start > 0 else start
        b = start + dur - half if start + dur < total else start + dur
        if b - a > 2 * half:
            spans.append((a, b - a))
    return spans


def drawn_scenes(scenes: Sequence[Scene], broll_images: Sequence[Path]) -> int:
    """How many b-roll scenes the b-roll engine draws: those with no image of their own, past the pool's."""
    return max(0, sum(s.type == "broll" and s.image is None for s in scenes) - len(broll_images))


def card_words(scenes: Sequence[Scene], broll_images: Sequence[Path], broll_model: str | None,
               canvas: Canvas) -> list[tuple[float, float]]:
    """The band (px) where the local stand-in writes a b-roll card's words when it draws one of ``scenes``:
    what captions keep clear of."""
    if not drawn_scenes(scenes, broll_images) or not isinstance(get_engine(broll_model), LocalStandInEngine):
        return []
    _, top, _, bottom = card_band(canvas.width, canvas.height)
    return [(top, bottom)]
