"""The talking-actor track: one interface, three kinds of actor.

``talking_track(actor, speech, box)`` returns layers as long as the speech,
ready to stack in any timeline, whatever the actor is made of:

* **generated** (a drawn look) or **photo**: the built-in ``mediakit-viseme``
  engine returns a ``PuppetLayer`` (drawn mouth shapes swapped on the
  phonemes, blinks and idle motion, see ``puppet``; or a face photo's warped
  key poses, see ``photo_rig``) that the final render animates inside its
  one graph, with no clip of its own; another lip-sync engine makes a clip;
* **footage**: the user's own talking clip, trimmed to the speech, or looped
  through a cross-faded seam so the loop point never jumps; a clip that is
  its own voice (a footage ad) plays once in step with it, then holds;
* **green-screen**: the user's green-screen clip, keyed over whatever lies
  beneath (the caller's layers, or ``background``: an image, a video or a
  colour).  Keying is prepared once per clip: the key colour is measured, the
  person is keyed with ``chromakey`` and green spill removed with ``despill``
  onto flat key green, so the per-render key in the graph is exact and cheap.

Prepared clips are cached by their inputs, so a batch of variants with the
same actor and speech renders the actor once; ``talking_clip`` gives a drawn
actor as such a clip for callers that need a file (every layout places the
layer, cropped or zoomed in the graph as it needs).  This stage returns
layers and never writes a finished file;
``mediakit.recipes.audition.render_talking`` is the recipe that does.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from ...cache import cache_dir, cached_file, file_signature
from ...errors import MediaError, ValidationError
from ...ffmpeg import run_ffmpeg
from ...probe import probe
from ...render import ClipProfile, render
from ...timeline import (
    MIN_TRANSITION_MS,
    ActorLayer,
    Box,
    Canvas,
    ChromaKey,
    ImageLayer,
    PuppetLayer,
    SequenceLayer,
    Timeline,
    Transition,
    VideoLayer,
    VisualLayer,
)
from ...words import Word
from ..voice import Speech
from .catalog import Actor
from .lipsync import LipSyncEngine, LipSyncRequest, VisemeEngine, backdrop_layer, get_engine
from .user import green_stats
from .visemes import PhonemeSpan

CLIP_VERSION = "2"
LOOP_FADE_MS = 500          # cross-fade at the loop seam (at most a quarter of the clip)
KEY_GREEN = "0x00FF00"      # prepared green-screen clips stand on this exact green
KEY_SIMILARITY = 0.16       # chromakey on the real footage (UV distance from the measured key)
KEY_BLEND = 0.08
# colorkey of the flat plate in the graph; despill greys the edge pixels the preparation blended with the plate
PLATE_KEY = ChromaKey(color=KEY_GREEN, similarity=0.25, blend=0.1, despill=True)


@dataclass(frozen=True)
class SpeechInput:
    """What the actor says: the audio file, its length, and when known, phoneme or word timings.

    With phonemes the mouth follows the sounds; with words only, phonemes are
    spread over each word; with neither, the mouth follows loudness.
    """

    audio: Path
    duration_ms: int
    phonemes: tuple[PhonemeSpan, ...] = ()
    words: tuple[Word, ...] = ()
    delivery: str | None = None
    """How it is said (an acting style or tone): a drawn actor's brows, eyes and nod act it."""

    def __post_init__(self) -> None:
        if self.duration_ms <= 0:
            raise ValidationError("speech.duration_ms", self.duration_ms, "must be > 0")

    @classmethod
    def from_file(cls, audio: str | Path, *, phonemes: Sequence[PhonemeSpan] = (),
                  words: Sequence[Word] = ()) -> SpeechInput:
        """Speech from an audio file, its length probed."""
        info = probe(audio)
        if info.audio is None or not info.duration_ms:
            raise MediaError(audio, "has no audio stream to speak")
        return cls(Path(audio), info.duration_ms, tuple(phonemes), tuple(words))

    @classmethod
    def from_speech(cls, speech: Speech) -> SpeechInput:
        """The voice stage's result, its audio written once to a WAV in the cache (named by content)."""
        digest = hashlib.sha256(speech.pcm16().tobytes() + str(speech.sample_rate).encode()).hexdigest()[:20]
        path = cache_dir() / f"speech-{digest}.wav"
        if not path.exists():
            speech.write_wav(path)
        return cls(path, speech.duration_ms, tuple((p, a, b) for p, a, b in speech.phonemes), speech.words)

    @property
    def signature(self) -> tuple[object, ...]:
        """Identity of the speech for caches: the file's path, size and time, and the timings."""
        stat = self.audio.stat()
        return (str(self.audio.resolve()), stat.st_size, stat.st_mtime_ns, self.duration_ms, self.phonemes,
                tuple((w.text, w.start_ms, w.end_ms) for w in self.words))


