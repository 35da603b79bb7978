"""The error base both games build on: a stable code beside the message, and the two kinds.

Each game derives its own base from :class:`GameError` (``paigow.errors.PaigowError``,
``pcc.errors.PccError``) with its own default code, and its own two kinds from that base and the
kinds here, as python-chess separates an invalid move from an illegal one:

* :class:`ParseError`: the input is not a well-formed value of what was asked for;
* :class:`RuleError`: the input is well formed but the rules do not allow it here.

A caller of one game catches that game's classes; a service of both may catch a kind across them.

>>> class DemoError(GameError):
...     code = 'demo.error'
>>> class DemoRuleError(DemoError, RuleError):
...     code = 'demo.rule'
>>> e = DemoRuleError("no bets after the shake", code="bet.after_shake")
>>> e.code, e.message, isinstance(e, RuleError), isinstance(e, ParseError), isinstance(e, ValueError)
('bet.after_shake', 'no bets after the shake', True, False, True)
>>> e.to_dict()
{'code': 'bet.after_shake', 'message': 'no bets after the shake'}
>>> DemoRuleError("x").code
'demo.rule'
>>> DemoRuleError("a roll is 4 dice, not (1, 2)", code="dice.invalid", params={"count": 4}).to_dict()
{'code': 'dice.invalid', 'message': 'a roll is 4 dice, not (1, 2)', 'params': {'count': 4}}
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameError", "ParseError", "RuleError", "quote"]


class GameError(ValueError):
    """Base of every error a game raises for bad input or an illegal action.

    ``code`` is a stable dotted identifier (``"tile.unknown"``, ``"bet.after_bell"``); each class
    has a default and a raise site may give a more specific one. The code survives pickling
    (multiprocessing, Dask workers).
    """

    code: str = "error"

    def __init__(self, message: str = "", *, code: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        #: the values the message names (amounts, counts, positions, the text entered), by name, for
        #: a page to say the message in its own language (docs/errors.md); empty for most codes
        self.params: dict[str, Any] = dict(params) if params else {}

    @property
    def message(self) -> str:
        """The message, without the code."""
        return str(self.args[0]) if self.args else ""

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "message": ...}``: the form a service sends, with ``"params"`` when the
        raise gave the message's values."""
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        params = getattr(self, "params", None)  # None: an instance made without __init__
        if params:
            body["params"] = dict(params)
        return body

    def __reduce__(self) -> Any:
        # keep the code and the params across pickling
        return (_rebuild, (type(self), self.message, self.code, self.params))


def _rebuild(cls: type[GameError], message: str, code: str, params: dict[str, Any] | None = None) -> GameError:
    return cls(message, code=code, params=params)


class ParseError(GameError):
    """Input that is not a well-formed value of what was asked for: text or JSON that does not
    parse, a value of the wrong shape, an argument outside its range."""

    code = "syntax"


class RuleError(GameError):
    """Well-formed input that the rules do not allow at this point."""

    code = "rule"


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message, shortened past ``limit`` characters so that the message stays
    one short line (a huge integer is named by its size: its ``repr`` is slow, or refused).

    >>> quote("big"), quote("x" * 1000)
    ("'big'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1000 characters)")
    >>> quote(2**1000)
    'an integer of 1001 bits'
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:60]!r}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails must not hide the error being reported
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        return text[:60] + f"... ({len(text)} characters)"
    return text
