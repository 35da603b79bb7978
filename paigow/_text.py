"""Plain-text tables for the command line, aware that CJK characters take two columns."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cols: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``cols`` columns (on the left when ``right``)."""
    fill = " " * max(0, cols - width(text))
    return fill + text if right else text + fill


def table(header: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[int] = ()) -> str:
    """A table with a header, columns separated by two spaces; ``right`` lists numeric columns.

    >>> print(table(["a", "名"], [["天牌九", 1], ["x", 22]], right=[1]))
    a       名
    天牌九   1
    x       22
    """
    cells = [[str(c) for c in header]] + [[str(c) for c in r] for r in rows]
    cols = [max(width(r[i]) for r in cells) for i in range(len(header))]
    lines = []
    for r in cells:
        lines.append("  ".join(pad(c, cols[i], i in right) for i, c in enumerate(r)).rstrip())
    return "\n".join(lines)
