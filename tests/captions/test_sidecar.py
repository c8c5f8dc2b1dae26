"""Sidecars: SRT/VTT/ASS/words JSON that round-trip through pysubs2 and match the burned-in pages."""

from __future__ import annotations

import html
from pathlib import Path

import pysubs2
import pytest

from mediakit.captions import (
    build_ass,
    export_sidecars,
    get_style,
    pages_for,
    paginate,
    to_srt,
    to_vtt,
)
from mediakit.errors import ValidationError
from mediakit.words import Word, load_words

WORDS = [Word(t, s, e) for t, s, e in [
    ("Braces", 0, 300), ("{like}", 320, 700), ("this", 720, 900), ("&", 950, 1000), ("<tags>", 1020, 1400),
    ("back\\slash.", 1420, 1900), ("Then", 2600, 2800), ("a", 2820, 2900), ("long", 2920, 3100),
    ("pause", 3120, 3500), ("works", 3520, 3800), ("fine!", 3820, 4100), ("Over", 4200, 4400),
    ("an", 4420, 4500), ("hour", 3_600_000, 3_600_400)]]


def cue_text(event: pysubs2.SSAEvent) -> str:
    return event.text.replace("\\N", "\n")


def test_srt_round_trips_through_pysubs2() -> None:
    pages = pages_for(WORDS, "hormozi", 1080, 1920)
    loaded = pysubs2.SSAFile.from_string(to_srt(pages), format_="srt", keep_html_tags=True)
    assert len(loaded.events) == len(pages)
    for page, event in zip(pages, loaded.events, strict=True):
        assert (event.start, event.end) == (page.start_ms, page.end_ms)
        assert cue_text(event) == page.text()


def test_vtt_round_trips_through_pysubs2() -> None:
    pages = pages_for(WORDS, "karaoke", 1080, 1920)
    text = to_vtt(pages)
    assert text.startswith("WEBVTT\n\n")
    assert "<tags>" not in text and "&lt;tags&gt;" in text  # VTT requires & < > escaped
    loaded = pysubs2.SSAFile.from_string(text, format_="vtt", keep_html_tags=True)
    assert len(loaded.events) == len(pages)
    for page, event in zip(pages, loaded.events, strict=True):
        assert (event.start, event.end) == (page.start_ms, page.end_ms)
        assert html.unescape(cue_text(event)) == page.text()


def test_cues_are_plain_text_with_line_breaks() -> None:
    srt = to_srt(WORDS, "clean")
    assert "\\N" not in srt and "\\an" not in srt and "{\\" not in srt
    pages = paginate(WORDS, get_style("clean").rules)
    assert any(len(p.lines) > 1 for p in pages)
    assert pages[0].text() in srt  # multi-line text, lines joined by newlines


def test_sidecars_keep_words_as_written() -> None:
    assert "Braces" in to_srt(WORDS, "hormozi") and "BRACES" not in to_srt(WORDS, "hormozi")


def test_words_paginate_with_the_style_rules() -> None:
    assert to_srt(WORDS, "minimal") == to_srt(paginate(WORDS, get_style("minimal").rules))
    assert to_srt(WORDS, "minimal") != to_srt(WORDS, "hormozi")


def test_timestamps_format() -> None:
    srt, vtt = to_srt(WORDS), to_vtt(WORDS)
    assert "00:00:00,000 --> " in srt and "01:00:00,000 --> 01:00:00,600" in srt
    assert "00:00:00.000 --> " in vtt and "01:00:00.000 --> 01:00:00.600" in vtt


def test_mixed_input_is_rejected() -> None:
    pages = paginate(WORDS, get_style("hormozi").rules)
    with pytest.raises(ValidationError, match="all Page or all Word"):
        to_srt([pages[0], WORDS[0]])  # type: ignore[arg-type]


def test_empty_input() -> None:
    assert to_srt([]) == ""
    assert to_vtt([]).strip() == "WEBVTT"


def test_export_sidecars_writes_what_is_asked(tmp_path: Path) -> None:
    out = export_sidecars(WORDS, "tiktok", 1080, 1920, srt=tmp_path / "c.srt", vtt=tmp_path / "c.vtt",
                          ass=tmp_path / "c.ass", words_json=tmp_path / "w.json")
    assert out == [tmp_path / "c.srt", tmp_path / "c.vtt", tmp_path / "c.ass", tmp_path / "w.json"]
    assert all(p.is_file() for p in out)
    assert load_words(tmp_path / "w.json") == WORDS

    pages = pages_for(WORDS, "tiktok", 1080, 1920)
    srt = pysubs2.load(str(tmp_path / "c.srt"), keep_html_tags=True)
    assert [(e.start, e.end) for e in srt.events] == [(p.start_ms, p.end_ms) for p in pages]

    built = build_ass(WORDS, "tiktok", 1080, 1920)
    ass = pysubs2.load(str(tmp_path / "c.ass"))
    assert len(ass.events) == len(built.events)
    for mine, theirs in zip(built.events, ass.events, strict=True):
        assert theirs.text == mine.text and theirs.name == mine.name
        assert abs(theirs.start - mine.start) <= 10 and abs(theirs.end - mine.end) <= 10
    # every page's words are on screen, in ASS, from the page start to its end (to 10 ms)
    for page in pages:
        events = [e for e in ass.events if e.name == "word" and page.start_ms - 10 <= e.start < page.end_ms]
        assert abs(min(e.start for e in events) - page.start_ms) <= 10
        assert abs(max(e.end for e in events) - page.end_ms) <= 10


def test_export_sidecars_writes_nothing_unasked(tmp_path: Path) -> None:
    assert export_sidecars(WORDS, "hormozi", 1080, 1920) == []
    assert list(tmp_path.iterdir()) == []
