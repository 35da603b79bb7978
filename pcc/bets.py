"""Bets: the spots of the layout (Art. 5) and a stake on a spot; what each pays (Art. 6, 7) is the
rule of :mod:`pcc.rules`.

A :class:`Spot` is a place on the layout, with no money on it; a :class:`Bet` is a
stake on a spot. Both are immutable values whose ``str()`` is a compact text form
that :meth:`~Spot.parse` reads back and whose ``repr()`` rebuilds them.

=================  ===================================================  ==============
text form          wins when (Despacho 59/2004, Art. 5, 7)              pays (Art. 6)
=================  ===================================================  ==============
``small``          total 4 to 10, not a triple                          1
``big``            total 11 to 17, not a triple                         1
``figure:crab``    the figure shows on 1 / 2 / 3 dice                   1 / 2 / 3
``colour1:green``  exactly one die shows the colour                     1
``colour2:green``  exactly two dice show the colour                     3
``colour3:green``  all three dice show the colour                       20
``colour3:any``    all three dice show one colour, whichever            7
``triple:fish``    all three dice show the figure                       150
``triple:any``     all three dice show one figure, whichever            24
``total:9``        the dice add up to the total, 4 to 17                50 (4, 17),
                                                                        18 (5, 16),
                                                                        14 (6, 15),
                                                                        12 (7, 14),
                                                                        8 (8, 13),
                                                                        6 (9 to 12)
=================  ===================================================  ==============

Payouts are "to one": a winning bet gets its stake back plus stake x payout; a losing
bet loses its stake.

>>> bet = Bet.parse("figure:crab=50")
>>> bet.spot, bet.stake
(Spot.parse('figure:crab'), 50)
>>> bet.net(Roll.parse("crab crab fish")), bet.net(Roll.parse("1-2-3"))
(100, -50)
"""

from __future__ import annotations

from typing import Final, NoReturn

from pcc._text import FIGURE_NAMES, fold, quote
from pcc.dice import Colour, Figure, Roll
from pcc.errors import (
    BetSyntaxError,
    IllegalBetError,
    InvalidColourError,
    InvalidFigureError,
    InvalidStakeError,
)
from pcc.rules import TOTAL_PAYS, BetKind, Target, payout, payouts

__all__ = [
    "ALL_SPOTS",
    "MAX_STAKE",
    "Bet",
    "Spot",
    "payout_row",
]

MAX_STAKE: Final = 10**15
"""The largest stake of one bet, in minor units (docs/pcc.md): a thousand million million.

The regulation sets no maximum; the engine does so that every amount is bounded. With the largest
payout (150 to one) a win stays below 2**63, so every amount fits a signed 64-bit integer in a
database or another language. A larger stake is an :class:`~pcc.errors.InvalidStakeError`
(``stake.max``), refused before its text is converted, so a stake of 5,000 digits costs nothing.
"""
_MAX_STAKE_DIGITS: Final = len(str(MAX_STAKE))


_ARTICLES: Final = {
    BetKind.SMALL: "Art. 5.1, 6.1, 7",
    BetKind.BIG: "Art. 5.2, 6.2, 7",
    BetKind.FIGURE: "Art. 5.3, 6.3",
    BetKind.COLOUR1: "Art. 5.4, 6.4",
    BetKind.COLOUR2: "Art. 5.5, 6.5",
    BetKind.COLOUR3: "Art. 5.6, 6.6",
    BetKind.ANY_COLOUR3: "Art. 5.7, 6.7",
    BetKind.TRIPLE: "Art. 5.8, 6.8",
    BetKind.ANY_TRIPLE: "Art. 5.9, 6.9",
    BetKind.TOTAL: "Art. 5.10, 6.10",
}

_LAYOUT: Final = (
    "small, big, figure:F, colour1:C, colour2:C, colour3:C, colour3:any, triple:F, triple:any"
    " or total:T (Despacho 59/2004, Art. 5)"
)

