"""House ways (issue 37), each row of the issue in one run:

- deciding all 3,620 distinct hands, per way: the compiled core (``HouseWay.splits``) beside the
  plain-Python way (``HouseWay.set`` per hand, each a fresh way's first answers);
- a way file loaded, checked and compiled (numpy over all hands at once), beside a shipped way
  loaded from its cache checked by the file's hash;
- the first US advice against a house way in a new process (a subprocess: the advice call alone
  is recorded in ``extra_info["advise_seconds"]``, the import of paigow in ``import_seconds``,
  medians after the warm-up round, and printed under ``-s``), as run and with bytecode cached;
- ``best_setting(hand, "banker", way, rules="us")``, the way given as a HouseWay, its name or its
  strategy, beside the held lookup (``setting_lookup``).

The JavaScript and C peers of the issue (pan77775, turtleflyer, 9ziggy9) are not measured: node
and the peers' sources are not available offline. Run:

    python -m pytest bench/test_bench_houseway.py --benchmark-json=hw.json && python bench/report.py hw.json
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from paigow.advice import best_setting, setting_lookup
from paigow.houseway import HOUSE_WAYS, RuledWay, distinct_hands, house_way, shipped_way
from paigow.houseway.compile import compile_way, features
from paigow.houseway.format import read_way_text
from paigow.tiles import deck_indices

DECIDE = "house way: decide all 3,620 distinct hands"
LOAD = "house way: a way file loaded, checked and compiled"
FIRST = "house way: the first US advice in a new process"
BEST = "house way: best_setting(hand, 'banker', way, rules='us')"
HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊


def _hands() -> Any:
    return np.array([deck_indices(t) for t in distinct_hands()], dtype=np.int8)


@pytest.mark.parametrize("name", sorted(HOUSE_WAYS))
def test_decide_all_hands_in_the_core(measure: Any, name: str) -> None:
    way = house_way(name)
    hands = _hands()
    way.splits(hands)  # the way's table, once
    got = measure(lambda: way.splits(hands), items=3620, unit="hands", path="compiled", group=f"{DECIDE} ({name})",
                  rounds=200)
    assert got.shape == (3620,)


@pytest.mark.parametrize("name", sorted(HOUSE_WAYS))
def test_decide_all_hands_plain_python(measure: Any, name: str) -> None:
    hands = [tuple(int(x) for x in h) for h in _hands()]
    wf = shipped_way(name)
    way = RuledWay(wf)
    way.compiled  # the decisions made; each round a new way object answers every hand afresh

    def run() -> list[Any]:
        fresh = RuledWay(wf)
        fresh.__dict__["compiled"] = way.compiled
        return [fresh.set(h) for h in hands]

    got = measure(run, items=3620, unit="hands", path="python", group=f"{DECIDE} ({name})", rounds=5)
    assert len(got) == 3620


@pytest.mark.parametrize("name", sorted(HOUSE_WAYS))
def test_load_check_compile_a_way_file(measure: Any, name: str) -> None:
    text = (pathlib_ways() / f"{name}.way").read_text(encoding="utf-8")
    features()  # the game's arrays, once a process (not the way's)
    got = measure(lambda: compile_way(read_way_text(text, f"{name}.way")), items=1, unit="ways", path="engine",
                  group=f"{LOAD} ({name})", rounds=10)
    assert got[0].shape == (3620,)


@pytest.mark.parametrize("name", sorted(HOUSE_WAYS))
def test_load_a_shipped_way_checked_by_hash(measure: Any, name: str) -> None:
    text = (pathlib_ways() / f"{name}.way").read_text(encoding="utf-8")

    def run() -> Any:
        way = RuledWay(read_way_text(text, f"{name}.way"), shipped=name)
        assert way._cache is not None
        return way.compiled

    got = measure(run, items=1, unit="ways", path="compiled", group=f"{LOAD} ({name})", rounds=10)
    assert got[0].shape == (3620,)


def pathlib_ways() -> Any:
    import pathlib

    import paigow.houseway

    return pathlib.Path(paigow.houseway.__file__).parent / "ways"


_FIRST = """
import time
t0 = time.perf_counter()
import paigow
t1 = time.perf_counter()
a = paigow.advise("6-6 6-6 1-2 1-3", rules="us", against="foxwoods")
t2 = time.perf_counter()
import json
print(json.dumps({"import": t1 - t0, "advise": t2 - t1, "best": str(a.best_setting)}))
"""


@pytest.mark.parametrize("bytecode", [False, True], ids=["as-run", "bytecode-cached"])
def test_first_us_advice_in_a_new_process(measure: Any, benchmark: Any, bytecode: bool, tmp_path: Any) -> None:
    # as-run: the environment as it is (with PYTHONDONTWRITEBYTECODE set, as on the project's
    # machine, each process compiles paigow's modules from source); bytecode-cached: as an
    # installed package runs, its modules' bytecode written once (the warm-up round) and read after
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pycache")
    seen: list[dict[str, Any]] = []

    def run() -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-c", _FIRST], capture_output=True, text=True, env=env, check=True)
        seen.append(json.loads(out.stdout))
        return seen[-1]

    got = measure(run, items=1, unit="processes", path="compiled", group=FIRST, rounds=9)
    timed = seen[1:] or seen  # after the warm-up round
    advise = sorted(x["advise"] for x in timed)[len(timed) // 2]
    imported = sorted(x["import"] for x in timed)[len(timed) // 2]
    benchmark.extra_info["advise_seconds"] = advise
    benchmark.extra_info["import_seconds"] = imported
    print(f"\n{FIRST} ({'bytecode cached' if bytecode else 'as run'}): the advice {advise * 1000:.0f} ms, "
          f"import paigow {imported * 1000:.0f} ms (medians of {len(timed)})")
    assert got["best"] == "1-3 1-2 | 6-6 6-6"


@pytest.mark.parametrize("given", ["way", "name", "strategy"])
def test_best_setting_against_a_house_way(measure: Any, benchmark: Any, given: str) -> None:
    way: Any = {"way": house_way("foxwoods"), "name": "foxwoods", "strategy": house_way("foxwoods").strategy()}[given]
    best_setting(HAND, "banker", way, rules="us")
    got = measure(lambda: [best_setting(HAND, "banker", way, rules="us") for _ in range(1000)], items=1000,
                  unit="calls", path="compiled", group=BEST, rounds=20)
    assert got[0] == setting_lookup("banker", way, "us")(HAND)
    if benchmark.stats is not None:
        print(f"\n{BEST} (the way as a {given}): {benchmark.stats.stats.median / 1000 * 1e6:.3f} us a call (median)")


def test_best_setting_held_lookup(measure: Any, benchmark: Any) -> None:
    look = setting_lookup("banker", house_way("foxwoods").strategy(), "us")
    look(HAND)
    got = measure(lambda: [look(HAND) for _ in range(1000)], items=1000, unit="calls", path="python", group=BEST,
                  rounds=20)
    assert len(got) == 1000
    if benchmark.stats is not None:
        print(f"\n{BEST}: the held lookup {benchmark.stats.stats.median / 1000 * 1e6:.3f} us a call (median)")
