"""Every ``paigow`` command driven in-process with random command lines and random files.

(``serve`` only with a command line it refuses: a server would not return.)

Each run ends with exit code 0 or 2 (``solve`` may also say 1: the tolerance was not reached),
never with a traceback, and no command changes a file of the installed package. Modest under
``HYPOTHESIS_PROFILE=ci``, larger under ``thorough`` (tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pathlib
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import paigow
from paigow.cli import COMMANDS, main

PACKAGE = pathlib.Path(paigow.__file__).resolve().parent


def package_files() -> dict[str, bytes]:
    return {str(p.relative_to(PACKAGE)): p.read_bytes() for p in sorted(PACKAGE.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


# -- words of a command line -----------------------------------------------------------------------
TILES = sorted(paigow.Tile.names()) + [str(t) for t in paigow.FACES]
junk = st.text(max_size=12) | st.sampled_from(["", " ", "-", "--", "-x", "--nope", "\x00", "1" * 5000, "[" * 100,
                                                "é", "天" * 3, "\ud7ff", "1e400", "nan", "-1", "0"])
tile_word = st.sampled_from(TILES) | junk
number = (st.integers(-10, 10**6).map(str) | st.sampled_from(["1e3", "2.5", "1_000", "1k", "9" * 5000, "0x10", "inf"])
          | junk)
rate = st.sampled_from(["5%", "0.05", "1/20", "0", "4%", "1.5", "1/0", "-0.1", "lots", "nan", "1e-400", "9" * 400])
strategy_name = st.sampled_from(["equilibrium", "max-back", "greedy", ""])


def flag(name: str, values: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[list[str]]:
    if values is None:
        return st.just([name])
    return st.tuples(st.just(name), values).map(list) | values.map(lambda v: [f"{name}={v}"])


@st.composite
def command_line(draw: st.DrawFn, files: list[str]) -> list[str]:
    """A random command line: mostly a known command with its options, sometimes anything."""
    path = st.sampled_from(files) if files else junk
    strategy = strategy_name | path | junk
    options: dict[str, list[st.SearchStrategy[list[str]]]] = {
        "settings": [flag("--json")],
        "advise": [flag("--json"), flag("--seat", st.sampled_from(["player", "banker", "dealer"])),
                   flag("--against", strategy), flag("--commission"), flag("--commission", rate)],
        "solve": [flag("--json"), flag("--tol", st.sampled_from(["1e-2", "1e-300", "0", "-1", "nan", "x"])),
                  flag("--commission", rate), flag("--progress")],
        "round": [flag("--json"), flag("--seed", number), flag("--banker", number), flag("--stake", number),
                  flag("--bet", number), flag("--bets", st.sampled_from(["1=100,4=250", "0=1", "1=x", ""]) | junk),
                  flag("--house", number), flag("--strategy", strategy_name | junk),
                  flag("--banker-strategy", strategy_name), flag("--commission", rate),
                  flag("--rounding", st.sampled_from(["floor", "half-up", "up"]))],
        "settle": [flag("--commission", rate), flag("--rounding", st.sampled_from(["floor", "half-even", "x"]))],
        "edges": [flag("--json"), flag("--commission", rate)],
        "serve": [flag("--port", number), flag("--host", junk), flag("--db", path)],
        "simulate": [flag("--json"), flag("--seed", number), flag("--player", strategy), flag("--banker", strategy),
                     flag("--commission"), flag("--commission", rate), flag("--threads", st.sampled_from(["1", "2", "0", "-1", "x"])),
                     flag("--no-progress")],
    }
    # the commands that read files more often than the others
    weighted = sorted(COMMANDS) + ["advise", "settle", "settle", "simulate"]
    command = draw(st.sampled_from(weighted) if draw(st.integers(0, 9)) else
                   st.sampled_from(["", "--help", "--version", "nope", "-h"]))
    words = [command]
    if command in ("advise", "settings"):
        words += draw(st.lists(tile_word, max_size=5))
    elif command == "settle":
        words += draw(st.lists(path, min_size=1, max_size=2) | st.just(["-"]) | st.just([]))
    elif command == "simulate":
        words.append(draw(st.sampled_from(["1", "100", "2k", "0", "-5", "1e400", "2.5", "x", "1" * 5000])))
    elif command == "serve":
        # never a server: a --log-level it must refuse (or --help) ends every serve command line
        words += ["--log-level", draw(st.sampled_from(["nope", "loud", ""]))]
    elif command == "solve":
        # a few iterations at most, into a scratch directory or somewhere it must refuse
        words += ["--max-iterations", draw(st.sampled_from(["1", "2", "0", "-3"]))]
        words += ["--output", draw(st.sampled_from(["out", str(PACKAGE / "data"), str(PACKAGE)] + files))]
    for opt in draw(st.lists(st.sampled_from(options.get(command, [flag("--json")])), max_size=4)):
        words += draw(opt)
    if draw(st.integers(0, 4)) == 0:
        words.insert(draw(st.integers(1, len(words))), draw(junk))
    if draw(st.integers(0, 9)) == 0:
        words.append(draw(st.sampled_from(["--help", "-h", "--version"])))
    return words


# -- random files --------------------------------------------------------------------------------
LEGACY_RECORD: dict[str, Any] = {
    "banker": 0, "strategy": "max-back", "stake": 1000, "co_bankers": [{"party": "house", "stake": 500}],
    "positions": [
        {"position": 0, "tiles": "5-5 4-4 3-3 2-5", "setting": "3-3 2-5 | 5-5 4-4"},
        {"position": 1, "tiles": "1-6 1-4 4-5 1-3", "setting": 0, "bets": [{"bettor": "ann", "amount": 200}]},
        {"position": 3, "tiles": ["6-6", "6-6", "1-1", "1-1"], "bets": [{"amount": 200}]},
    ],
}


def _record() -> str:
    """A round record ``paigow settle`` reads: what ``round --json`` writes, or the older form."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["round", "--seed", "7", "--json"]) == 0
    for text in (buf.getvalue(), json.dumps(LEGACY_RECORD)):
        if run(["settle"], text.encode(), "utf-8")[0] == 0:
            return text
    raise AssertionError("settle reads neither record")


