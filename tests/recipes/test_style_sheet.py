"""The style contact sheet renders every style through libass, and they all differ."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from mediakit.captions import style_names
from mediakit.cli.main import main
from mediakit.recipes.style_sheet import CELL, COLUMNS, LABEL_H


@pytest.mark.slow
def test_styles_preview_sheet_has_one_distinct_captioned_cell_per_style(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    result = CliRunner().invoke(main, ["styles", "--preview", str(out)])
    assert result.exit_code == 0, result.output
    names = style_names()
    with Image.open(out) as img:
        sheet = np.asarray(img.convert("RGB")).astype(np.int16)
    rows = -(-len(names) // COLUMNS)
    assert sheet.shape == (rows * (CELL.height + LABEL_H), COLUMNS * CELL.width, 3)
    cells = []
    for i in range(len(names)):
        x, y = (i % COLUMNS) * CELL.width, (i // COLUMNS) * (CELL.height + LABEL_H) + LABEL_H
        cells.append(sheet[y:y + CELL.height, x:x + CELL.width])
    background = np.median(np.stack(cells), axis=0)  # the photo, where most styles draw nothing
    for name, cell in zip(names, cells, strict=True):
        assert (np.abs(cell - background).sum(axis=2) > 90).mean() > 0.004, f"{name} drew no caption"
    for i in range(len(cells)):
        for j in range(i + 1, len(cells)):
            assert np.abs(cells[i] - cells[j]).mean() > 0.5, f"{names[i]} and {names[j]} look the same"
    assert list(tmp_path.iterdir()) == [out]
