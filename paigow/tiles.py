"""The 32 tiles of Pai Gow (docs/rules.md §1.1, Table 1 of Portaria 96/85/M).

There are 21 faces. Eleven come twice (the "civil" tiles, ranks 1-11); the ten others come once
and pair up into mixed ranks (杂九, 杂八, 杂七, 杂五) whose two faces are equal for every purpose,
plus the two Gee Joon tiles 2-4 and 1-2.

>>> Tile.parse("天")
Tile(6, 6)
>>> Tile.parse("5/4").name_zh, Tile.parse("chop gow").rank
('杂九', 12)
>>> len(DECK), DECK[0], DECK[31]
(32, Tile(6, 6), Tile(1, 2))
"""

from __future__ import annotations

import functools
import operator
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from typing import Union

from _tablegames.jsonio import LITERAL_NAMES, json_type
from paigow._svg import draw_tile
from paigow.errors import IllegalHandError, TileCopiesError, UnknownTileError

__all__ = ["Tile", "TileLike", "FACES", "DECK", "parse_tiles", "deck_indices", "tiles4", "split_tile_text"]

# face: (low pip, high pip, rank, points, seed name, English name,
#        other Chinese names (simplified and traditional), other English names)
_FACE_TABLE: tuple[tuple[int, int, int, int, str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    (6, 6, 1, 2, "天", "Teen", ("天牌",), ("heaven",)),
    (1, 1, 2, 2, "地", "Day", ("地牌",), ("earth",)),
    (4, 4, 3, 8, "人", "Yun", ("人牌",), ("man",)),
    (1, 3, 4, 4, "鹅", "Gor", ("鵝", "和", "鹅牌", "鵝牌"), ("goose",)),
    (5, 5, 5, 0, "梅", "Mooy", ("梅花", "梅牌"), ("flower",)),
    (3, 3, 6, 6, "长三", "Chong", ("長三",), ("long",)),
    (2, 2, 7, 4, "板櫈", "Bon", ("板凳", "板櫈"), ("bench",)),
    (5, 6, 8, 1, "虎头", "Foo", ("虎頭", "斧头", "斧頭"), ("axe",)),
    (4, 6, 9, 0, "红头", "Ping", ("紅頭", "红头十", "紅頭十"), ("partition",)),
    (1, 6, 10, 7, "高脚七", "Tit", ("高腳七",), ("long leg seven",)),
    (1, 5, 11, 6, "拎冧六", "Look", ("零霖六",), ()),
    (4, 5, 12, 9, "杂九", "Chop Gow", ("雜九",), ("mixed nine",)),
    (3, 6, 12, 9, "杂九", "Chop Gow", ("雜九",), ("mixed nine",)),
    (3, 5, 13, 8, "杂八", "Chop Bot", ("雜八",), ("mixed eight",)),
    (2, 6, 13, 8, "杂八", "Chop Bot", ("雜八",), ("mixed eight",)),
    (3, 4, 14, 7, "杂七", "Chop Chit", ("雜七",), ("mixed seven",)),
    (2, 5, 14, 7, "杂七", "Chop Chit", ("雜七",), ("mixed seven",)),
    (2, 4, 15, 6, "大鸡六", "Gee Joon six", ("大雞六", "至尊"), ("gee joon (six)", "gee joon")),
    (1, 4, 16, 5, "杂五", "Chop Ng", ("雜五",), ("mixed five",)),
    (2, 3, 16, 5, "杂五", "Chop Ng", ("雜五",), ("mixed five",)),
    (1, 2, 17, 3, "细鸡", "Gee Joon three", ("細雞", "至尊"), ("gee joon (three)", "gee joon")),
)

_PIPS_RE = re.compile(r"^([1-6])\s*[-/]?\s*([1-6])$")


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


class Tile:
    """One of the 21 tile faces. Immutable; equal faces compare equal.

    ``str(tile)`` is the pip notation (low pip first), which :meth:`parse` reads back.

    >>> t = Tile(6, 5)
    >>> t, str(t), t.rank, t.points, t.name_zh, t.name_en
    (Tile(5, 6), '5-6', 8, 1, '虎头', 'Foo')
    """

    __slots__ = ("_face",)
    _face: int

    def __new__(cls, a: int, b: int) -> "Tile":
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in (a, b)):
            raise TypeError(f"a tile's pips are two whole numbers, not {a!r} and {b!r}")
        if not (1 <= a <= 6 and 1 <= b <= 6):
            raise UnknownTileError(f"no tile has pips {a!r} and {b!r}: pips run from 1 to 6 (Table 1)",
                                   code="tile.pips")
        return FACES[_PIPS_TO_FACE[(min(a, b), max(a, b))]]

    @classmethod
    def _make(cls, face: int) -> "Tile":
        self = object.__new__(cls)
        object.__setattr__(self, "_face", face)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Tile, self.pips)

    # -- identity -------------------------------------------------------------------------------
    @property
    def face(self) -> int:
        """Index of the face in :data:`FACES` (0-20, strongest first)."""
        return self._face

    @property
    def pips(self) -> tuple[int, int]:
        """The two pip counts, low first."""
        row = _FACE_TABLE[self._face]
        return (row[0], row[1])

    @property
    def rank(self) -> int:
        """Rank in Table 1: 1 is the strongest single tile, 17 the weakest."""
        return _FACE_TABLE[self._face][2]

    @property
    def points(self) -> int:
        """Pips mod 10 (the Gee Joon switch to 3 or 6 happens in a hand, not here)."""
        return _FACE_TABLE[self._face][3]

    @property
    def name_zh(self) -> str:
        """The seed name of Table 1 (天, 地, … 杂九 …)."""
        return _FACE_TABLE[self._face][4]

    @property
    def name_en(self) -> str:
        """The usual English name (Teen, Day, … Chop Gow …)."""
        return _FACE_TABLE[self._face][5]

    @property
    def copies(self) -> int:
        """How many tiles of this face the deck holds (2 for ranks 1-11, else 1)."""
        return 2 if self.rank <= 11 else 1

    @property
    def is_gee_joon(self) -> bool:
        """True for 2-4 and 1-2, the two tiles that count 3 or 6 (Art. 5.5)."""
        return self.rank in (15, 17)

    def __eq__(self, other: object) -> bool:
        return self is other if isinstance(other, Tile) else NotImplemented

    def __hash__(self) -> int:
        return hash(("Tile", self._face))

    def __str__(self) -> str:
        lo, hi = self.pips
        return f"{lo}-{hi}"

    def __repr__(self) -> str:
        lo, hi = self.pips
        return f"Tile({lo}, {hi})"

    def _repr_svg_(self) -> str:
        """The tile drawn as Chinese dominoes look (:func:`paigow.svg.tile`), for notebooks."""
        return draw_tile(self)

    # -- parsing --------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: "TileLike") -> "Tile":
        """Read one tile: pips (``6-6``, ``66``, ``6/6``, either order), a Chinese name
        (simplified or traditional) or an English name, case-insensitive.

        A name of a mixed rank (杂九, Chop Gow, 至尊 …) names its first face in deck order;
        :func:`parse_tiles` gives the second face to a second use of the name.

        >>> Tile.parse("21"), Tile.parse("雜九"), Tile.parse("Gee Joon"), Tile.parse("Long")
        (Tile(1, 2), Tile(4, 5), Tile(2, 4), Tile(3, 3))
        >>> Tile.parse("7-7")
        Traceback (most recent call last):
        ...
        paigow.errors.UnknownTileError: unknown tile '7-7': give pips 1-6 like '6-6', a Chinese name like '天' or an English name like 'Teen'
        """
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise TypeError(f"a tile is given as text or a Tile, not {text!r}")
        faces = _lookup(text)
        return FACES[faces[0]]

    # -- JSON -----------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The tile in JSON: its pip notation, ``"6-6"``.

        >>> Tile(4, 5).to_json(), Tile.from_json("5-4")
        ('4-5', Tile(4, 5))
        """
        return str(self)

    @classmethod
    def from_json(cls, data: object) -> "Tile":
        """Read :meth:`to_json`'s form (or any text :meth:`parse` reads). Anything but a JSON
        string is :class:`~paigow.errors.UnknownTileError` (code ``tile.json``)."""
        if not isinstance(data, str):
            raise UnknownTileError(f"a tile in JSON is a string like '6-6', not {json_type(data, LITERAL_NAMES)}", code="tile.json")
        return cls.parse(data)

    @classmethod
    def names(cls) -> dict[str, tuple["Tile", ...]]:
        """Every name :meth:`parse` accepts (normalised), with the faces it can stand for."""
        return {k: tuple(FACES[f] for f in v) for k, v in _NAMES.items()}


TileLike = Union[Tile, str]

FACES: tuple[Tile, ...] = tuple(Tile._make(f) for f in range(len(_FACE_TABLE)))
"""The 21 faces, strongest first (the two faces of a mixed rank in Table 1's order)."""

_PIPS_TO_FACE = {(row[0], row[1]): f for f, row in enumerate(_FACE_TABLE)}
_COPIES = {f: t.copies for f, t in enumerate(FACES)}

DECK: tuple[Tile, ...] = tuple(t for t in FACES for _ in range(t.copies))
"""The 32 tiles in deck order; batch functions take indices into this tuple."""

_FACE_DECK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, t in enumerate(DECK) if t.face == f) for f in range(len(FACES))
)


