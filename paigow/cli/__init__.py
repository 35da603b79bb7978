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
exit code 2 (the codes are listed in docs/errors.md; ``usage`` is a malformed command line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["COMMANDS", "main", "build_parser"]

COMMANDS: dict[str, tuple[str, str]] = {
    "settings": ("paigow.cli.settings", "the three settings of four tiles, with their hands' names and ranks"),
    "advise": ("paigow.cli.advice", "exact values of the three settings of four tiles, and the best one"),
    "solve": ("paigow.cli.advice", "solve the setting game and write the equilibrium to a file"),
    "edges": ("paigow.cli.edges", "the house-edge table: each seat's expected result under best play, as paid"),
    "round": ("paigow.cli.table", "simulate a whole round: dice, stacks, hands, settings, outcomes and the ledger"),
    "settle": ("paigow.cli.table", "settle a round from its record (JSON in, ledger as JSON out)"),
    "simulate": ("paigow.cli.simulate", "simulate whole rounds and summarise the players' and the banker's results"),
    "serve": ("paigow.cli.serve", "the advice API and the dealer's table as a service, with the dealer's page at /"),
}
"""Subcommand -> (module whose ``register`` adds it, one-line help for ``paigow --help``)."""

PROG = "paigow"
_LONGEST = 500  # an error line quotes at most this much of the command line


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``paigow advise: error: ... [usage]``."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.splitlines())  # one line
        if len(message) > _LONGEST:
            message = message[:_LONGEST] + "..."
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help') [usage]\n")


class _Only:
    """The subparsers action seen by one group's ``register``: only ``name`` is really added."""

    def __init__(self, sub: Any, name: str) -> None:
        self._sub = sub
        self._name = name

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if name == self._name:
            return self._sub.add_parser(name, **kwargs)  # type: ignore[no-any-return]
        return _Parser(prog=f"{PROG} {name}", add_help=False)  # a sibling of the same group: unused


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("macau-table-games")
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover
        pass
    from paigow import __version__

    return __version__


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked for."""

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
    """The parser, with the full parser of ``command`` (the others carry their help line only)."""
    parser = _Parser(prog=PROG, description="Macau Pai Gow (牌九): tiles, hands, settings, advice and settlement.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        if name == command:
            # __import__ rather than importlib.import_module: -X importtime sees it
            __import__(module)
            sys.modules[module].register(_Only(sub, name))
        else:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code: 0, 2 for bad input (one line on stderr),
    130 when interrupted (Ctrl-C)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    from paigow.cli._common import commission_argv
    from paigow.errors import PaigowError

    _fit_stdout()
    args_list = commission_argv(sys.argv[1:] if argv is None else argv)
    command = _chosen(args_list)
    parser = build_parser(command if command in COMMANDS else None)
    args = parser.parse_args(args_list)
    try:
        return int(args.func(args))
    except PaigowError as e:
        print(f"{PROG} {args.command}: error: {_one_line(str(e))} [{e.code}]", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as e:  # a file the command was told to read or write
        print(f"{PROG} {args.command}: error: {_one_line(str(e))} [io]", file=sys.stderr)
        return 2


def _one_line(message: str) -> str:
    message = " ".join(message.splitlines())
    return message if len(message) <= 2 * _LONGEST else message[: 2 * _LONGEST] + "..."


def _fit_stdout() -> None:
    """Where standard output cannot encode Chinese (``PYTHONIOENCODING=ascii``, a Latin-1
    console), write what it cannot as backslash escapes rather than fail; the commands print
    English names there (:func:`paigow._text.shows_chinese`)."""
    from paigow._text import shows_chinese

    if not shows_chinese():
        reconfigure = getattr(sys.stdout, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
