"""The end card: the call to action, shown while it is said, on one designed look for every talking generator.

The voice says the ``cta`` as its last line and the card comes in with it,
for at most ``MAX_CARD_MS`` (a card is a pay-off, not a pause): ugc_video and
saas_review show the CTA, product_acting_ugc the product's name (or its
``cta``), and an ad without either shows the script's closing line
(``closing_line``) only when a long quiet follows the last word (a recorded
voiceover shorter than its bucket).

The look, where the captions were (off the face): a deep panel that rises
into place with a soft shadow, the text scaling up on it, and an accent bar
that grows under the text; the text then keeps a slow sway, so the last
frames are never a still.

The text is measured with the font the render draws (Pillow and ffmpeg read
the same bundled file), shrunk to fit the safe width, and broken onto a
second line when one line would be too small to read on a phone.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

from ..captions.caption_metrics import safe_area
from ..captions.paginate import sentences
from ..fonts import font_file
from ..timeline import Animation, Box, Canvas, ColorLayer, Hover, Shadow, TextLayer, VisualLayer
from ..words import Word

MAX_CARD_MS = 2000    # the longest a card stays: it comes in with the spoken cta, or this long before the end
BEAT_MS = 200         # from the last word to the card
MIN_CARD_MS = 200     # a shorter remainder gets no card (it would flash)
FONT = "Inter"
SIZE = 0.08           # text height, share of the short side
MIN_SIZE = 0.045      # below this one line is too small on a phone: break onto two
PANEL = "#1e1b4b@0.92"   # deep indigo, translucent: reads over any picture
ACCENT = "#fbbf24"       # amber bar under the text
RISE = Animation("slide-up", 300)
GROW = Animation("scale", 350)
ACCENT_DELAY_MS = 150    # the bar grows in just after the panel has risen
JOINERS = frozenset({"and", "but", "so", "or", "because", "then"})   # dropped from a closing clause's first word


def last_word_end(words: list[Word], speech_ms: int) -> int:
    """When the card comes in: a beat after the last word (the engine's trailing pause is not waited out)."""
    return min(speech_ms, words[-1].end_ms + BEAT_MS) if words else speech_ms


def end_card(text: str | None, canvas: Canvas, *, centre_y: float, start_ms: int,
             total_ms: int) -> list[VisualLayer]:
    """The card from ``start_ms`` to the end, centred on ``centre_y`` (px); none without text or time."""
    if not text or not text.strip() or total_ms - start_ms < MIN_CARD_MS:
        return []
    w, h = canvas.width, canvas.height
    area = safe_area(w, h)
    lines, size = fit_lines(text.strip(), round(area.width), min(w, h))
    line_h = round(size * 1.25)
    height = max(round(min(w, h) * 0.24), line_h * len(lines) + size) // 2 * 2
    top = round(min(max(centre_y - height / 2, area.top), area.bottom - height))
    duration = total_ms - start_ms
    short = min(w, h)
    layers: list[VisualLayer] = [ColorLayer(color=PANEL, box=Box(0, top, w, height), start_ms=start_ms,
                                            duration_ms=duration, enter=RISE, shadow=Shadow(0, 8, 16, 0.5))]
    first = top + (height - line_h * len(lines)) // 2 - round(size * 0.15)
    sway = Hover(dx=0, dy=max(1, round(short * 0.004)), period_ms=1800)
    for i, line in enumerate(lines):
        layers.append(TextLayer(text=line, font=FONT, box=Box(0, first + i * line_h, w, line_h), start_ms=start_ms,
                                duration_ms=duration, size_px=size, outline_px=max(1, size // 16), enter=GROW,
                                hover=sway))
    bar_w, bar_h = round(w * 0.3) // 2 * 2, max(2, round(short * 0.012)) // 2 * 2
    bar_at = start_ms + ACCENT_DELAY_MS
    if total_ms - bar_at >= MIN_CARD_MS:
        layers.append(ColorLayer(color=ACCENT, box=Box((w - bar_w) // 2, first + len(lines) * line_h, bar_w, bar_h),
                                 start_ms=bar_at, duration_ms=total_ms - bar_at, enter=GROW))
    return layers


def closing_line(script: str, canvas: Canvas) -> str:
    """The card's text for an ad without one: the script's last sentence (its pay-off), else its last clause
    that reads on a phone.

    A long closing sentence would shrink to unreadable text on the card, so
    the clauses after its commas, semicolons or dashes are tried from the
    longest; the last clause is used when none reads well.
    """
    parts = sentences(script)
    last = parts[-1] if parts else script
    words = last.split()
    cuts = [i + 1 for i, word in enumerate(words[:-1]) if word[-1] in ",;:" or words[i + 1] in ("-", "\u2014")]
    candidates = [last, *(_clause(words[i:]) for i in cuts)]
    return next((text for text in candidates if readable(text, canvas)), candidates[-1])


def _clause(words: list[str]) -> str:
    """A trailing clause as a line of its own: no leading dash or joining word, first letter capitalised."""
    while words and (words[0] in ("-", "\u2014") or words[0].casefold() in JOINERS):
        words = words[1:]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def readable(text: str, canvas: Canvas) -> bool:
    """Whether ``text`` fits the card at a size readable on a phone (at least ``MIN_SIZE``, two lines at most)."""
    short = min(canvas.width, canvas.height)
    _, size = fit_lines(text.strip(), round(safe_area(canvas.width, canvas.height).width), short)
    return size >= round(short * MIN_SIZE)


def fit_lines(text: str, width: int, short_side: int) -> tuple[list[str], int]:
    """The text as one line, or two balanced lines, and the largest font size (px) that fits ``width``.

    ``width`` is the safe area's, so the card's text clears the platform's
    button column as captions do; sizes are shares of the frame's short side.
    """
    best, floor = max(12, round(short_side * SIZE)), max(10, round(short_side * MIN_SIZE))
    one = _fitting_size(text, width, best)
    words = text.split()
    if one >= floor or len(words) < 2:
        return [text], max(one, 10)
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    lines = [" ".join(words[:cut]), " ".join(words[cut:])]
    return lines, max(10, min(_fitting_size(line, width, best) for line in lines))


def _fitting_size(line: str, width: int, largest: int) -> int:
    """The largest size up to ``largest`` at which ``line`` in bold Inter is at most ``width`` px wide."""
    measured = _width(line, 100)
    return min(largest, int(width * 100 / measured)) if measured else largest


@lru_cache(maxsize=256)
def _width(line: str, size: int) -> float:
    font = ImageFont.truetype(str(font_file(FONT, bold=True)), size)
    return float(font.getlength(line))
