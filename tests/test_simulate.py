"""Whole-round simulation (paigow.simulate): reproducibility, the kernel's rounds replayed by the
Python objects, uniform shuffles, statistics against a plain-Python simulator, and bad input."""

from __future__ import annotations

import itertools
import json
import math
import random
import tracemalloc

import numpy as np
import numpy.typing as npt
import pytest
import reference

import paigow
from paigow import DECK, InvalidStrategyError, SimulationResult, compare, settings, simulate
from paigow import _core
from paigow.cli import main
from paigow.errors import InvalidSimulationError, PaigowError
from paigow.rules import MACAU
from paigow.simulation import BLOCK, Run, trace_rounds
from paigow.simulation.runs import _run, _tables
from paigow.strategies import HAND_COUNT, all_ranks, max_back

# the combinations-order row of each sorted hand, written here from itertools, not the kernel
INDEX = {h: i for i, h in enumerate(itertools.combinations(range(32), 4))}


def mixed_table(seed: int) -> npt.NDArray[np.float64]:
    """A strategy mixing every row, with some zero entries."""
    rng = np.random.default_rng(seed)
    t = rng.dirichlet([1.0, 1.0, 1.0], size=HAND_COUNT)
    t[rng.random(HAND_COUNT) < 0.2, 1] = 0.0
    return t / t.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------------------------------------
# reproducibility


def test_same_seed_same_numbers_whatever_the_threads() -> None:
    rounds = 5 * BLOCK + 123  # a partial last block
    one = simulate(rounds, seed=99, threads=1)
    assert simulate(rounds, seed=99, threads=2) == one
    assert simulate(rounds, seed=99, threads=5) == one
    assert one.counts.sum() == 7 * rounds and one.round_counts.sum() == rounds
    assert simulate(rounds, seed=100, threads=2) != one


def test_same_seed_same_numbers_whatever_the_chunks() -> None:
    rounds = 7 * BLOCK + 1000
    tables = _tables(mixed_table(1), "max-back")
    runs = [_run(rounds, 12345, tables, threads, chunk, None).tolist()
            for threads, chunk in ((1, 1), (2, 3), (2, 1000), (3, 2))]
    assert all(r == runs[0] for r in runs)


def test_mixed_strategies_are_reproducible_across_threads() -> None:
    table = mixed_table(2)
    a = simulate(3 * BLOCK + 5, seed=2**64 - 1, player=table, banker=table, threads=1)
    assert simulate(3 * BLOCK + 5, seed=2**64 - 1, player=table, banker=table, threads=2) == a
    assert a.player == a.banker == "table"


def test_a_fresh_seed_is_drawn_and_replays() -> None:
    a = simulate(1000)
    b = simulate(1000)
    assert 0 <= a.seed < 2**64 and a.seed != b.seed
    assert simulate(1000, seed=a.seed) == a


def test_progress_reports_whole_chunks_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    rounds = 5 * BLOCK + 7
    tables = _tables("max-back", "max-back")
    _run(rounds, 3, tables, 2, 2, lambda done, total: calls.append((done, total)))
    assert calls == [(2 * BLOCK, rounds), (4 * BLOCK, rounds), (rounds, rounds)]
    seen: list[int] = []
    simulate(rounds, seed=3, progress=lambda done, total: seen.append(done))
    assert seen[-1] == rounds


def test_memory_is_flat_in_the_number_of_rounds() -> None:
    tables = _tables("max-back", "max-back")
    peaks = []
    for chunks in (1, 16):
        tracemalloc.start()
        _run(chunks * 4 * BLOCK, 1, tables, 2, 4, None)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < peaks[0] + 16_384, peaks


# ---------------------------------------------------------------------------------------------
# the kernel's own rounds, replayed with the Python objects


def test_traced_rounds_are_the_simulated_rounds() -> None:
    table = mixed_table(3)
    t = trace_rounds(2 * BLOCK + 10, seed=77, player=table, banker="max-back")
    r = simulate(2 * BLOCK + 10, seed=77, player=table, banker="max-back")
    assert t.counts.tolist() == r.counts.tolist()
    assert t.round_counts.tolist() == r.round_counts.tolist()
    # the counts are the tallies of the traced results
    res = t.results.astype(int)
    assert [[int((res[:, p] == v).sum()) for v in (1, 0, -1)] for p in range(7)] == t.counts.tolist()
    wins, losses = (res == 1).sum(axis=1), (res == -1).sum(axis=1)
    tally = np.zeros((8, 8), dtype=int)
    np.add.at(tally, (wins, losses), 1)
    assert tally.tolist() == t.round_counts.tolist()


