"""The home game's shipped equilibrium (paigow.rules.HOME, ``home-equilibrium``; docs/home-edges.md):
certified afresh by best responses, wired into the catalogue, advice and game values, its rows of
the home table, the Macau and US answers unchanged beside it, and the second half of a shuffle
(paigow.game.homesecond) held against plain enumeration."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game import equilibria, handtypes, solver, values
from paigow.game.homeedges import home_edges
from paigow.game.seen import game_left, left_counts, pair_counts
from paigow.rules import HOME, MACAU, US
from paigow.strategies import NAMED, Strategy

NAME = "home-equilibrium"
DATA = equilibria.DATA_DIR
VALUE = -0.009408  # the door's value per hand (wins - losses), to 1e-6


# ---------------------------------------------------------------------------------------------
# the catalogue and the file

def test_the_home_equilibrium_is_catalogued_under_the_home_rule_set() -> None:
    assert [s.name for s in equilibria.solutions(HOME)] == [NAME]
    s = equilibria.solution(HOME, Fraction(0))
    assert s is not None and s.rules is HOME and s.name == NAME == equilibria.file_stem(0, HOME)
    assert NAMED[NAME] == NAME + ".npy"
    info = json.loads(s.info_path.read_text(encoding="utf-8"))
    assert info["rules"] == "home" and info["exploitability"] <= 1e-8
    assert info["game_value"] == pytest.approx(VALUE, abs=1e-6)
    # its 4% option takes door wins only: no solution of that game is shipped, advice falls back
    assert equilibria.paid_rates(HOME) == ()
    assert equilibria.default_against(False, "home") == equilibria.default_against("4%", "home") == NAME
    # a rule set of the same setting game shares it; the military hand order is another game
    assert equilibria.solution(HOME.replace(name="h", commission=Fraction(1, 25), dice=2), Fraction(0)) is s
    assert equilibria.solution(HOME.replace(name="m", hand_order="home-military"), Fraction(0)) is None


@pytest.mark.parametrize("seat", ["player", "banker"])
def test_the_named_table_is_the_type_table_in_the_home_hand_order(seat: str) -> None:
    # the home order merges settings Macau's keeps apart (25 types): the shipped type table is
    # spread over the hands by the home order, and reads back as it
    assert (handtypes.hand_types(HOME).m != handtypes.hand_types(MACAU).m).sum() == 25
    data = equilibria.shipped_types(NAME)[("player", "banker").index(seat)]
    named = Strategy.named(NAME, seat)
    assert np.array_equal(named.table, handtypes.to_hands(data, HOME))
    assert np.allclose(named.table.sum(axis=1), 1.0, atol=1e-12)
    sigma, uniform = named.type_strategy(HOME)
    assert uniform and np.abs(sigma - data).max() < 1e-15


# ---------------------------------------------------------------------------------------------
# certified afresh

def test_the_shipped_home_equilibrium_is_certified_from_a_fresh_best_response() -> None:
    eq = solver.load(DATA / f"{NAME}.npy")
    assert eq.rules is HOME and eq.commission == 0
    c = solver.certify(eq, commission=0)
    info = equilibria.shipped_info(NAME)
    assert 0 <= c.player_gain and 0 <= c.banker_gain and c.player_gain + c.banker_gain <= 1e-8
    assert c.player_gain + c.banker_gain == pytest.approx(info["exploitability"], rel=1e-2)
    assert c.player_value == pytest.approx(info["game_value"], abs=1e-12) == -c.banker_value
    # the same by name through the hand tables, and the gains are real: another game is another
    by_name = solver.certify(NAME, NAME, 0, rules="home")
    assert by_name.gain <= 1e-8 and by_name.player_value == pytest.approx(c.player_value, abs=1e-12)
    assert solver.certify(eq, commission=0, rules=US).gain > 1e-5


def test_game_value_exploitability_and_advice_under_the_home_rules() -> None:
    v = paigow.game_value(NAME, "max-front", rules="home")
    assert paigow.game_value(None, "max-front", rules="home") == v  # the rule set's own by default
    assert v.ev == pytest.approx(0.038214, abs=1e-6)   # the doc's +3.8214%
    assert paigow.game_value(None, None, rules="home").ev == pytest.approx(VALUE, abs=1e-6)
    e = paigow.exploitability(NAME, NAME, rules=HOME)
    assert 0 < e <= 1e-8
    # max-front, the automatic rule, is exploited by the equilibrium banker
    assert paigow.game_value("max-front", NAME, rules="home").ev < VALUE - 0.04
    hand = "6-6 3-3 2-2 2-4"
    a = paigow.advise(hand, rules="home")
    assert a.against == NAME and a.rules == "home"
    # each setting's value is the solver's value of the type setting against the banker's equilibrium
    ty = handtypes.hand_types(HOME)
    q = values.type_values(equilibria.shipped_types(NAME)[1], False, HOME)
    for t in (17, 1163, 2024, 4100):
        g = int(ty.rep_hand[t])
        adv = paigow.advise([paigow.DECK[int(i)] for i in handtypes.all_hands()[g]], rules="home")
        for s, o in enumerate(adv.options):
            assert o.value == pytest.approx(q[t, int(ty.hand_map[g, s])] / values.OPPONENT_HANDS, abs=1e-12)


def test_the_home_equilibrium_is_refused_in_other_games_and_theirs_in_the_home_game() -> None:
    with pytest.raises(InvalidStrategyError, match="its shipped solutions are 'home-equilibrium'") as e:
        paigow.advise("6-6 3-3 2-2 2-4", against="us-equilibrium", rules="home")
    assert e.value.code == "strategy.rules"
    for rules in ("macau", "us"):
        with pytest.raises(InvalidStrategyError) as e:
            paigow.game_value(NAME, "max-back", rules=rules)
        assert e.value.code == "strategy.rules"


def test_macau_and_us_answers_are_unchanged() -> None:
    assert paigow.advise("6-6 3-3 2-2 2-4").against == "equilibrium"
    assert paigow.advise("6-6 3-3 2-2 2-4", rules="us").against == "us-equilibrium"
    macau, us = equilibria.equilibrium_info()["game_value"], equilibria.equilibrium_info("us")["game_value"]
    assert macau == pytest.approx(-4601027 / 490854000, abs=1e-8)   # the exact equilibrium's value
    assert us == pytest.approx(-27681553379 / 2942178876000, abs=1e-8)
    assert paigow.game_value("equilibrium", "equilibrium").ev == pytest.approx(macau, abs=1e-11)
    assert paigow.game_value("us-equilibrium", "us-equilibrium", rules="us").ev == pytest.approx(us, abs=1e-11)
    assert [s.name for s in equilibria.CATALOGUE[:6]] == [
        "equilibrium", "equilibrium-paid", "equilibrium-paid-4pct", "us-equilibrium", "us-equilibrium-paid",
        "us-equilibrium-paid-4.7619pct"]
    # Macau's and the US files are read in their own hand orders as before
    for name, rules in (("equilibrium", MACAU), ("us-equilibrium", US)):
        assert np.array_equal(Strategy.named(name, "banker").table,
                              handtypes.to_hands(equilibria.shipped_types(name)[1], rules))


# ---------------------------------------------------------------------------------------------
# the home table's equilibrium rows

def test_the_home_table_has_the_equilibrium_rows() -> None:
    rows = home_edges()
    assert [(r.door, r.banker, r.commission) for r in rows] == [
        (d, b, r) for r in (Fraction(0), Fraction(1, 25)) for d, b in (
            ("max-front", "max-front"), ("best-response", "max-front"), ("max-front", "best-response"),
            (NAME, NAME), (NAME, "max-front"), ("max-front", NAME))]
    eq, eq_auto, auto_eq = rows[3:6]
    assert not eq.exact and rows[0].exact
    assert float(eq.door_result) == pytest.approx(VALUE, abs=1e-6)
    assert eq.win + eq.push + eq.lose == pytest.approx(736281000, rel=1e-12)
    for row, (door, banker) in ((eq_auto, (NAME, "max-front")), (auto_eq, ("max-front", NAME))):
        v = paigow.game_value(door, banker, rules="home")
        assert float(row.door_result) == pytest.approx(v.ev, abs=1e-12)
        assert row.win / 736281000 == pytest.approx(v.win, abs=1e-12)
    # at 4% the same counts, the door's wins paid 0.96
    for zero, paid in zip(rows[3:6], rows[9:12]):
        assert (zero.win, zero.push, zero.lose) == (paid.win, paid.push, paid.lose)
        assert float(paid.door_result) == pytest.approx(float(zero.door_result) - 0.04 * zero.win / 736281000, abs=1e-15)
    # the equilibrium does better against max-front than max-front's own best response does not
    assert rows[1].door_result > eq_auto.door_result > eq.door_result > auto_eq.door_result > rows[2].door_result


# ---------------------------------------------------------------------------------------------
# the second half of a shuffle

def test_a_second_round_is_the_plain_enumeration_of_its_game_left() -> None:
    from paigow.game.homesecond import first_rounds, second_round

    seen = first_rounds(1, 7)[0]
    rows = second_round(seen)
    assert [(r.door, r.commission) for r in rows] == [
        (d, r) for r in (Fraction(0), Fraction(1, 25)) for d in ("max-front", "best-response", "equilibrium")]
    auto_p, auto_b = Strategy.named("max-front", "player", HOME), Strategy.named("max-front", "banker", HOME)
    packed = auto_b.advice_packed(HOME)
    # max-front against max-front: every hand of the 16 unseen tiles against every one beside it
    want = pair_counts(auto_p.table, packed, seen, HOME)
    assert (rows[0].win, rows[0].push, rows[0].lose) == pytest.approx(want, abs=1e-12)
    # the best response: each hand's setting is one advice values highest against max-front knowing
    # the seen tiles, and its result is the enumeration of the table it plays
    for hand in ([i for i in range(32) if i not in seen][k:k + 4] for k in (0, 5, 9, 12)):
        a = paigow.advise([paigow.DECK[i] for i in hand], against="max-front", rules="home", seen=seen)
        top = max(o.value for o in a.options)
        ty = handtypes.hand_types(HOME)
        g = int(paigow.strategies.hand_index(hand))
        from paigow.game.homesecond import best_settings
        from paigow.game.homesecond import against_auto
        game, counts = against_auto(seen, HOME)
        i = game.index[int(ty.hand_type[g])]
        chosen = int(best_settings(game, counts, Fraction(0))[i])
        s_hand = [s for s in range(3) if ty.hand_map[g, s] == chosen][0]
        assert a.options[s_hand].value == pytest.approx(top, abs=1e-12)
    assert rows[1].door_result >= rows[0].door_result
    # the equilibrium of the game left: its value and counts
    g = game_left(seen, HOME)
    assert (rows[2].win, rows[2].push, rows[2].lose) == left_counts(g)
    assert rows[2].door_result == pytest.approx(g.certificate.value, abs=1e-12)
    assert rows[5].door_result == pytest.approx(0.96 * rows[2].win - rows[2].lose, abs=1e-15)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_the_second_half_averages_its_first_rounds() -> None:
    from paigow.game.homesecond import first_rounds, second_half, second_round

    assert first_rounds(3, 5) == first_rounds(3, 5) != first_rounds(3, 6)
    assert all(len(s) == 16 and list(s) == sorted(set(s)) for s in first_rounds(3, 5))
    est = second_half(2, 5, 0)
    each = [second_round(s, 0) for s in first_rounds(2, 5)]
    for k, e in enumerate(est):
        vals = [rs[k].door_result for rs in each]
        assert e.n == 2 and e.mean == pytest.approx(sum(vals) / 2, abs=1e-15)
        assert e.half_width == pytest.approx(1.959963984540054 * abs(vals[0] - vals[1]) / 2, rel=1e-9)
        diffs = [rs[k].door_result - rs[0].door_result for rs in each]
        assert e.difference == pytest.approx(sum(diffs) / 2, abs=1e-15)
    assert est[0].difference == 0 == est[0].difference_half_width
    with pytest.raises(InvalidOptionError) as exc:
        second_half(1, 0)
    assert exc.value.code == "edges.second_half"
    with pytest.raises(InvalidOptionError) as exc:
        second_round(range(12))
    assert exc.value.code == "seen.size"
    with pytest.raises(InvalidOptionError) as exc:
        second_round(range(16), rules="us")
    assert exc.value.code == "edges.rules"


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_the_second_half_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main
    from paigow.game.homesecond import second_half

    est = second_half(2, 5, 0)  # the games left of seed 5 are kept from the test above
    assert main(["edges", "--rules", "home", "--second-half", "2", "--seed", "5", "--commission", "0", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["seed"] == 5 and [r["door"] for r in got["rows"]] == ["max-front", "best-response", "equilibrium"]
    assert [r["door_result"] for r in got["rows"]] == [e.mean for e in est]
    assert main(["edges", "--rules", "home", "--second-half", "2", "--seed", "5", "--commission", "0"]) == 0
    out = capsys.readouterr().out
    assert f"{100 * est[1].mean:+.4f}% ± {100 * est[1].half_width:.4f}%" in out and "seed 5" in out
    assert main(["edges", "--rules", "home", "--second-half", "1"]) == 2
    assert "[edges.second_half]" in capsys.readouterr().err
    assert main(["edges", "--rules", "us", "--second-half", "2"]) == 2
    assert "[edges.rules]" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# the exact equilibrium, proven afresh from its file

def test_the_shipped_home_exact_equilibrium_is_proven_from_its_file() -> None:
    from paigow.game import exact

    stem = "home-equilibrium-exact"
    eq = exact.load_exact(DATA / f"{stem}.npy")  # verify=True: every setting of every type valued again
    p = eq.proof
    assert eq.rules == "home" and eq.rule_set is HOME and eq.commission == 0
    assert p.exact and p.player_gain == 0 and p.banker_gain == 0 and not p.deviations
    assert p.player_value == Fraction(-27681553379, 2942178876000) == -p.banker_value
    assert p.margin["player"] > 0 and p.margin["banker"] > 0
    info = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
    assert info["exact"] is True and info["gains"] == {"player": "0", "banker": "0"} and info["rules"] == "home"
    assert abs(float(p.player_value) - equilibria.shipped_info(NAME)["game_value"]) < 1e-8
    assert (np.load(DATA / f"{stem}.npy") == eq.arrays()).all()
    assert exact.exact_stem(0, "home") == stem and exact.shipped_exact(0, rules="home").player == eq.player
    # the same value and mixed types (and mixtures) as the US game's exact equilibrium, though the
    # games differ (their hand orders; some hands' settings differ between the two equilibria)
    us = exact.shipped_exact(0, rules=US)
    assert us.player_value == p.player_value
    assert eq.player.mixed == us.player.mixed and eq.banker.mixed == us.banker.mixed
    certified = solver.certify(f"{stem}", f"{stem}", 0, rules="home", exact=True)
    assert certified.exact


def test_exact_solve_command_reproduces_the_shipped_home_files(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["solve", "--exact", "--rules", "home", "--output", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "of rule set 'home'" in out and "player 0, banker 0 (exact" in out
    for name in ("home-equilibrium-exact.npy", "home-equilibrium-exact.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


@pytest.mark.slow
def test_solve_command_reproduces_the_shipped_home_data(tmp_path: pathlib.Path) -> None:
    from paigow.cli import main

    assert main(["solve", "--rules", "home", "--output", str(tmp_path)]) == 0
    for name in (f"{NAME}.npy", f"{NAME}.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()
