"""A door's seat's bets the host confirms at a home table 推牌九 (issue 38, ``"seat_bets":
"confirm"``), through the API on every store the machine has (``db``): a door's seat's bet becomes
a request; the host confirms it (the library places it, checking it again) or refuses it; pending
requests lapse when the round's betting ends (the shake, or the deal without dice) or the seat is
revoked; a restart and a stream's copy of the table replay them; the host's view lists them all, a
seat's view its own only, the public view none; the money balances. The banker's seat's bank is
no bet: taken at once."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ThreadServer, bearer, err, ok

pytest.importorskip("sse_starlette", reason="the serve extra (sse-starlette) is not installed")

WAIT = 30.0


class Home:
    """A home table opened through the API with its host's and seats' tokens."""

    def __init__(self, c: httpx.Client, **body: Any) -> None:
        t = ok(c.post("/v1/home/tables", json={"seat_bets": "confirm", **body}, headers=OPERATOR), 201)
        self.c, self.id, self.host, self.created = c, t["id"], bearer(t["token"]), t
        self.seats: dict[int, dict[str, str]] = {}

    def grant(self, *positions: int) -> None:
        for p in positions:
            out = ok(self.c.post(f"/v1/home/tables/{self.id}/seats/{p}", headers=self.host), 201)
            self.seats[p] = bearer(out["token"])

    def act(self, **action: Any) -> dict[str, Any]:
        return ok(self.c.post(f"/v1/home/tables/{self.id}/actions", json=action, headers=self.host))  # type: ignore[no-any-return]

    def seat_act(self, position: int, /, **action: Any) -> httpx.Response:
        return self.c.post(f"/v1/home/tables/{self.id}/seat/actions", json=action, headers=self.seats[position])

    def ask(self, position: int, /, **action: Any) -> dict[str, Any]:
        """A door's seat's bet: answered pending, with its id."""
        out = ok(self.seat_act(position, **action))
        assert out["action"] == action["action"] and out["result"]["status"] == "pending", out
        assert out["state"]["seat_requests"][-1] == out["result"]
        return out["result"]  # type: ignore[no-any-return]

    def answer(self, rid: int, answer: str, headers: dict[str, str] | None = None) -> httpx.Response:
        return self.c.post(f"/v1/home/tables/{self.id}/seats/requests/{rid}", json={"answer": answer},
                           headers=self.host if headers is None else headers)

    def view(self, position: int) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}/seat", headers=self.seats[position]))  # type: ignore[no-any-return]

    def state(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}", headers=self.host))  # type: ignore[no-any-return]

    def public(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}"))  # type: ignore[no-any-return]


def statuses(state: dict[str, Any]) -> dict[int, tuple[str, str | None]]:
    return {r["id"]: (r["status"], r["why"]) for r in state["seat_requests"]}


def bets(state: dict[str, Any]) -> list[tuple[int, str, int]]:
    return [(b["door"], b["bettor"], b["amount"]) for b in state["round"]["bets"]]


def test_a_doors_bet_is_confirmed_or_refused_and_only_its_seat_and_the_host_see_it(c: httpx.Client) -> None:
    t = Home(c, public=True, mode="simulation", seed=11)
    assert t.created["state"]["seat_bets"] == "confirm" and t.created["state"]["seat_requests"] == []
    t.grant(0, 1, 2)
    r = t.ask(1, action="bet", amount=100)
    assert {k: r[k] for k in ("seat", "action", "door", "amount", "bettor", "status", "why")} == {
        "seat": 1, "action": "bet", "door": 1, "amount": 100, "bettor": "P1", "status": "pending", "why": None}
    assert r["id"] == t.state()["seq"] and isinstance(r["at"], float)
    # nothing placed yet; the host sees the request, the seat its own, the others and the public none
    host = t.state()
    assert host["round"]["bets"] == [] and host["seat_requests"] == [r]
    assert t.view(1)["seat_requests"] == [r] and t.view(2)["seat_requests"] == [] == t.view(0)["seat_requests"]
    public = t.public()
    assert "seat_requests" not in public and "seat_bets" not in public and "P1" not in json.dumps(public)
    # a seat may not answer a request (its own neither): its token is no host's
    err(t.answer(r["id"], "confirm", t.seats[1]), 401, "table.token")
    err(t.answer(r["id"], "confirm", t.seats[2]), 401, "table.token")
    assert t.state() == host
    out = ok(t.answer(r["id"], "confirm"))
    assert out["action"] == "seat_answer" and out["seq"] == host["seq"] + 1
    assert out["result"] == {"request": r["id"], "status": "confirmed",
                             "result": {"door": 1, "bettor": "P1", "amount": 100, "holder": "P1"}}
    assert bets(out["state"]) == [(1, "P1", 100)] and out["state"]["round"]["holders"]["1"] == "P1"
    err(t.answer(r["id"], "confirm"), 404, "seat.request")   # answered already
    err(t.answer(999, "refuse"), 404, "seat.request")        # never made
    assert c.post(f"/v1/home/tables/{t.id}/seats/requests/{r['id']}", json={"answer": "maybe"},
                  headers=t.host).status_code == 422
    # refused: dropped, nothing placed
    r2 = t.ask(2, action="bet", amount=300)
    assert t.view(1)["seat_requests"] == [{**r, "status": "confirmed"}]   # not door 2's
    assert ok(t.answer(r2["id"], "refuse"))["result"] == {"request": r2["id"], "status": "refused"}
    assert bets(t.state()) == [(1, "P1", 100)]
    assert statuses(t.view(2)) == {r2["id"]: ("refused", None)}
    # the library checks a bet when asked: the banker's place bets on no door, another door is no seat's
    err(t.seat_act(0, action="bet", door=1, amount=5), 403, "seat.forbidden")
    err(t.seat_act(2, action="bet", door=3, amount=5), 403, "seat.forbidden")
    # a seat has at most 4 requests waiting
    for _ in range(4):
        t.ask(2, action="bet", amount=1)
    err(t.seat_act(2, action="bet", amount=1), 409, "seat.pending")
    # the round played out: the pending ones lapse at the deal (no dice); the money balances
    t.act(action="shuffle")
    assert all(s == ("pending", None) for rid, s in statuses(t.state()).items() if rid > r2["id"])
    t.act(action="deal")
    lapsed = {rid for rid, s in statuses(t.state()).items() if s == ("lapsed", "betting_ended")}
    assert len(lapsed) == 4 and all(statuses(t.view(2))[rid] == ("lapsed", "betting_ended") for rid in lapsed)
    err(t.answer(min(lapsed), "confirm"), 404, "seat.request")
    err(t.seat_act(2, action="bet", amount=1), 400, "home.phase")   # no request once the betting is over
    t.act(action="play")
    st = t.act(action="settle")["state"]
    led = st["round"]["result"]["ledger"]
    assert sum(led["changes"].values()) + led["commission"] == 0
    assert set(led["changes"]) == {"house", "P1"}   # the refused and lapsed bets are nobody's
    assert sum(st["balances"].values()) + st["commission"] == 0
    assert len(st["seat_requests"]) == 6   # the round's requests stay listed until the next round
    assert t.act(action="next_round")["state"]["seat_requests"] == []


def test_the_shake_ends_the_betting_and_the_bank_is_taken_at_once(c: httpx.Client) -> None:
    t = Home(c, mode="simulation", seed=4, options={"dice": 2, "bank": "winner-keeps"}, banker="Bo")
    t.grant(0, 3)
    # before the bank is up the library refuses the bet when asked: no request
    err(t.seat_act(3, action="bet", amount=100), 400, "home.bank")
    assert t.state()["seat_requests"] == []
    put = ok(t.seat_act(0, action="bank", amount=1000))   # the banker's seat: no bet, taken at once
    assert put["result"] == {"banker": "Bo", "bank": 1000} and t.state()["round"]["bank"] == 1000
    r = t.ask(3, action="bet", amount=200)
    big = t.ask(3, action="bet", amount=900)
    ok(t.answer(r["id"], "confirm"))
    # confirmed only if the bank still covers it: refused with the library's code, still pending
    before = t.state()
    err(t.answer(big["id"], "confirm"), 400, "home.cover")
    assert t.state() == before and statuses(before)[big["id"]] == ("pending", None)
    t.act(action="shuffle")
    assert statuses(t.state())[big["id"]] == ("pending", None)   # shuffled: the bets are still open
    t.act(action="shake")
    assert statuses(t.state())[big["id"]] == ("lapsed", "betting_ended")
    assert bets(t.state()) == [(3, "P3", 200)]


def test_a_table_that_accepts_seat_bets_has_no_requests(c: httpx.Client) -> None:
    t = ok(c.post("/v1/home/tables", json={"seat_bets": "accept"}, headers=OPERATOR), 201)
    assert "seat_bets" not in t["state"] and "seat_requests" not in t["state"]
    err(c.post(f"/v1/home/tables/{t['id']}/seats/requests/1", json={"answer": "confirm"},
               headers=bearer(t["token"])), 404, "seat.request")
    assert c.post("/v1/home/tables", json={"seat_bets": "sometimes"}, headers=OPERATOR).status_code == 422
    # a Pai Gow table's route does not answer a home table's request, nor the reverse
    h = Home(c)
    h.grant(1)
    r = h.ask(1, action="bet", amount=10)
    assert c.post(f"/v1/tables/{h.id}/seats/requests/{r['id']}", json={"answer": "confirm"},
                  headers=h.host).status_code == 404
    assert statuses(h.state()) == {r["id"]: ("pending", None)}


def test_revoking_a_seat_lapses_its_requests(c: httpx.Client, server: ThreadServer) -> None:
    t = Home(c)
    t.grant(1, 2)
    r1, r2 = t.ask(1, action="bet", amount=100), t.ask(2, action="bet", amount=200)
    seq = t.state()["seq"]
    assert ok(c.delete(f"/v1/home/tables/{t.id}/seats/1", headers=t.host))["revoked"] is True
    st = t.state()
    assert st["seq"] == seq + 1 and statuses(st) == {r1["id"]: ("lapsed", "revoked"), r2["id"]: ("pending", None)}
    with server.journal.dialect.read() as q:   # the lapse is a journal row of its own
        row = q("SELECT action, result FROM journal WHERE table_id = ? AND seq = ?", (t.id, seq + 1))[0]
    assert json.loads(row[0]) == {"action": "seat_lapse", "seat": 1, "why": "revoked"}
    assert json.loads(row[1]) == {"seat": 1, "lapsed": [r1["id"]]}
    # a seat with nothing pending: no journal row
    ok(c.delete(f"/v1/home/tables/{t.id}/seats/1", headers=t.host))
    assert t.state()["seq"] == seq + 1
    err(t.answer(r1["id"], "confirm"), 404, "seat.request")
    assert bets(ok(t.answer(r2["id"], "confirm"))["state"]) == [(2, "P2", 200)]


def test_a_restart_keeps_the_pending_requests(db: str) -> None:
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            t = Home(c)
            t.grant(1, 3)
            r = t.ask(1, action="bet", amount=100)
            done = t.ask(3, action="bet", amount=50)
            ok(t.answer(done["id"], "refuse"))
            before, tid, host, seats = t.state(), t.id, t.host, dict(t.seats)
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            assert ok(c.get(f"/v1/home/tables/{tid}", headers=host)) == before
            assert ok(c.get(f"/v1/home/tables/{tid}/seat", headers=seats[1]))["seat_requests"] == [r]
            out = ok(c.post(f"/v1/home/tables/{tid}/seats/requests/{r['id']}", json={"answer": "confirm"}, headers=host))
            assert bets(out["state"]) == [(1, "P1", 100)]
    finally:
        s.stop()


def test_a_streams_copy_of_the_table_replays_the_requests(c: httpx.Client, server: ThreadServer, db: str) -> None:
    from paigow.serve.display import Follower, JournalReader

    t = Home(c, public=True)
    t.grant(2)
    r = t.ask(2, action="bet", amount=100)
    reader = JournalReader(db)
    try:
        f = Follower(reader, t.id)
        f.goto(t.state()["seq"])
        assert f.table.seat_view(2)["seat_requests"] == [r]   # type: ignore[attr-defined]
        assert "seat_requests" not in json.dumps(f.event()["data"])
        ok(t.answer(r["id"], "confirm"))
        f.forward()
        assert f.table.view() == t.state()
    finally:
        reader.close()


def test_a_snapshot_replays_the_shuffles_requests_and_an_accept_table_is_as_before() -> None:
    from paigow.serve.home_tables import HomeTable

    t = HomeTable({"game": "home", "seat_bets": "confirm"}, seed=3)
    r = t.apply(t.seat_action(1, {"action": "bet", "amount": 100}, at=1.0))
    t.apply({"action": "seat_answer", "id": r["id"], "answer": "confirm"})
    t.apply(t.seat_action(2, {"action": "bet", "amount": 50}, at=2.0))
    for a in ("shuffle", "deal", "play", "settle"):
        t.apply({"action": a})
    snap = t.snapshot()
    assert [a["action"] for a, _ in snap["actions"]][:3] == ["seat_request", "seat_answer", "seat_request"]
    back = HomeTable.restore(t.config, t.seed, json.loads(json.dumps(snap)))
    assert back.view() == t.view() and back.seat_view(2) == t.seat_view(2)
    assert [(x["id"], x["status"], x["why"]) for x in t.view()["seat_requests"]] == [
        (1, "confirmed", None), (3, "lapsed", "betting_ended")]
    # the next round of the shuffle: no request listed; the next shuffle's requests keep their ids
    t.apply({"action": "next_round"})
    assert t.view()["seat_requests"] == []
    t.apply({"action": "bet", "door": 1, "bettor": "ann", "amount": 10})
    for a in ("deal", "play", "settle", "next_shuffle"):
        t.apply({"action": a})
    r = t.apply(t.seat_action(3, {"action": "bet", "amount": 70}, at=3.0))
    assert r["id"] == t.seq and t.seq > len(t.snapshot()["actions"])
    back = HomeTable.restore(t.config, t.seed, json.loads(json.dumps(t.snapshot())))
    assert back.view() == t.view() and back.view()["seat_requests"][0]["id"] == r["id"]
    back.apply({"action": "seat_answer", "id": r["id"], "answer": "confirm"})
    assert back.view()["round"]["bets"] == [{"door": 3, "bettor": "P3", "amount": 70}]
    # a table that accepts seat bets: no key in its views, a bet placed at once
    a = HomeTable({"game": "home"}, seed=3)
    a.apply(a.seat_action(2, {"action": "bet", "amount": 100}))
    assert not {"seat_bets", "seat_requests"} & (set(a.view()) | set(a.seat_view(2)))
    assert a.view()["round"]["bets"] == [{"door": 2, "bettor": "P2", "amount": 100}]
