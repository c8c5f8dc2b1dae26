"""A test generator for the runner: sleeps (reporting progress), then writes a tiny PNG, or fails on request.

Registered as ``test_sleep``; priced like ``subtitle`` (50 credits flat), so
runner tests exercise scheduling, cancel and crash recovery in a second
instead of rendering video.  Imported by the runner's tasks through the
local executor's ``imports`` option.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pydantic import Field

from mediakit.errors import MediaError
from mediakit.generation.contract import Built, Context, Generator, Metered, Plan, ProgressCallback, Receipt
from mediakit.generation.fields import WebhookUrl
from mediakit.generation.registry import GENERATORS
from mediakit.generation.request import RequestModel
from mediakit.generator_ids import GeneratorId

NAME = "test_sleep"


class SleepRequest(RequestModel):
    seconds: float = Field(0.2, ge=0, le=3600)
    fail: bool = False
    bad_input: bool = False
    colour: str = "red"
    webhook_url: WebhookUrl | None = None  # as the spec's generators take it, so a server test can ask for one


@dataclass(frozen=True, kw_only=True)
class SleepPlan(Plan):
    seconds: float
    fail: bool
    colour: str


class SleepGenerator(Generator[SleepRequest, SleepPlan]):
    id = NAME
    request_model = SleepRequest
    description = "Test: sleep, then a 16x16 PNG."
    output_suffix = ".png"

    def plan(self, request: SleepRequest, context: Context) -> SleepPlan:
        if request.bad_input:
            raise MediaError("missing.png", "does not exist", field="bad_input")
        return SleepPlan(generator=NAME, receipt=Receipt(estimated_duration=1),
                         metered=Metered(generator=GeneratorId.SUBTITLE), seconds=request.seconds, fail=request.fail,
                         colour=request.colour)

    def build(self, plan: SleepPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        end = time.monotonic() + plan.seconds
        while time.monotonic() < end:
            time.sleep(0.02)
            if progress:
                progress(min(0.99, 1 - (end - time.monotonic()) / max(plan.seconds, 1e-3)))
        if plan.fail:
            raise MediaError("input.mp4", "turned out to be corrupt at render time")
        out = workdir / "out.png"
        Image.new("RGB", (16, 16), plan.colour).save(out)
        return Built(file=out)


if NAME not in GENERATORS:
    GENERATORS.register(NAME, SleepGenerator)
