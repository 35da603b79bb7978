"""Strategies: how each of the 35,960 four-tile hands is set, as one value type.

A strategy is a table of shape (35960, 3): row i is the i-th hand of
``itertools.combinations(range(32), 4)`` (DECK indices), columns the probabilities of its three
settings in ``settings()`` order (ab|cd, ac|bd, ad|bc). Each row sums to one.

:class:`Strategy` holds one such table, read-only, with its digest; it is built from a name
(``"equilibrium"``, ``"max-back"``), a table, or a file that ``paigow solve`` writes, and it
builds each form the engine reads (the hand table, the table over hand types, the packed forms of
the advice and simulation kernels, the advice side tables) on first use, once.

>>> int(hand_index([0, 1, 2, 3])), int(hand_index([28, 29, 30, 31]))
(0, 35959)
>>> max_back()[hand_index([0, 2, 22, 28])].tolist()     # 天 地 杂九 至尊: 天九王 behind
[0.0, 1.0, 0.0]
>>> Strategy.named("max-back") == Strategy(max_back().copy())
True
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import hashlib
import itertools
import os
import pathlib
import threading
from collections.abc import Callable
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.batch import as_index_array, setting_batch
from paigow.errors import InvalidStrategyError
from paigow.tiles import DECK, FACES
from paigow.rules import MACAU

__all__ = [
    "HAND_COUNT", "SEATS", "STRATEGY_NAMES", "NAMED", "Strategy", "StrategyLike",
    "all_hands", "hand_index", "max_back", "check_table", "resolve", "other_seat",
]

HAND_COUNT: int = _core.HAND_COUNT
"""35,960 four-tile hands: C(32, 4)."""

SEATS = ("player", "banker")

DATA_DIR = pathlib.Path(__file__).parent / "data"
"""Where the package's solved strategies live."""


# ---------------------------------------------------------------------------------------------
# the hands


@functools.lru_cache(maxsize=1)
def all_hands() -> npt.NDArray[np.int8]:
    """The 35,960 hands as a read-only (35960, 4) int8 array of DECK indices, rows ascending."""
    a = np.array(list(itertools.combinations(range(32), 4)), dtype=np.int8)
    a.flags.writeable = False
    return a


def hand_index(hands: npt.ArrayLike) -> Any:
    """Row of each hand in :func:`all_hands` (tiles in any order): an int for one hand of four
    DECK indices, an int64 array for an (N, 4) array.

    >>> hand_index([[3, 2, 1, 0], [31, 30, 29, 28]]).tolist()
    [0, 35959]
    """
    a = np.asarray(hands)
    single = a.ndim == 1
    rows = as_index_array(a.reshape(1, -1) if single else a, 4, "hands")
    setting_batch(rows)  # checks range and distinct tiles
    idx = _core.hand_rows(np.ascontiguousarray(rows, dtype=np.int64))
    return int(idx[0]) if single else idx


@functools.lru_cache(maxsize=1)
def all_ranks() -> npt.NDArray[np.uint8]:
    """(front, back) rank of the three settings of every hand, (35960, 3, 2) uint8, read-only."""
    _, ranks = setting_batch(all_hands())
    out = np.ascontiguousarray(ranks, dtype=np.uint8)
    out.flags.writeable = False
    return out


# ---------------------------------------------------------------------------------------------
# hand types: hands that play alike


@dataclasses.dataclass(frozen=True)
class _Types:
    n: int                                  # 4,285 types
    hand_type: npt.NDArray[np.int32]        # (35960,) type of each hand
    cnt: npt.NDArray[np.int64]              # (n,) hands of each type
    rep_hand: npt.NDArray[np.int32]         # (n,) the first hand of each type
    m: npt.NDArray[np.uint8]                # (n,) distinct settings of each type (1-3)
    tset_f: npt.NDArray[np.uint8]           # (n, 3) front rank of each distinct setting
    tset_b: npt.NDArray[np.uint8]           # (n, 3) back rank
    undominated: npt.NDArray[np.bool_]      # (n, 3) settings no other setting beats in both hands
    hand_map: npt.NDArray[np.int8]          # (35960, 3) type setting of each hand setting
    first: npt.NDArray[np.bool_]            # (35960, 3) the first hand setting of its type setting
    counts: npt.NDArray[np.uint8]           # (n, 17) tiles of each rank


