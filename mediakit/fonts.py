"""The bundled fonts, and how to make ffmpeg/libass see only them.

Why bundle: a caption style names a font family; if libass were allowed to ask
the system's fontconfig, the same request would render in DejaVu on one
machine, Arial on another and a missing-glyph box on a third.  Shipping the
fonts in ``fonts/`` and pointing fontconfig at a generated ``fonts.conf`` that
lists only that folder makes a render identical everywhere, including the
fallback used for a family that is not bundled.

Why a static index: the family names come from ``fonts/index.json``, written
by ``fonts/build_index.py`` with fontTools.  Reading the name tables at run
time would add a dependency and a startup cost for data that only changes when
the folder is edited; ``tests/test_fonts.py`` checks that the index is current.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import MediakitError, ValidationError
from .media_io import write_text
from .paths import data_dir

INDEX_NAME = "index.json"

# Generic names fontconfig resolves when a requested family is not bundled
# (libass asks for "sans-serif" as its fallback).  Pinning them keeps the
# fallback face a deliberate choice instead of fontconfig's sort order.
GENERIC_FALLBACKS: dict[str, str] = {
    "sans-serif": "Roboto",
    "serif": "Roboto",
    "monospace": "Roboto",
}


@dataclass(frozen=True)
class FontFace:
    """One bundled font file as libass/fontconfig sees it (one row of ``index.json``)."""

    path: Path
    family: str
    families: tuple[str, ...]
    style: str
    weight: int
    italic: bool
    postscript: str
    license: str


def fonts_dir() -> Path:
    """The bundled ``fonts/`` folder (repo root in a checkout, ``mediakit/_data`` in a wheel)."""
    return data_dir("fonts")


@functools.cache
def faces() -> tuple[FontFace, ...]:
    """Every bundled face, read once from ``fonts/index.json``.

    Raises ``MediakitError`` when the index or a file it names is missing,
    because a silently shorter font list would only surface later as a render
    in the wrong face.
    """
    folder = fonts_dir()
    index = folder / INDEX_NAME
    try:
        data = json.loads(index.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise MediakitError(f"font index {index} is missing or unreadable ({exc}); "
                            "run python fonts/build_index.py") from exc
    result: list[FontFace] = []
    for row in data["fonts"]:
        path = folder / row["file"]
        if not path.is_file():
            raise MediakitError(f"font index {index} lists {row['file']!r}, which is not in {folder}; "
                                "run python fonts/build_index.py")
        result.append(FontFace(path=path, family=row["family"], families=tuple(row["families"]),
                               style=row["style"], weight=int(row["weight"]), italic=bool(row["italic"]),
                               postscript=row["postscript"], license=row["license"]))
    return tuple(result)


@functools.cache
def families() -> dict[str, list[Path]]:
    """Family name -> its files, lightest first.

    The keys are every family name fontconfig indexes for a face: the
    typographic family (``"Inter"``, which holds all Inter weights) and the
    legacy per-weight family (``"Inter Black"``).  libass matches an ASS
    ``Fontname`` against exactly these names, so any key here is a valid
    style font.  The dict is cached: treat it as read-only.
    """
    table: dict[str, list[FontFace]] = {}
    for face in faces():
        for name in face.families:
            table.setdefault(name, []).append(face)
    return {name: [f.path for f in sorted(group, key=lambda f: (f.weight, f.italic))]
            for name, group in sorted(table.items())}


@functools.cache
def _faces_by_key() -> dict[str, tuple[str, list[FontFace]]]:
    """Case-folded family -> (canonical name, faces); libass compares names case-insensitively."""
    table: dict[str, tuple[str, list[FontFace]]] = {}
    for face in faces():
        for name in face.families:
            table.setdefault(name.casefold(), (name, []))[1].append(face)
    return table


def family_names() -> list[str]:
    """All bundled family names, sorted; what a style's ``font`` may be."""
    return list(families())


