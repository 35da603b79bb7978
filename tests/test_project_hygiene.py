"""Project-wide checks: the project cites only what it ships, and its errors follow one taxonomy."""

from __future__ import annotations

import inspect
import pathlib
import re
import subprocess

import pytest

import paigow.errors
import pcc.errors

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("paigow", "pcc", "_tablegames")  # the games and the private package both build on


def _tracked() -> list[pathlib.Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        files = [ROOT / line for line in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):  # an unpacked sdist has no git
        files = [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts]
    return [p for p in files if p.suffix in {".py", ".pyx", ".pxi", ".pxd", ".pyi", ".md", ".json", ".html", ".js", ".toml", ".txt", ".cfg"}
            and p.exists()]


def test_nothing_cites_a_file_the_project_does_not_ship() -> None:
    # users can follow docs/rules.md and the articles; the build-time notes outside the repo
    # (the rules' working copy, the regulation seeds) are not part of the project
    bad = []
    pattern = re.compile(r"RULES\.md|\.\./shared|shared/seeds")
    for path in _tracked():
        if path.name == "test_project_hygiene.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if pattern.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bad, "\n".join(bad[:20])


def test_every_cited_docs_section_exists() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^### (\d+\.\d+) ", rules, flags=re.M))
    cited = set()
    for path in _tracked():
        for m in re.finditer(r"docs/rules\.md §(\d+\.\d+)", path.read_text(encoding="utf-8", errors="replace")):
            cited.add((m.group(1), str(path.relative_to(ROOT))))
    missing = sorted(c for c in cited if c[0] not in sections)
    assert not missing, missing


def _classes(module: object) -> list[type[BaseException]]:
    return [c for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, ValueError) and c.__module__ == getattr(module, "__name__")]


@pytest.mark.parametrize("module", [paigow.errors, pcc.errors])
def test_every_raisable_error_is_of_exactly_one_kind(module: object) -> None:
    parse, rule = getattr(module, "ParseError"), getattr(module, "RuleError")
    base = paigow.errors.PaigowError if module is paigow.errors else pcc.errors.PccError
    catch_only = {base, parse, rule, getattr(module, "InvalidBetError"), getattr(module, "InvalidTileError", None),
                      getattr(module, "InvalidHandError", None)}
    for cls in _classes(module):
        if cls in catch_only:
            continue
        assert issubclass(cls, parse) != issubclass(cls, rule), cls


def _documented_codes() -> set[str]:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `([a-z0-9_.-]+)` \|", text, flags=re.M))


def test_every_code_in_the_source_is_documented() -> None:
    documented = _documented_codes()
    used = set()
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            used |= set(re.findall(r"\bcode\s*=\s*\"([a-z0-9_.-]+)\"", text))
    assert used - documented == set(), sorted(used - documented)


def test_no_catch_only_class_is_raised() -> None:
    bad = []
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"raise (InvalidTileError|InvalidBetError|PaigowError|PccError|ParseError|RuleError)\(", line):
                    bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bad, "\n".join(bad)
