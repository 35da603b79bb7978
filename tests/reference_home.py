"""A slow, plain-Python home game (推牌九) written from docs/rules.md Part 4, for checking the engine.

It shares nothing with the engine but the tile list (``paigow.DECK``'s pips, by index): the pair
order, the specials, the single-tile order, points, the automatic setting and the comparison are
written again here from the text, with each option of Part 4 that changes a comparison:
``military`` (天 and 地 take military partners only), ``neutral`` (a copy counts for no one) and
``zero_to_banker`` (every zero against every zero goes to the banker, both hands).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import paigow

PIPS = [tuple(sorted(t.pips)) for t in paigow.DECK]

TEEN, DAY, YUN, HIGH_SEVEN = (6, 6), (1, 1), (4, 4), (1, 6)
GEE_JOON = {(1, 2), (2, 4)}

# The civil tiles, two of each; every other tile is military (one of each).
CIVIL = [(6, 6), (1, 1), (4, 4), (1, 3), (5, 5), (3, 3), (2, 2), (5, 6), (4, 6), (1, 6), (1, 5)]

# Pairs, strongest first: 至尊 (the two Gee Joon tiles), then the civil pairs, then the military
# pairs of equal pips (雜九 3-6 + 4-5, 雜八, 雜七, 雜五); a civil and a military tile never pair.
PAIRS = [frozenset(GEE_JOON)] + [frozenset({c}) for c in CIVIL] + [
    frozenset({(4, 5), (3, 6)}), frozenset({(3, 5), (2, 6)}), frozenset({(3, 4), (2, 5)}), frozenset({(1, 4), (2, 3)})]

# The single-tile order (天 地 人 鵝 梅 長三 板凳 斧頭 紅頭 高腳 銅錘 雜九 雜八 雜七 雜五 至尊), strongest
# first; military tiles of equal pips are equal, the two 至尊 tiles are equal.
SINGLES = [{c} for c in CIVIL] + [{(4, 5), (3, 6)}, {(3, 5), (2, 6)}, {(3, 4), (2, 5)}, {(1, 4), (2, 3)}, GEE_JOON]


def single(p: tuple[int, int]) -> int:
    """The place of a tile in the single-tile order, 0 the strongest."""
    return next(i for i, s in enumerate(SINGLES) if p in s)


def points(p: tuple[int, int], q: tuple[int, int]) -> int:
    """Pip sum mod 10, a Gee Joon tile counting 3 or 6, whichever is better."""
    def values(t: tuple[int, int]) -> list[int]:
        return [3, 6] if t in GEE_JOON else [sum(t)]
    return max((x + y) % 10 for x in values(p) for y in values(q))


def pair_place(p: tuple[int, int], q: tuple[int, int]) -> "int | None":
    for i, s in enumerate(PAIRS):
        if p in s and q in s and (p != q or len(s) == 1):
            return i
    return None


def hand_key(a: int, b: int, military: bool = False) -> tuple[int, ...]:
    """A tuple ordering two-tile hands (DECK indices): larger is stronger, equal is a copy."""
    p, q = PIPS[a], PIPS[b]
    place = pair_place(p, q)
    if place is not None:
        return (3, -place)
    for head_rank, head in ((1, TEEN), (0, DAY)):
        if head in (p, q) and p != q:
            other = q if p == head else p
            civil = other in CIVIL
            if military and civil:
                continue
            total = sum(other)
            # 天王 > 地王 > 天槓 > 地槓 > 天高九 > 地高九: the kind (a 9, any 8, any 7), then the head
            if total in (9, 8, 7):
                return (2, total, head_rank)
    pts = points(p, q)
    if pts == 0:
        return (1, 0)  # every zero is equal
    return (1, pts, -min(single(p), single(q)))


def is_zero(key: tuple[int, ...]) -> bool:
    return key == (1, 0)


def arranged(hand: tuple[int, int, int, int], military: bool = False) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The three settings ab|cd, ac|bd, ad|bc as (front key, back key): front ≤ back."""
    a, b, c, d = hand
    out = []
    for x, y in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        kx, ky = hand_key(*x, military=military), hand_key(*y, military=military)
        out.append((kx, ky) if kx <= ky else (ky, kx))
    return out


def half(p: tuple[int, ...], b: tuple[int, ...], neutral: bool, zero_to_banker: bool) -> int:
    """One hand, the player's: +1 won, -1 lost, 0 a copy that counts for no one."""
    if p > b and not (zero_to_banker and is_zero(p) and is_zero(b)):
        return 1
    if neutral and p == b and not (zero_to_banker and is_zero(p)):
        return 0
    return -1


def decide(player: tuple[tuple[int, ...], tuple[int, ...]], banker: tuple[tuple[int, ...], tuple[int, ...]],
           neutral: bool = False, zero_to_banker: bool = True) -> int:
    """The door's result: both halves won +1, both lost -1, one each a push; with ``neutral`` a
    copy counts for no one (won + copy wins, lost + copy loses, copy + copy a push)."""
    s = half(player[0], banker[0], neutral, zero_to_banker) + half(player[1], banker[1], neutral, zero_to_banker)
    return (s > 0) - (s < 0)


def max_front(hand: tuple[int, int, int, int], military: bool = False) -> int:
    """acc2023156's automatic setting: the split with the largest front, then the largest back;
    the first such split in ab|cd, ac|bd, ad|bc order."""
    s = arranged(hand, military)
    return max(range(3), key=lambda k: (s[k][0], s[k][1], -k))


@lru_cache(maxsize=1)
def all_hands() -> list[tuple[int, int, int, int]]:
    return list(itertools.combinations(range(32), 4))  # type: ignore[arg-type]