@dataclass(frozen=True)
class ActorTrack:
    """Layers that show the actor speaking, bottom first, placed at ``start_ms`` for ``duration_ms``."""

    kind: str
    layers: tuple[VisualLayer, ...]
    duration_ms: int


Background = str | Path | None


def talking_track(actor: Actor, speech: SpeechInput, box: Box, *, fps: Fraction | int = 30, start_ms: int = 0,
                  duration_ms: int | None = None, background: Background = None) -> ActorTrack:
    """The actor saying ``speech`` inside ``box``; as long as the speech unless ``duration_ms`` says otherwise.

    ``background`` (an image or video path, or a colour) goes behind
    green-screen and generated actors; footage brings its own.
    """
    dur = speech.duration_ms if duration_ms is None else duration_ms
    if dur <= 0:
        raise ValidationError("duration_ms", dur, "must be > 0")
    rate = Fraction(fps)
    layers = _KINDS[actor.kind](actor, speech, box, rate, start_ms, dur, background)
    return ActorTrack(actor.kind, layers, dur)


# ---- the three kinds ------------------------------------------------------------------------------

def lipsync_request(actor: Actor, speech: SpeechInput, width: int, height: int, fps: Fraction, duration_ms: int,
                    background: Background) -> LipSyncRequest:
    """What a lip-sync engine is asked for: the actor saying ``speech`` at an even frame size."""
    return LipSyncRequest(actor=actor, audio=speech.audio, duration_ms=duration_ms, phonemes=speech.phonemes,
                          words=speech.words, width=width + width % 2, height=height + height % 2, fps=fps,
                          background=background, delivery=speech.delivery)


def _engine_layers(actor: Actor, speech: SpeechInput, box: Box, fps: Fraction, start_ms: int, dur: int,
                   background: Background) -> tuple[VisualLayer, ...]:
    request = lipsync_request(actor, speech, box.w, box.h, fps, dur, background)
    engine = get_engine(actor.lip_sync_engine)
    if isinstance(engine, VisemeEngine):  # drawn inside the final render's graph: no clip, no extra encode
        backdrop = None if background is None else backdrop_layer(background)
        return (engine.layer(request, box=box, start_ms=start_ms, backdrop=backdrop),)
    return (VideoLayer(path=_engine_clip(engine, request, actor, speech, background), box=box, start_ms=start_ms,
                       duration_ms=dur),)


def _engine_clip(engine: LipSyncEngine, request: LipSyncRequest, actor: Actor, speech: SpeechInput,
                 background: Background) -> Path:
    params = (actor.lip_sync_engine, actor, speech.signature, request.width, request.height, request.fps,
              request.duration_ms, _file_signature(background))
    return cached_clip("actor-talk", params, lambda out: engine.render(request, out))


def talking_clip(actor: Actor, speech: SpeechInput, box: Box, *, fps: Fraction | int = 30,
                 duration_ms: int | None = None, background: Background = None) -> Path:
    """The actor saying ``speech`` as one prepared clip file (cached), for callers that need a file.

    A timeline should rather stack ``talking_track``'s layers: a drawn actor
    is then animated inside the final render instead of encoded twice.
    """
    dur = speech.duration_ms if duration_ms is None else duration_ms
    if actor.kind in ENGINE_KINDS:
        request = lipsync_request(actor, speech, box.w, box.h, Fraction(fps), dur, background)
        return _engine_clip(get_engine(actor.lip_sync_engine), request, actor, speech, background)
    top = talking_track(actor, speech, box, fps=fps, duration_ms=dur, background=background).layers[-1]
    assert isinstance(top, VideoLayer)  # footage and green-screen tracks end with their clip
    return top.path


