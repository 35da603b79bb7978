"""The Pai Gow tables, ``/v1/tables...``: an operator opens, lists, closes them, gives a new
dealer token and exports a table's journal (operator key); the dealer acts (the table's token);
anyone reads a public table's public view. Every action is journaled before it answers."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request, Response

from paigow.serve import models as m
from paigow.serve.auth import Who
from paigow.serve.errors import UnknownTableError
from paigow.serve.routers.common import (
    CREATE_ERRORS, OPERATOR_ERRORS, TABLE_ERRORS, IfSeq, Number, Svc, TableId, created,
    deadline_action,
)

__all__ = ["router", "finished_round_record"]

router = APIRouter()


@router.post("/v1/tables", response_model=m.TableCreated, status_code=201, responses=CREATE_ERRORS, tags=["tables"])
def create_table(body: m.TableIn, who: Who, svc: Svc, request: Request) -> dict[str, Any]:
    """Open a table (a Session of rounds); needs an operator key. A table is ``live`` (its
    shuffles and rolls from the secure generator, journaled as drawn) or a ``simulation``
    (``seed``, for replaying). The response carries the table's dealer token, this once; the
    service keeps only its SHA-256."""
    op = who.operator()
    tid, token = svc.open_once(op, body.client_key, lambda: _open(body, op, svc))
    e = svc.journal.entry(tid)
    assert e is not None
    return created(svc, e, token, request)


def _open(body: m.TableIn, op: str, svc: Any) -> tuple[str, str]:
    config: dict[str, Any] = {"banker": body.banker}
    if body.mode == "live":
        config["declare_first"] = True   # its shakes wait for the banker's declaration (Art. 4.4)
    if body.players is not None:
        config["players"] = list(body.players)
    if body.house_stake is not None:
        config["house_stake"] = body.house_stake
    if body.rules != "macau":  # the config names the rule set; a table journaled without it is Macau's
        config["rules"] = body.rules
    if body.options is not None:
        config["options"] = body.options.model_dump(exclude_none=True)
    if body.seat_bets != "accept":  # a table opened before the option, or without it, takes them at once
        config["seat_bets"] = body.seat_bets
    journal = svc.journal
    tid, token = journal.create(config, public=body.public, seed=body.seed, operator=op, mode=body.mode,
                                limit=svc.max_tables)
    return tid, token


@router.get("/v1/tables", response_model=m.TableList, responses=OPERATOR_ERRORS, tags=["tables"])
def list_tables(who: Who, svc: Svc) -> dict[str, Any]:
    """The operator's tables (needs an operator key)."""
    op = who.operator()
    return {"tables": svc.journal.listing(op)}


@router.get("/v1/tables/{tid}", response_model=m.TableState, responses=TABLE_ERRORS, tags=["tables"])
def read_table(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The table's state: the dealer's view with its token or an operator key, the public
    view of a public table without one (no tile before it is turned, never the stacks)."""
    e, public = who.table(tid)
    return svc.journal.read(e, public)


@router.post("/v1/tables/{tid}/actions", response_model=m.ActionOut, responses=TABLE_ERRORS, tags=["tables"])
def act(tid: TableId, who: Who, svc: Svc, action: m.Action, response: Response,
        if_seq: IfSeq = None) -> dict[str, Any]:
    """Perform one action of the Round/Session procedure (needs the table's dealer token). It is
    in the journal before this answers; a refused action changes nothing and answers with the
    engine's error. A shuffle answers no stacks: they stay face down."""
    e, _ = who.table(tid, act=True)
    data = action.model_dump(exclude_none=True)
    t0 = time.perf_counter()
    result, view = svc.journal.perform(e, data, if_seq)
    t1 = time.perf_counter()
    # the engine's CPU time in the action, and the wall time of the action with its commit
    response.headers["Server-Timing"] = (f"engine;dur={1e3 * e.engine_seconds:.3f}, "
                                         f"journal;dur={1e3 * (t1 - t0):.3f}")
    if data["action"] == "shuffle":
        result = None
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.post("/v1/tables/{tid}/deadline", response_model=m.ActionOut, responses=TABLE_ERRORS, tags=["tables"])
def deadline(tid: TableId, who: Who, svc: Svc, action: m.DeadlineAction, if_seq: IfSeq = None) -> dict[str, Any]:
    """The round's deadline for the settings (needs the table's dealer token; issue 38):
    ``set_deadline`` sets or moves it (``seconds`` from now, or ``at``), ``apply_deadline``
    applies it once passed: every hand still unset is set by the table's rule and recorded with
    the reason ``deadline``. The service's clock gives the times, journaled with the action so the
    table replays the same."""
    e, _ = who.table(tid, act=True)
    data = deadline_action(action, time.time())
    result, view = svc.journal.perform(e, data, if_seq)
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@router.get("/v1/tables/{tid}/rounds/{number}", responses=TABLE_ERRORS, tags=["tables"])
def read_round(tid: TableId, number: Number, who: Who, svc: Svc) -> dict[str, Any]:
    """The record of finished round ``number`` (1 is the first) in the round-record format
    (``paigow-round/1``, what ``paigow round --json`` writes and ``paigow settle`` reads); a
    public table's reader without a token gets the round as the table showed it when it ended.
    Read from the store, not by replaying the table."""
    e, public = who.table(tid)
    return svc.journal.finished_round(e, number, public)


@router.post("/v1/tables/{tid}/close", response_model=m.TableClosed, responses=OPERATOR_ERRORS, tags=["tables"])
def close_table(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """Close a table between rounds (needs an operator key): its last state is archived, it
    takes no more actions and is not replayed at start; its journal stays for the audit."""
    op = who.operator()
    return svc.journal.close_table(who.own_table(tid, op))


@router.post("/v1/tables/{tid}/token", response_model=m.TokenOut, responses=OPERATOR_ERRORS, tags=["tables"])
def new_token(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """A new dealer token for the table (needs an operator key); the old one stops working."""
    op = who.operator()
    return {"id": tid, "token": svc.journal.rotate_token(who.own_table(tid, op))}


@router.get("/v1/tables/{tid}/journal", responses=OPERATOR_ERRORS, tags=["tables"])
def export_journal(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The table's whole journal for the regulator (``paigow-journal/1``; needs an operator
    key): every row with its hash, and whether the chain checks. The rows of a round still in
    play are withheld until it is settled."""
    op = who.operator()
    e = svc.journal.entry(tid)
    if e is None or (e.operator is not None and e.operator != op):
        raise UnknownTableError(f"operator {op!r} has no table {tid!r}")
    return svc.journal.export(e)


def finished_round_record(session: Any, number: int) -> dict[str, Any]:
    """The round record (:mod:`paigow.table.records`) of finished round ``number`` of ``session``: the
    session's record is replayed up to that round, left open, and the round's own record read."""
    from paigow.table.records import replay_session, round_record, session_record

    record = session_record(session)
    events, rounds = [], 0
    for ev in record["events"]:
        events.append(ev)
        rounds += ev["event"] == "round"
        if rounds == number:
            break
    r = replay_session({**record, "events": events}).round
    assert r is not None and r.result is not None
    return round_record(r)
