"""The ``pcc`` command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import pcc
from pcc import odds, roll
from pcc.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[0] == "bet"
    firsts = [line.split()[0] for line in lines[1:] if not line.startswith(" ")]
    assert len(firsts) == 39 and firsts[0] == "small" and firsts[-1] == "total:17"
    assert "1/36 (2.778%)" in out


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data) == 39
    for row in data:
        assert Fraction(row["house_edge"]) == odds(row["bet"]).house_edge
        assert row["house_edge_float"] == pytest.approx(float(Fraction(row["house_edge"])))


def test_odds_of_chosen_spots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--json", "figure:蟹", "total:9")
    assert code == 0
    assert [row["bet"] for row in json.loads(out)] == ["figure:crab", "total:9"]


def test_roll_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roll", "--seed", "7", "big=100", "figure:crab=50", "total:9=10")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == f"roll: {roll(7)} (2-3-4, total 9), seed 7, ruleset 2004"
    assert out.splitlines()[-1] == "staked 160, paid 60, returned 70, players -90, house +90"
    # same seed, same output
    assert run(capsys, "roll", "--seed", "7", "big=100", "figure:crab=50", "total:9=10")[1] == out


def test_roll_json_settles_like_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "--seed", "11", "--json", "small=10", "colour1:red=5", "triple:any=1")
    assert code == 0
    data = json.loads(out)
    expected = pcc.settle(["small=10", "colour1:red=5", "triple:any=1"], roll(11))
    assert data["roll"]["text"] == str(roll(11))
    assert data["source"] == {"kind": "seeded", "seed": 11}
    assert [line["net"] for line in data["lines"]] == [line.net for line in expected.lines]
    assert data["totals"]["house_result"] == expected.house_result
    assert data["totals"]["player_net"] + data["totals"]["house_result"] == 0


def test_roll_entered_by_the_dealer_with_void_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "roll", "--dice", "鱼 蟹 蟹", "--void", "stacked", "--void", "tilted", "colour2:green=10", "big=5"
    )
    assert code == 0
    assert out.splitlines()[:3] == [
        "void roll 1: stacked; bets stand",
        "void roll 2: tilted; bets stand",
        "roll: fish-crab-crab (1-5-5, total 11), entered by the dealer, ruleset 2004",
    ]
    assert out.splitlines()[-1] == "staked 15, paid 35, returned 50, players +35, house -35"


def test_roll_secure_without_bets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll")
    assert code == 0
    assert ", secure, ruleset 2004" in out.splitlines()[0]
    assert out.splitlines()[-1] == "staked 0, paid 0, returned 0, players 0, house 0"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["roll", "total:3=10"], "total 3"),
        (["roll", "total:18=10"], "total 18"),
        (["roll", "figure:dragon=10"], "unknown figure 'dragon'"),
        (["roll", "colour1:purple=10"], "unknown colour 'purple'"),
        (["roll", "big=0"], "stake 0"),
        (["roll", "big=-3"], "stake -3"),
        (["roll", "big=1.5"], "stake '1.5'"),
        (["roll", "big"], "has no stake"),
        (["roll", "--dice", "1-2", "big=5"], "has 2 dice"),
        (["roll", "--ruleset", "1996", "--void", "tilted", "big=5"], "only stacked dice"),
        (["roll", "--ruleset", "2005"], "unknown ruleset '2005'"),
        (["roll", "--void", "wet"], "unknown void reason 'wet'"),
        (["odds", "total:3"], "total 3"),
    ],
)
def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("pcc: error: ") and message in err and err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [[], ["deal"], ["roll", "--seed", "x"], ["roll", "--seed", "1", "--dice", "1-2-3"]])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and "usage: pcc" in err and "Traceback" not in err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "odds" in out and "roll" in out


def test_python_dash_m() -> None:
    root = Path(pcc.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONIOENCODING": "utf-8"}
    ok = subprocess.run(
        [sys.executable, "-m", "pcc", "roll", "--seed", "7", "big=100"], capture_output=True, text=True, env=env
    )
    assert ok.returncode == 0 and ok.stdout.startswith("roll: prawn-gourd-coin")
    bad = subprocess.run([sys.executable, "-m", "pcc", "roll", "big=0"], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "stake 0" in bad.stderr
