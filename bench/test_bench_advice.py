"""Advice benchmarks (issue: hand-setting advice): each compiled path beside the plain-Python
enumeration of the same work (tests/reference.py), so the report shows ratios.

Run: python -m pytest bench --benchmark-json=bench.json && python bench/report.py bench.json
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest

import paigow
from paigow import advice

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import reference  # noqa: E402

HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊
MB = paigow.max_back()


@pytest.mark.benchmark(group="advise: one hand, exact, against max-back")
def test_advise_compiled(benchmark) -> None:  # type: ignore[no-untyped-def]
    tiles = [paigow.DECK[i] for i in HAND]
    a = benchmark(paigow.advise, tiles, "player", "max-back")
    benchmark.extra_info["calls_per_second"] = 1 / benchmark.stats.stats.median
    assert a.best == 1


@pytest.mark.benchmark(group="advise: one hand, exact, against max-back")
def test_advise_plain_python(benchmark) -> None:  # type: ignore[no-untyped-def]
    counts = benchmark.pedantic(reference.enumerate_counts, args=(HAND, MB, False), rounds=3, iterations=1)
    benchmark.extra_info["calls_per_second"] = 1 / benchmark.stats.stats.median
    assert sum(counts[0]) == 20475


N_LOOKUP = 4_000_000


@pytest.mark.benchmark(group="best setting: batch lookup (equilibrium)")
def test_best_settings_compiled(benchmark) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((N_LOOKUP, 32)), axis=1)[:, :4].astype(np.int8)
    paigow.best_settings(hands[:10])
    out = benchmark(paigow.best_settings, hands)
    benchmark.extra_info["hands_per_second"] = N_LOOKUP / benchmark.stats.stats.median
    assert out.shape == (N_LOOKUP,)


@pytest.mark.benchmark(group="best setting: batch lookup (equilibrium)")
def test_best_settings_plain_python(benchmark) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(1)
    n = 20_000
    hands = np.argsort(rng.random((n, 32)), axis=1)[:, :4].tolist()
    table = paigow.strategy("player")
    rows = reference.row_of()

    def plain() -> list[int]:
        out = []
        for h in hands:
            s = sorted(h)
            k = max(range(3), key=lambda j: table[rows[tuple(s)]][j])
            pair = {s[0], s[k + 1]}
            partner = (pair - {h[0]}).pop() if h[0] in pair else (set(s) - pair - {h[0]}).pop()
            out.append(h.index(partner) - 1)
        return out

    got = benchmark.pedantic(plain, rounds=3, iterations=1)
    benchmark.extra_info["hands_per_second"] = n / benchmark.stats.stats.median
    assert got == paigow.best_settings(np.array(hands)).tolist()


@pytest.mark.benchmark(group="game value: all 736,281,000 pairings")
def test_game_value_compiled(benchmark) -> None:  # type: ignore[no-untyped-def]
    p, b = paigow.strategy("player"), paigow.strategy("banker")
    paigow.game_value(p, b)  # the type tables are built once per process
    v = benchmark(paigow.game_value, p, b)
    benchmark.extra_info["pairings_per_second"] = advice.PAIRINGS / benchmark.stats.stats.median
    assert v.ev == pytest.approx(advice.equilibrium_info()["game_value"], abs=1e-9)


@pytest.mark.benchmark(group="game value: all 736,281,000 pairings")
def test_game_value_plain_python_extrapolated(benchmark) -> None:  # type: ignore[no-untyped-def]
    # the plain enumeration of one player hand's 20,475 pairings, scaled to all 35,960 hands
    benchmark.pedantic(reference.enumerate_counts, args=(HAND, MB, False), rounds=2, iterations=1)
    per_hand = benchmark.stats.stats.median
    benchmark.extra_info["pairings_per_second"] = advice.OPPONENT_HANDS / per_hand
    benchmark.extra_info["estimated_seconds_for_all"] = per_hand * paigow.HAND_COUNT


@pytest.mark.benchmark(group="solve: equilibrium to exploitability 1e-6")
def test_solve_to_1e6(benchmark) -> None:  # type: ignore[no-untyped-def]
    code = (
        "import resource, time, paigow.advice as a\n"
        "t = time.perf_counter(); e = a.solve(tol=1e-6)\n"
        "print(e.exploitability, e.iterations, time.perf_counter() - t,"
        " resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    result: list[str] = []

    def run() -> None:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        result[:] = out.stdout.split()

    benchmark.pedantic(run, rounds=1, iterations=1)
    expl, iterations, seconds, rss_kb = result
    benchmark.extra_info.update(exploitability=float(expl), iterations=int(iterations),
                                solve_seconds=float(seconds), peak_rss_mib=int(rss_kb) / 1024)
    assert float(expl) <= 1e-6


@pytest.mark.benchmark(group="import paigow (fresh process)")
def test_import_time(benchmark) -> None:  # type: ignore[no-untyped-def]
    def once(stmt: str) -> float:
        code = f"import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"
        return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout)

    numpy_only = min(once("import numpy") for _ in range(5))
    both = benchmark.pedantic(lambda: min(once("import numpy; import paigow") for _ in range(5)), rounds=1, iterations=1)
    benchmark.extra_info.update(numpy_seconds=numpy_only, paigow_over_numpy_seconds=both - numpy_only)
