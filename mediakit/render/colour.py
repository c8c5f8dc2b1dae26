"""The one colour convention of every output: yuv420p, TV range, BT.709 primaries, transfer and matrix.

Pictures arrive in two kinds.  RGB ones (PNG and JPEG stills, drawn
actors, colour planes, text) are converted to YUV exactly once, with the
BT.709 matrix into TV range (:data:`YUV420`, :data:`YUVA420`), wherever the
graph first needs them in YUV.  Video inputs are already YUV and pass
through untouched (:func:`keep_yuv` only brings full-range video into TV
range): converting every frame of an untagged clip would cost a scale per
frame, and players treat an untagged HD clip as BT.709 anyway.  The end of
every graph (:data:`OUTPUT`) then tags the frames BT.709/TV, and the encoder
writes the frames' tags into the file, so no player guesses (a still written
untagged comes out ``yuvj420p``/``gbr`` and shows false colours in players
that honour tags).  The tags are not also given as encoder options: on
frames that are not tagged yet those make ffmpeg convert every frame.
"""

from __future__ import annotations

MATRIX = "bt709"


def to_yuv(pix_fmt: str) -> str:
    """Convert to ``pix_fmt`` with the BT.709 matrix into TV range (a no-op on frames already there)."""
    return f"format=pix_fmts={pix_fmt}:color_spaces={MATRIX}:color_ranges=tv"


def keep_yuv(pix_fmt: str) -> str:
    """Bring YUV video to ``pix_fmt`` in TV range, keeping its matrix (no per-frame matrix conversion)."""
    return f"format=pix_fmts={pix_fmt}:color_ranges=tv"


YUV420 = to_yuv("yuv420p")
YUVA420 = to_yuv("yuva420p")
OUTPUT = (f"{keep_yuv('yuv420p')},"
          f"setparams=range=tv:colorspace={MATRIX}:color_primaries={MATRIX}:color_trc={MATRIX}")
