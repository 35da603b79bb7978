"""Seats at a home table 推牌九 (issue 38): the doors (1-3) and the banker's place (0), each a
player on their own device. The same seat tokens, journal and streams as a Pai Gow table's seats
(:mod:`paigow.serve.routers.seats`), under ``/v1/home/tables/{id}``: the home game's bodies are
its own. A seat's view is :meth:`paigow.serve.home_tables.HomeTable.seat_view` (the public view and
its own hand once dealt), its actions :meth:`~paigow.serve.home_tables.HomeTable.seat_action`'s
(``bet`` on its own door, ``set_hand`` of its own hand, ``bank`` for the banker's place), and it
may ask for its own hand's advice (a home table allows it). At a table opened with ``"seat_bets":
"confirm"`` a door's bet waits for the host, who answers it (``POST .../seats/requests/{rid}``,
:mod:`paigow.serve.seat_requests`). The seat's page is ``/seat/{id}``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import FileResponse
from sse_starlette import EventSourceResponse
from starlette.background import BackgroundTask

from paigow.serve import models as m
from paigow.serve import qr
from paigow.serve.auth import Who
from paigow.serve.display import HEARTBEAT, LIFETIME
from paigow.serve.home_api import HomeActionOut, HomeAdvice, HomeSeatAction, HomeSeatActionOut, HomeSeatState
from paigow.serve.home_tables import HomeTable
from paigow.serve.routers.common import STATIC, TABLE_ERRORS, IfSeq, Svc, TableId
from paigow.serve.routers.seats import ANSWER_ERRORS, SEAT_ERRORS, RequestId
from paigow.serve.seat_requests import answer_action
from paigow.serve.streams import seat_stream

__all__ = ["router", "home_seat_url"]

router = APIRouter()
HomeSeat = Annotated[int, Path(ge=0, le=3, description="0 the banker's place, 1-3 the doors")]


def home_seat_url(base: str, tid: str, token: str) -> str:
    """The address a home seat's device opens (the token after ``#``, never in a request line).

    >>> home_seat_url("http://127.0.0.1:8000/", "ab12", "tok")
    'http://127.0.0.1:8000/seat/ab12#game=home&token=tok'
    """
    return f"{base.rstrip('/')}/seat/{tid}#game=home&token={token}"


@router.get("/seat/{tid}", include_in_schema=False)
def seat_page(tid: TableId) -> FileResponse:
    """The seat's page (a Pai Gow or a home table's): the token is in the address's fragment."""
    return FileResponse(STATIC / "seat.html")


def _home(svc: Svc, tid: str) -> HomeTable:
    t = svc.journal.table(tid)
    assert isinstance(t, HomeTable)
    return t


@router.post("/v1/home/tables/{tid}/seats/{position}", response_model=m.SeatCreated, status_code=201,
             responses=TABLE_ERRORS, tags=["home seats"])
def grant(tid: TableId, position: HomeSeat, who: Who, svc: Svc, request: Request) -> dict[str, Any]:
    """Give ``position`` (0 the banker's place, 1-3 a door) a seat token (needs the dealer token):
    given this once, with the address the seat's device opens and its QR code."""
    e, _ = who.table(tid, act=True, game="home")
    _home(svc, e.id).check_seat(position)
    token = svc.journal.grant_seat(e, position)
    url = home_seat_url(str(request.base_url), e.id, token)
    return {"id": e.id, "position": position, "token": token, "url": url, "qr": qr.svg(url)}


@router.delete("/v1/home/tables/{tid}/seats/{position}", response_model=m.SeatRevoked, responses=TABLE_ERRORS,
               tags=["home seats"])
def revoke(tid: TableId, position: HomeSeat, who: Who, svc: Svc) -> dict[str, Any]:
    """Revoke ``position``'s seat token (needs the dealer token); its streams end (``revoked``)."""
    e, _ = who.table(tid, act=True, game="home")
    revoked = svc.journal.revoke_seat(e, position)
    svc.hub.kick(e.id)
    return {"id": e.id, "position": position, "revoked": revoked}


@router.post("/v1/home/tables/{tid}/seats/requests/{rid}", response_model=HomeActionOut, responses=ANSWER_ERRORS,
             tags=["home seats"])
