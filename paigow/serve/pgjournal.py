"""The journal on PostgreSQL (psycopg 3): the same tables, rows, hash chain, snapshots and
round records as the SQLite journal (:mod:`paigow.serve.journal`), served by any number of
processes against one database.

Nothing kept in a process is trusted across processes: every request reads the table's row
(token, public, closed, ``seq`` and ``head``); a table kept in memory is used only while its
``seq`` and ``head`` are the database's, and otherwise brought up to date from the journal's rows
after it (their chain checked) or rebuilt from the latest snapshot. An action locks the table's
row (``SELECT ... FOR UPDATE``) for its transaction, so each table's actions are serialised by the
database whichever process takes them, and the journal's primary key (table, seq) refuses a row
that is not the next.

Needs the ``postgres`` extra (``pip install 'macau-table-games[postgres]'``: psycopg 3).
"""

from __future__ import annotations

import contextlib
import hmac
import json
import queue
import secrets
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any

from paigow.serve.errors import (
    ConflictError,
    JournalOpenError,
    QuarantinedError,
    RoundOpenError,
    TableClosedError,
    TableLimitError,
    UnknownRoundError,
    UnknownTableError,
)
from paigow.serve.journal import (
    ROW_COLUMNS,
    SCHEMA_VERSION,
    SNAPSHOT_EVERY,
    TABLE_COLUMNS,
    Journal,
    ReplayError,
    TableEntry,
    TableRow,
    audit_table,
    dumps,
    now_text,
    quarantine_line,
    withhold_from,
    export_rows,
    hash_token,
    rebuild,
    row_hash,
)
from paigow.serve.games import AnyTable, config_game, round_open, rounds_finished

