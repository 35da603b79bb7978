"""pcc: Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo) under Macau's Despacho 59/2004.

Dice, bets, settlement and exact odds, in pure Python. The modules read in the
order of the game: :mod:`pcc.dice`, :mod:`pcc.bets`, :mod:`pcc.settle`,
:mod:`pcc.odds`; :mod:`pcc.cli` is the ``pcc`` command.

>>> from pcc import Round, odds
>>> rnd = Round()
>>> _ = rnd.place("big=100"); _ = rnd.place("colour2:green=20")
>>> rnd.settle("crab prawn coin").house_result
-160
>>> odds("colour2:green").house_edge
Fraction(1, 9)
"""

from typing import TYPE_CHECKING

from pcc.bets import ALL_SPOTS, TOTAL_PAYS, Bet, BetKind, Spot
from pcc.dice import Colour, Figure, Roll, roll, rolls
from pcc.errors import (
    IllegalActionError,
    InvalidBetError,
    InvalidColourError,
    InvalidFigureError,
    InvalidRollError,
    InvalidRulesetError,
    InvalidStakeError,
    PccError,
)
from pcc.odds import Outcome, SpotOdds, format_table, odds, odds_table, table_as_json
from pcc.settle import (
    Line,
    Placement,
    Round,
    Ruleset,
    Settlement,
    VoidReason,
    VoidRoll,
    Withdrawal,
    settle,
)

if TYPE_CHECKING:
    __version__: str  # the installed distribution's version (pyproject.toml), looked up on first use

__all__ = [
    "ALL_SPOTS",
    "TOTAL_PAYS",
    "Bet",
    "BetKind",
    "Colour",
    "Figure",
    "IllegalActionError",
    "InvalidBetError",
    "InvalidColourError",
    "InvalidFigureError",
    "InvalidRollError",
    "InvalidRulesetError",
    "InvalidStakeError",
    "Line",
    "Outcome",
    "PccError",
    "Placement",
    "Roll",
    "Round",
    "Ruleset",
    "Settlement",
    "Spot",
    "SpotOdds",
    "VoidReason",
    "VoidRoll",
    "Withdrawal",
    "format_table",
    "odds",
    "odds_table",
    "roll",
    "rolls",
    "settle",
    "table_as_json",
]


def _distribution_version() -> str:
    """The version pyproject.toml gives the installed distribution (one place, read at run time)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("macau-table-games")
    except PackageNotFoundError:  # a source tree that was built in place but never installed
        return "0+unknown"


def __getattr__(name: str) -> str:
    # ``__version__`` is looked up on first use, so that ``import pcc`` stays quick.
    if name == "__version__":
        globals()[name] = value = _distribution_version()
        return value
    raise AttributeError(f"module 'pcc' has no attribute {name!r}")
