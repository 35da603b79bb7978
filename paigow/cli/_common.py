"""What the ``paigow`` subcommands share: the ``--commission`` option, reading four tiles,
writing JSON.

Kept light (no numpy, no engine layer): every subcommand imports it.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow.commission import percent as percent  # the one spelling of a rate in output

if TYPE_CHECKING:
    from paigow.tiles import Tile

__all__ = ["add_commission", "commission", "commission_argv", "four_tiles", "write_json", "positive_int",
           "strategy_arg", "STRATEGY_HELP", "check_output", "seed", "percent"]

# a word that reads as a number (0.05, 1/20, 5%, 1e-2) is taken as the rate after --commission;
# two pip digits (66, 12) are a tile, so `advise --commission 66 11 45 24` keeps its four tiles
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(/\d+)?%?$")
_PIPS = re.compile(r"^[1-6][1-6]$")


def add_commission(parser: argparse.ArgumentParser, absent: str = "no commission") -> None:
    """Add ``--commission [RATE]`` to ``parser``: the flag alone is the regulation's 5%
    (Portaria 58/91/M); RATE is ``0.05``, ``1/20`` or ``5%``. Left out, it is ``None`` (the help
    says what that means: ``absent``). Read it with :func:`commission`."""
    from paigow.commission import COMMISSION

    parser.add_argument(
        "--commission", nargs="?", const=str(COMMISSION), default=None, metavar="RATE",
        help=f"take commission from wins: the flag alone is 5%% (Portaria 58/91/M), or give a rate "
        f"such as 0.05, 1/20 or 5%% (default: {absent})",
    )


def commission(args: argparse.Namespace) -> Fraction | None:
    """The rate ``--commission`` gave, exact (``None`` when it was not given and has no default).

    A rate that does not parse or lies outside [0, 1) is
    :class:`~paigow.errors.InvalidOptionError` (codes ``commission.syntax``, ``commission.range``).
    """
    text = getattr(args, "commission", None)
    if text is None:
        return None
    from paigow.commission import rate

    return rate(text)


def commission_argv(argv: Sequence[str]) -> list[str]:
    """``argv`` with a bare ``--commission`` made explicit where the next word is not a rate.

    ``--commission`` takes an optional RATE; argparse would take any next word as that rate
    (``advise --commission 天 地 人 鹅`` would lose a tile), so a next word that does not read as
    a number keeps its place and the flag stands for 5%.

    >>> commission_argv(["advise", "--commission", "6-6", "1-1"])
    ['advise', '--commission=1/20', '6-6', '1-1']
    >>> commission_argv(["settle", "--commission", "4%", "-"])
    ['settle', '--commission', '4%', '-']
    >>> commission_argv(["edges", "--commission", "-5%"])
    ['edges', '--commission=-5%']
    """
    from paigow.commission import COMMISSION

    out = list(argv)
    for i, word in enumerate(out):
        if word == "--":
            break
        if word == "--commission" and i + 1 < len(out):
            nxt = out[i + 1].strip()
            if not _NUMBER.match(nxt) or _PIPS.match(nxt):
                out[i] = f"--commission={COMMISSION}"
            elif nxt.startswith("-"):  # a negative rate would read as an option: keep it the rate, refused by name
                out[i:i + 2] = [f"--commission={nxt}"]
    return out


def four_tiles(words: Sequence[str]) -> "tuple[Tile, Tile, Tile, Tile]":
    """Four tiles from the command line: separate words (``天 地 杂九 至尊``) or one quoted
    argument (``"天 地 杂九 至尊"``), or any mix; nothing given is a clear error.

    >>> four_tiles(["天 地", "杂九", "至尊"])
    (Tile(6, 6), Tile(1, 1), Tile(4, 5), Tile(2, 4))
    >>> four_tiles([""])
    Traceback (most recent call last):
    ...
    paigow.errors.HandSyntaxError: no tiles given: name four tiles, e.g. '天 地 杂九 至尊' or '6-6 1-1 4-5 2-4'
    """
    from paigow.errors import HandSyntaxError
    from paigow.tiles import parse_tiles

    text = " ".join(words)
    if not text.split():
        raise HandSyntaxError("no tiles given: name four tiles, e.g. '天 地 杂九 至尊' or '6-6 1-1 4-5 2-4'",
                               code="hand.empty")
    t = parse_tiles(text, count=4)
    return (t[0], t[1], t[2], t[3])


def write_json(data: object) -> None:
    """Print ``data`` as indented JSON: Chinese as is where standard output can encode it, as
    ``\\u`` escapes (still the same JSON) where it cannot."""
    from paigow._text import shows_chinese

    print(json.dumps(data, ensure_ascii=not shows_chinese(), indent=2))


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**64 - 1 (one rule for ``round`` and
    ``simulate``).

    >>> seed("7"), seed(str(2**64 - 1))
    (7, 18446744073709551615)
    >>> seed("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 2**64 - 1, not -1
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to 2**64 - 1, not {value}")
    return value


STRATEGY_HELP = ("equilibrium, equilibrium-paid, max-back, the directory or equilibrium.npy that 'paigow solve' "
                 "wrote, or a .npy (35960, 3) table")


def strategy_arg(text: str | None, seat: str) -> Any:
    """A strategy named on the command line, for ``seat``: a name, or a table read from a file.

    A file is what ``paigow solve`` writes (its directory, or the ``equilibrium.npy`` or
    ``equilibrium.json`` in it:
    both seats' type strategies, of which ``seat``'s is taken) or a ``.npy`` holding a
    (35960, 3) hand table. An unreadable file is
    :class:`~paigow.errors.InvalidStrategyError` (code ``strategy.file``).
    """
    import pathlib

    from paigow.errors import InvalidStrategyError
    from paigow.strategies import STRATEGY_NAMES

    if text is None or text in STRATEGY_NAMES:  # None: the rule set's own equilibrium
        return text
    path = pathlib.Path(text)
    if path.is_dir():
        found = sorted(path.glob("equilibrium*.npy"))
        if len(found) > 1 and path / "equilibrium.npy" in found:
            found = [path / "equilibrium.npy"]
        if len(found) != 1:
            raise InvalidStrategyError(f"{text!r} holds {'no' if not found else 'more than one'} equilibrium*.npy "
                                       f"that 'paigow solve' writes: name the file", code="strategy.file")
        path = found[0]
    elif path.suffix == ".json":
        if path.is_file() and not path.with_suffix(".npy").is_file():
            raise InvalidStrategyError(f"{text!r} is not a strategy that 'paigow solve' wrote: no "
                                       f"{path.with_suffix('.npy').name!r} beside it", code="strategy.file")
        path = path.with_suffix(".npy")  # the record solve writes beside the table
    elif path.suffix != ".npy":
        if path.is_file():
            raise InvalidStrategyError(f"{text!r} is a file but not a strategy: give a name, the directory "
                                       f"or the equilibrium*.npy that 'paigow solve' wrote, or a .npy table",
                                       code="strategy.file")
        return text  # the engine says what is wrong with the name
    if not path.is_file():
        raise InvalidStrategyError(f"cannot read a strategy table from {text!r}: no such file", code="strategy.file")
    from paigow.strategies import Strategy

    # Strategy checks the file ((2, 4285, 3) as solve writes it, or a table); its table is
    # passed on, so outputs name it "table" as before
    return Strategy.load(path, seat).table


def check_output(directory: "str | None | Any") -> None:
    """Refuse an output directory inside the installed package (``paigow solve`` never writes
    the shipped data: code ``output.package``) or one that is a file (``output.write``);
    ``None`` is the current directory."""
    import pathlib

    import paigow
    from paigow.errors import InvalidOptionError

    out = pathlib.Path.cwd() if directory is None else pathlib.Path(directory)
    package = pathlib.Path(paigow.__file__).resolve().parent
    try:
        out.resolve().relative_to(package)
    except ValueError:
        pass
    else:
        raise InvalidOptionError(f"solve writes where --output says, never into the installed package: "
                                 f"{str(out)!r} is in {str(package)!r}", code="output.package")
    if out.exists() and not out.is_dir():
        raise InvalidOptionError(f"--output {str(out)!r} is a file: give a directory", code="output.write")
    # checked before the work (a solve takes seconds to minutes): a missing directory is made, but
    # only inside one that exists, so a mistyped path fails now, not after the solve
    import os

    where = out if out.exists() else out.parent
    if not where.is_dir():
        raise InvalidOptionError(f"--output {str(out)!r}: no such directory {str(where)!r} "
                                 f"(solve makes the last directory only)", code="output.write")
    if not os.access(where, os.W_OK | os.X_OK):
        raise InvalidOptionError(f"--output {str(out)!r}: cannot write in {str(where)!r}", code="output.write")
