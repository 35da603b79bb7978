"""The home game 推牌九 over HTTP: the tables under ``/v1/home/tables`` and their pages (``/home``,
``/home/display``); docs/home-table.md.

The tables live in the same journal as the other games' (same hash chain, tokens, operator keys,
snapshots, round records, audit and export); only the create, read, action, round and advice
endpoints are the game's own, because their bodies are (:mod:`paigow.serve.home_api`). Closing a
table, a new dealer token, the operator's list and the regulator's export are the shared
``/v1/tables/...`` ones.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import FileResponse

from paigow.serve import models as m
from paigow.serve.auth import Who
from paigow.serve.errors import TokenError
from paigow.serve.home_api import HomeAction, HomeActionOut, HomeAdvice, HomeTableCreated, HomeTableIn, HomeTableState
from paigow.serve.routers.common import (
    CREATE_ERRORS, STATIC, TABLE_ERRORS, IfSeq, Number, Svc, TableId, created,
    deadline_action,
)

__all__ = ["router", "home_resume_url", "home_display_url"]

router = APIRouter()
Position = Annotated[int, Path(ge=0, le=7, description="0 the banker, 1-3 the doors")]


def home_resume_url(base: str, tid: str, token: str) -> str:
    """The address that resumes home table ``tid`` with ``token`` on the dealer's page at ``base``."""
    return f"{base.rstrip('/')}/home#table={tid}&token={token}"


def home_display_url(base: str, tid: str) -> str:
    """The address of home table ``tid``'s players' display on the service at ``base``."""
    return f"{base.rstrip('/')}/home/display?table={tid}"


@router.get("/home", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(STATIC / "home.html")


@router.get("/home/display", include_in_schema=False)
def display() -> FileResponse:
    return FileResponse(STATIC / "home-display.html")


@router.post("/v1/home/tables", response_model=HomeTableCreated, status_code=201, responses=CREATE_ERRORS,
             tags=["home tables"])
def create(body: HomeTableIn, who: Who, svc: Svc, request: Request) -> dict[str, Any]:
    """Open a home table 推牌九 (needs an operator key): ``live`` (its shuffles and dice from the
    secure generator, journaled; each hand set by its setter) or a ``simulation`` (``seed``).
    The response carries the table's dealer token, this once, and the QR code that resumes the
    table; a public table's players' display address and its QR code too."""
    op = who.operator()
    config: dict[str, Any] = {"game": "home"}
    options = body.options.model_dump(exclude_none=True) if body.options is not None else {}
    if options:
        config["rules"] = options
    if body.banker is not None:
        config["banker"] = body.banker
    if body.seat_bets != "accept":  # a table opened without it takes a seat's bets at once, as before
        config["seat_bets"] = body.seat_bets
    tid, token = svc.open_once(op, body.client_key, lambda: svc.journal.create(
        config, public=body.public, seed=body.seed, operator=op, mode=body.mode, limit=svc.max_tables))
    e = svc.journal.entry(tid)
    assert e is not None
    return created(svc, e, token, request, resume=home_resume_url, display=home_display_url)


@router.get("/v1/home/tables/{tid}", response_model=HomeTableState, responses=TABLE_ERRORS, tags=["home tables"])
def read(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The table's state: the dealer's view with its token or an operator key (the hands once
    dealt), a public table's public view without one (no hand before the settlement); neither
    shows the stacks. The first round's tiles, face up in the second, are ``round.seen``."""
    e, public = who.table(tid, game="home")
    return svc.journal.read(e, public)


@router.post("/v1/home/tables/{tid}/actions", response_model=HomeActionOut, responses=TABLE_ERRORS,
             tags=["home tables"])
def act(tid: TableId, who: Who, svc: Svc, action: HomeAction, response: Response,
        if_seq: IfSeq = None) -> dict[str, Any]:
    """One action of :class:`paigow.table.home.HomeShuffle` (``bank``, ``bet``, ``shuffle``,
    ``shake``, ``deal``, ``set_hand``, ``play``, ``settle``, ``next_round``) or ``next_shuffle``
    (needs the dealer token); journaled before it answers; a refused action changes nothing
    and answers the library's error. A shuffle answers no tiles: they stay face down."""
    e, _ = who.table(tid, act=True, game="home")
    data = action.model_dump(exclude_none=True)
    t0 = time.perf_counter()
    result, view = svc.journal.perform(e, data, if_seq)
    response.headers["Server-Timing"] = (f"engine;dur={1e3 * e.engine_seconds:.3f}, "
                                         f"journal;dur={1e3 * (time.perf_counter() - t0):.3f}")
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.post("/v1/home/tables/{tid}/deadline", response_model=HomeActionOut, responses=TABLE_ERRORS,
             tags=["home tables"])
def deadline(tid: TableId, who: Who, svc: Svc, action: m.DeadlineAction, if_seq: IfSeq = None) -> dict[str, Any]:
    """The round's deadline for the settings (needs the table's dealer token; issue 38), as a Pai
    Gow table's (``POST /v1/tables/{id}/deadline``): ``set_deadline`` sets or moves it
    (``seconds`` from now, or ``at``) before the settlement, ``apply_deadline`` applies it once
    passed: every hand still unset (the played doors', then the banker's) is set by the home
    game's automatic rule (max-front), recorded with the reason ``deadline``. The service's clock
    gives the times, journaled with the action so the table replays the same."""
    e, _ = who.table(tid, act=True, game="home")
    data = deadline_action(action, time.time())
    result, view = svc.journal.perform(e, data, if_seq)
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.get("/v1/home/tables/{tid}/rounds/{number}", responses=TABLE_ERRORS, tags=["home tables"])
def read_round(tid: TableId, number: Number, who: Who, svc: Svc) -> dict[str, Any]:
    """Finished round ``number`` (1 is the table's first): its shuffle's record ``paigow-home/1``
    as of that round (what ``replay_home`` reads); after a round that is not its shuffle's last,
    the tiles still face down are given in the deck's order. Read from the store."""
    e, public = who.table(tid, game="home")
    return svc.journal.finished_round(e, number, public)


@router.get("/v1/home/tables/{tid}/advice/{position}", response_model=HomeAdvice, responses=TABLE_ERRORS,
            tags=["home tables"])
def advice(tid: TableId, position: Position, who: Who, svc: Svc) -> dict[str, Any]:
    """Advice for a dealt hand (``position`` 0 the banker, 1-3 a door; the dealer token or an
    operator key): :meth:`paigow.table.home.HomeShuffle.advice` against the automatic rule, the
    shuffle's face-up tiles as ``seen`` (the second round: the first round's 16, so the other
    side's hand is one of the C(12, 4) = 495 hands of the tiles neither seen nor held)."""
    e, public = who.table(tid, game="home")
    if public:
        raise TokenError(f"advice on table {tid!r} needs its bearer token: the hands are face down")
    t = svc.journal.table(e.id)
    return t.advice(position)  # type: ignore[attr-defined,no-any-return]
