# Included at the end of _core.pyx: whole rounds simulated in the core (private: use
# ``paigow.simulation``). Sees RuleTables and the shared pieces of _common.pxd (sort4, hand_row,
# decide) through _core.pyx; a run is handed the rule set's tables with its strategies.
#
# A run is cut into blocks of SIM_BLOCK rounds. Block b of a run with seed s has its own
# xoshiro256** generator, seeded by splitmix64 from a hash of (s, b); threads take whole blocks
# and add integer counters, so the numbers depend on (seed, rounds) only, never on the number
# of threads or on how the caller cuts the run into chunks of whole blocks.
#
# One round: Fisher-Yates over the 32 tiles with Lemire's unbiased bounded integers (drawn four
# from one 32-bit number, Brackett-Rozinsky and Lemire's batched method) lays out the
# row of 8 stacks of 4; the banker (position 0) takes stack 0 and position p stack p (with a
# uniform shuffle the dice only rotate who takes which stack, which changes no statistic). Each
# hand is sorted by the branch-free network sort4, and hand_row gives its row in combinations
# order.
# The seat's strategy gives the setting: a pure row is one packed entry (setting, front rank,
# back rank); a mixed row draws a 32-bit number against the row's cumulative thresholds. Then
# decide (branch-free) for positions 1-7 against the banker.
#
# Accumulators (int64, exact): win/push/lose count per player position, and the number of rounds
# with w player wins and l player losses (8 x 8): every mean and variance, with or without
# commission, follows from these exactly.

from cython.parallel cimport prange, threadid
from libc.stdint cimport uint16_t

cdef enum:
    SIM_BLOCK = 4096        # rounds per generator block
    SIM_POS_CELLS = 21      # 7 player positions x (win, push, lose)
    SIM_CELLS = 85          # + 8 x 8 (wins, losses) cells per round
    SIM_ACC = 128           # per-thread accumulator row, padded to whole cache lines
    SIM_MIXED = 0xFFFF      # packed entry of a mixed row
    SIM_TRACE = 96          # bytes of one traced round

cdef struct SimRng:
    uint64_t s[4]
    uint64_t buf
    int have


cdef struct SimTables:
    const uint16_t *packed[2]   # [0] banker, [1] player: setting << 14 | front << 7 | back
    const uint64_t *thr[2]      # cumulative thresholds of settings 0 and 1, out of 2**32
    const uint8_t *ranks        # (front, back) rank of the 3 settings of every hand
    const Rules *rules          # the rule set's comparison


cdef inline uint64_t _mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline void _seed_block(SimRng *g, uint64_t seed, uint64_t block) noexcept nogil:
    # splitmix64 started from a hash of (seed, block); _mix64 is a bijection, so for one seed
    # every block starts from a different state
    cdef uint64_t x = _mix64(_mix64(seed) + block)
    cdef int i
    for i in range(4):
        x += <uint64_t>0x9E3779B97F4A7C15ULL
        g.s[i] = _mix64(x)
    g.buf = 0
    g.have = 0


cdef inline uint64_t _next64(SimRng *g) noexcept nogil:
    # xoshiro256** (Blackman and Vigna)
    cdef uint64_t result = _rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = _rotl(g.s[3], 45)
    return result


cdef inline uint32_t _next32(SimRng *g) noexcept nogil:
    # the two halves of one 64-bit output, high half first
    if g.have:
        g.have = 0
        return <uint32_t>g.buf
    g.buf = _next64(g)
    g.have = 1
    return <uint32_t>(g.buf >> 32)


cdef inline void _below_batch(SimRng *g, uint32_t s, int k, int *out) noexcept nogil:
    """k unbiased integers, out[t] in [0, s - t), from one 32-bit number when it can: Lemire's
    multiply-and-reject, batched (Brackett-Rozinsky and Lemire 2024). Needs s (s-1) ... (s-k+1)
    below 2**32; the leftover of the last product is rejected below 2**32 mod that product."""
    cdef uint32_t bound = 1, x, floor_
    cdef uint64_t m
    cdef int t
    for t in range(k):
        bound *= s - t
    x = _next32(g)
    for t in range(k):
        m = <uint64_t>x * (s - t)
        out[t] = <int>(m >> 32)
        x = <uint32_t>m
    if x < bound:
        floor_ = <uint32_t>((<uint64_t>1 << 32) % bound)
        while x < floor_:
            x = _next32(g)
            for t in range(k):
                m = <uint64_t>x * (s - t)
                out[t] = <int>(m >> 32)
                x = <uint32_t>m


