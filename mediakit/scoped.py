"""A context variable set for the length of a ``with`` block: per-request settings that follow a thread or task.

The fetcher's remote-input rules, a server's own files and download gates,
and the runner's served URLs are each such a setting; one helper sets and
restores them all the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")


def scoped(var: ContextVar[T | None], value: T) -> AbstractContextManager[None]:
    """``var`` set to ``value`` inside the block (this thread or task only), restored after it."""
    return _scoped(var, value)


@contextmanager
def _scoped(var: ContextVar[T | None], value: T) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)
