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

- the peers of the issue beside ours in the same run: pan77775/pai_gow's and
  turtleflyer/pai-gow-tiles's JavaScript house-way functions (node) and 9ziggy9/paigow_v2's C
  (cc), each deciding the 3,620 distinct hands through a driver of ours in ``bench/peers/`` run
  on the user's own checkout of the peer (their code is not in this repository): the directory
  named by ``PAIGOW_PEERS`` holds ``pai_gow/``, ``pai-gow-tiles/`` and ``paigow_v2/``
  (docs/houseway.md, Speed). A peer is skipped, with the reason, when node (cc), the variable or
  its checkout is missing. Each records its ``peer_ms_per_way`` beside ours (``ours_ms_per_way``,
  ``HouseWay.splits`` of the same hands timed in the same test) and ``ours_over_peer``, and the
  count of hands whose setting differs from each shipped way's (information: the peers read the
  US house way their own way; nothing here asserts a time). Run:

    PAIGOW_PEERS=/tmp/peers python -m pytest bench/test_bench_houseway.py -s --benchmark-json=hw.json
    python bench/report.py hw.json
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
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


# ---------------------------------------------------------------------------------------------
# the peers: their house-way functions over the 3,620 distinct hands, run from the user's checkouts

PEERS_ENV = "PAIGOW_PEERS"
DRIVERS = Path(__file__).resolve().parent / "peers"
PEER_GROUP = "house way: all 3,620 distinct hands, ours beside a peer's"

# the 16 classes of the US game, each as its faces (a mixed class's two) and each peer's notation:
# pan77775's TILES ids (without the copy's _1/_2 of a pair), turtleflyer's getTile(n) index and
# 9ziggy9's TileRank
CLASSES: tuple[tuple[tuple[str, ...], tuple[str, ...], int, int], ...] = (
    (("6-6",), ("tian",), 1, 0xF), (("1-1",), ("di",), 2, 0xE), (("4-4",), ("ren",), 3, 0xD),
    (("1-3",), ("he",), 4, 0xC), (("5-5",), ("chang10",), 5, 0xB), (("3-3",), ("chang6",), 6, 0xA),
    (("2-2",), ("chang4",), 7, 0x9), (("5-6",), ("duan11",), 8, 0x8), (("4-6",), ("duan10",), 9, 0x7),
    (("1-6",), ("duan7",), 10, 0x6), (("1-5",), ("duan6",), 11, 0x5),
    (("3-6", "4-5"), ("za9_1", "za9_2"), 12, 0x4), (("2-6", "3-5"), ("za8_1", "za8_2"), 13, 0x3),
    (("2-5", "3-4"), ("za7_1", "za7_2"), 14, 0x2), (("2-3", "1-4"), ("za5_1", "za5_2"), 15, 0x1),
    (("1-2", "2-4"), ("hou_1", "hou_2"), 0, 0x0),
)
CLASS_OF_FACE = {face: k for k, (faces, _, _, _) in enumerate(CLASSES) for face in faces}


def _pips(tile: Any) -> str:
    return str(tile)


