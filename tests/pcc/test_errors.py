"""pcc's errors: every code raised has its class and a row in docs/errors.md, and each is raised where
the docs say (docs/errors.md, the pcc tables)."""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import pcc
import pcc.errors as E
from pcc import Bet, Colour, Figure, Roll, Round, Spot, rolls
from pcc.record import loads, round_from_record
from pcc.actions import NewRound, parse_action

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "errors.md"
PACKAGE = Path(E.__file__).resolve().parent  # the package under test, installed or in the tree
needs_docs = pytest.mark.skipif(not DOC.exists(), reason="docs/errors.md is not beside the tests")


def doc_rows() -> dict[str, str]:
    """code -> class, from the two pcc tables of docs/errors.md."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## pcc: class defaults")
    end = text.find("\n## ", text.index("## pcc: specific codes"))
    rows: dict[str, str] = {}
    for line in text[start : end if end != -1 else None].splitlines():
        m = re.match(r"\| `([a-z_.]+)` \| `(\w+)` \|", line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} listed twice"
            rows[m.group(1)] = m.group(2)
    return rows


def source_codes() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'code="([a-z_.]+)"', text))
        found |= set(re.findall(r'"(record\.[a-z_]+)"\)', text))  # _fail(path, message, "record.x")
    return found


@needs_docs
def test_every_class_default_is_documented() -> None:
    rows = doc_rows()
    for name in E.__all__:
        cls = getattr(E, name)
        assert rows.get(cls.code) == name, f"{name} ({cls.code}) is not in docs/errors.md"


@needs_docs
def test_every_code_in_the_source_is_documented_and_every_documented_code_is_used() -> None:
    rows = doc_rows()
    used = source_codes()
    defaults = {getattr(E, name).code for name in E.__all__}
    assert used - set(rows) == set(), "codes raised but not in docs/errors.md"
    assert set(rows) - used - defaults == set(), "codes in docs/errors.md that nothing raises"


def test_kinds() -> None:
    parse = [E.InvalidFigureError, E.InvalidColourError, E.InvalidRollError, E.BetSyntaxError,
             E.InvalidRulesetError, E.InvalidRecordError]  # fmt: skip
    rule = [E.IllegalBetError, E.InvalidStakeError, E.IllegalActionError]
    for cls in parse:
        assert issubclass(cls, E.ParseError) and not issubclass(cls, E.RuleError)
    for cls in rule:
        assert issubclass(cls, E.RuleError) and not issubclass(cls, E.ParseError)
    for cls in (E.BetSyntaxError, E.IllegalBetError, E.InvalidStakeError):
        assert issubclass(cls, E.InvalidBetError)
    assert all(issubclass(getattr(E, n), ValueError) for n in E.__all__)


def _closed() -> Round:
    rnd = Round()
    rnd.place("big=5")
    rnd.close_betting()
    return rnd


def _voided(ruleset: str = "2004", new_bets: bool = True) -> Round:
    rnd = Round(ruleset, new_bets_after_void=new_bets)
    rnd.place("big=5")
    rnd.close_betting()
    rnd.void_roll("stacked")
    return rnd


def _settled() -> Round:
    rnd = _closed()
    rnd.settle("1-2-3")
    return rnd


def _record(**changes: object) -> dict[str, object]:
    record = _settled().to_record()
    record.update(changes)
    return record


def _with_events(*events: dict[str, object]) -> dict[str, object]:
    return {**Round().to_record(), "events": list(events)}


CASES: list[tuple[str, type[Exception], Callable[[], object]]] = [
    ("figure.unknown", E.InvalidFigureError, lambda: Figure.parse("dragon")),
    ("figure.unknown", E.InvalidFigureError, lambda: Roll.parse("fish crab dragon")),
    ("figure.number", E.InvalidFigureError, lambda: Figure.from_number(7)),
    ("colour.unknown", E.InvalidColourError, lambda: Colour.parse("purple")),
    ("roll.dice", E.InvalidRollError, lambda: Roll.parse("1-2")),
    ("roll.count", E.InvalidRollError, lambda: list(rolls(-1))),
    ("roll.source", E.InvalidRollError, lambda: _closed().settle("1-2-3", source="dice")),
    ("void.reason", E.InvalidRollError, lambda: _closed().void_roll("wet")),
    ("bet.unknown", E.BetSyntaxError, lambda: Spot.parse("pair")),
    ("bet.kind", E.BetSyntaxError, lambda: Spot("pair")),
    ("bet.target_missing", E.BetSyntaxError, lambda: Spot.parse("figure")),
    ("bet.target_unexpected", E.BetSyntaxError, lambda: Spot.parse("big:crab")),
    ("total.syntax", E.BetSyntaxError, lambda: Spot.parse("total:nine")),
    ("stake.syntax", E.BetSyntaxError, lambda: Bet.parse("big=1.5")),
    ("stake.missing", E.BetSyntaxError, lambda: Bet.parse("big")),
    ("stake.twice", E.BetSyntaxError, lambda: Bet.parse("big=5", stake=5)),
    ("bet.any", E.IllegalBetError, lambda: Spot.parse("figure:any")),
    ("bet.colour_dice", E.IllegalBetError, lambda: Spot.colour("red", dice=4)),
    ("total.range", E.IllegalBetError, lambda: Spot.total(18)),
    ("total.range", E.IllegalBetError, lambda: Spot.parse("total:" + "1" * 4301)),
    ("stake.not_positive", E.InvalidStakeError, lambda: Bet("big", 0)),
    ("stake.max", E.InvalidStakeError, lambda: Bet.parse("big=" + "1" * 4301)),
    ("ruleset.unknown", E.InvalidRulesetError, lambda: Round("2005")),
    ("bet.after_bell", E.IllegalActionError, lambda: _closed().place("small=5")),
    ("bet.after_void", E.IllegalActionError, lambda: _voided("1996", new_bets=False).place("small=5")),
    ("withdraw.after_void", E.IllegalActionError, lambda: _voided().withdraw(1)),
    ("ticket.unknown", E.IllegalActionError, lambda: Round().withdraw(1)),
    ("bell.twice", E.IllegalActionError, lambda: _closed().close_betting()),
    ("roll.before_bell", E.IllegalActionError, lambda: Round(automatic_bell=False).settle("1-2-3")),
    ("roll.seed", E.IllegalActionError, lambda: _closed().settle("1-1-1", source="seeded", seed=0)),
    ("round.settled", E.IllegalActionError, lambda: _settled().place("big=5")),
    ("option.new_bets_after_void", E.IllegalActionError, lambda: Round("2004", new_bets_after_void=False)),
    ("record.json", E.InvalidRecordError, lambda: loads("{")),
    ("record.json", E.InvalidRecordError, lambda: loads("[" * 100_000)),
    ("record.encoding", E.InvalidRecordError, lambda: loads(b"\xff\x00")),
    ("record.duplicate_key", E.InvalidRecordError, lambda: loads('{"a": 1, "a": 1}')),
    ("record.type", E.InvalidRecordError, lambda: round_from_record([])),
    ("record.type", E.InvalidRecordError, lambda: round_from_record(_record(new_bets_after_void="yes"))),
    ("record.format", E.InvalidRecordError, lambda: round_from_record(_record(format="paigow-round"))),
    ("record.version", E.InvalidRecordError, lambda: round_from_record(_record(version=2))),
    ("record.key", E.InvalidRecordError, lambda: round_from_record(_record(bets=[]))),
    ("record.missing", E.InvalidRecordError, lambda: round_from_record(
        {k: v for k, v in _record().items() if k != "events"})),
    ("record.value", E.InvalidRecordError, lambda: round_from_record(_record(ruleset="2005"))),
    ("record.event", E.InvalidRecordError, lambda: round_from_record(_with_events({"event": "deal"}))),
    ("record.ticket", E.InvalidRecordError, lambda: round_from_record(
        _with_events({"event": "place", "ticket": 2, "bet": "big=5"}))),
    ("record.seed", E.InvalidRecordError, lambda: round_from_record(_with_events(
        {"event": "close_betting"}, {"event": "roll", "roll": "1-2-3", "source": "entered", "seed": 4}))),
    ("record.illegal", E.InvalidRecordError, lambda: round_from_record(_with_events(
        {"event": "close_betting"}, {"event": "place", "ticket": 1, "bet": "big=5"}))),
    ("record.settlement", E.InvalidRecordError, lambda: round_from_record(
        _record(settlement={**_record()["settlement"], "totals":  # type: ignore[dict-item]
                            {"staked": 5, "paid": 0, "returned": 0, "player_net": -5, "house_result": 6}}))),
    ("action.unknown", E.IllegalActionError, lambda: parse_action({"action": "deal"})),
    ("action.unknown", E.IllegalActionError, lambda: Round().apply(NewRound())),
    ("action.argument", E.IllegalActionError, lambda: parse_action({"action": "close_betting", "ticket": 1})),
    ("action.argument", E.IllegalActionError, lambda: parse_action({"action": "void_roll"})),
]


@pytest.mark.parametrize("code, cls, action", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_error_has_its_class_and_code(code: str, cls: type[E.PccError], action: Callable[[], object]) -> None:
    with pytest.raises(cls) as info:
        action()
    error = info.value
    assert type(error) is cls and error.code == code
    body = error.to_dict()  # with "params" where the raise gives the message's values (docs/errors.md)
    assert {k: v for k, v in body.items() if k != "params"} == {"code": code, "message": str(error)}
    assert body.get("params", {}) == error.params
    assert len(str(error)) < 400 and "\n" not in str(error)  # one short line, even for huge input
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls and again.code == code and str(again) == str(error)


@needs_docs
def test_every_documented_code_is_exercised_here() -> None:
    """Together with the CLI tests (record.unreadable, record.too_large, record.unsettled)."""
    covered = {c[0] for c in CASES} | {"record.unreadable", "record.too_large", "record.unsettled"}
    defaults = {getattr(E, name).code for name in E.__all__}
    assert set(doc_rows()) - defaults <= covered


def test_record_error_messages_name_the_key_and_the_json_type() -> None:
    record = _settled().to_record()
    record["events"][0]["ticket"] = "one"  # type: ignore[index]
    with pytest.raises(E.InvalidRecordError, match=r"record: record.events\[0\].ticket: expected a whole number, got text"):
        round_from_record(record)
    record = _record()
    record["events"] = [{"event": "withdraw", "ticket": 1, "extra": None}]
    with pytest.raises(E.InvalidRecordError, match=r"events\[0\]: unknown key 'extra'"):
        round_from_record(record)


def test_wrong_python_types_are_type_errors() -> None:
    for action in (
        lambda: Figure.parse(5),  # type: ignore[arg-type]
        lambda: Colour.parse(None),  # type: ignore[arg-type]
        lambda: Roll.parse(123),  # type: ignore[arg-type]
        lambda: Spot.parse(b"big"),  # type: ignore[arg-type]
        lambda: Bet.parse(None),  # type: ignore[arg-type]
        lambda: Bet("big", 2.5),  # type: ignore[arg-type]
        lambda: Round(None),  # type: ignore[arg-type]
        lambda: Round().withdraw("1"),  # type: ignore[arg-type]
        lambda: pcc.roll("7"),  # type: ignore[arg-type]
        lambda: list(rolls(1.5)),  # type: ignore[arg-type]
        lambda: loads(123),  # type: ignore[arg-type]
        lambda: pcc.round_to_record("round"),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError):
            action()


def test_the_shipped_error_json_is_stable() -> None:
    e = E.IllegalActionError("x", code="bet.after_bell")
    assert json.loads(json.dumps(e.to_dict())) == {"code": "bet.after_bell", "message": "x"}
