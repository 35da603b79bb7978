# Hand-setting advice and the setting game, included into _core.pyx (sees HAND_RANK, ZERO_RANKS,
# _decide). The public API, and every check of its arguments, is in paigow/advice.py.
#
# Vocabulary:
#   hand    one of the 35,960 four-tile hands, by its row in combinations(range(32), 4) order;
#   type    a multiset of 4 of the 17 ranks (4,285 of them): hands of one type play alike;
#   tset    a type's distinct settings, as (front rank, back rank); at most 3 per type.

from cython.parallel cimport prange
from libc.string cimport memset

cdef enum:
    N_HANDS = 35960
    N_OPP = 20475          # hands the other side can hold from 28 unseen tiles
    NR = 128               # histogram bins (hand ranks run 0..106)


cdef int _BINOM[33][5]


cdef void _build_binom():
    cdef int n, k
    for n in range(33):
        _BINOM[n][0] = 1
        for k in range(1, 5):
            _BINOM[n][k] = 0 if n == 0 else _BINOM[n - 1][k - 1] + _BINOM[n - 1][k]


_build_binom()


cdef inline int _hand_row(int a, int b, int c, int d) noexcept nogil:
    """Row of the sorted hand a < b < c < d in combinations(range(32), 4) order."""
    return (N_HANDS - 1 - _BINOM[31 - a][4] - _BINOM[31 - b][3] - _BINOM[31 - c][2]
            - _BINOM[31 - d][1])


cdef inline void _sort4(int *t) noexcept nogil:
    cdef int x
    if t[0] > t[1]: x = t[0]; t[0] = t[1]; t[1] = x
    if t[2] > t[3]: x = t[2]; t[2] = t[3]; t[3] = x
    if t[0] > t[2]: x = t[0]; t[0] = t[2]; t[2] = x
    if t[1] > t[3]: x = t[1]; t[1] = t[3]; t[3] = x
    if t[1] > t[2]: x = t[1]; t[1] = t[2]; t[2] = x


def hand_rows(const int64_t[:, ::1] hands):
    """Rows in combinations order of N checked hands (any tile order): int64 array."""
    out = np.empty(hands.shape[0], dtype=np.int64)
    cdef int64_t[::1] o = out
    cdef Py_ssize_t i
    cdef int t[4]
    with nogil:
        for i in range(hands.shape[0]):
            t[0] = <int>hands[i, 0]; t[1] = <int>hands[i, 1]
            t[2] = <int>hands[i, 2]; t[3] = <int>hands[i, 3]
            _sort4(t)
            o[i] = _hand_row(t[0], t[1], t[2], t[3])
    return out


# ---------------------------------------------------------------------------------------------
# exact advice for one hand: every one of the 20,475 hands the other side can hold
#
# The other side's strategy comes "compiled": for each hand row, its settings played with a
# probability above zero, as (front rank, back rank, probability) entries starts[row] ..
# starts[row + 1] - 1.

