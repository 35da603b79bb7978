"""The exact equilibria of the setting game: probabilities as fractions, gains proven to be zero.

The setting game (one player against the banker, docs/equilibrium.md) is finite and its payoffs
are integer counts over the 736,281,000 pairings. Its shipped numerical equilibria
(:mod:`paigow.solver`) set all but a few dozen of the 4,285 hand types purely; this module takes
one of them, keeps its pure part, solves the small game left on the mixed types exactly, and
proves the result:

1. **Counts.** The kernels ``side_values`` (no commission) and ``side_counts`` (wins and losses
   apart, for the game as paid) are linear in the opposing strategy, and against a 0/1 strategy
   they return integers (checked: each is an integer below 2**53). So the value of every setting
   of every type against a rational strategy is an integer vector (against the opponent's pure
   part) plus the integer vector of each opposing mixed (type, setting) times its probability.
   With the commission ``r = p/q`` a setting's payoff times ``q`` is the integer
   ``(q - p) * wins - q * losses``.
2. **Solving** (:func:`solve_exact`). On the *active* types (those the numerical solution mixes)
   the game is a two-person game whose strategies are products of simplices, one per type.
   Complementary pivoting (Lemke's algorithm in the form of the tracing procedure of van den
   Elzen and Talman, as von Stengel, van den Elzen and Talman extended it to such strategy
   spaces, Econometrica 2002), started from the numerical solution as the prior, finds an
   equilibrium of that small game in floating point; it only serves to name the *basis*: which
   settings are played. The probabilities are then solved exactly, in :class:`fractions.Fraction`,
   from the indifference conditions of that basis (each type's played settings are worth the
   same; each type's probabilities sum to 1): two small square linear systems, one per seat.
   The same method serves the zero-sum game and the general-sum game as paid, where an LP would
   not apply.
3. **Proof** (:func:`prove`). Every setting of every one of the 4,285 types of both seats is
   valued exactly (integers over a common denominator) against the other side's exact strategy;
   a seat's gain is what its best response would add, summed exactly over all types. The pair is
   an exact equilibrium when both gains are exactly 0: every setting played is a best response.
   If the proof fails on a type left out of the small game (its fixed pure setting is not a best
   response) that type joins the active types and the small game is solved again.

The proof does not depend on how the strategies were found: :func:`prove` takes any pair of
exact strategies (:class:`ExactStrategy`), and the tests re-prove the shipped files from
scratch: Macau's (``paigow/data/equilibrium-exact.*``, ``equilibrium-paid-exact.*``,
``equilibrium-paid-4pct-exact.*``) and the US game's (``us-equilibrium-exact.*``,
``us-equilibrium-paid-exact.*``, ``us-equilibrium-paid-4.7619pct-exact.*``). Every function
takes ``rules=`` (Macau's by default; a shipped pair's own when it is read from its file), and
an :class:`ExactStrategy` carries the rule set whose hand order numbers its settings.

>>> eq = shipped_exact()                 # the zero-commission game
>>> eq.player_value
Fraction(-4601027, 490854000)
>>> eq.exact, eq.player_value == -eq.banker_value
(True, True)
>>> shipped_exact(0, rules="us").player_value
Fraction(-27681553379, 2942178876000)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import pathlib
import time
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.commission import RateLike
from paigow._types import all_hands, hand_types
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game import SideCounter, type_values
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of
from paigow.tiles import DECK

__all__ = [
    "ExactStrategy", "Proof", "ExactEquilibrium", "prove", "solve_exact", "save_exact", "load_exact",
    "shipped_exact", "exact_stem", "exact_counts", "exact_strategy", "certify_exact", "exact_edges",
    "EXACT_STRATEGIES", "PAIRINGS", "SEATS", "Deviation",
]

PAIRINGS = _core.HAND_COUNT * _core.OPPONENT_HANDS
"""Player/banker hand pairings: 35,960 hands times the 20,475 the other side can hold."""

SEATS = ("player", "banker")
DATA_DIR = pathlib.Path(__file__).resolve().parent / "data"
_EXACT_LIMIT = 2 ** 53


# ---------------------------------------------------------------------------------------------
# what this module reads of the rest of the package (the hand types and the hands), in one place

def _types(rules: RuleSet = MACAU) -> Any:
    """The hand types with their settings under the hand order of ``rules`` (a cleaned RuleSet)."""
    return hand_types(rules)


def _hands() -> npt.NDArray[np.int8]:
    return all_hands()


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
        ty = _types(self.rules)
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
        ty = _types(rs)
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
        ty = _types(rs)
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
        ty = _types(self.rules)
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

class _Counts:
    """Integer payoffs of every setting of every type of one side against a 0/1 strategy of the
    other, scaled by the commission's denominator, with a cache of the indicator columns."""

    def __init__(self, r: Fraction, rules: RuleSet, threads: int = 1) -> None:
        ty = _types(rules)
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
            ty = _types(self.rules)
            e = np.zeros((ty.n, 3))
            e[t, k] = 1.0
            self.cache[key] = self.payoff(e, banker_side)
        return self.cache[key]


def _lcm(values: Iterable[int]) -> int:
    out = 1
    for v in values:
        out = out * v // math.gcd(out, v)
    return out


def _exact_values(counts: _Counts, other: ExactStrategy, banker_side: bool) -> tuple[npt.NDArray[Any], int]:
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


