"""make_ugc's b-roll (broll_url) and its character from a sheet or a saved id."""

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from mediakit.errors import MediaError, NotFoundError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.contract import Options
from mediakit.generation.run import deliver, generate, plan_job
from mediakit.skills.make_ugc import broll_edit
from mediakit.stages.broll.kenburns import is_clip
from mediakit.stages.characters.sheet import read_character
from mediakit.stages.characters.store import list_characters
from mediakit.stages.loops import seamless_loop

COFFEE = Path(__file__).parents[2] / "samples" / "coffee.png"
THREE = "Okay so this hoodie is the comfiest thing I own. I wear it every single day. You need one."
PREVIEW = Options(extra={"preview_height": 320})


def test_broll_edit_cuts_away_for_a_middle_stretch() -> None:
    b = Path("b.png")
    assert broll_edit(THREE, b) == {"scenes": [
        {"type": "talking_head", "text": "Okay so this hoodie is the comfiest thing I own."},
        {"type": "broll", "text": "I wear it every single day.", "image": "b.png"},
        {"type": "talking_head", "text": "You need one."}]}
    ten = "one two three four five six seven eight nine ten"
    assert [s["text"] for s in broll_edit(ten, b)["scenes"]] == ["one two three four", "five six seven",
                                                                 "eight nine ten"]


def test_broll_plan_says_where_it_shows() -> None:
    _, plan = plan_job("make_ugc", {"script": THREE, "person": "a young woman", "broll_url": str(COFFEE)})
    assert [s.name for s in plan.steps] == ["cast", "video", "broll", "look"]
    assert 'broll_url: the image shown full frame while "I wear it every single day." is said' in plan.receipt.notes
    assert [(s.type, s.image) for s in plan.inner.scenes] == [("talking_head", None), ("broll", COFFEE),
                                                              ("talking_head", None)]


def test_broll_must_be_an_image_or_clip(tmp_path: Path) -> None:
    wav = tmp_path / "a.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=d=0.2", "-y", str(wav)], what="tone")
    with pytest.raises(MediaError) as exc:
        plan_job("make_ugc", {"script": THREE, "person": "a young woman", "broll_url": str(wav)})
    assert exc.value.to_dict()["error"]["details"][0]["field"] == "broll_url"


def test_a_downloaded_clip_is_known_by_its_bytes(tiny_video: Path, tmp_path: Path) -> None:
    clip, still = tmp_path / "clip.bin", tmp_path / "still.bin"
    shutil.copyfile(tiny_video, clip)
    shutil.copyfile(COFFEE, still)
    assert is_clip(clip) and not is_clip(still) and is_clip(tmp_path / "missing.mp4")


@pytest.mark.slow
def test_broll_image_is_on_screen_during_its_sentence(tmp_path: Path) -> None:
    gen, plan = plan_job("make_ugc", {"script": THREE, "person": "a young woman", "broll_url": str(COFFEE)},
                         options=PREVIEW)
    out = tmp_path / "u.mp4"
    deliver(gen, plan, out)
    frames = {}
    for at in ("1.0", "5.0"):  # the actor's first sentence; the cutaway (about 3.8 s to 6.2 s of 10 s)
        png = tmp_path / f"{at}.png"
        run_ffmpeg(["-ss", at, "-i", str(out), "-frames:v", "1", "-y", str(png)], what="frame")
        frames[at] = ImageStat.Stat(Image.open(png).convert("RGB")).mean
    with Image.open(COFFEE) as img:
        coffee = ImageStat.Stat(img.convert("RGB")).mean
    def far(a: list[float], b: list[float]) -> float:
        return max(abs(x - y) for x, y in zip(a, b, strict=True))
    assert far(frames["5.0"], coffee) < 25 < far(frames["1.0"], coffee)


@pytest.mark.slow
def test_broll_clip_cuts_into_a_scene_action(tiny_video: Path, tmp_path: Path) -> None:
    gen, plan = plan_job("make_ugc", {"scene_action": "waves at the camera", "character": "char_maya-chen",
                                      "duration": 5, "broll_url": str(tiny_video)}, options=PREVIEW)
    assert "broll_url: the clip cut in full frame for the middle third of the clip" in plan.receipt.notes
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None
    cut = built.timeline.layers[-1]
    # the 1.5 s clip is shorter than its 1.67 s: it loops through its cross-faded version
    assert (cut.path, cut.start_ms, cut.duration_ms) == (seamless_loop(tiny_video, 1666), 1666, 1666)


