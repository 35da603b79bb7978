"""The table plays by a rule set (paigow.rules): ``Round(rules=)`` and ``Session(rules=)`` clean it
once and use what it states (the default options, the dice, how many players cut); records name
it, and a record that does not (every record written before) reads as Macau's."""

from __future__ import annotations

import json

import pytest
from record_schemas import every_record_matches_its_schema  # noqa: F401  (every record checked)

from paigow.errors import IllegalActionError, InvalidOptionError, InvalidRecordError
from paigow.rules import MACAU
from paigow.setting import Outcome
from paigow.table import Round, Session, simulate_round, simulated_round
from paigow.table.records import (
    record_options,
    record_rules,
    replay_round,
    replay_session,
    round_record,
    session_record,
)
from paigow.table.settlement import Options, Rounding

TOY = MACAU.replace(name="toy", commission="4%", rounding="floor", max_cuts=1)


def test_the_rule_set_is_cleaned_once_and_kept() -> None:
    assert Round(0).rules is MACAU and Round(0, rules="macau").rules is MACAU and Round(0, rules=None).rules is MACAU
    assert Session(0).rules is MACAU and Session(0, rules="macau").state.rules is MACAU
    assert Round(0, rules=TOY).state.rules is TOY and Session(0, rules=TOY).start_round(100).rules is TOY
    with pytest.raises(InvalidOptionError, match=r"unknown rule set 'texas'"):
        Round(0, rules="texas")
    with pytest.raises(TypeError):
        Session(0, rules=5)  # type: ignore[arg-type]


def test_macau_is_todays_table() -> None:
    assert simulate_round(8, rules=MACAU) == simulate_round(8) == simulate_round(8, rules="macau")
    assert Round(0).state.options == Options() == Options("5%", Rounding.HALF_UP)


def test_the_rule_set_gives_the_default_options() -> None:
    assert Round(0, rules=TOY).state.options == Options("4%", "floor")
    assert Session(0, rules=TOY).state.options == Options("4%", "floor")
    assert Round(0, rules=TOY, options=Options("1%")).state.options == Options("1%")   # given options win
    res = simulate_round(3, rules=TOY)
    assert res.ledger.options == Options("4%", "floor")


def _shuffled(rules: object) -> Round:
    r = Round(0, seed=2, rules=rules)  # type: ignore[arg-type]
    r.set_stake(1000)
    r.bet(1, 100)
    r.shuffle()
    return r


def test_max_cuts_is_the_rule_sets() -> None:
    r = _shuffled(TOY)
    r.cut(3, 2)
    assert not r.can_cut(5, 1)
    with pytest.raises(IllegalActionError, match=r"one player position \(3\) has cut this round, the most the rules"
                       r" allow") as e:
        r.cut(5, 1)
    assert e.value.code == "cut.too_many"
    r.cut(0, 1)                                 # the banker still cuts last
    none = _shuffled(MACAU.replace(name="no-cuts", max_cuts=0))
    with pytest.raises(IllegalActionError, match=r"the rules let no player position cut"):
        none.cut(3, 2)
    assert none.can_cut(0, 4)
    macau = _shuffled(MACAU)
    macau.cut(3, 2), macau.cut(5, 1)
    with pytest.raises(IllegalActionError, match=r"two player positions \(3, 5\) have cut this round, the most Art"):
        macau.cut(6, 1)


def test_the_dice_are_the_rule_sets() -> None:
    three = MACAU.replace(name="three-dice", dice=3)
    r = _shuffled(three)
    assert not r.can_shake((1, 2, 3, 4))
    with pytest.raises(IllegalActionError, match=r"a roll is 3 dice, each 1 to 6") as e:
        r.shake((1, 2, 3, 4))
    assert e.value.code == "dice.invalid"
    roll = r.shake((3, 5, 2))
    assert roll.count == 3 and r.first_position == (0 + 10 - 1) % 8
    r.deal()
    assert r.settle("max-back").dice == roll
    for seed in range(20):
        dice = simulated_round(seed, rules=three).deal_record.shakes[-1].dice
        assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)


