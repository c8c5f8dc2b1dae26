"""Doors for people who compose with MoviePy, pydub or ffmpeg-python (the design card's packages).

mediakit renders with one ffmpeg graph and never with these libraries (a
MoviePy frame loop measured 4.3-8.4x slower); they stay optional extras,
imported only when one of their objects or functions is used, so importing
mediakit or running any command loads none of them.

- In: a MoviePy ``VideoClip``/``AudioClip`` or a pydub ``AudioSegment`` is
  accepted wherever the Python API takes a video or audio input (a request
  body's URL fields, ``Options.voiceover``, ``burn_subtitles``); it is written
  to a file once (:func:`as_input`) and fetched like any other file.
- Out: :func:`to_moviepy` and :func:`to_audiosegment` open any output.
- Graphs: :func:`to_ffmpeg_python` hands a timeline's compiled graph over as
  ffmpeg-python streams, to extend and run with ffmpeg-python.
"""

from .ffmpeg_python import FfmpegPythonGraph, to_ffmpeg_python
from .inputs import Foreign, as_files, as_input
from .outputs import to_audiosegment, to_moviepy

__all__ = ["FfmpegPythonGraph", "Foreign", "as_files", "as_input", "to_audiosegment", "to_ffmpeg_python",
           "to_moviepy"]
