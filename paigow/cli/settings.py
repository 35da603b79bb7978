"""``paigow settings``: the three settings of four tiles."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from paigow.cli._common import four_tiles, write_json

if TYPE_CHECKING:
    from paigow.hands import Hand


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "settings",
        help="the three settings of four tiles, with their hands' names and ranks",
        description="Print the three settings of four tiles (ab|cd, ac|bd, ad|bc), each "
        "arranged by the dealer rule, with the hands' names and ranks.",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--rules", default=None, metavar="NAME",
                   help="the rule set whose hand order gives the ranks (default: macau)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_settings)


def _cmd_settings(args: argparse.Namespace) -> int:
    from paigow.rules import clean_rules
    from paigow.setting import settings

    rules = clean_rules(args.rules)
    tiles = four_tiles(args.tiles)
    rows = settings(tiles, rules)

    def rank(h: "Hand") -> int:  # in the hand order of the rule set in force
        return h.rank_in(rules.hand_order)

    if args.json:
        write_json({"tiles": [t.to_json() for t in tiles], "rules": rules.name,
                    "settings": [{"front": {**s.front.to_json(), "rank": rank(s.front)},
                                  "back": {**s.back.to_json(), "rank": rank(s.back)}} for s in rows]})
        return 0
    from paigow._text import shows_chinese, table

    zh = shows_chinese()
    print("tiles: " + "  ".join(f"{t} {t.name_zh if zh else t.name_en}" for t in tiles))
    body = []
    for i, s in enumerate(rows, 1):
        for part, h in (("front", s.front), ("back", s.back)):
            names = [h.name_zh, h.name_en] if zh else [h.name_en]
            body.append([str(i) if part == "front" else "", part, str(h), *names, rank(h)])
    header = ["#", "hand", "tiles", "name", "English", "rank"] if zh else ["#", "hand", "tiles", "name", "rank"]
    print(table(header, body, right=[len(header) - 1]))
    return 0
