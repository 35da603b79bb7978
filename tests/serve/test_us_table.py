"""A US table through the HTTP API (docs/dealer.md, docs/rules.md §3.1): a table created with
``"rules": "us"`` plays the US flow through the actions endpoint: the house banks, three dice, a
player asks for the house way, a foul re-set by the house way, the house's hand set by the house
way with its rule (shown to the public only once face up), settlement, the bank offered in turn
and taken with the house; the round's record replays in the library."""

from __future__ import annotations

from typing import Any

import httpx

from paigow.houseway import FOXWOODS
from paigow.table.records import replay_round
from serve_support import OPERATOR

BANKER = "5-5 4-4 3-3 2-5"
FOUL = "6-6 6-6 4-4 1-2"
PAIRS = "1-1 1-1 2-6 3-5"


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def test_a_whole_us_round_through_the_api(client: httpx.Client) -> None:
    made = ok(client.post("/v1/tables", json={"rules": "us", "public": True, "house_stake": 5000}, headers=OPERATOR),
              201)
    tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    assert (made["state"]["rules"], made["state"]["house_banks"], made["state"]["banker"]) == ("us", True, 0)

    def act(**action: Any) -> Any:
        return ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))

    def public() -> Any:
        return ok(client.get(f"/v1/tables/{tid}"))["round"]

    def refused(code: str, **action: Any) -> None:
        r = client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth)
        assert r.status_code == 400 and r.json()["code"] == code, r.text

    out = act(action="start_round")                      # the house's stake for the table
    assert out["result"] == {"phase": "betting", "banker": 0, "stake": 5000}
    assert out["state"]["round"]["banker_party"] == "house" and out["state"]["round"]["house_banks"]
    act(action="bet", position=1, amount=100)
    act(action="bet", position=3, amount=200, bettor="ann")
    refused("bet.uncovered", action="bet", position=4, amount=4701)
    refused("dice.invalid", action="shake", dice=[1, 2, 3, 4])
    roll = act(action="shake", dice=[3, 3, 3])["result"]         # 9: the banker's stack first
    assert roll["total"] == 9 and public()["first_position"] == 0
    act(action="deal", hands={"0": BANKER, "1": PAIRS, "3": FOUL})
    refused("setting.house_way", action="set_hand", position=0, setting=0)

    asked = act(action="house_way", position=1, by="P1")["result"]
    assert asked["setting"]["text"] == str(FOXWOODS.set(PAIRS).setting)
    assert (asked["rule"], asked["why"], asked["by"]) == ("rule 0: best in both hands", "asked", "P1")
    fouled = act(action="set_hand", position=3, setting="6-6 6-6 | 4-4 1-2", by="ann")
    assert fouled["result"]["text"] == str(FOXWOODS.set(FOUL).setting) == "6-6 1-2 | 6-6 4-4"
    dealer = fouled["state"]["round"]["ways"]
    assert dealer[3] == {"rule": "pair C: split 2s/12s", "way": "foxwoods", "why": "foul", "by": "ann",
                         "placed": "6-6 6-6 | 4-4 1-2"}
    seen = public()
    assert seen["ways"] == [None] * 8 and seen["settings"] == [None] * 8 and seen["deal"]["hands"] == {}

    house = act(action="house_way", position=0)["result"]         # the house turns its tiles and sets
    assert (house["rule"], house["why"]) == ("other hands: max low", "house")
    seen = public()
    assert seen["ways"][0] == {"rule": "other hands: max low", "way": "foxwoods", "why": "house", "by": None,
                               "placed": None}
    assert seen["ways"][1] is None and seen["ways"][3] is None     # the players' hands still face down
    assert seen["deal"]["hands"] == {"0": BANKER.split()}

    settled = act(action="settle")["result"]
    led = settled["ledger"]
    assert sum(led["changes"].values()) + led["commission"] == 0
    by_pos = {p["position"]: p for p in settled["positions"]}
    assert by_pos[0]["house_way"]["rule"] == "other hands: max low" and by_pos[3]["house_way"]["why"] == "foul"
    assert by_pos[1]["outcome"] == "win" and led["changes"]["P1"] == 95
    seen = public()
    assert seen["ways"][1]["why"] == "asked" and seen["ways"][3]["placed"] == "6-6 6-6 | 4-4 1-2"

    state = act(action="end_round")["state"]
    assert (state["banker"], state["offer"], state["house_banks"]) == (None, 1, False)
    state = act(action="accept", with_house=True)["state"]
    assert (state["banker"], state["with_house"], state["turns"][-1]) == (
        1, True, "1 takes the bank with the house, half each")
    state = act(action="start_round", stake=300)["state"]
    assert state["round"]["shares"] == [{"party": "P1", "stake": 300}, {"party": "house", "stake": 300}]
    assert state["round"]["way_sets_banker"]

    record = ok(client.get(f"/v1/tables/{tid}/rounds/1", headers=auth))
    assert record["rules"] == "us"
    again = replay_round(record)
    assert again.result is not None and again.result.ways[0] is not None
    assert again.result.ledger.changes == led["changes"]


