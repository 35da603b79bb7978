# Hand-setting advice and the setting game, included into _core.pyx (sees RuleTables and the shared
# pieces of _common.pxd). The public API, and every check of its arguments, is in
# paigow/advice.py; the strategies' encodings are built in paigow/strategies.py.
#
# Vocabulary:
#   hand    one of the 35,960 four-tile hands, by its row in combinations(range(32), 4) order;
#   type    a multiset of 4 of the 17 ranks (4,285 of them): hands of one type play alike;
#   tset    a type's distinct settings, as (front rank, back rank); at most 3 per type.

from cython.parallel cimport prange

cdef enum:
    SCALE_BITS = 47        # mixed probabilities in units of 2**-47: counts stay exact integers

COUNT_SCALE_BITS = SCALE_BITS


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
            sort4(t)
            o[i] = hand_row(t[0], t[1], t[2], t[3])
    return out


def setting_order(const int8_t[:, ::1] hands):
    """For N checked hands, (N, 3) int8: the index, among the settings of the sorted hand, of
    each setting of the hand in the order given."""
    out = np.empty((hands.shape[0], 3), dtype=np.int8)
    cdef int8_t[:, ::1] o = out
    cdef Py_ssize_t i
    cdef int j
    cdef int t[4]
    cdef int s[4]
    with nogil:
        for i in range(hands.shape[0]):
            for j in range(4):
                t[j] = hands[i, j]
                s[j] = t[j]
            sort4(s)
            for j in range(3):
                o[i, j] = <int8_t>sorted_setting(t, s, j)
    return out


# ---------------------------------------------------------------------------------------------
# exact advice for one hand: every one of the 20,475 hands the other side can hold
#
# The other side's strategy comes "compiled": for each hand row, its settings played with a
# probability above zero, as (front rank, back rank, probability) entries starts[row] ..
# starts[row + 1] - 1.

cdef struct Compiled:
    # a strategy as the advice kernels read it (see paigow.strategies._pack_advice)
    const uint16_t *pure        # per hand row: front * 128 + back of the setting played for sure, or 0xFFFF
    const int32_t *starts       # a mixed row's entries are starts[row] .. starts[row + 1] - 1
    const uint8_t *ef           # their front ranks,
    const uint8_t *eb           # back ranks,
    const uint64_t *eq          # and probabilities in units of 2**-SCALE_BITS


cdef int _compiled(Compiled *C, const uint16_t[::1] pure, const int32_t[::1] starts,
                   const uint8_t[::1] ef, const uint8_t[::1] eb, const uint64_t[::1] eq) except -1:
    cdef Py_ssize_t m = starts.shape[0] - 1
    if pure.shape[0] != N_HANDS or m != N_HANDS or ef.shape[0] < starts[m] or eb.shape[0] < starts[m] \
            or eq.shape[0] < starts[m]:
        raise ValueError("a compiled strategy has 35960 rows and its entries")
    C.pure = &pure[0]
    C.starts = &starts[0]
    C.ef = &ef[0] if ef.shape[0] else NULL
    C.eb = &eb[0] if eb.shape[0] else NULL
    C.eq = &eq[0] if eq.shape[0] else NULL
    return 0


