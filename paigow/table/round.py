"""One round at the table (docs/rules.md §1.6-1.8): the :class:`Round` state machine.

Its state is one frozen record (``.state``). Every action comes in three: ``verify_x()`` raises a
:class:`~paigow.errors.PaigowError` saying why the action is not allowed and otherwise returns
the cleaned value the action will use, ``can_x()`` answers yes or no, and ``x()`` acts and
returns a frozen record of what happened. A refused action leaves the table exactly as it was.
Every action is logged as a frozen event (:mod:`paigow.table.events`); the log is the round's
record, which :mod:`paigow.table.records` writes as JSON and replays.

>>> r = Round(banker=0, seed=7)
>>> r.set_stake(1000)
Share(party='P0', stake=1000)
>>> r.bet(1, 100), r.bet(1, 300, bettor="ann")
(Bet(position=1, bettor='P1', amount=100), Bet(position=1, bettor='ann', amount=300))
>>> r.holder(1)          # the largest bet sets the tiles (Art. 7.1)
'ann'
>>> _ = r.shuffle()
>>> r.cut(3, 2)
Cut(position=3, stacks=2)
>>> r.shake((3, 5, 6, 2)).total, r.first_position
(16, 7)
>>> r.bet(2, 100)
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: no bet may be placed or changed after the shake (Art. 4.7)
>>> _ = r.deal()
>>> r.settle()
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: positions 1, 0 have not set their tiles: only the holder sets them (Art. 7.1); set each hand, or pass a strategy to simulate
>>> result = r.settle("max-back")          # a simulation: a strategy sets them, and says so
>>> result.strategies[1], sum(result.ledger.changes.values()) + result.ledger.commission
('max-back', 0)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from _tablegames.enums import CodeRepr
from paigow.errors import BetSyntaxError, HandSyntaxError, IllegalActionError, IllegalBetError, IllegalHandError
from paigow.fouls import fouls, player_setting
from paigow.hands import Hand
from paigow.houseway import house_way as _house_way
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules
from paigow.setting import Outcome, Setting, compare, settings_of
from paigow.strategies import hand_index, resolve
from paigow.table._checks import can
from paigow.table.dealing import (
    Cut,
    Deal,
    DiceRoll,
    Exposure,
    ExposureEffect,
    HandLike,
    Stacks,
    VoidReason,
    check_cut,
    check_dice,
    exposure_effect,
    make_rng,
    roll_dice,
    void_reason,
)
from paigow.table.dealing import shuffle as _shuffle
from paigow.table.events import (
    BetPlaced,
    CoBanked,
    CutMade,
    Dealt,
    DealRecord,
    Declared,
    Exposed,
    HandSet,
    RoundEvent,
    Settled,
    Shaken,
    Shuffled,
    StakeSet,
    Turned,
    WaySet,
)
from paigow.table.positions import HOUSE, POSITIONS, betting_order, check_amount, check_name, check_position, holders
from paigow.table.settlement import Bet, Ledger, Options, Play, Share
from paigow.table.settlement import settle as _settle
from paigow.tiles import DECK, Tile, TileLike, deck_indices, parse_tiles, split_tile_text

__all__ = [
    "Phase",
    "RoundState",
    "RoundResult",
    "Round",
    "default_players",
    "default_strategy",
    "choose_setting",
    "simulate_round",
    "MAX_DECLARATION",
    "MAX_STRATEGY_NAME",
    "check_players",
    "check_strategy_name",
]

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
        raise BetSyntaxError(f"players are 8 names, one per position, not {len(players)}", code="players.count")
    names = tuple(check_name(p, f"player of position {i}") for i, p in enumerate(players))
    if len(set(names)) != 8:
        twice = next(n for n in names if names.count(n) > 1)
        raise IllegalBetError(f"player {twice!r} sits at two positions: give each position its own name",
                              code="players.twice")
    return names


def check_strategy_name(name: object) -> str:
    """``name`` as the name of a strategy that set a hand: a name of at most
    :data:`MAX_STRATEGY_NAME` characters (``"equilibrium"``, ``"max-back"``, ``"table"``)."""
    check_name(name, "a strategy's name", reserved=())
    assert isinstance(name, str)
    if len(name) > MAX_STRATEGY_NAME:
        raise BetSyntaxError(f"a strategy's name is at most {MAX_STRATEGY_NAME} characters, not {len(name)}",
                             code="name.too_long")
    return name


def choose_setting(tiles: Sequence[Tile], strategy: npt.NDArray[np.float64], rng: random.Random) -> Setting:
    """The setting of four ``tiles`` a strategy table picks: the setting with probability one
    for a pure row, else one drawn with ``rng`` by the row's probabilities.

    >>> from paigow.strategies import max_back
    >>> from paigow.tiles import parse_tiles
    >>> str(choose_setting(parse_tiles("天 地 杂九 至尊"), max_back(), random.Random(0)))
    '1-1 2-4 | 6-6 4-5'
    """
    idx = sorted(deck_indices(tiles))
    row = strategy[hand_index(idx)]
    options = settings_of(tuple(DECK[i] for i in idx))   # the tiles are checked by deck_indices
    best = int(np.argmax(row))
    if row[best] >= 1.0 - 1e-12:
        return options[best]
    u, acc = rng.random(), 0.0
    for i in range(3):
        acc += float(row[i])
        if u < acc:
            return options[i]
    return options[best]  # pragma: no cover - rounding at the top of the cumulative sum


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


@dataclass(frozen=True)
class _Derived:
    """What the state implies about who plays, computed once per state (Art. 2.3, 3.3, 7.1-7.5)."""

    exposed_out: tuple[int, ...]
    away: frozenset[str]
    active: tuple[int, ...]
    unheld: tuple[int, ...]
    holders: dict[int, str]
    in_bank: frozenset[str]


@dataclass(frozen=True)
class _SettlePlan:
    players: npt.NDArray[np.float64] | None
    banker: npt.NDArray[np.float64] | None
    player_label: str | None
    banker_label: str | None
    fill: tuple[int, ...]


# -- the round --------------------------------------------------------------------------------------
class Round:
    """One round at the table, from the stake and the bets to the ledger.

    ``banker`` is the banker's position; ``players`` names the player of each position (``P0``
    … by default; a bet's bettor defaults to the position's player). ``rules`` is the rule set
    (:func:`paigow.rules.clean_rules`: a :class:`~paigow.rules.RuleSet`, its name, or None for
    :data:`~paigow.rules.MACAU`): it gives the default ``options`` (its commission and
    rounding), the number of dice and how many player positions may cut. ``house_stake`` puts the
    house's share in the bank (Art. 3.1); ``min_stake`` is a stake carried from the previous
    round that may not be lowered (Art. 4.9). Randomness comes from ``rng``, or from
    ``random.Random(seed)`` when a seed is given, else from the operating system.

    ``live`` says, from the start, whether this is a live table or a simulation (docs/rules.md
    §1.8). At a live table only the holders set the tiles (Art. 7.1-7.2): no action lets a
    strategy set a hand (``set_hand(..., strategy=)``, ``set_players``, ``settle(strategy)``
    are refused, ``live.strategy``). A simulation (the default, as every record made before
    the flag was read) may set hands by a strategy; a hand set so never gives rise to an Art.
    7.2 claim.

    ``house_banks`` (by default: whether the rule set's ``bank`` is ``"house"``, the US game)
    makes the house the banker: the banker's position is the dealer's seat, the stake is the
    house's, and its hand is set by the rule set's house way (:meth:`house_way`), as is the hand
    of a bank the house shares under such rules (docs/rules.md §3.1).
    """

    def __init__(
        self,
        banker: int,
        *,
        players: Sequence[str] | None = None,
        options: Options | None = None,
        rules: RulesLike = None,
        house_stake: int | None = None,
        min_stake: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
        live: bool = False,
        house_banks: bool | None = None,
    ) -> None:
        check_position(banker, "banker")
        if not isinstance(live, bool):
            raise TypeError(f"live is True (a live table) or False (a simulation), not {live!r}")
        ruleset = clean_rules(rules)
        if house_banks is None:
            house_banks = ruleset.bank == "house"
        if not isinstance(house_banks, bool):
            raise TypeError(f"house_banks is True or False, not {house_banks!r}")
        if house_banks and ruleset.banker_sets == "holder":
            raise IllegalActionError(f"the house banks by a house way, and the {ruleset.name!r} rules name none"
                                     " (banker_sets)", code="house_way.none")
        if options is None:
            options = Options(ruleset.commission, ruleset.rounding)
        if not isinstance(options, Options):
            raise TypeError(f"options must be Options, not {options!r}")
        if not isinstance(min_stake, int) or isinstance(min_stake, bool):
            raise TypeError(f"min_stake is a whole number of minor units (an int), not {min_stake!r}")
        if min_stake:
            check_amount(min_stake, "min_stake")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {rng!r}")
        self._rng = rng if rng is not None else make_rng(seed)
        self._state = RoundState(banker, check_players(players), options, min_stake, rules=ruleset, live=live,
                                 house_banks=house_banks)
        self._cache: tuple[RoundState | None, _Derived | None] = (None, None)
        if house_stake is not None:
            self.co_bank(HOUSE, house_stake)

    @property
    def rng(self) -> random.Random:
        """The round's source of randomness (its state is kept with a table's record by
        :func:`paigow.table.records.round_state_json`)."""
        return self._rng

    # -- reading the table --------------------------------------------------------------------------
    @property
    def state(self) -> RoundState:
        """The whole state, frozen."""
        return self._state

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def rules(self) -> RuleSet:
        """The rule set the round is played by."""
        return self._state.rules

    @property
    def live(self) -> bool:
        """True at a live table (no strategy sets a hand), False in a simulation; fixed at creation."""
        return self._state.live

    @property
    def banker(self) -> int:
        return self._state.banker

    @property
    def players(self) -> tuple[str, ...]:
        return self._state.players

    @property
    def banker_party(self) -> str:
        """The banker's name: the player of the banker's position, or ``"house"`` when the house
        banks (:attr:`house_banks`)."""
        return HOUSE if self._state.house_banks else self._state.players[self._state.banker]

    @property
    def house_banks(self) -> bool:
        """True when the house holds the bank (the US game's default, docs/rules.md §3.1)."""
        return self._state.house_banks

    @property
    def way_sets_banker(self) -> bool:
        """True when the banker's hand is set by the rule set's house way, not by the banker: the
        house banks, or shares the bank under rules where the house banks (docs/rules.md §3.1)."""
        s = self._state
        if s.rules.banker_sets == "holder":
            return False
        return s.house_banks or (s.rules.bank == "house" and any(x.party == HOUSE for x in s.co_bankers))

    @property
    def ways(self) -> tuple[WaySet | None, ...]:
        """For each position, the house way's setting of its hand, with the rule and why (None:
        set by its holder, by a strategy, or not set)."""
        return self._state.ways

    @property
    def shares(self) -> tuple[Share, ...]:
        """The bank's shares: the banker's stake first, then co-bankers in the order they joined.
        A co-banker who sits out (Art. 2.3, docs/rules.md §1.6) takes no part in the bank: his
        share leaves it for the round, untouched (``state.co_bankers`` keeps every share put up)."""
        s = self._state
        own = (Share(self.banker_party, s.stake),) if s.stake is not None else ()
        away = self._derived().away if s.current.exposures else frozenset()
        return own + tuple(x for x in s.co_bankers if x.party not in away)

    @property
    def bank(self) -> int:
        """The bank: the sum of the shares, which caps the bank's win and loss (Art. 4.5)."""
        return sum(x.stake for x in self.shares)

    @property
    def bets(self) -> tuple[Bet, ...]:
        return self._state.bets

    @property
    def declared(self) -> str | None:
        """The dealing method the banker declared before shaking (Art. 4.4), if any."""
        return self._state.declared

    @property
    def frozen(self) -> bool:
        """True once the dice have been shaken: bets and stakes may no longer change (Art. 4.7)."""
        return self._state.frozen

    @property
    def turned(self) -> bool:
        """True once the banker has turned the first of his tiles: no setting changes (Art. 8.2)."""
        return self._state.turned

    @property
    def first_position(self) -> int | None:
        """The position that takes the first stack, once the dice have counted."""
        roll = self._state.current.dice
        return roll.first_position(self.banker) if roll is not None else None

    @property
    def deal_record(self) -> DealRecord:
        """The current deal: stacks, cuts, shakes, tiles, exposures."""
        return self._state.current

    @property
    def result(self) -> RoundResult | None:
        return self._state.result

    def bets_on(self, position: int) -> tuple[Bet, ...]:
        """The bets on ``position`` in the order placed."""
        return tuple(b for b in self._state.bets if b.position == position)

    @property
    def playing(self) -> tuple[int, ...]:
        """Positions with bets, in betting order."""
        on = {b.position for b in self._state.bets}
        return tuple(p for p in betting_order(self.banker) if p in on)

    def _derived(self) -> _Derived:
        """Who sits out, who is in the bank and who holds what, computed once per state.

        Two exposed tiles of a player position (Art. 2.3): its bettors, and the co-banker whose
        position it is, take no part in the round "for any effect": all their bets stand off
        and a co-banker's share leaves the bank. The holders are then chosen again among the
        bets still in play (Art. 7.1, 7.5), never a co-banker where others bet (3.3); a position
        in play that nobody may hold stands off whole (7.4: one holder, never none)."""
        s = self._state
        cached = self._cache[1]
        if self._cache[0] is s and cached is not None:
            return cached
        cur = s.current
        out = tuple(p for p in betting_order(s.banker) if cur.exposed(p) >= 2)
        co = {x.party for x in s.co_bankers if x.party != HOUSE}
        away = frozenset({b.bettor for b in s.bets if b.position in out}
                         | {n for n in co if s.players.index(n) in out})
        in_bank = frozenset(co - away)
        h = holders(s.banker, s.bets, away, in_bank)
        held = {p: w for p, w in h.items() if w is not None and p not in out}
        value = _Derived(out, away, tuple(held), tuple(p for p, w in h.items() if w is None and p not in out),
                         held, in_bank)
        self._cache = (s, value)
        return value

    @property
    def exposed_out(self) -> tuple[int, ...]:
        """Player positions with two or more tiles exposed in this deal (Art. 2.3)."""
        return self._derived().exposed_out

    @property
    def sitting_out(self) -> frozenset[str]:
        """The players who take no part in the round "for any effect" (Art. 2.3): every bettor on
        a player position two of whose tiles were exposed, and a co-banker whose own position it
        is. All their bets stand off, and a co-banker's share leaves the bank for the round."""
        return self._derived().away

    @property
    def sat_out(self) -> tuple[int, ...]:
        """Positions with bets that take no part: two of their tiles exposed, every bettor on
        them sitting out (Art. 2.3), or nobody left who may hold them (:attr:`unheld`)."""
        active = set(self.active)
        return tuple(p for p in self.playing if p not in active)

    @property
    def unheld(self) -> tuple[int, ...]:
        """Positions with bets in play that none of their bettors may hold (each holds another
        position, or co-banks where others bet; Art. 3.3, 7.5): they stand off whole (7.4)."""
        return self._derived().unheld

    @property
    def active(self) -> tuple[int, ...]:
        """Positions that play against the banker, in betting order: each has exactly one holder."""
        return self._derived().active

    def holders(self) -> dict[int, str | None]:
        """Who holds each active position: its largest bettor in play, the first placed on equal
        bets; nobody sets two positions, so a position whose largest bettor holds one earlier in
        betting order goes to its next largest, and a co-banker holds no position where others
        bet (Art. 3.3, 7.1, 7.5; docs/rules.md §1.8)."""
        return dict(self._derived().holders)

    def holder(self, position: int) -> str | None:
        """Who holds ``position`` and sets its tiles (None: nobody plays it)."""
        return self._derived().holders.get(check_position(position))

    def co_banker_position(self, party: str) -> int | None:
        """The position of a co-banking player (None for the house)."""
        return self._state.players.index(party) if party in self._state.players else None

    @property
    def decider(self) -> str:
        """Who decides the banker's setting when it is disputed: the larger stake of the banker
        (with the stakes co-banking players entrusted to the banker) and the house; on equal
        stakes the banker (Art. 3.4)."""
        shares = self.shares
        house = sum(x.stake for x in shares if x.party == HOUSE)
        banker = sum(x.stake for x in shares if x.party != HOUSE)
        return HOUSE if house > banker else self.banker_party

    def __repr__(self) -> str:
        s = self._state
        return (f"<Round banker={s.banker} phase={s.phase.value} bank={self.bank} bets={len(s.bets)}"
                f" frozen={s.frozen}>")

    def __eq__(self, other: object) -> bool:
        """Two rounds are equal when their states are (randomness apart)."""
        return isinstance(other, Round) and other._state == self._state

    __hash__ = None  # type: ignore[assignment]

    # -- helpers ------------------------------------------------------------------------------------
    def _commit(self, *events: RoundEvent, **changes: Any) -> None:
        self._state = replace(self._state, log=self._state.log + events, **changes)

    def _require(self, phase: Phase, action: str) -> None:
        s = self._state
        if s.phase is not phase:
            raise IllegalActionError(f"cannot {action} now: the round is {s.phase.value}, not {phase.value}",
                                     code=f"phase.{s.phase.value}")

    def _before_shake(self, action: str, what: str) -> None:
        if self._state.frozen:
            raise IllegalActionError(f"no {what} may be placed or changed after the shake (Art. 4.7)",
                                     code=f"{what}.after_shake")
        self._require(Phase.BETTING, action)

    # -- the banker's stake and co-banking ----------------------------------------------------------
    def verify_set_stake(self, amount: int) -> Share:
        """Raise unless the banker may put ``amount`` on the table as the stake (Art. 4.4, 4.9);
        return the banker's share."""
        self._before_shake("set the stake", "stake")
        check_amount(amount, "stake", f" of the banker {self.banker_party!r}")
        if amount < self._state.min_stake:
            raise IllegalBetError(
                f"stake {amount!r} is below {self._state.min_stake}, the stake carried from the last"
                " round: it may be topped up, never lowered (Art. 4.9)", code="stake.lowered"
            )
        if self._covers_all:
            others = sum(x.stake for x in self._state.co_bankers)
            total = sum(b.amount for b in self._state.bets)
            if amount + others < total:
                raise IllegalBetError(f"a bank of {amount + others} does not cover the {total} bet: the bank covers"
                                      " every bet (docs/rules.md §3.1)", code="stake.uncovered")
        return Share(self.banker_party, amount)

    @property
    def _covers_all(self) -> bool:
        """Under rules where the house banks, the bank covers every bet (docs/rules.md §3.1)."""
        return self._state.rules.bank == "house"

    def can_set_stake(self, amount: int) -> bool:
        return can(self.verify_set_stake, amount)

    def set_stake(self, amount: int) -> Share:
        """Put the banker's stake (本金) on the table; returns the banker's share."""
        share = self.verify_set_stake(amount)
        self._commit(StakeSet(amount), stake=amount)
        return share

    def _co_party(self, party: "int | str") -> str:
        if party == HOUSE:
            return HOUSE
        if isinstance(party, str):
            raise IllegalBetError(f"a co-banker is 'house' or a player's position 0-7, not {party[:40]!r}",
                                  code="co_bank.party")
        pos = check_position(party, "co-banking position")
        if pos == self.banker:
            raise IllegalActionError(f"position {pos} is the banker's: the banker's own stake is set_stake()",
                                     code="co_bank.banker")
        return self._state.players[pos]

    def verify_co_bank(self, party: "int | str", stake: int) -> Share:
        """Raise unless ``party`` (``"house"`` or a player position) may share the bank with
        ``stake`` (Art. 3.1-3.3): before the shake; the house's share is fixed in advance, for the
        table or between rounds, so it joins before the round's first bet or share and never
        changes (3.1); a co-banking player accepts no backline bets, so a player who holds a
        position with other people's bets on it may not co-bank, nor may one on whose own
        position others bet. Returns the share."""
        self._before_shake("co-bank", "stake")
        name = self._co_party(party)
        check_amount(stake, "stake", f" of co-banker {name!r}")
        if self._state.rules.bank == "house":
            if name != HOUSE:
                raise IllegalActionError(f"under the {self._state.rules.name!r} rules only the house shares a"
                                         " player's bank (docs/rules.md §3.1)", code="co_bank.rules")
            if self._state.house_banks:
                raise IllegalActionError("the house banks this round: it does not co-bank its own bank",
                                         code="co_bank.house_banks")
        if name == HOUSE:
            s = self._state
            held = next((x.stake for x in s.co_bankers if x.party == HOUSE), None)
            if held is not None:
                raise IllegalActionError(
                    f"the house's share is fixed in advance (Art. 3.1): it is {held} for this round and may not"
                    " change", code="co_bank.house_fixed")
            if s.bets or s.co_bankers:
                raise IllegalActionError(
                    "the house's share is fixed in advance (Art. 3.1): it joins the bank before the round's"
                    " first bet or share, not after", code="co_bank.house_fixed")
        else:
            pos = self._state.players.index(name)
            others = sorted({b.bettor for b in self.bets_on(pos) if b.bettor != name})
            if others:
                raise IllegalActionError(
                    f"position {pos} has backline bets from {', '.join(map(repr, others))}: its player"
                    f" {name!r} may not co-bank, since a co-banker takes no backline bets (Art. 3.3)",
                    code="co_bank.backline",
                )
            for p, h in holders(self.banker, self._state.bets).items():
                if h == name and any(b.bettor != name for b in self.bets_on(p)):
                    raise IllegalActionError(
                        f"{name!r} holds position {p}, which has other people's bets on it: a co-banker"
                        " takes no backline bets (Art. 3.3)", code="co_bank.backline",
                    )
        return Share(name, stake)

    def can_co_bank(self, party: "int | str", stake: int) -> bool:
        return can(self.verify_co_bank, party, stake)

    def co_bank(self, party: "int | str", stake: int) -> Share:
        """Share the bank: ``"house"`` or the player of a position puts ``stake`` in it (a second
        call for the same player replaces its stake; the house's share, once down, is fixed)."""
        share = self.verify_co_bank(party, stake)
        cur = self._state.co_bankers
        ev = CoBanked(None if share.party == HOUSE else self._state.players.index(share.party), stake)
        if any(x.party == share.party for x in cur):  # a new stake keeps its place in the order
            self._commit(ev, co_bankers=tuple(share if x.party == share.party else x for x in cur))
        else:
            self._commit(ev, co_bankers=cur + (share,))
        return share

    # -- bets ---------------------------------------------------------------------------------------
    def verify_bet(self, position: int, amount: int, bettor: str | None = None) -> Bet:
        """Raise unless ``bettor`` (the position's player by default) may bet ``amount`` on
        ``position``: before the shake (4.6-4.7), a positive whole amount, not on the banker's
        position, not by the banker or the house, not on a co-banker's position by anyone else and
        not making a co-banker hold a position with others' bets (3.3), and leaving every position
        with bets someone to hold it (7.5). Returns the bet."""
        self._before_shake("bet", "bet")
        pos = check_position(position, "bet position", IllegalBetError, code="bet.position")
        s = self._state
        if pos == s.banker:
            raise IllegalBetError(f"position {pos} is the banker's: nobody bets on the banker's own position",
                                  code="bet.banker_position")
        name = s.players[pos] if bettor is None else check_name(bettor, "bettor")
        check_amount(amount, "bet", f" on position {pos} by {name!r}")
        if name == self.banker_party:
            raise IllegalBetError(f"{name!r} is the banker and does not bet against the bank", code="bet.banker")
        co = {x.party for x in s.co_bankers}
        if s.players[pos] in co and name != s.players[pos]:
            raise IllegalBetError(
                f"position {pos}'s player {s.players[pos]!r} co-banks and may take no backline bets (Art. 3.3)",
                code="bet.co_banker_position",
            )
        bet = Bet(pos, name, amount)
        bets = s.bets + (bet,)
        if self._covers_all:
            bank = (s.stake or 0) + sum(x.stake for x in s.co_bankers)
            total = sum(b.amount for b in bets)
            if total > bank:
                raise IllegalBetError(
                    f"the bank of {bank} does not cover {total} in bets: the bank covers every bet (docs/rules.md"
                    " §3.1)", code="bet.uncovered")
        held = holders(s.banker, bets)
        for p, h in held.items():
            if h is None:
                names = sorted({b.bettor for b in bets if b.position == p})
                raise IllegalBetError(
                    f"nobody could set position {p}: its bettor{'s' if len(names) > 1 else ''}"
                    f" {', '.join(map(repr, names))} hold{'' if len(names) > 1 else 's'} another position,"
                    " and nobody sets two (Art. 7.5)", code="bet.no_holder",
                )
            if h in co and any(b.bettor != h for b in bets if b.position == p):
                raise IllegalBetError(
                    f"{h!r} co-banks and would hold position {p} with other people's bets on it: a co-banker"
                    " takes no backline bets (Art. 3.3)", code="bet.co_banker_holds",
                )
        return bet

    def can_bet(self, position: int, amount: int, bettor: str | None = None) -> bool:
        return can(self.verify_bet, position, amount, bettor)

    def bet(self, position: int, amount: int, bettor: str | None = None) -> Bet:
        """Place a bet; several bettors may back one position (搭注), and a bettor's bets on one
        position add up."""
        b = self.verify_bet(position, amount, bettor)
        self._commit(BetPlaced(b.position, b.bettor, b.amount), bets=self._state.bets + (b,))
        return b

    # -- the declaration ----------------------------------------------------------------------------
    def verify_declare(self, method: str) -> str:
        """Raise unless the banker may declare the dealing method now: before the round's first
        shake (Art. 4.4); from then on it is frozen, through void shakes and void deals (4.7).
        Returns the declaration."""
        if not isinstance(method, str):
            raise TypeError(f"a dealing method is declared as text, not {method!r}")
        self._require(Phase.BETTING, "declare the dealing method")
        if self._state.frozen:
            raise IllegalActionError(
                "the dealing method is declared before shaking (Art. 4.4) and stays as declared from the first"
                " shake, a void deal included (Art. 4.7)", code="declare.after_shake")
        text = method.strip()
        if not text or len(text) > MAX_DECLARATION:
            raise BetSyntaxError(f"a declaration is 1 to {MAX_DECLARATION} characters, not {method[:40]!r}",
                                 code="declare.syntax")
        return text

    def can_declare(self, method: str) -> bool:
        return can(self.verify_declare, method)

    def declare(self, method: str) -> str:
        """Record the dealing method the banker declares before shaking (Art. 4.4)."""
        text = self.verify_declare(method)
        self._commit(Declared(text), declared=text)
        return text

    # -- shuffle and cuts ---------------------------------------------------------------------------
    def verify_shuffle(self, stacks: Stacks | None = None) -> Stacks | None:
        """Raise unless the tiles may be shuffled and laid out now: before any cut or shake of
        this deal, once. Returns ``stacks``."""
        self._require(Phase.BETTING, "shuffle")
        cur = self._state.current
        if stacks is not None and not isinstance(stacks, Stacks):
            raise TypeError(f"stacks must be Stacks, not {stacks!r}")
        if cur.stacks is not None:
            raise IllegalActionError("the stacks are laid out already for this deal", code="shuffle.twice")
        if cur.cuts or cur.shakes:
            raise IllegalActionError("cannot shuffle after a cut or a shake of this deal", code="shuffle.late")
        return stacks

    def can_shuffle(self, stacks: Stacks | None = None) -> bool:
        return can(self.verify_shuffle, stacks)

    def shuffle(self, stacks: Stacks | None = None) -> Stacks:
        """Shuffle the 32 tiles and lay them out in 8 stacks (or lay out the ``stacks`` given)."""
        self.verify_shuffle(stacks)
        laid = stacks if stacks is not None else _shuffle(rng=self._rng)
        self._commit(Shuffled(laid), current=replace(self._state.current, stacks=laid))
        return laid

    def verify_cut(self, position: int, k: int) -> Cut:
        """Raise unless ``position`` may cut ``k`` stacks now (Art. 2.1): before the shake, at most
        two player positions in the round and one cut each (a void deal is the same round: its cuts
        count), the banker last and nobody after in the deal. Returns the cut."""
        check_position(position)
        cur = self._state.current
        if cur.shakes or self._state.phase is not Phase.BETTING:
            raise IllegalActionError(f"position {position} may not cut: the dice have been shaken (Art. 2.1)",
                                     code="cut.after_shake")
        earlier = tuple(c for d in self._state.void_deals for c in d.cuts)
        check_cut(cur.cuts, position, k, self.banker, self._state.rules.max_cuts, earlier)
        return Cut(position, k)

    def can_cut(self, position: int, k: int) -> bool:
        return can(self.verify_cut, position, k)

    def cut(self, position: int, k: int) -> Cut:
        """Record a cut (moving ``k`` whole stacks from the front of the row to its end)."""
        c = self.verify_cut(position, k)
        cur = self._state.current
        # the stacks as laid out are kept; the cuts are applied when dealing
        self._commit(CutMade(c), current=replace(cur, cuts=cur.cuts + (c,)))
        return c

    # -- dice ---------------------------------------------------------------------------------------
    def verify_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) \
            -> tuple[tuple[int, ...] | None, VoidReason | None]:
        """Raise unless the banker may shake now: the stake on the table (4.4), before the deal,
        and ``dice`` as many as the rule set shakes (4). Returns the dice (None: to be rolled)
        and the void reason."""
        self._require(Phase.BETTING, "shake")
        values = check_dice(dice, self._state.rules.dice) if dice is not None else None
        reason = void_reason(void)
        if self._state.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before shaking (Art. 4.4)",
                                     code="shake.no_stake")
        self._check_halves()
        return values, reason

    def _check_halves(self) -> None:
        """Under rules where the house banks, a player who co-banks with the house covers half:
        the two shares are equal (docs/rules.md §3.1)."""
        s = self._state
        if s.rules.bank != "house" or s.house_banks or s.stake is None:
            return
        house = next((x.stake for x in s.co_bankers if x.party == HOUSE), None)
        if house is not None and house != s.stake:
            raise IllegalActionError(
                f"a player who co-banks with the house covers half the bank: the house's {house} and the"
                f" banker's {s.stake} are to be equal (docs/rules.md §3.1)", code="co_bank.half")

    def can_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> bool:
        return can(self.verify_shake, dice, void)

    def shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> DiceRoll:
        """Shake the 4 dice (``dice`` as seen at the table, or a simulated roll; a rule set may
        shake another number). A ``void``
        shake ("tilted" or "fallen") is recorded and the banker shakes again (Art. 1.5). From the
        first shake on, bets and stakes are frozen (4.7)."""
        values, reason = self.verify_shake(dice, void)
        count = self._state.rules.dice
        roll = DiceRoll(values if values is not None else roll_dice(self._rng, count), reason, count=count)
        cur = self._state.current
        self._commit(Shaken(roll), current=replace(cur, shakes=cur.shakes + (roll,)), frozen=True,
                     phase=Phase.BETTING if roll.void else Phase.SHAKEN)
        return roll

    # -- the deal -----------------------------------------------------------------------------------
    def verify_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> Deal:
        """Raise unless the tiles may be dealt now (after the shake), or ``hands`` (the tiles
        actually dealt, by position) are a legal deal that fits what is known; a void shake must
        be followed by a valid one before any deal (Art. 1.5). Returns the deal."""
        s = self._state
        cur = s.current
        if cur.shakes and cur.shakes[-1].void is not None and s.phase is Phase.BETTING:
            raise IllegalActionError(
                f"cannot deal now: the shake {str(cur.shakes[-1])} was void; shake the dice first, again (Art."
                " 1.5)", code="deal.void_shake")
        simulated: Deal | None = None
        if cur.stacks is not None and s.phase is Phase.SHAKEN:
            row = cur.stacks
            for c in cur.cuts:
                row = row.cut(c.stacks)
            first = self.first_position
            assert first is not None
            simulated = Deal.from_stacks(row, first)
        if hands is None:
            if s.phase is not Phase.SHAKEN:
                raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}; shake the dice first",
                                         code="deal.not_shaken")
            if simulated is None:
                raise IllegalActionError("no stacks are laid out: shuffle, or give the tiles that were dealt",
                                         code="deal.no_stacks")
            return simulated
        if s.phase not in (Phase.BETTING, Phase.SHAKEN):
            raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}", code=f"phase.{s.phase.value}")
        if s.phase is Phase.BETTING and s.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before the deal (Art. 4.4)",
                                     code="deal.no_stake")
        if s.phase is Phase.BETTING:
            self._check_halves()
        if cur.stacks is not None and simulated is None:
            raise IllegalActionError("the stacks are laid out: shake the dice and deal them", code="deal.not_shaken")
        entered = Deal.from_hands(hands, self.first_position)   # the one check of the tiles entered
        if simulated is not None:
            for p in entered.seen:
                if entered.hands[p] != simulated.hands[p]:
                    raise IllegalActionError(
                        f"position {p} was dealt {' '.join(map(str, simulated.hands[p] or ()))} from the"
                        f" stacks, not {' '.join(map(str, entered.hands[p] or ()))}", code="deal.not_the_stacks"
                    )
        missing = [p for p in (s.banker,) + self.playing if entered.hands[p] is None]
        if missing:
            raise IllegalHandError(
                f"the tiles of position{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}"
                " are needed: the banker's and every position with bets", code="deal.missing"
            )
        return entered

    def can_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> bool:
        return can(self.verify_deal, hands)

    def deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> Deal:
        """Deal the stacks in dealing order from the first position (Art. 1.2-1.4), or record
        the tiles a dealer saw dealt: the banker's and every betting position's are needed, the
        others may be left out. Entering a deal before any shake freezes the bets too."""
        d = self.verify_deal(hands)
        self._commit(Dealt(d), current=replace(self._state.current, deal=d), phase=Phase.DEALT, frozen=True)
        return d

    # -- exposed tiles ------------------------------------------------------------------------------
    def verify_expose(self, position: int, tile: TileLike | None = None) -> Exposure:
        """Raise unless a tile of ``position`` can have been exposed while dealing: after the
        deal, before any setting, a tile the position holds. Returns the exposure."""
        pos = check_position(position)
        self._require(Phase.DEALT, "expose a tile")
        s = self._state
        t = Tile.parse(tile) if tile is not None else None
        if any(x is not None for x in s.settings):
            raise IllegalActionError("tiles are exposed while dealing, before any hand is set", code="expose.late")
        if t is not None:
            hand = s.current.deal.hands[pos] if s.current.deal is not None else None
            if hand is not None:
                shown = sum(1 for e in s.current.exposures if e.position == pos and e.tile == t)
                if hand.count(t) <= shown:
                    have = " ".join(map(str, hand))
                    raise IllegalActionError(
                        f"position {pos} holds {have}: no {'other ' if shown else ''}{t} ({t.name_zh}) to expose",
                        code="expose.not_held",
                    )
        if s.current.exposed(pos) >= 4:
            raise IllegalActionError(f"all 4 tiles of position {pos} are exposed already", code="expose.all")
        count = s.current.exposed(pos) + 1
        return Exposure(pos, t, count, exposure_effect(pos, count, s.banker))

    def can_expose(self, position: int, tile: TileLike | None = None) -> bool:
        return can(self.verify_expose, position, tile)

    def expose(self, position: int, tile: TileLike | None = None) -> Exposure:
        """Record a tile turned face up by accident while dealing (Art. 2.2-2.3), counted per
        position: one, play on; two of a player position, its players take no part in the round
        and all their bets, on any position, stand off; two of the banker's, the deal is void and
        is made again with the bets as they are."""
        e = self.verify_expose(position, tile)
        s = self._state
        ev = Exposed(e.position, e.tile)
        cur = replace(s.current, exposures=s.current.exposures + (e,))
        if e.effect is ExposureEffect.VOID_DEAL and e.count == 2:
            self._commit(ev, void_deals=s.void_deals + (replace(cur, void=True),), current=DealRecord(),
                         phase=Phase.BETTING)
        else:
            self._commit(ev, current=cur)
        return e

    # -- settings -----------------------------------------------------------------------------------
    def _setting(self, position: int, setting: SettingLike) -> Setting:
        hand = self._state.current.deal.hands[position] if self._state.current.deal else None
        if hand is None:  # pragma: no cover - the deal always holds the tiles of every playing position
            raise IllegalHandError(f"position {position}'s tiles are not known", code="setting.no_tiles")
        options = settings_of(hand)   # the deal's tiles, checked when dealt
        if isinstance(setting, bool) or not isinstance(setting, (Setting, str, int)):
            raise TypeError(f"a setting is a Setting, 'front | back' or a split 0-2, not {setting!r}")
        if isinstance(setting, int):
            if not 0 <= setting <= 2:
                raise HandSyntaxError(
                    f"split {setting!r} does not exist: the splits are 0 (ab|cd), 1 (ac|bd), 2 (ad|bc)",
                    code="setting.split",
                )
            return options[setting]
        if isinstance(setting, str):
            for option in options:   # a record's setting is the canonical text of one of the three
                if setting == str(option):
                    return option
            setting = Setting.parse(setting)
        if setting not in options:
            raise IllegalHandError(
                f"{str(setting)!r} is not a setting of position {position}'s tiles {' '.join(map(str, hand))}",
                code="setting.not_these_tiles",
            )
        return setting

    def _refuse_strategy(self, what: str) -> None:
        if self._state.live:
            raise IllegalActionError(
                f"{what} may not be set by a strategy: this is a live table, where only the holder sets the"
                " tiles and the engine sets no hand for anyone (Art. 7.1-7.2); strategies set hands in a"
                " simulation only", code="live.strategy")

    def _unset_players(self) -> tuple[int, ...]:
        s = self._state
        return tuple(p for p in self.active if s.settings[p] is None)

    def _check_setter(self, pos: int, by: str | None, action: str = "set") -> None:
        """Raise unless ``pos``'s hand may be placed now, by ``by`` when named (the checks of
        :meth:`verify_set_hand` and :meth:`verify_house_way`)."""
        self._require(Phase.DEALT, f"{action} a hand")
        s = self._state
        if pos != s.banker and pos not in self.playing:
            raise IllegalActionError(f"position {pos} has no bets: nobody plays it this round",
                                     code="setting.no_bets")
        if pos != s.banker and pos in self.unheld:
            names = sorted({b.bettor for b in self.bets_on(pos) if b.bettor not in self.sitting_out})
            raise IllegalActionError(
                f"position {pos} stands off whole: none of its bettors in play ({', '.join(map(repr, names))}) may"
                " hold it, each holding another position or co-banking where others bet (Art. 3.3, 7.4-7.5)",
                code="setting.no_holder")
        if pos != s.banker and pos not in self.active:
            raise IllegalActionError(f"position {pos} sits out: its players take no part, two tiles were exposed"
                                     " (Art. 2.3)", code="setting.sat_out")
        if pos == s.banker:
            if s.settings[pos] is not None:
                raise IllegalActionError(f"the banker's hand is set already and may not be changed (Art. 8.2)",
                                         code="setting.banker_set")
            waiting = self._unset_players()
            if waiting:
                raise IllegalActionError(
                    f"the banker sets after every player (Art. 8.1): position{'s' if len(waiting) > 1 else ''}"
                    f" {', '.join(map(str, waiting))} still to set", code="setting.banker_first"
                )
            deciders = {self.decider} | ({"banker"} if self.decider == self.banker_party else set())
            if by is not None and by not in deciders:
                raise IllegalActionError(
                    f"{by!r} does not decide the banker's setting: {self.decider!r} does, having the larger"
                    " stake of banker and house (the banker on equal stakes, Art. 3.4)", code="setting.not_decider"
                )
        else:
            if s.turned:
                raise IllegalActionError(
                    f"position {pos}'s hand may not change: the banker has turned the first of his tiles"
                    " (Art. 8.2)", code="setting.after_turn"
                )
            holder = self.holder(pos)
            if by is not None and by != holder:
                raise IllegalActionError(f"{by!r} does not set position {pos}: {holder!r} holds it (Art. 7.1, 7.5)",
                                         code="setting.not_holder")

    def _clean_setting(self, position: int, setting: SettingLike, by: str | None,
                       strategy: str | None) -> "Setting | WaySet":
        """The checked setting, or, where the rules make the high hand rank at least the low and
        the holder placed ``setting`` as text ``low | high`` that fouls, the house way's setting of
        the hand, marked as a foul (docs/rules.md §3.1)."""
        pos = check_position(position)
        if by is not None:
            check_name(by, "setter", reserved=())
        if strategy is not None:
            check_strategy_name(strategy)
            self._refuse_strategy(f"position {pos}'s hand")
        s = self._state
        if pos == s.banker and self.way_sets_banker:
            raise IllegalActionError(
                f"the banker's hand is set by the house way ({s.rules.banker_sets}), not by hand: the"
                f" {'house banks' if s.house_banks else 'house shares the bank'} (docs/rules.md §3.1); use house_way",
                code="setting.house_way")
        self._check_setter(pos, by)
        st = self._setting(pos, setting)
        if isinstance(setting, str) and "|" in setting and s.rules.high_at_least_low:
            low, high = setting.split("|", 1)
            t = parse_tiles(list(split_tile_text(low)) + list(split_tile_text(high)), count=4)
            placed = (Hand(t[0], t[1]), Hand(t[2], t[3]))
            if fouls(placed[0], placed[1], s.rules):
                if s.rules.banker_sets == "holder":   # no house way to re-set it by: the foul is refused
                    player_setting(placed[0], placed[1], s.rules)
                return replace(self._way(pos, "foul", by), placed=placed)
        return st

    def _way(self, pos: int, why: str, by: str | None) -> WaySet:
        """The rule set's house way's setting of ``pos``'s hand, and the rule."""
        hand = self._state.current.deal.hands[pos] if self._state.current.deal else None
        assert hand is not None
        way = _house_way(self._state.rules.banker_sets)
        got = way.set(hand)
        return WaySet(pos, got.setting, got.rule, got.way, why, by)

    def verify_set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                        strategy: str | None = None) -> Setting:
        """Raise unless ``setting`` (a Setting, ``"front | back"`` or a split 0-2) may be placed
        for ``position`` now: after the deal, by the holder (7.1, 7.4) or, for the banker's
        disputed setting, by the banker or the house as the stakes say (3.4). Players may
        re-arrange until the banker turns the first of his tiles (8.1-8.2); the banker sets after
        every player, once. ``strategy`` names the strategy that chose the setting in a
        simulation (at most :data:`MAX_STRATEGY_NAME` characters; refused at a live table,
        ``live.strategy``). A position that nobody may hold stands off whole and is not set
        (7.4). Where the house way sets the banker's hand, the banker's is not set by hand
        (``setting.house_way``). Returns the setting as the dealer arranges it; under rules where
        the high hand must rank at least the low, a ``"low | high"`` that fouls is re-set by the
        house way, and that setting is returned (docs/rules.md §3.1)."""
        got = self._clean_setting(position, setting, by, strategy)
        return got.setting if isinstance(got, WaySet) else got

    def can_set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                     strategy: str | None = None) -> bool:
        return can(self.verify_set_hand, position, setting, by, strategy=strategy)

    def set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                 strategy: str | None = None) -> Setting:
        """Place ``position``'s setting (a player may place it again to re-arrange, until the
        banker turns a tile); returns it as the dealer arranges it (smaller hand in front, Art.
        5.2). The banker's setting turns his tiles first (Art. 8.2). In a simulation,
        ``strategy`` names the strategy that chose the setting, and the result says so (a
        replayed record's strategy-set hands come back this way). A fouled ``"low | high"`` is
        re-set by the house way and logged as such (:attr:`ways`)."""
        got = self._clean_setting(position, setting, by, strategy)
        if isinstance(got, WaySet):
            self._place(position, got.setting, by, None, got)
            return got.setting
        self._place(position, got, by, strategy)
        return got

    def verify_house_way(self, position: int, by: str | None = None) -> WaySet:
        """Raise unless ``position``'s hand may be set by the rule set's house way now: the
        house's own hand (or a bank the house shares, :attr:`way_sets_banker`), after every
        player has set (Art. 8.1); or a hand whose holder (``by``, when named) asks for it, while
        the holder may still set it (docs/rules.md §3.1). Rules that name no house way refuse it
        (``house_way.none``). Returns the setting, the rule that decided it and why."""
        pos = check_position(position)
        if by is not None:
            check_name(by, "setter", reserved=())
        s = self._state
        if s.rules.banker_sets == "holder":
            raise IllegalActionError(f"the {s.rules.name!r} rules name no house way: each hand is set by its holder",
                                     code="house_way.none")
        house = pos == s.banker and self.way_sets_banker
        if house and by is not None and by not in (HOUSE, self.banker_party):
            raise IllegalActionError(f"{by!r} does not ask for the house's hand: the house way sets it",
                                     code="setting.not_decider")
        self._check_setter(pos, None if house else by, "set by the house way")
        return self._way(pos, "house" if house else "asked", by)

    def can_house_way(self, position: int, by: str | None = None) -> bool:
        return can(self.verify_house_way, position, by)

    def house_way(self, position: int, by: str | None = None) -> WaySet:
        """Set ``position``'s hand by the house way: the house's own hand, or at its holder's
        request (``by``); returns the setting with the rule that decided it and why, as logged."""
        ws = self.verify_house_way(position, by)
        self._place(position, ws.setting, by, None, ws)
        return ws

    def _place(self, position: int, st: Setting, by: str | None, strategy: str | None,
               way: WaySet | None = None) -> None:
        s = self._state
        events: list[RoundEvent] = []
        turned = s.turned
        if position == s.banker and not turned:
            events.append(Turned())
            turned = True
        events.append(way if way is not None else HandSet(position, st, by, strategy))
        new = list(s.settings)
        new[position] = st
        strat = list(s.strategies)
        strat[position] = strategy
        ways = list(s.ways)
        ways[position] = way
        self._commit(*events, settings=tuple(new), strategies=tuple(strat), turned=turned, ways=tuple(ways))

    def verify_turn(self) -> None:
        """Raise unless the banker may turn the first of his tiles: after the deal, every player
        set (Art. 8.1), once."""
        self._require(Phase.DEALT, "turn the banker's tiles")
        if self._state.turned:
            raise IllegalActionError("the banker has turned his tiles already", code="turn.twice")
        waiting = self._unset_players()
        if waiting:
            raise IllegalActionError(
                f"the banker turns his tiles after every player has set (Art. 8.1): position"
                f"{'s' if len(waiting) > 1 else ''} {', '.join(map(str, waiting))} still to set",
                code="turn.players_unset",
            )

    def can_turn(self) -> bool:
        return can(self.verify_turn)

    def turn(self) -> None:
        """The banker turns the first of his tiles: from now on no setting changes (Art. 8.2)."""
        self.verify_turn()
        self._commit(Turned(), turned=True)

    def verify_set_players(self, strategy: StrategyLike | None = None) -> npt.NDArray[np.float64]:
        """Raise unless the players' hands not yet set can be set by ``strategy`` now (a
        simulation only: refused at a live table, ``live.strategy``); returns the strategy's
        players' table."""
        self._refuse_strategy("the players' hands")
        self._require(Phase.DEALT, "set the players' hands")
        if self._state.turned:
            raise IllegalActionError("the banker has turned his tiles: no setting changes (Art. 8.2)",
                                     code="setting.after_turn")
        return _strategy(strategy, "player")

    def can_set_players(self, strategy: StrategyLike | None = None) -> bool:
        return can(self.verify_set_players, strategy)

    def set_players(self, strategy: StrategyLike | None = None) -> tuple[Setting | None, ...]:
        """Set every playing position not yet set by ``strategy`` (a simulation: the players'
        side of a named strategy such as ``"equilibrium"``, or a table; the result says which
        hands a strategy set); returns all 8 settings so far."""
        table = self.verify_set_players(strategy)
        self._fill(self._unset_players(), table, _label(strategy))
        return self._state.settings

    def _fill(self, positions: Iterable[int], table: npt.NDArray[np.float64], label: str) -> None:
        deal = self._state.current.deal
        assert deal is not None
        for p in positions:
            hand = deal.hands[p]
            assert hand is not None
            self._place(p, choose_setting(hand, table, self._rng), None, label)

    # -- settlement ---------------------------------------------------------------------------------
    def verify_settle(self, strategy: StrategyLike | None = None,
                      banker_strategy: StrategyLike | None = None) -> _SettlePlan:
        """Raise unless the round can be settled now: after the deal, every playing position and
        the banker set by hand (Art. 7.1-7.2) — or, in a simulation, set by ``strategy`` (the
        players' side) and ``banker_strategy`` (by default ``strategy``; the banker's side) for
        the hands not set. At a live table no strategy is taken (``live.strategy``). Returns the
        plan."""
        if strategy is not None or banker_strategy is not None:
            self._refuse_strategy("a hand")
        self._require(Phase.DEALT, "settle")
        s = self._state
        pt = _strategy(strategy, "player") if strategy is not None else None
        bs = banker_strategy if banker_strategy is not None else strategy
        bt = _strategy(bs, "banker") if bs is not None else None
        unset = list(self._unset_players()) if pt is None else []
        if s.settings[s.banker] is None and bt is None and not self.way_sets_banker:
            unset.append(s.banker)
        if unset:
            who = ", ".join(map(str, unset))
            raise IllegalActionError(
                f"position{'s' if len(unset) > 1 else ''} {who} {'have' if len(unset) > 1 else 'has'} not set"
                f" {'their' if len(unset) > 1 else 'its'} tiles: only the holder sets them (Art. 7.1); set each"
                " hand, or pass a strategy to simulate", code="settle.unset",
            )
        if pt is not None and s.turned and self._unset_players():
            raise IllegalActionError("the banker has turned his tiles: no setting changes (Art. 8.2)",
                                     code="setting.after_turn")
        if self.way_sets_banker:   # the house's procedure sets the banker's hand, not a strategy
            bt = None
        return _SettlePlan(pt, bt, _label(strategy) if pt is not None else None,
                           _label(bs) if bt is not None else None, self._unset_players())

    def can_settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> bool:
        return can(self.verify_settle, strategy, banker_strategy)

    def settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> RoundResult:
        """Decide each position against the banker and settle. At a table every hand is set by
        hand first (:meth:`set_hand`); a simulation passes ``strategy`` (a name such as
        ``"equilibrium"`` or ``"max-back"``, or a (35960, 3) table) to set the hands not set, and
        ``banker_strategy`` (by default the same) for the banker's; the result's ``strategies``
        says which hands a strategy set. Where the house way sets the banker's hand
        (:attr:`way_sets_banker`) and it is not set yet, the house way sets it, at a live table
        too: the house's procedure, not a decision of the engine's (docs/rules.md §3.1)."""
        plan = self.verify_settle(strategy, banker_strategy)
        if plan.players is not None and plan.player_label is not None:
            self._fill(plan.fill, plan.players, plan.player_label)
        s = self._state
        if s.settings[s.banker] is None and self.way_sets_banker:
            ws = self._way(s.banker, "house", None)
            self._place(s.banker, ws.setting, None, None, ws)
            s = self._state
        if s.settings[s.banker] is None:
            assert plan.banker is not None and plan.banker_label is not None
            self._fill((s.banker,), plan.banker, plan.banker_label)
            s = self._state
        deal = s.current.deal
        assert deal is not None
        bset = s.settings[s.banker]
        assert bset is not None
        outcomes: list[Outcome | None] = [None] * 8
        plays = []
        away, active, held = self.sitting_out, set(self.active), self.holders()
        for p in self.playing:
            bets = self.bets_on(p)
            if p not in active:   # sat out, or nobody may hold it: it stands off whole
                plays.append(Play(p, None, bets))
                continue
            mine, hand = s.settings[p], deal.hands[p]
            assert mine is not None and hand is not None
            outcomes[p] = compare(mine, bset, s.rules)
            # the deal's tiles are checked already: their settings without parsing them again
            others = tuple(compare(x, bset, s.rules) for x in settings_of(hand) if x != mine)
            plays.append(Play(p, outcomes[p], tuple(b for b in bets if b.bettor not in away), others,
                              held[p], tuple(b for b in bets if b.bettor in away),
                              by_strategy=s.strategies[p] is not None))
        ledger = _settle(s.banker, self.shares, plays, s.options)
        result = RoundResult(s.banker, s.players, self.shares, s.bets, s.void_deals + (s.current,),
                             s.settings, tuple(outcomes), tuple(plays), ledger, s.strategies, s.declared, s.ways,
                             s.house_banks)
        self._commit(Settled(), phase=Phase.SETTLED, result=result)
        return result


