# The setting game with the commission, included into _core.pyx. Self-contained: the rule set's
# data (each tile's rank, the number of zero-point hand ranks) and the hands holding each triple
# of tiles come in as arguments from paigow/game/solver.py, which holds the public API and every
# check of its arguments.

from cython.parallel cimport prange
from libc.string cimport memset
from libc.math cimport pow
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


# ---------------------------------------------------------------------------------------------
# the game left when tiles are seen (paigow/game/seen.py)
#
# Both hands come from the unseen tiles. The opposing hands beside one hand H of type i are
# counted by inclusion-exclusion over the tiles they share with H, as above, but by *rank
# multisets*: tiles of one rank play alike, so the histogram of the unseen hands holding a given
# set S of at most three tiles is that of the rank multiset of S, the average over the unseen
# tile sets of that multiset. Type j deposits into the table of each multiset S within it its
# hands times the occurrences of S in one of its hands over the unseen tile sets of S ("dep");
# type i reads each table with the signed occurrences of S in one of its hands ("use"), and the
# hand H itself (all four shared) is added back from the other side's strategy of type i. A
# type meets about a dozen tables: a step is linear in the types, not quadratic.

def left_values_size(int n_tables, int nf, int nb):
    """Doubles of the work buffer ``left_values`` needs for ``n_tables`` tables of ``nf`` front
    and ``nb`` back ranks."""
    return n_tables * (nf + nb + 2)


def left_values(const double[:, ::1] sigma, const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b,
                const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb, const int32_t[::1] fmap,
                const int32_t[::1] bmap, int nf, int nb, const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep,
                const double[::1] use, int n_tables, bint banker_side, RuleTables rules,
                double[::1] work, double[:, ::1] out):
    """(n, 3) into ``out``: the zero-sum value (wins - losses, in opposing hands) of every type
    setting of one side of the game left against the other side's type strategy ``sigma``
    (n, 3). Type i's rank multisets of at most three of its tiles are ``tab[ptr[i]:ptr[i+1]]``
    (table indices below ``n_tables``) with their weights ``dep`` and ``use`` (see above);
    ``work`` holds ``left_values_size(n_tables, nf, nb)`` doubles (overwritten). ``tset_f`` and
    ``tset_b`` hold every row's three settings' ranks (a missing setting repeats one: its
    value is not read), ``cf`` and ``cb`` the same as indices among the ``nf`` front (``nb``
    back) ranks present, and ``fmap`` (``bmap``) of a rank the present front (back) ranks below
    it: the histograms run over the present ranks only."""
    _left_check(sigma.shape[0], sigma.shape[1], tset_f, tset_b, cf, cb, fmap, bmap, nf, nb, ptr, tab, dep, use, n_tables,
                rules, work, out)
    with nogil:
        _left_values(sigma, tset_f, tset_b, cf, cb, fmap, bmap, nf, nb, ptr, tab, dep, use, n_tables, banker_side, &rules.r, &work[0], out)
    return None


cdef int _left_check(Py_ssize_t n, Py_ssize_t three, const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b,
                     const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb, const int32_t[::1] fmap,
                     const int32_t[::1] bmap, int nf, int nb, const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep,
                     const double[::1] use, int n_tables, RuleTables rules, double[::1] work,
                     double[:, ::1] out) except -1:
    cdef Py_ssize_t x
    cdef int k
    if three != 3 or tset_f.shape[0] != n or tset_b.shape[0] != n or out.shape[0] != n:
        raise ValueError("left_values: sigma, tset_f, tset_b and out must all be (n, 3)")
    if ptr.shape[0] != n + 1 or tab.shape[0] < ptr[n] or dep.shape[0] < ptr[n] or use.shape[0] < ptr[n]:
        raise ValueError("left_values: ptr must be (n + 1,) and tab, dep, use hold ptr[n] entries")
    if cf.shape[0] != n or cb.shape[0] != n or fmap.shape[0] < rules.r.n_ranks + 1 or bmap.shape[0] < rules.r.n_ranks + 1:
        raise ValueError("left_values: cf, cb must be (n, 3) and fmap, bmap hold every rank and one more")
    for x in range(n):
        for k in range(3):
            if cf[x, k] >= nf or cb[x, k] >= nb or tset_f[x, k] >= rules.r.n_ranks or tset_b[x, k] >= rules.r.n_ranks:
                raise ValueError("left_values: a setting's rank is out of range")
    for x in range(rules.r.n_ranks + 1):
        if not (0 <= fmap[x] <= nf and 0 <= bmap[x] <= nb):
            raise ValueError("left_values: fmap and bmap give counts of present ranks")
    if work.shape[0] < n_tables * (nf + nb + 2):
        raise ValueError("left_values: work buffer too small")
    for x in range(ptr[n]):
        if tab[x] < 0 or tab[x] >= n_tables:
            raise ValueError("left_values: a table index is out of range")
    return 0


