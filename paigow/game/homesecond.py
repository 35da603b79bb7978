"""The second half of a shuffle in the home game (docs/home-edges.md): a door's result in the
second round, its 16 tiles dealt from those the first round left, the first round's 16 face up.

In the second round both sides know the 16 seen tiles, so the door and the banker play the game
left (:mod:`paigow.game.seen`): both hands come from the 16 unseen tiles (1,820 door hands, each
against the 495 banker hands of the 12 tiles beside it: 900,900 pairings). Three rows, each the
door's (wins, pushes, losses) as shares of those pairings:

* ``max-front`` against ``max-front``: the automatic rule on both sides, knowing nothing;
* ``best-response`` against ``max-front``: a door that sets as well as possible against an
  automatic banker *knowing the seen tiles* (its result at the row's rate, ``(1 - rate) W - L``,
  maximised type by type over the game left; among equal settings max-front's own, then the
  first);
* ``equilibrium`` against ``equilibrium``: both sides at the solved equilibrium of the game left
  (:func:`paigow.game.seen.game_left`, zero commission; at 4% played as it is).

Averaged over the first rounds, the first row is the first round's own result exactly: the
second round's door and banker hands, taken over a random shuffle, are a uniformly random pair of
disjoint hands of the 32 tiles, as the first round's are (the deal is exchangeable), and
max-front sets a hand by its tiles alone. The other two rows use what the first round showed, and
their average over the C(32, 16) first rounds is estimated here from ``n`` random ones drawn from
a seeded generator (:func:`second_half`), with a 95% confidence interval; the difference from the
first row on the same first rounds (paired) is estimated likewise, with a narrower interval, and,
since the first row's average is known exactly (the first round's, :func:`paigow.game.homeedges.home_edges`),
that exact value plus the paired difference is a sharper estimate of each row (``anchored``: the
first row as a control variate).

>>> half = second_round(range(16))       # the first 16 tiles of the deck were the first round
>>> [(r.door, r.banker) for r in half if r.commission == 0]
[('max-front', 'max-front'), ('best-response', 'max-front'), ('equilibrium', 'equilibrium')]
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.commission import RateLike, rate
from paigow.errors import InvalidOptionError
from paigow.game.homeedges import AUTO, HOME_RATES, home_edges
from paigow.game.seen import GameLeft, clean_seen, game_left, left_counts, rank_counts
from paigow.rules import HOME, RuleSet, RulesLike, clean_rules
from paigow.strategies import Strategy

__all__ = ["HalfRow", "HalfEstimate", "second_round", "against_auto", "best_settings", "second_half", "first_rounds",
           "format_second_half", "FIRST_ROUND", "Z95"]

FIRST_ROUND = 16
"""The tiles a first round deals (a banker and three doors of four): seen in the second."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

ROWS = (("max-front", "max-front"), ("best-response", "max-front"), ("equilibrium", "equilibrium"))


@dataclasses.dataclass(frozen=True)
class HalfRow:
    """One row of one second round: the door's (wins, pushes, losses) as shares of the game
    left's pairings, at ``commission`` on door wins."""

    door: str
    banker: str
    commission: Fraction
    win: float
    push: float
    lose: float

    @property
    def door_result(self) -> float:
        """The door's expected result per unit bet: ``(1 - rate) W - L``."""
        return float(1 - self.commission) * self.win - self.lose


@dataclasses.dataclass(frozen=True)
class HalfEstimate:
    """A row averaged over ``n`` random first rounds: the mean door result with the half-width of
    its 95% interval, the mean paired difference from max-front against max-front on the same
    first rounds with its half-width, the mean (win, push, lose) shares, and ``anchored``: the
    exact average of max-front against max-front (the first round's) plus the difference, an
    estimate of the row whose 95% half-width is the difference's."""

    door: str
    banker: str
    commission: Fraction
    n: int
    mean: float
    half_width: float
    difference: float
    difference_half_width: float
    shares: tuple[float, float, float]
    anchored: float

    def to_json(self) -> dict[str, Any]:
        return {"door": self.door, "banker": self.banker, "commission": str(self.commission), "n": self.n,
                "door_result": self.mean, "ci95": [self.mean - self.half_width, self.mean + self.half_width],
                "minus_max_front": self.difference,
                "minus_max_front_ci95": [self.difference - self.difference_half_width,
                                         self.difference + self.difference_half_width],
                "shares": dict(zip(("win", "push", "lose"), self.shares)), "anchored": self.anchored,
                "anchored_ci95": [self.anchored - self.difference_half_width,
                                  self.anchored + self.difference_half_width]}


def _rates(commission: "RateLike | None") -> tuple[Fraction, ...]:
    return HOME_RATES if commission is None else (rate(commission),)


def _home(rules: RulesLike) -> RuleSet:
    g = clean_rules(rules)
    if not g.hand_order.startswith("home"):
        raise InvalidOptionError(f"the second half of a shuffle is the home game's; rule set {g.name!r} is another: "
                                 f"use rules='home'", code="edges.rules")
    return g


def against_auto(seen: tuple[int, ...], rules: RuleSet) -> tuple[GameLeft, npt.NDArray[np.float64]]:
    """The game left (unsolved: its banker set to max-front) and, per type present, the door's
    (wins, pushes, losses) of each setting against max-front, in opposing hands (whole numbers)."""
    game = GameLeft(rank_counts(seen), rules)
    sigma, uniform = Strategy.named(AUTO, "banker", rules).type_strategy(rules)
    assert uniform  # a rule sets every hand of a type alike
    game.player = game.banker = np.ascontiguousarray(sigma[game.types])
    counts = np.stack([game.hand_counts(int(t), False) for t in game.types.tolist()])
    return game, counts


