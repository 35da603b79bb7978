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

import pathlib
from collections.abc import Iterable
from typing import Union

from paigow._svg import BODY, RED, RIM, WHITE, SvgWrapper, draw_hand, draw_setting, draw_tile, draw_tiles, pip_colours
from paigow.hands import Hand
from paigow.setting import Setting
from paigow.tiles import FACES, Tile, TileLike

__all__ = ["SvgWrapper", "tile", "tiles", "hand", "setting", "pip_colours", "BODY", "RED", "RIM", "WHITE",
           "write_faces"]


def tile(t: TileLike, *, size: int | None = None) -> SvgWrapper:
    """One tile; ``size`` is the picture's height in pixels (none: it scales to its box)."""
    return draw_tile(t if isinstance(t, Tile) else Tile.parse(t), size)


def tiles(ts: Iterable[TileLike], *, size: int | None = None, gap: float = 6) -> SvgWrapper:
    """Tiles side by side in the order given."""
    return draw_tiles([t if isinstance(t, Tile) else Tile.parse(t) for t in ts], size, gap)


def hand(h: Union[Hand, str], *, size: int | None = None) -> SvgWrapper:
    """A two-tile hand, its tiles side by side; the title names the hand."""
    return draw_hand(h if isinstance(h, Hand) else Hand.parse(h), size)


def setting(s: Union[Setting, str], *, size: int | None = None) -> SvgWrapper:
    """A setting: the front hand on the left, the back hand on the right, a gap between."""
    return draw_setting(s if isinstance(s, Setting) else Setting.parse(s), size)


def write_faces(folder: str) -> list[str]:
    """Write the 21 faces as ``<folder>/tile-<low>-<high>.svg`` (the dealer's page serves these
    from ``paigow/serve/static/``; a test checks they are this module's drawing) and return the
    file names."""
    out = pathlib.Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for f in FACES:
        name = f"tile-{f}.svg"
        (out / name).write_text(tile(f) + "\n", encoding="utf-8")
        names.append(name)
    return names
