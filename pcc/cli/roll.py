"""Roll three dice (or take the dealer's roll) and settle the bets given.

``pcc roll [--seed N | --dice ROLL] [--ruleset 2004|1996] [--void REASON]... [--json] [BET=STAKE ...]``:
the bets are placed, the bell closes betting, each ``--void`` is a void roll (betting reopens and
the bell rings again), then the roll settles the round. ``--json`` prints the round's record
(docs/pcc.md), which ``pcc settle`` reads back.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from pcc.dice import roll
from pcc.round import Round, RollSource
from pcc.rules import Ruleset
from pcc.settlement import Settlement

__all__ = ["add_arguments", "run", "settlement_text"]

_SEED_DIGITS = 100


def _seed(text: str) -> int:
    """A whole number of at most 100 digits (argparse reports anything else as a usage error)."""
    body = text.strip()
    digits = body[1:] if body[:1] == "+" else body
    if not digits or len(digits) > _SEED_DIGITS or not (digits.isascii() and digits.isdigit()):
        # as paigow's seeds: never negative
        raise argparse.ArgumentTypeError(f"invalid seed {text[:40]!r}: a whole number from 0, of at most "
                                         f"{_SEED_DIGITS} digits")
    return int(body)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pcc roll``."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=_seed, help="reproducible roll from this seed (default: secure roll)")
    source.add_argument("--dice", metavar="ROLL", help="a roll entered by the dealer, e.g. 1-5-5 or 'fish crab crab'")
    parser.add_argument("--ruleset", default="2004", metavar="{2004,1996}", help="2004 (in force, default) or 1996")
    parser.add_argument(
        "--void",
        action="append",
        default=[],
        metavar="REASON",
        help="record a void roll first (stacked or tilted); repeatable",
    )
    parser.add_argument("--json", action="store_true", help="print the round's record as JSON")
    parser.add_argument("bets", nargs="*", metavar="BET=STAKE", help="e.g. big=100 figure:crab=50 total:9=10")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def settlement_text(settlement: Settlement, source: str, ruleset: Ruleset, voids: Sequence[str]) -> str:
    """The settlement as the table ``pcc roll`` prints."""
    r = settlement.roll
    out = [f"void roll {i}: {reason}; bets stand" for i, reason in enumerate(voids, 1)]
    out.append(f"roll: {r} ({'-'.join(map(str, r.numbers))}, total {r.total}), {source}, ruleset {ruleset}")
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


def source_text(rnd: Round) -> str:
    """How the text output names where the roll came from."""
    if rnd.roll_source is RollSource.SEEDED:
        return f"seed {rnd.seed}"
    if rnd.roll_source is RollSource.SECURE:
        return "secure"
    return "entered by the dealer"


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Place the bets, ring the bell, record the void rolls, roll and settle."""
    rnd = Round(args.ruleset)
    for text in args.bets:  # every bet checked before any is placed: bad input changes nothing
        rnd.verify_place(text)
    for text in args.bets:
        rnd.place(text)
    rnd.close_betting()
    for reason in args.void:
        rnd.void_roll(reason)
        rnd.close_betting()
    if args.dice is not None:
        rnd.settle(args.dice, source=RollSource.ENTERED)
    elif args.seed is not None:
        rnd.settle(roll(args.seed), source=RollSource.SEEDED, seed=args.seed)
    else:
        rnd.settle(roll(), source=RollSource.SECURE)
    write(rnd, out, as_json=args.json)
    return 0


def write(rnd: Round, out: TextIO, *, as_json: bool) -> None:
    """Print a settled round: its record as JSON, or the table."""
    settlement = rnd.settlement
    assert settlement is not None, "callers settle the round first"
    if as_json:
        from pcc.record import round_to_json

        out.write(round_to_json(rnd))
    else:
        voids = [str(v.reason) for v in rnd.voids]
        out.write(settlement_text(settlement, source_text(rnd), rnd.ruleset, voids) + "\n")