cdef void _sim_block(uint64_t seed, uint64_t block, Py_ssize_t n, const SimTables *T,
                     int64_t *acc, int8_t *trace) noexcept nogil:
    """Play rounds 0..n-1 of ``block``; add the counts to acc, and trace them when not NULL."""
    cdef SimRng g
    cdef int js[4]
    cdef uint8_t stack[32]              # the row of stacks: stack k is stack[4k:4k+4]
    cdef int hand[8][4]
    cdef int front[8]
    cdef int back[8]
    cdef int choice[8]
    cdef int32_t local[SIM_CELLS]
    cdef int32_t pwin[8]
    cdef int32_t plose[8]
    cdef Py_ssize_t r
    cdef int i, j, p, t, seat, idx, c, res, wins, losses
    cdef uint32_t u, tmp
    cdef uint16_t v
    cdef int8_t *row
    _seed_block(&g, seed, block)
    for i in range(SIM_CELLS):
        local[i] = 0
    for i in range(32):
        stack[i] = <uint8_t>i
    for i in range(8):
        pwin[i] = 0
        plose[i] = 0
    for r in range(n):
        # shuffle: Fisher-Yates (any start order gives a uniform permutation), its 31 bounded
        # integers drawn four at a time, the last three together
        i = 31
        while i > 3:
            _below_batch(&g, <uint32_t>(i + 1), 4, js)
            for t in range(4):
                j = js[t]
                tmp = stack[i - t]
                stack[i - t] = stack[j]
                stack[j] = <uint8_t>tmp
            i -= 4
        _below_batch(&g, 4, 3, js)
        for t in range(3):
            j = js[t]
            tmp = stack[3 - t]
            stack[3 - t] = stack[j]
            stack[j] = <uint8_t>tmp
        # deal: position k takes stack k, sorted
        for p in range(8):
            for i in range(4):
                hand[p][i] = stack[4 * p + i]
            sort4(hand[p])
        # set each hand by its seat's strategy
        for p in range(8):
            seat = p != 0
            idx = hand_row(hand[p][0], hand[p][1], hand[p][2], hand[p][3])
            v = T.packed[seat][idx]
            if v == SIM_MIXED:
                u = _next32(&g)         # thresholds ascend: the setting is how many u passes
                c = (u >= T.thr[seat][2 * idx]) + (u >= T.thr[seat][2 * idx + 1])
                front[p] = T.ranks[6 * idx + 2 * c]
                back[p] = T.ranks[6 * idx + 2 * c + 1]
            else:
                c = v >> 14
                front[p] = (v >> 7) & 127
                back[p] = v & 127
            choice[p] = c
        # decide positions 1-7 against the banker
        wins = 0
        losses = 0
        for p in range(1, 8):
            res = decide(front[p], back[p], front[0], back[0], T.rules)
            pwin[p] += res == 1         # fixed addresses: pushes are what is left
            plose[p] += res == -1
            wins += res == 1
            losses += res == -1
        local[SIM_POS_CELLS + 8 * wins + losses] += 1
        if trace != NULL:
            row = trace + r * SIM_TRACE
            for t in range(32):
                row[t] = <int8_t>stack[t]
            for p in range(8):
                for i in range(4):
                    row[32 + 4 * p + i] = <int8_t>hand[p][i]
                row[64 + p] = <int8_t>choice[p]
                row[72 + 2 * p] = <int8_t>front[p]
                row[73 + 2 * p] = <int8_t>back[p]
            for p in range(1, 8):
                row[88 + p - 1] = <int8_t>decide(front[p], back[p], front[0], back[0], T.rules)
    for p in range(1, 8):
        local[3 * (p - 1)] = pwin[p]
        local[3 * (p - 1) + 1] = <int32_t>n - pwin[p] - plose[p]
        local[3 * (p - 1) + 2] = plose[p]
    for i in range(SIM_CELLS):
        acc[i] += local[i]


