"""A package's names that load their module on first use (PEP 562), and its version, read from
the installed distribution only when asked for.

A package's ``__init__`` keeps its map of module -> names and hands it to :class:`LazyNames`;
its module-level ``__getattr__`` and ``__dir__`` call :meth:`~LazyNames.get` and
:meth:`~LazyNames.names`. A name once loaded is kept in the package's namespace, so it costs a
lookup only the first time.

>>> namespace = {"__name__": "demo"}
>>> lazy = LazyNames(namespace, {"fractions": ("Fraction",)})
>>> lazy.get("Fraction"), "Fraction" in namespace
(<class 'fractions.Fraction'>, True)
>>> lazy.get("nonesuch")
Traceback (most recent call last):
...
AttributeError: module 'demo' has no attribute 'nonesuch'
>>> lazy.names()
['Fraction', '__name__', '__version__']
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from _tablegames.version import DISTRIBUTION, distribution_version

__all__ = ["LazyNames"]


class LazyNames:
    """The lazy names of a package: ``namespace`` is its ``globals()``, ``modules`` maps each
    module to the names it gives; ``__version__`` is the distribution's."""

    def __init__(self, namespace: MutableMapping[str, Any], modules: Mapping[str, Sequence[str]], *,
                 distribution: str = DISTRIBUTION) -> None:
        self._namespace = namespace
        self._module_of = {name: module for module, names in modules.items() for name in names}
        self._distribution = distribution

    def get(self, name: str) -> Any:
        """The value of ``name``, importing its module the first time (the package's ``__getattr__``)."""
        if name == "__version__":
            value = distribution_version(self._distribution)
            if value != "0+unknown":  # kept once found; a missing distribution is asked again
                self._namespace[name] = value
            return value
        module = self._module_of.get(name)
        if module is None:
            raise AttributeError(f"module {self._namespace['__name__']!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), name)
        self._namespace[name] = value
        return value

    def names(self) -> list[str]:
        """Every name of the package, loaded or not (the package's ``__dir__``)."""
        return sorted(set(self._namespace) | set(self._module_of) | {"__version__"})
