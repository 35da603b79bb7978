"""Dealing (docs/rules.md §1.6, Art. 1-2): the shuffle, the 8 stacks, cuts, dice, the first stack, the
deal and tiles exposed by accident.

Positions are numbered 0-7 in dealing order (right to left). The shuffled tiles lie in a row of 8
stacks of 4; a cut moves whole stacks from the front of the row to its end; the banker's 4 dice,
counting the banker as 1, pick the position that takes the first stack, and the stacks go out in
dealing order. All 32 tiles are dealt.

>>> stacks = shuffle(seed=7)
>>> roll = DiceRoll((3, 5, 6, 2))
>>> roll.total, roll.first_position(banker=0)
(16, 7)
>>> deal = Deal.from_stacks(stacks, roll.first_position(0))
>>> deal.hands[7] == stacks.stacks[0]
True
"""

from __future__ import annotations

import enum
import random
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, Union

from _tablegames.enums import CodeRepr
from paigow.errors import HandSyntaxError, IllegalActionError, IllegalHandError, InvalidTileError, NotationError
from paigow.table.positions import POSITIONS, check_position
from paigow.tiles import DECK, Tile, TileLike, parse_tiles
from paigow.tiles import split_tile_text as _split_tile_words

__all__ = [
    "POSITIONS",
    "MAX_PLAYER_CUTS",
    "DICE",
    "make_rng",
    "shuffle",
    "Stacks",
    "Cut",
    "check_cut",
    "VoidReason",
    "DiceRoll",
    "check_dice",
    "roll_dice",
    "first_position",
    "Deal",
    "ExposureEffect",
    "Exposure",
    "exposure_effect",
    "check_position",
    "void_reason",
]

MAX_PLAYER_CUTS = 2
"""At most two player positions cut in a round (Art. 2.1; a rule set's ``max_cuts``)."""

DICE = 4
"""The banker shakes 4 dice (Art. 1.2; a rule set's ``dice``)."""

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven")

Hand4 = tuple[Tile, Tile, Tile, Tile]
HandLike = Union[str, Iterable[TileLike]]
_T = TypeVar("_T")


# -- the shuffle ------------------------------------------------------------------------------------
def make_rng(seed: int | None = None) -> random.Random:
    """The source of randomness: operating-system entropy (``secrets.SystemRandom``) by default,
    a reproducible ``random.Random(seed)`` when a seed is given.

    >>> make_rng(5).random() == make_rng(5).random()
    True
    >>> type(make_rng()).__name__
    'SystemRandom'
    """
    if seed is None:
        return secrets.SystemRandom()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an int, not {seed!r}")
    return random.Random(seed)


def shuffle(seed: int | None = None, rng: random.Random | None = None) -> "Stacks":
    """The 32 tiles shuffled and laid out in 8 stacks of 4 (Art. 1.1, 1.4).

    Secure by default; ``seed`` (or a caller's ``rng``) makes it reproducible.

    >>> shuffle(seed=1) == shuffle(seed=1), shuffle(seed=1) == shuffle(seed=2)
    (True, False)
    """
    if rng is None:
        rng = make_rng(seed)
    tiles = list(DECK)
    rng.shuffle(tiles)
    return Stacks._of(_rows(tiles))   # the deck, reordered: nothing to check


def _rows(t: Sequence[Tile]) -> tuple[Hand4, ...]:
    return tuple((t[i], t[i + 1], t[i + 2], t[i + 3]) for i in range(0, 32, 4))


def _trusted(cls: type[_T], **fields: object) -> _T:
    """An instance of the frozen dataclass ``cls`` made of values already checked (tiles from the
    deck or from one check against it): ``__post_init__``'s checks are not run again."""
    obj = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


