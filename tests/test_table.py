"""The table's procedure (docs/rules.md §1.6-1.7): Round and Session, each action verify/can/do, and a
refused action leaves the table as it was."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from record_schemas import every_record_matches_its_schema  # noqa: F401  (every record checked)
from hypothesis import given
from hypothesis import strategies as st

from paigow import DECK, Outcome, Setting, compare, settings
from paigow.table.dealing import Deal, DiceRoll, ExposureEffect, Stacks, VoidReason
from paigow.errors import (
    IllegalActionError,
    InvalidBetError,
    IllegalBetError,
    InvalidHandError,
    InvalidRecordError,
    InvalidStrategyError,
    InvalidTileError,
    NotationError,
    PaigowError,
)
from paigow.table.settlement import HOUSE, Bet, LineKind, Options, Rounding, Share
from paigow.strategies import max_back
from paigow.table import Phase, Round, RoundResult, Session, choose_setting, settle_record, simulate_round
from paigow.tiles import Tile


def refused(obj: Any, name: str, *args: Any, error: type[Exception] = PaigowError, match: str | None = None,
            **kw: Any) -> None:
    """``name`` is refused three ways (can/verify/do) and the table is unchanged."""
    before = obj.state
    assert getattr(obj, f"can_{name}")(*args, **kw) is False
    with pytest.raises(error, match=match):
        getattr(obj, f"verify_{name}")(*args, **kw)
    with pytest.raises(error, match=match):
        getattr(obj, name)(*args, **kw)
    assert obj.state is before


def betting(banker: int = 0, stake: int = 1000, bets: dict[int, int] | None = None, **kw: Any) -> Round:
    r = Round(banker, seed=kw.pop("seed", 1), **kw)
    r.set_stake(stake)
    for p, a in (bets if bets is not None else {(banker + 1) % 8: 100, (banker + 2) % 8: 100}).items():
        r.bet(p, a)
    return r


def balanced(result: RoundResult) -> RoundResult:
    led = result.ledger
    assert sum(led.changes.values()) + led.commission == 0
    assert -led.bank <= led.bank_result <= led.bank
    return result


# tiles where position 1's split 0 (ab|cd) loses, split 1 (ac|bd) wins and split 2 loses
BANKER_TILES, P1_TILES = "5-5 4-4 3-3 2-5", "1-6 1-4 4-5 1-3"


# -- a round from end to end ------------------------------------------------------------------------
def test_a_simulated_round_follows_the_procedure() -> None:
    r = betting(banker=2, bets={3: 100, 6: 250, 1: 50})
    assert r.phase is Phase.BETTING and not r.frozen
    stacks = r.shuffle()
    roll = r.shake()
    assert r.state.phase is Phase.SHAKEN and r.frozen
    assert r.first_position == (2 + roll.total - 1) % 8
    deal = r.deal()
    assert deal.hands[r.first_position] == stacks.stacks[0]
    assert r.phase is Phase.DEALT
    res = balanced(r.settle("equilibrium"))
    assert r.phase is Phase.SETTLED and r.result is res
    assert res.strategies == tuple(None if p in (0, 4, 5, 7) else "equilibrium" for p in range(8))
    assert [p.position for p in res.plays] == [3, 6, 1]          # betting order from the banker
    for p in (3, 6, 1):
        mine, bank = res.settings[p], res.settings[2]
        assert mine is not None and bank is not None
        assert mine.front.rank <= mine.back.rank                 # the dealer's arrangement
        assert res.outcomes[p] is compare(mine, bank)
    assert res.outcomes[2] is None and res.outcomes[0] is None
    refused(r, "settle", error=IllegalActionError, match=r"the round is settled")


@pytest.mark.parametrize("rules", ["macau", "us"])
def test_the_same_seed_replays_the_same_round(rules: str) -> None:
    kw: dict[str, Any] = {"house_stake": 300} if rules == "macau" else {}   # the US house banks alone
    assert simulate_round(42, rules=rules, **kw) == simulate_round(42, rules=rules, **kw)
    assert simulate_round(42, rules=rules) != simulate_round(43, rules=rules)


def test_the_default_strategy_is_the_equilibrium() -> None:
    from paigow.table import default_strategy

    import numpy as np

    import paigow
    from paigow.table.round_strategies import strategy_table as _strategy

    assert default_strategy() == "equilibrium"
    for seat in ("player", "banker"):
        assert np.array_equal(_strategy(None, seat), paigow.strategy(seat))


def test_settings_by_max_back_unless_given() -> None:
    r = betting(bets={1: 100})
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    res = r.settle("max-back")
    assert res.settings[1] == max(settings(P1_TILES), key=lambda s: (s.back.rank, s.front.rank))
    refused(betting(), "settle", "greedy", error=IllegalActionError)
    r = betting(bets={1: 100})
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    refused(r, "settle", "greedy", error=InvalidStrategyError, match=r"unknown strategy 'greedy'")


# -- bets and backline bets (Art. 4.6-4.7, 7) -------------------------------------------------------
def test_the_largest_bet_holds_the_first_placed_on_equal_bets() -> None:
    r = betting(bets={})
    r.bet(3, 100)
    r.bet(3, 300, bettor="ann")
    r.bet(3, 300, bettor="bob")
    assert r.holder(3) == "ann"
    r.bet(3, 250)               # P3's bets add up to 350
    assert r.holder(3) == "P3"
    assert [b.amount for b in r.bets_on(3)] == [100, 300, 300, 250]


def test_only_the_holder_sets_the_tiles() -> None:
    r = betting(bets={})
    r.bet(1, 100)
    r.bet(1, 200, bettor="ann")
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    refused(r, "set_hand", 1, 1, by="P1", error=IllegalActionError, match=r"'ann' holds it \(Art. 7.1, 7.5\)")
    assert r.set_hand(1, 1, by="ann") == settings(P1_TILES)[1]


def test_nobody_holds_two_positions_the_next_largest_bettor_holds() -> None:
    r = betting(bets={1: 100, 2: 100})
    r.bet(1, 200, bettor="ann")
    r.bet(2, 50, bettor="ann")   # backing position 2 without holding it
    assert r.holders() == {1: "ann", 2: "P2"}
    r.bet(2, 100, "ann")         # ann is now the largest bettor on 2 too: accepted, P2 holds (Art. 7.5)
    assert r.holder(1) == "ann" and r.holder(2) == "P2"
    r.deal({0: BANKER_TILES, 1: P1_TILES, 2: "天 天 地 地"})
    refused(r, "set_hand", 2, 0, by="ann", error=IllegalActionError, match=r"'P2' holds it \(Art. 7.1, 7.5\)")
    r.set_hand(2, 0, by="P2")
    r.set_hand(1, 0, by="ann")
    r.set_hand(0, 0)
    res = balanced(r.settle())
    assert {p.position: p.holder for p in res.plays} == {1: "ann", 2: "P2"}


def test_a_position_nobody_could_hold_is_refused() -> None:
    r = betting(bets={})
    r.bet(3, 100, "ann")
    # ann holds 3 and would be alone on 1 too: no assignment holds both (the holders as they
    # were are kept, so it is the new bet's position that nobody could set)
    refused(r, "bet", 1, 200, "ann", error=IllegalBetError,
            match=r"nobody could set position 1: its bettor 'ann' holds another position.*Art. 7.5")
    r.bet(3, 50, "bob")
    r.bet(1, 200, "ann")
    assert r.holders() == {1: "ann", 3: "bob"}


@pytest.mark.parametrize(("args", "match", "code"), [
    ((3, 0), r"bet 0 on position 3 by 'P3' must be above zero", "amount.not_positive"),
    ((3, -50), r"bet -50 on position 3 by 'P3' must be above zero", "amount.not_positive"),
    ((3, 10**15 + 1), r"above the maximum amount 10\^15", "amount.too_large"),
    ((0, 100), r"position 0 is the banker's: nobody bets on the banker's own position", "bet.banker_position"),
    ((8, 100), r"unknown bet position 8: positions are 0-7", "bet.position"),
    ((-1, 100), r"unknown bet position -1", "bet.position"),
    ((3, 100, "P0"), r"'P0' is the banker and does not bet against the bank", "bet.banker"),
    ((3, 100, "house"), r"reserved", "name.reserved"),
    ((3, 100, ""), r"bettor '' must be a non-empty name", "name.syntax"),
])
def test_bad_bets(args: tuple[Any, ...], match: str, code: str) -> None:
    refused(betting(), "bet", *args, error=InvalidBetError, match=match)
    with pytest.raises(InvalidBetError) as e:
        betting().bet(*args)
    assert e.value.code == code


@pytest.mark.parametrize("args", [(3, 12.5), (3, True), (3, "100"), ("3", 100), (3, 100, 7)])
def test_a_bet_of_the_wrong_type_is_a_type_error(args: tuple[Any, ...]) -> None:
    r = betting()
    before = r.state
    with pytest.raises(TypeError):
        r.bet(*args)
    assert r.state is before


def test_bets_and_stakes_are_frozen_once_the_dice_are_shaken() -> None:
    r = betting()
    r.shake((1, 2, 3, 4), void="tilted")       # even a void shake is a shake
    assert r.phase is Phase.BETTING and r.frozen
    refused(r, "bet", 3, 100, error=IllegalActionError, match=r"no bet may be placed or changed after the shake \(Art. 4.7\)")
    refused(r, "set_stake", 2000, error=IllegalActionError, match=r"no stake may be placed or changed")
    refused(r, "co_bank", HOUSE, 500, error=IllegalActionError, match=r"no stake may be placed")
    r.shake((1, 2, 3, 4))
    refused(r, "bet", 3, 100, error=IllegalActionError, match=r"after the shake")


# -- the stake and co-banking (Art. 3, 4.4, 4.9) ----------------------------------------------------
def test_the_banker_shakes_only_with_the_stake_on_the_table() -> None:
    r = Round(0, seed=1)
    refused(r, "shake", error=IllegalActionError, match=r"puts the stake on the table before shaking \(Art. 4.4\)")
    refused(r, "set_stake", 0, error=InvalidBetError, match=r"stake 0 of the banker 'P0' must be above zero")
    r.set_stake(500)
    r.set_stake(700)     # corrected before the shake
    assert r.shares == (Share("P0", 700),)


def test_a_carried_stake_is_never_lowered() -> None:
    r = Round(0, min_stake=1200, seed=1)
    refused(r, "set_stake", 1100, error=InvalidBetError, match=r"below 1200.*never lowered \(Art. 4.9\)")
    r.set_stake(1200)


def test_co_banking_shares_and_the_bank() -> None:
    r = betting(bets={})
    assert r.co_bank(HOUSE, 500) == Share(HOUSE, 500)               # before the round's first bet or share
    r.bet(1, 100)
    assert r.co_bank(4, 200) == Share("P4", 200)
    assert r.bank == 1700 and r.shares == (Share("P0", 1000), Share(HOUSE, 500), Share("P4", 200))
    # issue 21: the house's share is fixed in advance (Art. 3.1), no longer replaced before the shake
    refused(r, "co_bank", HOUSE, 600, error=IllegalActionError, match=r"the house's share is fixed in advance")
    assert r.co_bank(4, 300) == Share("P4", 300)                     # a player's share is replaced, in its place
    assert [s.party for s in r.shares] == ["P0", HOUSE, "P4"]
    r.bet(4, 50)                                                     # the co-banker plays its own position
    refused(r, "bet", 4, 50, "ann", error=InvalidBetError, match=r"'P4' co-banks and may take no backline bets \(Art. 3.3\)")
    refused(r, "co_bank", 0, 100, error=IllegalActionError, match=r"position 0 is the banker's")
    refused(r, "co_bank", 9, 100, error=IllegalActionError, match=r"unknown co-banking position 9")
    refused(r, "co_bank", 5, -1, error=InvalidBetError, match=r"stake -1 of co-banker 'P5' must be above zero")


def test_a_position_with_backline_bets_may_not_co_bank() -> None:
    r = betting(bets={3: 100})
    r.bet(3, 50, bettor="ann")
    refused(r, "co_bank", 3, 200, error=IllegalActionError, match=r"backline bets from 'ann'.*Art. 3.3")


def test_co_bank_result_is_split_pro_rata() -> None:
    r = Round(0, house_stake=500, seed=1)
    r.set_stake(500)
    r.bet(1, 300)
    r.deal({0: "5-5 4-6 1-4 2-5", 1: "6-6 6-6 1-1 1-1"})   # 双地 | 双天 wins both hands
    res = balanced(r.settle("max-back"))
    assert res.outcomes[1] is Outcome.WIN
    assert res.ledger.changes == {"P0": -150, HOUSE: -150, "P1": 285}


def test_the_larger_stake_of_banker_and_house_decides_a_disputed_setting() -> None:
    r = Round(0, house_stake=1500, seed=1)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    r.set_hand(1, 0)
    assert r.decider == HOUSE
    refused(r, "set_hand", 0, 1, by="P0", error=IllegalActionError, match=r"'house' does, having the larger stake")
    refused(r, "set_hand", 0, 1, by="banker", error=IllegalActionError, match=r"'house' does")
    r.set_hand(0, 1, by=HOUSE)
    r2 = Round(0, house_stake=1000, seed=1)
    r2.set_stake(1000)
    assert r2.decider == "P0"     # equal stakes: the banker


# -- shuffle, cuts and dice (Art. 1-2) --------------------------------------------------------------
def test_cuts_are_applied_before_the_deal() -> None:
    r = betting(banker=0)
    laid = r.shuffle(Stacks.from_tiles(DECK))
    r.cut(3, 2)
    r.cut(6, 5)
    r.cut(0, 1)                        # the banker last
    r.shake((1, 1, 1, 1))              # total 4: the first stack goes to position 3
    deal = r.deal()
    row = laid.cut(2).cut(5).cut(1)
    assert deal.first == 3 and deal.hands[3] == row.stacks[0] and deal.hands[2] == row.stacks[7]


def test_cut_rules_at_the_table() -> None:
    r = betting()
    r.shuffle()
    r.cut(3, 2)
    refused(r, "cut", 3, 1, error=IllegalActionError, match=r"position 3 has cut already")
    refused(r, "cut", 4, 8, error=IllegalActionError, match=r"a cut moves 1 to 7 whole stacks, not 8")
    r.cut(4, 7)
    refused(r, "cut", 5, 1, error=IllegalActionError, match=r"two player positions \(3, 4\) have cut")
    refused(r, "cut", 9, 1, error=IllegalActionError, match=r"unknown position 9")
    r.cut(0, 3)
    refused(r, "cut", 5, 1, error=IllegalActionError, match=r"nobody cuts after the banker")
    refused(r, "shuffle", error=IllegalActionError, match=r"laid out already")
    r2 = betting()
    r2.shake()
    refused(r2, "cut", 3, 1, error=IllegalActionError, match=r"may not cut: the dice have been shaken")


def test_tilted_or_fallen_dice_are_shaken_again() -> None:
    r = betting()
    r.shuffle()
    first = r.shake((6, 6, 6, 1), VoidReason.FALLEN)
    assert first.void is VoidReason.FALLEN and r.first_position is None
    refused(r, "deal", error=IllegalActionError, match=r"shake the dice first")
    r.shake((2, 2, 2, 2))
    assert r.first_position == 7
    assert r.deal_record.shakes == (DiceRoll((6, 6, 6, 1), VoidReason.FALLEN), DiceRoll((2, 2, 2, 2)))
    r.deal()
    res = r.settle("max-back")
    assert res.dice == DiceRoll((2, 2, 2, 2)) and len(res.deals[0].shakes) == 2
    refused(betting(), "shake", (1, 2, 3, 7), error=IllegalActionError, match=r"a roll is 4 dice")
    refused(betting(), "shake", None, "spun", error=NotationError, match=r"tilted or fallen dice, not 'spun'")


# -- the deal entered by a dealer -------------------------------------------------------------------
def test_an_entered_deal_is_checked_and_leaves_the_table_unchanged_when_wrong() -> None:
    r = betting(bets={1: 100, 2: 100})
    refused(r, "deal", {0: "天 天 地 地", 1: "天 人 人 鹅", 2: "梅 梅 长三 长三"}, error=InvalidTileError,
            match=r"too many 6-6 \(天\): 3 given, the deck holds 2 \(positions 0, 1\)")
    refused(r, "deal", {0: "天 天 地 地", 1: "人 人 鹅", 2: "梅 梅 长三 长三"}, error=InvalidHandError,
            match=r"position 1 is dealt 4 tiles, not 3")
    refused(r, "deal", {0: "天 天 地 地", 1: "人 人 鹅 鹅"}, error=InvalidHandError,
            match=r"the tiles of position 2 are needed")
    refused(r, "deal", {9: "天 天 地 地"}, error=IllegalActionError, match=r"unknown position 9")
    d = r.deal({0: "天 天 地 地", 1: "人 人 鹅 鹅", 2: "梅 梅 长三 长三"})
    assert d.seen == (0, 1, 2) and r.frozen and d.first is None
    refused(r, "bet", 3, 100, error=IllegalActionError)


def test_an_entered_deal_must_match_the_stacks_when_they_are_known() -> None:
    r = betting(bets={1: 100})
    r.shuffle(Stacks.from_tiles(DECK))
    r.shake((1, 1, 1, 1))    # first stack (天 天 地 地) to position 3
    refused(r, "deal", {0: "天 天 地 地", 1: "人 人 鹅 鹅"}, error=IllegalActionError,
            match=r"position 0 was not dealt 6-6 6-6 1-1 1-1 from the stacks laid out")
    # the refusal says nothing of what the stacks hold (issue 33: eight refusals read the stacks)
    row0 = Stacks.from_tiles(DECK).stacks
    try:
        r.deal({0: "天 天 地 地"})
    except IllegalActionError as e:
        assert all(" ".join(map(str, s)) not in str(e) for s in row0[1:])
    row = Stacks.from_tiles(DECK).stacks
    d = r.deal({0: " ".join(map(str, row[5])), 1: " ".join(map(str, row[6]))})
    assert d.first == 3 and d.hands[3] is None and d.hands[0] == row[5]


# -- exposed tiles (Art. 2.2-2.3) -------------------------------------------------------------------
def dealt(bets: dict[int, int] | None = None) -> Round:
    r = betting(bets=bets if bets is not None else {1: 100, 2: 100})
    r.shuffle(Stacks.from_tiles(DECK))
    r.shake((1, 1, 1, 6))   # total 9: the first stack to the banker, position 0
    r.deal()
    return r


def test_one_exposed_tile_play_goes_on() -> None:
    r = dealt()
    e = r.expose(1, "人")
    assert e.effect is ExposureEffect.PLAY_ON and e.count == 1
    r.expose(2, "梅")   # one at another position is one there too
    res = balanced(r.settle("max-back"))
    assert res.sat_out == () and all(res.outcomes[p] is not None for p in (1, 2))


def test_two_exposed_tiles_at_a_player_position_it_sits_out() -> None:
    r = dealt()
    r.expose(1, "人")
    e = r.expose(1, "4-4")
    assert e.effect is ExposureEffect.SIT_OUT and r.sat_out == (1,)
    refused(r, "set_hand", 1, 0, error=IllegalActionError, match=r"position 1 sits out")
    res = balanced(r.settle("max-back"))
    assert res.sat_out == (1,) and res.outcomes[1] is None
    assert [str(x) for x in res.ledger.lines if x.position == 1] == ["1. sat-out at 1: 100 returned to P1"]
    assert res.ledger.changes["P1"] == 0


def test_two_exposed_tiles_of_the_banker_void_the_deal_bets_unchanged() -> None:
    r = dealt()
    bets, shares = r.bets, r.shares
    r.expose(0, "天")
    e = r.expose(0, "地")
    assert e.effect is ExposureEffect.VOID_DEAL
    assert r.phase is Phase.BETTING and r.frozen and r.bets == bets and r.shares == shares
    assert r.state.void_deals[0].void and r.deal_record.deal is None
    refused(r, "bet", 3, 100, error=IllegalActionError, match=r"after the shake")
    r.shuffle()                 # the deal is made again
    r.shake()
    r.deal()
    res = balanced(r.settle("max-back"))
    assert len(res.deals) == 2 and res.deals[0].void and not res.deals[1].void
    assert res.bets == bets


def test_exposures_that_cannot_have_happened() -> None:
    r = dealt()   # position 0 holds 天 天 地 地
    refused(r, "expose", 0, "人", error=IllegalActionError, match=r"position 0 holds 6-6 6-6 1-1 1-1: no 4-4")
    r.expose(1, "人")
    refused(r, "expose", 1, "5-5", error=IllegalActionError, match=r"no 5-5")
    r.expose(1, "人")
    refused(r, "expose", 1, "人", error=IllegalActionError, match=r"no other 4-4")
    refused(r, "expose", 8, error=IllegalActionError, match=r"unknown position 8")
    r.set_hand(2, 0)
    refused(r, "expose", 2, error=IllegalActionError, match=r"before any hand is set")


# -- settings and the dealer's arrangement (Art. 5, 8) ----------------------------------------------
def test_settings_are_checked_and_arranged() -> None:
    r = betting(bets={1: 100})
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    refused(r, "set_hand", 0, 0, error=IllegalActionError, match=r"the banker sets after every player \(Art. 8.1\)")
    refused(r, "set_hand", 2, 0, error=IllegalActionError, match=r"position 2 has no bets")
    refused(r, "set_hand", 1, "天 天 | 地 地", error=InvalidHandError, match=r"not a setting of position 1's tiles")
    refused(r, "set_hand", 1, 3, error=InvalidHandError, match=r"split 3 does not exist")
    s = r.set_hand(1, "1-3 1-4 | 1-6 4-5")      # given back first: the dealer arranges it
    assert s == Setting.parse("1-6 4-5 | 1-3 1-4") and str(s) == "1-6 4-5 | 1-3 1-4"
    r.set_hand(0, "3-3 2-5 | 5-5 4-4")
    res = r.settle()
    assert res.outcomes[1] is Outcome.WIN and res.strategies == (None,) * 8


# -- backline claims at the table (Art. 7.2) --------------------------------------------------------
def test_the_setter_owes_the_backline_bettors_when_another_split_would_have_won() -> None:
    r = betting(bets={})
    r.bet(1, 200, bettor="ann")
    r.bet(1, 100, bettor="bob")
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    r.set_hand(1, 0, by="ann")
    r.set_hand(0, "3-3 2-5 | 5-5 4-4")
    res = balanced(r.settle())
    assert res.outcomes[1] is Outcome.LOSE
    assert res.plays[0].other_outcomes == (Outcome.WIN, Outcome.LOSE)
    (claim,) = res.ledger.claims
    assert (claim.setter, claim.bettor, claim.amount, claim.got, claim.would_have) == ("ann", "bob", 195, -100, 95)
    assert res.ledger.changes == {"P0": 285, "ann": -200, "bob": -100}   # the house's money is untouched


def test_no_claim_when_the_setter_chose_well() -> None:
    r = betting(bets={})
    r.bet(1, 200, bettor="ann")
    r.bet(1, 100, bettor="bob")
    r.deal({0: BANKER_TILES, 1: P1_TILES})
    r.set_hand(1, 1, by="ann")
    r.set_hand(0, "3-3 2-5 | 5-5 4-4")
    assert balanced(r.settle()).ledger.claims == ()


# -- the round record (paigow settle) ---------------------------------------------------------------
def test_a_round_record_settles_like_the_table() -> None:
    res = settle_record({
        "format": "paigow-round/1", "banker": 0, "options": {"commission": "0.05", "rounding": "floor"},
        "events": [
            {"event": "stake", "amount": 1000},
            {"event": "co_bank", "party": "house", "stake": 500},
            {"event": "bet", "position": 1, "bettor": "ann", "amount": 200},
            {"event": "bet", "position": 1, "bettor": "bob", "amount": 100},
            {"event": "bet", "position": 4, "bettor": "P4", "amount": 100},
            {"event": "shake", "dice": [1, 2, 3, 4]},
            {"event": "deal", "hands": {"0": BANKER_TILES, "1": P1_TILES, "4": "天 天 地 地"}},
            {"event": "expose", "position": 4, "tile": "天"},
            {"event": "expose", "position": 4, "tile": "地"},
            {"event": "set", "position": 1, "setting": 0, "by": "ann"},
            {"event": "set", "position": 0, "setting": "3-3 2-5 | 5-5 4-4"},
        ]})
    assert res.sat_out == (4,) and res.outcomes[1] is Outcome.LOSE and res.dice == DiceRoll((1, 2, 3, 4))
    assert res.ledger.options == Options("5%", Rounding.FLOOR)
    assert res.ledger.changes == {"P0": 190, HOUSE: 95, "ann": -200, "bob": -100, "P4": 0}
    assert len(res.ledger.claims) == 1


# -- sessions (Art. 4.1, 4.3, 4.9) ------------------------------------------------------------------
def play_round(s: Session, stake: int | None = None, **kw: Any) -> RoundResult:
    r = s.start_round(stake, **kw)
    assert s.banker is not None
    for p in ((s.banker + 3) % 8, (s.banker + 5) % 8):
        r.bet(p, 100)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle("max-back")
    return s.end_round()


def test_a_banker_banks_at_most_two_rounds_unless_the_others_agree() -> None:
    s = Session(banker=0, seed=3)
    play_round(s, 1000)
    play_round(s)
    refused(s, "start_round", error=IllegalActionError, match=r"banked 2 rounds in a row.*Art. 4.1")
    play_round(s, others_agree=True)
    assert s.state.rounds_banked == 3


def test_the_stake_is_carried_topped_up_never_lowered_also_after_a_loss() -> None:
    s = Session(banker=0, seed=3)
    r = s.start_round(1000)
    r.bet(1, 300)
    r.deal({0: "5-5 4-6 1-4 2-5", 1: "6-6 6-6 1-1 1-1"})
    r.settle("max-back")
    res = s.end_round()
    assert res.ledger.changes["P0"] == -300 and s.carried == 700
    refused(s, "start_round", 699, error=InvalidBetError, match=r"stake 699 is below 700.*never lowered \(Art. 4.9\)")
    r = s.start_round()
    assert r.shares[0] == Share("P0", 700)
    refused(r, "set_stake", 600, error=InvalidBetError, match=r"below 700")
    r.set_stake(900)     # topped up
    r.bet(1, 100)
    r.shuffle()
    r.shake()
    r.deal()
    res = r.settle("max-back")
    s.end_round()
    assert s.carried == 900 + res.ledger.changes["P0"]


def test_the_bank_passes_in_dealing_order_and_may_be_declined() -> None:
    s = Session(banker=6, seed=3)
    play_round(s, 1000)                          # positions 1 and 3 bet
    refused(s, "decline", error=IllegalActionError, match=r"not offered")
    refused(s, "accept", error=IllegalActionError, match=r"not offered")
    t = s.pass_bank()
    assert (t.position, t.to, s.offer, s.banker) == (6, 7, 7, None)
    refused(s, "start_round", 1000, error=IllegalActionError, match=r"offered to position 7")
    assert s.decline().to == 1                   # the nearest after 7 that bet in the last round
    assert s.decline().to == 3
    assert str(s.accept()) == "3 takes the bank"
    assert s.banker == 3 and s.offer is None
    refused(s, "start_round", error=InvalidBetError, match=r"a new banker puts a stake on the table")
    res = play_round(s, 500)
    assert res.banker == 3 and res.shares[0] == Share("P3", 500)


def test_rounds_must_be_settled_and_ended_in_turn() -> None:
    s = Session(banker=0, seed=3)
    refused(s, "end_round", error=IllegalActionError, match=r"no round is open")
    r = s.start_round(1000)
    refused(s, "start_round", 1000, error=IllegalActionError, match=r"a round is open")
    refused(s, "pass_bank", error=IllegalActionError, match=r"a round is open")
    refused(s, "end_round", error=IllegalActionError, match=r"settle it first")
    r.bet(1, 10)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle("max-back")
    assert s.end_round().banker == 0 and s.round is None


def test_a_session_with_the_house_co_banking_every_round() -> None:
    s = Session(banker=2, house_stake=400, seed=8)
    res = play_round(s, 1000)
    assert res.shares == (Share("P2", 1000), Share(HOUSE, 400))
    assert s.carried == 1000 + res.ledger.changes["P2"]


# -- properties -------------------------------------------------------------------------------------
@st.composite
def simulated(draw: st.DrawFn) -> dict[str, Any]:
    banker = draw(st.integers(0, 7))
    positions = draw(st.lists(st.integers(0, 7).filter(lambda p: p != banker), unique=True, max_size=7))
    return {
        "seed": draw(st.integers(0, 2**63)),
        "banker": banker,
        "stake": draw(st.integers(1, 3000)),
        "bets": {p: draw(st.integers(1, 2000)) for p in positions},
        "house_stake": draw(st.none() | st.integers(1, 2000)),
        "options": Options(f"{draw(st.integers(0, 10))}%", draw(st.sampled_from(list(Rounding)))),
    }


@given(simulated())
def test_random_rounds_balance_stay_within_the_cap_and_replay(kw: dict[str, Any]) -> None:
    res = balanced(simulate_round(**kw))
    led = res.ledger
    assert led.bank == kw["stake"] + (kw["house_stake"] or 0)
    limits = {f"P{p}": a for p, a in kw["bets"].items()}
    limits[f"P{kw['banker']}"] = kw["stake"]
    if kw["house_stake"]:
        limits[HOUSE] = kw["house_stake"]
    for party, change in led.changes.items():   # nobody loses more than it staked or bet
        assert change >= -limits[party]
    assert Counter(t for h in res.deal.hands if h for t in h) == Counter(DECK)
    assert simulate_round(**kw) == res


ACTIONS = st.one_of(
    st.tuples(st.just("set_stake"), st.integers(-5, 2000)),
    st.tuples(st.just("co_bank"), st.sampled_from([HOUSE, 0, 3, 5, 9]), st.integers(-5, 500)),
    st.tuples(st.just("bet"), st.integers(-1, 8), st.sampled_from([0, 50, 100, -3, 2.5]),
              st.sampled_from([None, "ann", "bob", "P0", "P3"])),
    st.tuples(st.just("shuffle")),
    st.tuples(st.just("cut"), st.integers(-1, 8), st.integers(0, 8)),
    st.tuples(st.just("shake"), st.sampled_from([None, (1, 2, 3, 4), (0, 1, 1, 1)]),
              st.sampled_from([None, None, "tilted"])),
    st.tuples(st.just("shake"), st.just(None), st.just(None)),
    st.tuples(st.just("deal")),
    st.tuples(st.just("deal")),
    st.tuples(st.just("expose"), st.integers(0, 8)),
    st.tuples(st.just("set_hand"), st.integers(0, 8), st.integers(-1, 3)),
    st.tuples(st.just("set_hand"), st.integers(0, 8), st.integers(0, 2)),
    st.tuples(st.just("settle")),
    st.tuples(st.just("settle"), st.just("max-back")),
    st.tuples(st.just("turn")),
    st.tuples(st.just("declare"), st.sampled_from(["from the dice", "", "x" * 300])),
)
PREFIXES = [
    [],
    [("set_stake", 1000), ("bet", 1, 100, None), ("bet", 4, 100, "ann"), ("shuffle",)],
    [("set_stake", 1000), ("bet", 1, 100, None), ("bet", 4, 100, "ann"), ("bet", 6, 50, "bob"), ("shuffle",),
     ("shake", None, None), ("deal",)],
]


@given(st.lists(ACTIONS, max_size=30), st.integers(0, 7), st.sampled_from(PREFIXES))
def test_every_action_is_allowed_exactly_when_can_says_so_and_a_refusal_changes_nothing(
        actions: list[tuple[Any, ...]], banker: int, prefix: list[tuple[Any, ...]]) -> None:
    r = Round(banker, seed=0)
    for name, *args in prefix + actions:
        before = r.state
        try:
            allowed = getattr(r, f"can_{name}")(*args)
        except TypeError:      # a wrong Python type is a TypeError everywhere, and changes nothing
            with pytest.raises(TypeError):
                getattr(r, name)(*args)
            assert r.state is before
            continue
        if allowed:
            getattr(r, name)(*args)
        else:
            with pytest.raises(PaigowError):
                getattr(r, name)(*args)
            assert r.state is before
        if r.result is not None:
            balanced(r.result)
            assert all(b.position != banker for b in r.result.bets)


def test_a_bet_record_is_what_the_table_holds() -> None:
    r = betting(bets={})
    assert r.bet(5, 70, "ann") == Bet(5, "ann", 70) == r.bets[-1]


# -- strategies -------------------------------------------------------------------------------------
@given(st.lists(st.integers(0, 31), min_size=4, max_size=4, unique=True), st.integers(0, 100))
def test_max_back_picks_the_strongest_back_then_front(idx: list[int], seed: int) -> None:
    import random

    tiles = [DECK[i] for i in idx]
    chosen = choose_setting(tiles, max_back(), random.Random(seed))
    best = max((s.back.rank, s.front.rank) for s in settings(tiles))
    assert (chosen.back.rank, chosen.front.rank) == best and chosen in settings(tiles)


def test_a_mixed_strategy_is_drawn_from_the_rounds_randomness() -> None:
    import numpy as np

    half = np.zeros((35960, 3))
    half[:, 0] = half[:, 2] = 0.5
    tiles: list[Tile] = [DECK[i] for i in (0, 2, 22, 28)]
    import random

    seen = {str(choose_setting(tiles, half, random.Random(k))) for k in range(40)}
    assert seen == {str(settings(tiles)[0]), str(settings(tiles)[2])}
    kw: dict[str, Any] = {"strategy": half, "banker_strategy": "max-back"}
    assert simulate_round(4, **kw) == simulate_round(4, **kw)


def test_a_banker_who_lost_the_stake_must_top_up() -> None:
    s = Session(banker=0, seed=3)
    r = s.start_round(300)
    r.bet(1, 300)
    r.deal({0: "5-5 4-6 1-4 2-5", 1: "6-6 6-6 1-1 1-1"})
    r.settle("max-back")
    s.end_round()
    assert s.carried == 0
    refused(s, "start_round", error=InvalidBetError, match=r"the stake was lost in the last round: top it up")
    assert s.start_round(200).bank == 200
