"""Hand-setting advice, the setting game's equilibrium, and exact whole-game values.

The value of a setting (``docs/rules.md``, Art. 6) is its expected result over the 20,475 hands
the other side can hold from the 28 unseen tiles, that side setting by a declared strategy: a win
counts +1 (1 - rate with commission), a push 0, a loss -1.

Against one strategy, the counts of every setting of every hand are one table, computed once in
the core per (strategy, seat) and kept on the :class:`~paigow.Strategy`; :func:`advise` and
:func:`advise_batch` look hands up in it, and :func:`game_value` and :func:`exploitability` add
it up. The counts are exact integers (expected counts against a mixed strategy are exact in
units of 2**-47); the enumeration of the 20,475 hands stays as the reference path in the tests.

One player against the banker, each setting four tiles unseen by the other, is a finite zero-sum
game. Hands of the same *type* (the multiset of their 4 ranks; 4,285 types) play alike, so the
game is solved over types: :func:`solve` runs predictive CFR+ in the core to an exploitability
below a tolerance, and the solution ships in ``paigow/data/`` so advice is instant.

>>> a = advise("天 地 杂九 至尊", against="max-back")
>>> a.best, str(a.best_setting)
(1, '1-1 2-4 | 6-6 4-5')
>>> [int(o.wins) + int(o.pushes) + int(o.losses) for o in a.options]
[20475, 20475, 20475]
"""

from __future__ import annotations

import dataclasses
import functools
import json
import pathlib
import sys
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow import strategies as _strategies
from paigow.batch import raise_bad_row, as_index_array
from paigow.commission import COMMISSION, RateLike, rate
from paigow.errors import InvalidStrategyError
from paigow.rules import MACAU
from paigow.setting import Setting, settings_of
from paigow.strategies import (
    DATA_DIR as DATA_DIR,
    HAND_COUNT,
    NAMED,
    SEATS,
    Strategy,
    StrategyLike,
    _check_seat,
    _to_hands as _to_hands,
    _to_types as _to_types,
    _types as _types,
    all_hands,
    other_seat,
)
from paigow.tiles import DECK, FACES, Tile, TileLike, deck_indices, parse_tiles

__all__ = [
    "SettingValue", "Advice", "BatchAdvice", "GameValue",
    "advise", "advise_batch", "strategy", "best_settings", "game_value", "exploitability",
    "equilibrium_info", "OPPONENT_HANDS", "PAIRINGS",
]

OPPONENT_HANDS: int = _core.OPPONENT_HANDS
"""Four-tile hands the other side can hold from the 28 tiles one does not see: C(28, 4)."""

PAIRINGS = HAND_COUNT * OPPONENT_HANDS
"""Player/banker hand pairings of the whole game: 35,960 x 20,475 = 736,281,000."""

_TABLE_FILE = "equilibrium.npy"
_INFO_FILE = "equilibrium.json"
_UNIT = 2.0 ** -_core.COUNT_SCALE_BITS  # one kernel count unit, as a share of one opposing hand


# ---------------------------------------------------------------------------------------------
# types: hands that play alike (paigow.strategies states them; the solver reads them here)

@functools.lru_cache(maxsize=1)
def _weights() -> npt.NDArray[np.uint8]:
    ty = _types()
    copies = np.zeros(17, dtype=np.uint8)
    for face in FACES:
        copies[face.rank - 1] += face.copies
    return _core.type_weights(ty.counts, copies)


# ---------------------------------------------------------------------------------------------
# the equilibrium shipped with the package

@functools.lru_cache(maxsize=1)
def _shipped() -> npt.NDArray[np.float64]:
    path = DATA_DIR / _TABLE_FILE
    if not path.exists():
        raise InvalidStrategyError(f"no solved equilibrium at {path}: run 'paigow solve' to make it", code="strategy.file")
    data: npt.NDArray[np.float64] = np.load(path)
    data.flags.writeable = False
    return data  # (2, n, 3): player, banker


class _NamedCache:
    """What the solver's ``save`` clears when it rewrites the shipped data: the named strategies."""

    @staticmethod
    def cache_clear() -> None:
        _strategies._clear_named()


_equilibrium_table = _best_rows = _compiled_named = _NamedCache()


