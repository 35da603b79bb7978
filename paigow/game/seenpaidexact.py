"""The game left as paid (:mod:`paigow.game.seenpaid`) in fractions: an exact equilibrium on the
support of an iterate, and an exact check of a pair.

A seat's payoff for one of its settings against the other seat's type strategy is linear in it:
integer (wins, losses) against the other seat's pure part (the compiled count against a 0/1
strategy gives whole numbers), plus, for each setting (i, s) the other seat mixes, its
probability times integer columns ``W[j, i] * [both won]`` and ``W[j, i] * [both lost]``
(``W[j, i]`` the hands of type i beside one of type j). With a seat's rate p/q (the banker's
``game.bank_rate``: 0 where the bank's wins pay none) a payoff times q is
``(q - p) * wins - q * losses``: whole numbers, so the game restricted to the types an iterate
mixes (the others at their likeliest setting) is a bimatrix game of integers. Complementary
pivoting (:func:`paigow.game.lemke.lemke`, from the iterate) names its played settings, each
seat's indifference conditions give the probabilities exactly (:func:`paigow.game.lemke.indifference`),
and a type outside it that the check refutes joins it (:func:`exact_pair`); or, quicker, the
indifference conditions of the pair's own support are solved when they are square
(:func:`support_pair`). :func:`check` values
every setting of both seats against a pair in fractions: both best-response gains exactly 0 is a
proof of an equilibrium of the whole game left as paid.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow._blas import one_thread
from paigow.game.seensupport import pure_outside, support_columns, support_prior
from paigow.game.lemke import LemkeFailure, SmallGame, indifference, lemke

__all__ = ["PaidProof", "check", "exact_pair", "support_pair", "MAX_SETTINGS"]

MAX_SETTINGS = 400
"""The small game is tried with at most this many settings a seat (its dense pivoting)."""

MAX_PIVOTS = 400
"""Complementary pivoting that takes more pivots is given up (the iteration goes on)."""

SUPPORT = 1e-2
"""A type whose second setting has at most this probability in the iterate is fixed at its
likeliest setting in the small game (the check then opens the types it refutes)."""

REFACTOR = 100
"""Complementary pivoting refactors its tableau every this many pivots (each pivot between is an
update: a dense solve a pivot costs 0.1 s at 1,300 settings)."""

Rows = list[tuple[Fraction, ...]]


@dataclasses.dataclass(frozen=True)
class PaidProof:
    """Each side's best-response gain against the other's strategy and each side's value, per
    pairing, in fractions (floats read as the binary fractions they are); ``exact`` when both
    gains are exactly 0."""

    player_gain: Fraction
    banker_gain: Fraction
    player_value: Fraction
    banker_value: Fraction

    @property
    def exact(self) -> bool:
        return self.player_gain == 0 and self.banker_gain == 0


def _columns(game: Any, i: int, s: int, banker_side: bool) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(wins, losses) (n, 3) of every setting of the seat against one hand of the other seat's
    type ``i`` playing its setting ``s``, summed over the hands of type i beside each type."""
    w = game.cnt[i] * game.weights_row(i) // game.cnt     # W[j, i], from cnt_j W[j, i] = cnt_i W[i, j]
    fi, bi = game.tf[i, s], game.tb[i, s]
    if not banker_side:  # rows are the player's settings, (i, s) the banker's
        fw = (game.tf > fi) & (game.tf >= game.front_zero)
        bw = (game.tb > bi) & (game.tb >= game.back_zero)
    else:  # rows are the banker's settings, (i, s) the player's
        fw = ~((fi > game.tf) & (fi >= game.front_zero))
        bw = ~((bi > game.tb) & (bi >= game.back_zero))
    win = np.where(game.valid, (fw & bw) * w[:, None], 0).astype(np.int64)
    lose = np.where(game.valid, (~fw & ~bw) * w[:, None], 0).astype(np.int64)
    return win, lose


