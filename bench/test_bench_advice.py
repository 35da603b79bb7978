"""Advice benchmarks: each compiled path beside the plain-Python enumeration of the same work
(tests/reference.py, written from the rules), so the report shows ratios; plus ``paigow solve``
to exploitability 1e-6 (time and peak memory) and the cost of ``import paigow``.

    python -m pytest bench --benchmark-json=bench.json && python bench/report.py bench.json
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import Any

import numpy as np
import numpy.typing as npt

import paigow
from paigow import advice

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import reference  # noqa: E402

HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊
TILES = [paigow.DECK[i] for i in HAND]
MB = paigow.max_back()
ADVISE = "advise: one hand, exact, against a fixed strategy (max-back)"
LOOKUP = "best setting: batch lookup of the equilibrium"
GAME = "game value: all 736,281,000 pairings"


def _random_hands(n: int) -> npt.NDArray[np.int8]:
    """n random four-tile hands (DECK indices), each in a random order."""
    rng = np.random.default_rng(1)
    hands = paigow.all_hands()[rng.integers(0, paigow.HAND_COUNT, n)]
    order = np.argsort(rng.random((n, 4)), axis=1)
    return np.take_along_axis(hands, order, axis=1)


def test_advise_compiled(measure: Any) -> None:
    a = measure(lambda: paigow.advise(TILES, "player", "max-back"), items=1, unit="calls",
                path="compiled", group=ADVISE, rounds=200)
    assert a.best == 1


def test_advise_plain_python(measure: Any) -> None:
    counts = measure(lambda: reference.enumerate_counts(HAND, reference.max_back_row, False), items=1,
                     unit="calls", path="python", group=ADVISE, rounds=3)
    assert [int(c) for c in counts[1]] == [15736, 4080, 659]


HANDS = _random_hands(4_000_000)


def test_best_settings_compiled(measure: Any) -> None:
    paigow.best_settings(HANDS[:10])
    out = measure(lambda: paigow.best_settings(HANDS), items=len(HANDS), unit="hands", path="compiled",
                  group=LOOKUP)
    assert out.shape == (len(HANDS),)


def test_best_settings_plain_python(measure: Any) -> None:
    hands = HANDS[:20_000].tolist()
    table = paigow.strategy("player")
    rows = reference.row_of()

    def plain() -> list[int]:
        out = []
        for h in hands:
            s = sorted(h)
            probs = table[rows[tuple(s)]]
            k = max(range(3), key=lambda j: probs[j])
            pair = {s[0], s[k + 1]}
            partner = (pair - {h[0]}).pop() if h[0] in pair else (set(s) - pair - {h[0]}).pop()
            out.append(h.index(partner) - 1)
        return out

    got = measure(plain, items=len(hands), unit="hands", path="python", group=LOOKUP, rounds=3)
    assert got == paigow.best_settings(np.array(hands)).tolist()


def test_game_value_compiled(measure: Any) -> None:
    p, b = paigow.strategy("player"), paigow.strategy("banker")
    paigow.game_value(p, b)  # the type tables are built once per process
    v = measure(lambda: paigow.game_value(p, b), items=advice.PAIRINGS, unit="pairings", path="compiled",
                group=GAME)
    assert abs(v.ev - advice.equilibrium_info()["game_value"]) < 1e-9


def test_game_value_plain_python(measure: Any) -> None:
    # the plain enumeration of one player hand's 20,475 pairings: the same work per pairing
    measure(lambda: reference.enumerate_counts(HAND, reference.max_back_row, False), items=advice.OPPONENT_HANDS,
            unit="pairings", path="python", group=GAME, rounds=3)


def test_solve_to_1e6(measure: Any) -> None:
    code = (
        "import re, time, paigow.advice as a\n"
        "t = time.perf_counter(); e = a.solve(tol=1e-6)\n"
        "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
        "print(e.exploitability, e.iterations, time.perf_counter() - t, hwm)\n"
    )
    result: list[str] = []

    def run() -> None:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        result[:] = out.stdout.split()

    measure(run, items=1, unit="solves", path="compiled", group="solve: equilibrium to exploitability 1e-6",
            rounds=1, warmup_rounds=0)
    expl, iterations, seconds, hwm_kb = result
    assert float(expl) <= 1e-6
    print(f"\nsolve to 1e-6: exploitability {float(expl):.2e}, {iterations} iterations, "
          f"{float(seconds):.2f} s, peak memory {int(hwm_kb) / 1024:.0f} MiB")


def test_import_time(measure: Any) -> None:
    def once(stmt: str) -> float:
        code = f"import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"
        return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout)

    numpy_only = min(once("import numpy") for _ in range(5))
    both = min(once("import numpy; import paigow") for _ in range(5))
    measure(lambda: once("import numpy; import paigow"), items=1, unit="imports", path="compiled",
            group="import paigow (fresh process, numpy included)", rounds=3, warmup_rounds=0)
    print(f"\nimport numpy {numpy_only * 1000:.0f} ms; import paigow after numpy {(both - numpy_only) * 1000:.0f} ms")
