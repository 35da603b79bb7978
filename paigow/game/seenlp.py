"""An exact finish of a game left (:mod:`paigow.game.seen`): its linear program restricted to the
types a CFR iterate mixes, solved by the simplex method in float64.

The game left is zero-sum and linear in each seat's type strategy, so its equilibrium is a
linear program. With every other type fixed at its likeliest setting, the player's types ``P``
the iterate mixes choose ``x`` and the banker's mixed types ``B`` answer; the player maximises

    sum_c cnt_c (a_c + sum_d A[c, d] y_d)  -  sum_d cnt_d b_d y_d,  y on each banker type's simplex,

i.e. ``max a'x + sum_j v_j`` subject to ``v_j <= (A'x)_d - b'_d`` for each setting d of banker
type j (the ' weighting a type setting by its hands ``cnt``); each player type's likeliest
setting is eliminated (``x_ref = 1 - sum of the others``), so every constraint is ``<=`` with a
nonnegative right side once ``v`` is shifted by a bound ``K``: the pure start is feasible and no
first phase is needed. Each ``v_j`` enters the basis at once on its tightest row (one vectorised
pivot a banker type), so the simplex pivots only on what the iterate leaves open (20-150 pivots
on the slowest 12-unseen sets). The banker's strategy is the dual (the objective row's entries
under the row slacks).

The pair is an equilibrium of the whole game left when the fixed types' settings are best
responses to it: the caller certifies it by exact best responses over every type, as every pair
it keeps, and adds the types the certificate refutes before trying again (:func:`finish`), or
goes on iterating when it fails.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.game.handtypes import hand_types

__all__ = ["MAX_PIVOTS", "MAX_TYPES", "MIXED", "finish", "restricted"]

MIXED = 1e-2
"""A type whose second setting has more than this probability in the iterate is left open."""

MAX_TYPES = 400
"""At most this many open types a seat (the dense tableau, about 1,600 x 1,200 at most, and its
update buffer: 30 MB at most; 1-2 MB at 12 unseen tiles)."""

MAX_PIVOTS = 3000
"""A restricted program that takes more pivots is given up (the iteration goes on)."""

_COMB = np.array([[math.comb(a, b) for b in range(5)] for a in range(5)], dtype=np.int64)


class _Failed(ArithmeticError):
    pass


def _simplex(t: npt.NDArray[np.float64], rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64],
             tol: float = 1e-9) -> int:
    """Maximise over the compact tableau ``t`` ((m + 1, k + 1): constraint rows [A | b], b >= 0,
    then the objective row [-c | value]) by Dantzig's rule, the larger pivot among tied ratios;
    ``rows``/``cols`` name the basic variable of each row and the nonbasic one of each column
    (compiled: ``_core.lp_simplex``, a pivot one pass over the rows its column touches)."""
    pivots = int(_core.lp_simplex(t, rows, cols, tol, MAX_PIVOTS))
    if pivots == -1:
        raise _Failed("unbounded")
    if pivots < 0:
        raise _Failed("too many pivots")
    return pivots


def _weights(game: Any, ti: npt.NDArray[np.intp], tj: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """(len(ti), len(tj)): the hands of type tj beside one hand of type ti."""
    k = hand_types(game.rules).counts[game.types].astype(np.int64)
    left = np.array(game.rank_counts, dtype=np.int64)[None, :] - k[ti]
    kj = k[tj]
    ok = (kj[None, :, :] <= left[:, None, :]).all(axis=2)
    return np.where(ok, np.prod(_COMB[np.clip(left, 0, 4)[:, None, :], kj[None, :, :]], axis=2), 0)


def _pure(sigma: npt.NDArray[np.float64], active: list[int]) -> npt.NDArray[np.float64]:
    out = np.zeros_like(sigma)
    out[np.arange(len(sigma)), np.argmax(sigma, axis=1)] = 1.0
    out[active] = 0.0
    return out


def restricted(game: Any, act_p: list[int], act_b: list[int], x: npt.NDArray[np.float64],
               y: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The equilibrium of the game left with the player's types ``act_p`` and the banker's
    ``act_b`` open and every other type at its likeliest setting in ``x``/``y``: two (n, 3)
    type strategies (unnormalised rounding aside)."""
    px = [(i, k) for i in act_p for k in range(int(game.m[i]))]
    py = [(j, k) for j in act_b for k in range(int(game.m[j]))]
    ti, tk = (np.array(v, dtype=np.intp) for v in zip(*px))
    tj, tl = (np.array(v, dtype=np.intp) for v in zip(*py))
    xf, yf = _pure(x, act_p), _pure(y, act_b)
    cnt = game.cnt.astype(np.float64)
    av = game.values(yf, False)[ti, tk] * cnt[ti]          # against the banker's fixed types
    bv = game.values(xf, True)[tj, tl] * cnt[tj]           # the banker's, against the player's fixed
    pi = np.full(len(game.m), -1, dtype=np.intp)
    pi[act_p] = np.arange(len(act_p))
    bj = np.full(len(game.m), -1, dtype=np.intp)
    bj[act_b] = np.arange(len(act_b))
    w = _weights(game, np.asarray(act_p, dtype=np.intp), np.asarray(act_b, dtype=np.intp))[pi[ti]][:, bj[tj]]
    pf, pb = game.tf[ti, tk][:, None], game.tb[ti, tk][:, None]
    bf, bb = game.tf[tj, tl][None, :], game.tb[tj, tl][None, :]
    res = ((pf > bf) & (pf >= game.front_zero)).astype(np.float64) + ((pb > bb) & (pb >= game.back_zero)) - 1.0
    a = res * w * cnt[ti][:, None]                          # (settings of P, settings of B): the player's total
    # each player type's likeliest setting is eliminated
    own = x[ti, tk]
    first = np.r_[True, ti[1:] != ti[:-1]]
    start = np.flatnonzero(first)
    group = np.cumsum(first) - 1
    ref_of = start[group] + np.array([int(np.argmax(own[s:e])) for s, e in zip(start, np.r_[start[1:], len(ti)])])[group]
    free = np.flatnonzero(np.arange(len(ti)) != ref_of)
    refc = ref_of[free]
    refs = np.unique(ref_of)
    nf, nw, nd, nt = len(free), len(act_b), len(py), len(act_p)
    m = nd + nt
    t = np.zeros((m + 1, nf + nw + 1))
    coef = a[free] - a[refc]
    base = a[refs].sum(axis=0) - bv
    k_shift = float((np.abs(a[refs]).sum(axis=0) + np.abs(coef).sum(axis=0) + np.abs(bv)).max()) + 1.0
    jd = bj[tj]
    t[:nd, :nf] = -coef.T
    t[np.arange(nd), nf + jd] = 1.0
    t[:nd, -1] = k_shift + base
    t[nd + pi[ti[free]], np.arange(nf)] = 1.0
    t[nd:m, -1] = 1.0
    t[-1, :nf] = -(av[free] - av[refc])
    t[-1, nf:nf + nw] = -1.0
    n = nf + nw
    rows, cols = np.arange(n, n + m, dtype=np.int64), np.arange(n, dtype=np.int64)
    # each v_j enters on the tightest row of its type: one pivot a banker type, at once
    order = np.lexsort((t[:nd, -1], jd))
    tight = order[np.r_[True, jd[order][1:] != jd[order][:-1]]]
    sub = t[tight[jd]].copy()
    sub[tight] = 0.0
    t[:nd] -= sub
    t[-1] += t[tight].sum(axis=0)
    t[:nd, nf:nf + nw] = 0.0
    t[np.arange(nd), nf + jd] = -1.0
    t[tight, nf + np.arange(nw)] = 1.0
    t[-1, nf:nf + nw] = 1.0
    rows[tight], cols[nf:nf + nw] = nf + np.arange(nw), n + tight
    _simplex(t, rows, cols)
    z = np.zeros(n + m)
    z[rows] = t[:m, -1]
    dual = np.zeros(n + m)
    dual[cols] = t[-1, :-1]
    xe = xf
    xe[ti[free], tk[free]] = np.maximum(z[:nf], 0.0)
    xe[ti[refs], tk[refs]] = np.maximum(0.0, 1.0 - xe[ti[refs]].sum(axis=1))
    ye = yf
    ye[tj, tl] = np.maximum(dual[n:n + nd], 0.0)
    return xe, ye