cdef void _left_values(const double[:, ::1] sigma, const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b,
                       const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb, const int32_t[::1] fmap,
                       const int32_t[::1] bmap, int nf, int nb, const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep,
                       const double[::1] use, Py_ssize_t n_tables, bint banker_side, const Rules *R,
                       double *A, double[:, ::1] out) noexcept nogil:
    cdef Py_ssize_t n = sigma.shape[0]
    cdef Py_ssize_t half = nf + 1, stride = nf + nb + 2
    cdef Py_ssize_t i, e, x
    cdef int k, t
    cdef int qa[3]
    cdef int qc[3]
    cdef double p, u, tot
    cdef double vf[3]
    cdef double vb[3]
    cdef double *T
    memset(A, 0, n_tables * stride * sizeof(double))
    # 1. every type of the other side deposits its settings' ranks, at rank + 1
    for i in range(n):
        for t in range(3):
            p = sigma[i, t]
            if p == 0.0:
                continue
            for e in range(ptr[i], ptr[i + 1]):
                T = A + tab[e] * stride
                T[cf[i, t] + 1] += p * dep[e]
                T[half + cb[i, t] + 1] += p * dep[e]
    # 2. prefix sums: T[r] = the mass of the present ranks below the r-th (T[nf]: all of it)
    for x in range(n_tables):
        T = A + x * stride
        for k in range(1, nf + 1):
            T[k] += T[k - 1]
        for k in range(1, nb + 1):
            T[half + k] += T[half + k - 1]
    # 3. each type's view of the hands disjoint from one of its hands
    for i in range(n):
        for k in range(3):
            if not banker_side:  # the banker's fronts (backs) a player's beats: the ranks below qa (qc)
                qa[k] = fmap[R.beaten_below[0][tset_f[i, k]]]
                qc[k] = bmap[R.beaten_below[1][tset_b[i, k]]]
            else:  # the banker holds the player's fronts (backs) of the ranks below qa (qc)
                qa[k] = fmap[R.beating_from[0][tset_f[i, k]]]
                qc[k] = bmap[R.beating_from[1][tset_b[i, k]]]
            vf[k] = 0.0
            vb[k] = 0.0
        tot = 0.0
        for e in range(ptr[i], ptr[i + 1]):
            T = A + tab[e] * stride
            u = use[e]
            tot += u * T[nf]
            for k in range(3):
                vf[k] += u * T[qa[k]]
                vb[k] += u * T[half + qc[k]]
        for t in range(3):  # the hand itself, as the other side plays it
            p = sigma[i, t]
            if p == 0.0:
                continue
            tot += p
            for k in range(3):
                if cf[i, t] < qa[k]:
                    vf[k] += p
                if cb[i, t] < qc[k]:
                    vb[k] += p
        for k in range(3):  # fronts held + backs held - hands: wins - losses (Art. 6.3-6.4)
            out[i, k] = vf[k] + vb[k] - tot



