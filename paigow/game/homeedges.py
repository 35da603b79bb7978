"""The home game's table (docs/home-edges.md): one door against the banker, each setting by the
automatic rule ``max-front`` (docs/rules.md Part 4), by the best response to it, or by the shipped
equilibrium of the home game (``home-equilibrium``, :mod:`paigow.game.equilibria`).

Every row counts all 736,281,000 ordered deals (the banker's four tiles, then the door's four of
the 28 left) exactly: both strategies are pure, so each setting's wins and losses against the
other side are whole numbers of the 20,475 opposing hands (the solver's side_counts kernel).
The commission is the home game's option, taken from a door's win only (``bank_commission`` is
False): a door's win returns ``1 - rate``, a loss costs the stake, and the house, banking, keeps
what the door loses and the commission, so the banker's result is the door's, negated.

A best response maximises its side's result at the row's rate (the door: ``(1 - rate) W - L``;
the banker: ``L - (1 - rate) W`` of the door's counts); among equal settings it keeps the
automatic rule's own, then the first in ``settings()`` order.

The equilibrium rows (the equilibrium against itself, against max-front and max-front against
it) play the zero-commission equilibrium at every rate: the game as paid at 4% on door wins only
is not solved (``paigow solve --commission`` takes the commission from both sides' wins). Its
strategy is mixed, so a row's counts are float64 sums (fractions of a deal), not whole numbers;
with ``exact=True`` the shipped exact equilibrium (``home-equilibrium-exact``, :mod:`paigow.game.exact`)
stands in for it and its rows' counts are exact fractions.

>>> row = home_edges(0)[0]
>>> row.door, row.banker, (row.win, row.push, row.lose)
('max-front', 'max-front', (268894332, 193406044, 273980624))
>>> row.return_to_player(Fraction(1, 25))
Fraction(2251371671, 2300878125)
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.commission import RateLike, rate
from paigow.errors import InvalidOptionError
from paigow.game.equilibria import solution
from paigow.game.handtypes import hand_types
from paigow.game.values import PAIRINGS, SideCounter, type_game_counts
from paigow.rules import HOME, RuleSet, RulesLike, clean_rules
from paigow.strategies import Strategy

__all__ = ["HomeRow", "home_edges", "AUTO", "HOME_RATES", "format_home_table"]

AUTO = "max-front"
"""The automatic setting rule of the home game's table (:func:`paigow.strategies.max_front`)."""

HOME_RATES: tuple[Fraction, ...] = (Fraction(0), Fraction(1, 25))
"""The rates the table is printed at when none is asked: none (the home game's default) and the
4% on door wins of its option."""

OPPONENT_HANDS = 20475


@dataclasses.dataclass(frozen=True)
class HomeRow:
    """One row: the door's and the banker's strategy, the rate on door wins, and the door's
    (wins, pushes, losses) as counts of the 736,281,000 ordered deals: whole numbers when both
    strategies are pure (``exact``), float64 sums when one is mixed (an equilibrium's)."""

    door: str
    banker: str
    commission: Fraction
    win: "int | float | Fraction"
    push: "int | float | Fraction"
    lose: "int | float | Fraction"

    @property
    def exact(self) -> bool:
        """The counts are whole numbers (both strategies pure) or exact fractions (an exact
        equilibrium's): every figure an exact fraction, not a float64 sum."""
        return all(isinstance(x, (int, Fraction)) for x in (self.win, self.push, self.lose))

    @property
    def door_result(self) -> Fraction:
        """The door's expected result per unit bet: ``((1 - rate) W - L) / N``."""
        return _share((1 - self.commission) * _exact(self.win) - _exact(self.lose))

    @property
    def banker_result(self) -> Fraction:
        """The banking house's result per unit the door bets (its commission included)."""
        return -self.door_result

    def return_to_player(self, commission: "Fraction | None" = None) -> Fraction:
        """What a door's bet returns per unit: ``(W (2 - rate) + P) / N`` at ``commission``
        (the row's own rate by default)."""
        r = self.commission if commission is None else commission
        return _share((2 - r) * _exact(self.win) + _exact(self.push))

    def to_json(self) -> dict[str, Any]:
        return {"door": self.door, "banker": self.banker, "commission": str(self.commission), "exact": self.exact,
                "counts": {k: x if isinstance(x, (int, float)) else str(x)
                           for k, x in (("win", self.win), ("push", self.push), ("lose", self.lose))} | {"deals": PAIRINGS},
                **({"door_result": str(self.door_result), "banker_result": str(self.banker_result),
                    "return_to_player": str(self.return_to_player())} if self.exact else
                   {"door_result": repr(float(self.door_result)), "banker_result": repr(float(self.banker_result)),
                    "return_to_player": repr(float(self.return_to_player()))}),
                "door_result_float": float(self.door_result)}


