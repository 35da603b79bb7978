"""The game left when some tiles are seen by both seats (an exposed tile, Art. 2.2; the first
round's tiles face up in a home game; the tiles of a settled hand).

Both seats know the seen set, so both hands come from the *unseen* tiles: the setting game
restricted to them. Hands of one type (the multiset of their tiles' ranks of Table 1) still play
alike, since what a hand leaves to the other side depends only on the ranks left, so the game
left is solved over types, like the whole game: a type's hands are
``prod_r C(c_r, k_r)`` (``c`` the unseen tiles of each rank, ``k`` the type's) and the hands of
type j beside one hand of type i are ``prod_r C(c_r - k_ir, k_jr)``.

A seat's result is ``front_wins + back_wins - 1`` (Art. 6.3-6.4), linear in the two hands'
comparisons, so the value of a type's setting against a type strategy is a sum over the
opposing hands beside one of its hands of a cumulative mass by rank. The compiled step
(``_core.left_values``, :class:`_LeftKernel`) counts those hands by inclusion-exclusion over the
rank multisets of at most three of the hand's tiles: one rank histogram a multiset, each type
reading about a dozen, so a step is linear in the types and no (n, n) array is made (a kept
game holds about 3 MB). :func:`game_left` solves the zero-commission game by predictive
discounted CFR (``_core.left_cfr``, :data:`DISCOUNT`), started from the whole game's shipped
equilibrium on the types left, to an exploitability per hand of 1e-6 or better, and certifies it
by best responses over every type, exactly counted; after 60 iterations the linear program on
the types the iterate mixes finishes it (:mod:`paigow.game.seenlp`, a compiled simplex),
certified the same way. Every game left is solved (one seen tile and up: up to 4,151 types); on
one thread four seen tiles (up to 3,755 types) take about 0.1 s of CPU, 12 unseen tiles median
about 10 ms, the slowest of a run of 60 random sets 15-48 ms (33 runs; ``OMP_NUM_THREADS=1
python -m pytest bench/test_bench_seen.py``; docs/advice.md). A seen set :func:`paigow.advise` checked is kept
with its game (:class:`KeptAdvice`): the next hands read it. :mod:`paigow.game.seensupport`
proves a kept pair's equilibrium in fractions.

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
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.errors import InvalidOptionError, InvalidStrategyError, TileCopiesError, UnknownTileError
from paigow.game import seenlp
from paigow.game.equilibria import file_stem, shipped_types
from paigow.game.handtypes import SettingGame, hand_types, setting_game
from paigow.rules import RuleSet, RulesLike, clean_rules
from paigow.strategies import Packed
from paigow.tiles import DECK, Tile, TileLike, deck_indices, parse_tiles

__all__ = ["SeenLike", "clean_seen", "GameLeft", "LeftCertificate", "game_left", "opponent_hands",
           "MAX_SEEN", "SOLVED_TYPES", "forget", "on_forget", "DISCOUNT", "KeptAdvice", "fit_masks", "fits",
           "keep_advice", "whole_start", "TOLERANCE", "mask", "rank_counts", "solved", "left_counts", "pair_counts"]

SeenLike = "str | Iterable[TileLike | int] | None"
MAX_SEEN = 24
"""At most 24 tiles seen beside a hand: the other side's four are still to come from the rest."""

SOLVED_TYPES = 4285
"""The largest game left solved here: every type of the whole game, so every game left of 28
unseen tiles or fewer (one seen tile and up: the largest, 4,151 types, about 0.11 s on one
thread; four seen tiles, up to 3,755 types, 0.1 s)."""

KEPT_GAMES = 32
"""How many solved games left a process keeps (each holds its pair, its step's tables, about
1 MB, and a 2 MB buffer at the largest: no (n, n) array)."""

TOLERANCE = 1e-6
"""The exploitability per hand the solver reaches before it stops."""

DISCOUNT = (1.5, 0.0, 3.0)
"""The solver's (alpha, beta, gamma) of discounted CFR (Brown and Sandholm 2019): after iteration
t a positive regret is multiplied by t^alpha / (t^alpha + 1), a negative one by t^beta /
(t^beta + 1), and the iterate enters the average with weight t^gamma. Against CFR+ (regrets
floored at 0, weight t^2) it takes half the iterations or fewer on the games left (24 random
12-unseen sets: median about 500 -> 190 iterations, the slowest 1,280 -> 760; four seen tiles,
3,146 types: 500 -> 180)."""