json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def file_content(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["bytes", "bytes", "text", "json", "record", "record", "record-bom", "record-utf16",
                                 "npy", "npy", "deep", "deep"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "text":
        return draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    if kind == "json":
        return json.dumps(draw(json_value)).encode()
    if kind == "deep":
        return b"[" * draw(st.sampled_from([10, 1000, 100_000])) + b"1"
    record = RECORD_TEXT
    if kind.startswith("record"):
        data = json.loads(record)
        # a random change to one key of a real record
        if data and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(data)))
            data[key] = draw(json_value)
        text = json.dumps(data)
        if kind == "record-bom":
            return "\ufeff".encode() + text.encode()
        if kind == "record-utf16":
            return text.encode("utf-16")
        return text.encode()
    shape = draw(st.sampled_from([(3,), (2, 4285, 3), (35960, 3), (2, 3)]))
    dtype = draw(st.sampled_from(["<f8", ">f8", "<i4", "complex128", "m8[s]", "bool"]))
    arr = np.zeros(shape, dtype=dtype)
    if dtype.endswith("f8") and len(shape) >= 2:
        arr[...] = draw(st.sampled_from([1 / 3, 0.0, -1.0, np.nan]))
    buf = io.BytesIO()
    np.save(buf, arr, allow_pickle=False)
    return buf.getvalue()


RECORD_TEXT = ""


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    global RECORD_TEXT
    RECORD_TEXT = _record()
    return tmp_path_factory.mktemp("fuzz")


