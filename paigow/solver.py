"""Solving the setting game: the equilibria the package ships, and how they are made.

One player against the banker, each setting four tiles unseen by the other, is a finite game over
the 4,285 hand *types* (see :mod:`paigow.advice`). Without the commission it is zero-sum;
:func:`solve` runs predictive CFR+ in the core to an exploitability below a tolerance. With the
commission (``solve(commission="5%")``) a win pays ``1 - rate`` to either side and a loss costs 1,
the house takes from both, and the game is general-sum: the same iteration, each side regretting
its own payoff, finds a Nash equilibrium, which is certified by each side's exact best-response
gain against the other. :func:`save` writes a solution; two ship in ``paigow/data/``:
``equilibrium`` (no commission) and ``equilibrium-paid`` (5% on both sides, as paid).

>>> info = paid_info()
>>> info["commission"], info["gains"]["player"] <= 1e-7, info["gains"]["banker"] <= 1e-7
('1/20', True, True)
>>> paid_strategy("banker").shape
(35960, 3)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import numbers
import pathlib
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import numpy.typing as npt

from paigow import _core, advice
from paigow.advice import _INFO_FILE, _TABLE_FILE, DATA_DIR, PAIRINGS, _exploitability, _types, _values
from paigow.commission import COMMISSION, RateLike, rate
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.rules import MACAU
from paigow.hands import HAND_RANK_COUNT
from paigow.strategies import SEATS, all_hands
from paigow.tiles import DECK

if TYPE_CHECKING:
    from paigow.exact import ExactEquilibrium

__all__ = [
    "Equilibrium", "Certificate", "solve", "save", "certify", "load", "file_stem",
    "shipped", "shipped_info", "paid_strategy", "paid_info", "PAID_NAME", "DEFAULT_THREADS",
    "ZERO_SUM_TOL", "PAID_TOL", "setting_changes", "default_against",
]

PAID_NAME = "equilibrium-paid"
"""The name of the shipped equilibrium of the game as paid (commission 5% on both sides)."""

ZERO_SUM_TOL = 1e-8
"""The exploitability per hand the shipped zero-commission equilibrium is solved to."""

PAID_TOL = 1e-7
"""Each side's best-response gain per hand the shipped equilibrium as paid is solved to."""

DEFAULT_THREADS = 1
"""Threads of the solver's kernels unless told: one (see docs/equilibrium.md: on a shared machine
the second thread's team costs more than it saves, and one thread never spins)."""


# ---------------------------------------------------------------------------------------------
# the solution

@dataclasses.dataclass(frozen=True)
class Equilibrium:
    """A solved strategy pair over types, with its measures (per hand).

    ``value`` is the player's expected result per hand (wins counted ``1 - commission``);
    ``player_gain`` and ``banker_gain`` are what each side would gain per hand by its best
    response to the other's strategy, computed exactly in float64; ``exploitability`` is their
    sum (zero exactly at an equilibrium).
    """

    player: npt.NDArray[np.float64]   # (n types, 3)
    banker: npt.NDArray[np.float64]
    value: float                      # the player's expected result per hand
    exploitability: float
    iterations: int
    seconds: float
    commission: Fraction = Fraction(0)
    player_gain: float = math.nan
    banker_gain: float = math.nan
    banker_value: float = math.nan    # the banker's expected result per hand

    def info(self) -> dict[str, Any]:
        ty = _types()
        mixed = {}
        for seat, sigma in (("player", self.player), ("banker", self.banker)):
            mix_types = (sigma > 0).sum(axis=1) > 1
            mixed[seat] = {"types": int(mix_types.sum()), "hands": int(ty.cnt[mix_types].sum())}
        if not self.commission:
            return {
                "game_value": round(self.value, 12),
                "exploitability": float(f"{self.exploitability:.3e}"),
                "iterations": self.iterations,
                "types": int(ty.n),
                "mixed": mixed,
                "method": "predictive CFR+ over hand types, alternating updates, quadratic averaging",
            }
        return {
            "commission": str(self.commission),
            "value": {"player": round(self.value, 12), "banker": round(self.banker_value, 12)},
            "gains": {"player": float(f"{self.player_gain:.3e}"), "banker": float(f"{self.banker_gain:.3e}")},
            "exploitability": float(f"{self.exploitability:.3e}"),
            "iterations": self.iterations,
            "types": int(ty.n),
            "mixed": mixed,
            "method": "predictive CFR+ over hand types, each side regretting its own payoff, alternating "
                      "updates, quadratic averaging; certified by each side's best-response gain",
        }


