"""Replay: every generator's timeline round-trips through JSON, matches its snapshot, and replays the same frame.

Each registered generator either builds a timeline (a small case here: a
preview canvas, the shortest duration) or a finished file (``FILES``, which
have nothing to replay); a new generator must join one or the other.  The
JSON snapshots live under ``snapshots/`` with absolute paths shown relative
to the folder they came from (times compared within ``SPEECH_WOBBLE_MS``); regenerate with
``MEDIAKIT_UPDATE_SNAPSHOTS=1 pytest tests/generators/test_replay.py`` and
review the diff.  Building runs speech, drawing and ffmpeg, so the module is
``slow``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from mediakit.generation.aspects import plan_aspects
from mediakit.generation.contract import Built, Options
from mediakit.generation.registry import GENERATORS, generator_names
from mediakit.generation.run import generate, plan_job
from mediakit.paths import data_dir
from mediakit.render import StillProfile, render
from mediakit.timeline import Timeline
from mediakit.words import Word

pytestmark = pytest.mark.slow

SNAPSHOTS = Path(__file__).parent / "snapshots"
ROOT = Path(__file__).resolve().parents[2]
TINY = {"preview_height": 320}
SCRIPT = "Cold brew in seconds, smooth and never bitter. Grab yours today."
WORDS = (Word("Hello", 100, 500), Word("there", 550, 900), Word("friend.", 950, 1500))

FILES = {
    "audio": "an MP3 of the voice",
    "image": "PNG images",
    "character_sheet": "a PNG sheet",
    "portrait_image_engine": "a PNG portrait",
    "storyboard_suggest": "a JSON list of options",
    "storyboard_generate": "a PNG storyboard",
}

Case = Callable[[Path, Path], tuple[dict[str, Any], Options]]


def _character(inputs: Path) -> dict[str, Any]:
    """A character sheet and a storyboard of it, made by their generators (no session: nothing is kept)."""
    sheet, board = inputs / "sheet.png", inputs / "board.png"
    generate("character_sheet", {"description": "a girl named Zoe with a ponytail"}, sheet)
    generate("storyboard_generate", {"character_sheet_url": str(sheet),
                                     "beats": ["Zoe walks in", "Zoe waves", "Zoe laughs"]}, board)
    return {"character_sheet_url": str(sheet), "storyboard_url": str(board), "duration": 5, "aspect_ratio": "1:1"}


def _screen(inputs: Path) -> Path:
    path = inputs / "screen.png"
    if not path.exists():
        Image.new("RGB", (300, 600), "#224466").save(path)
    return path


CASES: dict[str, Case] = {
    "subtitle": lambda video, _: ({"video_url": str(video), "style": "tiktok"}, Options(words=WORDS)),
    "make_subtitles": lambda video, _: ({"video_url": str(video), "style": "minimal"}, Options(words=WORDS)),
    "video": lambda _, __: ({"prompt": "A lighthouse on a cliff at dusk", "seconds": 4, "quality": "480p"},
                            Options()),
    "text_to_video": lambda _, __: ({"prompt": "A lighthouse on a cliff at dusk, waves below", "duration": 5},
                                    Options(extra=TINY)),
    "ugc_video": lambda _, __: ({"script": SCRIPT, "actor_slug": "maya-chen", "target_duration": 5,
                                 "music": "chill"}, Options(extra=TINY)),
    "saas_review": lambda _, __: ({"script": SCRIPT, "actor_slug": "maya-chen", "target_duration": 5},
                                  Options(extra=TINY)),
    "show_your_app": lambda _, inputs: ({"app_screenshot_url": str(_screen(inputs)), "script": SCRIPT,
                                         "actor_slug": "maya-chen"}, Options(extra=TINY)),
    "laptop_ugc": lambda _, inputs: ({"app_screen_image_url": str(_screen(inputs)), "script": SCRIPT,
                                      "actor_slug": "maya-chen", "duration": 15}, Options(extra=TINY)),
    "product_acting_ugc": lambda _, __: ({"product_image_url": str(data_dir("samples") / "coffee.png"),
                                          "product_name": "Morning Brew", "script": SCRIPT,
                                          "actor_slug": "maya-chen", "duration": 5}, Options(extra=TINY)),
    "character_video": lambda _, inputs: (_character(inputs), Options()),
    "make_ugc": lambda _, __: ({"script": SCRIPT, "character": "char_maya-chen", "duration": 5, "captions": True},
                               Options(extra=TINY)),
    "make_podcast": lambda _, __: ({"character_a": "char_maya-chen", "character_b": "char_omar-farouk",
                                    "script": [{"speaker": "A", "line": "Hello and welcome to the show."},
                                               {"speaker": "B", "line": "Thanks, it is great to be here."}],
                                    "subtitles": True}, Options(extra=TINY)),
}


def test_every_generator_is_replayed_or_makes_a_file() -> None:
    assert not set(CASES) & set(FILES)
    shipped = {n for n in generator_names() if GENERATORS.factory(n).__module__.startswith("mediakit.")}
    assert set(CASES) | set(FILES) == shipped  # not the ones tests register (the runner's test_sleep)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, tiny_video: Path) -> Callable[[str], tuple[Built, Path]]:
    """Each case built once per module, in a folder that lives as long as the module (its files are the inputs)."""
    made: dict[str, tuple[Built, Path]] = {}

    def get(name: str) -> tuple[Built, Path]:
        if name not in made:
            work = tmp_path_factory.mktemp(f"replay-{name}")
            body, options = CASES[name](tiny_video, work)
            gen, plan = plan_job(name, body, options=options)
            made[name] = gen.build(plan, work), work
        return made[name]

    return get


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_timeline_round_trips_and_matches_its_snapshot(name: str, built: Callable[[str], tuple[Built, Path]],
                                                            tiny_video: Path) -> None:
    result, work = built(name)
    timeline = result.timeline
    assert timeline is not None
    _matches_snapshot(timeline, SNAPSHOTS / f"{name}.json", work, tiny_video)


ASPECT_4X5 = ("ugc_video", "saas_review", "show_your_app", "laptop_ugc", "product_acting_ugc")
"""The spoken ads that render 4:5 (``--aspects``): each one's 4:5 timeline is pinned too, built as a job of
several aspects builds it (``build_aspects``)."""


@pytest.mark.parametrize("name", ASPECT_4X5)
def test_the_4x5_timeline_matches_its_snapshot(name: str, tmp_path: Path, tiny_video: Path) -> None:
    body, options = CASES[name](tiny_video, tmp_path)
    gen, job = plan_aspects(name, body, "4:5", options=options)
    timeline = gen.build_aspects(job.plan, job.canvases, tmp_path)["4:5"].timeline
    assert timeline is not None and (timeline.canvas.width, timeline.canvas.height) == (256, 320)
    _matches_snapshot(timeline, SNAPSHOTS / f"{name}_4x5.json", tmp_path, tiny_video)


def _matches_snapshot(timeline: Timeline, path: Path, work: Path, tiny_video: Path) -> None:
    """``timeline`` round-trips through JSON and matches the snapshot at ``path`` (written when asked)."""
    data = json.loads(json.dumps(timeline.to_dict()))
    assert Timeline.from_dict(data) == timeline
    portable = _portable(data, {work: "<work>", tiny_video.parent: "<media>", ROOT: "<repo>", Path.home(): "<home>"})
    if os.environ.get("MEDIAKIT_UPDATE_SNAPSHOTS") == "1":   # only =1 rewrites: "=0" rewrote them once
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(portable, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}; run with MEDIAKIT_UPDATE_SNAPSHOTS=1 and review it"
    assert _differences(portable, json.loads(path.read_text(encoding="utf-8")), "timeline") == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_replaying_the_json_renders_the_same_frame(name: str, built: Callable[[str], tuple[Built, Path]]) -> None:
    result, work = built(name)
    assert result.timeline is not None
    at_ms = result.poster_ms if result.poster_ms is not None else result.timeline.duration_ms // 2
    replayed = Timeline.from_dict(json.loads(json.dumps(result.timeline.to_dict())))
    first = render(result.timeline, work / "first.png", profile=StillProfile(at_ms))
    again = render(replayed, work / "again.png", profile=StillProfile(at_ms))
    assert np.array_equal(np.asarray(Image.open(first)), np.asarray(Image.open(again)))


SPEECH_WOBBLE_MS = 20
"""Times may differ this much (under a frame) from the snapshot: the local eSpeak voice times the same
words a few milliseconds apart depending on what it synthesised before (the order tests run in)."""


def _differences(actual: Any, expected: Any, where: str) -> list[str]:
    """Where ``actual`` differs from ``expected`` as readable paths; times (``*_ms``, sprite schedules, punch-in
    spans) within ``SPEECH_WOBBLE_MS`` are the same."""
    if isinstance(actual, dict) and isinstance(expected, dict):
        if actual.keys() != expected.keys():
            return [f"{where}: keys {sorted(actual)} != {sorted(expected)}"]
        return [d for k in actual for d in _differences(actual[k], expected[k], f"{where}.{k}")]
    if isinstance(actual, list) and isinstance(expected, list):
        if len(actual) != len(expected):
            return [f"{where}: {len(actual)} items != {len(expected)}"]
        return [d for n, (a, e) in enumerate(zip(actual, expected, strict=True))
                for d in _differences(a, e, f"{where}[{n}]")]
    timed = "_ms" in where or ".schedule[" in where or ".punch.spans[" in where
    if timed and isinstance(actual, int) and isinstance(expected, int) and abs(actual - expected) <= SPEECH_WOBBLE_MS:
        return []
    return [] if actual == expected else [f"{where}: {actual!r} != {expected!r}"]


def _portable(value: Any, roots: dict[Path, str]) -> Any:
    """``value`` with each absolute path under one of ``roots`` written relative to it, and cache keys hidden.

    Temporary folders differ from run to run, and so do the keys of files
    made from inputs in them (a key covers its input's path).
    """
    if isinstance(value, dict):
        return {k: _portable(v, roots) for k, v in value.items()}
    if isinstance(value, list):
        return [_portable(v, roots) for v in value]
    if isinstance(value, str) and value.startswith("/"):
        path = re.sub(r"-[0-9a-f]{20}(?=\.\w+$)", "-<key>", value)
        for root, name in sorted(roots.items(), key=lambda item: -len(str(item[0]))):
            if Path(path).is_relative_to(root):
                return f"{name}/{Path(path).relative_to(root)}"
        return re.sub(r".*/", "<elsewhere>/", path)
    return value
