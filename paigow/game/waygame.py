"""The US game against a house way: each setting's exact value, the best response, the audit.

In the US game (docs/rules.md §3) the dealer sets the house's hand by a house way
(:mod:`paigow.houseway`). Against a house way, a pure strategy, every setting of every hand has
exact integer counts over the 20,475 hands the other side can hold (the solver's kernel,
:class:`paigow.game.SideCounter`), and every whole-game figure is an integer count over the
736,281,000 pairings: no sampling and no floating point.

A seat's *best response* to the way sets each hand by one of two objectives:

- ``"win-loss"``: the most wins minus losses (what the Wizard of Odds' published table
  maximises: one best response at every rate);
- ``"paid"``: the best result after the commission, ``(1 - rate) * wins - losses``.

Ties are broken by fixed rules, in this order: the way's own setting (a best response leaves
the way only for a setting strictly better by the objective); the other objective (for
``"win-loss"``, fewer wins: better after any commission; for ``"paid"``, more wins minus
losses); the strongest high hand, then the strongest low hand (US order).

:func:`audit` lists every distinct hand where the way's setting is worse than the best
response, with the exact value lost per hand and what it costs per hand dealt.

>>> a = audit("foxwoods")
>>> a.total == a.best_result - a.way_result, len(a.lines) > 0
(True, True)
>>> line = a.lines[0]
>>> line.loss > 0, line.loss >= a.lines[-1].loss
(True, True)
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.game.handtypes import HAND_COUNT, all_hands, all_ranks, hand_types
from paigow.commission import RateLike, percent
from paigow.errors import InvalidOptionError
from paigow.game.values import SideCounter
from paigow.houseway import HouseWay, distinct_hands, hand_class, house_way
from paigow.rules import RuleSet, commission_of
from paigow.setting import SPLITS, Setting, settings_of
from paigow.strategies import check_seat, hand_index
from paigow.tiles import DECK, Tile, TileLike, deck_indices, parse_tiles

__all__ = ["OBJECTIVES", "OPPONENT_HANDS", "PAIRINGS", "seat_counts", "best_response", "audit", "Audit",
           "AuditLine", "hand_values", "HandValues", "SettingCounts", "check_objective"]

OBJECTIVES = ("win-loss", "paid")
"""What a best response maximises: wins minus losses, or the result after the commission."""

OPPONENT_HANDS = 20475
"""Hands the other side can hold from the 28 unseen tiles: C(28, 4)."""

PAIRINGS = HAND_COUNT * OPPONENT_HANDS
"""Player/banker pairings of the whole game: 736,281,000."""

def check_objective(objective: object) -> str:
    """``objective`` if it is one of :data:`OBJECTIVES` (InvalidOptionError, code
    ``houseway.objective``, otherwise)."""
    if objective not in OBJECTIVES:
        raise InvalidOptionError(f"unknown objective {objective!r}: use 'win-loss' (wins minus losses) or 'paid' "
                                 f"(the result after the commission)", code="houseway.objective")
    return str(objective)


def _way(way: "HouseWay | str | os.PathLike[str]") -> HouseWay:
    w = house_way(way)
    w.strategy(w.rules)  # in its own game only (it is: a way's rules are its game)
    return w


def _arguments(way: "HouseWay | str | os.PathLike[str]", seat: str, objective: str,
               commission: "bool | RateLike") -> tuple[HouseWay, str, Fraction]:
    """The way, the seat and the rate of a question about a way, each cleaned once."""
    w = _way(way)
    seat = check_seat(seat)
    check_objective(objective)
    return w, seat, commission_of(w.rules, commission)


@functools.lru_cache(maxsize=16)
def _counts(way: HouseWay, seat: str) -> npt.NDArray[np.int64]:
    """(types, 3, 3): wins, pushes and losses of each setting (``settings()`` order of the type's
    hands, tiles ascending) of every hand type of ``seat`` against the way at the other seat,
    as integers of the 20,475 opposing hands (the solver's side_counts kernel: exact against a
    pure strategy). Read-only, kept per way and seat."""
    rules = way.rules
    sigma, uniform = way.strategy(rules).type_strategy(rules)
    assert uniform  # a way sets every hand of a type alike
    c = SideCounter(1, rules).counts(sigma, seat == "banker")  # (n, type settings, wins and losses)
    ints = c.astype(np.int64)
    assert (ints == c).all(), "a count against a pure strategy is whole"
    ty = hand_types(rules)
    by_setting = ty.hand_map[ty.rep_hand].astype(np.intp)  # each hand setting's type setting
    w = np.take_along_axis(ints[:, :, 0], by_setting, axis=1)
    lo = np.take_along_axis(ints[:, :, 1], by_setting, axis=1)
    out = np.stack([w, OPPONENT_HANDS - w - lo, lo], axis=2)
    out.flags.writeable = False
    return out


def _way_settings(way: HouseWay) -> npt.NDArray[np.intp]:
    """The way's setting of each type's hands (index in ``settings()`` order of its tiles ascending)."""
    ty = hand_types(way.rules)
    out: npt.NDArray[np.intp] = np.argmax(way.table()[ty.rep_hand], axis=1)
    return out


def _scaled(counts: npt.NDArray[np.int64], objective: str, r: Fraction) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """(primary, secondary, scale): each setting's value by the objective and by the tie-break's
    other objective, as integers; the primary over ``scale * 20475`` is the value per hand."""
    w, lo = counts[:, :, 0], counts[:, :, 2]
    if objective == "win-loss":
        return w - lo, -w, 1
    den, num = r.denominator, r.numerator
    return (den - num) * w - den * lo, w - lo, den


def _choose(counts: npt.NDArray[np.int64], own: npt.NDArray[np.intp], objective: str, r: Fraction,
            ranks: npt.NDArray[np.uint8]) -> npt.NDArray[np.intp]:
    """The best response's setting of each type: the objective, then the way's own setting, then
    the other objective, then the strongest high hand, then the strongest low (module docstring)."""
    primary, secondary, _ = _scaled(counts, objective, r)
    rows = np.arange(len(own))
    own_ranks = ranks[rows, own]  # (n, 2): a setting of the same ranks is the way's setting
    is_own = (ranks == own_ranks[:, None, :]).all(axis=2)
    cand = np.ones(primary.shape, dtype=bool)
    low = np.iinfo(np.int64).min
    for key in (primary, is_own.astype(np.int64), secondary, ranks[:, :, 1].astype(np.int64),
                ranks[:, :, 0].astype(np.int64)):
        masked = np.where(cand, key, low)
        cand &= masked == masked.max(axis=1, keepdims=True)
    out: npt.NDArray[np.intp] = np.argmax(cand, axis=1)
    return out


@functools.lru_cache(maxsize=2)
def _type_ranks(rules: RuleSet) -> npt.NDArray[np.uint8]:
    """(types, 3, 2): the (low, high) rank of each setting of each type's first hand."""
    return np.ascontiguousarray(all_ranks(rules)[hand_types(rules).rep_hand])


