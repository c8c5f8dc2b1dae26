"""B-roll: stills with Ken Burns motion, looped clips, scene lists cut together, and the image engine seam."""

from __future__ import annotations

from .image_engine import (
                           BROLL_MODELS,
                           ENTRY_POINT_GROUP,
                           LOCAL_STAND_IN,
                           BrollEngine,
                           LocalStandInEngine,
                           get_engine,
                           register_engine,
)
from .kenburns import broll_layer, broll_sequence, motion_for
from .scenes import Scene, scene_durations, scene_sequence, scenes_track

__all__ = ["BROLL_MODELS", "ENTRY_POINT_GROUP", "LOCAL_STAND_IN", "BrollEngine", "LocalStandInEngine", "Scene",
           "broll_layer", "broll_sequence", "get_engine", "motion_for", "register_engine",
           "scene_durations", "scene_sequence", "scenes_track"]
