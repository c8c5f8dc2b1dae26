"""Read ffmpeg filtergraph text back into chains of filters with unescaped options.

The compiler writes graph text (the form snapshot tests and ``execute``
use); ffmpeg-python builds graphs from filter names and option values and
escapes them itself.  Handing one to the other means undoing the text's two
levels of quoting exactly as ffmpeg does: ``av_get_token`` over ``[],;`` for
a filter's argument string, then over ``:`` for each option, with ``key=``
recognised by ffmpeg's key characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WHITESPACE = " \n\t\r"
_KEY = re.compile(r"[\s]*([A-Za-z0-9_\-/.]+)[\s]*=")


@dataclass(frozen=True)
class Filter:
    """One filter: its name, positional values and named options, all unescaped."""

    name: str
    args: tuple[str, ...]
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Chain:
    """Filters in a row, fed by the ``inputs`` labels (none for a source) and ending in the ``outputs`` labels.

    ``text`` is the chain's filters as written, without labels (a source
    chain runs as a lavfi input from it).
    """

    inputs: tuple[str, ...]
    filters: tuple[Filter, ...]
    outputs: tuple[str, ...]
    text: str


def parse_graph(graph: str) -> tuple[Chain, ...]:
    """The chains of ``graph`` (``;``-separated), in order."""
    chains: list[Chain] = []
    pos = 0
    while True:
        pos = _skip(graph, pos)
        if pos >= len(graph):
            return tuple(chains)
        inputs, pos = _labels(graph, pos)
        start = _skip(graph, pos)
        filters: list[Filter] = []
        while True:
            name, pos = _token(graph, pos, "=,;[")
            raw = ""
            if graph[pos:pos + 1] == "=":
                raw, pos = _token(graph, pos + 1, "[],;")
            filters.append(_filter(name, raw))
            end = pos
            pos = _skip(graph, pos)
            if graph[pos:pos + 1] != ",":
                break
            pos += 1
        outputs, pos = _labels(graph, pos)
        chains.append(Chain(inputs, tuple(filters), outputs, graph[start:end].strip()))
        pos = _skip(graph, pos)
        if pos < len(graph):
            if graph[pos] != ";":
                raise ValueError(f"unexpected {graph[pos]!r} at {pos} in the filtergraph")
            pos += 1


def _filter(name: str, raw: str) -> Filter:
    """A filter's options from its argument string: ``a:b:key=value:...`` (positional values come first)."""
    args: list[str] = []
    options: list[tuple[str, str]] = []
    pos = 0
    while pos < len(raw):
        key = _KEY.match(raw, pos)
        value, pos = _token(raw, key.end() if key else pos, ":")
        if key:
            options.append((key.group(1), value))
        else:
            args.append(value)
        pos += 1  # the ':'
    return Filter(name.strip(), tuple(args), tuple(options))


def _token(text: str, pos: int, terms: str) -> tuple[str, int]:
    """ffmpeg's ``av_get_token``: up to an unquoted, unescaped terminator; quotes and backslashes removed."""
    pos = _skip(text, pos)
    out: list[str] = []
    end = 0  # length of ``out`` that trailing-whitespace trimming may not cut into
    while pos < len(text) and text[pos] not in terms:
        c = text[pos]
        pos += 1
        if c == "\\" and pos < len(text):
            out.append(text[pos])
            pos += 1
            end = len(out)
        elif c == "'":
            close = text.find("'", pos)
            close = len(text) if close < 0 else close
            out.append(text[pos:close])
            pos = min(close + 1, len(text))
            end = len(out)
        else:
            out.append(c)
    while len(out) > end and out[-1] in _WHITESPACE:
        out.pop()
    return "".join(out), pos


def _labels(text: str, pos: int) -> tuple[tuple[str, ...], int]:
    labels: list[str] = []
    pos = _skip(text, pos)
    while text[pos:pos + 1] == "[":
        close = text.index("]", pos)
        labels.append(text[pos + 1:close])
        pos = _skip(text, close + 1)
    return tuple(labels), pos


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WHITESPACE:
        pos += 1
    return pos