FINISH_AT = (60, 200)
"""The iterations after which :meth:`GameLeft.solve` tries the exact finish of
:mod:`paigow.game.seenlp` (the linear program on the types the iterate mixes), in games of up to
:data:`FINISH_LARGE` types. After 60 rather than 50 iterations the slowest 12-unseen sets open
fewer types and take fewer rounds (the slowest of 7 x 60 random sets 50-51 ms against 57-63 ms),
for about 1 ms more at the median."""

FINISH_LARGE = 1000
FINISH_AT_LARGE = (50, 200)
"""... and in larger games (ten iterations of 3,000 types cost more than the rounds they save)."""

FINISH_TYPES = 4285
"""The largest game left the finish is tried on: every one (it opens at most
:data:`paigow.game.seenlp.MAX_TYPES` types a seat; one seen tile, 3,500-4,151 types, 0.30-0.35 s
-> about 0.11 s of CPU)."""

_RANK = np.array([t.rank - 1 for t in DECK], dtype=np.intp)
_COMB = np.array([[math.comb(a, b) for b in range(5)] for a in range(5)], dtype=np.int64)


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
    their hands; ``player`` and ``banker`` (n, 3) the solved type strategies (after
    :meth:`solve`). ``weights[i, j]``, the hands of type j beside one hand of type i, is made
    when asked (an (n, n) array: 110 MB at 3,700 types); the solver never makes it."""

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
        self._k = k[present]
        self.cnt = np.prod(_COMB[c[None, :], self._k], axis=1)
        self.m = ty.m[present].astype(np.intp)
        self.tf = ty.tset_f[present].astype(np.intp)
        self.tb = ty.tset_b[present].astype(np.intp)
        self.valid = np.arange(3)[None, :] < self.m[:, None]
        self.hands = _choose(self.unseen, 4)
        self.opponent_hands = _choose(self.unseen - 4, 4)
        self.pairings = self.hands * self.opponent_hands
        core = rules.core
        self.n_ranks, self.front_zero, self.back_zero = core.n_ranks, core.front_zero, core.back_zero
        self._kernel = _LeftKernel(self, rules)
        self.player: npt.NDArray[np.float64] = np.where(self.valid, 1.0, 0.0) / self.m[:, None]
        self.banker: npt.NDArray[np.float64] = self.player.copy()
        self.certificate = LeftCertificate(math.nan, math.nan, math.nan, 0)
        self._hand_counts: dict[tuple[int, bool], npt.NDArray[np.float64]] = {}
        self._lists: dict[tuple[int, bool], tuple[list[list[float]], list[float]]] = {}
        self._rows: tuple[list[int], list[list[int]]] | None = None

    # -- the values of every type setting ------------------------------------------------------
    def weights_row(self, i: int) -> npt.NDArray[np.int64]:
        """(n,): the hands of each type beside one hand of the type at row ``i``."""
        left = np.array(self.rank_counts, dtype=np.int64) - self._k[i]
        ok = (self._k <= left[None, :]).all(axis=1)
        return np.where(ok, np.prod(_COMB[np.clip(left, 0, 4)[None, :], self._k], axis=1), 0)

    @property
    def weights(self) -> npt.NDArray[np.int64]:
        """(n, n): ``weights[i, j]`` the hands of type j beside one hand of type i (made anew)."""
        return np.stack([self.weights_row(i) for i in range(len(self.types))])

    def values(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """(n, 3): each type setting's total result (wins - losses, in opposing hands) of one
        side against the other side's type strategy ``sigma`` (a new array)."""
        return self._kernel.values(sigma, banker_side).copy()

    # -- solving and certifying ----------------------------------------------------------------
    def solve(self, tol: float = TOLERANCE, max_iterations: int = 100000, check_every: int = 10,
              start: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None = None,
              finish: bool = True) -> "GameLeft":
        """Solve the zero-commission game left by predictive discounted CFR (alternating updates,
        the last regret as the prediction, positive regrets discounted by t^1.5 / (t^1.5 + 1) and
        negative ones halved after each iteration t, the average weighted by t^3: :data:`DISCOUNT`)
        until the average pair's exploitability per hand is at most ``tol``; keep the pair and its
        certificate (best responses over every type).

        ``start`` (two (n, 3) type strategies, e.g. the whole game's equilibrium on the types
        left) is the first iterate: its pair is checked first and kept when it meets ``tol``;
        the regrets start at 0 (regrets carried over with it slow the iteration down).

        After :data:`FINISH_AT` iterations (:data:`FINISH_AT_LARGE` in games of more than
        :data:`FINISH_LARGE` types; ``finish``, games of up to :data:`FINISH_TYPES`
        types) the linear program on the types the average mixes is solved exactly
        (:func:`paigow.game.seenlp.finish`) and its pair kept when its certificate meets ``tol``;
        else the iteration goes on."""
        valid = self.valid
        x, y = self.player.copy(), self.banker.copy()
        if start is not None:
            x, y = _norm(start[0], valid), _norm(start[1], valid)
        rp, rb = np.zeros_like(x), np.zeros_like(y)
        sp, sb = np.zeros_like(x), np.zeros_like(y)
        it = 0
        cert = self._certify(x, y, 0)
        finished = None
        at = FINISH_AT if len(self.types) <= FINISH_LARGE else FINISH_AT_LARGE
        while it < max_iterations and cert.exploitability > tol:
            steps = min(check_every, max_iterations - it)
            self._kernel.cfr(x, y, rp, rb, sp, sb, it, steps)
            it += steps
            cert = self._certify(_norm(sp, valid), _norm(sb, valid), it)
            if finish and it in at and cert.exploitability > tol and len(self.types) <= FINISH_TYPES:
                finished = seenlp.finish(self, _norm(sp, valid), _norm(sb, valid),
                                         lambda a, b, it=it: self._certify(a, b, it), _norm, tol)
                if finished is not None:
                    break
        if finished is not None:
            x, y, cert = finished
        elif it:
            x, y = _norm(sp, valid), _norm(sb, valid)
        self.player, self.banker, self.certificate = x, y, cert
        self._hand_counts.clear()
        self._lists.clear()
        return self

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
        w = self.weights_row(i).astype(np.float64)                  # (n,) hands of each type beside it
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

    def hand_table(self, rows: npt.NDArray[np.int64], orders: npt.NDArray[np.int8], banker_seat: bool
                   ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """(counts (N, 3, 3), own probabilities (N, 3)) of N hands at a seat: ``rows`` their rows
        of ``all_hands()``, ``orders`` each setting's index among its sorted hand's settings in
        the order of the hand's tiles (``_core.setting_order``). A setting that is the same type
        setting as an earlier one of the hand (copies) takes probability 0."""
        counts = np.zeros((len(rows), 3, 3))
        own = np.zeros((len(rows), 3))
        for n, (row, order) in enumerate(zip(rows.tolist(), orders.tolist())):
            c, p = self.hand_lists(row, order, banker_seat)
            counts[n] = c
            own[n] = p
        return counts, own

    def hand_lists(self, row: int, order: Any, banker_seat: bool) -> tuple[list[list[float]], list[float]]:
        """:meth:`hand_table` of one hand, as lists (what :func:`paigow.advise` reads once the
        game is kept: each type's counts and probabilities are kept as lists too)."""
        if self._rows is None:
            self._rows = _row_lists(self.rules)
        hand_type, hand_map = self._rows
        t = hand_type[row]
        got = self._lists.get((t, banker_seat))
        if got is None:
            got = (self.hand_counts(t, banker_seat).tolist(), self.own(t, banker_seat).tolist())
            self._lists[(t, banker_seat)] = got
        per, probs = got
        ts = hand_map[row]
        a, b, c = ts[order[0]], ts[order[1]], ts[order[2]]
        return ([per[a], per[b], per[c]],
                [probs[a], probs[b] if b != a else 0.0, probs[c] if c != a and c != b else 0.0])


_ROW_LISTS: dict[SettingGame, tuple[list[int], list[list[int]]]] = {}


def _row_lists(rules: RuleSet) -> tuple[list[int], list[list[int]]]:
    """Each hand row's type and its settings' type settings (``hand_types``' ``hand_type`` and
    ``hand_map``) as lists, once per setting game: what one hand's advice reads."""
    key = setting_game(rules)
    got = _ROW_LISTS.get(key)
    if got is None:
        ty = hand_types(rules)
        with _LOCK:
            got = _ROW_LISTS.setdefault(key, (ty.hand_type.tolist(), ty.hand_map.tolist()))
    return got


class _LeftKernel:
    """The compiled step of a game left (``_core.left_values``) with its tables and buffers.

    Inclusion-exclusion over the tiles an opposing hand shares with one hand of type i, by rank
    multisets S of at most three tiles (tiles of one rank play alike): type j deposits into the
    table of each S within it ``cnt_j * occ_j(S) / N(S)`` (``occ`` the occurrences of S in one
    of its hands, ``N(S)`` the unseen tile sets of S), and type i reads the table of each S
    within it ``(-1)^|S| * occ_i(S)`` times; the hand itself is added back. A type meets at
    most 15 multisets, so a step costs a few hundred operations a type (no (n, n) array)."""

    def __init__(self, game: GameLeft, rules: RuleSet) -> None:
        ent_type, ent_tab, ent_occ, ent_size, table_vec = _multisets(rules)
        local = np.full(len(hand_types(rules).counts), -1, dtype=np.int64)
        local[game.types] = np.arange(len(game.types))
        sel = local[ent_type] >= 0                       # entries sorted by type: rows stay in order
        rows = local[ent_type[sel]]
        used, tab = np.unique(ent_tab[sel], return_inverse=True)
        c = np.array(game.rank_counts, dtype=np.int64)
        sets = np.prod(_COMB[c[None, :], table_vec[used].astype(np.int64)], axis=1)   # N(S)
        occ = ent_occ[sel].astype(np.float64)
        self.tab = tab.astype(np.int32)
        self.dep = game.cnt[rows].astype(np.float64) * occ / sets[tab]
        self.use = np.where(ent_size[sel] % 2 == 1, -occ, occ)
        self.ptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=len(game.types)))]).astype(np.int32)
        self.n_tables = len(used)
        self.tset_f = np.ascontiguousarray(game.tf, dtype=np.uint8)
        self.tset_b = np.ascontiguousarray(game.tb, dtype=np.uint8)
        # the histograms run over the ranks present: a setting's index among them, and for each
        # rank the present ranks below it
        nr = rules.core.n_ranks
        axes: list[Any] = []
        for t in (game.tf, game.tb):
            present = np.unique(t[game.valid])
            axes += [np.ascontiguousarray(np.minimum(np.searchsorted(present, t), len(present) - 1), dtype=np.uint8),
                     np.searchsorted(present, np.arange(nr + 1)).astype(np.int32), len(present)]
        self.cf, self.fmap, self.nf, self.cb, self.bmap, self.nb = axes
        self.core = rules.core
        self.work = np.empty(_core.left_values_size(self.n_tables, self.nf, self.nb))
        self.out = {side: np.empty((len(game.types), 3)) for side in (False, True)}
        self.q = np.empty((len(game.types), 3))
        self.m = game.m.astype(np.int8)

    def cfr(self, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], rp: npt.NDArray[np.float64],
            rb: npt.NDArray[np.float64], sp: npt.NDArray[np.float64], sb: npt.NDArray[np.float64], it: int,
            steps: int) -> None:
        """``steps`` iterations of predictive discounted CFR from iteration ``it`` + 1, in place."""
        _core.left_cfr(x, y, rp, rb, sp, sb, self.m, it, steps, self.tset_f, self.tset_b, self.cf, self.cb, self.fmap,
                       self.bmap, self.nf, self.nb, self.ptr, self.tab, self.dep, self.use, self.n_tables, self.core,
                       self.work, self.q, *DISCOUNT)

    def values(self, sigma: npt.NDArray[np.float64], banker_side: bool) -> npt.NDArray[np.float64]:
        """The side's values against ``sigma``, in a buffer the next call for the side reuses."""
        out = self.out[banker_side]
        _core.left_values(np.ascontiguousarray(sigma, dtype=np.float64), self.tset_f, self.tset_b, self.cf, self.cb,
                          self.fmap, self.bmap, self.nf, self.nb, self.ptr, self.tab, self.dep, self.use, self.n_tables,
                          banker_side, self.core, self.work, out)
        return out


