"""What happened at the table, as frozen values: the log of a round and of a session.

Every action a :class:`~paigow.table.round.Round` or :class:`~paigow.table.session.Session`
takes is logged, in order, as one of these values; the log is the record. The values carry the
table's own trusted values (a :class:`~paigow.table.dealing.Deal`, a
:class:`~paigow.setting.Setting`), never text: :mod:`paigow.table.records` alone writes them as
JSON and reads them back (a format beside the model, as python-chess keeps ``pgn.py`` beside the
board). Each event's ``kind`` is its name in a record.

>>> from paigow.table.round import Round
>>> r = Round(0, seed=1)
>>> _ = r.set_stake(1000), r.bet(1, 100)
>>> r.state.log
(StakeSet(amount=1000), BetPlaced(position=1, bettor='P1', amount=100))
>>> [e.kind for e in r.state.log]
['stake', 'bet']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar, Union

from _tablegames.enums import CodeRepr
from paigow.hands import Hand
from paigow.setting import Setting
from paigow.table.dealing import Cut, Deal, DiceRoll, Exposure, Stacks
from paigow.tiles import Tile

__all__ = [
    "DealRecord",
    "StakeSet",
    "CoBanked",
    "BetPlaced",
    "BetWithdrawn",
    "Declared",
    "Shuffled",
    "Committed",
    "CutMade",
    "Shaken",
    "Dealt",
    "Exposed",
    "HandSet",
    "WaySet",
    "WHY",
    "DeadlineSet",
    "DeadlinePassed",
    "Turned",
    "Settled",
    "RoundEvent",
    "BankEvent",
    "BankTurn",
    "RoundPlayed",
    "RoundEnded",
    "BankMoved",
    "SessionEvent",
]


# -- a deal, as the round keeps it ------------------------------------------------------------------
@dataclass(frozen=True)
class DealRecord:
    """One deal of a round: the stacks as laid out (None when the dealer entered the dealt
    tiles), the cuts, every shake (void ones too), the deal and the exposed tiles. ``void``
    marks a deal made void by two of the banker's tiles exposed (Art. 2.3); ``commitment`` is a
    live table's commitment to the stacks (:class:`Committed`, None: none made)."""

    stacks: Stacks | None = None
    cuts: tuple[Cut, ...] = ()
    shakes: tuple[DiceRoll, ...] = ()
    deal: Deal | None = None
    exposures: tuple[Exposure, ...] = ()
    void: bool = False
    commitment: "Committed | None" = None

    @property
    def dice(self) -> DiceRoll | None:
        """The shake that counted (the last one, when it is not void)."""
        if self.shakes and self.shakes[-1].void is None:
            return self.shakes[-1]
        return None

    def exposed(self, position: int) -> int:
        """How many tiles were exposed at ``position`` in this deal."""
        return sum(1 for e in self.exposures if e.position == position)


# -- the events of a round --------------------------------------------------------------------------
@dataclass(frozen=True)
class StakeSet:
    """The banker puts the stake on the table (Art. 4.4, 4.9)."""

    kind: ClassVar[str] = "stake"
    amount: int


@dataclass(frozen=True)
class CoBanked:
    """The house (``position`` None) or the player of ``position`` shares the bank (Art. 3.1-3.3)."""

    kind: ClassVar[str] = "co_bank"
    position: int | None
    stake: int


@dataclass(frozen=True)
class BetPlaced:
    """A bet, in the order placed (Art. 4.6, 7)."""

    kind: ClassVar[str] = "bet"
    position: int
    bettor: str
    amount: int


@dataclass(frozen=True)
class BetWithdrawn:
    """A bettor takes back (part of) a bet before the shake (Art. 4.6-4.7): the latest placed
    first."""

    kind: ClassVar[str] = "withdraw"
    position: int
    bettor: str
    amount: int


@dataclass(frozen=True)
class Declared:
    """The banker declares the dealing method before shaking (Art. 4.4)."""

    kind: ClassVar[str] = "declare"
    method: str


@dataclass(frozen=True)
class Shuffled:
    """The 32 tiles laid out in 8 stacks."""

    kind: ClassVar[str] = "shuffle"
    stacks: Stacks


@dataclass(frozen=True)
class Committed:
    """A live table's commitment to the stacks just laid out, published before the bets close:
    the SHA-256 of the stacks and the ``secret`` (32 random bytes), revealed after the settlement
    (:mod:`paigow.table.fairness`)."""

    kind: ClassVar[str] = "commit"
    commitment: str
    secret: bytes = field(repr=False)


@dataclass(frozen=True)
class CutMade:
    """A cut (Art. 2.1)."""

    kind: ClassVar[str] = "cut"
    cut: Cut


@dataclass(frozen=True)
class Shaken:
    """A shake of the dice; a void one is shaken again (Art. 1.5)."""

    kind: ClassVar[str] = "shake"
    roll: DiceRoll


