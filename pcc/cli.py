"""The ``pcc`` command: the exact odds table, and rolls that settle bets.

``pcc odds [--json] [SPOT ...]`` prints the odds of every bet (or of the spots given).
``pcc roll [--seed N | --dice ROLL] [--ruleset 2004|1996] [--void REASON]... [--json] [BET=STAKE ...]``
rolls three dice (secure unless seeded, or as entered by the dealer) and settles the bets.

Bad input prints one line, ``pcc: error: ...``, and exits with status 2.

>>> main(["roll", "--seed", "7", "big=100", "figure:crab=50", "total:9=10"])
roll: prawn-gourd-coin (2-3-4, total 9), seed 7, ruleset 2004
ticket  bet             stake  result  paid  returned   net
     1  big=100           100  lost       0         0  -100
     2  figure:crab=50     50  lost       0         0   -50
     3  total:9=10         10  won       60        70   +60
staked 160, paid 60, returned 70, players -90, house +90
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from pcc.bets import Bet, Spot
from pcc.dice import Roll, roll
from pcc.errors import PccError
from pcc.odds import SpotOdds, format_table, odds, odds_table, table_as_json
from pcc.settle import Round, Ruleset, Settlement

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pcc",
        description="Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo), Macau Despacho 59/2004.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="{odds,roll}")

    p_odds = sub.add_parser("odds", help="exact odds of every bet (216 outcomes enumerated)")
    p_odds.add_argument("spots", nargs="*", metavar="SPOT", help="only these bets, e.g. big figure:crab total:9")
    p_odds.add_argument("--json", action="store_true", help="print JSON instead of a table")

    p_roll = sub.add_parser("roll", help="roll three dice and settle the bets given")
    source = p_roll.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, help="reproducible roll from this seed (default: secure roll)")
    source.add_argument("--dice", metavar="ROLL", help="a roll entered by the dealer, e.g. 1-5-5 or 'fish crab crab'")
    p_roll.add_argument(
        "--ruleset", default="2004", metavar="{2004,1996}", help="2004 (in force, default) or 1996"
    )
    p_roll.add_argument(
        "--void",
        action="append",
        default=[],
        metavar="REASON",
        help="record a void roll first (stacked or tilted); repeatable",
    )
    p_roll.add_argument("--json", action="store_true", help="print JSON")
    p_roll.add_argument("bets", nargs="*", metavar="BET=STAKE", help="e.g. big=100 figure:crab=50 total:9=10")
    return parser


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _settlement_text(
    settlement: Settlement, source: str, ruleset: Ruleset, voids: Sequence[str]
) -> str:
    r = settlement.roll
    out = [
        f"roll: {r} ({'-'.join(map(str, r.numbers))}, total {r.total}), {source}, ruleset {ruleset}"
    ]
    for i, reason in enumerate(voids, 1):
        out.insert(i - 1, f"void roll {i}: {reason}; bets stand")
    if settlement.lines:
        head = ("ticket", "bet", "stake", "result", "paid", "returned", "net")
        rows = [
            (
                str(line.ticket),
                str(line.bet),
                str(line.stake),
                "won" if line.won else "lost",
                str(line.paid),
                str(line.returned),
                _signed(line.net),
            )
            for line in settlement.lines
        ]
        widths = [max(len(x[i]) for x in (head, *rows)) for i in range(len(head))]
        left = {1, 3}
        for row in (head, *rows):
            cells = [c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
            out.append("  ".join(cells).rstrip())
    out.append(
        f"staked {settlement.staked}, paid {settlement.paid}, returned {settlement.returned},"
        f" players {_signed(settlement.player_net)}, house {_signed(settlement.house_result)}"
    )
    return "\n".join(out)


def _settlement_json(
    settlement: Settlement, source: dict[str, object], ruleset: Ruleset, voids: Sequence[str]
) -> dict[str, object]:
    r = settlement.roll
    return {
        "ruleset": str(ruleset),
        "source": source,
        "voids": list(voids),
        "roll": {"text": str(r), "dice": [str(f) for f in r.dice], "numbers": list(r.numbers), "total": r.total},
        "lines": [
            {
                "ticket": line.ticket,
                "bet": str(line.bet),
                "spot": str(line.bet.spot),
                "stake": line.stake,
                "won": line.won,
                "odds": line.odds,
                "paid": line.paid,
                "returned": line.returned,
                "net": line.net,
            }
            for line in settlement.lines
        ],
        "totals": {
            "staked": settlement.staked,
            "paid": settlement.paid,
            "returned": settlement.returned,
            "player_net": settlement.player_net,
            "house_result": settlement.house_result,
        },
    }


def _odds(args: argparse.Namespace, out: TextIO) -> None:
    rows: tuple[SpotOdds, ...] = (
        tuple(odds(Spot.parse(s)) for s in args.spots) if args.spots else odds_table()
    )
    if args.json:
        json.dump(table_as_json(rows), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write(format_table(rows) + "\n")


def _roll(args: argparse.Namespace, out: TextIO) -> None:
    rnd = Round(args.ruleset)
    for text in args.bets:
        rnd.verify_place(text)
    for text in args.bets:
        rnd.place(text)
    for reason in args.void:
        rnd.void_roll(reason)
    source_json: dict[str, object]
    if args.dice is not None:
        r = Roll.parse(args.dice)
        source, source_json = "entered by the dealer", {"kind": "entered", "text": args.dice}
    elif args.seed is not None:
        r = roll(args.seed)
        source, source_json = f"seed {args.seed}", {"kind": "seeded", "seed": args.seed}
    else:
        r = roll()
        source, source_json = "secure", {"kind": "secure"}
    settlement = rnd.settle(r)
    voids = [str(v.reason) for v in rnd.voids]
    if args.json:
        json.dump(_settlement_json(settlement, source_json, rnd.ruleset, voids), out, indent=2)
        out.write("\n")
    else:
        out.write(_settlement_text(settlement, source, rnd.ruleset, voids) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pcc`` command with ``argv`` (default: the process arguments); return the exit status.

    >>> main(["odds", "small", "triple:any"])
    bet         pays  ways/216  probability  expected return  house edge
    small          1       105        35/72            35/36  1/36 (2.778%)
    triple:any    24         6         1/36            25/36  11/36 (30.556%)
    0
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message
        return exc.code if isinstance(exc.code, int) else 2
    out = sys.stdout
    try:
        if args.command == "odds":
            _odds(args, out)
        else:
            _roll(args, out)
    except PccError as exc:
        print(f"pcc: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``pcc odds | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
