"""The journal's SQLite store: one file, served by one process at a time (an exclusive lock
beside it), in WAL mode with ``synchronous=FULL``: a commit is on disk when it returns. Writes
are group-committed: callers queue their statements and wait; one writer thread commits every
queued write in one transaction (one fsync), then wakes them. Reads go on each thread's own
connection, in a read transaction (WAL: a consistent state while the writer goes on).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from paigow.serve.errors import JournalOpenError
from paigow.serve.journal.chain import SCHEMA_VERSION, genesis_hash, row_hash
from paigow.serve.journal.dialect import Query, Signals, StaleWrite, Stmt

__all__ = ["SqliteStore", "backup"]

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
    stored TEXT,
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
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    position INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    granted TEXT NOT NULL,
    PRIMARY KEY (table_id, position)
);
CREATE TABLE IF NOT EXISTS seat_log (
    table_id TEXT NOT NULL REFERENCES tables(id),
    position INTEGER NOT NULL,
    event TEXT NOT NULL,
    token_sha256 TEXT,
    at TEXT NOT NULL
);
"""
# columns schema 1 lacked (added by the migration, which also computes the hash chain)
_V1_COLUMNS = {
    "tables": [("operator", "TEXT"), ("mode", "TEXT NOT NULL DEFAULT 'simulation'"),
               ("genesis", "TEXT NOT NULL DEFAULT ''"), ("seq", "INTEGER NOT NULL DEFAULT 0"),
               ("head", "TEXT NOT NULL DEFAULT ''"), ("closed", "TEXT"), ("archive", "TEXT")],
    "journal": [("drawn", "TEXT"), ("prev", "TEXT NOT NULL DEFAULT ''"), ("hash", "TEXT NOT NULL DEFAULT ''")],
}
_V2_COLUMNS = {"journal": [("stored", "TEXT")]}  # schema 3: the digest of what a row stored beside it
_PRIVATE = 0o600  # the journal holds the open round's stacks: its owner's only