def strategy(seat: str = "player") -> npt.NDArray[np.float64]:
    """The equilibrium strategy of ``seat`` ("player" or "banker") as a (35960, 3) table: row
    i is the i-th hand of ``combinations(range(32), 4)`` (DECK indices), columns the
    probabilities of its settings in ``settings()`` order. Read-only.

    >>> t = strategy("banker")
    >>> t.shape, bool(np.allclose(t.sum(axis=1), 1.0))
    ((35960, 3), True)
    """
    return Strategy.named("equilibrium", seat).table


def equilibrium_info() -> dict[str, Any]:
    """What ``paigow solve`` recorded with the shipped equilibrium: game value, exploitability,
    iterations, mixed hands."""
    info: dict[str, Any] = json.loads((DATA_DIR / _INFO_FILE).read_text(encoding="utf-8"))
    return info


# ---------------------------------------------------------------------------------------------
# the commission

def _win_value(commission: "bool | RateLike | None") -> tuple[float, Fraction]:
    """What a win counts (1 - rate) and the rate: ``True`` is the regulation's rate
    (:data:`paigow.commission.COMMISSION`), ``False`` or None none, anything else a rate."""
    if commission is None or commission is False:
        return _NO_COMMISSION
    if commission is True:
        return _REGULATION
    r = rate(commission)
    return float(1 - r), r


_NO_COMMISSION = (1.0, Fraction(0))
_REGULATION = (float(1 - COMMISSION), COMMISSION)


# ---------------------------------------------------------------------------------------------
# advice for one hand

@dataclasses.dataclass(frozen=True)
class SettingValue:
    """One setting's exact record against the 20,475 opposing hands (expected counts when the
    other side mixes), and its value per hand."""

    setting: Setting
    wins: float
    pushes: float
    losses: float
    value: float
    probability: float | None = None  # this seat's equilibrium weight on the setting, if known


