"""The record of a round: versioned JSON, what happened in order, and a replay that checks it.

A round's record is the ordered list of its events (bets placed and withdrawn, the bell, void
rolls, the settling roll) with the rule set, and, once settled, the settlement it gives. Replaying
a record runs every event through :class:`~pcc.settle.Round` again, so a record is accepted only if
the round it describes was legal, and a settlement it carries must be the one the replay finds.
The same record is the round's state for a service that keeps rounds between requests
(:meth:`Round.to_json <pcc.settle.Round.to_json>`).

:data:`SCHEMA` is the JSON Schema of the format, the one statement of its shape: the shipped file
``pcc/schemas/round.json`` is generated from it (``python -m pcc.record > pcc/schemas/round.json``),
and :func:`round_from_record` checks a record against it before replaying.

>>> from pcc import Round
>>> rnd = Round()
>>> _ = rnd.place("big=100"), rnd.close_betting(), rnd.void_roll("stacked"), rnd.close_betting()
>>> _ = rnd.settle("crab-crab-fish")
>>> record = round_to_record(rnd)
>>> record["format"], record["version"], [e["event"] for e in record["events"]]
('pcc-round', 1, ['place', 'close_betting', 'void', 'close_betting', 'roll'])
>>> round_from_record(record) == rnd
True
>>> round_from_record({**record, "version": 2})
Traceback (most recent call last):
...
pcc.errors.InvalidRecordError: record: version 2 is not supported: this pcc reads version 1 of the 'pcc-round' format
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any, Final

from pcc.bets import MAX_STAKE
from pcc.errors import InvalidRecordError, PccError, _quote
from pcc.settle import (
    BettingClosed,
    Placement,
    Round,
    RollSource,
    Settlement,
    VoidRoll,
    Withdrawal,
)

__all__ = [
    "FORMAT",
    "SCHEMA",
    "VERSION",
    "dumps",
    "loads",
    "round_from_record",
    "round_to_record",
    "schema_text",
    "settlement_to_json",
]

FORMAT: Final = "pcc-round"
"""The name of the format, the record's ``"format"``."""
VERSION: Final = 1
"""The version this pcc writes and reads, the record's ``"version"``."""

_INT: Final = {"type": "integer"}
_COUNT: Final = {"type": "integer", "minimum": 0}
_TICKET: Final = {"type": "integer", "minimum": 1}
_STAKE: Final = {"type": "integer", "minimum": 1, "maximum": MAX_STAKE}
_FIGURES: Final = ["fish", "prawn", "gourd", "coin", "crab", "rooster"]


def _object(properties: dict[str, Any], required: list[str], description: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object"}
    if description:
        out["description"] = description
    out["properties"] = properties
    out["required"] = required
    out["additionalProperties"] = False
    return out


def _event(name: str, description: str, **fields: Any) -> dict[str, Any]:
    return _object({"event": {"const": name}, **fields}, ["event", *fields], description)


_ROLL: Final = _object(
    {
        "text": {"type": "string"},
        "dice": {"type": "array", "items": {"enum": _FIGURES}, "minItems": 3, "maxItems": 3},
        "numbers": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 3, "maxItems": 3},
        "total": {"type": "integer", "minimum": 3, "maximum": 18},
    },
    ["text", "dice", "numbers", "total"],
)

_LINE: Final = _object(
    {
        "ticket": _TICKET,
        "bet": {"type": "string"},
        "spot": {"type": "string"},
        "stake": _STAKE,
        "won": {"type": "boolean"},
        "odds": _COUNT,
        "paid": _COUNT,
        "returned": _COUNT,
        "net": _INT,
    },
    ["ticket", "bet", "spot", "stake", "won", "odds", "paid", "returned", "net"],
)

_SETTLEMENT: Final = _object(
    {
        "roll": _ROLL,
        "source": {"enum": [s.value for s in RollSource]},
        "seed": {"type": ["integer", "null"]},
        "voids": {"type": "array", "items": {"enum": ["stacked", "tilted"]}},
        "lines": {"type": "array", "items": _LINE},
        "totals": _object(
            {"staked": _COUNT, "paid": _COUNT, "returned": _COUNT, "player_net": _INT, "house_result": _INT},
            ["staked", "paid", "returned", "player_net", "house_result"],
        ),
    },
    ["roll", "source", "seed", "voids", "lines", "totals"],
    "What the settling roll gives, derived from the events; a replay checks it.",
)

SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://github.com/macau-table-games/pcc/schemas/round.json",
    "title": "A Fish-Prawn-Crab round (pcc)",
    "description": (
        "A round at a Fish-Prawn-Crab table: the rule set and what happened, in order (docs/pcc.md,"
        " docs/rules.md §2.3). Generated from pcc.record.SCHEMA; do not edit."
    ),
    **_object(
        {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "ruleset": {"enum": ["2004", "1996"]},
            "new_bets_after_void": {
                "type": "boolean",
                "description": "Whether new bets are taken after a void roll: always under 2004, the house's option under 1996.",
            },
            "automatic_bell": {
                "type": "boolean",
                "description": "Whether a roll entered while betting is open rings the bell first (recorded as its own event).",
            },
            "events": {
                "type": "array",
                "items": {
                    "oneOf": [
                        _event("place", "A bet placed; tickets count 1, 2, ... in order.", ticket=_TICKET, bet={"type": "string"}),
                        _event("withdraw", "A bet taken back while betting is open, before any roll.", ticket=_TICKET),
                        _event("close_betting", "The bell: betting closes (Art. 3.1)."),
                        _event("void", "A void roll: dice stacked or tilted (Art. 3.3).", reason={"enum": ["stacked", "tilted"]}),
                        _event(
                            "roll",
                            "The valid roll that settles the round; a seeded roll names its seed.",
                            roll={"type": "string"},
                            source={"enum": [s.value for s in RollSource]},
                            seed={"type": ["integer", "null"]},
                        ),
                    ]
                },
            },
            "settlement": {"oneOf": [{"type": "null"}, _SETTLEMENT]},
        },
        ["format", "version", "ruleset", "new_bets_after_void", "automatic_bell", "events", "settlement"],
    ),
}
"""The JSON Schema (draft 2020-12) of a round's record: the one statement of the format."""


def schema_text() -> str:
    """:data:`SCHEMA` as the text of the shipped ``pcc/schemas/round.json``."""
    return json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"


# -- writing ------------------------------------------------------------------------------


def settlement_to_json(rnd: Round) -> dict[str, Any] | None:
    """The ``"settlement"`` of a round's record (``None`` while it is not settled)."""
    s = rnd.settlement
    if s is None:
        return None
    r = s.roll
    return {
        "roll": {"text": str(r), "dice": [str(f) for f in r.dice], "numbers": list(r.numbers), "total": r.total},
        "source": str(rnd.roll_source),
        "seed": rnd.seed,
        "voids": [str(v.reason) for v in rnd.voids],
        "lines": [
            {
                "ticket": line.ticket,
                "bet": str(line.bet),
                "spot": str(line.bet.spot),
                "stake": line.stake,
                "won": line.won,
                "odds": line.odds,
                "paid": line.paid,
                "returned": line.returned,
                "net": line.net,
            }
            for line in s.lines
        ],
        "totals": {
            "staked": s.staked,
            "paid": s.paid,
            "returned": s.returned,
            "player_net": s.player_net,
            "house_result": s.house_result,
        },
    }


def _event_json(rnd: Round, event: object) -> dict[str, Any]:
    if isinstance(event, Placement):
        return {"event": "place", "ticket": event.ticket, "bet": str(event.bet)}
    if isinstance(event, Withdrawal):
        return {"event": "withdraw", "ticket": event.ticket}
    if isinstance(event, BettingClosed):
        return {"event": "close_betting"}
    if isinstance(event, VoidRoll):
        return {"event": "void", "reason": str(event.reason)}
    assert isinstance(event, Settlement)
    return {"event": "roll", "roll": str(event.roll), "source": str(rnd.roll_source), "seed": rnd.seed}


