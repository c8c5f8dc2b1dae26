"""Who a skill casts: a person described in words is a library actor drawn as the words say."""

from __future__ import annotations

import numpy as np
from PIL import Image

from mediakit.generation.contract import Context
from mediakit.generation.run import plan_job
from mediakit.skills.cast import described_person
from mediakit.stages.actors.portraits import bust_geometry


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
    young, _ = described_person("a young woman with curly hair", Context())
    old, _ = described_person("an elderly man who loves gardening", Context())
    assert young.gender == "female" and young.age_range in ("18-25", "26-35")
    assert young.look is not None and young.look.hair == "curly"
    assert old.gender == "male" and old.age_range == "51+"
