"""The edit of a talking-head ad without given scenes: its sentences cut between the actor and b-roll.

Sentences are the natural places to cut; the ``template`` says how often to
cut away (``CUTAWAY_HEAVY`` templates on every middle sentence, the others
once, mid-way); in a PiP composition every scene is b-roll (the actor is the
PiP); a product photo closes the ad and opens its first cutaway.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ...captions.paginate import sentences
from .scenes import Scene, SceneType

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
