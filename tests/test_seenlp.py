"""The exact finish of a game left (paigow.game.seenlp): the linear program restricted to the types
the iterate mixes, solved by the simplex method, certified like every pair the solver keeps."""

from __future__ import annotations

import random

import numpy as np
import pytest

from paigow import _core
from paigow.game import seen as left, seenlp
from paigow.rules import MACAU


def _slow_set() -> tuple[int, ...]:
    """The slowest of the bench's 12-unseen sets for CFR alone (740 iterations)."""
    rnd = random.Random(12)
    for _ in range(8):
        tiles = rnd.sample(range(32), 24)
    return tuple(sorted(tiles[4:]))


def _solved(seen: tuple[int, ...]) -> left.GameLeft:
    g = left.GameLeft(left.rank_counts(seen), MACAU)
    return g.solve(start=left.whole_start(g, MACAU))


def test_every_type_open_is_the_equilibrium_of_the_whole_game_left() -> None:
    g = left.GameLeft(left.rank_counts(tuple(range(24))), MACAU)   # 8 unseen tiles
    everyone = list(range(len(g.types)))
    mixed = g.valid / g.valid.sum(axis=1, keepdims=True)
    x, y = seenlp.restricted(g, everyone, everyone, mixed, mixed)
    g.player, g.banker = x / x.sum(axis=1, keepdims=True), y / y.sum(axis=1, keepdims=True)
    c = g.certify()
    assert abs(c.exploitability) <= 1e-9 and c.player_best >= c.value - 1e-9 >= c.banker_best - 2e-9
    cfr = _solved(tuple(range(24))).certificate
    assert abs(c.value - cfr.value) <= 1e-6                       # the iteration's value, within its tolerance


def test_the_finish_certifies_a_slow_set_after_50_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _slow_set()
    g = _solved(seen)
    c = g.certify()
    assert g.certificate.iterations == left.FINISH_AT[0]          # the finish, not the 740 iterations
    assert abs(c.exploitability) <= 1e-9                          # exact but for rounding
    assert np.allclose(g.player.sum(axis=1), 1.0) and g.player.min() >= 0 and g.banker.min() >= 0
    monkeypatch.setattr(left, "FINISH_AT", ())
    plain = _solved(seen).certificate
    assert plain.iterations > 500 and plain.exploitability <= 1e-6
    assert abs(plain.value - c.value) <= 1e-6


def test_a_finish_that_fails_goes_on_iterating(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seenlp, "MAX_PIVOTS", 0)                  # every restricted program given up
    g = _solved(_slow_set())
    assert g.certificate.iterations > 500 and g.certificate.exploitability <= 1e-6
    assert g.certify().exploitability <= 1e-6


# -- the compiled simplex (_core.lp_simplex) ------------------------------------------------------

def _numpy_simplex(t: np.ndarray, rows: list[int], cols: list[int], tol: float = 1e-9) -> int:
    """The numpy loop the compiled simplex replaced: Dantzig's rule, the larger pivot among tied ratios."""
    m, pivots = t.shape[0] - 1, 0
    while True:
        s = int(np.argmin(t[-1, :-1]))
        if t[-1, s] >= -tol:
            return pivots
        c = t[:, s].copy()
        idx = np.flatnonzero(c[:m] > tol)
        ratio = t[idx, -1] / c[idx]
        best = ratio.min()
        cand = idx[ratio <= best + 1e-12 * max(1.0, abs(best))]
        r = int(cand[np.argmax(c[cand])])
        p = c[r]
        prow = t[r] / p
        t -= np.outer(c, prow)
        t[r] = prow
        t[:, s] = -c / p
        t[r, s] = 1.0 / p
        rows[r], cols[s] = cols[s], rows[r]
        pivots += 1


