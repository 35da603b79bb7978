"""The solutions of the setting game: a solved pair as a value (:class:`Equilibrium`, what
:func:`paigow.solve` returns) and the catalogue of those the package ships, keyed by (rules,
commission).

Each shipped solution solves the setting game (see :mod:`paigow.game.values`) of one rule set's
comparison at one commission rate, and is a named strategy of :data:`paigow.strategies.NAMED`
(its file in ``paigow/data``). The catalogue says which one is shipped for which game:

===================================  =======  ============  ========================================
name                                 rules    commission    what it is
===================================  =======  ============  ========================================
``equilibrium``                      Macau    none          the zero-sum game (a win +1, a loss -1)
``equilibrium-paid``                 Macau    5%            the game as paid, both sides
``equilibrium-paid-4pct``            Macau    4%            the same at the US custom of 4%
``us-equilibrium``                   US       none          the US casino game, zero-sum
``us-equilibrium-paid``              US       5%            the US game as paid, both sides
``us-equilibrium-paid-4.7619pct``    US       1/21          the same at 4.76% (a win paid 20 to 21)
``home-equilibrium``                 home     none          the home game 推牌九, zero-sum
===================================  =======  ============  ========================================

A rule set whose setting game is one of these (it differs in the dice, the cuts, the rounding or
who sets the house's hand, say) shares its solutions; another has none shipped, and a solved
strategy's name is refused under a rule set whose game it does not solve (:func:`clean_strategy`),
while "max-back" and a caller's tables work under any rule set.

What advice plays against when told nothing is stated once here (:func:`default_against`): the
solution of the game at the commission asked, else the zero-commission one of the rule set.

>>> default_against(False), default_against(True), default_against("4%"), default_against("3%")
('equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'equilibrium')
>>> default_against(False, "us"), default_against(True, "us"), default_against("1/21", "us")
('us-equilibrium', 'us-equilibrium-paid', 'us-equilibrium-paid-4.7619pct')
>>> solution(MACAU, Fraction(1, 20)).name
'equilibrium-paid'
>>> info = paid_info()
>>> info["commission"], info["gains"]["player"] <= 1e-7, info["gains"]["banker"] <= 1e-7
('1/20', True, True)
"""

from __future__ import annotations

import dataclasses
import json
import math
import pathlib
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.game.handtypes import hand_types, same_game
from paigow.commission import COMMISSION, RateLike
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.rules import HOME, MACAU, US, RuleSet, RulesLike, clean_rules, commission_of
from paigow.strategies import DATA_DIR, NAMED, SEATS, Strategy, StrategyLike, forget_named, solved_file

__all__ = [
    "Equilibrium", "Solution", "CATALOGUE", "PAID_NAME", "DATA_DIR", "solution", "solutions", "paid_rates", "file_stem",
    "default_name", "default_against", "clean_strategy", "strategy", "equilibrium_info", "shipped",
    "shipped_info", "shipped_types", "paid_strategy", "paid_info", "setting_changes", "forget",
]

PAID_NAME = "equilibrium-paid"
"""The name of the shipped equilibrium of the game as paid (commission 5% on both sides)."""