def test_traced_deals_follow_the_stacks() -> None:
    t = trace_rounds(20_000, seed=5)
    assert (np.sort(t.stacks, axis=1) == np.arange(32)).all()  # every round a permutation
    dealt = np.sort(t.stacks.reshape(-1, 8, 4), axis=2)  # position k takes stack k
    assert (t.hands == dealt).all()


def test_traced_rounds_agree_with_settings_and_compare() -> None:
    player, banker = mixed_table(4), max_back()
    t = trace_rounds(300, seed=2024, player=player, banker="max-back")
    for r in range(300):
        sets = []
        for p in range(8):
            hand = tuple(int(x) for x in t.hands[r, p])
            k = int(t.choices[r, p])
            row = (banker if p == 0 else player)[INDEX[hand]]
            assert row[k] > 0, (r, p, hand, k)
            if p == 0:
                assert k == int(np.argmax(row))
            s = settings([DECK[i] for i in hand])[k]
            assert t.ranks[r, p].tolist() == [s.front.rank, s.back.rank]
            sets.append(s)
        assert t.results[r].tolist() == [int(compare(sets[p], sets[0])) for p in range(1, 8)]


def test_mixed_rows_are_sampled_with_their_probabilities() -> None:
    player = np.tile([0.2, 0.3, 0.5], (HAND_COUNT, 1))
    banker = np.tile([0.5, 0.0, 0.5], (HAND_COUNT, 1))
    t = trace_rounds(20_000, seed=8, player=player, banker=banker)
    got = np.bincount(t.choices[:, 1:].ravel(), minlength=3)
    expected = np.array([0.2, 0.3, 0.5]) * got.sum()
    assert ((got - expected) ** 2 / expected).sum() < 20  # chi-square, 2 df
    b = np.bincount(t.choices[:, 0], minlength=3)
    assert b[1] == 0 and abs(b[0] - 10_000) < 4 * math.sqrt(5000)


def test_the_shuffle_is_uniform() -> None:
    n = 40_000
    t = trace_rounds(n, seed=11)
    places = np.zeros((32, 32), dtype=np.int64)  # tile x place in the row of stacks
    for place in range(32):
        places[:, place] = np.bincount(t.stacks[:, place], minlength=32)
    expected = n / 32
    chi2 = float(((places - expected) ** 2 / expected).sum())
    df = 31 * 31
    assert abs(chi2 - df) < 5 * math.sqrt(2 * df), chi2
    # and each pair of tiles shares a hand as often as it should: 3/31 of the rounds
    together = np.zeros((32, 32), dtype=np.int64)
    for a, b in itertools.combinations(range(4), 2):
        np.add.at(together, (t.hands[:, :, a].ravel(), t.hands[:, :, b].ravel()), 1)
    pairs = together[np.triu_indices(32, 1)]
    e = n * 3 / 31
    chi2 = float(((pairs - e) ** 2 / e).sum())
    assert abs(chi2 - pairs.size) < 6 * math.sqrt(2 * pairs.size), chi2


# ---------------------------------------------------------------------------------------------
# two rule sets in one process

TOY = MACAU.replace(name="zero-both", zero_rule="both")  # a second rule set: zero rule on both hands

# Macau's numbers of simulate(3 * BLOCK + 100, seed=2024), pinned before rule sets were values
PINNED_COUNTS = [[3510, 5222, 3656], [3542, 5102, 3744], [3533, 5170, 3685], [3556, 5153, 3679],
                 [3494, 5187, 3707], [3550, 5169, 3669], [3501, 5267, 3620]]
PINNED_MEANS = (-0.012385257622584068, 0.004531600618049319, 0.08669680335808848, 0.03172120432634524)


def _macau_pinned(r: SimulationResult) -> None:
    assert r.rules is MACAU and r.counts.tolist() == PINNED_COUNTS
    assert (r.player_mean, r.player_se, r.banker_mean, r.banker_se) == PINNED_MEANS