def font_file(family: str, bold: bool = False) -> Path:
    """The file for ``family`` at regular or bold weight, for Pillow or ffmpeg's drawtext.

    Picks what libass would: the upright face whose weight is nearest 400
    (or 700 when ``bold``), so a text measured with Pillow matches the text
    libass draws.  A family that has only one weight returns that face either
    way (libass then fakes the missing bold).  An unknown family raises
    ``ValidationError`` listing the bundled names, since a silent fallback here
    would desynchronise measurement and rendering.
    """
    entry = _faces_by_key().get(family.strip().casefold())
    if entry is None:
        raise ValidationError("font", family,
                              "must be one of the bundled families: " + ", ".join(family_names()))
    candidates = entry[1]
    upright = [f for f in candidates if not f.italic] or candidates
    target = 700 if bold else 400
    best = min(upright, key=lambda f: (abs(f.weight - target), f.weight))
    return best.path


def _user_tag() -> str:
    """Per-user part of the cache folder name, so users sharing /tmp never share a cache."""
    getuid = getattr(os, "getuid", None)
    if getuid is not None:
        return str(getuid())
    return hashlib.sha256(os.path.expanduser("~").encode()).hexdigest()[:8]


def _xml_text(text: str) -> str:
    """``text`` as XML character data (what ``xml.sax.saxutils.escape`` does, without importing urllib)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _conf_text(fonts: Path, cache: Path) -> str:
    """A fonts.conf with no <include>: only ``fonts`` is scanned, with its own cache."""
    aliases = "".join(
        f"  <alias binding=\"same\"><family>{_xml_text(generic)}</family>"
        f"<prefer><family>{_xml_text(target)}</family></prefer></alias>\n"
        for generic, target in GENERIC_FALLBACKS.items())
    return ("<?xml version=\"1.0\"?>\n"
            "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
            "<!-- Generated by mediakit.fonts: bundled fonts only, never the system's. -->\n"
            "<fontconfig>\n"
            f"  <dir>{_xml_text(str(fonts))}</dir>\n"
            f"  <cachedir>{_xml_text(str(cache))}</cachedir>\n"
            f"{aliases}"
            "</fontconfig>\n")


def _config_folder(fonts: Path) -> Path:
    """Where the generated config lives: keyed by user, fonts folder and index contents.

    A different checkout or an edited font set gets a fresh folder (and so a
    fresh fontconfig cache) instead of a stale one.
    """
    try:
        index_bytes = (fonts / INDEX_NAME).read_bytes()
    except OSError:
        index_bytes = b""
    digest = hashlib.sha256(str(fonts).encode() + b"\0" + index_bytes).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"mediakit-fontconfig-{_user_tag()}-{digest}"
    folder.mkdir(mode=0o700, exist_ok=True)
    getuid = getattr(os, "getuid", None)
    if getuid is not None and folder.stat().st_uid != getuid():
        # Someone else owns the predictable name: do not trust it, use a private one.
        folder = Path(tempfile.mkdtemp(prefix="mediakit-fontconfig-"))
    return folder


def fontconfig_file() -> Path:
    """Path of the generated ``fonts.conf``, written on first use and rewritten if deleted.

    Written atomically (``media_io.write_text``) so parallel renders never
    read a half-written config.
    """
    fonts = fonts_dir().resolve()
    folder = _config_folder(fonts)
    conf = folder / "fonts.conf"
    text = _conf_text(fonts, folder / "cache")
    try:
        if conf.read_text(encoding="utf-8") == text:
            return conf
    except OSError:
        pass
    write_text(conf, text)
    return conf


def fontconfig_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of ``env`` (default ``os.environ``) in which fontconfig sees only the bundled fonts.

    Pass it as ``env=`` to every ffmpeg call that uses the ``ass``/``subtitles``
    or ``drawtext`` filters.  ``FONTCONFIG_FILE`` points at the generated
    config; ``FONTCONFIG_SYSROOT`` is dropped because it would relocate the
    config's paths.
    """
    result = dict(os.environ if env is None else env)
    result.pop("FONTCONFIG_SYSROOT", None)
    result["FONTCONFIG_FILE"] = str(fontconfig_file())
    return result
