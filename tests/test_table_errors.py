"""Every error raised by dealing, the table, settlement and the records: its class and its code,
each code listed in docs/errors.md, and no raise without one."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paigow.table.dealing import Cut, Deal, DiceRoll, Stacks, check_cut, first_position
from paigow.errors import (
    BetSyntaxError,
    HandSyntaxError,
    IllegalActionError,
    IllegalBetError,
    IllegalHandError,
    InvalidHandError,
    NotationError,
    InvalidOptionError,
    InvalidRecordError,
    PaigowError,
)
from paigow.table.positions import check_amount, check_name, check_position, parse_amount
from paigow.table.records import (
    ledger_from_json,
    loads,
    replay_round,
    round_from_state_json,
    round_record,
    settle_record,
    validate,
)
from paigow.table.round import Round, check_players, simulated_round
from paigow.table.session import Session
from paigow.setting import Outcome
from paigow.table.actions import Turn, parse_action
from paigow.table.settlement import Bet, LedgerLine, LineKind, Options, Play, Share, settle, split
from paigow.tiles import DECK

ROOT = Path(__file__).resolve().parent.parent
FILES = ["table/positions.py", "table/dealing.py", "table/settlement.py", "table/events.py", "table/round.py", "table/round_state.py", "table/round_base.py", "table/round_bank.py",
         "table/round_betting.py", "table/round_dealing.py", "table/round_setting.py", "table/round_settling.py", "table/round_deadline.py",
         "table/round_strategies.py", "table/fairness.py",
         "table/session.py", "table/records.py", "table/actions.py", "table/jsonforms.py", "table/views.py", "table/_checks.py", "cli/table.py"]
SECTION = "## paigow: dealing, the table, settlement, records"


def documented() -> dict[str, str]:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    part = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `([^`]+)` \| `(\w+)` \|", part, re.M)}


def test_every_raise_of_a_project_error_gives_a_code() -> None:
    missing = []
    for name in FILES:
        tree = ast.parse((ROOT / "paigow" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                f = node.exc.func
                cls = f.id if isinstance(f, ast.Name) else None
                if cls is None or cls == "TypeError" or not cls.endswith("Error"):
                    continue           # TypeError, type(e)(..., code=e.code), _fail(...), _at(...)
                if not any(k.arg == "code" for k in node.exc.keywords):
                    missing.append(f"{name}:{node.lineno} {cls}")
    assert missing == []


def codes_in_source() -> set[str]:
    out = set()
    for name in FILES:
        text = (ROOT / "paigow" / name).read_text(encoding="utf-8")
        out |= set(re.findall(r'code="([a-z_.]+)"', text))
        out |= set(re.findall(r'_fail\([^)]*?"(record\.[a-z_]+)"\)', text, re.S))
    out |= {f"{w}.after_shake" for w in ("bet", "stake")} | {f"phase.{p}" for p in ("betting", "shaken", "dealt",
                                                                                    "settled")}
    out |= {"position.unknown", "record.invalid", "record.type", "record.range", "record.missing_key",
            "record.unknown_key", "record.unknown_event", "record.format"}
    # the records' reader is the shared one: the codes of its faults (_tablegames/jsonio.py)
    shared = (ROOT / "_tablegames" / "jsonio.py").read_text(encoding="utf-8")
    out |= set(re.findall(r'code="(record\.[a-z_]+)"', shared))
    return out


def test_every_code_is_documented_and_every_documented_code_is_raised() -> None:
    docs = documented()
    assert codes_in_source() - set(docs) == set()
    assert set(docs) - codes_in_source() == set()


# -- each error: class and code ---------------------------------------------------------------------
def fresh(**kw: Any) -> Round:
    r = Round(0, seed=1, **kw)
    r.set_stake(1000)
    return r


def bet(*bets: tuple[Any, ...], **kw: Any) -> Round:
    r = fresh(**kw)
    for b in bets:
        r.bet(*b)
    return r


def dealt(**kw: Any) -> Round:
    r = bet((1, 100), **kw)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3"})
    return r


def shaken() -> Round:
    r = bet((1, 100))
    r.shuffle()
    r.shake((1, 2, 3, 4))
    return r


def settled() -> Round:
    r = dealt()
    return _then(r, lambda: r.settle("max-back"))


def _then(r: Round, f: Callable[[], object]) -> Round:
    f()
    return r


def turned() -> Round:
    r = dealt()
    r.set_hand(1, 0)
    r.turn()
    return r


def session_after_round() -> Session:
    s = Session(0, seed=1)
    r = s.start_round(500)
    r.bet(1, 500)
    r.deal({0: "5-5 4-6 1-4 2-5", 1: "6-6 6-6 1-1 1-1"})
    r.settle("max-back")
    s.end_round()
    return s


def offered() -> Session:
    s = Session(0, seed=1)
    s.pass_bank()
    return s


def record(*events: dict[str, Any]) -> dict[str, Any]:
    return {"format": "paigow-round/1", "banker": 0, "events": [{"event": "stake", "amount": 1000}, *events]}


def cli_settle(path: str) -> None:
    import argparse

    from paigow.cli.table import _cmd_settle

    _cmd_settle(argparse.Namespace(file=path, commission=None, rounding=None))


GOOD = round_record(simulated_round(2))

CASES: list[tuple[str, type[PaigowError], Callable[[], object]]] = [
    ("position.unknown", IllegalActionError, lambda: check_position(9)),
    ("bet.position", IllegalBetError, lambda: Bet(9, "a", 1)),
    ("amount.not_positive", IllegalBetError, lambda: check_amount(0, "bet")),
    ("amount.too_large", BetSyntaxError, lambda: check_amount(10**15 + 1, "bet")),
    ("amount.syntax", BetSyntaxError, lambda: parse_amount("1x", "bet", "1x")),
    ("name.syntax", BetSyntaxError, lambda: check_name(" a", "bettor")),
    ("name.too_long", BetSyntaxError, lambda: check_name("a" * 201, "bettor")),
    ("name.reserved", IllegalBetError, lambda: check_name("bank", "bettor")),
    ("players.count", BetSyntaxError, lambda: check_players(["a"] * 7)),
    ("players.twice", IllegalBetError, lambda: check_players(["a"] * 8)),
    ("bet.syntax", BetSyntaxError, lambda: Bet.parse("100 at 3 by ann")),
    ("share.syntax", BetSyntaxError, lambda: Share.parse("house has 500")),
    ("bet.banker_position", IllegalBetError, lambda: fresh().bet(0, 5)),
    ("bet.banker", IllegalBetError, lambda: fresh().bet(1, 5, "P0")),
    ("bet.co_banker_position", IllegalBetError, lambda: _then(r := fresh(), lambda: r.co_bank(3, 5)).bet(3, 5, "a")),
    ("bet.co_banker_holds", IllegalBetError,
     lambda: _then(r := bet((5, 50)), lambda: r.co_bank(3, 5)).bet(5, 500, "P3")),
    ("bet.no_holder", IllegalBetError, lambda: bet((3, 100, "ann")).bet(1, 200, "ann")),
    ("bet.after_shake", IllegalActionError, lambda: shaken().bet(2, 5)),
    ("bet.none", IllegalBetError, lambda: bet((1, 100)).withdraw(2)),
    ("bet.withdraw_more", IllegalBetError, lambda: bet((1, 100), (1, 50)).withdraw(1, 151)),
    ("stake.after_shake", IllegalActionError, lambda: shaken().set_stake(5000)),
    ("stake.lowered", IllegalBetError, lambda: Round(0, min_stake=100).set_stake(50)),
    ("stake.missing", IllegalBetError, lambda: Session(0).start_round()),
    ("stake.lost", IllegalBetError, lambda: session_after_round().start_round()),
    ("co_bank.party", IllegalBetError, lambda: fresh().co_bank("bank", 5)),
    ("co_bank.banker", IllegalActionError, lambda: fresh().co_bank(0, 5)),
    ("co_bank.backline", IllegalActionError, lambda: bet((3, 5), (3, 9, "a")).co_bank(3, 5)),
    ("co_bank.house_fixed", IllegalActionError, lambda: fresh(house_stake=500).co_bank("house", 5)),
    ("bank.no_share", IllegalBetError, lambda: settle(0, [], [])),
    ("bank.two_shares", IllegalBetError, lambda: settle(0, [Share("a", 1), Share("a", 1)], [])),
    ("declare.syntax", BetSyntaxError, lambda: fresh().declare("  ")),
    ("declare.after_shake", IllegalActionError, lambda: _then(r := fresh(), lambda: r.shake((1, 1, 1, 1), "tilted"))
     .declare("x")),
    ("phase.betting", IllegalActionError, lambda: fresh().settle()),
    ("phase.shaken", IllegalActionError, lambda: shaken().declare("x")),
    ("phase.dealt", IllegalActionError, lambda: dealt().shuffle()),
    ("phase.settled", IllegalActionError, lambda: settled().settle()),
    ("shuffle.twice", IllegalActionError, lambda: _then(r := fresh(), r.shuffle).shuffle()),
    ("shuffle.late", IllegalActionError, lambda: _then(r := fresh(), lambda: r.cut(1, 1)).shuffle()),
    ("stacks.count", HandSyntaxError, lambda: Stacks.parse("天 天 地 地")),
    ("stacks.size", HandSyntaxError, lambda: Stacks.parse("|".join(["天"] * 8))),
    ("cut.stacks", IllegalActionError, lambda: Cut(1, 8)),
    ("cut.syntax", NotationError, lambda: Cut.parse("1 cut 2")),
    ("cut.after_shake", IllegalActionError, lambda: shaken().cut(1, 1)),
    ("cut.after_banker", IllegalActionError, lambda: check_cut([Cut(0, 1)], 1, 1, 0)),
    ("cut.twice", IllegalActionError, lambda: check_cut([Cut(1, 1)], 1, 1, 0)),
    ("cut.too_many", IllegalActionError, lambda: check_cut([Cut(1, 1), Cut(2, 1)], 3, 1, 0)),
    ("dice.invalid", IllegalActionError, lambda: DiceRoll((1, 2, 3, 7))),
    ("dice.total", IllegalActionError, lambda: first_position(0, 3)),
    ("dice.void", IllegalActionError, lambda: DiceRoll((1, 2, 3, 4), "tilted").first_position(0)),
    ("dice.void_reason", NotationError, lambda: DiceRoll((1, 2, 3, 4), "wet")),
    ("dice.syntax", NotationError, lambda: DiceRoll.parse("1+2+3")),
    ("dice.sum", NotationError, lambda: DiceRoll.parse("1+2+3+4=11")),
    ("shake.no_stake", IllegalActionError, lambda: Round(0).shake()),
    ("deal.not_shaken", IllegalActionError, lambda: fresh().deal()),
    ("deal.void_shake", IllegalActionError, lambda: _then(r := bet((1, 5)), lambda: r.shake((1, 1, 1, 1), "tilted"))
     .deal({0: "天 天 地 地", 1: "人 人 鹅 鹅"})),
    ("deal.no_stacks", IllegalActionError, lambda: _then(r := fresh(), r.shake).deal()),
    ("deal.no_stake", IllegalActionError, lambda: Round(0).deal({0: "天 天 地 地"})),
    ("deal.not_the_stacks", IllegalActionError, lambda: shaken().deal({0: "天 天 地 地", 1: "人 人 鹅 鹅"})),
    ("deal.missing", IllegalHandError, lambda: bet((1, 5)).deal({0: "天 天 地 地"})),
    ("deal.hand_size", IllegalHandError, lambda: Deal.from_hands({0: "天 天 地"})),
    ("deal.positions", HandSyntaxError, lambda: Deal.from_hands([None] * 7)),
    ("deal.syntax", NotationError, lambda: Deal.parse("zero: 天 天 地 地")),
    ("deal.position_twice", NotationError, lambda: Deal.parse("0: 天 天 地 地; 0: 人 人 鹅 鹅")),
    ("expose.late", IllegalActionError, lambda: _then(r := dealt(), lambda: r.set_hand(1, 0)).expose(1)),
    ("expose.not_held", IllegalActionError, lambda: dealt().expose(1, "天")),
    ("expose.all", IllegalActionError,
     lambda: _then(r := dealt(), lambda: [r.expose(1) for _ in range(4)]).expose(1)),
    ("advice.no_tiles", IllegalActionError, lambda: dealt().advice(3)),
    ("setting.no_bets", IllegalActionError, lambda: dealt().set_hand(2, 0)),
    ("setting.sat_out", IllegalActionError, lambda: _then(r := dealt(), lambda: (r.expose(1), r.expose(1)))
     .set_hand(1, 0)),
    ("setting.no_holder", IllegalActionError, lambda: _then(
        r := bet((1, 300, "ann"), (2, 300, "bob"), (2, 100, "ann"), (3, 100, "cy"), (3, 50, "bob")),
        lambda: (r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3", 2: "天 天 地 地", 3: "红头 红头 板櫈 板櫈"}),
                 r.expose(3), r.expose(3))).set_hand(2, 0)),
    ("setting.not_holder", IllegalActionError, lambda: dealt().set_hand(1, 0, by="ann")),
    ("setting.not_decider", IllegalActionError, lambda: _then(r := dealt(), lambda: r.set_hand(1, 0))
     .set_hand(0, 0, by="house")),
    ("setting.banker_first", IllegalActionError, lambda: dealt().set_hand(0, 0)),
    ("setting.banker_set", IllegalActionError, lambda: _then(r := turned(), lambda: r.set_hand(0, 0)).set_hand(0, 1)),
    ("setting.after_turn", IllegalActionError, lambda: turned().set_hand(1, 1)),
    ("setting.split", HandSyntaxError, lambda: dealt().set_hand(1, 3)),
    ("setting.not_these_tiles", IllegalHandError, lambda: dealt().set_hand(1, "天 天 | 地 地")),
    ("turn.twice", IllegalActionError, lambda: turned().turn()),
    ("turn.players_unset", IllegalActionError, lambda: dealt().turn()),
    ("settle.unset", IllegalActionError, lambda: dealt().settle()),
    ("live.strategy", IllegalActionError, lambda: dealt(live=True).settle("max-back")),
    ("settle.position_twice", IllegalActionError,
     lambda: settle(0, [Share("P0", 5)], [Play(1, None, ()), Play(1, None, ())])),
    ("play.bet_position", IllegalBetError, lambda: Play(1, None, (Bet(2, "a", 1),))),
    ("play.setter", IllegalBetError, lambda: Play(1, None, (Bet(1, "a", 1),), setter="b")),
    ("split.weights", IllegalBetError, lambda: split(5, [1, 0])),
    ("rounding.unknown", InvalidOptionError, lambda: Options(rounding="up")),
    ("options.syntax", InvalidOptionError, lambda: Options.from_json({"commission": 0.05})),
    ("options.unknown", InvalidOptionError, lambda: Options.from_json({"rate": "5%"})),
    ("ledger.syntax", BetSyntaxError, lambda: LedgerLine.parse("1 win: bank pays a 5")),
    ("ledger.kind", BetSyntaxError, lambda: LedgerLine.parse("1. bonus at 1: bank pays a 5")),
    ("ledger.amount", BetSyntaxError, lambda: LedgerLine(0, LineKind.WIN, 1, "bank", "a", 5)),
    ("ledger.return", BetSyntaxError, lambda: LedgerLine(1, LineKind.PUSH, 1, "a", "b", 5)),
    ("ledger.json", InvalidRecordError, lambda: ledger_from_json({"banker": 0})),
    ("ledger.derived", InvalidRecordError, lambda: ledger_from_json({**GOOD["result"]["ledger"], "commission": -1})),
    ("session.round_open", IllegalActionError, lambda: _then(s := Session(0), lambda: s.start_round(5)).pass_bank()),
    ("session.bank_offered", IllegalActionError, lambda: offered().start_round(5)),
    ("session.two_rounds", IllegalActionError,
     lambda: _then(s := session_after_round(), lambda: (s.start_round(500), s.round.bet(1, 5),  # type: ignore
                                                       s.round.shuffle(), s.round.shake(), s.round.deal(),  # type: ignore
                                                       s.round.settle("max-back"), s.end_round()))  # type: ignore
     .start_round(500)),
    ("session.no_round", IllegalActionError, lambda: Session(0).end_round()),
    ("session.round_unsettled", IllegalActionError, lambda: _then(s := Session(0), lambda: s.start_round(5))
     .end_round()),
    ("session.not_offered", IllegalActionError, lambda: Session(0).decline()),
    ("record.invalid", InvalidRecordError, lambda: validate(record({"event": "co_bank", "stake": 5}))),
    ("record.format", InvalidRecordError, lambda: validate({**GOOD, "format": "paigow-round/0"})),
    ("record.type", InvalidRecordError, lambda: validate({**GOOD, "banker": "0"})),
    ("record.range", InvalidRecordError, lambda: validate({**GOOD, "banker": 8})),
    ("record.missing_key", InvalidRecordError, lambda: validate({"format": "paigow-round/1", "banker": 0})),
    ("record.unknown_key", InvalidRecordError, lambda: validate({**GOOD, "bets": []})),
    ("record.unknown_event", InvalidRecordError, lambda: validate(record({"event": "win"}))),
    ("record.duplicate_key", InvalidRecordError, lambda: loads('{"a": 1, "a": 2}')),
    ("record.number", InvalidRecordError, lambda: loads("1" * 30)),
    ("record.depth", InvalidRecordError, lambda: loads("[" * 100_000)),
    ("record.size", InvalidRecordError, lambda: loads(b" " * (16 * 1024 * 1024 + 1))),
    ("record.json", InvalidRecordError, lambda: loads("{")),
    ("record.encoding", InvalidRecordError, lambda: loads(b"\xff")),
    ("record.result_mismatch", InvalidRecordError,
     lambda: replay_round({**GOOD, "result": {**GOOD["result"], "positions": []}})),
    ("record.result_unsettled", InvalidRecordError, lambda: replay_round({**record(), "result": GOOD["result"]})),
    ("record.rng", InvalidRecordError, lambda: round_from_state_json({**GOOD, "rng": {"version": 3, "state": [1],
                                                                                 "gauss": None}})),
    ("record.unreadable", InvalidRecordError, lambda: cli_settle("/nonexistent/x.json")),
    ("cli.bets_syntax", BetSyntaxError, lambda: __import__("paigow.cli.table").cli.table._parse_bets("1:100")),
    ("cli.bets_twice", BetSyntaxError, lambda: __import__("paigow.cli.table").cli.table._parse_bets("1=1,1=2")),
]



# -- the US table (docs/rules.md §3.1) ----------------------------------------------------------------
def us_dealt(**kw: Any) -> Round:
    r = Round(0, rules="us", seed=1, **kw)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "6-6 6-6 4-4 1-2"})
    return r


def _bad_way_record() -> dict[str, Any]:
    r = us_dealt()
    r.set_hand(1, 0)
    r.settle()
    rec = round_record(r)
    for e in rec["events"]:
        if e["event"] == "house_way":
            e["rule"] = "rule 99"
    return rec


CASES += [
    ("bet.uncovered", IllegalBetError, lambda: _then(r := Round(0, rules="us"), lambda: r.set_stake(100)).bet(1, 101)),
    ("stake.uncovered", IllegalBetError,
     lambda: _then(r := Round(0, rules="us"), lambda: (r.set_stake(100), r.bet(1, 100))).set_stake(99)),
    ("co_bank.rules", IllegalActionError, lambda: Round(3, rules="us", house_banks=False).co_bank(1, 100)),
    ("co_bank.house_banks", IllegalActionError, lambda: Round(0, rules="us").co_bank("house", 100)),
    ("co_bank.half", IllegalActionError,
     lambda: _then(r := Round(3, rules="us", house_banks=False, house_stake=500), lambda: r.set_stake(400)).shake()),
    ("house_way.none", IllegalActionError, lambda: dealt().house_way(1)),
    ("setting.house_way", IllegalActionError,
     lambda: _then(r := us_dealt(), lambda: r.set_hand(1, 0)).set_hand(0, 0)),
    ("session.house_bank", IllegalActionError, lambda: Session(0, rules="us").pass_bank()),
    ("session.with_house", IllegalActionError, lambda: offered().accept(with_house=True)),
    ("record.house_way", InvalidRecordError, lambda: replay_round(_bad_way_record())),
    ("deadline.time", InvalidOptionError, lambda: dealt().set_deadline(-1)),
    ("deadline.none", IllegalActionError, lambda: dealt().apply_deadline(1)),
    ("deadline.early", IllegalActionError, lambda: _then(r := dealt(), lambda: r.set_deadline(100)).apply_deadline(99)),
    ("deadline.applied", IllegalActionError,
     lambda: _then(r := dealt(), lambda: (r.set_deadline(100), r.apply_deadline(100))).apply_deadline(101)),
    ("action.unknown", IllegalActionError, lambda: parse_action({"action": "fold"})),
    ("action.argument", IllegalActionError, lambda: parse_action({"action": "turn", "position": 1})),
    ("action.illegal", IllegalActionError, lambda: Session(0).apply(Turn())),
    ("rules.table", InvalidOptionError, lambda: Round(0, rules="home")),
    ("shake.undeclared", IllegalActionError, lambda: fresh(live=True).shake()),
    ("shuffle.secret", IllegalActionError, lambda: fresh().shuffle(secret=b"short")),
    ("record.commit", InvalidRecordError, lambda: replay_round(_bad_commit_record())),
]


def _bad_commit_record() -> dict[str, Any]:
    r = bet((1, 100), live=True)
    r.shuffle()
    rec = round_record(r)
    rec["events"][-1]["commitment"] = "0" * 64
    return rec

def test_every_documented_code_has_a_case() -> None:
    assert {c for c, _, _ in CASES} == set(documented()) - {"setting.no_tiles"}  # unreachable: a guard


@pytest.mark.parametrize(("code", "cls", "make"), CASES, ids=[c for c, _, _ in CASES])
def test_each_error_has_its_class_and_code(code: str, cls: type[PaigowError], make: Callable[[], object]) -> None:
    with pytest.raises(cls) as e:
        make()
    assert e.value.code == code, str(e.value)
    assert documented()[code] == cls.__name__
