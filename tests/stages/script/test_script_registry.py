"""Engines by name: built-ins, register_engine, the entry point group, and the cap check on any engine."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from mediakit import registry
from mediakit.errors import EngineError, ValidationError
from mediakit.stages.script import (
    ScriptRequest,
    base,
    engine_names,
    get_engine,
    register_engine,
    write_script,
)


class Echo:
    """A third-party engine: says the prompt back."""

    name = "echo"

    def write(self, request: ScriptRequest) -> str:
        return f"{request.prompt}, said back by a small test engine within {request.max_words} words."


class Chatty(Echo):
    name = "chatty"

    def write(self, request: ScriptRequest) -> str:
        return "blah " * (request.max_words + 1)


def test_builtins_are_registered() -> None:
    assert {"template", "openai-compatible"} <= set(engine_names())
    assert get_engine("template").name == "template"


def test_register_engine_and_use_it_by_name(request: pytest.FixtureRequest) -> None:
    request.addfinalizer(lambda: base.ENGINES.unregister("echo"))  # keep the registration to this test
    register_engine("echo", Echo)
    result = write_script(generator="ugc_video", duration=5, prompt="Echo this", engine="echo")
    assert result.script == "Echo this, said back by a small test engine within 12 words."
    assert result.engine == "echo"


def test_engine_instance_is_accepted() -> None:
    assert write_script(generator="ugc_video", duration=10, prompt="Hi there", engine=Echo()).engine == "echo"


def test_any_engine_over_the_cap_is_refused() -> None:
    with pytest.raises(EngineError, match=r"'chatty' returned 13 words.*1 to 12 words"):
        write_script(generator="ugc_video", duration=5, prompt="Tea", engine=Chatty())


def test_unknown_engine_lists_the_names() -> None:
    with pytest.raises(ValidationError, match=r"engine: must be one of .*openai-compatible.*template"):
        write_script(generator="ugc_video", duration=5, prompt="Tea", engine="gpt-17")


def test_entry_point_group(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = EntryPoint("plugin-writer", "mediakit.stages.script.template_engine:TemplateEngine",
                        base.ENTRY_POINT_GROUP)
    broken = EntryPoint("broken", "mediakit.no_such_module:Engine", base.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points",
                        lambda group, name=None: [ep for ep in (plugin, broken)
                                                  if group == base.ENTRY_POINT_GROUP and name in (None, ep.name)])
    assert {"plugin-writer", "broken"} <= set(engine_names())
    assert write_script(generator="ugc_video", duration=5, prompt="Tea", engine="plugin-writer").script
    with pytest.raises(EngineError, match=r"'broken'.*failed to load"):
        get_engine("broken")
