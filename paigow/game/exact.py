"""The exact equilibria of the setting game: probabilities as fractions, gains proven to be zero.

The setting game (one player against the banker, docs/equilibrium.md) is finite and its payoffs
are integer counts over the 736,281,000 pairings. Its shipped numerical equilibria
(:mod:`paigow.game.solver`) set all but a few dozen of the 4,285 hand types purely; this module takes
one of them, keeps its pure part, solves the small game left on the mixed types exactly, and
proves the result:

1. **Counts.** The kernels ``side_values`` (no commission) and ``side_counts`` (wins and losses
   apart, for the game as paid) are linear in the opposing strategy, and against a 0/1 strategy
   they return integers (checked: each is an integer below 2**53). So the value of every setting
   of every type against a rational strategy is an integer vector (against the opponent's pure
   part) plus the integer vector of each opposing mixed (type, setting) times its probability.
   With the commission ``r = p/q`` a setting's payoff times ``q`` is the integer
   ``(q - p) * wins - q * losses``.
2. **Solving** (:func:`solve_exact`). On the *active* types (those the numerical solution mixes)
   the game is a two-person game whose strategies are products of simplices, one per type.
   Complementary pivoting (Lemke's algorithm in the form of the tracing procedure of van den
   Elzen and Talman, as von Stengel, van den Elzen and Talman extended it to such strategy
   spaces, Econometrica 2002), started from the numerical solution as the prior, finds an
   equilibrium of that small game in floating point; it only serves to name the *basis*: which
   settings are played. The probabilities are then solved exactly, in :class:`fractions.Fraction`,
   from the indifference conditions of that basis (each type's played settings are worth the
   same; each type's probabilities sum to 1): two small square linear systems, one per seat.
   The same method serves the zero-sum game and the general-sum game as paid, where an LP would
   not apply.
3. **Proof** (:func:`prove`). Every setting of every one of the 4,285 types of both seats is
   valued exactly (integers over a common denominator) against the other side's exact strategy;
   a seat's gain is what its best response would add, summed exactly over all types. The pair is
   an exact equilibrium when both gains are exactly 0: every setting played is a best response.
   If the proof fails on a type left out of the small game (its fixed pure setting is not a best
   response) that type joins the active types and the small game is solved again.

The proof does not depend on how the strategies were found: :func:`prove` takes any pair of
exact strategies (:class:`ExactStrategy`), and the tests re-prove the shipped files from
scratch: Macau's (``paigow/data/equilibrium-exact.*``, ``equilibrium-paid-exact.*``,
``equilibrium-paid-4pct-exact.*``) and the US game's (``us-equilibrium-exact.*``,
``us-equilibrium-paid-exact.*``, ``us-equilibrium-paid-4.7619pct-exact.*``). Every function
takes ``rules=`` (Macau's by default; a shipped pair's own when it is read from its file), and
an :class:`ExactStrategy` carries the rule set whose hand order numbers its settings.

>>> eq = shipped_exact()                 # the zero-commission game
>>> eq.player_value
Fraction(-4601027, 490854000)
>>> eq.exact, eq.player_value == -eq.banker_value
(True, True)
>>> shipped_exact(0, rules="us").player_value
Fraction(-27681553379, 2942178876000)
"""


from __future__ import annotations

import dataclasses
import functools
import json
import math
import pathlib
import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow._blas import one_thread
from paigow.commission import RateLike
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game.exact_proof import (PAIRINGS, SEATS, Counts, ExactStrategy, Proof, as_exact, played_total,
                                     player_counts, prove, prove_with)
from paigow.game import equilibria
from paigow.game.handtypes import all_hands, hand_types
from paigow.game.lemke import LemkeFailure, SmallGame, indifference, lemke
from paigow.game.values import Edge
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of
from paigow.setting import settings
from paigow.tiles import DECK

__all__ = [
    "ExactEquilibrium", "solve_exact", "save_exact", "load_exact", "shipped_exact", "exact_stem", "certify_exact",
    "exact_edges", "exact_strategy", "EXACT_STRATEGIES",
]

DATA_DIR = pathlib.Path(__file__).resolve().parent.parent / "data"


