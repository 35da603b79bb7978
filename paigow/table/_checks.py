"""Helpers the table's modules share (private to :mod:`paigow.table`): the ``can_x()`` answer of
a ``verify_x()``, and how a message names the JSON type of a decoded value.

>>> from paigow.table.positions import check_position
>>> can(check_position, 3), can(check_position, 8)
(True, False)
>>> json_type(7), json_type([1]), json_type(None), json_type(True)
('a number (7)', 'an array', 'null', 'a boolean (true)')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from paigow.errors import PaigowError

__all__ = ["can", "json_type"]


def can(verify: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Whether ``verify(*args, **kwargs)`` passes: False when it raises a project error (a
    wrong Python type still raises)."""
    try:
        verify(*args, **kwargs)
    except PaigowError:
        return False
    return True


def json_type(x: object) -> str:
    """The JSON type of a decoded value, for messages ("a number (7)", not "int")."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return f"a boolean ({str(x).lower()})"
    if isinstance(x, (int, float)):
        return f"a number ({x!r})" if len(repr(x)) <= 40 else "a number"
    if isinstance(x, str):
        return f"a string ({x[:40]!r})" if len(x) <= 40 else f"a string ({x[:40]!r}...)"
    if isinstance(x, list):
        return "an array"
    if isinstance(x, Mapping):
        return "an object"
    return type(x).__name__

