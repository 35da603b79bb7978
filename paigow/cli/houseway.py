"""``paigow houseway``: a house way's setting of four tiles, and the rule that decided it."""

from __future__ import annotations

import argparse

from paigow.cli._common import four_tiles, write_json

HELP = "the house way's setting of four tiles (US game), and the rule that decided it"


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "houseway",
        help=HELP,
        description="Set four tiles by a house way of the US game (docs/rules.md §3.2) and say which "
        "rule decided the setting. The way is a name (foxwoods) or a house-way file "
        "(docs/houseway.md).",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--way", default="foxwoods", metavar="NAME|FILE",
                   help="the house way: foxwoods, or a house-way file (.csv) (default: foxwoods)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_houseway)


def _cmd_houseway(args: argparse.Namespace) -> int:
    from paigow.houseway import house_way

    tiles = four_tiles(args.tiles)
    way = house_way(args.way)
    d = way.set(tiles)
    s = d.setting
    ranks = {"low": s.front.rank_in(way.rules.hand_order), "high": s.back.rank_in(way.rules.hand_order)}
    if args.json:
        write_json({"tiles": [t.to_json() for t in tiles], "way": way.name, "rules": way.rules.name,
                    "low": s.front.to_json(), "high": s.back.to_json(), "rule": d.rule, "split": d.split,
                    "ranks": ranks})
        return 0
    from paigow._text import shows_chinese

    zh = shows_chinese()
    print("tiles: " + "  ".join(f"{t} {t.name_zh if zh else t.name_en}" for t in tiles))
    print(f"way:   {way.name} ({way.rules.name} rules)")
    for part, h in (("low: ", s.front), ("high:", s.back)):
        names = f"{h.name_zh} {h.name_en}" if zh else h.name_en
        print(f"{part} {h}  {names}  (rank {ranks['low' if part == 'low: ' else 'high']})")
    print(f"rule:  {d.rule}")
    return 0
