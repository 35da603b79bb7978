"""``paigow houseway``: a house way's setting of four tiles, the rule that decided it and what it
costs against the best setting; or, with ``--audit``, every hand the way sets worse than the
best response."""

from __future__ import annotations

import argparse
from typing import Any

from paigow.cli._common import add_commission, commission, four_tiles, percent, write_json

HELP = "the house way's setting of four tiles (US game), the rule that decided it and its cost; or an audit"


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "houseway",
        help=HELP,
        description="Set four tiles by a house way of the US game (docs/rules.md §3.2), say which "
        "rule decided the setting, and value all three settings exactly against the way on the other "
        "side (what the way's setting costs against the best). With --audit (no tiles): every distinct "
        "hand the way sets worse than the best response, the value lost per hand and the total per hand "
        "dealt (docs/houseway.md). The way is a name (foxwoods, canberra) or a house-way file.",
    )
    p.add_argument("tiles", nargs="*", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--way", default=None, metavar="NAME|FILE",
                   help="the house way: foxwoods, canberra, a way file (.way) or a house-way table (.csv) "
                   "(default: foxwoods; with --compare, every shipped way)")
    p.add_argument("--seat", choices=("player", "banker"), default="player",
                   help="whose hand it is; the way sets the other side's (default: player)")
    p.add_argument("--objective", choices=("win-loss", "paid"), default="win-loss",
                   help="what the best setting maximises: wins minus losses, or the result after commission "
                   "(default: win-loss)")
    add_commission(p, absent="5%%, the US rule set's")
    p.add_argument("--audit", action="store_true",
                   help="audit the way: every hand it sets worse than the best response (give no tiles)")
    p.add_argument("--compare", action="store_true",
                   help="compare the shipped ways (or the --way ways, comma-separated): the hands they set apart, "
                   "the exact house edge of each against each, against the best response and the US equilibrium")
    p.add_argument("--top", type=int, default=None, metavar="N", help="with --audit: the N costliest hands only")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_houseway)


def _cmd_houseway(args: argparse.Namespace) -> int:
    from paigow.errors import InvalidOptionError

    rate = commission(args)
    if args.compare:
        if args.tiles or args.audit:
            raise InvalidOptionError("--compare compares whole ways: give no tiles and no --audit", code="houseway.compare")
        return _compare(args, rate)
    if args.audit:
        if args.tiles:
            raise InvalidOptionError("--audit audits the whole way: give no tiles", code="houseway.audit")
        return _audit(args, rate)
    if args.top is not None:
        raise InvalidOptionError("--top goes with --audit", code="houseway.audit")
    from paigow.houseway import house_way

    tiles = four_tiles(args.tiles)
    way = house_way(args.way or "foxwoods")
    d = way.set(tiles)
    s = d.setting
    ranks = {"low": s.front.rank_in(way.rules.hand_order), "high": s.back.rank_in(way.rules.hand_order)}
    from paigow.game.waygame import hand_values

    v = hand_values(tiles, way, args.seat, args.objective, True if rate is None else rate)
    if args.json:
        write_json({"tiles": [t.to_json() for t in tiles], "way": way.name, "rules": way.rules.name,
                    "low": {**s.front.to_json(), "rank": ranks["low"]},
                    "high": {**s.back.to_json(), "rank": ranks["high"]}, "rule": d.rule, "split": d.split,
                    "ranks": ranks, "values": v.to_json()})
        return 0
    from paigow._text import shows_chinese, table

    zh = shows_chinese()
    print("tiles: " + "  ".join(f"{t} {t.name_zh if zh else t.name_en}" for t in tiles))
    print(f"way:   {way.name} ({way.rules.name} rules)")
    for part, h in (("low: ", s.front), ("high:", s.back)):
        names = f"{h.name_zh} {h.name_en}" if zh else h.name_en
        print(f"{part} {h}  {names}  (rank {ranks['low' if part == 'low: ' else 'high']})")
    print(f"rule:  {d.rule}")
    r = v.options[0].commission
    other = "banker" if args.seat == "player" else "player"
    print(f"as the {args.seat}, against the {other}'s hand set by {way.name} (20,475 hands), commission {percent(r)}:")
    rows = []
    for k, o in enumerate(v.options):
        mark = ", ".join(x for x, on in (("way", k == v.way), ("best", k == v.best)) if on)
        rows.append([k + 1, str(o.setting), o.wins, o.pushes, o.losses, f"{float(o.win_loss):+.5f}",
                     f"{float(o.paid):+.5f}", mark])
    print(table(["#", "setting", "win", "push", "lose", "win-loss", f"at {percent(r)}", ""], rows, right=[2, 3, 4, 5, 6]))
    what = "wins minus losses" if args.objective == "win-loss" else f"the result at {percent(r)}"
    if v.loss:
        print(f"the way's setting costs {float(v.loss):.5f} per hand ({v.loss}) against the best, by {what}")
    else:
        print(f"the way's setting is the best by {what}")
    return 0


def _audit(args: argparse.Namespace, rate: Any) -> int:
    from paigow.errors import InvalidOptionError
    from paigow.game.waygame import audit

    if args.top is not None and args.top < 0:
        raise InvalidOptionError(f"--top is a count of hands, not {args.top}", code="houseway.audit")
    a = audit(args.way or "foxwoods", args.seat, args.objective, True if rate is None else rate)
    if args.json:
        write_json(a.to_json(args.top))
    else:
        print(a.format(args.top))
    return 0


def _compare(args: argparse.Namespace, rate: Any) -> int:
    from paigow.cli.waycompare import compare_ways
    from paigow.houseway import HOUSE_WAYS

    ways = args.way.split(",") if args.way else list(HOUSE_WAYS)
    c = compare_ways(ways, True if rate is None else rate)
    if args.json:
        write_json(c.to_json())
    else:
        print(c.format())
    return 0