@dataclasses.dataclass(frozen=True)
class Equilibrium:
    """A solved strategy pair over types, with its measures (per hand).

    ``value`` is the player's expected result per hand (wins counted ``1 - commission``);
    ``player_gain`` and ``banker_gain`` are what each side would gain per hand by its best
    response to the other's strategy, computed exactly in float64; ``exploitability`` is their
    sum (zero exactly at an equilibrium). ``rules`` is the rule set whose game it solves.
    """

    player: npt.NDArray[np.float64]   # (n types, 3)
    banker: npt.NDArray[np.float64]
    value: float                      # the player's expected result per hand
    exploitability: float
    iterations: int
    seconds: float
    commission: Fraction = Fraction(0)
    player_gain: float = math.nan
    banker_gain: float = math.nan
    banker_value: float = math.nan    # the banker's expected result per hand
    rules: RuleSet = MACAU

    def info(self) -> dict[str, Any]:
        """What :func:`save` records beside the tables (the rule set only when its game is not
        Macau's, so the shipped records are as they were)."""
        ty = hand_types(self.rules)
        mixed = {}
        for seat, sigma in (("player", self.player), ("banker", self.banker)):
            mix_types = (sigma > 0).sum(axis=1) > 1
            mixed[seat] = {"types": int(mix_types.sum()), "hands": int(ty.cnt[mix_types].sum())}
        named = {} if same_game(self.rules, MACAU) else {"rules": self.rules.name}
        if not self.commission:
            return {**named,
                "game_value": round(self.value, 12),
                "exploitability": float(f"{self.exploitability:.3e}"),
                "iterations": self.iterations,
                "types": int(ty.n),
                "mixed": mixed,
                "method": "predictive CFR+ over hand types, alternating updates, quadratic averaging",
            }
        return {
            **named,
            "commission": str(self.commission),
            "value": {"player": round(self.value, 12), "banker": round(self.banker_value, 12)},
            "gains": {"player": float(f"{self.player_gain:.3e}"), "banker": float(f"{self.banker_gain:.3e}")},
            "exploitability": float(f"{self.exploitability:.3e}"),
            "iterations": self.iterations,
            "types": int(ty.n),
            "mixed": mixed,
            "method": "predictive CFR+ over hand types, each side regretting its own payoff, alternating "
                      "updates, quadratic averaging; certified by each side's best-response gain",
        }


# ---------------------------------------------------------------------------------------------
# the catalogue

@dataclasses.dataclass(frozen=True)
class Solution:
    """One shipped solution: the named strategy ``name`` (both seats) solves the setting game of
    ``rules`` at ``commission``."""

    name: str
    rules: RuleSet
    commission: Fraction

    @property
    def path(self) -> pathlib.Path:
        """The ``.npy`` file of both seats' type strategies (``paigow solve`` wrote it)."""
        source = NAMED[self.name]
        assert isinstance(source, str)
        return DATA_DIR / source

    @property
    def info_path(self) -> pathlib.Path:
        """The ``.json`` that ``paigow solve`` recorded with it."""
        return self.path.with_suffix(".json")


CATALOGUE: tuple[Solution, ...] = (
    Solution("equilibrium", MACAU, Fraction(0)),
    Solution(PAID_NAME, MACAU, COMMISSION),
    Solution("equilibrium-paid-4pct", MACAU, Fraction(1, 25)),
    Solution("us-equilibrium", US, Fraction(0)),
    Solution("us-equilibrium-paid", US, COMMISSION),
    Solution("us-equilibrium-paid-4.7619pct", US, Fraction(1, 21)),  # 4.76%, read as 20 to 21
    Solution("home-equilibrium", HOME, Fraction(0)),  # its 4% option takes door wins only: not this game's
)
"""Every solution the package ships. A new one is a line here, a line of
:data:`paigow.strategies.NAMED` and its files in ``paigow/data``."""

_BY_NAME = {s.name: s for s in CATALOGUE}


# ---------------------------------------------------------------------------------------------
# what is shipped for which game (these take a cleaned RuleSet and rate)

def solutions(rules: RuleSet) -> tuple[Solution, ...]:
    """The shipped solutions of the setting game of ``rules``, in catalogue order."""
    return tuple(s for s in CATALOGUE if same_game(s.rules, rules))


def solution(rules: RuleSet, commission: Fraction) -> Solution | None:
    """The shipped solution of the game of ``rules`` at ``commission``, or None."""
    for s in CATALOGUE:
        if s.commission == commission and same_game(s.rules, rules):
            return s
    return None


def paid_rates(rules: RuleSet) -> tuple[Fraction, ...]:
    """The commission rates above 0 at which the game of ``rules`` has a shipped solution."""
    return tuple(s.commission for s in solutions(rules) if s.commission)