def _reference_result(hand: list[int], k: int, banker: list[int], kb: int) -> int:
    """tests/reference.py's comparison of two traced settings with the zero rule on both hands."""
    (pf, pb), (bf, bb) = reference.arranged(tuple(hand))[k], reference.arranged(tuple(banker))[kb]  # type: ignore[arg-type]

    def wins(x: tuple[int, ...], y: tuple[int, ...]) -> bool:
        return x > y and not (reference.is_zero(x) and reference.is_zero(y))

    return int(wins(pf, bf)) + int(wins(pb, bb)) - 1


def min_back_table() -> npt.NDArray[np.float64]:
    """Every hand set with its weakest back hand: the only kind of play that meets zero-point
    backs on both sides often enough to see (no setting the strategies ship ever plays one: a
    hand has one only when all its settings are zero against zero, 0.5% of hands)."""
    ranks = all_ranks().astype(np.int64)
    return np.eye(3)[np.argmin(ranks[:, :, 1] * 256 + ranks[:, :, 0], axis=1)]


def test_two_rule_sets_in_one_process_agree_with_their_traced_rounds() -> None:
    _macau_pinned(simulate(3 * BLOCK + 100, seed=2024, threads=2))
    rounds, seed, table = 12 * BLOCK + 7, 2026, min_back_table()
    kw: dict[str, object] = dict(seed=seed, player=table, banker=table)
    macau = simulate(rounds, threads=2, **kw)  # type: ignore[arg-type]
    toy = simulate(rounds, threads=2, rules=TOY, **kw)  # type: ignore[arg-type]
    assert toy.rules == TOY and macau.rules is MACAU and toy != macau
    assert toy.counts.tolist() != macau.counts.tolist()
    assert simulate(rounds, threads=1, rules="macau", **kw) == macau  # type: ignore[arg-type]
    assert simulate(rounds, threads=1, rules=TOY, **kw) == toy  # type: ignore[arg-type]
    # the same deals and settings under both; only the comparisons differ, toward the banker
    t, m = trace_rounds(rounds, rules=TOY, **kw), trace_rounds(rounds, **kw)  # type: ignore[arg-type]
    assert t.rules == TOY and m.rules is MACAU
    assert (t.hands == m.hands).all() and (t.choices == m.choices).all() and (t.ranks == m.ranks).all()
    assert t.counts.tolist() == toy.counts.tolist() and t.round_counts.tolist() == toy.round_counts.tolist()
    assert m.counts.tolist() == macau.counts.tolist()
    changed = t.results != m.results
    assert changed.sum() >= 3 and (t.results[changed] == -1).all() and (m.results[changed] == 0).all()
    # every traced round replayed in plain Python (tests/reference.py) under the toy's comparison
    tally = np.zeros((7, 3), dtype=np.int64)
    for r in range(rounds):
        hands = t.hands[r].tolist()
        ks = t.choices[r].tolist()
        got = [_reference_result(hands[p], ks[p], hands[0], ks[0]) for p in range(1, 8)]
        assert got == t.results[r].tolist(), r
        for p, v in enumerate(got):
            tally[p, 1 - v] += 1
    assert tally.tolist() == toy.counts.tolist()
    # and by the engine's own objects (settings and compare under the toy's rules), on the rounds
    # the rule sets decide differently and a sample of the others
    for r in sorted(set(np.nonzero(changed.any(axis=1))[0].tolist()) | set(range(0, rounds, 97))):
        sets = [settings([DECK[i] for i in t.hands[r, p]], rules=TOY)[int(t.choices[r, p])] for p in range(8)]
        assert [int(compare(sets[p], sets[0], rules=TOY)) for p in range(1, 8)] == t.results[r].tolist(), r
    # Macau's seeded numbers are unchanged after the toy ran
    _macau_pinned(simulate(3 * BLOCK + 100, seed=2024, threads=1))
    assert simulate(rounds, threads=2, **kw) == macau  # type: ignore[arg-type]


def test_a_rule_set_by_name_and_the_default_are_macau() -> None:
    a = simulate(5000, seed=1, threads=1)
    assert simulate(5000, seed=1, threads=1, rules="macau") == a == simulate(5000, seed=1, rules=MACAU)
    with pytest.raises(paigow.InvalidOptionError, match="unknown rule set 'texas'"):
        simulate(10, seed=1, rules="texas")
    with pytest.raises(TypeError):
        simulate(10, seed=1, rules=5)  # type: ignore[arg-type]


