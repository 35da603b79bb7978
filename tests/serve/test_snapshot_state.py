"""Issue 33 item 2, on both stores: a table's snapshot holds its state between rounds (version 2),
so restoring a table costs the same at round 60 as at round 10 (no round is replayed from the
first); the restored table serves every read byte for byte as the table that was never restarted;
a snapshot of the earlier format (the session's record) still restores; an edited state snapshot
is caught by the hash chain. A Fish-Prawn-Crab table's snapshot holds only the round in play."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from paigow.serve.journal import Journal
from paigow.serve.stores import audit, open_journal
from paigow.serve.tables import SNAPSHOT_VERSION, Table
from paigow.table.records import session_record
from paigow.table.round_base import RoundBase
from paigow.table.session import Session
from serve_support import OPERATOR, ThreadServer


def _sibling(name: str) -> Any:
    """A test module beside this one (the tests are imported by path, not as a package)."""
    spec = importlib.util.spec_from_file_location(f"_snapshot_state_{name}", Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_script = _sibling("test_kill").make_script  # a real session's script, played on a local table
sql = _sibling("test_store_integrity").sql  # one statement on either store, as another client

SEED = 20261205
CONFIG = {"banker": 0, "house_stake": 300}


@pytest.fixture(scope="module")
def script() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A real session (the bank passing, declined, taken; co-banks, cuts, void shakes) of more
    than 60 rounds, and the state after each action, from a table never restarted."""
    return make_script(SEED, 1100)


def upto(states: list[dict[str, Any]], rounds: int) -> int:
    """How many actions of the script end round ``rounds``."""
    return next(i + 1 for i, s in enumerate(states) if s["rounds"] == rounds and s["round"] is None)


