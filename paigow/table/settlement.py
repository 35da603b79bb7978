"""Settlement to the last unit (docs/rules.md §1.7-1.8, Art. 3, 4.5, 7; commission by 58/91/M).

:func:`settle` is a pure function from the bank's shares and each position's bets and outcome to
a frozen :class:`Ledger`. Money is integers in the currency's minor unit.

- Positions settle one by one in betting order, starting after the banker. A win is paid while
  the bank can pay it and a loss collected while the bank may still win, so the bank's running
  result stays within [-bank, +bank]; the rest stands off (is returned), partly when only part
  fits. Several bets on one position share what fits pro rata (:func:`split`).
- Commission (default 5%, rounded half up) is taken from every bettor's win and from the bank's
  net win of the round; rate and rounding are :class:`Options`.
- The bank is the sum of its shares (banker, house, co-banking players); its net result is split
  pro rata to the shares by :func:`split`.
- Backline claims (Art. 7.2) are reported in ``Ledger.claims``, apart from the table's money:
  only a holder's own setting gives rise to one (never tiles a strategy set, ``Play.by_strategy``),
  and a loss that stood off whole still does where another split would have won.

For every ledger, ``sum(changes.values()) + commission == 0``.

>>> ledger = settle(0, [Share("P0", 1000)], [
...     Play(1, Outcome.WIN, (Bet(1, "ann", 100),)),
...     Play(2, Outcome.LOSE, (Bet(2, "bob", 300),)),
... ])
>>> for line in ledger.lines: print(line)
1. win at 1: bank pays ann 100
2. commission at 1: ann pays house 5
3. loss at 2: bob pays bank 300
4. commission: bank pays house 10
5. share: bank pays P0 190
>>> ledger.changes, ledger.commission
({'P0': 190, 'ann': 95, 'bob': -300}, 15)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from _tablegames.enums import CodeRepr
from _tablegames.jsonio import json_type
from paigow import commission as _commission
from paigow.errors import (
    BetSyntaxError,
    IllegalActionError,
    IllegalBetError,
    InvalidOptionError,
)
from paigow.table.positions import BANK, HOUSE, MAX_AMOUNT, betting_order, check_amount, check_name, check_position
from paigow.table.positions import parse_amount as _parse_amount
from paigow.table.positions import ranking as _ranking
from paigow.setting import Outcome

__all__ = [
    "BANK",
    "HOUSE",
    "Rounding",
    "Options",
    "Bet",
    "Share",
    "Play",
    "LineKind",
    "LedgerLine",
    "Claim",
    "Ledger",
    "settle",
    "split",
    "betting_order",
    "check_amount",
    "MAX_AMOUNT",
]

_RESERVED = (BANK, HOUSE)
_check_name = check_name


# -- options ----------------------------------------------------------------------------------------
RateLike = _commission.RateLike
Rounding = _commission.Rounding
_rate = _commission.rate


@dataclass(frozen=True)
class Options:
    """Rule options of settlement: the commission rate (58/91/M: 5%) and its rounding.

    The rate is kept exact as a Fraction; give it as ``Fraction(1, 20)``, ``"0.05"``, ``"5%"``,
    ``Decimal("0.05")`` (a float is read by its decimal text).

    >>> o = Options("4%", "floor")
    >>> o, o.commission_on(130)
    (Options(commission=Fraction(1, 25), rounding=Rounding.FLOOR), 5)
    >>> Options().commission_on(10), Options().commission_on(30)   # 0.5 and 1.5, half up
    (1, 2)
    """

    commission: Fraction = _commission.COMMISSION
    rounding: Rounding = Rounding.HALF_UP

    def __init__(self, commission: RateLike = _commission.COMMISSION, rounding: "Rounding | str" = Rounding.HALF_UP) -> None:
        object.__setattr__(self, "commission", _rate(commission))
        if not isinstance(rounding, (Rounding, str)):
            raise TypeError(f"a rounding is a Rounding or its name, not {rounding!r}")
        try:
            object.__setattr__(self, "rounding", Rounding(rounding))
        except ValueError:
            raise InvalidOptionError(
                f"unknown rounding {rounding!r}: use " + ", ".join(repr(r.value) for r in Rounding),
                code="rounding.unknown",
            ) from None

    def commission_on(self, win: int) -> int:
        """The commission on a win of ``win`` minor units."""
        return self.rounding.apply(win * self.commission)

    def to_json(self) -> dict[str, str]:
        """``{"commission": "1/20", "rounding": "half-up"}``."""
        return {"commission": str(self.commission), "rounding": self.rounding.value}

    @classmethod
    def from_json(cls, data: object) -> "Options":
        """Read :meth:`to_json`'s form (either key may be left out)."""
        if not isinstance(data, Mapping):
            raise InvalidOptionError(f"options are an object, not {json_type(data, shown=True)}", code="options.syntax")
        extra = set(data) - {"commission", "rounding"}
        if extra:
            raise InvalidOptionError(f"unknown option {sorted(extra)[0]!r}: options are 'commission' and 'rounding'",
                                     code="options.unknown")
        for key in ("commission", "rounding"):
            if key in data and not isinstance(data[key], str):
                raise InvalidOptionError(f"option {key!r} is a string like '1/20' or 'half-up', not {json_type(data[key], shown=True)}",
                                         code="options.syntax")
        return cls(data.get("commission", _commission.COMMISSION), data.get("rounding", Rounding.HALF_UP))


