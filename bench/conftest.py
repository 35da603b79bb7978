"""Shared set-up of the benchmarks: a ``measure`` fixture that times one case and records its
throughput, so ``bench/report.py`` can set each compiled case beside the plain-Python path of
the same work (same ``group``) and print the ratio.

Every case calls ``measure(fn, items=..., unit=..., path="compiled" | "engine" | "python")``: ``items`` is
the work one call of ``fn`` does (hands ranked, rounds simulated ...). The throughput written to
``extra_info`` is ``items / median time``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_support import PostgresServer, postgres_database  # noqa: E402

PATHS = ("compiled", "engine", "python")  # engine: the package's own pure-Python path (pcc)

Measure = Callable[..., Any]


@pytest.fixture
def measure(benchmark: Any) -> Measure:
    def run(fn: Callable[[], Any], *, items: int, unit: str, path: str, group: str,
            rounds: int = 5, warmup_rounds: int = 1, **info: Any) -> Any:
        if path not in PATHS:
            raise ValueError(f"path must be one of {PATHS}, not {path!r}")
        benchmark.group = group
        benchmark.extra_info.update(items=items, unit=unit, path=path, **info)
        result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=warmup_rounds)
        if benchmark.stats is not None:  # None under --benchmark-disable
            median = benchmark.stats.stats.median
            benchmark.extra_info[f"{unit}_per_second"] = items / median if median > 0 else 0.0
        return result

    return run


@pytest.fixture(scope="module")
def postgres_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database on a PostgreSQL server of the module's own (skips without its binaries or psycopg)."""
    pg = PostgresServer.start(tmp_path_factory)
    try:
        yield postgres_database(pg)
    finally:
        pg.stop()
