"""The setting game: one player against the banker, each setting four tiles unseen by the other.

The value of a setting (``docs/rules.md``, Art. 6) is its expected result over the 20,475 hands
the other side can hold from the 28 unseen tiles, that side setting by a strategy: a win counts
+1 (1 - rate with commission), a push 0, a loss -1. This module holds the game itself, under one
rule set's comparison:

* the values of every setting of every hand against a strategy of the other side, from the side
  tables a :class:`~paigow.Strategy` builds once per seat and game, and added up into exact
  whole-game shares (:func:`game_value`) and each side's best response (:func:`exploitability`);
* the same over the 4,285 hand *types* (hands of one type play alike), which is what the solver
  iterates on: :func:`type_values` (zero-sum), :class:`SideCounter` (wins and losses apart, for
  the game as paid), :func:`best_response_value`, :func:`gain`, :func:`type_game_counts`.

Advice (:mod:`paigow.advice`), the solver (:mod:`paigow.game.solver`) and the house-edge table
(:mod:`paigow.game.edges`) use it; which solved strategies ship for which game is
:mod:`paigow.game.equilibria`'s to say.

>>> v = game_value("max-back", "max-back")
>>> round(v.win + v.push + v.lose, 12), round(v.ev, 6)
(1.0, -0.013147)
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.game.handtypes import HAND_COUNT, all_hands, hand_types, type_weights
from paigow.game.equilibria import CATALOGUE, clean_strategy
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.rules import MACAU, RuleSet, RulesLike, check_banker_copies, clean_rules
from paigow.strategies import Strategy, StrategyLike
from paigow.tiles import DECK

__all__ = [
    "OPPONENT_HANDS", "PAIRINGS", "COUNT_UNIT", "GameValue", "Edge", "Share", "game_value", "exploitability", "pair",
    "type_values", "best_response_value", "type_exploitability", "type_game_counts", "SideCounter", "payoff",
    "gain",
]

OPPONENT_HANDS: int = _core.OPPONENT_HANDS
"""Four-tile hands the other side can hold from the 28 tiles one does not see: C(28, 4)."""

PAIRINGS = HAND_COUNT * OPPONENT_HANDS
"""Player/banker hand pairings of the whole game: 35,960 x 20,475 = 736,281,000."""

SHIPPED_NAMES = frozenset(s.name for s in CATALOGUE)
"""The shipped equilibria's names: with seen tiles, each stands for the equilibrium of the game left."""

COUNT_UNIT = 2.0 ** -_core.COUNT_SCALE_BITS
"""One unit of the advice kernels' counts, as a share of one opposing hand (2**-47)."""


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


Share = Union[Fraction, float]


@dataclasses.dataclass(frozen=True)
class Edge:
    """One pairing of strategies at one commission rate, per hand (per unit bet of each side).

    ``win``, ``push``, ``lose`` are the player's shares of all pairings (the banker wins what the
    player loses); ``player_result`` is ``(1 - rate) * win - lose``, ``banker_result`` is
    ``(1 - rate) * lose - win``, ``house`` the commission taken, ``rate * (win + lose)``. Exact
    fractions when ``exact``, else float64.
    """

    player_strategy: str
    banker_strategy: str
    commission: Fraction
    win: Share
    push: Share
    lose: Share
    exact: bool

    @property
    def player_result(self) -> Share:
        return (1 - self.commission) * self.win - self.lose

    @property
    def banker_result(self) -> Share:
        return (1 - self.commission) * self.lose - self.win

    @property
    def house(self) -> Share:
        return self.commission * (self.win + self.lose)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: shares and results as numbers, and as exact fractions ("n/d") when
        ``exact``."""
        out: dict[str, Any] = {
            "player": self.player_strategy,
            "banker": self.banker_strategy,
            "commission": str(self.commission),
            "exact": self.exact,
        }
        for key in ("win", "push", "lose", "player_result", "banker_result", "house"):
            v = getattr(self, key)
            out[key] = float(v)
            if self.exact:
                out[key + "_exact"] = str(v)
        return out


def pair(player: "StrategyLike | None", banker: "StrategyLike | None", rules: RuleSet) -> tuple[Strategy, Strategy]:
    """Both seats' strategies, cleaned for the game of ``rules`` (a cleaned RuleSet), of which at
    least one sets every hand of a type alike (else InvalidStrategyError, code ``strategy.types``)."""
    sp = clean_strategy(player, "player", rules)
    sb = clean_strategy(banker, "banker", rules)
    if not (sp.type_strategy(rules)[1] or sb.type_strategy(rules)[1]):
        raise InvalidStrategyError(
            "both strategies set hands of the same type differently; exact whole-game values need"
            " at least one of them to set every hand of a type alike", code="strategy.types"
        )
    return sp, sb


def _mass(s: Strategy, key: npt.NDArray[np.int32], rows: int) -> npt.NDArray[np.float64]:
    """The probability mass of ``s`` on each setting, added up by side-table row."""
    t = s.table
    return np.stack([np.bincount(key, weights=t[:, k], minlength=rows) for k in range(3)], axis=1)


def _against(mover: Strategy, seat: str, other: Strategy,
             rules: RuleSet) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(mass of ``mover`` at ``seat`` by side-table row and setting, counts (rows, 3, 3) of each
    against ``other``) as floats in opposing hands."""
    side = other.side(seat, rules)
    rows = side.counts.shape[0]
    return _mass(mover, side.key, rows), side.counts.astype(np.float64) * COUNT_UNIT