@dataclasses.dataclass(frozen=True)
class Certificate:
    """Each side's exact best-response gain against the other, and each side's expected result,
    per hand, for a type strategy pair under a commission."""

    commission: Fraction
    player_gain: float
    banker_gain: float
    player_value: float
    banker_value: float
    exact: bool = False  # certify(..., exact=True): both gains proven to be exactly 0 (paigow.exact)

    @property
    def gain(self) -> float:
        """The larger of the two gains: the pair is an ε-equilibrium for this ε."""
        return max(self.player_gain, self.banker_gain)


# ---------------------------------------------------------------------------------------------
# the game as paid: wins and losses of every setting, counted separately

@functools.lru_cache(maxsize=1)
def _kernel_data() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]:
    """What side_counts reads of the hands: each tile's rank 0-16 (Table 1, from paigow.tiles)
    and the rows of
    the 29 hands holding each triple of tiles (triples in colex order)."""
    hands = all_hands().astype(np.int64)
    tile_rank = np.array([t.rank - 1 for t in DECK], dtype=np.int8)
    # the hands holding each triple a < b < c: colex rank C(c, 3) + C(b, 2) + a
    triples = np.full((4960, 29), -1, dtype=np.int32)
    fill = np.zeros(4960, dtype=np.int64)
    for i, (a, b, c, d) in enumerate(hands.tolist()):
        for x, y, z in ((a, b, c), (a, b, d), (a, c, d), (b, c, d)):
            k = z * (z - 1) * (z - 2) // 6 + y * (y - 1) // 2 + x
            triples[k, fill[k]] = i
            fill[k] += 1
    assert (fill == 29).all()
    return tile_rank, triples


