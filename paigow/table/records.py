"""Records of the table, beside the table as python-chess keeps ``pgn.py`` beside the board:
one versioned JSON format for a round and one for a session, their JSON Schemas, reading,
writing and replaying (docs/dealer.md). The table logs what happens as frozen events
(:mod:`paigow.table.events`) and never imports this module; the JSON shape of each event, deal,
result and ledger is :mod:`paigow.table.jsonforms`' (its functions are named here too), and a
record's event replays as the action of :mod:`paigow.table.actions` that logs it
(:func:`event_action`).

A round record is the ordered list of what happened at the table — the stake, co-banks, bets in
the order placed, the declaration, the shuffle, cuts, dice, the deal, exposed tiles, settings,
the banker turning his tiles, the settlement — with the result once settled. ``paigow round
--json`` writes one; ``paigow settle`` reads one, replays it through :class:`~paigow.table.round.Round`
(so a record the table would refuse is refused) and writes it back with its result:

>>> from paigow.table.round import simulated_round
>>> r = simulated_round(3)
>>> record = round_record(r)
>>> record["format"], [e["event"] for e in record["events"]][:4]
('paigow-round/1', ['stake', 'bet', 'bet', 'bet'])
>>> replay_round(record) == r and round_record(replay_round(record)) == record
True

A record that lacks a hand is refused, not completed (Art. 7.1-7.2):

>>> settle_record({"format": "paigow-round/1", "banker": 0, "events": [
...     {"event": "stake", "amount": 1000}, {"event": "bet", "position": 1, "bettor": "ann", "amount": 100},
...     {"event": "deal", "hands": {"0": "天 天 地 地", "1": "人 人 鹅 鹅"}}]})
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: positions 1, 0 have not set their tiles: only the holder sets them (Art. 7.1); set each hand, or pass a strategy to simulate

Each format has a JSON Schema (:data:`ROUND_SCHEMA`, :data:`SESSION_SCHEMA`), shipped as
``paigow/schemas/*.json`` and generated from the dicts here (``python -m paigow.table.records``);
:func:`validate` checks a record against them with messages that name the key at fault.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from _tablegames.jsonio import Fault, Reader, Wording, json_type
from paigow.errors import IllegalActionError, InvalidOptionError, InvalidRecordError, PaigowError
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules
from paigow.table.actions import (
    Accept,
    Action,
    CoBank,
    CutStacks,
    DealTiles,
    Declare,
    Decline,
    EndRound,
    Expose,
    ApplyDeadline,
    HouseWay,
    PassBank,
    PlaceBet,
    WithdrawBet,
    RoundAction,
    SessionAction,
    SetDeadline,
    SetHand,
    SetStake,
    Settle,
    Shake,
    Shuffle,
    StartRound,
    Turn,
)
from paigow.table.dealing import Stacks, make_rng
from paigow.table.events import WHY
from paigow.table.jsonforms import (
    deal_record_json,
    event_json,
    ledger_from_json,
    ledger_json,
    positions_json,
    result_json,
    session_event_json,
)
from paigow.table.positions import MAX_AMOUNT, MAX_NAME
from paigow.table.round import MAX_DECLARATION, MAX_STRATEGY_NAME, Phase, Round, RoundResult
from paigow.table.session import BankEvent, BankTurn, Session, SessionState
from paigow.table.settlement import Options, Rounding

__all__ = [
    "ROUND_FORMAT",
    "SESSION_FORMAT",
    "ROUND_SCHEMA",
    "SESSION_SCHEMA",
    "MAX_EVENTS",
    "MAX_RECORD_BYTES",
    "validate",
    "loads",
    "read_record",
    "record_rules",
    "record_options",
    "event_json",
    "event_action",
    "session_event_json",
    "deal_record_json",
    "positions_json",
    "result_json",
    "ledger_json",
    "ledger_from_json",
    "round_record",
    "replay_round",
    "settle_record",
    "round_state_json",
    "round_from_state_json",
    "session_record",
    "replay_session",
    "session_state_json",
    "session_from_state_json",
    "SESSION_SNAPSHOT_FORMAT",
    "session_snapshot_json",
    "session_from_snapshot_json",
    "schema_files",
    "schema_text",
    "write_schemas",
]

ROUND_FORMAT = "paigow-round/1"
"""The ``format`` of a round record: name and version."""
SESSION_FORMAT = "paigow-session/1"
"""The ``format`` of a session record: name and version."""
SESSION_SNAPSHOT_FORMAT = "paigow-session-state/1"
"""The ``format`` of a session's state between rounds (:func:`session_snapshot_json`)."""
MAX_EVENTS = 10_000
"""The most events a record (or a session's round) may list."""
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record :func:`loads` reads."""

# -- the schemas (the one source: paigow/schemas/*.json are written from these) ---------------------
_NAME: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
_POS: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 7}
_TIME: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": 1e11}
_AMOUNT: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT}
_MONEY: dict[str, Any] = {"type": "integer", "minimum": -8 * MAX_AMOUNT, "maximum": 8 * MAX_AMOUNT}
_TEXT: dict[str, Any] = {"type": "string", "maxLength": 1000}


def _obj(required: dict[str, Any], optional: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    props = {**required, **(optional or {})}
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False,
            **extra}


def _ev(action: Action, description: str, required: dict[str, Any] | None = None,
        optional: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """The schema of the event an action logs: titled with the action's name."""
    return _obj({"event": {"const": action.event_kind}, **(required or {})}, optional, title=action.name,
                description=description, **extra)


