"""The solver (paigow.game.solver): the zero-commission equilibrium and the equilibrium as paid, their
certificates from fresh best-response computations, argument checks, and the house-edge table."""

from __future__ import annotations

import json
import math
import pathlib
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import InvalidOptionError, _core, advice
from paigow.game import equilibria, solver
from paigow.game import handtypes
from paigow.game import values
from paigow.commission import COMMISSION
from paigow.game.edges import STRATEGIES, edge, edges
from paigow.errors import InvalidStrategyError
from paigow.hands import HAND_RANK_COUNT
from paigow.rules import MACAU

import reference

ALL = paigow.all_hands()


def counts(sigma: np.ndarray, banker_side: bool) -> np.ndarray:
    ty = advice._types()
    out = np.empty((ty.n, 3, 2))
    work = np.empty(_core.side_counts_size(HAND_RANK_COUNT))
    tile_rank, triples = values._kernel_data()
    _core.side_counts(np.ascontiguousarray(sigma), ty.hand_type, ALL, ty.tset_f, ty.tset_b, ty.rep_hand,
                      banker_side, tile_rank, MACAU.core, triples, HAND_RANK_COUNT, work, out, 1)
    return out


# ---------------------------------------------------------------------------------------------
# the counting kernel of the game as paid

@pytest.mark.parametrize("banker_side", [False, True])
def test_side_counts_match_plain_enumeration(banker_side: bool) -> None:
    # wins and losses of every setting of a type, against max-back (integers, exactly) and against
    # the shipped zero-commission equilibrium (expected counts), as the plain enumeration counts them
    ty = advice._types()
    other = "player" if banker_side else "banker"
    for table in (paigow.max_back(), paigow.strategy(other)):
        sigma, uniform = handtypes.to_types(table)
        assert uniform
        c = counts(sigma, banker_side)
        for t in (7, 2024, 4100):
            rep = int(ty.rep_hand[t])
            hand = tuple(int(x) for x in ALL[rep])
            expected = reference.enumerate_counts(hand, table, banker_side)  # type: ignore[arg-type]
            for s in range(3):
                k = int(ty.hand_map[rep, s])
                w, _, l_ = expected[s]
                if table is paigow.max_back() or np.isin(table, (0.0, 1.0)).all():
                    assert (c[t, k, 0], c[t, k, 1]) == (w, l_)
                else:
                    assert (c[t, k, 0], c[t, k, 1]) == pytest.approx((w, l_), abs=1e-9)


def test_side_counts_agree_with_side_values() -> None:
    # wins minus losses is the zero-commission value of the existing kernel, for every type setting
    ty = advice._types()
    rng = np.random.default_rng(5)
    valid = np.arange(3)[None, :] < ty.m[:, None]
    sigma = rng.random((ty.n, 3)) * valid
    sigma /= sigma.sum(axis=1, keepdims=True)
    for side in (False, True):
        c = counts(sigma, side)
        v = _core.side_values(sigma, ty.hand_type, ALL, ty.tset_f, ty.tset_b, ty.rep_hand, side, MACAU.core, 1)
        assert np.abs((c[:, :, 0] - c[:, :, 1]) - v)[valid].max() < 1e-8
        assert (c[:, :, 0] >= -1e-9).all() and (c.sum(axis=2) <= advice.OPPONENT_HANDS + 1e-9)[valid].all()


# ---------------------------------------------------------------------------------------------
# the shipped solutions, certified afresh

def test_shipped_paid_equilibrium_is_certified_from_a_fresh_best_response() -> None:
    eq = solver.load(advice.DATA_DIR / "equilibrium-paid.npy")
    assert eq.commission == COMMISSION
    c = solver.certify(eq)
    assert 0 <= c.player_gain <= 1e-7 and 0 <= c.banker_gain <= 1e-7
    info = solver.paid_info()
    assert info["commission"] == "1/20"
    assert c.player_gain == pytest.approx(info["gains"]["player"], rel=1e-2)
    assert c.banker_gain == pytest.approx(info["gains"]["banker"], rel=1e-2)
    assert c.player_value == pytest.approx(info["value"]["player"], abs=1e-12)
    assert c.banker_value == pytest.approx(info["value"]["banker"], abs=1e-12)
    # the same through the hand tables, and the gains are real: the other seat's strategy loses
    d = solver.certify(solver.paid_strategy("player"), solver.paid_strategy("banker"), "5%")
    assert d.gain <= 1e-7 and d.player_value == pytest.approx(c.player_value, abs=1e-12)
    z = solver.certify("equilibrium", "equilibrium", "5%")
    assert z.gain > 5e-6  # the zero-commission equilibrium is not one of the game as paid


