"""The one contract every generator (and skill) follows: parse -> plan -> build -> render.

The CLI, the runner and the server treat every generator alike because each
splits its work the same way:

1. ``parse(body) -> Request``: the spec's fields (a :class:`RequestModel`),
   every rule of the spec's table; every error names the spec's field.
2. ``plan(request, context) -> Plan``: every decision made (script, duration
   bucket, voice, actor, scenes, style, model) and every input fetched and
   probed; the :class:`Receipt` with the spec's fields and what the job
   consists of (:class:`Metered`, the units the runner's price list uses).
   Cheap: nothing is synthesised or rendered, so the runner quotes from the
   plan, and a bad request fails here, costs nothing and leaves no file.
3. ``build(plan, workdir, progress) -> Built``: the expensive steps (speech,
   alignment, lip-sync tracks, b-roll images) and the :class:`Timeline` made
   from the stages' tracks.  Intermediate files go in ``workdir``.
4. the shared renderer (``mediakit.generation.run``) renders the timeline
   atomically and writes the receipt, caption sidecars and a poster frame.

Adding a generator::

    class EchoRequest(RequestModel):
        text: str = Field(min_length=1, max_length=100)

    @dataclass(frozen=True, kw_only=True)
    class EchoPlan(Plan):
        text: str

    class EchoGenerator(Generator[EchoRequest, EchoPlan]):
        id = "echo"
        request_model = EchoRequest
        description = "A title card that shows the text."

        def plan(self, request, context):
            return EchoPlan(generator=self.id, receipt=Receipt(estimated_duration=2),
                            metered=Metered(generator=self.id), text=request.text)

        def build(self, plan, workdir, progress):
            canvas = Canvas.for_aspect("9:16")
            return Built(timeline=Timeline(canvas, 2000, layers=(TextLayer(text=plan.text),)))

    GENERATORS.register("echo", EchoGenerator)

(or publish it under the ``mediakit.generators`` entry point group).  Money
never appears here: a plan says what the job is; the runner prices it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..fetch import Limits, fetch
from ..interop.inputs import Foreign
from ..progress import ProgressCallback
from ..render import DEFAULT_PROFILE, Profile
from ..timeline import Canvas, Captions, Timeline
from ..words import Word
from .request import RequestModel, parse_request

if TYPE_CHECKING:
    from ..catalog import RunStats



@dataclass(frozen=True, kw_only=True)
class Receipt:
    """The spec's JobSubmitted fields that a generator knows (credits and ids are the runner's).

    ``notes`` are warnings a person should read (a low-resolution product
    photo, what a local stand-in engine did instead of a hosted model).
    ``engine`` names the engine that drew the output: a local engine says so
    here and in the notes, never on the picture.  Fields left None are
    omitted from the JSON.
    """

    estimated_duration: int | None = None
    selected_voice: str | None = None
    voice_auto_detected: bool | None = None
    word_count: int | None = None
    words_per_second: float | None = None
    max_words: int | None = None
    pacing_warning: str | None = None
    generated_script: str | None = None
    actor_slug: str | None = None
    actor_random: bool | None = None
    subtitle_style: str | None = None
    model: str | None = None
    mode: str | None = None
    quality: str | None = None
    auto: dict[str, str] | None = None
    engine: str | None = None
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == ():
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, kw_only=True)
class Metered:
    """What a job consists of, in the units of the service's price list; priced by ``runner.pricing``.

    ``generator`` is the generatorId (a generator, character step, generic
    kind or skill; a skill's own steps are named by their price-list entry),
    written as the spec's ``operation`` in JSON;
    ``seconds`` the billed duration (the bucket, after pacing);
    ``script_generated`` whether a script was written from a prompt;
    ``variant`` a priced variant (a character sheet from a reference or a
    description); ``model``/``mode``/``quality`` the catalog model chosen
    (with ``auto_reason`` when ``auto`` chose it); ``ref_seconds`` video
    reference seconds (billed like output seconds); ``images`` and
    ``characters`` for image and speech; ``steps`` a skill's steps.
    """

    generator: str
    seconds: int | float | None = None
    script_generated: bool = False
    variant: str | None = None
    model: str | None = None
    mode: str | None = None
    quality: str | None = None
    auto_reason: str | None = None
    ref_seconds: float = 0.0
    images: int = 0
    characters: int = 0
    steps: tuple[Metered, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"operation": self.generator}
        for f in fields(self)[1:]:
            value = getattr(self, f.name)
            if value not in (None, False, 0, 0.0, ()):
                out[f.name] = [s.to_dict() for s in value] if f.name == "steps" else value
        return out


@dataclass(frozen=True, kw_only=True)
class Plan:
    """Base of every generator's plan: its decisions, receipt and metering (subclasses add fields)."""

    generator: str
    receipt: Receipt
    metered: Metered


@dataclass(frozen=True)
class Publish:
    """A delivery step: once rendered, the output goes to each integration id in ``to`` with ``caption``.

    ``name`` is the file name it is published under (publishers keep it).
    """

    caption: str
    to: tuple[str, ...]
    name: str


@dataclass(frozen=True, kw_only=True)
class Built:
    """What ``build`` made: a timeline for the shared renderer, or a finished file (a PNG, an MP3).

    ``extra_files`` are further outputs of the same kind (an image request's
    ``n`` > 1), delivered beside the output as ``NAME-2.png``, ``NAME-3.png``...;
    ``captions`` feed the .srt/.vtt/.ass/words sidecars (on the timeline's
    canvas; they may be given with none burnt in); ``receipt`` replaces the
    plan's when building learned more (the words actually spoken);
    ``poster_ms`` is the moment the poster frame is taken from;
    ``rendered_from`` is where the render's part of the progress bar starts
    when ``build`` reported its own slow work on the part before it.
    Delivery steps after the render: ``publish`` sends the output on;
    ``keep_at`` keeps a copy where a later job reuses it (a session's result).
    Only delivery renders, so ``build`` asks for these instead of doing them.
    """

    timeline: Timeline | None = None
    file: Path | None = None
    extra_files: tuple[Path, ...] = ()
    profile: Profile = DEFAULT_PROFILE
    captions: Captions | None = None
    receipt: Receipt | None = None
    poster_ms: int | None = None
    rendered_from: float = 0.0
    publish: Publish | None = None
    keep_at: Path | None = None

    def __post_init__(self) -> None:
        if (self.timeline is None) == (self.file is None):
            raise ValueError("Built needs exactly one of timeline and file")
        if self.captions is not None and self.timeline is None:
            raise ValueError("Built's captions need the timeline whose canvas they are laid out on")


@dataclass(frozen=True, kw_only=True)
class Options:
    """Documented choices outside the spec's request (so requests stay exactly the spec's).

    ``voiceover``: a recorded voice used instead of synthesis (a file, or a
    pydub ``AudioSegment`` or MoviePy ``AudioClip``, written to a file by
    ``plan_job``); captions come from aligning the script to it, or
    recognising it.  ``transcript``
    / ``words``: exact words or ready word timings for captions.  ``aspect``
    / ``fit``: an output canvas for generators that otherwise keep the
    input's size.  ``allow_unaligned``: spread a transcript that does not
    fit the audio instead of failing.  ``actors_paths``: user actor folders.
    ``characters_dir``: where saved characters are kept and looked up (None:
    ``$MEDIAKIT_HOME/characters``; the server passes each user's own folder).
    ``asr`` / ``asr_model`` / ``language``: the recognition engine, its model
    and the spoken language for captions without a transcript.
    """

    voiceover: Path | Foreign | None = None
    transcript: str | None = None
    words: tuple[Word, ...] | None = None
    aspect: str | None = None
    fit: str = "cover"
    allow_unaligned: bool = False
    actors_paths: tuple[Path, ...] = ()
    characters_dir: Path | None = None
    asr: str | None = None
    asr_model: str | None = None
    language: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Context:
    """What ``plan`` may use besides the request: the options, the one way inputs are fetched, and run stats.

    ``stats`` are the catalog models' recent runs (``{model_id: RunStats}``),
    supplied by whoever keeps a history of runs (the runner), for ``model: auto``.
    """

    options: Options = Options()
    stats: Mapping[str, RunStats] = field(default_factory=dict)

    def fetch(self, value: str, *, field: str, limits: Limits) -> Path:
        """A URL field's file, downloaded (cached) or found on disk and checked against ``limits``."""
        return fetch(value, field=field, limits=limits)


RequestT = TypeVar("RequestT", bound=RequestModel)
PlanT = TypeVar("PlanT", bound=Plan)


class Generator(ABC, Generic[RequestT, PlanT]):
    """One generator: set ``id``, ``request_model``, ``description``; implement ``plan`` and ``build``.

    ``output_suffix`` is the kind of file it delivers (``.mp4``, ``.png``,
    ``.mp3``).  ``aspects`` are the aspects one job of it may be rendered in
    at once (``generation.aspects``, ``--aspects``) with ``build_aspects``;
    empty where a job has one shape.  Instances hold no per-job state, so one
    serves every job.
    """

    id: ClassVar[str]
    request_model: ClassVar[type[RequestModel]]
    description: ClassVar[str]
    output_suffix: ClassVar[str] = ".mp4"
    aspects: ClassVar[tuple[str, ...]] = ()

    def parse(self, body: Mapping[str, Any]) -> RequestT:
        """The body as this generator's request, or one ``ValidationError`` naming every bad field."""
        return parse_request(self.request_model, body)  # type: ignore[return-value]

    @abstractmethod
    def plan(self, request: RequestT, context: Context) -> PlanT:
        """Every decision and every input check; cheap, renders nothing."""

    @abstractmethod
    def build(self, plan: PlanT, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        """The expensive steps, and the timeline (or finished file) to deliver."""

    def build_aspects(self, plan: PlanT, canvases: Mapping[str, Canvas], workdir: Path,
                      progress: ProgressCallback | None = None) -> dict[str, Built]:
        """``plan`` built once per canvas (by aspect), sharing what the canvas does not change (the voice, the
        music, the analysis); only a generator that lists ``aspects`` has it."""
        raise NotImplementedError(f"{self.id} renders one aspect per job")

    @classmethod
    def schema(cls) -> dict[str, Any]:
        """The request's JSON Schema (draft 2020-12), titled with the generator's id."""
        schema = cls.request_model.model_json_schema()
        schema["title"] = cls.id
        schema.setdefault("description", cls.description)
        return schema
