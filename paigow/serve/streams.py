"""Open event streams (issue 33): how many, and what one costs.

**Limits.** :class:`Hub` counts the open streams (``GET /v1/tables/{id}/events``) per client
address (:meth:`paigow.serve.auth.Proxies.client`: the peer, or the client a named proxy names)
and per table, and refuses the one over either limit with ``429 stream.limit`` saying which
(:class:`StreamLimits`: 8 per address, 64 per table by default; ``paigow serve
--streams-per-address``, ``--streams-per-table``). A stream's place is given back when it ends,
however it ends (its lifetime, the table's close, the client going away).

**Cost.** Every stream of a table reads one :class:`Feed`: the table's own copy
(:class:`paigow.serve.display.Follower`), built once, when the first stream opens, from the latest
snapshot and the rows after it (never from the table's first round), and brought forward once per
journaled action for all of them, its recent events kept (:data:`BUFFER`) for the streams that
resume, and kept :data:`LINGER` seconds after its last stream ends (for the browsers that
reconnect). A snapshot still holds the session's record, which the engine replays from its
first round to restore the table (0.2-0.6 s for 250 rounds): the feed pays it once per table, not
once per stream. The feed waits on :meth:`paigow.serve.journal.Journal.wait_for_change` (PostgreSQL:
LISTEN/NOTIFY, so an action another process takes wakes it; SQLite: the writer's signal): a still
table costs one primary-key lookup every :data:`WAIT` seconds and no thread of the request pool,
and a stream costs a coroutine waiting for its feed. The feed's blocking work runs on threads of its own (:data:`WAIT_THREADS`,
:data:`READ_THREADS`), never on the pool the dealer's requests run on, and never takes the
dealer's lock: it reads the journal on the display's own connection. A stream that resumes
further back than the feed remembers catches up on its own copy (at most
:data:`paigow.serve.display.MAX_BEHIND` actions, from a snapshot).

This module does not import FastAPI: the route is :mod:`paigow.serve.routers.display`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from paigow.serve.display import RETRY_MS, Event, Follower, JournalReader, start_at
from paigow.serve.errors import StreamLimitError
from paigow.serve.journal import Journal, ReplayError

__all__ = ["StreamLimits", "Hub", "Ticket", "Feed", "WritesFirst", "SETTLE", "stream", "seat_stream", "PER_ADDRESS", "PER_TABLE", "BUFFER",
           "WAIT", "LINGER", "WAIT_THREADS", "READ_THREADS"]

PER_ADDRESS = 8
"""Open streams one client address may have at once (``--streams-per-address``)."""
PER_TABLE = 64
"""Open streams on one table at once (``--streams-per-table``)."""
BUFFER = 128
"""Recent events a feed keeps for the streams that resume (``Last-Event-ID``)."""
WAIT = 30.0
"""Seconds a feed waits for its table's change before it looks whether anyone still follows (a
still table: one primary-key lookup, the journal's, every ``WAIT`` seconds)."""
LINGER = 30.0
"""Seconds a feed outlives its last stream (the browsers reconnect when their streams' lifetimes
end: the feed is not built again for them)."""
WAIT_THREADS = 256
"""Tables followed at once without delay (a thread each, waiting on the journal's signal)."""
READ_THREADS = 4
"""Threads the feeds read the journal and replay on."""
SETTLE = 0.25
"""Seconds at most a feed waits, once its table has moved, for the writes to that table still
being answered (:class:`WritesFirst`): the dealer's answer goes out before the streams' events."""


@dataclass(frozen=True)
class StreamLimits:
    """Open streams allowed per client address and per table (0: no limit)."""

    per_address: int = PER_ADDRESS
    per_table: int = PER_TABLE


