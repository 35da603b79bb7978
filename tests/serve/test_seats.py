"""Seats (issue 38): players at a Pai Gow table on their own devices, through the API. The dealer
grants and revokes a position's seat token (shown once, with its QR code; only its SHA-256
stored, kept across a restart); a seat reads its view and follows it as events, takes its own
actions (bets, its own hand, the house way, the bank offered to it) and is refused the rest with
``seat.forbidden``, nothing changed; and after every step of a whole round, no seat sees another
position's face-down tiles. Each test runs on every store the machine has (``db``)."""

from __future__ import annotations

import hashlib
import json
import queue
import re
import threading
from collections import Counter
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ThreadServer, bearer, err, ok

pytest.importorskip("sse_starlette", reason="the serve extra (sse-starlette) is not installed")

TILE = re.compile(r"(?<![0-9-])[1-6]-[1-6](?![0-9-])")
WAIT = 30.0  # seconds an expected event may take on a loaded machine (not a speed test)


class Table:
    """A table opened through the API, its dealer's token and its seats' tokens."""

    def __init__(self, c: httpx.Client, **body: Any) -> None:
        t = ok(c.post("/v1/tables", json=body, headers=OPERATOR), 201)
        self.c, self.id, self.dealer = c, t["id"], bearer(t["token"])
        self.seats: dict[int, dict[str, str]] = {}

    def grant(self, position: int) -> dict[str, Any]:
        out = ok(self.c.post(f"/v1/tables/{self.id}/seats/{position}", headers=self.dealer), 201)
        self.seats[position] = bearer(out["token"])
        return out  # type: ignore[no-any-return]

    def act(self, **action: Any) -> dict[str, Any]:
        return ok(self.c.post(f"/v1/tables/{self.id}/actions", json=action, headers=self.dealer))  # type: ignore[no-any-return]

    def seat_act(self, position: int, /, **action: Any) -> httpx.Response:
        return self.c.post(f"/v1/tables/{self.id}/seat/actions", json=action, headers=self.seats[position])

    def view(self, position: int) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/tables/{self.id}/seat", headers=self.seats[position]))  # type: ignore[no-any-return]

    def state(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/tables/{self.id}", headers=self.dealer))  # type: ignore[no-any-return]


# -- what a seat may see ----------------------------------------------------------------------------
def hidden(dealer: dict[str, Any], position: int) -> Counter[str]:
    """The tiles the seat of ``position`` may not see (from the dealer's view): another
    position's hand not turned, less any tile of the same name it may see (its own, a turned
    hand's, an exposed tile: the deck holds pairs)."""
    r = dealer["round"]
    if r is None or not r["deal"]["hands"]:
        return Counter()
    shown = {r["banker"]} if r["settings"][r["banker"]] is not None else set()
    if r["result"] is not None:
        shown |= {p["position"] for p in r["result"]["positions"] if p["outcome"] is not None and not p["sat_out"]}
    secret: Counter[str] = Counter()
    allowed: Counter[str] = Counter(e["tile"] for e in r["deal"]["exposures"] if e["tile"])
    for p, tiles in r["deal"]["hands"].items():
        (allowed if int(p) == position or int(p) in shown else secret).update(tiles)
    secret.subtract(Counter(e["tile"] for e in r["deal"]["exposures"] if e["tile"]))
    return Counter({k: v for k, v in secret.items() if v > 0 and not allowed[k]})


def seen(view: dict[str, Any]) -> set[str]:
    """Every tile name in a seat's view (a settled live round's reveal aside: everyone's then)."""
    r = view.get("round")
    if r is not None and r.get("reveal") is not None:
        assert r["phase"] == "settled"
        view = {**view, "round": {**r, "reveal": None}}
    return set(TILE.findall(json.dumps(view, ensure_ascii=False)))


def check_seats(t: Table, where: str) -> int:
    """Every seat's view now: nothing of another position face down, no stack order before the
    settlement, its own tiles once dealt. Returns how many seats the dealer's view would have
    told a hidden tile (the check is not blind)."""
    dealer = t.state()
    blind = 0
    for p in t.seats:
        v = t.view(p)
        assert v["seat"] == p and v["seq"] == dealer["seq"], where
        secret = hidden(dealer, p)
        assert not {x for x in seen(v) if secret[x]}, f"{where}, seat {p}: {({x for x in seen(v) if secret[x]})}"
        blind += bool({x for x in seen(dealer) if secret[x]})
        r = v["round"]
        if r is not None and r["phase"] != "settled":
            assert r["deal"]["stacks"] is None and r.get("reveal") is None, where
        own = ((dealer["round"] or {}).get("deal") or {}).get("hands") or {}
        if str(p) in own:
            assert r["deal"]["hands"][str(p)] == own[str(p)], where
    return blind


# -- 1. grant, read, revoke ------------------------------------------------------------------------
def test_a_seat_token_is_given_once_with_its_qr_and_stored_hashed(c: httpx.Client, server: ThreadServer) -> None:
    t = Table(c)
    out = t.grant(3)
    token = out["token"]
    assert out["id"] == t.id and out["position"] == 3 and len(token) == 34
    assert out["url"].endswith(f"/seat/{t.id}#token={token}") and out["qr"].startswith("<svg")
    with server.journal.dialect.read() as q:
        rows = q("SELECT table_id, position, token_sha256, granted FROM seats", ())
    assert [r[:3] for r in rows] == [(t.id, 3, hashlib.sha256(token.encode()).hexdigest())]
    assert token not in json.dumps(rows)
    assert ok(c.get(f"/v1/tables/{t.id}/seats", headers=t.dealer))["seats"] == {"3": rows[0][3]}
    v = t.view(3)
    assert v["seat"] == 3 and v["round"] is None
    # granting again: a new token, the old one stops working
    old = t.seats[3]
    t.grant(3)
    err(c.get(f"/v1/tables/{t.id}/seat", headers=old), 401, "seat.token")
    assert t.view(3)["seat"] == 3


def test_who_may_grant_and_who_may_sit(c: httpx.Client) -> None:
    t = Table(c, public=True)
    t.grant(1)
    seat = t.seats[1]
    # a seat's token is not the dealer's, nor the dealer's a seat's
    err(c.post(f"/v1/tables/{t.id}/seats/2", headers=seat), 401, "table.token")
    err(c.post(f"/v1/tables/{t.id}/actions", json={"action": "start_round", "stake": 100}, headers=seat), 401,
        "table.token")
    err(c.get(f"/v1/tables/{t.id}/seats", headers=seat), 401, "table.token")
    err(c.get(f"/v1/tables/{t.id}/seats"), 401, "table.token")
    err(c.post(f"/v1/tables/{t.id}/seats/2", headers=OPERATOR), 401, "table.token")
    for headers in ({}, t.dealer, OPERATOR, bearer("wrong")):
        err(c.get(f"/v1/tables/{t.id}/seat", headers=headers), 401, "seat.token")
    err(c.get("/v1/tables/0123456789abcdef/seat", headers=seat), 401, "seat.token")
    other = Table(c)
    err(c.get(f"/v1/tables/{other.id}/seat", headers=seat), 401, "seat.token")  # one table's seat only
    assert c.post(f"/v1/tables/{t.id}/seats/8", headers=t.dealer).status_code == 422
    assert c.post(f"/v1/tables/{t.id}/seats/-1", headers=t.dealer).status_code == 422


def test_revoking_a_seat(c: httpx.Client, server: ThreadServer) -> None:
    t = Table(c)
    t.grant(4)
    assert ok(c.delete(f"/v1/tables/{t.id}/seats/4", headers=t.dealer)) == {"id": t.id, "position": 4, "revoked": True}
    err(c.get(f"/v1/tables/{t.id}/seat", headers=t.seats[4]), 401, "seat.token")
    err(t.seat_act(4, action="decline"), 401, "seat.token")
    assert ok(c.delete(f"/v1/tables/{t.id}/seats/4", headers=t.dealer))["revoked"] is False
    assert ok(c.get(f"/v1/tables/{t.id}/seats", headers=t.dealer))["seats"] == {}
    t.grant(4)
    log = server.journal.seat_log(t.id)   # every grant and revocation, the token by its hash
    assert [(x["position"], x["event"]) for x in log] == [(4, "grant"), (4, "revoke"), (4, "grant")]
    assert log[2]["token_sha256"] == hashlib.sha256(t.seats[4]["Authorization"][7:].encode()).hexdigest()
    assert log[0]["token_sha256"] != log[2]["token_sha256"] and log[1]["token_sha256"] is None


def test_a_restart_keeps_the_seats(db: str) -> None:
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            t = Table(c)
            t.act(action="start_round", stake=1000)
            for p in (2, 5, 6):
                t.grant(p)
            ok(c.delete(f"/v1/tables/{t.id}/seats/6", headers=t.dealer))
            ok(t.seat_act(2, action="bet", amount=100))
            tid, seats = t.id, dict(t.seats)
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as c:
            v = ok(c.get(f"/v1/tables/{tid}/seat", headers=seats[2]))
            assert v["seat"] == 2 and v["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 100}]
            assert ok(c.get(f"/v1/tables/{tid}/seat", headers=seats[5]))["seat"] == 5
            err(c.get(f"/v1/tables/{tid}/seat", headers=seats[6]), 401, "seat.token")
    finally:
        s.stop()


# -- 2. what a seat may do -------------------------------------------------------------------------
def refused(t: Table, position: int, code: str, status: int = 403, /, **action: Any) -> None:
    """The seat's action is refused with ``code`` and the table is as it was."""
    before = t.state()
    err(t.seat_act(position, **action), status, code)
    assert t.state() == before, action


def test_a_seat_bets_sets_its_hand_and_is_refused_the_rest(c: httpx.Client) -> None:
    t = Table(c)
    for p in (0, 2, 5):
        t.grant(p)
    t.act(action="start_round", stake=2000)
    out = ok(t.seat_act(2, action="bet", amount=100))
    assert out["action"] == "bet" and out["result"] == {"position": 2, "bettor": "P2", "amount": 100}
    assert out["state"]["seat"] == 2 and out["seq"] == t.state()["seq"]
    ok(t.seat_act(5, action="bet", amount=300))
    ok(t.seat_act(5, action="bet", position=2, amount=50))   # a backline bet of its own player's
    assert t.state()["round"]["bets"] == [{"position": 2, "bettor": "P2", "amount": 100},
                                          {"position": 5, "bettor": "P5", "amount": 300},
                                          {"position": 2, "bettor": "P5", "amount": 50}]
    # a seat takes back its own bets, all or part, before the shake; not another player's
    ok(t.seat_act(2, action="bet", amount=70))
    out = ok(t.seat_act(2, action="withdraw", amount=70))
    assert out["result"] == {"position": 2, "bettor": "P2", "amount": 70}
    refused(t, 2, "seat.forbidden", action="withdraw", position=2, amount=10, bettor="P5")
    refused(t, 2, "bet.none", 400, action="withdraw", position=5)
    ok(t.seat_act(5, action="bet", position=2, amount=20))
    ok(t.seat_act(5, action="withdraw", position=2, amount=20))
    refused(t, 2, "seat.forbidden", action="bet", amount=100, bettor="ann")
    refused(t, 2, "bet.banker_position", 400, action="bet", position=0, amount=100)  # the engine's limits
    for a in ({"action": "shuffle"}, {"action": "set_stake", "amount": 5}, {"action": "settle"},
              {"action": "start_round"}, {"action": "end_round"}, {"action": "pass_bank"},
              {"action": "co_bank", "party": 2, "stake": 100}, {"action": "declare", "method": "x"},
              {"action": "accept"}, {"action": "decline"}):
        refused(t, 2, "seat.forbidden", **a)
    t.act(action="shuffle")
    t.act(action="cut", position=3, k=2)
    t.act(action="declare", method="from the first stack")
    t.act(action="shake")
    t.act(action="deal")
    refused(t, 2, "bet.after_shake", 400, action="withdraw")
    refused(t, 2, "seat.forbidden", action="set_hand", position=5, setting=0)
    refused(t, 2, "seat.forbidden", action="set_hand", setting=0, by="P5")
    refused(t, 2, "seat.forbidden", action="set_hand", setting=0, strategy="first")
    refused(t, 2, "seat.forbidden", action="deal")
    out = ok(t.seat_act(2, action="set_hand", setting=1))
    assert out["result"] == out["state"]["round"]["settings"][2] and out["result"]["text"]
    assert t.state()["round"]["settings"][2] == out["state"]["round"]["settings"][2]
    ok(t.seat_act(5, action="set_hand", setting=0))
    ok(t.seat_act(0, action="set_hand", setting=0))   # the banker's own hand, as the banker
    t.act(action="settle")
    res = t.view(2)["round"]["result"]
    assert {p["position"] for p in res["positions"]} == {0, 2, 5}


def test_the_us_game_house_way_and_the_bank_offered(c: httpx.Client) -> None:
    t = Table(c, rules="us", house_stake=5000)
    for p in range(1, 8):
        t.grant(p)
    for _ in range(4):   # rounds until the bank is offered to a seat
        t.act(action="start_round")
        for p in (1, 4, 6):
            ok(t.seat_act(p, action="bet", amount=100))
        for a in ("shuffle", "shake", "deal"):
            t.act(action=a)
        out = ok(t.seat_act(1, action="house_way"))
        assert out["state"]["round"]["ways"][1] is not None
        refused(t, 4, "seat.forbidden", action="house_way", position=1)
        ok(t.seat_act(4, action="set_hand", setting=2))
        ok(t.seat_act(6, action="house_way"))
        t.act(action="house_way", position=0)
        t.act(action="settle")
        t.act(action="end_round")
        offer = t.state()["offer"]
        if offer is not None:
            break
    assert offer is not None
    other = next(p for p in range(1, 8) if p != offer)
    refused(t, other, "seat.forbidden", action="accept")
    refused(t, other, "seat.forbidden", action="decline")
    out = ok(t.seat_act(offer, action="accept", with_house=True))
    assert out["state"]["banker"] == offer and out["state"]["with_house"] is True


# -- 3. a whole round: no seat sees another's face-down tiles, after every step ---------------------------
ROUND: list[tuple[int | None, dict[str, Any]]] = [
    (None, {"action": "start_round", "stake": 2000}), (None, {"action": "co_bank", "party": "house", "stake": 500}),
    (2, {"action": "bet", "amount": 100}), (None, {"action": "bet", "position": 2, "amount": 300, "bettor": "ann"}),
    (5, {"action": "bet", "amount": 200}), (7, {"action": "bet", "amount": 50}), (None, {"action": "shuffle"}),
    (None, {"action": "cut", "position": 3, "k": 2}), (None, {"action": "declare", "method": "from the first stack"}),
    (None, {"action": "shake", "void": "tilted"}), (None, {"action": "shake"}), (None, {"action": "deal"}),
    (None, {"action": "expose", "position": 5}),
    (None, {"action": "set_hand", "position": 2, "setting": 0, "by": "ann"}),
    (5, {"action": "set_hand", "setting": 2}), (7, {"action": "set_hand", "setting": 1}),
    (0, {"action": "set_hand", "setting": 0}), (None, {"action": "settle"}), (None, {"action": "end_round"}),
]


def test_no_seat_sees_another_seats_face_down_tiles_after_every_step(c: httpx.Client, server: ThreadServer) -> None:
    t = Table(c)
    for p in range(8):
        t.grant(p)
    s = SeatStream(server.url, t.id, t.seats[5])
    try:
        first = s.next()   # the view when the stream opened, before any action
        blind = check_seats(t, "opened")
        views = {0: t.view(5)}
        for seat, a in ROUND:
            if a["action"] == "expose":
                a = {**a, "tile": t.state()["round"]["deal"]["hands"]["5"][0]}
            if seat is None:
                t.act(**a)
            else:
                ok(t.seat_act(seat, **a))
            blind += check_seats(t, f"after {seat} {a}")
            views[t.state()["seq"]] = t.view(5)
        assert blind > 0, "the dealer's view never held a hidden tile: the check would find nothing"
        # the seat's stream: every event the seat's view, none with another's face-down tile
        seq = t.state()["seq"]
        events = [first, *s.upto(seq)]
        assert events[0]["json"]["state"]["seat"] == 5
        # one event per action, each the seat's view right after it (what GET .../seat answered then)
        assert [int(e["id"]) for e in events] == sorted(views)
        assert all(e["json"]["state"] == views[int(e["id"])] for e in events)
        dealt = [e for e in events if (e["json"]["state"]["round"] or {}).get("deal", {}).get("hands")]
        assert dealt and all("5" in e["json"]["state"]["round"]["deal"]["hands"] for e in dealt)
        for e in events:
            r = e["json"]["state"]["round"]
            if r is not None and r["phase"] not in ("settled",):
                others = {k for k in (r["deal"]["hands"] or {}) if k != "5" and int(k) != r["banker"]}
                assert not others, e["id"]
        ok(c.delete(f"/v1/tables/{t.id}/seats/5", headers=t.dealer))
        assert s.next()["event"] == "revoked"
        assert s.ended.wait(WAIT)
    finally:
        s.close()


def test_seat_streams_count_against_the_stream_limits(db: str) -> None:
    from paigow.serve.streams import StreamLimits

    server = ThreadServer(db, stream_limits=StreamLimits(per_address=1, per_table=64))
    try:
        with httpx.Client(base_url=server.url, timeout=WAIT) as c:
            t = Table(c)
            t.grant(1)
            s = SeatStream(server.url, t.id, t.seats[1])
            try:
                assert s.next()["json"]["state"]["seat"] == 1
                r = c.get(f"/v1/tables/{t.id}/seat/events", headers=t.seats[1])
                err(r, 429, "stream.limit")
            finally:
                s.close()
            err(c.get(f"/v1/tables/{t.id}/seat/events", headers=t.dealer), 401, "seat.token")
    finally:
        server.stop()


class SeatStream:
    """``GET /v1/tables/{id}/seat/events`` read in a thread, each event into a queue."""

    def __init__(self, url: str, tid: str, headers: dict[str, str]) -> None:
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.started, self.ended = threading.Event(), threading.Event()
        self._closing = False
        self.thread = threading.Thread(target=self._run, args=(f"{url}/v1/tables/{tid}/seat/events", headers),
                                       daemon=True)
        self.thread.start()
        assert self.started.wait(WAIT), "the stream did not answer"

    def _run(self, url: str, headers: dict[str, str]) -> None:
        try:
            with httpx.stream("GET", url, headers=headers, params={"heartbeat": 1, "lifetime": 120},
                              timeout=httpx.Timeout(WAIT)) as r:
                self.status = r.status_code
                self.started.set()
                ev: dict[str, str] = {}
                for line in r.iter_lines():
                    if self._closing:
                        return
                    if line == "":
                        if "data" in ev:
                            self.events.put({**ev, "json": json.loads(ev["data"])})
                        ev = {}
                    elif not line.startswith(":"):
                        k, _, v = line.partition(":")
                        ev[k] = v[1:] if v.startswith(" ") else v
        except httpx.HTTPError:
            if not self._closing:
                raise
        finally:
            self.started.set()
            self.ended.set()

    def next(self) -> dict[str, Any]:
        try:
            return self.events.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no event within {WAIT} s") from None

    def upto(self, seq: int) -> list[dict[str, Any]]:
        out = [self.next()]
        while out[-1]["event"] == "state" and int(out[-1]["id"]) < seq:
            out.append(self.next())
        return out

    def close(self) -> None:
        self._closing = True
        self.thread.join(WAIT)


def test_a_closed_table_and_a_table_of_the_other_game(c: httpx.Client) -> None:
    t = Table(c)
    t.grant(3)
    ok(c.post(f"/v1/tables/{t.id}/close", headers=OPERATOR))
    v = t.view(3)   # the table as it was closed, as the public saw it
    assert v["seat"] == 3 and v["closed"] and v["round"] is None
    err(t.seat_act(3, action="decline"), 409, "table.closed")
    err(c.post(f"/v1/tables/{t.id}/seats/4", headers=t.dealer), 409, "table.closed")
    pcc = ok(c.post("/v1/pcc/tables", json={}, headers=OPERATOR), 201)
    err(c.post(f"/v1/tables/{pcc['id']}/seats/1", headers=bearer(pcc["token"])), 404, "table.game")