_MULTISETS: dict[SettingGame, tuple[npt.NDArray[Any], ...]] = {}


def _multisets(rules: RuleSet) -> tuple[npt.NDArray[Any], ...]:
    """Every type's rank multisets of at most three of its tiles, once per setting game: (type,
    multiset, occurrences in one hand, size) of each entry, sorted by type, and each multiset's
    count of every rank (M, 17)."""
    key = setting_game(rules)
    got = _MULTISETS.get(key)
    if got is not None:
        return got
    import itertools

    counts = hand_types(rules).counts
    ids: dict[tuple[int, ...], int] = {}
    rows: list[tuple[int, int, int, int]] = []
    for t, k in enumerate(counts.tolist()):
        ranks = [r for r in range(len(k)) if k[r]]
        for part in itertools.product(*(range(k[r] + 1) for r in ranks)):
            size = sum(part)
            if size > 3:
                continue
            vec = [0] * len(k)
            occ = 1
            for r, x in zip(ranks, part):
                vec[r] = x
                occ *= math.comb(k[r], x)
            rows.append((t, ids.setdefault(tuple(vec), len(ids)), occ, size))
    a = np.array(rows, dtype=np.int64)
    table_vec = np.array(list(ids), dtype=np.int8)
    got = (a[:, 0], a[:, 1], a[:, 2], a[:, 3], table_vec)
    with _LOCK:
        _MULTISETS.setdefault(key, got)
    return got


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


