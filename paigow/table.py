"""The table's procedure (RULES.md 1.6-1.8): a :class:`Round` and a :class:`Session` of rounds.

Both are state machines whose state is one frozen record (``.state``). Every action comes in
three: ``verify_x()`` raises a :class:`~paigow.errors.PaigowError` saying why the action is not
allowed, ``can_x()`` answers yes or no, and ``x()`` acts and returns a frozen record of what
happened. A refused action leaves the table exactly as it was.

A round, step by step:

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
>>> result = r.settle("max-back")
>>> sum(result.ledger.changes.values()) + result.ledger.commission
0
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Union

import numpy as np
import numpy.typing as npt

from paigow.dealing import (
    POSITIONS,
    Cut,
    Deal,
    DiceRoll,
    Exposure,
    ExposureEffect,
    HandLike,
    Stacks,
    VoidReason,
    check_cut,
    _check_dice,
    check_position,
    exposure_effect,
    make_rng,
    roll_dice,
    shuffle as _shuffle,
)
from paigow.errors import (
    IllegalActionError,
    InvalidBetError,
    InvalidHandError,
    InvalidRecordError,
    InvalidStrategyError,
    PaigowError,
)
from paigow.settings import Outcome, Setting, compare, settings
from paigow.settlement import (
    HOUSE,
    Bet,
    Ledger,
    Options,
    Play,
    Share,
    _check_name,
    betting_order,
    check_amount,
    settle as _settle,
)
from paigow.strategies import hand_index, resolve
from paigow.tiles import DECK, Tile, TileLike, deck_indices

__all__ = [
    "Phase",
    "DealRecord",
    "RoundState",
    "RoundResult",
    "Round",
    "BankEvent",
    "SessionState",
    "Session",
    "default_players",
    "default_strategy",
    "choose_setting",
    "simulate_round",
    "round_from_record",
]

SettingLike = Union[Setting, str, int]
StrategyLike = Union[str, "npt.ArrayLike"]


def default_players() -> tuple[str, ...]:
    """The names of the players when none are given: ``P0`` … ``P7``, by position."""
    return tuple(f"P{p}" for p in POSITIONS)


def _check_players(players: Sequence[str] | None) -> tuple[str, ...]:
    if players is None:
        return default_players()
    if isinstance(players, str) or len(players) != 8:
        raise InvalidBetError(f"players are 8 names, one per position, not {players!r}")
    names = tuple(_check_name(p, f"player of position {i}") for i, p in enumerate(players))
    if len(set(names)) != 8:
        twice = next(n for n in names if names.count(n) > 1)
        raise InvalidBetError(f"player {twice!r} sits at two positions: give each position its own name")
    return names


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
    options = settings([DECK[i] for i in idx])
    best = int(np.argmax(row))
    if row[best] >= 1.0 - 1e-12:
        return options[best]
    u, acc = rng.random(), 0.0
    for i in range(3):
        acc += float(row[i])
        if u < acc:
            return options[i]
    return options[best]  # pragma: no cover - rounding at the top of the cumulative sum


# -- records ----------------------------------------------------------------------------------------
class Phase(enum.Enum):
    """Where a round stands."""

    BETTING = "betting"
    """Before the shake: stake, co-banking, bets, the shuffle, cuts."""
    SHAKEN = "shaken"
    """The dice have picked the first stack; the tiles are to be dealt."""
    DEALT = "dealt"
    """Tiles dealt: exposures while dealing, then the settings."""
    SETTLED = "settled"
    """Outcomes decided and the ledger drawn up."""


@dataclass(frozen=True)
class DealRecord:
    """One deal of a round: the stacks as laid out (None when the dealer entered the dealt
    tiles), the cuts, every shake (void ones too), the deal and the exposed tiles. ``void``
    marks a deal made void by two of the banker's tiles exposed (Art. 2.3)."""

    stacks: Stacks | None = None
    cuts: tuple[Cut, ...] = ()
    shakes: tuple[DiceRoll, ...] = ()
    deal: Deal | None = None
    exposures: tuple[Exposure, ...] = ()
    void: bool = False

    @property
    def dice(self) -> DiceRoll | None:
        """The shake that counted (the last one, when it is not void)."""
        if self.shakes and self.shakes[-1].void is None:
            return self.shakes[-1]
        return None

    def exposed(self, position: int) -> int:
        """How many tiles were exposed at ``position`` in this deal."""
        return sum(1 for e in self.exposures if e.position == position)

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON."""
        return {
            "stacks": str(self.stacks) if self.stacks is not None else None,
            "cuts": [{"position": c.position, "stacks": c.stacks} for c in self.cuts],
            "shakes": [{"dice": list(s.dice), "total": s.total, "void": s.void.value if s.void else None}
                       for s in self.shakes],
            "first": self.deal.first if self.deal is not None else None,
            "hands": ({str(p): [str(t) for t in h] for p, h in enumerate(self.deal.hands) if h is not None}
                      if self.deal is not None else None),
            "exposures": [{"position": e.position, "tile": str(e.tile) if e.tile else None,
                           "effect": e.effect.value} for e in self.exposures],
            "void": self.void,
        }


@dataclass(frozen=True)
class RoundResult:
    """A settled round: who banked with what, every bet, the deals, each position's setting
    and outcome (``None`` for the banker, for positions without bets and for positions that sat
    out), the plays handed to settlement and the ledger."""

    banker: int
    players: tuple[str, ...]
    shares: tuple[Share, ...]
    bets: tuple[Bet, ...]
    deals: tuple[DealRecord, ...]
    settings: tuple[Setting | None, ...]
    outcomes: tuple[Outcome | None, ...]
    plays: tuple[Play, ...]
    ledger: Ledger

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
        """Positions with bets that took no part (two tiles exposed)."""
        return tuple(p.position for p in self.plays if p.outcome is None)

    def to_json(self) -> dict[str, Any]:
        """The whole round as JSON (``paigow round --json``, ``paigow settle``); ``positions``
        lists the banker and every position with bets or known tiles, in betting order."""
        positions = []
        plays = {p.position: p for p in self.plays}
        for pos in (self.banker,) + betting_order(self.banker):
            hand = self.deal.hands[pos]
            s = self.settings[pos]
            play = plays.get(pos)
            if hand is None and play is None:
                continue
            positions.append({
                "position": pos,
                "role": "banker" if pos == self.banker else "player",
                "tiles": [str(t) for t in hand] if hand is not None else None,
                "setting": str(s) if s is not None else None,
                "front": s.front.name_zh if s is not None else None,
                "back": s.back.name_zh if s is not None else None,
                "holder": play.holder if play is not None else None,
                "bets": [{"bettor": b, "amount": a} for b, a in play.stakes] if play is not None else [],
                "outcome": _outcome_json(self.outcomes[pos]),
                "other_outcomes": [_outcome_json(o) for o in play.other_outcomes] if play is not None else [],
                "sat_out": play is not None and play.outcome is None,
            })
        return {
            "banker": self.banker,
            "players": list(self.players),
            "shares": [{"party": s.party, "stake": s.stake} for s in self.shares],
            "bets": [{"position": b.position, "bettor": b.bettor, "amount": b.amount} for b in self.bets],
            "deals": [d.to_json() for d in self.deals],
            "positions": positions,
            "ledger": self.ledger.to_json(),
        }


def _outcome_json(o: Outcome | None) -> str | None:
    return {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose", None: None}[o]


@dataclass(frozen=True)
class RoundState:
    """Everything a :class:`Round` knows, as one frozen value (compare two to see a change)."""

    banker: int
    players: tuple[str, ...]
    options: Options
    min_stake: int
    phase: Phase = Phase.BETTING
    stake: int | None = None
    co_bankers: tuple[Share, ...] = ()
    bets: tuple[Bet, ...] = ()
    frozen: bool = False
    current: DealRecord = field(default_factory=DealRecord)
    void_deals: tuple[DealRecord, ...] = ()
    settings: tuple[Setting | None, ...] = (None,) * 8
    result: RoundResult | None = None


# -- the round --------------------------------------------------------------------------------------
class Round:
    """One round at the table, from the stake and the bets to the ledger.

    ``banker`` is the banker's position; ``players`` names the player of each position (``P0``
    … by default; a bet's bettor defaults to the position's player). ``house_stake`` puts the
    house's share in the bank (Art. 3.1); ``min_stake`` is a stake carried from the previous
    round that may not be lowered (Art. 4.9). Randomness comes from ``rng``, or from
    ``random.Random(seed)`` when a seed is given, else from the operating system.
    """

    def __init__(
        self,
        banker: int,
        *,
        players: Sequence[str] | None = None,
        options: Options | None = None,
        house_stake: int | None = None,
        min_stake: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        check_position(banker, "banker")
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise IllegalActionError(f"options must be Options, not {options!r}")
        if not isinstance(min_stake, int) or isinstance(min_stake, bool) or min_stake < 0:
            raise InvalidBetError(f"min_stake {min_stake!r} must be a whole number of minor units, at least 0")
        self._rng = rng if rng is not None else make_rng(seed)
        self._state = RoundState(banker, _check_players(players), options, min_stake)
        if house_stake is not None:
            self.co_bank(HOUSE, house_stake)

    # -- reading the table --------------------------------------------------------------------------
    @property
    def state(self) -> RoundState:
        """The whole state, frozen."""
        return self._state

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def banker(self) -> int:
        return self._state.banker

    @property
    def banker_party(self) -> str:
        """The banker's name: the player of the banker's position."""
        return self._state.players[self._state.banker]

    @property
    def shares(self) -> tuple[Share, ...]:
        """The bank's shares: the banker's stake first, then co-bankers in the order they joined."""
        s = self._state
        own = (Share(self.banker_party, s.stake),) if s.stake is not None else ()
        return own + s.co_bankers

    @property
    def bank(self) -> int:
        """The bank: the sum of the shares, which caps the bank's win and loss (Art. 4.5)."""
        return sum(x.stake for x in self.shares)

    @property
    def bets(self) -> tuple[Bet, ...]:
        return self._state.bets

    @property
    def frozen(self) -> bool:
        """True once the dice have been shaken: bets and stakes may no longer change (Art. 4.7)."""
        return self._state.frozen

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

    def holder(self, position: int) -> str | None:
        """Who holds ``position`` and sets its tiles: the largest bet, the first on equal bets."""
        return Play(check_position(position), None, self.bets_on(position)).holder

    @property
    def playing(self) -> tuple[int, ...]:
        """Positions with bets, in betting order."""
        return tuple(p for p in betting_order(self.banker) if self.bets_on(p))

    @property
    def sat_out(self) -> tuple[int, ...]:
        """Positions with bets that take no part: two of their tiles exposed (Art. 2.3)."""
        return tuple(p for p in self.playing if self._state.current.exposed(p) >= 2)

    def co_banker_position(self, party: str) -> int | None:
        """The position of a co-banking player (None for the house)."""
        return self._state.players.index(party) if party in self._state.players else None

    @property
    def decider(self) -> str:
        """Who decides the banker's setting when it is disputed: the larger stake of the banker
        and the house; on equal stakes the banker (Art. 3.4)."""
        s = self._state
        house = next((x.stake for x in s.co_bankers if x.party == HOUSE), 0)
        return HOUSE if house > (s.stake or 0) else self.banker_party

    def __repr__(self) -> str:
        s = self._state
        return (f"<Round banker={s.banker} phase={s.phase.value} bank={self.bank} bets={len(s.bets)}"
                f" frozen={s.frozen}>")

    # -- helpers ------------------------------------------------------------------------------------
    def _commit(self, **changes: Any) -> None:
        self._state = replace(self._state, **changes)

    def _require(self, phase: Phase, action: str) -> None:
        s = self._state
        if s.phase is not phase:
            raise IllegalActionError(f"cannot {action} now: the round is {s.phase.value}, not {phase.value}")

    def _before_shake(self, action: str, what: str) -> None:
        if self._state.frozen:
            raise IllegalActionError(f"no {what} may be placed or changed after the shake (Art. 4.7)")
        self._require(Phase.BETTING, action)

    # -- the banker's stake and co-banking ----------------------------------------------------------
    def verify_set_stake(self, amount: int) -> None:
        """Raise unless the banker may put ``amount`` on the table as the stake (Art. 4.4, 4.9)."""
        self._before_shake("set the stake", "stake")
        check_amount(amount, "stake", f" of the banker {self.banker_party!r}")
        if amount < self._state.min_stake:
            raise InvalidBetError(
                f"stake {amount!r} is below {self._state.min_stake}, the stake carried from the last"
                " round: it may be topped up, never lowered (Art. 4.9)"
            )

    def can_set_stake(self, amount: int) -> bool:
        return _can(self.verify_set_stake, amount)

    def set_stake(self, amount: int) -> Share:
        """Put the banker's stake (本金) on the table; returns the banker's share."""
        self.verify_set_stake(amount)
        self._commit(stake=amount)
        return Share(self.banker_party, amount)

    def _co_party(self, party: "int | str") -> str:
        if party == HOUSE:
            return HOUSE
        pos = check_position(party, "co-banking position")
        if pos == self.banker:
            raise IllegalActionError(f"position {pos} is the banker's: the banker's own stake is set_stake()")
        return self._state.players[pos]

    def verify_co_bank(self, party: "int | str", stake: int) -> None:
        """Raise unless ``party`` (``"house"`` or a player position) may share the bank with
        ``stake`` (Art. 3.1-3.3): before the shake, and a player whose position has bets from
        others may not co-bank, as a co-banker takes no backline bets."""
        self._before_shake("co-bank", "stake")
        name = self._co_party(party)
        check_amount(stake, "stake", f" of co-banker {name!r}")
        if name != HOUSE:
            pos = self._state.players.index(name)
            others = sorted({b.bettor for b in self.bets_on(pos) if b.bettor != name})
            if others:
                raise IllegalActionError(
                    f"position {pos} has backline bets from {', '.join(map(repr, others))}: its player"
                    f" {name!r} may not co-bank, since a co-banker takes no backline bets (Art. 3.3)"
                )

    def can_co_bank(self, party: "int | str", stake: int) -> bool:
        return _can(self.verify_co_bank, party, stake)

    def co_bank(self, party: "int | str", stake: int) -> Share:
        """Share the bank: ``"house"`` or the player of a position puts ``stake`` in it (a second
        call for the same party replaces its stake)."""
        self.verify_co_bank(party, stake)
        share = Share(self._co_party(party), stake)
        cur = self._state.co_bankers
        if any(x.party == share.party for x in cur):  # a new stake keeps its place in the order
            self._commit(co_bankers=tuple(share if x.party == share.party else x for x in cur))
        else:
            self._commit(co_bankers=cur + (share,))
        return share

    # -- bets ---------------------------------------------------------------------------------------
    def verify_bet(self, position: int, amount: int, bettor: str | None = None) -> None:
        """Raise unless ``bettor`` (the position's player by default) may bet ``amount`` on
        ``position``: before the shake (4.6-4.7), a positive whole amount, not on the banker's
        position, not by the banker or the house, not on a co-banker's position by anyone else
        (3.3), and not making one bettor hold two positions (7.5)."""
        self._before_shake("bet", "bet")
        pos = check_position(position, "bet position", InvalidBetError)
        s = self._state
        if pos == s.banker:
            raise InvalidBetError(f"position {pos} is the banker's: nobody bets on the banker's own position")
        name = s.players[pos] if bettor is None else _check_name(bettor, "bettor")
        check_amount(amount, "bet", f" on position {pos} by {name!r}")
        if name == self.banker_party:
            raise InvalidBetError(f"{name!r} is the banker and does not bet against the bank")
        if s.players[pos] in {x.party for x in s.co_bankers} and name != s.players[pos]:
            raise InvalidBetError(
                f"position {pos}'s player {s.players[pos]!r} co-banks and may take no backline bets (Art. 3.3)"
            )
        bets = s.bets + (Bet(pos, name, amount),)
        held = [p for p in POSITIONS if Play(p, None, tuple(b for b in bets if b.position == p)).holder == name]
        if len(held) > 1:
            raise InvalidBetError(
                f"{name!r} would hold positions {held[0]} and {held[1]}: nobody sets the tiles of more than"
                " one position (Art. 7.5)"
            )

    def can_bet(self, position: int, amount: int, bettor: str | None = None) -> bool:
        return _can(self.verify_bet, position, amount, bettor)

    def bet(self, position: int, amount: int, bettor: str | None = None) -> Bet:
        """Place a bet; several bettors may back one position (搭注), and a bettor's bets on one
        position add up."""
        self.verify_bet(position, amount, bettor)
        b = Bet(position, self._state.players[position] if bettor is None else bettor, amount)
        self._commit(bets=self._state.bets + (b,))
        return b

    # -- shuffle and cuts ---------------------------------------------------------------------------
    def verify_shuffle(self, stacks: Stacks | None = None) -> None:
        """Raise unless the tiles may be shuffled and laid out now: before any cut or shake of
        this deal, once."""
        self._require(Phase.BETTING, "shuffle")
        cur = self._state.current
        if cur.stacks is not None:
            raise IllegalActionError("the stacks are laid out already for this deal")
        if cur.cuts or cur.shakes:
            raise IllegalActionError("cannot shuffle after a cut or a shake of this deal")
        if stacks is not None and not isinstance(stacks, Stacks):
            raise InvalidHandError(f"stacks must be Stacks, not {stacks!r}")

    def can_shuffle(self, stacks: Stacks | None = None) -> bool:
        return _can(self.verify_shuffle, stacks)

    def shuffle(self, stacks: Stacks | None = None) -> Stacks:
        """Shuffle the 32 tiles and lay them out in 8 stacks (or lay out the ``stacks`` given)."""
        self.verify_shuffle(stacks)
        laid = stacks if stacks is not None else _shuffle(rng=self._rng)
        self._commit(current=replace(self._state.current, stacks=laid))
        return laid

    def verify_cut(self, position: int, k: int) -> None:
        """Raise unless ``position`` may cut ``k`` stacks now (Art. 2.1): before the shake, at most
        two player positions, one cut each, the banker last and nobody after."""
        check_position(position)
        cur = self._state.current
        if cur.shakes or self._state.phase is not Phase.BETTING:
            raise IllegalActionError(f"position {position} may not cut: the dice have been shaken (Art. 2.1)")
        check_cut(cur.cuts, position, k, self.banker)

    def can_cut(self, position: int, k: int) -> bool:
        return _can(self.verify_cut, position, k)

    def cut(self, position: int, k: int) -> Cut:
        """Record a cut (moving ``k`` whole stacks from the front of the row to its end)."""
        self.verify_cut(position, k)
        c = Cut(position, k)
        cur = self._state.current
        # the stacks as laid out are kept; the cuts are applied when dealing
        self._commit(current=replace(cur, cuts=cur.cuts + (c,)))
        return c

    # -- dice ---------------------------------------------------------------------------------------
    def verify_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> None:
        """Raise unless the banker may shake now: the stake on the table (4.4), before the deal."""
        self._require(Phase.BETTING, "shake")
        if self._state.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before shaking (Art. 4.4)")
        DiceRoll(_check_dice(dice) if dice is not None else (1, 1, 1, 1), _void(void))

    def can_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> bool:
        return _can(self.verify_shake, dice, void)

    def shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> DiceRoll:
        """Shake the 4 dice (``dice`` as seen at the table, or a simulated roll). A ``void``
        shake ("tilted" or "fallen") is recorded and the banker shakes again (Art. 1.5). From the
        first shake on, bets and stakes are frozen (4.7)."""
        self.verify_shake(dice, void)
        values = _check_dice(dice) if dice is not None else roll_dice(self._rng)
        roll = DiceRoll(values, _void(void))
        cur = self._state.current
        self._commit(current=replace(cur, shakes=cur.shakes + (roll,)), frozen=True,
                     phase=Phase.BETTING if roll.void else Phase.SHAKEN)
        return roll

    # -- the deal -----------------------------------------------------------------------------------
    def _dealt(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None") -> Deal:
        s = self._state
        cur = s.current
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
                raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}; shake the dice first")
            if simulated is None:
                raise IllegalActionError("no stacks are laid out: shuffle, or give the tiles that were dealt")
            return simulated
        if s.phase not in (Phase.BETTING, Phase.SHAKEN):
            raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}")
        if s.phase is Phase.BETTING and s.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before the deal (Art. 4.4)")
        if cur.stacks is not None and simulated is None:
            raise IllegalActionError("the stacks are laid out: shake the dice and deal them")
        entered = Deal.from_hands(hands)
        if simulated is not None:
            for p in entered.seen:
                if entered.hands[p] != simulated.hands[p]:
                    raise IllegalActionError(
                        f"position {p} was dealt {' '.join(map(str, simulated.hands[p] or ()))} from the"
                        f" stacks, not {' '.join(map(str, entered.hands[p] or ()))}"
                    )
        missing = [p for p in (s.banker,) + self.playing if entered.hands[p] is None]
        if missing:
            raise InvalidHandError(
                f"the tiles of position{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}"
                " are needed: the banker's and every position with bets"
            )
        return Deal(entered.hands, self.first_position)

    def verify_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> None:
        """Raise unless the tiles may be dealt now (after the shake), or ``hands`` (the tiles
        actually dealt, by position) are a legal deal that fits what is known."""
        self._dealt(hands)

    def can_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> bool:
        return _can(self.verify_deal, hands)

    def deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> Deal:
        """Deal the stacks in dealing order from the first position (Art. 1.2-1.4), or record
        the tiles a dealer saw dealt: the banker's and every betting position's are needed, the
        others may be left out. Entering a deal before any shake freezes the bets too."""
        d = self._dealt(hands)
        self._commit(current=replace(self._state.current, deal=d), phase=Phase.DEALT, frozen=True)
        return d

    # -- exposed tiles ------------------------------------------------------------------------------
    def verify_expose(self, position: int, tile: TileLike | None = None) -> None:
        """Raise unless a tile of ``position`` can have been exposed while dealing: after the
        deal, before any setting, a tile the position holds."""
        pos = check_position(position)
        self._require(Phase.DEALT, "expose a tile")
        s = self._state
        if any(x is not None for x in s.settings):
            raise IllegalActionError("tiles are exposed while dealing, before any hand is set")
        if tile is not None:
            t = Tile.parse(tile)
            hand = s.current.deal.hands[pos] if s.current.deal is not None else None
            if hand is not None:
                shown = sum(1 for e in s.current.exposures if e.position == pos and e.tile == t)
                if hand.count(t) <= shown:
                    have = " ".join(map(str, hand))
                    raise IllegalActionError(
                        f"position {pos} holds {have}: no {'other ' if shown else ''}{t} ({t.name_zh}) to expose"
                    )
        if s.current.exposed(pos) >= 4:
            raise IllegalActionError(f"all 4 tiles of position {pos} are exposed already")

    def can_expose(self, position: int, tile: TileLike | None = None) -> bool:
        return _can(self.verify_expose, position, tile)

    def expose(self, position: int, tile: TileLike | None = None) -> Exposure:
        """Record a tile turned face up by accident while dealing (Art. 2.2-2.3), counted per
        position: one, play on; two of a player position, it sits out and its bets stand off;
        two of the banker's, the deal is void and is made again with the bets as they are."""
        self.verify_expose(position, tile)
        s = self._state
        count = s.current.exposed(position) + 1
        effect = exposure_effect(position, count, s.banker)
        e = Exposure(position, Tile.parse(tile) if tile is not None else None, count, effect)
        cur = replace(s.current, exposures=s.current.exposures + (e,))
        if effect is ExposureEffect.VOID_DEAL and count == 2:
            self._commit(void_deals=s.void_deals + (replace(cur, void=True),), current=DealRecord(),
                         phase=Phase.BETTING)
        else:
            self._commit(current=cur)
        return e

    # -- settings -----------------------------------------------------------------------------------
    def _setting(self, position: int, setting: SettingLike) -> Setting:
        hand = self._state.current.deal.hands[position] if self._state.current.deal else None
        if hand is None:  # pragma: no cover - the deal always holds the tiles of every playing position
            raise InvalidHandError(f"position {position}'s tiles are not known")
        options = settings(hand)
        if isinstance(setting, bool):
            raise InvalidHandError(f"a setting is a Setting, 'front | back' or a split 0-2, not {setting!r}")
        if isinstance(setting, int):
            if not 0 <= setting <= 2:
                raise InvalidHandError(f"split {setting!r} does not exist: the splits are 0 (ab|cd), 1 (ac|bd), 2 (ad|bc)")
            return options[setting]
        if isinstance(setting, str):
            setting = Setting.parse(setting)
        if not isinstance(setting, Setting):
            raise InvalidHandError(f"a setting is a Setting, 'front | back' or a split 0-2, not {setting!r}")
        if setting not in options:
            raise InvalidHandError(
                f"{str(setting)!r} is not a setting of position {position}'s tiles {' '.join(map(str, hand))}"
            )
        return setting

    def verify_set_hand(self, position: int, setting: SettingLike, by: str | None = None) -> None:
        """Raise unless ``setting`` (a Setting, ``"front | back"`` or a split 0-2) may be placed
        for ``position`` now: after the deal, once, by the holder (7.1, 7.4) or, for the banker's
        disputed setting, by the banker or the house as the stakes say (3.4); the banker's after
        every player's (8.1)."""
        pos = check_position(position)
        self._require(Phase.DEALT, "set a hand")
        s = self._state
        if pos != s.banker and pos not in self.playing:
            raise IllegalActionError(f"position {pos} has no bets: nobody plays it this round")
        if pos in self.sat_out:
            raise IllegalActionError(f"position {pos} sits out: two of its tiles were exposed (Art. 2.3)")
        if s.settings[pos] is not None:
            raise IllegalActionError(f"position {pos}'s hand is set already and may not be changed (Art. 8.2)")
        if pos == s.banker:
            waiting = self._unset_players()
            if waiting:
                raise IllegalActionError(
                    f"the banker sets after every player (Art. 8.1): position{'s' if len(waiting) > 1 else ''}"
                    f" {', '.join(map(str, waiting))} still to set"
                )
            deciders = {self.decider} | ({"banker"} if self.decider == self.banker_party else set())
            if by is not None and by not in deciders:
                raise IllegalActionError(
                    f"{by!r} does not decide the banker's setting: {self.decider!r} does, having the larger"
                    " stake of banker and house (the banker on equal stakes, Art. 3.4)"
                )
        elif by is not None and by != self.holder(pos):
            raise IllegalActionError(
                f"{by!r} does not set position {pos}: {self.holder(pos)!r} holds the largest bet (Art. 7.1)"
            )
        self._setting(pos, setting)

    def can_set_hand(self, position: int, setting: SettingLike, by: str | None = None) -> bool:
        return _can(self.verify_set_hand, position, setting, by)

    def set_hand(self, position: int, setting: SettingLike, by: str | None = None) -> Setting:
        """Place ``position``'s setting; returns it as the dealer arranges it (smaller hand in
        front, Art. 5.2)."""
        self.verify_set_hand(position, setting, by)
        st = self._setting(position, setting)
        new = list(self._state.settings)
        new[position] = st
        self._commit(settings=tuple(new))
        return st

    def _unset_players(self) -> tuple[int, ...]:
        s = self._state
        return tuple(p for p in self.playing if p not in self.sat_out and s.settings[p] is None)

    def verify_set_players(self, strategy: StrategyLike | None = None) -> None:
        """Raise unless the players' hands not yet set can be set by ``strategy`` now."""
        self._require(Phase.DEALT, "set the players' hands")
        _strategy(strategy, "player")

    def can_set_players(self, strategy: StrategyLike | None = None) -> bool:
        return _can(self.verify_set_players, strategy)

    def set_players(self, strategy: StrategyLike | None = None) -> tuple[Setting | None, ...]:
        """Set every playing position not yet set by ``strategy`` (the players' side of a named
        strategy such as ``"equilibrium"``, or a table); returns all 8 settings so far."""
        self.verify_set_players(strategy)
        table = _strategy(strategy, "player")
        deal = self._state.current.deal
        assert deal is not None
        chosen = list(self._state.settings)
        for p in self._unset_players():
            hand = deal.hands[p]
            assert hand is not None
            chosen[p] = choose_setting(hand, table, self._rng)
        self._commit(settings=tuple(chosen))
        return tuple(chosen)

    # -- settlement ---------------------------------------------------------------------------------
    def verify_settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> None:
        """Raise unless the round can be settled now (after the deal) with these strategies for
        the hands not set by hand."""
        self._require(Phase.DEALT, "settle")
        _strategy(strategy, "player")
        _strategy(strategy if banker_strategy is None else banker_strategy, "banker")

    def can_settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> bool:
        return _can(self.verify_settle, strategy, banker_strategy)

    def settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> RoundResult:
        """Set every hand not yet set by ``strategy`` (the players' side; ``banker_strategy``, by
        default the same name, for the banker), decide each position against the banker, and
        settle. A name such as ``"equilibrium"`` or ``"max-back"`` or a (35960, 3) table; by
        default :func:`default_strategy`."""
        self.verify_settle(strategy, banker_strategy)
        s = self._state
        player_t = _strategy(strategy, "player")
        banker_t = _strategy(strategy if banker_strategy is None else banker_strategy, "banker")
        deal = s.current.deal
        assert deal is not None
        chosen = list(s.settings)
        for p in self._unset_players():
            hand = deal.hands[p]
            assert hand is not None
            chosen[p] = choose_setting(hand, player_t, self._rng)
        bhand = deal.hands[s.banker]
        assert bhand is not None
        if chosen[s.banker] is None:
            chosen[s.banker] = choose_setting(bhand, banker_t, self._rng)
        bset = chosen[s.banker]
        assert bset is not None
        outcomes: list[Outcome | None] = [None] * 8
        plays = []
        for p in self.playing:
            if p in self.sat_out:
                plays.append(Play(p, None, self.bets_on(p)))
                continue
            mine, hand = chosen[p], deal.hands[p]
            assert mine is not None and hand is not None
            outcomes[p] = compare(mine, bset)
            others = tuple(compare(x, bset) for x in settings(hand) if x != mine)
            plays.append(Play(p, outcomes[p], self.bets_on(p), others))
        ledger = _settle(s.banker, self.shares, plays, s.options)
        result = RoundResult(s.banker, s.players, self.shares, s.bets, s.void_deals + (s.current,),
                             tuple(chosen), tuple(outcomes), tuple(plays), ledger)
        self._commit(settings=tuple(chosen), phase=Phase.SETTLED, result=result)
        return result