def left_cfr(double[:, ::1] x, double[:, ::1] y, double[:, ::1] rp, double[:, ::1] rb,
             double[:, ::1] sp, double[:, ::1] sb, const int8_t[::1] m, long it0, int steps,
             const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b, const uint8_t[:, ::1] cf,
             const uint8_t[:, ::1] cb, const int32_t[::1] fmap, const int32_t[::1] bmap, int nf, int nb,
             const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep, const double[::1] use, int n_tables,
             RuleTables rules, double[::1] work, double[:, ::1] q, double alpha=-1.0, double beta=-1.0,
             double gamma=2.0):
    """``steps`` iterations of predictive CFR+ on the game left, numbered from ``it0 + 1``, in
    place: the player's strategy ``x``, regrets ``rp`` and average ``sp`` (weighted by the
    iteration to the power ``gamma``) updated against the banker's ``y``, then the banker's
    against the new ``x`` (alternating); the last regret is the prediction. ``m`` holds each
    type's settings (the first ``m[i]`` columns); ``q`` (n, 3) is a buffer. The game's
    arguments are ``left_values``'.

    Discounted (predictive DCFR, Brown and Sandholm 2019): with ``alpha`` >= 0 the regrets are
    kept signed, and after each update a positive one is multiplied by t^alpha / (t^alpha + 1)
    and a negative one by t^beta / (t^beta + 1) (t the iteration); with ``alpha`` < 0 (the
    default) they are floored at 0 (CFR+)."""
    cdef Py_ssize_t n = x.shape[0]
    cdef Py_ssize_t s
    cdef double w, t, pos, neg
    _left_check(n, x.shape[1], tset_f, tset_b, cf, cb, fmap, bmap, nf, nb, ptr, tab, dep, use, n_tables, rules, work, q)
    if (y.shape[0] != n or rp.shape[0] != n or rb.shape[0] != n or sp.shape[0] != n or sb.shape[0] != n
            or y.shape[1] != 3 or rp.shape[1] != 3 or rb.shape[1] != 3 or sp.shape[1] != 3 or sb.shape[1] != 3):
        raise ValueError("left_cfr: every strategy, regret and average is (n, 3)")
    if m.shape[0] != n:
        raise ValueError("left_cfr: m must be (n,)")
    with nogil:
        for s in range(steps):
            t = <double>(it0 + s + 1)
            w = t * t if gamma == 2.0 else pow(t, gamma)
            pos = -1.0 if alpha < 0.0 else pow(t, alpha) / (pow(t, alpha) + 1.0)
            neg = pow(t, beta) / (pow(t, beta) + 1.0)
            _left_values(y, tset_f, tset_b, cf, cb, fmap, bmap, nf, nb, ptr, tab, dep, use, n_tables, False, &rules.r,
                         &work[0], q)
            _cfr_update(x, rp, q, m, sp, w, pos, neg)
            _left_values(x, tset_f, tset_b, cf, cb, fmap, bmap, nf, nb, ptr, tab, dep, use, n_tables, True, &rules.r,
                         &work[0], q)
            _cfr_update(y, rb, q, m, sb, w, pos, neg)
    return None


cdef void _cfr_update(double[:, ::1] x, double[:, ::1] r, const double[:, ::1] q, const int8_t[::1] m,
                      double[:, ::1] avg, double w, double pos, double neg) noexcept nogil:
    # regret matching+ of one side, predicting the next instant regret by this one; with pos >= 0
    # the regrets stay signed and are discounted (pos: the positive ones' factor, neg: the negative)
    cdef Py_ssize_t i
    cdef int k, mm
    cdef double ev, inst, tot, acc
    cdef double pred[3]
    for i in range(x.shape[0]):
        mm = m[i]
        ev = 0.0
        for k in range(mm):
            ev += x[i, k] * q[i, k]
        tot = 0.0
        for k in range(mm):
            inst = q[i, k] - ev
            acc = r[i, k] + inst
            if pos < 0.0:
                r[i, k] = acc if acc > 0.0 else 0.0
            else:
                r[i, k] = acc * pos if acc > 0.0 else acc * neg
            pred[k] = r[i, k] + inst if r[i, k] + inst > 0.0 else 0.0
            tot += pred[k]
        for k in range(mm):
            x[i, k] = pred[k] / tot if tot > 0.0 else 1.0 / mm
            avg[i, k] += w * x[i, k]


# ---------------------------------------------------------------------------------------------
# the game left as paid (paigow/game/seenpaid.py): wins and losses apart
#
# With the commission a seat's payoff is (1 - rate) * [both hands won] - [both lost]: a product of
# the two comparisons, so besides left_values' cumulative masses by rank (the fronts below qa, the
# backs below qc, all of them) each rank multiset table needs the joint mass of the settings whose
# front is below qa AND back below qc. The places of a game's deposits and queries are fixed (only
# the weights change), so each table's events are sorted once by front (the queries of a front
# rank before its deposits: paigow/game/seenpaid.py) and swept with a Fenwick tree over the back
# ranks: (deposits + queries) * log(nb) a step, no 2-D table. Wins: the joint mass; losses: all -
# fronts below - backs below + joint. With weights that are whole numbers (0/1 strategies and
# ``dep`` scaled by the common multiple of the tables' tile sets) every sum is exact.