def test_records_name_the_rule_set_and_old_records_read_as_macau() -> None:
    r = simulated_round(4)
    record = round_record(r)
    assert record["rules"] == "macau" and list(record)[:3] == ["format", "rules", "banker"]
    old = {k: v for k, v in record.items() if k != "rules"}      # a record written before rules were named
    assert replay_round(old) == r and record_rules(old) is MACAU
    assert record_options({"format": "paigow-round/1"}) == Options()
    assert session_record(Session(0))["rules"] == "macau"
    with pytest.raises(InvalidRecordError, match=r"rules: unknown rule set 'texas'") as e:
        replay_round({**record, "rules": "texas"})
    assert e.value.code == "record.invalid"


def test_a_rule_set_outside_the_list_is_given_by_the_caller() -> None:
    r = simulated_round(6, rules=TOY)
    record = json.loads(json.dumps(round_record(r)))
    # a rule set outside the list is written in full (issue 31), so its record replays anywhere
    assert record["rules"] == TOY.to_json() and record["rules"]["name"] == "toy"
    assert record["options"] == {"commission": "1/25", "rounding": "floor"}
    assert replay_round(record) == r
    by_name = {**record, "rules": "toy"}     # a record naming it only (as written before) needs it given
    with pytest.raises(InvalidRecordError, match=r"unknown rule set 'toy'"):
        replay_round(by_name)
    assert replay_round(by_name, rules=TOY) == r
    again = replay_round(record, rules=TOY)
    assert again == r and again.rules is TOY and round_record(again) == record
    with pytest.raises(InvalidRecordError, match=r"the record is played by 'toy', not by 'macau'"):
        replay_round(record, rules=MACAU)
    without = {k: v for k, v in record.items() if k != "options"}   # options left out: the rule set's
    assert replay_round(without, rules=TOY).state.options == Options("4%", "floor")
    s = Session(0, seed=3, rules=TOY)
    rnd = s.start_round(500)
    rnd.bet(1, 100), rnd.shuffle(), rnd.shake(), rnd.deal(), rnd.settle("max-back")
    s.end_round()
    assert replay_session(session_record(s), rules=TOY) == s


def test_outcomes_are_decided_by_the_rule_sets_zero_rule() -> None:
    both = MACAU.replace(name="zero-both", zero_rule="both")
    outcomes = []
    for rules in (MACAU, both):
        r = Round(0, seed=1, rules=rules)
        r.set_stake(1000)
        r.bet(1, 100)
        r.deal({0: "2-2 1-5 5-5 4-6", 1: "2-2 3-3 1-3 3-3"})
        r.set_hand(1, "2-2 3-3 | 1-3 3-3")          # a zero-point hand in front and behind
        r.set_hand(0, "2-2 1-5 | 5-5 4-6")          # and the banker's
        outcomes.append(r.settle().outcomes[1])
    assert outcomes == [Outcome.PUSH, Outcome.LOSE]   # Macau: the front only (Art. 6.2); both hands


def test_a_rule_set_of_other_dice_is_written_and_replayed() -> None:
    from paigow.cli import main

    r = simulated_round(5, rules="us")
    assert r.rules.name == "us" and len(r.deal_record.shakes[-1].dice) == 3
    record = json.loads(json.dumps(round_record(r)))
    assert record["rules"] == "us" and len(next(e for e in record["events"] if e["event"] == "shake")["dice"]) == 3
    assert replay_round(record) == r and round_record(replay_round(record)) == record
    four = [dict(e, dice=[1, 2, 3, 4]) if e["event"] == "shake" else e for e in record["events"]]
    with pytest.raises(IllegalActionError, match=r"a roll is 3 dice") as e:
        replay_round({**record, "events": four})
    assert e.value.code == "dice.invalid"
    assert session_record(Session(0, rules="us"))["rules"] == "us"
    assert main(["round", "--seed", "5", "--rules", "us"]) == 0        # the table as text
    assert main(["round", "--seed", "5", "--rules", "us", "--json"]) == 0
