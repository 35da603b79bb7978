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
