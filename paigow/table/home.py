"""The home game's table 推牌九 (docs/rules.md Part 4; docs/home-table.md): one shuffle of
:class:`HomeShuffle`, a banker and the rule set's doors (three), its rounds (two a shuffle).

The shape of the game is the rule set's data: ``doors`` (3), ``rounds_per_shuffle`` (2: the
second round deals the tiles the first left, the first round's tiles face up),
``tiles_per_hand`` (4, or 2 in the two-tile game: one hand, no setting), ``dice`` (0: the doors
take their stacks in order; 2: the dice pick the door that takes the first), ``payout``,
``commission`` and ``bank`` (``"house-covers"``: the house banks every round, covering every
bet; ``"winner-keeps"``: a player banks, covering the largest payout possible, and keeps the
bank while his last round made a profit, else it passes to the next door).

A round, in order: the banker puts up the bank (a player's bank only), bets on the doors
(several bettors a door; its largest bettor, the first on equal totals, holds it), the shuffle
(first round only: secure by default, seeded for a simulation), the shake (when the rule set
has dice), the deal, each held door's holder sets his hand and the banker his, the settlement;
then :meth:`HomeShuffle.next_round`. Every action is checked whole before anything changes, and
logged as a JSON event (:mod:`paigow.table.home_records` writes and replays the record).

>>> t = HomeShuffle("home", seed=7)
>>> t.bet(1, "ann", 100); t.bet(1, "bob", 300); t.bet(3, "cy", 50)
>>> _ = t.shuffle(); hands = t.deal(); t.play("max-front")
>>> r = t.settle(); sum(r.ledger.changes.values()) + r.ledger.commission
0
>>> t.holder(1), t.next_round(), len(t.seen_tiles())
('bob', 'house', 16)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from _tablegames.enums import CodeRepr
from paigow.advice import Advice, advise
from paigow.errors import IllegalActionError, IllegalBetError, IllegalHandError, InvalidOptionError
from paigow.hands import Hand
from paigow.rules import RuleSet, RulesLike, clean_rules
from paigow.setting import Outcome, Setting, settings
from paigow.strategies import Strategy
from paigow.table.dealing import Stacks, check_dice, make_rng, roll_dice
from paigow.table.home_settle import DoorPlay, door_units, home_ledger, most_owed
from paigow.table.positions import HOUSE, check_amount, check_name, ranking
from paigow.table.round_deadline import check_time
from paigow.table.round_strategies import choose_setting
from paigow.table.settlement import Bet, Ledger
from paigow.tiles import DECK, Tile

__all__ = ["HomePhase", "HomeRoundResult", "HomeShuffle", "HOME_BANKS", "SettingLike"]

HOME_BANKS = ("house-covers", "winner-keeps")
"""The banks the home table deals (:attr:`paigow.rules.RuleSet.bank`)."""

SettingLike = Union[Setting, str, int]
"""A door's setting: a :class:`~paigow.setting.Setting`, its text ``"front | back"``, or the
split 0-2 in :func:`paigow.setting.settings` order."""


DEADLINE_RULE = "max-front"
"""The home game's automatic rule: the setting a passed deadline gives a hand still unset."""


class HomePhase(CodeRepr, enum.Enum):
    """Where a round of the shuffle stands."""

    BETTING = "betting"  # the bank, the bets, the shuffle, the shake
    DEALT = "dealt"  # the hands are set
    SETTLED = "settled"  # settled; next_round() opens the next round of the shuffle
    OVER = "over"  # the shuffle's last round is settled


@dataclass(frozen=True)
class HomeRoundResult:
    """A settled round: its number in the shuffle (1, 2), its banker (a party: ``"house"`` or a
    player), every hand dealt by position (0 the banker, 1-3 the doors), each played door's
    result in stakes (whole: -1, 0, +1; halves: -3 to +3) and the ledger."""

    round: int
    banker: str
    hands: Mapping[int, tuple[Tile, ...]]
    units: Mapping[int, int]
    ledger: Ledger

    @property
    def outcomes(self) -> dict[int, Outcome]:
        """Each played door's result as win, push or lose (the sign of its units)."""
        return {d: Outcome((u > 0) - (u < 0)) for d, u in self.units.items()}

    @property
    def banker_result(self) -> int:
        """The bank's net result (the banker's change; no commission is taken from it)."""
        return self.ledger.changes[self.banker]


