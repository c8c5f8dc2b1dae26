"""The default script engine: a local, deterministic template writer (not an AI).

The hosted service writes scripts with a language model.  Offline, the next
best thing is what copywriters do with a swipe file: hand-written hooks, body
lines and CTAs per template (``presets/script_templates.yaml``), with the
product and its benefit slotted in (``extract.py``).  The writer tries every
combination of lines, keeps those within the word cap of the duration (and
the generator's minimum length) and picks, among the ones that fill the time
well, the one a hash of the request ranks first.  So the same request always
gives the same script, different requests give different ones, and nothing
is ever random.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import yaml

from ...errors import EngineError
from ...generator_ids import GeneratorId
from ...paths import data_dir
from ..pacing import count_words
from .base import ScriptRequest
from .extract import Benefit, Subject, read_facts

TEMPLATES_FILE = "script_templates.yaml"
_SLOT = re.compile(r"\{([A-Za-z_']+)\}")
_PRONOUNS = {"it", "It", "its", "it's", "It's"}
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([a-z][\w'-]*)")


@dataclass(frozen=True)
class Beat:
    """One body line slot: its alternatives, whether the writer keeps it whenever it fits, what it follows."""

    id: str
    variants: tuple[str, ...]
    required: bool = False
    requires: str | None = None


@dataclass(frozen=True)
class Plan:
    """Everything the writer may say for one template: hooks, body beats in order, CTAs."""

    hooks: tuple[str, ...]
    beats: tuple[Beat, ...]
    ctas: tuple[str, ...]


@dataclass(frozen=True)
class _Line:
    index: int
    text: str
    words: int
    first_ref: str | None  # "subject", "pronoun" or None: which the line mentions first
    has_benefit: bool


class TemplateEngine:
    """Local template writer: hand-written lines fitted to the cap, chosen by a hash of the request."""

    name = "template"

    def write(self, request: ScriptRequest) -> str:
        data = load_templates()
        facts = read_facts(request)
        tone = request.tone or _acting_tone(data, request) or data["default_tone"]
        plan = plan_for(data, request)
        seed = _seed(request)
        benefits = [facts.benefit, facts.benefit.short()] if facts.benefit else \
            [Benefit(_pick(data["fallback_benefits"], seed, "benefit"), "")]
        subjects = [facts.subject, Subject(facts.subject.short, facts.subject.short, facts.subject.plural)]
        tight = Plan(tuple(data["tight_hooks"]), (), plan.ctas)
        for use_plan in (plan, tight):
            best: tuple[tuple[int | bool, ...], str] | None = None
            for s_rank, subject in enumerate(dict.fromkeys(subjects)):
                for b_rank, benefit in enumerate(dict.fromkeys(benefits)):
                    values = slot_values(data["tones"][tone], subject, benefit)
                    if request.cta is not None:
                        values["cta"] = closing_line(request.cta)
                    found = _best(use_plan, values, request, seed, full_subject=s_rank == 0,
                                  full_benefit=b_rank == 0, prefer_benefit=facts.benefit is not None)
                    if found and (best is None or found[0] > best[0]):
                        best = found
            if best:
                return best[1]
        raise EngineError(f"template writer found no script of at most {request.max_words} words and at "
                          f"least {request.min_chars} characters for a {request.duration} s {request.generator} "
                          f"(subject {facts.subject.text!r}, cta {request.cta!r}); shorten the cta or "
                          f"product name, or ask for a longer duration")


@functools.cache
def load_templates() -> dict[str, Any]:
    """The parsed template file (read once per process; it is data, not configuration)."""
    path = data_dir("presets") / TEMPLATES_FILE
    with path.open(encoding="utf-8") as fh:
        data: dict[str, Any] = yaml.safe_load(fh)
    return data


def plan_for(data: Mapping[str, Any], request: ScriptRequest) -> Plan:
    """The hooks, beats and CTAs of the request's template, angle or acting style."""
    if request.generator == GeneratorId.PRODUCT_ACTING_UGC:
        style = data["acting_styles"][request.acting_style]
        scene = Beat("scene", tuple(data["acting_templates"][request.template]), required=True)
        return Plan(tuple(style["hooks"]), (scene, *_beats(data["acting_beats"])),
                    _ctas(data["acting_ctas"], request.cta))
    if request.angle is not None:
        entry = data["saas_angles"][request.angle]
    else:
        entry = data["ugc_templates"][request.template]
    return Plan(tuple(entry["hooks"]), _beats(entry["beats"]), _ctas(entry["ctas"], request.cta))


def slot_values(tone_words: Mapping[str, str], subject: Subject, benefit: Benefit) -> dict[str, str]:
    """Every slot a template line may use, agreeing with a singular or plural subject."""
    plural = subject.plural
    values = {
        "it": "they" if plural else "it", "It": "They" if plural else "It",
        "its": "their" if plural else "its",
        "it's": "they're" if plural else "it's", "It's": "They're" if plural else "It's",
        "is": "are" if plural else "is", "was": "were" if plural else "was",
        "has": "have" if plural else "has", "s": "" if plural else "s", "es": "" if plural else "es",
        **tone_words,
    }
    values["benefit"] = fill(benefit.lead, values) + benefit.body
    values["subject"] = subject.text
    return values


