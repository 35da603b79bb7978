"""Fish-Prawn-Crab over HTTP: the odds and a slip's settlement (``reference``: no state) and the
tables under ``/v1/pcc/tables`` (``tables``) with their pages (``/pcc``, ``/pcc/display``).

The tables live in the same journal as the Pai Gow tables (same hash chain, tokens, operator
keys, snapshots, round records, audit and export); only the create, read, action and round
endpoints are the game's own, because their bodies are (:mod:`paigow.serve.pcc_api`). Closing a
table, a new dealer token, the operator's list and the regulator's export are the shared
``/v1/tables/...`` ones.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse

import pcc
from paigow.serve import models as m
from paigow.serve.auth import Who
from paigow.serve.pcc_api import PccAction, PccActionOut, PccTableCreated, PccTableIn, PccTableState
from paigow.serve.routers.common import (
    CREATE_ERRORS,
    ERRORS,
    STATIC,
    TABLE_ERRORS,
    Bets,
    IfSeq,
    Number,
    Svc,
    TableId,
)

__all__ = ["reference", "tables"]

reference = APIRouter()
"""The odds and the settlement of a slip."""
tables = APIRouter()
"""The tables and their pages."""


@reference.get("/v1/pcc/odds", response_model=list[m.PccOdds], responses=ERRORS, tags=["pcc"])
def pcc_odds(bet: Bets = None) -> list[dict[str, Any]]:
    """Exact odds of Fish-Prawn-Crab bets (every spot when none is named)."""
    rows = tuple(pcc.odds(pcc.Spot.parse(s)) for s in bet) if bet else pcc.odds_table()
    return pcc.table_as_json(rows)


@reference.post("/v1/pcc/settle", response_model=m.PccSettleOut, responses=ERRORS, tags=["pcc"])
def pcc_settle(body: m.PccSettleIn) -> dict[str, Any]:
    """Settle a slip of Fish-Prawn-Crab bets against a roll (after any void rolls)."""
    rnd = pcc.Round(body.ruleset)
    for text in body.bets:
        rnd.verify_place(text)
    for text in body.bets:
        rnd.place(text)
    for reason in body.voids:  # each void roll came after the bell; betting opens again after it
        rnd.close_betting()
        rnd.void_roll(reason)
    rnd.close_betting()  # the bell (Art. 3.1): the dome is lifted on a closed table
    s = rnd.settle(body.roll)
    r = s.roll
    return {
        "ruleset": str(rnd.ruleset), "voids": [str(v.reason) for v in rnd.voids],
        "roll": {"text": str(r), "dice": [str(f) for f in r.dice], "numbers": list(r.numbers), "total": r.total},
        "lines": [{"ticket": x.ticket, "bet": str(x.bet), "spot": str(x.bet.spot), "stake": x.stake, "won": x.won,
                   "odds": x.odds, "paid": x.paid, "returned": x.returned, "net": x.net} for x in s.lines],
        "totals": {"staked": s.staked, "paid": s.paid, "returned": s.returned, "player_net": s.player_net,
                   "house_result": s.house_result},
    }


@tables.get("/pcc", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(STATIC / "pcc.html")


@tables.get("/pcc/display", include_in_schema=False)
def display() -> FileResponse:
    return FileResponse(STATIC / "pcc-display.html")


@tables.post("/v1/pcc/tables", response_model=PccTableCreated, status_code=201, responses=CREATE_ERRORS,
               tags=["pcc tables"])
def create(body: PccTableIn, who: Who, svc: Svc) -> dict[str, Any]:
    """Open a Fish-Prawn-Crab table (needs an operator key). It is live: a roll the dealer
    does not enter is shaken from the secure generator and journaled. The response carries the
    table's dealer token, this once."""
    op = who.operator()
    config: dict[str, Any] = {"game": "pcc", "ruleset": body.ruleset}
    if not body.new_bets_after_void:
        config["new_bets_after_void"] = False
    if body.automatic_bell:
        config["automatic_bell"] = True
    tid, token = svc.open_once(op, body.client_key, lambda: svc.journal.create(
        config, public=body.public, seed=None, operator=op, mode="live", limit=svc.max_tables))
    e = svc.journal.entry(tid)
    assert e is not None
    return {"id": tid, "token": token, "public": e.public, "mode": e.mode, "state": svc.journal.read(e, False)}


@tables.get("/v1/pcc/tables/{tid}", response_model=PccTableState, responses=TABLE_ERRORS, tags=["pcc tables"])
def read(tid: TableId, who: Who, svc: Svc) -> dict[str, Any]:
    """The table's state (the dealer token or an operator key; a public table without one)."""
    e, public = who.table(tid, game="pcc")
    return svc.journal.read(e, public)


@tables.post("/v1/pcc/tables/{tid}/actions", response_model=PccActionOut, responses=TABLE_ERRORS,
               tags=["pcc tables"])
def act(tid: TableId, who: Who, svc: Svc, action: PccAction, response: Response,
        if_seq: IfSeq = None) -> dict[str, Any]:
    """One action of :class:`pcc.Round` (``place``, ``withdraw``, ``close_betting``,
    ``void_roll``, ``settle``) or ``new_round`` (needs the dealer token); journaled before it
    answers; a refused action changes nothing and answers the engine's error."""
    e, _ = who.table(tid, act=True, game="pcc")
    data = action.model_dump(exclude_none=True)
    t0 = time.perf_counter()
    result, view = svc.journal.perform(e, data, if_seq)
    response.headers["Server-Timing"] = (f"engine;dur={1e3 * e.engine_seconds:.3f}, "
                                         f"journal;dur={1e3 * (time.perf_counter() - t0):.3f}")
    return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}


@tables.get("/v1/pcc/tables/{tid}/rounds/{number}", responses=TABLE_ERRORS, tags=["pcc tables"])
def read_round(tid: TableId, number: Number, who: Who, svc: Svc) -> dict[str, Any]:
    """Finished round ``number``: who placed each ticket and its ``pcc-round`` record (what
    ``pcc settle`` reads: ``jq .record``)."""
    e, public = who.table(tid, game="pcc")
    return svc.journal.finished_round(e, number, public)