@functools.lru_cache(maxsize=1)
def _types() -> _Types:
    """The 4,285 hand types (multisets of 4 of the 17 ranks of Table 1)."""
    hands = all_hands()
    tile_rank = np.array([t.rank - 1 for t in DECK])
    ranks4 = np.sort(tile_rank[hands], axis=1)
    key = ((ranks4[:, 0] * 17 + ranks4[:, 1]) * 17 + ranks4[:, 2]) * 17 + ranks4[:, 3]
    _, first_idx, hand_type, cnt = np.unique(key, return_index=True, return_inverse=True, return_counts=True)
    n = len(cnt)
    rep = first_idx.astype(np.int32)
    ranks = all_ranks()
    m = np.zeros(n, dtype=np.uint8)
    tf = np.zeros((n, 3), dtype=np.uint8)
    tb = np.zeros((n, 3), dtype=np.uint8)
    und = np.zeros((n, 3), dtype=bool)
    for t in range(n):
        seen: list[tuple[int, int]] = []
        for f, b in ranks[rep[t]].tolist():
            if (f, b) not in seen:
                seen.append((f, b))
        m[t] = len(seen)
        for s, (f, b) in enumerate(seen):
            tf[t, s], tb[t, s] = f, b
            und[t, s] = not any((g >= f and c >= b) and (g, c) != (f, b) for g, c in seen)
    # each hand's settings onto its type's distinct settings
    ht = hand_type.reshape(-1).astype(np.int32)
    code = ranks[:, :, 0].astype(np.int32) * 256 + ranks[:, :, 1]
    tcode = tf.astype(np.int32) * 256 + tb
    tcode_h = tcode[ht]  # (35960, 3)
    hand_map = np.full((HAND_COUNT, 3), -1, dtype=np.int8)
    for s in range(3):
        match = (code == tcode_h[:, s : s + 1]) & (s < m[ht])[:, None]
        hand_map[match] = s
    assert (hand_map >= 0).all()
    first = np.zeros((HAND_COUNT, 3), dtype=bool)
    for k in range(3):
        first[:, k] = ~((hand_map[:, :k] == hand_map[:, k : k + 1]).any(axis=1))
    counts = np.zeros((n, 17), dtype=np.uint8)
    for c in range(4):
        np.add.at(counts, (np.arange(n), ranks4[rep, c]), 1)
    return _Types(n, ht, cnt.astype(np.int64), rep, m, tf, tb, und, hand_map, first, counts)


def _to_types(table: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], bool]:
    """A hand table as a type strategy (n, 3), and whether all hands of each type agree."""
    ty = _types()
    per_hand = np.zeros((HAND_COUNT, 3))
    for s in range(3):
        per_hand[:, s] = (table * (ty.hand_map == s)).sum(axis=1)
    sums = np.zeros((ty.n, 3))
    np.add.at(sums, ty.hand_type, per_hand)
    sigma = sums / ty.cnt[:, None]
    uniform = bool(np.abs(per_hand - sigma[ty.hand_type]).max() <= 1e-12)
    return np.ascontiguousarray(sigma), uniform


