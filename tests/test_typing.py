"""The packages type-check under mypy --strict, and the compiled core matches its stub."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_mypy_strict() -> None:
    # -p: the packages as imported, from the checkout or (testing an sdist) as installed
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "paigow", "-p", "pcc",
                        "-p", "_tablegames"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_stub_matches_the_compiled_core() -> None:
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "paigow._core"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
