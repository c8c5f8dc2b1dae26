import json
from pathlib import Path

import pytest

from mediakit.errors import NotFoundError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.run import plan_job
from mediakit.probe import probe
from mediakit.skills.base import get_skill, run_skill, skill_list
from mediakit.skills.make_podcast import split_takes
from mediakit.skills.make_ugc import duration_for

FIELDS = {"slug", "name", "version", "description", "primitive", "workflowType", "agentFacing", "input_schema"}


def test_list_fields_and_schemas() -> None:
    rows = skill_list()
    assert [r["slug"] for r in rows] == ["make_ugc", "make_subtitles", "make_podcast"]
    assert all(set(r) == FIELDS and r["input_schema"]["additionalProperties"] is False for r in rows)
    podcast = rows[2]["input_schema"]
    assert podcast["properties"]["script"]["maxItems"] == 24
    assert rows[1]["input_schema"]["required"] == ["video_url"]
    assert rows[1]["input_schema"]["properties"]["video_url"] == {
        "description": "The video (https; a local file for local runs).", "format": "uri", "pattern": "^https://",
        "type": "string"}
    assert rows[1]["input_schema"]["properties"]["language"]["maxLength"] == 2
    ugc = rows[0]["input_schema"]["properties"]
    assert ugc["duration"]["enum"] == [5, 10, 15, 20, 25, 30] and ugc["duration"]["type"] == "number"
    assert ugc["captions"]["default"] is False and ugc["caption_style"]["default"] == "hormozi"
    assert ugc["music"]["anyOf"] == [{"type": "boolean"}, {"maxLength": 120, "type": "string"}]
    assert "default" not in podcast["properties"]["room"]
    assert podcast["properties"]["aspect_ratio"]["enum"] == ["9:16", "4:5"]   # the spec's constant, and 4:5
    with pytest.raises(NotFoundError):
        get_skill("make_nothing")


