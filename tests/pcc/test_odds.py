"""Exact odds, checked against house edges worked out here from the payout table, and by simulation."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Callable

import pytest

from pcc import ALL_SPOTS, Roll, Spot, format_table, odds, odds_table, rolls, table_as_json

# -- the house edge of each bet, computed here from docs/rules.md §2.2 and a count of outcomes -----

OUTCOMES = list(itertools.product(range(1, 7), repeat=3))  # 216 ordered outcomes of three dice
RED, GREEN, BLUE = {1, 6}, {2, 5}, {3, 4}
COLOURS = {"red": RED, "green": GREEN, "blue": BLUE}
FIGURES = {"fish": 1, "prawn": 2, "gourd": 3, "coin": 4, "crab": 5, "rooster": 6}
TOTALS = {4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 14, 16: 18, 17: 50}


Dice = tuple[int, ...]
Wins = Callable[[Dice], bool]


def winners() -> dict[str, list[tuple[int, Wins]]]:
    """Each bet's paying results: (payout to one, predicate on the dice)."""
    table: dict[str, list[tuple[int, Wins]]] = {
        "small": [(1, lambda d: 4 <= sum(d) <= 10 and len(set(d)) > 1)],
        "big": [(1, lambda d: 11 <= sum(d) <= 17 and len(set(d)) > 1)],
        "colour3:any": [(7, lambda d: any(set(d) <= c for c in COLOURS.values()))],
        "triple:any": [(24, lambda d: len(set(d)) == 1)],
    }
    def shows(n: int, k: int) -> Wins:
        return lambda d: d.count(n) == k

    def of_colour(faces: set[int], k: int) -> Wins:
        return lambda d: sum(x in faces for x in d) == k

    def adds_to(t: int) -> Wins:
        return lambda d: sum(d) == t

    for name, n in FIGURES.items():
        table[f"figure:{name}"] = [(k, shows(n, k)) for k in (1, 2, 3)]
        table[f"triple:{name}"] = [(150, shows(n, 3))]
    for name, faces in COLOURS.items():
        for k, pays in ((1, 1), (2, 3), (3, 20)):
            table[f"colour{k}:{name}"] = [(pays, of_colour(faces, k))]
    for t, pays in TOTALS.items():
        table[f"total:{t}"] = [(pays, adds_to(t))]
    return table


WINNERS = winners()


def counted_edge(bet: str) -> Fraction:
    returned = 0
    for d in OUTCOMES:
        for pays, wins in WINNERS[bet]:
            if wins(d):
                returned += 1 + pays
    return 1 - Fraction(returned, 216)


def test_every_spot_has_an_independent_edge() -> None:
    assert set(WINNERS) == {str(s) for s in ALL_SPOTS}


@pytest.mark.parametrize("bet", sorted(WINNERS))
def test_house_edge_matches_the_count(bet: str) -> None:
    row = odds(bet)
    assert row.house_edge == counted_edge(bet)
    assert row.expected_return == 1 - counted_edge(bet)
    for outcome in row.outcomes:
        assert outcome.ways == sum(
            1 for d in OUTCOMES for pays, wins in WINNERS[bet] if pays == outcome.pays and wins(d)
        )


