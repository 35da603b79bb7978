"""Issue 33, on both stores: a quarantine means the journal is wrong (never that a reader raced a
writer), tells a reader nothing of the game, and what the service serves beside the journal
(round records, snapshots, a closed table's archive) is in the hash chain."""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Any

import pytest

from paigow.serve.errors import QuarantinedError
from paigow.serve.journal import Journal, TableEntry
from paigow.serve.stores import audit, is_postgres, open_journal

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


def rechain(db: str, tid: str) -> None:
    """Recompute a table's hash chain and head over its rows as they now are (an edit that keeps the
    chain: only replaying, or a digest the rows hold, can tell)."""
    from paigow.serve.journal import row_hash

    try:
        rows = sql(db, "SELECT seq, action, drawn, result, at, stored FROM journal WHERE table_id = ? ORDER BY seq", (tid,))
    except Exception:  # a journal without digests
        rows = [(*r, None) for r in sql(db, "SELECT seq, action, drawn, result, at FROM journal WHERE table_id = ?"
                                          " ORDER BY seq", (tid,))]
    prev = sql(db, "SELECT genesis FROM tables WHERE id = ?", (tid,))[0][0]
    for seq, action, drawn, result, at, stored in rows:
        h = row_hash(prev, tid, seq, action, drawn, result, at, *([stored] if stored is not None else []))
        sql(db, "UPDATE journal SET prev = ?, hash = ? WHERE table_id = ? AND seq = ?", (prev, h, tid, seq))
        prev = h
    sql(db, "UPDATE tables SET head = ? WHERE id = ?", (prev, tid))


def play(j: Journal, tid: str, actions: list[dict[str, Any]], rounds: int = 1) -> None:
    for _ in range(rounds):
        for a in actions:
            e = j.entry(tid)
            assert e is not None
            if a["action"] == "start_round":
                carried = j.read(e, False)["carried"] or 0
                a = {**a, "stake": carried + a["stake"], "others_agree": True}
            j.perform(e, a)


def entry(j: Journal, tid: str) -> TableEntry:
    e = j.entry(tid)
    assert e is not None
    return e


# -- 1. a reader racing a writer quarantines nothing -----------------------------------------------
def test_readers_racing_the_dealer_quarantine_nothing(db: str) -> None:
    """Three threads read a public table while its dealer plays three rounds: before, on
    PostgreSQL a read's stale copy of the table's row, read before the dealer's commit, made the
    fresh table look broken ("journal row N is not the table's") and quarantined it."""
    j = open_journal(db)
    try:
        tid, _ = j.create({"banker": 0}, seed=5, public=True)
        stop = threading.Event()
        errors: list[BaseException] = []
        reads = [0]

        def reader() -> None:
            while not stop.is_set():
                try:
                    j.read(entry(j, tid), True)
                    reads[0] += 1
                except BaseException as x:  # reported below
                    errors.append(x)
                    return

        threads = [threading.Thread(target=reader) for _ in range(3)]
        for t in threads:
            t.start()
        try:
            play(j, tid, ROUND, rounds=3)
        finally:
            stop.set()
            for t in threads:
                t.join()
        assert not errors and not j.quarantined() and reads[0] > 0
        assert j.read(entry(j, tid), True)["rounds"] == 3
    finally:
        j.close()


def test_a_process_starting_while_another_acts_quarantines_nothing(db: str) -> None:
    """Before, a second process starting while the first acted quarantined every table that moved
    during its start-up replay (the tables' rows read first, their journals later)."""
    if not is_postgres(db):
        pytest.skip("one process per SQLite file")
    a = open_journal(db)
    try:
        tids = [a.create({"banker": 0}, seed=k)[0] for k in range(6)]
        stop = threading.Event()
        errors: list[BaseException] = []

        def dealer() -> None:
            try:
                while not stop.is_set():
                    for step in ROUND:
                        for tid in tids:
                            play(a, tid, [step])
            except BaseException as x:  # reported below
                errors.append(x)

        t = threading.Thread(target=dealer)
        t.start()
        try:
            for _ in range(4):
                b = open_journal(db)
                try:
                    assert b.quarantined() == {}
                finally:
                    b.close()
        finally:
            stop.set()
            t.join()
        assert not errors and not a.quarantined()
    finally:
        a.close()


# -- 5. a quarantine's public message --------------------------------------------------------------
def test_a_quarantine_tells_a_reader_nothing_of_the_game(db: str, capfd: pytest.CaptureFixture[str]) -> None:
    """A deal row that replays to another result: the reader of the public table is told the table
    and the row, not the journaled nor the replayed hands (before: every position's face-down hand);
    the operator's log has them."""
    j = open_journal(db)
    tid, _ = j.create({"banker": 0}, seed=7, public=True)
    play(j, tid, ROUND[:6])  # dealt: the hands face down
    j.close()
    dealt = json.loads(sql(db, "SELECT result FROM journal WHERE table_id = ? AND seq = 6", (tid,))[0][0])
    hands = [" ".join(h) for h in dealt["hands"].values()]
    edited = {**dealt, "hands": {**dealt["hands"], "1": dealt["hands"]["2"], "2": dealt["hands"]["1"]}}
    sql(db, "UPDATE journal SET result = ? WHERE table_id = ? AND seq = 6", (json.dumps(edited), tid))
    rechain(db, tid)
    j = open_journal(db)
    try:
        with pytest.raises(QuarantinedError) as x:
            j.read(entry(j, tid), True)
        message = str(x.value)
        assert message == (f"table {tid!r} is quarantined: table {tid}: journal row 6 replays to another result"
                           " than the journaled one")
        for hand in dealt["hands"].values():
            assert not any(tile in message for tile in hand)
        assert j.quarantined()[tid] in message and j.listing("operator")[0]["quarantined"] == j.quarantined()[tid]
        log = capfd.readouterr().err
        assert f"table {tid} quarantined" in log and all(t in log for t in hands[0].split())
    finally:
        j.close()


