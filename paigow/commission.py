"""The commission, stated once: its rate (Portaria 58/91/M: 5% of every win) and its rounding.

Every layer takes a commission rate in the same forms and keeps it as an exact
:class:`~fractions.Fraction`: settlement (:class:`paigow.Options`), advice, the solver, simulation
and the command line all call :func:`rate`.

>>> COMMISSION
Fraction(1, 20)
>>> rate("5%"), rate("0.04"), rate("1/20"), rate(0.05), rate(0)
(Fraction(1, 20), Fraction(1, 25), Fraction(1, 20), Fraction(1, 20), Fraction(0, 1))
>>> rate("1.5")
Traceback (most recent call last):
...
paigow.errors.InvalidOptionError: commission rate '1.5' must be at least 0 and below 1 (did you mean '1.5%'?)
"""

from __future__ import annotations

import enum
from decimal import Decimal
from fractions import Fraction
from typing import Union

from _tablegames.enums import CodeRepr
from paigow.errors import InvalidOptionError

__all__ = ["COMMISSION", "RateLike", "rate", "percent", "Rounding"]

COMMISSION = Fraction(1, 20)
"""The regulation's rate: 5% of every win (Portaria 58/91/M)."""

RateLike = Union[Fraction, Decimal, int, float, str]
"""A commission rate: ``Fraction(1, 20)``, ``Decimal("0.05")``, ``0.05``, ``"0.05"``, ``"1/20"``
or ``"5%"`` (a float is read by its decimal text)."""

_MAX_TEXT = 64  # a rate is short text; longer text is refused before any number is built


def rate(value: RateLike) -> Fraction:
    """``value`` as an exact commission rate in [0, 1), or :class:`InvalidOptionError`.

    A value of a type that is not a number or text is a :class:`TypeError`.
    """
    if isinstance(value, bool) or not isinstance(value, (Fraction, Decimal, int, float, str)):
        raise TypeError(f"a commission rate is a number or text like '5%', not {value!r}")
    try:
        if isinstance(value, str):
            text = value.strip()
            if len(text) > _MAX_TEXT:
                raise ValueError
            r = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
        elif isinstance(value, float):
            r = Fraction(str(value))
        else:
            r = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        shown = value if not isinstance(value, str) or len(value) <= _MAX_TEXT else value[:_MAX_TEXT] + "..."
        raise InvalidOptionError(
            f"commission rate {shown!r} is not a number like '0.05', '1/20' or '5%'", code="commission.syntax"
        ) from None
    if not 0 <= r < 1:
        hint = f" (did you mean '{value}%'?)" if 1 <= r < 100 and not (isinstance(value, str) and "%" in value) else ""
        raise InvalidOptionError(f"commission rate {value!r} must be at least 0 and below 1{hint}",
                                 code="commission.range")
    return r


def percent(rate: "Fraction | float") -> str:
    """A commission rate as every output writes it (the command line, the API): a percentage,
    the form of the regulation and of the tables (``5%``; ``0.05`` and ``1/20`` are read too,
    never written).

    >>> percent(Fraction(1, 20)), percent(Fraction(1, 25)), percent(Fraction(1, 40)), percent(0)
    ('5%', '4%', '2.5%', '0%')
    """
    return f"{float(rate) * 100:.6g}%"


class Rounding(CodeRepr, enum.Enum):
    """How a commission is rounded to the minor unit."""

    HALF_UP = "half-up"
    HALF_DOWN = "half-down"
    HALF_EVEN = "half-even"
    FLOOR = "floor"
    CEILING = "ceiling"

    def apply(self, x: Fraction) -> int:
        """``x`` (not negative) rounded to an integer.

        >>> [r.apply(Fraction(5, 2)) for r in Rounding]
        [3, 2, 2, 2, 3]
        """
        lo = x.numerator // x.denominator
        rest = x - lo
        if rest == 0:
            return lo
        if self is Rounding.FLOOR:
            return lo
        if self is Rounding.CEILING:
            return lo + 1
        half = Fraction(1, 2)
        if rest != half:
            return lo + (rest > half)
        if self is Rounding.HALF_UP:
            return lo + 1
        if self is Rounding.HALF_DOWN:
            return lo
        return lo + (lo % 2)
