"""Find what a brief is about (the subject) and what it does (the benefit), with no model.

The template writer needs two slots filled from free text: a subject it can
say mid-sentence ("FocusFlow", "this vitamin C serum") and a benefit it can
put after "It ..." ("makes skin glow in two weeks").  Briefs are short and
formulaic ("Make a TikTok ad for our new X that does Y"), so a few ordered
patterns get both: strip the instruction, strip determiners, cut the noun
phrase at the first relative clause, preposition or verb, and turn what
follows into a verb phrase.  The user's own words are kept literally and
never re-read as template text, so braces in a prompt are harmless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...generator_ids import GeneratorId
from .base import ScriptRequest
from .fetch import PageContext

MAX_SUBJECT_WORDS = 6
MAX_BENEFIT_WORDS = 10
SHORT_BENEFIT_WORDS = 4

_LEAD_ASK = re.compile(
    r"""^(?:please\s+|can\s+you\s+|could\s+you\s+|i\s+(?:want|need)\s+|we\s+(?:want|need)\s+)*
    (?:(?:make|create|write|generate|produce|film|shoot|record|draft|give\s+me|do)\s+(?:me\s+|us\s+)?)?
    (?:(?:a|an|the|some|one)\s+)?
    (?:(?:short|quick|fun|punchy|funny|catchy|viral|engaging|ugc|ugc-style|tiktok|instagram|youtube|reels?
        |shorts?|social|video|ad|ads|advert|advertisement|review|script|promo|promotional|commercial|clip
        |testimonial|post|style|spot|\d+[\s-]*(?:s|sec|second)s?)[\s-]+)+
    (?:about|for|on|of|promoting|showcasing|featuring|reviewing|introducing|that\s+(?:promotes|shows|sells))\s+""",
    re.IGNORECASE | re.VERBOSE)
_LEAD_VERB = re.compile(
    r"^(?:please\s+)?(?:promote|promoting|showcase|advertise|review|introduce|sell|feature|highlight|announce"
    r"|pitch|launch|explain|show\s+off|talk\s+about|present|hype\s+up|(?:this|it|here)\s+is)\s+",
    re.IGNORECASE)
_DETERMINERS = re.compile(
    r"^(?:(?:our|my|the|a|an|this|that|these|those|your|their|his|her|its|some|brand[\s-]new|all[\s-]new"
    r"|new|latest)\s+)+", re.IGNORECASE)
_CUT = re.compile(
    r"""\s*[,;:(!?]|\s+[-–—]\s+|\.(?:\s|$)
    |\s+(?:that|which|who|to|for|with|so|because|by|without|using|helps?|makes?|lets?|keeps?|saves?|gives?
        |turns?|brings?|cuts?|removes?|fixes?|is|are|was|has|have|will|can)\b""",
    re.IGNORECASE | re.VERBOSE)
# "easy to use" is part of a noun phrase, not the start of a purpose clause.
_ADJ_BEFORE_TO = {"easy", "hard", "simple", "ready", "quick", "fast", "safe", "fun", "free", "able"}
_PURPOSE_VERBS = {"help", "make", "let", "keep", "save", "give", "bring", "turn"}
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_BENEFIT_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), lead) for pattern, lead in (
        (r"^(?:that|which|who)\s+(.+)", ""),
        (r"^(?:it's|it\s+is|they're|they\s+are|is|are)\s+(.+)", "{is} "),
        (r"^(?:has|have)\s+(.+)", "{has} "),
        (r"^((?:helps?|makes?|lets?|keeps?|saves?|gives?|turns?|brings?|cuts?|removes?|fixes?|will|can)\b.+)",
         ""),
        (r"^(?:it|they)\s+(.+)", ""),
        (r"^to\s+(.+)", "help{s} you "),
        (r"^so\s+(?:that\s+)?you\s+(?:can\s+)?(.+)", "let{s} you "),
        (r"^for\s+(.+)", "{is} made for "),
        (r"^with\s+(.+)", "come{s} with "),
        (r"^without\s+(.+)", "work{s} without "),
        (r"^because\s+(?:it|they)\s+(.+)", ""),
        (r"^by\s+(.+)", "help{s} by "),
        (r"^using\s+(.+)", "use{s} "),
    ))
_TRAILING_FILLER = {"and", "or", "but", "the", "a", "an", "to", "of", "in", "on", "at", "for", "with", "by",
                    "your", "my", "our", "their", "its", "that", "which", "who", "from", "so", "as", "into",
                    "than", "while", "when", "is", "are"}
_GENERIC_TITLES = {"home", "homepage", "home page", "welcome", "index", "official site", "untitled", "shop"}
_TITLE_SPLIT = re.compile(r"\s+[|\-–—·•]\s+|:\s+")


@dataclass(frozen=True)
class Subject:
    """The product as the actor says it mid-sentence, with a shorter form for tight caps."""

    text: str
    short: str
    plural: bool = False


@dataclass(frozen=True)
class Benefit:
    """A verb phrase: ``lead`` is template text (may hold ``{s}``, ``{is}``); ``body`` is the user's words."""

    lead: str
    body: str

    def short(self) -> Benefit:
        words = _trim_filler(self.body.split()[:SHORT_BENEFIT_WORDS])
        return Benefit(self.lead, " ".join(words)) if words else self


@dataclass(frozen=True)
class Facts:
    """What the writer slots in; ``benefit`` is None when no input names one."""

    subject: Subject
    benefit: Benefit | None


def read_facts(request: ScriptRequest) -> Facts:
    """Subject and benefit from the request, strongest source first.

    A name the user typed beats anything inferred; a proper name in the
    prompt beats the page title, which beats a common noun from the prompt
    ("our productivity app" is weaker than the page's "FocusFlow").  The
    benefit comes from the prompt, else the description, else the page.
    """
    prompt = parse(request.prompt) if request.prompt else (None, None, False)
    described = parse(request.product_description) if request.product_description else (None, None, False)
    page_subject, page_texts = _from_page(request.context) if request.context else (None, [])
    named = _named(request.product_name) if request.product_name else None
    proper_prompt = prompt[0] if prompt[2] else None
    apps = (GeneratorId.SAAS_REVIEW, GeneratorId.SHOW_YOUR_APP, GeneratorId.LAPTOP_UGC)
    fallback = Subject("this app", "this app") if request.generator in apps else Subject("this product", "this product")
    subject = next(s for s in (named, proper_prompt, page_subject, prompt[0], described[0], fallback) if s)
    names = [s.text for s in (named, page_subject, proper_prompt) if s]
    benefit = prompt[1]
    for text in (request.product_description, *page_texts):
        if benefit is None and text:
            benefit = _benefit_of(text, names)
    return Facts(subject, benefit)


def _benefit_of(text: str, names: list[str]) -> Benefit | None:
    """The benefit a description states; "FocusFlow blocks ..." needs the name to find its verb."""
    found = parse(text)[1]
    if found:
        return found
    for name in names:
        rest = text[len(name):].split() if text.lower().startswith(name.lower() + " ") else []
        if rest and rest[0].isalpha() and rest[0].islower() and _looks_plural(rest[0]):  # "blocks", "keeps"
            body = _clean_body(" ".join(rest))
            return Benefit("", body) if body else None
    return None


def parse(text: str) -> tuple[Subject | None, Benefit | None, bool]:
    """``(subject, benefit, subject_is_a_name)`` found in a brief or description."""
    sentences = _SENTENCE.split(" ".join(text.split()).strip(" \"'“”"))
    first = sentences[0]
    stripped = _strip_lead(first)
    at_start = stripped == first
    phrase, rest = _cut_subject(stripped)
    subject, proper = _subject(phrase, at_start) if phrase else (None, False)
    benefit = _benefit(rest)
    for sentence in sentences[1:]:
        benefit = benefit or _benefit(sentence)
    return subject, benefit, proper


def _strip_lead(text: str) -> str:
    """Drop the instruction around the product: "Make a TikTok ad for our new X" -> "X"."""
    for _ in range(3):
        before = text
        text = _LEAD_ASK.sub("", text, count=1)
        text = _LEAD_VERB.sub("", text, count=1)
        text = _DETERMINERS.sub("", text, count=1)
        if text == before:
            break
    return text


def _cut_subject(text: str) -> tuple[str, str]:
    """Split at the first clause marker, except "easy to ..."; a brief may start with one ("for moms")."""
    padded = " " + text
    for match in _CUT.finditer(padded):
        before = padded[:match.start()].split()
        if match.group().strip().lower() == "to" and before and before[-1].lower() in _ADJ_BEFORE_TO:
            continue
        return " ".join(before), padded[match.start():]
    return text.strip(" .!?"), ""


def _subject(phrase: str, at_start: bool) -> tuple[Subject | None, bool]:
    words = [w.strip("\"'“”") for w in phrase.split()]
    words = [w for w in words if w]
    if not words:
        return None, False
    # "app FocusFlow": a name after a generic noun is the name to say.
    if not words[0][:1].isupper():
        for i, word in enumerate(words[1:], 1):
            if _inner_caps(word) or (word[:1].isupper() and len(word) >= 3):
                words = words[i:]
                break
    if _is_name(words, at_start):
        words = words[:MAX_SUBJECT_WORDS]
        # "Sony WH-1000XM5 headphones" are plural; "AirPods" is a name and stays singular.
        plural = words[-1].islower() and _looks_plural(words[-1])
        return Subject(" ".join(words), " ".join(words[:3]), plural), True
    words = words[-(MAX_SUBJECT_WORDS - 1):]
    if words[0][:1].isupper() and not _inner_caps(words[0]) and not words[0].isupper():
        words[0] = words[0].lower()
    plural = _looks_plural(words[-1])
    det = "these" if plural else "this"
    return Subject(f"{det} {' '.join(words)}", f"{det} {words[-1]}", plural), False


def _is_name(words: list[str], at_start: bool) -> bool:
    first = words[0]
    if _inner_caps(first) or (first.isupper() and len(first) > 1):
        return True
    if not first[:1].isupper():
        return False
    if not at_start:
        return True
    # A capital at the start of the brief may only be sentence case.
    if len(words) > 1:
        return any(w[:1].isupper() for w in words[1:])
    return not _looks_plural(first)


def _inner_caps(word: str) -> bool:
    return any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)


