"""paigow's public tile, hand and setting parsers and its batch functions on random input.

Whatever they are given, they return a value or raise one of the project's documented errors (a
:class:`~paigow.errors.ParseError` or :class:`~paigow.errors.RuleError` with a code listed in
docs/errors.md) or a :class:`TypeError` for a wrong Python type; never anything else. Each
parser reads 100 kB of text in well under a second (linear time). Modest under
``HYPOTHESIS_PROFILE=ci``, larger under ``thorough``.
"""

from __future__ import annotations

import pathlib
import re
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import paigow
from paigow import Hand, Setting, Tile
from paigow.errors import ParseError, RuleError
from paigow.tiles import split_tile_text

DOC = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "errors.md").read_text(encoding="utf-8")
DOCUMENTED = set(re.findall(r"^\| `([a-z_.]+)` \|", DOC, flags=re.M))


def call(f: Callable[..., Any], *args: Any) -> Any:
    """``f(*args)``; a documented project error or a TypeError is returned, anything else fails."""
    try:
        return f(*args)
    except TypeError as e:
        return e
    except (ParseError, RuleError) as e:
        assert e.code in DOCUMENTED, f"{type(e).__name__} code {e.code!r} is not in docs/errors.md"
        assert "\n" not in str(e) and len(str(e)) < 2000
        return e


NAMES = sorted(Tile.names()) + [str(t) for t in paigow.FACES] + ["|", ",", " ", "天牌", "gee", "joon", "(six)"]
words = st.lists(st.sampled_from(NAMES) | st.text(max_size=6), max_size=8)
text = st.text(max_size=60) | words.map(" ".join) | words.map(lambda w: " ".join(w[:2]) + " | " + " ".join(w[2:]))
anything = (st.none() | st.booleans() | st.integers() | st.floats() | text | st.binary(max_size=8)
            | st.lists(st.sampled_from(NAMES) | st.integers(), max_size=5) | st.sampled_from(paigow.DECK))
json_like = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.sampled_from(NAMES) | text,
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.sampled_from(["tiles", "front", "back", "rank", "points", "name_zh",
                                                            "category", "x"]), inner, max_size=4),
                         max_leaves=10)


@given(text)
def test_text_parsers(s: str) -> None:
    for f in (Tile.parse, paigow.parse_tiles, Hand.parse, Setting.parse, paigow.settings, Tile.from_json,
              Hand.from_json, Setting.from_json):
        call(f, s)
    for n in (2, 4):
        got = call(paigow.parse_tiles, s, n)
        assert isinstance(got, Exception) or len(got) == n
    assert all(isinstance(w, str) and w for w in split_tile_text(s))
    got = call(Setting.parse, s)
    if isinstance(got, Setting):
        assert Setting.parse(str(got)) == got and Setting.from_json(got.to_json()) == got


@given(anything, anything)
def test_any_value(a: Any, b: Any) -> None:
    for f in (Tile.parse, paigow.parse_tiles, Hand.parse, Setting.parse, paigow.settings, paigow.deck_indices):
        call(f, a)
    for f in (Tile, Hand, Setting, paigow.compare, paigow.parse_tiles):
        call(f, a, b)


@given(json_like)
def test_from_json(data: Any) -> None:
    for cls in (Tile, Hand, Setting):
        got = call(cls.from_json, data)
        if isinstance(got, cls):
            assert cls.from_json(got.to_json()) == got


dtypes = st.sampled_from(["<i1", "<u1", "<i2", ">i2", "<i4", ">i4", ">i8", "<u8", ">u4", "<f8", "?", "m8[s]",
                          "M8[D]", "c16", "O", "U2"])


@st.composite
def index_array(draw: st.DrawFn, width: int) -> Any:
    dtype = np.dtype(draw(dtypes))
    shape = draw(st.sampled_from([(draw(st.integers(0, 4)), width), (width,), (2, width + 1), (1, 2, width), ()]))
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = st.integers(max(info.min, -40), min(info.max, 40)) | st.integers(0, 31)
        return draw(hnp.arrays(dtype, shape, elements=values))
    if dtype.kind == "O":
        return np.array(draw(st.lists(st.integers(0, 31) | st.none(), min_size=width, max_size=width)), dtype=object)
    return np.zeros(shape, dtype=dtype)


@given(index_array(2), index_array(4), index_array(4))
def test_batch_functions(pairs: Any, hands: Any, other: Any) -> None:
    got = call(paigow.hand_ranks, pairs)
    if not isinstance(got, Exception):
        want = [Hand(paigow.DECK[int(a)], paigow.DECK[int(b)]).rank for a, b in np.asarray(pairs).tolist()]
        assert got.tolist() == want
    got = call(paigow.setting_batch, hands)
    if not isinstance(got, Exception):
        for row, ranks in zip(np.asarray(hands).tolist(), got[1].tolist()):
            expected = paigow.settings([paigow.DECK[int(i)] for i in row])
            assert ranks == [[s.front.rank, s.back.rank] for s in expected]
    call(paigow.outcomes, hands, other)
    call(paigow.hand_index, hands)
    call(paigow.best_settings, hands, "player", "max-back")


# -- linear time ---------------------------------------------------------------------------------
BIG = 100_000


@pytest.mark.parametrize(("f", "text"), [
    (Tile.parse, " " * BIG + "天"),
    (Tile.parse, "天" * BIG),
    (paigow.parse_tiles, "天 " * (BIG // 2)),
    (paigow.parse_tiles, "gee " * (BIG // 4)),
    (Hand.parse, "杂九 " * (BIG // 3)),
    (Setting.parse, " " * BIG + "天 天 | 地 地"),
    (Setting.parse, "天 " * (BIG // 4) + "|" + "地 " * (BIG // 4)),
    (Setting.parse, "|" * BIG),
    (Setting.from_json, "x" * BIG),
    (paigow.settings, "long leg " * (BIG // 9)),
])
def test_100_kb_in_well_under_a_second(f: Callable[[str], Any], text: str) -> None:
    start = time.perf_counter()
    got = call(f, text)
    assert time.perf_counter() - start < 1.0
    assert isinstance(got, (ParseError, RuleError)) or got is not None
    if isinstance(got, Exception):
        assert len(str(got)) < 500  # the message quotes a bounded part of the input
