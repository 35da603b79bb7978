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
pivot a banker type), so the simplex pivots only on what the iterate leaves open (50-300 pivots
on the slowest 12-unseen sets). The banker's strategy is the dual (the objective row's entries
under the row slacks). The payoff rows are filled and the simplex pivots in the core
(``_core.lp_payoffs``, ``_core.lp_simplex``: 20-80 us a pivot of a 350-600 x 260-450 tableau).

The pair is an equilibrium of the whole game left when the fixed types' settings are best
responses to it: the caller certifies it by exact best responses over every type, as every pair
it keeps, and adds the types the certificate refutes before trying again (:func:`finish`), from
the basis the round before ended on (:func:`solve`), or goes on iterating when it fails.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.game.handtypes import hand_types

__all__ = ["MAX_PIVOTS", "MAX_TYPES", "MIXED", "NEAR", "NEAR_MIXED", "Program", "ROUNDS", "WARM", "finish",
           "restricted", "solve"]

MIXED = 1e-2
"""A type whose second setting has more than this probability in the iterate is left open."""

NEAR = 1e-2
"""... and one whose second setting has more than ``NEAR_MIXED * MIXED`` when its two best
settings are worth within this much a pairing of each other against the other seat's iterate
(most of the types a certificate would refute, opened in the first round: of 13 x 60 random
12-unseen sets finished after 50 iterations, those that took three rounds or more went from 92
to 30)."""

NEAR_MIXED = 0.1

ROUNDS = 8
"""At most this many rounds of :func:`finish` (1-4 rounds on 1,980 random 12-unseen sets)."""

MAX_TYPES = 400
"""At most this many open types a seat (the dense tableau, about 1,600 x 1,200 at most, and its
update buffer: 30 MB at most; 1-2 MB at 12 unseen tiles)."""

WARM = 100
"""A round of :func:`finish` starts from the basis of the round before when the programs since
the last cold start took at least this many pivots (else it is solved anew: a small program's
pivots cost less than the warm start's set-up)."""

MAX_PIVOTS = 3000
"""A restricted program that takes more pivots is given up (the iteration goes on)."""

_COMBF = np.array([[math.comb(a, b) for b in range(5)] for a in range(5)], dtype=np.float64)


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


def _weights(game: Any, ti: list[int], tj: list[int]) -> npt.NDArray[np.float64]:
    """(len(tj), len(ti)): the hands of type tj[b] beside one hand of type ti[a] at [b, a],
    ``prod_r C(c_r - k_ir, k_jr)`` over the (at most four) ranks of type tj[b]."""
    k = hand_types(game.rules).counts[game.types].astype(np.intp)
    left_t = np.array(game.rank_counts, dtype=np.intp)[:, None] - k[ti].T    # (17, len(ti)), >= 0
    kj = k[tj]
    ranks = np.argsort(kj == 0, axis=1, kind="stable")[:, :4]                # a type's ranks first
    need = np.take_along_axis(kj, ranks, axis=1)                            # then C(., 0) = 1
    out: npt.NDArray[np.float64] = _COMBF[left_t[ranks[:, 0]], need[:, :1]]
    for q in range(1, 4):
        out *= _COMBF[left_t[ranks[:, q]], need[:, q:q + 1]]
    return out


def _pure(sigma: npt.NDArray[np.float64], active: list[int]) -> npt.NDArray[np.float64]:
    out = np.zeros_like(sigma)
    out[np.arange(len(sigma)), np.argmax(sigma, axis=1)] = 1.0
    out[active] = 0.0
    return out


