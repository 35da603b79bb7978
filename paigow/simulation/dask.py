"""Simulation past one machine: the blocks of one run on a Dask cluster, with the same numbers.

``paigow.simulate(rounds, seed, ..., cluster=...)`` builds the :class:`~paigow.simulation.Run`,
cuts it into parts of whole blocks (:meth:`Run.part <paigow.simulation.Run.part>`), sends one task
per part to the cluster's workers (each plays its part with :meth:`Run.count
<paigow.simulation.Run.count>`), and merges the counters as the tasks finish (:meth:`Run.merge
<paigow.simulation.Run.merge>`) into the :class:`~paigow.simulation.SimulationResult` that
``simulate`` gives on one machine, bit for bit: every block has its own generator seeded from
(seed, block), and the counts are integers, so neither the partition, the order of completion,
the number of workers nor a task run twice after a worker died changes anything.

* **Tasks** are chosen from the round count: about four per worker thread, at most
  :data:`TASK_BLOCKS` blocks (2**25 rounds, a few seconds of one core) and at least
  :data:`MIN_TASK_BLOCKS` (unless the run is shorter). Each task runs the kernel on one thread
  (``threads`` sets another number: the threads of one task).
* **Tables** are packed once per worker process and rule set (the worker keeps one
  :class:`~paigow.Strategy` per digest, and the packed form of each lives as long as it does): a
  named strategy travels as its name, a caller's table is scattered to the cluster once. The rule set travels as its value and is
  cleaned on the worker.
* **Checks.** Every task returns the paigow version of its worker and the digest of each table
  it used; a part from a worker with another version or another table is refused
  (:class:`~paigow.errors.InvalidSimulationError`, codes ``simulation.worker_version`` and
  ``simulation.worker_strategy``) and the run's other tasks are cancelled: nothing is merged.
* **Ctrl-C** (or any error) cancels the run's tasks on the cluster.

Dask is imported only here, when a cluster is used (``pip install 'macau-table-games[distributed]'``);
docs/distributed.md says how to start a cluster.
"""

from __future__ import annotations

import dataclasses
import gc
import time
import uuid
from typing import Any

from _tablegames.version import version as _version
from paigow.errors import InvalidSimulationError
from paigow.rules import RuleSet, RulesLike
from paigow.simulation.runs import BLOCK, BlockCounts, Progress, Run, SimulationResult, clean_threads
from paigow.strategies import Strategy, StrategyLike

__all__ = ["simulate_on", "task_ranges", "TASK_BLOCKS", "MIN_TASK_BLOCKS", "QUIET_WORKERS"]