def answer(tid: TableId, rid: RequestId, body: m.SeatAnswer, who: Who, svc: Svc, if_seq: IfSeq = None) -> dict[str, Any]:
    """The host's answer to a door's seat's bet (needs the dealer token; a table opened with
    ``"seat_bets": "confirm"``), as a Pai Gow dealer's (``POST /v1/tables/{id}/seats/requests/{rid}``):
    ``confirm`` places it, checked by the library (a refusal answers its error and the request
    stays pending), ``refuse`` drops it. Journaled before it answers; the state is the host's view."""
    e, _ = who.table(tid, act=True, game="home")
    data = {"action": "seat_answer", "id": rid, "answer": body.answer}
    result, view = svc.journal.perform(e, data, if_seq, lambda t: answer_action(t, rid, body.answer))
    return {"seq": view["seq"], "action": "seat_answer", "result": result, "state": view}


@router.get("/v1/home/tables/{tid}/seats", response_model=m.SeatList, responses=TABLE_ERRORS, tags=["home seats"])
def list_seats(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The positions that have a seat and when each was granted (the dealer or the operator)."""
    e, public = who.table(tid, game="home")
    if public:
        who.table(tid, act=True, game="home")
    return {"id": e.id, "seats": {str(p): g for p, g in svc.journal.seats(e.id).items()}}


@router.get("/v1/home/tables/{tid}/seat", response_model=HomeSeatState, responses=SEAT_ERRORS, tags=["home seats"])
def read(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The home table as the seat sees it (needs the seat token): the public view and its own hand
    once dealt; never another hand face down, never the row of tiles."""
    e, position = who.seat(tid, game="home")
    return svc.journal.read_seat(e, position)


@router.post("/v1/home/tables/{tid}/seat/actions", response_model=HomeSeatActionOut, responses=SEAT_ERRORS,
             tags=["home seats"])
def act(tid: TableId, who: Who, svc: Svc, action: HomeSeatAction) -> dict[str, Any]:
    """A seat's own action (needs the seat token): ``bet`` on its own door as its player (P1-P3;
    at a table opened with ``"seat_bets": "confirm"`` kept as a request for the host: the result
    is the request, ``status`` pending), ``set_hand`` of its own hand as its setter, ``bank`` (the
    banker's place, bank ``winner-keeps``); anything else ``403 seat.forbidden``, nothing
    changed. Journaled."""
    e, position = who.seat(tid, game="home")
    data = action.model_dump(exclude_none=True)
    result, _ = svc.journal.perform(e, data, None, lambda t: t.seat_action(position, data))  # type: ignore[attr-defined]
    view = svc.journal.read_seat(e, position)
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.get("/v1/home/tables/{tid}/seat/advice", response_model=HomeAdvice, responses=SEAT_ERRORS,
            tags=["home seats"])
def advice(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """Advice for the seat's own dealt hand (needs the seat token; a home table allows it), as the
    dealer's ``/advice/{position}`` gives it."""
    e, position = who.seat(tid, game="home")
    return _home(svc, e.id).advice(position)


@router.get("/v1/home/tables/{tid}/seat/events", tags=["home seats"], response_class=EventSourceResponse,
            responses={**SEAT_ERRORS, 200: {"content": {"text/event-stream": {}},
                                            "description": "the seat's view now, then after each action"},
                       429: {"model": m.ErrorBody, "description": "too many open event streams (stream.limit)"}})
def events(tid: TableId, who: Who, svc: Svc, request: Request,
           lifetime: Annotated[float, Query(gt=0, le=LIFETIME)] = LIFETIME,
           heartbeat: Annotated[float, Query(ge=1, le=60)] = HEARTBEAT) -> EventSourceResponse:
    """The seat's view as server-sent events (needs the seat token), as a Pai Gow seat's
    (``/v1/tables/{id}/seat/events``): each event the whole view, so a reconnect starts from it."""
    e, position = who.seat(tid, game="home")
    token = who.cred.credentials if who.cred is not None else None
    ticket = svc.hub.admit(svc.proxies.client(request.scope), e.id)
    ticket.seat = position
    j = svc.journal
    return EventSourceResponse(
        seat_stream(svc.hub, ticket, lambda: j.read_seat(e, position), lambda: j.seat_of(e.id, token) == position,
                    lifetime),
        ping=heartbeat, background=BackgroundTask(ticket.aclose))
