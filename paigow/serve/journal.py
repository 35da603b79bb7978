"""The service's durable store: a journal of every accepted table action, in SQLite (this module)
or PostgreSQL (:mod:`paigow.serve.pgjournal`; :mod:`paigow.serve.stores` opens either).

SQLite in WAL mode with ``synchronous=FULL``: a commit is on disk when ``commit()`` returns. An
action is performed in memory first (the engine refuses it or accepts it, changing nothing when it
refuses), then appended to the journal and committed, and only then answered. On start the
service rebuilds every open table from its latest snapshot and the journal's tail after it,
through the public Round/Session API, so a process killed at any point comes back with every
acknowledged action and nothing half-applied. One SQLite file is served by one process at a time
(an exclusive lock beside it); PostgreSQL serves many.

- **Tamper evidence**: every row carries ``prev``, the hash of the row before it (the first row,
  the table's ``genesis``: a hash of how it was opened), and ``hash``, the SHA-256 of itself with
  ``prev``; ``tables.head`` is the last row's hash. Start and :func:`audit` check every chain and
  name the first row that breaks it; a table whose journal does not check or replay is
  quarantined (named, refused with 503) and the others serve.
- **Live randomness**: a live table's draws (the stacks, the dice, any other draw) are journaled
  with the action (``drawn``) and replayed from there; a simulation keeps its seed.
- **History**: each finished round's record is stored when the round ends (``rounds``), so
  reading it touches neither the table nor its lock; every ``snapshot_every`` rounds the table is
  snapshot between rounds (``snapshots``) and start replays only the journal after the latest;
  a closed table is archived (its last state kept) and not replayed.

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
>>> [r["status"] for r in audit(path)]
['ok']
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import sys
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from paigow.serve.errors import (
    JournalOpenError,
    QuarantinedError,
    RoundOpenError,
    SeedError,
    TableClosedError,
    TableLimitError,
    UnknownRoundError,
)
from paigow.serve.games import AnyTable, config_game, game_of, new_table, restore_table, round_open, rounds_finished

__all__ = ["Journal", "TableEntry", "SCHEMA_VERSION", "hash_token", "ReplayError", "audit", "export_table",
           "row_hash", "genesis_hash", "EXPORT_FORMAT"]

SCHEMA_VERSION = 2
EXPORT_FORMAT = "paigow-journal/1"
SNAPSHOT_EVERY = 10
"""Rounds between two snapshots of a table."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    token_sha256 TEXT NOT NULL,
    public INTEGER NOT NULL,
    seed TEXT NOT NULL,
    config TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    operator TEXT,
    mode TEXT NOT NULL DEFAULT 'simulation',
    genesis TEXT NOT NULL DEFAULT '',
    seq INTEGER NOT NULL DEFAULT 0,
    head TEXT NOT NULL DEFAULT '',
    closed TEXT,
    archive TEXT
);
CREATE TABLE IF NOT EXISTS journal (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    result TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    drawn TEXT,
    prev TEXT NOT NULL DEFAULT '',
    hash TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS rounds (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    record TEXT NOT NULL,
    public TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    head TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""
# columns schema 1 lacked (added by the migration, which also computes the hash chain)
_V1_COLUMNS = {
    "tables": [("operator", "TEXT"), ("mode", "TEXT NOT NULL DEFAULT 'simulation'"),
               ("genesis", "TEXT NOT NULL DEFAULT ''"), ("seq", "INTEGER NOT NULL DEFAULT 0"),
               ("head", "TEXT NOT NULL DEFAULT ''"), ("closed", "TEXT"), ("archive", "TEXT")],
    "journal": [("drawn", "TEXT"), ("prev", "TEXT NOT NULL DEFAULT ''"), ("hash", "TEXT NOT NULL DEFAULT ''")],
}
TABLE_COLUMNS = "id, token_sha256, operator, public, mode, seed, config, created, genesis, seq, head, closed"
ROW_COLUMNS = "seq, action, drawn, result, at, prev, hash"


def hash_token(token: str) -> str:
    """The stored form of a bearer token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _h(parts: Sequence[Any]) -> str:
    return hashlib.sha256(json.dumps(list(parts), ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()


def genesis_hash(tid: str, operator: str | None, public: bool, mode: str, seed: str, config: str, created: str) -> str:
    """The hash a table's first journal row follows: of how the table was opened."""
    return _h(["paigow-table/1", tid, operator, bool(public), mode, seed, config, created])


def row_hash(prev: str, tid: str, seq: int, action: str, drawn: str | None, result: str, at: str) -> str:
    """The hash of one journal row: SHA-256 of the compact JSON array
    ``[prev, table, seq, action, drawn, result, at]`` (the texts as stored)."""
    return _h([prev, tid, seq, action, drawn, result, at])


def now_text() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def dumps(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False)


@dataclass
class TableRow:
    """A row of ``tables``."""

    id: str
    token_sha256: str
    operator: str | None
    public: bool
    mode: str
    seed: str
    config: str
    created: str
    genesis: str
    seq: int
    head: str
    closed: str | None

    @classmethod
    def of(cls, row: Sequence[Any]) -> "TableRow":
        tid, th, op, public, mode, seed, config, created, genesis, seq, head, closed = row
        return cls(tid, th, op, bool(public), mode, seed or "", config, created, genesis, int(seq), head, closed)

    @property
    def seed_value(self) -> int | None:
        return int(self.seed) if self.mode == "simulation" else None


@dataclass
class TableEntry:
    """A table with what the service needs beside it. ``table`` is None for a closed table
    (``closed``: when; its last state is archived) and a quarantined one (``quarantined``: why)."""

    id: str
    token_sha256: str
    public: bool
    table: AnyTable | None
    lock: threading.Lock = field(default_factory=threading.Lock)
    engine_seconds: float = 0.0  # the engine's time in the last action
    operator: str | None = None
    mode: str = "live"
    head: str = ""
    closed: str | None = None
    quarantined: str | None = None
    row: TableRow | None = None


class ReplayError(RuntimeError):
    """A journal that does not replay on this engine, or whose hash chain is broken."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


# -- checking and replaying a table's journal (both stores) -------------------------------------
def check_chain(tr: TableRow, rows: Iterable[Sequence[Any]]) -> tuple[int, str]:
    """Check a table's hash chain from its genesis; returns the last seq and hash, or raises
    :class:`ReplayError` naming the first row that breaks it."""
    tid = tr.id
    want = genesis_hash(tid, tr.operator, tr.public, tr.mode, tr.seed, tr.config, tr.created)
    if tr.genesis != want:
        raise ReplayError(f"table {tid}: its opening (config, mode, seed, operator) does not match its genesis hash", 0)
    prev, last = want, 0
    for seq, action, drawn, result, at, p, h in rows:
        if seq != last + 1:
            raise ReplayError(f"table {tid}: journal row {seq} follows row {last}", seq)
        if p != prev:
            raise ReplayError(f"table {tid}: journal row {seq} does not follow the hash of row {last}", seq)
        if h != row_hash(p, tid, seq, action, drawn, result, at):
            raise ReplayError(f"table {tid}: journal row {seq} was changed (its hash does not match)", seq)
        prev, last = h, seq
    if tr.seq > last:
        raise ReplayError(f"table {tid}: journal row {last + 1} is missing (the journal ends at row {last},"
                          f" the table at row {tr.seq})", last + 1)
    if (tr.seq, tr.head) != (last, prev):
        raise ReplayError(f"table {tid}: journal row {tr.seq + 1 if tr.seq < last else last} is not the table's"
                          f" (the table ends at row {tr.seq} with another hash)", tr.seq + 1 if tr.seq < last else last)
    return last, prev


def rebuild(tr: TableRow, rows: Sequence[Sequence[Any]], snapshot: Sequence[Any] | None = None,
            have_rounds: set[int] | None = None) -> tuple[AnyTable, list[dict[str, Any]]]:
    """The table ``rows`` (its journal, every row) make, from ``snapshot`` (seq, head, state) when
    it fits, checking the chain first and each replayed result; also the finished rounds whose
    record is not in ``have_rounds`` (to store). Raises :class:`ReplayError` naming the row."""
    tid = tr.id
    check_chain(tr, rows)
    try:
        config = json.loads(tr.config)
    except ValueError as e:
        raise ReplayError(f"table {tid}: its configuration is not JSON: {e}", 0) from None
    t: AnyTable | None = None
    if snapshot is not None:
        sseq, shead, state = snapshot
        if 0 < sseq <= len(rows) and rows[sseq - 1][6] == shead:
            try:
                t = restore_table(config, tr.seed_value, json.loads(state))
            except Exception:  # an engine that reads the snapshot otherwise: replay it all
                t = None
    if t is None:
        try:
            t = new_table(config, tr.seed_value)
        except Exception as e:
            raise ReplayError(f"table {tid}: its configuration is refused: {e}", 0) from None
    missing: list[dict[str, Any]] = []
    for seq, action, drawn, result, _at, _p, _h in rows[t.seq:]:
        try:
            a = json.loads(action)
            d = json.loads(drawn) if drawn else None
            want = json.loads(result)
        except ValueError as e:
            raise ReplayError(f"table {tid}: journal row {seq} is not JSON: {e}", seq) from None
        if isinstance(a, dict) and a.get("action") == "close":
            raise ReplayError(f"table {tid}: journal row {seq} closes the table, which is not marked closed", seq)
        try:
            out = t.apply(a, d if not t.live else (d or {}))
        except Exception as e:
            raise ReplayError(f"table {tid}: journal row {seq} ({action}) is refused on replay: {e}", seq) from None
        if json.dumps(out, sort_keys=True) != json.dumps(want, sort_keys=True):
            raise ReplayError(f"table {tid}: journal row {seq} ({action}) replays to {out!r}, not {result}", seq)
        if t.last_round is not None and (have_rounds is None or t.last_round["number"] not in have_rounds):
            missing.append({**t.last_round, "seq": seq})
    return t, missing


def export_rows(tr: TableRow, rows: Sequence[Sequence[Any]], withhold_from: int | None) -> dict[str, Any]:
    """A table's whole journal for the regulator (``paigow-journal/1``), with whether its chain
    checks; rows from ``withhold_from`` on (the round in play) are withheld until it is settled."""
    broken = None
    try:
        check_chain(tr, rows)
    except ReplayError as e:
        broken = {"seq": e.seq, "reason": str(e)}
    shown = [r for r in rows if withhold_from is None or r[0] < withhold_from]
    table: dict[str, Any] = {"id": tr.id, "operator": tr.operator, "public": tr.public, "mode": tr.mode,
                             "config": tr.config, "created": tr.created, "genesis": tr.genesis, "closed": tr.closed,
                             "seed": tr.seed if tr.mode == "simulation" and tr.closed else None}
    return {
        "format": EXPORT_FORMAT,
        "table": table,
        "hash": "sha256 of the compact JSON [prev, table, seq, action, drawn, result, at]; the first row's"
                " prev is the genesis: sha256 of [\"paigow-table/1\", id, operator, public, mode, seed, config,"
                " created] (the seed is given once the table is closed)",
        "rows": [{"seq": s, "action": a, "drawn": d, "result": r, "at": at, "prev": p, "hash": h}
                 for s, a, d, r, at, p, h in shown],
        "head": tr.head,
        "withheld": len(rows) - len(shown),
        "verified": broken is None,
        "broken": broken,
    }


def withhold_from(rows: Sequence[Sequence[Any]]) -> int | None:
    """The seq of the last round's start when no settle follows it: its tiles are still face down."""
    for row in reversed(rows):
        try:
            name = json.loads(row[1]).get("action")
        except (ValueError, AttributeError):
            continue
        if name in ("settle", "end_round", "close"):
            return None
        if name == "start_round":
            return int(row[0])
    return None


def quarantine_line(tid: str, reason: str) -> None:
    print(f"paigow serve: table {tid} quarantined: {reason}", file=sys.stderr, flush=True)


# -- the SQLite journal ---------------------------------------------------------------------------
def _lock(path: str) -> Any:
    """An exclusive lock on ``path + '.lock'`` held while the journal is open: one process per file."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock
        return None
    try:
        f = open(path + ".lock", "a")  # noqa: SIM115 - kept open while the journal is
    except OSError as e:
        raise JournalOpenError(f"cannot open the journal {path}: {e.strerror or e}") from None
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        raise JournalOpenError(f"the journal {path} is in use by another process (one paigow serve per SQLite file;"
                               " PostgreSQL serves many)") from None
    return f


class Journal:
    """The SQLite journal at ``path`` (created if missing) and every open table rebuilt from it."""

    store = "sqlite"

    def __init__(self, path: str, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.path = path
        self.snapshot_every = snapshot_every
        self.failure: str | None = None  # the cause of the last failed commit, until one succeeds
        self._tables: dict[str, TableEntry] = {}
        self._create_lock = threading.Lock()
        self._readers: list[sqlite3.Connection] = []
        self._local = threading.local()
        if os.path.isdir(path):
            raise JournalOpenError(f"cannot open the journal {path}: it is a directory")
        self._lockfile = _lock(path)
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as e:
            self._unlock()
            raise JournalOpenError(f"cannot open the journal {path}: {e}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            self._replay()
        except sqlite3.Error as e:
            self._db.close()
            self._unlock()
            raise JournalOpenError(f"the journal {path} is not a usable SQLite database: {e}") from None
        except BaseException:
            self._db.close()
            self._unlock()
            raise
        # group commit: callers queue their rows and wait; one writer commits every queued row in
        # one transaction (one fsync), then wakes them
        self._cv = threading.Condition()
        self._pending: list[_Ticket] = []
        self._closing = False
        self._writer = threading.Thread(target=self._write_loop, name="paigow-journal", daemon=True)
        self._writer.start()

    def _unlock(self) -> None:
        if self._lockfile is not None:
            self._lockfile.close()
            self._lockfile = None

    def close(self) -> None:
        with self._cv:
            if self._closing:
                return
            self._closing = True
            self._cv.notify()
        self._writer.join()
        self._db.close()
        for r in self._readers:
            r.close()
        self._unlock()

    def _migrate(self) -> None:
        db = self._db
        have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" in have:
            row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            version = int(row[0]) if row else SCHEMA_VERSION
            if version > SCHEMA_VERSION:
                raise JournalOpenError(f"the journal {self.path} has schema {version}: this paigow reads {SCHEMA_VERSION}")
        else:
            version = SCHEMA_VERSION
        db.execute("BEGIN IMMEDIATE")
        try:
            if version == 1:
                for name, cols in _V1_COLUMNS.items():
                    present = {r[1] for r in db.execute(f"PRAGMA table_info({name})")}
                    for col, decl in cols:
                        if col not in present:
                            db.execute(f"ALTER TABLE {name} ADD COLUMN {col} {decl}")
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    db.execute(stmt)
            if version == 1:
                self._chain_v1(db)
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @staticmethod
    def _chain_v1(db: sqlite3.Connection) -> None:
        """Schema 1 had no hash chain: the migration starts one over the rows as they are."""
        for tid, op, public, mode, seed, config, created in db.execute(
                "SELECT id, operator, public, mode, seed, config, created FROM tables").fetchall():
            prev = genesis_hash(tid, op, bool(public), mode, seed, config, created)
            db.execute("UPDATE tables SET genesis = ? WHERE id = ?", (prev, tid))
            last = 0
            for seq, action, drawn, result, at in db.execute(
                    "SELECT seq, action, drawn, result, at FROM journal WHERE table_id = ? ORDER BY seq", (tid,)).fetchall():
                h = row_hash(prev, tid, seq, action, drawn, result, at)
                db.execute("UPDATE journal SET prev = ?, hash = ? WHERE table_id = ? AND seq = ?", (prev, h, tid, seq))
                prev, last = h, seq
            db.execute("UPDATE tables SET seq = ?, head = ? WHERE id = ?", (last, prev, tid))

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
                    if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                        try:
                            self._db.execute("ROLLBACK")
                        except sqlite3.Error:  # pragma: no cover - the transaction is gone already
                            pass
                    raise
            except Exception as e:  # every caller of the batch sees the failure
                self.failure = f"{type(e).__name__}: {e}"
                for ticket in batch:
                    ticket.error = e
            else:
                self.failure = None
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

    def _reader(self) -> sqlite3.Connection:
        """This thread's own connection for reads (the writer owns the main one)."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, check_same_thread=False)
            self._local.db = db
            self._readers.append(db)
        return db

    # -- start-up -----------------------------------------------------------------------------------
    def _replay(self) -> None:
        for row in self._db.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY rowid").fetchall():
            tr = TableRow.of(row)
            e = TableEntry(tr.id, tr.token_sha256, tr.public, None, operator=tr.operator, mode=tr.mode,
                           head=tr.head, closed=tr.closed, row=tr)
            self._tables[tr.id] = e
            if tr.closed is None:
                try:
                    e.table = self._rebuild(tr, self._db, store_missing=True)
                except ReplayError as x:
                    e.quarantined = str(x)
                    quarantine_line(tr.id, str(x))

    def _rebuild(self, tr: TableRow, db: sqlite3.Connection, store_missing: bool = False) -> AnyTable:
        rows = db.execute(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? ORDER BY seq", (tr.id,)).fetchall()
        snap = db.execute("SELECT seq, head, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
                          (tr.id,)).fetchone()
        have = {r[0] for r in db.execute("SELECT number FROM rounds WHERE table_id = ?", (tr.id,))}
        t, missing = rebuild(tr, rows, snap, have)
        if store_missing and missing:  # finished before the rounds were stored (schema 1)
            for m in missing:
                db.execute("INSERT OR IGNORE INTO rounds (table_id, number, seq, record, public) VALUES (?, ?, ?, ?, ?)",
                           (tr.id, m["number"], m["seq"], dumps(m["record"]), dumps(m["public"])))
        return t

    # -- tables -------------------------------------------------------------------------------------
    def tables(self) -> list[str]:
        return list(self._tables)

    def table(self, tid: str) -> AnyTable:
        t = self._tables[tid].table
        assert t is not None
        return t

    def entry(self, tid: str) -> TableEntry | None:
        return self._tables.get(tid)

    def quarantined(self) -> dict[str, str]:
        return {e.id: e.quarantined for e in self._tables.values() if e.quarantined}

    def check_token(self, tid: str, token: str | None) -> bool:
        e = self.entry(tid)
        want = e.token_sha256 if e is not None else hash_token(secrets.token_hex(8))  # the same work either way
        return hmac.compare_digest(want, hash_token(token or "")) and e is not None and token is not None

    def open_tables(self, operator: str | None) -> list[TableEntry]:
        return [e for e in self._tables.values() if e.operator == operator and e.closed is None]

    def _new(self, config: Mapping[str, Any], public: bool, seed: int | None, operator: str | None,
             mode: str | None) -> tuple[TableEntry, str, tuple[str, tuple[Any, ...]]]:
        mode = mode or ("simulation" if seed is not None else "live")
        if mode not in ("live", "simulation"):
            raise SeedError(f"a table is 'live' or a 'simulation', not {mode!r}")
        if mode == "live" and seed is not None:
            raise SeedError("a live table draws from the secure generator: a seed is for a simulation table"
                            " (\"mode\": \"simulation\")")
        if mode == "simulation" and seed is None:
            seed = secrets.randbits(63)
        table = new_table(config, seed if mode == "simulation" else None)
        tid = secrets.token_hex(8)
        token = secrets.token_urlsafe(24)
        created = now_text()
        config_text = json.dumps(dict(config))
        seed_text = str(seed) if mode == "simulation" else ""
        genesis = genesis_hash(tid, operator, public, mode, seed_text, config_text, created)
        tr = TableRow(tid, hash_token(token), operator, public, mode, seed_text, config_text, created, genesis, 0,
                      genesis, None)
        entry = TableEntry(tid, tr.token_sha256, public, table, operator=operator, mode=mode, head=genesis, row=tr)
        row = ("INSERT INTO tables (id, token_sha256, operator, public, mode, seed, config, created, genesis, seq, head)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
               (tid, tr.token_sha256, operator, int(public), mode, seed_text, config_text, created, genesis, genesis))
        return entry, token, row

    def create(self, config: Mapping[str, Any], *, public: bool = False, seed: int | None = None,
               operator: str | None = None, mode: str | None = None, limit: int | None = None) -> tuple[str, str]:
        """Open a table (the engine checks ``config``): ``mode`` "live" (no seed: the secure
        generator) or "simulation" (``seed``, drawn if not given); by default a simulation when a
        seed is given. Returns its id and its bearer token, which is given this once and stored
        only hashed. ``limit``: the most open tables ``operator`` may have."""
        with self._create_lock:
            if limit is not None and len(self.open_tables(operator)) >= limit:
                raise TableLimitError(f"operator {operator!r} has {limit} open tables, the most allowed: close one first")
            entry, token, row = self._new(config, public, seed, operator, mode)
            self._commit([row])
            self._tables[entry.id] = entry
        return entry.id, token

    def _usable(self, entry: TableEntry) -> AnyTable:
        if entry.quarantined:
            raise QuarantinedError(f"table {entry.id!r} is quarantined: {entry.quarantined}")
        if entry.closed is not None or entry.table is None:
            raise TableClosedError(f"table {entry.id!r} was closed at {entry.closed}")
        return entry.table

    def _rows_for(self, entry: TableEntry, t: AnyTable, action: Mapping[str, Any], result: Any,
                  ) -> tuple[list[tuple[str, tuple[Any, ...]]], str]:
        at = now_text()
        a_text = dumps(dict(action))
        d_text = dumps(t.last_drawn) if t.last_drawn else None
        r_text = dumps(result)
        h = row_hash(entry.head, entry.id, t.seq, a_text, d_text, r_text, at)
        rows: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO journal (table_id, seq, action, result, at, drawn, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             (entry.id, t.seq, a_text, r_text, at, d_text, entry.head, h)),
            ("UPDATE tables SET seq = ?, head = ? WHERE id = ?", (t.seq, h, entry.id)),
        ]
        if t.last_round is not None:
            n = t.last_round["number"]
            rows.append(("INSERT INTO rounds (table_id, number, seq, record, public) VALUES (?, ?, ?, ?, ?)",
                         (entry.id, n, t.seq, dumps(t.last_round["record"]), dumps(t.last_round["public"]))))
            if self.snapshot_every and n % self.snapshot_every == 0:
                rows.append(("INSERT INTO snapshots (table_id, seq, head, state) VALUES (?, ?, ?, ?)",
                             (entry.id, t.seq, h, dumps(t.snapshot()))))
        return rows, h

    def act(self, table: AnyTable | TableEntry, action: Mapping[str, Any]) -> Any:
        """Perform ``action`` on a table and commit it to the journal before returning its result.
        The caller holds the table's lock. A refused action raises and writes nothing; if the
        write fails, the table is rebuilt from the journal and the error raised."""
        if isinstance(table, TableEntry):
            entry: TableEntry | None = table
        else:
            entry = next((e for e in self._tables.values() if e.table is table), None)
        assert entry is not None
        t = self._usable(entry)
        t0 = time.thread_time()
        result = t.apply(action)
        entry.engine_seconds = time.thread_time() - t0  # CPU time; read under the table's lock
        rows, h = self._rows_for(entry, t, action, result)
        try:
            self._commit(rows)
        except BaseException:
            self._reload(entry)
            raise
        entry.head = h
        if entry.row is not None:
            entry.row.seq, entry.row.head = t.seq, h
        return result

    def _reload(self, entry: TableEntry) -> None:
        db = sqlite3.connect(self.path)  # the writer owns the main connection
        try:
            tr = TableRow.of(db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (entry.id,)).fetchone())
            entry.table = self._rebuild(tr, db)
            entry.head, entry.row = tr.head, tr
        finally:
            db.close()

    def perform(self, entry: TableEntry, action: Mapping[str, Any], if_seq: int | None = None) -> tuple[Any, dict[str, Any]]:
        """The service's action: under the table's lock, refused with 409 unless the table is at
        ``if_seq`` (when given); returns the result and the dealer's view after it."""
        from paigow.serve.errors import ConflictError

        with entry.lock:
            t = self._usable(entry)
            if if_seq is not None and if_seq != t.seq:
                raise ConflictError(f"table {entry.id!r} is at seq {t.seq}, not {if_seq}")
            result = self.act(entry, action)
            return result, self._usable(entry).view()

    def read(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        """The table's state as the reader may see it (a closed table's as archived)."""
        if entry.closed is not None:
            return self._archived(entry, public)
        with entry.lock:
            return self._usable(entry).view(public)

    def _archived(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        row = self._reader().execute("SELECT archive FROM tables WHERE id = ?", (entry.id,)).fetchone()
        archive = json.loads(row[0])
        return {**archive["public" if public else "dealer"], "closed": entry.closed}

    def finished_round(self, entry: TableEntry, number: int, public: bool) -> dict[str, Any]:
        """The record of finished round ``number`` (the public's: the round as the table showed it
        when it ended), read from the store: not the table, nor its lock."""
        row = self._reader().execute("SELECT record, public FROM rounds WHERE table_id = ? AND number = ?",
                                     (entry.id, number)).fetchone()
        if row is None:
            n = self._reader().execute("SELECT count(*) FROM rounds WHERE table_id = ?", (entry.id,)).fetchone()[0]
            raise UnknownRoundError(f"table {entry.id!r} has {n} finished rounds, not {number}")
        return json.loads(row[1]) if public else json.loads(row[0])  # type: ignore[no-any-return]

    def close_table(self, entry: TableEntry) -> dict[str, Any]:
        """Close a table between rounds: a last journal row, its state archived; it is read from
        the archive and not replayed at start."""
        with entry.lock:
            t = self._usable(entry)
            if round_open(t):
                raise RoundOpenError(f"table {entry.id!r} has a round open: end it first")
            at = now_text()
            archive = dumps({"dealer": t.view(), "public": t.view(public=True)})
            seq = t.seq + 1
            a_text, r_text = dumps({"action": "close"}), dumps({"closed": at, "rounds": rounds_finished(t)})
            h = row_hash(entry.head, entry.id, seq, a_text, None, r_text, at)
            self._commit([
                ("INSERT INTO journal (table_id, seq, action, result, at, drawn, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 (entry.id, seq, a_text, r_text, at, None, entry.head, h)),
                ("UPDATE tables SET seq = ?, head = ?, closed = ?, archive = ? WHERE id = ?", (seq, h, at, archive, entry.id)),
            ])
            entry.closed, entry.head, entry.table = at, h, None
            if entry.row is not None:
                entry.row.seq, entry.row.head, entry.row.closed = seq, h, at
            return {"id": entry.id, "closed": at, "seq": seq, "head": h}

    def rotate_token(self, entry: TableEntry) -> str:
        """A new dealer token for the table (the old one stops working); given this once."""
        with entry.lock:
            self._usable(entry)
            token = secrets.token_urlsafe(24)
            th = hash_token(token)
            self._commit([("UPDATE tables SET token_sha256 = ? WHERE id = ?", (th, entry.id))])
            entry.token_sha256 = th
            return token

    def export(self, entry: TableEntry) -> dict[str, Any]:
        """The table's whole journal for the regulator (:func:`export_rows`)."""
        db = self._reader()
        tr = TableRow.of(db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (entry.id,)).fetchone())
        rows = db.execute(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? ORDER BY seq", (entry.id,)).fetchall()
        return export_rows(tr, rows, withhold_from(rows))

    def journal_length(self, tid: str) -> int:
        """How many actions of table ``tid`` are in the journal (read on its own connection)."""
        db = sqlite3.connect(self.path)
        try:
            return int(db.execute("SELECT count(*) FROM journal WHERE table_id = ?", (tid,)).fetchone()[0])
        finally:
            db.close()

    def health(self) -> dict[str, Any]:
        return {"store": self.store, "error": self.failure, "quarantined": len(self.quarantined())}

    def probe(self) -> None:
        """A write that leaves nothing, to see whether the journal takes writes again: 8 KiB
        written and deleted in one transaction (new pages, as an action's rows may need)."""
        try:
            self._commit([("INSERT OR REPLACE INTO meta VALUES ('probe', ?)", ("x" * 8192,)),
                          ("DELETE FROM meta WHERE key = 'probe'", ())])
        except Exception:  # the failure is kept in self.failure
            pass

    def listing(self, operator: str) -> list[dict[str, Any]]:
        out = []
        for e in self._tables.values():
            if e.operator is None or e.operator == operator:
                seq = e.table.seq if e.table is not None else (e.row.seq if e.row is not None else 0)
                game = game_of(e.table) if e.table is not None else (config_game(e.row.config) if e.row else "paigow")
                out.append({"id": e.id, "game": game, "public": e.public, "mode": e.mode, "seq": seq,
                            "closed": e.closed, "quarantined": e.quarantined})
        return out


class _Ticket:
    __slots__ = ("rows", "done", "error")

    def __init__(self, rows: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.rows = rows
        self.done = threading.Event()
        self.error: BaseException | None = None


# -- opening and auditing -------------------------------------------------------------------------
def audit(db: str) -> list[dict[str, Any]]:
    """Check every table's hash chain in the journal at ``db`` (open, closed and quarantined
    tables alike), without serving it: one entry per table with ``status`` "ok" or "broken" and,
    when broken, ``seq`` (the first broken row) and ``reason``. SQLite's; a PostgreSQL URL is
    :func:`paigow.serve.stores.audit`'s."""
    if not os.path.isfile(db):
        raise JournalOpenError(f"no journal at {db}")
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            tables = [TableRow.of(r) for r in conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY rowid")]
            return [audit_table(tr, conn.execute(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? ORDER BY seq",
                                                (tr.id,)).fetchall()) for tr in tables]
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise JournalOpenError(f"the journal {db} is not a usable SQLite database of paigow serve: {e}") from None


def export_table(db: str, tid: str) -> dict[str, Any]:
    """:func:`export_rows` of table ``tid`` in the SQLite journal at ``db``, read without serving
    it (:func:`paigow.serve.stores.export_table` takes either store)."""
    if not os.path.isfile(db):
        raise JournalOpenError(f"no journal at {db}")
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            row = conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (tid,)).fetchone()
            if row is None:
                from paigow.serve.errors import UnknownTableError

                raise UnknownTableError(f"no table {tid!r} in {db}")
            rows = conn.execute(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? ORDER BY seq", (tid,)).fetchall()
            return export_rows(TableRow.of(row), rows, withhold_from(rows))
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise JournalOpenError(f"the journal {db} is not a usable SQLite database of paigow serve: {e}") from None


def audit_table(tr: TableRow, rows: Sequence[Sequence[Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"table": tr.id, "rows": len(rows), "closed": tr.closed, "head": tr.head}
    try:
        check_chain(tr, rows)
        out["status"] = "ok"
    except ReplayError as e:
        out.update(status="broken", seq=e.seq, reason=str(e))
    return out