@dataclass(frozen=True)
class Stacks:
    """The row of 8 stacks of 4 tiles, front of the row first. ``str()`` lists the stacks
    separated by ``|``, which :meth:`parse` reads back. The tiles are checked against the deck
    once, where they come in (the constructor, :meth:`from_tiles`, :meth:`parse`); a shuffle
    and a cut only reorder checked tiles.

    >>> s = Stacks.from_tiles(DECK)
    >>> str(s).split(" | ")[:2]
    ['6-6 6-6 1-1 1-1', '4-4 4-4 1-3 1-3']
    >>> Stacks.parse(str(s)) == s
    True
    """

    stacks: tuple[Hand4, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.stacks, tuple) or len(self.stacks) != 8 or any(
            not isinstance(st, tuple) or len(st) != 4 or not all(isinstance(t, Tile) for t in st)
            for st in self.stacks
        ):
            raise TypeError(f"a row of stacks is 8 tuples of 4 Tiles, not {self.stacks!r}")
        _check_deck([t for st in self.stacks for t in st], "the stacks")

    @classmethod
    def from_tiles(cls, tiles: "str | Iterable[TileLike]") -> "Stacks":
        """Stacks from the 32 tiles in row order (stack 0 is tiles 0-3, ...).

        >>> Stacks.from_tiles("天 地")
        Traceback (most recent call last):
        ...
        paigow.errors.IllegalHandError: 32 tiles are needed, 2 given: 天 地
        """
        return cls._of(_rows(parse_tiles(tiles, count=32)))

    @classmethod
    def _of(cls, stacks: tuple[Hand4, ...]) -> "Stacks":
        """Stacks of tiles already checked against the deck (no validation)."""
        return _trusted(cls, stacks=stacks)

    @classmethod
    def parse(cls, text: str) -> "Stacks":
        """Read 8 stacks of 4 tiles separated by ``|``."""
        if not isinstance(text, str):
            raise TypeError(f"stacks are read from a str, not {text!r}")
        parts = text.split("|")
        if len(parts) != 8:
            raise HandSyntaxError(f"8 stacks separated by '|' are needed, {len(parts)} given: {text[:200]!r}",
                                   code="stacks.count", params={"count": len(parts)})
        words: list[str] = []
        for i, part in enumerate(parts):
            w = list(_split_tile_words(part))
            if len(w) != 4:
                raise HandSyntaxError(f"stack {i} has {len(w)} tiles, not 4: {part.strip()[:80]!r}",
                                       code="stacks.size", params={"stack": i, "count": len(w)})
            words.extend(w)
        return cls.from_tiles(words)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The 32 tiles in row order."""
        return tuple(t for st in self.stacks for t in st)

    def cut(self, k: int) -> "Stacks":
        """The row after moving ``k`` whole stacks (1-7) from its front to its end.

        >>> s = Stacks.from_tiles(DECK)
        >>> s.cut(3).stacks[0] == s.stacks[3], s.cut(3).stacks[7] == s.stacks[2]
        (True, True)
        """
        _check_k(k)
        return Stacks._of(self.stacks[k:] + self.stacks[:k])

    def __str__(self) -> str:
        return " | ".join(" ".join(str(t) for t in st) for st in self.stacks)


def _check_deck(tiles: Sequence[Tile], where: str) -> None:
    try:
        parse_tiles(tiles)
    except InvalidTileError as e:
        raise type(e)(f"{where}: {e}", code=e.code) from None


# -- cuts -------------------------------------------------------------------------------------------
def _check_k(k: object) -> int:
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"a cut moves a whole number (an int) of stacks, not {k!r}")
    if not 1 <= k <= 7:
        raise IllegalActionError(f"a cut moves 1 to 7 whole stacks, not {k!r} (docs/rules.md §1.6)", code="cut.stacks", params={"stacks": k})
    return k


@dataclass(frozen=True)
class Cut:
    """A cut: ``position`` moved ``stacks`` whole stacks from the front of the row to its end.

    >>> Cut(2, 3), str(Cut(2, 3)), Cut.parse("2 cuts 3")
    (Cut(position=2, stacks=3), '2 cuts 3', Cut(position=2, stacks=3))
    """

    position: int
    stacks: int

    def __post_init__(self) -> None:
        check_position(self.position)
        _check_k(self.stacks)

    @classmethod
    def parse(cls, text: str) -> "Cut":
        """Read ``"<position> cuts <k>"``."""
        if not isinstance(text, str):
            raise TypeError(f"a cut is read from a str, not {text!r}")
        m = re.fullmatch(r"(\d{1,3})\s+cuts\s+(\d{1,3})", text.strip())
        if not m:
            raise NotationError(f"a cut is written '<position> cuts <k>', not {text[:80]!r}", code="cut.syntax")
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.position} cuts {self.stacks}"


def check_cut(cuts: Sequence[Cut], position: int, k: int, banker: int, max_cuts: int = MAX_PLAYER_CUTS,
              earlier: Sequence[Cut] = ()) -> None:
    """Raise IllegalActionError unless ``position`` may cut ``k`` stacks after ``cuts`` (Art. 2.1):
    players first, at most ``max_cuts`` (two) player positions, one cut each, the banker last,
    nobody after. ``earlier`` are the cuts of the round's earlier, void deals: a void deal is the
    same round dealt again, so they count towards the positions that may cut and the one cut
    each (docs/rules.md §1.6); only the banker's cut of this deal closes its cutting.

    >>> check_cut([Cut(1, 2), Cut(4, 1)], 5, 3, banker=0)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: position 5 may not cut: two player positions (1, 4) have cut this round, the most Art. 2.1 allows
    >>> check_cut([Cut(0, 2)], 5, 3, banker=0)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: position 5 may not cut: the banker (position 0) has cut, and nobody cuts after the banker (Art. 2.1)
    """
    check_position(position)
    check_position(banker, "banker")
    _check_k(k)
    if any(c.position == banker for c in cuts):
        raise IllegalActionError(
            f"position {position} may not cut: the banker (position {banker}) has cut, and nobody"
            " cuts after the banker (Art. 2.1)", code="cut.after_banker", params={"position": position, "banker": banker}
        )
    if any(c.position == position for c in cuts):
        raise IllegalActionError(f"position {position} has cut already: one cut per position (Art. 2.1)",
                                 code="cut.twice", params={"position": position})
    if any(c.position == position for c in earlier):
        raise IllegalActionError(
            f"position {position} has cut already this round, before the deal was made void: one cut per"
            " position, and a void deal is the same round (Art. 2.1)", code="cut.twice", params={"position": position})
    players = list(dict.fromkeys(c.position for c in tuple(earlier) + tuple(cuts) if c.position != banker))
    if position != banker and len(players) >= max_cuts:
        if not players:
            raise IllegalActionError(f"position {position} may not cut: the rules let no player position cut",
                                     code="cut.too_many", params={"position": position})
        n = _COUNTS[len(players)] if len(players) < len(_COUNTS) else str(len(players))
        raise IllegalActionError(
            f"position {position} may not cut: {n} player position{'s' if len(players) > 1 else ''}"
            f" ({', '.join(map(str, players))}) {'have' if len(players) > 1 else 'has'} cut this round, the"
            f" most {'Art. 2.1' if max_cuts == MAX_PLAYER_CUTS else 'the rules'} allow"
            f"{'s' if max_cuts == MAX_PLAYER_CUTS else ''}", code="cut.too_many", params={"position": position}
        )


# -- dice -------------------------------------------------------------------------------------------
class VoidReason(CodeRepr, enum.Enum):
    """Why a shake does not count and the banker shakes again (Art. 1.5)."""

    TILTED = "tilted"
    """翘骰: a die lies tilted."""
    FALLEN = "fallen"
    """骰从骰盅跌出: a die fell out of the shaker."""


def check_dice(dice: object, count: int = DICE) -> tuple[int, ...]:
    """``dice`` (a tuple or list) as a roll of ``count`` dice (4, Art. 1.2), each 1 to 6.

    >>> check_dice([3, 5, 6, 2])
    (3, 5, 6, 2)
    """
    if not isinstance(dice, (tuple, list)) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise TypeError(f"a roll is a tuple of {count} ints, not {dice!r}")
    if len(dice) != count or not all(1 <= d <= 6 for d in dice):
        shown = dice if len(dice) <= 8 else f"{len(dice)} dice"
        raise IllegalActionError(f"a roll is {count} dice, each 1 to 6, not {shown!r} (Art. 1.2)", code="dice.invalid",
                                 params={"count": count, "dice": "+".join(map(str, dice)) if len(dice) <= 8 else shown})
    return tuple(dice)


def _check_count(count: object) -> int:
    if not isinstance(count, int) or isinstance(count, bool):
        raise TypeError(f"a number of dice is an int, not {count!r}")
    if not 1 <= count <= 6:
        raise IllegalActionError(f"a roll is 1 to 6 dice, not {count!r}", code="dice.invalid",
                                 params={"count": "1-6", "dice": f"{count} dice"})
    return count


@dataclass(frozen=True)
class DiceRoll:
    """One shake of the dice: 4 of them (Art. 1.2), or the ``count`` a rule set shakes. A
    ``void`` shake (tilted or fallen dice) does not count.

    >>> r = DiceRoll((6, 6, 1, 3))
    >>> r, str(r), r.total
    (DiceRoll(dice=(6, 6, 1, 3), void=None), '6+6+1+3=16', 16)
    >>> v = DiceRoll.parse("2+2+5+1 (tilted)")
    >>> v.void, DiceRoll.parse(str(v)) == v
    (VoidReason.TILTED, True)
    >>> DiceRoll((3, 5, 2), count=3).first_position(banker=0)
    1
    """

    dice: tuple[int, ...]
    void: VoidReason | None = None
    count: int = field(default=DICE, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", check_dice(self.dice, _check_count(self.count)))
        if self.void is not None and not isinstance(self.void, VoidReason):
            object.__setattr__(self, "void", void_reason(self.void))

    def __repr__(self) -> str:
        count = f", count={self.count}" if self.count != DICE else ""
        return f"DiceRoll(dice={self.dice!r}, void={self.void!r}{count})"

    @property
    def total(self) -> int:
        """The sum of the dice (of 4 dice: 4 to 24)."""
        return sum(self.dice)

    def first_position(self, banker: int) -> int:
        """The position that takes the first stack (see :func:`first_position`)."""
        if self.void is not None:
            raise IllegalActionError(f"the shake {str(self)!r} is void: shake again (Art. 1.5)", code="dice.void")
        return first_position(banker, self.total, self.count)

    @classmethod
    def parse(cls, text: str, count: int = DICE) -> "DiceRoll":
        """Read ``a+b+c+d`` (``count`` dice), optionally ``=total`` and ``(tilted)`` or ``(fallen)``."""
        if not isinstance(text, str):
            raise TypeError(f"a roll is read from a str, not {text!r}")
        _check_count(count)
        m = re.fullmatch(r"([1-6](?:\s*\+\s*[1-6]){%d})(?:\s*=\s*(\d{1,3}))?(?:\s*\((\w{1,20})\))?" % (count - 1),
                         text.strip())
        if not m:
            example = "+".join("3562"[i % 4] for i in range(count))
            raise NotationError(f"a roll is written like '{example}={sum(map(int, example.split('+')))}',"
                                f" not {text[:80]!r}", code="dice.syntax")
        dice = tuple(int(d) for d in m.group(1).split("+"))
        if m.group(2) is not None and int(m.group(2)) != sum(dice):
            raise NotationError(f"{text!r}: the dice add up to {sum(dice)}, not {m.group(2)}", code="dice.sum")
        word = m.group(3)
        if word is not None and word not in ("tilted", "fallen"):
            raise NotationError(f"{text!r}: a void shake is '(tilted)' or '(fallen)', not {word!r}", code="dice.void_reason")
        return cls(dice, VoidReason(word) if word is not None else None, count=count)

    def __str__(self) -> str:
        base = "+".join(map(str, self.dice))
        return f"{base} ({self.void.value})" if self.void else f"{base}={self.total}"


def void_reason(void: "VoidReason | str | None") -> VoidReason | None:
    """``void`` as a :class:`VoidReason` (or None): ``"tilted"`` or ``"fallen"`` (Art. 1.5).

    >>> void_reason("tilted"), void_reason(None)
    (VoidReason.TILTED, None)
    """
    if void is None or isinstance(void, VoidReason):
        return void
    if not isinstance(void, str):
        raise TypeError(f"a void shake's reason is 'tilted' or 'fallen', not {void!r}")
    try:
        return VoidReason(void)
    except ValueError:
        raise NotationError(f"a shake is void for tilted or fallen dice, not {void[:40]!r} (Art. 1.5)",
                            code="dice.void_reason") from None


def roll_dice(rng: random.Random, count: int = DICE) -> tuple[int, ...]:
    """``count`` (four) fair dice from ``rng``.

    >>> roll_dice(make_rng(3)) == roll_dice(make_rng(3))
    True
    """
    return tuple(rng.randint(1, 6) for _ in range(_check_count(count)))


def first_position(banker: int, total: int, dice: int = DICE) -> int:
    """The position that takes the first stack for a ``total`` of ``dice`` (4) dice, counting
    the banker as 1 (Art. 1.2): ``(banker + total - 1) mod 8``.

    >>> [first_position(0, t) for t in (4, 8, 9, 16, 17, 24)]
    [3, 7, 0, 7, 0, 7]
    >>> first_position(0, 3)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: 4 dice add up to 4 to 24, not 3
    """
    check_position(banker, "banker")
    if not isinstance(total, int) or isinstance(total, bool):
        raise TypeError(f"a dice total is an int, not {total!r}")
    _check_count(dice)
    if not dice <= total <= 6 * dice:
        raise IllegalActionError(f"{dice} dice add up to {dice} to {6 * dice}, not {total!r}", code="dice.total", params={"count": dice, "low": dice, "high": 6 * dice, "total": total})
    return (banker + total - 1) % 8


# -- the deal ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """The four tiles of each position (``hands[p]``), with the position that took the first
    stack when the deal came from stacks. A hand is ``None`` when a dealer entered the deal and
    did not see that position's tiles (a position that does not play).

    >>> d = Deal.from_stacks(Stacks.from_tiles(DECK), first=6)
    >>> d.hands[6], d.hands[7]
    ((Tile(6, 6), Tile(6, 6), Tile(1, 1), Tile(1, 1)), (Tile(4, 4), Tile(4, 4), Tile(1, 3), Tile(1, 3)))
    >>> Deal.parse(str(d)) == d
    True
    """

    hands: tuple[Hand4 | None, ...]
    first: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.hands, tuple) or len(self.hands) != 8 or any(
            h is not None and (not isinstance(h, tuple) or len(h) != 4 or not all(isinstance(t, Tile) for t in h))
            for h in self.hands
        ):
            raise TypeError(f"a deal is 8 hands of 4 Tiles (or None), not {self.hands!r}")
        if self.first is not None:
            check_position(self.first, "first position")
        _check_deck([t for h in self.hands if h is not None for t in h], "the deal")

    @classmethod
    def from_stacks(cls, stacks: Stacks, first: int) -> "Deal":
        """Deal the row: stack j goes to position ``(first + j) mod 8`` (Art. 1.3-1.4)."""
        if not isinstance(stacks, Stacks):
            raise TypeError(f"a deal is dealt from Stacks, not {stacks!r}")
        check_position(first, "first position")
        hands: list[Hand4 | None] = [None] * 8
        for j, st in enumerate(stacks.stacks):
            hands[(first + j) % 8] = st
        return _trusted(cls, hands=tuple(hands), first=first)   # the stacks' tiles are checked

    @classmethod
    def from_hands(cls, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None]",
                   first: int | None = None) -> "Deal":
        """The tiles a dealer saw dealt, checked to be a legal deal: 4 tiles a position and no
        tile more often than the deck holds (so 8 hands are exactly the 32 tiles). Positions not
        given (or ``None``) are unseen. Mixed names (杂九, 至尊) take their faces in deck order
        across the whole deal. ``first`` is the position that took the first stack, if known.

        >>> d = Deal.from_hands({0: "天 天 地 地", 3: "杂九 杂九 人 人"})
        >>> d.hands[3], d.hands[1]
        ((Tile(4, 5), Tile(3, 6), Tile(4, 4), Tile(4, 4)), None)
        >>> Deal.from_hands({0: "天 天 地 地", 3: "天 人 人 鹅"})
        Traceback (most recent call last):
        ...
        paigow.errors.TileCopiesError: the deal: too many 6-6 (天): 3 given, the deck holds 2 (positions 0, 3)
        >>> Deal.from_hands({2: "天 地 人"})
        Traceback (most recent call last):
        ...
        paigow.errors.IllegalHandError: position 2 is dealt 4 tiles, not 3: 天 地 人
        """
        if isinstance(hands, Mapping):
            items = dict(hands)
            for p in items:
                check_position(p)
        elif isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError(f"a deal is 8 hands in position order or a mapping of positions, not {hands!r}")
        elif len(hands) != 8:
            raise HandSyntaxError(f"a deal is 8 hands in position order, not {len(hands)}", code="deal.positions", params={"count": len(hands)})
        else:
            items = dict(enumerate(hands))
        if first is not None:
            check_position(first, "first position")
        words: dict[int, list[TileLike]] = {}
        for p in sorted(items):
            h = items[p]
            if h is None:
                continue
            if isinstance(h, str):
                w: list[TileLike] = list(_split_tile_words(h))
            elif isinstance(h, Tile):
                w = [h]
            else:
                try:
                    w = list(h)
                except TypeError:
                    raise TypeError(f"position {p}'s hand is 4 tiles, not {h!r}") from None
            if len(w) != 4:
                shown = " ".join(map(str, w[:8])) + (" ..." if len(w) > 8 else "")
                raise IllegalHandError(f"position {p} is dealt 4 tiles, not {len(w)}: {shown or '(none)'}",
                                       code="deal.hand_size")
            words[p] = w
        order = list(words)
        try:
            tiles = parse_tiles([x for p in order for x in words[p]])
        except InvalidTileError as e:
            where = _positions_of(e, words)
            raise type(e)(f"the deal: {e}{where}", code=e.code) from None
        out: list[Hand4 | None] = [None] * 8
        for i, p in enumerate(order):
            t = tiles[4 * i : 4 * i + 4]
            out[p] = (t[0], t[1], t[2], t[3])
        return _trusted(cls, hands=tuple(out), first=first)   # the tiles are checked just above

    @classmethod
    def parse(cls, text: str) -> "Deal":
        """Read ``str(deal)``: ``p: tiles`` per seen position separated by ``;``, and optionally
        ``first p;`` in front."""
        if not isinstance(text, str):
            raise TypeError(f"a deal is read from a str, not {text!r}")
        first = None
        hands: dict[int, str] = {}
        for part in text.split(";"):
            part = part.strip()
            if not part:
                continue
            m = re.fullmatch(r"first\s+(\d{1,3})", part)
            if m:
                first = int(m.group(1))
                continue
            m = re.fullmatch(r"(\d{1,3})\s*:(.*)", part, re.S)
            if not m:
                raise NotationError(f"a deal is written 'first 3; 0: 6-6 6-6 1-1 1-1; ...', not {text[:80]!r}",
                                    code="deal.syntax")
            p = check_position(int(m.group(1)), error=NotationError, code="deal.syntax")
            if p in hands:
                raise NotationError(f"position {p} is given twice in {text[:80]!r}", code="deal.position_twice")
            hands[p] = m.group(2)
        return cls.from_hands(hands, first)

    @property
    def seen(self) -> tuple[int, ...]:
        """Positions whose tiles are known."""
        return tuple(p for p in POSITIONS if self.hands[p] is not None)

    def __str__(self) -> str:
        parts = [f"first {self.first}"] if self.first is not None else []
        parts += [f"{p}: {' '.join(map(str, h))}" for p, h in enumerate(self.hands) if h is not None]
        return "; ".join(parts)


def _positions_of(err: InvalidTileError, words: Mapping[int, Sequence[TileLike]]) -> str:
    """For a 'too many X' error, the positions holding X."""
    m = re.match(r"too many (\d-\d)", str(err))
    if not m:
        return ""
    face = Tile.parse(m.group(1))
    where = []
    for p, w in words.items():
        for x in w:
            try:
                if Tile.parse(x) == face:
                    where.append(p)
                    break
            except InvalidTileError:
                pass
    return f" (positions {', '.join(map(str, where))})" if where else ""


# -- exposed tiles ----------------------------------------------------------------------------------
class ExposureEffect(CodeRepr, enum.Enum):
    """What tiles turned face up by accident do to the round (Art. 2.2-2.3)."""

    PLAY_ON = "play on"
    """One tile of a position: the round goes on."""
    SIT_OUT = "sit out"
    """Two tiles of a player position: it takes no part in the round; its bets stand off."""
    VOID_DEAL = "void deal"
    """Two of the banker's tiles: the deal is void and made again, bets unchanged."""