QUIET_WORKERS: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings for a cluster whose workers run simulation tasks (``dask.config.set`` before a
``LocalCluster``, or the ``DASK_DISTRIBUTED__...`` variables of docs/distributed.md for ``dask
worker``): no statistical profiler sampling the workers' threads every 10 ms, and the event-loop,
system and memory monitors ticking every second or two instead of every 20-500 ms. An idle
two-worker ``LocalCluster`` then uses 0.015 CPU-seconds a second instead of 0.074; the results
are the same either way."""

TASK_BLOCKS = 8192
"""Most blocks in one task: 2**25 rounds, a few seconds of one core."""

MIN_TASK_BLOCKS = 64
"""Fewest blocks in one task (unless the run is shorter): 262,144 rounds, tens of milliseconds."""

_TASKS_PER_THREAD = 4


def task_ranges(rounds: int, slots: int = 1, task_blocks: int | None = None) -> list[range]:
    """The block ranges of a run of ``rounds`` rounds, one per task, for a cluster with
    ``slots`` worker threads: about four tasks per thread, each of ``MIN_TASK_BLOCKS`` to
    ``TASK_BLOCKS`` blocks; or ``task_blocks`` blocks each when given.

    >>> task_ranges(10**6, slots=2)
    [range(0, 64), range(64, 128), range(128, 192), range(192, 245)]
    >>> len(task_ranges(10**8, slots=2)), len(task_ranges(10**11, slots=2))
    (8, 2981)
    """
    blocks = -(-rounds // BLOCK)
    if task_blocks is None:
        per = -(-blocks // (_TASKS_PER_THREAD * max(1, slots)))
        task_blocks = min(TASK_BLOCKS, max(MIN_TASK_BLOCKS, per))
    return [range(b, min(b + task_blocks, blocks)) for b in range(0, blocks, task_blocks)]


def _run_task(rounds: int, seed: int, blocks: range, player: Any, banker: Any, names: tuple[str, str],
              rules: RuleSet, threads: int) -> tuple[BlockCounts, str]:
    """One task, on a worker: the counters of the part ``blocks`` of the run, and the worker's
    address. A strategy comes as its name or as (digest, table)."""
    run = Run(rounds, seed, _worker_strategy(player, "player"), _worker_strategy(banker, "banker"),
              rules=rules, blocks=blocks, names=names)
    part = run.count(threads)
    try:
        from distributed import get_worker

        where = str(get_worker().address)
    except (ImportError, ValueError):  # pragma: no cover - run outside a worker
        where = "?"
    return part, where


def _worker_strategy(spec: Any, seat: str) -> Strategy:
    if isinstance(spec, str):
        return _seat_tables(spec, seat)
    digest, table = spec
    return _seat_tables(table, seat, digest)


def _seat_tables(strategy: StrategyLike, seat: str, digest: str | None = None) -> Strategy:
    """On a worker: the Strategy a seat plays, from its name or its table (``digest`` is the one
    the client computed; the part reports the worker's own, which the client checks). Named
    strategies are the worker's own objects, so their packed forms are built once per process."""
    return Strategy.clean(strategy, seat)


def _refused_at_once(address: str) -> None:
    """Raise ConnectionRefusedError when nothing listens at a tcp:// scheduler address: a refusal
    is final and known at once, where Dask's client would retry it for its whole connect timeout
    (30 s). A host that does not answer is left to the client's timeout."""
    import socket
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(address if "://" in address else "tcp://" + address)
        host, port = parts.hostname, parts.port
    except ValueError:
        return  # not an address: the client says so
    if parts.scheme != "tcp" or host is None or port is None:
        return
    try:
        socket.create_connection((host, port), timeout=5).close()
    except ConnectionRefusedError:
        raise ConnectionRefusedError(f"nothing listens at {host}:{port} (connection refused)") from None
    except OSError:
        return


def _client(cluster: Any) -> tuple[Any, bool]:
    """A ``distributed.Client`` for ``cluster`` and whether this call opened it (and closes it)."""
    try:
        import distributed
    except ImportError:
        raise ImportError("a cluster needs Dask: pip install 'macau-table-games[distributed]'") from None
    Client: Any = distributed.Client  # untyped in distributed
    if isinstance(cluster, Client):
        return cluster, False
    if isinstance(cluster, str) or hasattr(cluster, "scheduler_address"):
        try:
            if isinstance(cluster, str):
                _refused_at_once(cluster)
            return Client(cluster, set_as_default=False), True
        except (OSError, TimeoutError, ValueError) as e:  # ValueError: not an address
            error = InvalidSimulationError(f"cannot reach the Dask scheduler at {cluster!r}: {e}",
                                           code="simulation.scheduler")
        # The half-built Client closes itself in __del__; collect it now, while no other Client is
        # starting: collected inside a later Client's start, its close waits on the loop runner's
        # lock that the starting Client holds, and both hang.
        gc.collect()
        raise error
    raise TypeError(f"cluster must be None, a distributed.Client, a Dask cluster or a scheduler "
                    f"address like 'tcp://host:8786', not {cluster!r}")


def simulate_on(cluster: Any, rounds: int, seed: int | None = None, player: "StrategyLike | None" = None,
                banker: "StrategyLike | None" = None, commission: bool | float = False,
                threads: int | None = None, progress: Progress | None = None,
                task_blocks: int | None = None, rules: RulesLike = None) -> SimulationResult:
    """``simulate(rounds, seed, player, banker, commission, threads, progress, cluster=cluster,
    rules=rules)``: the run on a Dask cluster. ``threads``: threads per task (default 1);
    ``task_blocks``: blocks per task (default: from the round count, see :func:`task_ranges`).
    The result's ``threads`` is the cluster's worker threads times the threads per task.
    """
    run = Run(rounds, seed, player, banker, commission, rules)  # checks everything before connecting
    t = 1 if threads is None else clean_threads(threads)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (done, total) or None, not {progress!r}")
    if task_blocks is not None and (isinstance(task_blocks, bool) or not isinstance(task_blocks, int)):
        raise TypeError(f"task_blocks must be an integer or None, not {task_blocks!r}")
    if task_blocks is not None and task_blocks < 1:
        raise InvalidSimulationError(f"task_blocks must be at least 1, not {task_blocks!r}")
    version = _version()

    client, owned = _client(cluster)
    futures: list[Any] = []
    try:
        start = time.perf_counter()
        slots = max(1, sum(client.nthreads().values()))
        pspec = _ship(client, run.player.name if player is None else player, run.player)
        bspec = _ship(client, run.banker.name if banker is None else banker, run.banker)
        key = uuid.uuid4().hex[:12]
        futures = [client.submit(_run_task, run.rounds, run.seed, r, pspec, bspec, run.names, run.rules, t,
                                 key=f"paigow-blocks-{key}-{r.start}", pure=False)
                   for r in task_ranges(run.rounds, slots, task_blocks)]
        parts: list[BlockCounts] = []
        done = 0
        import distributed

        as_completed: Any = distributed.as_completed
        for batch in as_completed(futures, loop=client.loop, with_results=True).batches():
            for future, (part, where) in batch:
                _check_part(part, where, version, run)
                parts.append(part)
                future.release()
                done += part.block_rounds
            if progress is not None:
                progress(done, run.rounds)
        result = run.merge(parts)
        seconds = time.perf_counter() - start
    except BaseException:
        if futures:
            client.cancel(futures)
        raise
    finally:
        if owned:
            client.close()
    return dataclasses.replace(result, seconds=seconds, threads=slots * t)


def _ship(client: Any, given: StrategyLike, strategy: Strategy) -> Any:
    """A strategy as tasks take it: its name, or (digest, the table scattered to the cluster)."""
    if isinstance(given, str) and not given.endswith(".npy"):
        return given
    return (strategy.digest, client.scatter(strategy.table, hash=False))


def _check_part(part: BlockCounts, where: str, version: str, run: Run) -> None:
    if part.version != version:
        raise InvalidSimulationError(
            f"worker {where} runs paigow {part.version!r}, this process {version!r}: its part is refused "
            f"(every worker needs the same package version)", code="simulation.worker_version")
    for seat, got, want in (("player", part.player_digest, run.player.digest),
                            ("banker", part.banker_digest, run.banker.digest)):
        if got != want:
            raise InvalidSimulationError(
                f"worker {where} used another {seat} table (digest {got[:12]}, here {want[:12]}): its "
                f"part is refused (every worker needs the same package and strategy files)",
                code="simulation.worker_strategy")
