"""A seat's bets the dealer confirms (issue 38, ``"seat_bets": "confirm"``), through the API on
every store the machine has (``db``): a seat's bet or withdrawal becomes a request; the dealer
confirms it (the table takes it, the engine checking it again) or refuses it; pending requests
lapse when the betting ends or the seat is revoked; a restart replays them; the dealer's view
lists them all, a seat's view its own only, the public view none; the money balances."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ThreadServer, bearer, err, ok

pytest.importorskip("sse_starlette", reason="the serve extra (sse-starlette) is not installed")

WAIT = 30.0


class Table:
    """A table opened through the API with its dealer's and seats' tokens."""

    def __init__(self, c: httpx.Client, **body: Any) -> None:
        t = ok(c.post("/v1/tables", json={"seat_bets": "confirm", **body}, headers=OPERATOR), 201)
        self.c, self.id, self.dealer, self.created = c, t["id"], bearer(t["token"]), t
        self.seats: dict[int, dict[str, str]] = {}

    def grant(self, *positions: int) -> None:
        for p in positions:
            self.seats[p] = bearer(ok(self.c.post(f"/v1/tables/{self.id}/seats/{p}", headers=self.dealer), 201)["token"])

    def act(self, **action: Any) -> dict[str, Any]:
        return ok(self.c.post(f"/v1/tables/{self.id}/actions", json=action, headers=self.dealer))  # type: ignore[no-any-return]

    def ask(self, position: int, /, **action: Any) -> dict[str, Any]:
        """A seat's request: answered pending, with its id."""
        out = ok(self.c.post(f"/v1/tables/{self.id}/seat/actions", json=action, headers=self.seats[position]))
        assert out["action"] == action["action"] and out["result"]["status"] == "pending", out
        assert out["state"]["seat_requests"][-1] == out["result"]
        return out["result"]  # type: ignore[no-any-return]

    def answer(self, rid: int, answer: str, headers: dict[str, str] | None = None) -> httpx.Response:
        return self.c.post(f"/v1/tables/{self.id}/seats/requests/{rid}", json={"answer": answer},
                           headers=self.dealer if headers is None else headers)

    def view(self, position: int) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/tables/{self.id}/seat", headers=self.seats[position]))  # type: ignore[no-any-return]

    def state(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/tables/{self.id}", headers=self.dealer))  # type: ignore[no-any-return]

    def public(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/tables/{self.id}"))  # type: ignore[no-any-return]


def statuses(state: dict[str, Any]) -> dict[int, tuple[str, str | None]]:
    return {r["id"]: (r["status"], r["why"]) for r in state["seat_requests"]}


def test_a_request_is_confirmed_or_refused_and_only_its_seat_and_the_dealer_see_it(c: httpx.Client) -> None:
    t = Table(c, public=True, mode="simulation", seed=11)
    assert "seat_requests" not in t.created["state"] or t.created["state"]["seat_requests"] == []
    t.grant(2, 5)
    t.act(action="start_round", stake=2000)
    r = t.ask(2, action="bet", amount=100)
    assert {k: r[k] for k in ("seat", "action", "position", "amount", "bettor", "status", "why")} == {
        "seat": 2, "action": "bet", "position": 2, "amount": 100, "bettor": "P2", "status": "pending", "why": None}
    assert r["id"] == t.state()["seq"] and isinstance(r["at"], float)
    # nothing placed yet; the dealer sees the request, the seat its own, another seat and the public none
    dealer = t.state()
    assert dealer["round"]["bets"] == [] and dealer["seat_bets"] == "confirm" and dealer["seat_requests"] == [r]
    assert t.view(2)["seat_requests"] == [r] and t.view(5)["seat_requests"] == []
    assert "seat_requests" not in json.dumps(t.public()) and "P2" not in json.dumps(t.public()["round"])
    # a seat may not answer a request (its own neither): its token is no dealer's
    err(t.answer(r["id"], "confirm", t.seats[2]), 401, "table.token")
    err(t.answer(r["id"], "confirm", t.seats[5]), 401, "table.token")
    assert t.state() == dealer
    out = ok(t.answer(r["id"], "confirm"))
    assert out["action"] == "seat_answer" and out["seq"] == dealer["seq"] + 1
    assert out["result"] == {"request": r["id"], "status": "confirmed",
                             "result": {"position": 2, "bettor": "P2", "amount": 100}}
    assert out["state"]["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 100}]
    err(t.answer(r["id"], "confirm"), 404, "seat.request")   # answered already
    err(t.answer(999, "refuse"), 404, "seat.request")        # never made
    assert c.post(f"/v1/tables/{t.id}/seats/requests/{r['id']}", json={"answer": "maybe"},
                  headers=t.dealer).status_code == 422
    # refused: dropped, nothing placed
    r2 = t.ask(5, action="bet", amount=300)
    assert t.view(2)["seat_requests"] == [{**r, "status": "confirmed"}]   # not seat 5's
    assert ok(t.answer(r2["id"], "refuse"))["result"] == {"request": r2["id"], "status": "refused"}
    assert t.state()["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 100}]
    assert statuses(t.view(5)) == {r2["id"]: ("refused", None)}
    # a withdrawal, confirmed
    w = t.ask(2, action="withdraw", amount=40)
    assert w["action"] == "withdraw" and w["amount"] == 40
    ok(t.answer(w["id"], "confirm"))
    assert t.state()["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 60}]
    # the engine checks a request when made: a bet on the banker's position is no request
    err(c.post(f"/v1/tables/{t.id}/seat/actions", json={"action": "bet", "position": 0, "amount": 5},
               headers=t.seats[5]), 400, "bet.banker_position")
    # ... and when confirmed: refused with its code, the request still pending (the dealer may refuse it)
    every = t.ask(2, action="withdraw")
    part = t.ask(2, action="withdraw", amount=10)
    ok(t.answer(every["id"], "confirm"))   # nothing left to take 10 of
    before = t.state()
    assert before["round"]["bets"] == []
    err(t.answer(part["id"], "confirm"), 400, "bet.none")
    assert t.state() == before and statuses(before)[part["id"]] == ("pending", None)
    ok(t.answer(part["id"], "refuse"))
    ok(t.answer(t.ask(2, action="bet", amount=60)["id"], "confirm"))
    # a seat has at most 4 requests waiting
    for _ in range(4):
        t.ask(5, action="bet", amount=1)
    err(c.post(f"/v1/tables/{t.id}/seat/actions", json={"action": "bet", "amount": 1}, headers=t.seats[5]), 409,
        "seat.pending")
    # the round played out: the pending ones lapse at the shake; the money balances
    t.act(action="shuffle")
    t.act(action="shake")
    lapsed = {rid for rid, s in statuses(t.state()).items() if s == ("lapsed", "betting_ended")}
    assert len(lapsed) == 4 and all(statuses(t.view(5))[rid] == ("lapsed", "betting_ended") for rid in lapsed)
    err(t.answer(min(lapsed), "confirm"), 404, "seat.request")
    t.act(action="deal")
    settled = t.act(action="settle", strategy="max-back")["state"]["round"]["result"]["ledger"]
    assert sum(settled["changes"].values()) + settled["commission"] == 0
    assert set(settled["changes"]) == {"P0", "P2"}   # the refused and lapsed bets are nobody's
    st = t.act(action="end_round")["state"]
    assert sum(st["balances"].values()) + st["commission"] == 0
    assert len(st["seat_requests"]) == 10   # the round's requests stay listed until the next round
    assert t.act(action="start_round", stake=2000)["state"]["seat_requests"] == []


def test_a_table_that_accepts_seat_bets_has_no_requests(c: httpx.Client) -> None:
    t = ok(c.post("/v1/tables", json={}, headers=OPERATOR), 201)
    assert "seat_bets" not in t["state"] and "seat_requests" not in t["state"]
    err(c.post(f"/v1/tables/{t['id']}/seats/requests/1", json={"answer": "confirm"},
               headers=bearer(t["token"])), 404, "seat.request")
    assert c.post("/v1/tables", json={"seat_bets": "sometimes"}, headers=OPERATOR).status_code == 422


def test_revoking_a_seat_lapses_its_requests(c: httpx.Client, server: ThreadServer) -> None:
    t = Table(c)
    t.grant(3, 4)
    t.act(action="start_round", stake=1000)
    r3, r4 = t.ask(3, action="bet", amount=100), t.ask(4, action="bet", amount=200)
    seq = t.state()["seq"]
    assert ok(c.delete(f"/v1/tables/{t.id}/seats/3", headers=t.dealer))["revoked"] is True
    st = t.state()
    assert st["seq"] == seq + 1 and statuses(st) == {r3["id"]: ("lapsed", "revoked"), r4["id"]: ("pending", None)}
    with server.journal.dialect.read() as q:   # the lapse is a journal row of its own (the round's rows withheld
        row = q("SELECT action, result FROM journal WHERE table_id = ? AND seq = ?", (t.id, seq + 1))[0]  # from export)
    assert json.loads(row[0]) == {"action": "seat_lapse", "seat": 3, "why": "revoked"}
    assert json.loads(row[1]) == {"seat": 3, "lapsed": [r3["id"]]}
    assert [x["event"] for x in server.journal.seat_log(t.id)][-1] == "revoke"
    # a seat with nothing pending: no journal row
    ok(c.delete(f"/v1/tables/{t.id}/seats/3", headers=t.dealer))
    assert t.state()["seq"] == seq + 1
    err(t.answer(r3["id"], "confirm"), 404, "seat.request")
    ok(t.answer(r4["id"], "confirm"))


def test_a_restart_keeps_the_pending_requests(db: str) -> None:
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            t = Table(c)
            t.grant(2, 6)
            t.act(action="start_round", stake=1000)
            r = t.ask(2, action="bet", amount=100)
            done = t.ask(6, action="bet", amount=50)
            ok(t.answer(done["id"], "refuse"))
            before, tid, dealer, seats = t.state(), t.id, t.dealer, dict(t.seats)
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            assert ok(c.get(f"/v1/tables/{tid}", headers=dealer)) == before
            assert ok(c.get(f"/v1/tables/{tid}/seat", headers=seats[2]))["seat_requests"] == [r]
            out = ok(c.post(f"/v1/tables/{tid}/seats/requests/{r['id']}", json={"answer": "confirm"}, headers=dealer))
            assert out["state"]["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 100}]
    finally:
        s.stop()


def test_a_streams_copy_of_the_table_replays_the_requests(c: httpx.Client, server: ThreadServer, db: str) -> None:
    from paigow.serve.display import Follower, JournalReader

    t = Table(c)
    t.grant(1)
    t.act(action="start_round", stake=1000)
    r = t.ask(1, action="bet", amount=100)
    reader = JournalReader(db)
    try:
        f = Follower(reader, t.id)
        f.goto(t.state()["seq"])
        assert f.table.seat_view(1)["seat_requests"] == [r]   # type: ignore[attr-defined]
        assert "seat_requests" not in f.event()["data"]
        ok(t.answer(r["id"], "confirm"))
        f.forward()
        assert f.table.view() == t.state()
    finally:
        reader.close()


def test_a_snapshot_keeps_the_last_rounds_requests_and_an_accept_table_is_as_before() -> None:
    from paigow.serve.seats import seat_action
    from paigow.serve.tables import Table as T

    t = T({"banker": 0, "seat_bets": "confirm"}, seed=3)
    t.apply({"action": "start_round", "stake": 1000})
    r = t.apply(seat_action(t, 2, {"action": "bet", "amount": 100}, at=1.0))
    t.apply({"action": "seat_answer", "id": r["id"], "answer": "confirm"})
    t.apply(seat_action(t, 4, {"action": "bet", "amount": 50}, at=2.0))
    for a in ("shuffle", "shake", "deal"):
        t.apply({"action": a})
    t.apply({"action": "settle", "strategy": "max-back"})
    t.apply({"action": "end_round"})
    snap = t.snapshot()
    assert [(x["id"], x["status"], x["why"]) for x in snap["seat_requests"]] == [
        (2, "confirmed", None), (4, "lapsed", "betting_ended")]
    back = T.restore(t.config, t.seed, json.loads(json.dumps(snap)))
    assert back.view() == t.view() and back.seat_view(4) == t.seat_view(4)
    # a table that accepts seat bets: no key in its views
    a = T({"banker": 0}, seed=3)
    a.apply({"action": "start_round", "stake": 1000})
    a.apply(seat_action(a, 2, {"action": "bet", "amount": 100}))
    assert not {"seat_bets", "seat_requests"} & (set(a.view()) | set(a.seat_view(2)))