cdef void _hand_counts(int a, int b, int c, int d, const Compiled *C, bint banker_seat,
                       uint64_t *out, const Rules *R, uint32_t seen) noexcept nogil:
    """out[3 * s + c]: for each setting s of the hand (in settings() order of ``hand``), the
    expected number c = 0, 1, 2 of opposing hands it wins, pushes and loses against, in units of
    2**-SCALE_BITS (exact). The banker wins copies, whichever seat is ours. The opposing hands are
    those of four tiles neither in the hand nor in ``seen`` (a mask of DECK indices; 0: the 28)."""
    cdef int own_f[3]
    cdef int own_b[3]
    # FW[r] packs, for our three settings, whether each wins its front against an opposing front
    # of rank r (bit 2s), and BW[r] the same for backs. Setting s wins an opposing hand iff its
    # 2-bit field of FW + BW is 2 and loses it iff it is 0 (Art. 6.3-6.4); fields never carry.
    cdef uint8_t FW[NR]
    cdef uint8_t BW[NR]
    cdef int64_t hist[256]  # four copies, so that runs of one value do not wait on each other
    cdef uint64_t fhist[64]
    cdef int s, r, v, field
    cdef Py_ssize_t row, e
    cdef uint16_t code
    cdef uint32_t mine = 0
    cdef int unseen[28]
    cdef int n = 0, i, j, k, l, ri, rj, rk
    cdef int sp[4]
    cdef int hand[4]
    hand[0] = a; hand[1] = b; hand[2] = c; hand[3] = d
    for s in range(4):
        mine |= 1u << hand[s]
    mine |= seen
    for s in range(3):
        split_hands(hand, s, sp)
        arrange(R.hand_rank[sp[0]][sp[1]], R.hand_rank[sp[2]][sp[3]], &own_f[s], &own_b[s])
    for r in range(NR):
        FW[r] = 0
        BW[r] = 0
        for s in range(3):
            if banker_seat:
                FW[r] |= (not front_wins(r, own_f[s], R)) << (2 * s)
                BW[r] |= (not back_wins(r, own_b[s], R)) << (2 * s)
            else:
                FW[r] |= front_wins(own_f[s], r, R) << (2 * s)
                BW[r] |= back_wins(own_b[s], r, R) << (2 * s)
    for v in range(256):
        hist[v] = 0
    for v in range(64):
        fhist[v] = 0
    for i in range(N_TILES):
        if not (mine >> i) & 1:
            unseen[n] = i
            n += 1
    # every hand of four unseen tiles, by its row in combinations order
    for i in range(n):
        # hand_row(), a term per loop
        ri = N_HANDS - 1 - choose(31 - unseen[i], 4)
        for j in range(i + 1, n):
            rj = ri - choose(31 - unseen[j], 3)
            for k in range(j + 1, n):
                rk = rj - choose(31 - unseen[k], 2)
                for l in range(k + 1, n):
                    row = rk - (31 - unseen[l])
                    code = C.pure[row]
                    if code != 0xFFFF:
                        hist[((l & 3) << 6) | (FW[code >> 7] + BW[code & 127])] += 1
                    else:
                        for e in range(C.starts[row], C.starts[row + 1]):
                            fhist[FW[C.ef[e]] + BW[C.eb[e]]] += C.eq[e]
    for v in range(9):
        out[v] = 0
    for v in range(64):
        for s in range(3):
            field = (v >> (2 * s)) & 3
            out[3 * s + 2 - field] += ((<uint64_t>(hist[v] + hist[64 + v] + hist[128 + v] + hist[192 + v])
                                        << SCALE_BITS) + fhist[v])


def advice_counts(const int64_t[::1] hand, const uint16_t[::1] pure, const int32_t[::1] starts,
                  const uint8_t[::1] ef, const uint8_t[::1] eb, const uint64_t[::1] eq,
                  bint banker_seat, RuleTables rules, uint32_t seen=0):
    """(3, 3) uint64: the enumeration of one checked hand against a compiled strategy, setting
    by (wins, pushes, losses) in units of 2**-SCALE_BITS (the reference path of advice); the
    opposing hands those of the tiles neither in the hand nor in the mask ``seen``."""
    cdef Compiled C
    _compiled(&C, pure, starts, ef, eb, eq)
    out = np.zeros((3, 3), dtype=np.uint64)
    cdef uint64_t[:, ::1] o = out
    if hand.shape[0] != 4:
        raise ValueError("a hand has four tiles")
    with nogil:
        _hand_counts(<int>hand[0], <int>hand[1], <int>hand[2], <int>hand[3], &C, banker_seat, &o[0, 0], &rules.r, seen)
    return out


def side_tables(const int8_t[:, ::1] reps, const uint16_t[::1] pure, const int32_t[::1] starts,
                const uint8_t[::1] ef, const uint8_t[::1] eb, const uint64_t[::1] eq,
                bint banker_seat, RuleTables rules, int threads=0):
    """(N, 3, 3) uint64: :func:`advice_counts` of N sorted hands (the representatives of the hand
    types, or all 35,960 hands), side by side on ``threads`` threads."""
    cdef Compiled C
    _compiled(&C, pure, starts, ef, eb, eq)
    cdef const Rules *R = &rules.r
    cdef Py_ssize_t n = reps.shape[0], i
    out = np.zeros((n, 3, 3), dtype=np.uint64)
    cdef uint64_t[:, :, ::1] o = out
    if reps.shape[1] != 4:
        raise ValueError("hands have four tiles")
    with nogil:
        for i in prange(n, schedule="dynamic", chunksize=16, num_threads=threads if threads > 0 else 2):
            _hand_counts(reps[i, 0], reps[i, 1], reps[i, 2], reps[i, 3], &C, banker_seat, &o[i, 0, 0], R, 0)
    return out


