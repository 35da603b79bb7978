"""The US table (docs/rules.md §3.1, docs/dealer.md): the house banks by default and sets its hand
by the house way, with the rule that decided it; a player may ask for the house way; a fouled
hand is re-set by the house way; three dice counted from the banker; the bank covers every bet;
the bank offered in turn to a player who played the last hand against the house, alone or with
the house half and half; commission on every win; records that name the rule set and replay.
Each test fails if its rule is broken."""

from __future__ import annotations

import json
from typing import Any

import pytest
from record_schemas import every_record_matches_its_schema  # noqa: F401  (every record checked)

from paigow.errors import IllegalActionError, IllegalBetError, IllegalHandError, InvalidRecordError
from paigow.hands import Hand
from paigow.houseway import FOXWOODS
from paigow.rules import MACAU, US
from paigow.setting import Outcome, Setting
from paigow.table import Round, Session
from paigow.table.events import WaySet
from paigow.table.positions import HOUSE
from paigow.table.records import (
    replay_round,
    replay_session,
    round_from_state_json,
    round_record,
    round_state_json,
    session_from_state_json,
    session_record,
    session_state_json,
)
from paigow.table.settlement import Share

BANKER = "5-5 4-4 3-3 2-5"      # the house way: 4-4 2-5 | 5-5 3-3, "other hands: max low"
FOUL = "6-6 6-6 4-4 1-2"        # Pair of Teen in front of Yun with Gee Joon fouls; the way splits the Teens


def us_round(hands: dict[int, str] | None = None, *, live: bool = False, **bets: int) -> Round:
    """A US round, the house banking at 0, bets placed and the tiles entered."""
    r = Round(0, rules=US, seed=1, live=live)
    r.set_stake(1000)
    for p, amount in (bets or {"1": 100}).items():
        r.bet(int(p.strip("p")), amount)
    r.deal(hands or {0: BANKER, 1: "6-6 6-6 1-1 1-1"})
    return r


# -- the house banks ------------------------------------------------------------------------------
def test_the_house_banks_a_us_table_by_default_and_a_macau_position_banks() -> None:
    us = Round(0, rules=US)
    assert us.house_banks and us.banker_party == HOUSE and us.set_stake(500) == Share(HOUSE, 500)
    assert us.shares == (Share(HOUSE, 500),) and us.decider == HOUSE
    macau = Round(0)
    assert not macau.house_banks and macau.banker_party == "P0" and not macau.way_sets_banker
    assert Session(0, rules=US).house_banks and not Session(0).house_banks
    assert not Round(3, rules=US, house_banks=False).house_banks      # a player banks (the bank offered)
    with pytest.raises(IllegalActionError) as e:
        Round(0, rules=MACAU, house_banks=True)                       # no house way to set its hand
    assert e.value.code == "house_way.none"


@pytest.mark.parametrize("live", [False, True])
def test_the_houses_hand_is_set_by_the_house_way_with_its_rule(live: bool) -> None:
    r = us_round(live=live)
    assert r.way_sets_banker
    with pytest.raises(IllegalActionError) as e:
        r.house_way(0)                                 # the house sets after every player (Art. 8.1)
    assert e.value.code == "setting.banker_first"
    r.set_hand(1, 0)
    with pytest.raises(IllegalActionError) as e:
        r.set_hand(0, "4-4 2-5 | 5-5 3-3")            # not by hand, not even the way's own setting
    assert e.value.code == "setting.house_way"
    res = r.settle()                                   # the house's procedure, at a live table too
    want = FOXWOODS.set(BANKER)
    assert res.settings[0] == want.setting == Setting.parse("4-4 2-5 | 5-5 3-3")
    assert res.ways[0] == WaySet(0, want.setting, "other hands: max low", "foxwoods", "house")
    assert r.state.ways[0] == res.ways[0] and r.ways[0] is not None and res.house_banks
    assert res.strategies[0] is None                   # not a strategy: the house way
    events = round_record(r)["events"]
    assert events[-3:] == [
        {"event": "turn"},
        {"event": "house_way", "position": 0, "why": "house", "by": None, "placed": None,
         "setting": "4-4 2-5 | 5-5 3-3", "rule": "other hands: max low", "way": "foxwoods"},
        {"event": "settle"}]
    banker = round_record(r)["result"]["positions"][0]
    assert banker["house_way"] == {"rule": "other hands: max low", "why": "house", "way": "foxwoods"}


