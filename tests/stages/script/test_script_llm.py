"""The openai-compatible engine against a fake chat completions server on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler

import pytest
from script_http import LocalServer, send

from mediakit.errors import EngineError, ValidationError
from mediakit.stages.script import LLMConfig, OpenAICompatibleEngine, write_script
from mediakit.stages.script.llm_engine import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, clean_reply

GOOD = "Can we talk about FocusFlow? It keeps me focused for hours. Link in bio."
LONG = " ".join(["word"] * 40) + "."


def _chat(replies: list[str]) -> Callable[[BaseHTTPRequestHandler, bytes], None]:
    """A chat completions route that answers with ``replies`` in turn."""
    def route(handler: BaseHTTPRequestHandler, _: bytes) -> None:
        content = replies.pop(0)
        send(handler, 200, json.dumps({"id": "x", "object": "chat.completion",
                                       "choices": [{"index": 0, "message": {"role": "assistant",
                                                                            "content": content}}]}),
             "application/json")
    return route


def _engine(server: LocalServer) -> OpenAICompatibleEngine:
    config = LLMConfig(base_url=server.base + "/v1/", model="tiny-model", api_key="sk-test", timeout=5)
    return OpenAICompatibleEngine(config)


def test_happy_path_sends_the_rules_and_cleans_the_reply(server: LocalServer) -> None:
    server.routes["/v1/chat/completions"] = _chat([f'Hook: "{GOOD}" #ad'])
    result = write_script(generator="ugc_video", duration=10, prompt="FocusFlow, a focus app", tone="calm",
                          template="monologue", cta="Link in bio", engine=_engine(server))
    assert result.script == GOOD
    assert (result.engine, result.generated) == ("openai-compatible", True)
    assert result.pacing.max_words == 25
    method, path, headers, body = server.requests[0]
    assert (method, path) == ("POST", "/v1/chat/completions")
    assert headers["Authorization"] == "Bearer sk-test"
    sent = json.loads(body)
    assert sent["model"] == "tiny-model"
    system, user = sent["messages"]
    assert system["role"] == "system" and "at most 25 words" in system["content"]
    for expected in ("Tone: calm", "monologue", "Link in bio", "10 seconds"):
        assert expected in system["content"]
    assert "FocusFlow, a focus app" in user["content"]


def test_over_cap_reply_is_retried_with_a_stricter_instruction(server: LocalServer) -> None:
    server.routes["/v1/chat/completions"] = _chat([LONG, GOOD])
    result = write_script(generator="ugc_video", duration=10, prompt="FocusFlow", engine=_engine(server))
    assert result.script == GOOD
    assert len(server.requests) == 2
    retry = json.loads(server.requests[1][3])["messages"]
    assert retry[2] == {"role": "assistant", "content": LONG}
    assert "40 words, over the cap of 25" in retry[3]["content"]


def test_twice_over_cap_is_an_error_naming_the_cap(server: LocalServer) -> None:
    server.routes["/v1/chat/completions"] = _chat([LONG, LONG])
    with pytest.raises(EngineError, match=r"holds at most 12 words"):
        write_script(generator="ugc_video", duration=5, prompt="FocusFlow", engine=_engine(server))


def test_missing_cta_counts_as_a_miss(server: LocalServer) -> None:
    server.routes["/v1/chat/completions"] = _chat([GOOD, GOOD + " Use code FOCUS."])
    result = write_script(generator="ugc_video", duration=10, prompt="FocusFlow", cta="Use code FOCUS",
                          engine=_engine(server))
    assert result.script.endswith("Use code FOCUS.")


def test_configured_by_environment(server: LocalServer, monkeypatch: pytest.MonkeyPatch) -> None:
    server.routes["/v1/chat/completions"] = _chat([GOOD])
    monkeypatch.setenv(ENV_BASE_URL, server.base + "/v1")
    monkeypatch.setenv(ENV_MODEL, "env-model")
    monkeypatch.delenv(ENV_API_KEY, raising=False)
    result = write_script(generator="saas_review", duration=10, prompt="FocusFlow", engine="openai-compatible")
    assert result.script == GOOD
    _, _, headers, body = server.requests[0]
    assert "Authorization" not in headers and json.loads(body)["model"] == "env-model"


def test_not_configured_names_the_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_BASE_URL, ENV_MODEL, ENV_API_KEY):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(EngineError) as err:
        write_script(generator="ugc_video", duration=10, prompt="Tea", engine="openai-compatible")
    assert all(name in str(err.value) for name in (ENV_BASE_URL, ENV_MODEL, ENV_API_KEY))


def test_server_errors_are_engine_errors(server: LocalServer) -> None:
    server.routes["/v1/chat/completions"] = lambda h, _: send(h, 500, '{"error": "overloaded"}',
                                                              "application/json")
    with pytest.raises(EngineError, match=r"HTTP 500.*overloaded"):
        write_script(generator="ugc_video", duration=10, prompt="Tea", engine=_engine(server))
    server.routes["/v1/chat/completions"] = lambda h, _: send(h, 200, '{"choices": []}', "application/json")
    with pytest.raises(EngineError, match="choices"):
        write_script(generator="ugc_video", duration=10, prompt="Tea", engine=_engine(server))


def test_base_url_must_be_http() -> None:
    with pytest.raises(ValidationError, match=ENV_BASE_URL):
        OpenAICompatibleEngine(LLMConfig(base_url="file:///tmp", model="m"))


def test_clean_reply_strips_formatting() -> None:
    reply = "```\n**Hook:** Stop scrolling! (smiles)\nBody: It works.\nCTA: Try it. #ad\n```"
    assert clean_reply(reply) == "Stop scrolling! It works. Try it."