def test_commission_true_is_the_rule_sets_rate() -> None:
    four = MACAU.replace(name="four-percent", commission="4%")
    r = simulate(5000, seed=2, threads=1, commission=True, rules=four)
    assert r.commission == 0.04 and r == simulate(5000, seed=2, commission=0.04, rules=four)
    assert simulate(5000, seed=2, commission=True).commission == 0.05


# ---------------------------------------------------------------------------------------------
# the run as a value


def test_a_run_is_a_frozen_value_cleaned_once() -> None:
    run = Run(3 * BLOCK + 100, seed=7, player=mixed_table(9), banker="max-back", commission=True)
    assert run.names == ("table", "max-back") and run.commission == paigow.rules.MACAU.commission
    assert run.player == paigow.Strategy(mixed_table(9)) and run.rules is MACAU
    assert run.blocks == range(0, 4) and run.is_whole and run.total_blocks == 4
    assert run == Run(3 * BLOCK + 100, 7, mixed_table(9), "max-back", 0.05) and hash(run) == hash(run.replace())
    assert run != run.replace(seed=8) and run != run.replace(rules=TOY)
    with pytest.raises(AttributeError):
        run.seed = 5  # type: ignore[misc]
    fresh = Run(10)
    assert 0 <= fresh.seed < 2**64 and fresh.replace() == fresh  # a drawn seed is kept
    import pickle

    assert pickle.loads(pickle.dumps(run)) == run


