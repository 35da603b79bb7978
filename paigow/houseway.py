"""House ways: how the dealer of the US game sets the house's hand (docs/rules.md §3.2).

A house way is a setting strategy that says *why*: :meth:`HouseWay.set` gives the setting of
four tiles and the rule that decided it. Ways are over the US hand order (docs/rules.md §3.1),
in which the two Gee Joon tiles are equal as singles and the two faces of a mixed rank are equal
for every purpose, so a way sets the 3,620 *distinct hands* (multisets of four of the 16 tile
classes: Table 1's ranks with 2-4 and 1-2 as one) and every hand of one class multiset alike.

- :data:`FOXWOODS`: the Foxwoods house way, as docs/rules.md §3.2 reads it.
- :data:`CANBERRA`: the Casino Canberra house way, as docs/houseway.md reads it.
- :func:`read_house_way`: a casino's own way from a file of one row per distinct hand
  (docs/houseway.md gives the format); :meth:`HouseWay.export` writes any way in it.
- :meth:`HouseWay.table`: the way as a (35960, 3) strategy table, probability 1 on its setting.

>>> d = house_way("foxwoods").set("6-6 6-6 4-4 1-6")
>>> str(d.setting), d.rule
('6-6 1-6 | 6-6 4-4', 'pair C: split 2s/12s')
>>> d = house_way("foxwoods").set("1-1 3-5 3-4 1-3")
>>> str(d.setting), d.rule
('1-3 3-4 | 1-1 3-5', 'WGH exception: Gong over High Nine')
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import hashlib
import io
import itertools
import os
import pathlib
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import IO, Any, Optional, cast

from paigow.batch import setting_batch
from paigow.errors import InvalidStrategyError, PaigowError
from paigow.hands import Category, Hand
from paigow.game.handtypes import same_game
from paigow.rules import US, RuleSet, RulesLike, clean_rules
from paigow.setting import SPLITS, Setting, settings_of
from paigow.strategies import Strategy
from paigow.tiles import DECK, Tile, TileLike, clip_text, parse_tiles

__all__ = ["HouseWay", "WaySetting", "FOXWOODS", "CANBERRA", "HOUSE_WAYS", "house_way", "read_house_way",
           "distinct_hands", "hand_class", "DISTINCT_HAND_COUNT", "FILE_HEADER", "RULE_IDS", "foxwoods_without",
           "CANBERRA_RULE_IDS", "canberra_without",
           "is_house_way"]

# ---------------------------------------------------------------------------------------------
# tile classes: Table 1's ranks, the two Gee Joon tiles as one (US order, docs/rules.md §3.1)

TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK, NINE, BOT, LOW7, GJ, FIVE = range(1, 17)
_NAMES = {TEEN: "Teen", DAY: "Day", YUN: "Yun", GOR: "Gor", MOOY: "Mooy", CHONG: "Chong", BON: "Bon", FOO: "Foo",
          PING: "Ping", TIT: "Tit", LOOK: "Look", NINE: "nine", BOT: "low eight", LOW7: "low seven",
          GJ: "Gee Joon", FIVE: "five"}
_TD = frozenset({TEEN, DAY})
_SEVENS = frozenset({TIT, LOW7})
_EIGHTS = frozenset({YUN, BOT})
_FOURS = frozenset({GOR, BON})
_SIXES = frozenset({CHONG, LOOK})
_TENS = frozenset({MOOY, PING})


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

DISTINCT_HAND_COUNT = 3620
"""Distinct hands of the US game: multisets of four of the 16 classes, at most two of each."""


def _key_of(tiles: Iterable[Tile]) -> tuple[int, int, int, int]:
    k = tuple(sorted(hand_class(t) for t in tiles))
    return (k[0], k[1], k[2], k[3])


def _representative(key: tuple[int, ...]) -> tuple[Tile, Tile, Tile, Tile]:
    seen: Counter[int] = Counter()
    out = []
    for c in key:
        out.append(_CLASS_TILES[c][seen[c]])
        seen[c] += 1
    return (out[0], out[1], out[2], out[3])


@functools.lru_cache(maxsize=1)
def distinct_hands() -> tuple[tuple[Tile, Tile, Tile, Tile], ...]:
    """The 3,620 distinct hands, one tuple of tiles standing for each (its classes ascending;
    the first face of a class first: 4-5 before 3-6, 2-4 before 1-2).

    >>> len(distinct_hands()), [str(t) for t in distinct_hands()[0]]
    (3620, ['6-6', '6-6', '1-1', '1-1'])
    """
    keys = sorted({_key_of(DECK[i] for i in h) for h in itertools.combinations(range(32), 4)})
    assert len(keys) == DISTINCT_HAND_COUNT
    return tuple(_representative(k) for k in keys)


# ---------------------------------------------------------------------------------------------
# the decision as a value


@dataclasses.dataclass(frozen=True)
class WaySetting:
    """A house way's setting of four tiles and the rule that decided it.

    ``split`` is the setting's index in ``settings()`` order of the tiles as they were given.
    """

    setting: Setting
    rule: str
    split: int
    way: str

    def to_json(self) -> dict[str, object]:
        """``{"way", "setting", "rule", "split"}``, the setting as :meth:`Setting.to_json`."""
        return {"way": self.way, "setting": self.setting.to_json(), "rule": self.rule, "split": self.split}


# ---------------------------------------------------------------------------------------------
# house ways


_KEEP = 1 << 18  # answers kept per way: the faces of every order of every hand, and some indices


class HouseWay:
    """A house way: for each distinct hand, one setting and the rule that decided it.

    Subclasses state :meth:`_decide` (the split of a hand's standing tiles, in their
    ``settings()`` order, and the rule); the rest is common: :meth:`set`, :meth:`table`,
    :meth:`export`, :meth:`digest`. Decisions are made once per distinct hand.
    """

    name: str
    rules: RuleSet = US
    source: str = ""

    def _decide(self, tiles: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"house_way({self.name!r})"

    @functools.cached_property
    def _decisions(self) -> dict[tuple[int, int, int, int], tuple[int, str]]:
        return {}  # filled as hands are asked for: a distinct hand is decided once

    def decision(self, tiles: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:
        """The split (in ``settings()`` order of the tiles standing for their distinct hand,
        :func:`distinct_hands`) and rule of four tiles already checked against the deck."""
        key = _key_of(tiles)
        found = self._decisions.get(key)
        if found is None:
            found = self._decisions[key] = self._decide(_representative(key))
        return found

    @functools.cached_property
    def _kept(self) -> dict[Any, WaySetting]:
        return {}  # answers by the hand as given (its faces in order, or its DECK indices)

    def set(self, tiles: "str | Iterable[TileLike] | tuple[int, int, int, int]") -> WaySetting:
        """The way's setting of four tiles (text, tiles or four DECK indices), and the rule that
        decided it. A hand met before is a look-up: one hand per call costs a dictionary read.

        >>> FOXWOODS.set("天 天 至尊 鹅").rule
        'rule 0: best in both hands'
        >>> FOXWOODS.set((0, 1, 28, 6)) == FOXWOODS.set("天 天 至尊 鹅")
        True
        """
        kept = self._kept
        if type(tiles) is tuple or type(tiles) is str:
            got = kept.get(tiles)  # the same text, tiles or indices met before (only checked ones are kept)
            if got is not None:
                return got
            if len(tiles) == 4 and all(type(x) is int for x in tiles):
                indices = cast("tuple[int, int, int, int]", tiles)
                setting_batch([indices])  # the batch's check, with its errors
                got = self._set(tuple(DECK[i] for i in indices))
                if len(kept) < _KEEP:
                    kept[tiles] = got
                return got
        t = parse_tiles(cast("str | Iterable[TileLike]", tiles), count=4)
        key = ("faces", t[0].face, t[1].face, t[2].face, t[3].face)  # apart from four DECK indices
        got = kept.get(key)
        if got is None:
            got = self._set(t)
            if len(kept) < _KEEP:
                kept[key] = got
        if (type(tiles) is str or type(tiles) is tuple) and len(kept) < _KEEP:
            kept[tiles] = got  # checked: the text or tiles as given, for the next call
        return got

    def _set(self, t: tuple[Tile, ...]) -> WaySetting:
        split, rule = self.decision((t[0], t[1], t[2], t[3]))
        k = _map_split(t, split)
        return WaySetting(settings_of(t)[k], rule, k, self.name)

    def settings_of_all(self) -> Iterator[tuple[tuple[Tile, Tile, Tile, Tile], Setting, str]]:
        """Each distinct hand (its standing tiles), its setting and rule, in
        :func:`distinct_hands` order."""
        for t in distinct_hands():
            split, rule = self.decision(t)
            yield t, settings_of(t)[split], rule

    def digest(self) -> str:
        """SHA-256 of the way's setting of every distinct hand (rules left out), as the lines
        ``hand<TAB>low | high`` of :meth:`settings_of_all`: two ways with one digest set every
        hand alike."""
        h = hashlib.sha256()
        for t, s, _ in self.settings_of_all():
            h.update(f"{' '.join(map(str, t))}\t{s}\n".encode())
        return h.hexdigest()

    @functools.cached_property
    def _strategy(self) -> Strategy:
        return Strategy(self.table(), name=self.name)

    def strategy(self, rules: RulesLike = US) -> Strategy:
        """The way as a :class:`paigow.Strategy` named after it (one per way), for advice and
        game values in the game of ``rules``, which must be the way's (the US game; anything
        else is InvalidStrategyError, code ``houseway.rules``).

        >>> s = FOXWOODS.strategy()
        >>> s.name, s.is_pure, s is FOXWOODS.strategy("us")
        ('foxwoods', True, True)
        """
        g = clean_rules(rules)
        if not same_game(g, self.rules):
            raise InvalidStrategyError(
                f"the house way {self.name!r} sets hands in the game of rule set {self.rules.name!r} "
                f"(docs/rules.md §3); rule set {g.name!r} is another game: use rules={self.rules.name!r}",
                code="houseway.rules")
        return self._strategy

    def table(self) -> Any:
        """The way as a strategy: a read-only (35960, 3) float64 table, row i the i-th hand of
        ``itertools.combinations(range(32), 4)`` (``paigow.all_hands()``), probability 1 on the
        way's setting in ``settings()`` order of that hand's tiles."""
        return _table(self)

    def export(self, file: "str | os.PathLike[str] | IO[str]") -> None:
        """Write the way in the house-way file format (docs/houseway.md): a header, then one row
        per distinct hand, ``hand,low,high,rule``. :func:`read_house_way` reads it back."""
        if isinstance(file, (str, os.PathLike)):
            with open(file, "w", encoding="utf-8", newline="") as f:
                self.export(f)
            return
        w = csv.writer(file, lineterminator="\n")
        w.writerow(FILE_HEADER)
        for t, s, rule in self.settings_of_all():
            w.writerow([" ".join(map(str, t)), str(s.front), str(s.back), rule])


def _map_split(t: tuple[Tile, ...], split: int) -> int:
    """The split of tiles ``t`` (in their settings() order) that is the split ``split`` of the
    same tiles sorted as their distinct hand's standing tiles are."""
    order = sorted(range(4), key=lambda i: (hand_class(t[i]), t[i].face))
    i, j, _, _ = SPLITS[split]
    pair = {order[i], order[j]}
    for k, (a, b, c, d) in enumerate(SPLITS):
        if {a, b} == pair or {c, d} == pair:
            return k
    raise AssertionError("unreachable")  # pragma: no cover


