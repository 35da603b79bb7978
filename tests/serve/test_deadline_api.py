"""A round's deadline for the settings through the API (issue 38): the dealer sets it (seconds from
now by the service's clock, or a time), the dealer's action applies it once passed (refused
before, nothing changed), every hand still unset is then set by the table's rule and the round's
record says why (``house_way`` events with ``why`` ``deadline`` after ``deadline_passed``), and
that record replays, as the journal does after a restart. A seat may not touch the deadline. Runs on
every store the machine has."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR
from paigow.table.records import replay_round


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def dealt_table(c: httpx.Client) -> tuple[str, dict[str, str]]:
    t = ok(c.post("/v1/tables", json={}, headers=OPERATOR), 201)
    tid, auth = t["id"], {"Authorization": f"Bearer {t['token']}"}
    for a in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
              {"action": "bet", "position": 3, "amount": 50}, {"action": "shuffle"},
              {"action": "declare", "method": "from the first stack"}, {"action": "shake"},
              {"action": "deal"}):
        ok(c.post(f"/v1/tables/{tid}/actions", json=a, headers=auth))
    return tid, auth


def test_a_deadline_passes_and_the_dealers_action_applies_it(client: httpx.Client) -> None:
    tid, auth = dealt_table(client)
    url = f"/v1/tables/{tid}/deadline"
    set_at = ok(client.post(url, json={"action": "set_deadline", "seconds": 3600}, headers=auth))
    assert set_at["action"] == "set_deadline" and set_at["result"] > time.time() + 3000
    before = ok(client.get(f"/v1/tables/{tid}", headers=auth))
    early = client.post(url, json={"action": "apply_deadline"}, headers=auth)
    assert early.status_code == 400 and early.json()["code"] == "deadline.early", early.text
    assert ok(client.get(f"/v1/tables/{tid}", headers=auth)) == before          # nothing changed
    mine = ok(client.post(f"/v1/tables/{tid}/actions", json={"action": "set_hand", "position": 3, "setting": 0},
                          headers=auth))["result"]
    ok(client.post(url, json={"action": "set_deadline", "at": time.time() - 1}, headers=auth))  # moved: passed
    applied = ok(client.post(url, json={"action": "apply_deadline"}, headers=auth))
    assert [(w["position"], w["why"], w["way"]) for w in applied["result"]] == [(1, "deadline", "foxwoods"),
                                                                                 (0, "deadline", "foxwoods")]
    settings = applied["state"]["round"]["settings"]
    assert settings[1] is not None and settings[0] is not None and settings[3] == mine
    ok(client.post(f"/v1/tables/{tid}/actions", json={"action": "settle"}, headers=auth))
    ok(client.post(f"/v1/tables/{tid}/actions", json={"action": "end_round"}, headers=auth))
    record = ok(client.get(f"/v1/tables/{tid}/rounds/1", headers=auth))
    kinds = [e["event"] for e in record["events"]]
    i = kinds.index("deadline_passed")
    assert kinds.count("deadline") == 2 and kinds[i + 1:i + 4] == ["house_way", "turn", "house_way"]
    assert {e["why"] for e in record["events"] if e["event"] == "house_way"} == {"deadline"}
    assert record["result"]["ledger"].get("claims", []) == []
    replayed = replay_round(record)
    assert [w.why if w else None for w in replayed.ways][:4] == ["deadline", "deadline", None, None]


@pytest.mark.parametrize("body", [{"action": "set_deadline"}, {"action": "set_deadline", "seconds": 5, "at": 1},
                                  {"action": "set_deadline", "seconds": -1}, {"action": "turn"}])
def test_a_malformed_deadline_is_refused(client: httpx.Client, body: dict[str, Any]) -> None:
    tid, auth = dealt_table(client)
    r = client.post(f"/v1/tables/{tid}/deadline", json=body, headers=auth)
    assert r.status_code == 422 and r.json()["code"] == "request.invalid", r.text


def test_no_deadline_to_apply_and_a_seat_may_not(client: httpx.Client) -> None:
    tid, auth = dealt_table(client)
    r = client.post(f"/v1/tables/{tid}/deadline", json={"action": "apply_deadline"}, headers=auth)
    assert r.status_code == 400 and r.json()["code"] == "deadline.none", r.text
    seat = ok(client.post(f"/v1/tables/{tid}/seats/1", headers=auth), 201)["token"]
    r = client.post(f"/v1/tables/{tid}/seat/actions", json={"action": "set_deadline", "seconds": 5},
                    headers={"Authorization": f"Bearer {seat}"})
    assert r.status_code == 403 and r.json()["code"] == "seat.forbidden", r.text
    r = client.post(f"/v1/tables/{tid}/deadline", json={"action": "set_deadline", "seconds": 5},
                    headers={"Authorization": f"Bearer {seat}"})
    assert r.status_code == 401, r.text


def test_a_restart_replays_the_deadline(db: str) -> None:
    """The journal holds the service's times with the actions: a restarted service rebuilds the
    same table, the deadline's settings included."""
    from serve_support import ThreadServer

    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            tid, auth = dealt_table(c)
            ok(c.post(f"/v1/tables/{tid}/deadline", json={"action": "set_deadline", "at": 1_000_000}, headers=auth))
            ok(c.post(f"/v1/tables/{tid}/deadline", json={"action": "apply_deadline"}, headers=auth))
            before = ok(c.get(f"/v1/tables/{tid}", headers=auth))
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            after = ok(c.get(f"/v1/tables/{tid}", headers=auth))
            assert after == before and after["round"]["settings"][1] is not None
            ok(c.post(f"/v1/tables/{tid}/actions", json={"action": "settle"}, headers=auth))
    finally:
        s.stop()
