"""``local-animatic``: the local stand-in video engine.  An animatic of the request, made from its own inputs.

No video model ships with mediakit, so the stand-in cuts what an editor
would cut from the same material, on the shared timeline and renderer:

- image mode: the first frame opens the clip and the camera pushes in; with
  a last frame, the move carries on into a long crossfade and settles on the
  last frame exactly as given;
- reference mode: the refs are the shots (in the order the prompt addresses
  them as @image1, @image2..., then the rest), each with its own camera move,
  the video_refs are cut in between them with their own sound, and the
  audio_refs play over the ambience; refs beyond what the length can show
  are gathered on a final collage shot;
- text mode (and reference mode with sound only): shots designed from the
  prompt's phrases by the local designer (scenes of the things they name,
  in the whole prompt's setting, light and weather), each with the camera
  move its action calls for: a pan for movement ("driving", "crashing"), a
  push-in for a look or a reveal, a pull-out for a leaving, a tilt for a
  rise or a fall; a scene's near plane (its place and things) moves about
  four times as far as its sky and setting, so the move has depth.

Every clip has the prompt as an on-screen title over its first part and
generated ambient sound (``ambience``).  Nothing else is written on the
picture: the receipt's ``engine`` and notes say a local engine drew it, so
the output is never taken for a model's and carries no watermark.  Its
titles keep the 9:16 safe areas:
the title sits between the top 14% and the bottom 35%, clear of the
right-hand button column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from ..drawing.design import compose, design, design_planes, open_image
from ..drawing.lettering import fit
from ..drawing.scene import camera_for
from ..media_io import image_size, read_pam, write_pam
from ..probe import probe
from ..render import ProgressCallback
from ..stages.broll.kenburns import capped, motion_for
from ..timeline import (
    NO_ANIMATION,
    Animation,
    AudioClip,
    Box,
    Canvas,
    ImageLayer,
    KenBurns,
    SceneContent,
    SequenceLayer,
    Timeline,
    Transition,
    VideoLayer,
    VisualLayer,
)
from .ambience import write_ambience
from .base import VideoEngine, VideoJob

FPS = 24
MIN_SHOT_MS = 1500
NARROW_TITLE = 0.72     # a title panel beside the subject, of the full panel's width
MAX_TITLE_COVER = 0.15  # a title over more of the opening subject than this is shown only 2.5 s
CUT = Transition("fade", 400)
_REFERENCE = re.compile(r"@(image|video|audio)(\d+)", re.IGNORECASE)
# the camera move an action calls for, as (far plane, near plane): the near plane (the place and the things) moves
# about four times as far as the far one (the sky and the setting), so the scene has depth (parallax).  Pans and
# tilts hold a constant zoom, which the renderer draws with a crop alone; a push or pull zooms the near plane only
PARALLAX: dict[str | None, tuple[KenBurns | None, KenBurns]] = {
    None: (KenBurns(1.03, 1.03, (0.35, 0.5), (0.65, 0.5)), KenBurns(1.1, 1.1, (0.25, 0.5), (0.75, 0.5))),
    "pan": (KenBurns(1.04, 1.04, (0.2, 0.5), (0.8, 0.5)), KenBurns(1.14, 1.14, (0.1, 0.5), (0.9, 0.5))),
    "push": (None, KenBurns(1.0, 1.12, (0.5, 0.5), (0.5, 0.6))),
    "pull": (None, KenBurns(1.12, 1.0, (0.5, 0.6), (0.5, 0.5))),
    "tilt-up": (KenBurns(1.04, 1.04, (0.5, 0.8), (0.5, 0.2)), KenBurns(1.14, 1.14, (0.5, 0.9), (0.5, 0.1))),
    "tilt-down": (KenBurns(1.04, 1.04, (0.5, 0.2), (0.5, 0.8)), KenBurns(1.14, 1.14, (0.5, 0.1), (0.5, 0.9))),
}
_PHRASE_SPLIT = re.compile(r"(?<=[.!?;])\s+|,\s+(?:then|and then|while|as)\s+|\s+then\s+", re.IGNORECASE)


class AnimaticEngine(VideoEngine):
    name = "local-animatic"
    description = ("an animatic of the inputs: frames and refs as shots with camera moves and crossfades, clips "
                   "cut in, the prompt as title, generated ambient sound; no video model")
    local = True

    def make(self, job: VideoJob, workdir: Path, progress: ProgressCallback | None = None) -> Timeline:
        canvas = Canvas(job.width, job.height, Fraction(FPS))
        total = job.seconds * 1000
        cutins: list[AudioClip] = []
        near: list[ImageLayer] = []
        if job.mode == "image":
            picture = frames_layer(job, total)
        else:
            scenes, cutins, near = shots(job, workdir, total)
            picture = scenes[0] if len(scenes) == 1 else SequenceLayer(scenes=tuple(scenes), transition=CUT)
        layers: list[VisualLayer] = [picture, *near]
        title = title_text(job.prompt)
        if title:
            opening = next((layer.path for layer in near if layer.start_ms == 0), None)
            layers.append(title_layer(title, job, workdir, total, subject=opening))
        ambience = write_ambience(workdir / "ambience.wav", job.prompt or job.model, job.seconds)
        audio = [AudioClip(ambience, gain_db=-8.0 if job.audio_refs else 0.0)]
        audio += reference_sounds(job.audio_refs, total) + cutins
        return Timeline(canvas, total, layers=tuple(layers), audio=tuple(audio))


# ---- pictures ---------------------------------------------------------------------------------------------------

def frames_layer(job: VideoJob, total: int) -> VisualLayer:
    """Image mode: a push-in from the first frame, crossfading into a pull-out that lands on the last frame."""
    assert job.first_frame is not None
    if job.last_frame is None:
        return ImageLayer(path=job.first_frame, motion=KenBurns(1.0, 1.14, (0.5, 0.5), (0.55, 0.42)))
    half = total // 2
    fade = Transition("fade", min(2500, round(total * 0.45)))
    return SequenceLayer(scenes=(
        ImageLayer(path=job.first_frame, duration_ms=half, motion=KenBurns(1.0, 1.12, (0.5, 0.5), (0.6, 0.45))),
        ImageLayer(path=job.last_frame, duration_ms=total - half, motion=KenBurns(1.12, 1.0, (0.4, 0.55), (0.5, 0.5))),
    ), transition=fade)


def shots(job: VideoJob, workdir: Path, total: int) -> tuple[list[SceneContent], list[AudioClip], list[ImageLayer]]:
    """The shots of text and reference modes, the sound of the clips cut in, and the near planes of designed
    scenes (layers over the shots, moving faster than them)."""
    box = (job.width, job.height)
    images = [job.refs[i] for i in mention_order(job.prompt, "image", len(job.refs))]
    clips = [job.video_refs[i] for i in mention_order(job.prompt, "video", len(job.video_refs))]
    designed: dict[Path, Shot] = {}
    if not images and not clips:
        designed = {shot.far: shot for shot in designed_shots(job, workdir, total)}
        images = list(designed)
    max_shots = max(1, total // MIN_SHOT_MS)
    items: list[tuple[str, Path]] = _interleave(images, clips)
    if len(items) > max_shots:
        kept, extra = items[: max_shots - 1], [p for kind, p in items[max_shots - 1:] if kind == "image"]
        items = kept + ([("image", collage(extra, job, workdir))] if extra else [])
    share = total // len(items)
    durations = [share] * (len(items) - 1) + [total - share * (len(items) - 1)]
    scenes: list[SceneContent] = []
    sounds: list[AudioClip] = []
    near: list[ImageLayer] = []
    start = 0
    for i, ((kind, path), dur) in enumerate(zip(items, durations, strict=True)):
        if kind == "video":
            scenes.append(VideoLayer(path=path, duration_ms=dur, loop=True))
            if probe(path).audio is not None:
                sounds.append(AudioClip(path, start_ms=start, duration_ms=dur, fade_in_ms=150, fade_out_ms=150))
        elif path in designed:
            shot = designed[path]
            far_move, near_move = PARALLAX[shot.move]
            if shot.near is None:  # a poster, not a scene: it moves as one
                scenes.append(ImageLayer(path=path, duration_ms=dur, motion=capped(near_move, box, box, dur)))
            else:
                scenes.append(ImageLayer(path=path, duration_ms=dur, motion=far_move))
                near.append(near_plane(shot.near, near_move, start, dur, total))
        else:
            size = image_size(path)
            scenes.append(ImageLayer(path=path, duration_ms=dur, motion=motion_for(i, size, box, dur)))
        start += dur
    return scenes, sounds, near


def near_plane(path: Path, motion: KenBurns, start: int, dur: int, total: int, cut: Transition = CUT) -> ImageLayer:
    """A shot's near plane over its span, fading in and out across the ``cut``s as the shots crossfade."""
    half = cut.duration_ms // 2
    begin, end = max(0, start - half), min(total, start + dur + half)
    fade = Animation("fade", cut.duration_ms)
    return ImageLayer(path=path, start_ms=begin, duration_ms=end - begin, motion=motion,
                      enter=fade if begin else NO_ANIMATION, exit=fade if end < total else NO_ANIMATION)


