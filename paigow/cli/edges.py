"""``paigow edges``: the house-edge table (docs/equilibrium.md)."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from paigow.cli._common import add_commission, commission
from paigow.cli.advice import add_rules, rules_arg
from paigow.errors import InvalidOptionError


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "edges",
        help="the house-edge table: each seat's expected result under the equilibria and max-back, as paid",
        description="Count all 736,281,000 player/banker pairings for each pairing of the equilibrium "
        "as paid, the zero-commission equilibrium and max-back: the player's win/push/lose shares, "
        "each side's expected result per unit bet with commission taken from every win, and the "
        "house's take. Rows of two pure strategies are exact; with --exact the shipped exact "
        "equilibria stand in for the numerical ones and every row is exact (=). Under --rules us: the "
        "house way against itself and each seat's best response, and the US equilibria against "
        "themselves and the way. Under --rules home: the automatic setting (max-front) against itself "
        "and each side's best response to it, and the shipped equilibrium against itself and max-front, without "
        "commission and with 4%% on door wins; with --second-half N the second round of a shuffle (the first "
        "round's 16 tiles seen), averaged over N random first rounds of --seed S with 95%% intervals. See "
        "docs/equilibrium.md, docs/us-edges.md and docs/home-edges.md.",
    )
    add_commission(p, absent="both 5%% and 4%%, the rates the table is shipped for")
    add_rules(p)
    p.add_argument("--way", default=None, metavar="NAME|FILE",
                   help="the US game's house way: foxwoods, canberra or a house-way file (default: the rule set's, foxwoods)")
    p.add_argument("--json", action="store_true", help="machine-readable output (exact rows also as fractions)")
    p.add_argument("--exact", action="store_true",
                   help="the shipped exact equilibria in place of the numerical ones: every row exact (marked =)")
    p.add_argument("--second-half", type=int, default=None, metavar="N",
                   help="--rules home: the second round of a shuffle averaged over N random first rounds (each solves "
                   "a game left: seconds each)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the seed of --second-half's first rounds (default 0)")
    p.set_defaults(func=_cmd_edges)


def _cmd_edges(args: argparse.Namespace) -> int:
    rate = commission(args)  # the rate's syntax and range first
    rules = rules_arg(args)
    from paigow.game.edges import has_house_way, edges, format_table

    if args.second_half is not None and not rules.hand_order.startswith("home"):
        raise InvalidOptionError(f"--second-half is the home game's (--rules home), not rule set {rules.name!r}'s",
                                 code="edges.rules")
    if has_house_way(rules) or args.way is not None:
        return _us_table(args, rate, rules)
    if rules.hand_order.startswith("home"):
        return _home_table(args, rate, rules)
    from paigow.game.equilibria import paid_rates

    # left out: every rate the table is shipped for (Macau's: 5% and 4%), else the rule set's own
    rates = (paid_rates(rules) or (rules.commission,)) if rate is None else (rate,)
    rows = tuple(e for r in rates for e in edges(r, rules, exact=getattr(args, "exact", False)))
    if args.json:
        print(json.dumps([e.to_json() for e in rows], indent=2))
    else:
        print(format_table(rows))
    return 0


def _us_table(args: argparse.Namespace, rate: "Fraction | None", rules: Any) -> int:
    """The US game's table: the house way against itself and against each seat's best response,
    exact integer counts, and the shipped equilibria against themselves and the way (with
    ``--exact`` the exact ones), at 5% and 1/21 (4.76%) unless a rate is given."""
    from paigow.game.edges import US_RATES, whole_counts, format_us_table, us_edges

    rates = US_RATES if rate is None else (rate,)
    rows = tuple(e for r in rates for e in us_edges(r, rules, args.way, exact=getattr(args, "exact", False)))
    if args.json:
        out = []
        for e in rows:
            d = e.to_json()
            whole = whole_counts(e)  # a row of two pure strategies: integer counts
            if whole is not None:
                w, p, lo = whole
                d["counts"] = {"win": w, "push": p, "lose": lo, "pairings": w + p + lo}
            out.append(d)
        print(json.dumps(out, indent=2))
    else:
        print(format_us_table(rows))
    return 0


def _home_table(args: argparse.Namespace, rate: "Fraction | None", rules: Any) -> int:
    """The home game's table (paigow.game.homeedges): max-front against itself and each side's
    best response to it, exact counts, and the shipped equilibrium against itself and max-front (--exact:
    the exact one), at none and 4% on door wins unless a rate is given; --second-half: the second round."""
    from paigow.game.homeedges import format_home_table, home_edges

    if args.second_half is not None:
        return _second_half(args, rate, rules)
    rows = home_edges(rate, rules, exact=getattr(args, "exact", False))
    if args.json:
        print(json.dumps([e.to_json() for e in rows], indent=2))
    else:
        print(format_home_table(rows))
    return 0


def _second_half(args: argparse.Namespace, rate: "Fraction | None", rules: Any) -> int:
    """The home game's second round of a shuffle (paigow.game.homesecond), estimated."""
    from paigow.game.homesecond import format_second_half, second_half

    rows = second_half(args.second_half, args.seed, rate, rules)
    if args.json:
        print(json.dumps({"seed": args.seed, "rows": [e.to_json() for e in rows]}, indent=2))
    else:
        print(format_second_half(rows, args.seed))
    return 0
