"""The table to the letter of the regulation (docs/rules.md §1.6-1.8): each rule with a test
that fails if the rule is broken."""

from __future__ import annotations

from typing import Any

import pytest
from record_schemas import every_record_matches_its_schema  # noqa: F401  (every record checked)

from paigow import Outcome, settings
from paigow.errors import IllegalActionError, IllegalBetError, PaigowError
from paigow.table.records import replay_round, round_record, settle_record
from paigow.table.settlement import HOUSE, Bet, LineKind, Play, Share, settle
from paigow.table import Round, Session

BANKER_TILES, P1_TILES = "5-5 4-4 3-3 2-5", "1-6 1-4 4-5 1-3"


def refused(obj: Any, name: str, *args: Any, code: str, error: type[Exception] = PaigowError, **kw: Any) -> None:
    before = obj.state
    assert getattr(obj, f"can_{name}")(*args, **kw) is False
    with pytest.raises(error) as e:
        getattr(obj, name)(*args, **kw)
    assert e.value.code == code, e.value  # type: ignore[attr-defined]
    assert obj.state is before


def fresh(stake: int = 1000, **kw: Any) -> Round:
    r = Round(0, seed=1, **kw)
    r.set_stake(stake)
    return r


# -- Art. 3.3: a co-banking player accepts no backline bets, in either order -------------------------
def test_a_co_banker_may_not_become_the_holder_of_others_money() -> None:
    r = fresh()
    r.co_bank(3, 2000)
    r.bet(5, 50)
    refused(r, "bet", 5, 500, "P3", code="bet.co_banker_holds", error=IllegalBetError)
    r.bet(5, 20, "P3")            # backing position 5 without holding it is no backline bet accepted
    assert r.holder(5) == "P5"


def test_a_holder_of_others_money_may_not_co_bank() -> None:
    r = fresh()
    r.bet(5, 50)
    r.bet(5, 500, "P3")           # P3 holds position 5 with P5's money on it
    assert r.holder(5) == "P3"
    refused(r, "co_bank", 3, 2000, code="co_bank.backline", error=IllegalActionError)
    r2 = fresh()
    r2.bet(5, 500, "P3")          # alone on 5: nobody else's money
    assert r2.co_bank(3, 2000) == Share("P3", 2000)


# -- Art. 4.3: declining, and the bank to the nearest player who bet --------------------------------
def session_after(bets: list[tuple[int, int, str]], banker: int = 0) -> Session:
    s = Session(banker=banker, seed=2)
    r = s.start_round(1000)
    for pos, amount, who in bets:
        r.bet(pos, amount, who)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle("max-back")
    s.end_round()
    return s


def test_the_bank_goes_to_the_nearest_position_whose_player_bet_wherever() -> None:
    # P3 bet on position 5; ann (no seat) bet on position 2: position 3's player bet, 2's and 5's did not
    s = session_after([(5, 100, "P3"), (2, 100, "ann")])
    assert s.pass_bank().to == 1
    assert s.can_decline()                        # nobody is forced to bank
    assert s.decline().to == 3                    # 2 is passed over (someone else bet there)
    t = s.decline()                               # nobody else qualifies: the turn moves on
    assert (t.position, t.to, s.banker, s.offer) == (3, 4, None, 4)
    refused(s, "start_round", 1000, code="session.bank_offered", error=IllegalActionError)
    assert s.decline().to == 5 and s.decline().to == 6
    s.accept()
    assert s.banker == 6 and s.start_round(500).banker == 6


def test_declining_is_always_allowed() -> None:
    s = session_after([(1, 100, "P1")])
    s.pass_bank()                                  # offered to 1, the only one who bet
    assert s.decline().to == 2                     # nobody qualifies: rotation
    for _ in range(10):
        assert s.can_decline()
        s.decline()
    assert s.banker is None


# -- Art. 7.1-7.2: only the holder sets; the engine never sets a hand at a table ----------------------
def dealt_round() -> Round:
    r = fresh()
    r.bet(1, 100)
    r.bet(3, 100)
    r.deal({0: BANKER_TILES, 1: P1_TILES, 3: "天 天 地 地"})
    return r


def test_settling_with_hands_unset_is_refused_naming_them() -> None:
    r = dealt_round()
    with pytest.raises(IllegalActionError, match=r"positions 1, 3, 0 have not set their tiles") as e:
        r.settle()
    assert e.value.code == "settle.unset"
    r.set_hand(1, 0)
    refused(r, "settle", code="settle.unset", error=IllegalActionError)
    with pytest.raises(IllegalActionError, match=r"positions 3, 0 have not"):
        r.settle()
    r.set_hand(3, 0)
    r.set_hand(0, 0)
    res = r.settle()
    assert res.strategies == (None,) * 8


def test_a_simulation_may_set_by_strategy_and_says_so() -> None:
    r = dealt_round()
    r.set_hand(1, 1)
    res = r.settle("max-back")
    assert res.strategies[1] is None and res.strategies[3] == "max-back" and res.strategies[0] == "max-back"
    events = round_record(r)["events"]
    assert [e.get("strategy") for e in events if e["event"] == "set"] == [None, "max-back", "max-back"]


def test_a_record_lacking_a_hand_is_refused_not_completed() -> None:
    r = dealt_round()
    r.set_hand(1, 0)
    r.set_hand(3, 0)
    record = round_record(r)
    with pytest.raises(IllegalActionError, match=r"position 0 has not set its tiles") as e:
        settle_record(record)
    assert e.value.code == "settle.unset"


