"""The publisher seam: where ``publish_integration_ids`` send a finished video and its caption.

The hosted service posts to social accounts; mediakit's local default,
``local-folder``, copies the video and a ``.caption.txt`` beside it into
``$MEDIAKIT_PUBLISH_DIR/<integration id>/`` (default ``./published``), one
folder per integration id, so a batch's "published" output can be checked or
handed to another tool.  A real publisher registers in ``PUBLISHERS`` (or the
``mediakit.publishers`` entry point group) and is chosen by
``$MEDIAKIT_PUBLISHER``.

The integration ids a publisher knows are its ``accounts()`` (the spec's
``GET /v1/integrations/<publisher>/accounts``): for ``local-folder``, the
folders already in the publish folder; any other safe id makes a new one.
"""

from __future__ import annotations

import os
import re
import shutil
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from ..errors import ValidationError
from ..media_io import atomic_path, write_text
from ..registry import Registry

PUBLISH_DIR_ENV = "MEDIAKIT_PUBLISH_DIR"
PUBLISHER_ENV = "MEDIAKIT_PUBLISHER"
DEFAULT_PUBLISHER = "local-folder"
_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")


class Publisher(ABC):
    """Sends a video and its caption to one integration (an account on a platform)."""

    name: ClassVar[str]

    @abstractmethod
    def publish(self, video: Path, caption: str, integration_id: str) -> str:
        """Publish; return where it went (a path or a URL)."""

    def accounts(self) -> list[str]:
        """The integration ids this publisher can list, sorted; one that cannot list its accounts lists none."""
        return []


class LocalFolderPublisher(Publisher):
    name = "local-folder"

    def publish(self, video: Path, caption: str, integration_id: str) -> str:
        folder = _publish_dir() / integration_id
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / video.name
        with atomic_path(target, field="publish_integration_ids") as tmp:
            shutil.copyfile(video, tmp)
        write_text(target.with_suffix(".caption.txt"), caption + "\n", field="publish_integration_ids")
        return str(target)

    def accounts(self) -> list[str]:
        """The folders of the publish folder whose names are integration ids (what earlier publishes made)."""
        root = _publish_dir()
        return sorted(p.name for p in root.iterdir() if p.is_dir() and _SAFE_ID.match(p.name)) if root.is_dir() else []


def _publish_dir() -> Path:
    return Path(os.environ.get(PUBLISH_DIR_ENV, "published"))


PUBLISHERS: Registry[Publisher] = Registry("publisher", "publisher", "mediakit.publishers",
                                           {DEFAULT_PUBLISHER: "mediakit.generation.publish:LocalFolderPublisher"})


def check_integration_ids(ids: Sequence[str]) -> None:
    """Integration ids must be safe folder names (letters, digits, ``_ . -``) and not repeat."""
    for i, value in enumerate(ids):
        if not _SAFE_ID.match(value):
            raise ValidationError(f"publish_integration_ids[{i}]", value,
                                  "must be 1 to 128 letters, digits, '_', '.' or '-' (an integration id)")
    if len(set(ids)) != len(ids):
        raise ValidationError("publish_integration_ids", list(ids), "must not repeat an id")


def configured_publisher() -> str:
    """The name of the publisher ``publish_all`` uses (``$MEDIAKIT_PUBLISHER``, default ``local-folder``)."""
    return os.environ.get(PUBLISHER_ENV, DEFAULT_PUBLISHER)


def publish_all(video: Path, caption: str, ids: Sequence[str]) -> list[str]:
    """Publish ``video`` with ``caption`` to every integration id through the configured publisher."""
    publisher = PUBLISHERS.get(configured_publisher())
    return [publisher.publish(video, caption, i) for i in ids]
