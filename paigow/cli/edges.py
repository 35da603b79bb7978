"""``paigow edges``: the house-edge table (docs/equilibrium.md)."""

from __future__ import annotations

import argparse
import json

from paigow.cli._common import add_commission, commission


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "edges",
        help="the house-edge table: each seat's expected result under the equilibria and max-back, as paid",
        description="Count all 736,281,000 player/banker pairings for each pairing of the equilibrium "
        "as paid, the zero-commission equilibrium and max-back: the player's win/push/lose shares, "
        "each side's expected result per unit bet with commission taken from every win, and the "
        "house's take. Rows of two pure strategies are exact. See docs/equilibrium.md.",
    )
    add_commission(p, absent="both 5%% and 4%%")
    p.add_argument("--json", action="store_true", help="machine-readable output (exact rows also as fractions)")
    p.add_argument("--exact", action="store_true",
                   help="the exact equilibria in place of the numerical ones: every row exact")
    p.set_defaults(func=_cmd_edges)


def _cmd_edges(args: argparse.Namespace) -> int:
    from paigow.edges import RATES, edges, format_table

    commission(args)  # the rate's syntax and range first
    rates = RATES if args.commission is None else (args.commission,)
    rows = tuple(e for r in rates for e in edges(r, exact=getattr(args, "exact", False)))
    if args.json:
        print(json.dumps([e.to_json() for e in rows], indent=2))
    else:
        print(format_table(rows))
    return 0
