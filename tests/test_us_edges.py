"""The US house-edge table (paigow.game.edges.us_edges, ``paigow edges --rules us``): the house way
against itself and against each seat's best response, exact integer counts, checked against an
independent kernel and the plain-Python enumeration; the figures of docs/us-edges.md recomputed;
one hand's values against the way (paigow.game.waygame.hand_values) and advice against a house way."""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction

import numpy as np
import pytest

import paigow
import paigow.game.edges as edges_module
from paigow.game.edges import BEST_RESPONSES, US_RATES, counts, edge, edges, us_edges, whole_counts
from paigow.game.equilibria import Solution
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game.values import type_game_counts
from paigow.houseway import FOXWOODS, house_way
from paigow.rules import MACAU, US
from paigow.game.handtypes import hand_types
from paigow.strategies import Strategy, all_hands
from paigow.game.waygame import OPPONENT_HANDS, PAIRINGS, best_response, hand_values, seat_counts

import reference

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "us-edges.md"


def _types(table: np.ndarray) -> np.ndarray:
    sigma, uniform = Strategy(table).type_strategy(US)
    assert uniform
    return sigma


@pytest.fixture(scope="module")
def way_types() -> np.ndarray:
    return _types(FOXWOODS.table())


def _value(wpl: tuple[int, int, int], objective: str, r: Fraction) -> Fraction:
    w, _, lo = wpl
    return Fraction(w - lo) if objective == "win-loss" else (1 - r) * w - lo


# ---------------------------------------------------------------------------------------------
# the rows


def test_the_house_way_row_is_the_type_kernels_count(way_types: np.ndarray) -> None:
    # seat_counts reads the solver's side_counts kernel; type_game_counts is the type-pair kernel
    got = seat_counts("foxwoods", "player")
    want = tuple(int(x) for x in type_game_counts(way_types, way_types, US))
    assert got == want and sum(got) == PAIRINGS
    assert seat_counts(FOXWOODS, "banker") == got[::-1]  # the banker's wins are the player's losses
    row = edge("foxwoods", "foxwoods", "5%", US)
    assert counts(row) == got and row.exact
    assert row.player_result == Fraction(19 * got[0] - 20 * got[2], 20 * PAIRINGS)
    assert row.banker_result == Fraction(19 * got[2] - 20 * got[0], 20 * PAIRINGS)


@pytest.mark.parametrize("seat", ["player", "banker"])
@pytest.mark.parametrize("objective", ["win-loss", "paid"])
def test_the_best_response_row_is_its_table_played_through_the_type_kernel(
        seat: str, objective: str, way_types: np.ndarray) -> None:
    r = Fraction(1, 20)
    br = _types(best_response("foxwoods", seat, objective, r))
    c = type_game_counts(br, way_types, US) if seat == "player" else type_game_counts(way_types, br, US)[::-1]
    got = seat_counts("foxwoods", seat, objective, r)
    assert got == tuple(int(x) for x in c)
    # better than the way by the objective (and not worse by a hair: the way is far from best)
    way = seat_counts("foxwoods", seat)
    assert _value(got, objective, r) > _value(way, objective, r)


@pytest.mark.parametrize("seat", ["player", "banker"])
@pytest.mark.parametrize("objective", ["win-loss", "paid"])
def test_no_setting_of_any_type_beats_the_best_response(seat: str, objective: str) -> None:
    # every setting of every type, counted by the advice side tables (not the solver's kernel that
    # paigow.game.waygame reads): for each type's first hand, its three settings
    r = Fraction(1, 21)
    ty = hand_types(US)
    side = Strategy(FOXWOODS.table()).side(seat, US)
    c = (side.counts >> np.uint64(47)).astype(np.int64)
    assert ((c.astype(np.uint64) << np.uint64(47)) == side.counts).all()
    w, lo = c[:, :, 0], c[:, :, 2]
    val = w - lo if objective == "win-loss" else 20 * w - 21 * lo
    best = val.max(axis=1)
    played = best_response("foxwoods", seat, objective, r)[ty.rep_hand]
    k = np.argmax(played, axis=1)
    assert (val[np.arange(ty.n), k] == best).all()
    # the row's objective is the sum of the types' best values
    total = int((ty.cnt * best).sum())
    got = seat_counts("foxwoods", seat, objective, r)
    assert (got[0] - got[2] if objective == "win-loss" else 20 * got[0] - 21 * got[2]) == total


