"""Durability: ``paigow serve`` killed with SIGKILL at random points of a scripted session comes back
from its journal with every acknowledged action and nothing half-applied.

The script (≥ 200 actions over many rounds, the bank passing) is made by playing it on a local
:class:`~paigow.serve.tables.Table` with the same seed, which gives the state after each action.
At ≥ 20 random points an action is sent and the process is killed a random few milliseconds later
(before, during or after the action's commit). After each restart on the same SQLite file the
table must be exactly in the state after the last acknowledged action, or after the action in
flight (committed but not answered), never anything else; play then goes on from there.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from paigow.errors import PaigowError
from paigow.serve.tables import Table
from serve_support import OPERATOR, ServeProcess

SEED = 20261202
MIN_ACTIONS = 200
KILLS = 22
BUDGET = 600.0  # seconds: the test fails past this (each restart is ~1 s on an idle machine)


def make_script(seed: int, n: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Legal actions and the table's state after each, from a local table with ``seed``."""
    rnd = random.Random(seed)
    t = Table({"banker": 0, "house_stake": 300}, seed)
    script: list[dict[str, Any]] = []
    states: list[dict[str, Any]] = []

    def do(action: dict[str, Any]) -> bool:
        try:
            t.apply(action)
        except PaigowError:
            return False
        script.append(action)
        states.append(t.view())
        return True

    while len(script) < n:
        s = t.session
        if s.banker is None:
            if not (rnd.random() < 0.3 and do({"action": "decline"})):
                do({"action": "accept"})
            continue
        if s.state.rounds_banked >= 2 or (s.state.rounds_banked and rnd.random() < 0.25):
            do({"action": "pass_bank"})
            continue
        carried = s.carried
        if s.state.rounds_banked and carried and rnd.random() < 0.5:
            do({"action": "start_round"})
        else:
            do({"action": "start_round", "stake": max(carried or 0, 0) + rnd.choice((500, 1000, 2000))})
        if rnd.random() < 0.3:
            do({"action": "co_bank", "party": "house", "stake": rnd.choice((200, 400))})
        banker = s.banker
        assert banker is not None
        others = [p for p in range(8) if p != banker]
        for p in rnd.sample(others, rnd.randint(1, 4)):
            do({"action": "bet", "position": p, "amount": rnd.choice((50, 100, 300))})
            if rnd.random() < 0.3:
                do({"action": "bet", "position": p, "amount": rnd.choice((50, 500)), "bettor": rnd.choice("xyz")})
        do({"action": "shuffle"})
        if rnd.random() < 0.5:
            do({"action": "cut", "position": rnd.choice(others), "k": rnd.randint(1, 7)})
        if rnd.random() < 0.3:
            do({"action": "shake", "dice": [rnd.randint(1, 6) for _ in range(4)], "void": rnd.choice(("tilted", "fallen"))})
        do({"action": "shake"} if rnd.random() < 0.5 else {"action": "shake", "dice": [rnd.randint(1, 6) for _ in range(4)]})
        do({"action": "deal"})
        r = s.round
        assert r is not None
        if rnd.random() < 0.2 and r.playing:
            do({"action": "expose", "position": rnd.choice(r.playing)})
        for p in r.playing:
            if rnd.random() < 0.5:
                do({"action": "set_hand", "position": p, "setting": rnd.randint(0, 2)})
        do({"action": "settle", "strategy": rnd.choice(("equilibrium", "max-back"))})
        do({"action": "end_round"})
    return script, states


def test_the_script_is_a_real_session() -> None:
    script, states = make_script(SEED, MIN_ACTIONS)
    assert len(script) >= MIN_ACTIONS
    names = {a["action"] for a in script}
    assert {"start_round", "bet", "shuffle", "shake", "deal", "settle", "end_round", "pass_bank", "accept"} <= names
    last = states[-1]
    assert last["rounds"] >= 15
    assert sum(a["action"] == "shake" for a in script) > last["rounds"]  # void shakes too
    assert any(a["action"] == "expose" for a in script) and any(a["action"] == "decline" for a in script)
    assert sum(last["balances"].values()) + last["commission"] == 0