def _pure_counts(game: Any, pure: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.int64]:
    """(n, 3, 2) whole (wins, losses) against a 0/1 strategy, from the compiled count."""
    c = game.counts(pure, banker_side)
    r = np.rint(c)
    if np.abs(np.where(game.valid[:, :, None], c - r, 0.0)).max(initial=0.0) > 1e-6:
        raise ArithmeticError("the counts against a pure strategy are not whole numbers")
    return np.where(game.valid[:, :, None], r, 0).astype(np.int64)


def _rows(sigma: Any) -> Rows:
    """A strategy as rows of fractions: (n, 3) floats read as the binary fractions they are."""
    if isinstance(sigma, np.ndarray):
        return [tuple(Fraction(v) for v in row) for row in sigma.tolist()]
    return list(sigma)


def _exact_counts(game: Any, other: Rows, banker_side: bool) -> tuple[Any, Any, int]:
    """(wins, losses) (n, 3) of the seat against ``other`` as Python integers over a common
    denominator (returned)."""
    pure = np.zeros((len(other), 3))
    mixed = []
    for i, row in enumerate(other):
        played = [k for k in range(3) if row[k] > 0]
        if len(played) == 1 and row[played[0]] == 1:
            pure[i, played[0]] = 1.0
        else:
            mixed += [(i, k, row[k]) for k in played]
    den = math.lcm(1, *(p.denominator for _, _, p in mixed))
    c = _pure_counts(game, pure, banker_side).astype(object) * den
    wins, losses = c[:, :, 0], c[:, :, 1]
    for i, s, p in mixed:
        win, lose = _columns(game, i, s, banker_side)
        scale = int(p * den)
        wins = wins + win.astype(object) * scale
        losses = losses + lose.astype(object) * scale
    return wins, losses, den


def check(game: Any, player: Any = None, banker: Any = None) -> PaidProof:
    """Each side's best-response gain and value against the pair (``player``, ``banker``: (n, 3)
    floats or rows of fractions; the game's kept pair by default), exactly (fractions)."""
    xs = _rows(game.player if player is None else player)
    ys = _rows(game.banker if banker is None else banker)
    cnt = [int(c) for c in game.cnt]
    m = [int(k) for k in game.m]
    out = []
    for own, other, banker_side in ((xs, ys, False), (ys, xs, True)):
        wins, losses, den = _exact_counts(game, other, banker_side)
        r = game.bank_rate if banker_side else game.rate   # each side's gain at its own rate
        gain = value = Fraction(0)
        for i in range(len(cnt)):
            q = [(1 - r) * wins[i, k] - losses[i, k] for k in range(m[i])]
            played = sum((own[i][k] * q[k] for k in range(m[i]) if own[i][k]), Fraction(0))
            gain += cnt[i] * (max(q) - played)
            value += cnt[i] * played
        out += [gain / (den * game.pairings), value / (den * game.pairings)]
    return PaidProof(out[0], out[2], out[1], out[3])


# ---------------------------------------------------------------------------------------------
# an exact pair on the support of an iterate

def _payoff(game: Any, wins: npt.NDArray[np.int64], losses: npt.NDArray[np.int64],
            banker_side: bool) -> npt.NDArray[np.int64]:
    """q * ((1 - p/q) * wins - losses) at the side's rate p/q: whole numbers."""
    rate = game.bank_rate if banker_side else game.rate
    p, q = rate.numerator, rate.denominator
    out: npt.NDArray[np.int64] = (q - p) * wins - q * losses
    return out


def _small_game(game: Any, act_p: list[int], act_b: list[int], x: npt.NDArray[np.float64],
                y: npt.NDArray[np.float64]) -> SmallGame:
    """The game left as paid restricted to the active types, the others at their likeliest setting."""
    px, py, ip, ib = support_columns(game.m, act_p, act_b)
    cp = _pure_counts(game, pure_outside(y, act_b), False)
    cb = _pure_counts(game, pure_outside(x, act_p), True)
    a_vec = _payoff(game, cp[:, :, 0], cp[:, :, 1], False)[ip]
    b_vec = _payoff(game, cb[:, :, 0], cb[:, :, 1], True)[ib]
    a_mat = np.stack([_payoff(game, *_columns(game, j, k, False), False)[ip] for j, k in py], axis=1)
    b_mat = np.stack([_payoff(game, *_columns(game, i, k, True), True)[ib] for i, k in px], axis=1)
    return SmallGame(px, py, a_mat, a_vec, b_mat, b_vec)




