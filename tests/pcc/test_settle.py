"""Settlement of slips, and rounds with the bell and void rolls (docs/rules.md §2.2, §2.3, §2.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from pcc import (
    ALL_SPOTS,
    Bet,
    BetSyntaxError,
    IllegalActionError,
    IllegalBetError,
    Phase,
    InvalidBetError,
    InvalidColourError,
    InvalidFigureError,
    InvalidRollError,
    InvalidRulesetError,
    InvalidStakeError,
    PccError,
    Roll,
    Round,
    Ruleset,
    VoidReason,
    settle,
)

# -- a plain reference, sharing nothing with pcc but the text form of a bet -------------

NUMBER = {"fish": 1, "prawn": 2, "gourd": 3, "coin": 4, "crab": 5, "rooster": 6}
COLOUR_OF = {1: "red", 2: "green", 3: "blue", 4: "blue", 5: "green", 6: "red"}
TOTAL_PAYS = {4: 50, 17: 50, 5: 18, 16: 18, 6: 14, 15: 14, 7: 12, 14: 12, 8: 8, 13: 8, 9: 6, 10: 6, 11: 6, 12: 6}


def reference_payout(spot: str, dice: tuple[int, int, int]) -> int:
    """docs/rules.md §2.2, read directly: payout to one, 0 for a loss."""
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]
    colours = [COLOUR_OF[d] for d in dice]
    kind, _, arg = spot.partition(":")
    if kind == "small":
        return 1 if 4 <= total <= 10 and not triple else 0
    if kind == "big":
        return 1 if 11 <= total <= 17 and not triple else 0
    if kind == "figure":
        return dice.count(NUMBER[arg])
    if kind == "colour1":
        return 1 if colours.count(arg) == 1 else 0
    if kind == "colour2":
        return 3 if colours.count(arg) == 2 else 0
    if kind == "colour3" and arg == "any":
        return 7 if len(set(colours)) == 1 else 0
    if kind == "colour3":
        return 20 if colours.count(arg) == 3 else 0
    if kind == "triple" and arg == "any":
        return 24 if triple else 0
    if kind == "triple":
        return 150 if dice.count(NUMBER[arg]) == 3 else 0
    assert kind == "total"
    return TOTAL_PAYS[int(arg)] if total == int(arg) else 0


dice_st = st.tuples(*[st.integers(1, 6)] * 3)
bets_st = st.lists(
    st.builds(Bet, st.sampled_from(ALL_SPOTS), st.integers(min_value=1, max_value=10**12)), max_size=60
)


@given(bets_st, dice_st)
def test_settlement_matches_reference_and_balances(bets: list[Bet], dice: tuple[int, int, int]) -> None:
    s = settle(bets, Roll(*dice))
    assert [line.ticket for line in s.lines] == list(range(1, len(bets) + 1))
    for line, bet in zip(s.lines, bets):
        pays = reference_payout(str(bet.spot), dice)
        assert line.bet == bet and line.odds == pays and line.won is (pays > 0)
        if pays:
            assert (line.paid, line.returned, line.net) == (bet.stake * pays, bet.stake * (1 + pays), bet.stake * pays)
        else:
            assert (line.paid, line.returned, line.net) == (0, 0, -bet.stake)
    assert s.staked == sum(b.stake for b in bets)
    assert s.paid == sum(line.paid for line in s.lines)
    assert s.returned == sum(line.returned for line in s.lines)
    # Money balances: the players' results and the house's add up to zero.
    assert sum(line.net for line in s.lines) + s.house_result == 0
    assert s.player_net + s.house_result == 0
    assert s.staked + s.player_net == s.returned
    assert len(s.won) + len(s.lost) == len(bets)


def test_settle_example() -> None:
    s = settle(["big=100", "figure:crab=50", "triple:any=10", "total:11=5"], "crab crab fish")
    assert [(l.won, l.odds, l.paid, l.returned, l.net) for l in s.lines] == [
        (True, 1, 100, 200, 100),
        (True, 2, 100, 150, 100),
        (False, 0, 0, 0, -10),
        (True, 6, 30, 35, 30),
    ]
    assert (s.staked, s.paid, s.returned, s.player_net, s.house_result) == (165, 230, 385, 220, -220)
    assert str(s) == "roll fish-crab-crab: 4 bets, staked 165, paid 230, returned 385, house -220"


def test_settle_empty_slip() -> None:
    s = settle([], Roll(1, 2, 3))
    assert (s.lines, s.staked, s.returned, s.house_result) == ((), 0, 0, 0)


def test_settle_bad_input() -> None:
    with pytest.raises(InvalidRollError):
        settle(["big=1"], "1-2")
    with pytest.raises(InvalidStakeError):
        settle(["big=0"], "1-2-3")
    with pytest.raises(InvalidBetError):
        settle(["total:18=5"], "6-6-5")


# -- rounds ---------------------------------------------------------------------------


def state(rnd: Round) -> tuple[Any, ...]:
    return (rnd.ruleset, rnd.phase, rnd.slip, rnd.voids, rnd.history, rnd.settlement, rnd.staked, repr(rnd),
            rnd._next_ticket, rnd.to_record())


def refused(rnd: Round, action: Callable[[], object], error: type[Exception], match: str | None,
            code: str | None = None) -> None:
    """``action`` raises ``error`` (with ``code``) and leaves ``rnd`` exactly as it was, the next ticket included."""
    before = state(rnd)
    with pytest.raises(error, match=match) as info:
        action()
    if code is not None:
        assert info.value.code == code  # type: ignore[attr-defined]
    assert state(rnd) == before


def next_ticket(rnd: Round) -> int:
    """The ticket the next bet would get (a private counter: a refused action must not move it)."""
    return rnd._next_ticket


def test_round_walkthrough() -> None:
    rnd = Round()
    assert rnd.ruleset is Ruleset.R2004 and not rnd.is_settled and rnd.settlement is None
    assert rnd.phase is Phase.BETTING
    p1 = rnd.place("big=100")
    p2 = rnd.place(Bet.parse("figure:crab=50"))
    p3 = rnd.place("small=7")
    assert (p1.ticket, p2.ticket, p3.ticket) == (1, 2, 3)
    assert rnd.can_withdraw(3)
    w = rnd.withdraw(3)
    assert (w.ticket, str(w.bet)) == (3, "small=7")
    assert [p.ticket for p in rnd.slip] == [1, 2] and rnd.staked == 150
    assert rnd.close_betting() == (1, 2) and rnd.phase is Phase.CLOSED
    v = rnd.void_roll("stacked")
    assert (v.number, v.reason, v.standing) == (1, VoidReason.STACKED, 2)
    assert rnd.phase is Phase.BETTING  # betting opens again for new bets (Art. 3.4)
    assert rnd.place("total:14=10").ticket == 4  # tickets are never reused
    assert rnd.close_betting().number == 2
    v2 = rnd.void_roll(VoidReason.TILTED)
    assert (v2.number, v2.standing) == (2, 3)
    rnd.close_betting()
    s = rnd.settle("coin-crab-crab")
    assert [(l.ticket, l.won, l.returned) for l in s.lines] == [(1, True, 200), (2, True, 150), (4, True, 130)]
    assert rnd.is_settled and rnd.settlement is s and rnd.phase is Phase.SETTLED
    assert s.house_result == -(100 + 100 + 120)
    assert "settled" in repr(rnd)
    assert [type(e).__name__ for e in rnd.history] == [
        "Placement", "Placement", "Placement", "Withdrawal", "BettingClosed", "VoidRoll", "Placement",
        "BettingClosed", "VoidRoll", "BettingClosed", "Settlement",
    ]


def test_void_roll_keeps_every_bet_and_settles_only_on_a_valid_roll() -> None:
    rnd = Round()
    rnd.place("triple:any=10")
    rnd.close_betting()
    rnd.void_roll("tilted")
    rnd.close_betting()
    rnd.void_roll("stacked")
    rnd.close_betting()
    assert rnd.settlement is None and len(rnd.bets) == 1
    assert rnd.settle("3-3-3").house_result == -240


# -- the bell (Art. 3.1) ----------------------------------------------------------------


def test_no_bet_or_withdrawal_after_the_bell() -> None:
    rnd = Round()
    rnd.place("big=100")
    assert rnd.can_close_betting()
    rnd.close_betting()
    assert not rnd.can_place("small=5") and not rnd.can_withdraw(1) and not rnd.can_close_betting()
    refused(rnd, lambda: rnd.place("small=5"), IllegalActionError, "betting closed at the bell.*Art. 3.1",
            "bet.after_bell")
    refused(rnd, lambda: rnd.withdraw(1), IllegalActionError, "betting closed at the bell", "bet.after_bell")
    refused(rnd, lambda: rnd.close_betting(), IllegalActionError, "already closed", "bell.twice")
    # until the round is voided (betting reopens) or settled (the round is over)
    rnd.void_roll("stacked")
    assert rnd.can_place("small=5") and rnd.can_close_betting()


def test_no_roll_before_the_bell() -> None:
    rnd = Round(automatic_bell=False)
    rnd.place("big=100")
    assert not rnd.can_settle("1-2-3") and not rnd.can_void_roll("stacked")
    refused(rnd, lambda: rnd.settle("1-2-3"), IllegalActionError, "betting is still open", "roll.before_bell")
    refused(rnd, lambda: rnd.void_roll("tilted"), IllegalActionError, "close_betting", "roll.before_bell")
    rnd.close_betting()
    assert rnd.can_settle("1-2-3") and rnd.can_void_roll("stacked")


@pytest.mark.parametrize("first", ["void", "settle"])
def test_a_roll_while_betting_is_open_rings_the_bell_first(first: str) -> None:
    """The default (automatic_bell): the bell is still its own event, and nothing is bet after it."""
    rnd = Round()
    rnd.place("big=100")
    if first == "void":
        rnd.void_roll("tilted")
        assert [type(e).__name__ for e in rnd.history] == ["Placement", "BettingClosed", "VoidRoll"]
        rnd.place("small=5")  # betting reopened after the void
    rnd.settle("1-2-3")
    assert type(rnd.history[-2]).__name__ == "BettingClosed" and rnd.is_settled
    assert sum(type(e).__name__ == "BettingClosed" for e in rnd.history) == (2 if first == "void" else 1)
    with pytest.raises(TypeError):
        Round(automatic_bell="yes")  # type: ignore[arg-type]


def test_a_refused_roll_rings_no_bell() -> None:
    rnd = Round()
    rnd.place("big=100")
    refused(rnd, lambda: rnd.settle("1-2"), InvalidRollError, "has 2 dice", "roll.dice")
    refused(rnd, lambda: rnd.void_roll("wet"), InvalidRollError, "wet", "void.reason")
    assert rnd.phase is Phase.BETTING


def test_the_bell_with_no_bets_settles_an_empty_round() -> None:
    rnd = Round()
    assert rnd.close_betting() == (1, 0)
    assert rnd.settle("1-1-1").house_result == 0


# -- void rolls: stacked or tilted under both rule sets; new bets after a void ------------


@pytest.mark.parametrize("ruleset", [Ruleset.R2004, Ruleset.R1996])
def test_withdrawal_refused_after_a_void_roll(ruleset: Ruleset) -> None:
    rnd = Round(ruleset)
    rnd.place("big=100")
    rnd.close_betting()
    rnd.void_roll("stacked")
    rnd.place("small=50")  # new bets may be added after a void roll
    article = "Art. 3.4" if ruleset is Ruleset.R2004 else "Art. 3\\(c\\)"
    for ticket in (1, 2):
        assert not rnd.can_withdraw(ticket)
        refused(rnd, lambda: rnd.withdraw(ticket), IllegalActionError, f"ticket {ticket} cannot be withdrawn.*{article}",
                "withdraw.after_void")
    assert next_ticket(rnd) == 3


@pytest.mark.parametrize("ruleset", [Ruleset.R2004, Ruleset.R1996])
@pytest.mark.parametrize("reason", ["tilted", "stacked", "leaning", "inclinados", "相叠", "斜靠不平"])
def test_stacked_or_tilted_dice_void_under_both_rulesets(ruleset: Ruleset, reason: str) -> None:
    """The Chinese text of 21/96/M voids stacked or leaning dice (相叠或斜靠不平), docs/rules.md §2.4."""
    rnd = Round(ruleset)
    rnd.place("big=100")
    rnd.close_betting()
    assert rnd.can_void_roll(reason) and Ruleset.clean(ruleset).voids_on(VoidReason.parse(reason))
    v = rnd.void_roll(reason)
    assert v.standing == 1 and rnd.phase is Phase.BETTING and not rnd.can_withdraw(1)


def test_new_bets_after_a_void_are_a_house_option_under_1996() -> None:
    default = Round("1996")
    assert default.new_bets_after_void  # the default: accepted
    strict = Round("1996", new_bets_after_void=False)
    strict.place("big=100")
    strict.close_betting()
    strict.void_roll("stacked")
    assert not strict.can_place("small=5")
    refused(strict, lambda: strict.place("small=5"), IllegalActionError, "no new bets after a void", "bet.after_void")
    strict.close_betting()
    assert strict.settle("1-2-3").staked == 100
    # before any void the option changes nothing
    other = Round("1996", new_bets_after_void=False)
    assert other.can_place("small=5")


def test_new_bets_after_a_void_are_the_players_right_under_2004() -> None:
    with pytest.raises(IllegalActionError, match="players' right") as info:
        Round("2004", new_bets_after_void=False)
    assert info.value.code == "option.new_bets_after_void"
    rnd = Round()
    rnd.close_betting()
    rnd.void_roll("tilted")
    assert rnd.can_place("small=5")
    with pytest.raises(TypeError):
        Round("1996", new_bets_after_void=1)  # type: ignore[arg-type]


def test_tilted_dice_void_under_2004() -> None:
    rnd = Round(2004)
    rnd.close_betting()
    assert rnd.can_void_roll("tilted") and rnd.can_void_roll("inclinados")


def test_bad_input_leaves_the_round_unchanged() -> None:
    rnd = Round()
    rnd.place("big=100")
    rnd.place("colour2:green=20")
    cases: list[tuple[Callable[[], object], type[Exception], str, str | None]] = [
        (lambda: rnd.place("total:3=10"), IllegalBetError, "total 3", "total.range"),
        (lambda: rnd.place("total:18=10"), IllegalBetError, "total 18", "total.range"),
        (lambda: rnd.place("figure:dragon=10"), InvalidFigureError, "'dragon'", "figure.unknown"),
        (lambda: rnd.place("colour1:purple=10"), InvalidColourError, "'purple'", "colour.unknown"),
        (lambda: rnd.place("big=0"), InvalidStakeError, "stake 0", "stake.not_positive"),
        (lambda: rnd.place("big=-10"), InvalidStakeError, "stake -10", "stake.not_positive"),
        (lambda: rnd.place("big=2.5"), BetSyntaxError, "stake '2.5'", "stake.syntax"),
        (lambda: rnd.place("big"), BetSyntaxError, "no stake", "stake.missing"),
        (lambda: rnd.withdraw(9), IllegalActionError, "no bet with ticket 9", "ticket.unknown"),
        (lambda: rnd.withdraw(True), TypeError, "ticket True is not an integer", None),
        (lambda: rnd.void_roll("wet"), InvalidRollError, "unknown void reason 'wet'", "void.reason"),
        (lambda: rnd.settle("1-2"), InvalidRollError, "has 2 dice", "roll.dice"),
        (lambda: rnd.settle("1-2-7"), InvalidFigureError, "unknown figure '7'", "figure.unknown"),
    ]
    for action, error, match, code in cases:
        refused(rnd, action, error, match, code)
    for text in ("total:3=10", "big=0", "figure:dragon=1"):
        assert not rnd.can_place(text)
    assert not rnd.can_settle("1 2") and not rnd.can_void_roll("wet") and not rnd.can_withdraw(9)
    assert next_ticket(rnd) == 3
    assert rnd.place("small=5").ticket == 3


def test_seeded_rolls_must_be_the_seeds_roll() -> None:
    from pcc import roll

    rnd = Round()
    rnd.close_betting()
    other = next(r for r in Roll.all_outcomes() if r != roll(7))
    refused(rnd, lambda: rnd.settle(other, source="seeded", seed=7), IllegalActionError, "not the roll of seed 7",
            "roll.seed")
    refused(rnd, lambda: rnd.settle(other, source="seeded"), TypeError, "seed", None)
    refused(rnd, lambda: rnd.settle(other, seed=7), TypeError, "only a seeded roll", None)
    refused(rnd, lambda: rnd.settle(other, source="dice"), InvalidRollError, "unknown roll source", "roll.source")
    rnd.settle(roll(7), source="seeded", seed=7)
    assert rnd.seed == 7 and str(rnd.roll_source) == "seeded"


def test_a_settled_round_refuses_everything() -> None:
    rnd = Round()
    rnd.place("big=100")
    rnd.close_betting()
    rnd.settle("1-2-3")
    for action, what in [
        (lambda: rnd.place("big=5"), "bet 'big=5' refused"),
        (lambda: rnd.withdraw(1), "withdrawal of ticket 1 refused"),
        (lambda: rnd.void_roll("stacked"), r"void roll \(stacked\) refused"),
        (lambda: rnd.settle("4-5-6"), "roll 'coin-crab-rooster' refused"),
        (lambda: rnd.close_betting(), "the bell refused"),
    ]:
        refused(rnd, action, IllegalActionError, what + ".*settled.*Art. 4", "round.settled")
    assert not rnd.can_place("big=5") and not rnd.can_settle("4-5-6") and not rnd.can_close_betting()


def test_rulesets() -> None:
    assert Ruleset.clean("1996") is Ruleset.clean(1996) is Ruleset.parse("21/96/M") is Ruleset.R1996
    assert Ruleset.clean(Ruleset.R2004) is Ruleset.parse("59/2004") is Ruleset.R2004
    for bad in ("2005", "", "96", 2005, 10**5000):
        with pytest.raises(InvalidRulesetError) as info:
            Round(bad)
        assert info.value.code == "ruleset.unknown"
    for wrong in (True, None, 2004.0):
        with pytest.raises(TypeError):
            Round(wrong)  # type: ignore[arg-type]
    assert Ruleset.R2004.voids_on(VoidReason.TILTED) and Ruleset.R1996.voids_on(VoidReason.TILTED)
    assert Ruleset.R1996.voids_on(VoidReason.STACKED)


# -- a rule-based machine: random sequences of actions against a plain model ----------------


class RoundMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.ruleset = Ruleset.R2004
        self.new_bets = True
        self.rnd = Round(self.ruleset)
        self.model: dict[int, Bet] = {}
        self.next = 1
        self.voids = 0
        self.closed = False
        self.settled = False
        self.automatic = True

    @rule(ruleset=st.sampled_from(list(Ruleset)), new_bets=st.booleans(), automatic=st.booleans())
    @precondition(lambda self: not self.rnd.history)
    def choose_ruleset(self, ruleset: Ruleset, new_bets: bool, automatic: bool) -> None:
        self.ruleset = ruleset
        self.new_bets = new_bets or ruleset is Ruleset.R2004
        self.automatic = automatic
        self.rnd = Round(ruleset, new_bets_after_void=self.new_bets, automatic_bell=automatic)
        self.next = 1

    @rule(bet=st.builds(Bet, st.sampled_from(ALL_SPOTS), st.integers(1, 10**6)))
    def place(self, bet: Bet) -> None:
        allowed = not self.settled and not self.closed and (self.new_bets or not self.voids)
        assert self.rnd.can_place(bet) is allowed
        if not allowed:
            refused(self.rnd, lambda: self.rnd.place(bet), IllegalActionError, None)
            return
        assert self.rnd.place(bet).ticket == self.next
        self.model[self.next] = bet
        self.next += 1

    @rule(text=st.sampled_from(["total:3=5", "total:18=5", "big=0", "big=-1", "figure:dragon=1", "colour1:x=1"]))
    def place_bad(self, text: str) -> None:
        refused(self.rnd, lambda: self.rnd.place(text), PccError, None)

    @rule(ticket=st.integers(0, 12))
    def withdraw(self, ticket: int) -> None:
        allowed = not self.settled and not self.closed and not self.voids and ticket in self.model
        assert self.rnd.can_withdraw(ticket) is allowed
        if allowed:
            assert self.rnd.withdraw(ticket).bet == self.model.pop(ticket)
        else:
            refused(self.rnd, lambda: self.rnd.withdraw(ticket), IllegalActionError, None)

    @rule()
    def close_betting(self) -> None:
        allowed = not self.settled and not self.closed
        assert self.rnd.can_close_betting() is allowed
        if allowed:
            self.rnd.close_betting()
            self.closed = True
        else:
            refused(self.rnd, self.rnd.close_betting, IllegalActionError, None)

    @rule(reason=st.sampled_from(list(VoidReason)))
    def void(self, reason: VoidReason) -> None:
        allowed = not self.settled and (self.closed or self.automatic)  # stacked or tilted, under both rule sets
        assert self.rnd.can_void_roll(reason) is allowed
        if allowed:
            self.voids += 1
            self.closed = False
            assert self.rnd.void_roll(reason) == (self.voids, reason, len(self.model))
        else:
            refused(self.rnd, lambda: self.rnd.void_roll(reason), IllegalActionError, None)

    @rule(dice=dice_st)
    def settle(self, dice: tuple[int, int, int]) -> None:
        if self.settled or not (self.closed or self.automatic):
            refused(self.rnd, lambda: self.rnd.settle(Roll(*dice)), IllegalActionError, None)
            return
        s = self.rnd.settle(Roll(*dice))
        self.settled = True
        assert [(l.ticket, l.bet) for l in s.lines] == list(self.model.items())
        for line in s.lines:
            assert line.odds == reference_payout(str(line.bet.spot), dice)
        assert sum(l.net for l in s.lines) + s.house_result == 0

    @invariant()
    def agrees_with_model(self) -> None:
        assert [(p.ticket, p.bet) for p in self.rnd.slip] == list(self.model.items())
        assert len(self.rnd.voids) == self.voids
        assert self.rnd.is_settled is self.settled
        assert self.rnd.staked == sum(b.stake for b in self.model.values())

    @invariant()
    def replays_from_its_record(self) -> None:
        assert Round.from_json(self.rnd.to_json()) == self.rnd


TestRoundMachine = RoundMachine.TestCase
TestRoundMachine.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)
