"""ASS output: valid for every style and canvas, timed highlights, safe areas, scaling, escaping."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pysubs2
import pytest

from mediakit.captions import build_ass, escape_text, get_style, pages_for, safe_area, style_names
from mediakit.captions.ass import ass_alpha, ass_color
from mediakit.captions.caption_metrics import CaptionMetrics
from mediakit.ffmpeg import ffmpeg_exe
from mediakit.fonts import fontconfig_env
from mediakit.words import Word

CANVASES = [(1080, 1920), (1080, 1080), (1920, 1080)]
TEXT = ("Stop scrolling! This simple morning habit changed everything about my coffee routine, "
        "and honestly it takes five minutes.")


def spoken(text: str = TEXT) -> list[Word]:
    words, t = [], 100
    for tok in text.split():
        length = 120 + 40 * len(tok)
        words.append(Word(tok, t, t + length))
        t += length + (400 if tok[-1] in ".!?" else 60)
    return words


def anchors(event: pysubs2.SSAEvent) -> list[tuple[float, float]]:
    """Every point an event is anchored at (\\pos, both ends of \\move)."""
    points = [(float(x), float(y)) for x, y in re.findall(r"\\pos\(([-\d.]+),([-\d.]+)\)", event.text)]
    for x1, y1, x2, y2 in re.findall(r"\\move\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)", event.text):
        points += [(float(x1), float(y1)), (float(x2), float(y2))]
    return points


def shown_text(event: pysubs2.SSAEvent) -> str:
    """The text after the event's leading override block."""
    return re.sub(r"^\{[^}]*\}", "", event.text)


def words_at(doc: pysubs2.SSAFile, ms: int) -> dict[str, str]:
    """Word text -> its event's tags, for the word events on screen at ``ms``."""
    return {shown_text(e): e.text for e in doc.events if e.name == "word" and e.start <= ms < e.end}


