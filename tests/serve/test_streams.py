"""Issue 33, item 2: open event streams are limited per client address and per table (``429
stream.limit``, saying which), a stream's place is given back when it ends, a still table costs no
query, and opening a stream reads a bounded number of journal rows however long the table's
history (one feed per table, from its latest snapshot; the streams after the first read none).
On both stores. Every wait is for a condition, bounded by ``WAIT``."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from serve_support import ThreadServer

pytest.importorskip("sse_starlette", reason="the serve extra (sse-starlette) is not installed")


def _display_tests() -> Any:
    """tests/serve/test_display.py's SSE client and helpers (loaded by path: the tests' modules
    are not a package)."""
    import importlib.util
    import pathlib
    import sys

    name = "_paigow_display_tests"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, pathlib.Path(__file__).with_name("test_display.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


_d = _display_tests()
WAIT, Stream, act, ok, open_table = _d.WAIT, _d.Stream, _d.act, _d.ok, _d.open_table


def until(cond: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not cond():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.02)


@pytest.fixture()
def limited(db: str) -> Iterator[ThreadServer]:
    from paigow.serve.streams import StreamLimits

    # the test server's uvicorn believes 127.0.0.1's X-Forwarded-For, and so does the app: each
    # stream below says which client it is
    s = ThreadServer(db, stream_limits=StreamLimits(per_address=3, per_table=5), forwarded_allow_ips="127.0.0.1")
    yield s
    s.stop()


def refused(url: str, tid: str, client: str) -> str:
    s = Stream(url, tid, headers={"X-Forwarded-For": client}, lifetime=30)
    s.close()
    assert s.status == 429, s.status
    body = json.loads(s.body)
    assert body["code"] == "stream.limit", body
    return str(body["message"])


def test_streams_are_limited_per_address_and_per_table(limited: ThreadServer) -> None:
    hub = limited.app.state.service.hub
    with httpx.Client(base_url=limited.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True)
    opened: list[Stream] = []
    try:
        for _ in range(3):
            opened.append(Stream(limited.url, tid, headers={"X-Forwarded-For": "10.0.0.1"}, lifetime=60))
            assert opened[-1].next()["id"] == "0"
        msg = refused(limited.url, tid, "10.0.0.1")
        assert "10.0.0.1" in msg and "--streams-per-address" in msg and "3" in msg
        opened.pop(0).close()  # one ends: its place is given back
        until(lambda: hub.open_streams()["addresses"].get("10.0.0.1") == 2, "the closed stream's place given back")
        opened.append(Stream(limited.url, tid, headers={"X-Forwarded-For": "10.0.0.1"}, lifetime=60))
        assert opened[-1].status == 200 and opened[-1].next()["id"] == "0"
        for client in ("10.0.0.2", "10.0.0.3"):  # other addresses, up to the table's 5
            opened.append(Stream(limited.url, tid, headers={"X-Forwarded-For": client}, lifetime=60))
            assert opened[-1].next()["id"] == "0"
        msg = refused(limited.url, tid, "10.0.0.4")
        assert repr(tid) in msg and "--streams-per-table" in msg and "5" in msg
        with httpx.Client(base_url=limited.url, timeout=WAIT) as c:
            other, _, _ = open_table(c, public=True)  # another table: the address's limit only
        s = Stream(limited.url, other, headers={"X-Forwarded-For": "10.0.0.4"}, lifetime=60)
        opened.append(s)
        assert s.next()["id"] == "0"
        with httpx.Client(base_url=limited.url, timeout=WAIT) as c:  # every stream still follows
            seq = act(c, tid, auth, action="pass_bank")["seq"]
        for st in opened[:-1]:
            assert st.upto(seq)[-1]["id"] == str(seq)
    finally:
        for st in opened:
            st.close()
    until(lambda: hub.open_streams() == {"addresses": {}, "tables": {}}, "every place given back")


def test_a_stream_that_ends_gives_its_place_back(limited: ThreadServer) -> None:
    hub = limited.app.state.service.hub
    with httpx.Client(base_url=limited.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True)
        short = [Stream(limited.url, tid, headers={"X-Forwarded-For": "10.0.1.1"}, lifetime=1) for _ in range(3)]
        try:
            for s in short:
                assert s.next()["id"] == "0" and s.ended.wait(WAIT)  # the lifetime ends it
        finally:
            for s in short:
                s.close()
        until(lambda: "10.0.1.1" not in hub.open_streams()["addresses"], "the ended streams' places given back")
        closing = Stream(limited.url, tid, headers={"X-Forwarded-For": "10.0.1.1"}, lifetime=60)
        try:
            closing.next()
            ok(c.post(f"/v1/tables/{tid}/close", headers={"Authorization": f"Bearer {_operator_key()}"}))
            assert closing.upto(1)[-1]["event"] == "closed" and closing.ended.wait(WAIT)  # the close ends it
        finally:
            closing.close()
    until(lambda: hub.open_streams() == {"addresses": {}, "tables": {}}, "every place given back")


def _operator_key() -> str:
    from serve_support import OPERATOR_KEY

    return OPERATOR_KEY


ROUND = ({"action": "start_round", "others_agree": True}, {"action": "bet", "position": 1, "amount": 100},
         {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"},
         {"action": "deal"}, {"action": "settle", "strategy": "max-back"},
         {"action": "end_round"})


@pytest.fixture()
def history(db: str) -> Iterator[ThreadServer]:
    s = ThreadServer(db, snapshot_every=5)
    yield s
    s.stop()


def test_opening_a_stream_reads_a_bounded_number_of_rows(history: ThreadServer) -> None:
    """A table of 40 rounds (280 actions): the first stream reads the rows after the latest
    snapshot (at most 5 rounds' worth), the next one none; a still table costs no query; one
    action is one row read for every stream of it."""
    reader = history.app.state.service.follow
    counts = {"queries": 0, "journal_rows": 0}
    query = reader.query

    def counting(sql: str, params: Any) -> list[tuple[Any, ...]]:
        rows = query(sql, params)
        counts["queries"] += 1
        if "FROM journal" in sql:
            counts["journal_rows"] += len(rows)
        return rows

    reader.query = counting
    with httpx.Client(base_url=history.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True, mode="simulation", seed=3)
        for n in range(40):
            for a in ROUND:
                last = act(c, tid, auth, **({**a, "stake": 100_000} if n == 0 and a is ROUND[0] else a))["seq"]
        assert counts["journal_rows"] == 0  # nobody follows it yet
        first = Stream(history.url, tid, lifetime=60, heartbeat=1)
        second: Stream | None = None
        try:
            assert first.next()["id"] == str(last)
            assert 0 < counts["journal_rows"] <= 5 * len(ROUND) + 1, counts  # from the latest snapshot, not round 1
            before = dict(counts)
            second = Stream(history.url, tid, lifetime=60, heartbeat=1)
            assert second.next()["id"] == str(last)
            assert counts == before, (counts, before)  # the second stream reads the feed: no query
            ticks = first.comments
            until(lambda: first.comments >= ticks + 2, "two heartbeats")
            assert counts == before, (counts, before)  # a still table: no query
            seq = act(c, tid, auth, **ROUND[0])["seq"]
            assert first.upto(seq)[-1]["data"] == second.upto(seq)[-1]["data"]
            assert counts["journal_rows"] - before["journal_rows"] == 1, counts  # one row, for both streams
        finally:
            first.close()
            if second is not None:
                second.close()


def test_a_resume_further_back_than_the_feed_holds(history: ThreadServer) -> None:
    """The feed starts where its first stream opens; a display resuming from before that catches
    up on its own copy (from a snapshot), then reads the feed: every action once, in order."""
    with httpx.Client(base_url=history.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True, mode="simulation", seed=4)
        for n in range(2):
            for a in ROUND:
                mid = act(c, tid, auth, **({**a, "stake": 100_000} if n == 0 and a is ROUND[0] else a))["seq"]
        first = Stream(history.url, tid, lifetime=60)
        again: Stream | None = None
        try:
            assert first.next()["id"] == str(mid)  # the feed holds the events from here on
            for a in ROUND[:3]:
                last = act(c, tid, auth, **a)["seq"]
            live = {int(e["id"]): e["data"] for e in first.upto(last)}
            again = Stream(history.url, tid, headers={"Last-Event-ID": "5"}, lifetime=60)
            got = again.upto(last)
            assert [int(e["id"]) for e in got] == list(range(6, last + 1))
            assert all(e["data"] == live[int(e["id"])] for e in got if int(e["id"]) in live)
            seq = act(c, tid, auth, **ROUND[3])["seq"]  # and then what the feed sends
            ev = again.next()
            assert ev["id"] == str(seq) and ev["data"] == first.upto(seq)[-1]["data"]
        finally:
            first.close()
            if again is not None:
                again.close()


# -- the dealer's answer before the streams' work (WritesFirst, Hub.settled) -------------------------
def test_a_feed_reads_once_the_writes_answer_has_gone_out() -> None:
    """While a write to a table is being answered, its feed waits (``Hub.settled``); it goes on
    when the answer's last byte is sent, and after ``SETTLE`` seconds at most; the middleware
    counts the POSTs under a table's path only, and ends its count however the answer ends."""
    import asyncio

    from paigow.serve import streams
    from paigow.serve.streams import Hub, WritesFirst

    async def scenario() -> None:
        hub = Hub(None, None)  # type: ignore[arg-type]  # no journal is read here
        seen: list[str] = []
        gate = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            if scope["path"].endswith("/boom"):
                raise RuntimeError("boom")
            await gate.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"{}", "more_body": False})

        async def send(msg: Any) -> None:
            if msg["type"] == "http.response.body":
                seen.append("answered")

        mw = WritesFirst(app, hub)
        write = asyncio.ensure_future(mw({"type": "http", "method": "POST", "path": "/v1/tables/t1/actions"}, None, send))
        await asyncio.sleep(0)
        assert hub._writing == {"t1": 1}
        feed = asyncio.ensure_future(hub.settled("t1"))
        other = asyncio.ensure_future(hub.settled("t2"))  # another table's feed does not wait
        await asyncio.sleep(0.05)
        assert other.done() and not feed.done()
        gate.set()
        await write
        await asyncio.wait_for(feed, 5)
        seen.append("feed reads")
        assert seen == ["answered", "feed reads"] and hub._writing == {}
        # a GET, a page and a read are not counted; a write that fails is uncounted all the same
        gate.clear()
        reads = [asyncio.ensure_future(mw({"type": "http", "method": method, "path": path}, None, send))
                 for method, path in (("GET", "/v1/tables/t1"), ("POST", "/v1/advice"))]
        await asyncio.sleep(0)
        assert hub._writing == {}
        with pytest.raises(RuntimeError):
            await mw({"type": "http", "method": "POST", "path": "/v1/home/tables/t3/boom"}, None, send)
        assert hub._writing == {}
        # a write that never ends: the feed goes on after SETTLE
        hub.write_begins("t4")
        t0 = time.monotonic()
        await hub.settled("t4")
        assert time.monotonic() - t0 >= streams.SETTLE * 0.9
        gate.set()
        await asyncio.wait_for(asyncio.gather(*reads), 5)

    # a thread of its own: the browser tests' Playwright (sync API) keeps an event loop running in
    # this one, where asyncio.run refuses to start
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            failed.append(e)

    import threading

    t = threading.Thread(target=run)
    t.start()
    t.join(60)
    assert not t.is_alive()
    if failed:
        raise failed[0]
