"""Strategy tables: how each of the 35,960 four-tile hands is set.

A strategy is a float array of shape (35960, 3): row i is the i-th hand of
``itertools.combinations(range(32), 4)`` (DECK indices), columns the probabilities of its three
settings in ``settings()`` order (ab|cd, ac|bd, ad|bc). Each row sums to one.

>>> int(hand_index([0, 1, 2, 3])), int(hand_index([28, 29, 30, 31]))
(0, 35959)
>>> max_back()[hand_index([0, 2, 22, 28])].tolist()     # 天 地 杂九 至尊: 天九王 behind
[0.0, 1.0, 0.0]
"""

from __future__ import annotations

import functools
import itertools
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.errors import InvalidStrategyError
from paigow.batch import as_index_array, setting_batch

__all__ = ["HAND_COUNT", "all_hands", "hand_index", "max_back", "check_table"]

HAND_COUNT = comb(32, 4)
"""35,960 four-tile hands."""

# _COLEX[i][v] = C(v, i): for the lexicographic rank of a sorted 4-subset of range(32)
_BINOM = np.array([[comb(v, i) for v in range(33)] for i in range(5)], dtype=np.int64)


@functools.lru_cache(maxsize=1)
def all_hands() -> npt.NDArray[np.int8]:
    """The 35,960 hands as a read-only (35960, 4) int8 array of DECK indices, rows ascending."""
    a = np.array(list(itertools.combinations(range(32), 4)), dtype=np.int8)
    a.flags.writeable = False
    return a


def hand_index(hands: npt.ArrayLike) -> Any:
    """Row of each hand in :func:`all_hands` (tiles in any order): an int for one hand of four
    DECK indices, an int64 array for an (N, 4) array.

    >>> hand_index([[3, 2, 1, 0], [31, 30, 29, 28]]).tolist()
    [0, 35959]
    """
    a = np.asarray(hands)
    single = a.ndim == 1
    rows = as_index_array(a.reshape(1, -1) if single else a, 4, "hands")
    setting_batch(rows)  # checks range and distinct tiles
    s = np.sort(rows.astype(np.int64), axis=1)
    # lexicographic rank = C(32,4) - 1 - colex rank of the complement-mirrored combination
    d = 31 - s[:, ::-1]
    colex = sum(_BINOM[i + 1][d[:, i]] for i in range(4))
    idx = HAND_COUNT - 1 - colex
    return int(idx[0]) if single else idx


@functools.lru_cache(maxsize=1)
def _max_back() -> npt.NDArray[np.float64]:
    _, ranks = setting_batch(all_hands())
    # strongest back, then strongest front, then the first in settings() order
    key = ranks[:, :, 1].astype(np.int32) * 256 + ranks[:, :, 0]
    best = np.argmax(key, axis=1)
    table = np.zeros((HAND_COUNT, 3))
    table[np.arange(HAND_COUNT), best] = 1.0
    table.flags.writeable = False
    return table


def max_back() -> npt.NDArray[np.float64]:
    """The "max-back" strategy: the setting whose back hand is strongest; among equal backs the
    strongest front; among equal settings the first. A pure strategy (one-hot rows)."""
    return _max_back()


def check_table(table: npt.ArrayLike, name: str = "strategy") -> npt.NDArray[np.float64]:
    """``table`` as a float64 (35960, 3) strategy, or InvalidStrategyError saying what is wrong.

    >>> check_table(np.zeros((10, 3)))
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: strategy must have shape (35960, 3), not (10, 3)
    """
    try:
        t = np.asarray(table, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidStrategyError(f"{name} must be a numeric array of shape ({HAND_COUNT}, 3)") from None
    if t.shape != (HAND_COUNT, 3):
        raise InvalidStrategyError(f"{name} must have shape ({HAND_COUNT}, 3), not {t.shape}")
    bad = ~np.isfinite(t).all(axis=1) | (t < 0).any(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        raise InvalidStrategyError(f"{name} row {i} {t[i].tolist()} has a negative or non-finite entry")
    sums = t.sum(axis=1)
    off = np.abs(sums - 1.0) > 1e-9
    if off.any():
        i = int(np.argmax(off))
        raise InvalidStrategyError(f"{name} row {i} {t[i].tolist()} sums to {float(sums[i])!r}, not 1")
    return t


STRATEGY_NAMES = ("equilibrium", "max-back")
SEATS = ("player", "banker")


def resolve(strategy: "str | npt.ArrayLike", seat: str = "player") -> npt.NDArray[np.float64]:
    """A strategy table from a name (``"equilibrium"``, ``"max-back"``) or a caller's table.

    ``seat`` ("player" or "banker") picks the seat's side of the equilibrium.

    >>> resolve("max-back").shape
    (35960, 3)
    >>> resolve("greedy")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: unknown strategy 'greedy': use 'equilibrium', 'max-back' or a (35960, 3) table
    """
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    if isinstance(strategy, str):
        if strategy == "max-back":
            return max_back()
        if strategy == "equilibrium":
            from paigow.advice import strategy as equilibrium

            return equilibrium(seat)
        raise InvalidStrategyError(
            f"unknown strategy {strategy!r}: use 'equilibrium', 'max-back' or a ({HAND_COUNT}, 3) table"
        )
    return check_table(strategy)
