"""Two rule sets in one process: advice, game values, the solver and the house-edge table of a toy
rule set (the zero rule on both hands) beside Macau's, the toy's numbers held against the
plain-Python enumeration of tests/reference.py, and Macau's unchanged after the toy ran. Also the
catalogue of shipped solutions (paigow.game.equilibria) and ``--rules`` on the command line."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import DECK, InvalidStrategyError, rules
from paigow.game import equilibria, solver
from paigow.game import handtypes
from paigow.game.handtypes import setting_game
from paigow.game import values
from paigow.game.edges import edge, edges
from paigow.errors import InvalidOptionError
from paigow.rules import MACAU

import reference

TOY = MACAU.replace(name="zero-both", zero_rule="both")
ALL = paigow.all_hands()

# hands whose settings hold zero-point hands, where the two zero rules part ways against min-back
HANDS = ["1-3 1-3 3-3 1-5", "5-5 5-5 4-6 4-6", "3-3 2-2 2-2 1-5"]


def min_back() -> np.ndarray:
    """A caller's pure table that sets the weakest back (then the weakest front): it plays
    zero-point backs, where the zero rule on both hands differs from Macau's (max-back never
    holds a zero-point back)."""
    ranks = paigow.strategies.all_ranks()
    key = ranks[:, :, 1].astype(np.int32) * 256 + ranks[:, :, 0]
    table = np.zeros((len(ALL), 3))
    table[np.arange(len(ALL)), np.argmin(key, axis=1)] = 1.0
    return table


MIN_BACK = min_back()


def reference_min_back(hand: tuple[int, ...]) -> list[float]:
    return MIN_BACK[reference.row_of()[hand]].tolist()  # type: ignore[no-any-return]


def idx(text: str) -> tuple[int, int, int, int]:
    i = paigow.deck_indices(paigow.parse_tiles(text))
    return (i[0], i[1], i[2], i[3])


def macau_numbers() -> dict[str, object]:
    """What Macau's game gives for the hands and the whole game (compared before and after)."""
    out: dict[str, object] = {}
    for text in HANDS:
        for seat in ("player", "banker"):
            out[f"{text}/{seat}/max-back"] = paigow.advise(text, seat, "max-back")
            out[f"{text}/{seat}/min-back"] = paigow.advise(text, seat, MIN_BACK)
            out[f"{text}/{seat}/equilibrium"] = paigow.advise(text, seat)
    out["batch"] = paigow.advise_batch(ALL[:300], against="max-back").units.tolist()
    out["value"] = paigow.game_value()
    out["value/max-back"] = paigow.game_value("max-back", "max-back")
    out["value/min-back"] = paigow.game_value(MIN_BACK, MIN_BACK)
    out["exploitability"] = paigow.exploitability("max-back", "max-back")
    out["edge"] = edge("max-back", "max-back")
    return out