@dataclass(frozen=True)
class Dealt:
    """The tiles dealt (or entered by the dealer)."""

    kind: ClassVar[str] = "deal"
    deal: Deal


@dataclass(frozen=True)
class Exposed:
    """A tile turned face up by accident while dealing (``tile`` None: not recorded; Art. 2.2-2.3)."""

    kind: ClassVar[str] = "expose"
    position: int
    tile: Tile | None


@dataclass(frozen=True)
class HandSet:
    """A position's setting, by its holder (``by``, None: not named) or, in a simulation, by a
    strategy (``strategy``, its name)."""

    kind: ClassVar[str] = "set"
    position: int
    setting: Setting
    by: str | None = None
    strategy: str | None = None


WHY = ("house", "asked", "foul", "deadline")
"""Why a hand was set by the house way (:class:`WaySet`): the house's own hand (or the hand of a
bank the house shares), the holder asked for it, the holder's setting fouled, or the holder had not
set it when the round's deadline passed (:class:`DeadlinePassed`)."""


@dataclass(frozen=True)
class WaySet:
    """A position's hand set by the house way (docs/rules.md §3.1): ``why`` is one of
    :data:`WHY`; ``rule`` the house way's rule that decided the setting, ``way`` its name;
    ``by`` who asked (or whose setting fouled); ``placed`` the fouled placement, low then high."""

    kind: ClassVar[str] = "house_way"
    position: int
    setting: Setting
    rule: str
    way: str
    why: str
    by: str | None = None
    placed: tuple[Hand, Hand] | None = None


@dataclass(frozen=True)
class DeadlineSet:
    """The round's deadline for the settings: ``at``, seconds since the epoch (UTC) by the
    table's clock, which the engine takes as data (a record replays without a clock)."""

    kind: ClassVar[str] = "deadline"
    at: float


@dataclass(frozen=True)
class DeadlinePassed:
    """The table applied the deadline at ``at`` (its clock, seconds since the epoch): every hand
    still unset was then set by the table's rule, each logged as a :class:`WaySet` with ``why``
    ``"deadline"`` (docs/rules.md §1.8, "Deadlines")."""

    kind: ClassVar[str] = "deadline_passed"
    at: float


@dataclass(frozen=True)
class Turned:
    """The banker turns the first of his tiles: no setting changes after (Art. 8.2)."""

    kind: ClassVar[str] = "turn"


@dataclass(frozen=True)
class Settled:
    """The round is settled."""

    kind: ClassVar[str] = "settle"


RoundEvent = Union[StakeSet, CoBanked, BetPlaced, BetWithdrawn, Declared, Shuffled, Committed, CutMade, Shaken, Dealt, Exposed,
                   HandSet, WaySet, DeadlineSet, DeadlinePassed, Turned, Settled]
"""One event of a round."""


# -- the events of a session ------------------------------------------------------------------------
class BankEvent(CodeRepr, enum.Enum):
    """What happened to the bank between rounds."""

    PASS = "pass"
    """The banker gives up the bank; the turn goes to the next position in dealing order."""
    DECLINE = "decline"
    """The position whose turn it is declines; the turn goes on (Art. 4.3)."""
    ACCEPT = "accept"
    """The position whose turn it is takes the bank."""
    CO_BANK = "co_bank"
    """The position whose turn it is takes the bank with the house, half each (the US game)."""


@dataclass(frozen=True)
class BankTurn:
    """A record of the bank moving: ``position`` did ``event``; ``to`` is whose turn it is now
    (or who banks, after an accept); ``house`` says the house banks next, at ``to`` (the US game)."""

    event: BankEvent
    position: int
    to: int
    house: bool = False

    def __str__(self) -> str:
        if self.event is BankEvent.ACCEPT:
            return f"{self.position} takes the bank"
        if self.event is BankEvent.CO_BANK:
            return f"{self.position} takes the bank with the house, half each"
        if self.house:
            return f"{self.position} declines; the house banks at {self.to}"
        verb = "passes" if self.event is BankEvent.PASS else "declines"
        return f"{self.position} {verb}; the turn to bank goes to {self.to}"


@dataclass(frozen=True)
class RoundPlayed:
    """A round of a session: the stake asked (None: the carried one), whether the other seven
    agreed to a third round in a row, and the round's own events after its stake."""

    kind: ClassVar[str] = "round"
    stake: int | None
    others_agree: bool
    events: tuple[RoundEvent, ...]


@dataclass(frozen=True)
class RoundEnded:
    """The settled round is closed; its stake plus result is carried (Art. 4.9)."""

    kind: ClassVar[str] = "end_round"


@dataclass(frozen=True)
class BankMoved:
    """The bank passes, is declined or is accepted (``move``)."""

    move: BankEvent

    @property
    def kind(self) -> str:
        return self.move.value


SessionEvent = Union[RoundPlayed, RoundEnded, BankMoved]
"""One event of a session."""
