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
