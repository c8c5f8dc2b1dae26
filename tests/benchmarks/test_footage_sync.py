"""benchmarks/footage_sync.py's lip-sync measure: it reads 0 for a clip in sync and the delay of a late picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmark_scripts import bench_module


@pytest.mark.parametrize("late_ms", [0, 80])
def test_the_av_offset_measure_reads_a_known_delay_of_the_picture(real: Path, tmp_path: Path, late_ms: int) -> None:
    sync = bench_module("footage_sync")
    clip = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    shifted = sync.converted(clip, tmp_path / "clip.mp4", 180, 320, late_ms)
    figures = sync.av_offset(shifted, clip)
    assert figures["audio_lag_ms"] == 0 and figures["frames_matched"] >= 40, figures
    assert abs(figures["offset_ms"] - late_ms) <= 15, figures
