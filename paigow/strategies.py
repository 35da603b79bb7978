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
import json
import os
import pathlib
import threading
from collections.abc import Callable, Hashable
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.game import handtypes as _hands
from paigow.game.handtypes import HAND_COUNT as HAND_COUNT
from paigow.game.handtypes import all_hands as all_hands
from paigow.game.handtypes import hand_types, setting_game, to_hands, to_types
from paigow.batch import as_index_array, setting_batch
from paigow.errors import InvalidStrategyError
from paigow.rules import MACAU, RuleSet, RulesLike, check_banker_copies, clean_rules

__all__ = [
    "HAND_COUNT", "SEATS", "STRATEGY_NAMES", "NAMED", "Strategy", "StrategyLike", "SideTables",
    "all_hands", "all_ranks", "hand_index", "max_back", "max_front", "check_table", "resolve", "other_seat", "check_seat",
    "forget_named", "on_forget", "solved_file",
]

SEATS = ("player", "banker")

DATA_DIR = pathlib.Path(__file__).parent / "data"
"""Where the package's solved strategies live."""


# ---------------------------------------------------------------------------------------------
# the hands (and their types, in paigow.game.handtypes: the strategies, the game and the solver share them)


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


def all_ranks(rules: RulesLike = None) -> npt.NDArray[np.uint8]:
    """(front, back) rank of the three settings of every hand under the hand order of ``rules``
    (Macau's by default), (35960, 3, 2) uint8, read-only."""
    return _hands.all_ranks(clean_rules(rules))


# the hand types under Macau's hand order, by the names older callers (and tests) use
_types = hand_types
_to_types = to_types
_to_hands = to_hands


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


_RULE_TABLES: dict[tuple[str, str], npt.NDArray[np.float64]] = {}


def _strongest(name: str, first: int, rules: RuleSet) -> npt.NDArray[np.float64]:
    # the setting whose hand ``first`` (0 front, 1 back) is strongest, then the other hand, then
    # the first in settings() order, under the rule set's hand order
    got = _RULE_TABLES.get((name, rules.hand_order))
    if got is not None:
        return got
    ranks = _hands.all_ranks(rules)
    key = ranks[:, :, first].astype(np.int32) * 256 + ranks[:, :, 1 - first]
    best = np.argmax(key, axis=1)
    table = np.zeros((HAND_COUNT, 3))
    table[np.arange(HAND_COUNT), best] = 1.0
    table.flags.writeable = False
    with _LOCK:
        return _RULE_TABLES.setdefault((name, rules.hand_order), table)


def _max_back(rules: RuleSet) -> npt.NDArray[np.float64]:
    return _strongest("max-back", 1, rules)


def _max_front(rules: RuleSet) -> npt.NDArray[np.float64]:
    return _strongest("max-front", 0, rules)


def max_front(rules: RulesLike = None) -> npt.NDArray[np.float64]:
    """The "max-front" strategy: the setting whose front hand is strongest; among equal fronts the
    strongest back; among equal settings the first (any of them: equal settings play alike). The
    mirror of :func:`max_back`, and the fixed setting rule the home game is dealt by where a
    program sets every hand (docs/rules.md Part 4: acc2023156's 配牌法, both sides). Pure,
    read-only, under the hand order of ``rules`` (Macau's by default).

    >>> max_front("home")[hand_index([0, 2, 22, 28])].tolist()   # 天 地 杂九 至尊: 天 + 2-4 (8) | 地九王
    [0.0, 0.0, 1.0]
    """
    return _max_front(clean_rules(rules))


def max_back(rules: RulesLike = None) -> npt.NDArray[np.float64]:
    """The "max-back" strategy: the setting whose back hand is strongest; among equal backs the
    strongest front; among equal settings the first. A pure strategy (one-hot rows), read-only,
    under the hand order of ``rules`` (Macau's by default)."""
    return _max_back(clean_rules(rules))


