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
    record = json.loads(out)
    assert (record["format"], record["version"]) == ("pcc-round", 1)
    data = record["settlement"]
    expected = pcc.settle(["small=10", "colour1:red=5", "triple:any=1"], roll(11))
    assert data["roll"]["text"] == str(roll(11))
    assert (data["source"], data["seed"]) == ("seeded", 11)
    assert [line["net"] for line in data["lines"]] == [line.net for line in expected.lines]
    assert data["totals"]["house_result"] == expected.house_result
    assert data["totals"]["player_net"] + data["totals"]["house_result"] == 0
    assert [e["event"] for e in record["events"]] == ["place", "place", "place", "close_betting", "roll"]


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
        (["roll", "--ruleset", "2005"], "unknown ruleset '2005'"),
        (["roll", "--void", "wet"], "unknown void reason 'wet'"),
        (["odds", "total:3"], "total 3"),
        (["roll", "big=" + "1" * 4301], "stake of 4301 digits"),
        (["odds", "total:" + "1" * 4301], "cannot be bet"),
        (["settle", "/nonexistent/round.json"], "cannot read '/nonexistent/round.json'"),
        (["odds", "a\nb\x1b[31m"], "unknown bet 'a\\nb\\x1b[31m'"),  # one line, no terminal escapes
    ],
)
def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"pcc {argv[0]}: error: ") and message in err and err.count("\n") == 1
    assert err.rstrip().endswith("]") and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [[], ["deal"], ["roll", "--seed", "x"], ["roll", "--seed", "1", "--dice", "1-2-3"],
             ["roll", "--seed", "1" * 5000], ["--bogus"], ["odds", "odds", "--seed", "\n"], ["roll", "--void"]]
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.startswith("pcc") and "[usage]" in err and err.count("\n") == 1
    assert "Traceback" not in err


def test_1996_tilted_dice_void_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "--ruleset", "1996", "--void", "tilted", "--dice", "1-2-3", "big=5")
    assert code == 0 and out.splitlines()[0] == "void roll 1: tilted; bets stand"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"pcc {version('macau-table-games')}\n"


def test_round_trip_through_settle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["roll", "--seed", "3", "--void", "stacked", "--json", "big=100", "triple:any=5", "colour2:red=7"]
    code, record, _ = run(capsys, *argv)
    assert code == 0
    path = tmp_path / "round.json"
    path.write_text(record, encoding="utf-8")
    assert run(capsys, "settle", str(path), "--json") == (0, record, "")
    code, text, _ = run(capsys, "settle", str(path))
    assert code == 0 and text == run(capsys, *[a for a in argv if a != "--json"])[1]
    # what Windows PowerShell writes: UTF-16 with a byte-order mark, or UTF-8 with one
    path.write_bytes(record.encode("utf-16"))
    assert run(capsys, "settle", str(path), "--json")[:2] == (0, record)
    path.write_bytes(b"\xef\xbb\xbf" + record.encode())
    assert run(capsys, "settle", str(path), "--json")[:2] == (0, record)


@pytest.mark.parametrize(
    "content, code",
    [
        (b"\xff\x00garbage", "record.encoding"),
        (b"[" * 100_000, "record.json"),
        (b'{"format": "pcc-round", "format": "pcc-round"}', "record.duplicate_key"),
        (b"1" * 5000, "record.json"),
        (b"[]", "record.type"),
        (b'{"format": "paigow-round", "version": 1}', "record.format"),
        (b'{"format": "pcc-round", "version": 9}', "record.version"),
        (b"NaN", "record.json"),
    ],
)
def test_settle_refuses_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(content)
    status, out, err = run(capsys, "settle", str(path))
    assert status == 2 and out == "" and err.rstrip().endswith(f"[{code}]") and err.count("\n") == 1


def test_settle_refuses_an_unsettled_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rnd = pcc.Round()
    rnd.place("big=5")
    path = tmp_path / "round.json"
    path.write_text(rnd.to_json(), encoding="utf-8")
    status, _, err = run(capsys, "settle", str(path))
    assert status == 2 and "[record.unsettled]" in err


def test_ctrl_c_is_one_line_and_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import pcc.cli.odds

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(pcc.cli.odds, "run", interrupted)
    code, out, err = run(capsys, "odds")
    assert code == 130 and err == "pcc odds: interrupted\n"


def test_odds_imports_no_settlement_or_record() -> None:
    root = Path(pcc.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    code = (
        "import sys; from pcc.cli import main; main(['odds', 'small']);"
        "print(sorted(m for m in sys.modules if m.startswith('pcc.cli') or m == 'pcc.record'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.splitlines()[-1] == "['pcc.cli', 'pcc.cli.odds']"


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


def test_version_falls_back_to_the_package(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"pcc {pcc.__version__}\n"


def test_help_imports_no_command() -> None:
    root = Path(pcc.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    code = (
        "import sys, contextlib, io; from pcc.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()): main(['--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('pcc.cli.') or m == 'pcc.record'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.splitlines()[-1] == "[]", done.stderr


def test_each_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from pcc.cli import COMMANDS

    for name in COMMANDS:
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and out.startswith(f"usage: pcc {name}")
