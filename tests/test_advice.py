"""Advice, the equilibrium and whole-game values (docs/rules.md §1.9), against a plain-Python
enumeration and the engine's own best responses."""

from __future__ import annotations

import itertools
import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paigow
from paigow import DECK, InvalidHandError, InvalidStrategyError, InvalidTileError, advice
from paigow import _core
from paigow.game import handtypes
from paigow.rules import MACAU

import reference

ALL = paigow.all_hands()

HANDS = ["天 地 杂九 至尊", "6-6 3-3 2-2 2-4", "1-3 3-3 5-5 4-6", "4-5 2-3 1-2 5-6"]


def idx(text: str) -> tuple[int, int, int, int]:
    i = paigow.deck_indices(paigow.parse_tiles(text))
    return (i[0], i[1], i[2], i[3])


@pytest.mark.parametrize("text", HANDS[:3])
@pytest.mark.parametrize("seat", ["player", "banker"])
def test_counts_against_max_back_match_plain_enumeration(text: str, seat: str) -> None:
    a = paigow.advise(text, seat=seat, against="max-back")
    expected = reference.enumerate_counts(idx(text), reference.max_back_row, seat == "banker")
    for o, (w, p, l_) in zip(a.options, expected):
        assert (o.wins, o.pushes, o.losses) == (w, p, l_)  # integers, exactly
        assert w + p + l_ == 20475
        assert o.value == pytest.approx((w - l_) / 20475, abs=1e-15)


@pytest.mark.parametrize("text,seat", [(HANDS[1], "player"), (HANDS[3], "banker")])
def test_counts_against_the_equilibrium_match_plain_enumeration(text: str, seat: str) -> None:
    other = "banker" if seat == "player" else "player"
    a = paigow.advise(text, seat=seat)
    expected = reference.enumerate_counts(idx(text), paigow.strategy(other), seat == "banker")
    for o, e in zip(a.options, expected):
        assert [o.wins, o.pushes, o.losses] == pytest.approx(e, abs=1e-9)


def test_commission_counts_a_win_as_095() -> None:
    plain = paigow.advise(HANDS[0], against="max-back")
    fee = paigow.advise(HANDS[0], against="max-back", commission=True)
    for o, f in zip(plain.options, fee.options):
        assert (f.wins, f.losses) == (o.wins, o.losses)
        assert f.value == pytest.approx((0.95 * o.wins - o.losses) / 20475)
    assert fee.commission and not plain.commission


def test_banker_wins_copies_whichever_seat_is_advised() -> None:
    # 1-3 3-3 5-5 4-6 sets two zero hands against many copies: the banker's view of the same
    # counts is not the player's negated
    p = paigow.advise(HANDS[2], seat="player", against="max-back")
    b = paigow.advise(HANDS[2], seat="banker", against="max-back")
    assert any(o.pushes != q.pushes or o.wins != q.losses for o, q in zip(p.options, b.options))


def test_best_is_the_highest_value() -> None:
    for text in HANDS:
        for seat in ("player", "banker"):
            a = paigow.advise(text, seat=seat)
            assert a.options[a.best].value == max(o.value for o in a.options)
            assert a.best_setting == a.options[a.best].setting


def test_shipped_equilibrium_exploitability_is_below_1e6() -> None:
    assert paigow.exploitability("equilibrium", "equilibrium") <= 1e-6
    info = advice.equilibrium_info()
    assert info["exploitability"] <= 1e-6
    assert paigow.game_value().ev == pytest.approx(info["game_value"], abs=1e-9)


def test_max_back_is_exploitable() -> None:
    assert paigow.exploitability("max-back", "max-back") > 1e-3
    # the player's equilibrium does better than max-back against a max-back banker
    assert paigow.game_value("equilibrium", "max-back").ev > paigow.game_value("max-back", "max-back").ev


def test_equilibrium_settings_are_best_responses() -> None:
    # every setting the equilibrium plays is (within the solved accuracy) a best response to
    # the other seat's equilibrium, mixed hands included
    rng = np.random.default_rng(5)
    for seat in ("player", "banker"):
        table = paigow.strategy(seat)
        mixed = np.flatnonzero((table > 0).sum(axis=1) > 1)
        rows = np.concatenate([mixed[:6], rng.choice(len(ALL), 10, replace=False)])
        for r in rows:
            a = paigow.advise([DECK[i] for i in ALL[r]], seat=seat)
            best = max(o.value for o in a.options)
            for k, o in enumerate(a.options):
                if table[r, k] > 0:
                    assert o.value >= best - 1e-3, (seat, r)
            assert sum(o.probability or 0 for o in a.options) == pytest.approx(1.0)


