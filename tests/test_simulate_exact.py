"""The simulated mean per player hand against the exact game value (paigow.advice.game_value).

Each test simulates 20 million rounds (about two seconds on two cores) and asks the mean result of
one player hand to lie within four standard errors of the exact value, the player's expected
result per hand over every (player hand, disjoint banker hand) pair, without commission.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from paigow.advice import game_value, strategy
from paigow.simulation import simulate
from paigow.strategies import HAND_COUNT, max_back

ROUNDS = 20_000_000


def _exact(player: npt.NDArray[np.float64], banker: npt.NDArray[np.float64]) -> float:
    return float(game_value(player, banker).ev)


def test_max_back_against_max_back() -> None:
    table = np.asarray(max_back())
    exact = _exact(table, table)
    r = simulate(ROUNDS, seed=20240601, player=table, banker=table)
    assert abs(r.player_mean - exact) < 4 * r.player_se, (r.player_mean, r.player_se, exact)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_a_mixed_player_against_max_back() -> None:
    rng = np.random.default_rng(11)
    player = rng.dirichlet([1.0, 1.0, 1.0], size=HAND_COUNT)
    banker = np.asarray(max_back())
    exact = _exact(player, banker)
    r = simulate(ROUNDS, seed=20240602, player=player, banker=banker)
    assert abs(r.player_mean - exact) < 4 * r.player_se, (r.player_mean, r.player_se, exact)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_equilibrium_against_equilibrium() -> None:
    player, banker = strategy("player"), strategy("banker")
    exact = _exact(player, banker)
    r = simulate(ROUNDS, seed=20240603, player="equilibrium", banker="equilibrium")
    assert abs(r.player_mean - exact) < 4 * r.player_se, (r.player_mean, r.player_se, exact)