def _plan(way: HouseWay, seat: str, objective: "str | None", r: Fraction) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """(counts, the way's setting, the setting played) per type of ``seat``: the way's own
    setting when ``objective`` is None, else the best response's."""
    counts = _counts(way, seat)
    own = _way_settings(way)
    if objective is None:
        return counts, own, own
    return counts, own, _choose(counts, own, objective, r, _type_ranks(way.rules))


def _total(counts: npt.NDArray[np.int64], played: npt.NDArray[np.intp], cnt: npt.NDArray[np.int64]) -> tuple[int, int, int]:
    per = counts[np.arange(len(played)), played]  # (n, 3)
    w, p, lo = (int(x) for x in (per * cnt[:, None]).sum(axis=0))
    assert w + p + lo == PAIRINGS
    return w, p, lo


def seat_counts(way: "HouseWay | str | os.PathLike[str]" = "foxwoods", seat: str = "player",
                objective: "str | None" = None, commission: "bool | RateLike" = True) -> tuple[int, int, int]:
    """(wins, pushes, losses) of ``seat`` over all 736,281,000 pairings, exact integers: the seat
    setting by the way (``objective`` None) or by its best response (``"win-loss"`` or ``"paid"``
    at ``commission``; True is the way's rule set's 5%), the other seat by the way.

    >>> w, p, l = seat_counts("foxwoods")
    >>> w + p + l, (w, p, l) == seat_counts("foxwoods", "banker")[::-1]
    (736281000, True)
    """
    w = _way(way)
    seat = check_seat(seat)
    if objective is not None:
        check_objective(objective)
    r = commission_of(w.rules, commission)
    counts, _, played = _plan(w, seat, objective, r)
    return _total(counts, played, hand_types(w.rules).cnt)