def _to_hands(sigma: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """A type strategy as a hand table: each type setting's probability on the first of the
    hand's settings that make it."""
    ty = _types()
    table = np.take_along_axis(sigma[ty.hand_type], ty.hand_map.astype(np.intp), axis=1)
    return np.ascontiguousarray(np.where(ty.first, table, 0.0))


# ---------------------------------------------------------------------------------------------
# checking a caller's table


def _refuse_dtype(a: npt.NDArray[Any], name: str) -> None:
    if a.dtype.kind == "c":
        raise InvalidStrategyError(f"{name} must hold real probabilities, not complex numbers (dtype {a.dtype})",
                                   code="strategy.dtype")
    if a.dtype.kind not in "biuf":
        raise InvalidStrategyError(f"{name} must be a numeric array of probabilities, not dtype {a.dtype}",
                                   code="strategy.dtype")


def check_table(table: npt.ArrayLike, name: str = "strategy") -> npt.NDArray[np.float64]:
    """``table`` as a float64 (35960, 3) strategy, or InvalidStrategyError saying what is wrong.

    >>> check_table(np.zeros((10, 3)))
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: strategy must have shape (35960, 3), not (10, 3)
    """
    try:
        raw = np.asarray(table)
    except (TypeError, ValueError):
        raise InvalidStrategyError(f"{name} must be a numeric array of shape ({HAND_COUNT}, 3)",
                                   code="strategy.dtype") from None
    _refuse_dtype(raw, name)
    t = raw.astype(np.float64)
    if t.shape != (HAND_COUNT, 3):
        raise InvalidStrategyError(f"{name} must have shape ({HAND_COUNT}, 3), not {t.shape}", code="strategy.shape")
    bad = ~np.isfinite(t).all(axis=1) | (t < 0).any(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        raise InvalidStrategyError(f"{name} row {i} {t[i].tolist()} has a negative or non-finite entry",
                                   code="strategy.probability")
    sums = t.sum(axis=1)
    off = np.abs(sums - 1.0) > 1e-9
    if off.any():
        i = int(np.argmax(off))
        raise InvalidStrategyError(f"{name} row {i} {t[i].tolist()} sums to {float(sums[i])!r}, not 1",
                                   code="strategy.sum")
    return t


# ---------------------------------------------------------------------------------------------
# named strategies: a registry of data


@functools.lru_cache(maxsize=1)
def _max_back() -> npt.NDArray[np.float64]:
    ranks = all_ranks()
    # strongest back, then strongest front, then the first in settings() order
    key = ranks[:, :, 1].astype(np.int32) * 256 + ranks[:, :, 0]
    best = np.argmax(key, axis=1)
    table = np.zeros((HAND_COUNT, 3))
    table[np.arange(HAND_COUNT), best] = 1.0
    table.flags.writeable = False
    return table


def max_back() -> npt.NDArray[np.float64]:
    """The "max-back" strategy: the setting whose back hand is strongest; among equal backs the
    strongest front; among equal settings the first. A pure strategy (one-hot rows)."""
    return _max_back()


NAMED: dict[str, "str | Callable[[], npt.NDArray[np.float64]]"] = {
    # name: a file of paigow/data that ``paigow solve`` wrote (one table per seat), or a rule
    "equilibrium": "equilibrium.npy",
    "equilibrium-paid": "equilibrium-paid.npy",  # the game as paid, 5% on both sides (paigow.solver)
    "equilibrium-paid-4pct": "equilibrium-paid-4pct.npy",  # the same at 4%, for the house-edge table
    "max-back": _max_back,
}
"""The strategies known by name. A solved strategy is one line: its name and its file in
``paigow/data``; a rule is a function giving the (35960, 3) table of both seats."""

STRATEGY_NAMES = tuple(NAMED)


def other_seat(seat: str) -> str:
    """The seat across the table: "banker" for "player" and the reverse."""
    return "banker" if _check_seat(seat) == "player" else "player"


def _check_seat(seat: object) -> str:
    if not isinstance(seat, str):
        raise TypeError(f"a seat is 'player' or 'banker', not {seat!r}")
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'", code="strategy.seat")
    return seat


def _unknown(name: str) -> InvalidStrategyError:
    names = ", ".join(repr(n) for n in NAMED)
    return InvalidStrategyError(f"unknown strategy {name!r}: use {names} or a ({HAND_COUNT}, 3) table",
                                code="strategy.unknown")


def _named(name: str, seat: str) -> "Strategy":
    source = NAMED[name]
    if callable(source):
        return _by_rule(name)  # one table for both seats
    return _by_file(name, seat)


@functools.lru_cache(maxsize=None)
def _by_rule(name: str) -> "Strategy":
    source = NAMED[name]
    assert callable(source)
    return Strategy._make(source(), name)


@functools.lru_cache(maxsize=None)
def _by_file(name: str, seat: str) -> "Strategy":
    source = NAMED[name]
    assert isinstance(source, str)
    return Strategy._load(DATA_DIR / source, seat, name)


_CLEAR_HOOKS: list[Callable[[], None]] = []
"""Called by :func:`_clear_named`: what the layers above keep of the named strategies."""


def _clear_named() -> None:
    """Forget the named strategies (after their files change)."""
    _by_rule.cache_clear()
    _by_file.cache_clear()
    for hook in _CLEAR_HOOKS:
        hook()


# ---------------------------------------------------------------------------------------------
# the value type

StrategyLike = Union["Strategy", str, "os.PathLike[str]", npt.ArrayLike]
"""What every function that takes a strategy accepts: a :class:`Strategy`, a name, a path to a
``.npy`` file, or a (35960, 3) table."""

_SCALE_BITS = 47
"""Mixed probabilities are used by the advice kernels as exact multiples of 2**-47, so that every
count is an exact integer (a sum of 20,475 of them stays below 2**62)."""

_INTERN_SIZE = 16
_INTERN: "collections.OrderedDict[bytes, Strategy]" = collections.OrderedDict()
_LOCK = threading.RLock()

SIDE_AFTER = 1.0
"""A caller's strategy gets its side tables once the hands advised against it reach this many
times the rows of its table (see :meth:`Strategy._side_when_worth`)."""

COMPILES: collections.Counter[str] = collections.Counter()
"""How many times each encoding was built (tests hold the "once per Strategy" promise with it)."""


class Strategy:
    """A strategy for one seat's hands: a read-only (35960, 3) table, compared by its digest.

    Build one with ``Strategy(table)``, :meth:`named`, :meth:`load` or :meth:`clean` (which also
    passes a Strategy through). Two strategies with the same table are equal whatever their
    name or source; :attr:`digest` is the SHA-256 of the table's canonical bytes.

    >>> s = Strategy.named("equilibrium", "banker")
    >>> s.name, s.table.shape, len(s.digest)
    ('equilibrium', (35960, 3), 64)
    >>> s == Strategy.named("equilibrium", "player")
    False
    """

    __slots__ = ("_table_v", "_name", "__dict__", "__weakref__")
    _table_v: npt.NDArray[np.float64]
    _name: str

    def __init__(self, table: npt.ArrayLike, name: str = "table") -> None:
        if not isinstance(name, str):
            raise TypeError(f"a strategy's name is text, not {name!r}")
        t = check_table(table, "strategy").copy()
        COMPILES["check"] += 1
        self._init(t, name)
        key = _digest(self._table_v)
        self.__dict__["digest"] = key.hex()
        with _LOCK:
            _INTERN.setdefault(key, self)
            _INTERN.move_to_end(key)
            while len(_INTERN) > _INTERN_SIZE:
                _INTERN.popitem(last=False)

    def _init(self, table: npt.NDArray[np.float64], name: str) -> None:
        table = np.ascontiguousarray(table, dtype=np.float64) + 0.0  # -0.0 becomes 0.0
        table.flags.writeable = False
        object.__setattr__(self, "_table_v", table)
        object.__setattr__(self, "_name", name)

    @classmethod
    def _make(cls, table: npt.NDArray[np.float64], name: str) -> "Strategy":
        self = object.__new__(cls)
        self._init(table, name)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Strategy is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Strategy is immutable")

    def __reduce__(self) -> tuple[object, tuple[Any, str]]:
        return (Strategy, (self._table_v, self._name))

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def named(cls, name: str, seat: str = "player") -> "Strategy":
        """A strategy of the registry :data:`NAMED` for ``seat`` (the same object every time).

        >>> Strategy.named("greedy")
        Traceback (most recent call last):
        ...
        paigow.errors.InvalidStrategyError: unknown strategy 'greedy': use 'equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'max-back' or a (35960, 3) table
        """
        seat = _check_seat(seat)
        if not isinstance(name, str):
            raise TypeError(f"a strategy name is text, not {name!r}")
        if name not in NAMED:
            raise _unknown(name)
        return _named(name, seat)

    @classmethod
    def load(cls, path: "str | os.PathLike[str]", seat: str = "player") -> "Strategy":
        """A strategy from a ``.npy`` file: a (35960, 3) hand table, a (4285, 3) table over hand
        types, or what ``paigow solve`` writes, (2, 4285, 3) for the player then the banker, of
        which ``seat`` picks one."""
        return cls._load(pathlib.Path(path), _check_seat(seat), "file")

    @classmethod
    def _load(cls, path: pathlib.Path, seat: str, name: str) -> "Strategy":
        if not path.exists():
            raise InvalidStrategyError(f"no strategy file at {str(path)!r}: run 'paigow solve' to make one",
                                       code="strategy.file")
        try:
            data = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as e:
            raise InvalidStrategyError(f"{str(path)!r} is not a .npy strategy file: {e}", code="strategy.file") from None
        if not isinstance(data, np.ndarray):
            raise InvalidStrategyError(f"{str(path)!r} is not a .npy strategy file", code="strategy.file")
        _refuse_dtype(data, str(path))
        n = _types().n
        if data.shape == (2, n, 3) or data.shape == (2, HAND_COUNT, 3):
            data = data[SEATS.index(seat)]
        if data.shape == (n, 3):
            sigma = np.asarray(data, dtype=np.float64)
            mass = sigma.sum(axis=1)
            if not np.isfinite(sigma).all() or (sigma < 0).any() or (np.abs(mass - 1.0) > 1e-9).any():
                raise InvalidStrategyError(f"{str(path)!r}: a row of the type table is not a probability vector",
                                           code="strategy.probability")
            return cls._make(_to_hands(sigma), name)
        if data.shape != (HAND_COUNT, 3):
            raise InvalidStrategyError(
                f"{str(path)!r} holds an array of shape {data.shape}: a strategy file holds ({HAND_COUNT}, 3),"
                f" ({n}, 3) or (2, {n}, 3)", code="strategy.shape")
        COMPILES["check"] += 1
        return cls._make(check_table(data, str(path)), name)

    @classmethod
    def clean(cls, x: "StrategyLike", seat: str = "player") -> "Strategy":
        """``x`` as a Strategy for ``seat``: a Strategy as it is, a name of :data:`NAMED`, a path
        to a ``.npy`` file (a ``str`` ending in ``.npy`` or a path object), or a table. An equal
        table given again gives the Strategy made the first time (its encodings are reused).

        >>> Strategy.clean("max-back") is Strategy.clean("max-back", "banker")
        True
        """
        if isinstance(x, Strategy):
            _check_seat(seat)
            return x
        if isinstance(x, str):
            if x in NAMED or not x.endswith(".npy"):
                return cls.named(x, seat)
            return cls.load(x, seat)
        if isinstance(x, os.PathLike):
            return cls.load(x, seat)
        _check_seat(seat)
        raw = np.asarray(x) if not isinstance(x, np.ndarray) else x
        if raw.dtype == object:
            raise TypeError(f"a strategy is a Strategy, a name, a path or a ({HAND_COUNT}, 3) table, not {x!r}"[:200])
        table = check_table(raw, "strategy")
        key = _digest(table)
        with _LOCK:
            got = _INTERN.get(key)
            if got is not None:
                _INTERN.move_to_end(key)
                return got
        s = cls._make(table, "table")
        COMPILES["check"] += 1
        s.__dict__["digest"] = key.hex()
        with _LOCK:
            _INTERN[key] = s
            while len(_INTERN) > _INTERN_SIZE:
                _INTERN.popitem(last=False)
        return s

    # -- identity ------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """How the strategy was given: its name, ``"table"`` or ``"file"`` (not compared)."""
        return self._name

    @property
    def table(self) -> npt.NDArray[np.float64]:
        """The (35960, 3) float64 table, read-only."""
        return self._table_v

    @functools.cached_property
    def digest(self) -> str:
        """SHA-256 (hex) of the table's canonical bytes: the same for equal tables, whichever
        seat plays them."""
        return _digest(self._table_v).hex()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Strategy):
            return NotImplemented
        return self is other or self.digest == other.digest

    def __hash__(self) -> int:
        return hash(("Strategy", self.digest))

    def __repr__(self) -> str:
        return f"<Strategy {self._name} {self.digest[:12]}>"

    # -- encodings, each built once ------------------------------------------------------------
    def _once(self, key: str, build: Callable[[], Any]) -> Any:
        d = self.__dict__
        if key in d:
            return d[key]
        with _LOCK:
            if key not in d:
                COMPILES[key] += 1
                d[key] = build()
            return d[key]

    @property
    def is_pure(self) -> bool:
        """Every hand plays one setting for sure."""
        return bool(self._once("pure", lambda: bool(((self._table_v == 0.0) | (self._table_v == 1.0)).all())))

    @property
    def types(self) -> tuple[npt.NDArray[np.float64], bool]:
        """The table over the 4,285 hand types (n, 3), and whether every hand of each type is
        set alike (only then is the type table the whole strategy)."""
        return self._once("types", lambda: _to_types(self._table_v))  # type: ignore[no-any-return]

    @property
    def best(self) -> npt.NDArray[np.uint8]:
        """The most probable setting of each hand (the first of equal ones), read-only."""
        def build() -> npt.NDArray[np.uint8]:
            b: npt.NDArray[np.uint8] = np.argmax(self._table_v, axis=1).astype(np.uint8)
            b.flags.writeable = False
            return b
        return self._once("best", build)  # type: ignore[no-any-return]

    @property
    def _quantized(self) -> npt.NDArray[np.uint64]:
        """The table in units of 2**-47, each row summing to exactly 2**47 (exact integer
        arithmetic in the advice kernels)."""
        return self._once("quantized", lambda: _quantize(self._table_v))  # type: ignore[no-any-return]

    @property
    def _advice_packed(self) -> "_Packed":
        """The advice kernel's form: per hand the setting played for sure, else its entries."""
        return self._once("advice", lambda: _pack_advice(self._quantized))  # type: ignore[no-any-return]

    @property
    def _simulation_packed(self) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint64]]:
        """The simulation kernel's form: per hand a packed pure entry or the mixed thresholds."""
        return self._once("simulation", lambda: _pack_simulation(self._table_v))  # type: ignore[no-any-return]

    def _side(self, seat: str) -> "_Side":
        """The side tables of advice for a hand at ``seat`` against this strategy at the other
        seat: built once per seat (see :class:`_Side`)."""
        seat = _check_seat(seat)
        return self._once("side:" + seat, lambda: _build_side(self, seat))  # type: ignore[no-any-return]

    def _side_when_worth(self, seat: str, hands: int) -> "_Side | None":
        """The side tables for ``seat`` if they are built, or worth building now for ``hands``
        more hands to advise; None while enumerating is cheaper.

        A named strategy builds them at once (a service's strategies; ~0.15 s). Another builds
        them once the hands advised against it reach the rows of its table (4,285 when it sets
        hands of one type alike, else 35,960): building costs about one enumeration of the
        20,475 opposing hands per row, so a caller who advises a few hands pays for a few
        enumerations (~60 µs each), and one who advises many never pays more than twice the
        cheaper choice in hindsight."""
        key = "side:" + seat
        d = self.__dict__
        if key in d or self._name in NAMED:
            return self._side(seat)
        with _LOCK:
            asked = d.get("asked:" + seat, 0) + hands
            d["asked:" + seat] = asked
        rows = len(_types().rep_hand) if self._type_uniform else HAND_COUNT
        return self._side(seat) if asked >= SIDE_AFTER * rows else None

    @property
    def _type_uniform(self) -> bool:
        """Every hand of each type is set alike, exactly (in the units the kernels count in)."""
        def build() -> bool:
            ty = _types()
            q = self._quantized
            per = np.zeros((HAND_COUNT, 3), dtype=np.uint64)
            for k in range(3):
                per[:, k] = np.where(ty.hand_map == k, q, 0).sum(axis=1, dtype=np.uint64)
            return bool((per == per[ty.rep_hand][ty.hand_type]).all())
        return self._once("uniform", build)  # type: ignore[no-any-return]