def test_advice_and_game_values_of_two_rule_sets_in_one_process() -> None:
    before = macau_numbers()
    low = paigow.Strategy(MIN_BACK)
    differ = 0
    for text in HANDS:
        for seat in ("player", "banker"):
            banker_seat = seat == "banker"
            # against max-back (named: the side tables of the toy game, built at once)
            toy = paigow.advise(text, seat, "max-back", rules=TOY)
            assert toy.rules == "zero-both" and toy.against == "max-back"
            expected = reference.enumerate_counts(idx(text), reference.max_back_row, banker_seat, zero_back=True)
            for o, (w, p, l_) in zip(toy.options, expected):
                assert (o.wins, o.pushes, o.losses) == (w, p, l_)  # integers, exactly
                assert o.value == pytest.approx((w - l_) / 20475, abs=1e-15)
            # against min-back (a caller's table: the enumeration path), where the rules part ways
            toy = paigow.advise(text, seat, low, rules=TOY)
            expected = reference.enumerate_counts(idx(text), reference_min_back, banker_seat, zero_back=True)
            assert [(o.wins, o.pushes, o.losses) for o in toy.options] == [tuple(e) for e in expected]
            macau = before[f"{text}/{seat}/min-back"]
            assert [(o.wins, o.pushes, o.losses) for o in macau.options] == [  # type: ignore[attr-defined]
                tuple(e) for e in reference.enumerate_counts(idx(text), reference_min_back, banker_seat)]
            differ += toy.options != macau.options  # type: ignore[attr-defined]
            # a caller's mixed table (the Macau equilibrium's, as a plain table): expected counts
            table = paigow.strategy("player" if banker_seat else "banker").copy()
            mixed = paigow.advise(text, seat, table, rules=TOY)
            expected = reference.enumerate_counts(idx(text), table, banker_seat, zero_back=True)
            for o, e in zip(mixed.options, expected):
                assert [o.wins, o.pushes, o.losses] == pytest.approx(e, abs=1e-9)
    assert differ >= 3  # the zero rule on the back hands changes the counts of some hands
    # the side tables of the toy game say what the enumeration said
    low.side("player", TOY)
    low.side("banker", TOY)
    for text in HANDS:
        for seat in ("player", "banker"):
            expected = reference.enumerate_counts(idx(text), reference_min_back, seat == "banker", zero_back=True)
            assert [(o.wins, o.pushes, o.losses) for o in paigow.advise(text, seat, low, rules=TOY).options] == \
                [tuple(e) for e in expected]

    # the whole game under the toy rules, by four kernels: the side tables (game_value), the type
    # sums (the house-edge table), the zero-sum type values (the solver) and the counts as paid
    for table in (paigow.max_back(), MIN_BACK):
        v = paigow.game_value(table, table, rules=TOY)
        sigma, uniform = handtypes.to_types(table, TOY)
        assert uniform
        counts = values.type_game_counts(sigma, sigma, TOY)
        assert [int(x) for x in counts] == [round(x * values.PAIRINGS) for x in (v.win, v.push, v.lose)]
        br_p, held, value = values.type_exploitability(sigma, sigma, TOY)
        assert value == pytest.approx(v.ev, abs=1e-12)
        assert paigow.exploitability(table, table, rules=TOY) == pytest.approx(br_p - held, abs=1e-12)
        c = solver.certify(table, table, commission=0, rules=TOY)
        assert c.player_value == pytest.approx(v.ev, abs=1e-12)
    e = edge("max-back", "max-back", rules=TOY)
    v = paigow.game_value("max-back", "max-back", rules=TOY)
    assert e.exact and (e.win, e.push, e.lose) == tuple(Fraction(round(x * values.PAIRINGS), values.PAIRINGS)
                                                        for x in (v.win, v.push, v.lose))
    # max-back never holds a zero-point back: its game is Macau's; min-back's is not, and the
    # banker takes every zero against zero: the player does worse
    assert v == before["value/max-back"]
    low_v = paigow.game_value(MIN_BACK, MIN_BACK, rules=TOY)
    assert low_v.win == before["value/min-back"].win  # type: ignore[attr-defined]
    assert low_v.lose > before["value/min-back"].lose  # type: ignore[attr-defined]
    # the batch over a sample: each row the plain enumeration's
    sample = ALL[::997]
    b = paigow.advise_batch(sample, seat="banker", against=low, rules=TOY)
    assert b.rules == "zero-both"
    for i in range(0, len(sample), 9):
        h = tuple(int(x) for x in sample[i])
        assert b.counts[i].tolist() == reference.enumerate_counts(h, reference_min_back, True, zero_back=True)  # type: ignore[arg-type]

    # and Macau's numbers are as they were, whatever ran before
    assert macau_numbers() == before