# -- inputs -----------------------------------------------------------------------------------------
def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{what} is read from a str, not {text!r}")
    return text


@dataclass(frozen=True)
class Bet:
    """``amount`` minor units bet by ``bettor`` on ``position``.

    >>> b = Bet(3, "ann", 100)
    >>> str(b), Bet.parse(str(b)) == b
    ('100 on 3 by ann', True)
    >>> Bet(3, "ann", -5)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalBetError: bet -5 on position 3 by 'ann' must be above zero (docs/rules.md §1.8)
    """

    position: int
    bettor: str
    amount: int

    def __post_init__(self) -> None:
        check_position(self.position, "bet position", IllegalBetError, code="bet.position")
        _check_name(self.bettor, "bettor")
        check_amount(self.amount, "bet", f" on position {self.position} by {self.bettor!r}")

    @classmethod
    def parse(cls, text: str) -> "Bet":
        """Read ``"<amount> on <position> by <bettor>"``."""
        words = _check_text(text, "a bet").split(None, 4)   # linear: no backtracking
        if len(words) != 5 or words[1] != "on" or words[3] != "by":
            raise BetSyntaxError(f"a bet is written '100 on 3 by ann', not {text[:80]!r}", code="bet.syntax")
        amount = _parse_amount(words[0], "bet", text)
        pos = _parse_amount(words[2], "position", text) if words[2].isdigit() and len(words[2]) < 3 else None
        if pos is None:
            raise BetSyntaxError(f"{words[2][:40]!r} is not a position 0-7 in {text[:80]!r}", code="bet.syntax")
        return cls(pos, words[4].rstrip(), amount)

    def __str__(self) -> str:
        return f"{self.amount} on {self.position} by {self.bettor}"


@dataclass(frozen=True)
class Share:
    """A share of the bank: ``party`` put ``stake`` minor units in it (the banker's 本金, the
    house's or a co-banking player's stake).

    >>> s = Share("house", 500)
    >>> str(s), Share.parse(str(s)) == s
    ('house stakes 500', True)
    """

    party: str
    stake: int

    def __post_init__(self) -> None:
        _check_name(self.party, "bank share party", reserved=(BANK,))
        check_amount(self.stake, "stake", f" of {self.party!r}")

    @classmethod
    def parse(cls, text: str) -> "Share":
        """Read ``"<party> stakes <amount>"``."""
        words = _check_text(text, "a bank share").strip().rsplit(None, 2)   # linear: no backtracking
        if len(words) != 3 or words[1] != "stakes":
            raise BetSyntaxError(f"a bank share is written 'house stakes 500', not {text[:80]!r}", code="share.syntax")
        return cls(words[0], _parse_amount(words[2], "stake", text))

    def __str__(self) -> str:
        return f"{self.party} stakes {self.stake}"


