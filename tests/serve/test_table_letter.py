"""The table to the letter, part 3 (issue 21), at the service: every action of the library is an
action of the service (``declare`` and ``turn`` were missing), a table is live or a simulation
from its creation, and each finding's action is refused with the same code by the service, by
the library (:class:`paigow.Session` driven by the same actions) and by the session's record
replayed with the action appended (tests/test_table_letter.py has the library's own tests).
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from paigow.errors import PaigowError
from paigow.serve.tables import ROUND_ACTIONS, SESSION_ACTIONS, Table
from paigow.table import Round, Session
from paigow.table.records import ledger_json, replay_session, session_record
from serve_support import OPERATOR

TILES = {"0": "5-5 4-4 3-3 2-5", "1": "1-6 1-4 4-5 1-3", "2": "天 天 地 地", "3": "红头 红头 板櫈 板櫈",
         "5": "虎头 虎头 拎冧六 拎冧六"}


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


# -- the three paths ----------------------------------------------------------------------------------
def library(body: dict[str, Any]) -> Session:
    """The library's session for a table opened with ``body`` (as the service opens it)."""
    live = body.get("mode", "simulation" if "seed" in body else "live") == "live"
    return Session(body.get("banker", 0), house_stake=body.get("house_stake"),
                   rng=random.Random(body.get("seed", 0)), live=live)


def do(s: Session, action: dict[str, Any]) -> Any:
    """One service action on the library's session, by the method of the same name."""
    name = action["action"]
    kw = {k: v for k, v in action.items() if k != "action"}
    if "hands" in kw:
        kw["hands"] = {int(p): h for p, h in kw["hands"].items()}
    if "dice" in kw:
        kw["dice"] = tuple(kw["dice"])
    target: Any = s if name in SESSION_ACTIONS else s.round
    return getattr(target, name)(**kw)


def as_event(action: dict[str, Any]) -> dict[str, Any]:
    """A service action as an event of a session record (a round's own events go in its round)."""
    a, name = action, action["action"]
    if name == "start_round":
        return {"event": "round", "stake": a.get("stake"), "others_agree": a.get("others_agree", False), "events": []}
    if name in ("pass_bank", "decline", "accept", "end_round"):
        return {"event": "pass" if name == "pass_bank" else name}
    if name == "co_bank":
        who = {"party": "house"} if a["party"] == "house" else {"position": a["party"]}
        return {"event": "co_bank", **who, "stake": a["stake"]}
    if name == "bet":
        return {"event": "bet", "position": a["position"], "bettor": a.get("bettor", f"P{a['position']}"),
                "amount": a["amount"]}
    if name == "cut":
        return {"event": "cut", "position": a["position"], "stacks": a["k"]}
    if name == "set_hand":
        return {"event": "set", **{k: v for k, v in a.items() if k != "action"}}
    if name == "expose":
        return {"event": "expose", "position": a["position"], "tile": a.get("tile")}
    return {"event": name, **{k: v for k, v in a.items() if k != "action"}}


def refused_everywhere(client: httpx.Client, body: dict[str, Any], actions: list[dict[str, Any]],
                       last: dict[str, Any], code: str) -> dict[str, Any]:
    """``actions`` are accepted and ``last`` refused with ``code`` by the service, the library
    and the session's record; returns the service's state after the refusal (unchanged)."""
    t = ok(client.post("/v1/tables", json=body, headers=OPERATOR), 201)
    auth = {"Authorization": f"Bearer {t['token']}"}
    url = f"/v1/tables/{t['id']}"
    s = library(body)
    for a in actions:
        ok(client.post(url + "/actions", json=a, headers=auth))
        do(s, a)
    before = ok(client.get(url, headers=auth))
    r = client.post(url + "/actions", json=last, headers=auth)
    assert r.status_code == 400 and r.json()["code"] == code, r.text
    with pytest.raises(PaigowError) as lib:
        do(s, last)
    assert lib.value.code == code and lib.value.message == r.json()["message"]
    if last["action"] not in ("settle", "set_players"):   # no record event sets hands by a strategy
        record = json.loads(json.dumps(session_record(s)))
        ev = as_event(last)
        if last["action"] in ROUND_ACTIONS:
            record["events"][-1]["events"].append(ev)
        else:
            record["events"].append(ev)
        with pytest.raises(PaigowError) as rec:
            replay_session(record)
        assert rec.value.code == code and rec.value.message.endswith(lib.value.message), rec.value.message
    after = ok(client.get(url, headers=auth))
    assert after == before
    return after


