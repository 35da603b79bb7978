# Included at the end of _core.pyx: a compiled house way decided in the core (private: use
# ``paigow.houseway``). A way compiled from its way file (paigow/houseway/compile.py) is, for each
# of the 35,960 hands in combinations order, the split it plays (its ``table``); this kernel reads
# it for N hands given in any order of their tiles, as four DECK indices each, and gives the split
# in the settings() order of the tiles as given (sort4, hand_row and sorted_setting of
# _common.pxd, as the advice kernels read a strategy).


cdef Py_ssize_t _houseway_kernel(const idx_t[:, ::1] hands, const uint8_t[::1] way, int8_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int t[4]
    cdef int s[4]
    cdef uint32_t mask
    cdef int j, k
    for i in range(n):
        mask = 0
        if not load_row(hands, i, t, &mask):
            return i
        s[0] = t[0]; s[1] = t[1]; s[2] = t[2]; s[3] = t[3]
        sort4(s)
        k = way[hand_row(s[0], s[1], s[2], s[3])]
        out[i] = -1
        for j in range(3):
            if sorted_setting(t, s, j) == k:
                out[i] = <int8_t>j
                break
    return -1


def houseway_splits(const idx_t[:, ::1] hands, const uint8_t[::1] way):
    """The split a house way (its split of each of the 35,960 hands, combinations order) plays
    for N hands of four DECK indices in any order: ((N,) int8 in settings() order of the tiles
    as given, first bad row or -1)."""
    if way.shape[0] != N_HANDS:
        raise ValueError(f"a way is one split for each of the {N_HANDS} hands, not {way.shape[0]}")
    out = np.empty(hands.shape[0], dtype=np.int8)
    cdef int8_t[::1] o = out
    cdef Py_ssize_t bad
    with nogil:
        bad = _houseway_kernel(hands, way, o)
    return out, bad
