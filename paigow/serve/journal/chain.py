"""What the journal stores and how it is checked, whatever the store: the hashes, a table's row,
the one hash-chain check (:func:`follow`), the one replayer (:func:`replay`, :func:`rebuild`),
the regulator's export and the audit of one table.

>>> g = genesis_hash("t1", None, False, "simulation", "7", "{}", "2026-01-01T00:00:00.000000Z")
>>> h = row_hash(g, "t1", 1, '{"action": "start_round"}', None, "{}", "2026-01-01T00:00:01.000000Z")
>>> follow("t1", g, 0, [(1, '{"action": "start_round"}', None, "{}", "2026-01-01T00:00:01.000000Z", g, h)]) == (1, h)
True
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paigow.serve.games import AnyTable, new_table, restore_table

__all__ = ["TableRow", "TableEntry", "ReplayError", "hash_token", "genesis_hash", "row_hash", "stored_digest",
           "check_stored", "check_records", "follow", "check_chain",
           "replay", "rebuild", "export_rows", "withhold_from", "audit_table", "quarantine_line", "now_text", "dumps",
           "TABLE_COLUMNS", "ROW_COLUMNS", "EXPORT_FORMAT", "SCHEMA_VERSION", "SNAPSHOT_EVERY"]

SCHEMA_VERSION = 3
EXPORT_FORMAT = "paigow-journal/2"
SNAPSHOT_EVERY = 10
"""Rounds between two snapshots of a table."""
TABLE_COLUMNS = "id, token_sha256, operator, public, mode, seed, config, created, genesis, seq, head, closed"
ROW_COLUMNS = "seq, action, drawn, result, at, prev, hash, stored"


def hash_token(token: str) -> str:
    """The stored form of a bearer token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _h(parts: Sequence[Any]) -> str:
    return hashlib.sha256(json.dumps(list(parts), ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()


def genesis_hash(tid: str, operator: str | None, public: bool, mode: str, seed: str, config: str, created: str) -> str:
    """The hash a table's first journal row follows: of how the table was opened."""
    return _h(["paigow-table/1", tid, operator, bool(public), mode, seed, config, created])


def row_hash(prev: str, tid: str, seq: int, action: str, drawn: str | None, result: str, at: str,
             stored: str | None = None) -> str:
    """The hash of one journal row: SHA-256 of the compact JSON array
    ``[prev, table, seq, action, drawn, result, at]`` (the texts as stored), with ``stored`` last
    when the row stored something beside it (:func:`stored_digest`)."""
    return _h([prev, tid, seq, action, drawn, result, at] + ([stored] if stored is not None else []))


def stored_digest(**texts: str) -> str:
    """A row's ``stored``: the SHA-256 of each text stored beside it (``round``: a finished round's
    record and public record; ``snapshot``: the table's snapshot; ``archive``: a closed table's
    last state), so the chain covers them."""
    return json.dumps({k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(texts.items())},
                      separators=(",", ":"))


def check_stored(tid: str, row: Sequence[Any], kind: str, text: str) -> bool:
    """Whether journal row ``row`` (``ROW_COLUMNS``) holds ``kind``'s digest of ``text`` (False: it
    holds none, a row journaled before schema 3); raises :class:`ReplayError` when it holds another."""
    stored = row[7]
    want = json.loads(stored).get(kind) if stored else None
    if want is None:
        return False
    if want != hashlib.sha256(text.encode()).hexdigest():
        raise ReplayError(f"table {tid}: the {kind} stored with journal row {row[0]} is not the one journaled"
                          " (its hash does not match)", int(row[0]))
    return True


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
    (``closed``: when; its last state is archived), a quarantined one (``quarantined``: why, as
    anyone may read it: the table and the row) and one to be rebuilt from the store."""

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
    """A journal that does not replay on this engine, or whose hash chain is broken. Its text
    names the table and the row only (what a reader of the table may be told); ``detail`` adds
    what the operator needs (the journaled and the replayed results, the engine's refusal)."""

    def __init__(self, message: str, seq: int | None = None, detail: str | None = None) -> None:
        super().__init__(message)
        self.seq = seq
        self.detail = detail or message


# -- the hash chain (one check, for start, catching up, the audit and the export) ----------------
def follow(tid: str, prev: str, last: int, rows: Iterable[Sequence[Any]]) -> tuple[int, str]:
    """Check that ``rows`` (``ROW_COLUMNS``) follow row ``last`` whose hash is ``prev``, each
    hashing to its ``hash``; returns the last seq and hash, or raises :class:`ReplayError`
    naming the first row that breaks the chain."""
    for seq, action, drawn, result, at, p, h, *stored in rows:
        if seq != last + 1:
            raise ReplayError(f"table {tid}: journal row {seq} follows row {last}", seq)
        if p != prev:
            raise ReplayError(f"table {tid}: journal row {seq} does not follow the hash of row {last}", seq)
        if h != row_hash(p, tid, seq, action, drawn, result, at, *stored):
            raise ReplayError(f"table {tid}: journal row {seq} was changed (its hash does not match)", seq)
        prev, last = h, seq
    return last, prev


def check_chain(tr: TableRow, rows: Iterable[Sequence[Any]]) -> tuple[int, str]:
    """Check a table's hash chain from its genesis to its row's ``seq`` and ``head``; returns the
    last seq and hash, or raises :class:`ReplayError` naming the first row that breaks it."""
    tid = tr.id
    want = genesis_hash(tid, tr.operator, tr.public, tr.mode, tr.seed, tr.config, tr.created)
    if tr.genesis != want:
        raise ReplayError(f"table {tid}: its opening (config, mode, seed, operator) does not match its genesis hash", 0)
    last, prev = follow(tid, want, 0, rows)
    if tr.seq > last:
        raise ReplayError(f"table {tid}: journal row {last + 1} is missing (the journal ends at row {last},"
                          f" the table at row {tr.seq})", last + 1)
    if (tr.seq, tr.head) != (last, prev):
        n = tr.seq + 1 if tr.seq < last else last
        raise ReplayError(f"table {tid}: journal row {n} is not the table's (the table ends at row {tr.seq}"
                          " with another hash)", n)
    return last, prev


# -- the replayer ---------------------------------------------------------------------------------
def replay(t: AnyTable, tid: str, rows: Iterable[Sequence[Any]], have_rounds: set[int] | None = None,
           ) -> list[dict[str, Any]]:
    """Apply journal rows (``ROW_COLUMNS``, the chain checked by the caller) to ``t``, each
    result checked against the journaled one; returns the finished rounds whose number is not in
    ``have_rounds`` (with the ``seq`` that ended them). Raises :class:`ReplayError` naming the row;
    ``t`` is then part-way and to be dropped."""
    missing: list[dict[str, Any]] = []
    for seq, action, drawn, result, *_ in rows:
        try:
            a = json.loads(action)
            d = json.loads(drawn) if drawn else None
            want = json.loads(result)
        except ValueError as e:
            raise ReplayError(f"table {tid}: journal row {seq} is not JSON", seq,
                              f"table {tid}: journal row {seq} is not JSON: {e}") from None
        if isinstance(a, dict) and a.get("action") == "close":
            raise ReplayError(f"table {tid}: journal row {seq} closes the table, which is not marked closed", seq)
        try:
            out = t.apply(a, d if not t.live else (d or {}))
        except Exception as e:
            raise ReplayError(f"table {tid}: journal row {seq} is refused on replay", seq,
                              f"table {tid}: journal row {seq} ({action}) is refused on replay: {e}") from None
        if json.dumps(out, sort_keys=True) != json.dumps(want, sort_keys=True):
            raise ReplayError(f"table {tid}: journal row {seq} replays to another result than the journaled one", seq,
                              f"table {tid}: journal row {seq} ({action}) replays to {out!r}, not {result}")
        if t.last_round is not None and (have_rounds is None or t.last_round["number"] not in have_rounds):
            missing.append({**t.last_round, "seq": seq})
    return missing


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
        raise ReplayError(f"table {tid}: its configuration is not JSON", 0,
                          f"table {tid}: its configuration is not JSON: {e}") from None
    t: AnyTable | None = None
    if snapshot is not None:
        sseq, shead, state = snapshot
        row = rows[sseq - 1] if 0 < sseq <= len(rows) else None
        if row is not None and row[6] == shead and check_stored(tid, row, "snapshot", state):
            try:
                t = restore_table(config, tr.seed_value, json.loads(state))
            except Exception:  # an engine that reads the snapshot otherwise: replay it all
                t = None
    if t is None:
        try:
            t = new_table(config, tr.seed_value)
        except Exception as e:
            raise ReplayError(f"table {tid}: its configuration is refused", 0,
                              f"table {tid}: its configuration is refused: {e}") from None
    return t, replay(t, tid, rows[t.seq:], have_rounds)


# -- the regulator's export and the audit ---------------------------------------------------------
def export_rows(tr: TableRow, rows: Sequence[Sequence[Any]], withhold: int | None) -> dict[str, Any]:
    """A table's whole journal for the regulator (``paigow-journal/1``), with whether its chain
    checks; rows from ``withhold`` on (the round in play) are withheld until it is settled."""
    broken = None
    try:
        check_chain(tr, rows)
    except ReplayError as e:
        broken = {"seq": e.seq, "reason": str(e)}
    shown = [r for r in rows if withhold is None or r[0] < withhold]
    table: dict[str, Any] = {"id": tr.id, "operator": tr.operator, "public": tr.public, "mode": tr.mode,
                             "config": tr.config, "created": tr.created, "genesis": tr.genesis, "closed": tr.closed,
                             "seed": tr.seed if tr.mode == "simulation" and tr.closed else None}
    return {
        "format": EXPORT_FORMAT,
        "table": table,
        "hash": "sha256 of the compact JSON [prev, table, seq, action, drawn, result, at], and stored last"
                " when a row stores something beside it (the sha256 of a finished round's records, a snapshot, a"
                " closed table's archive); the first row's prev is the genesis: sha256 of [\"paigow-table/1\", id,"
                " operator, public, mode, seed, config, created] (the seed is given once the table is closed)",
        "rows": [{"seq": s, "action": a, "drawn": d, "result": r, "at": at, "prev": p, "hash": h, "stored": st}
                 for s, a, d, r, at, p, h, st in shown],
        "head": tr.head,
        "withheld": len(rows) - len(shown),
        "verified": broken is None,
        "broken": broken,
    }


def withhold_from(rows: Sequence[Sequence[Any]], game: str = "paigow") -> int | None:
    """The seq of the last round's start when no settle follows it: its tiles are still face down.
    A home table's (``game`` "home") shuffle deals its rounds from one row of tiles: its rows are
    withheld from the shuffle until the settle of its last round (``"over"``)."""
    for row in reversed(rows):
        try:
            name = json.loads(row[1]).get("action")
            over = json.loads(row[3]).get("over") if game == "home" and name == "settle" else True
        except (ValueError, AttributeError):
            continue
        if name == "close" or (name in ("settle", "end_round") and over):
            return None
        if name == ("shuffle" if game == "home" else "start_round"):
            return int(row[0])
    return None


def check_records(tid: str, rows: Sequence[Sequence[Any]], rounds: Iterable[Sequence[Any]],
                  snapshots: Iterable[Sequence[Any]], archive: str | None) -> None:
    """Check what is stored beside the journal against the digests its rows hold: each finished
    round's records (``seq, record, public``), each snapshot (``seq, state``) and a closed table's
    archive (against its last row); raises :class:`ReplayError` naming the row."""
    def row(seq: int) -> Sequence[Any]:
        if not 0 < seq <= len(rows):
            raise ReplayError(f"table {tid}: what is stored with journal row {seq} has no such row", seq)
        return rows[seq - 1]

    for seq, record, public in rounds:
        check_stored(tid, row(seq), "record", record)
        check_stored(tid, row(seq), "public", public)
    for seq, state in snapshots:
        check_stored(tid, row(seq), "snapshot", state)
    if archive is not None and rows:
        check_stored(tid, rows[-1], "archive", archive)


def audit_table(tr: TableRow, rows: Sequence[Sequence[Any]], rounds: Iterable[Sequence[Any]] = (),
                snapshots: Iterable[Sequence[Any]] = (), archive: str | None = None) -> dict[str, Any]:
    """One table's entry of the audit: ``status`` "ok" or "broken" (then ``seq`` and ``reason``):
    its chain, and what is stored beside it (:func:`check_records`)."""
    out: dict[str, Any] = {"table": tr.id, "rows": len(rows), "closed": tr.closed, "head": tr.head}
    try:
        check_chain(tr, rows)
        check_records(tr.id, rows, rounds, snapshots, archive)
        out["status"] = "ok"
    except ReplayError as e:
        out.update(status="broken", seq=e.seq, reason=str(e))
    return out


def quarantine_line(tid: str, reason: str) -> None:
    """The operator's line on standard error (the whole reason, results included)."""
    print(f"paigow serve: table {tid} quarantined: {reason}", file=sys.stderr, flush=True)
