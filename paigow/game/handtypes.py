"""The 35,960 four-tile hands and their types: what the strategies, the setting game, the solver
and the catalogue of solutions share (private: :mod:`paigow.strategies` re-exports the public
names, ``all_hands`` and ``all_ranks``).

Hands of the same *type* (the multiset of their four tiles' ranks of Table 1; 4,285 types) meet
the same opposing ranks and play alike, so the setting game is solved over types. A type's
settings are told apart by their (front, back) ranks, which come from a rule set's hand order:
what depends on the hand order (the settings' ranks, the types' settings) is kept per hand order
(``rules.hand_order``), and what depends on the whole comparison (hand order, zero rule, copies)
is keyed by the rule set's :class:`SettingGame`, a frozen part of it.

Every function here takes a cleaned :class:`~paigow.rules.RuleSet` (``clean_rules`` was called
at the boundary) and trusts it.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import threading
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.rules import MACAU, Copies, RuleSet, ZeroRule
from paigow.tiles import DECK, FACES

__all__ = ["HAND_COUNT", "all_hands", "all_ranks", "HandTypes", "hand_types", "to_types", "to_hands",
           "type_weights", "SettingGame", "setting_game", "same_game"]

HAND_COUNT: int = _core.HAND_COUNT
"""35,960 four-tile hands: C(32, 4)."""

_LOCK = threading.Lock()


# ---------------------------------------------------------------------------------------------
# what of a rule set the forms built here depend on

class SettingGame(NamedTuple):
    """What of a rule set the setting game reads (how every pair of settings compares): its hand
    order, zero rule and copies rule. Frozen and hashable: the key of every form built for a game
    (a strategy's side tables, advice's lookups). Two rule sets that differ only in what the
    setting game does not read (dice, cuts, the commission's rounding, the name) share it, and
    with it the forms and the solutions.

    >>> from paigow.rules import US
    >>> setting_game(MACAU)
    SettingGame(hand_order='macau', zero_rule=ZeroRule.FRONT, copies=Copies.BANKER)
    >>> setting_game(MACAU.replace(name="other", dice=3)) == setting_game(MACAU), setting_game(US) == setting_game(MACAU)
    (True, False)
    """

    hand_order: str
    zero_rule: ZeroRule
    copies: Copies


def setting_game(rules: RuleSet) -> SettingGame:
    """The setting game of ``rules`` (a cleaned RuleSet)."""
    return SettingGame(rules.hand_order, rules.zero_rule, rules.copies)


def same_game(a: RuleSet, b: RuleSet) -> bool:
    """``a`` and ``b`` compare every pair of settings alike (the same setting game)."""
    return a is b or setting_game(a) == setting_game(b)


# ---------------------------------------------------------------------------------------------
# the hands

@functools.lru_cache(maxsize=1)
def all_hands() -> npt.NDArray[np.int8]:
    """The 35,960 hands as a read-only (35960, 4) int8 array of DECK indices, rows ascending."""
    a = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(32), 4)), dtype=np.int8,
                    count=4 * 35960).reshape(35960, 4)
    a.flags.writeable = False
    return a


_RANKS: dict[str, npt.NDArray[np.uint8]] = {}


def all_ranks(rules: RuleSet = MACAU) -> npt.NDArray[np.uint8]:
    """(front, back) rank of the three settings of every hand under ``rules``' hand order,
    (35960, 3, 2) uint8, read-only (one array per hand order)."""
    got = _RANKS.get(rules.hand_order)
    if got is None:
        _, ranks, bad = _core.settings(all_hands(), rules.core)
        assert bad < 0
        out = np.ascontiguousarray(ranks, dtype=np.uint8)
        out.flags.writeable = False
        with _LOCK:
            got = _RANKS.setdefault(rules.hand_order, out)
    return got


# ---------------------------------------------------------------------------------------------
# hand types: hands that play alike

@dataclasses.dataclass(frozen=True)
class HandTypes:
    """The 4,285 hand types under one hand order."""

    n: int                                  # 4,285 types
    hand_type: npt.NDArray[np.int32]        # (35960,) type of each hand
    cnt: npt.NDArray[np.int64]              # (n,) hands of each type
    rep_hand: npt.NDArray[np.int32]         # (n,) the first hand of each type
    m: npt.NDArray[np.uint8]                # (n,) distinct settings of each type (1-3)
    tset_f: npt.NDArray[np.uint8]           # (n, 3) front rank of each distinct setting
    tset_b: npt.NDArray[np.uint8]           # (n, 3) back rank
    undominated: npt.NDArray[np.bool_]      # (n, 3) settings no other setting beats in both hands
    hand_map: npt.NDArray[np.int8]          # (35960, 3) type setting of each hand setting
    first: npt.NDArray[np.bool_]            # (35960, 3) the first hand setting of its type setting
    counts: npt.NDArray[np.uint8]           # (n, 17) tiles of each rank


_TYPES: dict[str, HandTypes] = {}


def hand_types(rules: RuleSet = MACAU) -> HandTypes:
    """The 4,285 hand types (multisets of 4 of the 17 ranks of Table 1) with their settings under
    ``rules``' hand order (one value per hand order)."""
    got = _TYPES.get(rules.hand_order)
    if got is None:
        built = _build_types(all_ranks(rules))
        with _LOCK:
            got = _TYPES.setdefault(rules.hand_order, built)
    return got


def _build_types(ranks: npt.NDArray[np.uint8]) -> HandTypes:
    hands = all_hands()
    tile_rank = np.array([t.rank - 1 for t in DECK])
    ranks4 = np.sort(tile_rank[hands], axis=1)
    key = ((ranks4[:, 0] * 17 + ranks4[:, 1]) * 17 + ranks4[:, 2]) * 17 + ranks4[:, 3]
    _, first_idx, hand_type, cnt = np.unique(key, return_index=True, return_inverse=True, return_counts=True)
    n = len(cnt)
    rep = first_idx.astype(np.int32)
    m = np.zeros(n, dtype=np.uint8)
    tf = np.zeros((n, 3), dtype=np.uint8)
    tb = np.zeros((n, 3), dtype=np.uint8)
    und = np.zeros((n, 3), dtype=bool)
    for t in range(n):
        seen: list[tuple[int, int]] = []
        for f, b in ranks[rep[t]].tolist():
            if (f, b) not in seen:
                seen.append((f, b))
        m[t] = len(seen)
        for s, (f, b) in enumerate(seen):
            tf[t, s], tb[t, s] = f, b
            und[t, s] = not any((g >= f and c >= b) and (g, c) != (f, b) for g, c in seen)
    # each hand's settings onto its type's distinct settings (a hand order under which two hands
    # of one type had different settings would fail here)
    ht = hand_type.reshape(-1).astype(np.int32)
    code = ranks[:, :, 0].astype(np.int32) * 256 + ranks[:, :, 1]
    tcode = tf.astype(np.int32) * 256 + tb
    tcode_h = tcode[ht]  # (35960, 3)
    hand_map = np.full((HAND_COUNT, 3), -1, dtype=np.int8)
    for s in range(3):
        match = (code == tcode_h[:, s : s + 1]) & (s < m[ht])[:, None]
        hand_map[match] = s
    assert (hand_map >= 0).all()
    first = np.zeros((HAND_COUNT, 3), dtype=bool)
    for k in range(3):
        first[:, k] = ~((hand_map[:, :k] == hand_map[:, k : k + 1]).any(axis=1))
    counts = np.zeros((n, 17), dtype=np.uint8)
    for c in range(4):
        np.add.at(counts, (np.arange(n), ranks4[rep, c]), 1)
    return HandTypes(n, ht, cnt.astype(np.int64), rep, m, tf, tb, und, hand_map, first, counts)


def to_types(table: npt.NDArray[np.float64], rules: RuleSet = MACAU) -> tuple[npt.NDArray[np.float64], bool]:
    """A hand table as a type strategy (n, 3), and whether all hands of each type agree."""
    ty = hand_types(rules)
    per_hand = np.zeros((HAND_COUNT, 3))
    for s in range(3):
        per_hand[:, s] = (table * (ty.hand_map == s)).sum(axis=1)
    sums = np.zeros((ty.n, 3))
    np.add.at(sums, ty.hand_type, per_hand)
    sigma = sums / ty.cnt[:, None]
    uniform = bool(np.abs(per_hand - sigma[ty.hand_type]).max() <= 1e-12)
    return np.ascontiguousarray(sigma), uniform


def to_hands(sigma: npt.NDArray[np.float64], rules: RuleSet = MACAU) -> npt.NDArray[np.float64]:
    """A type strategy as a hand table: each type setting's probability on the first of the
    hand's settings that make it."""
    ty = hand_types(rules)
    table = np.take_along_axis(sigma[ty.hand_type], ty.hand_map.astype(np.intp), axis=1)
    return np.ascontiguousarray(np.where(ty.first, table, 0.0))


@functools.lru_cache(maxsize=1)
def type_weights() -> npt.NDArray[np.uint8]:
    """W[i, j]: the hands of type j that avoid one hand of type i (each row sums to 20,475).
    The tiles' copies decide it, not the rules."""
    ty = hand_types(MACAU)  # the types' tile counts are the same under every hand order
    copies = np.zeros(17, dtype=np.uint8)
    for face in FACES:
        copies[face.rank - 1] += face.copies
    return _core.type_weights(ty.counts, copies)
