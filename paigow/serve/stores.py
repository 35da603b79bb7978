"""The journal's two stores, opened by what ``--db`` names: an SQLite file
(:mod:`paigow.serve.journal.sqlite`) or a ``postgresql://`` URL
(:mod:`paigow.serve.journal.postgres`), for serving, auditing and the regulator's export alike.

>>> is_postgres("postgresql://floor@/paigow"), is_postgres("paigow.db")
(True, False)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from paigow.serve.errors import JournalOpenError
from paigow.serve.journal import engine
from paigow.serve.journal.dialect import Dialect
from paigow.serve.journal import sqlite as sqlite_store
from paigow.serve.journal.sqlite import SqliteStore

__all__ = ["is_postgres", "open_store", "open_journal", "audit", "export_table", "backup"]

_R = TypeVar("_R")


def is_postgres(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://`` URL)."""
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str, *, read_only: bool = False, pool: int | None = None) -> Dialect:
    """The store at ``db``: an SQLite file, or a ``postgresql://`` URL (the ``postgres`` extra);
    ``read_only``: to audit or export it, while another process may serve it."""
    if is_postgres(db):
        from paigow.serve.journal.postgres import PostgresStore  # psycopg, only for a PostgreSQL journal

        return PostgresStore(db, read_only=read_only, **({"pool": pool} if pool is not None else {}))
    return SqliteStore(db, read_only=read_only)


def _store_errors(db: str) -> tuple[type[BaseException], ...]:
    if is_postgres(db):
        import psycopg

        return (psycopg.Error,)
    return (sqlite3.Error,)


def _guarded(db: str, store: Dialect, what: Callable[[], _R], close: bool) -> _R:
    """``what()``, a store's error made the one line ``paigow serve`` prints."""
    try:
        return what()
    except _store_errors(db) as e:
        text = " ".join(str(e).split())
        if is_postgres(db):
            raise JournalOpenError(f"the journal {store.path} cannot be used: {text}") from None
        raise JournalOpenError(f"the journal {db} is not a usable SQLite database: {text}") from None
    finally:
        if close:
            store.close()


def open_journal(db: str, *, snapshot_every: int | None = None, pool: int | None = None) -> engine.Journal:
    """The journal at ``db``, every open table rebuilt from it."""
    store = open_store(db, pool=pool)
    kw = {"snapshot_every": snapshot_every} if snapshot_every is not None else {}
    return _guarded(db, store, lambda: engine.Journal(store, **kw), close=False)


def audit(db: str) -> list[dict[str, Any]]:
    """Every table's hash chain checked in the journal at ``db``, without serving it
    (:func:`paigow.serve.journal.engine.audit`, on either store)."""
    store = open_store(db, read_only=True)
    return _guarded(db, store, lambda: engine.audit(store), close=True)


def export_table(db: str, tid: str) -> dict[str, Any]:
    """Table ``tid``'s whole journal for the regulator, read without serving it (either store)."""
    store = open_store(db, read_only=True)
    return _guarded(db, store, lambda: engine.export_table(store, tid), close=True)


def backup(db: str, dest: str) -> None:
    """A consistent copy of the SQLite journal ``db`` in the new file ``dest`` (0600), made while it
    may be served (SQLite's online backup); a PostgreSQL journal is backed up by PostgreSQL's tools."""
    if is_postgres(db):
        raise JournalOpenError("a PostgreSQL journal is backed up with pg_dump or the cluster's base backups,"
                               " not --backup")
    sqlite_store.backup(db, dest)