def test_parts_of_a_run_count_apart_and_merge_to_the_whole() -> None:
    # a rule set with no shipped equilibrium has no default strategy: both seats are named
    with pytest.raises(InvalidStrategyError) as e:
        Run(5 * BLOCK + 9, seed=4, player="max-back", rules=TOY)
    assert e.value.code == "strategy.rules"
    run = Run(5 * BLOCK + 9, seed=4, player="max-back", banker="max-back", rules=TOY)
    part = run.part((1, 4))
    assert part.blocks == range(1, 4) and not part.is_whole and part.block_rounds == 3 * BLOCK
    assert part.part(range(2, 3)).blocks == range(2, 3)
    with pytest.raises(InvalidSimulationError, match="within the part's blocks range\\(1, 4\\)"):
        part.part((0, 2))
    seen: list[tuple[int, int]] = []
    counts = part.count(threads=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (3 * BLOCK, 3 * BLOCK) and counts.rules == TOY and counts.blocks == range(1, 4)
    parts = [counts, run.part((0, 1)).count(threads=2), run.part(range(4, 6)).count()]
    whole = run.simulate(threads=2)
    assert run.merge(parts) == whole == simulate(5 * BLOCK + 9, seed=4, player="max-back", banker="max-back",
                                                 rules=TOY)
    assert SimulationResult.merge(parts) == whole
    for verb in (part.simulate, part.trace, lambda: part.merge(parts)):
        with pytest.raises(InvalidSimulationError) as e:
            verb()
        assert e.value.code == "simulation.blocks"
    with pytest.raises(InvalidSimulationError) as e:  # a part of another run
        run.merge([*parts[:2], Run(5 * BLOCK + 9, seed=4, player="max-back", banker="max-back").part(
            range(4, 6)).count()])
    assert e.value.code == "simulation.merge_rules"
    with pytest.raises(InvalidSimulationError) as e:
        run.replace(seed=5).merge(parts)
    assert e.value.code == "simulation.merge_seed"


# ---------------------------------------------------------------------------------------------
# statistics


def reference_simulate(rounds: int, seed: int, player: npt.NDArray[np.float64],
                       banker: npt.NDArray[np.float64]) -> list[int]:
    """A plain-Python simulator from the rules: shuffle, deal, set by the tables, compare."""
    rng = random.Random(seed)
    deck = list(range(32))
    totals = []
    for _ in range(rounds):
        rng.shuffle(deck)
        sets = []
        for p in range(8):
            hand = tuple(sorted(deck[4 * p:4 * p + 4]))
            row = (banker if p == 0 else player)[INDEX[hand]]
            k = rng.choices(range(3), weights=row.tolist())[0]
            sets.append(settings([DECK[i] for i in hand])[k])
        totals.append(sum(int(compare(sets[p], sets[0])) for p in range(1, 8)))
    return totals


def test_kernel_agrees_with_a_plain_python_simulator() -> None:
    player = mixed_table(6)
    totals = np.array(reference_simulate(1200, 31, player, max_back()))
    py_mean = totals.mean() / 7
    py_se = totals.std(ddof=1) / math.sqrt(totals.size) / 7
    r = simulate(2_000_000, seed=31, player=player)
    assert abs(r.player_mean - py_mean) < 4 * math.hypot(py_se, r.player_se)
    # against a far-off value the same test would fail: the bound has teeth
    assert abs(r.player_mean - (py_mean + 0.1)) > 4 * math.hypot(py_se, r.player_se)


def test_means_and_commission_follow_from_the_counts() -> None:
    r0 = simulate(300_000, seed=4)
    r5 = simulate(300_000, seed=4, commission=True)
    r5b = simulate(300_000, seed=4, commission=0.05)
    assert r5 == r5b and r5.commission == 0.05 and r0.commission == 0.0
    assert (r0.counts == r5.counts).all()
    n = 300_000
    w, _, lose = r0.counts.sum(axis=0).tolist()
    assert r0.player_mean == pytest.approx((w - lose) / (7 * n), rel=1e-12)
    assert r5.player_mean == pytest.approx((0.95 * w - lose) / (7 * n), rel=1e-12)
    wins, losses = np.indices((8, 8))
    net = losses - wins  # banker's result before commission
    banker = np.where(net > 0, 0.95 * net, net)
    assert r5.banker_mean == pytest.approx((r5.round_counts * banker).sum() / n, rel=1e-12)
    var = (r5.round_counts * banker**2).sum() / n - r5.banker_mean**2
    assert r5.banker_se == pytest.approx(math.sqrt(var * n / (n - 1) / n), rel=1e-9)
    assert r0.banker_mean == pytest.approx(-7 * r0.player_mean, rel=1e-12)
    pw, _, pl = r5.counts[2].tolist()
    assert r5.position_mean[2] == pytest.approx((0.95 * pw - pl) / n, rel=1e-12)
    assert r5.banker_mean < r0.banker_mean and r5.player_mean < r0.player_mean


def test_standard_errors_match_the_spread_of_repeated_runs() -> None:
    runs = [simulate(40_000, seed=1000 + s) for s in range(40)]
    for attr in ("player", "banker"):
        means = np.array([getattr(r, f"{attr}_mean") for r in runs])
        se = np.mean([getattr(r, f"{attr}_se") for r in runs])
        assert 0.65 < means.std(ddof=1) / se < 1.4, attr


# ---------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize("rounds", [0, -5, 2**61])
def test_bad_round_counts(rounds: int) -> None:
    with pytest.raises(InvalidSimulationError, match="rounds must be from 1"):
        simulate(rounds)


@pytest.mark.parametrize("kwargs", [{"seed": -1}, {"seed": 2**64}, {"threads": 0}, {"threads": 5000},
                                    {"commission": 1.0}, {"commission": -0.01}, {"commission": math.nan}])
def test_bad_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidSimulationError):
        simulate(10, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"rounds": 1.5}, {"rounds": "10"}, {"rounds": True}, {"seed": 1.0},
                                    {"seed": "1"}, {"threads": 1.0}, {"commission": "5%"},
                                    {"progress": 3}])
def test_bad_types(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"rounds": 10, **kwargs}
    with pytest.raises(TypeError):
        simulate(**args)  # type: ignore[arg-type]


def test_bad_strategies() -> None:
    with pytest.raises(InvalidStrategyError, match="unknown strategy 'greedy'"):
        simulate(10, player="greedy")
    with pytest.raises(InvalidStrategyError, match="shape"):
        simulate(10, banker=np.ones((10, 3)))
    bad = max_back().copy()
    bad[5] = [1.5, -0.5, 0.0]
    with pytest.raises(InvalidStrategyError, match="row 5"):
        simulate(10, player=bad)
    assert issubclass(InvalidSimulationError, PaigowError) and issubclass(PaigowError, ValueError)


