"""What a shipped way computes once, shipped beside its way file and checked by hash
(``paigow/houseway/ways/<name>.npz``): its compiled decisions and the side tables of advice
against it for both seats (docs/houseway.md, "Speed"). A way file edited after the cache was
written no longer matches its hash, and the way is compiled from the file instead.

``python -m paigow.houseway.build_cache`` writes the caches of the shipped ways again.
"""

from __future__ import annotations

import hashlib
import io
import pathlib
from collections.abc import Iterator, Mapping
from typing import Any, Optional

import numpy as np

__all__ = ["VERSION_KEY", "UNIT", "WAYS_DIR", "WayCache", "load_cache", "text_digest"]

VERSION_KEY = "digest_v2"
UNIT = 47  # the side tables count hands in units of 2**-47 (paigow.strategies); a way's are whole hands
WAYS_DIR = pathlib.Path(__file__).parent / "ways"
"""Where the shipped way files and their caches are."""

VERSION = b"paigow-houseway-cache-v1\n"
"""Mixed into a way file's hash: a cache of another layout never matches."""


def text_digest(text: str) -> str:
    """SHA-256 of a way file's text, as the way's shipped cache records it."""
    return hashlib.sha256(VERSION + text.encode("utf-8")).hexdigest()


_KEYS = ("split", "which", "table", "key", "side:player", "side:banker")


class WayCache(Mapping[str, Any]):
    """A shipped cache checked by hash, each array read (and decompressed) when first asked
    for: the first advice against a way reads only its table, the hand types and one seat's side
    tables."""

    def __init__(self, npz: Any) -> None:
        self._npz = npz  # an NpzFile over the bytes in memory: no file is held open
        self._got: dict[str, Any] = {}

    def __getitem__(self, k: str) -> Any:
        got = self._got.get(k)
        if got is None:
            if k not in _KEYS:
                raise KeyError(k)
            got = self._got.setdefault(k, _read(self._npz, k))
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)


def _read(z: Any, k: str) -> Any:
    if k.startswith("side:"):
        out = z["side_" + k[5:]].astype(np.uint64) << np.uint64(UNIT)
    elif k == "key":
        out = z["key"].astype(np.int32)
    else:
        return z[k]
    out.flags.writeable = False
    return out


def load_cache(name: str, digest: str) -> Optional[WayCache]:
    """The shipped cache of way ``name`` if it is of the way file of ``digest``, else None:
    ``split`` and ``which`` (the compiled decisions), ``table`` (the way's setting of each of the
    35,960 hands), ``key`` (each hand's type in the US game) and ``side:player``, ``side:banker`` (the
    side tables' counts, in the core's units), each read when first asked for."""
    try:
        data = (WAYS_DIR / f"{name}.npz").read_bytes()
    except OSError:
        return None
    z = np.load(io.BytesIO(data))
    if VERSION_KEY not in z.files or str(z[VERSION_KEY]) != digest:
        return None  # another way file's, or another layout's
    return WayCache(z)