class _Counter:
    """The side_counts kernel with its buffers, allocated once and reused across iterations."""

    def __init__(self, threads: int) -> None:
        ty = _types()
        self.threads = threads
        self.tile_rank, self.triples = _kernel_data()
        self.work = np.empty(_core.side_counts_size(HAND_RANK_COUNT), dtype=np.float64)
        self.out = {side: np.empty((ty.n, 3, 2), dtype=np.float64) for side in (False, True)}

    def counts(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """(n, 3, 2) wins and losses of each type setting of one side against ``sigma``; the
        array is reused by the next call for the same side."""
        ty = _types()
        out = self.out[banker_side]
        _core.side_counts(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f, ty.tset_b,
                          ty.rep_hand, banker_side, self.tile_rank, MACAU.core, self.triples,
                          HAND_RANK_COUNT, self.work, out, self.threads)
        return out


def _payoff(counts: npt.NDArray[np.float64], win: float) -> npt.NDArray[np.float64]:
    result: npt.NDArray[np.float64] = counts[:, :, 0] * win - counts[:, :, 1]
    return result


def _gain(sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> tuple[float, float]:
    """(best-response gain, value) per hand of a side playing ``sigma`` with setting values ``q``."""
    ty = _types()
    valid = np.arange(3)[None, :] < ty.m[:, None]
    best = np.where(valid, q, -np.inf).max(axis=1)
    played = (sigma * q).sum(axis=1)
    return float((ty.cnt * (best - played)).sum() / PAIRINGS), float((ty.cnt * played).sum() / PAIRINGS)


def _certify(sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64], r: Fraction,
             counter: _Counter) -> Certificate:
    win = float(1 - r)
    gp, vp = _gain(sp, _payoff(counter.counts(sb, False), win))
    gb, vb = _gain(sb, _payoff(counter.counts(sp, True), win))
    return Certificate(r, gp, gb, vp, vb)


def certify(player: "str | npt.ArrayLike | Equilibrium | ExactEquilibrium", banker: "str | npt.ArrayLike | None" = None,
            commission: "RateLike | bool" = COMMISSION, threads: int = 0, exact: bool = False) -> Certificate:
    """Each side's exact best-response gain against the other, per hand, with wins paid
    ``1 - commission``, computed fresh from the counts of every setting of every hand type.

    ``player`` is an :class:`Equilibrium` (``banker`` None) or a strategy name or (35960, 3)
    table, with ``banker`` likewise. Both strategies must set every hand of a type alike.

    With ``exact`` (or an :class:`paigow.exact.ExactEquilibrium`, certified in its own game,
    whatever ``commission`` says) the gains are computed in fractions
    (:func:`paigow.exact.certify_exact`; floats read as the binary fractions they are, or the
    exact strategies of names ending ``-exact``) and the certificate's ``exact`` is True when
    both are exactly 0.

    >>> c = certify("max-back", "max-back", commission="5%")
    >>> c.player_gain > 0.01, round(c.player_value, 6)
    (True, -0.028163)
    >>> certify("equilibrium-paid-exact", "equilibrium-paid-exact", "5%", exact=True).exact
    True
    """
    r = _rate(commission)
    threads = _count("threads", threads, 0, code="solve.threads")
    from paigow import exact as exact_module

    if exact or isinstance(player, exact_module.ExactEquilibrium):
        if isinstance(player, exact_module.ExactEquilibrium):
            r = player.commission
        proof = exact_module.certify_exact(player, banker, r, threads=threads or DEFAULT_THREADS)
        return Certificate(r, float(proof.player_gain), float(proof.banker_gain), float(proof.player_value),
                           float(proof.banker_value), proof.exact)
    if isinstance(player, Equilibrium):
        if banker is not None:
            raise TypeError("certify(equilibrium) takes no banker strategy")
        sp, sb = player.player, player.banker
    else:
        if banker is None:
            raise TypeError("certify(player, banker): give the banker's strategy")
        sp, up = advice._to_types(_resolve(player, "player"))
        sb, ub = advice._to_types(_resolve(banker, "banker"))
        if not (up and ub):
            raise InvalidStrategyError("certify needs strategies that set every hand of a type alike",
                                       code="strategy.split_type")
    return _certify(sp, sb, r, _Counter(threads or DEFAULT_THREADS))


# ---------------------------------------------------------------------------------------------
# argument checks

def _real(name: str, value: object, code: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {value!r}")
    x = float(value)
    if not math.isfinite(x):
        raise InvalidOptionError(f"{name} must be finite, not {value!r}", code=code)
    return x


def _count(name: str, value: object, least: int, code: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, not {value!r}")
    n = int(value)
    if n < least:
        raise InvalidOptionError(f"{name} must be at least {least}, not {value!r}", code=code)
    return n


def _rate(commission: "RateLike | bool") -> Fraction:
    if commission is True:
        return COMMISSION
    if commission is False:
        return Fraction(0)
    return rate(commission)


def _resolve(strategy: "str | npt.ArrayLike", seat: str) -> npt.NDArray[np.float64]:
    if isinstance(strategy, str) and strategy.startswith(PAID_NAME) and (DATA_DIR / f"{strategy}.npy").exists():
        return shipped(strategy, seat)
    from paigow.strategies import resolve

    return resolve(strategy, seat)


# ---------------------------------------------------------------------------------------------
# solving

@overload
def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, exact: Literal[False] = False) -> Equilibrium: ...


@overload
def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, exact: Literal[True]) -> "ExactEquilibrium": ...


def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, exact: bool = False) -> "Equilibrium | ExactEquilibrium":
    """Solve the setting game (one player against the banker) to ``tol`` per hand (default
    1e-8 without the commission, 1e-7 with it: PAID_TOL).

    Predictive CFR+ (Farina, Kroer and Sandholm, AAAI 2021) over the undominated settings of each
    type (a setting whose front and back another setting matches or beats can be dropped without
    losing an equilibrium, with or without the commission), both seats updated in turn, averages
    weighted by the square of the iteration. At the end, probabilities below ``purify`` are
    dropped when that keeps the result within ``tol``. The result is deterministic: the same
    numbers on every run, whatever the number of threads.

    ``commission`` 0 solves the zero-sum game (a win +1, a loss -1) to exploitability ``tol``.
    A rate above 0 solves the game as paid, where a win is worth ``1 - rate`` to either side:
    each side regrets its own payoff, and the iteration stops when each side's best-response
    gain against the other is at most ``tol`` per hand (``player_gain``, ``banker_gain``).

    ``start`` warm-starts from an equilibrium (of this or another commission): its strategies
    are checked first and returned as they are if they already meet ``tol``; otherwise the
    iteration starts from them. ``threads`` is the kernels' thread count (0: DEFAULT_THREADS).

    ``exact`` goes on from the numerical solution to the exact equilibrium near it
    (:func:`paigow.exact.solve_exact`: its pure part kept, the mixed types solved in fractions,
    both gains proven to be exactly 0) and returns that :class:`paigow.exact.ExactEquilibrium`.

    >>> solve(check_every=0)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidOptionError: check_every must be at least 1, not 0
    """
    r = _rate(commission)
    tol = _real("tol", tol, code="solve.tol") if tol is not None else (PAID_TOL if r else ZERO_SUM_TOL)
    if tol <= 0:
        raise InvalidOptionError(f"tol must be above 0, not {tol!r}", code="solve.tol")
    max_iterations = _count("max_iterations", max_iterations, 1, code="solve.max_iterations")
    check_every = _count("check_every", check_every, 1, code="solve.check_every")
    purify = _real("purify", purify, code="solve.purify")
    if not 0 <= purify <= 1 / 3:
        raise InvalidOptionError(
            f"purify must be at least 0 and at most 1/3 (a row's largest probability is never below 1/3), "
            f"not {purify!r}", code="solve.purify")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (iteration, exploitability) or None, not {progress!r}")
    threads = _count("threads", threads, 0, code="solve.threads") or DEFAULT_THREADS
    ty = _types()
    if start is not None:
        if not isinstance(start, Equilibrium):
            raise TypeError(f"start must be an Equilibrium or None, not {start!r}")
        for s in (start.player, start.banker):
            if s.shape != (ty.n, 3) or not np.isfinite(s).all():
                raise InvalidOptionError(f"start must hold two ({ty.n}, 3) type strategies", code="solve.start")
    if r:
        eq = _solve_paid(r, tol, max_iterations, check_every, purify, progress, start, threads)
    else:
        eq = _solve_zero_sum(tol, max_iterations, check_every, purify, progress, start, threads)
    if exact:
        from paigow.exact import solve_exact

        return solve_exact(eq, commission=r, threads=threads)
    return eq


