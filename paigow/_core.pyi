"""Type stub of the compiled core (paigow/_core.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt

N_RANKS: int
ZERO_POINT_RANKS: int

def hand_rank_table() -> npt.NDArray[np.int16]: ...
def tile_faces() -> npt.NDArray[np.int8]: ...
def hand_ranks(hands: npt.NDArray[Any]) -> tuple[npt.NDArray[np.uint8], int]: ...
def settings(hands: npt.NDArray[Any]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8], int]: ...
def outcomes(player: npt.NDArray[Any], banker: npt.NDArray[Any]) -> tuple[npt.NDArray[np.int8], int]: ...

SIMULATION_BLOCK: int
SIMULATION_CELLS: int

def simulate_rounds(
    seed: int, first_block: int, rounds: int, threads: int,
    player_packed: npt.NDArray[np.uint16], player_thr: npt.NDArray[np.uint64],
    banker_packed: npt.NDArray[np.uint16], banker_thr: npt.NDArray[np.uint64],
    ranks: npt.NDArray[np.uint8],
) -> npt.NDArray[np.int64]: ...
def simulate_trace(
    seed: int, rounds: int,
    player_packed: npt.NDArray[np.uint16], player_thr: npt.NDArray[np.uint64],
    banker_packed: npt.NDArray[np.uint16], banker_thr: npt.NDArray[np.uint64],
    ranks: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]: ...
def decide_mismatches() -> int: ...
