"""A slow, plain-Python Pai Gow written from docs/rules.md §1.1-1.5 and 1.9, for checking the engine.

It shares nothing with the engine but the tile list (``paigow.DECK``'s pips, by index): ranks,
points, hand order, settings, comparison and enumeration are all written again here.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import paigow

# Table 1: pips -> rank (1 strongest)
RANK = {
    (6, 6): 1, (1, 1): 2, (4, 4): 3, (1, 3): 4, (5, 5): 5, (3, 3): 6, (2, 2): 7, (5, 6): 8,
    (4, 6): 9, (1, 6): 10, (1, 5): 11, (4, 5): 12, (3, 6): 12, (3, 5): 13, (2, 6): 13,
    (3, 4): 14, (2, 5): 14, (2, 4): 15, (1, 4): 16, (2, 3): 16, (1, 2): 17,
}
PIPS = [tuple(sorted(t.pips)) for t in paigow.DECK]

# The US game (docs/rules.md §3.1): as singles, both Gee Joon tiles rank below the fives, equal
US_SINGLE = {**RANK, (2, 4): 20, (1, 2): 20}


@lru_cache(maxsize=None)
def hand_key(a: int, b: int, us: bool = False) -> tuple[int, ...]:
    """A tuple ordering two-tile hands (DECK indices) as the rules do: larger is stronger.
    ``us``: the US order, where a point hand's stronger tile is found by :data:`US_SINGLE`."""
    pa, pb = PIPS[a], PIPS[b]
    ra, rb = RANK[pa], RANK[pb]
    if {pa, pb} == {(2, 4), (1, 2)}:
        return (5,)
    if ra == rb:
        return (4, -ra)
    top = min(ra, rb)
    other = max(ra, rb)
    if top in (1, 2) and other == 12:
        return (3, -top)
    if top in (1, 2) and other in (3, 13):
        return (2, -top)

    def pts(p: tuple[int, int]) -> list[int]:
        return [3, 6] if p in ((2, 4), (1, 2)) else [sum(p) % 10]

    points = max((x + y) % 10 for x in pts(pa) for y in pts(pb))
    if us:
        return (1, points, -min(US_SINGLE[pa], US_SINGLE[pb]))
    return (1, points, -top)


def is_zero(key: tuple[int, ...]) -> bool:
    return key[0] == 1 and key[1] == 0


def arranged(hand: tuple[int, int, int, int], us: bool = False) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The three settings ab|cd, ac|bd, ad|bc as (front key, back key), smaller in front."""
    a, b, c, d = hand
    out = []
    for x, y in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        kx, ky = hand_key(*x, us=us), hand_key(*y, us=us)
        out.append((kx, ky) if kx <= ky else (ky, kx))
    return out


def decide(player: tuple[tuple[int, ...], tuple[int, ...]], banker: tuple[tuple[int, ...], tuple[int, ...]],
           us: bool = False, zero_back: bool = False) -> int:
    """The player's result: Art. 6, or with ``us`` the US game's (zero against zero goes to
    the banker in the back hands too, docs/rules.md §3.1); ``zero_back`` is that zero rule alone,
    in Macau's hand order (a toy rule set's)."""
    (pf, pb), (bf, bb) = player, banker
    front = pf > bf and not (is_zero(pf) and is_zero(bf))
    back = pb > bb and not ((us or zero_back) and is_zero(pb) and is_zero(bb))
    if front and back:
        return 1
    if not front and not back:
        return -1
    return 0


@lru_cache(maxsize=1)
def row_of() -> dict[tuple[int, ...], int]:
    return {h: i for i, h in enumerate(itertools.combinations(range(32), 4))}


def max_back_row(hand: tuple[int, ...], us: bool = False) -> list[float]:
    s = arranged(tuple(sorted(hand)), us)  # type: ignore[arg-type]
    best = max(range(3), key=lambda k: (s[k][1], s[k][0], -k))
    return [1.0 if k == best else 0.0 for k in range(3)]


def enumerate_counts(hand: tuple[int, int, int, int], table: object, banker_seat: bool,
                     zero_back: bool = False, us: bool = False, seen: tuple[int, ...] = ()) -> list[list[float]]:
    """For each setting of ``hand`` (in its settings() order), the expected (wins, pushes, losses)
    over all 20,475 hands of the 28 unseen tiles (those of the tiles neither in the hand nor in
    ``seen``: tiles both sides saw), the other side setting by ``table`` (a function of the
    sorted hand, or a (35960, 3) array); ``zero_back`` and ``us`` (the US game: its hand order
    and zero rule) as in :func:`decide`."""
    own = arranged(hand, us)
    unseen = [i for i in range(32) if i not in hand and i not in seen]
    rows = row_of()
    out = [[0.0, 0.0, 0.0] for _ in range(3)]
    for opp in itertools.combinations(unseen, 4):
        probs = table(opp) if callable(table) else table[rows[opp]]  # type: ignore[index]
        theirs = arranged(opp, us)
        for r in range(3):
            if probs[r] == 0:
                continue
            for k in range(3):
                res = (-decide(theirs[r], own[k], us, zero_back) if banker_seat
                       else decide(own[k], theirs[r], us, zero_back))
                out[k][1 - res] += probs[r]
    return out


def pair_counts(player: object, banker: object, seen: tuple[int, ...] = ()) -> tuple[float, float, float]:
    """The player's (wins, pushes, losses) summed over every pairing of two hands of the tiles
    not in ``seen`` (the player's hand, then the banker's from the tiles left), each side
    setting by a function of its sorted hand giving its three settings' probabilities."""
    unseen = [i for i in range(32) if i not in seen]
    out = [0.0, 0.0, 0.0]
    for p in itertools.combinations(unseen, 4):
        pp = player(p)  # type: ignore[operator]
        mine = arranged(p)
        rest = [i for i in unseen if i not in p]
        for b in itertools.combinations(rest, 4):
            bp = banker(b)  # type: ignore[operator]
            theirs = arranged(b)
            for k in range(3):
                if pp[k]:
                    for r in range(3):
                        if bp[r]:
                            out[1 - decide(mine[k], theirs[r])] += pp[k] * bp[r]
    return out[0], out[1], out[2]
