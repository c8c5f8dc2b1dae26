"""A footage ad's scenes: where its clip ends before the ad, they end on a cutaway rather than its last frame."""

from __future__ import annotations

from pathlib import Path

from mediakit.stages.broll.edit import SentenceEdit, footage_scenes, footage_tail, spoken_durations
from mediakit.stages.broll.scenes import Scene
from mediakit.words import Word

HEARD = "Set white with P2 soon."
WORDS = [Word(text, 400 + 400 * i, 700 + 400 * i) for i, text in enumerate(HEARD.split())]   # 0.4 s to 2.3 s


def _edit(product: Path | None = None, pool: bool = False, pip: bool = False) -> SentenceEdit:
    return SentenceEdit(None, product, pip, pool, False)


def test_a_clip_that_ends_early_cuts_to_b_roll_then_the_product_and_the_cutaway_lasts_from_its_end() -> None:
    scenes = footage_scenes(_edit(pool=True, product=Path("p.png")), (), HEARD, clip_ends=True)
    assert [(s.type, s.tail, s.image) for s in scenes] == [("talking_head", False, None), ("broll", True, None)]
    assert scenes[1].visual_prompt == HEARD   # drawn or from the pool, prompted by what was said
    (_, product) = footage_scenes(_edit(product=Path("p.png")), (), HEARD, clip_ends=True)
    assert (product.image, product.whole, product.tail) == (Path("p.png"), True, True)
    # the clip's own scene lasts as long as the clip (3 s), the cutaway the rest of the 5 s ad
    assert spoken_durations(scenes, WORDS, 3000, 5000) == [3000, 2000]


def test_nothing_is_added_where_there_is_nothing_to_cut_to_or_the_clip_lasts_the_ad() -> None:
    assert footage_scenes(_edit(), (), HEARD, clip_ends=True) == ()
    assert footage_tail(_edit(), ()) is None
    assert footage_scenes(_edit(pool=True), (), HEARD, clip_ends=False) == ()
    requested = (Scene("talking_head", "Set white"), Scene("broll", "with P2", visual_prompt="a lab"),
                 Scene("talking_head", "soon."))
    ending = footage_scenes(None, requested, HEARD, clip_ends=True)
    assert ending[:3] == requested and ending[3].visual_prompt == "a lab" and ending[3].tail   # its last b-roll
    durations = spoken_durations(ending, WORDS, 3000, 5000)
    assert sum(durations[:3]) == 3000 and durations[3] == 2000
    # the requested scenes already end on a cutaway: it takes the rest, as before
    assert footage_scenes(None, requested[:2], HEARD, clip_ends=True) == requested[:2]
    assert spoken_durations(requested[:2], WORDS, 3000, 5000)[-1] > 2000