def fill(template: str, values: Mapping[str, str]) -> str:
    """Substitute ``{slot}``s in one pass, so user text inside values is never read as a slot."""
    return _SLOT.sub(lambda m: values[m.group(1)], template)


def _beats(entries: Sequence[Mapping[str, Any]]) -> tuple[Beat, ...]:
    return tuple(Beat(e["id"], tuple(e["variants"]), bool(e.get("required")), e.get("requires"))
                 for e in entries)


def _ctas(lines: Sequence[str], cta: str | None) -> tuple[str, ...]:
    """The template's CTAs, or the request's own as the one closing line (filled in by ``{cta}``)."""
    return tuple(lines) if cta is None else ("{cta}",)


def closing_line(cta: str) -> str:
    """A CTA as the last sentence: typed text kept, a full stop added if it has no end mark."""
    return cta if cta[-1] in ".!?…" else cta + "."


def _acting_tone(data: Mapping[str, Any], request: ScriptRequest) -> str | None:
    if request.acting_style is None:
        return None
    tone: str | None = data["acting_styles"][request.acting_style].get("tone")
    return tone


def _seed(request: ScriptRequest) -> bytes:
    """Stable bytes for the request: the same inputs (and page) give the same choices."""
    fields = asdict(request)
    fields["route"] = fields.pop("generator")  # the key the seed was first made with: the same request, the same script
    return hashlib.sha256(json.dumps(fields, sort_keys=True, default=str).encode()).digest()


def _rank(seed: bytes, key: str) -> int:
    return int.from_bytes(hashlib.sha256(seed + key.encode()).digest()[:8], "big")


def _pick(options: Sequence[str], seed: bytes, key: str) -> str:
    return max(options, key=lambda option: _rank(seed, f"{key}:{option}"))


def _best(plan: Plan, values: Mapping[str, str], request: ScriptRequest, seed: bytes, *, full_subject: bool,
          full_benefit: bool, prefer_benefit: bool) -> tuple[tuple[int | bool, ...], str] | None:
    """The best combination that fits, with its sort key.

    In order: keep the required beats (the line that makes a template what
    it is), say the full product name, say the benefit (in full), fill the
    time; the request's hash breaks the remaining ties.
    """
    cap = request.max_words
    full = cap - max(3, cap // 5)  # "fills the time": within a few words of the cap
    slots: list[list[_Line | None]] = [_lines(plan.hooks, values)]
    slots += [[None, *_lines(beat.variants, values)] for beat in plan.beats]
    slots.append(_lines(plan.ctas, values))
    best: tuple[tuple[int | bool, ...], str] | None = None
    for combo in _combos(slots, plan.beats, cap):
        lines = [line for line in combo if line is not None]
        refs = [line.first_ref for line in lines if line.first_ref]
        if not refs or refs[0] != "subject":
            continue
        if sum(len(line.text) for line in lines) + len(lines) - 1 < request.min_chars:
            continue
        words = sum(line.words for line in lines)
        says_benefit = prefer_benefit and any(line.has_benefit for line in lines)
        required = sum(1 for beat, line in zip(plan.beats, combo[1:-1], strict=True)
                       if beat.required and line is not None)
        merit = (required, full_subject, says_benefit, full_benefit or not says_benefit, words >= full,
                 0 if words >= full else words)
        if best is not None and merit < best[0][:-1]:
            continue  # the hash only breaks ties, so skip hashing what cannot win
        key = (*merit, _rank(seed, repr([None if line is None else line.index for line in combo])))
        if best is None or key > best[0]:
            best = (key, " ".join(line.text for line in lines))
    return best


def _combos(slots: list[list[_Line | None]], beats: Sequence[Beat],
            cap: int) -> Iterator[tuple[_Line | None, ...]]:
    """Combinations within the cap whose beats' ``requires`` are met."""
    for combo in itertools.product(*slots):
        if sum(line.words for line in combo if line is not None) > cap:
            continue
        present = {beat.id for beat, line in zip(beats, combo[1:-1], strict=True) if line is not None}
        if all(beat.requires in present for beat, line in zip(beats, combo[1:-1], strict=True)
               if line is not None and beat.requires):
            yield combo


def _lines(templates: Sequence[str], values: Mapping[str, str]) -> list[_Line | None]:
    out: list[_Line | None] = []  # typed with None so a beat's "left out" option shares the list
    for index, template in enumerate(templates):
        slots = _SLOT.findall(template)
        refs = [s for s in slots if s == "subject" or s in _PRONOUNS]
        first_ref = None if not refs else ("subject" if refs[0] == "subject" else "pronoun")
        text = _capitalize(fill(template, values))
        out.append(_Line(index, text, count_words(text), first_ref, "benefit" in slots))
    return out


def _capitalize(text: str) -> str:
    """Capitalise sentence starts, except words like "iPhone" whose case is deliberate."""
    def fix(match: re.Match[str]) -> str:
        word = match.group(2)
        return match.group(1) + (word if any(c.isupper() for c in word[1:]) else word[:1].upper() + word[1:])
    return _SENTENCE_START.sub(fix, text)
