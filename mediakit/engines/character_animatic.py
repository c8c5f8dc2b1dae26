"""The local stand-in for the hosted character video model: an animatic of the storyboard's beats.

Each beat is a shot, its scene designed from the beat (the same design the
storyboard panel used), its planes moved apart by the camera move the beat's
action calls for (the parallax of text_to_video's shots), with cross-fades
between shots; the character stands in the scene with the expression the
beat calls for, swaying gently, beside the scene's things where standing in
the middle would hide them; ambient sound runs under the whole clip; a beat that
holds dialogue (``Kofi says "Let's go"``) becomes a lip-synced shot with the
line spoken in a voice of the character's gender, and then the lines and the
ambience are one measured mix at -14 LUFS (``stages.mix.soundtrack``).  ``character_video`` plans
the shots; this draws them into a timeline (the renderer, in delivery, makes
the video).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from ..drawing.scene import camera_for
from ..media_io import decode_audio, read_pam, write_pam, write_wav
from ..stages.actors.catalog import actor_from_record
from ..stages.broll.kenburns import motion_for
from ..stages.characters.sheet import Character, front_crop
from ..stages.characters.storyboard import dialogue_of, expression_for, panel_planes, panel_scene
from ..stages.characters.views import figure
from ..stages.mix import BED_OVERRUN_S, soundtrack
from ..stages.music import SAMPLE_RATE
from ..timeline import (
    Animation,
    AudioClip,
    Box,
    Canvas,
    Hover,
    ImageLayer,
    SceneContent,
    SequenceLayer,
    Timeline,
    Transition,
    VisualLayer,
)
from .ambience import ambience, write_ambience
from .animatic import PARALLAX, near_plane

MIN_SHOT_MS = 1600
MAX_HIDDEN = 0.25    # of a scene's things that the character may stand in front of
ASIDE = 0.68         # the character's size beside the scene's things, of its size in the middle
GROUND_ROW = 0.9     # a near-plane row this full is ground (or sea), not a thing
CUT = Transition("fade", 300)
AMBIENCE_LEVEL_DB = -8.0   # the setting's air under a spoken line (LU under the voice, before ducking)


@dataclass(frozen=True, kw_only=True)
class CharacterShots:
    """What to animate: the character (None: cut from the sheet's front view), its sheet and storyboard, the beats."""

    character: Character | None
    sheet: Path
    storyboard: Path
    beats: tuple[str, ...]
    design_scenes: bool  # scenes designed from the beats; False: the (foreign) storyboard image is the scene
    canvas: Canvas
    duration_ms: int
    audio: bool
    prompt: str


def animatic(shots: CharacterShots, workdir: Path) -> Timeline:
    """The shots, the character in them, the voice lines and the ambience (see the module docstring)."""
    canvas = shots.canvas
    beats = _fit(list(shots.beats), max(1, shots.duration_ms // MIN_SHOT_MS))
    share = shots.duration_ms // len(beats)
    lengths = [share] * (len(beats) - 1) + [shots.duration_ms - share * (len(beats) - 1)]
    scenes: list[SceneContent] = []
    overlays: list[VisualLayer] = []
    sounds: list[AudioClip] = []
    start = 0
    for i, (beat, length) in enumerate(zip(beats, lengths, strict=True)):
        scene, far, near = _scene(shots, beat, i, workdir)
        line = dialogue_of(beat) if shots.audio and shots.character is not None else None
        subject = None
        if near is None or line is not None:  # a poster, the storyboard, or a talking shot's backdrop: one move
            frame = (canvas.width, canvas.height)
            scenes.append(ImageLayer(path=scene, duration_ms=length, motion=motion_for(i, frame, frame)))
        else:  # the scene's planes move apart, as text_to_video's shots do
            far_move, near_move = PARALLAX[camera_for(beat)]
            scenes.append(ImageLayer(path=far, duration_ms=length, motion=far_move))
            overlays.append(near_plane(near, near_move, start, length, shots.duration_ms, CUT))
            subject = read_pam(near)
        if line is not None:
            assert shots.character is not None
            layers, speech = _talking_shot(shots.character, line, scene, canvas, start, length, workdir, i)
            overlays.extend(layers)
            sounds.append(AudioClip(speech, start_ms=start, duration_ms=length, fade_out_ms=120))
        else:
            overlays.append(_figure_layer(shots, beat, i, start, length, workdir, subject))
        start += length
    picture: VisualLayer = scenes[0] if len(scenes) == 1 else SequenceLayer(scenes=tuple(scenes), transition=CUT)
    audio: tuple[AudioClip, ...] = ()
    seconds = shots.duration_ms / 1000
    if sounds:   # the lines over the ambience, one measured mix at -14 LUFS (speech is levelled like an ad's)
        lines = _lines(sounds, shots.duration_ms, workdir / "lines.wav")
        audio = (AudioClip(soundtrack(lines, lambda: ambience(shots.prompt, seconds + BED_OVERRUN_S),
                                      shots.duration_ms, workdir / "mix.wav", music_level_db=AMBIENCE_LEVEL_DB)),)
    elif shots.audio:
        audio = (AudioClip(write_ambience(workdir / "ambience.wav", shots.prompt, seconds)),)
    return Timeline(canvas, shots.duration_ms, layers=(picture, *overlays), audio=audio)


def _lines(sounds: list[AudioClip], duration_ms: int, out: Path) -> Path:
    """The spoken lines placed at their shots' times (each cut at its shot's end, faded) as one voice track."""
    track = np.zeros(round(duration_ms * SAMPLE_RATE / 1000), dtype=np.float32)
    for clip in sounds:
        at = round(clip.start_ms * SAMPLE_RATE / 1000)
        keep = round((clip.duration_ms or duration_ms) * SAMPLE_RATE / 1000)
        line = decode_audio(clip.path, rate=SAMPLE_RATE)[:keep]
        fade = min(len(line), round(clip.fade_out_ms * SAMPLE_RATE / 1000))
        if fade:
            line[-fade:] *= np.linspace(1.0, 0.0, fade, dtype=np.float32)
        track[at:at + len(line)] += line[: len(track) - at]
    return write_wav(out, track, sample_rate=SAMPLE_RATE)


def _fit(beats: list[str], most: int) -> list[str]:
    """At most ``most`` beats, spread over the story (first and last kept)."""
    if len(beats) <= most:
        return beats
    if most == 1:
        return beats[:1]
    return [beats[round(k * (len(beats) - 1) / (most - 1))] for k in range(most)]


def _scene(shots: CharacterShots, beat: str, index: int, workdir: Path) -> tuple[Path, Path, Path | None]:
    """The shot's scene whole, its far plane and its near plane: designed from the beat (as the storyboard's
    panel was); a scene of no things (a poster) or the storyboard itself is one plane (near None)."""
    if not shots.design_scenes:
        return shots.storyboard, shots.storyboard, None
    size = (shots.canvas.width, shots.canvas.height)
    path = workdir / f"scene-{index + 1}.png"
    planes = panel_planes(beat, size, index, shots.prompt)
    if planes is None:
        panel_scene(beat, size, index, shots.prompt).save(path, "PNG")
        return path, path, None
    far, near = planes
    Image.alpha_composite(far.convert("RGBA"), near).convert("RGB").save(path, "PNG")
    far_path, near_path = workdir / f"scene-{index + 1}-far.pam", workdir / f"scene-{index + 1}-near.pam"
    write_pam(far_path, np.asarray(far.convert("RGB")))
    write_pam(near_path, np.asarray(near))
    return path, far_path, near_path


def _figure_layer(shots: CharacterShots, beat: str, index: int, start: int, length: int, workdir: Path,
                  subject: Image.Image | None = None) -> ImageLayer:
    """The character in the beat's expression, standing at the bottom of the frame, swaying; beside the
    scene's things (``subject``, its near plane), smaller, where standing in the middle would hide them."""
    canvas = shots.canvas
    # a bust whose body runs off the bottom edge and whose face sits a little below the middle: clear of the
    # platforms' bottom 20% and top 10% on 9:16
    w = round(min(canvas.width * 0.9, canvas.height * 0.5)) // 2 * 2
    h = min(canvas.height, round(w * 1.6)) // 2 * 2
    side = (-1, 1, 0)[index % 3] * round(canvas.width * 0.08)
    box = Box((canvas.width - w) // 2 + side, canvas.height - h, w, h)
    if subject is not None:
        box = beside(subject, box, canvas)
    path = workdir / f"figure-{index + 1}.png"
    if shots.character is not None:
        figure(shots.character.look, (box.w, box.h), expression_for(beat)).save(path, "PNG")
    else:
        front_crop(shots.sheet).save(path, "PNG")
    w, h = box.w, box.h
    return ImageLayer(path=path, box=box, fit="contain", start_ms=start, duration_ms=length,
                      enter=Animation("fade", 250), hover=Hover(dx=round(w * 0.015), dy=round(h * 0.012),
                                                                 period_ms=2200 + 300 * (index % 3)))


def beside(subject: Image.Image, box: Box, canvas: Canvas) -> Box:
    """``box`` where the character hides at most ``MAX_HIDDEN`` of the scene's things (``subject``'s opaque
    pixels, above its full-width ground); else the character smaller (``ASIDE``) at the side that hides least."""
    alpha = np.asarray(subject.getchannel("A"), dtype=np.float32) > 128
    things = alpha & (alpha.mean(axis=1, keepdims=True) < GROUND_ROW)
    total = max(1.0, float(things.sum()))

    def hidden(b: Box) -> float:
        return float(things[max(0, b.y):b.y + b.h, max(0, b.x):b.x + b.w].sum()) / total

    if hidden(box) <= MAX_HIDDEN:
        return box
    w, h = round(box.w * ASIDE) // 2 * 2, round(box.h * ASIDE) // 2 * 2
    y = canvas.height - h
    sides = (Box(-round(w * 0.12), y, w, h), Box(canvas.width - w + round(w * 0.12), y, w, h))
    return min(sides, key=hidden)


def _talking_shot(character: Character, line: str, scene: Path, canvas: Canvas, start: int, length: int,
                  workdir: Path, index: int) -> tuple[tuple[VisualLayer, ...], Path]:
    """A shot where the character speaks ``line``, lip-synced, in front of the scene; and the spoken audio."""
    from ..stages.actors.talking import SpeechInput, talking_track
    from ..stages.actors.voices import default_voice
    from ..stages.voice import synthesize

    portrait = workdir / f"portrait-{index + 1}.png"
    figure(character.look, (512, 512)).save(portrait, "PNG")
    actor = actor_from_record({"slug": "character", "name": character.name, "gender": character.gender,
                               "nationality": "", "actor_type": "Casual", "style": "drawn character",
                               "created_at": "2025-01-01T00:00:00Z", "look": character.to_dict()["look"]},
                              portrait=portrait, source="character sheet")
    speech = synthesize(line, voice=default_voice(character.gender))
    spoken = SpeechInput.from_speech(speech)
    track = talking_track(actor, spoken, canvas.box, fps=canvas.fps, start_ms=start, duration_ms=length,
                          background=scene)
    return track.layers, spoken.audio
