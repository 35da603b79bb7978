"""The actions of a Pai Gow table as values, one name each (docs/dealer.md): what the library
applies (:meth:`Round.apply <paigow.table.round.Round.apply>`,
:meth:`Session.apply <paigow.table.session.Session.apply>`), what a record's replay applies
(:mod:`paigow.table.records` reads each event as one of these), what the service validates
(:mod:`paigow.serve.tables`) and what the pages send.

Each action is a frozen dataclass with its ``name`` (the library's method, the service's
``"action"``) and ``event``: the kind of the event a record logs for it, fixed by the record
format (``paigow-round/1``, ``paigow-session/1``) and so kept as it was written (``None``: no
event of its own). :func:`parse_action` is the one reader of an action's JSON; ``to_json`` writes
it back.

>>> a = parse_action({"action": "bet", "position": 1, "amount": 100})
>>> a
PlaceBet(position=1, amount=100, bettor=None)
>>> a.name, a.event, a.to_json()
('bet', 'bet', {'action': 'bet', 'position': 1, 'amount': 100})
>>> parse_action({"action": "set_stake", "amount": 5, "stake": 5})
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: set_stake takes ['amount'], not 'stake'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from paigow.errors import IllegalActionError

__all__ = [
    "Action",
    "is_session_action",
    "SessionAction",
    "RoundAction",
    "StartRound",
    "EndRound",
    "PassBank",
    "Decline",
    "Accept",
    "SetStake",
    "CoBank",
    "PlaceBet",
    "WithdrawBet",
    "Declare",
    "Shuffle",
    "CutStacks",
    "Shake",
    "DealTiles",
    "Expose",
    "SetHand",
    "HouseWay",
    "SetDeadline",
    "ApplyDeadline",
    "Turn",
    "SetPlayers",
    "Settle",
    "SESSION_ACTIONS",
    "ROUND_ACTIONS",
    "ACTIONS",
    "parse_action",
]


@dataclass(frozen=True)
class _Base:
    """What every action has: its name, its record event, the keys its JSON may give."""

    name: ClassVar[str]
    event: ClassVar[str | None]
    fields: ClassVar[tuple[str, ...]]

    @property
    def event_kind(self) -> str:
        """The kind of the event a record logs for this action (``""``: none of its own)."""
        return self.event or ""

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of the library's method (those given: not None)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name) is not None}

    def to_json(self) -> dict[str, Any]:
        """The action as the JSON :func:`parse_action` reads (``{"action": name, ...}``)."""
        out: dict[str, Any] = {"action": self.name}
        for k in self.fields:
            v = getattr(self, k)
            if v is not None:
                out[k] = list(v) if isinstance(v, tuple) else v
        return out


# -- the session's ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartRound(_Base):
    """The banker opens a round with a stake (None: the one carried, Art. 4.9)."""

    name: ClassVar[str] = "start_round"
    event: ClassVar[str | None] = "round"
    fields: ClassVar[tuple[str, ...]] = ("stake", "others_agree")
    stake: int | None = None
    others_agree: bool | None = None


@dataclass(frozen=True)
class EndRound(_Base):
    """The settled round is closed; its stake plus result is carried (Art. 4.9)."""

    name: ClassVar[str] = "end_round"
    event: ClassVar[str | None] = "end_round"
    fields: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class PassBank(_Base):
    """The banker gives up the bank."""

    name: ClassVar[str] = "pass_bank"
    event: ClassVar[str | None] = "pass"
    fields: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class Decline(_Base):
    """The position offered the bank declines it (Art. 4.3)."""

    name: ClassVar[str] = "decline"
    event: ClassVar[str | None] = "decline"
    fields: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class Accept(_Base):
    """The position offered the bank takes it; ``with_house``: with the house, half each (the US
    game; the record's event is then ``co_bank``)."""

    name: ClassVar[str] = "accept"
    event: ClassVar[str | None] = "accept"
    fields: ClassVar[tuple[str, ...]] = ("with_house",)
    with_house: bool | None = None

    @property
    def event_kind(self) -> str:
        """The record's event for this acceptance."""
        return "co_bank" if self.with_house else "accept"


# -- the round's -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetStake(_Base):
    """The banker puts the stake on the table (Art. 4.4, 4.9)."""

    name: ClassVar[str] = "set_stake"
    event: ClassVar[str | None] = "stake"
    fields: ClassVar[tuple[str, ...]] = ("amount",)
    amount: int


@dataclass(frozen=True)
class CoBank(_Base):
    """The house or the player of a position shares the bank (Art. 3.1-3.3)."""

    name: ClassVar[str] = "co_bank"
    event: ClassVar[str | None] = "co_bank"
    fields: ClassVar[tuple[str, ...]] = ("party", "stake")
    party: int | str
    stake: int


@dataclass(frozen=True)
class PlaceBet(_Base):
    """A bet on a position (Art. 4.6, 7)."""

    name: ClassVar[str] = "bet"
    event: ClassVar[str | None] = "bet"
    fields: ClassVar[tuple[str, ...]] = ("position", "amount", "bettor")
    position: int
    amount: int
    bettor: str | None = None


@dataclass(frozen=True)
class WithdrawBet(_Base):
    """A bettor's bet on a position taken back before the shake (Art. 4.6-4.7): ``amount`` of it
    (None: all of it), the latest placed first."""

    name: ClassVar[str] = "withdraw"
    event: ClassVar[str | None] = "withdraw"
    fields: ClassVar[tuple[str, ...]] = ("position", "amount", "bettor")
    position: int
    amount: int | None = None
    bettor: str | None = None


@dataclass(frozen=True)
class Declare(_Base):
    """The banker declares the dealing method before the first shake (Art. 4.4)."""

    name: ClassVar[str] = "declare"
    event: ClassVar[str | None] = "declare"
    fields: ClassVar[tuple[str, ...]] = ("method",)
    method: str


@dataclass(frozen=True)
class Shuffle(_Base):
    """The tiles washed and built into stacks; ``stacks`` and ``secret`` (a record's, a live
    table's draw: the secret of the commitment logged as ``commit`` after the shuffle) are not
    given in an action's JSON."""

    name: ClassVar[str] = "shuffle"
    event: ClassVar[str | None] = "shuffle"
    fields: ClassVar[tuple[str, ...]] = ()
    stacks: Any = None
    secret: Any = None


@dataclass(frozen=True)
class CutStacks(_Base):
    """A cut of ``k`` whole stacks (Art. 2.1)."""

    name: ClassVar[str] = "cut"
    event: ClassVar[str | None] = "cut"
    fields: ClassVar[tuple[str, ...]] = ("position", "k")
    position: int
    k: int


@dataclass(frozen=True)
class Shake(_Base):
    """A shake of the dice (as seen, or rolled), possibly void (Art. 1.5)."""

    name: ClassVar[str] = "shake"
    event: ClassVar[str | None] = "shake"
    fields: ClassVar[tuple[str, ...]] = ("dice", "void")
    dice: tuple[Any, ...] | None = None
    void: str | None = None


@dataclass(frozen=True)
class DealTiles(_Base):
    """The deal (the tiles seen dealt, by position, or the stacks dealt)."""

    name: ClassVar[str] = "deal"
    event: ClassVar[str | None] = "deal"
    fields: ClassVar[tuple[str, ...]] = ("hands",)
    hands: Any = None


@dataclass(frozen=True)
class Expose(_Base):
    """A tile turned face up by accident while dealing (Art. 2.2-2.3)."""

    name: ClassVar[str] = "expose"
    event: ClassVar[str | None] = "expose"
    fields: ClassVar[tuple[str, ...]] = ("position", "tile")
    position: int
    tile: str | None = None


@dataclass(frozen=True)
class SetHand(_Base):
    """A position's setting, by its holder (``by``) or a strategy in a simulation (``strategy``)."""

    name: ClassVar[str] = "set_hand"
    event: ClassVar[str | None] = "set"
    fields: ClassVar[tuple[str, ...]] = ("position", "setting", "by", "strategy")
    position: int
    setting: Any
    by: str | None = None
    strategy: str | None = None


@dataclass(frozen=True)
class HouseWay(_Base):
    """A hand set by the rule set's house way (docs/rules.md §3.1)."""

    name: ClassVar[str] = "house_way"
    event: ClassVar[str | None] = "house_way"
    fields: ClassVar[tuple[str, ...]] = ("position", "by")
    position: int
    by: str | None = None


@dataclass(frozen=True)
class SetDeadline(_Base):
    """The round's deadline for the settings, ``at`` seconds since the epoch (the table's clock)."""

    name: ClassVar[str] = "set_deadline"
    event: ClassVar[str | None] = "deadline"
    fields: ClassVar[tuple[str, ...]] = ("at",)
    at: Any


@dataclass(frozen=True)
class ApplyDeadline(_Base):
    """The deadline has passed (``now``: the table's clock): the unset hands set by the table's rule."""

    name: ClassVar[str] = "apply_deadline"
    event: ClassVar[str | None] = "deadline_passed"
    fields: ClassVar[tuple[str, ...]] = ("now",)
    now: Any


@dataclass(frozen=True)
class Turn(_Base):
    """The banker turns the first of his tiles: no setting changes after (Art. 8.2)."""

    name: ClassVar[str] = "turn"
    event: ClassVar[str | None] = "turn"
    fields: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True)
