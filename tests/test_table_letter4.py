"""The table to the letter, part 4 (issue 31; docs/rules.md §1.6-1.8): holders are chosen as a
whole. Each finding has a test that failed before its fix, on the library and its records (the
same code on both paths)."""

from __future__ import annotations

import json
from typing import Any

from paigow.table import Round
from paigow.table.records import replay_round, round_record
from paigow.table.positions import holders
from paigow.table.settlement import Bet

HANDS = {0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3", 2: "天 天 地 地", 4: "红头 红头 板櫈 板櫈"}


def json_copy(x: Any) -> Any:
    return json.loads(json.dumps(x))


def balanced(res: Any) -> None:
    assert sum(res.ledger.changes.values()) + res.ledger.commission == 0


# -- 1. a sit-out never makes a position stand off while an assignment can hold it ------------------------
def test_after_a_sit_out_every_position_that_can_be_held_is_held() -> None:
    # bob holds 2 alone and backs 1 (ann 300, bob 200, cy 100); ann also backs 4, where two tiles
    # are exposed: she sits out. Before the fix bob took 1 and 2 stood off ("sat-out at 2: 300
    # returned to bob"); cy may hold 1 and bob 2.
    r = Round(0, seed=2)
    r.set_stake(2000)
    for p, amount, who in [(2, 300, "bob"), (1, 300, "ann"), (1, 200, "bob"), (1, 100, "cy"),
                           (4, 200, "dan"), (4, 100, "ann")]:
        r.bet(p, amount, who)
    assert r.holders() == {1: "ann", 2: "bob", 4: "dan"}
    r.deal(HANDS)
    r.expose(4)
    r.expose(4)
    assert r.sitting_out == {"ann", "dan"}
    assert r.holders() == {1: "cy", 2: "bob"} and r.active == (1, 2) and r.unheld == ()
    r.set_hand(1, 0, by="cy")
    r.set_hand(2, 0, by="bob")
    r.set_hand(0, 0)
    res = r.settle()
    lines = [str(x) for x in res.ledger.lines]
    assert not any("sat-out at 2" in x for x in lines) and res.outcomes[2] is not None
    assert any(x.endswith("sat-out at 1: 300 returned to ann") for x in lines)
    balanced(res)
    # its record replays to the same holders and result
    again = replay_round(json_copy(round_record(r)))
    assert again.holders() == {1: "cy", 2: "bob"} and again.result == res


def test_holders_keep_those_as_they_were_then_betting_order() -> None:
    bets = [Bet(1, "ann", 300), Bet(1, "bob", 200), Bet(1, "cy", 100), Bet(2, "bob", 300)]
    assert holders(0, bets) == {1: "ann", 2: "bob"}
    assert holders(0, bets, excluded=["ann"]) == {1: "cy", 2: "bob"}
    # nobody may hold both of ann's positions: the one she held stays hers
    assert holders(0, [Bet(3, "ann", 100), Bet(1, "ann", 200)]) == {1: None, 3: "ann"}


# -- 2. a lawful bet is never refused for want of a holder ----------------------------------------------
def test_a_bet_is_accepted_when_some_assignment_holds_every_position() -> None:
    # ann holds 2 alone (300), bob bets 100 on 1; ann's later 300 on 1 was refused bet.no_holder,
    # though bob may hold 1 while ann holds 2
    r = Round(0, seed=2)
    r.set_stake(2000)
    r.bet(2, 300, "ann")
    r.bet(1, 100, "bob")
    assert r.can_bet(1, 300, "ann")
    r.bet(1, 300, "ann")
    assert r.holders() == {1: "bob", 2: "ann"}
    # and the record of it replays
    r.shuffle()
    r.shake()
    r.deal()
    again = replay_round(json_copy(round_record(r)))
    assert again.holders() == {1: "bob", 2: "ann"}


# -- 3. a sit-out lasts the round, across void deals -----------------------------------------------------
def sat_out_then_void() -> Round:
    # ann backs 3 (behind cy) and holds 1; two of position 3's tiles are exposed: ann sits out;
    # then two of the banker's void the deal, and the round is dealt again
    r = Round(0, seed=5)
    r.set_stake(2000)
    r.co_bank(5, 400)
    for p, amount, who in [(1, 300, "ann"), (3, 200, "cy"), (3, 100, "ann"), (2, 100, "bob"), (3, 50, "P5")]:
        if r.can_bet(p, amount, who):
            r.bet(p, amount, who)
    r.shuffle()
    r.shake()
    r.deal()
    d = r.deal_record.deal
    assert d is not None
    r.expose(3, d.hands[3][0])
    r.expose(3, d.hands[3][1])
    assert "ann" in r.sitting_out
    r.expose(0, d.hands[0][0])
    r.expose(0, d.hands[0][1])          # two of the banker's: the deal is void
    assert len(r.state.void_deals) == 1
    return r


def test_a_void_deal_does_not_lift_a_sit_out() -> None:
    r = sat_out_then_void()
    # before the fix the re-deal brought ann back: she played position 1 and was paid
    assert "ann" in r.sitting_out and "cy" in r.sitting_out and 3 in r.exposed_out
    r.shuffle()
    r.shake()
    r.deal()
    assert "ann" in r.sitting_out and 1 not in r.active and 3 not in r.active
    for p in r.active:
        r.set_hand(p, 0, by=r.holder(p))
    r.set_hand(0, 0)
    res = r.settle()
    assert res.outcomes[1] is None and res.outcomes[3] is None
    ann = [x for x in res.ledger.lines if "ann" in (x.payer, x.payee)]
    assert ann and all(x.payer == x.payee for x in ann)   # every one of her bets returned
    assert res.ledger.changes.get("ann", 0) == 0
    # P5 co-banks and backs 3: he sits out, and his share stays out of the bank in the re-deal
    assert [x.party for x in res.shares] == ["P0"] and res.ledger.bank == 2000
    assert res.ledger.changes.get("P5", 0) == 0
    balanced(res)
    again = replay_round(json_copy(round_record(r)))
    assert again.result == res and "ann" in again.sitting_out


# -- 4. a setting the house way made never gives a claim -------------------------------------------------
def test_a_hand_the_house_way_set_gives_no_claim() -> None:
    # at a live US table ann holds 1 (300; bob backs 100) and places a foul; the house way sets
    # 4-4 2-3 | 1-1 2-5, which loses where both other splits push: before the fix the ledger said
    # "ann owes bob 100" (a claim between players for a setting ann did not make)
    from paigow.rules import US

    r = Round(0, rules=US, seed=1, live=True)
    r.set_stake(5000)
    r.bet(1, 300, "ann")
    r.bet(1, 100, "bob")
    r.deal({0: "3-4 1-1 3-3 4-4", 1: "1-1 4-4 2-5 2-3"})
    got = r.set_hand(1, "1-1 4-4 | 2-5 2-3", "ann")          # a foul: re-set by the house way
    assert str(got) == "4-4 2-3 | 1-1 2-5" and r.ways[1] is not None and r.ways[1].why == "foul"
    res = r.settle()
    assert int(res.outcomes[1]) == -1 and res.ledger.claims == ()  # type: ignore[arg-type]
    balanced(res)
    # asked for the house way: no claim either
    r2 = Round(0, rules=US, seed=1, live=True)
    r2.set_stake(5000)
    r2.bet(1, 300, "ann")
    r2.bet(1, 100, "bob")
    r2.deal({0: "3-4 1-1 3-3 4-4", 1: "1-1 4-4 2-5 2-3"})
    r2.house_way(1, "ann")
    res2 = r2.settle()
    assert int(res2.outcomes[1]) == -1 and res2.ledger.claims == ()  # type: ignore[arg-type]
    # a setting ann made herself, losing where another split pushes, still gives the claim
    r3 = Round(0, rules=US, seed=1, live=True)
    r3.set_stake(5000)
    r3.bet(1, 300, "ann")
    r3.bet(1, 100, "bob")
    r3.deal({0: "3-4 1-1 3-3 4-4", 1: "1-1 4-4 2-5 2-3"})
    r3.set_hand(1, "4-4 2-3 | 1-1 2-5", "ann")
    res3 = r3.settle()
    assert [str(c) for c in res3.ledger.claims] and res3.ledger.claims[0].amount == 100


# -- 5. a bet that sat out is no bet, for any effect ------------------------------------------------------
def test_a_declined_bank_never_passes_to_a_player_whose_bets_all_sat_out() -> None:
    from paigow.table import Session
    from paigow.table.records import replay_session, session_record

    s = Session(banker=0, seed=5)
    r = s.start_round(1000)
    r.bet(1, 100, "P1")
    r.bet(3, 200, "P3")
    r.bet(3, 100, "P2")                 # P2 backs 3 only
    r.bet(5, 100, "P5")
    r.shuffle()
    r.shake()
    r.deal()
    d = r.deal_record.deal
    assert d is not None
    r.expose(3, d.hands[3][0])
    r.expose(3, d.hands[3][1])          # P3 and P2 sit out
    res = r.settle("max-back")
    assert res.played_by == {"P1", "P5"}
    s.end_round()
    s.pass_bank()
    assert s.offer == 1
    # before the fix P2, whose only bet sat out, was offered the bank as "having bet" (Art. 4.3)
    assert s.decline().to == 5
    assert replay_session(json_copy(session_record(s))) == s


def test_a_us_offer_goes_to_a_player_who_played_not_one_who_sat_out() -> None:
    from paigow.rules import US
    from paigow.table import Session

    s = Session(0, rules=US, seed=4, house_stake=5000)
    r = s.start_round()
    r.bet(2, 100, "P2")                 # P2 plays
    r.bet(1, 200, "P1")
    r.shuffle()
    r.shake()
    r.deal()
    d = r.deal_record.deal
    assert d is not None
    r.expose(1, d.hands[1][0])
    r.expose(1, d.hands[1][1])          # P1's only bet sits out
    res = r.settle("max-back")
    assert res.played_by == {"P2"}
    s.end_round()
    # before the fix the bank was offered to P1 (next in turn, "having played")
    assert s.offer == 2


# -- 7. a record names its rule set in full, and every rule set the docs show replays ------------------------
def test_records_of_the_4_76_percent_us_game_replay_everywhere(capsys: "Any", monkeypatch: "Any") -> None:
    import io
    import sys
    from fractions import Fraction

    from paigow.cli import main
    from paigow.rules import US, RuleSet
    from paigow.table import Session
    from paigow.table.records import replay_session, session_record

    us476 = US.replace(name="us-4.76", commission=Fraction(1, 21))   # as docs/rules.md §3 shows it
    s = Session(0, rules=us476, seed=4, house_stake=5000)
    r = s.start_round()
    r.bet(1, 100)
    r.bet(2, 300)
    r.shuffle()
    r.shake()
    r.deal()
    res = r.settle("max-back")
    s.end_round()
    record = json_copy(session_record(s))
    # before the fix: "rules": "us-4.76", and every replay refused "unknown rule set"
    assert record["rules"]["name"] == "us-4.76" and record["rules"]["commission"] == "1/21"
    assert RuleSet.from_json(record["rules"]) == us476
    again = replay_session(record)
    assert again.rules == us476 and again.state.history[-1] == res
    rrec = json_copy(round_record(r))
    assert replay_round(rrec).result == res
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(rrec)))
    assert main(["settle", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == rrec["rules"] and out["result"] == rrec["result"]
    # a registered rule set is still written by its name, as before
    assert round_record(Round(0, rules=US))["rules"] == "us"
    # and a record may not give a registered name other fields
    forged = json_copy(rrec)
    forged["rules"] = {**forged["rules"], "name": "us"}
    from paigow.errors import InvalidRecordError
    import pytest
    with pytest.raises(InvalidRecordError) as e:
        replay_round(forged)
    assert e.value.code == "record.invalid"


# -- 6. the declaration before the shake (Art. 4.4, docs/rules.md §1.7) -------------------------------------
def test_a_live_shake_waits_for_the_declaration_and_a_simulation_declares_its_own() -> None:
    import pytest

    from paigow.errors import IllegalActionError
    from paigow.table import Session
    from paigow.table.records import replay_session, session_record
    from paigow.table.round import SIMULATED_DECLARATION, simulated_round

    r = Round(0, seed=3, live=True)
    r.set_stake(1000)
    r.bet(1, 100)
    r.shuffle()
    with pytest.raises(IllegalActionError) as e:
        r.shake()
    assert e.value.code == "shake.undeclared" and "Art. 4.4" in str(e.value)
    assert r.phase.value == "betting" and r.state.current.shakes == ()     # nothing changed
    r.declare("from the first stack")
    r.shake()
    r.deal()
    assert r.declared == "from the first stack"
    # the record says so, and a record whose shake comes first is refused on replay
    rec = json_copy(round_record(r))
    assert rec["declare_first"] is True and replay_round(rec).declared == "from the first stack"
    bad = json_copy(rec)
    bad["events"] = [x for x in bad["events"] if x["event"] != "declare"]
    with pytest.raises(Exception) as e2:
        replay_round(bad)
    assert getattr(e2.value, "code", None) == "shake.undeclared"
    # a record written before the rule was kept (no key) replays its shakes as written
    old = json_copy(bad)
    del old["declare_first"]
    assert replay_round(old).declared is None
    # a simulation declares its method itself, in its record
    sim = simulated_round(5)
    assert not sim.live and sim.declared == SIMULATED_DECLARATION
    assert [x["event"] for x in round_record(sim)["events"]].index("declare") < \
        [x["event"] for x in round_record(sim)["events"]].index("shake")
    # the US game, banked by the house, has no declaration to wait for (§3.1)
    u = Round(0, rules="us", seed=3, live=True)
    u.set_stake(1000)
    u.bet(1, 100)
    u.shuffle()
    u.shake()
    # a live session's rounds wait for it too, and its record replays
    s = Session(0, seed=4, live=True)
    sr = s.start_round(1000)
    sr.bet(1, 100)
    sr.shuffle()
    with pytest.raises(IllegalActionError):
        sr.shake()
    sr.declare("from the banker's stack")
    sr.shake()
    srec = json_copy(session_record(s))
    assert srec["declare_first"] is True and replay_session(srec).round is not None
