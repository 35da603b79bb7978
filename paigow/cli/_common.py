"""What the ``paigow`` subcommands share: the ``--commission`` option, reading four tiles.

Kept light (no numpy, no engine layer): every subcommand imports it.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paigow.tiles import Tile

__all__ = ["add_commission", "commission", "commission_argv", "four_tiles"]

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
    return out


def four_tiles(words: Sequence[str]) -> "tuple[Tile, Tile, Tile, Tile]":
    """Four tiles from the command line: separate words (``天 地 杂九 至尊``) or one quoted
    argument (``"天 地 杂九 至尊"``), or any mix; nothing given is a clear error.

    >>> four_tiles(["天 地", "杂九", "至尊"])
    (Tile(6, 6), Tile(1, 1), Tile(4, 5), Tile(2, 4))
    >>> four_tiles([""])
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidHandError: no tiles given: name four tiles, e.g. '天 地 杂九 至尊' or '6-6 1-1 4-5 2-4'
    """
    from paigow.errors import InvalidHandError
    from paigow.tiles import parse_tiles

    text = " ".join(words)
    if not text.split():
        raise InvalidHandError("no tiles given: name four tiles, e.g. '天 地 杂九 至尊' or '6-6 1-1 4-5 2-4'",
                               code="hand.empty")
    t = parse_tiles(text, count=4)
    return (t[0], t[1], t[2], t[3])