# Text forms: aliases of each kind, folded (lower case, no accents).
_KIND_ALIASES: Final[dict[str, BetKind]] = {
    "small": BetKind.SMALL, "pequeno": BetKind.SMALL, "小": BetKind.SMALL,
    "big": BetKind.BIG, "grande": BetKind.BIG, "大": BetKind.BIG,
    "figure": BetKind.FIGURE, "figura": BetKind.FIGURE,
    "colour1": BetKind.COLOUR1, "color1": BetKind.COLOUR1,
    "colour2": BetKind.COLOUR2, "color2": BetKind.COLOUR2,
    "colour3": BetKind.COLOUR3, "color3": BetKind.COLOUR3,
    "triple": BetKind.TRIPLE,
    "total": BetKind.TOTAL,
    "any-triple": BetKind.ANY_TRIPLE, "anytriple": BetKind.ANY_TRIPLE,
    "three-colour": BetKind.ANY_COLOUR3, "three-color": BetKind.ANY_COLOUR3,
    "any-colour3": BetKind.ANY_COLOUR3, "any-color3": BetKind.ANY_COLOUR3,
    # the names on the layout in the Chinese text of Portaria 21/96/M, Art. 5
    "三军": BetKind.FIGURE, "三軍": BetKind.FIGURE,
    "单色": BetKind.COLOUR1, "單色": BetKind.COLOUR1,
    "双色": BetKind.COLOUR2, "雙色": BetKind.COLOUR2,
    "指定三色": BetKind.COLOUR3,
    "任何三色": BetKind.ANY_COLOUR3,
    "指定围骰": BetKind.TRIPLE, "指定圍骰": BetKind.TRIPLE,
    "任何围骰": BetKind.ANY_TRIPLE, "任何圍骰": BetKind.ANY_TRIPLE,
    "点数": BetKind.TOTAL, "點數": BetKind.TOTAL,
}  # fmt: skip
_ANY: Final = frozenset({"any", "qualquer", "任何"})


