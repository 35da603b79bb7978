"""Helpers the table's modules share (private to :mod:`paigow.table`): the ``can_x()`` answer of
a ``verify_x()``, and how a message names the JSON type of a decoded value.

>>> from paigow.table.positions import check_position
>>> can(check_position, 3), can(check_position, 8)
(True, False)
>>> json_type(7), json_type([1]), json_type(None), json_type(True)
('a number (7)', 'an array', 'null', 'a boolean (true)')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from _tablegames.jsonio import json_type as shared_json_type
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
    """The JSON type of a decoded value, for messages ("a number (7)", not "int"): the shared
    reader's naming (:func:`_tablegames.jsonio.json_type`), with a short value shown."""
    return shared_json_type(x, shown=True)
