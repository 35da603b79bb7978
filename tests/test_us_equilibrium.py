"""The US casino game's equilibria (paigow.rules.US; docs/equilibrium.md): the shipped numerical
solutions certified afresh, the exact ones re-proven from their files and checked against plain
enumeration, the files reproduced by ``paigow solve --rules us``, and the catalogue's wiring into
advice, game values, certificates and the house-edge table."""

from __future__ import annotations

import itertools
import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow.game import equilibria, exact, exact_proof, solver
from paigow.game import handtypes
from paigow.game import values
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game.exact_proof import ExactStrategy
from paigow.rules import MACAU, US
from paigow.strategies import Strategy

import reference

DATA = equilibria.DATA_DIR
RATE_476 = Fraction(1, 21)  # the 4.76% of the US tables, read as a win paid 20 to 21
NUMERICAL = {  # name: commission
    "us-equilibrium": Fraction(0),
    "us-equilibrium-paid": Fraction(1, 20),
    "us-equilibrium-paid-4.7619pct": RATE_476,
}
EXACT = {  # commission: (stem, the player's value, the banker's value), per hand
    Fraction(0): ("us-equilibrium-exact", Fraction(-27681553379, 2942178876000),
                  Fraction(27681553379, 2942178876000)),
    Fraction(1, 20): ("us-equilibrium-paid-exact", Fraction(-57116224093, 2406166308000),
                      Fraction(-5396935607237, 1001636672400000)),
    RATE_476: ("us-equilibrium-paid-4.7619pct-exact", Fraction(-18265581710557, 792267807240000),
               Fraction(-9429339463, 2013139510200)),
}
HAND = "6-6 3-3 2-2 2-4"  # a hand of the player's type 593, which the exact equilibrium mixes


# ---------------------------------------------------------------------------------------------
# the catalogue

def test_the_us_solutions_are_catalogued_under_the_us_rule_set() -> None:
    names = [s.name for s in equilibria.solutions(US)]
    assert names == list(NUMERICAL)
    for s in equilibria.solutions(US):
        assert s.rules is US and s.commission == NUMERICAL[s.name]
        assert equilibria.file_stem(s.commission, US) == s.name == equilibria._stem(US, s.commission)
        assert paigow.strategies.NAMED[s.name] == s.name + ".npy"
        assert json.loads(s.info_path.read_text(encoding="utf-8"))["rules"] == "us"
    assert equilibria.paid_rates(US) == (Fraction(1, 20), RATE_476)
    assert [s.name for s in equilibria.solutions(MACAU)] == ["equilibrium", "equilibrium-paid", "equilibrium-paid-4pct"]
    # the defaults advice plays against: the game's solution at the rate asked, else its zero-commission one
    assert equilibria.default_against(False, "us") == "us-equilibrium"
    assert equilibria.default_against(True, "us") == "us-equilibrium-paid"
    assert equilibria.default_against("1/21", US) == "us-equilibrium-paid-4.7619pct"
    assert equilibria.default_against("4%", US) == "us-equilibrium"
    assert equilibria.equilibrium_info("us")["game_value"] == pytest.approx(-0.0094085, abs=1e-7)
    # a rule set that differs from the US one only where the setting game does not look shares them
    house = US.replace(name="us-4.76", commission=RATE_476, dice=4)
    assert equilibria.solution(house, RATE_476) is equilibria.solution(US, RATE_476)
    assert equilibria.default_against(True, house) == "us-equilibrium-paid-4.7619pct"


def test_a_solution_is_refused_under_a_rule_set_whose_game_it_does_not_solve() -> None:
    with pytest.raises(InvalidStrategyError, match="its shipped solutions are 'us-equilibrium'") as e:
        paigow.advise(HAND, against="equilibrium", rules="us")
    assert e.value.code == "strategy.rules"
    with pytest.raises(InvalidStrategyError, match="solves the game of rule set 'us'") as e:
        paigow.advise(HAND, against="us-equilibrium")
    assert e.value.code == "strategy.rules"
    with pytest.raises(InvalidStrategyError) as e:
        paigow.game_value("us-equilibrium", "max-back")
    assert e.value.code == "strategy.rules"


