"""One hand per call: the single-hand paths (issue 26) beside a plain ``dict`` lookup of a
precomputed answer (the practical limit of a Python call) and beside the batch function asked
for one row (the call a one-hand caller made before). Each case answers the same 10,000
different hands, one call each; the report's ratio is against the dict lookup, so 0.5x means
twice its time.

    python -m pytest bench/test_bench_single.py --benchmark-json=single.json && python bench/report.py single.json
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import paigow
from paigow import DECK, Setting, all_hands, compare, settings

Measure = Callable[..., Any]

N = 10_000
_rows = np.random.default_rng(26).permutation(len(all_hands()))[:N]
HANDS = [tuple(int(t) for t in all_hands()[i]) for i in _rows.tolist()]
PAIRS = [(a, b) for a, b, _, _ in HANDS]

GROUP_BEST = "one hand per call: the best setting (equilibrium, player)"
GROUP_RANK = "one hand per call: a hand's rank"
GROUP_COMPARE = "one hand per call: a setting's comparison"


def test_best_setting_single(measure: Measure) -> None:
    best = paigow.best_setting
    out = measure(lambda: [best(h) for h in HANDS], items=N, unit="calls", path="compiled", group=GROUP_BEST)
    assert isinstance(out[0], Setting)


def test_best_setting_held_lookup(measure: Measure) -> None:
    of = paigow.setting_lookup("player", "equilibrium")
    out = measure(lambda: [of(h) for h in HANDS], items=N, unit="calls", path="compiled", group=GROUP_BEST)
    assert out[0] == paigow.best_setting(HANDS[0])


def test_best_setting_dict(measure: Measure) -> None:
    answers = {h: paigow.best_setting(h) for h in HANDS}
    out = measure(lambda: [answers[h] for h in HANDS], items=N, unit="calls", path="python", group=GROUP_BEST)
    assert out[0] == paigow.best_setting(HANDS[0])


def test_best_setting_batch_of_one(measure: Measure) -> None:
    def today() -> list[Setting]:
        return [settings([DECK[t] for t in h])[int(paigow.best_settings([h])[0])] for h in HANDS[:1000]]
    out = measure(today, items=1000, unit="calls", path="engine", group=GROUP_BEST, rounds=3)
    assert out[0] == paigow.best_setting(HANDS[0])


def test_hand_rank_single(measure: Measure) -> None:
    rank = paigow.hand_rank
    out = measure(lambda: [rank(p) for p in PAIRS], items=N, unit="calls", path="compiled", group=GROUP_RANK)
    assert out[0] == paigow.Hand(DECK[PAIRS[0][0]], DECK[PAIRS[0][1]]).rank


def test_hand_rank_dict(measure: Measure) -> None:
    answers = {p: paigow.hand_rank(p) for p in PAIRS}
    out = measure(lambda: [answers[p] for p in PAIRS], items=N, unit="calls", path="python", group=GROUP_RANK)
    assert out[0] == paigow.hand_rank(PAIRS[0])


def test_hand_rank_batch_of_one(measure: Measure) -> None:
    out = measure(lambda: [int(paigow.hand_ranks([p])[0]) for p in PAIRS[:2000]], items=2000, unit="calls",
                  path="engine", group=GROUP_RANK, rounds=3)
    assert out[0] == paigow.hand_rank(PAIRS[0])


_SETTINGS = [settings([DECK[t] for t in h])[i % 3] for i, h in enumerate(HANDS)]
_OTHERS = []
for _h in HANDS:
    _rest = [t for t in range(32) if t not in _h]
    _OTHERS.append(settings([DECK[t] for t in _rest[:4]])[0])
MATCHES = list(zip(_SETTINGS, _OTHERS))


def test_compare_single(measure: Measure) -> None:
    out = measure(lambda: [compare(p, b) for p, b in MATCHES], items=N, unit="calls", path="compiled",
                  group=GROUP_COMPARE)
    assert out[0] in tuple(paigow.Outcome)


def test_compare_dict(measure: Measure) -> None:
    answers = {(id(p), id(b)): compare(p, b) for p, b in MATCHES}
    out = measure(lambda: [answers[id(p), id(b)] for p, b in MATCHES], items=N, unit="calls", path="python",
                  group=GROUP_COMPARE)
    assert out[0] == compare(*MATCHES[0])


def test_compare_batch_of_one(measure: Measure) -> None:
    both = [paigow.deck_indices(p.tiles + b.tiles) for p, b in MATCHES[:2000]]  # eight distinct indices
    rows = [(list(x[:4]), list(x[4:])) for x in both]
    out = measure(lambda: [int(paigow.outcomes([p], [b])[0]) for p, b in rows], items=2000, unit="calls",
                  path="engine", group=GROUP_COMPARE, rounds=3)
    assert out[0] == int(compare(*MATCHES[0]))


GROUP_WAY = "one hand per call: a house way's setting (Foxwoods, US game)"


def test_house_way_single(measure: Measure) -> None:
    from paigow.houseway import house_way

    way = house_way("foxwoods")
    out = measure(lambda: [way.set(h) for h in HANDS], items=N, unit="calls", path="compiled", group=GROUP_WAY)
    assert out[0].way == "foxwoods"


def test_house_way_dict(measure: Measure) -> None:
    from paigow.houseway import house_way

    way = house_way("foxwoods")
    answers = {h: way.set(h) for h in HANDS}
    out = measure(lambda: [answers[h] for h in HANDS], items=N, unit="calls", path="python", group=GROUP_WAY)
    assert out[0] == way.set(HANDS[0])