@dataclasses.dataclass(frozen=True)
class _Side:
    """Advice against one strategy, for every hand of one seat, computed once.

    ``counts[key[row], k]`` is (wins, pushes, losses) of setting k (settings() order of the
    sorted hand) of the hand of ``row``, over the 20,475 opposing hands, in units of 2**-47
    (exact integers; expected counts when the other side mixes). ``key`` is the hand's type when
    the strategy sets every hand of a type alike (4,285 rows: hands of one type meet the same
    opposing ranks), else the hand's own row (35,960 rows)."""

    counts: npt.NDArray[np.uint64]
    key: npt.NDArray[np.int32]

    @property
    def nbytes(self) -> int:
        return int(self.counts.nbytes + self.key.nbytes)


def _build_side(strategy: Strategy, seat: str) -> _Side:
    ty = _types()
    if strategy._type_uniform:
        reps = np.ascontiguousarray(all_hands()[ty.rep_hand])
        key = ty.hand_type
    else:
        reps = np.ascontiguousarray(all_hands())
        key = np.arange(HAND_COUNT, dtype=np.int32)
    counts = _core.side_tables(reps, *strategy._advice_packed, seat == "banker", MACAU.core, 1)
    counts.flags.writeable = False
    key = np.ascontiguousarray(key, dtype=np.int32)
    key.flags.writeable = False
    return _Side(counts, key)