def exact_strategy(strategy: Any, seat: str = "player", commission: "RateLike | bool" = 0,
                   rules: RulesLike = None) -> ExactStrategy:
    """``strategy`` as an :class:`~paigow.game.exact_proof.ExactStrategy` of the game of ``rules``
    (Macau's by default): one already, the name of a shipped exact equilibrium
    (``"equilibrium-exact"``, ``"us-equilibrium-paid-exact"``, ...), or any strategy the solver
    takes (a name or a (35960, 3) table setting every hand of a type alike), each float read as
    the exact binary fraction it is and each row divided by its exact sum."""
    if isinstance(strategy, str) and strategy.endswith("-exact") and seat in SEATS:
        return _load(strategy, False).strategy(seat)
    return as_exact(strategy, seat, rules)


def certify_exact(player: Any, banker: Any = None, commission: "RateLike | bool" = 0,
                  rules: RulesLike = None, threads: int = 1) -> Proof:
    """:func:`prove` for any strategies :func:`exact_strategy` takes (``player`` may be an
    :class:`ExactEquilibrium`, ``banker`` then None), in the game of ``rules`` (an exact
    equilibrium's own when None, else Macau's): each side's best-response gain exactly."""
    if isinstance(player, ExactEquilibrium):
        if banker is not None:
            raise TypeError("certify_exact(equilibrium) takes no banker strategy")
        return prove(player.player, player.banker, commission, rules, threads)
    if banker is None:
        raise TypeError("certify_exact(player, banker): give the banker's strategy")
    rs = clean_rules(rules)
    return prove(exact_strategy(player, "player", rules=rs), exact_strategy(banker, "banker", rules=rs),
                 commission, rs, threads)


EXACT_STRATEGIES = ("equilibrium-paid-exact", "equilibrium-exact", "max-back")
"""The strategies of the exact house-edge table: the exact equilibrium as paid (at the table's
rate), the exact zero-commission equilibrium, and max-back."""


def exact_edges(commission: "RateLike | bool" = "5%", rules: RulesLike = None) -> tuple[Any, ...]:
    """The house-edge table (:func:`paigow.game.edges.edges`) of the game of ``rules`` (Macau's by
    default) with the exact equilibria in place of the numerical ones: every row exact (its
    shares are fractions), at a rate whose exact equilibrium is shipped (Macau's: 5% and 4%)."""
    rs = clean_rules(rules)
    r = commission_of(rs, commission)
    rates = _exact_rates(rs)
    if r not in rates or 0 not in rates:
        shown = " and ".join(f"{float(x * 100):g}%" for x in rates if x) or "no rate"
        raise InvalidOptionError(f"no shipped exact equilibrium as paid at commission {float(r * 100):g}% "
                                 f"({commission!r}) for rule set {rs.name!r}: the exact table is shipped for {shown}",
                                 code="edges.rate")
    names = {"equilibrium-paid-exact": exact_stem(r, rs), "equilibrium-exact": exact_stem(0, rs),
             "max-back": "max-back"}

    def strat(name: str, seat: str) -> ExactStrategy:
        return exact_strategy(names[name], seat, rules=rs)

    banker_counts = {b: player_counts(strat(b, "banker"), rs) for b in EXACT_STRATEGIES}
    rows = []
    for p in EXACT_STRATEGIES:
        sp = strat(p, "player")
        for b in EXACT_STRATEGIES:
            w, lo, d = banker_counts[b]
            win = played_total(sp, w) / (d * PAIRINGS)
            lose = played_total(sp, lo) / (d * PAIRINGS)
            rows.append(Edge(p, b, r, win, 1 - win - lose, lose, True))
    return tuple(rows)




def _small_game(counts: Counts, act_p: list[int], act_b: list[int], fixed_p: "_Fixed",
                fixed_b: "_Fixed") -> SmallGame:
    ty = hand_types(counts.rules)
    und = ty.undominated
    px = [(t, k) for t in act_p for k in range(int(ty.m[t])) if und[t, k]]
    py = [(t, k) for t in act_b for k in range(int(ty.m[t])) if und[t, k]]
    ip = np.array([t for t, _ in px]), np.array([k for _, k in px])
    ib = np.array([t for t, _ in py]), np.array([k for _, k in py])
    a_vec = counts.payoff(fixed_b.pure_part(), False)[ip]
    b_vec = counts.payoff(fixed_p.pure_part(), True)[ib]
    a_mat = np.stack([counts.column(t, k, False)[ip] for t, k in py], axis=1)
    b_mat = np.stack([counts.column(t, k, True)[ib] for t, k in px], axis=1)
    return SmallGame(px, py, a_mat, a_vec, b_mat, b_vec)



# ---------------------------------------------------------------------------------------------
# the exact equilibrium