class HomeShuffle:
    """One shuffle of the home game: its rounds, in order (see the module's text).

    ``rules``: a rule set of the home table (``bank`` one of :data:`HOME_BANKS`; ``"home"`` by
    default). ``banker``: who banks the first round, ``"house"`` (``bank="house-covers"``) or a
    player's name (``bank="winner-keeps"``). ``live``: a live table, where only the holders set
    hands and no strategy does; else a simulation. ``seed``: a reproducible shuffle (None: the
    operating system's entropy); ``rng``: a caller's source instead.
    """

    def __init__(self, rules: RulesLike = "home", banker: str = HOUSE, *, live: bool = False,
                 seed: "int | None" = None, rng: "random.Random | None" = None) -> None:
        g = clean_rules(rules)
        if g.bank not in HOME_BANKS:
            raise InvalidOptionError(f"the home table deals the home game's banks ({', '.join(map(repr, HOME_BANKS))});"
                                     f" rule set {g.name!r} banks {g.bank!r}: use rules='home'", code="home.rules")
        if not isinstance(live, bool):
            raise TypeError(f"live is True (a live table) or False (a simulation), not {live!r}")
        self._rules = g
        self._live = live
        self._seed = seed
        self._rng = rng if rng is not None else make_rng(seed)
        self._events: list[dict[str, Any]] = []
        self._results: list[HomeRoundResult] = []
        self._row: "tuple[Tile, ...] | None" = None
        self._round = 1
        self._banker = self._check_banker(banker)
        self._bank: "int | None" = None
        self._bets: list[Bet] = []
        self._dice: "tuple[int, ...] | None" = None
        self._hands: "dict[int, tuple[Tile, ...]] | None" = None
        self._set: dict[int, "Setting | Hand"] = {}
        self._settled = False
        self._deadline: "float | None" = None
        self._by_deadline: "tuple[int, ...] | None" = None

    # -- what the table shows ---------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def live(self) -> bool:
        return self._live

    @property
    def seed(self) -> "int | None":
        return self._seed

    @property
    def round(self) -> int:
        """The round of the shuffle now open (1, 2)."""
        return self._round

    @property
    def banker(self) -> str:
        """Who banks the round: ``"house"`` or a player."""
        return self._banker

    @property
    def phase(self) -> HomePhase:
        if self._settled:
            return HomePhase.OVER if self._round == self._rules.rounds_per_shuffle else HomePhase.SETTLED
        return HomePhase.DEALT if self._hands is not None else HomePhase.BETTING

    @property
    def bank(self) -> "int | None":
        """The bank the banker put up this round (None: the house's, or not yet put up)."""
        return self._bank

    @property
    def bets(self) -> tuple[Bet, ...]:
        """This round's bets in the order placed."""
        return tuple(self._bets)

    @property
    def row(self) -> "tuple[Tile, ...] | None":
        """The 32 tiles of the shuffle in dealing order (None before the shuffle)."""
        return self._row

    @property
    def dice(self) -> "tuple[int, ...] | None":
        return self._dice

    @property
    def hands(self) -> "dict[int, tuple[Tile, ...]] | None":
        """This round's hands by position (0 the banker, 1-3 the doors), once dealt."""
        return None if self._hands is None else dict(self._hands)

    @property
    def settings(self) -> dict[int, "Setting | Hand"]:
        """The hands set so far this round (in the two-tile game, each hand as dealt)."""
        return dict(self._set)

    @property
    def results(self) -> tuple[HomeRoundResult, ...]:
        """The settled rounds of the shuffle."""
        return tuple(self._results)

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        """What happened, in order, as JSON objects (the record's ``events``)."""
        return tuple(dict(e) for e in self._events)

    def doors(self) -> range:
        """The doors, 1 to the rule set's ``doors``."""
        return range(1, self._rules.doors + 1)

    def bets_on(self, door: int) -> tuple[Bet, ...]:
        return tuple(b for b in self._bets if b.position == door)

    def holder(self, door: int) -> "str | None":
        """Who holds (sets) ``door``: its largest bettor, the first on equal totals; None
        without bets."""
        self._check_door(door)
        ranked = ranking(self.bets_on(door))
        return ranked[0][0] if ranked else None

    def played(self) -> tuple[int, ...]:
        """The doors with bets this round."""
        return tuple(d for d in self.doors() if self.bets_on(d))

    def setter(self, position: int) -> "str | None":
        """Who sets ``position``'s hand: the banker for 0, else the door's holder."""
        return self._banker if position == 0 else self.holder(position)

    def seen_tiles(self) -> tuple[Tile, ...]:
        """The tiles face up from the shuffle's earlier rounds (the second round: the first
        round's 16, or 8 in the two-tile game; the first round: none)."""
        n = self._per_round * (self._round - 1)
        return () if self._row is None or n == 0 else self._row[:n]

    def next_banker(self) -> str:
        """Who banks after the round just settled: the house at its table; else the banker
        while the round made him a profit, otherwise the holder of the next door with bets
        (初門 first, the door after the banker)."""
        self._need(self._settled, "the next banker is known once the round is settled", "home.phase")
        last = self._results[-1]
        if self._rules.bank == "house-covers" or last.banker_result > 0:
            return last.banker
        return next(h for h in (self.holder(d) for d in self.doors()) if h is not None)

    # -- actions ------------------------------------------------------------------------------------
    def put_bank(self, amount: int) -> None:
        """The player banking puts up the bank (``winner-keeps`` only), before the bets."""
        amount = check_amount(amount, "bank", f" of {self._banker!r}")
        self._need_phase(HomePhase.BETTING, "put up the bank")
        self._need(self._rules.bank == "winner-keeps", f"the house covers every bet at rule set "
                   f"{self._rules.name!r}: no bank is put up", "home.bank")
        self._need(self._bank is None, f"{self._banker!r} has put up the bank this round", "home.bank")
        self._log("bank", banker=self._banker, amount=amount)
        self._bank = amount

    def bet(self, door: int, bettor: str, amount: int) -> None:
        """``bettor`` bets ``amount`` minor units on ``door`` (1-3)."""
        door, bettor, amount = self.verify_bet(door, bettor, amount)
        self._log("bet", door=door, bettor=bettor, amount=amount)
        self._bets.append(Bet(door, bettor, amount))

    def verify_bet(self, door: int, bettor: str, amount: int) -> tuple[int, str, int]:
        """Raise the error :meth:`bet` would raise, changing nothing; else the bet's door,
        bettor and amount as cleaned (a bet that waits for the host's confirmation is checked
        when made, and again when placed)."""
        self._check_door(door)
        bettor = check_name(bettor, "bettor")
        amount = check_amount(amount, "bet", f" on door {door} by {bettor!r}")
        self._need_phase(HomePhase.BETTING, "bet")
        self._need(self._hands is None and self._dice is None, "the bets are closed at the shake", "home.phase")
        if bettor == self._banker:
            raise IllegalBetError(f"{bettor!r} banks this round: the banker bets on no door", code="home.banker_bets")
        if self._rules.bank == "winner-keeps":
            if self._bank is None:
                raise IllegalBetError(f"the banker {self._banker!r} puts up the bank before the bets",
                                      code="home.bank")
            owed = most_owed(self._rules, sum(b.amount for b in self._bets) + amount)
            if owed > self._bank:
                raise IllegalBetError(f"the bank of {self._bank} does not cover a bet of {amount} on door {door}:"
                                      f" the bets could then win {owed}", code="home.cover")
        return door, bettor, amount

    def shuffle(self, tiles: "str | Iterable[Any] | None" = None) -> tuple[Tile, ...]:
        """Shuffle the 32 tiles for the shuffle's rounds (the first round, before its deal):
        drawn from the table's randomness, or ``tiles`` (all 32 in dealing order: tiles a dealer
        reads, or a record's). Returns the row."""
        row = None if tiles is None else Stacks.from_tiles(tiles).tiles
        self._need_phase(HomePhase.BETTING, "shuffle")
        self._need(self._row is None, "the tiles are shuffled once a shuffle: the second round deals the"
                   " tiles the first left", "home.phase")
        if row is None:
            drawn = list(DECK)
            self._rng.shuffle(drawn)
            row = tuple(drawn)
        self._log("shuffle", tiles=" ".join(str(t) for t in row))
        self._row = row
        return row

    def shake(self, dice: "Iterable[int] | None" = None) -> tuple[int, ...]:
        """Shake the rule set's dice (after the shuffle, before the deal): drawn, or ``dice``."""
        count = self._rules.dice
        self._need(count > 0, f"rule set {self._rules.name!r} has no dice: the doors take their stacks in order",
                   "home.no_dice")
        roll = roll_dice(self._rng, count) if dice is None else check_dice(tuple(dice), count)
        self._need_phase(HomePhase.BETTING, "shake")
        self._need(self._row is not None, "the tiles are shuffled before the shake", "home.phase")
        self._need(self._dice is None, "the dice are shaken once a round", "home.phase")
        self._log("shake", dice=list(roll))
        self._dice = roll
        return roll

    def first_position(self) -> int:
        """The position that takes the round's first hand: with dice, their total counting the
        banker as 1; without, the first door (then the others in order, the banker last)."""
        n = self._rules.doors + 1
        return 1 if self._dice is None else (sum(self._dice) - 1) % n

    def deal(self) -> dict[int, tuple[Tile, ...]]:
        """Deal the round's hands from the row: position by position from the first, each the
        next ``tiles_per_hand`` tiles (the second round from the tiles the first left)."""
        self._need_phase(HomePhase.BETTING, "deal")
        self._need(self._row is not None, "the tiles are shuffled before the deal", "home.phase")
        self._need(self._rules.dice == 0 or self._dice is not None, "the dice are shaken before the deal",
                   "home.phase")
        self._need(self._rules.bank != "winner-keeps" or self._bank is not None,
                   f"the banker {self._banker!r} puts up the bank before the deal", "home.bank")
        self._need(bool(self._bets), "nobody bets: a round is dealt with at least one bet", "home.no_bets")
        assert self._row is not None
        k, n = self._rules.tiles_per_hand, self._rules.doors + 1
        start = self._per_round * (self._round - 1)
        first = self.first_position()
        hands = {(first + i) % n: self._row[start + i * k: start + (i + 1) * k] for i in range(n)}
        self._log("deal", hands={str(p): " ".join(map(str, hands[p])) for p in sorted(hands)})
        self._hands = dict(sorted(hands.items()))
        if k == 2:  # the two-tile game: the hand is as dealt
            self._set = {p: Hand(*h) for p, h in self._hands.items()}
        return dict(self._hands)

    def set_hand(self, position: int, setting: "SettingLike | None" = None, *, by: "str | None" = None,
                 strategy: "str | None" = None) -> Setting:
        """Set ``position``'s hand (0 the banker's, 1-3 a door's): ``setting`` given by its setter
        (``by``: at a live table the door's holder, or the banker, must name himself), or, in a
        simulation only, chosen by the named ``strategy`` (``"max-front"``, ...)."""
        return self._set_hand(position, setting, by, strategy, None)

    def set_recorded(self, position: int, setting: SettingLike, *, by: "str | None" = None,
                     strategy: "str | None" = None) -> Setting:
        """A record's setting replayed (:mod:`paigow.table.home_records`): the setting as written,
        ``strategy`` the name of what chose it in a simulation (a live table's record names none)."""
        if strategy is not None and self._live:
            raise IllegalActionError("at a live table each hand is set by its holder: no strategy sets one",
                                     code="home.strategy")
        return self._set_hand(position, setting, by, None, strategy)

    def play(self, strategy: str) -> None:
        """A simulation: set every hand still unset (the banker's and each played door's) by the
        named ``strategy``."""
        for p in (0, *self.played()):
            if p not in self._set:
                self._set_hand(p, None, None, strategy, None)

    # -- a deadline for the settings (issue 38) ------------------------------------------------------
    @property
    def deadline(self) -> "float | None":
        """The round's deadline for the settings (seconds since the epoch, the table's clock)."""
        return self._deadline

    @property
    def by_deadline(self) -> "tuple[int, ...] | None":
        """The positions the passed deadline set, in the order set (None: not applied)."""
        return self._by_deadline

    def set_deadline(self, at: Any) -> float:
        """Set (or move) the round's deadline for the settings to ``at`` (seconds since the epoch
        by the table's clock), before the round is settled and the deadline applied."""
        t = check_time(at, "the deadline")
        self._need(self.phase in (HomePhase.BETTING, HomePhase.DEALT), "cannot set a deadline now: the round is"
                   f" {self.phase.value}", "home.phase")
        self._need(self._by_deadline is None, "the round's deadline has been applied already", "deadline.applied")
        self._log("deadline", at=t)
        self._deadline = t
        return t

    def apply_deadline(self, now: Any) -> dict[int, Setting]:
        """Apply the round's passed deadline at ``now`` (the table's clock): every hand still unset
        (the played doors', then the banker's) is set by the automatic rule
        :data:`DEADLINE_RULE`, logged as a ``set`` with ``why`` ``"deadline"``: a setting its
        holder did not make (docs/rules.md §4.2). Returns the settings made."""
        t = check_time(now, "now")
        self._need(self._deadline is not None, "the round has no deadline: set_deadline first", "deadline.none")
        self._need(self._by_deadline is None, "the round's deadline has been applied already", "deadline.applied")
        self._need_phase(HomePhase.DEALT, "apply the deadline")
        assert self._deadline is not None and self._hands is not None
        self._need(t >= self._deadline, f"the deadline has not passed: {self._deadline - t:.3f} s to go",
                   "deadline.early", {"seconds": f"{self._deadline - t:.3f}"})
        self._log("deadline_passed", at=t)
        made: dict[int, Setting] = {}
        for p in (*self.played(), 0):
            if p in self._set:
                continue
            table = Strategy.named(DEADLINE_RULE, "banker" if p == 0 else "player", self._rules).table
            made[p] = choose_setting(self._hands[p], table, self._rng)
            self._log("set", position=p, setting=str(made[p]), by=None, strategy=None, why="deadline")
            self._set[p] = made[p]
        self._by_deadline = tuple(made)
        return made

    def settle(self) -> HomeRoundResult:
        """Settle the round once every played door and the banker are set (docs/rules.md §4.2)."""
        self._need_phase(HomePhase.DEALT, "settle")
        unset = [p for p in (0, *self.played()) if p not in self._set]
        self._need(not unset, "every played door and the banker set their hands before the settlement: "
                   + ", ".join(f"position {p}" for p in unset) + " not yet", "home.unset")
        assert self._hands is not None
        units = {d: door_units(self._set[d], self._set[0], self._rules) for d in self.played()}
        plays = [DoorPlay(d, self.bets_on(d), u) for d, u in units.items()]
        ledger = home_ledger(self._rules, self._banker, plays, self._bank)
        result = HomeRoundResult(self._round, self._banker, dict(self._hands), units, ledger)
        self._log("settle")
        self._results.append(result)
        self._settled = True
        return result

    def next_round(self) -> str:
        """Open the shuffle's next round; its banker by the rule set's bank (:meth:`next_banker`),
        returned. The second round deals the tiles the first left, the first's face up."""
        self._need(self.phase is HomePhase.SETTLED, "the next round opens after a settled round that is not the"
                   " shuffle's last", "home.phase")
        banker = self.next_banker()
        self._log("next_round", banker=banker)
        self._round += 1
        self._banker = banker
        self._open_round()
        return banker

    def next_shuffle(self, *, seed: "int | None" = None) -> "HomeShuffle":
        """The next shuffle at this table, once this one is over: the same rule set and table,
        the bank as the last round left it."""
        self._need(self.phase is HomePhase.OVER, "the next shuffle follows the last round of this one", "home.phase")
        return HomeShuffle(self._rules, self.next_banker(), live=self._live, seed=seed,
                           rng=None if seed is not None or self._seed is not None else self._rng)

    def advice(self, position: int, against: str = "max-front") -> Advice:
        """:func:`paigow.advise` for ``position``'s four tiles (0 the banker's seat, else a
        door's) against ``against`` (by default the automatic rule ``max-front``), with the
        shuffle's face-up tiles as ``seen`` (the second round: the first round's 16) and the
        rule set's commission on a door's wins (the bank pays none)."""
        self._need_phase(HomePhase.DEALT, "advise")
        self._need(self._rules.tiles_per_hand == 4, "the two-tile game has no setting to advise", "home.no_setting")
        self._check_position(position)
        assert self._hands is not None
        seen = self.seen_tiles()
        return advise(self._hands[position], "banker" if position == 0 else "player", against,
                      commission=self._rules.commission if position else False, rules=self._rules,
                      seen=" ".join(map(str, seen)) if seen else None)

    # -- inside -----------------------------------------------------------------------------------
    @property
    def _per_round(self) -> int:
        return (self._rules.doors + 1) * self._rules.tiles_per_hand

    def _open_round(self) -> None:
        self._bank = None
        self._bets = []
        self._dice = None
        self._hands = None
        self._set = {}
        self._settled = False
        self._deadline = None
        self._by_deadline = None

    def _check_banker(self, banker: object) -> str:
        if self._rules.bank == "house-covers":
            if banker != HOUSE:
                raise InvalidOptionError(f"the house banks every round at rule set {self._rules.name!r}, not "
                                         f"{str(banker)[:40]!r}", code="home.banker")
            return HOUSE
        if banker == HOUSE:
            raise InvalidOptionError(f"a player banks at rule set {self._rules.name!r} (bank 'winner-keeps'):"
                                     " name him", code="home.banker")
        return check_name(banker, "banker")

    def _check_door(self, door: object) -> int:
        if not isinstance(door, int) or isinstance(door, bool):
            raise TypeError(f"a door is an int, not {door!r}")
        if door not in self.doors():
            raise IllegalActionError(f"unknown door {door}: the doors are 1 to {self._rules.doors}",
                                     code="home.door")
        return door

    def _check_position(self, position: object) -> int:
        return 0 if position == 0 and not isinstance(position, bool) else self._check_door(position)

    def _need(self, ok: bool, message: str, code: str, params: "dict[str, str] | None" = None) -> None:
        if not ok:
            raise IllegalActionError(message, code=code, params=params)

    def _need_phase(self, phase: HomePhase, action: str) -> None:
        if self.phase is not phase:
            raise IllegalActionError(f"cannot {action} now: the round is {self.phase.value}, not {phase.value}",
                                     code="home.phase")

    def _log(self, event: str, **data: Any) -> None:
        self._events.append({"event": event, **data})

    def _set_hand(self, position: int, setting: "SettingLike | None", by: "str | None", strategy: "str | None",
                  label: "str | None") -> Setting:
        """Check everything, then set; ``label``: a record's strategy name replayed with its setting."""
        self._check_position(position)
        self._need_phase(HomePhase.DEALT, "set a hand")
        assert self._hands is not None
        self._need(self._rules.tiles_per_hand == 4, "the two-tile game plays each hand as dealt: nothing is set",
                   "home.no_setting")
        self._need(position == 0 or position in self.played(), f"door {position} has no bets: nobody holds it",
                   "home.unheld")
        self._need(position not in self._set, f"position {position}'s hand is set", "home.set_twice")
        setter = self.setter(position)
        if strategy is not None and (setting is not None or by is not None):
            raise IllegalActionError("a hand is set by its setter or by a strategy, not both", code="home.strategy")
        if strategy is not None and self._live:
            raise IllegalActionError("at a live table each hand is set by its holder: no strategy sets one",
                                     code="home.strategy")
        if strategy is None and setting is None:
            raise IllegalActionError("give a setting, or a strategy in a simulation", code="home.setting")
        if by is not None and by != setter:
            raise IllegalActionError(f"position {position} is set by {setter!r}, not by {str(by)[:40]!r}",
                                     code="home.holder")
        if self._live and by is None:
            raise IllegalActionError(f"at a live table the setter names himself: by={setter!r}", code="home.holder")
        tiles = self._hands[position]
        if strategy is not None:
            seat = "banker" if position == 0 else "player"
            chosen = choose_setting(tiles, Strategy.named(strategy, seat, self._rules).table, self._rng)
        else:
            assert setting is not None
            chosen = self._clean_setting(position, tiles, setting)
        self._log("set", position=position, setting=str(chosen), by=by, strategy=strategy or label)
        self._set[position] = chosen
        return chosen

    def _clean_setting(self, position: int, tiles: tuple[Tile, ...], setting: SettingLike) -> Setting:
        options = settings(tiles, self._rules)
        if isinstance(setting, int) and not isinstance(setting, bool):
            if not 0 <= setting <= 2:
                raise IllegalHandError(f"a split is 0, 1 or 2, not {setting}", code="home.setting")
            return options[setting]
        chosen = setting if isinstance(setting, Setting) else Setting.parse(str(setting))
        if sorted(map(str, chosen.tiles)) != sorted(map(str, tiles)):
            raise IllegalHandError(f"{chosen} is not position {position}'s tiles "
                                   f"({' '.join(map(str, tiles))})", code="home.setting")
        return chosen
