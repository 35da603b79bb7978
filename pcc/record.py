"""The record of a round: versioned JSON, what happened in order, and a replay that checks it.

A round's record is the ordered list of its events (bets placed and withdrawn, the bell, void
rolls, the settling roll) with the rule set, and, once settled, the settlement it gives. Replaying
a record runs every event through :class:`~pcc.round.Round` again, so a record is accepted only if
the round it describes was legal, and a settlement it carries must be the one the replay finds.
The same record is the round's state for a service that keeps rounds between requests
(:func:`round_to_json`, :func:`round_from_json`; ``Round.to_json`` and ``Round.from_json`` call
them). This module imports :mod:`pcc.round`; the round never imports this module.

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

from _tablegames.jsonio import Fault, Reader, Wording, json_type
from pcc._text import quote
from pcc.actions import Action, CloseBetting, Place, Settle, Withdraw
from pcc.actions import VoidRoll as VoidRollAction
from pcc.bets import MAX_STAKE
from pcc.errors import InvalidRecordError, PccError
from pcc.round import BettingClosed, Placement, Round, RollSource, VoidRoll, Withdrawal
from pcc.settlement import Settlement

__all__ = [
    "FORMAT",
    "SCHEMA",
    "VERSION",
    "dumps",
    "loads",
    "round_from_json",
    "round_from_record",
    "round_to_json",
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


def _event(action: type[Action], description: str, **fields: Any) -> dict[str, Any]:
    """The schema of the event ``action`` logs, titled with the action's name."""
    out = _object({"event": {"const": action.event}, **fields}, ["event", *fields], description)
    return {"title": action.name, **out}


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
                        _event(Place, "A bet placed; tickets count 1, 2, ... in order.", ticket=_TICKET, bet={"type": "string"}),
                        _event(Withdraw, "A bet taken back while betting is open, before any roll.", ticket=_TICKET),
                        _event(CloseBetting, "The bell: betting closes (Art. 3.1)."),
                        _event(VoidRollAction, "A void roll: dice stacked or tilted (Art. 3.3).", reason={"enum": ["stacked", "tilted"]}),
                        _event(
                            Settle,
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
        raise TypeError(f"{quote(rnd)} is not a pcc Round")
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


def round_to_json(rnd: Round) -> str:
    """The round's state as JSON text: its record (:func:`dumps`); :func:`round_from_json` rebuilds
    it exactly.

    >>> rnd = Round(); _ = rnd.place("big=5")
    >>> round_from_json(round_to_json(rnd)) == rnd
    True
    """
    return dumps(round_to_record(rnd))


def round_from_json(text: str | bytes) -> Round:
    """The round a :func:`round_to_json` text describes (:func:`loads`, then :func:`round_from_record`)."""
    return round_from_record(loads(text))


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

_KINDS: Final = {"object": "an object", "array": "a list", "string": "text", "integer": "a whole number",
                 "number": "a number", "boolean": "true or false", "null": "null"}  # fmt: skip
_NOT_TEXT: Final = ("record: the file is not {encoding} text (byte {start}): save it as UTF-8 or UTF-16 with a"
                    " byte-order mark")

# pcc's words for the faults of the shared reader (the record's place first: "record: record.events[2]: ...")
_READER: Final = Reader(InvalidRecordError, unknown_keys_first=True, wording=Wording(
    type_names=_KINDS, value_names=_KINDS, show_values=False, quote=quote,
    root="record", located="record: {where}: {message}", tag_where="{where}",
    not_object_event=Fault("expected an object, got {got}", code="record.type"),
    no_tag=Fault("unknown event None: expected one of {tags}", code="record.event"),
    unknown_tag=Fault("unknown event {shown}: expected one of {tags}", code="record.event"),
    const=Fault("{shown} is not {const!r}", code="record.format"),
    enum=Fault("{shown} is not one of {choices}", code="record.value"),
    wrong_type=Fault("expected {wanted}, got {got}", code="record.type"),
    below=Fault("{shown} is less than {minimum}", code="record.value"),
    above=Fault("{shown} is more than {maximum}", code="record.value"),
    items=Fault("expected {minimum} items, got {count}", code="record.value"),
    missing_key=Fault("the key {key!r} is missing", code="record.missing"),
    unknown_key=Fault("unknown key {shown}", code="record.key"),
    not_text="record text {shown} is not str or bytes",
    bad_encoding=Fault(_NOT_TEXT, code="record.encoding"),
    not_utf8=Fault(_NOT_TEXT, code="record.encoding"),
    duplicate_key=Fault("record: the key {shown} is given twice", code="record.duplicate_key"),
    constant=Fault("record: {name} is not a JSON number", code="record.json"),
    not_json=Fault(lambda f: f"record: not JSON: {quote(f['error'], 120)}", code="record.json"),
    too_deep=Fault("record: the JSON is nested too deeply to read", code="record.json"),
))


def loads(text: str | bytes) -> Any:
    """JSON text (UTF-8, with or without a byte-order mark, or UTF-16 or UTF-32 with one) as Python values.

    Refuses a key given twice in one object, NaN and Infinity, numbers of more digits than Python
    converts, and nesting too deep to read, each as an :class:`~pcc.errors.InvalidRecordError`.

    >>> loads('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    pcc.errors.InvalidRecordError: record: the key 'a' is given twice
    """
    return _READER.loads(text)


def validate(record: object) -> None:
    """Check ``record`` against :data:`SCHEMA`; raise :class:`~pcc.errors.InvalidRecordError` naming
    the key at fault."""
    if not isinstance(record, dict):
        raise InvalidRecordError(f"record: expected an object, got {json_type(record, _KINDS)}", code="record.type")
    if record.get("format") != FORMAT:
        raise InvalidRecordError(
            f"record: format {quote(record.get('format'))} is not {FORMAT!r}", code="record.format"
        )
    version = record.get("version")
    if type(version) is not int or version != VERSION:
        raise InvalidRecordError(
            f"record: version {quote(version)} is not supported: this pcc reads version"
            f" {VERSION} of the {FORMAT!r} format",
            code="record.version",
        )
    _READER.validate(record, SCHEMA)


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


def event_action(event: Mapping[str, Any]) -> Action:
    """The action a record's event (checked against :data:`SCHEMA`) replays: the round logs each
    action as the event its ``event`` names (:mod:`pcc.actions`).

    >>> event_action({"event": "void", "reason": "stacked"})
    VoidRoll(reason='stacked')
    """
    name = event["event"]
    if name == Place.event:
        return Place(event["bet"], None)
    if name == Withdraw.event:
        return Withdraw(event["ticket"])
    if name == CloseBetting.event:
        return CloseBetting()
    if name == VoidRollAction.event:
        return VoidRollAction(event["reason"])
    assert name == Settle.event, name
    return Settle(event["roll"], event["source"], event["seed"])


def _apply(rnd: Round, event: Mapping[str, Any]) -> None:
    action = event_action(event)
    if isinstance(action, Place) and event["ticket"] != rnd.next_ticket:
        raise InvalidRecordError(
            f"ticket {event['ticket']} is out of order: the next ticket is {rnd.next_ticket}",
            code="record.ticket",
        )
    if isinstance(action, Settle) and (action.source == RollSource.SEEDED.value) != (action.seed is not None):
        raise InvalidRecordError(
            "a seeded roll names its seed, and only a seeded roll has one", code="record.seed"
        )
    rnd.apply(action)


def _main() -> int:  # pragma: no cover - ``python -m pcc.record > pcc/schemas/round.json``
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main())
