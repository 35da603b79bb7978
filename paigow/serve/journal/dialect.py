"""The small interface the journal's engine (:mod:`paigow.serve.journal.engine`) asks of a store:
a consistent read, an atomic guarded write, holding a table across both, a wait for a table's
change, and closing. SQL is
written with ``?`` placeholders and what SQLite and PostgreSQL both take; a dialect translates
the placeholders.

>>> s = Signals()
>>> g = s.watch("t1")
>>> s.bump(["t1"])
>>> s.wait("t1", g, 5.0), s.wait("t1", s.watch("t1"), 0.01)
(True, False)
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

__all__ = ["Dialect", "Stmt", "Query", "StaleWrite", "Signals"]

Stmt = tuple[str, Sequence[Any]]
"""One SQL statement (``?`` placeholders) and its parameters."""
Query = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]
"""Runs one read statement, returning its rows."""


class StaleWrite(Exception):
    """A write's ``check`` statement changed no row: the store is not where the writer read it
    (another process wrote first; the operator's table limit is reached). Nothing was written."""


class Dialect(Protocol):
    """A journal's store. ``name`` is "sqlite" or "postgresql"; ``path`` names the store for
    messages (no password), ``url`` opens it (the display's own reader); ``shared``: other
    processes write to it too, so nothing kept in memory is trusted across requests; ``order``:
    the column ``tables`` is listed by (the order the tables were opened)."""

    name: str
    path: str
    url: str
    shared: bool
    order: str

    def read(self, consistent: bool = True) -> contextlib.AbstractContextManager[Query]:
        """Reads of committed state; ``consistent``: in one transaction, every query seeing the same
        state (else each query on its own: for a single query, one round trip fewer)."""
        ...

    def write(self, stmts: Sequence[Stmt], check: Stmt | None = None, lock: str | None = None,
              table: str | None = None) -> None:
        """Commit ``stmts`` in one transaction, durably, or nothing: raises the store's error.
        ``check`` runs first and must change exactly one row, or :class:`StaleWrite` is raised;
        ``lock`` names a lock held (across processes) for the transaction; ``table``: the table
        the write changes, for :meth:`wait`'s waiters (on every process)."""
        ...

    def hold(self, table: str) -> contextlib.AbstractContextManager[None]:
        """Hold ``table`` against other processes' actions from reading it to writing it (while
        held, this thread's reads and writes see and make the table's state alone)."""
        ...

    def watch(self, table: str) -> int:
        """The generation of ``table``'s changes now (read before looking at the table)."""
        ...

    def wait(self, table: str, generation: int, timeout: float) -> bool:
        """Wait until a write to ``table`` after ``generation`` (True), or ``timeout`` seconds (False)."""
        ...

    def close(self) -> None:
        ...


class Signals:
    """Each table's generation of changes and a condition to wait on it (the dialects' :meth:`Dialect.watch`
    and :meth:`Dialect.wait`)."""

    def __init__(self) -> None:
        self._gen: dict[str, int] = {}
        self._all = 0  # bumped for every table at once (a lost notification channel)
        self._cv = threading.Condition()

    def watch(self, table: str) -> int:
        with self._cv:
            return self._gen.get(table, 0) + self._all

    def bump(self, tables: Iterable[str] | None) -> None:
        """Tables changed (None: any may have)."""
        with self._cv:
            if tables is None:
                self._all += 1
            else:
                for t in tables:
                    self._gen[t] = self._gen.get(t, 0) + 1
            self._cv.notify_all()

    def wait(self, table: str, generation: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cv:
            while self._gen.get(table, 0) + self._all == generation:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(left)
            return True

