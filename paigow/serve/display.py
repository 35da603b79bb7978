"""The players' display: a table's public view as server-sent events, one per journaled action.

``GET /v1/tables/{id}/events`` (``text/event-stream``, sse-starlette) follows the table's journal:
each accepted action is one event (``state``) whose ``id`` is the action's ``seq`` and whose data is
``{"seq", "action", "at", "state"}``, ``state`` being the table's **public** view after that
action (:meth:`paigow.serve.tables.Table.view` with ``public=True``: nothing face down, ever; not
the action's arguments nor its result, which may name tiles). A client that reconnects with
``Last-Event-ID: N`` gets every action after N (or, more than :data:`MAX_BEHIND` behind, the
current state); without it, the current state first. Comments (``: ping``) every ``heartbeat``
seconds keep proxies from closing an idle stream; the stream ends after ``lifetime`` seconds
(``retry`` tells the browser to reconnect a second later, with ``Last-Event-ID``), and when the
table is closed (event ``closed``).

The stream reads the journal itself, not the serving process's tables: it keeps its own copy of
the table, rebuilt from the latest snapshot at or before where it starts and brought forward one
journal row at a time (each row's hash checked against the one before, each result against the
journaled one). So an action taken by another process on the same PostgreSQL database reaches
every display, and each event is the state right after its action even when several actions
landed between two looks. One such copy serves every stream of a table, on one read connection
shared by every stream of the process; it waits for the table's change rather than polling
(:mod:`paigow.serve.streams`: the limits on open streams, the shared feed, LISTEN/NOTIFY on
PostgreSQL and the writer's signal on SQLite).

A seat's stream (issue 38) reads the same events with its own view of the same moment in place of
the public one (``Follower.seats``: the positions followed, whose views each event then carries).

This module does not import FastAPI: the route is :mod:`paigow.serve.routers.display`'s.
"""

import json
import sqlite3
import threading
from collections.abc import Sequence
from typing import Any

from paigow.serve.journal import ROW_COLUMNS, TABLE_COLUMNS, ReplayError, TableRow, check_stored, row_hash
from paigow.serve.games import GameTable, new_table, restore_table

__all__ = ["JournalReader", "ReaderClosed", "Follower", "Event", "start_at", "LIFETIME", "HEARTBEAT", "MAX_BEHIND", "RETRY_MS"]

LIFETIME = 300.0
"""Seconds a stream lasts (at most; a client may ask for less); the browser then reconnects."""
HEARTBEAT = 15.0
"""Seconds between two heartbeat comments."""
MAX_BEHIND = 500
"""A ``Last-Event-ID`` further behind than this many actions gets the current state instead."""
RETRY_MS = 1000
"""The ``retry`` a stream sends: milliseconds before the browser reconnects."""

Event = dict[str, Any]
"""One server-sent event: ``id``, ``event`` and ``data`` (JSON text)."""


class ReaderClosed(RuntimeError):
    """A query on a :class:`JournalReader` after its :meth:`~JournalReader.close` (the app has shut
    down; a stream's worker thread that was still reading ends on it)."""


class JournalReader:
    """Read-only queries on the journal at ``db`` (an SQLite file or a ``postgresql://`` URL) on
    one connection of its own, opened when first used, shared by the streams (a lock: one query
    at a time; each is a primary-key lookup or a table's rows after a ``seq``). Once closed it
    refuses every query (:class:`ReaderClosed`) rather than open a connection nobody would close."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.postgres = db.startswith(("postgresql://", "postgres://"))
        self._conn: Any = None
        self._closed = False
        self._lock = threading.Lock()

    def _connect(self) -> Any:
        if self.postgres:
            import psycopg

            return psycopg.connect(self.db, connect_timeout=10, autocommit=True)
        return sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, check_same_thread=False, isolation_level=None)

    def query(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        """The rows of ``sql`` (``?`` placeholders); a connection that fails is opened anew next time."""
        if self.postgres:
            sql = sql.replace("?", "%s")
        with self._lock:
            if self._closed:
                raise ReaderClosed(f"the journal reader of {self.db!r} is closed")
            if self._conn is None:
                self._conn = self._connect()
            try:
                return [tuple(r) for r in self._conn.execute(sql, tuple(params)).fetchall()]
            except Exception:
                self._drop()
                raise

    def _drop(self) -> None:
        try:
            self._conn.close()
        except Exception:  # pragma: no cover - already broken
            pass
        self._conn = None

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Close the connection; every later query raises :class:`ReaderClosed`."""
        with self._lock:
            self._closed = True
            if self._conn is not None:
                self._drop()

    # -- the queries --------------------------------------------------------------------------------
    def table_row(self, tid: str) -> TableRow | None:
        rows = self.query(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (tid,))
        return TableRow.of(rows[0]) if rows else None

    def head(self, tid: str) -> tuple[int, str | None]:
        """The table's ``seq`` and when it was closed (None: open)."""
        rows = self.query("SELECT seq, closed FROM tables WHERE id = ?", (tid,))
        return (int(rows[0][0]), rows[0][1]) if rows else (0, None)

    def rows(self, tid: str, after: int, upto: int | None = None) -> list[tuple[Any, ...]]:
        """Journal rows ``after < seq <= upto`` (``ROW_COLUMNS``), in order."""
        if upto is None:
            return self.query(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? AND seq > ? ORDER BY seq",
                              (tid, after))
        return self.query(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? AND seq > ? AND seq <= ?"
                          " ORDER BY seq", (tid, after, upto))

    def snapshot(self, tid: str, at_most: int) -> tuple[int, str, str] | None:
        rows = self.query("SELECT seq, head, state FROM snapshots WHERE table_id = ? AND seq <= ?"
                          " ORDER BY seq DESC LIMIT 1", (tid, at_most))
        return (int(rows[0][0]), rows[0][1], rows[0][2]) if rows else None