NAMED: dict[str, "str | Callable[[RuleSet], npt.NDArray[np.float64]]"] = {
    # name: a file of paigow/data that ``paigow solve`` wrote (one table per seat), or a rule
    "equilibrium": "equilibrium.npy",
    "equilibrium-paid": "equilibrium-paid.npy",  # the game as paid, 5% on both sides (paigow.game.equilibria)
    "equilibrium-paid-4pct": "equilibrium-paid-4pct.npy",  # the same at 4%, for the house-edge table
    "us-equilibrium": "us-equilibrium.npy",  # the US casino game's (paigow.rules.US), no commission
    "us-equilibrium-paid": "us-equilibrium-paid.npy",  # the US game as paid, 5% on both sides
    "us-equilibrium-paid-4.7619pct": "us-equilibrium-paid-4.7619pct.npy",  # the same at 4.76%, read as 1/21
    "home-equilibrium": "home-equilibrium.npy",  # the home game's (paigow.rules.HOME), no commission
    "max-front": _max_front,  # the home game's automatic setting (docs/rules.md Part 4)
    "max-back": _max_back,
}
"""The strategies known by name. A solved strategy is one line: its name and its file in
``paigow/data`` (which rule set and commission it solves is :mod:`paigow.game.equilibria`'s
catalogue); a rule is a function of the rule set giving the (35960, 3) table of both seats."""

STRATEGY_NAMES = tuple(NAMED)


def other_seat(seat: str) -> str:
    """The seat across the table: "banker" for "player" and the reverse."""
    return "banker" if check_seat(seat) == "player" else "player"


def check_seat(seat: object) -> str:
    """``seat`` if it is "player" or "banker"; TypeError for a non-text, else
    InvalidStrategyError (code ``strategy.seat``)."""
    if not isinstance(seat, str):
        raise TypeError(f"a seat is 'player' or 'banker', not {seat!r}")
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'", code="strategy.seat")
    return seat


def _unknown(name: str) -> InvalidStrategyError:
    names = ", ".join(repr(n) for n in NAMED)
    return InvalidStrategyError(f"unknown strategy {name!r}: use {names} or a ({HAND_COUNT}, 3) table",
                                code="strategy.unknown")


def _named(name: str, seat: str, rules: RuleSet) -> "Strategy":
    source = NAMED[name]
    if callable(source):
        return _by_rule(name, rules)  # one table for both seats
    return _by_file(name, seat)


_BY_RULE: dict[tuple[str, str], "Strategy"] = {}


def _by_rule(name: str, rules: RuleSet) -> "Strategy":
    key = (name, rules.hand_order)  # a rule reads the settings' ranks: one Strategy per hand order
    got = _BY_RULE.get(key)
    if got is None:
        source = NAMED[name]
        assert callable(source)
        made = Strategy._make(source(rules), name)
        with _LOCK:
            got = _BY_RULE.setdefault(key, made)
    return got


@functools.lru_cache(maxsize=None)
def _by_file(name: str, seat: str) -> "Strategy":
    # a shipped solution's type table is over the types of the game it solves: numbered by the
    # distinct settings of its rule set's hand order (the home order merges settings Macau's keeps)
    return Strategy._load(DATA_DIR / _file(name), seat, name, _file_rules(name), solved_file(name))


def _file_rules(name: str) -> RuleSet:
    """The rule set the record beside a solved strategy's file names (``paigow solve`` writes
    ``"rules"`` for a game other than Macau's), else Macau's."""
    info = (DATA_DIR / _file(name)).with_suffix(".json")
    if not info.exists():
        return MACAU
    named = json.loads(info.read_text(encoding="utf-8")).get("rules")
    return MACAU if named is None else clean_rules(named)


def _file(name: str) -> str:
    source = NAMED[name]
    assert isinstance(source, str)
    return source


