# The setting game with the commission, included into _core.pyx. Self-contained: the rule set's
# data (each tile's rank, the number of zero-point hand ranks) and the hands holding each triple
# of tiles come in as arguments from paigow/game/solver.py, which holds the public API and every
# check of its arguments.

from cython.parallel cimport prange
from libc.string cimport memset
#
# With the commission a win is worth less than a loss costs, so a side's value is no longer
# additive in its front and back: a side wins an opposing hand only when it wins both. The wins
# and the losses of every setting are therefore counted separately, from two-dimensional
# histograms of the other side's (front rank, back rank): the count of opposing settings with
# front below a and back below c is one prefix-sum lookup P(a, c).
#
# The opposing hands that avoid our four tiles are summed by inclusion-exclusion over the tiles
# they share with ours, as in side_values: prefix tables over all hands (1), the hands holding a
# tile of each rank (17) and a pair of tiles of each two ranks (153) are built once per call in a
# caller's buffer (reused across iterations); the hands holding three of our tiles (29 per
# triple) and our own hand are few, and are walked directly.


cdef enum:
    N_RK = 17                       # tile ranks (Table 1)
    N_RK2 = N_RK * (N_RK + 1) // 2  # unordered pairs of tile ranks, a rank with itself included
    N_TABLES = 1 + N_RK + N_RK2
    N_TRIPLES = 4960                # C(32, 3)
    N_FOURTH = 29                   # hands holding a given triple: one of the 29 other tiles


cdef inline int _triple(int a, int b, int c) noexcept nogil:
    # colex rank of a < b < c (_common.pxd)
    return triple_index(a, b, c)


cdef inline int _rk2(int a, int b) noexcept nogil:
    # unordered pair of tile ranks
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a


def side_counts_size(int nr):
    """Doubles of the work buffer ``side_counts`` needs for ``nr`` hand ranks."""
    return N_TABLES * (nr + 1) * (nr + 1)