def _build_names() -> dict[str, tuple[int, ...]]:
    names: dict[str, list[int]] = {}
    for f, row in enumerate(_FACE_TABLE):
        for name in (row[4], row[5], *row[6], *row[7]):
            key = _norm(name)
            faces = names.setdefault(key, [])
            if f not in faces:
                faces.append(f)
    return {k: tuple(v) for k, v in names.items()}


_NAMES = _build_names()
_FIRST_WORDS = frozenset(k.split(" ")[0] for k in _NAMES if " " in k)


@functools.lru_cache(maxsize=512)
def _lookup(text: str) -> tuple[int, ...]:
    """The faces a piece of text can stand for, in deck order (cached: a few names recur)."""
    key = _norm(text)
    m = _PIPS_RE.match(key)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        return (_PIPS_TO_FACE[(min(a, b), max(a, b))],)
    faces = _NAMES.get(key)
    if faces is None:
        raise UnknownTileError(
            f"unknown tile {clip_text(text)!r}: give pips 1-6 like '6-6', a Chinese name like '天'"
            " or an English name like 'Teen'"
        )
    return faces


def _lookup_word(word: str, following: "TileLike | None") -> tuple[int, ...]:
    """_lookup() of one word of a tile list; where it is no tile, begins a name of several words
    and the word after it is no tile either, the error quotes both ("Chop Gw")."""
    try:
        return _lookup(word)
    except UnknownTileError:
        if isinstance(following, str) and " " not in word and _may_begin_name(word) and not _is_tile(following):
            raise UnknownTileError(
                f"unknown tile {clip_text(word + ' ' + following)!r}: give pips 1-6 like '6-6', a Chinese name"
                " like '天' or an English name like 'Chop Gow'"
            ) from None
        raise


