"""Speech made once per session for the voice tests."""

from __future__ import annotations

import pytest
from voice_testkit import SCRIPT_30

from mediakit.stages.voice import Speech, synthesize


@pytest.fixture(scope="session")
def default_speech() -> Speech:
    """The 30-word script by eSpeak's most intelligible voice (ava's eSpeak settings), the fallback engine."""
    return synthesize(SCRIPT_30, voice="ava", engine="espeak")
