"""How a drawn actor acts a delivery: the brows and eyes at rest, on stressed words, and how much the head nods.

A delivery is a product_acting_ugc ``acting_style`` or a voice ``tone``.
Each maps to a face: ``excited`` talks with raised brows and wide eyes and
nods hard, ``calm`` with low easy brows and eased lids and barely nods,
``angry`` and ``dramatic`` knit the brows; every delivery that stresses
words lifts the brows on them (long words, words said with "!", words in
capitals), at most once a second so it reads as emphasis, not a twitch, and
every delivery nods on them (``nods``), as deep as its nod scale; the
shoulders shrug on a word of doubt or a question (``shrugs``); the free arm
points at the product over the line that names it (``naming_line``).
The brows and eyes are one sprite strip (``POSES`` x eye states), so acting
costs the render nothing more than a blink does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...timeline import Dip
from ...words import Word
from .look import EYE_STATES
from .portraits import POSES

STRESS_MS = 450          # how long a stressed word holds the lifted brows
STRESS_GAP_MS = 1000     # at most one lift a second
STRESS_MIN_LETTERS = 7   # a word this long is a content word worth a lift
NOD_MS = 420             # a nod on a stressed word: down and back
NOD_DEPTH = 0.018        # of the rig's unit, at a delivery's nod 1.0
SHRUG_MS = 650           # a shrug: the shoulders up and back
SHRUG_GAP_MS = 1500
SHRUG_DEPTH = 0.03       # of the rig's unit
POINT_MIN_MS = 1200      # a point at the product: held at least this long
SENTENCE_ENDS = (".", "!", "?")
SHRUG_WORDS = frozenset(("maybe", "honestly", "whatever", "perhaps", "dunno", "idk", "guess", "kinda", "meh"))


@dataclass(frozen=True)
class Acting:
    """A delivery's face: the pose at rest, the pose on stressed words (None: no lifts), the nod's scale."""

    pose: str
    stress: str | None
    nod: float


NEUTRAL = Acting("neutral", "raised", 1.0)
DELIVERIES: dict[str, Acting] = {
    # acting styles (product_acting_ugc)
    "raw-selfie": Acting("neutral", "raised", 1.0),
    "shocked": Acting("raised", None, 1.6),
    "angry": Acting("knit", None, 1.5),
    "excited": Acting("raised", None, 1.8),
    "dramatic": Acting("knit", "raised", 1.2),
    "weird-hook": Acting("raised", "knit", 1.6),
    "casual-demo": Acting("soft", "neutral", 0.8),
    "honest-review": Acting("neutral", "knit", 1.0),
    # voice tones
    "energetic": Acting("raised", None, 1.6),
    "calm": Acting("soft", None, 0.5),
    "confident": Acting("neutral", "raised", 1.0),
}


def acting_for(delivery: str | None) -> Acting:
    """The face for ``delivery`` (an acting style or tone); a plain, attentive face for none or an unknown one."""
    return DELIVERIES.get((delivery or "").strip().lower(), NEUTRAL)


def shouted(word: Word) -> bool:
    """An exclamation or a capitalised word: the strongest stress a transcript shows."""
    letters = re.sub(r"[^A-Za-z]", "", word.text)
    return "!" in word.text or (len(letters) > 1 and letters.isupper())


def stressed(words: Sequence[Word]) -> list[tuple[int, int]]:
    """(start, end) of the stressed words' lifts: long, shouted or capitalised words, one a second at most."""
    spans: list[tuple[int, int]] = []
    for word in words:
        if not (len(re.sub(r"[^A-Za-z]", "", word.text)) >= STRESS_MIN_LETTERS or shouted(word)):
            continue
        if spans and word.start_ms < spans[-1][0] + STRESS_GAP_MS:
            continue
        spans.append((word.start_ms, word.start_ms + max(STRESS_MS, word.end_ms - word.start_ms)))
    return spans


def nods(acting: Acting, words: Sequence[Word], unit: float) -> tuple[Dip, ...]:
    """The head's nods: a dip on each stressed word (the spans ``stressed`` lifts the brows on), ``NOD_DEPTH``
    of the rig's ``unit`` deep scaled by the delivery's nod (an excited actor nods hard, a calm one barely)."""
    depth = NOD_DEPTH * unit * acting.nod
    return tuple(Dip(start, min(NOD_MS, max(1, end - start)), depth) for start, end in stressed(words))


def shrugs(words: Sequence[Word], unit: float) -> tuple[Dip, ...]:
    """The shoulders' shrugs: up and back on a word of doubt ("maybe", "honestly") or a question's last word,
    ``SHRUG_DEPTH`` of the rig's ``unit`` high, one every ``SHRUG_GAP_MS`` at most."""
    out: list[Dip] = []
    for word in words:
        bare = re.sub(r"[^a-z']", "", word.text.lower())
        if (bare in SHRUG_WORDS or word.text.rstrip().endswith("?")) and \
                (not out or word.start_ms >= out[-1].start_ms + SHRUG_GAP_MS):
            out.append(Dip(word.start_ms, SHRUG_MS, -SHRUG_DEPTH * unit))
    return tuple(out)


def naming_line(words: Sequence[Word], name: str | None) -> tuple[int, int] | None:
    """(start, end) of the line that first names ``name`` (from the word after the last sentence's end to its
    own sentence's end, at least ``POINT_MIN_MS``): when the actor points at the product.  None when no line
    names it."""
    wanted = [w for w in re.findall(r"[a-z0-9']+", (name or "").lower())]
    bare = [re.sub(r"[^a-z0-9']", "", w.text.lower()) for w in words]
    first = next((i for i in range(len(words)) if wanted and bare[i:i + len(wanted)] == wanted), None)
    if first is None:
        return None
    begin = first
    while begin > 0 and not words[begin - 1].text.rstrip().endswith(SENTENCE_ENDS):
        begin -= 1
    end = first + len(wanted) - 1
    while end < len(words) - 1 and not words[end].text.rstrip().endswith(SENTENCE_ENDS):
        end += 1
    start_ms = words[begin].start_ms
    return start_ms, max(words[end].end_ms, start_ms + POINT_MIN_MS)


def eye_cells(acting: Acting, blinks: Sequence[tuple[str, int, int]],
              words: Sequence[Word]) -> tuple[tuple[int, int, int], ...]:
    """The eye strip's cell over time: ``blinks`` (eye state, start, end) in the resting pose, lifted to the
    stress pose over each stressed word (``POSES`` x ``EYE_STATES``, pose-major)."""
    lifts = stressed(words) if acting.stress else []
    cuts = sorted({t for a, b in lifts for t in (a, b)})
    out: list[tuple[int, int, int]] = []
    for state, a, b in blinks:
        edges = [a, *(t for t in cuts if a < t < b), b]
        for start, end in zip(edges, edges[1:], strict=False):
            lifted = any(x <= start < y for x, y in lifts)
            pose = acting.stress if lifted and acting.stress else acting.pose
            cell = POSES.index(pose) * len(EYE_STATES) + EYE_STATES.index(state)
            if out and out[-1][0] == cell and out[-1][2] == start:
                out[-1] = (cell, out[-1][1], end)
            else:
                out.append((cell, start, end))
    return tuple(out)
