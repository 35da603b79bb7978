# cython: language_level=3
# The pieces every kernel of the compiled core shares, stated once (numpy.random's _common.pxd is
# the model): the counts of hands, the rule set's tables as data, the comparison of Art. 6, the
# dealer's arrangement (Art. 5.2), the three splits, a sorting network and the colex rank of a
# hand. Every kernel (paigow/_core.pyx and the files it includes) cimports them from here.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t

ctypedef fused idx_t:
    # the index arrays the kernels read (paigow.batch narrows every other integer dtype)
    int8_t
    uint8_t
    int16_t
    int32_t
    int64_t

cdef enum:
    N_TILES = 32
    N_HANDS = 35960         # four-tile hands: C(32, 4)
    N_OPP = 20475           # hands the other side can hold from the 28 unseen tiles: C(28, 4)
    NR = 128                # rank bins (hand ranks run 0 .. N_RANKS - 1 < 128)
    NO_HAND = 255           # HAND_RANK of a tile with itself


ctypedef struct Rules:
    # A rule set as data (paigow.rules.RuleSet.core builds it from the rule set's Python statement;
    # every kernel is handed one, nothing reads a global): the rank of the hand of any two deck
    # indices (the rule set's hand order over Table 1 of paigow.tiles, NO_HAND for a tile with
    # itself), the number of ranks, and for each hand the zero rule: front_zero (back_zero) is the
    # number of lowest ranks that are zero-point hands which never win that hand (Macau, Art. 6.2:
    # the zero-point ranks in front, 0 behind)
    uint8_t hand_rank[32][32]
    int n_ranks
    int front_zero
    int back_zero
    # copies neutral (the home game's option, paigow.rules.Copies.NEUTRAL): a copy counts for no
    # one, so decide() weighs each hand +1 won, 0 a copy, -1 lost and takes the sign of the sum;
    # 0 for Art. 6.1 (a copy to the banker). The thresholds below are the strict wins either way.
    int neutral
    # derived from front_wins and back_wins (never stated again): for a hand of rank x,
    # beaten_below[h][x] = the player's hand of rank x beats the banker's of exactly the ranks
    # below it; beating_from[h][x] = the banker's hand of rank x loses to the player's of exactly
    # the ranks from it up (h = 0 front, 1 back)
    int beaten_below[2][NR]
    int beating_from[2][NR]


# --- comparison (Art. 6) --------------------------------------------------------------------

cdef inline bint hand_wins(int p, int b, int zero) noexcept nogil:
    # The player's hand of rank p wins against the banker's of rank b iff it outranks it: a copy
    # goes to the banker (6.1), and so does a zero-point hand against a zero-point hand where the
    # zero rule holds for that hand (6.2; zero = the count of zero-point ranks there, else 0). A
    # zero hand that outranks the banker's can only meet another zero, so "p >= zero" states
    # 6.2. Branch-free.
    return (p > b) & (p >= zero)


cdef inline bint front_wins(int pf, int bf, const Rules *R) noexcept nogil:
    return hand_wins(pf, bf, R.front_zero)


cdef inline bint back_wins(int pb, int bb, const Rules *R) noexcept nogil:
    return hand_wins(pb, bb, R.back_zero)


cdef inline int half_result(int p, int b, int zero, bint neutral) noexcept nogil:
    # one hand under neutral copies: +1 won, -1 lost, 0 a copy that the zero rule leaves neutral
    if hand_wins(p, b, zero):
        return 1
    return -1 + (neutral & (p == b) & (p >= zero))


cdef inline int decide(int pf, int pb, int bf, int bb, const Rules *R) noexcept nogil:
    # the player's result of arranged ranks: both hands won +1, both lost -1, else a push (6.3-6.4);
    # with neutral copies the sign of the hands' sum (won with a copy wins, lost with a copy loses)
    cdef int s
    if not R.neutral:
        return front_wins(pf, bf, R) + back_wins(pb, bb, R) - 1
    s = half_result(pf, bf, R.front_zero, True) + half_result(pb, bb, R.back_zero, True)
    return (s > 0) - (s < 0)


cdef inline void derive_thresholds(Rules *R) noexcept nogil:
    # fill R.beaten_below and R.beating_from by scanning the two predicates above (the sets they
    # describe are a prefix and a suffix of the ranks)
    cdef int x, r
    for x in range(NR):
        r = 0
        while r < NR and front_wins(x, r, R):
            r += 1
        R.beaten_below[0][x] = r
        r = 0
        while r < NR and back_wins(x, r, R):
            r += 1
        R.beaten_below[1][x] = r
        r = 0
        while r < NR and not front_wins(r, x, R):
            r += 1
        R.beating_from[0][x] = r
        r = 0
        while r < NR and not back_wins(r, x, R):
            r += 1
        R.beating_from[1][x] = r


