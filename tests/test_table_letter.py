"""The table to the letter, part 3 (issue 21): a live table never sets a hand, and the limits of
Portaria 96/85/M cannot be bypassed (docs/rules.md §1.6-1.8). Each finding of the inspection has
a test here that failed before the fix, on each path the table has: the library (``Round``,
``Session``), its records (``replay_round``, ``replay_session``, ``settle_record``) and ``paigow
settle``; the service's are in tests/serve/test_table_letter.py. The same action is refused with
the same code on every path.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pcc
from paigow.cli import main
from paigow.errors import IllegalActionError, PaigowError
from paigow.setting import Outcome
from paigow.table import Round, Session
from paigow.table.positions import HOUSE
from paigow.table.records import replay_round, replay_session, round_record, session_record, settle_record
from paigow.table.settlement import Bet, LineKind, Play, Share, settle

ROOT = Path(__file__).resolve().parents[1]


def refused(obj: Any, name: str, *args: Any, code: str, **kw: Any) -> PaigowError:
    """``name`` is refused three ways (can/verify/do) with ``code``, and the table is unchanged."""
    before = obj.state
    assert getattr(obj, f"can_{name}")(*args, **kw) is False
    with pytest.raises(PaigowError) as verified:
        getattr(obj, f"verify_{name}")(*args, **kw)
    with pytest.raises(PaigowError) as done:
        getattr(obj, name)(*args, **kw)
    assert verified.value.code == done.value.code == code, str(done.value)
    assert obj.state is before
    return done.value


def record_refused(replay: Callable[[], object], code: str, where: str) -> None:
    """A record is refused on replay with the table's own code, naming the event."""
    with pytest.raises(PaigowError) as e:
        replay()
    assert e.value.code == code and e.value.message.startswith(where), str(e.value)


def json_copy(x: Any) -> Any:
    return json.loads(json.dumps(x))


def settle_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]) -> str:
    """``paigow settle -`` of ``record``: exit status 2, the reason on standard error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    code = main(["settle", "-"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", err
    return err


def in_play_holders(r: Round) -> None:
    """Every position in play has exactly one holder, who may hold it (Art. 3.3, 7.1, 7.4-7.5)."""
    away = r.sitting_out
    co = {x.party for x in r.shares[1:] if x.party != HOUSE}
    held = r.holders()
    assert set(held) == set(r.active) and len(set(held.values())) == len(held)
    for p, who in held.items():
        mine = [b for b in r.bets_on(p) if b.bettor not in away]
        assert who is not None and who not in away and any(b.bettor == who for b in mine)
        assert who not in co or all(b.bettor == who for b in mine)
    for p in r.sat_out:
        assert r.holder(p) is None


# -- live or simulated, from the start (docs/rules.md §1.8) ---------------------------------------------
def reproducer(**kw: Any) -> Round:
    """The issue's reproducer: bets ann 300 and bob 100 on position 1, shuffle, shake, deal."""
    r = Round(banker=0, seed=19, **kw)
    r.set_stake(10000)
    r.bet(1, 300, "ann")
    r.bet(1, 100, "bob")
    r.shuffle()
    if r.live:
        r.declare("from the first stack")   # a live table's shake waits for it (Art. 4.4)
    r.shake()
    r.deal()
    return r


def test_a_hand_set_by_a_strategy_never_gives_rise_to_a_claim() -> None:
    """The reproducer: seed 19's max-back setting of position 1 loses where another split would
    not; before the fix the result charged "ann owes bob 100" to ann, who never set the tiles."""
    r = reproducer()
    assert not r.live
    res = r.settle("max-back")
    assert res.strategies[1] == res.strategies[0] == "max-back"
    assert res.outcomes[1] is Outcome.LOSE and set(res.plays[0].other_outcomes) - {Outcome.LOSE}
    assert res.ledger.claims == ()
    # the same tiles set by their holder: the claim is the holder's (Art. 7.2)
    r2 = reproducer()
    r2.set_hand(1, res.settings[1], by="ann")
    r2.set_hand(0, res.settings[0])
    claims = r2.settle().ledger.claims
    assert [str(c) for c in claims] == ["at 1 ann owes bob 100 (got -100, would have had 0)"]
    # and the records say so: the simulation's record replays with no claim, the holder's with it
    assert replay_round(json_copy(round_record(r))).result == res
    assert replay_round(json_copy(round_record(r2))).result.ledger.claims == claims  # type: ignore[union-attr]


