"""The service's durable store: an SQLite journal of every accepted table action.

SQLite in WAL mode with ``synchronous=FULL``: a commit is on disk when ``commit()`` returns. An
action is performed in memory first (the engine refuses it or accepts it, changing nothing when it
refuses), then appended to the journal and committed, and only then answered. On start the
service rebuilds every table by replaying its journal through the public Round/Session API, so a
process killed at any point comes back with every acknowledged action and nothing half-applied.

A table's bearer token is never stored: only its SHA-256.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.db")
>>> j = Journal(path)
>>> tables = j.tables()
>>> tid, token = j.create({"banker": 0}, public=False, seed=9)
>>> t = j.table(tid)
>>> _ = j.act(t, {"action": "start_round", "stake": 500})
>>> j.close()
>>> j2 = Journal(path)
>>> j2.table(tid).view()["round"]["bank"], j2.check_token(tid, token), j2.check_token(tid, "x")
(500, True, False)
>>> j2.close()
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paigow.serve.tables import Table

__all__ = ["Journal", "TableEntry", "SCHEMA_VERSION", "hash_token"]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    token_sha256 TEXT NOT NULL,
    public INTEGER NOT NULL,
    seed TEXT NOT NULL,
    config TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS journal (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    result TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, seq)
);
"""


def hash_token(token: str) -> str:
    """The stored form of a bearer token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class TableEntry:
    """A live table with what the service needs beside it."""

    id: str
    token_sha256: str
    public: bool
    table: Table
    lock: threading.Lock = field(default_factory=threading.Lock)
    engine_seconds: float = 0.0  # the engine's time in the last action


class ReplayError(RuntimeError):
    """A journal that does not replay on this engine."""


class Journal:
    """The journal at ``path`` (created if missing) and every table rebuilt from it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        self._tables: dict[str, TableEntry] = {}
        try:
            self._replay()
        except BaseException:
            self._db.close()
            raise
        # group commit: callers queue their rows and wait; one writer commits every queued row in
        # one transaction (one fsync), then wakes them
        self._cv = threading.Condition()
        self._pending: list[_Ticket] = []
        self._closing = False
        self._writer = threading.Thread(target=self._write_loop, name="paigow-journal", daemon=True)
        self._writer.start()

    def close(self) -> None:
        with self._cv:
            self._closing = True
            self._cv.notify()
        self._writer.join()
        self._db.close()

    def _write_loop(self) -> None:
        while True:
            with self._cv:
                while not self._pending and not self._closing:
                    self._cv.wait()
                batch, self._pending = self._pending, []
                if not batch and self._closing:
                    return
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for ticket in batch:
                        for sql, params in ticket.rows:
                            self._db.execute(sql, params)
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
            except Exception as e:  # every caller of the batch sees the failure
                for ticket in batch:
                    ticket.error = e
            for ticket in batch:
                ticket.done.set()

    def _commit(self, rows: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Queue ``rows`` for the writer and return once they are committed (on disk)."""
        ticket = _Ticket(rows)
        with self._cv:
            if self._closing:
                raise RuntimeError("the journal is closed")
            self._pending.append(ticket)
            self._cv.notify()
        ticket.done.wait()
        if ticket.error is not None:
            raise ticket.error

    # -- start-up -----------------------------------------------------------------------------------
    def _replay(self) -> None:
        rows = self._db.execute("SELECT id, token_sha256, public, seed, config FROM tables ORDER BY rowid").fetchall()
        for tid, th, public, seed, config in rows:
            self._tables[tid] = TableEntry(tid, th, bool(public), self._rebuild(tid, json.loads(config), int(seed)))

    def _rebuild(self, tid: str, config: Mapping[str, Any], seed: int, db: sqlite3.Connection | None = None) -> Table:
        t = Table(config, seed)
        cur = (db or self._db).execute("SELECT seq, action, result FROM journal WHERE table_id = ? ORDER BY seq", (tid,))
        for seq, action, result in cur:
            if seq != t.seq + 1:
                raise ReplayError(f"table {tid}: journal entry {seq} follows {t.seq}")
            try:
                out = t.apply(json.loads(action))
            except ValueError as e:
                raise ReplayError(f"table {tid}: journal entry {seq} ({action}) is refused on replay: {e}") from e
            if json.dumps(out, sort_keys=True) != json.dumps(json.loads(result), sort_keys=True):
                raise ReplayError(f"table {tid}: journal entry {seq} ({action}) replays to {out!r}, not {result}")
        return t

    # -- tables -------------------------------------------------------------------------------------
    def tables(self) -> list[str]:
        return list(self._tables)

    def table(self, tid: str) -> Table:
        return self._tables[tid].table

    def entry(self, tid: str) -> TableEntry | None:
        return self._tables.get(tid)

    def check_token(self, tid: str, token: str | None) -> bool:
        e = self._tables.get(tid)
        if e is None or token is None:
            return False
        return hmac.compare_digest(e.token_sha256, hash_token(token))

    def create(self, config: Mapping[str, Any], *, public: bool = False, seed: int | None = None) -> tuple[str, str]:
        """Open a table (the engine checks ``config``); returns its id and its bearer token,
        which is given this once and stored only hashed."""
        if seed is None:
            seed = secrets.randbits(64)
        table = Table(config, seed)
        tid = secrets.token_hex(8)
        token = secrets.token_urlsafe(24)
        entry = TableEntry(tid, hash_token(token), public, table)
        self._commit([(
            "INSERT INTO tables (id, token_sha256, public, seed, config) VALUES (?, ?, ?, ?, ?)",
            (tid, entry.token_sha256, int(public), str(seed), json.dumps(dict(config))),
        )])
        self._tables[tid] = entry
        return tid, token

    def act(self, table: Table | TableEntry, action: Mapping[str, Any]) -> Any:
        """Perform ``action`` on a table and commit it to the journal before returning its result.
        The caller holds the table's lock. A refused action raises and writes nothing; if the
        write fails, the table is rebuilt from the journal and the error raised."""
        if isinstance(table, TableEntry):
            entry: TableEntry | None = table
            t = table.table
        else:
            t = table
            entry = next((e for e in self._tables.values() if e.table is t), None)
        assert entry is not None
        t0 = time.thread_time()
        result = t.apply(action)
        entry.engine_seconds = time.thread_time() - t0  # CPU time; read under the table's lock
        try:
            self._commit([(
                "INSERT INTO journal (table_id, seq, action, result) VALUES (?, ?, ?, ?)",
                (entry.id, t.seq, json.dumps(dict(action), ensure_ascii=False),
                 json.dumps(result, ensure_ascii=False)),
            )])
        except BaseException:
            db = sqlite3.connect(self.path)  # the writer owns the main connection
            try:
                row = db.execute("SELECT seed, config FROM tables WHERE id = ?", (entry.id,)).fetchone()
                entry.table = self._rebuild(entry.id, json.loads(row[1]), int(row[0]), db)
            finally:
                db.close()
            raise
        return result

    def journal_length(self, tid: str) -> int:
        """How many actions of table ``tid`` are in the journal (read on its own connection)."""
        db = sqlite3.connect(self.path)
        try:
            return int(db.execute("SELECT count(*) FROM journal WHERE table_id = ?", (tid,)).fetchone()[0])
        finally:
            db.close()


class _Ticket:
    __slots__ = ("rows", "done", "error")

    def __init__(self, rows: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.rows = rows
        self.done = threading.Event()
        self.error: BaseException | None = None