def mention_order(prompt: str, kind: str, count: int) -> list[int]:
    """Indexes of a reference list in the order the prompt first addresses them (@image2 before @image1),
    then the ones it never names, in request order."""
    named: list[int] = []
    for m in _REFERENCE.finditer(prompt):
        index = int(m.group(2)) - 1
        if m.group(1).lower() == kind and 0 <= index < count and index not in named:
            named.append(index)
    return named + [i for i in range(count) if i not in named]


@dataclass(frozen=True)
class Shot:
    """A designed shot: its far plane (or the whole poster), its near plane when it is a scene, its camera move."""

    far: Path
    near: Path | None
    move: str | None


def designed_shots(job: VideoJob, workdir: Path, total: int) -> list[Shot]:
    """Shots designed from the prompt's phrases: one per 4 s or so (1 to 4), no type (the title is separate),
    each with the camera move its action calls for (``scene.camera_for``).

    The stills are written as uncompressed PAM (``write_pam``): they are read
    once, by the render, and deflating a 720p PNG costs about as much as
    drawing it.
    """
    count = max(1, min(4, round(total / 4000)))
    out = []
    for i, phrase in enumerate(phrases_of(job.prompt, count)):
        far, near = workdir / f"shot-{i + 1}.pam", workdir / f"shot-{i + 1}-near.pam"
        planes = design_planes(phrase, (job.width, job.height), variant=i, context=job.prompt)
        if planes is None:
            write_pam(far, np.asarray(design(phrase, (job.width, job.height), variant=i, text=False)))
        else:
            write_pam(far, np.asarray(planes[0]))
            write_pam(near, np.asarray(planes[1]))
        out.append(Shot(far, near if planes is not None else None, camera_for(phrase)))
    return out