def _prove_side(counts: _Counts, own: ExactStrategy, other: ExactStrategy, seat: str,
                limit: int) -> tuple[Fraction, Fraction, list[Deviation], int, Fraction]:
    """(gain, value, deviations, ties, margin) of ``seat`` playing ``own`` against ``other``."""
    ty = _types(counts.rules)
    banker_side = seat == "banker"
    q, d = _exact_values(counts, other, banker_side)
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
    _same_order(rs, player, banker)
    return _prove(_Counts(r, rs, threads), player, banker, limit)


def _same_order(rules: RuleSet, *strategies: ExactStrategy) -> None:
    for s in strategies:
        if s.rules.hand_order != rules.hand_order:
            raise InvalidStrategyError(
                f"an exact strategy of the hand order {s.rules.hand_order!r} (rule set {s.rules.name!r}) is not a "
                f"strategy of the game of rule set {rules.name!r} (hand order {rules.hand_order!r})",
                code="strategy.rules")


def _prove(counts: _Counts, player: ExactStrategy, banker: ExactStrategy, limit: int = 20) -> Proof:
    begin = time.perf_counter()
    gp, vp, dp, tp, mp = _prove_side(counts, player, banker, "player", limit)
    gb, vb, db, tb, mb = _prove_side(counts, banker, player, "banker", limit)
    return Proof(counts.r, vp, vb, gp, gb, tuple(dp + db), {"player": tp, "banker": tb},
                 {"player": mp, "banker": mb}, time.perf_counter() - begin)


