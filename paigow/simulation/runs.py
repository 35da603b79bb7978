"""A simulation run as a frozen value, the local engine that plays it, and what it gives back.

A :class:`Run` is everything that decides a run's numbers: its rounds, its seed, the player's
and the banker's strategies, the commission, the rule set and the blocks it covers. It is
cleaned once, when it is built, and trusted after that. :meth:`Run.part` restricts it to a range
of blocks, :meth:`Run.count` plays those blocks here and returns their integer counters (a
:class:`BlockCounts`), and :meth:`Run.merge` adds the counters of parts that cover the run once
into its :class:`SimulationResult`, refusing parts of another run. The Dask backend
(:mod:`paigow.simulation.dask`) is built on these three verbs alone.

Each round shuffles the 32 tiles, deals 4 to each of the 8 positions (the banker is position 0),
sets every hand by its seat's strategy and decides positions 1-7 against the banker under the
run's rules (Art. 6). Every player bets 1 unit. Results are added up as exact integer counts,
never stored per round, so memory stays flat however many rounds are run.

* **Blocks.** A run is cut into blocks of :data:`BLOCK` rounds (the last one may be partial),
  each with its own generator (xoshiro256** seeded by splitmix64 from the seed and the block
  number): any partition of a run into block ranges, played anywhere, adds up to the same
  counts.
* **Tables.** A strategy is packed for the kernel once per (strategy, rule set) and kept as long
  as the :class:`~paigow.Strategy` lives; the setting ranks once per rule set.

>>> run = Run(3 * BLOCK + 100, seed=7, player="max-back")
>>> run.blocks, run.names, run.rules
(range(0, 4), ('max-back', 'equilibrium'), RuleSet('macau'))
>>> parts = [run.part(range(2, 4)).count(threads=1), run.part((0, 2)).count(threads=1)]
>>> parts[0].block_rounds
4196
>>> run.merge(parts) == run.simulate(threads=1)
True
"""

from __future__ import annotations

import dataclasses
import functools
import math
import operator
import os
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from _tablegames.version import version as _version
from paigow import _core
from paigow.batch import setting_batch
from paigow.game.equilibria import clean_strategy
from paigow.errors import InvalidOptionError, InvalidSimulationError
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of
from paigow.strategies import COMPILES, HAND_COUNT, Strategy, all_hands
from paigow.strategies import StrategyLike as StrategyLike

__all__ = ["Run", "SimulationResult", "BlockCounts", "RoundTrace", "simulate_blocks", "trace_rounds",
           "clean_threads", "BLOCK", "COMMISSION", "MAX_ROUNDS", "MAX_THREADS", "Progress", "StrategyLike"]

BLOCK: int = _core.SIMULATION_BLOCK
"""Rounds per generator block (4,096): runs are cut into whole blocks."""

COMMISSION: float = float(MACAU.commission)
"""The rate ``commission=True`` stands for under Macau's rules (Portaria 58/91/M), as a float."""

MAX_ROUNDS = 1 << 60
"""The longest run: its counters are int64."""

MAX_THREADS = 1024
"""The most threads one kernel call takes."""

MAX_TRACE = 200_000
"""The most rounds :func:`trace_rounds` records."""

_CHUNK_BLOCKS = 256  # blocks between two progress calls (about a million rounds)

Progress = Callable[[int, int], object]
"""A progress callback: ``progress(done, total)`` in rounds."""


# ---------------------------------------------------------------------------------------------
# checking arguments, once


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


def _check_seed(seed: object, optional: bool = True) -> int:
    if seed is None and optional:
        return secrets.randbits(64)
    return _check_int(seed, "seed", 0, (1 << 64) - 1, "0 to 2**64 - 1", optional=optional)


def clean_threads(threads: object) -> int:
    """``threads`` as a thread count: an integer from 1 to :data:`MAX_THREADS`, or None for
    every core of this machine.

    >>> clean_threads(2), clean_threads(None) >= 1
    (2, True)
    >>> clean_threads(0)
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: threads must be from 1 to 1024, not 0
    """
    if threads is None:
        return max(1, min(os.cpu_count() or 1, MAX_THREADS))
    return _check_int(threads, "threads", 1, MAX_THREADS, f"1 to {MAX_THREADS}", optional=True)


def _check_progress(progress: object) -> None:
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (done, total) or None, not {progress!r}")


_RATE_TYPES = (int, float, Fraction, Decimal, np.integer, np.floating)


