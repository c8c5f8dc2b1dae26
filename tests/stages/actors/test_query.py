"""GET /v1/actors rules: filters, search, paging limits, slug lookup and ACTOR_NOT_FOUND."""

from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.actors import ActorNotFoundError, bundled_actors, find_actors, get_actor, query_actors


def test_default_lists_everything_in_the_spec_shape() -> None:
    body = query_actors()
    assert set(body) == {"actors", "total", "limit", "offset"}
    assert body["total"] == len(bundled_actors()) == len(body["actors"])
    assert (body["limit"], body["offset"]) == (500, 0)


@pytest.mark.parametrize(("field", "value"), [("gender", "female"), ("gender", "male"), ("age_range", "51+"),
                                              ("age_range", "18-25"), ("actor_type", "Mom"),
                                              ("actor_type", "Professional")])
def test_each_filter(field: str, value: str) -> None:
    page = find_actors(**{field: value})  # type: ignore[arg-type]
    assert page.total == len(page.actors) > 0
    assert all(getattr(a, field) == value for a in page.actors)
    assert page.total == sum(getattr(a, field) == value for a in bundled_actors())


def test_filters_combine_and_accept_any_case() -> None:
    page = find_actors(gender="FEMALE", actor_type="young adult", age_range="18-25")
    assert page.total > 0 and all(a.gender == "female" and a.actor_type == "Young Adult" for a in page.actors)


def test_preset_tag_filter() -> None:
    page = find_actors(preset="app-on-phone")
    assert page.total > 0 and all("app-on-phone" in a.presets for a in page.actors)
    assert find_actors(preset="no-such-tag").total == 0


def test_search_is_case_insensitive_name_substring() -> None:
    page = find_actors(search="MAYA")
    assert [a.slug for a in page.actors] == ["maya-chen"]
    assert find_actors(search="zzz").to_dict() == {"actors": [], "total": 0, "limit": 500, "offset": 0}


def test_limit_and_offset_page_through() -> None:
    everyone = [a.slug for a in bundled_actors()]
    page = find_actors(limit=5, offset=3)
    assert [a.slug for a in page.actors] == everyone[3:8] and page.total == len(everyone)
    assert find_actors(offset=len(everyone)).actors == ()


@pytest.mark.parametrize(("field", "value"), [("limit", 0), ("limit", 501), ("limit", "ten"), ("offset", -1),
                                              ("gender", "other"), ("age_range", "20-30"), ("actor_type", "Dad")])
def test_invalid_parameters(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as info:
        find_actors(**{field: value})  # type: ignore[arg-type]
    assert info.value.field == field
    if field == "gender":
        assert "female, male" in str(info.value)
    if field == "actor_type":
        assert "Young Adult, Professional, Mom, Elder, Casual" in str(info.value)


def test_slug_lookup_ignores_limit_and_offset() -> None:
    body = query_actors(slug="maya-chen", limit=0, offset=-5)
    assert list(body) == ["actor"] and body["actor"]["slug"] == "maya-chen"


def test_unknown_slug_is_actor_not_found_with_similar() -> None:
    with pytest.raises(ActorNotFoundError) as info:
        get_actor("maya-chan")
    err = info.value
    assert err.code == "ACTOR_NOT_FOUND" and "maya-chen" in err.similar
    body = err.to_dict()["error"]
    assert body["code"] == "ACTOR_NOT_FOUND" and body["similar"] == err.similar and "'maya-chan'" in body["message"]
    with pytest.raises(ActorNotFoundError) as info:
        get_actor("maya")
    assert info.value.similar == ["maya-chen"]
    with pytest.raises(ActorNotFoundError) as info:
        get_actor("qqqqqqqq")
    assert info.value.similar == []