@dataclasses.dataclass(frozen=True)
class Advice:
    """The three settings of a hand, valued for one seat against a strategy; ``best`` indexes
    ``options`` (the first of equal best values). ``against`` names the strategy (``"table"``
    for a caller's) and ``digest`` tells two caller tables apart; ``commission`` is whether a
    commission was taken and ``rate`` its rate."""

    tiles: tuple[Any, ...]
    seat: str
    against: str
    commission: bool
    options: tuple[SettingValue, SettingValue, SettingValue]
    best: int
    rate: Fraction = Fraction(0)
    digest: str = ""

    @property
    def best_setting(self) -> Setting:
        return self.options[self.best].setting

    @property
    def mixed(self) -> bool:
        """True when this seat's equilibrium mixes this hand's settings."""
        return sum(1 for o in self.options if o.probability) > 1

    # -- JSON (``paigow advise --json`` and services) ----------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The advice in JSON: the tiles, seat, strategy and commission, and each setting (as
        :meth:`Setting.to_json`) with its counts, value and equilibrium weight.

        >>> a = advise("天 地 杂九 至尊", against="max-back")
        >>> d = a.to_json()
        >>> d["best"], d["settings"][d["best"]]["back"]["name_zh"], Advice.from_json(d) == a
        (1, '天九王', True)
        """
        return {
            "tiles": [t.to_json() for t in self.tiles],
            "seat": self.seat,
            "against": self.against,
            "digest": self.digest,
            "commission": self.commission,
            "rate": str(self.rate),
            "opponent_hands": OPPONENT_HANDS,
            "best": self.best,
            "mixed": self.mixed,
            "settings": [
                {**o.setting.to_json(), "wins": o.wins, "pushes": o.pushes, "losses": o.losses, "value": o.value,
                 "equilibrium_probability": o.probability}
                for o in self.options
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> "Advice":
        """Read :meth:`to_json`'s form back (:class:`~paigow.errors.InvalidRecordError`, code
        ``advice.json``, for anything else)."""
        from paigow.errors import InvalidRecordError

        try:
            options = tuple(
                SettingValue(Setting.from_json({"front": o["front"], "back": o["back"]}), float(o["wins"]),
                             float(o["pushes"]), float(o["losses"]), float(o["value"]),
                             None if o["equilibrium_probability"] is None else float(o["equilibrium_probability"]))
                for o in data["settings"])
            tiles = tuple(Tile.from_json(t) for t in data["tiles"])
            advice = cls(tiles, str(data["seat"]), str(data["against"]), bool(data["commission"]),
                         options, int(data["best"]), Fraction(data["rate"]), str(data["digest"]))  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
            raise InvalidRecordError(f"not advice as Advice.to_json writes it: {type(e).__name__} {e}"[:300],
                                     code="advice.json") from None
        if len(options) != 3 or not 0 <= advice.best < 3:
            raise InvalidRecordError("advice has three settings and 'best' is 0, 1 or 2", code="advice.json")
        return advice


def _setting_value(setting: Setting, wins: float, pushes: float, losses: float, value: float,
                   probability: float | None) -> SettingValue:
    """``SettingValue(...)`` for the hot path of :func:`advise`, without the per-field
    ``object.__setattr__`` of a frozen dataclass's ``__init__`` (its values are already checked;
    a test holds the two equal)."""
    o = _object_new(SettingValue)
    d = o.__dict__
    d["setting"] = setting
    d["wins"] = wins
    d["pushes"] = pushes
    d["losses"] = losses
    d["value"] = value
    d["probability"] = probability
    return o


def _advice(tiles: tuple[Any, ...], seat: str, against: str, commission: bool,
            options: tuple[SettingValue, SettingValue, SettingValue], best: int, rate: Fraction,
            digest: str) -> Advice:
    """``Advice(...)`` for the hot path, as :func:`_setting_value`."""
    o = _object_new(Advice)
    d = o.__dict__
    d["tiles"] = tiles
    d["seat"] = seat
    d["against"] = against
    d["commission"] = commission
    d["options"] = options
    d["best"] = best
    d["rate"] = rate
    d["digest"] = digest
    return o


_object_new = object.__new__


def advise(
    tiles: "str | Iterable[TileLike]",
    seat: str = "player",
    against: "StrategyLike | None" = None,
    commission: "bool | RateLike" = False,
) -> Advice:
    """Exact values of the three settings of four tiles for ``seat`` against the other side
    setting by ``against`` (a :class:`~paigow.Strategy`, a name such as "equilibrium" or
    "max-back", a (35960, 3) table or a strategy file). Left out, it is the shipped equilibrium
    of the game at ``commission``: "equilibrium" without, "equilibrium-paid" at 5%
    (:func:`paigow.solver.default_against`); ``Advice.against`` names the one used.

    ``commission``: False (none), True (the regulation's 5%, :data:`paigow.commission.COMMISSION`)
    or a rate (``"4%"``, ``Fraction(1, 25)``, ...): a win counts 1 - rate. The banker wins copies
    whichever seat is advised.

    >>> a = advise("6-6 6-6 1-1 1-1", against="max-back")
    >>> a.options[a.best].setting.name_zh, round(a.options[a.best].value, 4)
    ('双地 | 双天', 0.9841)
    """
    if isinstance(tiles, str):  # tiles first
        t, (a, b, c, d) = _parse4(tiles)
    else:
        t = parse_tiles(tiles, count=4)
        a, b, c, d = deck_indices(t)
    plan = _plan(seat, against, commission)
    if plan.lookup is None:  # a caller's strategy whose side tables are not worth building yet
        return _advise_enumerated(t, (a, b, c, d), seat, plan)
    u0, u1, u2, v, best, own, row, (o0, o1, o2) = plan.lookup.advise(a, b, c, d)
    # against the equilibrium, this seat's own equilibrium weights, in the tiles' order
    p0, p1, p2 = (None, None, None) if own is None else own
    ss = _BY_ROW.get(row) or _sorted_settings(row)
    settings = (ss[o0], ss[o1], ss[o2])
    return _advice(t, seat, plan.name, plan.commission,
                   (_setting_value(settings[0], *u0, v[0], p0), _setting_value(settings[1], *u1, v[1], p1),
                    _setting_value(settings[2], *u2, v[2], p2)),
                   best, plan.rate, plan.digest)


@dataclasses.dataclass(frozen=True)
class _Plan:
    """What :func:`advise` needs of its (seat, against, commission): checked once, then kept.
    ``lookup`` is None while the side tables of a caller's strategy are not worth building."""

    lookup: _core.SideLookup | None
    strategy: Strategy
    win: float
    rate: Fraction
    commission: bool
    name: str
    digest: str


_PLANS: dict[tuple[str, Any, Any], _Plan] = {}
"""Plans for the named strategies (``against`` None or a name of :data:`NAMED`, ``commission`` a
bool): a call with the same arguments skips the checks it passed before. Cleared with the named
strategies."""
_strategies._CLEAR_HOOKS.append(_PLANS.clear)


def _plan(seat: str, against: "StrategyLike | None", commission: "bool | RateLike") -> _Plan:
    cacheable = type(seat) is str and (against is None or (type(against) is str and against in NAMED)) \
        and type(commission) is bool
    if cacheable:
        got = _PLANS.get((seat, against, commission))
        if got is not None:
            return got
    s, win, r = _resolve(seat, against, commission)
    plan = _Plan(_lookup(s, seat, win, 1), s, win, r, r != 0, s.name, s.digest)
    if cacheable:
        with _strategies._LOCK:
            if len(_PLANS) > 64:  # names are few; anything else is not worth keeping
                _PLANS.clear()
            _PLANS[(seat, against, commission)] = plan
    return plan


def _resolve(seat: str, against: "StrategyLike | None",
             commission: "bool | RateLike") -> tuple[Strategy, float, Fraction]:
    """The checked arguments of :func:`advise` and :func:`advise_batch`: the strategy of the other
    seat (the default of the commission when ``against`` is None), what a win counts, the rate."""
    _check_seat(seat)
    win, r = _win_value(commission)
    if against is None:
        from paigow.solver import default_against

        against = default_against(commission)
    return Strategy.clean(against, other_seat(seat)), win, r


def _lookup(s: Strategy, seat: str, win: float, hands: int) -> _core.SideLookup | None:
    """The single-hand lookup into ``s``'s side tables for ``seat`` at ``win``, kept on ``s``;
    None while they are not worth building for ``hands`` more hands
    (:meth:`Strategy._side_when_worth`)."""
    side = s._side_when_worth(seat, hands)
    if side is None:
        return None

    def build() -> _core.SideLookup:
        own = Strategy.named("equilibrium", seat).table if s.name == "equilibrium" else None
        return _core.SideLookup(side.counts, side.key, win, own)

    return s._once(f"lookup:{seat}:{win!r}", build)  # type: ignore[no-any-return]


def _advise_enumerated(t: tuple[Tile, ...], hand: tuple[int, ...], seat: str, plan: _Plan) -> Advice:
    """:func:`advise` by the enumeration of the 20,475 opposing hands in the core (~60 µs): the
    same counts as the side tables, and the same values (:func:`_batch_enumerated` of one hand)."""
    units, values, best = _batch_enumerated(np.array([hand]), plan.strategy, seat, plan.win)
    counts = (units[0].astype(np.float64) * _UNIT).tolist()
    v = values[0].tolist()
    settings = settings_of(t)
    o0, o1, o2 = (_setting_value(settings[k], counts[k][0], counts[k][1], counts[k][2], v[k], None)
                  for k in range(3))
    return _advice(t, seat, plan.name, plan.commission, (o0, o1, o2), int(best[0]), plan.rate, plan.digest)


def _batch_enumerated(a: npt.NDArray[Any], s: Strategy, seat: str,
                      win: float) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64], npt.NDArray[np.int8]]:
    """advise_hands() of checked hands by the enumeration (few hands against a caller's strategy),
    the values computed as the lookup computes them."""
    packed = s._advice_packed
    hands = np.ascontiguousarray(a, dtype=np.int64)
    units = np.empty((len(hands), 3, 3), dtype=np.uint64)
    for i in range(len(hands)):
        units[i] = _core.advice_counts(hands[i], *packed, seat == "banker", MACAU.core)
    counts = units.astype(np.float64) * _UNIT
    values = (counts[:, :, 0] * win - counts[:, :, 2]) / OPPONENT_HANDS
    best = np.argmax(values, axis=1).astype(np.int8)  # the first of equal best values
    return units, values, best


