"""``mediakit models``: the catalog as a table or as the spec's JSON, and a not-live model on the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mediakit.catalog import load_catalog
from mediakit.cli.main import main


def test_models_json_is_the_catalog_response() -> None:
    result = CliRunner().invoke(main, ["models", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == load_catalog().to_json()
    video = json.loads(CliRunner().invoke(main, ["models", "--kind", "video", "--json"]).output)
    assert video["count"] == 2 and [m["id"] for m in video["models"]] == ["video-engine-2.0", "video-engine-2.5"]


@pytest.mark.slow
def test_models_table_names_every_model_its_price_and_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDIAKIT_ENGINE_IMAGE", "openai-compatible")
    result = CliRunner().invoke(main, ["models"])
    assert result.exit_code == 0, result.output
    for model in load_catalog().models:
        assert model.id in result.output and model.price_default in result.output
    assert "video (default video-engine-2.0; model auto starts from it)" in result.output
    assert "served by local-animatic (local stand-in)" in result.output
    assert "served by openai-compatible\n" in result.output and "served by local-designer" not in result.output
    only_audio = CliRunner().invoke(main, ["models", "--kind", "audio"]).output
    assert "voice-tts" in only_audio and "video-engine" not in only_audio


def test_a_bad_kind_and_a_model_that_is_not_live(tmp_path: Path) -> None:
    bad = CliRunner().invoke(main, ["models", "--kind", "music", "--json"])
    assert bad.exit_code == 2 and json.loads(bad.output)["error"]["details"][0]["field"] == "kind"
    request = tmp_path / "req.json"
    request.write_text(json.dumps({"model": "video-engine-9", "prompt": "a dog"}))
    result = CliRunner().invoke(main, ["generate", "video", "-i", str(request), "-o", str(tmp_path / "o.mp4"),
                                       "--json"])
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert error["code"] == "validation_error"
    assert error["details"][0]["live_models"] == ["video-engine-2.0", "video-engine-2.5"]
    assert not (tmp_path / "o.mp4").exists()
