"""User actors: folders and YAML lists load like bundled actors; bad media fail naming the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.actors import all_actors, bundled_actors, find_actors, get_actor, load_user_actors
from mediakit.stages.actors.catalog import SPEC_FIELDS


def make_folder(root: Path, slug: str, record: str, portrait: Path | None = None, **media: Path) -> Path:
    folder = root / slug
    folder.mkdir(parents=True)
    (folder / "actor.yaml").write_text(f"slug: {slug}\n{record}", encoding="utf-8")
    shutil.copy(portrait or bundled_actors()[0].portrait_path, folder / "portrait.png")
    for name, src in media.items():
        shutil.copy(src, folder / f"{name}.mp4")
    return folder


def test_folder_actor_gets_every_field_and_defaults(tmp_path: Path, tiny_video: Path) -> None:
    folder = make_folder(tmp_path, "sam-user", "name: Sam User\ngender: male\nage: 41\n", talking=tiny_video)
    (actor,) = load_user_actors(folder)
    body = actor.to_dict()
    assert list(body) == list(SPEC_FIELDS)
    assert body["age_range"] == "36-50" and body["actor_type"] == "Casual" and body["status"] == "active"
    assert body["voice_gender"] == "male" and body["lip_sync_engine"] == "mediakit-viseme"
    assert body["portrait_url"].startswith("file://") and body["green_screen_url"] is None
    assert body["presets"] == [] and body["preset"] is None and body["created_at"].endswith("Z")
    assert actor.kind == "footage" and actor.talking_clip == folder / "talking.mp4"


def test_library_folder_env_path_and_queries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             green_clip: Path) -> None:
    make_folder(tmp_path, "gina-green", "name: Gina Green\ngender: female\nage: 23\nactor_type: Young Adult\n"
                "presets: [app-on-phone]\n", greenscreen=green_clip)
    make_folder(tmp_path, "drawn-dan", "name: Drawn Dan\ngender: male\nage_range: 51+\n"
                "look: {skin: '#c68a5e', hair: bald, extras: [beard]}\n")
    monkeypatch.setenv("MEDIAKIT_ACTORS_PATH", str(tmp_path))
    actors = all_actors()
    assert len(actors) == len(bundled_actors()) + 2
    gina = get_actor("gina-green")
    assert gina.kind == "green-screen" and gina.green_screen_url and gina.green_screen_url.startswith("file://")
    assert get_actor("drawn-dan").kind == "generated" and get_actor("drawn-dan").age is None
    assert "gina-green" in [a.slug for a in find_actors(search="gina").actors]
    assert find_actors(age_range="18-25", preset="app-on-phone").total >= 1


def test_yaml_list_file(tmp_path: Path) -> None:
    shutil.copy(bundled_actors()[1].portrait_path, tmp_path / "face.png")
    listing = tmp_path / "team.yaml"
    listing.write_text("actors:\n  - {slug: ana-team, name: Ana, gender: female, age: 30, portrait: face.png}\n"
                       "  - {slug: ben-team, name: Ben, gender: male, age: 60, portrait: face.png,\n"
                       "     actor_type: Elder}\n", encoding="utf-8")
    ana, ben = load_user_actors(listing)
    assert (ana.age_range, ben.age_range, ben.actor_type) == ("26-35", "51+", "Elder")
    assert ana.kind == ben.kind == "photo" and ana.portrait_path == tmp_path / "face.png"


@pytest.mark.slow
def test_unreadable_portrait_names_the_file(tmp_path: Path) -> None:
    folder = make_folder(tmp_path, "bad-face", "name: Bad\ngender: male\n")
    (folder / "portrait.png").write_bytes(b"not a png at all")
    with pytest.raises(MediaError) as info:
        load_user_actors(folder)
    assert "portrait.png" in str(info.value) and "not a readable image" in str(info.value)
    (folder / "portrait.png").unlink()
    with pytest.raises(MediaError, match="portrait file does not exist"):
        load_user_actors(folder)


@pytest.mark.slow
def test_talking_clip_without_video(tmp_path: Path, tone_wav: Path) -> None:
    audio_only = tmp_path / "audio.mp4"
    run_ffmpeg(["-i", str(tone_wav), "-c:a", "aac", "-y", str(audio_only)], what="making audio-only mp4")
    folder = make_folder(tmp_path, "no-video", "name: Mute\ngender: female\n", talking=audio_only)
    with pytest.raises(MediaError, match="talking clip has no video stream") as info:
        load_user_actors(folder)
    assert "talking.mp4" in str(info.value)


@pytest.mark.slow
def test_green_screen_clip_without_green(tmp_path: Path, tiny_video: Path) -> None:
    folder = make_folder(tmp_path, "not-green", "name: Grey\ngender: female\n", greenscreen=tiny_video)
    with pytest.raises(MediaError, match="key green") as info:
        load_user_actors(folder)
    assert "greenscreen.mp4" in str(info.value)


@pytest.mark.parametrize(("record", "field"), [
    ("name: X\ngender: other\n", "gender"), ("gender: male\n", "name"), ("name: X\ngender: male\nage: 12\n", "age"),
    ("name: X\ngender: male\nage: 30\nage_range: 51+\n", "age_range"),
    ("name: X\ngender: male\nactor_type: Dad\n", "actor_type"), ("name: X\ngender: male\nheight: 2\n", "height"),
    ("name: X\ngender: male\nlook: {skin: pink}\n", "look.skin")])
def test_invalid_records(tmp_path: Path, record: str, field: str) -> None:
    folder = make_folder(tmp_path, "bad-rec", record)
    with pytest.raises(ValidationError) as info:
        load_user_actors(folder)
    assert info.value.field.endswith(field) and "'bad-rec'" in info.value.field


def test_slug_clash_with_bundled_actor(tmp_path: Path) -> None:
    make_folder(tmp_path, "maya-chen", "name: Another Maya\ngender: female\n")
    with pytest.raises(ValidationError, match="already used"):
        all_actors([tmp_path])


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(MediaError, match="does not exist"):
        load_user_actors(tmp_path / "nowhere")
