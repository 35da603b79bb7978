"""The BLAS's thread count, pinned to one around a float computation whose decisions must not
depend on it (the exact solver's pivoting: OpenBLAS sums in another order on more threads, and
a tie between twin pivots can then go the other way).

numpy's wheels bundle OpenBLAS (``scipy_openblas``, or ``openblas`` in older wheels); its
``*_set_num_threads`` is found in the library already loaded into this process and called through
ctypes, as threadpoolctl does, without a dependency. Where no OpenBLAS is loaded (numpy built on
MKL, Accelerate or a reference BLAS) :func:`one_thread` says so with :func:`pinned` False; the
callers then state that their answer may depend on the BLAS's threads.
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["one_thread", "pinned", "threads"]

_PREFIXES = ("scipy_openblas", "openblas")
_SUFFIXES = ("64_", "")
_LOCK = threading.Lock()


def _loaded_libraries() -> list[str]:
    """Paths of the shared libraries loaded into this process whose name says OpenBLAS."""
    import numpy  # noqa: F401  (loads the BLAS numpy links)

    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
            for line in f:
                path = line.rsplit(" ", 1)[-1].strip()
                if "openblas" in path.lower() and path.startswith("/") and path not in found:
                    found.append(path)
    except OSError:  # not Linux: numpy's own library folders
        import pathlib

        root = pathlib.Path(numpy.__file__).parent
        for folder in (root.parent / "numpy.libs", root / ".dylibs", root.parent / "numpy" / ".libs"):
            found += [str(p) for p in sorted(folder.glob("*openblas*"))] if folder.is_dir() else []
    return found


@functools.lru_cache(maxsize=1)
def _api() -> "tuple[Any, Any] | None":
    """(get, set) of the loaded OpenBLAS's thread count, or None without one."""
    for path in _loaded_libraries():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for prefix in _PREFIXES:
            for suffix in _SUFFIXES:
                get = getattr(lib, f"{prefix}_get_num_threads{suffix}", None)
                put = getattr(lib, f"{prefix}_set_num_threads{suffix}", None)
                if get is not None and put is not None:
                    get.restype, get.argtypes = ctypes.c_int, []
                    put.restype, put.argtypes = None, [ctypes.c_int]
                    return get, put
    return None


def pinned() -> bool:
    """Whether this process's BLAS is an OpenBLAS whose threads :func:`one_thread` can pin."""
    return _api() is not None


def threads() -> int | None:
    """The BLAS's thread count now (None: not an OpenBLAS this module can read)."""
    api = _api()
    return None if api is None else int(api[0]())


@contextlib.contextmanager
def one_thread() -> Iterator[bool]:
    """Run the block with the BLAS on one thread, and restore its count after; yields whether
    the count could be pinned. Blocks of several threads are serialised, since the count is the
    process's."""
    api = _api()
    if api is None:
        yield False
        return
    get, put = api
    with _LOCK:
        before = int(get())
        put(1)
        try:
            yield True
        finally:
            put(before)
