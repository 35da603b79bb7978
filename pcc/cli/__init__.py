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
line and status 130.

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
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["COMMANDS", "PROG", "build_parser", "main"]

PROG = "pcc"

COMMANDS: dict[str, tuple[str, str]] = {
    "odds": ("pcc.cli.odds", "exact odds of every bet (216 outcomes enumerated)"),
    "roll": ("pcc.cli.roll", "roll three dice and settle the bets given"),
    "settle": ("pcc.cli.settle", "replay a round's record (JSON) and print its settlement"),
}
"""Subcommand -> (module with ``add_arguments`` and ``run``, one-line help for ``pcc --help``)."""


def _one_line(text: str) -> str:
    """``text`` with every character a terminal would not print on one line escaped (``\\n``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``pcc roll: error: ... [usage]``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{_one_line(f'{self.prog}: error: {message}')} (see '{self.prog} --help') [usage]\n")


def _version() -> str:
    """The installed distribution's version, or the package's own when it is not installed."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        pass
    else:
        try:
            return version("macau-table-games")
        except PackageNotFoundError:
            pass
    from pcc import __version__

    return __version__


class _Version(argparse.Action):
    """``--version``: read only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        print(f"{PROG} {_version()}")
        parser.exit(0)


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv``: its first word that is not an option."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with the full arguments of ``command`` (the others carry their help line only)."""
    parser = _Parser(
        prog=PROG,
        description="Fish-Prawn-Crab (鱼虾蟹, Peixe-Camarão-Caranguejo), Macau Despacho 59/2004.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{" + ",".join(COMMANDS) + "}")
    for name, (module, help_text) in COMMANDS.items():
        if name == command:
            __import__(module)  # rather than importlib: ``-X importtime`` shows it
            doc = sys.modules[module].__doc__ or help_text
            p = sub.add_parser(name, help=help_text, description=doc.split("\n\n")[0])
            sys.modules[module].add_arguments(p)
        else:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pcc`` command with ``argv`` (default: the process arguments); return the exit status.

    >>> main(["odds", "small", "triple:any"])
    bet         pays  ways/216  probability  expected return  house edge
    small          1       105        35/72            35/36  1/36 (2.778%)
    triple:any    24         6         1/36            25/36  11/36 (30.556%)
    0
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = _chosen(args_list)
    try:
        return _run(args_list, command if command in COMMANDS else None)
    except KeyboardInterrupt:
        print(f"{PROG}{' ' + command if command in COMMANDS else ''}: interrupted", file=sys.stderr)
        return 130


def _run(args_list: list[str], command: str | None) -> int:
    from pcc.errors import PccError

    parser = build_parser(command)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse has printed its message (or the help, or the version)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        code: int = sys.modules[COMMANDS[args.command][0]].run(args, sys.stdout)
        return code
    except PccError as e:
        print(_one_line(f"{PROG} {args.command}: error: {e} [{e.code}]"), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``pcc odds | head``): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # pragma: no cover - stdout is not a real file
            pass
        return 1