class Spot:
    """A place on the layout: a kind of bet and what it names (Art. 5).

    There are 39 spots; each is a single shared instance, so ``is`` and ``==`` agree.

    >>> Spot.parse("figure:caranguejo") is Spot("figure", Figure.CRAB) is Spot.figure(5)
    True
    >>> str(Spot.colour("verde", dice=2)), Spot.total(9).payouts, Spot.figure("fish").payouts
    ('colour2:green', (6,), (1, 2, 3))
    >>> Spot.small().payout(Roll.parse("2-2-2")), Spot.any_triple().payout(Roll.parse("2-2-2"))
    (0, 24)
    >>> Spot.total(3)
    Traceback (most recent call last):
    ...
    pcc.errors.IllegalBetError: total 3 cannot be bet: the totals on the layout run from 4 to 17 (Despacho 59/2004, Art. 5.10)
    """

    __slots__ = ("_kind", "_target", "_index", "_text")

    _kind: BetKind
    _target: Target
    _index: int
    _text: str

    def __new__(cls, kind: BetKind | str, target: Figure | Colour | int | str | None = None) -> Spot:
        k = _clean_kind(kind)
        t = _clean_target(k, target, context=None)
        return _REGISTRY[(k, t)]

    @classmethod
    def _make(cls, kind: BetKind, target: Target, index: int) -> Spot:
        self = object.__new__(cls)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_index", index)
        if kind in (BetKind.SMALL, BetKind.BIG, BetKind.ANY_COLOUR3, BetKind.ANY_TRIPLE):
            text = kind.value
        else:
            text = f"{kind.value}:{target}"
        object.__setattr__(self, "_text", text)
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Spot is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Spot is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Spot], tuple[BetKind, Target]]:
        return (Spot, (self._kind, self._target))

    def __copy__(self) -> Spot:
        return self

    def __deepcopy__(self, memo: object) -> Spot:
        return self

    # -- constructors ---------------------------------------------------------------

    @classmethod
    def small(cls) -> Spot:
        """Small: total 4 to 10, not a triple (Art. 5.1, 7); pays 1."""
        return cls(BetKind.SMALL)

    @classmethod
    def big(cls) -> Spot:
        """Big: total 11 to 17, not a triple (Art. 5.2, 7); pays 1."""
        return cls(BetKind.BIG)

    @classmethod
    def figure(cls, figure: Figure | int | str) -> Spot:
        """A figure on any dice (Art. 5.3); pays 1, 2 or 3 as it shows on 1, 2 or 3 dice."""
        return cls(BetKind.FIGURE, figure)

    @classmethod
    def colour(cls, colour: Colour | str, dice: int = 1) -> Spot:
        """Exactly ``dice`` (1, 2 or 3) dice of ``colour`` (Art. 5.4-5.6); pays 1, 3 or 20.

        >>> Spot.colour("blue", dice=4)
        Traceback (most recent call last):
        ...
        pcc.errors.IllegalBetError: colour bet on 4 dice: the layout has one, two or three dice of a colour (Despacho 59/2004, Art. 5.4-5.6)
        """
        kinds = {1: BetKind.COLOUR1, 2: BetKind.COLOUR2, 3: BetKind.COLOUR3}
        if isinstance(dice, bool) or not isinstance(dice, int):
            raise TypeError(f"dice {quote(dice)} is not an integer")
        if dice not in kinds:
            raise IllegalBetError(
                f"colour bet on {quote(dice)} dice: the layout has one, two or three dice of a colour"
                " (Despacho 59/2004, Art. 5.4-5.6)",
                code="bet.colour_dice",
            )
        return cls(kinds[dice], colour)

    @classmethod
    def any_colour(cls) -> Spot:
        """Three dice of one colour, whichever (Art. 5.7); pays 7."""
        return cls(BetKind.ANY_COLOUR3)

    @classmethod
    def triple(cls, figure: Figure | int | str) -> Spot:
        """A chosen triple: all three dice show ``figure`` (Art. 5.8); pays 150."""
        return cls(BetKind.TRIPLE, figure)

    @classmethod
    def any_triple(cls) -> Spot:
        """Any triple: all three dice show one figure (Art. 5.9); pays 24."""
        return cls(BetKind.ANY_TRIPLE)

    @classmethod
    def total(cls, total: int) -> Spot:
        """The dice add up to ``total``, 4 to 17 (Art. 5.10); pays by :data:`TOTAL_PAYS`."""
        return cls(BetKind.TOTAL, total)

    @classmethod
    def parse(cls, text: str) -> Spot:
        """The spot of a text form such as ``big``, ``figure:crab``, ``colour2:green`` or ``total:9``.

        Kinds and names may be English, Portuguese or Chinese (``grande``, ``figure:蟹``,
        ``三军:蟹``, ``任何围骰``, ``点数:9``); a bare figure name is a figure bet.

        >>> Spot.parse("grande"), Spot.parse("crab"), Spot.parse("triple:any"), Spot.parse("any-triple")
        (Spot.parse('big'), Spot.parse('figure:crab'), Spot.parse('triple:any'), Spot.parse('triple:any'))
        >>> Spot.parse("colour2:purple")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidColourError: unknown colour 'purple' in bet 'colour2:purple': the dice are red, green and blue (Despacho 59/2004, Art. 1.1)
        """
        if not isinstance(text, str):
            raise TypeError(f"bet {quote(text)} is not text: expected {_LAYOUT}")
        exact = _BY_TEXT.get(text)  # the canonical form, as str() prints it
        if exact is not None:
            return exact
        folded = fold(text)
        head, sep, arg = folded.partition(":")
        head, arg = head.strip(), arg.strip()
        raw_arg = text.partition(":")[2].strip()
        kind = _KIND_ALIASES.get(head)
        if kind is None:
            if not sep and head in _FIGURE_WORDS:
                return cls(BetKind.FIGURE, _FIGURE_WORDS[head])
            raise BetSyntaxError(f"unknown bet {quote(text)}: expected {_LAYOUT}", code="bet.unknown")
        if kind in (BetKind.COLOUR3, BetKind.TRIPLE) and arg in _ANY:
            return cls(BetKind.ANY_COLOUR3 if kind is BetKind.COLOUR3 else BetKind.ANY_TRIPLE)
        needs = _NEEDS.get(kind)
        if needs is None:
            if sep:
                raise BetSyntaxError(
                    f"bet {quote(text)}: {kind.value!r} takes nothing after ':' (Despacho 59/2004, {_ARTICLES[kind]})",
                    code="bet.target_unexpected",
                )
            return cls(kind)
        if not arg:
            raise BetSyntaxError(
                f"bet {quote(text)} needs a {needs}, as in '{kind.value}:{_EXAMPLES[kind]}'"
                f" (Despacho 59/2004, {_ARTICLES[kind]})",
                code="bet.target_missing",
            )
        if arg in _ANY:
            raise IllegalBetError(
                f"bet {quote(text)}: only colour3 and triple can be bet on any {needs}"
                " (Despacho 59/2004, Art. 5.7, 5.9)",
                code="bet.any",
            )
        if kind is BetKind.TOTAL:
            return cls(kind, _clean_target(kind, arg, context=text))
        return cls(kind, _clean_target(kind, raw_arg, context=text))

    @classmethod
    def clean(cls, value: Spot | str) -> Spot:
        """``value`` as a :class:`Spot`; a string is parsed."""
        if isinstance(value, Spot):
            return value
        return cls.parse(value)

    # -- properties -----------------------------------------------------------------

    @property
    def kind(self) -> BetKind:
        """The kind of bet."""
        return self._kind

    @property
    def target(self) -> Target:
        """The figure, colour or total named, or ``None``."""
        return self._target

    @property
    def index(self) -> int:
        """Position in :data:`ALL_SPOTS`, 0 to 38."""
        return self._index

    @property
    def article(self) -> str:
        """The articles of Despacho 59/2004 that define the bet and its payout."""
        return _ARTICLES[self._kind]

    @property
    def payouts(self) -> tuple[int, ...]:
        """The payouts to one the spot can win, from the table of Art. 6."""
        return payouts(self._kind, self._target)

    @property
    def description(self) -> str:
        """A short English description of when the bet wins.

        >>> Spot.parse("colour2:red").description
        'exactly two dice red'
        """
        return _describe(self._kind, self._target)

    def payout(self, roll: Roll) -> int:
        """The payout to one on ``roll``, or 0 if the bet loses.

        >>> Spot.figure("crab").payout(Roll.parse("crab crab crab"))
        3
        """
        return _ROWS[roll][self._index]

    def wins(self, roll: Roll) -> bool:
        """Whether a bet on this spot wins on ``roll``."""
        return _ROWS[roll][self._index] > 0

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Spot.parse({self._text!r})"

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Spot):
            return self._index < other._index
        return NotImplemented