def test_the_core_refuses_wrong_tables_without_crashing() -> None:
    pp, pt, bp, bt, ranks, rules = _tables("max-back", "max-back")
    with pytest.raises(ValueError, match="35960 rows"):
        _core.simulate_rounds(1, 0, 10, 1, pp[:10], pt, bp, bt, ranks, rules)
    with pytest.raises(ValueError, match="35960 rows"):
        _core.simulate_trace(1, 10, pp, pt, bp, bt[:, :1].copy(), ranks, rules)
    with pytest.raises(ValueError):
        _core.simulate_rounds(1, 0, -1, 1, pp, pt, bp, bt, ranks, rules)
    with pytest.raises(ValueError):
        _core.simulate_rounds(1, 0, 10, 0, pp, pt, bp, bt, ranks, rules)
    with pytest.raises(ValueError):
        _core.simulate_trace(1, 200_001, pp, pt, bp, bt, ranks, rules)
    # garbage in the tables only gives garbage numbers, never an access out of bounds
    junk = np.full(HAND_COUNT, 0xFFFE, dtype=np.uint16)
    out = _core.simulate_rounds(1, 0, 1000, 2, junk, pt, junk, bt, ranks, rules)
    assert out[:21].reshape(7, 3).sum(axis=1).tolist() == [1000] * 7
    with pytest.raises(InvalidSimulationError, match="at most 200,000"):
        trace_rounds(200_001, seed=1)


def test_results_are_frozen() -> None:
    r = simulate(100, seed=1)
    with pytest.raises(AttributeError):
        r.rounds = 5  # type: ignore[misc]
    with pytest.raises(ValueError):
        r.counts[0, 0] = 1
    assert isinstance(r, SimulationResult) and paigow.simulate is simulate
    assert r.position_mean.shape == r.position_se.shape == (7,)


# ---------------------------------------------------------------------------------------------
# the command line


def test_cli_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "50k", "--seed", "9", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "50,000 rounds, seed 9" in out and "banker per round" in out
    assert out.count("\n") >= 12 and "commission none" in out


def test_cli_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "20000", "--seed", "9", "--commission", "--json", "--threads", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = simulate(20000, seed=9, commission=True)
    assert data["player_mean"] == r.player_mean and data["banker_se"] == r.banker_se
    assert [p["wins"] for p in data["positions"]] == r.counts[:, 0].tolist()
    assert data["commission"] == 0.05 and data["threads"] == 1


def test_cli_progress_bar_and_tables(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "t.npy"
    np.save(path, mixed_table(7))
    assert main(["simulate", "3M", "--seed", "1", "--progress", "--player", str(path),
                 "--commission", "5%"]) == 0
    captured = capsys.readouterr()
    assert "100.0% 3,000,000/3,000,000 rounds" in captured.err and captured.err.endswith("\n")
    assert "player table, banker equilibrium, commission 5%" in captured.out


def test_cli_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "20000", "--seed", "9", "--json", "--threads", "1", "--rules", "macau"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "macau" and data["player_mean"] == simulate(20000, seed=9).player_mean
    assert main(["simulate", "10", "--rules", "texas"]) == 2
    assert "unknown rule set 'texas'" in capsys.readouterr().err


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "0"]) == 2
    assert "rounds must be from 1" in capsys.readouterr().err
    assert main(["simulate", "10", "--player", "nobody"]) == 2
    assert "unknown strategy 'nobody'" in capsys.readouterr().err
    assert main(["simulate", "10", "--banker", "missing.npy"]) == 2
    assert "cannot read a strategy table" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "lots"])
    assert "not a number of rounds" in capsys.readouterr().err


def test_the_batched_bounded_integers_are_exactly_uniform() -> None:
    """The kernel draws its Fisher-Yates integers k at a time from one w-bit number (w = 32):
    out[t] = high word of x_t (s - t), x_{t+1} = low word, rejecting a last leftover below
    2**w mod s(s-1)...(s-k+1). Transcribed here for w = 16 and counted over every x: each tuple
    of results comes out equally often."""
    w = 16
    for s, k in ((32, 3), (17, 3), (14, 4), (4, 3), (9, 4)):
        bound = math.prod(range(s - k + 1, s + 1))
        floor = (1 << w) % bound
        seen: dict[tuple[int, ...], int] = {}
        for x in range(1 << w):
            out = []
            for t in range(k):
                m = x * (s - t)
                out.append(m >> w)
                x = m & ((1 << w) - 1)
            if x >= floor:
                seen[tuple(out)] = seen.get(tuple(out), 0) + 1
        assert len(seen) == bound and len(set(seen.values())) == 1, (s, k)