_FORGET_HOOKS: list[Callable[[], None]] = []


def on_forget(hook: Callable[[], None]) -> None:
    """Have :func:`forget` call ``hook``: for what a layer above keeps of the kept games
    (:func:`paigow.advise`'s plans of seen sets)."""
    with _LOCK:
        if hook not in _FORGET_HOOKS:
            _FORGET_HOOKS.append(hook)


def forget() -> None:
    """Drop every kept game left (the next ask solves it again)."""
    with _LOCK:
        _KEPT.clear()
        hooks = list(_FORGET_HOOKS)
    for hook in hooks:
        hook()


def whole_start(game: GameLeft, rules: RuleSet) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """The whole game's shipped zero-commission equilibrium on the types left, the solver's
    first iterate (None when none is shipped for the rules' game)."""
    try:
        whole = shipped_types(file_stem(0, rules))
    except InvalidStrategyError:
        return None
    return whole[0][game.types], whole[1][game.types]


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
                f"(up to {SOLVED_TYPES} types); advise against a fixed strategy, or the "
                f"shipped equilibrium as a Strategy", code="seen.large")
        made = GameLeft(counts, rules)
        made.solve(start=whole_start(made, rules))
        with _LOCK:
            dropped = len(_KEPT) >= KEPT_GAMES
            while len(_KEPT) >= KEPT_GAMES:     # the oldest first
                del _KEPT[next(iter(_KEPT))]
            got = _KEPT.setdefault(key, made)
            hooks = list(_FORGET_HOOKS) if dropped else []
        for hook in hooks:  # what the layers above keep of the kept games holds no dropped one
            hook()
    return got


