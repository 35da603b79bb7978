"""The home game 推牌九 (paigow.rules.HOME, docs/rules.md Part 4): its rule set, its hand order as
rank data, the kernels held against the plain-Python reference of tests/reference_home.py for
every option that changes a comparison, the automatic setting (max-front), the exact count of the
whole game, and Macau's and the US game's answers unchanged after a home-game run."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import _core
from paigow.errors import InvalidOptionError
from paigow.game.edges import counts, edge
from paigow.game.values import PAIRINGS, type_game_counts
from paigow.rules import HOME, MACAU, RULE_SETS, US, Copies, Payout, RuleSet, ZeroRule, clean_rules
from paigow.setting import Outcome, Setting, compare
from paigow.strategies import Strategy, max_front

import reference_home as ref

MILITARY = HOME.replace(name="home-military", hand_order="home-military")
NEUTRAL = HOME.replace(name="home-neutral", copies="neutral")
NEUTRAL_ZEROS = HOME.replace(name="home-neutral-zeros", copies="neutral", zero_rule="none")
PAID = HOME.replace(name="home-4pct", commission=Fraction(1, 25))

# (rule set, reference options): every option of Part 4 that changes a comparison
VARIANTS = [
    (HOME, {}),
    (MILITARY, {"military": True}),
    (NEUTRAL, {"neutral": True}),
    (NEUTRAL_ZEROS, {"neutral": True, "zero_to_banker": False}),
]
PAIRS = list(itertools.combinations(range(32), 2))

# the issue's done-when: one door against the banker, both setting by the automatic rule
ISSUE_COUNTS = (268_894_332, 193_406_044, 273_980_624)


def test_the_home_rule_set_s_fields() -> None:
    assert RULE_SETS["home"] is HOME and clean_rules(" Home ") is HOME and str(HOME) == "home"
    assert (HOME.hand_order, HOME.zero_rule, HOME.copies, HOME.commission, HOME.dice, HOME.doors,
            HOME.rounds_per_shuffle, HOME.bank, HOME.bank_commission, HOME.payout, HOME.banker_sets) == (
        "home", ZeroRule.BOTH, Copies.BANKER, Fraction(0), 0, 3, 2, "house-covers", False, Payout.WHOLE, "holder")
    options = HOME.replace(name="home-options", rounds_per_shuffle=1, dice=2, commission="4%", payout="halves",
                           bank="winner-keeps", copies="neutral", hand_order="home-military")
    assert options.commission == Fraction(1, 25) and options.payout is Payout.HALVES
    assert RuleSet.from_json(options.to_json()) == options


def test_macau_and_us_are_unchanged_as_values() -> None:
    assert repr(MACAU) == "RuleSet('macau')" and MACAU.to_json() == "macau"
    assert repr(US) == ("RuleSet('us', hand_order='us', zero_rule=ZeroRule.BOTH, dice=3, banker_sets='foxwoods', "
                        "high_at_least_low=True, bank='house')") and US.to_json() == "us"
    assert MACAU == RuleSet("macau") and (MACAU.doors, MACAU.rounds_per_shuffle, MACAU.bank_commission) == (7, 1, True)
    assert MACAU.core.neutral is False and US.core.neutral is False and HOME.core.neutral is False
    old = {"name": "us-4.76", "hand_order": "us", "zero_rule": "both", "copies": "banker", "commission": "1/21",
           "rounding": "half-up", "dice": 3, "max_cuts": 2, "banker_sets": "foxwoods", "high_at_least_low": True,
           "bank": "house"}  # a record written before the home game's fields: the defaults fill them
    assert RuleSet.from_json(old) == US.replace(name="us-4.76", commission=Fraction(1, 21))


@pytest.mark.parametrize("changes, code", [
    ({"dice": 7}, "rules.range"),
    ({"doors": 0}, "rules.range"),
    ({"doors": 8}, "rules.range"),
    ({"rounds_per_shuffle": 3}, "rules.range"),
    ({"rounds_per_shuffle": 2, "doors": 4}, "rules.range"),  # 2 x 5 hands of 4 tiles: 40 > 32
    ({"bank_commission": 0}, "rules.range"),
    ({"payout": "double"}, "rules.option"),
    ({"copies": "player"}, "rules.option"),
    ({"bank": "anyone"}, "rules.option"),
    ({"hand_order": "home-civil"}, "rules.hand_order"),
])
def test_a_bad_home_option_is_refused_by_its_field(changes: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidOptionError) as e:
        HOME.replace(name="bad", **changes)
    assert e.value.code == code


@pytest.mark.parametrize("rules, options", VARIANTS, ids=[r.name for r, _ in VARIANTS])
def test_the_hand_order_is_the_reference_s(rules: RuleSet, options: dict[str, bool]) -> None:
    """Every two hands of two tiles: the kernel ranks order them as the reference's keys do."""
    military = options.get("military", False)
    ranks = paigow.hand_ranks(np.array(PAIRS), rules).astype(int)
    keys = [ref.hand_key(a, b, military) for a, b in PAIRS]
    order = sorted(set(keys))
    assert len(order) == rules.core.n_ranks == rules.order.rank_count
    place = {k: i for i, k in enumerate(order)}
    assert ranks.tolist() == [place[k] for k in keys]
    assert rules.core.front_zero == rules.core.back_zero == (1 if rules.zero_rule is ZeroRule.BOTH else 0)