cdef int _sim_tables(SimTables *T, const uint16_t[::1] player_packed, const uint64_t[:, ::1] player_thr,
                     const uint16_t[::1] banker_packed, const uint64_t[:, ::1] banker_thr,
                     const uint8_t[:, :, ::1] ranks, RuleTables rules) except -1:
    if (player_packed.shape[0] != N_HANDS or banker_packed.shape[0] != N_HANDS
            or player_thr.shape[0] != N_HANDS or player_thr.shape[1] != 2
            or banker_thr.shape[0] != N_HANDS or banker_thr.shape[1] != 2
            or ranks.shape[0] != N_HANDS or ranks.shape[1] != 3 or ranks.shape[2] != 2):
        raise ValueError("simulation tables must have 35960 rows: (N,), (N, 2) and (N, 3, 2)")
    T.packed[0] = &banker_packed[0]
    T.packed[1] = &player_packed[0]
    T.thr[0] = &banker_thr[0, 0]
    T.thr[1] = &player_thr[0, 0]
    T.ranks = &ranks[0, 0, 0]
    T.rules = &rules.r
    return 0


SIMULATION_BLOCK = SIM_BLOCK
SIMULATION_CELLS = SIM_CELLS


def simulate_rounds(uint64_t seed, int64_t first_block, int64_t rounds, int threads,
                    const uint16_t[::1] player_packed, const uint64_t[:, ::1] player_thr,
                    const uint16_t[::1] banker_packed, const uint64_t[:, ::1] banker_thr,
                    const uint8_t[:, :, ::1] ranks, RuleTables rules):
    """Counts of ``rounds`` rounds starting at block ``first_block``: an int64 array of 85
    (7 positions x win/push/lose, then 8 x 8 rounds by player wins and losses)."""
    cdef SimTables T
    _sim_tables(&T, player_packed, player_thr, banker_packed, banker_thr, ranks, rules)
    if rounds < 0 or first_block < 0 or threads < 1 or threads > 1024:
        raise ValueError("rounds and first_block must be >= 0 and threads in 1..1024")
    if first_block > (<int64_t>1 << 50) or rounds > (<int64_t>1 << 60):
        raise ValueError("run too long")
    cdef int64_t nb = (rounds + SIM_BLOCK - 1) // SIM_BLOCK
    acc = np.zeros((threads, SIM_ACC), dtype=np.int64)
    cdef int64_t[:, ::1] a = acc
    cdef int64_t b
    cdef Py_ssize_t n
    cdef int tid
    if nb:
        with nogil:
            for b in prange(nb, num_threads=threads, schedule="dynamic", chunksize=1):
                tid = threadid()
                n = SIM_BLOCK if rounds - b * SIM_BLOCK > SIM_BLOCK else rounds - b * SIM_BLOCK
                _sim_block(seed, <uint64_t>(first_block + b), n, &T, &a[tid, 0], NULL)
    return acc[:, :SIM_CELLS].sum(axis=0)


def simulate_trace(uint64_t seed, int64_t rounds,
                   const uint16_t[::1] player_packed, const uint64_t[:, ::1] player_thr,
                   const uint16_t[::1] banker_packed, const uint64_t[:, ::1] banker_thr,
                   const uint8_t[:, :, ::1] ranks, RuleTables rules):
    """The first ``rounds`` rounds of a run, one thread, as an int8 array (rounds, 96): stack row
    (32 tiles), the 8 dealt hands (32), the 8 chosen settings, (front, back) ranks of the 8
    hands (16), the 7 players' results, then padding; and the counts as simulate_rounds."""
    cdef SimTables T
    _sim_tables(&T, player_packed, player_thr, banker_packed, banker_thr, ranks, rules)
    if rounds < 0 or rounds > 200_000:
        raise ValueError("a trace has 0 to 200,000 rounds")
    out = np.zeros((rounds, SIM_TRACE), dtype=np.int8)
    acc = np.zeros(SIM_ACC, dtype=np.int64)
    cdef int8_t[:, ::1] o = out
    cdef int64_t[::1] a = acc
    cdef int64_t b, nb = (rounds + SIM_BLOCK - 1) // SIM_BLOCK
    cdef Py_ssize_t n
    with nogil:
        for b in range(nb):
            n = SIM_BLOCK if rounds - b * SIM_BLOCK > SIM_BLOCK else rounds - b * SIM_BLOCK
            _sim_block(seed, <uint64_t>b, n, &T, &a[0], &o[b * SIM_BLOCK, 0])
    return out, acc[:SIM_CELLS].copy()
