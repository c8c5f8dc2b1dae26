"""Layouts: device mockups, product scenes and the podcast two-shot, each returning a Timeline.

Pillow draws the static parts (phone, laptop, scene cards, room, masks)
once into cached PNGs; the render graph overlays and warps them.  Actors are
any clip or portrait path, so layouts do not depend on how actors are made.

Modules: ``phone`` (show_your_app), ``laptop`` (laptop_ugc), ``product``
(product_acting_ugc, with ``cutout`` and ``scenery``), ``podcast``
(make_podcast), ``devices`` (phone and laptop drawings), ``cache`` (cached
PNGs and masks).  Import from them directly: the PiP stage uses ``cache``,
and the layouts use the PiP stage, so this package imports nothing itself.
"""
