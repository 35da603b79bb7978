"""Exact strategies of the setting game and the proof of an equilibrium (the method:
:mod:`paigow.game.exact`).

The kernels ``side_values`` (no commission) and ``side_counts`` (wins and losses apart, for the
game as paid) are linear in the opposing strategy, and against a 0/1 strategy they return
integers (checked: each is an integer below 2**53). So the value of every setting of every type
against a rational strategy is an integer vector (against the opponent's pure part) plus the
integer vector of each opposing mixed (type, setting) times its probability. With the commission
``r = p/q`` a setting's payoff times ``q`` is the integer ``(q - p) * wins - q * losses``.

:func:`prove` values every setting of every one of the 4,285 types of both seats exactly against
the other side's exact strategy; a seat's gain is what its best response would add, summed
exactly over all types. The pair is an exact equilibrium when both gains are exactly 0.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.commission import RateLike
from paigow.errors import InvalidStrategyError
from paigow.game.equilibria import clean_strategy
from paigow.game.handtypes import hand_types
from paigow.game.values import SideCounter, type_values
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of

__all__ = [
    "ExactStrategy", "Proof", "Deviation", "Counts", "prove", "prove_with", "exact_values", "exact_counts",
    "as_exact", "player_counts", "played_total", "same_order", "PAIRINGS", "SEATS",
]

PAIRINGS = _core.HAND_COUNT * _core.OPPONENT_HANDS
"""Player/banker hand pairings: 35,960 hands times the 20,475 the other side can hold."""

SEATS = ("player", "banker")
_EXACT_LIMIT = 2 ** 53


# ---------------------------------------------------------------------------------------------
# exact strategies

# ---------------------------------------------------------------------------------------------
# exact strategies

def _three(row: Iterable[Any]) -> tuple[Fraction, Fraction, Fraction]:
    r = [Fraction(p) for p in row]
    if len(r) != 3:
        raise InvalidStrategyError(f"a type's probabilities are three (one per setting), not {len(r)}",
                                   code="strategy.exact")
    return (r[0], r[1], r[2])


@dataclasses.dataclass(frozen=True, eq=False)
class ExactStrategy:
    """A type strategy with exact probabilities: ``pure`` (n types,) int8 is the setting of
    each type played purely (-1 for a mixed type) and ``mixed`` maps each mixed type to its
    probabilities of settings 0-2 as fractions (summing to 1). A type's settings are numbered
    as the hand order of ``rules`` tells them apart (Macau's by default; a rule set or its name)."""

    pure: npt.NDArray[np.int8]
    mixed: Mapping[int, tuple[Fraction, Fraction, Fraction]]
    rules: RuleSet = MACAU

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", clean_rules(self.rules))
        ty = hand_types(self.rules)
        pure = np.asarray(self.pure)
        if pure.shape != (ty.n,):
            raise InvalidStrategyError(f"an exact strategy has one setting per type ({ty.n}), not shape {pure.shape}",
                                       code="strategy.exact")
        mixed = {int(t): _three(row) for t, row in self.mixed.items()}
        for t, row in mixed.items():
            if not 0 <= t < ty.n or len(row) != 3 or sum(row) != 1 or min(row) < 0 \
                    or any(p for p in row[int(ty.m[t]):]):
                raise InvalidStrategyError(f"type {t}: {row} is not a distribution over its {int(ty.m[t])} settings",
                                           code="strategy.exact")
        free = np.ones(ty.n, dtype=bool)
        free[list(mixed)] = False
        if not ((pure[free] >= 0) & (pure[free] < ty.m[free])).all() or (pure[~free] != -1).any():
            raise InvalidStrategyError("an exact strategy's pure setting must be a setting of its type, "
                                       "and -1 exactly for its mixed types", code="strategy.exact")
        p = np.array(pure, dtype=np.int8)
        p.flags.writeable = False
        object.__setattr__(self, "pure", p)
        object.__setattr__(self, "mixed", dict(sorted(mixed.items())))

    @classmethod
    def from_array(cls, sigma: npt.ArrayLike, exact: "Mapping[int, Iterable[Fraction | int | str]] | None" = None,
                   tol: float = 0.0, rules: RulesLike = None) -> "ExactStrategy":
        """The exact strategy of a (n, 3) type table whose rows are 0/1 except those given exactly
        in ``exact`` (whose float rows must agree with the fractions within ``tol``). With ``tol``
        above 0, rows not in ``exact`` are taken pure on their largest probability. The table's
        settings are those of the hand order of ``rules`` (Macau's by default)."""
        s = np.asarray(sigma, dtype=np.float64)
        rs = clean_rules(rules)
        ty = hand_types(rs)
        if s.shape != (ty.n, 3):
            raise InvalidStrategyError(f"a type strategy is ({ty.n}, 3), not {s.shape}", code="strategy.exact")
        given = {int(t): _three(row) for t, row in (exact or {}).items()}
        pure = np.argmax(s, axis=1).astype(np.int8)
        for t, row in given.items():
            if np.abs(s[t] - np.array([float(p) for p in row])).max() > max(tol, 1e-15):
                raise InvalidStrategyError(f"type {t}: the table's row {s[t].tolist()} is not the fractions "
                                           f"{[str(p) for p in row]}", code="strategy.exact")
        rest = np.ones(ty.n, dtype=bool)
        rest[list(given)] = False
        if tol == 0.0:
            onehot = np.zeros_like(s)
            onehot[np.arange(ty.n), pure] = 1.0
            bad = np.where(rest & (s != onehot).any(axis=1))[0]
            if len(bad):
                raise InvalidStrategyError(f"type {int(bad[0])} is neither pure nor given exactly: {s[bad[0]].tolist()}",
                                           code="strategy.exact")
        mixed = {t: row for t, row in given.items() if sum(1 for p in row if p) > 1}
        for t, row in given.items():
            if t not in mixed:
                pure[t] = next(k for k, p in enumerate(row) if p)
        pure[list(mixed)] = -1
        return cls(pure, mixed, rs)

    @classmethod
    def from_floats(cls, sigma: npt.ArrayLike, rules: RulesLike = None) -> "ExactStrategy":
        """A (n, 3) float type table read exactly: each probability the binary fraction it is,
        each row divided by its exact sum (a row with one nonzero entry is pure); its settings
        those of the hand order of ``rules`` (Macau's by default)."""
        s = np.asarray(sigma, dtype=np.float64)
        rs = clean_rules(rules)
        ty = hand_types(rs)
        if s.shape != (ty.n, 3) or not np.isfinite(s).all() or (s < 0).any():
            raise InvalidStrategyError(f"a type strategy is ({ty.n}, 3) of probabilities, not {s.shape}",
                                       code="strategy.exact")
        pure = np.argmax(s, axis=1).astype(np.int8)
        mixed: dict[int, tuple[Fraction, Fraction, Fraction]] = {}
        for t in np.where((s > 0).sum(axis=1) > 1)[0].tolist():
            row = [Fraction(float(v)) for v in s[t]]
            total = sum(row, Fraction(0))
            mixed[t] = _three(v / total for v in row)
            pure[t] = -1
        return cls(pure, mixed, rs)

    def row(self, t: int) -> tuple[Fraction, Fraction, Fraction]:
        """Type ``t``'s probabilities of its settings 0-2."""
        if t in self.mixed:
            return self.mixed[t]
        out = [Fraction(0)] * 3
        out[int(self.pure[t])] = Fraction(1)
        return (out[0], out[1], out[2])

    def array(self) -> npt.NDArray[np.float64]:
        """The strategy as a (n, 3) float64 type table (each fraction to the nearest double)."""
        ty = hand_types(self.rules)
        out = np.zeros((ty.n, 3), dtype=np.float64)
        pure = self.pure >= 0
        out[np.where(pure)[0], self.pure[pure]] = 1.0
        for t, row in self.mixed.items():
            out[t] = [float(p) for p in row]
        return out

    def pure_part(self) -> npt.NDArray[np.float64]:
        """The pure rows as a 0/1 (n, 3) table, the mixed rows all zero."""
        a = self.array()
        a[list(self.mixed)] = 0.0
        return a

    def terms(self) -> list[tuple[int, int, Fraction]]:
        """(type, setting, probability) of every setting a mixed type plays."""
        return [(t, k, p) for t, row in self.mixed.items() for k, p in enumerate(row) if p]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ExactStrategy):
            return NotImplemented
        return (self.rules.hand_order == other.rules.hand_order and bool((self.pure == other.pure).all())
                and self.mixed == other.mixed)

    __hash__ = None  # type: ignore[assignment]


