"""Dealing (docs/rules.md §1.6, Art. 1-2): shuffle, stacks, cuts, dice, the first stack, the deal,
exposed tiles."""

from __future__ import annotations

import pickle
import random
import secrets
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow import DECK, Tile
from paigow.table.dealing import (
    Cut,
    Deal,
    DiceRoll,
    Exposure,
    ExposureEffect,
    Stacks,
    VoidReason,
    check_cut,
    exposure_effect,
    first_position,
    make_rng,
    roll_dice,
    shuffle,
)
from paigow.errors import IllegalActionError, InvalidHandError, InvalidRecordError, InvalidTileError, NotationError

NS = {"Cut": Cut, "DiceRoll": DiceRoll, "VoidReason": VoidReason, "Stacks": Stacks, "Tile": Tile, "Deal": Deal,
      "Exposure": Exposure, "ExposureEffect": ExposureEffect}


# -- shuffle ----------------------------------------------------------------------------------------
def test_shuffle_is_secure_by_default_and_reproducible_with_a_seed() -> None:
    assert isinstance(make_rng(), secrets.SystemRandom)
    assert type(make_rng(3)) is random.Random
    assert shuffle(seed=11) == shuffle(seed=11)
    assert shuffle(seed=11) != shuffle(seed=12)
    assert shuffle() != shuffle()   # 32!/2^11 orders: two secure shuffles never meet


def test_a_shuffle_lays_out_the_whole_deck_in_8_stacks_of_4() -> None:
    s = shuffle(seed=5)
    assert len(s.stacks) == 8 and all(len(x) == 4 for x in s.stacks)
    assert Counter(s.tiles) == Counter(DECK)


def test_stacks_text_and_repr_round_trip() -> None:
    s = shuffle(seed=2)
    assert Stacks.parse(str(s)) == s
    assert eval(repr(s), NS) == s
    assert pickle.loads(pickle.dumps(s)) == s


@pytest.mark.parametrize(("tiles", "error", "match"), [
    (DECK[:31], InvalidHandError, r"32 tiles are needed, 31 given"),
    (DECK[:31] + (DECK[0],), InvalidTileError, r"too many 6-6 \(天\): 3 given, the deck holds 2"),
])
def test_stacks_need_the_whole_deck(tiles: tuple[Tile, ...], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        Stacks.from_tiles(tiles)


def test_stacks_parse_names_the_short_stack() -> None:
    text = str(Stacks.from_tiles(DECK)).replace("6-6 6-6 1-1 1-1", "6-6 6-6 1-1", 1)
    with pytest.raises(InvalidHandError, match=r"stack 0 has 3 tiles, not 4"):
        Stacks.parse(text)


# -- cuts (Art. 2.1) --------------------------------------------------------------------------------
@pytest.mark.parametrize("k", range(1, 8))
def test_a_cut_moves_k_whole_stacks_from_the_front_to_the_end(k: int) -> None:
    s = shuffle(seed=k)
    c = s.cut(k)
    assert c.stacks == s.stacks[k:] + s.stacks[:k]
    assert c.stacks[-k] == s.stacks[0] and c.stacks[0] == s.stacks[k]


@pytest.mark.parametrize(("k", "error"), [(0, IllegalActionError), (8, IllegalActionError), (-1, IllegalActionError),
                                          (2.5, TypeError), (True, TypeError), ("3", TypeError)])
def test_a_cut_beyond_the_rules(k: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=r"a cut moves .*stacks"):
        Stacks.from_tiles(DECK).cut(k)  # type: ignore[arg-type]
    with pytest.raises(error, match=r"a cut moves .*stacks"):
        Cut(2, k)  # type: ignore[arg-type]


def test_cut_order_two_players_then_the_banker_then_nobody() -> None:
    check_cut([], 3, 2, banker=0)
    check_cut([Cut(3, 2)], 5, 1, banker=0)
    check_cut([Cut(3, 2), Cut(5, 1)], 0, 4, banker=0)        # the banker after two players
    check_cut([], 0, 4, banker=0)                          # the banker alone
    with pytest.raises(IllegalActionError, match=r"two player positions \(3, 5\) have cut"):
        check_cut([Cut(3, 2), Cut(5, 1)], 6, 1, banker=0)
    with pytest.raises(IllegalActionError, match=r"nobody cuts after the banker"):
        check_cut([Cut(0, 4)], 3, 1, banker=0)
    with pytest.raises(IllegalActionError, match=r"position 3 has cut already"):
        check_cut([Cut(3, 2)], 3, 1, banker=0)
    with pytest.raises(IllegalActionError, match=r"unknown position 8"):
        check_cut([], 8, 1, banker=0)


def test_cut_text_round_trips() -> None:
    c = Cut(4, 6)
    assert Cut.parse(str(c)) == c and eval(repr(c), NS) == c


# -- dice and the first stack (Art. 1.2, 1.5) -------------------------------------------------------
def counted(banker: int, total: int) -> int:
    """Count ``total`` positions in dealing order, the banker being 1."""
    pos = banker
    for _ in range(total - 1):
        pos = (pos + 1) % 8
    return pos


@pytest.mark.parametrize("total", range(4, 25))
def test_the_first_stack_for_each_dice_total(total: int) -> None:
    for banker in range(8):
        assert first_position(banker, total) == counted(banker, total) == (banker + total - 1) % 8
    # totals 9 and 17 come back to the banker, 8, 16 and 24 to the position before it
    assert first_position(3, total) == {4: 6, 5: 7, 6: 0, 7: 1, 8: 2, 9: 3, 10: 4, 11: 5, 12: 6, 13: 7, 14: 0,
                                        15: 1, 16: 2, 17: 3, 18: 4, 19: 5, 20: 6, 21: 7, 22: 0, 23: 1,
                                        24: 2}[total]


@pytest.mark.parametrize("total", [3, 25, 0])
def test_no_such_dice_total(total: object) -> None:
    with pytest.raises(IllegalActionError, match=r"4 dice add up to 4 to 24"):
        first_position(0, total)  # type: ignore[arg-type]
    for wrong in (16.0, True):
        with pytest.raises(TypeError, match=r"a dice total is an int"):
            first_position(0, wrong)  # type: ignore[arg-type]


def test_a_roll_is_4_dice_of_1_to_6() -> None:
    assert DiceRoll((1, 1, 1, 1)).total == 4 and DiceRoll((6, 6, 6, 6)).total == 24
    for bad in [(1, 2, 3), (1, 2, 3, 4, 5), (0, 1, 1, 1), (7, 1, 1, 1)]:
        with pytest.raises(IllegalActionError, match=r"a roll is 4 dice, each 1 to 6"):
            DiceRoll(bad)  # type: ignore[arg-type]
    for wrong in [(1.0, 1, 1, 1), "1234"]:
        with pytest.raises(TypeError, match=r"a roll is a tuple of 4 ints"):
            DiceRoll(wrong)  # type: ignore[arg-type]


def test_simulated_dice_are_fair_and_reproducible() -> None:
    rng = make_rng(9)
    rolls = [roll_dice(rng) for _ in range(3000)]
    faces = Counter(d for r in rolls for d in r)
    assert set(faces) == {1, 2, 3, 4, 5, 6} and min(faces.values()) > 1800
    assert [roll_dice(make_rng(9)) for _ in range(1)] == rolls[:1]


def test_a_void_shake_does_not_pick_a_stack() -> None:
    v = DiceRoll((2, 2, 5, 1), VoidReason.FALLEN)
    assert str(v) == "2+2+5+1 (fallen)" and DiceRoll.parse(str(v)) == v and eval(repr(v), NS) == v
    assert DiceRoll((2, 2, 5, 1), "tilted").void is VoidReason.TILTED  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"is void: shake again"):
        v.first_position(0)
    with pytest.raises(NotationError, match=r"tilted or fallen dice, not 'wet'"):
        DiceRoll((2, 2, 5, 1), "wet")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"add up to 10, not 11"):
        DiceRoll.parse("2+2+5+1=11")


