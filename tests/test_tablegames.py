"""_tablegames, the private package both games build on: its JSON reader and schema checker in the
default wording (Pai Gow's records' messages, pinned here), its error base, command-line plumbing
and lazy names; and the rules of the package: standard library only, and pcc never imports paigow."""

from __future__ import annotations

import ast
import contextlib
import io
import pickle
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from _tablegames.cli import Program, chosen, escaped
from _tablegames.errors import GameError, ParseError, RuleError, quote
from _tablegames.jsonio import Fault, Reader, Wording, json_kind, json_type
from _tablegames.lazy import LazyNames

ROOT = Path(__file__).resolve().parents[1]


class RecordError(ParseError):
    code = "record.invalid"


READER = Reader(RecordError, max_size=200_000, max_digits=20)

_NAME = {"type": "string", "minLength": 1, "maxLength": 8}
_EVENTS = [
    {"type": "object", "properties": {"event": {"const": "stake"}, "amount": {"type": "integer", "minimum": 1}},
     "required": ["event", "amount"], "additionalProperties": False},
    {"type": "object", "properties": {"event": {"const": "share"}, "party": {"const": "house"},
                                      "position": {"type": "integer", "minimum": 0, "maximum": 7},
                                      "stake": {"type": "integer"}},
     "required": ["event", "stake"], "additionalProperties": False, "minProperties": 3, "maxProperties": 3,
     "description": "the house or a position shares the bank"},
    {"type": "object", "properties": {"event": {"const": "shake"},
                                      "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6},
                                               "minItems": 4, "maxItems": 4},
                                      "void": {"enum": ["tilted", "fallen", None]}},
     "required": ["event", "dice"], "additionalProperties": False},
]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"format": {"const": "demo/1"}, "banker": {"type": "integer", "minimum": 0, "maximum": 7},
                   "players": {"type": "array", "items": _NAME, "maxItems": 8},
                   "changes": {"type": "object", "additionalProperties": {"type": "integer"}},
                   "note": {"oneOf": [{"type": "null"}, _NAME]},
                   "events": {"type": "array", "items": {"$ref": "#/$defs/event"}}},
    "required": ["format", "banker", "events"],
    "additionalProperties": False,
    "$defs": {"event": {"oneOf": _EVENTS}},
}
GOOD: dict[str, Any] = {"format": "demo/1", "banker": 0, "events": [{"event": "stake", "amount": 5}]}
TAGS = "'stake', 'share', 'shake'"


def _with(**changes: object) -> dict[str, Any]:
    return {**GOOD, **changes}


def _event(**event: object) -> dict[str, Any]:
    return _with(events=[event])


# (value, code, message) in the default wording: the sentences of paigow's records
CHECKS: list[tuple[object, str, str]] = [
    ([], "record.type", "the record: must be an object, not an array"),
    ({"format": "demo/1", "banker": 0}, "record.missing_key", "the record: needs the key 'events'"),
    (_with(bank=1), "record.unknown_key",
     "the record: unknown key 'bank': the keys here are 'format', 'banker', 'players', 'changes', 'note', 'events'"),
    (_with(format="demo/2"), "record.format", "format: must be 'demo/1', not a string ('demo/2')"),
    (_with(banker=True), "record.type", "banker: must be an integer, not a boolean (true)"),
    (_with(banker=8), "record.range", "banker: must be from 0 to 7, not 8"),
    (_with(banker=1.5), "record.type", "banker: must be an integer, not a number (1.5)"),
    (_event(event="stake", amount=0), "record.range", "events[0].amount: must be at least 1, not 0"),
    (_event(event="share", party=7, stake=5), "record.invalid", "events[0].party: must be 'house', not a number (7)"),
    (_with(events=[5]), "record.invalid", "events[0]: an event is an object, not a number (5)"),
    (_with(events=[{"amount": 5}]), "record.missing_key",
     f"events[0]: an event needs the key 'event' (one of {TAGS})"),
    (_event(event="deal"), "record.unknown_event", f"events[0].event: unknown event 'deal': events are {TAGS}"),
    (_event(event=["deal"]), "record.unknown_event", f"events[0].event: unknown event ['deal']: events are {TAGS}"),
    (_event(event="shake", dice=[1, 2, 3, 4], void="wet"), "record.invalid",
     "events[0].void: must be one of 'tilted', 'fallen', null, not a string ('wet')"),
    (_event(event="shake", dice=[1, 2, 3]), "record.range", "events[0].dice: must have 4 to 4 items, not 3"),
    (_event(event="shake", dice=[1, 2, 3, 7]), "record.range", "events[0].dice[3]: must be from 1 to 6, not 7"),
    (_event(event="share", stake=5), "record.invalid", "events[0]: the house or a position shares the bank"),
    (_with(players=[""]), "record.range", "players[0]: must be 1 to 8 characters long, not 0"),
    (_with(players=["a"] * 9), "record.range", "players: must have 0 to 8 items, not 9"),
    (_with(players=["a", 3]), "record.type", "players[1]: must be a string, not a number (3)"),
    (_with(changes={"ann": "x" * 50}), "record.type",
     "changes.ann: must be an integer, not a string ('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...)"),
    (_with(note=5), "record.type", "note: must be a string, not a number (5)"),
    (_with(bank=1, banker=None), "record.type", "banker: must be an integer, not null"),  # missing before unknown
]


