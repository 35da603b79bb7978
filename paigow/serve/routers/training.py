"""The training API, ``/v1/training/...`` (docs/training.md): an operator creates groups (with
their challenge's pass mark and time limit) and trainees; a trainee, with the token he was given,
draws exercises, answers them (each answer journaled), takes a house way's challenge and reads
his statistics; the operator reads a group's; anyone verifies a certificate by its sha256.

The router needs FastAPI only. What it needs of the service is a :class:`TrainingContext` on
``app.state.training``: the store (:class:`paigow.training.store.TrainingStore`), how to tell the
operator of a request (the service's operator-key check, raising its 401 error), the operator's
key to sign certificates with, and the house ways loaded from files, by name. Errors are project
errors (a ``code``, a message, a ``status`` for the service's own): the service's handler answers
them.

An exercise is named by (drill, seed, language): the answer carries them and the exercise is drawn
again to check it; nothing is kept between the two but the answer's record.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Optional

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import FileResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from paigow.errors import IllegalActionError, InvalidOptionError, ParseError, RuleError
from paigow.houseway import HOUSE_WAYS, HouseWay
from paigow.serve.errors import ServiceError
from paigow.serve.routers.common import STATIC
from paigow.training import DRILLS, AnswerRecord, Check, challenge, drill, group_view, issue_certificate, verify_certificate
from paigow.training.challenge import clean_pass_mark
from paigow.training.records import by_rule, missed_most, summary
from paigow.training.store import Trainee, TrainingStore

__all__ = ["router", "page", "TrainingContext", "TraineeTokenError", "UnknownAttemptError", "UnknownCertificateError"]


class TraineeTokenError(ServiceError, RuleError):
    """A training request without a trainee's token, or with a wrong one."""

    code = "training.token"
    status = 401


class UnknownAttemptError(ServiceError, ParseError):
    """A challenge attempt that is not the trainee's."""

    code = "training.attempt"
    status = 404


class UnknownCertificateError(ServiceError, ParseError):
    """A certificate's sha256 that names no certificate of the service."""

    code = "training.certificate"
    status = 404


@dataclasses.dataclass
class TrainingContext:
    """What the training router needs of the service (``app.state.training``)."""

    store: TrainingStore
    operator_of: Callable[[Request], str]
    key_of: Callable[[str], Optional[bytes]] = lambda operator: None
    ways: Mapping[str, HouseWay] = dataclasses.field(default_factory=dict)


def _context(request: Request) -> TrainingContext:
    ctx: TrainingContext = request.app.state.training
    return ctx


Ctx = Annotated[TrainingContext, Depends(_context)]
_bearer = HTTPBearer(auto_error=False)


def _operator(request: Request, ctx: Ctx) -> str:
    return ctx.operator_of(request)


def _trainee(ctx: Ctx, cred: Annotated[Optional[HTTPAuthorizationCredentials], Depends(_bearer)]) -> Trainee:
    t = ctx.store.trainee(cred.credentials) if cred is not None else None
    if t is None:
        raise TraineeTokenError("this needs a trainee's token (Authorization: Bearer <token>)")
    return t


Operator = Annotated[str, Depends(_operator)]
Me = Annotated[Trainee, Depends(_trainee)]
Lang = Annotated[str, Query(pattern="^(zh-Hant|zh-Hans|pt|en)$")]
router = APIRouter(prefix="/v1/training", tags=["training"])
page = APIRouter()
"""The training page (``/training``: static/training.html), for trainees and supervisors."""


@page.get("/training", include_in_schema=False)
def training_page() -> FileResponse:
    return FileResponse(STATIC / "training.html")