def advice_counts(const int64_t[::1] hand, const uint16_t[::1] pure, const int32_t[::1] starts,
                  const uint8_t[::1] ef, const uint8_t[::1] eb, const double[::1] ep,
                  bint banker_seat):
    """(3, 3) array: for each of the hand's settings (in settings() order of ``hand``), the
    expected number of opposing hands it wins, pushes and loses against. The banker wins
    copies, whichever seat is ours.

    The other side's strategy comes compiled: ``pure[row]`` is front rank * 128 + back rank of
    the setting a hand row plays for sure, or 0xFFFF for a mixed row, whose settings are the
    entries starts[row] .. starts[row + 1] - 1 of (ef, eb, ep): front, back, probability."""
    out = np.zeros((3, 3), dtype=np.float64)
    cdef double[:, ::1] o = out
    cdef int own_f[3]
    cdef int own_b[3]
    # FW[r] packs, for our three settings, whether each wins its front against an opposing front
    # of rank r (bit 2s), and BW[r] the same for backs. Setting s wins an opposing hand iff its
    # 2-bit field of FW + BW is 2 and loses it iff it is 0 (Art. 6.3-6.4); fields never carry.
    cdef uint8_t FW[NR]
    cdef uint8_t BW[NR]
    cdef int64_t hist[256]  # four copies, so that runs of one value do not wait on each other
    cdef double fhist[64]
    cdef int s, x, y, f, b, r, v, field
    cdef Py_ssize_t row, e
    cdef uint16_t code
    cdef uint32_t mine = 0
    cdef int unseen[28]
    cdef int n = 0, i, j, k, l, ri, rj, rk
    for s in range(4):
        mine |= 1u << hand[s]
    for s in range(3):
        x = HAND_RANK[hand[0]][hand[s + 1]]
        if s == 0:
            y = HAND_RANK[hand[2]][hand[3]]
        elif s == 1:
            y = HAND_RANK[hand[1]][hand[3]]
        else:
            y = HAND_RANK[hand[1]][hand[2]]
        own_f[s] = x if x <= y else y
        own_b[s] = y if x <= y else x
    for r in range(NR):
        FW[r] = 0
        BW[r] = 0
        for s in range(3):
            if banker_seat:
                # we bank: our front holds unless r beats it and is not a zero hand (6.1, 6.2)
                FW[r] |= (not (r > own_f[s] and r >= ZERO_RANKS)) << (2 * s)
                BW[r] |= (not (r > own_b[s])) << (2 * s)
            else:
                FW[r] |= (own_f[s] > r and own_f[s] >= ZERO_RANKS) << (2 * s)
                BW[r] |= (own_b[s] > r) << (2 * s)
    for v in range(256):
        hist[v] = 0
    for v in range(64):
        fhist[v] = 0.0
    for i in range(N_TILES):
        if not (mine >> i) & 1:
            unseen[n] = i
            n += 1
    with nogil:
        # every hand of four unseen tiles, by its row in combinations order
        for i in range(28):
            ri = N_HANDS - 1 - _BINOM[31 - unseen[i]][4]
            for j in range(i + 1, 28):
                rj = ri - _BINOM[31 - unseen[j]][3]
                for k in range(j + 1, 28):
                    rk = rj - _BINOM[31 - unseen[k]][2]
                    for l in range(k + 1, 28):
                        row = rk - _BINOM[31 - unseen[l]][1]
                        code = pure[row]
                        if code != 0xFFFF:
                            hist[((l & 3) << 6) | (FW[code >> 7] + BW[code & 127])] += 1
                        else:
                            for e in range(starts[row], starts[row + 1]):
                                fhist[FW[ef[e]] + BW[eb[e]]] += ep[e]
    for v in range(64):
        for s in range(3):
            field = (v >> (2 * s)) & 3
            o[s, 2 - field] += hist[v] + hist[64 + v] + hist[128 + v] + hist[192 + v] + fhist[v]
    return out


# ---------------------------------------------------------------------------------------------
# the batch best-setting lookup