class Follower:
    """One stream's own copy of table ``tid``, built from the journal at a ``seq`` and brought
    forward row by row; :meth:`event` is its public view as an event. Blocking (the stream runs
    it in a worker thread)."""

    def __init__(self, reader: JournalReader, tid: str) -> None:
        self.reader = reader
        self.tid = tid
        tr = reader.table_row(tid)
        if tr is None:
            raise ReplayError(f"no table {tid!r} in the journal")
        self.tr = tr
        self.config = json.loads(tr.config)
        self.table: GameTable = new_table(self.config, tr.seed_value)
        self.hash = tr.genesis
        self.action: str | None = None
        self.at: str | None = tr.created
        self.closed: str | None = None
        self.seats: frozenset[int] = frozenset()  # the positions whose seats follow: each event carries their views

    @property
    def seq(self) -> int:
        return self.table.seq

    def goto(self, seq: int) -> None:
        """Build the table as it was right after action ``seq`` (from the latest snapshot at or
        before it, or from the opening)."""
        snap = self.reader.snapshot(self.tid, seq) if seq > 0 else None
        if snap is not None:
            sseq, shead, state = snap
            row = self.reader.rows(self.tid, sseq - 1, sseq)
            if row and row[0][6] == shead and check_stored(self.tid, row[0], "snapshot", state):
                try:
                    self.table = restore_table(self.config, self.tr.seed_value, json.loads(state))
                    self.hash = shead
                    self.action, self.at = _name(row[0][1]), row[0][4]
                except Exception:  # an engine that reads the snapshot otherwise: from the opening
                    self.table, self.hash = new_table(self.config, self.tr.seed_value), self.tr.genesis
        self._apply(self.reader.rows(self.tid, self.seq, seq))

    def forward(self) -> list[Event]:
        """The events of the actions journaled since the last look (none when ``seq`` has not moved)."""
        seq, closed = self.reader.head(self.tid)
        if seq <= self.seq and closed is None:
            return []
        return [self._apply([row]) for row in self.reader.rows(self.tid, self.seq)]

    def _apply(self, rows: Sequence[Sequence[Any]]) -> Event:
        ev: Event = {}
        for seq, action, drawn, result, at, prev, h, stored in rows:
            if seq != self.seq + 1 or prev != self.hash or h != row_hash(prev, self.tid, seq, action, drawn, result, at,
                                                                          stored):
                raise ReplayError(f"table {self.tid}: journal row {seq} does not follow row {self.seq}", seq)
            a = json.loads(action)
            if a.get("action") == "close":
                self.closed, self.hash, self.at, self.action = at, h, at, "close"
                return self.event()
            t = self.table
            out = t.apply(a, (json.loads(drawn) if drawn else {}) if t.live else None)
            if json.dumps(out, sort_keys=True) != json.dumps(json.loads(result), sort_keys=True):
                raise ReplayError(f"table {self.tid}: journal row {seq} replays to another result", seq)
            self.hash, self.action, self.at = h, a.get("action"), at
            ev = self.event()
        return ev

    def event(self) -> Event:
        """The table now, as anyone may see it (the public view: nothing face down)."""
        state = self.table.view(public=True)
        seq = self.seq
        if self.closed is not None:
            state["closed"] = self.closed
            seq += 1  # the close is a row of its own
        data = {"seq": seq, "action": self.action, "at": self.at, "state": state}
        ev: Event = {"id": str(seq), "event": "closed" if self.closed is not None else "state",
                     "data": json.dumps(data, ensure_ascii=False, separators=(",", ":"))}
        if self.seats:  # a seat's view of the same moment (issue 38), for the seats' streams only
            ev["seats"] = {p: json.dumps({**data, "state": v}, ensure_ascii=False, separators=(",", ":"))
                           for p, v in self._seat_states(state).items()}
        return ev

    def _seat_states(self, public: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """Each followed seat's view, made from the public view ``public`` (not changed)."""
        positions = sorted(self.seats)
        if self.closed is not None:  # between rounds: the public view is the seat's
            return {p: {**public, "seat": p} for p in positions}
        return self.table.seat_views(positions, public)  # type: ignore[attr-defined,no-any-return]


def _name(action_text: str) -> str | None:
    try:
        name = json.loads(action_text).get("action")
    except (ValueError, AttributeError):
        return None
    return name if isinstance(name, str) else None


def start_at(last_id: str | None, head: int) -> tuple[int, bool]:
    """Where a stream starts: the ``seq`` to rebuild at and whether to send that state first
    (a fresh or a too-old ``Last-Event-ID``: the current state; a valid one: what follows it).

    >>> start_at(None, 7), start_at("5", 7), start_at("7", 7), start_at("9", 7), start_at("x", 7)
    ((7, True), (5, False), (7, False), (7, True), (7, True))
    """
    if last_id is not None and last_id.strip().isdigit():
        n = int(last_id.strip())
        if n <= head and head - n <= MAX_BEHIND:
            return n, False
    return head, True