def _check_commission(commission: object, rules: RuleSet) -> Fraction:
    """A simulation's commission argument as an exact rate (:func:`paigow.rules.commission_of`:
    True is the rule set's rate). Text is refused (TypeError): a simulation takes a number."""
    if not (commission is None or isinstance(commission, bool) or isinstance(commission, _RATE_TYPES)):
        raise TypeError(f"commission must be True, False or a rate, not {commission!r}")
    value: Any = commission.item() if isinstance(commission, np.generic) else commission
    try:
        return commission_of(rules, value)
    except InvalidOptionError:  # also nan
        raise InvalidSimulationError(f"commission rate must be at least 0 and below 1, not {commission!r}",
                                     code="simulation.commission") from None


def _check_blocks(blocks: object, within: range, total: int) -> range:
    """``blocks`` (a range of step 1, or a (start, stop) pair) as a non-empty range inside
    ``within``, a range of the ``total`` blocks of a run."""
    if isinstance(blocks, range):
        r = blocks
    elif isinstance(blocks, tuple) and len(blocks) == 2:
        r = range(_check_int(blocks[0], "blocks start", 0, MAX_ROUNDS, "0 to 2**60"),
                  _check_int(blocks[1], "blocks stop", 0, MAX_ROUNDS, "0 to 2**60"))
    else:
        raise TypeError(f"blocks must be a range or a (start, stop) pair, not {blocks!r}")
    if r.step != 1 or not within.start <= r.start < r.stop <= within.stop:
        where = (f"the run's {total:,} blocks ({within})" if within == range(0, total)
                 else f"the part's blocks {within} of the run's {total:,}")
        raise InvalidSimulationError(f"blocks must be a non-empty range of step 1 within {where}, not {blocks!r}",
                                     code="simulation.blocks")
    return r


def _label(strategy: object) -> str:
    """How a result names a strategy: as it was given (a name, a path), a Strategy by its name,
    a table as ``"table"``."""
    return strategy.name if isinstance(strategy, Strategy) else strategy if isinstance(strategy, str) else "table"


def _check_names(names: object) -> tuple[str, str]:
    if (not isinstance(names, tuple) or len(names) != 2
            or not all(isinstance(n, str) and n for n in names)):
        raise TypeError(f"names must be a (player, banker) pair of texts, not {names!r}")
    return (names[0], names[1])


def _blocks_of(rounds: int) -> int:
    return -(-rounds // BLOCK)


# ---------------------------------------------------------------------------------------------
# the kernel's tables: setting ranks per rule set, each strategy packed once per rule set


@functools.lru_cache(maxsize=8)
def _setting_ranks(rules: RuleSet) -> npt.NDArray[np.uint8]:
    """(front, back) rank of the three settings of every hand under ``rules``, (35960, 3, 2)
    uint8, read-only."""
    _, ranks = setting_batch(all_hands(), rules=rules)
    out = np.ascontiguousarray(ranks, dtype=np.uint8)
    out.flags.writeable = False
    return out


_ONE32 = 1 << 32
_Packed = tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint64]]


def _pack(table: npt.NDArray[np.float64], ranks: npt.NDArray[np.uint8]) -> _Packed:
    """Per hand a packed entry (setting << 14 | front rank << 7 | back rank) for a pure row, or
    0xFFFF for a mixed row, and the cumulative thresholds of settings 0 and 1 out of 2**32."""
    r16 = ranks.astype(np.uint16)
    t = table / table.sum(axis=1, keepdims=True)
    cum = np.cumsum(t, axis=1)[:, :2]
    thr = np.clip(np.rint(cum * _ONE32), 0, _ONE32).astype(np.uint64)
    first = thr[:, 0] == _ONE32
    second = (thr[:, 0] == 0) & (thr[:, 1] == _ONE32)
    third = thr[:, 1] == 0
    choice = np.where(first, 0, np.where(second, 1, 2))
    chosen = r16[np.arange(HAND_COUNT), choice]
    entry = (choice.astype(np.uint16) << 14) | (chosen[:, 0] << 7) | chosen[:, 1]
    packed: npt.NDArray[np.uint16] = np.ascontiguousarray(np.where(first | second | third, entry, 0xFFFF),
                                                          dtype=np.uint16)
    thresholds: npt.NDArray[np.uint64] = np.ascontiguousarray(thr, dtype=np.uint64)
    packed.flags.writeable = False
    thresholds.flags.writeable = False
    return packed, thresholds


