"""``paigow simulate``: whole rounds in the compiled core, with a progress bar and a summary.

>>> from paigow.cli import main
>>> main(["simulate", "100000", "--seed", "5", "--no-progress", "--json"])  # doctest: +ELLIPSIS
{
  "rounds": 100000,
  "seed": 5,
...
0
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable

from paigow._text import Progress
from paigow.cli._common import STRATEGY_HELP, add_commission, commission, percent, seed, strategy_arg
from paigow.errors import InvalidSimulationError
from paigow.simulation import SimulationResult, simulate

__all__ = ["register"]

_SUFFIXES = {"k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}


def _rounds(text: str) -> int:
    """A round count: 1000000, 1_000_000, 1e6, 1M or 2.5k."""
    t = text.strip().replace("_", "").replace(",", "").lower()
    scale = 1
    if t and t[-1] in _SUFFIXES:
        scale, t = _SUFFIXES[t[-1]], t[:-1]
    try:
        value = float(t) * scale if any(c in t for c in ".e") else int(t) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of rounds: {text!r}") from None
    if not math.isfinite(value) or value != int(value):
        raise argparse.ArgumentTypeError(f"not a whole number of rounds: {text!r}")
    return int(value)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "simulate",
        help="simulate whole rounds and summarise the players' and the banker's results",
        description="Simulate whole rounds in the compiled core (shuffle, deal 8 hands, set them "
        "by the strategies, decide 7 positions against the banker) on every core, and print "
        "win/push/lose counts per position and the mean results with their standard errors. "
        "The same seed gives the same numbers on any number of threads.",
    )
    p.add_argument("rounds", type=_rounds, help="number of rounds: 1000000, 1e6 or 1M")
    p.add_argument("--seed", type=seed, default=None, help="seed (0 to 2**64-1) to replay a run; default: a fresh one")
    p.add_argument("--player", default=None, help="players' strategy (default, as paigow.simulate's: "
                   "the zero-commission equilibrium of --rules, with --commission too): " + STRATEGY_HELP)
    p.add_argument("--banker", default=None, help="banker's strategy, as --player")
    add_commission(p)
    p.add_argument("--rules", default=None, metavar="NAME",
                   help="the rule set the rounds are decided by (default: macau)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on the Dask cluster of this scheduler (tcp://host:8786; default: "
                   "$DASK_SCHEDULER_ADDRESS, else this machine; '' for this machine), same numbers")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    p.set_defaults(func=_cmd_simulate)


def _progress_callback(bar: Progress) -> Callable[[int, int], None]:
    """simulate()'s progress callback drawing ``bar``: done/total rounds and the rate."""
    start = time.perf_counter()

    def update(done: int, total: int) -> None:
        elapsed = time.perf_counter() - start
        rate = f"  {_si(done / elapsed)}/s" if elapsed > 0 else ""
        bar.update(done / total if total else 1.0, f"{done:,}/{total:,} rounds{rate}")

    return update


def _si(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f}{unit}"
    return f"{x:.0f}"


def _json(r: SimulationResult) -> dict[str, object]:
    return {
        "rounds": r.rounds,
        "seed": r.seed,
        "player": r.player,
        "banker": r.banker,
        "commission": r.commission,
        "rules": r.rules.name,
        "player_mean": r.player_mean,
        "player_se": r.player_se,
        "banker_mean": r.banker_mean,
        "banker_se": r.banker_se,
        "positions": [
            {"position": p + 1, "wins": w, "pushes": pu, "losses": lo,
             "mean": float(r.position_mean[p]), "se": float(r.position_se[p])}
            for p, (w, pu, lo) in enumerate(r.counts.tolist())
        ],
        "round_counts": r.round_counts.tolist(),
        "seconds": r.seconds,
        "threads": r.threads,
        "rounds_per_second": r.rounds_per_second,
    }


def summary(r: SimulationResult) -> str:
    """The text summary ``paigow simulate`` prints."""
    from paigow._text import table

    commission = percent(r.commission) if r.commission else "none"
    head = [
        f"{r.rounds:,} rounds, seed {r.seed}",
        f"player {r.player}, banker {r.banker}, commission {commission}, rules {r.rules}, "
        f"{r.threads} thread{'s' if r.threads != 1 else ''}, {r.seconds:.2f} s "
        f"({_si(r.rounds_per_second)} rounds/s)",
        "",
    ]
    rows: list[list[object]] = []
    n = r.rounds
    for p, (w, pu, lo) in enumerate(r.counts.tolist()):
        rows.append([p + 1, f"{w:,}", f"{pu:,}", f"{lo:,}", f"{w / n:.2%}", f"{pu / n:.2%}", f"{lo / n:.2%}",
                     f"{r.position_mean[p]:+.5f}", f"{r.position_se[p]:.5f}"])
    w, pu, lo = (int(x) for x in r.counts.sum(axis=0))
    m = 7 * n
    rows.append(["all", f"{w:,}", f"{pu:,}", f"{lo:,}", f"{w / m:.2%}", f"{pu / m:.2%}", f"{lo / m:.2%}",
                 f"{r.player_mean:+.5f}", f"{r.player_se:.5f}"])
    body = table(["position", "wins", "pushes", "losses", "win", "push", "lose", "mean", "± se"], rows,
                 right=list(range(1, 9)))
    means = table(["result", "mean", "± se"], [
        ["per player hand", f"{r.player_mean:+.5f}", f"{r.player_se:.5f}"],
        ["banker per round", f"{r.banker_mean:+.5f}", f"{r.banker_se:.5f}"],
    ], right=[1, 2])
    return "\n".join(head) + body + "\n\n" + means


def _cmd_simulate(args: argparse.Namespace) -> int:
    show = args.progress if args.progress is not None else sys.stderr.isatty() and not args.json
    bar = Progress("simulating", force=True) if show else None
    scheduler = args.scheduler if args.scheduler is not None else os.environ.get("DASK_SCHEDULER_ADDRESS")
    rate = commission(args) or 0
    try:
        r = simulate(args.rounds, seed=args.seed, player=strategy_arg(args.player, "player"),
                     banker=strategy_arg(args.banker, "banker"),
                     commission=float(rate), threads=args.threads,
                     progress=_progress_callback(bar) if bar is not None else None,
                     cluster=scheduler or None, rules=args.rules)
    except ImportError as e:  # --scheduler without Dask installed
        raise InvalidSimulationError(str(e), code="simulation.no_dask") from None
    except TypeError as e:  # pragma: no cover - argparse gives the right types
        raise InvalidSimulationError(str(e)) from None
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(_json(r), indent=2))
    else:
        print(summary(r))
    return 0
