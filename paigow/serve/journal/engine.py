"""The journal: every accepted table action, appended to a store (:mod:`.sqlite` or
:mod:`.postgres`, through the small interface of :mod:`.dialect`) before it is answered.

An action is performed in memory first (the engine refuses it or accepts it, changing nothing
when it refuses), then its rows are written in one transaction, and only then answered. The write
is guarded: the table's row moves from the ``seq`` and ``head`` the action was taken on, or the
write changes nothing (another process went first on the same PostgreSQL database) and the action
is taken again on the table brought up to date. On a store other processes write too
(``shared``), nothing kept in memory is trusted: each request reads the table's row, and the table
kept in memory is used only while its ``seq`` and ``head`` are the store's, else brought forward
from the journal rows after it (their chain checked, each result replayed) or rebuilt from the
latest snapshot. Every such read is one consistent read of the store, so a quarantine means the
journal is wrong, never that a reader raced a writer.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from paigow.serve.errors import (
    ConflictError,
    QuarantinedError,
    RoundOpenError,
    SeedError,
    TableClosedError,
    TableLimitError,
    UnknownRoundError,
    UnknownTableError,
)
from paigow.serve.seat_requests import lapse_action
from paigow.serve.games import AnyTable, config_game, new_table, round_open, rounds_finished
from paigow.serve.journal.chain import (
    ROW_COLUMNS,
    SNAPSHOT_EVERY,
    TABLE_COLUMNS,
    ReplayError,
    TableEntry,
    TableRow,
    audit_table,
    check_stored,
    dumps,
    export_rows,
    follow,
    genesis_hash,
    hash_token,
    now_text,
    quarantine_line,
    rebuild,
    replay,
    row_hash,
    stored_digest,
    withhold_from,
)
from paigow.serve.journal.dialect import Dialect, Query, StaleWrite, Stmt

__all__ = ["Journal", "audit", "export_table", "ATTEMPTS", "TOKEN_ALPHABET", "TOKEN_LENGTH", "new_token"]

ATTEMPTS = 8
"""Times an action is taken again when another process wrote the table first."""
_R = TypeVar("_R")
_ROUND = "INSERT INTO rounds (table_id, number, seq, record, public) VALUES (?, ?, ?, ?, ?)"
_SEAT = ("INSERT INTO seats (table_id, position, token_sha256, granted) VALUES (?, ?, ?, ?) ON CONFLICT (table_id,"
         " position) DO UPDATE SET token_sha256 = excluded.token_sha256, granted = excluded.granted")
_SEAT_LOG = "INSERT INTO seat_log (table_id, position, event, token_sha256, at) VALUES (?, ?, ?, ?, ?)"
_JOURNAL = ("INSERT INTO journal (table_id, seq, action, result, at, drawn, prev, hash, stored)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _row(q: Query, tid: str) -> TableRow | None:
    rows = q(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (tid,))
    return TableRow.of(rows[0]) if rows else None


def _rows(q: Query, tid: str, after: int = 0) -> list[tuple[Any, ...]]:
    return q(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? AND seq > ? ORDER BY seq", (tid, after))


#: the characters of a dealer token: letters and digits without the look-alikes 0/O/o and 1/l/I, so
#: that a token read off paper or a screen is typed right
TOKEN_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz"
TOKEN_LENGTH = 34  # 34 x log2(56), about 197 bits: no fewer than the 24 random bytes of the tokens before


def new_token() -> str:
    """A new dealer token: :data:`TOKEN_LENGTH` characters of :data:`TOKEN_ALPHABET` from the secure
    generator. A token given before (``secrets.token_urlsafe``, any of 64 characters) still works:
    a token is checked by its hash, whatever its characters.

    >>> t = new_token()
    >>> len(t), set(t) <= set(TOKEN_ALPHABET), set(t) & set("0Oo1lI")
    (34, True, set())
    """
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


class Journal:
    """The journal in ``store`` and every open table rebuilt from it (a table whose journal does
    not check or replay is quarantined: named, refused with 503, and the others serve)."""

    def __init__(self, store: Dialect, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.dialect = store
        self.store = store.name
        self.path, self.url = store.path, store.url
        self.snapshot_every = snapshot_every
        self.failure: str | None = None  # the cause of the last failed write, until one succeeds
        self._tables: dict[str, TableEntry] = {}
        self._guard = threading.Lock()
        self._create_lock = threading.Lock()
        self._local = threading.local()
        try:
            self._load()
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        self.dialect.close()

    # -- the store ----------------------------------------------------------------------------------
    def _write(self, stmts: list[Stmt], check: Stmt | None = None, lock: str | None = None,
               table: str | None = None) -> None:
        """Write through the store; a failure is kept for /v1/health until a write works."""
        try:
            self.dialect.write(stmts, check, lock, table)
        except StaleWrite:
            raise
        except Exception as e:
            self.failure = f"{type(e).__name__}: {' '.join(str(e).split())}"
            raise
        self.failure = None

    def _load(self) -> None:
        with self.dialect.read(consistent=False) as q:
            trs = [TableRow.of(r) for r in q(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY {self.dialect.order}", ())]
        for tr in trs:
            e = self._entry_for(tr)
            if tr.closed is None:
                try:
                    self._build(e)
                except (QuarantinedError, TableClosedError):
                    pass

    def _entry_for(self, tr: TableRow) -> TableEntry:
        with self._guard:
            e = self._tables.get(tr.id)
            if e is None:
                e = TableEntry(tr.id, tr.token_sha256, tr.public, None, operator=tr.operator, mode=tr.mode,
                               head=tr.head, closed=tr.closed, row=tr)
                self._tables[tr.id] = e
            else:
                e.token_sha256, e.public, e.closed, e.row = tr.token_sha256, tr.public, tr.closed, tr
            return e

    def _quarantine(self, e: TableEntry, x: ReplayError) -> QuarantinedError:
        e.table, e.quarantined = None, str(x)
        quarantine_line(e.id, x.detail)
        return QuarantinedError(f"table {e.id!r} is quarantined: {x}")

    def _build(self, e: TableEntry) -> AnyTable:
        """The entry's table rebuilt from one consistent read of the store (its latest snapshot and
        the journal after it); a journal that does not check or replay quarantines it."""
        with self.dialect.read() as q:
            tr = _row(q, e.id)
            if tr is None:  # pragma: no cover - tables are never deleted
                raise UnknownTableError(f"no table {e.id!r}")
            rows = _rows(q, e.id) if tr.closed is None else []
            snap = q("SELECT seq, head, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (e.id,))
            have = {r[0] for r in q("SELECT number FROM rounds WHERE table_id = ?", (e.id,))}
        if tr.closed is not None:
            e.closed, e.table = tr.closed, None
            raise TableClosedError(f"table {e.id!r} was closed at {tr.closed}")
        try:
            t, missing = rebuild(tr, rows, snap[0] if snap else None, have)
        except ReplayError as x:
            raise self._quarantine(e, x) from None
        if missing:  # finished before the rounds were stored (schema 1)
            self._write([(_ROUND + " ON CONFLICT DO NOTHING",
                          (e.id, m["number"], m["seq"], dumps(m["record"]), dumps(m["public"]))) for m in missing])
        e.table, e.head, e.row = t, tr.head, tr
        return t

    def _current(self, e: TableEntry) -> AnyTable:
        """The entry's table as the store has it (the caller holds ``e.lock``)."""
        if e.quarantined:
            raise QuarantinedError(f"table {e.id!r} is quarantined: {e.quarantined}")
        if not self.dialect.shared:  # this process is the only writer: memory is the store's
            if e.closed is not None:
                raise TableClosedError(f"table {e.id!r} was closed at {e.closed}")
            return e.table if e.table is not None else self._build(e)
        t = e.table
        with self.dialect.read(consistent=False) as q:  # one row: the table in memory is the store's?
            tr = _row(q, e.id)
        if t is not None and tr is not None and (t.seq, e.head) == (tr.seq, tr.head) and tr.closed is None:
            return t
        with self.dialect.read() as q:  # else the row and the journal after it as of one moment
            tr = _row(q, e.id)
            if tr is None:  # pragma: no cover - tables are never deleted
                raise UnknownTableError(f"no table {e.id!r}")
            rows = _rows(q, e.id, t.seq) if t is not None and t.seq < tr.seq and tr.closed is None else None
        self._entry_for(tr)
        if tr.closed is not None:
            e.table = None
            raise TableClosedError(f"table {e.id!r} was closed at {tr.closed}")
        if t is not None and rows is not None:  # another process went on: replay what follows
            try:
                last, h = follow(e.id, e.head, t.seq, rows)
                replay(t, e.id, rows, set())
                if (last, h) == (tr.seq, tr.head):
                    e.head = h
                    return t
            except ReplayError:
                pass  # the rebuild from the store says whether the journal is wrong
        e.table = None
        return self._build(e)

    def _recover(self, e: TableEntry) -> None:
        """After a failed write: the table as journaled (now if the store reads, else when next used)."""
        e.table = None
        try:
            self._build(e)
        except Exception:  # the store is unavailable, or the table quarantined: said when next used
            pass

    def _locked(self, e: TableEntry, step: Callable[[AnyTable], tuple[list[Stmt], Stmt, Callable[[], _R]]]) -> _R:
        """Take ``step`` on the table as the store has it and write its rows, guarded by its check;
        when another process wrote first (one that does not hold the table), again on the table
        brought up to date. The caller holds ``e.lock``."""
        for _ in range(ATTEMPTS):
            with self.dialect.hold(e.id):
                stmts, check, done = step(self._current(e))
                try:
                    self._write(stmts, check, table=e.id)
                except StaleWrite:
                    e.table = None  # applied in memory, not written: brought up to date next
                    continue
                except BaseException:
                    self._recover(e)
                    raise
                return done()
        raise ConflictError(f"table {e.id!r} is written by other processes too often: try again")

    # -- tables -------------------------------------------------------------------------------------
    def tables(self) -> list[str]:
        with self.dialect.read(consistent=False) as q:
            return [r[0] for r in q(f"SELECT id FROM tables ORDER BY {self.dialect.order}", ())]

    def table(self, tid: str) -> AnyTable:
        e = self.entry(tid)
        assert e is not None
        with e.lock:
            return self._current(e)

    def entry(self, tid: str) -> TableEntry | None:
        if not self.dialect.shared:
            return self._tables.get(tid)
        with self.dialect.read(consistent=False) as q:
            tr = _row(q, tid)
        self._local.last = (tid, tr)
        return self._entry_for(tr) if tr is not None else None

    def quarantined(self) -> dict[str, str]:
        return {e.id: e.quarantined for e in list(self._tables.values()) if e.quarantined}

    def check_token(self, tid: str, token: str | None) -> bool:
        last = getattr(self._local, "last", None)
        self._local.last = None
        if not self.dialect.shared:
            e = self._tables.get(tid)
            want_hash = e.token_sha256 if e is not None else None
        elif last is not None and last[0] == tid:  # the row this request has just read
            want_hash = last[1].token_sha256 if last[1] is not None else None
        else:
            with self.dialect.read(consistent=False) as q:
                tr = _row(q, tid)
            want_hash = tr.token_sha256 if tr is not None else None
        want = want_hash if want_hash is not None else hash_token(secrets.token_hex(8))  # the same work either way
        return hmac.compare_digest(want, hash_token(token or "")) and want_hash is not None and token is not None

    def _new(self, config: Mapping[str, Any], public: bool, seed: int | None, operator: str | None,
             mode: str | None) -> tuple[TableEntry, str, Stmt]:
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
        token = new_token()
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
        entry, token, row = self._new(config, public, seed, operator, mode)
        check = None
        if limit is not None:  # a write that changes a row only while the operator is under the limit
            check = ("UPDATE meta SET value = value WHERE key = 'schema' AND (SELECT count(*) FROM tables WHERE"
                     " (operator = CAST(? AS TEXT) OR (operator IS NULL AND CAST(? AS TEXT) IS NULL))"
                     " AND closed IS NULL) < ?", (operator, operator, limit))
        with self._create_lock:
            try:
                self._write([row], check, lock=f"operator:{operator}" if limit is not None else None, table=entry.id)
            except StaleWrite:
                raise TableLimitError(f"operator {operator!r} has {limit} open tables, the most allowed:"
                                      " close one first") from None
            with self._guard:
                self._tables[entry.id] = entry
        return entry.id, token

    def _rows_for(self, e: TableEntry, t: AnyTable, before: int, action: Mapping[str, Any], result: Any,
                  ) -> tuple[list[Stmt], Stmt, str]:
        at = now_text()
        a_text = dumps(dict(action))
        d_text = dumps(t.last_drawn) if t.last_drawn else None
        r_text = dumps(result)
        beside: list[Stmt] = []
        texts: dict[str, str] = {}
        if t.last_round is not None:  # the round's records, and a snapshot, in the chain by their digest
            n = t.last_round["number"]
            texts = {"record": dumps(t.last_round["record"]), "public": dumps(t.last_round["public"])}
            beside.append((_ROUND, (e.id, n, t.seq, texts["record"], texts["public"])))
            if self.snapshot_every and n % self.snapshot_every == 0:
                texts["snapshot"] = dumps(t.snapshot())
        stored = stored_digest(**texts) if texts else None
        h = row_hash(e.head, e.id, t.seq, a_text, d_text, r_text, at, stored)
        if "snapshot" in texts:
            beside.append(("INSERT INTO snapshots (table_id, seq, head, state) VALUES (?, ?, ?, ?)",
                           (e.id, t.seq, h, texts["snapshot"])))
        check = ("UPDATE tables SET seq = ?, head = ? WHERE id = ? AND seq = ? AND head = ?",
                 (t.seq, h, e.id, before, e.head))
        return [(_JOURNAL, (e.id, t.seq, a_text, r_text, at, d_text, e.head, h, stored)), *beside], check, h

    def act(self, table: AnyTable | TableEntry, action: Mapping[str, Any]) -> Any:
        """Perform ``action`` on a table and commit it to the journal before returning its result.
        The caller holds the table's lock. A refused action raises and writes nothing; if the
        write fails, the table is rebuilt from the journal and the error raised."""
        if isinstance(table, TableEntry):
            entry: TableEntry | None = table
        else:
            entry = next((e for e in self._tables.values() if e.table is table), None)
        assert entry is not None
        return self._act(entry, action, None)[0]

    def _act(self, e: TableEntry, action: Mapping[str, Any], if_seq: int | None,
             prepare: Callable[[AnyTable], Mapping[str, Any]] | None = None,
             beside: list[Stmt] | None = None) -> tuple[Any, dict[str, Any]]:
        def step(t: AnyTable) -> tuple[list[Stmt], Stmt, Callable[[], tuple[Any, dict[str, Any]]]]:
            if if_seq is not None and if_seq != t.seq:
                raise ConflictError(f"table {e.id!r} is at seq {t.seq}, not {if_seq}")
            taken = prepare(t) if prepare is not None else action
            before = t.seq
            t0 = time.thread_time()
            result = t.apply(taken)
            e.engine_seconds = time.thread_time() - t0  # CPU time; read under the table's lock
            stmts, check, h = self._rows_for(e, t, before, taken, result)
            stmts += beside or []  # written in the same transaction (a revoked seat's rows)

            def done() -> tuple[Any, dict[str, Any]]:
                e.head = h
                if e.row is not None:
                    e.row.seq, e.row.head = t.seq, h
                return result, t.view()
            return stmts, check, done

        return self._locked(e, step)

    def perform(self, entry: TableEntry, action: Mapping[str, Any], if_seq: int | None = None,
                prepare: Callable[[AnyTable], Mapping[str, Any]] | None = None) -> tuple[Any, dict[str, Any]]:
        """The service's action: under the table's lock, refused with 409 unless the table is at
        ``if_seq`` (when given); returns the result and the dealer's view after it. ``prepare``
        (a seat's action): the action to take, from the table as the store has it, under the
        same lock (it raises to refuse, changing nothing)."""
        with entry.lock:
            return self._act(entry, action, if_seq, prepare)

    def read(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        """The table's state as the reader may see it (a closed table's as archived)."""
        if entry.closed is None:
            with entry.lock:
                try:
                    return self._current(entry).view(public)
                except TableClosedError:
                    if entry.closed is None:
                        raise
        return self._archived(entry, public)

    def _archived(self, entry: TableEntry, public: bool) -> dict[str, Any]:
        with self.dialect.read() as q:
            text = q("SELECT archive FROM tables WHERE id = ?", (entry.id,))[0][0]
            last = q(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (entry.id,))
        self._checked(entry, last[0] if last else None, [("archive", text)])
        archive = json.loads(text)
        return {**archive["public" if public else "dealer"], "closed": entry.closed}

    def _checked(self, e: TableEntry, row: Any, texts: list[tuple[str, str]]) -> None:
        """Serve ``texts`` (stored beside journal ``row``) only as the chain has them: a row that holds
        another digest, or is not as hashed, quarantines the table."""
        if e.quarantined:
            raise QuarantinedError(f"table {e.id!r} is quarantined: {e.quarantined}")
        if row is None:
            return
        try:
            seq, action, drawn, result, at, prev, h, stored = row
            if stored is not None and h != row_hash(prev, e.id, seq, action, drawn, result, at, stored):
                raise ReplayError(f"table {e.id}: journal row {row[0]} was changed (its hash does not match)", row[0])
            for kind, text in texts:
                check_stored(e.id, row, kind, text)
        except ReplayError as x:
            raise self._quarantine(e, x) from None

    def finished_round(self, entry: TableEntry, number: int, public: bool) -> dict[str, Any]:
        """The record of finished round ``number`` (the public's: the round as the table showed it
        when it ended), read from the store: not the table, nor its lock; checked against the
        digest its journal row holds."""
        with self.dialect.read() as q:
            rec = q("SELECT seq, record, public FROM rounds WHERE table_id = ? AND number = ?", (entry.id, number))
            n = q("SELECT count(*) FROM rounds WHERE table_id = ?", (entry.id,))[0][0] if not rec else 0
            row = q(f"SELECT {ROW_COLUMNS} FROM journal WHERE table_id = ? AND seq = ?", (entry.id, rec[0][0])) if rec else []
        if not rec:
            raise UnknownRoundError(f"table {entry.id!r} has {n} finished rounds, not {number}")
        self._checked(entry, row[0] if row else None, [("record", rec[0][1]), ("public", rec[0][2])])
        return json.loads(rec[0][2]) if public else json.loads(rec[0][1])  # type: ignore[no-any-return]

    def close_table(self, entry: TableEntry) -> dict[str, Any]:
        """Close a table between rounds: a last journal row, its state archived; it is read from
        the archive and not replayed at start."""
        e = entry

        def step(t: AnyTable) -> tuple[list[Stmt], Stmt, Callable[[], dict[str, Any]]]:
            if round_open(t):
                raise RoundOpenError(f"table {e.id!r} has a round open: end it first")
            at = now_text()
            archive = dumps({"dealer": t.view(), "public": t.view(public=True)})
            seq = t.seq + 1
            a_text, r_text = dumps({"action": "close"}), dumps({"closed": at, "rounds": rounds_finished(t)})
            stored = stored_digest(archive=archive)
            h = row_hash(e.head, e.id, seq, a_text, None, r_text, at, stored)
            check = ("UPDATE tables SET seq = ?, head = ?, closed = ?, archive = ? WHERE id = ? AND seq = ? AND head = ?"
                     " AND closed IS NULL", (seq, h, at, archive, e.id, t.seq, e.head))
            stmts: list[Stmt] = [(_JOURNAL, (e.id, seq, a_text, r_text, at, None, e.head, h, stored))]

            def done() -> dict[str, Any]:
                e.closed, e.head, e.table = at, h, None
                if e.row is not None:
                    e.row.seq, e.row.head, e.row.closed = seq, h, at
                return {"id": e.id, "closed": at, "seq": seq, "head": h}
            return stmts, check, done

        with e.lock:
            return self._locked(e, step)

    def rotate_token(self, entry: TableEntry) -> str:
        """A new dealer token for the table (the old one stops working); given this once."""
        with entry.lock:
            if entry.quarantined:
                raise QuarantinedError(f"table {entry.id!r} is quarantined: {entry.quarantined}")
            if entry.closed is not None:
                raise TableClosedError(f"table {entry.id!r} was closed at {entry.closed}")
            token = new_token()
            th = hash_token(token)
            try:
                self._write([], ("UPDATE tables SET token_sha256 = ? WHERE id = ? AND closed IS NULL", (th, entry.id)))
            except StaleWrite:
                raise TableClosedError(f"table {entry.id!r} was closed") from None
            entry.token_sha256 = th
            return token

    # -- seats: a player's own device (issue 38) -----------------------------------------------------
    def _seat_write(self, entry: TableEntry, stmts: list[Stmt]) -> None:
        if entry.quarantined:
            raise QuarantinedError(f"table {entry.id!r} is quarantined: {entry.quarantined}")
        if entry.closed is not None:
            raise TableClosedError(f"table {entry.id!r} was closed at {entry.closed}")
        try:  # only while the table is open (the check changes its row or nothing)
            self._write(stmts, ("UPDATE tables SET seq = seq WHERE id = ? AND closed IS NULL", (entry.id,)))
        except StaleWrite:
            raise TableClosedError(f"table {entry.id!r} was closed") from None

    def grant_seat(self, entry: TableEntry, position: int) -> str:
        """A new seat token for ``position`` of the table (the token the position had stops
        working); given this once, stored as its SHA-256 in ``seats``, so a restart keeps it, and
        logged in ``seat_log`` (as each revocation is: who could act as the seat, when)."""
        token, at = new_token(), now_text()
        th = hash_token(token)
        with entry.lock:
            self._seat_write(entry, [(_SEAT, (entry.id, position, th, at)),
                                     (_SEAT_LOG, (entry.id, position, "grant", th, at))])
        return token

    def revoke_seat(self, entry: TableEntry, position: int) -> bool:
        """Revoke ``position``'s seat token (False: it had none). At a table that keeps a seat's
        requests for the dealer, the seat's pending requests lapse (``seat_lapse``, a journal row
        written in the same transaction)."""
        with entry.lock:
            had = position in self.seats(entry.id)
            stmts: list[Stmt] = [("DELETE FROM seats WHERE table_id = ? AND position = ?", (entry.id, position)),
                                 *([(_SEAT_LOG, (entry.id, position, "revoke", None, now_text()))] if had else [])]
            keeps = entry.row is None or '"seat_bets"' in entry.row.config  # a table that keeps requests
            lapse = lapse_action(self._current(entry), position) \
                if keeps and entry.closed is None and not entry.quarantined else None
            if lapse is None:
                self._seat_write(entry, stmts)
            else:
                self._act(entry, lapse, None, beside=stmts)
        return had

    def seat_log(self, tid: str) -> list[dict[str, Any]]:
        """Every grant and revocation of table ``tid``'s seats, in order (the token by its SHA-256)."""
        with self.dialect.read(consistent=False) as q:
            rows = q("SELECT position, event, token_sha256, at FROM seat_log WHERE table_id = ? ORDER BY at, event",
                     (tid,))
        return [{"position": int(p), "event": ev, "token_sha256": th, "at": at} for p, ev, th, at in rows]

    def seats(self, tid: str) -> dict[int, str]:
        """The positions of table ``tid`` that have a seat, and when each was granted."""
        with self.dialect.read(consistent=False) as q:
            rows = q("SELECT position, granted FROM seats WHERE table_id = ? ORDER BY position", (tid,))
        return {int(p): g for p, g in rows}

    def seat_of(self, tid: str, token: str | None) -> int | None:
        """The position whose seat token ``token`` is, at table ``tid`` (None: none). The token is
        looked up by its SHA-256, the hash of a 197-bit secret: its time tells nothing of it."""
        if not token:
            return None
        with self.dialect.read(consistent=False) as q:
            rows = q("SELECT position FROM seats WHERE table_id = ? AND token_sha256 = ?", (tid, hash_token(token)))
        return int(rows[0][0]) if rows else None

    def read_seat(self, entry: TableEntry, position: int) -> dict[str, Any]:
        """The table as the seat of ``position`` sees it (a closed table's public view as archived)."""
        if entry.closed is None:
            with entry.lock:
                try:
                    t = self._current(entry)
                    return t.seat_view(position)  # type: ignore[attr-defined,no-any-return]
                except TableClosedError:
                    if entry.closed is None:
                        raise
        return {**self._archived(entry, True), "seat": position}

    def export(self, entry: TableEntry) -> dict[str, Any]:
        """The table's whole journal for the regulator (:func:`export_rows`)."""
        return export_table(self.dialect, entry.id)

    def journal_length(self, tid: str) -> int:
        """How many actions of table ``tid`` are in the journal."""
        with self.dialect.read(consistent=False) as q:
            return int(q("SELECT count(*) FROM journal WHERE table_id = ?", (tid,))[0][0])

    def wait_for_change(self, tid: str, seq: int, timeout: float) -> int:
        """Block until table ``tid``'s journal is past ``seq`` (an action, or its close, taken by
        any process), or ``timeout`` seconds; returns the table's ``seq`` then (0: no such
        table). PostgreSQL wakes it by LISTEN/NOTIFY, SQLite by its one writer: no polling."""
        deadline = time.monotonic() + timeout
        while True:
            generation = self.dialect.watch(tid)
            with self.dialect.read(consistent=False) as q:
                r = q("SELECT seq FROM tables WHERE id = ?", (tid,))
            now = int(r[0][0]) if r else 0
            left = deadline - time.monotonic()
            if now != seq or left <= 0:
                return now
            self.dialect.wait(tid, generation, left)

    def health(self) -> dict[str, Any]:
        return {"store": self.store, "error": self.failure, "quarantined": len(self.quarantined())}

    def probe(self) -> None:
        """A write that leaves nothing, to see whether the journal takes writes again: 8 KiB
        written and deleted in one transaction (new pages, as an action's rows may need)."""
        try:
            self._write([("INSERT INTO meta VALUES ('probe', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                          ("x" * 8192,)), ("DELETE FROM meta WHERE key = 'probe'", ())])
        except Exception:  # the failure is kept in self.failure
            pass

    def listing(self, operator: str) -> list[dict[str, Any]]:
        with self.dialect.read(consistent=False) as q:
            rows = q("SELECT id, public, mode, seq, closed, config FROM tables WHERE operator IS NULL OR operator = ?"
                     f" ORDER BY {self.dialect.order}", (operator,))
        quarantined = self.quarantined()
        return [{"id": i, "game": config_game(g), "public": bool(p), "mode": m, "seq": int(s), "closed": c,
                 "quarantined": quarantined.get(i)} for i, p, m, s, c, g in rows]


# -- auditing and exporting a store without serving it --------------------------------------------
def audit(store: Dialect) -> list[dict[str, Any]]:
    """Check every table's hash chain in ``store`` (open, closed and quarantined tables alike), and
    what is stored beside it (round records, snapshots, a closed table's archive) against the
    digests its rows hold: one entry per table with ``status`` "ok" or "broken" and, when broken,
    ``seq`` (the first broken row) and ``reason``."""
    out = []
    with store.read() as q:
        tables = q(f"SELECT {TABLE_COLUMNS}, archive FROM tables ORDER BY {store.order}", ())
        for r in tables:
            tr = TableRow.of(r[:-1])
            rounds = q("SELECT seq, record, public FROM rounds WHERE table_id = ? ORDER BY number", (tr.id,))
            snaps = q("SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq", (tr.id,))
            out.append(audit_table(tr, _rows(q, tr.id), rounds, snaps, r[-1]))
    return out


def export_table(store: Dialect, tid: str) -> dict[str, Any]:
    """:func:`export_rows` of table ``tid`` in ``store``, the round in play withheld."""
    with store.read() as q:
        tr = _row(q, tid)
        if tr is None:
            raise UnknownTableError(f"no table {tid!r} in {store.path}")
        rows = _rows(q, tid)
    return export_rows(tr, rows, withhold_from(rows, config_game(tr.config)))

