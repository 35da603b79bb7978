# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core of the Pai Gow engine (private: use the functions of ``paigow``).

The rules are stated once, in Python: Table 1 in ``paigow.tiles``, the hand order in
``paigow.hands``, a rule set in ``paigow.rules``. The core holds no rules of its own: a
:class:`RuleTables` (a :c:type:`Rules` of ``_common.pxd``: the rank of the hand of any two deck
indices, 255 where the indices are equal, and the zero rule of each hand) is built from a rule
set's statement (``paigow.rules.RuleSet.core``) and handed to every kernel, as numpy.random hands
a ``bitgen_t *`` to its samplers, so two rule sets live side by side in one process. The
comparison (Art. 6), the splits and the arrangement are stated once in ``_common.pxd``, which
every kernel cimports; ``paigow.compare`` and ``paigow.SPLITS`` read them from here.

Kernels are ``noexcept nogil`` over typed memoryviews. They check each row's indices as they go
(range 0-31, no index twice) and return the first bad row, or -1; the public wrappers in
``paigow.batch`` check dtype and shape before calling them and turn a bad row into an error.
"""

import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
cimport cython

from paigow._common cimport (N_TILES, N_HANDS, N_OPP, NR, NO_HAND, Rules, idx_t, front_wins, back_wins, decide,
                             arrange, split_hands, sorted_setting, sort4, choose, hand_row, distinct4, load_row,
                             derive_thresholds, pair_index, triple_index)

cdef class RuleTables:
    """A rule set's tables as the kernels read them (built by ``paigow.rules.RuleSet.core``).

    ``RuleTables(hand_rank, n_ranks, front_zero, back_zero, neutral=False)``: ``hand_rank[a][b]``
    is the rank (0 the weakest, below ``n_ranks``) of the hand of deck indices a != b, the same
    both ways; ``front_zero`` / ``back_zero`` the number of lowest ranks that never win that hand
    (the zero rule; 0 for none); ``neutral``: a copy counts for no one (else it is the banker's).
    Every kernel takes one as its last argument.
    """

    cdef Rules r

    def __init__(self, hand_rank, int n_ranks, int front_zero, int back_zero, bint neutral=False):
        cdef int a, b, x
        if not 0 < n_ranks <= NR:
            raise ValueError(f"n_ranks must be 1 to {NR}, not {n_ranks}")
        if not (0 <= front_zero <= n_ranks and 0 <= back_zero <= n_ranks):
            raise ValueError("front_zero and back_zero must be 0 to n_ranks")
        rows = [list(r) for r in hand_rank]
        if len(rows) != N_TILES or any(len(r) != N_TILES for r in rows):
            raise ValueError(f"hand_rank must be {N_TILES} x {N_TILES}")
        for a in range(N_TILES):
            for b in range(N_TILES):
                if a == b:
                    self.r.hand_rank[a][b] = NO_HAND
                    continue
                x = int(rows[a][b])
                if not 0 <= x < n_ranks or int(rows[b][a]) != x:
                    raise ValueError(f"hand_rank[{a}][{b}] = {rows[a][b]!r}: a rank below n_ranks, the same both ways")
                self.r.hand_rank[a][b] = <uint8_t>x
        self.r.n_ranks = n_ranks
        self.r.front_zero = front_zero
        self.r.back_zero = back_zero
        self.r.neutral = neutral
        derive_thresholds(&self.r)

    @property
    def n_ranks(self):
        return self.r.n_ranks

    @property
    def front_zero(self):
        return self.r.front_zero

    @property
    def back_zero(self):
        return self.r.back_zero

    @property
    def neutral(self):
        return bool(self.r.neutral)

    def hand_rank_table(self):
        """A copy of the (32, 32) table of hand ranks by deck index, -1 where the indices are equal."""
        out = np.empty((N_TILES, N_TILES), dtype=np.int16)
        cdef int16_t[:, ::1] o = out
        cdef int a, b
        for a in range(N_TILES):
            for b in range(N_TILES):
                o[a, b] = -1 if a == b else self.r.hand_rank[a][b]
        return out

    def decide(self, int pf, int pb, int bf, int bb):
        """The player's result (+1, 0, -1) of arranged (front, back) ranks of player and banker."""
        return decide(pf, pb, bf, bb, &self.r)

    def __reduce__(self):
        t = self.hand_rank_table()
        t[t < 0] = 0
        return (RuleTables, (t.tolist(), self.r.n_ranks, self.r.front_zero, self.r.back_zero, bool(self.r.neutral)))

    def __eq__(self, other):
        if not isinstance(other, RuleTables):
            return NotImplemented
        return self.__reduce__()[1] == other.__reduce__()[1]

    def __hash__(self):
        return hash((self.r.n_ranks, self.r.front_zero, self.r.back_zero, self.r.neutral))


HAND_COUNT = N_HANDS
OPPONENT_HANDS = N_OPP


def _splits():
    cdef int t[4]
    cdef int o[4]
    cdef int k
    t[:] = [0, 1, 2, 3]
    out = []
    for k in range(3):
        split_hands(t, k, o)
        out.append((o[0], o[1], o[2], o[3]))
    return tuple(out)


SPLITS = _splits()


# ---------------------------------------------------------------------------------------------
# kernels

cdef Py_ssize_t _ranks_kernel(const idx_t[:, ::1] hands, uint8_t[::1] out, const Rules *R) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t a, b
    for i in range(hands.shape[0]):
        a = <uint64_t>hands[i, 0]
        b = <uint64_t>hands[i, 1]
        if a >= N_TILES or b >= N_TILES or a == b:
            return i
        out[i] = R.hand_rank[a][b]
    return -1


cdef Py_ssize_t _settings_kernel(const idx_t[:, ::1] hands, int8_t[:, :, ::1] tiles,
                                 uint8_t[:, :, ::1] ranks, const Rules *R) noexcept nogil:
    cdef Py_ssize_t i
    cdef int k, x, y
    cdef int t[4]
    cdef int o[4]
    cdef uint32_t mask
    for i in range(hands.shape[0]):
        mask = 0
        if not load_row(hands, i, t, &mask):
            return i
        for k in range(3):
            split_hands(t, k, o)
            x = R.hand_rank[o[0]][o[1]]
            y = R.hand_rank[o[2]][o[3]]
            if x > y:       # the smaller hand in front (arrange), its tiles with it
                o[0], o[1], o[2], o[3] = o[2], o[3], o[0], o[1]
            arrange(x, y, &x, &y)
            tiles[i, k, 0] = o[0]; tiles[i, k, 1] = o[1]; tiles[i, k, 2] = o[2]; tiles[i, k, 3] = o[3]
            ranks[i, k, 0] = x; ranks[i, k, 1] = y
    return -1


cdef Py_ssize_t _outcomes_kernel(const idx_t[:, ::1] player, const idx_t[:, ::1] banker,
                                 int8_t[::1] out, const Rules *R) noexcept nogil:
    cdef Py_ssize_t i
    cdef int pf, pb, bf, bb
    cdef int p[4]
    cdef int b[4]
    cdef uint32_t mask
    for i in range(player.shape[0]):
        mask = 0
        if not load_row(player, i, p, &mask) or not load_row(banker, i, b, &mask):
            return i
        arrange(R.hand_rank[p[0]][p[1]], R.hand_rank[p[2]][p[3]], &pf, &pb)
        arrange(R.hand_rank[b[0]][b[1]], R.hand_rank[b[2]][b[3]], &bf, &bb)
        out[i] = <int8_t>decide(pf, pb, bf, bb, R)
    return -1


# ---------------------------------------------------------------------------------------------
# entry points: called by paigow.batch with C-contiguous arrays of a supported dtype

def hand_ranks(const idx_t[:, ::1] hands, RuleTables rules):
    """Ranks of N two-tile hands: (uint8 array of N, first bad row or -1)."""
    out = np.empty(hands.shape[0], dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _ranks_kernel(hands, o, &rules.r)
    return out, bad


def settings(const idx_t[:, ::1] hands, RuleTables rules):
    """The three arranged settings of N four-tile hands: ((N,3,4) int8, (N,3,2) uint8, bad row)."""
    n = hands.shape[0]
    tiles = np.empty((n, 3, 4), dtype=np.int8)
    ranks = np.empty((n, 3, 2), dtype=np.uint8)
    cdef int8_t[:, :, ::1] t = tiles
    cdef uint8_t[:, :, ::1] r = ranks
    cdef Py_ssize_t bad
    with nogil:
        bad = _settings_kernel(hands, t, r, &rules.r)
    return tiles, ranks, bad


def outcomes(const idx_t[:, ::1] player, const idx_t[:, ::1] banker, RuleTables rules):
    """Player's results of N player/banker settings: (int8 array of N, first bad row or -1)."""
    out = np.empty(player.shape[0], dtype=np.int8)
    cdef int8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _outcomes_kernel(player, banker, o, &rules.r)
    return out, bad
include "_advice.pxi"
include "_solver.pxi"
include "_lp.pxi"


include "_simulate.pxi"


include "_houseway.pxi"
