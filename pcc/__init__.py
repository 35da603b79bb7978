"""pcc: Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo) under Macau's Despacho 59/2004.

Dice, bets, settlement, round records and exact odds, in pure Python. The modules read in the
order of the game: :mod:`pcc.dice`, :mod:`pcc.bets`, :mod:`pcc.settle` (with :mod:`pcc.record`
beside it), :mod:`pcc.odds`; :mod:`pcc.cli` is the ``pcc`` command. The rules are in
docs/rules.md, Part 2.

>>> from pcc import Round, odds
>>> rnd = Round()
>>> _ = rnd.place("big=100"); _ = rnd.place("colour2:green=20"); _ = rnd.close_betting()
>>> rnd.settle("crab prawn coin").house_result
-160
>>> odds("colour2:green").house_edge
Fraction(1, 9)
"""

from typing import TYPE_CHECKING, Any

from pcc.errors import (
    BetSyntaxError,
    IllegalActionError,
    IllegalBetError,
    InvalidBetError,
    InvalidColourError,
    InvalidFigureError,
    InvalidRecordError,
    InvalidRollError,
    InvalidRulesetError,
    InvalidStakeError,
    ParseError,
    PccError,
    RuleError,
)

from pcc.bets import ALL_SPOTS, MAX_STAKE, TOTAL_PAYS, Bet, BetKind, Spot
from pcc.dice import Colour, Figure, Roll, roll, rolls
from pcc.odds import Outcome, SpotOdds, format_table, odds, odds_table, table_as_json
from pcc.settle import (
    BettingClosed,
    Line,
    Phase,
    Placement,
    RollSource,
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
    from pcc.record import round_from_record, round_to_record

# ``odds`` and ``settle`` are both functions and modules, so their modules load with the package
# (pure Python, a few milliseconds); records (and the command line) load on first use.
_LAZY = {"pcc.record": ("round_from_record", "round_to_record")}
_LAZY_NAMES = {name: module for module, names in _LAZY.items() for name in names}


def _distribution_version() -> str:
    """The version pyproject.toml gives the installed distribution (one place, read at run time)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("macau-table-games")
    except PackageNotFoundError:  # a source tree that was built in place but never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value = _distribution_version()
        if value != "0+unknown":  # cached once found; a missing distribution is asked again
            globals()[name] = value
        return value
    module = _LAZY_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'pcc' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_NAMES) | {"__version__"})


__all__ = [
    "ALL_SPOTS",
    "MAX_STAKE",
    "TOTAL_PAYS",
    "Bet",
    "BetKind",
    "BetSyntaxError",
    "BettingClosed",
    "Colour",
    "Figure",
    "IllegalActionError",
    "IllegalBetError",
    "InvalidBetError",
    "InvalidColourError",
    "InvalidFigureError",
    "InvalidRecordError",
    "InvalidRollError",
    "InvalidRulesetError",
    "InvalidStakeError",
    "Line",
    "Outcome",
    "ParseError",
    "PccError",
    "Phase",
    "Placement",
    "Roll",
    "RollSource",
    "Round",
    "Ruleset",
    "RuleError",
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
    "round_from_record",
    "round_to_record",
    "rolls",
    "settle",
    "table_as_json",
]

