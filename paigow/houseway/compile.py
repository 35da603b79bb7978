"""A way file's rules compiled into the way's decisions: for each of the 3,620 distinct hands,
the split and the rule that decided it (docs/houseway.md, "The way file").

Every rule is evaluated over all distinct hands at once, on arrays of the three settings of
each hand (:func:`features`): a rule's conditions are masks of hands, its steps narrow a mask of
settings. The first rule that applies to a hand decides it. Checks made here name the rule's
line: a rule that applies to no hand at all, a rule that sets a foul.

>>> from paigow.houseway.format import EXAMPLE, read_way_text
>>> splits, rules = compile_way(read_way_text(EXAMPLE, "example"))
>>> splits.shape, int(rules.max())
((3620,), 1)
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.hands import Category, Hand
from paigow.houseway.classes import BOT, DAY, LOW7, NINE, TEEN, TILE_ORDER, TIT, YUN, distinct_hands, hand_class
from paigow.houseway.format import KINDS, RANKS, WayFile, WayFileError
from paigow.setting import SPLITS, settings_of

__all__ = ["Features", "features", "compile_way"]

Mask = Any  # boolean arrays: numpy's stubs type comparisons and reductions loosely
_N = 3620


@dataclasses.dataclass(frozen=True)
class Features:
    """The three settings of every distinct hand (``settings_of`` of its standing tiles), as
    arrays: US ranks, points (a pair 12, a Wong 11, a Gong 10), kinds (:data:`KINDS` bits),
    classes of each hand, and the hand's classes and strongest single tile."""

    rank: npt.NDArray[np.int64]     # (N, 3, 2): low, high
    points: npt.NDArray[np.int64]   # (N, 3, 2)
    kind: npt.NDArray[np.int64]     # (N, 3, 2)
    cls: npt.NDArray[np.int64]      # (N, 3, 2, 2): the classes of the low and high hands
    hand: npt.NDArray[np.int64]     # (N, 4): classes ascending
    count: npt.NDArray[np.int64]    # (N, 17): tiles of each class
    top: npt.NDArray[np.int64]      # (N,): the class of the strongest single tile


def _points(h: Hand) -> int:
    cat = h.category
    if cat in (Category.PAIR, Category.GEE_JOON):
        return 12
    if cat is Category.WONG:
        return 11
    if cat is Category.GONG:
        return 10
    return h.points


def _kind(a: int, b: int) -> int:
    if a == b:
        return KINDS["pair"]
    if a not in (TEEN, DAY):
        a, b = b, a
    if a not in (TEEN, DAY) or b in (TEEN, DAY):
        return 0
    return {NINE: 1, YUN: 2, BOT: 2, TIT: 4, LOW7: 4}.get(b, 0)


@functools.lru_cache(maxsize=1)
def _face_tables() -> tuple[npt.NDArray[np.int64], ...]:
    """By face pair (21 x 21): the Macau rank, the US rank, the points as the ways count them,
    the kind (:data:`KINDS` bits); by face: the class."""
    from paigow.hands import face_hand_ranks
    from paigow.tiles import DECK

    by_face = {t.face: t for t in DECK}
    macau = np.array(face_hand_ranks("macau"), dtype=np.int64)
    us = np.array(face_hand_ranks("us"), dtype=np.int64)
    points = np.zeros((21, 21), dtype=np.int64)
    kind = np.zeros((21, 21), dtype=np.int64)
    cls = np.array([hand_class(by_face[f]) for f in range(21)], dtype=np.int64)
    for a in range(21):
        for b in range(21):
            if macau[a, b] >= 0:
                points[a, b] = _points(Hand._of(by_face[a], by_face[b]))
                kind[a, b] = _kind(int(cls[a]), int(cls[b]))
    return macau, us, points, kind, cls


