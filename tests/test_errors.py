from __future__ import annotations

from mediakit.errors import MediaError, MediakitError, RenderError, ValidationError, root_cause


def test_validation_error_names_field_rule_and_value_in_spec_shape() -> None:
    err = ValidationError("style", "fancy", "must be one of hormozi, minimal")
    assert isinstance(err, MediakitError) and isinstance(err, ValueError)
    assert str(err) == "style: must be one of hormozi, minimal (got 'fancy')"
    body = err.to_dict()["error"]
    assert body["code"] == "validation_error" and body["details"] == [
        {"field": "style", "rule": "must be one of hormozi, minimal"}]
    assert ValidationError("cta", "x" * 200, "at most 100 characters", code="cta_too_long").code == "cta_too_long"


def test_media_error_quotes_path() -> None:
    err = MediaError("/a b/c.mp4", "has no video stream")
    assert err.message == "'/a b/c.mp4': has no video stream"
    assert err.to_dict()["error"]["code"] == "media_error"


def test_render_error_picks_the_root_cause_line() -> None:
    stderr = "\n".join(["[in#0 @ 0x1] Error opening input: No such file or directory",
                        "Error opening input file /x/missing.mp4.", "Conversion failed!"])
    err = RenderError("ffmpeg render failed", cmd=["ffmpeg", "-i", "x"], returncode=1, stderr_tail=stderr)
    assert err.message == ("ffmpeg render failed: Error opening input: No such file or directory; "
                           "Error opening input file /x/missing.mp4.")
    assert err.stderr_tail == stderr and err.returncode == 1
    assert root_cause("") == ""