# -- the operator's ----------------------------------------------------------------------------------
class GroupIn(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    pass_mark: str = Field("9/10", max_length=16, description="the challenge's pass mark: 9/10, 0.9 or 90%")
    time_limit: Optional[float] = Field(None, gt=0, lt=1e6, description="seconds for the whole challenge")


class TraineeIn(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    group: str = Field(min_length=1, max_length=64)


@router.post("/groups", status_code=201)
def add_group(body: GroupIn, ctx: Ctx, op: Operator) -> dict[str, Any]:
    """Create (or change) a group of trainees and its challenge's pass mark and time limit."""
    mark = clean_pass_mark(body.pass_mark)
    ctx.store.add_group(op, body.name, str(mark), body.time_limit)
    return {"name": body.name, "pass_mark": str(mark), "time_limit": body.time_limit}


@router.get("/groups")
def list_groups(ctx: Ctx, op: Operator) -> list[dict[str, Any]]:
    return [{"name": g.name, "pass_mark": g.pass_mark, "time_limit": g.time_limit,
             "trainees": [t.name for t in ctx.store.trainees(op, g.name)]} for g in ctx.store.groups(op)]


@router.post("/trainees", status_code=201)
def add_trainee(body: TraineeIn, ctx: Ctx, op: Operator) -> dict[str, Any]:
    """A new trainee of a group, and the token he answers with (shown once)."""
    token = ctx.store.add_trainee(op, body.name, body.group)
    return {"name": body.name, "group": body.group, "token": token}


@router.get("/groups/{group}/stats")
def group_stats(group: str, ctx: Ctx, op: Operator) -> dict[str, Any]:
    """A supervisor's view of a group: its accuracy and time per answer, each trainee's, the rules
    missed most."""
    if ctx.store.group(op, group) is None:
        raise InvalidOptionError(f"operator {op!r} has no group {group[:40]!r}", code="training.group")
    members = [t.name for t in ctx.store.trainees(op, group)]
    view = group_view(ctx.store.answers(op, members), members)
    view["group"] = group
    return view


# -- the trainee's ----------------------------------------------------------------------------------
@router.get("/drills")
def list_drills() -> dict[str, str]:
    """The drills by name, with what each trains and the keys it takes."""
    return dict(DRILLS)


@router.get("/exercise")
def exercise(ctx: Ctx, me: Me, drill_key: Annotated[str, Query(alias="drill", max_length=200)] = "houseway:foxwoods",
             seed: Annotated[Optional[int], Query(ge=0, le=2**63 - 1)] = None, lang: Lang = "en") -> dict[str, Any]:
    """An exercise of a drill (a random seed unless given), without its answer."""
    d = drill(drill_key, ctx.ways, files=False)
    return d.draw(seed if seed is not None else secrets.randbelow(2**53), lang).to_json()


class AnswerIn(BaseModel):
    drill: str = Field(max_length=200)
    seed: int = Field(ge=0, le=2**63 - 1)
    lang: str = Field("en", pattern="^(zh-Hant|zh-Hans|pt|en)$")
    answer: Any = Field(description="a choice's index or text, or {field: whole number} for a payout")
    ms: int = Field(0, ge=0, le=3_600_000, description="milliseconds the trainee took")
    attempt: Optional[str] = Field(None, max_length=32, description="the challenge attempt this answer is of")


@router.post("/answers")
def answer(body: AnswerIn, ctx: Ctx, me: Me) -> dict[str, Any]:
    """Check an answer (the exercise drawn again from drill, seed and language) and journal it."""
    d = drill(body.drill, ctx.ways, files=False)
    if body.attempt is not None:
        _open_attempt(ctx, me, body.attempt, body.drill)
    elif body.drill.startswith("challenge:"):
        raise IllegalActionError("a challenge's hands are answered within an attempt (POST .../attempts)",
                                 code="training.attempt_needed")
    ex = d.draw(body.seed, body.lang)
    check = d.check(ex, body.answer)
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    ctx.store.append_answer(me.operator, AnswerRecord(me.name, ex.drill, ex.seed, ex.rule, check.correct, body.ms, at,
                                                      check.given, body.attempt))
    return check.to_json()


@router.get("/me/stats")
def my_stats(ctx: Ctx, me: Me) -> dict[str, Any]:
    """The trainee's accuracy and time per answer, per drill and rule, and the rules missed most."""
    rs = ctx.store.answers(me.operator, [me.name])
    return {"trainee": me.name, "group": me.group, "summary": summary(rs).to_json(),
            "rules": [{"drill": d, "rule": r, **s.to_json()} for (d, r), s in by_rule(rs).items()],
            "missed_most": [list(x) for x in missed_most(rs)]}


# -- the challenge --------------------------------------------------------------------------------------
@router.post("/challenges/{way}/attempts", status_code=201)
def start_challenge(way: str, ctx: Ctx, me: Me) -> dict[str, Any]:
    """Start the challenge of a way: its hands, in order, to answer within the attempt."""
    g = ctx.store.group(me.operator, me.group)
    c = challenge(_way(ctx, way), g.pass_mark if g else "9/10", g.time_limit if g else None)
    a = ctx.store.start_attempt(me.operator, me.name, c.way)
    return {"attempt": a.id, "drill": c.drill().key, "challenge": c.id, "hands": list(c.hands),
            "pass_mark": str(c.pass_mark), "time_limit": c.time_limit}


@router.post("/attempts/{attempt_id}/finish")
def finish_challenge(attempt_id: str, ctx: Ctx, me: Me) -> dict[str, Any]:
    """Score the attempt (timed from its start) and, when passed, issue the certificate."""
    a = _open_attempt(ctx, me, attempt_id, None)
    g = ctx.store.group(me.operator, me.group)
    c = challenge(_way(ctx, a.way), g.pass_mark if g else "9/10", g.time_limit if g else None)
    key = c.drill().key
    first: dict[int, AnswerRecord] = {}
    for r in ctx.store.answers(me.operator, [me.name]):
        if r.challenge == attempt_id:
            first.setdefault(r.seed, r)  # the first answer to each hand counts
    checks = [Check(key, r.seed, r.correct, r.given, None, "", r.rule) for r in first.values()]
    result = c.score(checks, time.time() - a.started)
    out: dict[str, Any] = {"result": result.to_json()}
    if result.passed:
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        cert = issue_certificate(result, me.name, me.operator, at, ctx.key_of(me.operator))
        ctx.store.add_certificate(me.operator, cert)
        out["certificate"] = cert
    ctx.store.finish_attempt(me.operator, attempt_id, out)
    return out


def _way(ctx: TrainingContext, name: str) -> HouseWay:
    """A house way by name: one the service loaded, or a shipped one; never a file a client names."""
    found = ctx.ways.get(name) or HOUSE_WAYS.get(name.strip().lower())
    if found is None:
        known = sorted(set(HOUSE_WAYS) | set(ctx.ways))
        raise InvalidOptionError(f"unknown house way {name[:60]!r}: the ways are {', '.join(known)}",
                                 code="training.way")
    return found


def _open_attempt(ctx: TrainingContext, me: Trainee, attempt_id: str, drill_key: Optional[str]) -> Any:
    a = ctx.store.attempt(me.operator, attempt_id)
    if a is None or a.trainee != me.name:
        raise UnknownAttemptError(f"no challenge attempt {attempt_id[:32]!r} of {me.name!r}")
    if a.finished is not None:
        raise IllegalActionError(f"the challenge attempt {attempt_id!r} is finished", code="training.finished")
    if drill_key is not None and drill_key != f"challenge:{a.way}":
        raise IllegalActionError(f"the attempt {attempt_id!r} is of challenge:{a.way}, not {drill_key[:60]!r}",
                                 code="training.attempt_drill")
    return a


@router.get("/certificates/{sha256}")
def read_certificate(sha256: str, ctx: Ctx) -> dict[str, Any]:
    """A certificate by its sha256, verified (its digest, and its operator's signature)."""
    found = ctx.store.certificate(sha256)
    if found is None:
        raise UnknownCertificateError(f"no certificate {sha256[:64]!r}")
    operator, cert = found
    verify_certificate(cert, ctx.key_of(operator))
    return {"certificate": cert, "verified": True, "signed": "hmac" in cert}