@functools.lru_cache(maxsize=1)
def features() -> Features:
    """The settings of the 3,620 distinct hands as arrays (built once a process, from tables by
    face: as ``settings_of`` arranges a split, the smaller hand in Macau's order in front)."""
    from paigow.houseway.classes import distinct_faces

    macau, us, points, kind, fcls = _face_tables()
    faces = distinct_faces()  # (N, 4), the standing tiles' faces
    rank = np.zeros((_N, 3, 2), dtype=np.int64)
    pts = np.zeros((_N, 3, 2), dtype=np.int64)
    knd = np.zeros((_N, 3, 2), dtype=np.int64)
    cls = np.zeros((_N, 3, 2, 2), dtype=np.int64)
    for k, (i, j, m, n) in enumerate(SPLITS):
        a = np.sort(faces[:, [i, j]], axis=1)  # a hand's tiles by face, as Hand keeps them
        b = np.sort(faces[:, [m, n]], axis=1)
        ra, rb = macau[a[:, 0], a[:, 1]], macau[b[:, 0], b[:, 1]]
        lex = (a[:, 0] < b[:, 0]) | ((a[:, 0] == b[:, 0]) & (a[:, 1] < b[:, 1]))
        swap = (ra > rb) | ((ra == rb) & lex)
        lo = np.where(swap[:, None], b, a)
        hi = np.where(swap[:, None], a, b)
        for side, h in enumerate((lo, hi)):
            rank[:, k, side] = us[h[:, 0], h[:, 1]]
            pts[:, k, side] = points[h[:, 0], h[:, 1]]
            knd[:, k, side] = kind[h[:, 0], h[:, 1]]
            cls[:, k, side] = fcls[h]
    hand = fcls[faces]
    count = np.zeros((_N, 17), dtype=np.int64)
    for j in range(4):
        np.add.at(count, (np.arange(_N), hand[:, j]), 1)
    order = np.array([TILE_ORDER.get(c, 99) for c in range(17)])
    top = hand[np.arange(_N), np.argmin(order[hand], axis=1)]
    return Features(rank, pts, knd, cls, hand, count, top)


@functools.lru_cache(maxsize=None)
def _rank_of(name: str) -> int:
    return Hand.parse(RANKS[name]).rank_in("us")


def _member(x: npt.NDArray[np.int64], classes: frozenset[int]) -> Mask:
    lut = np.zeros(17, dtype=bool)
    lut[sorted(classes)] = True
    out: Mask = lut[x]
    return out


def _setting_test(f: Features, alts: tuple[Any, ...]) -> Mask:
    out = np.zeros((_N, 3), dtype=bool)
    for conj in alts:
        m = np.ones((_N, 3), dtype=bool)
        for atom in conj:
            m &= _setting_atom(f, atom)
        out |= m
    return out


def _any3(m: Mask) -> Mask:
    """Of an (N, 3) mask, whether any of each hand's three settings holds (numpy's any along a
    short last axis is many times slower)."""
    return m[:, 0] | m[:, 1] | m[:, 2]


def _side(side: str) -> int:
    return 0 if side == "low" else 1


_ATOMS: dict[tuple[Any, ...], Mask] = {}
"""Each test's mask over the distinct hands, once a process (the hands' features never change)."""


def _setting_atom(f: Features, atom: tuple[Any, ...]) -> Mask:
    key = ("setting",) + atom
    got = _ATOMS.get(key)
    if got is None:
        got = _setting_mask(f, atom)
        got.flags.writeable = False
        if len(_ATOMS) < 4096:
            _ATOMS[key] = got
    return got


def _setting_mask(f: Features, atom: tuple[Any, ...]) -> Mask:
    op = atom[0]
    if op in ("keep", "split"):
        keep = (f.kind[:, :, 0] & 8).astype(bool) | (f.kind[:, :, 1] & 8).astype(bool)
        return keep if op == "keep" else ~keep
    if op == "best":
        lo, hi = f.rank[:, :, 0], f.rank[:, :, 1]
        return (lo == lo.max(axis=1, keepdims=True)) & (hi == hi.max(axis=1, keepdims=True))
    if op == "top_in":
        inside = (f.cls[:, :, _side(atom[1])] == f.top[:, None, None]).any(axis=2)
        return inside if atom[2] else ~inside
    if op == "together":
        a, b = atom[1], atom[2]
        out = np.zeros((_N, 3), dtype=bool)
        for side in (0, 1):
            x, y = f.cls[:, :, side, 0], f.cls[:, :, side, 1]
            out |= (_member(x, a) & _member(y, b)) | (_member(x, b) & _member(y, a))
        return out
    s = _side(atom[1])
    if op == "is":
        return (f.kind[:, :, s] & atom[2]).astype(bool)
    if op == "has":
        return _member(f.cls[:, :, s], atom[2]).any(axis=2)
    if op == "points":
        v, n = f.points[:, :, s], atom[3]
        return v >= n if atom[2] == ">=" else v <= n if atom[2] == "<=" else v == n
    if op == "rank":
        v, n = f.rank[:, :, s], _rank_of(atom[3])
        return v >= n if atom[2] == ">=" else v < n
    raise AssertionError(op)  # pragma: no cover