def test_house_edges_in_closed_form() -> None:
    """The same edges from counting by hand (combinations), with no enumeration at all."""

    def edge(*results: tuple[int, int]) -> Fraction:  # (ways of 216, payout)
        return 1 - sum((Fraction(w * (1 + p), 216) for w, p in results), Fraction(0))

    totals_ways = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if 1 <= t - a - b <= 6) for t in TOTALS}
    # small: totals 3-10 are half the 216 outcomes (t and 21 - t are equally likely), 108;
    # less the one way to make 3 (1-1-1), less the triples 2-2-2 and 3-3-3. Big is its mirror.
    small_ways = 108 - 1 - 2
    assert small_ways == 105
    expected = {
        "small": edge((small_ways, 1)),
        "big": edge((small_ways, 1)),
        "figure:crab": edge((comb(3, 1) * 5**2, 1), (comb(3, 2) * 5, 2), (1, 3)),
        "colour1:red": edge((comb(3, 1) * 2 * 4**2, 1)),
        "colour2:green": edge((comb(3, 2) * 2**2 * 4, 3)),
        "colour3:blue": edge((2**3, 20)),
        "colour3:any": edge((3 * 2**3, 7)),
        "triple:fish": edge((1, 150)),
        "triple:any": edge((6, 24)),
        **{f"total:{t}": edge((totals_ways[t], p)) for t, p in TOTALS.items()},
    }
    for bet, e in expected.items():
        assert odds(bet).house_edge == e, bet
    assert odds("small").house_edge == Fraction(1, 36)
    assert odds("figure:fish").house_edge == Fraction(17, 216)
    assert odds("colour3:green").house_edge == Fraction(2, 9)


def test_probabilities_are_exact_and_complete() -> None:
    for row in odds_table():
        assert all(isinstance(o.probability, Fraction) for o in row.outcomes)
        assert row.losing_ways + row.winning_ways == 216
        assert sum((o.probability for o in row.outcomes), Fraction(0)) == row.win_probability
        assert [o.pays for o in row.outcomes] == list(row.spot.payouts)
        mean = -row.house_edge
        second = Fraction(row.losing_ways, 216) + sum(
            (o.probability * o.pays**2 for o in row.outcomes), Fraction(0)
        )
        assert row.variance == second - mean**2 > 0


def test_table_forms() -> None:
    assert [r.spot for r in odds_table()] == list(ALL_SPOTS)
    text = format_table()
    assert text.splitlines()[0].split()[:3] == ["bet", "pays", "ways/216"]
    assert "figure:crab        1        75        25/72          199/216  17/216 (7.870%)" in text
    data = table_as_json()
    assert len(data) == 39
    by_bet = {d["bet"]: d for d in data}
    assert by_bet["small"]["house_edge"] == "1/36"
    assert by_bet["total:4"]["outcomes"] == [{"pays": 50, "ways": 3, "probability": "1/72"}]
    assert Fraction(str(by_bet["triple:any"]["expected_return"])) == Fraction(25, 36)
    assert odds(Spot.big()) is odds("grande")


# -- simulation -----------------------------------------------------------------------------

N = 200_000
SEED = 20040512


def test_simulation_agrees_with_exact_odds() -> None:
    """200,000 seeded rolls: each bet's mean net result per unit is within 5 standard errors
    of the exact one, the standard error coming from the exact variance."""
    seen = Counter(rolls(N, seed=SEED))
    assert sum(seen.values()) == N
    for row in odds_table():
        spot = row.spot
        total_net = 0
        for r, times in seen.items():
            pays = spot.payout(r)
            total_net += times * (pays if pays else -1)
        observed = total_net / N
        exact = -float(row.house_edge)
        se = math.sqrt(float(row.variance) / N)
        assert abs(observed - exact) <= 5 * se, (str(spot), observed, exact, se)

    # Each face: one die in six, counted over 3N dice.
    faces: Counter[int] = Counter()
    for r, times in seen.items():
        for n in r.numbers:
            faces[n] += times
    p, dice = 1 / 6, 3 * N
    for n in range(1, 7):
        assert abs(faces[n] / dice - p) <= 5 * math.sqrt(p * (1 - p) / dice)

    # The 56 distinct rolls, each against its exact probability (multiset count / 216).
    multiplicity = Counter(Roll(*d) for d in OUTCOMES)
    assert set(seen) == set(multiplicity)
    for r, ways in multiplicity.items():
        q = ways / 216
        assert abs(seen[r] / N - q) <= 5 * math.sqrt(q * (1 - q) / N), str(r)
