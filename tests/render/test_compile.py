"""The compiler is pure: these tests read the graph text, no ffmpeg runs."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mediakit.errors import ValidationError
from mediakit.render import StillProfile, compile_timeline, text_fonts
from mediakit.timeline import (
    Animation,
    AudioClip,
    Box,
    Canvas,
    Captions,
    ColorLayer,
    ImageLayer,
    TextLayer,
    Timeline,
    VideoLayer,
)
from mediakit.words import Word

CANVAS = Canvas(1080, 1920)
CAPTIONS = Captions((Word("Hello", 0, 500),), "hormozi")


def test_full_frame_video_is_the_base_without_an_overlay() -> None:
    tl = Timeline(CANVAS, 2000, layers=(VideoLayer(path=Path("in.mp4")),), audio=(AudioClip(Path("in.mp4")),),
                  captions=CAPTIONS)
    c = compile_timeline(tl, captions_file=Path("/tmp/c.ass"))
    assert "overlay" not in c.graph
    assert "color=" not in c.graph
    assert "ass=filename='/tmp/c.ass'" in c.graph
    assert c.graph.count("[vout]") == 1 and c.graph.count("[aout]") == 1
    args = c.args("out.mp4")
    assert args[args.index("-t", args.index("-filter_complex")) + 1] == "2.000"
    assert args[-1] == "out.mp4"
    for opt in ("libx264", "high", "yuv420p", "aac", "48000", "+faststart"):
        assert opt in args


def test_single_process_single_graph_for_many_layers() -> None:
    tl = Timeline(CANVAS, 3000, layers=(
        ImageLayer(path=Path("bg.png")),
        VideoLayer(path=Path("pip.mp4"), box=Box(100, 1200, 400, 600), start_ms=500,
                   enter=Animation("slide-up", 400)),
        ColorLayer(color="red@0.5", box=Box(0, 0, 200, 200), start_ms=100, enter=Animation("fade", 300)),
        TextLayer(text="Hi: 'you'", box=Box(0, 0, 1080, 300), size_px=80),
    ))
    c = compile_timeline(tl, fonts=text_fonts(tl))
    args = c.args("o.mp4")
    assert args.count("-filter_complex") == 1
    assert c.graph.count("overlay=") == 3
    assert "setpts=PTS-STARTPTS+round(0.500/TB)" in c.graph
    assert "enable='between(t,0.500,3.000)'" in c.graph
    assert "fade=t=in:st=0:d=0.300:alpha=1" in c.graph
    assert "expansion=none" in c.graph


def test_fit_modes() -> None:
    def graph(fit: str) -> str:
        tl = Timeline(CANVAS, 1000, layers=(VideoLayer(path=Path("in.mp4"), fit=fit),))  # type: ignore[arg-type]
        c = compile_timeline(tl)
        return c.graph + "\n" + " ".join(" ".join(i) for i in c.inputs)
    assert "force_original_aspect_ratio=increase" in graph("cover") and "crop=1080:1920" in graph("cover")
    # contain letterboxes over the timeline's background colour
    assert "pad=1080:1920" in graph("contain") and "color=c=black:s=1080x1920" in graph("contain")
    blur = graph("blur")
    assert "gblur" in blur and "split=2" in blur
    with pytest.raises(ValidationError, match="fit"):
        VideoLayer(path=Path("x"), fit="stretch")  # type: ignore[arg-type]


def test_no_audio_gives_silent_stereo_track() -> None:
    c = compile_timeline(Timeline(CANVAS, 1000, layers=(ImageLayer(path=Path("a.png")),)))
    assert "anullsrc=r=48000:cl=stereo,atrim=0:1.000[aout]" in c.graph
    assert not any("lavfi" in i for i in c.inputs)


def test_audio_clips_are_mixed_delayed_and_faded() -> None:
    tl = Timeline(CANVAS, 5000, audio=(AudioClip(Path("v.wav")),
                                       AudioClip(Path("m.wav"), start_ms=250, gain_db=-18, loop=True,
                                                 fade_out_ms=1000)))
    c = compile_timeline(tl)
    assert "amix=inputs=2:normalize=0" in c.graph
    assert "adelay=250:all=1" in c.graph and "volume=-18.00dB" in c.graph
    assert "afade=t=out:st=3.750:d=1.000" in c.graph
    assert ("-stream_loop", "-1", "-t", "4.750", "-i", "m.wav") in c.inputs


def test_still_profile_has_no_audio_map() -> None:
    c = compile_timeline(Timeline(CANVAS, 1000, layers=(ImageLayer(path=Path("a.png")),)), StillProfile(500))
    assert "[aout]" not in " ".join(c.maps)
    assert "-frames:v" in c.output_options


def test_paths_with_special_characters_are_quoted() -> None:
    compiled = compile_timeline(Timeline(CANVAS, 1000, captions=CAPTIONS), captions_file=Path("/tmp/it's: a,b.ass"))
    assert r"filename='/tmp/it'\\\''s\: a,b.ass'" in compiled.graph


def test_captions_need_the_file_execute_writes_them_to() -> None:
    with pytest.raises(ValidationError, match="captions: have no ASS file to burn"):
        compile_timeline(Timeline(CANVAS, 1000, captions=CAPTIONS))


def test_canvas_rules() -> None:
    assert Canvas.for_aspect("1:1") == Canvas(1080, 1080)
    assert Canvas.for_aspect("16:9").width == 1920
    assert Canvas.for_aspect("4:5") == Canvas(1080, 1350)   # a feed post, beyond the spec's three
    with pytest.raises(ValidationError, match="aspect"):
        Canvas.for_aspect("4:3")
    with pytest.raises(ValidationError, match="even"):
        Canvas(1081, 1920)
    assert Canvas(640, 360, Fraction(25)).fps == 25


def test_layer_starting_after_end_is_rejected() -> None:
    with pytest.raises(ValidationError, match="before the timeline's end"):
        Timeline(CANVAS, 1000, layers=(ColorLayer(start_ms=1000),))


def test_a_video_and_its_own_sound_share_one_input() -> None:
    tl = Timeline(CANVAS, 2000, layers=(VideoLayer(path=Path("in.mp4")),),
                  audio=(AudioClip(Path("in.mp4")), AudioClip(Path("in.mp4"), start_ms=500)))
    c = compile_timeline(tl)
    assert c.inputs[0] == ("-t", "2.000", "-i", "in.mp4")
    assert "[0:v]" in c.graph and "[0:a]" in c.graph
    assert len(c.inputs) == 2  # the delayed copy is a span of its own: read separately


def test_a_layer_on_screen_from_the_first_frame_skips_its_entrance() -> None:
    """Frame 0 is the cover: a PiP or a phone there from the start is there whole, not sliding or fading in."""
    enter = Animation("fade", 300)
    tl = Timeline(CANVAS, 2000, layers=(ImageLayer(path=Path("bg.png")),
                                        ColorLayer(color="red", box=Box(0, 0, 200, 200), enter=enter),
                                        ColorLayer(color="blue", box=Box(0, 0, 200, 200), start_ms=500, enter=enter)))
    graph = compile_timeline(tl).graph
    assert graph.count("fade=t=in") == 1          # only the layer that enters later fades in
