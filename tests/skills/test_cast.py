"""Who a skill casts: a person described in words is a library actor drawn as the words say."""

from __future__ import annotations

import colorsys
from dataclasses import replace

import numpy as np
from PIL import Image

from mediakit.generation.contract import Context
from mediakit.generation.run import plan_job
from mediakit.skills.cast import described_person
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.actors.portraits import portrait as portrait_of


def test_make_ugc_casts_the_described_hair_and_beard() -> None:
    _, curly = plan_job("make_ugc", {"script": "I tried it for a week and I am not going back.",
                                     "person": "a woman in her thirties with curly hair"})
    actor = curly.inner.casting.actor
    assert actor.gender == "female" and actor.age_range == "26-35"
    assert actor.look is not None and actor.look.hair == "curly"
    _, bearded = plan_job("make_ugc", {"script": "I tried it for a week and I am not going back.",
                                       "person": "a man in his forties with a grey beard"})
    man = bearded.inner.casting.actor
    assert man.gender == "male" and man.age_range == "36-50"
    assert man.look is not None and "beard" in man.look.extras and man.look.beard_color == "#a9a9ad"
    with Image.open(man.portrait_path) as portrait:
        img = np.asarray(portrait.convert("RGB"), dtype=np.int16)
    ox, oy, unit = bust_geometry(img.shape[1], img.shape[0])
    chin = img[round(oy + 0.5 * unit):round(oy + 0.58 * unit), round(ox - 0.08 * unit):round(ox + 0.08 * unit)]
    mean = chin.reshape(-1, 3).mean(axis=0)
    assert 140 < mean.mean() < 200 and np.ptp(mean) < 20, f"the portrait's chin {mean} is not a grey beard"
    again = plan_job("make_ugc", {"script": "Same words, same person.", "person": "a man in his forties with a "
                                  "grey beard"})[1].inner.casting.actor
    assert again.slug == man.slug


def test_described_person_matches_gender_and_age() -> None:
    young, _, _ = described_person("a young woman with curly hair", Context())
    old, _, _ = described_person("an elderly man who loves gardening", Context())
    assert young.gender == "female" and young.age_range in ("18-25", "26-35")
    assert young.look is not None and young.look.hair == "curly"
    assert old.gender == "male" and old.age_range == "51+"


def _hsv_hue(pixel: np.ndarray) -> float:
    """The hue of an RGB pixel, in degrees."""
    return colorsys.rgb_to_hsv(*(pixel / 255.0))[0] * 360.0


def test_a_person_no_library_actor_fits_is_a_new_character_drawn_from_the_words() -> None:
    words = "a woman with a red bob and round glasses"
    _, plan = plan_job("make_ugc", {"script": "I tried it for a week and I am not going back.", "person": words})
    actor = plan.inner.casting.actor
    assert actor.slug.startswith("drawn-") and actor.gender == "female" and actor.look is not None
    assert any("new character drawn from it" in note for note in plan.receipt.notes), plan.receipt.notes
    img = np.asarray(Image.open(actor.portrait_path).convert("RGB"), dtype=np.float64)
    ox, oy, unit = bust_geometry(img.shape[1], img.shape[0])
    crown = img[round(oy - 0.6 * unit):round(oy - 0.3 * unit), round(ox - 0.1 * unit):round(ox + 0.1 * unit)]
    hue = _hsv_hue(crown.reshape(-1, 3).mean(axis=0))
    assert min(hue, 360 - hue) <= 20, f"the hair's hue {hue:.0f} deg is not red"
    bare = np.asarray(portrait_of(replace(actor.look, extras=tuple(e for e in actor.look.extras
                                                                    if e != "round-glasses"))).convert("RGB"),
                      dtype=np.float64)
    eyes = (slice(round(oy - 0.15 * unit), round(oy + 0.05 * unit)), slice(round(ox - 0.35 * unit),
                                                                            round(ox + 0.35 * unit)))
    assert np.abs(img[eyes] - bare[eyes]).mean() > 4, "no glasses drawn round the eyes"


def test_a_person_a_library_actor_fits_is_that_actor_without_a_note() -> None:
    actor, _, note = described_person("a young woman with curly hair", Context())
    assert actor.slug == "jasmine-brooks" and note is None


def test_a_described_age_over_fifty_draws_wrinkles_on_the_new_character() -> None:
    actor, _, note = described_person("a dark-skinned woman in her fifties with a grey afro", Context())
    assert note is not None and actor.age_range == "51+" and actor.look is not None
    assert "wrinkles" in actor.look.extras and actor.look.hair == "afro" and actor.look.skin == "#6e4530"
