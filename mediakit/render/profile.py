"""Output encoding profiles.

One profile for every delivered video (H.264 High, yuv420p BT.709 TV range, AAC 48 kHz stereo,
``+faststart`` so players start before the download ends), one for still
previews, and one for silent intermediate clips (prepared actor clips).
Benchmarks encode their baselines with the same profile so that ratios
measure mediakit's own cost, not encoder settings.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VideoProfile:
    """H.264 + AAC in MP4, the format every short-video platform ingests."""

    crf: int = 20
    preset: str = "veryfast"
    audio_bitrate: str = "160k"
    sample_rate: int = 48000
    threads: int = 0

    def output_options(self) -> list[str]:
        opts = ["-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-preset", self.preset,
                "-crf", str(self.crf)]
        if self.threads:
            opts += ["-threads", str(self.threads)]
        # ffmpeg's default AAC search (twoloop) now and then codes a loud voiced peak 1.6 dB over the
        # soundtrack's -2 dBTP ceiling (a saas_review mix came out at -0.4 dBTP, over the spec's -1);
        # the fast search did not, on that mix at eight gains around it, and costs less.
        return opts + ["-c:a", "aac", "-aac_coder", "fast", "-b:a", self.audio_bitrate, "-ar", str(self.sample_rate),
                       "-ac", "2", "-movflags", "+faststart", "-f", "mp4"]

    has_audio = True


@dataclass(frozen=True)
class StillProfile:
    """One PNG frame at ``at_ms``, for previews and contact sheets."""

    at_ms: int = 0

    def output_options(self) -> list[str]:
        return ["-ss", f"{self.at_ms / 1000:.3f}", "-frames:v", "1", "-update", "1", "-f", "image2",
                "-c:v", "png"]

    has_audio = False


@dataclass(frozen=True)
class ClipProfile:
    """A silent intermediate clip that a later render re-encodes: fast and nearly lossless beats small."""

    def output_options(self) -> list[str]:
        return ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "14", "-pix_fmt", "yuv420p", "-an", "-f", "mp4"]

    has_audio = False


Profile = VideoProfile | StillProfile | ClipProfile
DEFAULT_PROFILE = VideoProfile()
