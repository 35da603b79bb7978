"""The shipped house ways compared (``paigow houseway --compare``, docs/houseway-compare.md): for
every pair of ways, the hands they set differently and the exact result of each way against
each; for each way, the exact result against the best response and the US equilibrium, and what
the best response costs the house.

Every figure of two pure strategies is an exact integer count of the 736,281,000 pairings
(:func:`paigow.game.values.type_game_counts`, :func:`paigow.game.waygame.seat_counts`); the US equilibrium's
are exact fractions (the shipped exact equilibrium, :func:`paigow.game.edges.us_edges`).
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from typing import Any, Sequence

__all__ = ["WayPair", "WayRow", "Comparison", "compare_ways"]


@dataclasses.dataclass(frozen=True)
class WayPair:
    """The player setting by ``player``'s way, the house (banker) by ``banker``'s: the player's
    exact (wins, pushes, losses) over all pairings, and the hands the two ways set apart."""

    player: str
    banker: str
    counts: tuple[int, int, int]
    distinct_apart: int
    hands_apart: int
    house_edge: Fraction
    """The house's result per hand bet: (losses - wins net of the commission) / pairings."""


@dataclasses.dataclass(frozen=True)
class WayRow:
    """One way as the house's: its edge against itself, against the best response (wins minus
    losses) and against the US equilibrium as paid at the rate."""

    way: str
    self_counts: tuple[int, int, int]
    self_edge: Fraction
    best_counts: tuple[int, int, int]
    best_edge: Fraction
    equilibrium_edge: Fraction

    @property
    def best_response_cost(self) -> Fraction:
        """What the best response takes from the house per hand, against the way played by both."""
        return self.self_edge - self.best_edge


@dataclasses.dataclass(frozen=True)
class Comparison:
    """Every pair of the ways (:class:`WayPair`) and every way (:class:`WayRow`) at ``commission``."""

    commission: Fraction
    pairs: tuple[WayPair, ...]
    rows: tuple[WayRow, ...]

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON: counts as integers, edges as ``"n/d"`` fractions and floats."""
        def frac(x: Fraction) -> dict[str, Any]:
            return {"fraction": f"{x.numerator}/{x.denominator}", "value": float(x)}

        return {"commission": str(self.commission),
                "pairs": [{"player": p.player, "banker": p.banker, "wins": p.counts[0], "pushes": p.counts[1],
                           "losses": p.counts[2], "house_edge": frac(p.house_edge),
                           "distinct_hands_apart": p.distinct_apart, "hands_apart": p.hands_apart}
                          for p in self.pairs],
                "ways": [{"way": r.way, "self": list(r.self_counts), "self_edge": frac(r.self_edge),
                          "best_response": list(r.best_counts), "best_response_edge": frac(r.best_edge),
                          "us_equilibrium_edge": frac(r.equilibrium_edge),
                          "best_response_cost": frac(r.best_response_cost)} for r in self.rows]}

    def format(self) -> str:
        """The comparison as the Markdown tables of docs/houseway-compare.md."""
        rate = f"{float(self.commission) * 100:g}%"
        out = [f"Commission {rate}; counts of the 736,281,000 pairings, the player's (wins, pushes, losses); "
               "the house edge is the house's result per hand bet.", "",
               "| player's way | house's way | hands set apart (distinct / of 35,960) | wins | pushes | losses "
               "| house edge |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        for p in self.pairs:
            w, q, lo = p.counts
            out.append(f"| {p.player} | {p.banker} | {p.distinct_apart:,} / {p.hands_apart:,} | {w:,} | {q:,} | "
                       f"{lo:,} | {_pct(p.house_edge)} |")
        out += ["", "| house's way | vs itself | vs best response (wins, pushes, losses) | edge | "
                "vs US equilibrium | best response costs the house |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for r in self.rows:
            w, q, lo = r.best_counts
            out.append(f"| {r.way} | {_pct(r.self_edge)} | {w:,}, {q:,}, {lo:,} | {_pct(r.best_edge)} | "
                       f"{_pct(r.equilibrium_edge)} | {_pct(r.best_response_cost)} |")
        return "\n".join(out)


def _pct(x: Fraction) -> str:
    return f"{100 * float(x):.4f}%"


def _edge(counts: tuple[int, int, int], r: Fraction) -> Fraction:
    from paigow.game.values import PAIRINGS

    w, _, lo = counts
    return (lo - w * (1 - r)) / PAIRINGS


def compare_ways(ways: Sequence[Any], commission: Any = True) -> Comparison:
    """Every ordered pair of ``ways`` (house ways or their names), and every way against the best
    response and the US equilibrium, at ``commission`` (True: the US rule set's 5%)."""
    from paigow.rules import commission_of
    from paigow.game.edges import us_edges
    from paigow.game.values import type_game_counts
    from paigow.houseway import house_way
    from paigow.rules import US
    from paigow.game.waygame import seat_counts

    hw = [house_way(w) for w in ways]
    r = commission_of(US, commission)
    pairs = []
    for a, b in itertools.product(hw, hw):
        if a is b:
            continue
        c = type_game_counts(a.strategy().type_strategy(US)[0], b.strategy().type_strategy(US)[0], US)
        counts = (int(c[0]), int(c[1]), int(c[2]))
        apart_hands = int((a.table() != b.table()).any(axis=1).sum())
        apart = sum(1 for (_, s, _), (_, t, _) in zip(a.settings_of_all(), b.settings_of_all())
                    if (s.front.rank_in("us"), s.back.rank_in("us")) != (t.front.rank_in("us"), t.back.rank_in("us")))
        pairs.append(WayPair(a.name, b.name, counts, apart, apart_hands, _edge(counts, r)))
    rows = []
    for w in hw:
        own = seat_counts(w, "player", None, r)
        best = seat_counts(w, "player", "win-loss", r)
        eq = next(e for e in us_edges(r, way=w, exact=True)
                  if e.banker_strategy == w.name and e.player_strategy.startswith("us-equilibrium"))
        rows.append(WayRow(w.name, own, _edge(own, r), best, _edge(best, r), Fraction(-eq.player_result)))
    return Comparison(r, tuple(pairs), tuple(rows))
