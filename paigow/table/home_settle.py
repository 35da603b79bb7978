"""The home game's settlement (docs/rules.md §4.2): each door's result in stakes and the ledger.

Money is integers in the minor unit and the ledger is the table's own :class:`~paigow.table.
settlement.Ledger` of :class:`~paigow.table.settlement.LedgerLine` s, so that it reads, prints and
writes to JSON as the casino table's does. The bank always covers (the house covers every bet; a
player's bank is refused bets past the largest payout it could owe), so nothing stands off.

- ``payout="whole"``: both hands won, the door wins; both lost, it loses; one each a push; even
  money (:func:`paigow.setting.compare` under the rule set, copies and the zero rule included).
- ``payout="halves"``: front and back settled apart, the front at 1 to 1, the back at 2 to 1: a
  door's result is ``front + 2 * back`` stakes, each hand +1, -1, or 0 (a neutral copy).
- The two-tile game: the one hand's result, +1 or -1 (0: a neutral copy).
- The commission (``rules.commission``; the home game's option 4%) is taken from each bettor's
  win, rounded as the rule set says; never from the bank's net win (``bank_commission`` is False
  in every home rule set; the home table takes none from the bank whatever the field says).

For every ledger, ``sum(ledger.changes.values()) + ledger.commission == 0``.

>>> from paigow.rules import HOME
>>> from paigow.table.settlement import Bet
>>> led = home_ledger(HOME.replace(name="h4", commission="4%"), "house", [
...     DoorPlay(1, (Bet(1, "ann", 100), Bet(1, "bob", 50)), 1), DoorPlay(2, (Bet(2, "cy", 30),), -1)])
>>> for line in led.lines: print(line)
1. win at 1: bank pays ann 100
2. commission at 1: ann pays house 4
3. win at 1: bank pays bob 50
4. commission at 1: bob pays house 2
5. loss at 2: cy pays bank 30
6. share: house pays bank 120
>>> led.changes, led.commission
({'house': -120, 'ann': 96, 'bob': 48, 'cy': -30}, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paigow.hands import Hand
from paigow.rules import Payout, RuleSet
from paigow.setting import Setting, compare
from paigow.table.positions import HOUSE
from paigow.table.settlement import BANK, Bet, Ledger, LedgerLine, LineKind, Options, Share

__all__ = ["DoorPlay", "hand_result", "door_units", "most_owed", "home_ledger"]


@dataclass(frozen=True)
class DoorPlay:
    """One door's part in settlement: its bets in the order placed and its result in stakes
    (whole: +1, 0, -1; halves: -3 to +3)."""

    door: int
    bets: tuple[Bet, ...]
    units: int


def hand_result(player: int, banker: int, rules: RuleSet, back: bool = False) -> int:
    """One hand against one hand (ranks in the rule set's hand order), as the front (or, with
    ``back``, the back) is compared: +1 the player's, -1 the banker's, 0 a copy that counts for
    no one (neutral copies). Art. 6 is stated once, in the compiled core: the other hand of each
    of two comparisons is fixed to the strongest against the weakest and then the other way, so
    that the two whole results add up to this hand's.

    >>> from paigow.rules import HOME
    >>> h = lambda text: Hand.parse(text).rank_in("home")
    >>> hand_result(h("天 天"), h("地 地"), HOME), hand_result(h("2-3 3-5"), h("1-4 4-4"), HOME)   # 0 against 0
    (1, -1)
    """
    top, decide = rules.core.n_ranks - 1, rules.core.decide
    if back:
        return decide(top, player, 0, banker) + decide(0, player, top, banker)
    return decide(player, top, banker, 0) + decide(player, 0, banker, top)


def _ranks(s: Setting, order: str) -> tuple[int, int]:
    a, b = sorted((s.front.rank_in(order), s.back.rank_in(order)))
    return a, b


def door_units(door: "Setting | Hand", banker: "Setting | Hand", rules: RuleSet) -> int:
    """A door's result in stakes against the banker under ``rules`` (see the module's text)."""
    if isinstance(door, Hand) and isinstance(banker, Hand):  # the two-tile game
        return hand_result(door.rank_in(rules.hand_order), banker.rank_in(rules.hand_order), rules)
    assert isinstance(door, Setting) and isinstance(banker, Setting)
    if rules.payout is Payout.WHOLE:
        return int(compare(door, banker, rules))
    (pf, pb), (bf, bb) = _ranks(door, rules.hand_order), _ranks(banker, rules.hand_order)
    return hand_result(pf, bf, rules) + 2 * hand_result(pb, bb, rules, back=True)


def most_owed(rules: RuleSet, amount: int) -> int:
    """The most the bank can owe on bets of ``amount``: 3 times under halves, else once."""
    return amount * (3 if rules.payout is Payout.HALVES else 1)


def _stakes(bets: Sequence[Bet]) -> list[tuple[str, int]]:
    total: dict[str, int] = {}
    for b in bets:
        total[b.bettor] = total.get(b.bettor, 0) + b.amount
    return list(total.items())


def home_ledger(rules: RuleSet, banker: str, plays: Sequence[DoorPlay], stake: "int | None" = None) -> Ledger:
    """The ledger of a round: doors in order, each bettor's win (and its commission), push or
    loss, then the bank's net result to its one share (the banker's ``stake``; for the house, the
    most it could owe). The ledger's banker is position 0, the doors 1-3."""
    options = Options(rules.commission, rules.rounding)
    raw: list[tuple[LineKind, "int | None", str, str, int]] = []
    result = 0
    for play in sorted(plays, key=lambda p: p.door):
        for bettor, amount in _stakes(play.bets):
            money = amount * abs(play.units)
            if play.units > 0:
                raw.append((LineKind.WIN, play.door, BANK, bettor, money))
                fee = options.commission_on(money)
                if fee:
                    raw.append((LineKind.COMMISSION, play.door, bettor, HOUSE, fee))
                result -= money
            elif play.units < 0:
                raw.append((LineKind.LOSS, play.door, bettor, BANK, money))
                result += money
            else:
                raw.append((LineKind.PUSH, play.door, bettor, bettor, amount))
    if result > 0:
        raw.append((LineKind.SHARE, None, BANK, banker, result))
    elif result < 0:
        raw.append((LineKind.SHARE, None, banker, BANK, -result))
    if stake is None:
        stake = max(1, most_owed(rules, sum(b.amount for p in plays for b in p.bets)))
    lines = tuple(LedgerLine(i, *r) for i, r in enumerate(raw, 1))
    return Ledger(0, (Share(banker, stake),), options, lines)