# -- 7. the chain covers round records, snapshots and the archive ----------------------------------
def _two_tables(db: str) -> tuple[str, str]:
    """Two tables one round each (a snapshot every round), the second with other bets."""
    j = open_journal(db, snapshot_every=1)
    try:
        a, _ = j.create({"banker": 0}, seed=21)
        b, _ = j.create({"banker": 0}, seed=21)
        play(j, a, ROUND)
        play(j, b, [{**s, "amount": 500} if s["action"] == "bet" else s for s in ROUND])
        assert j.read(entry(j, a), False)["balances"] != j.read(entry(j, b), False)["balances"]
    finally:
        j.close()
    return a, b


def _broken(db: str, tid: str) -> dict[str, Any]:
    return next(r for r in audit(db) if r["table"] == tid)


def test_an_edited_snapshot_is_caught(db: str) -> None:
    """Table a's snapshot replaced by table b's (same seq): before, the restart served b's balances
    for a and the audit said "chain ok"."""
    a, b = _two_tables(db)
    state = sql(db, "SELECT state FROM snapshots WHERE table_id = ? AND seq = 8", (b,))[0][0]
    sql(db, "UPDATE snapshots SET state = ? WHERE table_id = ? AND seq = 8", (state, a))
    r = _broken(db, a)
    assert r["status"] == "broken" and r["seq"] == 8 and "snapshot" in r["reason"]
    assert _broken(db, b)["status"] == "ok"
    j = open_journal(db)
    try:
        assert j.quarantined()[a] == (f"table {a}: the snapshot stored with journal row 8 is not the one journaled"
                                      " (its hash does not match)")
        assert b not in j.quarantined()
    finally:
        j.close()


def test_an_edited_round_record_is_caught(db: str) -> None:
    """Table a's record of round 1 replaced by table b's: before, GET .../rounds/1 served it and
    the audit said "chain ok"."""
    a, b = _two_tables(db)
    record, public = sql(db, "SELECT record, public FROM rounds WHERE table_id = ? AND number = 1", (b,))[0]
    sql(db, "UPDATE rounds SET record = ?, public = ? WHERE table_id = ? AND number = 1", (record, public, a))
    r = _broken(db, a)
    assert r["status"] == "broken" and r["seq"] == 8 and "record" in r["reason"]
    j = open_journal(db)
    try:
        with pytest.raises(QuarantinedError, match="the record stored with journal row 8 is not the one journaled"):
            j.finished_round(entry(j, a), 1, True)
        assert j.finished_round(entry(j, b), 1, True) == json.loads(public)
    finally:
        j.close()


def test_an_edited_archive_is_caught(db: str) -> None:
    """A closed table's archive (what a reader of it is served) replaced by another's."""
    a, b = _two_tables(db)
    j = open_journal(db)
    try:
        j.close_table(entry(j, a))
        j.close_table(entry(j, b))
        want = j.read(entry(j, a), True)
    finally:
        j.close()
    archive = sql(db, "SELECT archive FROM tables WHERE id = ?", (b,))[0][0]
    sql(db, "UPDATE tables SET archive = ? WHERE id = ?", (archive, a))
    assert _broken(db, a)["status"] == "broken" and _broken(db, b)["status"] == "ok"
    j = open_journal(db)
    try:
        with pytest.raises(QuarantinedError, match="the archive stored with journal row 9"):
            j.read(entry(j, a), True)
        assert j.read(entry(j, b), True) != want
    finally:
        j.close()


# -- 33.2: waiting for a table's change (the display follows it instead of polling) ----------------
def test_waiting_for_a_tables_change(db: str) -> None:
    """``wait_for_change`` returns when an action is journaled, by this journal or (PostgreSQL:
    LISTEN/NOTIFY) another process's, and after its timeout when none is."""
    import time

    j = open_journal(db)
    other = open_journal(db) if is_postgres(db) else j
    try:
        tid, _ = j.create({"banker": 0}, seed=3)
        t0 = time.monotonic()
        assert j.wait_for_change(tid, 0, 0.3) == 0 and time.monotonic() - t0 >= 0.3  # nothing happened
        got: list[int] = []
        waiter = threading.Thread(target=lambda: got.append(j.wait_for_change(tid, 0, 30)))
        waiter.start()
        time.sleep(0.2)  # the waiter waits (the result does not depend on it)
        t0 = time.monotonic()
        play(other, tid, ROUND[:1])
        waiter.join()
        assert got == [1] and time.monotonic() - t0 < 5
        assert j.wait_for_change(tid, 0, 5) == 1  # already past: at once
        assert j.wait_for_change("no-such-table", 0, 0.01) == 0
    finally:
        if other is not j:
            other.close()
        j.close()
