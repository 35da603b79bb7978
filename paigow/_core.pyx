# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core of the Pai Gow engine (private: use the functions of ``paigow``).

The rules are stated once, in Python: Table 1 in ``paigow.tiles`` and the hand order in
``paigow.hands``. At import the core reads them into ``RULES`` (a :c:type:`Rules` of
``_common.pxd``: the rank of the hand of any two deck indices, 255 where the indices are equal,
and how many ranks are zero-point hands), so a second rule set would be a second table, not a
second kernel. The comparison (Art. 6), the splits and the arrangement are stated once in
``_common.pxd``, which every kernel cimports; ``paigow.compare`` and ``paigow.SPLITS`` read them
from here.

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

cdef Rules RULES


cdef void _load_rules(Rules *R, object rank_of, object faces) except *:
    """Fill R from a rule set's Python statement: ``rank_of(face_a, face_b)`` is the rank of the
    hand of two faces, ``faces[t]`` the face of deck index t."""
    cdef int a, b
    for a in range(N_TILES):
        for b in range(N_TILES):
            R.hand_rank[a][b] = NO_HAND if a == b else <uint8_t>rank_of(faces[a], faces[b])


def _macau_rules():
    from paigow.hands import ZERO_POINT_RANKS, HAND_RANK_COUNT, face_hand_ranks
    from paigow.tiles import DECK
    table = face_hand_ranks()
    _load_rules(&RULES, lambda fa, fb: table[fa][fb], [t.face for t in DECK])
    RULES.zero_ranks = ZERO_POINT_RANKS
    RULES.n_ranks = HAND_RANK_COUNT
    if RULES.n_ranks > NR:
        raise ValueError("too many hand ranks for the kernels' bins")
    derive_thresholds(&RULES)


_macau_rules()

N_RANKS = RULES.n_ranks
ZERO_POINT_RANKS = RULES.zero_ranks
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


def decide_ranks(int pf, int pb, int bf, int bb):
    """The player's result (+1, 0, -1) of arranged (front, back) ranks of player and banker."""
    return decide(pf, pb, bf, bb, RULES.zero_ranks)


def hand_rank_table():
    """A copy of the (32, 32) table of hand ranks by deck index, -1 where the indices are equal."""
    out = np.empty((N_TILES, N_TILES), dtype=np.int16)
    cdef int16_t[:, ::1] o = out
    cdef int a, b
    for a in range(N_TILES):
        for b in range(N_TILES):
            o[a, b] = -1 if a == b else RULES.hand_rank[a][b]
    return out


def tile_faces():
    """The face (0-20) of each deck index, as an int8 array of 32."""
    from paigow.tiles import DECK
    return np.array([t.face for t in DECK], dtype=np.int8)


# ---------------------------------------------------------------------------------------------
# kernels

cdef Py_ssize_t _ranks_kernel(const idx_t[:, ::1] hands, uint8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t a, b
    for i in range(hands.shape[0]):
        a = <uint64_t>hands[i, 0]
        b = <uint64_t>hands[i, 1]
        if a >= N_TILES or b >= N_TILES or a == b:
            return i
        out[i] = RULES.hand_rank[a][b]
    return -1


cdef Py_ssize_t _settings_kernel(const idx_t[:, ::1] hands, int8_t[:, :, ::1] tiles,
                                 uint8_t[:, :, ::1] ranks) noexcept nogil:
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
            x = RULES.hand_rank[o[0]][o[1]]
            y = RULES.hand_rank[o[2]][o[3]]
            if x > y:       # the smaller hand in front (arrange), its tiles with it
                o[0], o[1], o[2], o[3] = o[2], o[3], o[0], o[1]
            arrange(x, y, &x, &y)
            tiles[i, k, 0] = o[0]; tiles[i, k, 1] = o[1]; tiles[i, k, 2] = o[2]; tiles[i, k, 3] = o[3]
            ranks[i, k, 0] = x; ranks[i, k, 1] = y
    return -1


cdef Py_ssize_t _outcomes_kernel(const idx_t[:, ::1] player, const idx_t[:, ::1] banker,
                                 int8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int pf, pb, bf, bb
    cdef int p[4]
    cdef int b[4]
    cdef uint32_t mask
    for i in range(player.shape[0]):
        mask = 0
        if not load_row(player, i, p, &mask) or not load_row(banker, i, b, &mask):
            return i
        arrange(RULES.hand_rank[p[0]][p[1]], RULES.hand_rank[p[2]][p[3]], &pf, &pb)
        arrange(RULES.hand_rank[b[0]][b[1]], RULES.hand_rank[b[2]][b[3]], &bf, &bb)
        out[i] = <int8_t>decide(pf, pb, bf, bb, RULES.zero_ranks)
    return -1


# ---------------------------------------------------------------------------------------------
# entry points: called by paigow.batch with C-contiguous arrays of a supported dtype

def hand_ranks(const idx_t[:, ::1] hands):
    """Ranks of N two-tile hands: (uint8 array of N, first bad row or -1)."""
    out = np.empty(hands.shape[0], dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _ranks_kernel(hands, o)
    return out, bad


def settings(const idx_t[:, ::1] hands):
    """The three arranged settings of N four-tile hands: ((N,3,4) int8, (N,3,2) uint8, bad row)."""
    n = hands.shape[0]
    tiles = np.empty((n, 3, 4), dtype=np.int8)
    ranks = np.empty((n, 3, 2), dtype=np.uint8)
    cdef int8_t[:, :, ::1] t = tiles
    cdef uint8_t[:, :, ::1] r = ranks
    cdef Py_ssize_t bad
    with nogil:
        bad = _settings_kernel(hands, t, r)
    return tiles, ranks, bad


def outcomes(const idx_t[:, ::1] player, const idx_t[:, ::1] banker):
    """Player's results of N player/banker settings: (int8 array of N, first bad row or -1)."""
    out = np.empty(player.shape[0], dtype=np.int8)
    cdef int8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _outcomes_kernel(player, banker, o)
    return out, bad
include "_advice.pxi"
include "_solver.pxi"


include "_simulate.pxi"
