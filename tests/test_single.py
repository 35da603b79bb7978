"""The single-hand paths (one hand per call, no arrays) against the batch functions they answer
for: the same answer for every hand, the same error for bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import paigow
from paigow import DECK, Hand, Setting, all_hands, compare, outcomes, settings
from paigow.batch import hand_rank, hand_ranks
from paigow.errors import PaigowError
from paigow.rules import MACAU
from paigow.setting import Outcome

TOY = MACAU.replace(name="zero-both", zero_rule="both")
PAIRS = list(itertools.combinations(range(32), 2))


@pytest.mark.parametrize("rules", [MACAU, TOY], ids=lambda r: r.name)
def test_hand_rank_is_the_batch_answer_for_every_two_tile_hand(rules: object) -> None:
    batch = hand_ranks(PAIRS, rules=rules)
    for (a, b), r in zip(PAIRS, batch.tolist()):
        assert hand_rank((a, b), rules) == hand_rank((b, a), rules) == r
        assert hand_rank(Hand(DECK[a], DECK[b]), rules) == hand_rank((DECK[a], DECK[b]), rules) == r
    assert hand_rank("天 杂九") == Hand.parse("天 杂九").rank == 90


@pytest.mark.parametrize("bad", [(0, 0), (0, 32), (-1, 3), (5, 2**40), (0, 1, 2), (0.0, 1), (True, 1)])
def test_hand_rank_refuses_what_the_batch_refuses_with_its_error(bad: object) -> None:
    try:
        hand_ranks([bad])
    except (PaigowError, TypeError) as e:
        expected: BaseException = e
    else:
        pytest.fail(f"the batch accepted {bad!r}")
    with pytest.raises(type(expected)) as got:
        hand_rank(bad)  # type: ignore[arg-type]
    if isinstance(expected, PaigowError):
        assert (got.value.code, str(got.value)) == (expected.code, str(expected))


def test_compare_is_the_batch_answer_for_settings_of_every_hand() -> None:
    rng = np.random.default_rng(26)
    hands = all_hands()
    for rules in (MACAU, TOY):
        player, banker, expected = [], [], []
        for i in rng.permutation(len(hands))[:3000].tolist():
            p = hands[i].tolist()
            b = [int(x) for x in rng.choice([t for t in range(32) if t not in p], 4, replace=False)]
            ps = settings([DECK[t] for t in p])[i % 3]
            bs = settings([DECK[t] for t in b])[(i // 3) % 3]
            player.append(_indices(ps, p))
            banker.append(_indices(bs, b))
            expected.append(compare(ps, bs, rules))
        batch = outcomes(player, banker, rules=rules)
        assert [Outcome(x) for x in batch.tolist()] == expected


def _indices(s: Setting, hand: list[int]) -> list[int]:
    """The setting's four tiles as the hand's own DECK indices, front then back."""
    left = list(hand)
    out = []
    for t in s.tiles:
        i = next(x for x in left if DECK[x] == t)
        left.remove(i)
        out.append(i)
    return out


def test_compare_refuses_more_copies_than_the_deck_holds() -> None:
    p = Setting.parse("天 天 | 人 人")
    with pytest.raises(paigow.errors.TileCopiesError, match="too many 6-6"):
        compare(p, Setting.parse("天 地 | 杂九 至尊"))
    with pytest.raises(paigow.errors.TileCopiesError, match="too many 4-4"):
        compare(p, Setting.parse("人 地 | 杂九 至尊"))
    with pytest.raises(paigow.errors.TileCopiesError, match="too many 4-5"):  # one 4-5 in the deck
        compare(Setting.parse("天 地 | 杂九 至尊"), Setting.parse("天 地 | 杂九 至尊"))
    assert compare(Setting.parse("天 地 | 4-5 2-4"), Setting.parse("天 地 | 3-6 1-2")) is Outcome.LOSE


@pytest.mark.parametrize("seat", ["player", "banker"])
@pytest.mark.parametrize("strategy", ["equilibrium", "max-back"])
def test_best_setting_is_the_batch_answer_for_all_35960_hands(seat: str, strategy: str) -> None:
    hands = all_hands()
    batch = paigow.best_settings(hands, seat=seat, strategy=strategy)
    of = paigow.setting_lookup(seat, strategy)
    rows = hands.tolist()
    for i, (h, k) in enumerate(zip(rows, batch.tolist())):
        expected = settings([DECK[t] for t in h])[k]
        got = of(tuple(h))
        assert got == expected, (h, got, expected)
        if i % 97 == 0:  # the other forms, and the one-call function, on a sample
            rev = tuple(reversed(h))
            assert paigow.best_setting(rev, seat, strategy) == expected
            assert paigow.best_setting([DECK[t] for t in h], seat, strategy) == expected
            assert paigow.best_setting(" ".join(str(DECK[t]) for t in h), seat, strategy) == expected
            assert paigow.best_setting(np.array(h, dtype=np.int16), seat, strategy) == expected


@pytest.mark.parametrize("bad", [(0, 0, 1, 2), (0, 1, 2, 32), (0, 1, 2), (0.0, 1, 2, 3), (True, 1, 2, 3),
                                 (-1, 1, 2, 3), [2**40, 1, 2, 3], [0, 1, 2, 3, 4], ("a", 1, 2, 3)])
def test_best_setting_refuses_what_the_batch_refuses_with_its_error(bad: object) -> None:
    try:
        paigow.best_settings([bad])
    except (PaigowError, TypeError, ValueError) as e:
        expected: BaseException = e
    else:
        pytest.fail(f"the batch accepted {bad!r}")
    if isinstance(bad, tuple) and "a" in bad:
        with pytest.raises(paigow.errors.UnknownTileError):  # text is read as tiles by the single path
            paigow.best_setting(bad)  # type: ignore[arg-type]
        return
    with pytest.raises(type(expected)) as got:
        paigow.best_setting(bad)  # type: ignore[arg-type]
    assert str(got.value) == str(expected)
    if isinstance(expected, PaigowError):
        assert got.value.code == expected.code  # type: ignore[attr-defined]


def test_best_setting_under_another_rule_set_and_strategy_checks() -> None:
    toy = MACAU.replace(name="zero-both", zero_rule="both")
    assert paigow.best_setting((0, 2, 22, 28), strategy="max-back", rules=toy) == Setting.parse("1-1 2-4 | 6-6 4-5")
    with pytest.raises(paigow.errors.InvalidStrategyError):
        paigow.best_setting((0, 2, 22, 28), seat="dealer")
    with pytest.raises(paigow.errors.InvalidStrategyError):
        paigow.best_setting((0, 2, 22, 28), strategy="no-such-strategy")


def test_a_house_ways_setting_is_its_table_for_all_35960_hands() -> None:
    from paigow.houseway import house_way

    way = house_way("foxwoods")
    table = way.table()
    for i, h in enumerate(all_hands().tolist()):
        expected = settings([DECK[t] for t in h])[int(np.argmax(table[i]))]
        assert way.set(tuple(h)).setting == expected, h
        if i % 211 == 0:
            assert way.set(" ".join(str(DECK[t]) for t in h)).setting == expected
            assert way.set(tuple(DECK[t] for t in h)).setting == expected
    for bad in [(0, 0, 1, 2), (0, 1, 2, 32), (-1, 1, 2, 3)]:
        with pytest.raises(PaigowError) as batch:
            paigow.setting_batch([bad])
        with pytest.raises(type(batch.value)) as single:
            way.set(bad)
        assert (single.value.code, str(single.value)) == (batch.value.code, str(batch.value))
        with pytest.raises(type(batch.value)):
            way.set(bad)  # refused again: a refused hand is never kept