def _split_key(a: Any, b: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A setting as its two hands' classes, in an order of their own (the split, not which is high)."""
    x, y = tuple(sorted(a)), tuple(sorted(b))
    return (x, y) if x <= y else (y, x)


def _ours_by_class(name: str) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    out = []
    for _, setting, _ in house_way(name).settings_of_all():
        out.append(_split_key([CLASS_OF_FACE[_pips(t)] for t in setting.front.tiles],
                              [CLASS_OF_FACE[_pips(t)] for t in setting.back.tiles]))
    return out


def _pan_ids(hand: Any) -> list[str]:
    ids: list[str] = []
    seen: dict[int, int] = {}
    for t in hand:
        k = CLASS_OF_FACE[_pips(t)]
        faces, names, _, _ = CLASSES[k]
        if len(faces) == 2:
            ids.append(names[faces.index(_pips(t))])
        else:
            seen[k] = seen.get(k, 0) + 1
            ids.append(f"{names[0]}_{seen[k]}")
    return ids


def _pan_class(tile_id: str) -> int:
    for k, (_, names, _, _) in enumerate(CLASSES):
        if tile_id in names or tile_id.rsplit("_", 1)[0] in names:
            return k
    raise ValueError(tile_id)


PEERS: dict[str, dict[str, Any]] = {
    "pan77775": {"repo": "pan77775/pai_gow", "dir": "pai_gow", "needs": "src/utils/paiGow.js", "tool": "node",
                 "hand": _pan_ids, "tile": _pan_class},
    "turtleflyer": {"repo": "turtleflyer/pai-gow-tiles", "dir": "pai-gow-tiles", "needs": "paigow/paigow.js",
                    "tool": "node", "hand": lambda h: [CLASSES[CLASS_OF_FACE[_pips(t)]][2] for t in h],
                    "tile": {c[2]: k for k, c in enumerate(CLASSES)}.__getitem__},
    "9ziggy9": {"repo": "9ziggy9/paigow_v2", "dir": "paigow_v2", "needs": "engine/engine.h", "tool": "cc",
                "hand": lambda h: [CLASSES[CLASS_OF_FACE[_pips(t)]][3] for t in h],
                "tile": {c[3]: k for k, c in enumerate(CLASSES)}.__getitem__},
}


def _peer_checkout(peer: str) -> Path:
    spec = PEERS[peer]
    tool = shutil.which(spec["tool"])
    if tool is None:
        pytest.skip(f"{spec['repo']}: no {spec['tool']} on PATH")
    root = os.environ.get(PEERS_ENV)
    if not root:
        pytest.skip(f"{spec['repo']}: {PEERS_ENV} is not set (a directory holding the peers' checkouts, "
                    "docs/houseway.md Speed)")
    where = Path(root) / spec["dir"]
    if not (where / spec["needs"]).is_file():
        pytest.skip(f"{spec['repo']}: no checkout at {where} (git clone https://github.com/{spec['repo']} {where})")
    return where


def _run_peer(peer: str, where: Path, tmp: Path) -> dict[str, Any]:
    spec = PEERS[peer]
    hands = [spec["hand"](h) for h in distinct_hands()]
    if spec["tool"] == "node":
        data = tmp / "hands.json"
        data.write_text(json.dumps(hands), encoding="utf-8")
        cmd = [shutil.which("node") or "node", str(DRIVERS / f"{peer}.mjs"), str(where), str(data), "20"]
    else:
        data = tmp / "hands.txt"
        data.write_text("".join(f"{(a << 12) | (b << 8) | (c << 4) | d}\n" for a, b, c, d in hands),
                        encoding="utf-8")
        exe = tmp / peer
        subprocess.run([shutil.which("cc") or "cc", "-O2", "-w", "-I", str(where / "engine"),
                        str(DRIVERS / f"{peer}.c"), "-o", str(exe)], check=True, capture_output=True, text=True)
        cmd = [str(exe), str(data), "200"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=600)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["hands"] == len(hands) == 3620
    return got


def _peer_splits(peer: str, got: dict[str, Any]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    tile = PEERS[peer]["tile"]
    if peer == "9ziggy9":  # the house_way code: the high hand's two tiles, then the low hand's
        return [_split_key([tile((w >> 12) & 15), tile((w >> 8) & 15)], [tile((w >> 4) & 15), tile(w & 15)])
                for w in got["settings"]]
    return [_split_key([tile(t) for t in a], [tile(t) for t in b]) for a, b in got["settings"]]


@pytest.mark.parametrize("peer", sorted(PEERS))
def test_decide_all_hands_beside_a_peer(measure: Any, benchmark: Any, peer: str, tmp_path: Any) -> None:
    where = _peer_checkout(peer)
    got = _run_peer(peer, where, tmp_path)
    theirs = _peer_splits(peer, got)
    differ = {}
    for name in sorted(HOUSE_WAYS):
        ours = _ours_by_class(name)
        differ[name] = sum(a != b for a, b in zip(ours, theirs, strict=True))
    # ours in the same run: the compiled core over the same hands (Foxwoods; Canberra times alike)
    hands = _hands()
    way = house_way("foxwoods")
    way.splits(hands)  # the way's table, once
    measure(lambda: way.splits(hands), items=3620, unit="hands", path="compiled", group=f"{PEER_GROUP} ({peer})",
            rounds=200)
    ours_ms = benchmark.stats.stats.median * 1000 if benchmark.stats is not None else float("nan")
    peer_ms = float(got["ms_per_way"])
    benchmark.extra_info.update(peer=got["peer"], peer_function=got["function"], peer_ms_per_way=peer_ms,
                                ours_ms_per_way=ours_ms, ours_over_peer=ours_ms / peer_ms,
                                peer_build_ms=got.get("build_ms"),
                                **{f"settings_differ_{name}": n for name, n in differ.items()})
    build = f"; its table built from its rules {got['build_ms']:.3f} ms" if "build_ms" in got else ""
    print(f"\n{PEER_GROUP}: {got['peer']} {got['function']} {peer_ms:.3f} ms a way (median of {got['reps']}){build}; "
          f"ours HouseWay.splits {ours_ms:.4f} ms (ours/peer {ours_ms / peer_ms:.4f}); settings differing from "
          + ", ".join(f"{name}'s: {n} of 3,620" for name, n in differ.items()))
    assert len(theirs) == 3620
