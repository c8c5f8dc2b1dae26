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


def _every_error() -> list[MediakitError]:
    from mediakit.errors import AlignmentError, EngineError, NotFoundError
    from mediakit.stages.actors.query import ActorNotFoundError

    return [MediakitError("boom", details=[{"a": 1}]),
            ValidationError("pip_options.position", "top", "one of bottom-center, bottom-left, bottom-right",
                            code="cta_too_long", details=[{"field": "a", "rule": "b"}, {"field": "c", "rule": "d"}]),
            MediaError("/x/y.mp4", "has no video stream", field="video_url"),
            NotFoundError("no such job"),
            AlignmentError("transcript does not match"),
            EngineError("engine down"),
            RenderError("ffmpeg render failed", cmd=["ffmpeg", "-i", "x"], returncode=1, stderr_tail="Error x"),
            ActorNotFoundError("maya-chex", ["maya-chen"])]


def test_every_error_survives_a_pickle_round_trip() -> None:
    import pickle

    for err in _every_error():
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err)
        assert back.to_dict() == err.to_dict() and str(back) == str(err)
        assert back.__dict__ == err.__dict__


def test_exit_codes_and_statuses_say_bad_input_or_failed_job() -> None:
    codes = {type(e).__name__: (e.exit_code, e.status) for e in _every_error()}
    assert codes == {"MediakitError": (1, 500), "ValidationError": (2, 400), "MediaError": (2, 400),
                     "NotFoundError": (2, 404), "AlignmentError": (2, 400), "EngineError": (1, 502),
                     "RenderError": (1, 500), "ActorNotFoundError": (2, 404)}


def test_several_problems_are_counted_in_the_message() -> None:
    err = ValidationError("a", 1, "rule a", details=[{"field": "a", "rule": "rule a"}, {"field": "b", "rule": "x"},
                                                     {"field": "c", "rule": "y"}])
    assert err.message == "a: rule a (got 1) (and 2 more problems)"
    assert [d["field"] for d in err.to_dict()["error"]["details"]] == ["a", "b", "c"]