# The packed forms, per Strategy (kept while it lives: a named strategy lives for the process, so
# a Dask worker packs each named table once, not once per task) and per rule set.
_PACKED: "weakref.WeakKeyDictionary[Strategy, dict[RuleSet, _Packed]]" = weakref.WeakKeyDictionary()
_PACK_LOCK = threading.Lock()


def _packed(strategy: Strategy, rules: RuleSet) -> _Packed:
    with _PACK_LOCK:
        by_rules = _PACKED.setdefault(strategy, {})
        got = by_rules.get(rules)
        if got is None:
            COMPILES["simulation"] += 1  # the encodings' counter of paigow.strategies
            got = by_rules[rules] = _pack(strategy.table, _setting_ranks(rules))
        return got


def _seat_tables(strategy: StrategyLike, seat: str, rules: RulesLike = None) -> tuple[str, npt.NDArray[np.uint16],
                                                                                      npt.NDArray[np.uint64]]:
    """A seat's strategy packed for the kernel under ``rules``, with its digest."""
    s = Strategy.clean(strategy, seat)
    packed, thr = _packed(s, clean_rules(rules))
    return s.digest, packed, thr


def _tables(player: StrategyLike, banker: StrategyLike, rules: RulesLike = None) -> tuple[Any, ...]:
    """The kernel's arguments after the run's own: both seats' packed tables, the setting ranks
    and the rule set's tables."""
    r = clean_rules(rules)
    _, pp, pt = _seat_tables(player, "player", r)
    _, bp, bt = _seat_tables(banker, "banker", r)
    return pp, pt, bp, bt, _setting_ranks(r), r.core


def _run(rounds: int, seed: int, tables: tuple[Any, ...], threads: int, chunk_blocks: int,
         progress: Progress | None, blocks: range | None = None) -> npt.NDArray[np.int64]:
    """Counts of ``blocks`` (default: all) of the run, cut into chunks of ``chunk_blocks`` whole
    blocks; ``progress(done, total)`` after each chunk, in rounds of those blocks."""
    acc = np.zeros(_core.SIMULATION_CELLS, dtype=np.int64)
    span = range(0, _blocks_of(rounds)) if blocks is None else blocks
    total = min(span.stop * BLOCK, rounds) - span.start * BLOCK
    for first in range(span.start, span.stop, chunk_blocks):
        n = min(min(first + chunk_blocks, span.stop) * BLOCK, rounds) - first * BLOCK
        acc += _core.simulate_rounds(seed, first, n, threads, *tables)
        if progress is not None:
            progress(first * BLOCK - span.start * BLOCK + n, total)
    return acc


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
    ``rules`` is the rule set the rounds were decided by. Two results are equal when their inputs
    and counts are; ``seconds`` and ``threads`` are not compared.
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
    rules: RuleSet = MACAU

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
        return (self.rounds, self.seed, self.player, self.banker, self.commission, self.rules,
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
        run. ``commission``: False, True (the parts' rule set's rate) or a rate. Refused
        (:class:`~paigow.errors.InvalidSimulationError`) when the parts differ in seed, rounds,
        strategies, rule set or package version, or their ranges leave a gap or overlap."""
        items = _check_parts(parts)
        first = items[0]
        rate = _check_commission(commission, first.rules)
        return _merge(_identity(first), items, rate)


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


def _frozen_counts(acc: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    counts = np.array(acc[:21], dtype=np.int64).reshape(7, 3)
    round_counts = np.array(acc[21:85], dtype=np.int64).reshape(8, 8)
    counts.flags.writeable = False
    round_counts.flags.writeable = False
    return counts, round_counts


def _result(acc: npt.NDArray[np.int64], rounds: int, seed: int, names: tuple[str, str], rate: Fraction,
            rules: RuleSet, seconds: float, threads: int) -> SimulationResult:
    counts, round_counts = _frozen_counts(acc)
    commission = float(rate)
    # the moments take the rate as the float the result shows (as they always have), so a
    # result's numbers follow from its fields alone
    bm, bse, pm, pse = _moments(round_counts, Fraction(commission), rounds)
    return SimulationResult(rounds, seed, names[0], names[1], commission, counts, round_counts,
                            bm, bse, pm, pse, seconds, threads, rules)


# ---------------------------------------------------------------------------------------------
# block ranges: one run cut into parts that can be simulated apart (on a Dask cluster, see
# paigow.simulation.dask) and merged into the result simulate() gives


@dataclass(frozen=True, eq=False)
class BlockCounts:
    """The raw integer counters of blocks ``blocks`` (a range of block numbers) of the run of
    ``rounds`` rounds with ``seed``, as :meth:`Run.count` and :func:`simulate_blocks` return them.

    ``counts`` and ``round_counts`` are those of :class:`SimulationResult`, over this part's
    rounds only. ``player_digest`` and ``banker_digest`` identify the strategy table each seat
    used (:attr:`paigow.Strategy.digest`), ``rules`` the rule set, ``version`` the paigow version
    that ran the part: :meth:`SimulationResult.merge` accepts only parts that agree on all of them.
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
    rules: RuleSet = MACAU

    @property
    def block_rounds(self) -> int:
        """The rounds this part simulated."""
        return min(self.blocks.stop * BLOCK, self.rounds) - self.blocks.start * BLOCK

    def _key(self) -> tuple[object, ...]:
        return (self.rounds, self.seed, self.blocks, self.player, self.banker, self.player_digest,
                self.banker_digest, self.rules, self.version, self.counts.tolist(), self.round_counts.tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BlockCounts):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]


