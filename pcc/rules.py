"""The rules as data: which regulation governs the table, what voids a roll, and the kinds of bet
with what each pays (docs/rules.md, Part 2).

``2004`` is Despacho Regulamentar Externo 59/2004, in force; ``1996`` is Portaria 21/96/M, which
it revoked (:class:`Ruleset`). Both have the same bets and payouts: :func:`payout` is each kind of
bet's rule (Art. 5, 7) against its payout to one (Art. 6), each number written once here.

>>> from pcc.dice import Figure, Roll
>>> payout(BetKind.FIGURE, Figure.CRAB, Roll.parse("crab crab fish")), payouts(BetKind.TOTAL, 4)
(2, (50,))
>>> payout(BetKind.SMALL, None, Roll.parse("2-2-2")), payout(BetKind.ANY_TRIPLE, None, Roll.parse("2-2-2"))
(0, 24)
"""

from __future__ import annotations

import enum
import re
from typing import Final, NoReturn, Union

from _tablegames.enums import CodeRepr
from pcc._text import fold, quote
from pcc.dice import Colour, Figure, Roll
from pcc.errors import InvalidRollError, InvalidRulesetError

__all__ = [
    "FIGURE_PAYS",
    "PAYS",
    "TOTAL_PAYS",
    "BetKind",
    "Ruleset",
    "Target",
    "VoidReason",
    "payout",
    "payouts",
]


class Ruleset(CodeRepr, enum.Enum):
    """Which regulation governs the table.

    ``2004`` is Despacho Regulamentar Externo 59/2004, in force. ``1996`` is Portaria 21/96/M,
    which it revoked: the same bets and payouts; stacked or tilted dice void a roll under both
    (the Chinese text of 1996 says stacked or leaning, docs/rules.md §2.4); after a void, new bets
    are the players' right in 2004 and the house's option in 1996.

    >>> Ruleset.parse("1996"), str(Ruleset.R2004), Ruleset.R1996.regulation
    (Ruleset.R1996, '2004', 'Portaria 21/96/M')
    >>> Ruleset.R1996.voids_on(VoidReason.TILTED)
    True
    """

    R2004 = "2004"
    R1996 = "1996"

    def __str__(self) -> str:
        return self.value

    @property
    def regulation(self) -> str:
        """The regulation's name."""
        return "Despacho 59/2004" if self is Ruleset.R2004 else "Portaria 21/96/M"

    @property
    def after_void_article(self) -> str:
        """The article on bets after a void roll."""
        return "Despacho 59/2004, Art. 3.4" if self is Ruleset.R2004 else "Portaria 21/96/M, Art. 3(c)"

    def cite(self, article: str) -> str:
        """An article of Despacho 59/2004 (``"3.1"``, ``"5.4-5.6"``) as this rule set cites it:
        the same rule in Portaria 21/96/M under 1996, whose articles are lettered (``3(a)``).

        >>> Ruleset.R2004.cite("3.1"), Ruleset.R1996.cite("3.1-3.2"), Ruleset.R1996.cite("5.1, 6.1, 7")
        ('Despacho 59/2004, Art. 3.1', 'Portaria 21/96/M, Art. 3(a)-(b)', 'Portaria 21/96/M, Art. 5(a), 6(a), 7')
        """
        if self is Ruleset.R2004:
            return f"Despacho 59/2004, Art. {article}"
        lettered = _ARTICLE_NUMBER.sub(_article_1996, article)
        lettered = _RANGE.sub(r"\1(\2)-(", lettered)   # 5(d)-5(f) is written 5(d)-(f)
        return f"Portaria 21/96/M, Art. {lettered}"

    def in_force(self, message: str) -> str:
        """``message`` with every citation of Despacho 59/2004 made a citation of this rule set
        (unchanged under 2004): a 1996 round's messages cite the rules in force at its table.

        >>> Ruleset.R1996.in_force("the dice are red, green and blue (Despacho 59/2004, Art. 1.1)")
        'the dice are red, green and blue (Portaria 21/96/M, Art. 1(a))'
        """
        if self is Ruleset.R2004:
            return message
        return _CITATION.sub(lambda m: self.cite(m.group(1)), message)

    def voids_on(self, reason: VoidReason) -> bool:
        """Whether dice found this way void the roll: stacked or tilted, under both rule sets
        (docs/rules.md §2.4: the 1996 Portuguese text names stacked dice, its Chinese text
        stacked or leaning ones)."""
        return isinstance(reason, VoidReason)

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """``"2004"`` or ``"1996"`` (also ``"59/2004"``, ``"21/96/M"``)."""
        key = fold(text) if isinstance(text, str) else None
        found = _RULESET_NAMES.get(key) if key is not None else None
        if found is None:
            _unknown_ruleset(text)
        return found

    @classmethod
    def clean(cls, value: Ruleset | str | int) -> Ruleset:
        """``value`` as a :class:`Ruleset`: a ruleset, its year as text, or the year.

        >>> Ruleset.clean(2004)
        Ruleset.R2004
        """
        if isinstance(value, Ruleset):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return cls.parse(str(value)) if value in (1996, 2004) else _unknown_ruleset(value)
        raise TypeError(f"ruleset {quote(value)} is not a Ruleset, text or a year")


