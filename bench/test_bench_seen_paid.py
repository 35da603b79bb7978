"""The game left as paid (seen tiles and a commission: ``paigow.game.seenpaid``): the compiled
step (``_core.left_paid_counts``: wins and losses apart, a Fenwick sweep of each rank multiset
table) beside a plain numpy path of the same counts in the same run (every type's settings
against every opposing type's, summed over the (n, n) weights), and the cold solve; a kept seen set's hands advised one by one beside today's unseen advice. One thread:
run with OMP_NUM_THREADS=1.

    OMP_NUM_THREADS=1 python -m pytest bench/test_bench_seen_paid.py --benchmark-json=paid.json
    python bench/report.py paid.json
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.game import seen as left, seenpaid
from paigow.rules import MACAU

RATE = Fraction(1, 20)
SEEN_20 = tuple(range(4, 24))      # 12 unseen
SEEN_4 = (4, 5, 6, 7)              # 28 unseen
STEP_12 = "game left as paid, 12 unseen: one step (both seats' wins and losses against a type strategy)"
COLD_12 = "game left as paid, 12 unseen: solved and certified, cold"
COLD_4 = "game left as paid, 4 seen: solved and certified, cold"
COLD_60 = "game left as paid, 12 unseen: 60 random sets solved and certified, cold"
KEPT_4 = "game left as paid, 4 seen: 500 hands advised at 5% against the kept equilibrium, one by one"


def _game(seen: tuple[int, ...]) -> seenpaid.PaidLeft:
    return seenpaid.PaidLeft(left.rank_counts(seen), MACAU, RATE)


def _dense_counts(g: seenpaid.PaidLeft, w: npt.NDArray[np.float64], sigma: npt.NDArray[np.float64],
                  banker_side: bool) -> npt.NDArray[np.float64]:
    """(n, 3, 2) wins and losses by the (n, 3) x (n, 3) comparisons, summed over the weights."""
    f, b = g.tf[:, :, None, None], g.tb[:, :, None, None]     # ours (i, k)
    of, ob = g.tf[None, None, :, :], g.tb[None, None, :, :]   # theirs (j, t)
    if banker_side:
        fw = ~((of > f) & (of >= g.front_zero))
        bw = ~((ob > b) & (ob >= g.back_zero))
    else:
        fw = (f > of) & (f >= g.front_zero)
        bw = (b > ob) & (b >= g.back_zero)
    mass = w[:, None, :, None] * sigma[None, None, :, :]
    return np.stack([(mass * (fw & bw)).sum(axis=(2, 3)), (mass * (~fw & ~bw)).sum(axis=(2, 3))], axis=2)


def test_step_12_unseen_compiled(measure: Any) -> None:
    g = _game(SEEN_20)
    x = g.player
    got = measure(lambda: (g.counts(x, False), g.counts(x, True)), items=1, unit="steps", path="compiled",
                  group=STEP_12, rounds=50, types=len(g.types))
    assert got[0].shape == (len(g.types), 3, 2)


def test_step_12_unseen_plain_numpy(measure: Any) -> None:
    g = _game(SEEN_20)
    w = g.weights.astype(np.float64)
    x = g.player
    got = measure(lambda: (_dense_counts(g, w, x, False), _dense_counts(g, w, x, True)), items=1, unit="steps",
                  path="python", group=STEP_12, rounds=3, types=len(g.types))
    valid = g.valid[:, :, None]
    assert np.allclose(got[0] * valid, g.counts(x, False) * valid, atol=1e-8)
    assert np.allclose(got[1] * valid, g.counts(x, True) * valid, atol=1e-8)


def test_cold_12_unseen_compiled(measure: Any) -> None:
    def cold() -> seenpaid.PaidLeft:
        g = _game(SEEN_20)
        return g.solve_paid(start=seenpaid.paid_start(g, MACAU, RATE))

    g = measure(cold, items=1, unit="games", path="compiled", group=COLD_12, rounds=5)
    assert g.certificate.gain <= left.TOLERANCE
    print(f"\n12 unseen, as paid: {len(g.types)} types, {g.certificate.iterations} iterations")


def test_cold_4_seen_compiled(measure: Any) -> None:
    def cold() -> seenpaid.PaidLeft:
        g = _game(SEEN_4)
        return g.solve_paid(start=seenpaid.paid_start(g, MACAU, RATE))

    g = measure(cold, items=1, unit="games", path="compiled", group=COLD_4, rounds=1, warmup_rounds=0)
    assert g.certificate.gain <= left.TOLERANCE
    print(f"\n4 seen, as paid: {len(g.types)} types, {g.certificate.iterations} iterations")


def _kept_hands(n: int = 500) -> list[str]:
    """``n`` random hands (text) beside SEEN_4, the seen set kept with its game by a first call."""
    import random

    import paigow

    rnd = random.Random(4)
    others = [i for i in range(32) if i not in SEEN_4]
    hands = [" ".join(str(paigow.DECK[i]) for i in rnd.sample(others, 4)) for _ in range(n)]
    for h in hands:
        paigow.advise(h, seen=SEEN_4, commission=True)
        paigow.advise(h, commission=True)
    return hands


def test_kept_4_seen_paid_compiled(measure: Any) -> None:
    import paigow

    hands = _kept_hands()
    got = measure(lambda: [paigow.advise(h, seen=SEEN_4, commission=True) for h in hands], items=len(hands),
                  unit="hands", path="compiled", group=KEPT_4, rounds=20,
                  what="advise(text, seen=tuple, commission=True): the kept game as paid read")
    assert got[0].opponent_hands == 10626 and got[0].against == "equilibrium-paid" and got[0].rate == RATE


def test_kept_4_unseen_paid_advice_compiled(measure: Any) -> None:
    import paigow

    hands = _kept_hands()
    got = measure(lambda: [paigow.advise(h, commission=True) for h in hands], items=len(hands), unit="hands",
                  path="compiled", group=KEPT_4, rounds=20, what="advise(text, commission=True), nothing seen: today's")
    assert got[0].opponent_hands == 20475 and got[0].rate == RATE


def _sets_60() -> list[tuple[int, ...]]:
    """60 random seen sets of 20 tiles (12 unseen), as docs/advice.md measures them."""
    import random

    rnd = random.Random(12)
    return [tuple(sorted(rnd.sample(range(32), 20))) for _ in range(60)]


def test_cold_12_unseen_60_sets(measure: Any) -> None:
    # each set built, solved and certified; the CPU time of each printed (median and slowest)
    import statistics
    import time

    def cold_all() -> list[tuple[float, int]]:
        out = []
        for s in _sets_60():
            t0 = time.process_time()
            g = seenpaid.PaidLeft(left.rank_counts(s), MACAU, RATE)
            g.solve_paid(start=seenpaid.paid_start(g, MACAU, RATE))
            out.append((time.process_time() - t0, g.certificate.iterations))
            assert g.certificate.gain <= left.TOLERANCE
        return out

    warm = _game(SEEN_20)  # the shipped start read and the core's first call made before the clock
    warm.solve_paid(start=seenpaid.paid_start(warm, MACAU, RATE))
    got = measure(cold_all, items=60, unit="games", path="compiled", group=COLD_60, rounds=1, warmup_rounds=0)
    t = [x for x, _ in got]
    print(f"\n60 sets of 12 unseen, as paid: median {statistics.median(t) * 1e3:.1f} ms, slowest {max(t) * 1e3:.1f} ms, "
          f"iterations median {statistics.median([i for _, i in got])}, at most {max(i for _, i in got)}")