def _warm(start: Equilibrium, mask: npt.NDArray[np.float64],
          uniform: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], ...]:
    """Strategies, regrets and averages that continue from ``start``: regret matching of the
    regrets gives back its strategies (as a regret of one opposing hand), and
    the averages start from them with the weight of the first iteration."""
    out = []
    for s in (start.player, start.banker):
        s = np.where(mask > 0, s, 0.0)
        tot = s.sum(axis=1, keepdims=True)
        s = np.where(tot > 0, s / np.where(tot > 0, tot, 1.0), uniform)
        out += [s, s * 1.0, s.copy()]
    return tuple(out)


def _solve_zero_sum(tol: float, max_iterations: int, check_every: int, purify: float,
                    progress: Callable[[int, float], None] | None, start: Equilibrium | None,
                    threads: int) -> Equilibrium:
    ty = _types()
    mask = ty.undominated.astype(np.float64)
    uniform = mask / mask.sum(axis=1, keepdims=True)
    sp, sb = uniform.copy(), uniform.copy()
    rp, rb = np.zeros_like(sp), np.zeros_like(sb)
    avg_p, avg_b = np.zeros_like(sp), np.zeros_like(sb)
    begin = time.perf_counter()
    expl, value, it = float("inf"), 0.0, 0

    work = np.empty(_core.side_values_size(), dtype=np.float64)  # reused by every iteration
    outs = {side: np.empty((ty.n, 3), dtype=np.float64) for side in (False, True)}

    def values(sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """The side's values against ``sigma``, in a buffer the next call for the side reuses."""
        return _core.side_values(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f,
                                 ty.tset_b, ty.rep_hand, banker_side, MACAU.core, threads, work, outs[banker_side])

    def measure(pp: npt.NDArray[np.float64], pb: npt.NDArray[np.float64]) -> tuple[float, float, float]:
        qp, qb = values(pb, False), values(pp, True)
        value = float((ty.cnt * (pp * qp).sum(axis=1)).sum() / PAIRINGS)
        br_p = advice._br_value(qp)
        held = -advice._br_value(qb)
        return br_p, held, value

    def finish(ap: npt.NDArray[np.float64], ab: npt.NDArray[np.float64], iterations: int) -> Equilibrium:
        br_p, held, value = measure(ap, ab)
        return Equilibrium(ap, ab, value, br_p - held, iterations, time.perf_counter() - begin,
                           Fraction(0), br_p - value, value - held, -value)

    if start is not None:
        br_p, held, _ = measure(start.player, start.banker)
        if br_p - held <= tol:
            return finish(start.player, start.banker, 0)
        sp, rp, avg_p, sb, rb, avg_b = _warm(start, mask, uniform)

    def regret_match(r: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        pos = np.maximum(r, 0.0) * mask
        tot = pos.sum(axis=1, keepdims=True)
        return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), uniform)

    def averages() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        return avg_p / avg_p.sum(axis=1, keepdims=True), avg_b / avg_b.sum(axis=1, keepdims=True)

    while it < max_iterations:
        it += 1
        w = float(it) * it
        qp = values(sb, False)
        inst = (qp - (sp * qp).sum(axis=1, keepdims=True)) * mask
        rp = np.maximum(rp + inst, 0.0)
        sp = regret_match(rp + inst)  # predict the next regret by the last one
        avg_p += w * sp
        qb = values(sp, True)
        inst = (qb - (sb * qb).sum(axis=1, keepdims=True)) * mask
        rb = np.maximum(rb + inst, 0.0)
        sb = regret_match(rb + inst)
        avg_b += w * sb
        if it % check_every == 0 or it == max_iterations:
            br_p, held, value = measure(*averages())
            expl = br_p - held
            if progress:
                progress(it, expl)
            if expl <= tol:
                break
    ap, ab = averages()
    if purify > 0:
        pp, pb = (np.where(s < purify, 0.0, s) for s in (ap, ab))
        pp, pb = (s / s.sum(axis=1, keepdims=True) for s in (pp, pb))
        br_p, held, v = measure(pp, pb)
        if br_p - held <= max(tol, expl):
            ap, ab = pp, pb
    return finish(ap, ab, it)


