"""Solving the setting game: how the equilibria the package ships are made, and certified.

One player against the banker, each setting four tiles unseen by the other, is a finite game over
the 4,285 hand *types* (see :mod:`paigow.game.values`), under one rule set's comparison (Macau's unless
``rules=`` says otherwise). Without the commission it is zero-sum;
:func:`solve` runs predictive CFR+ in the core to an exploitability below a tolerance. With the
commission (``solve(commission="5%")``) a win pays ``1 - rate`` to either side and a loss costs 1,
the house takes from both, and the game is general-sum: the same iteration, each side regretting
its own payoff, finds a Nash equilibrium, which is certified by each side's exact best-response
gain against the other. :func:`save` writes a solution; the ones shipped in ``paigow/data/`` are
catalogued by :mod:`paigow.game.equilibria` (``equilibrium``: no commission; ``equilibrium-paid``: 5% on
both sides, as paid), whose names stay importable from here.

>>> info = paid_info()
>>> info["commission"], info["gains"]["player"] <= 1e-7, info["gains"]["banker"] <= 1e-7
('1/20', True, True)
>>> paid_strategy("banker").shape
(35960, 3)
"""

from __future__ import annotations

import dataclasses
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

from paigow import _core
from paigow.game.handtypes import hand_types
from paigow.commission import RateLike
from paigow.game.equilibria import (
    DATA_DIR,
    PAID_NAME as PAID_NAME,
    Equilibrium as Equilibrium,
    clean_strategy,
    default_against as default_against,
    file_stem as file_stem,
    forget,
    paid_info as paid_info,
    paid_strategy as paid_strategy,
    setting_changes as setting_changes,
    shipped as shipped,
    shipped_info as shipped_info,
)
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game.values import PAIRINGS, SideCounter, best_response_value, gain, payoff, type_values
from paigow.rules import RuleSet, RulesLike, clean_rules, commission_of

if TYPE_CHECKING:
    from paigow.game.exact import ExactEquilibrium

__all__ = [
    "Equilibrium", "Certificate", "solve", "save", "certify", "load", "file_stem",
    "shipped", "shipped_info", "paid_strategy", "paid_info", "PAID_NAME", "DEFAULT_THREADS",
    "ZERO_SUM_TOL", "PAID_TOL", "setting_changes", "default_against",
]

ZERO_SUM_TOL = 1e-8
"""The exploitability per hand the shipped zero-commission equilibrium is solved to."""

PAID_TOL = 1e-7
"""Each side's best-response gain per hand the shipped equilibrium as paid is solved to."""

DEFAULT_THREADS = 1
"""Threads of the solver's kernels unless told: one (see docs/equilibrium.md: on a shared machine
the second thread's team costs more than it saves, and one thread never spins)."""


# ---------------------------------------------------------------------------------------------
# the certificate (the solution itself, Equilibrium, is paigow.game.equilibria's: importable from here)

@dataclasses.dataclass(frozen=True)
class Certificate:
    """Each side's exact best-response gain against the other, and each side's expected result,
    per hand, for a type strategy pair under a commission."""

    commission: Fraction
    player_gain: float
    banker_gain: float
    player_value: float
    banker_value: float
    exact: bool = False  # certify(..., exact=True): both gains proven to be exactly 0 (paigow.game.exact)

    @property
    def gain(self) -> float:
        """The larger of the two gains: the pair is an ε-equilibrium for this ε."""
        return max(self.player_gain, self.banker_gain)


# ---------------------------------------------------------------------------------------------
# certificates: each side's best-response gain, from the counts of the game as paid (paigow.game.values)

def _certify(sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64], r: Fraction,
             counter: SideCounter) -> Certificate:
    win = float(1 - r)
    gp, vp = gain(sp, payoff(counter.counts(sb, False), win), counter.rules)
    gb, vb = gain(sb, payoff(counter.counts(sp, True), win), counter.rules)
    return Certificate(r, gp, gb, vp, vb)


