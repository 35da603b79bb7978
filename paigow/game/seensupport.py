"""The equilibrium of a game left (:mod:`paigow.game.seen`) on its support: the probabilities of
the types each seat mixes, solved from the other seat's indifference conditions, in floats (to
finish the iteration: a few dozen mixed types, one small linear system a seat) or in fractions,
and proven exactly.

The value of a seat's type setting against the other seat's type strategy is linear in it: an
integer vector against the other seat's pure part (the compiled step against a 0/1 strategy
gives integers) plus, for each setting (i, s) the other seat mixes, its probability times an
integer column ``W[j, i] * result(j, t; i, s)`` (``W[j, i]`` the hands of type i beside one of
type j). On a guessed support (the settings a numerical pair plays) each seat's mixed types make
the other seat indifferent among the settings it mixes; with each mixed type's probabilities
summing to 1 that is one square linear system a seat (when the support is generic). The
:func:`prove` of a pair in fractions values every setting of every type of both seats exactly:
the pair is an exact equilibrium when every played setting is a best response, i.e. both seats'
best responses are worth exactly the value.

>>> from paigow.game.seen import game_left
>>> p = prove(game_left(range(20)))
>>> p.exact, p.player_best == p.value == p.banker_best
(True, True)
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow._blas import one_thread
from paigow.game.lemke import LemkeFailure, SmallGame, indifference, lemke
from paigow.game.seen import GameLeft, whole_start

__all__ = ["LeftProof", "supports", "exact_pair", "check_pair", "prove", "pure_outside", "support_prior", "support_columns"]

SUPPORT = 1e-6
"""A setting whose probability is at most this is taken as unplayed when guessing a support."""


def supports(sigma: npt.NDArray[np.float64], m: npt.NDArray[np.intp], eps: float = SUPPORT) -> list[tuple[int, ...]]:
    """Each type's played settings (probability above ``eps``; its likeliest one at least)."""
    out = []
    for i, row in enumerate(sigma.tolist()):
        played = tuple(k for k in range(int(m[i])) if row[k] > eps)
        out.append(played or (int(np.argmax(row)),))
    return out


def _column(game: GameLeft, i: int, s: int, banker_side: bool) -> npt.NDArray[np.int64]:
    """(n, 3): the value of every setting of the seat (the banker's when ``banker_side``) of
    every type against the other seat's type ``i`` playing its setting ``s``, in hands."""
    w = game.cnt[i] * game.weights_row(i) // game.cnt         # W[j, i], from cnt_j W[j, i] = cnt_i W[i, j]
    fi, bi = game.tf[i, s], game.tb[i, s]
    if not banker_side:  # rows are player settings, (i, s) the banker's
        fw = (game.tf > fi) & (game.tf >= game.front_zero)
        bw = (game.tb > bi) & (game.tb >= game.back_zero)
    else:  # rows are banker settings, (i, s) the player's
        fw = ~((fi > game.tf) & (fi >= game.front_zero))
        bw = ~((bi > game.tb) & (bi >= game.back_zero))
    out = (fw.astype(np.int64) + bw - 1) * w[:, None]
    return np.where(game.valid, out, 0)


def _pure(sigma: npt.NDArray[np.float64], sup: list[tuple[int, ...]]) -> npt.NDArray[np.float64]:
    out = np.zeros_like(sigma)
    for i, played in enumerate(sup):
        if len(played) == 1:
            out[i, played[0]] = 1.0
    return out


def _base(game: GameLeft, other: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.int64]:
    """The seat's integer values against the other seat's pure part ``other`` (0/1 rows)."""
    v = game.values(other, banker_side)
    r = np.rint(v)
    if np.abs(v - r).max(initial=0.0) > 1e-6:
        raise ArithmeticError("the values against a pure strategy are not whole numbers")
    return r.astype(np.int64)


def _small_game(game: GameLeft, act_p: list[int], act_b: list[int], x: npt.NDArray[np.float64],
                y: npt.NDArray[np.float64]) -> SmallGame:
    """The game left restricted to the active types, the others fixed at their pure settings."""
    px, py, ip, ib = support_columns(game.m, act_p, act_b)
    a_vec = _base(game, pure_outside(y, act_b), False)[ip]
    b_vec = _base(game, pure_outside(x, act_p), True)[ib]
    a_mat = np.stack([_column(game, j, k, False)[ip] for j, k in py], axis=1)
    b_mat = np.stack([_column(game, i, k, True)[ib] for i, k in px], axis=1)
    return SmallGame(px, py, a_mat, a_vec, b_mat, b_vec)