def _unknown_ruleset(value: object) -> NoReturn:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise TypeError(f"ruleset {quote(value)} is not text")
    raise InvalidRulesetError(
        f"unknown ruleset {quote(value)}: expected '2004' (Despacho 59/2004, in force) or '1996' (Portaria 21/96/M)"
    )


# Portaria 21/96/M letters the points of its articles where Despacho 59/2004 numbers them: the
# dice are Art. 1(a) (2004: 1.1); the bell, the result and stacked dice Art. 3(a)-(c) (2004: 3.1-3.4,
# the void and the bets after it both in 3(c)); the bets, payouts and triples Art. 5(a)-(j), 6(a)-(j),
# 7 in the same order as 2004's 5.1-5.10, 6.1-6.10, 7 (docs/rules.md §2.4)
_CITATION: Final = re.compile(r"Despacho 59/2004, Art\. ([0-9](?:[0-9.,\- ]*[0-9])?)")
_RANGE: Final = re.compile(r"(\d+)\(([a-j])\)-\1\(")
_ARTICLE_NUMBER: Final = re.compile(r"(\d+)\.(\d+)")
_LETTERS: Final = "abcdefghij"


def _article_1996(m: re.Match[str]) -> str:
    art, point = int(m.group(1)), int(m.group(2))
    if art == 3:
        return f"3({'abcc'[point - 1]})" if 1 <= point <= 4 else m.group(0)
    if art in (1, 5, 6) and 1 <= point <= len(_LETTERS):
        return f"{art}({_LETTERS[point - 1]})"
    return m.group(0)


_RULESET_NAMES: Final = {
    "2004": Ruleset.R2004,
    "59/2004": Ruleset.R2004,
    "1996": Ruleset.R1996,
    "21/96/m": Ruleset.R1996,
}


class VoidReason(CodeRepr, enum.Enum):
    """Why a roll is void: dice found stacked or tilted when the dome is lifted (Art. 3.3).

    >>> VoidReason.parse("sobrepostos"), VoidReason.parse("Inclinados"), VoidReason.parse("相叠")
    (VoidReason.STACKED, VoidReason.TILTED, VoidReason.STACKED)
    """

    STACKED = "stacked"
    TILTED = "tilted"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> VoidReason:
        """The reason named by ``text`` in English, Portuguese or Chinese.

        >>> VoidReason.parse("wet")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidRollError: unknown void reason 'wet': a roll is void only when dice are found stacked or tilted (Despacho 59/2004, Art. 3.3)
        """
        if not isinstance(text, str):
            raise TypeError(f"void reason {quote(text)} is not text")
        found = _VOID_NAMES.get(fold(text))
        if found is None:
            raise InvalidRollError(
                f"unknown void reason {quote(text)}: a roll is void only when dice are found stacked or tilted"
                " (Despacho 59/2004, Art. 3.3)",
                code="void.reason",
            )
        return found

    @classmethod
    def clean(cls, value: VoidReason | str) -> VoidReason:
        """``value`` as a :class:`VoidReason`; a string is parsed."""
        if isinstance(value, VoidReason):
            return value
        return cls.parse(value)