def test_the_shipped_equilibria_are_refused_under_a_rule_set_they_do_not_solve() -> None:
    for call in (
        lambda: paigow.advise(HANDS[0], rules=TOY),                        # the default strategy
        lambda: paigow.advise(HANDS[0], against="equilibrium", rules=TOY),
        lambda: paigow.advise(HANDS[0], against="equilibrium-paid", commission=True, rules=TOY),
        lambda: paigow.advise(HANDS[0], against=paigow.Strategy.named("equilibrium", "banker"), rules=TOY),
        lambda: paigow.advise_batch(ALL[:3], rules=TOY),
        lambda: paigow.best_settings(ALL[:3], rules=TOY),
        lambda: paigow.game_value(rules=TOY),
        lambda: paigow.exploitability("max-back", "equilibrium", rules=TOY),
        lambda: paigow.strategy("player", rules=TOY),
        lambda: solver.certify("equilibrium-paid", "max-back", rules=TOY),
        lambda: equilibria.default_against(True, TOY),
    ):
        with pytest.raises(InvalidStrategyError, match="rule set 'zero-both'") as e:
            call()
        assert e.value.code == "strategy.rules"
    with pytest.raises(InvalidOptionError, match="rule set 'zero-both'") as o:
        edges(rules=TOY)
    assert o.value.code == "edges.rules"
    # max-back and a caller's table work under any rule set
    assert paigow.best_settings(ALL[:3], strategy="max-back", rules=TOY).tolist() == \
        paigow.best_settings(ALL[:3], strategy="max-back").tolist()
    assert paigow.advise(HANDS[0], against=paigow.max_back().copy(), rules=TOY).against == "table"


def test_a_rule_set_of_macaus_game_shares_its_solutions() -> None:
    three = MACAU.replace(name="macau-3-dice", dice=3)
    assert equilibria.solution(three, Fraction(0)) is equilibria.solution(MACAU, Fraction(0))
    a = paigow.advise(HANDS[1], commission=True, rules=three)
    b = paigow.advise(HANDS[1], commission=True)
    assert a.against == b.against == "equilibrium-paid" and a.options == b.options and a.rules == "macau-3-dice"
    assert paigow.game_value(rules=three) == paigow.game_value()
    assert edges("4%", rules=three) == edges("4%")
    # the strategies' forms are shared too: the same side tables, not built again
    s = paigow.Strategy.named("equilibrium-paid", "banker")
    assert s.side("player", three) is s.side("player", MACAU)


def test_the_catalogue() -> None:
    assert [s.name for s in equilibria.CATALOGUE] == [n for n, src in paigow.strategies.NAMED.items()
                                                     if isinstance(src, str)]
    for s in equilibria.CATALOGUE:
        assert s.path.exists() and s.info_path.exists()
        info = json.loads(s.info_path.read_text(encoding="utf-8"))
        assert Fraction(info.get("commission", "0")) == s.commission
        assert equilibria.solution(s.rules, s.commission) is s
    assert equilibria.paid_rates(MACAU) == (Fraction(1, 20), Fraction(1, 25)) == paigow.game.edges.RATES
    assert equilibria.solutions(TOY) == () and equilibria.paid_rates(TOY) == ()
    # one default per meaning, stated in the catalogue: advice without ``against`` plays it
    for c in (False, True, "4%", "3%", Fraction(1, 25)):
        assert paigow.advise(HANDS[2], commission=c).against == equilibria.default_against(c)
    assert equilibria.file_stem(0, TOY) == "zero-both-equilibrium"
    assert equilibria.file_stem(True, TOY) == "zero-both-equilibrium-paid"
    with pytest.raises(InvalidStrategyError) as e:
        equilibria.shipped("equilibrium-paid-3pct")
    assert e.value.code == "strategy.file"


def test_the_solver_under_the_toy_rules(tmp_path: pathlib.Path) -> None:
    eq = solver.solve(rules=TOY, tol=1e-12, max_iterations=20, check_every=10)
    assert eq.rules is TOY and eq.iterations == 20 and eq.exploitability > 0
    # its measures are the toy game's, as the side tables count them
    sp, sb = handtypes.to_hands(eq.player, TOY), handtypes.to_hands(eq.banker, TOY)
    assert paigow.exploitability(sp, sb, rules=TOY) == pytest.approx(eq.exploitability, abs=1e-9)
    assert paigow.game_value(sp, sb, rules=TOY).ev == pytest.approx(eq.value, abs=1e-12)
    assert solver.certify(eq, commission=0).player_value == pytest.approx(eq.value, abs=1e-12)
    # saved under the rule set's name, which its record names; loaded back with the rules
    d = solver.save(eq, tmp_path)
    assert sorted(p.name for p in d.iterdir()) == ["zero-both-equilibrium.json", "zero-both-equilibrium.npy"]
    assert json.loads((d / "zero-both-equilibrium.json").read_text())["rules"] == "zero-both"
    back = solver.load(d / "zero-both-equilibrium.npy", rules=TOY)
    assert back.rules is TOY and np.array_equal(back.player, eq.player)
    # and Macau's record is as it was: no rule set named
    assert "rules" not in equilibria.equilibrium_info()


