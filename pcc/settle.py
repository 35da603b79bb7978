"""Settlement: a slip of bets against a roll, and a round of play with void rolls.

:func:`settle` is the plain calculation: every bet of a slip against one valid roll.
:class:`Round` records a round as a dealer-assistant tool sees it: bets placed (and
withdrawn, while that is allowed), void rolls, and the valid roll that settles it.
Each action comes as ``verify_x`` (raises with the reason), ``can_x`` (yes or no)
and ``x`` (acts, returns a record); a refused action leaves the round unchanged.

Money is whole minor units, and every settlement balances: the players' net
results and the house's result add up to zero.

>>> s = settle(["big=100", "figure:crab=50", "triple:any=10"], "crab-crab-fish")
>>> [(line.ticket, line.won, line.paid, line.returned) for line in s.lines]
[(1, True, 100, 200), (2, True, 100, 150), (3, False, 0, 0)]
>>> s.staked, s.returned, s.player_net, s.house_result
(160, 350, 190, -190)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple, NoReturn

from pcc.bets import Bet, payout_row
from pcc.dice import Roll, _fold
from pcc.errors import IllegalActionError, InvalidRollError, InvalidRulesetError, PccError

__all__ = [
    "Line",
    "Placement",
    "Round",
    "Ruleset",
    "Settlement",
    "VoidReason",
    "VoidRoll",
    "Withdrawal",
    "settle",
]


class Ruleset(enum.Enum):
    """Which regulation governs the table.

    ``2004`` is Despacho Regulamentar Externo 59/2004, in force: stacked or tilted
    dice void a roll (Art. 3.3). ``1996`` is Portaria 21/96/M, which it revoked: the
    same bets and payouts, but only stacked dice void a roll (Art. 3(c)).

    >>> Ruleset.parse("1996"), str(Ruleset.R2004), Ruleset.R1996.regulation
    (Ruleset.R1996, '2004', 'Portaria 21/96/M')
    >>> Ruleset.R1996.voids_on(VoidReason.TILTED)
    False
    """

    R2004 = "2004"
    R1996 = "1996"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Ruleset.{self.name}"

    @property
    def regulation(self) -> str:
        """The regulation's name."""
        return "Despacho 59/2004" if self is Ruleset.R2004 else "Portaria 21/96/M"

    @property
    def void_article(self) -> str:
        """The article on void rolls."""
        return "Despacho 59/2004, Art. 3.3" if self is Ruleset.R2004 else "Portaria 21/96/M, Art. 3(c)"

    def voids_on(self, reason: VoidReason) -> bool:
        """Whether dice found this way void the roll under this ruleset."""
        return self is Ruleset.R2004 or reason is VoidReason.STACKED

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """``"2004"`` or ``"1996"`` (also ``"59/2004"``, ``"21/96/M"``)."""
        key = _fold(text) if isinstance(text, str) else None
        found = _RULESET_NAMES.get(key) if key is not None else None
        if found is None:
            _unknown_ruleset(text)
        return found

    @classmethod
    def clean(cls, value: Ruleset | str | int) -> Ruleset:
        """``value`` as a :class:`Ruleset`: a ruleset, its year as text, or the year.

        >>> Ruleset.clean(2004)
        Ruleset.R2004
        """
        if isinstance(value, Ruleset):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return cls.parse(str(value))
        _unknown_ruleset(value)


def _unknown_ruleset(value: object) -> NoReturn:
    raise InvalidRulesetError(
        f"unknown ruleset {value!r}: expected '2004' (Despacho 59/2004, in force) or '1996' (Portaria 21/96/M)"
    )


_RULESET_NAMES: Final = {
    "2004": Ruleset.R2004,
    "59/2004": Ruleset.R2004,
    "1996": Ruleset.R1996,
    "21/96/m": Ruleset.R1996,
}


