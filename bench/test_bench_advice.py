"""Advice benchmarks: each compiled path beside the plain-Python enumeration of the same work
(tests/reference.py, written from the rules), so the report shows ratios; the old paths (the
enumeration kernel per call, the type-pair kernel of the game value) beside the side tables in
the same run; plus ``paigow solve`` to exploitability 1e-6 (time and peak memory), the memory of
the side tables and the cost of ``import paigow``.

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
from paigow.rules import MACAU

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import reference  # noqa: E402

HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊
TILES = [paigow.DECK[i] for i in HAND]
MB = paigow.max_back()
ADVISE = "advise: one hand, exact, against a fixed strategy (max-back)"
ADVISE_EQ = "advise: one hand, exact, against the equilibrium"
ADVISE_MANY = "advise: 10,000 different hands as text, one call each (a service's requests)"
BATCH = "advise_batch: every setting of every hand (35,960 a call), exact, against the equilibrium"
LOOKUP = "best setting: batch lookup of the equilibrium"
GAME = "game value: all 736,281,000 pairings"


def _random_hands(n: int) -> npt.NDArray[np.int8]:
    """n random four-tile hands (DECK indices), each in a random order."""
    rng = np.random.default_rng(1)
    hands = paigow.all_hands()[rng.integers(0, paigow.HAND_COUNT, n)]
    order = np.argsort(rng.random((n, 4)), axis=1)
    return np.take_along_axis(hands, order, axis=1)


def test_advise_compiled(measure: Any) -> None:
    paigow.advise("天 地 杂九 至尊", "player", "max-back")  # the side table is built once per process
    a = measure(lambda: paigow.advise("天 地 杂九 至尊", "player", "max-back"), items=1, unit="calls",
                path="compiled", group=ADVISE, rounds=2000)
    assert a.best == 1


def test_advise_enumeration_kernel(measure: Any) -> None:
    # the old path: the 20,475 opposing hands enumerated in the core on every call
    packed = paigow.Strategy.named("max-back")._advice_packed
    hand = np.array(HAND, dtype=np.int64)
    counts = measure(lambda: advice._core.advice_counts(hand, *packed, False, MACAU.core), items=1, unit="calls",
                     path="engine", group=ADVISE, rounds=200)
    assert (counts[1] >> advice._core.COUNT_SCALE_BITS).tolist() == [15736, 4080, 659]


def test_advise_plain_python(measure: Any) -> None:
    counts = measure(lambda: reference.enumerate_counts(HAND, reference.max_back_row, False), items=1,
                     unit="calls", path="python", group=ADVISE, rounds=3)
    assert [int(c) for c in counts[1]] == [15736, 4080, 659]


def test_advise_equilibrium_compiled(measure: Any) -> None:
    paigow.advise("天 地 杂九 至尊")
    a = measure(lambda: paigow.advise("天 地 杂九 至尊"), items=1, unit="calls", path="compiled",
                group=ADVISE_EQ, rounds=2000)
    assert a.against == "equilibrium"


def test_advise_equilibrium_plain_python(measure: Any) -> None:
    table = paigow.strategy("banker")
    measure(lambda: reference.enumerate_counts(HAND, table, False), items=1, unit="calls", path="python",
            group=ADVISE_EQ, rounds=2)


def _texts(n: int) -> list[str]:
    return [" ".join(str(paigow.DECK[i]) for i in row) for row in _random_hands(n).tolist()]


def test_advise_many_hands_compiled(measure: Any) -> None:
    texts = _texts(10_000)

    def run() -> int:
        advice._parse4.cache_clear()  # every text new to the call, as a service's requests are
        return sum(paigow.advise(t).best for t in texts)

    measure(run, items=len(texts), unit="calls", path="compiled", group=ADVISE_MANY, rounds=5)


def test_advise_many_hands_plain_python(measure: Any) -> None:
    table = paigow.strategy("banker")
    measure(lambda: reference.enumerate_counts(HAND, table, False), items=1, unit="calls", path="python",
            group=ADVISE_MANY, rounds=2)


def test_advise_batch_compiled(measure: Any) -> None:
    hands = paigow.all_hands()
    paigow.advise_batch(hands[:1])
    b = measure(lambda: paigow.advise_batch(hands), items=len(hands), unit="hands", path="compiled",
                group=BATCH, rounds=10)
    assert b.counts.shape == (len(hands), 3, 3)


def test_advise_batch_plain_python(measure: Any) -> None:
    table = paigow.strategy("banker")
    measure(lambda: reference.enumerate_counts(HAND, table, False), items=1, unit="hands", path="python",
            group=BATCH, rounds=2)


def test_side_table_memory() -> None:
    sides = [paigow.Strategy.named(name, other)._side(seat)
             for name in ("equilibrium", "max-back") for seat, other in (("player", "banker"), ("banker", "player"))]
    per_hand = paigow.Strategy(np.random.default_rng(1).dirichlet([1.0, 1.0, 1.0], size=35960))._side("player")
    print(f"\nside tables: {sides[0].nbytes / 1e6:.2f} MB per (strategy, seat) set alike by type "
          f"({sum(s.nbytes for s in sides) / 1e6:.2f} MB for equilibrium and max-back, both seats); "
          f"{per_hand.nbytes / 1e6:.2f} MB for a table that sets hands of one type differently")


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
    paigow.game_value("equilibrium", "equilibrium")  # the side tables are built once per process
    v = measure(lambda: paigow.game_value("equilibrium", "equilibrium"), items=advice.PAIRINGS,
                unit="pairings", path="compiled", group=GAME, rounds=20)
    assert abs(v.ev - advice.equilibrium_info()["game_value"]) < 1e-9


def test_game_value_type_kernel(measure: Any) -> None:
    # the old path: every pair of hand types, each pair of their settings decided in the core
    ty = paigow.strategies._types()
    sp, _ = paigow.strategies._to_types(paigow.strategy("player"))
    sb, _ = paigow.strategies._to_types(paigow.strategy("banker"))
    w = advice._weights()
    wpl = measure(lambda: advice._core.type_game_value(sp, sb, w, ty.cnt, ty.m, ty.tset_f, ty.tset_b, MACAU.core),
                  items=advice.PAIRINGS, unit="pairings", path="engine", group=GAME, rounds=3)
    assert abs((wpl[0] - wpl[2]) / advice.PAIRINGS - advice.equilibrium_info()["game_value"]) < 1e-9


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


# ---------------------------------------------------------------------------------------------
# seen tiles (issue 34), beside today's unseen advice in the same run

SEEN_FIXED = "advise with seen tiles: one hand, exact, against a fixed strategy (max-back), 4 seen"
SEEN_LEFT = "advise with seen tiles: the equilibrium of the game left (12 unseen) solved, certified, one hand advised, cold"
SEEN_4 = tuple(i for i in range(32) if i not in HAND)[:4]


def test_seen_advise_fixed_compiled(measure: Any) -> None:
    a = measure(lambda: paigow.advise(TILES, "player", "max-back", seen=SEEN_4), items=1, unit="calls",
                path="compiled", group=SEEN_FIXED, rounds=500)
    assert a.opponent_hands == 10626


def test_seen_advise_fixed_unseen_today(measure: Any) -> None:
    # today's unseen advice against a caller's table: the enumeration of the 20,475 hands in the core
    s = paigow.Strategy(paigow.max_back())
    measure(lambda: advice._advise_enumerated(tuple(TILES), HAND, "player",
                                              advice._plan("player", s, False, None)),
            items=1, unit="calls", path="engine", group=SEEN_FIXED, rounds=500)


def test_seen_advise_fixed_plain_python(measure: Any) -> None:
    counts = measure(lambda: reference.enumerate_counts(HAND, reference.max_back_row, False, seen=SEEN_4), items=1,
                     unit="calls", path="python", group=SEEN_FIXED, rounds=3)
    assert int(sum(counts[1])) == 10626


def test_seen_game_left_cold(measure: Any) -> None:
    from paigow.game import seen as left

    seen = [i for i in range(32) if i not in HAND][:20]  # 12 unseen tiles: the hand's four and 8 more

    def cold() -> Any:
        left.forget()  # solved afresh each round
        return paigow.advise(TILES, seen=seen)

    a = measure(cold, items=1, unit="calls", path="compiled", group=SEEN_LEFT, rounds=5)
    assert a.opponent_hands == 70 and a.against == "equilibrium"
