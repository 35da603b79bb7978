"""A rule-based machine for the US table (docs/rules.md §3.1), beside tests/test_table_machine.py
for Macau's: random legal and illegal actions on a ``Session(rules=US)`` and its rounds. After
every step:

- a refused action is refused by ``verify_x`` and ``x`` alike and changes nothing;
- money balances: every settled round's changes plus the commission sum to zero, and the bank
  covers every bet placed (the US bank covers all bets, so nothing stands off);
- one holder per position: every position in play has exactly one holder, a bettor there, and
  nobody holds two;
- the house way: wherever it set a hand (the house's, a co-banked bank's, one asked for, a foul)
  the setting is the way's for those tiles; the banker's hand of a bank the house holds or shares
  is always the way's, never set otherwise;
- the bank: a player banks only after playing the round before against the house, the house's
  share of a bank it shares equals the player's, and the bank goes back to the house after it;
- records round-trip: the session's record replays to an equal session.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from paigow.errors import PaigowError
from paigow.houseway import FOXWOODS
from paigow.rules import US
from paigow.table import Phase, Round, Session
from paigow.table.positions import HOUSE
from paigow.table.records import replay_session, session_record

POSITION = st.integers(0, 7) | st.just(8)
AMOUNT = st.integers(1, 400) | st.integers(-1, 3000)
BETTOR = st.sampled_from([None, None, "ann", "bob", "P3", "house"])
BY = st.sampled_from([None, None, "holder", "zed"])


class USTableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random(0)
        self.session = Session(0, rules=US, rng=self.rng)
        self.history: list[Any] = []     # per finished round: (house banked, banker party, bettors)

    @property
    def round(self) -> Round | None:
        return self.session.round

    def snapshot(self) -> tuple[object, ...]:
        r = self.round
        return (self.session.state, r.state if r is not None else None, self.rng.getstate())

    def attempt(self, target: object, name: str, *args: Any, **kwargs: Any) -> Any:
        allowed = getattr(target, f"can_{name}")(*args, **kwargs)
        event(f"{name}: {'done' if allowed else 'refused'}")   # --hypothesis-show-statistics
        if allowed:
            return getattr(target, name)(*args, **kwargs)
        before = self.snapshot()
        with pytest.raises(PaigowError) as verified:
            getattr(target, f"verify_{name}")(*args, **kwargs)
        with pytest.raises(PaigowError) as done:
            getattr(target, name)(*args, **kwargs)
        assert type(done.value) is type(verified.value) and done.value.code == verified.value.code
        assert self.snapshot() == before, f"refused {name}{args} changed the table"
        return None

    @initialize(seat=st.integers(0, 7), live=st.booleans(), house=st.none() | st.integers(500, 3000))
    def open_table(self, seat: int, live: bool, house: int | None) -> None:
        self.session = Session(seat, rules=US, rng=self.rng, live=live, house_stake=house)

    # -- the session --------------------------------------------------------------------------------
    @rule(stake=st.none() | AMOUNT)
    def start_round(self, stake: int | None) -> None:
        self.attempt(self.session, "start_round", stake)

    @rule()
    def end_round(self) -> None:
        r = self.round
        if self.attempt(self.session, "end_round") is not None:
            assert r is not None
            self.history.append((r.house_banks, r.banker_party, {b.bettor for b in r.bets}))

    @rule(with_house=st.booleans())
    def accept(self, with_house: bool) -> None:
        offer = self.session.offer
        if self.attempt(self.session, "accept", with_house) is not None:
            assert offer is not None
            house_banked, _, bettors = self.history[-1]
            assert house_banked and self.session.state.players[offer] in bettors   # played against the house

    @rule()
    def decline(self) -> None:
        if self.attempt(self.session, "decline") is not None:
            assert self.session.house_banks and self.session.banker == self.session.state.first_banker

    @rule()
    def pass_bank(self) -> None:
        self.attempt(self.session, "pass_bank")

    # -- the round ----------------------------------------------------------------------------------
    @rule(position=POSITION, amount=AMOUNT, bettor=BETTOR)
    def bet(self, position: int, amount: int, bettor: str | None) -> None:
        if self.round is not None:
            self.attempt(self.round, "bet", position, amount, bettor)

    @rule(amount=AMOUNT)
    def set_stake(self, amount: int) -> None:
        if self.round is not None:
            self.attempt(self.round, "set_stake", amount)

    @rule(dice=st.none() | st.tuples(*[st.integers(1, 6)] * 3) | st.just((1, 2, 3, 4)))
    def shuffle_shake_deal(self, dice: tuple[int, ...] | None) -> None:
        r = self.round
        if r is None:
            return
        self.attempt(r, "shuffle")
        self.attempt(r, "shake", dice)
        self.attempt(r, "deal")

    @rule(position=POSITION, split=st.integers(0, 2), placed=st.sampled_from(["split", "as dealt", "reversed"]),
          by=BY)
    def set_hand(self, position: int, split: int, placed: str, by: str | None) -> None:
        r = self.round
        if r is None or r.phase is not Phase.DEALT or position > 7:
            return
        setting: int | str = split
        hand = r.deal_record.deal.hands[position] if r.deal_record.deal is not None else None
        if placed != "split" and hand is not None:   # a placement low | high, perhaps a foul
            a, b, c, d = map(str, hand)
            setting = f"{a} {b} | {c} {d}" if placed == "as dealt" else f"{c} {d} | {a} {b}"
        who = r.holder(position) if by == "holder" else by
        self.attempt(r, "set_hand", position, setting, who)

    @rule(position=POSITION, by=BY)
    def house_way(self, position: int, by: str | None) -> None:
        r = self.round
        if r is None or position > 7:
            return
        who = r.holder(position) if by == "holder" else by
        self.attempt(r, "house_way", position, who)

    @rule()
    def settle(self) -> None:
        if self.round is not None:
            self.attempt(self.round, "settle")

    @rule(stake=st.integers(300, 3000), bets=st.lists(st.tuples(st.integers(0, 7), st.integers(1, 200), BETTOR),
                                                       min_size=1, max_size=6),
          how=st.lists(st.sampled_from(["split", "as dealt", "reversed", "house way"]), min_size=8, max_size=8),
          move=st.sampled_from(["accept", "with house", "decline", "stay"]))
    def whole_round(self, stake: int, bets: list[tuple[int, int, str | None]], how: list[str], move: str) -> None:
        """Steering: a whole round with mostly legal moves, each position set its own way, and
        the bank offered after it taken alone, with the house, or declined."""
        if self.round is None and self.session.offer is not None and move != "stay":
            self.accept(move == "with house") if move != "decline" else self.decline()
        if self.round is None:
            self.start_round(stake)
        r = self.round
        if r is None:
            return
        for p, amount, bettor in bets:
            self.bet(p, amount, bettor)
        self.shuffle_shake_deal(None)
        if r.phase is not Phase.DEALT:
            return
        for p in r.active:
            if how[p] == "house way":
                self.house_way(p, "holder")
            else:
                self.set_hand(p, p % 3, how[p], "holder")
        if not r.way_sets_banker:
            self.set_hand(r.banker, 0, how[r.banker] if how[r.banker] != "house way" else "split", None)
        self.settle()
        self.end_round()

    # -- what always holds --------------------------------------------------------------------------
    @invariant()
    def money_balances(self) -> None:
        for res in self.session.state.history:
            led = res.ledger
            assert sum(led.changes.values()) + led.commission == 0
            assert -led.bank <= led.bank_result <= led.bank and not led.stood_off   # the bank covers every bet
        r = self.round
        if r is not None:
            assert sum(b.amount for b in r.bets) <= r.bank

    @invariant()
    def one_holder_per_position(self) -> None:
        r = self.round
        if r is None:
            return
        held = r.holders()
        assert set(held) == set(r.active)
        for p, who in held.items():
            assert who is not None and who in {b.bettor for b in r.bets_on(p)}
        assert len(set(held.values())) == len(held)

    @invariant()
    def the_house_way_sets_what_it_says(self) -> None:
        r = self.round
        rounds = [(r.state, r.state.ways, r.state.settings)] if r is not None and r.deal_record.deal else []
        for state, ways, settings_ in rounds:
            deal = state.current.deal
            assert deal is not None
            for p, way in enumerate(ways):
                if way is not None:
                    hand = deal.hands[p]
                    assert hand is not None and way.setting == settings_[p] == FOXWOODS.set(hand).setting
                    assert way.rule == FOXWOODS.set(hand).rule
            if r is not None and r.way_sets_banker and settings_[state.banker] is not None:
                assert ways[state.banker] is not None and ways[state.banker].why == "house"
        for res in self.session.state.history:
            if res.house_banks or any(x.party == HOUSE for x in res.shares):
                w = res.ways[res.banker]
                assert w is not None and w.why == "house" and res.settings[res.banker] == w.setting

    @invariant()
    def the_bank(self) -> None:
        r = self.round
        if r is not None and not r.house_banks:
            shares = {x.party: x.stake for x in r.shares}
            if HOUSE in shares:
                assert r.phase is Phase.BETTING or shares[HOUSE] == shares[r.banker_party]
        s = self.session
        if s.banker is not None and s.house_banks:
            assert s.banker == s.state.first_banker
        if self.history and not self.history[-1][0] and s.round is None:
            assert s.house_banks and s.offer is None          # back to the house after a player's round

    @invariant()
    def records_round_trip(self) -> None:
        record = json.loads(json.dumps(session_record(self.session)))
        assert replay_session(record) == self.session


TestUSTable = USTableMachine.TestCase
TestUSTable.settings = settings(max_examples=120, stateful_step_count=30, deadline=None)
