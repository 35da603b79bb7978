"""The journal without HTTP, on both stores (the ``db`` fixture: an SQLite file and a database
on the test PostgreSQL): group commit under concurrency, a failed write, replay checks."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from paigow.errors import PaigowError
from paigow.serve.errors import QuarantinedError
from paigow.serve.stores import is_postgres, open_journal

ROUND = [
    {"action": "start_round", "stake": 1000},
    {"action": "bet", "position": 1, "amount": 100},
    {"action": "bet", "position": 2, "amount": 200},
    {"action": "shuffle"},
    {"action": "shake"},
    {"action": "deal"},
    {"action": "settle", "strategy": "equilibrium"},
    {"action": "end_round"},
]


def sql(db: str, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """One statement (``?`` placeholders) on the store at ``db``, committed, as another client."""
    if is_postgres(db):
        import psycopg

        with psycopg.connect(db, autocommit=True) as c:
            cur = c.execute(statement.replace("?", "%s"), params)
            return [tuple(r) for r in cur.fetchall()] if cur.description else []
    c = sqlite3.connect(db)
    try:
        rows = c.execute(statement, params).fetchall()
        c.commit()
        return rows
    finally:
        c.close()


def test_pragmas(tmp_path: Path) -> None:
    j = open_journal(str(tmp_path / "p.db"))
    try:
        assert j.dialect.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.dialect.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        j.close()


def test_concurrent_tables_share_commits_and_replay(db: str) -> None:
    j = open_journal(db)
    ids = [j.create({"banker": 0}, seed=k)[0] for k in range(16)]
    errors: list[BaseException] = []

    def play(tid: str) -> None:
        e = j.entry(tid)
        assert e is not None
        try:
            for a in ROUND:
                with e.lock:
                    j.act(e, a)
        except BaseException as x:  # pragma: no cover - reported below
            errors.append(x)

    threads = [threading.Thread(target=play, args=(tid,)) for tid in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    views = {tid: j.table(tid).view() for tid in ids}
    j.close()
    assert sql(db, "SELECT count(*) FROM journal")[0][0] == 16 * len(ROUND)
    j2 = open_journal(db)
    try:
        assert {tid: j2.table(tid).view() for tid in ids} == views
        for v in views.values():
            assert v["rounds"] == 1 and sum(v["balances"].values()) + v["commission"] == 0
    finally:
        j2.close()


def test_a_failed_write_leaves_the_table_as_journaled(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    j = open_journal(db)
    try:
        tid, _ = j.create({"banker": 0}, seed=3)
        e = j.entry(tid)
        assert e is not None
        for a in ROUND[:3]:
            j.act(e, a)
        before = e.table.view()

        def broken(*args: object) -> None:
            raise OSError("disk I/O error")

        monkeypatch.setattr(j.dialect, "write", broken)
        with pytest.raises(OSError):
            j.act(e, ROUND[3])
        monkeypatch.undo()
        assert j.failure == "OSError: disk I/O error"
        assert j.table(tid).view() == before  # rebuilt from the journal, not half-applied
        j.act(e, ROUND[3])
        assert j.table(tid).seq == 4 and j.failure is None
    finally:
        j.close()


def test_a_refused_action_writes_nothing(db: str) -> None:
    j = open_journal(db)
    try:
        tid, _ = j.create({"banker": 0})
        with pytest.raises(PaigowError):
            j.act(j.entry(tid), {"action": "bet", "position": 1, "amount": 5})
        assert j.journal_length(tid) == 0 and j.table(tid).seq == 0
    finally:
        j.close()


def test_a_journal_that_does_not_replay_is_refused(db: str) -> None:
    """A row that does not replay quarantines its table, named, and the others serve (issue 23:
    before, the whole journal was refused). A row changed without its hash breaks the chain; one
    rewritten with a matching hash (an engine that refuses it) is refused on replay."""
    from paigow.serve.journal import row_hash

    j = open_journal(db)
    tid, _ = j.create({"banker": 0}, seed=1)
    other, _ = j.create({"banker": 0}, seed=2)
    j.act(j.entry(tid), ROUND[0])  # type: ignore[arg-type]
    j.act(j.entry(other), ROUND[0])  # type: ignore[arg-type]
    j.close()
    sql(db, "UPDATE journal SET action = ? WHERE seq = 1 AND table_id = ?", ('{"action": "end_round"}', tid))
    j = open_journal(db)
    try:
        assert j.quarantined()[tid] == f"table {tid}: journal row 1 was changed (its hash does not match)"
        assert j.table(other).seq == 1 and other not in j.quarantined()
    finally:
        j.close()
    prev, result, at = sql(db, "SELECT prev, result, at FROM journal WHERE seq = 1 AND table_id = ?", (tid,))[0]
    h = row_hash(prev, tid, 1, '{"action": "end_round"}', None, result, at)
    sql(db, "UPDATE journal SET hash = ? WHERE seq = 1 AND table_id = ?", (h, tid))
    sql(db, "UPDATE tables SET head = ? WHERE id = ?", (h, tid))
    j = open_journal(db)
    try:
        assert j.quarantined()[tid] == f"table {tid}: journal row 1 is refused on replay"
        with pytest.raises(QuarantinedError, match="refused on replay"):
            j.table(tid)
    finally:
        j.close()


# the schema of the journal before issue 23 (no hash chain, no rounds, no snapshots)
V1_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, token_sha256 TEXT NOT NULL, public INTEGER NOT NULL, seed TEXT NOT NULL,
    config TEXT NOT NULL, created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
CREATE TABLE journal (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, action TEXT NOT NULL,
    result TEXT NOT NULL, at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), PRIMARY KEY (table_id, seq));
INSERT INTO meta VALUES ('schema', '1');
"""