def test_the_house_way_may_be_asked_for_the_house_hand_before_settling() -> None:
    r = us_round()
    r.set_hand(1, 0)
    ws = r.house_way(0)
    assert ws.why == "house" and ws.setting == FOXWOODS.set(BANKER).setting and r.turned
    assert not r.can_house_way(0)                      # once (Art. 8.2)
    assert r.settle().ways[0] == ws


# -- a player asks for the house way --------------------------------------------------------------
def test_a_player_may_ask_for_the_house_way() -> None:
    r = Round(0, rules=US, seed=1)
    r.set_stake(1000)
    r.bet(1, 100, "ann"), r.bet(1, 50, "bob"), r.bet(2, 100)
    r.deal({0: BANKER, 1: "1-3 1-3 2-2 5-6", 2: "6-6 6-6 1-1 1-1"})
    assert not r.can_house_way(1, "bob")               # only the holder asks (Art. 7.1)
    ws = r.house_way(1, "ann")
    assert (ws.setting, ws.rule, ws.why, ws.by) == (FOXWOODS.set("1-3 1-3 2-2 5-6").setting,
                                                     "pair A: never split 4s", "asked", "ann")
    assert r.state.settings[1] == ws.setting and r.ways[1] == ws
    r.set_hand(1, 0, "ann")                            # she may re-arrange until the house turns a tile
    assert r.ways[1] is None
    r.house_way(1)                                     # the holder not named: the dealer records the ask
    r.set_hand(2, 1)
    r.turn()
    assert not r.can_house_way(1, "ann")               # after the turn no setting changes (Art. 8.2)
    res = r.settle()
    assert res.ways[1] is not None and res.ways[1].why == "asked" and res.ways[2] is None
    assert res.plays[0].by_strategy is True            # set by the house way, though asked: no claim (§1.8)
    again = replay_round(json.loads(json.dumps(round_record(r))))
    assert again == r and again.result == res


def test_macau_names_no_house_way() -> None:
    r = Round(0, seed=1)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: BANKER, 1: FOUL})
    with pytest.raises(IllegalActionError) as e:
        r.house_way(1)
    assert e.value.code == "house_way.none"


# -- fouls ----------------------------------------------------------------------------------------
def test_a_fouled_hand_is_re_set_by_the_house_way_and_recorded_as_a_foul() -> None:
    r = us_round({0: BANKER, 1: FOUL}, live=True)
    got = r.set_hand(1, "6-6 6-6 | 4-4 1-2", "P1")     # Pair of Teen in front of Yun 4: a foul
    want = FOXWOODS.set(FOUL)
    assert got == want.setting == Setting.parse("6-6 1-2 | 6-6 4-4")
    way = r.ways[1]
    assert way is not None and (way.why, way.rule, way.by) == ("foul", "pair C: split 2s/12s", "P1")
    assert way.placed == (Hand("6-6", "6-6"), Hand("4-4", "1-2"))
    ev = round_record(r)["events"][-1]
    assert ev == {"event": "house_way", "position": 1, "why": "foul", "by": "P1", "placed": "6-6 6-6 | 4-4 1-2",
                  "setting": "6-6 1-2 | 6-6 4-4", "rule": "pair C: split 2s/12s", "way": "foxwoods"}
    r.set_hand(1, "6-6 1-2 | 6-6 4-4")                 # placed the right way round: his own setting
    assert r.ways[1] is None and r.state.settings[1] == Setting.parse("6-6 1-2 | 6-6 4-4")
    assert r.set_hand(1, "6-6 4-4 | 6-6 1-2") == want.setting     # Teen Gong in front of Teen 8: a foul too
    assert r.ways[1] is not None and r.ways[1].why == "foul"
    r.set_hand(1, "6-6 6-6 | 4-4 1-2")
    res = r.settle()
    assert res.ways[1] is not None and res.ways[1].why == "foul"
    assert replay_round(round_record(r)) == r


def test_macau_arranges_the_same_placement_and_nothing_fouls() -> None:
    r = Round(0, seed=1)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: BANKER, 1: FOUL})
    assert r.set_hand(1, "6-6 6-6 | 4-4 1-2") == Setting.parse("4-4 1-2 | 6-6 6-6") and r.ways[1] is None