def _is_tile(word: str) -> bool:
    try:
        _lookup(word)
    except UnknownTileError:
        return False
    return True


def parse_tiles(tiles: "str | Iterable[TileLike]", count: int | None = None) -> tuple[Tile, ...]:
    """Read several tiles and check them against the deck.

    ``tiles`` is a string of tiles separated by spaces or commas, or an iterable of tiles and
    strings. A tile given by pips or by a single-face name is taken first; each use of a mixed
    name (杂九, 至尊 …) then takes the next face of that rank still in the deck, in deck order.
    With ``count``, exactly that many tiles must be given.

    >>> parse_tiles("杂九 杂九 至尊 至尊")
    (Tile(4, 5), Tile(3, 6), Tile(2, 4), Tile(1, 2))
    >>> parse_tiles("3-6 杂九")
    (Tile(3, 6), Tile(4, 5))
    >>> parse_tiles("天 天 天")
    Traceback (most recent call last):
    ...
    paigow.errors.TileCopiesError: too many 6-6 (天): 3 given, the deck holds 2
    """
    if isinstance(tiles, str):
        fast = _parse_plain(tiles, count)
        if fast is not None:
            return fast
        items: list[TileLike] = list(split_tile_text(tiles))
    elif isinstance(tiles, Tile):
        items = [tiles]
    else:
        try:
            items = list(tiles)
        except TypeError:
            raise TypeError(f"tiles are given as text or an iterable of tiles, not {tiles!r}") from None
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
        raise TypeError(f"count is a whole number, not {count!r}")
    # every word is read before the count is checked, so that a misspelled name of two words
    # ("Chop Gw") is named as what it is, not counted as two tiles
    options: list[tuple[int, ...]] = []
    indices: set[int] = set()
    for i, item in enumerate(items):
        if isinstance(item, Tile):
            options.append((item.face,))
        elif isinstance(item, str):
            options.append(_lookup_word(item, items[i + 1] if i + 1 < len(items) else None))
        else:
            options.append((DECK[_deck_index(item, indices, items)].face,))
    if count is not None and len(items) != count:
        raise IllegalHandError(f"{count} tiles are needed, {len(items)} given: {_show(items)}")
    left = Counter(_COPIES)
    chosen: list[int | None] = [None] * len(items)
    for i, opts in enumerate(options):
        if len(opts) == 1:
            chosen[i] = opts[0]
            left[opts[0]] -= 1
    for f, n in left.items():
        if n < 0:
            t = FACES[f]
            raise TileCopiesError(
                f"too many {t} ({t.name_zh}): {t.copies - n} given, the deck holds {t.copies}"
            )
    for i, opts in enumerate(options):
        if chosen[i] is None:
            free = [f for f in opts if left[f] > 0]
            if not free:
                raise TileCopiesError(
                    f"too many {items[i]!r}: the deck holds only "
                    + " and ".join(str(FACES[f]) for f in opts)
                )
            chosen[i] = free[0]
            left[free[0]] -= 1
    return tuple(FACES[f] for f in chosen if f is not None)


