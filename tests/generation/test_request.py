from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field, model_validator

from mediakit.errors import ValidationError
from mediakit.generation.request import RequestModel, parse_request, seconds_field, spec_error


class Pip(RequestModel):
    position: Literal["bottom-center", "bottom-left", "bottom-right"] = "bottom-center"


class Req(RequestModel):
    script: str | None = Field(None, min_length=50, max_length=3000)
    prompt: str | None = Field(None, min_length=1, max_length=1000)
    cta: str | None = None
    target_duration: seconds_field(5, 10, 15) | None = None  # type: ignore[valid-type]
    pip_options: Pip | None = None
    broll_images: list[str] = Field(default_factory=list, max_length=2)

    @model_validator(mode="after")
    def _rules(self) -> Req:
        if self.script is None and self.prompt is None:
            raise spec_error("missing_script", "script", "is required unless prompt is given")
        if self.cta is not None and len(self.cta) > 100:
            raise spec_error("cta_too_long", "cta", "must be at most 100 characters")
        return self


def _error(body: dict) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        parse_request(Req, body)
    return info.value


def test_every_failing_field_is_named_with_its_rule() -> None:
    err = _error({"script": "short", "target_duration": 7, "pip_options": {"position": "top", "x": 1},
                  "broll_images": ["a", "b", "c"], "colour": "red"})
    assert err.code == "validation_error"
    assert err.details == [
        {"field": "script", "rule": "must be at least 50 characters"},
        {"field": "target_duration", "rule": "one of 5, 10, 15"},
        {"field": "pip_options.position", "rule": "one of bottom-center, bottom-left, bottom-right"},
        {"field": "pip_options.x", "rule": "is not a field of this request"},
        {"field": "broll_images", "rule": "must hold at most 2 items"},
        {"field": "colour", "rule": "is not a field of this request"},
    ]
    assert err.message.startswith("script: must be at least 50 characters (got 'short')")


def test_spec_codes_survive() -> None:
    assert _error({}).code == "missing_script"
    assert _error({}).details == [{"field": "script", "rule": "is required unless prompt is given"}]
    assert _error({"prompt": "p", "cta": "x" * 101}).code == "cta_too_long"


def test_durations_accept_json_numbers_only() -> None:
    assert parse_request(Req, {"prompt": "p", "target_duration": 10.0}).target_duration == 10
    for bad in ("10", True, 12):
        assert _error({"prompt": "p", "target_duration": bad}).details[0]["field"] == "target_duration"
    schema = Req.model_json_schema()
    assert {"type": "number", "enum": [5, 10, 15]} in schema["properties"]["target_duration"]["anyOf"]
    assert schema["additionalProperties"] is False


def test_a_body_must_be_an_object() -> None:
    with pytest.raises(ValidationError, match="body: must be an object"):
        parse_request(Req, ["script"])


@pytest.mark.parametrize(("body", "field"), [({"script": "Buy it now\x00" + "x" * 60}, "script"),
                                             ({"prompt": "p", "broll_images": ["a.png", "b\x00.png"]},
                                              "broll_images[1]")])
def test_a_nul_character_anywhere_is_refused_with_its_field(body: dict, field: str) -> None:
    error = _error(body)
    assert (error.field, error.rule) == (field, "must not contain NUL characters")