@pytest.mark.parametrize("name", style_names())
@pytest.mark.parametrize("size", CANVASES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_style_builds_ass_that_pysubs2_reads_back(name: str, size: tuple[int, int]) -> None:
    width, height = size
    words = spoken()
    doc = build_ass(words, name, width, height)
    back = pysubs2.SSAFile.from_string(doc.to_string("ass"), format_="ass")
    assert back.info["PlayResX"] == str(width) and back.info["PlayResY"] == str(height)
    assert back.info["WrapStyle"] == "2" and back.info["ScaledBorderAndShadow"] == "yes"
    assert len(back.events) == len(doc.events)
    for mine, theirs in zip(doc.events, back.events, strict=True):
        assert theirs.text == mine.text
        assert abs(theirs.start - mine.start) <= 10 and abs(theirs.end - mine.end) <= 10
    # every word is drawn, in the style's case, and nothing else is
    texts = {shown_text(e) for e in doc.events if e.name == "word"}
    assert texts == {get_style(name).case.apply(w.text) for w in words}
    assert back.styles["Caption"].fontname == get_style(name).font


@pytest.mark.parametrize("name", [n for n in style_names() if get_style(n).active.is_word_level])
def test_word_level_styles_change_with_the_spoken_word(name: str) -> None:
    words = spoken("we go up")  # short enough to share one page in every style
    doc = build_ass(words, name, 1080, 1920)
    mid = [(w.start_ms + w.end_ms) // 2 for w in words]
    first, second = words_at(doc, mid[0]), words_at(doc, mid[1])
    assert first != second, "the look of the page must change when the next word starts"
    if not get_style(name).active.reveal:
        assert set(first) == set(second) == {get_style(name).case.apply(w.text) for w in words}
    else:  # revealing styles show only what has been said
        assert len(first) == 1 and len(second) == 2


@pytest.mark.parametrize("name", [n for n in style_names() if not get_style(n).active.is_word_level])
def test_static_styles_draw_each_word_once_per_page(name: str) -> None:
    words = spoken()
    doc = build_ass(words, name, 1080, 1920)
    word_events = [e for e in doc.events if e.name == "word"]
    assert len(word_events) == len(words)
    pages = pages_for(words, name, 1080, 1920)
    assert {(e.start, e.end) for e in word_events} == {(p.start_ms, p.end_ms) for p in pages}


def test_karaoke_sweeps_over_each_words_duration() -> None:
    words = spoken("sing along with me")
    doc = build_ass(words, "karaoke", 1080, 1920)
    for word in words:
        (active,) = [e for e in doc.events
                     if e.name == "word" and e.start == word.start_ms and shown_text(e) == word.text]
        assert f"\\kf{round((word.end_ms - word.start_ms) / 10)}" in active.text
        assert ass_color(get_style("karaoke").active.color or "") in active.text


def test_spotlight_dims_the_other_words() -> None:
    words = spoken("only this word")
    doc = build_ass(words, "spotlight", 1080, 1920)
    at = words_at(doc, (words[1].start_ms + words[1].end_ms) // 2)
    assert "\\1a" not in at["this"]
    assert f"\\1a{ass_alpha(0.4)}" in at["only"] and f"\\1a{ass_alpha(0.4)}" in at["word"]


def test_gradient_styles_stack_clipped_bands() -> None:
    doc = build_ass(spoken("hot stuff"), "fire", 1080, 1920)
    bands = [e for e in doc.events if e.name == "band"]
    assert bands and all("\\clip(" in e.text for e in bands)
    assert len({re.search(r"\\1c(&H\w+&)", e.text).group(1) for e in bands}) > 5  # type: ignore[union-attr]


def test_case_is_applied() -> None:
    assert words_at(build_ass([Word("Hello", 0, 500)], "hormozi", 1080, 1920), 100) .keys() == {"HELLO"}
    assert words_at(build_ass([Word("Hello", 0, 500)], "aesthetic", 1080, 1920), 100).keys() == {"hello"}
    assert words_at(build_ass([Word("Hello", 0, 500)], "minimal", 1080, 1920), 100).keys() == {"Hello"}


@pytest.mark.parametrize("name", style_names())
def test_nine_sixteen_keeps_text_in_the_safe_area(name: str) -> None:
    width, height = 1080, 1920
    words = spoken(TEXT + " Incomprehensibilities notwithstanding, supercalifragilisticexpialidocious!")
    doc = build_ass(words, name, width, height)
    area = safe_area(width, height)
    assert area.right <= width * 0.85 and area.bottom <= height * 0.8 and area.top >= height * 0.1
    for event in doc.events:
        if event.name == "band":
            continue  # full-width clip strips, drawn only where the word's glyphs are
        for x, y in anchors(event):
            assert area.left <= x <= area.right and area.top <= y <= area.bottom, (event.name, x, y)
    # the measured extent of every line (not just its anchor) fits too
    metrics = CaptionMetrics(get_style(name), width, height)
    index = 0
    for page in metrics.paginate(words):
        for line in metrics.place(page, index):
            eps = 1e-6
            assert area.left - eps <= line.left - metrics.reach_x
            assert line.right + metrics.reach_x <= area.right + eps
            assert area.top - eps <= line.top - metrics.reach_y
            assert line.bottom + metrics.reach_y <= area.bottom + eps
        index += len(page.words)


def test_text_block_is_centred_horizontally() -> None:
    metrics = CaptionMetrics(get_style("hormozi"), 1080, 1920)
    (page,) = metrics.paginate(spoken("centre me"))
    (line,) = metrics.place(page, 0)
    assert abs((line.left + line.right) / 2 - metrics.area.center_x) < 0.5
    assert metrics.area.center_x == 540


def test_same_look_at_half_resolution() -> None:
    words = spoken("same look at any size")
    big, small = build_ass(words, "hormozi", 1080, 1920), build_ass(words, "hormozi", 540, 960)
    assert big.styles["Caption"].fontsize == pytest.approx(2 * small.styles["Caption"].fontsize, abs=0.2)
    assert big.styles["Caption"].outline == pytest.approx(2 * small.styles["Caption"].outline, abs=0.2)
    for a, b in zip(big.events, small.events, strict=True):
        for (xa, ya), (xb, yb) in zip(anchors(a), anchors(b), strict=True):
            assert xa == pytest.approx(2 * xb, abs=0.3) and ya == pytest.approx(2 * yb, abs=0.3)


def test_overlong_word_is_shrunk_to_fit_not_split() -> None:
    monster = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    doc = build_ass([Word(monster, 0, 1000)], "impact", 1080, 1920)
    (event,) = [e for e in doc.events if e.name == "word"]
    assert shown_text(event) == monster.upper()
    scale = float(re.search(r"\\fscx([\d.]+)", event.text).group(1))  # type: ignore[union-attr]
    assert scale < 100


@pytest.mark.parametrize("raw,escaped", [
    ("{\\b1}bold", "\\{\\b1\\}bold"),
    ("\\{", "\\\u2060\\{"),
    ("a\\Nb", "a\\\u2060Nb"),
    ("x\\ny\\h", "x\\\u2060ny\\\u2060h"),
    ("back\\slash", "back\\slash"),
    ("}{", "\\}\\{"),
])
def test_escape_text(raw: str, escaped: str) -> None:
    assert escape_text(raw) == escaped


def test_user_text_cannot_inject_tags() -> None:
    words = [Word("{\\fs200\\c&H0000FF&}hack", 0, 500), Word("a\\Nb", 500, 900)]
    doc = build_ass(words, "minimal", 1080, 1920)
    for event in doc.events:
        body = shown_text(event)
        # after the one override block we wrote, every brace is escaped and no \N/\n/\h survives
        assert not re.search(r"(?<!\\)[{}]", body), body
        assert not re.search(r"\\[nNh]", body), body


def _render(ass: str, width: int, height: int, ms: int) -> np.ndarray:
    raw = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-f", "lavfi",
         "-i", f"color=black:s={width}x{height}", "-vf", f"setpts=PTS+{ms / 1000}/TB,ass={ass}",
         "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        env=fontconfig_env(), capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(height, width, 3)


@pytest.mark.slow
def test_render_highlight_moves_and_ink_stays_in_the_safe_area(tmp_path: Path) -> None:
    width, height = 270, 480
    words = [Word("ONE", 0, 400), Word("TWO", 420, 800), Word("SIX", 820, 1200)]
    ass = tmp_path / "h.ass"
    build_ass(words, "hormozi", width, height).save(str(ass))
    area = safe_area(width, height)

    def yellow_columns(frame: np.ndarray) -> np.ndarray:
        r, g, b = (frame[..., i].astype(int) for i in range(3))
        return np.nonzero(((r > 200) & (g > 180) & (b < 90)).any(axis=0))[0]

    first, second = _render(str(ass), width, height, 250), _render(str(ass), width, height, 650)
    one, two = yellow_columns(first), yellow_columns(second)
    assert one.size and two.size
    assert one.mean() < two.mean(), "the yellow highlight should move right, from ONE to TWO"
    for frame in (first, second):
        ys, xs = np.nonzero(frame.max(axis=2) > 40)
        assert area.left - 1 <= xs.min() and xs.max() <= area.right + 1
        assert area.top - 1 <= ys.min() and ys.max() <= area.bottom + 1