def opened(client: httpx.Client, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    t = ok(client.post("/v1/tables", json=body, headers=OPERATOR), 201)
    return f"/v1/tables/{t['id']}", {"Authorization": f"Bearer {t['token']}"}


START = [{"action": "start_round", "stake": 10000}]
REPRO = START + [{"action": "bet", "position": 1, "amount": 300, "bettor": "ann"},
                 {"action": "bet", "position": 1, "amount": 100, "bettor": "bob"},
                 {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"}, {"action": "deal"}]


# -- live or a simulation ------------------------------------------------------------------------------
def test_a_live_table_refuses_every_strategy_and_says_it_is_live(client: httpx.Client) -> None:
    body = {"banker": 0, "mode": "live"}  # a live table draws from the secure generator: no seed
    for last in ({"action": "settle", "strategy": "equilibrium"}, {"action": "settle", "banker_strategy": "max-back"},
                 {"action": "set_players", "strategy": "max-back"}, {"action": "set_players"},
                 {"action": "set_hand", "position": 1, "setting": 0, "strategy": "max-back"}):
        state = refused_everywhere(client, body, REPRO, last, "live.strategy")
        assert state["mode"] == "live"
    # the dealer's table by default: live (no seed)
    url, auth = opened(client, {"banker": 0})
    assert ok(client.get(url, headers=auth))["mode"] == "live"
    for a in REPRO:
        ok(client.post(url + "/actions", json=a, headers=auth))
    r = client.post(url + "/actions", json={"action": "settle", "strategy": "equilibrium"}, headers=auth)
    assert r.status_code == 400 and r.json()["code"] == "live.strategy" and "Art. 7.1-7.2" in r.json()["message"]
    for a in ({"action": "set_hand", "position": 1, "setting": 0, "by": "ann"}, {"action": "set_hand", "position": 0,
              "setting": 0}, {"action": "settle"}, {"action": "end_round"}):
        ok(client.post(url + "/actions", json=a, headers=auth))
    record = ok(client.get(url + "/rounds/1", headers=auth))
    assert record["live"] is True and all(e.get("strategy") is None for e in record["events"])


def test_the_issues_reproducer_at_a_simulation_gives_no_claim(client: httpx.Client) -> None:
    """POST /v1/tables {"banker": 0, "seed": 19, "mode": "simulation"} and the issue's actions: the strategy's setting
    loses where another split would not; before the fix that was "ann owes bob 100"."""
    url, auth = opened(client, {"banker": 0, "seed": 19, "mode": "simulation"})
    assert ok(client.get(url, headers=auth))["mode"] == "simulation"
    for a in REPRO:
        ok(client.post(url + "/actions", json=a, headers=auth))
    res = ok(client.post(url + "/actions", json={"action": "settle", "strategy": "max-back"}, headers=auth))["result"]
    assert res["ledger"]["claims"] == []
    pos1 = next(p for p in res["positions"] if p["position"] == 1)
    assert pos1["strategy"] == "max-back" and pos1["outcome"] == "lose" and set(pos1["other_outcomes"]) != {"lose"}
    s = library({"banker": 0, "seed": 19, "mode": "simulation"})
    for a in REPRO:
        do(s, a)
    assert s.round is not None and s.round.settle("max-back").ledger.claims == ()


def test_a_table_journaled_before_the_mode_plays_as_a_simulation() -> None:
    t = Table({"banker": 0}, seed=19)
    assert t.view()["mode"] == "simulation" and not t.session.live
    for a in REPRO:
        t.apply(a)
    assert t.apply({"action": "settle", "strategy": "max-back"})["ledger"]["claims"] == []
    assert Table({"banker": 0}).session.live  # a table without a seed is live: it draws from the secure generator


# -- 8. declare and turn are service actions -----------------------------------------------------------
def test_declare_and_turn_are_actions_of_the_service(client: httpx.Client) -> None:
    body = {"banker": 0, "seed": 4, "mode": "simulation"}
    url, auth = opened(client, body)
    s = library(body)
    steps = START + [{"action": "bet", "position": 1, "amount": 100},
                     {"action": "declare", "method": "the stacks in dealing order from the dice"},
                     {"action": "shuffle"}, {"action": "shake"}, {"action": "deal"},
                     {"action": "set_hand", "position": 1, "setting": 2}, {"action": "turn"},
                     {"action": "set_hand", "position": 0, "setting": 1}, {"action": "settle"}]
    for a in steps:       # before the fix: 422 for declare and turn
        out = ok(client.post(url + "/actions", json=a, headers=auth))
        do(s, a)
    assert s.round is not None and s.round.result is not None
    assert out["state"]["round"]["result"]["ledger"] == json.loads(json.dumps(ledger_json(s.round.result.ledger)))
    assert s.round.declared == "the stacks in dealing order from the dice"
    base = START + [{"action": "bet", "position": 1, "amount": 100}, {"action": "shuffle"}, {"action": "shake"}]
    refused_everywhere(client, body, base, {"action": "declare", "method": "late"}, "phase.shaken")
    refused_everywhere(client, body, base + [{"action": "deal"}], {"action": "turn"}, "turn.players_unset")
    refused_everywhere(client, body, START, {"action": "declare", "method": " "}, "declare.syntax")
    # every action of Round and Session is an action of the service
    for name in [n for n in dir(Round) if n.startswith("verify_")] + [n for n in dir(Session) if n.startswith("verify_")]:
        assert name[len("verify_"):] in {**ROUND_ACTIONS, **SESSION_ACTIONS}, name


# -- the findings, on every path -------------------------------------------------------------------------
def test_the_two_round_limit_after_a_pass_and_declines(client: httpx.Client) -> None:
    body = {"banker": 0, "seed": 5, "mode": "simulation"}
    one = [{"action": "bet", "position": 1, "amount": 100}, {"action": "bet", "position": 3, "amount": 100},
           {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"}, {"action": "deal"}, {"action": "settle", "strategy": "max-back"},
           {"action": "end_round"}]
    two = [{"action": "start_round", "stake": 1000}] + one + [{"action": "start_round"}] + one
    url, auth = opened(client, body)
    for a in two + [{"action": "pass_bank"}] + [{"action": "decline"}] * 6:
        state = ok(client.post(url + "/actions", json=a, headers=auth))["state"]
        assert state["offer"] != 0                   # before the fix the sixth decline offered it to 0
    assert state["offer"] == 1
    # one round, a pass, the bank back to 0: his run goes on, and a third round needs the others
    back = [{"action": "start_round", "stake": 1000}] + one + [{"action": "pass_bank"}] + [{"action": "decline"}] * 6 \
        + [{"action": "accept"}, {"action": "start_round"}] + one
    refused_everywhere(client, body, back, {"action": "start_round", "stake": 5000}, "session.two_rounds")


def test_holders_after_sit_outs_and_co_bankers(client: httpx.Client) -> None:
    body = {"banker": 0, "seed": 2, "mode": "simulation"}
    bets = [(1, 300, "ann"), (2, 300, "bob"), (2, 100, "ann"), (3, 100, "cy"), (3, 50, "bob")]
    steps = START + [{"action": "bet", "position": p, "amount": a, "bettor": w} for p, a, w in bets] + [
        {"action": "deal", "hands": {p: TILES[p] for p in "0123"}},
        {"action": "expose", "position": 3}, {"action": "expose", "position": 3}]
    state = refused_everywhere(client, body, steps, {"action": "set_hand", "position": 2, "setting": 0, "by": "ann"},
                               "setting.no_holder")
    assert state["round"]["holders"] == {"1": "ann", "2": None, "3": None} and state["round"]["unheld"] == [2]
    co = START + [{"action": "co_bank", "party": 5, "stake": 500}] + [
        {"action": "bet", "position": p, "amount": a, "bettor": w}
        for p, a, w in [(2, 300, "bob"), (2, 100, "P5"), (2, 50, "ann"), (3, 100, "cy"), (3, 50, "bob")]] + [
        {"action": "deal", "hands": {p: TILES[p] for p in "023"}},
        {"action": "expose", "position": 3}, {"action": "expose", "position": 3}]
    state = refused_everywhere(client, body, co, {"action": "set_hand", "position": 2, "setting": 0, "by": "P5"},
                               "setting.not_holder")
    assert state["round"]["holders"]["2"] == "ann"
    # 9: a co-banker whose own position sits out leaves the bank for the round
    out = START + [{"action": "co_bank", "party": 5, "stake": 500},
                   {"action": "bet", "position": 5, "amount": 100, "bettor": "P5"},
                   {"action": "bet", "position": 1, "amount": 200, "bettor": "ann"},
                   {"action": "deal", "hands": {p: TILES[p] for p in "015"}},
                   {"action": "expose", "position": 5}, {"action": "expose", "position": 5}]
    state = refused_everywhere(client, body, out, {"action": "set_hand", "position": 5, "setting": 0},
                               "setting.sat_out")
    assert state["round"]["bank"] == 10000 and state["round"]["shares"] == [{"party": "P0", "stake": 10000}]


def test_house_share_cuts_shakes_and_the_declaration(client: httpx.Client) -> None:
    # Art. 3.1: the house's share fixed for the table
    refused_everywhere(client, {"banker": 0, "seed": 1, "house_stake": 1000, "mode": "simulation"},
                       START + [{"action": "bet", "position": 1, "amount": 100}],
                       {"action": "co_bank", "party": "house", "stake": 1}, "co_bank.house_fixed")
    refused_everywhere(client, {"banker": 0, "seed": 1, "mode": "simulation"}, START + [{"action": "bet", "position": 1, "amount": 100}],
                       {"action": "co_bank", "party": "house", "stake": 500}, "co_bank.house_fixed")
    # Art. 2.1: a void deal is the same round
    void_deal = START + [{"action": "bet", "position": 1, "amount": 100}, {"action": "declare", "method": "A"},
                         {"action": "shuffle"}, {"action": "cut", "position": 1, "k": 2},
                         {"action": "cut", "position": 2, "k": 3}, {"action": "shake", "dice": [1, 1, 1, 6]},
                         {"action": "deal"}, {"action": "expose", "position": 0}, {"action": "expose", "position": 0},
                         {"action": "shuffle"}]
    body = {"banker": 0, "seed": 3, "mode": "simulation"}
    refused_everywhere(client, body, void_deal, {"action": "cut", "position": 3, "k": 1}, "cut.too_many")
    # Art. 4.4/4.7: the declaration frozen from the first shake, a void deal included
    refused_everywhere(client, body, void_deal, {"action": "declare", "method": "B"}, "declare.after_shake")
    # Art. 1.5: after a void shake, a valid shake before any deal
    shaken = START + [{"action": "bet", "position": 1, "amount": 100}, {"action": "shake", "dice": [2, 2, 5, 1],
                                                                         "void": "tilted"}]
    refused_everywhere(client, body, shaken, {"action": "deal", "hands": {"0": "天 天 地 地", "1": "人 人 鹅 鹅"}},
                       "deal.void_shake")


def test_a_1996_slip_cites_portaria_21_96_m(client: httpx.Client) -> None:
    for ruleset, cited in (("1996", "Portaria 21/96/M, Art. 5(j)"), ("2004", "Despacho 59/2004, Art. 5.10")):
        r = client.post("/v1/pcc/settle", json={"bets": ["total:18=5"], "roll": "crab prawn coin", "ruleset": ruleset})
        assert r.status_code == 400 and r.json()["code"] == "total.range" and cited in r.json()["message"], r.text


def test_a_live_shake_before_the_declaration_is_refused_on_every_path(client: httpx.Client) -> None:
    """Issue 31, finding 6 (Art. 4.4): the service, the library and the session's record refuse
    the live table's shake with the same code; declared, the same shake is taken."""
    body = {"banker": 0, "mode": "live"}
    base = START + [{"action": "bet", "position": 1, "amount": 100}]
    refused_everywhere(client, body, base, {"action": "shake", "dice": [1, 2, 3, 4]}, "shake.undeclared")
    url, auth = opened(client, body)
    for a in base + [{"action": "declare", "method": "from the first stack"}]:
        ok(client.post(url + "/actions", json=a, headers=auth))
    out = ok(client.post(url + "/actions", json={"action": "shake", "dice": [1, 2, 3, 4]}, headers=auth))
    assert out["state"]["round"]["declared"] == "from the first stack"
    assert out["state"]["round"]["frozen"] is True
    # a simulation's shake needs none (it declares its own in simulated_round), nor does a table
    # journaled before the rule was kept (its config has no declare_first): see test_table_letter4
    sim_url, sim_auth = opened(client, {"banker": 0, "seed": 3, "mode": "simulation"})
    for a in base + [{"action": "shake", "dice": [1, 2, 3, 4]}]:
        ok(client.post(sim_url + "/actions", json=a, headers=sim_auth))


def test_a_live_table_journaled_before_the_declaration_rule_replays_its_shakes() -> None:
    """A live table opened before the key (its config without declare_first) replays as it was
    journaled; one opened now (the router writes the key) waits for the declaration."""
    old = Table({"banker": 0})
    assert old.live
    for a in START + [{"action": "bet", "position": 1, "amount": 100}, {"action": "shake", "dice": [1, 2, 3, 4]}]:
        old.apply(a, {"dice": [1, 2, 3, 4]} if a["action"] == "shake" else None)
    new = Table({"banker": 0, "declare_first": True})
    for a in START + [{"action": "bet", "position": 1, "amount": 100}]:
        new.apply(a)
    with pytest.raises(PaigowError) as e:
        new.apply({"action": "shake", "dice": [1, 2, 3, 4]})
    assert e.value.code == "shake.undeclared"