_ROUND_EVENTS: list[dict[str, Any]] = [
    _ev(SetStake(0), "the banker puts the stake on the table (Art. 4.4, 4.9)", {"amount": _AMOUNT}),
    _ev(CoBank(0, 0), "the house ('party': 'house') or the player of a position ('position') shares the bank"
        " (Art. 3.1-3.3)", {"stake": _AMOUNT}, {"party": {"const": "house"}, "position": _POS},
        minProperties=3, maxProperties=3),
    _ev(PlaceBet(0, 0), "a bet, in the order placed (Art. 4.6, 7)", {"position": _POS, "bettor": _NAME, "amount": _AMOUNT}),
    _ev(WithdrawBet(0), "a bettor takes back (part of) their bet on a position before the shake, the latest placed"
        " first (Art. 4.6-4.7)", {"position": _POS, "bettor": _NAME, "amount": _AMOUNT}),
    _ev(Declare(""), "the banker declares the dealing method before shaking (Art. 4.4)",
        {"method": {"type": "string", "minLength": 1, "maxLength": MAX_DECLARATION}}),
    _ev(Shuffle(), "the 32 tiles laid out in 8 stacks, front of the row first, stacks separated by '|'",
        {"stacks": _TEXT}),
    _obj({"event": {"const": "commit"},
          "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
          "secret": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
         title=Shuffle.name, description="a live table's commitment to the stacks of the shuffle just before it,"
         " logged by the shuffle (before any cut or shake, so before the bets close): 'commitment' is the SHA-256"
         " of b'paigow-commit/1\\n' + the stacks' text + b'\\n' + the 32 bytes of 'secret' (hex), shown to the"
         " players at once; the stacks and the secret only once the round is settled (paigow.table.fairness)"),
    _ev(CutStacks(0, 0), "a cut: 'stacks' whole stacks from the front of the row to its end (Art. 2.1)",
        {"position": _POS, "stacks": {"type": "integer", "minimum": 1, "maximum": 7}}),
    _ev(Shake(), "a shake of the dice (4; as many as the rule set shakes: 3 in the US game); a void one"
        " ('tilted', 'fallen') is shaken again (Art. 1.5)",
        {"dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6},
                  "minItems": 1, "maxItems": 6}},
        {"void": {"enum": ["tilted", "fallen", None]}}),
    _ev(DealTiles(), "the tiles dealt, by position ('0'-'7'): the banker's and every betting position's",
        {"hands": {"type": "object", "properties": {str(p): _TEXT for p in range(8)},
                   "additionalProperties": False}}),
    _ev(Expose(0), "a tile turned face up by accident while dealing (Art. 2.2-2.3)",
        {"position": _POS}, {"tile": {"type": ["string", "null"], "maxLength": 40}}),
    _ev(SetHand(0, ""), "a position's setting, 'front | back' or a split 0-2, by its holder ('by'), or by a strategy"
        " in a simulation ('strategy')",
        {"position": _POS, "setting": {"type": ["string", "integer"], "maxLength": 200, "minimum": 0, "maximum": 2}},
        {"by": {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_NAME},
         "strategy": {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_STRATEGY_NAME}}),
    _ev(HouseWay(0), "a hand set by the rule set's house way (docs/rules.md §3.1): the house's own ('why':"
        " 'house'), at its holder's request ('asked', 'by'), or re-set after the holder's setting fouled ('foul',"
        " 'placed': the fouled 'low | high'), or set by the table when the round's deadline passed ('deadline',"
        " right after the deadline_passed event); 'setting' and 'rule' are what the way gives, and a replay must agree",
        {"position": _POS, "why": {"enum": list(WHY)}, "setting": {"type": "string", "maxLength": 200},
         "rule": {"type": "string", "maxLength": 200}},
        {"way": {"type": "string", "maxLength": 200},
         "by": {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_NAME},
         "placed": {"type": ["string", "null"], "maxLength": 200}}),
    _ev(SetDeadline(0), "the round's deadline for the settings ('at': seconds since the epoch, UTC, by the table's"
        " clock); set again, moved", {"at": _TIME}),
    _ev(ApplyDeadline(0), "the table applied the passed deadline ('at': its clock, seconds since the epoch): the"
        " house_way events after it, 'why' 'deadline', are the hands it set (docs/rules.md §1.8, Deadlines)",
        {"at": _TIME}),
    _ev(Turn(), "the banker turns the first of his tiles: no setting changes after (Art. 8.2)"),
    _ev(Settle(), "the round is settled"),
]