@functools.lru_cache(maxsize=4096)
def _parse4(text: str) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """Four tiles of text and their DECK indices (errors are raised each time, not kept)."""
    t = parse_tiles(text, count=4)
    return t, deck_indices(t)


_BY_ROW: dict[int, tuple[Setting, Setting, Setting]] = {}
_BY_FACES: dict[tuple[int, ...], tuple[Setting, Setting, Setting]] = {}


def _sorted_settings(row: int) -> tuple[Setting, Setting, Setting]:
    """The settings of the hand of ``row`` (its tiles in DECK order), kept: one object per
    multiset of faces (8,130 of them, about 10 MB when all are met), shared by the rows of
    copies. Settings are canonical (:class:`~paigow.Setting` orders its hands and tiles), so
    those of any order of the tiles are these, permuted."""
    tiles = tuple(DECK[i] for i in all_hands()[row].tolist())
    faces = tuple(t.face for t in tiles)
    got = _BY_FACES.get(faces)
    if got is None:
        got = _BY_FACES.setdefault(faces, settings_of(tiles))
    _BY_ROW[row] = got
    return got


@dataclasses.dataclass(frozen=True)
class BatchAdvice:
    """Advice for N hands (:func:`advise_batch`): ``counts[i, k]`` is (wins, pushes, losses) of
    setting k (``settings()`` order of row i's tiles) over the 20,475 opposing hands,
    ``values[i, k]`` its value per hand, ``best[i]`` the first best setting. ``units`` holds the
    counts exactly, in units of 2**-47 of one hand. Arrays are read-only."""

    counts: npt.NDArray[np.float64]
    values: npt.NDArray[np.float64]
    best: npt.NDArray[np.int8]
    units: npt.NDArray[np.uint64]
    seat: str
    against: str
    rate: Fraction
    digest: str