@pytest.mark.parametrize("value, code, message", CHECKS, ids=[c[2][:40] for c in CHECKS])
def test_the_checker_names_the_key_at_fault(value: object, code: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        READER.validate(value, SCHEMA)
    assert (info.value.code, str(info.value)) == (code, message)


def test_valid_values_pass() -> None:
    for value in (GOOD, _with(note=None), _with(note="x", players=["a", "b"], changes={"a": 1, "b": -2}),
                  _event(event="share", party="house", stake=5), _event(event="shake", dice=[1, 2, 3, 4], void=None)):
        READER.validate(value, SCHEMA)


def test_unknown_keys_first() -> None:
    reader = Reader(RecordError, unknown_keys_first=True)
    with pytest.raises(RecordError, match="unknown key 'bank'"):
        reader.validate({"format": "demo/1", "bank": 1, "banker": None}, SCHEMA)


def test_an_untagged_union_of_forms() -> None:
    schema = {"oneOf": [{"type": "integer"}, {"type": "string"}]}
    READER.validate(5, schema)
    with pytest.raises(RecordError, match="the record: matches none of the forms allowed here"):
        READER.validate(None, schema)


# (input, code, message) of the reader in the default wording
READS: list[tuple[object, str, str]] = [
    ('{"a": 1, "a": 2}', "record.duplicate_key", "the key 'a' is given twice in one object: give each key once"),
    ("[NaN]", "record.number", "NaN is not a JSON number"),
    ("[-Infinity]", "record.number", "-Infinity is not a JSON number"),
    ("[" + "1" * 21 + "]", "record.number", "a number of 21 digits: at most 20 are read"),
    ("{", "record.json", "the record is not JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    (b"\xff\xfe\x00\xd8", "record.encoding", "the record is not valid UTF-16: unexpected end of data at byte 2"),
    (b"\x80", "record.encoding", "the record is not UTF-8 text (nor UTF-16 with a byte-order mark): byte 0x80 at offset 0"),
    ("[" * 100_000, "record.depth", "the record is nested too deeply to be a record"),
    (b" " * 200_001, "record.size", "the record is 200001 bytes, more than 200000"),
    (" " * 200_001, "record.size", "the record is 200001 characters, more than 200000"),
]


@pytest.mark.parametrize("data, code, message", READS, ids=[r[2][:40] for r in READS])
def test_the_reader_refuses_what_json_lets_through(data: Any, code: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        READER.loads(data)
    assert (info.value.code, str(info.value)) == (code, message)


def test_the_reader_reads_every_byte_order_mark() -> None:
    text = '{"a": [1, "天"]}'
    for data in (text, text.encode(), ("\ufeff" + text).encode(), text.encode("utf-8-sig"), text.encode("utf-16"),
                 text.encode("utf-16-le").join([b"\xff\xfe", b""]), text.encode("utf-32"), "\ufeff\ufeff" + text,
                 bytearray(text.encode())):
        assert READER.loads(data) == {"a": [1, "天"]}
    with pytest.raises(TypeError, match="a record is read from str or bytes, not int"):
        READER.loads(5)  # type: ignore[arg-type]


def test_a_game_words_its_own_faults() -> None:
    words = Wording(root="rec", located="rec: {where}: {message}", missing_key=Fault("no {key}", code="rec.missing"),
                    not_json=Fault(lambda f: f"not JSON ({f['error'][:9]})", code="rec.json"))
    reader = Reader(RecordError, wording=words)
    with pytest.raises(RecordError) as info:
        reader.validate({"banker": 0}, SCHEMA)
    assert (info.value.code, str(info.value)) == ("rec.missing", "rec: rec: no format")
    with pytest.raises(RecordError, match=r"^not JSON \(Expecting\)$"):
        reader.loads("")


def test_json_type_names_values() -> None:
    assert [json_kind(v) for v in (None, False, 0, 0.5, "", [], {}, ())] == [
        "null", "boolean", "integer", "number", "string", "array", "object", None]
    assert json_type(10**50, shown=True) == "a number" and json_type(-5, shown=True) == "a number (-5)"
    assert json_type([], {"array": "a list"}) == "a list" and json_type(b"x") == "bytes"


def test_errors_keep_their_code_and_kind() -> None:
    class DemoError(GameError):
        code = "demo.error"

    e = RecordError("bad", code="record.other")
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is RecordError and again.code == "record.other" and again.message == "bad"
    assert isinstance(e, ParseError) and not isinstance(e, RuleError) and isinstance(e, ValueError)
    assert DemoError().code == "demo.error" and DemoError().message == "" and GameError().code == "error"
    assert quote("x" * 100).endswith("... (100 characters)") and quote(2**300) == "an integer of 301 bits"


def test_both_games_errors_are_game_errors_of_their_kind() -> None:
    import paigow.errors
    import pcc.errors

    assert issubclass(paigow.errors.UnknownTileError, ParseError) and issubclass(pcc.errors.IllegalBetError, RuleError)
    assert not issubclass(pcc.errors.PccError, paigow.errors.PaigowError)
    assert not issubclass(paigow.errors.ParseError, pcc.errors.ParseError)


# -- the command-line plumbing --------------------------------------------------------------------
@pytest.fixture()
def demo() -> Iterator[types.ModuleType]:
    module = types.ModuleType("demo_cmd", "Say the words given.\n\nMore text.")

    def add_arguments(parser: Any) -> None:
        parser.add_argument("words", nargs="*")

    def run(args: Any, out: Any) -> int:
        if args.words == ["fail"]:
            raise RecordError("no:\nway", code="demo.fail")
        if args.words == ["io"]:
            raise OSError("disk full")
        if args.words == ["pipe"]:
            raise BrokenPipeError
        if args.words == ["stop"]:
            raise KeyboardInterrupt
        print(*args.words, file=out)
        return 0

    module.add_arguments = add_arguments  # type: ignore[attr-defined]
    module.run = run  # type: ignore[attr-defined]
    sys.modules["demo_cmd"] = module
    yield module
    del sys.modules["demo_cmd"]


def _program(**kwargs: Any) -> Program:
    return Program(prog="demo", description="A demo.", commands={"say": ("demo_cmd", "say the words")},
                   error=GameError, **kwargs)


def test_a_program_runs_the_chosen_command_and_prints_errors_on_one_line(
        demo: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    program = _program()
    assert program.main(["say", "a", "b"]) == 0 and capsys.readouterr().out == "a b\n"
    assert program.main(["say", "fail"]) == 2 and capsys.readouterr().err == "demo say: error: no:\\nway [demo.fail]\n"
    assert program.main(["say", "io"]) == 2 and capsys.readouterr().err == "demo say: error: disk full [io]\n"
    assert program.main(["say", "stop"]) == 130 and capsys.readouterr().err == "demo say: interrupted\n"
    assert program.main(["say", "--nonesuch"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("demo say: error: unrecognized arguments: --nonesuch") and err.endswith("[usage]\n")  # named by its command
    assert program.main(["say", "--help"]) == 0 and "Say the words given." in capsys.readouterr().out
    assert "More text" not in program.build_parser("say").format_help()


def test_a_program_says_how_it_differs(demo: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    program = _program(usage_exits=True, interrupted="{prog}: interrupted", broken_pipe=0, metavar="COMMAND",
                       one_line=lambda text, limit: " ".join(text.splitlines())[:limit])
    assert program.main(["say", "fail"]) == 2 and capsys.readouterr().err == "demo say: error: no: way [demo.fail]\n"
    assert program.main(["say", "stop"]) == 130 and capsys.readouterr().err == "demo: interrupted\n"
    with pytest.raises(SystemExit):
        program.main(["--help"])
    assert "COMMAND" in capsys.readouterr().out


def test_a_broken_pipe_ends_the_command_quietly(demo: types.ModuleType) -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # not a real file: nothing to redirect to devnull
        assert _program().main(["say", "pipe"]) == 1 and _program(broken_pipe=0).main(["say", "pipe"]) == 0


def test_the_version_is_the_package_s(capsys: pytest.CaptureFixture[str]) -> None:
    import pcc

    assert _program(package="pcc").main(["--version"]) == 0 and capsys.readouterr().out == f"demo {pcc.__version__}\n"


def test_small_helpers() -> None:
    assert chosen(["-x", "say", "it"]) == "say" and chosen(["--"]) is None
    assert escaped("tab\there") == "tab\\there" and escaped("plain") == "plain"


# -- lazy names -----------------------------------------------------------------------------------
def test_lazy_names() -> None:
    namespace: dict[str, Any] = {"__name__": "demo", "x": 1}
    lazy = LazyNames(namespace, {"fractions": ("Fraction",), "decimal": ("Decimal",)})
    assert lazy.names() == ["Decimal", "Fraction", "__name__", "__version__", "x"]
    from fractions import Fraction

    assert lazy.get("Fraction") is Fraction and namespace["Fraction"] is Fraction
    assert isinstance(lazy.get("__version__"), str)
    with pytest.raises(AttributeError, match="module 'demo' has no attribute 'y'"):
        lazy.get("y")


# -- the package's rules --------------------------------------------------------------------------
def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_the_shared_package_uses_the_standard_library_only() -> None:
    for path in (ROOT / "_tablegames").glob("*.py"):
        outside = {m for m in _imports(path) if m != "_tablegames" and m not in sys.stdlib_module_names}
        assert not outside, (path.name, outside)


def test_pcc_never_imports_paigow() -> None:
    for path in (ROOT / "pcc").rglob("*.py"):
        assert "paigow" not in _imports(path), path
