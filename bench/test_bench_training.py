"""Benchmark: an exercise drawn and checked (the issue's mark: 1 ms or less each).

Run from the repository root::

    PYTHONPATH=. python -m pytest bench/test_bench_training.py

One group per drill: 200 exercises drawn from their seeds and their expected answers checked
(``path="engine"``: :mod:`paigow.training`, the exercise and check values, the explanation in
the trainee's language), beside a plain-Python path doing the bare work of the same exercises
with the same engine calls and no exercise, check or explanation (``path="python"``): the ratio
is what the drill's values cost over the work itself. ``exercises_per_second`` is in ``extra_info``
(1 ms an exercise is 1,000 a second).
No timing is asserted.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import paigow
from paigow.houseway import house_way
from paigow.table import settlement
from paigow.training import drill

N = 200


def _drills(key: str) -> Any:
    d = drill(key)
    d.draw(0)  # tables built once, outside the timing

    def run() -> int:
        right = 0
        for seed in range(N):
            ex = d.draw(seed, "zh-Hant")
            right += d.check(ex, ex.expected).correct
        assert right == N
        return right

    return run


def _bare_houseway() -> int:
    way = house_way("foxwoods")
    for seed in range(N):
        rng = random.Random(seed)
        t = [paigow.DECK[i] for i in rng.sample(range(32), 4)]
        want = way.set(t).setting
        assert any(s == want for s in paigow.settings(t))
    return N


def _bare_compare() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        t = rng.sample(paigow.DECK, 8)
        paigow.compare(paigow.Setting(t[0:2], t[2:4]), paigow.Setting(t[4:6], t[6:8]), "macau")
    return N


def _bare_payout() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        banker = rng.randrange(8)
        order = list(settlement.betting_order(banker))
        plays = [settlement.Play(p, rng.choice((paigow.Outcome.WIN, paigow.Outcome.LOSE)),
                                 (settlement.Bet(p, "ann", rng.randrange(5, 400)),))
                 for p in rng.sample(order, 3)]
        ledger = settlement.settle(banker, [settlement.Share(f"P{banker}", 1000)], plays, settlement.Options())
        assert sum(ledger.changes.values()) + ledger.commission == 0
    return N


def _bare_best() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        paigow.advise([paigow.DECK[i] for i in rng.sample(range(32), 4)], seat="player")
    return N


CASES = {"houseway:foxwoods": _bare_houseway, "compare:macau": _bare_compare, "payout:macau": _bare_payout,
         "best:player:macau": _bare_best}


@pytest.mark.parametrize("key", sorted(CASES))
def test_drawn_and_checked(measure: Any, key: str) -> None:
    result = measure(_drills(key), items=N, unit="exercises", path="engine", group=f"{key}: {N} exercises",
                     drill=key)
    assert result == N


@pytest.mark.parametrize("key", sorted(CASES))
def test_bare_work(measure: Any, key: str) -> None:
    CASES[key]()  # warm
    assert measure(CASES[key], items=N, unit="exercises", path="python", group=f"{key}: {N} exercises") == N
