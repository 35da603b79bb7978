"""What open event streams cost the dealer (issue 33, item 2): the latency of the dealer's actions
(p50, p99) on a table with 250 rounds of history, with no stream open and with 200 anonymous
streams of ``GET /v1/tables/{id}/events`` open on it, on each store (SQLite; PostgreSQL, skipped
saying why without its binaries or psycopg), in one run. No timed assertion: the figures are
printed and kept in the benchmark's ``extra_info``.

The server is a real ``paigow serve`` process (``--rate 0``, and the stream limits raised to 256
per address and per table: the bench measures what streams cost, not their refusal). The 200
streams are httpx async streams in a process of their own (so the bench's client does not share
their interpreter); each waits for its first event before the dealer's actions are timed, and
every action is checked to have reached all 200 after the timing. Also reported: the seconds the
200 streams took to open, and to deliver the last action to all of them.

    python -m pytest bench/test_bench_streams.py -s --benchmark-json=streams.json
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("fastapi", reason="the serve extra is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_support import OPERATOR, ServeProcess  # noqa: E402

HISTORY = int(os.environ.get("PAIGOW_BENCH_STREAMS_ROUNDS", "250"))
STREAMS = 200
MEASURED_ROUNDS = 12  # 84 timed actions per scenario
ROUND = ({"action": "start_round", "others_agree": True}, {"action": "bet", "position": 1, "amount": 100},
         {"action": "shuffle"}, {"action": "shake"}, {"action": "deal"}, {"action": "settle", "strategy": "max-back"},
         {"action": "end_round"})
RESULTS: dict[str, dict[str, float]] = {}

READERS = textwrap.dedent("""
    import asyncio, sys, time
    import httpx

    url, n = sys.argv[1], int(sys.argv[2])
    seen = [-1] * n

    async def one(c, k):
        async with c.stream("GET", url, params={"lifetime": 300, "heartbeat": 15}) as r:
            assert r.status_code == 200, r.status_code
            async for line in r.aiter_lines():
                if line.startswith("id:"):
                    seen[k] = int(line[3:].strip())

    async def main():
        limits = httpx.Limits(max_connections=n + 10, max_keepalive_connections=0)
        async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(600)) as c:
            t0 = time.perf_counter()
            tasks = [asyncio.create_task(one(c, k)) for k in range(n)]
            while min(seen) < 0:
                if any(t.done() for t in tasks):
                    [t.result() for t in tasks if t.done()]
                await asyncio.sleep(0.01)
            print(f"open {time.perf_counter() - t0:.3f}", flush=True)
            loop = asyncio.get_running_loop()
            while True:
                line = await loop.run_in_executor(None, sys.stdin.readline)
                if not line:
                    break
                target, t0 = int(line), time.perf_counter()
                while min(seen) < target and time.perf_counter() - t0 < 120:
                    await asyncio.sleep(0.01)
                print(f"delivered {sum(s >= target for s in seen)} {time.perf_counter() - t0:.3f}", flush=True)
            for t in tasks:
                t.cancel()

    asyncio.run(main())