class _Identity(NamedTuple):
    """What parts of one run share (the version apart)."""

    rounds: int
    seed: int
    player: str
    player_digest: str
    banker: str
    banker_digest: str
    rules: RuleSet


def _identity(p: BlockCounts) -> _Identity:
    return _Identity(p.rounds, p.seed, p.player, p.player_digest, p.banker, p.banker_digest, p.rules)


def _check_parts(parts: object) -> list[BlockCounts]:
    if isinstance(parts, (str, bytes)) or not isinstance(parts, Iterable):
        raise TypeError(f"parts must be an iterable of BlockCounts, not {parts!r}")
    items = list(parts)
    for p in items:
        if not isinstance(p, BlockCounts):
            raise TypeError(f"parts must be BlockCounts (from simulate_blocks), not {p!r}")
    if not items:
        raise InvalidSimulationError("no parts to merge", code="simulation.merge_empty")
    return items


def _merge(run: _Identity, items: list[BlockCounts], rate: Fraction) -> SimulationResult:
    """The result of the run ``run`` from its parts ``items``: refused unless every part is of
    that run, all of one version, and together they cover its blocks once."""
    version = items[0].version
    for p in items:
        if p.seed != run.seed:
            raise InvalidSimulationError(f"parts of different seeds: {run.seed} and {p.seed}",
                                         code="simulation.merge_seed")
        if p.rounds != run.rounds:
            raise InvalidSimulationError(f"parts of runs of different lengths: {run.rounds:,} and "
                                         f"{p.rounds:,} rounds", code="simulation.merge_rounds")
        if (p.player, p.player_digest, p.banker, p.banker_digest) != (
                run.player, run.player_digest, run.banker, run.banker_digest):
            raise InvalidSimulationError(
                f"parts of different strategies: player {run.player!r} ({run.player_digest[:12]}) "
                f"banker {run.banker!r} ({run.banker_digest[:12]}) and player {p.player!r} "
                f"({p.player_digest[:12]}) banker {p.banker!r} ({p.banker_digest[:12]})",
                code="simulation.merge_strategy")
        if p.rules != run.rules:
            raise InvalidSimulationError(f"parts of different rule sets: {run.rules!r} and {p.rules!r}",
                                         code="simulation.merge_rules")
        if p.version != version:
            raise InvalidSimulationError(f"parts of different paigow versions: {version!r} and "
                                         f"{p.version!r}", code="simulation.merge_version")
    total = _blocks_of(run.rounds)
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
    return _result(acc, run.rounds, run.seed, (run.player, run.banker), rate, run.rules, 0.0, 1)


# ---------------------------------------------------------------------------------------------
# the run


@dataclass(frozen=True, eq=False)
class RoundTrace:
    """The first rounds of a seeded run, as the kernel played them (for checking it).

    ``stacks[r]``: the 32 DECK indices in the row of stacks (stack k is ``stacks[r, 4k:4k+4]``,
    position k takes stack k, the banker is position 0); ``hands[r, p]``: position p's four
    tiles as the kernel dealt them (ascending); ``choices[r, p]``: the index of the setting it
    used, in ``settings()`` order; ``ranks[r, p]``: that setting's (front, back) ranks;
    ``results[r, p - 1]``: player position p's result (+1, 0, -1) under ``rules``.
    """

    seed: int
    stacks: npt.NDArray[np.int8]
    hands: npt.NDArray[np.int8]
    choices: npt.NDArray[np.int8]
    ranks: npt.NDArray[np.int8]
    results: npt.NDArray[np.int8]
    counts: npt.NDArray[np.int64]
    round_counts: npt.NDArray[np.int64]
    rules: RuleSet = MACAU


