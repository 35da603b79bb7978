"""Settlement (docs/rules.md §1.7-1.8): betting order, the bank cap, commission, co-bank shares,
backline claims, and the zero-sum ledger."""

from __future__ import annotations

import json
import pickle
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow import Outcome
from paigow.errors import IllegalActionError, InvalidBetError, InvalidOptionError
from paigow.table.records import ledger_from_json, ledger_json
from paigow.table.settlement import (
    BANK,
    HOUSE,
    Bet,
    Claim,
    Ledger,
    LedgerLine,
    LineKind,
    Options,
    Play,
    Rounding,
    Share,
    betting_order,
    settle,
    split,
)

W, P, L = Outcome.WIN, Outcome.PUSH, Outcome.LOSE


def play(position: int, outcome: Outcome | None, *bets: tuple[str, int], others: tuple[Outcome, ...] = ()) -> Play:
    return Play(position, outcome, tuple(Bet(position, b, a) for b, a in bets), others)


def balanced(ledger: Ledger) -> Ledger:
    assert sum(ledger.changes.values()) + ledger.commission == 0
    assert sum(ledger.changes_after_claims.values()) + ledger.commission == 0
    assert -ledger.bank <= ledger.bank_result <= ledger.bank
    return ledger


def texts(ledger: Ledger) -> list[str]:
    return [str(x) for x in ledger.lines]


# -- order ------------------------------------------------------------------------------------------
def test_betting_order_starts_after_the_banker_in_dealing_order() -> None:
    assert betting_order(0) == (1, 2, 3, 4, 5, 6, 7)
    assert betting_order(6) == (7, 0, 1, 2, 3, 4, 5)


def test_positions_settle_in_betting_order_whatever_order_they_are_given() -> None:
    plays = [play(p, L, (f"b{p}", 10)) for p in (2, 7, 0, 4)]
    ledger = balanced(settle(5, [Share("P5", 1000)], plays, Options(0)))
    assert [x.position for x in ledger.lines if x.kind is LineKind.LOSS] == [7, 0, 2, 4]
    assert [x.step for x in ledger.lines] == list(range(1, len(ledger.lines) + 1))


# -- the cap (Art. 4.5) -----------------------------------------------------------------------------
def test_cap_on_the_bank_win_reached_partway_later_losses_stand_off() -> None:
    ledger = balanced(settle(0, [Share("P0", 300)], [
        play(1, L, ("a", 200)),   # collected: bank +200
        play(2, L, ("b", 200)),   # 100 collected (bank reaches +300), 100 stands off
        play(3, L, ("c", 100)),   # the bank may win no more: stands off whole
        play(4, W, ("d", 100)),   # paid: bank +200
        play(5, L, ("e", 200)),   # 100 collected, 100 stands off
    ], Options(0)))
    assert texts(ledger) == [
        "1. loss at 1: a pays bank 200",
        "2. loss at 2: b pays bank 100",
        "3. stand-off at 2: 100 returned to b",
        "4. stand-off at 3: 100 returned to c",
        "5. win at 4: bank pays d 100",
        "6. loss at 5: e pays bank 100",
        "7. stand-off at 5: 100 returned to e",
        "8. share: bank pays P0 300",
    ]
    assert ledger.changes == {"P0": 300, "a": -200, "b": -100, "c": 0, "d": 100, "e": -100}
    assert ledger.stood_off == {"b": 100, "c": 100, "e": 100}
    assert ledger.bank_result == 300


def test_cap_on_the_bank_loss_reached_partway_later_wins_stand_off() -> None:
    ledger = balanced(settle(3, [Share("P3", 300)], [
        play(4, W, ("a", 200)),
        play(5, W, ("b", 200)),   # 100 paid: the bank is down its whole stake
        play(6, W, ("c", 50)),    # nothing left to pay: stands off
        play(7, L, ("d", 100)),   # a loss is still collected: bank back to -200
        play(0, W, ("e", 300)),   # 100 paid, 200 stands off
        play(1, P, ("f", 70)),
    ], Options(0)))
    assert ledger.changes == {"P3": -300, "a": 200, "b": 100, "c": 0, "d": -100, "e": 100, "f": 0}
    assert ledger.stood_off == {"b": 100, "c": 50, "e": 200}
    assert "4. stand-off at 6: 50 returned to c" in texts(ledger)
    assert "8. push at 1: 70 returned to f" in texts(ledger)
    assert ledger.bank_result == -300


def test_bets_of_one_position_share_what_fits_pro_rata() -> None:
    ledger = balanced(settle(0, [Share("P0", 100)], [play(1, W, ("a", 200), ("b", 100))], Options(0)))
    assert ledger.changes == {"P0": -100, "a": 67, "b": 33}
    assert ledger.stood_off == {"a": 133, "b": 67}


