"""Bets: every spot wins and loses where docs/rules.md §2.2 says, on hand-picked rolls; text forms; bad input."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcc import (
    ALL_SPOTS,
    MAX_STAKE,
    Bet,
    BetKind,
    BetSyntaxError,
    IllegalBetError,
    Colour,
    Figure,
    InvalidBetError,
    InvalidColourError,
    InvalidFigureError,
    InvalidStakeError,
    PccError,
    Roll,
    Spot,
)

# (spot, roll, payout to one; 0 = the bet loses). Rolls are written as numbers.
HAND_PICKED = [
    # small: total 4-10, not a triple (Art. 5.1, 6.1, 7)
    ("small", "1-1-2", 1), ("small", "1-2-3", 1), ("small", "4-3-3", 1), ("small", "6-3-1", 1),
    ("small", "5-3-3", 0), ("small", "6-6-6", 0),
    ("small", "1-1-1", 0), ("small", "2-2-2", 0), ("small", "3-3-3", 0),  # Art. 7: triples lose
    # big: total 11-17, not a triple
    ("big", "5-3-3", 1), ("big", "6-6-5", 1), ("big", "6-4-1", 1),
    ("big", "4-3-3", 0), ("big", "1-1-2", 0),
    ("big", "4-4-4", 0), ("big", "5-5-5", 0), ("big", "6-6-6", 0),  # Art. 7
    # figure: 1 / 2 / 3 dice pay 1 / 2 / 3
    ("figure:crab", "5-1-2", 1), ("figure:crab", "5-5-1", 2), ("figure:crab", "5-5-5", 3),
    ("figure:crab", "1-2-3", 0), ("figure:crab", "2-2-2", 0),
    ("figure:fish", "1-6-6", 1), ("figure:rooster", "1-6-6", 2), ("figure:coin", "1-6-6", 0),
    # one die of a colour, exactly (green = prawn 2, crab 5)
    ("colour1:green", "2-1-3", 1), ("colour1:green", "5-6-6", 1),
    ("colour1:green", "2-5-1", 0), ("colour1:green", "2-5-5", 0), ("colour1:green", "1-3-4", 0),
    # two dice of a colour, exactly
    ("colour2:green", "2-5-1", 3), ("colour2:green", "2-2-6", 3),
    ("colour2:green", "2-1-3", 0), ("colour2:green", "2-5-5", 0), ("colour2:green", "1-3-4", 0),
    ("colour2:blue", "3-4-6", 3), ("colour2:red", "1-6-3", 3), ("colour2:red", "1-6-6", 0),
    # three dice of a colour
    ("colour3:green", "2-5-5", 20), ("colour3:green", "2-2-2", 20), ("colour3:green", "2-5-1", 0),
    ("colour3:blue", "3-4-3", 20), ("colour3:red", "1-6-6", 20), ("colour3:red", "3-4-3", 0),
    # three of a colour, any
    ("colour3:any", "1-6-6", 7), ("colour3:any", "3-4-4", 7), ("colour3:any", "2-5-2", 7),
    ("colour3:any", "1-1-1", 7), ("colour3:any", "1-2-6", 0), ("colour3:any", "3-4-5", 0),
    # a chosen triple
    ("triple:fish", "1-1-1", 150), ("triple:fish", "2-2-2", 0), ("triple:fish", "1-1-2", 0),
    ("triple:rooster", "6-6-6", 150), ("triple:rooster", "1-1-1", 0),
    # any triple
    ("triple:any", "3-3-3", 24), ("triple:any", "6-6-6", 24), ("triple:any", "1-1-2", 0),
    ("triple:any", "1-2-3", 0),
    # totals, including totals made by a triple (Art. 7 is about small and big only)
    ("total:4", "1-1-2", 50), ("total:4", "1-1-1", 0), ("total:17", "5-6-6", 50), ("total:17", "6-6-6", 0),
    ("total:5", "1-2-2", 18), ("total:5", "1-1-3", 18), ("total:16", "4-6-6", 18),
    ("total:6", "2-2-2", 14), ("total:6", "1-2-3", 14), ("total:15", "5-5-5", 14),
    ("total:7", "1-2-4", 12), ("total:14", "2-6-6", 12),
    ("total:8", "2-3-3", 8), ("total:13", "1-6-6", 8),
    ("total:9", "3-3-3", 6), ("total:10", "1-3-6", 6), ("total:11", "5-3-3", 6), ("total:12", "4-4-4", 6),
    ("total:9", "3-3-4", 0), ("total:12", "4-4-5", 0),
]  # fmt: skip


@pytest.mark.parametrize("spot_text, roll_text, pays", HAND_PICKED)
def test_hand_picked(spot_text: str, roll_text: str, pays: int) -> None:
    spot = Spot.parse(spot_text)
    r = Roll.parse(roll_text)
    assert spot.payout(r) == pays
    assert spot.wins(r) is (pays > 0)
    bet = Bet(spot, 10)
    assert bet.payout(r) == pays
    assert bet.net(r) == (10 * pays if pays else -10)
    if pays:
        assert pays in spot.payouts


def test_hand_picked_covers_every_spot_winning_and_losing() -> None:
    won = {s for s, _, p in HAND_PICKED if p}
    lost = {s for s, _, p in HAND_PICKED if not p}
    kinds_won = {Spot.parse(s).kind for s in won}
    kinds_lost = {Spot.parse(s).kind for s in lost}
    assert kinds_won == kinds_lost == set(BetKind)
    assert {f"total:{t}" for t in range(4, 18)} <= won


@pytest.mark.parametrize("figure", list(Figure))
def test_every_triple_rule(figure: Figure) -> None:
    """A triple: small and big lose (Art. 7); its chosen triple, any triple, its figure x3,
    its colour x3, three of a colour and its total all win; other triples lose."""
    r = Roll(figure, figure, figure)
    assert Spot.small().payout(r) == 0
    assert Spot.big().payout(r) == 0
    assert Spot.triple(figure).payout(r) == 150
    assert Spot.any_triple().payout(r) == 24
    assert Spot.figure(figure).payout(r) == 3
    assert Spot.colour(figure.colour, 3).payout(r) == 20
    assert Spot.colour(figure.colour, 2).payout(r) == 0
    assert Spot.colour(figure.colour, 1).payout(r) == 0
    assert Spot.any_colour().payout(r) == 7
    total = 3 * figure.number
    if 4 <= total <= 17:  # 3 (three fish) and 18 (three roosters) are not on the layout
        assert Spot.total(total).payout(r) == {6: 14, 9: 6, 12: 6, 15: 14}[total]
    for other in Figure:
        if other is not figure:
            assert Spot.triple(other).payout(r) == 0
            assert Spot.figure(other).payout(r) == 0


def test_small_and_big_do_win_on_the_same_totals_without_a_triple() -> None:
    # Totals 6, 9, 12, 15 can be made with or without a triple; only the triple loses.
    assert Spot.small().payout(Roll(1, 2, 3)) == 1 and Spot.small().payout(Roll(2, 2, 2)) == 0
    assert Spot.small().payout(Roll(2, 3, 4)) == 1 and Spot.small().payout(Roll(3, 3, 3)) == 0
    assert Spot.big().payout(Roll(3, 4, 5)) == 1 and Spot.big().payout(Roll(4, 4, 4)) == 0
    assert Spot.big().payout(Roll(4, 5, 6)) == 1 and Spot.big().payout(Roll(5, 5, 5)) == 0


def test_there_are_39_spots() -> None:
    assert len(ALL_SPOTS) == len(set(ALL_SPOTS)) == 39
    assert [s.index for s in ALL_SPOTS] == list(range(39))
    assert sorted(reversed(ALL_SPOTS)) == list(ALL_SPOTS)


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("big", "big"), ("Grande", "big"), ("大", "big"), ("small", "small"), ("pequeno", "small"), ("小", "small"),
        ("figure:crab", "figure:crab"), ("figure:5", "figure:crab"), ("figura:Caranguejo", "figure:crab"),
        ("figure:蟹", "figure:crab"), ("crab", "figure:crab"), ("camarão", "figure:prawn"), ("shrimp", "figure:prawn"),
        ("colour1:green", "colour1:green"), ("color1:Verde", "colour1:green"), ("colour2:綠", "colour2:green"),
        ("colour3:azul", "colour3:blue"), ("colour3:any", "colour3:any"), ("three-colour", "colour3:any"),
        ("triple:fish", "triple:fish"), ("triple:1", "triple:fish"), ("triple:any", "triple:any"),
        ("any-triple", "triple:any"), ("total:9", "total:9"), ("TOTAL : 17", "total:17"), ("total:04", "total:4"),
        ("三军:蟹", "figure:crab"), ("单色:红", "colour1:red"), ("雙色:綠", "colour2:green"),
        ("指定三色:蓝", "colour3:blue"), ("任何三色", "colour3:any"), ("指定围骰:鱼", "triple:fish"),
        ("任何圍骰", "triple:any"), ("triple:任何", "triple:any"), ("点数:9", "total:9"),
    ],
)  # fmt: skip
def test_spot_text_forms(text: str, canonical: str) -> None:
    spot = Spot.parse(text)
    assert str(spot) == canonical
    assert Spot.parse(canonical) is spot


@given(st.sampled_from(ALL_SPOTS), st.integers(min_value=1, max_value=10**15))
def test_text_forms_round_trip(spot: Spot, stake: int) -> None:
    assert Spot.parse(str(spot)) is spot
    assert eval(repr(spot)) is spot
    assert Spot(spot.kind, spot.target) is spot
    bet = Bet(spot, stake)
    assert Bet.parse(str(bet)) == bet
    assert eval(repr(bet)) == bet
    assert hash(Bet.parse(str(bet))) == hash(bet)
    assert Bet.parse(str(spot), stake=stake) == bet
    assert pickle.loads(pickle.dumps(bet)) == bet
    assert pickle.loads(pickle.dumps(spot)) is spot
    assert copy.deepcopy(spot) is spot


def test_constructors() -> None:
    assert Spot.small() is Spot.parse("small")
    assert Spot.big() is Spot("big")
    assert Spot.figure("peixe") is Spot.figure(1) is Spot(BetKind.FIGURE, Figure.FISH)
    assert Spot.colour(Colour.RED, dice=2) is Spot.parse("colour2:red")
    assert Spot.any_colour() is Spot.parse("colour3:any")
    assert Spot.triple(6) is Spot.parse("triple:rooster")
    assert Spot.any_triple() is Spot(BetKind.ANY_TRIPLE)
    assert Spot.total(10) is Spot("total", "10")
    assert Spot.total(10).payouts == (6,) and Spot.total(4).payouts == (50,)
    assert Spot.parse("colour2:red").description == "exactly two dice red"
    assert Spot.parse("small").article == "Art. 5.1, 6.1, 7"


def test_values_are_immutable() -> None:
    bet = Bet("big", 5)
    with pytest.raises(AttributeError):
        bet._stake = 6
    with pytest.raises(AttributeError):
        Spot.big()._index = 3


# -- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize("total", [3, 18, 0, 2, 19, -4])
def test_totals_off_the_layout(total: int) -> None:
    with pytest.raises(InvalidBetError, match=f"total {total} .*cannot be bet.*4 to 17.*Art. 5.10"):
        Spot.total(total)
    with pytest.raises(InvalidBetError, match=f"total {total} in bet 'total:{total}' cannot be bet"):
        Spot.parse(f"total:{total}")
    with pytest.raises(InvalidBetError, match="cannot be bet"):
        Bet.parse(f"total:{total}=100")


@pytest.mark.parametrize("text", ["total:x", "total:9.5", "total:", "total"])
def test_total_not_a_number(text: str) -> None:
    with pytest.raises(InvalidBetError, match=repr(text)):
        Spot.parse(text)


@pytest.mark.parametrize("text", ["figure:dragon", "triple:dragon", "figure:7", "figure:0", "triple:龙"])
def test_unknown_figure(text: str) -> None:
    with pytest.raises(InvalidFigureError, match=f"in bet {text!r}"):
        Spot.parse(text)
    with pytest.raises(InvalidFigureError):
        Bet.parse(text + "=10")


@pytest.mark.parametrize("text", ["colour1:purple", "colour2:rouge", "colour3:pink", "color1:7"])
def test_unknown_colour(text: str) -> None:
    with pytest.raises(InvalidColourError, match=f"in bet {text!r}"):
        Spot.parse(text)


@pytest.mark.parametrize(
    "text",
    ["dragon", "", "medium", "big:crab", "small:1", "figure", "colour1", "triple", "colour1:any", "figure:any",
     "total:any", "pair:crab"],
)  # fmt: skip
def test_unknown_bet(text: str) -> None:
    with pytest.raises(InvalidBetError, match=repr(text)):
        Spot.parse(text)


def test_bad_constructor_arguments() -> None:
    with pytest.raises(IllegalBetError, match="colour bet on 4 dice") as info:
        Spot.colour("red", dice=4)
    assert info.value.code == "bet.colour_dice"
    with pytest.raises(TypeError, match="dice True is not an integer"):
        Spot.colour("red", dice=True)
    with pytest.raises(BetSyntaxError, match="names nothing") as syntax:
        Spot("small", "crab")
    assert syntax.value.code == "bet.target_unexpected"
    with pytest.raises(BetSyntaxError, match="unknown kind") as syntax:
        Spot("pair", "crab")
    assert syntax.value.code == "bet.kind"
    with pytest.raises(TypeError, match="not an integer"):
        Spot.total(True)
    with pytest.raises(TypeError, match="not text"):
        Spot.parse(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Spot("figure", 3.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "stake, cls, message",
    [
        (0, InvalidStakeError, "stake 0 is not positive"),
        (-5, InvalidStakeError, "stake -5 is not positive"),
        (1.5, TypeError, "stake 1.5 is not an integer"),
        (100.0, TypeError, "stake 100.0 is not an integer"),
        (True, TypeError, "stake True is not an integer"),
        ("100", TypeError, "stake '100' is not an integer"),
        (None, TypeError, "stake None is not an integer"),
    ],
)
def test_bad_stakes(stake: object, cls: type[Exception], message: str) -> None:
    """A stake that is not an int is a wrong type (TypeError); an int out of range is a rule error."""
    with pytest.raises(cls, match=message):
        Bet("big", stake)  # type: ignore[arg-type]
    assert issubclass(InvalidStakeError, IllegalBetError) and issubclass(InvalidStakeError, PccError)


@pytest.mark.parametrize(
    "text, cls, code, message",
    [
        ("big=0", InvalidStakeError, "stake.not_positive", "stake 0 in bet 'big=0' is not positive"),
        ("big=-5", InvalidStakeError, "stake.not_positive", "stake -5 in bet 'big=-5' is not positive"),
        ("big=1.5", BetSyntaxError, "stake.syntax", "stake '1.5' in bet 'big=1.5' is not a whole number"),
        ("big=ten", BetSyntaxError, "stake.syntax", "stake 'ten' in bet 'big=ten' is not a whole number"),
        ("big=", BetSyntaxError, "stake.syntax", "stake '' in bet 'big=' is not a whole number"),
        ("big=1e3", BetSyntaxError, "stake.syntax", "stake '1e3' in bet 'big=1e3' is not a whole number"),
        ("big=٣", BetSyntaxError, "stake.syntax", "is not a whole number"),  # only ASCII digits
        ("big", BetSyntaxError, "stake.missing", "bet 'big' has no stake"),
        ("big=1000000000000001", InvalidStakeError, "stake.max", "more than the maximum of 1,000,000,000,000,000"),
        ("big=" + "9" * 5000, InvalidStakeError, "stake.max", "stake of 5000 digits"),
        ("big=-" + "9" * 5000, InvalidStakeError, "stake.not_positive", "stake of 5000 digits"),
    ],
)
def test_bad_stake_text(text: str, cls: type[Exception], code: str, message: str) -> None:
    with pytest.raises(cls, match=message) as info:
        Bet.parse(text)
    assert info.value.code == code  # type: ignore[attr-defined]


def test_the_largest_stake_is_accepted() -> None:
    assert Bet.parse(f"big={MAX_STAKE}").stake == MAX_STAKE == 10**15
    assert Bet.parse("big=" + "0" * 5000 + "7").stake == 7  # leading zeros cost nothing
    with pytest.raises(InvalidStakeError, match="maximum") as info:
        Bet("big", MAX_STAKE + 1)
    assert info.value.code == "stake.max"
    with pytest.raises(InvalidStakeError) as info:
        Bet("big", -(10**5000))
    assert info.value.code == "stake.not_positive" and len(str(info.value)) < 200


def test_stake_given_twice() -> None:
    with pytest.raises(BetSyntaxError, match="as well") as info:
        Bet.parse("big=5", stake=5)
    assert info.value.code == "stake.twice"
    with pytest.raises(InvalidStakeError, match="not positive"):
        Bet.parse("big", stake=0)


# -- fuzz: any text either parses to a value that prints back, or raises a PccError -------

_PIECES = ["big", "small", "figure", "colour1", "colour2", "colour3", "triple", "total", "any", "crab", "蟹",
           "verde", "green", ":", "=", " ", "-", "0", "1", "3", "9", "17", "18", "100", "1.5", "x", "Ã"]  # fmt: skip


@given(st.one_of(st.text(max_size=30), st.lists(st.sampled_from(_PIECES), max_size=6).map("".join)))
def test_fuzz_parsers(text: str) -> None:
    try:
        spot = Spot.parse(text)
    except PccError:
        pass
    else:
        assert Spot.parse(str(spot)) is spot
    try:
        bet = Bet.parse(text)
    except PccError:
        pass
    else:
        assert Bet.parse(str(bet)) == bet and bet.stake > 0