def _class_codes() -> Any:
    """Each of the 35,960 hands (``paigow.all_hands()`` order) as the index of its distinct hand
    in :func:`distinct_hands`, and, per split k, the code of the classes of the split's first
    hand (two classes, the smaller times 17 plus the larger)."""
    import numpy as np

    from paigow.game.handtypes import all_hands

    cls = np.array([hand_class(t) for t in DECK], dtype=np.int64)[all_hands().astype(np.intp)]  # (35960, 4)
    srt = np.sort(cls, axis=1)
    key = ((srt[:, 0] * 17 + srt[:, 1]) * 17 + srt[:, 2]) * 17 + srt[:, 3]
    keys = np.array([((a * 17 + b) * 17 + c) * 17 + d for a, b, c, d in (_key_of(t) for t in distinct_hands())])
    which = np.searchsorted(keys, key)
    assert (keys[which] == key).all()
    first = np.stack([np.minimum(cls[:, i], cls[:, j]) * 17 + np.maximum(cls[:, i], cls[:, j])
                      for i, j, _, _ in SPLITS], axis=1)
    second = np.stack([np.minimum(cls[:, i], cls[:, j]) * 17 + np.maximum(cls[:, i], cls[:, j])
                       for _, _, i, j in SPLITS], axis=1)
    return which, first, second