# ---------------------------------------------------------------------------------------------
# exact counts

class Counts:
    """Integer payoffs of every setting of every type of one side against a 0/1 strategy of the
    other, scaled by the commission's denominator, with a cache of the indicator columns."""

    def __init__(self, r: Fraction, rules: RuleSet, threads: int = 1) -> None:
        ty = hand_types(rules)
        self.r = r
        self.rules = rules
        self.scale = r.denominator if r else 1   # payoffs are integers times 1/scale
        self.win = int((1 - r) * self.scale)
        self.loss = self.scale
        self.threads = threads
        self.valid = np.arange(3)[None, :] < ty.m[:, None]
        if r:
            self.counter = SideCounter(threads, rules)  # the game's side_counts, with its buffers
        else:
            self.work = np.empty(_core.side_values_size(), dtype=np.float64)
            self.out2 = np.empty((ty.n, 3), dtype=np.float64)
        self.cache: dict[tuple[bool, int, int], npt.NDArray[np.int64]] = {}
        self.calls = 0

    @staticmethod
    def _ints(a: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        if not (np.isfinite(a).all() and (np.abs(a) < _EXACT_LIMIT).all() and (a == np.rint(a)).all()):
            raise ArithmeticError("a kernel count against a 0/1 strategy is not an exact integer")
        return a.astype(np.int64)

    def raw(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.int64]:
        """(n, 3, 2) wins and losses (commission) or (n, 3) wins minus losses (none), integers."""
        self.calls += 1
        s = np.ascontiguousarray(sigma, dtype=np.float64)
        if self.r:
            return self._ints(self.counter.counts(s, banker_side))
        return self._ints(type_values(s, banker_side, self.rules, self.threads, self.work, self.out2))

    def payoff(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.int64]:
        """(n, 3) scaled integer payoffs of one side's settings (0 for a setting a type lacks)."""
        c = self.raw(sigma, banker_side)
        q = c[:, :, 0] * self.win - c[:, :, 1] * self.loss if self.r else c
        return np.where(self.valid, q, 0)

    def column(self, t: int, k: int, banker_side: bool) -> npt.NDArray[np.int64]:
        """Payoffs of every setting of one side against the other side's type ``t`` always
        playing setting ``k`` (and no other hand): one term of the linear decomposition."""
        key = (banker_side, t, k)
        if key not in self.cache:
            ty = hand_types(self.rules)
            e = np.zeros((ty.n, 3))
            e[t, k] = 1.0
            self.cache[key] = self.payoff(e, banker_side)
        return self.cache[key]


def _lcm(values: Iterable[int]) -> int:
    out = 1
    for v in values:
        out = out * v // math.gcd(out, v)
    return out


def exact_values(counts: Counts, other: ExactStrategy, banker_side: bool) -> tuple[npt.NDArray[Any], int]:
    """(Q, D): the payoffs of every setting of one side against ``other``, exactly: the integer
    array Q (n, 3, dtype object) over the common denominator D * counts.scale."""
    base = counts.payoff(other.pure_part(), banker_side)
    terms = other.terms()
    d = _lcm(p.denominator for _, _, p in terms)
    q = base.astype(object) * d
    for t, k, p in terms:
        q = q + counts.column(t, k, banker_side).astype(object) * (p.numerator * (d // p.denominator))
    return q, d


# ---------------------------------------------------------------------------------------------
# the proof

@dataclasses.dataclass(frozen=True)
class Deviation:
    """A setting better than what a type plays: ``gain`` is its value minus the played value
    against one opposing hand's worth of the other side (per hand of the type)."""

    seat: str
    type: int
    setting: int
    gain: Fraction


@dataclasses.dataclass(frozen=True)
class Proof:
    """What :func:`prove` established about a pair of exact strategies, per hand: each side's
    expected result and its best-response gain, as fractions. ``exact`` is True when both gains
    are exactly 0 (an exact Nash equilibrium). ``deviations`` lists the settings that beat what
    a type plays (empty when ``exact``); ``ties`` counts, per seat, the types whose best settings
    are tied (a mixed type's played settings, or a pure type's that another setting equals);
    ``margin`` is, per seat, the smallest amount by which a pure type's setting beats its next
    best setting, per opposing hand (positive when every pure type strictly prefers its
    setting)."""

    commission: Fraction
    player_value: Fraction
    banker_value: Fraction
    player_gain: Fraction
    banker_gain: Fraction
    deviations: tuple[Deviation, ...]
    ties: dict[str, int]
    margin: dict[str, Fraction]
    seconds: float

    @property
    def exact(self) -> bool:
        return self.player_gain == 0 and self.banker_gain == 0

    @property
    def gain(self) -> Fraction:
        return max(self.player_gain, self.banker_gain)


def _prove_side(counts: Counts, own: ExactStrategy, other: ExactStrategy, seat: str,
                limit: int) -> tuple[Fraction, Fraction, list[Deviation], int, Fraction]:
    """(gain, value, deviations, ties, margin) of ``seat`` playing ``own`` against ``other``."""
    ty = hand_types(counts.rules)
    banker_side = seat == "banker"
    q, d = exact_values(counts, other, banker_side)
    denom = d * counts.scale
    best = np.array([max(row[: int(m)]) for row, m in zip(q.tolist(), ty.m.tolist())], dtype=object)
    cnt = ty.cnt.tolist()
    gain = Fraction(0)
    value = Fraction(0)
    devs: list[Deviation] = []
    ties = 0
    margin: Fraction | None = None
    rows = q.tolist()
    best_l = best.tolist()
    for t in range(ty.n):
        row = rows[t][: int(ty.m[t])]
        b = best_l[t]
        if t in own.mixed:
            probs = own.mixed[t]
            played = sum((p * v for p, v in zip(probs, row) if p), Fraction(0))
            ties += 1
            for k, p in enumerate(probs[: len(row)]):
                if p and row[k] != b and len(devs) < limit:
                    devs.append(Deviation(seat, t, k, Fraction(b - row[k], denom)))
        else:
            k = int(own.pure[t])
            played = Fraction(row[k])
            if b != row[k]:
                if len(devs) < limit:
                    devs.append(Deviation(seat, t, int(np.argmax([v == b for v in row])), Fraction(b - row[k], denom)))
            else:
                others = [v for j, v in enumerate(row) if j != k]
                if others:
                    gap = Fraction(row[k] - max(others), denom)
                    if gap == 0:
                        ties += 1
                    elif margin is None or gap < margin:
                        margin = gap
        gain += cnt[t] * (b - played)
        value += cnt[t] * played
    return (gain / (denom * PAIRINGS), value / (denom * PAIRINGS), devs, ties,
            margin if margin is not None else Fraction(0))


def prove(player: ExactStrategy, banker: ExactStrategy, commission: "RateLike | bool" = 0,
          rules: RulesLike = None, threads: int = 1, limit: int = 20) -> Proof:
    """Prove (or refute) that ``player`` and ``banker`` are an exact Nash equilibrium of the
    setting game of ``rules`` (the strategies' own rule set when None) at ``commission`` (0: the
    zero-sum game; a rate: the game as paid, a win worth ``1 - rate``): every setting of every
    type of each side is valued exactly against the other side's exact strategy, and each side's
    best-response gain is summed exactly over all types. ``limit`` caps the deviations listed.
    Strategies whose settings are numbered by another hand order than the game's are refused
    (InvalidStrategyError, code ``strategy.rules``)."""
    if not isinstance(player, ExactStrategy) or not isinstance(banker, ExactStrategy):
        raise TypeError("prove() takes two ExactStrategy values")
    rs = player.rules if rules is None else clean_rules(rules)
    r = commission_of(rs, commission)
    same_order(rs, player, banker)
    return prove_with(Counts(r, rs, threads), player, banker, limit)


def same_order(rules: RuleSet, *strategies: ExactStrategy) -> None:
    for s in strategies:
        if s.rules.hand_order != rules.hand_order:
            raise InvalidStrategyError(
                f"an exact strategy of the hand order {s.rules.hand_order!r} (rule set {s.rules.name!r}) is not a "
                f"strategy of the game of rule set {rules.name!r} (hand order {rules.hand_order!r})",
                code="strategy.rules")


def prove_with(counts: Counts, player: ExactStrategy, banker: ExactStrategy, limit: int = 20) -> Proof:
    begin = time.perf_counter()
    gp, vp, dp, tp, mp = _prove_side(counts, player, banker, "player", limit)
    gb, vb, db, tb, mb = _prove_side(counts, banker, player, "banker", limit)
    return Proof(counts.r, vp, vb, gp, gb, tuple(dp + db), {"player": tp, "banker": tb},
                 {"player": mp, "banker": mb}, time.perf_counter() - begin)


def player_counts(banker: ExactStrategy, rules: RuleSet, threads: int = 1) -> tuple[npt.NDArray[Any], npt.NDArray[Any], int]:
    """(wins, losses, D): each player type setting's wins and losses against ``banker``, exactly:
    integer arrays (n, 3, object) over the common denominator D."""
    counts = Counts(Fraction(1, 2), rules, threads)  # side_counts: wins and losses apart
    terms = banker.terms()
    d = _lcm(p.denominator for _, _, p in terms)
    base = counts.raw(banker.pure_part(), False)
    w = base[:, :, 0].astype(object) * d
    lo = base[:, :, 1].astype(object) * d
    ty = hand_types(rules)
    for t, k, p in terms:
        e = np.zeros((ty.n, 3))
        e[t, k] = 1.0
        c = counts.raw(e, False)
        f = p.numerator * (d // p.denominator)
        w = w + c[:, :, 0].astype(object) * f
        lo = lo + c[:, :, 1].astype(object) * f
    return w, lo, d


def played_total(player: ExactStrategy, q: npt.NDArray[Any]) -> Fraction:
    """sum over types of (hands of the type) x (the type's probabilities . its row of q)."""
    ty = hand_types(player.rules)
    pure = player.pure >= 0
    idx = np.where(pure)[0]
    total = Fraction(int((q[idx, player.pure[idx].astype(np.intp)] * ty.cnt[idx].astype(object)).sum()))
    for t, row in player.mixed.items():
        total += int(ty.cnt[t]) * sum((p * int(q[t, k]) for k, p in enumerate(row) if p), Fraction(0))
    return total


def exact_counts(player: ExactStrategy, banker: ExactStrategy, rules: RulesLike = None,
                 threads: int = 1) -> tuple[Fraction, Fraction, Fraction]:
    """The player's exact (win, push, lose) shares of all 736,281,000 pairings with both sides
    playing these exact strategies, in the game of ``rules`` (the strategies' own when None)."""
    rs = player.rules if rules is None else clean_rules(rules)
    same_order(rs, player, banker)
    w, lo, d = player_counts(banker, rs, threads)
    win = played_total(player, w) / (d * PAIRINGS)
    lose = played_total(player, lo) / (d * PAIRINGS)
    return win, 1 - win - lose, lose


def as_exact(strategy: Any, seat: str = "player", rules: RulesLike = None) -> ExactStrategy:
    """``strategy`` as an :class:`ExactStrategy` of the game of ``rules`` (Macau's by default):
    one already, or any strategy the solver takes (a name or a (35960, 3) table setting every
    hand of a type alike), each float read as the exact binary fraction it is and each row
    divided by its exact sum (the shipped exact files: :func:`paigow.game.exact.exact_strategy`)."""
    if isinstance(strategy, ExactStrategy):
        return strategy
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    rs = clean_rules(rules)
    sigma, uniform = clean_strategy(strategy, seat, rs).type_strategy(rs)
    if not uniform:
        raise InvalidStrategyError("an exact strategy must set every hand of a type alike", code="strategy.split_type")
    return ExactStrategy.from_floats(sigma, rs)