# -- commission (58/91/M) ---------------------------------------------------------------------------
@pytest.mark.parametrize(("rounding", "on_10", "on_30", "on_33"), [
    ("half-up", 1, 2, 2), ("half-down", 0, 1, 2), ("half-even", 0, 2, 2), ("floor", 0, 1, 1), ("ceiling", 1, 2, 2),
])
def test_commission_rounding(rounding: str, on_10: int, on_30: int, on_33: int) -> None:
    o = Options("5%", rounding)
    assert (o.commission_on(10), o.commission_on(30), o.commission_on(33)) == (on_10, on_30, on_33)
    ledger = balanced(settle(0, [Share("P0", 1000)], [play(1, W, ("a", 10))], o))
    assert ledger.changes["a"] == 10 - on_10 and ledger.commission == on_10


def test_default_commission_is_five_percent_half_up() -> None:
    assert Options() == Options(Fraction(1, 20), Rounding.HALF_UP)
    assert [Options().commission_on(w) for w in (1, 9, 10, 29, 30, 100, 110)] == [0, 0, 1, 1, 2, 5, 6]


def test_commission_on_every_win_and_on_the_banks_net_win() -> None:
    # two bettors on one position each pay on their own win: 0.5 + 0.5 rounds to 1 + 1
    ledger = balanced(settle(0, [Share("P0", 1000)], [
        play(1, W, ("a", 10), ("b", 10)),
        play(2, L, ("c", 500)),
    ]))
    assert ledger.changes == {"P0": 456, "a": 9, "b": 9, "c": -500}
    assert ledger.bank_result == 480 and ledger.bank_commission == 24 and ledger.commission == 26
    assert "6. commission: bank pays house 24" in texts(ledger)


def test_no_commission_on_a_bank_that_lost() -> None:
    ledger = balanced(settle(0, [Share("P0", 1000)], [play(1, W, ("a", 100)), play(2, L, ("c", 40))]))
    assert ledger.bank_commission == 0 and ledger.changes["P0"] == -60 and ledger.commission == 5


@pytest.mark.parametrize("rate", ["0.05", "5%", "1/20", Decimal("0.05"), Fraction(1, 20), 0.05])
def test_commission_rate_forms(rate: object) -> None:
    assert Options(rate).commission == Fraction(1, 20)  # type: ignore[arg-type]


@pytest.mark.parametrize("rate", [1, "-1%", "abc", "1/0", 1.5, "1" * 5000])
def test_bad_commission_rate(rate: object) -> None:
    with pytest.raises(InvalidOptionError, match=r"commission rate"):
        Options(rate)  # type: ignore[arg-type]


@pytest.mark.parametrize("rate", [None, True, [5]])
def test_commission_rate_of_the_wrong_type(rate: object) -> None:
    # a wrong Python type is a TypeError, not a project error (docs/errors.md)
    with pytest.raises(TypeError, match=r"commission rate"):
        Options(rate)  # type: ignore[arg-type]


def test_bad_rounding() -> None:
    with pytest.raises(InvalidOptionError, match=r"unknown rounding 'up': use 'half-up'"):
        Options(rounding="up")


# -- co-banking (Art. 3) ----------------------------------------------------------------------------
def test_split_is_largest_remainder_and_always_exact() -> None:
    assert split(7, [500, 300, 200]) == (4, 2, 1)          # 3.5, 2.1, 1.4: the .5 gets the unit
    assert split(-7, [500, 300, 200]) == (-4, -2, -1)
    assert split(2, [1, 1, 1]) == (1, 1, 0)                # equal remainders: earlier first
    assert split(0, [5, 5]) == (0, 0)


@given(st.integers(-10**9, 10**9), st.lists(st.integers(1, 10**6), min_size=1, max_size=8))
def test_split_sums_exactly_and_stays_within_a_unit(amount: int, weights: list[int]) -> None:
    parts = split(amount, weights)
    assert sum(parts) == amount
    for part, w in zip(parts, weights):
        exact = Fraction(amount * w, sum(weights))
        assert abs(part - exact) < 1


def test_co_bank_shares_pro_rata() -> None:
    shares = [Share("P0", 500), Share(HOUSE, 300), Share("P5", 200)]
    ledger = balanced(settle(0, shares, [play(1, W, ("a", 7))], Options(0)))
    assert ledger.bank == 1000
    assert ledger.changes == {"P0": -4, "house": -2, "P5": -1, "a": 7}
    ledger = balanced(settle(0, shares, [play(1, L, ("a", 100))]))
    # bank wins 100, commission 5 on the bank's net win, 95 shared 47.5 / 28.5 / 19
    assert ledger.changes == {"P0": 48, "house": 28, "P5": 19, "a": -100}
    assert ledger.commission == 5