def default_strategy() -> str:
    """The strategy for hands nobody sets by hand: the setting game's equilibrium."""
    return "equilibrium"


def _strategy(strategy: StrategyLike | None, seat: str) -> npt.NDArray[np.float64]:
    """``resolve(strategy, seat)``; None is the default strategy."""
    return resolve(default_strategy() if strategy is None else strategy, seat)


def _void(void: "VoidReason | str | None") -> VoidReason | None:
    if void is None or isinstance(void, VoidReason):
        return void
    try:
        return VoidReason(void)
    except ValueError:
        raise IllegalActionError(f"a shake is void for tilted or fallen dice, not {void!r} (Art. 1.5)") from None


def _can(verify: Callable[..., None], *args: Any) -> bool:
    try:
        verify(*args)
    except PaigowError:
        return False
    return True


# -- a session of rounds ----------------------------------------------------------------------------
class BankEvent(enum.Enum):
    """What happened to the bank between rounds."""

    PASS = "pass"
    """The banker gives up the bank; the turn goes to the next position in dealing order."""
    DECLINE = "decline"
    """The position whose turn it is declines; the turn goes on (Art. 4.3)."""
    ACCEPT = "accept"
    """The position whose turn it is takes the bank."""


@dataclass(frozen=True)
class BankTurn:
    """A record of the bank moving: ``position`` did ``event``; ``to`` is whose turn it is now
    (or who banks, after an accept)."""

    event: BankEvent
    position: int
    to: int

    def __str__(self) -> str:
        if self.event is BankEvent.ACCEPT:
            return f"{self.position} takes the bank"
        verb = "passes" if self.event is BankEvent.PASS else "declines"
        return f"{self.position} {verb}; the turn to bank goes to {self.to}"