def phrases_of(prompt: str, count: int) -> list[str]:
    """``count`` phrases to design shots from: the prompt's clauses (then, ;, sentences), else the prompt again."""
    text = _REFERENCE.sub(" ", prompt).strip() or "ambient scene"
    parts = [p.strip(" ,.") for p in _PHRASE_SPLIT.split(text) if p.strip(" ,.")]
    parts = parts or [text]
    return [parts[i] if i < len(parts) else text for i in range(count)]


def collage(images: Sequence[Path], job: VideoJob, workdir: Path) -> Path:
    """Refs the length cannot show one by one, gathered on one last shot (hero and companions, 4 at most)."""
    path = workdir / "collage.png"
    refs = [open_image(p, field="refs") for p in images[:4]]
    compose(refs, job.prompt, (job.width, job.height), text=False).save(path, "PNG")
    return path


def _interleave(images: list[Path], clips: list[Path]) -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    for i in range(max(len(images), len(clips))):
        if i < len(images):
            out.append(("image", images[i]))
        if i < len(clips):
            out.append(("video", clips[i]))
    return out


# ---- sound ------------------------------------------------------------------------------------------------------

def reference_sounds(paths: Sequence[Path], total: int) -> list[AudioClip]:
    """The audio refs one after another from the start, each faded, over the ambience."""
    out, start = [], 0
    for path in paths:
        if start >= total - 100:
            break
        length = probe(path).duration_ms or total
        out.append(AudioClip(path, start_ms=start, duration_ms=min(length, total - start), fade_in_ms=200,
                             fade_out_ms=300))
        start += length
    return out


# ---- title -----------------------------------------------------------------------------------------------------------

def title_text(prompt: str) -> str:
    """The prompt as written: its first sentence, whole (the title card sizes its type to fit)."""
    text = " ".join(prompt.split()).strip(" ,;:")
    return re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]


def title_layer(title: str, job: VideoJob, workdir: Path, total: int, *, subject: Path | None = None) -> ImageLayer:
    """The title card over the first part of the clip (at least 2.5 s, about 45%), faded out, off the opening
    shot's ``subject`` (its near plane: the lighthouse, the bakery, the things named).

    It is there from frame 0, the cover a feed shows before anyone presses play (it faded in at 300 ms:
    the cover lacked 12% of the picture at 0.5 s).  Where no place in the safe band keeps it off the subject,
    it is shown for the shortest time, 2.5 s."""
    if subject is None:
        img, box = draw_title(title, job.width, job.height)
        cover = 0.0
    else:
        img, box, cover = placed_title(title, job.width, job.height, read_pam(subject))
    path = workdir / "title.png"
    img.save(path, "PNG")
    shown = min(total, 2500 if cover > MAX_TITLE_COVER else max(2500, round(total * 0.45)))
    return ImageLayer(path=path, box=box, start_ms=0, duration_ms=shown, fit="contain", exit=Animation("fade", 400))


