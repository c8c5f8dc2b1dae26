"""The batch gallery, read back with ``html.parser``: cards, players by output kind, escaping, URLs, totals."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from PIL import Image

from runner.gallery import write_gallery

HOSTILE_ID = "<script>alert('id')</script>"
HOSTILE_ERROR = "bad input <img src=x onerror=alert(1)> & \"quotes\""
VOID = {"meta", "img", "br", "hr", "input", "link", "source", "track", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    text: str = ""


@dataclass
class Card:
    attrs: dict[str, str | None]
    elements: list[Element] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> list[Element]:
        return [e for e in self.elements if e.tag == tag]


class Page(HTMLParser):
    """Every element with its attributes and text (its descendants' too); those inside an ``<article>`` by card."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.cards: list[Card] = []
        self.text = ""
        self._open: list[Element] = []
        self._card: Card | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.elements.append(element)
        if tag == "article":
            self._card = Card(element.attrs)
            self.cards.append(self._card)
        elif self._card is not None:
            self._card.elements.append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._card = None
        if self._open and self._open[-1].tag == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        self.text += data
        for element in self._open:
            element.text += data
        if self._card is not None:
            self._card.text += data

    def find(self, tag: str) -> list[Element]:
        return [e for e in self.elements if e.tag == tag]


def row(id_: str, status: str = "completed", output: str | None = None, **extra: Any) -> dict[str, Any]:
    """A row shaped like ``runner.batch._row``'s."""
    return {"id": id_, "job_id": f"job-{id_}", "generator": "ugc_video", "status": status, "output": output,
            "poster": None, "receipt": {}, "credits": 10, "error_message": None, "files": {}, **extra}


def render(out: Path, rows: list[dict[str, Any]]) -> Page:
    page = write_gallery(out, rows)
    assert page == out / "index.html"
    return Page(page.read_text(encoding="utf-8"))


def test_one_card_per_row_in_order(tmp_path: Path) -> None:
    rows = [row(f"job{i}") for i in range(5)]
    page = render(tmp_path, rows)
    assert [c.attrs["data-id"] for c in page.cards] == ["job0", "job1", "job2", "job3", "job4"]
    assert [c.find("h2")[0].text for c in page.cards] == ["job0", "job1", "job2", "job3", "job4"]


@pytest.mark.parametrize(("name", "tag"), [
    ("a.mp4", "video"), ("a.webm", "video"), ("A.MOV", "video"),
    ("a.png", "img"), ("a.jpg", "img"), ("a.webp", "img"),
    ("a.mp3", "audio"), ("a.wav", "audio"), ("a.m4a", "audio"),
])
def test_player_by_output_extension(tmp_path: Path, name: str, tag: str) -> None:
    card = render(tmp_path, [row("x", output=f"x/{name}")]).cards[0]
    players = [e for e in card.elements if e.tag in ("video", "img", "audio")]
    assert [(e.tag, e.attrs["src"]) for e in players] == [(tag, f"x/{name}")]
    if tag != "img":
        assert "controls" in players[0].attrs
        assert players[0].attrs["preload"] == "metadata"


def test_unknown_extension_and_no_output_have_no_player(tmp_path: Path) -> None:
    page = render(tmp_path, [row("doc", output="doc/doc.pdf"), row("gone", status="failed")])
    for card in page.cards:
        assert not [e for e in card.elements if e.tag in ("video", "img", "audio")]
    assert "no preview for .pdf" in page.cards[0].text
    assert [a.attrs["href"] for a in page.cards[0].find("a")] == ["doc/doc.pdf"]


def test_video_poster_and_links(tmp_path: Path) -> None:
    files = {"srt": "ad/ad.srt", "receipt": "ad/ad.receipt.json"}
    card = render(tmp_path, [row("ad", output="ad/ad.mp4", poster="ad/ad.poster.png", files=files)]).cards[0]
    video = card.find("video")[0]
    assert video.attrs["poster"] == "ad/ad.poster.png"
    assert "playsinline" in video.attrs
    links = {a.text: a.attrs["href"] for a in card.find("a") if a.text in ("output", "poster", "srt", "receipt")}
    assert links == {"output": "ad/ad.mp4", "poster": "ad/ad.poster.png", "srt": "ad/ad.srt",
                     "receipt": "ad/ad.receipt.json"}


@pytest.mark.slow
def test_video_frame_takes_the_poster_shape_else_the_probed_one(tmp_path: Path, tiny_video: Path) -> None:
    shutil.copy(tiny_video, tmp_path / "a.mp4")  # 180x320
    shutil.copy(tiny_video, tmp_path / "b.mp4")
    Image.new("RGB", (360, 640), "navy").save(tmp_path / "a.poster.png")
    page = render(tmp_path, [row("a", output="a.mp4", poster="a.poster.png"), row("b", output="b.mp4")])
    assert [c.find("div")[0].attrs["style"] for c in page.cards] == ["aspect-ratio: 360 / 640",
                                                                      "aspect-ratio: 180 / 320"]


def test_picture_frame_takes_the_image_shape_and_unreadable_media_a_phone_frame(tmp_path: Path) -> None:
    Image.new("RGB", (320, 180), "teal").save(tmp_path / "wide.png")
    page = render(tmp_path, [row("still", output="wide.png"), row("lost", output="missing.mp4")])
    assert page.cards[0].find("div")[0].attrs["style"] == "aspect-ratio: 320 / 180"
    assert page.cards[1].find("div")[0].attrs["style"] == "aspect-ratio: 9 / 16"


def test_hostile_id_and_error_message_stay_text(tmp_path: Path) -> None:
    rows = [row(HOSTILE_ID, status="failed", error_message=HOSTILE_ERROR,
                receipt={"notes": ["<b>note</b>"], "model": "<i>m</i>"}, files={"x<y": "a\"b.srt"})]
    page = render(tmp_path, rows)
    assert not page.find("script") and not page.find("b") and not page.find("i")
    assert [e.attrs["src"] for e in page.find("img")] == []  # the error's <img> is text, not an element
    card = page.cards[0]
    assert card.attrs["data-id"] == HOSTILE_ID
    assert card.find("h2")[0].text == HOSTILE_ID
    assert [p.text for p in card.find("p") if p.attrs.get("class") == "error"] == [HOSTILE_ERROR]
    assert "<b>note</b>" in card.text and "<i>m</i>" in card.text
    assert [(a.text, a.attrs["href"]) for a in card.find("a")] == [("x<y", "a%22b.srt")]
    policy = [m.attrs["content"] for m in page.find("meta") if m.attrs.get("http-equiv") == "Content-Security-Policy"]
    assert policy == ["script-src 'none'; object-src 'none'"]


def test_paths_with_spaces_hash_and_question_mark_resolve(tmp_path: Path, tiny_video: Path) -> None:
    folder = tmp_path / "my clips"
    folder.mkdir()
    shutil.copy(tiny_video, folder / "take #1?.mp4")
    page = render(tmp_path, [row("odd", output="my clips/take #1?.mp4", poster="my clips/50% off.png")])
    video = page.cards[0].find("video")[0]
    assert video.attrs["src"] == "my%20clips/take%20%231%3F.mp4"
    assert video.attrs["poster"] == "my%20clips/50%25%20off.png"
    assert (tmp_path / unquote(str(video.attrs["src"]))).is_file()


def test_totals_count_statuses_and_credits(tmp_path: Path) -> None:
    rows = [row("a", credits=0.1), row("b", credits=0.2), row("c", status="failed", credits=0),
            row("d", status="queued", credits=50), {**row("e", status="planned", credits=300), "job_id": None}]
    page = render(tmp_path, rows)
    totals = [p.text for p in page.find("p") if p.attrs.get("class") == "totals"]
    assert totals == ["5 jobs credits spent: 50.3 quoted, not run: 300"]
    (tmp_path / "manifest.jsonl").write_text("{}\n")
    totals = [p.text for p in render(tmp_path, rows).find("p") if p.attrs.get("class") == "totals"]
    assert totals == ["5 jobs credits spent: 50.3 quoted, not run: 300 manifest.jsonl"]
    assert [li.text for li in page.find("li") if "badge" in str(li.attrs.get("class"))] == [
        "1 planned", "1 queued", "2 completed", "1 failed"]
    assert "300 credits quoted" in page.cards[4].text


def test_receipt_key_values_warnings_and_folded_json(tmp_path: Path) -> None:
    script = "word " * 30
    receipt = {"job_id": "job-r", "status": "submitted", "credits_deducted": 10, "selected_voice": "mia",
               "voice_auto_detected": True, "words_per_second": 2.6, "generated_script": script,
               "auto": {"model": "because"}, "pacing_warning": "too long", "notes": ["small photo"]}
    card = render(tmp_path, [row("r", receipt=receipt, quote={"credits": 10})]).cards[0]
    assert [(dt.text, dd.text) for dt, dd in zip(card.find("dt"), card.find("dd"), strict=True)] == [
        ("selected_voice", "mia"), ("voice_auto_detected", "true"), ("words_per_second", "2.6")]
    assert [li.text for li in card.find("li") if li.text in ("too long", "small photo")] == ["too long", "small photo"]
    assert card.find("summary")[0].text == "generated_script, auto, quote"
    assert '"model": "because"' in card.find("pre")[0].text
    assert script.strip() in card.find("pre")[0].text


def test_rewrite_replaces_the_page_atomically(tmp_path: Path) -> None:
    render(tmp_path, [row("first")])
    page = render(tmp_path, [row("second")])
    assert [c.attrs["data-id"] for c in page.cards] == ["second"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]
