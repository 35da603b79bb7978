"""Advice from the side tables against the enumeration it replaces (issue 10).

The enumeration of the 20,475 opposing hands (``_core.advice_counts``) stays as the reference
path; it is itself held against the plain-Python enumeration of tests/reference.py in
test_advice.py and below. The table path must give the same counts exactly: integers against a
pure strategy, and against a mixed one the same expected counts, exact in units of 2**-47.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import DECK, Strategy, _core, strategies
from paigow.game import handtypes
from paigow.game.handtypes import setting_game
from paigow.game import values
from paigow.commission import COMMISSION
from paigow.rules import MACAU

import reference

ALL = paigow.all_hands()
UNIT = 1 << _core.COUNT_SCALE_BITS

MACAU_GAME = setting_game(MACAU)


def dyadic_table(seed: int) -> np.ndarray:
    """A random mixed table whose probabilities are multiples of 1/64 (exact in binary), set
    hand by hand (hands of one type differ, so the side tables are per hand)."""
    rng = np.random.default_rng(seed)
    parts = rng.multinomial(64, [0.5, 0.3, 0.2], size=len(ALL)).astype(np.float64)
    pure = rng.random(len(ALL)) < 0.5
    parts[pure] = np.eye(3)[rng.integers(0, 3, size=int(pure.sum()))] * 64
    return parts / 64


def strategies_under_test() -> dict[str, object]:
    return {"equilibrium": "equilibrium", "max-back": "max-back", "mixed": dyadic_table(1)}


def sample(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rows = rng.choice(len(ALL), size=n, replace=False)
    hands = ALL[rows].astype(np.int64)
    return rng.permuted(hands, axis=1)  # tiles in any order


# "mixed" (10 s a seat on a loaded machine) is a long run: CI's full run has it, the quick loop does not
@pytest.mark.parametrize("name", ["equilibrium", "max-back", pytest.param("mixed", marks=pytest.mark.slow)])
@pytest.mark.parametrize("seat", ["player", "banker"])
def test_table_path_equals_the_enumeration_on_a_sample(name: str, seat: str) -> None:
    other = "banker" if seat == "player" else "player"
    s = Strategy.clean(strategies_under_test()[name], other)
    packed = s._advice_packed
    hands = sample(2000, seed=hash((name, seat)) % 1000)
    s._side(seat)  # the table path, whatever the strategy (a caller's builds it only when worth it)
    batch = paigow.advise_batch(hands, seat=seat, against=s)
    for i, h in enumerate(hands):
        expected = _core.advice_counts(np.ascontiguousarray(h), *packed, seat == "banker", MACAU.core)
        assert np.array_equal(batch.units[i], expected), (name, seat, h)
        assert (expected.sum(axis=1) == 20475 * UNIT).all()
    # one call of advise() says the same as the batch, for a spread of the sample (advise takes
    # tiles, which name the first copy of a face: the batch is asked about the same indices)
    for i in range(0, 2000, 97):
        tiles = [DECK[j] for j in hands[i]]
        one = paigow.advise_batch([paigow.deck_indices(tiles)], seat=seat, against=s)
        a = paigow.advise(tiles, seat=seat, against=s)
        for k, o in enumerate(a.options):
            assert (o.wins, o.pushes, o.losses) == tuple(one.counts[0, k])
            assert o.value == one.values[0, k]
        assert a.best == one.best[0]


def test_pure_counts_are_integers_and_mixed_counts_exact_fractions() -> None:
    b = paigow.advise_batch(sample(300, 5), against="max-back")
    assert (b.units % UNIT == 0).all() and (b.counts == np.rint(b.counts)).all()
    # against the mixed table, the exact fractions of the plain-Python enumeration
    table = dyadic_table(1)
    for h in sample(2, 6):
        got = paigow.advise_batch([h], seat="banker", against=table).units[0]
        exact = reference.enumerate_counts(tuple(int(x) for x in h), lambda o: [Fraction(p) for p in table[reference.row_of()[o]]], True)
        assert [[Fraction(int(x), UNIT) for x in row] for row in got] == exact


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_batch_over_all_hands_equals_the_enumeration() -> None:
    s = Strategy.named("equilibrium", "banker")
    packed = s._advice_packed
    b = paigow.advise_batch(ALL, seat="player", against=s)
    assert b.units.shape == (35960, 3, 3)
    for r in range(len(ALL)):
        assert np.array_equal(b.units[r], _core.advice_counts(ALL[r].astype(np.int64), *packed, False, MACAU.core)), r
    assert (b.best == np.argmax(b.values, axis=1)).all()


def test_values_and_commission() -> None:
    b0 = paigow.advise_batch(ALL[:500], against="max-back")
    b1 = paigow.advise_batch(ALL[:500], against="max-back", commission=True)
    b4 = paigow.advise_batch(ALL[:500], against="max-back", commission="4%")
    w, l = b0.counts[..., 0], b0.counts[..., 2]
    assert np.array_equal(b0.values, (w * 1.0 - l) / 20475)
    assert np.array_equal(b1.values, (w * float(1 - COMMISSION) - l) / 20475)
    assert np.allclose(b4.values, (w * 0.96 - l) / 20475, rtol=0, atol=1e-15)
    assert b1.rate == COMMISSION and b4.rate == Fraction(1, 25)
    a = paigow.advise("天 地 杂九 至尊", against="max-back", commission="4%")
    assert a.rate == Fraction(1, 25) and a.commission


def test_game_value_and_exploitability_from_the_tables_match_the_type_kernels() -> None:
    from paigow import advice

    ty = strategies._types()
    for p, b in [("equilibrium", "equilibrium"), ("max-back", "equilibrium"), ("equilibrium", "max-back")]:
        sp, _ = strategies._to_types(strategies.resolve(p, "player"))
        sb, _ = strategies._to_types(strategies.resolve(b, "banker"))
        old = _core.type_game_value(sp, sb, handtypes.type_weights(), ty.cnt, ty.m, ty.tset_f, ty.tset_b, MACAU.core) / advice.PAIRINGS
        v = paigow.game_value(p, b)
        assert (v.win, v.push, v.lose) == pytest.approx(tuple(old), abs=1e-12)
        br_p, held, _ = values.type_exploitability(sp, sb)
        assert paigow.exploitability(p, b) == pytest.approx(br_p - held, abs=1e-12)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_side_table_memory() -> None:
    side = Strategy.named("equilibrium", "banker")._side("player")
    assert side.counts.shape == (4285, 3, 3)  # by type: the equilibrium sets a type alike
    assert side.nbytes < 500_000
    per_hand = Strategy(dyadic_table(1))._side("player")
    assert per_hand.counts.shape == (35960, 3, 3) and per_hand.nbytes < 3_000_000


def test_batch_errors() -> None:
    with pytest.raises(paigow.errors.TileCopiesError) as e:
        paigow.advise_batch([[0, 1, 2, 2]])
    assert e.value.code == "tile.twice"
    with pytest.raises(paigow.errors.UnknownTileError) as u:
        paigow.advise_batch([[0, 1, 2, 40]])
    assert u.value.code == "tile.index"
    with pytest.raises(paigow.InvalidHandError):
        paigow.advise_batch([[0, 1, 2]])
    assert paigow.advise_batch(np.empty((0, 4), dtype=np.int64)).counts.shape == (0, 3, 3)


def test_the_hot_path_builds_what_the_constructors_build() -> None:
    # advise() builds its answer without the frozen dataclasses' __init__; the objects must be the
    # same, field for field (a field added to either class and not to its builder fails here)
    from paigow import advice

    a = paigow.advise("天 地 杂九 至尊", against="equilibrium")
    for o in a.options:
        again = advice.SettingValue(o.setting, o.wins, o.pushes, o.losses, o.value, o.probability)
        assert o == again and vars(o) == vars(again)
        assert list(vars(o)) == [f.name for f in advice.dataclasses.fields(advice.SettingValue)]
    again_a = advice.Advice(a.tiles, a.seat, a.against, a.commission, a.options, a.best, a.rate, a.digest)
    assert a == again_a and vars(a) == vars(again_a) and hash(a.rate) == hash(again_a.rate)
    assert list(vars(a)) == [f.name for f in advice.dataclasses.fields(advice.Advice)]
    with pytest.raises(advice.dataclasses.FrozenInstanceError):
        a.best = 0  # type: ignore[misc]


@pytest.mark.parametrize("seat", ["player", "banker"])
@pytest.mark.parametrize("commission", [False, True])
def test_the_kept_plan_answers_as_the_checked_path(seat: str, commission: bool) -> None:
    # a named strategy's plan is kept after the first call; a Strategy object goes through every
    # check each time: both answer alike for every hand of a sample, own weights included
    from paigow import advice

    other = strategies.other_seat(seat)
    for name in ("equilibrium", "max-back"):
        for row in sample(300, 11 + commission):
            text = " ".join(str(DECK[i]) for i in row)
            kept = paigow.advise(text, seat, name, commission)
            checked = paigow.advise(text, seat, Strategy.named(name, other), commission)
            assert kept == checked
            assert (kept.options[kept.best].probability is not None) == (name == "equilibrium")
        assert (seat, name, commission) in advice._PLANS


def test_the_kept_plans_go_with_the_named_strategies() -> None:
    from paigow import advice

    paigow.advise("天 地 杂九 至尊", against="max-back")
    assert advice._PLANS
    strategies._clear_named()
    assert not advice._PLANS
    # and a kept plan does not let a bad argument through
    paigow.advise("天 地 杂九 至尊", "banker", "max-back")
    with pytest.raises(paigow.errors.InvalidStrategyError, match="unknown seat"):
        paigow.advise("天 地 杂九 至尊", "bank", "max-back")
    with pytest.raises(paigow.errors.UnknownTileError):
        paigow.advise("天 地 杂九 至尊X", "banker", "max-back")
    with pytest.raises(ValueError):
        paigow.advise("天 地 杂九 至尊", "banker", "max-back", commission="105%")


def test_side_lookup_checks_its_tables() -> None:
    side = Strategy.named("max-back")._side("player")
    with pytest.raises(ValueError, match="key of 35960"):
        _core.SideLookup(side.counts, side.key[:-1].copy(), 1.0)
    bad = side.key.copy()
    bad[7] = len(side.counts)
    with pytest.raises(ValueError, match="outside the table"):
        _core.SideLookup(side.counts, bad, 1.0)
    with pytest.raises(ValueError, match="own strategy"):
        _core.SideLookup(side.counts, side.key, 1.0, np.zeros((3, 3)))
    look = _core.SideLookup(side.counts, side.key, 1.0)
    with pytest.raises(ValueError, match="distinct"):
        look.advise(0, 0, 1, 2)
    with pytest.raises(ValueError, match="distinct"):
        look.advise(0, 1, 2, 32)


@pytest.mark.parametrize("seat", ["player", "banker"])
# "per hand" (10-14 s) is a long run: CI's full run has it, the quick loop does not
@pytest.mark.parametrize("kind", [pytest.param("per hand", marks=pytest.mark.slow), "by type"])
def test_a_callers_strategy_is_enumerated_until_its_tables_are_worth_building(
        seat: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # before its side tables are built, a caller's strategy is answered by the enumeration:
    # the same Advice and BatchAdvice, value for value, as the table path after
    other = strategies.other_seat(seat)
    table = dyadic_table(7)
    if kind == "by type":  # a type table, mixed: half max-back, half the equilibrium
        table = (Strategy.named("max-back").table + Strategy.named("equilibrium", other).table) / 2
    s = Strategy(table)
    assert s._type_uniform == (kind == "by type")
    hands = sample(60, seed=5)
    texts = [[DECK[j] for j in h] for h in hands]
    before = [paigow.advise(t, seat, s, commission=c) for t in texts for c in (False, True)]
    batch_before = paigow.advise_batch(hands, seat, s, commission="4%")
    assert not s.built(("side:" + seat, MACAU_GAME))
    s._side(seat)
    after = [paigow.advise(t, seat, s, commission=c) for t in texts for c in (False, True)]
    batch_after = paigow.advise_batch(hands, seat, s, commission="4%")
    assert before == after
    for f in ("counts", "values", "best", "units"):
        assert np.array_equal(getattr(batch_before, f), getattr(batch_after, f)), f
    # bad hands are refused on the enumeration path too, naming the row
    fresh = Strategy(dyadic_table(8))
    with pytest.raises(paigow.errors.TileCopiesError, match=r"hands\[1\].*used twice"):
        paigow.advise_batch([[0, 1, 2, 3], [4, 4, 5, 6]], seat, fresh)
    with pytest.raises(paigow.errors.TileCopiesError, match=r"hands\[1\].*used twice"):
        paigow.advise_batch([[0, 1, 2, 3], [4, 5, 6, 6]], seat, fresh)  # the last two columns too
    with pytest.raises(paigow.errors.UnknownTileError, match=r"hands\[0\]"):
        paigow.advise_batch([[0, 1, 2, 32]], seat, fresh)
    assert not fresh.built(("side:" + seat, MACAU_GAME))


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_the_side_tables_are_built_when_the_hands_asked_reach_the_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategies, "SIDE_AFTER", 0.001)  # 36 hands for a per-hand table
    s = Strategy(dyadic_table(9))
    for i, h in enumerate(sample(40, seed=6)):
        paigow.advise([DECK[j] for j in h], "player", s)
        assert s.built(("side:player", MACAU_GAME)) == (i + 1 >= 35.96)
    assert not s.built(("side:banker", MACAU_GAME))
    # named strategies build theirs at once
    assert paigow.advise("天 地 杂九 至尊", "banker", "max-back") is not None
    assert Strategy.named("max-back").built(("side:banker", MACAU_GAME))