_NEEDS: Final = {
    BetKind.FIGURE: "figure",
    BetKind.TRIPLE: "figure",
    BetKind.COLOUR1: "colour",
    BetKind.COLOUR2: "colour",
    BetKind.COLOUR3: "colour",
    BetKind.TOTAL: "total",
}
_EXAMPLES: Final = {
    BetKind.FIGURE: "crab",
    BetKind.TRIPLE: "fish",
    BetKind.COLOUR1: "green",
    BetKind.COLOUR2: "green",
    BetKind.COLOUR3: "green",
    BetKind.TOTAL: "9",
}
_FIGURE_WORDS: Final = {fold(name): Figure(n) for n, names in FIGURE_NAMES.items() for name in names}


def _describe(kind: BetKind, target: Target) -> str:
    if kind is BetKind.SMALL:
        return "total 4-10, not a triple"
    if kind is BetKind.BIG:
        return "total 11-17, not a triple"
    if kind is BetKind.FIGURE:
        return f"{target} on one, two or three dice"
    if kind is BetKind.COLOUR1:
        return f"exactly one die {target}"
    if kind is BetKind.COLOUR2:
        return f"exactly two dice {target}"
    if kind is BetKind.COLOUR3:
        return f"all three dice {target}"
    if kind is BetKind.ANY_COLOUR3:
        return "all three dice one colour"
    if kind is BetKind.TRIPLE:
        return f"three {target}"
    if kind is BetKind.ANY_TRIPLE:
        return "any triple"
    return f"total {target}"


