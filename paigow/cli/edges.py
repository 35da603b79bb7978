"""``paigow edges``: the house-edge table (docs/equilibrium.md)."""

from __future__ import annotations

import argparse
import json

from paigow.cli._common import add_commission, commission
from paigow.cli.advice import add_rules, rules_arg


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "edges",
        help="the house-edge table: each seat's expected result under the equilibria and max-back, as paid",
        description="Count all 736,281,000 player/banker pairings for each pairing of the equilibrium "
        "as paid, the zero-commission equilibrium and max-back: the player's win/push/lose shares, "
        "each side's expected result per unit bet with commission taken from every win, and the "
        "house's take. Rows of two pure strategies are exact. See docs/equilibrium.md.",
    )
    add_commission(p, absent="both 5%% and 4%%, the rates the table is shipped for")
    add_rules(p)
    p.add_argument("--json", action="store_true", help="machine-readable output (exact rows also as fractions)")
    p.add_argument("--exact", action="store_true",
                   help="the exact equilibria in place of the numerical ones: every row exact")
    p.set_defaults(func=_cmd_edges)


def _cmd_edges(args: argparse.Namespace) -> int:
    rate = commission(args)  # the rate's syntax and range first
    rules = rules_arg(args)
    from paigow.edges import edges, format_table
    from paigow.equilibria import paid_rates

    # left out: every rate the table is shipped for (Macau's: 5% and 4%), else the rule set's own
    rates = (paid_rates(rules) or (rules.commission,)) if rate is None else (rate,)
    rows = tuple(e for r in rates for e in edges(r, rules, exact=getattr(args, "exact", False)))
    if args.json:
        print(json.dumps([e.to_json() for e in rows], indent=2))
    else:
        print(format_table(rows))
    return 0
