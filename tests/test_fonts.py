"""Bundled fonts: the index matches the files, lookups work, and libass sees only fonts/."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mediakit import fonts
from mediakit.errors import ValidationError
from mediakit.ffmpeg import ffmpeg_exe

# The families styles are promised; the names are the ones libass matches.
EXPECTED = {
    "Bebas Neue", "Inter", "League Spartan", "Lato", "Open Sans", "Roboto", "Comfortaa",
    "Quicksand", "Lobster Two", "Dancing Script", "Fredoka One", "Fjalla One",
    "Inter Medium", "Inter Extra Bold", "Inter Black", "Lato Black", "Roboto Black",
    "Open Sans Extrabold", "League Spartan Black",
}


def test_expected_families_are_bundled() -> None:
    assert EXPECTED <= set(fonts.families())


def test_every_family_resolves_to_a_bundled_file() -> None:
    folder = fonts.fonts_dir().resolve()
    for family, files in fonts.families().items():
        assert files, family
        for bold in (False, True):
            path = fonts.font_file(family, bold=bold)
            assert path.is_file() and path.resolve().parent == folder, (family, path)
            assert path in files


@pytest.mark.parametrize(("family", "bold", "expected"), [
    ("Inter", False, "Inter-Regular.otf"),
    ("Inter", True, "Inter-Bold.otf"),
    ("inter black", False, "Inter-Black.otf"),        # libass compares case-insensitively
    ("Bebas Neue", True, "BebasNeue-Bold.otf"),
    ("League Spartan", False, "LeagueSpartan-Bold.otf"),  # only Bold/Black bundled: nearest weight
    ("Fredoka One", True, "FredokaOne-Regular.ttf"),  # one face: used for bold too
    ("Lobster Two", False, "LobsterTwo-BoldItalic.otf"),
])
def test_font_file_picks_the_face_libass_would(family: str, bold: bool, expected: str) -> None:
    assert fonts.font_file(family, bold=bold).name == expected


def test_unknown_family_lists_the_bundled_ones() -> None:
    with pytest.raises(ValidationError) as info:
        fonts.font_file("Comic Sans MS")
    err = info.value
    assert err.field == "font" and err.value == "Comic Sans MS"
    assert "must be one of the bundled families" in err.rule
    assert "Bebas Neue" in err.rule and "Roboto" in err.rule


def test_index_matches_the_font_files() -> None:
    folder = fonts.fonts_dir()
    on_disk = {p.name for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf")}
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))["fonts"]
    assert {row["file"] for row in index} == on_disk
    for row in index:
        for part in row["license_file"].split(" + "):
            assert (folder / part).is_file(), row


@pytest.mark.slow
def test_index_names_match_the_name_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale index would make styles name faces libass cannot find."""
    pytest.importorskip("fontTools")
    # No bytecode: a __pycache__ inside fonts/ would ship in the wheel.
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    spec = importlib.util.spec_from_file_location("build_index", fonts.fonts_dir() / "build_index.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    index = json.loads((fonts.fonts_dir() / "index.json").read_text(encoding="utf-8"))["fonts"]
    assert module.build() == index


def test_fontconfig_env_lists_only_the_bundled_dir() -> None:
    base = {"PATH": "/usr/bin", "FONTCONFIG_SYSROOT": "/elsewhere", "KEEP": "1"}
    env = fonts.fontconfig_env(base)
    assert base == {"PATH": "/usr/bin", "FONTCONFIG_SYSROOT": "/elsewhere", "KEEP": "1"}  # not mutated
    assert env["KEEP"] == "1" and "FONTCONFIG_SYSROOT" not in env
    conf = Path(env["FONTCONFIG_FILE"])
    root = ET.parse(conf).getroot()
    assert [d.text for d in root.iter("dir")] == [str(fonts.fonts_dir().resolve())]
    assert not list(root.iter("include"))
    caches = [c.text for c in root.iter("cachedir")]
    assert len(caches) == 1 and caches[0] and not caches[0].startswith(str(fonts.fonts_dir().resolve()))
    assert fonts.fontconfig_env(base)["FONTCONFIG_FILE"] == str(conf)  # written once, reused


ASS = """[Script Info]
ScriptType: v4.00+
PlayResX: 180
PlayResY: 320

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
MarginR, MarginV, Encoding
Style: Default,Bebas Neue,30,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,5,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Ask not
Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\an8\\fnComic Sans MS}what your
"""


@pytest.mark.slow
def test_libass_uses_only_bundled_fonts(tmp_path: Path) -> None:
    """libass logs 'fontselect: (family, weight, italic) -> path'; every path must be in fonts/."""
    (tmp_path / "t.ass").write_text(ASS, encoding="utf-8")
    proc = subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-nostdin", "-loglevel", "debug", "-f", "lavfi",
         "-i", "color=c=gray:s=180x320:d=1", "-vf", "ass=t.ass", "-frames:v", "1", "-f", "null", "-"],
        cwd=tmp_path, env=fonts.fontconfig_env(), capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    chosen = dict(re.findall(r"fontselect: \((.+?), \d+, \d+\) -> (.+?), \d+,", proc.stderr))
    folder = str(fonts.fonts_dir().resolve())
    assert chosen.get("Bebas Neue") == str(fonts.font_file("Bebas Neue").resolve()), chosen
    # A family that is not bundled falls back to a bundled face (Roboto), never a system font.
    assert chosen.get("Comic Sans MS") == str(fonts.font_file("Roboto").resolve()), chosen
    assert all(path.startswith(folder + "/") for path in chosen.values()), chosen