# -- Art. 8.1-8.2: re-arrange until the banker turns his first tile ------------------------------------
def test_players_rearrange_until_the_banker_turns_a_tile() -> None:
    r = dealt_round()
    r.set_hand(1, 0)
    assert r.set_hand(1, 1) == settings(P1_TILES)[1]     # re-arranged
    refused(r, "turn", code="turn.players_unset", error=IllegalActionError)
    r.set_hand(3, 2)
    r.turn()
    assert r.turned
    refused(r, "set_hand", 1, 0, code="setting.after_turn", error=IllegalActionError)
    refused(r, "set_players", "max-back", code="setting.after_turn", error=IllegalActionError)
    r.set_hand(0, 0)
    refused(r, "set_hand", 0, 1, code="setting.banker_set", error=IllegalActionError)
    assert r.settle().settings[1] == settings(P1_TILES)[1]


def test_the_banker_setting_turns_his_tiles() -> None:
    r = dealt_round()
    r.set_hand(1, 0)
    r.set_hand(3, 0)
    r.set_hand(0, 0)
    assert r.turned
    refused(r, "set_hand", 3, 1, code="setting.after_turn", error=IllegalActionError)
    assert [e["event"] for e in round_record(r)["events"]][-2:] == ["turn", "set"]


# -- Art. 3.4: the disputed banker setting counts the entrusted stakes --------------------------------
def test_the_decider_counts_stakes_entrusted_to_the_banker() -> None:
    r = fresh(1000, house_stake=1500)
    assert r.decider == HOUSE
    r.co_bank(3, 600)             # entrusted to the banker: 1600 against the house's 1500
    assert r.decider == "P0"
    r.bet(1, 100)
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    r.set_hand(1, 0)
    refused(r, "set_hand", 0, 1, by=HOUSE, code="setting.not_decider", error=IllegalActionError)
    r.set_hand(0, 1, by="P0")


# -- Art. 2.3: two exposed tiles of a player position: all its players' bets stand off ---------------
def test_the_players_of_a_sat_out_position_take_no_part_anywhere() -> None:
    r = fresh()
    r.bet(1, 100)
    r.bet(2, 300, "ann")          # ann holds position 2 ...
    r.bet(2, 100, "P2")
    r.bet(3, 200, "cy")
    r.bet(3, 50, "ann")           # ... and backs position 3
    assert r.holder(2) == "ann"
    r.deal({0: BANKER_TILES, 1: P1_TILES, 2: "天 天 地 地", 3: "梅 长三 板櫈 板櫈"})
    r.expose(3, "梅")
    r.expose(3, "板櫈")           # two tiles of position 3: its players (cy, ann) take no part at all
    assert r.sitting_out == {"ann", "cy"} and r.sat_out == (3,) and r.active == (1, 2)
    assert r.holder(2) == "P2"    # ann's bet on 2 stands off too: the next largest bettor holds it
    refused(r, "set_hand", 2, 0, by="ann", code="setting.not_holder", error=IllegalActionError)
    refused(r, "set_hand", 3, 0, code="setting.sat_out", error=IllegalActionError)
    r.set_hand(1, 0)
    r.set_hand(2, 0, by="P2")
    r.set_hand(0, 0)
    res = r.settle()
    assert res.ledger.changes["ann"] == 0 and res.ledger.changes["cy"] == 0
    away = {(x.kind, x.position, x.payee, x.amount) for x in res.ledger.lines if x.payee in ("ann", "cy")}
    assert away == {(LineKind.SAT_OUT, 2, "ann", 300), (LineKind.SAT_OUT, 3, "ann", 50),
                    (LineKind.SAT_OUT, 3, "cy", 200)}
    assert res.outcomes[2] is not None and res.ledger.changes["P2"] != 0 and res.sat_out == (3,)
    assert {p.position: p.holder for p in res.plays if p.outcome is not None} == {1: "P1", 2: "P2"}


# -- Art. 4.4: the declared dealing method is recorded -----------------------------------------------
def test_the_declared_dealing_method_is_recorded() -> None:
    r = fresh()
    r.bet(1, 100)
    assert r.declare("  stacks from the dice, in dealing order ") == "stacks from the dice, in dealing order"
    r.shuffle()
    r.shake()
    refused(r, "declare", "another", code="phase.shaken", error=IllegalActionError)
    r.deal()
    res = r.settle("max-back")
    assert res.declared == "stacks from the dice, in dealing order"
    assert {"event": "declare", "method": res.declared} in round_record(r)["events"]
    assert replay_round(round_record(r)).declared == res.declared
    r2 = fresh()
    r2.shake((1, 2, 3, 4), void="tilted")
    refused(r2, "declare", "late", code="declare.after_shake", error=IllegalActionError)


# -- docs/rules.md §1.8: the cap within a position, commission per bettor and position -----------------
def test_the_cap_is_shared_pro_rata_within_a_position() -> None:
    ledger = settle(0, [Share("P0", 300)], [Play(1, Outcome.WIN, (Bet(1, "ann", 400), Bet(1, "bob", 200)))])
    wins = {x.payee: x.amount for x in ledger.lines if x.kind is LineKind.WIN}
    offs = {x.payee: x.amount for x in ledger.lines if x.kind is LineKind.STAND_OFF}
    assert wins == {"ann": 200, "bob": 100} and offs == {"ann": 200, "bob": 100}


def test_commission_is_on_each_bettors_total_win_on_a_position() -> None:
    # two bets of 5 win 5 each: 5% of 5 rounds to 0, but of ann's total 10 on the position to 1 (half up)
    ledger = settle(0, [Share("P0", 1000)], [Play(1, Outcome.WIN, (Bet(1, "ann", 5), Bet(1, "ann", 5)))])
    assert [x.amount for x in ledger.lines if x.kind is LineKind.COMMISSION and x.payer == "ann"] == [1]
