"""The table's vocabulary shared by dealing, the table and settlement (docs/rules.md §1.6-1.8):
positions and betting order, amounts of money, the names of parties, and who holds a position.

>>> betting_order(5)
(6, 7, 0, 1, 2, 3, 4)
>>> check_amount(100, "bet"), MAX_AMOUNT
(100, 1000000000000000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from paigow.errors import BetSyntaxError, IllegalActionError, IllegalBetError, PaigowError

__all__ = [
    "POSITIONS",
    "MAX_AMOUNT",
    "MAX_NAME",
    "BANK",
    "HOUSE",
    "check_position",
    "betting_order",
    "check_amount",
    "parse_amount",
    "check_name",
    "holders",
]

POSITIONS: range = range(8)
"""The 8 positions (门), numbered in dealing order."""

MAX_AMOUNT = 10**15
"""The largest amount of money (a bet, a stake) in minor units: 10^15, below 2^53 so that every
amount is exact in any JSON reader (docs/rules.md §1.8)."""

MAX_NAME = 200
"""The longest name of a player, bettor or party, in characters."""

BANK = "bank"
"""The pool the bank pays from and collects into during the round; it nets to zero."""
HOUSE = "house"
"""The house: takes the commission, and may share the bank."""

_RESERVED = (BANK, HOUSE)


def check_position(position: object, what: str = "position",
                   error: type[PaigowError] = IllegalActionError, code: str = "position.unknown") -> int:
    """``position`` as an int 0-7, or ``error`` naming it (a wrong type is a TypeError).

    >>> check_position(3)
    3
    >>> check_position(8)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: unknown position 8: positions are 0-7 in dealing order (docs/rules.md §1.6)
    """
    if not isinstance(position, int) or isinstance(position, bool):
        raise TypeError(f"a {what} is an int 0-7, not {position!r}")
    if position not in POSITIONS:
        raise error(f"unknown {what} {position!r}: positions are 0-7 in dealing order (docs/rules.md §1.6)",
                    code=code)
    return position


def betting_order(banker: int) -> tuple[int, ...]:
    """The 7 player positions in betting (and settling) order: dealing order from the banker's
    right-hand neighbour (docs/rules.md §1.6).

    >>> betting_order(0)
    (1, 2, 3, 4, 5, 6, 7)
    """
    check_position(banker, "banker")
    return tuple((banker + i) % 8 for i in range(1, 8))


def check_amount(amount: object, what: str, where: str = "") -> int:
    """``amount`` as a positive int of minor units at most :data:`MAX_AMOUNT`.

    A value that is not an int is a TypeError; zero or less an :class:`IllegalBetError`; more
    than the maximum a :class:`BetSyntaxError`.

    >>> check_amount(0, "stake")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalBetError: stake 0 must be above zero (docs/rules.md §1.8)
    >>> check_amount(10**16, "bet")
    Traceback (most recent call last):
    ...
    paigow.errors.BetSyntaxError: bet 10000000000000000 is above the maximum amount 10^15 minor units (docs/rules.md §1.8)
    """
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise TypeError(f"{what} {amount!r}{where} is not a whole number of minor units (an int)")
    if amount <= 0:
        raise IllegalBetError(f"{what} {amount!r}{where} must be above zero (docs/rules.md §1.8)",
                              code="amount.not_positive")
    if amount > MAX_AMOUNT:
        shown = amount if amount < 10**30 else f"a {len(str(MAX_AMOUNT))}+-digit number"
        raise BetSyntaxError(f"{what} {shown}{where} is above the maximum amount 10^15 minor units"
                             " (docs/rules.md §1.8)", code="amount.too_large")
    return amount


def parse_amount(text: str, what: str, context: str) -> int:
    """The integer written ``text`` (digits, an optional ``-``), read in linear time with no
    more digits than an amount can have; ``context`` is the whole input for the message.

    >>> parse_amount("250", "bet", "250 on 3 by ann")
    250
    >>> parse_amount("9" * 5000, "bet", "...")
    Traceback (most recent call last):
    ...
    paigow.errors.BetSyntaxError: bet amount of 5000 digits is above the maximum amount 10^15 minor units (docs/rules.md §1.8)
    """
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit():
        raise BetSyntaxError(f"{what} amount {text[:40]!r} is not a whole number in {_short(context)!r}",
                             code="amount.syntax")
    if len(digits) > 16:
        raise BetSyntaxError(f"{what} amount of {len(digits)} digits is above the maximum amount 10^15 minor"
                             " units (docs/rules.md §1.8)", code="amount.too_large")
    return int(text)


def _short(text: str, n: int = 80) -> str:
    return text if len(text) <= n else text[:n] + "..."


def check_name(name: object, what: str, reserved: Sequence[str] = _RESERVED) -> str:
    """``name`` as a party's name: a non-empty string without outer spaces, at most
    :data:`MAX_NAME` characters, not a reserved name (``bank``, ``house``)."""
    if not isinstance(name, str):
        raise TypeError(f"{what} is a name (a str), not {name!r}")
    if not name.strip() or name != name.strip():
        raise BetSyntaxError(f"{what} {_short(name)!r} must be a non-empty name without outer spaces",
                             code="name.syntax")
    if len(name) > MAX_NAME:
        raise BetSyntaxError(f"{what} {_short(name)!r} is longer than {MAX_NAME} characters", code="name.too_long")
    if name in reserved:
        raise IllegalBetError(f"{what} may not be called {name!r}: the name is reserved for the {name}",
                              code="name.reserved")
    return name


class _BetLike(Protocol):
    @property
    def position(self) -> int: ...
    @property
    def bettor(self) -> str: ...
    @property
    def amount(self) -> int: ...


def ranking(bets: Iterable[_BetLike]) -> list[tuple[str, int]]:
    """Each bettor's total on one position, largest first; on equal totals the bettor who bet
    first comes first (Art. 7.1)."""
    total: dict[str, int] = {}
    for b in bets:
        total[b.bettor] = total.get(b.bettor, 0) + b.amount
    order = list(total.items())
    return sorted(order, key=lambda x: -x[1])  # sorted is stable: first bettor first on ties


def holders(banker: int, bets: Iterable[_BetLike], excluded: Iterable[str] = (),
            co_bankers: Iterable[str] = ()) -> dict[int, str | None]:
    """Who holds (sets the tiles of) each position with bets in play (Art. 7.1, 7.5): its
    largest bettor, the first placed on equal bets; nobody sets two positions, so positions are
    taken in betting order and one whose largest bettor already holds an earlier position goes
    to its next largest bettor (docs/rules.md §1.8).

    ``excluded`` bettors take no part in the round (Art. 2.3): their bets are not in play, and
    a position none of whose bets is in play is left out. ``co_bankers`` accept no backline
    bets (Art. 3.3): a co-banker holds a position only where every bet in play is his own. A
    position in play that none of its bettors may hold maps to None (it stands off whole, Art.
    7.4).

    >>> from paigow.table.settlement import Bet
    >>> holders(0, [Bet(1, "ann", 100), Bet(1, "bob", 50), Bet(3, "ann", 500), Bet(3, "cy", 10)])
    {1: 'ann', 3: 'cy'}
    >>> holders(0, [Bet(1, "ann", 100), Bet(2, "bob", 300), Bet(2, "ann", 100), Bet(3, "bob", 10)], excluded=["bob"])
    {1: 'ann', 2: None}
    >>> holders(0, [Bet(2, "cy", 300), Bet(2, "ann", 50)], co_bankers=["cy"])
    {2: 'ann'}
    """
    out_ = set(excluded)
    bets = [b for b in bets if b.bettor not in out_]
    co = set(co_bankers)
    out: dict[int, str | None] = {}
    taken: set[str] = set()
    for p in betting_order(banker):
        on = [b for b in bets if b.position == p]
        if not on:
            continue
        who = None
        for name, _ in ranking(on):
            if name in taken or (name in co and any(b.bettor != name for b in on)):
                continue
            who = name
            break
        out[p] = who
        if who is not None:
            taken.add(who)
    return out
