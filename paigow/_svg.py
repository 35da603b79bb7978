"""The drawing of tiles, hands and settings as SVG (private: :mod:`paigow.svg` is the public
form, and ``_repr_svg_`` of the value types calls these). It reads what it draws through the
values' own attributes (``pips``, ``tiles``, names) and imports nothing of the package, so the
value types below :mod:`paigow.svg` may use it without an import circle.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SvgWrapper", "draw_tile", "draw_tiles", "draw_hand", "draw_setting", "pip_colours",
           "BODY", "RIM", "RED", "WHITE"]

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


def _tile_body(t: Any, x: float, y: float, w: float) -> str:
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


def _title(t: Any) -> str:
    return f"{t.name_zh} {t.name_en} {t}"




def draw_tile(t: Any, size: int | None = None) -> SvgWrapper:
    """One tile (anything with ``pips`` and names, as :class:`~paigow.tiles.Tile`)."""
    return _svg(50, 100, _title(t), _tile_body(t, 0, 0, 50), size)


def draw_tiles(row: list[Any], size: int | None = None, gap: float = 6) -> SvgWrapper:
    """Tiles side by side in the order given."""
    body = "".join(_tile_body(t, i * (50 + gap), 0, 50) for i, t in enumerate(row))
    width = max(len(row) * 50 + (len(row) - 1) * gap, 1)
    return _svg(width, 100, " ".join(_title(t) for t in row), body, size)


def draw_hand(h: Any, size: int | None = None) -> SvgWrapper:
    """A two-tile hand (as :class:`~paigow.hands.Hand`), its tiles side by side."""
    body = "".join(_tile_body(t, i * 54, 0, 50) for i, t in enumerate(h.tiles))
    return _svg(104, 100, f"{h.name_zh} {h.name_en}: {' '.join(str(t) for t in h.tiles)}", body, size)


def draw_setting(s: Any, size: int | None = None) -> SvgWrapper:
    """A setting (as :class:`~paigow.setting.Setting`): the front hand left, the back right."""
    body = "".join(_tile_body(t, x, 0, 50) for t, x in zip(s.tiles, (0, 54, 134, 188)))
    body += f'<line x1="117" y1="8" x2="117" y2="92" stroke="{RIM}" stroke-width="2" stroke-dasharray="4 4"/>'
    title = f"{s.front.name_zh} | {s.back.name_zh} ({s.front.name_en} | {s.back.name_en}): {s}"
    return _svg(238, 100, title, body, size)
