"""Two-tile hands and their order (docs/rules.md §1.2, Art. 5.3-5.5, Table 2).

Strongest first: 至尊 (Gee Joon), the pairs, 天九王/地九王 (wong), 天罡/地罡 (gong), then point
hands by points and, on equal points, by the rank of the stronger tile only. Used apart, 2-4 and
1-2 count 3 or 6, whichever makes the hand larger. Equal hands are a copy.

Four hand orders are stated (:data:`HAND_ORDERS`): ``"macau"``, the regulation's, which
:class:`Hand` and its ``rank`` follow; ``"us"`` (docs/rules.md §3.1), the same except that
both Gee Joon tiles rank lowest as single tiles, below the fives, so that 2-4 and 1-2 are equal
as singles (a Gee Joon with a five against the other Gee Joon with a five is a copy); and the
home game's (docs/rules.md Part 4), ``"home"``: the US order's singles, 天 or 地 with any seven
a special hand (天高九, 地高九) above every point hand, and every zero-point hand one rank (all
zeros equal); ``"home-military"`` is the same with military partners only (天 or 地 with 人 or
高脚七 is a point hand: 天 + 人 is 0 points).

>>> Hand.parse("6-6 4-5").name_zh, Hand.parse("6-6 4-5").category
('天九王', Category.WONG)
>>> Hand.parse("1-1 1-2").points     # 1-2 counts 6 here: 2 + 6
8
>>> Hand.parse("3-4 2-5") > Hand.parse("6-6 4-5")
True
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable

from _tablegames.enums import CodeRepr
from paigow._svg import draw_hand
from paigow.tiles import FACES, Tile, TileLike, parse_tiles

__all__ = ["Category", "Hand", "HandOrder", "HAND_ORDERS", "HAND_RANK_COUNT", "ZERO_POINT_RANKS", "face_hand_ranks",
           "hand_rank_count", "zero_point_ranks"]


class Category(CodeRepr, enum.IntEnum):
    """The kinds of two-tile hand, weakest first."""

    POINTS = 0
    GONG = 1
    WONG = 2
    PAIR = 3
    GEE_JOON = 4


_TEEN, _DAY = 1, 2  # ranks of 天 and 地
_EIGHTS = (3, 13)  # ranks of the eight-point tiles: 人 and 杂八
_NINE = 12  # rank of 杂九
_SEVENS = (10, 14)  # ranks of the seven-point tiles: 高脚七 and 杂七
_CIVIL_LAST = 11  # ranks 1-11 are the civil tiles (two of each), 12-17 the military
_HIGH_NINE = 10  # the home game's 天高九 / 地高九: the level above nine points (Category.POINTS)
_DIGITS_ZH = "密一二三四五六七八九"
_PAIR_ZH = {9: "红头十"}
_PREFIX_ZH = {1: "天牌", 2: "地牌", 3: "人牌", 4: "鹅牌", 5: "梅牌", 6: "长牌", 15: "大鸡"}


def _points_options(t: Tile) -> tuple[int, ...]:
    return (3, 6) if t.is_gee_joon else (t.points,)


_US_SINGLE_RANK = 17  # the US order: both Gee Joon tiles rank lowest as singles, below the fives (16)


def _single_rank(t: Tile, order: str) -> int:
    """A tile's rank as a single tile (1 the strongest) in a hand order: Table 1's, except that
    the US and home orders put both Gee Joon tiles last, equal."""
    if order != "macau" and t.is_gee_joon:
        return _US_SINGLE_RANK
    return t.rank


def _strength(a: Tile, b: Tile, order: str = "macau") -> tuple[int, int, int]:
    """(category, level within it, tie-break) for two tiles: the rules of docs/rules.md §1.2
    (and §3.1 for the US order, which differs in the tie-break of point hands only)."""
    if a.is_gee_joon and b.is_gee_joon and a != b:
        return (Category.GEE_JOON, 0, 0)
    if a.rank == b.rank:
        return (Category.PAIR, 18 - a.rank, 0)
    hi, lo = (a, b) if a.rank < b.rank else (b, a)
    home = order.startswith("home")
    partner = hi.rank in (_TEEN, _DAY) and (order != "home-military" or lo.rank > _CIVIL_LAST)
    if partner and lo.rank == _NINE:
        return (Category.WONG, 1 if hi.rank == _TEEN else 0, 0)
    if partner and lo.rank in _EIGHTS:
        return (Category.GONG, 1 if hi.rank == _TEEN else 0, 0)
    if home and partner and lo.rank in _SEVENS:  # 天高九 / 地高九, above every point hand
        return (Category.POINTS, _HIGH_NINE, 1 if hi.rank == _TEEN else 0)
    points = max((x + y) % 10 for x in _points_options(a) for y in _points_options(b))
    if home and points == 0:  # the home game: every zero is equal
        return (Category.POINTS, 0, 0)
    return (Category.POINTS, points, 18 - min(_single_rank(a, order), _single_rank(b, order)))


ORDER_NAMES = ("macau", "us", "home", "home-military")
"""The hand orders this module states."""


def _check_order(order: str) -> str:
    if order not in ORDER_NAMES:
        from paigow.errors import InvalidOptionError

        raise InvalidOptionError(f"unknown hand order {order!r}: the orders are "
                                 + ", ".join(map(repr, ORDER_NAMES)), code="rules.hand_order")
    return order


@functools.lru_cache(maxsize=None)
def _strengths(order: str) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    return tuple(tuple(_strength(a, b, order) for b in FACES) for a in FACES)


@functools.lru_cache(maxsize=None)
def _rank_table(order: str = "macau") -> dict[tuple[int, int, int], int]:
    keys = {
        _strength(a, b, order)
        for i, a in enumerate(FACES)
        for b in FACES[i:]
        if a != b or a.copies == 2
    }
    return {k: r for r, k in enumerate(sorted(keys))}


_STRENGTH: tuple[tuple[tuple[int, int, int], ...], ...] = _strengths("macau")


def hand_rank_count(order: str = "macau") -> int:
    """How many distinct hand strengths the hand order ``order`` has (ranks 0 to this - 1).

    >>> hand_rank_count("macau"), hand_rank_count("us"), hand_rank_count("home"), hand_rank_count("home-military")
    (107, 106, 102, 104)
    """
    return len(_rank_table(_check_order(order)))


def zero_point_ranks(order: str = "macau") -> int:
    """How many of the lowest ranks of ``order`` are zero-point hands (the zero rule's ranks).

    >>> zero_point_ranks("macau"), zero_point_ranks("us"), zero_point_ranks("home")
    (5, 5, 1)
    """
    return sum(1 for k in _rank_table(_check_order(order)) if k[0] == Category.POINTS and k[1] == 0)


HAND_RANK_COUNT: int = hand_rank_count("macau")
"""How many distinct hand strengths there are: ranks run from 0 to HAND_RANK_COUNT - 1."""

ZERO_POINT_RANKS: int = zero_point_ranks("macau")
"""Ranks below this are zero-point hands (the 6.2 front rule)."""


@functools.lru_cache(maxsize=None)
def face_hand_ranks(order: str = "macau") -> tuple[tuple[int, ...], ...]:
    """The rank of the hand of any two faces, ``[face a][face b]`` (faces 0-20 of
    :data:`~paigow.FACES`), in the hand order ``order`` (a name of :data:`HAND_ORDERS`): the table the
    compiled core is handed (``paigow.rules.RuleSet.core``). A face with itself is -1 where the
    deck holds one copy of it.

    >>> t = face_hand_ranks()
    >>> t[0][11] == Hand.parse("6-6 4-5").rank, t[17][20] == HAND_RANK_COUNT - 1
    (True, True)
    >>> us = face_hand_ranks("us")          # 2-4 with a five, 1-2 with a five: a copy in the US order
    >>> us[17][18] == us[20][18] == us[20][19], t[17][18] > t[20][18]
    (True, True)
    """
    table = _rank_table(_check_order(order))
    return tuple(tuple(table.get(k, -1) for k in row) for row in _strengths(order))


class HandOrder:
    """A hand order as a value: its name, its table of ranks by face, its rank count and its
    number of zero-point ranks. Calling it gives :func:`face_hand_ranks` of it, so a
    ``paigow.rules.HAND_ORDERS`` entry is read as a function too.

    >>> US_ORDER = HAND_ORDERS["us"]
    >>> US_ORDER, US_ORDER.rank_count, US_ORDER.zero_ranks
    (HandOrder('us'), 106, 5)
    >>> US_ORDER.rank(Hand.parse("2-4 1-4")) == US_ORDER.rank(Hand.parse("1-2 2-3"))
    True
    """

    __slots__ = ("name",)
    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", _check_order(name))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HandOrder is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (HandOrder, (self.name,))

    def __repr__(self) -> str:
        return f"HandOrder({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandOrder) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("HandOrder", self.name))

    def __call__(self) -> tuple[tuple[int, ...], ...]:
        return face_hand_ranks(self.name)

    @property
    def rank_count(self) -> int:
        return hand_rank_count(self.name)

    @property
    def zero_ranks(self) -> int:
        return zero_point_ranks(self.name)

    def rank(self, hand: "Hand") -> int:
        """The rank of ``hand`` in this order (0 the weakest; equal ranks are a copy)."""
        a, b = hand.tiles
        return face_hand_ranks(self.name)[a.face][b.face]

    def is_zero(self, hand: "Hand") -> bool:
        """Whether ``hand`` is a zero-point hand (a point hand worth 0) in this order."""
        return self.rank(hand) < self.zero_ranks


HAND_ORDERS: dict[str, HandOrder] = {name: HandOrder(name) for name in ORDER_NAMES}
"""The hand orders by name: ``"macau"`` (docs/rules.md §1.2), ``"us"`` (§3.1), ``"home"`` and
``"home-military"`` (Part 4)."""


class Hand:
    """Two tiles played together. Immutable; ordered by strength, so two different hands that
    are a copy are neither < nor > each other (``rank`` equal), while ``==`` compares tiles.

    >>> h = Hand("天", "杂九")
    >>> h, str(h), h.rank > Hand.parse("天 人").rank
    (Hand.parse('6-6 4-5'), '6-6 4-5', True)
    >>> Hand.parse("4-5 3-6").rank == Hand.parse("3-6 4-5").rank, Hand.parse("2-4 1-2").name_en
    (True, 'Gee Joon')
    """

    __slots__ = ("_tiles", "_key")
    _tiles: tuple[Tile, Tile]
    _key: tuple[int, int, int]

    def __init__(self, a: TileLike, b: TileLike) -> None:
        t1, t2 = parse_tiles((a, b), count=2)
        self._init(t1, t2)

    def _init(self, t1: Tile, t2: Tile) -> None:
        if t2.face < t1.face:
            t1, t2 = t2, t1
        object.__setattr__(self, "_tiles", (t1, t2))
        object.__setattr__(self, "_key", _STRENGTH[t1.face][t2.face])

    @classmethod
    def _of(cls, t1: Tile, t2: Tile) -> "Hand":
        """A hand of two tiles already checked against the deck (no validation)."""
        self = object.__new__(cls)
        self._init(t1, t2)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[object, tuple[Tile, Tile]]:
        return (Hand, self._tiles)

    @classmethod
    def parse(cls, text: "Hand | str | Iterable[TileLike]") -> "Hand":
        """Read a hand from two tiles in any notation :meth:`Tile.parse` accepts.

        >>> Hand.parse("杂九 杂九").tiles
        (Tile(4, 5), Tile(3, 6))
        >>> Hand.parse("6-6")
        Traceback (most recent call last):
        ...
        paigow.errors.IllegalHandError: 2 tiles are needed, 1 given: 6-6
        """
        if isinstance(text, Hand):
            return text
        a, b = parse_tiles(text, count=2)
        return cls(a, b)

    @property
    def tiles(self) -> tuple[Tile, Tile]:
        """The two tiles, stronger face first."""
        return self._tiles

    @property
    def category(self) -> Category:
        """Gee Joon, pair, wong, gong or points."""
        return Category(self._key[0])

    @property
    def rank(self) -> int:
        """Strength as an integer, 0 (weakest) to HAND_RANK_COUNT - 1; equal means a copy."""
        return _rank_table()[self._key]

    def rank_in(self, order: str = "macau") -> int:
        """The rank in the hand order ``order`` (``"macau"``: :attr:`rank`; ``"us"``: docs/rules.md
        §3.1; ``"home"``, ``"home-military"``: Part 4; ranks 0 to ``hand_rank_count(order) - 1``).

        >>> Hand.parse("2-4 1-4").rank_in("us") == Hand.parse("1-2 2-3").rank_in("us")
        True
        """
        a, b = self._tiles
        return face_hand_ranks(order)[a.face][b.face]

    @property
    def points(self) -> int:
        """Points mod 10, with the Gee Joon switch (whatever the category)."""
        a, b = self._tiles
        return max((x + y) % 10 for x in _points_options(a) for y in _points_options(b))

    @property
    def is_zero(self) -> bool:
        """A point hand worth zero (the front rule of Art. 6.2)."""
        return self._key[0] == Category.POINTS and self._key[1] == 0

    @property
    def high_tile(self) -> Tile:
        """The stronger tile by rank (the one that breaks ties between equal points)."""
        return self._tiles[0]

    @property
    def name_zh(self) -> str:
        """The name in the regulation's style: 至尊, 双天, 天九王, 天罡, 天牌九, 鹅牌密 …"""
        cat, level, _ = self._key
        hi = self.high_tile
        if cat == Category.GEE_JOON:
            return "至尊"
        if cat == Category.PAIR:
            return "双" + _PAIR_ZH.get(hi.rank, hi.name_zh)
        if cat == Category.WONG:
            return hi.name_zh + "九王"
        if cat == Category.GONG:
            return hi.name_zh + "罡"
        return _PREFIX_ZH.get(hi.rank, hi.name_zh) + _DIGITS_ZH[level]

    @property
    def name_en(self) -> str:
        """An English name: Gee Joon, Pair of Teen, Teen Wong, Day Gong, Gor 7 …"""
        cat, level, _ = self._key
        hi = self.high_tile
        name = hi.name_en.replace("Gee Joon six", "Gee Joon")
        if cat == Category.GEE_JOON:
            return "Gee Joon"
        if cat == Category.PAIR:
            return f"Pair of {name}"
        if cat == Category.WONG:
            return f"{name} Wong"
        if cat == Category.GONG:
            return f"{name} Gong"
        return f"{name} {level}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._tiles == other._tiles

    def __hash__(self) -> int:
        return hash(("Hand", self._tiles))

    def __lt__(self, other: "Hand") -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: "Hand") -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: "Hand") -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: "Hand") -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key >= other._key

    def __str__(self) -> str:
        return f"{self._tiles[0]} {self._tiles[1]}"

    def __repr__(self) -> str:
        return f"Hand.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The hand drawn as Chinese dominoes look (:func:`paigow.svg.hand`), for notebooks."""
        return draw_hand(self)

    # -- JSON (the command line's and services' form) ---------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The hand in JSON: its tiles, and for a reader its names, category, points and rank.

        >>> Hand.parse("6-6 4-5").to_json()
        {'tiles': ['6-6', '4-5'], 'name_zh': '天九王', 'name_en': 'Teen Wong', 'category': 'wong', 'points': 1, 'rank': 90}
        >>> Hand.from_json({"tiles": ["6-6", "4-5"]}) == Hand.from_json("天 杂九") == Hand.parse("6-6 4-5")
        True
        """
        return {
            "tiles": [t.to_json() for t in self._tiles],
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "category": self.category.name.lower(),
            "points": self.points,
            "rank": self.rank,
        }

    @classmethod
    def from_json(cls, data: object) -> "Hand":
        """Read :meth:`to_json`'s form: an object whose ``tiles`` are two tiles (the other keys
        are derived; given, they must agree), or the hand as text (``"6-6 4-5"``).

        Malformed data is :class:`~paigow.errors.InvalidHandError` with code ``hand.json``.
        """
        from paigow.errors import HandSyntaxError
        from _tablegames.jsonio import LITERAL_NAMES, json_type

        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict):
            raise HandSyntaxError(f"a hand in JSON is an object or a string, not {json_type(data, LITERAL_NAMES)}", code="hand.json")
        extra = sorted(set(data) - _HAND_JSON_KEYS)
        if extra:
            raise HandSyntaxError(f"unknown key {extra[0]!r} in a hand: the keys are "
                                   + ", ".join(sorted(_HAND_JSON_KEYS)), code="hand.json")
        tiles = data.get("tiles")
        if not isinstance(tiles, list):
            raise HandSyntaxError(f"a hand's 'tiles' is an array of two tiles, not {json_type(tiles, LITERAL_NAMES)}",
                                   code="hand.json")
        from paigow.tiles import Tile

        hand = cls.parse([Tile.from_json(t) for t in tiles])
        derived = hand.to_json()
        for key in sorted(set(data) - {"tiles"}):
            if data[key] != derived[key] or type(data[key]) is not type(derived[key]):
                raise HandSyntaxError(f"hand {hand}: {key!r} is {derived[key]!r}, not {data[key]!r}",
                                       code="hand.json")
        return hand


_HAND_JSON_KEYS = frozenset({"tiles", "name_zh", "name_en", "category", "points", "rank"})

