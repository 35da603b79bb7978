"""The best setting of every one of the 35,960 four-tile hands, pinned by a golden hash (as
tests/test_hands.py pins the 496 two-tile hands): a change of the shipped equilibria, of max-back or
of the arrangement of a setting shows here."""

from __future__ import annotations

import hashlib

import numpy as np
import numpy.typing as npt
import pytest

import paigow

ALL = paigow.all_hands()


def pinned(best: npt.NDArray[np.int8]) -> str:
    """MD5 of the chosen setting of every hand as the dealer arranges it: four DECK indices a
    hand, the front two then the back two (``setting_batch``), hands in ``all_hands()`` order."""
    tiles, _ = paigow.setting_batch(ALL)
    chosen = np.take_along_axis(tiles, best.astype(np.intp)[:, None, None], axis=1)[:, 0, :]
    return hashlib.md5(np.ascontiguousarray(chosen, dtype=np.int8).tobytes()).hexdigest()


@pytest.mark.parametrize(("kwargs", "golden"), [
    ({}, "f84a2f786c9670dac3187fa3ce87d2fb"),  # the default: the player's seat, the equilibrium
    ({"seat": "banker"}, "c69ce07c617f2f06b008630f77db422c"),
    ({"strategy": "max-back"}, "38d1e2faf31b62062e03e39b1856c1f7"),
    ({"strategy": "max-back", "seat": "banker"}, "38d1e2faf31b62062e03e39b1856c1f7"),  # a rule: both seats
    ({"strategy": "equilibrium-paid"}, "6d885767104bce8596eb13031e58bba0"),
    ({"strategy": "equilibrium-paid", "seat": "banker"}, "f67bd79e3f22a40c94353f0c2434bb82"),
])
def test_the_best_setting_of_all_35960_hands_is_pinned(kwargs: dict[str, str], golden: str) -> None:
    best = paigow.best_settings(ALL, **kwargs)  # type: ignore[arg-type]
    assert best.shape == (35960,) and best.dtype == np.int8
    assert pinned(best) == golden


def test_the_pin_reads_the_strategy_table() -> None:
    # the best setting is the table's most likely one (the first of equal ones), in every row
    for seat in ("player", "banker"):
        assert (paigow.best_settings(ALL, seat=seat) == np.argmax(paigow.strategy(seat), axis=1)).all()