@dataclasses.dataclass(frozen=True)
class ExactEquilibrium:
    """An exact strategy pair with its proof: ``player_value`` and ``banker_value`` are each
    side's expected result per hand as fractions (a win counted ``1 - commission``)."""

    player: ExactStrategy
    banker: ExactStrategy
    commission: Fraction
    proof: Proof
    rules: str = "macau"
    solve_info: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.proof.exact

    @property
    def player_value(self) -> Fraction:
        return self.proof.player_value

    @property
    def banker_value(self) -> Fraction:
        return self.proof.banker_value

    @property
    def rule_set(self) -> RuleSet:
        """The rule set whose game the pair solves (``rules`` names it)."""
        return self.player.rules

    def strategy(self, seat: str) -> ExactStrategy:
        if seat not in SEATS:
            raise InvalidStrategyError(f"unknown seat {seat!r}: use 'player' or 'banker'")
        return self.player if seat == "player" else self.banker

    def arrays(self) -> npt.NDArray[np.float64]:
        """(2, n, 3) float64: the two strategies as type tables, as the solver's files hold them."""
        return np.stack([self.player.array(), self.banker.array()])

    def equilibrium(self) -> Any:
        """The pair as a :class:`paigow.game.solver.Equilibrium` (float64 tables and measures)."""
        p = self.proof
        return equilibria.Equilibrium(self.player.array(), self.banker.array(), float(p.player_value),
                           float(p.player_gain + p.banker_gain), int(self.solve_info.get("pivots", 0)),
                           float(self.solve_info.get("seconds", math.nan)), self.commission,
                           float(p.player_gain), float(p.banker_gain), float(p.banker_value), self.rule_set)

    def info(self) -> dict[str, Any]:
        """What :func:`save_exact` writes beside the table: the values and gains as fractions,
        each mixed type with its settings and exact probabilities, and how it was found."""
        p = self.proof
        mixed = {seat: [_describe(t, self.strategy(seat).mixed[t], self.rule_set) for t in self.strategy(seat).mixed]
                 for seat in SEATS}
        return {
            "game": "as paid" if self.commission else "zero-sum",
            "commission": str(self.commission),
            "rules": self.rules,
            "exact": p.exact,
            "value": {"player": str(p.player_value), "banker": str(p.banker_value)},
            "value_float": {"player": float(p.player_value), "banker": float(p.banker_value)},
            "gains": {"player": str(p.player_gain), "banker": str(p.banker_gain)},
            "pairings": PAIRINGS,
            "ties": dict(p.ties),
            "margin": {seat: str(v) for seat, v in p.margin.items()},
            "mixed": mixed,
            "solve": {k: v for k, v in self.solve_info.items() if k != "seconds"},
            "method": "the numerical solution's pure part kept; the game on its mixed types solved by complementary "
                      "pivoting (the tracing procedure, from the numerical solution) for the basis, the probabilities "
                      "exactly from its indifference conditions in fractions; proven by exact best responses of both "
                      "seats over all types (paigow.exact)",  # the shipped files' text, kept
        }


def _describe(t: int, row: tuple[Fraction, Fraction, Fraction], rules: RuleSet) -> dict[str, Any]:
    """A mixed type as JSON: its first hand, and each setting played with its probability (the
    first of the hand's settings that makes it, and its ranks under the hand order of ``rules``)."""
    ty = hand_types(rules)
    rep = int(ty.rep_hand[t])
    hand = [DECK[int(i)] for i in all_hands()[rep]]
    text: dict[int, str] = {}
    for j, st in enumerate(settings(hand, rules)):
        text.setdefault(int(ty.hand_map[rep, j]), str(st))
    out = []
    for k, p in enumerate(row):
        if p:
            f, b = int(ty.tset_f[t, k]), int(ty.tset_b[t, k])
            out.append({"setting": k, "text": text.get(k, ""), "front_rank": f, "back_rank": b,
                        "p": str(p), "p_float": float(p)})
    return {"type": int(t), "hand": " ".join(str(x) for x in hand), "hands": int(ty.cnt[t]), "settings": out}


def _prior(sigma: npt.NDArray[np.float64], cols: list[tuple[int, int]]) -> npt.NDArray[np.float64]:
    """The numerical strategy on the small game's settings, renormalized per type (uniform where
    it puts nothing on them)."""
    v = np.array([sigma[t, k] for t, k in cols], dtype=np.float64)
    types = np.array([t for t, _ in cols])
    out = v.copy()
    for t in set(types.tolist()):
        m = types == t
        s = v[m].sum()
        out[m] = v[m] / s if s > 0 else 1.0 / m.sum()
    return out