def _read(path: pathlib.Path) -> npt.NDArray[Any]:
    """A strategy file's array, of a numeric dtype (InvalidStrategyError, code ``strategy.file``
    or ``strategy.dtype``, for anything else)."""
    if not path.exists():
        raise InvalidStrategyError(f"no strategy file at {str(path)!r}: run 'paigow solve' to make one",
                                   code="strategy.file")
    try:
        with open(path, "rb") as f:
            magic = f.read(6)
        if magic != b"\x93NUMPY":  # numpy would read any other bytes as a pickle, and say so
            raise InvalidStrategyError(f"{str(path)!r} is not a .npy strategy file: it does not begin as a .npy "
                                       f"file does (a text or other file?)", code="strategy.file")
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as e:
        if isinstance(e, InvalidStrategyError):
            raise
        why = "it holds Python objects, which are never loaded" if "pickle" in str(e) else str(e)
        raise InvalidStrategyError(f"{str(path)!r} is not a .npy strategy file: {why}", code="strategy.file") from None
    if not isinstance(data, np.ndarray):
        raise InvalidStrategyError(f"{str(path)!r} is not a .npy strategy file", code="strategy.file")
    _refuse_dtype(data, str(path))
    return data


@functools.lru_cache(maxsize=None)
def solved_file(name: str) -> npt.NDArray[Any]:
    """The array of the file of the solved strategy ``name`` of :data:`NAMED` as ``paigow solve``
    wrote it (both seats: (2, 4285, 3), the player's type strategy then the banker's), read once
    for both seats, read-only."""
    if name not in NAMED:
        raise _unknown(name)
    data = _read(DATA_DIR / _file(name))
    data.flags.writeable = False
    return data


_FORGET_HOOKS: list[Callable[[], None]] = []


def on_forget(hook: Callable[[], None]) -> None:
    """Have :func:`forget_named` call ``hook``: for what a layer above keeps of the named
    strategies (advice's plans, the catalogue's tables)."""
    with _LOCK:
        if hook not in _FORGET_HOOKS:
            _FORGET_HOOKS.append(hook)


def forget_named() -> None:
    """Forget the named strategies, and what the layers above keep of them (after their files
    change: :func:`paigow.game.solver.save` into ``paigow/data``)."""
    _BY_RULE.clear()
    _by_file.cache_clear()
    solved_file.cache_clear()
    for hook in list(_FORGET_HOOKS):
        hook()


