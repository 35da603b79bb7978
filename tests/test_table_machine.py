"""A rule-based machine for the table (as tests/pcc/test_settle.py has for pcc): random legal and
illegal actions on a :class:`~paigow.table.session.Session` and its rounds. After every step:

- an action ``can_x`` refuses is refused by ``verify_x`` and ``x`` alike (one class, one code),
  and leaves everything as it was: the session's and the round's whole state and the randomness;
- an action ``can_x`` allows is done, and the round agrees with a plain model of its bets and
  shares;
- money balances: every settled round's changes plus the commission sum to zero, the bank's
  result stays within the bank, and the session's balances add up over its rounds;
- records round-trip: the session's record replays to an equal session, its state with the
  randomness to an equal session drawing the same numbers, and the open round's record to an
  equal round with the same result;
- the table to the letter (issue 21): every position in play has exactly one holder, who may
  hold it (a bettor in play there, holding no other position, no co-banker where others bet), and
  a position that nobody may hold stands off whole; a co-banker who sits out is out of the bank;
  a live table never has a hand set by a strategy, and no claim comes from one; nobody banks
  more than two rounds in a row without the others' agreement, passes and declines or not; the
  declaration is the first one made; at most the rule set's player positions cut in a round,
  void deals included, and every deal follows a valid shake or none.

- issue 31, checked against a brute force of this file's own (``LetterChecks``, both tables):
  whenever some assignment of distinct lawful bettors holds every position in play, every one
  is active and held; a sit-out lasts to the end of the round, void deals included, and his
  bets pay nothing; no claim comes from a setting by a strategy or the house way; every
  settlement balances.

Besides random actions, rules steer the table where those limits bite: the bank passed and
declined round the table, two tiles exposed at once (a void deal at the banker's, a sit-out with
backline bets and co-bankers elsewhere), a void shake, and backline bets by a few bettors over
a co-banking player.

The US table's machine (``USTableMachine``, at the end) shares this machinery and these checks
(a refusal changes nothing, money balances, records round-trip) under the US rules, with the
checks only that table has (the house way, the bank covering every bet, the bank offered in turn).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from paigow.errors import PaigowError
from paigow.houseway import FOXWOODS
from paigow.rules import MACAU, US, RuleSet
from paigow.table import Phase, Round, Session
from paigow.table.events import RoundPlayed
from paigow.table.positions import HOUSE
from paigow.table.records import (
    replay_round,
    replay_session,
    round_record,
    session_from_state_json,
    session_record,
    session_state_json,
)
from paigow.table.views import seat_view
from paigow.tiles import DECK
from test_seat_views import hidden_tiles, leaks

# each argument legal most of the time, and sometimes not
POSITION = st.integers(1, 7) | st.integers(-1, 8)                   # 8 and -1 are no positions
AMOUNT = st.integers(1, 500) | st.integers(-2, 1500) | st.just(10**15 + 1)
BETTOR = st.sampled_from([None, None, "ann", "bob", "P3", "P5", "house", "bank", " x"])
PARTY = st.sampled_from([HOUSE, HOUSE, 1, 2, 3, 5, 7, 0, "bank", "ann"])
METHOD = st.sampled_from(["the stacks in dealing order from the dice", "", "x" * 201])
DICE = st.none() | st.tuples(*[st.integers(1, 6)] * 4) | st.sampled_from([(1, 2, 3), (7, 1, 1, 1), (1, 1, 1, 1, 1)])
VOID = st.sampled_from([None, None, None, "tilted", "fallen", "wet"])
STRATEGY = st.sampled_from([None, "max-back", "equilibrium", "greedy"])
SETTER = st.sampled_from([None, "holder", "banker", "zed"])


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


# -- the letter, checked by brute force (issue 31): not by the library's own ``holders`` -----------
def in_play(r: Round) -> dict[int, set[str]]:
    """Each position with a bet still in play (its bettor not sitting out), with its lawful
    bettors: in play, and no co-banker where others bet (docs/rules.md §1.6-1.8)."""
    away = r.sitting_out
    co = {x.party for x in r.shares[1:] if x.party != HOUSE}
    out: dict[int, set[str]] = {}
    for p in r.playing:
        names = {b.bettor for b in r.bets_on(p) if b.bettor not in away}
        if names:
            out[p] = {n for n in names if n not in co or names == {n}}
    return out


def some_assignment_holds_all(lawful: dict[int, set[str]]) -> bool:
    """Whether the positions can be held by distinct lawful bettors, every one (brute force)."""
    positions = sorted(lawful, key=lambda p: len(lawful[p]))

    def fill(i: int, used: frozenset[str]) -> bool:
        return i == len(positions) or any(fill(i + 1, used | {n}) for n in lawful[positions[i]] - used)
    return fill(0, frozenset())


def expose_then_deal_again(m: Any, shown: list[tuple[int, int]], again: list[tuple[int, int]]) -> None:
    """Exposures (``(offset, count)``: ``count`` tiles at position banker + ``offset``), then, if
    the banker's two made the deal void, a re-shuffle, re-shake and re-deal, and ``again``."""
    r = m.round
    if r is None or r.phase is not Phase.DEALT:
        return
    for offset, count in shown:
        for _ in range(count):
            if r.phase is Phase.DEALT:
                m.attempt(r, "expose", (r.banker + offset) % 8)
    if r.phase is Phase.BETTING:                        # void: dealt again from a new shuffle
        if currently_in_test_context():
            event("a void deal after exposures, dealt again")
        for name in ("shuffle", "shake", "deal"):
            m.attempt(r, name)
        for offset, count in again:
            for _ in range(count):
                if r.phase is Phase.DEALT:
                    m.attempt(r, "expose", (r.banker + offset) % 8)


