"""The game left when some tiles are seen by both seats (an exposed tile, Art. 2.2; the first
round's tiles face up in a home game; the tiles of a settled hand).

Both seats know the seen set, so both hands come from the *unseen* tiles: the setting game
restricted to them. Hands of one type (the multiset of their tiles' ranks of Table 1) still play
alike, since what a hand leaves to the other side depends only on the ranks left, so the game
left is solved over types, like the whole game: a type's hands are
``prod_r C(c_r, k_r)`` (``c`` the unseen tiles of each rank, ``k`` the type's) and the hands of
type j beside one hand of type i are ``prod_r C(c_r - k_ir, k_jr)``.

A seat's result is ``front_wins + back_wins - 1`` (Art. 6.3-6.4), linear in the two hands'
comparisons, so the value of a type's setting against a type strategy is two sums over the
opposing types of a cumulative mass by rank: the solver's step is two (n, n) x (n, ranks)
products. :func:`game_left` solves the zero-commission game by predictive CFR+ to an exploitability per hand of 1e-6 or better and certifies it by best responses
over every type, exactly counted. (A proof in fractions, as :mod:`paigow.game.exact` gives the
whole game's, is not built yet.)

>>> g = game_left(range(20))              # the first 20 tiles of the deck seen: 12 left
>>> g.unseen, g.hands, g.opponent_hands
(12, 495, 70)
>>> g.certificate.exploitability <= 1e-6
True
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.errors import InvalidOptionError, TileCopiesError, UnknownTileError
from paigow.game.handtypes import SettingGame, hand_types, setting_game
from paigow.rules import RuleSet, RulesLike, clean_rules
from paigow.strategies import Packed
from paigow.tiles import DECK, Tile, TileLike, deck_indices, parse_tiles

__all__ = ["SeenLike", "clean_seen", "GameLeft", "LeftCertificate", "game_left", "opponent_hands",
           "MAX_SEEN", "SOLVED_TYPES", "TOLERANCE", "mask", "rank_counts", "solved", "left_counts", "pair_counts"]

SeenLike = "str | Iterable[TileLike | int] | None"
MAX_SEEN = 24
"""At most 24 tiles seen beside a hand: the other side's four are still to come from the rest."""

DENSE_TYPES = 1200
"""Up to this many types the game left is kept as two dense (3n, 3n) payoff matrices (a step is
two matrix-vector products); above, each step sums by rank over the (n, n) weights."""

SOLVED_TYPES = 1820
"""The largest game left solved here: C(16, 4) types, so every game of 16 unseen tiles or fewer
(1.5% of random 16-tile sets pass 1,200 types and take the summed path: 5-25 s; the worst, 16
tiles of 16 ranks, about 40 s on two cores)."""

KEPT_GAMES = 32
"""How many solved games left a process keeps (each holds its pair and its (n, n) weights, a few
MB to 50 MB at the largest)."""

TOLERANCE = 1e-6
"""The exploitability per hand the solver reaches before it stops."""

_RANK = np.array([t.rank - 1 for t in DECK], dtype=np.intp)


def _choose(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def opponent_hands(seen: int) -> int:
    """The hands the other side can hold beside a hand of four with ``seen`` tiles seen."""
    return _choose(28 - seen, 4)


# ---------------------------------------------------------------------------------------------
# the seen tiles, in every form a hand takes

def clean_seen(seen: Any, hand: Iterable[int] = ()) -> tuple[int, ...]:
    """The seen tiles as sorted DECK indices: text (``"天 杂九"``), tiles or names, or DECK indices;
    None or empty for none. A tile seen twice, or also in ``hand`` (DECK indices), is refused
    (TileCopiesError, code ``tile.twice``), as are more than :data:`MAX_SEEN` (InvalidOptionError,
    code ``seen.size``). Tiles by name take the copies ``hand`` leaves, in deck order.

    >>> clean_seen("天 地"), clean_seen([0, 2]), clean_seen("天", hand=[0]), clean_seen([0], hand=[0])
    ((0, 2), (0, 2), (1,), (1,))
    """
    own = tuple(int(i) for i in hand)
    if seen is None or (isinstance(seen, (str, tuple, list)) and not seen):
        return ()
    if isinstance(seen, str) or isinstance(seen, Tile):
        items: list[Any] = [seen]
    else:
        try:
            items = list(seen)
        except TypeError:
            raise InvalidOptionError(f"seen tiles are text, tiles or DECK indices, not {seen!r}"[:200],
                                     code="seen.type") from None
    if items and all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in items):
        given = [int(x) for x in items]
        if any(not 0 <= x < 32 for x in given):
            raise UnknownTileError(f"a seen tile's DECK index is 0-31, not {given}"[:200], code="tile.index")
        if len(set(given)) != len(given):
            raise TileCopiesError(f"a seen tile is given twice: {given}"[:200], code="tile.twice")
        items = [DECK[x] for x in given]  # by face: the two copies of a tile are one to the game
    mine = [str(DECK[i]) for i in own]  # the hand's copies first
    tiles = parse_tiles(" ".join(mine + [seen]) if isinstance(seen, str) else mine + items)
    out = [_twin(x) if x in own else x for x in list(deck_indices(tiles))[len(own):]]  # the copy the hand leaves
    both = own + tuple(out)
    if len(set(both)) != len(both):
        raise TileCopiesError("a seen tile is used twice (or is in the hand): "
                              + " ".join(str(DECK[i]) for i in out), code="tile.twice")
    if len(out) > MAX_SEEN:
        raise InvalidOptionError(f"at most {MAX_SEEN} tiles are seen beside a hand, not {len(out)}", code="seen.size")
    return tuple(sorted(out))