_ATTEMPTS = ((1e-9, "prior"), (1e-11, "prior"), (1e-7, "prior"), (1e-9, "uniform"))
"""The pivoting tolerances and priors tried in turn on one small game: the float64 path only
names a basis, and a basis that the exact solution or the proof refutes is followed by another
try."""


def _round(g: SmallGame, base_p: ExactStrategy, base_b: ExactStrategy, act_p: list[int], act_b: list[int],
           prior_p: npt.NDArray[np.float64], prior_b: npt.NDArray[np.float64],
           counts: Counts) -> tuple[ExactStrategy, ExactStrategy, Proof, int]:
    """One small game solved: the exact pair and its proof (which may still refute a type left
    out of the small game), and the pivots taken."""
    pivots = 0
    failure = "no attempt"
    active = {"player": set(act_p), "banker": set(act_b)}
    for eps, prior in _ATTEMPTS:
        px = _prior(prior_p, g.px) if prior == "prior" else _prior(np.ones_like(prior_p), g.px)
        py = _prior(prior_b, g.py) if prior == "prior" else _prior(np.ones_like(prior_b), g.py)
        try:
            # the float64 pivoting decides the basis: on one BLAS thread, so that its rounding,
            # and with it the pair reached, is the same on every machine (docs/equilibrium.md)
            with one_thread():
                xs, ys, n = lemke(g, px, py, eps=eps)
        except (LemkeFailure, np.linalg.LinAlgError) as e:
            failure = f"complementary pivoting failed: {e}"
            continue
        pivots += n
        y = indifference(g.px, xs, g.a_mat, g.a_vec, g.py, ys)
        x = indifference(g.py, ys, g.b_mat, g.b_vec, g.px, xs)
        if x is None or y is None or min(x.values()) < 0 or min(y.values()) < 0:
            failure = "the basis reached has no nonnegative exact solution"
            continue
        player = _assemble(base_p, act_p, g.px, x)
        banker = _assemble(base_b, act_b, g.py, y)
        proof = prove_with(counts, player, banker)
        if any(d.type in active[d.seat] for d in proof.deviations):
            failure = "the exact solution of the basis reached fails the proof on the small game's own types"
            continue
        return player, banker, proof, pivots
    raise ArithmeticError(f"the small game of {len(act_p)} player and {len(act_b)} banker types: {failure}")


def solve_exact(start: Any = None, commission: "RateLike | bool" = 0, rules: RulesLike = None,
                threads: int = 1, max_rounds: int = 20,
                progress: Callable[[str], None] | None = None) -> ExactEquilibrium:
    """The exact equilibrium of the setting game of ``rules`` (Macau's by default) at
    ``commission`` near a numerical one.

    ``start`` is a :class:`paigow.game.solver.Equilibrium`, a (2, n, 3) array of type strategies, or
    None for the shipped numerical equilibrium of that game and commission. Its pure part is kept; the
    types it mixes are solved exactly (see the module's docstring); the result is proven, and
    any type whose fixed setting the proof refutes joins the small game, which is solved again
    (at most ``max_rounds`` times). Raises ArithmeticError when no proof is reached."""
    rs = clean_rules(rules)
    r = commission_of(rs, commission)
    begin = time.perf_counter()
    ty = hand_types(rs)
    sp, sb = _start_arrays(start, r, rs)
    base_p = ExactStrategy.from_array(sp, tol=1.0, rules=rs)
    base_b = ExactStrategy.from_array(sb, tol=1.0, rules=rs)
    act_p = sorted(np.where((sp > 0).sum(axis=1) > 1)[0].tolist())
    act_b = sorted(np.where((sb > 0).sum(axis=1) > 1)[0].tolist())
    counts = Counts(r, rs, threads)
    prior_p, prior_b = sp.copy(), sb.copy()
    total_pivots = 0
    history = []
    for rnd in range(1, max_rounds + 1):
        # the fixed part: every inactive type pure on its setting, the active types left out
        fixed_p, fixed_b = _Fixed(base_p.pure_part(), act_p), _Fixed(base_b.pure_part(), act_b)
        g = _small_game(counts, act_p, act_b, fixed_p, fixed_b)
        player, banker, proof, pivots = _round(g, base_p, base_b, act_p, act_b, prior_p, prior_b, counts)
        total_pivots += pivots
        history.append({"round": rnd, "active": {"player": len(act_p), "banker": len(act_b)}, "pivots": pivots,
                        "deviations": len(proof.deviations)})
        if progress:
            progress(f"round {rnd}: {len(act_p)} player and {len(act_b)} banker types active, {pivots} pivots, "
                     f"gains {proof.player_gain} and {proof.banker_gain}")
        if proof.exact:
            info = {"rounds": rnd, "pivots": total_pivots, "history": history,
                    "active": {"player": act_p, "banker": act_b},
                    "kernel_calls": counts.calls, "seconds": round(time.perf_counter() - begin, 3)}
            return ExactEquilibrium(player, banker, r, proof, rs.name, info)
        new_p = sorted({d.type for d in proof.deviations if d.seat == "player"})
        new_b = sorted({d.type for d in proof.deviations if d.seat == "banker"})
        act_p = sorted(set(act_p) | set(new_p))
        act_b = sorted(set(act_b) | set(new_b))
        prior_p, prior_b = player.array(), banker.array()
        for t in new_p:
            prior_p[t] = np.where(ty.undominated[t] & counts.valid[t], 1.0, 0.0) / (ty.undominated[t] & counts.valid[t]).sum()
        for t in new_b:
            prior_b[t] = np.where(ty.undominated[t] & counts.valid[t], 1.0, 0.0) / (ty.undominated[t] & counts.valid[t]).sum()
    raise ArithmeticError(f"no exact equilibrium proven in {max_rounds} rounds")