def _clean_kind(kind: BetKind | str) -> BetKind:
    if isinstance(kind, BetKind):
        return kind
    if isinstance(kind, str):
        folded = fold(kind)
        for k in BetKind:
            if k.value == folded:
                return k
        found = _KIND_ALIASES.get(folded)
        if found is not None:
            return found
    if not isinstance(kind, str):
        raise TypeError(f"kind of bet {quote(kind)} is not a BetKind or text")
    raise BetSyntaxError(f"unknown kind of bet {quote(kind)}: expected {_LAYOUT}", code="bet.kind")


def _whole(text: str) -> tuple[str, str] | None:
    """``(sign, digits)`` of a whole number written in ``text`` (ASCII digits, leading zeros dropped),
    or ``None``; linear in the length of the text, with no conversion to ``int``."""
    body = text.strip()
    sign = body[:1] if body[:1] in ("+", "-") else ""
    digits = body[len(sign):]
    if not digits or not (digits.isascii() and digits.isdigit()):
        return None
    return sign, digits.lstrip("0") or "0"


def _clean_target(kind: BetKind, target: object, context: str | None) -> Target:
    where = "" if context is None else f" in bet {quote(context)}"
    if kind in (BetKind.FIGURE, BetKind.TRIPLE):
        if isinstance(target, bool) or not isinstance(target, (Figure, int, str)):
            raise TypeError(f"figure {quote(target)} is not a Figure, a number or text")
        try:
            return Figure.clean(target)
        except InvalidFigureError as exc:
            raise InvalidFigureError(
                f"unknown figure {quote(target)}{where}: the dice show fish, prawn, gourd, coin, crab and rooster"
                " (Despacho 59/2004, Art. 1.1)",
                code=exc.code,
            ) from None
    if kind in (BetKind.COLOUR1, BetKind.COLOUR2, BetKind.COLOUR3):
        if not isinstance(target, (Colour, str)):
            raise TypeError(f"colour {quote(target)} is not a Colour or text")
        try:
            return Colour.clean(target)
        except InvalidColourError:
            raise InvalidColourError(
                f"unknown colour {quote(target)}{where}: the dice are red, green and blue (Despacho 59/2004, Art. 1.1)"
            ) from None
    if kind is BetKind.TOTAL:
        if isinstance(target, str):
            match = _whole(target)
            if match is None:
                raise BetSyntaxError(
                    f"total {quote(target)}{where} is not a whole number from 4 to 17 (Despacho 59/2004, Art. 5.10)",
                    code="total.syntax",
                )
            sign, digits = match
            if len(digits) > 2:  # no need to convert thousands of digits to know the total is not 4-17
                raise IllegalBetError(
                    f"total {quote(target.strip())}{where} cannot be bet: the totals on the layout run from 4 to 17"
                    " (Despacho 59/2004, Art. 5.10)",
                    code="total.range",
                )
            target = int(sign + digits)
        if not isinstance(target, int) or isinstance(target, bool):
            raise TypeError(f"total {quote(target)}{where} is not an integer")
        if target not in TOTAL_PAYS:
            shown = target if target.bit_length() < 64 else f"of {target.bit_length()} bits"
            raise IllegalBetError(
                f"total {shown}{where} cannot be bet: the totals on the layout run from 4 to 17"
                " (Despacho 59/2004, Art. 5.10)",
                code="total.range",
            )
        return target
    if target is not None:
        raise BetSyntaxError(
            f"bet {kind.value!r} names nothing, got {quote(target)}{where} (Despacho 59/2004, {_ARTICLES[kind]})",
            code="bet.target_unexpected",
        )
    return None