def run(argv: list[str], stdin: bytes, encoding: str) -> tuple[int, str, str]:
    """``main(argv)`` reading ``stdin`` (UTF-8, strict, as a terminal's standard input) and
    writing to a standard output of ``encoding``; the exit code, output and errors."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    err = io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse: --help, --version, a malformed command line
                code = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = old_in
    out.flush()
    return code, raw.getvalue().decode(encoding), err.getvalue()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large], deadline=None)
@given(data=st.data())
def test_every_command_with_random_arguments_and_files(scratch: pathlib.Path, data: st.DataObject) -> None:
    contents = data.draw(st.lists(file_content(), min_size=1, max_size=3), label="files")
    files = []
    for i, content in enumerate(contents):
        name = data.draw(st.sampled_from(["f.json", "f.npy", "dir", "f"]), label="name")
        f = scratch / f"{i}-{name}"
        if name == "dir":
            f.mkdir(exist_ok=True)
            (f / "equilibrium.npy").write_bytes(content)
        else:
            f.write_bytes(content)
        files.append(str(f))
    argv = data.draw(command_line(files), label="argv")
    stdin = data.draw(st.sampled_from([b"", RECORD_TEXT.encode(), b"{", b"\xef\xbb\xbf" + RECORD_TEXT.encode()])
                      | file_content(), label="stdin")
    encoding = data.draw(st.sampled_from(["utf-8", "ascii", "latin-1"]), label="encoding")
    old = os.getcwd()
    os.chdir(scratch)
    try:
        code, out, err = run(argv, stdin, encoding)
    finally:
        os.chdir(old)
    event(f"{argv[0][:10]}: exit {code}")
    allowed = {0, 1, 2} if argv[0] == "solve" else {0, 2}
    assert code in allowed, (argv, code, err[-3000:])
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and ": error: " in err and err.rstrip().endswith("]"), err


def test_no_command_changes_the_package(scratch: pathlib.Path) -> None:
    """The fuzz above, then every command once with ordinary arguments: the package is unchanged."""
    before = package_files()
    old = os.getcwd()
    os.chdir(scratch)
    try:
        (scratch / "r.json").write_text(RECORD_TEXT, encoding="utf-8")
        for argv in (["settings", "天 地 人 鹅"], ["advise", "天", "地", "人", "鹅"], ["round", "--seed", "1"],
                     ["settle", "r.json"], ["simulate", "1000", "--seed", "1"],
                     ["solve", "--max-iterations", "2", "--tol", "1e-1"], ["--version"]):
            code, _, err = run(argv, b"", "utf-8")
            assert code == 0, (argv, err)
        test_every_command_with_random_arguments_and_files(scratch)
    finally:
        os.chdir(old)
    assert package_files() == before


# -- the messages a newcomer meets (issue 24): each says what is wrong, with the command and its code --
def test_an_option_between_tiles_is_taken() -> None:
    for argv in (["advise", "6-6", "--commission", "1-1", "4-5", "2-4"], ["advise", "6-6", "--seat", "banker", "1-1", "4-5", "2-4"]):
        code, out, err = run(argv, b"", "utf-8")
        assert code == 0 and "6-6 天  1-1 地  4-5 杂九  2-4 大鸡六" in out, (argv, err)


def test_an_unknown_option_is_named_by_its_subcommand() -> None:
    code, _, err = run(["advise", "6-6", "1-1", "4-5", "2-4", "--bogus"], b"", "utf-8")
    assert code == 2 and err.startswith("paigow advise: error: unrecognized arguments: --bogus") and err.endswith("[usage]\n")


def test_a_negative_commission_keeps_the_subcommand_and_its_code() -> None:
    for argv in (["advise", "6-6", "1-1", "4-5", "2-4", "--commission", "-5%"], ["edges", "--commission", "-5%"]):
        code, _, err = run(argv, b"", "utf-8")
        assert code == 2 and err.startswith(f"paigow {argv[0]}: error: commission rate '-5%'"), err
        assert err.rstrip().endswith("[commission.range]"), err


def test_against_a_file_that_is_not_a_strategy_says_so(tmp_path: pathlib.Path) -> None:
    record = tmp_path / "round.json"
    record.write_text("{}", encoding="utf-8")
    notes = tmp_path / "notes.txt"
    notes.write_text("x", encoding="utf-8")
    for path, said in ((record, "is not a strategy that 'paigow solve' wrote: no 'round.npy' beside it"),
                       (notes, "is a file but not a strategy")):
        code, _, err = run(["advise", "天", "地", "杂九", "至尊", "--against", str(path)], b"", "utf-8")
        assert code == 2 and said in err and "no such file" not in err and "[strategy.file]" in err, err


def test_solve_checks_its_output_directory_before_solving(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import paigow.game.solver

    def no_work(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("solve ran before --output was checked")

    monkeypatch.setattr(paigow.game.solver, "solve", no_work)
    code, _, err = run(["solve", "--output", str(tmp_path / "typo" / "dir")], b"", "utf-8")
    assert code == 2 and "no such directory" in err and err.rstrip().endswith("[output.write]"), err
    assert not (tmp_path / "typo").exists()


def test_one_rule_for_seeds() -> None:
    for command in (["round"], ["simulate", "1000", "--no-progress"]):
        for bad in ("-1", str(2**64)):
            code, _, err = run([*command, "--seed", bad], b"", "utf-8")
            assert code == 2 and "a seed is a whole number from 0 to 2**64 - 1" in err and "[usage]" in err, (command, err)
        code, _, err = run([*command, "--seed", str(2**64 - 1)], b"", "utf-8")
        assert code == 0, (command, err)


def test_help_texts_read_as_written() -> None:
    code, out, _ = run(["solve", "--help"], b"", "utf-8")
    assert code == 0 and "%%" not in out
    assert "stop after this many iterations" in out  # --max-iterations has a help line
    from pcc.cli import main as pcc_main

    for command in ("odds", "roll", "settle"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            try:
                pcc_main([command, "--help"])
            except SystemExit:
                pass
        assert "``" not in buf.getvalue() and ":class:" not in buf.getvalue(), command


def test_pcc_messages_name_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    from pcc.cli import main as pcc_main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert pcc_main(["odds", "figure:crab=10"]) == 2
    assert "odds takes spots without stakes: 'figure:crab=10' has one (write 'figure:crab')" in err.getvalue()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{}"), encoding="utf-8"))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert pcc_main(["settle", "-"]) == 2
    assert 'no "format" key' in err.getvalue() and "None" not in err.getvalue()


def test_round_on_an_ascii_console_prints_english_names() -> None:
    code, out, err = run(["round", "--seed", "7"], b"", "ascii")
    assert code == 0 and "\\u" not in out and "Mooy 7" in out and "commission 5%" in out, (out, err)


def test_serve_without_its_extra_is_one_line_on_stderr_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import builtins

    from paigow.cli import main

    real = builtins.__import__

    def no_uvicorn(name: str, *args: object, **kwargs: object) -> object:
        if name == "uvicorn" or name.startswith("uvicorn."):
            raise ModuleNotFoundError("No module named 'uvicorn'", name="uvicorn")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    code = main(["serve", "--port", "18123"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "needs the serve extra" in err and "uvicorn is not installed" in err
    assert err.rstrip().endswith("[serve.start]")
