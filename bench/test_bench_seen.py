"""The equilibrium of the game left when tiles are seen (issue 34): the compiled step and solve
(``paigow.game.seen``: CFR+ over rank multisets, ``_core.left_values`` / ``left_cfr``) beside a
plain numpy path of the same computation in the same run (the step summed over the (n, n)
weights; the solve by two dense (3n, 3n) payoff matrices, as the game left was solved before),
and the advice of a hand against a kept game beside the plain-Python enumeration of its opposing
hands (tests/reference.py). One thread: run with OMP_NUM_THREADS=1.

    OMP_NUM_THREADS=1 python -m pytest bench/test_bench_seen.py --benchmark-json=seen.json
    python bench/report.py seen.json
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import numpy as np
import numpy.typing as npt

import paigow
from paigow.game import seen as left
from paigow.game.handtypes import hand_types
from paigow.rules import MACAU
from paigow.tiles import deck_indices, parse_tiles

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import reference  # noqa: E402

HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊
TILES = [paigow.DECK[i] for i in HAND]
SEEN_4 = tuple(i for i in range(32) if i not in HAND)[:4]      # 28 unseen: 3,7xx types
SEEN_20 = tuple(i for i in range(32) if i not in HAND)[:20]    # 12 unseen: the hand's four and 8 more
STEP_4 = "game left, 4 seen: one step (both seats' values against a type strategy)"
SOLVE_4 = "game left, 4 seen: solved to exploitability 1e-6 from the whole game's equilibrium, one thread"
COLD_12 = "game left, 12 unseen: solved, certified, one hand advised, cold"
ADVISE_4 = "game left, 4 seen: one hand advised against the kept equilibrium"
KEPT_4 = "game left, 4 seen: 500 hands advised against the kept equilibrium (one by one, or one batch)"
COLD_12_SETS = "game left, 12 unseen: 40 random sets solved, certified, one hand advised, cold"
COLD_12_TAIL = "game left, 12 unseen: 3 x 60 random sets solved, certified, one hand advised, cold (the tail)"


def _game(seen: tuple[int, ...]) -> left.GameLeft:
    return left.GameLeft(left.rank_counts(seen), MACAU)


def _cum(sigma: npt.NDArray[np.float64], ranks: npt.NDArray[np.intp], above: bool, zero: int, nr: int) -> npt.NDArray[np.float64]:
    """(n, nr + 1): each opposing type's mass of settings a hand of each rank beats (the banker's
    below it) or that beat it (the player's above it, from ``zero`` up)."""
    n = len(sigma)
    out = np.zeros((n, nr + 1))
    for t in range(3):
        hist = np.zeros((n, nr + 1))
        hist[np.arange(n), ranks[:, t]] = sigma[:, t]
        if above:
            hist[:, :zero] = 0.0
            suffix = np.cumsum(hist[:, ::-1], axis=1)[:, ::-1]
            out += np.concatenate([suffix[:, 1:], np.zeros((n, 1))], axis=1)
        else:
            out += np.concatenate([np.zeros((n, 1)), np.cumsum(hist, axis=1)[:, :-1]], axis=1)
    return out


def _summed_values(g: left.GameLeft, w: npt.NDArray[np.float64], sigma: npt.NDArray[np.float64],
                   banker_side: bool) -> npt.NDArray[np.float64]:
    """The values by the (n, n) weights: two (n, n) x (n, ranks) products (the plain path)."""
    rows = np.arange(len(sigma))[:, None]
    total = w.sum(axis=1)[:, None]
    if not banker_side:
        cf = w @ _cum(sigma, g.tf, False, 0, g.n_ranks)
        cb = w @ _cum(sigma, g.tb, False, 0, g.n_ranks)
        fw = np.where(g.tf >= g.front_zero, cf[rows, g.tf], 0.0)
        bw = np.where(g.tb >= g.back_zero, cb[rows, g.tb], 0.0)
        return fw + bw - total  # type: ignore[no-any-return]
    cf = w @ _cum(sigma, g.tf, True, g.front_zero, g.n_ranks)
    cb = w @ _cum(sigma, g.tb, True, g.back_zero, g.n_ranks)
    return total - cf[rows, g.tf] - cb[rows, g.tb]  # type: ignore[no-any-return]


def test_step_4_seen_compiled(measure: Any) -> None:
    g = _game(SEEN_4)
    x = g.player
    got = measure(lambda: (g.values(x, False), g.values(x, True)), items=1, unit="steps", path="compiled",
                  group=STEP_4, rounds=50, types=len(g.types))
    assert got[0].shape == (len(g.types), 3)


def test_step_4_seen_plain_numpy(measure: Any) -> None:
    g = _game(SEEN_4)
    w = g.weights.astype(np.float64)   # 110 MB: made once, outside the timing
    x = g.player
    got = measure(lambda: (_summed_values(g, w, x, False), _summed_values(g, w, x, True)), items=1, unit="steps",
                  path="python", group=STEP_4, rounds=3, types=len(g.types))
    assert np.allclose(got[0] * g.valid, g.values(x, False) * g.valid, atol=1e-6)


def test_solve_4_seen_compiled(measure: Any) -> None:
    def solve() -> left.GameLeft:
        g = _game(SEEN_4)
        return g.solve(start=left.whole_start(g, MACAU))

    g = measure(solve, items=1, unit="games", path="compiled", group=SOLVE_4, rounds=3, warmup_rounds=0)
    assert g.certificate.exploitability <= 1e-6
    print(f"\n4 seen: {len(g.types)} types, {g.certificate.iterations} iterations")


def _dense(g: left.GameLeft) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(3n, 3n) payoffs of every type setting of the player (the banker) against every type
    setting of the other seat played alone, in hands."""
    n = len(g.types)
    tf, tb = g.tf, g.tb
    fw = (tf[:, :, None, None] > tf[None, None, :, :]) & (tf[:, :, None, None] >= g.front_zero)
    bw = (tb[:, :, None, None] > tb[None, None, :, :]) & (tb[:, :, None, None] >= g.back_zero)
    ok = g.valid[:, :, None, None] & g.valid[None, None, :, :]
    res = np.where(ok, fw.astype(np.int64) + bw - 1, 0)
    w = g.weights
    a = (res * w[:, None, :, None]).reshape(3 * n, 3 * n).astype(np.float64)
    b = (-res.transpose(2, 3, 0, 1) * w[:, None, :, None]).reshape(3 * n, 3 * n).astype(np.float64)
    return a, b


def _dense_solve(g: left.GameLeft, tol: float = 1e-6) -> float:
    """Predictive CFR+ (the solver's loop, in numpy) on the dense matrices; the exploitability."""
    a, b = _dense(g)
    valid = g.valid
    x, y = g.player.copy(), g.banker.copy()
    rp, rb, sp, sb = (np.zeros_like(x) for _ in range(4))

    def match(r: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        s = r.sum(axis=1, keepdims=True)
        return np.where(s > 0, r / np.where(s > 0, s, 1.0), valid / valid.sum(axis=1, keepdims=True))

    def expl(p: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> float:
        qp, qb = (a @ q.reshape(-1)).reshape(-1, 3), (b @ p.reshape(-1)).reshape(-1, 3)
        best_p = (g.cnt * np.where(valid, qp, -np.inf).max(axis=1)).sum()
        best_b = (g.cnt * np.where(valid, qb, -np.inf).max(axis=1)).sum()
        return float((best_p + best_b) / g.pairings)

    it, e = 0, expl(x, y)
    while e > tol:
        for _ in range(10):
            it += 1
            q = (a @ y.reshape(-1)).reshape(-1, 3)
            inst = np.where(valid, q - (x * q).sum(axis=1, keepdims=True), 0.0)
            rp = np.maximum(rp + inst, 0.0)
            x = match(np.maximum(rp + inst, 0.0))
            sp += it * it * x
            q = (b @ x.reshape(-1)).reshape(-1, 3)
            inst = np.where(valid, q - (y * q).sum(axis=1, keepdims=True), 0.0)
            rb = np.maximum(rb + inst, 0.0)
            y = match(np.maximum(rb + inst, 0.0))
            sb += it * it * y
        e = expl(match(sp * valid), match(sb * valid))
    return e


def test_cold_12_unseen_compiled(measure: Any) -> None:
    def cold() -> Any:
        left.forget()  # solved afresh each round
        return paigow.advise(TILES, seen=SEEN_20)

    a = measure(cold, items=1, unit="calls", path="compiled", group=COLD_12, rounds=10)
    assert a.opponent_hands == 70 and a.against == "equilibrium"


def test_cold_12_unseen_plain_numpy(measure: Any) -> None:
    e = measure(lambda: _dense_solve(_game(SEEN_20)), items=1, unit="calls", path="python", group=COLD_12, rounds=2)
    assert e <= 1e-6


def test_advise_4_seen_kept_compiled(measure: Any) -> None:
    paigow.advise(TILES, seen=SEEN_4)  # solved and kept once
    a = measure(lambda: paigow.advise(TILES, seen=SEEN_4), items=1, unit="calls", path="compiled", group=ADVISE_4,
                rounds=2000)
    assert a.opponent_hands == 10626


def test_advise_4_seen_kept_lookup(measure: Any) -> None:
    # what the advice reads once the game is kept: the hand type's counts at the seat
    g = left.game_left(SEEN_4)
    t = int(hand_types(MACAU).hand_type[paigow.all_hands().tolist().index(list(HAND))])
    g.hand_counts(t, False)
    got = measure(lambda: g.hand_counts(t, False), items=1, unit="calls", path="compiled", group=ADVISE_4,
                  rounds=5000, what="the kept counts of the hand's type")
    assert got.shape == (3, 3)


def test_advise_4_seen_plain_python(measure: Any) -> None:
    g = left.game_left(SEEN_4)
    ty = hand_types(MACAU)
    rows = reference.row_of()

    def banker(opp: tuple[int, ...]) -> list[float]:
        row = rows[tuple(sorted(opp))]
        probs = g.own(int(ty.hand_type[row]), True)
        return [float(probs[int(ty.hand_map[row, k])]) if ty.first[row, k] else 0.0 for k in range(3)]

    counts = measure(lambda: reference.enumerate_counts(HAND, banker, False, seen=SEEN_4), items=1, unit="calls",
                     path="python", group=ADVISE_4, rounds=3)
    a = paigow.advise(TILES, seen=SEEN_4)
    assert np.allclose([[o.wins, o.pushes, o.losses] for o in a.options], counts, atol=1e-9)


def _kept_hands(n: int = 500) -> list[str]:
    """``n`` random hands (text) beside SEEN_4, each type's counts kept by a first call."""
    import random

    rnd = random.Random(4)
    others = [i for i in range(32) if i not in SEEN_4]
    hands = [" ".join(str(paigow.DECK[i]) for i in rnd.sample(others, 4)) for _ in range(n)]
    for h in hands:
        paigow.advise(h, seen=SEEN_4)
    return hands


def test_kept_4_seen_lean_compiled(measure: Any) -> None:
    # the seen set as a tuple: checked once, then each hand reads the kept game (the lean path)
    hands = _kept_hands()
    got = measure(lambda: [paigow.advise(h, seen=SEEN_4) for h in hands], items=len(hands), unit="hands",
                  path="compiled", group=KEPT_4, rounds=20, what="advise(text, seen=tuple): the kept game read")
    assert got[0].opponent_hands == 10626


def test_kept_4_unseen_advice_compiled(measure: Any) -> None:
    # today's advice of the same hands without seen tiles, beside it
    hands = _kept_hands()
    got = measure(lambda: [paigow.advise(h) for h in hands], items=len(hands), unit="hands", path="compiled",
                  group=KEPT_4, rounds=20, what="advise(text), nothing seen: today's unseen advice")
    assert got[0].opponent_hands == 20475


def test_kept_4_seen_checked_python(measure: Any) -> None:
    # the same seen set as a set (unhashable): every call checks it and builds the answer anew
    hands = _kept_hands()
    seen = set(SEEN_4)
    got = measure(lambda: [paigow.advise(h, seen=seen) for h in hands], items=len(hands), unit="hands",
                  path="python", group=KEPT_4, rounds=3, what="advise(text, seen=set): checked each call")
    assert got == [paigow.advise(h, seen=SEEN_4) for h in hands]


def test_kept_4_seen_batch_compiled(measure: Any) -> None:
    # the same hands in one advise_batch: one game left read for all of them
    hands = _kept_hands()
    a = np.array([deck_indices(parse_tiles(h)) for h in hands])
    got = measure(lambda: paigow.advise_batch(a, seen=SEEN_4), items=len(hands), unit="hands", path="compiled",
                  group=KEPT_4, rounds=20, what="advise_batch(hands, seen=tuple)")
    assert got.opponent_hands == 10626 and got.counts.shape == (500, 3, 3)


def _sets_12(n: int = 40, seed: int = 12) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    import random

    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        tiles = rnd.sample(range(32), 24)
        out.append((tuple(tiles[:4]), tuple(sorted(tiles[4:]))))
    return out


def _cold_times(sets: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[float]:
    """The CPU time of each set's first advice (solved, certified, one hand advised)."""
    import time

    out = []
    for hand, seen in sets:
        left.forget()
        t = time.process_time()
        a = paigow.advise(hand, seen=seen)
        out.append(time.process_time() - t)
        assert a.opponent_hands == 70 and left.game_left(seen).certificate.exploitability <= 1e-6
    return out


def test_cold_12_unseen_sets_compiled(measure: Any, monkeypatch: Any) -> None:
    # the exact finish (paigow.game.seenlp) beside the iteration alone, on the same 40 sets in the
    # same run: the distribution's median and slowest, and their ratios (CPU time, one thread)
    sets = _sets_12()
    last: list[list[float]] = []

    def cold() -> list[float]:
        last.append(_cold_times(sets))
        return last[-1]

    measure(cold, items=len(sets), unit="calls", path="compiled", group=COLD_12_SETS, rounds=3, warmup_rounds=0)
    with monkeypatch.context() as m:
        m.setattr(left, "FINISH_AT", ())
        plain = sorted(min(t) for t in zip(*[_cold_times(sets) for _ in range(2)]))
    got = sorted(min(t) for t in zip(*last))
    p50, p100 = float(np.median(got)), got[-1]
    q50, q100 = float(np.median(plain)), plain[-1]
    print(f"\n12 unseen, {len(sets)} sets cold (CPU ms, best of the rounds a set): with the finish median "
          f"{p50 * 1e3:.1f}, 90% {got[int(0.9 * len(got))] * 1e3:.1f}, slowest {p100 * 1e3:.1f}; iteration alone "
          f"median {q50 * 1e3:.1f}, 90% {plain[int(0.9 * len(plain))] * 1e3:.1f}, slowest {q100 * 1e3:.1f}; "
          f"ratios {q50 / p50:.2f}x median, {q100 / p100:.2f}x slowest")
    left.forget()


def test_cold_12_unseen_tail_compiled(measure: Any) -> None:
    # the target is every set in 50 ms: 3 x 60 random sets (seeds 1-3), each set's CPU time
    # once, cold; the median, 90% and slowest of each run of 60 and of the 180
    runs = [_sets_12(60, seed) for seed in (1, 2, 3)]
    _cold_times(runs[0][:2])  # the tables every game left reads, made once

    def cold() -> list[list[float]]:
        return [_cold_times(sets) for sets in runs]

    got = measure(cold, items=sum(len(r) for r in runs), unit="calls", path="compiled", group=COLD_12_TAIL, rounds=1,
                  warmup_rounds=0)

    def line(t: list[float]) -> str:
        s = sorted(t)
        return f"median {np.median(s) * 1e3:.1f}, 90% {s[int(0.9 * len(s))] * 1e3:.1f}, slowest {s[-1] * 1e3:.1f}"

    print("\n12 unseen, 3 x 60 sets cold (CPU ms, one round): " + "; ".join(line(t) for t in got)
          + f"; all 180: {line([x for t in got for x in t])}")
    left.forget()