def _assemble(sigma: npt.NDArray[np.float64], active: list[int], cols: list[tuple[int, int]],
              probs: dict[int, Fraction]) -> Rows:
    out = [[Fraction(0)] * 3 for _ in range(len(sigma))]
    for i, k in enumerate(np.argmax(sigma, axis=1).tolist()):
        if i not in active:
            out[i][k] = Fraction(1)
    for c, p in probs.items():
        i, k = cols[c]
        out[i][k] = p
    return [tuple(r) for r in out]


def _mixed(sigma: npt.NDArray[np.float64], eps: float) -> list[int]:
    return sorted(np.flatnonzero(np.sort(sigma, axis=1)[:, -2] > eps).tolist())


def _refuted(game: Any, own: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> set[int]:
    """The types that play a setting worth less than their best response (floats)."""
    best = np.where(game.valid, q, -np.inf).max(axis=1)
    lost = (own * (best[:, None] - np.where(game.valid, q, best[:, None]))).sum(axis=1)
    return set(np.flatnonzero(lost > 1e-9 * np.maximum(1.0, np.abs(best))).tolist())


def exact_pair(game: Any, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], eps: float = SUPPORT,
               rounds: int = 4) -> tuple[Rows, Rows] | None:
    """An exact equilibrium of the game left as paid near the pair (``x``, ``y``), as rows of
    fractions, or None: the small game on the types either seat mixes (the second setting above
    ``eps``) by complementary pivoting from the pair, its played settings' indifference conditions
    solved in fractions, widened by the types the floats refute, up to ``rounds`` times. The
    caller checks what it returns (:func:`check`)."""
    act_p, act_b = _mixed(x, eps), _mixed(y, eps)
    for _ in range(rounds):
        if not act_p or not act_b:
            return None
        g = _small_game(game, act_p, act_b, x, y)
        if max(len(g.px), len(g.py)) > MAX_SETTINGS:
            return None
        try:
            with one_thread():
                xs, ys, _ = lemke(g, support_prior(x, g.px), support_prior(y, g.py), max_pivots=MAX_PIVOTS,
                                  refactor_every=REFACTOR)
        except (LemkeFailure, np.linalg.LinAlgError):
            return None
        yq = indifference(g.px, xs, g.a_mat, g.a_vec, g.py, ys)
        xq = indifference(g.py, ys, g.b_mat, g.b_vec, g.px, xs)
        if xq is None or yq is None or min(xq.values(), default=0) < 0 or min(yq.values(), default=0) < 0:
            return None
        xe, ye = _assemble(x, act_p, g.px, xq), _assemble(y, act_b, g.py, yq)
        xf, yf = (np.array([[float(v) for v in r] for r in e]) for e in (xe, ye))
        more_p = sorted(set(act_p) | _refuted(game, xf, game.payoffs(yf, False)))
        more_b = sorted(set(act_b) | _refuted(game, yf, game.payoffs(xf, True)))
        if (more_p, more_b) == (act_p, act_b):
            return xe, ye
        act_p, act_b = more_p, more_b
    return None


