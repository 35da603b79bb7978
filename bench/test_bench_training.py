"""Benchmark: an exercise drawn and checked (the issue's mark: 1 ms or less each).

Run from the repository root::

    PYTHONPATH=. python -m pytest bench/test_bench_training.py

One group per drill: 200 exercises drawn from their seeds and their expected answers checked
(``path="engine"``: :mod:`paigow.training`, the exercise and check values, the explanation in
the trainee's language), beside a plain-Python path doing the bare work of the same exercises
with the same engine calls and no exercise, check or explanation (``path="python"``): the ratio
is what the drill's values cost over the work itself. ``exercises_per_second`` is in ``extra_info``
(1 ms an exercise is 1,000 a second).

The service: ``CLIENTS`` concurrent httpx async clients against a real ``paigow serve`` process on
SQLite, each a trainee answering a house-way exercise (``POST /v1/training/answers``: drawn again,
checked, journaled in the journal's database), beside, in the same run and on the same process,
a journaled table action (a bet, ``POST /v1/tables/{id}/actions``, as bench/test_bench_serve.py
loads it): the rate of each, its p50 and p99 latency, and the answers' rate as a share of the
table action's. ``PAIGOW_BENCH_SERVE_SCALE`` (default 1) scales the requests per client.
No timing is asserted.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import paigow
from paigow.houseway import house_way
from paigow.table import settlement
from paigow.training import drill

N = 200


def _drills(key: str) -> Any:
    d = drill(key)
    d.draw(0)  # tables built once, outside the timing

    def run() -> int:
        right = 0
        for seed in range(N):
            ex = d.draw(seed, "zh-Hant")
            right += d.check(ex, ex.expected).correct
        assert right == N
        return right

    return run


def _bare_houseway() -> int:
    way = house_way("foxwoods")
    for seed in range(N):
        rng = random.Random(seed)
        t = [paigow.DECK[i] for i in rng.sample(range(32), 4)]
        want = way.set(t).setting
        assert any(s == want for s in paigow.settings(t))
    return N


def _bare_compare() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        t = rng.sample(paigow.DECK, 8)
        paigow.compare(paigow.Setting(t[0:2], t[2:4]), paigow.Setting(t[4:6], t[6:8]), "macau")
    return N


def _bare_payout() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        banker = rng.randrange(8)
        order = list(settlement.betting_order(banker))
        plays = [settlement.Play(p, rng.choice((paigow.Outcome.WIN, paigow.Outcome.LOSE)),
                                 (settlement.Bet(p, "ann", rng.randrange(5, 400)),))
                 for p in rng.sample(order, 3)]
        ledger = settlement.settle(banker, [settlement.Share(f"P{banker}", 1000)], plays, settlement.Options())
        assert sum(ledger.changes.values()) + ledger.commission == 0
    return N


def _bare_best() -> int:
    for seed in range(N):
        rng = random.Random(seed)
        paigow.advise([paigow.DECK[i] for i in rng.sample(range(32), 4)], seat="player")
    return N


CASES = {"houseway:foxwoods": _bare_houseway, "compare:macau": _bare_compare, "payout:macau": _bare_payout,
         "best:player:macau": _bare_best}


@pytest.mark.parametrize("key", sorted(CASES))
def test_drawn_and_checked(measure: Any, key: str) -> None:
    result = measure(_drills(key), items=N, unit="exercises", path="engine", group=f"{key}: {N} exercises",
                     drill=key)
    assert result == N


@pytest.mark.parametrize("key", sorted(CASES))
def test_bare_work(measure: Any, key: str) -> None:
    CASES[key]()  # warm
    assert measure(CASES[key], items=N, unit="exercises", path="python", group=f"{key}: {N} exercises") == N


# -- the service: a training answer beside a journaled table action -----------------------------------------
CLIENTS = 32
PER_CLIENT = max(1, round(30 * float(os.environ.get("PAIGOW_BENCH_SERVE_SCALE", "1"))))
SERVICE: dict[str, dict[str, float]] = {}
Request = tuple[str, str, Any, dict[str, str]]


@pytest.fixture(scope="module")
def service() -> Iterator[str]:
    pytest.importorskip("fastapi", reason="the serve extra is not installed")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from serve_support import ServeProcess

    s = ServeProcess(Path(tempfile.mkdtemp(prefix="paigow-bench-training-")) / "bench.db")
    try:
        yield s.url
    finally:
        s.stop()


async def _load(make: Callable[[int, int], Request]) -> tuple[float, list[float]]:
    """``CLIENTS`` clients, each sending ``PER_CLIENT`` requests one after another: the wall time
    and every latency."""
    import httpx

    latencies: list[float] = []

    async def client(k: int) -> None:
        async with httpx.AsyncClient(timeout=120) as c:
            for i in range(PER_CLIENT):
                method, url, body, headers = make(k, i)
                t0 = time.perf_counter()
                r = await c.request(method, url, json=body, headers=headers)
                latencies.append(time.perf_counter() - t0)
                assert r.status_code == 200, r.text

    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(client(k) for k in range(CLIENTS))), 120)
    return time.perf_counter() - start, latencies


def _row(benchmark: Any, name: str, wall: float, lat: list[float]) -> None:
    lat = sorted(lat)
    row = {"requests": len(lat), "req_per_s": len(lat) / wall, "p50_ms": 1e3 * lat[len(lat) // 2],
           "p99_ms": 1e3 * lat[min(len(lat) - 1, int(0.99 * len(lat)))]}
    if name != "table action (journaled)" and "table action (journaled)" in SERVICE:
        row["vs_table_action"] = row["req_per_s"] / SERVICE["table action (journaled)"]["req_per_s"]
    SERVICE[name] = row
    benchmark.group = f"serve: {CLIENTS} concurrent clients on loopback, SQLite"
    benchmark.extra_info.update(row)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)


def test_service_table_action(benchmark: Any, service: str) -> None:
    import httpx
    from serve_support import OPERATOR

    tables = []
    for _ in range(CLIENTS):
        t = httpx.post(service + "/v1/tables", json={}, headers=OPERATOR, timeout=30).json()
        auth = {"Authorization": f"Bearer {t['token']}"}
        httpx.post(f"{service}/v1/tables/{t['id']}/actions", json={"action": "start_round", "stake": 1000},
                   headers=auth, timeout=30).raise_for_status()
        tables.append((t["id"], auth))

    def make(k: int, i: int) -> Request:
        tid, auth = tables[k]
        return ("POST", f"{service}/v1/tables/{tid}/actions",
                {"action": "bet", "position": 1 + i % 7, "amount": 10, "bettor": f"b{i}"}, auth)

    _row(benchmark, "table action (journaled)", *asyncio.run(_load(make)))


def test_service_training_answer(benchmark: Any, service: str) -> None:
    import httpx
    from serve_support import OPERATOR

    httpx.post(service + "/v1/training/groups", json={"name": "bench"}, headers=OPERATOR, timeout=30).raise_for_status()
    tokens = [httpx.post(service + "/v1/training/trainees", json={"name": f"t{k}", "group": "bench"}, headers=OPERATOR,
                         timeout=30).json()["token"] for k in range(CLIENTS)]
    d = drill("houseway:foxwoods")
    right = {(k, i): d.draw(k * PER_CLIENT + i, "zh-Hant").expected for k in range(CLIENTS) for i in range(PER_CLIENT)}

    def make(k: int, i: int) -> Request:
        body = {"drill": d.key, "seed": k * PER_CLIENT + i, "lang": "zh-Hant", "answer": right[k, i], "ms": 1500}
        return ("POST", service + "/v1/training/answers", body, {"Authorization": f"Bearer {tokens[k]}"})

    _row(benchmark, "training answer (journaled)", *asyncio.run(_load(make)))


def test_service_report() -> None:
    """Print the two rows side by side; no timed assertion."""
    if len(SERVICE) < 2:
        pytest.skip("the service scenarios did not run")
    print(f"\npaigow serve, SQLite: {CLIENTS} concurrent httpx async clients, loopback, {os.cpu_count()} CPUs")
    print(f"  {'scenario':28} {'requests':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'vs action':>9}")
    for name, r in SERVICE.items():
        vs = f"{100 * r['vs_table_action']:.0f}%" if "vs_table_action" in r else ""
        print(f"  {name:28} {r['requests']:>8.0f} {r['req_per_s']:>9.1f} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} {vs:>9}")