def test_the_win_loss_best_response_is_one_at_every_rate_the_paid_one_is_not() -> None:
    for seat in ("player", "banker"):
        tables = [best_response("foxwoods", seat, "win-loss", r) for r in (0, "5%", "1/21", "4%")]
        assert all((t == tables[0]).all() for t in tables)
        assert len({seat_counts("foxwoods", seat, "win-loss", r) for r in (0, "5%", "1/21")}) == 1
        assert seat_counts("foxwoods", seat, "paid", "5%") != seat_counts("foxwoods", seat, "paid", "1/21")
        # at no commission the two objectives are one
        assert (best_response("foxwoods", seat, "paid", 0) == tables[0]).all()


def test_ties_go_to_the_way_s_own_setting() -> None:
    # where the best response and the way play settings of equal value, the best response plays the way's
    r = Fraction(1, 20)
    for seat in ("player", "banker"):
        for objective in ("win-loss", "paid"):
            br = best_response("foxwoods", seat, objective, r)
            differs = np.nonzero((br != FOXWOODS.table()).any(axis=1))[0]
            for row in differs[:: max(1, len(differs) // 25)].tolist():
                tiles = [paigow.DECK[i] for i in all_hands()[row].tolist()]
                v = hand_values(tiles, FOXWOODS, seat, objective, r)
                if v.options[v.way].setting != v.options[v.best].setting:
                    assert v.loss > 0, (tiles, seat, objective)


WAY_ROWS = [("foxwoods", "foxwoods"), ("best-response", "foxwoods"), ("foxwoods", "best-response"),
            ("best-response-paid", "foxwoods"), ("foxwoods", "best-response-paid")]


def _eq_rows(name: str, way: str = "foxwoods") -> list[tuple[str, str]]:
    return [(name, name), (name, way), (way, name)]


def test_the_table_rows_and_names() -> None:
    rows = us_edges("5%")
    assert [(e.player_strategy, e.banker_strategy) for e in rows] == (
        WAY_ROWS + _eq_rows("us-equilibrium-paid") + _eq_rows("us-equilibrium"))
    assert all(e.commission == Fraction(1, 20) for e in rows)
    # the way's rows and the best responses (pure): exact counts; the equilibria (mixed): float64 sums
    assert [e.exact for e in rows] == [True] * 5 + [False] * 6
    assert all(isinstance(e.win, Fraction) for e in rows[:5]) and all(isinstance(e.win, float) for e in rows[5:])
    assert edges("5%", "us") == rows == edges(True, US)
    for name, objective in BEST_RESPONSES.items():
        assert counts(edge(name, "foxwoods", "5%", "us")) == seat_counts("foxwoods", "player", objective, "5%")
        assert counts(edge("foxwoods", name, "5%", "us"))[::-1] == seat_counts("foxwoods", "banker", objective, "5%")
    # at 1/21 its own paid equilibrium; at a rate with none shipped the zero-commission one alone
    names = [(e.player_strategy, e.banker_strategy) for e in us_edges("1/21")]
    assert names == WAY_ROWS + _eq_rows("us-equilibrium-paid-4.7619pct") + _eq_rows("us-equilibrium")
    assert [(e.player_strategy, e.banker_strategy) for e in us_edges("4%")] == WAY_ROWS + _eq_rows("us-equilibrium")
    assert [(e.player_strategy, e.banker_strategy) for e in us_edges(0)] == WAY_ROWS + _eq_rows("us-equilibrium")


def test_the_equilibrium_rows_are_the_type_kernel_s_sums(way_types: np.ndarray) -> None:
    rows = {(e.player_strategy, e.banker_strategy): e for e in us_edges("5%")}
    eq = {seat: _types(Strategy.named("us-equilibrium-paid", seat).table) for seat in ("player", "banker")}
    for key, (sp, sb) in {("us-equilibrium-paid", "us-equilibrium-paid"): (eq["player"], eq["banker"]),
                          ("us-equilibrium-paid", "foxwoods"): (eq["player"], way_types),
                          ("foxwoods", "us-equilibrium-paid"): (way_types, eq["banker"])}.items():
        c = type_game_counts(sp, sb, US) / PAIRINGS
        e = rows[key]
        assert (e.win, e.push, e.lose) == tuple(float(x) for x in c)
        assert e.win + e.push + e.lose == pytest.approx(1.0, abs=1e-12)
    # the equilibrium pair's row is the value the solver certified (docs/equilibrium.md)
    info = paigow.game.equilibria.shipped_info("us-equilibrium-paid")
    e = rows[("us-equilibrium-paid", "us-equilibrium-paid")]
    assert e.player_result == pytest.approx(info["value"]["player"], abs=1e-12)
    assert e.banker_result == pytest.approx(info["value"]["banker"], abs=1e-12)
    # a row of a mixed strategy has no integer counts, and says so
    with pytest.raises(ValueError, match="not exact"):
        counts(e)


US_EXACT = {  # the shipped exact US equilibria's values per hand (tests/test_us_equilibrium.py reads the files)
    Fraction(0): (Fraction(-27681553379, 2942178876000), Fraction(27681553379, 2942178876000)),
    Fraction(1, 20): (Fraction(-57116224093, 2406166308000), Fraction(-5396935607237, 1001636672400000)),
    Fraction(1, 21): (Fraction(-18265581710557, 792267807240000), Fraction(-9429339463, 2013139510200)),
}


@pytest.mark.parametrize("rate", [Fraction(1, 20), Fraction(1, 21)])
def test_the_exact_table_uses_the_shipped_exact_equilibria(rate: Fraction, way_types: np.ndarray) -> None:
    from paigow.game import exact

    rows = us_edges(rate, exact=True)
    paid = exact.exact_stem(rate, US)
    assert [(e.player_strategy, e.banker_strategy) for e in rows] == (
        WAY_ROWS + _eq_rows(paid) + _eq_rows("us-equilibrium-exact"))
    assert all(e.exact and e.commission == rate for e in rows)
    assert all(isinstance(x, Fraction) for e in rows for x in (e.win, e.push, e.lose))
    assert all(e.win + e.push + e.lose == 1 for e in rows)
    assert edges(rate, "us", exact=True) == rows == edges(rate, US, exact=True)
    # the house way's rows are the numerical table's, integer counts
    assert rows[:5] == us_edges(rate)[:5]
    # the pair's row is the proof's value of the shipped pair (another computation: exact.prove)
    eq = exact.shipped_exact(rate, rules=US)
    assert (rows[5].player_result, rows[5].banker_result) == US_EXACT[rate] == (eq.player_value, eq.banker_value)
    zero = rows[8]
    assert zero.win - zero.lose == US_EXACT[Fraction(0)][0]  # the zero-sum game's value in its shares
    # against the way: the fractions are the float64 type kernel's sums to rounding
    for e, (sp, sb) in ((rows[6], (eq.player.array(), way_types)), (rows[7], (way_types, eq.banker.array()))):
        c = type_game_counts(sp, sb, US) / PAIRINGS
        assert [float(x) for x in (e.win, e.push, e.lose)] == pytest.approx(c.tolist(), abs=1e-13)
    # the numerical solutions' rows are near the exact ones (docs/us-edges.md: less than 0.002
    # points in the shares, 0.001 in the results)
    for a, b in zip(us_edges(rate)[5:], rows[5:]):
        assert all(abs(getattr(a, k) - float(getattr(b, k))) < 2e-5 for k in ("win", "push", "lose"))
        assert all(abs(getattr(a, k) - float(getattr(b, k))) < 1e-5 for k in ("player_result", "banker_result"))
    # an exact row of a mixed strategy has fractions of pairings, not counts: counts() says so
    with pytest.raises(ValueError, match="exact but of a mixed strategy"):
        counts(rows[5])
    assert whole_counts(rows[5]) is None and whole_counts(rows[0]) == counts(rows[0])
    assert edge(paid, "foxwoods", rate, "us", exact=True) == rows[6]


def test_edges_exact_passes_the_rule_set() -> None:
    from paigow.game import exact

    # Macau's game under another rule set (other dice): Macau's exact table, computed in that game
    m2 = MACAU.replace(name="m2", dice=4)
    assert edges("5%", m2, exact=True) == exact.exact_edges("5%")
    # the US game: its own table, not Macau's
    us = edges("5%", "us", exact=True)
    assert us[5].player_strategy == "us-equilibrium-paid-exact" and us != exact.exact_edges("5%")
    assert edge("equilibrium-paid-exact", "max-back", "4%", exact=True) == exact.exact_edges("4%")[2]


def test_an_exact_table_needs_the_exact_files(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    from paigow.game import exact

    monkeypatch.setattr(exact, "DATA_DIR", tmp_path)  # no exact file beside the numerical ones
    edges_module._us_edges.cache_clear()
    try:
        with pytest.raises(InvalidOptionError) as e:
            us_edges("5%", exact=True)
        assert e.value.code == "edges.exact" and "us-equilibrium-paid-exact" in str(e.value)
    finally:
        edges_module._us_edges.cache_clear()


def test_the_4_76_percent_rate_is_1_21_and_any_rate_is_taken() -> None:
    assert US_RATES == (Fraction(1, 20), Fraction(1, 21))
    assert round(float(US_RATES[1]) * 100, 2) == 4.76
    a = us_edges("1/21")
    assert all(e.commission == Fraction(1, 21) for e in a) and us_edges(Fraction(1, 21)) == a
    b = us_edges("4.76%")  # taken as written: 476/10000
    assert all(e.commission == Fraction(119, 2500) for e in b)
    assert counts(a[0]) == counts(b[0]) and a[0].player_result != b[0].player_result


def test_a_way_from_a_file_has_the_same_table(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "fox.csv"
    FOXWOODS.export(path)
    rows = us_edges("5%", "us", str(path))
    base = us_edges("5%")
    assert [counts(e) for e in rows[:5]] == [counts(e) for e in base[:5]]
    assert [(e.win, e.push, e.lose) for e in rows[5:]] == [(e.win, e.push, e.lose) for e in base[5:]]
    assert rows[0].player_strategy == "fox"
    assert [(e.player_strategy, e.banker_strategy) for e in rows[5:8]] == _eq_rows("us-equilibrium-paid", "fox")


def test_equilibrium_rows_appear_when_the_catalogue_ships_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # a solution of the US game in the catalogue (max-back standing in for the only one) brings
    # three rows, exact when it is pure
    fake = {Fraction(1, 20): Solution("max-back", US, Fraction(1, 20))}
    monkeypatch.setattr(edges_module, "solution", lambda rules, r: fake.get(r))
    edges_module._us_edges.cache_clear()
    try:
        rows = us_edges("5%")
        extra = [(e.player_strategy, e.banker_strategy) for e in rows[5:]]
        assert extra == [("max-back", "max-back"), ("max-back", "foxwoods"), ("foxwoods", "max-back")]
        mb = _types(paigow.max_back(US))
        way = _types(FOXWOODS.table())
        assert counts(rows[6]) == tuple(int(x) for x in type_game_counts(mb, way, US))
        assert counts(edge("max-back", "max-back", "5%", US)) == tuple(int(x) for x in type_game_counts(mb, mb, US))
    finally:
        edges_module._us_edges.cache_clear()


def test_refusals() -> None:
    with pytest.raises(InvalidOptionError) as e:
        us_edges("5%", MACAU)
    assert e.value.code == "edges.way"
    with pytest.raises(InvalidOptionError) as e:
        edge("best-response", "best-response", "5%", US)
    assert e.value.code == "edges.strategy"
    with pytest.raises(InvalidOptionError) as e:
        us_edges("120%")
    assert e.value.code == "commission.range"
    with pytest.raises(InvalidStrategyError) as e:
        us_edges("5%", US, "texas")
    assert e.value.code == "houseway.unknown"
    # Macau's table is as it was: still refuses a rule set with no equilibria, and US names
    with pytest.raises(InvalidOptionError) as e:
        edge("best-response", "foxwoods", "5%")
    assert e.value.code == "edges.strategy"


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["edges", "--rules", "us"]) == 0
    out = capsys.readouterr().out
    w, p, lo = seat_counts("foxwoods")
    assert f"{w:,}" in out and f"{p:,}" in out and "(1/21)" in out and "(1/20)" in out
    assert out.count("us-equilibrium-paid-4.7619pct ") == 4 and out.count("us-equilibrium-paid ") == 4  # 3 rows
    assert main(["edges", "--rules", "us", "--json", "--commission", "5%"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 11 and data[0]["counts"] == {"win": w, "push": p, "lose": lo, "pairings": PAIRINGS}
    assert Fraction(data[1]["player_result_exact"]) == edge("best-response", "foxwoods", "5%", US).player_result
    assert [d["exact"] for d in data] == [True] * 5 + [False] * 6 and all("counts" not in d for d in data[5:])
    # --exact: every row exact, the equilibria's as fractions, marked
    assert main(["edges", "--rules", "us", "--exact", "--json", "--commission", "5%"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 11 and all(d["exact"] for d in data) and all("counts" not in d for d in data[5:])
    assert data[5]["player"] == "us-equilibrium-paid-exact"
    assert Fraction(data[5]["player_result_exact"]) == US_EXACT[Fraction(1, 20)][0]
    assert main(["edges", "--rules", "us", "--exact"]) == 0
    out = capsys.readouterr().out
    assert out.count("  =") == 22 and "us-equilibrium-paid-4.7619pct-exact" in out
    assert main(["edges", "--way", "foxwoods"]) == 2  # a house way under Macau's rules
    assert "[edges.way]" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# docs/us-edges.md: the figures recomputed

WOO = {  # the Wizard of Odds' published table (docs/rules.md §3.2 of the spec): percentages
    ("foxwoods", "foxwoods", "win"): "29.21", ("foxwoods", "foxwoods", "push"): "40.61",
    ("foxwoods", "foxwoods", "lose"): "30.18",
    ("foxwoods", "foxwoods", "house edge 5%"): "2.44", ("foxwoods", "foxwoods", "banking 5%"): "0.53",
    ("foxwoods", "foxwoods", "house edge 4.76%"): "2.37", ("foxwoods", "foxwoods", "banking 4.76%"): "0.46",
    ("best-response", "foxwoods", "win"): "29.27", ("best-response", "foxwoods", "push"): "41.26",
    ("best-response", "foxwoods", "lose"): "29.48",
    ("best-response", "foxwoods", "house edge 5%"): "1.67", ("foxwoods", "best-response", "banking 5%"): "-0.20",
    ("best-response", "foxwoods", "house edge 4.76%"): "1.60",
    ("foxwoods", "best-response", "banking 4.76%"): "-0.27",
}


def doc_table() -> str:
    """The figure-by-figure table of docs/us-edges.md, from the rows computed now."""
    rows = {(e.player_strategy, e.banker_strategy, e.commission): e for r in US_RATES for e in us_edges(r)}
    lines = ["| row | figure | WoO | here (exact count of 736,281,000) | here | here − WoO |",
             "| --- | --- | ---: | --- | ---: | ---: |"]
    for (player, banker, figure), woo in WOO.items():
        rate = Fraction(1, 21) if figure.endswith("4.76%") else Fraction(1, 20)
        e = rows[(player, banker, rate)]
        w, p, lo = counts(e)
        if figure in ("win", "push", "lose"):
            n = {"win": w, "push": p, "lose": lo}[figure]
            exact, value = f"{n:,}", Fraction(n, PAIRINGS)
        elif figure.startswith("house edge"):
            value = -e.player_result
            exact = f"−({rate.denominator - rate.numerator}/{rate.denominator} × {w:,} − {lo:,}) / {PAIRINGS:,}"
        else:
            value = -e.banker_result
            exact = f"−({rate.denominator - rate.numerator}/{rate.denominator} × {lo:,} − {w:,}) / {PAIRINGS:,}"
        here = float(value * 100)
        lines.append(f"| {player} / {banker} | {figure} | {woo}% | {exact} | {here:.4f}% | "
                     f"{here - float(woo):+.4f} |")
    return "\n".join(lines)


def test_the_doc_prints_the_figures_computed_now() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- figures: begin -->\n(.*?)\n<!-- figures: end -->", text, re.S)
    assert block, "docs/us-edges.md has the figures between its markers"
    assert block.group(1).strip() == doc_table(), "the figures in docs/us-edges.md are stale: regenerate them"
    counted = re.search(r"<!-- counts: begin -->\n(.*?)\n<!-- counts: end -->", text, re.S)
    assert counted and counted.group(1).strip() == counts_table()
    for marker, want in (("equilibria", equilibria_table()), ("exact", exact_table()), ("value", value_lines())):
        got = re.search(rf"<!-- {marker}: begin -->\n(.*?)\n<!-- {marker}: end -->", text, re.S)
        assert got and got.group(1).strip() == want, f"the {marker} block of docs/us-edges.md is stale"


def _signed_fraction(x: Fraction) -> str:
    return str(x).replace("-", "−")


def equilibria_table() -> str:
    """The equilibria's rows of the exact US table at both rates, in decimals."""
    lines = ["| rate | player | banker | win | push | lose | player's result | banker's result |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in US_RATES:
        for e in us_edges(r, exact=True)[5:]:
            cells = [f"{float(x) * 100:.4f}%" for x in (e.win, e.push, e.lose)]
            lines.append(f"| {r} | {e.player_strategy} | {e.banker_strategy} | {' | '.join(cells)} | "
                         f"{float(e.player_result) * 100:+.4f}% | {float(e.banker_result) * 100:+.4f}% |")
    return "\n".join(lines)


def exact_table() -> str:
    """The same rows' results per hand as exact fractions."""
    lines = ["| rate | player | banker | player's result | banker's result |", "| --- | --- | --- | ---: | ---: |"]
    for r in US_RATES:
        for e in us_edges(r, exact=True)[5:]:
            lines.append(f"| {r} | {e.player_strategy} | {e.banker_strategy} | "
                         f"{_signed_fraction(e.player_result)} | {_signed_fraction(e.banker_result)} |")
    return "\n".join(lines)


def value_lines() -> str:
    """The equilibrium's value: the exact pair's results, from the table's own rows."""
    zero = us_edges("5%", exact=True)[8]
    v = zero.win - zero.lose  # the zero-commission game's value: its wins minus losses
    assert v == US_EXACT[Fraction(0)][0]
    out = [f"- without commission the game is worth {_signed_fraction(v)} = "
           f"{f'{float(v):.12f}'.replace('-', '−')} per hand to the player (+{float(-v):.12f} to the banker);"]
    for r, label in ((Fraction(1, 20), "5% (1/20)"), (Fraction(1, 21), "1/21")):
        e = us_edges(r, exact=True)[5]
        end = ";" if r == Fraction(1, 20) else "."
        out.append(f"- as paid at {label}: the player's result {_signed_fraction(e.player_result)} = "
                   f"{float(e.player_result):.12f} per hand, the banker's {_signed_fraction(e.banker_result)} = "
                   f"{float(e.banker_result):.12f}{end}".replace("= -", "= −"))
    return "\n".join(out)


def counts_table() -> str:
    """The integer counts of every row of docs/us-edges.md (both rates)."""
    lines = ["| rate | player | banker | wins | pushes | losses | player's result | banker's result |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in US_RATES:
        for e in us_edges(r)[:5]:  # the rows of two pure strategies
            w, p, lo = counts(e)
            lines.append(f"| {r} | {e.player_strategy} | {e.banker_strategy} | {w:,} | {p:,} | {lo:,} | "
                         f"{float(e.player_result) * 100:+.4f}% | {float(e.banker_result) * 100:+.4f}% |")
    return "\n".join(lines)


def test_the_doc_s_equilibrium_prose_is_computed_now() -> None:
    flat = " ".join(DOC.read_text(encoding="utf-8").split())
    pct = {r: {(e.player_strategy, e.banker_strategy): e for e in us_edges(r, exact=True)} for r in US_RATES}
    five, way = pct[Fraction(1, 20)], us_edges("5%")[0]
    pair = five[("us-equilibrium-paid-exact", "us-equilibrium-paid-exact")]
    other = pct[Fraction(1, 21)][("us-equilibrium-paid-4.7619pct-exact", "us-equilibrium-paid-4.7619pct-exact")]

    def p(x: object, digits: int = 4) -> str:
        return f"{-float(x) * 100:.{digits}f}%"  # type: ignore[arg-type]

    assert (f"the house edge is {p(pair.player_result)} on the player's side and {p(pair.banker_result)} on the "
            f"banker's at 5% ({p(other.player_result)} and {p(other.banker_result)} at 1/21), against "
            f"{p(way.player_result)} and {p(way.banker_result)} when both set by the house way") in flat
    br = edge("best-response", "foxwoods", "5%", "us")
    assert (f"against the house-way banker costs about {p(five[('us-equilibrium-paid-exact', 'foxwoods')].player_result, 2)}"
            f" at 5%, the best response {p(br.player_result, 2)}") in flat
    assert (f"loses about {p(five[('foxwoods', 'us-equilibrium-paid-exact')].player_result, 2)}, more than against "
            f"the way ({p(way.player_result, 2)})") in flat


def test_docs_equilibrium_md_links_the_us_rows_with_their_figures() -> None:
    text = " ".join((DOC.parent / "equilibrium.md").read_text(encoding="utf-8").split())
    assert "(us-edges.md#the-equilibrium-rows)" in text and "## The equilibrium rows" in DOC.read_text(encoding="utf-8")
    br = edge("best-response", "foxwoods", "5%", "us")
    eq = edge("us-equilibrium-paid-exact", "foxwoods", "5%", "us", exact=True)
    assert (f"({-float(br.player_result) * 100:.4f}% here; the player's equilibrium strategy against the house way "
            f"costs {-float(eq.player_result) * 100:.4f}%") in text
    assert "[The US game](equilibrium.md#the-us-game)" in " ".join(DOC.read_text(encoding="utf-8").split())


def test_the_doc_s_rule_c_figures_are_computed_now() -> None:
    from paigow.houseway import foxwoods_without

    def shares(way: object) -> tuple[float, ...]:
        return tuple(100 * x / PAIRINGS for x in seat_counts(way))  # type: ignore[arg-type]

    w0, p0, _ = shares(FOXWOODS)
    w1, p1, l1 = shares(foxwoods_without("1C"))
    text = DOC.read_text(encoding="utf-8")
    said = re.search(r"<!-- without 1C -->(.*?)<!-- end -->", text, re.S)
    assert said and said.group(1).strip() == (f"from {p0:.2f}% to {p1:.2f}% (wins {w1:.2f}%, losses {l1:.2f}%)")
    assert p0 < float(WOO[("foxwoods", "foxwoods", "push")]) < p1


def test_every_woo_figure_lies_within_the_stated_distance() -> None:
    # docs/us-edges.md: house edges within 0.04 points, win/push/loss within 0.5
    for line in doc_table().splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        d = abs(float(cells[-1]))
        assert d <= (0.5 if cells[1] in ("win", "push", "lose") else 0.04), line


# ---------------------------------------------------------------------------------------------
# one hand against the way, and advice against a house way


@pytest.mark.parametrize("seat", ["player", "banker"])
def test_one_hand_s_values_are_the_plain_python_enumeration(seat: str) -> None:
    table = FOXWOODS.table()
    for text in ("1-1 4-4 4-5 1-4", "2-4 1-2 3-3 1-3"):
        tiles = paigow.parse_tiles(text)
        idx = paigow.deck_indices(tiles)
        want = reference.enumerate_counts(idx, table, seat == "banker", us=True)  # type: ignore[arg-type]
        v = hand_values(tiles, "foxwoods", seat, "paid", "5%")
        for k, o in enumerate(v.options):
            assert (o.wins, o.pushes, o.losses) == tuple(int(x) for x in want[k])
            assert o.paid == (Fraction(19, 20) * o.wins - o.losses) / OPPONENT_HANDS
        assert v.options[v.way].setting == FOXWOODS.set(tiles).setting
        best = max(o.paid for o in v.options)
        assert v.options[v.best].paid == best and v.loss == best - v.options[v.way].paid


def test_advice_against_the_house_way() -> None:
    for seat in ("player", "banker"):
        a = paigow.advise("1-1 4-4 4-5 1-4", seat, "foxwoods", "5%", US)
        v = hand_values("1-1 4-4 4-5 1-4", "foxwoods", seat, "paid", "5%")
        assert a.against == "foxwoods" and a.rules == "us"
        assert [(o.wins, o.pushes, o.losses) for o in a.options] == [(o.wins, o.pushes, o.losses) for o in v.options]
        assert [o.value for o in a.options] == pytest.approx([float(o.paid) for o in v.options], abs=1e-12)
        assert a.best == v.best
    # a house way object, any spelling of its name, a file
    a = paigow.advise("1-1 4-4 4-5 1-4", against=FOXWOODS, rules="us")
    assert paigow.advise("1-1 4-4 4-5 1-4", against="Foxwoods", rules="us") == a
    assert a.best == 2 and str(a.best_setting) == "4-4 4-5 | 1-1 1-4"


def test_advice_against_a_way_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "mine.csv"
    FOXWOODS.export(path)
    a = paigow.advise("1-1 4-4 4-5 1-4", against=str(path), rules=US)
    b = paigow.advise("1-1 4-4 4-5 1-4", against=house_way(path), rules=US)
    assert a.against == b.against == "mine"
    assert a.options == paigow.advise("1-1 4-4 4-5 1-4", against="foxwoods", rules=US).options


def test_a_house_way_is_refused_outside_the_us_game() -> None:
    for against in ("foxwoods", FOXWOODS):
        with pytest.raises(InvalidStrategyError) as e:
            paigow.advise("1-1 4-4 4-5 1-4", against=against)
        assert e.value.code == "houseway.rules" and "rules='us'" in str(e.value)
    with pytest.raises(InvalidStrategyError) as e:
        paigow.advise("1-1 4-4 4-5 1-4", against="foxwoods", rules=MACAU.replace(name="m2"))
    assert e.value.code == "houseway.rules"


def test_advise_command_against_the_house_way(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["advise", "--rules", "us", "--against", "foxwoods", "--json", "1-1 4-4 4-5 1-4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["against"] == "foxwoods" and data["rules"] == "us" and data["best"] == 2
    assert main(["advise", "--against", "foxwoods", "1-1 4-4 4-5 1-4"]) == 2
    assert "[houseway.rules]" in capsys.readouterr().err
