"""Every batch entry point refuses every row that is not four distinct deck indices (issue 31).

The kernels' check (``distinct4`` in ``_common.pxd``) is held to a plain-Python predicate over
every repetition pattern of four slots (the 15 set partitions of {0, 1, 2, 3}), at both ends of
the deck and out of range: a row is accepted exactly when it is four distinct indices in 0..31.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import paigow
from paigow.errors import PaigowError


def _patterns() -> list[tuple[int, int, int, int]]:
    """The 15 ways four slots can repeat: each slot names the block it belongs to."""
    out = []
    for p in itertools.product(range(4), repeat=4):
        seen: dict[int, int] = {}
        canon = tuple(seen.setdefault(x, len(seen)) for x in p)
        if canon == p:
            out.append(p)
    return out


PATTERNS = _patterns()
VALUES = [(0, 1, 2, 3), (28, 29, 30, 31), (31, 7, 0, 16), (5, 32, 6, 7)]  # the last has one out of range


def _rows() -> list[list[int]]:
    return [[vals[i] for i in pat] for pat in PATTERNS for vals in VALUES]


def _lawful(row: list[int]) -> bool:
    return len(set(row)) == 4 and all(0 <= x < 32 for x in row)


ENTRY_POINTS = {
    "best_settings": lambda a: paigow.best_settings(a),
    "setting_batch": lambda a: paigow.setting_batch(a),
    "advise_batch": lambda a: paigow.advise_batch(a),
}



def test_there_are_fifteen_patterns() -> None:
    assert len(PATTERNS) == 15


@pytest.mark.parametrize("name", ["best_settings", "setting_batch", "advise_batch"])
@pytest.mark.parametrize("row", _rows(), ids=str)
def test_every_row_is_refused_unless_four_distinct_indices(name: str, row: list[int]) -> None:
    call = ENTRY_POINTS[name]
    a = np.array([row], dtype=np.int64)
    if _lawful(row):
        call(a)
    else:
        with pytest.raises(PaigowError) as e:
            call(a)
        assert e.value.code in ("tile.twice", "tile.index"), e.value.code
        assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("row", _rows(), ids=str)
def test_outcomes_refuses_a_repeated_row_on_either_side(row: list[int]) -> None:
    # outcomes takes settings (front pair, back pair): a row of the player's tiles against a
    # fixed banker hand of four other tiles; a row repeated in itself is refused like the others
    banker = np.array([[12, 13, 14, 15]])
    a = np.array([row])
    lawful = _lawful(row) and not set(row) & {12, 13, 14, 15}
    if lawful:
        paigow.outcomes(a, banker)
        paigow.outcomes(banker, a)
    else:
        for args in ((a, banker), (banker, a)):
            with pytest.raises(PaigowError) as e:
                paigow.outcomes(*args)
            assert e.value.code in ("tile.twice", "tile.index"), e.value.code