_OPTIONS = _obj({}, {"commission": {"type": "string", "maxLength": 64},
                     "rounding": {"enum": [r.value for r in Rounding]}})
_RNG = {"type": ["object", "null"], "description": "the state of the table's randomness (null: the operating"
        " system's); in the state of a live table, not in a record",
        "properties": {"version": {"type": "integer"}, "state": {"type": "array", "items": {"type": "integer"},
                                                                  "maxItems": 1000},
                       "gauss": {"type": ["number", "null"]}},
        "required": ["version", "state", "gauss"], "additionalProperties": False}
_SHARE = _obj({"party": _NAME, "stake": _AMOUNT})
_STAKE_OF = _obj({"bettor": _NAME, "amount": _AMOUNT})
_OUTCOME = {"enum": ["win", "push", "lose", None]}
_LEDGER = _obj({
    "banker": _POS,
    "bank": {"type": "integer", "minimum": 1},
    "shares": {"type": "array", "items": _SHARE, "minItems": 1},
    "options": _OPTIONS,
    "lines": {"type": "array", "items": _obj({
        "step": {"type": "integer", "minimum": 1},
        "kind": {"enum": ["win", "loss", "push", "stand-off", "sat-out", "commission", "share"]},
        "position": {"type": ["integer", "null"], "minimum": 0, "maximum": 7},
        "payer": _NAME, "payee": _NAME, "amount": {"type": "integer", "minimum": 0}})},
    "changes": {"type": "object", "additionalProperties": _MONEY},
    "commission": {"type": "integer", "minimum": 0},
    "bank_result": _MONEY,
    "bank_commission": {"type": "integer", "minimum": 0},
    "stood_off": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    "claims": {"type": "array", "items": _obj({
        "position": _POS, "setter": _NAME, "bettor": _NAME, "amount": {"type": "integer", "minimum": 1},
        "got": _MONEY, "would_have": _MONEY})},
    "changes_after_claims": {"type": "object", "additionalProperties": _MONEY},
})
_NULLABLE_TEXT = {"type": ["string", "null"], "maxLength": 200}
_RESULT = _obj({
    "positions": {"type": "array", "maxItems": 8, "items": _obj({
        "position": _POS, "role": {"enum": ["banker", "player"]},
        "tiles": {"type": ["array", "null"], "items": {"type": "string"}, "minItems": 4, "maxItems": 4},
        "setting": _NULLABLE_TEXT, "front": _NULLABLE_TEXT, "back": _NULLABLE_TEXT, "strategy": _NULLABLE_TEXT,
        "holder": {"type": ["string", "null"]},
        "bets": {"type": "array", "items": _STAKE_OF}, "stood_off": {"type": "array", "items": _STAKE_OF},
        "outcome": _OUTCOME, "other_outcomes": {"type": "array", "items": _OUTCOME},
        "sat_out": {"type": "boolean"}}, {"house_way": _obj({"rule": _TEXT, "why": {"enum": list(WHY)},
                                                            "way": _TEXT})})},
    "ledger": _LEDGER,
}, description="the settled round, as the engine computes it; a record that gives it must agree")

