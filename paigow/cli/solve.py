"""``paigow solve``: the setting game's equilibrium, numerical or exact, written to files.

``solve`` writes ``equilibrium.npy`` and ``equilibrium.json`` where it is told (the current
directory by default), never into the installed package; ``advise --against`` and ``simulate
--player``/``--banker`` read those files. ``solve --exact`` writes ``<name>-exact.npy`` and
``.json`` (:mod:`paigow.game.exact`).
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import time
from fractions import Fraction

from paigow.cli._common import add_commission, check_output, commission, percent
from paigow.cli.advice import add_rules, rules_arg
from paigow.rules import MACAU, RulesLike, clean_rules


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
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


def _cmd_solve(args: argparse.Namespace) -> int:
    check_output(args.output)  # never into the installed package
    from paigow._text import Progress
    from paigow.game.solver import PAID_TOL, ZERO_SUM_TOL, save, solve

    rules = rules_arg(args)
    rate = commission(args) or 0
    if getattr(args, "exact", False):
        return solve_exact_command(rate, args.output, args.json, rules)
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


def solve_exact_command(rate: "Fraction | int", output: "pathlib.Path | None", as_json: bool, rules: RulesLike = None) -> int:
    """``paigow solve --exact [--commission RATE] [--rules NAME]``: the exact equilibrium near
    the shipped numerical one of that game and commission, proven, written as
    ``<stem>-exact.npy`` and ``.json`` in ``output`` (default: the current directory). Exit
    status 0 when the proof holds."""
    begin = time.perf_counter()
    rate = Fraction(rate)
    rs = clean_rules(rules)
    from paigow.game.exact import save_exact, solve_exact
    from paigow.game.exact_proof import SEATS
    from paigow.game.handtypes import hand_types

    eq = solve_exact(commission=rate, rules=rs)
    path = save_exact(eq, output)
    seconds = time.perf_counter() - begin
    info = eq.info()
    if as_json:
        print(json.dumps({**info, "seconds": round(seconds, 3), "proof_seconds": round(eq.proof.seconds, 3),
                          "written_to": str(path)}, indent=2, sort_keys=True))
        return 0 if eq.exact else 1
    p = eq.proof
    game = "" if rs is MACAU else f" of rule set {rs.name!r}"
    if rate:
        print(f"exact equilibrium{game}, commission {float(rate * 100):g}% of every win: expected result per hand")
        print(f"  player {p.player_value} = {float(p.player_value):+.12f}")
        print(f"  banker {p.banker_value} = {float(p.banker_value):+.12f}")
    else:
        print(f"exact equilibrium{game}, no commission: game value {p.player_value} = {float(p.player_value):+.12f} "
              f"per hand (the player's expected result)")
    word = "exact" if eq.exact else "NOT exact"
    print(f"best-response gains: player {p.player_gain}, banker {p.banker_gain} ({word}: every setting of every "
          f"type valued exactly against the other side's strategy)")
    ty = hand_types(rs)
    for seat in SEATS:
        s = eq.strategy(seat)
        print(f"{seat} mixes {len(s.mixed)} types ({sum(int(ty.cnt[t]) for t in s.mixed)} hands): " +
              "; ".join(f"type {t} " + " ".join(str(x) for x in row) for t, row in s.mixed.items()))
    info_s = eq.solve_info
    print(f"solved and proven in {seconds:.1f} s ({info_s.get('rounds')} rounds, {info_s.get('pivots')} pivots; "
          f"the last proof {p.seconds:.2f} s)")
    print(f"written to {path}")
    return 0 if eq.exact else 1
