"""Fish-Prawn-Crab tables through the HTTP API (``/v1/pcc/tables``), on each store: a whole round
with a bet of every kind, the bell, a void roll and the settling roll, settled exactly as
:mod:`pcc` settles it; money balanced; refusals with the engine's codes that change nothing;
exactly-once writes (``?if_seq``); access; the journal replayed across a restart."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pcc
from serve_support import OPERATOR, ThreadServer, err, ok


# a bet of every kind of the layout (Art. 5), by three players
BETS = [
    ("Ana", "small", 100), ("Ana", "big", 100), ("Bo", "figure:crab", 50), ("Bo", "figure:fish", 20),
    ("Chan", "colour1:green", 30), ("Chan", "colour2:green", 40), ("Ana", "colour3:red", 10),
    ("Bo", "colour3:any", 10), ("Chan", "triple:crab", 5), ("Ana", "triple:any", 5),
    ("Bo", "total:11", 25), ("Chan", "total:4", 5), ("Ana", "figure:rooster", 60),
]


def library_code(fn: Any, *args: Any, **kwargs: Any) -> str:
    """The code the library itself raises for this."""
    try:
        fn(*args, **kwargs)
    except pcc.PccError as e:
        return e.code
    raise AssertionError("accepted")  # pragma: no cover


class Dealer:
    """A table's dealer: acts with the token, always against the seq it last saw."""

    def __init__(self, client: httpx.Client, **options: Any) -> None:
        self.c = client
        body = ok(client.post("/v1/pcc/tables", json=options, headers=OPERATOR), 201)
        self.id, self.token, self.state = body["id"], body["token"], body["state"]
        self.auth = {"Authorization": f"Bearer {self.token}"}

    def act(self, **action: Any) -> Any:
        r = self.c.post(f"/v1/pcc/tables/{self.id}/actions", params={"if_seq": self.state["seq"]}, json=action,
                        headers=self.auth)
        body = ok(r)
        assert body["seq"] == self.state["seq"] + 1 and body["action"] == action["action"]
        self.state = body["state"]
        return body["result"]

    def refused(self, status: int, code: str, **action: Any) -> dict[str, Any]:
        before = self.read()
        body = err(self.c.post(f"/v1/pcc/tables/{self.id}/actions", params={"if_seq": before["seq"]}, json=action,
                               headers=self.auth), status, code)
        assert self.read() == before  # nothing changed
        return body

    def read(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/pcc/tables/{self.id}", headers=self.auth))  # type: ignore[no-any-return]


def play_round(d: Dealer, roll: str | None) -> tuple[dict[str, Any], pcc.Round]:
    """The round of BETS with a withdrawal, the bell, a void roll, a bet after it and the roll;
    returns the settle's result and the same round played on the library."""
    rnd = pcc.Round(automatic_bell=False)
    for player, spot, stake in BETS:
        got = d.act(action="place", spot=spot, stake=stake, player=player)
        want = rnd.place(pcc.Bet(spot, stake))
        assert (got["ticket"], got["bet"], got["player"]) == (want.ticket, str(want.bet), player)
    assert d.act(action="withdraw", ticket=2) == {"ticket": 2, "bet": "big=100", "player": "Ana"}
    rnd.withdraw(2)
    assert d.act(action="close_betting") == {"bell": 1, "bets": len(BETS) - 1}
    rnd.close_betting()
    assert d.state["round"]["phase"] == "closed" and not d.state["round"]["can"]["place"]
    assert d.act(action="void_roll", reason="tilted") == {"number": 1, "reason": "tilted", "standing": len(BETS) - 1}
    rnd.void_roll("tilted")
    assert d.state["round"]["phase"] == "betting" and d.state["round"]["voids"][0]["reason"] == "tilted"
    d.act(action="place", spot="big", stake=70, player="Bo")  # new bets after a void (Art. 3.4)
    rnd.place("big=70")
    assert not any(b["withdrawable"] for b in d.state["round"]["bets"])  # none withdrawn after a void
    d.act(action="close_betting")
    rnd.close_betting()
    result = d.act(action="settle", roll=roll) if roll is not None else d.act(action="settle")
    rnd.settle(result["roll"]["text"], source="entered" if roll is not None else "secure")
    return result, rnd


def check_settlement(result: dict[str, Any], rnd: pcc.Round) -> None:
    s = rnd.settlement
    assert s is not None
    assert [(x["ticket"], x["bet"], x["won"], x["odds"], x["paid"], x["returned"], x["net"]) for x in result["lines"]] == [
        (x.ticket, str(x.bet), x.won, x.odds, x.paid, x.returned, x.net) for x in s.lines]
    t = result["totals"]
    assert (t["staked"], t["paid"], t["returned"], t["player_net"], t["house_result"]) == (
        s.staked, s.paid, s.returned, s.player_net, s.house_result)
    assert t["player_net"] + t["house_result"] == 0
    assert sum(result["players"].values()) == s.player_net  # every player's net adds up to the slip's


def test_a_whole_round_is_the_engines(client: httpx.Client) -> None:
    d = Dealer(client)
    assert d.state["game"] == "pcc" and d.state["mode"] == "live" and d.state["ruleset"] == "2004"
    assert d.state["round"]["phase"] == "betting" and d.state["round"]["number"] == 1
    result, rnd = play_round(d, "crab crab fish")
    check_settlement(result, rnd)
    assert result["roll"]["text"] == "fish-crab-crab" and result["voids"] == ["tilted"]
    # the settlement on the library's plain calculation, bet by bet (the withdrawn bet is not on it)
    plain = pcc.settle([f"{s}={k}" for _, s, k in BETS if s != "big"] + ["big=70"], "crab crab fish")
    assert sorted(x.net for x in plain.lines) == sorted(x["net"] for x in result["lines"])
    st = d.state
    assert st["round"]["phase"] == "settled" and st["rounds"] == 1
    assert sum(st["balances"].values()) + st["house"] == 0 and st["house"] == rnd.settlement.house_result  # type: ignore[union-attr]
    ana = sum(x["net"] for x in result["lines"] if x["player"] == "Ana")
    assert st["balances"]["Ana"] == ana == result["players"]["Ana"]
    # the round's record is pcc's own format, and replays to the same round
    kept = ok(client.get(f"/v1/pcc/tables/{d.id}/rounds/1", headers=d.auth))
    assert kept["number"] == 1 and kept["players"]["1"] == "Ana" and "2" not in kept["players"]
    assert pcc.Round.from_record(kept["record"]) == rnd
    assert kept["record"]["settlement"]["totals"]["house_result"] == rnd.settlement.house_result  # type: ignore[union-attr]
    err(client.get(f"/v1/pcc/tables/{d.id}/rounds/2", headers=d.auth), 404, "round.unknown")
    # the next round; its roll shaken by the service, from the secure generator, and journaled as drawn
    assert d.act(action="new_round") == {"round": 2}
    assert d.state["round"]["bets"] == [] and d.state["round"]["phase"] == "betting"
    d.act(action="place", spot="triple:any", stake=10, player="Ana")
    d.act(action="close_betting")
    shaken = d.act(action="settle")
    r = pcc.Roll.parse(shaken["roll"]["text"])
    assert shaken["source"] == "secure" and shaken["seed"] is None
    assert shaken["lines"][0]["net"] == (240 if r.is_triple else -10)
    rows = ok(client.get(f"/v1/tables/{d.id}/journal", headers=OPERATOR))["rows"]
    assert rows[-1]["drawn"] is not None and r == pcc.Roll.parse(__import__("json").loads(rows[-1]["drawn"])["roll"])
    assert all("seed" not in (row["drawn"] or "") for row in rows)
    assert sum(d.state["balances"].values()) + d.state["house"] == 0


def test_refusals_carry_the_engines_code_and_change_nothing(client: httpx.Client) -> None:
    d = Dealer(client)
    lib = pcc.Round(automatic_bell=False)
    d.refused(400, library_code(lib.verify_place, "total:18=5"), action="place", spot="total:18", stake=5, player="A")
    d.refused(400, "stake.not_positive", action="place", spot="big", stake=0, player="A")
    d.refused(400, "stake.max", action="place", spot="big", stake=pcc.MAX_STAKE + 1, player="A")
    d.refused(400, library_code(pcc.Spot.parse, "colour2:any"), action="place", spot="colour2:any", stake=5, player="A")
    d.refused(400, library_code(pcc.Spot.parse, "dragon"), action="place", spot="dragon", stake=5, player="A")
    d.refused(400, "player.name", action="place", spot="big", stake=5, player="   ")
    d.refused(400, library_code(lib.verify_settle, "1-1-1"), action="settle", roll="1 1 1")  # before the bell
    d.refused(400, library_code(lib.verify_void_roll, "stacked"), action="void_roll", reason="stacked")
    d.refused(400, "round.unsettled", action="new_round")
    d.refused(400, "ticket.unknown", action="withdraw", ticket=7)
    d.act(action="place", spot="small", stake=10, player="A")
    d.act(action="close_betting")
    lib.place("small=10")
    lib.close_betting()
    d.refused(400, library_code(lib.verify_place, "big=5"), action="place", spot="big", stake=5, player="A")
    d.refused(400, library_code(lib.verify_close_betting), action="close_betting")
    d.refused(400, library_code(lib.verify_withdraw, 1), action="withdraw", ticket=1)
    d.refused(400, library_code(lib.verify_void_roll, "wobbly"), action="void_roll", reason="wobbly")
    d.refused(400, library_code(lib.verify_settle, "fish crab"), action="settle", roll="fish crab")
    d.act(action="settle", roll="2 2 2")  # small loses on any triple (Art. 7)
    assert d.state["house"] == 10
    d.refused(400, "round.settled", action="place", spot="big", stake=5, player="A")
    d.refused(400, "round.settled", action="settle", roll="1 2 3")
    # the request's own shape: 422
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "place", "spot": "big", "stake": 1.5,
                                                            "player": "A"}, headers=d.auth), 422, "request.invalid")
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "shake"}, headers=d.auth), 422, "request.invalid")


