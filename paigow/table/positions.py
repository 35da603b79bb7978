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
                    code=code, params={"position": position})
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
                              code="amount.not_positive", params={"amount": amount})
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
                              code="name.reserved", params={"name": name})
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


def holders(banker: int, bets: Sequence[_BetLike], excluded: Iterable[str] = (),
            co_bankers: Iterable[str] = ()) -> dict[int, str | None]:
    """Who holds (sets the tiles of) each position with bets in play (Art. 7.1, 7.5;
    docs/rules.md §1.6, §1.8): an assignment over all positions at once. Positions are taken in
    betting order, each by its largest lawful bettor (the first placed on equal totals), or its
    next largest where the largest already holds another; nobody holds two. Where that leaves a
    position without a holder although another assignment could hold it, the assignment used is
    among those whose every holder is outranked on his position only by bettors holding other
    positions: the one that holds the most positions, then keeps the most holders as they were
    (as the same bets gave them without ``excluded``; without exclusions, before the latest
    bet), then betting order (each position's better-ranked bettor first).

    ``excluded`` bettors take no part in the round (Art. 2.3): their bets are not in play, and
    a position none of whose bets is in play is left out. ``co_bankers`` accept no backline
    bets (Art. 3.3): a co-banker holds a position only where every bet in play is his own. A
    position in play that no assignment can hold maps to None (it stands off whole, Art. 7.4).

    >>> from paigow.table.settlement import Bet
    >>> holders(0, [Bet(1, "ann", 100), Bet(1, "bob", 50), Bet(3, "ann", 500), Bet(3, "cy", 10)])
    {1: 'ann', 3: 'cy'}
    >>> holders(0, [Bet(1, "ann", 100), Bet(2, "bob", 300), Bet(2, "ann", 100), Bet(3, "bob", 10)], excluded=["bob"])
    {1: 'ann', 2: None}
    >>> holders(0, [Bet(2, "cy", 300), Bet(2, "ann", 50)], co_bankers=["cy"])
    {2: 'ann'}

    bob holds 2 alone and backs 1, where ann is the largest; ann sits out: cy holds 1, bob 2.

    >>> bets = [Bet(1, "ann", 300), Bet(1, "bob", 200), Bet(1, "cy", 100), Bet(2, "bob", 300)]
    >>> holders(0, bets), holders(0, bets, excluded=["ann"])
    ({1: 'ann', 2: 'bob'}, {1: 'cy', 2: 'bob'})
    """
    co = frozenset(co_bankers)
    away = frozenset(excluded)
    bets = list(bets)
    greedy = _greedy(banker, bets, away, co)
    if all(w is not None for w in greedy.values()):
        return greedy
    if away:
        before = holders(banker, bets, (), co)
    else:
        before = holders(banker, bets[:-1], (), co) if len(bets) > 1 else {}
    return _assign(banker, bets, away, co, before)


def _greedy(banker: int, bets: Sequence[_BetLike], away: frozenset[str],
            co: frozenset[str]) -> dict[int, str | None]:
    """Positions in betting order, each to its largest lawful bettor not holding an earlier one."""
    out: dict[int, str | None] = {}
    taken: set[str] = set()
    for p in betting_order(banker):
        on = [b for b in bets if b.position == p and b.bettor not in away]
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


def _assign(banker: int, bets: Sequence[_BetLike], away: frozenset[str], co: frozenset[str],
            before: dict[int, str | None]) -> dict[int, str | None]:
    """holders() of ``bets`` without the ``away`` bettors, given the holders ``before``."""
    cands: list[tuple[int, list[str]]] = []  # each position in play: its lawful bettors, largest first
    for p in betting_order(banker):
        on = [b for b in bets if b.position == p and b.bettor not in away]
        if on:
            lawful = [name for name, _ in ranking(on)
                      if not (name in co and any(b.bettor != name for b in on))]
            cands.append((p, lawful))
    best: list[object] = [None, None]  # (key, assignment)

    def search(i: int, used: dict[str, int], chosen: list[str | None]) -> None:
        if i == len(cands):
            # each holder's better-ranked bettors on that position hold other positions
            for (p, lawful), who in zip(cands, chosen):
                above = lawful if who is None else lawful[:lawful.index(who)]
                if any(x not in used for x in above):
                    return
            key = (sum(w is not None for w in chosen),
                   sum(before.get(p) == w for (p, _), w in zip(cands, chosen) if w is not None),
                   [-(lawful.index(w) if w is not None else len(lawful)) for (_, lawful), w in zip(cands, chosen)])
            if best[0] is None or key > best[0]:  # type: ignore[operator]
                best[0], best[1] = key, list(chosen)
            return
        p, lawful = cands[i]
        for who in [*lawful, None]:
            if who is not None and who in used:
                continue
            if who is not None:
                used[who] = p
            chosen.append(who)
            search(i + 1, used, chosen)
            chosen.pop()
            if who is not None:
                del used[who]
            if who is not None and not any(who in rest for _, rest in cands[i + 1:]):
                break  # a bettor of this position alone: passing him over never helps stability

    search(0, {}, [])
    assignment = best[1]
    assert isinstance(assignment, list)
    return {p: w for (p, _), w in zip(cands, assignment)}