def _all_spots() -> tuple[tuple[BetKind, Target], ...]:
    out: list[tuple[BetKind, Target]] = [(BetKind.SMALL, None), (BetKind.BIG, None)]
    out += [(BetKind.FIGURE, f) for f in Figure]
    for kind in (BetKind.COLOUR1, BetKind.COLOUR2, BetKind.COLOUR3):
        out += [(kind, c) for c in Colour]
    out.append((BetKind.ANY_COLOUR3, None))
    out += [(BetKind.TRIPLE, f) for f in Figure]
    out.append((BetKind.ANY_TRIPLE, None))
    out += [(BetKind.TOTAL, t) for t in range(4, 18)]
    return tuple(out)


_REGISTRY: Final[dict[tuple[BetKind, Target], Spot]] = {}
for _i, (_k, _t) in enumerate(_all_spots()):
    _REGISTRY[(_k, _t)] = Spot._make(_k, _t, _i)

ALL_SPOTS: Final[tuple[Spot, ...]] = tuple(_REGISTRY.values())
"""The 39 spots of the layout, in the order of Art. 5."""
_BY_TEXT: Final[dict[str, Spot]] = {s._text: s for s in ALL_SPOTS}

# The payout of every spot on each of the 56 distinct rolls, worked out once.
_ROWS: Final[dict[Roll, tuple[int, ...]]] = {}
for _roll in Roll.all_outcomes():
    if _roll not in _ROWS:
        _ROWS[_roll] = tuple(payout(s.kind, s.target, _roll) for s in ALL_SPOTS)


def payout_row(roll: Roll) -> tuple[int, ...]:
    """The payout to one of every spot on ``roll``, indexed by :attr:`Spot.index`."""
    return _ROWS[roll]


def _shown(n: int) -> object:
    return n if n.bit_length() < 64 else f"of {n.bit_length()} bits"


def _clean_stake(stake: object, context: str | None = None) -> int:
    where = "" if context is None else f" in bet {quote(context)}"
    if isinstance(stake, bool) or not isinstance(stake, int):
        raise TypeError(
            f"stake {quote(stake)}{where} is not an integer: stakes are whole numbers of the currency's minor unit"
        )
    if stake <= 0:
        _not_positive(_shown(stake), where)
    if stake > MAX_STAKE:
        _too_large(_shown(stake), where)
    return int(stake)


def _not_positive(shown: object, where: str) -> NoReturn:
    raise InvalidStakeError(
        f"stake {shown}{where} is not positive: a stake is at least one minor unit", code="stake.not_positive"
    )


def _too_large(shown: object, where: str) -> NoReturn:
    raise InvalidStakeError(
        f"stake {shown}{where} is more than the maximum of {MAX_STAKE:,} minor units (docs/pcc.md)",
        code="stake.max", params={"max": MAX_STAKE},
    )


def _stake_from_text(text: str, context: str) -> int:
    """The stake written in ``text``, its size checked before it is converted (linear time)."""
    match = _whole(text)
    if match is None:
        raise BetSyntaxError(
            f"stake {quote(text.strip())} in bet {quote(context)} is not a whole number: stakes are whole"
            " numbers of the currency's minor unit",
            code="stake.syntax",
        )
    sign, digits = match
    if len(digits) > _MAX_STAKE_DIGITS:
        where = f" in bet {quote(context)}"
        if sign == "-":
            _not_positive(f"of {len(digits)} digits", where)
        _too_large(f"of {len(digits)} digits", where)
    return _clean_stake(int(sign + digits), context=context)