def left_thresholds(const uint8_t[:, ::1] tset_f, const uint8_t[:, ::1] tset_b, const int32_t[::1] fmap,
                    const int32_t[::1] bmap, bint banker_side, RuleTables rules, int32_t[:, ::1] qa,
                    int32_t[:, ::1] qc):
    """(n, 3) into ``qa`` and ``qc``: for each setting of one side (the banker's when
    ``banker_side``), the count of present front (back) ranks of the other side's settings below
    which it wins that hand (the player: beats it; the banker: holds it, copies to the bank).
    ``fmap``/``bmap`` as ``left_values`` takes them."""
    cdef Py_ssize_t n = tset_f.shape[0], i
    cdef int k
    if tset_b.shape[0] != n or qa.shape[0] != n or qc.shape[0] != n or tset_f.shape[1] != 3 or qa.shape[1] != 3 \
            or qc.shape[1] != 3 or tset_b.shape[1] != 3:
        raise ValueError("left_thresholds: tset_f, tset_b, qa and qc must all be (n, 3)")
    if fmap.shape[0] < rules.r.n_ranks + 1 or bmap.shape[0] < rules.r.n_ranks + 1:
        raise ValueError("left_thresholds: fmap and bmap hold every rank and one more")
    for i in range(n):
        for k in range(3):
            if tset_f[i, k] >= rules.r.n_ranks or tset_b[i, k] >= rules.r.n_ranks:
                raise ValueError("left_thresholds: a setting's rank is out of range")
            if not banker_side:
                qa[i, k] = fmap[rules.r.beaten_below[0][tset_f[i, k]]]
                qc[i, k] = bmap[rules.r.beaten_below[1][tset_b[i, k]]]
            else:
                qa[i, k] = fmap[rules.r.beating_from[0][tset_f[i, k]]]
                qc[i, k] = bmap[rules.r.beating_from[1][tset_b[i, k]]]
    return None


def left_paid_size(int n_tables, int nf, int nb):
    """Doubles of the work buffer ``left_paid_counts`` needs."""
    return n_tables * (nf + nb + 2) + nb + 1


def left_paid_counts(const double[:, ::1] sigma, const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb,
                     const int32_t[:, ::1] qa, const int32_t[:, ::1] qc, int nf, int nb,
                     const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep, const double[::1] use,
                     int n_tables, const int32_t[::1] ev_ptr, const int32_t[::1] ev_idx, const int32_t[::1] ev_pos,
                     const double[::1] ev_w, double one, double[::1] work, double[:, :, ::1] out):
    """(n, 3, 2) into ``out``: (wins, losses) of every type setting of one side of the game left
    against the other side's type strategy ``sigma`` (n, 3), in opposing hands (times the scale of
    ``dep``). ``qa``/``qc`` are the side's thresholds (``left_thresholds``); ``ptr``, ``tab``,
    ``dep``, ``use``, ``cf``, ``cb``, ``nf``, ``nb`` as ``left_values`` takes them. The events of
    table x are ``ev_ptr[x]:ev_ptr[x + 1]`` in sweep order: ``ev_idx`` ``3 * i + t`` (>= 0) a
    deposit of the other side's setting t of type i at the back place ``ev_pos`` (its back rank's
    index + 1) with weight ``ev_w`` (the entry's ``dep``), ``-(3 * i + k) - 1`` the query of our
    setting k of type i for the backs below ``ev_pos`` (its ``qc``) with weight ``ev_w`` (the
    entry's ``use``); ``one`` the weight of one hand (the scale of ``dep``: the hand itself, all
    four tiles shared, is added back with it). ``work``: ``left_paid_size`` doubles
    (overwritten). A row's settings without queries get the 1-D part only (not to be read)."""
    cdef Py_ssize_t n = sigma.shape[0]
    if sigma.shape[1] != 3 or out.shape[0] != n or out.shape[1] != 3 or out.shape[2] != 2:
        raise ValueError("left_paid_counts: sigma must be (n, 3) and out (n, 3, 2)")
    _paid_check(n, cf, cb, qa, qc, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr, ev_idx, ev_pos, ev_w, work)
    with nogil:
        _paid_counts(sigma, cf, cb, qa, qc, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr, ev_idx, ev_pos, ev_w, one,
                     &work[0], out)
    return None


