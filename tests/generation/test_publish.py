"""The publisher seam: the configured publisher's name and the integration ids ``local-folder`` can list."""

from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.generation.publish import PUBLISHERS, configured_publisher


def test_local_folder_accounts_are_the_id_folders_of_the_publish_folder(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDIAKIT_PUBLISH_DIR", str(tmp_path / "pub"))
    local = PUBLISHERS.get("local-folder")
    assert local.accounts() == []  # no publish folder yet
    for name in ("tiktok-main", "ig.brand", ".hidden"):
        (tmp_path / "pub" / name).mkdir(parents=True)
    (tmp_path / "pub" / "notes.txt").write_text("not an account")
    assert local.accounts() == ["ig.brand", "tiktok-main"]


def test_the_configured_publisher_defaults_to_local_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDIAKIT_PUBLISHER", raising=False)
    assert configured_publisher() == "local-folder"
    monkeypatch.setenv("MEDIAKIT_PUBLISHER", "social")
    assert configured_publisher() == "social"