def best_response(way: "HouseWay | str | os.PathLike[str]" = "foxwoods", seat: str = "player",
                  objective: str = "win-loss", commission: "bool | RateLike" = True) -> npt.NDArray[np.float64]:
    """``seat``'s best response to the way at the other seat by ``objective`` (ties broken as the
    module says), as a read-only (35960, 3) pure strategy table (``paigow.all_hands()`` rows).

    >>> t = best_response("foxwoods")
    >>> t.shape, float(t.sum())
    ((35960, 3), 35960.0)
    """
    w, seat, r = _arguments(way, seat, objective, commission)
    _, _, played = _plan(w, seat, objective, r)
    ty = hand_types(w.rules)
    # a type's setting k (its first hand's settings order) is setting k of every hand of the type
    out = np.zeros((HAND_COUNT, 3), dtype=np.float64)
    out[np.arange(HAND_COUNT), played[ty.hand_type]] = 1.0
    out.flags.writeable = False
    return out


# ---------------------------------------------------------------------------------------------
# the audit

def _classes_of(t: "tuple[Tile, ...]", i: int, j: int) -> tuple[int, int]:
    a, b = sorted((hand_class(t[i]), hand_class(t[j])))
    return a, b


def _carry(src: "tuple[Tile, ...]", k: int, dst: "tuple[Tile, ...]") -> int:
    """The split of tiles ``dst`` that puts together the classes split ``k`` of ``src`` does
    (two hands of one distinct hand: the same classes)."""
    i, j, _, _ = SPLITS[k]
    want = _classes_of(src, i, j)
    for n, (a, b, c, d) in enumerate(SPLITS):
        if _classes_of(dst, a, b) == want or _classes_of(dst, c, d) == want:
            return n
    raise AssertionError("a split of one distinct hand is a split of another")  # pragma: no cover


@functools.lru_cache(maxsize=2)
def _distinct_of_types(rules: RuleSet) -> tuple[npt.NDArray[np.intp], tuple[tuple[Tile, ...], ...]]:
    """Each type's distinct hand (its index in :func:`distinct_hands`), and each type's first
    hand's tiles."""
    ty = hand_types(rules)
    index = {tuple(sorted(hand_class(x) for x in t)): n for n, t in enumerate(distinct_hands())}
    reps = tuple(tuple(DECK[i] for i in row) for row in all_hands()[ty.rep_hand].tolist())
    which = np.array([index[tuple(sorted(hand_class(x) for x in t))] for t in reps], dtype=np.intp)
    return which, reps


@dataclasses.dataclass(frozen=True)
class AuditLine:
    """One distinct hand the way sets worse than the best response.

    ``hand`` is the distinct hand's standing tiles (:func:`paigow.houseway.distinct_hands`),
    ``hands`` how many of the 35,960 four-tile hands it stands for; ``way_value`` and
    ``best_value`` the seat's value per hand of the two settings by the objective (exact), so
    ``loss`` is what the way's setting gives up each time the hand is dealt and ``cost`` what it
    gives up per hand dealt of any kind (``loss * hands / 35960``)."""

    hand: tuple[Tile, ...]
    hands: int
    way_setting: Setting
    rule: str
    best_setting: Setting
    way_value: Fraction
    best_value: Fraction

    @property
    def loss(self) -> Fraction:
        return self.best_value - self.way_value

    @property
    def cost(self) -> Fraction:
        return self.loss * self.hands / HAND_COUNT

    def to_json(self) -> dict[str, Any]:
        """The line in JSON: values as numbers and as exact fractions ("n/d")."""
        return {
            "hand": " ".join(map(str, self.hand)), "hands": self.hands,
            "way": str(self.way_setting), "rule": self.rule, "best": str(self.best_setting),
            **{k: float(v) for k, v in (("way_value", self.way_value), ("best_value", self.best_value),
                                        ("loss", self.loss), ("cost", self.cost))},
            "exact": {k: str(v) for k, v in (("way_value", self.way_value), ("best_value", self.best_value),
                                             ("loss", self.loss), ("cost", self.cost))},
        }


