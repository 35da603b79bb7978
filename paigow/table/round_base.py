"""The reading side of a round: :class:`RoundBase`, which every part of
:class:`~paigow.table.round.Round` builds on (the state, the bank, who plays and holds what, and
the one entry :meth:`RoundBase.apply` for every action of :mod:`paigow.table.actions`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from paigow.errors import IllegalActionError
from paigow.rules import RuleSet
from paigow.table.actions import ROUND_ACTIONS, RoundAction
from paigow.table.events import DealRecord, RoundEvent, WaySet
from paigow.table.positions import HOUSE, betting_order, check_position, holders
from paigow.table.round_state import Derived, Phase, RoundResult, RoundState
from paigow.table.settlement import Bet, Share


# -- the round's reading and its helpers ------------------------------------------------------------
class RoundBase:
    """What every part of a :class:`~paigow.table.round.Round` reads: the state and what it
    implies (the bank, who plays, who holds what), and the helpers its actions commit with. The
    actions are the parts' (:mod:`paigow.table.round_bank`, :mod:`~paigow.table.round_betting`,
    :mod:`~paigow.table.round_dealing`, :mod:`~paigow.table.round_setting`,
    :mod:`~paigow.table.round_settling`)."""

    _rng: random.Random
    _state: RoundState
    _cache: tuple[RoundState | None, Derived | None]

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
        away = self._derived().away if s.current.exposures or s.void_deals else frozenset()
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

    def _derived(self) -> Derived:
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
        deals = (*s.void_deals, s.current)  # a sit-out lasts the round, across void deals (§1.6)
        out = tuple(p for p in betting_order(s.banker) if any(d.exposed(p) >= 2 for d in deals))
        co = {x.party for x in s.co_bankers if x.party != HOUSE}
        away = frozenset({b.bettor for b in s.bets if b.position in out}
                         | {n for n in co if s.players.index(n) in out})
        in_bank = frozenset(co - away)
        h = holders(s.banker, s.bets, away, in_bank)
        held = {p: w for p, w in h.items() if w is not None and p not in out}
        value = Derived(out, away, tuple(held), tuple(p for p, w in h.items() if w is None and p not in out),
                         held, in_bank)
        self._cache = (s, value)
        return value

    @property
    def exposed_out(self) -> tuple[int, ...]:
        """Player positions with two or more tiles exposed in a deal of this round (Art. 2.3): they
        sit out for the whole round, void deals included (docs/rules.md §1.6)."""
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

    # -- one entry for every action ---------------------------------------------------------------
    def apply(self, action: RoundAction) -> Any:
        """Perform ``action`` (a value of :mod:`paigow.table.actions`) through its method
        (``PlaceBet(1, 100)`` is ``bet(1, 100)``) and return what the method returns.

        >>> from paigow.table.actions import PlaceBet, SetStake
        >>> from paigow.table.round import Round
        >>> r = Round(banker=0, seed=7)
        >>> r.apply(SetStake(1000)).stake, r.apply(PlaceBet(1, 100))
        (1000, Bet(position=1, bettor='P1', amount=100))
        """
        if action.name not in ROUND_ACTIONS:
            raise IllegalActionError(f"{action.name} is an action of the session, not of a round",
                                     code="action.unknown")
        return getattr(self, action.name)(**action.arguments())

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
