"""Compile a timeline into ONE ffmpeg filter graph and its arguments.

Pure: no process, no file I/O (the font files of text layers are looked up
before, by ``render.text_fonts``, and the captions' ASS document is written by
``execute.captions_file``; the graph only names them).  Tests snapshot the graph of named cases in
milliseconds, and ``execute`` is the only place ffmpeg runs (the ffmpeg-python
split between ``get_args`` and ``run``).

Each layer type compiles through one dispatch table, ``_CONTENT`` (layer
class -> the method that brings its pixels to its box); what else the
compiler needs to know about a type is on the class (``always_alpha``,
``can_be_base``).  A new layer type is a timeline class plus one entry here.

Everything is drawn inside the one graph, subtitles included, so a render
costs close to a bare encode.  Colours follow ``render.colour``: RGB sources
are converted with the BT.709 matrix once, and the output is tagged BT.709.

Stills are decoded and fitted once and then repeated (``loop``), so an image
layer, a mask or a shadow costs one scale per render, not one per frame; only
what really changes per frame (Ken Burns zoom, a scale-in) is evaluated per
frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import ValidationError
from ..timeline import (
    NO_ANIMATION,
    AnimatedLayer,
    AudioClip,
    Box,
    ChromaKey,
    ColorLayer,
    Crop,
    Dip,
    ImageLayer,
    KenBurns,
    Layer,
    PuppetLayer,
    SequenceLayer,
    Sprite,
    TextLayer,
    Timeline,
    VideoLayer,
    VisualLayer,
    Wave,
)
from .colour import OUTPUT, YUV420, YUVA420, keep_yuv, to_yuv
from .profile import DEFAULT_PROFILE, Profile

SAMPLE_RATE = 48000  # every sound is mixed at the rate it is delivered in (AAC 48 kHz)
FontFiles = Mapping[tuple[str, bool], Path]  # (family, bold) -> font file, for text layers


@dataclass(frozen=True)
class Compiled:
    """Arguments of one ffmpeg run, minus the binary and the output path."""

    inputs: tuple[tuple[str, ...], ...]
    graph: str
    maps: tuple[str, ...]
    output_options: tuple[str, ...]
    duration_ms: int

    def args(self, output: str, *, graph_file: str | None = None) -> list[str]:
        """Full argument list; with ``graph_file`` the graph is read from that file."""
        out: list[str] = []
        for inp in self.inputs:
            out += inp
        out += ["-/filter_complex", graph_file] if graph_file else ["-filter_complex", self.graph]
        out += [*self.maps, "-t", _sec(self.duration_ms), *self.output_options, "-y", output]
        return out


def compile_timeline(timeline: Timeline, profile: Profile = DEFAULT_PROFILE, *,
                     fonts: FontFiles | None = None, captions_file: Path | None = None) -> Compiled:
    """Compile ``timeline`` into the arguments of one ffmpeg run.

    ``fonts`` maps each text layer's (family, bold) to its file
    (``render.text_fonts(timeline)``); a timeline without text needs none.
    ``captions_file`` is where the timeline's captions are written as ASS
    when ffmpeg runs (``execute.captions_file``); one without captions needs none.
    """
    c = _Compiler(timeline, fonts or {}, captions_file)
    video = c.video()
    maps = ["-map", f"[{video}]"]
    if profile.has_audio:
        maps += ["-map", f"[{c.audio()}]"]
    return Compiled(tuple(c.inputs), ";\n".join(c.chains), tuple(maps), tuple(profile.output_options()),
                    timeline.duration_ms)


class _Stream:
    """A stream under construction: a label plus filter steps not yet written to the graph."""

    def __init__(self, chains: list[str], label: str, steps: list[str] | None = None) -> None:
        self.chains = chains
        self.label = label
        self.steps = list(steps or [])

    def add(self, *steps: str) -> _Stream:
        self.steps.extend(steps)
        return self

    def close(self, name: str) -> str:
        """Write the pending steps as one chain ending in ``[name]``; return the label to continue from.

        With no steps pending nothing is written and the current label is returned.
        """
        if self.steps:
            self.chains.append(f"[{self.label}]{','.join(self.steps)}[{name}]")
            self.label, self.steps = name, []
        return self.label

    def join(self, name: str, step: str, other: str, *, other_first: bool = False) -> None:
        """Close as ``name``, then continue from the two-input ``step`` fed this stream and ``other``."""
        mine = self.close(name)
        a, b = (other, mine) if other_first else (mine, other)
        self.chains.append(f"[{a}][{b}]{step}[{name}_j]")
        self.label = f"{name}_j"


class _Compiler:
    """Accumulates inputs and filter chains; one instance per compile."""

    def __init__(self, timeline: Timeline, fonts: FontFiles, captions_file: Path | None) -> None:
        self.tl = timeline
        self.fonts = fonts
        self.captions_file = captions_file
        self.inputs: list[tuple[str, ...]] = []
        self.audio_taken: set[int] = set()
        self.chains: list[str] = []
        fps = timeline.canvas.fps
        self.fps = f"{fps.numerator}/{fps.denominator}"

    # ---- inputs -------------------------------------------------------------------
    def add_input(self, *args: str) -> int:
        self.inputs.append(args)
        return len(self.inputs) - 1

    def audio_input(self, args: tuple[str, ...]) -> int:
        """Input index for an audio clip, reusing a video layer's input of the same file and span.

        Burning captions on a video reads its picture and its sound: one
        demuxer instead of two.  Each input's audio is taken at most once.
        """
        for idx, existing in enumerate(self.inputs):
            if existing == args and idx not in self.audio_taken:
                self.audio_taken.add(idx)
                return idx
        idx = self.add_input(*args)
        self.audio_taken.add(idx)
        return idx

    def frames(self, dur_ms: int) -> int:
        """Frames a stream of ``dur_ms`` needs at canvas rate (at least one)."""
        return max(1, math.ceil(dur_ms * self.tl.canvas.fps / 1000))

    def hold(self, dur_ms: int) -> str:
        """Repeat a single decoded frame for ``dur_ms`` at canvas rate: the still is decoded and scaled once."""
        fps = self.tl.canvas.fps
        return (f"loop=loop={self.frames(dur_ms) - 1}:size=1:start=0,settb=expr={fps.denominator}/{fps.numerator},"
                f"setpts=N,fps={self.fps}")

    def still(self, path: Path, label: str) -> str:
        """The first frame of an image, read by a ``movie`` source inside the graph.

        Not an ``-i`` input: ffmpeg 9's threaded scheduler occasionally loses
        end-of-stream between an audio input's demuxer and decoder when the
        graph also has single-frame image inputs, and the render then hangs
        (seen in about 1 of 20 runs).  Reading stills inside the graph avoids
        that, and a still needs no decoder thread anyway.
        """
        self.chains.append(f"movie=filename={_q(str(path))},trim=end_frame=1[{label}]")
        return label

    def layer_span(self, layer: Layer) -> tuple[int, int]:
        end = self.tl.duration_ms if layer.duration_ms is None else min(
            self.tl.duration_ms, layer.start_ms + layer.duration_ms)
        return layer.start_ms, end

    def content(self, layer: VisualLayer, box: Box, label: str, dur: int, in_sequence: bool,
                pix_fmt: str) -> _Stream:
        """A layer's pixels brought to ``box`` size at canvas rate (no alpha work yet), by its type."""
        build = _CONTENT.get(type(layer))
        if build is None:
            raise ValidationError("layer", type(layer).__name__, "is not a layer type the compiler knows "
                                  "(add it to render.compile._CONTENT)")
        return build(self, layer, box, label, dur, in_sequence, pix_fmt)

    def sequence_content(self, layer: SequenceLayer, box: Box, label: str, dur: int, in_sequence: bool,
                         pix_fmt: str) -> _Stream:
        return _Stream(self.chains, self.sequence(layer, box, label))

    def color_content(self, layer: ColorLayer, box: Box, label: str, dur: int, in_sequence: bool,
                      pix_fmt: str) -> _Stream:
        return _Stream(self.chains, self.generated(layer.color, box, label, dur))

    def text_content(self, layer: TextLayer, box: Box, label: str, dur: int, in_sequence: bool,
                     pix_fmt: str) -> _Stream:
        return _Stream(self.chains, self.generated("black@0.0", box, label, dur), [self.drawtext(layer, box)])

    def generated(self, color: str, box: Box, label: str, dur: int) -> str:
        """A colour plane made inside the graph (not as a lavfi input, so the alpha channel survives)."""
        src = f"{label}_src"
        self.chains.append(f"color=c={color}:s={box.w}x{box.h}:r={self.fps}:d={_sec(dur)},{YUVA420}[{src}]")
        return src

    def video_content(self, layer: VideoLayer, box: Box, label: str, dur: int, in_sequence: bool,
                      pix_fmt: str) -> _Stream:
        args: list[str] = []
        if layer.loop:
            args += ["-stream_loop", "-1"]
        if layer.trim_start_ms:
            args += ["-ss", _sec(layer.trim_start_ms)]
        src = f"{self.add_input(*args, '-t', _sec(dur), '-i', str(layer.path))}:v"
        pre = [f"fps={self.fps}"]
        if in_sequence:  # the scene's trims need every frame of its span, even from a short clip
            pre = ["setpts=PTS-STARTPTS", *pre, f"tpad=stop_mode=clone:stop_duration={_sec(dur)}",
                   f"trim=end_frame={self.frames(dur)}"]
        return self.picture(layer, src, pre, [], box, label, dur, keep_yuv("yuva420p"))

    def image_content(self, layer: ImageLayer, box: Box, label: str, dur: int, in_sequence: bool,
                      pix_fmt: str) -> _Stream:
        """A still is converted to ``pix_fmt`` before it is held, so its per-frame part never converts again."""
        src = self.still(layer.path, f"{label}_img")
        convert = "format=rgba" if pix_fmt == "rgba" else to_yuv(pix_fmt)
        return self.picture(layer, src, [], [convert, self.hold(dur)], box, label, dur, YUVA420)

    def picture(self, layer: VideoLayer | ImageLayer, src: str, pre: list[str], held: list[str], box: Box,
                label: str, dur: int, yuva: str) -> _Stream:
        """Crop, then Ken Burns or fit, around the steps that hold a still (``held``, empty for video).

        ``yuva`` is how this source becomes yuva420p when a fit needs alpha: the
        BT.709 conversion for RGB stills, a pass-through for video.
        """
        if layer.crop is not None:
            pre.append(_crop(layer.crop))
        if layer.motion is not None:
            static, moving = _ken_burns(layer.motion, box, dur)
            return _Stream(self.chains, src, [*pre, static, *held, *moving])
        src, steps = self.fit(layer.fit, box, src, label, pre, yuva)
        return _Stream(self.chains, src, [*steps, *held])

    def puppet_content(self, layer: PuppetLayer, box: Box, label: str, dur: int, in_sequence: bool,
                       pix_fmt: str) -> _Stream:
        """A drawn or photo actor composed over its backdrop: a fragment of this graph, not a clip of its own.

        The mouth and eyes are cropped out of their held strips by a step
        function of time, overlaid on the held head (then given the head's
        mask as alpha, for a photo); the head sways over the backdrop and the
        body, if any, breathes on top.  Time is ``t`` plus the trim, so
        every scene or PiP showing the actor is in step with the voice.
        """
        w, h = layer.size
        now = f"(t+{_sec(layer.trim_start_ms)})" if layer.trim_start_ms else "t"
        backdrop = layer.backdrop
        if isinstance(backdrop, VideoLayer):
            backdrop = replace(backdrop, trim_start_ms=backdrop.trim_start_ms + layer.trim_start_ms)
        punch = layer.punch
        tight = None if punch is None else _in_spans(punch.spans, now)
        if punch is not None and punch.backdrop is not None:  # two cells, wide then tight: crop the one of now
            src = self.still(punch.backdrop, f"{label}_bd_img")
            bg = f"{label}_bd"
            self.chains.append(f"[{src}]{to_yuv('yuv420p')},{self.hold(dur)},crop=w={w}:h={h}:x='{w}*{tight}':y=0,"
                               f"setsar=1[{bg}]")
        else:
            bg = self.fitted(backdrop, Box(0, 0, w, h), f"{label}_bd", dur_ms=dur, opaque=True)
        head = self.held_sprite(layer.head, f"{label}_hd", dur, now, tight)
        eyes = self.held_sprite(layer.eyes, f"{label}_ey", dur, now, tight)
        mouth = self.held_sprite(layer.mouth, f"{label}_mo", dur, now, tight)
        body_sprite = layer.body
        body = None if body_sprite is None else self.held_sprite(body_sprite, f"{label}_bo", dur, now, tight)
        hx, hy = _waves(layer.head.x, layer.head_dx, now), _waves(layer.head.y, layer.head_dy, now, layer.head_dips)
        face = f"{label}_face"
        self.chains += [
            f"[{head}][{eyes}]overlay=x={layer.eyes.x}:y={layer.eyes.y}:format=auto[{label}_h1]",
            f"[{label}_h1][{mouth}]overlay=x={layer.mouth.x}:y={layer.mouth.y}:format=auto[{face}]",
        ]
        if layer.head_mask is not None:
            mask = self.still(layer.head_mask, f"{label}_mk_img")
            cut = "" if tight is None else f",crop=w=iw/2:h=ih:x='iw/2*{tight}':y=0"
            self.chains += [f"[{mask}]format=gray,{self.hold(dur)}{cut}[{label}_mk]",
                            f"[{face}][{label}_mk]alphamerge[{label}_fm]"]
            face = f"{label}_fm"
        self.chains.append(f"[{bg}][{face}]overlay=x={hx}:y={hy}[{label}_s1]")
        out = f"{label}_s1"
        if body_sprite is not None:
            body_y = _waves(body_sprite.y, layer.body_dy, now, layer.body_dips)
            self.chains.append(f"[{out}][{body}]overlay=x={body_sprite.x}:y={body_y}[{label}_pp]")
            out = f"{label}_pp"
        return _Stream(self.chains, out, _framed(layer, (w, h), box, dur))

    def held_sprite(self, sprite: Sprite, label: str, dur: int, now: str, tight: str | None = None) -> str:
        """A sprite converted once and repeated; a strip is cropped to the cell its schedule shows now (its
        second half, the tight cells, while ``tight`` is 1: a punch-in)."""
        src = self.still(sprite.path, f"{label}_img")
        steps = [YUVA420, self.hold(dur)]
        if sprite.cells > 1:
            cell = _cell_at(sprite, now) if tight is None else f"({_cell_at(sprite, now)}+{sprite.cells // 2}*{tight})"
            steps.append(f"crop=w=iw/{sprite.cells}:h=ih:x='iw/{sprite.cells}*{cell}':y=0")
        self.chains.append(f"[{src}]{','.join(steps)}[{label}]")
        return label

    # ---- video --------------------------------------------------------------------
    def video(self) -> str:
        canvas = self.tl.canvas
        layers = list(self.tl.layers)
        if layers and _is_plain_full_frame(layers[0], self.tl):
            first = layers.pop(0)
            base = self.fitted(first, canvas.box, "base", opaque=True)
            if isinstance(first, VideoLayer) and not first.loop:  # a clip shorter than the ad would end the
                dur = self.tl.duration_ms                          # picture before the sound: its last frame
                self.chains.append(f"[{base}]tpad=stop_mode=clone:stop_duration={_sec(dur)},"  # holds to the end
                                   f"trim=end_frame={self.frames(dur)}[base_held]")
                base = "base_held"
        else:
            idx = self.add_input("-f", "lavfi", "-i", f"color=c={self.tl.background}:s={canvas.width}x"
                                 f"{canvas.height}:r={self.fps}:d={_sec(self.tl.duration_ms)}")
            base = "base"
            self.chains.append(f"[{idx}:v]{YUV420},setsar=1[{base}]")
        for n, layer in enumerate(layers):
            base = self.overlay(base, layer, n)
        if self.tl.captions is not None:
            if self.captions_file is None:
                raise ValidationError("captions", self.tl.captions.style, "have no ASS file to burn; pass "
                                      "captions_file (execute.captions_file(timeline)) to compile_timeline")
            # fonts come from the fontconfig environment execute() sets (bundled fonts only)
            self.chains.append(f"[{base}]ass=filename={_q(str(self.captions_file))}[subbed]")
            base = "subbed"
        self.chains.append(f"[{base}]{OUTPUT}[vout]")
        return "vout"

    def fitted(self, layer: VisualLayer, box: Box, label: str, *, dur_ms: int | None = None,
               opaque: bool = False, in_sequence: bool = False) -> str:
        """Chain that brings a layer to its placed size at canvas rate, with alpha and effects if needed.

        Order matters: key and mask shape the alpha, the warp moves it, the
        shadow is built under the final shape, then opacity and fades apply to
        layer and shadow together, and a scale-in scales the whole.
        """
        start, end = self.layer_span(layer)
        dur = end - start if dur_ms is None else dur_ms
        needs_alpha = not opaque and (layer.opacity < 1 or layer.enter.kind != "none" or layer.exit.kind != "none"
                                      or layer.decorated or layer.always_alpha)
        rgb_key = layer.key is not None and layer.key.space == "rgb"
        pix_fmt = "rgba" if needs_alpha and rgb_key else "yuva420p" if needs_alpha else "yuv420p"
        st = self.content(layer, box, label, dur, in_sequence, pix_fmt)
        st.add("setsar=1")
        if not needs_alpha:
            st.add(keep_yuv("yuv420p"))  # stills were converted to BT.709 when held; video passes through
        else:
            st.add(*(_key(layer.key) if layer.key is not None else [keep_yuv("yuva420p")]))
            mask = self.mask_stream(layer, box, label, dur)
            if mask:
                st.join(f"{label}_c", "alphamerge", mask[0])
            if layer.warp is not None:
                st.add(*_warp_steps(layer))
            if layer.shadow is not None:
                shadow = self.shadow_stream(layer, box, label, dur, mask[1] if mask else None)
                m = layer.shadow.margin
                st.join(f"{label}_fg", f"overlay=x={m}:y={m}:shortest=1", shadow, other_first=True)
            if layer.opacity < 1:
                st.add(f"colorchannelmixer=aa={layer.opacity:.3f}")
            if layer.enter.kind == "fade":
                st.add(f"fade=t=in:st=0:d={_sec(layer.enter.duration_ms)}:alpha=1")
            if layer.exit.kind == "fade":
                st.add(f"fade=t=out:st={_sec(dur - layer.exit.duration_ms)}:d={_sec(layer.exit.duration_ms)}:alpha=1")
            if layer.enter.kind == "scale":
                p = _ease_out(layer.enter.duration_ms, 0)
                st.add(f"scale=w='max(2,trunc(iw*{p}/2)*2)':h='max(2,trunc(ih*{p}/2)*2)':eval=frame")
        if layer.start_ms and not in_sequence:
            # rounded: 0.6/TB at 1/10 s is 5.999... in floating point, which setpts truncates to a frame early
            st.add(f"setpts=PTS-STARTPTS+round({_sec(layer.start_ms)}/TB)")
        return st.close(label)

    def mask_stream(self, layer: Layer, box: Box, label: str, dur: int) -> tuple[str, str | None] | None:
        """The layer's mask at box size, repeated; plus a single-frame copy for the shadow when needed."""
        if layer.mask is None:
            return None
        src = self.still(layer.mask, f"{label}_mask")
        if layer.shadow is None:
            self.chains.append(f"[{src}]scale={box.w}:{box.h},format=gray,{self.hold(dur)}[{label}_m]")
            return f"{label}_m", None
        self.chains.append(f"[{src}]scale={box.w}:{box.h},format=gray,split=2[{label}_m1][{label}_ms]")
        self.chains.append(f"[{label}_m1]{self.hold(dur)}[{label}_m]")
        return f"{label}_m", f"{label}_ms"

    def shadow_stream(self, layer: Layer, box: Box, label: str, dur: int, shape: str | None) -> str:
        """Shadow canvas (box plus margin) built once from the static shape, then repeated."""
        sh = layer.shadow
        assert sh is not None
        m = sh.margin
        w, h = box.w + 2 * m, box.h + 2 * m
        if shape is None:
            shape = f"{label}_shape"
            self.chains.append(f"color=c=white:s={box.w}x{box.h}:r={self.fps},format=gray,trim=end_frame=1[{shape}]")
        blur = f",gblur=sigma={sh.blur_px}" if sh.blur_px else ""
        self.chains.append(f"[{shape}]pad={w}:{h}:{m + sh.offset_x}:{m + sh.offset_y}:color=black{blur},"
                           f"lut=c0='val*{sh.opacity:.3f}'[{label}_sa]")
        self.chains.append(f"color=c={sh.color}:s={w}x{h}:r={self.fps},{YUVA420},trim=end_frame=1"
                           f"[{label}_sc]")
        self.chains.append(f"[{label}_sc][{label}_sa]alphamerge,{self.hold(dur)}[{label}_sh]")
        return f"{label}_sh"

    def sequence(self, layer: SequenceLayer, box: Box, label: str) -> str:
        """Scenes joined end to end, each transition centred on its cut; counted in frames.

        Scene ``i`` is rendered from half a transition before its cut to half a
        transition after the next, so the handover blends real frames of both
        and every cut stays where the scene list puts it.  Each scene is split
        into head, body and tail; only tail and next head go through xfade,
        and ``concat`` joins bodies and transitions.  (xfade copies every frame
        it passes, so chaining it over whole scenes would cost a frame copy per
        scene per frame; this way it sees only the transition frames.)
        """
        fps = self.tl.canvas.fps
        d_ms = 0 if layer.transition.kind == "cut" else layer.transition.duration_ms
        df = max(1, round(d_ms * fps / 1000)) if d_ms else 0
        lead, tail = df // 2, df - df // 2
        cuts = [0, *(round(c * fps / 1000) for c in layer.cuts_ms), self.frames(layer.total_ms)]
        last = len(layer.scenes) - 1
        segments: list[str] = []
        heads: list[str] = []
        tails: list[str] = []
        for i, scene in enumerate(layer.scenes):
            first = cuts[i] - (lead if i > 0 else 0)
            count = cuts[i + 1] + (tail if i < last else 0) - first
            if isinstance(scene, VideoLayer) and i > 0:
                scene = replace(scene, trim_start_ms=max(0, scene.trim_start_ms - round(lead * 1000 / fps)))
            elif isinstance(scene, PuppetLayer) and i > 0:
                # animated at the time of the scene's first frame, not at the cut's unrounded time
                late = round(first * 1000 / fps) - layer.cuts_ms[i - 1]
                scene = replace(scene, trim_start_ms=max(0, scene.trim_start_ms + late))
            # one spare frame, so rounding never leaves a scene short of the frames its trims ask for
            src = self.fitted(scene, box, f"{label}s{i}", dur_ms=math.ceil((count + 1) * 1000 / fps), opaque=True,
                              in_sequence=True)
            spans = {"h": (0, df if i > 0 else 0), "b": (df if i > 0 else 0, count - df if i < last else count),
                     "t": (count - df if i < last else count, count)}
            parts = {k: v for k, v in spans.items() if v[1] > v[0]}
            names = [f"{label}s{i}{k}" for k in parts]
            self.chains.append(f"[{src}]split={len(parts)}" + "".join(f"[{n}_in]" for n in names))
            for name, (a, b) in zip(names, parts.values(), strict=True):
                self.chains.append(f"[{name}_in]trim=start_frame={a}:end_frame={b},setpts=PTS-STARTPTS[{name}]")
            if "h" in parts:
                heads.append(f"{label}s{i}h")
            if "b" in parts:
                segments.append(f"{label}s{i}b")
            if "t" in parts:
                tails.append(f"{label}s{i}t")
                segments.append(f"{label}_x{i}")
        for i, (t, h) in enumerate(zip(tails, heads, strict=True)):
            self.chains.append(_transition(layer.transition.kind, t, h, float(df / fps), f"{label}_x{i}"))
        if len(segments) == 1:
            return segments[0]
        out = f"{label}_seq"
        self.chains.append("".join(f"[{s}]" for s in segments) + f"concat=n={len(segments)}:v=1:a=0[{out}]")
        return out

    def fit(self, fit: str, box: Box, src: str, label: str, pre: list[str], yuva: str) -> tuple[str, list[str]]:
        """Fill ``box`` from content of any shape; returns the stream to continue from and its steps.

        cover crops the overflow, contain letterboxes on transparent padding, blur
        fills the bars with a blurred, enlarged copy (blurred small, then scaled up:
        a fraction of the cost of blurring at full size).
        """
        w, h = box.w, box.h
        if fit == "cover":
            return src, [*pre, *_scale_cover(box)]
        if fit == "contain":
            return src, [*pre, f"scale={w}:{h}:force_original_aspect_ratio=decrease:flags=bicubic",
                         yuva, f"pad={w}:{h}:(ow-iw)/2:(oh-ih)/2:color=black@0"]
        sw, sh = max(2, w // 16 * 2), max(2, h // 16 * 2)
        head = f"{','.join(pre)}," if pre else ""
        self.chains.append(f"[{src}]{head}split=2[{label}_bgsrc][{label}_fgsrc]")
        self.chains.append(f"[{label}_bgsrc]scale={sw}:{sh}:force_original_aspect_ratio=increase,"
                           f"crop={sw}:{sh},gblur=sigma=6,scale={w}:{h},eq=brightness=-0.08[{label}_bg]")
        self.chains.append(f"[{label}_fgsrc]scale={w}:{h}:force_original_aspect_ratio=decrease:flags=bicubic"
                           f"[{label}_fg]")
        self.chains.append(f"[{label}_bg][{label}_fg]overlay=x=(W-w)/2:y=(H-h)/2[{label}_blur]")
        return f"{label}_blur", []

    def overlay(self, base: str, layer: VisualLayer, n: int) -> str:
        layer = _on_frame(_opening(layer), self.tl.canvas.fps)
        fg = self.fitted(layer, flat_box(layer, self.tl.canvas.box), f"l{n}")
        start, end = self.layer_span(layer)
        x, y = _position(layer, placed_box(layer, self.tl.canvas.box), start, self.tl.canvas.width,
                         self.tl.canvas.height)
        out = f"o{n}"
        enable = f":enable='between(t,{_sec(start)},{_sec(end)})'"
        self.chains.append(f"[{base}][{fg}]overlay=x={x}:y={y}:eof_action=pass:repeatlast=0{enable}[{out}]")
        return out

    def drawtext(self, layer: TextLayer, box: Box) -> str:
        font = self.fonts.get((layer.font, layer.bold))
        if font is None:
            raise ValidationError("font", layer.font, "was not resolved before compiling; pass "
                                  "fonts=render.text_fonts(timeline) to compile_timeline")
        parts = [f"fontfile={_q(str(font))}", f"text={_q(layer.text)}", "expansion=none",
                 f"fontsize={layer.size_px}", f"fontcolor={layer.color}", "x=(w-text_w)/2", "y=(h-text_h)/2"]
        if layer.outline_px:
            parts += [f"borderw={layer.outline_px}", f"bordercolor={layer.outline_color}"]
        return "drawtext=" + ":".join(parts)

    # ---- audio --------------------------------------------------------------------
    def audio(self) -> str:
        dur = self.tl.duration_ms
        labels = [self.audio_clip(clip, n) for n, clip in enumerate(self.tl.audio)]
        if not labels:
            # an in-graph source: as a lavfi *input* beside stills it can deadlock ffmpeg 9's scheduler
            self.chains.append(f"anullsrc=r={SAMPLE_RATE}:cl=stereo,atrim=0:{_sec(dur)}[aout]")
            return "aout"
        mixed = labels[0]
        if len(labels) > 1:
            self.chains.append("".join(f"[{lab}]" for lab in labels)
                               + f"amix=inputs={len(labels)}:normalize=0:duration=longest[amixed]")
            mixed = "amixed"
        self.chains.append(f"[{mixed}]apad,atrim=0:{_sec(dur)}[aout]")
        return "aout"

    def audio_clip(self, clip: AudioClip, n: int) -> str:
        args: list[str] = []
        if clip.loop:
            args += ["-stream_loop", "-1"]
        if clip.trim_start_ms:
            args += ["-ss", _sec(clip.trim_start_ms)]
        length = clip.duration_ms if clip.duration_ms is not None else None
        room = self.tl.duration_ms - clip.start_ms
        length = room if length is None else min(length, room)  # > 0: the timeline checks starts
        idx = self.audio_input((*args, "-t", _sec(length), "-i", str(clip.path)))
        steps = [f"aresample={SAMPLE_RATE}", "aformat=sample_fmts=fltp:channel_layouts=stereo"]
        if clip.gain_db:
            steps.append(f"volume={clip.gain_db:.2f}dB")
        if clip.fade_in_ms:
            steps.append(f"afade=t=in:st=0:d={_sec(clip.fade_in_ms)}")
        if clip.fade_out_ms:
            steps.append(f"afade=t=out:st={_sec(max(0, length - clip.fade_out_ms))}:d={_sec(clip.fade_out_ms)}")
        if clip.start_ms:
            steps.append(f"adelay={clip.start_ms}:all=1")
        self.chains.append(f"[{idx}:a]{','.join(steps)}[a{n}]")
        return f"a{n}"


def _is_plain_full_frame(layer: VisualLayer, tl: Timeline) -> bool:
    """A first layer that covers the whole frame for the whole time can be the base itself."""
    return (layer.can_be_base and layer.start_ms == 0
            and layer.opacity == 1 and not layer.decorated
            and (layer.duration_ms is None or layer.duration_ms >= tl.duration_ms)
            and (layer.box is None or layer.box == tl.canvas.box)
            and layer.enter.kind == "none" and layer.exit.kind == "none" and layer.fit != "contain")


def flat_box(layer: Layer, canvas: Box) -> Box:
    """The box a layer's content is fitted to before any warp (a quad's flat size, else its box)."""
    if layer.warp is not None:
        return Box(0, 0, layer.warp.width, layer.warp.height)
    return layer.box or canvas


def placed_box(layer: Layer, canvas: Box) -> Box:
    """Where the compiled layer stream sits on the canvas: the warp's bounds or the box, plus shadow margin."""
    box = layer.warp.bounds if layer.warp is not None else (layer.box or canvas)
    if layer.shadow is None:
        return box
    m = layer.shadow.margin
    return Box(box.x - m, box.y - m, box.w + 2 * m, box.h + 2 * m)


def _transition(kind: str, tail: str, head: str, seconds: float, out: str) -> str:
    """One transition segment from the outgoing ``tail`` to the incoming ``head`` (equal lengths).

    A crossfade is the incoming frames faded in over the outgoing ones with
    overlay, which blends in 4:2:0; xfade (every other kind) works in 4:4:4,
    so its frames are converted there and back -- about seven times the cost,
    paid only on the transition frames.  Converting back keeps concat, and so
    every body frame, in 4:2:0.
    """
    if kind == "fade":
        return (f"[{head}]{keep_yuv('yuva420p')},fade=t=in:st=0:d={seconds:.6f}:alpha=1[{out}_in];"
                f"[{tail}][{out}_in]overlay=format=yuv420[{out}]")
    return f"[{tail}][{head}]xfade=transition={kind}:duration={seconds:.6f}:offset=0,{keep_yuv('yuv420p')}[{out}]"


def _key(k: ChromaKey) -> list[str]:
    """Steps that key ``k``'s colour out and leave yuva420p.

    colorkey and despill work on RGB, so a frame is converted there and back
    (BT.709) only when one of them runs; a chroma key alone stays in YUV and
    keeps the video's own matrix, like any video passing through.
    """
    opts = f"color={k.color}:similarity={k.similarity:.3f}:blend={k.blend:.3f}"
    steps = ["format=rgba", f"colorkey={opts}"] if k.space == "rgb" else [f"chromakey={opts}"]
    if k.despill:
        steps += [*(["format=rgba"] if k.space == "yuv" else []), "despill=type=green"]
    return [*steps, YUVA420 if k.space == "rgb" or k.despill else keep_yuv("yuva420p")]


def _crop(c: Crop) -> str:
    return f"crop=w=iw*{c.w:.4f}:h=ih*{c.h:.4f}:x=iw*{c.x:.4f}:y=ih*{c.y:.4f}"


def _ken_burns(m: KenBurns, box: Box, dur_ms: int) -> tuple[str, list[str]]:
    """Ken Burns as (one static pre-scale, per-frame steps).

    The content is scaled once to cover the box at the largest zoom; per frame
    it is only scaled down to the current zoom (skipped when zoom is constant)
    and cropped.  The crop is always inside the scaled image (zoom >= 1 of
    cover-fit, pan a fraction of the overflow), so no frame shows an edge.
    """
    zmax = max(m.zoom_from, m.zoom_to)
    zw, zh = _even_up(box.w * zmax), _even_up(box.h * zmax)
    static = f"scale={zw}:{zh}:force_original_aspect_ratio=increase:flags=bicubic"
    p = f"(0.5-0.5*cos(PI*min(1,max(0,t/{max(1, dur_ms) / 1000:.3f}))))"
    moving = []
    if m.zooms:
        z = f"({m.zoom_from:.4f}+{m.zoom_to - m.zoom_from:.4f}*{p})/{zmax:.4f}"
        moving.append(f"scale=w='max({box.w},ceil(iw*{z}))':h='max({box.h},ceil(ih*{z}))':eval=frame:flags=bilinear")
    if m.stops:
        fx, fy = (_pan_path(m, dur_ms, axis) for axis in (0, 1))
    else:
        fx, fy = (_lerp(m.pan_from[axis], m.pan_to[axis], p) for axis in (0, 1))
    moving.append(f"crop={box.w}:{box.h}:x='(iw-ow)*{fx}':y='(ih-oh)*{fy}'")
    return static, moving


def _pan_path(m: KenBurns, dur_ms: int, axis: int) -> str:
    """One pan coordinate along ``m``'s stops as an expression of t: ``KenBurns.pan_at``, eased between
    neighbouring keyframes; a pan that stands still between two of them is a constant."""
    keys = m.path(dur_ms)
    expr = f"{keys[-1][1][axis]:.4f}"
    for (a_ms, a), (b_ms, b) in reversed(list(zip(keys, keys[1:], strict=False))):
        span = f"(0.5-0.5*cos(PI*min(1,max(0,(t-{a_ms / 1000:.3f})/{max(1, b_ms - a_ms) / 1000:.3f}))))"
        expr = f"if(lt(t,{b_ms / 1000:.3f}),{_lerp(a[axis], b[axis], span)},{expr})"
    return expr


def _lerp(a: float, b: float, p: str) -> str:
    return f"{a:.4f}" if a == b else f"({a:.4f}+{b - a:.4f}*{p})"


def _even_up(v: float) -> int:
    return math.ceil(v / 2 - 1e-9) * 2


def _warp_steps(layer: Layer) -> list[str]:
    """Warp flat content into its quad.

    A 2-pixel transparent border is added first: the perspective filter
    repeats edge pixels outside the quad, and repeating transparent ones keeps
    the outside clear.
    """
    q = layer.warp
    assert q is not None
    b = q.bounds
    (x0, y0), (x1, y1), (x3, y3), (x2, y2) = [(px - b.x, py - b.y) for px, py in q.points]
    return [f"pad={q.width + 4}:{q.height + 4}:2:2:color=black@0", f"scale={b.w}:{b.h}",
            f"perspective=x0={x0}:y0={y0}:x1={x1}:y1={y1}:x2={x2}:y2={y2}:x3={x3}:y3={y3}:sense=destination"]


def _ease_out(duration_ms: int, start_ms: int) -> str:
    """Ease-out cubic progress in [0, 1] over ``duration_ms`` from ``start_ms`` (expression of t)."""
    d = max(1, duration_ms) / 1000
    return f"(1-pow(1-min(1,max(0,(t-{start_ms / 1000:.3f})/{d:.3f})),3))"


def _position(layer: Layer, box: Box, start: int, cw: int, ch: int) -> tuple[str, str]:
    """Overlay x/y expressions: slides as eased motion from off-canvas, scale-ins kept centred in the box.

    overlay rounds positions down to even pixels on yuv420p (chroma is
    shared by 2x2 pixels), so layouts that must line up to the pixel (a
    screen under a device frame) use even coordinates.
    """
    x, y = str(box.x), str(box.y)
    kind = layer.enter.kind
    p = _ease_out(layer.enter.duration_ms, start)
    if kind == "scale":
        x, y = f"{box.x}+({box.w}-w)/2", f"{box.y}+({box.h}-h)/2"
    elif kind == "slide-up":
        y = f"{box.y}+({ch}-{box.y})*(1-{p})"
    elif kind == "slide-down":
        y = f"{box.y}-({box.y}+{box.h})*(1-{p})"
    elif kind == "slide-left":
        x = f"{box.x}+({cw}-{box.x})*(1-{p})"
    elif kind == "slide-right":
        x = f"{box.x}-({box.x}+{box.w})*(1-{p})"
    if layer.hover is not None:
        wave = f"sin(2*PI*(t-{start / 1000:.3f})/{layer.hover.period_ms / 1000:.3f})"
        if layer.hover.dx:
            x += f"+{layer.hover.dx}*{wave}"
        if layer.hover.dy:
            y += f"+{layer.hover.dy}*{wave}"
    return _expr(x), _expr(y)


def _expr(value: str) -> str:
    """A position for overlay: plain integers as they are, expressions quoted."""
    return value if value.lstrip("-").isdigit() else f"'{value}'"


def _waves(base: int | str, waves: tuple[Wave, ...], now: str, dips: tuple[Dip, ...] = ()) -> str:
    """A position expression: ``base`` plus each wave and each dip at time ``now`` (plain integer without).

    A dip is half a sine over its span, zero outside it (its phase clamped
    to 0..1), so a nod needs no ``between``; the terms are summed as a
    balanced tree (a clip may nod on dozens of words).
    """
    if not waves and not dips:
        return str(base)
    terms = "".join(f"+{w.amplitude:.2f}*sin(2*PI*{now}/{w.period_s:.3f}+{w.phase:.3f})" for w in waves)
    if dips:
        terms += "+" + _balanced_sum([f"{d.amplitude:.2f}*sin(PI*min(1,max(0,({now}-{_sec(d.start_ms)})/"
                                      f"{_sec(d.duration_ms)})))" for d in dips])
    return f"'{base}{terms}'"


def _cell_at(sprite: Sprite, now: str) -> str:
    """The strip cell shown at ``now``: the first span's cell plus a step at each later change."""
    spans = [(c, a) for c, a, _ in sprite.schedule]
    if not spans:
        return "0"
    terms, cell = [str(spans[0][0])], spans[0][0]
    for c, a in spans[1:]:
        if c != cell:
            terms.append(f"{c - cell}*gte({now},{_sec(a)})")
            cell = c
    return _balanced_sum(terms)


def _in_spans(spans: tuple[tuple[int, int], ...], now: str) -> str:
    """1 while ``now`` is inside one of ``spans`` (ms), else 0: a step up at each start and down at each end."""
    return _balanced_sum([f"(gte({now},{_sec(a)})-gte({now},{_sec(b)}))" for a, b in spans])


def _balanced_sum(terms: list[str]) -> str:
    """``terms`` added as a balanced tree: ffmpeg's expression parser rejects about 100 terms in a row."""
    if len(terms) == 1:
        return terms[0]
    mid = len(terms) // 2
    return f"({_balanced_sum(terms[:mid])}+{_balanced_sum(terms[mid:])})"


def _opening(layer: VisualLayer) -> VisualLayer:
    """A layer on screen from the first frame is there whole, without its entrance: frame 0 is the video's
    cover and its feed thumbnail, so it shows the whole composition (a phone, a product, a character), never a
    fade from the background or a PiP still sliding in."""
    return replace(layer, enter=NO_ANIMATION) if layer.start_ms == 0 and layer.enter.kind != "none" else layer


def _on_frame(layer: VisualLayer, fps: Fraction) -> VisualLayer:
    """An animated layer that starts between two frames, started on the next frame with its clock advanced to match.

    An animated layer's clock counts its own frames from 0, and its start is
    shifted in whole frames: at 30 fps a drawn actor placed at 1010 ms had
    its first frame on the output frame at 1000 ms (hidden until 1010), so
    the frame at 1033 ms showed the mouth of 33 ms into the voice instead of
    23.  Starting the layer on the frame at 1033 ms, trimmed by the 23 ms,
    keeps every frame's mouth on the voice's time, as in a sequence (see
    ``sequence``).
    """
    if not isinstance(layer, AnimatedLayer) or not layer.start_ms:
        return layer
    rate = Fraction(fps)
    start = round(math.ceil(layer.start_ms * rate / 1000) * 1000 / rate)  # that frame, to the millisecond
    lag = start - layer.start_ms
    if lag <= 0 or (layer.duration_ms is not None and layer.duration_ms <= lag):
        return layer
    return replace(layer, start_ms=start, trim_start_ms=layer.trim_start_ms + lag,
                   duration_ms=None if layer.duration_ms is None else layer.duration_ms - lag)


def _framed(layer: PuppetLayer, size: tuple[int, int], box: Box, dur_ms: int) -> list[str]:
    """Per-frame steps from an animated actor's ``size`` frame to ``box``: its crop, then Ken Burns or cover.

    The actor is composed per frame anyway, so the Ken Burns pre-scale costs
    what the cover scale it replaces costs (there is no still to scale once).
    """
    steps = [] if layer.crop is None else [_crop(layer.crop)]
    if layer.motion is not None:
        static, moving = _ken_burns(layer.motion, box, dur_ms)
        return [*steps, static, *moving]
    return [*steps, *_scale_cover(box)] if steps else _cover(size, box)


def _cover(size: tuple[int, int], box: Box) -> list[str]:
    """Steps that fit a stream of ``size`` to ``box`` (none when it already is that size)."""
    return [] if size == (box.w, box.h) else _scale_cover(box)


def _scale_cover(box: Box) -> list[str]:
    """Scale to cover ``box`` and crop the overflow about the centre."""
    return [f"scale={box.w}:{box.h}:force_original_aspect_ratio=increase:flags=bicubic", f"crop={box.w}:{box.h}"]


def _sec(ms: int) -> str:
    return f"{ms / 1000:.3f}"


def _q(value: str) -> str:
    """Quote a filter option value: safe for paths with spaces, colons, commas and quotes."""
    return "'" + value.replace("\\", "\\\\").replace("'", "'\\\\\\''").replace(":", "\\:") + "'"


_CONTENT: dict[type[Any], Callable[..., _Stream]] = {
    VideoLayer: _Compiler.video_content,
    ImageLayer: _Compiler.image_content,
    ColorLayer: _Compiler.color_content,
    TextLayer: _Compiler.text_content,
    SequenceLayer: _Compiler.sequence_content,
    PuppetLayer: _Compiler.puppet_content,
}