_CODES: list[Any] = []


@functools.lru_cache(maxsize=8)
def _table_cached(way: HouseWay) -> Any:
    import numpy as np

    if not _CODES:
        _CODES.append(_class_codes())
    which, first, second = _CODES[0]
    # the classes of one hand of the way's split of each distinct hand, as a code
    low = np.empty(DISTINCT_HAND_COUNT, dtype=np.int64)
    for n, t in enumerate(distinct_hands()):
        i, j, _, _ = SPLITS[way.decision(t)[0]]  # one hand of the split (either: both are matched)
        a, b = sorted((hand_class(t[i]), hand_class(t[j])))
        low[n] = a * 17 + b
    want = low[which][:, None]
    match = (first == want) | (second == want)  # a hand's splits that put those classes together
    k = np.argmax(match, axis=1)
    assert match[np.arange(len(k)), k].all()
    out = np.zeros((len(k), 3), dtype=np.float64)
    out[np.arange(len(k)), k] = 1.0
    out.flags.writeable = False
    return out


def _table(way: HouseWay) -> Any:
    return _table_cached(way)


# ---------------------------------------------------------------------------------------------
# the Foxwoods house way (docs/rules.md §3.2)

def _r(h: Hand) -> int:
    return h.rank_in("us")


def _points(h: Hand) -> int:
    """Points as the way's rules count them: 0-9, a Gong 10, a Wong 11, a pair (or Gee Joon) 12."""
    cat = h.category
    if cat in (Category.PAIR, Category.GEE_JOON):
        return 12
    if cat is Category.WONG:
        return 11
    if cat is Category.GONG:
        return 10
    return h.points


def _classes(h: Hand) -> frozenset[int]:
    return frozenset(hand_class(t) for t in h.tiles)


_WONG, _GONG, _HIGH9 = "Wong", "Gong", "High Nine"


def _kind(h: Hand) -> Optional[str]:
    """Wong, Gong or High Nine: Teen or Day with a nine, an eight, a seven."""
    a, b = (hand_class(t) for t in h.tiles)
    if a not in _TD:
        a, b = b, a
    if a not in _TD or b in _TD:
        return None
    return _WONG if b == NINE else _GONG if b in _EIGHTS else _HIGH9 if b in _SEVENS else None


def _max_high(cands: list[tuple[int, Setting]]) -> int:
    """Of (index, setting) candidates, the one with the strongest high hand, then the strongest
    low hand; the first in settings() order among equals."""
    return max(cands, key=lambda c: (_r(c[1].back), _r(c[1].front), -c[0]))[0]


def _max_low(cands: list[tuple[int, Setting]]) -> int:
    return max(cands, key=lambda c: (_r(c[1].front), _r(c[1].back), -c[0]))[0]