_HEADER_OPTIONAL: dict[str, Any] = {
    "rules": {"description": "the rule set the table plays by (default 'macau'; paigow.rules): the name of a"
                             " registered one, or every field of another (RuleSet.to_json), which replays anywhere",
              "oneOf": [{"type": "string", "minLength": 1, "maxLength": 40},
                        {"type": "object", "required": ["name"],
                         "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40}}}]},
    "players": {"type": "array", "items": _NAME, "minItems": 8, "maxItems": 8,
                "description": "the player of each position (default P0 … P7)"},
    "options": _OPTIONS,
    "live": {"type": "boolean",
             "description": "true: a live table, where only the holders set the tiles and no strategy sets a hand"
                            " (Art. 7.1-7.2); false: a simulation, which may set hands by a strategy, none of them"
                            " giving rise to a claim. Fixed from the table's start; a record without it (written"
                            " before the key) is read as a simulation, as it always was"},
    "declare_first": {"type": "boolean",
                      "description": "true: a shake waits for the banker's declaration of the dealing method"
                                     " (Art. 4.4; a live table's rounds banked in rotation); a record without it"
                                     " (written before the key) replays its shakes as written"},
    "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**64,
             "description": "the seed of a simulated round (information only)"},
    "rng": _RNG,
}

ROUND_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.invalid/paigow/schemas/round.json",
    "title": "A Pai Gow round record (paigow-round/1)",
    "description": "What happened at one round, in order; docs/dealer.md.",
    **_obj(
        {"format": {"const": ROUND_FORMAT}, "banker": _POS,
         "events": {"type": "array", "items": {"$ref": "#/$defs/event"}, "maxItems": MAX_EVENTS}},
        {**_HEADER_OPTIONAL,
         "min_stake": {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT,
                       "description": "a stake carried from the banker's last round, never lowered (Art. 4.9)"},
         "house_banks": {"type": "boolean",
                         "description": "whether the house holds the bank; left out, as the rule set says (its"
                                        " 'bank': 'house' in the US game, the positions in Macau)"},
         "result": {"$ref": "#/$defs/result"}},
    ),
    "$defs": {"event": {"oneOf": _ROUND_EVENTS}, "result": _RESULT},
}

_SESSION_EVENTS: list[dict[str, Any]] = [
    _ev(StartRound(), "a round: the stake (null: the carried one), whether the other seven agreed to a third round"
        " in a row, and the round's own events after its stake", {
            "stake": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_AMOUNT},
            "others_agree": {"type": "boolean"},
            "events": {"type": "array", "items": {"$ref": "#/$defs/event"}, "maxItems": MAX_EVENTS}}),
    _ev(EndRound(), "the settled round is closed; its stake plus result is carried (Art. 4.9)"),
    _ev(PassBank(), "the banker gives up the bank"),
    _ev(Decline(), "the position offered the bank declines it (Art. 4.3)"),
    _ev(Accept(), "the position offered the bank takes it"),
    _ev(Accept(with_house=True), "the position offered the bank takes it with the house, half each, its hand set by the house"
        " way (the US game, docs/rules.md §3.1)"),
]

SESSION_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.invalid/paigow/schemas/session.json",
    "title": "A Pai Gow session record (paigow-session/1)",
    "description": "Rounds in a row at one table and the bank passing; docs/dealer.md.",
    **_obj(
        {"format": {"const": SESSION_FORMAT}, "banker": _POS,
         "events": {"type": "array", "items": {"$ref": "#/$defs/session_event"}, "maxItems": MAX_EVENTS}},
        {**_HEADER_OPTIONAL, "house_stake": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_AMOUNT}},
    ),
    "$defs": {"session_event": {"oneOf": _SESSION_EVENTS}, "event": {"oneOf": _ROUND_EVENTS}},
}


def schema_files() -> dict[str, dict[str, Any]]:
    """The shipped schema files by name (``paigow/schemas/<name>``)."""
    return {"round.json": ROUND_SCHEMA, "session.json": SESSION_SCHEMA}


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as the text of its shipped file."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


# -- reading and checking: the shared reader of both games (_tablegames.jsonio) ---------------------
_JSON = Reader(InvalidRecordError, max_size=MAX_RECORD_BYTES, max_digits=20, wording=Wording(digits=Fault(
    "a number of {digits} digits: amounts are at most 10^15 minor units (docs/rules.md §1.8)", code="record.number")))


def validate(data: object, schema: Mapping[str, Any] = ROUND_SCHEMA) -> None:
    """Raise :class:`InvalidRecordError` unless ``data`` is valid under ``schema`` (one of this
    module's schemas; the keywords they use), naming the key at fault.

    >>> validate({"format": "paigow-round/1", "banker": 0, "events": [{"event": "co_bank", "party": 7, "stake": 5}]})
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidRecordError: events[0].party: must be 'house', not a number (7)
    """
    _JSON.validate(data, schema)


def loads(data: "str | bytes") -> Any:
    """JSON text (or bytes: UTF-8, or UTF-8/16/32 with a byte-order mark) as Python values, with
    what the standard reader lets through refused: a key twice in one object, numbers of more
    than 20 digits, NaN and Infinity, nesting past the interpreter's limit.

    >>> loads(b'\\xef\\xbb\\xbf{"a": 1}'), loads('{"a": 1}'.encode("utf-16"))
    ({'a': 1}, {'a': 1})
    >>> loads('{"stake": 1000, "stake": 1}')
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidRecordError: the key 'stake' is given twice in one object: give each key once
    """
    return _JSON.loads(data)


