"""Settings of a four-tile hand and the comparison with the banker (docs/rules.md §1.4-1.5).

Four tiles split three ways into two hands of two. The dealer puts the smaller hand in front and
the larger behind (Art. 5.2), so a setting cannot foul. Front meets front and back meets back; a
copy goes to the banker (6.1), and so does a zero-point front against a zero-point front (6.2).
Both won: the player wins; both lost: the banker wins; one each: a push (6.3-6.4).

>>> for s in settings("天 地 杂九 至尊"): print(s, "|", s.name_zh)
6-6 1-1 | 4-5 2-4 | 天牌四 | 杂九五
1-1 2-4 | 6-6 4-5 | 地牌八 | 天九王
6-6 2-4 | 1-1 4-5 | 天牌八 | 地九王
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from _tablegames.enums import CodeRepr
from _tablegames.jsonio import LITERAL_NAMES, json_type
from paigow import _core
from paigow._svg import draw_setting
from paigow.errors import HandSyntaxError, IllegalHandError
from paigow.hands import Hand
from paigow.rules import RuleSet, RulesLike, clean_rules
from paigow.tiles import FACES, Tile, TileLike, clip_text, parse_tiles, split_tile_text

__all__ = ["Outcome", "Setting", "settings", "compare", "SPLITS"]

SPLITS: tuple[tuple[int, int, int, int], ...] = _core.SPLITS
"""For tiles a, b, c, d the three settings in their fixed order: ab|cd, ac|bd, ad|bc (stated
once, in the compiled core's ``_common.pxd``).

>>> SPLITS
((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
"""


class Outcome(CodeRepr, enum.IntEnum):
    """A position's result against the banker, from the player's side."""

    LOSE = -1
    PUSH = 0
    WIN = 1


class Setting:
    """Two hands set from four tiles, arranged by the dealer: the smaller in front.

    ``Setting(a, b)`` takes the two hands in either order; of two hands that are a copy, the one
    of weaker tiles goes in front, so one split is one Setting.
    ``str()`` is ``front | back``, which :meth:`parse` reads back.

    >>> s = Setting(Hand.parse("天 杂九"), Hand.parse("地 至尊"))
    >>> s.front, s.back
    (Hand.parse('1-1 2-4'), Hand.parse('6-6 4-5'))
    >>> Setting.parse(str(s)) == s
    True
    """

    __slots__ = ("_front", "_back", "_fields", "_fr", "_br")
    _front: Hand
    _back: Hand
    _fields: int  # the faces of its four tiles, counted for compare()'s deck check (_FIELD)
    _fr: int  # the front's and the back's rank, kept for compare()
    _br: int

    def __init__(self, a: "Hand | str | Iterable[TileLike]", b: "Hand | str | Iterable[TileLike]") -> None:
        ha, hb = Hand.parse(a), Hand.parse(b)
        parse_tiles(ha.tiles + hb.tiles)  # four tiles the deck can hold
        self._arrange(ha, hb)

    def _arrange(self, a: Hand, b: Hand) -> None:
        # the smaller hand in front; of two hands that are a copy, the one of weaker tiles, so
        # that one split is one Setting however its hands are given
        ra, rb = a.rank, b.rank
        if ra > rb or (ra == rb and [t.face for t in a.tiles] < [t.face for t in b.tiles]):
            a, b = b, a
            ra, rb = rb, ra
        object.__setattr__(self, "_fr", ra)
        object.__setattr__(self, "_br", rb)
        object.__setattr__(self, "_front", a)
        object.__setattr__(self, "_back", b)
        object.__setattr__(self, "_fields", _copies(a) + _copies(b))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Setting is immutable")

    def __reduce__(self) -> tuple[object, tuple[Hand, Hand]]:
        return (Setting, (self._front, self._back))

    @classmethod
    def _of(cls, a: Hand, b: Hand) -> "Setting":
        """Two hands whose four tiles are already checked against the deck (no validation)."""
        self = object.__new__(cls)
        self._arrange(a, b)
        return self

    @classmethod
    def parse(cls, text: "str | Setting") -> "Setting":
        """Read ``front | back``, each hand two tiles. The four tiles are checked together: a
        mixed-rank name (杂九, 至尊 …) takes the next face of its rank still free in the whole
        setting, as in :func:`settings`.

        >>> Setting.parse("天 地 | 杂九 至尊").back.name_zh
        '杂九五'
        >>> Setting.parse("杂九 天 | 杂九 地")
        Setting.parse('1-1 3-6 | 6-6 4-5')
        >>> Setting.parse("6-6 1-1 4-5")
        Traceback (most recent call last):
        ...
        paigow.errors.HandSyntaxError: a setting is written 'front | back', not '6-6 1-1 4-5'
        """
        if isinstance(text, Setting):
            return text
        if not isinstance(text, str):
            raise TypeError(f"a setting is given as text like '6-6 1-1 | 4-5 2-4', not {text!r}")
        parts = text.split("|")
        if len(parts) != 2:
            raise HandSyntaxError(f"a setting is written 'front | back', not {clip_text(text)!r}", code="setting.syntax")
        halves = [list(split_tile_text(p)) for p in parts]
        if [len(h) for h in halves] != [2, 2]:
            raise IllegalHandError(
                f"a setting is two tiles, '|', two tiles: {clip_text(text)!r} has {len(halves[0])} and {len(halves[1])}"
            )
        t = parse_tiles(halves[0] + halves[1], count=4)
        return cls._of(Hand._of(t[0], t[1]), Hand._of(t[2], t[3]))

    @property
    def front(self) -> Hand:
        """The smaller hand."""
        return self._front

    @property
    def back(self) -> Hand:
        """The larger hand."""
        return self._back

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile, Tile]:
        """Front tiles, then back tiles."""
        return self._front.tiles + self._back.tiles

    @property
    def name_zh(self) -> str:
        """``front | back`` by the hands' Chinese names."""
        return f"{self._front.name_zh} | {self._back.name_zh}"

    @property
    def name_en(self) -> str:
        """``front | back`` by the hands' English names."""
        return f"{self._front.name_en} | {self._back.name_en}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Setting):
            return NotImplemented
        return (self._front, self._back) == (other._front, other._back)

    def __hash__(self) -> int:
        return hash(("Setting", self._front, self._back))

    def __str__(self) -> str:
        return f"{self._front} | {self._back}"

    def __repr__(self) -> str:
        return f"Setting.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The setting drawn as Chinese dominoes look (:func:`paigow.svg.setting`), for notebooks."""
        return draw_setting(self)

    # -- JSON (the command line's and services' form) ---------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The setting in JSON: ``{"front": hand, "back": hand}``, each as :meth:`Hand.to_json`.

        >>> s = Setting.parse("天 地 | 杂九 至尊")
        >>> [h["tiles"] for h in s.to_json().values()]
        [['6-6', '1-1'], ['4-5', '2-4']]
        >>> Setting.from_json(s.to_json()) == Setting.from_json(str(s)) == s
        True
        """
        return {"front": self._front.to_json(), "back": self._back.to_json()}

    @classmethod
    def from_json(cls, data: object) -> "Setting":
        """Read :meth:`to_json`'s form, or the setting as text (``"6-6 1-1 | 4-5 2-4"``).

        Malformed data is :class:`~paigow.errors.InvalidHandError` with code ``setting.json``;
        the four tiles are checked against the deck together.
        """
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict):
            raise HandSyntaxError(f"a setting in JSON is an object or a string, not {json_type(data, LITERAL_NAMES)}",
                                   code="setting.json")
        if set(data) != {"front", "back"}:
            raise HandSyntaxError("a setting in JSON has the keys 'front' and 'back' only, not "
                                   + ", ".join(repr(k) for k in sorted(map(str, data))), code="setting.json")
        front, back = Hand.from_json(data["front"]), Hand.from_json(data["back"])
        parse_tiles(front.tiles + back.tiles)  # four tiles the deck can hold
        if front.rank > back.rank:
            raise IllegalHandError(f"the front {front} is larger than the back {back} (Art. 5.2)",
                                   code="setting.order")
        return cls._of(front, back)


def settings(tiles: "str | Iterable[TileLike]", rules: RulesLike = None) -> tuple[Setting, Setting, Setting]:
    """The three settings of four tiles a, b, c, d, in the order ab|cd, ac|bd, ad|bc, each
    arranged by the hand order of ``rules`` (Macau's by default; see :mod:`paigow.rules`).

    >>> [s.back.name_en for s in settings("6-6 6-6 1-1 1-1")]
    ['Pair of Teen', 'Teen 4', 'Teen 4']
    >>> settings("天 地 人")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalHandError: 4 tiles are needed, 3 given: 天 地 人
    """
    # the settings are Hand's arrangement whatever the rules: the US and home orders arrange every
    # split alike (the copies they make keep the front Macau's order gives: tests/test_us.py checks
    # all 35,960 hands); "home-military" may not (天 + 人 is a zero there), and compare() arranges
    # by the order's own ranks
    clean_rules(rules)
    return settings_of(parse_tiles(tiles, count=4))


def settings_of(t: tuple[Tile, ...]) -> tuple[Setting, Setting, Setting]:
    """settings() of four tiles already checked against the deck."""
    s0, s1, s2 = (Setting._of(Hand._of(t[i], t[j]), Hand._of(t[k], t[m])) for i, j, k, m in SPLITS)
    return (s0, s1, s2)


def compare(player: Setting, banker: Setting, rules: RulesLike = None) -> Outcome:
    """The player's result against the banker (Art. 6) under ``rules`` (Macau's by default).

    >>> compare(Setting.parse("天 地 | 杂九 至尊"), Setting.parse("人 人 | 梅 梅"))
    Outcome.LOSE
    >>> compare(Setting.parse("1-3 3-3 | 6-6 6-6"), Setting.parse("4-6 5-5 | 1-1 1-1"))
    Outcome.PUSH
    >>> from paigow.rules import MACAU
    >>> zeros = Setting.parse("2-2 3-3 | 1-3 3-3"), Setting.parse("2-2 1-5 | 5-5 4-6")  # four zero hands
    >>> compare(*zeros), compare(*zeros, rules=MACAU.replace(name="zero-both", zero_rule="both"))
    (Outcome.PUSH, Outcome.LOSE)
    """
    clean = rules if type(rules) is RuleSet else clean_rules(rules)
    core = clean.core
    if not isinstance(player, Setting) or not isinstance(banker, Setting):
        raise TypeError(f"compare takes two Settings, not {player!r} and {banker!r}")
    if (player._fields + banker._fields + _ROOM) & _OVER:
        parse_tiles(player.tiles + banker.tiles)  # raises: more copies of a face than the deck holds
    # Art. 6 is stated once, in the compiled core (_common.pxd: front_wins, back_wins, decide)
    if clean.hand_order == "macau":  # the ranks a Setting keeps (Hand.rank)
        return _OUTCOMES[core.decide(player._fr, player._br, banker._fr, banker._br) + 1]
    order = clean.hand_order  # another hand order: the hands' ranks in it, the smaller in front (5.2;
    # the home game's military partners make 天 + 人 a zero, which Macau's order puts behind)
    pf, pb = sorted((player._front.rank_in(order), player._back.rank_in(order)))
    bf, bb = sorted((banker._front.rank_in(order), banker._back.rank_in(order)))
    return _OUTCOMES[core.decide(pf, pb, bf, bb) + 1]


# The deck check of compare() without building a list: each face has a 3-bit field holding
# (tiles of that face) + (3 - the deck's copies of it), so a field reaches 4 (its top bit) exactly
# when more tiles of the face are given than the deck holds (at most 8 tiles: 2 + 3 - 1 <= 7).
_FIELD = tuple(1 << (3 * f) for f in range(len(FACES)))
_ROOM = sum((3 - t.copies) << (3 * f) for f, t in enumerate(FACES))
_OVER = sum(4 << (3 * f) for f in range(len(FACES)))
_OUTCOMES = (Outcome.LOSE, Outcome.PUSH, Outcome.WIN)


def _copies(h: Hand) -> int:
    a, b = h.tiles
    return _FIELD[a.face] + _FIELD[b.face]
