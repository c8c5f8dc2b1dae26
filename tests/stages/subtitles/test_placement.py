"""Caption placement: the widest band of the safe area clear of faces, a PiP and the platform's UI."""

from __future__ import annotations

import pytest

from mediakit.stages.pip import PipOptions, pip_box
from mediakit.stages.subtitles.placement import (
    actor_caption_centre,
    caption_centre,
    clear_centre,
    face_band,
    free_bands,
    room_below,
    ui_span,
)
from mediakit.timeline import Canvas


def test_free_bands_cut_out_each_keep_out_band() -> None:
    assert free_bands(0, 100, [(20, 30), (60, 120)]) == [(0, 20), (30, 60)]
    assert free_bands(0, 100, [(-5, 200)]) == []


def test_clear_centre_falls_back_to_the_more_lenient_keep_outs_then_the_whole_span() -> None:
    assert clear_centre(0, 100, [(20, 30)]) == 65          # the widest band is 30..100
    assert clear_centre(0, 100, [(0, 100)], [(0, 40)]) == 70   # nothing left: the lenient list
    assert clear_centre(0, 100, [(0, 100)]) == 50          # nothing at all: the middle


@pytest.mark.parametrize("aspect", ["9:16", "16:9", "1:1"])
@pytest.mark.parametrize("pip", [None, PipOptions(size="large")])
def test_captions_avoid_the_face_the_pip_and_the_ui(aspect: str, pip: PipOptions | None) -> None:
    canvas = Canvas.for_aspect(aspect)
    box = pip_box(pip, canvas) if pip is not None else None
    y = actor_caption_centre(canvas, box, face_shown=True)
    h = canvas.height
    assert 0.10 * h < y < (0.80 if aspect == "9:16" else 0.92) * h  # landscape players' UI is thinner
    top, bottom = face_band(canvas.width, canvas.height)
    assert not top < y < bottom
    if box is not None:
        face_top, face_bottom = face_band(box.w, box.h)
        assert not box.y + face_top < y < box.y + face_bottom
        if aspect == "9:16":
            assert not box.y < y < box.y + box.h


def test_a_page_needs_a_band_it_fits_and_stays_near_its_own_place() -> None:
    # 30..45 is too short for a 20 px page: the page goes to 60..100, as near 50 as it can
    assert clear_centre(0, 100, [(0, 30), (45, 60)], block=20, prefer=50) == 70
    # where nothing is in the way, the style's own place
    assert clear_centre(0, 100, [], block=20, prefer=50) == 50


def test_room_below_opens_a_band_only_where_a_face_fills_the_frame() -> None:
    canvas = Canvas.for_aspect("9:16")
    assert room_below(canvas, "hormozi", [(400, 900)]) is None
    end = room_below(canvas, "karaoke", [(100, 1900)])
    assert end is not None and 0.5 * canvas.height < end < 0.8 * canvas.height
    assert caption_centre(canvas, "karaoke", [(0, end)]) > end


@pytest.mark.parametrize(("size", "bottom"), [((1080, 1920), 0.80), ((1080, 1350), 0.92), ((1080, 1080), 0.92)])
def test_only_a_reel_keeps_its_lower_fifth_for_the_platform_s_ui(size: tuple[int, int], bottom: float) -> None:
    """A 4:5 post plays in the feed with the platform's UI around it, as a square one does; a 9:16 reel has its
    caption, description and button column over its lower fifth."""
    canvas = Canvas(*size)
    assert ui_span(canvas) == pytest.approx((0.10 * size[1], bottom * size[1]))
    if size == (1080, 1350):   # under a full-frame face, the captions take the band from the chin down
        _, chin = face_band(*size)
        assert actor_caption_centre(canvas, None, face_shown=True) == pytest.approx((chin + bottom * size[1]) / 2)
