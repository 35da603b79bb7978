"""The ``pcc`` command: a dispatch table that imports only the chosen subcommand.

Each subcommand is one module of this package with ``add_arguments(parser)`` and
``run(args, out) -> int``. :data:`COMMANDS` maps every subcommand to its module and a one-line
help; :func:`main` imports the chosen command's module alone (``pcc --help`` imports none), so
``pcc odds`` never loads settlement or records.

- ``pcc odds [--json] [SPOT ...]``: the exact odds of every bet (or of the spots given).
- ``pcc roll [--seed N | --dice ROLL] [--ruleset 2004|1996] [--void REASON]... [--json] [BET=STAKE ...]``
  rolls three dice (secure unless seeded, or as entered by the dealer) and settles the bets;
  ``--json`` prints the round's record (docs/pcc.md).
- ``pcc settle [FILE|-]`` replays a round's record and prints its settlement.

Bad input is one line on standard error, ``pcc <command>: error: <message> [<code>]`` (the codes
are in docs/errors.md; ``usage`` is a malformed command line), with exit status 2; Ctrl-C is one
line and status 130. The plumbing is :mod:`_tablegames.cli`'s, shared with ``paigow``.

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
from collections.abc import Sequence

from _tablegames.cli import Program
from pcc.errors import PccError

__all__ = ["COMMANDS", "PROG", "PROGRAM", "build_parser", "main"]

PROG = "pcc"

COMMANDS: dict[str, tuple[str, str]] = {
    "odds": ("pcc.cli.odds", "exact odds of every bet (216 outcomes enumerated)"),
    "roll": ("pcc.cli.roll", "roll three dice and settle the bets given"),
    "settle": ("pcc.cli.settle", "replay a round's record (JSON) and print its settlement"),
}
"""Subcommand -> (module with ``add_arguments`` and ``run``, one-line help for ``pcc --help``)."""


PROGRAM = Program(
    prog=PROG,
    description="Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo), Macau Despacho 59/2004.",
    commands=COMMANDS,
    error=PccError,
)
"""The ``pcc`` command line (:class:`_tablegames.cli.Program`)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with the full arguments of ``command`` (the others carry their help line only)."""
    return PROGRAM.build_parser(command)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pcc`` command with ``argv`` (default: the process arguments); return the exit status.

    >>> main(["odds", "small", "triple:any"])
    bet         pays  ways/216  probability  expected return  house edge
    small          1       105        35/72            35/36  1/36 (2.778%)
    triple:any    24         6         1/36            25/36  11/36 (30.556%)
    0
    """
    return PROGRAM.main(argv)
