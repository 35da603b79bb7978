"""The shipped ways compared (``paigow houseway --compare``, docs/houseway-compare.md): exact counts
of each way against each, against the best response and the US equilibrium."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import paigow.cli
from paigow.cli.waycompare import compare_ways
from paigow.game.edges import counts, us_edges
from paigow.game.values import PAIRINGS
from paigow.houseway import CANBERRA, FOXWOODS


@pytest.fixture(scope="module")
def comparison():  # type: ignore[no-untyped-def]
    return compare_ways(["foxwoods", "canberra"], "5%")


def test_each_way_against_the_other_is_an_exact_count(comparison) -> None:  # type: ignore[no-untyped-def]
    assert [(p.player, p.banker) for p in comparison.pairs] == [("foxwoods", "canberra"), ("canberra", "foxwoods")]
    for p in comparison.pairs:
        w, q, lo = p.counts
        assert w + q + lo == PAIRINGS
        assert p.house_edge == Fraction(lo - w * Fraction(95, 100), PAIRINGS)
    fc = comparison.pairs[0]
    assert fc.counts == (216750696, 296005004, 223525300)  # docs/houseway-compare.md
    # the hands set apart: the same for both orders, and each one the ways really set apart
    assert comparison.pairs[0].distinct_apart == comparison.pairs[1].distinct_apart == 48
    apart = sum(1 for (_, s, _), (_, t, _) in zip(FOXWOODS.settings_of_all(), CANBERRA.settings_of_all())
                if s != t)
    assert apart >= 48


def test_each_way_against_itself_the_best_response_and_the_equilibrium(comparison) -> None:  # type: ignore[no-untyped-def]
    for row in comparison.rows:
        edges = us_edges("5%", way=row.way)
        assert row.self_counts == counts(edges[0]) and row.self_edge == -edges[0].player_result
        assert row.best_counts == counts(edges[1]) and row.best_edge == -edges[1].player_result
        assert row.best_response_cost == row.self_edge - row.best_edge > 0
        assert 0 < row.equilibrium_edge < row.self_edge
    fox = comparison.rows[0]
    assert round(float(fox.self_edge) * 100, 4) == 2.4246 and round(float(fox.best_edge) * 100, 4) == 1.666


def test_the_command_prints_and_gives_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert paigow.cli.main(["houseway", "--compare", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in data["pairs"]] == ["foxwoods", "canberra"]
    assert data["ways"][0]["self"] == [216954384, 295368216, 223958400]
    assert paigow.cli.main(["houseway", "--compare", "6-6", "6-6", "1-2", "1-3"]) == 2
    assert capsys.readouterr().err.strip().endswith("[houseway.compare]")
