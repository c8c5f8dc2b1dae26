"""What every skill shares: its listing fields, the steps its plan lists, and the run report.

A skill's ``plan`` returns a :class:`SkillPlan` whose ``steps`` name what
will run, in order; ``Metered.steps`` carries what each step consists of
(a composed generator's own metering, e.g. ``subtitle`` or ``ugc_video``), so
the runner can quote a skill without running it.  ``run_skill`` delivers the skill
like any generator and reports each step's status and the final output.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import AfterValidator, Field

from ..errors import MediakitError, NotFoundError
from ..generation.contract import Generator, Plan
from ..generation.registry import get_generator
from ..generation.request import RequestModel
from ..generator_ids import SKILL_IDS

_HTTPS = re.compile(r"^https://\S+$")
SkillRequest = TypeVar("SkillRequest", bound=RequestModel)


def https_or_local(value: str) -> str:
    """A URL field of a skill: https (the spec's rule), or a local path / file:// URL for local runs."""
    if "://" in value and not value.lower().startswith(("https://", "file://")):
        raise ValueError("must start with https:// (or be a local file)")
    if value.lower().startswith("https://") and not _HTTPS.match(value):
        raise ValueError("must be an https URL")
    return value


# a URL field of a skill: the spec's "uri starting with https" (local files too, for local runs)
HttpsUrl = Annotated[str, AfterValidator(https_or_local),
                     Field(json_schema_extra={"format": "uri", "pattern": "^https://"})]


@dataclass(frozen=True)
class Step:
    """One step of a skill: its name and what it does."""

    name: str
    does: str


@dataclass(frozen=True, kw_only=True)
class SkillPlan(Plan):
    """A skill's plan: the steps it will run, in order (each skill adds what its build needs)."""

    steps: tuple[Step, ...]


PlanT = TypeVar("PlanT", bound=SkillPlan)


class Skill(Generator[SkillRequest, PlanT]):
    """A composed skill: a generator with a listing (name, version, primitive, workflowType, agentFacing)."""

    name: ClassVar[str]
    version: ClassVar[str] = "1.0.0"
    primitive: ClassVar[str]
    workflow_type: ClassVar[str] = "composed"
    agent_facing: ClassVar[bool] = False

    @classmethod
    def skill_entry(cls) -> dict[str, Any]:
        """The row of ``GET /v1/skills``: slug, name, version, description, primitive, workflowType,
        agentFacing and input_schema."""
        schema = spec_schema(cls.request_model.model_json_schema())
        return {"slug": str(cls.id), "name": cls.name, "version": cls.version, "description": cls.description,
                "primitive": cls.primitive, "workflowType": cls.workflow_type, "agentFacing": cls.agent_facing,
                "input_schema": schema}


def spec_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A request model's JSON Schema written the way the spec's tables read.

    An optional field is a ``string`` with its rules, not "string or null
    (default null)": pydantic's ``null`` alternative and ``default: null``
    are dropped, and the generated titles with them.
    """
    schema = {k: v for k, v in schema.items() if k != "title"}
    for holder in (schema, *schema.get("$defs", {}).values()):
        holder.pop("title", None)
        for name, prop in holder.get("properties", {}).items():
            prop.pop("title", None)
            options = [o for o in prop.get("anyOf", []) if o != {"type": "null"}]
            if "anyOf" in prop and len(options) < len(prop["anyOf"]):
                prop.pop("anyOf")
                if prop.get("default", 0) is None:
                    prop.pop("default")
                if len(options) == 1:
                    prop.update(options[0])
                else:
                    prop["anyOf"] = options
            holder["properties"][name] = prop
    return schema


def get_skill(generator: str) -> Skill[Any, Any]:
    """The skill whose id is ``generator``; a NotFoundError listing the skills otherwise."""
    if generator not in SKILL_IDS:
        raise NotFoundError(f"skill {generator!r} does not exist; skills are {', '.join(SKILL_IDS)}")
    skill = get_generator(generator)
    assert isinstance(skill, Skill)
    return skill


def skill_list() -> list[dict[str, Any]]:
    return [get_skill(str(r)).skill_entry() for r in SKILL_IDS]


def run_skill(generator: str, body: Mapping[str, Any], output: Path) -> dict[str, Any]:
    """Run a skill to ``output``; the spec's skill run: ``{status, steps, final_output, error}``.

    Bad input raises (a 400, nothing run); a failure while running is
    reported in the run as ``status: failed`` with the error body.
    """
    from ..generation.run import deliver, plan_job

    skill = get_skill(generator)
    _, plan = plan_job(skill, body)
    assert isinstance(plan, SkillPlan)
    try:
        result = deliver(skill, plan, output)
    except MediakitError as exc:
        return {"status": "failed", "steps": [{"name": s.name, "status": "failed"} for s in plan.steps],
                "final_output": None, "error": exc.to_dict()["error"]}
    return {"status": "succeeded",
            "steps": [{"name": s.name, "does": s.does, "status": "succeeded"} for s in plan.steps],
            "final_output": {"video_url": result.output.resolve().as_uri(),
                             "files": {k: str(v) for k, v in result.files.items()}},
            "error": None, "metered": plan.metered.to_dict()}