@dataclass(frozen=True)
class SessionState:
    """Everything a :class:`Session` knows, as one frozen value."""

    players: tuple[str, ...]
    options: Options
    house_stake: int | None
    banker: int | None
    offer: int | None = None
    declined: tuple[int, ...] = ()
    rounds_banked: int = 0
    carried: int | None = None
    last_bettors: tuple[int, ...] | None = None
    open_round: bool = False
    history: tuple[RoundResult, ...] = ()
    turns: tuple[BankTurn, ...] = ()


class Session:
    """Rounds in a row at one table (Art. 4): the bank passes in dealing order; a banker banks at
    most two rounds in a row unless the other seven agree; the position whose turn it is may
    decline, and the turn goes to the nearest position after it that bet in the previous round;
    a banker who goes on carries the stake plus the result, topped up, never lowered.

    >>> s = Session(banker=0, seed=1)
    >>> r = s.start_round(1000)
    >>> _ = r.bet(1, 100), r.shuffle(), r.shake(), r.deal(), r.settle()
    >>> first = s.end_round()
    >>> s.carried == 1000 + first.ledger.changes["P0"]
    True
    >>> s.can_start_round(s.carried - 1)        # the stake may not be lowered (Art. 4.9)
    False
    """

    def __init__(
        self,
        banker: int = 0,
        *,
        players: Sequence[str] | None = None,
        options: Options | None = None,
        house_stake: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        check_position(banker, "banker")
        if house_stake is not None:
            check_amount(house_stake, "stake", " of the house")
        self._rng = rng if rng is not None else make_rng(seed)
        self._round: Round | None = None
        self._state = SessionState(_check_players(players), options or Options(), house_stake, banker)

    @property
    def state(self) -> SessionState:
        return self._state

    @property
    def banker(self) -> int | None:
        """The banker's position (None while the bank is offered)."""
        return self._state.banker

    @property
    def offer(self) -> int | None:
        """The position whose turn it is to take the bank, while it is offered."""
        return self._state.offer

    @property
    def carried(self) -> int | None:
        """The stake carried into the banker's next round: last stake plus the result (4.9)."""
        return self._state.carried

    @property
    def round(self) -> Round | None:
        """The open round, if any."""
        return self._round

    def __repr__(self) -> str:
        s = self._state
        return f"<Session banker={s.banker} offer={s.offer} rounds_banked={s.rounds_banked} rounds={len(s.history)}>"

    def _commit(self, **changes: Any) -> None:
        self._state = replace(self._state, **changes)

    # -- rounds -------------------------------------------------------------------------------------
    def verify_start_round(self, stake: int | None = None, *, others_agree: bool = False) -> None:
        """Raise unless the banker may start a round with ``stake`` (None: the carried stake)."""
        s = self._state
        if s.open_round:
            raise IllegalActionError("a round is open: end it first")
        if s.banker is None:
            raise IllegalActionError(f"the bank is offered to position {s.offer}: it accepts or declines first")
        if s.rounds_banked >= 2 and not others_agree:
            raise IllegalActionError(
                f"position {s.banker} has banked {s.rounds_banked} rounds in a row: two is the limit unless"
                " the other seven agree (Art. 4.1); pass the bank"
            )
        if stake is None:
            if s.rounds_banked == 0:
                raise InvalidBetError("a new banker puts a stake on the table (Art. 4.4)")
            if not s.carried:
                raise InvalidBetError("the stake was lost in the last round: top it up to go on banking (Art. 4.9)")
            stake = s.carried
        check_amount(stake, "stake", f" of the banker {s.players[s.banker]!r}")
        if s.rounds_banked and s.carried is not None and stake < s.carried:
            raise InvalidBetError(
                f"stake {stake!r} is below {s.carried}, the first stake plus its result: it may be topped"
                " up, never lowered (Art. 4.9)"
            )

    def can_start_round(self, stake: int | None = None, *, others_agree: bool = False) -> bool:
        try:
            self.verify_start_round(stake, others_agree=others_agree)
        except PaigowError:
            return False
        return True

    def start_round(self, stake: int | None = None, *, others_agree: bool = False) -> Round:
        """Open a round with the banker's stake on the table (and the house's share)."""
        self.verify_start_round(stake, others_agree=others_agree)
        s = self._state
        assert s.banker is not None
        carried = s.carried if s.rounds_banked and s.carried is not None else 0
        r = Round(s.banker, players=s.players, options=s.options, house_stake=s.house_stake,
                  min_stake=carried, rng=self._rng)
        r.set_stake(stake if stake is not None else carried)
        self._round = r
        self._commit(open_round=True)
        return r

    def verify_end_round(self) -> None:
        """Raise unless the open round is settled."""
        if self._round is None:
            raise IllegalActionError("no round is open")
        if self._round.result is None:
            raise IllegalActionError(f"the round is {self._round.phase.value}: settle it first")

    def can_end_round(self) -> bool:
        return _can(self.verify_end_round)

    def end_round(self) -> RoundResult:
        """Close the settled round: the banker's stake plus result is carried (4.9)."""
        self.verify_end_round()
        assert self._round is not None and self._round.result is not None
        res = self._round.result
        own = res.shares[0]
        self._round = None
        self._commit(
            open_round=False,
            rounds_banked=self._state.rounds_banked + 1,
            carried=own.stake + res.ledger.changes[own.party],
            last_bettors=tuple(sorted({b.position for b in res.bets})),
            history=self._state.history + (res,),
        )
        return res

    # -- the bank passing ---------------------------------------------------------------------------
    def verify_pass_bank(self) -> None:
        """Raise unless the banker may give up the bank now (between rounds)."""
        s = self._state
        if s.open_round:
            raise IllegalActionError("a round is open: the bank passes between rounds")
        if s.banker is None:
            raise IllegalActionError(f"the bank is offered to position {s.offer}: it accepts or declines")

    def can_pass_bank(self) -> bool:
        return _can(self.verify_pass_bank)

    def pass_bank(self) -> BankTurn:
        """The banker gives up the bank; the turn goes to the next position in dealing order."""
        self.verify_pass_bank()
        s = self._state
        assert s.banker is not None
        nxt = (s.banker + 1) % 8
        turn = BankTurn(BankEvent.PASS, s.banker, nxt)
        self._commit(banker=None, offer=nxt, declined=(s.banker,), rounds_banked=0, carried=None,
                     turns=s.turns + (turn,))
        return turn

    def _next_taker(self) -> int | None:
        s = self._state
        assert s.offer is not None
        for i in range(1, 8):
            p = (s.offer + i) % 8
            if p in s.declined or p == s.offer:
                continue
            if s.last_bettors is None or p in s.last_bettors:
                return p
        return None

    def verify_decline(self) -> None:
        """Raise unless the position whose turn it is may decline: someone after it in dealing
        order bet in the previous round and has not declined (Art. 4.3)."""
        s = self._state
        if s.offer is None:
            raise IllegalActionError("the bank is not offered to anyone: nobody can decline it")
        if self._next_taker() is None:
            raise IllegalActionError(
                f"position {s.offer} may not decline: no other position that bet in the previous round"
                " is left to take the bank (Art. 4.3)"
            )

    def can_decline(self) -> bool:
        return _can(self.verify_decline)

    def decline(self) -> BankTurn:
        """The position whose turn it is declines the bank; the turn goes to the nearest position
        after it in dealing order that bet in the previous round (Art. 4.3)."""
        self.verify_decline()
        s = self._state
        assert s.offer is not None
        nxt = self._next_taker()
        assert nxt is not None
        turn = BankTurn(BankEvent.DECLINE, s.offer, nxt)
        self._commit(offer=nxt, declined=s.declined + (s.offer,), turns=s.turns + (turn,))
        return turn

    def verify_accept(self) -> None:
        """Raise unless the bank is offered to someone."""
        if self._state.offer is None:
            raise IllegalActionError("the bank is not offered to anyone")

    def can_accept(self) -> bool:
        return _can(self.verify_accept)

    def accept(self) -> BankTurn:
        """The position whose turn it is takes the bank; it starts with a fresh stake."""
        self.verify_accept()
        s = self._state
        assert s.offer is not None
        turn = BankTurn(BankEvent.ACCEPT, s.offer, s.offer)
        self._commit(banker=s.offer, offer=None, declined=(), rounds_banked=0, carried=None,
                     turns=s.turns + (turn,))
        return turn


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
) -> RoundResult:
    """A whole simulated round: stake, bets (100 on every player position by default),
    shuffle, shake, deal, settings by strategy, outcomes and ledger. The same seed replays the
    same round.

    >>> simulate_round(5) == simulate_round(5)
    True
    >>> r = simulate_round(5, banker=2, bets={3: 200, 6: 50})
    >>> [p.position for p in r.plays], r.ledger.bank
    ([3, 6], 1000)
    """
    r = Round(banker, players=players, options=options, house_stake=house_stake, seed=seed)
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
    return r.settle(strategy, banker_strategy)