def _player_counts(banker: ExactStrategy, rules: RuleSet, threads: int = 1) -> tuple[npt.NDArray[Any], npt.NDArray[Any], int]:
    """(wins, losses, D): each player type setting's wins and losses against ``banker``, exactly:
    integer arrays (n, 3, object) over the common denominator D."""
    counts = _Counts(Fraction(1, 2), rules, threads)  # side_counts: wins and losses apart
    terms = banker.terms()
    d = _lcm(p.denominator for _, _, p in terms)
    base = counts.raw(banker.pure_part(), False)
    w = base[:, :, 0].astype(object) * d
    lo = base[:, :, 1].astype(object) * d
    ty = _types(rules)
    for t, k, p in terms:
        e = np.zeros((ty.n, 3))
        e[t, k] = 1.0
        c = counts.raw(e, False)
        f = p.numerator * (d // p.denominator)
        w = w + c[:, :, 0].astype(object) * f
        lo = lo + c[:, :, 1].astype(object) * f
    return w, lo, d


def _played_total(player: ExactStrategy, q: npt.NDArray[Any]) -> Fraction:
    """sum over types of (hands of the type) x (the type's probabilities . its row of q)."""
    ty = _types(player.rules)
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
    _same_order(rs, player, banker)
    w, lo, d = _player_counts(banker, rs, threads)
    win = _played_total(player, w) / (d * PAIRINGS)
    lose = _played_total(player, lo) / (d * PAIRINGS)
    return win, 1 - win - lose, lose


def exact_strategy(strategy: Any, seat: str = "player", commission: "RateLike | bool" = 0,
                   rules: RulesLike = None) -> ExactStrategy:
    """``strategy`` as an :class:`ExactStrategy` of the game of ``rules`` (Macau's by default):
    one already, the name of a shipped exact equilibrium (``"equilibrium-exact"``,
    ``"us-equilibrium-paid-exact"``, ...), or any strategy the solver takes (a name or a
    (35960, 3) table setting every hand of a type alike), each float read as the exact binary
    fraction it is and each row divided by its exact sum."""
    if isinstance(strategy, ExactStrategy):
        return strategy
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    if isinstance(strategy, str) and strategy.endswith("-exact"):
        return _load(strategy, False).strategy(seat)
    from paigow.equilibria import clean_strategy

    rs = clean_rules(rules)
    sigma, uniform = clean_strategy(strategy, seat, rs).type_strategy(rs)
    if not uniform:
        raise InvalidStrategyError("an exact strategy must set every hand of a type alike", code="strategy.split_type")
    return ExactStrategy.from_floats(sigma, rs)


def certify_exact(player: Any, banker: Any = None, commission: "RateLike | bool" = 0,
                  rules: RulesLike = None, threads: int = 1) -> Proof:
    """:func:`prove` for any strategies :func:`exact_strategy` takes (``player`` may be an
    :class:`ExactEquilibrium`, ``banker`` then None), in the game of ``rules`` (an exact
    equilibrium's own when None, else Macau's): each side's best-response gain exactly."""
    if isinstance(player, ExactEquilibrium):
        if banker is not None:
            raise TypeError("certify_exact(equilibrium) takes no banker strategy")
        return prove(player.player, player.banker, commission, rules, threads)
    if banker is None:
        raise TypeError("certify_exact(player, banker): give the banker's strategy")
    rs = clean_rules(rules)
    return prove(exact_strategy(player, "player", rules=rs), exact_strategy(banker, "banker", rules=rs),
                 commission, rs, threads)


EXACT_STRATEGIES = ("equilibrium-paid-exact", "equilibrium-exact", "max-back")
"""The strategies of the exact house-edge table: the exact equilibrium as paid (at the table's
rate), the exact zero-commission equilibrium, and max-back."""


def exact_edges(commission: "RateLike | bool" = "5%", rules: RulesLike = None) -> tuple[Any, ...]:
    """The house-edge table (:func:`paigow.edges.edges`) of the game of ``rules`` (Macau's by
    default) with the exact equilibria in place of the numerical ones: every row exact (its
    shares are fractions), at a rate whose exact equilibrium is shipped (Macau's: 5% and 4%)."""
    from paigow.game import Edge

    rs = clean_rules(rules)
    r = commission_of(rs, commission)
    rates = _exact_rates(rs)
    if r not in rates or 0 not in rates:
        shown = " and ".join(f"{float(x * 100):g}%" for x in rates if x) or "no rate"
        raise InvalidOptionError(f"no shipped exact equilibrium as paid at commission {float(r * 100):g}% "
                                 f"({commission!r}) for rule set {rs.name!r}: the exact table is shipped for {shown}",
                                 code="edges.rate")
    names = {"equilibrium-paid-exact": exact_stem(r, rs), "equilibrium-exact": exact_stem(0, rs),
             "max-back": "max-back"}

    def strat(name: str, seat: str) -> ExactStrategy:
        return exact_strategy(names[name], seat, rules=rs)

    banker_counts = {b: _player_counts(strat(b, "banker"), rs) for b in EXACT_STRATEGIES}
    rows = []
    for p in EXACT_STRATEGIES:
        sp = strat(p, "player")
        for b in EXACT_STRATEGIES:
            w, lo, d = banker_counts[b]
            win = _played_total(sp, w) / (d * PAIRINGS)
            lose = _played_total(sp, lo) / (d * PAIRINGS)
            rows.append(Edge(p, b, r, win, 1 - win - lose, lose, True))
    return tuple(rows)


# ---------------------------------------------------------------------------------------------
# exact linear algebra

def _solve_exact(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The solution of a square system in fractions (Gauss-Jordan, sparse rows), or None if it
    is singular."""
    n = len(rows)
    a = [{j: Fraction(v) for j, v in enumerate(r) if v} for r in rows]
    b = [Fraction(v) for v in rhs]
    for col in range(n):
        piv = next((i for i in range(col, n) if col in a[i]), None)
        if piv is None:
            return None
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        pr, pb = a[col], b[col]
        inv = 1 / pr[col]
        pr = {j: v * inv for j, v in pr.items()}
        pb = pb * inv
        a[col], b[col] = pr, pb
        for i in range(n):
            if i != col and col in a[i]:
                f = a[i][col]
                ri = a[i]
                for j, v in pr.items():
                    nv = ri.get(j, 0) - f * v
                    if nv:
                        ri[j] = nv
                    else:
                        ri.pop(j, None)
                b[i] -= f * pb
    return b


# ---------------------------------------------------------------------------------------------
# the small game on the active types, by complementary pivoting

@dataclasses.dataclass
class _Small:
    """The game restricted to the active types: the player's settings xs, the banker's ys,
    payoff matrices A (player, nx x ny), B (banker, ny x nx) and the constant parts a, b
    (against the other side's fixed pure part), all integers."""

    px: list[tuple[int, int]]
    py: list[tuple[int, int]]
    a_mat: npt.NDArray[np.int64]
    a_vec: npt.NDArray[np.int64]
    b_mat: npt.NDArray[np.int64]
    b_vec: npt.NDArray[np.int64]


def _small_game(counts: _Counts, act_p: list[int], act_b: list[int], fixed_p: "_Fixed",
                fixed_b: "_Fixed") -> _Small:
    ty = _types(counts.rules)
    und = ty.undominated
    px = [(t, k) for t in act_p for k in range(int(ty.m[t])) if und[t, k]]
    py = [(t, k) for t in act_b for k in range(int(ty.m[t])) if und[t, k]]
    ip = np.array([t for t, _ in px]), np.array([k for _, k in px])
    ib = np.array([t for t, _ in py]), np.array([k for _, k in py])
    a_vec = counts.payoff(fixed_b.pure_part(), False)[ip]
    b_vec = counts.payoff(fixed_p.pure_part(), True)[ib]
    a_mat = np.stack([counts.column(t, k, False)[ip] for t, k in py], axis=1)
    b_mat = np.stack([counts.column(t, k, True)[ib] for t, k in px], axis=1)
    return _Small(px, py, a_mat, a_vec, b_mat, b_vec)


class _LemkeFailure(ArithmeticError):
    pass


def _lemke(g: _Small, prior_x: npt.NDArray[np.float64], prior_y: npt.NDArray[np.float64],
           max_pivots: int = 5000, eps: float = 1e-9, refactor_every: int = 1) -> tuple[set[int], set[int], int]:
    """The tracing procedure by complementary pivoting on the small game, in float64, from the
    prior (x̄, ȳ): returns the played settings (indices into px, py) of the equilibrium it
    reaches and the number of pivots.

    Variables: x, y (each type's probabilities, scaled to sum to t), their slacks wx, wy, the
    free values u (per player type) and v (per banker type), t = 1 - z0 and z0:
      sum_k x_ik - t = 0,  sum_l y_jl - t = 0,
      wx - u_i + A y - (A ȳ) t = -(A ȳ) - a,   wy - v_j + B x - (B x̄) t = -(B x̄) - b,
      t + z0 = 1,
    x ⊥ wx, y ⊥ wy. At z0 = 1 both sides best-respond to the prior; along the path each side
    best-responds to (1 - z0) times the other's strategy plus z0 times its prior, and at z0 = 0
    to the other's strategy: an equilibrium."""
    nx, ny = len(g.px), len(g.py)
    tp = sorted({t for t, _ in g.px})
    tb = sorted({t for t, _ in g.py})
    np_, nb = len(tp), len(tb)
    ti_p = {t: i for i, t in enumerate(tp)}
    ti_b = {t: i for i, t in enumerate(tb)}
    gx = np.array([ti_p[t] for t, _ in g.px])
    gy = np.array([ti_b[t] for t, _ in g.py])
    A = g.a_mat.astype(np.float64)
    B = g.b_mat.astype(np.float64)
    ay = A @ prior_y
    bx = B @ prior_x
    # columns
    cX, cY = 0, nx
    cWX, cWY = nx + ny, 2 * nx + ny
    cU, cV = 2 * nx + 2 * ny, 2 * nx + 2 * ny + np_
    cT = cV + nb
    cZ = cT + 1
    ncol = cZ + 1
    rows = np_ + nb + nx + ny + 1
    G = np.zeros((rows, ncol))
    h = np.zeros(rows)
    r1, r2, r3, r4, r5 = 0, np_, np_ + nb, np_ + nb + nx, np_ + nb + nx + ny
    G[r1 + gx, cX + np.arange(nx)] = 1.0
    G[r1:r1 + np_, cT] = -1.0
    G[r2 + gy, cY + np.arange(ny)] = 1.0
    G[r2:r2 + nb, cT] = -1.0
    G[r3:r3 + nx, cWX:cWX + nx] = np.eye(nx)
    G[r3 + np.arange(nx), cU + gx] = -1.0
    G[r3:r3 + nx, cY:cY + ny] = A
    G[r3:r3 + nx, cT] = -ay
    h[r3:r3 + nx] = -ay - g.a_vec
    G[r4:r4 + ny, cWY:cWY + ny] = np.eye(ny)
    G[r4 + np.arange(ny), cV + gy] = -1.0
    G[r4:r4 + ny, cX:cX + nx] = B
    G[r4:r4 + ny, cT] = -bx
    h[r4:r4 + ny] = -bx - g.b_vec
    G[r5, cT] = 1.0
    G[r5, cZ] = 1.0
    h[r5] = 1.0
    # the initial basis: each type's best response to the prior
    basis: list[int] = []
    qx = ay + g.a_vec
    qy = bx + g.b_vec
    br_x: dict[int, int] = {}
    for c, (t, _) in enumerate(g.px):
        if t not in br_x or qx[c] > qx[br_x[t]]:
            br_x[t] = c
    br_y: dict[int, int] = {}
    for c, (t, _) in enumerate(g.py):
        if t not in br_y or qy[c] > qy[br_y[t]]:
            br_y[t] = c
    bx_set, by_set = set(br_x.values()), set(br_y.values())
    basis += [cX + c for c in sorted(bx_set)] + [cY + c for c in sorted(by_set)]
    basis += list(range(cU, cU + np_)) + list(range(cV, cV + nb))
    basis += [cWX + c for c in range(nx) if c not in bx_set] + [cWY + c for c in range(ny) if c not in by_set]
    basis.append(cZ)
    assert len(basis) == rows

    def complement(col: int) -> int:
        if cX <= col < cY:
            return cWX + col - cX
        if cY <= col < cWX:
            return cWY + col - cY
        if cWX <= col < cWY:
            return cX + col - cWX
        if cWY <= col < cU:
            return cY + col - cWY
        raise _LemkeFailure(f"no complement of column {col}")

    free = set(range(cU, cT))

    def refactor() -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        Bm = G[:, basis]
        tab: npt.NDArray[Any] = np.linalg.solve(Bm, G)
        val: npt.NDArray[Any] = np.linalg.solve(Bm, h)
        return tab, val

    T, beta = refactor()
    entering = cT
    pivots = 0
    while True:
        pivots += 1
        if pivots > max_pivots:
            raise _LemkeFailure("too many pivots")
        if pivots % refactor_every == 0:
            T, beta = refactor()
        d = T[:, entering]
        best_r, best_ratio = -1, math.inf
        for r in range(rows):
            if basis[r] in free or d[r] <= eps:
                continue
            ratio = max(beta[r], 0.0) / d[r]
            if best_r < 0:
                best_r, best_ratio = r, ratio
                continue
            # among tied ratios: z0 first, then the larger pivot, the first row when the pivots
            # are equal but for rounding (twin types: the BLAS's rounding must not choose)
            tie = 1e-12 * max(1.0, best_ratio)
            if ratio < best_ratio - tie or (ratio <= best_ratio + tie and
                                            (basis[r] == cZ or (basis[best_r] != cZ and
                                                                d[r] > d[best_r] * (1 + 1e-9) + 1e-15))):
                best_r, best_ratio = r, ratio
        if best_r < 0:
            raise _LemkeFailure("a ray: no variable blocks the entering one")
        leaving = basis[best_r]
        # pivot
        piv = T[best_r] / d[best_r]
        pb = beta[best_r] / d[best_r]
        T -= np.outer(d, piv)
        beta -= d * pb
        T[best_r] = piv
        beta[best_r] = pb
        basis[best_r] = entering
        if leaving == cZ:
            break
        if leaving == cT:
            raise _LemkeFailure("the path returned to its start")
        entering = complement(leaving)
    xs = {col - cX for col in basis if cX <= col < cY}
    ys = {col - cY for col in basis if cY <= col < cWX}
    return xs, ys, pivots


def _indifference(settings: list[tuple[int, int]], played: set[int], mat: npt.NDArray[np.int64],
                  vec: npt.NDArray[np.int64], opp: list[tuple[int, int]], opp_played: set[int]
                  ) -> dict[int, Fraction] | None:
    """The opponent's probabilities (on its ``opp_played`` settings) that make each type of this
    side indifferent among its ``played`` settings, with each opposing type's probabilities
    summing to 1: a square system solved exactly; None when singular or not square."""
    by_type: dict[int, list[int]] = {}
    for c in sorted(played):
        by_type.setdefault(settings[c][0], []).append(c)
    unknowns = sorted(opp_played)
    col = {c: i for i, c in enumerate(unknowns)}
    rows: list[list[Fraction]] = []
    rhs: list[Fraction] = []
    for cs in by_type.values():
        c0 = cs[0]
        for c in cs[1:]:
            rows.append([Fraction(int(mat[c, u] - mat[c0, u])) for u in unknowns])
            rhs.append(Fraction(int(vec[c0] - vec[c])))
    opp_types: dict[int, list[int]] = {}
    for u in unknowns:
        opp_types.setdefault(opp[u][0], []).append(u)
    for us in opp_types.values():
        row = [Fraction(0)] * len(unknowns)
        for u in us:
            row[col[u]] = Fraction(1)
        rows.append(row)
        rhs.append(Fraction(1))
    if len(rows) != len(unknowns):
        return None
    sol = _solve_exact(rows, rhs)
    if sol is None:
        return None
    return {u: sol[col[u]] for u in unknowns}


# ---------------------------------------------------------------------------------------------
# the exact equilibrium

@dataclasses.dataclass(frozen=True)
class ExactEquilibrium:
    """An exact strategy pair with its proof: ``player_value`` and ``banker_value`` are each
    side's expected result per hand as fractions (a win counted ``1 - commission``)."""

    player: ExactStrategy
    banker: ExactStrategy
    commission: Fraction
    proof: Proof
    rules: str = "macau"
    solve_info: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.proof.exact

    @property
    def player_value(self) -> Fraction:
        return self.proof.player_value

    @property
    def banker_value(self) -> Fraction:
        return self.proof.banker_value

    @property
    def rule_set(self) -> RuleSet:
        """The rule set whose game the pair solves (``rules`` names it)."""
        return self.player.rules

    def strategy(self, seat: str) -> ExactStrategy:
        if seat not in SEATS:
            raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
        return self.player if seat == "player" else self.banker

    def arrays(self) -> npt.NDArray[np.float64]:
        """(2, n, 3) float64: the two strategies as type tables, as the solver's files hold them."""
        return np.stack([self.player.array(), self.banker.array()])

    def equilibrium(self) -> Any:
        """The pair as a :class:`paigow.solver.Equilibrium` (float64 tables and measures)."""
        from paigow.equilibria import Equilibrium

        p = self.proof
        return Equilibrium(self.player.array(), self.banker.array(), float(p.player_value),
                           float(p.player_gain + p.banker_gain), int(self.solve_info.get("pivots", 0)),
                           float(self.solve_info.get("seconds", math.nan)), self.commission,
                           float(p.player_gain), float(p.banker_gain), float(p.banker_value), self.rule_set)

    def info(self) -> dict[str, Any]:
        """What :func:`save_exact` writes beside the table: the values and gains as fractions,
        each mixed type with its settings and exact probabilities, and how it was found."""
        p = self.proof
        mixed = {seat: [_describe(t, self.strategy(seat).mixed[t], self.rule_set) for t in self.strategy(seat).mixed]
                 for seat in SEATS}
        return {
            "game": "as paid" if self.commission else "zero-sum",
            "commission": str(self.commission),
            "rules": self.rules,
            "exact": p.exact,
            "value": {"player": str(p.player_value), "banker": str(p.banker_value)},
            "value_float": {"player": float(p.player_value), "banker": float(p.banker_value)},
            "gains": {"player": str(p.player_gain), "banker": str(p.banker_gain)},
            "pairings": PAIRINGS,
            "ties": dict(p.ties),
            "margin": {seat: str(v) for seat, v in p.margin.items()},
            "mixed": mixed,
            "solve": {k: v for k, v in self.solve_info.items() if k != "seconds"},
            "method": "the numerical solution's pure part kept; the game on its mixed types solved by complementary "
                      "pivoting (the tracing procedure, from the numerical solution) for the basis, the probabilities "
                      "exactly from its indifference conditions in fractions; proven by exact best responses of both "
                      "seats over all types (paigow.exact)",
        }


def _describe(t: int, row: tuple[Fraction, Fraction, Fraction], rules: RuleSet) -> dict[str, Any]:
    """A mixed type as JSON: its first hand, and each setting played with its probability (the
    first of the hand's settings that makes it, and its ranks under the hand order of ``rules``)."""
    ty = _types(rules)
    rep = int(ty.rep_hand[t])
    hand = [DECK[int(i)] for i in _hands()[rep]]
    from paigow.setting import settings

    text: dict[int, str] = {}
    for j, st in enumerate(settings(hand, rules)):
        text.setdefault(int(ty.hand_map[rep, j]), str(st))
    out = []
    for k, p in enumerate(row):
        if p:
            f, b = int(ty.tset_f[t, k]), int(ty.tset_b[t, k])
            out.append({"setting": k, "text": text.get(k, ""), "front_rank": f, "back_rank": b,
                        "p": str(p), "p_float": float(p)})
    return {"type": int(t), "hand": " ".join(str(x) for x in hand), "hands": int(ty.cnt[t]), "settings": out}


def _prior(sigma: npt.NDArray[np.float64], cols: list[tuple[int, int]]) -> npt.NDArray[np.float64]:
    """The numerical strategy on the small game's settings, renormalized per type (uniform where
    it puts nothing on them)."""
    v = np.array([sigma[t, k] for t, k in cols], dtype=np.float64)
    types = np.array([t for t, _ in cols])
    out = v.copy()
    for t in set(types.tolist()):
        m = types == t
        s = v[m].sum()
        out[m] = v[m] / s if s > 0 else 1.0 / m.sum()
    return out


_ATTEMPTS = ((1e-9, "prior"), (1e-11, "prior"), (1e-7, "prior"), (1e-9, "uniform"))
"""The pivoting tolerances and priors tried in turn on one small game: the float64 path only
names a basis, and a basis that the exact solution or the proof refutes is followed by another
try."""


def _round(g: _Small, base_p: ExactStrategy, base_b: ExactStrategy, act_p: list[int], act_b: list[int],
           prior_p: npt.NDArray[np.float64], prior_b: npt.NDArray[np.float64],
           counts: _Counts) -> tuple[ExactStrategy, ExactStrategy, Proof, int]:
    """One small game solved: the exact pair and its proof (which may still refute a type left
    out of the small game), and the pivots taken."""
    pivots = 0
    failure = "no attempt"
    active = {"player": set(act_p), "banker": set(act_b)}
    for eps, prior in _ATTEMPTS:
        px = _prior(prior_p, g.px) if prior == "prior" else _prior(np.ones_like(prior_p), g.px)
        py = _prior(prior_b, g.py) if prior == "prior" else _prior(np.ones_like(prior_b), g.py)
        try:
            xs, ys, n = _lemke(g, px, py, eps=eps)
        except (_LemkeFailure, np.linalg.LinAlgError) as e:
            failure = f"complementary pivoting failed: {e}"
            continue
        pivots += n
        y = _indifference(g.px, xs, g.a_mat, g.a_vec, g.py, ys)
        x = _indifference(g.py, ys, g.b_mat, g.b_vec, g.px, xs)
        if x is None or y is None or min(x.values()) < 0 or min(y.values()) < 0:
            failure = "the basis reached has no nonnegative exact solution"
            continue
        player = _assemble(base_p, act_p, g.px, x)
        banker = _assemble(base_b, act_b, g.py, y)
        proof = _prove(counts, player, banker)
        if any(d.type in active[d.seat] for d in proof.deviations):
            failure = "the exact solution of the basis reached fails the proof on the small game's own types"
            continue
        return player, banker, proof, pivots
    raise ArithmeticError(f"the small game of {len(act_p)} player and {len(act_b)} banker types: {failure}")


def solve_exact(start: Any = None, commission: "RateLike | bool" = 0, rules: RulesLike = None,
                threads: int = 1, max_rounds: int = 20,
                progress: Callable[[str], None] | None = None) -> ExactEquilibrium:
    """The exact equilibrium of the setting game of ``rules`` (Macau's by default) at
    ``commission`` near a numerical one.

    ``start`` is a :class:`paigow.solver.Equilibrium`, a (2, n, 3) array of type strategies, or
    None for the shipped numerical equilibrium of that game and commission. Its pure part is kept; the
    types it mixes are solved exactly (see the module's docstring); the result is proven, and
    any type whose fixed setting the proof refutes joins the small game, which is solved again
    (at most ``max_rounds`` times). Raises ArithmeticError when no proof is reached."""
    rs = clean_rules(rules)
    r = commission_of(rs, commission)
    begin = time.perf_counter()
    ty = _types(rs)
    sp, sb = _start_arrays(start, r, rs)
    base_p = ExactStrategy.from_array(sp, tol=1.0, rules=rs)
    base_b = ExactStrategy.from_array(sb, tol=1.0, rules=rs)
    act_p = sorted(np.where((sp > 0).sum(axis=1) > 1)[0].tolist())
    act_b = sorted(np.where((sb > 0).sum(axis=1) > 1)[0].tolist())
    counts = _Counts(r, rs, threads)
    prior_p, prior_b = sp.copy(), sb.copy()
    total_pivots = 0
    history = []
    for rnd in range(1, max_rounds + 1):
        # the fixed part: every inactive type pure on its setting, the active types left out
        fixed_p, fixed_b = _Fixed(base_p.pure_part(), act_p), _Fixed(base_b.pure_part(), act_b)
        g = _small_game(counts, act_p, act_b, fixed_p, fixed_b)
        player, banker, proof, pivots = _round(g, base_p, base_b, act_p, act_b, prior_p, prior_b, counts)
        total_pivots += pivots
        history.append({"round": rnd, "active": {"player": len(act_p), "banker": len(act_b)}, "pivots": pivots,
                        "deviations": len(proof.deviations)})
        if progress:
            progress(f"round {rnd}: {len(act_p)} player and {len(act_b)} banker types active, {pivots} pivots, "
                     f"gains {proof.player_gain} and {proof.banker_gain}")
        if proof.exact:
            info = {"rounds": rnd, "pivots": total_pivots, "history": history,
                    "active": {"player": act_p, "banker": act_b},
                    "kernel_calls": counts.calls, "seconds": round(time.perf_counter() - begin, 3)}
            return ExactEquilibrium(player, banker, r, proof, rs.name, info)
        new_p = sorted({d.type for d in proof.deviations if d.seat == "player"})
        new_b = sorted({d.type for d in proof.deviations if d.seat == "banker"})
        act_p = sorted(set(act_p) | set(new_p))
        act_b = sorted(set(act_b) | set(new_b))
        prior_p, prior_b = player.array(), banker.array()
        for t in new_p:
            prior_p[t] = np.where(ty.undominated[t] & counts.valid[t], 1.0, 0.0) / (ty.undominated[t] & counts.valid[t]).sum()
        for t in new_b:
            prior_b[t] = np.where(ty.undominated[t] & counts.valid[t], 1.0, 0.0) / (ty.undominated[t] & counts.valid[t]).sum()
    raise ArithmeticError(f"no exact equilibrium proven in {max_rounds} rounds")


class _Fixed:
    """A fixed 0/1 part of a strategy, as _small_game reads it."""

    def __init__(self, table: npt.NDArray[np.float64], active: list[int]) -> None:
        self.table = table.copy()
        self.table[active] = 0.0

    def pure_part(self) -> npt.NDArray[np.float64]:
        return self.table


def _assemble(base: ExactStrategy, active: list[int], cols: list[tuple[int, int]],
              probs: Mapping[int, Fraction]) -> ExactStrategy:
    """``base`` with the active types set as ``probs`` (indexed as ``cols``) says."""
    pure = base.pure.copy()
    pure[pure < 0] = 0
    rows: dict[int, list[Fraction]] = {t: [Fraction(0)] * 3 for t in active}
    for c, p in probs.items():
        t, k = cols[c]
        rows[t][k] += p
    mixed = {}
    for t, row in rows.items():
        support = [k for k, p in enumerate(row) if p]
        if len(support) > 1:
            mixed[t] = (row[0], row[1], row[2])
            pure[t] = -1
        else:
            pure[t] = support[0]
    return ExactStrategy(pure, mixed, base.rules)


def _start_arrays(start: Any, r: Fraction,
                  rules: RuleSet) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    from paigow import equilibria

    if start is None:
        path = DATA_DIR / f"{equilibria.file_stem(r, rules)}.npy"
        if not path.exists():
            raise InvalidStrategyError(f"no numerical equilibrium of rule set {rules.name!r} at commission "
                                       f"{float(r * 100):g}% is shipped to start from: solve the game first "
                                       f"(paigow.solve(..., exact=True), or solve_exact(start=...))",
                                       code="strategy.file")
        data = np.load(path)
        return data[0], data[1]
    if isinstance(start, equilibria.Equilibrium):
        return np.asarray(start.player, dtype=np.float64), np.asarray(start.banker, dtype=np.float64)
    a = np.asarray(start, dtype=np.float64)
    ty = _types(rules)
    if a.shape != (2, ty.n, 3):
        raise InvalidOptionError(f"start must be an Equilibrium or a (2, {ty.n}, 3) array", code="solve.start")
    return a[0], a[1]


# ---------------------------------------------------------------------------------------------
# files

def exact_stem(commission: "RateLike | bool" = 0, rules: RulesLike = None) -> str:
    """The file name (without extension) of an exact solution of the game of ``rules`` (Macau's
    by default) at ``commission`` (``True``: the rule set's rate): the numerical one's with
    ``-exact``.

    >>> exact_stem(0), exact_stem("5%"), exact_stem("4%")
    ('equilibrium-exact', 'equilibrium-paid-exact', 'equilibrium-paid-4pct-exact')
    >>> exact_stem(0, "us"), exact_stem(True, "us")
    ('us-equilibrium-exact', 'us-equilibrium-paid-exact')
    """
    from paigow.equilibria import file_stem

    rs = clean_rules(rules)
    return file_stem(commission_of(rs, commission), rs) + "-exact"


def _exact_rates(rules: RuleSet) -> tuple[Fraction, ...]:
    """The commission rates (0 among them) at which the exact equilibrium of the game of
    ``rules`` is shipped: those of its catalogued solutions with an ``-exact`` file beside."""
    from paigow.equilibria import solutions

    return tuple(s.commission for s in solutions(rules) if (DATA_DIR / f"{s.name}-exact.npy").exists())


def save_exact(eq: ExactEquilibrium, directory: "str | pathlib.Path | None" = None) -> pathlib.Path:
    """Write ``eq`` as ``<stem>.npy`` (the (2, n, 3) float64 tables) and ``<stem>.json`` (the
    fractions, values, gains and the mixed hands) in ``directory`` (default: the current one)."""
    if not isinstance(eq, ExactEquilibrium):
        raise TypeError(f"save_exact() takes an ExactEquilibrium, not {eq!r}")
    d = pathlib.Path(directory) if directory is not None else pathlib.Path.cwd()
    d.mkdir(parents=True, exist_ok=True)
    stem = exact_stem(eq.commission, eq.rule_set)
    np.save(d / f"{stem}.npy", eq.arrays())
    (d / f"{stem}.json").write_text(json.dumps(eq.info(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    _load.cache_clear()
    return d


def _strategies_from(arrays: npt.NDArray[np.float64], info: Mapping[str, Any],
                     rules: RuleSet) -> tuple[ExactStrategy, ExactStrategy]:
    out = []
    for s, seat in enumerate(SEATS):
        given = {}
        for entry in info["mixed"][seat]:
            row = [Fraction(0)] * 3
            for st in entry["settings"]:
                row[int(st["setting"])] = Fraction(st["p"])
            given[int(entry["type"])] = row
        out.append(ExactStrategy.from_array(arrays[s], given, rules=rules))
    return out[0], out[1]


def load_exact(path: "str | pathlib.Path", verify: bool = True, threads: int = 1,
               rules: RulesLike = None) -> ExactEquilibrium:
    """An :class:`ExactEquilibrium` from a ``.npy`` file :func:`save_exact` wrote and the
    ``.json`` beside it: the rows of the table must be 0/1 except the mixed types, whose float
    rows must be the fractions of the JSON to the nearest double. The game is the rule set the
    JSON names (``rules`` for one not known by name). With ``verify`` (the default) the pair is
    proven afresh; else the JSON's values and gains are taken as they are."""
    p = pathlib.Path(path)
    try:
        arrays = np.load(p, allow_pickle=False)
        info = json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InvalidStrategyError(f"cannot read an exact equilibrium from {str(p)!r}: {e}",
                                   code="strategy.file") from None
    rs = clean_rules(rules if rules is not None else info.get("rules", MACAU.name))
    ty = _types(rs)
    if arrays.shape != (2, ty.n, 3) or arrays.dtype != np.float64:
        raise InvalidStrategyError(f"{str(p)!r} is not an equilibrium file: shape {arrays.shape}",
                                   code="strategy.file")
    player, banker = _strategies_from(arrays, info, rs)
    r = Fraction(info["commission"])
    if verify:
        proof = prove(player, banker, r, rs, threads)
    else:
        proof = Proof(r, Fraction(info["value"]["player"]), Fraction(info["value"]["banker"]),
                      Fraction(info["gains"]["player"]), Fraction(info["gains"]["banker"]), (),
                      dict(info.get("ties", {})), {k: Fraction(v) for k, v in info.get("margin", {}).items()}, 0.0)
    return ExactEquilibrium(player, banker, r, proof, rs.name, dict(info.get("solve", {})))


@functools.lru_cache(maxsize=8)
def _load(stem: str, verify: bool) -> ExactEquilibrium:
    path = DATA_DIR / f"{stem}.npy"
    if not path.exists():
        raise InvalidStrategyError(f"no exact equilibrium shipped as {stem!r}: run 'paigow solve --exact'",
                                   code="strategy.file")
    return load_exact(path, verify=verify)


def shipped_exact(commission: "RateLike | bool" = 0, verify: bool = False, rules: RulesLike = None) -> ExactEquilibrium:
    """The shipped exact equilibrium of the game of ``rules`` (Macau's by default) at
    ``commission`` (Macau's: 0, 5% or 4%; the US game's: 0 or 5%; ``True``: the rule set's
    rate); ``verify`` proves it afresh (about a second or two) instead of reading its values and
    gains from the file."""
    return _load(exact_stem(commission, rules), verify)


# ---------------------------------------------------------------------------------------------
# the command line (paigow solve --exact)

def cli_solve(rate: "Fraction | int", output: "pathlib.Path | None", as_json: bool, rules: RulesLike = None) -> int:
    """``paigow solve --exact [--commission RATE] [--rules NAME]``: the exact equilibrium near
    the shipped numerical one of that game and commission, proven, written as
    ``<stem>-exact.npy`` and ``.json`` in ``output`` (default: the current directory). Exit
    status 0 when the proof holds."""
    begin = time.perf_counter()
    rate = Fraction(rate)
    rs = clean_rules(rules)
    eq = solve_exact(commission=rate, rules=rs)
    path = save_exact(eq, output)
    seconds = time.perf_counter() - begin
    info = eq.info()
    if as_json:
        print(json.dumps({**info, "seconds": round(seconds, 3), "proof_seconds": round(eq.proof.seconds, 3),
                          "written_to": str(path)}, indent=2, sort_keys=True))
        return 0 if eq.exact else 1
    p = eq.proof
    game = "" if rs is MACAU else f" of rule set {rs.name!r}"
    if rate:
        print(f"exact equilibrium{game}, commission {float(rate * 100):g}% of every win: expected result per hand")
        print(f"  player {p.player_value} = {float(p.player_value):+.12f}")
        print(f"  banker {p.banker_value} = {float(p.banker_value):+.12f}")
    else:
        print(f"exact equilibrium{game}, no commission: game value {p.player_value} = {float(p.player_value):+.12f} "
              f"per hand (the player's expected result)")
    word = "exact" if eq.exact else "NOT exact"
    print(f"best-response gains: player {p.player_gain}, banker {p.banker_gain} ({word}: every setting of every "
          f"type valued exactly against the other side's strategy)")
    ty = _types(rs)
    for seat in SEATS:
        s = eq.strategy(seat)
        print(f"{seat} mixes {len(s.mixed)} types ({sum(int(ty.cnt[t]) for t in s.mixed)} hands): " +
              "; ".join(f"type {t} " + " ".join(str(x) for x in row) for t, row in s.mixed.items()))
    info_s = eq.solve_info
    print(f"solved and proven in {seconds:.1f} s ({info_s.get('rounds')} rounds, {info_s.get('pivots')} pivots; "
          f"the last proof {p.seconds:.2f} s)")
    print(f"written to {path}")
    return 0 if eq.exact else 1
