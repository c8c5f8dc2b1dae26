"""Word timings: the contract between speech stages and subtitle stages.

Aligners, recognisers and voice engines all produce a list of ``Word``; the
subtitle stage consumes it without knowing where it came from.  Times are
integer milliseconds inside the library; the JSON form uses seconds because
that is what users and other tools read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import MediaError, ValidationError


@dataclass(frozen=True)
class Word:
    """One word as written in the script, with when it is spoken."""

    text: str
    start_ms: int
    end_ms: int

    def __post_init__(self) -> None:
        if not self.text or self.text != self.text.strip():
            raise ValidationError("word", self.text, "must be non-empty with no surrounding spaces")
        if self.start_ms < 0 or self.end_ms < self.start_ms:
            raise ValidationError("word", self.text, f"times must satisfy 0 <= start <= end "
                                  f"(start {self.start_ms} ms, end {self.end_ms} ms)")

    @property
    def start(self) -> float:
        return self.start_ms / 1000

    @property
    def end(self) -> float:
        return self.end_ms / 1000

    def to_json(self) -> dict[str, object]:
        return {"word": self.text, "start": round(self.start, 3), "end": round(self.end, 3)}


def words_to_json(words: Sequence[Word]) -> str:
    """``[{"word", "start", "end"}, ...]`` in seconds, spoken order."""
    return json.dumps([w.to_json() for w in words], ensure_ascii=False, indent=1)


def words_from_json(data: str | Iterable[dict[str, object]], *, source: str = "words") -> list[Word]:
    """Parse the words JSON form; ``source`` names the file in errors."""
    items = json.loads(data) if isinstance(data, str) else list(data)
    if not isinstance(items, list):
        raise ValidationError(source, None, "must be a JSON list of {word, start, end}")
    words = []
    for i, item in enumerate(items):
        try:
            words.append(Word(str(item["word"]).strip(), round(float(item["start"]) * 1000),  # type: ignore[arg-type,index]
                              round(float(item["end"]) * 1000)))  # type: ignore[arg-type,index]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValidationError(f"{source}[{i}]", item, "needs word, start and end (seconds)") from exc
    return sorted(words, key=lambda w: w.start_ms)


def save_words(words: Sequence[Word], path: str | Path) -> None:
    Path(path).write_text(words_to_json(words) + "\n", encoding="utf-8")


def load_words(path: str | Path) -> list[Word]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise MediaError(path, f"cannot be read ({exc.strerror})") from exc
    try:
        return words_from_json(text, source=str(p))
    except json.JSONDecodeError as exc:
        raise ValidationError(str(p), None, f"is not valid JSON ({exc.msg})") from exc
