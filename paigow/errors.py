"""The errors of the Pai Gow engine.

Two kinds, as python-chess separates an invalid move from an illegal one:

* :class:`ParseError`: the input is not a well-formed value of what was asked for (text that names
  no tile, JSON that is not a round record, an array of the wrong shape, an argument out of its
  range);
* :class:`RuleError`: the input is well formed but the rules do not allow it here (a third 天 in
  one deal, a bet after the shake, settling with a hand unset).

Both are :class:`PaigowError`, a :class:`ValueError`. A wrong Python *type* (a float where a
count belongs, ``None`` for tiles) is a :class:`TypeError`, never a project error.

Every error carries a stable machine-readable :attr:`~PaigowError.code` beside its message (a
service maps it to a response; docs/errors.md lists every code). The message quotes the offending
input with ``!r`` and names the rule or article it breaks.

The domain classes :class:`InvalidTileError`, :class:`InvalidHandError` and
:class:`InvalidBetError` exist to be *caught*; what is raised is always one of their two kinds
(:class:`UnknownTileError`, :class:`TileCopiesError`, :class:`HandSyntaxError`,
:class:`IllegalHandError`, :class:`BetSyntaxError`, :class:`IllegalBetError`).

>>> e = UnknownTileError("unknown tile '龙'")
>>> e.code, isinstance(e, InvalidTileError), isinstance(e, ParseError), isinstance(e, RuleError)
('tile.unknown', True, True, False)
"""

from __future__ import annotations

from _tablegames import errors as _errors
from _tablegames.errors import GameError

__all__ = [
    "PaigowError",
    "ParseError",
    "RuleError",
    "InvalidTileError",
    "UnknownTileError",
    "TileCopiesError",
    "InvalidHandError",
    "HandSyntaxError",
    "IllegalHandError",
    "NotationError",
    "InvalidStrategyError",
    "InvalidBetError",
    "BetSyntaxError",
    "IllegalBetError",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidRecordError",
    "InvalidSimulationError",
]


class PaigowError(GameError):
    """Base class of every error the engine raises for bad input or an illegal action.

    ``code`` is a stable dotted identifier (``"tile.unknown"``, ``"bet.after_shake"``); each class
    has a default and a raise site may give a more specific one. The code survives pickling
    (multiprocessing, Dask workers).

    >>> e = IllegalActionError("no bets after the shake", code="bet.after_shake")
    >>> e.code, str(e), e.to_dict()
    ('bet.after_shake', 'no bets after the shake', {'code': 'bet.after_shake', 'message': 'no bets after the shake'})
    """

    code: str = "paigow.error"


class ParseError(PaigowError, _errors.ParseError):
    """Input that is not a well-formed value of what was asked for: text or JSON that does not
    parse, an array of the wrong shape or dtype, an argument outside its range."""

    code = "syntax"


class RuleError(PaigowError, _errors.RuleError):
    """Well-formed input that the rules do not allow at this point."""

    code = "rule"


# --- tiles, hands -----------------------------------------------------------------------------

class InvalidTileError(PaigowError):
    """A tile that does not exist, or more copies of a tile than the deck holds (catch this;
    the engine raises :class:`UnknownTileError` or :class:`TileCopiesError`)."""

    code = "tile.invalid"


class UnknownTileError(InvalidTileError, ParseError):
    """Text, a number or a deck index that names no tile."""

    code = "tile.unknown"


class TileCopiesError(InvalidTileError, RuleError):
    """More copies of a face than the deck holds (Art. 1.1, Table 1), or a deck index twice."""

    code = "tile.copies"


class InvalidHandError(PaigowError):
    """Tiles that do not make the hand, setting or deal asked for (catch this; the engine raises
    :class:`HandSyntaxError` or :class:`IllegalHandError`)."""

    code = "hand.invalid"


class HandSyntaxError(InvalidHandError, ParseError):
    """Text, JSON or an array that is not a hand, a setting, stacks or a deal: no '|' between
    front and back, an unknown key, an index array of the wrong shape."""

    code = "hand.syntax"


class IllegalHandError(InvalidHandError, RuleError):
    """Well-formed tiles the rules do not allow here: the wrong number of tiles for a hand, a
    front larger than its back (Art. 5.2), a foul, a deal missing a position's tiles."""

    code = "hand.size"


class NotationError(ParseError):
    """Dealing notation that does not parse: a cut, a roll of the dice, a deal written as text
    (``2 cuts 3``, ``3+5+6+2=16``, ``first 3; 0: ...``)."""

    code = "notation.syntax"


# --- strategies, options, simulation --------------------------------------------------------

class InvalidStrategyError(ParseError):
    """An unknown strategy name or seat, or a strategy table of the wrong shape or content."""

    code = "strategy.invalid"


class InvalidOptionError(ParseError):
    """A rule option the engine cannot apply: a commission rate outside [0, 1), an unknown
    rounding mode."""

    code = "option.invalid"


class InvalidSimulationError(ParseError):
    """A simulation argument out of range: the number of rounds, the seed, threads or commission."""

    code = "simulation.argument"


# --- bets, the table's procedure, records ---------------------------------------------------

class InvalidBetError(PaigowError):
    """A bet or stake that is not a positive integer amount, or placed where it may not be
    (catch this; the engine raises :class:`BetSyntaxError` or :class:`IllegalBetError`)."""

    code = "bet.invalid"


class BetSyntaxError(InvalidBetError, ParseError):
    """Bet, share or amount text that does not parse, or an amount past the documented maximum."""

    code = "bet.syntax"


class IllegalBetError(InvalidBetError, RuleError):
    """A well-formed bet or stake that the rules do not allow: not positive, on the banker's own
    position, on a position that does not exist."""

    code = "bet.illegal"


class IllegalActionError(RuleError):
    """An action the regulation does not allow at this point of the round."""

    code = "action.illegal"


class InvalidRecordError(ParseError):
    """A round or session record (the JSON that ``paigow settle`` reads) that is not well formed:
    not JSON, an unknown key, a missing field, a list where an object belongs."""

    code = "record.invalid"
