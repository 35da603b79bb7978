"""Simulation on a Dask LocalCluster (one worker process per core, one thread each) against plain
``simulate`` on every core of the same machine, in the same run: the overhead at 10^8 rounds
(target at most 5%), the cost of scheduling one task, and what packing the strategy tables once
per worker saves. About two minutes on two cores:

    python -m pytest bench/test_bench_distributed.py -s --benchmark-json=dist.json

Each case prints its figures and stores them in ``extra_info``.
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

import paigow
from paigow import strategies
from paigow.simulation import runs as simulation
from paigow.simulation import BLOCK, simulate_blocks

distributed = pytest.importorskip("distributed")

CORES = os.cpu_count() or 1
GROUP = "simulated rounds on Dask"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    import dask

    from paigow.simulation.dask import QUIET_WORKERS

    with dask.config.set(QUIET_WORKERS), \
            distributed.LocalCluster(n_workers=CORES, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address="127.0.0.1:0") as cluster, \
            distributed.Client(cluster, set_as_default=False) as c:
        paigow.simulate(64 * BLOCK, seed=0, cluster=c)  # workers import paigow and pack the tables
        yield c


def _timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _cpu(client: Any | None = None) -> float:
    """CPU seconds of this process (its OpenMP threads; with a LocalCluster, the scheduler and
    the client) plus, given a client, of every worker process."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    total = own.ru_utime + own.ru_stime
    if client is not None:
        total += sum(client.run(time.process_time).values())
    return total


PAIRS = 7


def test_overhead_at_1e8_rounds(benchmark: Any, client: Any) -> None:
    """Plain simulate and the cluster run alternate, ``PAIRS`` times (the machine's load drifts:
    on this two-core virtual machine one plain run takes 5.0-6.4 s); the overhead is the median
    of the pairs' ratios, in wall time and in CPU time (all processes of each)."""
    n = 10**8
    plain: list[float] = []
    dask: list[float] = []
    plain_cpu: list[float] = []
    dask_cpu: list[float] = []
    idle: list[float] = []

    def pair() -> None:
        c = _cpu()
        t, a = _timed(lambda: paigow.simulate(n, seed=1))
        plain.append(t)
        plain_cpu.append(_cpu() - c)
        c = _cpu(client)
        with distributed.get_task_stream(client) as ts:
            t, b = _timed(lambda: paigow.simulate(n, seed=1, cluster=client))
        dask.append(t)
        dask_cpu.append(_cpu(client) - c)
        # the workers' time in the kernel, from Dask's task stream: the cluster run's wall time
        # beyond it (per worker) is what Dask cost, measured within the run, so the machine's
        # drift between two runs does not enter
        computing = sum(ss["stop"] - ss["start"] for task in ts.data for ss in task["startstops"]
                        if ss["action"] == "compute")
        idle.append(t / (computing / CORES) - 1)
        assert a == b

    benchmark.group = GROUP
    benchmark.pedantic(pair, rounds=PAIRS, iterations=1, warmup_rounds=0)
    # the median of the pairs' ratios: each pair ran back to back, so the machine's drift cancels
    overhead = statistics.median(d / p for d, p in zip(dask, plain)) - 1
    cpu_overhead = statistics.median(d / p for d, p in zip(dask_cpu, plain_cpu)) - 1
    benchmark.extra_info.update(rounds=n, workers=CORES, plain_seconds=plain, cluster_seconds=dask,
                                plain_cpu_seconds=plain_cpu, cluster_cpu_seconds=dask_cpu,
                                overhead=overhead, cpu_overhead=cpu_overhead, beyond_kernel=idle)
    print(f"\n10^8 rounds, {PAIRS} pairs: plain simulate {statistics.median(plain):.2f} s wall, "
          f"{statistics.median(plain_cpu):.2f} s CPU (runs {_list(plain)} / {_list(plain_cpu)}); "
          f"on the cluster {statistics.median(dask):.2f} s wall, {statistics.median(dask_cpu):.2f} s CPU "
          f"({_list(dask)} / {_list(dask_cpu)}): overhead (median of the pairs' ratios) "
          f"{overhead:+.1%} wall, {cpu_overhead:+.1%} CPU; within the cluster runs, wall time beyond "
          f"the workers' kernel time {statistics.median(idle):+.1%} (runs {', '.join(f'{x:+.1%}' for x in idle)})")


def _list(xs: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in xs)


def test_task_scheduling_cost(benchmark: Any, client: Any) -> None:
    """The same 256 blocks as 256 one-block tasks and as 4 tasks of 64 blocks: the difference per
    extra task is what scheduling one task costs (submit, run, return, merge)."""
    from paigow.simulation.dask import simulate_on

    n = 256 * BLOCK
    fine: list[float] = []
    coarse: list[float] = []

    def pair() -> None:
        t, a = _timed(lambda: simulate_on(client, n, 3, task_blocks=1))
        fine.append(t)
        t, b = _timed(lambda: simulate_on(client, n, 3, task_blocks=64))
        coarse.append(t)
        assert a == b

    benchmark.group = GROUP
    benchmark.pedantic(pair, rounds=3, iterations=1, warmup_rounds=1)
    per_task = (statistics.median(fine) - statistics.median(coarse)) / (256 - 4) * CORES
    benchmark.extra_info.update(tasks_fine=256, tasks_coarse=4, fine_seconds=fine, coarse_seconds=coarse,
                                seconds_per_task=per_task)
    print(f"\nscheduling: 256 tasks {statistics.median(fine):.2f} s, 4 tasks {statistics.median(coarse):.2f} s: "
          f"{per_task * 1e3:.2f} ms of worker time per task ({CORES} workers)")


def test_packing_once_per_worker(benchmark: Any) -> None:
    """A task of the default size (the most blocks a task takes is TASK_BLOCKS; 10^8 rounds on two
    workers gives 3,052 blocks a task) with the tables from the worker's cache, and with them
    packed again (what a task would pay without the cache)."""
    from paigow.simulation.dask import task_ranges

    r = task_ranges(10**8, CORES)[0]
    warm: list[float] = []
    cold: list[float] = []

    def pair() -> None:
        t, a = _timed(lambda: simulate_blocks(10**8, 5, r))
        warm.append(t)
        strategies._clear_named()  # the named Strategy objects, which keep their packed forms
        t, b = _timed(lambda: simulate_blocks(10**8, 5, r))
        cold.append(t)
        assert a == b

    benchmark.group = GROUP
    benchmark.pedantic(pair, rounds=3, iterations=1, warmup_rounds=1)
    pack = statistics.median(cold) - statistics.median(warm)
    start = time.perf_counter()
    for _ in range(5):
        strategies._clear_named()  # the named Strategy objects, which keep their packed forms
        simulation._seat_tables("equilibrium", "player")
        simulation._seat_tables("equilibrium", "banker")
    tables = (time.perf_counter() - start) / 5
    benchmark.extra_info.update(task_blocks=len(r), warm_seconds=warm, cold_seconds=cold,
                                pack_seconds=tables)
    print(f"\na task of {len(r)} blocks: {statistics.median(warm):.3f} s with cached tables, "
          f"{statistics.median(cold):.3f} s packing them again (+{pack / statistics.median(warm):.1%}); "
          f"packing both seats alone {tables * 1e3:.1f} ms")