def certify(player: "str | npt.ArrayLike | Equilibrium | ExactEquilibrium", banker: "str | npt.ArrayLike | None" = None,
            commission: "RateLike | bool" = True, threads: int = 0, rules: RulesLike = None,
            exact: bool = False) -> Certificate:
    """Each side's exact best-response gain against the other, per hand, with wins paid
    ``1 - commission`` (``True``, the default: the rule set's rate, 5% for Macau), computed fresh
    from the counts of every setting of every hand type of the game of ``rules`` (an
    Equilibrium's or exact equilibrium's own rule set when ``rules`` is None; else Macau's).

    ``player`` is an :class:`Equilibrium` (``banker`` None) or a strategy name or (35960, 3)
    table, with ``banker`` likewise. Both strategies must set every hand of a type alike.

    With ``exact`` (or an :class:`paigow.game.exact.ExactEquilibrium`, certified in its own game,
    whatever ``commission`` says) the gains are computed in fractions
    (:func:`paigow.game.exact.certify_exact`; floats read as the binary fractions they are, or the
    exact strategies of names ending ``-exact``) and the certificate's ``exact`` is True when
    both are exactly 0.

    >>> c = certify("max-back", "max-back", commission="5%")
    >>> c.player_gain > 0.01, round(c.player_value, 6)
    (True, -0.028163)
    >>> certify("equilibrium-paid-exact", "equilibrium-paid-exact", "5%", exact=True).exact
    True
    """
    from paigow.game import exact as exact_module

    if rules is None and isinstance(player, Equilibrium):
        g = player.rules
    elif rules is None and isinstance(player, exact_module.ExactEquilibrium):
        g = player.rule_set
    else:
        g = clean_rules(rules)
    r = _rate(g, commission)
    threads = _count("threads", threads, 0, code="solve.threads")

    if exact or isinstance(player, exact_module.ExactEquilibrium):
        if isinstance(player, exact_module.ExactEquilibrium):
            r = player.commission
        proof = exact_module.certify_exact(player, banker, r, g, threads=threads or DEFAULT_THREADS)
        return Certificate(r, float(proof.player_gain), float(proof.banker_gain), float(proof.player_value),
                           float(proof.banker_value), proof.exact)
    if isinstance(player, Equilibrium):
        if banker is not None:
            raise TypeError("certify(equilibrium) takes no banker strategy")
        sp, sb = player.player, player.banker
    else:
        if banker is None:
            raise TypeError("certify(player, banker): give the banker's strategy")
        sp, up = clean_strategy(player, "player", g).type_strategy(g)
        sb, ub = clean_strategy(banker, "banker", g).type_strategy(g)
        if not (up and ub):
            raise InvalidStrategyError("certify needs strategies that set every hand of a type alike",
                                       code="strategy.split_type")
    return _certify(sp, sb, r, SideCounter(threads or DEFAULT_THREADS, g))


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


def _rate(rules: RuleSet, commission: "RateLike | bool") -> Fraction:
    """The solver's commission: :func:`paigow.rules.commission_of`, where None is not a rate."""
    if commission is None:
        raise TypeError("commission is a rate, True (the rule set's) or False, not None")
    return commission_of(rules, commission)


# ---------------------------------------------------------------------------------------------
# solving

@overload
def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, rules: RulesLike = None, exact: Literal[False] = False) -> Equilibrium: ...


@overload
def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, rules: RulesLike = None, exact: Literal[True]) -> "ExactEquilibrium": ...


