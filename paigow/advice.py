"""Hand-setting advice, the setting game's equilibrium, and exact whole-game values.

The value of a setting (RULES.md 1.9) is its expected result over the 20,475 hands the other side
can hold from the 28 unseen tiles, that side setting by a declared strategy: a win counts +1
(0.95 with commission), a push 0, a loss -1. :func:`advise` counts them exactly in the core.

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
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.batch import _bad_row, as_index_array, setting_batch
from paigow.errors import InvalidStrategyError, InvalidTileError
from paigow.settings import Setting, _settings_of
from paigow.strategies import HAND_COUNT, SEATS, all_hands, check_table, max_back, resolve
from paigow.tiles import TileLike, deck_indices, parse_tiles

__all__ = [
    "SettingValue", "Advice", "GameValue",
    "advise", "strategy", "best_settings", "game_value", "exploitability",
    "equilibrium_info", "OPPONENT_HANDS", "PAIRINGS",
]

OPPONENT_HANDS = 20475
"""Four-tile hands the other side can hold from the 28 tiles one does not see: C(28, 4)."""

PAIRINGS = HAND_COUNT * OPPONENT_HANDS
"""Player/banker hand pairings of the whole game: 35,960 x 20,475 = 736,281,000."""

DATA_DIR = pathlib.Path(__file__).parent / "data"
_TABLE_FILE = "equilibrium.npy"
_INFO_FILE = "equilibrium.json"


# ---------------------------------------------------------------------------------------------
# types: hands that play alike

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
    hands = all_hands()
    faces = _core.tile_faces()
    face_rank = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15, 16, 16, 17]) - 1
    tile_rank = face_rank[faces]
    ranks4 = np.sort(tile_rank[hands], axis=1)
    key = ((ranks4[:, 0] * 17 + ranks4[:, 1]) * 17 + ranks4[:, 2]) * 17 + ranks4[:, 3]
    _, first_idx, hand_type, cnt = np.unique(key, return_index=True, return_inverse=True, return_counts=True)
    n = len(cnt)
    rep = first_idx.astype(np.int32)
    _, ranks = setting_batch(hands)
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
    ht = hand_type.astype(np.int32)
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


@functools.lru_cache(maxsize=1)
def _weights() -> npt.NDArray[np.uint8]:
    ty = _types()
    copies = np.array([2] * 14 + [1, 2, 1], dtype=np.uint8)
    return _core.type_weights(ty.counts, copies)


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
    return np.where(ty.first, table, 0.0)


# ---------------------------------------------------------------------------------------------
# the equilibrium shipped with the package

@functools.lru_cache(maxsize=1)
def _shipped() -> npt.NDArray[np.float64]:
    path = DATA_DIR / _TABLE_FILE
    if not path.exists():
        raise InvalidStrategyError(f"no solved equilibrium at {path}: run 'paigow solve' to make it")
    data: npt.NDArray[np.float64] = np.load(path)
    data.flags.writeable = False
    return data  # (2, n, 3): player, banker


@functools.lru_cache(maxsize=2)
def _equilibrium_table(seat: str) -> npt.NDArray[np.float64]:
    table = _to_hands(_shipped()[SEATS.index(seat)])
    table.flags.writeable = False
    return table


def strategy(seat: str = "player") -> npt.NDArray[np.float64]:
    """The equilibrium strategy of ``seat`` ("player" or "banker") as a (35960, 3) table: row
    i is the i-th hand of ``combinations(range(32), 4)`` (DECK indices), columns the
    probabilities of its settings in ``settings()`` order. Read-only.

    >>> t = strategy("banker")
    >>> t.shape, bool(np.allclose(t.sum(axis=1), 1.0))
    ((35960, 3), True)
    """
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    return _equilibrium_table(seat)


def equilibrium_info() -> dict[str, Any]:
    """What ``paigow solve`` recorded with the shipped equilibrium: game value, exploitability,
    iterations, mixed hands."""
    info: dict[str, Any] = json.loads((DATA_DIR / _INFO_FILE).read_text(encoding="utf-8"))
    return info


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
    ``options`` (the first of equal best values)."""

    tiles: tuple[Any, ...]
    seat: str
    against: str
    commission: bool
    options: tuple[SettingValue, SettingValue, SettingValue]
    best: int

    @property
    def best_setting(self) -> Setting:
        return self.options[self.best].setting

    @property
    def mixed(self) -> bool:
        """True when this seat's equilibrium mixes this hand's settings."""
        return sum(1 for o in self.options if o.probability) > 1


