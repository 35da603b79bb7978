"""The journal's PostgreSQL store (psycopg 3): the same tables as SQLite's, served by any number
of processes against one database.

A read is one ``REPEATABLE READ`` transaction: a table's row and its journal rows are read as of
one moment, so a row another process commits meanwhile is never taken for a broken chain. A
write is one transaction, guarded by its ``check`` (the table's row updated only where it still
is at the ``seq`` and ``head`` the action was taken on: the journal's primary key and this check
keep each table's actions in one order whichever process takes them); an action holds its table
(:meth:`PostgresStore.hold`, a session advisory lock) from reading it to committing, so two
processes acting on one table take turns instead of redoing each other's work. Every write to a table
notifies (``NOTIFY paigow_tables``) at its commit; :meth:`PostgresStore.wait` listens on one
connection per process.

Needs the ``postgres`` extra (``pip install 'macau-table-games[postgres]'``: psycopg 3).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from paigow.serve.errors import JournalOpenError
from paigow.serve.journal.chain import SCHEMA_VERSION
from paigow.serve.journal.dialect import Query, Signals, StaleWrite, Stmt

__all__ = ["PostgresStore", "safe_url"]

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, token_sha256 TEXT NOT NULL, public INTEGER NOT NULL, seed TEXT NOT NULL,
        config TEXT NOT NULL, created TEXT NOT NULL, operator TEXT, mode TEXT NOT NULL, genesis TEXT NOT NULL,
        seq INTEGER NOT NULL DEFAULT 0, head TEXT NOT NULL, closed TEXT, archive TEXT, n BIGSERIAL)""",
    """CREATE TABLE IF NOT EXISTS journal (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, action TEXT NOT NULL,
        result TEXT NOT NULL, at TEXT NOT NULL, drawn TEXT, prev TEXT NOT NULL, hash TEXT NOT NULL, stored TEXT,
        PRIMARY KEY (table_id, seq))""",
    """CREATE TABLE IF NOT EXISTS rounds (
        table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL, seq INTEGER NOT NULL,
        record TEXT NOT NULL, public TEXT NOT NULL, PRIMARY KEY (table_id, number))""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, head TEXT NOT NULL,
        state TEXT NOT NULL, PRIMARY KEY (table_id, seq))""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL REFERENCES tables(id), position INTEGER NOT NULL, token_sha256 TEXT NOT NULL,
        granted TEXT NOT NULL, PRIMARY KEY (table_id, position))""",
    """CREATE TABLE IF NOT EXISTS seat_log (
        table_id TEXT NOT NULL REFERENCES tables(id), position INTEGER NOT NULL, event TEXT NOT NULL,
        token_sha256 TEXT, at TEXT NOT NULL)""",
]
_SCHEMA_LOCK = 0x7061_6967_6F77  # the advisory lock taken while the schema is made ("paigow")
_CHANNEL = "paigow_tables"


def _pg(sql: str) -> str:
    return sql.replace("?", "%s")


def safe_url(url: str) -> str:
    """The URL without its password.

    >>> safe_url("postgresql://floor:secret@db.example/paigow")
    'postgresql://floor@db.example/paigow'
    """
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        cred, host = rest.rsplit("@", 1)
        return f"{scheme}://{cred.split(':')[0]}@{host}"
    return url


def _raw_connect(url: str) -> Any:
    """A connection (psycopg's errors as they are: a request answers them with 503)."""
    import psycopg

    return psycopg.connect(url, connect_timeout=10, autocommit=True)  # transactions are explicit


def _message(e: BaseException) -> str:
    return " ".join(str(e).split())


class _Pool:
    """A few connections shared by the request threads. Once closed it makes none (a request
    thread still running at shutdown gets psycopg's ``OperationalError``, answered with 503) and
    closes any given back, so no connection outlives it."""

    def __init__(self, url: str, size: int = 8) -> None:
        self.url, self.size = url, size
        self._free: queue.LifoQueue[Any] = queue.LifoQueue()
        self._made = 0
        self._lock = threading.Lock()
        self._all: list[Any] = []
        self._closed = False

    def _take(self) -> Any:
        try:
            return self._free.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            if self._closed:
                import psycopg

                raise psycopg.OperationalError("the journal's connections are closed (the service is stopping)")
            make = self._made < self.size
            if make:
                self._made += 1
        if not make:
            return self._free.get()
        try:
            conn = _raw_connect(self.url)
        except BaseException:
            with self._lock:
                self._made -= 1
            raise
        with self._lock:
            if not self._closed:
                self._all.append(conn)
                return conn
        conn.close()  # made while the pool closed: not kept
        import psycopg

        raise psycopg.OperationalError("the journal's connections are closed (the service is stopping)")

    @contextlib.contextmanager
    def connection(self) -> Iterator[Any]:
        conn = self._take()
        try:
            yield conn
        finally:
            if conn.closed or conn.broken:
                with self._lock:
                    self._made -= 1
                    if conn in self._all:
                        self._all.remove(conn)
            elif self._closed:
                conn.close()
            else:
                self._free.put(conn)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for c in self._all:
                try:
                    c.close()
                except Exception:  # pragma: no cover
                    pass
            self._all.clear()
            while True:  # the free ones are closed above: none is handed out again
                try:
                    self._free.get_nowait()
                except queue.Empty:
                    break


