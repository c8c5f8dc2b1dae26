import uuid
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.engines.character_animatic import animatic
from mediakit.errors import ValidationError
from mediakit.generation.run import generate, plan_job
from mediakit.probe import probe
from mediakit.timeline import Canvas

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def steps(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    folder = tmp_path_factory.mktemp("character")
    sid = str(uuid.uuid4())
    sheet, board = folder / "sheet.png", folder / "board.png"
    generate("character_sheet", {"description": "a girl named Zoe with a ponytail", "session_id": sid}, sheet)
    generate("storyboard_generate", {"character_sheet_url": str(sheet), "session_id": sid,
                                     "beats": ["Zoe walks in", "Zoe is surprised", "Zoe laughs", "Zoe waves"]}, board)
    return sheet, board, sid


def test_video_is_720p_with_sound_and_reused_in_session(steps: tuple[Path, Path, str], tmp_path: Path) -> None:
    sheet, board, sid = steps
    body = {"character_sheet_url": str(sheet), "storyboard_url": str(board), "duration": 5, "aspect_ratio": "1:1",
            "session_id": sid}
    generate("character_video", body, tmp_path / "a.mp4")
    info = probe(tmp_path / "a.mp4")
    assert info.video is not None and (info.video.width, info.video.height) == (720, 720)
    assert info.audio is not None and abs((info.duration_ms or 0) - 5000) < 200
    _, plan = plan_job("character_video", body)
    assert plan.metered.seconds == 5 and any("reused" in n for n in plan.receipt.notes)


def test_rules(steps: tuple[Path, Path, str]) -> None:
    sheet, board, _ = steps
    with pytest.raises(ValidationError) as exc:
        plan_job("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(board), "duration": 15})
    assert exc.value.field == "duration"
    with pytest.raises(ValidationError) as exc:  # a plain PNG with no beats and no action_prompt or session
        plan_job("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(sheet)})
    assert exc.value.field == "action_prompt"


def test_action_prompt_gives_the_beats(steps: tuple[Path, Path, str]) -> None:
    sheet, board, _ = steps
    _, plan = plan_job("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(board),
                                           "action_prompt": 'Zoe runs. Zoe says "Made it!"', "duration": 5})
    assert plan.shots.beats == ("Zoe runs.", 'Zoe says "Made it!"')


def test_a_spoken_line_is_mixed_over_the_ambience_at_minus_14_lufs(steps: tuple[Path, Path, str],
                                                                   tmp_path: Path) -> None:
    from mediakit.stages.levels import measure_levels

    sheet, _, sid = steps
    board = tmp_path / "talk.png"
    generate("storyboard_generate", {"character_sheet_url": str(sheet), "session_id": sid,
                                     "beats": ["Zoe walks in", 'Zoe says "Fresh bread in five minutes, friends!"',
                                               "Zoe laughs"]},
             board)
    out = tmp_path / "talk.mp4"
    generate("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(board), "duration": 5,
                                 "aspect_ratio": "1:1", "session_id": sid}, out)
    levels = measure_levels(out)
    assert abs(levels.loudness.integrated + 14) <= 1 and (levels.loudness.true_peak or 0) <= -1
    assert levels.longest_silence_s <= 0.3


def test_each_beat_is_shot_in_the_place_and_weather_of_the_whole_prompt(steps: tuple[Path, Path, str],
                                                                        tmp_path: Path) -> None:
    sheet, board, _ = steps
    _, plan = plan_job("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(board),
                                           "action_prompt": "Zoe opens the bakery on a rainy morning. A queue "
                                                            "forms outside.", "duration": 5})
    assert any(n.startswith("beat 2: ") and "bakery -> shopfront (drawn), queue -> person" in n and "rain" in n
               for n in plan.receipt.notes)
    shots = replace(plan.shots, canvas=Canvas(144, 256), duration_ms=5000, audio=False)
    animatic(shots, tmp_path)
    queue = np.asarray(Image.open(tmp_path / "scene-2.png").convert("RGB"), dtype=np.int16)
    awning = (queue[100:130, :, 0] > 160) & (queue[100:130, :, 1] < 90)
    assert awning.sum() > 150, "the queue forms outside the bakery the first beat opened"


def test_shots_move_their_planes_apart_and_the_character_stands_beside_the_lighthouse(
        steps: tuple[Path, Path, str], tmp_path: Path) -> None:
    from mediakit.media_io import read_pam
    from mediakit.timeline import ImageLayer, SequenceLayer

    sheet, board, _ = steps
    _, plan = plan_job("character_video", {"character_sheet_url": str(sheet), "storyboard_url": str(board),
                                           "action_prompt": "Zoe walks to the lighthouse on a cliff at dusk.",
                                           "duration": 5})
    shots = replace(plan.shots, canvas=Canvas(144, 256), duration_ms=5000, audio=False)
    tl = animatic(shots, tmp_path)
    seq, *overlays = tl.layers
    near = [layer for layer in overlays if isinstance(layer, ImageLayer) and layer.path.name.endswith("-near.pam")]
    figures = [layer for layer in overlays if isinstance(layer, ImageLayer) and layer.path.name.startswith("figure")]
    far = seq.scenes[0] if isinstance(seq, SequenceLayer) else seq
    assert near and isinstance(far, ImageLayer) and far.path.name.endswith("-far.pam"), "a far and a near plane"
    assert near[0].motion is not None and near[0].motion != far.motion, "the planes move apart"
    things = np.asarray(read_pam(near[0].path).getchannel("A")) > 128
    things &= things.mean(axis=1, keepdims=True) < 0.9                 # the lighthouse and cliff, not the sea
    box = figures[0].box
    assert box is not None
    hidden = things[max(0, box.y):box.y + box.h, max(0, box.x):box.x + box.w].sum() / things.sum()
    assert hidden <= 0.25, f"the character hides {hidden:.0%} of the lighthouse"