@dataclass(frozen=True, init=False)
class Run:
    """One simulation run, as a value: ``rounds`` rounds from ``seed``, the ``player`` and
    ``banker`` strategies, the ``commission`` rate and the rule set ``rules``; ``blocks`` is the
    range of the run's blocks this value covers (all of them unless :meth:`part` cut it).

    Built from what :func:`paigow.simulate` takes and cleaned once: ``seed`` None draws a fresh
    64-bit seed from :mod:`secrets` (kept in the value), the strategies become
    :class:`~paigow.Strategy` values, ``commission`` an exact rate (True: the rule set's),
    ``rules`` a :class:`~paigow.rules.RuleSet`. ``names`` are how results call the two
    strategies (default: as they were given). Two runs are equal when they play the same rounds
    by the same tables and rules.

    >>> run = Run(10_000, seed=3, banker="max-back", commission=True)
    >>> run.commission, run.blocks, run.block_rounds
    (Fraction(1, 20), range(0, 3), 10000)
    >>> run.part((1, 3)).block_rounds, run.part((1, 3)) == run
    (5904, False)
    >>> run.part((2, 9))
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidSimulationError: blocks must be a non-empty range of step 1 within the run's 3 blocks (range(0, 3)), not (2, 9)
    """

    rounds: int
    seed: int
    player: Strategy
    banker: Strategy
    commission: Fraction
    rules: RuleSet
    blocks: range
    names: tuple[str, str]

    def __init__(self, rounds: int, seed: int | None = None, player: "StrategyLike | None" = None,
                 banker: "StrategyLike | None" = None, commission: bool | float | Fraction | Decimal | None = False,
                 rules: RulesLike = None, blocks: range | tuple[int, int] | None = None,
                 names: tuple[str, str] | None = None) -> None:
        n = _check_rounds(rounds)
        s = _check_seed(seed)
        r = clean_rules(rules)
        rate = _check_commission(commission, r)
        p = clean_strategy(player, "player", r)
        b = clean_strategy(banker, "banker", r)
        total = _blocks_of(n)
        whole = range(0, total)
        span = whole if blocks is None else _check_blocks(blocks, whole, total)
        labels = (_label(p if player is None else player), _label(b if banker is None else banker)) if names is None else _check_names(names)
        for name, value in (("rounds", n), ("seed", s), ("player", p), ("banker", b), ("commission", rate),
                            ("rules", r), ("blocks", span), ("names", labels)):
            object.__setattr__(self, name, value)

    # -- what it covers ------------------------------------------------------------------------
    @property
    def total_blocks(self) -> int:
        """The blocks of the whole run: ``ceil(rounds / BLOCK)``."""
        return _blocks_of(self.rounds)

    @property
    def block_rounds(self) -> int:
        """The rounds of this value's blocks."""
        return min(self.blocks.stop * BLOCK, self.rounds) - self.blocks.start * BLOCK

    @property
    def is_whole(self) -> bool:
        """This value covers every block of the run."""
        return self.blocks == range(0, self.total_blocks)

    def replace(self, **changes: Any) -> "Run":
        """A copy with ``changes`` (cleaned as a new run is)."""
        return dataclasses.replace(self, **changes)

    def part(self, blocks: range | tuple[int, int]) -> "Run":
        """The run restricted to ``blocks`` (a range of step 1 or a (start, stop) pair of the
        run's block numbers, inside this value's own blocks)."""
        return dataclasses.replace(self, blocks=_check_blocks(blocks, self.blocks, self.total_blocks))

    # -- playing it ----------------------------------------------------------------------------
    def _tables(self) -> tuple[Any, ...]:
        return _tables(self.player, self.banker, self.rules)

    def _whole(self, what: str) -> None:
        if not self.is_whole:
            raise InvalidSimulationError(f"{what} takes a whole run, not blocks {self.blocks} of its "
                                         f"range(0, {self.total_blocks})", code="simulation.blocks")

    def count(self, threads: int | None = None, progress: Progress | None = None) -> BlockCounts:
        """Play this value's blocks here and return their integer counters. ``threads``: how
        many threads (default: every core; the counts do not depend on it). ``progress(done,
        total)`` is called after every chunk of about a million rounds, in rounds of these
        blocks."""
        t = clean_threads(threads)
        _check_progress(progress)
        tables = self._tables()
        acc = _run(self.rounds, self.seed, tables, t, _CHUNK_BLOCKS, progress, self.blocks)
        counts, round_counts = _frozen_counts(acc)
        return BlockCounts(self.rounds, self.seed, self.blocks, self.names[0], self.names[1],
                           self.player.digest, self.banker.digest, counts, round_counts, _version(), self.rules)

    def merge(self, parts: Iterable[BlockCounts]) -> SimulationResult:
        """The result of this (whole) run from the counters of its parts, in any order: refused
        (:class:`~paigow.errors.InvalidSimulationError`) for a part of another run (seed,
        rounds, strategies, rule set), parts of different paigow versions, or parts that leave
        a block out or count one twice."""
        self._whole("merge")
        ident = _Identity(self.rounds, self.seed, self.names[0], self.player.digest, self.names[1],
                          self.banker.digest, self.rules)
        return _merge(ident, _check_parts(parts), self.commission)

    def simulate(self, threads: int | None = None, progress: Progress | None = None) -> SimulationResult:
        """Play the whole run here: :meth:`count` and :meth:`merge` in one step, timed."""
        self._whole("simulate")
        t = clean_threads(threads)
        _check_progress(progress)
        tables = self._tables()
        start = time.perf_counter()
        acc = _run(self.rounds, self.seed, tables, t, _CHUNK_BLOCKS, progress)
        seconds = time.perf_counter() - start
        return _result(acc, self.rounds, self.seed, self.names, self.commission, self.rules, seconds, t)

    def trace(self) -> RoundTrace:
        """Replay the (whole, at most 200,000 rounds) run on one thread, recording every deal,
        setting and result (see :func:`trace_rounds`)."""
        self._whole("a trace")
        n = self.rounds
        if n > MAX_TRACE:
            raise InvalidSimulationError(f"a trace has at most 200,000 rounds, not {n!r}")
        rows, acc = _core.simulate_trace(self.seed, n, *self._tables())
        return RoundTrace(
            seed=self.seed,
            stacks=rows[:, :32].copy(),
            hands=rows[:, 32:64].reshape(n, 8, 4).copy(),
            choices=rows[:, 64:72].copy(),
            ranks=rows[:, 72:88].reshape(n, 8, 2).copy(),
            results=rows[:, 88:95].copy(),
            counts=acc[:21].reshape(7, 3).copy(),
            round_counts=acc[21:85].reshape(8, 8).copy(),
            rules=self.rules,
        )


