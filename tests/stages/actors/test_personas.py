from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.captions import style_names
from mediakit.stages.actors.personas import PersonaNotFoundError, get_persona, personas
from mediakit.stages.actors.query import get_actor
from mediakit.stages.music import mood_names  # noqa: F401  (import check: presets readable)
from mediakit.stages.voice import voice_names


def test_bundled_personas_name_real_actors_voices_and_styles() -> None:
    found = personas()
    assert len(found) >= 5
    for p in found.values():
        assert p.actor_slug is not None and get_actor(p.actor_slug).slug == p.actor_slug
        assert p.voice in voice_names() and p.style in style_names()
        assert p.tone in ("energetic", "calm", "confident", "dramatic")
    assert get_persona("saas-founder").actor_slug == "marcus-reid"


def test_unknown_persona_names_the_field_and_close_ones() -> None:
    with pytest.raises(PersonaNotFoundError) as info:
        get_persona("saas-foundr")
    body = info.value.to_dict()["error"]
    assert info.value.status == 400 and body["details"][0]["field"] == "persona_slug"
    assert "did you mean saas-founder" in body["message"]


def test_user_personas_file_adds_and_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = tmp_path / "p.yaml"
    extra.write_text("personas:\n  mine: {name: Mine, actor_slug: zoe-williams, voice: zoe}\n"
                     "  busy-mom: {name: Busy mom 2, voice: ava}\n")
    monkeypatch.setenv("MEDIAKIT_PERSONAS_PATH", str(extra))
    assert get_persona("mine").voice == "zoe" and get_persona("busy-mom").actor_slug is None