def solve(tol: float | None = None, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None, *,
          commission: "RateLike | bool" = 0, start: Equilibrium | None = None,
          threads: int = 0, rules: RulesLike = None, exact: bool = False) -> "Equilibrium | ExactEquilibrium":
    """Solve the setting game (one player against the banker) of ``rules`` (Macau's by default)
    to ``tol`` per hand (default 1e-8 without the commission, 1e-7 with it: PAID_TOL).

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
    (:func:`paigow.game.exact.solve_exact`: its pure part kept, the mixed types solved in fractions,
    both gains proven to be exactly 0) and returns that :class:`paigow.game.exact.ExactEquilibrium`.

    >>> solve(check_every=0)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidOptionError: check_every must be at least 1, not 0
    """
    g = clean_rules(rules)
    r = _rate(g, commission)
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
    ty = hand_types(g)
    if start is not None:
        if not isinstance(start, Equilibrium):
            raise TypeError(f"start must be an Equilibrium or None, not {start!r}")
        for s in (start.player, start.banker):
            if s.shape != (ty.n, 3) or not np.isfinite(s).all():
                raise InvalidOptionError(f"start must hold two ({ty.n}, 3) type strategies", code="solve.start")
    if r:
        eq = _solve_paid(r, tol, max_iterations, check_every, purify, progress, start, threads, g)
    else:
        eq = _solve_zero_sum(tol, max_iterations, check_every, purify, progress, start, threads, g)
    if exact:
        from paigow.game.exact import solve_exact

        return solve_exact(eq, commission=r, rules=g, threads=threads)
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
                    threads: int, rules: RuleSet) -> Equilibrium:
    ty = hand_types(rules)
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
        return type_values(sigma, banker_side, rules, threads, work, outs[banker_side])

    def measure(pp: npt.NDArray[np.float64], pb: npt.NDArray[np.float64]) -> tuple[float, float, float]:
        qp, qb = values(pb, False), values(pp, True)
        value = float((ty.cnt * (pp * qp).sum(axis=1)).sum() / PAIRINGS)
        br_p = best_response_value(qp, rules)
        held = -best_response_value(qb, rules)
        return br_p, held, value

    def finish(ap: npt.NDArray[np.float64], ab: npt.NDArray[np.float64], iterations: int) -> Equilibrium:
        br_p, held, value = measure(ap, ab)
        return Equilibrium(ap, ab, value, br_p - held, iterations, time.perf_counter() - begin,
                           Fraction(0), br_p - value, value - held, -value, rules)

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
                threads: int, rules: RuleSet) -> Equilibrium:
    ty = hand_types(rules)
    counter = SideCounter(threads, rules)
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
                           time.perf_counter() - begin, r, c.player_gain, c.banker_gain, c.banker_value, rules)

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
        sp = update(sp, rp, payoff(counter.counts(sb, False), win), avg_p, w)
        sb = update(sb, rb, payoff(counter.counts(sp, True), win), avg_b, w)
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
# files (their names and the shipped ones: paigow.game.equilibria)

def save(eq: Equilibrium, directory: "str | pathlib.Path | None" = None) -> pathlib.Path:
    """Write ``eq`` as ``<stem>.npy`` and ``<stem>.json`` (the stem from
    :func:`paigow.game.equilibria.file_stem` of its commission and rule set) in ``directory``
    (default: the current directory); return the directory."""
    if not isinstance(eq, Equilibrium):
        raise TypeError(f"save() takes an Equilibrium, not {eq!r}")
    d = pathlib.Path(directory) if directory is not None else pathlib.Path.cwd()
    d.mkdir(parents=True, exist_ok=True)
    stem = file_stem(eq.commission, eq.rules)
    np.save(d / f"{stem}.npy", np.stack([eq.player, eq.banker]))
    (d / f"{stem}.json").write_text(json.dumps(eq.info(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if d.resolve() == DATA_DIR.resolve():
        forget()  # the shipped tables were rewritten
    return d


def load(path: "str | pathlib.Path", rules: RulesLike = None) -> Equilibrium:
    """An :class:`Equilibrium` from a ``.npy`` file :func:`save` wrote (the ``.json`` beside it
    gives its measures, when present, and the rule set it names; else ``rules``, Macau's by
    default)."""
    p = pathlib.Path(path)
    try:
        data = np.load(p, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise InvalidStrategyError(f"cannot read an equilibrium from {str(p)!r}: {e}", code="strategy.file") from None
    info: dict[str, Any] = {}
    j = p.with_suffix(".json")
    if j.exists():
        info = json.loads(j.read_text(encoding="utf-8"))
    g = clean_rules(rules if rules is not None or "rules" not in info else info["rules"])
    ty = hand_types(g)
    if data.shape != (2, ty.n, 3) or data.dtype != np.float64 or not np.isfinite(data).all():
        raise InvalidStrategyError(f"{str(p)!r} is not an equilibrium file: shape {data.shape}, not (2, {ty.n}, 3)",
                                   code="strategy.file")
    r = Fraction(info.get("commission", "0"))
    if r:
        return Equilibrium(data[0], data[1], info["value"]["player"], info["exploitability"], info["iterations"],
                           math.nan, r, info["gains"]["player"], info["gains"]["banker"], info["value"]["banker"], g)
    return Equilibrium(data[0], data[1], info.get("game_value", math.nan), info.get("exploitability", math.nan),
                       info.get("iterations", 0), math.nan, rules=g)