def _looks_plural(word: str) -> bool:
    w = word.lower()
    return len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ics"))


def _benefit(rest: str) -> Benefit | None:
    rest = rest.strip().lstrip(",;:-–—(").strip()
    for pattern, lead in _BENEFIT_RULES:
        match = pattern.match(rest)
        if match:
            body = _clean_body(match.group(1))
            verb, _, tail = body.partition(" ")
            if lead == "help{s} you " and verb.lower() in _PURPOSE_VERBS and tail:
                lead, body = f"{verb.lower()}{{s}} ", tail  # "to help moms sleep" -> "helps moms sleep"
            return Benefit(lead, body) if body else None
    if re.match(r"^(?:a|an|the)\s", rest, re.IGNORECASE):  # appositive: ", a Pomodoro app that ..."
        return parse(rest)[1]
    return None


def _clean_body(text: str) -> str:
    text = _SENTENCE.split(text)[0].strip().rstrip(".!?;:,)")
    text = re.sub(r"\bour\b", "your", text)
    text = re.sub(r"\bus\b", "you", text)
    words = text.split()
    if len(words) > MAX_BENEFIT_WORDS:
        head = " ".join(words[:MAX_BENEFIT_WORDS])
        cut = max(head.rfind(","), head.rfind(" and "))
        words = head[:cut].split() if cut > 10 else words[:MAX_BENEFIT_WORDS]
    return " ".join(_trim_filler(words)).rstrip(",;:")


def _trim_filler(words: list[str]) -> list[str]:
    while words and words[-1].lower().strip(",;:") in _TRAILING_FILLER:
        words = words[:-1]
    return words


def _named(name: str) -> Subject:
    """A product name typed by the user is said as written; the short form keeps the brand."""
    head = _TITLE_SPLIT.split(name)[0].strip()
    words = head.split()
    return Subject(name if len(name.split()) <= MAX_SUBJECT_WORDS else head, " ".join(words[:3]))


def _from_page(context: PageContext) -> tuple[Subject | None, list[str]]:
    """The site's name (og:site_name or the title's first part) and the texts that may state a benefit."""
    parts = [p.strip() for p in _TITLE_SPLIT.split(context.title) if p.strip()]
    parts = [re.sub(r"^welcome\s+to\s+", "", p, flags=re.IGNORECASE) for p in parts]
    names = [p for p in parts if p.lower() not in _GENERIC_TITLES and len(p.split()) <= MAX_SUBJECT_WORDS]
    site = context.site_name if 0 < len(context.site_name.split()) <= MAX_SUBJECT_WORDS else ""
    name = site or (names[0] if names else "")
    return (_named(name) if name else None), [context.description, *[p for p in parts if p != name]]
