"""The HTTP models of the home game's tables 推牌九 (:mod:`paigow.serve.home_tables`); their
endpoints, under ``/v1/home/tables``, are :mod:`paigow.serve.routers.home`'s. The tables live in
the same journal as the other games' (same hash chain, tokens, operator keys, snapshots, round
records, audit and export); only the create, read, action, round and advice endpoints are the
game's own, because their bodies are. Closing a table, a new dealer token, the operator's list and
the regulator's export are the shared ``/v1/tables/...`` ones.

The dealer's page (``/home``) and the players' display (``/home/display``) are static files of
the package.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from paigow.serve.models import CLIENT_KEY, ApplyDeadline, ClientKey, SetDeadline, Whole

__all__ = ["HomeOptions", "HomeTableIn", "HomeAction", "HomeTableState", "HomeActionOut", "HomeTableCreated",
           "HomeAdvice", "HomeSeatAction", "HomeSeatState", "HomeSeatActionOut"]

_Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
_Text = Annotated[str, StringConstraints(max_length=200)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HomeOptions(_Model):
    """The home game's options (docs/rules.md Part 4), each a field of the rule set; left out,
    the default rule set ``home``'s."""

    payout: Literal["whole", "halves"] | None = Field(None, description="whole: both hands decide, even money;"
                                                                       " halves: front 1 to 1, back 2 to 1")
    commission: Literal["0", "4%"] | None = Field(None, description="taken from each bettor's win")
    dice: Literal[0, 2] | None = Field(None, description="0: the doors take their stacks in order; 2: the dice pick")
    bank: Literal["house-covers", "winner-keeps"] | None = Field(
        None, description="the house banks every round, or a player banks and keeps it while he wins")
    tiles_per_hand: Literal[4, 2] | None = Field(None, description="4, or 2 for the two-tile game 小牌九")
    rounds_per_shuffle: Literal[2, 1] | None = Field(None, description="two rounds a shuffle, or one")
    copies: Literal["banker", "neutral"] | None = Field(None, description="a copy to the banker, or neutral")


class HomeTableIn(_Model):
    """A home table to open: ``live`` (its shuffles and dice from the secure generator, journaled;
    only the holders set hands) or a ``simulation`` (``seed``)."""

    mode: Literal["live", "simulation"] = "live"
    seed: Annotated[StrictInt, Field(ge=0, le=2**63 - 1)] | None = Field(None, description="a simulation's seed")
    options: HomeOptions | None = None
    banker: _Name | None = Field(None, description="who banks the first round at bank 'winner-keeps'")
    public: StrictBool = Field(False, description="readers without the token see the public view (no hand before"
                                                  " the settlement, never the stacks)")
    client_key: ClientKey = CLIENT_KEY
    seat_bets: Literal["accept", "confirm"] = Field(
        "accept", description="a door's seat's bets: taken at once (accept), or kept as requests the host confirms"
                              " or refuses (confirm; docs/home-table.md)")


class HomeBank(_Model):
    action: Literal["bank"]
    amount: Whole = Field(description="the bank the player banking puts up (bank 'winner-keeps')")


class HomeBet(_Model):
    action: Literal["bet"]
    door: Whole = Field(description="1 初門, 2 川門, 3 尾門")
    bettor: _Name
    amount: Whole = Field(description="whole minor units")


class HomeShuffleTiles(_Model):
    action: Literal["shuffle"]
    tiles: _Text | None = Field(None, description="the 32 tiles in dealing order as the dealer reads them; left out:"
                                                  " drawn (live: the secure generator, journaled)")


class HomeShake(_Model):
    action: Literal["shake"]
    dice: list[StrictInt] | None = Field(None, max_length=6, description="the dice as read; left out: drawn")


class HomeDeal(_Model):
    action: Literal["deal"]


class HomeSetHand(_Model):
    action: Literal["set_hand"]
    position: Whole = Field(description="0 the banker, 1-3 the doors")
    setting: _Text | StrictInt = Field(description="'front | back' as the setter says, or the split 0-2")
    by: _Name | None = Field(None, description="the setter (the door's holder, or the banker); required at a live table")


class HomePlay(_Model):
    action: Literal["play"]
    strategy: _Text = Field("max-front", description="a simulation only: the strategy that sets every hand still unset")


class HomeSettle(_Model):
    action: Literal["settle"]


class HomeNextRound(_Model):
    action: Literal["next_round"]


class HomeNextShuffle(_Model):
    action: Literal["next_shuffle"]


HomeAction = Annotated[Union[HomeBank, HomeBet, HomeShuffleTiles, HomeShake, HomeDeal, HomeSetHand, HomePlay, HomeSettle,
                             HomeNextRound, HomeNextShuffle],
                       Field(discriminator="action")]


class HomeTableState(BaseModel):
    """A home table's state; ``balances`` (each party's net over the finished rounds, the house
    included) and ``commission`` add up to zero."""

    model_config = ConfigDict(extra="allow")  # a closed table's state adds "closed": when

    game: Literal["home"]
    seq: int
    mode: str
    rules: dict[str, Any]
    rounds: int
    shuffle: int
    balances: dict[str, int]
    commission: int
    round: dict[str, Any]


class HomeTableCreated(_Model):
    id: str
    token: str = Field(description="the table's dealer token, given this once")
    public: bool
    mode: str
    state: HomeTableState
    qr: str | None = Field(None, description="the QR code (SVG) of the address that resumes the table")
    display: str | None = Field(None, description="a public table's players' display address")
    display_qr: str | None = Field(None, description="the QR code (SVG) of the players' display address")


class HomeActionOut(_Model):
    seq: int
    action: str
    result: Any
    state: HomeTableState


class HomeAdvice(_Model):
    """A hand's advice (:meth:`paigow.table.home.HomeShuffle.advice`): each setting's wins,
    pushes and losses against the other side's possible hands (the tiles neither seen nor held)."""

    position: int
    tiles: list[str]
    seen: list[str]
    against: str
    opponent_hands: int
    best: int
    best_setting: str
    options: list[dict[str, Any]]


# -- a home table's seats (issue 38): a seat's own action, its door, bettor and setter its own when
# left out; the dealer's actions are read too, to be refused with seat.forbidden
class HomeSeatBet(_Model):
    action: Literal["bet"]
    door: Whole | None = Field(None, description="its own door when left out (the only one a seat bets on)")
    bettor: _Name | None = Field(None, description="its own player (P1-P3) when left out")
    amount: Whole = Field(description="whole minor units")


class HomeSeatSetHand(_Model):
    action: Literal["set_hand"]
    position: Whole | None = Field(None, description="its own when left out (the only one a seat sets)")
    setting: _Text | StrictInt = Field(description="'front | back', or the split 0-2")
    by: _Name | None = Field(None, description="its own player (the banker's seat: the round's banker)")


HomeSeatAction = Annotated[Union[HomeBank, HomeSeatBet, HomeShuffleTiles, HomeShake, HomeDeal, HomeSeatSetHand,
                                 HomePlay, HomeSettle, HomeNextRound, HomeNextShuffle, SetDeadline, ApplyDeadline],
                           Field(discriminator="action")]


class HomeSeatState(HomeTableState):
    """What a home table's seat sees: the public view and its own hand once dealt."""

    seat: int = Field(description="0 the banker's place, 1-3 a door")
    player: str = Field(description="who the seat is: P1-P3 for a door, the round's banker for 0")
    advice: bool = Field(description="whether the table lets the seat ask for advice (a home table: yes)")


class HomeSeatActionOut(_Model):
    seq: int
    action: str
    result: Any
    state: HomeSeatState
