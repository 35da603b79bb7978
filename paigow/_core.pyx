# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core of the Pai Gow engine (private: use the functions of ``paigow``).

Tables are built once at import from the rules, written here in C independently of the Python
objects in ``paigow.hands`` (the tests hold the two together):

* ``TILE_FACE[32]``, ``FACE_RANK[21]``, ``FACE_POINTS[21]``;
* ``HAND_RANK[32][32]``: the dense strength of the hand made of two deck indices, 255 where the
  indices are equal.

Kernels are ``noexcept nogil`` over typed memoryviews. They check each row's indices as they go
(range 0-31, no index twice) and return the first bad row, or -1; the public wrappers in
``paigow.batch`` check dtype and shape before calling them and turn a bad row into a ValueError.
"""

import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

ctypedef fused idx_t:
    int8_t
    uint8_t
    int16_t
    int32_t
    int64_t

cdef enum:
    N_TILES = 32
    N_FACES = 21
    NO_HAND = 255

# Table 1: rank and points of each face, strongest first; the first face of every rank comes first.
cdef int FACE_RANK[21]
cdef int FACE_POINTS[21]
cdef int FACE_COPIES[21]
FACE_RANK[:] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15, 16, 16, 17]
FACE_POINTS[:] = [2, 2, 8, 4, 0, 6, 4, 1, 0, 7, 6, 9, 9, 8, 8, 7, 7, 6, 5, 5, 3]
FACE_COPIES[:] = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]

cdef int TILE_FACE[32]
cdef uint8_t HAND_RANK[32][32]
cdef int ZERO_RANKS          # ranks below this are zero-point hands


cdef int _points(int face, int alt) noexcept nogil:
    # the Gee Joon tiles (ranks 15 and 17) count 3 or 6; alt picks the other value
    if FACE_RANK[face] == 15 or FACE_RANK[face] == 17:
        return 3 if alt else 6
    return FACE_POINTS[face]


cdef long _key(int fa, int fb) noexcept nogil:
    """A number that orders hands like RULES.md 1.2 (larger is stronger)."""
    cdef int ra = FACE_RANK[fa], rb = FACE_RANK[fb]
    cdef int hi = ra if ra < rb else rb
    cdef int lo = rb if ra < rb else ra
    cdef int best = -1, v, i, j
    if hi == 15 and lo == 17:
        return 900000                                   # 至尊
    if ra == rb:
        return 800000 + (100 - ra)                      # pairs, by rank
    if hi <= 2 and lo == 12:
        return 700020 + (2 - hi)                         # 天九王 > 地九王
    if hi <= 2 and (lo == 3 or lo == 13):
        return 700010 + (2 - hi)                         # 天罡 > 地罡, below the wongs
    for i in range(2):
        for j in range(2):
            v = (_points(fa, i) + _points(fb, j)) % 10
            if v > best:
                best = v
    return best * 1000 + (100 - hi)                     # points, then the stronger tile


cdef void _build_tables():
    global ZERO_RANKS
    cdef int t = 0, f, c, a, b
    for f in range(N_FACES):
        for c in range(FACE_COPIES[f]):
            TILE_FACE[t] = f
            t += 1
    keys = sorted({_key(TILE_FACE[a], TILE_FACE[b])
                   for a in range(N_TILES) for b in range(N_TILES) if a != b})
    dense = {k: r for r, k in enumerate(keys)}
    ZERO_RANKS = sum(1 for k in keys if k < 1000)
    for a in range(N_TILES):
        for b in range(N_TILES):
            HAND_RANK[a][b] = NO_HAND if a == b else dense[_key(TILE_FACE[a], TILE_FACE[b])]


_build_tables()

N_RANKS = len({HAND_RANK[a][b] for a in range(N_TILES) for b in range(N_TILES) if a != b})
ZERO_POINT_RANKS = ZERO_RANKS


def hand_rank_table():
    """A copy of the (32, 32) table of hand ranks by deck index, -1 where the indices are equal."""
    out = np.empty((N_TILES, N_TILES), dtype=np.int16)
    cdef int16_t[:, ::1] o = out
    cdef int a, b
    for a in range(N_TILES):
        for b in range(N_TILES):
            o[a, b] = -1 if a == b else HAND_RANK[a][b]
    return out


def tile_faces():
    """The face (0-20) of each deck index, as an int8 array of 32."""
    return np.array([TILE_FACE[t] for t in range(N_TILES)], dtype=np.int8)


# ---------------------------------------------------------------------------------------------
# kernels

cdef inline bint _bad(uint64_t v) noexcept nogil:
    return v >= N_TILES


cdef Py_ssize_t _ranks_kernel(const idx_t[:, ::1] hands, uint8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t a, b
    for i in range(hands.shape[0]):
        a = <uint64_t>hands[i, 0]
        b = <uint64_t>hands[i, 1]
        if _bad(a) or _bad(b) or a == b:
            return i
        out[i] = HAND_RANK[a][b]
    return -1


cdef inline bint _distinct4(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint32_t *mask) noexcept nogil:
    if _bad(a) or _bad(b) or _bad(c) or _bad(d):
        return False
    cdef uint32_t m = (1u << a) | (1u << b) | (1u << c) | (1u << d)
    if m != ((1u << a) ^ (1u << b) ^ (1u << c) ^ (1u << d)) or (m & mask[0]):
        return False
    mask[0] |= m
    return True


cdef Py_ssize_t _settings_kernel(const idx_t[:, ::1] hands, int8_t[:, :, ::1] tiles,
                                 uint8_t[:, :, ::1] ranks) noexcept nogil:
    cdef Py_ssize_t i
    cdef int k, p, q, r, s, rf, rb
    cdef int t[4]
    cdef uint32_t mask
    # pair partners for the three splits: ab|cd, ac|bd, ad|bc
    cdef int SPLIT[3][4]
    SPLIT[0][:] = [0, 1, 2, 3]
    SPLIT[1][:] = [0, 2, 1, 3]
    SPLIT[2][:] = [0, 3, 1, 2]
    for i in range(hands.shape[0]):
        mask = 0
        if not _distinct4(<uint64_t>hands[i, 0], <uint64_t>hands[i, 1], <uint64_t>hands[i, 2],
                          <uint64_t>hands[i, 3], &mask):
            return i
        for k in range(4):
            t[k] = <int>hands[i, k]
        for k in range(3):
            p = t[SPLIT[k][0]]; q = t[SPLIT[k][1]]; r = t[SPLIT[k][2]]; s = t[SPLIT[k][3]]
            rf = HAND_RANK[p][q]
            rb = HAND_RANK[r][s]
            if rf > rb:
                p, q, r, s = r, s, p, q
                rf, rb = rb, rf
            tiles[i, k, 0] = p; tiles[i, k, 1] = q; tiles[i, k, 2] = r; tiles[i, k, 3] = s
            ranks[i, k, 0] = rf; ranks[i, k, 1] = rb
    return -1


cdef inline int _decide(int pf, int pb, int bf, int bb) noexcept nogil:
    """Player's result (+1 win, 0 push, -1 lose) of arranged ranks, Art. 6.1-6.4. Branch-free
    (``&``, not ``and``): the simulation calls it on random deals, where a jump mispredicts."""
    # front: a copy goes to the banker; so does zero against zero (a zero front that outranks
    # the banker's front can only meet another zero, so "pf >= ZERO_RANKS" is the 6.2 rule)
    cdef int front = (pf > bf) & (pf >= ZERO_RANKS)
    cdef int back = pb > bb
    return front + back - 1


cdef Py_ssize_t _outcomes_kernel(const idx_t[:, ::1] player, const idx_t[:, ::1] banker,
                                 int8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int pf, pb, bf, bb, x
    cdef uint32_t mask
    for i in range(player.shape[0]):
        mask = 0
        if not _distinct4(<uint64_t>player[i, 0], <uint64_t>player[i, 1], <uint64_t>player[i, 2],
                          <uint64_t>player[i, 3], &mask):
            return i
        if not _distinct4(<uint64_t>banker[i, 0], <uint64_t>banker[i, 1], <uint64_t>banker[i, 2],
                          <uint64_t>banker[i, 3], &mask):
            return i
        pf = HAND_RANK[player[i, 0]][player[i, 1]]
        pb = HAND_RANK[player[i, 2]][player[i, 3]]
        bf = HAND_RANK[banker[i, 0]][banker[i, 1]]
        bb = HAND_RANK[banker[i, 2]][banker[i, 3]]
        if pf > pb:
            pf, pb = pb, pf
        if bf > bb:
            bf, bb = bb, bf
        out[i] = <int8_t>_decide(pf, pb, bf, bb)
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
