"""The compiled core against the independent plain-Python rules of tests/reference.py, and its
guard against bad arrays."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow import (
    DECK,
    HAND_RANK_COUNT,
    ZERO_POINT_RANKS,
    Hand,
    InvalidHandError,
    InvalidTileError,
    Setting,
    compare,
    hand_ranks,
    outcomes,
    setting_batch,
    settings,
)
from paigow import _core
from paigow.rules import MACAU

import reference

distinct = lambda n: st.lists(st.integers(0, 31), min_size=n, max_size=n, unique=True)  # noqa: E731


def test_core_tables_match_the_reference_rules_everywhere() -> None:
    # the core's rank of every pair of deck indices orders hands as the reference's keys do
    table = MACAU.core.hand_rank_table()
    pairs = [(a, b) for a, b in itertools.product(range(32), repeat=2) if a != b]
    keys = sorted({reference.hand_key(a, b) for a, b in pairs})
    dense = {k: r for r, k in enumerate(keys)}
    for a, b in pairs:
        assert table[a, b] == dense[reference.hand_key(a, b)], (a, b)
    assert (np.diag(table) == -1).all()
    assert MACAU.core.n_ranks == len(keys) == HAND_RANK_COUNT
    assert MACAU.core.front_zero == sum(1 for k in keys if reference.is_zero(k)) == ZERO_POINT_RANKS
    assert MACAU.core.back_zero == 0  # Art. 6.2 names the front hands only
    # the Python objects read the same rules
    for a, b in pairs[::7]:
        assert table[a, b] == Hand(DECK[a], DECK[b]).rank


def test_core_splits_and_comparison_match_the_reference() -> None:
    assert _core.SPLITS == ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
    rng = np.random.default_rng(9)
    rows = np.array([rng.permutation(32)[:8] for _ in range(3000)])
    got = outcomes(rows[:, :4], rows[:, 4:])
    for row, g in zip(rows.tolist(), got.tolist()):
        p = reference.arranged(tuple(row[:4]))[0]
        b = reference.arranged(tuple(row[4:]))[0]
        assert g == reference.decide(p, b), row
    tiles, ranks = setting_batch(rows[:, :4])
    for row, r in zip(rows[:200].tolist(), ranks[:200].tolist()):
        keys = reference.arranged(tuple(row[:4]))
        assert [[dense_rank(k) for k in s] for s in keys] == r


@functools.lru_cache(maxsize=None)
def dense_rank(key: tuple[int, ...]) -> int:
    keys = sorted({reference.hand_key(a, b) for a in range(32) for b in range(32) if a != b})
    return keys.index(key)


def test_big_endian_and_time_arrays() -> None:
    be = np.array([[0, 22], [28, 31]], dtype=">i4")
    assert hand_ranks(be).tolist() == hand_ranks(be.astype("<i4")).tolist()
    assert setting_batch(np.array([[0, 2, 22, 28]], dtype=">u2"))[1].tolist() == setting_batch([[0, 2, 22, 28]])[1].tolist()
    assert outcomes(np.array([[0, 1, 2, 3]], dtype=">i8"), np.array([[4, 5, 6, 7]], dtype=">i2")).tolist() == [1]
    for bad in (np.array([[0, 1]], dtype="m8[s]"), np.array([[0, 1]], dtype="M8[s]")):
        with pytest.raises(TypeError, match="integer array"):
            hand_ranks(bad)


@given(st.lists(distinct(2), min_size=1, max_size=50))
def test_batch_ranks_agree_with_hand(rows: list[list[int]]) -> None:
    got = hand_ranks(np.array(rows, dtype=np.int32))
    assert got.tolist() == [Hand(DECK[a], DECK[b]).rank for a, b in rows]


@given(st.lists(distinct(4), min_size=1, max_size=20), st.sampled_from(["int8", "uint8", "int16", "int64", "uint32"]))
def test_batch_settings_agree_with_settings(rows: list[list[int]], dtype: str) -> None:
    tiles, ranks = setting_batch(np.array(rows, dtype=dtype))
    assert tiles.shape == (len(rows), 3, 4) and ranks.shape == (len(rows), 3, 2)
    for i, row in enumerate(rows):
        for k, expected in enumerate(settings([DECK[j] for j in row])):
            t = tiles[i, k]
            got = Setting((DECK[t[0]], DECK[t[1]]), (DECK[t[2]], DECK[t[3]]))
            assert got == expected
            if expected.front.rank < expected.back.rank:  # front first (a copy may come either way)
                assert Hand(DECK[t[0]], DECK[t[1]]) == expected.front
            assert ranks[i, k].tolist() == [expected.front.rank, expected.back.rank]
            assert ranks[i, k, 0] <= ranks[i, k, 1]  # a front never outranks its back


@given(st.lists(distinct(8), min_size=1, max_size=30))
def test_batch_outcomes_agree_with_compare(rows: list[list[int]]) -> None:
    a = np.array(rows)
    got = outcomes(a[:, :4], a[:, 4:])
    for i, row in enumerate(rows):
        p = Setting((DECK[row[0]], DECK[row[1]]), (DECK[row[2]], DECK[row[3]]))
        b = Setting((DECK[row[4]], DECK[row[5]]), (DECK[row[6]], DECK[row[7]]))
        assert got[i] == int(compare(p, b))


def test_all_settings_of_all_hands() -> None:
    hands = np.array(list(itertools.combinations(range(32), 4)), dtype=np.int8)
    assert len(hands) == 35960
    tiles, ranks = setting_batch(hands)
    assert (ranks[:, :, 0] <= ranks[:, :, 1]).all()
    # the same setting's tiles, the same ranks again through hand_ranks
    again = hand_ranks(tiles.reshape(-1, 2)).reshape(-1, 3, 2)
    assert (again == ranks).all()
    for i in range(0, len(hands), 997):  # a spread of them against the Python objects
        for k, expected in enumerate(settings([DECK[j] for j in hands[i]])):
            assert ranks[i, k].tolist() == [expected.front.rank, expected.back.rank]


def test_outcome_rules_in_the_core() -> None:
    # copy in front goes to the banker: 4-5 2-2 vs 3-6 2-2, the player wins the back
    d = {str(t): [] for t in DECK}
    for i, t in enumerate(DECK):
        d[str(t)].append(i)
    p = [d["4-5"][0], d["2-2"][0], d["6-6"][0], d["6-6"][1]]
    b = [d["3-6"][0], d["2-2"][1], d["1-1"][0], d["1-1"][1]]
    assert outcomes([p], [b]).tolist() == [0]
    # zero against zero in front: the banker's, though 鹅牌密 outranks 梅牌密
    p = [d["1-3"][0], d["3-3"][0], d["6-6"][0], d["6-6"][1]]
    b = [d["5-5"][0], d["4-6"][0], d["1-1"][0], d["1-1"][1]]
    assert outcomes([p], [b]).tolist() == [0]
    # hands given back first are arranged by the dealer rule
    assert outcomes([p[2:] + p[:2]], [b[2:] + b[:2]]).tolist() == [0]


@pytest.mark.parametrize(
    "bad,error,message",
    [
        ([[0.0, 1.0]], TypeError, "integer array of DECK indices"),
        ([[True, False]], TypeError, "integer array"),
        (["a", "b"], TypeError, "integer array"),
        ([0, 1], InvalidHandError, r"shape \(N, 2\), not \(2,\)"),
        ([[0, 1, 2]], InvalidHandError, r"shape \(N, 2\), not \(1, 3\)"),
        ([[0, 1], [5, 32]], InvalidTileError, r"hands\[1\] = \[5, 32\]: index 32 is not in DECK"),
        ([[-1, 1]], InvalidTileError, "index -1 is not in DECK"),
        ([[3, 3]], InvalidTileError, r"hands\[0\] = \[3, 3\]: tile index 3 is used twice"),
        (np.array([[0, 2**40]], dtype=np.uint64), InvalidTileError, "is not in DECK"),
        (np.array([[0, 300]], dtype=np.int16), InvalidTileError, "index 300 is not in DECK"),
        (np.array([[0, -128]], dtype=np.int8), InvalidTileError, "index -128 is not in DECK"),
    ],
)
def test_hand_ranks_rejects_bad_arrays(bad: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        hand_ranks(bad)  # type: ignore[arg-type]


def test_settings_and_outcomes_reject_bad_arrays() -> None:
    with pytest.raises(InvalidTileError, match=r"hands\[0\] = \[0, 1, 2, 0\]: tile index 0 is used twice"):
        setting_batch([[0, 1, 2, 0]])
    with pytest.raises(InvalidHandError, match=r"shape \(N, 4\)"):
        setting_batch(np.zeros((2, 2, 4), dtype=np.int64))
    with pytest.raises(InvalidTileError, match="tile index 3 is used twice"):
        outcomes([[0, 1, 2, 3]], [[3, 4, 5, 6]])
    with pytest.raises(InvalidHandError, match="player has 1 rows and banker 2"):
        outcomes([[0, 1, 2, 3]], [[4, 5, 6, 7], [8, 9, 10, 11]])
    with pytest.raises(TypeError):
        outcomes([[0, 1, 2, 3]], [[4.0, 5, 6, 7]])


def test_empty_and_non_contiguous_inputs() -> None:
    assert hand_ranks(np.empty((0, 2), dtype=np.int64)).shape == (0,)
    a = np.arange(32, dtype=np.int64).reshape(8, 4)[:, ::2]  # a strided view
    assert hand_ranks(a).tolist() == [Hand(DECK[r[0]], DECK[r[1]]).rank for r in a.tolist()]
    ro = np.array([[0, 1]])
    ro.flags.writeable = False
    assert hand_ranks(ro).tolist() == [Hand(DECK[0], DECK[1]).rank]
