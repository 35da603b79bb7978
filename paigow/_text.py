"""Plain-text tables for the command line, aware that CJK characters take two columns."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from typing import TextIO


def shows_chinese(stream: "TextIO | None" = None) -> bool:
    """Whether ``stream`` (standard output by default) can encode Chinese; when it cannot (an
    ASCII or Latin-1 terminal, ``PYTHONIOENCODING=ascii``) the commands print English names and
    JSON escapes instead.
    """
    stream = stream if stream is not None else sys.stdout
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "天牌九至尊".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def name(item: object) -> str:
    """``item.name_zh`` where standard output can show it, else ``item.name_en``."""
    return str(getattr(item, "name_zh" if shows_chinese() else "name_en"))


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


class Progress:
    """A one-line progress bar on a terminal (stderr by default); silent when the stream is not
    a terminal unless ``force``. ``update(fraction, note)`` redraws it; ``close()`` ends the line.
    """

    def __init__(self, label: str, stream: "TextIO | None" = None, force: bool = False, cols: int = 30) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = force or bool(getattr(self.stream, "isatty", lambda: False)())
        self.cols = cols
        self._drawn = False

    def update(self, fraction: float, note: str = "") -> None:
        if not self.enabled:
            return
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(round(fraction * self.cols))
        bar = "#" * filled + "." * (self.cols - filled)
        self.stream.write(f"\r{self.label} [{bar}] {fraction * 100:5.1f}% {note}\033[K")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False