def test_shipped_4pct_equilibrium_is_certified() -> None:
    eq = solver.load(advice.DATA_DIR / "equilibrium-paid-4pct.npy")
    assert eq.commission == Fraction(1, 25)
    c = solver.certify(eq, commission="4%")
    assert c.gain <= 1e-7


def test_rate_zero_reproduces_the_shipped_zero_commission_value() -> None:
    c = solver.certify("equilibrium", "equilibrium", commission=0)
    info = advice.equilibrium_info()
    assert c.player_value == pytest.approx(info["game_value"], abs=1e-11)
    assert c.banker_value == pytest.approx(-info["game_value"], abs=1e-11)
    assert c.player_gain + c.banker_gain == pytest.approx(paigow.exploitability(), abs=1e-12)
    assert c.player_gain + c.banker_gain <= 1e-8


def test_warm_start_from_the_shipped_equilibrium_returns_it() -> None:
    shipped = solver.load(advice.DATA_DIR / "equilibrium.npy")
    eq = solver.solve(start=shipped)
    assert eq.iterations == 0 and eq.exploitability <= 1e-8
    assert np.array_equal(eq.player, shipped.player) and np.array_equal(eq.banker, shipped.banker)
    paid = solver.load(advice.DATA_DIR / "equilibrium-paid.npy")
    again = solver.solve(commission="5%", start=paid)
    assert again.iterations == 0 and np.array_equal(again.player, paid.player)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_a_cold_solve_on_a_looser_tolerance_lands_near_the_shipped_one() -> None:
    # the fast check of the solver's path; the byte-for-byte regeneration is the slow test below
    eq = solver.solve(tol=1e-5, check_every=10)
    assert eq.exploitability <= 1e-5 and eq.iterations < 200
    assert eq.value == pytest.approx(advice.equilibrium_info()["game_value"], abs=2e-5)
    shipped, ty = equilibria.shipped_types("equilibrium"), advice._types()
    for seat, sigma in enumerate((eq.player, eq.banker)):
        # the same most likely setting for all but a few hands (88 and 16 of 35,960 today)
        differ = np.argmax(sigma, axis=1) != np.argmax(shipped[seat], axis=1)
        assert int(ty.cnt[differ].sum()) < 200
        # and the strategies are close, hand-weighted
        assert float(np.abs(sigma - shipped[seat]).sum(axis=1) @ ty.cnt) / paigow.HAND_COUNT < 0.03
    # warm-started from the loose solution, the solver reaches the shipped tolerance
    warm = solver.solve(tol=1e-6, start=eq, check_every=25)
    assert warm.exploitability <= 1e-6 and warm.value == pytest.approx(eq.value, abs=2e-5)


def test_solve_is_deterministic_and_converges() -> None:
    a = solver.solve(tol=1e-12, max_iterations=60, check_every=30)
    b = solver.solve(tol=1e-12, max_iterations=60, check_every=30, threads=2)
    assert np.array_equal(a.player, b.player) and np.array_equal(a.banker, b.banker)
    assert a.iterations == 60 and 0 < a.exploitability < 1e-4
    assert a.value == pytest.approx(paigow.game_value().ev, abs=1e-4)


def test_paid_solve_is_deterministic_and_its_gains_are_certified() -> None:
    a = solver.solve(commission="5%", tol=1e-12, max_iterations=10, check_every=5, threads=1)
    b = solver.solve(commission=Fraction(1, 20), tol=1e-12, max_iterations=10, check_every=5, threads=2)
    assert np.array_equal(a.player, b.player) and np.array_equal(a.banker, b.banker)
    c = solver.certify(a)
    assert (c.player_gain, c.banker_gain) == (pytest.approx(a.player_gain, abs=1e-15),
                                              pytest.approx(a.banker_gain, abs=1e-15))
    assert a.exploitability == pytest.approx(a.player_gain + a.banker_gain)
    assert 0 < a.exploitability < 1e-3


@pytest.mark.slow
def test_solve_command_reproduces_the_shipped_data(tmp_path: pathlib.Path) -> None:
    from paigow.cli import main

    assert main(["solve", "--output", str(tmp_path)]) == 0
    assert (tmp_path / "equilibrium.npy").read_bytes() == (advice.DATA_DIR / "equilibrium.npy").read_bytes()
    assert json.loads((tmp_path / "equilibrium.json").read_text()) == advice.equilibrium_info()


@pytest.mark.slow
def test_solve_command_reproduces_the_shipped_paid_data(tmp_path: pathlib.Path) -> None:
    from paigow.cli import main

    assert main(["solve", "--commission", "5%", "--output", str(tmp_path)]) == 0
    for name in ("equilibrium-paid.npy", "equilibrium-paid.json"):
        assert (tmp_path / name).read_bytes() == (advice.DATA_DIR / name).read_bytes()


# ---------------------------------------------------------------------------------------------
# argument checks (issue 12)

