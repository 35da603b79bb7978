"""Print the throughput of every benchmark and the ratio of each compiled case to plain Python.

Reads the JSON that ``pytest bench --benchmark-json=FILE`` writes. Each case records in
``extra_info`` how much work one call does (``items``, ``unit``) and its ``path`` ("compiled" or
"python"); cases of one ``group`` do the same work. Throughput is items / median time; the ratio
is against the fastest plain-Python case of the group (the most modest ratio).

    python -m pytest bench --benchmark-json=bench.json && python bench/report.py bench.json

>>> data = {"machine_info": {"cpu": {"brand_raw": "CPU"}}, "benchmarks": [
...     {"group": "g", "name": "test_c", "stats": {"median": 0.01},
...      "extra_info": {"items": 1000000, "unit": "hands", "path": "compiled"}},
...     {"group": "g", "name": "test_py", "stats": {"median": 0.5},
...      "extra_info": {"items": 100000, "unit": "hands", "path": "python"}}]}
>>> print(report(data))
g
  case     path      hands/s  vs python
  test_c   compiled   100.0M       500x
  test_py  python     200.0k         1x
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any


def _si(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.1f}{unit}"
    return f"{x:.1f}"


def _ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 10 else f"{x:.2g}x"


def rows(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Benchmarks by group, each with its name, path, unit and throughput per second."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for b in data.get("benchmarks", []):
        info = b.get("extra_info", {})
        median = b["stats"]["median"]
        if "items" not in info or median <= 0:
            continue
        groups.setdefault(b.get("group") or b["name"], []).append({
            "name": b["name"],
            "path": info.get("path", "?"),
            "unit": info.get("unit", "items"),
            "rate": info["items"] / median,
        })
    return groups


def table(header: Sequence[str], body: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Columns separated by two spaces; ``right`` lists the right-aligned ones."""
    cells = [list(header)] + [list(r) for r in body]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join(
        "  ".join(c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)).rstrip()
        for r in cells
    )


def report(data: dict[str, Any]) -> str:
    """The text table of every group, in the order of the file."""
    out = []
    for group, cases in rows(data).items():
        python = [c["rate"] for c in cases if c["path"] == "python"]
        base = max(python) if python else None
        units = {c["unit"] for c in cases}
        unit = units.pop() if len(units) == 1 else "items"
        body = [[c["name"], c["path"], _si(c["rate"]), _ratio(c["rate"] / base) if base else "-"]
                for c in sorted(cases, key=lambda c: -c["rate"])]
        lines = table(["case", "path", f"{unit}/s", "vs python"], body, right=[2, 3])
        out.append(group + "\n" + "\n".join("  " + line for line in lines.splitlines()))
    return "\n\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python bench/report.py BENCH.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        data = json.load(f)
    cpu = data.get("machine_info", {}).get("cpu", {})
    print(f"{cpu.get('brand_raw', 'unknown CPU')}, {cpu.get('count', '?')} cores\n")
    print(report(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
