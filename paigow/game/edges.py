"""The house-edge table: what each seat costs under best play, as paid.

For one player against the banker, each side setting by one of three strategies (the equilibrium
of the game as paid, the zero-commission equilibrium, max-back), every one of the 736,281,000
player/banker hand pairings is counted: the player's win, push and lose shares, and each side's
expected result per unit bet with the commission taken from every win (the player keeps
``1 - rate`` of a win, the banker likewise; a loss costs the whole stake). The bank's commission
on the round's net and the cap are left out, as in the solved game (docs/equilibrium.md).

A row where both strategies are pure is exact (its shares are integer counts over the pairings,
given as :class:`~fractions.Fraction`); a row with a mixed strategy is a float64 sum, and the
equilibria in it are certified (each side's best-response gain at most 1e-7 per hand). With
``exact=True`` the shipped exact equilibria (:mod:`paigow.game.exact`) stand in for the numerical
ones and every row is exact: a mixed strategy's shares then exact fractions, not whole counts.

The table is of one rule set's game (``rules=``, Macau's by default) at a rate for which
:mod:`paigow.game.equilibria` ships its equilibrium as paid.

The US game (``rules="us"``) has a table of its own (:func:`us_edges`), at any rate: the house
way against itself and against each seat's best response (:mod:`paigow.game.waygame`), exact integer
counts, then the shipped US equilibria against themselves and against the way (float64 sums of
the numerical equilibria; with ``exact=True`` the shipped exact equilibria, every row exact).

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
from paigow.game.equilibria import paid_rates, solution
from paigow.errors import InvalidOptionError
from paigow.game.values import PAIRINGS, type_game_counts
from paigow.game.values import Edge as Edge  # the row's value: the game as paid (paigow.game.exact builds rows too)
from paigow.game.values import Share as Share
from paigow.rules import MACAU, US, RuleSet, RulesLike, clean_rules, commission_of
from paigow.strategies import Strategy

__all__ = ["Edge", "edge", "edges", "house_edges", "format_table", "STRATEGIES", "RATES", "us_edges", "US_RATES",
           "BEST_RESPONSES", "counts", "whole_counts", "format_us_table", "has_house_way"]

STRATEGIES = ("equilibrium-paid", "equilibrium", "max-back")
"""The strategies of the table: the equilibrium as paid (at the table's rate), the zero-commission
equilibrium, and max-back (the strongest back hand)."""

RATES: tuple[Fraction, ...] = paid_rates(MACAU)
"""The rates the table is shipped for (Macau's game): the regulation's 5% and the US custom of 4%."""

US_RATES: tuple[Fraction, ...] = (Fraction(1, 20), Fraction(1, 21))
"""The rates the US table is printed at when none is asked: 5%, and the 4.76% the Wizard of Odds
also tabulates, read as 1/21 (a win paid 20 to 21: 4.7619...%). Any other rate can be asked."""

BEST_RESPONSES = {"best-response": "win-loss", "best-response-paid": "paid"}
"""The best-response rows of the US table by name, and the objective each maximises
(:data:`paigow.game.waygame.OBJECTIVES`)."""


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
    return _pair_row(sp, sb, r, rules, player, banker)


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


def edge(player: str, banker: str, commission: "bool | RateLike" = True, rules: RulesLike = None,
         exact: bool = False) -> Edge:
    """One row of the table: ``player`` against ``banker`` (names from :data:`STRATEGIES`; in the
    US game the names of :func:`us_edges`' rows) at ``commission`` (``True``: the rule set's
    rate, 5% for Macau) in the game of ``rules``; ``exact`` as :func:`edges` takes it."""
    g = clean_rules(rules)
    if has_house_way(g):
        rows = us_edges(commission, g, exact=exact)
        for row in rows:
            if (row.player_strategy, row.banker_strategy) == (player, banker):
                return row
        names = sorted({n for row in rows for n in (row.player_strategy, row.banker_strategy)})
        raise InvalidOptionError(f"no row {player!r} against {banker!r} in the US table: its strategies are "
                                 f"{', '.join(map(repr, names))} (a best response plays the house way)",
                                 code="edges.strategy")
    if exact:
        for row in edges(commission, g, exact=True):
            if (row.player_strategy, row.banker_strategy) == (player, banker):
                return row
        raise InvalidOptionError(f"no row {player!r} against {banker!r} in the exact table: its strategies are "
                                 f"{', '.join(map(repr, _EXACT_NAMES))}", code="edges.strategy")
    player, banker = _check_name(player, "player"), _check_name(banker, "banker")
    if player == banker == "max-back":  # no equilibrium in the row: any rule set, any rate
        return _edge(player, banker, commission_of(g, commission), g)
    return _edge(player, banker, _check_rate(commission, g), g)


_EXACT_NAMES = ("equilibrium-paid-exact", "equilibrium-exact", "max-back")
"""The strategies of the exact table of Macau's game (:data:`paigow.game.exact.EXACT_STRATEGIES`)."""


def edges(commission: "bool | RateLike" = True, rules: RulesLike = None, exact: bool = False) -> tuple[Edge, ...]:
    """The nine pairings of :data:`STRATEGIES` at ``commission`` (5% or 4% for Macau; ``True``:
    the rule set's rate) in the game of ``rules``, the player's strategy varying slowest (the US
    game's table is another: :func:`us_edges`, at any rate). With
    ``exact`` the shipped exact equilibria of the game of ``rules`` stand in for the numerical
    ones (``equilibrium-paid-exact``, ``equilibrium-exact``: :func:`paigow.game.exact.exact_edges`;
    the US game's: :func:`us_edges` with ``exact``) and every row is exact."""
    g = clean_rules(rules)
    if has_house_way(g):
        return us_edges(commission, g, exact=exact)
    r = _check_rate(commission, g)
    if exact:
        from paigow.game.exact import exact_edges

        return exact_edges(r, rules=g)
    return tuple(_edge(p, b, r, g) for p in STRATEGIES for b in STRATEGIES)


house_edges = edges
"""``paigow.house_edges``: :func:`edges` under a name that does not shadow this module."""


# ---------------------------------------------------------------------------------------------
# the US game: the house way, the best responses to it, and the equilibria where shipped

def has_house_way(rules: RuleSet) -> bool:
    """The game of ``rules`` is the US game, whose banker sets by a house way."""
    from paigow.game.handtypes import same_game

    return same_game(rules, US)


def us_edges(commission: "bool | RateLike" = True, rules: RulesLike = US,
             way: "object" = None, exact: bool = False) -> tuple[Edge, ...]:
    """The US table at ``commission`` (``True``: the rule set's 5%; any rate): the house way
    (``way``: a name, a house-way file or a :class:`~paigow.houseway.HouseWay`; the rule set's
    own by default, Foxwoods) against itself; each seat's best response against the way, by
    wins minus losses (``best-response``, the Wizard of Odds' optimum) and by the result after
    commission (``best-response-paid``); then, for each equilibrium of the US game the
    catalogue ships (as paid at this rate, and without commission), the equilibrium against
    itself, against the way, and the way against it. These rows are exact integer counts (both
    strategies pure); an equilibrium's rows are float64 sums of the numerical equilibrium, or
    with ``exact`` exact fractions of the shipped exact equilibrium (named ``<name>-exact``,
    :mod:`paigow.game.exact`): every row then exact.

    The rows read as the Edge of Macau's table: ``player_result`` of ``way``/``way`` is the
    player's result, ``banker_result`` the result of a player who banks against the way.

    >>> rows = us_edges("5%")
    >>> [(r.player_strategy, r.banker_strategy) for r in rows][:3]
    [('foxwoods', 'foxwoods'), ('best-response', 'foxwoods'), ('foxwoods', 'best-response')]
    >>> counts(rows[0])
    (216954384, 295368216, 223958400)
    >>> [(r.player_strategy, r.banker_strategy, r.exact) for r in rows][5:8]
    [('us-equilibrium-paid', 'us-equilibrium-paid', False), ('us-equilibrium-paid', 'foxwoods', False), ('foxwoods', 'us-equilibrium-paid', False)]
    >>> eq = us_edges("5%", exact=True)[5]                  # the exact equilibrium as paid
    >>> eq.player_strategy, eq.exact, eq.player_result
    ('us-equilibrium-paid-exact', True, Fraction(-57116224093, 2406166308000))
    """
    from paigow.houseway import house_way, is_house_way

    g = clean_rules(rules)
    if not has_house_way(g):
        raise InvalidOptionError(f"the house-way table is of the US game; rule set {g.name!r} is another game "
                                 f"(its banker sets his own hand): use rules='us'", code="edges.way")
    if way is None:  # the rule set's own way; a US-game rule set whose banker sets his own hand: Foxwoods
        way = g.banker_sets if is_house_way(g.banker_sets) else "foxwoods"
    w = house_way(way)  # type: ignore[arg-type]
    w.strategy(g)  # the way's game is this one (else houseway.rules)
    return _us_edges(w, commission_of(g, commission), g, bool(exact))


@functools.lru_cache(maxsize=32)
def _us_edges(way: "object", r: Fraction, g: RuleSet, exact_rows: bool = False) -> tuple[Edge, ...]:
    from paigow.game.equilibria import clean_strategy
    from paigow.houseway import HouseWay
    from paigow.game.waygame import seat_counts

    assert isinstance(way, HouseWay)
    n = way.name

    def exact(player: str, banker: str, wpl: tuple[int, int, int]) -> Edge:
        w, p, lo = wpl
        return Edge(player, banker, r, Fraction(w, PAIRINGS), Fraction(p, PAIRINGS), Fraction(lo, PAIRINGS), True)

    rows = [exact(n, n, seat_counts(way, "player", None, r))]
    for name, objective in BEST_RESPONSES.items():
        rows.append(exact(name, n, seat_counts(way, "player", objective, r)))
        rows.append(exact(n, name, seat_counts(way, "banker", objective, r)[::-1]))  # the banker's wins: the player's losses
    ws = way.strategy(g)
    for found in dict.fromkeys(x for x in (solution(g, r), solution(g, Fraction(0))) if x is not None):
        if exact_rows:
            rows += _exact_rows(found.name, found.commission, ws, n, r, g)
            continue
        sp, sb = clean_strategy(found.name, "player", g), clean_strategy(found.name, "banker", g)
        for player, banker in ((sp, sb), (sp, ws), (ws, sb)):
            rows.append(_pair_row(player, banker, r, g, n if player is ws else None, n if banker is ws else None))
    return tuple(rows)


def _exact_rows(name: str, rate: Fraction, ws: Strategy, way_name: str, r: Fraction, g: RuleSet) -> list[Edge]:
    """The rows of the shipped exact equilibrium beside the solution ``name`` (of the game at
    ``rate``) at the table's rate ``r``: against itself, against the way (``ws``, ``way_name``), and the way
    against it, each share an exact fraction (:func:`paigow.game.exact_proof.exact_counts`)."""
    from paigow.game.exact import DATA_DIR, exact_stem, exact_strategy
    from paigow.game.exact_proof import ExactStrategy, exact_counts

    stem = exact_stem(rate, g)
    if not (DATA_DIR / f"{stem}.npy").exists():
        raise InvalidOptionError(f"no exact equilibrium is shipped beside {name!r} ({stem!r}): the exact US table "
                                 f"needs it (run 'paigow solve --exact --rules {g.name}' at its rate)",
                                 code="edges.exact")
    sp, sb = exact_strategy(stem, "player", rules=g), exact_strategy(stem, "banker", rules=g)
    sigma, uniform = ws.type_strategy(g)
    assert uniform  # a house way sets every hand of a type alike (a pure type strategy)
    way = ExactStrategy.from_floats(sigma, g)
    out = []
    for player, banker, pn, bn in ((sp, sb, stem, stem), (sp, way, stem, way_name), (way, sb, way_name, stem)):
        w, p, lo = exact_counts(player, banker, g)
        out.append(Edge(pn, bn, r, w, p, lo, True))
    return out


def _pair_row(sp: Strategy, sb: Strategy, r: Fraction, g: RuleSet, player_name: "str | None" = None,
              banker_name: "str | None" = None) -> Edge:
    """The row of two strategies by the type kernel (named as given, else by the strategies'
    names): exact counts when both are pure."""
    pn, bn = player_name or sp.name, banker_name or sb.name
    c = type_game_counts(sp.type_strategy(g)[0], sb.type_strategy(g)[0], g)
    if sp.is_pure and sb.is_pure:
        # sums of integers below 2**53: exact in float64
        ints = [int(x) for x in c]
        assert all(float(i) == x for i, x in zip(ints, c)) and sum(ints) == PAIRINGS
        w, p, l_ = (Fraction(i, PAIRINGS) for i in ints)
        return Edge(pn, bn, r, w, p, l_, True)
    wf, pf, lf = (float(x) / PAIRINGS for x in np.asarray(c))
    return Edge(pn, bn, r, wf, pf, lf, False)


def counts(row: Edge) -> tuple[int, int, int]:
    """The player's (wins, pushes, losses) of an exact row as integer counts of the 736,281,000
    pairings: a row of two pure strategies. ValueError for a row that is not exact (a float64
    sum), and for an exact row of a mixed strategy (an exact equilibrium's), whose shares are
    fractions of a pairing: read its ``win``, ``push`` and ``lose``.

    >>> counts(edge("max-back", "max-back", "5%"))
    (221121854, 284357512, 230801634)
    """
    got = whole_counts(row)
    if got is None:
        if not row.exact:
            raise ValueError(f"the row {row.player_strategy} against {row.banker_strategy} is not exact (a float64 "
                             f"sum over a mixed strategy): it has no integer counts")
        raise ValueError(f"the row {row.player_strategy} against {row.banker_strategy} is exact but of a mixed "
                         f"strategy: its shares are fractions of the {PAIRINGS:,} pairings (win {row.win}), not "
                         f"integer counts; read row.win, row.push and row.lose")
    return got


def whole_counts(row: Edge) -> "tuple[int, int, int] | None":
    """:func:`counts` of a row that has them (an exact row whose shares are whole counts of the
    pairings: two pure strategies), else None."""
    if not row.exact:
        return None
    scaled = [Fraction(x) * PAIRINGS for x in (row.win, row.push, row.lose)]
    if any(x.denominator != 1 for x in scaled):
        return None
    return scaled[0].numerator, scaled[1].numerator, scaled[2].numerator


def _pct(x: Share) -> str:
    return f"{100 * float(x):.4f}%"


def _signed(x: Share) -> str:
    return f"{100 * float(x):+.4f}%"


def format_table(rows: "tuple[Edge, ...]") -> str:
    """The rows as the text table ``paigow edges`` prints: the player's win/push/lose shares,
    each side's expected result per unit bet and the commission taken, per hand; ``=`` marks an
    exact row (pure strategies on both sides, or the exact equilibria's)."""
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


def format_us_table(rows: "tuple[Edge, ...]") -> str:
    """The US table as ``paigow edges --rules us`` prints it: per rate, each row's integer counts
    of the 736,281,000 pairings (the player's wins, pushes, losses) and each side's result per
    hand (a banker's: a player who banks); an equilibrium's row shows its shares (those of an
    exact equilibrium are exact fractions, shown to four places). ``=`` marks an exact row."""
    from paigow._text import table

    out = []
    for r in sorted({e.commission for e in rows}, reverse=True):
        body = []
        for e in rows:
            if e.commission != r:
                continue
            whole = whole_counts(e)
            wpl = [f"{x:,}" for x in whole] if whole is not None else [_pct(x) for x in (e.win, e.push, e.lose)]
            body.append([e.player_strategy, e.banker_strategy, *wpl, _signed(e.player_result),
                         _signed(e.banker_result), "=" if e.exact else ""])
        out.append(f"US game, commission {float(r * 100):.6g}% of every win ({r}), one player against the banker, "
                   f"of {PAIRINGS:,} pairings:")
        out.append(table(["player", "banker", "wins", "pushes", "losses", "player EV", "banker EV", ""], body,
                         right=[2, 3, 4, 5, 6]))
    return "\n".join(out)
