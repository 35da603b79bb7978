"""Write the caches of the shipped ways (``paigow/houseway/ways/<name>.npz``, read by
:mod:`paigow.houseway.cache`): ``python -m paigow.houseway.build_cache [NAME ...]``."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from paigow.houseway.cache import UNIT, VERSION_KEY

__all__ = ["write_cache"]


def write_cache(name: str, path: Any) -> None:
    """Compile the shipped way ``name`` and build its side tables, and write them to ``path``."""
    from paigow.houseway import HOUSE_WAYS
    from paigow.houseway.ruled import RuledWay
    from paigow.rules import US

    shipped = HOUSE_WAYS[name]
    assert isinstance(shipped, RuledWay)
    way = RuledWay(shipped.way_file)  # compiled from the file, not from a cache
    split, which = way.compiled
    from paigow.game.handtypes import hand_types

    arrays: dict[str, Any] = {VERSION_KEY: np.array(way.way_file.digest), "split": split, "which": which,
                              "table": np.argmax(way.table(), axis=1).astype(np.uint8),
                              "key": hand_types(US).hand_type.astype(np.int16)}
    s = way.strategy()
    for seat in ("player", "banker"):
        counts = np.asarray(s.side(seat, US).counts)
        whole = counts >> np.uint64(UNIT)
        assert ((whole << np.uint64(UNIT)) == counts).all() and whole.max() < 1 << 16
        arrays[f"side_{seat}"] = whole.astype(np.uint16)
    np.savez_compressed(path, **arrays)


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    import pathlib

    from paigow.houseway import SHIPPED

    here = pathlib.Path(__file__).parent / "ways"
    for n in sys.argv[1:] or SHIPPED:
        write_cache(n, here / f"{n}.npz")
        print(f"wrote {here / (n + '.npz')}")
