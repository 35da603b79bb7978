"""The exact finish of a game left (paigow.game.seenlp): the linear program restricted to the types
the iterate mixes, solved by the simplex method, certified like every pair the solver keeps."""

from __future__ import annotations

import random

import numpy as np
import pytest

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