def _twin(i: int) -> int:
    """The other copy of the tile at DECK index ``i`` (itself for a tile of one copy)."""
    same = [j for j, t in enumerate(DECK) if t.face == DECK[i].face and j != i]
    return same[0] if same else i


def mask(seen: tuple[int, ...]) -> int:
    """The seen tiles as a 32-bit mask of DECK indices (what the advice kernel takes)."""
    m = 0
    for i in seen:
        m |= 1 << i
    return m


# ---------------------------------------------------------------------------------------------
# the game left, over types

@dataclasses.dataclass(frozen=True)
class LeftCertificate:
    """Best responses over every type of the game left against a solved pair, per hand:
    ``exploitability`` is the player's best response against the banker's strategy minus what
    the banker's best response holds the player's to (0 at an equilibrium)."""

    value: float
    player_best: float
    banker_best: float
    iterations: int

    @property
    def exploitability(self) -> float:
        return self.player_best - self.banker_best


class GameLeft:
    """The setting game of ``rules`` on the tiles left unseen, over the types they can form.

    ``types`` are the type ids (of :func:`paigow.game.handtypes.hand_types`) present, ``cnt``
    their hands, ``weights[i, j]`` the hands of type j beside one hand of type i; ``player``
    and ``banker`` (n, 3) the solved type strategies (after :meth:`solve`)."""

    def __init__(self, rank_counts: tuple[int, ...], rules: RuleSet) -> None:
        ty = hand_types(rules)
        c = np.array(rank_counts, dtype=np.int64)
        k = ty.counts.astype(np.int64)
        present = np.where((k <= c[None, :]).all(axis=1))[0]
        self.rules = rules
        self.rank_counts = rank_counts
        self.unseen = int(c.sum())
        self.types = present
        self.index = {int(t): i for i, t in enumerate(present.tolist())}
        kp = k[present]
        comb = np.array([[_choose(a, b) for b in range(5)] for a in range(5)], dtype=np.int64)
        self.cnt = np.prod(comb[c[None, :], kp], axis=1)
        left = c[None, :] - kp                                    # (n, 17) ranks left beside type i
        ok = (kp[None, :, :] <= left[:, None, :]).all(axis=2)
        w = np.prod(comb[np.clip(left, 0, 4)[:, None, :], kp[None, :, :]], axis=2)
        self.weights = np.where(ok, w, 0)
        self._wf = self.weights.astype(np.float64)
        self._total = self._wf.sum(axis=1)[:, None]
        self.m = ty.m[present].astype(np.intp)
        self.tf = ty.tset_f[present].astype(np.intp)
        self.tb = ty.tset_b[present].astype(np.intp)
        self.valid = np.arange(3)[None, :] < self.m[:, None]
        self.hands = _choose(self.unseen, 4)
        self.opponent_hands = _choose(self.unseen - 4, 4)
        self.pairings = self.hands * self.opponent_hands
        core = rules.core
        self.n_ranks, self.front_zero, self.back_zero = core.n_ranks, core.front_zero, core.back_zero
        self._dense_ok = len(present) <= DENSE_TYPES   # the matrices are made when a solve or check needs them
        self.player: npt.NDArray[np.float64] = np.where(self.valid, 1.0, 0.0) / self.m[:, None]
        self.banker: npt.NDArray[np.float64] = self.player.copy()
        self.certificate = LeftCertificate(math.nan, math.nan, math.nan, 0)
        self._densef: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None = None
        self._hand_counts: dict[tuple[int, bool], npt.NDArray[np.float64]] = {}

    # -- the values of every type setting ------------------------------------------------------
    def _cum(self, sigma: npt.NDArray[np.float64], ranks: npt.NDArray[np.intp], strict_above: bool,
             zero: int) -> npt.NDArray[np.float64]:
        """(n, n_ranks + 1): for the other side's type j and a rank r, the mass of its settings whose
        hand (front or back: ``ranks``) a hand of rank r beats (``strict_above`` False: the
        player's of rank r beats the banker's below it), or that beat a hand of rank r (True:
        the player's above r, at least ``zero``)."""
        n, nr = len(sigma), self.n_ranks
        out = np.zeros((n, nr + 1))
        for t in range(3):
            hist = np.zeros((n, nr + 1))
            hist[np.arange(n), ranks[:, t]] = sigma[:, t]
            if strict_above:  # mass of player ranks p > r with p >= zero: suffix sums from r + 1
                hist[:, :zero] = 0.0
                above = np.cumsum(hist[:, ::-1], axis=1)[:, ::-1]
                out += np.concatenate([above[:, 1:], np.zeros((n, 1))], axis=1)
            else:  # mass of banker ranks b < r: prefix sums up to r - 1
                out += np.concatenate([np.zeros((n, 1)), np.cumsum(hist, axis=1)[:, :-1]], axis=1)
        return out

    def _matrices(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(3n, 3n) integer payoffs of every type setting of the player (the banker) against every
        type setting of the other side played alone: its wins minus losses, in hands."""
        n = len(self.types)
        tf, tb = self.tf, self.tb
        fw = (tf[:, :, None, None] > tf[None, None, :, :]) & (tf[:, :, None, None] >= self.front_zero)
        bw = (tb[:, :, None, None] > tb[None, None, :, :]) & (tb[:, :, None, None] >= self.back_zero)
        ok = self.valid[:, :, None, None] & self.valid[None, None, :, :]
        res = np.where(ok, fw.astype(np.int64) + bw - 1, 0)            # (i, s, j, t): the player's result
        a = (res * self.weights[:, None, :, None]).reshape(3 * n, 3 * n)
        b = (-res.transpose(2, 3, 0, 1) * self.weights[:, None, :, None]).reshape(3 * n, 3 * n)
        return a, b

    def values(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """(n, 3): each type setting's total result (wins - losses, in opposing hands) of one
        side against the other side's type strategy ``sigma``."""
        if self._dense_ok:
            if self._densef is None:
                a, b = self._matrices()
                self._densef = (a.astype(np.float64), b.astype(np.float64))
            return (self._densef[banker_side] @ sigma.reshape(-1)).reshape(-1, 3)
        w = self._wf
        if not banker_side:  # the player's setting (f, b): fronts won + backs won - hands
            cf = w @ self._cum(sigma, self.tf, False, 0)
            cb = w @ self._cum(sigma, self.tb, False, 0)
            rows = np.arange(len(sigma))[:, None]
            fw = np.where(self.tf >= self.front_zero, cf[rows, self.tf], 0.0)
            bw = np.where(self.tb >= self.back_zero, cb[rows, self.tb], 0.0)
            return fw + bw - self._total  # type: ignore[no-any-return]
        cf = w @ self._cum(sigma, self.tf, True, self.front_zero)
        cb = w @ self._cum(sigma, self.tb, True, self.back_zero)
        rows = np.arange(len(sigma))[:, None]
        return self._total - cf[rows, self.tf] - cb[rows, self.tb]  # type: ignore[no-any-return]

    # -- solving and certifying ----------------------------------------------------------------
    def solve(self, tol: float = TOLERANCE, max_iterations: int = 100000, check_every: int = 20) -> "GameLeft":
        """Solve the zero-commission game left by predictive CFR+ (alternating updates, regrets
        floored at 0, the last regret as the prediction, the average weighted by the iteration
        squared) until the average pair's exploitability per hand is at most ``tol``; keep the
        pair and its certificate (best responses over every type)."""
        valid = self.valid
        x, y = self.player.copy(), self.banker.copy()
        rp, rb = np.zeros_like(x), np.zeros_like(y)
        sp, sb = np.zeros_like(x), np.zeros_like(y)
        it = 0
        cert = self._certify(x, y, 0)
        while it < max_iterations and cert.exploitability > tol:
            for _ in range(check_every):
                it += 1
                qp = self.values(y, False)
                inst = np.where(valid, qp - (x * qp).sum(axis=1, keepdims=True), 0.0)
                rp = np.maximum(rp + inst, 0.0)
                x = _match(np.maximum(rp + inst, 0.0), valid)
                sp += it * it * x
                qb = self.values(x, True)
                inst = np.where(valid, qb - (y * qb).sum(axis=1, keepdims=True), 0.0)
                rb = np.maximum(rb + inst, 0.0)
                y = _match(np.maximum(rb + inst, 0.0), valid)
                sb += it * it * y
            cert = self._certify(_norm(sp, valid), _norm(sb, valid), it)
        if it:
            x, y = _norm(sp, valid), _norm(sb, valid)
        self.player, self.banker, self.certificate = x, y, cert
        self._hand_counts.clear()
        return self

    def release(self) -> None:
        """Drop the (3n, 3n) matrices (up to 200 MB; made again if a check needs them)."""
        self._densef = None

    def _certify(self, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], iterations: int) -> LeftCertificate:
        qp = self.values(y, False)
        qb = self.values(x, True)
        best_p = float((self.cnt * np.where(self.valid, qp, -np.inf).max(axis=1)).sum() / self.pairings)
        best_b = -float((self.cnt * np.where(self.valid, qb, -np.inf).max(axis=1)).sum() / self.pairings)
        value = float((self.cnt * (x * qp).sum(axis=1)).sum() / self.pairings)
        return LeftCertificate(value, best_p, best_b, iterations)

    def certify(self) -> LeftCertificate:
        """Best responses of both seats over every type against the kept pair, afresh."""
        return self._certify(self.player, self.banker, self.certificate.iterations)

    # -- one hand ------------------------------------------------------------------------------
    def hand_counts(self, type_id: int, banker_seat: bool) -> npt.NDArray[np.float64]:
        """(3, 3): (wins, pushes, losses) of each type setting of a hand of ``type_id`` (its
        type in the whole game) at ``banker_seat`` against the other seat's kept strategy, in
        opposing hands (the hands beside it among the unseen tiles)."""
        got = self._hand_counts.get((type_id, banker_seat))
        if got is not None:
            return got
        got = self._count_hand(type_id, banker_seat)
        got.flags.writeable = False
        self._hand_counts[(type_id, banker_seat)] = got  # kept with the game: a lookup next time
        return got

    def _count_hand(self, type_id: int, banker_seat: bool) -> npt.NDArray[np.float64]:
        i = self.index[type_id]
        other = self.player if banker_seat else self.banker
        w = self.weights[i].astype(np.float64)                      # (n,) hands of each type beside it
        out = np.zeros((3, 3))
        for s in range(int(self.m[i])):
            f, b = int(self.tf[i, s]), int(self.tb[i, s])
            if banker_seat:  # the banker's front wins unless the player's beats it
                pf = (self.tf > f) & (self.tf >= self.front_zero)
                pb = (self.tb > b) & (self.tb >= self.back_zero)
                fw, bw = ~pf, ~pb
            else:
                fw = (f > self.tf) & (f >= self.front_zero)
                bw = (b > self.tb) & (b >= self.back_zero)
            win = (w * (other * (fw & bw)).sum(axis=1)).sum()
            lose = (w * (other * (~fw & ~bw)).sum(axis=1)).sum()
            out[s] = (win, self.opponent_hands - win - lose, lose)
        return out

    def own(self, type_id: int, banker_seat: bool) -> npt.NDArray[np.float64]:
        """The kept probabilities of a type's settings at a seat."""
        return (self.banker if banker_seat else self.player)[self.index[type_id]]  # type: ignore[no-any-return]


