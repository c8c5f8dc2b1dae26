"""Fixtures the spoken-ad tests share."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image


@pytest.fixture(scope="module")
def screen(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An app screenshot: a light page under a coloured header (what the phone and laptop layouts show)."""
    path = tmp_path_factory.mktemp("app") / "screen.png"
    img = Image.new("RGB", (360, 780), (246, 247, 251))
    img.paste(Image.new("RGB", (360, 160), (92, 76, 230)), (0, 0))
    img.save(path)
    return path