class LetterChecks:
    """Checks shared by both machines after every step (issue 31): every position in play is held
    whenever a lawful assignment exists; a sit-out lasts to the end of the round and pays nothing;
    a live round banked in rotation is shaken only after its declaration; no claim arises from a setting the holder did not make; money balances;
    no seat sees another position's face-down tiles (issue 38)."""

    session: Session
    tracked: tuple[Round | None, frozenset[str]] = (None, frozenset())

    @invariant()
    def no_seat_sees_another_positions_face_down_tiles(self) -> None:
        """Every seat's view (a player's own device, issue 38) after every step: no tile of another
        position face down (tests/test_seat_views.py plays whole rounds; this, any sequence)."""
        r = self.session.round
        if r is None or r.deal_record.deal is None:
            return
        for p in range(8):
            assert not leaks(seat_view(r, p), hidden_tiles(r, p)), p

    @invariant()
    def holders_by_brute_force(self) -> None:
        r = self.session.round
        if r is None:
            return
        lawful = in_play(r)
        assert set(r.active) <= set(lawful)
        if some_assignment_holds_all(lawful):
            assert set(r.active) == set(lawful), (lawful, r.active)
            held = r.holders()
            assert all(held[p] in lawful[p] for p in lawful) and len(set(held.values())) == len(held)

    @invariant()
    def a_sit_out_lasts_the_round(self) -> None:
        r = self.session.round
        if r is None:
            self.tracked = (None, frozenset())
            return
        seen, before = self.tracked
        if seen is r:
            assert before <= r.sitting_out, (before, r.sitting_out)   # void deals included
        self.tracked = (r, r.sitting_out)
        if r.result is not None:
            for name in r.sitting_out:                   # his bets and share stand off: he pays nothing
                assert r.result.ledger.changes.get(name, 0) == 0
                assert not any(c.bettor == name or c.setter == name for c in r.result.ledger.claims)
            if currently_in_test_context() and r.sitting_out:
                event("a round settled with a sit-out")

    @invariant()
    def a_live_shake_follows_the_declaration(self) -> None:
        r = self.session.round     # Art. 4.4: at a live table banked in rotation, declared first
        if r is not None and r.live and r.rules.bank == "rotation" and r.state.current.shakes:
            assert r.declared is not None
            if currently_in_test_context():
                event("a live round shaken after its declaration")

    @invariant()
    def no_claim_from_a_setting_not_made_by_its_holder(self) -> None:
        s = self.session
        results = list(s.state.history) + ([s.round.result] if s.round is not None and s.round.result else [])
        for res in results:
            assert sum(res.ledger.changes.values()) + res.ledger.commission == 0
            for c in res.ledger.claims:
                assert res.strategies[c.position] is None and res.ways[c.position] is None, c
            for w in res.ways[:res.banker] + res.ways[res.banker + 1:]:
                if w is not None and currently_in_test_context():
                    event(f"a player position set by the house way ({w.why}), settled")


TOY = MACAU.replace(name="toy", commission="4%", rounding="floor", max_cuts=1)


