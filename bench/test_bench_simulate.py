"""Whole rounds (shuffle, deal, set 8 hands by a strategy table, decide 7) in the compiled core
against a plain-Python simulator doing the same work with the same table."""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

import paigow
from paigow import _core
from paigow.rules import MACAU
from paigow.strategies import HAND_COUNT, max_back

Measure = Callable[..., Any]
GROUP = "simulated rounds"

RANK = MACAU.core.hand_rank_table().tolist()
ZERO = MACAU.core.front_zero
INDEX = {h: i for i, h in enumerate(itertools.combinations(range(32), 4))}
SPLITS = paigow.SPLITS
CORES = os.cpu_count() or 1


def python_simulate(rounds: int, seed: int, player: npt.NDArray[np.float64],
                    banker: npt.NDArray[np.float64]) -> list[int]:
    """Plain Python: per position (wins, pushes, losses) over ``rounds`` rounds."""
    rng = random.Random(seed)
    tables = []
    for t in (banker, player):
        rows = t.tolist()
        pure = [r.index(1.0) if 1.0 in r else -1 for r in rows]
        tables.append((pure, rows))
    counts = [0] * 21
    deck = list(range(32))
    front = [0] * 8
    back = [0] * 8
    for _ in range(rounds):
        rng.shuffle(deck)
        for p in range(8):
            h = sorted(deck[4 * p:4 * p + 4])
            pure, rows = tables[p != 0]
            i = INDEX[tuple(h)]
            k = pure[i] if pure[i] >= 0 else rng.choices((0, 1, 2), weights=rows[i])[0]
            a, b, c, d = SPLITS[k]
            x, y = RANK[h[a]][h[b]], RANK[h[c]][h[d]]
            front[p], back[p] = (x, y) if x <= y else (y, x)
        bf, bb = front[0], back[0]
        for p in range(1, 8):
            res = (front[p] > bf and front[p] >= ZERO) + (back[p] > bb) - 1
            counts[3 * (p - 1) + 1 - res] += 1
    return counts


def test_simulate_all_cores(measure: Measure) -> None:
    n = 8_000_000
    r = measure(lambda: paigow.simulate(n, seed=1), items=n, unit="rounds", path="compiled",
                group=GROUP, threads=CORES, rounds=7)
    assert r.counts.sum() == 7 * n


def test_simulate_one_thread(measure: Measure) -> None:
    n = 2_000_000
    r = measure(lambda: paigow.simulate(n, seed=1, threads=1), items=n, unit="rounds",
                path="compiled", group=GROUP, threads=1)
    assert r.counts.sum() == 7 * n


def test_simulate_mixed_strategy(measure: Measure) -> None:
    table = np.random.default_rng(0).dirichlet([1.0, 1.0, 1.0], size=HAND_COUNT)
    n = 8_000_000
    r = measure(lambda: paigow.simulate(n, seed=1, player=table, banker=table), items=n,
                unit="rounds", path="compiled", group=GROUP, threads=CORES, strategy="mixed", rounds=7)
    assert r.counts.sum() == 7 * n


def test_simulate_python(measure: Measure) -> None:
    n = 20_000
    table = np.asarray(max_back())
    counts = measure(lambda: python_simulate(n, 1, table, table), items=n, unit="rounds",
                     path="python", group=GROUP, rounds=3, threads=1)
    assert sum(counts) == 7 * n