# -- the deal (Art. 1.3-1.4) ------------------------------------------------------------------------
@given(st.integers(0, 7), st.integers(4, 24), st.integers(0, 2**32))
def test_stacks_go_out_in_dealing_order_from_the_first_position(banker: int, total: int, seed: int) -> None:
    stacks = shuffle(seed=seed)
    first = first_position(banker, total)
    deal = Deal.from_stacks(stacks, first)
    for j in range(8):
        assert deal.hands[(first + j) % 8] == stacks.stacks[j]
    assert Counter(t for h in deal.hands if h for t in h) == Counter(DECK)   # all 32 tiles dealt
    assert Deal.parse(str(deal)) == deal and eval(repr(deal), NS) == deal


def test_an_entered_deal_is_checked() -> None:
    full = Deal.from_stacks(shuffle(seed=1), 0)
    hands = [" ".join(map(str, h)) for h in full.hands if h]
    assert Deal.from_hands(hands).hands == full.hands
    assert Deal.from_hands({1: "杂九 杂九 至尊 至尊", 2: "天 天 地 地"}).hands[1] == (
        Tile(4, 5), Tile(3, 6), Tile(2, 4), Tile(1, 2))
    with pytest.raises(InvalidTileError, match=r"the deal: too many 6-6 \(天\): 3 given.*\(positions 0, 5\)"):
        Deal.from_hands({0: "天 天 地 地", 5: "天 人 人 鹅"})          # a tile twice
    with pytest.raises(InvalidHandError, match=r"position 5 is dealt 4 tiles, not 5"):
        Deal.from_hands({5: "天 人 人 鹅 梅"})                       # a wrong count
    with pytest.raises(InvalidHandError, match=r"a deal is 8 hands"):
        Deal.from_hands(hands[:7])
    with pytest.raises(IllegalActionError, match=r"unknown position 8"):
        Deal.from_hands({8: "天 天 地 地"})
    with pytest.raises(InvalidTileError, match=r"unknown tile '7-7'"):
        Deal.from_hands({2: "天 天 地 7-7"})


# -- exposed tiles (Art. 2.2-2.3) -------------------------------------------------------------------
def test_exposed_tiles_counted_per_position() -> None:
    assert exposure_effect(3, 1, banker=0) is ExposureEffect.PLAY_ON
    assert exposure_effect(3, 2, banker=0) is ExposureEffect.SIT_OUT
    assert exposure_effect(0, 1, banker=0) is ExposureEffect.PLAY_ON
    assert exposure_effect(0, 2, banker=0) is ExposureEffect.VOID_DEAL
    e = Exposure(3, Tile(6, 6), 2, ExposureEffect.SIT_OUT)
    assert str(e) == "6-6 exposed at 3 (2 there): sit out" and eval(repr(e), NS) == e
