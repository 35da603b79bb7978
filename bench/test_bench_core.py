"""Batch kernels against plain Python doing the same work: ranking two-tile hands, and the three
settings of four-tile hands."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import paigow
from paigow import DECK, Hand, _core
from paigow.rules import MACAU

Measure = Callable[..., Any]

RANK = MACAU.core.hand_rank_table().tolist()  # plain lists for the Python paths
PAIRS = [(a, b) for a, b in itertools.permutations(range(32), 2)]
RANK_BY_PAIR = {(a, b): RANK[a][b] for a, b in PAIRS}


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """n hands of k distinct DECK indices, int8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 32)), axis=1)[:, :k].astype(np.int8)


HANDS2 = np.ascontiguousarray(np.array(PAIRS, dtype=np.int8)[np.random.default_rng(1).integers(0, len(PAIRS), 10_000_000)])
HANDS4 = random_hands(1_000_000, 4, 2)


# ---------------------------------------------------------------------------------------------
# hand ranking

GROUP_RANK = "hand ranking (two-tile hands)"


def test_rank_batch(measure: Measure) -> None:
    out = measure(lambda: paigow.hand_ranks(HANDS2), items=len(HANDS2), unit="hands",
                  path="compiled", group=GROUP_RANK, rounds=10)
    assert out[0] == RANK[HANDS2[0, 0]][HANDS2[0, 1]]


def test_rank_python_lookup(measure: Measure) -> None:
    rows = [tuple(r) for r in HANDS2[:300_000].tolist()]
    out = measure(lambda: [RANK_BY_PAIR[h] for h in rows], items=len(rows), unit="hands",
                  path="python", group=GROUP_RANK)
    assert out[0] == RANK[rows[0][0]][rows[0][1]]


def test_rank_python_objects(measure: Measure) -> None:
    rows = HANDS2[:20_000].tolist()
    out = measure(lambda: [Hand(DECK[a], DECK[b]).rank for a, b in rows], items=len(rows),
                  unit="hands", path="python", group=GROUP_RANK, rounds=3)
    assert out[0] == RANK[rows[0][0]][rows[0][1]]


# ---------------------------------------------------------------------------------------------
# settings

GROUP_SETTINGS = "settings (four-tile hands)"
SPLITS = paigow.SPLITS


def python_settings(hands: list[list[int]]) -> list[list[tuple[int, int]]]:
    """(front, back) ranks of the three settings of each hand, in plain Python."""
    out = []
    for h in hands:
        row = []
        for i, j, k, m in SPLITS:
            x, y = RANK[h[i]][h[j]], RANK[h[k]][h[m]]
            row.append((x, y) if x <= y else (y, x))
        out.append(row)
    return out


def test_settings_batch(measure: Measure) -> None:
    tiles, ranks = measure(lambda: paigow.setting_batch(HANDS4), items=len(HANDS4), unit="hands",
                           path="compiled", group=GROUP_SETTINGS, rounds=10)
    assert ranks[:100].tolist() == [[list(s) for s in h] for h in python_settings(HANDS4[:100].tolist())]


def test_settings_python_lookup(measure: Measure) -> None:
    rows = HANDS4[:100_000].tolist()
    out = measure(lambda: python_settings(rows), items=len(rows), unit="hands", path="python",
                  group=GROUP_SETTINGS)
    assert len(out) == len(rows)


def test_settings_python_objects(measure: Measure) -> None:
    rows = [[DECK[i] for i in h] for h in HANDS4[:1000].tolist()]
    out = measure(lambda: [paigow.settings(h) for h in rows], items=len(rows), unit="hands",
                  path="python", group=GROUP_SETTINGS, rounds=3)
    assert [(s.front.rank, s.back.rank) for s in out[0]] == python_settings(HANDS4[:1].tolist())[0]


@pytest.mark.parametrize("n", [1, 1000])
def test_settings_batch_small(measure: Measure, n: int) -> None:
    """The fixed cost of one call, for callers that pass few hands at a time."""
    hands = HANDS4[:n]
    measure(lambda: paigow.setting_batch(hands), items=n, unit="hands", path="compiled",
            group=f"settings, {n} hand{'s' if n > 1 else ''} a call", rounds=2000)
