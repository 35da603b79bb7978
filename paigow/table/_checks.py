"""Helpers the table's modules share (private to :mod:`paigow.table`): the ``can_x()`` answer of
a ``verify_x()``.

>>> from paigow.table.positions import check_position
>>> can(check_position, 3), can(check_position, 8)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paigow.errors import PaigowError

__all__ = ["can"]


def can(verify: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Whether ``verify(*args, **kwargs)`` passes: False when it raises a project error (a
    wrong Python type still raises)."""
    try:
        verify(*args, **kwargs)
    except PaigowError:
        return False
    return True