def test_strategy_tables() -> None:
    for seat in ("player", "banker"):
        t = paigow.strategy(seat)
        assert t.shape == (35960, 3) and not t.flags.writeable
        assert np.allclose(t.sum(axis=1), 1.0) and (t >= 0).all()
        # hands of one type are set alike: 4-5 and 3-6 are the same for every purpose
        a = paigow.hand_index([0, 2, 22, 28])
        b = paigow.hand_index([1, 3, 23, 28])
        assert t[a].tolist() == t[b].tolist()
        # a setting that another beats or matches in both hands is never played
        _, ranks = paigow.setting_batch(ALL)
        f, k = ranks[:, :, 0].astype(int), ranks[:, :, 1].astype(int)
        for i in range(3):
            for j in range(3):
                if i != j:
                    dominated = (f[:, j] >= f[:, i]) & (k[:, j] >= k[:, i]) & ((f[:, j] > f[:, i]) | (k[:, j] > k[:, i]))
                    assert (t[dominated, i] == 0).all()


def test_game_value_is_exact_against_per_hand_counts() -> None:
    # every player hand's count against the max-back banker, added up, is the game's count
    mb = paigow.max_back()
    compiled = paigow.Strategy.named("max-back")._advice_packed
    wins = losses = 0
    for r in range(0, len(ALL)):
        counts = _core.advice_counts(ALL[r].astype(np.int64), *compiled, False, MACAU.core) >> _core.COUNT_SCALE_BITS
        k = int(np.argmax(mb[r]))
        wins += int(counts[k, 0])
        losses += int(counts[k, 2])
    v = paigow.game_value("max-back", "max-back")
    assert round(v.win * advice.PAIRINGS) == wins
    assert round(v.lose * advice.PAIRINGS) == losses
    assert v.win + v.push + v.lose == pytest.approx(1.0, abs=1e-12)


def test_game_value_of_mixed_and_caller_tables() -> None:
    # a caller's table that plays the equilibrium gives the same value as the name
    eq = paigow.game_value("equilibrium", "equilibrium")
    assert paigow.game_value(paigow.strategy("player").copy(), "equilibrium") == eq
    # the value is linear in the player's table
    mix = 0.25 * paigow.strategy("player") + 0.75 * paigow.max_back()
    v = paigow.game_value(mix, "equilibrium").ev
    v0, v1 = paigow.game_value("equilibrium", "equilibrium").ev, paigow.game_value("max-back", "equilibrium").ev
    assert v == pytest.approx(0.25 * v0 + 0.75 * v1, abs=1e-12)


def test_game_value_refuses_two_tables_that_split_types() -> None:
    t = paigow.max_back().copy()
    r = paigow.hand_index([0, 2, 22, 28])  # 天 地 4-5 2-4; its twin with 3-6 is set otherwise
    t[r] = [1.0, 0.0, 0.0]
    assert paigow.game_value(t, "max-back").ev != paigow.game_value("max-back", "max-back").ev
    with pytest.raises(InvalidStrategyError, match="at least one of them"):
        paigow.game_value(t, t)


@given(st.lists(st.integers(0, 31), min_size=4, max_size=4, unique=True), st.permutations(range(4)))
def test_best_settings_batch_agrees_with_tables(hand: list[int], perm: list[int]) -> None:
    for seat in ("player", "banker"):
        table = paigow.strategy(seat)
        row = paigow.hand_index(hand)
        shuffled = [hand[i] for i in perm]
        got = paigow.best_settings([hand, shuffled], seat=seat)
        s0 = paigow.settings([DECK[i] for i in hand])[got[0]]
        s1 = paigow.settings([DECK[i] for i in shuffled])[got[1]]
        assert s0 == s1
        srt = sorted(hand)
        expected = paigow.settings([DECK[i] for i in srt])[int(np.argmax(table[row]))]
        assert s0 == expected