def test_a_macau_table_names_no_house_way(client: httpx.Client) -> None:
    made = ok(client.post("/v1/tables", json={}, headers=OPERATOR), 201)
    tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    for action in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                   {"action": "deal", "hands": {"0": BANKER, "1": PAIRS}}):
        ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))
    r = client.post(f"/v1/tables/{tid}/actions", json={"action": "house_way", "position": 1}, headers=auth)
    assert r.status_code == 400 and r.json()["code"] == "house_way.none", r.text
    r = client.post(f"/v1/tables/{tid}/actions", json={"action": "accept", "with_house": True}, headers=auth)
    assert r.status_code == 400, r.text


def test_a_live_us_table_draws_three_dice(client: httpx.Client) -> None:
    made = ok(client.post("/v1/tables", json={"rules": "us"}, headers=OPERATOR), 201)
    tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    for action in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                   {"action": "shuffle"}):
        ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))
    roll = ok(client.post(f"/v1/tables/{tid}/actions", json={"action": "shake"}, headers=auth))
    dice = roll["result"]["dice"]
    assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)
    assert roll["state"]["round"]["first_position"] == (sum(dice) - 1) % 8


def test_a_us_table_replays_from_its_journal(tmp_path: "object") -> None:
    """A live US table (secure shuffles and three dice, a house way asked for, a foul, the house's
    hand, the bank offered and declined) read back from the journal after a restart: the same
    state, public view and balances."""
    from pathlib import Path

    from paigow.serve.journal import Journal

    path = str(Path(str(tmp_path)) / "us.db")
    j = Journal(path)
    tid = j.create({"banker": 0, "rules": "us", "house_stake": 3000})[0]
    e = j.entry(tid)
    assert e is not None
    for a in ({"action": "start_round"}, {"action": "bet", "position": 2, "amount": 100},
              {"action": "bet", "position": 5, "amount": 100, "bettor": "ann"}, {"action": "shuffle"},
              {"action": "shake"}, {"action": "deal"}, {"action": "house_way", "position": 2},
              {"action": "set_hand", "position": 5, "setting": 1, "by": "ann"},
              {"action": "house_way", "position": 0}, {"action": "settle"}, {"action": "end_round"},
              {"action": "decline"}):
        with e.lock:
            j.act(e, a)
    t = j.table(tid)
    views = (t.view(), t.view(public=True))
    assert views[0]["house_banks"] and views[0]["rounds"] == 1 and views[0]["turns"] == [
        "2 declines; the house banks at 0"]
    assert sum(views[0]["balances"].values()) + views[0]["commission"] == 0
    j.close()
    j2 = Journal(path)
    try:
        again = j2.table(tid)
        assert (again.view(), again.view(public=True)) == views
        assert again.session.state.history[0].ways[0] is not None
    finally:
        j2.close()