def test_if_seq_makes_every_write_exactly_once(client: httpx.Client) -> None:
    d = Dealer(client)
    url, body = f"/v1/pcc/tables/{d.id}/actions", {"action": "place", "spot": "big", "stake": 5, "player": "A"}
    ok(client.post(url, params={"if_seq": 0}, json=body, headers=d.auth))
    # the same request again (an answer lost, the tap repeated): refused, the bet is not placed twice
    e = err(client.post(url, params={"if_seq": 0}, json=body, headers=d.auth), 409, "table.conflict")
    assert "seq 1" in e["message"]
    st = d.read()
    assert st["seq"] == 1 and len(st["round"]["bets"]) == 1
    ok(client.post(url, params={"if_seq": 1}, json=body, headers=d.auth))
    assert len(d.read()["round"]["bets"]) == 2


def test_access_tokens_games_and_options(client: httpx.Client) -> None:
    err(client.post("/v1/pcc/tables", json={}), 401, "operator.key")
    d = Dealer(client)
    err(client.get(f"/v1/pcc/tables/{d.id}"), 401, "table.token")
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "close_betting"}), 401, "table.token")
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "close_betting"},
                    headers={"Authorization": "Bearer nope"}), 401, "table.token")
    err(client.get("/v1/pcc/tables/0123456789abcdef"), 401, "table.token")  # the same answer as a table one may not read
    assert d.read()["seq"] == 0
    # an operator key reads but does not act
    assert ok(client.get(f"/v1/pcc/tables/{d.id}", headers=OPERATOR))["seq"] == 0
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "close_betting"}, headers=OPERATOR), 401,
        "table.token")
    # each game's endpoints refuse the other's tables
    err(client.get(f"/v1/tables/{d.id}", headers=d.auth), 404, "table.game")
    err(client.post(f"/v1/tables/{d.id}/actions", json={"action": "end_round"}, headers=d.auth), 404, "table.game")
    pg = ok(client.post("/v1/tables", json={"banker": 0}, headers=OPERATOR), 201)
    err(client.get(f"/v1/pcc/tables/{pg['id']}", headers={"Authorization": f"Bearer {pg['token']}"}), 404, "table.game")
    # a public table: anyone reads it, as the dealer does (nothing is face down)
    pub = Dealer(client, public=True)
    pub.act(action="place", spot="figure:crab", stake=5, player="A")
    assert ok(client.get(f"/v1/pcc/tables/{pub.id}")) == pub.read()
    # the 1996 rules: new bets after a void are the house's option
    old = Dealer(client, ruleset="1996", new_bets_after_void=False)
    assert old.state["ruleset"] == "1996" and old.state["regulation"] == "Portaria 21/96/M"
    old.act(action="place", spot="big", stake=5, player="A")
    old.act(action="close_betting")
    old.act(action="void_roll", reason="leaning")
    old.refused(400, "bet.after_void", action="place", spot="big", stake=5, player="A")
    err(client.post("/v1/pcc/tables", json={"new_bets_after_void": False}, headers=OPERATOR), 400,
        "option.new_bets_after_void")
    err(client.post("/v1/pcc/tables", json={"seed": 5}, headers=OPERATOR), 422, "request.invalid")
    # the automatic bell: a roll entered while betting is open rings it first
    auto = Dealer(client, automatic_bell=True)
    auto.act(action="place", spot="small", stake=5, player="A")
    assert auto.act(action="settle", roll="1 2 3")["totals"]["house_result"] == -5
    assert auto.state["round"]["bells"] == 1


