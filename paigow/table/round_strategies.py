"""How a simulation's strategy sets a hand: the strategy table a name gives
(:func:`strategy_table`), its label, and the setting a table picks (:func:`choose_setting`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from paigow.setting import Setting, settings_of
from paigow.strategies import hand_index, resolve
from paigow.table.round_state import StrategyLike
from paigow.tiles import DECK, Tile, deck_indices, parse_tiles


def choose_setting(tiles: Sequence[Tile], strategy: npt.NDArray[np.float64], rng: random.Random) -> Setting:
    """The setting of four ``tiles`` a strategy table picks: the setting with probability one
    for a pure row, else one drawn with ``rng`` by the row's probabilities.

    >>> from paigow.strategies import max_back
    >>> from paigow.tiles import parse_tiles
    >>> str(choose_setting(parse_tiles("天 地 杂九 至尊"), max_back(), random.Random(0)))
    '1-1 2-4 | 6-6 4-5'
    """
    idx = sorted(deck_indices(tiles))
    row = strategy[hand_index(idx)]
    options = settings_of(tuple(DECK[i] for i in idx))   # the tiles are checked by deck_indices
    best = int(np.argmax(row))
    if row[best] >= 1.0 - 1e-12:
        return options[best]
    u, acc = rng.random(), 0.0
    for i in range(3):
        acc += float(row[i])
        if u < acc:
            return options[i]
    return options[best]  # pragma: no cover - rounding at the top of the cumulative sum


def default_strategy() -> str:
    """The strategy a simulation sets hands by when none is named: the setting game's equilibrium."""
    return "equilibrium"


def strategy_table(strategy: StrategyLike | None, seat: str) -> npt.NDArray[np.float64]:
    """``resolve(strategy, seat)``; None is the default strategy."""
    return resolve(default_strategy() if strategy is None else strategy, seat)


def strategy_label(strategy: StrategyLike | None) -> str:
    """How a record names a strategy: its name, or ``"table"`` for a caller's table."""
    if strategy is None:
        return default_strategy()
    return strategy if isinstance(strategy, str) else "table"
