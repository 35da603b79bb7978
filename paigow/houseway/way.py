"""A house way as a value: :class:`HouseWay` sets four tiles and says which rule decided
(docs/houseway.md); :class:`WaySetting` is one decision. The ways themselves are in
:mod:`paigow.houseway` (way files) and :mod:`paigow.houseway.csvfile` (a finished table).
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import hashlib
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any, cast

from paigow.batch import setting_batch
from paigow.errors import InvalidStrategyError
from paigow.houseway.classes import (DISTINCT_HAND_COUNT, distinct_hands, distinct_keys, hand_class, key_array, key_of,
                                     map_split, representative)
from paigow.game.handtypes import same_game
from paigow.rules import US, RuleSet, RulesLike, clean_rules
from paigow.setting import SPLITS, Setting, settings_of
from paigow.strategies import Strategy
from paigow.tiles import DECK, Tile, TileLike, parse_tiles

__all__ = ["HouseWay", "WaySetting", "FILE_HEADER"]

FILE_HEADER = ("hand", "low", "high", "rule")
"""The columns of a house-way table file; ``rule`` may be left out (docs/houseway.md)."""


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
        key = key_of(tiles)
        found = self._decisions.get(key)
        if found is None:
            found = self._decisions[key] = self._decide(representative(key))
        return found

    @functools.cached_property
    def _kept(self) -> dict[Any, WaySetting]:
        return {}  # answers by the hand as given (its faces in order, or its DECK indices)

    def set(self, tiles: "str | Iterable[TileLike] | tuple[int, int, int, int]") -> WaySetting:
        """The way's setting of four tiles (text, tiles or four DECK indices), and the rule that
        decided it. A hand met before is a look-up: one hand per call costs a dictionary read.

        >>> from paigow.houseway import FOXWOODS
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
        k = map_split(t, split)
        return WaySetting(settings_of(t)[k], rule, k, self.name)

    @functools.cached_property
    def _row_splits(self) -> Any:
        import numpy as np

        return np.ascontiguousarray(np.argmax(self.table(), axis=1).astype(np.uint8))

    def splits(self, hands: Any) -> Any:
        """The way's split of N hands at once, in the compiled core: an (N, 4) array of DECK
        indices in, the (N,) int8 index of each hand's setting in ``settings()`` order of its
        tiles as given out (the batch's errors for a bad row).

        >>> from paigow.houseway import FOXWOODS
        >>> FOXWOODS.splits([[0, 1, 28, 6], [28, 6, 0, 1]]).tolist()
        [0, 0]
        """
        from paigow import _core
        from paigow.batch import as_index_array, raise_bad_row

        a = as_index_array(hands, 4, "hands")
        out, bad = _core.houseway_splits(a, self._row_splits)
        if bad >= 0:
            raise_bad_row("hands", a, bad)
        out.flags.writeable = False
        return out

    def distinct_splits(self) -> Any:
        """The way's split of every distinct hand (``settings()`` order of its standing tiles), in
        :func:`distinct_hands` order, as a sequence of ints."""
        d = self._decisions
        return [(d.get(k) or self.decision(representative(k)))[0] for k in distinct_keys()]

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
        s = Strategy.pure(self._hand_splits(), name=self.name)
        self._prepare(s)
        return s

    def _hand_splits(self) -> Any:
        """The way's setting of each of the 35,960 hands (``paigow.all_hands()`` order), as its
        index in ``settings()`` of the hand: :meth:`table`'s ones."""
        return self._row_splits

    def _prepare(self, strategy: Strategy) -> None:
        """What a way knows of its strategy ahead (a shipped way: its side tables)."""

    def strategy(self, rules: RulesLike = US) -> Strategy:
        """The way as a :class:`paigow.Strategy` named after it (one per way), for advice and
        game values in the game of ``rules``, which must be the way's (the US game; anything
        else is InvalidStrategyError, code ``houseway.rules``).

        >>> from paigow.houseway import FOXWOODS
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


def _class_codes() -> Any:
    """Each of the 35,960 hands (``paigow.all_hands()`` order) as the index of its distinct hand
    in :func:`distinct_hands`, and, per split k, the code of the classes of the split's first
    hand (two classes, the smaller times 17 plus the larger)."""
    import numpy as np

    from paigow.game.handtypes import all_hands

    cls = np.array([hand_class(t) for t in DECK], dtype=np.int64)[all_hands().astype(np.intp)]  # (35960, 4)
    srt = np.sort(cls, axis=1)
    key = ((srt[:, 0] * 17 + srt[:, 1]) * 17 + srt[:, 2]) * 17 + srt[:, 3]
    k4 = key_array()
    keys = ((k4[:, 0] * 17 + k4[:, 1]) * 17 + k4[:, 2]) * 17 + k4[:, 3]
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
    # the classes of one hand of the way's split of each distinct hand, as a code (either hand:
    # both are matched)
    k4 = key_array()
    split = np.asarray(way.distinct_splits(), dtype=np.intp)
    rows = np.arange(DISTINCT_HAND_COUNT)
    x = k4[rows, np.array([s[0] for s in SPLITS])[split]]
    y = k4[rows, np.array([s[1] for s in SPLITS])[split]]
    low = np.minimum(x, y) * 17 + np.maximum(x, y)
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