@dataclasses.dataclass(frozen=True)
class KeptAdvice:
    """What :func:`paigow.advise` reads of a seen set against the equilibrium of its game left,
    kept once a first call checked the arguments: the kept ``game``, a ``lookup`` of a hand's row
    and setting order (``_core.SideLookup``), the answer's fields, and the tiles a hand may not
    hold (``full``: every copy seen; ``half``: one of two copies seen, a hand holds one)."""

    game: Any
    lookup: Any
    seat: str
    name: str
    rate: Any
    rules_name: str
    seen: tuple[Tile, ...]
    opponent_hands: int
    full: int
    half: int

    def read(self, hand: tuple[int, int, int, int]) -> tuple[int, Any, list[list[float]], list[float]] | None:
        """(row, setting order, counts, own probabilities) of a checked hand (four distinct DECK
        indices), or None when it holds a seen tile."""
        x = (1 << hand[0]) | (1 << hand[1]) | (1 << hand[2]) | (1 << hand[3])
        h = x & self.half
        if x & self.full or h & (h >> 1) & _TWIN_LOW:
            return None
        got = self.lookup.advise(hand[0], hand[1], hand[2], hand[3])
        row, order = got[6], got[7]
        c, p = self.game.hand_lists(row, order, self.seat == "banker")
        return row, order, c, p


def fits(hands: npt.NDArray[Any], seen: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """(N,): whether each of N checked hands ((N, 4) DECK indices, distinct) holds no seen tile
    (the masks of :func:`fit_masks`)."""
    full, half = fit_masks(seen)
    x = np.left_shift(np.int64(1), np.asarray(hands, dtype=np.int64)).sum(axis=1)
    h = x & half
    return ((x & full) == 0) & ((h & (h >> 1) & _TWIN_LOW) == 0)  # type: ignore[no-any-return]


def keep_advice(store: dict[Any, KeptAdvice], key: Any, kept: KeptAdvice) -> None:
    """Keep ``kept`` under ``key`` in a caller's ``store`` (at most 64 seen sets; cleared with the
    kept games, and when a kept game is dropped for a new one)."""
    on_forget(store.clear)
    with _LOCK:
        if len(store) >= 64:
            store.clear()
        store[key] = kept


_TWIN_LOW = sum(1 << i for i in range(31) if DECK[i] is DECK[i + 1])
"""The first of two copies of a tile (the copies lie side by side in DECK)."""


def fit_masks(seen: tuple[int, ...]) -> tuple[int, int]:
    """(full, half) of :class:`KeptAdvice`: 32-bit masks of the DECK indices of the tiles whose
    every copy is seen, and of those of two copies one of which is seen."""
    faces = [DECK[i].face for i in seen]
    copies = [sum(t is d for t in DECK) for d in DECK]
    full = sum(1 << i for i in range(32) if faces.count(DECK[i].face) == copies[i])
    return full, sum(1 << i for i in range(32) if faces.count(DECK[i].face) == 1 and copies[i] == 2)


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