def support_columns(m: npt.NDArray[np.intp], act_p: list[int], act_b: list[int]) -> tuple[
        list[tuple[int, int]], list[tuple[int, int]], tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]],
        tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]]:
    """The small game's columns: each active type's settings (``m`` settings a type) as
    (type, setting) pairs for either seat, and the same as index arrays into an (n, 3) table."""
    px = [(i, k) for i in act_p for k in range(int(m[i]))]
    py = [(j, k) for j in act_b for k in range(int(m[j]))]
    ip = np.array([i for i, _ in px], dtype=np.intp), np.array([k for _, k in px], dtype=np.intp)
    ib = np.array([j for j, _ in py], dtype=np.intp), np.array([k for _, k in py], dtype=np.intp)
    return px, py, ip, ib


def pure_outside(sigma: npt.NDArray[np.float64], active: list[int]) -> npt.NDArray[np.float64]:
    """The pure part of ``sigma`` off the active types: each type's likeliest setting."""
    out = np.zeros_like(sigma)
    out[np.arange(len(sigma)), np.argmax(sigma, axis=1)] = 1.0
    out[active] = 0.0
    return out


def _assemble(sigma: npt.NDArray[np.float64], active: list[int], cols: list[tuple[int, int]],
              probs: dict[int, Fraction]) -> dict[int, tuple[Fraction, ...]]:
    out: dict[int, list[Fraction]] = {}
    for i, k in enumerate(np.argmax(sigma, axis=1).tolist()):
        out[i] = [Fraction(0)] * 3
        out[i][k] = Fraction(1)
    for i in active:
        out[i] = [Fraction(0)] * 3
    for c, p in probs.items():
        i, k = cols[c]
        out[i][k] = p
    return {i: tuple(r) for i, r in out.items()}


def exact_pair(game: GameLeft, eps: float = SUPPORT, rounds: int = 4
               ) -> tuple[dict[int, tuple[Fraction, ...]], dict[int, tuple[Fraction, ...]], int] | None:
    """An exact pair near the kept one: the types either seat mixes (above ``eps``) make a
    small game, solved by complementary pivoting from the kept pair (which names the played
    settings) and then exactly from the indifference conditions; a type outside it that the
    proof refutes joins it, up to ``rounds`` times. (player, banker, pivots), or None."""
    x, y = game.player, game.banker
    act_p = sorted(i for i, r in enumerate(supports(x, game.m, eps)) if len(r) > 1)
    act_b = sorted(i for i, r in enumerate(supports(y, game.m, eps)) if len(r) > 1)
    for _ in range(rounds):
        g = _small_game(game, act_p, act_b, x, y)
        px, py = support_prior(x, g.px), support_prior(y, g.py)
        try:
            with one_thread():
                xs, ys, pivots = lemke(g, px, py)
        except (LemkeFailure, np.linalg.LinAlgError):
            return None
        yq = indifference(g.px, xs, g.a_mat, g.a_vec, g.py, ys)
        xq = indifference(g.py, ys, g.b_mat, g.b_vec, g.px, xs)
        if xq is None or yq is None or min(xq.values(), default=0) < 0 or min(yq.values(), default=0) < 0:
            return None
        xe, ye = _assemble(x, act_p, g.px, xq), _assemble(y, act_b, g.py, yq)
        proof = check_pair(game, xe, ye)
        if proof.exact:
            return xe, ye, pivots
        more_p = sorted(set(act_p) | set(_refuted(proof.player_values, xe, game)))
        more_b = sorted(set(act_b) | set(_refuted(proof.banker_values, ye, game)))
        if (more_p, more_b) == (act_p, act_b):
            return None
        act_p, act_b = more_p, more_b
    return None


def support_prior(sigma: npt.NDArray[np.float64], cols: list[tuple[int, int]]) -> npt.NDArray[np.float64]:
    """The small game's start from ``sigma``: each column's (type, setting) probability, normalised
    within its type (uniform over a type's columns that ``sigma`` does not play)."""
    v = np.array([sigma[i, k] for i, k in cols], dtype=np.float64)
    types = np.array([i for i, _ in cols])
    out = v.copy()
    for i in set(types.tolist()):
        m = types == i
        tot = v[m].sum()
        out[m] = v[m] / tot if tot > 0 else 1.0 / m.sum()
    return out


def _refuted(q: Any, own: dict[int, tuple[Fraction, ...]], game: GameLeft) -> list[int]:
    """The types whose played settings are not all best responses (``q`` exact values)."""
    out = []
    for i, row in own.items():
        m = int(game.m[i])
        best = max(q[i, k] for k in range(m))
        if any(row[k] and q[i, k] != best for k in range(m)):
            out.append(i)
    return out