@dataclass(frozen=True)
class Play:
    """One position's part in settlement: its bets in the order placed and its outcome against
    the banker (``None``: the position took no part, e.g. two tiles exposed; its bets stand off).
    ``other_outcomes`` are the outcomes the position's other splits would have had, for
    backline claims. ``setter`` is who set the tiles (by default the largest bettor, the first
    placed on equal bets; the table names another when the largest bettor holds another position,
    Art. 7.5). ``sat_out`` are bets on the position that stand off because their bettor takes no
    part in the round (two tiles of a position the bettor backs were exposed, Art. 2.3).
    ``by_strategy`` marks tiles not set by the holder (a strategy in a simulation, or a house way
    after a foul or when asked): no Art. 7.2
    claim arises from them (only a holder's own setting can give rise to one).

    >>> p = Play(2, Outcome.LOSE, (Bet(2, "ann", 100), Bet(2, "bob", 200), Bet(2, "ann", 100)))
    >>> p.stakes, p.holder, p.total
    ((('ann', 200), ('bob', 200)), 'ann', 400)
    """

    position: int
    outcome: Outcome | None
    bets: tuple[Bet, ...]
    other_outcomes: tuple[Outcome, ...] = ()
    setter: str | None = None
    sat_out: tuple[Bet, ...] = ()
    by_strategy: bool = False

    def __post_init__(self) -> None:
        check_position(self.position)
        if not isinstance(self.by_strategy, bool):
            raise TypeError(f"position {self.position}'s by_strategy is True or False, not {self.by_strategy!r}")
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise TypeError(f"position {self.position}'s outcome must be an Outcome or None, not {self.outcome!r}")
        object.__setattr__(self, "bets", tuple(self.bets))
        object.__setattr__(self, "other_outcomes", tuple(self.other_outcomes))
        object.__setattr__(self, "sat_out", tuple(self.sat_out))
        for b in self.bets + self.sat_out:
            if not isinstance(b, Bet):
                raise TypeError(f"position {self.position}'s bets must be Bets, not {b!r}")
            if b.position != self.position:
                raise IllegalBetError(f"bet {str(b)!r} is listed under position {self.position}",
                                      code="play.bet_position")
        for o in self.other_outcomes:
            if not isinstance(o, Outcome):
                raise TypeError(f"position {self.position}'s other outcomes must be Outcomes, not {o!r}")
        if self.setter is not None and self.setter not in {b.bettor for b in self.bets}:
            raise IllegalBetError(f"position {self.position}'s setter {self.setter!r} has no bet there (Art. 7.1)",
                                  code="play.setter")

    @property
    def stakes(self) -> tuple[tuple[str, int], ...]:
        """Each bettor's total on the position, in the order of each bettor's first bet."""
        total: dict[str, int] = {}
        for b in self.bets:
            total[b.bettor] = total.get(b.bettor, 0) + b.amount
        return tuple(total.items())

    @property
    def total(self) -> int:
        """All the money bet on the position."""
        return sum(b.amount for b in self.bets)

    @property
    def holder(self) -> str | None:
        """Who set the tiles: :attr:`setter` when given, else the bettor with the largest bet,
        the first placed on equal bets (Art. 7.1)."""
        if self.setter is not None:
            return self.setter
        ranked = _ranking(self.bets)
        return ranked[0][0] if ranked else None