class VoidReason(enum.Enum):
    """Why a roll is void: dice found stacked or tilted when the dome is lifted (Art. 3.3).

    >>> VoidReason.parse("sobrepostos"), VoidReason.parse("Inclinados"), VoidReason.parse("相叠")
    (VoidReason.STACKED, VoidReason.TILTED, VoidReason.STACKED)
    """

    STACKED = "stacked"
    TILTED = "tilted"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"VoidReason.{self.name}"

    @classmethod
    def parse(cls, text: str) -> VoidReason:
        """The reason named by ``text`` in English, Portuguese or Chinese.

        >>> VoidReason.parse("wet")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidRollError: unknown void reason 'wet': a roll is void only when dice are found stacked or tilted (Despacho 59/2004, Art. 3.3)
        """
        found = _VOID_NAMES.get(_fold(text)) if isinstance(text, str) else None
        if found is None:
            raise InvalidRollError(
                f"unknown void reason {text!r}: a roll is void only when dice are found stacked or tilted"
                " (Despacho 59/2004, Art. 3.3)"
            )
        return found

    @classmethod
    def clean(cls, value: VoidReason | str) -> VoidReason:
        """``value`` as a :class:`VoidReason`; a string is parsed."""
        if isinstance(value, VoidReason):
            return value
        return cls.parse(value)


_VOID_NAMES: Final = {
    _fold(name): reason
    for reason, names in {
        VoidReason.STACKED: ("stacked", "sobrepostos", "sobreposto", "相叠", "相疊"),
        VoidReason.TILTED: ("tilted", "inclinados", "inclinado", "斜靠", "斜靠不平"),
    }.items()
    for name in names
}


class Line(NamedTuple):
    """The settlement of one bet.

    ``odds`` is the payout to one (0 when lost), ``paid`` the winnings (stake x odds),
    ``returned`` what goes back to the player (stake + winnings, or 0), ``net`` the
    player's result (winnings, or minus the stake).

    >>> settle(["total:4=10"], "1-1-2").lines[0]
    Line(ticket=1, bet=Bet.parse('total:4=10'), odds=50, paid=500, returned=510, net=500)
    """

    ticket: int
    bet: Bet
    odds: int
    paid: int
    returned: int
    net: int

    @property
    def won(self) -> bool:
        """Whether the bet won."""
        return self.odds > 0

    @property
    def stake(self) -> int:
        """The bet's stake."""
        return self.bet.stake


@dataclass(frozen=True)
class Settlement:
    """Every bet of a slip settled against one valid roll, with the totals.

    ``staked`` is the sum of stakes, ``paid`` the winnings paid on top of returned
    stakes, ``returned`` everything handed back to players, ``player_net`` their
    combined result and ``house_result`` the house's: ``player_net + house_result == 0``.
    """

    roll: Roll
    lines: tuple[Line, ...]
    staked: int
    paid: int
    returned: int
    player_net: int
    house_result: int

    @property
    def won(self) -> tuple[Line, ...]:
        """The winning lines."""
        return tuple(line for line in self.lines if line.odds)

    @property
    def lost(self) -> tuple[Line, ...]:
        """The losing lines."""
        return tuple(line for line in self.lines if not line.odds)

    def __str__(self) -> str:
        return (
            f"roll {self.roll}: {len(self.lines)} bets, staked {self.staked}, paid {self.paid},"
            f" returned {self.returned}, house {self.house_result:+d}"
        )


def _settle(slip: Iterable[tuple[int, Bet]], roll: Roll) -> Settlement:
    row = payout_row(roll)
    lines: list[Line] = []
    append = lines.append
    staked = paid = returned = 0
    for ticket, bet in slip:
        stake = bet._stake
        staked += stake
        odds = row[bet._spot._index]
        if odds:
            win = stake * odds
            paid += win
            returned += stake + win
            append(Line(ticket, bet, odds, win, stake + win, win))
        else:
            append(Line(ticket, bet, 0, 0, 0, -stake))
    player_net = returned - staked
    return Settlement(roll, tuple(lines), staked, paid, returned, player_net, -player_net)