def _tableau(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """max c'x, a x <= b, x >= 0 (b >= 0) as the compact tableau at the slack basis."""
    m, n = a.shape
    t = np.zeros((m + 1, n + 1))
    t[:m, :n], t[:m, -1], t[-1, :n] = a, b, -c
    return t, np.arange(n, n + m, dtype=np.int64), np.arange(n, dtype=np.int64)


def test_the_compiled_simplex_solves_a_textbook_program() -> None:
    # max 3x + 5y: x <= 4, 2y <= 12, 3x + 2y <= 18 -> (2, 6), 36
    t, rows, cols = _tableau(np.array([[1.0, 0], [0, 2], [3, 2]]), np.array([4.0, 12, 18]), np.array([3.0, 5]))
    assert _core.lp_simplex(t, rows, cols, 1e-9, 100) == 2
    z = np.zeros(5)
    z[rows] = t[:3, -1]
    assert t[-1, -1] == 36.0 and z[:2].tolist() == [2.0, 6.0]
    dual = np.zeros(5)
    dual[cols] = t[-1, :-1]
    assert dual[2:].tolist() == [0.0, 1.5, 1.0]                            # the rows' prices
    t, rows, cols = _tableau(np.array([[-1.0]]), np.array([1.0]), np.array([1.0]))
    assert _core.lp_simplex(t, rows, cols, 1e-9, 100) == -1                # unbounded
    t, rows, cols = _tableau(np.array([[1.0, 0], [0, 2], [3, 2]]), np.array([4.0, 12, 18]), np.array([3.0, 5]))
    assert _core.lp_simplex(t, rows, cols, 1e-9, 1) == -2                  # more pivots than allowed


@pytest.mark.parametrize("seed", range(6))
def test_the_compiled_simplex_pivots_as_the_numpy_loop(seed: int) -> None:
    rnd = np.random.default_rng(seed)
    a = np.round(rnd.normal(size=(60, 40)), 1)
    a[rnd.random(a.shape) < 0.5] = 0.0
    t, rows, cols = _tableau(a, np.round(rnd.random(60) * 10, 1), np.round(rnd.random(40), 2))
    t[:-1, :-1] = np.abs(t[:-1, :-1])                                     # bounded: every x has a row
    ref, ref_rows, ref_cols = t.copy(), rows.tolist(), cols.tolist()
    expect = _numpy_simplex(ref, ref_rows, ref_cols)
    assert expect > 10
    assert _core.lp_simplex(t, rows, cols, 1e-9, 10000) == expect
    assert rows.tolist() == ref_rows and cols.tolist() == ref_cols
    assert np.allclose(t, ref, rtol=0, atol=1e-9)


# -- the restricted program and the rounds of the finish -------------------------------------------

def test_the_open_types_weights_are_the_game_lefts() -> None:
    g = left.GameLeft(left.rank_counts(_slow_set()), MACAU)
    act_p, act_b = list(range(0, len(g.types), 3)), list(range(1, len(g.types), 2))
    w = seenlp._weights(g, act_p, act_b)
    assert w.shape == (len(act_b), len(act_p))
    assert np.array_equal(w, g.weights[np.ix_(act_p, act_b)].T.astype(np.float64))


def _rounds_set() -> tuple[int, ...]:
    """A 12-unseen set whose finish needs five rounds (of the 3 x 60 sets measured: one of 180)."""
    return (0, 2, 4, 6, 8, 9, 11, 13, 14, 15, 16, 18, 19, 22, 24, 27, 28, 29, 30, 31)


@pytest.mark.parametrize("warm", [0, 10**9])
def test_a_finish_of_several_rounds_certifies_the_pair(monkeypatch: pytest.MonkeyPatch, warm: int) -> None:
    # the first round on the mixed types alone: the set then takes five rounds cold, each round
    # warm-started (warm 0) or solved anew; the iterate of 50 iterations (60 meet the tolerance)
    monkeypatch.setattr(left, "FINISH_AT", (50, 200))
    monkeypatch.setattr(seenlp, "NEAR", 0.0)
    monkeypatch.setattr(seenlp, "WARM", warm)
    opened: list[tuple[int, int, bool]] = []
    solve = seenlp.solve

    def counted(game, act_p, act_b, x, y, prev=None):  # type: ignore[no-untyped-def]
        opened.append((len(act_p), len(act_b), prev is not None))
        return solve(game, act_p, act_b, x, y, prev)

    monkeypatch.setattr(seenlp, "solve", counted)
    g = _solved(_rounds_set())
    assert len(opened) >= 3 and opened[0][:2] <= opened[-1][:2]
    assert [w for _, _, w in opened] == [False] + [warm == 0] * (len(opened) - 1)
    assert g.certificate.iterations == 50 and g.certificate.exploitability <= 1e-6
    c = g.certify()
    assert abs(c.exploitability) <= 1e-9
    monkeypatch.setattr(left, "FINISH_AT", ())
    plain = _solved(_rounds_set()).certificate
    assert plain.iterations > 100 and plain.exploitability <= 1e-6
    assert abs(plain.value - c.value) <= 1e-6


def test_the_nearly_indifferent_types_open_in_the_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    rounds: list[int] = []
    solve = seenlp.solve

    def counted(*args, **kw):  # type: ignore[no-untyped-def]
        rounds.append(1)
        return solve(*args, **kw)

    monkeypatch.setattr(seenlp, "solve", counted)
    monkeypatch.setattr(left, "FINISH_AT", (50, 200))
    g = _solved(_rounds_set())
    assert g.certificate.iterations == 50 and g.certificate.exploitability <= 1e-6
    near = len(rounds)
    rounds.clear()
    monkeypatch.setattr(seenlp, "NEAR", 0.0)                       # the mixed types alone
    assert _solved(_rounds_set()).certificate.exploitability <= 1e-6
    assert near < 4 <= len(rounds)


def _pair_value(g: left.GameLeft, x: np.ndarray, y: np.ndarray) -> float:
    x, y = x / x.sum(axis=1, keepdims=True), y / y.sum(axis=1, keepdims=True)
    return float((g.cnt * (x * g.values(y, False)).sum(axis=1)).sum() / g.pairings)


@pytest.mark.parametrize("seen", [(1, 2, 5, 6, 8, 10, 12, 13, 14, 15, 17, 18, 21, 23, 24, 25, 26, 28, 29, 31),
                                  _rounds_set()])
def test_a_warm_started_program_is_solved_as_a_cold_one(monkeypatch: pytest.MonkeyPatch, seen: tuple[int, ...]) -> None:
    g = left.GameLeft(left.rank_counts(seen), MACAU)
    g.solve(start=left.whole_start(g, MACAU), max_iterations=50, finish=False)
    x, y = g.player, g.banker
    qp, qb = g.values(y, False), g.values(x, True)
    monkeypatch.setattr(seenlp, "NEAR", 0.0)
    p0, b0 = sorted(seenlp._open(g, x, qp)), sorted(seenlp._open(g, y, qb))     # the mixed types alone
    monkeypatch.setattr(seenlp, "NEAR", 0.002)
    p1, b1 = sorted(seenlp._open(g, x, qp)), sorted(seenlp._open(g, y, qb))     # and a few nearly indifferent
    assert set(p0) < set(p1) and set(b0) <= set(b1)
    _, _, first = seenlp.solve(g, p0, b0, x, y)
    xw, yw, warm = seenlp.solve(g, p1, b1, x, y, first)
    xc, yc, cold = seenlp.solve(g, p1, b1, x, y)
    assert warm.t.shape == cold.t.shape and sorted(warm.rows.tolist()) != list(range(len(warm.rows)))
    assert warm.pivots - first.pivots < cold.pivots                            # the basis carried over
    assert abs(_pair_value(g, xw, yw) - _pair_value(g, xc, yc)) <= 1e-12       # the program's value, unique
    for s in (xw, yw):
        assert s.min() >= 0 and np.allclose(s.sum(axis=1), 1.0)