# -- outputs ----------------------------------------------------------------------------------------
class LineKind(CodeRepr, enum.Enum):
    """What a ledger line records."""

    WIN = "win"
    """The bank pays a winning bettor."""
    LOSS = "loss"
    """A losing bettor pays the bank."""
    PUSH = "push"
    """A push: the bet is returned."""
    STAND_OFF = "stand-off"
    """The part of a win or loss the bank cap does not let through: returned."""
    SAT_OUT = "sat-out"
    """The position took no part (two exposed tiles, or nobody may hold it), or the bettor sits
    out: the bet is returned."""
    COMMISSION = "commission"
    """Commission to the house, from a bettor's win or the bank's net win."""
    SHARE = "share"
    """A bank share's part of the bank's net result."""


_RETURNS = (LineKind.PUSH, LineKind.STAND_OFF, LineKind.SAT_OUT)

@dataclass(frozen=True)
class LedgerLine:
    """One step of settlement: ``payer`` pays ``payee`` ``amount`` (or, for a push, a stand-off
    or a sat-out position, ``amount`` is returned to the bettor, who is both payer and payee).
    ``position`` is None for the bank's own steps.

    >>> line = LedgerLine(3, LineKind.WIN, 5, "bank", "ann", 100)
    >>> str(line), LedgerLine.parse(str(line)) == line
    ('3. win at 5: bank pays ann 100', True)
    >>> print(LedgerLine(4, LineKind.STAND_OFF, 6, "bob", "bob", 50))
    4. stand-off at 6: 50 returned to bob
    """

    step: int
    kind: LineKind
    position: int | None
    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", LineKind(self.kind))
        except ValueError:
            raise BetSyntaxError(f"unknown ledger line kind {self.kind!r}: kinds are "
                                 + ", ".join(k.value for k in LineKind), code="ledger.kind") from None
        if not isinstance(self.step, int) or isinstance(self.step, bool) or not isinstance(self.amount, int) \
                or isinstance(self.amount, bool):
            raise TypeError(f"a ledger line's step and amount are ints, not {self.step!r} and {self.amount!r}")
        if self.position is not None:
            check_position(self.position)
        for name in (self.payer, self.payee):
            check_name(name, "a ledger line's party", reserved=())
        if not 0 <= self.amount <= 8 * MAX_AMOUNT or self.step < 1:
            raise BetSyntaxError(f"ledger line {self.step}: amount {self.amount} is out of range",
                                 code="ledger.amount")
        if self.kind in _RETURNS and self.payer != self.payee:
            raise BetSyntaxError(f"a {self.kind.value} line returns a bet to its bettor: payer and payee must match",
                                 code="ledger.return")

    @classmethod
    def parse(cls, text: str) -> "LedgerLine":
        """Read ``str(line)`` (in linear time: no backtracking over the names)."""
        text = _check_text(text, "a ledger line").strip()
        head, colon, body = text.partition(": ")
        hw = head.split()
        if not colon or len(hw) not in (2, 4) or not hw[0].endswith(".") or (len(hw) == 4 and hw[2] != "at"):
            raise BetSyntaxError(f"not a ledger line: {text[:80]!r}", code="ledger.syntax")
        step = _parse_amount(hw[0][:-1], "step", text)
        try:
            kind = LineKind(hw[1])
        except ValueError:
            raise BetSyntaxError(f"unknown ledger line kind {hw[1][:40]!r} in {text[:80]!r}", code="ledger.kind") from None
        pos = None
        if len(hw) == 4:
            if not (hw[3].isascii() and hw[3].isdigit() and len(hw[3]) == 1):
                raise BetSyntaxError(f"{hw[3][:40]!r} is not a position 0-7 in {text[:80]!r}", code="ledger.syntax")
            pos = int(hw[3])
        if kind in _RETURNS:
            words = body.split(None, 3)
            if len(words) != 4 or words[1:3] != ["returned", "to"]:
                raise BetSyntaxError(f"a {kind.value} line is written '50 returned to ann', not {text[:80]!r}",
                                     code="ledger.syntax")
            return cls(step, kind, pos, words[3], words[3], _parse_amount(words[0], "amount", text))
        rest, _, amount = body.rpartition(" ")
        payer, pays, payee = rest.partition(" pays ")
        if not pays or not payer or not payee:
            raise BetSyntaxError(f"a ledger line is written '1. win at 3: bank pays ann 100', not {text[:80]!r}",
                                 code="ledger.syntax")
        return cls(step, kind, pos, payer, payee, _parse_amount(amount, "amount", text))

    def __str__(self) -> str:
        at = f" at {self.position}" if self.position is not None else ""
        if self.kind in _RETURNS:
            return f"{self.step}. {self.kind.value}{at}: {self.amount} returned to {self.payee}"
        return f"{self.step}. {self.kind.value}{at}: {self.payer} pays {self.payee} {self.amount}"


