"""Type stub of the compiled core (paigow/_core.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__test__: dict[str, str]
HAND_COUNT: int
OPPONENT_HANDS: int
SPLITS: tuple[tuple[int, int, int, int], ...]

@disjoint_base
class RuleTables:
    n_ranks: int
    front_zero: int
    back_zero: int
    neutral: bool
    def __init__(self, hand_rank: Any, n_ranks: int, front_zero: int, back_zero: int, neutral: bool = False) -> None: ...
    def hand_rank_table(self) -> npt.NDArray[np.int16]: ...
    def decide(self, pf: int, pb: int, bf: int, bb: int) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def hand_ranks(hands: npt.NDArray[Any], rules: RuleTables) -> tuple[npt.NDArray[np.uint8], int]: ...
def settings(hands: npt.NDArray[Any], rules: RuleTables) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8], int]: ...
def outcomes(player: npt.NDArray[Any], banker: npt.NDArray[Any], rules: RuleTables) -> tuple[npt.NDArray[np.int8], int]: ...

# advice and the setting game (paigow/_advice.pxi)
COUNT_SCALE_BITS: int

def hand_rows(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]: ...
def setting_order(hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]: ...
def advice_counts(
    hand: npt.NDArray[np.int64],
    pure: npt.NDArray[np.uint16],
    starts: npt.NDArray[np.int32],
    ef: npt.NDArray[np.uint8],
    eb: npt.NDArray[np.uint8],
    eq: npt.NDArray[np.uint64],
    banker_seat: bool,
    rules: RuleTables,
    seen: int = ...,
) -> npt.NDArray[np.uint64]: ...
def side_tables(
    reps: npt.NDArray[np.int8],
    pure: npt.NDArray[np.uint16],
    starts: npt.NDArray[np.int32],
    ef: npt.NDArray[np.uint8],
    eb: npt.NDArray[np.uint8],
    eq: npt.NDArray[np.uint64],
    banker_seat: bool,
    rules: RuleTables,
    threads: int = 0,
) -> npt.NDArray[np.uint64]: ...
def advise_hands(
    hands: npt.NDArray[Any], table: npt.NDArray[np.uint64], key: npt.NDArray[np.int32], win: float
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64], npt.NDArray[np.int8], npt.NDArray[np.int32],
           npt.NDArray[np.int8], int]: ...
@disjoint_base
class SideLookup:
    win: float
    def __init__(self, table: npt.NDArray[np.uint64], key: npt.NDArray[np.int32], win: float,
                 own: npt.NDArray[np.float64] | None = None) -> None: ...
    def advise(self, a: int, b: int, c: int, d: int) -> tuple[
        tuple[float, float, float], tuple[float, float, float], tuple[float, float, float],
        tuple[float, float, float], int, tuple[float, float, float] | None, int, tuple[int, int, int]]: ...

@disjoint_base
class BestLookup:
    def __init__(self, best: npt.NDArray[np.uint8], settings_of: Any = None, read: Any = None,
                 refuse: Any = None) -> None: ...
    def get(self, a: int, b: int, c: int, d: int) -> int: ...
    def __call__(self, hand: Any) -> Any: ...

def rank_one(a: int, b: int, rules: RuleTables) -> int: ...
def best_settings(hands: npt.NDArray[Any], best: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int8], int]: ...
def side_values(
    sigma: npt.NDArray[np.float64],
    hand_type: npt.NDArray[np.int32],
    hands: npt.NDArray[np.int8],
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    rep_hand: npt.NDArray[np.int32],
    banker_side: bool,
    rules: RuleTables,
    threads: int = 0,
    work: npt.NDArray[np.float64] | None = None,
    out: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]: ...
def side_values_size() -> int: ...
def type_weights(counts: npt.NDArray[np.uint8], copies: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
def type_game_value(
    sp: npt.NDArray[np.float64],
    sb: npt.NDArray[np.float64],
    W: npt.NDArray[np.uint8],
    cnt: npt.NDArray[np.int64],
    m: npt.NDArray[np.uint8],
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    rules: RuleTables,
) -> npt.NDArray[np.float64]: ...

# the setting game with the commission (paigow/_solver.pxi)
def side_counts_size(nr: int) -> int: ...
def side_counts(
    sigma: npt.NDArray[np.float64],
    hand_type: npt.NDArray[np.int32],
    hands: npt.NDArray[np.int8],
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    rep_hand: npt.NDArray[np.int32],
    banker_side: bool,
    tile_rank: npt.NDArray[np.int8],
    rules: RuleTables,
    triple_hands: npt.NDArray[np.int32],
    nr: int,
    work: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64],
    threads: int = 1,
) -> None: ...

# the game left when tiles are seen (paigow/_solver.pxi)
def left_values_size(n_tables: int, nf: int, nb: int) -> int: ...
def left_values(
    sigma: npt.NDArray[np.float64],
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    cf: npt.NDArray[np.uint8],
    cb: npt.NDArray[np.uint8],
    fmap: npt.NDArray[np.int32],
    bmap: npt.NDArray[np.int32],
    nf: int,
    nb: int,
    ptr: npt.NDArray[np.int32],
    tab: npt.NDArray[np.int32],
    dep: npt.NDArray[np.float64],
    use: npt.NDArray[np.float64],
    n_tables: int,
    banker_side: bool,
    rules: RuleTables,
    work: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64],
) -> None: ...
def left_cfr(
    x: npt.NDArray[np.float64],
    y: npt.NDArray[np.float64],
    rp: npt.NDArray[np.float64],
    rb: npt.NDArray[np.float64],
    sp: npt.NDArray[np.float64],
    sb: npt.NDArray[np.float64],
    m: npt.NDArray[np.int8],
    it0: int,
    steps: int,
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    cf: npt.NDArray[np.uint8],
    cb: npt.NDArray[np.uint8],
    fmap: npt.NDArray[np.int32],
    bmap: npt.NDArray[np.int32],
    nf: int,
    nb: int,
    ptr: npt.NDArray[np.int32],
    tab: npt.NDArray[np.int32],
    dep: npt.NDArray[np.float64],
    use: npt.NDArray[np.float64],
    n_tables: int,
    rules: RuleTables,
    work: npt.NDArray[np.float64],
    q: npt.NDArray[np.float64],
    alpha: float = ...,
    beta: float = ...,
    gamma: float = ...,
) -> None: ...

# the game left as paid (paigow/_solver.pxi, paigow/game/seenpaid.py)
def left_thresholds(
    tset_f: npt.NDArray[np.uint8],
    tset_b: npt.NDArray[np.uint8],
    fmap: npt.NDArray[np.int32],
    bmap: npt.NDArray[np.int32],
    banker_side: bool,
    rules: RuleTables,
    qa: npt.NDArray[np.int32],
    qc: npt.NDArray[np.int32],
) -> None: ...
def left_paid_size(n_tables: int, nf: int, nb: int) -> int: ...
def left_paid_counts(
    sigma: npt.NDArray[np.float64],
    cf: npt.NDArray[np.uint8],
    cb: npt.NDArray[np.uint8],
    qa: npt.NDArray[np.int32],
    qc: npt.NDArray[np.int32],
    nf: int,
    nb: int,
    ptr: npt.NDArray[np.int32],
    tab: npt.NDArray[np.int32],
    dep: npt.NDArray[np.float64],
    use: npt.NDArray[np.float64],
    n_tables: int,
    ev_ptr: npt.NDArray[np.int32],
    ev_idx: npt.NDArray[np.int32],
    ev_pos: npt.NDArray[np.int32],
    ev_w: npt.NDArray[np.float64],
    one: float,
    work: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64],
) -> None: ...
def left_paid_cfr(
    x: npt.NDArray[np.float64],
    y: npt.NDArray[np.float64],
    rp: npt.NDArray[np.float64],
    rb: npt.NDArray[np.float64],
    sp: npt.NDArray[np.float64],
    sb: npt.NDArray[np.float64],
    play: npt.NDArray[np.int8],
    it0: int,
    steps: int,
    win: float,
    win_b: float,
    cf: npt.NDArray[np.uint8],
    cb: npt.NDArray[np.uint8],
    qa_p: npt.NDArray[np.int32],
    qc_p: npt.NDArray[np.int32],
    ev_ptr_p: npt.NDArray[np.int32],
    ev_idx_p: npt.NDArray[np.int32],
    ev_pos_p: npt.NDArray[np.int32],
    ev_w_p: npt.NDArray[np.float64],
    qa_b: npt.NDArray[np.int32],
    qc_b: npt.NDArray[np.int32],
    ev_ptr_b: npt.NDArray[np.int32],
    ev_idx_b: npt.NDArray[np.int32],
    ev_pos_b: npt.NDArray[np.int32],
    ev_w_b: npt.NDArray[np.float64],
    nf: int,
    nb: int,
    ptr: npt.NDArray[np.int32],
    tab: npt.NDArray[np.int32],
    dep: npt.NDArray[np.float64],
    use: npt.NDArray[np.float64],
    n_tables: int,
    one: float,
    work: npt.NDArray[np.float64],
    c: npt.NDArray[np.float64],
    q: npt.NDArray[np.float64],
    alpha: float = ...,
    beta: float = ...,
    gamma: float = ...,
) -> None: ...

# whole-round simulation (paigow/_simulate.pxi)
SIMULATION_BLOCK: int
SIMULATION_CELLS: int

def simulate_rounds(
    seed: int, first_block: int, rounds: int, threads: int,
    player_packed: npt.NDArray[np.uint16], player_thr: npt.NDArray[np.uint64],
    banker_packed: npt.NDArray[np.uint16], banker_thr: npt.NDArray[np.uint64],
    ranks: npt.NDArray[np.uint8], rules: RuleTables,
) -> npt.NDArray[np.int64]: ...
def simulate_trace(
    seed: int, rounds: int,
    player_packed: npt.NDArray[np.uint16], player_thr: npt.NDArray[np.uint64],
    banker_packed: npt.NDArray[np.uint16], banker_thr: npt.NDArray[np.uint64],
    ranks: npt.NDArray[np.uint8], rules: RuleTables,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]: ...

# a house way decided in the core (paigow/_houseway.pxi)
def houseway_splits(hands: npt.NDArray[Any], way: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int8], int]: ...

# the dense simplex of the exact finish of a game left (paigow/_lp.pxi)
def lp_simplex(
    t: npt.NDArray[np.float64], rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64], tol: float, max_pivots: int
) -> int: ...
def lp_payoffs(
    t: npt.NDArray[np.float64], w: npt.NDArray[np.float64], p_type: npt.NDArray[np.int64],
    p_front: npt.NDArray[np.int64], p_back: npt.NDArray[np.int64], p_ref: npt.NDArray[np.int64],
    free: npt.NDArray[np.int64], b_type: npt.NDArray[np.int64], b_front: npt.NDArray[np.int64],
    b_back: npt.NDArray[np.int64], front_zero: int, back_zero: int, fixed: npt.NDArray[np.float64],
    size: npt.NDArray[np.float64],
) -> None: ...
