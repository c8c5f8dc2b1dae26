"""The model catalog of the spec (``GET /v1/models``) and the ``model: auto`` policy.

::

    from mediakit.catalog import load_catalog, choose_model, RunStats

    catalog = load_catalog()
    catalog.live_ids("image")                      # the selectable image models
    model, reason = choose_model("video", catalog, {"video-engine-2.0": RunStats(runs=12, fail_rate=0.4)})
    catalog.to_json(stats)                         # the spec's catalog response

The data lives in ``presets/models.yaml``; run stats come from whoever keeps
a history of runs (the runner), as ``{model_id: RunStats}``.
"""

from .entries import (
    ASPECTS,
    KINDS,
    QUALITIES,
    VIDEO_MODES,
    Catalog,
    InputRule,
    ModelEntry,
    Span,
    VideoMode,
    load_catalog,
    read_catalog,
)
from .policy import choose_model, failing, judged
from .selection import AUTO, Selection, check_model_field, model_literal, select_model
from .stats import NO_RUNS, WINDOW_DAYS, RunStats

__all__ = [
    "ASPECTS",
    "AUTO",
    "KINDS",
    "NO_RUNS",
    "QUALITIES",
    "VIDEO_MODES",
    "WINDOW_DAYS",
    "Catalog",
    "InputRule",
    "ModelEntry",
    "RunStats",
    "Selection",
    "Span",
    "VideoMode",
    "check_model_field",
    "choose_model",
    "failing",
    "judged",
    "load_catalog",
    "model_literal",
    "read_catalog",
    "select_model",
]