def test_co_bank_cap_is_the_sum_of_the_shares() -> None:
    ledger = balanced(settle(0, [Share("P0", 100), Share(HOUSE, 50)], [play(1, W, ("a", 400))], Options(0)))
    assert ledger.changes == {"P0": -100, "house": -50, "a": 150}


# -- backline claims (Art. 7.2) ---------------------------------------------------------------------
def test_backline_claim_when_another_split_would_have_won() -> None:
    ledger = balanced(settle(0, [Share("P0", 1000)], [play(1, L, ("ann", 200), ("bob", 100), others=(W, L))]))
    assert ledger.claims == (Claim(1, "ann", "bob", 195, got=-100, would_have=95),)
    assert ledger.changes["bob"] == -100   # the table's money is not touched by the claim
    assert ledger.changes_after_claims["bob"] == 95 and ledger.changes_after_claims["ann"] == -395
    assert HOUSE not in {c.setter for c in ledger.claims}


def test_backline_claim_when_another_split_would_have_pushed() -> None:
    ledger = balanced(settle(0, [Share("P0", 1000)], [play(2, L, ("ann", 200), ("bob", 100), ("cy", 50), others=(L, P))]))
    assert [(c.bettor, c.amount) for c in ledger.claims] == [("bob", 100), ("cy", 50)]


@pytest.mark.parametrize("p", [
    play(1, L, ("ann", 200), ("bob", 100), others=(L, L)),   # no split would have done better
    play(1, P, ("ann", 200), ("bob", 100), others=(W, L)),   # the setting did not lose
    play(1, L, ("ann", 200), others=(W, W)),                 # nobody else bet on the position
    play(1, L, ("ann", 200), ("bob", 100)),                  # other outcomes not known
])
def test_no_backline_claim(p: Play) -> None:
    assert balanced(settle(0, [Share("P0", 1000)], [p])).claims == ()


def test_no_claim_when_the_loss_stood_off_and_the_win_could_not_be_paid() -> None:
    # the bank has already won its whole stake, so position 2's loss stands off: the bettors got
    # 0, which is what the push of another split would have given them
    ledger = balanced(settle(0, [Share("P0", 100)], [
        play(1, L, ("x", 100)),
        play(2, L, ("ann", 200), ("bob", 100), others=(P, L)),
    ]))
    assert ledger.stood_off == {"ann": 200, "bob": 100}
    assert ledger.claims == ()   # a push would have given bob 0, and bob got 0


def test_claim_uses_the_settlement_as_it_would_have_been_with_the_cap() -> None:
    # bank 100: had position 1 won, the bank could pay only 100 of its 300; bob's third is 33
    ledger = balanced(settle(0, [Share("P0", 100)], [play(1, L, ("ann", 200), ("bob", 100), others=(W,))], Options(0)))
    assert ledger.changes == {"P0": 100, "ann": -67, "bob": -33}
    assert ledger.claims == (Claim(1, "ann", "bob", 66, got=-33, would_have=33),)


# -- text forms, JSON, records ----------------------------------------------------------------------
def test_value_types_round_trip() -> None:
    ns = {"Bet": Bet, "Share": Share, "LedgerLine": LedgerLine, "LineKind": LineKind, "Claim": Claim,
          "Options": Options, "Fraction": Fraction, "Rounding": Rounding}
    ledger = settle(0, [Share("P0", 300), Share(HOUSE, 100)], [
        play(1, W, ("a b", 500)), play(2, P, ("c", 5)), play(3, L, ("d", 50), ("e", 20), others=(W,)),
    ])
    for line in ledger.lines:
        assert LedgerLine.parse(str(line)) == line
        assert eval(repr(line), ns) == line
    for x in (Bet(3, "ann lee", 100), Share("house", 5)):
        assert type(x).parse(str(x)) == x and eval(repr(x), ns) == x
        assert pickle.loads(pickle.dumps(x)) == x
    assert eval(repr(Options("3%", "floor")), ns) == Options("3%", "floor")
    assert eval(repr(ledger.claims[0]), ns) == ledger.claims[0]
    back = ledger_from_json(json.loads(json.dumps(ledger_json(ledger))))
    assert back == ledger and ledger_json(back) == ledger_json(ledger)