def placeable(track: ActorTrack) -> Path | ActorLayer:
    """What a layout places for the actor: the animated layer of a drawn or photo actor, else the top clip (a
    footage ad's clip, not the last frame held after it: a scene or PiP that outlasts the clip holds that frame)."""
    top = track.layers[-1]
    if isinstance(top, PuppetLayer):
        return top
    clips = [layer for layer in track.layers if isinstance(layer, VideoLayer)]
    if not clips:
        raise MediaError("actor", "talking track has no clip")
    return clips[-1].path


def _footage_layers(actor: Actor, speech: SpeechInput, box: Box, fps: Fraction, start_ms: int, dur: int,
                    background: Background) -> tuple[VisualLayer, ...]:
    assert actor.talking_clip is not None
    if speech.audio == actor.talking_clip:
        return own_voice_layers(actor.talking_clip, box, start_ms, dur)
    clip, loop = fitted_clip(actor.talking_clip, dur, fps, key=False)
    return (VideoLayer(path=clip, box=box, start_ms=start_ms, duration_ms=dur, loop=loop),)


def own_voice_layers(clip: Path, box: Box, start_ms: int, dur: int) -> tuple[VisualLayer, ...]:
    """A clip that is its own voice (footage ads): played from its first frame in step with its sound, never
    looped (the lips would move in silence), then its last frame held for whatever the ad lasts beyond it."""
    length = probe(clip).duration_ms or dur
    if length >= dur:
        return (VideoLayer(path=clip, box=box, start_ms=start_ms, duration_ms=dur),)
    last = cached_file("footage-last-frame", file_signature(clip), ".png", lambda out: run_ffmpeg(
        ["-sseof", "-0.2", "-i", str(clip), "-update", "1", "-y", str(out)], what="the footage's last frame"))
    return (VideoLayer(path=clip, box=box, start_ms=start_ms, duration_ms=length),
            ImageLayer(path=last, box=box, start_ms=start_ms + length, duration_ms=dur - length))


def _green_layers(actor: Actor, speech: SpeechInput, box: Box, fps: Fraction, start_ms: int, dur: int,
                  background: Background) -> tuple[VisualLayer, ...]:
    assert actor.green_screen_clip is not None
    clip, loop = fitted_clip(actor.green_screen_clip, dur, fps, key=True)
    layers: list[VisualLayer] = []
    if background is not None:
        layers.append(background_layer(background, box, start_ms, dur))
    layers.append(VideoLayer(path=clip, box=box, start_ms=start_ms, duration_ms=dur, loop=loop, key=PLATE_KEY))
    return tuple(layers)


_KINDS: dict[str, Callable[[Actor, SpeechInput, Box, Fraction, int, int, Background], tuple[VisualLayer, ...]]] = {
    "generated": _engine_layers, "photo": _engine_layers, "footage": _footage_layers, "green-screen": _green_layers,
}
ENGINE_KINDS = ("generated", "photo")  # the kinds a lip-sync engine animates


def background_layer(background: str | Path, box: Box, start_ms: int, dur: int) -> VisualLayer:
    """A layer from a caller's background: an image, a looping video, or a colour."""
    return replace(backdrop_layer(background), box=box, start_ms=start_ms, duration_ms=dur)


# ---- prepared clips -------------------------------------------------------------------------------

def _file_signature(value: Background) -> object:
    if value is None:
        return None
    path = Path(value)
    return file_signature(path) if path.suffix and path.is_file() else str(value)


def cached_clip(kind: str, params: object, make: Callable[[Path], Path]) -> Path:
    """The clip ``make(path)`` writes for ``params``, made only when not cached yet (written atomically)."""
    return cached_file(kind, (CLIP_VERSION, params), ".mp4", make)


def fitted_clip(clip: Path, duration_ms: int, fps: Fraction, *, key: bool) -> tuple[Path, bool]:
    """A clip ready to fill ``duration_ms``, and whether it must loop.

    A clip at least as long as the speech is used as it is (trimmed by the
    layer); a shorter one becomes a loop unit whose end cross-fades into its
    start.  Green-screen clips are always prepared (keyed and despilled onto
    flat green) since that is what makes keying in the render exact.
    """
    length = probe(clip).duration_ms or 0
    loop = length < duration_ms
    if not loop and not key:
        return clip, False
    stat = clip.stat()
    params = (str(clip.resolve()), stat.st_size, stat.st_mtime_ns, loop, key, fps)
    return cached_clip("actor-clip", params, lambda out: _prepare(clip, out, length, fps, loop=loop, key=key)), loop