@dataclasses.dataclass(frozen=True)
class LeftProof:
    """An exact check of a pair of the game left, per pairing: the player's best response
    against the banker's strategy, what the banker's best response holds the player's to, and
    the value, all in fractions; ``exact`` when the three are equal (both gains exactly 0).
    ``player_values`` and ``banker_values`` are every type setting's values (integers over a
    common denominator), ``mixed`` the types each seat mixes."""

    value: Fraction
    player_best: Fraction
    banker_best: Fraction
    mixed: tuple[int, int]
    player: dict[int, tuple[Fraction, ...]] = dataclasses.field(repr=False)
    banker: dict[int, tuple[Fraction, ...]] = dataclasses.field(repr=False)
    player_values: Any = dataclasses.field(repr=False, default=None)
    banker_values: Any = dataclasses.field(repr=False, default=None)

    @property
    def exact(self) -> bool:
        return self.player_best == self.value == self.banker_best


def _exact_values(game: GameLeft, other: dict[int, tuple[Fraction, ...]], banker_side: bool) -> tuple[Any, int]:
    """(n, 3) values of the seat's settings against the other seat's exact strategy, as Python
    integers over the returned common denominator."""
    den = math.lcm(*(p.denominator for row in other.values() for p in row))
    pure = np.zeros((len(game.types), 3))
    mixed: list[tuple[int, int, Fraction]] = []
    for i, row in other.items():
        if sum(1 for p in row if p) == 1:
            pure[i, next(k for k, p in enumerate(row) if p)] = 1.0
        else:
            mixed += [(i, s, p) for s, p in enumerate(row) if p]
    total = _base(game, pure, banker_side).astype(object) * den
    for i, s, p in mixed:
        total = total + _column(game, i, s, banker_side).astype(object) * int(p * den)
    return total, den


def check_pair(game: GameLeft, xe: dict[int, tuple[Fraction, ...]], ye: dict[int, tuple[Fraction, ...]]) -> LeftProof:
    """Value every setting of both seats exactly against the exact pair ``(xe, ye)``."""
    qp, dp = _exact_values(game, ye, False)
    qb, db = _exact_values(game, xe, True)
    n = len(game.types)
    cnt = [int(c) for c in game.cnt]
    m = [int(k) for k in game.m]
    best_p = sum(cnt[i] * max(qp[i, k] for k in range(m[i])) for i in range(n))
    best_b = sum(cnt[i] * max(qb[i, k] for k in range(m[i])) for i in range(n))
    value = sum(cnt[i] * sum(qp[i, k] * xe[i][k] for k in range(m[i])) for i in range(n))
    mixed = (sum(1 for r in xe.values() if max(r) < 1), sum(1 for r in ye.values() if max(r) < 1))
    return LeftProof(Fraction(value) / (dp * game.pairings), Fraction(best_p, dp * game.pairings),
                     -Fraction(best_b, db * game.pairings), mixed, xe, ye, qp, qb)


TIGHT = 1e-8
"""The exploitability per hand the game is solved to again, from the kept pair, when the kept
pair (1e-6) does not settle the support: the large games (four seen tiles) need it."""


LARGE = 1200
"""Above this many types the proof starts from the pair solved to ``tight`` (a 1e-6 pair of
four seen tiles often fails to settle the support, and the failed attempt costs minutes)."""


def prove(game: GameLeft, eps: float = SUPPORT, tight: float = TIGHT) -> LeftProof:
    """An exact equilibrium near the kept pair (:func:`exact_pair`), every setting of both
    seats valued against it exactly; when none is found near it (or the game has more than
    :data:`LARGE` types), near a pair of the same game solved to ``tight`` by the iteration alone
    (no exact finish: a vertex of the linear program the finish solves often mixes too little for
    the indifference conditions to be square), from the kept pair or, when that is already
    tighter, from the whole game's equilibrium. Raises ArithmeticError when neither gives one."""
    large = len(game.types) > LARGE
    got = None if large else exact_pair(game, eps)
    if got is None:
        start = ((game.player, game.banker) if tight < game.certificate.exploitability
                 else whole_start(game, game.rules))
        finer = GameLeft(game.rank_counts, game.rules).solve(tol=tight, start=start, finish=False)
        got = exact_pair(finer, eps)
    if got is None:
        raise ArithmeticError("no exact equilibrium was found near the kept pair")
    return check_pair(game, got[0], got[1])