@pytest.mark.parametrize("name", list(NUMERICAL))
def test_a_us_table_is_the_hand_table_of_the_us_hand_order(name: str) -> None:
    # the type tables are numbered by each hand order's distinct settings (14 types have three
    # under Macau's order and two under the US one): the named strategy, spread over the hands,
    # is the solver's type table read in the US order, and reads back as it
    assert (handtypes.hand_types(US).m != handtypes.hand_types(MACAU).m).sum() == 14
    data = equilibria.shipped_types(name)
    for s, seat in enumerate(("player", "banker")):
        named = Strategy.named(name, seat)
        assert np.array_equal(named.table, handtypes.to_hands(data[s], US))
        sigma, uniform = named.type_strategy(US)
        assert uniform and np.abs(sigma - data[s]).max() < 1e-15


# ---------------------------------------------------------------------------------------------
# the numerical solutions, certified afresh

@pytest.mark.parametrize("name", list(NUMERICAL))
def test_shipped_us_equilibria_are_certified_from_a_fresh_best_response(name: str) -> None:
    eq = solver.load(DATA / f"{name}.npy")
    assert eq.rules is US and eq.commission == NUMERICAL[name]
    c = solver.certify(eq, commission=eq.commission)  # the game of the rules its record names
    info = equilibria.shipped_info(name)
    if eq.commission:
        assert 0 <= c.player_gain <= 1e-7 and 0 <= c.banker_gain <= 1e-7
        assert c.player_gain == pytest.approx(info["gains"]["player"], rel=1e-2)
        assert c.banker_gain == pytest.approx(info["gains"]["banker"], rel=1e-2)
        assert c.player_value == pytest.approx(info["value"]["player"], abs=1e-12)
        assert c.banker_value == pytest.approx(info["value"]["banker"], abs=1e-12)
    else:
        assert 0 <= c.player_gain + c.banker_gain <= 1e-8
        assert c.player_gain + c.banker_gain == pytest.approx(info["exploitability"], rel=1e-2)
        assert c.player_value == pytest.approx(info["game_value"], abs=1e-12) == -c.banker_value
    # the same by name, through the hand tables
    by_name = solver.certify(name, name, eq.commission, rules="us")
    assert by_name.gain <= 1e-7 and by_name.player_value == pytest.approx(c.player_value, abs=1e-12)
    # and the gains are real: Macau's game or another rate is another game
    assert solver.certify(eq, commission="3%").gain > 1e-6


def test_game_value_and_exploitability_of_the_us_equilibrium() -> None:
    info = equilibria.equilibrium_info(US)
    v = paigow.game_value("us-equilibrium", "us-equilibrium", rules="us")
    assert v.ev == pytest.approx(info["game_value"], abs=1e-11)
    assert v.win + v.push + v.lose == pytest.approx(1.0, abs=1e-12)
    e = paigow.exploitability("us-equilibrium", "us-equilibrium", rules=US)
    assert 0 < e <= 1e-8 and e == pytest.approx(info["exploitability"], rel=1e-2)
    # max-back against the equilibrium banker loses more than the equilibrium does
    assert paigow.game_value("max-back", "us-equilibrium", rules="us").ev < v.ev - 0.01


def test_advice_under_the_us_rules_plays_against_the_us_equilibria() -> None:
    a = paigow.advise(HAND, rules="us")
    assert a.against == "us-equilibrium" and a.rules == "us"
    assert paigow.advise(HAND, rules="us", commission=True).against == "us-equilibrium-paid"
    assert paigow.advise(HAND, rules="us", commission=Fraction(1, 21)).against == "us-equilibrium-paid-4.7619pct"
    # each setting's value is the solver's value of the hand's type setting against the banker's
    # equilibrium (another kernel): wins minus losses over the 20,475 opposing hands
    ty = handtypes.hand_types(US)
    q = values.type_values(equilibria.shipped_types("us-equilibrium")[1], False, US)
    for t in (593, 1163, 2024, 4100):
        g = int(ty.rep_hand[t])
        a = paigow.advise([paigow.DECK[int(i)] for i in handtypes.all_hands()[g]], rules="us")
        for s, o in enumerate(a.options):
            assert o.value == pytest.approx(q[t, int(ty.hand_map[g, s])] / values.OPPONENT_HANDS, abs=1e-12)


