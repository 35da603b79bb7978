"""One ``repr`` for every enumeration of both games: the code that rebuilds the member.

Python's default, ``<Seat.PLAYER: 'player'>``, is not an expression; as in python-chess, a
member's ``repr`` here is its name in its class, which evaluates back to it where the class is
in scope. Each game's enumerations mix :class:`CodeRepr` in ahead of :class:`enum.Enum` (or
:class:`enum.IntEnum`).

>>> import enum
>>> class Seat(CodeRepr, enum.Enum):
...     PLAYER = "player"
>>> Seat.PLAYER, eval(repr(Seat.PLAYER)) is Seat.PLAYER
(Seat.PLAYER, True)
>>> class Score(CodeRepr, enum.IntEnum):
...     WIN = 1
>>> Score.WIN, Score.WIN + 1
(Score.WIN, 2)
"""

from __future__ import annotations

__all__ = ["CodeRepr"]


class CodeRepr:
    """Mixin of an enumeration: ``repr`` is ``Class.NAME``, the code that rebuilds the member."""

    __slots__ = ()
    name: str

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