def _digest(table: npt.NDArray[np.float64]) -> bytes:
    canon = np.ascontiguousarray(table, dtype="<f8") + 0.0
    h = hashlib.sha256(b"paigow-strategy-v1:35960x3:<f8:")
    h.update(canon.tobytes())
    return h.digest()


def _quantize(table: npt.NDArray[np.float64]) -> npt.NDArray[np.uint64]:
    one = 1 << _SCALE_BITS
    q = np.rint(table * one).astype(np.int64)
    # the largest entry of each row takes what rounding left over, so each row is exactly one
    top = np.argmax(table, axis=1)
    rows = np.arange(HAND_COUNT)
    q[rows, top] += one - q.sum(axis=1)
    out = np.ascontiguousarray(q.astype(np.uint64))
    out.flags.writeable = False
    return out


_Packed = tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.uint8],
                npt.NDArray[np.uint64]]


def _pack_advice(q: npt.NDArray[np.uint64]) -> _Packed:
    ranks = all_ranks()
    sure = q == (1 << _SCALE_BITS)
    pure = np.full(HAND_COUNT, 0xFFFF, dtype=np.uint16)
    rows = sure.any(axis=1)
    k = np.argmax(sure, axis=1)[rows]
    pure[rows] = ranks[rows, k, 0].astype(np.uint16) * 128 + ranks[rows, k, 1]
    nz = (q > 0) & ~rows[:, None]
    starts = np.zeros(HAND_COUNT + 1, dtype=np.int32)
    np.cumsum(nz.sum(axis=1), out=starts[1:])
    return (pure, starts, np.ascontiguousarray(ranks[:, :, 0][nz]),
            np.ascontiguousarray(ranks[:, :, 1][nz]), np.ascontiguousarray(q[nz]))