# ---------------------------------------------------------------------------------------------
# advice from the side tables: a lookup per hand

cdef inline int _advise_row(const int *t, const uint64_t *table, Py_ssize_t nkeys,
                            const int32_t *key, double win, uint64_t *units, double *values,
                            int8_t *order, int32_t *row) noexcept nogil:
    """Advice for the checked hand t from a side table (nkeys, 3, 3): its settings' counts,
    values and order among the sorted hand's settings; returns the first best setting, or -1
    for a key outside the table."""
    cdef int s[4]
    cdef int j, k, c, best = 0
    cdef Py_ssize_t kk
    cdef const uint64_t *cell
    cdef double v, top = 0.0, scale = 1.0 / (<double>(<uint64_t>1 << SCALE_BITS))
    for j in range(4):
        s[j] = t[j]
    sort4(s)
    row[0] = hand_row(s[0], s[1], s[2], s[3])
    kk = key[row[0]]
    if kk < 0 or kk >= nkeys:
        return -1
    for j in range(3):
        k = sorted_setting(t, s, j)
        order[j] = <int8_t>k
        cell = table + 9 * kk + 3 * k
        for c in range(3):
            units[3 * j + c] = cell[c]
        # a win counts 1 - rate, a loss -1, per opposing hand
        v = ((<double>cell[0]) * scale * win - (<double>cell[2]) * scale) / N_OPP
        values[j] = v
        if j == 0 or v > top:
            top = v
            best = j
    return best


cdef Py_ssize_t _advise_kernel(const idx_t[:, ::1] hands, const uint64_t[:, :, ::1] table,
                               const int32_t[::1] key, double win, uint64_t[:, :, ::1] units,
                               double[:, ::1] values, int8_t[::1] best, int32_t[::1] rows,
                               int8_t[:, ::1] order) noexcept nogil:
    cdef Py_ssize_t i
    cdef int t[4]
    cdef int j, b
    cdef uint32_t mask
    for i in range(hands.shape[0]):
        mask = 0
        if not load_row(hands, i, t, &mask):
            return i
        b = _advise_row(t, &table[0, 0, 0], table.shape[0], &key[0], win, &units[i, 0, 0],
                        &values[i, 0], &order[i, 0], &rows[i])
        if b < 0:
            return -2
        best[i] = <int8_t>b
    return -1


def advise_hands(const idx_t[:, ::1] hands, const uint64_t[:, :, ::1] table, const int32_t[::1] key,
                 double win):
    """Advice for N hands from a side table (paigow.strategies._Side): (units (N, 3, 3) uint64 of
    wins, pushes, losses in 2**-SCALE_BITS, values (N, 3), best (N,) int8, rows (N,) int32 of the
    hands in combinations order, order (N, 3) int8 of each setting's index among the sorted
    hand's settings, first bad row or -1), each row's settings in settings() order of its tiles."""
    cdef Py_ssize_t n = hands.shape[0]
    if key.shape[0] != N_HANDS or table.shape[1] != 3 or table.shape[2] != 3:
        raise ValueError("a side table is (K, 3, 3) with a key of 35960 rows")
    units = np.empty((n, 3, 3), dtype=np.uint64)
    values = np.empty((n, 3), dtype=np.float64)
    best = np.empty(n, dtype=np.int8)
    rows = np.empty(n, dtype=np.int32)
    order = np.empty((n, 3), dtype=np.int8)
    cdef uint64_t[:, :, ::1] u = units
    cdef double[:, ::1] v = values
    cdef int8_t[::1] b = best
    cdef int32_t[::1] r = rows
    cdef int8_t[:, ::1] o = order
    cdef Py_ssize_t bad
    with nogil:
        bad = _advise_kernel(hands, table, key, win, u, v, b, r, o)
    if bad == -2:
        raise ValueError("a side table key points outside the table")
    return units, values, best, rows, order, bad


