"""``GET /v1/me/readiness``: can this credential generate right now?

The spec names the sections and leaves their contents unshown; mediakit's:
``credits`` ``{available, committed}`` (``available`` the balance,
``committed`` what unfinished jobs already took from it), ``generation`` ``{worker,
executor}`` (``worker`` is ``running``, ``stopped`` or ``external`` when
this server only records jobs for another process to render), ``uploads``
``{enabled: true}``, ``billing_url`` null (a local store has no billing).
A store that cannot answer is the spec's 503: the balance is unknown.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from runner import service

from ..core.bodies import Readiness
from ..core.deps import Reader, Store

router = APIRouter(tags=["account"])


@router.get("/v1/me/readiness", response_model=Readiness,
            summary="Whether the caller can generate now (503: the balance is unknown)")
def readiness(request: Request, user: Reader, db: Store) -> dict[str, Any]:
    held = service.balance(db, user.user_id)
    worker = request.app.state.worker
    options = request.app.state.config.worker
    state = "external" if worker is None else "running" if worker.alive else "stopped"
    return {"authenticated": True,
            "credits": held,
            "generation": {"worker": state, "executor": options.executor if options else None},
            "uploads": {"enabled": True}, "billing_url": None}