def _solve_near(rows: list[list[int]], rhs: list[int], near: list[float]) -> list[Fraction] | None:
    """A solution in fractions of the linear system ``rows`` x = ``rhs`` (any shape) near
    ``near``: Gauss-Jordan taking pivots among the unknowns by decreasing ``near`` (the likely
    ones), the unknowns left free set to ``near`` rounded to a small fraction (those near 0 to
    0); None when the system is inconsistent."""
    n = len(near)
    a = [{j: Fraction(v) for j, v in enumerate(r) if v} for r in rows]
    b = [Fraction(v) for v in rhs]
    order = sorted(range(n), key=lambda j: -near[j])
    pivots: list[tuple[int, int]] = []   # (row, column)
    used = 0
    for col in order:
        piv = next((r for r in range(used, len(a)) if col in a[r]), None)
        if piv is None:
            continue
        a[used], a[piv], b[used], b[piv] = a[piv], a[used], b[piv], b[used]
        inv = 1 / a[used][col]
        a[used] = {j: v * inv for j, v in a[used].items()}
        b[used] *= inv
        for r in range(len(a)):
            if r != used and col in a[r]:
                f = a[r][col]
                for j, v in a[used].items():
                    nv = a[r].get(j, 0) - f * v
                    if nv:
                        a[r][j] = nv
                    else:
                        a[r].pop(j, None)
                b[r] -= f * b[used]
        pivots.append((used, col))
        used += 1
    if any(b[r] for r in range(used, len(a))):
        return None                          # 0 = b: inconsistent
    x = [Fraction(0)] * n
    basic = {col for _, col in pivots}
    for j in range(n):
        if j not in basic:
            x[j] = Fraction(near[j]).limit_denominator(10_000) if near[j] > 1e-6 else Fraction(0)
    for r, col in pivots:
        x[col] = b[r] - sum((v * x[j] for j, v in a[r].items() if j != col), Fraction(0))
    return x


def _indifference_near(settings: list[tuple[int, int]], played: set[int], mat: npt.NDArray[np.int64],
                       vec: npt.NDArray[np.int64], opp: list[tuple[int, int]], opp_played: set[int],
                       near: npt.NDArray[np.float64]) -> dict[int, Fraction] | None:
    """The opponent's probabilities (its ``opp_played`` settings) that make each type of this side
    indifferent among its ``played`` settings, each opposing type's summing to 1, in fractions:
    :func:`paigow.game.lemke.indifference` for any shape of the system (an equilibrium inside a
    face of them), the solution nearest the iterate's probabilities ``near`` (:func:`_solve_near`)."""
    by_type: dict[int, list[int]] = {}
    for c in sorted(played):
        by_type.setdefault(settings[c][0], []).append(c)
    unknowns = sorted(opp_played)
    cols = np.array(unknowns, dtype=np.intp)
    rows: list[list[int]] = []
    rhs: list[int] = []
    for cs in by_type.values():
        for c in cs[1:]:
            rows.append((mat[c, cols] - mat[cs[0], cols]).tolist())
            rhs.append(int(vec[cs[0]] - vec[c]))
    types = [opp[u][0] for u in unknowns]
    for t in sorted(set(types)):
        rows.append([1 if x == t else 0 for x in types])
        rhs.append(1)
    sol = _solve_near(rows, rhs, [float(near[u]) for u in unknowns])
    return None if sol is None else dict(zip(unknowns, sol))


def support_pair(game: Any, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64],
                 eps: float = 1e-3) -> tuple[Rows, Rows] | None:
    """The pair on the support of (``x``, ``y``) (each type's settings above ``eps``, its
    likeliest at least) that makes each seat indifferent among its played settings, in fractions,
    nearest the pair where the conditions leave freedom (:func:`_indifference_near`), or None
    (inconsistent, or a probability below 0). No pivoting: one linear system a seat. The caller
    checks what it returns (:func:`check`)."""
    act_p, act_b = _mixed(x, eps), _mixed(y, eps)
    if not act_p or not act_b or max(len(act_p), len(act_b)) * 3 > MAX_SETTINGS:
        return None
    g = _small_game(game, act_p, act_b, x, y)
    xs = {c for c, (i, k) in enumerate(g.px) if x[i, k] > eps}
    ys = {c for c, (j, k) in enumerate(g.py) if y[j, k] > eps}
    yq = _indifference_near(g.px, xs, g.a_mat, g.a_vec, g.py, ys, np.array([y[j, k] for j, k in g.py]))
    xq = _indifference_near(g.py, ys, g.b_mat, g.b_vec, g.px, xs, np.array([x[i, k] for i, k in g.px]))
    if xq is None or yq is None or min(xq.values(), default=0) < 0 or min(yq.values(), default=0) < 0:
        return None
    return _assemble(x, act_p, g.px, xq), _assemble(y, act_b, g.py, yq)
