"""Tiles, hands and settings drawn as SVG, as Chinese dominoes look (modelled on python-chess's
``chess.svg``): every function returns an :class:`SvgWrapper`, a ``str`` that Jupyter shows as a
picture, and :class:`~paigow.tiles.Tile`, :class:`~paigow.hands.Hand` and
:class:`~paigow.setting.Setting` have ``_repr_svg_`` so a notebook draws them.

The convention (docs/rules.md §1.1, Table 1; docs/page.md):

- A tile stands upright, 1 wide by 2 high, dark (ebony) with a thin light rim, a line across
  its middle; the **higher** pip count is the upper half (``5-6`` shows the 6 on top).
- Pips are **white**, except the **1 and the 4, which are red** (the 1 drawn larger), and the
  **6-6 (天), where half of each six is red**: in each half of 天 the left column of three is red
  and the right column white.
- Layouts in each square half: 1 in the centre; 2 and 3 on a diagonal (upper right to lower
  left); 4 in the corners; 5 the corners and the centre; 6 two columns of three.

Output is deterministic: the same call gives the same bytes (the tests pin hashes).

>>> from paigow.tiles import Tile
>>> svg = tile(Tile(6, 6))
>>> svg.count('class="pip red"'), svg.count('class="pip white"')
(6, 6)
>>> tile(Tile(1, 4)).count('class="pip red"')
5
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from paigow.hands import Hand
    from paigow.setting import Setting
    from paigow.tiles import Tile, TileLike

__all__ = ["SvgWrapper", "tile", "tiles", "hand", "setting", "pip_colours", "BODY", "RED", "WHITE"]

BODY = "#1f1f1f"
"""The tile's face (ebony)."""
RIM = "#c9c2ad"
RED = "#d62f2f"
WHITE = "#f7f3e8"

# pip centres in a half of side 1 (x right, y down)
_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.72, 0.28), (0.28, 0.72)),
    3: ((0.74, 0.26), (0.5, 0.5), (0.26, 0.74)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.3, 0.2), (0.3, 0.5), (0.3, 0.8), (0.7, 0.2), (0.7, 0.5), (0.7, 0.8)),
}


class SvgWrapper(str):
    """SVG text that Jupyter and IPython draw (as ``chess.svg.SvgWrapper``)."""

    def _repr_svg_(self) -> str:
        return self


def pip_colours(low: int, high: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The colour of each pip of the upper (``high``) and the lower (``low``) half, in the order
    of the layout above: ``"red"`` or ``"white"``.

    >>> pip_colours(6, 6)[0]
    ('red', 'red', 'red', 'white', 'white', 'white')
    >>> pip_colours(1, 3)
    (('white', 'white', 'white'), ('red',))
    """
    def half(n: int) -> tuple[str, ...]:
        if n in (1, 4):
            return ("red",) * n
        if n == 6 and low == high == 6:
            return ("red",) * 3 + ("white",) * 3
        return ("white",) * n
    return half(high), half(low)


def _num(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


def _tile_body(t: "Tile", x: float, y: float, w: float) -> str:
    """The tile's elements at (x, y), width ``w`` and height ``2 w``."""
    low, high = t.pips
    h = 2 * w
    parts = [f'<g class="tile" data-pips="{low}-{high}">',
             f'<rect x="{_num(x + w * .03)}" y="{_num(y + w * .03)}" width="{_num(w * .94)}" height="{_num(h - w * .06)}" '
             f'rx="{_num(w * .12)}" fill="{BODY}" stroke="{RIM}" stroke-width="{_num(w * .04)}"/>',
             f'<line x1="{_num(x + w * .16)}" y1="{_num(y + w)}" x2="{_num(x + w * .84)}" y2="{_num(y + w)}" '
             f'stroke="{RIM}" stroke-width="{_num(w * .03)}"/>']
    upper, lower = pip_colours(low, high)
    for n, colours, top in ((high, upper, y), (low, lower, y + w)):
        r = w * (.15 if n == 1 else .085)
        for (px, py), colour in zip(_LAYOUT[n], colours):
            fill = RED if colour == "red" else WHITE
            parts.append(f'<circle class="pip {colour}" cx="{_num(x + w * (.1 + .8 * px))}" '
                         f'cy="{_num(top + w * (.1 + .8 * py))}" r="{_num(r)}" fill="{fill}"/>')
    parts.append("</g>")
    return "".join(parts)


def _svg(width: float, height: float, title: str, body: str, size: int | None) -> SvgWrapper:
    dims = f' width="{_num(size * width / height)}" height="{size}"' if size else ""
    esc = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return SvgWrapper(
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {_num(width)} {_num(height)}"{dims} '
        f'role="img" aria-label="{esc}"><title>{esc}</title>{body}</svg>')


def _title(t: "Tile") -> str:
    return f"{t.name_zh} {t.name_en} {t}"


def tile(t: "TileLike", *, size: int | None = None) -> SvgWrapper:
    """One tile; ``size`` is the picture's height in pixels (none: it scales to its box)."""
    from paigow.tiles import Tile

    t = Tile.parse(t) if not isinstance(t, Tile) else t
    return _svg(50, 100, _title(t), _tile_body(t, 0, 0, 50), size)


def tiles(ts: Iterable["TileLike"], *, size: int | None = None, gap: float = 6) -> SvgWrapper:
    """Tiles side by side in the order given."""
    from paigow.tiles import Tile

    row = [t if isinstance(t, Tile) else Tile.parse(t) for t in ts]
    body = "".join(_tile_body(t, i * (50 + gap), 0, 50) for i, t in enumerate(row))
    width = max(len(row) * 50 + (len(row) - 1) * gap, 1)
    return _svg(width, 100, " ".join(_title(t) for t in row), body, size)


def hand(h: "Union[Hand, str]", *, size: int | None = None) -> SvgWrapper:
    """A two-tile hand, its tiles side by side; the title names the hand."""
    from paigow.hands import Hand

    h = h if isinstance(h, Hand) else Hand.parse(h)
    body = "".join(_tile_body(t, i * 54, 0, 50) for i, t in enumerate(h.tiles))
    return _svg(104, 100, f"{h.name_zh} {h.name_en}: {' '.join(str(t) for t in h.tiles)}", body, size)


def setting(s: "Union[Setting, str]", *, size: int | None = None) -> SvgWrapper:
    """A setting: the front hand on the left, the back hand on the right, a gap between."""
    from paigow.setting import Setting

    s = s if isinstance(s, Setting) else Setting.parse(s)
    body = "".join(_tile_body(t, x, 0, 50) for t, x in zip(s.tiles, (0, 54, 134, 188)))
    body += f'<line x1="117" y1="8" x2="117" y2="92" stroke="{RIM}" stroke-width="2" stroke-dasharray="4 4"/>'
    title = f"{s.front.name_zh} | {s.back.name_zh} ({s.front.name_en} | {s.back.name_en}): {s}"
    return _svg(238, 100, title, body, size)


def write_faces(folder: str) -> list[str]:
    """Write the 21 faces as ``<folder>/tile-<low>-<high>.svg`` (the dealer's page serves these
    from ``paigow/serve/static/``; a test checks they are this module's drawing) and return the
    file names."""
    import pathlib

    from paigow.tiles import FACES

    out = pathlib.Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for f in FACES:
        name = f"tile-{f}.svg"
        (out / name).write_text(tile(f) + "\n", encoding="utf-8")
        names.append(name)
    return names