def placed_title(title: str, width: int, height: int, subject: Image.Image) -> tuple[Image.Image, Box, float]:
    """The title drawn and placed where it covers least of ``subject``: its full panel, or a narrower one at
    the left or the right of the safe area (clear of the right-hand buttons), moved up or down its band
    (``clear_of``); the full panel at its own place among equals.  Also the share it still covers."""
    options: list[tuple[float, int, Image.Image, Box, float]] = []
    for narrow in (1.0, NARROW_TITLE):
        img, box = draw_title(title, width, height, narrow=narrow)
        right = (round(width * 0.9) - box.w) // 2 * 2
        for x in dict.fromkeys((box.x, right)):
            placed, cover = clear_of(subject, replace(box, x=x), height)
            options.append((round(cover, 2), len(options), img, placed, cover))
    _, _, img, box, cover = min(options, key=lambda o: (o[0], o[1]))
    return img, box, cover


def clear_of(subject: Image.Image, box: Box, height: int) -> tuple[Box, float]:
    """``box`` moved up or down in the title's safe band (a portrait frame's top 14% to 65%; a landscape
    frame's lower part) to where it covers least of ``subject``'s opaque pixels, nearest its own place among
    equals; and the share of the box the subject still fills there."""
    alpha = np.asarray(subject.getchannel("A"), dtype=np.float32)[:, box.x:box.x + box.w] > 128
    rows = np.concatenate(([0.0], np.cumsum(alpha.mean(axis=1))))
    portrait = height > subject.width
    top = round(height * (0.14 if portrait else 0.45))
    bottom = round(height * (0.65 if portrait else 0.9)) - box.h
    if bottom <= top:
        return box, float((rows[box.y + box.h] - rows[box.y]) / box.h)
    best = min(range(top // 2 * 2, bottom + 1, 2),
               key=lambda y: (round(float(rows[y + box.h] - rows[y]) / box.h, 2), abs(y - box.y)))
    return replace(box, y=best), float((rows[best + box.h] - rows[best]) / box.h)


def draw_title(title: str, width: int, height: int, *, narrow: float = 1.0) -> tuple[Image.Image, Box]:
    """The title on a translucent panel with an accent bar; placed in the safe area of the frame.

    The whole title, its type sized to fit (never cut short).  Portrait
    frames keep it between the top 14% and the bottom 35% and out of the
    right 10%; other frames put it on the lower third.  ``narrow`` scales the
    panel's width (a title beside the subject, not over it).
    """
    unit = min(width, height)
    portrait = height > width
    panel_w = round(width * (0.8 if portrait else 0.62) * narrow) // 2 * 2
    pad = round(unit * 0.035)
    inner = panel_w - 2 * pad - round(unit * 0.02)
    big, lines = fit(title, "League Spartan", inner, height * (0.3 if portrait else 0.28),
                     start=max(12, round(unit * (0.062 if portrait else 0.07))))
    line_h = round(big.size * 1.18)
    shadow = max(1, round(big.size * 0.04))
    panel_h = (len(lines) * line_h + 2 * pad) // 2 * 2
    img = Image.new("RGBA", (panel_w, panel_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, panel_w - 1, panel_h - 1), radius=round(unit * 0.025), fill=(8, 10, 16, 150))
    bar = max(3, round(unit * 0.012))
    draw.rounded_rectangle((pad // 2, pad, pad // 2 + bar, panel_h - pad), radius=bar // 2, fill=(255, 196, 64, 255))
    y = pad
    for line in lines:
        x = pad + round(unit * 0.02)
        draw.text((x + shadow, y + shadow), line, font=big, fill=(0, 0, 0, 140))
        draw.text((x, y), line, font=big, fill=(255, 255, 255, 255))
        y += line_h
    x0 = round(width * 0.07) // 2 * 2
    if portrait:
        centre = round(height * (0.14 + 0.65) / 2)  # the middle of the safe band
        y0 = max(round(height * 0.14), min(round(height * 0.65) - panel_h, centre - panel_h // 2)) // 2 * 2
    else:
        y0 = (height - round(height * 0.1) - panel_h) // 2 * 2
    return img, Box(x0, y0, panel_w, panel_h)