def _open(sigma: npt.NDArray[np.float64]) -> set[int]:
    return set(np.flatnonzero(np.sort(sigma, axis=1)[:, -2] > MIXED).tolist())


def finish(game: Any, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], certify: Any, norm: Any,
           tol: float, rounds: int = 5) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], Any] | None:
    """An equilibrium pair near the iterate (``x``, ``y``) and its certificate (``certify(x, y)``)
    with an exploitability of at most ``tol``, or None: the types the iterate mixes open
    (:func:`restricted`), then those whose played settings the certificate's best responses
    refute, up to ``rounds`` times."""
    act_p, act_b = _open(x), _open(y)
    valid = game.valid
    for _ in range(rounds):
        if not act_p or not act_b or len(act_p) > MAX_TYPES or len(act_b) > MAX_TYPES:
            return None
        try:
            xe, ye = restricted(game, sorted(act_p), sorted(act_b), x, y)
        except (_Failed, FloatingPointError):
            return None
        xe, ye = norm(xe, valid), norm(ye, valid)
        cert = certify(xe, ye)
        if cert.exploitability <= tol:
            return xe, ye, cert
        qp, qb = game.values(ye, False), game.values(xe, True)
        more_p, more_b = act_p | _refuted(game, xe, qp), act_b | _refuted(game, ye, qb)
        if (more_p, more_b) == (act_p, act_b):
            return None
        act_p, act_b = more_p, more_b
    return None


def _refuted(game: Any, sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> set[int]:
    """The types that play a setting worth less than their best response."""
    best = np.where(game.valid, q, -np.inf).max(axis=1)
    lost = (sigma * (best[:, None] - np.where(game.valid, q, best[:, None]))).sum(axis=1)
    return set(np.flatnonzero(lost > 1e-9 * np.maximum(1.0, np.abs(best))).tolist())
