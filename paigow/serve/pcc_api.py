"""The HTTP face of Fish-Prawn-Crab tables (:mod:`paigow.serve.pcc_tables`): their pydantic models
and an :class:`~fastapi.APIRouter` under ``/v1/pcc/tables`` that :func:`paigow.serve.app.create_app`
includes. The tables live in the same journal as the Pai Gow tables (same hash chain, tokens,
operator keys, snapshots, round records, audit and export); only the create, read, action and
round endpoints are the game's own, because their bodies are. Closing a table, a new dealer
token, the operator's list and the regulator's export are the shared ``/v1/tables/...`` ones.

The page (``/pcc``) and the players' display (``/pcc/display``) are static files of the package.
"""

from __future__ import annotations

import pathlib
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union

from fastapi import APIRouter, Depends, Path, Query, Response
from fastapi.responses import FileResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from paigow.serve.journal import Journal, TableEntry
from paigow.serve.pcc_tables import PLAYER_MAX

__all__ = ["pcc_router", "PccTableIn", "PccAction", "PccTableState", "PccActionOut", "PccTableCreated"]

_Text = Annotated[str, StringConstraints(max_length=200)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PccTableIn(_Model):
    """A Fish-Prawn-Crab table to open: always live (rolls from the secure generator, journaled)."""

    ruleset: Literal["2004", "1996"] = Field("2004", description="Despacho 59/2004 (in force) or Portaria 21/96/M")
    new_bets_after_void: StrictBool = Field(
        True, description="new bets after a void roll: the players' right under 2004; the house's option under 1996")
    automatic_bell: StrictBool = Field(
        False, description="a roll entered while betting is open rings the bell first (default: the dealer rings it)")
    public: StrictBool = Field(False, description="readers without the token see the table (nothing is face down)")


class Place(_Model):
    action: Literal["place"]
    spot: _Text = Field(description="a spot of the layout: small, big, figure:crab, colour2:green, colour3:any,"
                                    " triple:fish, triple:any, total:9 (any language the engine reads)")
    stake: StrictInt = Field(description="whole minor units, 1 to 10**15")
    player: Annotated[str, StringConstraints(max_length=PLAYER_MAX)] = Field(description="who placed the bet")


class Withdraw(_Model):
    action: Literal["withdraw"]
    ticket: StrictInt


class CloseBetting(_Model):
    action: Literal["close_betting"]


class VoidRoll(_Model):
    action: Literal["void_roll"]
    reason: _Text = Field(description="stacked or tilted")


class SettleRoll(_Model):
    action: Literal["settle"]
    roll: _Text | None = Field(None, description="the dice as read ('crab fish crab', '5 1 5'); left out: shaken"
                                                  " from the secure generator and journaled")


class NewRound(_Model):
    action: Literal["new_round"]


PccAction = Annotated[Union[Place, Withdraw, CloseBetting, VoidRoll, SettleRoll, NewRound],
                      Field(discriminator="action")]


class PccTableState(BaseModel):
    """A Fish-Prawn-Crab table's state; ``balances`` (each player's net over the finished rounds)
    and ``house`` add up to zero."""

    model_config = ConfigDict(extra="allow")  # a closed table's state adds "closed": when

    game: Literal["pcc"]
    seq: int
    mode: str
    ruleset: str
    regulation: str
    new_bets_after_void: bool
    automatic_bell: bool
    rounds: int
    balances: dict[str, int]
    house: int
    round: dict[str, Any]


class PccTableCreated(_Model):
    id: str
    token: str = Field(description="the table's dealer token, given this once")
    public: bool
    mode: str
    state: PccTableState


class PccActionOut(_Model):
    seq: int
    action: str
    result: Any
    state: PccTableState


_bearer = HTTPBearer(auto_error=False, description="a table's dealer token or an operator key")
Cred = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
TableId = Annotated[str, Path(max_length=64)]
Number = Annotated[int, Path(ge=1, le=1 << 31)]
IfSeq = Annotated[int | None, Query(description="refuse with 409 unless the table is at this seq")]

Reader = Callable[..., tuple[TableEntry, bool]]
NeedOperator = Callable[[HTTPAuthorizationCredentials | None], str]
Responses = dict[int | str, dict[str, Any]]


def pcc_router(journal: Journal, reader: Reader, need_operator: NeedOperator, max_tables: int,
               create_errors: Responses, table_errors: Responses, static: pathlib.Path) -> APIRouter:
    """The Fish-Prawn-Crab tables' endpoints on ``journal``, with the app's own access checks
    (``reader(tid, cred, act=..., game="pcc")``, ``need_operator``), its error responses and
    its static folder (the pages)."""
    errors = {"create": create_errors, "table": table_errors}
    r = APIRouter()

    @r.get("/pcc", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(static / "pcc.html")

    @r.get("/pcc/display", include_in_schema=False)
    def display() -> FileResponse:
        return FileResponse(static / "pcc-display.html")

    @r.post("/v1/pcc/tables", response_model=PccTableCreated, status_code=201, responses=errors["create"],
            tags=["pcc tables"])
    def create(body: PccTableIn, cred: Cred) -> dict[str, Any]:
        """Open a Fish-Prawn-Crab table (needs an operator key). It is live: a roll the dealer
        does not enter is shaken from the secure generator and journaled. The response carries the
        table's dealer token, this once."""
        op = need_operator(cred)
        config: dict[str, Any] = {"game": "pcc", "ruleset": body.ruleset}
        if not body.new_bets_after_void:
            config["new_bets_after_void"] = False
        if body.automatic_bell:
            config["automatic_bell"] = True
        tid, token = journal.create(config, public=body.public, seed=None, operator=op, mode="live", limit=max_tables)
        e = journal.entry(tid)
        assert e is not None
        return {"id": tid, "token": token, "public": e.public, "mode": e.mode, "state": journal.read(e, False)}

    @r.get("/v1/pcc/tables/{tid}", response_model=PccTableState, responses=errors["table"], tags=["pcc tables"])
    def read(tid: TableId, cred: Cred) -> dict[str, Any]:
        """The table's state (the dealer token or an operator key; a public table without one)."""
        e, public = reader(tid, cred, game="pcc")
        return journal.read(e, public)

    @r.post("/v1/pcc/tables/{tid}/actions", response_model=PccActionOut, responses=errors["table"],
            tags=["pcc tables"])
    def act(tid: TableId, cred: Cred, action: PccAction, response: Response, if_seq: IfSeq = None) -> dict[str, Any]:
        """One action of :class:`pcc.Round` (``place``, ``withdraw``, ``close_betting``,
        ``void_roll``, ``settle``) or ``new_round`` (needs the dealer token); journaled before it
        answers; a refused action changes nothing and answers the engine's error."""
        e, _ = reader(tid, cred, act=True, game="pcc")
        data = action.model_dump(exclude_none=True)
        t0 = time.perf_counter()
        result, view = journal.perform(e, data, if_seq)
        response.headers["Server-Timing"] = (f"engine;dur={1e3 * e.engine_seconds:.3f}, "
                                             f"journal;dur={1e3 * (time.perf_counter() - t0):.3f}")
        return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}

    @r.get("/v1/pcc/tables/{tid}/rounds/{number}", responses=errors["table"], tags=["pcc tables"])
    def read_round(tid: TableId, number: Number, cred: Cred) -> dict[str, Any]:
        """Finished round ``number``: who placed each ticket and its ``pcc-round`` record (what
        ``pcc settle`` reads: ``jq .record``)."""
        e, public = reader(tid, cred, game="pcc")
        return journal.finished_round(e, number, public)

    return r
