"""The journal without HTTP: group commit under concurrency, a failed write, replay checks."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from paigow.errors import PaigowError
from paigow.serve.journal import Journal, ReplayError

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


def test_pragmas(tmp_path: Path) -> None:
    j = Journal(str(tmp_path / "p.db"))
    try:
        assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        j.close()


def test_concurrent_tables_share_commits_and_replay(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    j = Journal(path)
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
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM journal").fetchone()[0] == 16 * len(ROUND)
    db.close()
    j2 = Journal(path)
    try:
        assert {tid: j2.table(tid).view() for tid in ids} == views
        for v in views.values():
            assert v["rounds"] == 1 and sum(v["balances"].values()) + v["commission"] == 0
    finally:
        j2.close()


def test_a_failed_write_leaves_the_table_as_journaled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    j = Journal(str(tmp_path / "f.db"))
    try:
        tid, _ = j.create({"banker": 0}, seed=3)
        e = j.entry(tid)
        assert e is not None
        for a in ROUND[:3]:
            j.act(e, a)
        before = e.table.view()

        def broken(rows: object) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(j, "_commit", broken)
        with pytest.raises(sqlite3.OperationalError):
            j.act(e, ROUND[3])
        monkeypatch.undo()
        assert e.table.view() == before  # rebuilt from the journal, not half-applied
        j.act(e, ROUND[3])
        assert e.table.seq == 4
    finally:
        j.close()


def test_a_refused_action_writes_nothing(tmp_path: Path) -> None:
    j = Journal(str(tmp_path / "r.db"))
    try:
        tid, _ = j.create({"banker": 0})
        with pytest.raises(PaigowError):
            j.act(j.table(tid), {"action": "bet", "position": 1, "amount": 5})
        assert j.journal_length(tid) == 0 and j.table(tid).seq == 0
    finally:
        j.close()


def test_a_journal_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    """A row that does not replay quarantines its table, named, and the others serve (issue 23:
    before, the whole journal was refused). A row changed without its hash breaks the chain; one
    rewritten with a matching hash (an engine that refuses it) is refused on replay."""
    from paigow.serve.journal import row_hash

    path = str(tmp_path / "bad.db")
    j = Journal(path)
    tid, _ = j.create({"banker": 0}, seed=1)
    other, _ = j.create({"banker": 0}, seed=2)
    j.act(j.table(tid), ROUND[0])
    j.act(j.table(other), ROUND[0])
    j.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE journal SET action = ? WHERE seq = 1 AND table_id = ?", ('{"action": "end_round"}', tid))
    db.commit()
    db.close()
    j = Journal(path)
    try:
        assert j.quarantined()[tid] == f"table {tid}: journal row 1 was changed (its hash does not match)"
        assert j.table(other).seq == 1 and other not in j.quarantined()
    finally:
        j.close()
    db = sqlite3.connect(path)
    prev, result, at = db.execute("SELECT prev, result, at FROM journal WHERE seq = 1 AND table_id = ?", (tid,)).fetchone()
    action = '{"action": "end_round"}'
    h = row_hash(prev, tid, 1, action, None, result, at)
    db.execute("UPDATE journal SET hash = ? WHERE seq = 1 AND table_id = ?", (h, tid))
    db.execute("UPDATE tables SET head = ? WHERE id = ?", (h, tid))
    db.commit()
    db.close()
    j = Journal(path)
    try:
        assert "journal row 1" in j.quarantined()[tid] and "refused on replay" in j.quarantined()[tid]
        with pytest.raises(ReplayError, match="refused on replay"):
            j._rebuild(j.entry(tid).row, j._db)  # type: ignore[union-attr]
    finally:
        j.close()