class TableMachine(LetterChecks, RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random(0)
        self.house: int | None = 200
        self.rules: RuleSet = MACAU
        self.session = Session(0, rng=self.rng, house_stake=self.house)
        self.bets: list[tuple[int, str, int]] = []         # the open round's bets, as the model places them
        self.shares: dict[str, int] = {}                    # the open round's co-bankers' stakes
        self.declared: str | None = None                    # the open round's first declaration

    # -- the machinery -----------------------------------------------------------------------------
    @property
    def round(self) -> Round | None:
        return self.session.round

    def snapshot(self) -> tuple[object, ...]:
        r = self.round
        return (self.session.state, r, r.state if r is not None else None, self.rng.getstate())

    def attempt(self, target: object, name: str, *args: Any, **kwargs: Any) -> Any:
        """Do ``name`` if ``can_name`` allows it; else it is refused three ways, changing nothing.
        Returns what the action returned (None when refused)."""
        allowed = getattr(target, f"can_{name}")(*args, **kwargs)
        if currently_in_test_context():   # how often each action was done or refused (--hypothesis-show-statistics)
            event(f"{name}: {'done' if allowed else 'refused'}")
        if allowed:
            return getattr(target, name)(*args, **kwargs)
        before = self.snapshot()
        with pytest.raises(PaigowError) as verified:
            getattr(target, f"verify_{name}")(*args, **kwargs)
        assert self.snapshot() == before
        with pytest.raises(PaigowError) as done:
            getattr(target, name)(*args, **kwargs)
        assert type(done.value) is type(verified.value) and done.value.code == verified.value.code
        assert self.snapshot() == before, f"refused {name}{args} changed the table"
        return None

    def in_round(self, phase: Phase | None = None) -> bool:
        r = self.round
        return r is not None and (phase is None or r.phase is phase)

    # -- the session -------------------------------------------------------------------------------
    @initialize(banker=st.integers(0, 7), house=st.none() | st.integers(1, 500), rules=st.sampled_from([MACAU, TOY]),
                stake=st.integers(1, 2000), live=st.booleans(),
                scenario=st.none() | st.tuples(st.sampled_from([3, 5]),
                                               st.sampled_from(["over", "over", "behind", "alone"]),
                                               st.sampled_from([4, 4, 0, 2]), st.booleans()))
    def first_round(self, banker: int, house: int | None, rules: RuleSet, stake: int, live: bool,
                    scenario: tuple[int, str, int, bool] | None) -> None:
        """The table opened, its first round started; half the time played at once as a round
        where the limits bite (:meth:`a_round_with_a_sit_out`)."""
        self.house, self.rules = house, rules
        self.session = Session(banker, rng=self.rng, house_stake=house, rules=rules, live=live)
        self.start_round(stake, False)
        if scenario is not None:
            self.a_round_with_a_sit_out(*scenario, splits=[0, 1, 2, 0, 1, 2, 0, 1])

    @rule(stake=st.none() | st.integers(-1, 3000), agree=st.booleans())
    def start_round(self, stake: int | None, agree: bool) -> None:
        if self.attempt(self.session, "start_round", stake, others_agree=agree) is not None:
            self.bets, self.shares = [], {HOUSE: self.house} if self.house is not None else {}
            self.declared = None

    @rule()
    def end_round(self) -> None:
        self.attempt(self.session, "end_round")

    @rule(move=st.sampled_from(["pass_bank", "decline", "accept"]))
    def move_the_bank(self, move: str) -> None:
        self.attempt(self.session, move)

    @precondition(lambda self: self.round is None)
    @rule(declines=st.integers(0, 9), bank_two=st.booleans())
    def round_the_table(self, declines: int, bank_two: bool) -> None:
        """The bank passed (or already offered), declined ``declines`` times round the table, then
        taken: where a two-round banker who passed must not get it back (Art. 4.1). With
        ``bank_two`` the banker first plays on until he has banked two rounds in a row."""
        s = self.session
        for _ in range(14 if bank_two else 0):
            if s.banker is not None and s.state.rounds_banked >= 2 and self.round is None:
                break
            self.next_step("by hand", "go on", [0, 1, 2, 0, 1, 2, 0, 1])
        if self.round is not None:
            return
        if s.banker is not None:
            self.attempt(s, "pass_bank")
        for _ in range(declines):
            self.attempt(s, "decline")
        self.attempt(s, "accept")

    # -- a round: stakes and bets ------------------------------------------------------------------
    @precondition(lambda self: self.in_round())
    @rule(amount=AMOUNT)
    def set_stake(self, amount: int) -> None:
        self.attempt(self.round, "set_stake", amount)

    @precondition(lambda self: self.in_round())
    @rule(party=PARTY, stake=AMOUNT)
    def co_bank(self, party: int | str, stake: int) -> None:
        share = self.attempt(self.round, "co_bank", party, stake)
        if share is not None:
            self.shares[share.party] = share.stake

    @precondition(lambda self: self.in_round())
    @rule(bets=st.lists(st.tuples(POSITION, AMOUNT, BETTOR), min_size=1, max_size=4))
    def bet(self, bets: list[tuple[int, int, str | None]]) -> None:
        for position, amount, bettor in bets:
            b = self.attempt(self.round, "bet", position, amount, bettor)
            if b is not None:
                assert b.bettor == (bettor if bettor is not None else self.session.state.players[position])
                self.bets.append((b.position, b.bettor, b.amount))

    @precondition(lambda self: self.in_round())
    @rule(position=POSITION, amount=st.none() | AMOUNT, bettor=BETTOR)
    def withdraw(self, position: int, amount: int | None, bettor: str | None) -> None:
        """A bet taken back, all or part: the model takes it from the latest placed bets first."""
        b = self.attempt(self.round, "withdraw", position, amount, bettor)
        if b is None:
            return
        name = bettor if bettor is not None else self.session.state.players[position]
        placed = sum(a for p, n, a in self.bets if (p, n) == (position, name))
        assert b.bettor == name and b.amount == (placed if amount is None else amount) <= placed
        left, kept = b.amount, []
        for p, n, a in reversed(self.bets):
            part = min(left, a) if (p, n) == (position, name) else 0
            left -= part
            if a > part:
                kept.append((p, n, a - part))
        self.bets = kept[::-1]

    @precondition(lambda self: self.in_round() and bool(self.bets))
    @rule(which=st.integers(0, 20), part=st.sampled_from([None, 1, 2]))
    def withdraw_a_bet_placed(self, which: int, part: int | None) -> None:
        """One of the bets on the table taken back: all, or some of it (half, or one unit)."""
        p, n, a = self.bets[which % len(self.bets)]
        self.withdraw(p, None if part is None else max(1, a // part), n)

    @precondition(lambda self: self.in_round())
    @rule(method=METHOD)
    def declare(self, method: str) -> None:
        if self.attempt(self.round, "declare", method) is not None and self.declared is None:
            self.declared = method.strip()

    @precondition(lambda self: self.in_round(Phase.BETTING))
    @rule(co=st.sampled_from([2, 3, 5]), plan=st.sampled_from(["over", "behind", "alone"]))
    def backline_over_a_co_banker(self, co: int, plan: str) -> None:
        """A few bettors backing positions around a co-banking player: the co-banker behind the
        largest bettor (``behind``), ahead of others on a position he may not hold (``over``),
        or alone on his own; after a sit-out the holders are chosen again."""
        r = self.round
        assert r is not None
        b = r.banker
        first, second = (b + 1) % 8, (b + 2) % 8
        share = self.attempt(r, "co_bank", (b + co) % 8, 300)
        if share is not None:
            self.shares[share.party] = share.stake
        name = r.players[(b + co) % 8]
        plans = {"over": [(first, 300, "ann"), (second, 300, "bob"), (second, 100, "ann"), (second, 80, name),
                          ((b + 4) % 8, 100, "cy"), ((b + 4) % 8, 50, "bob")],
                 "behind": [(first, 300, "bob"), (first, 100, name), (first, 50, "ann"), (second, 100, "cy"),
                            (second, 50, "bob")],
                 "alone": [((b + co) % 8, 100, name), (first, 200, "ann"), (first, 20, name)]}
        self.bet([(p, a, w) for p, a, w in plans[plan]])

    # -- dealing -----------------------------------------------------------------------------------
    @precondition(lambda self: self.in_round())
    @rule()
    def shuffle(self) -> None:
        self.attempt(self.round, "shuffle")

    @precondition(lambda self: self.in_round())
    @rule(position=POSITION, k=st.integers(0, 8))
    def cut(self, position: int, k: int) -> None:
        self.attempt(self.round, "cut", position, k)

    @precondition(lambda self: self.in_round())
    @rule(dice=DICE, void=VOID)
    def shake(self, dice: tuple[int, ...] | None, void: str | None) -> None:
        self.attempt(self.round, "shake", dice, void)

    @precondition(lambda self: self.in_round())
    @rule()
    def deal_the_stacks(self) -> None:
        self.attempt(self.round, "deal")

    @precondition(lambda self: self.in_round())
    @rule(seen=st.just(list(range(8))) | st.lists(st.integers(0, 7), unique=True, max_size=8),
          order=st.randoms(use_true_random=False))
    def enter_a_deal(self, seen: list[int], order: random.Random) -> None:
        tiles = list(DECK)
        order.shuffle(tiles)
        self.attempt(self.round, "deal", {p: tiles[4 * p: 4 * p + 4] for p in seen})

    @rule(co=st.sampled_from([3, 5, 2]), plan=st.sampled_from(["over", "over", "behind", "alone"]),
          offset=st.sampled_from([4, 0, 4, 2, 1]), by_hand=st.booleans(),
          splits=st.lists(st.integers(0, 2), min_size=8, max_size=8))
    def a_round_with_a_sit_out(self, co: int, plan: str, offset: int, by_hand: bool, splits: list[int]) -> None:
        """A whole round where the limits bite: backline bets over a co-banker, the deal, two
        tiles exposed at position banker + ``offset`` (0: a void deal, dealt again), the holders
        chosen again, the hands set by them (or, in a simulation, by a strategy), the settlement."""
        s = self.session
        if self.round is not None and self.round.phase is Phase.SETTLED:
            self.attempt(s, "end_round")
        if self.round is None:
            if s.banker is None:
                self.attempt(s, "accept")
            carried = s.state.rounds_banked and s.carried
            self.start_round(None if carried else 800, s.state.rounds_banked >= 2)
        r = self.round
        if r is None or r.phase is not Phase.BETTING or r.frozen:
            return
        self.backline_over_a_co_banker(co, plan)
        for name in ("shuffle", "shake", "deal"):
            self.attempt(r, name)
        if r.phase is Phase.DEALT:
            self.expose_two(offset)
        if r.phase is Phase.BETTING:                        # the banker's deal was void: dealt again
            for name in ("shuffle", "shake", "deal"):
                self.attempt(r, name)
        if r.phase is Phase.DEALT:
            if by_hand or r.live:
                self.every_holder_sets(splits)
                self.attempt(r, "settle")
            else:
                self.attempt(r, "settle", "max-back")

    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule(offset=st.integers(0, 7))
    def expose_two(self, offset: int) -> None:
        """Two tiles exposed at one position: the banker's make the deal void (the round dealt
        again, its cuts and declaration standing), a player position's make its players sit out."""
        r = self.round
        assert r is not None
        for _ in range(2):
            self.attempt(r, "expose", (r.banker + offset) % 8)

    @precondition(lambda self: self.in_round(Phase.BETTING))
    @rule(void=st.sampled_from(["tilted", "fallen"]), then=st.sampled_from(["enter", "shake"]))
    def void_shake(self, void: str, then: str) -> None:
        """A void shake, then the tiles entered (refused: a valid shake first, Art. 1.5) or a shake."""
        r = self.round
        assert r is not None
        self.attempt(r, "shake", None, void)
        if then == "enter":
            tiles = list(DECK)
            self.attempt(r, "deal", {p: tiles[4 * p: 4 * p + 4] for p in range(8)})
        else:
            self.attempt(r, "shake")

    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule(position=POSITION, which=st.integers(-1, 4))
    def expose(self, position: int, which: int) -> None:
        r = self.round
        assert r is not None and r.deal_record.deal is not None
        hand = r.deal_record.deal.hands[position] if 0 <= position < 8 else None
        tile = None if which < 0 or hand is None else (hand[which] if which < 4 else DECK[0])
        self.attempt(r, "expose", position, tile)

    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule(shown=st.lists(st.tuples(st.integers(0, 7), st.integers(1, 2)), min_size=1, max_size=3),
          again=st.lists(st.tuples(st.integers(1, 7), st.integers(1, 2)), max_size=2))
    def exposures_then_dealt_again(self, shown: list[tuple[int, int]], again: list[tuple[int, int]]) -> None:
        """Tiles exposed, ``count`` at position banker + ``offset`` each (one: play on; two of a
        player position: its players sit out; two of the banker's: the deal is void), then, after a
        void deal, a new shuffle, shake and deal, and more exposures at player positions."""
        expose_then_deal_again(self, shown, again)

    @precondition(lambda self: self.in_round(Phase.BETTING))
    @rule(bets=st.lists(st.tuples(st.integers(1, 3), st.integers(1, 300), st.sampled_from(["ann", "bob", "cy", 1, 2])),
                        min_size=2, max_size=7))
    def backline_web(self, bets: list[tuple[int, int, str | int]]) -> None:
        """Backline bets by a few bettors over three positions after the banker's: several on one
        position, a bettor holding one position and backing others, players of those positions too
        (an int names the player of position banker + it)."""
        r = self.round
        assert r is not None
        b = r.banker
        self.bet([((b + p) % 8, a, r.players[(b + w) % 8] if isinstance(w, int) else w) for p, a, w in bets])

    # -- settings and settlement -------------------------------------------------------------------
    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule(position=POSITION, split=st.integers(0, 3), setter=SETTER, label=st.sampled_from([None, None, "mine"]))
    def set_hand(self, position: int, split: int, setter: str | None, label: str | None) -> None:
        r = self.round
        assert r is not None
        by = {"holder": r.holder(position) if 0 <= position < 8 else None, "banker": r.banker_party}.get(
            setter or "", setter)
        self.attempt(r, "set_hand", position, split, by, strategy=label)

    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule(splits=st.lists(st.integers(0, 2), min_size=8, max_size=8))
    def every_holder_sets(self, splits: list[int]) -> None:
        """The holders set every playing position, then the banker (a table's way to settle)."""
        r = self.round
        assert r is not None
        for p in r.active + (r.banker,):
            self.attempt(r, "set_hand", p, splits[p], r.holder(p) if p != r.banker else None)

    @precondition(lambda self: self.in_round(Phase.DEALT))
    @rule()
    def turn(self) -> None:
        self.attempt(self.round, "turn")

    @precondition(lambda self: self.in_round())
    @rule(strategy=STRATEGY)
    def set_players(self, strategy: str | None) -> None:
        self.attempt(self.round, "set_players", strategy)

    @precondition(lambda self: self.in_round())
    @rule(strategy=STRATEGY, banker=st.sampled_from([None, "max-back"]))
    def settle(self, strategy: str | None, banker: str | None) -> None:
        r = self.round
        assert r is not None
        result = self.attempt(r, "settle", strategy, banker)
        if result is not None:
            assert r.phase is Phase.SETTLED and r.result == result

    @rule(steps=st.integers(1, 6), strategy=st.sampled_from(["max-back", "equilibrium", "by hand"]),
          move=st.sampled_from(["go on", "go on", "pass_bank", "decline", "accept"]),
          splits=st.lists(st.integers(0, 2), min_size=8, max_size=8))
    def play_on(self, steps: int, strategy: str, move: str, splits: list[int]) -> None:
        """The next ``steps`` legal steps of a round, so that rounds get settled and the bank
        moves: the hands set by a strategy, or ``"by hand"`` by their holders (split
        ``splits[p]``); between rounds the banker goes on or the bank is passed, declined and
        taken (``move``)."""
        for _ in range(steps):
            self.next_step(strategy, move, splits)

    def next_step(self, strategy: str, move: str, splits: list[int]) -> None:
        s, r = self.session, self.round
        if r is None:
            if s.banker is None:
                self.attempt(s, "decline" if move == "decline" else "accept")
            elif move == "pass_bank":
                self.attempt(s, "pass_bank")
            else:
                carried = s.state.rounds_banked and s.carried
                self.start_round(None if carried else 500, s.state.rounds_banked >= 2)
        elif r.phase is Phase.BETTING:
            if not r.playing:
                self.bet([((r.banker + 1 + i) % 8, 100, None) for i in (0, 3)])
            self.attempt(r, "shuffle" if r.deal_record.stacks is None else "shake")
        elif r.phase is Phase.SHAKEN and r.deal_record.stacks is None:   # shaken before a shuffle: enter the tiles
            tiles = list(DECK)
            random.Random(len(r.state.log)).shuffle(tiles)
            self.attempt(r, "deal", {p: tiles[4 * p: 4 * p + 4] for p in range(8)})
        elif r.phase is Phase.SHAKEN:
            self.attempt(r, "deal")
        elif r.phase is Phase.DEALT and (strategy == "by hand" or r.live):
            self.every_holder_sets(splits)
            self.attempt(r, "settle")
        elif r.phase is Phase.DEALT:
            self.attempt(r, "settle", strategy)
        else:
            self.attempt(s, "end_round")

    # -- what always holds -------------------------------------------------------------------------
    @invariant()
    def the_round_agrees_with_the_model(self) -> None:
        r = self.round
        if r is None:
            return
        assert [(b.position, b.bettor, b.amount) for b in r.bets] == self.bets
        assert {x.party: x.stake for x in r.state.co_bankers} == self.shares
        # the bank is the shares of those who take part: a co-banker who sits out is out of it (Art. 2.3)
        assert r.shares[1:] == tuple(x for x in r.state.co_bankers if x.party not in r.sitting_out)
        assert r.bank == sum(x.stake for x in r.shares) and r.shares[0].party == r.banker_party
        assert r.declared == self.declared and r.live == self.session.live
        assert set(r.active) <= set(r.playing) and r.frozen == bool(r.deal_record.shakes or r.phase is not Phase.BETTING
                                                                    or r.state.void_deals)

    @invariant()
    def each_position_in_play_has_one_holder_who_may_hold_it(self) -> None:
        r = self.round
        if r is None:
            return
        away = r.sitting_out
        co = {x.party for x in r.shares[1:] if x.party != HOUSE}
        held = r.holders()
        assert tuple(held) == r.active and len(set(held.values())) == len(held)   # nobody holds two (7.5)
        for p, who in held.items():
            mine = [b for b in r.bets_on(p) if b.bettor not in away]
            assert who is not None and any(b.bettor == who for b in mine)         # one holder, in play (7.4)
            assert who not in co or all(b.bettor == who for b in mine)            # no co-banker over others (3.3)
            assert max(sum(b.amount for b in mine if b.bettor == n) for n in {b.bettor for b in mine}) >= 1
        for p in r.playing:
            if p not in held:                                # sat out, or nobody may hold it: whole
                assert r.holder(p) is None and p in r.sat_out and not r.can_set_hand(p, 0)
        if r.result is not None:
            assert {p.position for p in r.result.plays if p.outcome is not None} == set(held)
        if currently_in_test_context():   # how often the limits were reached (--hypothesis-show-statistics)
            if r.unheld:
                event("a position nobody may hold stands off whole")
            if any(x.party in away for x in r.state.co_bankers):
                event("a co-banker sits out of the bank")
            if r.state.void_deals:
                event("a void deal, dealt again")
            if away and any(b.bettor in away for p in held for b in r.bets_on(p)):
                event("holders chosen again after a sit-out")

    @invariant()
    def the_letter_holds_over_the_session(self) -> None:
        s = self.session
        results = list(s.state.history) + ([self.round.result] if self.round is not None and self.round.result else [])
        for res in results:
            if s.live:
                assert res.strategies == (None,) * 8                      # a live table sets no hand (7.1-7.2)
            for c in res.ledger.claims:
                assert res.strategies[c.position] is None                # only a holder's own setting
        # the two-round limit (Art. 4.1): a third round in a row only with the others' agreement
        played = [e for e in s.state.log if isinstance(e, RoundPlayed)]
        run, last = 0, None
        for res, ev in zip(s.state.history, played):
            run = run + 1 if res.banker == last else 1
            last = res.banker
            assert run <= 2 or ev.others_agree, (res.banker, run)
        if s.offer is not None and s.state.outgoing is not None and s.state.outgoing[1] >= 2 \
                and currently_in_test_context():
            event("the bank offered round the table, a two-round banker barred")
        # cuts over a round, void deals included (Art. 2.1), and a deal only after a valid shake (1.5)
        rounds = [(r.banker, r.deals) for r in s.state.history]
        if self.round is not None:
            rounds.append((self.round.banker, self.round.state.void_deals + (self.round.deal_record,)))
        for banker, deals in rounds:
            cutters = [c.position for d in deals for c in d.cuts]
            assert len(cutters) == len(set(cutters))
            assert len({p for p in cutters if p != banker}) <= self.rules.max_cuts
            for d in deals:
                if d.deal is not None and d.shakes:
                    assert d.shakes[-1].void is None

    @invariant()
    def money_balances(self) -> None:
        results = list(self.session.state.history)
        r = self.round
        if r is not None and r.result is not None:
            results.append(r.result)
        total: dict[str, int] = {}
        commission = 0
        for res in results:
            led = res.ledger
            assert sum(led.changes.values()) + led.commission == 0
            assert -led.bank <= led.bank_result <= led.bank and led.bank == sum(x.stake for x in res.shares)
            assert sum(led.changes_after_claims.values()) + led.commission == 0
            for party, change in led.changes.items():
                total[party] = total.get(party, 0) + change
            commission += led.commission
        assert sum(total.values()) + commission == 0

    @invariant()
    def records_round_trip(self) -> None:
        s = self.session
        record = json_copy(session_record(s))
        rules = record["rules"]                            # a named rule set by name, another in full
        assert (rules["name"] if isinstance(rules, dict) else rules) == self.rules.name
        again = replay_session(record, rules=self.rules)
        assert again == s and again.state.history == s.state.history
        twin = session_from_state_json(json_copy(session_state_json(s)), rules=self.rules)
        assert twin == s and twin.rng.getstate() == s.rng.getstate()
        r = s.round
        if r is not None:
            alone = replay_round(json_copy(round_record(r)), rules=self.rules)
            assert alone.state == r.state and alone.result == r.result


TestTableMachine = TableMachine.TestCase
# 30 s on a loaded machine: CI's full run has it, the quick loop (-m 'not slow') does not
TestTableMachine.pytestmark = [pytest.mark.slow]
TestTableMachine.settings = settings(max_examples=max(10, settings().max_examples // 4), stateful_step_count=50,
                                     deadline=None)


def test_a_refused_action_is_refused_three_ways_and_changes_nothing() -> None:
    """The machine's ``attempt`` on a known refusal (so the machinery itself is tested)."""
    m = TableMachine()
    m.start_round(1000, False)
    before = m.snapshot()
    assert m.attempt(m.round, "bet", 0, 100) is None        # the banker's own position
    assert m.snapshot() == before
    with pytest.raises(AssertionError):                     # an action that changes the table while refused
        def sneaky(*a: Any) -> bool:
            return False

        class Cheat:
            can_x: Callable[..., bool] = staticmethod(sneaky)

            def verify_x(self) -> None:
                raise PaigowError("no")

            def x(self) -> None:
                m.rng.random()
                raise PaigowError("no")

        m.attempt(Cheat(), "x")


# -- the US table (docs/rules.md §3.1) ---------------------------------------------------------------
# The same machine's checks under the US rules (a refusal changes nothing, money balances, records
# round-trip: TableMachine's own, shared below), and what only the US table does:
# - the bank covers every bet placed (the US bank covers all bets, so nothing stands off);
# - one holder per position: every position in play has exactly one holder, a bettor there, and
#   nobody holds two;
# - the house way: wherever it set a hand (the house's, a co-banked bank's, one asked for, a foul)
#   the setting is the way's for those tiles; the banker's hand of a bank the house holds or shares
#   is always the way's, never set otherwise;
# - the bank: a player banks only after playing the round before against the house, the house's
#   share of a bank it shares equals the player's, and the bank goes back to the house after it.
US_POSITION = st.integers(0, 7) | st.just(8)
US_AMOUNT = st.integers(1, 400) | st.integers(-1, 3000)
US_BETTOR = st.sampled_from([None, None, "ann", "bob", "P3", "house"])
US_BY = st.sampled_from([None, None, "holder", "zed"])


class USTableMachine(LetterChecks, RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random(0)
        self.rules: RuleSet = US
        self.session = Session(0, rules=US, rng=self.rng)
        self.history: list[Any] = []     # per finished round: (house banked, banker party, bettors)

    # the same machinery and the same checks as Macau's table: a refusal changes nothing, money
    # balances, records round-trip (under the rule set the table plays)
    round = TableMachine.round
    snapshot = TableMachine.snapshot
    attempt = TableMachine.attempt
    money_balances = TableMachine.money_balances
    records_round_trip = TableMachine.records_round_trip

    @initialize(seat=st.integers(0, 7), live=st.booleans(), house=st.none() | st.integers(500, 3000))
    def open_table(self, seat: int, live: bool, house: int | None) -> None:
        self.session = Session(seat, rules=US, rng=self.rng, live=live, house_stake=house)

    # -- the session --------------------------------------------------------------------------------
    @rule(stake=st.none() | US_AMOUNT)
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
    @rule(position=US_POSITION, amount=US_AMOUNT, bettor=US_BETTOR)
    def bet(self, position: int, amount: int, bettor: str | None) -> None:
        if self.round is not None:
            self.attempt(self.round, "bet", position, amount, bettor)

    @rule(amount=US_AMOUNT)
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

    @rule(position=US_POSITION, split=st.integers(0, 2), placed=st.sampled_from(["split", "as dealt", "reversed"]),
          by=US_BY)
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

    @rule(position=US_POSITION, by=US_BY)
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

    @rule(stake=st.integers(300, 3000), bets=st.lists(st.tuples(st.integers(0, 7), st.integers(1, 200), US_BETTOR),
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

    @rule(shown=st.lists(st.tuples(st.integers(0, 7), st.integers(1, 2)), min_size=1, max_size=3),
          again=st.lists(st.tuples(st.integers(1, 7), st.integers(1, 2)), max_size=2))
    def exposures_then_dealt_again(self, shown: list[tuple[int, int]], again: list[tuple[int, int]]) -> None:
        """As at Macau's table: tiles exposed, a void deal dealt again, a position's players out."""
        expose_then_deal_again(self, shown, again)

    @rule(stake=st.integers(1500, 3000),
          bets=st.lists(st.tuples(st.integers(1, 3), st.integers(1, 200), st.sampled_from(["ann", "bob", "cy", 1, 2])),
                        min_size=2, max_size=7),
          shown=st.lists(st.tuples(st.sampled_from([1, 2, 3, 0]), st.sampled_from([2, 1])), max_size=2),
          how=st.lists(st.sampled_from(["split", "as dealt", "reversed", "house way"]), min_size=8, max_size=8),
          with_house=st.booleans())
    def backline_round(self, stake: int, bets: list[tuple[int, int, str | int]], shown: list[tuple[int, int]],
                       how: list[str], with_house: bool) -> None:
        """Steering: a whole round of backline bets by a few bettors over three positions (several
        on one, a bettor holding one and backing others), perhaps a bank shared with the house,
        exposures (a sit-out, a void deal dealt again), hands set by their holders, fouls and the
        house way asked for among them, and the settlement."""
        if self.round is None and self.session.offer is not None:
            self.accept(with_house)
        if self.round is None:
            self.start_round(stake)
        r = self.round
        if r is None or r.phase is not Phase.BETTING:
            return
        b = r.banker
        for p, amount, w in bets:
            self.bet((b + p) % 8, amount, r.players[(b + w) % 8] if isinstance(w, int) else w)
        self.shuffle_shake_deal(None)
        expose_then_deal_again(self, shown, [])
        if r.phase is not Phase.DEALT:
            return
        for p in r.active:
            if how[p] == "house way":
                self.house_way(p, "holder")
            else:
                self.set_hand(p, p % 3, how[p], "holder")
        if not r.way_sets_banker:
            self.set_hand(r.banker, 0, "split", None)
        self.settle()

    # -- what always holds --------------------------------------------------------------------------
    @invariant()
    def the_bank_covers_every_bet(self) -> None:
        for res in self.session.state.history:
            assert not res.ledger.stood_off                  # the US bank covers all bets: nothing stands off
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


TestUSTable = USTableMachine.TestCase
TestUSTable.settings = settings(max_examples=max(10, settings().max_examples * 3 // 5), stateful_step_count=30,
                                deadline=None)