def read_record(data: "str | bytes") -> dict[str, Any]:
    """A record's JSON text (or bytes, as :func:`loads` reads them) as a JSON object, not yet
    checked against a schema (``paigow settle`` reads its input so).

    >>> read_record("[1, 2]")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidRecordError: a round record is a JSON object, not an array
    """
    record = loads(data)
    if not isinstance(record, dict):
        raise InvalidRecordError(f"a round record is a JSON object, not {json_type(record, shown=True)}", code="record.type")
    return record


# -- rounds -----------------------------------------------------------------------------------------
def round_record(r: Round, *, seed: int | None = None) -> dict[str, Any]:
    """The record of ``r`` so far: header, events in order, and the result once settled."""
    s = r.state
    out: dict[str, Any] = {"format": ROUND_FORMAT, "rules": s.rules.to_json(), "banker": s.banker, "live": s.live,
                           "players": list(s.players), "options": s.options.to_json()}
    if s.house_banks != (s.rules.bank == "house"):
        out["house_banks"] = s.house_banks
    if s.min_stake:
        out["min_stake"] = s.min_stake
    if s.declare_first:
        out["declare_first"] = True
    if seed is not None:
        out["seed"] = seed
    out["events"] = [event_json(e) for e in s.log]
    if s.result is not None:
        out["result"] = result_json(s.result)
    return out


def record_rules(record: Mapping[str, Any], rules: RulesLike = None) -> RuleSet:
    """The rule set a record names (``"rules"``, by default Macau's); ``rules``, when given, is
    the rule set of that name (one not listed in :data:`paigow.rules.RULE_SETS`).

    >>> record_rules({"format": ROUND_FORMAT, "banker": 0, "events": []})
    RuleSet('macau')
    >>> record_rules({"rules": "texas"})
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidRecordError: rules: unknown rule set 'texas': the rule sets are ...
    """
    data = record.get("rules", MACAU.name)
    if not isinstance(data, (str, dict)):
        raise InvalidRecordError(f"rules: must be a string or an object, not {json_type(data, shown=True)}",
                                 code="record.type")
    name = data if isinstance(data, str) else data.get("name")
    if rules is not None:
        given = clean_rules(rules)
        if given.name != name:
            raise InvalidRecordError(f"rules: the record is played by {name!r}, not by {given.name!r}",
                                     code="record.invalid")
        if isinstance(data, dict) and given.to_json() != data:
            raise InvalidRecordError(f"rules: the record's rule set {name!r} is not the one given", code="record.invalid")
        return given
    try:
        return RuleSet.from_json(data)
    except InvalidOptionError as e:
        raise InvalidRecordError(f"rules: {e.message}", code="record.invalid") from None


def record_options(record: Mapping[str, Any], rules: RulesLike = None) -> Options:
    """The settlement options of a record; a key it leaves out is its rule set's
    (:func:`record_rules`)."""
    ruleset = record_rules(record, rules)
    given = record.get("options", {})
    read = Options.from_json(given)
    return Options(read.commission if "commission" in given else ruleset.commission,
                   read.rounding if "rounding" in given else ruleset.rounding)


def _fresh_round(record: Mapping[str, Any], rng: random.Random | None, rules: RulesLike) -> Round:
    ruleset = record_rules(record, rules)
    return Round(record["banker"], players=record.get("players"), options=record_options(record, ruleset),
                 rules=ruleset, min_stake=record.get("min_stake", 0), rng=rng if rng is not None else random.Random(0),
                 live=record.get("live", False), house_banks=record.get("house_banks"),
                 declare_first=record.get("declare_first", False))


def _at(i: int, e: Mapping[str, Any], where: str, err: PaigowError) -> PaigowError:
    """``err`` with the event it came from named in front (same class and code)."""
    return type(err)(f"{where}[{i}] ({e['event']}): {err.message}", code=err.code)


def _by_deadline(r: Round, events: list[Any], i: int) -> bool:
    """Whether event ``i`` is one the deadline_passed before it made (its hands set, the banker's
    turn with the banker's hand), checked against what the replay did."""
    j = i
    while j > 0 and (events[j - 1]["event"] == Turn.event
                     or (events[j - 1]["event"] == HouseWay.event and events[j - 1]["why"] == "deadline")):
        j -= 1
    if j == 0 or events[j - 1]["event"] != ApplyDeadline.event:
        if events[i]["event"] == HouseWay.event:
            raise InvalidRecordError("a hand set at a deadline comes right after the deadline_passed event",
                                     code="record.house_way")
        return False
    if events[i]["event"] == Turn.event:
        if not r.turned:
            raise InvalidRecordError("the deadline did not turn the banker's tiles", code="record.house_way")
    else:
        _check_way(r, events[i])
    return True