_clear_named = forget_named  # the older name


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
times the rows of its table (see :meth:`Strategy.side_when_worth`)."""

COMPILES: collections.Counter[str] = collections.Counter()
"""How many times each encoding was built (tests hold the "once per Strategy" promise with it)."""


class Strategy:
    """A strategy for one seat's hands: a read-only (35960, 3) table, compared by its digest.

    Build one with ``Strategy(table)``, :meth:`named`, :meth:`load` or :meth:`clean` (which also
    passes a Strategy through). Two strategies with the same table are equal whatever their
    name or source; :attr:`digest` is the SHA-256 of the table's canonical bytes.

    The forms the engine reads are built from the table on first use, once, and kept: each one
    that depends on the rules is kept per rule set's hand order (the settings' ranks) or per
    setting game (the comparison), under a key of values (:meth:`cached`, :meth:`built`); each
    build is counted under its name in :data:`COMPILES`.

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
        if name != "table":
            # a caller's name stays with the caller's object: an equal table given elsewhere is not
            # this strategy (a table named like a shipped solution would otherwise pass for it)
            return
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
    def named(cls, name: str, seat: str = "player", rules: RulesLike = None) -> "Strategy":
        """A strategy of the registry :data:`NAMED` for ``seat`` (the same object every time).
        A rule (max-back) reads the hand order of ``rules`` (Macau's by default); which rule set
        a solved strategy solves is the catalogue's to say (:func:`paigow.game.equilibria.clean_strategy`).

        >>> Strategy.named("greedy")
        Traceback (most recent call last):
        ...
        paigow.errors.InvalidStrategyError: unknown strategy 'greedy': use 'equilibrium', 'equilibrium-paid', ..., 'max-back' or a (35960, 3) table
        """
        seat = check_seat(seat)
        if not isinstance(name, str):
            raise TypeError(f"a strategy name is text, not {name!r}")
        if name not in NAMED:
            raise _unknown(name)
        return _named(name, seat, MACAU if rules is None else clean_rules(rules))

    @classmethod
    def pure(cls, best: npt.ArrayLike, name: str) -> "Strategy":
        """The pure strategy named ``name`` playing setting ``best[i]`` (0, 1 or 2, in
        ``settings()`` order) of hand i of :func:`all_hands`: its table is built from the
        (35960,) integers, a strategy by construction, with no probability to check (a house way's).

        >>> s = Strategy.pure(np.zeros(HAND_COUNT, dtype=np.uint8), "front")
        >>> s.is_pure, s.best[:2].tolist(), s.table[0].tolist()
        (True, [0, 0], [1.0, 0.0, 0.0])
        """
        if not isinstance(name, str):
            raise TypeError(f"a strategy's name is text, not {name!r}")
        b = np.asarray(best)
        if b.shape != (HAND_COUNT,) or b.dtype.kind not in "iu" or int(b.min()) < 0 or int(b.max()) > 2:
            raise InvalidStrategyError(f"a pure strategy is {HAND_COUNT} setting indices 0-2, not {b.dtype} {b.shape}",
                                       code="strategy.shape")
        table = np.zeros((HAND_COUNT, 3), dtype=np.float64)
        table[np.arange(HAND_COUNT), b] = 1.0
        s = cls._make(table, name)
        s.__dict__["digest"] = _digest(s._table_v).hex()
        fixed = b.astype(np.uint8)
        fixed.flags.writeable = False
        s.seed("best", lambda: fixed)
        s.seed("pure", lambda: True)
        return s

    @classmethod
    def load(cls, path: "str | os.PathLike[str]", seat: str = "player", rules: RulesLike = None) -> "Strategy":
        """A strategy from a ``.npy`` file: a (35960, 3) hand table, a (4285, 3) table over hand
        types, or what ``paigow solve`` writes, (2, 4285, 3) for the player then the banker, of
        which ``seat`` picks one (a type table is spread over the hands by the hand order of
        ``rules``, Macau's by default)."""
        return cls._load(pathlib.Path(path), check_seat(seat), "file", clean_rules(rules))

    @classmethod
    def _load(cls, path: pathlib.Path, seat: str, name: str, rules: RuleSet,
              data: npt.NDArray[Any] | None = None) -> "Strategy":
        if data is None:
            data = _read(path)
        n = hand_types(rules).n
        if data.shape == (2, n, 3) or data.shape == (2, HAND_COUNT, 3):
            data = data[SEATS.index(seat)]
        if data.shape == (n, 3):
            sigma = np.asarray(data, dtype=np.float64)
            mass = sigma.sum(axis=1)
            if not np.isfinite(sigma).all() or (sigma < 0).any() or (np.abs(mass - 1.0) > 1e-9).any():
                raise InvalidStrategyError(f"{str(path)!r}: a row of the type table is not a probability vector",
                                           code="strategy.probability")
            return cls._make(to_hands(sigma, rules), name)
        if data.shape != (HAND_COUNT, 3):
            raise InvalidStrategyError(
                f"{str(path)!r} holds an array of shape {data.shape}: a strategy file holds ({HAND_COUNT}, 3),"
                f" ({n}, 3) or (2, {n}, 3)", code="strategy.shape")
        COMPILES["check"] += 1
        return cls._make(check_table(data, str(path)), name)

    @classmethod
    def clean(cls, x: "StrategyLike", seat: str = "player", rules: RulesLike = None) -> "Strategy":
        """``x`` as a Strategy for ``seat``: a Strategy as it is, a name of :data:`NAMED`, a path
        to a ``.npy`` file (a ``str`` ending in ``.npy`` or a path object), or a table. An equal
        table given again gives the Strategy made the first time (its encodings are reused).
        ``rules`` (Macau's by default) is the hand order a rule or a type table is read in.

        >>> Strategy.clean("max-back") is Strategy.clean("max-back", "banker")
        True
        """
        if isinstance(x, Strategy):
            check_seat(seat)
            return x
        if isinstance(x, str):
            if x in NAMED or not x.endswith(".npy"):
                return cls.named(x, seat, rules)
            return cls.load(x, seat, rules)
        if isinstance(x, os.PathLike):
            return cls.load(x, seat, rules)
        check_seat(seat)
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
    def cached(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """What ``build()`` gives, built once for this strategy under ``key`` and kept on it:
        how a layer above (advice's lookups) keeps a form of its own. ``key`` is a value: a name,
        or a tuple of a name and the values the form depends on (a hand order, a
        :class:`~paigow.game.handtypes.SettingGame`, a rate); each build is counted under the
        name in :data:`COMPILES`."""
        forms = self._forms
        if key in forms:
            return forms[key]
        with _LOCK:
            if key not in forms:
                COMPILES[str(key[0] if isinstance(key, tuple) else key)] += 1
                forms[key] = self.__dict__.get("_seeds_d", {}).get(key, build)()
            return forms[key]

    def seed(self, key: Hashable, build: Callable[[], Any]) -> None:
        """Have the form of ``key`` (as :meth:`cached` takes it) built by ``build`` instead, when
        it is first asked for: a form known ahead (a shipped house way's side tables, read from
        its cache only then)."""
        with _LOCK:
            self.__dict__.setdefault("_seeds_d", {})[key] = build

    @property
    def _forms(self) -> dict[Hashable, Any]:
        d = self.__dict__
        got = d.get("_forms_d")
        if got is None:
            with _LOCK:
                got = d.setdefault("_forms_d", {})
        return got  # type: ignore[no-any-return]

    def built(self, key: Hashable) -> bool:
        """Whether the form of ``key`` (as :meth:`cached` takes it) is built.

        >>> from paigow.rules import MACAU
        >>> from paigow.game.handtypes import setting_game
        >>> s = Strategy.named("max-back", "banker")
        >>> _ = s.side("player")
        >>> s.built(("side:player", setting_game(MACAU)))
        True
        """
        return key in self._forms

    _once = cached

    @property
    def is_pure(self) -> bool:
        """Every hand plays one setting for sure."""
        return bool(self._once("pure", lambda: bool(((self._table_v == 0.0) | (self._table_v == 1.0)).all())))

    @property
    def types(self) -> tuple[npt.NDArray[np.float64], bool]:
        """The table over the 4,285 hand types (n, 3), and whether every hand of each type is
        set alike (only then is the type table the whole strategy); Macau's hand order."""
        return self.type_strategy(MACAU)

    def type_strategy(self, rules: RuleSet = MACAU) -> tuple[npt.NDArray[np.float64], bool]:
        """:attr:`types` under the hand order of ``rules`` (a cleaned RuleSet)."""
        return self._once(("types", rules.hand_order), lambda: to_types(self._table_v, rules))  # type: ignore[no-any-return]

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

    def advice_packed(self, rules: RuleSet = MACAU) -> "Packed":
        """The advice kernels' form under the hand order of ``rules``: per hand the setting
        played for sure (its ranks), else its entries. The advice kernels count a copy as the
        banker's: a rule set with neutral copies is refused (code ``rules.neutral``)."""
        check_banker_copies(rules, "advice")
        return self._once(("advice", rules.hand_order),  # type: ignore[no-any-return]
                          lambda: _pack_advice(self._quantized, _hands.all_ranks(rules)))

    @property
    def _advice_packed(self) -> "Packed":
        return self.advice_packed(MACAU)

    def side(self, seat: str, rules: RuleSet = MACAU) -> "SideTables":
        """The side tables of advice for a hand at ``seat`` against this strategy at the other
        seat, in the setting game of ``rules`` (a cleaned RuleSet): built once per seat and game
        (see :class:`SideTables`)."""
        return self._built_side(check_seat(seat), rules)

    def _built_side(self, seat: str, rules: RuleSet) -> "SideTables":
        return self._once(("side:" + seat, setting_game(rules)),  # type: ignore[no-any-return]
                          lambda: _build_side(self, seat, rules))

    def _side(self, seat: str) -> "SideTables":
        return self.side(seat, MACAU)

    def side_when_worth(self, seat: str, hands: int, rules: RuleSet = MACAU) -> "SideTables | None":
        """The side tables for ``seat`` (in the game of ``rules``) if they are built, or worth
        building now for ``hands`` more hands to advise; None while enumerating is cheaper.

        A named strategy builds them at once (a service's strategies; ~0.15 s). Another builds
        them once the hands advised against it reach the rows of its table (4,285 when it sets
        hands of one type alike, else 35,960): building costs about one enumeration of the
        20,475 opposing hands per row, so a caller who advises a few hands pays for a few
        enumerations (~60 µs each), and one who advises many never pays more than twice the
        cheaper choice in hindsight. ``seat`` and ``rules`` are trusted: checked by the caller
        (:func:`paigow.advise` checks them once)."""
        game = setting_game(rules)
        forms = self._forms
        if ("side:" + seat, game) in forms or self._name in NAMED:
            return self._built_side(seat, rules)
        with _LOCK:
            asked = forms.get(("asked:" + seat, game), 0) + hands
            forms[("asked:" + seat, game)] = asked
        rows = hand_types(rules).n if self.type_uniform(rules) else HAND_COUNT
        return self._built_side(seat, rules) if asked >= SIDE_AFTER * rows else None

    def type_uniform(self, rules: RuleSet = MACAU) -> bool:
        """Every hand of each type is set alike, exactly (in the units the kernels count in),
        under the hand order of ``rules``."""
        def build() -> bool:
            ty = hand_types(rules)
            q = self._quantized
            per = np.zeros((HAND_COUNT, 3), dtype=np.uint64)
            for k in range(3):
                per[:, k] = np.where(ty.hand_map == k, q, 0).sum(axis=1, dtype=np.uint64)
            return bool((per == per[ty.rep_hand][ty.hand_type]).all())
        return self._once(("uniform", rules.hand_order), build)  # type: ignore[no-any-return]

    @property
    def _type_uniform(self) -> bool:
        return self.type_uniform(MACAU)


@dataclasses.dataclass(frozen=True)
class SideTables:
    """Advice against one strategy, for every hand of one seat, in one setting game, computed once.

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


_Side = SideTables  # the older name


def _build_side(strategy: Strategy, seat: str, rules: RuleSet) -> SideTables:
    ty = hand_types(rules)
    if strategy.type_uniform(rules):
        reps = np.ascontiguousarray(all_hands()[ty.rep_hand])
        key = ty.hand_type
    else:
        reps = np.ascontiguousarray(all_hands())
        key = np.arange(HAND_COUNT, dtype=np.int32)
    counts = _core.side_tables(reps, *strategy.advice_packed(rules), seat == "banker", rules.core, 1)
    counts.flags.writeable = False
    key = np.ascontiguousarray(key, dtype=np.int32)
    key.flags.writeable = False
    return SideTables(counts, key)


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


Packed = tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.uint8],
               npt.NDArray[np.uint64]]
"""The advice kernels' form of a strategy (:meth:`Strategy.advice_packed`): per hand the packed
ranks of the setting played for sure (0xFFFF for a mixed hand), the start of each mixed hand's
entries, and the entries' front ranks, back ranks and probabilities in units of 2**-47."""


def _pack_advice(q: npt.NDArray[np.uint64], ranks: npt.NDArray[np.uint8]) -> Packed:
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


def resolve(strategy: "StrategyLike", seat: str = "player") -> npt.NDArray[np.float64]:
    """A strategy's (35960, 3) table from anything :meth:`Strategy.clean` takes.

    ``seat`` ("player" or "banker") picks the seat's side of the equilibrium.

    >>> resolve("max-back").shape
    (35960, 3)
    >>> resolve("greedy")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: unknown strategy 'greedy': use 'equilibrium', 'equilibrium-paid', ..., 'max-back' or a (35960, 3) table
    """
    return Strategy.clean(strategy, seat).table