def _none_shipped(rules: RuleSet, what: str) -> InvalidStrategyError:
    return InvalidStrategyError(
        f"{what}: no equilibrium is shipped for rule set {rules.name!r} (no shipped solution solves its setting game); "
        f"give a strategy ('max-back' or a table), or solve it with paigow.solve(rules=...)", code="strategy.rules")


def default_name(rules: RuleSet, commission: Fraction) -> str:
    """The name of the strategy advice plays against by default (cleaned arguments): the shipped
    solution of the game of ``rules`` at ``commission``, else its zero-commission one;
    InvalidStrategyError (code ``strategy.rules``) when the rule set has neither."""
    found = solution(rules, commission) or solution(rules, Fraction(0))
    if found is None:
        raise _none_shipped(rules, "no default strategy to advise against")
    return found.name


def default_against(commission: "bool | RateLike | None" = False, rules: RulesLike = None) -> str:
    """The name of the strategy advice plays against by default at ``commission`` (``True`` is
    the rule set's rate) under ``rules`` (Macau's by default): the shipped equilibrium of that
    game (``"equilibrium-paid"`` at 5%, ``"equilibrium-paid-4pct"`` at 4%), or the
    zero-commission ``"equilibrium"`` where none is shipped at that rate."""
    r = clean_rules(rules)
    return default_name(r, commission_of(r, commission))


def clean_strategy(x: "StrategyLike | None", seat: str, rules: RuleSet) -> Strategy:
    """``x`` as a :class:`~paigow.Strategy` for ``seat`` in the game of ``rules`` (a cleaned
    RuleSet): :meth:`Strategy.clean`, and a shipped solution (by name, or a Strategy carrying its
    name) is refused under a rule set whose game it does not solve (InvalidStrategyError, code
    ``strategy.rules``, naming the rule set). ``None`` is the default every function shares: the
    zero-commission equilibrium shipped for the game of ``rules`` (``"equilibrium"`` for Macau's,
    ``"us-equilibrium"`` for the US game's)."""
    if x is None:
        x = default_name(rules, Fraction(0))
    s = Strategy.clean(x, seat, rules)
    known = _BY_NAME.get(s.name)
    if known is not None and not same_game(known.rules, rules):
        own = solutions(rules)
        if not own:
            raise _none_shipped(rules, f"the strategy {s.name!r} solves the game of rule set {known.rules.name!r}")
        raise InvalidStrategyError(
            f"the strategy {s.name!r} solves the game of rule set {known.rules.name!r}, not that of rule set "
            f"{rules.name!r}: its shipped solutions are " + ", ".join(repr(sol.name) for sol in own),
            code="strategy.rules")
    return s


def file_stem(commission: "bool | RateLike | None" = 0, rules: RulesLike = None) -> str:
    """The file name (without extension) of a solution of the game of ``rules`` at
    ``commission``: ``equilibrium`` without commission, ``equilibrium-paid`` at the regulation's
    5%, ``equilibrium-paid-4pct`` at 4%, and so on; under a rule set whose game is not Macau's,
    the same after its name (``zero-both-equilibrium``).

    >>> file_stem(0), file_stem("5%"), file_stem("4%"), file_stem("2.5%")
    ('equilibrium', 'equilibrium-paid', 'equilibrium-paid-4pct', 'equilibrium-paid-2.5pct')
    """
    g = clean_rules(rules)
    return _stem(g, commission_of(g, commission))


def _stem(rules: RuleSet, r: Fraction) -> str:
    prefix = "" if same_game(rules, MACAU) else f"{rules.name}-"
    if not r:
        return prefix + "equilibrium"
    if r == COMMISSION:
        return prefix + PAID_NAME
    pct = r * 100
    text = str(pct.numerator) if pct.denominator == 1 else format(float(pct), "g")
    return f"{prefix}{PAID_NAME}-{text}pct"


# ---------------------------------------------------------------------------------------------
# the shipped tables