def _hand_test(f: Features, alts: tuple[Any, ...]) -> Mask:
    out = np.zeros(_N, dtype=bool)
    for conj in alts:
        m = np.ones(_N, dtype=bool)
        for atom in conj:
            m &= _hand_atom(f, atom)
        out |= m
    return out


def _others(f: Features) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Mask]:
    """Of hands with one pair, the two other tiles (classes), and which hands have one pair."""
    one = (f.count == 2).sum(axis=1) == 1
    p = np.argmax(f.count == 2, axis=1)
    rest = np.where(f.hand == p[:, None], 99, f.hand)
    rest.sort(axis=1)
    return rest[:, 0], rest[:, 1], one


def _hand_atom(f: Features, atom: tuple[Any, ...]) -> Mask:
    key = ("hand",) + atom
    got = _ATOMS.get(key)
    if got is None:
        got = _hand_mask(f, atom)
        got.flags.writeable = False
        if len(_ATOMS) < 4096:
            _ATOMS[key] = got
    return got


def _hand_mask(f: Features, atom: tuple[Any, ...]) -> Mask:
    op = atom[0]
    pairs = (f.count == 2).sum(axis=1)
    if op == "pairs":
        return pairs == atom[1]
    if op == "pair_of":
        return (pairs == 1) & (f.count[:, sorted(atom[1])] == 2).any(axis=1)
    if op in ("others_in", "others_are"):
        x, y, one = _others(f)
        if op == "others_in":
            return one & _member(x, atom[1]) & _member(y, atom[1])
        a, b = atom[1], atom[2]
        return one & ((_member(x, a) & _member(y, b)) | (_member(x, b) & _member(y, a)))
    if op == "has":
        return _member(f.hand, atom[1]).any(axis=1)
    if op == "has_no":
        return ~_member(f.hand, atom[1]).any(axis=1)
    if op == "hand":
        return _fills(f, atom[1])
    if op == "some":
        return _any3(_setting_atom(f, atom[1]))
    if op == "no":
        return ~_any3(_setting_atom(f, atom[1]))
    raise AssertionError(op)  # pragma: no cover


def _fills(f: Features, slots: tuple[frozenset[int], ...]) -> Mask:
    """The hand's four tiles fill the four slots, in some order."""
    import itertools

    codes = {tuple(sorted(p)) for p in itertools.product(*(sorted(x) for x in slots))}
    want = np.array(sorted(((a * 17 + b) * 17 + c) * 17 + d for a, b, c, d in codes), dtype=np.int64)
    h = f.hand
    key = ((h[:, 0] * 17 + h[:, 1]) * 17 + h[:, 2]) * 17 + h[:, 3]
    out: Mask = np.isin(key, want)
    return out


def _pick(f: Features, cand: Mask, high_first: bool) -> npt.NDArray[np.intp]:
    """Of each hand's candidate settings, the max high (the strongest high hand, then the
    strongest low) or the max low; the first in settings() order among equals."""
    key = np.where(cand, _pick_keys(f)[0 if high_first else 1], -1)
    out: npt.NDArray[np.intp] = np.argmax(key, axis=1)
    return out


_PICK_KEYS: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}