# ---------------------------------------------------------------------------------------------
# the solver's path under the US rules (the byte-for-byte regeneration is slow, below)

def test_a_cold_us_solve_on_a_looser_tolerance_lands_near_the_shipped_one() -> None:
    eq = solver.solve(tol=1e-5, check_every=10, rules="us")
    assert eq.rules is US and eq.exploitability <= 1e-5
    assert eq.value == pytest.approx(equilibria.equilibrium_info(US)["game_value"], abs=2e-5)
    shipped, ty = equilibria.shipped_types("us-equilibrium"), handtypes.hand_types(US)
    for seat, sigma in enumerate((eq.player, eq.banker)):
        differ = np.argmax(sigma, axis=1) != np.argmax(shipped[seat], axis=1)
        assert int(ty.cnt[differ].sum()) < 300
    # a warm start from the shipped file returns it as it is
    start = solver.load(DATA / "us-equilibrium-paid.npy")
    again = solver.solve(commission="5%", start=start, rules="us")
    assert again.iterations == 0 and np.array_equal(again.player, start.player)


@pytest.mark.slow
@pytest.mark.parametrize("args,stem", [
    ([], "us-equilibrium"),
    (["--commission", "5%"], "us-equilibrium-paid"),
    (["--commission", "1/21"], "us-equilibrium-paid-4.7619pct"),
])
def test_solve_command_reproduces_the_shipped_us_data(tmp_path: pathlib.Path, args: list[str], stem: str) -> None:
    from paigow.cli import main

    assert main(["solve", "--rules", "us", *args, "--output", str(tmp_path)]) == 0
    for name in (f"{stem}.npy", f"{stem}.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


def test_solve_command_under_the_us_rules(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["solve", "--rules", "us", "--commission", "5%", "--tol", "1", "--max-iterations", "5",
                 "--output", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "rule set: us" in out and "commission 5%" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["us-equilibrium-paid.json", "us-equilibrium-paid.npy"]
    eq = solver.load(tmp_path / "us-equilibrium-paid.npy")
    assert eq.rules is US and eq.commission == Fraction(1, 20) and eq.iterations == 5
    assert solver.certify(eq).gain == pytest.approx(max(eq.player_gain, eq.banker_gain), rel=1e-2)


def test_solve_command_refuses_an_unknown_rule_set(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["solve", "--rules", "texas", "--output", str(tmp_path)]) == 2
    assert "[rules.unknown]" in capsys.readouterr().err
    # no numerical US solution at 4% to start the exact one from: said so, nothing written
    assert main(["solve", "--exact", "--rules", "us", "--commission", "4%", "--output", str(tmp_path)]) == 2
    assert "no numerical equilibrium of rule set 'us' at commission 4%" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# the exact equilibria, proven afresh from their files

@pytest.mark.parametrize("rate", list(EXACT))
def test_shipped_us_exact_equilibria_are_proven_from_their_files(rate: Fraction) -> None:
    stem, vp, vb = EXACT[rate]
    eq = exact.load_exact(DATA / f"{stem}.npy")  # verify=True: every setting of every type valued again
    p = eq.proof
    assert eq.rules == "us" and eq.rule_set is US and eq.commission == rate
    assert p.exact and p.player_gain == 0 and p.banker_gain == 0 and not p.deviations
    assert (p.player_value, p.banker_value) == (vp, vb)
    assert p.margin["player"] > 0 and p.margin["banker"] > 0
    info = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
    assert info["exact"] is True and info["gains"] == {"player": "0", "banker": "0"} and info["rules"] == "us"
    assert (Fraction(info["value"]["player"]), Fraction(info["value"]["banker"])) == (vp, vb)
    # the numerical solution it was solved from is within its certificate of it
    num = equilibria.shipped_info(equilibria.file_stem(rate, US))
    near = num["value"]["player"] if rate else num["game_value"]
    assert abs(float(vp) - near) < 1e-6
    # the table holds each fraction to the nearest double, the pure rows exactly 0/1
    arrays = np.load(DATA / f"{stem}.npy")
    assert (arrays == eq.arrays()).all()
    assert exact.shipped_exact(rate, rules="us").player == eq.player
    assert exact.exact_stem(rate, "us") == stem


def test_the_us_zero_commission_value_and_mixed_hands() -> None:
    eq = exact.shipped_exact(0, rules=US)
    assert eq.player_value == Fraction(-27681553379, 2942178876000) == -eq.banker_value
    assert eq.player.mixed[593] == (Fraction(5657, 10656), Fraction(4999, 10656), Fraction(0))
    assert sorted(eq.player.mixed) == [593, 723, 1123, 1163, 2404, 3272, 3890]
    assert sorted(eq.banker.mixed) == [597, 1794, 3080, 3149, 3167, 3607, 3890]
    # the US value differs from Macau's
    assert eq.player_value != exact.shipped_exact(0).player_value


def _hand_probs(strategy: ExactStrategy) -> dict[int, list[Fraction]]:
    """Per hand row, the probabilities of its three splits (the first split of each type setting)."""
    ty = handtypes.hand_types(US)
    out = {}
    for g in range(len(ty.hand_type)):
        row = strategy.row(int(ty.hand_type[g]))
        out[g] = [row[int(ty.hand_map[g, s])] if ty.first[g, s] else Fraction(0) for s in range(3)]
    return out


@pytest.mark.parametrize("rate", [Fraction(0), Fraction(1, 20)])
def test_sampled_us_settings_are_counted_alike_by_plain_enumeration(rate: Fraction) -> None:
    # an independent count of the proof's numbers: a mixed type and a pure one of each seat, each
    # setting's wins and losses against the other side's exact strategy, one opposing hand at a
    # time, in fractions, by the plain-Python US game of tests/reference.py
    eq = exact.shipped_exact(rate, rules=US)
    ty = handtypes.hand_types(US)
    hands = handtypes.all_hands()
    rows = reference.row_of()
    for seat in ("player", "banker"):
        own, other = eq.strategy(seat), eq.strategy("banker" if seat == "player" else "player")
        counts = exact_proof.Counts(rate, US)
        q, d = exact_proof.exact_values(counts, other, seat == "banker")
        probs = _hand_probs(other)
        for t in (next(iter(own.mixed)), 2024):
            rep = int(ty.rep_hand[t])
            hand = tuple(int(x) for x in hands[rep])
            mine = reference.arranged(hand, us=True)  # type: ignore[arg-type]
            wl = [[Fraction(0), Fraction(0)] for _ in range(3)]
            for opp in itertools.combinations([i for i in range(32) if i not in hand], 4):
                theirs = reference.arranged(opp, us=True)  # type: ignore[arg-type]
                for r, p in enumerate(probs[rows[opp]]):
                    if p:
                        for k in range(3):
                            res = (-reference.decide(theirs[r], mine[k], us=True) if seat == "banker"
                                   else reference.decide(mine[k], theirs[r], us=True))
                            if res:
                                wl[k][0 if res == 1 else 1] += p
            by_setting = {}
            for s in range(3):
                k = int(ty.hand_map[rep, s])
                by_setting[k] = (1 - rate) * wl[s][0] - wl[s][1]
                assert by_setting[k] == Fraction(int(q[t, k]), d * counts.scale)
            best = max(by_setting.values())
            assert all(by_setting[k] == best for k, p in enumerate(own.row(t)) if p)


def test_a_perturbed_us_strategy_is_not_proven_exact() -> None:
    eq = exact.shipped_exact(0, rules=US)
    mixed = dict(eq.banker.mixed)
    mixed[1794] = (Fraction(0), Fraction(137, 288) + Fraction(1, 100), Fraction(151, 288) - Fraction(1, 100))
    wrong = ExactStrategy(eq.banker.pure, mixed, US)
    p = exact_proof.prove(eq.player, wrong, 0)  # the strategies' own game: the US one
    assert not p.exact and p.player_gain > 0 and p.banker_gain == 0
    # the US pair is no equilibrium of the US game as paid
    assert not exact_proof.prove(eq.player, eq.banker, "5%").exact
    # and strategies numbered by one hand order are refused in the other's game
    macau = exact.shipped_exact(0)
    for call in (lambda: exact_proof.prove(eq.player, eq.banker, 0, MACAU),
                 lambda: exact_proof.prove(macau.player, macau.banker, 0, US),
                 lambda: solver.certify("equilibrium-exact", "equilibrium-exact", 0, rules="us", exact=True)):
        with pytest.raises(InvalidStrategyError) as e:
            call()
        assert e.value.code == "strategy.rules"


def test_exact_certificates_of_the_us_game() -> None:
    eq = exact.shipped_exact(True, rules="us")
    c = solver.certify(eq)  # certified in its own game, at its own rate
    assert c.exact and c.commission == Fraction(1, 20) and (c.player_gain, c.banker_gain) == (0.0, 0.0)
    assert c.player_value == float(EXACT[Fraction(1, 20)][1])
    assert solver.certify("us-equilibrium-exact", "us-equilibrium-exact", 0, rules="us", exact=True).exact
    # the numerical solution read exactly: small gains, not zero
    f = solver.certify("us-equilibrium", "us-equilibrium", 0, rules="us", exact=True)
    assert not f.exact and 0 < f.player_gain + f.banker_gain < 1e-8
    assert eq.equilibrium().rules is US


def test_exact_edges_of_the_us_game() -> None:
    for rate in (Fraction(1, 20), RATE_476):
        rows = exact.exact_edges(rate, rules="us")
        assert len(rows) == 9 and all(e.exact and e.win + e.push + e.lose == 1 for e in rows)
        assert (rows[0].player_result, rows[0].banker_result) == EXACT[rate][1:]
        zero = next(e for e in rows if e.player_strategy == e.banker_strategy == "equilibrium-exact")
        assert zero.win - zero.lose == EXACT[Fraction(0)][1]
        mb = rows[-1]
        counted = paigow.game_value("max-back", "max-back", rules="us")  # the advice kernels' side tables
        assert (mb.player_strategy, mb.banker_strategy) == ("max-back", "max-back")
        assert (float(mb.win), float(mb.push), float(mb.lose)) == (
            pytest.approx(counted.win, abs=1e-15), pytest.approx(counted.push, abs=1e-15),
            pytest.approx(counted.lose, abs=1e-15))
        eq = exact.shipped_exact(rate, rules=US)  # the first row: the pair of the exact paid equilibrium
        assert (rows[0].win, rows[0].push, rows[0].lose) == exact_proof.exact_counts(eq.player, eq.banker)
    with pytest.raises(InvalidOptionError) as e:
        exact.exact_edges("4%", rules="us")
    assert e.value.code == "edges.rate"


# ---------------------------------------------------------------------------------------------
# the exact solve reproduces the shipped files

@pytest.mark.parametrize("args,stem", [
    ([], "us-equilibrium-exact"),
    (["--commission", "5%"], "us-equilibrium-paid-exact"),
    (["--commission", "1/21"], "us-equilibrium-paid-4.7619pct-exact"),
])
def test_exact_solve_command_reproduces_the_shipped_us_files(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], args: list[str], stem: str) -> None:
    from paigow.cli import main

    assert main(["solve", "--exact", "--rules", "us", *args, "--output", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "of rule set 'us'" in out and "player 0, banker 0 (exact" in out
    for name in (f"{stem}.npy", f"{stem}.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


def test_the_exact_solve_does_not_depend_on_the_blas_threads(tmp_path: pathlib.Path) -> None:
    # the float64 pivoting only names a basis; where two bases tie but for rounding (the US
    # order cannot tell the banker's types 1348 and 1350 apart: 1-2 and 2-4 rank alike as
    # singles) the BLAS's threads must not choose between them
    import os
    import subprocess
    import sys

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-m", "paigow", "solve", "--exact", "--rules", "us", "--commission", "5%",
                        "--output", str(tmp_path), "--json"], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for name in ("us-equilibrium-paid-exact.npy", "us-equilibrium-paid-exact.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


def test_solve_exact_true_under_the_us_rules() -> None:
    eq = solver.solve(start=solver.load(DATA / "us-equilibrium.npy"), rules="us", exact=True)
    assert isinstance(eq, exact.ExactEquilibrium) and eq.exact and eq.rules == "us"
    shipped = exact.shipped_exact(0, rules="us")
    assert eq.player == shipped.player and eq.banker == shipped.banker
    # a strategy of one hand order is not equal to the same numbers in the other's
    assert ExactStrategy(shipped.player.pure, shipped.player.mixed, MACAU) != shipped.player


# ---------------------------------------------------------------------------------------------
# what docs/equilibrium.md says of the US game is what the package computes

def test_the_docs_show_the_us_numbers_as_computed() -> None:
    from paigow.game.edges import format_table

    doc = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "equilibrium.md").read_text(encoding="utf-8")
    us = doc[doc.index("## The US game"):]
    table = format_table(exact.exact_edges("5%", rules="us") + exact.exact_edges(Fraction(1, 21), rules="us"))
    assert "```text\n" + table + "\n```" in us
    for rate, (stem, vp, vb) in EXACT.items():
        assert f"`paigow/data/{stem}.npy`" in us
        assert f"{str(vp).replace('-', '−')} = {float(vp):+.12f}".replace("+", "").replace("-", "−") in us
        if rate:
            assert f"{str(vb).replace('-', '−')} = {float(vb):+.12f}".replace("-", "−") in us
        if rate != RATE_476:  # the two tables of mixed hands, row by row as the .json describes them
            info = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
            for seat in ("player", "banker"):
                for m in info["mixed"][seat]:
                    played = ", ".join("`" + x["text"].replace("|", "\\|") + "` " + x["p"] for x in m["settings"])
                    assert f"| {seat} | {m['type']} | {m['hand']} ({m['hands']}) | {played} |" in us, (seat, m)
    for name in NUMERICAL:
        info = equilibria.shipped_info(name)
        gains = [info["exploitability"]] if name == "us-equilibrium" else list(info["gains"].values())
        assert all(f"{g:.3e}".replace("e-0", "e-") in us for g in gains)
    # how far from Macau's: the most likely settings, and Macau's pair certified in the US game
    differ = {c: [int((Strategy.named(m, seat).best != Strategy.named(u, seat).best).sum())
                  for seat in ("player", "banker")]
              for c, m, u in ((0, "equilibrium", "us-equilibrium"), (5, "equilibrium-paid", "us-equilibrium-paid"))}
    flat = " ".join(us.split())
    assert f"on {differ[0][0]} of the player's 35,960 hands and {differ[0][1]} of the banker's" in flat
    assert differ[5][0] == differ[5][1] and f"and on {differ[5][0]} of each at 5%" in flat
    c = solver.certify(Strategy.named("equilibrium", "player").table, Strategy.named("equilibrium", "banker").table,
                       0, rules="us")
    assert f"gains {c.player_gain:.1e} per hand for the player and {c.banker_gain:.1e} for the banker".replace(
        "e-0", "e-") in flat
    changes = equilibria.setting_changes(True, rules="us")
    assert changes == equilibria.setting_changes(RATE_476, rules="us")
    assert f"{changes['player']} of the player's hands and {changes['banker']} of the banker's" in flat
