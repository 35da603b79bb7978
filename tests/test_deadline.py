"""A deadline for the settings (issue 38): set (or moved) before the banker turns, applied by the
table once passed (its clock given as data): every hand still unset is set by the table's rule
(the rule set's house way; Macau, which names none: the Foxwoods way, docs/rules.md §1.8) and
logged with ``why`` ``"deadline"``, a setting the holder did not make, so no backline claim
arises from it; refused misuse changes nothing; a record with a deadline replays to the same
round, and one without replays as before."""

from __future__ import annotations

import json

import pytest

from paigow.errors import IllegalActionError, InvalidOptionError, InvalidRecordError
from paigow.houseway import house_way
from paigow.setting import settings
from paigow.table.home import DEADLINE_RULE, HomeShuffle
from paigow.table.home_records import HOME_SCHEMA, home_record, replay_home
from paigow.table.actions import ApplyDeadline, SetDeadline, parse_action
from paigow.table.records import ROUND_SCHEMA, replay_round, round_record, validate
from paigow.table.round import Round

T0 = 1_780_000_000.0


def dealt(seed: int = 5, rules: str | None = None, **kw: object) -> Round:
    r = Round(0, seed=seed, rules=rules, **kw)  # type: ignore[arg-type]
    r.set_stake(10_000)
    r.bet(1, 100, "ann")
    r.bet(1, 60, "bob")
    r.bet(3, 80, "cy")
    assert r.set_deadline(T0) == T0
    r.shuffle()
    r.shake()
    r.deal()
    return r


def foxwoods(r: Round, p: int) -> str:
    hand = r.deal_record.deal.hands[p]  # type: ignore[union-attr]
    return str(house_way("foxwoods").set(hand).setting)


def test_the_unset_hands_set_by_the_rule_and_logged_why() -> None:
    r = dealt()
    mine = r.set_hand(3, 1, "cy")
    with pytest.raises(IllegalActionError) as e:
        r.apply_deadline(T0 - 0.5)
    assert e.value.code == "deadline.early" and r.state.settings[1] is None
    made = r.apply_deadline(T0 + 2)
    assert [(w.position, w.why, w.way, w.by) for w in made] == [(1, "deadline", "foxwoods", None),
                                                               (0, "deadline", "foxwoods", None)]
    assert str(r.state.settings[1]) == foxwoods(r, 1) and str(r.state.settings[0]) == foxwoods(r, 0)
    assert r.state.settings[3] == mine and r.ways[3] is None          # the holder's own setting stands
    kinds = [e.kind for e in r.state.log]
    assert kinds[-4:] == ["deadline_passed", "house_way", "turn", "house_way"]
    res = r.settle()
    assert res.ways[1] is not None and res.ways[1].why == "deadline" and res.ways[3] is None


def test_a_deadline_setting_gives_no_claim_where_the_holders_would() -> None:
    """The same tiles and the same split: set by the holder, the backline bettor has a claim
    where another split would have done better; set at the deadline, none (Art. 7.2; §1.8)."""
    for seed in range(400):
        by_holder = dealt(seed)
        if by_holder.active != (1, 3):
            continue
        for p in (1, 3):
            by_holder.set_hand(p, foxwoods(by_holder, p), by_holder.holder(p))
        by_holder.set_hand(0, foxwoods(by_holder, 0))
        claims = by_holder.settle().ledger.claims
        if not any(c.position == 1 for c in claims):
            continue
        at_deadline = dealt(seed)
        at_deadline.apply_deadline(T0)
        res = at_deadline.settle()
        assert res.settings == by_holder.result.settings  # type: ignore[union-attr]
        assert res.ledger.claims == ()
        return
    pytest.fail("no deal among 400 seeds gives the holder's split a claim")  # pragma: no cover


def test_us_rules_the_house_way_and_the_house_hand_left_to_it() -> None:
    r = dealt(rules="us", house_banks=True)
    made = r.apply_deadline(T0)
    assert [w.position for w in made] == [1, 3] and {w.way for w in made} == {"foxwoods"}
    assert r.state.settings[0] is None and not r.state.turned       # the house's own hand: house_way, as always
    assert r.house_way(0).why == "house"
    assert r.settle().ways[3].why == "deadline"  # type: ignore[union-attr]


def test_every_hand_set_the_deadline_only_recorded() -> None:
    r = dealt()
    r.set_hand(1, 0, "ann")
    r.set_hand(3, 0, "cy")
    r.set_hand(0, 0)
    with pytest.raises(IllegalActionError) as e:   # the banker has turned: too late for anything
        r.apply_deadline(T0)
    assert e.value.code == "setting.after_turn"
    r2 = dealt()
    r2.set_hand(1, 0, "ann")
    r2.set_hand(3, 0, "cy")
    assert [w.position for w in r2.apply_deadline(T0)] == [0]


def test_moved_then_applied_once() -> None:
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    assert r.deadline is None
    r.set_deadline(T0)
    r.set_deadline(T0 + 60)                       # moved
    assert r.deadline == T0 + 60
    r.shuffle(), r.shake(), r.deal()
    with pytest.raises(IllegalActionError) as e:
        r.apply_deadline(T0 + 30)
    assert e.value.code == "deadline.early"
    r.apply_deadline(T0 + 60)
    for call in (lambda: r.apply_deadline(T0 + 99), lambda: r.set_deadline(T0 + 120)):
        with pytest.raises(IllegalActionError) as e:
            call()
        assert e.value.code == "deadline.applied"