def play(j: Journal, tid: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    e = j.entry(tid)
    assert e is not None
    return [j.perform(e, a)[1] for a in actions]


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every action the engine performs from now on (a session's or a round's), by name."""
    done: list[str] = []
    real_session, real_round = Session.apply, RoundBase.apply

    def session_apply(self: Session, action: Any) -> Any:
        done.append(action.name)
        return real_session(self, action)

    def round_apply(self: RoundBase, action: Any) -> Any:
        if not done or done[-1] != action.name:  # a round's action performed through its session counts once
            done.append(action.name)
        return real_round(self, action)

    monkeypatch.setattr(Session, "apply", session_apply)
    monkeypatch.setattr(RoundBase, "apply", round_apply)
    return done


def old_snapshot(self: Table) -> dict[str, Any]:
    """A snapshot as the service wrote it before version 2: the session's record."""
    rng = self.rng.getstate()
    return {"seq": self.seq, "session": session_record(self.session),
            "rng": {"version": rng[0], "state": list(rng[1]), "gauss": rng[2]}}


def latest_snapshot(db: str, tid: str) -> dict[str, Any]:
    return json.loads(sql(db, "SELECT state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (tid,))[0][0])


# -- 1. the work of a restore does not grow with the rounds --------------------------------------
def test_restoring_does_not_replay_the_history(db: str, script: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    actions, states = script
    j = open_journal(db, snapshot_every=5)
    tables = {}
    try:
        for rounds in (10, 60):
            tid, _ = j.create(CONFIG, seed=SEED)
            n = upto(states, rounds)
            play(j, tid, actions[:n + 3])  # the next round begun: three actions after the snapshot
            tables[rounds] = tid, n + 3
    finally:
        j.close()
    for rounds, (tid, n) in tables.items():
        snap = latest_snapshot(db, tid)
        assert snap["version"] == SNAPSHOT_VERSION and snap["rounds"] == rounds and "session" not in snap
    done = counting(monkeypatch)
    work = {}
    j = open_journal(db, snapshot_every=5)
    try:
        assert len(done) <= 6, done  # the start (SQLite builds every table at open): the two tails
        for rounds, (tid, n) in tables.items():
            e = j.entry(tid)
            assert e is not None
            e.table = None  # built again from the store, from its latest snapshot
            done.clear()
            assert j.read(e, False) == states[n - 1]
            work[rounds] = list(done)
    finally:
        j.close()
    # at most the tail after the snapshot (whatever else the process does: the same at 10 and 60 rounds)
    assert len(work[60]) <= 3 and len(work[10]) <= 3, work
    assert len(work[60]) <= len(work[10]) + 2, work


# -- 2. the restored table serves every read byte for byte ------------------------------------------
READS = ["", "?public", "?operator", "list", "rounds/1", "rounds/17", "rounds/24", "rounds/24?public", "journal"]


def reads(url: str, tid: str, auth: dict[str, str]) -> dict[str, bytes]:
    out = {}
    with httpx.Client(base_url=url, timeout=30) as c:
        for what in READS:
            path, _, who = what.partition("?")
            headers = {"public": {}, "operator": OPERATOR}.get(who, auth)
            if path == "list":
                r = c.get("/v1/tables", headers=OPERATOR)
            elif path == "journal":
                r = c.get(f"/v1/tables/{tid}/journal", headers=OPERATOR)
            else:
                r = c.get(f"/v1/tables/{tid}" + (f"/{path}" if path else ""), headers=headers)
            assert r.status_code == 200, (what, r.text)
            out[what] = r.content
    return out


def test_a_restored_table_serves_every_read_as_before(db: str, script: Any) -> None:
    actions, states = script
    s = ThreadServer(db, snapshot_every=3)
    try:
        created = httpx.post(f"{s.url}/v1/tables", json={**CONFIG, "seed": SEED, "mode": "simulation", "public": True},
                             headers=OPERATOR).json()
        tid, auth = created["id"], {"Authorization": f"Bearer {created['token']}"}
        n = upto(states, 25) + 4  # round 26 in play, after the snapshot of round 24 and round 25
        play(s.journal, tid, actions[:n])
        before = reads(s.url, tid, auth)
    finally:
        s.stop()
    assert latest_snapshot(db, tid)["rounds"] == 24
    s = ThreadServer(db, snapshot_every=3)
    try:
        after = reads(s.url, tid, auth)
        for what in READS:
            assert after[what] == before[what], what
        # and play goes on as at the table never restarted: the same results and states
        for i, view in enumerate(play(s.journal, tid, actions[n:upto(states, 30)]), n):
            assert view == states[i], i
    finally:
        s.stop()


# -- 3. a snapshot of the earlier format still restores ---------------------------------------------
def test_an_old_snapshot_still_restores(db: str, script: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    actions, states = script
    n = upto(states, 6) + 2
    with monkeypatch.context() as m:
        m.setattr(Table, "snapshot", old_snapshot)
        j = open_journal(db, snapshot_every=3)
        try:
            tid, _ = j.create(CONFIG, seed=SEED)
            play(j, tid, actions[:n])
        finally:
            j.close()
    snap = latest_snapshot(db, tid)
    assert "version" not in snap and "session" in snap
    done = counting(monkeypatch)
    j = open_journal(db, snapshot_every=3)
    try:
        e = j.entry(tid)
        assert e is not None
        assert j.read(e, False) == states[n - 1]
        assert done.count("start_round") >= 6  # the session's record replayed from round 1, then the tail
        m9 = upto(states, 9)
        assert play(j, tid, actions[n:m9])[-1] == states[m9 - 1]
    finally:
        j.close()
    assert latest_snapshot(db, tid)["version"] == SNAPSHOT_VERSION  # the next snapshot is of the new format
    done.clear()
    j = open_journal(db, snapshot_every=3)
    try:
        e = j.entry(tid)
        assert e is not None
        assert j.read(e, False) == states[m9 - 1] and "start_round" not in done
    finally:
        j.close()


# -- 4. an edited state snapshot is caught ----------------------------------------------------------
@pytest.mark.parametrize("edit", ["carried", "balances"])
def test_an_edited_state_snapshot_is_caught(db: str, script: Any, edit: str) -> None:
    actions, states = script
    j = open_journal(db, snapshot_every=2)
    try:
        tid, _ = j.create(CONFIG, seed=SEED)
        n = upto(states, 4)
        play(j, tid, actions[:n])
    finally:
        j.close()
    (seq, state), = sql(db, "SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (tid,))
    snap = json.loads(state)
    if edit == "carried":
        snap["state"]["carried"] = (snap["state"]["carried"] or 0) + 1000
    else:
        snap["balances"][0][1] += 1000
    sql(db, "UPDATE snapshots SET state = ? WHERE table_id = ? AND seq = ?", (json.dumps(snap), tid, seq))
    r = next(r for r in audit(db) if r["table"] == tid)
    assert r["status"] == "broken" and r["seq"] == seq and "snapshot" in r["reason"]
    j = open_journal(db, snapshot_every=2)
    try:
        assert j.quarantined()[tid] == (f"table {tid}: the snapshot stored with journal row {seq} is not the one"
                                        " journaled (its hash does not match)")
    finally:
        j.close()


def test_a_state_snapshot_of_other_settings_is_refused(script: Any) -> None:
    """Restoring checks the state against the table's settings (the journal then replays it all)."""
    actions, states = script
    t = Table(CONFIG, SEED)
    for a in actions[:upto(states, 3)]:
        t.apply(a)
    snap = json.loads(json.dumps(t.snapshot()))
    assert Table.restore(CONFIG, SEED, snap).view() == t.view()
    with pytest.raises(ValueError, match="settings"):
        Table.restore({**CONFIG, "house_stake": 500}, SEED, snap)
    with pytest.raises(ValueError, match="version"):
        Table.restore(CONFIG, SEED, {**snap, "version": 3})


def test_a_us_tables_state_snapshot() -> None:
    """The US game's bank (the house's, offered after each round it banks, taken alone or with the
    house, declined): restored after every round, the same views, and the same answers after."""
    config = {"banker": 0, "rules": "us", "house_stake": 3000}
    t = Table(config, 4)
    moves: list[list[dict[str, Any]]] = [[{"action": "decline"}], [{"action": "accept"}], [],
                                         [{"action": "accept", "with_house": True}], []]
    for then in moves:
        banker = t.session.banker
        bettors = [p for p in (2, 5, 6) if p != banker][:2]
        for a in [{"action": "start_round", **({} if t.session.house_banks else {"stake": 2000})},
                  *({"action": "bet", "position": p, "amount": 100} for p in bettors), {"action": "shuffle"},
                  {"action": "shake"}, {"action": "deal"}, {"action": "settle", "strategy": "equilibrium"},
                  {"action": "end_round"}]:
            t.apply(a)
        u = Table.restore(config, 4, json.loads(json.dumps(t.snapshot())))
        assert json.dumps([u.view(), u.view(public=True)]) == json.dumps([t.view(), t.view(public=True)])
        for a in then:
            assert u.apply(a) == t.apply(a)
        assert u.view() == t.view()
    assert t.view()["rounds"] == 5 and len(t.view()["turns"]) == 3


# -- 5. Fish-Prawn-Crab: the snapshot holds the round in play only ----------------------------------
def _pcc_round(k: int) -> Iterator[dict[str, Any]]:
    yield {"action": "place", "spot": "fish", "stake": 100, "player": "Ana"}
    yield {"action": "place", "spot": "big", "stake": 50 + k, "player": "Bo"}
    yield {"action": "close_betting"}
    yield {"action": "settle", "roll": ["fish crab prawn", "gourd gourd coin", "fish fish rooster"][k % 3]}
    yield {"action": "new_round"}


def test_a_pcc_snapshot_does_not_grow_with_the_rounds(db: str) -> None:
    j = open_journal(db, snapshot_every=5)
    sizes, views = {}, {}
    try:
        for rounds in (10, 40):
            tid, _ = j.create({"game": "pcc"})
            play(j, tid, [a for k in range(rounds) for a in _pcc_round(k)][:-1])  # the last round settled
            views[tid] = j.read(j.entry(tid), False)  # type: ignore[arg-type]
            snap = latest_snapshot(db, tid)
            assert snap["finished"] == rounds
            sizes[rounds] = len(json.dumps(snap["round"])) + len(json.dumps(snap["players"]))
    finally:
        j.close()
    assert abs(sizes[40] - sizes[10]) <= 8, sizes  # the round settled last: its stakes' digits differ
    j = open_journal(db, snapshot_every=5)
    try:
        for tid, view in views.items():
            assert j.read(j.entry(tid), False) == view  # type: ignore[arg-type]
    finally:
        j.close()
