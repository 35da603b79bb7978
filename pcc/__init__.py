"""pcc: Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo) under Macau's Despacho 59/2004.

Dice, bets, settlement, round records and exact odds, in pure Python. The modules read in the
order of the game: :mod:`pcc.dice`, :mod:`pcc.rules` (rule sets, void rolls, the kinds of bet and
their payouts), :mod:`pcc.bets`, :mod:`pcc.settlement`, :mod:`pcc.round` (with :mod:`pcc.record`
beside it: records import the round, never the reverse), :mod:`pcc.odds`; :mod:`pcc.cli` is the
``pcc`` command. The rules are in docs/rules.md, Part 2.

>>> from pcc import Round, odds
>>> rnd = Round()
>>> _ = rnd.place("big=100"); _ = rnd.place("colour2:green=20"); _ = rnd.close_betting()
>>> rnd.settle("crab prawn coin").house_result
-160
>>> odds("colour2:green").house_edge
Fraction(1, 9)
"""

from typing import TYPE_CHECKING, Any

from _tablegames.lazy import LazyNames

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

from pcc.bets import ALL_SPOTS, MAX_STAKE, Bet, Spot
from pcc.dice import Colour, Figure, Roll, roll, rolls
from pcc.odds import Outcome, SpotOdds, format_table, odds, odds_table, table_as_json
from pcc.round import BettingClosed, Phase, Placement, RollSource, Round, VoidRoll, Withdrawal
from pcc.rules import TOTAL_PAYS, BetKind, Ruleset, VoidReason
from pcc.settlement import Line, Settlement, settle

if TYPE_CHECKING:
    __version__: str  # the installed distribution's version (pyproject.toml), looked up on first use
    from pcc.record import round_from_record, round_to_record

# ``odds`` and ``settle`` are functions named like modules (pcc.odds, pcc.settlement); the modules
# load with the package (pure Python, a few milliseconds); records (and the command line) load on
# first use.
_LAZY = {"pcc.record": ("round_from_record", "round_to_record")}
_lazy = LazyNames(globals(), _LAZY)


def __getattr__(name: str) -> Any:
    return _lazy.get(name)


def __dir__() -> list[str]:
    return _lazy.names()


# A round's record is pcc.record's business (the format beside the model: pcc.round never imports
# it). Round keeps the methods it has always had for it; they are attached here and load
# pcc.record on first use.
def _to_record(self: Round) -> dict[str, Any]:
    """The round as a versioned JSON-ready record (:func:`pcc.record.round_to_record`)."""
    from pcc import record

    return record.round_to_record(self)


def _from_record(cls: type[Round], data: object) -> Round:
    """Replay a record that :meth:`to_record` wrote (:func:`pcc.record.round_from_record`)."""
    from pcc import record

    return record.round_from_record(data)


def _to_json(self: Round) -> str:
    """The round's state as JSON text: its record; :meth:`from_json` rebuilds it exactly
    (:func:`pcc.record.round_to_json`).

    >>> rnd = Round(); _ = rnd.place("big=5")
    >>> Round.from_json(rnd.to_json()) == rnd
    True
    """
    from pcc import record

    return record.round_to_json(self)


def _from_json(cls: type[Round], text: str | bytes) -> Round:
    """The round a :meth:`to_json` text describes (:func:`pcc.record.round_from_json`)."""
    from pcc import record

    return record.round_from_json(text)


for _name, _method in (("to_record", _to_record), ("from_record", classmethod(_from_record)),
                       ("to_json", _to_json), ("from_json", classmethod(_from_json))):
    setattr(Round, _name, _method)
del _name, _method


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