@pytest.mark.parametrize(("code", "cls", "call"), [
    ("deadline.none", IllegalActionError, lambda r: r.apply_deadline(T0)),
    ("deadline.time", InvalidOptionError, lambda r: r.set_deadline(-1)),
    ("deadline.time", InvalidOptionError, lambda r: r.set_deadline(float("inf"))),
    ("deadline.time", InvalidOptionError, lambda r: r.apply_deadline(float("nan"))),
])
def test_refused_and_nothing_changed(code: str, cls: type[Exception], call: object) -> None:
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    r.shuffle(), r.shake(), r.deal()
    before = r.state
    with pytest.raises(cls) as e:
        call(r)  # type: ignore[operator]
    assert e.value.code == code and r.state is before  # type: ignore[attr-defined]
    assert not r.can_apply_deadline(T0)
    with pytest.raises(TypeError):
        r.set_deadline("soon")


def test_applied_only_after_the_deal() -> None:
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    r.set_deadline(T0)
    with pytest.raises(IllegalActionError) as e:
        r.apply_deadline(T0 + 1)
    assert e.value.code == "phase.betting"


def test_the_record_replays_and_a_false_one_is_refused() -> None:
    r = dealt()
    r.set_hand(3, 2, "cy")
    r.apply_deadline(T0 + 1)
    r.settle()
    rec = json.loads(json.dumps(round_record(r)))
    validate(rec, ROUND_SCHEMA)
    events = [e["event"] for e in rec["events"]]
    assert "deadline" in events and "deadline_passed" in events
    again = replay_round(rec)
    assert again.state.settings == r.state.settings and again.ways == r.ways and again.result == r.result
    way = next(e for e in rec["events"] if e["event"] == "house_way")
    assert way["why"] == "deadline" and way["by"] is None
    i = rec["events"].index(way)
    other = [s for s in ("0", "1", "2") if s != way["setting"]]
    bad = dict(rec, events=rec["events"][:i] + [{**way, "rule": "not the rule"}] + rec["events"][i + 1:])
    bad.pop("result", None)
    with pytest.raises(InvalidRecordError) as e:
        replay_round(bad)
    assert e.value.code == "record.house_way" and other


def test_the_actions_parse_and_apply() -> None:
    assert parse_action({"action": "set_deadline", "at": T0}) == SetDeadline(T0)
    assert parse_action({"action": "apply_deadline", "now": T0}) == ApplyDeadline(T0)
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    assert r.apply(SetDeadline(T0)) == T0


# -- the home game: the automatic rule (max-front) ------------------------------------------------
def home_dealt(live: bool = True) -> HomeShuffle:
    t = HomeShuffle("home", seed=7, live=live)
    t.bet(1, "ann", 100)
    t.bet(3, "cy", 50)
    assert t.set_deadline(T0) == T0
    t.shuffle()
    t.deal()
    return t


def test_home_the_automatic_rule_and_the_record_replays() -> None:
    t = home_dealt()
    mine = t.set_hand(3, 0, by="cy")
    with pytest.raises(IllegalActionError) as e:
        t.apply_deadline(T0 - 1)
    assert e.value.code == "deadline.early" and 1 not in t.settings
    made = t.apply_deadline(T0)
    assert list(made) == [1, 0] and t.by_deadline == (1, 0) and t.settings[3] == mine
    for p in (1, 0):   # the automatic rule: the strongest front, as the simulation's max-front sets it
        sim = HomeShuffle("home", seed=7)
        sim.bet(1, "ann", 100), sim.bet(3, "cy", 50), sim.shuffle(), sim.deal()
        sim.set_hand(p, strategy=DEADLINE_RULE)
        assert sim.settings[p] == made[p]
    sets = [e for e in t.events if e["event"] == "set" and e.get("why") == "deadline"]
    assert [(e["position"], e["by"], e["strategy"]) for e in sets] == [(1, None, None), (0, None, None)]
    t.settle()
    rec = json.loads(json.dumps(home_record(t)))
    validate(rec, HOME_SCHEMA)
    again = replay_home(rec)
    assert again.events == t.events and again.results == t.results
    i = next(k for k, e in enumerate(rec["events"]) if e.get("why") == "deadline")
    other = next(str(s) for s in settings(t.hands[1], t.rules) if str(s) != rec["events"][i]["setting"])  # type: ignore[index]
    forged = [*rec["events"][:i], {**rec["events"][i], "setting": other}, *rec["events"][i + 1:]]
    with pytest.raises(InvalidRecordError) as e:
        replay_home({**rec, "events": forged, "results": []})
    assert e.value.code == "home.replay"


@pytest.mark.parametrize(("code", "call"), [
    ("deadline.none", lambda t: HomeShuffle("home", seed=7).apply_deadline(T0)),
    ("deadline.time", lambda t: t.set_deadline(float("nan"))),
    ("deadline.applied", lambda t: (t.apply_deadline(T0), t.apply_deadline(T0))),
    ("home.phase", lambda t: (t.set_hand(1, 0, by="ann"), t.set_hand(3, 0, by="cy"), t.set_hand(0, 0, by="house"),
                              t.settle(), t.set_deadline(T0))),
])
def test_home_refused(code: str, call: object) -> None:
    t = home_dealt()
    with pytest.raises((IllegalActionError, InvalidOptionError)) as e:
        call(t)  # type: ignore[operator]
    assert e.value.code == code  # type: ignore[attr-defined]