class _Fixed:
    """A fixed 0/1 part of a strategy, as _small_game reads it."""

    def __init__(self, table: npt.NDArray[np.float64], active: list[int]) -> None:
        self.table = table.copy()
        self.table[active] = 0.0

    def pure_part(self) -> npt.NDArray[np.float64]:
        return self.table


def _assemble(base: ExactStrategy, active: list[int], cols: list[tuple[int, int]],
              probs: Mapping[int, Fraction]) -> ExactStrategy:
    """``base`` with the active types set as ``probs`` (indexed as ``cols``) says."""
    pure = base.pure.copy()
    pure[pure < 0] = 0
    rows: dict[int, list[Fraction]] = {t: [Fraction(0)] * 3 for t in active}
    for c, p in probs.items():
        t, k = cols[c]
        rows[t][k] += p
    mixed = {}
    for t, row in rows.items():
        support = [k for k, p in enumerate(row) if p]
        if len(support) > 1:
            mixed[t] = (row[0], row[1], row[2])
            pure[t] = -1
        else:
            pure[t] = support[0]
    return ExactStrategy(pure, mixed, base.rules)


def _start_arrays(start: Any, r: Fraction,
                  rules: RuleSet) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    if start is None:
        path = DATA_DIR / f"{equilibria.file_stem(r, rules)}.npy"
        if not path.exists():
            raise InvalidStrategyError(f"no numerical equilibrium of rule set {rules.name!r} at commission "
                                       f"{float(r * 100):g}% is shipped to start from: solve the game first "
                                       f"(paigow.solve(..., exact=True), or solve_exact(start=...))",
                                       code="strategy.file")
        data = np.load(path)
        return data[0], data[1]
    if isinstance(start, equilibria.Equilibrium):
        return np.asarray(start.player, dtype=np.float64), np.asarray(start.banker, dtype=np.float64)
    a = np.asarray(start, dtype=np.float64)
    ty = hand_types(rules)
    if a.shape != (2, ty.n, 3):
        raise InvalidOptionError(f"start must be an Equilibrium or a (2, {ty.n}, 3) array", code="solve.start")
    return a[0], a[1]


# ---------------------------------------------------------------------------------------------
# files

def exact_stem(commission: "RateLike | bool" = 0, rules: RulesLike = None) -> str:
    """The file name (without extension) of an exact solution of the game of ``rules`` (Macau's
    by default) at ``commission`` (``True``: the rule set's rate): the numerical one's with
    ``-exact``.

    >>> exact_stem(0), exact_stem("5%"), exact_stem("4%")
    ('equilibrium-exact', 'equilibrium-paid-exact', 'equilibrium-paid-4pct-exact')
    >>> exact_stem(0, "us"), exact_stem(True, "us")
    ('us-equilibrium-exact', 'us-equilibrium-paid-exact')
    """
    rs = clean_rules(rules)
    return equilibria.file_stem(commission_of(rs, commission), rs) + "-exact"


