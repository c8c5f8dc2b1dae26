"""make_podcast: shot planning from turns, speaker-aware boxes, the room, a rendered frame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import ValidationError
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.stages.actors.catalog import Actor
from mediakit.stages.actors.talking import SpeechInput, placeable, talking_track
from mediakit.stages.layouts.podcast import Shot, Turn, plan_shots, podcast_track, room_style, shot_boxes
from mediakit.timeline import Box, Canvas, Crop, ImageLayer, PuppetLayer, Sprite, Timeline, VideoLayer

CANVAS = Canvas(180, 320)
TURNS = [Turn("A", 0, 2000), Turn("B", 2100, 4500), Turn("B", 4600, 5000), Turn("A", 5100, 7000),
         Turn("B", 7000, 7800), Turn("A", 7900, 10000)]


def test_shots_open_wide_cut_to_the_speaker_and_reestablish() -> None:
    shots = plan_shots(TURNS, 10500)
    assert shots == [Shot(0, 2100, "A", True),          # opening two-shot
                     Shot(2100, 5100, "B", False),      # B's two turns merged into one close-up
                     Shot(5100, 7000, "A", False),
                     Shot(7000, 7900, "B", True),       # every 4th shot (and short turns) go wide
                     Shot(7900, 10500, "A", False)]     # the last shot runs to the end
    assert sum(s.end_ms - s.start_ms for s in shots) == 10500
    with pytest.raises(ValidationError):
        plan_shots([], 1000)
    with pytest.raises(ValidationError, match="A or B"):
        Turn("C", 0, 100)


def test_both_hosts_sit_at_one_scale_in_the_two_shot() -> None:
    for canvas in (CANVAS, Canvas(1080, 1920)):
        boxes = shot_boxes(Shot(0, 1000, "B", True), canvas)
        assert boxes["B"].w == boxes["A"].w and boxes["A"].y == boxes["B"].y and boxes["A"].x < boxes["B"].x
        assert boxes["A"].x + boxes["A"].w < boxes["B"].x, "side by side, never over each other"
        close = shot_boxes(Shot(0, 1000, "A", False), canvas)
        assert list(close) == ["A"] and close["A"].w > boxes["B"].w
        for box in [*boxes.values(), *close.values()]:
            assert box.x >= 0 and box.y >= 0 and box.x + box.w <= canvas.width
            assert box.y + box.h <= canvas.height
            assert box.x + box.w <= canvas.width * 0.86 + 1       # off the platform's right button column


def test_the_last_shot_lasts_to_the_end() -> None:
    shots = plan_shots(TURNS, 10500)
    assert shots[-1].end_ms == 10500 and shots[0].start_ms == 0
    assert all(a.end_ms == b.start_ms for a, b in zip(shots, shots[1:], strict=False))


def test_room_colours_are_deterministic_per_description() -> None:
    assert room_style("a cozy wooden cabin").wall == (122, 84, 64)  # pinned: the same in every process
    assert room_style("cozy den").wall == room_style("warm rustic room").wall
    assert room_style("neon gaming den").wall != room_style("bright minimal loft").wall
    assert room_style("somewhere unusual").seed != room_style("somewhere else").seed


def test_track_follows_the_shots_with_actors_in_sync(tmp_path: Path) -> None:
    track = podcast_track(Path("a.mp4"), Path("b.mp4"), TURNS, CANVAS, 10500, room="cozy studio",
                          cache_dir=tmp_path)
    assert track.duration_ms == 10500 and track.audio == ()
    actors = [layer for layer in track.layers if isinstance(layer, VideoLayer)]
    assert len(actors) == 2 + 1 + 1 + 2 + 1
    assert all(a.trim_start_ms == a.start_ms for a in actors)
    assert all(a.mask is not None and a.shadow is not None for a in actors)
    compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers))
    with pytest.raises(ValidationError, match="different"):
        podcast_track(Path("a.mp4"), Path("a.mp4"), TURNS, CANVAS, 10500)


def test_drawn_actors_are_layers_in_each_card_in_sync(layout_media: Path, tmp_path: Path,
                                                       stand_in_actor: Callable[..., PuppetLayer]) -> None:
    a = stand_in_actor((120, 160), duration_ms=10500)
    track = podcast_track(a, replace(a, head=Sprite(layout_media / "actor.png", 1)), TURNS, CANVAS, 10500,
                          cache_dir=tmp_path)
    hosts = [layer for layer in track.layers if isinstance(layer, PuppetLayer)]
    assert [c.head.x for c in hosts] == [0, 1, 1, 0, 0, 1, 0]   # A and B, B, A, A and B, A
    assert all(c.trim_start_ms == c.start_ms and c.mask is None and c.shadow is None for c in hosts), "no cards"
    room = track.layers[0]
    assert isinstance(room, ImageLayer)
    for host in hosts:  # the room behind each host is the room itself, where the host's box is
        assert host.box is not None and isinstance(host.backdrop, ImageLayer) and host.backdrop.path == room.path
        assert host.backdrop.crop == Crop(host.box.x / 180, host.box.y / 320, host.box.w / 180, host.box.h / 320)
    desk = track.layers[len(hosts) + 1]
    assert isinstance(desk, ImageLayer) and desk.path.name.startswith("desk"), "one desk in front of both"
    assert not any(isinstance(layer, VideoLayer) for layer in track.layers)
    compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers))


@pytest.mark.slow
def test_the_hosts_share_one_set_with_no_card_edges(layout_media: Path, tmp_path: Path,
                                                     stand_in_actor: Callable[..., PuppetLayer]) -> None:
    clear = tmp_path / "clear.png"
    Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(clear)  # parts that draw nothing: the backdrop alone shows
    a = replace(stand_in_actor((120, 160), duration_ms=3000), head=Sprite(clear), eyes=Sprite(clear),
                mouth=Sprite(clear))
    track = podcast_track(a, replace(a, head=Sprite(clear, 1)), TURNS[:1], CANVAS, 3000, cache_dir=tmp_path)
    still = render(Timeline(CANVAS, 3000, layers=track.layers), tmp_path / "two.png", profile=StillProfile(1000))
    frame = np.asarray(Image.open(still).convert("RGB"), dtype=np.int16)
    room = track.layers[0]
    assert isinstance(room, ImageLayer)
    wall = np.asarray(Image.open(room.path).convert("RGB"), dtype=np.int16)
    mics = [layer.box for layer in track.layers[4:] if layer.box is not None]
    seen = np.ones(frame.shape[:2], dtype=bool)
    for b in mics:
        seen[b.y:b.y + b.h, b.x:b.x + b.w] = False
    assert np.abs(frame - wall)[seen].mean() < 4, "the room runs on behind both hosts: no card, no border"


@pytest.mark.slow
def test_a_photo_host_is_cut_out_and_sits_in_the_room_not_on_a_card(
        photo_actor: Actor, speech: SpeechInput, stand_in_actor: Callable[..., PuppetLayer], tmp_path: Path) -> None:
    close = shot_boxes(Shot(0, 3000, "A", False), CANVAS)["A"]
    photo = placeable(talking_track(photo_actor, speech, Box(0, 0, close.w, close.h), fps=CANVAS.fps,
                                    duration_ms=3000))
    track = podcast_track(photo, stand_in_actor((120, 160), duration_ms=3000), TURNS[:1], CANVAS, 3000,
                          cache_dir=tmp_path)
    host = next(layer for layer in track.layers if isinstance(layer, PuppetLayer) and layer.head_mask is not None)
    assert host.mask is not None and host.shadow is None, "cut out, no card or shadow"
    still = render(Timeline(CANVAS, 3000, layers=track.layers), tmp_path / "pod.png", profile=StillProfile(1000))
    im = np.asarray(Image.open(still).convert("RGB"), dtype=np.int16)
    room = track.layers[0]
    assert isinstance(room, ImageLayer)
    wall = np.asarray(Image.open(room.path).convert("RGB"), dtype=np.int16)
    box = host.box
    assert box is not None
    seen = im[box.y:box.y + box.h, box.x:box.x + box.w]
    blue = (seen[..., 2] > 150) & (seen[..., 0] < 90)
    assert blue.mean() < 0.005, "the photo's blue backdrop is gone"
    corner = (slice(box.y, box.y + box.h // 6), slice(box.x, box.x + box.w // 6))   # beside the head: the room
    assert np.abs(im[corner] - wall[corner]).mean() < 6


@pytest.mark.slow
def test_rendered_close_up_shows_the_speaker_over_the_room(layout_media: Path, tmp_path: Path) -> None:
    other = tmp_path / "b.png"
    Image.new("RGB", (180, 320), (250, 200, 40)).save(other)
    track = podcast_track(layout_media / "actor.png", other, TURNS, CANVAS, 10500, room="neon night",
                          cache_dir=tmp_path)
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers)
    still = render(tl, tmp_path / "pod.png", profile=StillProfile(3000))   # B's close-up
    im = np.asarray(Image.open(still).convert("RGB")).astype(int)
    box = shot_boxes(Shot(2100, 5100, "B", False), CANVAS)["B"]
    assert np.abs(im[box.y + box.h // 4, box.x + box.w // 2] - (250, 200, 40)).max() < 30
    assert im[4, 4].max() < 120                                            # the dark neon room around it
