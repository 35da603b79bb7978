"""A round of play as a dealer-assistant tool sees it (docs/rules.md §2.3): bets placed (and
withdrawn, while that is allowed), the bell that closes betting, void rolls, and the valid roll
that settles it (:mod:`pcc.settlement`).

Each action comes as ``verify_x`` (raises with the reason), ``can_x`` (yes or no) and ``x`` (acts,
returns a record of what happened); a refused action leaves the round unchanged. The round is a
state machine only: :mod:`pcc.record` writes it as JSON and replays it, and this module never
imports that one.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, Union, overload

from _tablegames.enums import CodeRepr
from pcc._text import quote
from pcc.actions import Action, CloseBetting, Place, Settle, Withdraw
from pcc.actions import VoidRoll as VoidRollAction
from pcc.bets import Bet
from pcc.dice import Roll, roll as _roll
from pcc.errors import IllegalActionError, InvalidRollError, PccError
from pcc.rules import Ruleset, VoidReason
from pcc.settlement import Settlement, settle_slip

__all__ = [
    "BettingClosed",
    "Event",
    "Phase",
    "Placement",
    "RollSource",
    "Round",
    "VoidRoll",
    "Withdrawal",
]


class Placement(NamedTuple):
    """A bet placed on the slip, with the ticket that names it."""

    ticket: int
    bet: Bet


class Withdrawal(NamedTuple):
    """A bet taken back off the slip (only while betting is open, before any roll)."""

    ticket: int
    bet: Bet


class BettingClosed(NamedTuple):
    """The bell: betting closes (Art. 3.1). ``number`` counts the bells of the round (a void roll
    reopens betting, and the bell rings again before the repeat); ``bets`` is the slip's size."""

    number: int
    bets: int


class VoidRoll(NamedTuple):
    """A void roll: its number in the round, why, and how many bets stood through it."""

    number: int
    reason: VoidReason
    standing: int


class RollSource(CodeRepr, enum.Enum):
    """Where the settling roll came from: entered by the dealer, drawn securely, or from a seed."""

    ENTERED = "entered"
    SECURE = "secure"
    SEEDED = "seeded"

    def __str__(self) -> str:
        return self.value


class Phase(CodeRepr, enum.Enum):
    """Where a round stands: betting open, betting closed by the bell, or settled."""

    BETTING = "betting"
    CLOSED = "closed"
    SETTLED = "settled"

    def __str__(self) -> str:
        return self.value