def _match(r: npt.NDArray[np.float64], valid: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """Regret matching: each row's positive regrets, normalised (uniform on its settings when none)."""
    s = r.sum(axis=1, keepdims=True)
    uniform = np.where(valid, 1.0, 0.0) / valid.sum(axis=1, keepdims=True)
    return np.where(s > 0, r / np.where(s > 0, s, 1.0), uniform)


def _norm(a: npt.NDArray[np.float64], valid: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    return _match(np.where(valid, a, 0.0), valid)


# ---------------------------------------------------------------------------------------------
# solved on demand, kept

_KEPT: dict[tuple[SettingGame, tuple[int, ...]], GameLeft] = {}
_LOCK = threading.Lock()


def rank_counts(seen: tuple[int, ...], hand: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The unseen tiles of each of the 17 ranks once ``seen`` and ``hand`` are out."""
    c = np.bincount(_RANK, minlength=17)
    for i in seen + hand:
        c[_RANK[i]] -= 1
    return tuple(int(x) for x in c)


def game_left(seen: Any, rules: RulesLike = None) -> GameLeft:
    """The game left when ``seen`` (tiles in any form :func:`clean_seen` takes) are seen by both
    seats, solved and certified on first use and kept, keyed by the value that decides it: the
    rule set's setting game and the unseen tiles of each rank."""
    rs = clean_rules(rules)
    s = clean_seen(seen)
    return solved(rank_counts(s), rs)


def solved(counts: tuple[int, ...], rules: RuleSet) -> GameLeft:
    key = (setting_game(rules), counts)
    got = _KEPT.get(key)
    if got is None:
        if sum(counts) < 8:
            raise InvalidOptionError("the game left needs eight unseen tiles: two hands", code="seen.size")
        ty = hand_types(rules)
        n = int((ty.counts <= np.array(counts, dtype=np.uint8)[None, :]).all(axis=1).sum())
        if n > SOLVED_TYPES:
            raise InvalidOptionError(
                f"the equilibrium of the game left of {sum(counts)} unseen tiles ({n} hand types) is not solved here "
                f"yet (up to {SOLVED_TYPES} types: every game of 16 unseen tiles or fewer); advise against a fixed strategy, or the "
                f"shipped equilibrium as a Strategy", code="seen.large")
        made = GameLeft(counts, rules).solve()
        with _LOCK:
            while len(_KEPT) >= KEPT_GAMES:     # the oldest first: each holds its (n, n) weights
                del _KEPT[next(iter(_KEPT))]
            for other in _KEPT.values():      # only the newest keeps its (3n, 3n) matrices
                other.release()
            got = _KEPT.setdefault(key, made)
    return got


# ---------------------------------------------------------------------------------------------
# the whole game left: win, push, lose over its pairings

def left_counts(game: GameLeft) -> tuple[float, float, float]:
    """The player's (wins, pushes, losses) over every pairing of the game left, both seats
    playing its kept equilibrium, as shares of the pairings."""
    w = p = lo = 0.0
    for i, t in enumerate(game.types.tolist()):
        c = game.hand_counts(int(t), False)
        x = game.player[i]
        w += float(game.cnt[i] * (x * c[:, 0]).sum())
        p += float(game.cnt[i] * (x * c[:, 1]).sum())
        lo += float(game.cnt[i] * (x * c[:, 2]).sum())
    return w / game.pairings, p / game.pairings, lo / game.pairings


def pair_counts(player_table: npt.NDArray[np.float64], banker_packed: Packed, seen: tuple[int, ...],
                rules: RuleSet) -> tuple[float, float, float]:
    """The player's (wins, pushes, losses) shares over every pairing of the hands of the unseen
    tiles, the player setting by the (35960, 3) table ``player_table`` and the banker by a
    strategy compiled for the advice kernel (``Strategy.advice_packed``): each player hand
    enumerated against every banker hand of the tiles left beside it."""
    unseen = [i for i in range(32) if i not in seen]
    hands = np.array([h for h in _combinations(unseen)], dtype=np.int64)
    rows = _core.hand_rows(hands)
    m = mask(seen)
    total = np.zeros(3)
    count_unit = 2.0 ** -_core.COUNT_SCALE_BITS
    for h, row in zip(hands, rows.tolist()):
        probs = player_table[row]
        if not probs.any():
            continue
        c = _core.advice_counts(h, *banker_packed, False, rules.core, m).astype(np.float64) * count_unit
        total += probs @ c
    pairings = len(hands) * _choose(len(unseen) - 4, 4)
    return float(total[0] / pairings), float(total[1] / pairings), float(total[2] / pairings)


def _combinations(items: list[int]) -> Iterable[tuple[int, ...]]:
    import itertools

    return itertools.combinations(items, 4)