def test_at_a_live_table_no_action_lets_a_strategy_set_a_hand() -> None:
    r = reproducer(live=True)
    assert r.live and r.state.live
    for name, args, kw in (("settle", ("max-back",), {}), ("settle", (None, "max-back"), {}),
                           ("set_players", ("equilibrium",), {}), ("set_players", (), {}),
                           ("set_hand", (1, 0), {"strategy": "max-back"}), ("set_hand", (1, 0, "ann"), {"strategy": "x"})):
        e = refused(r, name, *args, code="live.strategy", **kw)
        assert "Art. 7.1-7.2" in e.message and "live table" in e.message
    refused(r, "settle", code="settle.unset")            # the hands are set by their holders, or not at all
    r.set_hand(1, 2, by="ann")
    r.set_hand(0, 0)
    res = r.settle()
    assert res.strategies == (None,) * 8
    record = json_copy(round_record(r))
    assert record["live"] is True and replay_round(record) == r
    # a live record in which a strategy set a hand is refused, naming the event
    r3 = reproducer()
    r3.set_hand(1, 2, strategy="max-back")
    forged = {**json_copy(round_record(r3)), "live": True}
    record_refused(lambda: replay_round(forged), "live.strategy", "events[")
    record_refused(lambda: settle_record(forged), "live.strategy", "events[")


def test_live_or_simulation_is_fixed_at_creation_for_sessions_and_records() -> None:
    s = Session(0, seed=3, live=True)
    r = s.start_round(1000)
    assert s.live and r.live
    r.bet(1, 100)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3"})
    refused(r, "settle", "equilibrium", code="live.strategy")
    record = json_copy(session_record(s))
    assert record["live"] is True and replay_session(record).round.live  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        Round(0, live="yes")  # type: ignore[arg-type]
    # a record written before the key read as it always did: a simulation, strategies and all
    sim = reproducer()
    sim.settle("max-back")
    old = json_copy(round_record(sim))
    del old["live"], old["result"]
    again = replay_round(old)
    assert not again.live and again.result == sim.result
    old_session = json_copy(session_record(Session(0, seed=1)))
    del old_session["live"]
    assert not replay_session(old_session).live


# -- 1. Art. 4.1: the two-round limit holds after a pass and declines ---------------------------------
def two_rounds(banker: int = 0, rounds: int = 2) -> Session:
    s = Session(banker=banker, seed=5)
    for i in range(rounds):
        r = s.start_round(1000 if i == 0 else None)
        r.bet((banker + 1) % 8, 100)
        r.bet((banker + 3) % 8, 100)
        r.shuffle()
        r.shake()
        r.deal()
        r.settle("max-back")
        s.end_round()
    return s


def test_a_banker_of_two_rounds_who_passes_is_not_offered_the_bank_again() -> None:
    s = two_rounds()
    offers = [s.pass_bank().to]
    for _ in range(6):
        offers.append(s.decline().to)
    # before the fix the sixth decline offered the bank to 0 again, and 0 accepted rounds 3 and 4
    assert 0 not in offers and s.offer == 1
    for _ in range(20):                                  # however long everyone declines
        assert s.decline().to != 0
    while s.offer != 1:
        s.decline()
    s.accept()
    assert s.banker == 1 and s.state.rounds_banked == 0
    # the record of it replays to the same session, and a record in which 0 takes the bank back is refused
    assert replay_session(json_copy(session_record(s))) == s
    forged = json_copy(session_record(two_rounds()))
    forged["events"] += [{"event": "pass"}] + [{"event": "decline"}] * 6 + [{"event": "accept"}]
    assert replay_session(forged).banker != 0