def test_named_hands_of_part_4() -> None:
    def rank(text: str, rules: RuleSet = HOME) -> int:
        return paigow.hand_rank(text, rules)

    chain = ["2-4 1-2", "6-6 6-6", "2-3 1-4", "6-6 4-5", "1-1 3-6", "6-6 4-4", "1-1 2-6", "6-6 1-6", "1-1 2-5",
             "4-4 1-5"]  # 至尊, 雙天, 雜五對, 天王, 地王, 天槓, 地槓, 天高九, 地高九, 9 points
    assert [rank(h) for h in chain] == sorted((rank(h) for h in chain), reverse=True)
    assert len({rank(h) for h in chain}) == len(chain)
    assert rank("6-6 1-6") == rank("6-6 3-4")  # 天高九 with any seven
    assert rank("5-5 4-6") == rank("3-3 2-2") == rank("6-6 4-4", MILITARY) == 0  # every zero is one rank
    assert rank("2-4 1-4") == rank("1-2 2-3") < rank("2-3 1-3")  # 至尊 tiles lowest as singles (8 points)
    assert rank("6-6 1-6", MILITARY) < rank("1-1 2-5", MILITARY)  # 天 + 高腳七 a nine below 地高九


@pytest.mark.parametrize("rules, options", VARIANTS, ids=[r.name for r, _ in VARIANTS])
def test_settings_and_outcomes_are_the_reference_s(rules: RuleSet, options: dict[str, bool]) -> None:
    military = options.get("military", False)
    dealt = random.Random(35)
    rows = [dealt.sample(range(32), 8) for _ in range(3000)]
    player, banker = np.array([r[:4] for r in rows]), np.array([r[4:] for r in rows])
    _, ranks = paigow.setting_batch(player, rules)
    order = sorted({ref.hand_key(a, b, military) for a, b in PAIRS})
    for i in range(300):
        s = ref.arranged(tuple(int(x) for x in player[i]), military)  # type: ignore[arg-type]
        assert [[order[r] for r in ranks[i, k]] for k in range(3)] == [list(x) for x in s]
    got = paigow.outcomes(player, banker, rules)
    want = [ref.decide(ref.arranged(tuple(map(int, p)), military)[0],  # type: ignore[arg-type]
                       ref.arranged(tuple(map(int, b)), military)[0],  # type: ignore[arg-type]
                       options.get("neutral", False), options.get("zero_to_banker", True))
            for p, b in zip(player, banker)]
    assert got.tolist() == want
    assert set(want) == {-1, 0, 1}
    def text(row: np.ndarray) -> str:
        t = [str(paigow.DECK[int(x)]) for x in row]
        return f"{t[0]} {t[1]} | {t[2]} {t[3]}"

    one = [compare(Setting.parse(text(player[i])), Setting.parse(text(banker[i])), rules) for i in range(300)]
    assert one == [{1: Outcome.WIN, 0: Outcome.PUSH, -1: Outcome.LOSE}[w] for w in want[:300]]


