from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.skills.look import apply_look
from mediakit.timeline import Canvas, ColorLayer, Timeline


def _frames(video: Path, folder: Path, name: str) -> list[np.ndarray]:
    out = []
    for i, t in enumerate((0.4, 0.45)):
        png = folder / f"{name}-{i}.png"
        run_ffmpeg(["-ss", str(t), "-i", str(video), "-frames:v", "1", "-y", str(png)], what="frame")
        out.append(np.asarray(Image.open(png).convert("L"), dtype=float))
    return out


@pytest.fixture(scope="module")
def looks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[np.ndarray]]:
    folder = tmp_path_factory.mktemp("looks")
    timeline = Timeline(Canvas(180, 320, Fraction(24)), 1000, layers=(ColorLayer(color="#c0c0c0"),))
    out = {}
    for look in ("natural", "commercial", "raw_iphone"):
        video = render(apply_look(timeline, look), folder / f"{look}.mp4")
        out[look] = _frames(video, folder, look)
    return out


def test_natural_is_unchanged() -> None:
    timeline = Timeline(Canvas(180, 320), 1000, layers=(ColorLayer(color="#c0c0c0"),))
    assert apply_look(timeline, "natural") is timeline


@pytest.mark.slow
def test_commercial_darkens_the_corners(looks: dict[str, list[np.ndarray]]) -> None:
    natural, commercial = looks["natural"][0], looks["commercial"][0]
    assert commercial[:20, :20].mean() < natural[:20, :20].mean() - 15
    assert abs(commercial[150:170, 80:100].mean() - natural[150:170, 80:100].mean()) < 8


@pytest.mark.slow
def test_raw_iphone_has_moving_grain(looks: dict[str, list[np.ndarray]]) -> None:
    a, b = looks["raw_iphone"]
    assert np.abs(a - b).mean() > 0.8 and a.std() > 1.0
    n1, n2 = looks["natural"]
    assert np.abs(n1 - n2).mean() < 0.2
