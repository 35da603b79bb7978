"""The small game on a few hand types, solved by complementary pivoting, and exact linear
algebra in fractions (the steps 2 of :mod:`paigow.game.exact`).

Complementary pivoting (Lemke's algorithm in the form of the tracing procedure of van den Elzen
and Talman, as von Stengel, van den Elzen and Talman extended it to products of simplices,
Econometrica 2002), started from a prior, finds an equilibrium of the small game in floating
point; it only names the *basis*: which settings are played. :func:`indifference` then solves the
probabilities exactly from that basis's indifference conditions.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["SmallGame", "LemkeFailure", "lemke", "indifference", "solve_fractions"]


# ---------------------------------------------------------------------------------------------
# exact linear algebra

def solve_fractions(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
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
class SmallGame:
    """The game restricted to the active types: the player's settings xs, the banker's ys,
    payoff matrices A (player, nx x ny), B (banker, ny x nx) and the constant parts a, b
    (against the other side's fixed pure part), all integers."""

    px: list[tuple[int, int]]
    py: list[tuple[int, int]]
    a_mat: npt.NDArray[np.int64]
    a_vec: npt.NDArray[np.int64]
    b_mat: npt.NDArray[np.int64]
    b_vec: npt.NDArray[np.int64]


class LemkeFailure(ArithmeticError):
    pass


@dataclasses.dataclass
class _Layout:
    """The columns of the tableau of :func:`lemke`: x, y (each type's probabilities scaled to sum
    to t), their slacks wx, wy, the free values u (per player type) and v (per banker type), t and z0."""

    nx: int
    ny: int
    np_: int
    nb: int

    @property
    def cX(self) -> int:
        return 0

    @property
    def cY(self) -> int:
        return self.nx

    @property
    def cWX(self) -> int:
        return self.nx + self.ny

    @property
    def cWY(self) -> int:
        return 2 * self.nx + self.ny

    @property
    def cU(self) -> int:
        return 2 * self.nx + 2 * self.ny

    @property
    def cV(self) -> int:
        return self.cU + self.np_

    @property
    def cT(self) -> int:
        return self.cV + self.nb

    @property
    def cZ(self) -> int:
        return self.cT + 1

    @property
    def rows(self) -> int:
        return self.np_ + self.nb + self.nx + self.ny + 1

    def complement(self, col: int) -> int:
        if self.cX <= col < self.cY:
            return self.cWX + col - self.cX
        if self.cY <= col < self.cWX:
            return self.cWY + col - self.cY
        if self.cWX <= col < self.cWY:
            return self.cX + col - self.cWX
        if self.cWY <= col < self.cU:
            return self.cY + col - self.cWY
        raise LemkeFailure(f"no complement of column {col}")


def _type_index(cols: list[tuple[int, int]]) -> tuple[int, npt.NDArray[Any]]:
    """The number of types among ``cols`` and each column's type as an index 0..n-1."""
    types = sorted({t for t, _ in cols})
    at = {t: i for i, t in enumerate(types)}
    return len(types), np.array([at[t] for t, _ in cols])


def _tableau(g: SmallGame, lay: _Layout, gx: npt.NDArray[Any], gy: npt.NDArray[Any], ay: npt.NDArray[Any],
             bx: npt.NDArray[Any]) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The equality constraints G z = h of the tracing procedure (see :func:`lemke`)."""
    nx, ny, np_, nb = lay.nx, lay.ny, lay.np_, lay.nb
    cX, cY, cWX, cWY, cU, cV, cT, cZ = lay.cX, lay.cY, lay.cWX, lay.cWY, lay.cU, lay.cV, lay.cT, lay.cZ
    G = np.zeros((lay.rows, cZ + 1))
    h = np.zeros(lay.rows)
    r1, r2, r3, r4, r5 = 0, np_, np_ + nb, np_ + nb + nx, np_ + nb + nx + ny
    G[r1 + gx, cX + np.arange(nx)] = 1.0
    G[r1:r1 + np_, cT] = -1.0
    G[r2 + gy, cY + np.arange(ny)] = 1.0
    G[r2:r2 + nb, cT] = -1.0
    G[r3:r3 + nx, cWX:cWX + nx] = np.eye(nx)
    G[r3 + np.arange(nx), cU + gx] = -1.0
    G[r3:r3 + nx, cY:cY + ny] = g.a_mat.astype(np.float64)
    G[r3:r3 + nx, cT] = -ay
    h[r3:r3 + nx] = -ay - g.a_vec
    G[r4:r4 + ny, cWY:cWY + ny] = np.eye(ny)
    G[r4 + np.arange(ny), cV + gy] = -1.0
    G[r4:r4 + ny, cX:cX + nx] = g.b_mat.astype(np.float64)
    G[r4:r4 + ny, cT] = -bx
    h[r4:r4 + ny] = -bx - g.b_vec
    G[r5, cT] = 1.0
    G[r5, cZ] = 1.0
    h[r5] = 1.0
    return G, h


def _best_columns(cols: list[tuple[int, int]], q: npt.NDArray[Any]) -> set[int]:
    """Each type's best column by ``q`` (the first of equal ones)."""
    best: dict[int, int] = {}
    for c, (t, _) in enumerate(cols):
        if t not in best or q[c] > q[best[t]]:
            best[t] = c
    return set(best.values())


def _initial_basis(g: SmallGame, lay: _Layout, ay: npt.NDArray[Any], bx: npt.NDArray[Any]) -> list[int]:
    """Each type's best response to the prior in the basis, the free values, the other slacks, z0."""
    bx_set = _best_columns(g.px, ay + g.a_vec)
    by_set = _best_columns(g.py, bx + g.b_vec)
    basis = [lay.cX + c for c in sorted(bx_set)] + [lay.cY + c for c in sorted(by_set)]
    basis += list(range(lay.cU, lay.cU + lay.np_)) + list(range(lay.cV, lay.cV + lay.nb))
    basis += [lay.cWX + c for c in range(lay.nx) if c not in bx_set]
    basis += [lay.cWY + c for c in range(lay.ny) if c not in by_set]
    basis.append(lay.cZ)
    assert len(basis) == lay.rows
    return basis


def _leaving_row(lay: _Layout, basis: list[int], d: npt.NDArray[Any], beta: npt.NDArray[Any], eps: float) -> int:
    """The minimum-ratio row of the entering column ``d``; among tied ratios z0 first, then the
    larger pivot, the first row when the pivots are equal but for rounding (twin types: the
    BLAS's rounding must not choose)."""
    best_r, best_ratio = -1, math.inf
    for r in range(lay.rows):
        if lay.cU <= basis[r] < lay.cT or d[r] <= eps:  # the free values never leave
            continue
        ratio = max(beta[r], 0.0) / d[r]
        if best_r < 0:
            best_r, best_ratio = r, ratio
            continue
        tie = 1e-12 * max(1.0, best_ratio)
        if ratio < best_ratio - tie or (ratio <= best_ratio + tie and
                                        (basis[r] == lay.cZ or (basis[best_r] != lay.cZ and
                                                                d[r] > d[best_r] * (1 + 1e-9) + 1e-15))):
            best_r, best_ratio = r, ratio
    if best_r < 0:
        raise LemkeFailure("a ray: no variable blocks the entering one")
    return best_r


def lemke(g: SmallGame, prior_x: npt.NDArray[np.float64], prior_y: npt.NDArray[np.float64],
          max_pivots: int = 5000, eps: float = 1e-9, refactor_every: int = 1) -> tuple[set[int], set[int], int]:
    """The tracing procedure by complementary pivoting on the small game, in float64, from the
    prior (x̄, ȳ): returns the played settings (indices into px, py) of the equilibrium it
    reaches and the number of pivots.

    Variables: x, y (each type's probabilities, scaled to sum to t), their slacks wx, wy, the
    free values u (per player type) and v (per banker type), t = 1 - z0 and z0::

      sum_k x_ik - t = 0,  sum_l y_jl - t = 0,
      wx - u_i + A y - (A ȳ) t = -(A ȳ) - a,   wy - v_j + B x - (B x̄) t = -(B x̄) - b,
      t + z0 = 1,

    with x ⊥ wx, y ⊥ wy. At z0 = 1 both sides best-respond to the prior; along the path each side
    best-responds to (1 - z0) times the other's strategy plus z0 times its prior, and at z0 = 0
    to the other's strategy: an equilibrium."""
    np_, gx = _type_index(g.px)
    nb, gy = _type_index(g.py)
    lay = _Layout(len(g.px), len(g.py), np_, nb)
    ay = g.a_mat.astype(np.float64) @ prior_y
    bx = g.b_mat.astype(np.float64) @ prior_x
    G, h = _tableau(g, lay, gx, gy, ay, bx)
    basis = _initial_basis(g, lay, ay, bx)

    def refactor() -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        Bm = G[:, basis]
        tab: npt.NDArray[Any] = np.linalg.solve(Bm, G)
        val: npt.NDArray[Any] = np.linalg.solve(Bm, h)
        return tab, val

    T, beta = refactor()
    entering = lay.cT
    pivots = 0
    while True:
        pivots += 1
        if pivots > max_pivots:
            raise LemkeFailure("too many pivots")
        if pivots % refactor_every == 0:
            T, beta = refactor()
        d = T[:, entering]
        best_r = _leaving_row(lay, basis, d, beta, eps)
        leaving = basis[best_r]
        piv = T[best_r] / d[best_r]
        pb = beta[best_r] / d[best_r]
        T -= np.outer(d, piv)
        beta -= d * pb
        T[best_r] = piv
        beta[best_r] = pb
        basis[best_r] = entering
        if leaving == lay.cZ:
            break
        if leaving == lay.cT:
            raise LemkeFailure("the path returned to its start")
        entering = lay.complement(leaving)
    xs = {col - lay.cX for col in basis if lay.cX <= col < lay.cY}
    ys = {col - lay.cY for col in basis if lay.cY <= col < lay.cWX}
    return xs, ys, pivots


def indifference(settings: list[tuple[int, int]], played: set[int], mat: npt.NDArray[np.int64],
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
    sol = solve_fractions(rows, rhs)
    if sol is None:
        return None
    return {u: sol[col[u]] for u in unknowns}
