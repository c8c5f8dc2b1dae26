"""Dictionary look-ups by binary search give what pocketsphinx itself reads from the whole file."""

from typing import Any

import pytest

from mediakit.speech.align import new_decoder
from mediakit.speech.cmudict import dictionary_path, pronunciations


def test_words_come_with_every_reading_in_file_order() -> None:
    assert pronunciations("read") == ("R EH D", "R IY D")
    assert pronunciations("a") == ("AH", "EY")
    assert pronunciations("'bout") == ("B AW T",)                   # the file's first line
    assert pronunciations("zywicki") == ("Z IH W IH K IY",)         # near its end
    assert pronunciations("mediakit") == () and pronunciations("") == ()


@pytest.fixture(scope="module")
def full() -> Any:
    """A decoder that loaded the whole dictionary, as pocketsphinx does by default."""
    return new_decoder(lm=None, loglevel="FATAL")


@pytest.mark.slow
@pytest.mark.parametrize("word", ["americans", "country", "dashwood", "meters", "the", "zzzz", "aaa", "live"])
def test_readings_match_the_decoder_loaded_with_the_whole_dictionary(word: str, full: Any) -> None:
    expected = []
    n = 1
    while (phones := full.lookup_word(word if n == 1 else f"{word}({n})")) is not None:
        expected.append(phones)
        n += 1
    assert list(pronunciations(word)) == expected


@pytest.mark.slow
def test_the_dictionary_is_sorted_by_word_as_the_search_assumes() -> None:
    words = [line.split(" ", 1)[0].split("(", 1)[0]
             for line in dictionary_path().read_text(encoding="utf-8").splitlines() if line]
    assert words == sorted(words) and len(words) > 130_000

