"""A bet taken back before the shake (``withdraw``, issue 38: a seat takes back its own bets):
all or part, the latest placed first; refused after the shake, beyond what was bet, and where it
would leave a position with bets nobody may hold (Art. 4.6-4.7, 7.5); a refused withdrawal
changes nothing, and a record with one replays to the same round."""

from __future__ import annotations

import pytest

from paigow.errors import IllegalActionError, IllegalBetError
from paigow.table.settlement import Bet
from paigow.table.actions import WithdrawBet, parse_action
from paigow.table.records import replay_round, round_record
from paigow.table.round import Round


def betting() -> Round:
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    r.bet(2, 40, "ann")
    r.bet(1, 50)
    return r


def test_part_of_a_bet_the_latest_placed_first() -> None:
    r = betting()
    assert r.withdraw(1, 70) == Bet(1, "P1", 70)
    assert r.bets == (Bet(1, "P1", 80), Bet(2, "ann", 40))
    assert r.withdraw(1) == Bet(1, "P1", 80)      # the rest
    assert r.bets == (Bet(2, "ann", 40),)
    assert r.withdraw(2, bettor="ann") == Bet(2, "ann", 40) and r.bets == ()
    assert [e.kind for e in r.state.log][-3:] == ["withdraw"] * 3


@pytest.mark.parametrize(("code", "cls", "call"), [
    ("bet.none", IllegalBetError, lambda r: r.withdraw(3)),
    ("bet.none", IllegalBetError, lambda r: r.withdraw(1, bettor="ann")),
    ("bet.withdraw_more", IllegalBetError, lambda r: r.withdraw(1, 151)),
    ("amount.not_positive", IllegalBetError, lambda r: r.withdraw(1, 0)),
])
def test_refused_and_nothing_changed(code: str, cls: type[Exception], call: object) -> None:
    r = betting()
    before = r.state
    with pytest.raises(cls) as e:
        call(r)  # type: ignore[operator]
    assert e.value.code == code and r.state is before  # type: ignore[attr-defined]
    assert not r.can_withdraw(3)


def test_not_after_the_shake_nor_leaving_a_position_nobody_holds() -> None:
    r = Round(0, seed=5)
    r.set_stake(1000)
    r.bet(1, 100)
    r.bet(2, 30)
    r.bet(2, 20, "P1")
    with pytest.raises(IllegalBetError) as e:   # P1 holds position 1: nobody would hold position 2
        r.withdraw(2)
    assert e.value.code == "bet.no_holder"
    r.shuffle()
    r.cut(3, 1)
    r.shake()
    with pytest.raises(IllegalActionError) as x:
        r.withdraw(1)
    assert x.value.code == "bet.after_shake"


def test_the_action_and_the_record() -> None:
    a = parse_action({"action": "withdraw", "position": 1, "amount": 30})
    assert a == WithdrawBet(1, 30) and a.to_json() == {"action": "withdraw", "position": 1, "amount": 30}
    r = betting()
    assert r.apply(a) == Bet(1, "P1", 30)
    r.shuffle()
    r.cut(3, 1)
    r.shake()
    r.deal()
    r.settle("max-back", "max-back")
    rec = round_record(r)
    assert {"event": "withdraw", "position": 1, "bettor": "P1", "amount": 30} in rec["events"]
    assert round_record(replay_round(rec)) == rec
