"""``mediakit pace``, ``music`` and ``mix``: the sound stages from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("pace")
@click.argument("script")
@click.option("--duration", type=float, help="Target seconds (5, 10 or 15; 15 or 20 for laptop_ugc).")
@click.option("--route", "generator", default="ugc_video", show_default=True,
              help="Generator whose pacing rules apply.")
@click.option("--json", "as_json", is_flag=True, help="Print the receipt fields as JSON.")
def pace_cmd(script: str, duration: float | None, generator: str, as_json: bool) -> None:
    """Check SCRIPT against a route's word budget and print the pacing receipt."""
    from ..stages.pacing import pace

    receipt = pace(script, duration=duration, generator=generator)
    if as_json:
        click.echo(json.dumps(receipt.to_dict(), indent=1))
        return
    for key, value in receipt.to_dict().items():
        click.echo(f"{key}: {value}")


@click.command("music")
@click.argument("mood")
@click.option("--seconds", type=click.FloatRange(0.5, 600), required=True, help="Length of the bed.")
@click.option("--seed", type=int, default=0, show_default=True, help="Another seed, another take of the mood.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="WAV file to write.")
def music_cmd(mood: str, seconds: float, seed: int, output: Path) -> None:
    """Compose a music bed in MOOD (chill, energetic, corporate, dramatic, upbeat)."""
    from ..media_io import write_wav
    from ..render import check_output_path
    from ..stages.music import SAMPLE_RATE, generate_music

    check_output_path(output)
    click.echo(f"wrote {write_wav(output, generate_music(mood, seconds, seed=seed), sample_rate=SAMPLE_RATE)}")


@click.command("mix")
@click.argument("voice", type=click.Path(path_type=Path))
@click.option("--music", required=True, help="A mood name or a path to your own music file.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="WAV file to write.")
@click.option("--music-level", type=float, default=-10.0, show_default=True,
              help="Bed loudness relative to the voice, in LU, before ducking.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of a generated bed.")
def mix_cmd(voice: Path, music: str, output: Path, music_level: float, seed: int) -> None:
    """Mix VOICE over a ducked music bed, normalised to -14 LUFS."""
    from ..render import check_output_path
    from ..stages.mix import mix

    check_output_path(output)
    result = mix(voice, music, output, seed=seed, music_level_db=music_level)
    peak = result.loudness.true_peak
    click.echo(f"wrote {result.path} ({result.loudness.integrated:.1f} LUFS"
               + (f", true peak {peak:.1f} dBTP)" if peak is not None else ")"))


def register(group: click.Group) -> None:
    group.add_command(pace_cmd)
    group.add_command(music_cmd)
    group.add_command(mix_cmd)
