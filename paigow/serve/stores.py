"""The journal's two stores, opened by what ``--db`` names: an SQLite file
(:mod:`paigow.serve.journal`) or a ``postgresql://`` URL (:mod:`paigow.serve.pgjournal`), for
serving, auditing and the regulator's export alike.

>>> is_postgres("postgresql://floor@/paigow"), is_postgres("paigow.db")
(True, False)
"""

from __future__ import annotations

from typing import Any

from paigow.serve import journal

__all__ = ["is_postgres", "open_journal", "audit", "export_table"]


def is_postgres(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://`` URL)."""
    return db.startswith(("postgresql://", "postgres://"))


def open_journal(db: str, **kwargs: Any) -> journal.Journal:
    """The journal at ``db``: an SQLite file, or a ``postgresql://`` URL (the ``postgres`` extra)."""
    if is_postgres(db):
        from paigow.serve.pgjournal import PgJournal  # psycopg, only for a PostgreSQL journal

        return PgJournal(db, **kwargs)
    return journal.Journal(db, **kwargs)


def audit(db: str) -> list[dict[str, Any]]:
    """Every table's hash chain checked in the journal at ``db``, without serving it
    (:func:`paigow.serve.journal.audit`, on either store)."""
    if is_postgres(db):
        from paigow.serve.pgjournal import pg_audit

        return pg_audit(db)
    return journal.audit(db)


def export_table(db: str, tid: str) -> dict[str, Any]:
    """Table ``tid``'s whole journal for the regulator, read without serving it (either store)."""
    if is_postgres(db):
        from paigow.serve.pgjournal import pg_export

        return pg_export(db, tid)
    return journal.export_table(db, tid)
