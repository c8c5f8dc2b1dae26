"""Tone presets, emotion tags and the delivery plan engines speak from."""

from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.voice import delivery
from mediakit.stages.voice.delivery import ADDRESS_RATE, as_said, plan, read_out, speakable, spoken_words


def test_tags_are_never_words() -> None:
    text = "[excited] This is great! [laughs] Really. [whispers] Tell no one. [made up tag] Bye."
    assert spoken_words(text) == ["This", "is", "great!", "Really.", "Tell", "no", "one.", "Bye."]
    assert all("[" not in seg.text for seg in plan(text) if seg.spoken)


def test_emotion_shapes_only_the_following_sentence() -> None:
    segs = plan("Hello there. [sad] I lost it. Back to normal.")
    assert [s.text for s in segs] == ["Hello there.", "I lost it.", "Back to normal."]
    assert segs[0].prosody == delivery.NEUTRAL
    assert segs[1].prosody == delivery.EMOTIONS["sad"]
    assert segs[2].prosody == delivery.NEUTRAL


def test_mid_sentence_tag_splits_without_an_end_pause() -> None:
    segs = plan("I was like [whispers] don't tell anyone. Okay.")
    assert [(s.text, s.ends_sentence, s.prosody.breathy) for s in segs] == [
        ("I was like", False, False), ("don't tell anyone.", True, True), ("Okay.", True, False)]


def test_offsets_point_at_the_words_as_written() -> None:
    text = "[excited]  Big news, friends! It's $20 & more [laughs] today."
    for seg in plan(text):
        for word, start, end in seg.words:
            assert text[start:end] == word
    assert spoken_words(text) == ["Big", "news,", "friends!", "It's", "$20", "&", "more", "today."]


def test_unspeakable_tokens_ride_on_a_neighbour_like_the_aligner_cuts_them() -> None:
    from mediakit.speech.align import transcript_tokens

    text = "— Wait, so — yes! 🙂 We did it... 100%."
    assert spoken_words(text) == [t.text for t in transcript_tokens(text)]
    assert spoken_words(text) == ["— Wait,", "so —", "yes! 🙂", "We", "did", "it...", "100%."]


def test_sound_tags_become_non_verbal_segments() -> None:
    segs = plan("That is funny [laughs] anyway [pause] done.")
    sound = [s for s in segs if not s.spoken]
    assert [s.text for s in sound] == [delivery.SOUNDS["laughs"].text]
    assert segs[-1].pause_ms == delivery.SOUNDS["pause"].silence_ms
    assert delivery.canonical_tag("Laughing") == "laughs"
    assert delivery.canonical_tag(" Clears   Throat ") == "clears throat"
    assert delivery.canonical_tag("laughs softly") == "laughs"
    assert delivery.canonical_tag("made up") == "made up"


def test_tone_pause_goes_between_sentences_only() -> None:
    segs = plan("One. Two. Three.", "dramatic")
    assert [s.pause_ms for s in segs] == [0, 400, 400]
    assert all(s.prosody == delivery.TONES["dramatic"].prosody for s in segs)


def test_tag_stacks_on_the_tone() -> None:
    seg = plan("[excited] Wow.", "calm")[0]
    calm, excited = delivery.TONES["calm"].prosody, delivery.EMOTIONS["excited"]
    assert seg.prosody.rate == pytest.approx(calm.rate * excited.rate)
    assert seg.prosody.pitch == pytest.approx(calm.pitch + excited.pitch)


def test_unknown_tone_lists_the_valid_ones() -> None:
    with pytest.raises(ValidationError) as err:
        delivery.get_tone("sleepy")
    assert err.value.field == "tone"
    for name in ("energetic", "calm", "confident", "dramatic"):
        assert name in str(err.value)


def test_speakable_blanks_symbols_keeping_positions() -> None:
    text = "Love it 🙂👍🏽 ok ❤️"
    clean = speakable(text)
    assert len(clean) == len(text)
    assert clean.split() == ["Love", "it", "ok"]


@pytest.mark.parametrize(("token", "said"), [
    ("brew.co.", ", brew, dot, co."), ("ledgerly.app", ", ledgerly, dot, app"),
    ("shop.ledgerly.app!", ", shop, dot, ledgerly, dot, app!"), ("acme.io", ", acme, dot, I O"),
    ("get20.ai,", ", get twenty, dot, A I,"), ("mornings.", "mornings."), ("20%", "20%"), ("U.S.", "U.S."),
    ("e.g.", "e.g."), ("2.5", "2.5"), ("v2.0", "v2.0")])
def test_an_address_is_read_out_with_pauses_at_its_dots_and_other_words_stay_as_written(token: str,
                                                                                      said: str) -> None:
    """Kokoro read "brew.co" as "brew, Cole"; with the dots said in one run Whisper heard "off a brew.co" and
    "legially.top" for "ledgerly.app": an address is said label by label, short TLDs that are no word spelled."""
    assert as_said(token) == said


def test_a_sentence_giving_an_address_is_read_out_slower_and_others_keep_their_rate() -> None:
    """At the speeds that fill a 15 s ad Whisper heard "off at brew.co" as "off of brew.co"."""
    first, cta = plan("Grab yours today. Get 20% off at brew.co.", "energetic")
    assert read_out(first) == first
    assert read_out(cta).prosody.rate == pytest.approx(first.prosody.rate * ADDRESS_RATE)
    assert read_out(cta).words == cta.words and ADDRESS_RATE < 1
