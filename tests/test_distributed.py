"""One run cut into block ranges (simulate_blocks, SimulationResult.merge) and run on a Dask
cluster (paigow.simulate(..., cluster=...)): the same numbers as one simulate() call, whatever
the partition, the cluster or a worker dying mid-run; parts that do not belong together are
refused."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import paigow
from paigow.errors import InvalidSimulationError
from paigow.rules import MACAU
from paigow.simulation import BLOCK, BlockCounts, SimulationResult, simulate, simulate_blocks
from paigow.strategies import HAND_COUNT

ROUNDS = 3 * BLOCK + 100  # four blocks, the last one partial
TOY = MACAU.replace(name="zero-both", zero_rule="both")  # a second rule set: zero rule on both hands
MIXED = np.random.default_rng(14).dirichlet([1.0, 1.0, 1.0], size=HAND_COUNT)


def blocks_of(rounds: int) -> int:
    return -(-rounds // BLOCK)


def partition(total: int, cuts: list[int]) -> list[range]:
    edges = [0, *sorted(set(c for c in cuts if 0 < c < total)), total]
    return [range(a, b) for a, b in zip(edges, edges[1:])]


# --- simulate_blocks and merge, no cluster -----------------------------------------------------


@pytest.mark.parametrize("rounds", [1, BLOCK, BLOCK + 1, ROUNDS, 20 * BLOCK - 7])
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_any_partition_merges_to_simulate(rounds: int, seed: int) -> None:
    whole = simulate(rounds, seed=seed, threads=1)
    total = blocks_of(rounds)
    rng = np.random.default_rng(seed % 1000 + rounds)
    for _ in range(3):
        ranges = partition(total, rng.integers(0, total + 1, size=int(rng.integers(0, 6))).tolist())
        parts = [simulate_blocks(rounds, seed, r) for r in ranges]
        rng.shuffle(parts)  # type: ignore[arg-type]
        merged = SimulationResult.merge(parts)
        assert merged == whole
        assert merged.counts.tolist() == whole.counts.tolist()
        assert merged.round_counts.tolist() == whole.round_counts.tolist()
        assert repr((merged.player_mean, merged.player_se, merged.banker_mean, merged.banker_se)) == repr(
            (whole.player_mean, whole.player_se, whole.banker_mean, whole.banker_se))  # nan for 1 round
        assert sum(p.block_rounds for p in parts) == rounds


def test_merge_with_commission_and_tables() -> None:
    parts = [simulate_blocks(ROUNDS, 11, r, player=MIXED, banker="max-back", threads=2)
             for r in (range(0, 1), range(1, 4))]
    assert parts[0].player == "table" and parts[0].banker == "max-back"
    assert SimulationResult.merge(parts, commission=True) == simulate(
        ROUNDS, seed=11, player=MIXED, banker="max-back", commission=True)


def test_a_part_holds_its_counters_and_identity() -> None:
    p = simulate_blocks(ROUNDS, 5, (3, 4))
    assert (p.rounds, p.seed, p.blocks, p.block_rounds) == (ROUNDS, 5, range(3, 4), 100)
    assert p.counts.dtype == np.int64 and p.counts.shape == (7, 3) and p.round_counts.shape == (8, 8)
    assert p.counts.sum(axis=1).tolist() == [100] * 7 and int(p.round_counts.sum()) == 100
    assert p.version == paigow.__version__
    assert len(p.player_digest) == 64 and p.player_digest != p.banker_digest  # the equilibrium's two seats
    assert simulate_blocks(ROUNDS, 5, (0, 1), "max-back", "max-back").player_digest == \
        simulate_blocks(ROUNDS, 5, (0, 1), paigow.max_back(), "max-back").player_digest
    assert p == simulate_blocks(ROUNDS, 5, range(3, 4), threads=None)
    assert p != simulate_blocks(ROUNDS, 6, range(3, 4))


def _code(excinfo: pytest.ExceptionInfo[InvalidSimulationError]) -> str:
    return excinfo.value.code


def test_merge_refuses_parts_that_do_not_belong_together() -> None:
    a = simulate_blocks(ROUNDS, 1, (0, 2))
    b = simulate_blocks(ROUNDS, 1, (2, 4))
    cases = {
        "simulation.merge_seed": [a, simulate_blocks(ROUNDS, 2, (2, 4))],
        "simulation.merge_rounds": [a, simulate_blocks(ROUNDS + 1, 1, (2, 4))],
        "simulation.merge_strategy": [a, simulate_blocks(ROUNDS, 1, (2, 4), player="max-back")],
        "simulation.merge_version": [a, dataclasses.replace(b, version="0.0.0")],
        "simulation.merge_gap": [simulate_blocks(ROUNDS, 1, (0, 1)), b],
        "simulation.merge_overlap": [a, b, simulate_blocks(ROUNDS, 1, (1, 2))],
        "simulation.merge_empty": [],
    }
    for code, parts in cases.items():
        with pytest.raises(InvalidSimulationError) as e:
            SimulationResult.merge(parts)
        assert _code(e) == code, code
    with pytest.raises(InvalidSimulationError, match="blocks 3 to 3 of the run are missing") as e:
        SimulationResult.merge([a, simulate_blocks(ROUNDS, 1, (2, 3))])  # the end is missing
    assert _code(e) == "simulation.merge_gap"
    with pytest.raises(InvalidSimulationError, match="blocks 0 to 1 of the run are missing"):
        SimulationResult.merge([b])  # the start is missing
    with pytest.raises(InvalidSimulationError) as e:
        SimulationResult.merge([a, dataclasses.replace(b, blocks=range(2, 5))])
    assert _code(e) == "simulation.blocks"
    # a table that differs from the equilibrium in one row is another strategy
    eq = paigow.strategy("player")
    other = np.array(eq)
    other[0] = [1.0, 0.0, 0.0] if other[0, 0] != 1.0 else [0.0, 1.0, 0.0]
    c, d = simulate_blocks(ROUNDS, 1, (0, 2), player=eq), simulate_blocks(ROUNDS, 1, (2, 4), player=other)
    with pytest.raises(InvalidSimulationError) as e:
        SimulationResult.merge([c, d])
    assert _code(e) == "simulation.merge_strategy"
    with pytest.raises(TypeError):
        SimulationResult.merge([a, "b"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        SimulationResult.merge(a)  # type: ignore[arg-type]


def test_parts_carry_their_rule_set_and_merge_refuses_two() -> None:
    # TOY has no shipped equilibrium, hence no default strategy: both seats play max-back
    mb = dict(player="max-back", banker="max-back")
    a = simulate_blocks(ROUNDS, 1, (0, 2), rules=TOY, **mb)
    b = simulate_blocks(ROUNDS, 1, (2, 4), rules=TOY, **mb)
    assert a.rules == TOY and simulate_blocks(ROUNDS, 1, (0, 2), **mb).rules is MACAU
    merged = SimulationResult.merge([b, a])
    assert merged.rules == TOY and merged == simulate(ROUNDS, seed=1, rules=TOY, **mb)
    assert SimulationResult.merge([a, b], commission=True).commission == 0.05
    with pytest.raises(InvalidSimulationError) as e:
        SimulationResult.merge([a, simulate_blocks(ROUNDS, 1, (2, 4), **mb)])
    assert _code(e) == "simulation.merge_rules"
    assert a != simulate_blocks(ROUNDS, 1, (0, 2), **mb)  # other rules, other part (the counts may agree)


def test_simulate_blocks_checks_its_arguments() -> None:
    for blocks in [(0, 0), (2, 1), (0, 5), range(0, 4, 2), range(-1, 2), (4, 5)]:
        with pytest.raises(InvalidSimulationError) as e:
            simulate_blocks(ROUNDS, 1, blocks)  # type: ignore[arg-type]
        assert _code(e) in ("simulation.blocks", "simulation.argument"), blocks
    for blocks in [[0, 1], (0, 1, 2), 3, (0.0, 1)]:
        with pytest.raises(TypeError):
            simulate_blocks(ROUNDS, 1, blocks)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate_blocks(ROUNDS, None, (0, 1))  # type: ignore[arg-type]  # a part needs its run's seed
    with pytest.raises(InvalidSimulationError):
        simulate_blocks(0, 1, (0, 1))
    with pytest.raises(InvalidSimulationError):
        simulate_blocks(ROUNDS, 1, (0, 1), threads=0)


def test_import_paigow_and_simulate_do_not_import_dask() -> None:
    code = ("import sys, paigow; paigow.simulate(10, seed=1); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- on a LocalCluster ---------------------------------------------------------------------------


def _cluster(processes: bool) -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    where = {"host": "127.0.0.1"} if processes else {}  # threads: in-process transport
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=processes, dashboard_address="127.0.0.1:0",
                                  **where) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        yield client


@pytest.fixture(scope="module")
def threads_client() -> Iterator[Any]:
    yield from _cluster(processes=False)


@pytest.fixture(scope="module")
def process_client() -> Iterator[Any]:
    yield from _cluster(processes=True)


@pytest.fixture(params=["threads", "processes"])
def client(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("threads_client" if request.param == "threads" else "process_client")


@pytest.mark.parametrize("rounds, seed, task_blocks", [
    (1, 0, None), (ROUNDS, 7, 1), (ROUNDS, 7, 3), (10 * BLOCK + 1, 2**64 - 1, 4), (300_001, 123, None),
])
def test_cluster_equals_simulate(client: Any, rounds: int, seed: int, task_blocks: int | None) -> None:
    from paigow.simulation.dask import simulate_on

    seen: list[tuple[int, int]] = []
    r = simulate_on(client, rounds, seed, task_blocks=task_blocks, progress=lambda d, t: seen.append((d, t)))
    assert r == simulate(rounds, seed=seed)
    assert r.counts.tolist() == simulate(rounds, seed=seed, threads=1).counts.tolist()
    assert r.threads == 2 and r.seconds > 0
    assert seen[-1] == (rounds, rounds) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_cluster_with_tables_and_commission(client: Any) -> None:
    kw: dict[str, Any] = dict(seed=99, player=MIXED, banker="max-back", commission=True)
    r = paigow.simulate(200_000, cluster=client, **kw)
    assert r == paigow.simulate(200_000, **kw) and r.player == "table"


def test_cluster_with_another_rule_set(client: Any) -> None:
    from paigow.simulation.dask import simulate_on

    kw: dict[str, Any] = dict(seed=5, player="max-back", banker="max-back", rules=TOY)
    r = simulate_on(client, 10 * BLOCK + 3, task_blocks=3, **kw)
    assert r.rules == TOY and r == paigow.simulate(10 * BLOCK + 3, **kw)
    assert paigow.simulate(10 * BLOCK + 3, cluster=client, **kw) == r


def test_cluster_by_address_and_seedless(process_client: Any) -> None:
    address = process_client.scheduler.address
    r = paigow.simulate(50_000, cluster=address)
    assert r == paigow.simulate(50_000, seed=r.seed)


def test_cluster_argument_errors(threads_client: Any) -> None:
    import dask

    with pytest.raises(TypeError):
        paigow.simulate(10, seed=1, cluster=8786)
    with pytest.raises(InvalidSimulationError):  # checked before anything is sent
        paigow.simulate(0, seed=1, cluster=threads_client)
    with pytest.raises(paigow.InvalidStrategyError):
        paigow.simulate(10, seed=1, player="greedy", cluster=threads_client)
    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        with pytest.raises(InvalidSimulationError) as e:
            paigow.simulate(10, seed=1, cluster="tcp://127.0.0.1:9")
    assert _code(e) == "simulation.scheduler"
    for address in ["", "x", "nope://h:1"]:
        with pytest.raises(InvalidSimulationError) as e:
            paigow.simulate(10, seed=1, cluster=address)
        assert _code(e) == "simulation.scheduler"


def _cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    import json

    from paigow.cli import main

    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("seconds", "threads", "rounds_per_second"):
        out.pop(key)
    return dict(out)


def test_cli_scheduler_option_and_environment(process_client: Any, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    address = process_client.scheduler.address
    argv = ["simulate", "300001", "--seed", "7", "--no-progress", "--json", "--player", "max-back"]
    here = _cli_json(argv, capsys)
    assert _cli_json([*argv, "--scheduler", address], capsys) == here
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", address)
    assert _cli_json(argv, capsys) == here
    assert _cli_json([*argv, "--scheduler", ""], capsys) == here  # '' is this machine
    from paigow.cli import main

    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://127.0.0.1:9")
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        assert main(argv) == 2
    assert "[simulation.scheduler]" in capsys.readouterr().err


def _run_on_workers(client: Any, fn: Any) -> None:
    client.run(fn)


def _patch_version() -> None:
    import paigow as p
    p.__version__ = "0.0.0-other"


def _restore_version(version: str) -> Any:
    def restore() -> None:
        import paigow as p
        p.__version__ = version
    return restore


def _patch_equilibrium() -> None:
    """On a worker: play max-back when asked for the player's equilibrium, as a worker with
    another equilibrium file would."""
    from paigow.simulation import dask as distributed

    original = distributed._seat_tables

    def other(strategy: Any, seat: str, digest: Any = None) -> Any:
        if isinstance(strategy, str) and strategy == "equilibrium" and seat == "player":
            strategy = "max-back"
        return original(strategy, seat, digest)

    other.original = original  # type: ignore[attr-defined]
    distributed._seat_tables = other


def _clear_cache() -> None:
    from paigow.simulation import dask as distributed

    distributed._seat_tables = getattr(distributed._seat_tables, "original", distributed._seat_tables)


def _live_tasks(client: Any) -> list[str]:
    def keys(dask_scheduler: Any) -> list[str]:
        return [str(k) for k in dask_scheduler.tasks if str(k).startswith("paigow-blocks")]
    return list(client.run_on_scheduler(keys))


def test_worker_with_another_version_is_refused(process_client: Any) -> None:
    process_client.run(_patch_version)
    try:
        with pytest.raises(InvalidSimulationError, match="runs paigow '0.0.0-other'") as e:
            paigow.simulate(ROUNDS, seed=3, cluster=process_client)
        assert _code(e) == "simulation.worker_version"
    finally:
        process_client.run(_restore_version(paigow.__version__))
    _wait_no_tasks(process_client)
    assert paigow.simulate(ROUNDS, seed=3, cluster=process_client) == simulate(ROUNDS, seed=3)


def test_worker_with_another_strategy_is_refused(process_client: Any) -> None:
    process_client.run(_patch_equilibrium)  # as if the worker shipped another equilibrium file
    try:
        with pytest.raises(InvalidSimulationError, match="another player table") as e:
            paigow.simulate(ROUNDS, seed=3, cluster=process_client)
        assert _code(e) == "simulation.worker_strategy"
        # max-back on both sides is what those workers have: accepted
        kw: dict[str, Any] = dict(seed=3, player="max-back", banker="max-back")
        assert paigow.simulate(ROUNDS, cluster=process_client, **kw) == simulate(ROUNDS, **kw)
    finally:
        process_client.run(_clear_cache)
    _wait_no_tasks(process_client)


def _wait_no_tasks(client: Any) -> None:
    deadline = time.monotonic() + 10
    while _live_tasks(client) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_tasks(client) == []


def test_ctrl_c_cancels_the_futures(threads_client: Any) -> None:
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        paigow.simulate(64 * BLOCK, seed=1, cluster=threads_client, progress=interrupt)
    _wait_no_tasks(threads_client)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_a_worker_killed_mid_run_changes_nothing(process_client: Any) -> None:
    from paigow.simulation.dask import simulate_on

    client = process_client  # its nanny starts a new worker in place of the killed one
    rounds = 24 * 64 * BLOCK - 5  # 24 tasks of 64 blocks (tens of milliseconds each)
    victim = max(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    since = time.time()
    r = simulate_on(client, rounds, 2024, task_blocks=64, progress=kill_once)
    assert killed and killed[0] < rounds  # killed while tasks were still to come
    assert victim not in client.run(os.getpid).values()
    assert r == simulate(rounds, seed=2024)

    def lost(dask_scheduler: Any) -> int:  # tasks the scheduler took back from the dead worker
        return sum(1 for key, start, finish, *_, stamp in dask_scheduler.transition_log
                   if str(key).startswith("paigow-blocks") and float(stamp) >= since
                   and start in ("processing", "memory") and finish in ("released", "waiting"))
    assert client.run_on_scheduler(lost) >= 1


def test_the_docs_examples_run() -> None:
    import doctest
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "docs" / "distributed.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_quiet_worker_settings_are_dasks_own_keys() -> None:
    # a misspelt key would be kept by dask.config.set and silently change nothing
    import dask
    import distributed  # noqa: F401 - loads distributed's configuration defaults

    from paigow.simulation.dask import QUIET_WORKERS

    for key, value in QUIET_WORKERS.items():
        default = dask.config.get(key)  # raises KeyError for a key Dask does not have
        assert type(default) is type(value), key
        with dask.config.set({key: value}):
            assert dask.config.get(key) == value
