"""Defaults follow the rule set in force, and the command lines agree with each other (issue 31:
the seams a newcomer met)."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import paigow
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.simulation import simulate


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, timeout=600)


# -- every default follows the rule set ------------------------------------------------------------
def test_game_value_and_exploitability_default_to_the_rule_sets_equilibrium() -> None:
    us = paigow.game_value(rules="us")
    assert us == paigow.game_value("us-equilibrium", "us-equilibrium", rules="us")
    assert us != paigow.game_value()                       # Macau's equilibrium, Macau's game
    assert paigow.game_value() == paigow.game_value("equilibrium", "equilibrium")
    assert 0 <= paigow.exploitability(rules="us") < 1e-6
    with pytest.raises(InvalidStrategyError) as e:        # named, Macau's equilibrium is refused
        paigow.game_value("equilibrium", rules="us")
    assert e.value.code == "strategy.rules"


def test_best_settings_default_to_the_rule_sets_equilibrium() -> None:
    hand = "6-6 4-4 2-2 3-4"
    assert paigow.best_setting(hand, rules="us") == paigow.best_setting(hand, strategy="us-equilibrium", rules="us")
    assert (paigow.best_settings([[0, 2, 22, 28]], rules="us").tolist()
            == paigow.best_settings([[0, 2, 22, 28]], strategy="us-equilibrium", rules="us").tolist())


def test_simulate_under_us_plays_the_us_equilibrium_and_refuses_macaus() -> None:
    r = simulate(5_000, seed=3, rules="us", threads=1)
    assert r == simulate(5_000, seed=3, player="us-equilibrium", banker="us-equilibrium", rules="us", threads=1)
    with pytest.raises(InvalidStrategyError) as e:
        simulate(5_000, seed=3, player="equilibrium", rules="us", threads=1)
    assert e.value.code == "strategy.rules"
    cli = run("paigow", "simulate", "1000", "--seed", "1", "--rules", "us", "--json")
    assert cli.returncode == 0, cli.stderr
    refused = run("paigow", "simulate", "1000", "--seed", "1", "--rules", "us", "--player", "equilibrium")
    assert refused.returncode == 2 and "[strategy.rules]" in refused.stderr


def test_houseway_json_ranks_follow_the_us_order() -> None:
    r = run("paigow", "houseway", "6-6", "4-4", "2-2", "3-4", "--json")
    d = json.loads(r.stdout)
    assert d["high"]["rank"] == d["ranks"]["high"] == 87    # the US order (Macau's gives 88)
    assert d["low"]["rank"] == d["ranks"]["low"]


def test_settings_takes_rules_and_ranks_by_them() -> None:
    us = json.loads(run("paigow", "settings", "6-6", "4-4", "2-2", "3-4", "--rules", "us", "--json").stdout)
    macau = json.loads(run("paigow", "settings", "6-6", "4-4", "2-2", "3-4", "--json").stdout)
    assert (us["rules"], us["settings"][0]["back"]["rank"]) == ("us", 87)
    assert (macau["rules"], macau["settings"][0]["back"]["rank"]) == ("macau", 88)
    bad = run("paigow", "settings", "6-6", "4-4", "2-2", "3-4", "--rules", "mars")
    assert bad.returncode == 2 and "[rules.unknown]" in bad.stderr


# -- the command lines agree -----------------------------------------------------------------------
def test_an_unknown_rule_set_is_one_error_on_every_command() -> None:
    for args in (("round",), ("advise", "天", "地", "杂九", "至尊"), ("edges",)):
        r = run("paigow", *args, "--rules", "mars")
        assert r.returncode == 2 and r.stderr.strip().endswith("[rules.unknown]"), (args, r.stderr)


def test_a_negative_seed_is_refused_by_both_games() -> None:
    for prog in (("paigow", "round"), ("pcc", "roll", "big=10")):
        r = run(*prog, "--seed", "-1")
        assert r.returncode == 2 and "[usage]" in r.stderr and "-1" in r.stderr, r.stderr


def test_a_rate_written_as_a_percentage_number_gets_a_hint() -> None:
    with pytest.raises(InvalidOptionError, match=r"did you mean '5%'\?") as e:
        paigow.advise("天 地 杂九 至尊", commission="5")
    assert e.value.code == "commission.range"
    with pytest.raises(InvalidOptionError) as e2:
        paigow.advise("天 地 杂九 至尊", commission="150%")
    assert "did you mean" not in str(e2.value)


def test_a_text_file_given_as_a_strategy_is_named_as_such(tmp_path: pathlib.Path) -> None:
    p = tmp_path / "x.npy"
    p.write_text("hello\n")
    r = run("paigow", "advise", "天", "地", "杂九", "至尊", "--against", str(p))
    assert r.returncode == 2 and "[strategy.file]" in r.stderr
    assert "pickle" not in r.stderr and "allow_pickle" not in r.stderr and "does not begin as a .npy" in r.stderr


def test_a_closed_scheduler_port_is_refused_at_once() -> None:
    # Dask's client alone retries a refused address for its 30 s connect timeout, then says it
    # timed out; the refusal is final at once and named as such
    import socket

    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        r = run("paigow", "simulate", "1000", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert r.returncode == 2 and "[simulation.scheduler]" in r.stderr and "connection refused" in r.stderr


def test_a_us_round_prints_no_bank_cap() -> None:
    us = run("paigow", "round", "--rules", "us", "--seed", "3").stdout
    macau = run("paigow", "round", "--seed", "3").stdout
    assert "bank result" in us and "cap" not in us.split("bank result")[1].splitlines()[0]
    assert "(cap +/-" in macau