def _prepare(clip: Path, output: Path, length_ms: int, fps: Fraction, *, loop: bool, key: bool) -> Path:
    """Render ``clip``'s prepared timeline to ``output`` as a silent intermediate clip."""
    video = probe(clip).video
    if video is None:
        raise MediaError(clip, "has no video stream")
    # the container may round its duration past the last frame, so the last whole frame is left out
    frames = math.floor(Fraction(length_ms) * fps / 1000) - 1
    timeline = prepared_timeline(clip, (video.width, video.height), frames, fps, loop=loop,
                                 key=footage_key(clip) if key else None)
    return render(timeline, output, profile=ClipProfile())


def footage_key(clip: Path) -> ChromaKey:
    """The key of a real green screen: chroma distance from its measured colour, then green spill removed."""
    _, (r, g, b) = green_stats(clip)
    return ChromaKey(color=f"0x{r:02X}{g:02X}{b:02X}", similarity=KEY_SIMILARITY, blend=KEY_BLEND, space="yuv",
                     despill=True)


def prepared_timeline(clip: Path, size: tuple[int, int], frames: int, fps: Fraction, *, loop: bool,
                      key: ChromaKey | None) -> Timeline:
    """The timeline that prepares the first ``frames`` frames of ``clip`` (``size`` pixels) at ``fps``.

    Pure, so a test reads the compiled graph without rendering.  Keyed, the
    clip stands on flat ``KEY_GREEN`` (the timeline's background, no extra
    layer to overlay), which the render keys out exactly with ``PLATE_KEY``;
    looping, it is the loop unit of ``loop_unit``.
    """
    canvas = Canvas(size[0] // 2 * 2, size[1] // 2 * 2, fps)
    layer: VideoLayer | SequenceLayer = VideoLayer(path=clip, key=key)
    duration = _floor_ms(frames, fps)
    if loop:
        layer = replace(loop_unit(clip, frames, fps), key=key)
        duration = layer.total_ms
    return Timeline(canvas, duration, layers=(layer,), background=KEY_GREEN if key else "black")


def loop_unit(clip: Path, frames: int, fps: Fraction) -> SequenceLayer:
    """The first ``frames`` frames of ``clip`` as a unit that loops without a jump: its end fades into its start.

    Two scenes of the clip with a ``fade``-frame fade centred on their cut.
    Scene A starts at frame ``fade + 1`` and is cut so that its half of the
    blend shows the clip's last ``fade`` frames; scene B starts ``fade / 2``
    frames in, so the blend (which begins that many frames before the cut)
    fades in B's frames 0 to ``fade - 1`` over them.  B then shows one plain
    frame, ``fade``: the unit's last frame and A's first are neighbouring
    frames of the clip, so looping continues it frame by frame (a blend still
    under way at the loop point would show both ends of the clip at once).
    The unit lasts ``frames - fade`` frames.  Times are counted in frames;
    each millisecond value is the floor of a frame's time, which the
    compiler rounds back to that frame.
    """
    fade = max(2, math.ceil(Fraction(MIN_TRANSITION_MS) * fps / 1000),
               min(math.floor(Fraction(LOOP_FADE_MS) * fps / 1000), frames // 4))
    if frames < 4 * fade:
        raise MediaError(clip, f"is too short to loop ({frames} frames; at least {4 * fade} needed)")
    lead, tail = fade // 2, fade - fade // 2
    total = _floor_ms(frames - fade, fps)
    b_ms = math.ceil(Fraction((tail + 1) * 1000) / fps)
    scene_a = VideoLayer(path=clip, trim_start_ms=_floor_ms(fade + 1, fps), duration_ms=total - b_ms)
    scene_b = VideoLayer(path=clip, trim_start_ms=round(lead * 1000 / fps), duration_ms=b_ms)
    return SequenceLayer(scenes=(scene_a, scene_b), transition=Transition("fade", _floor_ms(fade, fps)))


def _floor_ms(frames: int, fps: Fraction) -> int:
    """The start of frame ``frames`` in whole milliseconds, never past it (so it rounds back to that frame)."""
    return math.floor(Fraction(frames * 1000) / fps)