def game_value(player: "StrategyLike | None" = None, banker: "StrategyLike | None" = None,
               rules: RulesLike = None, seen: Any = None) -> GameValue:
    """Exact win/push/lose shares over all 736,281,000 pairings of two strategies, in the game
    of ``rules`` (Macau's by default; the equilibrium is the one shipped for that game).

    With ``seen`` (tiles both seats saw: :mod:`paigow.game.seen`) the shares are over the
    pairings of the hands of the unseen tiles: two fixed strategies play their settings of every
    hand; two equilibria by name are the equilibrium of the game left at their commission (as paid
    for ``equilibrium-paid``: :mod:`paigow.game.seenpaid`; names of two rates, or a fixed strategy
    against an equilibrium by name, are refused: InvalidOptionError, code ``seen.mixed``). The house edge
    at a rate r follows: the player's result is ``(1 - r) * win - lose``.

    >>> v = game_value("max-back", "max-back")
    >>> round(v.win + v.push + v.lose, 12), round(v.ev, 6)
    (1.0, -0.013147)
    >>> v = game_value(seen=range(20))   # the equilibrium of the 12 tiles left
    >>> round(v.win + v.push + v.lose, 9), round(v.ev, 4)
    (1.0, -0.0427)
    """
    if seen is not None and not (isinstance(seen, (str, tuple, list)) and not seen):
        return _seen_value(player, banker, rules, seen)
    g = clean_rules(rules)
    sp, sb = pair(player, banker, g)
    if sb.type_uniform(g) or not sp.type_uniform(g):
        mass, counts = _against(sp, "player", sb, g)
        wpl = np.einsum("rk,rkc->c", mass, counts)
    else:  # from the banker's side: its wins are the player's losses
        mass, counts = _against(sb, "banker", sp, g)
        wpl = np.einsum("rk,rkc->c", mass, counts)[::-1]
    wpl = wpl / PAIRINGS
    return GameValue(float(wpl[0]), float(wpl[1]), float(wpl[2]))


def _seen_value(player: "StrategyLike | None", banker: "StrategyLike | None", rules: RulesLike, seen: Any) -> GameValue:
    from paigow.game import seen as left, seenpaid  # loaded with the first seen tiles

    g = clean_rules(rules)
    s = left.clean_seen(seen)
    names = [x is None or (isinstance(x, str) and x in SHIPPED_NAMES) for x in (player, banker)]
    if all(names):  # the game left at the names' commission (as paid with a paid equilibrium's)
        w, p, lo = left.left_counts(seenpaid.game_at(left.rank_counts(s), g, seenpaid.name_rate(player, banker, rules=g)))
    elif any(names):
        raise InvalidOptionError("with seen tiles, an equilibrium by name is the equilibrium of the game left: "
                                 "pair it with another, or give both seats fixed strategies", code="seen.mixed")
    else:
        sp, sb = clean_strategy(player, "player", g), clean_strategy(banker, "banker", g)
        w, p, lo = left.pair_counts(sp.table, sb.advice_packed(g), s, g)
    return GameValue(w, p, lo)


def _best_response(seat: str, other: Strategy, rules: RuleSet) -> float:
    """The best total a seat can reach against ``other``, per pairing (wins - losses)."""
    side = other.side(seat, rules)
    net = (side.counts[:, :, 0].astype(np.float64) - side.counts[:, :, 2].astype(np.float64)) * COUNT_UNIT
    per_hand = net.max(axis=1)[side.key]
    return float(per_hand.sum() / PAIRINGS)


def exploitability(player: "StrategyLike | None" = None, banker: "StrategyLike | None" = None,
                   rules: RulesLike = None) -> float:
    """The player's best-response value against ``banker`` minus the value the banker's best
    response holds ``player`` to, per hand, in the game of ``rules``: zero exactly at an
    equilibrium.

    >>> exploitability("max-back", "max-back") > 0.01
    True
    """
    g = clean_rules(rules)
    sp, sb = pair(player, banker, g)
    return _best_response("player", sb, g) + _best_response("banker", sp, g)


# ---------------------------------------------------------------------------------------------
# the game over types, as the solver iterates on it (each takes a cleaned RuleSet)

