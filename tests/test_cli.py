"""The ``paigow`` command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from paigow.cli import main


def test_settings_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "天", "地", "杂九", "至尊"]) == 0
    out = capsys.readouterr().out
    assert "天九王" in out and "地九王" in out and "杂九五" in out
    assert out.count("front") == 3 and out.count("back") == 3


def test_settings_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "--json", "6-6", "1-1", "4-5", "2-4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["back"]["name_zh"] for s in data["settings"]] == ["杂九五", "天九王", "地九王"]
    assert data["settings"][1]["back"]["category"] == "wong"


def test_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "天", "地", "杂九"]) == 2
    assert "4 tiles are needed, 3 given" in capsys.readouterr().err
    assert main(["settings", "天", "天", "天", "地"]) == 2
    assert "too many 6-6" in capsys.readouterr().err


def test_console_entry_point_runs() -> None:
    r = subprocess.run([sys.executable, "-m", "paigow", "settings", "天", "地", "人", "鹅"],
                       capture_output=True, text=True, check=True)
    assert "天牌四" in r.stdout and r.returncode == 0


@pytest.mark.parametrize("args", [["advise", "天", "地", "杂九", "至尊"], ["advise", "6-6", "3-3", "2-2", "2-4"]])
def test_readme_shows_real_output(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.strip() in readme


def _imported(*argv: str) -> set[str]:
    """The modules ``python -X importtime -m paigow ARGV`` loads."""
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "paigow", *argv],
                       capture_output=True, text=True, encoding="utf-8")
    names = set()
    for line in r.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    assert "paigow.cli" in names, r.stderr[-2000:]
    return names


UPPER = {"paigow.table", "paigow.settlement", "paigow.simulation", "paigow.dealing"}


def test_advise_loads_no_table_settlement_simulation_or_dealing() -> None:
    names = _imported("advise", "天", "地", "杂九", "至尊")
    assert "paigow.cli.advice" in names and "paigow.advice" in names
    assert not names & UPPER, names & UPPER
    assert not {"paigow.cli.table", "paigow.cli.simulate", "paigow.cli.settings"} & names


def test_help_loads_no_command_module() -> None:
    from paigow.cli import COMMANDS

    names = _imported("--help")
    assert not names & {module for module, _ in COMMANDS.values()}
    assert not names & (UPPER | {"paigow.advice"})


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out == f"paigow {version('macau-table-games')}\n"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import COMMANDS

    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for name, (_, help_text) in COMMANDS.items():
        assert name in out and help_text[:30] in out


def test_advise_takes_one_quoted_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "天 地 杂九 至尊"]) == 0
    one = capsys.readouterr().out
    assert main(["advise", "天", "地", "杂九", "至尊"]) == 0
    assert capsys.readouterr().out == one and "天九王" in one


@pytest.mark.parametrize("argv", [["advise", ""], ["advise", "  "], ["settings", ""]])
def test_no_tiles_is_a_clear_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no tiles given: name four tiles" in err and "[hand.empty]" in err
    assert "(none)" not in err


def test_errors_are_one_line_with_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "天", "地", "人", "龙"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paigow advise: error: unknown tile '龙'") and err.endswith(" [tile.unknown]\n")
    assert err.count("\n") == 1
    with pytest.raises(SystemExit) as e:
        main(["advise", "--seat", "dealer", "天", "地", "人", "鹅"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("paigow advise: error: argument --seat") and "[usage]" in err


def test_commission_option_is_shared(capsys: pytest.CaptureFixture[str]) -> None:
    # the flag alone is 5% and keeps the tiles that follow it; a rate is read by paigow.commission
    assert main(["advise", "--json", "--commission", "6-6", "3-3", "2-2", "2-4"]) == 0
    flag = json.loads(capsys.readouterr().out)
    assert flag["commission"] is True and [str(t) for t in flag["tiles"]] == ["6-6", "3-3", "2-2", "2-4"]
    for rate in ("5%", "0.05", "1/20"):
        assert main(["advise", "--json", "--commission", rate, "6-6", "3-3", "2-2", "2-4"]) == 0
        assert json.loads(capsys.readouterr().out) == flag
    assert main(["advise", "--json", "--commission", "0", "6-6", "3-3", "2-2", "2-4"]) == 0
    assert json.loads(capsys.readouterr().out)["commission"] is False
    assert main(["advise", "--commission", "1.5", "6-6", "3-3", "2-2", "2-4"]) == 2
    assert "[commission.range]" in capsys.readouterr().err
    assert main(["advise", "--commission", "3%", "6-6", "3-3", "2-2", "2-4"]) == 2
    assert "[commission.unsupported]" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:  # 'lots' is not a rate: the flag alone, 'lots' an extra argument
        main(["simulate", "1000", "--seed", "1", "--commission", "lots"])
    assert e.value.code == 2 and "unrecognized arguments: lots" in capsys.readouterr().err
    assert main(["simulate", "1000", "--seed", "1", "--commission", "1", "--json"]) == 2
    assert "[commission.range]" in capsys.readouterr().err
    assert main(["simulate", "1000", "--seed", "1", "--commission", "4%", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["commission"] == 0.04


def test_commission_argv() -> None:
    from paigow.cli._common import commission_argv

    assert commission_argv(["advise", "--commission", "66", "11", "45", "24"])[1] == "--commission=1/20"
    assert commission_argv(["round", "--commission", "1e-2"])[1:] == ["--commission", "1e-2"]
    assert commission_argv(["round", "--", "--commission", "x"]) == ["round", "--", "--commission", "x"]
