"""``paigow advise`` and ``paigow solve``."""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import time

from paigow.cli._common import add_commission, commission, four_tiles


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "advise",
        help="exact values of the three settings of four tiles, and the best one",
        description="Value each setting of four tiles exactly against the 20,475 hands the other "
        "side can hold, that side setting by a strategy (RULES.md 1.9).",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--seat", choices=("player", "banker"), default="player", help="whose hand it is (default: player)")
    p.add_argument("--against", choices=("equilibrium", "max-back"), default="equilibrium",
                   help="how the other side sets its hand (default: equilibrium)")
    add_commission(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_advise)

    s = sub.add_parser(
        "solve",
        help="solve the setting game and write the equilibrium the package ships",
        description="Solve one player against the banker (each setting four unseen tiles) by "
        "predictive CFR+ in the core, to the given exploitability per hand, and write "
        "equilibrium.npy and equilibrium.json (the same bytes on every run).",
    )
    s.add_argument("--tol", type=float, default=1e-8, help="exploitability per hand to reach (default 1e-8)")
    s.add_argument("--max-iterations", type=int, default=20000)
    s.add_argument("--output", type=pathlib.Path, default=None,
                   help="directory to write to (default: the package's data directory)")
    s.add_argument("--progress", action="store_true", help="draw the progress bar even when stderr is not a terminal")
    s.set_defaults(func=_cmd_solve)


def _cmd_advise(args: argparse.Namespace) -> int:
    from paigow.commission import COMMISSION

    tiles = four_tiles(args.tiles)  # before any strategy is loaded
    rate = commission(args)
    if rate not in (None, 0, COMMISSION):
        from paigow.errors import InvalidOptionError

        raise InvalidOptionError(f"advise counts a win after the regulation's 5% commission or none, not at "
                                 f"{args.commission!r} (Portaria 58/91/M)", code="commission.unsupported")

    from paigow._text import table
    from paigow.advice import OPPONENT_HANDS, advise

    a = advise(tiles, seat=args.seat, against=args.against, commission=bool(rate))
    if args.json:
        out = {
            "tiles": [str(t) for t in a.tiles],
            "seat": a.seat,
            "against": a.against,
            "commission": a.commission,
            "opponent_hands": OPPONENT_HANDS,
            "best": a.best,
            "mixed": a.mixed,
            "settings": [
                {
                    "front": {"tiles": [str(t) for t in o.setting.front.tiles], "name_zh": o.setting.front.name_zh,
                              "name_en": o.setting.front.name_en, "rank": o.setting.front.rank},
                    "back": {"tiles": [str(t) for t in o.setting.back.tiles], "name_zh": o.setting.back.name_zh,
                             "name_en": o.setting.back.name_en, "rank": o.setting.back.rank},
                    "wins": o.wins, "pushes": o.pushes, "losses": o.losses, "value": o.value,
                    "equilibrium_probability": o.probability,
                }
                for o in a.options
            ],
        }
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(f"tiles: {'  '.join(f'{t} {t.name_zh}' for t in a.tiles)}   seat: {a.seat}   "
          f"against: {a.against}{'   commission 5%' if a.commission else ''}")
    rows = []
    for k, o in enumerate(a.options):
        mark = "best" if k == a.best else ""
        pct = [f"{100 * x / OPPONENT_HANDS:.2f}%" for x in (o.wins, o.pushes, o.losses)]
        mix = "" if o.probability is None else f"{o.probability:.4f}".rstrip("0").rstrip(".")
        rows.append([k + 1, f"{o.setting.front} {o.setting.front.name_zh}", f"{o.setting.back} {o.setting.back.name_zh}",
                     *pct, f"{o.value:+.5f}", mix, mark])
    header = ["#", "front", "back", "win", "push", "lose", "value", "eq. mix" if a.against == "equilibrium" else "", ""]
    print(table(header, rows, right=[3, 4, 5, 6]))
    if a.mixed:
        print(f"the {a.seat}'s equilibrium mixes this hand: play the settings with the probabilities shown")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from paigow._text import Progress
    from paigow.advice import save, solve

    bar = Progress("solving", force=args.progress)
    first: list[float] = []
    start = time.perf_counter()

    def progress(it: int, expl: float) -> None:
        if not first:
            first.append(max(expl, args.tol * 10))
        span = math.log(first[0] / args.tol)
        done = math.log(first[0] / max(expl, 1e-300)) / span if span > 0 else 1.0
        bar.update(done, f"iteration {it}, exploitability {expl:.2e}")

    eq = solve(tol=args.tol, max_iterations=args.max_iterations, progress=progress)
    bar.close()
    path = save(eq, args.output)
    info = eq.info()
    print(f"game value {info['game_value']:+.9f} per hand (player's expected result, no commission)")
    print(f"exploitability {eq.exploitability:.2e} per hand after {eq.iterations} iterations "
          f"in {time.perf_counter() - start:.1f} s")
    print(f"mixed: player {info['mixed']['player']['hands']} hands ({info['mixed']['player']['types']} types), "
          f"banker {info['mixed']['banker']['hands']} hands ({info['mixed']['banker']['types']} types)")
    print(f"written to {path}")
    return 0 if eq.exploitability <= args.tol else 1