cdef int _paid_check(Py_ssize_t n, const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb, const int32_t[:, ::1] qa,
                     const int32_t[:, ::1] qc, int nf, int nb, const int32_t[::1] ptr, const int32_t[::1] tab,
                     const double[::1] dep, const double[::1] use, int n_tables, const int32_t[::1] ev_ptr,
                     const int32_t[::1] ev_idx, const int32_t[::1] ev_pos, const double[::1] ev_w,
                     double[::1] work) except -1:
    cdef Py_ssize_t x, z, e
    cdef int k
    if cf.shape[0] != n or cb.shape[0] != n or qa.shape[0] != n or qc.shape[0] != n or cf.shape[1] != 3 \
            or cb.shape[1] != 3 or qa.shape[1] != 3 or qc.shape[1] != 3:
        raise ValueError("left_paid_counts: cf, cb, qa and qc must be (n, 3)")
    if ptr.shape[0] != n + 1 or ptr[0] != 0:
        raise ValueError("left_paid_counts: ptr must be (n + 1,) from 0")
    for x in range(n):
        if ptr[x + 1] < ptr[x]:
            raise ValueError("left_paid_counts: ptr must not decrease")
    e = ptr[n]
    if tab.shape[0] < e or dep.shape[0] < e or use.shape[0] < e:
        raise ValueError("left_paid_counts: tab, dep and use hold ptr[n] entries")
    for x in range(n):
        for k in range(3):
            if cf[x, k] >= nf or cb[x, k] >= nb or not (0 <= qa[x, k] <= nf) or not (0 <= qc[x, k] <= nb):
                raise ValueError("left_paid_counts: a setting's rank index or threshold is out of range")
    for z in range(e):
        if tab[z] < 0 or tab[z] >= n_tables:
            raise ValueError("left_paid_counts: a table index is out of range")
    if ev_ptr.shape[0] != n_tables + 1 or ev_ptr[0] != 0 or ev_idx.shape[0] < ev_ptr[n_tables] \
            or ev_pos.shape[0] < ev_ptr[n_tables] or ev_w.shape[0] < ev_ptr[n_tables]:
        raise ValueError("left_paid_counts: ev_ptr must be (n_tables + 1,) from 0 into ev_idx, ev_pos and ev_w")
    for x in range(n_tables):
        if ev_ptr[x + 1] < ev_ptr[x]:
            raise ValueError("left_paid_counts: ev_ptr must not decrease")
    for z in range(ev_ptr[n_tables]):
        k = ev_idx[z]
        if k >= 3 * n or k < -3 * n or not (1 if k >= 0 else 0) <= ev_pos[z] <= nb:
            raise ValueError("left_paid_counts: an event's setting or back place is out of range")
    if work.shape[0] < n_tables * (nf + nb + 2) + nb + 1:
        raise ValueError("left_paid_counts: work buffer too small")
    return 0


