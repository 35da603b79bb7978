"""The one version of both games: the distribution's (pyproject.toml), read when asked.

:func:`distribution_version` asks the installed metadata; :func:`version` is what a package of
the distribution reports (its ``__version__``, which the package looks up lazily and keeps), the
one every answer that names a version uses (``--version``, the service, simulation runs).

>>> version("paigow") == version("pcc") == distribution_version() or distribution_version() == "0+unknown"
True
"""

from __future__ import annotations

__all__ = ["DISTRIBUTION", "distribution_version", "version"]

DISTRIBUTION = "macau-table-games"
"""The distribution both games ship in; its metadata (pyproject.toml) holds the one version."""


def distribution_version(name: str = DISTRIBUTION) -> str:
    """The version the installed distribution ``name`` has, or ``"0+unknown"`` in a source tree
    that was built in place but never installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed  # not at import: it costs milliseconds

    try:
        return installed(name)
    except PackageNotFoundError:
        return "0+unknown"


def version(package: str = "paigow") -> str:
    """The version ``package`` (``"paigow"`` or ``"pcc"``) reports: its ``__version__``, read at
    each call, so that a process whose package says otherwise is seen to (a simulation's workers)."""
    import importlib

    return str(importlib.import_module(package).__version__)
