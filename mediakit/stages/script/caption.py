"""The publish caption an ``ai`` caption mode asks for, written to its guidance.

The hosted service hands ``caption_guidance`` to a language model.  The
local writer reads what such guidance usually asks and obeys it, instead of
pasting the guidance into a script template: its length ("short", "one
line", "under 12 words", "long"), its tone (curious, excited, funny, calm,
professional, inspiring) and its ending ("end with a question", "a call to
action", "hashtags").  The caption talks about the prompt's own subject (its
first clause), and the same guidance and prompt always give the same words.
"""

from __future__ import annotations

import re

from ...drawing.prompts import prompt_seed

WORD_LIMITS = {"short": 14, "brief": 14, "punchy": 12, "one line": 16, "one-liner": 12, "long": 45,
               "detailed": 45}
DEFAULT_WORDS = 25
TONES: dict[str, tuple[str, ...]] = {
    "curious": ("Ever wondered what this looks like?", "Have you ever seen this?", "Guess where this is?"),
    "excited": ("This is unreal!", "You have to see this!", "Okay, this is stunning!"),
    "funny": ("Nobody asked, but here it is.", "Plot twist: it gets better.", "My camera roll, explained."),
    "calm": ("Take a breath.", "Slow down for a moment.", "A quiet minute."),
    "professional": ("A closer look.", "Here is the shot.", "Worth a look."),
    "inspiring": ("Little moments matter.", "Find the light.", "Keep looking up."),
}
TONE_WORDS: dict[str, str] = {
    "curious": "curious", "intriguing": "curious", "mysterious": "curious", "excited": "excited",
    "exciting": "excited", "hype": "excited", "energetic": "excited", "enthusiastic": "excited", "funny": "funny",
    "playful": "funny", "witty": "funny", "humorous": "funny", "calm": "calm", "chill": "calm", "relaxed": "calm",
    "soothing": "calm", "professional": "professional", "informative": "professional", "formal": "professional",
    "inspiring": "inspiring", "inspirational": "inspiring", "uplifting": "inspiring", "motivational": "inspiring",
}
QUESTIONS = ("Would you go?", "What would you do here?", "Which part is your favourite?", "Who would you bring?")
SMALL_WORDS = frozenset(("the", "a", "an", "on", "at", "in", "of", "with", "and", "to", "by", "from", "over",
                         "under", "for", "its", "their", "my", "your"))
CALLS = ("Follow for more.", "Save this for later.", "Share it with someone who needs it.")
_WORD_CAP = re.compile(r"\b(\d{1,3})\s+words?\b")  # "under 12 words", "at most 8 words", "12 words"
_CLAUSE = re.compile(r"[.!?;]\s+|,\s+(?:then|and then|while|as)\s+|\s+then\s+", re.IGNORECASE)
_REFERENCE = re.compile(r"@(?:image|video|audio)\d+", re.IGNORECASE)


def write_caption(guidance: str, prompt: str) -> str:
    """A caption about ``prompt`` that follows ``guidance`` (length, tone, ending); deterministic."""
    asked = " ".join(guidance.lower().split())
    seed = prompt_seed(f"{asked}|{prompt}")
    tone = next((TONE_WORDS[w] for w in re.findall(r"[a-z]+", asked) if w in TONE_WORDS), None)
    ending = ("question" if re.search(r"\bquestion\b|\bask\b", asked)
              else "call" if re.search(r"call to action|\bcta\b|follow", asked) else None)
    limit = word_limit(asked)
    opener = TONES[tone][seed % 3] if tone else None
    close = (QUESTIONS[seed // 3 % len(QUESTIONS)] if ending == "question"
             else CALLS[seed // 3 % len(CALLS)] if ending == "call" else None)
    subject = subject_of(prompt)
    tags = " ".join(f"#{w.lower()}" for w in _nouns(subject)[:3]) if "hashtag" in asked else None
    fixed = sum(len(p.split()) for p in (close, tags) if p)
    words = subject.split()
    if opener and fixed + len(opener.split()) + min(len(words), 5) > limit:
        opener = None  # over the limit the tone line goes first: the ending is what was asked
    room = max(2, limit - fixed - (len(opener.split()) if opener else 0))
    if len(words) > room:  # the subject keeps its head ("A lighthouse on a cliff"), never a dangling "on"
        words = words[:room]
        while len(words) > 2 and words[-1].lower().strip(",;:") in SMALL_WORDS:
            words.pop()
        subject = " ".join(words).rstrip(",;:.") + "."
    if tone == "excited" and close is None:
        subject = subject.rstrip(".") + "!"
    return " ".join(p for p in (opener, subject, close, tags) if p)


def word_limit(guidance: str) -> int:
    """The most words ``guidance`` allows: a number it states, else a length word, else ``DEFAULT_WORDS``."""
    stated = _WORD_CAP.search(guidance)
    if stated:
        return max(3, int(stated.group(1)))
    return min((n for key, n in WORD_LIMITS.items() if key in guidance), default=DEFAULT_WORDS)


def subject_of(prompt: str) -> str:
    """The prompt's first clause as a sentence: what the caption is about."""
    text = " ".join(_REFERENCE.sub(" ", prompt).split()).strip(" ,;:")
    first = _CLAUSE.split(text, maxsplit=1)[0].strip(" ,;:.!?") or "this"
    return first[0].upper() + first[1:] + "."


def _nouns(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in SMALL_WORDS and len(w) > 2]