def test_closing_a_table(client: httpx.Client) -> None:
    d = Dealer(client)
    d.act(action="place", spot="small", stake=5, player="A")
    err(client.post(f"/v1/tables/{d.id}/close", headers=OPERATOR), 409, "table.round_open")
    d.act(action="close_betting")
    d.act(action="settle", roll="1 2 3")
    closed = ok(client.post(f"/v1/tables/{d.id}/close", headers=OPERATOR))
    assert closed["seq"] == d.state["seq"] + 1
    st = d.read()
    assert st["closed"] == closed["closed"] and st["house"] == -5 and st["round"]["phase"] == "settled"
    err(client.post(f"/v1/pcc/tables/{d.id}/actions", json={"action": "new_round"}, headers=d.auth), 409,
        "table.closed")
    pg = ok(client.post("/v1/tables", json={"banker": 0}, headers=OPERATOR), 201)
    listed = {t["id"]: t for t in ok(client.get("/v1/tables", headers=OPERATOR))["tables"]}
    assert listed[d.id]["game"] == "pcc" and listed[d.id]["closed"] == closed["closed"]   # closed: from its config
    assert listed[pg["id"]]["game"] == "paigow" and listed[pg["id"]]["closed"] is None    # open: from the table


@pytest.mark.parametrize("snapshot_every", [10, 1])
def test_a_restart_replays_every_table(db: str, snapshot_every: int) -> None:
    s = ThreadServer(db, snapshot_every=snapshot_every)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            d = Dealer(c)
            result, rnd = play_round(d, None)  # a shaken roll: replayed from the journal, not drawn again
            check_settlement(result, rnd)
            d.act(action="new_round")
            d.act(action="place", spot="total:9", stake=15, player="Bo")
            before = d.read()
            record = ok(c.get(f"/v1/pcc/tables/{d.id}/rounds/1", headers=d.auth))
    finally:
        s.stop()
    s = ThreadServer(db, snapshot_every=snapshot_every)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            d.c = c
            assert d.read() == before
            assert ok(c.get(f"/v1/pcc/tables/{d.id}/rounds/1", headers=d.auth)) == record
            assert ok(c.get("/v1/health"))["quarantined"] == 0
            d.state = before
            d.act(action="close_betting")
            d.act(action="settle", roll="3 3 3")
            assert d.state["rounds"] == 2 and sum(d.state["balances"].values()) + d.state["house"] == 0
            assert ok(c.get(f"/v1/tables/{d.id}/journal", headers=OPERATOR))["verified"] is True
    finally:
        s.stop()