cdef Py_ssize_t _best_kernel(const idx_t[:, ::1] hands, const uint8_t[::1] best,
                             int8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int t[4]
    cdef int s[4]
    cdef int k, partner, j
    cdef uint32_t mask
    for i in range(hands.shape[0]):
        mask = 0
        if not _distinct4(<uint64_t>hands[i, 0], <uint64_t>hands[i, 1], <uint64_t>hands[i, 2],
                          <uint64_t>hands[i, 3], &mask):
            return i
        t[0] = <int>hands[i, 0]; t[1] = <int>hands[i, 1]; t[2] = <int>hands[i, 2]; t[3] = <int>hands[i, 3]
        s[0] = t[0]; s[1] = t[1]; s[2] = t[2]; s[3] = t[3]
        _sort4(s)
        k = best[_hand_row(s[0], s[1], s[2], s[3])]
        # the sorted setting k pairs s[0] with s[k + 1]; find t[0]'s partner in it
        if t[0] == s[0]:
            partner = s[k + 1]
        elif t[0] == s[k + 1]:
            partner = s[0]
        else:
            # t[0] is in the other hand of the setting: the two of s[1..3] that are not s[k + 1]
            partner = -1
            for j in range(1, 4):
                if j != k + 1 and s[j] != t[0]:
                    partner = s[j]
        for j in range(1, 4):
            if t[j] == partner:
                out[i] = <int8_t>(j - 1)
    return -1


def best_settings(const idx_t[:, ::1] hands, const uint8_t[::1] best):
    """Best setting index (settings() order of each row) of N hands: (int8 array, bad row)."""
    out = np.empty(hands.shape[0], dtype=np.int8)
    cdef int8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _best_kernel(hands, best, o)
    return out, bad


# ---------------------------------------------------------------------------------------------
# the setting game at the level of types

cdef inline int _pair_index(int a, int b) noexcept nogil:
    # a < b: colex rank of the pair
    return _BINOM[b][2] + a


cdef inline int _triple_index(int a, int b, int c) noexcept nogil:
    return _BINOM[c][3] + _BINOM[b][2] + a


def side_values(const double[:, ::1] sigma, const int32_t[::1] hand_type,
                const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f,
                const uint8_t[:, ::1] tset_b, const int32_t[::1] rep_hand, bint banker_side,
                int threads=0):
    """Value of every setting of every type to one side, against the other side's type
    strategy ``sigma`` (NT, 3), summed over the 20,475 hands the other side can hold.

    ``banker_side`` False: rows are player types and ``sigma`` the banker's; True: the reverse.
    The result (NT, 3) is +1 per opposing hand won and -1 per hand lost, for that side.

    The other side's hands are summed by inclusion-exclusion over the tiles they share with
    ours: the histograms of front and back ranks over all hands containing each set of at most
    three given tiles are built once, and each type's view is 16 of them added and subtracted.
    """
    cdef Py_ssize_t nt = tset_f.shape[0]
    cdef int rank_bins = 2 * NR
    a0 = np.zeros(rank_bins, dtype=np.float64)
    a1 = np.zeros((32, rank_bins), dtype=np.float64)
    a2 = np.zeros((496, rank_bins), dtype=np.float64)
    a3 = np.zeros((4960, rank_bins), dtype=np.float64)
    out = np.zeros((nt, 3), dtype=np.float64)
    cdef double[::1] A0 = a0
    cdef double[:, ::1] A1 = a1
    cdef double[:, ::1] A2 = a2
    cdef double[:, ::1] A3 = a3
    cdef double[:, ::1] O = out
    cdef Py_ssize_t g, i
    cdef int ty, k, f, b, x0, x1, x2, x3
    cdef double p
    with nogil:
        # 1. deposit every hand of the other side into the histograms of its tile subsets
        for g in range(N_HANDS):
            ty = hand_type[g]
            x0 = hands[g, 0]; x1 = hands[g, 1]; x2 = hands[g, 2]; x3 = hands[g, 3]
            for k in range(3):
                p = sigma[ty, k]
                if p == 0.0:
                    continue
                f = tset_f[ty, k]
                b = NR + tset_b[ty, k]
                _deposit(A0, A1, A2, A3, x0, x1, x2, x3, f, p)
                _deposit(A0, A1, A2, A3, x0, x1, x2, x3, b, p)
        # 2. each type's view of the hands disjoint from its representative hand
        for i in prange(nt, schedule="static", num_threads=threads if threads > 0 else 2):
            _type_values(i, sigma, hand_type, hands, tset_f, tset_b, rep_hand, banker_side,
                         A0, A1, A2, A3, O)
    return out


cdef inline void _deposit(double[::1] A0, double[:, ::1] A1, double[:, ::1] A2,
                          double[:, ::1] A3, int x0, int x1, int x2, int x3, int bin,
                          double p) noexcept nogil:
    A0[bin] += p
    A1[x0, bin] += p; A1[x1, bin] += p; A1[x2, bin] += p; A1[x3, bin] += p
    A2[_pair_index(x0, x1), bin] += p; A2[_pair_index(x0, x2), bin] += p
    A2[_pair_index(x0, x3), bin] += p; A2[_pair_index(x1, x2), bin] += p
    A2[_pair_index(x1, x3), bin] += p; A2[_pair_index(x2, x3), bin] += p
    A3[_triple_index(x0, x1, x2), bin] += p; A3[_triple_index(x0, x1, x3), bin] += p
    A3[_triple_index(x0, x2, x3), bin] += p; A3[_triple_index(x1, x2, x3), bin] += p


cdef void _type_values(Py_ssize_t i, const double[:, ::1] sigma, const int32_t[::1] hand_type,
                       const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f,
                       const uint8_t[:, ::1] tset_b, const int32_t[::1] rep_hand,
                       bint banker_side, double[::1] A0, double[:, ::1] A1, double[:, ::1] A2,
                       double[:, ::1] A3, double[:, ::1] O) noexcept nogil:
    cdef double h[2 * NR]
    cdef double cf[NR + 1]
    cdef double cb[NR + 1]
    cdef int x0, x1, x2, x3, r, k, f, bk, ty, lo
    cdef int g = rep_hand[i]
    cdef double p, total, player_wins
    x0 = hands[g, 0]; x1 = hands[g, 1]; x2 = hands[g, 2]; x3 = hands[g, 3]
    for r in range(2 * NR):
        h[r] = (A0[r] - A1[x0, r] - A1[x1, r] - A1[x2, r] - A1[x3, r]
                + A2[_pair_index(x0, x1), r] + A2[_pair_index(x0, x2), r]
                + A2[_pair_index(x0, x3), r] + A2[_pair_index(x1, x2), r]
                + A2[_pair_index(x1, x3), r] + A2[_pair_index(x2, x3), r]
                - A3[_triple_index(x0, x1, x2), r] - A3[_triple_index(x0, x1, x3), r]
                - A3[_triple_index(x0, x2, x3), r] - A3[_triple_index(x1, x2, x3), r])
    # the representative hand itself (all four tiles shared) is added back
    ty = hand_type[g]
    for k in range(3):
        p = sigma[ty, k]
        if p != 0.0:
            h[tset_f[ty, k]] += p
            h[NR + tset_b[ty, k]] += p
    cf[0] = 0.0
    cb[0] = 0.0
    for r in range(NR):
        cf[r + 1] = cf[r] + h[r]
        cb[r + 1] = cb[r] + h[NR + r]
    total = cf[NR]
    for k in range(3):
        f = tset_f[i, k]
        bk = tset_b[i, k]
        if not banker_side:
            # player: front won iff above the banker's front and not a zero hand (6.1, 6.2),
            # back won iff above the banker's back; the result per hand is fw + bw - 1
            O[i, k] = (cf[f] if f >= ZERO_RANKS else 0.0) + cb[bk] - total
        else:
            lo = f + 1 if f + 1 > ZERO_RANKS else ZERO_RANKS
            player_wins = (total - cf[lo]) + (total - cb[bk + 1])
            O[i, k] = total - player_wins


def type_weights(const uint8_t[:, ::1] counts, const uint8_t[::1] copies):
    """(NT, NT) uint8: W[i, j] = hands of type j that avoid the tiles of one hand of type i,
    the product over ranks of C(copies - i's count, j's count)."""
    cdef Py_ssize_t nt = counts.shape[0], i, j
    cdef int r, w, left, need
    out = np.empty((nt, nt), dtype=np.uint8)
    cdef uint8_t[:, ::1] W = out
    with nogil:
        for i in prange(nt, schedule="static"):
            for j in range(nt):
                w = 1
                for r in range(counts.shape[1]):
                    need = counts[j, r]
                    if need:
                        left = copies[r] - counts[i, r]
                        w = w * _BINOM[left][need] if left >= need else 0
                W[i, j] = <uint8_t>w
    return out


def type_game_value(const double[:, ::1] sp, const double[:, ::1] sb, const uint8_t[:, ::1] W,
                    const int64_t[::1] cnt, const uint8_t[::1] m, const uint8_t[:, ::1] tset_f,
                    const uint8_t[:, ::1] tset_b):
    """Exact sums over all player/banker hand pairings of the win, push and loss shares of the
    type strategies ``sp`` (player) and ``sb`` (banker): a float64 array (win, push, lose)."""
    cdef Py_ssize_t nt = W.shape[0], i, j
    cdef int a, b, res
    cdef double pa, wij, q
    acc = np.zeros((nt, 3), dtype=np.float64)
    cdef double[:, ::1] A = acc
    with nogil:
        for i in prange(nt, schedule="dynamic", chunksize=16):
            for j in range(nt):
                if W[i, j] == 0:
                    continue
                wij = W[i, j] * <double>cnt[i]
                for a in range(m[i]):
                    pa = sp[i, a]
                    if pa == 0.0:
                        continue
                    for b in range(m[j]):
                        q = sb[j, b]
                        if q == 0.0:
                            continue
                        res = _decide(tset_f[i, a], tset_b[i, a], tset_f[j, b], tset_b[j, b])
                        A[i, 1 - res] += wij * pa * q
    return acc.sum(axis=0)
