"""The errors pcc raises: one :class:`ValueError` subclass per kind of failure.

Every message quotes the offending input with ``!r`` and names the rule it
breaks, so a dealer-assistant tool can show it to a person as it is.

>>> from pcc import Figure
>>> Figure.parse("dragon")
Traceback (most recent call last):
...
pcc.errors.InvalidFigureError: unknown figure 'dragon': the dice show fish, prawn, gourd, coin, crab and rooster (Despacho 59/2004, Art. 1.1)
"""

from __future__ import annotations

__all__ = [
    "PccError",
    "InvalidFigureError",
    "InvalidColourError",
    "InvalidRollError",
    "InvalidBetError",
    "InvalidStakeError",
    "InvalidRulesetError",
    "IllegalActionError",
]


class PccError(ValueError):
    """Base class of every error raised by pcc for bad input or an illegal action."""


class InvalidFigureError(PccError):
    """A figure name or number that is not one of the six figures (Art. 1.1)."""


class InvalidColourError(PccError):
    """A colour that is not red, green or blue (Art. 1.1)."""


class InvalidRollError(PccError):
    """A roll that is not three dice, or a void roll with an unknown reason (Art. 1, Art. 3.3)."""


class InvalidBetError(PccError):
    """A bet that is not on the layout of Art. 5 (for example a total of 3 or 18)."""


class InvalidStakeError(InvalidBetError):
    """A stake that is not a positive whole number of minor units."""


class InvalidRulesetError(PccError):
    """A ruleset other than ``2004`` (Despacho 59/2004) or ``1996`` (Portaria 21/96/M)."""


class IllegalActionError(PccError):
    """An action the rules forbid in the round's current state; the round is left unchanged."""
