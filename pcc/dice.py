"""Dice: the six figures, their colours, and a roll of three dice.

Despacho Regulamentar Externo 59/2004, Art. 1.1): three balanced dice, opposite
faces summing to seven, engraved with

====  ==========  ===========  =======  ======
 n    Portuguese  Chinese      English  colour
====  ==========  ===========  =======  ======
 1    Peixe       鱼 (魚)      fish     red
 2    Camarão     虾 (蝦)      prawn    green
 3    Cabaço      葫芦 (葫蘆)  gourd    blue
 4    Moeda       金钱 (金錢)  coin     blue
 5    Caranguejo  蟹           crab     green
 6    Galo        鸡 (雞)      rooster  red
====  ==========  ===========  =======  ======

Names parse in any of the three languages, in either Chinese script, without
regard to case or accents:

>>> Figure.parse("Camarao"), Figure.parse("蝦"), Figure.parse("shrimp"), Figure.parse("2")
(Figure.PRAWN, Figure.PRAWN, Figure.PRAWN, Figure.PRAWN)
>>> Roll.parse("鱼蟹蟹")
Roll.parse('fish-crab-crab')
"""

from __future__ import annotations

import enum
import random
import re
import secrets
from collections.abc import Iterator
from typing import Final, NoReturn, Union

from _tablegames.enums import CodeRepr
from pcc._text import FIGURE_NAMES, fold, quote
from pcc.errors import InvalidColourError, InvalidFigureError, InvalidRollError

__all__ = ["Colour", "Figure", "FigureLike", "Roll", "roll", "rolls"]


