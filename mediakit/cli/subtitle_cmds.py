"""``mediakit subtitle`` and ``mediakit styles``: captions on local videos."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..timeline import ASPECTS, FITS


@click.command("subtitle")
@click.argument("input_path", metavar="INPUT", type=click.Path(path_type=Path))
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="Video file to write (.mp4).")
@click.option("--style", default="hormozi", show_default=True, help="Caption style; see `mediakit styles`.")
@click.option("--transcript", help="Exact words spoken (text, or a path to a .txt file); aligned to the audio.")
@click.option("--timings", type=click.Path(path_type=Path),
              help="Words JSON ([{word, start, end}]) to use instead of aligning or recognising speech.")
@click.option("--aspect", type=click.Choice(list(ASPECTS)), help="Output canvas; default keeps the input's size.")
@click.option("--fit", type=click.Choice(FITS), default="cover", show_default=True,
              help="How input of another shape fills --aspect.")
@click.option("--allow-unaligned", is_flag=True,
              help="If the transcript does not match the audio, spread its words evenly instead of failing.")
@click.option("--asr", help="Speech recognition engine when there is no transcript: whisper (default) or "
              "pocketsphinx; also $MEDIAKIT_ASR.")
@click.option("--asr-model", help="Whisper model: a local CTranslate2 folder or a size (base.en, small.en, "
              "large-v3-turbo...); default the bundled tiny.en; also $MEDIAKIT_ASR_MODEL.")
@click.option("--language", help="Spoken language (e.g. en, de) for a multilingual --asr-model.")
@click.option("--srt", type=click.Path(path_type=Path), help="Also write SubRip captions here.")
@click.option("--vtt", type=click.Path(path_type=Path), help="Also write WebVTT captions here.")
@click.option("--ass", "ass_path", type=click.Path(path_type=Path), help="Also write the styled ASS file here.")
@click.option("--words-json", type=click.Path(path_type=Path), help="Also write the word timings here.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the result (output, size, style, words, files, notes) or the spec's error body as JSON.")
def subtitle(input_path: Path, output: Path, style: str, transcript: str | None, timings: Path | None,
             aspect: str | None, fit: str, allow_unaligned: bool, asr: str | None, asr_model: str | None,
             language: str | None, srt: Path | None, vtt: Path | None, ass_path: Path | None,
             words_json: Path | None, as_json: bool) -> None:
    """Burn styled, word-timed captions onto INPUT and write OUTPUT."""
    from ..generation.burn import burn_subtitles
    from ..words import load_words
    from .base import progress_bar

    words = load_words(timings) if timings is not None else None
    with progress_bar("burning captions") as progress:
        result = burn_subtitles(input_path, output, style=style, transcript=transcript, words=words,
                                aspect=aspect, fit=fit, allow_unaligned=allow_unaligned, asr=asr,
                                asr_model=asr_model, language=language, srt=srt, vtt=vtt,
                                ass=ass_path, words_json=words_json, progress=progress)
    if as_json:
        click.echo(json.dumps({"output": str(result.output), "width": result.width, "height": result.height,
                               "style": result.style, "words": [w.to_json() for w in result.words],
                               "files": [str(p) for p in result.sidecars], "notes": list(result.notes)},
                              ensure_ascii=False))
        return
    click.echo(f"wrote {result.output} ({result.width}x{result.height}, {len(result.words)} words, "
               f"style {result.style})")
    for side in result.sidecars:
        click.echo(f"wrote {side}")
    for note in result.notes:
        click.echo(f"note: {note}")


@click.command("styles")
@click.option("--preview", type=click.Path(path_type=Path),
              help="Render one frame of every style on a busy photo into this contact sheet (.png).")
def styles(preview: Path | None) -> None:
    """List the caption styles, or render a contact sheet of them."""
    from ..captions import get_style, style_names

    if preview is None:
        width = max(len(n) for n in style_names())
        for name in style_names():
            click.echo(f"{name:<{width}}  {get_style(name).description}")
        return
    from ..recipes.style_sheet import contact_sheet

    click.echo(f"wrote {contact_sheet(preview)}")


def register(group: click.Group) -> None:
    group.add_command(subtitle)
    group.add_command(styles)
