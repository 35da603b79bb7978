"""A home table's deadline for the settings through the API (issue 38): the host sets it (seconds
from now by the service's clock, or a time) on ``POST /v1/home/tables/{id}/deadline``, applies it
once passed (refused before, nothing changed), every hand still unset is then set by the home
game's automatic rule (max-front), the view says which and why, the round's record says so
(``deadline_passed``, then ``set`` events with ``why`` ``deadline``) and replays, as the journal
does after a restart. A seat may not touch the deadline. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ThreadServer, err, ok
from paigow.rules import HOME
from paigow.strategies import max_front
from paigow.table.home_records import replay_home
from paigow.table.round_strategies import choose_setting
from paigow.tiles import parse_tiles


@pytest.fixture()
def c(db: str) -> Iterator[httpx.Client]:
    s = ThreadServer(db)  # each store the machine has (tests/serve/conftest.py)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as client:
            yield client
    finally:
        s.stop()


class Home:
    """A live home table, its dealer token and its routes."""

    def __init__(self, c: httpx.Client) -> None:
        t = ok(c.post("/v1/home/tables", json={}, headers=OPERATOR), 201)
        self.c, self.id, self.auth = c, t["id"], {"Authorization": f"Bearer {t['token']}"}

    def act(self, **action: Any) -> dict[str, Any]:
        return ok(self.c.post(f"/v1/home/tables/{self.id}/actions", json=action, headers=self.auth))  # type: ignore[no-any-return]

    def deadline(self, body: dict[str, Any], **params: Any) -> httpx.Response:
        return self.c.post(f"/v1/home/tables/{self.id}/deadline", json=body, headers=self.auth, params=params)

    def state(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}", headers=self.auth))  # type: ignore[no-any-return]

    def dealt(self) -> None:
        """Doors 1 (ann) and 2 (bob) bet, door 3 sits out; shuffled and dealt."""
        self.act(action="bet", door=1, bettor="ann", amount=100)
        self.act(action="bet", door=2, bettor="bob", amount=200)
        self.act(action="shuffle")
        self.act(action="deal")


def automatic(tiles: list[str]) -> str:
    """The setting the home game's automatic rule (max-front, a pure rule: the generator unused)
    gives four tiles."""
    return str(choose_setting(parse_tiles(" ".join(tiles)), max_front(HOME), random.Random(0)))


def test_a_deadline_passes_and_the_hosts_action_applies_it(c: httpx.Client) -> None:
    t = Home(c)
    t.dealt()
    out = ok(t.deadline({"action": "set_deadline", "seconds": 3600}))
    assert out["action"] == "set_deadline" and out["result"] > time.time() + 3000
    r = out["state"]["round"]
    assert r["deadline"] == out["result"] and r["by_deadline"] is None and r["can"]["apply_deadline"] is True
    before = t.state()
    err(t.deadline({"action": "apply_deadline"}), 400, "deadline.early")
    assert t.state() == before  # refused: nothing changed
    hands = {h["position"]: h for h in before["round"]["hands"]}
    mine = t.act(action="set_hand", position=1, setting=2, by="ann")["result"]["setting"]
    ok(t.deadline({"action": "set_deadline", "at": time.time() - 1}))  # moved: passed
    applied = ok(t.deadline({"action": "apply_deadline"}))
    assert applied["action"] == "apply_deadline" and applied["result"]["why"] == "deadline"
    made = applied["result"]["set"]
    assert list(made) == ["2", "0"]  # the played doors first, then the banker; door 1 was set, door 3 sits out
    assert made == {str(p): automatic(hands[p]["tiles"]) for p in (2, 0)}
    r = applied["state"]["round"]
    assert r["by_deadline"] == [2, 0] and r["can"]["apply_deadline"] is False and r["can"]["settle"] is True
    shown = {h["position"]: (h["set"], h["why"]) for h in r["hands"]}
    assert shown == {0: (made["0"], "deadline"), 1: (mine, None), 2: (made["2"], "deadline"), 3: (None, None)}
    again = t.state()
    err(t.deadline({"action": "apply_deadline"}), 400, "deadline.applied")
    err(t.deadline({"action": "set_deadline", "seconds": 5}), 400, "deadline.applied")
    assert t.state() == again
    t.act(action="settle")
    record = ok(c.get(f"/v1/home/tables/{t.id}/rounds/1", headers=t.auth))
    kinds = [e["event"] for e in record["events"]]
    i = kinds.index("deadline_passed")
    assert kinds.count("deadline") == 2 and kinds[i + 1:i + 3] == ["set", "set"]
    assert [(e["position"], e["why"], e["by"]) for e in record["events"][i + 1:i + 3]] == [(2, "deadline", None),
                                                                                       (0, "deadline", None)]
    replayed = replay_home(record)
    assert replayed.by_deadline == (2, 0) and {p: str(s) for p, s in replayed.settings.items()} == {
        0: made["0"], 1: mine, 2: made["2"]}


@pytest.mark.parametrize("body", [{"action": "set_deadline"}, {"action": "set_deadline", "seconds": 5, "at": 1},
                                  {"action": "set_deadline", "seconds": -1}, {"action": "set_deadline", "seconds": 0},
                                  {"action": "set_deadline", "seconds": 86_401}, {"action": "set_deadline", "at": -5},
                                  {"action": "set_deadline", "seconds": "soon"}, {"action": "apply_deadline", "now": 1},
                                  {"action": "deal"}, {}])
def test_a_malformed_deadline_is_refused_and_changes_nothing(c: httpx.Client, body: dict[str, Any]) -> None:
    t = Home(c)
    t.dealt()
    before = t.state()
    err(t.deadline(body), 422, "request.invalid")
    assert t.state() == before


def test_a_deadline_out_of_its_turn_is_refused_and_changes_nothing(c: httpx.Client) -> None:
    t = Home(c)
    before = t.state()
    assert before["round"]["can"]["set_deadline"] is True and before["round"]["can"]["apply_deadline"] is False
    err(t.deadline({"action": "apply_deadline"}), 400, "deadline.none")
    assert t.state() == before
    ok(t.deadline({"action": "set_deadline", "at": 1_000_000}))  # set while betting: passed long ago
    before = t.state()
    err(t.deadline({"action": "apply_deadline"}), 400, "home.phase")  # nothing dealt to set yet
    err(t.deadline({"action": "set_deadline", "seconds": 5}, if_seq=before["seq"] - 1), 409, "table.conflict")
    # the dealer's actions route does not take it (its own route), nor a seat (its own or the host's route)
    err(c.post(f"/v1/home/tables/{t.id}/actions", json={"action": "set_deadline", "at": 5}, headers=t.auth),
        422, "request.invalid")
    seat = ok(c.post(f"/v1/home/tables/{t.id}/seats/1", headers=t.auth), 201)["token"]
    as_seat = {"Authorization": f"Bearer {seat}"}
    for body in ({"action": "set_deadline", "seconds": 5}, {"action": "apply_deadline"}):
        err(c.post(f"/v1/home/tables/{t.id}/seat/actions", json=body, headers=as_seat), 403, "seat.forbidden")
    err(c.post(f"/v1/home/tables/{t.id}/deadline", json={"action": "set_deadline", "seconds": 5}, headers=as_seat),
        401, "table.token")
    err(c.post(f"/v1/tables/{t.id}/deadline", json={"action": "set_deadline", "seconds": 5}, headers=t.auth),
        404, "table.game")
    assert t.state() == before
    t.dealt()
    ok(t.deadline({"action": "apply_deadline"}))
    t.act(action="settle")
    before = t.state()
    assert before["round"]["can"]["set_deadline"] is False and before["round"]["deadline"] == 1_000_000
    err(t.deadline({"action": "set_deadline", "seconds": 5}), 400, "home.phase")  # settled
    assert t.state() == before
    t.act(action="next_round")  # the next round has no deadline of its own
    r = t.state()["round"]
    assert r["deadline"] is None and r["by_deadline"] is None and r["can"]["set_deadline"] is True
    t.act(action="bet", door=1, bettor="ann", amount=100)
    t.act(action="deal")
    for p in (0, 1):
        t.act(action="set_hand", position=p, setting=0, by="house" if p == 0 else "ann")
    t.act(action="settle")
    before = t.state()
    assert before["round"]["phase"] == "over"
    err(t.deadline({"action": "set_deadline", "seconds": 5}), 400, "home.phase")
    assert t.state() == before


def test_a_restart_replays_the_home_deadline(db: str) -> None:
    """The journal holds the service's times with the actions: a restarted service rebuilds the
    same table, the hands the deadline set and why included."""
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as client:
            t = Home(client)
            t.dealt()
            ok(t.deadline({"action": "set_deadline", "at": 1_000_000}))
            ok(t.deadline({"action": "apply_deadline"}))
            before = t.state()
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as client:
            after = ok(client.get(f"/v1/home/tables/{t.id}", headers=t.auth))
            assert after == before and after["round"]["by_deadline"] == [1, 2, 0]
            assert {h["why"] for h in after["round"]["hands"] if h["played"]} == {"deadline"}
            ok(client.post(f"/v1/home/tables/{t.id}/actions", json={"action": "settle"}, headers=t.auth))
    finally:
        s.stop()