_Compiled = tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.uint8],
                  npt.NDArray[np.float64]]


@functools.lru_cache(maxsize=1)
def _all_ranks() -> npt.NDArray[np.uint8]:
    return setting_batch(all_hands())[1]


def _compile(table: npt.NDArray[np.float64]) -> _Compiled:
    """A strategy table as the advice kernel reads it: the settings each hand plays."""
    ranks = _all_ranks()
    sure = table == 1.0
    pure = np.full(HAND_COUNT, 0xFFFF, dtype=np.uint16)
    rows = sure.any(axis=1)
    k = np.argmax(sure, axis=1)[rows]
    pure[rows] = ranks[rows, k, 0].astype(np.uint16) * 128 + ranks[rows, k, 1]
    nz = (table > 0) & ~rows[:, None]
    starts = np.zeros(HAND_COUNT + 1, dtype=np.int32)
    np.cumsum(nz.sum(axis=1), out=starts[1:])
    return (pure, starts, np.ascontiguousarray(ranks[:, :, 0][nz]),
            np.ascontiguousarray(ranks[:, :, 1][nz]), np.ascontiguousarray(table[nz]))


@functools.lru_cache(maxsize=4)
def _compiled_named(name: str, seat: str) -> _Compiled:
    return _compile(resolve(name, seat))


def _against(against: "str | npt.ArrayLike", seat: str) -> tuple[_Compiled, str]:
    other = "banker" if seat == "player" else "player"
    if isinstance(against, str):
        if against not in ("equilibrium", "max-back"):
            raise InvalidStrategyError(
                f"unknown strategy {against!r}: use 'equilibrium', 'max-back' or a ({HAND_COUNT}, 3) table"
            )
        return _compiled_named(against, other), against
    return _compile(check_table(against, "against")), "table"


def advise(
    tiles: "str | Iterable[TileLike]",
    seat: str = "player",
    against: "str | npt.ArrayLike" = "equilibrium",
    commission: bool = False,
) -> Advice:
    """Exact values of the three settings of four tiles for ``seat`` against the other side
    setting by ``against`` ("equilibrium", "max-back" or a (35960, 3) table).

    With ``commission`` a win counts 0.95. The banker wins copies whichever seat is advised.

    >>> a = advise("6-6 6-6 1-1 1-1", against="max-back")
    >>> a.options[a.best].setting.name_zh, round(a.options[a.best].value, 4)
    ('双地 | 双天', 0.9841)
    """
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    if not isinstance(commission, bool):
        raise InvalidStrategyError(f"commission is True or False, not {commission!r}")
    compiled, name = _against(against, seat)
    t = parse_tiles(tiles, count=4)
    idx = np.array(deck_indices(t), dtype=np.int64)
    counts = _core.advice_counts(idx, *compiled, seat == "banker")
    win_value = 0.95 if commission else 1.0
    own = None
    if isinstance(against, str) and against == "equilibrium":
        row = int(_core.hand_rows(idx.reshape(1, 4))[0])
        own = _mix_for_order(idx, strategy(seat)[row])
    options = []
    for k, s in enumerate(_settings_of(t)):
        w, p, l_ = (float(x) for x in counts[k])
        options.append(SettingValue(s, w, p, l_, (w * win_value - l_) / OPPONENT_HANDS,
                                    None if own is None else float(own[k])))
    values = [o.value for o in options]
    best = int(np.argmax(values))
    return Advice(t, seat, name, commission, (options[0], options[1], options[2]), best)


