"""The rule set as a value (paigow.rules): checked once, carried to the kernels, two in one process."""

from __future__ import annotations

import itertools
import pickle
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import _core
from paigow.errors import InvalidOptionError
from paigow.rules import MACAU, RULE_SETS, US, Copies, RuleSet, ZeroRule, clean_rules, commission_of
from paigow.setting import Outcome, Setting, compare

import reference

TOY = MACAU.replace(name="zero-both", zero_rule="both")  # a second rule set: zero rule on both hands
NONE = MACAU.replace(name="zero-none", zero_rule=ZeroRule.NONE)


@pytest.mark.parametrize(("name", "values"), [
    ("macau", ("macau", ZeroRule.FRONT, Copies.BANKER, Fraction(1, 20), 4, 2, "holder", False, "half-up")),
    ("us", ("us", ZeroRule.BOTH, Copies.BANKER, Fraction(1, 20), 3, 2, "foxwoods", True, "half-up")),
])
def test_each_rule_set_s_values(name: str, values: tuple[object, ...]) -> None:
    rules = RULE_SETS[name]
    assert clean_rules(name.upper()) is rules and clean_rules(f" {name.title()} ") is rules
    assert (rules.hand_order, rules.zero_rule, rules.copies, rules.commission, rules.dice, rules.max_cuts,
            rules.banker_sets, rules.high_at_least_low, rules.rounding.value) == values
    assert rules.name == str(rules) == name


def test_macau_is_todays_rules() -> None:
    assert RULE_SETS["macau"] is MACAU and clean_rules(None) is MACAU and clean_rules(" Macau ") is MACAU
    assert repr(MACAU) == "RuleSet('macau')" and str(MACAU) == "macau"
    assert repr(TOY) == "RuleSet('zero-both', zero_rule=ZeroRule.BOTH)"


def test_the_us_rule_set() -> None:
    assert RULE_SETS["us"] is US and clean_rules("US") is US
    assert US.copies.value == "banker"
    cheaper = US.replace(name="us-4.76", commission=Fraction(1, 21))  # the 4.76% of docs/rules.md §3.1
    assert cheaper.commission == Fraction(1, 21) and cheaper.core == US.core and cheaper.core is not None
    assert round(float(cheaper.commission) * 100, 2) == 4.76


@pytest.mark.parametrize("changes, code", [
    ({"name": ""}, "rules.name"),
    ({"name": "x" * 41}, "rules.name"),
    ({"hand_order": "texas"}, "rules.hand_order"),
    ({"zero_rule": "back"}, "rules.option"),
    ({"copies": "player"}, "rules.option"),
    ({"rounding": "up"}, "rules.option"),
    ({"commission": "1.5"}, "commission.range"),
    ({"dice": 7}, "rules.range"),
    ({"dice": True}, "rules.range"),
    ({"max_cuts": 8}, "rules.range"),
    ({"banker_sets": ""}, "rules.banker_sets"),
    ({"high_at_least_low": 1}, "rules.range"),
])
def test_a_bad_rule_set_is_refused_by_its_field(changes: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidOptionError) as e:
        MACAU.replace(**changes)
    assert e.value.code == code


def test_clean_rules_refuses_unknown_names_and_types() -> None:
    with pytest.raises(InvalidOptionError, match="unknown rule set 'texas': the rule sets are 'macau'") as e:
        clean_rules("texas")
    assert e.value.code == "rules.unknown"
    with pytest.raises(TypeError, match="RuleSet or its name"):
        clean_rules(5)  # type: ignore[arg-type]


def test_one_commission_cleaner() -> None:
    assert commission_of(MACAU, True) == Fraction(1, 20)
    assert commission_of(MACAU.replace(name="h", commission="4%"), True) == Fraction(1, 25)
    assert commission_of(MACAU, False) == commission_of(MACAU, None) == commission_of(MACAU, 0) == 0
    assert commission_of(MACAU, "5%") == commission_of(MACAU, 0.05) == Fraction(1, 20)


def test_the_core_tables_are_the_rule_sets_statement() -> None:
    core = MACAU.core
    assert core is MACAU.core  # built once
    assert (core.n_ranks, core.front_zero, core.back_zero) == (paigow.HAND_RANK_COUNT, paigow.ZERO_POINT_RANKS, 0)
    assert (TOY.core.front_zero, TOY.core.back_zero) == (paigow.ZERO_POINT_RANKS, paigow.ZERO_POINT_RANKS)
    assert (NONE.core.front_zero, NONE.core.back_zero) == (0, 0)
    assert (TOY.core.hand_rank_table() == core.hand_rank_table()).all()
    again = pickle.loads(pickle.dumps(TOY.core))
    assert again == TOY.core and again != core


