"""Compile a timeline into ONE ffmpeg filter graph and its arguments.

Pure: no process, no file I/O.  Tests snapshot the graph of named cases in
milliseconds, and ``execute`` is the only place ffmpeg runs (the ffmpeg-python
split between ``get_args`` and ``run``).  Everything is drawn inside the one
graph, subtitles included, so a render costs close to a bare encode.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..timeline import (AudioClip, Box, ColorLayer, ImageLayer, Layer, TextLayer, Timeline, VideoLayer,
                        VisualLayer)
from .profile import DEFAULT_PROFILE, Profile

SAMPLE_RATE = 48000


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


def compile_timeline(timeline: Timeline, profile: Profile = DEFAULT_PROFILE) -> Compiled:
    """Compile ``timeline`` into the arguments of one ffmpeg run."""
    c = _Compiler(timeline)
    video = c.video()
    maps = ["-map", f"[{video}]"]
    if profile.has_audio:
        maps += ["-map", f"[{c.audio()}]"]
    return Compiled(tuple(c.inputs), ";\n".join(c.chains), tuple(maps), tuple(profile.output_options()),
                    timeline.duration_ms)


class _Compiler:
    """Accumulates inputs and filter chains; one instance per compile."""

    def __init__(self, timeline: Timeline) -> None:
        self.tl = timeline
        self.inputs: list[tuple[str, ...]] = []
        self.chains: list[str] = []
        self.fps = f"{timeline.canvas.fps.numerator}/{timeline.canvas.fps.denominator}"

    # ---- inputs -------------------------------------------------------------------
    def add_input(self, *args: str) -> int:
        self.inputs.append(args)
        return len(self.inputs) - 1

    def layer_span(self, layer: Layer) -> tuple[int, int]:
        end = self.tl.duration_ms if layer.duration_ms is None else min(
            self.tl.duration_ms, layer.start_ms + layer.duration_ms)
        return layer.start_ms, end

    def source(self, layer: VisualLayer, box: Box) -> str:
        """Input stream label of a layer's content, before fitting."""
        start, end = self.layer_span(layer)
        dur = _sec(end - start)
        if isinstance(layer, VideoLayer):
            args: list[str] = []
            if layer.loop:
                args += ["-stream_loop", "-1"]
            if layer.trim_start_ms:
                args += ["-ss", _sec(layer.trim_start_ms)]
            idx = self.add_input(*args, "-t", dur, "-i", str(layer.path))
            return f"{idx}:v"
        if isinstance(layer, ImageLayer):
            idx = self.add_input("-loop", "1", "-framerate", self.fps, "-t", dur, "-i", str(layer.path))
            return f"{idx}:v"
        # generated inside the graph (not as a lavfi input) so the alpha channel survives
        color = layer.color if isinstance(layer, ColorLayer) else "black@0.0"
        label = f"src{len(self.chains)}"
        self.chains.append(f"color=c={color}:s={box.w}x{box.h}:r={self.fps}:d={dur},format=yuva420p[{label}]")
        return label

    # ---- video --------------------------------------------------------------------
    def video(self) -> str:
        canvas = self.tl.canvas
        layers = list(self.tl.layers)
        if layers and _is_plain_full_frame(layers[0], self.tl):
            base = self.fitted(layers.pop(0), canvas.box, "base")
        else:
            idx = self.add_input("-f", "lavfi", "-i", f"color=c={self.tl.background}:s={canvas.width}x"
                                 f"{canvas.height}:r={self.fps}:d={_sec(self.tl.duration_ms)}")
            base = "base"
            self.chains.append(f"[{idx}:v]format=yuv420p,setsar=1[{base}]")
        for n, layer in enumerate(layers):
            base = self.overlay(base, layer, n)
        if self.tl.subtitles is not None:
            # fonts come from the fontconfig environment execute() sets (bundled fonts only)
            self.chains.append(f"[{base}]ass=filename={_q(str(self.tl.subtitles))}[subbed]")
            base = "subbed"
        self.chains.append(f"[{base}]format=yuv420p[vout]")
        return "vout"

    def fitted(self, layer: VisualLayer, box: Box, label: str) -> str:
        """Chain that brings a layer's content to ``box`` size at canvas rate, with alpha if needed."""
        src = self.source(layer, box)
        needs_alpha = (layer.opacity < 1 or layer.enter.kind != "none" or layer.exit.kind != "none"
                       or isinstance(layer, (ImageLayer, TextLayer, ColorLayer)))
        steps = [f"fps={self.fps}"] if isinstance(layer, VideoLayer) else []
        if isinstance(layer, TextLayer):
            steps.append(self.drawtext(layer, box))
        elif isinstance(layer, (VideoLayer, ImageLayer)):
            src, fit_steps = self.fit(layer.fit, box, src, label, steps)
            steps = fit_steps
        steps.append("setsar=1")
        if needs_alpha:
            steps.append("format=yuva420p")
            if layer.opacity < 1:
                steps.append(f"colorchannelmixer=aa={layer.opacity:.3f}")
            start, end = self.layer_span(layer)
            if layer.enter.kind == "fade":
                steps.append(f"fade=t=in:st=0:d={_sec(layer.enter.duration_ms)}:alpha=1")
            if layer.exit.kind == "fade":
                steps.append(f"fade=t=out:st={_sec(end - start - layer.exit.duration_ms)}:"
                             f"d={_sec(layer.exit.duration_ms)}:alpha=1")
        else:
            steps.append("format=yuv420p")
        if layer.start_ms:
            steps.append(f"setpts=PTS-STARTPTS+{_sec(layer.start_ms)}/TB")
        self.chains.append(f"[{src}]{','.join(steps)}[{label}]")
        return label

    def fit(self, fit: str, box: Box, src: str, label: str, pre: list[str]) -> tuple[str, list[str]]:
        """Fill ``box`` from content of any shape; returns the stream to continue from and its steps.

        cover crops the overflow, contain letterboxes on transparent padding, blur
        fills the bars with a blurred, enlarged copy (blurred small, then scaled up:
        a fraction of the cost of blurring at full size).
        """
        w, h = box.w, box.h
        if fit == "cover":
            return src, [*pre, f"scale={w}:{h}:force_original_aspect_ratio=increase:flags=bicubic",
                         f"crop={w}:{h}"]
        if fit == "contain":
            return src, [*pre, f"scale={w}:{h}:force_original_aspect_ratio=decrease:flags=bicubic",
                         "format=yuva420p", f"pad={w}:{h}:(ow-iw)/2:(oh-ih)/2:color=black@0"]
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
        box = layer.box or self.tl.canvas.box
        fg = self.fitted(layer, box, f"l{n}")
        start, end = self.layer_span(layer)
        x, y = _position(layer, box, start, end, self.tl.canvas.width, self.tl.canvas.height)
        out = f"o{n}"
        enable = f":enable='between(t,{_sec(start)},{_sec(end)})'"
        self.chains.append(f"[{base}][{fg}]overlay=x={x}:y={y}:eof_action=pass:repeatlast=0{enable}[{out}]")
        return out

    def drawtext(self, layer: TextLayer, box: Box) -> str:
        from ..fonts import font_file

        font = font_file(layer.font, bold=layer.bold)
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
            idx = self.add_input("-f", "lavfi", "-t", _sec(dur), "-i",
                                 f"anullsrc=r={SAMPLE_RATE}:cl=stereo")
            self.chains.append(f"[{idx}:a]anull[aout]")
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
        length = room if length is None else min(length, room)
        if length <= 0:
            raise_start_after_end(clip, self.tl.duration_ms)
        idx = self.add_input(*args, "-t", _sec(length), "-i", str(clip.path))
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