def _exact_rates(rules: RuleSet) -> tuple[Fraction, ...]:
    """The commission rates (0 among them) at which the exact equilibrium of the game of
    ``rules`` is shipped: those of its catalogued solutions with an ``-exact`` file beside."""
    return tuple(s.commission for s in equilibria.solutions(rules) if (DATA_DIR / f"{s.name}-exact.npy").exists())


def save_exact(eq: ExactEquilibrium, directory: "str | pathlib.Path | None" = None) -> pathlib.Path:
    """Write ``eq`` as ``<stem>.npy`` (the (2, n, 3) float64 tables) and ``<stem>.json`` (the
    fractions, values, gains and the mixed hands) in ``directory`` (default: the current one)."""
    if not isinstance(eq, ExactEquilibrium):
        raise TypeError(f"save_exact() takes an ExactEquilibrium, not {eq!r}")
    d = pathlib.Path(directory) if directory is not None else pathlib.Path.cwd()
    d.mkdir(parents=True, exist_ok=True)
    stem = exact_stem(eq.commission, eq.rule_set)
    np.save(d / f"{stem}.npy", eq.arrays())
    (d / f"{stem}.json").write_text(json.dumps(eq.info(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    _load.cache_clear()
    return d


def _strategies_from(arrays: npt.NDArray[np.float64], info: Mapping[str, Any],
                     rules: RuleSet) -> tuple[ExactStrategy, ExactStrategy]:
    out = []
    for s, seat in enumerate(SEATS):
        given = {}
        for entry in info["mixed"][seat]:
            row = [Fraction(0)] * 3
            for st in entry["settings"]:
                row[int(st["setting"])] = Fraction(st["p"])
            given[int(entry["type"])] = row
        out.append(ExactStrategy.from_array(arrays[s], given, rules=rules))
    return out[0], out[1]


def load_exact(path: "str | pathlib.Path", verify: bool = True, threads: int = 1,
               rules: RulesLike = None) -> ExactEquilibrium:
    """An :class:`ExactEquilibrium` from a ``.npy`` file :func:`save_exact` wrote and the
    ``.json`` beside it: the rows of the table must be 0/1 except the mixed types, whose float
    rows must be the fractions of the JSON to the nearest double. The game is the rule set the
    JSON names (``rules`` for one not known by name). With ``verify`` (the default) the pair is
    proven afresh; else the JSON's values and gains are taken as they are."""
    p = pathlib.Path(path)
    try:
        arrays = np.load(p, allow_pickle=False)
        info = json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InvalidStrategyError(f"cannot read an exact equilibrium from {str(p)!r}: {e}",
                                   code="strategy.file") from None
    rs = clean_rules(rules if rules is not None else info.get("rules", MACAU.name))
    ty = hand_types(rs)
    if arrays.shape != (2, ty.n, 3) or arrays.dtype != np.float64:
        raise InvalidStrategyError(f"{str(p)!r} is not an equilibrium file: shape {arrays.shape}",
                                   code="strategy.file")
    player, banker = _strategies_from(arrays, info, rs)
    r = Fraction(info["commission"])
    if verify:
        proof = prove(player, banker, r, rs, threads)
    else:
        proof = Proof(r, Fraction(info["value"]["player"]), Fraction(info["value"]["banker"]),
                      Fraction(info["gains"]["player"]), Fraction(info["gains"]["banker"]), (),
                      dict(info.get("ties", {})), {k: Fraction(v) for k, v in info.get("margin", {}).items()}, 0.0)
    return ExactEquilibrium(player, banker, r, proof, rs.name, dict(info.get("solve", {})))


@functools.lru_cache(maxsize=8)
def _load(stem: str, verify: bool) -> ExactEquilibrium:
    path = DATA_DIR / f"{stem}.npy"
    if not path.exists():
        raise InvalidStrategyError(f"no exact equilibrium shipped as {stem!r}: run 'paigow solve --exact'",
                                   code="strategy.file")
    return load_exact(path, verify=verify)


def shipped_exact(commission: "RateLike | bool" = 0, verify: bool = False, rules: RulesLike = None) -> ExactEquilibrium:
    """The shipped exact equilibrium of the game of ``rules`` (Macau's by default) at
    ``commission`` (Macau's: 0, 5% or 4%; the US game's: 0 or 5%; ``True``: the rule set's
    rate); ``verify`` proves it afresh (about a second or two) instead of reading its values and
    gains from the file."""
    return _load(exact_stem(commission, rules), verify)