__all__ = ["PgJournal", "pg_audit", "pg_export"]

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, token_sha256 TEXT NOT NULL, public INTEGER NOT NULL, seed TEXT NOT NULL,
        config TEXT NOT NULL, created TEXT NOT NULL, operator TEXT, mode TEXT NOT NULL, genesis TEXT NOT NULL,
        seq INTEGER NOT NULL DEFAULT 0, head TEXT NOT NULL, closed TEXT, archive TEXT, n BIGSERIAL)""",
    """CREATE TABLE IF NOT EXISTS journal (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, action TEXT NOT NULL,
        result TEXT NOT NULL, at TEXT NOT NULL, drawn TEXT, prev TEXT NOT NULL, hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seq))""",
    """CREATE TABLE IF NOT EXISTS rounds (
        table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL, seq INTEGER NOT NULL,
        record TEXT NOT NULL, public TEXT NOT NULL, PRIMARY KEY (table_id, number))""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, head TEXT NOT NULL,
        state TEXT NOT NULL, PRIMARY KEY (table_id, seq))""",
]
_SCHEMA_LOCK = 0x7061_6967_6F77  # the advisory lock taken while the schema is made ("paigow")


def _pg(sql: str) -> str:
    return sql.replace("?", "%s").replace("INSERT OR IGNORE", "INSERT")


def _raw_connect(url: str) -> Any:
    """A connection (psycopg's errors as they are: a request answers them with 503)."""
    import psycopg

    return psycopg.connect(url, connect_timeout=10, autocommit=True)  # transactions are explicit


def _connect(url: str) -> Any:
    import psycopg

    try:
        return _raw_connect(url)
    except psycopg.Error as e:
        raise JournalOpenError(f"cannot open the journal {_safe(url)}: {' '.join(str(e).split())}") from None


def _safe(url: str) -> str:
    """The URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        cred, host = rest.rsplit("@", 1)
        return f"{scheme}://{cred.split(':')[0]}@{host}"
    return url


class _Pool:
    """A few connections shared by the request threads."""

    def __init__(self, url: str, size: int = 8) -> None:
        self.url, self.size = url, size
        self._free: queue.LifoQueue[Any] = queue.LifoQueue()
        self._made = 0
        self._lock = threading.Lock()
        self._all: list[Any] = []

    @contextlib.contextmanager
    def connection(self) -> Iterator[Any]:
        conn = None
        try:
            conn = self._free.get_nowait()
        except queue.Empty:
            with self._lock:
                make = self._made < self.size
                if make:
                    self._made += 1
            if make:
                try:
                    conn = _raw_connect(self.url)
                except BaseException:
                    with self._lock:
                        self._made -= 1
                    raise
                with self._lock:
                    self._all.append(conn)
            else:
                conn = self._free.get()
        try:
            yield conn
        finally:
            if conn.closed or conn.broken:
                with self._lock:
                    self._made -= 1
                    if conn in self._all:
                        self._all.remove(conn)
            else:
                self._free.put(conn)

    def close(self) -> None:
        with self._lock:
            for c in self._all:
                try:
                    c.close()
                except Exception:  # pragma: no cover
                    pass
            self._all.clear()


class PgJournal(Journal):
    """The journal in the PostgreSQL database at ``url``; every open table checked and rebuilt
    at start, then kept in step with the database by every request."""

    store = "postgresql"

    def __init__(self, url: str, *, snapshot_every: int = SNAPSHOT_EVERY, pool: int = 8) -> None:
        self.path = _safe(url)
        self.url = url
        self.snapshot_every = snapshot_every
        self.failure: str | None = None
        self._tables: dict[str, TableEntry] = {}
        self._guard = threading.Lock()
        self._local = threading.local()
        self._pool = _Pool(url, pool)
        import psycopg

        try:
            with self._pool.connection() as conn:
                self._schema(conn)
                self._replay_all(conn)
        except psycopg.Error as e:
            self._pool.close()
            raise JournalOpenError(f"the journal {self.path} cannot be used: {' '.join(str(e).split())}") from None
        except BaseException:
            self._pool.close()
            raise

    # -- the database -------------------------------------------------------------------------------
    def _schema(self, conn: Any) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for stmt in _SCHEMA:
                conn.execute(stmt)
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta VALUES ('schema', %s)", (str(SCHEMA_VERSION),))
            elif int(row[0]) != SCHEMA_VERSION:
                raise JournalOpenError(f"the journal {self.path} has schema {row[0]}: this paigow reads {SCHEMA_VERSION}")

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Any]:
        """A connection in a transaction; a failure is kept for /v1/health until a commit works."""
        import psycopg

        try:
            with self._pool.connection() as conn:
                with conn.transaction():
                    yield conn
            self.failure = None
        except psycopg.Error as e:
            self.failure = f"{type(e).__name__}: {' '.join(str(e).split())}"
            raise

    def close(self) -> None:
        self._pool.close()

    def _row(self, conn: Any, tid: str, lock: bool = False) -> TableRow | None:
        r = conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = %s" + (" FOR UPDATE" if lock else ""),
                         (tid,)).fetchone()
        return TableRow.of(r) if r is not None else None

    @staticmethod
    def _rows(conn: Any, tid: str, after: int = 0) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in conn.execute(
            f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = %s AND seq > %s ORDER BY seq", (tid, after))]

    def _full(self, conn: Any, tr: TableRow, store_missing: bool = False) -> AnyTable:
        rows = self._rows(conn, tr.id)
        snap = conn.execute("SELECT seq, head, state FROM snapshots WHERE table_id = %s ORDER BY seq DESC LIMIT 1",
                            (tr.id,)).fetchone()
        have = {r[0] for r in conn.execute("SELECT number FROM rounds WHERE table_id = %s", (tr.id,))}
        t, missing = rebuild(tr, rows, tuple(snap) if snap else None, have)
        if store_missing:
            for m in missing:
                conn.execute("INSERT INTO rounds (table_id, number, seq, record, public) VALUES (%s, %s, %s, %s, %s)"
                             " ON CONFLICT DO NOTHING",
                             (tr.id, m["number"], m["seq"], dumps(m["record"]), dumps(m["public"])))
        return t

    def _replay_all(self, conn: Any) -> None:
        rows = [TableRow.of(r) for r in conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY n")]
        for tr in rows:
            e = self._entry_for(tr)
            if tr.closed is None:
                try:
                    with conn.transaction():
                        e.table = self._full(conn, tr, store_missing=True)
                    e.head = tr.head
                except ReplayError as x:
                    e.quarantined = str(x)
                    quarantine_line(tr.id, str(x))

    def _entry_for(self, tr: TableRow) -> TableEntry:
        with self._guard:
            e = self._tables.get(tr.id)
            if e is None:
                e = TableEntry(tr.id, tr.token_sha256, tr.public, None, operator=tr.operator, mode=tr.mode,
                               head="", closed=tr.closed, row=tr)
                self._tables[tr.id] = e
            else:
                e.token_sha256, e.public, e.closed, e.row = tr.token_sha256, tr.public, tr.closed, tr
            return e

    def _fresh(self, conn: Any, e: TableEntry, tr: TableRow) -> AnyTable:
        """The entry's table in step with the database's ``tr`` (the caller holds ``e.lock``)."""
        if e.quarantined:
            raise QuarantinedError(f"table {e.id!r} is quarantined: {e.quarantined}")
        if tr.closed is not None:
            e.table = None
            raise TableClosedError(f"table {e.id!r} was closed at {tr.closed}")
        t = e.table
        if t is not None and t.seq == tr.seq and e.head == tr.head:
            return t
        try:
            if t is not None and t.seq < tr.seq:  # another process went on: replay what follows
                rows = self._rows(conn, tr.id, t.seq)
                prev = e.head
                for seq, action, drawn, result, at, p, h in rows:
                    if seq != t.seq + 1 or p != prev or h != row_hash(p, tr.id, seq, action, drawn, result, at):
                        raise ReplayError(f"table {tr.id}: journal row {seq} does not follow row {t.seq}", seq)
                    out = t.apply(json.loads(action), (json.loads(drawn) if drawn else {}) if t.live else None)
                    if json.dumps(out, sort_keys=True) != json.dumps(json.loads(result), sort_keys=True):
                        raise ReplayError(f"table {tr.id}: journal row {seq} replays to {out!r}, not {result}", seq)
                    prev = h
                if (t.seq, prev) == (tr.seq, tr.head):
                    e.head = prev
                    return t
            t = self._full(conn, tr)
        except ReplayError as x:
            e.table, e.quarantined = None, str(x)
            quarantine_line(tr.id, str(x))
            raise QuarantinedError(f"table {e.id!r} is quarantined: {x}") from None
        except Exception:
            e.table = None  # rebuilt from the database next time
            raise
        e.table, e.head = t, tr.head
        return t

    # -- tables -------------------------------------------------------------------------------------
    def tables(self) -> list[str]:
        with self._pool.connection() as conn:
            ids = [r[0] for r in conn.execute("SELECT id FROM tables")]
        return ids

    def table(self, tid: str) -> AnyTable:
        e = self.entry(tid)
        assert e is not None and e.row is not None
        with e.lock, self._tx() as conn:
            return self._fresh(conn, e, e.row)

    def entry(self, tid: str) -> TableEntry | None:
        with self._pool.connection() as conn:
            tr = self._row(conn, tid)
        self._local.last = (tid, tr)
        return self._entry_for(tr) if tr is not None else None

    def check_token(self, tid: str, token: str | None) -> bool:
        last = getattr(self._local, "last", None)
        self._local.last = None
        if last is not None and last[0] == tid:  # the row this request has just read
            tr = last[1]
        else:
            with self._pool.connection() as conn:
                tr = self._row(conn, tid)
        want = tr.token_sha256 if tr is not None else hash_token(secrets.token_hex(8))
        return hmac.compare_digest(want, hash_token(token or "")) and tr is not None and token is not None

    def open_tables(self, operator: str | None) -> list[TableEntry]:  # pragma: no cover - counted in SQL
        raise NotImplementedError

    def create(self, config: Mapping[str, Any], *, public: bool = False, seed: int | None = None,
               operator: str | None = None, mode: str | None = None, limit: int | None = None) -> tuple[str, str]:
        entry, token, (sql, params) = self._new(config, public, seed, operator, mode)
        with self._tx() as conn:
            if limit is not None:
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"operator:{operator}",))
                n = conn.execute("SELECT count(*) FROM tables WHERE operator IS NOT DISTINCT FROM %s AND closed IS NULL",
                                 (operator,)).fetchone()[0]
                if n >= limit:
                    raise TableLimitError(f"operator {operator!r} has {limit} open tables, the most allowed: close one first")
            conn.execute(_pg(sql), params)
        assert entry.row is not None
        entry.head = entry.row.head
        with self._guard:
            self._tables[entry.id] = entry
        return entry.id, token

    def act(self, table: AnyTable | TableEntry, action: Mapping[str, Any]) -> Any:
        assert isinstance(table, TableEntry)
        return self.perform(table, action)[0]

    def perform(self, entry: TableEntry, action: Mapping[str, Any], if_seq: int | None = None) -> tuple[Any, dict[str, Any]]:
        with entry.lock:
            try:
                with self._tx() as conn:
                    tr = self._row(conn, entry.id, lock=True)  # the table's row: one action at a time, every process
                    if tr is None:  # pragma: no cover - tables are never deleted
                        raise UnknownTableError(f"no table {entry.id!r}")
                    entry.row = tr
                    t = self._fresh(conn, entry, tr)
                    if if_seq is not None and if_seq != t.seq:
                        raise ConflictError(f"table {entry.id!r} is at seq {t.seq}, not {if_seq}")
                    t0 = time.thread_time()
                    result = t.apply(action)
                    entry.engine_seconds = time.thread_time() - t0
                    try:
                        rows, h = self._rows_for(entry, t, action, result)
                        for sql, params in rows:
                            conn.execute(_pg(sql), params)
                    except BaseException:
                        entry.table = None  # applied in memory, not written: rebuilt next time
                        raise
                    view = t.view()
            except BaseException as e:
                from paigow.errors import PaigowError
                from pcc.errors import PccError

                if not isinstance(e, (PaigowError, PccError)):  # the commit (or the database) failed
                    entry.table = None
                raise
            entry.head = h
            tr.seq, tr.head = t.seq, h
            return result, view

    def read(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        if entry.closed is not None:
            return self._archived(entry, public)
        assert entry.row is not None
        with entry.lock, self._tx() as conn:
            return self._fresh(conn, entry, entry.row).view(public)

    def _archived(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        with self._pool.connection() as conn:
            row = conn.execute("SELECT archive FROM tables WHERE id = %s", (entry.id,)).fetchone()
        archive = json.loads(row[0])
        return {**archive["public" if public else "dealer"], "closed": entry.closed}

    def finished_round(self, entry: TableEntry, number: int, public: bool) -> dict[str, Any]:
        with self._pool.connection() as conn:
            row = conn.execute("SELECT record, public FROM rounds WHERE table_id = %s AND number = %s",
                               (entry.id, number)).fetchone()
            n = conn.execute("SELECT count(*) FROM rounds WHERE table_id = %s", (entry.id,)).fetchone()[0]
        if row is None:
            raise UnknownRoundError(f"table {entry.id!r} has {n} finished rounds, not {number}")
        return json.loads(row[1]) if public else json.loads(row[0])  # type: ignore[no-any-return]

    def close_table(self, entry: TableEntry) -> dict[str, Any]:
        with entry.lock, self._tx() as conn:
            tr = self._row(conn, entry.id, lock=True)
            assert tr is not None
            t = self._fresh(conn, entry, tr)
            if round_open(t):
                raise RoundOpenError(f"table {entry.id!r} has a round open: end it first")
            at = now_text()
            archive = dumps({"dealer": t.view(), "public": t.view(public=True)})
            seq = t.seq + 1
            a_text, r_text = dumps({"action": "close"}), dumps({"closed": at, "rounds": rounds_finished(t)})
            h = row_hash(entry.head, entry.id, seq, a_text, None, r_text, at)
            conn.execute("INSERT INTO journal (table_id, seq, action, result, at, drawn, prev, hash)"
                         " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", (entry.id, seq, a_text, r_text, at, None, entry.head, h))
            conn.execute("UPDATE tables SET seq = %s, head = %s, closed = %s, archive = %s WHERE id = %s",
                         (seq, h, at, archive, entry.id))
        entry.closed, entry.head, entry.table = at, h, None
        return {"id": entry.id, "closed": at, "seq": seq, "head": h}

    def rotate_token(self, entry: TableEntry) -> str:
        token = secrets.token_urlsafe(24)
        with self._tx() as conn:
            tr = self._row(conn, entry.id, lock=True)
            if tr is None or tr.closed is not None:
                raise TableClosedError(f"table {entry.id!r} was closed")
            conn.execute("UPDATE tables SET token_sha256 = %s WHERE id = %s", (hash_token(token), entry.id))
        entry.token_sha256 = hash_token(token)
        return token

    def export(self, entry: TableEntry) -> dict[str, Any]:
        with self._pool.connection() as conn:
            tr = self._row(conn, entry.id)
            rows = self._rows(conn, entry.id)
        assert tr is not None
        return export_rows(tr, rows, withhold_from(rows))

    def journal_length(self, tid: str) -> int:
        with self._pool.connection() as conn:
            n = int(conn.execute("SELECT count(*) FROM journal WHERE table_id = %s", (tid,)).fetchone()[0])
        return n

    def quarantined(self) -> dict[str, str]:
        return {e.id: e.quarantined for e in list(self._tables.values()) if e.quarantined}

    def probe(self) -> None:
        try:
            with self._tx() as conn:
                conn.execute("UPDATE meta SET value = value WHERE key = 'schema'")
        except Exception:
            pass

    def listing(self, operator: str) -> list[dict[str, Any]]:
        with self._pool.connection() as conn:
            rows = conn.execute("SELECT id, public, mode, seq, closed, config FROM tables WHERE operator IS NULL OR"
                                " operator = %s ORDER BY n", (operator,)).fetchall()
        q = self.quarantined()
        return [{"id": i, "game": config_game(g), "public": bool(p), "mode": m, "seq": s, "closed": c,
                 "quarantined": q.get(i)} for i, p, m, s, c, g in rows]


def _read_only(url: str) -> Any:
    conn = _connect(url)
    conn.autocommit = False
    conn.read_only = True
    return conn


def pg_audit(url: str) -> list[dict[str, Any]]:
    """:func:`paigow.serve.journal.audit` on PostgreSQL."""
    import psycopg

    conn = _read_only(url)
    try:
        tables = [TableRow.of(r) for r in conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY n")]
        return [audit_table(tr, PgJournal._rows(conn, tr.id)) for tr in tables]
    except psycopg.Error as e:
        raise JournalOpenError(f"the journal {_safe(url)} is not a journal of paigow serve: {' '.join(str(e).split())}") from None
    finally:
        conn.close()


def pg_export(url: str, tid: str) -> dict[str, Any]:
    """:func:`paigow.serve.journal.export_table` on PostgreSQL."""
    conn = _read_only(url)
    try:
        r = conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = %s", (tid,)).fetchone()
        if r is None:
            raise UnknownTableError(f"no table {tid!r} in {_safe(url)}")
        rows = PgJournal._rows(conn, tid)
        return export_rows(TableRow.of(r), rows, withhold_from(rows))
    finally:
        conn.close()