# --- setting (Art. 5.1-5.2) -----------------------------------------------------------------

cdef inline void arrange(int x, int y, int *front, int *back) noexcept nogil:
    # the dealer puts the smaller hand in front (5.2)
    front[0] = x if x <= y else y
    back[0] = y if x <= y else x


cdef inline void split_hands(const int *t, int k, int *out) noexcept nogil:
    # the k-th split of tiles t[0..3], as out[0..1] | out[2..3]: ab|cd, ac|bd, ad|bc
    # (paigow.SPLITS is read from here)
    out[0] = t[0]
    out[1] = t[k + 1]
    out[2] = t[2] if k == 0 else t[1]
    out[3] = t[2] if k == 2 else t[3]


cdef inline int sorted_setting(const int *t, const int *s, int j) noexcept nogil:
    # the index in the settings of s (t's tiles sorted) of setting j of t: setting j pairs t[0]
    # with t[j + 1], setting k of s pairs s[0] with s[k + 1]
    cdef int a = t[0], b = t[j + 1], k
    cdef bint first = s[0] == a or s[0] == b
    for k in range(3):
        if (s[k + 1] == a or s[k + 1] == b) == first:
            return k
    return -1


# --- hands as combinations ------------------------------------------------------------------

cdef inline void sort4(int *t) noexcept nogil:
    # a branch-free sorting network over (01, 23, 02, 13, 12)
    cdef int x, y
    x = t[0]; y = t[1]; t[0] = x if x < y else y; t[1] = y if x < y else x
    x = t[2]; y = t[3]; t[2] = x if x < y else y; t[3] = y if x < y else x
    x = t[0]; y = t[2]; t[0] = x if x < y else y; t[2] = y if x < y else x
    x = t[1]; y = t[3]; t[1] = x if x < y else y; t[3] = y if x < y else x
    x = t[1]; y = t[2]; t[1] = x if x < y else y; t[2] = y if x < y else x


cdef inline int choose(int n, int k) noexcept nogil:
    # C(n, k) for 0 <= k <= 4 and n >= 0
    if k == 0:
        return 1
    if k == 1:
        return n
    if k == 2:
        return n * (n - 1) // 2
    if k == 3:
        return n * (n - 1) * (n - 2) // 6
    return n * (n - 1) * (n - 2) * (n - 3) // 24


cdef inline int pair_index(int a, int b) noexcept nogil:
    # colex rank of the pair a < b
    return choose(b, 2) + a


cdef inline int triple_index(int a, int b, int c) noexcept nogil:
    # colex rank of the triple a < b < c
    return choose(c, 3) + choose(b, 2) + a


cdef inline int hand_row(int a, int b, int c, int d) noexcept nogil:
    # row of the sorted hand a < b < c < d in combinations(range(32), 4) order: the lexicographic
    # rank, 35959 minus the colex rank of the mirrored combination (31 - d, 31 - c, 31 - b, 31 - a)
    return N_HANDS - 1 - choose(31 - a, 4) - choose(31 - b, 3) - choose(31 - c, 2) - (31 - d)


cdef inline bint distinct4(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint32_t *mask) noexcept nogil:
    # four deck indices in range, none twice and none in mask (which takes them)
    if a >= N_TILES or b >= N_TILES or c >= N_TILES or d >= N_TILES:
        return False
    if a == b or a == c or a == d or b == c or b == d or c == d:
        return False
    cdef uint32_t m = (1u << a) | (1u << b) | (1u << c) | (1u << d)
    if m & mask[0]:
        return False
    mask[0] |= m
    return True


cdef inline bint load_row(const idx_t[:, ::1] a, Py_ssize_t i, int *t, uint32_t *mask) noexcept nogil:
    # row i of an index array into t, if its four indices are in range, distinct and not in mask
    if not distinct4(<uint64_t>a[i, 0], <uint64_t>a[i, 1], <uint64_t>a[i, 2], <uint64_t>a[i, 3], mask):
        return False
    t[0] = <int>a[i, 0]; t[1] = <int>a[i, 1]; t[2] = <int>a[i, 2]; t[3] = <int>a[i, 3]
    return True
