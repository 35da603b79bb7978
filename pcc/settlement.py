"""Settlement: a slip of bets against a roll.

:func:`settle` is the plain calculation: every bet of a slip against one valid roll. A round of
play, with the bell and void rolls before its settling roll, is :class:`pcc.round.Round`.

Money is whole minor units, and every settlement balances: the players' net
results and the house's result add up to zero.

>>> s = settle(["big=100", "figure:crab=50", "triple:any=10"], "crab-crab-fish")
>>> [(line.ticket, line.won, line.paid, line.returned) for line in s.lines]
[(1, True, 100, 200), (2, True, 100, 150), (3, False, 0, 0)]
>>> s.staked, s.returned, s.player_net, s.house_result
(160, 350, 190, -190)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from pcc.bets import Bet, payout_row
from pcc.dice import Roll

__all__ = ["Line", "Settlement", "settle", "settle_slip"]


class Line(NamedTuple):
    """The settlement of one bet.

    ``odds`` is the payout to one (0 when lost), ``paid`` the winnings (stake x odds),
    ``returned`` what goes back to the player (stake + winnings, or 0), ``net`` the
    player's result (winnings, or minus the stake).

    >>> settle(["total:4=10"], "1-1-2").lines[0]
    Line(ticket=1, bet=Bet.parse('total:4=10'), odds=50, paid=500, returned=510, net=500)
    """

    ticket: int
    bet: Bet
    odds: int
    paid: int
    returned: int
    net: int

    @property
    def won(self) -> bool:
        """Whether the bet won."""
        return self.odds > 0

    @property
    def stake(self) -> int:
        """The bet's stake."""
        return self.bet.stake


@dataclass(frozen=True)
class Settlement:
    """Every bet of a slip settled against one valid roll, with the totals.

    ``staked`` is the sum of stakes, ``paid`` the winnings paid on top of returned
    stakes, ``returned`` everything handed back to players, ``player_net`` their
    combined result and ``house_result`` the house's: ``player_net + house_result == 0``.
    """

    roll: Roll
    lines: tuple[Line, ...]
    staked: int
    paid: int
    returned: int
    player_net: int
    house_result: int

    @property
    def won(self) -> tuple[Line, ...]:
        """The winning lines."""
        return tuple(line for line in self.lines if line.odds)

    @property
    def lost(self) -> tuple[Line, ...]:
        """The losing lines."""
        return tuple(line for line in self.lines if not line.odds)

    def __str__(self) -> str:
        return (
            f"roll {self.roll}: {len(self.lines)} bets, staked {self.staked}, paid {self.paid},"
            f" returned {self.returned}, house {self.house_result:+d}"
        )


def settle_slip(slip: Iterable[tuple[int, Bet]], roll: Roll) -> Settlement:
    """Settle a slip of (ticket, bet) pairs, bets already clean, against a valid ``roll``: the
    calculation :func:`settle` and a round's settlement share."""
    row = payout_row(roll)
    lines: list[Line] = []
    append = lines.append
    staked = paid = returned = 0
    for ticket, bet in slip:
        stake = bet._stake
        staked += stake
        odds = row[bet._spot._index]
        if odds:
            win = stake * odds
            paid += win
            returned += stake + win
            append(Line(ticket, bet, odds, win, stake + win, win))
        else:
            append(Line(ticket, bet, 0, 0, 0, -stake))
    player_net = returned - staked
    return Settlement(roll, tuple(lines), staked, paid, returned, player_net, -player_net)


def settle(bets: Iterable[Bet | str], roll: Roll | str) -> Settlement:
    """Settle ``bets`` (numbered 1, 2, ... as tickets) against a valid ``roll``.

    Bets and the roll may be given as text. Small and big lose on any triple (Art. 7).

    >>> settle(["small=10", "big=10", "triple:any=10"], "3-3-3").house_result
    -220
    """
    r = Roll.clean(roll)
    cleaned = [b if type(b) is Bet else Bet.clean(b) for b in bets]
    return settle_slip(enumerate(cleaned, 1), r)
