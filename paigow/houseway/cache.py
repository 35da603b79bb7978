"""What a shipped way computes once, shipped beside its way file and checked by hash
(``paigow/houseway/ways/<name>.npz``): its compiled decisions and the side tables of advice
against it for both seats (docs/houseway.md, "Speed"). A way file edited after the cache was
written no longer matches its hash, and the way is compiled from the file instead.

``python -m paigow.houseway.build_cache`` writes the caches of the shipped ways again.
"""

from __future__ import annotations

import io
from importlib import resources
from typing import Any, Optional

import numpy as np

__all__ = ["VERSION_KEY", "UNIT", "load_cache"]

VERSION_KEY = "digest_v2"
UNIT = 47  # the side tables count hands in units of 2**-47 (paigow.strategies); a way's are whole hands


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
            counts = z[f"side_{seat}"].astype(np.uint64) << np.uint64(UNIT)
            counts.flags.writeable = False
            out["side:" + seat] = counts
    return out
