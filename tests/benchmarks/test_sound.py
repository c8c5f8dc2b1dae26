"""benchmarks/sound.py's rule for a cta word heard: as written, or, for an invented brand name, as sound."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import bench_module


@pytest.fixture(scope="module")
def sound() -> ModuleType:
    return bench_module("sound")


@pytest.mark.parametrize(("transcript", "found"), [
    ("Start free at ledgerly.app.", [True] * 5),
    ("Start free at legily.app.", [True] * 5),          # Whisper cannot spell the invented name: its sound counts
    ("Start free at legially.app.", [True] * 5),
    ("Start free at leisurely.app.", [True, True, True, False, True]),  # two phonemes off: another word
    ("Start free at allegedly.app.", [True, True, True, False, True]),
    ("Start free at legially.top.", [True, True, True, True, False]),   # a real word misheard is never heard
    ("Start free a ledgerly.app.", [True, True, False, True, True]),
])
def test_a_cta_word_is_heard_as_written_or_an_invented_name_by_its_sound(sound: ModuleType, transcript: str,
                                                                        found: list[bool]) -> None:
    assert sound.cta_heard("Start free at ledgerly.app", transcript) == found


def test_an_address_counts_its_labels_as_words(sound: ModuleType) -> None:
    assert sound.cta_heard("Get 20% off at brew.co", "Get twenty percent off at Brew.co.") == [True] * 6
    assert sound.cta_heard("Get 20% off at brew.co", "Get 20% off a brew dot co.") == [True] * 3 + [False, True, True]