class PostgresStore:
    """The PostgreSQL database at ``url`` (its tables made if missing); ``read_only``: one
    read-only connection, to audit or export it."""

    name = "postgresql"
    shared = True
    order = "n"

    def __init__(self, url: str, *, pool: int = 8, read_only: bool = False) -> None:
        import psycopg

        self.url = url
        self.path = safe_url(url)
        self.read_only = read_only
        self._signals = Signals()
        self._listener: threading.Thread | None = None
        self._listen_lock = threading.Lock()
        self._local = threading.local()
        self._closing = threading.Event()
        self._pool = _Pool(url, 1 if read_only else pool)
        try:
            with self._pool.connection() as conn:
                if not read_only:
                    self._schema(conn)
        except psycopg.Error as e:
            self._pool.close()
            raise JournalOpenError(f"cannot open the journal {self.path}: {_message(e)}") from None
        except BaseException:
            self._pool.close()
            raise

    def _schema(self, conn: Any) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for stmt in _SCHEMA:
                conn.execute(stmt)
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is not None and int(row[0]) not in (2, SCHEMA_VERSION):
                raise JournalOpenError(f"the journal {self.path} has schema {row[0]}: this paigow reads {SCHEMA_VERSION}")
            conn.execute("ALTER TABLE journal ADD COLUMN IF NOT EXISTS stored TEXT")  # schema 3
            conn.execute("INSERT INTO meta VALUES ('schema', %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                         (str(SCHEMA_VERSION),))

    def close(self) -> None:
        self._closing.set()
        if self._listener is not None:
            self._listener.join(5)
        self._pool.close()

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        """The connection this thread holds a table on (:meth:`hold`), else one of the pool's."""
        held = getattr(self._local, "conn", None)
        if held is not None:
            yield held
            return
        with self._pool.connection() as conn:
            yield conn

    @contextlib.contextmanager
    def hold(self, table: str) -> Iterator[None]:
        """Hold ``table`` against every process's writers (a session advisory lock), this thread's
        reads and writes going on the connection that holds it; released at the end, or by the
        server if the connection is lost."""
        with self._pool.connection() as conn:
            conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (f"paigow-table:{table}",))
            self._local.conn = conn
            try:
                yield
            finally:
                self._local.conn = None
                if not (conn.closed or conn.broken):
                    conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (f"paigow-table:{table}",))

    @contextlib.contextmanager
    def read(self, consistent: bool = True) -> Iterator[Query]:
        with self._connection() as conn:
            def query(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
                return [tuple(r) for r in conn.execute(_pg(sql), tuple(params)).fetchall()]

            if not consistent:
                yield query
                return
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield query
            finally:
                if not (conn.closed or conn.broken):
                    conn.execute("ROLLBACK")  # read only: nothing to commit

    def write(self, stmts: Sequence[Stmt], check: Stmt | None = None, lock: str | None = None,
              table: str | None = None) -> None:
        with self._connection() as conn, conn.transaction():
            if lock is not None:
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (lock,))
            if check is not None and conn.execute(_pg(check[0]), tuple(check[1])).rowcount != 1:
                raise StaleWrite()
            for sql, params in stmts:
                conn.execute(_pg(sql), tuple(params))
            if table is not None:
                conn.execute("SELECT pg_notify(%s, %s)", (_CHANNEL, table))

    # -- waiting for a table's change: LISTEN on one connection of the process ---------------------
    def watch(self, table: str) -> int:
        if self._listener is None:
            self._listen()
        return self._signals.watch(table)

    def wait(self, table: str, generation: int, timeout: float) -> bool:
        return self._signals.wait(table, generation, timeout)

    def _listen(self) -> None:
        started = threading.Event()
        with self._listen_lock:
            if self._listener is None:
                self._listener = threading.Thread(target=self._listen_loop, args=(started,), name="paigow-listen",
                                                  daemon=True)
                self._listener.start()
            else:
                started.set()
        started.wait(10)

    def _listen_loop(self, started: threading.Event) -> None:
        """Listen until closed; a lost connection is made again (every waiter woken: anything may
        have changed meanwhile)."""
        while not self._closing.is_set():
            try:
                conn = _raw_connect(self.url)
            except Exception:
                started.set()
                self._signals.bump(None)
                self._closing.wait(1.0)
                continue
            try:
                conn.execute(f"LISTEN {_CHANNEL}")
                started.set()
                self._signals.bump(None)
                while not self._closing.is_set():
                    tables = [n.payload for n in conn.notifies(timeout=0.5, stop_after=1)]
                    if tables:
                        self._signals.bump(tables)
            except Exception:
                self._signals.bump(None)
                time.sleep(0.2)
            finally:
                try:
                    conn.close()
                except Exception:  # pragma: no cover
                    pass
