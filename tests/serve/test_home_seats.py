"""Seats at a home table 推牌九 (issue 38), through the API: the banker's place and the three
doors each a seat; after every step of a whole two-round shuffle (live), no seat's view shows
another position's face-down tile nor the row; a seat bets on its own door, sets its own hand
when it holds the door, the banker's seat sets the banker's; the rest is ``seat.forbidden``,
nothing changed; the seat's stream carries its own view. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import queue
import re
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ThreadServer, bearer, err, ok

TILE = re.compile(r"(?<![0-9-])[1-6]-[1-6](?![0-9-])")
WAIT = 30.0


@pytest.fixture()
def c(db: str) -> Iterator[httpx.Client]:
    s = ThreadServer(db)  # each store the machine has (tests/serve/conftest.py)
    try:
        with httpx.Client(base_url=s.url, timeout=WAIT) as client:
            client.server = s  # type: ignore[attr-defined]
            yield client
    finally:
        s.stop()


class Home:
    def __init__(self, c: httpx.Client, **body: Any) -> None:
        t = ok(c.post("/v1/home/tables", json=body, headers=OPERATOR), 201)
        self.c, self.id, self.dealer = c, t["id"], bearer(t["token"])
        self.seats: dict[int, dict[str, str]] = {}

    def grant(self, position: int) -> dict[str, Any]:
        out = ok(self.c.post(f"/v1/home/tables/{self.id}/seats/{position}", headers=self.dealer), 201)
        self.seats[position] = bearer(out["token"])
        return out  # type: ignore[no-any-return]

    def act(self, **action: Any) -> dict[str, Any]:
        return ok(self.c.post(f"/v1/home/tables/{self.id}/actions", json=action, headers=self.dealer))  # type: ignore[no-any-return]

    def seat_act(self, position: int, /, **action: Any) -> httpx.Response:
        return self.c.post(f"/v1/home/tables/{self.id}/seat/actions", json=action, headers=self.seats[position])

    def view(self, position: int) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}/seat", headers=self.seats[position]))  # type: ignore[no-any-return]

    def state(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}", headers=self.dealer))  # type: ignore[no-any-return]


def check_seats(t: Home, where: str) -> int:
    """Every seat's view now: its own hand once dealt, no other hand's tiles before the
    settlement (by structure, and no tile name of a face-down hand that the seat may not see
    otherwise: the deck holds pairs). Returns how many seats the dealer's view would have told
    a hidden tile (the check is not blind)."""
    dealer = t.state()
    r = dealer["round"]
    settled = r["phase"] in ("settled", "over")
    blind = 0
    for p in t.seats:
        v = t.view(p)
        assert v["seat"] == p and v["seq"] == dealer["seq"] and v["advice"] is True, where
        hands = {h["position"]: h for h in v["round"]["hands"]}
        allowed: Counter[str] = Counter(r["seen"])
        secret: Counter[str] = Counter()
        for h in r["hands"]:
            q = h["position"]
            if q == p or settled:
                assert hands[q]["tiles"] == h["tiles"] and hands[q]["set"] == h["set"], where
                allowed.update(h["tiles"])
            else:
                assert hands[q]["tiles"] is None and hands[q]["set"] is None, f"{where}, seat {p} sees {q}"
                secret.update(h["tiles"])
        names = set(TILE.findall(json.dumps(v, ensure_ascii=False)))
        leak = {x for x in names if secret[x] and not allowed[x]}
        assert not leak, f"{where}, seat {p}: {leak}"
        blind += bool({x for x in set(TILE.findall(json.dumps(dealer))) if secret[x] and not allowed[x]})
        assert "row" not in json.dumps(v["round"]), where
    return blind


def play_round(t: Home, first: bool, bets: dict[int, int], blind: list[int]) -> None:
    def step(where: str) -> None:
        blind.append(check_seats(t, where))
    for d, amount in bets.items():
        ok(t.seat_act(d, action="bet", amount=amount))
        step(f"seat {d} bets")
    if first:
        t.act(action="shuffle")
        step("shuffle")
    t.act(action="deal")
    step("deal")
    for p in (1, 2, 3, 0):
        if p == 0 or p in bets:
            ok(t.seat_act(p, action="set_hand", setting=0))
            step(f"seat {p} sets")
    t.act(action="settle")
    step("settle")


def test_no_home_seat_sees_another_hand_face_down_after_every_step(c: httpx.Client) -> None:
    t = Home(c)
    for p in range(4):
        out = t.grant(p)
        assert out["url"].endswith(f"/seat/{t.id}#game=home&token={out['token']}") and out["qr"].startswith("<svg")
    blind: list[int] = []
    stream = HomeSeatStream(f"{c.server.url}/v1/home/tables/{t.id}/seat/events", t.seats[2])  # type: ignore[attr-defined]
    try:
        first = stream.next()
        assert first["json"]["state"]["seat"] == 2 and first["json"]["state"]["player"] == "P2"
        blind.append(check_seats(t, "opened"))
        play_round(t, True, {1: 100, 2: 200, 3: 300}, blind)
        seen_after_first = t.state()["round"]["hands"]
        t.act(action="next_round")
        blind.append(check_seats(t, "next_round"))
        v = t.view(1)
        assert len(v["round"]["seen"]) == 16  # the first round's tiles are face up in the second
        assert all(h["tiles"] is None for h in v["round"]["hands"]) and seen_after_first
        play_round(t, False, {1: 100, 2: 200, 3: 300}, blind)
        assert t.state()["round"]["phase"] == "over"
        assert sum(blind) > 0, "the dealer's view never held a hidden tile: the check would find nothing"
        events = stream.upto(t.state()["seq"])
        for e in events:
            st = e["json"]["state"]
            if st["round"]["phase"] not in ("settled", "over"):
                assert all(h["tiles"] is None for h in st["round"]["hands"] if h["position"] != 2), e["id"]
        assert any(h["position"] == 2 and h["tiles"] for e in events for h in e["json"]["state"]["round"]["hands"])
    finally:
        stream.close()


def test_a_home_seat_takes_only_its_own_actions(c: httpx.Client) -> None:
    t = Home(c, options={"bank": "winner-keeps"}, banker="bob")
    for p in range(4):
        t.grant(p)
    err(c.post(f"/v1/home/tables/{t.id}/seats/4", headers=t.dealer), 422, "request.invalid")
    seq = t.state()["seq"]
    for p, a in [(1, {"action": "bank", "amount": 500}), (0, {"action": "bet", "amount": 100}),
                 (1, {"action": "bet", "door": 2, "amount": 100}), (1, {"action": "bet", "bettor": "ann", "amount": 1}),
                 (2, {"action": "shuffle"}), (3, {"action": "deal"}), (0, {"action": "settle"}),
                 (1, {"action": "set_hand", "position": 2, "setting": 0})]:
        err(t.seat_act(p, **a), 403, "seat.forbidden")
    assert t.state()["seq"] == seq
    assert t.view(0)["player"] == "bob"
    ok(t.seat_act(0, action="bank", amount=1000))
    ok(t.seat_act(1, action="bet", amount=100))
    t.act(action="bet", door=2, bettor="ann", amount=300)  # ann holds door 2: seat 2's player does not
    ok(t.seat_act(2, action="bet", amount=100))
    t.act(action="shuffle")
    t.act(action="deal")
    err(t.seat_act(2, action="set_hand", setting=0), 400, "home.holder")
    adv = ok(c.get(f"/v1/home/tables/{t.id}/seat/advice", headers=t.seats[1]))
    assert adv["position"] == 1 and adv["tiles"] == t.view(1)["round"]["hands"][1]["tiles"]
    out = ok(t.seat_act(1, action="set_hand", setting=adv["best"]))
    assert out["state"]["round"]["hands"][1]["set"] == adv["best_setting"]
    err(c.get(f"/v1/home/tables/{t.id}/seat", headers=t.dealer), 401, "seat.token")
    err(c.get(f"/v1/tables/{t.id}/seat", headers=t.seats[1]), 404, "table.game")


class HomeSeatStream:
    """``GET /v1/home/tables/{id}/seat/events`` read in a thread, each event into a queue."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.started, self.ended = threading.Event(), threading.Event()
        self._closing = False
        self.thread = threading.Thread(target=self._run, args=(url, headers), daemon=True)
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