def _apply(r: Round, events: list[Any], where: str = "events") -> None:
    for i, e in enumerate(events):
        try:
            if e["event"] == "commit":   # replayed with the shuffle before it
                _check_commit(r, events, i)
                continue
            if (e["event"] == Turn.event or (e["event"] == HouseWay.event and e["why"] == "deadline")) \
                    and _by_deadline(r, events, i):
                continue
            action = event_action(e)
            after = events[i + 1] if i + 1 < len(events) else None
            if isinstance(action, Shuffle) and after is not None and after["event"] == "commit":
                action = replace(action, secret=bytes.fromhex(after["secret"]))
            r.apply(action)
            _check_way(r, e)
        except PaigowError as err:
            raise _at(i, e, where, err) from None


def _check_commit(r: Round, events: list[Any], i: int) -> None:
    """A record's commitment: right after its shuffle, and what the shuffle with its secret commits to."""
    made = r.deal_record.commitment
    if i == 0 or events[i - 1]["event"] != Shuffle.event or made is None:
        raise InvalidRecordError("a commitment comes right after the shuffle it commits to",
                                 code="record.commit")
    if made.commitment != events[i]["commitment"]:
        raise InvalidRecordError("the record's commitment is not the SHA-256 of its stacks and secret"
                                 " (paigow.table.fairness)", code="record.commit")


def event_action(e: Mapping[str, Any]) -> RoundAction:
    """The action a round record's event (checked against the schema) replays: the table logs
    each action as the event named by the action's ``event`` (:mod:`paigow.table.actions`).

    >>> event_action({"event": "stake", "amount": 1000})
    SetStake(amount=1000)
    >>> event_action({"event": "house_way", "position": 2, "why": "foul", "placed": "天 地 | 人 鹅",
    ...               "setting": "天 人 | 地 鹅", "rule": "r"})
    SetHand(position=2, setting='天 地 | 人 鹅', by=None, strategy=None)
    """
    kind = e["event"]
    if kind == SetStake.event:
        return SetStake(e["amount"])
    if kind == CoBank.event:
        return CoBank(e["party"] if "party" in e else e["position"], e["stake"])
    if kind == PlaceBet.event:
        return PlaceBet(e["position"], e["amount"], e["bettor"])
    if kind == WithdrawBet.event:
        return WithdrawBet(e["position"], e["amount"], e["bettor"])
    if kind == Declare.event:
        return Declare(e["method"])
    if kind == Shuffle.event:   # its secret, when a commitment follows, is the commitment's (_apply)
        return Shuffle(Stacks.parse(e["stacks"]))
    if kind == "commit":
        raise InvalidRecordError("a commitment is replayed with the shuffle before it", code="record.commit")
    if kind == CutStacks.event:
        return CutStacks(e["position"], e["stacks"])
    if kind == Shake.event:
        return Shake(e["dice"], e.get("void"))
    if kind == DealTiles.event:
        return DealTiles({int(p): h for p, h in e["hands"].items()})
    if kind == Expose.event:
        return Expose(e["position"], e.get("tile"))
    if kind == SetHand.event:   # by its holder, or in a simulation by the strategy named
        return SetHand(e["position"], e["setting"], e.get("by"), e.get("strategy"))
    if kind == SetDeadline.event:
        return SetDeadline(e["at"])
    if kind == ApplyDeadline.event:
        return ApplyDeadline(e["at"])
    if kind == HouseWay.event:   # the house's hand, a holder's request, or a fouled setting re-set
        if e["why"] == "deadline":
            raise InvalidRecordError("a hand set at a deadline is replayed with the deadline_passed before it",
                                     code="record.house_way")
        if e["why"] != "foul":
            return HouseWay(e["position"], e.get("by"))
        if e.get("placed") is None:
            raise InvalidRecordError("a hand re-set after a foul names the fouled setting ('placed')",
                                     code="record.house_way")
        return SetHand(e["position"], e["placed"], e.get("by"))
    if kind == Turn.event:
        return Turn()
    assert kind == Settle.event, kind
    return Settle()


def _check_way(r: Round, e: Mapping[str, Any]) -> None:
    """After a record's event, the house way's setting it names is the one the table made."""
    if e["event"] == HouseWay.event:   # what the way gives must be what the record says
        got = r.ways[e["position"]]
        if got is None or got.why != e["why"] or str(got.setting) != e["setting"] or got.rule != e["rule"] \
                or ("way" in e and got.way != e["way"]):
            did = "no house way" if got is None else f"{got.why}: {got.setting} by {got.rule!r}"
            raise InvalidRecordError(
                f"the record's house way ({e['why']}: {e['setting']} by {e['rule']!r}) is not what the table does"
                f" ({did})", code="record.house_way")