def round_to_record(rnd: Round) -> dict[str, Any]:
    """The record of ``rnd``: a dict of JSON values, in the order :data:`SCHEMA` gives."""
    if not isinstance(rnd, Round):
        raise TypeError(f"{_quote(rnd)} is not a pcc Round")
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": str(rnd.ruleset),
        "new_bets_after_void": rnd.new_bets_after_void,
        "automatic_bell": rnd.automatic_bell,
        "events": [_event_json(rnd, e) for e in rnd.history],
        "settlement": settlement_to_json(rnd),
    }


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text, one event (and one settled bet) a line, ending in a newline.

    >>> print(dumps({"format": "pcc-round", "events": [{"event": "close_betting"}], "settlement": None}), end="")
    {
      "format": "pcc-round",
      "events": [
        {"event": "close_betting"}
      ],
      "settlement": null
    }
    """
    return _format(dict(record), "") + "\n"


def _nested(value: object) -> bool:
    return isinstance(value, dict) or (isinstance(value, list) and any(isinstance(x, dict) for x in value))


def _format(value: object, pad: str) -> str:
    inner = pad + "  "
    if isinstance(value, dict) and any(_nested(v) for v in value.values()):
        items = (f"{inner}{json.dumps(k, ensure_ascii=False)}: {_format(v, inner)}" for k, v in value.items())
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and value and _nested(value):
        return "[\n" + ",\n".join(inner + _format(v, inner) for v in value) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


# -- reading ------------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InvalidRecordError(f"record: the key {_quote(key)} is given twice", code="record.duplicate_key")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise InvalidRecordError(f"record: {name} is not a JSON number", code="record.json")


def loads(text: str | bytes) -> Any:
    """JSON text (UTF-8, with or without a byte-order mark, or UTF-16 with one) as Python values.

    Refuses a key given twice in one object, NaN and Infinity, numbers of more digits than Python
    converts, and nesting too deep to read, each as an :class:`~pcc.errors.InvalidRecordError`.

    >>> loads('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    pcc.errors.InvalidRecordError: record: the key 'a' is given twice
    """
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text))
    elif not isinstance(text, str):
        raise TypeError(f"record text {_quote(text)} is not str or bytes")
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except PccError:
        raise
    except RecursionError:
        raise InvalidRecordError("record: the JSON is nested too deeply to read", code="record.json") from None
    except ValueError as exc:  # JSONDecodeError, or a number past the interpreter's digit limit
        raise InvalidRecordError(f"record: not JSON: {_quote(str(exc), 120)}", code="record.json") from None


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InvalidRecordError(
            f"record: the file is not {encoding.upper().replace('-SIG', '')} text (byte {exc.start}):"
            " save it as UTF-8 or UTF-16 with a byte-order mark",
            code="record.encoding",
        ) from None


_JSON_TYPES: Final = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is(value: object, json_type: str) -> bool:
    if json_type == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if json_type == "boolean":
        return isinstance(value, bool)
    if json_type == "string":
        return isinstance(value, str)
    if json_type == "null":
        return value is None
    if json_type == "array":
        return isinstance(value, list)
    return isinstance(value, dict)


def _fail(path: str, message: str, code: str) -> InvalidRecordError:
    return InvalidRecordError(f"record: {path}: {message}", code=code)


def _check(value: object, schema: Mapping[str, Any], path: str) -> None:
    """Check ``value`` against the subset of JSON Schema that :data:`SCHEMA` uses."""
    if "oneOf" in schema:
        options = schema["oneOf"]
        events = _EVENTS.get(id(options))
        if events is not None and isinstance(value, dict):
            option = events.get(value.get("event"))  # type: ignore[arg-type]
            if option is None:
                known = ", ".join(map(repr, events))
                raise _fail(path, f"unknown event {_quote(value.get('event'))}: expected one of {known}", "record.event")
            _check(value, option, path)
            return
        if value is None and any(o.get("type") == "null" for o in options):
            return
        _check(value, next(o for o in options if o.get("type") != "null"), path)
        return
    if "const" in schema and value != schema["const"]:
        if path.endswith(".version") or path == "version":
            raise _fail(path, f"{_quote(value)} is not supported: expected {schema['const']!r}", "record.version")
        raise _fail(path, f"{_quote(value)} is not {schema['const']!r}", "record.format")
    if "enum" in schema and value not in schema["enum"]:
        raise _fail(path, f"{_quote(value)} is not one of {', '.join(map(repr, schema['enum']))}", "record.value")
    types = schema.get("type")
    if types is not None:
        if not (_is(value, types) if isinstance(types, str) else any(_is(value, t) for t in types)):
            wanted = [types] if isinstance(types, str) else types
            names = " or ".join(_JSON_TYPES[t] for t in wanted)
            raise _fail(path, f"expected {names}, got {_json_type(value)}", "record.type")
    if type(value) is int:
        if "minimum" in schema and value < schema["minimum"]:
            raise _fail(path, f"{_quote(value)} is less than {schema['minimum']}", "record.value")
        if "maximum" in schema and value > schema["maximum"]:
            raise _fail(path, f"{_quote(value)} is more than {schema['maximum']}", "record.value")
    elif isinstance(value, list):
        if "minItems" in schema and not schema["minItems"] <= len(value) <= schema.get("maxItems", len(value)):
            raise _fail(path, f"expected {schema['minItems']} items, got {len(value)}", "record.value")
        items = schema.get("items")
        if items is not None:
            for i, item in enumerate(value):
                _check(item, items, f"{path}[{i}]")
    elif isinstance(value, dict) and "properties" in schema:
        props = schema["properties"]
        for key in value:
            if key not in props:
                raise _fail(path, f"unknown key {_quote(key)}", "record.key")
        for key in schema["required"]:
            if key not in value:
                raise _fail(path, f"the key {key!r} is missing", "record.missing")
        for key, item in value.items():
            _check(item, props[key], f"{path}.{key}")


# The alternatives of an event, by the name in its "event" key (looked up once, not per event).
_EVENT_OPTIONS: Final = SCHEMA["properties"]["events"]["items"]["oneOf"]
_EVENTS: Final[dict[int, dict[str, Mapping[str, Any]]]] = {
    id(_EVENT_OPTIONS): {o["properties"]["event"]["const"]: o for o in _EVENT_OPTIONS}
}


def validate(record: object) -> None:
    """Check ``record`` against :data:`SCHEMA`; raise :class:`~pcc.errors.InvalidRecordError` naming
    the key at fault."""
    if not isinstance(record, dict):
        raise InvalidRecordError(f"record: expected an object, got {_json_type(record)}", code="record.type")
    if record.get("format") != FORMAT:
        raise InvalidRecordError(
            f"record: format {_quote(record.get('format'))} is not {FORMAT!r}", code="record.format"
        )
    if record.get("version") != VERSION:
        raise InvalidRecordError(
            f"record: version {_quote(record.get('version'))} is not supported: this pcc reads version"
            f" {VERSION} of the {FORMAT!r} format",
            code="record.version",
        )
    _check(record, SCHEMA, "record")


def round_from_record(record: object) -> Round:
    """Replay ``record`` (a dict, as :func:`loads` gives) and return the round it describes.

    Every event goes through the round's own checks, so an illegal round is refused
    (``record.illegal``, naming the event); a ``settlement`` that is not what the events give is
    refused too (``record.settlement``). A bare list of events is not a record.
    """
    validate(record)
    assert isinstance(record, dict)
    try:
        rnd = Round(
            record["ruleset"],
            new_bets_after_void=record["new_bets_after_void"],
            automatic_bell=record["automatic_bell"],
        )
    except PccError as exc:
        raise InvalidRecordError(f"record: {exc.message}", code="record.illegal") from None
    for i, event in enumerate(record["events"]):
        try:
            _apply(rnd, event)
        except PccError as exc:
            code = exc.code if isinstance(exc, InvalidRecordError) else "record.illegal"
            raise InvalidRecordError(f"record: events[{i}] ({event['event']}): {exc.message}", code=code) from None
    given = record["settlement"]
    if given is not None and given != settlement_to_json(rnd):
        raise InvalidRecordError(
            "record: the settlement given is not what its events give; replay the events without it to see theirs",
            code="record.settlement",
        )
    return rnd


def _apply(rnd: Round, event: Mapping[str, Any]) -> None:
    name = event["event"]
    if name == "place":
        if event["ticket"] != rnd._next_ticket:
            raise InvalidRecordError(
                f"ticket {event['ticket']} is out of order: the next ticket is {rnd._next_ticket}",
                code="record.ticket",
            )
        rnd.place(event["bet"])
    elif name == "withdraw":
        rnd.withdraw(event["ticket"])
    elif name == "close_betting":
        rnd.close_betting()
    elif name == "void":
        rnd.void_roll(event["reason"])
    else:
        source = event["source"]
        seed = event["seed"]
        if (source == RollSource.SEEDED.value) != (seed is not None):
            raise InvalidRecordError(
                "a seeded roll names its seed, and only a seeded roll has one", code="record.seed"
            )
        rnd.settle(event["roll"], source=source, seed=seed)


def _main() -> int:  # pragma: no cover - ``python -m pcc.record > pcc/schemas/round.json``
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main())