# ---------------------------------------------------------------------------------------------
# the functions of the first release, on Run


def trace_rounds(rounds: int, seed: int, player: "StrategyLike | None" = None,
                 banker: "StrategyLike | None" = None, rules: RulesLike = None) -> RoundTrace:
    """Replay the first ``rounds`` rounds (at most 200,000) of the run with ``seed``, on one
    thread, recording every deal, setting and result; the counts are those of
    ``simulate(rounds, seed, player, banker, rules=rules)``.

    >>> t = trace_rounds(2, seed=2024)
    >>> t.hands.shape, t.choices.shape, t.results.shape
    ((2, 8, 4), (2, 8), (2, 7))
    >>> sorted(t.stacks[0].tolist()) == list(range(32))
    True
    """
    n = _check_rounds(rounds)
    if n > MAX_TRACE:
        raise InvalidSimulationError(f"a trace has at most 200,000 rounds, not {rounds!r}")
    return Run(n, seed, player, banker, rules=rules).trace()


def simulate_blocks(rounds: int, seed: int, blocks: range | tuple[int, int],
                    player: "StrategyLike | None" = None, banker: "StrategyLike | None" = None,
                    threads: int | None = 1, rules: RulesLike = None) -> BlockCounts:
    """The raw counters of the block range ``blocks`` of the run ``simulate(rounds, seed, ...)``:
    ``Run(rounds, seed, player, banker, rules=rules).part(blocks).count(threads)``.

    A run is cut into blocks of :data:`BLOCK` rounds (the last one may be partial), numbered from
    0, each played by its own generator seeded from (seed, block): any partition of
    ``range(0, ceil(rounds / BLOCK))`` into ranges, simulated anywhere and merged with
    :meth:`SimulationResult.merge`, gives exactly the numbers of one ``simulate`` call.
    ``blocks`` is a ``range`` of step 1 or a ``(start, stop)`` pair; ``threads`` defaults to 1.

    >>> from paigow.simulation import simulate
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
    s = _check_seed(seed, optional=False)  # a part needs its run's seed
    return Run(n, s, player, banker, rules=rules, blocks=blocks).count(threads)
