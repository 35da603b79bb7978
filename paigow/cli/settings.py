"""``paigow settings``: the three settings of four tiles."""

from __future__ import annotations

import argparse
import json

from paigow.cli._common import four_tiles


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

    tiles = four_tiles(args.tiles)
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
