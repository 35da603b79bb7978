"""Seats (issue 38): a player at a Pai Gow table on their own device. The dealer (the table's
token) gives a position a seat token (shown once, with its QR code) and revokes it; the seat
(its token) reads its view (the public view and its own tiles, :func:`paigow.table.views.seat_view`),
follows it as server-sent events under the display's stream limits, and takes the few actions
a seat may (:mod:`paigow.serve.seats`), journaled as the dealer's are."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from sse_starlette import EventSourceResponse
from starlette.background import BackgroundTask

from paigow.serve import models as m
from paigow.serve import qr
from paigow.serve.auth import Who
from paigow.serve.display import HEARTBEAT, LIFETIME
from paigow.serve.routers.common import TABLE_ERRORS, IfSeq, Svc, TableId
from paigow.serve.seat_requests import answer_action
from paigow.serve.seats import seat_action
from paigow.serve.streams import seat_stream

__all__ = ["router"]

router = APIRouter()

SeatPosition = Annotated[int, Path(ge=0, le=7, description="the position (0-7)")]
_E = {"model": m.ErrorBody}
SEAT_ERRORS: dict[int | str, dict[str, Any]] = {
    **TABLE_ERRORS,
    401: {**_E, "description": "missing, wrong or revoked seat token, or no such table (the same answer)"},
    403: {**_E, "description": "an action a seat may not take (seat.forbidden): nothing changed"},
}


@router.post("/v1/tables/{tid}/seats/{position}", response_model=m.SeatCreated, status_code=201,
             responses=TABLE_ERRORS, tags=["seats"])
def grant_seat(tid: TableId, position: SeatPosition, who: Who, svc: Svc, request: Request) -> dict[str, Any]:
    """Give ``position`` a seat token (needs the table's dealer token): the answer carries it this
    once, with the address the seat's device opens and its QR code; the service keeps only its
    SHA-256. A position has one seat: granting again makes a new token and the old one stops
    working."""
    e, _ = who.table(tid, act=True)
    token = svc.journal.grant_seat(e, position)
    url = qr.seat_url(str(request.base_url), e.id, token)
    return {"id": e.id, "position": position, "token": token, "url": url, "qr": qr.svg(url)}


@router.delete("/v1/tables/{tid}/seats/{position}", response_model=m.SeatRevoked, responses=TABLE_ERRORS,
               tags=["seats"])
def revoke_seat(tid: TableId, position: SeatPosition, who: Who, svc: Svc) -> dict[str, Any]:
    """Revoke ``position``'s seat token (needs the table's dealer token): it stops working at
    once, and the seat's open streams end (event ``revoked``)."""
    e, _ = who.table(tid, act=True)
    revoked = svc.journal.revoke_seat(e, position)
    svc.hub.kick(e.id)
    return {"id": e.id, "position": position, "revoked": revoked}


RequestId = Annotated[int, Path(ge=1, description="the request's id (the seq of the journal row that made it)")]
ANSWER_ERRORS: dict[int | str, dict[str, Any]] = {
    **TABLE_ERRORS,
    404: {**_E, "description": "no such pending request (seat.request): answered, lapsed, never made, or a table"
                               " that takes a seat's bets at once; or no such table"},
}


@router.post("/v1/tables/{tid}/seats/requests/{rid}", response_model=m.ActionOut, responses=ANSWER_ERRORS,
             tags=["seats"])
def answer_request(tid: TableId, rid: RequestId, body: m.SeatAnswer, who: Who, svc: Svc,
                   if_seq: IfSeq = None) -> dict[str, Any]:
    """The dealer's answer to a seat's request (needs the table's dealer token; a table opened
    with ``"seat_bets": "confirm"``): ``confirm`` takes it as the seat's action, checked by the
    engine (a refusal answers the engine's error and the request stays pending), ``refuse`` drops
    it. Journaled before it answers; the answer's state is the dealer's view."""
    e, _ = who.table(tid, act=True)
    data = {"action": "seat_answer", "id": rid, "answer": body.answer}
    result, view = svc.journal.perform(e, data, if_seq, lambda t: answer_action(t, rid, body.answer))
    return {"seq": view["seq"], "action": "seat_answer", "result": result, "state": view}