@cython.auto_pickle(False)
cdef class SideLookup:
    """One side table held for single-hand advice: the buffers are taken once, so a lookup is a
    call of :func:`_advise_row` and the building of its answer. ``own`` (optional, a (35960, 3)
    float64 table) is the advised seat's own strategy, whose weights come back in the order of
    the hand's settings."""

    cdef const uint64_t[:, :, ::1] table
    cdef const int32_t[::1] key
    cdef const double[:, ::1] own
    cdef bint has_own
    cdef readonly double win

    def __init__(self, const uint64_t[:, :, ::1] table, const int32_t[::1] key, double win, own=None):
        if key.shape[0] != N_HANDS or table.shape[0] == 0 or table.shape[1] != 3 or table.shape[2] != 3:
            raise ValueError("a side table is (K, 3, 3) with a key of 35960 rows")
        cdef Py_ssize_t i
        for i in range(N_HANDS):
            if key[i] < 0 or key[i] >= table.shape[0]:
                raise ValueError("a side table key points outside the table")
        self.table = table
        self.key = key
        self.win = win
        self.has_own = own is not None
        if self.has_own:
            self.own = own
            if self.own.shape[0] != N_HANDS or self.own.shape[1] != 3:
                raise ValueError("an own strategy is a (35960, 3) table")

    def advise(self, int a, int b, int c, int d):
        """The hand of four distinct DECK indices: ((wins, pushes, losses) of each setting in
        opposing hands, ..., (values), best, (own weights) or None, row, (order)): ``row`` is
        the hand's row of all_hands() and ``order[j]`` the index of its setting j among the
        settings of the sorted hand."""
        cdef int t[4]
        cdef uint64_t units[9]
        cdef double values[3]
        cdef int8_t order[3]
        cdef int32_t row
        cdef int best
        cdef uint32_t mask = 0
        if not distinct4(<uint64_t>a, <uint64_t>b, <uint64_t>c, <uint64_t>d, &mask):
            raise ValueError("not a hand of four distinct DECK indices")
        t[0] = a; t[1] = b; t[2] = c; t[3] = d
        best = _advise_row(t, &self.table[0, 0, 0], self.table.shape[0], &self.key[0], self.win, units, values,
                           order, &row)
        cdef double scale = 1.0 / (<double>(<uint64_t>1 << SCALE_BITS))
        own = None
        if self.has_own:
            own = (self.own[row, order[0]], self.own[row, order[1]], self.own[row, order[2]])
        return (((<double>units[0]) * scale, (<double>units[1]) * scale, (<double>units[2]) * scale),
                ((<double>units[3]) * scale, (<double>units[4]) * scale, (<double>units[5]) * scale),
                ((<double>units[6]) * scale, (<double>units[7]) * scale, (<double>units[8]) * scale),
                (values[0], values[1], values[2]), best, own, row, (order[0], order[1], order[2]))


# ---------------------------------------------------------------------------------------------
# the batch best-setting lookup