# the hands WoO shows as pictures (docs/rules.md §3.2, rule 3 C-K): slots of classes, and which
# two slots make one hand of the split (the dealer then arranges it, smaller hand in front)
_S = _SEVENS
_PICTURES: tuple[tuple[str, tuple[frozenset[int], ...], str], ...] = (
    ("C", (frozenset({BOT}), frozenset({GOR}), frozenset({YUN}), _S), "2/high 5"),
    ("D", (frozenset({CHONG}), frozenset({PING}), frozenset({MOOY}), _S), "6/high 7"),
    ("G", (frozenset({MOOY}), _S, frozenset({YUN}), frozenset({FOO})), "7/9"),
    ("K", (frozenset({YUN}), _S, frozenset({NINE}), frozenset({BOT})), "high 5/7"),
    ("E", (frozenset({PING}), frozenset({CHONG}), frozenset({MOOY}), frozenset({BOT})), "6/high 8"),
    ("F", (frozenset({PING}), frozenset({CHONG}), frozenset({MOOY}), frozenset({NINE})), "6/high 9"),
    ("H", (frozenset({GJ}), frozenset({BON}), frozenset({GOR}), frozenset({FIVE})), "7/high 9"),
    ("I", (_TD, frozenset({FIVE}), _SIXES, frozenset({GJ})), "7/9"),
    ("J", (frozenset({FOO}), frozenset({LOOK}), frozenset({CHONG}), frozenset({GJ})), "7/high 9"),
)


_PICTURE_KEYS = frozenset(tuple(sorted(p)) for _, slots, _ in _PICTURES for p in itertools.product(*slots))
"""The class multisets of every picture hand: a hand outside them is no picture (a quick test)."""


