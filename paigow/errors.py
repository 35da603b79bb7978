"""The errors of the Pai Gow engine: one ``ValueError`` subclass per kind of failure.

Every message quotes the offending input with ``!r`` and names the rule it breaks, so a dealer
tool can show it to a croupier as it is.
"""

from __future__ import annotations

__all__ = [
    "PaigowError",
    "InvalidTileError",
    "InvalidHandError",
    "InvalidStrategyError",
    "InvalidBetError",
    "IllegalActionError",
    "InvalidSimulationError",
]


class PaigowError(ValueError):
    """Base class of every error the engine raises for bad input or an illegal action."""


class InvalidTileError(PaigowError):
    """A tile that does not exist, or more copies of a tile than the deck holds."""


class InvalidHandError(PaigowError):
    """The wrong number of tiles for a hand, a setting or a deal."""


class InvalidStrategyError(PaigowError):
    """An unknown strategy name or seat, or a strategy table of the wrong shape or content."""


class InvalidBetError(PaigowError):
    """A bet or stake that is not a positive integer amount, or placed where it may not be."""


class IllegalActionError(PaigowError):
    """An action the regulation does not allow at this point of the round."""


class InvalidOptionError(PaigowError):
    """A rule option the engine cannot apply: a commission rate outside [0, 1), an unknown
    rounding mode."""


class InvalidRecordError(PaigowError):
    """A round record (the JSON that ``paigow settle`` reads) that is not well formed: not
    JSON, an unknown key, a missing field, a list where an object belongs."""


__all__ += ["InvalidOptionError", "InvalidRecordError"]


class InvalidSimulationError(PaigowError):
    """A simulation argument out of range: the number of rounds, the seed, threads or commission."""
