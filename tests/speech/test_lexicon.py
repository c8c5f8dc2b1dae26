"""Readings of written tokens and letter-to-sound pronunciations (no decoder needed)."""

from __future__ import annotations

import pytest

from mediakit.speech.lexicon import (
    MAX_READINGS,
    MODEL_PHONES,
    cardinal_words,
    espeak_to_arpabet,
    letter_to_sound,
    number_readings,
    ordinal_words,
    spoken_forms,
    year_words,
)


def said(token: str) -> list[str]:
    return [" ".join(r) for r in spoken_forms(token)]


def test_a_year_is_offered_as_a_year_and_as_a_cardinal() -> None:
    readings = said("1455")
    assert readings[0] == "fourteen fifty five"
    assert "one thousand four hundred fifty five" in readings
    assert "one thousand four hundred and fifty five" in readings


@pytest.mark.parametrize(("token", "expected"), [
    ("$5", "five dollars"),
    ("$1", "one dollar"),
    ("3pm", "three p m"),
    ("3:30pm", "three thirty p m"),
    ("10:05", "ten oh five"),
    ("COVID-19", "covid nineteen"),
    ("1st", "first"),
    ("22nd", "twenty second"),
    ("3.5", "three point five"),
    ("50%", "fifty percent"),
    ("1,000,000", "one million"),
    ("-5", "minus five"),
    ("1990s", "nineteen nineties"),
    ("5k", "five thousand"),
    ("$2M", "two million dollars"),
    ("state-of-the-art", "state of the art"),
    ("and/or", "and or"),
    ("U.S.", "u s"),
    ("Dr.", "doctor"),
    ("#1", "number one"),
    ("&", "and"),
    ("mediakit.com", "mediakit dot com"),
    ("1900", "nineteen hundred"),
    ("2005", "two thousand five"),
    ("2024", "twenty twenty four"),
    ("007", "zero zero seven"),
])
def test_numbers_symbols_and_compounds_are_spelled_out(token: str, expected: str) -> None:
    assert expected in said(token)


def test_prices_with_cents_allow_the_usual_ways_of_saying_them() -> None:
    assert said("$5.99") == ["five dollars ninety nine cents", "five dollars and ninety nine cents",
                             "five dollars ninety nine", "five ninety nine"]
    assert said("$0.50") == ["fifty cents"]


def test_punctuation_attached_to_words_is_not_spoken_and_pure_punctuation_has_no_reading() -> None:
    assert said("Americans,") == ["americans"]
    assert said("country.") == ["country"]
    assert said("“Hormozi’s”") == ["hormozi's"]
    assert said("—") == [] and said("...") == [] and said("🔥") == []


def test_acronyms_may_be_said_as_a_word_or_as_letters() -> None:
    assert said("NASA") == ["nasa", "n a s a"]
    assert said("mp3") == ["mp three", "m p three"]
    assert said("Mediakit") == ["mediakit"]


def test_readings_are_capped() -> None:
    assert all(len(spoken_forms(t)) <= MAX_READINGS for t in ("1455-1999/2024", "$1999", "911-007"))


def test_number_words() -> None:
    assert cardinal_words(0) == ["zero"]
    assert " ".join(cardinal_words(1_002_003)) == "one million two thousand three"
    assert " ".join(cardinal_words(1105, british_and=True)) == "one thousand one hundred and five"
    assert " ".join(ordinal_words(12)) == "twelfth"
    assert " ".join(ordinal_words(40)) == "fortieth"
    assert year_words(1905) == ["nineteen", "oh", "five"]
    assert year_words(2003) is None and year_words(999) is None
    assert number_readings("911")[-1] == ("nine", "one", "one")


def test_espeak_mnemonics_map_to_arpabet() -> None:
    assert espeak_to_arpabet("h@l'oU w'3:ld") == ("HH", "AH", "L", "OW", "W", "ER", "L", "D")
    assert espeak_to_arpabet("st'A@t") == ("S", "T", "AA", "R", "T")
    assert espeak_to_arpabet("tS'3:tS dZ'VdZ") == ("CH", "ER", "CH", "JH", "AH", "JH")


@pytest.mark.parametrize("word", ["hormozi", "mediakit", "tiktok", "schadenfreude", "ngozi", "xyz"])
def test_unknown_words_get_a_pronunciation_made_only_of_model_phones(word: str) -> None:
    phones = letter_to_sound(word).split()
    assert phones and set(phones) <= MODEL_PHONES


def test_letter_to_sound_sounds_like_the_name() -> None:
    assert letter_to_sound("hormozi") == "HH AO R M OW Z IY"
    assert letter_to_sound("mediakit") == "M IY D IY AH K IH T"


@pytest.mark.slow
def test_model_phones_are_exactly_the_dictionary_phones() -> None:
    from pocketsphinx import get_model_path

    used: set[str] = set()
    with open(get_model_path("en-us/cmudict-en-us.dict"), encoding="utf-8") as dictionary:
        for line in dictionary:
            used.update(line.split()[1:])
    assert used == MODEL_PHONES