_VOID_NAMES: Final = {
    fold(name): reason
    for reason, names in {
        VoidReason.STACKED: ("stacked", "sobrepostos", "sobreposto", "相叠", "相疊"),
        VoidReason.TILTED: ("tilted", "leaning", "inclinados", "inclinado", "斜靠", "斜靠不平", "翘骰"),
    }.items()
    for name in names
}


# -- the kinds of bet and their payouts ------------------------------------------------------------
class BetKind(CodeRepr, enum.Enum):
    """The ten kinds of bet of Art. 5, in the regulation's order."""

    SMALL = "small"
    BIG = "big"
    FIGURE = "figure"
    COLOUR1 = "colour1"
    COLOUR2 = "colour2"
    COLOUR3 = "colour3"
    ANY_COLOUR3 = "colour3:any"
    TRIPLE = "triple"
    ANY_TRIPLE = "triple:any"
    TOTAL = "total"

    def __str__(self) -> str:
        return self.value


Target = Union[Figure, Colour, int, None]
"""What a spot names beside its kind: a figure, a colour, a total, or nothing."""

PAYS: Final[dict[BetKind, int]] = {
    BetKind.SMALL: 1,
    BetKind.BIG: 1,
    BetKind.COLOUR1: 1,
    BetKind.COLOUR2: 3,
    BetKind.COLOUR3: 20,
    BetKind.ANY_COLOUR3: 7,
    BetKind.TRIPLE: 150,
    BetKind.ANY_TRIPLE: 24,
}
"""Payout to one of each kind of bet that pays one amount (Art. 6)."""

FIGURE_PAYS: Final = (0, 1, 2, 3)
"""Payout to one of a figure bet, by the number of dice that show the figure (Art. 6.3)."""

TOTAL_PAYS: Final[dict[int, int]] = {
    4: 50, 17: 50,
    5: 18, 16: 18,
    6: 14, 15: 14,
    7: 12, 14: 12,
    8: 8, 13: 8,
    9: 6, 10: 6, 11: 6, 12: 6,
}  # fmt: skip
"""Payout to one of each total that can be bet (Art. 6.10); 3 and 18 are not on the layout."""


def payout(kind: BetKind, target: Target, roll: Roll) -> int:
    """The payout to one of a bet of ``kind`` on ``target`` against ``roll``, 0 when it loses:
    the rules, plainly (Art. 5-7; small and big lose on any triple)."""
    if kind is BetKind.FIGURE:
        assert isinstance(target, Figure)
        return FIGURE_PAYS[roll.count(target)]
    if kind is BetKind.TOTAL:
        assert isinstance(target, int)
        return TOTAL_PAYS[target] if roll.total == target else 0
    if kind is BetKind.SMALL:
        wins = 4 <= roll.total <= 10 and not roll.is_triple  # Art. 5.1, 7
    elif kind is BetKind.BIG:
        wins = 11 <= roll.total <= 17 and not roll.is_triple  # Art. 5.2, 7
    elif kind in (BetKind.COLOUR1, BetKind.COLOUR2, BetKind.COLOUR3):
        assert isinstance(target, Colour)
        wins = roll.count_colour(target) == _COLOUR_DICE[kind]
    elif kind is BetKind.ANY_COLOUR3:
        wins = roll.is_one_colour
    elif kind is BetKind.TRIPLE:
        assert isinstance(target, Figure)
        wins = roll.count(target) == 3
    else:
        assert kind is BetKind.ANY_TRIPLE
        wins = roll.is_triple
    return PAYS[kind] if wins else 0


def payouts(kind: BetKind, target: Target) -> tuple[int, ...]:
    """The payouts to one a bet of ``kind`` on ``target`` can win (Art. 6)."""
    if kind is BetKind.FIGURE:
        return FIGURE_PAYS[1:]
    if kind is BetKind.TOTAL:
        assert isinstance(target, int)
        return (TOTAL_PAYS[target],)
    return (PAYS[kind],)


_COLOUR_DICE: Final = {BetKind.COLOUR1: 1, BetKind.COLOUR2: 2, BetKind.COLOUR3: 3}
