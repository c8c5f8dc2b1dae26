"""What the analysis finds, as plain data in fractions of the source frame (JSON in the cache)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

GRID = 8  # brightness and texture are measured on a GRID x GRID grid of the frame


@dataclass(frozen=True)
class Region:
    """A box as fractions of the source's width and height (top-left origin); ``score`` is the detector's."""

    x: float
    y: float
    w: float
    h: float
    score: float = 1.0

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Region) -> bool:
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def union(self, other: Region) -> Region:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Region(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y,
                      max(self.score, other.score))

    def grown(self, left: float, top: float, right: float, bottom: float) -> Region:
        """The box grown by fractions of its own size on each side, clipped to the frame."""
        x, y = max(0.0, self.x - left * self.w), max(0.0, self.y - top * self.h)
        r, b = min(1.0, self.right + right * self.w), min(1.0, self.bottom + bottom * self.h)
        return Region(round(x, 4), round(y, 4), round(r - x, 4), round(b - y, 4), self.score)


def merged(regions: Iterable[Region]) -> tuple[Region, ...]:
    """Overlapping boxes joined into one (a face seen on several frames is one box covering where it went)."""
    out: list[Region] = []
    for region in regions:
        while True:
            hit = next((i for i, r in enumerate(out) if r.overlaps(region)), None)
            if hit is None:
                break
            region = region.union(out.pop(hit))
        out.append(region)
    return tuple(sorted(out, key=lambda r: (r.y, r.x)))


@dataclass(frozen=True)
class PictureAnalysis:
    """What a picture input shows: ``faces`` (each grown to take in hair and chin), the salient ``subject``
    (faces included), ``text`` regions, and per grid cell the mean ``brightness`` (WCAG relative luminance,
    0..1), ``texture`` (spread of luma, 0..1) and ``saliency`` (how much it stands out, 0..1: where the
    subject's box is wide, which part of it matters), rows top to bottom."""

    width: int
    height: int
    faces: tuple[Region, ...] = ()
    subject: Region | None = None
    text: tuple[Region, ...] = ()
    brightness: tuple[tuple[float, ...], ...] = field(default=())
    texture: tuple[tuple[float, ...], ...] = field(default=())
    saliency: tuple[tuple[float, ...], ...] = field(default=())

    @property
    def keep_clear(self) -> tuple[Region, ...]:
        """What captions must not cover, most important first: faces, then text, then the subject."""
        return (*self.faces, *self.text, *((self.subject,) if self.subject else ()))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PictureAnalysis:
        subject = data.get("subject")
        return cls(width=data["width"], height=data["height"],
                   faces=tuple(Region(**r) for r in data["faces"]),
                   subject=Region(**subject) if subject else None,
                   text=tuple(Region(**r) for r in data["text"]),
                   brightness=tuple(tuple(row) for row in data["brightness"]),
                   texture=tuple(tuple(row) for row in data["texture"]),
                   saliency=tuple(tuple(row) for row in data["saliency"]))