@pytest.mark.slow
def test_character_sheet_url_casts_the_drawn_character(tmp_path: Path) -> None:
    sheet = tmp_path / "kofi.png"
    generate("character_sheet", {"description": "a man named Kofi with a beard in a green hoodie"}, sheet)
    character = read_character(sheet, field="x")
    assert character is not None
    _, plan = plan_job("make_ugc", {"script": THREE, "character": str(sheet)})
    actor = plan.inner.casting.actor
    assert (actor.name, actor.kind, actor.look, actor.gender) == ("Kofi", "generated", character.look, "male")
    saved_id = list_characters()[0]["character_id"]
    assert plan.receipt.actor_slug == saved_id.removeprefix("char_")
    _, again = plan_job("make_ugc", {"scene_action": "waves", "character": saved_id})
    assert again.receipt.actor_slug == actor.slug


@pytest.mark.slow  # the front view's face is found (MediaPipe)
def test_a_foreign_sheet_talks_as_its_front_view(tmp_path: Path, real: Path) -> None:
    sheet = tmp_path / "theirs.png"
    with Image.open(real / "lipnet-grid-swwp2s" / "face.png") as face:
        drawn = Image.new("RGB", (600, 400), (20, 120, 200))
        drawn.paste(face.crop((80, 60, 280, 300)), (0, 0))  # a front view in the top-left, as sheets have
        drawn.save(sheet)
    _, plan = plan_job("make_ugc", {"script": THREE, "character": str(sheet)})
    actor = plan.inner.casting.actor
    assert actor.kind == "photo"
    with Image.open(actor.portrait_path) as front:
        assert front.size == (200, 240)
    assert list_characters() == []


@pytest.mark.slow
def test_a_foreign_sheet_with_no_face_is_refused_naming_the_sheet(tmp_path: Path) -> None:
    sheet = tmp_path / "theirs.png"
    Image.new("RGB", (600, 400), (20, 120, 200)).save(sheet)
    with pytest.raises(MediaError, match="its front view: no face found") as err:
        plan_job("make_ugc", {"script": THREE, "character": str(sheet)})
    assert err.value.field == "character" and err.value.path == str(sheet)


def test_a_short_script_is_a_5_s_clip_under_make_ugcs_own_rule() -> None:
    person = "a young woman in a yellow coat"
    _, plan = plan_job("make_ugc", {"script": "Buy it today.", "person": person, "broll_url": str(COFFEE)})
    assert plan.receipt.estimated_duration == 5 and plan.metered.steps[0].seconds == 5
    assert plan.inner.receipt.word_count == 3
    assert plan.broll is None and [s.type for s in plan.inner.scenes] == ["talking_head", "broll",
                                                                                 "talking_head"]
    _, two = plan_job("make_ugc", {"script": "Buy now.", "person": person, "broll_url": str(COFFEE)})
    assert two.broll is not None and len(two.inner.scenes) <= 1  # too few words to cut on: cut in mid-clip
    with pytest.raises(ValidationError, match="script"):
        plan_job("ugc_video", {"script": "Buy it today.", "actor_slug": "maya-chen"})


@pytest.mark.slow
def test_a_characters_folder_is_the_only_place_its_ids_are_known(tmp_path: Path, private_home: Path) -> None:
    """The seam the server uses per user: a sheet job saves into Options.characters_dir, and only a plan
    given that folder casts its id; elsewhere the id is not_found, naming the field."""
    mine, theirs = Options(characters_dir=tmp_path / "mine"), Options(characters_dir=tmp_path / "theirs")
    generate("character_sheet", {"description": "a man named Kofi with a beard in a green hoodie"},
             tmp_path / "kofi.png", options=mine)
    [saved] = list_characters(root=tmp_path / "mine")
    assert list_characters() == [] and list_characters(root=tmp_path / "theirs") == []
    body = {"scene_action": "waves at the camera", "character": saved["character_id"]}
    _, plan = plan_job("make_ugc", body, options=mine)
    assert plan.receipt.actor_slug == saved["character_id"].removeprefix("char_")
    for options in (theirs, None):
        with pytest.raises(NotFoundError, match="^character: .* names no saved character"):
            plan_job("make_ugc", body, options=options)