def advise_batch(
    hands: npt.ArrayLike,
    seat: str = "player",
    against: "StrategyLike | None" = None,
    commission: "bool | RateLike" = False,
) -> BatchAdvice:
    """:func:`advise` for N hands at once: an (N, 4) integer array of DECK indices in, numpy
    arrays out, in one call of the core without the GIL.

    >>> b = advise_batch([[0, 2, 22, 28], [28, 22, 2, 0]], against="max-back")
    >>> b.best.tolist(), b.counts.shape, int(b.counts[0, 1].sum())
    ([1, 1], (2, 3, 3), 20475)
    """
    a = as_index_array(hands, 4, "hands")
    s, win, r = _resolve(seat, against, commission)
    side = s._side_when_worth(seat, len(a))
    if side is None:  # a caller's strategy, and too few hands yet to build its side tables
        _, _, bad = _core.settings(a, MACAU.core)  # the four indices of each row in range and distinct
        if bad >= 0:
            raise_bad_row("hands", a, bad)
        units, values, best = _batch_enumerated(a, s, seat, win)
    else:
        units, values, best, _, _, bad = _core.advise_hands(a, side.counts, side.key, win)
        if bad >= 0:
            raise_bad_row("hands", a, bad)
    counts: npt.NDArray[np.float64] = units.astype(np.float64) * _UNIT
    for x in (counts, values, best, units):
        x.flags.writeable = False
    return BatchAdvice(counts, values, best, units, seat, s.name, r, s.digest)


# ---------------------------------------------------------------------------------------------
# the batch best-setting lookup

def best_settings(hands: npt.ArrayLike, seat: str = "player",
                  strategy: StrategyLike = "equilibrium") -> npt.NDArray[np.int8]:
    """The setting each of N hands takes under ``strategy`` for ``seat``: an int8 array of
    indices into ``settings()`` of each row's tiles in the order given (for a mixed hand, the
    setting with the highest probability).

    >>> best_settings([[0, 2, 22, 28], [28, 22, 2, 0]], strategy="max-back").tolist()
    [1, 1]
    """
    a = as_index_array(hands, 4, "hands")
    s = Strategy.clean(strategy, seat)
    out, bad = _core.best_settings(a, s.best)
    if bad >= 0:
        raise_bad_row("hands", a, bad)
    return out


# ---------------------------------------------------------------------------------------------
# whole-game values and exploitability, from the side tables

