"""Every input at the edges: the ``pcc`` command with random argv and random files, and every public
parser with random input, end only in the documented errors; every parser is linear in its input."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pcc
from pcc import Bet, Colour, Figure, PccError, Roll, Round, Ruleset, Spot, VoidReason, odds, rolls, settle
from pcc.cli import COMMANDS, main
from pcc.record import loads, round_from_record

PACKAGE = Path(pcc.__file__).resolve().parent


def package_digest() -> str:
    """A digest of every file of the installed package, names and contents."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(PACKAGE)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


# -- the command line ---------------------------------------------------------------------

_HUGE = "1" * 4301
_VALID = Round()
_VALID.place("big=100")
_VALID.close_betting()
_VALID.settle("1-2-3")
_RECORD = _VALID.to_json()

words = st.sampled_from(
    [*COMMANDS, "--seed", "--dice", "--ruleset", "--void", "--json", "--help", "-h", "--version", "--", "-",
     "1996", "2004", "2005", "stacked", "tilted", "wet", "7", "-3", _HUGE, "1-2-3", "鱼 蟹 蟹", "1-2", "big=100",
     "small=0", "figure:crab=50", "total:18=5", "total:" + _HUGE, "big=" + _HUGE, "colour2:green=3", "triple:any=1",
     "big=1.5", "三军:蟹=5", "=", ":", "FILE", "", " ", "\x00", "é", "--seed=1", "--dice=6-6-6"]
)
files = st.one_of(
    st.binary(max_size=200),
    st.just(_RECORD.encode()),
    st.just(_RECORD.encode("utf-16")),
    st.just(b"\xef\xbb\xbf" + _RECORD.encode()),
    st.just(b"[" * 100_000),
    st.just(_HUGE.encode()),
    st.builds(lambda i, junk: (_RECORD[:i] + junk + _RECORD[i:]).encode(), st.integers(0, len(_RECORD)), st.text(max_size=5)),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                 lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
                 max_leaves=8).map(lambda v: json.dumps(v).encode()),
)


@pytest.fixture(scope="module")
def untouched_package() -> Iterator[None]:
    before = package_digest()
    yield
    assert package_digest() == before, "a pcc command changed the installed package's files"


@given(argv=st.lists(st.one_of(words, st.text(max_size=12)), max_size=7), content=files)
def test_every_command_with_random_argv_and_files(untouched_package: None, argv: list[str], content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.json"
        path.write_bytes(content)
        argv = [str(path) if a == "FILE" else a for a in argv]
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(content), encoding="utf-8")
        cwd = os.getcwd()
        os.chdir(tmp)  # anything written to the current directory lands in the temporary one
        try:
            with redirect_stdout(out), redirect_stderr(err):
                code = main(argv)
        except SystemExit as exc:  # pragma: no cover - main returns its status, never exits
            pytest.fail(f"main raised SystemExit({exc.code}) for {argv!r}")
        finally:
            os.chdir(cwd)
            sys.stdin = stdin
    assert code in (0, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1 and err.getvalue().rstrip().endswith("]"), err.getvalue()


def test_the_package_files_are_digested() -> None:
    assert len(package_digest()) == 64 and (PACKAGE / "schemas" / "round.json").exists()


# -- every public parser with random input ------------------------------------------------

values = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["big=100", "total:9", "figure:蟹", "1-2-3", "stacked", "1996", "crab", "green", _HUGE,
                     "total:" + _HUGE, "big=" + _HUGE, "big=-" + _HUGE, " " * 50 + "crab"]),
    st.integers(),
    st.sampled_from(["<huge int>", "<huge negative int>"]),  # made in the test: hypothesis cannot repr them
    st.floats(),
    st.none(),
    st.booleans(),
    st.binary(max_size=5),
    st.lists(st.integers(0, 7), max_size=3),
    st.sampled_from([Figure.CRAB, Colour.RED, VoidReason.TILTED, Ruleset.R1996]),
)

PARSERS: dict[str, Callable[..., object]] = {
    "Figure.parse": Figure.parse,
    "Figure.clean": Figure.clean,
    "Figure.from_number": Figure.from_number,
    "Colour.parse": Colour.parse,
    "Colour.clean": Colour.clean,
    "Roll.parse": Roll.parse,
    "Roll.clean": Roll.clean,
    "Roll": lambda v: Roll(v, v, v),
    "Spot.parse": Spot.parse,
    "Spot.clean": Spot.clean,
    "Spot": lambda v: Spot(v),
    "Spot.figure": Spot.figure,
    "Spot.triple": Spot.triple,
    "Spot.total": Spot.total,
    "Spot.colour": lambda v: Spot.colour(v, dice=2),
    "Spot.colour dice": lambda v: Spot.colour("red", dice=v),
    "Spot(total, v)": lambda v: Spot("total", v),
    "Bet.parse": Bet.parse,
    "Bet.clean": Bet.clean,
    "Bet(big, v)": lambda v: Bet("big", v),
    "Bet(v, 5)": lambda v: Bet(v, 5),
    "VoidReason.parse": VoidReason.parse,
    "Ruleset.parse": Ruleset.parse,
    "Ruleset.clean": Ruleset.clean,
    "Round": Round,
    "odds": odds,
    "settle": lambda v: settle([v], "1-2-3"),
    "settle roll": lambda v: settle(["big=5"], v),
    "rolls": lambda v: list(rolls(v if not isinstance(v, int) or v < 100 else 100)),
    "roll": lambda v: pcc.roll(v),
    "Round.place": lambda v: Round().place(v),
    "Round.withdraw": lambda v: Round().withdraw(v),
    "Round.void_roll": lambda v: _closed().void_roll(v),
    "Round.settle": lambda v: _closed().settle(v),
    "loads": loads,
    "round_from_record": round_from_record,
    "Round.from_json": Round.from_json,
}