def _mix_for_order(idx: npt.NDArray[np.int64], row: npt.NDArray[np.float64]) -> list[float]:
    """A table row (settings of the sorted hand) in the settings() order of ``idx``."""
    s = sorted(idx.tolist())
    out = [0.0, 0.0, 0.0]
    for k in range(3):
        pair = {s[0], s[k + 1]}
        first = idx[0] in pair
        partner = (pair - {int(idx[0])}).pop() if first else ({*s} - pair - {int(idx[0])}).pop()
        out[idx.tolist().index(partner) - 1] += float(row[k])
    return out


# ---------------------------------------------------------------------------------------------
# the batch best-setting lookup

@functools.lru_cache(maxsize=4)
def _best_rows(seat: str, name: str) -> npt.NDArray[np.uint8]:
    table = resolve(name, seat)
    best: npt.NDArray[np.uint8] = np.argmax(table, axis=1).astype(np.uint8)
    best.flags.writeable = False
    return best


def best_settings(hands: npt.ArrayLike, seat: str = "player",
                  strategy: "str | npt.ArrayLike" = "equilibrium") -> npt.NDArray[np.int8]:
    """The setting each of N hands takes under ``strategy`` for ``seat``: an int8 array of
    indices into ``settings()`` of each row's tiles in the order given (for a mixed hand, the
    setting with the highest probability).

    >>> best_settings([[0, 2, 22, 28], [28, 22, 2, 0]], strategy="max-back").tolist()
    [1, 1]
    """
    a = as_index_array(hands, 4, "hands")
    if seat not in SEATS:
        raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
    if isinstance(strategy, str):
        if strategy not in ("equilibrium", "max-back"):
            resolve(strategy, seat)  # raises the unknown-strategy error
        best = _best_rows(seat, strategy)
    else:
        best = np.argmax(check_table(strategy), axis=1).astype(np.uint8)
    out, bad = _core.best_settings(a, best)
    if bad >= 0:
        raise InvalidTileError(_bad_row("hands", a, bad))
    return out


# ---------------------------------------------------------------------------------------------
# whole-game values and exploitability

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


def _type_pair(player: "str | npt.ArrayLike", banker: "str | npt.ArrayLike") -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    sp, up = _to_types(resolve(player, "player"))
    sb, ub = _to_types(resolve(banker, "banker"))
    if not (up or ub):
        raise InvalidStrategyError(
            "both strategies set hands of the same type differently; exact whole-game values need"
            " at least one of them to set every hand of a type alike"
        )
    return sp, sb


def game_value(player: "str | npt.ArrayLike" = "equilibrium",
               banker: "str | npt.ArrayLike" = "equilibrium") -> GameValue:
    """Exact win/push/lose shares over all 736,281,000 pairings of two strategies.

    >>> v = game_value("max-back", "max-back")
    >>> round(v.win + v.push + v.lose, 12), round(v.ev, 6)
    (1.0, -0.013147)
    """
    sp, sb = _type_pair(player, banker)
    ty = _types()
    wpl = _core.type_game_value(sp, sb, _weights(), ty.cnt, ty.m, ty.tset_f, ty.tset_b) / PAIRINGS
    return GameValue(float(wpl[0]), float(wpl[1]), float(wpl[2]))


def _values(sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
    ty = _types()
    return _core.side_values(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f,
                             ty.tset_b, ty.rep_hand, banker_side, 0)


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


def exploitability(player: "str | npt.ArrayLike" = "equilibrium",
                   banker: "str | npt.ArrayLike" = "equilibrium") -> float:
    """The player's best-response value against ``banker`` minus the value the banker's best
    response holds ``player`` to, per hand: zero exactly at an equilibrium.

    >>> exploitability("max-back", "max-back") > 0.01
    True
    """
    sp, sb = _type_pair(player, banker)
    br_p, held, _ = _exploitability(sp, sb)
    return br_p - held


def __getattr__(name: str) -> Any:
    # the solver moved to paigow.solver; these names stay importable from here
    if name in ("Equilibrium", "solve", "save"):
        from paigow import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'paigow.advice' has no attribute {name!r}")
