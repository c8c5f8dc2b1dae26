"""Reading request and job-spec documents (YAML or JSON) safely.

These files come from users and other programs, so reading one never hangs
and never explodes: a size limit (the spec's 1 MB body limit), UTF-8 text
only (a binary file is named as such), ``yaml.safe_load`` (no Python
objects), and a cap on aliases, so an "anchor bomb" (a few lines of nested
aliases that expand to billions of nodes when walked) is refused.  JSON is
YAML, so one loader reads both.  Errors name the file, line and column.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .errors import ValidationError

MAX_BYTES = 1024 * 1024
MAX_ALIASES = 100
MAX_DEPTH = 100  # nesting levels; PyYAML composes recursively, so deeper would exhaust the stack
_BASE_60 = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?")   # YAML 1.1's sexagesimal numbers


class _Loader(yaml.SafeLoader):
    """SafeLoader that counts aliases and nesting depth (both bounded: a request is small and flat)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.aliases = 0
        self.depth = 0

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        """YAML 1.1 reads ``4:5`` and ``9:16`` as base-60 numbers (245, 556); an aspect is meant, as YAML 1.2
        and JSON read it, so a plain scalar of that shape stays a string."""
        if kind is yaml.ScalarNode and implicit[0] and _BASE_60.fullmatch(value):
            return yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG
        return super().resolve(kind, value, implicit)

    def compose_node(self, parent: Any, index: Any) -> Any:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                mark = self.peek_event().start_mark
                raise yaml.YAMLError(f"more than {MAX_ALIASES} aliases (line {mark.line + 1}); "
                                     "expand the document instead")
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.YAMLError(f"nested more than {MAX_DEPTH} levels deep (line {mark.line + 1}, "
                                     f"column {mark.column + 1})")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def read_text(path: Path, *, field: str) -> str:
    """A document's text: it exists, is at most 1 MB and is UTF-8."""
    try:
        raw = path.read_bytes() if str(path) != "-" else _stdin()
    except FileNotFoundError:
        raise ValidationError(field, str(path), "does not exist") from None
    except IsADirectoryError:
        raise ValidationError(field, str(path), "is a folder; give a YAML or JSON file") from None
    except OSError as exc:
        raise ValidationError(field, str(path), f"cannot be read ({exc.strerror})") from None
    if len(raw) > MAX_BYTES:
        raise ValidationError(field, str(path), f"is {len(raw)} bytes; at most {MAX_BYTES} (1 MB) is accepted")
    if b"\x00" in raw:
        raise ValidationError(field, str(path), "is a binary file, not YAML or JSON text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValidationError(field, str(path), f"is not UTF-8 text (byte {exc.start})") from None


def parse_yaml(text: str, *, field: str, where: str) -> Any:
    """``text`` parsed as YAML (or JSON); a ValidationError naming ``where``, line and column otherwise."""
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise ValidationError(field, where, f"is not valid YAML{at}: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ValidationError(field, where, f"is not valid YAML: {exc}") from None
    finally:
        loader.dispose()


def parse_yaml_lines(text: str, *, field: str, where: str) -> tuple[Any, dict[tuple[str | int, ...], int]]:
    """``text`` parsed like :func:`parse_yaml`, with the line (1-based) of every mapping key and list item.

    The lines let a batch runner point at ``jobs[3].input.script`` in the
    user's file; paths are tuples of keys and indexes.
    """
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise ValidationError(field, where, f"is not valid YAML{at}: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ValidationError(field, where, f"is not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    lines: dict[tuple[str | int, ...], int] = {}
    if node is not None:
        _mark_lines(node, (), lines, set())
    return data, lines


def _mark_lines(node: yaml.Node, path: tuple[str | int, ...], lines: dict[tuple[str | int, ...], int],
                seen: set[int]) -> None:
    if id(node) in seen:  # an alias: its lines are those of the anchor
        return
    seen.add(id(node))
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                lines.setdefault((*path, key.value), key.start_mark.line + 1)
                _mark_lines(value, (*path, key.value), lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _mark_lines(item, (*path, i), lines, seen)


def load_document(path: Path, *, field: str) -> Any:
    """Read and parse a YAML or JSON file."""
    return parse_yaml(read_text(path, field=field), field=field, where=str(path))


def _stdin() -> bytes:
    import sys

    return sys.stdin.buffer.read(MAX_BYTES + 1)
