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

__version__ = "0.1.0"