def test_a_replayed_foul_that_does_not_foul_is_refused() -> None:
    r = us_round({0: BANKER, 1: FOUL})
    r.set_hand(1, "6-6 6-6 | 4-4 1-2")
    rec = round_record(r)
    rec["events"][-1]["placed"] = "6-6 1-2 | 6-6 4-4"   # not a foul: the table sets it as placed
    with pytest.raises(InvalidRecordError, match="is not what the table does") as e:
        replay_round(rec)
    assert e.value.code == "record.house_way"


# -- three dice -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("banker", "dice", "first"), [
    (0, (3, 3, 3), 0), (0, (6, 6, 5), 0), (0, (4, 3, 3), 1), (0, (6, 6, 6), 1), (0, (1, 1, 1), 2),
    (5, (3, 3, 3), 5), (5, (5, 3, 2), 6), (5, (1, 1, 2), 0), (3, (2, 3, 4), 3), (3, (2, 2, 4), 2),
])
def test_three_dice_count_from_the_banker_9_and_17_to_the_banker(banker: int, dice: tuple[int, ...],
                                                                 first: int) -> None:
    r = Round(banker, rules=US, seed=1)
    r.set_stake(1000)
    r.shuffle()
    assert not r.can_shake((1, 2, 3, 4))
    assert r.shake(dice).total == sum(dice) and r.first_position == first
    assert r.deal().first == first


def test_a_simulated_us_round_shakes_three_dice() -> None:
    for seed in range(10):
        r = Round(0, rules=US, seed=seed)
        r.set_stake(1000)
        r.shuffle()
        roll = r.shake()
        assert len(roll.dice) == 3 and r.first_position == (sum(roll.dice) - 1) % 8


# -- the bank covers every bet --------------------------------------------------------------------
def test_the_bank_covers_every_bet() -> None:
    r = Round(0, rules=US)
    r.set_stake(300)
    r.bet(1, 200)
    r.bet(2, 100)
    with pytest.raises(IllegalBetError) as e:
        r.bet(3, 1)
    assert e.value.code == "bet.uncovered" and r.bets == r.bets[:2]
    with pytest.raises(IllegalBetError) as e:
        r.set_stake(299)
    assert e.value.code == "stake.uncovered"
    r.set_stake(301)
    r.bet(3, 1)
    macau = Round(0)
    macau.set_stake(300)
    macau.bet(1, 5000)                                  # Macau: the cap of Art. 4.5 bites instead


# -- settlement -----------------------------------------------------------------------------------
def test_commission_on_every_win_and_the_banks_net_win_rounded_as_the_rules_say() -> None:
    for rules, win_fee in ((US, 2), (US.replace(name="us-floor", rounding="floor"), 1)):
        r = Round(0, rules=rules, seed=1)
        r.set_stake(1000)
        r.bet(1, 30)                                   # wins: 5% of 30 is 1.5
        r.bet(2, 50, "ann")                            # loses
        r.deal({0: BANKER, 1: "6-6 6-6 1-1 1-1", 2: "2-3 1-4 1-5 4-6"})
        r.set_hand(1, 0)
        r.set_hand(2, 2, "ann")
        res = r.settle()
        led = res.ledger
        assert res.outcomes[1] is Outcome.WIN and res.outcomes[2] is Outcome.LOSE
        fees = [x.amount for x in led.lines if x.kind.value == "commission"]
        bank_net = 50 - 30                              # the bank's net win; the house banks alone:
        assert fees == [win_fee] and led.commission == win_fee and led.bank_commission == 0   # none to itself
        assert led.changes == {HOUSE: bank_net, "P1": 30 - win_fee, "ann": -50}
        assert sum(led.changes.values()) + led.commission == 0


def test_a_player_bank_pays_commission_on_its_net_win() -> None:
    r = Round(0, rules=US, seed=1, house_banks=False)
    assert r.banker_party == "P0"
    r.set_stake(1000)
    r.bet(1, 30)
    r.bet(2, 50, "ann")
    r.deal({0: BANKER, 1: "6-6 6-6 1-1 1-1", 2: "2-3 1-4 1-5 4-6"})
    r.set_hand(1, 0)
    r.set_hand(2, 2, "ann")
    r.set_hand(0, "4-4 2-5 | 5-5 3-3")                  # a player banking alone sets his own hand, last
    led = r.settle().ledger
    fees = [x.amount for x in led.lines if x.kind.value == "commission"]
    assert fees == [2, 1] and led.bank_commission == 1   # 5% of 30 half up; 5% of the bank's 20
    assert led.changes == {"P0": 20 - 1, "P1": 28, "ann": -50}
    assert sum(led.changes.values()) + led.commission == 0


