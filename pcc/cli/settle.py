"""Replay a round's record (JSON, as ``pcc roll --json`` writes it) and print its settlement.

``pcc settle [FILE|-] [--json]``: reads the record from FILE or standard input (UTF-8, with or
without a byte-order mark, or UTF-16 with one), replays every event under the round's rules,
checks the settlement it carries, and prints the settlement as ``pcc roll`` does (``--json``:
the record, settlement included). ``pcc roll --seed N --json ... | pcc settle - --json`` prints
what ``pcc roll`` printed.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from pcc._text import quote
from pcc.errors import InvalidRecordError
from pcc.record import loads, round_from_record

__all__ = ["add_arguments", "run"]

_MAX_BYTES = 64 * 1024 * 1024


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pcc settle``."""
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="the record (default: standard input)")
    parser.add_argument("--json", action="store_true", help="print the record, settlement included, as JSON")


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read(_MAX_BYTES + 1) if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
    try:
        with open(name, "rb") as f:
            return f.read(_MAX_BYTES + 1)
    except OSError as exc:
        raise InvalidRecordError(
            f"cannot read {quote(name)}: {exc.strerror or exc.__class__.__name__}", code="record.unreadable"
        ) from None


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Read, replay and print."""
    from pcc.cli.roll import write

    data = _read(args.file)
    if len(data) > _MAX_BYTES:
        raise InvalidRecordError(
            f"the record is larger than {_MAX_BYTES // (1024 * 1024)} MiB", code="record.too_large"
        )
    record = loads(data)
    if isinstance(record, dict) and "format" not in record:
        raise InvalidRecordError('record: no "format" key: a round record is what \'pcc roll --json\' writes, '
                                 '{"format": "pcc-round", "version": 1, ...}', code="record.format")
    rnd = round_from_record(record)
    if rnd.settlement is None:
        raise InvalidRecordError(
            "record: the round has no settling roll yet, so there is nothing to settle", code="record.unsettled"
        )
    write(rnd, out, as_json=args.json)
    return 0
