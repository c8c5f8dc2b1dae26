"""The subtitles stage: where a generator's captions go on its picture (``placement``), clear of what the
picture analysis sees in its photos and clips (``seen``).

What captions are (words, style, centre) is timeline data
(``mediakit.timeline.Captions``); how they are drawn (the 17 styles,
pagination, the ASS document for libass, sidecars) is ``mediakit.captions``,
below the renderer, which writes the ASS when it renders.
"""