ACTIONS = st.one_of(
    st.builds(lambda s, k, p: {"action": "place", "spot": s, "stake": k, "player": p},
              st.sampled_from(["small", "big", "figure:crab", "colour2:red", "colour3:any",
                                                       "triple:any", "total:4", "total:18", "三军:蟹", "nothing"]),
              st.integers(-5, pcc.MAX_STAKE + 5), st.sampled_from(["Ana", "Bo", "", " " * 3, "x" * 41])),
    st.builds(lambda n: {"action": "withdraw", "ticket": n}, st.integers(-1, 6)),
    st.just({"action": "close_betting"}),
    st.builds(lambda r: {"action": "void_roll", "reason": r}, st.sampled_from(["stacked", "tilted", "leaning", "x"])),
    st.builds(lambda r: {"action": "settle", "roll": r}, st.sampled_from(["1 2 3", "crab crab crab", "7 7 7", "fish"])),
    st.just({"action": "settle"}),
    st.just({"action": "new_round"}),
)


def test_any_sequence_of_actions_keeps_the_table_whole(client: httpx.Client) -> None:
    """Hypothesis draws sequences of actions, legal and not: no answer is a 500, a refusal changes
    nothing, an accepted action moves seq by one, and the money always balances."""
    d = Dealer(client)

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(ACTIONS, min_size=1, max_size=12))
    def run(actions: list[dict[str, Any]]) -> None:
        for a in actions:
            before = d.read()
            r = client.post(f"/v1/pcc/tables/{d.id}/actions", params={"if_seq": before["seq"]}, json=a, headers=d.auth)
            assert r.status_code in (200, 400, 422), r.text  # 422: the schema refuses it (a 41-character name)
            after = d.read()
            if r.status_code == 200:
                assert after["seq"] == before["seq"] + 1 and r.json()["state"] == after
            else:
                assert after == before and r.json()["code"]
            assert sum(after["balances"].values()) + after["house"] == 0

    run()


def test_a_1996_table_cites_portaria_21_96_m_on_every_path(client: httpx.Client) -> None:
    # issue 31: the service's 1996 table built bets outside the round's checks, so its refusals
    # cited Despacho 59/2004; every path cites the rule set in force, with the library's code
    d = Dealer(client, ruleset="1996")
    for spot, code in (("total:18", "total.range"), ("colour2:purple", "colour.unknown"),
                       ("triple:dragon", "figure.unknown")):
        body = d.refused(400, code, action="place", spot=spot, stake=5, player="Ana")
        assert "Portaria 21/96/M" in body["message"] and "59/2004" not in body["message"], body
        lib = pcc.Round(ruleset="1996")
        assert library_code(lib.place, f"{spot}=5") == code
    # the 2004 table still cites Despacho 59/2004
    body = Dealer(client).refused(400, "total.range", action="place", spot="total:18", stake=5, player="Ana")
    assert "59/2004" in body["message"]