@dataclass(frozen=True)
class Claim:
    """A backline claim (Art. 7.2): the setter of ``position`` lost where another split would
    have won or pushed, and owes ``bettor`` the difference between what the bettor would have had
    (``would_have``) and what it got (``got``), both net of commission.

    >>> c = Claim(2, "ann", "bob", 100, got=-100, would_have=0)
    >>> str(c)
    'at 2 ann owes bob 100 (got -100, would have had 0)'
    """

    position: int
    setter: str
    bettor: str
    amount: int
    got: int
    would_have: int

    def __str__(self) -> str:
        return (f"at {self.position} {self.setter} owes {self.bettor} {self.amount}"
                f" (got {self.got}, would have had {self.would_have})")


@dataclass(frozen=True)
class Ledger:
    """The result of settlement: the lines in the order a croupier pays them, and the claims.

    Everything else is read from the lines: every party's change, the commission, what stood
    off, the bank's result. ``sum(changes.values()) + commission == 0`` always.
    """

    banker: int
    shares: tuple[Share, ...]
    options: Options
    lines: tuple[LedgerLine, ...]
    claims: tuple[Claim, ...] = field(default=())

    @property
    def bank(self) -> int:
        """The bank: the sum of the shares, and the cap on its win and its loss."""
        return sum(s.stake for s in self.shares)

    @property
    def changes(self) -> dict[str, int]:
        """Every party's change in money at the table: the bank's shares first, then bettors in
        settling order. The house's co-banking result is under ``"house"``; its commission is
        :attr:`commission`, apart."""
        out: dict[str, int] = {s.party: 0 for s in self.shares}
        for line in self.lines:
            if line.kind in _RETURNS:
                out.setdefault(line.payee, 0)
                continue
            if line.payer != BANK:
                out[line.payer] = out.get(line.payer, 0) - line.amount
            if line.payee != BANK and line.kind is not LineKind.COMMISSION:
                out[line.payee] = out.get(line.payee, 0) + line.amount
        return out

    @property
    def commission(self) -> int:
        """All commission taken by the house this round."""
        return sum(line.amount for line in self.lines if line.kind is LineKind.COMMISSION)

    @property
    def bank_commission(self) -> int:
        """The commission on the bank's net win."""
        return sum(line.amount for line in self.lines if line.kind is LineKind.COMMISSION and line.payer == BANK)

    @property
    def bank_result(self) -> int:
        """The bank's result before commission: collected losses less paid wins, in [-bank, bank]."""
        return sum(line.amount if line.kind is LineKind.LOSS else -line.amount
                   for line in self.lines if line.kind in (LineKind.WIN, LineKind.LOSS))

    @property
    def stood_off(self) -> dict[str, int]:
        """What the bank cap let through to nobody, returned to each bettor (pushes and sat-out
        positions are not counted here)."""
        out: dict[str, int] = {}
        for line in self.lines:
            if line.kind is LineKind.STAND_OFF:
                out[line.payee] = out.get(line.payee, 0) + line.amount
        return out

    @property
    def changes_after_claims(self) -> dict[str, int]:
        """:attr:`changes` after the backline claims are paid (between players; the house owes
        nothing, Art. 7.2)."""
        out = self.changes
        for c in self.claims:
            out[c.setter] -= c.amount
            out[c.bettor] += c.amount
        return out

    def result_at(self, position: int, bettor: str) -> int:
        """``bettor``'s net result on ``position``: wins less losses and commission."""
        total = 0
        for line in self.lines:
            if line.position != position:
                continue
            if line.kind is LineKind.WIN and line.payee == bettor:
                total += line.amount
            elif line.kind in (LineKind.LOSS, LineKind.COMMISSION) and line.payer == bettor:
                total -= line.amount
        return total

    def __str__(self) -> str:
        body = [str(line) for line in self.lines]
        body += [f"{p}: {v:+d}" for p, v in self.changes.items()]
        body.append(f"commission: {self.commission}")
        body += [f"claim {c}" for c in self.claims]
        return "\n".join(body)


