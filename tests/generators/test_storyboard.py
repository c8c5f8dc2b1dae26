import json
import uuid
from pathlib import Path

import pytest
from PIL import Image

from mediakit.errors import ValidationError
from mediakit.generation.run import generate, plan_job
from mediakit.stages.characters.session import recall
from mediakit.stages.characters.storyboard import read_storyboard


def test_suggest_is_free_and_answers_three_options(tmp_path: Path) -> None:
    body = {"character_description": "a baker", "vibe": "rainy", "n_panels": 5}
    _, plan = plan_job("storyboard_suggest", body)
    assert plan.metered.to_dict() == {"operation": "storyboard_suggest"}
    generate("storyboard_suggest", body, tmp_path / "o.json")
    options = json.loads((tmp_path / "o.json").read_text())["options"]
    assert len(options) == 3 and all(len(o["beats"]) == 5 for o in options)


@pytest.mark.parametrize("body, field", [
    ({"vibe": "x"}, "character_description"),
    ({"vibe": "x", "actor_slug": "maya-chen", "character_description": "y"}, "character_description"),
    ({"vibe": "x", "character_description": "y", "n_panels": 11}, "n_panels"),
    ({"vibe": "x", "character_description": "y", "duration": 15}, "duration"),
])
def test_suggest_rules(body: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as exc:
        plan_job("storyboard_suggest", body)
    assert exc.value.to_dict()["error"]["details"][0]["field"] == field


def test_generate_rules(tmp_path: Path) -> None:
    with pytest.raises(ValidationError) as exc:
        plan_job("storyboard_generate", {"character_sheet_url": "s.png", "beats": ["a", "b", "c"],
                                         "script": "a long enough script"})
    assert exc.value.field == "script"
    with pytest.raises(ValidationError) as exc:
        plan_job("storyboard_generate", {"character_sheet_url": "s.png", "beats": ["a", "b"]})
    assert exc.value.field == "beats"


@pytest.mark.slow
def test_storyboard_panels_from_beats_and_session(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.png"
    generate("character_sheet", {"description": "a boy in a red tee"}, sheet)
    sid = str(uuid.uuid4())
    out = tmp_path / "board.png"
    generate("storyboard_generate", {"character_sheet_url": str(sheet), "beats": ["He runs", "He jumps", "He waves"],
                                     "ratio": "16:9", "session_id": sid}, out)
    record = read_storyboard(out, field="x")
    assert record is not None and len(record.panels) == 4 and record.beats[1:] == ("He runs", "He jumps", "He waves")
    assert record.character is not None
    with Image.open(out) as img:
        assert img.width > img.height
    assert recall(sid, "storyboard_generate") == {"beats": list(record.beats), "ratio": "16:9"}
