"""local-animatic: the timeline it cuts from a request's own inputs, its title and ambient sound."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.engines import VideoJob, frame_size
from mediakit.engines.ambience import ambience
from mediakit.engines.animatic import (
    AnimaticEngine,
    draw_title,
    mention_order,
    phrases_of,
    placed_title,
    title_layer,
    title_text,
)
from mediakit.ffmpeg import run_ffmpeg
from mediakit.media_io import read_pam, write_pam
from mediakit.timeline import AudioClip, ImageLayer, KenBurns, SequenceLayer, VideoLayer


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("animatic")
    out = {}
    for name, color, size in (("red", (220, 30, 30), (400, 300)), ("green", (30, 200, 60), (300, 400)),
                              ("blue", (30, 50, 220), (400, 400))):
        out[name] = folder / f"{name}.png"
        Image.new("RGB", size, color).save(out[name])
    out["clip"] = folder / "clip.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240:r=24:d=2", "-f", "lavfi", "-i", "sine=f=300:d=2",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y",
                str(out["clip"])], what="clip")
    out["sound"] = folder / "sound.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=500:d=3", "-y", str(out["sound"])], what="sound")
    return out


def job(mode: str, seconds: int = 4, aspect: str = "9:16", **kw: object) -> VideoJob:
    w, h = frame_size(aspect, "480p")
    return VideoJob(model="video-engine-2.0", mode=mode, prompt=str(kw.pop("prompt", "")), seconds=seconds,
                    quality="480p", aspect=aspect, width=w, height=h, **kw)  # type: ignore[arg-type]


@pytest.mark.slow
def test_image_mode_moves_from_the_first_frame_and_lands_on_the_last(media: dict[str, Path], tmp_path: Path) -> None:
    tl = AnimaticEngine().make(job("image", 6, first_frame=media["red"], last_frame=media["green"]), tmp_path)
    assert (tl.canvas.width, tl.canvas.height, tl.canvas.fps, tl.duration_ms) == (480, 854, 24, 6000)
    seq = tl.layers[0]
    assert isinstance(seq, SequenceLayer) and seq.transition.kind == "fade" and seq.transition.duration_ms == 2500
    first, last = seq.scenes
    assert isinstance(first, ImageLayer) and isinstance(last, ImageLayer)
    assert (first.path, last.path) == (media["red"], media["green"])
    assert first.motion is not None and first.motion.zoom_from == 1.0 and first.motion.pan_from == (0.5, 0.5)
    assert last.motion is not None and last.motion.zoom_to == 1.0 and last.motion.pan_to == (0.5, 0.5)
    alone = AnimaticEngine().make(job("image", first_frame=media["red"]), tmp_path).layers[0]
    assert isinstance(alone, ImageLayer) and alone.motion is not None and alone.motion.zooms


@pytest.mark.slow
def test_reference_mode_follows_the_prompt_order_and_cuts_clips_in(media: dict[str, Path], tmp_path: Path) -> None:
    j = job("reference", 8, prompt="@image2 then @video1 then @image1", refs=(media["red"], media["green"]),
            video_refs=(media["clip"],), audio_refs=(media["sound"],))
    tl = AnimaticEngine().make(j, tmp_path)
    seq = tl.layers[0]
    assert isinstance(seq, SequenceLayer)
    assert [type(s).__name__ for s in seq.scenes] == ["ImageLayer", "VideoLayer", "ImageLayer"]
    assert [s.path for s in seq.scenes] == [media["green"], media["clip"], media["red"]]
    assert sum(s.duration_ms or 0 for s in seq.scenes) == 8000
    sounds = {a.path.name: a for a in tl.audio}
    assert set(sounds) == {"ambience.wav", "sound.wav", "clip.mp4"}
    assert sounds["clip.mp4"].start_ms == seq.cuts_ms[0]  # the clip's own sound plays with its picture
    assert sounds["ambience.wav"].gain_db == -8.0  # under the audio ref


@pytest.mark.slow
def test_refs_beyond_what_the_length_shows_are_gathered_on_a_collage(media: dict[str, Path], tmp_path: Path) -> None:
    refs = (media["red"], media["green"], media["blue"], media["red"], media["green"])
    tl = AnimaticEngine().make(job("reference", 4, prompt="five refs", refs=refs), tmp_path)
    seq = tl.layers[0]
    assert isinstance(seq, SequenceLayer) and len(seq.scenes) == 2  # 4 s holds two 1.5 s+ shots
    assert seq.scenes[1].path.name == "collage.png"
    collage = np.asarray(Image.open(tmp_path / "collage.png").convert("RGB")).astype(int)
    for color in ((220, 30, 30), (30, 200, 60), (30, 50, 220)):
        assert (np.abs(collage - np.array(color)).sum(axis=2) < 60).mean() > 0.01


@pytest.mark.slow
@pytest.mark.parametrize("seconds, shots", [(4, 1), (8, 2), (15, 4)])
def test_text_mode_designs_a_shot_per_4_seconds_or_so(seconds: int, shots: int, tmp_path: Path) -> None:
    j = job("text", seconds, aspect="16:9", prompt="A barista pours latte art, then the sun rises over the city")
    tl = AnimaticEngine().make(j, tmp_path)
    picture = tl.layers[0]
    scenes = picture.scenes if isinstance(picture, SequenceLayer) else (picture,)
    assert len(scenes) == shots and all(isinstance(s, ImageLayer) and s.motion is not None for s in scenes)
    assert sorted(p.name for p in tmp_path.glob("shot-?.pam")) == [f"shot-{i + 1}.pam" for i in range(shots)]
    assert len(list(tmp_path.glob("shot-?-near.pam"))) == shots, "latte and sun: scenes, each with a near plane"


@pytest.mark.slow
def test_the_title_is_the_only_writing_on_the_picture(tmp_path: Path,
                                                        drawn_text: list[tuple[tuple[float, float], str]]) -> None:
    tl = AnimaticEngine().make(job("text", 10, prompt="A quiet hour at dawn. Mist rises."), tmp_path)
    assert len(tl.layers) == 2, "the picture and the title: no watermark, no engine tag"
    title = tl.layers[1]
    assert isinstance(title, ImageLayer)
    assert (title.start_ms, title.duration_ms, title.enter.kind, title.exit.kind) == (0, 4500, "none", "fade")
    assert {text for _, text in drawn_text} == {"A quiet hour at dawn."}
    box = title.box
    assert box is not None
    h, w = 854, 480
    assert box.y >= 0.14 * h and box.y + box.h <= 0.65 * h, "title outside the 9:16 safe band"
    assert box.x + box.w <= 0.9 * w, "title under the right-hand buttons"
    (tmp_path / "silent").mkdir()
    silent = AnimaticEngine().make(job("image", first_frame=tmp_path / "shot-1.pam"), tmp_path / "silent")
    assert [type(layer).__name__ for layer in silent.layers] == ["ImageLayer"]  # no prompt: no title


def test_title_text_and_lines() -> None:
    assert title_text("A quiet lake at dawn. Mist rises over @image1.") == "A quiet lake at dawn."
    long = " ".join(f"word{i}" for i in range(40))
    assert title_text(long) == long, "the title is never cut short"
    img, box = draw_title(long, 480, 854)
    assert img.size == (box.w, box.h) and box.h < 0.4 * 854  # the type shrank to fit instead


def test_mention_order_and_phrases() -> None:
    assert mention_order("@image3 meets @image1, @video1 and @image3 again", "image", 4) == [2, 0, 1, 3]
    assert mention_order("no references", "video", 2) == [0, 1]
    assert mention_order("@image9 is out of range", "image", 2) == [0, 1]
    assert phrases_of("A dog runs, then it jumps into the lake", 3) == [
        "A dog runs", "it jumps into the lake", "A dog runs, then it jumps into the lake"]


@pytest.mark.slow
def test_ambience_is_a_quiet_stereo_bed_shaped_by_the_setting() -> None:
    sea, city = ambience("waves on the beach", 6), ambience("city traffic at night", 6)
    assert sea.shape == (288000, 2) and sea.dtype == np.float32
    for bed in (sea, city):
        rms = float(np.sqrt(np.mean(bed**2)))
        assert 0.05 < rms < 0.12, rms  # about -22 dBFS: under a voice
        assert np.abs(bed[:100]).max() < 0.01 and np.abs(bed[-100:]).max() < 0.01  # faded in and out
        assert np.corrcoef(bed[:, 0], bed[:, 1])[0, 1] < 0.95  # two channels, not one copied
    assert np.array_equal(sea, ambience("waves on the beach", 6))

    def centroid(bed: np.ndarray) -> float:
        spectrum = np.abs(np.fft.rfft(bed[:, 0]))
        freqs = np.fft.rfftfreq(bed.shape[0], 1 / 48000)
        return float((spectrum * freqs).sum() / spectrum.sum())

    assert centroid(ambience("wind over the mountains", 6)) > centroid(sea)  # wind is brighter than surf


@pytest.mark.slow
def test_the_engine_timeline_carries_the_ambience(tmp_path: Path) -> None:
    tl = AnimaticEngine().make(job("text", prompt="surf at the beach"), tmp_path)
    assert tl.audio == (AudioClip(tmp_path / "ambience.wav"),)
    assert not any(isinstance(layer, VideoLayer) for layer in tl.layers)


@pytest.mark.slow
def test_a_shots_camera_follows_its_action(tmp_path: Path) -> None:
    tl = AnimaticEngine().make(job("text", 8, prompt="A red car driving through a snowy forest at night, then the "
                                                     "door opens to reveal a cabin"), tmp_path)
    seq, near_drive, near_reveal = tl.layers[:3]
    assert isinstance(seq, SequenceLayer)
    assert isinstance(near_drive, ImageLayer) and isinstance(near_reveal, ImageLayer)
    drive, reveal = near_drive.motion, near_reveal.motion
    assert drive is not None and reveal is not None
    assert drive.zoom_from == drive.zoom_to and drive.pan_from[0] != drive.pan_to[0], "driving: a pan"
    assert reveal.zoom_to > reveal.zoom_from, "a reveal: a push in"


def test_a_scene_shot_moves_its_near_plane_faster_than_its_sky(tmp_path: Path) -> None:
    prompt = "A lighthouse on a cliff at dusk, then waves crashing on the rocks below"
    j = VideoJob(model="video-engine-2.0", mode="text", prompt=prompt, seconds=8, quality="480p", aspect="9:16",
                 width=144, height=256)
    tl = AnimaticEngine().make(j, tmp_path)
    seq, *near, title = tl.layers
    assert isinstance(seq, SequenceLayer) and len(seq.scenes) == 2 and len(near) == 2
    assert [layer.path.name for layer in near] == ["shot-1-near.pam", "shot-2-near.pam"]  # type: ignore[union-attr]
    cut = seq.cuts_ms[0]
    first, second = near
    assert isinstance(first, ImageLayer) and isinstance(second, ImageLayer)
    assert (first.start_ms, first.enter.kind, first.exit.kind) == (0, "none", "fade")
    assert second.start_ms == cut - 200 and second.start_ms + (second.duration_ms or 0) == 8000
    assert second.enter.kind == "fade", "the near planes crossfade with the shots"

    def travel(motion: KenBurns | None) -> float:  # how far the view moves, in frame widths
        return 0.0 if motion is None else (motion.zoom_to - 1) * abs(motion.pan_to[0] - motion.pan_from[0])

    far = seq.scenes[1]
    assert isinstance(far, ImageLayer) and second.motion is not None
    assert travel(second.motion) > 3 * travel(far.motion) > 0, "crashing waves: a pan, with parallax"
    assert title.path.name == "title.png"  # type: ignore[union-attr]



def test_the_title_keeps_off_the_opening_shots_subject(tmp_path: Path) -> None:
    prompt = "A lighthouse on a cliff at dusk, then waves crashing on the rocks below"
    j = VideoJob(model="video-engine-2.0", mode="text", prompt=prompt, seconds=10, quality="480p", aspect="9:16",
                 width=288, height=512)
    tl = AnimaticEngine().make(j, tmp_path)
    title = tl.layers[-1]
    assert isinstance(title, ImageLayer) and title.box is not None
    b = title.box
    subject = np.asarray(read_pam(tmp_path / "shot-1-near.pam").getchannel("A"))[b.y:b.y + b.h, b.x:b.x + b.w]
    assert (subject > 128).mean() < 0.05, "the title panel is not over the lighthouse"
    assert b.y >= 0.14 * 512 and b.y + b.h <= 0.65 * 512 and b.x + b.w <= 0.9 * 288, "still in the safe area"
    assert title.duration_ms == 4500, "clear of the subject, it stays its full time"


def test_a_title_that_cannot_keep_off_the_subject_is_shown_briefly(tmp_path: Path) -> None:
    everywhere = tmp_path / "near.pam"
    write_pam(everywhere, np.full((512, 288, 4), 255, dtype=np.uint8))
    j = VideoJob(model="video-engine-2.0", mode="text", prompt="A huge wall fills the frame", seconds=10,
                 quality="480p", aspect="9:16", width=288, height=512)
    title = title_layer(title_text(j.prompt), j, tmp_path, 10_000, subject=everywhere)
    assert title.duration_ms == 2500
    left = np.zeros((512, 288, 4), dtype=np.uint8)
    left[:, :80] = 255                                            # a tall subject down the left side
    img, box, cover = placed_title(title_text(j.prompt), 288, 512, Image.fromarray(left))
    assert cover == 0 and box.x >= 80 and img.size == (box.w, box.h), "a narrower panel beside it"
