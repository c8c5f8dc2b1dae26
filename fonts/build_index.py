"""Regenerate ``fonts/index.json`` (and the table in ``fonts/README.md``) from the font files.

Why a static index: reading each font's ``name`` table at run time would make
fontTools a runtime dependency and cost ~0.3 s on every start, while the
bundled set only changes when someone edits this folder.  So the names are
read here, once, by a developer (``pip install fonttools``), and
``mediakit.fonts`` only reads the JSON.  ``tests/test_fonts.py`` checks that
the index still matches the files.

Run:  python fonts/build_index.py
"""

from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FONT_SUFFIXES = (".ttf", ".otf")

# Where each file came from and under which licence; the licence text is in licenses/.
DEBIAN = "Debian bookworm package"
SOURCES: dict[str, tuple[str, str, str]] = {
    # file prefix: (licence, source, licence file)
    "BebasNeue-": ("OFL-1.1", f"{DEBIAN} fonts-bebas-neue 3.0-2", "licenses/fonts-bebas-neue.copyright"),
    "Inter-": ("OFL-1.1", f"{DEBIAN} fonts-inter 4.0~beta7+ds-1", "licenses/fonts-inter.copyright"),
    "LeagueSpartan-": ("OFL-1.1", f"{DEBIAN} fonts-league-spartan 2.210-1",
                       "licenses/fonts-league-spartan.copyright"),
    "Lato-": ("OFL-1.1", f"{DEBIAN} fonts-lato 2.0-2.1", "licenses/fonts-lato.copyright"),
    "OpenSans-": ("Apache-2.0", f"{DEBIAN} fonts-open-sans 1.11-2",
                  "licenses/fonts-open-sans.copyright + licenses/Apache-2.0.txt"),
    "Roboto-": ("Apache-2.0", f"{DEBIAN} fonts-roboto-unhinted 2:0~20170802-3",
                "licenses/fonts-roboto-unhinted.copyright + licenses/Apache-2.0.txt"),
    "Comfortaa-": ("OFL-1.1", f"{DEBIAN} fonts-comfortaa 3.001-3", "licenses/fonts-comfortaa.copyright"),
    "Quicksand-": ("OFL-1.1", f"{DEBIAN} fonts-quicksand 0.2016-2.1", "licenses/fonts-quicksand.copyright"),
    "LobsterTwo-": ("OFL-1.1", f"{DEBIAN} fonts-lobster 2.0-2.1 (file lobster.otf, renamed)",
                    "licenses/fonts-lobster.copyright"),
    "DancingScript-": ("OFL-1.1", f"{DEBIAN} fonts-dancingscript 1.2-2",
                       "licenses/fonts-dancingscript.copyright"),
    "FredokaOne-": ("OFL-1.1", "PyPI font-fredoka-one 0.0.4", "licenses/FredokaOne-OFL.txt"),
    "FjallaOne-": ("OFL-1.1", "PyPI font-fjallaone 0.1.7", "licenses/FjallaOne-OFL.txt"),
}


def _source(name: str) -> tuple[str, str, str]:
    for prefix, info in SOURCES.items():
        if name.startswith(prefix):
            return info
    raise SystemExit(f"{name}: add its licence and source to SOURCES in {Path(__file__).name}")


def describe(path: Path) -> dict[str, Any]:
    """What libass/fontconfig will read from one font file."""
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # old fonts' odd timestamps are harmless
    font = TTFont(path, lazy=True)
    name = font["name"]

    def get(name_id: int) -> str:
        return (name.getDebugName(name_id) or "").strip()

    legacy, typographic, wws = get(1), get(16), get(21)
    # fontconfig lists every family name a font carries (typographic first); libass
    # matches a style's Fontname against all of them, then full and PostScript names.
    names = list(dict.fromkeys(n for n in (typographic, legacy, wws) if n))
    os2 = font["OS/2"]
    licence, source, licence_file = _source(path.name)
    return {
        "file": path.name,
        "family": typographic or legacy,
        "families": names,
        "style": get(17) or get(2),
        "weight": int(os2.usWeightClass),
        "italic": bool(os2.fsSelection & 1) or bool(font["head"].macStyle & 2),
        "fullname": get(4),
        "postscript": get(6),
        "version": get(5),
        "license": licence,
        "license_file": licence_file,
        "source": source,
    }


def build() -> list[dict[str, Any]]:
    files = sorted(p for p in HERE.iterdir() if p.suffix.lower() in FONT_SUFFIXES)
    return [describe(p) for p in files]


def markdown_table(entries: list[dict[str, Any]]) -> str:
    rows = ["| file | family (as libass sees it) | weight / style | licence | source |",
            "| --- | --- | --- | --- | --- |"]
    for e in entries:
        fams = " / ".join(f"`{n}`" for n in e["families"])
        style = f"{e['weight']} {e['style']}" + (" (italic)" if e["italic"] else "")
        rows.append(f"| {e['file']} | {fams} | {style} | {e['license']} | {e['source']} |")
    return "\n".join(rows)


def main() -> None:
    entries = build()
    (HERE / "index.json").write_text(json.dumps({"fonts": entries}, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    readme = HERE / "README.md"
    if readme.exists():
        text = readme.read_text(encoding="utf-8")
        new = re.sub(r"(<!-- table:start -->\n).*?(<!-- table:end -->)",
                     lambda m: m.group(1) + markdown_table(entries) + "\n" + m.group(2), text, flags=re.DOTALL)
        readme.write_text(new, encoding="utf-8")
    print(f"indexed {len(entries)} fonts", file=sys.stderr)


if __name__ == "__main__":
    main()
