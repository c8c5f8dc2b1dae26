"""The durations a spoken ad with a recorded voice (a voiceover or a footage clip) is fitted into.

A recorded voice cannot be re-spoken to fill a bucket, so its own length
picks the shortest bucket it fits, and one longer than the longest is
refused with the rule (before any credit is taken, since it is planned).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import MediaError, ValidationError
from ..probe import probe

BUCKETS = (5, 10, 15)        # the durations a recorded voice is fitted into


def voiceover_bucket(path: Path, *, field: str = "voiceover") -> int:
    """The shortest bucket the recorded voice fits in; ValidationError when it is longer than the longest."""
    info = probe(path)
    if info.audio is None or not info.duration_ms:
        raise MediaError(path, "has no audio stream to use as the voice", field=field)
    for seconds in BUCKETS:
        if info.duration_ms <= seconds * 1000:
            return seconds
    raise ValidationError(field, f"{info.duration_ms / 1000:.1f} s", f"must last at most {BUCKETS[-1]} s")