def test_neutral_copies_by_hand() -> None:
    """Won + copy wins, lost + copy loses, copy + copy a push; zero against zero stays the
    banker's while the zero rule holds, and is a neutral copy without it."""
    player = Setting.parse("5-6 6-6 | 3-3 4-6")      # 斧頭 + 天 (3) | 長三 + 紅頭 (6)
    worse_back = Setting.parse("5-6 6-6 | 1-3 5-5")  # 3 | 鵝 + 梅 (4)
    better_back = Setting.parse("5-6 6-6 | 1-1 4-4")  # 3 | 地槓
    assert compare(player, worse_back, HOME) is Outcome.PUSH   # the copy to the banker
    assert compare(player, worse_back, NEUTRAL) is Outcome.WIN
    assert compare(player, better_back, HOME) is compare(player, better_back, NEUTRAL) is Outcome.LOSE
    assert compare(player, player, HOME) is Outcome.LOSE
    assert compare(player, player, NEUTRAL) is Outcome.PUSH
    zeros_p = Setting.parse("5-5 4-6 | 6-6 4-5")    # 梅 + 紅頭 (0) | 天王
    zeros_b = Setting.parse("3-3 2-2 | 1-1 1-6")    # 長三 + 板凳 (0) | 地高九
    assert compare(zeros_p, zeros_b, HOME) is compare(zeros_p, zeros_b, NEUTRAL) is Outcome.PUSH
    assert compare(zeros_p, zeros_b, NEUTRAL_ZEROS) is Outcome.WIN
    assert HOME.core.decide(0, 5, 0, 3) == 0 and NEUTRAL.core.decide(0, 5, 0, 3) == 0
    assert NEUTRAL_ZEROS.core.decide(0, 5, 0, 3) == 1


def test_max_front_is_the_reference_s_automatic_setting() -> None:
    table = max_front(HOME)
    hands = ref.all_hands()
    picks = random.Random(1).sample(range(len(hands)), 2000)
    for i in picks:
        assert table[i].tolist() == [1.0 if k == ref.max_front(hands[i]) else 0.0 for k in range(3)]
    assert Strategy.named("max-front", "banker", HOME).name == "max-front"
    assert max_front(MILITARY) is not table


def test_the_issue_s_exact_count_and_return_to_player() -> None:
    """Both sides by max-front over all 736,281,000 ordered deals (acc2023156's published counts),
    and the return-to-player with 4% taken from a door's win: (1.96 W + P) / N."""
    s = Strategy.named("max-front", "player", HOME).type_strategy(HOME)[0]
    c = [int(x) for x in type_game_counts(s, s, HOME)]
    assert tuple(c) == ISSUE_COUNTS and sum(c) == PAIRINGS == 736_281_000
    w, p, lose = c
    rtp = (Fraction(196, 100) * w + p) / PAIRINGS
    assert rtp == Fraction(2251371671, 2300878125) and f"{float(rtp):.3%}" == "97.848%"
    assert (Fraction(2 * w + p, PAIRINGS)) == Fraction(182798677, 184070250)  # no commission: 99.31%
    row = edge("max-back", "max-back", 0, HOME)
    assert row.exact and row.win + row.push + row.lose == 1