cdef Py_ssize_t _best_kernel(const idx_t[:, ::1] hands, const uint8_t[::1] best,
                             int8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int t[4]
    cdef int s[4]
    cdef int k, j
    cdef uint32_t mask
    for i in range(hands.shape[0]):
        mask = 0
        if not load_row(hands, i, t, &mask):
            return i
        for j in range(4):
            s[j] = t[j]
        sort4(s)
        k = best[hand_row(s[0], s[1], s[2], s[3])]
        for j in range(3):
            if sorted_setting(t, s, j) == k:
                out[i] = <int8_t>j
    return -1


@cython.auto_pickle(False)
cdef class BestLookup:
    """A best-setting table held for a caller with one hand per call (the buffer is taken once).

    ``lookup.get(a, b, c, d)`` of four DECK indices is ``row * 3 + k``, k the best setting's
    index among the settings of the sorted hand (row of all_hands()), -1 when the four are not
    distinct indices 0-31, or -2 when one is not an int. With ``settings_of`` (row -> the three
    settings of the sorted hand), ``read`` (any other form of a hand -> four indices, raising
    what the batch raises) and ``refuse`` (four indices -> raises the batch's error), calling
    the lookup with a hand returns its best setting, each row's settings kept once met.
    """

    cdef const uint8_t[::1] best
    cdef list kept
    cdef object settings_of, read, refuse

    def __init__(self, const uint8_t[::1] best, settings_of=None, read=None, refuse=None):
        if best.shape[0] != N_HANDS:
            raise ValueError("a best-setting table has 35960 rows")
        self.best = best
        self.kept = [None] * (3 * N_HANDS)
        self.settings_of = settings_of
        self.read = read
        self.refuse = refuse

    cdef int _get(self, a, b, c, d):
        cdef uint32_t mask = 0
        cdef int t[4]
        if type(a) is not int or type(b) is not int or type(c) is not int or type(d) is not int:
            return -2
        if not (0 <= a < N_TILES and 0 <= b < N_TILES and 0 <= c < N_TILES and 0 <= d < N_TILES):
            return -1
        if not distinct4(<uint64_t>a, <uint64_t>b, <uint64_t>c, <uint64_t>d, &mask):
            return -1
        t[0] = a; t[1] = b; t[2] = c; t[3] = d
        sort4(t)
        cdef int row = hand_row(t[0], t[1], t[2], t[3])
        return row * 3 + self.best[row]

    def get(self, a, b, c, d):
        return self._get(a, b, c, d)

    def __call__(self, hand):
        cdef int found = -2
        if type(hand) is tuple and len(<tuple>hand) == 4:
            found = self._get((<tuple>hand)[0], (<tuple>hand)[1], (<tuple>hand)[2], (<tuple>hand)[3])
        if found == -2:
            hand = tuple(self.read(hand))
            found = self._get(hand[0], hand[1], hand[2], hand[3])
        if found < 0:
            self.refuse(hand)
            raise ValueError("not a hand")  # refuse raises; never reached
        got = self.kept[found]
        if got is None:
            row = found // 3
            ss = self.settings_of(row)
            self.kept[3 * row] = ss[0]
            self.kept[3 * row + 1] = ss[1]
            self.kept[3 * row + 2] = ss[2]
            got = ss[found - 3 * row]
        return got


def rank_one(a, b, RuleTables rules):
    """The rank of the hand of two DECK indices under ``rules``, or -1 when they are not two
    distinct indices 0-31."""
    if type(a) is not int or type(b) is not int:
        for x in (a, b):
            if isinstance(x, bool) or not isinstance(x, int):
                raise TypeError(f"a DECK index is an int, not {x!r}")
    if not (0 <= a < N_TILES and 0 <= b < N_TILES) or a == b:
        return -1
    return rules.r.hand_rank[<int>a][<int>b]


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

def side_values_size():
    """Doubles of the work buffer ``side_values`` takes: the histograms of every set of at most
    three tiles."""
    return (1 + 32 + 496 + 4960) * 2 * NR


def side_values(const double[:, ::1] sigma, const int32_t[::1] hand_type,
                const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f,
                const uint8_t[:, ::1] tset_b, const int32_t[::1] rep_hand, bint banker_side,
                RuleTables rules, int threads=0, work=None, out=None):
    """Value of every setting of every type to one side, against the other side's type
    strategy ``sigma`` (NT, 3), summed over the 20,475 hands the other side can hold.

    ``banker_side`` False: rows are player types and ``sigma`` the banker's; True: the reverse.
    The result (NT, 3) is +1 per opposing hand won and -1 per hand lost, for that side: ``out``
    when given (float64 (NT, 3), overwritten), else a new array. ``work`` (float64, at least
    ``side_values_size()``; overwritten) saves allocating the histograms on every call.

    The other side's hands are summed by inclusion-exclusion over the tiles they share with
    ours: the histograms of front and back ranks over all hands containing each set of at most
    three given tiles are built once, and each type's view is 16 of them added and subtracted.
    """
    cdef Py_ssize_t nt = tset_f.shape[0]
    cdef Py_ssize_t rank_bins = 2 * NR
    cdef Py_ssize_t need = side_values_size()
    if work is None:
        work = np.empty(need, dtype=np.float64)
    cdef double[::1] W = work
    if W.shape[0] < need:
        raise ValueError(f"side_values: the work buffer holds {W.shape[0]} doubles, {need} are needed")
    if out is None:
        out = np.empty((nt, 3), dtype=np.float64)
    cdef double[:, ::1] O = out
    if O.shape[0] != nt or O.shape[1] != 3:
        raise ValueError("side_values: out must be (NT, 3)")
    w = np.asarray(W)
    cdef double[::1] A0 = w[:rank_bins]
    cdef double[:, ::1] A1 = w[rank_bins:33 * rank_bins].reshape(32, rank_bins)
    cdef double[:, ::1] A2 = w[33 * rank_bins:529 * rank_bins].reshape(496, rank_bins)
    cdef double[:, ::1] A3 = w[529 * rank_bins:need].reshape(4960, rank_bins)
    cdef Py_ssize_t g, i
    cdef int ty, k, f, b, x0, x1, x2, x3
    cdef double p
    cdef const Rules *R = &rules.r
    memset(&W[0], 0, need * sizeof(double))
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
                         A0, A1, A2, A3, O, R)
    return out