# -- the bank offered in turn (a Session) ----------------------------------------------------------
def play(s: Session, stake: int | None, bets: dict[int, int]) -> None:
    r = s.start_round(stake)
    for p, a in bets.items():
        r.bet(p, a)
    r.shuffle(), r.shake(), r.deal()
    for p in r.active:
        r.set_hand(p, 0)
    if not r.way_sets_banker:
        r.set_hand(r.banker, 0)
    res = r.settle()
    assert sum(res.ledger.changes.values()) + res.ledger.commission == 0
    s.end_round()


def test_the_bank_is_offered_in_turn_to_a_player_who_played_against_the_house() -> None:
    s = Session(0, rules=US, seed=4, live=True, house_stake=5000)
    play(s, None, {3: 100, 5: 100})                    # the house's stake for the table
    assert (s.banker, s.offer, s.house_banks) == (None, 3, False)   # 1 and 2 did not play
    turn = s.decline()
    assert str(turn) == "3 declines; the house banks at 0"
    assert (s.banker, s.house_banks, s.offer) == (0, True, None)
    play(s, 2000, {1: 100, 3: 100})
    assert s.offer == 1                                 # the turn goes round from 3: 4-7 did not play, then 1
    with pytest.raises(IllegalActionError) as e:
        s.start_round(100)
    assert e.value.code == "session.bank_offered"
    assert str(s.accept()) == "1 takes the bank"
    r = s.start_round(300)
    assert (r.banker, r.banker_party, r.house_banks, r.shares) == (1, "P1", False, (Share("P1", 300),))
    assert not r.way_sets_banker                        # banking alone, he sets his own hand
    r.bet(3, 300)
    assert not r.can_bet(4, 1)                          # he covers every bet, no more
    r.shuffle(), r.shake(), r.deal(), r.set_hand(3, 0), r.set_hand(1, 1)
    r.settle()
    s.end_round()
    assert (s.banker, s.house_banks, s.offer) == (0, True, None)   # back to the house; nobody played it
    play(s, None, {2: 100, 3: 100})
    assert s.offer == 2                                 # after 1, the last one offered
    with pytest.raises(IllegalActionError) as e:
        Session(0, rules=US).pass_bank()
    assert e.value.code == "session.house_bank"
    assert replay_session(session_record(s)) == s


def test_a_player_may_co_bank_with_the_house_half_each_his_hand_set_by_the_house_way() -> None:
    s = Session(0, rules=US, seed=7)
    play(s, 1000, {2: 100, 6: 200})
    assert s.offer == 2
    assert str(s.accept(with_house=True)) == "2 takes the bank with the house, half each"
    r = s.start_round(150)
    assert r.shares == (Share("P2", 150), Share(HOUSE, 150)) and r.bank == 300 and r.way_sets_banker
    r.bet(6, 300)
    assert not r.can_bet(5, 1)
    r.shuffle(), r.shake(), r.deal()
    assert not r.can_set_hand(2, 0) and r.can_set_hand(6, 0)
    r.set_hand(6, 0)
    res = r.settle()
    hand = res.deal.hands[2]
    assert hand is not None and res.ways[2] is not None and res.ways[2].why == "house"
    assert res.settings[2] == FOXWOODS.set(hand).setting
    led = res.ledger
    assert led.changes["P2"] - led.changes[HOUSE] in (-1, 0, 1)    # the result split half and half
    assert sum(led.changes.values()) + led.commission == 0
    s.end_round()
    assert s.house_banks and not s.with_house
    again = replay_session(json.loads(json.dumps(session_record(s))))
    assert again == s and session_record(again) == session_record(s)


def test_a_co_banking_player_covers_half() -> None:
    r = Round(3, rules=US, house_banks=False, house_stake=500)
    r.set_stake(400)
    with pytest.raises(IllegalActionError) as e:
        r.shake((1, 2, 3))
    assert e.value.code == "co_bank.half"
    with pytest.raises(IllegalActionError) as e:
        r.co_bank(1, 100)
    assert e.value.code == "co_bank.rules"
    r.set_stake(500)
    assert r.shake((1, 2, 3)).total == 6