def exposure_effect(position: int, count: int, banker: int) -> ExposureEffect:
    """The effect of ``count`` tiles exposed at ``position`` (counted per position).

    >>> [exposure_effect(3, n, banker=0).value for n in (1, 2)]
    ['play on', 'sit out']
    >>> exposure_effect(0, 2, banker=0).value
    'void deal'
    """
    check_position(position)
    check_position(banker, "banker")
    if not isinstance(count, int) or isinstance(count, bool):
        raise TypeError(f"a count of exposed tiles is an int, not {count!r}")
    if count < 2:
        return ExposureEffect.PLAY_ON
    return ExposureEffect.VOID_DEAL if position == banker else ExposureEffect.SIT_OUT


@dataclass(frozen=True)
class Exposure:
    """A tile turned face up by accident at ``position`` (``tile`` None if not recorded), the
    number exposed there so far in this deal, and the effect.

    >>> e = Exposure(4, Tile(6, 6), 1, ExposureEffect.PLAY_ON)
    >>> str(e)
    '6-6 exposed at 4 (1 there): play on'
    """

    position: int
    tile: Tile | None
    count: int
    effect: ExposureEffect

    def __post_init__(self) -> None:
        check_position(self.position)

    def __str__(self) -> str:
        what = str(self.tile) if self.tile is not None else "a tile"
        return f"{what} exposed at {self.position} ({self.count} there): {self.effect.value}"