def test_best_settings_over_all_hands() -> None:
    got = paigow.best_settings(ALL, strategy="max-back")
    assert (got == np.argmax(paigow.max_back(), axis=1)).all()


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: paigow.advise("天 地 杂九"), InvalidHandError, "4 tiles are needed, 3 given"),
        (lambda: paigow.advise("天 天 天 地"), InvalidTileError, "too many 6-6"),
        (lambda: paigow.advise("天 地 杂九 至尊", seat="dealer"), InvalidStrategyError, "unknown seat 'dealer'"),
        (lambda: paigow.advise("天 地 杂九 至尊", against="greedy"), InvalidStrategyError, "unknown strategy 'greedy'"),
        (lambda: paigow.advise("天 地 杂九 至尊", against=np.ones((10, 3)) / 3), InvalidStrategyError, r"shape \(35960, 3\)"),
        (lambda: paigow.advise("天 地 杂九 至尊", against=np.ones((35960, 3))), InvalidStrategyError, "row 0 .* sums to 3.0"),
        (lambda: paigow.advise("天 地 杂九 至尊", against=-paigow.max_back()), InvalidStrategyError, "negative"),
        (lambda: paigow.advise("天 地 杂九 至尊", commission="five"), paigow.InvalidOptionError, "not a number like"),
        (lambda: paigow.strategy("house"), InvalidStrategyError, "unknown seat 'house'"),
        (lambda: paigow.best_settings([[0, 1, 2, 2]]), InvalidTileError, "used twice"),
        (lambda: paigow.best_settings([[0, 1, 2]]), InvalidHandError, r"shape \(N, 4\)"),
        (lambda: paigow.best_settings([[0, 1, 2, 3]], strategy="greedy"), InvalidStrategyError, "unknown strategy"),
        (lambda: paigow.game_value("max-back", "nash"), InvalidStrategyError, "unknown strategy 'nash'"),
        (lambda: paigow.game_value(np.zeros((35960, 3)), "max-back"), InvalidStrategyError, "sums to 0.0"),
    ],
)
def test_bad_input(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_advise_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["advise", "天", "地", "杂九", "至尊"]) == 0
    out = capsys.readouterr().out
    assert "天九王" in out and "best" in out
    assert main(["advise", "--json", "--seat", "banker", "--against", "max-back", "--commission",
                 "6-6", "3-3", "2-2", "2-4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == "banker" and data["commission"] and len(data["settings"]) == 3
    assert sum(data["settings"][0][k] for k in ("wins", "pushes", "losses")) == 20475
    assert main(["advise", "6-6", "3-3", "2-2", "2-4"]) == 0
    assert "mixes this hand" in capsys.readouterr().out
    assert main(["advise", "天", "地"]) == 2


def test_hand_types() -> None:
    # 4,285 multisets of four of the 17 ranks cover the 35,960 hands; hands of one type have the
    # same settings as (front, back) rank pairs
    ty = advice._types()
    assert ty.n == 4285 and int(ty.cnt.sum()) == 35960
    _, ranks = paigow.setting_batch(ALL)
    for t in (0, 1000, 4284):
        members = np.flatnonzero(ty.hand_type == t)
        assert len(members) == ty.cnt[t]
        shapes = {tuple(sorted(map(tuple, ranks[h].tolist()))) for h in members}
        assert len(shapes) == 1
    # W[i, j] counts the hands of type j that avoid one hand of type i: 20,475 in all
    W = handtypes.type_weights().astype(np.int64)
    assert (W.sum(axis=1) == 20475).all()
    # and pairings are counted alike from either side: cnt_i W[i, j] == cnt_j W[j, i]
    pairs = ty.cnt[:, None] * W
    assert (pairs == pairs.T).all() and int(pairs.sum()) == advice.PAIRINGS


@pytest.mark.parametrize("rules,commission,name", [
    ("us", False, "us-equilibrium"), ("us", True, "us-equilibrium-paid"),
    ("us", Fraction(1, 21), "us-equilibrium-paid-4.7619pct"),
    (None, True, "equilibrium-paid"), (None, "4%", "equilibrium-paid-4pct"), (None, False, "equilibrium")])
def test_advice_shows_the_equilibrium_mix_against_every_shipped_equilibrium(
        rules: "str | None", commission: "bool | str | Fraction", name: str) -> None:
    from paigow.game.equilibria import clean_strategy
    from paigow.rules import clean_rules
    from paigow.setting import settings_of

    g = clean_rules(rules)
    for seat in ("player", "banker"):
        own = clean_strategy(name, seat, g).table
        mixed_rows = np.flatnonzero((own > 0).sum(axis=1) > 1)
        for row in (int(mixed_rows[0]), int(mixed_rows[-1]), 7):
            tiles = [DECK[i] for i in ALL[row]]
            a = paigow.advise(tiles, seat=seat, commission=commission, rules=rules)
            assert a.against == name
            # each setting's weight is this seat's own table of the same equilibrium, setting by setting
            # (the tiles in the order of the table's row: the settings in the order of its columns)
            assert [o.setting for o in a.options] == list(settings_of(tuple(tiles)))
            assert [o.probability for o in a.options] == own[row].tolist()
            assert a.mixed == (row in mixed_rows)


def test_a_us_mixed_hand_s_equilibrium_mix_in_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    # the player's type 593 (6-6 3-3 2-2 2-4) is mixed by the US equilibrium
    a = paigow.advise("6-6 3-3 2-2 2-4", rules="us")
    assert a.mixed and sum(o.probability or 0 for o in a.options) == pytest.approx(1.0)
    assert sorted(o.probability or 0 for o in a.options)[1:] == pytest.approx(
        sorted(paigow.game.equilibria.shipped_types("us-equilibrium")[0][593])[1:], abs=1e-15)
    assert main(["advise", "--rules", "us", "6-6 3-3 2-2 2-4"]) == 0
    out = capsys.readouterr().out
    assert "eq. mix" in out and "the player's equilibrium mixes this hand" in out
    assert f"{a.options[0].probability:.4f}".rstrip("0") in out
    # against max-back, or a caller's table under a shipped name, no mix is shown
    assert all(o.probability is None for o in paigow.advise("6-6 3-3 2-2 2-4", against="max-back", rules="us").options)
    assert main(["advise", "--rules", "us", "--against", "max-back", "6-6 3-3 2-2 2-4"]) == 0
    assert "eq. mix" not in capsys.readouterr().out
    other = paigow.Strategy(paigow.max_back(paigow.rules.US), "us-equilibrium")
    assert all(o.probability is None for o in paigow.advise("6-6 3-3 2-2 2-4", against=other, rules="us").options)
