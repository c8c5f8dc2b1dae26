import os

import pytest

from mediakit.native_logs import quiet_native_stderr


def test_native_writes_to_fd_2_are_dropped_inside_and_kept_outside(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet_native_stderr():
        os.write(2, b"Created TensorFlow Lite XNNPACK delegate\n")
    os.write(2, b"a real error\n")
    assert capfd.readouterr().err == "a real error\n"
