"""What every generator shares, beside the generators themselves (``mediakit.generators`` holds only those).

- ``contract``: the one contract (parse -> plan -> build -> deliver) and its
  data (``Plan``, ``Receipt``, ``Metered``, ``Built``, ``Options``, ``Context``);
- ``registry``: the spec's generatorId -> its generator;
- ``run``: delivery, the only place a generator's timeline is rendered;
- ``request`` / ``fields``: the request models' base and the spec's field types;
- kits: ``spoken_ad`` (the spoken-ad recipe), ``casting``, ``endcard``,
  ``video_inputs``, ``publish``.
"""
