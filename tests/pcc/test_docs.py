"""docs/pcc.md shows real output: its Python examples and ``pcc`` sessions are run here."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

import pcc
from pcc.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "pcc.md"
pytestmark = pytest.mark.skipif(not DOC.exists(), reason="docs/pcc.md is not beside the tests")


def blocks(language: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.M | re.S)


def test_python_examples() -> None:
    (tour,) = blocks("python")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(tour, {"__name__": "docs"}, "docs/pcc.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0


def sessions() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for block in blocks("console"):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, expected = chunk.partition("\n")
            if command.startswith("pcc "):
                out.append((command, expected.rstrip("\n")))
    return out


@pytest.mark.parametrize("command, expected", sessions())
def test_console_sessions(capsys: pytest.CaptureFixture[str], command: str, expected: str) -> None:
    code = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert (out + err).rstrip("\n") == expected
    assert code == (2 if err else 0)


def test_sessions_were_found() -> None:
    assert len(sessions()) >= 5
    assert pcc.__version__