def _picture(t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
    cls = [hand_class(x) for x in t]
    if tuple(sorted(cls)) not in _PICTURE_KEYS:
        return None
    for letter, slots, text in _PICTURES:
        for perm in itertools.permutations(range(4)):
            if all(cls[perm[s]] in slots[s] for s in range(4)):
                hand = {perm[0], perm[1]}  # the tiles of slots 0 and 1 make one hand
                for k, (a, b, c, d) in enumerate(SPLITS):
                    if {a, b} == hand or {c, d} == hand:
                        return k, f"picture {letter}: {text}"
    return None


_HIGH_3 = Hand.parse("3-3 1-6").rank_in("us")  # "High 3": 3 points, Chong the highest tile


RULE_IDS = ("0", "1two", "1A", "1B", "1C", "1D", "1E", "1F", "2TD", "2wong11", "2gong", "2",
            "3C", "3D", "3E", "3F", "3G", "3H", "3I", "3J", "3K", "3high", "3A", "3B")
"""The Foxwoods rules by id (docs/rules.md §3.2), which a variant may leave out (tests show with
it that each rule decides its hands: :func:`foxwoods_without`)."""


class _Foxwoods(HouseWay):
    """The Foxwoods house way (WoO's page, from a Foxwoods training booklet of February 1997),
    as docs/rules.md §3.2 reads it: the first rule that applies decides."""

    name = "foxwoods"
    source = ("Foxwoods Training Center booklet (February 1997), as published by the Wizard of Odds: "
              "https://wizardofodds.com/games/pai-gow-tiles/house-way/foxwoods/")

    def __init__(self, without: frozenset[str] = frozenset()) -> None:
        unknown = sorted(set(without) - set(RULE_IDS))
        if unknown:
            raise ValueError(f"unknown Foxwoods rule ids {unknown}: the ids are {RULE_IDS}")
        self._off = frozenset(without)
        if self._off:
            self.name = "foxwoods without " + ",".join(sorted(self._off))

    def _on(self, rule: str) -> bool:
        return rule not in self._off

    def _decide(self, t: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:
        ss = list(enumerate(settings_of(t)))
        for step in (self._rule0, self._rule1, self._rule2, self._pictures, self._rule3):
            found = step(t, ss)
            if found is not None:
                return found
        raise AssertionError("rule 3 decides every hand")  # pragma: no cover

    # 0. the unwritten rule
    def _rule0(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        if not self._on("0"):
            return None
        ranks = [(_r(s.front), _r(s.back)) for _, s in ss]
        top = (max(f for f, _ in ranks), max(b for _, b in ranks))
        for (k, _), fb in zip(ss, ranks):
            if fb == top:  # at least every other setting's low and high
                return k, "rule 0: best in both hands"
        return None

    # 1. pairs
    def _rule1(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        count = Counter(hand_class(x) for x in t)
        pairs = [c for c, n in count.items() if n == 2]
        if not pairs:
            return None
        if len(pairs) == 2:
            if not self._on("1two"):
                return None
            for k, s in ss:
                if all(len(_classes(h)) == 1 for h in (s.front, s.back)):
                    return k, "two pairs: one in each hand"
            raise AssertionError("two pairs make a setting")  # pragma: no cover
        p = pairs[0]
        x, y = (c for c in sorted(count.elements()) if c != p)
        keep = [(k, s) for k, s in ss if _classes(s.back) == {p} or _classes(s.front) == {p}]
        split = [(k, s) for k, s in ss if (k, s) not in keep]
        keep_it = (_max_high(keep), "pairs: keep the pair")
        xy = {x, y}
        if p in _FOURS | {FIVE} | _SIXES | _TENS | {FOO}:
            if not self._on("1A"):
                return keep_it
            group = ("4s" if p in _FOURS else "5s" if p == FIVE else "6s" if p in _SIXES
                     else "10s" if p in _TENS else "11s")
            return _max_high(keep), f"pair A: never split {group}"
        if p == GJ:
            if self._on("1B") and ((x in _SIXES and y in _FOURS | {FIVE} | _SIXES)
                                   or (y in _SIXES and x in _FOURS | {FIVE} | _SIXES)):
                return _max_high(split), "pair B: split Gee Joon"
            return keep_it
        if p in _TD:
            k = _max_high(split)
            s = dict(ss)[k]
            if self._on("1C") and ((_points(s.front) >= 6 and _points(s.back) >= 8) or xy == {NINE, FOO}):
                return k, "pair C: split 2s/12s"
            return keep_it
        if p == NINE:
            if self._on("1D") and xy <= _TD | _TENS:
                return _max_high(split), "pair D: split 9s"
            return keep_it
        if p in _EIGHTS:
            if self._on("1E") and (xy <= _TD | _TENS | {FOO} or xy == {NINE, FOO}):
                return _max_high(split), "pair E: split 8s"
            return keep_it
        if p in _SEVENS:
            if self._on("1F") and xy <= _TD | _TENS | {FOO}:
                return _max_high(split), "pair F: split 7s"
            return keep_it
        raise AssertionError(f"pair of class {p}")  # pragma: no cover

    # 2. Wong, Gong, High Nine
    def _rule2(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        cands = [(k, s) for k, s in ss if _kind(s.back)]
        if not cands or not self._on("2"):
            return None
        cls = [hand_class(x) for x in t]
        if TEEN in cls and DAY in cls and self._on("2TD"):
            pref = [(k, s) for k, s in cands if _kind(s.front)] or cands
            pref = [(k, s) for k, s in pref if TEEN in _classes(s.back)] or pref
            return _max_high(pref), "WGH: Teen and Day"
        td = next(c for c in cls if c in _TD)
        others = list(cls)
        others.remove(td)
        kinds = {_kind(s.back) for _, s in cands}
        partners = [c for c in others if c == NINE or c in _EIGHTS or c in _SEVENS]
        fourth = [c for c in others if c not in partners]
        if self._on("2wong11") and _WONG in kinds and len(kinds) > 1 and FOO in others:
            kind, rule = _WONG, "WGH exception: Wong with the 11"
        elif (self._on("2gong") and kinds == {_HIGH9, _GONG} and len(fourth) == 1
              and (fourth[0] in _FOURS or (fourth[0] == FIVE and BOT in partners))):
            kind, rule = _GONG, "WGH exception: Gong over High Nine"
        else:
            kind = next(k for k in (_HIGH9, _GONG, _WONG) if k in kinds)
            rule = "WGH: High Nine over Gong over Wong"
        return _max_high([(k, s) for k, s in cands if _kind(s.back) == kind]), rule

    # 3 C-K. the pictures, before all of rule 3
    def _pictures(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        found = _picture(t, ss)
        if found is None or not self._on("3" + found[1].split(":")[0][-1]):
            return None
        return found

    # 3. other hands
    def _rule3(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        best_low = max(_r(s.front) for _, s in ss)
        best_high = max((s.back for _, s in ss), key=_r)
        if self._on("3high") and best_low < _HIGH_3 and _points(best_high) >= 7:
            k, rule = _max_high(ss), "other hands: max high"
        else:
            k, rule = _max_low(ss), "other hands: max low"
        s = dict(ss)[k]
        lo, hi = _points(s.front), _points(s.back)
        cls = {hand_class(x) for x in t}
        if self._on("3A") and lo >= 8 and hi >= 9:
            same = [(j, o) for j, o in ss if (_points(o.front), _points(o.back)) == (lo, hi)]
            return _max_high(same), "other hands A: 8/9 or more, the high tile in the high hand"
        if self._on("3B") and (lo, hi) == (7, 8) and _TD <= cls:
            same = [(j, o) for j, o in ss if (_points(o.front), _points(o.back)) == (7, 8)]
            return _max_high(same), "other hands B: 7/8 with Teen and Day, the Teen in the high hand"
        return k, rule


def foxwoods_without(*rules: str) -> HouseWay:
    """The Foxwoods way with the rules of ids ``rules`` (:data:`RULE_IDS`) left out: a rule's
    condition never holds, or its step is skipped. For tests and for studying what a rule does.

    >>> foxwoods_without("0").set("6-6 6-6 1-2 1-3").rule
    'pair C: split 2s/12s'
    """
    return _Foxwoods(frozenset(rules))


FOXWOODS: HouseWay = _Foxwoods()
"""The Foxwoods house way (docs/rules.md §3.2)."""

# ---------------------------------------------------------------------------------------------
# the Casino Canberra house way (docs/houseway.md, "Casino Canberra")

# its exceptions A-I: slots of classes, which two slots make one hand of the split (the first
# two; the dealer arranges it, the smaller hand in front), and the hand's name on the page
_CANBERRA_EXCEPTIONS: tuple[tuple[str, tuple[frozenset[int], ...], str], ...] = (
    ("A", (frozenset({TEEN}), frozenset({FOO}), frozenset({TEEN}), frozenset({NINE})), "3-wong"),
    ("B", (frozenset({MOOY}), _SEVENS, frozenset({YUN}), frozenset({FOO})), "7-9"),
    ("C", (_TD, frozenset({FIVE}), _SIXES, frozenset({GJ})), "7-9"),
    ("D", (_FOURS, frozenset({FIVE}), frozenset({GJ}), frozenset(range(1, 17))), "a 9"),
    ("E", (frozenset({YUN}), frozenset({NINE}), frozenset({BOT}), frozenset({PING})), "high-7 & low-8"),
    ("F", (frozenset({CHONG}), _SEVENS, frozenset({LOOK}), frozenset({GJ})), "high-3 & low-9"),
    ("G", (frozenset({NINE}), frozenset({BON}), _TD, _EIGHTS), "3-gong"),
    ("H", (frozenset({LOOK}), frozenset({FIVE}), frozenset({CHONG}), frozenset({FOO})), "low-1, high-7"),
    ("I", (frozenset({BOT}), frozenset({BON}), frozenset({YUN}), frozenset({NINE})), "low-2, high-7"),
)

CANBERRA_RULE_IDS = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "1A", "1B", "1C", "1D", "1E", "2",
                     "3", "3twelve", "3low", "4points", "4low", "4high", "4tile")
"""The Casino Canberra rules by id (docs/houseway.md), which a variant may leave out
(:func:`canberra_without`): exceptions A-I, pair rules 1 A-E, rule 2, rule 3 (Wong, Gong and
High Nine) with its "use the 12" and "low-3 or less" clauses, and rule 4's clauses 1, 2, 3, 5.1."""

_NEVER_SPLIT = {GOR: "4s", BON: "4s", FIVE: "5s", CHONG: "6s", LOOK: "6s", MOOY: "10s", PING: "10s",
                FOO: "11s", GJ: "Gee Joon"}


class _Canberra(HouseWay):
    """The Casino Canberra house way (the Wizard of Odds' page), as docs/houseway.md reads it:
    exceptions A-I, then the pair rules 1-2, then rule 3 (Wong, Gong, High Nine), then rule 4;
    the first that applies decides."""

    name = "canberra"
    source = ("Casino Canberra house way, as published by the Wizard of Odds: "
              "https://wizardofodds.com/games/pai-gow-tiles/house-way/casino-canberra/")

    def __init__(self, without: frozenset[str] = frozenset()) -> None:
        unknown = sorted(set(without) - set(CANBERRA_RULE_IDS))
        if unknown:
            raise ValueError(f"unknown Casino Canberra rule ids {unknown}: the ids are {CANBERRA_RULE_IDS}")
        self._off = frozenset(without)
        if self._off:
            self.name = "canberra without " + ",".join(sorted(self._off))

    def _on(self, rule: str) -> bool:
        return rule not in self._off

    def _decide(self, t: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:
        ss = list(enumerate(settings_of(t)))
        for step in (self._exceptions, self._pairs, self._wgh, self._others):
            found = step(t, ss)
            if found is not None:
                return found
        raise AssertionError("rule 4 decides every hand")  # pragma: no cover

    # the exceptions A-I, specific hands
    def _exceptions(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        cls = [hand_class(x) for x in t]
        for letter, slots, text in _CANBERRA_EXCEPTIONS:
            if not self._on(letter) or (letter == "D" and len(set(cls)) < 4):  # D: no pair
                continue
            hands = set()
            for perm in itertools.permutations(range(4)):
                if all(cls[perm[s]] in slots[s] for s in range(4)):
                    hands.add(frozenset((perm[0], perm[1])))
            found = [ss[k] for k, (a, b, c, d) in enumerate(SPLITS) if {a, b} in hands or {c, d} in hands]
            if found:  # more than one way to fill the slots (D with Gor and Bon): the max high
                return _max_high(found), f"exception {letter}: {text}"
        return None

    # 1, 2. pairs
    def _pairs(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        count = Counter(hand_class(x) for x in t)
        pairs = [c for c, n in count.items() if n == 2]
        if not pairs:
            return None
        keep = [(k, s) for k, s in ss if any(len(_classes(h)) == 1 for h in (s.front, s.back))]
        split = [(k, s) for k, s in ss if (k, s) not in keep]
        if len(pairs) == 2:  # any split of two pairs is lower in both hands: rule 2 keeps them
            return _max_high(keep), "two pairs: one in each hand"
        p = pairs[0]
        if p in _NEVER_SPLIT:
            if not self._on("1A"):
                return None  # to rules 3 and 4, as a hand without a rule for its pair
            return _max_high(keep), f"pair A: never split {_NEVER_SPLIT[p]}"
        k = _max_high(split)
        s = dict(ss)[k]
        lo, hi = _points(s.front), _points(s.back)
        if p in _TD:
            rule, split_it = "1B", lo >= 6 and hi >= 8
            text = "pair B: split 2s/12s"
        elif p == NINE:
            rule, split_it = "1C", lo >= 9 and hi >= 9
            text = "pair C: split 9s"
        elif p in _EIGHTS:
            rule, split_it = "1D", (lo >= 7 and hi >= 9) or (lo >= 8 and hi >= 8)
            text = "pair D: split 8s"
        else:
            assert p in _SEVENS, p
            rule, split_it = "1E", lo >= 7 and _r(s.back) >= _HIGH_NINE
            text = "pair E: split 7s"
        if not (split_it and self._on(rule)):
            return _max_high(keep), "pairs: keep the pair"
        kk = _max_high(keep)
        kept = dict(ss)[kk]
        if self._on("2") and _r(kept.front) > _r(s.front) and _r(kept.back) > _r(s.back):
            return kk, "rule 2: keep the pair (both hands higher)"
        return k, text

    # 3. Wong, Gong and High Nine
    def _wgh(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        cands = [(k, s) for k, s in ss if _kind(s.back)]
        if not cands or not self._on("3"):
            return None
        if self._on("3twelve"):  # given the choice of the 2 or the 12, the 12
            cands = [(k, s) for k, s in cands if TEEN in _classes(s.back)] or cands
        kinds = {_kind(s.back) for _, s in cands}
        kind = next(x for x in (_HIGH9, _GONG, _WONG) if x in kinds)
        k = _max_high([(j, s) for j, s in cands if _kind(s.back) == kind])
        if self._on("3low") and _r(dict(ss)[k].front) < _HIGH_3:  # a low-3 or less
            return _max_high(ss), "WGH: low-3 or less, max high"
        return k, f"WGH: {kind}"

    # 4. all other hands
    def _others(self, t: tuple[Tile, ...], ss: list[tuple[int, Setting]]) -> Optional[tuple[int, str]]:
        pool = ss
        if self._on("4points"):  # 4.1: only the settings of the most points in all
            top = max(_points(s.front) + _points(s.back) for _, s in ss)
            pool = [(k, s) for k, s in ss if _points(s.front) + _points(s.back) == top]
        best_low = _max_low(pool)
        best_high = _max_high(pool)
        if self._on("4low") and _r(dict(ss)[best_low].front) >= _HIGH_3:
            k, rule = best_low, "other hands: max points, max low (high-3 or better)"
        elif self._on("4high") and _points(dict(ss)[best_high].back) >= 7:
            k, rule = best_high, "other hands: max points, max high (7 or better)"
        else:
            k, rule = best_low, "other hands: max points, max low"
        if not self._on("4tile"):
            return k, rule
        # 4.5.1: as long as the two hands' points stay, the high tile in the low hand when the
        # high hand is 7 or less, else in the high hand
        s = dict(ss)[k]
        lo, hi = _points(s.front), _points(s.back)
        same = [(j, o) for j, o in pool if (_points(o.front), _points(o.back)) == (lo, hi)]
        top_tile = min((x for x in t), key=lambda x: _TILE_ORDER[hand_class(x)])
        if hi <= 7:
            want = [(j, o) for j, o in same if top_tile in o.front.tiles]
            if want and k not in dict(want):
                return _max_low(want), "other hands: same points, the high tile in the low hand"
        else:
            want = [(j, o) for j, o in same if top_tile in o.back.tiles]
            if want and k not in dict(want):
                return _max_high(want), "other hands: same points, the high tile in the high hand"
        return k, rule


_HIGH_NINE = Hand.parse("1-1 3-4").rank_in("us")  # a High Nine: Day (or Teen) with a seven
_TILE_ORDER = {c: (16 if c == GJ else 15 if c == FIVE else c) for c in range(1, 17)}
"""Single tiles in the US order, strongest first (both Gee Joon tiles lowest, docs/rules.md §3.1)."""


def canberra_without(*rules: str) -> HouseWay:
    """The Casino Canberra way with the rules of ids ``rules`` (:data:`CANBERRA_RULE_IDS`) left
    out, as :func:`foxwoods_without` does for Foxwoods.

    >>> canberra_without("A").set("6-6 6-6 4-5 5-6").rule
    'pairs: keep the pair'
    """
    return _Canberra(frozenset(rules))


CANBERRA: HouseWay = _Canberra()
"""The Casino Canberra house way (docs/houseway.md)."""


HOUSE_WAYS: dict[str, HouseWay] = {"foxwoods": FOXWOODS, "canberra": CANBERRA}
"""The house ways known by name (``banker_sets`` of a rule set, ``--way NAME``)."""


def house_way(way: "str | os.PathLike[str] | HouseWay") -> HouseWay:
    """A house way: one of :data:`HOUSE_WAYS` by name, or read from a house-way file (a path).

    >>> house_way("Foxwoods") is FOXWOODS
    True
    >>> house_way("texas")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: unknown house way 'texas': the ways are 'foxwoods', 'canberra', or a house-way file (.csv)
    """
    if isinstance(way, HouseWay):
        return way
    if isinstance(way, str) and way.strip().lower() in HOUSE_WAYS:
        return HOUSE_WAYS[way.strip().lower()]
    if isinstance(way, os.PathLike) or (isinstance(way, str) and (way.endswith(".csv") or os.path.sep in way)):
        return read_house_way(way)
    if not isinstance(way, str):
        raise TypeError(f"a house way is a name, a file or a HouseWay, not {way!r}")
    raise InvalidStrategyError(f"unknown house way {clip_text(way)!r}: the ways are "
                               + ", ".join(map(repr, HOUSE_WAYS)) + ", or a house-way file (.csv)",
                               code="houseway.unknown")


def is_house_way(x: object) -> bool:
    """``x`` names a house way rather than another strategy: a :class:`HouseWay`, a name of
    :data:`HOUSE_WAYS`, or a house-way file (a path ending ``.csv``).

    >>> is_house_way("Foxwoods"), is_house_way("way.csv"), is_house_way("max-back")
    (True, True, False)
    """
    if isinstance(x, HouseWay):
        return True
    if isinstance(x, str):
        return x.strip().lower() in HOUSE_WAYS or x.strip().lower().endswith(".csv")
    return isinstance(x, os.PathLike) and str(os.fspath(x)).lower().endswith(".csv")


# ---------------------------------------------------------------------------------------------
# a house way from a file

FILE_HEADER = ("hand", "low", "high", "rule")
"""The columns of a house-way file; ``rule`` may be left out (docs/houseway.md)."""


class _TableWay(HouseWay):
    """A house way read from a file: one setting per distinct hand."""

    def __init__(self, name: str, decisions: dict[tuple[int, int, int, int], tuple[int, str]], source: str) -> None:
        self.name = name
        self.source = source
        self.__dict__["_decisions"] = decisions

    def _decide(self, tiles: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:  # pragma: no cover
        raise AssertionError("a house-way file decides every distinct hand")


def read_house_way(file: "str | os.PathLike[str] | IO[str]", name: Optional[str] = None) -> HouseWay:
    """A casino's house way from a house-way file (docs/houseway.md): a header ``hand,low,high``
    (and optionally ``rule``), then one row per distinct hand, the hand's four tiles, its low hand
    and its high hand (two tiles each, any notation :func:`paigow.parse_tiles` reads).

    Every row is checked: four tiles, a setting of those tiles, the high hand ranking at least
    the low hand in the US order (no foul); every one of the 3,620 distinct hands once. An error
    names the line (:class:`~paigow.errors.InvalidStrategyError`, codes ``houseway.*``).
    """
    if isinstance(file, (str, os.PathLike)):
        path = pathlib.Path(file)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as e:
            raise InvalidStrategyError(f"cannot read a house way from {clip_text(str(file))!r}: {e}",
                                       code="houseway.file") from None
        return _read(io.StringIO(text), name or path.stem, str(path))
    return _read(file, name or "file", getattr(file, "name", "a stream"))


def _read(f: IO[str], name: str, where: str) -> HouseWay:
    rows = csv.reader(f)
    decisions: dict[tuple[int, int, int, int], tuple[int, str]] = {}
    first_line: dict[tuple[int, int, int, int], int] = {}
    header: Optional[list[str]] = None
    width = 0
    for row in rows:
        line = rows.line_num
        if not row or (len(row) == 1 and not row[0].strip()) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            if header not in (list(FILE_HEADER), list(FILE_HEADER[:3])):
                raise InvalidStrategyError(f"{where} line {line}: the header is 'hand,low,high' or 'hand,low,high,rule', "
                                           f"not {clip_text(','.join(row))!r}", code="houseway.header")
            width = len(header)
            continue
        if len(row) != width:
            raise InvalidStrategyError(f"{where} line {line}: {len(row)} columns, the header has {width}: "
                                       f"{clip_text(','.join(row))!r}", code="houseway.row")
        key, split, rule = _read_row(row, line, where)
        if key in decisions:
            raise InvalidStrategyError(f"{where} line {line}: the hand {row[0].strip()} is the hand of line "
                                       f"{first_line[key]} again (every distinct hand once)", code="houseway.duplicate")
        decisions[key] = (split, rule or f"{name}: line {line}")
        first_line[key] = line
    if header is None:
        raise InvalidStrategyError(f"{where}: no header and no rows: a house-way file has a header "
                                   "'hand,low,high[,rule]' and one row per distinct hand", code="houseway.header")
    if len(decisions) != DISTINCT_HAND_COUNT:
        missing = [t for t in distinct_hands() if _key_of(t) not in decisions]
        raise InvalidStrategyError(f"{where}: {len(missing)} of the {DISTINCT_HAND_COUNT} distinct hands have no row, "
                                   f"the first {' '.join(map(str, missing[0]))}", code="houseway.missing")
    return _TableWay(name, decisions, where)


def _read_row(row: list[str], line: int, where: str) -> tuple[tuple[int, int, int, int], int, str]:
    def bad(message: str, code: str = "houseway.row") -> InvalidStrategyError:
        return InvalidStrategyError(f"{where} line {line}: {message}", code=code)

    hand_text, low_text, high_text = (c.strip() for c in row[:3])
    rule = row[3].strip() if len(row) > 3 else ""
    try:
        hand = parse_tiles(hand_text, count=4)
    except PaigowError as e:
        raise bad(f"the hand {clip_text(hand_text)!r}: {e}") from None
    try:
        low, high = Hand.parse(low_text), Hand.parse(high_text)
        parse_tiles(low.tiles + high.tiles)
    except PaigowError as e:
        raise bad(f"the setting {clip_text(low_text)!r} | {clip_text(high_text)!r}: {e}") from None
    key = _key_of(hand)
    if _key_of(low.tiles + high.tiles) != key:
        raise bad(f"the setting {low} | {high} is not a setting of the hand {' '.join(map(str, hand))}")
    if low.rank_in("us") > high.rank_in("us"):
        raise bad(f"the setting fouls: the high hand {high} ({high.name_en}) ranks below the low hand "
                  f"{low} ({low.name_en}) (docs/rules.md §3.1)", code="houseway.foul")
    t = _representative(key)
    lows = tuple(sorted(hand_class(x) for x in low.tiles))
    for k, s in enumerate(settings_of(t)):
        if tuple(sorted(hand_class(x) for x in s.front.tiles)) == lows or \
                tuple(sorted(hand_class(x) for x in s.back.tiles)) == lows:
            return key, k, rule
    raise AssertionError("a setting of the hand is a split of its tiles")  # pragma: no cover