def _deck_index(item: object, used: set[int], items: list[object]) -> int:
    """A deck index (0-31, the order of DECK) given as one tile of a hand, the form the batch
    functions and best_setting() take: each index at most once in a hand."""
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise TypeError(f"a tile is given as text, a Tile or a deck index (0-31), not {item!r}")
    i = operator.index(item)
    if not 0 <= i < len(DECK):
        raise UnknownTileError(f"deck index {i} is out of range (0-{len(DECK) - 1}) in {_show(items)}",
                               code="tile.index")
    if i in used:
        raise TileCopiesError(f"tile index {i} is used twice in {_show(items)}", code="tile.twice")
    used.add(i)
    return i


def _parse_plain(text: str, count: int | None) -> tuple[Tile, ...] | None:
    """parse_tiles() of text whose words are each one tile of one face (pips or a single-face
    name, as written) within the deck's copies: the common case, without the general path's
    work. None for anything else, which the general path reads (and explains, if wrong)."""
    words = _SEPARATORS.split(text.strip())
    if count is not None and len(words) != count:
        return None
    plain = _plain_words()
    faces = []
    for w in words:
        f = plain.get(w)
        if f is None:
            return None
        faces.append(f)
    if len(set(faces)) != len(faces) and any(faces.count(f) > _COPIES[f] for f in faces):
        return None
    return tuple([FACES[f] for f in faces])


_SEPARATORS = re.compile(r"[\s,;]+")


