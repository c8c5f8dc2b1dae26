"""A timeline's compiled graph as ffmpeg-python streams, for people who extend graphs with ffmpeg-python.

Built from ``render.compile``'s output, not beside it: every input becomes
an ``ffmpeg.input`` with the same options, every filter of the graph an
ffmpeg-python filter node with the same options, and the mapped streams
plus the profile's output options come back in :class:`FfmpegPythonGraph`.
Running ``graph.output(path)`` renders what ``mediakit.render.render``
does, frame for frame.  Filters that make pictures inside the graph (a
still read by ``movie``, a ``color`` plane) become lavfi inputs, since an
ffmpeg-python filter needs an input stream.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..render import DEFAULT_PROFILE, Compiled, Profile, compile_timeline, text_fonts
from ..timeline import Timeline
from .extras import require
from .filtergraph import Chain, parse_graph

_NUMBER = re.compile(r"-\d")
_INPUT_LABEL = re.compile(r"(\d+)(?::(.+))?")


@dataclass(frozen=True)
class FfmpegPythonGraph:
    """The streams a render maps (``video``; ``audio`` unless the profile is silent) and its output options.

    Extend the streams with ffmpeg-python, then write them with
    ``ffmpeg.output(video, audio, path, **graph.options)``, or call
    :meth:`output`.  Run it with mediakit's ffmpeg
    (``.run(cmd=mediakit.ffmpeg.ffmpeg_exe())``); captions and text look up
    the bundled fonts through fontconfig, so set
    ``os.environ.update(mediakit.fonts.fontconfig_env())`` first when the
    timeline has any.
    """

    video: Any
    audio: Any | None
    options: Mapping[str, str | None]

    def output(self, filename: str | os.PathLike[str], **options: Any) -> Any:
        """An ffmpeg-python output stream writing these streams to ``filename`` (``options`` override ours)."""
        ffmpeg = require("ffmpeg", "ffmpeg-python")
        streams = [self.video] if self.audio is None else [self.video, self.audio]
        return ffmpeg.output(*streams, os.fspath(filename), **{**self.options, **options})


def to_ffmpeg_python(timeline: Timeline, profile: Profile = DEFAULT_PROFILE) -> FfmpegPythonGraph:
    """``timeline`` compiled as mediakit renders it, handed over as ffmpeg-python streams."""
    return from_compiled(compile_timeline(timeline, profile, fonts=text_fonts(timeline)))


def from_compiled(compiled: Compiled) -> FfmpegPythonGraph:
    """The ffmpeg-python form of one compiled render."""
    ffmpeg = require("ffmpeg", "ffmpeg-python")
    inputs = []
    for args in compiled.inputs:
        options = _options(args[:-2])
        inputs.append(ffmpeg.input(args[-1], **options).node)
    streams: dict[str, Any] = {}

    def feed(label: str) -> Any:
        if label in streams:
            return streams.pop(label)
        found = _INPUT_LABEL.fullmatch(label)
        if found is None:
            raise ValueError(f"the graph uses [{label}] before making it")
        return inputs[int(found.group(1))].stream(selector=found.group(2))

    for chain in parse_graph(compiled.graph):
        streams.update(_chain(ffmpeg, chain, [feed(label) for label in chain.inputs]))
    mapped = [streams.pop(label.strip("[]")) for flag, label in zip(compiled.maps[::2], compiled.maps[1::2],
                                                                     strict=True) if flag == "-map"]
    options = _options(["-t", f"{compiled.duration_ms / 1000:.3f}", *compiled.output_options])
    return FfmpegPythonGraph(mapped[0], mapped[1] if len(mapped) > 1 else None, options)


def _chain(ffmpeg: Any, chain: Chain, feeds: list[Any]) -> dict[str, Any]:
    """The streams ``chain`` ends in, by label."""
    if not feeds:  # a source: ffmpeg-python filters need an input, so the chain runs as a lavfi input
        return {chain.outputs[0]: ffmpeg.input(chain.text, f="lavfi").node.stream(selector="0")}
    node: Any = None
    for n, flt in enumerate(chain.filters):
        bad = [a for a in flt.args if set(a) & set("\\'=:")]
        if bad:  # ffmpeg-python escapes positional values twice, so these would not survive
            raise ValueError(f"{flt.name}: positional value {bad[0]!r} needs a key to pass through ffmpeg-python")
        upstream = feeds if n == 0 else node.stream()
        node = ffmpeg.filter_multi_output(upstream, flt.name, *flt.args, **dict(flt.options))
    if len(chain.outputs) == 1:
        return {chain.outputs[0]: node.stream()}
    return {label: node.stream(i) for i, label in enumerate(chain.outputs)}


def _options(args: Sequence[str]) -> dict[str, str | None]:
    """``-key value`` and ``-flag`` command-line arguments as ffmpeg-python keyword arguments."""
    options: dict[str, str | None] = {}
    i = 0
    while i < len(args):
        key = args[i].lstrip("-")
        has_value = i + 1 < len(args) and (not args[i + 1].startswith("-") or bool(_NUMBER.match(args[i + 1])))
        options[key] = args[i + 1] if has_value else None
        i += 2 if has_value else 1
    return options