""")


def _act(c: Any, tid: str, auth: dict[str, str], action: dict[str, Any]) -> int:
    r = c.post(f"/v1/tables/{tid}/actions", json=action, headers=auth)
    assert r.status_code == 200, r.text
    return int(r.json()["seq"])


def _table(url: str) -> tuple[str, dict[str, str]]:
    """A live table with :data:`HISTORY` rounds played."""
    with httpx.Client(base_url=url, timeout=60) as c:
        r = c.post("/v1/tables", json={"public": True, "mode": "simulation", "seed": 5}, headers=OPERATOR)
        assert r.status_code == 201, r.text
        tid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        for n in range(HISTORY):
            for a in ROUND:
                _act(c, tid, auth, {**a, "stake": 1_000_000} if n == 0 and a is ROUND[0] else a)
    return tid, auth


def _dealer(url: str, tid: str, auth: dict[str, str]) -> tuple[list[float], int]:
    """The dealer's actions, one after another: each one's latency, and the last seq."""
    lat: list[float] = []
    with httpx.Client(base_url=url, timeout=120) as c:
        for _ in range(MEASURED_ROUNDS):
            for a in ROUND:
                t0 = time.perf_counter()
                seq = _act(c, tid, auth, a)
                lat.append(time.perf_counter() - t0)
    return lat, seq


def _row(lat: list[float]) -> dict[str, float]:
    lat = sorted(lat)
    return {"actions": len(lat), "p50_ms": 1e3 * statistics.median(lat),
            "p99_ms": 1e3 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], "max_ms": 1e3 * lat[-1]}


def _scenario(benchmark: Any, store: str, db: str) -> None:
    serve = ServeProcess(db, args=("--rate", "0", "--streams-per-address", "256", "--streams-per-table", "256"))
    readers = None
    try:
        tid, auth = _table(serve.url)
        quiet = _row(_dealer(serve.url, tid, auth)[0])
        readers = subprocess.Popen(["nice", "-n", "19", sys.executable, "-c", READERS, f"{serve.url}/v1/tables/{tid}/events", str(STREAMS)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert readers.stdout is not None and readers.stdin is not None
        opened = readers.stdout.readline().split()
        assert opened and opened[0] == "open", f"the {STREAMS} streams did not open: {opened}"
        lat, last = _dealer(serve.url, tid, auth)
        readers.stdin.write(f"{last}\n")
        readers.stdin.flush()
        delivered = readers.stdout.readline().split()
        busy = _row(lat)
        busy.update(streams=STREAMS, open_s=float(opened[1]), delivered=int(delivered[1]),
                    deliver_last_s=float(delivered[2]))
    finally:
        if readers is not None:
            if readers.stdin:
                readers.stdin.close()
            try:
                readers.wait(30)
            except subprocess.TimeoutExpired:
                readers.kill()
                readers.wait(10)
            if readers.stdout:
                readers.stdout.close()
        serve.stop()
    RESULTS[f"{store}, 0 streams"] = quiet
    RESULTS[f"{store}, {STREAMS} streams"] = busy
    print(f"\n{store}: the dealer's action on a table of {HISTORY} rounds")
    print(f"  0 streams:   p50 {quiet['p50_ms']:7.2f} ms  p99 {quiet['p99_ms']:7.2f} ms  ({quiet['actions']} actions)")
    print(f"  {STREAMS} streams: p50 {busy['p50_ms']:7.2f} ms  p99 {busy['p99_ms']:7.2f} ms  (opened in "
          f"{busy['open_s']:.2f} s; the last action reached {busy['delivered']}/{STREAMS} in {busy['deliver_last_s']:.3f} s)")
    benchmark.group = "streams: the dealer's latency with 0 and 200 open event streams"
    benchmark.extra_info.update({"store": store, "history_rounds": HISTORY, "quiet": quiet, "streams": busy})
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    assert busy["delivered"] == STREAMS  # every stream got every action (not a timing)


def test_streams_sqlite(benchmark: Any) -> None:
    with tempfile.TemporaryDirectory(prefix="paigow-bench-streams-") as d:
        _scenario(benchmark, "sqlite", str(Path(d) / "streams.db"))


def test_streams_postgres(benchmark: Any, postgres_url: str) -> None:
    _scenario(benchmark, "postgresql", postgres_url)


def test_restore_at_history(benchmark: Any) -> None:
    """What opening a stream (or restarting) costs to restore a table of ``HISTORY`` rounds from its
    snapshot (no store): the state snapshot (version 2) timed, the earlier format (the session's
    record, replayed from round 1) printed beside it."""
    import json

    from paigow.serve.tables import Table
    from paigow.table.records import session_record

    config = {"banker": 0}
    t = Table(config, 5)
    for _ in range(HISTORY):  # the stake carried, topped up
        t.apply({**ROUND[0], "stake": (t.session.carried or 0) + 1000})
        for a in ROUND[1:]:
            t.apply(a)
    version, state, gauss = t.rng.getstate()
    old = json.dumps({"seq": t.seq, "session": session_record(t.session),
                      "rng": {"version": version, "state": list(state), "gauss": gauss}})
    new = json.dumps(t.snapshot())
    start = time.perf_counter()
    assert Table.restore(config, 5, json.loads(old)).view() == t.view()
    old_s = time.perf_counter() - start
    restored = benchmark(lambda: Table.restore(config, 5, json.loads(new)))
    assert restored.view() == t.view()
    print(f"\nrestore at {HISTORY} rounds: state snapshot {len(new)} bytes; the session's record {len(old)} bytes,"
          f" replayed in {old_s * 1e3:.0f} ms")
    benchmark.group = f"streams: restoring a table of {HISTORY} rounds from its snapshot"
    benchmark.extra_info.update({"history_rounds": HISTORY, "snapshot_bytes": len(new), "record_bytes": len(old),
                                 "record_replay_ms": old_s * 1e3})
