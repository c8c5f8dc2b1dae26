"""The one helper the generators' request tests share: the error a body that breaks a rule raises."""

from __future__ import annotations

from typing import Any

import pytest

from mediakit.errors import ValidationError
from mediakit.generation.request import parse_request


def parse_fails(model: type, body: dict[str, Any]) -> ValidationError:
    """The ``ValidationError`` parsing ``body`` as ``model`` raises (the test fails if it parses)."""
    with pytest.raises(ValidationError) as info:
        parse_request(model, body)
    return info.value