_ONE32 = 1 << 32


def _pack_simulation(table: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint64]]:
    """Per hand a packed entry (setting << 14 | front rank << 7 | back rank) for a pure row, or
    0xFFFF for a mixed row, and the cumulative thresholds of settings 0 and 1 out of 2**32."""
    ranks = all_ranks().astype(np.uint16)
    t = table / table.sum(axis=1, keepdims=True)
    cum = np.cumsum(t, axis=1)[:, :2]
    thr = np.clip(np.rint(cum * _ONE32), 0, _ONE32).astype(np.uint64)
    first = thr[:, 0] == _ONE32
    second = (thr[:, 0] == 0) & (thr[:, 1] == _ONE32)
    third = thr[:, 1] == 0
    choice = np.where(first, 0, np.where(second, 1, 2))
    chosen = ranks[np.arange(HAND_COUNT), choice]
    packed = (choice.astype(np.uint16) << 14) | (chosen[:, 0] << 7) | chosen[:, 1]
    packed = np.where(first | second | third, packed, 0xFFFF).astype(np.uint16)
    packed.flags.writeable = False
    thr.flags.writeable = False
    return np.ascontiguousarray(packed), np.ascontiguousarray(thr)


# ---------------------------------------------------------------------------------------------
# arrays by name, as before


def resolve(strategy: "StrategyLike", seat: str = "player") -> npt.NDArray[np.float64]:
    """A strategy's (35960, 3) table from anything :meth:`Strategy.clean` takes.

    ``seat`` ("player" or "banker") picks the seat's side of the equilibrium.

    >>> resolve("max-back").shape
    (35960, 3)
    >>> resolve("greedy")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: unknown strategy 'greedy': use 'equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'max-back' or a (35960, 3) table
    """
    return Strategy.clean(strategy, seat).table