def test_the_core_refuses_bad_tables() -> None:
    table = MACAU.core.hand_rank_table().clip(0).tolist()
    with pytest.raises(ValueError, match="32 x 32"):
        _core.RuleTables(table[:31], 107, 0, 0)
    with pytest.raises(ValueError, match="n_ranks"):
        _core.RuleTables(table, 200, 0, 0)
    with pytest.raises(ValueError, match="front_zero"):
        _core.RuleTables(table, 107, 108, 0)
    bad = [row[:] for row in table]
    bad[0][1] = 150
    with pytest.raises(ValueError, match=r"hand_rank\[0\]\[1\]"):
        _core.RuleTables(bad, 107, 0, 0)
    bad = [row[:] for row in table]
    bad[0][1] += 1  # not the same both ways
    with pytest.raises(ValueError, match="both ways"):
        _core.RuleTables(bad, 107, 0, 0)


ZEROS = (Setting.parse("2-2 3-3 | 1-3 3-3"), Setting.parse("2-2 1-5 | 5-5 4-6"))  # four zero-point hands


def test_two_rule_sets_in_one_process_compare() -> None:
    assert compare(*ZEROS) is Outcome.PUSH  # Macau: the zero fronts go to the banker, the backs by rank
    assert compare(*ZEROS, rules=TOY) is Outcome.LOSE  # both zero pairs go to the banker
    assert compare(*ZEROS, rules=NONE) is Outcome.WIN  # ranks alone
    assert compare(*ZEROS, rules="macau") is Outcome.PUSH  # and Macau again, after the others


def _reference_outcome(p: list[int], b: list[int], front_zero: bool, back_zero: bool) -> int:
    """The plain-Python comparison of tests/reference.py, with the zero rule on either hand."""
    def arrange(t: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        x, y = reference.hand_key(t[0], t[1]), reference.hand_key(t[2], t[3])
        return (x, y) if x <= y else (y, x)

    (pf, pb), (bf, bb) = arrange(p), arrange(b)

    def wins(x: tuple[int, ...], y: tuple[int, ...], zero: bool) -> bool:
        return x > y and not (zero and reference.is_zero(x) and reference.is_zero(y))

    return int(wins(pf, bf, front_zero)) + int(wins(pb, bb, back_zero)) - 1


def test_two_rule_sets_in_one_process_batch_outcomes_match_the_reference() -> None:
    rng = np.random.default_rng(19)
    rows = np.array([rng.permutation(32)[:8] for _ in range(4000)], dtype=np.int8)
    # and rows of four zero-point hands, where the rule sets differ
    pairs = [(i, j) for i, j in itertools.combinations(range(32), 2) if reference.is_zero(reference.hand_key(i, j))]
    zero_rows: list[list[int]] = []
    while len(zero_rows) < 3000:
        picks = [pairs[k] for k in rng.choice(len(pairs), 4, replace=False)]
        tiles = [t for pair in picks for t in pair]
        if len(set(tiles)) == 8:
            zero_rows.append(tiles)
    rows = np.concatenate([rows, np.array(zero_rows, dtype=np.int8)])
    p, b = rows[:, :4], rows[:, 4:]
    results = {r.name: paigow.outcomes(p, b, rules=r) for r in (MACAU, TOY, NONE)}
    again = paigow.outcomes(p, b)  # the default is Macau, whatever ran before
    assert (again == results["macau"]).all()
    assert (results["macau"] != results["zero-both"]).any() and (results["macau"] != results["zero-none"]).any()
    for i in range(len(rows)):
        pi, bi = p[i].tolist(), b[i].tolist()
        assert results["macau"][i] == _reference_outcome(pi, bi, True, False), pi + bi
        assert results["zero-both"][i] == _reference_outcome(pi, bi, True, True), pi + bi
        assert results["zero-none"][i] == _reference_outcome(pi, bi, False, False), pi + bi


def test_rules_are_cleaned_once_at_the_boundary() -> None:
    with pytest.raises(InvalidOptionError, match="unknown rule set"):
        paigow.outcomes([[0, 1, 2, 3]], [[4, 5, 6, 7]], rules="texas")
    with pytest.raises(InvalidOptionError, match="unknown rule set"):
        paigow.setting_batch([[0, 1, 2, 3]], rules="texas")
    with pytest.raises(InvalidOptionError, match="unknown rule set"):
        compare(*ZEROS, rules="texas")