def _exact(x: "int | float | Fraction") -> Fraction:
    """A count as a fraction (a float64 sum as the binary fraction it is)."""
    return Fraction(x)


def _share(count: Fraction) -> Fraction:
    """A count of the deals as a share of them."""
    return count / PAIRINGS


@functools.lru_cache(maxsize=4)
def _counts(rules: RuleSet, seat: str) -> npt.NDArray[np.int64]:
    """(types, 3, 3): the door's wins, pushes and losses of each setting of every hand type of
    ``seat`` against the automatic rule at the other seat (settings() order of the type's first
    hand), whole numbers of the 20,475 opposing hands."""
    other = "banker" if seat == "player" else "player"
    sigma, uniform = Strategy.named(AUTO, other, rules).type_strategy(rules)
    assert uniform  # a rule sets every hand of a type alike
    c = SideCounter(1, rules).counts(sigma, seat == "banker")
    ints = c.astype(np.int64)
    assert (ints == c).all(), "a count against a pure strategy is whole"
    ty = hand_types(rules)
    by_setting = ty.hand_map[ty.rep_hand].astype(np.intp)
    own_w = np.take_along_axis(ints[:, :, 0], by_setting, axis=1)
    own_l = np.take_along_axis(ints[:, :, 1], by_setting, axis=1)
    if seat == "banker":  # the seat's wins are the door's losses
        own_w, own_l = own_l, own_w
    out = np.stack([own_w, OPPONENT_HANDS - own_w - own_l, own_l], axis=2)
    out.flags.writeable = False
    return out


def _row(rules: RuleSet, seat: "str | None", r: Fraction) -> HomeRow:
    """The automatic rule on both sides (``seat`` None), or ``seat``'s best response to it."""
    ty = hand_types(rules)
    counts = _counts(rules, seat or "player")
    own = np.argmax(Strategy.named(AUTO, seat or "player", rules).table[ty.rep_hand], axis=1)
    rows = np.arange(ty.n)
    played = own
    if seat is not None:
        w, lo = counts[:, :, 0], counts[:, :, 2]
        den, num = r.denominator, r.numerator
        value = (den - num) * w - den * lo  # the door's, scaled by den
        if seat == "banker":
            value = -value
        best = value.max(axis=1, keepdims=True)
        cand = value == best
        played = np.where(cand[rows, own], own, np.argmax(cand, axis=1))
    per = counts[rows, played] * ty.cnt[:, None]
    win, push, lose = (int(x) for x in per.sum(axis=0))
    assert win + push + lose == PAIRINGS
    names = {None: (AUTO, AUTO), "player": ("best-response", AUTO), "banker": (AUTO, "best-response")}[seat]
    return HomeRow(names[0], names[1], r, win, push, lose)


