"""``paigow advise`` and ``paigow solve``.

``advise`` reads the tiles before it loads any strategy and imports nothing of the table,
settlement, dealing or simulation layers. ``solve`` writes ``equilibrium.npy`` and
``equilibrium.json`` where it is told (the current directory by default), never into the
installed package; ``advise --against`` and ``simulate --player``/``--banker`` read those files.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import time
from typing import Any

from paigow.cli._common import (
    STRATEGY_HELP,
    add_commission,
    check_output,
    commission,
    four_tiles,
    percent,
    strategy_arg,
    write_json,
)

def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "advise",
        help="exact values of the three settings of four tiles, and the best one",
        description="Value each setting of four tiles exactly against the 20,475 hands the other "
        "side can hold, that side setting by a strategy (docs/rules.md §1.9).",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--seat", choices=("player", "banker"), default="player", help="whose hand it is (default: player)")
    p.add_argument("--against", default=None, metavar="STRATEGY",
                   help="how the other side sets its hand (default: the equilibrium of the game as played, "
                   "'equilibrium' without commission, 'equilibrium-paid' with it): " + STRATEGY_HELP
                   + "; with --rules us also a house way: foxwoods, canberra or a house-way file (.csv)")
    add_commission(p)
    add_rules(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_advise)

    s = sub.add_parser(
        "solve",
        help="solve the setting game and write the equilibrium to a file",
        description="Solve one player against the banker (each setting four unseen tiles) by "
        "predictive CFR+ in the core, and write <name>.npy and <name>.json (the same bytes on every "
        "run): without --commission the zero-sum game to the given exploitability per hand "
        "(equilibrium.npy); with it the game as paid, to each side's best-response gain per hand "
        "(equilibrium-paid.npy at 5%). See docs/equilibrium.md.",
    )
    s.add_argument("--tol", type=float, default=None,
                   help="exploitability (with --commission: each side's gain) per hand to reach "
                   "(default 1e-8, with --commission 1e-7)")
    s.add_argument("--max-iterations", type=int, default=20000,
                   help="stop after this many iterations if the tolerance is not reached (default 20000)")
    add_commission(s, absent="none: the zero-sum game")
    s.add_argument("--output", type=pathlib.Path, default=None,
                   help="directory to write to (default: the current directory)")
    s.add_argument("--progress", action="store_true", help="draw the progress bar even when stderr is not a terminal")
    s.add_argument("--json", action="store_true", help="machine-readable output: what the .json file records, and where")
    s.add_argument("--exact", action="store_true",
                   help="the exact equilibrium near the shipped numerical one of that commission: probabilities as "
                   "fractions, each side's gain proven to be exactly 0 (<name>-exact.npy and .json)")
    add_rules(s)
    s.set_defaults(func=_cmd_solve)


def add_rules(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules NAME``: the rule set whose game is asked about (default: macau)."""
    parser.add_argument("--rules", default="macau", metavar="NAME",
                        help="the rule set (paigow.rules.RULE_SETS) whose game it is (default: macau)")


def rules_arg(args: argparse.Namespace) -> Any:
    """The rule set ``--rules`` named, cleaned (an unknown name is InvalidOptionError, code
    ``rules.unknown``)."""
    from paigow.rules import clean_rules

    return clean_rules(args.rules)


def _cmd_advise(args: argparse.Namespace) -> int:
    tiles = four_tiles(args.tiles)  # before any strategy is loaded
    rate = commission(args)
    rules = rules_arg(args)
    other = "banker" if args.seat == "player" else "player"
    from paigow.houseway import is_house_way

    # a house way (US game) by name or file goes to advise as given; else a strategy's name or file
    against = None if args.against is None else args.against if is_house_way(args.against) else \
        strategy_arg(args.against, other)

    from paigow._text import shows_chinese, table
    from paigow.advice import OPPONENT_HANDS, advise

    a = advise(tiles, seat=args.seat, against=against, commission=rate or False, rules=rules)
    if args.json:
        write_json(a.to_json())
        return 0
    zh = shows_chinese()

    def named(x: Any) -> str:
        return f"{x} {x.name_zh if zh else x.name_en}"

    print(f"tiles: {'  '.join(named(t) for t in a.tiles)}   seat: {a.seat}   "
          f"against: {a.against}{f'   commission {percent(a.rate)}' if a.commission else ''}"
          f"{f'   rules: {a.rules}' if a.rules != 'macau' else ''}")
    rows = []
    for k, o in enumerate(a.options):
        mark = "best" if k == a.best else ""
        pct = [f"{100 * x / OPPONENT_HANDS:.2f}%" for x in (o.wins, o.pushes, o.losses)]
        mix = "" if o.probability is None else f"{o.probability:.4f}".rstrip("0").rstrip(".")
        rows.append([k + 1, named(o.setting.front), named(o.setting.back), *pct, f"{o.value:+.5f}", mix, mark])
    shown = any(o.probability is not None for o in a.options)  # against a shipped equilibrium
    header = ["#", "front", "back", "win", "push", "lose", "value", "eq. mix" if shown else "", ""]
    print(table(header, rows, right=[3, 4, 5, 6]))
    if a.mixed:
        print(f"the {a.seat}'s equilibrium mixes this hand: play the settings with the probabilities shown")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    check_output(args.output)  # never into the installed package
    from paigow._text import Progress
    from paigow.solver import PAID_TOL, ZERO_SUM_TOL, save, solve

    rules = rules_arg(args)
    rate = commission(args) or 0
    if getattr(args, "exact", False):
        from paigow.exact import cli_solve

        return cli_solve(rate, args.output, args.json, rules)
    tol = args.tol if args.tol is not None else (PAID_TOL if rate else ZERO_SUM_TOL)
    bar = Progress("solving", force=args.progress)
    first: list[float] = []
    start = time.perf_counter()

    def progress(it: int, expl: float) -> None:
        if not first:
            first.append(max(expl, tol * 10))
        span = math.log(first[0] / tol) if tol > 0 else 0.0
        done = math.log(first[0] / max(expl, 1e-300)) / span if span > 0 else 1.0
        bar.update(done, f"iteration {it}, {'gain' if rate else 'exploitability'} {expl:.2e}")

    eq = solve(tol=tol, max_iterations=args.max_iterations, progress=progress, commission=rate, rules=rules)
    bar.close()
    path = save(eq, args.output)
    info = eq.info()
    seconds = time.perf_counter() - start
    ok = (max(eq.player_gain, eq.banker_gain) if rate else eq.exploitability) <= tol
    if args.json:
        print(json.dumps({**info, "seconds": round(seconds, 3), "written_to": str(path), "converged": ok}, indent=2))
        return 0 if ok else 1
    if rules.name != "macau":
        print(f"rule set: {rules.name}")
    if rate:
        print(f"commission {percent(rate)} of every win, both sides: expected result per hand "
              f"player {eq.value:+.9f}, banker {eq.banker_value:+.9f}")
        print(f"best-response gain per hand: player {eq.player_gain:.2e}, banker {eq.banker_gain:.2e} "
              f"after {eq.iterations} iterations in {seconds:.1f} s")
    else:
        print(f"game value {info['game_value']:+.9f} per hand (player's expected result, no commission)")
        print(f"exploitability {eq.exploitability:.2e} per hand after {eq.iterations} iterations in {seconds:.1f} s")
    print(f"mixed: player {info['mixed']['player']['hands']} hands ({info['mixed']['player']['types']} types), "
          f"banker {info['mixed']['banker']['hands']} hands ({info['mixed']['banker']['types']} types)")
    print(f"written to {path}")
    return 0 if ok else 1