class Ticket:
    """One admitted stream's place; :meth:`release` gives it back (once, however often called)."""

    def __init__(self, hub: Hub, client: str, tid: str) -> None:
        self.hub, self.client, self.tid = hub, client, tid
        self.feed: Feed | None = None  # the feed the stream reads, once it does
        self.seat: int | None = None  # a seat's stream: its position (the feed renders its view)
        self._released = False

    def release(self) -> None:
        if self.feed is not None:
            self.feed.subscribers -= 1
            if self.seat is not None:
                self.feed.seats[self.seat] -= 1
            self.feed = None
        with self.hub._lock:
            if self._released:
                return
            self._released = True
            for counter, key in ((self.hub._by_address, self.client), (self.hub._by_table, self.tid)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    async def aclose(self) -> None:
        """:meth:`release` on the event loop (the response's background task: it runs however the
        response ends, also when the stream's generator never ran)."""
        self.release()


class Hub:
    """The open streams of one app: their counts (:meth:`admit`) and each followed table's
    :class:`Feed` (:meth:`feed`)."""

    def __init__(self, reader: JournalReader, journal: Journal, limits: StreamLimits | None = None) -> None:
        self.reader = reader
        self.journal = journal
        self.limits = limits if limits is not None else StreamLimits()
        self._lock = threading.Lock()
        self._by_address: Counter[str] = Counter()
        self._by_table: Counter[str] = Counter()
        self._feeds: dict[str, Feed] = {}
        self._limiters: dict[str, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writing: Counter[str] = Counter()  # the writes to each table being answered (WritesFirst)
        self._settled: dict[str, asyncio.Event] = {}

    def admit(self, client: str, tid: str) -> Ticket:
        """A place for a stream of ``client`` on table ``tid``, or :class:`StreamLimitError` (429)."""
        lim = self.limits
        with self._lock:
            if lim.per_address and self._by_address[client] >= lim.per_address:
                raise StreamLimitError(f"{client} has {lim.per_address} event streams open, the most one address may"
                                       " have (--streams-per-address): close one first")
            if lim.per_table and self._by_table[tid] >= lim.per_table:
                raise StreamLimitError(f"table {tid!r} has {lim.per_table} event streams open, the most one table may"
                                       " have (--streams-per-table): try again later")
            self._by_address[client] += 1
            self._by_table[tid] += 1
        return Ticket(self, client, tid)

    def open_streams(self) -> dict[str, dict[str, int]]:
        """The open streams by address and by table (for tests and the operator)."""
        with self._lock:
            return {"addresses": dict(self._by_address), "tables": dict(self._by_table)}

    def kick(self, tid: str) -> None:
        """Wake the streams of table ``tid`` without an action (a seat revoked: its streams look
        at their token again and end); callable from any thread."""
        f, loop = self._feeds.get(tid), self._loop
        if f is not None and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(f._publish, [])

    def join(self, ticket: Ticket) -> Feed:
        """The ticket's table's feed, started when it has none (called on the event loop)."""
        self._loop = asyncio.get_running_loop()
        f = self._feeds.get(ticket.tid)
        if f is None or f.finished:
            f = self._feeds[ticket.tid] = Feed(self, ticket.tid)
        f.subscribers += 1
        if ticket.seat is not None:
            f.seats[ticket.seat] += 1
        ticket.feed = f
        return f

    def limiter(self, kind: str) -> Any:
        """The feeds' own thread limiters (``wait``, ``read``), made on the event loop when first used."""
        import anyio

        lim = self._limiters.get(kind)
        if lim is None:
            lim = self._limiters[kind] = anyio.CapacityLimiter(WAIT_THREADS if kind == "wait" else READ_THREADS)
        return lim

    # -- the dealer's answer first (called on the event loop) ---------------------------------------
    def write_begins(self, tid: str) -> None:
        self._writing[tid] += 1
        ev = self._settled.get(tid)
        if ev is not None:
            ev.clear()

    def write_ends(self, tid: str) -> None:
        self._writing[tid] -= 1
        if self._writing[tid] <= 0:
            del self._writing[tid]
            ev = self._settled.get(tid)
            if ev is not None:
                ev.set()

    async def settled(self, tid: str) -> None:
        """Return once no write to table ``tid`` is being answered, or after :data:`SETTLE`
        seconds: a feed reads the table's new actions after the writer's answer has gone out,
        so the streams' work does not lengthen the dealer's wait."""
        if not self._writing.get(tid):
            return
        ev = self._settled.get(tid)
        if ev is None:
            ev = self._settled[tid] = asyncio.Event()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(ev.wait(), SETTLE)

    async def run(self, kind: str, fn: Callable[..., Any], *args: Any) -> Any:
        import anyio

        return await anyio.to_thread.run_sync(fn, *args, limiter=self.limiter(kind), abandon_on_cancel=True)


class Feed:
    """Table ``tid`` followed once for every stream of it: ``state`` the event of the state the
    feed started from or last reached, ``events`` the recent ones (each action's, and the close's),
    ``end`` what ends every stream (the ``quarantined`` event; None with ``finished``: the journal
    is unavailable, the streams end and the browsers reconnect)."""

    def __init__(self, hub: Hub, tid: str) -> None:
        self.hub, self.tid = hub, tid
        self.subscribers = 0
        self.seats: Counter[int] = Counter()  # the seats' streams by position: their views are rendered too
        self.state: Event | None = None
        self.events: deque[Event] = deque(maxlen=BUFFER)
        self._ids: deque[int] = deque(maxlen=BUFFER)  # the events' ids, as numbers
        self.end: Event | None = None
        self.finished = False
        self.ready = asyncio.Event()
        self._waiters: list[asyncio.Future[None]] = []
        self._task = asyncio.ensure_future(self._run())

    @property
    def seq(self) -> int:
        """The ``id`` of the feed's newest event."""
        return self._ids[-1] if self._ids else -1

    def since(self, last: int) -> list[Event] | None:
        """The events after ``last``, or None when the feed no longer holds them all (looked for
        from the newest: a stream that follows is one event behind)."""
        ids = self._ids
        if not ids or last >= ids[-1]:
            return []
        if ids[0] > last + 1:
            return None
        out = []
        for i in range(len(ids) - 1, -1, -1):
            if ids[i] <= last:
                break
            out.append(self.events[i])
        out.reverse()
        return out

    def tick(self) -> asyncio.Future[None]:
        """A future done at the feed's next change, the caller's own (a stream that goes away
        cancels its own only): one future a wait, where ``asyncio.wait_for`` made a task."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        return fut

    def _publish(self, events: list[Event]) -> None:
        for ev in events:
            self.events.append(ev)
            self._ids.append(int(ev["id"]))
            if ev.get("event") == "state":
                self.state = ev
        waiters, self._waiters = self._waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    async def _run(self) -> None:
        hub = self.hub
        try:
            f: Follower = await hub.run("read", Follower, hub.reader, self.tid)
            head, closed = await hub.run("read", hub.reader.head, self.tid)
            await hub.run("read", f.goto, head - (1 if closed is not None else 0))
            self._publish([f.event()])
            self.ready.set()
            idle_since: float | None = None
            while f.closed is None:
                moved = closed is not None or (
                    await hub.run("wait", hub.journal.wait_for_change, self.tid, f.seq, WAIT)) != f.seq
                if self.subscribers > 0:
                    idle_since = None
                elif idle_since is None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since >= LINGER:  # nobody follows: the feed ends (no await from here on)
                    break
                if moved:
                    await hub.settled(self.tid)  # the writer's answer first
                    f.seats = frozenset(p for p, n in self.seats.items() if n > 0)
                    self._publish(await hub.run("read", f.forward))
                else:  # a still table: its streams look at what they watch (a seat, its token) every WAIT seconds
                    self._publish([])
                closed = None
        except ReplayError as e:
            self.end = quarantined(e)
        except Exception:  # the journal is unavailable for now: the streams end, the browsers reconnect
            pass
        finally:
            self.finished = True
            if hub._feeds.get(self.tid) is self:
                del hub._feeds[self.tid]
            self.ready.set()
            self._publish([])


_TABLE_WRITE = re.compile(r"^/v1/(?:home/|pcc/)?tables/([^/]+)/")


class WritesFirst:
    """ASGI middleware: a write to a table (a ``POST`` under ``/v1/.../tables/{id}/``) is counted
    from its request until its answer's last byte is handed to the server, so the table's feed
    (:meth:`Hub.settled`) reads the new actions for its streams once the writer has its answer:
    at a live table the dealer's screen comes before the displays' and the seats'."""

    def __init__(self, app: Any, hub: Hub) -> None:
        self.app, self.hub = app, hub

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        m = _TABLE_WRITE.match(str(scope.get("path", ""))) if scope["type"] == "http" and scope.get(
            "method") == "POST" else None
        if m is None:
            await self.app(scope, receive, send)
            return
        tid, hub, ended = m.group(1), self.hub, False

        def end() -> None:
            nonlocal ended
            if not ended:
                ended = True
                hub.write_ends(tid)

        async def sending(msg: Any) -> None:
            await send(msg)
            if msg["type"] == "http.response.body" and not msg.get("more_body", False):
                end()

        hub.write_begins(tid)
        try:
            await self.app(scope, receive, sending)
        finally:
            end()


def quarantined(e: ReplayError) -> Event:
    return {"event": "quarantined", "data": json.dumps({"code": "table.quarantined", "message": str(e)})}


class Alarm:
    """One timer for a stream's whole life, where a timed wait made one a wait: :meth:`wait` waits
    for a feed's tick (:meth:`Feed.tick`) and answers False once ``deadline`` (``time.monotonic``)
    has come (the wait then ends at it)."""

    def __init__(self, deadline: float) -> None:
        self.rang = False
        self._fut: asyncio.Future[None] | None = None
        self._handle = asyncio.get_running_loop().call_later(max(0.0, deadline - time.monotonic()), self._ring)

    def _ring(self) -> None:
        self.rang = True
        if self._fut is not None and not self._fut.done():
            self._fut.set_result(None)

    async def wait(self, tick: asyncio.Future[None]) -> bool:
        if not self.rang:
            self._fut = tick
            await tick
        return not self.rang

    def cancel(self) -> None:
        self._handle.cancel()


_SENT = ("id", "event", "data", "retry")  # an event's fields that are sent (the rest are the feed's own)


def frame(ev: Event) -> bytes:
    """The event as the stream sends it, encoded once for every stream that sends it."""
    from sse_starlette import ServerSentEvent

    got = ev.get("_frame")
    if got is None:
        got = ev["_frame"] = ServerSentEvent(**{k: v for k, v in ev.items() if k in _SENT}).encode()
    return bytes(got)


async def stream(hub: Hub, ticket: Ticket, last_id: str | None, lifetime: float) -> AsyncIterator[bytes]:
    """The events of ticket's table from ``last_id`` on (:func:`paigow.serve.display.start_at`), for
    ``lifetime`` seconds or until the table is closed, encoded; the ticket is released at the end."""
    alarm: Alarm | None = None
    try:
        feed = hub.join(ticket)
        alarm = Alarm(time.monotonic() + lifetime)
        async for ev in _follow(hub, feed, last_id, alarm):
            yield frame(ev)
    finally:
        if alarm is not None:
            alarm.cancel()
        ticket.release()


async def _follow(hub: Hub, feed: Feed, last_id: str | None, alarm: Alarm) -> AsyncIterator[Event]:
    await feed.ready.wait()
    if feed.state is None:  # the feed could not start
        if feed.end is not None:
            yield feed.end
        return
    last, send_first = start_at(last_id, int(feed.state["id"]))
    if send_first:
        yield {**feed.state, "retry": RETRY_MS}
    own: Follower | None = None  # a resume further back than the feed holds
    while True:
        tick = feed.tick()
        events = feed.since(last)
        if events is None:
            try:
                if own is None:
                    own = await hub.run("read", Follower, hub.reader, feed.tid)
                    await hub.run("read", own.goto, last)
                events = await hub.run("read", own.forward)
            except ReplayError as e:
                yield quarantined(e)
                return
            except Exception:  # the journal is unavailable for now: the browser reconnects
                return
        for ev in events:
            yield ev
            last = int(ev["id"])
            if ev.get("event") == "closed":
                return
        if feed.finished and feed.since(last) == []:
            if feed.end is not None:
                yield feed.end
            return
        if not await alarm.wait(tick):
            return


async def seat_stream(hub: Hub, ticket: Ticket, read: Callable[[], dict[str, Any]], seated: Callable[[], bool],
                      lifetime: float) -> AsyncIterator[bytes]:
    """A seat's view as events (issue 38): ``read()`` (blocking: the view now, read once, when the
    stream opens), then the seat's view after each action, which the table's :class:`Feed` (the
    one the displays share) renders once per action and seated position, from its own copy of the
    table, without the table's lock; ``id`` the ``seq``, data ``{"seq", "action", "at", "state"}``.
    Each event is the whole view, so a stream that reconnects starts from the view then. It ends
    when the seat is revoked (event ``revoked``; ``seated()`` is asked when a revocation in this
    process wakes it, and at least every :data:`WAIT` seconds), when the table closes (event
    ``closed``), or after ``lifetime`` seconds; the ticket is released at the end."""
    alarm: Alarm | None = None
    try:
        position = ticket.seat
        assert position is not None
        feed = hub.join(ticket)
        alarm = Alarm(time.monotonic() + lifetime)
        last, retry, checked = -1, True, time.monotonic()
        await feed.ready.wait()
        while True:
            tick = feed.tick()
            events = feed.since(last) if last >= 0 else None
            fresh = events is None or any(int(ev["id"]) > last for ev in events)
            if not retry and (not fresh or time.monotonic() - checked >= WAIT):  # woken without an action
                checked = time.monotonic()
                if not await hub.run("read", seated):
                    yield frame({"event": "revoked", "data": json.dumps({"code": "seat.token",
                                                                         "message": "the dealer revoked this seat"})})
                    return
            if events is None or any(position not in (ev.get("seats") or {}) for ev in events if int(ev["id"]) > last):
                view = await hub.run("read", read)  # the stream's start, or events rendered before it followed
                events = [] if int(view["seq"]) <= last else [{
                    "id": str(view["seq"]), "event": "closed" if "closed" in view else "state",
                    "seats": {position: json.dumps({"seq": view["seq"], "action": None, "at": None, "state": view},
                                                   ensure_ascii=False, separators=(",", ":"))}}]
            for ev in events:
                if int(ev["id"]) > last:
                    yield _seat_frame(ev, position, retry)
                    last, retry = int(ev["id"]), False
                    if ev["event"] == "closed":
                        return
            if feed.finished or not await alarm.wait(tick):  # the feed woke it at least every WAIT seconds
                return
    finally:
        if alarm is not None:
            alarm.cancel()
        ticket.release()


def _seat_frame(ev: Event, position: int, retry: bool) -> bytes:
    """Seat ``position``'s event ``ev`` as its streams send it, encoded once for all of them
    (but the first of a stream, which tells the browser its ``retry``)."""
    out = {"id": ev["id"], "event": ev["event"], "data": ev["seats"][position]}
    if retry:
        return frame({**out, "retry": RETRY_MS})
    done = ev.setdefault("_seat_frames", {})
    got = done.get(position)
    if got is None:
        got = done[position] = frame(out)
    return bytes(got)
