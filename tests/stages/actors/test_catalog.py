"""The bundled catalog: coverage of the spec's values, every field typed, derived fields consistent."""

from __future__ import annotations

import uuid
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image

from mediakit.stages.actors import ACTOR_TYPES, AGE_RANGES, GENDERS, age_range_of, bundled_actors, portrait
from mediakit.stages.actors.catalog import ACTOR_NAMESPACE, SPEC_FIELDS
from mediakit.stages.actors.voices import voice_table

TYPES: dict[str, type | tuple[type, ...]] = {
    "id": str, "slug": str, "name": str, "gender": str, "age": int, "age_range": str, "nationality": str,
    "actor_type": str, "style": str, "portrait_url": str, "green_screen_url": type(None), "voice_id": str,
    "voice_gender": str, "lip_sync_engine": str, "preset": str, "presets": list, "bio_occupation": str,
    "bio_story": str, "bio_hobbies": list, "status": str, "created_at": str, "updated_at": str,
}


def test_catalog_covers_every_gender_age_range_and_type() -> None:
    actors = bundled_actors()
    assert len(actors) >= 30
    assert {a.gender for a in actors} == set(GENDERS)
    assert {a.age_range for a in actors} == set(AGE_RANGES)
    assert {a.actor_type for a in actors} == set(ACTOR_TYPES)
    for gender in GENDERS:  # both genders in every age range, so any filter pair finds someone
        assert {a.age_range for a in actors if a.gender == gender} == set(AGE_RANGES)


def test_every_field_present_and_typed() -> None:
    assert set(TYPES) == set(SPEC_FIELDS)
    for actor in bundled_actors():
        body = actor.to_dict()
        assert list(body) == list(SPEC_FIELDS)
        for field, kind in TYPES.items():
            assert isinstance(body[field], kind), (actor.slug, field, body[field])
        assert body["name"] and body["style"] and body["bio_story"] and body["bio_hobbies"]
        assert all(isinstance(h, str) and h for h in body["bio_hobbies"] + body["presets"])
        assert body["status"] == "active" and body["lip_sync_engine"] == "mediakit-viseme"
        for stamp in (body["created_at"], body["updated_at"]):
            datetime.fromisoformat(stamp)


def test_ids_and_slugs_unique_and_stable() -> None:
    actors = bundled_actors()
    assert len({a.slug for a in actors}) == len(actors) == len({a.id for a in actors})
    for actor in actors:
        assert actor.id == str(uuid.uuid5(ACTOR_NAMESPACE, actor.slug))


def test_derived_fields_agree() -> None:
    voices = voice_table()
    for actor in bundled_actors():
        assert actor.age is not None and actor.age_range == age_range_of(actor.age)
        assert voices[actor.voice_id] == actor.voice_gender == actor.gender, actor.slug
        assert actor.preset == actor.presets[0]
        assert actor.portrait_url == actor.portrait_path.resolve().as_uri()
    assert any("app-on-phone" in a.presets for a in bundled_actors())
    gendered = {name for name, gender in voices.items() if gender in ("female", "male")}
    assert {a.voice_id for a in bundled_actors()} == gendered, "every gendered named voice has actors"


def test_age_range_boundaries() -> None:
    assert [age_range_of(a) for a in (18, 25, 26, 35, 36, 50, 51, 90)] == [
        "18-25", "18-25", "26-35", "26-35", "36-50", "36-50", "51+", "51+"]


@pytest.mark.slow
def test_bundled_portraits_exist_small_and_current() -> None:
    for actor in bundled_actors():
        path = Path(actor.portrait_path)
        assert path.is_file() and path.stat().st_size < 150_000, actor.slug
        with Image.open(path) as img:
            assert img.size == (512, 512) and img.format == "PNG"
    # the committed PNG is what the look draws today (spot-check two: drawing all takes seconds)
    import numpy as np

    for actor in bundled_actors()[::17]:
        assert actor.look is not None
        drawn = np.asarray(portrait(actor.look), dtype=np.int16)
        with Image.open(actor.portrait_path) as img:
            stored = np.asarray(img.convert("RGB"), dtype=np.int16)
        assert np.abs(drawn - stored).mean() < 2.0, f"{actor.slug}: rerun python -m mediakit.stages.actors"


@pytest.mark.slow
def test_portraits_are_distinct() -> None:
    import numpy as np

    small = [np.asarray(Image.open(a.portrait_path).convert("RGB").resize((48, 48)), dtype=np.int16)
             for a in bundled_actors()]
    for i in range(len(small)):
        for j in range(i + 1, len(small)):
            assert np.abs(small[i] - small[j]).mean() > 6, (bundled_actors()[i].slug, bundled_actors()[j].slug)