cdef inline void _deposit(double[::1] A0, double[:, ::1] A1, double[:, ::1] A2,
                          double[:, ::1] A3, int x0, int x1, int x2, int x3, int bin,
                          double p) noexcept nogil:
    A0[bin] += p
    A1[x0, bin] += p; A1[x1, bin] += p; A1[x2, bin] += p; A1[x3, bin] += p
    A2[pair_index(x0, x1), bin] += p; A2[pair_index(x0, x2), bin] += p
    A2[pair_index(x0, x3), bin] += p; A2[pair_index(x1, x2), bin] += p
    A2[pair_index(x1, x3), bin] += p; A2[pair_index(x2, x3), bin] += p
    A3[triple_index(x0, x1, x2), bin] += p; A3[triple_index(x0, x1, x3), bin] += p
    A3[triple_index(x0, x2, x3), bin] += p; A3[triple_index(x1, x2, x3), bin] += p


cdef void _type_values(Py_ssize_t i, const double[:, ::1] sigma, const int32_t[::1] hand_type,
                       const int8_t[:, ::1] hands, const uint8_t[:, ::1] tset_f,
                       const uint8_t[:, ::1] tset_b, const int32_t[::1] rep_hand,
                       bint banker_side, double[::1] A0, double[:, ::1] A1, double[:, ::1] A2,
                       double[:, ::1] A3, double[:, ::1] O, const Rules *R) noexcept nogil:
    cdef double h[2 * NR]
    cdef double cf[NR + 1]
    cdef double cb[NR + 1]
    cdef int x0, x1, x2, x3, r, k, f, bk, ty
    cdef int g = rep_hand[i]
    cdef double p, total, player_wins
    x0 = hands[g, 0]; x1 = hands[g, 1]; x2 = hands[g, 2]; x3 = hands[g, 3]
    for r in range(2 * NR):
        h[r] = (A0[r] - A1[x0, r] - A1[x1, r] - A1[x2, r] - A1[x3, r]
                + A2[pair_index(x0, x1), r] + A2[pair_index(x0, x2), r]
                + A2[pair_index(x0, x3), r] + A2[pair_index(x1, x2), r]
                + A2[pair_index(x1, x3), r] + A2[pair_index(x2, x3), r]
                - A3[triple_index(x0, x1, x2), r] - A3[triple_index(x0, x1, x3), r]
                - A3[triple_index(x0, x2, x3), r] - A3[triple_index(x1, x2, x3), r])
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
            # player: the banker's fronts and backs our hands beat are those of the ranks below
            # a threshold (front_wins, back_wins); the result per hand is fw + bw - 1
            O[i, k] = cf[R.beaten_below[0][f]] + cb[R.beaten_below[1][bk]] - total
        else:
            # banker: the player's hands that beat ours are those of the ranks from a threshold up
            player_wins = (total - cf[R.beating_from[0][f]]) + (total - cb[R.beating_from[1][bk]])
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
                        w = w * choose(left, need) if left >= need else 0
                W[i, j] = <uint8_t>w
    return out


def type_game_value(const double[:, ::1] sp, const double[:, ::1] sb, const uint8_t[:, ::1] W,
                    const int64_t[::1] cnt, const uint8_t[::1] m, const uint8_t[:, ::1] tset_f,
                    const uint8_t[:, ::1] tset_b, RuleTables rules):
    """Exact sums over all player/banker hand pairings of the win, push and loss shares of the
    type strategies ``sp`` (player) and ``sb`` (banker): a float64 array (win, push, lose)."""
    cdef Py_ssize_t nt = W.shape[0], i, j
    cdef int a, b, res
    cdef double pa, wij, q
    acc = np.zeros((nt, 3), dtype=np.float64)
    cdef double[:, ::1] A = acc
    cdef const Rules *R = &rules.r
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
                        res = decide(tset_f[i, a], tset_b[i, a], tset_f[j, b], tset_b[j, b], R)
                        A[i, 1 - res] += wij * pa * q
    return acc.sum(axis=0)
