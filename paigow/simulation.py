"""Whole rounds of Pai Gow simulated in the compiled core, on every core, reproducibly.

Each round shuffles the 32 tiles, deals 4 to each of the 8 positions (the banker is position 0),
sets every hand by its seat's strategy (a :class:`~paigow.Strategy` or anything that converts to
one: ``"max-back"``, ``"equilibrium"``, a caller's (35960, 3) table, see :mod:`paigow.strategies`), and decides positions 1-7 against the banker
(Art. 6). Every player bets 1 unit. Results are added up as exact integer counts, never stored
per round, so memory stays flat however many rounds are run.

* **Dice.** With a uniform shuffle, the dice only choose which position takes which stack; that
  changes no statistic, so the banker always takes the first stack.
* **Commission** (Portaria 58/91/M) is a rate: ``True`` means the regulation's 5%
  (:data:`paigow.commission.COMMISSION`). A winning player is paid
  ``1 - rate``; the banker's net win of a round, when positive, is paid ``1 - rate`` too.
* **The bank cap** (Art. 4.5) is left out: the banker pays and collects every bet in full.
* **Reproducible.** The run is cut into blocks of 4,096 rounds, each with its own generator
  (xoshiro256** seeded by splitmix64 from the seed and the block number); threads take whole
  blocks and add integer counters, so one seed gives the same numbers on any number of threads.
  Without a seed, a 64-bit one is drawn from :mod:`secrets` and kept in the result.
* **Mixed strategies** draw their setting with a 32-bit number: probabilities are used to the
  nearest multiple of 2**-32.

>>> r = simulate(200_000, seed=2024)
>>> r.rounds, r.seed, r.counts.shape, int(r.counts.sum())
(200000, 2024, (7, 3), 1400000)
>>> print(f"{r.player_mean:+.4f} {r.player_se:.4f}")
-0.0102 0.0011
>>> abs(r.banker_mean + 7 * r.player_mean) < 1e-12    # no commission: the banker's is the players' loss
True
"""

from __future__ import annotations

import functools
import math
import operator
import os
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow import commission as _commission
from paigow.errors import InvalidOptionError, InvalidSimulationError
from paigow.rules import MACAU
from paigow.strategies import Strategy, all_ranks
from paigow.strategies import StrategyLike as StrategyLike

__all__ = ["SimulationResult", "RoundTrace", "simulate", "trace_rounds", "BLOCK", "COMMISSION",
           "BlockCounts", "simulate_blocks"]

BLOCK: int = _core.SIMULATION_BLOCK
"""Rounds per generator block (4,096): runs are cut into whole blocks."""

COMMISSION: float = float(_commission.COMMISSION)
"""The rate ``commission=True`` stands for (Portaria 58/91/M), as a float."""

MAX_ROUNDS = 1 << 60
MAX_THREADS = 1024
_CHUNK_BLOCKS = 256  # blocks between two progress calls (about a million rounds)
Progress = Callable[[int, int], object]