def _shares(game: GameLeft, counts: npt.NDArray[np.float64], played: npt.NDArray[np.intp]) -> tuple[float, ...]:
    per = counts[np.arange(len(played)), played] * game.cnt[:, None]
    return tuple(float(x) / game.pairings for x in per.sum(axis=0))


def best_settings(game: GameLeft, counts: npt.NDArray[np.float64], r: Fraction) -> npt.NDArray[np.intp]:
    """Per type of the game left, the door's best setting against max-front at ``r`` on door
    wins (``(1 - r) W - L``, compared in whole numbers); among equal ones max-front's own, then
    the first."""
    own = np.argmax(game.banker, axis=1)
    w, lo = np.rint(counts[:, :, 0]).astype(np.int64), np.rint(counts[:, :, 2]).astype(np.int64)
    value = (r.denominator - r.numerator) * w - r.denominator * lo
    value = np.where(game.valid, value, np.iinfo(np.int64).min)
    cand = value == value.max(axis=1, keepdims=True)
    rows = np.arange(len(own))
    return np.where(cand[rows, own], own, np.argmax(cand, axis=1))  # type: ignore[no-any-return]


def second_round(seen: Any, commission: "RateLike | None" = None, rules: RulesLike = HOME) -> tuple[HalfRow, ...]:
    """The second round after a first round that showed ``seen`` (16 tiles in any form
    :func:`paigow.game.seen.clean_seen` takes): the three rows at ``commission`` on door wins
    (None: each of :data:`paigow.game.homeedges.HOME_RATES`)."""
    g = _home(rules)
    s = clean_seen(seen)
    if len(s) != FIRST_ROUND:
        raise InvalidOptionError(f"a first round shows {FIRST_ROUND} tiles, not {len(s)}", code="seen.size")
    game, counts = against_auto(s, g)
    auto = _shares(game, counts, np.argmax(game.banker, axis=1))
    eq = left_counts(game_left(s, g))
    out = []
    for r in _rates(commission):
        best = _shares(game, counts, best_settings(game, counts, r))
        for (door, banker), (w, p, lo) in zip(ROWS, (auto, best, eq)):
            out.append(HalfRow(door, banker, r, w, p, lo))
    return tuple(out)


def first_rounds(n: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` first rounds drawn at random (the 16 tiles of a shuffled deck's first round, DECK
    indices ascending), the same for the same ``seed``."""
    rng = np.random.default_rng(seed)
    return [tuple(sorted(int(i) for i in rng.permutation(32)[:FIRST_ROUND])) for _ in range(n)]


def second_half(n: int, seed: int = 0, commission: "RateLike | None" = None,
                rules: RulesLike = HOME) -> tuple[HalfEstimate, ...]:
    """The three rows averaged over ``n`` random first rounds (:func:`first_rounds` of
    ``seed``), each with its 95% interval (the normal interval of the mean of ``n`` values)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise InvalidOptionError(f"the second half is averaged over at least 2 first rounds, not {n!r}",
                                 code="edges.second_half")
    g = _home(rules)
    rounds = [second_round(s, commission, g) for s in first_rounds(n, seed)]
    exact_auto = {r: float(home_edges(r, g)[0].door_result) for r in _rates(commission)}  # the first round's
    out = []
    for k, row in enumerate(rounds[0]):
        base = k - k % len(ROWS)  # max-front's row at the same rate
        vals = np.array([rs[k].door_result for rs in rounds])
        diff = vals - np.array([rs[base].door_result for rs in rounds])
        shares = tuple(float(np.mean([getattr(rs[k], f) for rs in rounds])) for f in ("win", "push", "lose"))
        out.append(HalfEstimate(row.door, row.banker, row.commission, n, float(vals.mean()), _half(vals),
                                float(diff.mean()), _half(diff), shares,  # type: ignore[arg-type]
                                exact_auto[row.commission] + float(diff.mean())))
    return tuple(out)


def _half(values: npt.NDArray[np.float64]) -> float:
    return Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))


def format_second_half(rows: "tuple[HalfEstimate, ...]", seed: int) -> str:
    """The estimates as ``paigow edges --rules home --second-half N --seed S`` prints them."""
    from paigow._text import table

    body = [[r.door, r.banker, f"{float(r.commission * 100):g}%", f"{100 * r.shares[0]:.3f}%",
             f"{100 * r.shares[1]:.3f}%", f"{100 * r.shares[2]:.3f}%", f"{100 * r.mean:+.4f}% ± {100 * r.half_width:.4f}%",
             f"{100 * r.difference:+.4f}% ± {100 * r.difference_half_width:.4f}%",
             f"{100 * r.anchored:+.4f}% ± {100 * r.difference_half_width:.4f}%"] for r in rows]
    head = ["door", "banker", "rate", "win", "push", "lose", "door's result (95%)", "minus max-front (95%)",
            "anchored (95%)"]
    n = rows[0].n if rows else 0
    return table(head, body) + (f"\n(the second round of a shuffle, averaged over {n} random first rounds of seed {seed}; "
                                "shares of the game left's pairings, results per unit the door bets; anchored: the first round's exact "
                                "max-front result plus the paired difference)")
