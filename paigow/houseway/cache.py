"""What a shipped way computes once, shipped beside its way file and checked by hash
(``paigow/houseway/ways/<name>.npz``): its compiled decisions and the side tables of advice
against it for both seats (docs/houseway.md, "Speed"). A way file edited after the cache was
written no longer matches its hash, and the way is compiled from the file instead.

``python -m paigow.houseway.cache`` writes the caches of the shipped ways again.
"""

from __future__ import annotations

import hashlib
import io
import sys
from importlib import resources
from typing import Any, Optional

import numpy as np

__all__ = ["VERSION", "text_digest", "load_cache", "write_cache"]

VERSION = b"paigow-houseway-cache-v1\n"
"""Mixed into the hash: a cache of another layout never matches."""

VERSION_KEY = "digest_v2"
_UNIT = 47  # the side tables count hands in units of 2**-47 (paigow.strategies); a way's are whole hands


def text_digest(text: str) -> str:
    """SHA-256 of a way file's text, as the cache records it."""
    return hashlib.sha256(VERSION + text.encode("utf-8")).hexdigest()


def load_cache(name: str, digest: str) -> Optional[dict[str, Any]]:
    """The shipped cache of way ``name`` if it is of the way file of ``digest``, else None:
    ``split`` and ``which`` (the compiled decisions), ``table`` (the way's setting of each of the
    35,960 hands), ``key`` (each hand's type in the US game) and ``side:player``, ``side:banker`` (the
    side tables' counts, in the core's units)."""
    f = resources.files("paigow.houseway").joinpath("ways", f"{name}.npz")
    try:
        data = f.read_bytes()
    except (FileNotFoundError, OSError):
        return None
    with np.load(io.BytesIO(data)) as z:
        if VERSION_KEY not in z.files or str(z[VERSION_KEY]) != digest:
            return None  # another way file's, or another layout's
        out = {"split": z["split"], "which": z["which"], "table": z["table"],
               "key": z["key"].astype(np.int32)}
        out["key"].flags.writeable = False
        for seat in ("player", "banker"):
            counts = z[f"side_{seat}"].astype(np.uint64) << np.uint64(_UNIT)
            counts.flags.writeable = False
            out["side:" + seat] = counts
    return out


def write_cache(name: str, path: Any) -> None:
    """Compile the shipped way ``name`` and build its side tables, and write them to ``path``."""
    from paigow.houseway import HOUSE_WAYS
    from paigow.houseway.ruled import RuledWay
    from paigow.rules import US

    shipped = HOUSE_WAYS[name]
    assert isinstance(shipped, RuledWay)
    way = RuledWay(shipped.way_file)  # compiled from the file, not from a cache
    split, which = way.compiled
    from paigow._types import hand_types

    arrays: dict[str, Any] = {VERSION_KEY: np.array(way.way_file.digest), "split": split, "which": which,
                              "table": np.argmax(way.table(), axis=1).astype(np.uint8),
                              "key": hand_types(US).hand_type.astype(np.int16)}
    s = way.strategy()
    for seat in ("player", "banker"):
        counts = np.asarray(s.side(seat, US).counts)
        whole = counts >> np.uint64(_UNIT)
        assert ((whole << np.uint64(_UNIT)) == counts).all() and whole.max() < 1 << 16
        arrays[f"side_{seat}"] = whole.astype(np.uint16)
    np.savez_compressed(path, **arrays)


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    import pathlib

    from paigow.houseway import SHIPPED

    here = pathlib.Path(__file__).parent / "ways"
    for n in sys.argv[1:] or SHIPPED:
        write_cache(n, here / f"{n}.npz")
        print(f"wrote {here / (n + '.npz')}")