# -- the computation --------------------------------------------------------------------------------
def split(amount: int, weights: Sequence[int]) -> tuple[int, ...]:
    """``amount`` split pro rata to ``weights`` in whole units, summing exactly to ``amount``.

    Largest remainder: each part is first rounded toward zero; the units left over go one each
    to the parts with the largest remainders, on equal remainders to the earlier part. A negative
    amount is split like its size and negated, so the part that takes an extra unit of a win
    also takes an extra unit of a loss. No part is larger in size than its weight's exact share
    rounded up.

    >>> split(100, [1, 1, 1]), split(-100, [1, 1, 1]), split(7, [500, 300, 200])
    ((34, 33, 33), (-34, -33, -33), (4, 2, 1))
    """
    if not weights or any(w <= 0 for w in weights):
        raise IllegalBetError(f"weights must be positive, not {list(weights)!r}", code="split.weights")
    size, sign = abs(amount), (1 if amount >= 0 else -1)
    total = sum(weights)
    parts = [size * w // total for w in weights]
    rems = [size * w % total for w in weights]
    left = size - sum(parts)
    for i in sorted(range(len(weights)), key=lambda i: (-rems[i], i))[:left]:
        parts[i] += 1
    return tuple(sign * p for p in parts)


def settle(
    banker: int,
    shares: Iterable[Share],
    plays: Iterable[Play],
    options: Options | None = None,
) -> Ledger:
    """Settle a round: the bank made of ``shares``, each position's :class:`Play`, in betting
    order from the banker's neighbour, with the cap, commission, shares and backline claims.

    The cap: a bank of 300 pays only 300 of ann's win of 500 and 200 stands off; bob's loss,
    settled after, is collected as the bank is then 300 down:

    >>> ledger = settle(0, [Share("P0", 300)], [
    ...     Play(1, Outcome.WIN, (Bet(1, "ann", 500),)),
    ...     Play(2, Outcome.LOSE, (Bet(2, "bob", 100),)),
    ... ])
    >>> [str(x) for x in ledger.lines]       # doctest: +NORMALIZE_WHITESPACE
    ['1. win at 1: bank pays ann 300', '2. stand-off at 1: 200 returned to ann',
     '3. commission at 1: ann pays house 15', '4. loss at 2: bob pays bank 100',
     '5. share: P0 pays bank 200']
    >>> ledger.bank_result, ledger.changes
    (-200, {'P0': -200, 'ann': 285, 'bob': -100})
    """
    if options is None:
        options = Options()
    if not isinstance(options, Options):
        raise TypeError(f"options must be Options, not {options!r}")
    check_position(banker, "banker")
    share_t = tuple(shares)
    if not share_t:
        raise IllegalBetError("the bank needs at least one share: the banker's stake (Art. 4.4)", code="bank.no_share")
    seen: set[str] = set()
    for s in share_t:
        if not isinstance(s, Share):
            raise TypeError(f"bank shares must be Shares, not {s!r}")
        if s.party in seen:
            raise IllegalBetError(f"{s.party!r} holds two shares of the bank: give one share a party",
                                  code="bank.two_shares")
        seen.add(s.party)
    by_pos: dict[int, Play] = {}
    for p in plays:
        if not isinstance(p, Play):
            raise TypeError(f"plays must be Plays, not {p!r}")
        if p.position == banker:
            raise IllegalBetError(f"position {banker} is the banker's: nobody bets on the banker's own position",
                                  code="bet.banker_position", params={"position": banker})
        if p.position in by_pos:
            raise IllegalActionError(f"position {p.position} is given twice", code="settle.position_twice")
        by_pos[p.position] = p
    lines = _run(banker, share_t, by_pos, options)
    ledger = Ledger(banker, share_t, options, lines)
    claims: list[Claim] = []
    for pos in betting_order(banker):
        play = by_pos.get(pos)
        if play is None or play.outcome is not Outcome.LOSE or len(play.stakes) < 2 or play.by_strategy:
            continue
        better = [o for o in play.other_outcomes if o is not Outcome.LOSE]
        if not better:
            continue
        alt = max(better)
        other = Ledger(banker, share_t, options, _run(banker, share_t, {**by_pos, pos: replace(play, outcome=alt)}, options))
        setter = play.holder
        assert setter is not None
        for bettor, _ in play.stakes:
            if bettor == setter:
                continue
            got, would = ledger.result_at(pos, bettor), other.result_at(pos, bettor)
            if would > got:
                claims.append(Claim(pos, setter, bettor, would - got, got, would))
    return replace(ledger, claims=tuple(claims))


def _ranking_in_order(bets: Sequence[Bet]) -> list[tuple[str, int]]:
    total: dict[str, int] = {}
    for b in bets:
        total[b.bettor] = total.get(b.bettor, 0) + b.amount
    return list(total.items())


def _run(banker: int, shares: tuple[Share, ...], plays: Mapping[int, Play], options: Options) -> tuple[LedgerLine, ...]:
    bank = sum(s.stake for s in shares)
    result = 0  # the bank's running result, kept within [-bank, bank]
    raw: list[tuple[LineKind, int | None, str, str, int]] = []
    for pos in betting_order(banker):
        play = plays.get(pos)
        if play is None:
            continue
        sat = _ranking_in_order(play.sat_out)
        raw += [(LineKind.SAT_OUT, pos, b, b, amt) for b, amt in sat]
        if not play.bets:
            continue
        stakes = play.stakes
        if play.outcome is None or play.outcome is Outcome.PUSH:
            kind = LineKind.SAT_OUT if play.outcome is None else LineKind.PUSH
            raw += [(kind, pos, b, b, amt) for b, amt in stakes]
            continue
        total = play.total
        weights = [amt for _, amt in stakes]
        if play.outcome is Outcome.WIN:
            through = min(total, result + bank)
            result -= through
        else:
            through = min(total, bank - result)
            result += through
        for (bettor, amt), part in zip(stakes, split(through, weights)):
            if part and play.outcome is Outcome.WIN:
                raw.append((LineKind.WIN, pos, BANK, bettor, part))
            elif part:
                raw.append((LineKind.LOSS, pos, bettor, BANK, part))
            if amt - part:
                raw.append((LineKind.STAND_OFF, pos, bettor, bettor, amt - part))
            fee = options.commission_on(part) if play.outcome is Outcome.WIN else 0
            if fee:
                raw.append((LineKind.COMMISSION, pos, bettor, HOUSE, fee))
    # the bank's net win pays commission to the house, unless the house holds the whole bank (the
    # US game's house bank): the house pays nothing to itself
    house_alone = all(s.party == HOUSE for s in shares)
    fee = options.commission_on(result) if result > 0 and not house_alone else 0
    if fee:
        raw.append((LineKind.COMMISSION, None, BANK, HOUSE, fee))
    for s, part in zip(shares, split(result - fee, [s.stake for s in shares])):
        if part > 0:
            raw.append((LineKind.SHARE, None, BANK, s.party, part))
        elif part < 0:
            raw.append((LineKind.SHARE, None, s.party, BANK, -part))
    return tuple(LedgerLine(i, *r) for i, r in enumerate(raw, 1))