def _settings(game: Any, act: list[int]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The open types' settings (type, setting) in order, and each type's first setting's index."""
    m = game.m[act]
    first = np.r_[0, np.cumsum(m)[:-1]]
    ti = np.repeat(np.asarray(act, dtype=np.intp), m)
    return ti, np.arange(len(ti)) - np.repeat(first, m), first


@dataclasses.dataclass
class Program:
    """A restricted program solved (:func:`solve`): its final tableau ``t`` (the basic variable of
    each row ``rows``, the nonbasic one of each column ``cols``) and each variable's ``keys``
    (of :func:`_keys`, stable across the programs of one iterate), ``n`` of them structural, and
    the ``pivots`` since the last cold start; the next program, with more types open, starts
    from its basis (:func:`_warm`)."""

    t: npt.NDArray[np.float64]
    rows: npt.NDArray[np.int64]
    cols: npt.NDArray[np.int64]
    keys: npt.NDArray[np.int64]
    n: int
    pivots: int


def restricted(game: Any, act_p: list[int], act_b: list[int], x: npt.NDArray[np.float64],
               y: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The equilibrium of the game left with the player's types ``act_p`` and the banker's
    ``act_b`` open and every other type at its likeliest setting in ``x``/``y``: two (n, 3)
    type strategies (unnormalised rounding aside)."""
    xe, ye, _ = solve(game, act_p, act_b, x, y)
    return xe, ye


def solve(game: Any, act_p: list[int], act_b: list[int], x: npt.NDArray[np.float64], y: npt.NDArray[np.float64],
          prev: Program | None = None) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], Program]:
    """:func:`restricted` and its program; from the basis of ``prev`` (a program of the same
    iterate with fewer types open: every type it opens still open) when given."""
    ti, tk, start = _settings(game, act_p)
    tj, tl, _ = _settings(game, act_b)
    xf, yf = _pure(x, act_p), _pure(y, act_b)
    cnt = game.cnt.astype(np.float64)
    av = game.values(yf, False)[ti, tk] * cnt[ti]          # against the banker's fixed types
    bv = game.values(xf, True)[tj, tl] * cnt[tj]           # the banker's, against the player's fixed
    # each player type's likeliest setting is eliminated
    refs = start + np.argmax(x[act_p], axis=1)
    ref_of = np.repeat(refs, game.m[act_p])
    free = np.flatnonzero(np.arange(len(ti)) != ref_of)
    refc = ref_of[free]
    bj = np.full(len(game.m), -1, dtype=np.intp)
    bj[act_b] = np.arange(len(act_b))
    pi = np.full(len(game.m), -1, dtype=np.intp)
    pi[act_p] = np.arange(len(act_p))
    nf, nw, nd, m = len(free), len(act_b), len(tj), len(tj) + len(act_p)
    t = np.zeros((m + 1, nf + nw + 1))
    fixed, size = np.empty(nd), np.empty(nd)
    i64 = np.int64
    _core.lp_payoffs(t, _weights(game, act_p, act_b) * cnt[act_p][None, :], pi[ti].astype(i64),
                     game.tf[ti, tk].astype(i64), game.tb[ti, tk].astype(i64), ref_of.astype(i64), free.astype(i64),
                     bj[tj].astype(i64), game.tf[tj, tl].astype(i64), game.tb[tj, tl].astype(i64),
                     int(game.front_zero), int(game.back_zero), fixed, size)
    t[:nd, -1] = float((size + np.abs(bv)).max()) + 1.0 + fixed - bv
    t[nd + pi[ti[free]], np.arange(nf)] = 1.0
    t[nd:m, -1] = 1.0
    t[-1, :nf] = -(av[free] - av[refc])
    n = nf + nw
    keys = _keys(len(game.m), 3 * ti[free] + tk[free], act_b, 3 * tj + tl, act_p)
    t[np.arange(nd), nf + bj[tj]] = 1.0
    t[-1, nf:n] = -1.0
    if prev is None:
        rows, cols = _enter_values(t, bj[tj], nf, nw)
    else:
        t, rows, cols = _warm(t, keys, n, prev)
    pivots = _simplex(t, rows, cols) + (prev.pivots if prev is not None else 0)
    z = np.zeros(n + m)
    z[rows] = t[:m, -1]
    dual = np.zeros(n + m)
    dual[cols] = t[-1, :-1]
    xe = xf
    xe[ti[free], tk[free]] = np.maximum(z[:nf], 0.0)
    xe[ti[refs], tk[refs]] = np.maximum(0.0, 1.0 - xe[ti[refs]].sum(axis=1))
    ye = yf
    ye[tj, tl] = np.maximum(dual[n:n + nd], 0.0)
    return xe, ye, Program(t, rows, cols, keys, n, pivots)


def _keys(n_types: int, x_set: Any, v_type: Any, b_set: Any, p_type: Any) -> npt.NDArray[np.int64]:
    """Each variable's key: a free player setting (3 type + setting), a banker type's value,
    the slack of a banker setting's row, the slack of a player type's row (in id order)."""
    return np.concatenate([np.asarray(x_set, dtype=np.int64), 3 * n_types + np.asarray(v_type, dtype=np.int64),
                           4 * n_types + np.asarray(b_set, dtype=np.int64),
                           7 * n_types + np.asarray(p_type, dtype=np.int64)])


def _warm(t0: npt.NDArray[np.float64], keys: npt.NDArray[np.int64], n: int,
          prev: Program) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The tableau of the program ``t0`` (slack basis; its variables' ``keys``, ``n`` structural)
    at the basis of ``prev`` and the slacks of the rows it lacks: prev's rows and columns kept,
    the new columns ``B^-1 a`` (``B^-1`` read off prev's slack columns), the new rows reduced by
    prev's rows, the right side and the objective row computed anew. A primal feasible start."""
    m, (mo, ko) = t0.shape[0] - 1, (prev.t.shape[0] - 1, prev.t.shape[1] - 1)
    order = np.argsort(keys)
    new_of_old = order[np.searchsorted(keys[order], prev.keys)]            # every old key is in keys
    rows_b, cols_n = new_of_old[prev.rows], new_of_old[prev.cols]
    old_rows = new_of_old[prev.n:] - n                                      # t0's row of each old row
    fresh_rows = np.setdiff1d(np.arange(m), old_rows)
    fresh_cols = np.setdiff1d(np.arange(n), new_of_old[:prev.n])
    where_col = np.full(len(prev.keys), -1)
    where_col[prev.cols] = np.arange(ko)
    where_row = np.full(len(prev.keys), -1)
    where_row[prev.rows] = np.arange(mo)
    nr, kc = len(fresh_rows), len(fresh_cols)
    t = np.empty((mo + nr + 1, ko + kc + 1))
    t[:mo, :ko] = prev.t[:mo, :ko]
    # B^-1 times the new columns and the right side: B^-1 e_i is the column of slack i when it
    # is nonbasic, else the unit vector of its row
    a = t0[np.ix_(old_rows, np.r_[fresh_cols, n])]
    slack_col, slack_row = where_col[prev.n:], where_row[prev.n:]
    nb = slack_col >= 0
    spread = np.zeros((ko, kc + 1))
    spread[slack_col[nb]] = a[nb]
    got = prev.t[:mo, :ko] @ spread
    got[slack_row[~nb]] += a[~nb]
    t[:mo, ko:] = got
    a_fresh = np.zeros((nr, ko + kc + 1))                                   # the fresh rows, as given
    structural = np.flatnonzero(cols_n < n)
    a_fresh[:, structural] = t0[fresh_rows][:, cols_n[structural]]
    a_fresh[:, ko:ko + kc] = t0[fresh_rows][:, fresh_cols]
    a_fresh[:, -1] = t0[fresh_rows, -1]
    r_b = np.zeros((nr, mo))                                                # ... on prev's basic variables
    basic = np.flatnonzero(rows_b < n)
    r_b[:, basic] = t0[fresh_rows][:, rows_b[basic]]
    t[mo:-1] = a_fresh - r_b @ t[:mo]
    np.maximum(t[:-1, -1], 0.0, out=t[:-1, -1])                            # rounding of the values read
    rows = np.concatenate([rows_b, n + fresh_rows]).astype(np.int64)
    cols = np.concatenate([cols_n, fresh_cols]).astype(np.int64)
    cost = np.concatenate([-t0[-1, :n], np.zeros(m)])
    t[-1, :-1] = cost[rows] @ t[:-1, :-1] - cost[cols]
    t[-1, -1] = cost[rows] @ t[:-1, -1]
    return t, rows, cols


def _enter_values(t: npt.NDArray[np.float64], jd: npt.NDArray[np.intp], nf: int,
                  nw: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each v_j (the columns after the ``nf`` free settings) enters on the tightest row of its
    banker type (``jd`` of each of the first rows): one pivot a banker type, at once. The basic
    variable of each row and the nonbasic one of each column."""
    nd, n, m = len(jd), nf + nw, t.shape[0] - 1
    rows, cols = np.arange(n, n + m, dtype=np.int64), np.arange(n, dtype=np.int64)
    order = np.lexsort((t[:nd, -1], jd))
    tight = order[np.r_[True, jd[order][1:] != jd[order][:-1]]]
    sub = t[tight[jd], :nf]
    sub[tight] = 0.0
    t[:nd, :nf] -= sub
    rhs = t[:nd, -1]
    t[-1, :nf] += t[tight, :nf].sum(axis=0)
    t[-1, -1] += rhs[tight].sum()
    rhs -= np.where(np.isin(np.arange(nd), tight), 0.0, rhs[tight[jd]])
    t[np.arange(nd), nf + jd] = -1.0
    t[tight, nf + np.arange(nw)] = 1.0
    t[-1, nf:nf + nw] = 1.0
    rows[tight], cols[nf:nf + nw] = nf + np.arange(nw), n + tight
    return rows, cols


def _open(game: Any, sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> set[int]:
    """The types the iterate ``sigma`` mixes (second setting above :data:`MIXED`), and those it
    mixes a little (above ``MIXED * NEAR_MIXED``) whose two best settings are worth nearly the
    same against the other seat's iterate (``q``: within :data:`NEAR` a pairing)."""
    second = np.sort(sigma, axis=1)[:, -2]
    v = -np.sort(-np.where(game.valid, q, -np.inf), axis=1)
    near = (v[:, 0] - v[:, 1]) < NEAR * game.opponent_hands
    return set(np.flatnonzero((second > MIXED) | ((second > MIXED * NEAR_MIXED) & near)).tolist())


def finish(game: Any, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], certify: Any, norm: Any,
           tol: float, rounds: int = ROUNDS) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], Any] | None:
    """An equilibrium pair near the iterate (``x``, ``y``) and its certificate (``certify(x, y)``)
    with an exploitability of at most ``tol``, or None: the types the iterate mixes open
    (:func:`restricted`), then those whose played settings the certificate's best responses
    refute, up to ``rounds`` times, each round from the basis of the one before (:data:`WARM`)."""
    act_p, act_b = _open(game, x, game.values(y, False)), _open(game, y, game.values(x, True))
    valid = game.valid
    prev = None
    for _ in range(rounds):
        if not act_p or not act_b or len(act_p) > MAX_TYPES or len(act_b) > MAX_TYPES:
            return None
        try:
            xe, ye, prev = solve(game, sorted(act_p), sorted(act_b), x, y, _warm_from(prev))
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


def _warm_from(prev: Program | None) -> Program | None:
    return prev if prev is not None and prev.pivots >= WARM else None


def _refuted(game: Any, sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> set[int]:
    """The types that play a setting worth less than their best response."""
    best = np.where(game.valid, q, -np.inf).max(axis=1)
    lost = (sigma * (best[:, None] - np.where(game.valid, q, best[:, None]))).sum(axis=1)
    return set(np.flatnonzero(lost > 1e-9 * np.maximum(1.0, np.abs(best))).tolist())
