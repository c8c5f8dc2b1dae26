"""Script engine "openai-compatible": any server that speaks the chat completions API.

Most hosted and local model servers (OpenAI, vLLM, llama.cpp, Ollama, LM
Studio, ...) accept ``POST {base_url}/chat/completions`` with ``model`` and
``messages``, so one small stdlib client covers them all without adding a
dependency.  Models miscount words, so the reply is cleaned of labels and
stage directions and checked against the cap; one retry with the count it
got wrong, then an error that names the cap.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import EngineError
from ...generator_ids import GeneratorId
from ..pacing import PACING_RULES, count_words
from .base import ScriptRequest
from .fetch import check_url

ENV_BASE_URL = "MEDIAKIT_LLM_BASE_URL"
ENV_API_KEY = "MEDIAKIT_LLM_API_KEY"
ENV_MODEL = "MEDIAKIT_LLM_MODEL"
DEFAULT_TIMEOUT_S = 60.0  # local models on a CPU can take this long for 40 words

_FENCE = re.compile(r"```\w*")
_LABEL = re.compile(r"^\s*[*_#]*\s*"
                    r"(?:hook|body|cta|call to action|script|voice-?over|vo|narrator|speaker|actor)"
                    r"\b[^:\n]{0,20}:\s*[*_]*\s*", re.IGNORECASE | re.MULTILINE)
_DIRECTION = re.compile(r"\([^()]*\)")
_HASHTAG = re.compile(r"(?<!\w)#\w+")


@dataclass(frozen=True)
class LLMConfig:
    """Where the model server is.  ``api_key`` is optional: local servers often need none."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout: float = DEFAULT_TIMEOUT_S

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> LLMConfig:
        """Read ``MEDIAKIT_LLM_BASE_URL``, ``MEDIAKIT_LLM_MODEL`` and ``MEDIAKIT_LLM_API_KEY``."""
        env = os.environ if environ is None else environ
        base_url, model = env.get(ENV_BASE_URL, "").strip(), env.get(ENV_MODEL, "").strip()
        if not base_url or not model:
            raise EngineError(f"script engine 'openai-compatible' is not configured: set {ENV_BASE_URL} "
                              f"(for example 'http://127.0.0.1:8000/v1') and {ENV_MODEL}, plus "
                              f"{ENV_API_KEY} if the server needs a key")
        return cls(base_url=base_url, model=model, api_key=env.get(ENV_API_KEY) or None)


class OpenAICompatibleEngine:
    """Writes the script with a chat completions model; configured by env vars or an ``LLMConfig``."""

    name = "openai-compatible"

    def __init__(self, config: LLMConfig | None = None) -> None:
        self.config = config or LLMConfig.from_env()
        check_url(self.config.base_url, field=ENV_BASE_URL)
        self.url = self.config.base_url.rstrip("/") + "/chat/completions"

    def write(self, request: ScriptRequest) -> str:
        messages = [{"role": "system", "content": system_prompt(request)},
                    {"role": "user", "content": user_prompt(request)}]
        reply = self._complete(messages)
        script = clean_reply(reply)
        problem = _problem(script, request)
        if problem is None:
            return script
        stricter = (f"That breaks a hard rule: {problem}. Rewrite it with at most {request.max_words} words "
                    f"in total (count them) and reply with the spoken words only.")
        messages += [{"role": "assistant", "content": reply}, {"role": "user", "content": stricter}]
        script = clean_reply(self._complete(messages))
        problem = _problem(script, request)
        if problem is None:
            return script
        raise EngineError(f"model {self.config.model!r} at {self.url!r} missed the limits twice ({problem}); "
                          f"a {request.duration} s {request.generator} script holds at most "
                          f"{request.max_words} words")

    def _complete(self, messages: list[dict[str, str]]) -> str:
        body = json.dumps({"model": self.config.model, "messages": messages}).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.config.api_key:
            headers["Authorization"] = f"Bearer {self.config.api_key}"
        req = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.config.timeout) as response:
                payload = json.loads(response.read())
        except urllib.error.HTTPError as exc:
            detail = " ".join(exc.read(300).decode("utf-8", "replace").split())
            raise EngineError(f"{self.url!r} answered HTTP {exc.code}: {detail or exc.reason}") from None
        except urllib.error.URLError as exc:
            raise EngineError(f"cannot reach {self.url!r}: {exc.reason}") from None
        except (OSError, ValueError) as exc:  # timeouts, resets, a body that is not JSON
            raise EngineError(f"no usable reply from {self.url!r}: {exc}") from None
        try:
            content = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            content = None
        if not isinstance(content, str) or not content.strip():
            raise EngineError(f"{self.url!r} replied without choices[0].message.content: "
                              f"{str(payload)[:200]}")
        return content


def system_prompt(request: ScriptRequest) -> str:
    """The rules, stated as hard limits: word cap first, because that is what models break."""
    rate = float(PACING_RULES[request.generator].pace)
    lines = [
        "You write the spoken script of a short vertical user-generated-content (UGC) video ad.",
        (f"Hard limit: at most {request.max_words} words in total; the video is {request.duration} seconds "
        f"and is spoken at about {rate:g} words per second."),
        f"It must be at least {request.min_chars} characters long.",
        "Structure: a scroll-stopping hook, then the benefit in plain words, then a call to action last.",
        "Write it as one person talking to camera, first person, casual and natural.",
        ("Reply with the spoken words only: no title, no labels, no stage directions, no hashtags, no emoji, "
        "no quotation marks."),
    ]
    if request.tone:
        lines.append(f"Tone: {request.tone}.")
    if request.angle:
        lines.append(f"Review angle: {request.angle}.")
    if request.template:
        kind = "Scene" if request.generator == GeneratorId.PRODUCT_ACTING_UGC else "Format"
        lines.append(f"{kind}: {request.template}.")
    if request.acting_style:
        lines.append(f"Acting style: {request.acting_style}.")
    if request.cta:
        lines.append(f"End with exactly this call to action: {request.cta}")
    return "\n".join(lines)


def user_prompt(request: ScriptRequest) -> str:
    """What the ad is about: the brief, the product and whatever the product page said."""
    parts = []
    if request.prompt:
        parts.append(f"Brief: {request.prompt}")
    if request.product_name:
        parts.append(f"Product: {request.product_name}")
    if request.product_description:
        parts.append(f"Product description: {request.product_description}")
    page = request.context
    if page:
        facts = [f"{label}: {value}" for label, value in (("title", page.title), ("site", page.site_name),
                                                           ("description", page.description),
                                                           ("page text", page.text)) if value]
        parts.append(f"Product page {page.url}:\n" + "\n".join(facts))
    return "\n".join(parts)


def clean_reply(reply: str) -> str:
    """Spoken words only: drop code fences, "Hook:" labels, (directions), hashtags, wrapping quotes."""
    text = _FENCE.sub(" ", reply)
    text = _LABEL.sub("", text)
    text = _DIRECTION.sub(" ", text)
    text = _HASHTAG.sub(" ", text)
    text = text.replace("**", "")
    return " ".join(text.split()).strip("\"'“”")


def _problem(script: str, request: ScriptRequest) -> str | None:
    words = count_words(script)
    if words == 0:
        return "the reply had no words"
    if words > request.max_words:
        return f"it has {words} words, over the cap of {request.max_words}"
    if len(script) < request.min_chars:
        return f"it has {len(script)} characters, under the minimum of {request.min_chars}"
    if request.cta and _norm(request.cta) not in _norm(script):
        return f"it does not include the call to action {request.cta!r}"
    return None


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
