"""The ``paigow`` command line: a dispatch table that imports only the chosen subcommand.

Each command group is one module of this package with a ``register(subparsers)`` function that
adds its subcommands' parsers, each with ``func`` set (via ``set_defaults``) to a callable taking
the parsed arguments and returning the exit code. :data:`COMMANDS` maps every subcommand to its
module and a one-line help; ``main`` imports the module of the chosen subcommand alone (the
top-level ``--help`` imports none), so ``paigow advise`` never loads the table, settlement,
dealing or simulation layers.

To add a command: write ``paigow/cli/<group>.py`` with ``register``, and add a row to
:data:`COMMANDS`.

Every error is one line on standard error, ``paigow <command>: error: <message> [<code>]``, with
exit code 2 (the codes are listed in docs/errors.md; ``usage`` is a malformed command line). The
plumbing is :mod:`_tablegames.cli`'s, shared with ``pcc``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from _tablegames.cli import Program
from paigow.errors import PaigowError

__all__ = ["COMMANDS", "PROGRAM", "main", "build_parser"]

COMMANDS: dict[str, tuple[str, str]] = {
    "settings": ("paigow.cli.settings", "the three settings of four tiles, with their hands' names and ranks"),
    "advise": ("paigow.cli.advice", "exact values of the three settings of four tiles, and the best one"),
    "solve": ("paigow.cli.solve", "solve the setting game and write the equilibrium to a file"),
    "edges": ("paigow.cli.edges", "the house-edge table: each seat's expected result under best play, as paid"),
    "houseway": ("paigow.cli.houseway", "the house way's setting of four tiles (US game), the rule that decided it and its cost; or an audit"),
    "round": ("paigow.cli.table", "simulate a whole round: dice, stacks, hands, settings, outcomes and the ledger"),
    "settle": ("paigow.cli.table", "settle a round from its record (JSON in, ledger as JSON out)"),
    "verify": ("paigow.cli.verify", "verify a live table's rounds from their record: the commitment to the shuffle, and the deal"),
    "simulate": ("paigow.cli.simulate", "simulate whole rounds and summarise the players' and the banker's results"),
    "train": ("paigow.cli.train", "train and certify a dealer: drills and a house way's challenge, one exercise at a time"),
    "serve": ("paigow.cli.serve", "the advice API and the dealer's table as a service, with the dealer's page at /"),
}
"""Subcommand -> (module whose ``register`` adds it, one-line help for ``paigow --help``)."""

PROG = "paigow"


def _one_line(message: str, limit: int) -> str:
    message = " ".join(message.splitlines())
    return message if len(message) <= limit else message[:limit] + "..."


class _Only:
    """The subparsers action seen by one group's ``register``: only ``name`` is really added."""

    def __init__(self, sub: Any, name: str) -> None:
        self._sub = sub
        self._name = name

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if name == self._name:
            return self._sub.add_parser(name, **kwargs)  # type: ignore[no-any-return]
        return argparse.ArgumentParser(prog=f"{PROG} {name}", add_help=False)  # a sibling of the same group: unused


def _register(sub: Any, name: str, module: str, help_text: str) -> None:
    """Mount the group module of ``name``: its ``register`` adds the parser (``func`` runs it)."""
    sys.modules[module].register(_Only(sub, name))


def _prepare(argv: Sequence[str]) -> list[str]:
    from paigow.cli._common import commission_argv

    return commission_argv(argv)


PROGRAM = Program(
    prog=PROG,
    description="Macau Pai Gow (牌九): tiles, hands, settings, advice and settlement.",
    commands=COMMANDS,
    error=PaigowError,
    one_line=_one_line,
    mount=_register,
    prepare=_prepare,
    metavar="COMMAND",
    usage_exits=True,
    interrupted="{prog}: interrupted",
    broken_pipe=0,
)
"""The ``paigow`` command line (:class:`_tablegames.cli.Program`)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with the full parser of ``command`` (the others carry their help line only)."""
    return PROGRAM.build_parser(command)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code: 0, 2 for bad input (one line on stderr),
    130 when interrupted (Ctrl-C). A malformed command line, ``--help`` and ``--version`` exit
    (:class:`SystemExit`) as argparse does."""
    return PROGRAM.main(argv)