@pytest.mark.parametrize(
    "kwargs,code",
    [
        ({"check_every": 0}, "solve.check_every"),
        ({"check_every": -3}, "solve.check_every"),
        ({"max_iterations": 0}, "solve.max_iterations"),
        ({"max_iterations": -1}, "solve.max_iterations"),
        ({"purify": 2.0}, "solve.purify"),
        ({"purify": -0.1}, "solve.purify"),
        ({"purify": math.nan}, "solve.purify"),
        ({"tol": 0.0}, "solve.tol"),
        ({"tol": -1e-6}, "solve.tol"),
        ({"tol": math.inf}, "solve.tol"),
        ({"tol": math.nan}, "solve.tol"),
        ({"threads": -1}, "solve.threads"),
        ({"commission": "5 percent"}, "commission.syntax"),
        ({"commission": "1.5"}, "commission.range"),
    ],
)
def test_bad_values_are_project_errors(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidOptionError) as e:
        solver.solve(**kwargs)  # type: ignore[arg-type]
    assert e.value.code == code
    assert repr(next(iter(kwargs.values())))[:4] in str(e.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_iterations": 2.5}, {"max_iterations": "10"}, {"max_iterations": True}, {"check_every": 1.0},
        {"tol": "1e-6"}, {"tol": None, "purify": "0"}, {"progress": 3}, {"start": "equilibrium"},
        {"commission": None}, {"threads": 1.5},
    ],
)
def test_wrong_types_are_type_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        solver.solve(**kwargs)  # type: ignore[arg-type]


def test_other_entry_points_check_their_arguments() -> None:
    with pytest.raises(TypeError):
        solver.save("not an equilibrium")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        solver.certify("max-back")
    with pytest.raises(InvalidStrategyError):
        solver.paid_strategy("dealer")
    with pytest.raises(InvalidStrategyError) as e:
        solver.load(advice.DATA_DIR / "equilibrium.json")
    assert e.value.code == "strategy.file"


def test_save_and_load_round_trip(tmp_path: pathlib.Path) -> None:
    eq = solver.solve(commission="4%", tol=1e-12, max_iterations=2, check_every=1)
    d = solver.save(eq, tmp_path)
    assert (d / "equilibrium-paid-4pct.npy").exists() and (d / "equilibrium-paid-4pct.json").exists()
    back = solver.load(d / "equilibrium-paid-4pct.npy")
    assert back.commission == Fraction(1, 25) and np.array_equal(back.player, eq.player)
    assert back.player_gain == pytest.approx(eq.player_gain, rel=1e-2)


# ---------------------------------------------------------------------------------------------
# the house-edge table

def max_back_counts() -> tuple[int, int, int]:
    """Player win/push/lose counts over all 736,281,000 pairings, max-back on both sides, summed
    hand by hand from ``advise``'s exact integer counts (the enumeration of each hand's 20,475
    opposing hands: a different path from the table's type sums)."""
    best = paigow.best_settings(ALL, strategy="max-back")
    w = p = l_ = 0
    for h in range(len(ALL)):
        o = paigow.advise([paigow.DECK[int(i)] for i in ALL[h]], against="max-back").options[int(best[h])]
        assert o.wins == int(o.wins) and o.pushes == int(o.pushes) and o.losses == int(o.losses)
        w += int(o.wins); p += int(o.pushes); l_ += int(o.losses)
    return w, p, l_


@pytest.mark.slow
def test_pure_rows_are_exact_integer_counts() -> None:
    w, p, l_ = max_back_counts()
    assert w + p + l_ == advice.PAIRINGS
    for r in (COMMISSION, Fraction(1, 25)):
        e = edge("max-back", "max-back", r)
        assert e.exact
        assert (e.win, e.push, e.lose) == (Fraction(w, advice.PAIRINGS), Fraction(p, advice.PAIRINGS),
                                           Fraction(l_, advice.PAIRINGS))
        assert e.player_result == ((1 - r) * w - l_) / Fraction(advice.PAIRINGS)
        assert e.banker_result == ((1 - r) * l_ - w) / Fraction(advice.PAIRINGS)
        assert e.house == r * (w + l_) / Fraction(advice.PAIRINGS)
        assert e.player_result + e.banker_result + e.house == 0


