"""Tile classes of the US game and its 3,620 distinct hands (docs/rules.md §3.1, docs/houseway.md).

In the US order the two Gee Joon tiles are equal as singles and the two faces of a mixed rank
are equal for every purpose: a tile's *class* is Table 1's rank with both Gee Joon tiles one
class, 16 classes, and a hand is set by the multiset of its four classes.

>>> hand_class(Tile(1, 2)) == hand_class(Tile(2, 4)) == GJ, CLASS_NAMES[FIVE]
(True, 'five')
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable
from typing import Any

from paigow.setting import SPLITS
from paigow.tiles import DECK, Tile

__all__ = ["TEEN", "DAY", "YUN", "GOR", "MOOY", "CHONG", "BON", "FOO", "PING", "TIT", "LOOK", "NINE", "BOT",
           "LOW7", "GJ", "FIVE", "CLASS_NAMES", "GROUPS", "hand_class", "distinct_hands", "key_of",
           "representative", "map_split", "key_array", "distinct_keys", "distinct_faces", "DISTINCT_HAND_COUNT", "TILE_ORDER"]

TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK, NINE, BOT, LOW7, GJ, FIVE = range(1, 17)

CLASS_NAMES = {TEEN: "Teen", DAY: "Day", YUN: "Yun", GOR: "Gor", MOOY: "Mooy", CHONG: "Chong", BON: "Bon",
               FOO: "Foo", PING: "Ping", TIT: "Tit", LOOK: "Look", NINE: "nine", BOT: "low-eight",
               LOW7: "low-seven", GJ: "gee-joon", FIVE: "five"}
"""Each class's name in a way file (docs/houseway.md)."""

GROUPS: dict[str, frozenset[int]] = {
    "teen-day": frozenset({TEEN, DAY}), "2s": frozenset({DAY}), "12s": frozenset({TEEN}),
    "4s": frozenset({GOR, BON}), "5s": frozenset({FIVE}), "6s": frozenset({CHONG, LOOK}),
    "7s": frozenset({TIT, LOW7}), "8s": frozenset({YUN, BOT}), "9s": frozenset({NINE}),
    "10s": frozenset({MOOY, PING}), "11s": frozenset({FOO}), "any": frozenset(range(1, 17)),
}
"""The groups of classes a way file may name: the 2 (Day), the 12 (Teen), a pip count's tiles."""

TILE_ORDER = {c: (16 if c == GJ else 15 if c == FIVE else c) for c in range(1, 17)}
"""Single tiles in the US order, strongest first (both Gee Joon tiles lowest, docs/rules.md §3.1)."""

DISTINCT_HAND_COUNT = 3620
"""Distinct hands of the US game: multisets of four of the 16 classes, at most two of each."""


def hand_class(tile: Tile) -> int:
    """A tile's class in the US game: Table 1's rank (1-14, 16), with both Gee Joon tiles 15.

    >>> hand_class(Tile(1, 2)) == hand_class(Tile(2, 4)) == 15, hand_class(Tile(1, 4))
    (True, 16)
    """
    return 15 if tile.rank == 17 else tile.rank


# one tile standing for each class, in deck order (a mixed class's second copy is its other face)
_CLASS_TILES: dict[int, tuple[Tile, ...]] = {}
for _t in DECK:
    _CLASS_TILES[hand_class(_t)] = _CLASS_TILES.get(hand_class(_t), ()) + (_t,)


def key_of(tiles: Iterable[Tile]) -> tuple[int, int, int, int]:
    """The classes of four tiles, ascending: their distinct hand."""
    k = tuple(sorted(hand_class(t) for t in tiles))
    return (k[0], k[1], k[2], k[3])


def representative(key: tuple[int, ...]) -> tuple[Tile, Tile, Tile, Tile]:
    """The tiles standing for a distinct hand: the first face of a class first."""
    seen: Counter[int] = Counter()
    out = []
    for c in key:
        out.append(_CLASS_TILES[c][seen[c]])
        seen[c] += 1
    return (out[0], out[1], out[2], out[3])


@functools.lru_cache(maxsize=1)
def key_array() -> Any:
    """The 3,620 distinct hands as an (N, 4) array of classes, rows ascending."""
    import numpy as np

    from paigow.game.handtypes import all_hands

    cls = np.array([hand_class(t) for t in DECK], dtype=np.int64)
    h = cls[all_hands().astype(np.intp)]
    lo1, hi1 = np.minimum(h[:, 0], h[:, 1]), np.maximum(h[:, 0], h[:, 1])  # a sorting network of 4
    lo2, hi2 = np.minimum(h[:, 2], h[:, 3]), np.maximum(h[:, 2], h[:, 3])
    a, c = np.minimum(lo1, lo2), np.maximum(lo1, lo2)
    b, d = np.minimum(hi1, hi2), np.maximum(hi1, hi2)
    b, c = np.minimum(b, c), np.maximum(b, c)
    codes = np.unique(((a * 17 + b) * 17 + c) * 17 + d)
    keys = np.stack([codes // 4913, codes // 289 % 17, codes // 17 % 17, codes % 17], axis=1)
    assert len(keys) == DISTINCT_HAND_COUNT
    return keys


@functools.lru_cache(maxsize=1)
def distinct_keys() -> tuple[tuple[int, int, int, int], ...]:
    """The 3,620 distinct hands as class tuples, ascending."""
    return tuple((a, b, c, d) for a, b, c, d in key_array().tolist())


@functools.lru_cache(maxsize=1)
def distinct_faces() -> Any:
    """The faces of the tiles standing for each distinct hand (:func:`distinct_hands`), as a
    read-only (3620, 4) array: a class's first face first (4-5 before 3-6, 2-4 before 1-2)."""
    import numpy as np

    keys = key_array()
    first = np.array([_CLASS_TILES[c][0].face if c in _CLASS_TILES else 0 for c in range(17)])
    second = np.array([_CLASS_TILES[c][-1].face if c in _CLASS_TILES else 0 for c in range(17)])
    again = np.zeros(keys.shape, dtype=bool)
    again[:, 1:] = keys[:, 1:] == keys[:, :-1]
    out = np.where(again, second[keys], first[keys])
    out.flags.writeable = False
    return out


@functools.lru_cache(maxsize=1)
def distinct_hands() -> tuple[tuple[Tile, Tile, Tile, Tile], ...]:
    """The 3,620 distinct hands, one tuple of tiles standing for each (its classes ascending;
    the first face of a class first: 4-5 before 3-6, 2-4 before 1-2).

    >>> len(distinct_hands()), [str(t) for t in distinct_hands()[0]]
    (3620, ['6-6', '6-6', '1-1', '1-1'])
    """
    return tuple(representative(k) for k in distinct_keys())


def map_split(t: tuple[Tile, ...], split: int) -> int:
    """The split of tiles ``t`` (in their settings() order) that is the split ``split`` of the
    same tiles sorted as their distinct hand's standing tiles are."""
    order = sorted(range(4), key=lambda i: (hand_class(t[i]), t[i].face))
    i, j, _, _ = SPLITS[split]
    pair = {order[i], order[j]}
    for k, (a, b, c, d) in enumerate(SPLITS):
        if {a, b} == pair or {c, d} == pair:
            return k
    raise AssertionError("unreachable")  # pragma: no cover