class Colour(CodeRepr, enum.Enum):
    """The colour engraved with a figure: red, green or blue (Art. 1.1).

    >>> Colour.parse("Vermelha")
    Colour.RED
    >>> str(Colour.parse("綠")), Colour.BLUE.pt, Colour.BLUE.zh
    ('green', 'azul', '蓝')
    >>> [str(f) for f in Colour.GREEN.figures]
    ['prawn', 'crab']
    """

    RED = "red"
    GREEN = "green"
    BLUE = "blue"

    def __str__(self) -> str:
        return self.value

    @property
    def en(self) -> str:
        """English name."""
        return self.value

    @property
    def pt(self) -> str:
        """Portuguese name (masculine; the regulation's table has the feminine, ``Vermelha``)."""
        return _COLOUR_PT[self]

    @property
    def zh(self) -> str:
        """Chinese name, simplified script."""
        return _COLOUR_ZH[self][0]

    @property
    def figures(self) -> tuple[Figure, ...]:
        """The two figures of this colour, in number order."""
        return _COLOUR_FIGURES[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """The colour named by ``text`` in English, Portuguese or Chinese.

        >>> Colour.parse("purple")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidColourError: unknown colour 'purple': the dice are red, green and blue (Despacho 59/2004, Art. 1.1)
        """
        if not isinstance(text, str):
            raise TypeError(f"colour {quote(text)} is not text")
        found = _COLOUR_NAMES.get(fold(text))
        if found is not None:
            return found
        raise InvalidColourError(
            f"unknown colour {quote(text)}: the dice are red, green and blue (Despacho 59/2004, Art. 1.1)"
        )

    @classmethod
    def clean(cls, value: Colour | str) -> Colour:
        """``value`` as a :class:`Colour`; a string is parsed.

        >>> Colour.clean("azul") is Colour.clean(Colour.BLUE) is Colour.BLUE
        True
        """
        if isinstance(value, Colour):
            return value
        return cls.parse(value)


class Figure(CodeRepr, enum.Enum):
    """One of the six figures on a die; its value is its number (Art. 1.1).

    >>> Figure.CRAB.number, Figure.CRAB.colour, Figure.CRAB.pt, Figure.CRAB.zh
    (5, Colour.GREEN, 'caranguejo', '蟹')
    >>> str(Figure.GOURD), Figure.GOURD.zh_hant
    ('gourd', '葫蘆')
    >>> sorted([Figure.ROOSTER, Figure.FISH]) == [Figure.FISH, Figure.ROOSTER]
    True
    """

    FISH = 1
    PRAWN = 2
    GOURD = 3
    COIN = 4
    CRAB = 5
    ROOSTER = 6

    def __str__(self) -> str:
        return self.en

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Figure):
            return self.value < other.value
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Figure):
            return self.value <= other.value
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Figure):
            return self.value > other.value
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Figure):
            return self.value >= other.value
        return NotImplemented

    @property
    def number(self) -> int:
        """The number engraved with the figure, 1 to 6; the total adds these."""
        return self.value

    @property
    def colour(self) -> Colour:
        """The figure's colour."""
        return _FIGURE_COLOUR[self]

    @property
    def en(self) -> str:
        """English name."""
        return _FIGURE_NAMES[self][0]

    @property
    def pt(self) -> str:
        """Portuguese name, as in the regulation (lower case)."""
        return _FIGURE_NAMES[self][1]

    @property
    def zh(self) -> str:
        """Chinese name, simplified script."""
        return _FIGURE_NAMES[self][2]

    @property
    def zh_hant(self) -> str:
        """Chinese name, traditional script."""
        return _FIGURE_NAMES[self][3]

    @classmethod
    def parse(cls, text: str) -> Figure:
        """The figure named by ``text``: a name in any language, or its number ``"1"``-``"6"``.

        >>> Figure.parse("Galo"), Figure.parse("雞"), Figure.parse("COCK")
        (Figure.ROOSTER, Figure.ROOSTER, Figure.ROOSTER)
        >>> Figure.parse("7")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidFigureError: unknown figure '7': the dice show fish, prawn, gourd, coin, crab and rooster (Despacho 59/2004, Art. 1.1)
        """
        if not isinstance(text, str):
            raise TypeError(f"figure {quote(text)} is not text")
        found = _FIGURE_LOOKUP.get(fold(text))
        if found is not None:
            return found
        _unknown_figure(text)

    @classmethod
    def from_number(cls, number: int) -> Figure:
        """The figure engraved with ``number`` (1 to 6).

        >>> Figure.from_number(4)
        Figure.COIN
        """
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"figure number {quote(number)} is not an integer")
        if 1 <= number <= 6:
            return _FIGURES[number - 1]
        raise InvalidFigureError(
            f"figure number {number if number.bit_length() < 64 else 'of ' + str(number.bit_length()) + ' bits'}"
            " is not 1 to 6: the dice are numbered 1 (fish) to 6 (rooster) (Despacho 59/2004, Art. 1.1)",
            code="figure.number",
        )

    @classmethod
    def clean(cls, value: FigureLike) -> Figure:
        """``value`` as a :class:`Figure`: a figure, its number, or a name to parse.

        >>> Figure.clean(5), Figure.clean("crab"), Figure.clean(Figure.CRAB)
        (Figure.CRAB, Figure.CRAB, Figure.CRAB)
        """
        if isinstance(value, Figure):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        return cls.from_number(value)


FigureLike = Union[Figure, int, str]
"""Anything :meth:`Figure.clean` accepts."""


def _unknown_figure(value: object) -> NoReturn:
    raise InvalidFigureError(
        f"unknown figure {quote(value)}: the dice show fish, prawn, gourd, coin, crab and rooster"
        " (Despacho 59/2004, Art. 1.1)"
    )


_FIGURES: Final = tuple(Figure)

# en, pt, zh (simplified), zh (traditional), other names in use
_FIGURE_NAMES: Final[dict[Figure, tuple[str, ...]]] = {f: FIGURE_NAMES[f.value] for f in Figure}

_FIGURE_COLOUR: Final[dict[Figure, Colour]] = {
    Figure.FISH: Colour.RED,
    Figure.PRAWN: Colour.GREEN,
    Figure.GOURD: Colour.BLUE,
    Figure.COIN: Colour.BLUE,
    Figure.CRAB: Colour.GREEN,
    Figure.ROOSTER: Colour.RED,
}

_FIGURE_LOOKUP: Final[dict[str, Figure]] = {
    fold(name): figure for figure, names in _FIGURE_NAMES.items() for name in names
}
_FIGURE_LOOKUP.update({str(f.value): f for f in Figure})