def test_macau_bank_rotation_is_as_it_was() -> None:
    s = Session(0, seed=1)
    play(s, 1000, {3: 100})
    assert s.banker == 0 and s.offer is None           # Macau: the banker goes on (Art. 4.1)
    assert str(s.pass_bank()) == "0 passes; the turn to bank goes to 1"
    assert not s.can_accept(with_house=True)
    assert str(s.decline()) == "1 declines; the turn to bank goes to 3"


# -- records ----------------------------------------------------------------------------------------
def test_a_us_round_record_names_its_rules_and_replays_exactly() -> None:
    r = us_round({0: BANKER, 1: FOUL, 2: "1-3 1-3 2-2 5-6"}, live=True, p1=100, p2=50)
    r.set_hand(1, "6-6 6-6 | 4-4 1-2")
    r.house_way(2)
    r.settle()
    record = json.loads(json.dumps(round_record(r)))
    assert record["rules"] == "us" and "house_banks" not in record     # the rule set's default
    again = replay_round(record)
    assert again == r and again.result == r.result and round_record(again) == record
    twin = round_from_state_json(round_state_json(r))
    assert twin == r
    player = Round(3, rules=US, house_banks=False, seed=2)
    player.set_stake(500)
    rec = round_record(player)
    assert rec["house_banks"] is False and replay_round(rec) == player


def test_a_us_session_record_replays_exactly() -> None:
    s = Session(0, rules=US, seed=9)
    play(s, 1000, {1: 100, 4: 100})
    s.accept(with_house=True)
    play(s, 200, {4: 100})
    play(s, 1000, {4: 100})
    s.decline()
    record = json.loads(json.dumps(session_record(s)))
    assert record["rules"] == "us"
    assert [e["event"] for e in record["events"]] == ["round", "end_round", "co_bank", "round", "end_round",
                                                      "round", "end_round", "decline"]
    again = replay_session(record)
    assert again == s and session_record(again) == record
    assert session_from_state_json(session_state_json(s)) == s


OLD_MACAU: dict[str, Any] = {   # a round record as written before the US table: 4 dice, no house way
    "format": "paigow-round/1", "rules": "macau", "banker": 0, "live": True,
    "players": ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"],
    "options": {"commission": "1/20", "rounding": "half-up"},
    "events": [
        {"event": "stake", "amount": 1000}, {"event": "co_bank", "party": "house", "stake": 500},
        {"event": "bet", "position": 1, "bettor": "ann", "amount": 200},
        {"event": "bet", "position": 3, "bettor": "P3", "amount": 200},
        {"event": "shake", "dice": [3, 5, 6, 2], "void": None},
        {"event": "deal", "hands": {"0": "5-5 4-4 3-3 2-5", "1": "1-6 1-4 4-5 1-3", "3": "6-6 6-6 1-1 1-1"}},
        {"event": "set", "position": 1, "setting": "1-6 1-4 | 1-3 4-5", "by": "ann", "strategy": None},
        {"event": "set", "position": 3, "setting": "1-1 1-1 | 6-6 6-6", "by": None, "strategy": None},
        {"event": "turn"},
        {"event": "set", "position": 0, "setting": "3-3 2-5 | 4-4 5-5", "by": None, "strategy": None},
        {"event": "settle"},
    ],
}


def test_an_old_macau_record_still_reads() -> None:
    r = replay_round(OLD_MACAU)
    assert r.rules is MACAU and not r.house_banks and r.ways == (None,) * 8
    res = r.result
    assert res is not None and res.ledger.changes == {"P0": 0, "house": 0, "ann": -200, "P3": 190}
    written = round_record(r)
    assert written["events"] == OLD_MACAU["events"] and "house_banks" not in written
    assert all("house_way" not in p for p in written["result"]["positions"])
    assert replay_round(written) == r                  # with its result, as written today


def test_a_foul_without_a_house_way_is_refused() -> None:
    strict = MACAU.replace(name="strict", high_at_least_low=True)   # the rule, and no house way
    r = Round(0, rules=strict, seed=1)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: BANKER, 1: FOUL})
    with pytest.raises(IllegalHandError, match="foul") as e:
        r.set_hand(1, "6-6 6-6 | 4-4 1-2")
    assert e.value.code == "setting.foul" and r.state.settings[1] is None
    assert r.set_hand(1, "4-4 1-2 | 6-6 6-6") == Setting.parse("4-4 1-2 | 6-6 6-6")