def strategy(seat: str = "player", rules: RulesLike = None) -> npt.NDArray[np.float64]:
    """The zero-commission equilibrium strategy of ``seat`` ("player" or "banker") as a
    (35960, 3) table: row i is the i-th hand of ``combinations(range(32), 4)`` (DECK indices),
    columns the probabilities of its settings in ``settings()`` order. Read-only.

    >>> t = strategy("banker")
    >>> t.shape, bool(np.allclose(t.sum(axis=1), 1.0))
    ((35960, 3), True)
    """
    g = clean_rules(rules)
    found = solution(g, Fraction(0))
    if found is None:
        raise _none_shipped(g, "no equilibrium strategy")
    return Strategy.named(found.name, seat).table


def _catalogued(stem: str) -> Solution:
    found = _BY_NAME.get(stem)
    if found is None:
        raise InvalidStrategyError(f"no solved equilibrium {stem!r} is shipped in {DATA_DIR}: the shipped ones are "
                                   + ", ".join(repr(s.name) for s in CATALOGUE) + " (run 'paigow solve' for another)",
                                   code="strategy.file")
    return found


def shipped(stem: str, seat: str = "player") -> npt.NDArray[np.float64]:
    """A solution shipped in ``paigow/data/`` (by its name, :func:`file_stem`) for ``seat``, as a
    read-only (35960, 3) table like :func:`paigow.strategy`."""
    return Strategy.named(_catalogued(stem).name, seat).table


def shipped_info(stem: str) -> dict[str, Any]:
    """What ``paigow solve`` recorded with a solution shipped in ``paigow/data/``."""
    info: dict[str, Any] = json.loads(_catalogued(stem).info_path.read_text(encoding="utf-8"))
    return info


def shipped_types(stem: str) -> npt.NDArray[np.float64]:
    """A shipped solution as ``paigow solve`` wrote it: (2, 4285, 3), the player's then the
    banker's type strategy, read-only (the array the named strategies of both seats read)."""
    return solved_file(_catalogued(stem).name)


def equilibrium_info(rules: RulesLike = None) -> dict[str, Any]:
    """What ``paigow solve`` recorded with the shipped zero-commission equilibrium (of Macau's
    game unless ``rules`` say otherwise): game value, exploitability, iterations, mixed hands."""
    g = clean_rules(rules)
    found = solution(g, Fraction(0))
    if found is None:
        raise _none_shipped(g, "no equilibrium record")
    return shipped_info(found.name)


def paid_strategy(seat: str = "player") -> npt.NDArray[np.float64]:
    """The shipped equilibrium of the game as paid (5% commission on both sides) for ``seat``,
    as a read-only (35960, 3) table like :func:`paigow.strategy`.

    >>> paid_strategy("banker").shape
    (35960, 3)
    """
    return shipped(PAID_NAME, seat)


def paid_info() -> dict[str, Any]:
    """What ``paigow solve --commission 5%`` recorded with the shipped paid equilibrium."""
    return shipped_info(PAID_NAME)


def setting_changes(commission: "bool | RateLike" = True, rules: RulesLike = None) -> dict[str, int]:
    """Per seat, the hands (of 35,960) whose most likely setting in the shipped equilibrium as
    paid at ``commission`` (``True``: the rule set's rate) differs from the zero-commission
    equilibrium's.

    >>> setting_changes("5%")
    {'player': 232, 'banker': 100}
    """
    g = clean_rules(rules)
    r = commission_of(g, commission)
    if not r:
        raise InvalidOptionError("setting_changes compares an equilibrium as paid: give a rate above 0",
                                 code="solve.commission")
    paid, zero = solution(g, r), solution(g, Fraction(0))
    if paid is None or zero is None:
        raise InvalidStrategyError(f"no equilibrium as paid at {float(r * 100):g}% is shipped for rule set "
                                   f"{g.name!r}: run 'paigow solve' with its commission", code="strategy.file")
    return {seat: int((Strategy.named(paid.name, seat).best != Strategy.named(zero.name, seat).best).sum())
            for seat in SEATS}


def forget() -> None:
    """Forget every shipped table read so far (after :func:`paigow.game.solver.save` rewrites them)."""
    forget_named()