def test_a_banker_who_takes_the_bank_back_goes_on_with_his_run() -> None:
    s = two_rounds(rounds=1)
    carried = s.carried
    assert carried is not None
    s.pass_bank()
    while s.offer != 0:                                  # one round banked: he may be offered it again
        s.decline()
    s.accept()
    assert s.banker == 0 and s.state.rounds_banked == 1 and s.carried == carried
    refused(s, "start_round", carried - 1, code="stake.lowered")   # the carried stake, never lowered (4.9)
    r = s.start_round()
    r.bet(1, 100)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle("max-back")
    s.end_round()
    refused(s, "start_round", 1000, code="session.two_rounds")     # three in a row: the others must agree
    # the session's record: the same third round is refused on replay, naming it
    record = json_copy(session_record(s))
    record["events"].append({"event": "round", "stake": 1000, "others_agree": False, "events": []})
    record_refused(lambda: replay_session(record), "session.two_rounds", f"events[{len(record['events']) - 1}]")
    assert s.can_start_round(others_agree=True)


# -- 2, 3. Art. 7.4-7.5 and 3.3: one holder a position in play, never a co-banker where others bet ------
TILES = {0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3", 2: "天 天 地 地", 3: "红头 红头 板櫈 板櫈", 5: "虎头 虎头 拎冧六 拎冧六"}


def exposed(bets: list[tuple[int, int, str]], out: int = 3, co: int | None = None) -> Round:
    r = Round(0, seed=2)
    r.set_stake(1000)
    if co is not None:
        r.co_bank(co, 500)
    for p, amount, who in bets:
        r.bet(p, amount, who)
    r.deal({p: t for p, t in TILES.items() if p == 0 or any(b[0] == p for b in bets)})
    r.expose(out)
    r.expose(out)
    return r


def test_a_position_that_nobody_may_hold_after_sit_outs_stands_off_whole() -> None:
    # ann holds 1; bob holds 2 (ann behind him) and backs 3, which sits out: bob takes no part, and
    # 2's remaining bettor ann holds 1 already (Art. 7.5): before the fix 2 played with holder None
    bets = [(1, 300, "ann"), (2, 300, "bob"), (2, 100, "ann"), (3, 100, "cy"), (3, 50, "bob")]
    r = exposed(bets)
    assert r.sitting_out == {"cy", "bob"} and r.holders() == {1: "ann"}
    assert r.active == (1,) and r.unheld == (2,) and r.sat_out == (2, 3) and r.holder(2) is None
    in_play_holders(r)
    e = refused(r, "set_hand", 2, 0, code="setting.no_holder")
    assert "Art. 3.3, 7.4-7.5" in e.message and "'ann'" in e.message
    refused(r, "set_hand", 2, 0, "ann", code="setting.no_holder")
    r.set_hand(1, 0, by="ann")
    r.set_hand(0, 0)
    res = r.settle()
    lines = [str(x) for x in res.ledger.lines if x.position == 2]
    assert lines == ["2. sat-out at 2: 300 returned to bob", "3. sat-out at 2: 100 returned to ann"]
    assert res.outcomes[2] is None and 2 in res.sat_out
    assert sum(res.ledger.changes.values()) + res.ledger.commission == 0
    # the record: setting position 2 after the exposures is refused with the same code
    record = json_copy(round_record(r))
    i = next(i for i, e in enumerate(record["events"]) if e["event"] == "set")
    record["events"].insert(i, {"event": "set", "position": 2, "setting": 0, "by": "ann"})
    del record["result"]
    record_refused(lambda: replay_round(record), "setting.no_holder", f"events[{i}] (set)")


def test_after_sit_outs_a_co_banker_never_holds_a_position_with_others_bets() -> None:
    # P5 co-banks and backs 2 behind bob; bob sits out (he backs 3): before the fix P5 became
    # 2's holder, with ann's bet on it, and could set it
    bets = [(2, 300, "bob"), (2, 100, "P5"), (2, 50, "ann"), (3, 100, "cy"), (3, 50, "bob")]
    r = exposed(bets, co=5)
    assert r.holders() == {2: "ann"} and r.holder(2) == "ann"
    in_play_holders(r)
    refused(r, "set_hand", 2, 0, "P5", code="setting.not_holder")
    r.set_hand(2, 1, by="ann")
    # only P5 left on a position: he may hold it (no one else's bet is in play there)
    solo = exposed([(2, 300, "bob"), (2, 100, "P5"), (3, 100, "cy"), (3, 50, "bob")], co=5)
    assert solo.holders() == {2: "P5"}
    in_play_holders(solo)
    record = json_copy(round_record(r))
    record["events"][-1].update(by="P5")
    record_refused(lambda: replay_round(record), "setting.not_holder", f"events[{len(record['events']) - 1}] (set)")


# -- 4. Art. 3.1: the house's share is fixed in advance ---------------------------------------------------
def test_the_house_share_is_fixed_for_the_table_or_between_rounds() -> None:
    r = Round(0, house_stake=1000, seed=1)
    r.set_stake(100)
    r.bet(1, 100)
    # before the fix: the house's share replaced after the bets, the bank from 1100 to 101
    e = refused(r, "co_bank", HOUSE, 1, code="co_bank.house_fixed")
    assert "Art. 3.1" in e.message and r.bank == 1100
    late = Round(0, seed=1)
    late.set_stake(100)
    late.bet(1, 100)
    refused(late, "co_bank", HOUSE, 500, code="co_bank.house_fixed")   # after the first bet
    shared = Round(0, seed=1)
    shared.set_stake(100)
    shared.co_bank(3, 200)
    refused(shared, "co_bank", HOUSE, 500, code="co_bank.house_fixed")  # after the first share
    first = Round(0, seed=1)
    first.set_stake(100)
    assert first.co_bank(HOUSE, 500) == Share(HOUSE, 500)               # between rounds: before any
    s = Session(0, house_stake=300, seed=1)                             # fixed for the table
    refused(s.start_round(1000), "co_bank", HOUSE, 5, code="co_bank.house_fixed")
    record = json_copy(round_record(late))
    record["events"].append({"event": "co_bank", "party": "house", "stake": 500})
    record_refused(lambda: replay_round(record), "co_bank.house_fixed", f"events[{len(record['events']) - 1}]")


# -- 5. Art. 2.1: a void deal is the same round: at most two player positions cut -----------------------
def void_deal_after_cuts() -> Round:
    r = Round(0, seed=3)
    r.set_stake(1000)
    r.bet(1, 100)
    r.shuffle()
    r.cut(1, 2)
    r.cut(2, 3)
    r.shake()
    r.deal()
    hand = r.deal_record.deal.hands[0]  # type: ignore[union-attr]
    r.expose(0, hand[0])
    r.expose(0, hand[1])                 # two of the banker's: the deal is void
    r.shuffle()
    return r


def test_the_cuts_of_a_void_deal_count_towards_the_round() -> None:
    r = void_deal_after_cuts()
    assert len(r.state.void_deals) == 1 and r.deal_record.cuts == ()
    # before the fix the count restarted: positions 3 and 4 cut too, four in one round
    e = refused(r, "cut", 3, 1, code="cut.too_many")
    assert "(1, 2)" in e.message and "Art. 2.1" in e.message
    refused(r, "cut", 1, 1, code="cut.twice")
    r.cut(0, 4)                           # the banker, who has not cut this round, may
    refused(r, "cut", 3, 1, code="cut.after_banker")
    record = json_copy(round_record(void_deal_after_cuts()))
    record["events"].append({"event": "cut", "position": 3, "stacks": 1})
    record_refused(lambda: replay_round(record), "cut.too_many", f"events[{len(record['events']) - 1}] (cut)")


# -- 6. Art. 1.5: after a void shake a deal needs a valid re-shake ------------------------------------------
HANDS = {"0": "天 天 地 地", "1": "人 人 鹅 鹅"}


def void_shaken() -> Round:
    r = Round(0, seed=3)
    r.set_stake(1000)
    r.bet(1, 100)
    r.shake((2, 2, 5, 1), "tilted")
    return r


def test_a_deal_after_a_void_shake_needs_a_valid_shake(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    r = void_shaken()
    e = refused(r, "deal", {0: HANDS["0"], 1: HANDS["1"]}, code="deal.void_shake")
    assert "2+2+5+1 (tilted)" in e.message and "Art. 1.5" in e.message
    refused(r, "deal", code="deal.void_shake")
    r.shake((3, 5, 6, 2))
    assert r.first_position == 7 and r.deal({0: HANDS["0"], 1: HANDS["1"]}).first == 7
    # a record (and paigow settle) that deals after the void shake without a valid one is refused
    record = {"format": "paigow-round/1", "banker": 0, "events": [
        {"event": "stake", "amount": 1000}, {"event": "bet", "position": 1, "bettor": "P1", "amount": 100},
        {"event": "shake", "dice": [2, 2, 5, 1], "void": "tilted"}, {"event": "deal", "hands": HANDS},
        {"event": "set", "position": 1, "setting": 0}, {"event": "set", "position": 0, "setting": 0}]}
    record_refused(lambda: replay_round(record), "deal.void_shake", "events[3] (deal)")
    record_refused(lambda: settle_record(record), "deal.void_shake", "events[3] (deal)")
    err = settle_cli(capsys, monkeypatch, record)
    assert "events[3] (deal): cannot deal now: the shake 2+2+5+1 (tilted) was void" in err and "deal.void_shake" in err
    good = json_copy(record)
    good["events"].insert(3, {"event": "shake", "dice": [3, 5, 6, 2]})
    assert settle_record(good).deal.first == 7


# -- 7. Art. 4.4/4.7: the declaration frozen from the first shake ---------------------------------------------
def test_the_declaration_is_frozen_from_the_first_shake_a_void_deal_included() -> None:
    r = Round(0, seed=3)
    r.set_stake(1000)
    r.bet(1, 100)
    r.declare("the stacks in dealing order from the dice")
    r.shuffle()
    r.shake()
    r.deal()
    hand = r.deal_record.deal.hands[0]  # type: ignore[union-attr]
    r.expose(0, hand[0])
    r.expose(0, hand[1])
    assert r.phase.value == "betting"
    # before the fix the void deal let the banker declare again
    e = refused(r, "declare", "another method", code="declare.after_shake")
    assert "Art. 4.4" in e.message and r.declared == "the stacks in dealing order from the dice"
    undeclared = void_shaken()
    refused(undeclared, "declare", "late", code="declare.after_shake")
    record = json_copy(round_record(r))
    record["events"].append({"event": "declare", "method": "another method"})
    record_refused(lambda: replay_round(record), "declare.after_shake", f"events[{len(record['events']) - 1}]")


# -- 9. Art. 2.3 "for any effect": a co-banker who sits out leaves the bank ------------------------------------
def test_a_co_banker_whose_position_sits_out_leaves_the_bank_for_the_round() -> None:
    r = Round(0, seed=3, house_stake=400)
    r.set_stake(100)
    r.co_bank(5, 500)
    r.bet(5, 100, "P5")
    r.bet(1, 200, "ann")
    r.deal({p: t for p, t in TILES.items() if p in (0, 1, 5)})
    assert r.bank == 1000 and r.decider == "P0"        # 100 + 500 entrusted against the house's 400
    r.expose(5)
    r.expose(5)
    # before the fix P5's 500 stayed in the bank while P5 took no part in the round
    assert r.sitting_out == {"P5"} and r.bank == 500
    assert r.shares == (Share("P0", 100), Share(HOUSE, 400)) and r.state.co_bankers[1] == Share("P5", 500)
    assert r.decider == HOUSE                           # the house's 400 against the banker's 100 (Art. 3.4)
    r.set_hand(1, 0, by="ann")
    r.set_hand(0, 0, by=HOUSE)
    res = r.settle()
    assert res.shares == res.ledger.shares == (Share("P0", 100), Share(HOUSE, 400))
    assert res.ledger.changes["P5"] == 0 and res.ledger.bank == 500
    assert sum(res.ledger.changes.values()) + res.ledger.commission == 0
    assert replay_round(json_copy(round_record(r))).result == res
    # a co-banker who backs a position that sits out takes no part either
    r2 = Round(0, seed=3)
    r2.set_stake(100)
    r2.co_bank(5, 500)
    r2.bet(1, 200, "ann")
    r2.bet(1, 50, "P5")
    r2.deal({p: t for p, t in TILES.items() if p in (0, 1)})
    r2.expose(1)
    r2.expose(1)
    assert r2.bank == 100 and r2.sitting_out == {"ann", "P5"}


# -- 10. a loss that stood off whole still gives a claim where another split would have won ------------------
def test_a_loss_that_stood_off_whole_gives_a_claim_and_the_docs_say_so() -> None:
    ledger = settle(0, [Share("P0", 100)], [
        Play(1, Outcome.LOSE, (Bet(1, "x", 100),)),                                     # the bank is +100: full
        Play(2, Outcome.LOSE, (Bet(2, "ann", 200), Bet(2, "bob", 100)), (Outcome.WIN, Outcome.LOSE)),
    ])
    assert [x.kind for x in ledger.lines if x.position == 2] == [LineKind.STAND_OFF] * 2   # stood off whole
    assert [str(c) for c in ledger.claims] == ["at 2 ann owes bob 64 (got 0, would have had 64)"]
    for doc in ("docs/rules.md", "docs/dealer.md"):
        text = " ".join((ROOT / doc).read_text(encoding="utf-8").split())
        assert "stood off gives no claim" not in text and "stood off owes nothing" not in text, doc
        assert "a loss that stood off whole still gives a claim" in text.lower(), doc


# -- 11. pcc: a 1996 round cites the rules in force -------------------------------------------------------------
def test_a_1996_round_cites_portaria_21_96_m_in_every_refusal() -> None:
    def message(act: Callable[[pcc.Round], object], ruleset: str = "1996", **kw: Any) -> str:
        rnd = pcc.Round(ruleset, **kw)
        with pytest.raises(pcc.PccError) as e:
            act(rnd)
        return e.value.message

    cases: list[tuple[Callable[[pcc.Round], object], str, dict[str, Any]]] = [
        (lambda r: (r.close_betting(), r.place("big=5")), "Art. 3(a)", {}),
        (lambda r: (r.settle("fish crab prawn"), r.place("big=5")), "Art. 4", {}),
        (lambda r: r.settle("fish crab prawn"), "Art. 3(a)-(b)", {"automatic_bell": False}),
        (lambda r: (r.close_betting(), r.close_betting()), "Art. 3(a)", {}),
        (lambda r: r.place("total:18=5"), "Art. 5(j)", {}),
        (lambda r: r.place("colour4:red=5"), "Art. 5", {}),
        (lambda r: r.place("figure:any=5"), "Art. 5(g), 5(i)", {}),
        (lambda r: r.settle("fish crab"), "Art. 1(a)", {}),
        (lambda r: (r.place("big=5"), r.close_betting(), r.void_roll("tilted"), r.withdraw(1)), "Art. 3(c)", {}),
    ]
    for act, article, kw in cases:
        text = message(act, **kw)
        # before the fix each of these cited "Despacho 59/2004" at a 1996 table
        assert "59/2004" not in text and f"Portaria 21/96/M, {article}" in text, text
        assert "Despacho 59/2004" in message(act, "2004", **kw)
    # the record of a 1996 round and the codes: unchanged
    rnd = pcc.Round("1996")
    rnd.close_betting()
    with pytest.raises(pcc.PccError) as e:
        rnd.place("big=5")
    assert e.value.code == "bet.after_bell" and type(e.value) is pcc.IllegalActionError
    record = pcc.Round("1996").to_record()
    record["events"] = [{"event": "close_betting"}, {"event": "place", "ticket": 1, "bet": "big=5"}]
    with pytest.raises(pcc.PccError) as e:
        pcc.Round.from_record(record)
    assert "59/2004" not in e.value.message and "Portaria 21/96/M, Art. 3(a)" in e.value.message
    assert re.search(r"\(Portaria 21/96/M, Art\. 3\(a\)\)$", e.value.message)
