"""The record of a home shuffle (``paigow-home/1``; docs/home-table.md): the rule set in full
(:meth:`paigow.rules.RuleSet.to_json`), who banked first, live or a simulation, the seed, every
event of :class:`~paigow.table.home.HomeShuffle` in order, and each settled round's ledger.

:func:`replay_home` replays a record event by event through the table, so that whatever the
table refuses the record is refused for, naming the event (``events[3] (bet): ...``, the
table's own class and code); the deals and the ledgers a record gives must be what its events
come to. The JSON Schema is :data:`HOME_SCHEMA`, shipped as ``paigow/schemas/home.json``
(``python -m paigow.table.home_records`` writes it).

>>> from paigow.table.home import HomeShuffle
>>> t = HomeShuffle("home", seed=3)
>>> t.bet(2, "ann", 100); _ = t.shuffle(); _ = t.deal(); t.play("max-front"); _ = t.settle()
>>> record = home_record(t)
>>> record["format"], [e["event"] for e in record["events"]]
('paigow-home/1', ['bet', 'shuffle', 'deal', 'set', 'set', 'settle'])
>>> home_record(replay_home(record)) == record
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from paigow.errors import InvalidRecordError, PaigowError
from paigow.table.home import HomeShuffle
from paigow.table.jsonforms import ledger_json
from paigow.table.positions import MAX_AMOUNT, MAX_NAME
from paigow.table.records import ROUND_SCHEMA, loads, record_rules, schema_text, validate

__all__ = ["HOME_FORMAT", "HOME_SCHEMA", "home_record", "replay_home", "read_home_record", "write_home_schema"]

HOME_FORMAT = "paigow-home/1"
"""The ``format`` of a home shuffle's record: name and version."""
MAX_EVENTS = 10_000

_NAME: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
_AMOUNT: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT}
_TEXT: dict[str, Any] = {"type": "string", "maxLength": 1000}
_POSITION: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 7}
_LEDGER: dict[str, Any] = ROUND_SCHEMA["$defs"]["result"]["properties"]["ledger"]


def _obj(required: dict[str, Any], optional: "dict[str, Any] | None" = None, **extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {**required, **(optional or {})}, "required": list(required),
            "additionalProperties": False, **extra}


def _event(name: str, description: str, required: "dict[str, Any] | None" = None,
           optional: "dict[str, Any] | None" = None) -> dict[str, Any]:
    return _obj({"event": {"const": name}, **(required or {})}, optional, title=name, description=description)


_EVENTS: list[dict[str, Any]] = [
    _event("bank", "the player banking puts up the bank (bank 'winner-keeps'; the house covers every bet)",
           {"banker": _NAME, "amount": _AMOUNT}),
    _event("bet", "a bet on a door (1-3), in the order placed", {
        "door": {"type": "integer", "minimum": 1, "maximum": 7}, "bettor": _NAME, "amount": _AMOUNT}),
    _event("shuffle", "the 32 tiles of the shuffle in dealing order (the first round only)", {"tiles": _TEXT}),
    _event("shake", "the rule set's dice, shaken before the deal", {
        "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6},
                 "minItems": 1, "maxItems": 6}}),
    _event("deal", "the hands dealt, by position ('0' the banker, '1'-'3' the doors)", {
        "hands": {"type": "object", "properties": {str(p): _TEXT for p in range(8)}, "additionalProperties": False}}),
    _event("set", "a hand set 'front | back' (position 0 the banker's): by its setter ('by'), or by a strategy in"
           " a simulation ('strategy')", {"position": _POSITION, "setting": {"type": "string", "maxLength": 200}},
           {"by": {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_NAME},
            "strategy": {"type": ["string", "null"], "minLength": 1, "maxLength": 200},
            "why": {"enum": ["deadline"]}}),
    _event("deadline", "the round's deadline for the settings ('at': seconds since the epoch, the table's clock)",
           {"at": {"type": "number", "minimum": 0, "maximum": 1e11}}),
    _event("deadline_passed", "the table applied the passed deadline ('at': its clock): the 'set' events after it"
           " with 'why' 'deadline' are the hands it set by the automatic rule (max-front)",
           {"at": {"type": "number", "minimum": 0, "maximum": 1e11}}),
    _event("settle", "the round is settled"),
    _event("next_round", "the shuffle's next round opens; 'banker' banks it, as the rule set's bank says",
           {"banker": _NAME}),
]

