"""A casino's house way as a finished table: one row per distinct hand (docs/houseway.md, "The
house-way table file"). :meth:`HouseWay.export` writes any way in this form."""

from __future__ import annotations

import csv
import io
import os
import pathlib
from typing import IO, Optional

from paigow.errors import InvalidStrategyError, PaigowError
from paigow.hands import Hand
from paigow.houseway.classes import DISTINCT_HAND_COUNT, distinct_hands, hand_class, key_of, representative
from paigow.houseway.way import FILE_HEADER, HouseWay
from paigow.setting import settings_of
from paigow.tiles import Tile, clip_text, parse_tiles

__all__ = ["read_house_way", "TableWay"]


class TableWay(HouseWay):
    """A house way read from a file: one setting per distinct hand."""

    def __init__(self, name: str, decisions: dict[tuple[int, int, int, int], tuple[int, str]], source: str) -> None:
        self.name = name
        self.source = source
        self.__dict__["_decisions"] = decisions

    def _decide(self, tiles: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:  # pragma: no cover
        raise AssertionError("a house-way file decides every distinct hand")


def read_house_way(file: "str | os.PathLike[str] | IO[str]", name: Optional[str] = None) -> HouseWay:
    """A casino's house way from a house-way file (docs/houseway.md): a header ``hand,low,high``
    (and optionally ``rule``), then one row per distinct hand, the hand's four tiles, its low hand
    and its high hand (two tiles each, any notation :func:`paigow.parse_tiles` reads).

    Every row is checked: four tiles, a setting of those tiles, the high hand ranking at least
    the low hand in the US order (no foul); every one of the 3,620 distinct hands once. An error
    names the line (:class:`~paigow.errors.InvalidStrategyError`, codes ``houseway.*``).
    """
    if isinstance(file, (str, os.PathLike)):
        path = pathlib.Path(file)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as e:
            raise InvalidStrategyError(f"cannot read a house way from {clip_text(str(file))!r}: {e}",
                                       code="houseway.file") from None
        return _read(io.StringIO(text), name or path.stem, str(path))
    return _read(file, name or "file", getattr(file, "name", "a stream"))


def _read(f: IO[str], name: str, where: str) -> HouseWay:
    rows = csv.reader(f)
    decisions: dict[tuple[int, int, int, int], tuple[int, str]] = {}
    first_line: dict[tuple[int, int, int, int], int] = {}
    header: Optional[list[str]] = None
    width = 0
    for row in rows:
        line = rows.line_num
        if not row or (len(row) == 1 and not row[0].strip()) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            if header not in (list(FILE_HEADER), list(FILE_HEADER[:3])):
                raise InvalidStrategyError(f"{where} line {line}: the header is 'hand,low,high' or 'hand,low,high,rule', "
                                           f"not {clip_text(','.join(row))!r}", code="houseway.header")
            width = len(header)
            continue
        if len(row) != width:
            raise InvalidStrategyError(f"{where} line {line}: {len(row)} columns, the header has {width}: "
                                       f"{clip_text(','.join(row))!r}", code="houseway.row")
        key, split, rule = _read_row(row, line, where)
        if key in decisions:
            raise InvalidStrategyError(f"{where} line {line}: the hand {row[0].strip()} is the hand of line "
                                       f"{first_line[key]} again (every distinct hand once)", code="houseway.duplicate")
        decisions[key] = (split, rule or f"{name}: line {line}")
        first_line[key] = line
    if header is None:
        raise InvalidStrategyError(f"{where}: no header and no rows: a house-way file has a header "
                                   "'hand,low,high[,rule]' and one row per distinct hand", code="houseway.header")
    if len(decisions) != DISTINCT_HAND_COUNT:
        missing = [t for t in distinct_hands() if key_of(t) not in decisions]
        raise InvalidStrategyError(f"{where}: {len(missing)} of the {DISTINCT_HAND_COUNT} distinct hands have no row, "
                                   f"the first {' '.join(map(str, missing[0]))}", code="houseway.missing")
    return TableWay(name, decisions, where)


def _read_row(row: list[str], line: int, where: str) -> tuple[tuple[int, int, int, int], int, str]:
    def bad(message: str, code: str = "houseway.row") -> InvalidStrategyError:
        return InvalidStrategyError(f"{where} line {line}: {message}", code=code)

    hand_text, low_text, high_text = (c.strip() for c in row[:3])
    rule = row[3].strip() if len(row) > 3 else ""
    try:
        hand = parse_tiles(hand_text, count=4)
    except PaigowError as e:
        raise bad(f"the hand {clip_text(hand_text)!r}: {e}") from None
    try:
        low, high = Hand.parse(low_text), Hand.parse(high_text)
        parse_tiles(low.tiles + high.tiles)
    except PaigowError as e:
        raise bad(f"the setting {clip_text(low_text)!r} | {clip_text(high_text)!r}: {e}") from None
    key = key_of(hand)
    if key_of(low.tiles + high.tiles) != key:
        raise bad(f"the setting {low} | {high} is not a setting of the hand {' '.join(map(str, hand))}")
    if low.rank_in("us") > high.rank_in("us"):
        raise bad(f"the setting fouls: the high hand {high} ({high.name_en}) ranks below the low hand "
                  f"{low} ({low.name_en}) (docs/rules.md §3.1)", code="houseway.foul")
    t = representative(key)
    lows = tuple(sorted(hand_class(x) for x in low.tiles))
    for k, s in enumerate(settings_of(t)):
        if tuple(sorted(hand_class(x) for x in s.front.tiles)) == lows or \
                tuple(sorted(hand_class(x) for x in s.back.tiles)) == lows:
            return key, k, rule
    raise AssertionError("a setting of the hand is a split of its tiles")  # pragma: no cover
