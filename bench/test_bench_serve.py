"""Load on ``paigow serve`` (loopback only, bounded in requests and time): 32 concurrent httpx
async clients against a real ``paigow serve`` process, beside a bare FastAPI app (one endpoint
returning a constant) served by uvicorn the same way, in the same run.

Reported per scenario: requests per second, p50 and p99 latency, the rate as a share of the bare
endpoint's, and the engine's share of the server's time: the engine's CPU time per request, which
the server reports in a ``Server-Timing`` header, times the request rate (the server is one
process; for a table action the journal's commit is not the engine's). Targets (docs/serve.md): single advice at >= 50% of the bare
rate, a journaled table action at >= 25%.

Journaled actions run on each store: SQLite (one process, group commit), and PostgreSQL from one
process and from two processes on the same database (the clients split between them), each table's
actions serialised by its row lock; PostgreSQL is a throwaway server the bench starts (skipped,
saying why, without its binaries or psycopg). ``PAIGOW_BENCH_SERVE_SCALE`` (default 1) scales the
requests per client, for a smoke run (0.05 sends one or two each).

    python -m pytest bench/test_bench_serve.py -s --benchmark-json=serve.json
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("fastapi", reason="the serve extra is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_support import OPERATOR, ServeProcess, free_port  # noqa: E402

import paigow  # noqa: E402

CLIENTS = 32
SCALE = float(os.environ.get("PAIGOW_BENCH_SERVE_SCALE", "1"))
PER_CLIENT = {k: max(1, round(v * SCALE)) for k, v in
              {"bare": 60, "advice": 60, "best": 20, "batch": 1, "action": 30}.items()}
TIME_CAP = 120.0  # seconds per scenario
RESULTS: dict[str, dict[str, float]] = {}

BARE_APP = textwrap.dedent("""
    from fastapi import FastAPI
    app = FastAPI()

    @app.get("/const")
    async def const() -> dict[str, bool]:
        return {"ok": True}