class Bet:
    """A stake, in integer minor units, on a :class:`Spot`.

    ``str()`` is ``spot=stake``; :meth:`parse` reads it back.

    >>> Bet("big", 100)
    Bet.parse('big=100')
    >>> Bet(Spot.total(4), 10).net(Roll.parse("1-1-2")), Bet.parse("small=10").net(Roll.parse("1-1-1"))
    (500, -10)
    >>> Bet("big", 0)
    Traceback (most recent call last):
    ...
    pcc.errors.InvalidStakeError: stake 0 is not positive: a stake is at least one minor unit
    >>> Bet("big", 2.5)
    Traceback (most recent call last):
    ...
    TypeError: stake 2.5 is not an integer: stakes are whole numbers of the currency's minor unit
    """

    __slots__ = ("_spot", "_stake")

    _spot: Spot
    _stake: int

    def __init__(self, spot: Spot | str, stake: int) -> None:
        s = Spot.clean(spot)
        amount = _clean_stake(stake)
        object.__setattr__(self, "_spot", s)
        object.__setattr__(self, "_stake", amount)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Bet is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Bet is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Bet], tuple[Spot, int]]:
        return (Bet, (self._spot, self._stake))

    @classmethod
    def parse(cls, text: str, stake: int | None = None) -> Bet:
        """A bet from ``spot=stake`` text, or from a spot's text and ``stake``.

        >>> Bet.parse("total:9=25"), Bet.parse("figure:蟹", stake=5)
        (Bet.parse('total:9=25'), Bet.parse('figure:crab=5'))
        >>> Bet.parse("big=-5")
        Traceback (most recent call last):
        ...
        pcc.errors.InvalidStakeError: stake -5 in bet 'big=-5' is not positive: a stake is at least one minor unit
        """
        if not isinstance(text, str):
            raise TypeError(f"bet {quote(text)} is not text: expected spot=stake, as in 'big=100'")
        spot_text, sep, stake_text = text.rpartition("=")
        if not sep:
            if stake is None:
                raise BetSyntaxError(
                    f"bet {quote(text)} has no stake: write it as spot=stake, as in 'big=100'", code="stake.missing"
                )
            return cls(Spot.parse(text), _clean_stake(stake, context=text))
        if stake is not None:
            raise BetSyntaxError(
                f"bet {quote(text)} gives a stake in the text and stake={quote(stake)} as well", code="stake.twice"
            )
        spot = Spot.parse(spot_text)
        return cls(spot, _stake_from_text(stake_text, text))

    @classmethod
    def clean(cls, value: Bet | str) -> Bet:
        """``value`` as a :class:`Bet`; a string is parsed."""
        if isinstance(value, Bet):
            return value
        return cls.parse(value)

    @property
    def spot(self) -> Spot:
        """Where the stake lies."""
        return self._spot

    @property
    def stake(self) -> int:
        """The stake in minor units, at least 1."""
        return self._stake

    def payout(self, roll: Roll) -> int:
        """The payout to one on ``roll`` (0 if the bet loses)."""
        return _ROWS[roll][self._spot._index]

    def wins(self, roll: Roll) -> bool:
        """Whether the bet wins on ``roll``."""
        return _ROWS[roll][self._spot._index] > 0

    def net(self, roll: Roll) -> int:
        """The player's result on ``roll``: stake x payout if it wins, minus the stake if it loses."""
        odds = _ROWS[roll][self._spot._index]
        return self._stake * odds if odds else -self._stake

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bet):
            return self._spot is other._spot and self._stake == other._stake
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._spot._index, self._stake))

    def __str__(self) -> str:
        return f"{self._spot._text}={self._stake}"

    def __repr__(self) -> str:
        return f"Bet.parse({str(self)!r})"
