# The dense simplex of paigow/game/seenlp.py (the exact finish of a game left), included into
# _core.pyx: the same pivots as its numpy loop, a pivot one pass over the rows its column touches.

from libc.math cimport fabs


def lp_simplex(double[:, ::1] t, int64_t[::1] rows, int64_t[::1] cols, double tol, Py_ssize_t max_pivots):
    """Maximise over the compact tableau ``t`` ((m + 1, k + 1): constraint rows [A | b], b >= 0,
    then the objective row [-c | value]) in place by Dantzig's rule (the first most negative
    reduced cost), the larger pivot among tied ratios; ``rows``/``cols`` name the basic variable
    of each row and the nonbasic one of each column. The pivots made, or -1 when the program is
    unbounded, -2 when more than ``max_pivots`` are needed."""
    cdef double[::1] prow = np.empty(t.shape[1])
    cdef double[::1] col = np.empty(t.shape[0])
    cdef Py_ssize_t[::1] nzc = np.empty(t.shape[1], dtype=np.intp)
    cdef Py_ssize_t got
    with nogil:
        got = _lp_pivots(t, rows, cols, tol, max_pivots, prow, col, nzc)
    return got


cdef Py_ssize_t _lp_pivots(double[:, ::1] t, int64_t[::1] rows, int64_t[::1] cols, double tol, Py_ssize_t max_pivots,
                           double[::1] prow, double[::1] col, Py_ssize_t[::1] nzc) noexcept nogil:
    cdef Py_ssize_t m = t.shape[0] - 1, k = t.shape[1] - 1, w = t.shape[1]
    cdef Py_ssize_t i, j, s, r, q, nnz, pivots = 0
    cdef double best, ratio, p, ci, lim, cand_c
    cdef int64_t swap
    cdef double *row
    cdef double *pr = &prow[0]
    while True:
        s = 0
        for j in range(1, k):
            if t[m, j] < t[m, s]:
                s = j
        if t[m, s] >= -tol:
            return pivots
        for i in range(m + 1):
            col[i] = t[i, s]
        r = -1
        best = 0.0
        for i in range(m):             # the least ratio
            if col[i] > tol:
                ratio = t[i, k] / col[i]
                if r < 0 or ratio < best:
                    best, r = ratio, i
        if r < 0:
            return -1
        lim = best + 1e-12 * (best if best > 1.0 else (-best if best < -1.0 else 1.0))
        cand_c = col[r]
        for i in range(m):             # the larger pivot among the ratios tied with it
            if col[i] > tol and t[i, k] / col[i] <= lim and col[i] > cand_c:
                cand_c = col[i]
        r = _first_tied(t, col, m, k, tol, lim, cand_c)
        p = col[r]
        nnz = 0
        for j in range(w):
            pr[j] = t[r, j] / p
            if pr[j] != 0.0:
                nzc[nnz] = j
                nnz += 1
        if nnz * 3 < w:                # a sparse pivot row: its nonzero columns alone
            for i in range(m + 1):
                ci = col[i]
                if ci != 0.0 and i != r:
                    row = &t[i, 0]
                    for q in range(nnz):
                        j = nzc[q]
                        row[j] -= ci * pr[j]
        else:
            for i in range(m + 1):
                ci = col[i]
                if ci != 0.0 and i != r:
                    row = &t[i, 0]
                    for j in range(w):
                        row[j] -= ci * pr[j]
        for j in range(w):
            t[r, j] = pr[j]
        for i in range(m + 1):
            t[i, s] = -col[i] / p
        t[r, s] = 1.0 / p
        swap = rows[r]
        rows[r] = cols[s]
        cols[s] = swap
        pivots += 1
        if pivots > max_pivots:
            return -2


cdef inline Py_ssize_t _first_tied(double[:, ::1] t, double[::1] col, Py_ssize_t m, Py_ssize_t k, double tol,
                                   double lim, double c_max) noexcept nogil:
    # the first row, in order, among the tied ratios whose pivot is the largest (numpy's argmax)
    cdef Py_ssize_t i
    for i in range(m):
        if col[i] > tol and t[i, k] / col[i] <= lim and col[i] == c_max:
            return i
    return -1


def lp_payoffs(double[:, ::1] t, const double[:, ::1] w, const int64_t[::1] p_type, const int64_t[::1] p_front,
               const int64_t[::1] p_back, const int64_t[::1] p_ref, const int64_t[::1] free,
               const int64_t[::1] b_type, const int64_t[::1] b_front, const int64_t[::1] b_back,
               int front_zero, int back_zero, double[::1] fixed, double[::1] size):
    """The constraint rows of the restricted program of paigow/game/seenlp.py, in place: for
    banker setting d and free player setting f (reference setting r of its type),
    ``t[d, f] = W (res(r, d) - res(f, d))``, ``W`` the hands of d's type beside one hand of f's
    type (``w[b_type[d], p_type[f]]``, the player type's hands folded in); ``fixed[d]`` the
    reference settings' total against d and ``size[d]`` the sum of every magnitude in its row."""
    cdef Py_ssize_t nd = b_type.shape[0], nf = free.shape[0], nx = p_type.shape[0], d, c, s, r
    cdef double fx, sz, v
    cdef int bf, bb
    cdef double[::1] ref_res = np.empty(nx)          # each reference setting's result against d
    cdef const double *wrow
    cdef double *trow
    with nogil:
        for d in range(nd):
            bf, bb = b_front[d], b_back[d]
            wrow = &w[b_type[d], 0]
            trow = &t[d, 0]
            fx = 0.0
            sz = 0.0
            for s in range(nx):
                if p_ref[s] == s:
                    ref_res[s] = _lp_res(p_front[s], p_back[s], bf, bb, front_zero, back_zero)
                    v = wrow[p_type[s]] * ref_res[s]
                    fx += v
                    sz += fabs(v)
            for c in range(nf):
                s = free[c]
                v = wrow[p_type[s]] * (ref_res[p_ref[s]] - _lp_res(p_front[s], p_back[s], bf, bb, front_zero, back_zero))
                trow[c] = v
                sz += fabs(v)
            fixed[d] = fx
            size[d] = sz


cdef inline double _lp_res(int pf, int pb, int bf, int bb, int fz, int bz) noexcept nogil:
    # the player's result of one pairing of settings (Art. 6.3-6.4): front win + back win - 1
    return <double>(((<int>(pf > bf)) & (<int>(pf >= fz))) + ((<int>(pb > bb)) & (<int>(pb >= bz))) - 1)