def raise_start_after_end(clip: AudioClip, duration_ms: int) -> None:
    from ..errors import ValidationError

    raise ValidationError("audio.start_ms", clip.start_ms, f"must be before the timeline's end ({duration_ms} ms)")


def _is_plain_full_frame(layer: VisualLayer, tl: Timeline) -> bool:
    """A first layer that covers the whole frame for the whole time can be the base itself."""
    return (isinstance(layer, (VideoLayer, ImageLayer)) and layer.start_ms == 0 and layer.opacity == 1
            and (layer.duration_ms is None or layer.duration_ms >= tl.duration_ms)
            and (layer.box is None or layer.box == tl.canvas.box)
            and layer.enter.kind == "none" and layer.exit.kind == "none" and layer.fit != "contain")


def _position(layer: Layer, box: Box, start: int, end: int, cw: int, ch: int) -> tuple[str, str]:
    """Overlay x/y expressions, with slide animations as eased motion from off-canvas."""
    x, y = str(box.x), str(box.y)
    kind, d = layer.enter.kind, max(1, layer.enter.duration_ms) / 1000
    t0 = start / 1000
    # ease-out cubic progress p in [0, 1] over the enter animation
    p = f"(1-pow(1-min(1\\,max(0\\,(t-{t0:.3f})/{d:.3f}))\\,3))"
    if kind == "slide-up":
        y = f"'{box.y}+({ch}-{box.y})*(1-{p})'"
    elif kind == "slide-down":
        y = f"'{box.y}-({box.y}+{box.h})*(1-{p})'"
    elif kind == "slide-left":
        x = f"'{box.x}+({cw}-{box.x})*(1-{p})'"
    elif kind == "slide-right":
        x = f"'{box.x}-({box.x}+{box.w})*(1-{p})'"
    return x, y


def _sec(ms: int) -> str:
    return f"{ms / 1000:.3f}"


def _q(value: str) -> str:
    """Quote a filter option value: safe for paths with spaces, colons, commas and quotes."""
    return "'" + value.replace("\\", "\\\\").replace("'", "'\\\\\\''").replace(":", "\\:") + "'"
