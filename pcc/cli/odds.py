"""The exact odds of every bet, from the 216 outcomes of three dice.

``pcc odds [--json] [SPOT ...]``: every bet of the layout, or only the spots named.
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from pcc.bets import Spot
from pcc.odds import SpotOdds, format_table, odds, odds_table, table_as_json

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pcc odds``."""
    parser.add_argument("spots", nargs="*", metavar="SPOT", help="only these bets, e.g. big figure:crab total:9")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the table (or JSON) of the spots asked for."""
    for s in args.spots:
        if "=" in s:  # a bet with its stake, as roll takes: odds are the spot's alone
            from pcc.errors import BetSyntaxError

            raise BetSyntaxError(f"odds takes spots without stakes: {s!r} has one (write {s.partition('=')[0]!r})",
                                 code="bet.unknown")
    rows: tuple[SpotOdds, ...] = tuple(odds(Spot.parse(s)) for s in args.spots) if args.spots else odds_table()
    if args.json:
        out.write(json.dumps(table_as_json(rows), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(format_table(rows) + "\n")
    return 0