def test_macau_and_us_answers_are_unchanged_after_a_home_run() -> None:
    dealt = random.Random(7)
    deals = np.array([dealt.sample(range(32), 8) for _ in range(200)])
    hands = np.concatenate([deals[:, :4], deals[:, 4:]])  # 200 player hands, then their 200 bankers'
    before = {r.name: (paigow.setting_batch(hands, r)[1].copy(), paigow.outcomes(hands[:200], hands[200:], r).copy(),
                       paigow.hand_ranks(np.array(PAIRS), r).copy()) for r in (MACAU, US)}
    mb = edge("max-back", "max-back", "5%", MACAU)
    for rules, _ in VARIANTS:
        paigow.outcomes(hands[:200], hands[200:], rules)
        paigow.setting_batch(hands, rules)
    s = Strategy.named("max-front", "player", HOME).type_strategy(HOME)[0]
    type_game_counts(s, s, HOME)
    for r in (MACAU, US):
        after = (paigow.setting_batch(hands, r)[1], paigow.outcomes(hands[:200], hands[200:], r),
                 paigow.hand_ranks(np.array(PAIRS), r))
        assert all((x == y).all() for x, y in zip(before[r.name], after))
    assert counts(edge("max-back", "max-back", "5%", MACAU)) == \
        counts(mb) == (221121854, 284357512, 230801634)
    assert _core.RuleTables(*HOME.core.__reduce__()[1]) == HOME.core


def test_the_home_table_s_counts_are_the_reference_s() -> None:
    """A door's counts per setting against max-front at the banker (the table's best response
    reads them), for a few hand types, held against the reference's enumeration."""
    from paigow.game.handtypes import hand_types
    from paigow.game.homeedges import _counts, home_edges

    ty = hand_types(HOME)
    for t in (0, 1234, ty.n - 1):
        hand = ref.all_hands()[int(ty.rep_hand[t])]
        own = ref.arranged(hand)
        unseen = [i for i in range(32) if i not in hand]
        want = [[0, 0, 0] for _ in range(3)]
        for opp in itertools.combinations(unseen, 4):
            theirs = ref.arranged(opp)[ref.max_front(opp)]  # type: ignore[arg-type]
            for k in range(3):
                want[k][1 - ref.decide(own[k], theirs)] += 1
        assert _counts(HOME, "player")[t].tolist() == want
    rows = home_edges(Fraction(1, 25))
    assert [(r.door, r.banker) for r in rows] == [("max-front", "max-front"), ("best-response", "max-front"),
                                                  ("max-front", "best-response"),
                                                  ("home-equilibrium", "home-equilibrium"),
                                                  ("home-equilibrium", "max-front"), ("max-front", "home-equilibrium")]
    assert (rows[0].win, rows[0].push, rows[0].lose) == ISSUE_COUNTS
    assert rows[1].door_result > rows[0].door_result > rows[2].door_result
    assert rows[0].return_to_player() == Fraction(2251371671, 2300878125)


def test_edges_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["edges", "--rules", "home", "--commission", "4%"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"max-front +max-front +4% +268,894,332 +193,406,044 +273,980,624 ", out) and "97.8484%" in out
    assert re.search(r"home-equilibrium +max-front +4% +245,961,320\.0 .* \+2\.4852% ", out)


def test_neutral_copies_are_refused_where_a_kernel_counts_a_copy_as_the_banker_s() -> None:
    from paigow.game.values import type_values

    s = Strategy.named("max-front", "player", NEUTRAL)
    with pytest.raises(InvalidOptionError) as e:
        s.advice_packed(NEUTRAL)
    assert e.value.code == "rules.neutral"
    with pytest.raises(InvalidOptionError, match="the solver counts a copy"):
        type_values(s.type_strategy(NEUTRAL)[0], False, NEUTRAL)
    # the game value of two strategies reads decide(): neutral copies move copies to pushes and wins
    sigma = s.type_strategy(NEUTRAL)[0]
    w, p, lose = (int(x) for x in type_game_counts(sigma, sigma, NEUTRAL))
    assert w + p + lose == PAIRINGS and w > ISSUE_COUNTS[0] and lose < ISSUE_COUNTS[2]


def test_the_table_refuses_the_home_game_until_it_deals_it() -> None:
    from paigow.table import Round

    with pytest.raises(InvalidOptionError) as e:
        Round(banker=0, rules=HOME)
    assert e.value.code == "rules.table" and "3 doors, 2 rounds a shuffle" in str(e.value)
    Round(banker=0, rules=MACAU)  # Macau's table as it was