_RECORD_KEYS = {"banker", "players", "stake", "co_bankers", "positions", "dice", "strategy",
                "banker_strategy", "options", "seed"}
_POSITION_KEYS = {"position", "tiles", "bets", "setting", "exposed"}


def round_from_record(record: Mapping[str, Any]) -> RoundResult:
    """Settle a round from a dealer's record (the input of ``paigow settle``, docs/dealer.md):
    banker, stake, co-bankers, each position's tiles, bets, exposed tiles and setting (or a
    strategy for the settings not given), optional dice and options.

    >>> res = round_from_record({
    ...     "banker": 0, "stake": 1000,
    ...     "positions": [
    ...         {"position": 0, "tiles": "5-5 5-5 4-4 4-4", "setting": "5-5 5-5 | 4-4 4-4"},
    ...         {"position": 1, "tiles": "1-1 1-1 6-6 6-6", "bets": [{"bettor": "ann", "amount": 100}]},
    ...     ]})
    >>> res.outcomes[1], res.ledger.changes
    (<Outcome.WIN: 1>, {'P0': -100, 'ann': 95})
    """
    if not isinstance(record, Mapping):
        raise InvalidRecordError(f"a round record is a JSON object, not {record!r}")
    extra = set(record) - _RECORD_KEYS
    if extra:
        raise InvalidRecordError(f"unknown key {sorted(extra)[0]!r} in the round record: keys are {sorted(_RECORD_KEYS)}")
    if "banker" not in record or "stake" not in record:
        raise InvalidRecordError("a round record needs 'banker' and 'stake'")
    options = Options.from_json(record.get("options", {}))
    seed = record.get("seed")
    r = Round(record["banker"], players=record.get("players"), options=options, seed=seed if seed is not None else 0)
    r.set_stake(record["stake"])
    for c in _list(record.get("co_bankers", []), "co_bankers"):
        if not isinstance(c, Mapping) or "stake" not in c or ("party" in c) == ("position" in c):
            raise InvalidRecordError(f"a co-banker is {{'party': 'house', 'stake': n}} or {{'position': p, 'stake': n}}, not {c!r}")
        r.co_bank(c["party"] if "party" in c else c["position"], c["stake"])
    entries = []
    for e in _list(record.get("positions", []), "positions"):
        if not isinstance(e, Mapping) or "position" not in e:
            raise InvalidRecordError(f"a position entry is an object with a 'position', not {e!r}")
        bad = set(e) - _POSITION_KEYS
        if bad:
            raise InvalidRecordError(f"unknown key {sorted(bad)[0]!r} in position {e['position']!r}: keys are {sorted(_POSITION_KEYS)}")
        check_position(e["position"])
        entries.append(e)
    if len({e["position"] for e in entries}) != len(entries):
        raise InvalidRecordError("a position is given twice in 'positions'")
    for e in entries:
        for b in _list(e.get("bets", []), f"bets of position {e['position']}"):
            if not isinstance(b, Mapping) or "amount" not in b or set(b) - {"bettor", "amount"}:
                raise InvalidBetError(f"a bet is {{'bettor': name, 'amount': n}}, not {b!r}")
            r.bet(e["position"], b["amount"], b.get("bettor"))
    if "dice" in record:
        r.shake(record["dice"])
    r.deal({e["position"]: e["tiles"] for e in entries if e.get("tiles") is not None})
    for e in entries:
        for t in _list(e.get("exposed", []), f"exposed tiles of position {e['position']}"):
            r.expose(e["position"], t)
            if r.phase is not Phase.DEALT:
                raise IllegalActionError("two of the banker's tiles were exposed: the deal is void; record the new deal (Art. 2.3)")
    strategy = record.get("strategy")
    banker_entry = None
    for e in entries:
        if e["position"] == r.banker:
            banker_entry = e
        elif e.get("setting") is not None:
            r.set_hand(e["position"], e["setting"])
    r.set_players(strategy)
    if banker_entry is not None and banker_entry.get("setting") is not None:
        r.set_hand(r.banker, banker_entry["setting"])
    return r.settle(strategy, record.get("banker_strategy"))


def _list(x: object, what: str) -> list[Any]:
    if not isinstance(x, list):
        raise InvalidRecordError(f"{what} must be a list, not {x!r}")
    return x