def _send(url: str, headers: dict[str, str], action: dict[str, Any], out: list[Any]) -> None:
    try:
        r = httpx.post(url, json=action, headers=headers, timeout=10)
        out.append(r)
    except httpx.HTTPError as e:
        out.append(e)


@pytest.mark.slow  # 22 restarts of the server: ~30 s on an idle machine, minutes on a loaded one
def test_sigkill_loses_nothing_acknowledged(tmp_path: Path) -> None:
    script, states = make_script(SEED, MIN_ACTIONS)
    rnd = random.Random(SEED + 1)
    kill_at = set(rnd.sample(range(len(script)), KILLS))
    db = tmp_path / "kill.db"
    server = ServeProcess(db)
    start = time.monotonic()
    kills = in_flight_committed = in_flight_lost = 0
    latencies: list[float] = []
    try:
        created = httpx.post(server.url + "/v1/tables", json={"banker": 0, "house_stake": 300, "seed": SEED,
                                                              "mode": "simulation"}, headers=OPERATOR).json()
        tid, auth = created["id"], {"Authorization": f"Bearer {created['token']}"}
        i = 0
        while i < len(script):
            assert time.monotonic() - start < BUDGET, f"over {BUDGET} s after {kills} kills"
            url = f"{server.url}/v1/tables/{tid}/actions"
            if i in kill_at:
                kill_at.discard(i)
                out: list[Any] = []
                th = threading.Thread(target=_send, args=(url, auth, script[i], out))
                th.start()
                # kill within about one request's time: before, during or after the commit
                typical = sorted(latencies[-20:])[len(latencies[-20:]) // 2] if latencies else 0.01
                time.sleep(rnd.uniform(0, 1.5 * typical))
                server.kill()
                kills += 1
                th.join(15)
                acked = bool(out) and isinstance(out[0], httpx.Response) and out[0].status_code == 200
                if acked:
                    assert out[0].json()["state"] == states[i]
                server = ServeProcess(db)
                got = httpx.get(f"{server.url}/v1/tables/{tid}", headers=auth).json()
                before = states[i - 1]["seq"] if i else 0
                if acked:
                    assert got == states[i], f"acknowledged action {i} ({script[i]}) lost"
                    i += 1
                elif got["seq"] == before + 1:
                    assert got == states[i], f"action {i} half-applied"
                    in_flight_committed += 1
                    i += 1
                else:
                    assert got == (states[i - 1] if i else got), f"state after a kill at action {i} is not a state of the script"
                    assert got["seq"] == before
                    in_flight_lost += 1
                continue
            t0 = time.perf_counter()
            r = httpx.post(url, json=script[i], headers=auth, timeout=10)
            latencies.append(time.perf_counter() - t0)
            assert r.status_code == 200, (i, script[i], r.text)
            assert r.json()["state"] == states[i]
            i += 1
        final = httpx.get(f"{server.url}/v1/tables/{tid}", headers=auth).json()
    finally:
        server.stop()
    assert kills >= 20
    assert final == states[-1]
    assert sum(final["balances"].values()) + final["commission"] == 0  # money balances over the session
    # some kills landed while an action was in flight (either side of its commit)
    print(f"\nkill test: {len(script)} actions, {kills} SIGKILLs, in flight: {in_flight_committed} committed,"
          f" {in_flight_lost} not; {time.monotonic() - start:.1f} s")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scripts_replay_on_a_fresh_table(seed: int) -> None:
    """The same seed and actions make the same states (what the journal relies on)."""
    script, states = make_script(seed, 60)
    t = Table({"banker": 0, "house_stake": 300}, seed)
    for a, st in zip(script, states):
        t.apply(a)
        assert t.view() == st


# -- PostgreSQL: two processes serving the same tables ------------------------------------------
def _create(server: ServeProcess, **body: Any) -> tuple[str, dict[str, str]]:
    created = httpx.post(server.url + "/v1/tables", json=body, headers=OPERATOR, timeout=30).json()
    return created["id"], {"Authorization": f"Bearer {created['token']}"}


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_two_processes_serve_one_table_in_turn(postgres: Any) -> None:
    """Two `paigow serve` processes on one PostgreSQL database, actions of one table sent to
    either at once: the database serialises them (each acknowledged once, seq contiguous, the
    chain checks), and each process answers the state the other left."""
    from paigow.serve.stores import audit
    from serve_support import postgres_database

    url = postgres_database(postgres)
    servers = [ServeProcess(url), ServeProcess(url)]
    try:
        tid, auth = _create(servers[0], banker=0)
        assert httpx.post(f"{servers[1].url}/v1/tables/{tid}/actions", json={"action": "start_round", "stake": 10_000},
                          headers=auth, timeout=30).status_code == 200
        done: list[int] = []

        def bets(server: ServeProcess, who: str) -> None:
            with httpx.Client(timeout=30) as c:
                for k in range(25):
                    r = c.post(f"{server.url}/v1/tables/{tid}/actions", headers=auth,
                               json={"action": "bet", "position": 1 + k % 7, "amount": 10, "bettor": f"{who}-{k}"})
                    assert r.status_code == 200, r.text
                    done.append(r.json()["seq"])

        threads = [threading.Thread(target=bets, args=(servers[i % 2], f"p{i}")) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert sorted(done) == list(range(2, 102))  # every seq acknowledged once
        views = [httpx.get(f"{s.url}/v1/tables/{tid}", headers=auth, timeout=30).json() for s in servers]
        assert views[0] == views[1] and views[0]["seq"] == 101 and len(views[0]["round"]["bets"]) == 100
        assert [r["status"] for r in audit(url)] == ["ok"]
    finally:
        for s in servers:
            s.stop()


@pytest.mark.slow  # restarts of one of two servers: ~30 s on an idle machine
def test_sigkill_of_one_of_two_processes_loses_nothing(postgres: Any) -> None:
    """The kill test on PostgreSQL: the script's actions go to either of two processes; at random
    points the one taking an action is killed (before, during or after its commit) and the other
    must answer exactly the state after the last acknowledged action, or after the one in flight;
    the killed one is restarted and play goes on across both."""
    from serve_support import postgres_database

    url = postgres_database(postgres)
    script, states = make_script(SEED + 7, 120)
    rnd = random.Random(SEED + 8)
    kill_at = set(rnd.sample(range(len(script)), 10))
    servers = [ServeProcess(url), ServeProcess(url)]
    start = time.monotonic()
    kills = 0
    try:
        tid, auth = _create(servers[0], banker=0, house_stake=300, seed=SEED + 7, mode="simulation")
        i = 0
        while i < len(script):
            assert time.monotonic() - start < BUDGET, f"over {BUDGET} s after {kills} kills"
            k = rnd.randrange(2)
            url_k = f"{servers[k].url}/v1/tables/{tid}/actions"
            if i not in kill_at:
                r = httpx.post(url_k, json=script[i], headers=auth, timeout=30)
                assert r.status_code == 200, (i, script[i], r.text)
                assert r.json()["state"] == states[i]
                i += 1
                continue
            kill_at.discard(i)
            out: list[Any] = []
            th = threading.Thread(target=_send, args=(url_k, auth, script[i], out))
            th.start()
            time.sleep(rnd.uniform(0, 0.02))
            servers[k].kill()
            kills += 1
            th.join(15)
            acked = bool(out) and isinstance(out[0], httpx.Response) and out[0].status_code == 200
            got = httpx.get(f"{servers[1 - k].url}/v1/tables/{tid}", headers=auth, timeout=30).json()
            before = states[i - 1]["seq"] if i else 0
            if acked or got["seq"] == before + 1:
                assert got == states[i], f"action {i} ({script[i]}) lost or half-applied"
                i += 1
            else:
                assert got["seq"] == before and (i == 0 or got == states[i - 1])
            servers[k] = ServeProcess(url)
        final = httpx.get(f"{servers[0].url}/v1/tables/{tid}", headers=auth, timeout=30).json()
        assert final == httpx.get(f"{servers[1].url}/v1/tables/{tid}", headers=auth, timeout=30).json()
    finally:
        for s in servers:
            s.stop()
    assert kills == 10 and final == states[-1]
    assert sum(final["balances"].values()) + final["commission"] == 0
