"""Solver benchmarks: ``solve`` to exploitability 1e-6 (no commission) with one and two kernel
threads, wall and CPU time each (issue 10: the default is the faster choice), and the game as
paid (5% on both sides) to each side's best-response gain 1e-7. Each solve runs in a fresh
process, so its time includes the hand-type tables, as ``paigow solve`` does.

    python -m pytest bench/test_bench_solve.py --benchmark-json=bench.json -s
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

CODE = (
    "import re, time, paigow.game.solver as s\n"
    "t = time.perf_counter(); c = time.process_time()\n"
    "e = s.solve(tol={tol}, commission={commission!r}, threads={threads})\n"
    "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
    "print(e.exploitability, max(e.player_gain, e.banker_gain), e.iterations, time.perf_counter() - t,"
    " time.process_time() - c, hwm)\n"
)


def _solve(measure: Any, group: str, tol: float, commission: str, threads: int) -> list[str]:
    result: list[str] = []

    def run() -> None:
        code = CODE.format(tol=tol, commission=commission, threads=threads)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        result[:] = out.stdout.split()

    measure(run, items=1, unit="solves", path="compiled", group=group, rounds=1, warmup_rounds=0,
            threads=threads)
    return result


@pytest.mark.parametrize("threads", [1, 2])
def test_solve_to_1e6_threads(measure: Any, threads: int) -> None:
    expl, gain, iterations, wall, cpu, hwm_kb = _solve(
        measure, "solve: equilibrium to exploitability 1e-6, by kernel threads", 1e-6, "0", threads)
    assert float(expl) <= 1e-6
    print(f"\nsolve to 1e-6, {threads} thread(s): {iterations} iterations, wall {float(wall):.2f} s, "
          f"CPU {float(cpu):.2f} s, peak memory {int(hwm_kb) / 1024:.0f} MiB")


def test_solve_paid_to_1e7(measure: Any) -> None:
    expl, gain, iterations, wall, cpu, hwm_kb = _solve(
        measure, "solve: the game as paid (5%) to best-response gains 1e-7", 1e-7, "5%", 1)
    assert float(gain) <= 1e-7
    print(f"\nsolve as paid to 1e-7: {iterations} iterations, wall {float(wall):.2f} s, CPU {float(cpu):.2f} s, "
          f"peak memory {int(hwm_kb) / 1024:.0f} MiB")
