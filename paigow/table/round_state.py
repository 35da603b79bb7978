"""The values of a round (docs/rules.md §1.6-1.8): its :class:`Phase`, its whole state as one
frozen :class:`RoundState`, a settled round's :class:`RoundResult`, what the state implies about
who plays (:class:`Derived`), and the checks of the names a round is given (players, strategies).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Union

import numpy as np
import numpy.typing as npt

from _tablegames.enums import CodeRepr
from paigow.errors import BetSyntaxError, IllegalBetError
from paigow.rules import MACAU, RuleSet
from paigow.setting import Outcome, Setting
from paigow.table.dealing import Deal, DiceRoll
from paigow.table.events import DealRecord, RoundEvent, WaySet
from paigow.table.positions import POSITIONS, check_name, holders
from paigow.table.settlement import Bet, Ledger, Options, Play, Share


SettingLike = Union[Setting, str, int]
StrategyLike = Union[str, "npt.ArrayLike"]

MAX_DECLARATION = 200
"""The longest declaration of the dealing method, in characters."""

MAX_STRATEGY_NAME = 100
"""The longest name of a strategy that sets a hand, in characters."""


def default_players() -> tuple[str, ...]:
    """The names of the players when none are given: ``P0`` … ``P7``, by position."""
    return tuple(f"P{p}" for p in POSITIONS)


def check_players(players: Sequence[str] | None) -> tuple[str, ...]:
    """Eight distinct names, one per position (None: :func:`default_players`)."""
    if players is None:
        return default_players()
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError(f"players are a sequence of 8 names, not {players!r}")
    if len(players) != 8:
        raise BetSyntaxError(f"players are 8 names, one per position, not {len(players)}", code="players.count", params={"count": len(players)})
    names = tuple(check_name(p, f"player of position {i}") for i, p in enumerate(players))
    if len(set(names)) != 8:
        twice = next(n for n in names if names.count(n) > 1)
        raise IllegalBetError(f"player {twice!r} sits at two positions: give each position its own name",
                              code="players.twice", params={"name": twice})
    return names


def check_declare_first(declare_first: bool | None, live: bool) -> bool:
    """Whether a shake waits for the banker's declaration (Art. 4.4, docs/rules.md §1.7): None
    means at a live table (a simulation declares its method itself); False replays a record
    written before the rule was kept, whose shakes may come without one."""
    if declare_first is None:
        return live
    if not isinstance(declare_first, bool):
        raise TypeError(f"declare_first is True, False or None, not {declare_first!r}")
    return declare_first


def check_strategy_name(name: object) -> str:
    """``name`` as the name of a strategy that set a hand: a name of at most
    :data:`MAX_STRATEGY_NAME` characters (``"equilibrium"``, ``"max-back"``, ``"table"``)."""
    check_name(name, "a strategy's name", reserved=())
    assert isinstance(name, str)
    if len(name) > MAX_STRATEGY_NAME:
        raise BetSyntaxError(f"a strategy's name is at most {MAX_STRATEGY_NAME} characters, not {len(name)}",
                             code="name.too_long")
    return name


# -- records of a round -----------------------------------------------------------------------------
class Phase(CodeRepr, enum.Enum):
    """Where a round stands."""

    BETTING = "betting"
    """Before the shake: stake, co-banking, bets, the declaration, the shuffle, cuts."""
    SHAKEN = "shaken"
    """The dice have picked the first stack; the tiles are to be dealt."""
    DEALT = "dealt"
    """Tiles dealt: exposures while dealing, then the settings."""
    SETTLED = "settled"
    """Outcomes decided and the ledger drawn up."""


@dataclass(frozen=True)
class RoundResult:
    """A settled round: who banked with what, every bet, the deals, each position's setting
    and outcome (``None`` for the banker, for positions without bets and for positions that sat
    out), the plays handed to settlement and the ledger. ``strategies[p]`` names the strategy
    that set position ``p``'s tiles in a simulation (None: set by hand at the table);
    ``declared`` is the dealing method the banker declared (Art. 4.4); ``ways[p]`` says when the
    house way set position ``p``'s hand, by which rule and why; ``house_banks`` that the house
    held the bank (the US game, docs/rules.md §3.1)."""

    banker: int
    players: tuple[str, ...]
    shares: tuple[Share, ...]
    bets: tuple[Bet, ...]
    deals: tuple[DealRecord, ...]
    settings: tuple[Setting | None, ...]
    outcomes: tuple[Outcome | None, ...]
    plays: tuple[Play, ...]
    ledger: Ledger
    strategies: tuple[str | None, ...] = (None,) * 8
    declared: str | None = None
    ways: tuple[WaySet | None, ...] = (None,) * 8
    house_banks: bool = False

    @property
    def deal(self) -> Deal:
        """The deal that was played."""
        d = self.deals[-1].deal
        assert d is not None
        return d

    @property
    def dice(self) -> DiceRoll | None:
        """The shake that counted for the deal played (None if the dealer entered no dice)."""
        return self.deals[-1].dice

    @property
    def sat_out(self) -> tuple[int, ...]:
        """Positions with bets that took no part (two tiles exposed, or every bettor sitting out)."""
        return tuple(p.position for p in self.plays if p.outcome is None)

    @property
    def played_by(self) -> frozenset[str]:
        """Who played a bet in this round: the bettors of positions that played against the
        banker, sat-out bets left out. A bet that sat out is no bet, for any effect (docs/rules.md
        §1.6): it is not "having bet in the previous round" (Art. 4.3) nor "having played the
        previous hand" (US game, §3.1); a push was played."""
        return frozenset(b.bettor for p in self.plays if p.outcome is not None for b in p.bets)


@dataclass(frozen=True)
class RoundState:
    """Everything a :class:`Round` knows, as one frozen value (compare two to see a change).
    ``log`` is every action taken, in order, as frozen events (:mod:`paigow.table.events`: the
    round's record); ``rules`` is the rule set the round is played by."""

    banker: int
    players: tuple[str, ...]
    options: Options
    min_stake: int
    phase: Phase = Phase.BETTING
    stake: int | None = None
    co_bankers: tuple[Share, ...] = ()
    bets: tuple[Bet, ...] = ()
    declared: str | None = None
    frozen: bool = False
    current: DealRecord = field(default_factory=DealRecord)
    void_deals: tuple[DealRecord, ...] = ()
    settings: tuple[Setting | None, ...] = (None,) * 8
    strategies: tuple[str | None, ...] = (None,) * 8
    turned: bool = False
    result: RoundResult | None = None
    log: tuple[RoundEvent, ...] = ()
    rules: RuleSet = MACAU
    live: bool = False
    house_banks: bool = False
    ways: tuple[WaySet | None, ...] = (None,) * 8
    declare_first: bool = False
    deadline: float | None = None


@dataclass(frozen=True)
class Derived:
    """What the state implies about who plays, computed once per state (Art. 2.3, 3.3, 7.1-7.5)."""

    exposed_out: tuple[int, ...]
    away: frozenset[str]
    active: tuple[int, ...]
    unheld: tuple[int, ...]
    holders: dict[int, str]
    in_bank: frozenset[str]


@dataclass(frozen=True)
class SettlePlan:
    players: npt.NDArray[np.float64] | None
    banker: npt.NDArray[np.float64] | None
    player_label: str | None
    banker_label: str | None
    fill: tuple[int, ...]