def test_ledger_json_fields() -> None:
    ledger = settle(0, [Share("P0", 1000)], [play(1, W, ("a", 100)), play(2, L, ("b", 300))])
    data = ledger_json(ledger)
    assert data["changes"] == {"P0": 190, "a": 95, "b": -300}
    assert data["commission"] == 15 and data["bank_result"] == 200 and data["bank_commission"] == 10
    assert data["lines"][0] == {"step": 1, "kind": "win", "position": 1, "payer": BANK, "payee": "a", "amount": 100}
    assert data["options"] == {"commission": "1/20", "rounding": "half-up"}


# -- bad input --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("make", "error", "match"), [
    (lambda: Bet(3, "ann", 0), InvalidBetError, r"bet 0 on position 3 by 'ann' must be above zero"),
    (lambda: Bet(3, "ann", -5), InvalidBetError, r"bet -5 .* must be above zero"),
    (lambda: Bet(3, "ann", 2.5), TypeError, r"bet 2.5 .* is not a whole number"),  # type: ignore[arg-type]
    (lambda: Bet(3, "ann", True), TypeError, r"bet True .* is not a whole number"),
    (lambda: Bet(3, "ann", "100"), TypeError, r"bet '100' .* is not a whole number"),  # type: ignore[arg-type]
    (lambda: Bet(8, "ann", 100), InvalidBetError, r"unknown bet position 8"),
    (lambda: Bet(3, "", 100), InvalidBetError, r"bettor '' must be a non-empty name"),
    (lambda: Bet(3, "house", 100), InvalidBetError, r"reserved"),
    (lambda: Share("P0", 0), InvalidBetError, r"stake 0 of 'P0' must be above zero"),
    (lambda: settle(0, [], []), InvalidBetError, r"at least one share"),
    (lambda: settle(0, [Share("P0", 5), Share("P0", 5)], []), InvalidBetError, r"'P0' holds two shares"),
    (lambda: settle(0, [Share("P0", 5)], [play(0, W, ("a", 1))]), InvalidBetError, r"banker's own position"),
    (lambda: settle(0, [Share("P0", 5)], [play(1, W, ("a", 1)), play(1, L, ("b", 1))]), IllegalActionError,
     r"position 1 is given twice"),
    (lambda: Play(1, W, (Bet(2, "a", 5),)), InvalidBetError, r"listed under position 1"),
    (lambda: Play(1, "win", ()), TypeError, r"must be an Outcome"),  # type: ignore[arg-type]
])
def test_bad_input_is_a_clear_error(make: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        make()  # type: ignore[operator]


# -- properties -------------------------------------------------------------------------------------
outcomes = st.sampled_from([W, P, L, None])


@st.composite
def rounds(draw: st.DrawFn) -> tuple[int, list[Share], list[Play], Options]:
    banker = draw(st.integers(0, 7))
    n_shares = draw(st.integers(1, 3))
    shares = [Share(f"S{i}", draw(st.integers(1, 2000))) for i in range(n_shares)]
    plays = []
    for pos in draw(st.lists(st.integers(0, 7).filter(lambda p: p != banker), unique=True, max_size=7)):
        bettors = draw(st.lists(st.sampled_from(["a", "b", "c", "S0"]), min_size=1, max_size=4))
        bets = tuple(Bet(pos, b, draw(st.integers(1, 1500))) for b in bettors)
        plays.append(Play(pos, draw(outcomes), bets, tuple(draw(st.lists(st.sampled_from([W, P, L]), max_size=2)))))
    options = Options(Fraction(draw(st.integers(0, 20)), 100), draw(st.sampled_from(list(Rounding))))
    return banker, shares, plays, options


@given(rounds())
def test_every_ledger_balances_and_nobody_loses_more_than_staked_or_bet(r: tuple[int, list[Share], list[Play], Options]) -> None:
    banker, shares, plays, options = r
    ledger = balanced(settle(banker, shares, plays, options))
    at_risk: dict[str, int] = {s.party: s.stake for s in shares}
    for p in plays:
        for b in p.bets:
            at_risk[b.bettor] = at_risk.get(b.bettor, 0) + b.amount
    for party, change in ledger.changes.items():
        assert change >= -at_risk[party]
    for s in shares:   # a share's result is within its stake
        share_lines = [x for x in ledger.lines if x.kind is LineKind.SHARE and s.party in (x.payer, x.payee)]
        assert sum(x.amount for x in share_lines) <= s.stake
    for c in ledger.claims:
        assert c.amount > 0 and c.setter != c.bettor and c.setter != HOUSE
    # every bet is accounted for: paid or collected, or returned
    for p in plays:
        for bettor, amount in p.stakes:
            moved = sum(x.amount for x in ledger.lines if x.position == p.position and
                        x.kind in (LineKind.WIN, LineKind.LOSS, LineKind.PUSH, LineKind.STAND_OFF, LineKind.SAT_OUT)
                        and bettor in (x.payer, x.payee))
            assert moved == amount