@router.get("/v1/tables/{tid}/seats", response_model=m.SeatList, responses=TABLE_ERRORS, tags=["seats"])
def list_seats(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The positions that have a seat and when each was granted (the table's dealer or operator)."""
    e, public = who.table(tid)
    if public:  # a public table's reader without a token: the same answer as a wrong token
        who.table(tid, act=True)
    return {"id": e.id, "seats": {str(p): g for p, g in svc.journal.seats(e.id).items()}}


@router.get("/v1/tables/{tid}/seat", response_model=m.SeatState, responses=SEAT_ERRORS, tags=["seats"])
def read_seat(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The table as the seat sees it (needs the seat token): the public view and its own
    position's tiles once dealt; never another position's tile face down, never the stacks."""
    e, position = who.seat(tid)
    return svc.journal.read_seat(e, position)


@router.post("/v1/tables/{tid}/seat/actions", response_model=m.SeatActionOut, responses=SEAT_ERRORS,
             tags=["seats"])
def seat_act(tid: TableId, who: Who, svc: Svc, action: m.SeatAction) -> dict[str, Any]:
    """An action of the seat's own (needs the seat token): ``bet`` (its player's, accepted at
    once within the table's limits, or at a table opened with ``"seat_bets": "confirm"`` kept as a
    request for the dealer: the result is the request, ``status`` pending) and ``withdraw``
    (taking it back before the shake, the same way), ``set_hand`` and ``house_way`` (its own position's hand, as
    its holder), ``accept`` and ``decline`` (the bank offered to it). Anything else is the
    dealer's: ``403 seat.forbidden``, nothing changed. Journaled before it answers; the answer's
    state is the seat's view."""
    e, position = who.seat(tid)
    data = action.model_dump(exclude_none=True)
    result, _ = svc.journal.perform(e, data, None, lambda t: seat_action(t, position, data))  # type: ignore[arg-type]
    view = svc.journal.read_seat(e, position)
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.get("/v1/tables/{tid}/seat/events", tags=["seats"], response_class=EventSourceResponse,
            responses={**SEAT_ERRORS, 200: {"content": {"text/event-stream": {}},
                                            "description": "the seat's view now, then after each action: id ="
                                                           " seq, data = {seq, action, at, state}"},
                       429: {"model": m.ErrorBody, "description": "too many open event streams from this address, or"
                                                                  " on this table (stream.limit)"}})
def seat_events(tid: TableId, who: Who, svc: Svc, request: Request,
                lifetime: Annotated[float, Query(gt=0, le=LIFETIME)] = LIFETIME,
                heartbeat: Annotated[float, Query(ge=1, le=60)] = HEARTBEAT) -> EventSourceResponse:
    """The seat's view as server-sent events (needs the seat token): the view now, then after
    each journaled action; each event is the whole view (a stream that reconnects starts from
    the view then). Ends with event ``revoked`` when the dealer revokes the seat, ``closed``
    when the table closes, or after ``lifetime`` seconds (the browser reconnects). Counted with
    the displays' streams against the same limits (``429 stream.limit``)."""
    e, position = who.seat(tid)
    token = who.cred.credentials if who.cred is not None else None
    ticket = svc.hub.admit(svc.proxies.client(request.scope), e.id)
    ticket.seat = position
    j = svc.journal
    return EventSourceResponse(
        seat_stream(svc.hub, ticket, lambda: j.read_seat(e, position), lambda: j.seat_of(e.id, token) == position,
                    lifetime),
        ping=heartbeat, background=BackgroundTask(ticket.aclose))