Event = Union[Placement, Withdrawal, BettingClosed, VoidRoll, Settlement]
"""One thing that happened in a round, as :attr:`Round.history` lists them."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _in_force(verify: _F) -> _F:
    """A round's check whose refusals cite the rule set in force: the shared parsers (bets, rolls,
    void reasons) cite Despacho 59/2004, which a 1996 round's message turns into the same rule of
    Portaria 21/96/M (:meth:`Ruleset.in_force`), class and code unchanged."""

    @functools.wraps(verify)
    def checked(self: "Round", *args: Any, **kwargs: Any) -> Any:
        try:
            return verify(self, *args, **kwargs)
        except PccError as e:
            if self._ruleset is Ruleset.R2004:
                raise
            raise type(e)(self._ruleset.in_force(e.message), code=e.code) from None

    return checked  # type: ignore[return-value]


class Round:
    """One round at a Fish-Prawn-Crab table, from the first bet to settlement (docs/rules.md §2.3).

    - Bets are placed while betting is open. The bell (:meth:`close_betting`, Art. 3.1) closes
      it: no bet is placed or withdrawn after it until a void roll reopens betting or a valid
      roll settles the round.
    - A bet may be withdrawn only while betting is open and the round has had no roll. After a
      void roll no bet can be withdrawn, bets added since included (Art. 3.4).
    - Stacked or tilted dice void a roll under both rule sets (docs/rules.md §2.4). The bets
      stand and betting opens again: new bets are the players' right under 2004 and the house's
      option under 1996 (``new_bets_after_void``, accepted by default).
    - A valid roll, after the bell, settles every bet on the slip; the round is then closed
      (Art. 4: all winnings are paid before the dome is covered again).
    - A roll or void roll entered while betting is open rings the bell first, as its own event
      (``automatic_bell``, the default); with ``automatic_bell=False`` it is refused until
      :meth:`close_betting`.

    >>> rnd = Round()
    >>> rnd.place("big=100"), rnd.place("figure:crab=50")
    (Placement(ticket=1, bet=Bet.parse('big=100')), Placement(ticket=2, bet=Bet.parse('figure:crab=50')))
    >>> rnd.close_betting()
    BettingClosed(number=1, bets=2)
    >>> rnd.place("small=10")
    Traceback (most recent call last):
    ...
    pcc.errors.IllegalActionError: bet 'small=10' refused: betting closed at the bell (Despacho 59/2004, Art. 3.1)
    >>> rnd.void_roll("tilted")
    VoidRoll(number=1, reason=VoidReason.TILTED, standing=2)
    >>> rnd.can_withdraw(1)
    False
    >>> rnd.withdraw(1)
    Traceback (most recent call last):
    ...
    pcc.errors.IllegalActionError: ticket 1 cannot be withdrawn: the round has had a void roll (tilted), and bets cannot be withdrawn after one (Despacho 59/2004, Art. 3.4)
    >>> rnd.place("total:9=10").ticket
    3
    >>> _ = rnd.close_betting()
    >>> print(rnd.settle("gourd-coin-prawn"))
    roll prawn-gourd-coin: 3 bets, staked 160, paid 60, returned 70, house +90
    """

    __slots__ = (
        "_ruleset",
        "_new_bets_after_void",
        "_slip",
        "_next_ticket",
        "_voids",
        "_bells",
        "_phase",
        "_history",
        "_settlement",
        "_source",
        "_seed",
        "_automatic_bell",
    )

    def __init__(
        self,
        ruleset: Ruleset | str | int = Ruleset.R2004,
        *,
        new_bets_after_void: bool = True,
        automatic_bell: bool = True,
    ) -> None:
        rules = Ruleset.clean(ruleset)
        if not isinstance(new_bets_after_void, bool):
            raise TypeError(f"new_bets_after_void {quote(new_bets_after_void)} is not True or False")
        if not isinstance(automatic_bell, bool):
            raise TypeError(f"automatic_bell {quote(automatic_bell)} is not True or False")
        if rules is Ruleset.R2004 and not new_bets_after_void:
            raise IllegalActionError(
                "new bets after a void roll are the players' right under the 2004 rules, not a house option"
                " (Despacho 59/2004, Art. 3.4; docs/rules.md §2.4)",
                code="option.new_bets_after_void",
            )
        self._ruleset: Ruleset = rules
        self._new_bets_after_void = new_bets_after_void
        self._slip: dict[int, Bet] = {}
        self._next_ticket = 1
        self._voids: list[VoidRoll] = []
        self._bells = 0
        self._phase = Phase.BETTING
        self._history: list[Event] = []
        self._settlement: Settlement | None = None
        self._source: RollSource | None = None
        self._seed: int | None = None
        self._automatic_bell = automatic_bell

    # -- state ------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the round is played under."""
        return self._ruleset

    @property
    def new_bets_after_void(self) -> bool:
        """Whether new bets are taken after a void roll (always under 2004; the house's option under 1996)."""
        return self._new_bets_after_void

    @property
    def automatic_bell(self) -> bool:
        """Whether a roll entered while betting is open rings the bell first (else it is refused)."""
        return self._automatic_bell

    @property
    def phase(self) -> Phase:
        """Betting open, closed by the bell, or settled."""
        return self._phase

    @property
    def slip(self) -> tuple[Placement, ...]:
        """The bets on the slip, by ticket."""
        return tuple(Placement(t, b) for t, b in self._slip.items())

    @property
    def bets(self) -> tuple[Bet, ...]:
        """The bets on the slip, in the order placed."""
        return tuple(self._slip.values())

    @property
    def staked(self) -> int:
        """The sum of the stakes on the slip."""
        return sum(b.stake for b in self._slip.values())

    @property
    def voids(self) -> tuple[VoidRoll, ...]:
        """The void rolls recorded so far."""
        return tuple(self._voids)

    @property
    def history(self) -> tuple[Event, ...]:
        """Everything that happened, in order: placements, withdrawals, bells, void rolls, the settlement."""
        return tuple(self._history)

    @property
    def settlement(self) -> Settlement | None:
        """The settlement, once a valid roll is recorded."""
        return self._settlement

    @property
    def roll_source(self) -> RollSource | None:
        """Where the settling roll came from, once settled."""
        return self._source

    @property
    def seed(self) -> int | None:
        """The seed of a seeded settling roll."""
        return self._seed

    @property
    def is_settled(self) -> bool:
        """Whether a valid roll has settled the round."""
        return self._settlement is not None

    def __repr__(self) -> str:
        state = f"settled on {self._settlement.roll}" if self._settlement else str(self._phase)
        return (
            f"<Round ruleset={self._ruleset} bets={len(self._slip)} staked={self.staked}"
            f" voids={len(self._voids)} {state}>"
        )

    @property
    def next_ticket(self) -> int:
        """The ticket the next bet placed gets (tickets count 1, 2, ... in order, withdrawn ones too)."""
        return self._next_ticket

    def __eq__(self, other: object) -> bool:
        # equal when their records are: the same rules and the same events, in order
        if isinstance(other, Round):
            return self._key() == other._key()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[object, ...]:
        return (self._ruleset, self._new_bets_after_void, self._automatic_bell, self._source, self._seed,
                tuple(_event_key(e) for e in self._history))

    if TYPE_CHECKING:  # attached by pcc/__init__.py: the functions of pcc.record, which imports this module
        def to_record(self) -> dict[str, Any]: ...

        @classmethod
        def from_record(cls, record: object) -> Round: ...

        def to_json(self) -> str: ...

        @classmethod
        def from_json(cls, text: str | bytes) -> Round: ...

    # -- checks shared by the actions ---------------------------------------------

    def _refuse_if_settled(self, what: str) -> None:
        if self._settlement is not None:
            raise IllegalActionError(
                f"{what} refused: the round is settled on {str(self._settlement.roll)!r}; all winnings are"
                " paid before the dome is covered again, so it belongs to the next round"
                f" ({self._ruleset.cite('4')})",
                code="round.settled",
            )

    def _refuse_after_bell(self, what: str) -> None:
        if self._phase is Phase.CLOSED:
            raise IllegalActionError(
                f"{what} refused: betting closed at the bell ({self._ruleset.cite('3.1')})", code="bet.after_bell"
            )

    def _refuse_before_bell(self, what: str) -> None:
        if self._phase is Phase.BETTING and not self._automatic_bell:
            raise IllegalActionError(
                f"{what} refused: betting is still open; the dome is lifted only after the bell closes"
                f" betting ({self._ruleset.cite('3.1-3.2')}): call close_betting() first",
                code="roll.before_bell",
            )

    # -- one entry for every action ------------------------------------------------

    @overload
    def apply(self, action: Place) -> Placement: ...
    @overload
    def apply(self, action: Withdraw) -> Withdrawal: ...
    @overload
    def apply(self, action: CloseBetting) -> BettingClosed: ...
    @overload
    def apply(self, action: VoidRollAction) -> VoidRoll: ...
    @overload
    def apply(self, action: Settle) -> Settlement: ...
    @overload
    def apply(self, action: Action) -> Placement | Withdrawal | BettingClosed | VoidRoll | Settlement: ...

    def apply(self, action: Action) -> Placement | Withdrawal | BettingClosed | VoidRoll | Settlement:
        """Perform ``action`` (a value of :mod:`pcc.actions`) through its method and return what
        the method returns; ``new_round`` is the table's, not a round's.

        >>> from pcc.actions import CloseBetting, Place, Settle
        >>> rnd = Round()
        >>> rnd.apply(Place("big", 100)).ticket, rnd.apply(CloseBetting()).number
        (1, 1)
        >>> rnd.apply(Settle("crab crab fish")).house_result
        -100
        """
        if isinstance(action, Place):   # no stake: the spot is a whole bet's text ('big=100', as recorded)
            return self.place(action.spot if action.stake is None else self._bet(action.spot, action.stake))
        if isinstance(action, Withdraw):
            return self.withdraw(action.ticket)
        if isinstance(action, CloseBetting):
            return self.close_betting()
        if isinstance(action, VoidRollAction):
            return self.void_roll(action.reason)
        if isinstance(action, Settle):
            return self.settle(action.roll, source=RollSource.ENTERED if action.source is None else action.source,
                               seed=action.seed)
        raise IllegalActionError(f"{action.name} is a table's action, not a round's", code="action.unknown",
                                 params={"action": action.name})

    # -- place --------------------------------------------------------------------

    @_in_force
    def _bet(self, spot: str, stake: int) -> Bet:
        """A spot and a stake as a bet, its refusals citing the rule set in force (a bet built
        outside :meth:`verify_place` would cite Despacho 59/2004 at a 1996 table)."""
        return Bet(spot, stake)

    @_in_force
    def verify_place(self, bet: Bet | str) -> Bet:
        """Check that ``bet`` can be placed; return it cleaned, or raise with the reason.

        >>> Round().verify_place("total:18=5")
        Traceback (most recent call last):
        ...
        pcc.errors.IllegalBetError: total 18 in bet 'total:18' cannot be bet: the totals on the layout run from 4 to 17 (Despacho 59/2004, Art. 5.10)
        """
        cleaned = Bet.clean(bet)
        what = f"bet {str(cleaned)!r}"
        self._refuse_if_settled(what)
        self._refuse_after_bell(what)
        if self._voids and not self._new_bets_after_void:
            raise IllegalActionError(
                f"{what} refused: this house takes no new bets after a void roll ({self._ruleset.after_void_article};"
                " the house's option under the 1996 rules, docs/rules.md §2.4)",
                code="bet.after_void",
            )
        return cleaned

    def can_place(self, bet: Bet | str) -> bool:
        """Whether ``bet`` can be placed."""
        try:
            self.verify_place(bet)
        except PccError:
            return False
        return True

    def place(self, bet: Bet | str) -> Placement:
        """Put ``bet`` on the slip; return its placement with a new ticket."""
        cleaned = self.verify_place(bet)
        ticket = self._next_ticket
        self._slip[ticket] = cleaned
        self._next_ticket = ticket + 1
        record = Placement(ticket, cleaned)
        self._history.append(record)
        return record

    # -- withdraw -----------------------------------------------------------------

    @_in_force
    def verify_withdraw(self, ticket: int) -> Bet:
        """Check that the bet with ``ticket`` can be withdrawn; return it, or raise with the reason."""
        if isinstance(ticket, bool) or not isinstance(ticket, int):
            raise TypeError(f"ticket {quote(ticket)} is not an integer")
        what = f"withdrawal of ticket {quote(ticket)}"
        self._refuse_if_settled(what)
        if self._voids:
            raise IllegalActionError(
                f"ticket {quote(ticket)} cannot be withdrawn: the round has had a void roll"
                f" ({self._voids[-1].reason}), and bets cannot be withdrawn after one"
                f" ({self._ruleset.after_void_article})",
                code="withdraw.after_void",
            )
        self._refuse_after_bell(what)
        if ticket not in self._slip:
            raise IllegalActionError(f"no bet with ticket {quote(ticket)} on the slip", code="ticket.unknown", params={"ticket": ticket})
        return self._slip[ticket]

    def can_withdraw(self, ticket: int) -> bool:
        """Whether the bet with ``ticket`` can be withdrawn."""
        try:
            self.verify_withdraw(ticket)
        except PccError:
            return False
        return True

    def withdraw(self, ticket: int) -> Withdrawal:
        """Take the bet with ``ticket`` off the slip (only while betting is open, before any roll).

        >>> rnd = Round(); _ = rnd.place("small=5")
        >>> rnd.withdraw(1), rnd.bets
        (Withdrawal(ticket=1, bet=Bet.parse('small=5')), ())
        """
        bet = self.verify_withdraw(ticket)
        del self._slip[ticket]
        record = Withdrawal(ticket, bet)
        self._history.append(record)
        return record

    # -- the bell -----------------------------------------------------------------

    @_in_force
    def verify_close_betting(self) -> None:
        """Check that the bell can ring now (betting is open and the round not settled), or raise."""
        self._refuse_if_settled("the bell")
        if self._phase is Phase.CLOSED:
            raise IllegalActionError(
                f"the bell has already closed betting for this roll ({self._ruleset.cite('3.1')})", code="bell.twice"
            )

    def can_close_betting(self) -> bool:
        """Whether the bell can ring now."""
        try:
            self.verify_close_betting()
        except PccError:
            return False
        return True

    def close_betting(self) -> BettingClosed:
        """Ring the bell: no bet is placed or withdrawn until a void roll or the settlement (Art. 3.1)."""
        self.verify_close_betting()
        self._bells += 1
        self._phase = Phase.CLOSED
        record = BettingClosed(self._bells, len(self._slip))
        self._history.append(record)
        return record

    # -- void roll ----------------------------------------------------------------

    @_in_force
    def verify_void_roll(self, reason: VoidReason | str) -> VoidReason:
        """Check that a roll can be declared void for ``reason``; return the reason, or raise.

        >>> Round("1996").verify_void_roll("leaning")       # leaning dice void a 1996 roll too
        VoidReason.TILTED
        >>> Round(automatic_bell=False).verify_void_roll("stacked")
        Traceback (most recent call last):
        ...
        pcc.errors.IllegalActionError: void roll (stacked) refused: betting is still open; the dome is lifted only after the bell closes betting (Despacho 59/2004, Art. 3.1-3.2): call close_betting() first
        """
        why = VoidReason.clean(reason)
        what = f"void roll ({why})"
        self._refuse_if_settled(what)
        self._refuse_before_bell(what)  # stacked or tilted: void under both rule sets (Ruleset.voids_on)
        return why

    def can_void_roll(self, reason: VoidReason | str) -> bool:
        """Whether a roll can be declared void for ``reason``."""
        try:
            self.verify_void_roll(reason)
        except PccError:
            return False
        return True

    def void_roll(self, reason: VoidReason | str) -> VoidRoll:
        """Record a void roll: the bets stand, betting opens again, the roll is repeated (Art. 3.3, 3.4)."""
        why = self.verify_void_roll(reason)
        if self._phase is Phase.BETTING:  # the automatic bell
            self.close_betting()
        record = VoidRoll(len(self._voids) + 1, why, len(self._slip))
        self._voids.append(record)
        self._phase = Phase.BETTING
        self._history.append(record)
        return record

    # -- settle -------------------------------------------------------------------

    @_in_force
    def verify_settle(
        self, roll: Roll | str, *, source: RollSource | str = RollSource.ENTERED, seed: int | None = None
    ) -> Roll:
        """Check that ``roll`` can settle the round; return it cleaned, or raise.

        ``source`` says where the roll came from; a ``"seeded"`` roll names its ``seed``, and
        must be the roll that seed draws (so a record replays only the roll it claims).
        """
        r = Roll.clean(roll)
        src = _clean_source(source)
        if src is RollSource.SEEDED:
            if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"seed {quote(seed)} of a seeded roll is not an integer")
            if _roll(seed) != r:
                raise IllegalActionError(
                    f"roll {str(r)!r} is not the roll of seed {quote(seed)} ({str(_roll(seed))!r})",
                    code="roll.seed",
                )
        elif seed is not None:
            raise TypeError(f"a seed is given for a {src} roll; only a seeded roll has one")
        what = f"roll {str(r)!r}"
        self._refuse_if_settled(what)
        self._refuse_before_bell(what)
        return r

    def can_settle(
        self, roll: Roll | str, *, source: RollSource | str = RollSource.ENTERED, seed: int | None = None
    ) -> bool:
        """Whether ``roll`` can settle the round."""
        try:
            self.verify_settle(roll, source=source, seed=seed)
        except PccError:
            return False
        return True

    def settle(
        self, roll: Roll | str, *, source: RollSource | str = RollSource.ENTERED, seed: int | None = None
    ) -> Settlement:
        """Record a valid roll, after the bell, and settle every bet on the slip against it."""
        r = self.verify_settle(roll, source=source, seed=seed)
        if self._phase is Phase.BETTING:  # the automatic bell
            self.close_betting()
        self._settlement = settle_slip(self._slip.items(), r)
        self._source = _clean_source(source)
        self._seed = seed
        self._phase = Phase.SETTLED
        self._history.append(self._settlement)
        return self._settlement


def _event_key(event: Event) -> tuple[object, ...]:
    """An event as its record holds it."""
    if isinstance(event, Placement):
        return ("place", event.ticket, str(event.bet))
    if isinstance(event, Withdrawal):
        return ("withdraw", event.ticket)
    if isinstance(event, BettingClosed):
        return ("close_betting",)
    if isinstance(event, VoidRoll):
        return ("void", event.reason)
    return ("roll", str(event.roll))


def _clean_source(source: RollSource | str) -> RollSource:
    if isinstance(source, RollSource):
        return source
    if not isinstance(source, str):
        raise TypeError(f"roll source {quote(source)} is not text")
    for s in RollSource:
        if s.value == source:
            return s
    raise InvalidRollError(
        f"unknown roll source {quote(source)}: expected 'entered', 'secure' or 'seeded'", code="roll.source"
    )
