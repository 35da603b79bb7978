"""The errors pcc raises.

Two kinds, as in :mod:`paigow.errors`: :class:`ParseError` for input that is not a well-formed
value (text that names no figure, a roll that is not three dice, a stake that is not a number) and
:class:`RuleError` for well-formed input the rules do not allow here (a total of 3, a bet after the
bell). Both are :class:`PccError`, a :class:`ValueError`; a wrong Python type is a
:class:`TypeError`. Every error carries a stable machine-readable ``code`` (docs/errors.md lists
them all) beside a message that quotes the input with ``!r`` and names the article.

:class:`InvalidBetError` exists to be caught; what is raised is :class:`BetSyntaxError` or
:class:`IllegalBetError` (:class:`InvalidStakeError` is an :class:`IllegalBetError`).

>>> from pcc import Figure
>>> Figure.parse("dragon")
Traceback (most recent call last):
...
pcc.errors.InvalidFigureError: unknown figure 'dragon': the dice show fish, prawn, gourd, coin, crab and rooster (Despacho 59/2004, Art. 1.1)
"""

from __future__ import annotations

from _tablegames import errors as _errors
from _tablegames.errors import GameError

__all__ = [
    "PccError",
    "ParseError",
    "RuleError",
    "InvalidFigureError",
    "InvalidColourError",
    "InvalidRollError",
    "InvalidBetError",
    "BetSyntaxError",
    "IllegalBetError",
    "InvalidStakeError",
    "InvalidRulesetError",
    "InvalidRecordError",
    "IllegalActionError",
]


class PccError(GameError):
    """Base class of every error raised by pcc for bad input or an illegal action.

    >>> e = IllegalActionError("betting is closed", code="bet.after_bell")
    >>> e.code, e.to_dict()
    ('bet.after_bell', {'code': 'bet.after_bell', 'message': 'betting is closed'})
    """

    code: str = "pcc.error"


class ParseError(PccError, _errors.ParseError):
    """Input that is not a well-formed value of what was asked for."""

    code = "pcc.syntax"


class RuleError(PccError, _errors.RuleError):
    """Well-formed input that the rules do not allow at this point."""

    code = "pcc.rule"


class InvalidFigureError(ParseError):
    """A figure name or number that is not one of the six figures (Art. 1.1)."""

    code = "figure.unknown"


class InvalidColourError(ParseError):
    """A colour that is not red, green or blue (Art. 1.1)."""

    code = "colour.unknown"


class InvalidRollError(ParseError):
    """A roll that is not three dice, or a void roll with an unknown reason (Art. 1, Art. 3.3)."""

    code = "roll.invalid"


class InvalidBetError(PccError):
    """A bet that is not on the layout of Art. 5, or bet text that does not parse (catch this;
    pcc raises :class:`BetSyntaxError` or :class:`IllegalBetError`)."""

    code = "bet.invalid"


class BetSyntaxError(InvalidBetError, ParseError):
    """Bet or stake text that does not parse, or an amount past the documented maximum."""

    code = "bet.syntax"


class IllegalBetError(InvalidBetError, RuleError):
    """A well-formed bet the layout does not offer (for example a total of 3 or 18)."""

    code = "bet.illegal"


class InvalidStakeError(IllegalBetError):
    """A stake that is not a positive whole number of minor units."""

    code = "stake.invalid"


class InvalidRulesetError(ParseError):
    """A ruleset other than ``2004`` (Despacho 59/2004) or ``1996`` (Portaria 21/96/M)."""

    code = "ruleset.unknown"


class InvalidRecordError(ParseError):
    """A round record (JSON) that is not well formed."""

    code = "record.invalid"


class IllegalActionError(RuleError):
    """An action the rules forbid in the round's current state; the round is left unchanged."""

    code = "action.illegal"
