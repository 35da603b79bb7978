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

The table is of one rule set's game (``rules=``, Macau's by default) at a rate for which
:mod:`paigow.equilibria` ships its equilibrium as paid.

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

import functools
from fractions import Fraction

import numpy as np

from paigow.commission import RateLike
from paigow.equilibria import paid_rates, solution
from paigow.errors import InvalidOptionError
from paigow.game import PAIRINGS, type_game_counts
from paigow.game import Edge as Edge  # the row's value: the game as paid (paigow.exact builds rows too)
from paigow.game import Share as Share
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of
from paigow.strategies import Strategy

__all__ = ["Edge", "edge", "edges", "house_edges", "format_table", "STRATEGIES", "RATES"]

STRATEGIES = ("equilibrium-paid", "equilibrium", "max-back")
"""The strategies of the table: the equilibrium as paid (at the table's rate), the zero-commission
equilibrium, and max-back (the strongest back hand)."""

RATES: tuple[Fraction, ...] = paid_rates(MACAU)
"""The rates the table is shipped for (Macau's game): the regulation's 5% and the US custom of 4%."""

def _strategy(name: str, seat: str, r: Fraction, rules: RuleSet) -> Strategy:
    """The strategy of a row: the catalogue's equilibrium of the game as paid at ``r`` or without
    commission (both exist: :func:`_check_rate` checked), or the rule max-back."""
    if name in ("equilibrium-paid", "equilibrium"):
        found = solution(rules, r if name == "equilibrium-paid" else Fraction(0))
        assert found is not None
        return Strategy.named(found.name, seat)
    return Strategy.named(name, seat, rules)


@functools.lru_cache(maxsize=64)
def _edge(player: str, banker: str, r: Fraction, rules: RuleSet) -> Edge:
    sp, sb = _strategy(player, "player", r, rules), _strategy(banker, "banker", r, rules)
    counts = type_game_counts(sp.type_strategy(rules)[0], sb.type_strategy(rules)[0], rules)
    if sp.is_pure and sb.is_pure:
        # sums of integers below 2**53: exact in float64
        ints = [int(x) for x in counts]
        assert all(float(i) == x for i, x in zip(ints, counts)) and sum(ints) == PAIRINGS
        w, p, l_ = (Fraction(i, PAIRINGS) for i in ints)
        return Edge(player, banker, r, w, p, l_, True)
    wf, pf, lf = (float(x) / PAIRINGS for x in np.asarray(counts))
    return Edge(player, banker, r, wf, pf, lf, False)


def _check_name(name: object, role: str) -> str:
    if not isinstance(name, str):
        raise TypeError(f"the {role}'s strategy is a name, one of {', '.join(STRATEGIES)}; not {name!r}")
    if name not in STRATEGIES:
        raise InvalidOptionError(f"unknown {role} strategy {name!r}: use one of {', '.join(STRATEGIES)}",
                                 code="edges.strategy")
    return name


def _check_rate(commission: "bool | RateLike", rules: RuleSet) -> Fraction:
    """The rate of the table, for which the catalogue ships the game's equilibrium as paid (and
    the zero-commission one): code ``edges.rules`` for a rule set with none shipped,
    ``edges.rate`` for another rate."""
    r = commission_of(rules, commission)
    rates = paid_rates(rules)
    if not rates or solution(rules, Fraction(0)) is None:
        raise InvalidOptionError(
            f"no equilibrium is shipped for rule set {rules.name!r} (its setting game is not Macau's): the "
            f"house-edge table needs its equilibria (edge() of 'max-back' against 'max-back' does not)",
            code="edges.rules")
    if r not in rates:
        shown = " and ".join(f"{float(x * 100):g}%" for x in rates)
        raise InvalidOptionError(
            f"no shipped equilibrium as paid at commission {float(r * 100):g}% ({commission!r}): the table is "
            f"shipped for {shown} "
            f"(run 'paigow solve --commission RATE' for another)", code="edges.rate")
    return r


def edge(player: str, banker: str, commission: "bool | RateLike" = True, rules: RulesLike = None) -> Edge:
    """One row of the table: ``player`` against ``banker`` (names from :data:`STRATEGIES`) at
    ``commission`` (``True``: the rule set's rate, 5% for Macau) in the game of ``rules``."""
    player, banker = _check_name(player, "player"), _check_name(banker, "banker")
    g = clean_rules(rules)
    if player == banker == "max-back":  # no equilibrium in the row: any rule set, any rate
        return _edge(player, banker, commission_of(g, commission), g)
    return _edge(player, banker, _check_rate(commission, g), g)


def edges(commission: "bool | RateLike" = True, rules: RulesLike = None, exact: bool = False) -> tuple[Edge, ...]:
    """The nine pairings of :data:`STRATEGIES` at ``commission`` (5% or 4% for Macau; ``True``:
    the rule set's rate) in the game of ``rules``, the player's strategy varying slowest. With
    ``exact`` the shipped exact equilibria stand in for the numerical ones
    (``equilibrium-paid-exact``, ``equilibrium-exact``: paigow.exact) and every row is exact."""
    g = clean_rules(rules)
    r = _check_rate(commission, g)
    if exact:
        from paigow.exact import exact_edges

        return exact_edges(r)
    return tuple(_edge(p, b, r, g) for p in STRATEGIES for b in STRATEGIES)


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