def settle(bets: Iterable[Bet | str], roll: Roll | str) -> Settlement:
    """Settle ``bets`` (numbered 1, 2, ... as tickets) against a valid ``roll``.

    Bets and the roll may be given as text. Small and big lose on any triple (Art. 7).

    >>> settle(["small=10", "big=10", "triple:any=10"], "3-3-3").house_result
    -220
    """
    r = Roll.clean(roll)
    cleaned = [b if type(b) is Bet else Bet.clean(b) for b in bets]
    return _settle(enumerate(cleaned, 1), r)


class Placement(NamedTuple):
    """A bet placed on the slip, with the ticket that names it."""

    ticket: int
    bet: Bet


class Withdrawal(NamedTuple):
    """A bet taken back off the slip before any roll."""

    ticket: int
    bet: Bet


class VoidRoll(NamedTuple):
    """A void roll: its number in the round, why, and how many bets stood through it."""

    number: int
    reason: VoidReason
    standing: int


class Round:
    """One round at a Fish-Prawn-Crab table, from the first bet to settlement.

    - Bets are placed while the round is not settled, including after a void roll
      (Art. 3.4: new bets may be added).
    - A bet may be withdrawn only while the round has had no roll at all. After a
      void roll no bet can be withdrawn, including bets added since (Art. 3.4).
    - A void roll is recorded with its reason; under the 1996 rules only stacked
      dice void a roll, so ``tilted`` is refused.
    - A valid roll settles every bet on the slip; the round is then closed
      (Art. 4: all winnings are paid before the dome is covered again).

    >>> rnd = Round()
    >>> rnd.place("big=100"), rnd.place("figure:crab=50")
    (Placement(ticket=1, bet=Bet.parse('big=100')), Placement(ticket=2, bet=Bet.parse('figure:crab=50')))
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
    >>> print(rnd.settle("gourd-coin-prawn"))
    roll prawn-gourd-coin: 3 bets, staked 160, paid 60, returned 70, house +90
    """

    __slots__ = ("_ruleset", "_slip", "_next_ticket", "_voids", "_settlement")

    def __init__(self, ruleset: Ruleset | str | int = Ruleset.R2004) -> None:
        self._ruleset: Ruleset = Ruleset.clean(ruleset)
        self._slip: dict[int, Bet] = {}
        self._next_ticket = 1
        self._voids: list[VoidRoll] = []
        self._settlement: Settlement | None = None

    # -- state ------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the round is played under."""
        return self._ruleset

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
    def settlement(self) -> Settlement | None:
        """The settlement, once a valid roll is recorded."""
        return self._settlement

    @property
    def is_settled(self) -> bool:
        """Whether a valid roll has settled the round."""
        return self._settlement is not None

    def __repr__(self) -> str:
        state = f"settled on {self._settlement.roll}" if self._settlement else "open"
        return (
            f"<Round ruleset={self._ruleset} bets={len(self._slip)} staked={self.staked}"
            f" voids={len(self._voids)} {state}>"
        )

    def _refuse_if_settled(self, what: str) -> None:
        if self._settlement is not None:
            raise IllegalActionError(
                f"{what} refused: the round is settled on {str(self._settlement.roll)!r}; all winnings are"
                " paid before the dome is covered again, so it belongs to the next round"
                " (Despacho 59/2004, Art. 4)"
            )

    # -- place --------------------------------------------------------------------

    def verify_place(self, bet: Bet | str) -> Bet:
        """Check that ``bet`` can be placed; return it cleaned, or raise with the reason.

        >>> Round().verify_place("total:18=5")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidBetError: total 18 in bet 'total:18' cannot be bet: the totals on the layout run from 4 to 17 (Despacho 59/2004, Art. 5.10)
        """
        cleaned = Bet.clean(bet)
        self._refuse_if_settled(f"bet {str(cleaned)!r}")
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
        return Placement(ticket, cleaned)

    # -- withdraw -----------------------------------------------------------------

    def verify_withdraw(self, ticket: int) -> Bet:
        """Check that the bet with ``ticket`` can be withdrawn; return it, or raise with the reason."""
        self._refuse_if_settled(f"withdrawal of ticket {ticket!r}")
        if self._voids:
            raise IllegalActionError(
                f"ticket {ticket!r} cannot be withdrawn: the round has had a void roll"
                f" ({self._voids[-1].reason}), and bets cannot be withdrawn after one"
                f" ({self._ruleset.regulation}, {'Art. 3.4' if self._ruleset is Ruleset.R2004 else 'Art. 3(c)'})"
            )
        if isinstance(ticket, bool) or not isinstance(ticket, int) or ticket not in self._slip:
            raise IllegalActionError(f"no bet with ticket {ticket!r} on the slip")
        return self._slip[ticket]

    def can_withdraw(self, ticket: int) -> bool:
        """Whether the bet with ``ticket`` can be withdrawn."""
        try:
            self.verify_withdraw(ticket)
        except PccError:
            return False
        return True

    def withdraw(self, ticket: int) -> Withdrawal:
        """Take the bet with ``ticket`` off the slip (only before any roll).

        >>> rnd = Round(); _ = rnd.place("small=5")
        >>> rnd.withdraw(1), rnd.bets
        (Withdrawal(ticket=1, bet=Bet.parse('small=5')), ())
        """
        bet = self.verify_withdraw(ticket)
        del self._slip[ticket]
        return Withdrawal(ticket, bet)

    # -- void roll ----------------------------------------------------------------

    def verify_void_roll(self, reason: VoidReason | str) -> VoidReason:
        """Check that a roll can be declared void for ``reason``; return the reason, or raise.

        >>> Round("1996").verify_void_roll("tilted")
        Traceback (most recent call last):
        ...
        pcc.errors.IllegalActionError: a roll with tilted dice is not void under the 1996 rules: only stacked dice void a roll (Portaria 21/96/M, Art. 3(c)); record the roll as it lies
        """
        why = VoidReason.clean(reason)
        self._refuse_if_settled(f"void roll ({why})")
        if not self._ruleset.voids_on(why):
            raise IllegalActionError(
                f"a roll with {why} dice is not void under the {self._ruleset} rules: only stacked dice"
                f" void a roll ({self._ruleset.void_article}); record the roll as it lies"
            )
        return why

    def can_void_roll(self, reason: VoidReason | str) -> bool:
        """Whether a roll can be declared void for ``reason``."""
        try:
            self.verify_void_roll(reason)
        except PccError:
            return False
        return True

    def void_roll(self, reason: VoidReason | str) -> VoidRoll:
        """Record a void roll: the bets stand, the roll is repeated (Art. 3.3, 3.4)."""
        why = self.verify_void_roll(reason)
        record = VoidRoll(len(self._voids) + 1, why, len(self._slip))
        self._voids.append(record)
        return record

    # -- settle -------------------------------------------------------------------

    def verify_settle(self, roll: Roll | str) -> Roll:
        """Check that ``roll`` can settle the round; return it cleaned, or raise."""
        r = Roll.clean(roll)
        self._refuse_if_settled(f"roll {str(r)!r}")
        return r

    def can_settle(self, roll: Roll | str) -> bool:
        """Whether ``roll`` can settle the round."""
        try:
            self.verify_settle(roll)
        except PccError:
            return False
        return True

    def settle(self, roll: Roll | str) -> Settlement:
        """Record a valid roll and settle every bet on the slip against it."""
        r = self.verify_settle(roll)
        self._settlement = _settle(self._slip.items(), r)
        return self._settlement
