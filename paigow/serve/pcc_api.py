"""The HTTP models of Fish-Prawn-Crab tables (:mod:`paigow.serve.pcc_tables`); their endpoints,
under ``/v1/pcc/tables``, are :mod:`paigow.serve.routers.pcc`'s. The tables live in the same
journal as the Pai Gow tables (same hash chain, tokens, operator keys, snapshots, round records,
audit and export); only the create, read, action and round endpoints are the game's own, because
their bodies are. Closing a table, a new dealer token, the operator's list and the regulator's
export are the shared ``/v1/tables/...`` ones.

The page (``/pcc``) and the players' display (``/pcc/display``) are static files of the package.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

from paigow.serve.models import CLIENT_KEY, ClientKey, Whole
from paigow.serve.pcc_tables import PLAYER_MAX

__all__ = ["PccTableIn", "PccAction", "PccTableState", "PccActionOut", "PccTableCreated"]

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
    client_key: ClientKey = CLIENT_KEY


class Place(_Model):
    action: Literal["place"]
    spot: _Text = Field(description="a spot of the layout: small, big, figure:crab, colour2:green, colour3:any,"
                                    " triple:fish, triple:any, total:9 (any language the engine reads)")
    stake: Whole = Field(description="whole minor units, 1 to 10**15")
    player: Annotated[str, StringConstraints(max_length=PLAYER_MAX)] = Field(description="who placed the bet")


class Withdraw(_Model):
    action: Literal["withdraw"]
    ticket: Whole


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