_COLOUR_PT: Final = {Colour.RED: "vermelho", Colour.GREEN: "verde", Colour.BLUE: "azul"}
_COLOUR_ZH: Final = {Colour.RED: ("红", "紅"), Colour.GREEN: ("绿", "綠"), Colour.BLUE: ("蓝", "藍")}
_COLOUR_NAMES: Final[dict[str, Colour]] = {}
for _c in Colour:
    for _name in (_c.value, _COLOUR_PT[_c], *_COLOUR_ZH[_c]):
        _COLOUR_NAMES[fold(_name)] = _c
_COLOUR_NAMES["vermelha"] = Colour.RED  # the regulation's table agrees with «cor», feminine
_COLOUR_FIGURES: Final = {
    c: tuple(f for f in Figure if _FIGURE_COLOUR[f] is c) for c in Colour
}

_SEPARATORS: Final = re.compile(r"[\s,;/+\-]+")
_LONGEST_NAME: Final = max(len(k) for k in _FIGURE_LOOKUP)


def _segment(token: str) -> list[Figure] | None:
    """Split a run of names with no separator (``"鱼蟹蟹"``, ``"155"``), longest match first."""
    out: list[Figure] = []
    i = 0
    while i < len(token):
        for size in range(min(_LONGEST_NAME, len(token) - i), 0, -1):
            found = _FIGURE_LOOKUP.get(token[i : i + size])
            if found is not None:
                out.append(found)
                i += size
                break
        else:
            return None
    return out


class Roll:
    """The three dice of a valid roll (Art. 1.1, Art. 3.2).

    The dice cannot be told apart, so a roll is kept in ascending order: two rolls
    are equal when they show the same figures. ``str()`` is the text form, which
    :meth:`parse` reads back; ``repr()`` rebuilds the roll.

    >>> r = Roll(5, "fish", Figure.CRAB)
    >>> r
    Roll.parse('fish-crab-crab')
    >>> str(r), r.numbers, r.total
    ('fish-crab-crab', (1, 5, 5), 11)
    >>> r.count(Figure.CRAB), r.count_colour(Colour.GREEN), r.is_triple, r.is_one_colour
    (2, 2, False, False)
    >>> Roll.parse("1 5 5") == Roll.parse("caranguejo, peixe, caranguejo") == r
    True
    """

    __slots__ = ("_dice", "_total")

    _dice: tuple[Figure, Figure, Figure]
    _total: int

    def __init__(self, first: FigureLike, second: FigureLike, third: FigureLike) -> None:
        a, b, c = sorted((Figure.clean(first), Figure.clean(second), Figure.clean(third)))
        object.__setattr__(self, "_dice", (a, b, c))
        object.__setattr__(self, "_total", a.value + b.value + c.value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Roll is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Roll is immutable; cannot delete {name!r}")

    @classmethod
    def parse(cls, text: str) -> Roll:
        """A roll as a dealer types it: three figures by name or number.

        Separators may be spaces, commas, ``-``, ``/`` or ``+``; three digits or
        Chinese names may also run together.

        >>> Roll.parse("6-6-6"), Roll.parse("金钱 葫芦 葫芦"), Roll.parse("641")
        (Roll.parse('rooster-rooster-rooster'), Roll.parse('gourd-gourd-coin'), Roll.parse('fish-coin-rooster'))
        >>> Roll.parse("fish crab")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidRollError: roll 'fish crab' has 2 dice: a roll is three dice (Despacho 59/2004, Art. 1.1)
        """
        if not isinstance(text, str):
            raise TypeError(f"roll {quote(text)} is not text: expected three figures such as 'fish-crab-crab'")
        tokens = [t for t in _SEPARATORS.split(fold(text)) if t]
        figures: list[Figure] = []
        for token in tokens:
            found = _FIGURE_LOOKUP.get(token)
            if found is not None:
                figures.append(found)
                continue
            run = _segment(token)
            if run is None:
                raise InvalidFigureError(
                    f"unknown figure {quote(token)} in roll {quote(text)}: the dice show fish, prawn, gourd,"
                    " coin, crab and rooster (Despacho 59/2004, Art. 1.1)"
                )
            figures.extend(run)
        if len(figures) != 3:
            raise InvalidRollError(
                f"roll {quote(text)} has {len(figures)} dice: a roll is three dice (Despacho 59/2004, Art. 1.1)",
                code="roll.dice", params={"count": len(figures)},
            )
        return cls(*figures)

    @classmethod
    def clean(cls, value: Roll | str) -> Roll:
        """``value`` as a :class:`Roll`; a string is parsed.

        >>> Roll.clean("1-1-1").is_triple
        True
        """
        if isinstance(value, Roll):
            return value
        return cls.parse(value)

    @classmethod
    def all_outcomes(cls) -> Iterator[Roll]:
        """The 216 equally likely outcomes of three dice, as rolls (with repeats).

        >>> sum(1 for r in Roll.all_outcomes() if r.is_triple)
        6
        """
        for a in _FIGURES:
            for b in _FIGURES:
                for c in _FIGURES:
                    yield cls(a, b, c)

    @property
    def dice(self) -> tuple[Figure, Figure, Figure]:
        """The three figures, in ascending order of number."""
        return self._dice

    @property
    def numbers(self) -> tuple[int, int, int]:
        """The three numbers, ascending."""
        a, b, c = self._dice
        return (a.value, b.value, c.value)

    @property
    def colours(self) -> tuple[Colour, Colour, Colour]:
        """The colours of the three dice, in the order of :attr:`dice`."""
        a, b, c = self._dice
        return (a.colour, b.colour, c.colour)

    @property
    def total(self) -> int:
        """The sum of the numbers, 3 to 18 (Art. 5.1, 5.2, 5.10)."""
        return self._total

    @property
    def is_triple(self) -> bool:
        """All three dice show one figure (Art. 5.9; small and big lose, Art. 7)."""
        a, _, c = self._dice
        return a is c

    @property
    def is_one_colour(self) -> bool:
        """All three dice show one colour (Art. 5.7)."""
        a, b, c = self._dice
        return a.colour is b.colour is c.colour

    def count(self, figure: FigureLike) -> int:
        """How many dice show ``figure``."""
        f = Figure.clean(figure)
        return self._dice.count(f)

    def count_colour(self, colour: Colour | str) -> int:
        """How many dice show ``colour``."""
        c = Colour.clean(colour)
        return sum(1 for f in self._dice if f.colour is c)

    def __iter__(self) -> Iterator[Figure]:
        return iter(self._dice)

    def __len__(self) -> int:
        return 3

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Roll):
            return self._dice == other._dice
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._dice)

    def __str__(self) -> str:
        return "-".join(f.en for f in self._dice)

    def __repr__(self) -> str:
        return f"Roll.parse({str(self)!r})"

    def __reduce__(self) -> tuple[type[Roll], tuple[Figure, Figure, Figure]]:
        return (Roll, self._dice)