class SetPlayers(_Base):
    """In a simulation, every unset player's hand set by a strategy (logged as ``set`` events)."""

    name: ClassVar[str] = "set_players"
    event: ClassVar[str | None] = None
    fields: ClassVar[tuple[str, ...]] = ("strategy",)
    strategy: Any = None


@dataclass(frozen=True)
class Settle(_Base):
    """The round is settled (in a simulation, unset hands set by the strategies first)."""

    name: ClassVar[str] = "settle"
    event: ClassVar[str | None] = "settle"
    fields: ClassVar[tuple[str, ...]] = ("strategy", "banker_strategy")
    strategy: Any = None
    banker_strategy: Any = None


SessionAction = Union[StartRound, EndRound, PassBank, Decline, Accept]
RoundAction = Union[SetStake, CoBank, PlaceBet, WithdrawBet, Declare, Shuffle, CutStacks, Shake, DealTiles, Expose,
                    SetHand, HouseWay, SetDeadline, ApplyDeadline, Turn, SetPlayers, Settle]
Action = Union[SessionAction, RoundAction]

_SESSION: tuple[type[_Base], ...] = (StartRound, EndRound, PassBank, Decline, Accept)
_ROUND: tuple[type[_Base], ...] = (SetStake, CoBank, PlaceBet, WithdrawBet, Shuffle, CutStacks, Shake, DealTiles,
                                   Expose, Declare, SetHand, HouseWay, SetDeadline, ApplyDeadline, Turn, SetPlayers,
                                   Settle)
