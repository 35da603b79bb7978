"""The US game's rule set (docs/rules.md §3.1): its hand order against the plain-Python reference
(each rule set's order, Macau's and the US one, by the same test), its comparison, a player's
foul; Macau's order untouched. Each rule set's values: tests/test_rules.py."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

import paigow
from paigow import DECK, Hand, Setting
from paigow.errors import InvalidHandError, InvalidOptionError
from paigow.fouls import check_setting, fouls, player_setting
from paigow.hands import HAND_ORDERS, HandOrder, face_hand_ranks, hand_rank_count, zero_point_ranks
from paigow.rules import MACAU, US, RuleSet
from paigow.setting import Outcome, compare, settings_of

import reference

PAIRS = list(itertools.combinations(range(32), 2))


def _dense(keys: dict[tuple[int, int], tuple[int, ...]]) -> dict[tuple[int, int], int]:
    order = {k: r for r, k in enumerate(sorted(set(keys.values())))}
    return {p: order[k] for p, k in keys.items()}


@pytest.mark.parametrize(("rules", "ranks", "back_zero"), [(MACAU, 107, 0), (US, 106, 5)])
def test_each_order_is_the_reference_statement_for_all_496_hands(rules: RuleSet, ranks: int, back_zero: int) -> None:
    us = rules is US
    want = _dense({(a, b): reference.hand_key(a, b, us=us) for a, b in PAIRS})
    table = rules.core.hand_rank_table()
    faces = face_hand_ranks(rules.name)
    for a, b in PAIRS:
        assert table[a, b] == table[b, a] == want[(a, b)], (DECK[a], DECK[b])
        assert faces[DECK[a].face][DECK[b].face] == want[(a, b)]
        assert Hand(DECK[a], DECK[b]).rank_in(rules.name) == want[(a, b)]
    assert rules.core.n_ranks == hand_rank_count(rules.name) == len(set(want.values())) == ranks
    zeros = {r for (a, b), r in want.items() if reference.is_zero(reference.hand_key(a, b, us=us))}
    assert zeros == set(range(zero_point_ranks(rules.name))) and zero_point_ranks(rules.name) == 5
    assert (rules.core.n_ranks, rules.core.front_zero, rules.core.back_zero) == (ranks, 5, back_zero)


def test_the_us_order_differs_from_macau_only_where_a_gee_joon_tile_was_the_stronger_tile() -> None:
    mac, us = face_hand_ranks("macau"), face_hand_ranks("us")
    for a, b in PAIRS:
        x, y = DECK[a], DECK[b]
        for c, d in PAIRS:
            z, w = DECK[c], DECK[d]
            m = (mac[x.face][y.face] > mac[z.face][w.face]) - (mac[x.face][y.face] < mac[z.face][w.face])
            u = (us[x.face][y.face] > us[z.face][w.face]) - (us[x.face][y.face] < us[z.face][w.face])
            if m != u:  # only 2-4 with a five (Macau: the 2-4 breaks the tie) against 1-2 with a five
                if m < 0:
                    (x, y), (z, w), m = (z, w), (x, y), -m
                assert {x.pips, y.pips} in ({(2, 4), (1, 4)}, {(2, 4), (2, 3)}), (x, y, z, w)
                assert {z.pips, w.pips} in ({(1, 2), (1, 4)}, {(1, 2), (2, 3)}), (x, y, z, w)
                assert m == 1 and u == 0


def test_gee_joon_with_a_five_against_gee_joon_with_a_five_is_a_copy() -> None:
    a, b = Hand.parse("2-4 1-4"), Hand.parse("1-2 2-3")
    assert a.rank_in("us") == b.rank_in("us") and a.rank > b.rank  # Macau: the 2-4 is the stronger tile
    assert a.points == b.points == 8
    from paigow.batch import hand_rank, hand_ranks

    assert hand_rank(a, rules="us") == hand_rank("1-2 2-3", rules=US) == a.rank_in("us") != hand_rank(a)
    assert hand_ranks([[28, 29], [31, 30]], rules="us").tolist() == [a.rank_in("us")] * 2
    # the hands of one setting each, so a copy in both: the banker takes it
    player, banker = Setting.parse("2-4 1-4 | 6-6 6-6"), Setting.parse("1-2 2-3 | 1-1 1-1")
    assert compare(player, banker, rules="us") is Outcome.PUSH  # front a copy (banker), back the player's
    assert compare(player, banker) is Outcome.WIN


def test_macau_is_unchanged() -> None:
    # the defaults are Macau's order (the order itself: test_each_order_is_the_reference_statement...)
    assert face_hand_ranks() == face_hand_ranks("macau") and hand_rank_count() == paigow.HAND_RANK_COUNT == 107
    assert zero_point_ranks() == paigow.ZERO_POINT_RANKS == 5
    want = _dense({(a, b): reference.hand_key(a, b) for a, b in PAIRS})
    assert all(Hand(DECK[a], DECK[b]).rank == want[(a, b)] for a, b in PAIRS)


def test_the_hand_orders_are_values() -> None:
    assert set(HAND_ORDERS) == {"macau", "us", "home", "home-military"} and paigow.rules.HAND_ORDERS == HAND_ORDERS
    order = HAND_ORDERS["us"]
    assert order == HandOrder("us") and hash(order) == hash(HandOrder("us")) and order != HAND_ORDERS["macau"]
    assert pickle.loads(pickle.dumps(order)) == order and order() == face_hand_ranks("us")
    assert (order.rank_count, order.zero_ranks) == (106, 5) and US.order is order
    assert order.is_zero(Hand.parse("5-5 4-6")) and not order.is_zero(Hand.parse("6-6 4-4"))
    with pytest.raises(AttributeError):
        order.name = "x"  # type: ignore[misc]
    with pytest.raises(InvalidOptionError) as e:
        face_hand_ranks("texas")
    assert e.value.code == "rules.hand_order"


def _zero_rows(rng: np.random.Generator, n: int, us: bool) -> list[list[int]]:
    pairs = [(i, j) for i, j in PAIRS if reference.is_zero(reference.hand_key(i, j, us=us))]
    rows: list[list[int]] = []
    while len(rows) < n:
        picks = [pairs[k] for k in rng.choice(len(pairs), 4, replace=False)]
        tiles = [t for pair in picks for t in pair]
        if len(set(tiles)) == 8:
            rows.append(tiles)
    return rows


def _gee_joon_rows(rng: np.random.Generator, n: int) -> list[list[int]]:
    # 2-4 or 1-2 with a five in one hand of each side: where the US order makes copies
    rows = []
    gj, fives = [28, 31], [29, 30]
    while len(rows) < n:
        g = rng.permutation(gj)
        f = rng.permutation(fives)
        rest = [int(x) for x in rng.permutation([i for i in range(32) if i not in gj + fives])[:4]]
        rows.append([int(g[0]), int(f[0]), rest[0], rest[1], int(g[1]), int(f[1]), rest[2], rest[3]])
    return rows


def test_us_outcomes_match_the_reference() -> None:
    rng = np.random.default_rng(20)
    rows = [list(map(int, rng.permutation(32)[:8])) for _ in range(3000)]
    rows += _zero_rows(rng, 2000, us=True) + _gee_joon_rows(rng, 1000)
    a = np.array(rows, dtype=np.int8)
    got = paigow.outcomes(a[:, :4], a[:, 4:], rules="us")
    macau = paigow.outcomes(a[:, :4], a[:, 4:])
    assert (got != macau).any()
    for i, row in enumerate(rows):
        p = reference.arranged(tuple(row[:4]), us=True)[0]  # type: ignore[arg-type]
        b = reference.arranged(tuple(row[4:]), us=True)[0]  # type: ignore[arg-type]
        assert got[i] == reference.decide(p, b, us=True), row


def test_us_compare_matches_the_reference_zero_zero_and_copies_to_the_banker() -> None:
    rng = np.random.default_rng(21)
    rows = [list(map(int, rng.permutation(32)[:8])) for _ in range(1500)]
    rows += _zero_rows(rng, 1500, us=True) + _gee_joon_rows(rng, 500)
    seen = set()
    for row in rows:
        ps = settings_of(tuple(DECK[i] for i in row[:4]))
        bs = settings_of(tuple(DECK[i] for i in row[4:]))
        pk = reference.arranged(tuple(row[:4]), us=True)  # type: ignore[arg-type]
        bk = reference.arranged(tuple(row[4:]), us=True)  # type: ignore[arg-type]
        for i, j in ((0, 0), (1, 2), (2, 1)):
            got = compare(ps[i], bs[j], rules=US)
            assert got == reference.decide(pk[i], bk[j], us=True), (row, i, j)
            seen.add(int(got))
    assert seen == {-1, 0, 1}
    # zero against zero in the back hands: the banker's under the US rules, the ranks' in Macau
    zeros = Setting.parse("2-2 3-3 | 1-3 3-3"), Setting.parse("2-2 1-5 | 5-5 4-6")
    assert compare(*zeros, rules="us") is Outcome.LOSE and compare(*zeros) is Outcome.PUSH


def test_every_split_is_arranged_alike_in_both_orders() -> None:
    # settings() arranges by Hand (Macau's order): the US order never puts the other hand in front
    for row in itertools.combinations(range(32), 4):
        for s in settings_of(tuple(DECK[i] for i in row)):
            assert s.front.rank_in("us") <= s.back.rank_in("us"), s


# ---------------------------------------------------------------------------------------------
# a US player's own setting


def test_a_high_hand_below_the_low_hand_fouls_under_the_us_rules_only() -> None:
    assert fouls("6-6 6-6", "4-4 1-2", rules="us") and not fouls("4-4 1-2", "6-6 6-6", rules="us")
    assert not fouls("6-6 6-6", "4-4 1-2", rules="macau") and not fouls("6-6 6-6", "4-4 1-2")
    # equal ranks are no foul (a copy): 2-4 with a five and 1-2 with a five, either way round
    assert not fouls("2-4 1-4", "1-2 2-3", rules="us") and not fouls("1-2 2-3", "2-4 1-4", rules="us")
    # the rule set's own order decides: Macau's order with the high-at-least-low rule
    strict = MACAU.replace(name="strict", high_at_least_low=True)
    assert fouls("2-4 1-4", "1-2 2-3", rules=strict) and not fouls("2-4 1-4", "1-2 2-3", rules="us")


def test_a_foul_is_refused_naming_the_tiles() -> None:
    with pytest.raises(InvalidHandError, match=r"high hand 4-4 1-2 \(Yun 4\) ranks below the low hand 6-6 6-6") as e:
        player_setting("6-6 6-6", "4-4 1-2", rules="us")
    assert e.value.code == "setting.foul"
    with pytest.raises(InvalidHandError, match="3-3 1-5") as e:
        check_setting("3-3 1-5 | 5-5 4-6", rules="us")
    assert e.value.code == "setting.foul"
    s = player_setting("4-4 1-2", "6-6 6-6", rules="us")
    assert (str(s.front), str(s.back)) == ("4-4 1-2", "6-6 6-6")
    assert player_setting("6-6 6-6", "4-4 1-2") == s  # Macau: the dealer arranges


def test_a_player_setting_checks_its_tiles() -> None:
    with pytest.raises(paigow.InvalidTileError):
        player_setting("6-6 6-6", "6-6 1-2", rules="us")
    with pytest.raises(InvalidHandError):
        player_setting("6-6", "4-4 1-2", rules="us")
    with pytest.raises(InvalidHandError, match="front | back"):
        check_setting("6-6 6-6 4-4 1-2", rules="us")