def type_values(sigma: npt.NDArray[np.float64], banker_side: bool, rules: RuleSet = MACAU, threads: int = 0,
                work: npt.NDArray[np.float64] | None = None,
                out: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
    """(n, 3): the zero-sum value (wins - losses, in opposing hands) of each type setting of one
    side (the banker's when ``banker_side``) against the other side's type strategy ``sigma``.
    ``work`` (:func:`paigow._core.side_values_size`) and ``out`` are buffers to reuse."""
    check_banker_copies(rules, "the solver")
    ty = hand_types(rules)
    return _core.side_values(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f, ty.tset_b,
                             ty.rep_hand, banker_side, rules.core, threads, work, out)


def best_response_value(q: npt.NDArray[np.float64], rules: RuleSet = MACAU) -> float:
    """Best-response total over all hands of a side with type setting values ``q``, per pairing."""
    ty = hand_types(rules)
    valid = np.arange(3)[None, :] < ty.m[:, None]
    best = np.where(valid, q, -np.inf).max(axis=1)
    return float((ty.cnt * best).sum() / PAIRINGS)


def type_exploitability(sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64],
                        rules: RuleSet = MACAU) -> tuple[float, float, float]:
    """(player's best response vs ``sb``, value ``sp`` is held to by the banker's best response,
    value) of a type strategy pair, per pairing, zero-sum."""
    qp = type_values(sb, False, rules)
    qb = type_values(sp, True, rules)
    ty = hand_types(rules)
    value = float((ty.cnt * (sp * qp).sum(axis=1)).sum() / PAIRINGS)
    return best_response_value(qp, rules), -best_response_value(qb, rules), value


def type_game_counts(sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64],
                     rules: RuleSet = MACAU) -> npt.NDArray[np.float64]:
    """The player's (wins, pushes, losses) over all 736,281,000 pairings of two type strategies
    (integers, exact in float64, when both are pure)."""
    ty = hand_types(rules)
    return _core.type_game_value(sp, sb, type_weights(), ty.cnt, ty.m, ty.tset_f, ty.tset_b, rules.core)


# ---------------------------------------------------------------------------------------------
# the game as paid: wins and losses of every setting, counted separately

@functools.lru_cache(maxsize=1)
def _kernel_data() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]:
    """What side_counts reads of the hands: each tile's rank 0-16 (Table 1, from paigow.tiles)
    and the rows of the 29 hands holding each triple of tiles (triples in colex order)."""
    hands = all_hands().astype(np.int64)
    tile_rank = np.array([t.rank - 1 for t in DECK], dtype=np.int8)
    # the hands holding each triple a < b < c: colex rank C(c, 3) + C(b, 2) + a
    triples = np.full((4960, 29), -1, dtype=np.int32)
    fill = np.zeros(4960, dtype=np.int64)
    for i, (a, b, c, d) in enumerate(hands.tolist()):
        for x, y, z in ((a, b, c), (a, b, d), (a, c, d), (b, c, d)):
            k = z * (z - 1) * (z - 2) // 6 + y * (y - 1) // 2 + x
            triples[k, fill[k]] = i
            fill[k] += 1
    assert (fill == 29).all()
    return tile_rank, triples


class SideCounter:
    """The side_counts kernel for the game of ``rules`` (a cleaned RuleSet) with its buffers,
    allocated once and reused across iterations."""

    def __init__(self, threads: int, rules: RuleSet = MACAU) -> None:
        check_banker_copies(rules, "the solver")
        self.rules = rules
        self.types = ty = hand_types(rules)
        self.threads = threads
        self.tile_rank, self.triples = _kernel_data()
        self.n_ranks = rules.core.n_ranks
        self.work = np.empty(_core.side_counts_size(self.n_ranks), dtype=np.float64)
        self.out = {side: np.empty((ty.n, 3, 2), dtype=np.float64) for side in (False, True)}

    def counts(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """(n, 3, 2) wins and losses of each type setting of one side against ``sigma``; the
        array is reused by the next call for the same side."""
        ty = self.types
        out = self.out[banker_side]
        _core.side_counts(np.ascontiguousarray(sigma), ty.hand_type, all_hands(), ty.tset_f, ty.tset_b,
                          ty.rep_hand, banker_side, self.tile_rank, self.rules.core, self.triples,
                          self.n_ranks, self.work, out, self.threads)
        return out


def payoff(counts: npt.NDArray[np.float64], win: float) -> npt.NDArray[np.float64]:
    """The value of each type setting from its (wins, losses) when a win counts ``win``."""
    result: npt.NDArray[np.float64] = counts[:, :, 0] * win - counts[:, :, 1]
    return result


def gain(sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64],
         rules: RuleSet = MACAU) -> tuple[float, float]:
    """(best-response gain, value) per hand of a side playing ``sigma`` with setting values ``q``."""
    ty = hand_types(rules)
    valid = np.arange(3)[None, :] < ty.m[:, None]
    best = np.where(valid, q, -np.inf).max(axis=1)
    played = (sigma * q).sum(axis=1)
    return float((ty.cnt * (best - played)).sum() / PAIRINGS), float((ty.cnt * played).sum() / PAIRINGS)
