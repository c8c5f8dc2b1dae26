from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.errors import EngineError, MediaError, ValidationError
from mediakit.generation.casting import cast, persona_fields, pick_actor, script_for, voice_for
from mediakit.generation.contract import Context, Options
from mediakit.generator_ids import GeneratorId
from mediakit.stages.actors.query import all_actors

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # the photo's face is found (MediaPipe)
def test_cast_by_slug_persona_photo_or_pick() -> None:
    ctx = Context()
    assert cast(GeneratorId.UGC_VIDEO, actor_slug="maya-chen", context=ctx).actor.slug == "maya-chen"
    persona = persona_fields("saas-founder")
    assert cast(GeneratorId.UGC_VIDEO, actor_slug=None, persona=persona, context=ctx).actor.slug == "marcus-reid"
    named = cast(GeneratorId.UGC_VIDEO, actor_slug="zoe-williams", persona=persona, context=ctx)
    assert named.actor.slug == "zoe-williams"
    face = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s" / "face.png"
    photo = cast(GeneratorId.UGC_VIDEO, actor_slug=None, face_photo_url=str(face), context=ctx)
    assert (photo.actor.kind, photo.random) == ("photo", False)
    picked = cast(GeneratorId.SHOW_YOUR_APP, actor_slug=None, context=ctx, seed_text="my app")
    assert picked.random and "app-on-phone" in picked.actor.presets
    assert picked == cast(GeneratorId.SHOW_YOUR_APP, actor_slug=None, context=ctx, seed_text="my app")


def test_picks_spread_over_the_suited_actors() -> None:
    pool = all_actors()
    picks = {pick_actor(GeneratorId.LAPTOP_UGC, f"script {n}", pool).slug for n in range(40)}
    assert len(picks) >= 5 and all("laptop" in a.presets for a in pool if a.slug in picks)


def test_cast_errors_name_the_request_field(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="did you mean maya-chen") as info:
        cast(GeneratorId.UGC_VIDEO, actor_slug="maya-chex", context=Context())
    assert info.value.field == "actor_slug"
    with pytest.raises(MediaError) as photo:
        cast(GeneratorId.UGC_VIDEO, actor_slug=None, face_photo_url=str(tmp_path / "me.jpg"), context=Context())
    assert photo.value.field == "face_photo_url"


@pytest.mark.slow
def test_a_photo_without_one_face_is_refused_at_casting_and_a_user_actors_portrait_too(tmp_path: Path) -> None:
    coffee = ROOT / "tests" / "data" / "real" / "skimage-coffee" / "coffee.png"
    with pytest.raises(MediaError, match="no face found") as photo:
        cast(GeneratorId.UGC_VIDEO, actor_slug=None, face_photo_url=str(coffee), context=Context())
    assert photo.value.field == "face_photo_url" and photo.value.path == str(coffee)
    (tmp_path / "shop.png").write_bytes(coffee.read_bytes())
    listing = tmp_path / "actors.yaml"
    listing.write_text("- {slug: shop-sam, name: Sam, gender: male, age: 30, portrait: shop.png}\n", encoding="utf-8")
    ctx = Context(options=Options(actors_paths=(listing,)))
    with pytest.raises(MediaError, match="no face found") as actor:
        cast(GeneratorId.UGC_VIDEO, actor_slug="shop-sam", context=ctx)
    assert actor.value.field == "actor_slug" and actor.value.path == str(tmp_path / "shop.png")


def test_script_given_is_paced_and_prompt_is_written() -> None:
    given = script_for(GeneratorId.UGC_VIDEO, script=" ".join(["word"] * 30), duration=10)
    assert (given.generated, given.pacing.estimated_duration) == (False, 15)
    assert given.pacing.pacing_warning is not None and "raised from 10 s to 15 s" in given.pacing.pacing_warning
    with pytest.raises(ValidationError, match="allows at most 37"):
        script_for(GeneratorId.UGC_VIDEO, script=" ".join(["word"] * 38), duration=None)
    written = script_for(GeneratorId.UGC_VIDEO, script=None, duration=5, prompt="Promote our lemon water bottle")
    assert written.generated and written.pacing.word_count <= 12 and written.pacing.estimated_duration == 5


def test_voice_follows_the_actor_unless_named() -> None:
    actor = cast(GeneratorId.UGC_VIDEO, actor_slug="marcus-reid", context=Context()).actor
    auto = voice_for("Hello there friends.", voice=None, actor=actor)
    assert (auto.selected_voice, auto.voice_auto_detected) == ("noah", True)
    named = voice_for("Hello there friends.", voice="zoe", actor=actor, speed=1.2, tone="calm")
    assert (named.selected_voice, named.voice_auto_detected, named.speed, named.tone) == ("zoe", False, 1.2, "calm")
    with pytest.raises(EngineError, match="translator"):
        voice_for("Hello there friends.", voice=None, actor=actor, dub_language="es")
