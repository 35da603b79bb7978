"""The ``paigow`` command line.

Each subcommand lives in a module with a ``register(subparsers)`` function that adds its parser
and sets ``func`` (a callable taking the parsed arguments and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from paigow.errors import PaigowError

# modules whose register() adds a subcommand, in the order of the help text
_COMMAND_MODULES: tuple[str, ...] = ("paigow.cli", "paigow.cli_advice", "paigow.cli_table", "paigow.cli_simulate",
                                     "paigow.cli_serve")


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "settings",
        help="the three settings of four tiles, with their hands' names and ranks",
        description="Print the three settings of four tiles (ab|cd, ac|bd, ad|bc), each "
        "arranged by the dealer rule, with the hands' names and ranks.",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_settings)


def _hand_json(h: object) -> dict[str, object]:
    from paigow.hands import Hand

    assert isinstance(h, Hand)
    return {
        "tiles": [str(t) for t in h.tiles],
        "name_zh": h.name_zh,
        "name_en": h.name_en,
        "category": h.category.name.lower(),
        "points": h.points,
        "rank": h.rank,
    }


def _cmd_settings(args: argparse.Namespace) -> int:
    from paigow.settings import settings
    from paigow.tiles import parse_tiles

    tiles = parse_tiles(args.tiles, count=4)
    rows = settings(tiles)
    if args.json:
        out = {
            "tiles": [str(t) for t in tiles],
            "settings": [{"front": _hand_json(s.front), "back": _hand_json(s.back)} for s in rows],
        }
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    from paigow._text import table

    print("tiles: " + "  ".join(f"{t} {t.name_zh}" for t in tiles))
    body = []
    for i, s in enumerate(rows, 1):
        for part, h in (("front", s.front), ("back", s.back)):
            body.append([str(i) if part == "front" else "", part, str(h), h.name_zh, h.name_en, h.rank])
    print(table(["#", "hand", "tiles", "name", "English", "rank"], body, right=[5]))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paigow", description="Macau Pai Gow (牌九): tiles, hands, settings, advice and settlement."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 for bad input, with the reason on stderr)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except PaigowError as e:
        print(f"paigow {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
