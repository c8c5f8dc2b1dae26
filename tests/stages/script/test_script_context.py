"""Subject and benefit: read from briefs, product fields and product pages."""

from __future__ import annotations

import pytest
from script_http import LocalServer, send

from mediakit.errors import MediaError, ValidationError
from mediakit.stages.script import write_script
from mediakit.stages.script.extract import parse


@pytest.mark.parametrize("brief, subject, benefit", [
    ("Promote our new vitamin C serum that makes skin glow in two weeks", "this vitamin C serum",
     "makes skin glow in two weeks"),
    ("A video about FocusFlow, a Pomodoro app that helps students stay focused", "FocusFlow",
     "helps students stay focused"),
    ("write an ad for my handmade soy candles for cozy nights", "these handmade soy candles",
     "{is} made for cozy nights"),
    ("Create a UGC video for Notion to organize your life", "Notion", "help{s} you organize your life"),
    ("Make a TikTok ad for our productivity app. It blocks distracting sites.", "this productivity app",
     "blocks distracting sites"),
    ("an easy to use budgeting app that saves us 3 hours a week", "this easy to use budgeting app",
     "saves you 3 hours a week"),
    ("Our new app FocusFlow helps you focus", "FocusFlow", "helps you focus"),
    ("Tea", "Tea", None),
])
def test_parse_brief(brief: str, subject: str, benefit: str | None) -> None:
    found_subject, found_benefit, _ = parse(brief)
    assert found_subject is not None and found_subject.text == subject
    said = None if found_benefit is None else found_benefit.lead + found_benefit.body
    assert said == benefit


def test_product_name_and_description_are_used() -> None:
    script = write_script(generator="product_acting_ugc", duration=15, product_name="Glow Serum",
                          product_description="A lightweight serum that brightens skin in days.").script
    assert "Glow Serum" in script and "brightens skin in days" in script


def test_product_page_names_the_product(server: LocalServer) -> None:
    page = ("<html><head><title>FocusFlow | Pomodoro timer for deep work</title>"
            '<meta name="description" content="FocusFlow blocks distracting sites while you study."></head>'
            "<body><p>Start free</p></body></html>")
    server.routes["/"] = lambda h, _: send(h, 200, page)
    result = write_script(generator="saas_review", duration=15, product_url=server.base + "/", angle="honest")
    assert "FocusFlow" in result.script and "blocks distracting sites while you study" in result.script
    # a common noun in the prompt yields to the page's name; the prompt's benefit still wins
    result = write_script(generator="ugc_video", duration=15, prompt="our study app that ends procrastination",
                          product_url=server.base + "/")
    assert "FocusFlow" in result.script and "ends procrastination" in result.script


def test_product_url_is_checked_before_anything_else(server: LocalServer) -> None:
    with pytest.raises(ValidationError, match="product_url"):
        write_script(generator="saas_review", duration=10, product_url="ftp://example.com/app")
    with pytest.raises(ValidationError, match="tone"):  # bad field: no request is made
        write_script(generator="saas_review", duration=10, product_url=server.base + "/", tone="loud")
    assert server.requests == []
    with pytest.raises(MediaError, match="HTTP 404"):
        write_script(generator="saas_review", duration=10, product_url=server.base + "/missing")