@functools.lru_cache(maxsize=1)
def _plain_words() -> dict[str, int]:
    """Words that are one tile of one face as they are written, and begin no name of several
    words: the pips (``6-6``, ``5-6``, ``6-5``) and the names of one face (``天``, ``teen``)."""
    candidates = {f"{a}-{b}" for a in range(1, 7) for b in range(1, 7)} | {k for k in _NAMES if " " not in k}
    out = {}
    for w in sorted(candidates):
        if w != w.strip() or _SEPARATORS.search(w) or _may_begin_name(w):
            continue
        try:
            faces = _lookup(w)
        except UnknownTileError:
            continue
        if len(faces) == 1:
            out[w] = faces[0]
    return out


def split_tile_text(text: str) -> Iterable[str]:
    """Words of ``text`` grouped into tile names: the longest run of words that is a name
    (``gee joon (six)``, ``long leg seven``) is one tile.

    >>> list(split_tile_text("6-6, gee joon (six) long leg seven 天"))
    ['6-6', 'gee joon (six)', 'long leg seven', '天']
    """
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    i = 0
    n = len(words)
    while i < n:
        if n - i == 1 or not _may_begin_name(words[i]):
            yield words[i]  # no name of several words begins with it: one word, one tile
            i += 1
            continue
        for k in range(min(3, n - i), 0, -1):
            if k == 1 or _is_name(" ".join(words[i : i + k])):
                yield " ".join(words[i : i + k])
                i += k
                break


@functools.lru_cache(maxsize=512)
def _may_begin_name(word: str) -> bool:
    """Whether a name of several words (``gee joon``, ``long leg seven``) may begin with ``word``."""
    key = _norm(word)
    return not key or " " in key or key in _FIRST_WORDS


@functools.lru_cache(maxsize=512)
def _is_name(text: str) -> bool:
    return _norm(text) in _NAMES


def deck_indices(tiles: Iterable[Tile]) -> tuple[int, ...]:
    """Indices into :data:`DECK` for distinct physical tiles (the first copy of a face, then
    the second), for the batch functions.

    >>> deck_indices(parse_tiles("天 天 至尊 地"))
    (0, 1, 28, 2)
    """
    used: dict[int, int] = {}
    out = []
    if isinstance(tiles, (str, bytes)) or not hasattr(tiles, "__iter__"):
        raise TypeError(f"deck_indices takes an iterable of Tiles, not {tiles!r}")
    for t in tiles:
        if not isinstance(t, Tile):
            raise TypeError(f"deck_indices takes Tiles (see parse_tiles), not {t!r}")
        idx = _FACE_DECK_INDICES[t._face]
        k = used.get(t._face, 0)
        if k >= len(idx):
            raise TileCopiesError(f"too many {t} ({t.name_zh}): the deck holds {len(idx)}")
        used[t._face] = k + 1
        out.append(idx[k])
    return tuple(out)


def tiles4(tiles: object) -> tuple[tuple[Tile, ...], tuple[int, int, int, int]] | None:
    """Four :class:`Tile` objects in a list or tuple as they are, with their DECK indices as
    :func:`deck_indices` gives them (the first copy of a face, then the second), without
    parsing: for a caller's hot path. None for anything else, or more copies of a face than the
    deck holds (:func:`parse_tiles` then says why).

    >>> tiles4([DECK[0], DECK[0], DECK[28], DECK[2]])[1], tiles4("天 天 至尊 地")
    ((0, 1, 28, 2), None)
    """
    if (type(tiles) is not list and type(tiles) is not tuple) or len(tiles) != 4:
        return None
    out: list[int] = []
    for t in tiles:
        if type(t) is not Tile:
            return None
        for j in _FACE_DECK_INDICES[t._face]:
            if j not in out:
                out.append(j)
                break
        else:
            return None
    return tuple(tiles), (out[0], out[1], out[2], out[3])


def _show(items: Iterable[object]) -> str:
    return clip_text(" ".join(str(i) for i in items)) or "(none)"


_CLIP = 80


def clip_text(text: str) -> str:
    """``text`` cut to a length an error message can quote."""
    return text if len(text) <= _CLIP else text[:_CLIP] + "..."
