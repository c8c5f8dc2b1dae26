"""Which voices people would publish: every candidate voice on the three sample ad scripts.

For each candidate (Piper joe, each bundled Kokoro-82M preset, Kokoro style
mixes, eSpeak for reference) it speaks the scripts of the sample requests
``ugc_video``, ``saas_review`` and ``laptop_ugc`` and measures:

- WER: Whisper tiny.en (the bundled recogniser) against the script, over all
  three scripts' words and ``TAKES`` takes of each (neural voices differ from
  take to take; issue 22's bar: <= 3%);
- OVRL: DNSMOS P.835 overall quality, the mean over scripts and takes (bar: >= 3.2).
  The ONNX model is the one inside the ``speechmos`` wheel (``bench`` extra);
  it is run directly here because speechmos's own module imports librosa,
  which only its P.808 half needs;
- CPU: synthesis CPU seconds per second of speech (bar for the default voice: <= 0.35),
  warm (the model loaded by a first, unmeasured take).

Then the cold start of ``mediakit say`` of one sentence with the default voice,
from a fresh process (bar: <= 2 s wall; on a shared machine read the main
thread's CPU time, see ``_SAY``), and a markdown table for BENCHMARKS.md.

    python benchmarks/voices.py [--only kokoro] [--json out.json] [--baseline <checkout of main>]
    python benchmarks/voices.py --say-only --rounds 5 --baseline <checkout of main>
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml

from mediakit.speech.wer import word_error_rate
from mediakit.speech.whisper import WhisperRecognizer
from mediakit.stages.voice import Speech, Voice, get_engine

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ("ugc_video", "saas_review", "laptop_ugc")
WER_BAR, OVRL_BAR, CPU_BAR, SAY_BAR = 0.03, 3.2, 0.35, 2.0
SAY_SENTENCE = "I tried this cold brew for a week and it changed my mornings."

TAKES = 2  # neural voices sample noise in their graphs: each script is spoken this many times
JOE = {"model": "en_US-joe-medium"}
# (label, engine, gender, settings): the settings a voices.yaml entry would carry
CANDIDATES: list[tuple[str, str, str, dict]] = [
    ("piper joe", "piper", "male", JOE),
    ("piper joe, clear (noise 0.4, noise_w 0.5)", "piper", "male", {**JOE, "noise_scale": 0.4, "noise_w": 0.5}),
    ("kokoro jm_kumo", "kokoro", "male", {"preset": "jm_kumo"}),
    ("kokoro jm_kumo, speed 0.9", "kokoro", "male", {"preset": "jm_kumo", "speed": 0.9}),
    ("kokoro jf_alpha", "kokoro", "female", {"preset": "jf_alpha"}),
    ("kokoro jf_gongitsune", "kokoro", "female", {"preset": "jf_gongitsune"}),
    ("kokoro jf_nezumi", "kokoro", "female", {"preset": "jf_nezumi"}),
    ("kokoro jf_tebukuro", "kokoro", "female", {"preset": "jf_tebukuro"}),
    ("kokoro jf_gongitsune, speed 0.9", "kokoro", "female", {"preset": "jf_gongitsune", "speed": 0.9}),
    ("kokoro mix jf_gongitsune+jf_nezumi, speed 0.9", "kokoro", "female",
     {"mix": {"jf_gongitsune": 0.5, "jf_nezumi": 0.5}, "speed": 0.9}),
    ("kokoro mix jf_alpha+jm_kumo, speed 0.9", "kokoro", "neutral",
     {"mix": {"jf_alpha": 0.5, "jm_kumo": 0.5}, "speed": 0.9}),
    # the named voices that share a model, as voices.yaml sets them apart (pitch in semitones, speed)
    ("variant jack: kokoro jm_kumo, +1.5 st, speed 1.05", "kokoro", "male",
     {"preset": "jm_kumo", "speed": 1.05, "pitch": 1.5}),
    ("variant mia: kokoro mix jf_gongitsune+jf_nezumi, +1 st, speed 0.95", "kokoro", "female",
     {"mix": {"jf_gongitsune": 0.5, "jf_nezumi": 0.5}, "speed": 0.95, "pitch": 1}),
    ("variant mia, pitch only: kokoro mix jf_gongitsune+jf_nezumi, +1 st, speed 0.9", "kokoro", "female",
     {"mix": {"jf_gongitsune": 0.5, "jf_nezumi": 0.5}, "speed": 0.9, "pitch": 1}),
    ("variant zoe: kokoro mix jf_gongitsune+jf_nezumi, -1 st, speed 0.88", "kokoro", "female",
     {"mix": {"jf_gongitsune": 0.5, "jf_nezumi": 0.5}, "speed": 0.88, "pitch": -1}),
    ("espeak ava (en-us+f5)", "espeak", "female", {"voice": "en-us+f5", "rate": 150}),
    ("espeak leo (en-us+m3)", "espeak", "male", {"voice": "en-us+m3", "rate": 150}),
]


def sample_scripts() -> dict[str, str]:
    return {name: yaml.safe_load((ROOT / "samples" / "requests" / f"{name}.yaml").read_text())["script"]
            for name in SCRIPTS}


class P835:
    """DNSMOS P.835 (sig, bak, ovrl) from the ONNX model inside the speechmos wheel."""

    SR, WINDOW = 16000, 9.01
    POLY_OVRL = np.poly1d([-0.06766283, 1.11546468, 0.04602535])

    def __init__(self) -> None:
        import onnxruntime as rt

        spec = importlib.util.find_spec("speechmos")
        if spec is None or not spec.submodule_search_locations:
            sys.exit("needs the speechmos wheel: pip install '.[bench]'")
        onnx = Path(next(iter(spec.submodule_search_locations))) / "dnsmos_models" / "sig_bak_ovr.onnx"
        self.session = rt.InferenceSession(str(onnx), providers=["CPUExecutionProvider"])

    def ovrl(self, audio16k: np.ndarray) -> float:
        """Mean OVRL over 9.01 s windows hopped by 1 s (shorter clips are repeated), as DNSMOS does."""
        need = int(self.WINDOW * self.SR)
        audio = audio16k.astype(np.float32)
        while len(audio) < need:
            audio = np.concatenate([audio, audio])
        hops = int(np.floor(len(audio) / self.SR) - self.WINDOW) + 1
        scores = []
        for k in range(hops):
            seg = audio[k * self.SR:k * self.SR + need]
            if len(seg) == need:
                raw = self.session.run(None, {"input_1": seg[np.newaxis, :]})[0][0]
                scores.append(float(self.POLY_OVRL(raw[2])))
        return float(np.mean(scores))


def speak(engine: str, gender: str, settings: dict, text: str) -> tuple[Speech, float]:
    """The speech and the CPU seconds it took."""
    voice = Voice("candidate", gender, "benchmark candidate", {engine: settings})
    start = time.process_time()
    speech = get_engine(engine).perform(text, voice)
    return speech, time.process_time() - start


def heard(speech: Speech) -> str:
    return " ".join(h.text for h in WhisperRecognizer().hear(speech.resampled(16000)))


def measure(label: str, engine: str, gender: str, settings: dict, scripts: dict[str, str], mos: P835) -> dict:
    speak(engine, gender, settings, "Warm up the model.")
    errors = words = 0.0
    ovrl, cpu, audio_s, misheard = [], 0.0, 0.0, {}
    for name, text in scripts.items():
        for take in range(TAKES):
            speech, secs = speak(engine, gender, settings, text)
            cpu += secs
            audio_s += speech.duration_ms / 1000
            transcript = heard(speech)
            n = len(text.split())
            wer = word_error_rate(text, transcript)
            errors += wer * n
            words += n
            if wer:
                misheard[f"{name} take {take}"] = transcript
            ovrl.append(mos.ovrl(speech.resampled(16000)))
    row = {"label": label, "engine": engine, "gender": gender, "settings": settings,
           "wer": errors / words, "ovrl": statistics.mean(ovrl), "ovrl_each": ovrl,
           "cpu_per_s": cpu / audio_s, "misheard": misheard}
    row["passes"] = row["wer"] <= WER_BAR and row["ovrl"] >= OVRL_BAR
    print(f"{label:48s} WER {row['wer']:6.1%}  OVRL {row['ovrl']:.2f}  CPU {row['cpu_per_s']:.2f} s/s  "
          f"{'passes' if row['passes'] else 'fails'}  {misheard}", flush=True)
    return row


# `python -m mediakit say ...`, reporting at exit the CPU time of its main thread.  On a quiet machine a
# fresh say takes at least that long, and about that when the session (loading beside the imports) and the
# model's second thread keep pace with the main thread: the figure to read on a shared machine, where the
# wall clock mostly measures the other jobs.
_SAY = ("import atexit, runpy, sys, time\n"
        "atexit.register(lambda: print(f'main-thread-cpu {time.thread_time():.3f}', file=sys.stderr))\n"
        "sys.argv = ['mediakit', *sys.argv[1:]]\n"
        "runpy.run_module('mediakit', run_name='__main__')\n")


def say_cold_start(baseline: Path | None = None, rounds: int = 3) -> dict[str, float]:
    """Median wall, CPU and main-thread CPU seconds of `mediakit say` of one sentence in a fresh process.

    Each tree's mediakit runs from its own folder (which comes first on
    ``sys.path``).  With ``baseline`` (another checkout of mediakit), its ``say`` runs
    in the same rounds, alternating with this tree's, so the ratios compare like with like.
    """
    trees = {"this": Path(__file__).resolve().parents[1], **({"baseline": baseline.resolve()} if baseline else {})}
    taken: dict[str, dict[str, list[float]]] = {name: {"wall_s": [], "cpu_s": [], "main_thread_cpu_s": []}
                                                for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(rounds):
            for name, tree in trees.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                done = subprocess.run([sys.executable, "-c", _SAY, "say", SAY_SENTENCE, "-o", f"{tmp}/say.wav"],
                                      check=True, capture_output=True, text=True, cwd=tree)
                taken[name]["wall_s"].append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                taken[name]["cpu_s"].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                taken[name]["main_thread_cpu_s"].append(float(done.stderr.split("main-thread-cpu ")[-1].split()[0]))
    out = {f"{name}_{what}": statistics.median(values) for name in trees for what, values in taken[name].items()}
    if baseline:
        for what in ("wall_s", "cpu_s", "main_thread_cpu_s"):
            out[f"{what.removesuffix('_s')}_ratio"] = out[f"this_{what}"] / out[f"baseline_{what}"]
    return out


def table(rows: list[dict]) -> str:
    lines = ["| voice | gender | WER (tiny.en) | DNSMOS OVRL | CPU-s per s of speech | passes |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['gender']} | {r['wer']:.1%} | {r['ovrl']:.2f} | {r['cpu_per_s']:.2f} | "
                     f"{'yes' if r['passes'] else 'no'} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="measure only candidates whose label contains one of these (comma-separated)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--baseline", type=Path, help="another checkout: time its cold `mediakit say` beside this one")
    parser.add_argument("--say-only", action="store_true", help="only time the cold `mediakit say`")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the cold say (median)")
    args = parser.parse_args()
    rows: list[dict] = []
    if not args.say_only:
        scripts, mos = sample_scripts(), P835()
        wanted = args.only.split(",") if args.only else [""]
        rows = [measure(*c, scripts, mos) for c in CANDIDATES if any(w in c[0] for w in wanted)]
        print()
        print(table(rows))
    say = say_cold_start(args.baseline, args.rounds)
    print(f"\nmediakit say, one sentence, fresh process, default voice (bar {SAY_BAR} s wall): "
          + ", ".join(f"{k} {v:.2f}" for k, v in say.items()))
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "say_cold": say}, indent=1))


if __name__ == "__main__":
    main()
