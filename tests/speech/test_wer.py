import pytest

from mediakit.speech.wer import normalise, word_error_rate


def test_normalise_reads_numbers_titles_and_drops_punctuation() -> None:
    assert normalise("And Mr. John, 10 meters!") == ["and", "mister", "john", "ten", "meters"]
    assert normalise("Set white with P2 soon.") == ["set", "white", "with", "p", "two", "soon"]


@pytest.mark.parametrize(("reference", "heard", "rate"), [
    ("one two three", "1, 2, 3.", 0.0),
    ("a b c d", "a x c d", 0.25),           # one substitution
    ("a b c d", "a c d", 0.25),             # one deletion
    ("a b", "a b c d", 1.0),                # two insertions over two words
    ("", "", 0.0),
    ("", "noise", 1.0),
    ("Setup took five minutes", "Set up took 5 minutes.", 0.0),   # one compound, spelled two ways
    ("we set up a stand", "we setup a stand", 0.0),
    ("set white", "setup white", 0.5),      # only a pair the other side writes as one word is joined
])
def test_word_error_rate(reference: str, heard: str, rate: float) -> None:
    assert word_error_rate(reference, heard) == pytest.approx(rate)