def default_strategy() -> str:
    """The strategy a simulation sets hands by when none is named: the setting game's equilibrium."""
    return "equilibrium"


def _strategy(strategy: StrategyLike | None, seat: str) -> npt.NDArray[np.float64]:
    """``resolve(strategy, seat)``; None is the default strategy."""
    return resolve(default_strategy() if strategy is None else strategy, seat)


def _label(strategy: StrategyLike | None) -> str:
    """How a record names a strategy: its name, or ``"table"`` for a caller's table."""
    if strategy is None:
        return default_strategy()
    return strategy if isinstance(strategy, str) else "table"


# -- whole rounds -----------------------------------------------------------------------------------
def simulate_round(
    seed: int | None = None,
    *,
    banker: int = 0,
    stake: int = 1000,
    bets: "Mapping[int, int] | Iterable[Bet] | None" = None,
    house_stake: int | None = None,
    strategy: StrategyLike | None = None,
    banker_strategy: StrategyLike | None = None,
    options: Options | None = None,
    players: Sequence[str] | None = None,
    rules: RulesLike = None,
) -> RoundResult:
    """A whole simulated round: stake, bets (100 on every player position by default),
    shuffle, shake, deal, settings by strategy (the equilibrium by default), outcomes and
    ledger, by ``rules`` (Macau's by default). The same seed replays the same round.

    >>> simulate_round(5) == simulate_round(5)
    True
    >>> r = simulate_round(5, banker=2, bets={3: 200, 6: 50})
    >>> [p.position for p in r.plays], r.ledger.bank, r.strategies[3]
    ([3, 6], 1000, 'equilibrium')
    """
    return simulated_round(seed, banker=banker, stake=stake, bets=bets, house_stake=house_stake,
                           strategy=strategy, banker_strategy=banker_strategy, options=options,
                           players=players, rules=rules).result  # type: ignore[return-value]


def simulated_round(
    seed: int | None = None,
    *,
    banker: int = 0,
    stake: int = 1000,
    bets: "Mapping[int, int] | Iterable[Bet] | None" = None,
    house_stake: int | None = None,
    strategy: StrategyLike | None = None,
    banker_strategy: StrategyLike | None = None,
    options: Options | None = None,
    players: Sequence[str] | None = None,
    rules: RulesLike = None,
) -> Round:
    """:func:`simulate_round`, returning the settled :class:`Round` (its record is
    :func:`paigow.table.records.round_record`)."""
    r = Round(banker, players=players, options=options, rules=rules, house_stake=house_stake, seed=seed)
    r.set_stake(stake)
    if bets is None:
        bets = {p: 100 for p in betting_order(banker)}
    if isinstance(bets, Mapping):
        for p, amount in bets.items():
            r.bet(p, amount)
    else:
        for b in bets:
            r.bet(b.position, b.amount, b.bettor)
    r.shuffle()
    r.shake()
    r.deal()
    r.settle(default_strategy() if strategy is None else strategy, banker_strategy)
    return r
