"""The round and session records (paigow.table.records): one versioned format, JSON Schemas generated
from one source, round-trips API -> record -> replay, and Round/Session state to and from JSON."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_schemas import CHECKED, VALIDATORS, check, every_record_matches_its_schema  # noqa: F401

import paigow.table.records as records
from paigow.cli import main
from paigow.table.dealing import Stacks
from paigow.errors import IllegalActionError, InvalidRecordError, PaigowError
from paigow.table.records import (
    ROUND_FORMAT,
    ROUND_SCHEMA,
    SESSION_SCHEMA,
    loads,
    replay_round,
    replay_session,
    schema_files,
    schema_text,
    settle_record,
    validate,
)
from paigow.table.round import Phase, Round, simulated_round
from paigow.table.session import Session
from paigow.table.settlement import HOUSE, Options, Rounding
from paigow.tiles import DECK

SCHEMAS = Path(__file__).resolve().parent.parent / "paigow" / "schemas"


# -- the schemas ------------------------------------------------------------------------------------
def test_the_shipped_schemas_are_the_generated_ones() -> None:
    from paigow.table.home_records import HOME_SCHEMA   # the home table's record: its own module writes it

    files = {**schema_files(), "home.json": HOME_SCHEMA}
    assert sorted(files) == sorted(p.name for p in SCHEMAS.glob("*.json"))
    for name, schema in files.items():
        module = "home_records" if name == "home.json" else "records"
        assert (SCHEMAS / name).read_text(encoding="utf-8") == schema_text(schema), \
            f"regenerate with: python -m paigow.table.{module} ({name})"
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_schemas_ship_in_the_package() -> None:
    import tomllib

    data = tomllib.loads((SCHEMAS.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schemas/*.json" in data["tool"]["setuptools"]["package-data"]["paigow"]


def test_the_package_validator_and_jsonschema_agree_on_bad_records() -> None:
    good = records.round_record(simulated_round(4))
    bad: list[Any] = [
        {**good, "format": "paigow-round/2"},
        {**good, "banker": 8},
        {**good, "banker": True},
        {**good, "extra": 1},
        {**good, "events": [{"event": "bet", "position": 1, "bettor": "a", "amount": 2.5}]},
        {**good, "events": [{"event": "co_bank", "party": 7, "stake": 5}]},
        {**good, "events": [{"event": "co_bank", "position": "house", "stake": 5}]},
        {**good, "events": [{"event": "co_bank", "stake": 5}]},
        {**good, "events": [{"event": "co_bank", "party": "house", "position": 3, "stake": 5}]},
        {**good, "events": [{"event": "fly"}]},
        {**good, "events": [{"position": 1}]},
        {**good, "events": [{"event": "shake", "dice": [1, 2, 3, 4, 5, 6, 1]}]},   # 1 to 6: the rule set says how many
        {**good, "events": [{"event": "stake", "amount": 10**15 + 1}]},
        {**good, "players": ["a"] * 7},
        {k: v for k, v in good.items() if k != "events"},
    ]
    for b in bad:
        with pytest.raises(jsonschema.ValidationError):
            VALIDATORS["round.json"].validate(b)
        with pytest.raises(InvalidRecordError):
            validate(b, ROUND_SCHEMA)
    validate(good, ROUND_SCHEMA)


# -- rounds: API -> record -> replay ----------------------------------------------------------------
NAMES = ["ann", "bob", "cy", None, None]
# each example validates its records with jsonschema (tens of ms): a quarter of the profile's count
SOME = settings(max_examples=max(10, settings().max_examples // 4))


@st.composite
def legal_rounds(draw: st.DrawFn) -> Round:
    """A round driven by random legal actions (each tried only when can_x says yes)."""
    banker = draw(st.integers(0, 7))
    r = Round(banker, seed=draw(st.integers(0, 2**32)), house_stake=draw(st.none() | st.integers(1, 900)),
              options=Options(f"{draw(st.integers(0, 9))}%", draw(st.sampled_from(list(Rounding)))))
    r.set_stake(draw(st.integers(1, 3000)))
    others = [p for p in range(8) if p != banker]
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["bet", "bet", "bet", "co_bank", "stake", "declare"]))
        if kind == "bet":
            args: tuple[Any, ...] = (draw(st.sampled_from(others)), draw(st.integers(1, 500)),
                                     draw(st.sampled_from(NAMES)))
            if r.can_bet(*args):
                r.bet(*args)
        elif kind == "co_bank":
            args = (draw(st.sampled_from(others + [HOUSE])), draw(st.integers(1, 500)))
            if r.can_co_bank(*args):
                r.co_bank(*args)
        elif kind == "stake":
            r.set_stake(draw(st.integers(1, 3000)))
        elif r.can_declare("from the dice"):
            r.declare("from the dice")
    if draw(st.booleans()):          # simulated: shuffle, cuts, dice (maybe void), deal
        r.shuffle()
        for _ in range(draw(st.integers(0, 3))):
            args = (draw(st.sampled_from(range(8))), draw(st.integers(1, 7)))
            if r.can_cut(*args):
                r.cut(*args)
        if draw(st.booleans()):
            r.shake(void=draw(st.sampled_from(["tilted", "fallen"])))
        r.shake()
        r.deal()
    else:                            # entered by the dealer
        tiles = list(DECK)
        draw(st.randoms()).shuffle(tiles)
        r.deal({p: tiles[4 * p: 4 * p + 4] for p in range(8)})
    for _ in range(draw(st.integers(0, 3))):
        pos = draw(st.integers(0, 7))
        if r.phase is Phase.DEALT and r.can_expose(pos):
            r.expose(pos)
    if r.phase is not Phase.DEALT:   # the banker's deal was made void: made again
        r.shuffle()
        r.shake()
        r.deal()
    for p in r.active:               # the holders set (some twice: re-arranged)
        for _ in range(draw(st.integers(0, 2))):
            r.set_hand(p, draw(st.integers(0, 2)), by=draw(st.sampled_from([None, r.holder(p)])))
    if draw(st.booleans()) and r.can_turn():
        r.turn()
    if draw(st.booleans()):
        r.settle(draw(st.sampled_from(["max-back", "equilibrium"])))
    elif r.can_settle():
        r.settle()
    return r


@SOME
@given(legal_rounds())
def test_api_record_replay_gives_the_same_state_and_ledger(r: Round) -> None:
    record = records.round_record(r)
    again = replay_round(json.loads(json.dumps(record)))
    assert again.state == r.state and again == r
    if r.result is not None:
        assert again.result == r.result and again.result is not None
        assert again.result.ledger == r.result.ledger
    assert records.round_record(again) == record


@SOME
@given(legal_rounds())
def test_round_state_to_and_from_json_equal_in_state_and_behaviour(r: Round) -> None:
    data = json.loads(json.dumps(records.round_state_json(r)))
    twin = records.round_from_state_json(data)
    assert twin == r and twin.rng.getstate() == r.rng.getstate()
    if r.phase is Phase.DEALT and r.can_settle("equilibrium"):    # a mixed strategy draws from the rng
        assert twin.settle("equilibrium") == r.settle("equilibrium")
    assert records.round_state_json(twin) == records.round_state_json(r)


def test_a_round_in_progress_goes_on_after_from_json() -> None:
    r = Round(2, seed=11)
    r.set_stake(500)
    r.bet(3, 100, "ann")
    twin = records.round_from_state_json(records.round_state_json(r))
    for t in (r, twin):
        t.bet(4, 50)
        t.shuffle()
        t.shake()
        t.deal()
    assert twin == r and twin.deal_record == r.deal_record
    assert records.round_state_json(records.round_from_state_json(json.loads(json.dumps(
        records.round_state_json(Round(0))))))["rng"] is None  # secure


def test_a_given_result_must_be_what_the_events_come_to() -> None:
    record = records.round_record(simulated_round(9))
    record["result"]["ledger"]["commission"] += 1
    with pytest.raises(InvalidRecordError, match=r"'ledger'.*drop 'result'") as e:
        replay_round(record)
    assert e.value.code == "record.result_mismatch"


def test_an_event_the_table_refuses_is_refused_naming_it() -> None:
    record = records.round_record(simulated_round(9))
    record["events"].insert(1, {"event": "bet", "position": 0, "bettor": "x", "amount": 5})
    record.pop("result")
    with pytest.raises(PaigowError, match=r"^events\[1\] \(bet\): position 0 is the banker's") as e:
        replay_round(record)
    assert e.value.code == "bet.banker_position"


# -- the command line round-trip --------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
        stdin: bytes = b"") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@SOME
@given(st.integers(0, 2**40), st.integers(0, 7), st.none() | st.integers(1, 2000))
def test_round_json_piped_into_settle_prints_the_same_round(seed: int, banker: int, house: int | None) -> None:
    with pytest.MonkeyPatch.context() as mp:
        cap = io.StringIO()
        mp.setattr(sys, "stdout", cap)
        argv = ["round", "--seed", str(seed), "--banker", str(banker), "--json"]
        assert main(argv + (["--house", str(house)] if house else [])) == 0
        printed = cap.getvalue()
        mp.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(printed.encode()), encoding="utf-8"))
        cap2 = io.StringIO()
        mp.setattr(sys, "stdout", cap2)
        assert main(["settle", "-"]) == 0
    assert cap2.getvalue() == printed
    check(json.loads(printed), "round.json")


# -- reading: encodings, duplicates, numbers, depth -------------------------------------------------
RECORD = records.round_record(simulated_round(2))


@pytest.mark.parametrize("encode", [
    lambda t: t.encode("utf-8"),
    lambda t: t.encode("utf-8-sig"),
    lambda t: t.encode("utf-16"),                          # what Windows PowerShell writes
    lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
    lambda t: t.encode("utf-32"),
])
def test_settle_accepts_utf8_with_or_without_bom_and_utf16(encode: Any, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(RECORD, ensure_ascii=False)
    code, out, err = run(capsys, monkeypatch, ["settle", "-"], encode(text))
    assert code == 0, err
    assert json.loads(out) == RECORD


@pytest.mark.parametrize(("data", "message", "code"), [
    (b"\xff\xfe\xff", "not valid UTF-16", "record.encoding"),
    (json.dumps(RECORD, ensure_ascii=False).encode("gb18030"), "not UTF-8 text", "record.encoding"),
    (b'{"format": "paigow-round/1", "banker": 0, "events": [], "banker": 1}', "the key 'banker' is given twice",
     "record.duplicate_key"),
    (b'{"stake": 1000, "stake": 1}', "the key 'stake' is given twice", "record.duplicate_key"),
    (('{"banker": ' + "9" * 5000 + "}").encode(), "a number of 5000 digits", "record.number"),
    (b"[" * 100_000, "nested too deeply", "record.depth"),
    (b'{"banker": NaN}', "NaN is not a JSON number", "record.number"),
    (b"{banker: 0", "the record is not JSON", "record.json"),
    (b"[1, 2]", "a round record is a JSON object, not an array", "record.type"),
])
def test_settle_refuses_what_is_not_a_record_clearly(data: bytes, message: str, code: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, err = run(capsys, monkeypatch, ["settle", "-"], data)
    assert rc == 2 and out == "" and message in err and "Traceback" not in err, err
    if code != "record.type":
        with pytest.raises(InvalidRecordError) as e:
            loads(data)
        assert e.value.code == code


@pytest.mark.parametrize(("event", "message"), [
    ({"event": "co_bank", "party": 7, "stake": 5}, "events[1].party: must be 'house', not a number (7)"),
    ({"event": "co_bank", "position": "house", "stake": 5},
     "events[1].position: must be an integer, not a string ('house')"),
    ({"event": "co_bank", "stake": 5}, "events[1]: the house ('party': 'house') or the player of a position"),
    ({"event": "bet", "position": 1, "bettor": None, "amount": 5}, "events[1].bettor: must be a string, not null"),
    ({"event": "bet", "position": 1, "bettor": "a", "amount": True},
     "events[1].amount: must be an integer, not a boolean (true)"),
])
def test_errors_name_the_key_and_the_json_type(event: dict[str, Any], message: str) -> None:
    record = {"format": ROUND_FORMAT, "banker": 0, "events": [{"event": "stake", "amount": 1000}, event]}
    with pytest.raises(InvalidRecordError) as e:
        settle_record(record)
    assert message in str(e.value)


# -- sessions ---------------------------------------------------------------------------------------
def play(s: Session, stake: int | None, bets: list[tuple[int, int, str | None]], strategy: str = "max-back") -> None:
    r = s.start_round(stake)
    for b in bets:
        r.bet(*b)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle(strategy)
    s.end_round()


def a_session() -> Session:
    s = Session(banker=1, seed=5, house_stake=300)
    play(s, 1000, [(2, 100, None), (5, 50, "ann")])
    play(s, None, [(3, 100, None)], "equilibrium")
    s.pass_bank()
    s.decline()
    s.accept()
    play(s, 700, [(0, 100, None)])
    return s


def test_a_session_record_replays_to_the_same_session() -> None:
    s = a_session()
    record = records.session_record(s)
    assert record["format"] == "paigow-session/1"
    assert [e["event"] for e in record["events"]] == ["round", "end_round", "round", "end_round", "pass", "decline",
                                                      "accept", "round", "end_round"]
    again = replay_session(json.loads(json.dumps(record)))
    assert again == s and again.state.history == s.state.history
    assert records.session_record(again) == record


def test_session_state_to_and_from_json_with_an_open_round() -> None:
    s = a_session()
    r = s.start_round(900)
    r.bet(2, 40, "bob")
    r.shuffle(Stacks.from_tiles(DECK))
    twin = records.session_from_state_json(json.loads(json.dumps(records.session_state_json(s))))
    assert twin == s and twin.round == s.round and twin.round is not None
    for x in (s, twin):
        assert x.round is not None
        x.round.shake()
        x.round.deal()
        x.round.settle("equilibrium")
        x.end_round()
    assert twin == s and records.session_state_json(twin) == records.session_state_json(s)


def test_every_record_in_this_module_was_checked_against_the_schemas() -> None:
    records.session_record(a_session())
    assert CHECKED["round.json"] > 0 and CHECKED["session.json"] > 0


@st.composite
def legal_sessions(draw: st.DrawFn) -> Session:
    """A session driven by random legal steps: rounds (some left open), passes, declines, accepts."""
    s = Session(banker=draw(st.integers(0, 7)), seed=draw(st.integers(0, 2**32)),
                house_stake=draw(st.none() | st.integers(1, 500)))
    for _ in range(draw(st.integers(1, 6))):
        step = draw(st.sampled_from(["round", "round", "pass", "decline", "accept"]))
        if step == "round":
            stake = draw(st.none() | st.integers(1, 2000))
            agree = draw(st.booleans())
            if not s.can_start_round(stake, others_agree=agree):
                continue
            r = s.start_round(stake, others_agree=agree)
            for _ in range(draw(st.integers(0, 4))):
                args = (draw(st.integers(0, 7)), draw(st.integers(1, 300)), draw(st.sampled_from(NAMES)))
                if r.can_bet(*args):
                    r.bet(*args)
            r.shuffle()
            r.shake()
            r.deal()
            if draw(st.integers(0, 4)) == 0:
                return s              # an open round at the end
            r.settle("max-back")
            s.end_round()
        elif getattr(s, f"can_{'pass_bank' if step == 'pass' else step}")():
            getattr(s, "pass_bank" if step == "pass" else step)()
    return s


@SOME
@given(legal_sessions())
def test_session_api_record_replay_and_state_json(s: Session) -> None:
    record = records.session_record(s)
    again = replay_session(json.loads(json.dumps(record)))
    assert again == s and records.session_record(again) == record
    twin = records.session_from_state_json(json.loads(json.dumps(records.session_state_json(s))))
    assert twin == s and twin.rng.getstate() == s.rng.getstate()