def home_edges(commission: "RateLike | None" = None, rules: RulesLike = HOME, exact: bool = False) -> tuple[HomeRow, ...]:
    """The table at ``commission`` on door wins (None: each of :data:`HOME_RATES`) in the home
    game (``rules``: a rule set of the home game's setting game): the automatic rule against
    itself, the door's best response to it, the banker's, and the shipped equilibrium against
    itself and max-front (the exact one with ``exact``; none where the game has none shipped)."""
    g = clean_rules(rules)
    if not g.hand_order.startswith("home"):
        raise InvalidOptionError(f"the home table is of the home game; rule set {g.name!r} is another: use "
                                 f"rules='home'", code="edges.rules")
    rates = HOME_RATES if commission is None else (rate(commission),)
    return tuple(row for r in rates for row in (*(_row(g, seat, r) for seat in (None, "player", "banker")),
                                                *_equilibrium_rows(g, r, exact)))


def _equilibrium_rows(rules: RuleSet, r: Fraction, exact: bool = False) -> tuple[HomeRow, ...]:
    """The shipped zero-commission equilibrium of the game of ``rules`` against itself, against
    max-front, and max-front against it, at ``r`` on door wins (none when none is shipped)."""
    found = solution(rules, Fraction(0))
    if found is None:
        return ()
    if exact:
        return _exact_rows(rules, r)
    eq = {seat: Strategy.named(found.name, seat, rules).type_strategy(rules)[0] for seat in ("player", "banker")}
    auto = Strategy.named(AUTO, "player", rules).type_strategy(rules)[0]
    rows = []
    for door, banker in ((found.name, found.name), (found.name, AUTO), (AUTO, found.name)):
        sp = eq["player"] if door == found.name else auto
        sb = eq["banker"] if banker == found.name else auto
        w, p, lo = (float(x) for x in np.asarray(type_game_counts(sp, sb, rules)))
        rows.append(HomeRow(door, banker, r, w, p, lo))
    return tuple(rows)


@functools.lru_cache(maxsize=4)
def _exact_counts(rules: RuleSet) -> tuple[tuple[str, str, tuple[Fraction, ...]], ...]:
    """The exact equilibrium's rows' counts (exact fractions of the deals), shared by every rate."""
    from paigow.game.exact import exact_stem, exact_strategy
    from paigow.game.exact_proof import ExactStrategy, exact_counts

    stem = exact_stem(0, rules)
    sp, sb = exact_strategy(stem, "player", rules=rules), exact_strategy(stem, "banker", rules=rules)
    sigma, uniform = Strategy.named(AUTO, "player", rules).type_strategy(rules)
    assert uniform
    auto = ExactStrategy.from_floats(sigma, rules)
    out = []
    for door, banker, p, b in ((stem, stem, sp, sb), (stem, AUTO, sp, auto), (AUTO, stem, auto, sb)):
        out.append((door, banker, tuple(x * PAIRINGS for x in exact_counts(p, b, rules))))
    return tuple(out)


def _exact_rows(rules: RuleSet, r: Fraction) -> tuple[HomeRow, ...]:
    return tuple(HomeRow(door, banker, r, *counts) for door, banker, counts in _exact_counts(rules))


def format_home_table(rows: "tuple[HomeRow, ...]") -> str:
    """The rows as ``paigow edges --rules home`` prints them."""
    from paigow._text import table

    body = [[r.door, r.banker, f"{float(r.commission * 100):g}%", _count(r.win), _count(r.push), _count(r.lose),
             f"{100 * float(r.door_result):+.4f}%", f"{100 * float(r.banker_result):+.4f}%",
             f"{100 * float(r.return_to_player()):.4f}%"] for r in rows]
    head = ["door", "banker", "rate", "win", "push", "lose", "door", "banker", "RTP"]
    return table(head, body) + (f"\n(counts of the {PAIRINGS:,} ordered deals: whole where both sides are pure, "
                                "exact fractions of the exact equilibrium, float64 sums of the numerical one; "
                                "results per unit the door bets)")


def _count(x: "int | float | Fraction") -> str:
    return f"{x:,}" if isinstance(x, int) else f"{float(x):,.1f}"
