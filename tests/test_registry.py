from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.registry import Registry


class Thing:
    made = 0

    def __init__(self) -> None:
        Thing.made += 1


@pytest.mark.slow
def test_registry_shares_instances_and_lists_names() -> None:
    reg: Registry[object] = Registry("widget", "widget", "mediakit.test_widgets_none",
                                     {"json": "json:JSONDecoder"})
    reg.register("thing", Thing)
    Thing.made = 0
    assert reg.get("thing") is reg.get("thing") and Thing.made == 1
    assert reg.create("thing") is not reg.get("thing") and Thing.made == 2
    assert reg.names() == ["json", "thing"] and "json" in reg and "nope" not in reg
    assert type(reg.get("json")).__name__ == "JSONDecoder"
    with pytest.raises(ValidationError, match="widget: must be one of json, thing"):
        reg.get("nope")
    with pytest.raises(ValidationError, match="lowercase"):
        reg.register("Bad Name", Thing)
    reg.unregister("thing")
    assert reg.names() == ["json"]


def test_modules_names_where_plugins_live_without_importing_them() -> None:
    reg: Registry[object] = Registry("widget", "widget", "mediakit.test_widgets_none",
                                     {"a": "mediakit_no_such_module:A", "b": "json:JSONDecoder"})
    reg.register("thing", Thing)
    assert reg.modules() == sorted(["mediakit_no_such_module", "json", __name__])  # the missing one is not imported