def _check_result(r: Round, record: Mapping[str, Any]) -> None:
    if "result" not in record:
        return
    if r.result is None:
        raise InvalidRecordError("the record gives a result but its events do not settle the round",
                                 code="record.result_unsettled")
    mine = json.loads(json.dumps(result_json(r.result)))
    if record["result"] != mine:
        diff = next((k for k in mine if record["result"].get(k) != mine[k]), "result")
        raise InvalidRecordError(
            f"the record's result ({diff!r}) is not what its events come to: drop 'result' to settle afresh",
            code="record.result_mismatch")


def replay_round(record: Mapping[str, Any], rng: random.Random | None = None, *, checked: bool = False,
                 rules: RulesLike = None) -> Round:
    """The table a round record describes, replayed event by event through :class:`Round`
    (so whatever the table refuses, the record is refused for, naming the event). A given
    ``result`` must be what the events come to. The record names its rule set (Macau's when
    it does not); ``rules`` gives one of that name that :data:`paigow.rules.RULE_SETS` does not
    list."""
    if not checked:
        validate(record, ROUND_SCHEMA)
    r = _fresh_round(record, rng, rules)
    _apply(r, record["events"])
    _check_result(r, record)
    return r


def settle_record(record: Mapping[str, Any], *, rules: RulesLike = None) -> RoundResult:
    """Replay a round record and settle it if its events have not (``paigow settle``): every
    hand must be set in the record (Art. 7.1-7.2)."""
    r = replay_round(record, rules=rules)
    if r.phase is not Phase.SETTLED:
        r.settle()
    assert r.result is not None
    return r.result



def round_state_json(r: Round) -> dict[str, Any]:
    """The round's record with the state of its randomness (``rng``), so that
    :func:`round_from_state_json` rebuilds a table equal in state and behaviour: a table kept
    between requests, without pickle."""
    out = round_record(r)
    out["rng"] = _rng_json(r.rng)
    return out


def round_from_state_json(data: Mapping[str, Any], *, rules: RulesLike = None) -> Round:
    """The table :func:`round_state_json` (or any round record) describes, by replaying its
    events with the randomness it names (a record without ``rng``: the operating system's)."""
    validate(data, ROUND_SCHEMA)
    return replay_round(data, _rng_from_json(data.get("rng")), checked=True, rules=rules)


def _rng_json(rng: random.Random) -> dict[str, Any] | None:
    if isinstance(rng, random.SystemRandom):
        return None
    version, state, gauss = rng.getstate()
    return {"version": version, "state": list(state), "gauss": gauss}


def _rng_from_json(data: Mapping[str, Any] | None) -> random.Random:
    if data is None:
        return make_rng()
    rng = random.Random()
    try:
        rng.setstate((data["version"], tuple(data["state"]), data["gauss"]))
    except (ValueError, TypeError, OverflowError) as e:
        raise InvalidRecordError(f"rng: not the state of a random.Random: {e}", code="record.rng") from None
    return rng


# -- sessions ---------------------------------------------------------------------------------------
def session_record(s: Session) -> dict[str, Any]:
    """The record of a session so far: every round (an open one last) and every move of the bank."""
    st = s.state
    out: dict[str, Any] = {"format": SESSION_FORMAT, "rules": st.rules.to_json(), "banker": st.first_banker,
                           "live": st.live,
                           "players": list(st.players), "options": st.options.to_json(),
                           "house_stake": st.house_stake}
    if st.declare_first:
        out["declare_first"] = True
    events = [session_event_json(e) for e in st.log]
    open_round = s.round_event()
    if open_round is not None:
        events.append(session_event_json(open_round))
    out["events"] = events
    return out


_SESSION_EVENT_ACTIONS: dict[str, SessionAction] = {
    a.event_kind: a for a in (EndRound(), PassBank(), Decline(), Accept(with_house=True), Accept())}


