"""The green-screen layout: the photo actor cut out in front of a page, the page seen where the photo's backdrop was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from mediakit.analysis.person import person_alpha
from mediakit.media_io import open_image
from mediakit.render import render
from mediakit.render.profile import VideoProfile
from mediakit.stages.actors.catalog import Actor
from mediakit.stages.actors.talking import SpeechInput
from mediakit.stages.layouts.fills import page_backdrop
from mediakit.stages.layouts.green_screen import actor_box, green_screen_track
from mediakit.timeline import Canvas, ImageLayer, PuppetLayer, Timeline

CANVAS = Canvas(270, 480, 30)


def test_the_page_shows_where_the_photo_had_its_backdrop_and_the_face_is_whole(
        photo_actor: Actor, page: Path, speech: SpeechInput, frame: Callable[..., Any], tmp_path: Path) -> None:
    track = green_screen_track(photo_actor, speech, page, CANVAS, 1000)
    out = render(Timeline(CANVAS, 1000, layers=track.layers), tmp_path / "gs.mp4", profile=VideoProfile(crf=1))
    shot = frame(out, 400, tmp_path / "f.png")
    box = actor_box(CANVAS)
    actor = track.layers[-1]
    assert isinstance(actor, PuppetLayer) and isinstance(actor.backdrop, ImageLayer)
    plate = np.asarray(open_image(actor.backdrop.path).convert("RGB"), dtype=np.int16)
    alpha = np.asarray(Image.open(person_alpha(actor.backdrop.path)))
    back = np.asarray(Image.open(page_backdrop(page, (CANVAS.width, CANVAS.height))).convert("RGB"), dtype=np.int16)
    seen = shot[box.y:box.y + box.h, box.x:box.x + box.w]
    gone = alpha == 0
    assert gone.mean() > 0.3, "the photo had backdrop around the speaker"
    assert np.abs(seen - back[box.y:, box.x:box.x + box.w])[gone].mean() < 4, "the page shows behind the silhouette"
    blue = (seen[..., 2] > 150) & (seen[..., 0] < 90)
    assert blue.mean() < 0.005, "none of the photo's blue backdrop is left"
    # the face (nose, cheeks, mouth: the middle of the plate's upper half) is the photo's, not the page's
    face = (slice(round(box.h * 0.3), round(box.h * 0.55)), slice(round(box.w * 0.35), round(box.w * 0.65)))
    assert alpha[face].min() == 255
    assert np.abs(seen[face] - plate[face]).mean() < 12
    assert np.abs(shot[:box.y] - back[:box.y]).mean() < 4, "above the actor, the page whole"
