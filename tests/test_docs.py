"""The README and the guides under docs/ show what is so: every Python example runs as a doctest,
and every command they name exists and runs (``--help`` at least, the cheap examples in full)."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDES = sorted(DOCS.glob("*.md")) if DOCS.is_dir() else []
SHOWN = [p for p in [ROOT / "README.md", *GUIDES] if p.exists()]
pytestmark = pytest.mark.skipif(not GUIDES, reason="docs/ is not beside the tests (an installed wheel's tests)")


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_every_guide_runs_as_a_doctest(path: Path) -> None:
    # the README is collected by pytest itself (--doctest-glob=README.md in pyproject.toml)
    result = doctest.testfile(str(path), module_relative=False, report=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{path.name}: {result.failed} of {result.attempted} examples fail"


def shown_commands() -> set[tuple[str, str]]:
    """(program, subcommand) of every ``paigow X`` or ``pcc X`` the README or a guide shows."""
    found = set()
    for path in SHOWN:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"(?:`|^\$ |^)(paigow|pcc) ([a-z][a-z-]*)", text, re.M):
            found.add((m.group(1), m.group(2)))
    return found


def _main(program: str):  # type: ignore[no-untyped-def]
    if program == "paigow":
        from paigow.cli import main
    else:
        from pcc.cli import main
    return main


def test_the_docs_name_the_commands() -> None:
    names = {f"{p} {c}" for p, c in shown_commands()}
    assert {"paigow advise", "paigow round", "paigow simulate", "pcc roll"} <= names, names


@pytest.mark.parametrize("program, command", sorted(shown_commands()) or [("paigow", "advise")])
def test_every_command_shown_exists_and_takes_help(program: str, command: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = _main(program)([command, "--help"])
    except SystemExit as e:  # argparse's exit, where main lets it through
        code = e.code
    out, err = capsys.readouterr()
    assert code == 0 and f"usage: {program} {command}" in out, (out, err)


def cli_examples() -> list[str]:
    """The command lines of docs/cli.md's example block (each cheap), without pipes."""
    path = DOCS / "cli.md"
    if not path.exists():
        return []
    block = re.search(r"```sh\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    assert block
    return [line.strip() for line in block.group(1).splitlines() if line.strip() and "|" not in line]


@pytest.mark.parametrize("line", cli_examples())
def test_the_cli_guide_examples_run(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    program, *argv = shlex.split(line)
    assert _main(program)(argv) == 0
    out, err = capsys.readouterr()
    assert out and not err, err