HOME_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.invalid/paigow/schemas/home.json",
    "title": f"A home game shuffle record ({HOME_FORMAT})",
    "description": "What happened at one shuffle of the home game 推牌九 (its rounds), in order; docs/home-table.md.",
    **_obj({
        "format": {"const": HOME_FORMAT},
        "rules": {"description": "the rule set (RuleSet.to_json): a registered name, or every field",
                  "oneOf": [{"type": "string", "minLength": 1, "maxLength": 40},
                            {"type": "object", "required": ["name"],
                             "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40}}}]},
        "banker": {**_NAME, "description": "who banks the first round: 'house' or a player"},
        "live": {"type": "boolean", "description": "a live table (only the holders set hands) or a simulation"},
        "events": {"type": "array", "items": {"$ref": "#/$defs/event"}, "maxItems": MAX_EVENTS},
    }, {
        "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**64,
                 "description": "the seed of a simulated shuffle (information only: the shuffle event holds the tiles)"},
        "results": {"type": "array", "maxItems": 2, "items": _LEDGER,
                    "description": "each settled round's ledger; a record that gives them must agree"},
    }),
    "$defs": {"event": {"oneOf": _EVENTS}},
}


def home_record(t: HomeShuffle) -> dict[str, Any]:
    """The record of the shuffle ``t`` so far."""
    return {"format": HOME_FORMAT, "rules": t.rules.to_json(),
            "banker": t.results[0].banker if t.results else t.banker,
            "live": t.live, "seed": t.seed, "events": list(t.events),
            "results": [json.loads(json.dumps(ledger_json(r.ledger))) for r in t.results]}


def read_home_record(data: "str | bytes") -> HomeShuffle:
    """A record's JSON text (or bytes) replayed (:func:`replay_home`)."""
    record = loads(data)
    if not isinstance(record, dict):
        raise InvalidRecordError("a home record is a JSON object", code="record.type")
    return replay_home(record)


def replay_home(record: Mapping[str, Any]) -> HomeShuffle:
    """The shuffle a record describes, replayed event by event (see the module's text)."""
    validate(record, HOME_SCHEMA)
    rules = record_rules(record)
    try:
        t = HomeShuffle(rules, record["banker"], live=record["live"], seed=record.get("seed"),
                        rng=random.Random(0))
    except PaigowError as err:
        raise type(err)(f"banker: {err.message}", code=err.code) from None
    for i, e in enumerate(record["events"]):
        try:
            _apply(t, e)
        except PaigowError as err:
            raise type(err)(f"events[{i}] ({e['event']}): {err.message}", code=err.code) from None
    if "results" in record:
        mine = [json.loads(json.dumps(ledger_json(r.ledger))) for r in t.results]
        if record["results"] != mine:
            raise InvalidRecordError("the record's results are not what its events come to: drop 'results' to"
                                     " settle afresh", code="home.replay")
    return t


def _agree(ok: bool, what: str) -> None:
    if not ok:
        raise InvalidRecordError(f"{what} is not what the table comes to", code="home.replay")


def _apply(t: HomeShuffle, e: Mapping[str, Any]) -> None:
    kind = e["event"]
    if kind == "bank":
        _agree(e["banker"] == t.banker, f"the banker {e['banker']!r}")
        t.put_bank(e["amount"])
    elif kind == "bet":
        t.bet(e["door"], e["bettor"], e["amount"])
    elif kind == "shuffle":
        t.shuffle(e["tiles"])
    elif kind == "shake":
        t.shake(e["dice"])
    elif kind == "deal":
        hands = t.deal()
        _agree(e["hands"] == {str(p): " ".join(map(str, h)) for p, h in hands.items()}, "the deal")
    elif kind == "deadline":
        t.set_deadline(e["at"])
    elif kind == "deadline_passed":
        t.apply_deadline(e["at"])
    elif kind == "set" and e.get("why") == "deadline":   # set by the deadline_passed before it
        _agree(e["position"] in (t.by_deadline or ()) and str(t.settings.get(e["position"])) == e["setting"],
               f"position {e['position']}'s setting at the deadline")
    elif kind == "set":
        t.set_recorded(e["position"], e["setting"], by=e.get("by"), strategy=e.get("strategy"))
    elif kind == "settle":
        t.settle()
    else:
        banker = t.next_round()
        _agree(e["banker"] == banker, f"the next banker {e['banker']!r}")


def write_home_schema(directory: "Path | None" = None) -> Path:
    """Write :data:`HOME_SCHEMA` as ``home.json`` into ``directory`` (default: the package's ``schemas``)."""
    directory = directory or Path(__file__).resolve().parent.parent / "schemas"
    path = directory / "home.json"
    path.write_text(schema_text(HOME_SCHEMA), encoding="utf-8")
    return path


if __name__ == "__main__":  # pragma: no cover - python -m paigow.table.home_records: regenerate the schema
    print(write_home_schema())