@dataclasses.dataclass(frozen=True)
class Audit:
    """A house way against the best response of one seat (:func:`audit`): the lines, most costly
    per hand first, and the seat's value per hand dealt with the way and with the best response
    (exact; ``total`` is their difference, the sum of the lines' costs)."""

    way: str
    seat: str
    objective: str
    commission: Fraction
    lines: tuple[AuditLine, ...]
    way_result: Fraction
    best_result: Fraction

    @property
    def total(self) -> Fraction:
        return sum((line.cost for line in self.lines), Fraction(0))

    def to_json(self, top: "int | None" = None) -> dict[str, Any]:
        """The audit in JSON (the first ``top`` lines, all by default)."""
        return {
            "way": self.way, "seat": self.seat, "objective": self.objective, "commission": percent(self.commission),
            "rate": str(self.commission), "hands": len(self.lines),
            "way_result": float(self.way_result), "best_result": float(self.best_result), "total": float(self.total),
            "exact": {"way_result": str(self.way_result), "best_result": str(self.best_result),
                      "total": str(self.total)},
            "lines": [line.to_json() for line in self.lines[:top]],
        }

    def format(self, top: "int | None" = None) -> str:
        """The audit as the text ``paigow houseway --audit`` prints."""
        from paigow._text import table

        what = "wins minus losses" if self.objective == "win-loss" else f"the result after {percent(self.commission)}"
        head = (f"house way {self.way} against the {self.seat}'s best response ({what}), per hand:\n"
                f"  with the way {float(self.way_result):+.6f}, best response {float(self.best_result):+.6f}, "
                f"the way costs {float(self.total):.6f} ({self.total} exactly)\n"
                f"  {len(self.lines)} distinct hands set worse than the best response"
                + (f", the {min(top, len(self.lines))} costliest per hand:" if top is not None else ":"))
        body = [[" ".join(map(str, line.hand)), str(line.way_setting), str(line.best_setting),
                 f"{float(line.loss):.5f}", f"{float(line.cost) * 1e6:.3f}", str(line.hands), line.rule]
                for line in self.lines[:top]]
        return head + "\n" + table(["hand", "way", "best", "loss/hand", "cost ppm", "hands", "way's rule"], body,
                                   right=[3, 4, 5])


def audit(way: "HouseWay | str | os.PathLike[str]" = "foxwoods", seat: str = "player", objective: str = "win-loss",
          commission: "bool | RateLike" = True) -> Audit:
    """Every distinct hand where ``way`` sets ``seat``'s hand worse than the best response to the
    way at the other seat (by ``objective``, at ``commission``: True is 5%), with the value lost
    per hand, most first (then the costliest per hand dealt, then :func:`distinct_hands` order).
    ``Audit.total``, the lines' costs added up, is exactly the best response's value per hand
    dealt minus the way's."""
    w, seat, r = _arguments(way, seat, objective, commission)
    counts, own, played = _plan(w, seat, objective, r)
    ty = hand_types(w.rules)
    primary, _, scale = _scaled(counts, objective, r)
    rows = np.arange(ty.n)
    p_own, p_best = primary[rows, own], primary[rows, played]
    which, reps = _distinct_of_types(w.rules)
    unit = scale * OPPONENT_HANDS
    # per distinct hand: the hands, and the value of each setting summed over its hands
    found: dict[int, list[Any]] = {}
    for t in np.nonzero(p_best > p_own)[0].tolist():
        d = int(which[t])
        got = found.get(d)
        if got is None:
            found[d] = [t, 0, 0, 0]
            got = found[d]
        got[1] += int(ty.cnt[t])
        got[2] += int(ty.cnt[t]) * int(p_own[t])
        got[3] += int(ty.cnt[t]) * int(p_best[t])
    hands = distinct_hands()
    lines = []
    for d, (t, n, v_own, v_best) in found.items():
        tiles = hands[d]
        split, rule = w.decision(tiles)
        options = settings_of(tiles)
        best = _carry(reps[t], int(played[t]), tiles)
        lines.append((d, AuditLine(tiles, n, options[split], rule, options[best], Fraction(v_own, n * unit),
                                   Fraction(v_best, n * unit))))
    lines.sort(key=lambda x: (-x[1].loss, -x[1].cost, x[0]))
    total_own = int((ty.cnt * p_own).sum())
    total_best = int((ty.cnt * p_best).sum())
    return Audit(w.name, seat, objective, r, tuple(line for _, line in lines), Fraction(total_own, PAIRINGS * scale),
                 Fraction(total_best, PAIRINGS * scale))


