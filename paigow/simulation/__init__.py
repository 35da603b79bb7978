"""Whole rounds of Pai Gow simulated in the compiled core, on every core or a Dask cluster,
reproducibly.

Each round shuffles the 32 tiles, deals 4 to each of the 8 positions (the banker is position 0),
sets every hand by its seat's strategy (a :class:`~paigow.Strategy` or anything that converts to
one: ``"max-back"``, ``"equilibrium"``, a caller's (35960, 3) table, see :mod:`paigow.strategies`),
and decides positions 1-7 against the banker under a rule set (Art. 6; :data:`paigow.rules.MACAU`
by default). Every player bets 1 unit. Results are added up as exact integer counts, never stored
per round, so memory stays flat however many rounds are run.

* **Dice.** With a uniform shuffle, the dice only choose which position takes which stack; that
  changes no statistic, so the banker always takes the first stack.
* **Commission** (Portaria 58/91/M) is a rate: ``True`` means the rule set's (Macau's: 5%,
  :data:`COMMISSION`). A winning player is paid ``1 - rate``; the banker's net win of a round,
  when positive, is paid ``1 - rate`` too.
* **The bank cap** (Art. 4.5) is left out: the banker pays and collects every bet in full.
* **Reproducible.** The run is cut into blocks of 4,096 rounds, each with its own generator
  (xoshiro256** seeded by splitmix64 from the seed and the block number); threads take whole
  blocks and add integer counters, so one seed gives the same numbers on any number of threads.
  Without a seed, a 64-bit one is drawn from :mod:`secrets` and kept in the result.
* **Mixed strategies** draw their setting with a 32-bit number: probabilities are used to the
  nearest multiple of 2**-32.

The package's modules: :mod:`paigow.simulation.runs` holds the run as a value (:class:`Run`:
``part``, ``count``, ``merge``), the local engine and the results; :mod:`paigow.simulation.dask`
plays a run's parts on a Dask cluster through that value's public verbs only. :func:`simulate`
chooses between them.

>>> r = simulate(200_000, seed=2024)
>>> r.rounds, r.seed, r.counts.shape, int(r.counts.sum())
(200000, 2024, (7, 3), 1400000)
>>> print(f"{r.player_mean:+.4f} {r.player_se:.4f}")
-0.0102 0.0011
>>> abs(r.banker_mean + 7 * r.player_mean) < 1e-12    # no commission: the banker's is the players' loss
True
"""

from __future__ import annotations

from typing import Any

from paigow.rules import RulesLike
from paigow.simulation.dask import MIN_TASK_BLOCKS, QUIET_WORKERS, TASK_BLOCKS, simulate_on, task_ranges
from paigow.simulation.runs import (
    BLOCK,
    COMMISSION,
    MAX_ROUNDS,
    MAX_THREADS,
    BlockCounts,
    Progress,
    RoundTrace,
    Run,
    SimulationResult,
    StrategyLike,
    clean_threads,
    simulate_blocks,
    trace_rounds,
)

__all__ = ["simulate", "Run", "SimulationResult", "BlockCounts", "RoundTrace", "simulate_blocks", "trace_rounds",
           "simulate_on", "task_ranges", "clean_threads", "BLOCK", "COMMISSION", "MAX_ROUNDS", "MAX_THREADS",
           "TASK_BLOCKS", "MIN_TASK_BLOCKS", "QUIET_WORKERS", "Progress", "StrategyLike"]


def simulate(
    rounds: int,
    seed: int | None = None,
    player: "StrategyLike | None" = None,
    banker: "StrategyLike | None" = None,
    commission: bool | float = False,
    threads: int | None = None,
    progress: Progress | None = None,
    cluster: Any = None,
    rules: RulesLike = None,
) -> SimulationResult:
    """Simulate ``rounds`` whole rounds (8 hands dealt and set, 7 decided) in the compiled core.

    ``seed``: an integer in [0, 2**64) to replay a run, or None for a fresh one from
    :mod:`secrets` (kept in the result). ``player`` and ``banker``: a strategy name or table.
    ``commission``: False (none), True (the rule set's rate: 5%) or a rate in [0, 1).
    ``threads``: how many threads (default: every core); the numbers do not depend on it.
    ``progress(done, total)`` is called after every chunk of about a million rounds.
    ``cluster``: None (this machine), or a Dask ``distributed.Client``, cluster or scheduler
    address (``"tcp://host:8786"``) to run the blocks there, with the same numbers (see
    :mod:`paigow.simulation.dask`). ``rules``: a :class:`~paigow.rules.RuleSet` or its name
    (default Macau's). The run is ``Run(rounds, seed, player, banker, commission, rules)``.

    >>> a = simulate(50_000, seed=7, threads=1)
    >>> a == simulate(50_000, seed=7, threads=2)
    True
    >>> simulate(0)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: rounds must be from 1 to 2**60, not 0
    >>> simulate(10, commission=1.5)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: commission rate must be at least 0 and below 1, not 1.5
    """
    if cluster is not None:
        return simulate_on(cluster, rounds, seed, player, banker, commission, threads, progress, rules=rules)
    return Run(rounds, seed, player, banker, commission, rules).simulate(threads, progress)