def _solve_paid(r: Fraction, tol: float, max_iterations: int, check_every: int, purify: float,
                progress: Callable[[int, float], None] | None, start: Equilibrium | None,
                threads: int) -> Equilibrium:
    ty = _types()
    counter = _Counter(threads)
    win = float(1 - r)
    mask = ty.undominated.astype(np.float64)
    uniform = mask / mask.sum(axis=1, keepdims=True)
    sp, sb = uniform.copy(), uniform.copy()
    rp, rb = np.zeros_like(sp), np.zeros_like(sb)
    avg_p, avg_b = np.zeros_like(sp), np.zeros_like(sb)
    inst = np.empty_like(sp)
    begin = time.perf_counter()
    gain, it = float("inf"), 0

    def finish(ap: npt.NDArray[np.float64], ab: npt.NDArray[np.float64], c: Certificate,
               iterations: int) -> Equilibrium:
        return Equilibrium(ap, ab, c.player_value, c.player_gain + c.banker_gain, iterations,
                           time.perf_counter() - begin, r, c.player_gain, c.banker_gain, c.banker_value)

    if start is not None:
        c = _certify(start.player, start.banker, r, counter)
        if c.gain <= tol:
            return finish(start.player, start.banker, c, 0)
        sp, rp, avg_p, sb, rb, avg_b = _warm(start, mask, uniform)

    def regret_match(reg: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        pos = np.maximum(reg, 0.0) * mask
        tot = pos.sum(axis=1, keepdims=True)
        return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), uniform)

    def averages() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        return avg_p / avg_p.sum(axis=1, keepdims=True), avg_b / avg_b.sum(axis=1, keepdims=True)

    def update(sigma: npt.NDArray[np.float64], reg: npt.NDArray[np.float64], q: npt.NDArray[np.float64],
               avg: npt.NDArray[np.float64], w: float) -> npt.NDArray[np.float64]:
        np.subtract(q, (sigma * q).sum(axis=1, keepdims=True), out=inst)
        np.multiply(inst, mask, out=inst)
        reg += inst
        np.maximum(reg, 0.0, out=reg)
        new = regret_match(reg + inst)  # predict the next regret by the last one
        avg += w * new
        return new

    cert: Certificate | None = None
    while it < max_iterations:
        it += 1
        w = float(it) * it
        sp = update(sp, rp, _payoff(counter.counts(sb, False), win), avg_p, w)
        sb = update(sb, rb, _payoff(counter.counts(sp, True), win), avg_b, w)
        if it % check_every == 0 or it == max_iterations:
            cert = _certify(*averages(), r, counter)
            gain = cert.gain
            if progress:
                progress(it, gain)
            if gain <= tol:
                break
    ap, ab = averages()
    if cert is None:
        cert = _certify(ap, ab, r, counter)
    if purify > 0:
        pp, pb = (np.where(s < purify, 0.0, s) for s in (ap, ab))
        pp, pb = (s / s.sum(axis=1, keepdims=True) for s in (pp, pb))
        cp = _certify(pp, pb, r, counter)
        if cp.gain <= max(tol, gain):
            ap, ab, cert = pp, pb, cp
    return finish(ap, ab, cert, it)


