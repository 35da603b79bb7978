"""The US game's numbers: a house way's whole table (the way against itself and each seat's best
response, by both objectives) and its audit, from a fresh way each round (its decisions, its
strategy table and its side tables built anew: nothing cached from an earlier round), beside the
plain-Python enumeration of the same counts for one hand type (tests/reference.py); and advice
against the house way beside Macau's advice in the same run.

    python -m pytest bench/test_bench_us.py --benchmark-json=us.json && python bench/report.py us.json
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import paigow
from paigow.game.edges import us_edges
from paigow.houseway import FOXWOODS, foxwoods_without
from paigow.rules import US
from paigow.game.waygame import audit

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import reference  # noqa: E402

TYPES = 4285
TABLE = "US house way: the edge table (way, best responses, both seats) and the audit, fresh way, per hand type"
ADVISE = "advise: one hand, exact, against the house way (US) beside Macau's"
HAND = (0, 2, 22, 28)  # 天 地 杂九 至尊 (6-6 1-1 4-5 2-4)


def _whole(way: Any) -> tuple[Any, Any]:
    return us_edges("5%", US, way), audit(way, "player", "win-loss", "5%")


def test_way_table_and_audit_compiled(measure: Any) -> None:
    _whole(foxwoods_without())  # the process-wide forms (hand types, distinct hands) once
    # each round a new way object: its decisions, table, Strategy and side tables are built again
    rows, a = measure(lambda: _whole(foxwoods_without()), items=2 * TYPES, unit="hand types", path="compiled",
                      group=TABLE, rounds=5)
    # the way's five rows, and the US equilibria's six (against themselves and the way)
    assert len(rows) == 11 and a.total == (rows[1].win - rows[1].lose) - (rows[0].win - rows[0].lose)


def test_way_table_plain_python(measure: Any) -> None:
    # the same counts for one hand type of one seat: the 20,475 opposing hands enumerated in Python
    table = FOXWOODS.table()
    counts = measure(lambda: reference.enumerate_counts(HAND, table, False, us=True), items=1, unit="hand types",
                     path="python", group=TABLE, rounds=2)
    v = paigow.advise(paigow.parse_tiles("6-6 1-1 4-5 2-4"), against="foxwoods", rules=US)
    assert [[int(x) for x in c] for c in counts] == [[int(o.wins), int(o.pushes), int(o.losses)] for o in v.options]


def test_advise_us_against_the_house_way(measure: Any) -> None:
    paigow.advise("天 地 杂九 至尊", against="foxwoods", rules=US)  # the way's side tables, once per process
    a = measure(lambda: paigow.advise("天 地 杂九 至尊", against="foxwoods", rules=US), items=1, unit="calls",
                path="compiled", group=ADVISE, rounds=2000)
    assert a.against == "foxwoods"


def test_advise_macau_against_max_back(measure: Any) -> None:
    paigow.advise("天 地 杂九 至尊", against="max-back")
    a = measure(lambda: paigow.advise("天 地 杂九 至尊", against="max-back"), items=1, unit="calls",
                path="compiled", group=ADVISE, rounds=2000)
    assert a.best == 1


def test_advise_macau_against_the_equilibrium(measure: Any) -> None:
    paigow.advise("天 地 杂九 至尊")
    a = measure(lambda: paigow.advise("天 地 杂九 至尊"), items=1, unit="calls", path="compiled", group=ADVISE,
                rounds=2000)
    assert a.against == "equilibrium"


def test_advise_us_plain_python(measure: Any) -> None:
    table = FOXWOODS.table()
    measure(lambda: reference.enumerate_counts(HAND, table, False, us=True), items=1, unit="calls", path="python",
            group=ADVISE, rounds=2)
