"""Issue 22's sound figures over every sample request with speech: loudness, silence, dead air, the spoken cta.

For each sample request in ``samples/requests`` whose output speaks, the
output is made (full size unless ``--preview``) and measured the way the
tests measure (``mediakit.stages.levels``):

* integrated loudness (target -14 +-1 LUFS) and true peak (<= -1 dBTP);
* the longest stretch under -60 dBFS (digital silence; target <= 0.3 s);
* the quiet tail: from the last 50 ms window over -45 dBFS to the end
  (target <= 1.0 s), and the speech tail: from the last word Whisper hears
  to the end (what a viewer hears as dead air when a bed plays on);
* whether every word of the request's ``cta`` (or product_acting_ugc's
  ``product_name``) is heard in Whisper tiny.en's transcript of the output
  (:func:`cta_heard`): a word of the dictionary must be in it as written; an
  invented brand name, which Whisper cannot spell, must be in it as sound.

make_subtitles burns captions onto the user's own clip and keeps its audio
as it is (the user's mix is theirs): it is measured and shown, not held to
the targets.  Then, with ``--speed``, ugc_video's 15 s sample end to end
against a bare encode of the same size and length, side by side in one run
(``bench_ugc_video``'s two measurements, interleaved, medians).

    python benchmarks/sound.py [--preview] [--speed] [--rounds 3] [--engine piper] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from mediakit.generation.contract import Options
from mediakit.generation.run import generate
from mediakit.media_io import decode_audio
from mediakit.speech.cmudict import pronunciations
from mediakit.speech.engines import recognizer
from mediakit.speech.lexicon import letter_to_sound
from mediakit.speech.wer import edit_distance, normalise
from mediakit.stages.levels import measure_levels

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "requests"
SPOKEN = ("ugc_video", "saas_review", "show_your_app", "laptop_ugc", "product_acting_ugc", "make_ugc",
          "make_podcast")
PASS_THROUGH = ("make_subtitles",)   # the user's own audio, kept as it is


def body_of(name: str) -> dict[str, Any]:
    """The sample request with its ``samples/...`` paths made absolute (they are relative to the repo root)."""
    body = yaml.safe_load((SAMPLES / f"{name}.yaml").read_text())
    return {k: str(ROOT / v) if isinstance(v, str) and v.startswith("samples/") else v for k, v in body.items()}


def spoken_words(text: str) -> list[str]:
    """Words as said: an address's dots split it (``brew.co`` is heard as "brew dot co" or "Brew.co")."""
    return normalise(re.sub(r"(?<=\w)\.(?=\w)", " ", text))


def cta_heard(cta: str, transcript: str) -> list[bool]:
    """For each word of ``cta`` (as said), whether Whisper heard it in ``transcript``.

    A word in the dictionary (CMUdict, the aligner's) is heard when it is in
    the transcript, as written.  A word it lacks is a made-up brand name that
    Whisper tiny.en has never seen and cannot spell ("Ledgerly" came back as
    "legily" and "legially"), so its sound is compared: it is heard when a word
    of the transcript, or two next to each other run together, is pronounced
    (eSpeak's letter-to-sound, ARPAbet) within one phoneme edit per five
    phonemes of it, at least one.  "legily" (L EH JH IY L IY) is 1 edit from
    "ledgerly" (L EH JH ER L IY): heard; "leisurely" (2), "allegedly" (3) and
    "largely" (3) are not, and a real word misheard ("app" as "top") never is.
    """
    said = spoken_words(transcript)
    runs = {*said, *(a + b for a, b in zip(said, said[1:], strict=False))}
    return [word in said or (not pronunciations(word) and any(_sounds_like(word, heard) for heard in runs))
            for word in spoken_words(cta)]


def _sounds_like(word: str, heard: str) -> bool:
    want, got = letter_to_sound(word).split(), letter_to_sound(heard).split()
    return edit_distance(want, got) <= max(1, len(want) // 5)




def heard(path: Path) -> str:
    samples = decode_audio(path, rate=16000)
    return " ".join(h.text for h in recognizer("whisper").hear(samples, language="en"))


def last_word_end(path: Path) -> float:
    samples = decode_audio(path, rate=16000)
    ends = [w.end_ms for h in recognizer("whisper").hear(samples, language="en") for w in h.words]
    return max(ends, default=0) / 1000


def use_engine(name: str) -> None:
    """Speak every route's voice with engine ``name`` (this process only): the rules must hold whatever speaks."""
    from mediakit.generation import casting
    from mediakit.stages import voice

    casting.prepare = functools.partial(casting.prepare, engine=name)  # type: ignore[assignment]
    voice.synthesize = functools.partial(voice.synthesize, engine=name)  # type: ignore[assignment]


def measure(name: str, folder: Path, preview: bool) -> dict[str, Any]:
    body = body_of(name)
    out = folder / f"{name}.mp4"
    options = Options(extra={"preview_height": 640}) if preview and name not in PASS_THROUGH else None
    start = time.perf_counter()
    generate(name, body, out, options=options)
    seconds = time.perf_counter() - start
    levels = measure_levels(out)
    cta = body.get("cta") or body.get("product_name")
    transcript = heard(out)
    row: dict[str, Any] = {
        "lufs": levels.loudness.integrated, "true_peak": levels.loudness.true_peak,
        "longest_silence_s": round(levels.longest_silence_s, 2), "quiet_tail_s": round(levels.quiet_tail_s, 2),
        "speech_tail_s": round(levels.duration_s - last_word_end(out), 2), "duration_s": round(levels.duration_s, 2),
        "make_s": round(seconds, 1)}
    if cta:
        found = cta_heard(cta, transcript)
        row["cta"] = cta
        row["cta_heard"] = f"{sum(found)}/{len(found)}"
        row["transcript_end"] = transcript[-80:]
    row["pass"] = name in PASS_THROUGH or bool(
        abs(levels.loudness.integrated + 14) <= 1 and (levels.loudness.true_peak or 0) <= -1
        and levels.longest_silence_s <= 0.3 and levels.quiet_tail_s <= 1.0
        and (not cta or row["cta_heard"].split("/")[0] == row["cta_heard"].split("/")[1]))
    return row


def speed(folder: Path, rounds: int) -> dict[str, float]:
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_ugc_video import bare, mediakit_run

    mediakit_run(folder / "warm.mp4", folder / "warm-cache")
    walls: dict[str, list[float]] = {"bare_s": [], "mediakit_s": []}
    for n in range(rounds):
        walls["bare_s"].append(bare(folder / "bare.mp4")[0])
        walls["mediakit_s"].append(mediakit_run(folder / "ad.mp4", folder / f"cache-{n}")[0])
    med = {k: round(statistics.median(v), 2) for k, v in walls.items()}
    return {**med, "mediakit_over_bare": round(med["mediakit_s"] / med["bare_s"], 2), "rounds": rounds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preview", action="store_true", help="640 px high renders (faster; same sound)")
    parser.add_argument("--speed", action="store_true", help="also time ugc_video against a bare encode")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="these samples only")
    parser.add_argument("--engine", help="speak with this voice engine (e.g. piper) instead of the default")
    args = parser.parse_args()
    if args.engine:
        use_engine(args.engine)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-sound-") as tmp:
        for name in args.only or (*SPOKEN, *PASS_THROUGH):
            results[name] = measure(name, Path(tmp), args.preview)
            print(name, json.dumps(results[name]), flush=True)
        if args.speed:
            results["speed"] = speed(Path(tmp), args.rounds)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