@dataclasses.dataclass(frozen=True)
class GameValue:
    """Exact shares of all 736,281,000 player/banker pairings, from the player's side."""

    win: float
    push: float
    lose: float

    @property
    def ev(self) -> float:
        """The player's expected result per hand (+1 win, -1 loss, no commission)."""
        return self.win - self.lose


def _pair(player: StrategyLike, banker: StrategyLike) -> tuple[Strategy, Strategy]:
    sp = Strategy.clean(player, "player")
    sb = Strategy.clean(banker, "banker")
    if not (sp.types[1] or sb.types[1]):
        raise InvalidStrategyError(
            "both strategies set hands of the same type differently; exact whole-game values need"
            " at least one of them to set every hand of a type alike", code="strategy.types"
        )
    return sp, sb


def _mass(s: Strategy, key: npt.NDArray[np.int32], rows: int) -> npt.NDArray[np.float64]:
    """The probability mass of ``s`` on each setting, added up by side-table row."""
    t = s.table
    return np.stack([np.bincount(key, weights=t[:, k], minlength=rows) for k in range(3)], axis=1)


def _against(mover: Strategy, seat: str, other: Strategy) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(mass of ``mover`` at ``seat`` by side-table row and setting, counts (rows, 3, 3) of each
    against ``other``) as floats in opposing hands."""
    side = other._side(seat)
    rows = side.counts.shape[0]
    return _mass(mover, side.key, rows), side.counts.astype(np.float64) * _UNIT


def game_value(player: StrategyLike = "equilibrium", banker: StrategyLike = "equilibrium") -> GameValue:
    """Exact win/push/lose shares over all 736,281,000 pairings of two strategies.

    >>> v = game_value("max-back", "max-back")
    >>> round(v.win + v.push + v.lose, 12), round(v.ev, 6)
    (1.0, -0.013147)
    """
    sp, sb = _pair(player, banker)
    if sb._type_uniform or not sp._type_uniform:
        mass, counts = _against(sp, "player", sb)
        wpl = np.einsum("rk,rkc->c", mass, counts)
    else:  # from the banker's side: its wins are the player's losses
        mass, counts = _against(sb, "banker", sp)
        wpl = np.einsum("rk,rkc->c", mass, counts)[::-1]
    wpl = wpl / PAIRINGS
    return GameValue(float(wpl[0]), float(wpl[1]), float(wpl[2]))


def _best_response(seat: str, other: Strategy) -> float:
    """The best total a seat can reach against ``other``, per pairing (wins - losses)."""
    side = other._side(seat)
    net = (side.counts[:, :, 0].astype(np.float64) - side.counts[:, :, 2].astype(np.float64)) * _UNIT
    per_hand = net.max(axis=1)[side.key]
    return float(per_hand.sum() / PAIRINGS)


def exploitability(player: StrategyLike = "equilibrium", banker: StrategyLike = "equilibrium") -> float:
    """The player's best-response value against ``banker`` minus the value the banker's best
    response holds ``player`` to, per hand: zero exactly at an equilibrium.

    >>> exploitability("max-back", "max-back") > 0.01
    True
    """
    sp, sb = _pair(player, banker)
    return _best_response("player", sb) + _best_response("banker", sp)


def _values(sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
    ty = _types()
    return _core.side_values(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f,
                             ty.tset_b, ty.rep_hand, banker_side, MACAU.core, 0)


def _br_value(q: npt.NDArray[np.float64]) -> float:
    """Best-response total over all hands of a side, per pairing."""
    ty = _types()
    valid = np.arange(3)[None, :] < ty.m[:, None]
    best = np.where(valid, q, -np.inf).max(axis=1)
    return float((ty.cnt * best).sum() / PAIRINGS)


def _exploitability(sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64]) -> tuple[float, float, float]:
    """(player's best response vs sb, value sp is held to by the banker's best response, value)."""
    qp = _values(sb, False)
    qb = _values(sp, True)
    ty = _types()
    value = float((ty.cnt * (sp * qp).sum(axis=1)).sum() / PAIRINGS)
    return _br_value(qp), -_br_value(qb), value


def __getattr__(name: str) -> Any:
    # the solver moved to paigow.solver; these names stay importable from here
    if name in ("Equilibrium", "solve", "save"):
        from paigow import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'paigow.advice' has no attribute {name!r}")