def _pick_keys(f: Features) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The keys of the max high and the max low (the features are one object a process)."""
    got = _PICK_KEYS.get(id(f))
    if got is None:
        lo, hi = f.rank[:, :, 0], f.rank[:, :, 1]
        got = _PICK_KEYS[id(f)] = (hi * 1000 + lo, lo * 1000 + hi)
    return got


def _one_hot(k: npt.NDArray[np.intp]) -> Mask:
    out = np.zeros((_N, 3), dtype=bool)
    out[np.arange(_N), k] = True
    return out


def _run(f: Features, rule: Any, off: frozenset[str]) -> tuple[Mask, npt.NDArray[np.intp], Mask]:
    """Where a rule applies, the split it chooses there, and where that split as the rule places
    its hands (``place``) fouls."""
    placed: list[tuple[int, frozenset[int], frozenset[int]]] = []
    alive = np.ones(_N, dtype=bool)
    for alts in rule.when:
        alive &= _hand_test(f, alts)
    cand = np.ones((_N, 3), dtype=bool)
    for op, tag, arg in rule.steps:
        if tag is not None and tag in off:
            continue
        if op == "only":
            cand &= _setting_test(f, arg)
        elif op == "prefer":
            better = cand & _setting_test(f, arg)
            cand = np.where(_any3(better)[:, None], better, cand)
        elif op == "require":
            cand = _one_hot(_pick(f, cand, True)) & _setting_test(f, arg) & cand
        elif op in ("max_high", "max_low"):
            cand = _one_hot(_pick(f, cand, op == "max_high")) & cand
        elif op == "most_points":
            total = np.where(cand, f.points.sum(axis=2), -1)
            cand &= total == np.maximum(np.maximum(total[:, 0], total[:, 1]), total[:, 2])[:, None]
        elif op == "same_points":
            k = _pick(f, cand, True)
            chosen = f.points[np.arange(_N), k]
            same = f.points == chosen[:, None, :]
            cand = same[:, :, 0] & same[:, :, 1] & _any3(cand)[:, None]
        elif op == "all":
            cand = np.repeat(_any3(cand)[:, None], 3, axis=1)
        elif op == "place":
            side, a, b = arg
            cand &= _setting_atom(f, ("together", a, b))
            placed.append((side, a, b))
        elif op == "keep_if_higher":
            k = _pick(f, cand, True)
            kept = _pick(f, _setting_atom(f, ("keep",)), True)
            rows = np.arange(_N)
            higher: Mask = f.rank[rows, kept] > f.rank[rows, k]
            cand = _one_hot(kept) & (_any3(cand) & higher[:, 0] & higher[:, 1])[:, None]
        alive &= _any3(cand)
    k = _pick(f, cand, True)
    return alive, k, _fouls(f, k, placed)


def _fouls(f: Features, k: npt.NDArray[np.intp], placed: list[tuple[int, frozenset[int], frozenset[int]]]) -> Mask:
    """Hands where the split ``k``, one of its hands placed as ``placed`` says (in the low or the
    high hand), puts a high hand ranking below the low hand: the dealer's arrangement has it on
    the other side, and the two hands are not a copy."""
    rows = np.arange(_N)
    foul = np.zeros(_N, dtype=bool)
    for side, a, b in placed:
        x, y = f.cls[rows, k, 0, 0], f.cls[rows, k, 0, 1]
        in_low = (_member(x, a) & _member(y, b)) | (_member(x, b) & _member(y, a))
        moved = in_low if side == 1 else ~in_low
        foul |= moved & (f.rank[rows, k, 1] != f.rank[rows, k, 0])
    return foul


def compile_way(way: WayFile, off: frozenset[str] = frozenset(),
                check: bool = True) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16]]:
    """The way's split (``settings()`` order of each distinct hand's standing tiles) and rule
    (index in ``way.rules``) of every distinct hand. Rules tagged (or with an id) in ``off``,
    and steps tagged so, are left out. With ``check``, a rule that applies to no hand or sets
    a foul is a :class:`WayFileError` naming its line; a hand no rule decides names the first."""
    f = features()
    split = np.full(_N, -1, dtype=np.int8)
    which = np.full(_N, -1, dtype=np.int16)
    for i, rule in enumerate(way.rules):
        if (rule.tags | {rule.id}) & off:
            continue
        applies, k, foul = _run(f, rule, off)
        if check:
            _check(way, rule, f, applies, k, foul)
        new = applies & (split < 0)
        split[new] = k[new]
        which[new] = i
    if (split < 0).any():
        n = int(np.argmax(split < 0))
        hand = " ".join(str(t) for t in distinct_hands()[n])
        raise WayFileError(f"{way.where}: no rule decides the hand {hand} (and {int((split < 0).sum()) - 1} "
                           "others): the last rule should apply to every hand", code="houseway.way")
    return split, which


def _check(way: WayFile, rule: Any, f: Features, applies: Mask, k: npt.NDArray[np.intp], foul: Mask) -> None:
    where = f"{way.where} line {rule.line}: rule {rule.id!r}"
    if not applies.any():
        raise WayFileError(f"{where} applies to no hand (its conditions and steps never hold together)",
                           code="houseway.never")
    rows = np.arange(_N)
    foul = applies & (foul | (f.rank[rows, k, 1] < f.rank[rows, k, 0]))
    if foul.any():
        n = int(np.argmax(foul))
        s = settings_of(distinct_hands()[n])[int(k[n])]
        raise WayFileError(f"{where} sets a foul: on the hand {' '.join(map(str, distinct_hands()[n]))} it places "
                           f"{s.back} in the low hand and {s.front} in the high hand, the high hand ranking below "
                           "the low hand (docs/rules.md §3.1)", code="houseway.foul")