def replay_session(record: Mapping[str, Any], rng: random.Random | None = None, *,
                   checked: bool = False, rules: RulesLike = None) -> Session:
    """The session a record describes, replayed step by step through :class:`Session` (its
    rule set as :func:`replay_round` finds it)."""
    if not checked:
        validate(record, SESSION_SCHEMA)
    ruleset = record_rules(record, rules)
    s = Session(record["banker"], players=record.get("players"), options=record_options(record, ruleset),
                rules=ruleset, house_stake=record.get("house_stake"), rng=rng if rng is not None else random.Random(0),
                live=record.get("live", False), declare_first=record.get("declare_first", False))
    for i, e in enumerate(record["events"]):
        try:
            kind = e["event"]
            if kind == StartRound.event:
                r = s.apply(StartRound(e["stake"], e["others_agree"]))
                _apply(r, e["events"], f"events[{i}].events")
            else:
                s.apply(_SESSION_EVENT_ACTIONS[kind])
        except PaigowError as err:
            if err.message.startswith(f"events[{i}]"):
                raise
            raise _at(i, e, "events", err) from None
    return s


def session_state_json(s: Session) -> dict[str, Any]:
    """The session's record with the state of its randomness; :func:`session_from_state_json`
    rebuilds it (the open round too)."""
    out = session_record(s)
    out["rng"] = _rng_json(s.rng)
    return out


def session_from_state_json(data: Mapping[str, Any], *, rules: RulesLike = None) -> Session:
    """The session :func:`session_state_json` (or any session record) describes, by replaying it."""
    validate(data, SESSION_SCHEMA)
    return replay_session(data, _rng_from_json(data.get("rng")), checked=True, rules=rules)


def session_snapshot_json(s: Session) -> dict[str, Any]:
    """The session's state between rounds as JSON, without its finished rounds (their results and
    events): what the rules of the next rounds read (the banker, the offer, the rounds banked, the
    stake carried, the last bettors, the outgoing banker's run, the US game's last offer) and the
    bank's moves (``turns``). :func:`session_from_snapshot_json` resumes it; its size and the work
    of resuming it do not grow with the rounds played (the turns apart: three numbers a move)."""
    st = s.state
    if s.round is not None or st.open_round:
        raise IllegalActionError("a session's state is kept between rounds only: a round is open",
                                 code="session.round_open")
    return {"format": SESSION_SNAPSHOT_FORMAT, "rules": st.rules.to_json(), "players": list(st.players),
            "options": st.options.to_json(), "house_stake": st.house_stake, "live": st.live,
            "declare_first": st.declare_first, "first_banker": st.first_banker, "banker": st.banker,
            "offer": st.offer, "declined": list(st.declined), "rounds_banked": st.rounds_banked,
            "carried": st.carried,
            "last_bettors": sorted(st.last_bettors) if st.last_bettors is not None else None,
            "outgoing": list(st.outgoing) if st.outgoing is not None else None,
            "house_banks": st.house_banks, "with_house": st.with_house, "last_offer": st.last_offer,
            "turns": [[t.event.value, t.position, t.to, t.house] for t in st.turns]}


def session_from_snapshot_json(data: Mapping[str, Any], rng: random.Random, *, rules: RulesLike = None) -> Session:
    """The session :func:`session_snapshot_json` describes, resumed with ``rng``
    (:meth:`Session.resume`); nothing is replayed. Its ``history`` and ``log`` start empty."""
    if data.get("format") != SESSION_SNAPSHOT_FORMAT:
        raise InvalidRecordError(f"not a session's state ({SESSION_SNAPSHOT_FORMAT}): {data.get('format')!r}",
                                 code="record.format")
    ruleset = record_rules(data, rules)
    d = data
    out = d["outgoing"]
    state = SessionState(
        tuple(str(p) for p in d["players"]), record_options(d, ruleset), d["house_stake"], d["banker"],
        offer=d["offer"], declined=tuple(int(p) for p in d["declined"]), rounds_banked=int(d["rounds_banked"]),
        carried=d["carried"], last_bettors=frozenset(d["last_bettors"]) if d["last_bettors"] is not None else None,
        turns=tuple(BankTurn(BankEvent(e), int(p), int(to), bool(h)) for e, p, to, h in d["turns"]),
        first_banker=int(d["first_banker"]), rules=ruleset, live=bool(d["live"]),
        declare_first=bool(d["declare_first"]),
        outgoing=(int(out[0]), int(out[1]), out[2]) if out is not None else None,
        house_banks=bool(d["house_banks"]), with_house=bool(d["with_house"]), last_offer=d["last_offer"])
    return Session.resume(state, rng)


def write_schemas(directory: Path | None = None) -> list[Path]:
    """Write :func:`schema_files` into ``directory`` (default: the package's ``schemas``)."""
    directory = directory or Path(__file__).resolve().parent.parent / "schemas"
    directory.mkdir(exist_ok=True)
    out = []
    for name, schema in schema_files().items():
        path = directory / name
        path.write_text(schema_text(schema), encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":  # pragma: no cover - python -m paigow.table.records: regenerate the shipped schemas
    for p in write_schemas():
        print(p)