def _lock(path: str) -> Any:
    """An exclusive lock on ``path + '.lock'`` held while the journal is open: one process per file."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock
        return None
    try:
        f = os.fdopen(os.open(path + ".lock", os.O_WRONLY | os.O_APPEND | os.O_CREAT, _PRIVATE), "a")
    except OSError as e:
        raise JournalOpenError(f"cannot open the journal {path}: {e.strerror or e}") from None
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        raise JournalOpenError(f"the journal {path} is in use by another process (one paigow serve per SQLite file;"
                               " PostgreSQL serves many)") from None
    return f


class _Ticket:
    __slots__ = ("stmts", "check", "table", "done", "error")

    def __init__(self, stmts: Sequence[Stmt], check: Stmt | None, table: str | None) -> None:
        self.stmts, self.check, self.table = stmts, check, table
        self.done = threading.Event()
        self.error: BaseException | None = None


class SqliteStore:
    """The SQLite file at ``path`` (created if missing, migrated from schema 1), opened to serve;
    ``read_only``: opened as it is, to audit or export it while another process serves it."""

    name = "sqlite"
    shared = False
    order = "rowid"

    def __init__(self, path: str, *, read_only: bool = False) -> None:
        self.path = self.url = path
        self.read_only = read_only
        self._signals = Signals()
        self._readers: list[sqlite3.Connection] = []
        self._local = threading.local()
        self._lockfile: Any = None
        if read_only:
            if not os.path.isfile(path):
                raise JournalOpenError(f"no journal at {path}")
            self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False,
                                        isolation_level=None)
            self._cv = threading.Condition()
            self._closing = True
            return
        if os.path.isdir(path):
            raise JournalOpenError(f"cannot open the journal {path}: it is a directory")
        self._lockfile = _lock(path)
        try:
            if not os.path.exists(path):  # SQLite gives its WAL and shared memory the file's mode
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _PRIVATE))
            self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            self._unlock()
            raise JournalOpenError(f"cannot open the journal {path}: {getattr(e, 'strerror', None) or e}") from None
        try:
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=FULL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            _private(path)
        except sqlite3.Error as e:
            self.conn.close()
            self._unlock()
            if _full(path, e):
                raise JournalOpenError(f"the journal {path} cannot be written: the disk is full ({e})") from None
            raise JournalOpenError(f"the journal {path} is not a usable SQLite database: {e}") from None
        except BaseException:
            self.conn.close()
            self._unlock()
            raise
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
        if not self.read_only:
            with self._cv:
                if self._closing:
                    return
                self._closing = True
                self._cv.notify()
            self._writer.join()
        for r in self._readers:
            r.close()
        if not self.read_only:
            try:  # the WAL into the file, so a clean stop leaves the whole journal in paigow.db
                self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:  # pragma: no cover - a reader still open elsewhere: the next start does it
                pass
        self.conn.close()
        self._unlock()

    # -- the schema ---------------------------------------------------------------------------------
    def _migrate(self) -> None:
        db = self.conn
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
            for name, cols in [*(_V1_COLUMNS.items() if version == 1 else []),
                               *(_V2_COLUMNS.items() if version in (1, 2) else [])]:
                present = {r[1] for r in db.execute(f"PRAGMA table_info({name})")}
                for col, decl in cols:
                    if col not in present:
                        db.execute(f"ALTER TABLE {name} ADD COLUMN {col} {decl}")
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    db.execute(stmt)
            if version == 1:
                _chain_v1(db)
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # SQLite rolls back by itself on a full disk: the cause is raised, not ROLLBACK's
                db.execute("ROLLBACK")
            raise

    # -- writing: group commit ----------------------------------------------------------------------
    def _write_loop(self) -> None:
        while True:
            with self._cv:
                while not self._pending and not self._closing:
                    self._cv.wait()
                batch, self._pending = self._pending, []
                if not batch and self._closing:
                    return
            try:
                self._commit_batch(batch)
            except Exception as e:  # every caller of the batch sees the failure
                for ticket in batch:
                    ticket.error = e
            else:
                self._signals.bump([t.table for t in batch if t.table is not None and t.error is None])
            for ticket in batch:
                ticket.done.set()

    def _commit_batch(self, batch: list[_Ticket]) -> None:
        db = self.conn
        db.execute("BEGIN IMMEDIATE")
        try:
            for ticket in batch:
                if ticket.check is not None and db.execute(*ticket.check).rowcount != 1:
                    ticket.error = StaleWrite()  # the check changed nothing: nor does the rest
                    continue
                for sql, params in ticket.stmts:
                    db.execute(sql, params)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # SQLite rolls back by itself on a full disk
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:  # pragma: no cover - the transaction is gone already
                    pass
            raise

    def write(self, stmts: Sequence[Stmt], check: Stmt | None = None, lock: str | None = None,
              table: str | None = None) -> None:
        """Queue the write and return once it is committed (on disk); ``lock`` is not needed:
        the writer is one thread of the one process."""
        ticket = _Ticket(stmts, check, table)
        with self._cv:
            if self._closing:
                raise RuntimeError("the journal is closed")
            self._pending.append(ticket)
            self._cv.notify()
        ticket.done.wait()
        if ticket.error is not None:
            raise ticket.error

    # -- reading ------------------------------------------------------------------------------------
    def _reader(self) -> sqlite3.Connection:
        """This thread's own connection for reads (the writer owns the main one)."""
        if self.read_only:
            return self.conn
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._local.db = db
            self._readers.append(db)
        return db

    @contextlib.contextmanager
    def read(self, consistent: bool = True) -> Iterator[Query]:
        db = self._reader()

        def query(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
            return db.execute(sql, tuple(params)).fetchall()

        if not consistent:
            yield query
            return
        db.execute("BEGIN")
        try:
            yield query
        finally:
            db.execute("COMMIT")

    def hold(self, table: str) -> contextlib.AbstractContextManager[None]:
        """Nothing to hold: this process is the file's only writer (the table's lock serialises it)."""
        return contextlib.nullcontext()

    def watch(self, table: str) -> int:
        return self._signals.watch(table)

    def wait(self, table: str, generation: int, timeout: float) -> bool:
        return self._signals.wait(table, generation, timeout)


def _full(path: str, e: sqlite3.Error) -> bool:
    """Whether ``e`` is the disk being full: SQLite's SQLITE_FULL, or an I/O error (its shared memory
    file cannot grow) where the file system has less than 1 MiB free."""
    code = getattr(e, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return True
    try:
        st = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:  # pragma: no cover
        return False
    return code == sqlite3.SQLITE_IOERR and st.f_bavail * st.f_frsize < 1 << 20


def _private(path: str) -> None:
    """Refuse a journal (or its WAL) that others may read or write: it holds the open round's stacks."""
    for f in (path, path + "-wal", path + "-shm"):
        try:
            mode = os.stat(f).st_mode & 0o777
        except FileNotFoundError:
            continue
        if mode & 0o077:
            raise JournalOpenError(f"the journal {f} may be read by others (mode {mode:04o}): it holds the open"
                                   f" round's stacks; chmod 600 {f}")


def backup(path: str, dest: str) -> None:
    """A consistent copy of the journal at ``path`` in ``dest`` (created 0600), made by SQLite's
    online backup while another process may serve it."""
    if not os.path.isfile(path):
        raise JournalOpenError(f"no journal at {path}")
    if os.path.exists(dest):
        raise JournalOpenError(f"{dest} exists: a backup is written to a new file")
    try:
        os.close(os.open(dest, os.O_RDWR | os.O_CREAT | os.O_EXCL, _PRIVATE))
    except OSError as e:
        raise JournalOpenError(f"cannot write the backup {dest}: {e.strerror or e}") from None
    try:
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
            out.execute("PRAGMA journal_mode=DELETE")  # one file, whole
        finally:
            out.close()
            src.close()
    except sqlite3.Error as e:
        os.unlink(dest)
        raise JournalOpenError(f"cannot back up the journal {path}: {e}") from None


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