# ---------------------------------------------------------------------------------------------
# the result


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """The numbers of a simulated run. Arrays are read-only.

    ``counts[p - 1]`` is (wins, pushes, losses) of player position p (1-7); ``round_counts[w, l]``
    the number of rounds in which w players won and l lost. Every mean and standard error below
    follows exactly from these two arrays, the number of rounds and the commission rate.
    ``player_mean`` is the mean result of one player hand (one position in one round) and
    ``banker_mean`` the banker's mean result per round against the seven positions; their
    standard errors take the round as the independent unit (a banker's hand meets seven players).
    Two results are equal when their inputs and counts are; ``seconds`` and ``threads`` are not
    compared.
    """

    rounds: int
    seed: int
    player: str
    banker: str
    commission: float
    counts: npt.NDArray[np.int64]
    round_counts: npt.NDArray[np.int64]
    banker_mean: float
    banker_se: float
    player_mean: float
    player_se: float
    seconds: float = field(default=0.0, repr=False)
    threads: int = field(default=1, repr=False)

    @property
    def rounds_per_second(self) -> float:
        """Rounds simulated per second of wall time (0 when too fast to time)."""
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    @property
    def position_mean(self) -> npt.NDArray[np.float64]:
        """Mean result of each player position 1-7 (after commission)."""
        return _position_moments(self)[0]

    @property
    def position_se(self) -> npt.NDArray[np.float64]:
        """Standard error of each :attr:`position_mean`."""
        return _position_moments(self)[1]

    def _key(self) -> tuple[object, ...]:
        return (self.rounds, self.seed, self.player, self.banker, self.commission,
                self.counts.tolist(), self.round_counts.tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def merge(cls, parts: "Iterable[BlockCounts]", commission: bool | float = False) -> "SimulationResult":
        """The result of a whole run from the :class:`BlockCounts` of its block ranges, in any
        order (see :func:`simulate_blocks`); equal to ``simulate(rounds, seed, ...)`` of the same
        run. Refused (:class:`~paigow.errors.InvalidSimulationError`) when the parts differ in
        seed, rounds, strategies or package version, or their ranges leave a gap or overlap."""
        return _merge(parts, commission)


def _mean_se(total: Fraction, squares: Fraction, n: int) -> tuple[float, float]:
    """Mean and its standard error from the exact sum and sum of squares of n values."""
    mean = total / n
    if n < 2:
        return float(mean), math.nan
    var = (squares - total * total / n) / (n - 1)
    return float(mean), math.sqrt(float(max(var, Fraction(0))) / n)


def _moments(round_counts: npt.NDArray[np.int64], rate: Fraction, rounds: int) -> tuple[float, float, float, float]:
    win = 1 - rate
    b1 = b2 = p1 = p2 = Fraction(0)
    for w in range(8):
        for lose in range(8):
            c = int(round_counts[w, lose])
            if not c:
                continue
            net = Fraction(lose - w)
            banker = net * win if net > 0 else net
            players = w * win - lose
            b1 += c * banker
            b2 += c * banker * banker
            p1 += c * players
            p2 += c * players * players
    bm, bse = _mean_se(b1, b2, rounds)
    pm, pse = _mean_se(p1, p2, rounds)
    return bm, bse, pm / 7, pse / 7


def _position_moments(r: SimulationResult) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    win = 1 - Fraction(r.commission)
    means, ses = [], []
    for w, _, lose in r.counts.tolist():
        m, s = _mean_se(w * win - lose, w * win * win + lose, r.rounds)
        means.append(m)
        ses.append(s)
    return np.array(means), np.array(ses)


# ---------------------------------------------------------------------------------------------
# validation and tables


def _check_int(value: object, name: str, lo: int, hi: int, span: str, optional: bool = False) -> int:
    """``value`` as an int in [lo, hi]: TypeError if it is not an integer (bool included),
    InvalidSimulationError naming ``span`` if it is out of range."""
    kind = "an integer or None" if optional else "an integer"
    if isinstance(value, bool):
        raise TypeError(f"{name} must be {kind}, not {value!r}")
    try:
        n = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be {kind}, not {value!r}") from None
    if not lo <= n <= hi:
        raise InvalidSimulationError(f"{name} must be from {span}, not {value!r}")
    return n


def _check_rounds(rounds: object) -> int:
    return _check_int(rounds, "rounds", 1, MAX_ROUNDS, "1 to 2**60")


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(64)
    return _check_int(seed, "seed", 0, (1 << 64) - 1, "0 to 2**64 - 1", optional=True)


def _check_threads(threads: object) -> int:
    if threads is None:
        return max(1, min(os.cpu_count() or 1, MAX_THREADS))
    return _check_int(threads, "threads", 1, MAX_THREADS, f"1 to {MAX_THREADS}", optional=True)


def _check_commission(commission: object) -> float:
    if commission is None or commission is False:
        return 0.0
    if commission is True:
        return COMMISSION
    if not isinstance(commission, (int, float, np.integer, np.floating, Fraction)):
        raise TypeError(f"commission must be True, False or a rate, not {commission!r}")
    try:
        rate = _commission.rate(commission.item() if isinstance(commission, np.generic) else commission)
    except InvalidOptionError:  # also nan
        raise InvalidSimulationError(f"commission rate must be at least 0 and below 1, not {commission!r}",
                                     code="simulation.commission") from None
    return float(rate)


def _label(strategy: StrategyLike) -> str:
    return strategy.name if isinstance(strategy, Strategy) else strategy if isinstance(strategy, str) else "table"


def _setting_ranks() -> npt.NDArray[np.uint8]:
    """(front, back) rank of the three settings of every hand, (35960, 3, 2) uint8."""
    return all_ranks()


def _tables(player: StrategyLike, banker: StrategyLike) -> tuple[Any, ...]:
    pp, pt = Strategy.clean(player, "player")._simulation_packed
    bp, bt = Strategy.clean(banker, "banker")._simulation_packed
    return pp, pt, bp, bt, _setting_ranks(), MACAU.core


def _result(acc: npt.NDArray[np.int64], rounds: int, seed: int, player: StrategyLike,
            banker: StrategyLike, rate: float, seconds: float, threads: int) -> SimulationResult:
    counts = np.array(acc[:21], dtype=np.int64).reshape(7, 3)
    round_counts = np.array(acc[21:85], dtype=np.int64).reshape(8, 8)
    counts.flags.writeable = False
    round_counts.flags.writeable = False
    bm, bse, pm, pse = _moments(round_counts, Fraction(rate), rounds)
    return SimulationResult(rounds, seed, _label(player), _label(banker), rate, counts, round_counts,
                            bm, bse, pm, pse, seconds, threads)


def _run(rounds: int, seed: int, tables: tuple[Any, ...], threads: int, chunk_blocks: int,
         progress: Progress | None) -> npt.NDArray[np.int64]:
    """Counts of a run, cut into chunks of ``chunk_blocks`` whole blocks."""
    acc = np.zeros(_core.SIMULATION_CELLS, dtype=np.int64)
    blocks = -(-rounds // BLOCK)
    for first in range(0, blocks, chunk_blocks):
        n = min(chunk_blocks * BLOCK, rounds - first * BLOCK)
        acc += _core.simulate_rounds(seed, first, n, threads, *tables)
        if progress is not None:
            progress(first * BLOCK + n, rounds)
    return acc


# ---------------------------------------------------------------------------------------------
# the public functions


def simulate(
    rounds: int,
    seed: int | None = None,
    player: StrategyLike = "equilibrium",
    banker: StrategyLike = "equilibrium",
    commission: bool | float = False,
    threads: int | None = None,
    progress: Progress | None = None,
    cluster: Any = None,
) -> SimulationResult:
    """Simulate ``rounds`` whole rounds (8 hands dealt and set, 7 decided) in the compiled core.

    ``seed``: an integer in [0, 2**64) to replay a run, or None for a fresh one from
    :mod:`secrets` (kept in the result). ``player`` and ``banker``: a strategy name or table.
    ``commission``: False (none), True (5%) or a rate in [0, 1). ``threads``: how many threads
    (default: every core); the numbers do not depend on it. ``progress(done, total)`` is called
    after every chunk of about a million rounds. ``cluster``: None (this machine), or a Dask
    ``distributed.Client``, cluster or scheduler address (``"tcp://host:8786"``) to run the
    blocks there, with the same numbers (see :mod:`paigow.distributed`).

    >>> a = simulate(50_000, seed=7, threads=1)
    >>> a == simulate(50_000, seed=7, threads=2)
    True
    >>> simulate(0)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: rounds must be from 1 to 2**60, not 0
    >>> simulate(10, commission=1.5)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: commission rate must be at least 0 and below 1, not 1.5
    """
    if cluster is not None:
        from paigow.distributed import simulate_on

        return simulate_on(cluster, rounds, seed, player, banker, commission, threads, progress)
    n = _check_rounds(rounds)
    s = _check_seed(seed)
    rate = _check_commission(commission)
    t = _check_threads(threads)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (done, total) or None, not {progress!r}")
    tables = _tables(player, banker)
    start = time.perf_counter()
    acc = _run(n, s, tables, t, _CHUNK_BLOCKS, progress)
    seconds = time.perf_counter() - start
    return _result(acc, n, s, player, banker, rate, seconds, t)


@dataclass(frozen=True, eq=False)
class RoundTrace:
    """The first rounds of a seeded run, as the kernel played them (for checking it).

    ``stacks[r]``: the 32 DECK indices in the row of stacks (stack k is ``stacks[r, 4k:4k+4]``,
    position k takes stack k, the banker is position 0); ``hands[r, p]``: position p's four
    tiles as the kernel dealt them (ascending); ``choices[r, p]``: the index of the setting it
    used, in ``settings()`` order; ``ranks[r, p]``: that setting's (front, back) ranks;
    ``results[r, p - 1]``: player position p's result (+1, 0, -1).
    """

    seed: int
    stacks: npt.NDArray[np.int8]
    hands: npt.NDArray[np.int8]
    choices: npt.NDArray[np.int8]
    ranks: npt.NDArray[np.int8]
    results: npt.NDArray[np.int8]
    counts: npt.NDArray[np.int64]
    round_counts: npt.NDArray[np.int64]


def trace_rounds(rounds: int, seed: int, player: StrategyLike = "equilibrium",
                 banker: StrategyLike = "equilibrium") -> RoundTrace:
    """Replay the first ``rounds`` rounds (at most 200,000) of the run with ``seed``, on one
    thread, recording every deal, setting and result; the counts are those of
    ``simulate(rounds, seed, player, banker)``.

    >>> t = trace_rounds(2, seed=2024)
    >>> t.hands.shape, t.choices.shape, t.results.shape
    ((2, 8, 4), (2, 8), (2, 7))
    >>> sorted(t.stacks[0].tolist()) == list(range(32))
    True
    """
    n = _check_rounds(rounds)
    if n > 200_000:
        raise InvalidSimulationError(f"a trace has at most 200,000 rounds, not {rounds!r}")
    s = _check_seed(seed)
    rows, acc = _core.simulate_trace(s, n, *_tables(player, banker))
    return RoundTrace(
        seed=s,
        stacks=rows[:, :32].copy(),
        hands=rows[:, 32:64].reshape(n, 8, 4).copy(),
        choices=rows[:, 64:72].copy(),
        ranks=rows[:, 72:88].reshape(n, 8, 2).copy(),
        results=rows[:, 88:95].copy(),
        counts=acc[:21].reshape(7, 3).copy(),
        round_counts=acc[21:85].reshape(8, 8).copy(),
    )


# ---------------------------------------------------------------------------------------------
# block ranges: one run cut into parts that can be simulated apart (on a Dask cluster, see
# paigow.distributed) and merged into the result simulate() gives


@dataclass(frozen=True, eq=False)
class BlockCounts:
    """The raw integer counters of blocks ``blocks`` (a range of block numbers) of the run of
    ``rounds`` rounds with ``seed``, as :func:`simulate_blocks` returns them.

    ``counts`` and ``round_counts`` are those of :class:`SimulationResult`, over this part's
    rounds only. ``player_digest`` and ``banker_digest`` identify the strategy table each seat
    used (:attr:`paigow.Strategy.digest`), ``version`` the paigow version that ran the part:
    :meth:`SimulationResult.merge` accepts only parts that agree on all of them.
    """

    rounds: int
    seed: int
    blocks: range
    player: str
    banker: str
    player_digest: str
    banker_digest: str
    counts: npt.NDArray[np.int64]
    round_counts: npt.NDArray[np.int64]
    version: str

    @property
    def block_rounds(self) -> int:
        """The rounds this part simulated."""
        return min(self.blocks.stop * BLOCK, self.rounds) - self.blocks.start * BLOCK

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BlockCounts):
            return NotImplemented
        return (self.rounds, self.seed, self.blocks, self.player, self.banker, self.player_digest,
                self.banker_digest, self.version, self.counts.tolist(), self.round_counts.tolist()) == (
                other.rounds, other.seed, other.blocks, other.player, other.banker, other.player_digest,
                other.banker_digest, other.version, other.counts.tolist(), other.round_counts.tolist())

    __hash__ = None  # type: ignore[assignment]


def _version() -> str:
    import paigow

    return str(paigow.__version__)


def _digest(table: npt.NDArray[np.float64]) -> str:
    """The digest of a checked (35960, 3) table: :attr:`paigow.Strategy.digest`."""
    return Strategy.clean(table).digest


_SeatTables = tuple[str, npt.NDArray[np.uint16], npt.NDArray[np.uint64]]  # digest, packed, thresholds


def _seat_tables(strategy: StrategyLike, seat: str, digest: str | None = None) -> _SeatTables:
    """A seat's strategy packed for the kernel, with its digest. The :class:`~paigow.Strategy`
    builds both once and keeps them (a Dask worker packs each table once, not once per task);
    ``digest`` is accepted for the callers that know it."""
    s = Strategy.clean(strategy, seat)
    packed, thr = s._simulation_packed
    return (s.digest, packed, thr)


def _check_blocks(blocks: object, rounds: int) -> range:
    """``blocks`` (a range of step 1, or a (start, stop) pair) as a non-empty range of the
    run's block numbers."""
    if isinstance(blocks, range):
        r = blocks
    elif isinstance(blocks, tuple) and len(blocks) == 2:
        r = range(_check_int(blocks[0], "blocks start", 0, MAX_ROUNDS, "0 to 2**60"),
                  _check_int(blocks[1], "blocks stop", 0, MAX_ROUNDS, "0 to 2**60"))
    else:
        raise TypeError(f"blocks must be a range or a (start, stop) pair, not {blocks!r}")
    total = -(-rounds // BLOCK)
    if r.step != 1 or not 0 <= r.start < r.stop <= total:
        raise InvalidSimulationError(
            f"blocks must be a non-empty range of step 1 within the run's {total:,} blocks "
            f"(range(0, {total})), not {blocks!r}", code="simulation.blocks")
    return r


def _blocks(rounds: int, seed: int, blocks: range, player: StrategyLike, banker: StrategyLike,
            ptables: _SeatTables, btables: _SeatTables, threads: int) -> BlockCounts:
    n = min(blocks.stop * BLOCK, rounds) - blocks.start * BLOCK
    acc = _core.simulate_rounds(seed, blocks.start, n, threads, ptables[1], ptables[2], btables[1],
                                btables[2], _setting_ranks(), MACAU.core)
    counts = np.array(acc[:21], dtype=np.int64).reshape(7, 3)
    round_counts = np.array(acc[21:85], dtype=np.int64).reshape(8, 8)
    counts.flags.writeable = False
    round_counts.flags.writeable = False
    return BlockCounts(rounds, seed, blocks, _label(player), _label(banker), ptables[0], btables[0],
                       counts, round_counts, _version())


def simulate_blocks(rounds: int, seed: int, blocks: range | tuple[int, int],
                    player: StrategyLike = "equilibrium", banker: StrategyLike = "equilibrium",
                    threads: int | None = 1) -> BlockCounts:
    """The raw counters of the block range ``blocks`` of the run ``simulate(rounds, seed, ...)``.

    A run is cut into blocks of :data:`BLOCK` rounds (the last one may be partial), numbered from
    0, each played by its own generator seeded from (seed, block): any partition of
    ``range(0, ceil(rounds / BLOCK))`` into ranges, simulated anywhere and merged with
    :meth:`SimulationResult.merge`, gives exactly the numbers of one ``simulate`` call.
    ``blocks`` is a ``range`` of step 1 or a ``(start, stop)`` pair; ``threads`` defaults to 1.

    >>> rounds = 3 * BLOCK + 100                        # four blocks, the last one partial
    >>> parts = [simulate_blocks(rounds, 7, range(2, 4)), simulate_blocks(rounds, 7, (0, 2))]
    >>> parts[0].block_rounds, int(parts[0].counts.sum()) == 7 * parts[0].block_rounds
    (4196, True)
    >>> SimulationResult.merge(parts) == simulate(rounds, seed=7)
    True
    >>> SimulationResult.merge(parts[:1])
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: blocks 0 to 1 of the run are missing: the parts must cover range(0, 4) once
    """
    n = _check_rounds(rounds)
    s = _check_int(seed, "seed", 0, (1 << 64) - 1, "0 to 2**64 - 1")
    r = _check_blocks(blocks, n)
    t = _check_threads(threads)
    return _blocks(n, s, r, player, banker, _seat_tables(player, "player"), _seat_tables(banker, "banker"), t)


def _merge(parts: Iterable[BlockCounts], commission: bool | float) -> SimulationResult:
    rate = _check_commission(commission)
    if isinstance(parts, (str, bytes)) or not isinstance(parts, Iterable):
        raise TypeError(f"parts must be an iterable of BlockCounts, not {parts!r}")
    items = list(parts)
    for p in items:
        if not isinstance(p, BlockCounts):
            raise TypeError(f"parts must be BlockCounts (from simulate_blocks), not {p!r}")
    if not items:
        raise InvalidSimulationError("no parts to merge", code="simulation.merge_empty")
    first = items[0]
    for p in items[1:]:
        if p.seed != first.seed:
            raise InvalidSimulationError(f"parts of different seeds: {first.seed} and {p.seed}",
                                         code="simulation.merge_seed")
        if p.rounds != first.rounds:
            raise InvalidSimulationError(f"parts of runs of different lengths: {first.rounds:,} and "
                                         f"{p.rounds:,} rounds", code="simulation.merge_rounds")
        if (p.player, p.player_digest, p.banker, p.banker_digest) != (
                first.player, first.player_digest, first.banker, first.banker_digest):
            raise InvalidSimulationError(
                f"parts of different strategies: player {first.player!r} ({first.player_digest[:12]}) "
                f"banker {first.banker!r} ({first.banker_digest[:12]}) and player {p.player!r} "
                f"({p.player_digest[:12]}) banker {p.banker!r} ({p.banker_digest[:12]})",
                code="simulation.merge_strategy")
        if p.version != first.version:
            raise InvalidSimulationError(f"parts of different paigow versions: {first.version!r} and "
                                         f"{p.version!r}", code="simulation.merge_version")
    total = -(-first.rounds // BLOCK)
    at = 0
    for p in sorted(items, key=lambda p: (p.blocks.start, p.blocks.stop)):
        if p.blocks.start > at:
            raise InvalidSimulationError(
                f"blocks {at} to {p.blocks.start - 1} of the run are missing: the parts must cover "
                f"range(0, {total}) once", code="simulation.merge_gap")
        if p.blocks.start < at:
            raise InvalidSimulationError(
                f"blocks {p.blocks.start} to {min(at, p.blocks.stop) - 1} are in two parts: the parts "
                f"must cover range(0, {total}) once", code="simulation.merge_overlap")
        at = p.blocks.stop
    if at > total:
        raise InvalidSimulationError(f"blocks up to {at - 1} are past the run's last block {total - 1}",
                                     code="simulation.blocks")
    if at < total:
        raise InvalidSimulationError(
            f"blocks {at} to {total - 1} of the run are missing: the parts must cover range(0, {total}) once",
            code="simulation.merge_gap")
    acc = np.zeros(_core.SIMULATION_CELLS, dtype=np.int64)
    for p in items:
        acc[:21] += p.counts.reshape(-1)
        acc[21:85] += p.round_counts.reshape(-1)
    return _result(acc, first.rounds, first.seed, first.player, first.banker, rate, 0.0, 1)
