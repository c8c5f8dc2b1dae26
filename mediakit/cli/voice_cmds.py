"""``mediakit say`` and ``mediakit voices``: the voice stage from the command line."""

from __future__ import annotations

import os
from pathlib import Path

import click


@click.command("say")
@click.argument("text")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="WAV file to write.")
@click.option("--voice", help="A named voice (see `mediakit voices`) or a raw engine voice id.")
@click.option("--speed", type=float, default=1.0, show_default=True, help="Rate multiplier, 0.7 to 1.5.")
@click.option("--tone", help="energetic, calm, confident or dramatic.")
@click.option("--engine", help="Override the voice's own engine: piper, kokoro or espeak "
              "(default: the voice's, see `mediakit voices`; MEDIAKIT_VOICE_ENGINE also overrides).")
@click.option("--words-json", type=click.Path(path_type=Path), help="Also write the word timings here.")
def say(text: str, output: Path, voice: str | None, speed: float, tone: str | None, engine: str | None,
        words_json: Path | None) -> None:
    """Speak TEXT into a WAV file ([tags] in square brackets shape delivery and are never spoken)."""
    from ..media_io import check_output_path
    from ..scoped import scoped
    from ..stages.voice import synthesize
    from ..stages.voice.shaping import SESSION_THREADS
    from ..words import save_words

    check_output_path(output)
    if words_json is not None:
        check_output_path(words_json)
    # One sentence and nothing else to do: the model gets every core this process may use.
    with scoped(SESSION_THREADS, os.cpu_count() or 1):
        speech = synthesize(text, voice=voice, speed=speed, tone=tone, engine=engine)
    speech.write_wav(output)
    click.echo(f"wrote {output} ({speech.duration_ms / 1000:.2f} s, voice {speech.selected_voice}, "
               f"engine {speech.engine})")
    if words_json is not None:
        save_words(speech.words, words_json)
        click.echo(f"wrote {words_json}")


@click.command("voices")
@click.option("--json", "as_json", is_flag=True, help="Print the voices as JSON.")
def voices(as_json: bool) -> None:
    """List the named voices (the first is the default): engine, gender, licence and measured quality."""
    import json

    from ..stages.voice import list_voices

    listed = list_voices()
    if as_json:
        click.echo(json.dumps([{**v.to_dict(), "default": i == 0} for i, v in enumerate(listed)], indent=2))
        return
    width = max(len(v.name) for v in listed)
    for i, v in enumerate(listed):
        mark = " (default)" if i == 0 else ""
        q = v.quality
        quality = (f"WER {q['wer']:.1%}, DNSMOS {q['dnsmos_ovrl']:.2f}" if {"wer", "dnsmos_ovrl"} <= set(q)
                   else "not measured")
        click.echo(f"{v.name:<{width}}  {v.gender:<7}  {v.engine:<6}  {quality}  {v.description}{mark}")
        click.echo(f"{'':<{width}}  licence: {v.licence or 'unknown'}")
        if v.note:
            click.echo(f"{'':<{width}}  note: {v.note}")


def register(group: click.Group) -> None:
    group.add_command(say)
    group.add_command(voices)