def test_table_rows() -> None:
    rows = edges("5%")
    assert [(e.player_strategy, e.banker_strategy) for e in rows] == [(p, b) for p in STRATEGIES for b in STRATEGIES]
    for e in rows:
        assert float(e.win) + float(e.push) + float(e.lose) == pytest.approx(1.0, abs=1e-12)
        assert float(e.player_result) + float(e.banker_result) + float(e.house) == pytest.approx(0.0, abs=1e-12)
        assert e.exact == (e.player_strategy == e.banker_strategy == "max-back")
    paid = rows[0]
    info = solver.paid_info()
    assert paid.player_result == pytest.approx(info["value"]["player"], abs=1e-9)
    assert paid.banker_result == pytest.approx(info["value"]["banker"], abs=1e-9)
    # the zero-commission row at rate 0 terms: its win - lose is the shipped game value
    z = edge("equilibrium", "equilibrium", "5%")
    assert float(z.win) - float(z.lose) == pytest.approx(advice.equilibrium_info()["game_value"], abs=1e-11)
    # at the paid equilibrium neither side gains by switching to the other strategies
    for other in STRATEGIES[1:]:
        assert float(edge(other, "equilibrium-paid").player_result) <= float(paid.player_result) + 1e-7
        assert float(edge("equilibrium-paid", other).banker_result) <= float(paid.banker_result) + 1e-7
    us = edges("4%")[0]
    assert us.commission == Fraction(1, 25) and float(us.player_result) > float(paid.player_result)
    json.dumps([e.to_json() for e in rows])


def test_table_bad_input() -> None:
    with pytest.raises(InvalidOptionError) as e:
        edges("3%")
    assert e.value.code == "edges.rate"
    with pytest.raises(InvalidOptionError) as e:
        edge("greedy", "max-back")
    assert e.value.code == "edges.strategy"
    with pytest.raises(TypeError):
        edge(None, "max-back")  # type: ignore[arg-type]


def _text_block(path: pathlib.Path, first_line: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index("```text\n" + first_line) + len("```text\n")
    return text[start:text.index("```", start)].rstrip("\n")


def test_docs_and_readme_show_the_table_as_computed() -> None:
    from paigow.game.edges import format_table

    root = pathlib.Path(__file__).resolve().parent.parent
    head = "commission 5% of every win"
    assert _text_block(root / "docs" / "equilibrium.md", head) == format_table(edges("5%") + edges("4%"))
    assert _text_block(root / "docs" / "advice.md", head) == format_table(edges("5%"))
    doc = (root / "docs" / "equilibrium.md").read_text(encoding="utf-8")
    five, four = solver.setting_changes("5%"), solver.setting_changes("4%")
    assert f"| player | {five['player']} (" in doc and f"| banker | {five['banker']} (" in doc
    assert doc.count(f"| {four['player']} |") == 1 and doc.count(f"| {four['banker']} |") == 1
    info = solver.paid_info()
    for seat in ("player", "banker"):
        assert f"{info['gains'][seat]:.1e}".replace("e-0", "e-") in doc


def test_edges_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["edges", "--json", "--commission", "4%"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 9 and {d["commission"] for d in data} == {"1/25"}
    exact = [d for d in data if d["exact"]]
    assert [(d["player"], d["banker"]) for d in exact] == [("max-back", "max-back")]
    e = edge("max-back", "max-back", "4%")
    assert Fraction(exact[0]["player_result_exact"]) == e.player_result
    assert main(["edges"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("commission 5% of every win") and "commission 4% of every win" in out
    assert main(["edges", "--commission", "3%"]) == 2
    assert "[edges.rate]" in capsys.readouterr().err


def test_solve_command_writes_where_told_and_never_the_package_data(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from paigow.cli import main

    before = {p.name: p.read_bytes() for p in advice.DATA_DIR.iterdir()}
    assert main(["solve", "--commission", "5%", "--tol", "1e-3", "--output", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["commission"] == "1/20" and data["converged"] and data["gains"]["player"] <= 1e-3
    assert (tmp_path / "equilibrium-paid.npy").exists()
    monkeypatch.chdir(tmp_path)  # no --output: the current directory
    assert main(["solve", "--tol", "1e-2", "--max-iterations", "25"]) in (0, 1)
    assert (tmp_path / "equilibrium.npy").exists() and "written to" in capsys.readouterr().out
    assert {p.name: p.read_bytes() for p in advice.DATA_DIR.iterdir()} == before
    assert main(["solve", "--max-iterations", "0"]) == 2
    assert "[solve.max_iterations]" in capsys.readouterr().err


def test_advice_with_commission_plays_the_equilibrium_as_paid_by_default() -> None:
    hand = "6-6 3-3 2-2 2-4"
    a = paigow.advise(hand, commission=True)
    assert a.against == "equilibrium-paid"
    b = paigow.advise(hand, against="equilibrium-paid", commission=True)
    assert [o.value for o in a.options] == [o.value for o in b.options]
    assert paigow.advise(hand).against == "equilibrium"
    assert paigow.advise(hand, commission="4%").against == "equilibrium-paid-4pct"
    assert paigow.advise(hand, commission="3%").against == "equilibrium"
    batch = paigow.advice.advise_batch(ALL[:5], commission=True)
    assert batch.against == "equilibrium-paid"
