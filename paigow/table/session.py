"""Rounds in a row at one table and the bank passing (docs/rules.md §1.7, Art. 3-4): :class:`Session`.

>>> s = Session(banker=0, seed=1)
>>> r = s.start_round(1000)
>>> _ = r.bet(1, 100), r.shuffle(), r.shake(), r.deal(), r.settle("max-back")
>>> first = s.end_round()
>>> s.carried == 1000 + first.ledger.changes["P0"]
True
>>> s.can_start_round(s.carried - 1)        # the stake may not be lowered (Art. 4.9)
False
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from paigow.errors import IllegalActionError, IllegalBetError
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules
from paigow.table._checks import can
from paigow.table.actions import SESSION_ACTIONS, Action
from paigow.table.dealing import make_rng
from paigow.table.events import BankEvent, BankMoved, BankTurn, RoundEnded, RoundPlayed, SessionEvent
from paigow.table.positions import check_amount, check_position
from paigow.table.round import Round, RoundResult, check_players
from paigow.table.round_state import check_declare_first
from paigow.table.settlement import Options

__all__ = ["BankEvent", "BankTurn", "SessionState", "Session"]


@dataclass(frozen=True)
class SessionState:
    """Everything a :class:`Session` knows, as one frozen value. ``last_bettors`` are the names
    of everyone who played a bet in the previous round (None before any round; a bet that sat
    out is none, docs/rules.md §1.6); ``log`` is every step of
    the session as frozen events (:mod:`paigow.table.events`: its record; a round's own events
    are kept with it when it ends). ``outgoing`` is the last banker who passed the bank after
    banking rounds, while nobody else has banked one since: his position, the rounds he banked in
    a row and the stake he carried (Art. 4.1, 4.9); ``live`` says whether the table is live or a
    simulation (:class:`~paigow.table.round.Round`)."""

    players: tuple[str, ...]
    options: Options
    house_stake: int | None
    banker: int | None
    offer: int | None = None
    declined: tuple[int, ...] = ()
    rounds_banked: int = 0
    carried: int | None = None
    last_bettors: frozenset[str] | None = None
    open_round: bool = False
    history: tuple[RoundResult, ...] = ()
    turns: tuple[BankTurn, ...] = ()
    log: tuple[SessionEvent, ...] = ()
    first_banker: int = 0
    rules: RuleSet = MACAU
    live: bool = False
    declare_first: bool = False
    outgoing: tuple[int, int, int | None] | None = None
    house_banks: bool = False
    with_house: bool = False
    last_offer: int | None = None


class Session:
    """Rounds in a row at one table (Art. 4): the bank passes in dealing order; a banker banks at
    most two rounds in a row unless the other seven agree; the position whose turn it is may
    always decline, and the turn goes to the nearest position after it whose player bet in the
    previous round (on any position); when none is left, the turn moves on in rotation and the
    table waits with no banker until a player takes the bank. A banker who goes on carries the
    stake plus the result, topped up, never lowered. ``rules`` (Macau's by default) is the rule
    set of every round, and gives the default ``options``.

    The limits cannot be bypassed by passing the bank: a banker who has banked two rounds in a
    row and passes is not offered the bank again, declines or not, until another position has
    banked a round; one who banked one round and takes the bank back before anyone else banks
    goes on with his run (the rounds counted and the stake carried, Art. 4.1, 4.9).

    ``live`` (False: a simulation, as :class:`~paigow.table.round.Round`) is the table's, from
    the start: every round is live or a simulation with it.

    Under rules where the house banks (``rules.bank == "house"``, the US game, docs/rules.md
    §3.1) the bank moves otherwise, and Macau's rotation above is not used: ``banker`` is the
    house's seat, and the house banks every round by default (its stake each round, or
    ``house_stake`` when none is given). After a round the house banked, the bank is offered to
    the next position in turn (dealing order, from the last one offered) whose player played
    that round against the house; he may :meth:`accept` it (banking alone, covering every bet),
    take it with the house (``accept(with_house=True)``: the house puts up as much as he does
    and the house way sets his hand), or :meth:`decline` it (the house banks the next round).
    After a round a player banked, the bank goes back to the house; nobody played that round
    against the house, so the offer moves on only after the next round the house banks.
    """

    def __init__(
        self,
        banker: int = 0,
        *,
        players: Sequence[str] | None = None,
        options: Options | None = None,
        rules: RulesLike = None,
        house_stake: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        live: bool = False,
        declare_first: bool | None = None,
    ) -> None:
        check_position(banker, "banker")
        if not isinstance(live, bool):
            raise TypeError(f"live is True (a live table) or False (a simulation), not {live!r}")
        declare_first = check_declare_first(declare_first, live)
        ruleset = clean_rules(rules)
        if house_stake is not None:
            check_amount(house_stake, "stake", " of the house")
        if options is not None and not isinstance(options, Options):
            raise TypeError(f"options must be Options, not {options!r}")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {rng!r}")
        self._rng = rng if rng is not None else make_rng(seed)
        self._round: Round | None = None
        self._round_start: tuple[int | None, bool, int] | None = None
        self._state = SessionState(check_players(players), options or Options(ruleset.commission, ruleset.rounding),
                                   house_stake, banker, first_banker=banker, rules=ruleset, live=live,
                                   declare_first=declare_first,
                                   house_banks=ruleset.bank == "house")

    @classmethod
    def resume(cls, state: SessionState, rng: random.Random) -> "Session":
        """The session between rounds in ``state``, with ``rng`` (a snapshot's restore,
        :func:`paigow.table.records.session_from_snapshot_json`): it goes on as the session
        that was in that state would; its ``history`` and ``log`` are what ``state`` holds
        (a snapshot holds none: only what the rules of the next rounds read)."""
        if state.open_round:
            raise IllegalActionError("a session is resumed between rounds only: a round is open",
                                     code="session.round_open")
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {rng!r}")
        s = cls.__new__(cls)
        s._rng, s._round, s._round_start, s._state = rng, None, None, state
        return s

    @property
    def rng(self) -> random.Random:
        """The session's source of randomness, shared by its rounds."""
        return self._rng

    @property
    def state(self) -> SessionState:
        return self._state

    @property
    def rules(self) -> RuleSet:
        """The rule set the session's rounds are played by (:func:`paigow.rules.clean_rules`)."""
        return self._state.rules

    @property
    def live(self) -> bool:
        """True at a live table, False in a simulation (every round is the same)."""
        return self._state.live

    @property
    def banker(self) -> int | None:
        """The banker's position (None while the bank is offered)."""
        return self._state.banker

    @property
    def house_banks(self) -> bool:
        """True when the house holds the bank (the next round's, or the open one's)."""
        return self._state.house_banks

    @property
    def with_house(self) -> bool:
        """True when the banking player shares the bank with the house, half each (the US game)."""
        return self._state.with_house

    @property
    def _house_rules(self) -> bool:
        return self._state.rules.bank == "house"

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

    def __eq__(self, other: object) -> bool:
        """Equal states and equal open rounds (randomness apart)."""
        return isinstance(other, Session) and other._state == self._state and other._round == self._round

    __hash__ = None  # type: ignore[assignment]

    def apply(self, action: Action) -> Any:
        """Perform ``action`` (a value of :mod:`paigow.table.actions`): the session's own, or the
        open round's (:meth:`Round.apply`); a round's action with no round open is refused.

        >>> from paigow.table.actions import PlaceBet, StartRound
        >>> s = Session(0, seed=1)
        >>> s.apply(PlaceBet(1, 100))
        Traceback (most recent call last):
        ...
        paigow.errors.IllegalActionError: cannot bet now: no round is open (start_round first)
        >>> s.apply(StartRound(1000)).bank
        1000
        """
        if action.name in SESSION_ACTIONS:
            return getattr(self, action.name)(**action.arguments())
        if self._round is None:
            raise IllegalActionError(f"cannot {action.name} now: no round is open (start_round first)",
                                     code="action.illegal")
        return self._round.apply(action)  # type: ignore[arg-type]

    def _commit(self, *events: SessionEvent, **changes: Any) -> None:
        self._state = replace(self._state, log=self._state.log + events, **changes)

    # -- rounds -------------------------------------------------------------------------------------
    def verify_start_round(self, stake: int | None = None, *, others_agree: bool = False) -> int:
        """Raise unless the banker may start a round with ``stake`` (None: the carried stake);
        return the stake."""
        if not isinstance(others_agree, bool):
            raise TypeError(f"others_agree is True or False, not {others_agree!r}")
        s = self._state
        if s.open_round:
            raise IllegalActionError("a round is open: end it first", code="session.round_open")
        if s.banker is None:
            raise IllegalActionError(f"the bank is offered to position {s.offer}: it accepts or declines first",
                                     code="session.bank_offered")
        if self._house_rules:
            if stake is None and s.house_banks and s.house_stake is not None:
                stake = s.house_stake
            if stake is None:
                who = "the house's stake" if s.house_banks else "a banking player's stake"
                raise IllegalBetError(f"{who} is put on the table for every round (docs/rules.md §3.1)",
                                      code="stake.missing")
            return check_amount(stake, "stake", " of the house" if s.house_banks else
                                f" of the banker {s.players[s.banker]!r}")
        if s.rounds_banked >= 2 and not others_agree:
            raise IllegalActionError(
                f"position {s.banker} has banked {s.rounds_banked} rounds in a row: two is the limit unless"
                " the other seven agree (Art. 4.1); pass the bank", code="session.two_rounds"
            )
        if stake is None:
            if s.rounds_banked == 0 or s.carried is None:
                raise IllegalBetError("a new banker puts a stake on the table (Art. 4.4)", code="stake.missing")
            if not s.carried:
                raise IllegalBetError("the stake was lost in the last round: top it up to go on banking (Art. 4.9)",
                                      code="stake.lost")
            stake = s.carried
        check_amount(stake, "stake", f" of the banker {s.players[s.banker]!r}")
        if s.rounds_banked and s.carried is not None and stake < s.carried:
            raise IllegalBetError(
                f"stake {stake!r} is below {s.carried}, the first stake plus its result: it may be topped"
                " up, never lowered (Art. 4.9)", code="stake.lowered",
                params={"stake": stake, "carried": s.carried}
            )
        return stake

    def can_start_round(self, stake: int | None = None, *, others_agree: bool = False) -> bool:
        return can(self.verify_start_round, stake, others_agree=others_agree)

    def start_round(self, stake: int | None = None, *, others_agree: bool = False) -> Round:
        """Open a round with the banker's stake on the table (and the house's share)."""
        amount = self.verify_start_round(stake, others_agree=others_agree)
        s = self._state
        assert s.banker is not None
        carried = s.carried if s.rounds_banked and s.carried is not None else 0
        if self._house_rules:   # the house banks, or shares a player's bank half and half
            r = Round(s.banker, players=s.players, options=s.options, rules=s.rules,
                      house_stake=amount if s.with_house else None, rng=self._rng, live=s.live,
                      house_banks=s.house_banks, declare_first=s.declare_first)
        else:
            r = Round(s.banker, players=s.players, options=s.options, rules=s.rules, house_stake=s.house_stake,
                      min_stake=carried, rng=self._rng, live=s.live,
                      declare_first=s.declare_first)
        r.set_stake(amount)
        self._round = r
        self._round_start = (stake, others_agree, len(r.state.log))
        self._commit(open_round=True)
        return r

    def verify_end_round(self) -> RoundResult:
        """Raise unless the open round is settled; return its result."""
        if self._round is None:
            raise IllegalActionError("no round is open", code="session.no_round")
        if self._round.result is None:
            raise IllegalActionError(f"the round is {self._round.phase.value}: settle it first",
                                     code="session.round_unsettled")
        return self._round.result

    def can_end_round(self) -> bool:
        return can(self.verify_end_round)

    def round_event(self) -> RoundPlayed | None:
        """The open round as a session event: the stake asked, ``others_agree`` and the round's
        own events after its stake (None: no round is open)."""
        if self._round is None or self._round_start is None:
            return None
        stake, agree, n0 = self._round_start
        return RoundPlayed(stake, agree, self._round.state.log[n0:])

    def end_round(self) -> RoundResult:
        """Close the settled round: the banker's stake plus result is carried (4.9)."""
        res = self.verify_end_round()
        ev = self.round_event()
        assert ev is not None
        own = res.shares[0]
        self._round = None
        self._round_start = None
        if self._house_rules:
            self._commit(ev, RoundEnded(), open_round=False, last_bettors=res.played_by,
                         history=self._state.history + (res,), **self._after_round(res))
            return res
        self._commit(
            ev, RoundEnded(),
            open_round=False,
            rounds_banked=self._state.rounds_banked + 1,
            carried=own.stake + res.ledger.changes[own.party],
            last_bettors=res.played_by,
            history=self._state.history + (res,),
            outgoing=None,
        )
        return res

    def _after_round(self, res: RoundResult) -> dict[str, Any]:
        """Where the bank goes after a round under rules where the house banks: after a round the
        house banked, offered to the next position in turn whose player played against it; else
        (or when nobody did) back to the house."""
        s = self._state
        house = {"banker": s.first_banker, "offer": None, "house_banks": True, "with_house": False, "declined": ()}
        if not res.house_banks:
            return house
        played = res.played_by
        start = s.last_offer if s.last_offer is not None else s.first_banker
        for i in range(1, 9):
            p = (start + i) % 8
            if p != s.first_banker and s.players[p] in played:
                return {**house, "banker": None, "offer": p, "house_banks": False}
        return house

    # -- the bank passing ---------------------------------------------------------------------------
    def verify_pass_bank(self) -> None:
        """Raise unless the banker may give up the bank now (between rounds)."""
        s = self._state
        if s.open_round:
            raise IllegalActionError("a round is open: the bank passes between rounds", code="session.round_open")
        if s.banker is None:
            raise IllegalActionError(f"the bank is offered to position {s.offer}: it accepts or declines",
                                     code="session.bank_offered")
        if self._house_rules:
            raise IllegalActionError(f"under the {s.rules.name!r} rules the bank goes back to the house after every"
                                     " round: there is no bank to pass (docs/rules.md §3.1)",
                                     code="session.house_bank")

    def can_pass_bank(self) -> bool:
        return can(self.verify_pass_bank)

    def pass_bank(self) -> BankTurn:
        """The banker gives up the bank; the turn goes to the next position in dealing order
        (after a banker who has just banked two rounds, never back to him: Art. 4.1)."""
        self.verify_pass_bank()
        s = self._state
        assert not self._house_rules
        assert s.banker is not None
        # the run of the last banker who banked a round: kept until another position banks one
        outgoing = (s.banker, s.rounds_banked, s.carried) if s.rounds_banked else s.outgoing
        nxt = self._rotation(s.banker, outgoing)
        turn = BankTurn(BankEvent.PASS, s.banker, nxt)
        self._commit(BankMoved(BankEvent.PASS), banker=None, offer=nxt, declined=(s.banker,), rounds_banked=0, carried=None,
                     turns=s.turns + (turn,), outgoing=outgoing)
        return turn

    @staticmethod
    def _barred(outgoing: tuple[int, int, int | None] | None) -> int | None:
        """The position that may not be offered the bank: the banker who has just banked two
        rounds in a row (or more, with the others' agreement) and passed (Art. 4.1)."""
        return outgoing[0] if outgoing is not None and outgoing[1] >= 2 else None

    def _rotation(self, after: int, outgoing: tuple[int, int, int | None] | None) -> int:
        """The next position after ``after`` in dealing order that may be offered the bank."""
        barred = self._barred(outgoing)
        return next(p for p in ((after + i) % 8 for i in range(1, 9)) if p != barred)

    def next_taker(self) -> int:
        """Whose turn it is after the position offered the bank declines: the nearest position
        after it in dealing order whose player bet in the previous round (anywhere) and has not
        declined; when there is none, the next position in rotation (the table waits with no
        banker until someone takes the bank; docs/rules.md §1.7). A banker who has just banked
        two rounds and passed is never offered the bank again this way: only the other seven's
        agreement lets him go on, before he passes (Art. 4.1)."""
        s = self._state
        if s.offer is None:
            raise IllegalActionError("the bank is not offered to anyone", code="session.not_offered")
        barred = self._barred(s.outgoing)
        for i in range(1, 8):
            p = (s.offer + i) % 8
            if p in s.declined or p == barred:
                continue
            if s.last_bettors is None or s.players[p] in s.last_bettors:
                return p
        return self._rotation(s.offer, s.outgoing)

    def verify_decline(self) -> int:
        """Raise unless the bank is offered; whoever is offered it may always decline (Art. 4.3:
        nobody is forced to bank). Returns whose turn it will be (under rules where the house banks:
        the house's seat, the house banking the next round)."""
        if self._house_rules:
            if self._state.offer is None:
                raise IllegalActionError("the bank is not offered to anyone", code="session.not_offered")
            return self._state.first_banker
        return self.next_taker()

    def can_decline(self) -> bool:
        return can(self.verify_decline)

    def decline(self) -> BankTurn:
        """The position whose turn it is declines the bank (Art. 4.3); see :meth:`next_taker`."""
        nxt = self.verify_decline()
        s = self._state
        assert s.offer is not None
        if self._house_rules:
            turn = BankTurn(BankEvent.DECLINE, s.offer, nxt, house=True)
            self._commit(BankMoved(BankEvent.DECLINE), banker=nxt, offer=None, house_banks=True, with_house=False,
                         last_offer=s.offer, turns=s.turns + (turn,))
            return turn
        turn = BankTurn(BankEvent.DECLINE, s.offer, nxt)
        self._commit(BankMoved(BankEvent.DECLINE), offer=nxt, declined=s.declined + (s.offer,), turns=s.turns + (turn,))
        return turn

    def verify_accept(self, with_house: bool = False) -> int:
        """Raise unless the bank is offered to someone; return that position. ``with_house``
        (rules where the house banks only) takes it with the house, half each."""
        if not isinstance(with_house, bool):
            raise TypeError(f"with_house is True or False, not {with_house!r}")
        if self._state.offer is None:
            raise IllegalActionError("the bank is not offered to anyone", code="session.not_offered")
        if with_house and not self._house_rules:
            raise IllegalActionError(f"under the {self._state.rules.name!r} rules a player does not take the bank"
                                     " with the house: the house co-banks with a share (co_bank)",
                                     code="session.with_house")
        return self._state.offer

    def can_accept(self, with_house: bool = False) -> bool:
        return can(self.verify_accept, with_house)

    def accept(self, with_house: bool = False) -> BankTurn:
        """The position whose turn it is takes the bank; it starts with a fresh stake, unless it
        banked the last round played and nobody has banked since: then its run goes on, the
        rounds counted towards the two-round limit and the stake carried (Art. 4.1, 4.9). Under rules
        where the house banks, the player banks one round, alone or ``with_house`` (half each, his
        hand set by the house way; docs/rules.md §3.1)."""
        offer = self.verify_accept(with_house)
        s = self._state
        if self._house_rules:   # one round, alone (covering every bet) or with the house, half each
            move = BankEvent.CO_BANK if with_house else BankEvent.ACCEPT
            turn = BankTurn(move, offer, offer)
            self._commit(BankMoved(move), banker=offer, offer=None, house_banks=False, with_house=with_house,
                         last_offer=offer, turns=s.turns + (turn,))
            return turn
        turn = BankTurn(BankEvent.ACCEPT, offer, offer)
        rounds, carried = 0, None
        if s.outgoing is not None and s.outgoing[0] == offer:
            rounds, carried = s.outgoing[1], s.outgoing[2]
        self._commit(BankMoved(BankEvent.ACCEPT), banker=offer, offer=None, declined=(), rounds_banked=rounds,
                     carried=carried, turns=s.turns + (turn,))
        return turn