cdef void _paid_counts(const double[:, ::1] sigma, const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb,
                       const int32_t[:, ::1] qa, const int32_t[:, ::1] qc, int nf, int nb,
                       const int32_t[::1] ptr, const int32_t[::1] tab, const double[::1] dep, const double[::1] use,
                       Py_ssize_t n_tables, const int32_t[::1] ev_ptr, const int32_t[::1] ev_idx,
                       const int32_t[::1] ev_pos, const double[::1] ev_w, double one, double *A,
                       double[:, :, ::1] out) noexcept nogil:
    cdef Py_ssize_t n = sigma.shape[0]
    cdef Py_ssize_t half = nf + 1, stride = nf + nb + 2
    cdef Py_ssize_t i, e, x, y
    cdef int k, t, z, pos
    cdef double p, u, tot, s
    cdef double vf[3]
    cdef double vb[3]
    cdef double vj[3]
    cdef double *T
    cdef double *bit = A + n_tables * stride
    cdef const double *sg = &sigma[0, 0]
    cdef double *o = &out[0, 0, 0]
    memset(A, 0, (n_tables * stride + nb + 1) * sizeof(double))
    # 1. the 1-D masses, as left_values
    for i in range(n):
        for t in range(3):
            p = sigma[i, t]
            if p == 0.0:
                continue
            for e in range(ptr[i], ptr[i + 1]):
                T = A + tab[e] * stride
                T[cf[i, t] + 1] += p * dep[e]
                T[half + cb[i, t] + 1] += p * dep[e]
    for x in range(n_tables):
        T = A + x * stride
        for k in range(1, nf + 1):
            T[k] += T[k - 1]
        for k in range(1, nb + 1):
            T[half + k] += T[half + k - 1]
    for i in range(n):
        for k in range(3):
            vf[k] = 0.0
            vb[k] = 0.0
            vj[k] = 0.0
        tot = 0.0
        for e in range(ptr[i], ptr[i + 1]):
            T = A + tab[e] * stride
            u = use[e]
            tot += u * T[nf]
            for k in range(3):
                vf[k] += u * T[qa[i, k]]
                vb[k] += u * T[half + qc[i, k]]
        for t in range(3):  # the hand itself, as the other side plays it
            p = sigma[i, t] * one
            if p == 0.0:
                continue
            tot += p
            for k in range(3):
                if cf[i, t] < qa[i, k]:
                    vf[k] += p
                    if cb[i, t] < qc[i, k]:
                        vj[k] += p
                if cb[i, t] < qc[i, k]:
                    vb[k] += p
        for k in range(3):
            out[i, k, 0] = vj[k]
            out[i, k, 1] = tot - vf[k] - vb[k] + vj[k]
    # 2. the joint masses: each table's events swept by front, a Fenwick tree over the backs
    for x in range(n_tables):
        for y in range(ev_ptr[x], ev_ptr[x + 1]):
            z = ev_idx[y]
            pos = ev_pos[y]
            if z >= 0:
                p = sg[z]
                if p == 0.0:
                    continue
                p = p * ev_w[y]
                while pos <= nb:
                    bit[pos] += p
                    pos += pos & -pos
            else:
                s = 0.0
                while pos > 0:
                    s += bit[pos]
                    pos -= pos & -pos
                s = s * ev_w[y]
                z = -2 * z - 2    # (3 * i + k) * 2: the wins of out[i, k]
                o[z] += s
                o[z + 1] += s
        if ev_ptr[x + 1] > ev_ptr[x]:
            memset(bit, 0, (nb + 1) * sizeof(double))