_SECURE: Final = secrets.SystemRandom()


def _source(seed: int | None, rng: random.Random | None) -> random.Random:
    if rng is not None:
        if seed is not None:
            raise TypeError("give a seed or an rng, not both")
        return rng
    if seed is None:
        return _SECURE
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed {quote(seed)} is not an integer")
    return random.Random(seed)


def roll(seed: int | None = None, *, rng: random.Random | None = None) -> Roll:
    """Roll three dice.

    Without arguments the roll comes from the operating system's secure source
    (:class:`secrets.SystemRandom`). With an integer ``seed`` it is reproducible
    (:class:`random.Random`); ``rng`` draws from a generator the caller keeps.

    >>> roll(7) == roll(7)
    True
    >>> len(roll())
    3
    """
    source = _source(seed, rng)
    pick = source.randrange
    return Roll(_FIGURES[pick(6)], _FIGURES[pick(6)], _FIGURES[pick(6)])


def rolls(count: int, seed: int | None = None, *, rng: random.Random | None = None) -> Iterator[Roll]:
    """``count`` successive rolls from one generator: seeded if ``seed`` is given, else secure.

    >>> [str(r) for r in rolls(2, seed=1)] == [str(r) for r in rolls(2, seed=1)]
    True
    """
    if not isinstance(count, int) or isinstance(count, bool):
        raise TypeError(f"count {quote(count)} is not an integer")
    if count < 0:
        raise InvalidRollError(f"count {quote(count)} is negative: ask for 0 or more rolls", code="roll.count")
    source = _source(seed, rng)
    pick = source.randrange
    for _ in range(count):
        yield Roll(_FIGURES[pick(6)], _FIGURES[pick(6)], _FIGURES[pick(6)])
