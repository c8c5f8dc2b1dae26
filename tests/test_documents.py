from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.documents import load_document, parse_yaml
from mediakit.errors import ValidationError


def test_yaml_and_json_load(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("script: hello\nn: 10\n")
    (tmp_path / "b.json").write_text('{"script": "hello", "n": 10}')
    assert load_document(tmp_path / "a.yaml", field="input") == load_document(tmp_path / "b.json", field="input")


@pytest.mark.parametrize(("content", "rule"), [
    (b"a: [1, 2\n", "not valid YAML at line 2"),
    (b"\x00\x01\x02binary", "binary file"),
    (b"\xff\xfe a: b", "not UTF-8"),
    (b"x: " + b"a" * (1024 * 1024 + 1), "at most 1048576"),
    (b"a: &a [1,1,1,1,1,1,1,1,1]\n" + b"".join(b"%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n"
                                              % ((chr(98 + i).encode(),) * 2 + (chr(97 + i).encode(),) * 9)
                                              for i in range(20)), "aliases"),
])
def test_bad_documents_are_one_clear_error(tmp_path: Path, content: bytes, rule: str) -> None:
    path = tmp_path / "job.yaml"
    path.write_bytes(content)
    with pytest.raises(ValidationError, match=rule) as info:
        load_document(path, field="input")
    assert info.value.field == "input"


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="does not exist"):
        load_document(tmp_path / "nope.yaml", field="input")
    with pytest.raises(ValidationError, match="is a folder"):
        load_document(tmp_path, field="input")


@pytest.mark.slow
@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
                                  "a:\n" + "".join("  " * i + "a:\n" for i in range(1, 3000))])
def test_very_deep_nesting_is_a_clear_validation_error(text: str) -> None:
    with pytest.raises(ValidationError, match=r"input: is not valid YAML: nested more than 100 levels deep \(line"):
        parse_yaml(text, field="input", where="deep.yaml")


def test_nesting_up_to_the_limit_is_fine() -> None:
    assert parse_yaml("[" * 99 + "1" + "]" * 99, field="input", where="ok.yaml") is not None  # 100 nodes deep


def test_an_aspect_written_bare_stays_an_aspect() -> None:
    """YAML 1.1 would read ``4:5`` as the base-60 number 245; a request means the aspect."""
    assert parse_yaml("aspect_ratio: 4:5\nother: 9:16\nseconds: 10", field="input", where="x") == {
        "aspect_ratio": "4:5", "other": "9:16", "seconds": 10}
