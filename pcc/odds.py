"""Exact odds of every bet, by enumerating the 216 equally likely outcomes of three dice.

For each spot: the probability of each paying result as a :class:`~fractions.Fraction`,
the expected return per unit staked (stake included) and the house edge
(``1 - expected return``).

>>> row = odds("figure:crab")
>>> [(o.pays, o.ways, o.probability) for o in row.outcomes]
[(1, 75, Fraction(25, 72)), (2, 15, Fraction(5, 72)), (3, 1, Fraction(1, 216))]
>>> row.expected_return, row.house_edge
(Fraction(199, 216), Fraction(17, 216))
>>> odds("small").house_edge
Fraction(1, 36)
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Union

from pcc.bets import ALL_SPOTS, Spot
from pcc.dice import Roll

__all__ = ["OUTCOMES", "Outcome", "SpotOdds", "format_table", "odds", "odds_table", "table_as_json"]

OUTCOMES: Final = 216
"""The number of equally likely outcomes of three distinguishable dice, 6 ** 3."""


@dataclass(frozen=True)
class Outcome:
    """One paying result of a bet: the payout to one and in how many of the 216 outcomes it happens."""

    pays: int
    ways: int

    @property
    def probability(self) -> Fraction:
        """``ways / 216``, exactly."""
        return Fraction(self.ways, OUTCOMES)


@dataclass(frozen=True)
class SpotOdds:
    """The exact odds of one spot.

    >>> odds("triple:any").win_probability, odds("triple:any").house_edge
    (Fraction(1, 36), Fraction(11, 36))
    """

    spot: Spot
    outcomes: tuple[Outcome, ...]
    """The paying results, by payout."""

    @property
    def winning_ways(self) -> int:
        """Outcomes, of 216, in which the bet wins."""
        return sum(o.ways for o in self.outcomes)

    @property
    def losing_ways(self) -> int:
        """Outcomes, of 216, in which the bet loses."""
        return OUTCOMES - self.winning_ways

    @property
    def win_probability(self) -> Fraction:
        """Probability that the bet wins."""
        return Fraction(self.winning_ways, OUTCOMES)

    @property
    def expected_return(self) -> Fraction:
        """Expected amount handed back per unit staked, stake included."""
        return sum((o.probability * (1 + o.pays) for o in self.outcomes), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """The house's expected win per unit staked: ``1 - expected_return``."""
        return 1 - self.expected_return

    @property
    def variance(self) -> Fraction:
        """Variance of the player's net result per unit staked (+pays on a win, -1 on a loss)."""
        p_lose = Fraction(self.losing_ways, OUTCOMES)
        second = p_lose + sum((o.probability * o.pays * o.pays for o in self.outcomes), Fraction(0))
        mean = -self.house_edge
        return second - mean * mean


@functools.cache
def _odds(spot: Spot) -> SpotOdds:
    ways: Counter[int] = Counter()
    for roll in Roll.all_outcomes():
        pays = spot.payout(roll)
        if pays:
            ways[pays] += 1
    return SpotOdds(spot, tuple(Outcome(p, w) for p, w in sorted(ways.items())))


def odds(spot: Spot | str) -> SpotOdds:
    """The exact odds of ``spot`` (a :class:`~pcc.bets.Spot` or its text form).

    >>> odds("total:4").outcomes, odds("total:4").house_edge
    ((Outcome(pays=50, ways=3),), Fraction(7, 24))
    """
    return _odds(Spot.clean(spot))


def odds_table() -> tuple[SpotOdds, ...]:
    """The odds of all 39 spots, in the order of the layout (Art. 5).

    >>> len(odds_table()), min(odds_table(), key=lambda r: r.house_edge).spot
    (39, Spot.parse('small'))
    """
    return tuple(_odds(s) for s in ALL_SPOTS)


def _percent(x: Fraction) -> str:
    return f"{float(x) * 100:.3f}%"


def format_table(rows: tuple[SpotOdds, ...] | None = None) -> str:
    """The odds as a text table: one line per paying result, the bet's figures on its first line.

    >>> print(format_table((odds("big"),)))
    bet  pays  ways/216  probability  expected return  house edge
    big     1       105        35/72            35/36  1/36 (2.778%)
    """
    data = odds_table() if rows is None else rows
    head = ("bet", "pays", "ways/216", "probability", "expected return", "house edge")
    lines: list[tuple[str, ...]] = []
    for row in data:
        for i, o in enumerate(row.outcomes):
            first = i == 0
            lines.append(
                (
                    str(row.spot) if first else "",
                    str(o.pays),
                    str(o.ways),
                    str(o.probability),
                    str(row.expected_return) if first else "",
                    f"{row.house_edge} ({_percent(row.house_edge)})" if first else "",
                )
            )
    widths = [max(len(r[i]) for r in (head, *lines)) for i in range(len(head))]
    right = {1, 2, 3, 4}

    def fmt(r: tuple[str, ...]) -> str:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
        return "  ".join(cells).rstrip()

    return "\n".join(fmt(r) for r in (head, *lines))


JsonValue = Union[str, int, float, list["JsonValue"], dict[str, "JsonValue"]]


def table_as_json(rows: tuple[SpotOdds, ...] | None = None) -> list[dict[str, JsonValue]]:
    """The odds as JSON-ready data; fractions are strings such as ``"17/216"``.

    >>> table_as_json((odds("colour3:any"),))[0]["house_edge"]
    '1/9'
    """
    data = odds_table() if rows is None else rows
    out: list[dict[str, JsonValue]] = []
    for row in data:
        out.append(
            {
                "bet": str(row.spot),
                "description": row.spot.description,
                "article": row.spot.article,
                "outcomes": [
                    {"pays": o.pays, "ways": o.ways, "probability": str(o.probability)} for o in row.outcomes
                ],
                "win_probability": str(row.win_probability),
                "expected_return": str(row.expected_return),
                "house_edge": str(row.house_edge),
                "house_edge_float": float(row.house_edge),
            }
        )
    return out