@pytest.mark.parametrize("slug, body, field", [
    ("make_subtitles", {"video_url": "http://x/a.mp4"}, "video_url"),
    ("make_subtitles", {"video_url": "a.mp4", "style": "neon"}, "style"),
    ("make_podcast", {"character_a": "char_maya-chen", "character_b": "char_maya-chen",
                      "script": [{"speaker": "A", "line": "one two three four five"}]}, "character_b"),
    ("make_podcast", {"character_a": "char_maya-chen", "character_b": "char_omar-farouk",
                      "script": [{"speaker": "A", "line": "too short"}]}, "script[0].line"),
    ("make_ugc", {"scene_action": "jumps around"}, "character"),
    ("make_ugc", {"script": "hi", "person": "a tall person", "image": "https://x/p.png"}, "image"),
])
def test_rules(slug: str, body: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as exc:
        plan_job(slug, body)
    assert exc.value.to_dict()["error"]["details"][0]["field"] == field


def test_duration_rule_and_takes() -> None:
    assert [duration_for(" ".join(["w"] * n)) for n in (15, 16, 30, 31)] == [5, 10, 10, 15]
    takes = split_takes(" ".join(["word"] * 80) + ".")
    assert [len(t.split()) for t in takes] == [37, 37, 6]


@pytest.mark.slow
def test_make_subtitles_runs_with_steps(real: Path, tmp_path: Path) -> None:
    video = tmp_path / "talk.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=navy:s=320x568:r=30:d=2.8", "-i",
                str(real / "pocketsphinx-goforward" / "goforward.wav"), "-shortest", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-y", str(video)], what="test video")
    body = {"video_url": str(video), "transcript": "go forward ten meters", "aspect_ratio": "1:1",
            "style": "minimal"}
    _, plan = plan_job("make_subtitles", body)
    assert [s.name for s in plan.steps] == ["align", "burn"]
    assert plan.metered.steps[0].generator == "subtitle"
    report = run_skill("make_subtitles", body, tmp_path / "out.mp4")
    assert report["status"] == "succeeded"
    info = probe(tmp_path / "out.mp4")
    assert info.video is not None and info.video.width == info.video.height
    words = json.loads((tmp_path / "out.words.json").read_text())
    assert [w["word"] for w in words] == ["go", "forward", "ten", "meters"]


@pytest.mark.slow
def test_make_podcast_renders(tmp_path: Path) -> None:
    report = run_skill("make_podcast", {"character_a": "char_maya-chen", "character_b": "char_omar-farouk",
                                        "script": [{"speaker": "A", "line": "Hello and welcome to the show."},
                                                   {"speaker": "B", "line": "Thanks, it is great to be here."}],
                                        "subtitles": True}, tmp_path / "p.mp4")
    assert report["status"] == "succeeded" and report["final_output"]["video_url"].endswith("p.mp4")
    assert [s["name"] for s in report["steps"]] == ["voice", "actors", "layout", "captions"]
    info = probe(tmp_path / "p.mp4")
    assert info.video is not None and (info.video.width, info.video.height) == (1080, 1920)
    assert info.audio is not None and (tmp_path / "p.srt").exists()


def test_make_podcast_takes_a_4_5_feed_post() -> None:
    body = {"character_a": "char_maya-chen", "character_b": "char_omar-farouk", "aspect_ratio": "4:5",
            "script": [{"speaker": "A", "line": "Welcome back to the show, today we test gadgets."}]}
    _, plan = plan_job("make_podcast", body)
    assert (plan.canvas.width, plan.canvas.height) == (1080, 1350)
    assert plan_job("make_podcast", {**body, "aspect_ratio": "9:16"})[1].canvas.height == 1920


@pytest.mark.slow
def test_make_ugc_scene_action_is_a_silent_clip_of_the_character(tmp_path: Path) -> None:
    body = {"scene_action": "waves at the camera", "character": "char_maya-chen", "duration": 5, "look": "commercial",
            "aspect_ratio": "1:1"}
    _, plan = plan_job("make_ugc", body)
    assert [s.name for s in plan.steps] == ["cast", "video", "look"] and plan.receipt.actor_slug == "maya-chen"
    assert plan.metered.steps[0].mode == "reference"
    report = run_skill("make_ugc", body, tmp_path / "u.mp4")
    info = probe(tmp_path / "u.mp4")
    assert report["status"] == "succeeded" and info.video is not None and info.video.width == info.video.height


@pytest.mark.slow
def test_make_ugc_script_renders_on_ugc_video(tmp_path: Path) -> None:
    body = {"script": "I tried this for a week and honestly my mornings are calmer now.", "person": "a young woman",
            "captions": True, "look": "raw_iphone"}
    report = run_skill("make_ugc", body, tmp_path / "u.mp4")
    assert report["status"] == "succeeded"
    info = probe(tmp_path / "u.mp4")
    assert info.video is not None and (info.video.width, info.video.height) == (1080, 1920)
    assert abs((info.duration_ms or 0) - 5000) < 500 and (tmp_path / "u.srt").exists()   # 13 words: 5 s


@pytest.mark.parametrize("sample", sorted((Path(__file__).parents[2] / "samples" / "requests").glob("*.yaml")))
def test_samples_parse(sample: Path) -> None:
    from mediakit.documents import load_document
    from mediakit.generation.registry import get_generator

    get_generator(sample.stem).parse(load_document(sample, field="input"))


def test_image_may_be_base64(tmp_path: Path) -> None:
    import base64

    from mediakit.generation.contract import Context
    from mediakit.skills.cast import image_file

    png = (Path(__file__).parents[2] / "samples" / "coffee.png").read_bytes()
    encoded = base64.b64encode(png).decode()
    for value in (encoded, f"data:image/png;base64,{encoded}"):
        assert image_file(value, "image", Context()).read_bytes() == png
    with pytest.raises(ValidationError):
        image_file("data:image/png;base64,@@@", "image", Context())
