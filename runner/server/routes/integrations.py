"""``GET /v1/integrations/<publisher>/accounts``: the integration ids ``publish_integration_ids`` can name.

This server publishes through one publisher, the one its process is
configured with (``mediakit.generation.publish``: ``$MEDIAKIT_PUBLISHER``,
default ``local-folder``); naming any other is 404, so a client learns which
one works instead of an empty list.  The spec leaves the body unshown;
mediakit's is ``{publisher, accounts: [{id}]}``.  The accounts are the
server's, not a user's: every user of this server publishes into the same
folders, as its operator set them up.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from mediakit.errors import NotFoundError
from mediakit.generation.publish import PUBLISHERS, configured_publisher

from ..core.catalog_bodies import PublisherAccounts
from ..core.deps import Reader

router = APIRouter(tags=["integrations"])


@router.get("/v1/integrations/{publisher}/accounts", response_model=PublisherAccounts,
            summary="The integration ids of this server's publisher")
def list_accounts(user: Reader, publisher: str) -> dict[str, Any]:
    """``{publisher, accounts: [{id}]}``; a publisher this server does not publish through is 404."""
    configured = configured_publisher()
    if publisher != configured:
        raise NotFoundError(f"publisher {publisher!r} is not this server's; it publishes through {configured!r}",
                            details=[{"field": "publisher", "rule": f"must be {configured!r}"}])
    return {"publisher": publisher, "accounts": [{"id": i} for i in PUBLISHERS.get(publisher).accounts()]}