""")


def _hands(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(str(t) for t in rng.sample(paigow.DECK, 4)) for _ in range(n)]


HANDS = _hands(2000)


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[str, str]]:
    tmp = Path(tempfile.mkdtemp(prefix="paigow-bench-"))
    (tmp / "bare_app.py").write_text(BARE_APP)
    port = free_port()
    bare = subprocess.Popen([sys.executable, "-m", "uvicorn", "bare_app:app", "--host", "127.0.0.1", "--port",
                             str(port), "--log-level", "warning"], cwd=tmp, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    serve = ServeProcess(tmp / "bench.db")
    bare_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(bare_url + "/const", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    try:
        yield bare_url, serve.url
    finally:
        serve.stop()
        bare.terminate()
        bare.wait(10)


async def _load(make: Callable[[int, int], tuple[str, str, Any, dict[str, str]]],
                per_client: int) -> tuple[float, list[float], float | None]:
    """``CLIENTS`` clients, each sending ``per_client`` requests one after another; returns the
    wall time, every latency and the engine's mean time per request (the server reports it in
    its ``Server-Timing`` header)."""
    latencies: list[float] = []
    engine: list[float] = []

    async def client(k: int) -> None:
        async with httpx.AsyncClient(timeout=120) as c:
            for i in range(per_client):
                method, url, body, headers = make(k, i)
                t0 = time.perf_counter()
                r = await c.request(method, url, json=body, headers=headers)
                latencies.append(time.perf_counter() - t0)
                assert r.status_code == 200, r.text
                timing = r.headers.get("server-timing", "")
                if timing.startswith("engine;dur="):
                    engine.append(float(timing.split(";dur=")[1].split(",")[0]) / 1e3)

    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(client(k) for k in range(CLIENTS))), TIME_CAP)
    return time.perf_counter() - start, latencies, (sum(engine) / len(engine) if engine else None)


def _record(benchmark: Any, name: str, wall: float, lat: list[float], engine_s: float | None) -> dict[str, float]:
    lat = sorted(lat)
    rate = len(lat) / wall
    row = {"requests": len(lat), "req_per_s": rate, "p50_ms": 1e3 * lat[len(lat) // 2],
           "p99_ms": 1e3 * lat[min(len(lat) - 1, int(0.99 * len(lat)))]}
    if engine_s is not None:
        row["engine_ms"] = 1e3 * engine_s
        row["engine_share"] = engine_s * rate  # of the server's time
    bare = RESULTS.get("bare")
    if bare:
        row["vs_bare"] = rate / bare["req_per_s"]
    RESULTS[name] = row
    benchmark.group = "serve: 32 concurrent clients on loopback"
    benchmark.extra_info.update(row)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    return row


def test_bare_endpoint(benchmark: Any, servers: tuple[str, str]) -> None:
    bare, _ = servers
    wall, lat, _ = asyncio.run(_load(lambda k, i: ("GET", bare + "/const", None, {}), PER_CLIENT["bare"]))
    _record(benchmark, "bare", wall, lat, None)


def test_single_advice(benchmark: Any, servers: tuple[str, str]) -> None:
    _, url = servers
    wall, lat, engine = asyncio.run(_load(
        lambda k, i: ("POST", url + "/v1/advice", {"tiles": HANDS[(k * 61 + i) % len(HANDS)]}, {}), PER_CLIENT["advice"]))
    _record(benchmark, "advice", wall, lat, engine)


def test_best_settings_batch_of_1000(benchmark: Any, servers: tuple[str, str]) -> None:
    _, url = servers
    wall, lat, engine = asyncio.run(_load(
        lambda k, i: ("POST", url + "/v1/best-settings", {"hands": HANDS[(k + i) % 1000:][:1000] or HANDS[:1000]}, {}),
        PER_CLIENT["best"]))
    _record(benchmark, "best-settings x1000", wall, lat, engine)


def test_advice_batch_of_1000(benchmark: Any, servers: tuple[str, str]) -> None:
    _, url = servers
    wall, lat, engine = asyncio.run(_load(
        lambda k, i: ("POST", url + "/v1/advice/batch", {"hands": HANDS[k:k + 1000]}, {}), PER_CLIENT["batch"]))
    _record(benchmark, "advice batch x1000", wall, lat, engine)


def _actions(benchmark: Any, name: str, urls: list[str]) -> None:
    """``CLIENTS`` live tables, one per client, each client acting on its own table through the
    server ``urls[k % len(urls)]`` (two processes: every table is acted on through one of them,
    opened through the other)."""
    tables = []
    for k in range(CLIENTS):
        t = httpx.post(urls[(k + 1) % len(urls)] + "/v1/tables", json={}, headers=OPERATOR, timeout=30).json()
        auth = {"Authorization": f"Bearer {t['token']}"}
        httpx.post(f"{urls[k % len(urls)]}/v1/tables/{t['id']}/actions", json={"action": "start_round", "stake": 1000},
                   headers=auth, timeout=30)
        tables.append((t["id"], auth))

    def make(k: int, i: int) -> tuple[str, str, Any, dict[str, str]]:
        tid, auth = tables[k]
        return ("POST", f"{urls[k % len(urls)]}/v1/tables/{tid}/actions",
                {"action": "bet", "position": 1 + i % 7, "amount": 10, "bettor": f"b{i}"}, auth)  # a bet each

    wall, lat, engine = asyncio.run(_load(make, PER_CLIENT["action"]))
    _record(benchmark, name, wall, lat, engine)


def test_journaled_table_action(benchmark: Any, servers: tuple[str, str]) -> None:
    _, url = servers
    _actions(benchmark, "table action (journaled)", [url])


def test_journaled_action_postgres_one_process(benchmark: Any, postgres_url: str) -> None:
    s = ServeProcess(postgres_url)
    try:
        _actions(benchmark, "action, PostgreSQL, 1 process", [s.url])
    finally:
        s.stop()


def test_journaled_action_postgres_two_processes(benchmark: Any, postgres_url: str) -> None:
    a, b = ServeProcess(postgres_url), ServeProcess(postgres_url)
    try:
        _actions(benchmark, "action, PostgreSQL, 2 processes", [a.url, b.url])
    finally:
        a.stop()
        b.stop()


def test_report() -> None:
    """Print the table (and the targets); no timed assertion."""
    if "bare" not in RESULTS:
        pytest.skip("the load scenarios did not run")
    print(f"\npaigow serve under load: {CLIENTS} concurrent httpx async clients, loopback, "
          f"{os.cpu_count()} CPUs")
    print(f"  {'scenario':28} {'requests':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'vs bare':>8} {'engine':>9}")
    for name, r in RESULTS.items():
        share = f"{100 * r['engine_share']:.0f}%" if "engine_share" in r else ""
        vs = f"{100 * r['vs_bare']:.0f}%" if "vs_bare" in r and name != "bare" else ""
        print(f"  {name:28} {r['requests']:>8.0f} {r['req_per_s']:>9.1f} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f}"
              f" {vs:>8} {share:>9}")
    print("  targets: single advice >= 50% of bare; journaled action >= 25% of bare (SQLite)")
