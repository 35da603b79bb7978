"""Batch functions over numpy arrays of indices into :data:`paigow.DECK`.

Each takes any integer array-like, checks dtype and shape here, and hands a C-contiguous array to
a ``nogil`` kernel of the compiled core, which also checks every row's indices (0-31, no index
twice) as it goes. A bad row raises ``ValueError`` naming the row; nothing is returned for it.

>>> import numpy as np
>>> hand_ranks([[0, 22], [28, 31]])          # 天九王, 至尊
array([ 90, 106], dtype=uint8)
>>> outcomes([[0, 1, 2, 3]], [[4, 5, 6, 7]])  # 双天 in front of 双地 wins both
array([1], dtype=int8)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.errors import HandSyntaxError, TileCopiesError, UnknownTileError
from paigow.hands import Hand
from paigow.rules import RuleSet, RulesLike, clean_rules
from paigow.tiles import Tile, TileLike, deck_indices, parse_tiles

__all__ = ["hand_ranks", "hand_rank", "setting_batch", "outcomes", "as_index_array"]

_KERNEL_DTYPES = (np.int8, np.uint8, np.int16, np.int32, np.int64)


def as_index_array(x: npt.ArrayLike, width: int, name: str) -> npt.NDArray[Any]:
    """``x`` as a C-contiguous (N, width) integer array the kernels take; TypeError for a
    non-integer dtype, ValueError for a wrong shape or an index outside 0-31."""
    a = np.asarray(x)
    # kind "i"/"u" only: not bool, and not timedelta64/datetime64 (numpy files those under
    # the integers too)
    if a.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array of DECK indices (0-31), not dtype {a.dtype}")
    if a.ndim != 2 or a.shape[1] != width:
        raise HandSyntaxError(f"{name} must have shape (N, {width}), not {a.shape}", code="hand.shape")
    if not a.dtype.isnative:
        a = a.astype(a.dtype.newbyteorder("="))  # big-endian input: the kernels read native order
    if a.dtype.type not in _KERNEL_DTYPES:
        # uint16/32/64: range-check before narrowing, so no large value wraps into range
        if a.size and a.max() >= 32:
            row = int(np.argmax((a >= 32).any(axis=1)))
            raise UnknownTileError(_bad_row(name, a, row), code="tile.index")
        a = a.astype(np.int64)
    return np.ascontiguousarray(a)


def raise_bad_row(name: str, a: npt.NDArray[Any], row: int, other: npt.NDArray[Any] | None = None) -> None:
    """Raise the error of a row a kernel refused: an index outside the deck, or one index twice."""
    values = [int(v) for v in a[row]] + ([int(v) for v in other[row]] if other is not None else [])
    if any(not 0 <= v < 32 for v in values):
        raise UnknownTileError(_bad_row(name, a, row, other), code="tile.index")
    raise TileCopiesError(_bad_row(name, a, row, other), code="tile.twice")


def _bad_row(name: str, a: npt.NDArray[Any], row: int, other: npt.NDArray[Any] | None = None) -> str:
    values = [int(v) for v in a[row]] + ([int(v) for v in other[row]] if other is not None else [])
    outside = [v for v in values if not 0 <= v < 32]
    if outside:
        return f"{name}[{row}] = {values}: index {outside[0]} is not in DECK (0-31)"
    twice = next(v for v in values if values.count(v) > 1)
    return f"{name}[{row}] = {values}: tile index {twice} is used twice"


def hand_ranks(hands: npt.ArrayLike, rules: RulesLike = None) -> npt.NDArray[np.uint8]:
    """Ranks of N two-tile hands given as an (N, 2) array of DECK indices (see ``Hand.rank``),
    in the hand order of ``rules`` (a :class:`~paigow.rules.RuleSet` or its name; Macau's)."""
    core = clean_rules(rules).core
    a = as_index_array(hands, 2, "hands")
    out, bad = _core.hand_ranks(a, core)
    if bad >= 0:
        raise_bad_row("hands", a, bad)
    return out


def hand_rank(hand: "Hand | str | Iterable[TileLike] | tuple[int, int]", rules: RulesLike = None) -> int:
    """The rank of one two-tile hand under ``rules``, for a caller with one hand per call: the
    answer of :func:`hand_ranks` for that row, read without building an array. ``hand`` is two
    DECK indices, two tiles, text or a :class:`~paigow.Hand`.

    >>> hand_rank((0, 22)), hand_rank("天 杂九"), hand_rank(Hand.parse("2-4 1-2"))
    (90, 90, 106)
    """
    core = rules.core if type(rules) is RuleSet else clean_rules(rules).core
    if type(hand) is tuple and len(hand) == 2 and type(hand[0]) is int and type(hand[1]) is int:
        r = _core.rank_one(hand[0], hand[1], core)
        if r < 0:
            raise_bad_row("hands", np.array([hand], dtype=object), 0)
        return r
    tiles: tuple[Tile, ...]
    if isinstance(hand, Hand):
        tiles = hand.tiles
    elif isinstance(hand, (tuple, list)) and any(isinstance(x, (int, np.integer)) and not isinstance(x, bool)
                                                 for x in hand):
        return int(hand_ranks([hand], rules)[0])  # indices of another shape or type: the batch's answer
    else:
        tiles = parse_tiles(cast("str | Iterable[TileLike]", hand), count=2)
    a, b = deck_indices(tiles)
    return _core.rank_one(a, b, core)


def setting_batch(hands: npt.ArrayLike, rules: RulesLike = None) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]:
    """The three settings of N four-tile hands, in ``settings()`` order.

    Returns ``(tiles, ranks)``: tiles (N, 3, 4) int8, each setting's front two DECK indices then
    back two, arranged by the dealer rule; ranks (N, 3, 2) uint8, front rank and back rank.

    >>> tiles, ranks = setting_batch([[0, 2, 22, 28]])     # 天 地 杂九 至尊
    >>> tiles[0].tolist()
    [[0, 2, 22, 28], [2, 28, 0, 22], [0, 28, 2, 22]]
    """
    core = clean_rules(rules).core
    a = as_index_array(hands, 4, "hands")
    tiles, ranks, bad = _core.settings(a, core)
    if bad >= 0:
        raise_bad_row("hands", a, bad)
    return tiles, ranks


def outcomes(player: npt.ArrayLike, banker: npt.ArrayLike, rules: RulesLike = None) -> npt.NDArray[np.int8]:
    """The player's results (+1 win, 0 push, -1 lose) of N player/banker settings.

    Each row of ``player`` and ``banker`` is a setting as four DECK indices, two hands of two;
    the dealer's arrangement is applied, so either hand may come first. The eight indices of a
    row pair must be distinct. ``rules`` decides the comparison (Macau's by default).
    """
    core = clean_rules(rules).core
    p = as_index_array(player, 4, "player")
    b = as_index_array(banker, 4, "banker")
    if p.shape[0] != b.shape[0]:
        raise HandSyntaxError(f"player has {p.shape[0]} rows and banker {b.shape[0]}: they must match",
                               code="hand.shape")
    if p.dtype != b.dtype:
        p, b = p.astype(np.int64), b.astype(np.int64)
    out, bad = _core.outcomes(p, b, core)
    if bad >= 0:
        raise_bad_row("player, banker", p, bad, b)
    return out