# ---------------------------------------------------------------------------------------------
# one hand's three settings against the way

@dataclasses.dataclass(frozen=True)
class SettingCounts:
    """One setting's exact record against the 20,475 hands of the other side, set by the way."""

    setting: Setting
    wins: int
    pushes: int
    losses: int
    commission: Fraction

    @property
    def win_loss(self) -> Fraction:
        """Wins minus losses per opposing hand."""
        return Fraction(self.wins - self.losses, OPPONENT_HANDS)

    @property
    def paid(self) -> Fraction:
        """The result per hand after the commission: ``((1 - rate) * wins - losses) / 20475``."""
        return ((1 - self.commission) * self.wins - self.losses) / OPPONENT_HANDS

    def value(self, objective: str) -> Fraction:
        return self.win_loss if objective == "win-loss" else self.paid


@dataclasses.dataclass(frozen=True)
class HandValues:
    """The three settings of four tiles (``settings()`` order of the tiles as given) for a seat
    against a house way at the other seat: ``way`` indexes the way's own setting of the hand,
    ``best`` the best response's (by ``objective``, ties broken as the module says)."""

    tiles: tuple[Tile, ...]
    seat: str
    way_name: str
    objective: str
    options: tuple[SettingCounts, SettingCounts, SettingCounts]
    way: int
    best: int

    @property
    def loss(self) -> Fraction:
        """What the way's setting gives up per hand against the best setting, by the objective."""
        return self.options[self.best].value(self.objective) - self.options[self.way].value(self.objective)

    def to_json(self) -> dict[str, Any]:
        def one(o: SettingCounts) -> dict[str, Any]:
            return {**o.setting.to_json(), "wins": o.wins, "pushes": o.pushes, "losses": o.losses,
                    "win_loss": float(o.win_loss), "paid": float(o.paid),
                    "exact": {"win_loss": str(o.win_loss), "paid": str(o.paid)}}

        return {"seat": self.seat, "way": self.way_name, "objective": self.objective,
                "commission": percent(self.options[0].commission), "opponent_hands": OPPONENT_HANDS,
                "way_setting": self.way, "best": self.best, "loss": float(self.loss), "loss_exact": str(self.loss),
                "settings": [one(o) for o in self.options]}


def hand_values(tiles: "str | Iterable[TileLike]", way: "HouseWay | str | os.PathLike[str]" = "foxwoods",
                seat: str = "player", objective: str = "win-loss", commission: "bool | RateLike" = True) -> HandValues:
    """The exact record of each setting of four tiles for ``seat`` against the way at the other
    seat, which of them the way plays, and which the best response plays (by ``objective``).

    >>> v = hand_values("6-6 6-6 1-2 1-3")
    >>> str(v.options[v.way].setting), v.way == v.best, v.loss
    ('1-3 1-2 | 6-6 6-6', True, Fraction(0, 1))
    """
    t = parse_tiles(tiles, count=4)
    w, seat, r = _arguments(way, seat, objective, commission)
    counts, own, played = _plan(w, seat, objective, r)
    ty = hand_types(w.rules)
    row = hand_index(list(deck_indices(t)))
    typ = int(ty.hand_type[row])
    given = settings_of(t)
    mine = settings_of(tuple(DECK[i] for i in all_hands()[row].tolist()))  # the tiles ascending
    # setting k of the tiles as given is setting m of the tiles ascending (settings are canonical)
    to_sorted = [mine.index(s) for s in given]
    def one(k: int) -> SettingCounts:
        w, p, lo = (int(x) for x in counts[typ, to_sorted[k]])
        return SettingCounts(given[k], w, p, lo, r)

    opts = (one(0), one(1), one(2))
    way_k = next(k for k in range(3) if given[k] == mine[int(own[typ])])
    best_k = next(k for k in range(3) if given[k] == mine[int(played[typ])])
    return HandValues(t, seat, w.name, objective, opts, way_k, best_k)
