"""``paigow verify``: check a live table's rounds, provably fair (docs/serve.md "Provably fair").

A round or session record (``paigow-round/1``, ``paigow-session/1``: what the table's records and
the service's ``GET /v1/tables/{id}/rounds/{n}`` write) is read, checked against its JSON Schema,
and each round's commitment checked with :mod:`paigow.table.fairness`: the stacks and the secret
revealed hash to the commitment made before the bets closed, and the tiles dealt are what those
stacks, the cuts and the dice give. A round's public view (``GET /v1/tables/{id}`` or
``/rounds/{n}`` without a token, once settled) is checked as a player can: the reveal against
the commitment, and each hand turned against the stacks. One line per round (``verified``, or what failed); exit code
0 when every round is verified, 1 otherwise (2 for a record that cannot be read)."""

from __future__ import annotations

import argparse
import json
import sys

from typing import TYPE_CHECKING

from paigow.errors import InvalidRecordError, PaigowError

if TYPE_CHECKING:
    from paigow.table.fairness import RoundCheck


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "verify",
        help="verify a live table's rounds from their record: the commitment to the shuffle, and the deal",
        description="Read a round or session record (paigow-round/1, paigow-session/1) from FILE or standard "
        "input and verify each round: the stacks and the secret revealed after the settlement hash (SHA-256 "
        "of b'paigow-commit/1\\n' + the stacks + b'\\n' + the secret) to the commitment the table published "
        "before the bets closed, and the tiles dealt are what those stacks, the cuts and the dice give. Prints "
        "'verified' or what failed for each round; exit code 0 when every round is verified, else 1. A round "
        "whose tiles the dealer entered by hand has no commitment and is not verified. A settled round's public "
        "view (the service's GET /v1/tables/ID/rounds/N without a token) is checked too: the reveal against the "
        "commitment, and every hand turned against the revealed stacks, cuts and dice.",
    )
    p.add_argument("file", nargs="?", default="-", help="the record (default: standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_verify)


def _read(path: str) -> "bytes | str":
    try:
        if path == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            return buffer.read() if buffer is not None else sys.stdin.read()
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise InvalidRecordError(f"cannot read the record {path!r}: {e.strerror}", code="record.unreadable") from None


def _cmd_verify(args: argparse.Namespace) -> int:
    from paigow.table.fairness import verify_record, verify_view
    from paigow.table.records import (
        ROUND_SCHEMA,
        SESSION_FORMAT,
        SESSION_SCHEMA,
        read_record,
        replay_session,
        validate,
    )

    record = read_record(_read(args.file))
    if "format" not in record and ("round" in record or "reveal" in record):   # a round as a player sees it
        try:
            return _report([verify_view(record)], args.json)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise InvalidRecordError("not a round's public view, nor a record", code="record.invalid") from None
    session = record.get("format") == SESSION_FORMAT
    validate(record, SESSION_SCHEMA if session else ROUND_SCHEMA)
    bankers = None
    if session:   # each round's banker, as the session's replay passes the bank
        try:
            s = replay_session(record, checked=True)
            bankers = [res.banker for res in s.state.history] + ([s.round.banker] if s.round is not None else [])
        except PaigowError:
            bankers = None   # a record the table refuses: the first stack's position is read from each deal
    return _report(verify_record(record, bankers), args.json)


def _report(checks: "list[RoundCheck]", as_json: bool) -> int:
    ok = bool(checks) and all(c.ok for c in checks)
    if as_json:
        print(json.dumps({"verified": ok, "rounds": [c.to_json() for c in checks]}, ensure_ascii=False, indent=2))
    else:
        for c in checks:
            print(f"round {c.number}: {c.status}")
        if not checks:
            print("no round in the record: nothing to verify")
    return 0 if ok else 1