# ---------------------------------------------------------------------------------------------
# --rules on the command line

def test_rules_on_the_command_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from paigow.cli import main

    tiles = HANDS[0].split()
    assert main(["advise", "--json", *tiles]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["advise", "--json", "--rules", "macau", *tiles]) == 0
    assert json.loads(capsys.readouterr().out) == plain and plain["rules"] == "macau"
    assert main(["edges", "--json", "--commission", "4%", "--rules", "Macau"]) == 0
    macau_edges = json.loads(capsys.readouterr().out)
    assert main(["edges", "--json", "--commission", "4%"]) == 0
    assert json.loads(capsys.readouterr().out) == macau_edges
    for command in (["advise", "--rules", "texas", *tiles], ["edges", "--rules", "texas"]):
        assert main(command) == 2
        assert "[rules.unknown]" in capsys.readouterr().err
    # a rule set known by name: its game's numbers, and its missing equilibria said so
    monkeypatch.setitem(rules.RULE_SETS, "zero-both", TOY)
    assert main(["advise", "--json", "--rules", "zero-both", "--against", "max-back", *tiles]) == 0
    toy = json.loads(capsys.readouterr().out)
    want = paigow.advise(HANDS[0], against="max-back", rules=TOY)
    assert toy["rules"] == "zero-both" and [o["wins"] for o in toy["settings"]] == [o.wins for o in want.options]
    assert main(["advise", "--rules", "zero-both", "--against", "max-back", *tiles]) == 0
    assert "rules: zero-both" in capsys.readouterr().out
    assert main(["advise", "--rules", "zero-both", *tiles]) == 2
    assert "[strategy.rules]" in capsys.readouterr().err
    assert main(["edges", "--rules", "zero-both"]) == 2
    assert "[edges.rules]" in capsys.readouterr().err


def test_advice_json_names_its_rule_set_and_old_json_reads_as_macau() -> None:
    a = paigow.advise(HANDS[0], against="max-back", rules=TOY)
    d = a.to_json()
    assert d["rules"] == "zero-both" and paigow.Advice.from_json(d) == a
    m = paigow.advise(HANDS[0], against="max-back")
    old = m.to_json()
    del old["rules"]  # advice written before rule sets were named
    assert paigow.Advice.from_json(old) == m


# ---------------------------------------------------------------------------------------------
# the US hand order: the forms kept per hand order (ranks, types, packed tables) and per game

US_HANDS = ["1-3 1-3 2-4 2-3", "1-3 1-3 1-4 1-2", "6-6 2-4 5-5 3-4"]


def test_advice_and_game_values_in_the_us_order() -> None:
    from paigow.rules import US

    def us_max_back(hand: tuple[int, ...]) -> list[float]:
        return reference.max_back_row(hand, us=True)

    for text in US_HANDS:
        for seat in ("player", "banker"):
            a = paigow.advise(text, seat, "max-back", rules=US)
            expected = reference.enumerate_counts(idx(text), us_max_back, seat == "banker", us=True)
            assert [(o.wins, o.pushes, o.losses) for o in a.options] == [tuple(e) for e in expected]
            assert a.rules == "us"
    # the whole game in the US order, by the side tables and by the type sums
    v = paigow.game_value("max-back", "max-back", rules=US)
    sigma, uniform = paigow.Strategy.named("max-back", rules=US).type_strategy(US)
    assert uniform
    counts = values.type_game_counts(sigma, sigma, US)
    assert [int(x) for x in counts] == [round(x * values.PAIRINGS) for x in (v.win, v.push, v.lose)]
    assert v != paigow.game_value("max-back", "max-back")
    # its packed forms are its hand order's, its side tables its game's, beside Macau's
    s = paigow.Strategy.named("max-back", "banker", US)
    assert s.side("player", US) is not s.side("player", MACAU)
    assert s.built(("side:player", setting_game(US))) and s.built(("side:player", setting_game(MACAU)))
