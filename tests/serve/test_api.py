"""The HTTP API of ``paigow serve``: each endpoint against the library, errors as JSON with the
project error's code, the caps and limits, tokens, and the journal across a restart; the US table
through the API."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

import paigow
import pcc
from paigow.serve.models import ADVICE_BATCH_MAX, BEST_BATCH_MAX, AdviceOut
from paigow.houseway import FOXWOODS
from paigow.table.records import replay_round
from serve_support import OPERATOR, ThreadServer, err, ok

ROOT = Path(__file__).resolve().parents[2]


def code(fn: Any, *args: Any, **kwargs: Any) -> str:
    """The code of the error the library itself raises for this input."""
    try:
        fn(*args, **kwargs)
    except (paigow.PaigowError, pcc.PccError) as e:
        return e.code
    raise AssertionError("accepted")  # pragma: no cover


# -- advice, settings, values ---------------------------------------------------------------------
def test_advice_is_the_librarys(client: httpx.Client) -> None:
    for seat, against, commission in (("player", "equilibrium", False), ("banker", "max-back", True)):
        body = ok(client.post("/v1/advice", json={"tiles": "天 地 杂九 至尊", "seat": seat, "against": against,
                                                   "commission": commission}))
        a = paigow.advise("天 地 杂九 至尊", seat=seat, against=against, commission=commission)
        AdviceOut.model_validate(body)  # sent without FastAPI's validation: it must hold the schema
        assert body["best"] == a.best and body["mixed"] == a.mixed and body["opponent_hands"] == 20475
        for got, want in zip(body["settings"], a.options):
            assert got["text"] == str(want.setting)
            assert (got["wins"], got["pushes"], got["losses"], got["value"]) == (want.wins, want.pushes, want.losses, want.value)
            assert got["front"]["name_zh"] == want.setting.front.name_zh
    # the README's figure: 地牌八 | 天九王 at +0.74281
    best = ok(client.post("/v1/advice", json={"tiles": ["6-6", "1-1", "4-5", "2-4"]}))
    assert best["settings"][best["best"]]["back"]["name_zh"] == "天九王"
    assert round(best["settings"][best["best"]]["value"], 5) == 0.74281


def test_warm_builds_every_named_plan() -> None:
    from paigow import advice, strategies
    from paigow.serve.app import warm

    from paigow.game.equilibria import CATALOGUE
    from paigow.game.handtypes import setting_game

    strategies._clear_named()
    assert not advice._PLANS and not advice._RULE_PLANS
    warm()
    us_only = {s.name for s in CATALOGUE if s.rules is paigow.US}
    others = {s.name for s in CATALOGUE if s.rules is not paigow.MACAU}   # the US game's and the home game's
    for against in (None, *(n for n in strategies.NAMED if n not in others)):
        for commission in (False, True):
            for seat in ("player", "banker"):
                assert (seat, against, commission, "macau") in advice._RULE_PLANS   # as the requests ask
    for against in (None, "foxwoods", "max-back", *us_only):      # the US game's, under its rules
        for commission in (False, True):
            for seat in ("player", "banker"):
                assert (seat, against, commission, "us") in advice._RULE_PLANS
    for against in (None, "home-equilibrium", "max-front", "max-back"):      # the home game's
        for commission in (False, True):
            for seat in ("player", "banker"):
                assert (seat, against, commission, "home") in advice._RULE_PLANS
    for name in strategies.NAMED:
        for seat in ("player", "banker"):
            built = strategies.Strategy.named(name, strategies.other_seat(seat))
            assert any(built.built(("side:" + seat, g)) for g in (setting_game(paigow.MACAU), setting_game(paigow.US),
                                                                  setting_game(paigow.HOME))), \
                (name, seat)  # its game's


def test_advice_values_and_settings_in_the_us_game(client: httpx.Client) -> None:
    """Every advice endpoint takes the rule set, as the library does: the same answer, the US
    game's solutions and house way under its rules, each refused under the other game's."""
    from paigow.houseway import house_way

    tiles = "6-6 1-1 4-5 1-3"
    got = client.post("/v1/advice", json={"tiles": tiles, "rules": "us", "against": "foxwoods"}).json()
    mine = paigow.advise(tiles, rules="us", against="foxwoods")
    assert got["rules"] == "us" and got["against"] == "foxwoods" and got["best"] == mine.best
    assert [s["wins"] for s in got["settings"]] == [o.wins for o in mine.options]
    default = client.post("/v1/advice", json={"tiles": tiles, "rules": "us", "commission": True}).json()
    assert default["against"] == "us-equilibrium-paid" and default["rate"] == "5%"
    batch = client.post("/v1/advice/batch", json={"hands": [tiles], "rules": "us", "against": "foxwoods"}).json()
    assert batch["results"] == [got]
    err(client.post("/v1/advice", json={"tiles": tiles, "against": "foxwoods"}), 400, "houseway.rules")
    err(client.post("/v1/advice", json={"tiles": tiles, "rules": "us", "against": "equilibrium"}), 400,
        "strategy.rules")
    err(client.post("/v1/advice", json={"tiles": tiles, "rules": "texas"}), 422, "request.invalid")
    gv = client.post("/v1/game-value", json={"rules": "us", "player": "foxwoods", "banker": "foxwoods"}).json()
    way = house_way("foxwoods").strategy()
    assert gv["ev"] == paigow.game_value(way, way, rules="us").ev and gv["rules"] == "us"
    assert client.post("/v1/game-value", json={"rules": "us"}).json()["player"] == "us-equilibrium"
    best = client.post("/v1/best-settings", json={"rules": "us", "hands": [tiles], "strategy": "foxwoods"}).json()
    assert best["settings"] == [str(house_way("foxwoods").set(tiles).setting)]


def test_advice_errors_carry_the_engines_code(client: httpx.Client) -> None:
    e = err(client.post("/v1/advice", json={"tiles": "天 地 杂九"}), 400, code(paigow.advise, "天 地 杂九"))
    assert e["message"] == str(pytest.raises(paigow.PaigowError, paigow.advise, "天 地 杂九").value)
    for tiles in ("天 地 杂九 龙", "天 天 天 地"):
        err(client.post("/v1/advice", json={"tiles": tiles}), 400, code(paigow.advise, tiles))
    err(client.post("/v1/advice", json={"tiles": "天 地 杂九 至尊", "seat": "dealer"}), 422, "request.invalid")
    err(client.post("/v1/advice", json={"tiles": "天 地 杂九 至尊", "commission": 1}), 422, "request.invalid")
    err(client.post("/v1/advice", content=b"{not json", headers={"content-type": "application/json"}), 422,
        "request.invalid")
    err(client.get("/v1/nothing"), 404, "route.unknown")
    err(client.get("/v1/advice"), 405, "route.method")


def test_advice_batch_and_its_cap(client: httpx.Client) -> None:
    hands = ["天 地 杂九 至尊", "1-1 1-1 6-6 6-6"]
    body = ok(client.post("/v1/advice/batch", json={"hands": hands, "against": "max-back"}))
    assert [r["best"] for r in body["results"]] == [paigow.advise(h, against="max-back").best for h in hands]
    e = err(client.post("/v1/advice/batch", json={"hands": ["天 地 杂九 至尊"] * (ADVICE_BATCH_MAX + 1)}), 422,
            "batch.too_large")
    assert str(ADVICE_BATCH_MAX) in e["message"]
    err(client.post("/v1/advice/batch", json={"hands": ["天 地 杂九 至尊", "天 地"]}), 400, code(paigow.advise, "天 地"))


def test_settings(client: httpx.Client) -> None:
    body = ok(client.post("/v1/settings", json={"tiles": "天 地 杂九 至尊"}))
    assert [s["text"] for s in body["settings"]] == [str(s) for s in paigow.settings("天 地 杂九 至尊")]
    assert body["settings"][1]["back"]["name_en"] == paigow.settings("天 地 杂九 至尊")[1].back.name_en


def test_best_settings_for_a_batch(client: httpx.Client) -> None:
    rng = np.random.default_rng(3)
    idx = np.array([rng.choice(32, 4, replace=False) for _ in range(500)])
    hands = [" ".join(str(paigow.DECK[i]) for i in row) for row in idx]
    body = ok(client.post("/v1/best-settings", json={"hands": hands, "strategy": "max-back"}))
    want = paigow.best_settings(idx, strategy="max-back").tolist()
    assert body["best"] == want
    assert body["settings"][0] == str(paigow.settings(hands[0])[want[0]])
    assert ok(client.post("/v1/best-settings", json={"hands": []})) == {"best": [], "settings": []}
    err(client.post("/v1/best-settings", json={"hands": ["天 地 杂九 至尊"] * (BEST_BATCH_MAX + 1)}), 422,
        "batch.too_large")


def test_game_value(client: httpx.Client) -> None:
    body = ok(client.post("/v1/game-value", json={"player": "max-back", "banker": "max-back"}))
    v = paigow.game_value("max-back", "max-back")
    assert (body["win"], body["push"], body["lose"], body["ev"]) == (v.win, v.push, v.lose, v.ev)


def test_pcc(client: httpx.Client) -> None:
    rows = ok(client.get("/v1/pcc/odds", params={"bet": ["small", "triple:any"]}))
    assert rows == pcc.table_as_json((pcc.odds("small"), pcc.odds("triple:any")))
    assert len(ok(client.get("/v1/pcc/odds"))) == len(pcc.odds_table())
    err(client.get("/v1/pcc/odds", params={"bet": "dragon"}), 400, code(pcc.Spot.parse, "dragon"))
    body = ok(client.post("/v1/pcc/settle", json={"bets": ["big=100", "figure:crab=50"], "roll": "crab prawn coin"}))
    s = pcc.settle(["big=100", "figure:crab=50"], "crab prawn coin")
    assert body["totals"]["house_result"] == s.house_result
    assert [x["net"] for x in body["lines"]] == [x.net for x in s.lines]
    assert body["totals"]["player_net"] + body["totals"]["house_result"] == 0
    err(client.post("/v1/pcc/settle", json={"bets": ["big=0"], "roll": "crab prawn coin"}), 400,
        code(pcc.Round().place, "big=0"))
    err(client.post("/v1/pcc/settle", json={"bets": ["big=5"], "roll": "crab prawn"}), 400,
        code(pcc.settle, ["big=5"], "crab prawn"))


def test_request_bodies_are_size_limited(client: httpx.Client) -> None:
    err(client.post("/v1/advice", content=b" " * ((1 << 20) + 1), headers={"content-type": "application/json"}),
        413, "request.too_large")

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b" " * 65536
    err(client.post("/v1/advice", content=chunks(), headers={"content-type": "application/json"}), 413,
        "request.too_large")


def test_openapi_and_docs(client: httpx.Client) -> None:
    spec = ok(client.get("/openapi.json"))
    paths = set(spec["paths"])
    for p in ("/v1/advice", "/v1/advice/batch", "/v1/settings", "/v1/best-settings", "/v1/game-value",
              "/v1/pcc/odds", "/v1/pcc/settle", "/v1/tables", "/v1/tables/{tid}", "/v1/tables/{tid}/actions",
              "/v1/tables/{tid}/rounds/{number}"):
        assert p in paths
    assert spec["components"]["schemas"]["AdviceBatchIn"]["properties"]["hands"]["maxItems"] == ADVICE_BATCH_MAX
    assert "swagger" in client.get("/docs").text.lower()
    page = client.get("/")
    assert page.status_code == 200 and "牌九" in page.text
    assert "http" not in client.get("/static/app.js").text.replace("http.", "")  # no CDN
    faces = ok(client.get("/v1/tiles"))
    assert len(faces) == 21 and faces[0] == {"pips": "6-6", "name_zh": "天", "name_en": "Teen", "rank": 1,
                                             "points": 2, "copies": 2}


# -- tables -------------------------------------------------------------------------------------------
def new_table(client: httpx.Client, **body: Any) -> tuple[str, dict[str, str]]:
    """Open a table with the operator key (a seed makes it a simulation table)."""
    if "seed" in body:
        body.setdefault("mode", "simulation")
    t = ok(client.post("/v1/tables", json=body, headers=OPERATOR), 201)
    return t["id"], {"Authorization": f"Bearer {t['token']}"}


def act(client: httpx.Client, tid: str, auth: dict[str, str], **action: Any) -> Any:
    return ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))


ROUND = [
    {"action": "start_round", "stake": 1000},
    {"action": "co_bank", "party": "house", "stake": 500},
    {"action": "bet", "position": 1, "amount": 100},
    {"action": "bet", "position": 1, "amount": 300, "bettor": "ann"},
    {"action": "bet", "position": 4, "amount": 200},
    {"action": "shuffle"},
    {"action": "cut", "position": 3, "k": 2},
    {"action": "declare", "method": "from the first stack"},   # a live table's shake waits for it (Art. 4.4)
    {"action": "shake", "dice": [3, 5, 6, 2]},
    {"action": "deal"},
    {"action": "set_hand", "position": 1, "setting": 1},
    {"action": "settle", "strategy": "max-back"},
]


US_ROUND = [  # the same round at a US table: the house banks alone, three dice
    {"action": "start_round", "stake": 1000},
    {"action": "bet", "position": 1, "amount": 100},
    {"action": "bet", "position": 1, "amount": 300, "bettor": "ann"},
    {"action": "bet", "position": 4, "amount": 200},
    {"action": "shuffle"},
    {"action": "cut", "position": 3, "k": 2},
    {"action": "shake", "dice": [3, 5, 6]},
    {"action": "deal"},
    {"action": "set_hand", "position": 1, "setting": 1},
    {"action": "settle", "strategy": "max-back"},
]


def _on_the_engine(rules: str, actions: list[dict[str, Any]]) -> Any:
    """The same actions on the library itself, with the same seed: the session and the round."""
    import random

    s = paigow.Session(0, rng=random.Random(11), rules=rules)
    r = None
    for a in actions:
        args = [tuple(v) if k == "dice" else v for k, v in a.items() if k != "action"]
        if a["action"] == "start_round":
            r = s.start_round(*args)
        else:
            getattr(r, a["action"])(*args)
    return s, r


@pytest.mark.parametrize(("rules", "actions"), [("macau", ROUND), ("us", US_ROUND)])
def test_a_round_through_the_api_is_the_engines(client: httpx.Client, rules: str,
                                                actions: list[dict[str, Any]]) -> None:
    tid, auth = new_table(client, seed=11, rules=rules)
    for a in actions:
        last = act(client, tid, auth, **a)
    from paigow.table.jsonforms import result_rule_ids
    from paigow.table.records import result_json

    s, r = _on_the_engine(rules, actions)
    res = r.result
    # the service's answers add each house way's rule id beside its text (records keep the text alone)
    assert last["result"] == result_rule_ids(result_json(res))
    assert last["state"]["round"]["result"] == result_rule_ids(result_json(res))
    if rules == "us":
        assert [p["house_way"]["rule_id"] for p in last["result"]["positions"] if "house_way" in p]
    ledger = last["result"]["ledger"]
    assert sum(ledger["changes"].values()) + ledger["commission"] == 0
    end = act(client, tid, auth, action="end_round")
    assert end["state"]["balances"] == {k: v for k, v in res.ledger.changes.items()}
    if rules == "macau":  # the banker's stake carried on
        assert end["state"]["carried"] == 1000 + res.ledger.changes["P0"]
    else:                 # the house banked: the bank is offered in turn, nothing carried
        assert end["state"]["carried"] is None and end["state"]["offer"] == 1
    record = ok(client.get(f"/v1/tables/{tid}/rounds/1", headers=auth))
    # the round-record format of paigow round --json / paigow settle: it replays to the same round
    from paigow.table.records import ROUND_FORMAT, replay_round, validate

    assert record["format"] == ROUND_FORMAT and record["result"] == result_json(res) and record["rules"] == rules
    validate(record)
    replayed = replay_round(record, checked=True)
    assert replayed.result is not None and result_json(replayed.result) == result_json(res)
    err(client.get(f"/v1/tables/{tid}/rounds/2", headers=auth), 404, "round.unknown")
    err(client.get(f"/v1/tables/{tid}/rounds/0", headers=auth), 422, "request.invalid")


def test_refused_actions_change_nothing(client: httpx.Client, live: ThreadServer) -> None:
    tid, auth = new_table(client, seed=2)
    for a in ROUND[:9]:   # to the shake
        act(client, tid, auth, **a)
    before = ok(client.get(f"/v1/tables/{tid}", headers=auth))
    n = live.journal.journal_length(tid)
    e = err(client.post(f"/v1/tables/{tid}/actions", json={"action": "bet", "position": 2, "amount": 100},
                        headers=auth), 400, "bet.after_shake")
    assert e["message"] == "no bet may be placed or changed after the shake (Art. 4.7)"
    for bad in ({"action": "set_hand", "position": 1, "setting": 7}, {"action": "deal", "hands": {"0": "天 天 天 地"}},
                {"action": "deal", "hands": {"9": "天 地 人 鹅"}}, {"action": "expose", "position": 1, "tile": "龙"}):
        r = client.post(f"/v1/tables/{tid}/actions", json=bad, headers=auth)
        assert r.status_code == 400 and r.json()["code"] != "internal", r.text
    err(client.post(f"/v1/tables/{tid}/actions", json={"action": "fold"}, headers=auth), 422, "request.invalid")
    err(client.post(f"/v1/tables/{tid}/actions", json={"action": "bet", "position": 2}, headers=auth), 422,
        "request.invalid")
    assert ok(client.get(f"/v1/tables/{tid}", headers=auth)) == before
    assert live.journal.journal_length(tid) == n
    # the shuffle drew nothing either: the deal is what it would have been
    after = act(client, tid, auth, action="deal")
    assert after["seq"] == before["seq"] + 1


def test_no_round_open(client: httpx.Client) -> None:
    tid, auth = new_table(client)
    e = err(client.post(f"/v1/tables/{tid}/actions", json={"action": "bet", "position": 1, "amount": 5},
                        headers=auth), 400, "action.illegal")
    assert "no round is open" in e["message"]


def test_wrong_or_missing_token_changes_nothing(client: httpx.Client, live: ThreadServer) -> None:
    tid, auth = new_table(client, seed=4)
    act(client, tid, auth, action="start_round", stake=1000)
    before = ok(client.get(f"/v1/tables/{tid}", headers=auth))
    n = live.journal.journal_length(tid)
    _, other = new_table(client)
    bet = {"action": "bet", "position": 1, "amount": 100}
    for headers in ({}, {"Authorization": "Bearer wrong"}, other, {"Authorization": auth["Authorization"][:-1]},
                    {"Authorization": "Basic " + auth["Authorization"][7:]}):
        r = client.post(f"/v1/tables/{tid}/actions", json=bet, headers=headers)
        err(r, 401, "table.token")
        assert r.headers["www-authenticate"] == "Bearer"
        err(client.get(f"/v1/tables/{tid}", headers=headers), 401, "table.token")
        err(client.get(f"/v1/tables/{tid}/rounds/1", headers=headers), 401, "table.token")
    assert ok(client.get(f"/v1/tables/{tid}", headers=auth)) == before
    assert live.journal.journal_length(tid) == n
    # an unknown table answers as a table one may not read: the answer does not tell which ids exist (issue 23)
    err(client.get("/v1/tables/nosuchtable", headers=auth), 401, "table.token")
    # the token is stored hashed, never in clear
    if live.journal.store == "sqlite":
        raw = Path(live.journal.path).read_bytes() + Path(live.journal.path + "-wal").read_bytes()
        assert auth["Authorization"][7:].encode() not in raw
    else:  # PostgreSQL: in no column of any row
        import psycopg

        with psycopg.connect(live.journal.url) as conn:  # type: ignore[attr-defined]
            for table in ("tables", "journal", "rounds", "snapshots"):
                rows = conn.execute(f"SELECT * FROM {table}").fetchall()
                assert auth["Authorization"][7:] not in repr(rows), table


def test_public_tables_are_read_without_the_token(client: httpx.Client) -> None:
    tid, auth = new_table(client, public=True)
    assert ok(client.get(f"/v1/tables/{tid}"))["seq"] == 0
    err(client.post(f"/v1/tables/{tid}/actions", json={"action": "start_round", "stake": 5}), 401, "table.token")
    act(client, tid, auth, action="start_round", stake=5)
    assert ok(client.get(f"/v1/tables/{tid}"))["seq"] == 1


def test_if_seq_refuses_a_stale_action(client: httpx.Client) -> None:
    tid, auth = new_table(client)
    url = f"/v1/tables/{tid}/actions"
    ok(client.post(url, params={"if_seq": 0}, json={"action": "start_round", "stake": 5}, headers=auth))
    err(client.post(url, params={"if_seq": 0}, json={"action": "end_round"}, headers=auth), 409, "table.conflict")


def test_table_creation_errors(client: httpx.Client) -> None:
    err(client.post("/v1/tables", json={"banker": 9}, headers=OPERATOR), 400, code(paigow.Session, 9))
    err(client.post("/v1/tables", json={"house_stake": -5}, headers=OPERATOR), 400,
        code(paigow.Session, 0, house_stake=-5))
    err(client.post("/v1/tables", json={"options": {"commission": "lots"}}, headers=OPERATOR), 400,
        code(paigow.Options.from_json, {"commission": "lots"}))
    err(client.post("/v1/tables", json={"banker": "0"}, headers=OPERATOR), 422, "request.invalid")


def test_the_journal_rebuilds_every_table(tmp_path: Path) -> None:
    db = str(tmp_path / "j.db")
    s = ThreadServer(db)
    states = {}
    try:
        with httpx.Client(base_url=s.url) as c:
            for seed in (1, 2):
                tid, auth = new_table(c, seed=seed, players=["a", "b", "c", "d", "e", "f", "g", "h"])
                for a in ROUND[: 7 + 3 * seed]:
                    act(c, tid, auth, **a)
                states[tid] = (auth, ok(c.get(f"/v1/tables/{tid}", headers=auth)))
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            for tid, (auth, state) in states.items():
                assert ok(c.get(f"/v1/tables/{tid}", headers=auth)) == state
            # and play goes on from where it was
            tid = next(iter(states))
            assert act(c, tid, states[tid][0], action="set_hand", position=1, setting=0)["seq"] == states[tid][1]["seq"] + 1
    finally:
        s.stop()


# -- the US table (docs/dealer.md, docs/rules.md §3.1) -------------------------------------------------
# A table created with "rules": "us" plays the US flow through the actions endpoint: the house
# banks, three dice, a player asks for the house way, a foul re-set by the house way, the house's
# hand set by the house way with its rule (shown to the public only once face up), settlement, the
# bank offered in turn and taken with the house; the round's record replays in the library.
BANKER = "5-5 4-4 3-3 2-5"
FOUL = "6-6 6-6 4-4 1-2"
PAIRS = "1-1 1-1 2-6 3-5"


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
    assert asked["rule_id"] == "0"  # the rule's id in its way file, beside its text
    fouled = act(action="set_hand", position=3, setting="6-6 6-6 | 4-4 1-2", by="ann")
    assert fouled["result"]["text"] == str(FOXWOODS.set(FOUL).setting) == "6-6 1-2 | 6-6 4-4"
    dealer = fouled["state"]["round"]["ways"]
    assert dealer[3] == {"rule": "pair C: split 2s/12s", "way": "foxwoods", "why": "foul", "by": "ann",
                         "placed": "6-6 6-6 | 4-4 1-2", "rule_id": "1C"}
    seen = public()
    assert seen["ways"] == [None] * 8 and seen["settings"] == [None] * 8 and seen["deal"]["hands"] == {}

    house = act(action="house_way", position=0)["result"]         # the house turns its tiles and sets
    assert (house["rule"], house["why"]) == ("other hands: max low", "house")
    seen = public()
    assert seen["ways"][0] == {"rule": "other hands: max low", "way": "foxwoods", "why": "house", "by": None,
                               "placed": None, "rule_id": FOXWOODS.rule_ids()["other hands: max low"]}  # type: ignore[attr-defined]
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


@pytest.mark.parametrize(("rules", "dice"), [("macau", 4), ("us", 3)])
def test_a_live_table_draws_its_rule_sets_dice(client: httpx.Client, rules: str, dice: int) -> None:
    made = ok(client.post("/v1/tables", json={"rules": rules}, headers=OPERATOR), 201)
    tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    for action in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                   {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}):
        ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))
    roll = ok(client.post(f"/v1/tables/{tid}/actions", json={"action": "shake"}, headers=auth))
    drawn = roll["result"]["dice"]
    assert len(drawn) == dice and all(1 <= d <= 6 for d in drawn)
    assert roll["state"]["round"]["first_position"] == (sum(drawn) - 1) % 8


def test_a_us_table_replays_from_its_journal(tmp_path: "object") -> None:
    """A live US table (secure shuffles and three dice, a house way asked for, a foul, the house's
    hand, the bank offered and declined) read back from the journal after a restart: the same
    state, public view and balances."""
    from pathlib import Path

    from paigow.serve.stores import open_journal

    path = str(Path(str(tmp_path)) / "us.db")
    j = open_journal(path)
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
    j2 = open_journal(path)
    try:
        again = j2.table(tid)
        assert (again.view(), again.view(public=True)) == views
        assert again.session.state.history[0].ways[0] is not None
    finally:
        j2.close()


# -- the command ----------------------------------------------------------------------------------
def test_the_command_does_not_import_fastapi_unless_run() -> None:
    code = ("import sys, paigow.cli as c; p = c.build_parser('serve'); "
            "a = p.parse_args(['serve', '--port', '1']); "
            "assert 'fastapi' not in sys.modules and 'uvicorn' not in sys.modules, 'imported'; "
            "print(a.host, a.port, a.db)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["127.0.0.1", "1", "paigow.db"]
    helptext = subprocess.run([sys.executable, "-m", "paigow", "serve", "--help"], capture_output=True, text=True,
                              check=True).stdout
    assert "--db" in helptext and "127.0.0.1" in helptext


def test_service_codes_are_documented() -> None:
    from paigow.serve import errors

    doc = (ROOT / "docs" / "errors.md").read_text()
    codes = {cls.code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.ServiceError)}
    codes |= {"request.invalid", "request.type", "batch.too_large", "route.unknown", "route.method", "internal",
              "action.unknown", "action.argument"}
    for code in codes:
        assert f"`{code}`" in doc, code


def test_action_json_names_every_engine_action() -> None:
    from paigow.serve import models, tables

    import typing

    union = typing.get_args(typing.get_args(models.Action)[0])
    names = {m.model_fields["action"].annotation.__args__[0] for m in union}
    # a bet taken back is a seat's and a deadline has its own route (issue 38): the dealer's actions
    # route answers as it did (tests/test_compat.py)
    deadline = typing.get_args(typing.get_args(models.DeadlineAction)[0])
    assert {m.model_fields["action"].annotation.__args__[0] for m in deadline} == {"set_deadline", "apply_deadline"}
    assert names == set(tables.ACTIONS) - {"withdraw", "set_deadline", "apply_deadline"}
    seat = typing.get_args(typing.get_args(models.SeatAction)[0])
    assert {m.model_fields["action"].annotation.__args__[0] for m in seat} == set(tables.ACTIONS)
    for name, args in tables.ACTIONS.items():
        model = next(m for m in (union if name not in ("withdraw", "set_deadline", "apply_deadline") else seat)
                     if m.model_fields["action"].annotation.__args__[0] == name)
        # the times of a deadline are the service's clock's: "seconds" from now becomes "at", and
        # "now" is the clock's when the dealer applies it (the engine takes both as data)
        given = set(model.model_fields) - {"action", "seconds"} if name == "set_deadline" else set(model.model_fields) - {"action"}
        assert given == set(args) - ({"now"} if name == "apply_deadline" else set()), name
    json.dumps(tables.ACTIONS)
