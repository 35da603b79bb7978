"""``paigow settings``: the three settings of four tiles."""

from __future__ import annotations

import argparse

from paigow.cli._common import four_tiles, write_json


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


def _cmd_settings(args: argparse.Namespace) -> int:
    from paigow.setting import settings

    tiles = four_tiles(args.tiles)
    rows = settings(tiles)
    if args.json:
        write_json({"tiles": [t.to_json() for t in tiles], "settings": [s.to_json() for s in rows]})
        return 0
    from paigow._text import shows_chinese, table

    zh = shows_chinese()
    print("tiles: " + "  ".join(f"{t} {t.name_zh if zh else t.name_en}" for t in tiles))
    body = []
    for i, s in enumerate(rows, 1):
        for part, h in (("front", s.front), ("back", s.back)):
            names = [h.name_zh, h.name_en] if zh else [h.name_en]
            body.append([str(i) if part == "front" else "", part, str(h), *names, h.rank])
    header = ["#", "hand", "tiles", "name", "English", "rank"] if zh else ["#", "hand", "tiles", "name", "rank"]
    print(table(header, body, right=[len(header) - 1]))
    return 0