def _closed() -> Round:
    rnd = Round()
    rnd.close_betting()
    return rnd


@given(name=st.sampled_from(sorted(PARSERS)), value=values)
def test_every_public_parser_raises_only_documented_errors(name: str, value: Any) -> None:
    if value == "<huge int>":
        value = 10**5000
    elif value == "<huge negative int>":
        value = -(10**5000) - 7
    try:
        PARSERS[name](value)
    except (PccError, TypeError) as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 600, (name, message[:200])
        if isinstance(exc, PccError):
            assert exc.code and exc.to_dict()["code"] == exc.code


@given(st.text(max_size=40))
def test_text_that_parses_prints_back(text: str) -> None:
    for parse in (Spot.parse, Bet.parse, Roll.parse, Figure.parse, Colour.parse):
        try:
            value = parse(text)
        except PccError:
            continue
        assert parse(str(value)) == value  # type: ignore[operator]


# -- linear time: 100 kB inputs, correct results, a generous budget -------------------------

N = 100_000
LONG_INPUTS: list[tuple[str, Callable[[], object], type[Exception] | object]] = [
    ("figure padded", lambda: Figure.parse(" " * N + "crab" + " " * N), Figure.CRAB),
    ("figure long", lambda: Figure.parse("crab" * (N // 4)), PccError),
    ("colour long", lambda: Colour.parse("绿" * N), PccError),
    ("roll of figures run together", lambda: Roll.parse("鱼" * N), PccError),
    ("roll of digits", lambda: Roll.parse("1" * N), PccError),
    ("roll of separators", lambda: Roll.parse("- " * (N // 2) + "1 2 3"), Roll(1, 2, 3)),
    ("roll with a long unknown word", lambda: Roll.parse("x" * N), PccError),
    ("spot padded", lambda: Spot.parse(" " * N + "big"), Spot.big()),
    ("spot with a long total", lambda: Spot.parse("total:" + "0" * N + "9"), Spot.total(9)),
    ("spot with a huge total", lambda: Spot.parse("total:" + "9" * N), PccError),
    ("spot of colons", lambda: Spot.parse(":" * N), PccError),
    ("spot with a long figure", lambda: Spot.parse("figure:" + "蟹" * N), PccError),
    ("spot padded inside", lambda: Spot.parse("figure:" + " " * N + "crab"), Spot.figure("crab")),
    ("bet with a long stake", lambda: Bet.parse("big=" + "0" * N + "7"), Bet("big", 7)),
    ("bet with a huge stake", lambda: Bet.parse("big=" + "9" * N), PccError),
    ("bet of equals signs", lambda: Bet.parse("=" * N), PccError),
    ("bet padded", lambda: Bet.parse("big" + " " * N + "=" + " " * N + "5"), Bet("big", 5)),
    ("bet of mixed pieces", lambda: Bet.parse("total:9=" * (N // 8)), PccError),
    ("void reason", lambda: VoidReason.parse("stacked" + " " * N), VoidReason.STACKED),
    ("ruleset", lambda: Ruleset.parse("2004" * (N // 4)), PccError),
    ("json nested", lambda: loads("[" * N), PccError),
    ("json padded", lambda: loads(" " * N + "[]" + " " * N), []),
    ("json long number", lambda: loads("9" * N), PccError),
    ("record padded", lambda: round_from_record(loads(" " * N + _RECORD)), _VALID),
]


@pytest.mark.parametrize("name, action, expected", LONG_INPUTS, ids=[c[0] for c in LONG_INPUTS])
def test_parsers_are_linear(name: str, action: Callable[[], object], expected: object) -> None:
    start = time.perf_counter()
    if isinstance(expected, type) and issubclass(expected, Exception):
        with pytest.raises(expected) as info:
            action()
        assert len(str(info.value)) < 600
    else:
        assert action() == expected
    # A quadratic parser takes minutes on 100 kB; a linear one, milliseconds. The budget is
    # generous so that a loaded machine never fails it; the benchmarks measure speed.
    assert time.perf_counter() - start < 10.0
