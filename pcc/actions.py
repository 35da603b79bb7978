"""The actions of a Fish-Prawn-Crab table as values, one name each: what the library applies
(:meth:`pcc.Round.apply`), what a record's replay applies (:mod:`pcc.record`), what the service
validates (:mod:`paigow.serve.pcc_tables`) and what the page sends.

Each action is a frozen dataclass with its ``name`` (the round's method, the service's
``"action"``) and ``event``, the kind of the event a ``pcc-round`` record logs for it (fixed by
the format, version 1; ``None``: none). :func:`parse_action` is the one reader of an action's
JSON, ``to_json`` writes it back. ``new_round`` is the table's (the dome covered again for the
next round, Art. 4): a round refuses it.

>>> a = parse_action({"action": "place", "spot": "big", "stake": 100, "player": "Ana"})
>>> a.name, a.event, a.to_json()
('place', 'place', {'action': 'place', 'spot': 'big', 'stake': 100, 'player': 'Ana'})
>>> parse_action({"action": "withdraw"})
Traceback (most recent call last):
...
pcc.errors.IllegalActionError: withdraw needs ticket: 'ticket' is missing
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from pcc.errors import IllegalActionError

__all__ = ["Action", "Place", "Withdraw", "CloseBetting", "VoidRoll", "Settle", "NewRound", "ACTIONS", "parse_action"]


@dataclass(frozen=True)
class _Base:
    name: ClassVar[str]
    event: ClassVar[str | None]
    fields: ClassVar[tuple[str, ...]]
    required: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """The action as the JSON :func:`parse_action` reads."""
        out: dict[str, Any] = {"action": self.name}
        out.update((k, getattr(self, k)) for k in self.fields if getattr(self, k) is not None)
        return out


@dataclass(frozen=True)
class Place(_Base):
    """A bet on a spot of the layout; ``player`` names who placed it (the service's ledger)."""

    name: ClassVar[str] = "place"
    event: ClassVar[str | None] = "place"
    fields: ClassVar[tuple[str, ...]] = ("spot", "stake", "player")
    required: ClassVar[tuple[str, ...]] = ("spot", "stake", "player")
    spot: Any
    stake: Any
    player: Any = None


@dataclass(frozen=True)
class Withdraw(_Base):
    """A bet taken back by its ticket, while betting is open and before any roll."""

    name: ClassVar[str] = "withdraw"
    event: ClassVar[str | None] = "withdraw"
    fields: ClassVar[tuple[str, ...]] = ("ticket",)
    required: ClassVar[tuple[str, ...]] = ("ticket",)
    ticket: Any


@dataclass(frozen=True)
class CloseBetting(_Base):
    """The bell: betting closes (Art. 3.1)."""

    name: ClassVar[str] = "close_betting"
    event: ClassVar[str | None] = "close_betting"
    fields: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class VoidRoll(_Base):
    """A void roll: dice stacked or tilted (Art. 3.3)."""

    name: ClassVar[str] = "void_roll"
    event: ClassVar[str | None] = "void"
    fields: ClassVar[tuple[str, ...]] = ("reason",)
    required: ClassVar[tuple[str, ...]] = ("reason",)
    reason: Any


@dataclass(frozen=True)
class Settle(_Base):
    """The valid roll that settles the round (``roll`` None at a table: shaken by the secure
    generator); ``source`` and ``seed`` are a record's, not given in an action's JSON."""

    name: ClassVar[str] = "settle"
    event: ClassVar[str | None] = "roll"
    fields: ClassVar[tuple[str, ...]] = ("roll",)
    roll: Any = None
    source: Any = None
    seed: Any = None


@dataclass(frozen=True)
class NewRound(_Base):
    """The table's next round, once the round in play is settled (Art. 4)."""

    name: ClassVar[str] = "new_round"
    event: ClassVar[str | None] = None
    fields: ClassVar[tuple[str, ...]] = ()


Action = Union[Place, Withdraw, CloseBetting, VoidRoll, Settle, NewRound]
_ALL: tuple[type[_Base], ...] = (Place, Withdraw, CloseBetting, VoidRoll, Settle, NewRound)
_BY_NAME: dict[str, type[_Base]] = {c.name: c for c in _ALL}

ACTIONS: dict[str, tuple[str, ...]] = {c.name: c.fields for c in _ALL}
"""Action name -> the keys its JSON may give (``settle``'s ``roll`` may be left out: the dice are shaken)."""


def parse_action(obj: Mapping[str, Any]) -> Action:
    """The action a JSON object gives (a key whose value is null is left out): an unknown action
    is refused (``action.unknown``), as is a key the action does not take or a missing one
    (``action.argument``); the values are the round's to check.

    >>> parse_action({"action": "settle", "roll": "crab crab fish"})
    Settle(roll='crab crab fish', source=None, seed=None)
    >>> parse_action({"action": "settle", "seed": 5})
    Traceback (most recent call last):
    ...
    pcc.errors.IllegalActionError: settle takes ['roll'], not 'seed'
    """
    name = obj.get("action")
    if not isinstance(name, str) or name not in _BY_NAME:
        raise IllegalActionError(f"unknown action {name!r}: the actions are {sorted(ACTIONS)}", code="action.unknown", params={"action": name})
    cls = _BY_NAME[name]
    kwargs = {k: v for k, v in obj.items() if k != "action" and v is not None}
    extra = set(kwargs) - set(cls.fields)
    if extra:
        raise IllegalActionError(f"{name} takes {list(cls.fields)}, not {sorted(extra)[0]!r}", code="action.argument")
    missing = [k for k in cls.required if k not in kwargs]
    if missing:
        raise IllegalActionError(f"{name} needs {', '.join(cls.required)}: {missing[0]!r} is missing",
                                 code="action.argument")
    action: Action = cls(**kwargs)  # type: ignore[assignment]
    return action


def arguments(action: Action) -> dict[str, Any]:
    """The fields of ``action`` that are given (not None)."""
    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action) if getattr(action, f.name) is not None}