def side_counts(const double[:, ::1] sigma, const int32_t[::1] hand_type,
                const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f,
                const uint8_t[:, ::1] tset_b, const int32_t[::1] rep_hand, bint banker_side,
                const int8_t[::1] tile_rank, RuleTables rules, const int32_t[:, ::1] triple_hands,
                int nr, double[::1] work, double[:, :, ::1] out, int threads=1):
    """Expected wins and losses of every setting of every type to one side, against the other
    side's type strategy ``sigma`` (NT, 3), over the 20,475 hands the other side can hold.

    ``tile_rank`` (32) is each tile's rank 0-16 (Table 1), ``rules`` the rule set's tables (the
    comparison's thresholds), ``triple_hands`` (4960, 29) the rows of the hands
    holding each triple of tiles (by colex rank). ``out`` (NT, 3, 2) receives (wins, losses);
    ``work`` is a buffer of
    ``side_counts_size(nr)`` doubles (its contents are overwritten). ``banker_side`` False: rows
    are player types and ``sigma`` the banker's; True: the reverse. The banker wins copies. With
    every entry of ``sigma`` 0 or 1 the counts are exact integers.

    The histogram of the hands holding one given tile (or two) depends only on the rank of that
    tile (the ranks of the two), since tiles of one rank play alike: a hand deposits into the
    table of each of its tiles' ranks (each pair's ranks) its weight divided by the number of
    tiles of that rank (tile pairs of those ranks): 1, 2 or 4, so the sums stay exact.
    """
    cdef Py_ssize_t nt = tset_f.shape[0]
    cdef Py_ssize_t nq = nr + 1
    cdef Py_ssize_t cell = nq * nq
    if work.shape[0] < N_TABLES * cell:
        raise ValueError("side_counts: work buffer too small")
    if out.shape[0] != nt or out.shape[1] != 3 or out.shape[2] != 2:
        raise ValueError("side_counts: out must be (NT, 3, 2)")
    if tile_rank.shape[0] != 32 or triple_hands.shape[0] != N_TRIPLES or triple_hands.shape[1] != N_FOURTH:
        raise ValueError("side_counts: tile_rank must be (32,), triple_hands (4960, 29)")
    cdef Py_ssize_t n_hands = hand_type.shape[0]
    cdef double *P = &work[0]
    cdef Py_ssize_t g, i, t, x
    cdef int ty, k, u, v, r
    cdef int rk[4]
    cdef double p
    cdef double inv1[N_RK]
    cdef double inv2[N_RK2]
    cdef int copies[N_RK]
    cdef int nthreads = threads if threads > 0 else 1
    cdef const Rules *R = &rules.r
    if nr != R.n_ranks:
        raise ValueError("side_counts: nr must be the rule set's number of hand ranks")
    for r in range(N_RK):
        copies[r] = 0
    for u in range(32):
        copies[tile_rank[u]] += 1
    for u in range(N_RK):
        inv1[u] = 1.0 / copies[u]
        for v in range(u, N_RK):
            # tile pairs with ranks u and v: copies * copies, or one pair of the two copies
            inv2[_rk2(u, v)] = 1.0 / (copies[u] * copies[v] if u != v else max(1, copies[u] * (copies[u] - 1) // 2))
    with nogil:
        memset(P, 0, N_TABLES * cell * sizeof(double))
        # 1. histograms: every hand of the other side, at (front + 1, back + 1) of each setting
        for g in range(n_hands):
            ty = hand_type[g]
            for u in range(4):
                rk[u] = tile_rank[hands[g, u]]
            for k in range(3):
                p = sigma[ty, k]
                if p == 0.0:
                    continue
                x = (tset_f[ty, k] + 1) * nq + tset_b[ty, k] + 1
                P[x] += p
                for u in range(4):
                    P[(1 + rk[u]) * cell + x] += p * inv1[rk[u]]
                    for v in range(u + 1, 4):
                        t = _rk2(rk[u], rk[v])
                        P[(1 + N_RK + t) * cell + x] += p * inv2[t]
        # 2. prefix sums: P(a, c) = weight of settings with front < a and back < c
        for t in prange(N_TABLES, schedule="static", num_threads=nthreads):
            _prefix2(P + t * cell, nq)
        # 3. each type's wins and losses
        for i in prange(nt, schedule="static", num_threads=nthreads):
            _type_counts(i, sigma, hand_type, hands, tset_f, tset_b, rep_hand, banker_side, tile_rank,
                         triple_hands, P, nq, out, R)
    return None


cdef void _prefix2(double *T, Py_ssize_t nq) noexcept nogil:
    cdef Py_ssize_t a, c
    for a in range(1, nq):
        for c in range(1, nq):
            T[a * nq + c] += T[a * nq + c - 1]
    for a in range(1, nq):
        for c in range(1, nq):
            T[a * nq + c] += T[(a - 1) * nq + c]


cdef void _type_counts(Py_ssize_t i, const double[:, ::1] sigma, const int32_t[::1] hand_type,
                       const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b,
                       const int32_t[::1] rep_hand, bint banker_side, const int8_t[::1] tile_rank,
                       const int32_t[:, ::1] triple_hands, const double *P,
                       Py_ssize_t nq, double[:, :, ::1] out, const Rules *R) noexcept nogil:
    # For our setting k the side wins an opposing setting iff its front is below qa[k] and its
    # back below qc[k], and loses iff its front is at least qa[k] and its back at least qc[k]:
    #   player (f, b): front won iff f > F and f is not a zero hand (Art. 6.1-6.2), back iff b > B:
    #       qa = f (0 for a zero front: it never wins), qc = b
    #   banker (f, b): the player's front wins iff F > f and F is not a zero hand, so the banker
    #       holds it iff F < max(f + 1, zero_ranks); the back iff B < b + 1 (copies to the bank).
    # The four lookups per setting: P(qa, qc), P(qa, top), P(top, qc), P(top, top).
    cdef Py_ssize_t cell = nq * nq, top = nq - 1
    cdef int qa[3]
    cdef int qc[3]
    cdef double v[3][4]
    cdef int tiles[4]
    cdef int k, f, b, s, j, d, e, g, ty, F, B
    cdef Py_ssize_t tab
    cdef double p, sign, total
    cdef const double *T
    g = rep_hand[i]
    for k in range(3):
        f = tset_f[i, k]
        b = tset_b[i, k]
        if not banker_side:
            qa[k] = R.beaten_below[0][f]    # derived from front_wins (_common.pxd)
            qc[k] = R.beaten_below[1][b]
        else:
            qa[k] = R.beating_from[0][f]
            qc[k] = R.beating_from[1][b]
        for j in range(4):
            v[k][j] = 0.0
    # our hand's tiles, ascending (the rows of all_hands are sorted)
    for j in range(4):
        tiles[j] = hands[g, j]
    # dense part: the empty set (+), each tile (-), each pair (+)
    for s in range(11):
        if s == 0:
            tab = 0
            sign = 1.0
        elif s < 5:
            tab = 1 + tile_rank[tiles[s - 1]]
            sign = -1.0
        else:
            d = s - 5  # pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)
            if d < 3:
                tab = 1 + N_RK + _rk2(tile_rank[tiles[0]], tile_rank[tiles[d + 1]])
            elif d < 5:
                tab = 1 + N_RK + _rk2(tile_rank[tiles[1]], tile_rank[tiles[d - 1]])
            else:
                tab = 1 + N_RK + _rk2(tile_rank[tiles[2]], tile_rank[tiles[3]])
            sign = 1.0
        T = P + tab * cell
        for k in range(3):
            v[k][0] += sign * T[qa[k] * nq + qc[k]]
            v[k][1] += sign * T[qa[k] * nq + top]
            v[k][2] += sign * T[top * nq + qc[k]]
            v[k][3] += sign * T[top * nq + top]
    # sparse part: the hands holding three of our tiles (-), and our hand itself (+)
    for s in range(5):
        for d in range(N_FOURTH if s < 4 else 1):
            if s < 4:
                # the triple of our tiles without tiles[s]
                if s == 0:
                    e = triple_hands[_triple(tiles[1], tiles[2], tiles[3]), d]
                elif s == 1:
                    e = triple_hands[_triple(tiles[0], tiles[2], tiles[3]), d]
                elif s == 2:
                    e = triple_hands[_triple(tiles[0], tiles[1], tiles[3]), d]
                else:
                    e = triple_hands[_triple(tiles[0], tiles[1], tiles[2]), d]
                sign = -1.0
            else:
                e = g
                sign = 1.0
            ty = hand_type[e]
            for j in range(3):
                p = sigma[ty, j]
                if p == 0.0:
                    continue
                F = tset_f[ty, j]
                B = tset_b[ty, j]
                for k in range(3):
                    if F < qa[k]:
                        v[k][1] += sign * p
                        if B < qc[k]:
                            v[k][0] += sign * p
                    if B < qc[k]:
                        v[k][2] += sign * p
                    v[k][3] += sign * p
    for k in range(3):
        # wins P(qa, qc); losses: total - P(qa, top) - P(top, qc) + P(qa, qc)
        total = v[k][3]
        out[i, k, 0] = v[k][0]
        out[i, k, 1] = total - v[k][1] - v[k][2] + v[k][0]