def test_a_schema_1_journal_is_migrated(tmp_path: Path) -> None:
    """A journal written before the hash chain opens: its rows are chained as they are, its
    finished rounds stored, its tables (seeded: simulations) replayed; the audit then checks."""
    import json

    from paigow.serve.journal import hash_token
    from paigow.serve.stores import audit
    from paigow.serve.tables import Table

    path = str(tmp_path / "v1.db")
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    t = Table({"banker": 0}, 7)
    db.execute("INSERT INTO tables (id, token_sha256, public, seed, config) VALUES ('t1', ?, 0, '7', ?)",
               (hash_token("tok"), json.dumps({"banker": 0})))
    for seq, a in enumerate(ROUND * 2, 1):
        db.execute("INSERT INTO journal (table_id, seq, action, result) VALUES ('t1', ?, ?, ?)",
                   (seq, json.dumps(a), json.dumps(t.apply(a))))
    db.commit()
    db.close()
    Path(path).chmod(0o600)  # a journal others may read is refused
    j = open_journal(path)
    try:
        assert not j.quarantined() and j.table("t1").view() == t.view()
        assert j.entry("t1").mode == "simulation" and j.check_token("t1", "tok")  # type: ignore[union-attr]
        assert j.finished_round(j.entry("t1"), 2, False)["format"] == "paigow-round/1"  # type: ignore[arg-type]
        j.act(j.entry("t1"), {"action": "pass_bank"})  # type: ignore[arg-type]
    finally:
        j.close()
    assert [r["status"] for r in audit(path)] == ["ok"]


def _play_round(t: "object", shift: int = 0) -> None:
    from paigow.serve.tables import Table

    assert isinstance(t, Table)
    for a in ROUND:
        if a["action"] == "start_round":  # a second round carries the stake, topped up
            a = {**a, "stake": (t.session.carried or 0) + 1000}
        elif a["action"] == "bet":
            a = {**a, "position": a["position"] + shift}
        elif a["action"] == "settle" and t.live:  # a live table: the holders set their tiles (Art. 7.1)
            for p in (1 + shift, 2 + shift, shift):
                t.apply({"action": "set_hand", "position": p, "setting": 0})
            a = {"action": "settle"}
        t.apply(a)


def test_a_live_tables_snapshot_restores_it() -> None:
    """Snapshot and restore between rounds (what start replays from): the same state, and play
    goes on with fresh secure draws."""
    from paigow.serve.tables import LiveRandom, Table

    t = Table({"banker": 0, "house_stake": 100})
    _play_round(t)
    _play_round(t)
    snap = t.snapshot()
    assert snap["rng"] is None  # a live table has no random state to keep
    u = Table.restore({"banker": 0, "house_stake": 100}, None, snap)
    assert u.view() == t.view() and isinstance(u.rng, LiveRandom)
    u.apply({"action": "pass_bank"})
    u.apply({"action": "accept"})  # position 1 banks: bets on 2 and 3
    _play_round(u, shift=1)
    assert u.view()["rounds"] == 3
    sim = Table({"banker": 0}, 11)
    _play_round(sim)
    again = Table.restore({"banker": 0}, 11, sim.snapshot())
    for a in [{"action": "start_round", "stake": (sim.session.carried or 0) + 1000}, *ROUND[1:-1]]:
        assert sim.apply(a) == again.apply(a)  # the same shuffles and dice after the snapshot


def test_a_live_table_draws_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stacks and the dice of a live table come from :mod:`secrets` (the operating system's
    secure generator), and what was drawn is what the journal is handed."""
    from paigow.serve import tables
    from paigow.serve.tables import Table

    calls: list[str] = []

    class Recording(tables.secrets.SystemRandom):  # type: ignore[name-defined,misc]
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            calls.append("shuffle")
            x.reverse()

    monkeypatch.setattr(tables.secrets, "SystemRandom", Recording)
    monkeypatch.setattr(tables.secrets, "randbelow", lambda n: calls.append("randbelow") or 2)
    t = Table({"banker": 0})
    for a in ROUND[:4]:
        t.apply(a)
    assert calls == ["shuffle"] and t.last_drawn is not None
    from paigow.table.dealing import Stacks
    from paigow.tiles import DECK

    assert t.last_drawn["stacks"] == str(Stacks.from_tiles(list(reversed(DECK))))  # as the generator laid them
    t.apply({"action": "shake"})
    assert calls.count("randbelow") == 4 and t.last_drawn == {"dice": [3, 3, 3, 3]}


def test_a_closed_postgresql_journal_makes_no_connection(db: str) -> None:
    """A request thread still running when the service stops finds the journal's pool closed: it
    gets psycopg's OperationalError (a 503), and no connection is made that nobody would close
    (the garbage collector found such a connection open once, in whichever test ran next)."""
    if not is_postgres(db):
        pytest.skip("the pool of PostgreSQL connections")
    import time

    import psycopg

    j = open_journal(db)
    j.create({"banker": 0}, seed=1)
    j.close()
    for _ in range(3):  # the first takes the pool's closed connection; the next would make one
        with pytest.raises(psycopg.OperationalError, match="closed"):
            with j.dialect.read(consistent=False) as q:
                q("SELECT 1", ())
    others = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    deadline = time.monotonic() + 30  # a bound on a loaded machine (the listener ends within a second)
    while sql(db, others) != [(0,)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert sql(db, others) == [(0,)]
