"""The house-edge table: what each seat costs under best play, as paid.

For one player against the banker, each side setting by one of three strategies (the equilibrium
of the game as paid, the zero-commission equilibrium, max-back), every one of the 736,281,000
player/banker hand pairings is counted: the player's win, push and lose shares, and each side's
expected result per unit bet with the commission taken from every win (the player keeps
``1 - rate`` of a win, the banker likewise; a loss costs the whole stake). The bank's commission
on the round's net and the cap are left out, as in the solved game (docs/equilibrium.md).

A row where both strategies are pure is exact (its shares are integer counts over the pairings,
given as :class:`~fractions.Fraction`); a row with a mixed strategy is a float64 sum, and the
equilibria in it are certified (each side's best-response gain at most 1e-7 per hand).

>>> row = edges("5%")[0]                      # the two sides at the paid equilibrium
>>> row.player_strategy, row.banker_strategy, row.exact
('equilibrium-paid', 'equilibrium-paid', False)
>>> round(row.player_result, 4), round(row.banker_result, 4)
(-0.0237, -0.0054)
>>> mb = edge("max-back", "max-back", "5%")  # pure on both sides: exact counts
>>> mb.exact, mb.win + mb.push + mb.lose
(True, Fraction(1, 1))
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Union

from paigow.commission import COMMISSION, RateLike, rate
from paigow.errors import InvalidOptionError
from paigow.rules import MACAU

__all__ = ["Edge", "edge", "edges", "house_edges", "format_table", "STRATEGIES", "RATES"]

STRATEGIES = ("equilibrium-paid", "equilibrium", "max-back")
"""The strategies of the table: the equilibrium as paid (at the table's rate), the zero-commission
equilibrium, and max-back (the strongest back hand)."""

RATES = (COMMISSION, Fraction(1, 25))
"""The rates the table is shipped for: the regulation's 5% and the US custom of 4%."""

Share = Union[Fraction, float]


@dataclasses.dataclass(frozen=True)
class Edge:
    """One pairing of strategies at one commission rate, per hand (per unit bet of each side).

    ``win``, ``push``, ``lose`` are the player's shares of all pairings (the banker wins what the
    player loses); ``player_result`` is ``(1 - rate) * win - lose``, ``banker_result`` is
    ``(1 - rate) * lose - win``, ``house`` the commission taken, ``rate * (win + lose)``. Exact
    fractions when ``exact``, else float64.
    """

    player_strategy: str
    banker_strategy: str
    commission: Fraction
    win: Share
    push: Share
    lose: Share
    exact: bool

    @property
    def player_result(self) -> Share:
        return (1 - self.commission) * self.win - self.lose

    @property
    def banker_result(self) -> Share:
        return (1 - self.commission) * self.lose - self.win

    @property
    def house(self) -> Share:
        return self.commission * (self.win + self.lose)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: shares and results as numbers, and as exact fractions ("n/d") when
        ``exact``."""
        out: dict[str, Any] = {
            "player": self.player_strategy,
            "banker": self.banker_strategy,
            "commission": str(self.commission),
            "exact": self.exact,
        }
        for key in ("win", "push", "lose", "player_result", "banker_result", "house"):
            v = getattr(self, key)
            out[key] = float(v)
            if self.exact:
                out[key + "_exact"] = str(v)
        return out


def _table(name: str, seat: str, r: Fraction) -> Any:
    if name == "equilibrium-paid":
        from paigow import solver

        stem = solver.file_stem(r)
        if stem == solver.PAID_NAME:
            return solver.paid_strategy(seat)
        return solver.shipped(stem, seat)
    from paigow.strategies import resolve

    return resolve(name, seat)


def _pure(table: Any) -> bool:
    import numpy as np

    return bool(((table == 0.0) | (table == 1.0)).all())


@functools.lru_cache(maxsize=64)
def _edge(player: str, banker: str, r: Fraction) -> Edge:
    import numpy as np

    from paigow import _core, advice

    tp, tb = _table(player, "player", r), _table(banker, "banker", r)
    sp, up = advice._to_types(tp)
    sb, ub = advice._to_types(tb)
    ty = advice._types()
    counts = _core.type_game_value(sp, sb, advice._weights(), ty.cnt, ty.m, ty.tset_f, ty.tset_b, MACAU.core)
    if _pure(tp) and _pure(tb):
        # sums of integers below 2**53: exact in float64
        ints = [int(x) for x in counts]
        assert all(float(i) == x for i, x in zip(ints, counts)) and sum(ints) == advice.PAIRINGS
        w, p, l_ = (Fraction(i, advice.PAIRINGS) for i in ints)
        return Edge(player, banker, r, w, p, l_, True)
    wf, pf, lf = (float(x) / advice.PAIRINGS for x in np.asarray(counts))
    return Edge(player, banker, r, wf, pf, lf, False)


def _check_name(name: object, role: str) -> str:
    if not isinstance(name, str):
        raise TypeError(f"the {role}'s strategy is a name, one of {', '.join(STRATEGIES)}; not {name!r}")
    if name not in STRATEGIES:
        raise InvalidOptionError(f"unknown {role} strategy {name!r}: use one of {', '.join(STRATEGIES)}",
                                 code="edges.strategy")
    return name


def _check_rate(commission: RateLike) -> Fraction:
    r = rate(commission)
    if r not in RATES:
        raise InvalidOptionError(
            f"no shipped equilibrium as paid at commission {float(r * 100):g}% ({commission!r}): the table is "
            f"shipped for 5% and 4% "
            f"(run 'paigow solve --commission RATE' for another)", code="edges.rate")
    return r


def edge(player: str, banker: str, commission: RateLike = COMMISSION) -> Edge:
    """One row of the table: ``player`` against ``banker`` (names from :data:`STRATEGIES`)."""
    return _edge(_check_name(player, "player"), _check_name(banker, "banker"), _check_rate(commission))


def edges(commission: RateLike = COMMISSION, exact: bool = False) -> tuple[Edge, ...]:
    """The nine pairings of :data:`STRATEGIES` at ``commission`` (5% or 4%), the player's
    strategy varying slowest. With ``exact`` the shipped exact equilibria stand in for the
    numerical ones (``equilibrium-paid-exact``, ``equilibrium-exact``: paigow.exact) and every
    row is exact."""
    r = _check_rate(commission)
    if exact:
        from paigow.exact import exact_edges

        return exact_edges(r)
    return tuple(_edge(p, b, r) for p in STRATEGIES for b in STRATEGIES)


house_edges = edges
"""``paigow.house_edges``: :func:`edges` under a name that does not shadow this module."""


def _pct(x: Share) -> str:
    return f"{100 * float(x):.4f}%"


def _signed(x: Share) -> str:
    return f"{100 * float(x):+.4f}%"


def format_table(rows: "tuple[Edge, ...]") -> str:
    """The rows as the text table ``paigow edges`` prints: the player's win/push/lose shares,
    each side's expected result per unit bet and the commission taken, per hand; ``=`` marks an
    exact row (pure strategies on both sides)."""
    from paigow._text import table

    out = []
    for r in sorted({e.commission for e in rows}, reverse=True):
        body = [[e.player_strategy, e.banker_strategy, _pct(e.win), _pct(e.push), _pct(e.lose),
                 _signed(e.player_result), _signed(e.banker_result), _pct(e.house), "=" if e.exact else ""]
                for e in rows if e.commission == r]
        out.append(f"commission {float(r * 100):g}% of every win, one player against the banker, per hand:")
        out.append(table(["player", "banker", "win", "push", "lose", "player EV", "banker EV", "house", ""], body,
                         right=[2, 3, 4, 5, 6, 7]))
    return "\n".join(out)