# ---------------------------------------------------------------------------------------------
# files

def file_stem(commission: "RateLike | bool" = 0) -> str:
    """The file name (without extension) of a solution: ``equilibrium`` without commission,
    ``equilibrium-paid`` at the regulation's 5%, ``equilibrium-paid-4pct`` at 4%, and so on.

    >>> file_stem(0), file_stem("5%"), file_stem("4%"), file_stem("2.5%")
    ('equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'equilibrium-paid-2.5pct')
    """
    r = _rate(commission)
    if not r:
        return "equilibrium"
    if r == COMMISSION:
        return PAID_NAME
    pct = r * 100
    text = str(pct.numerator) if pct.denominator == 1 else format(float(pct), "g")
    return f"{PAID_NAME}-{text}pct"


def save(eq: Equilibrium, directory: "str | pathlib.Path | None" = None) -> pathlib.Path:
    """Write ``eq`` as ``<stem>.npy`` and ``<stem>.json`` (the stem from :func:`file_stem` of its
    commission) in ``directory`` (default: the current directory); return the directory."""
    if not isinstance(eq, Equilibrium):
        raise TypeError(f"save() takes an Equilibrium, not {eq!r}")
    d = pathlib.Path(directory) if directory is not None else pathlib.Path.cwd()
    d.mkdir(parents=True, exist_ok=True)
    stem = file_stem(eq.commission)
    table_file, info_file = (_TABLE_FILE, _INFO_FILE) if stem == "equilibrium" else (f"{stem}.npy", f"{stem}.json")
    np.save(d / table_file, np.stack([eq.player, eq.banker]))
    (d / info_file).write_text(json.dumps(eq.info(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if d.resolve() == DATA_DIR.resolve():
        advice._shipped.cache_clear()
        advice._equilibrium_table.cache_clear()
        advice._best_rows.cache_clear()
        advice._compiled_named.cache_clear()
        _data.cache_clear()
        _data_table.cache_clear()
    return d


def load(path: "str | pathlib.Path") -> Equilibrium:
    """An :class:`Equilibrium` from a ``.npy`` file :func:`save` wrote (the ``.json`` beside it
    gives its measures, when present)."""
    p = pathlib.Path(path)
    try:
        data = np.load(p, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise InvalidStrategyError(f"cannot read an equilibrium from {str(p)!r}: {e}", code="strategy.file") from None
    ty = _types()
    if data.shape != (2, ty.n, 3) or data.dtype != np.float64 or not np.isfinite(data).all():
        raise InvalidStrategyError(f"{str(p)!r} is not an equilibrium file: shape {data.shape}, not (2, {ty.n}, 3)",
                                   code="strategy.file")
    info: dict[str, Any] = {}
    j = p.with_suffix(".json")
    if j.exists():
        info = json.loads(j.read_text(encoding="utf-8"))
    r = Fraction(info.get("commission", "0"))
    if r:
        return Equilibrium(data[0], data[1], info["value"]["player"], info["exploitability"], info["iterations"],
                           math.nan, r, info["gains"]["player"], info["gains"]["banker"], info["value"]["banker"])
    return Equilibrium(data[0], data[1], info.get("game_value", math.nan), info.get("exploitability", math.nan),
                       info.get("iterations", 0), math.nan)


@functools.lru_cache(maxsize=4)
def _data(stem: str) -> npt.NDArray[np.float64]:
    path = DATA_DIR / f"{stem}.npy"
    if not path.exists():
        raise InvalidStrategyError(f"no solved equilibrium at {path}: run 'paigow solve' with its commission",
                                   code="strategy.file")
    data: npt.NDArray[np.float64] = np.load(path)
    data.flags.writeable = False
    return data


@functools.lru_cache(maxsize=8)
def _data_table(stem: str, seat: str) -> npt.NDArray[np.float64]:
    table = advice._to_hands(_data(stem)[SEATS.index(seat)])
    table.flags.writeable = False
    return table


def shipped(stem: str, seat: str = "player") -> npt.NDArray[np.float64]:
    """A solution shipped in ``paigow/data/`` (by its :func:`file_stem`) for ``seat``, as a
    read-only (35960, 3) table like :func:`paigow.strategy`."""
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    return _data_table(stem, seat)


def shipped_info(stem: str) -> dict[str, Any]:
    """What ``paigow solve`` recorded with a solution shipped in ``paigow/data/``."""
    info: dict[str, Any] = json.loads((DATA_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    return info


def paid_strategy(seat: str = "player") -> npt.NDArray[np.float64]:
    """The shipped equilibrium of the game as paid (5% commission on both sides) for ``seat``,
    as a read-only (35960, 3) table like :func:`paigow.strategy`."""
    return shipped(PAID_NAME, seat)


def paid_info() -> dict[str, Any]:
    """What ``paigow solve --commission 5%`` recorded with the shipped paid equilibrium."""
    return shipped_info(PAID_NAME)


def setting_changes(commission: "RateLike | bool" = COMMISSION) -> dict[str, int]:
    """Per seat, the hands (of 35,960) whose most likely setting in the shipped equilibrium as
    paid at ``commission`` differs from the zero-commission equilibrium's.

    >>> setting_changes("5%")
    {'player': 232, 'banker': 100}
    """
    stem = file_stem(commission)
    if stem == "equilibrium":
        raise InvalidOptionError("setting_changes compares an equilibrium as paid: give a rate above 0",
                                 code="solve.commission")
    return {seat: int((np.argmax(shipped(stem, seat), axis=1) != np.argmax(advice.strategy(seat), axis=1)).sum())
            for seat in SEATS}


def default_against(commission: "RateLike | bool" = False) -> str:
    """The name of the strategy advice plays against by default at ``commission``: the shipped
    equilibrium of that game (``"equilibrium-paid"`` at 5%, ``"equilibrium-paid-4pct"`` at 4%),
    or the zero-commission ``"equilibrium"`` where none is shipped.

    >>> default_against(False), default_against(True), default_against("4%"), default_against("3%")
    ('equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'equilibrium')
    """
    stem = file_stem(commission)
    return stem if (DATA_DIR / f"{stem}.npy").exists() else "equilibrium"
