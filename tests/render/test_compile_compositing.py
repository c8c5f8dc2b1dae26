"""Compositing features of the compiler, read from the graph text (no ffmpeg runs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mediakit.errors import ValidationError
from mediakit.render import compile_timeline, text_fonts
from mediakit.render.compile import placed_box
from mediakit.timeline import (
    Animation,
    Box,
    Canvas,
    ChromaKey,
    ColorLayer,
    Crop,
    Hover,
    ImageLayer,
    KenBurns,
    Quad,
    SequenceLayer,
    Shadow,
    TextLayer,
    Timeline,
    Transition,
    VideoLayer,
)

CANVAS = Canvas(1080, 1920)
QUAD = Quad((100, 200), (700, 260), (680, 640), (120, 600), 960, 600)


def graph(*layers: object, duration: int = 3000) -> str:
    tl = Timeline(CANVAS, duration, layers=layers)  # type: ignore[arg-type]
    return compile_timeline(tl, fonts=text_fonts(tl)).graph


def test_stills_are_decoded_and_scaled_once_then_held() -> None:
    c = compile_timeline(Timeline(CANVAS, 2000, layers=(ImageLayer(path=Path("bg.png")),
                                                        ImageLayer(path=Path("logo.png"), box=Box(0, 0, 200, 100)))))
    # read inside the graph (no -i input, no decoder thread) and repeated by the loop filter: 60 frames
    assert not any("bg.png" in " ".join(i) for i in c.inputs)
    assert "movie=filename='bg.png',trim=end_frame=1[base_img]" in c.graph
    hold = "loop=loop=59:size=1:start=0,settb=expr=1/30,setpts=N,fps=30/1"
    assert c.graph.count(hold) == 2
    # scaled and converted once, before the hold
    # scaled and converted once (RGB to BT.709 YUV, TV range), before the hold
    to_yuv = "format=pix_fmts=yuv420p:color_spaces=bt709:color_ranges=tv,loop=loop=59"
    assert c.graph.index("scale=1080:1920") < c.graph.index(to_yuv)
    assert "format=pix_fmts=yuva420p:color_spaces=bt709:color_ranges=tv,loop=loop=59" in c.graph  # keeps alpha


def test_scale_enter_grows_about_the_box_centre() -> None:
    g = graph(ColorLayer(), VideoLayer(path=Path("a.mp4"), box=Box(100, 1000, 400, 600), start_ms=500,
                                       enter=Animation("scale", 400)))
    assert "scale=w='max(2,trunc(iw*(1-pow(1-min(1,max(0,(t-0.000)/0.400)),3))/2)*2)'" in g
    assert ":eval=frame" in g
    assert "overlay=x='100+(400-w)/2':y='1000+(600-h)/2'" in g
    # the scale runs on the layer's own clock, before it is shifted to its start
    assert g.index("eval=frame") < g.index("setpts=PTS-STARTPTS+round(0.500/TB)")


def test_mask_is_alphamerged_from_a_held_single_frame() -> None:
    c = compile_timeline(Timeline(CANVAS, 1000, layers=(
        ColorLayer(), VideoLayer(path=Path("a.mp4"), box=Box(10, 10, 300, 400), mask=Path("m.png")))))
    assert "movie=filename='m.png',trim=end_frame=1[l1_mask]" in c.graph
    assert re.search(r"\[l1_mask\]scale=300:400,format=gray,loop=loop=29:size=1:start=0,", c.graph)
    assert "[l1_c][l1_m]alphamerge" in c.graph


def test_shadow_is_built_once_and_widens_the_placed_box() -> None:
    sh = Shadow(offset_x=4, offset_y=10, blur_px=8, opacity=0.5)
    layer = VideoLayer(path=Path("a.mp4"), box=Box(100, 200, 300, 400), mask=Path("m.png"), shadow=sh,
                       start_ms=100, enter=Animation("slide-up", 300))
    g = graph(ColorLayer(), layer)
    m = sh.margin
    assert m == 36  # three blur radii, the larger offset, and 2 pixels
    assert "split=2[l1_m1][l1_ms]" in g                   # the mask feeds the alpha and the shadow
    assert "pad=372:472:40:46:color=black,gblur=sigma=8" in g
    assert "lut=c0='val*0.500'" in g
    assert f"overlay=x={m}:y={m}:shortest=1" in g
    assert placed_box(layer, CANVAS.box) == Box(64, 164, 372, 472)
    assert "y='164+(1920-164)*(1-" in g
    # a shadow without a mask takes the box's rectangle as its shape
    g2 = graph(ColorLayer(), ImageLayer(path=Path("a.png"), box=Box(0, 0, 100, 100), shadow=Shadow()))
    assert "color=c=white:s=100x100" in g2 and "alphamerge" in g2


def test_warp_pads_scales_and_maps_corners_into_the_quad() -> None:
    g = graph(ColorLayer(), VideoLayer(path=Path("screen.mp4"), warp=QUAD))
    b = QUAD.bounds
    assert b == Box(100, 200, 600, 440)
    assert "scale=960:600:force_original_aspect_ratio=increase" in g   # fitted at its flat size first
    assert f"pad=964:604:2:2:color=black@0,scale={b.w}:{b.h}" in g
    assert "perspective=x0=0:y0=0:x1=600:y1=60:x2=20:y2=400:x3=580:y3=440:sense=destination" in g
    assert "overlay=x=100:y=200" in g


def test_chroma_key_and_hover() -> None:
    g = graph(ColorLayer(), VideoLayer(path=Path("green.mp4"), box=Box(0, 0, 500, 500),
                                       key=ChromaKey("0x00ff00", 0.25, 0.1), hover=Hover(0, 12, 2000)))
    assert ("format=rgba,colorkey=color=0x00ff00:similarity=0.250:blend=0.100,"
            "format=pix_fmts=yuva420p:color_spaces=bt709:color_ranges=tv") in g
    assert "overlay=x=0:y='0+12*sin(2*PI*(t-0.000)/2.000)'" in g


@pytest.mark.parametrize(("key", "steps"), [
    (ChromaKey("0x00ff00", 0.25, 0.1, despill=True),
     "format=rgba,colorkey=color=0x00ff00:similarity=0.250:blend=0.100,despill=type=green,"
     "format=pix_fmts=yuva420p:color_spaces=bt709:color_ranges=tv"),
    (ChromaKey("0x00AF3E", 0.16, 0.08, space="yuv"),  # stays in YUV: no matrix conversion
     "setsar=1,chromakey=color=0x00AF3E:similarity=0.160:blend=0.080,format=pix_fmts=yuva420p:color_ranges=tv[l1]"),
    (ChromaKey("0x00AF3E", 0.16, 0.08, space="yuv", despill=True),
     "chromakey=color=0x00AF3E:similarity=0.160:blend=0.080,format=rgba,despill=type=green,"
     "format=pix_fmts=yuva420p:color_spaces=bt709:color_ranges=tv"),
])
def test_key_space_and_despill(key: ChromaKey, steps: str) -> None:
    """A chroma key works in YUV, colorkey in RGB; despill needs RGB, so only it converts a chroma-keyed frame."""
    g = graph(ColorLayer(), VideoLayer(path=Path("green.mp4"), box=Box(0, 0, 500, 500), key=key))
    assert steps in g
    assert g.count("key=color") == 1


def test_crop_then_fit() -> None:
    g = graph(VideoLayer(path=Path("actor.mp4"), crop=Crop(0.2, 0.1, 0.6, 0.5)))
    assert "crop=w=iw*0.6000:h=ih*0.5000:x=iw*0.2000:y=ih*0.1000,scale=1080:1920" in g


def test_ken_burns_prescales_once_and_only_crops_when_the_zoom_is_constant() -> None:
    zoom = graph(ImageLayer(path=Path("a.jpg"), motion=KenBurns(1.0, 1.2, (0.2, 0.5), (0.8, 0.5))), duration=4000)
    pre = "scale=1296:2304:force_original_aspect_ratio=increase:flags=bicubic"
    assert pre in zoom
    assert zoom.index(pre) < zoom.index("loop=loop=119")
    assert "scale=w='max(1080,ceil(iw*(1.0000+0.2000*(0.5-0.5*cos(PI*min(1,max(0,t/4.000)))))/1.2000))'" in zoom
    assert "crop=1080:1920:x='(iw-ow)*(0.2000+0.6000*" in zoom
    pan = graph(ImageLayer(path=Path("a.jpg"), motion=KenBurns(1.1, 1.1, (0.0, 0.5), (1.0, 0.5))))
    assert "eval=frame" not in pan
    assert "crop=1080:1920:x='(iw-ow)*(0.0000+1.0000*" in pan and ":y='(ih-oh)*0.5000'" in pan


def test_sequence_centres_each_xfade_on_its_cut_and_keeps_the_total() -> None:
    seq = SequenceLayer(scenes=(ImageLayer(path=Path("a.jpg"), duration_ms=2000),
                                VideoLayer(path=Path("actor.mp4"), duration_ms=1500, trim_start_ms=2000),
                                ColorLayer(color="red", duration_ms=1500)),
                        transition=Transition("slideleft", 400))
    assert seq.duration_ms == 5000 and seq.cuts_ms == (2000, 3500)
    c = compile_timeline(Timeline(CANVAS, 5000, layers=(seq,)))
    g = c.graph
    assert "overlay" not in g  # a full-frame sequence is the base itself
    # counted in frames at 30 fps: cuts at 60 and 105, 12-frame transitions centred on them
    assert "[bases0]split=2[bases0b_in][bases0t_in]" in g
    assert "[bases0b_in]trim=start_frame=0:end_frame=54," in g and "[bases0t_in]trim=start_frame=54:end_frame=66," in g
    assert "[bases1h_in]trim=start_frame=0:end_frame=12," in g and "[bases1b_in]trim=start_frame=12:end_frame=45," in g
    assert "[bases1t_in]trim=start_frame=45:end_frame=57," in g and "[bases2b_in]trim=start_frame=12:end_frame=51," in g
    # xfade only sees the transition frames: the tail of one scene and the head of the next
    assert ("[bases0t][bases1h]xfade=transition=slideleft:duration=0.400000:offset=0,"
            "format=pix_fmts=yuv420p:color_ranges=tv[base_x0]") in g
    assert ("[bases1t][bases2h]xfade=transition=slideleft:duration=0.400000:offset=0,"
            "format=pix_fmts=yuv420p:color_ranges=tv[base_x1]") in g
    assert "[bases0b][base_x0][bases1b][base_x1][bases2b]concat=n=5:v=1:a=0" in g   # 54+12+33+12+39 = 150
    # scene 1 starts half a transition early, so its content at the cut is the actor at 2.000 s
    assert ("-ss", "1.800", "-t", "1.934", "-i", "actor.mp4") in c.inputs
    assert "tpad=stop_mode=clone" in g and "trim=end_frame=59" in g
    assert "loop=loop=67:size=1" in g  # the still: 66 frames needed plus one spare
    assert len(c.inputs) == 1          # the actor clip; the still and the silent audio are sources in the graph
    fade = SequenceLayer(scenes=(ColorLayer(duration_ms=500), ColorLayer(color="red", duration_ms=500)))
    g = compile_timeline(Timeline(CANVAS, 1000, layers=(fade,))).graph
    # a crossfade blends with overlay in 4:2:0 instead of xfade's 4:4:4 round trip
    assert "[bases1h]format=pix_fmts=yuva420p:color_ranges=tv,fade=t=in:st=0:d=0.300000:alpha=1[base_x0_in]" in g
    assert "[bases0t][base_x0_in]overlay=format=yuv420[base_x0]" in g and "xfade" not in g
    cut = SequenceLayer(scenes=(ColorLayer(duration_ms=500), ColorLayer(color="red", duration_ms=500)),
                        transition=Transition("cut", 0))
    g = compile_timeline(Timeline(CANVAS, 1000, layers=(cut,))).graph
    assert "concat=n=2:v=1:a=0" in g and "xfade" not in g


def test_sequence_rules() -> None:
    with pytest.raises(ValidationError, match="at least one scene"):
        SequenceLayer(scenes=())
    with pytest.raises(ValidationError, match="duration_ms"):
        SequenceLayer(scenes=(ColorLayer(),))
    with pytest.raises(ValidationError, match="must not set start_ms, box"):
        SequenceLayer(scenes=(ColorLayer(duration_ms=500, box=Box(0, 0, 10, 10)),))
    with pytest.raises(ValidationError, match="too short"):
        SequenceLayer(scenes=(ColorLayer(duration_ms=1000), ColorLayer(duration_ms=200),
                              ColorLayer(duration_ms=1000)), transition=Transition("fade", 300))
    with pytest.raises(ValidationError, match="sum of scene durations"):
        SequenceLayer(scenes=(ColorLayer(duration_ms=500),), duration_ms=600)
    with pytest.raises(ValidationError, match="cut, fade"):
        Transition("spin", 300)


def test_model_rules() -> None:
    with pytest.raises(ValidationError, match="cover-fit"):
        KenBurns(0.9, 1.1)
    with pytest.raises(ValidationError, match="fractions"):
        KenBurns(pan_from=(1.2, 0.5))
    with pytest.raises(ValidationError, match="needs fit 'cover'"):
        ImageLayer(path=Path("a.png"), fit="contain", motion=KenBurns())
    with pytest.raises(ValidationError, match="replaces box"):
        VideoLayer(path=Path("a.mp4"), box=Box(0, 0, 10, 10), warp=QUAD)
    with pytest.raises(ValidationError, match="cannot be combined with warp"):
        VideoLayer(path=Path("a.mp4"), warp=QUAD, shadow=Shadow())
    with pytest.raises(ValidationError, match="none or fade"):
        ColorLayer(exit=Animation("slide-up"))
    with pytest.raises(ValidationError, match="x \\+ w <= 1"):
        Crop(0.5, 0, 0.6, 1)
    with pytest.raises(ValidationError, match="scale"):
        Animation("spin")  # type: ignore[arg-type]


def test_decorated_first_layer_is_not_used_as_the_base() -> None:
    g = graph(VideoLayer(path=Path("a.mp4"), mask=Path("m.png")))
    assert "color=c=black:s=1080x1920" in " ".join(" ".join(i) for i in
                                                    compile_timeline(Timeline(CANVAS, 1000, layers=(
                                                        VideoLayer(path=Path("a.mp4"), mask=Path("m.png")),))).inputs)
    assert "overlay" in g


def test_text_layers_still_compile_with_the_new_chain_builder() -> None:
    g = graph(TextLayer(text="Hello", box=Box(0, 0, 1080, 200)), duration=1000)
    assert "drawtext=" in g and "color=c=black@0.0:s=1080x200" in g