def left_paid_cfr(double[:, ::1] x, double[:, ::1] y, double[:, ::1] rp, double[:, ::1] rb,
                  double[:, ::1] sp, double[:, ::1] sb, const int8_t[:, ::1] play, long it0, int steps, double win,
                  double win_b, const uint8_t[:, ::1] cf, const uint8_t[:, ::1] cb, const int32_t[:, ::1] qa_p,
                  const int32_t[:, ::1] qc_p, const int32_t[::1] ev_ptr_p, const int32_t[::1] ev_idx_p,
                  const int32_t[::1] ev_pos_p, const double[::1] ev_w_p, const int32_t[:, ::1] qa_b,
                  const int32_t[:, ::1] qc_b, const int32_t[::1] ev_ptr_b, const int32_t[::1] ev_idx_b,
                  const int32_t[::1] ev_pos_b, const double[::1] ev_w_b, int nf, int nb, const int32_t[::1] ptr,
                  const int32_t[::1] tab, const double[::1] dep, const double[::1] use, int n_tables,
                  double one, double[::1] work, double[:, :, ::1] c, double[:, ::1] q, double alpha=-1.0,
                  double beta=-1.0, double gamma=2.0):
    """``steps`` iterations of predictive (discounted) CFR on the game left as paid, in place, as
    ``left_cfr`` does, each side regretting its own payoff ``win * wins - losses`` (a player's win
    counts ``win`` = 1 - its rate, a banker's ``win_b`` = 1 - the banker's: 1 where the bank's
    wins pay nothing, a loss 1): the player's (``x``, regrets ``rp``, average ``sp``) against
    the banker's ``y`` with the player's thresholds and events (``*_p``), then the banker's
    against the new ``x`` with the banker's (``*_b``). ``play`` (n, 3) marks the settings each
    type plays (at least one; the rest keep probability 0: a dominated setting, say, whose counts
    the events need not hold). The game's arguments are ``left_paid_counts``'; ``c`` (n, 3, 2)
    and ``q`` (n, 3) are buffers."""
    cdef Py_ssize_t n = x.shape[0], i
    cdef Py_ssize_t s
    cdef int k
    cdef double w, t, pos, neg
    _paid_check(n, cf, cb, qa_p, qc_p, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr_p, ev_idx_p, ev_pos_p, ev_w_p,
                work)
    _paid_check(n, cf, cb, qa_b, qc_b, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr_b, ev_idx_b, ev_pos_b, ev_w_b,
                work)
    if (x.shape[1] != 3 or y.shape[0] != n or rp.shape[0] != n or rb.shape[0] != n or sp.shape[0] != n
            or sb.shape[0] != n or q.shape[0] != n or c.shape[0] != n or y.shape[1] != 3 or rp.shape[1] != 3
            or rb.shape[1] != 3 or sp.shape[1] != 3 or sb.shape[1] != 3 or q.shape[1] != 3 or c.shape[1] != 3
            or c.shape[2] != 2):
        raise ValueError("left_paid_cfr: every strategy, regret, average and q is (n, 3), c (n, 3, 2)")
    if play.shape[0] != n or play.shape[1] != 3:
        raise ValueError("left_paid_cfr: play must be (n, 3)")
    for i in range(n):
        if not (play[i, 0] or play[i, 1] or play[i, 2]):
            raise ValueError("left_paid_cfr: every type plays a setting")
    with nogil:
        for s in range(steps):
            t = <double>(it0 + s + 1)
            w = t * t if gamma == 2.0 else pow(t, gamma)
            pos = -1.0 if alpha < 0.0 else pow(t, alpha) / (pow(t, alpha) + 1.0)
            neg = pow(t, beta) / (pow(t, beta) + 1.0)
            _paid_counts(y, cf, cb, qa_p, qc_p, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr_p, ev_idx_p, ev_pos_p,
                         ev_w_p, one, &work[0], c)
            for i in range(n):
                for k in range(3):
                    q[i, k] = win * c[i, k, 0] - c[i, k, 1]
            _cfr_update_play(x, rp, q, play, sp, w, pos, neg)
            _paid_counts(x, cf, cb, qa_b, qc_b, nf, nb, ptr, tab, dep, use, n_tables, ev_ptr_b, ev_idx_b, ev_pos_b,
                         ev_w_b, one, &work[0], c)
            for i in range(n):
                for k in range(3):
                    q[i, k] = win_b * c[i, k, 0] - c[i, k, 1]
            _cfr_update_play(y, rb, q, play, sb, w, pos, neg)
    return None


cdef void _cfr_update_play(double[:, ::1] x, double[:, ::1] r, const double[:, ::1] q, const int8_t[:, ::1] play,
                           double[:, ::1] avg, double w, double pos, double neg) noexcept nogil:
    # _cfr_update over the settings ``play`` marks (the others keep probability 0)
    cdef Py_ssize_t i
    cdef int k, mm
    cdef double ev, inst, tot, acc
    cdef double pred[3]
    for i in range(x.shape[0]):
        ev = 0.0
        mm = 0
        for k in range(3):
            if play[i, k]:
                ev += x[i, k] * q[i, k]
                mm += 1
        tot = 0.0
        for k in range(3):
            pred[k] = 0.0
            if not play[i, k]:
                continue
            inst = q[i, k] - ev
            acc = r[i, k] + inst
            if pos < 0.0:
                r[i, k] = acc if acc > 0.0 else 0.0
            else:
                r[i, k] = acc * pos if acc > 0.0 else acc * neg
            pred[k] = r[i, k] + inst if r[i, k] + inst > 0.0 else 0.0
            tot += pred[k]
        for k in range(3):
            if play[i, k]:
                x[i, k] = pred[k] / tot if tot > 0.0 else 1.0 / mm
                avg[i, k] += w * x[i, k]
            else:
                x[i, k] = 0.0