_BY_NAME: dict[str, type[_Base]] = {c.name: c for c in _SESSION + _ROUND}

SESSION_ACTIONS: dict[str, tuple[str, ...]] = {c.name: c.fields for c in _SESSION}
"""The session's actions: name -> the keys their JSON may give."""
ROUND_ACTIONS: dict[str, tuple[str, ...]] = {c.name: c.fields for c in _ROUND}
"""The round's actions: name -> the keys their JSON may give."""
ACTIONS: dict[str, tuple[str, ...]] = {**SESSION_ACTIONS, **ROUND_ACTIONS}
"""Every action: name -> the keys its JSON may give."""


def _hands(hands: object) -> object:
    """JSON object keys are strings: ``{"1": "天 地 ..."}`` names position 1."""
    if isinstance(hands, Mapping):
        out: dict[object, object] = {}
        for k, v in hands.items():
            out[int(k) if isinstance(k, str) and k.isdigit() and len(k) < 3 else k] = v
        return out
    return hands


def parse_action(obj: Mapping[str, Any]) -> Action:
    """The action a JSON object gives (``{"action": "bet", "position": 1, "amount": 100}``; a key
    whose value is null is left out). An unknown action is refused (``action.unknown``), a key the
    action does not take too (``action.argument``); the values are the engine's to check when the
    action is applied (a missing one: :class:`TypeError`).

    >>> parse_action({"action": "deal", "hands": {"1": "天 天 地 地"}})
    DealTiles(hands={1: '天 天 地 地'})
    >>> parse_action({"action": "fold"})
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: unknown action 'fold': the actions are [...]
    """
    name = obj.get("action")
    if not isinstance(name, str) or name not in _BY_NAME:
        raise IllegalActionError(f"unknown action {name!r}: the actions are {sorted(ACTIONS)}", code="action.unknown")
    cls = _BY_NAME[name]
    kwargs = {k: v for k, v in obj.items() if k != "action" and v is not None}
    extra = set(kwargs) - set(cls.fields)
    if extra:
        raise IllegalActionError(f"{name} takes {list(cls.fields)}, not {sorted(extra)[0]!r}", code="action.argument")
    if "hands" in kwargs:
        kwargs["hands"] = _hands(kwargs["hands"])
    if "dice" in kwargs and isinstance(kwargs["dice"], list):
        kwargs["dice"] = tuple(kwargs["dice"])
    action: Action = cls(**kwargs)  # type: ignore[assignment]
    return action


def is_session_action(action: Action) -> bool:
    """Whether the session (not its round) performs ``action``."""
    return action.name in SESSION_ACTIONS
