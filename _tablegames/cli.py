"""The command lines' plumbing, written once for ``paigow`` and ``pcc``.

A :class:`Program` is a dispatch table that imports only the chosen subcommand's module
(``--help`` imports none), and the conventions both commands keep:

- an error is one line on standard error, ``<prog> <command>: error: <message> [<code>]``, with
  exit status 2 (the game's errors carry the code; ``io`` for a file that cannot be read or
  written); a malformed command line is ``<prog>: error: <message> (see '<prog> --help') [usage]``,
  status 2;
- Ctrl-C is one line and status 130; a reader that goes away (``| head``) ends the command quietly;
- where standard output cannot encode Chinese, what it cannot is written as backslash escapes
  rather than failing;
- ``--version`` prints the package's ``__version__``, read only when asked for.

A subcommand's module is mounted by :attr:`Program.mount`: by default (:func:`add_command`) a
module of one command with ``add_arguments(parser)`` and ``run(args, out) -> int``.

>>> import contextlib, io, sys, types
>>> from _tablegames.errors import GameError
>>> echo = types.ModuleType("demo_echo", "Print the words given.")
>>> echo.add_arguments = lambda parser: parser.add_argument("words", nargs="*")
>>> def run(args, out):
...     if not args.words:
...         raise GameError("nothing to say: give a word", code='echo.empty')
...     print(*args.words, file=out)
...     return 0
>>> echo.run = run
>>> sys.modules["demo_echo"] = echo
>>> demo = Program(prog="demo", description="A demo.", commands={"echo": ("demo_echo", "print the words")},
...                error=GameError)
>>> demo.main(["echo", "hello", "world"])
hello world
0
>>> with contextlib.redirect_stderr(io.StringIO()) as err:
...     demo.main(["echo"]), demo.main(["nonesuch"])
(2, 2)
>>> print(err.getvalue(), end="")
demo echo: error: nothing to say: give a word [echo.empty]
demo: error: argument {echo}: invalid choice: 'nonesuch' (choose from ...) (see 'demo --help') [usage]
>>> del sys.modules["demo_echo"]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from _tablegames.errors import GameError
from _tablegames.version import version

__all__ = ["ERROR_LIMIT", "USAGE_LIMIT", "Parser", "Program", "add_command", "chosen", "escaped", "fit_stdout"]

USAGE_LIMIT = 500
"""The longest a usage message quotes (the command line can be long): the limit passed to ``one_line``."""
ERROR_LIMIT = 1000
"""The longest an error message is on its line: the limit passed to ``one_line``."""


def escaped(text: str, limit: int = ERROR_LIMIT) -> str:
    """``text`` as one line, whole: every character a terminal would not print on one line is
    escaped (``\\n``); ``limit`` is not applied.

    >>> print(escaped("unknown bet 'big\\n=5'"))
    unknown bet 'big\\n=5'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``paigow advise: error: ... [usage]``."""

    def one_line(self, text: str, limit: int) -> str:
        """``text`` as one line of at most about ``limit`` characters (a program's parser class says how)."""
        return escaped(text, limit)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {self.one_line(message, USAGE_LIMIT)} (see '{self.prog} --help') [usage]\n")

    _intermixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """A subcommand's words in any order: options may come between positionals
        (``advise 6-6 --seat banker 1-1 4-5 2-4``), as in ``parse_intermixed_args``."""
        if self._subparsers is not None or self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        except TypeError:  # a parser argparse cannot intermix (argparse.REMAINDER, a mixed group)
            return super().parse_known_args(args, namespace)
        finally:
            self._intermixing = False


def chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv``: its first word that is not an option.

    >>> chosen(["--json", "odds", "small"]), chosen(["--", "odds"]), chosen([])
    ('odds', None, None)
    """
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


def plain(text: str) -> str:
    """A docstring's reStructuredText as a terminal shows it: ````x```` and ``:role:`x``` as ``'x'``.

    >>> plain("as ``pcc roll --json`` writes it, see :class:`~pcc.Round`")
    "as 'pcc roll --json' writes it, see 'Round'"
    """
    import re

    text = re.sub(r":[a-z:]+:`~?(?:[\w.]*\.)?([^`]+)`", r"'\1'", text)
    return re.sub(r"``([^`]+)``", r"'\1'", text)


def add_command(sub: Any, name: str, module: str, help_text: str) -> None:
    """Mount a module of one command: ``add_arguments(parser)`` adds its arguments, ``run(args,
    out)`` runs it (looked up when it runs, writing to the standard output of that moment); its
    description is the first paragraph of the module's docstring."""
    doc = sys.modules[module].__doc__ or help_text
    parser = sub.add_parser(name, help=help_text, description=plain(doc.split("\n\n")[0]))
    sys.modules[module].add_arguments(parser)
    parser.set_defaults(func=lambda args: sys.modules[module].run(args, sys.stdout))


def fit_stdout(sample: str = "天牌九至尊鱼虾蟹") -> None:
    """Where standard output cannot encode ``sample`` (``PYTHONIOENCODING=ascii``, a Latin-1
    console), write what it cannot encode as backslash escapes rather than fail."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        reconfigure = getattr(sys.stdout, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


class _Version(argparse.Action):
    """``--version``: the package's version, read only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, *, program: Program, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)
        self.program = program

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        print(f"{self.program.prog} {self.program.version()}")
        parser.exit(0)


@dataclass(frozen=True, kw_only=True)
class Program:
    """One command line: its name, description and subcommands (name -> (module, one-line help)),
    and the game's error base, whose errors it prints with their code.

    The rest says where the two commands differ: ``package`` is the one whose ``__version__``
    ``--version`` prints (default: the package named as the command); ``one_line(text, limit)``
    writes a message on one line (default :func:`escaped`); ``mount`` adds the chosen command's
    parser from its module (:func:`add_command`, or a game's own protocol); ``prepare`` rewrites
    the command line before parsing; ``metavar`` names the subcommands in the usage (default ``{a,b,c}``);
    with ``usage_exits``, :meth:`main` lets argparse's :class:`SystemExit` (help, version, usage)
    through instead of returning its status; ``interrupted`` is the line Ctrl-C prints
    (``{prog}``, ``{command}``: the subcommand with a space before it, or nothing);
    ``broken_pipe`` the status when the reader of standard output goes away.
    """

    prog: str
    description: str
    commands: Mapping[str, tuple[str, str]]
    error: type[GameError]
    package: str | None = None
    one_line: Callable[[str, int], str] = escaped
    mount: Callable[[Any, str, str, str], None] = add_command
    prepare: Callable[[Sequence[str]], list[str]] = list
    metavar: str | None = None
    usage_exits: bool = False
    interrupted: str = "{prog}{command}: interrupted"
    broken_pipe: int = 1

    def version(self) -> str:
        """The package's ``__version__``."""
        return version(self.package or self.prog)

    @functools.cached_property
    def parser_class(self) -> type[Parser]:
        """The class of this program's parsers (and its subcommands'), writing errors with ``one_line``."""
        one_line = self.one_line

        class ProgramParser(Parser):
            def one_line(self, text: str, limit: int) -> str:
                return one_line(text, limit)

        return ProgramParser

    def build_parser(self, command: str | None = None) -> argparse.ArgumentParser:
        """The parser, with the full parser of ``command`` (the others carry their help line only)."""
        parser = self.parser_class(prog=self.prog, description=self.description)
        parser.add_argument("--version", action=_Version, program=self, help="show the version and exit")
        metavar = self.metavar or "{" + ",".join(self.commands) + "}"
        sub = parser.add_subparsers(dest="command", required=True, metavar=metavar)
        for name, (module, help_text) in self.commands.items():
            if name == command:
                __import__(module)  # rather than importlib.import_module: ``-X importtime`` shows it
                self.mount(sub, name, module, help_text)
            else:
                sub.add_parser(name, help=help_text, add_help=False)
        return parser

    def main(self, argv: Sequence[str] | None = None) -> int:
        """Run the command line with ``argv`` (default: the process's arguments); return the exit
        status: 0, 2 for bad input (one line on standard error), 130 when interrupted."""
        command = None
        try:
            fit_stdout()
            words = self.prepare(sys.argv[1:] if argv is None else argv)
            named = chosen(words)
            command = named if named in self.commands else None
            parser = self.build_parser(command)
            try:
                args, extra = parser.parse_known_args(words)
                if extra:  # said by the subcommand's parser, so the message names it
                    mine = parser._subparsers._group_actions[0].choices.get(command) if command else None  # type: ignore[union-attr]
                    (mine or parser).error(f"unrecognized arguments: {' '.join(extra)}")
            except SystemExit as exc:  # argparse has printed its message (or the help, or the version)
                if self.usage_exits:
                    raise
                return exc.code if isinstance(exc.code, int) else 2
            return self._run(args)
        except KeyboardInterrupt:
            print(self.interrupted.format(prog=self.prog, command=f" {command}" if command else ""), file=sys.stderr)
            return 130

    def _run(self, args: argparse.Namespace) -> int:
        try:
            return int(args.func(args))
        except self.error as e:
            self._say(args.command, str(e), e.code)
            return 2
        except BrokenPipeError:  # the reader went away (``... | head``): stop quietly
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError):  # standard output is not a real file
                pass
            return self.broken_pipe
        except OSError as e:  # a file the command was told to read or write
            self._say(args.command, str(e), "io")
            return 2

    def _say(self, command: str, message: str, code: str) -> None:
        print(f"{self.prog} {command}: error: {self.one_line(message, ERROR_LIMIT)} [{code}]", file=sys.stderr)
