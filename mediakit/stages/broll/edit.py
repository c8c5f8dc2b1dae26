"""The edit of a talking-head ad without given scenes: its sentences cut between the actor and b-roll.

Sentences are the natural places to cut; the ``template`` says how often to
cut away (``CUTAWAY_HEAVY`` templates on every middle sentence, the others
once, mid-way); in a PiP composition every scene is b-roll (the actor is the
PiP); a product photo closes the ad and opens its first cutaway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ...captions.paginate import sentences
from ...words import Word
from .scenes import Scene, SceneType, scene_durations

# templates that cut to b-roll on every middle sentence; the others cut away once, mid-way
CUTAWAY_HEAVY = frozenset({"product-demo", "product-review", "listicle", "saas-review", "before-after"})


@dataclass(frozen=True)
class SentenceEdit:
    """How an ad's sentences are cut into scenes: the choices made once, when the ad is planned.

    ``has_pool``: b-roll images were given; ``can_draw``: the b-roll engine
    may draw the cutaways that have no image.  Kept in the plan, so a footage
    ad is cut at the sentences heard in its clip once they are recognised (at
    build), where its script's sentences would mean nothing.
    """

    template: str | None
    product: Path | None
    pip: bool
    has_pool: bool
    can_draw: bool

    @property
    def cuts_away(self) -> bool:
        """Whether there is anything to cut away to (else the ad is one talking-head track)."""
        return self.pip or self.product is not None or self.has_pool or self.can_draw

    def scenes(self, script: str) -> tuple[Scene, ...]:
        """The sentences of ``script`` as scenes; none (one talking-head track) when nothing is cut away to."""
        if not self.cuts_away:
            return ()
        product, has_pool, can_draw = self.product, self.has_pool, self.can_draw
        parts = sentences(script)
        heavy = self.template in CUTAWAY_HEAVY or self.pip
        kinds: list[SceneType] = []
        for i in range(len(parts)):
            middle = 0 < i < len(parts) - 1
            cut = self.pip or (middle and (heavy or i == len(parts) // 2))
            kinds.append("broll" if cut else "talking_head")
        if product is not None and "broll" not in kinds and len(parts) > 1:
            kinds[-1] = "broll"   # the product closes the ad
        if "broll" not in kinds:
            return ()
        cutaways = [i for i, kind in enumerate(kinds) if kind == "broll"]
        product_at = {cutaways[0], cutaways[-1]} if product is not None else set()
        scenes: list[Scene] = []
        for i, (text, kind) in enumerate(zip(parts, kinds, strict=True)):
            if kind == "broll" and (i in product_at or not (has_pool or can_draw)):
                scene = (Scene("broll", text, image=product, whole=True) if product is not None
                         else Scene("talking_head", text))
            else:
                scene = Scene(kind, text, visual_prompt=text if kind == "broll" else None)
            scenes.append(scene)
        return merged(scenes)


def footage_tail(edit: SentenceEdit | None, requested: Sequence[Scene], heard: str = "the clip") -> Scene | None:
    """The shot a footage ad cuts to once its clip has ended, so that the clip's last frame is never held: the
    ``requested`` scenes' last b-roll, else the edit's b-roll (the pool's or drawn, prompted by the words
    ``heard``), else its product shown whole; None when there is nothing to cut away to."""
    if edit is None:
        return next((s for s in reversed(requested) if s.type == "broll"), None)
    if edit.has_pool or edit.can_draw:
        return Scene("broll", heard, visual_prompt=heard)
    return None if edit.product is None else Scene("broll", heard, image=edit.product, whole=True)


def footage_scenes(edit: SentenceEdit | None, requested: Sequence[Scene], heard: str, *,
                   clip_ends: bool) -> tuple[Scene, ...]:
    """A footage ad's scenes: cut by ``edit`` at the sentences ``heard`` in its clip, else as ``requested``.

    Where its clip ends before the ad does (``clip_ends``) they end on the
    ``footage_tail`` from there (after the actor, when there was no scene),
    unless they already end on a cutaway.
    """
    scenes = edit.scenes(heard) if edit is not None else tuple(requested)
    tail = footage_tail(edit, requested, heard) if clip_ends and heard else None
    if tail is None or (scenes and scenes[-1].type == "broll"):
        return scenes
    return (*(scenes or (Scene("talking_head", heard),)), replace(tail, tail=True))


def spoken_durations(scenes: Sequence[Scene], words: Sequence[Word], speech_ms: int, total_ms: int) -> list[int]:
    """Each scene's share of ``total_ms``: cut at its words (``scene_durations``), the last one lasting to the end,
    or a footage ad's cutaway (``footage_ending``) from where its clip (``speech_ms``) ends."""
    if not scenes[-1].tail:
        durations = scene_durations(scenes, words, speech_ms)
        return [*durations[:-1], durations[-1] + total_ms - sum(durations)]
    return [*spoken_durations(scenes[:-1], words, speech_ms, speech_ms), total_ms - speech_ms]


def merged(scenes: list[Scene]) -> tuple[Scene, ...]:
    """Neighbouring scenes that show the same thing joined into one (no cross-fade from a shot into itself)."""
    out: list[Scene] = []
    for scene in scenes:
        prev = out[-1] if out else None
        same = prev is not None and prev.type == scene.type and (
            scene.type == "talking_head" or (scene.image is not None and prev.image == scene.image))
        if prev is not None and same:
            out[-1] = replace(prev, text=f"{prev.text} {scene.text}")
        else:
            out.append(scene)
    return tuple(out)
