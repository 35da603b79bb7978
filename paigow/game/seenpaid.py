"""The game left as paid: the equilibrium of the setting game on the unseen tiles (see
:mod:`paigow.game.seen`) when a win pays ``1 - rate`` and a loss costs 1, each seat at its own
rate: the player's the rate asked, the banker's the same where the bank's wins pay it too
(``rules.bank_commission``: Macau, the US game) and 0 where they do not (the home game, whose
commission is a door's only: docs/rules.md Part 4).

With the commission the game is general-sum (as the whole
game's :func:`paigow.game.solver.solve` with a commission): a seat's payoff for a hand is
``(1 - its rate) * [both its hands win] - [both lose]``, and ``[both win]`` is a product of the two
comparisons, so the values of the zero-commission game left (a sum of 1-D cumulative masses by
rank) do not give it. The compiled step (``_core.left_paid_counts``) counts each type setting's
wins and losses apart over the opposing hands beside one of its hands: the 1-D masses of the game
left's rank multiset tables, and the joint mass (front below AND back below) of each table by a
sweep of its deposits and queries sorted once by front with a Fenwick tree over the backs. Each
side regrets its own payoff (predictive discounted CFR, :data:`PAID_DISCOUNT`,
``_core.left_paid_cfr``) over the undominated settings, started from the whole game's shipped
equilibrium at the rate (else the zero-commission one) on the types left, until each side's
best-response gain over every type, per hand, is at most :data:`paigow.game.seen.TOLERANCE`
(12 unseen tiles: median about 36 ms of CPU; four seen: 0.2-0.5 s; docs/advice.md). Solved games
are kept per (setting game, unseen tiles of each rank, rate, the banker's rate). :func:`prove` proves an exact
equilibrium near a kept pair in fractions (:mod:`paigow.game.seenpaidexact`).

>>> g = game_left_paid(range(20), rate=Fraction(1, 20))     # 12 tiles left, 5% of every win
>>> g.unseen, g.certificate.gain <= 1e-6
(12, True)
>>> prove(g).exact                                          # both gains exactly 0, in fractions
True
"""

from __future__ import annotations

import dataclasses
import math
import threading
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.game.equilibria import CATALOGUE, default_name, file_stem, shipped_types, solution
from paigow.game.handtypes import SettingGame, hand_types, same_game, setting_game
from paigow.game.seenpaidexact import PaidProof, Rows, check, exact_pair, support_pair
from paigow.game.seen import (KEPT_GAMES, SOLVED_TYPES, TOLERANCE, GameLeft, clean_seen, on_forget,
                              rank_counts, solved)
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of

__all__ = ["PaidLeft", "PaidCertificate", "PaidProof", "game_left_paid", "kept", "name_rate", "left_name",
           "bank_rate", "paid_start", "prove",
           "forget", "on_drop", "SCALE", "PAID_DISCOUNT", "game_at", "check", "PROOF_SUPPORT"]

PROOF_SUPPORT = (1e-2, 1e-3, 1e-4)
"""The probabilities above which a setting of the kept pair is taken as played when
:func:`prove` solves the indifference conditions of its support, tried in turn."""

PAID_DISCOUNT = (1.5, 0.5, 3.0)
"""The solver's (alpha, beta, gamma) of discounted CFR on the game left as paid
(:data:`paigow.game.seen.DISCOUNT` with negative regrets discounted by t^0.5 / (t^0.5 + 1)
rather than halved): with :data:`CHECK_SMALL`, 60 random 12-unseen sets solved in a median of
41-43 -> 35-38 ms and at most 239-265 -> 194-204 ms of CPU, four runs each (docs/advice.md)."""

SMALL_TYPES, CHECK_SMALL = 500, 20
"""A game left of at most ``SMALL_TYPES`` types (12 unseen tiles: 120-495) has its certificate
checked every ``CHECK_SMALL`` iterations, a larger one every 10: on a small game a check (both
sides' counts and the gains, in Python) costs more than an iteration, on a large one (4-8 seen,
converged in 30-60 iterations) the iterations past the tolerance cost more than the checks saved."""

SCALE = 1728
"""The common multiple of the unseen tile sets of every rank multiset of at most three tiles
(products of C(c, k), c <= 4, k <= 3: 2^6 * 3^3): the step's weights times it are whole numbers,
so its counts against 0/1 strategies are exact."""


@dataclasses.dataclass(frozen=True)
class PaidCertificate:
    """Each side's exact best-response gain over every type against the other's strategy, and
    each side's expected result (its wins counted ``1 - rate`` at its own rate), per hand (per pairing)."""

    player_gain: float
    banker_gain: float
    player_value: float
    banker_value: float
    iterations: int

    @property
    def gain(self) -> float:
        """The larger of the two gains: the pair is an ε-equilibrium for this ε."""
        return max(self.player_gain, self.banker_gain)


class PaidLeft(GameLeft):
    """The game left of ``rank_counts`` under ``rules`` with a player's win paid ``1 - rate`` (a
    rate above 0) and a banker's ``1 - bank_rate`` (:func:`bank_rate`: ``rate``, or 0 where the
    bank's wins pay no commission): :class:`paigow.game.seen.GameLeft`'s types, counts and per-hand reading
    (``hand_counts``, ``hand_table``, ``hand_lists``: wins, pushes and losses against the other
    seat's kept strategy), solved as paid by :meth:`solve_paid`; its ``certificate`` is a
    :class:`PaidCertificate`."""

    def __init__(self, rank_counts: tuple[int, ...], rules: RuleSet, rate: Fraction) -> None:
        super().__init__(rank_counts, rules)
        self.rate = Fraction(rate)
        self.bank_rate = bank_rate(rules, self.rate)
        self.win, self.win_b = float(1 - self.rate), float(1 - self.bank_rate)
        self.paid_certificate = PaidCertificate(math.nan, math.nan, math.nan, math.nan, 0)
        self.exact: tuple[Rows, Rows] | None = None   # the kept pair in fractions, once prove() found it
        k = self._kernel
        scaled = k.dep * SCALE
        dep = np.rint(scaled)
        if np.abs(scaled - dep).max(initial=0.0) > 1e-6:
            raise ArithmeticError("the step's weights are not whole numbers of 1/SCALE")
        n = len(self.types)
        self.play = hand_types(rules).undominated[self.types] & self.valid   # what the solver plays
        self.kdata = _PaidData(k, dep, n, self.valid, self.play, rules)
        self._c = np.empty((n, 3, 2))
        self._q = np.empty((n, 3))

    # -- counts --------------------------------------------------------------------------------
    def counts(self, sigma: npt.NDArray[np.float64], banker_side: bool, full: bool = True) -> npt.NDArray[np.float64]:
        """(n, 3, 2): (wins, losses) of each type setting of one side (the banker's when
        ``banker_side``) against the other side's type strategy ``sigma``, in opposing hands (a
        new array; whole numbers exactly against 0/1 strategies; a row's settings beyond its
        ``m`` are not counted). Not ``full``: the settings of ``play`` only, against a ``sigma``
        on them (the solver's step: a dominated setting is never better than the one dominating
        it, so the best responses are those over every setting)."""
        d = self.kdata
        qa, qc, ev_ptr, ev_idx, ev_pos, ev_w = d.side(banker_side, full)
        out = np.empty((len(self.types), 3, 2))
        _core.left_paid_counts(np.ascontiguousarray(sigma, dtype=np.float64), d.cf, d.cb, qa, qc, d.nf, d.nb, d.ptr,
                               d.tab, d.dep, d.use, d.n_tables, ev_ptr, ev_idx, ev_pos, ev_w, float(SCALE), d.work, out)
        out /= SCALE
        return out

    def payoffs(self, sigma: npt.NDArray[np.float64], banker_side: bool, full: bool = True) -> npt.NDArray[np.float64]:
        """(n, 3): each type setting's payoff ``(1 - rate) * wins - losses`` in opposing hands,
        at the side's own rate (the banker's :attr:`bank_rate`)."""
        c = self.counts(sigma, banker_side, full)
        out: npt.NDArray[np.float64] = c[:, :, 0] * (self.win_b if banker_side else self.win) - c[:, :, 1]
        return out

    # -- solving and certifying ----------------------------------------------------------------
    def certify_pair(self, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], iterations: int = 0,
                     full: bool = True) -> PaidCertificate:
        """Each side's best-response gain and value per hand for the pair (``x``, ``y``), over
        every setting (not ``full``: over ``play``, for a pair on it, which is the same)."""
        mask = self.valid if full else self.play
        gp, vp = self._gain(x, self.payoffs(y, False, full), mask)
        gb, vb = self._gain(y, self.payoffs(x, True, full), mask)
        return PaidCertificate(gp, gb, vp, vb, iterations)

    def _gain(self, sigma: npt.NDArray[np.float64], q: npt.NDArray[np.float64],
              mask: npt.NDArray[np.bool_]) -> tuple[float, float]:
        best = np.where(mask, q, -np.inf).max(axis=1)
        played = (sigma * np.where(mask, q, 0.0)).sum(axis=1)
        return float((self.cnt * (best - played)).sum() / self.pairings), float((self.cnt * played).sum() / self.pairings)

    def solve_paid(self, tol: float = TOLERANCE, max_iterations: int = 100000, check_every: int | None = None,
                   start: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None = None,
                   purify: float = 1e-4, discount: tuple[float, float, float] = PAID_DISCOUNT) -> "PaidLeft":
        """Solve the game left as paid: each side regrets its own payoff (predictive discounted
        CFR, :data:`PAID_DISCOUNT`, alternating updates, the average weighted by t^3; the
        certificate checked every ``check_every`` iterations, by default by the game's size:
        :data:`SMALL_TYPES`), from ``start`` (two (n, 3) type strategies: checked first, kept
        when they meet ``tol``) or uniform, until both sides'
        best-response gains per hand are at most ``tol``. Probabilities below ``purify`` are
        then dropped when that keeps the pair within ``tol``. Only the undominated settings are
        played (``play``: a setting whose front and back another matches or beats can be dropped
        without losing an equilibrium, with or without the commission)."""
        valid = self.play
        every = check_every or (CHECK_SMALL if len(self.types) <= SMALL_TYPES else 10)
        x, y = _norm(self.player, valid), _norm(self.banker, valid)
        if start is not None:
            x, y = _norm(start[0], valid), _norm(start[1], valid)
        cert = self.certify_pair(x, y, 0, full=False)
        rp, rb, sp, sb = (np.zeros_like(x) for _ in range(4))
        d, it, self.exact = self.kdata, 0, None
        while it < max_iterations and cert.gain > tol:
            steps = min(every, max_iterations - it)
            _core.left_paid_cfr(x, y, rp, rb, sp, sb, d.play, it, steps, self.win, self.win_b, d.cf, d.cb, *d.side(False),
                                *d.side(True), d.nf, d.nb, d.ptr, d.tab, d.dep, d.use, d.n_tables, float(SCALE),
                                d.work, self._c, self._q, *discount)
            it += steps
            cert = self.certify_pair(_norm(sp, valid), _norm(sb, valid), it, full=False)
        if it:
            x, y = _norm(sp, valid), _norm(sb, valid)
        if purify > 0:
            px, py = _norm(np.where(x < purify, 0.0, x), valid), _norm(np.where(y < purify, 0.0, y), valid)
            cp = self.certify_pair(px, py, it, full=False)
            if cp.gain <= max(tol, cert.gain):
                x, y, cert = px, py, cp
        self.player, self.banker = x, y
        self.paid_certificate = cert
        self._hand_counts.clear()
        self._lists.clear()
        return self

    def solve(self, *args: Any, **kwargs: Any) -> "PaidLeft":
        """:meth:`solve_paid` (the zero-commission solver does not apply to the game as paid)."""
        return self.solve_paid(*args, **kwargs)

    def certify(self) -> PaidCertificate:  # type: ignore[override]
        """Both sides' best-response gains against the kept pair, afresh."""
        return self.certify_pair(self.player, self.banker, self.paid_certificate.iterations)

    @property  # type: ignore[override]
    def certificate(self) -> PaidCertificate:
        return self.paid_certificate

    @certificate.setter
    def certificate(self, value: Any) -> None:  # GameLeft's own (zero-commission) certificate: not this game's
        pass


_Side = tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32],
              npt.NDArray[np.int32], npt.NDArray[np.float64]]
"""(qa, qc, ev_ptr, ev_idx, ev_pos, ev_w): a side's thresholds and sorted events."""


class _PaidData:
    """The paid step's arrays: the zero-commission kernel's tables (``dep`` scaled by
    :data:`SCALE`), each entry's row, and each side's thresholds and sorted events."""

    def __init__(self, k: Any, dep: npt.NDArray[np.float64], n: int, valid: npt.NDArray[np.bool_],
                 play: npt.NDArray[np.bool_], rules: RuleSet) -> None:
        self.cf, self.cb, self.nf, self.nb = k.cf, k.cb, k.nf, k.nb
        self.ptr, self.tab, self.use, self.n_tables = k.ptr, k.tab, k.use, k.n_tables
        self.dep = np.ascontiguousarray(dep)
        self.valid, self.play = valid, np.ascontiguousarray(play, dtype=np.int8)
        self.erow = np.repeat(np.arange(n, dtype=np.int32), np.diff(k.ptr)).astype(np.int32)
        self.work = np.empty(_core.left_paid_size(k.n_tables, k.nf, k.nb))
        self.kernel, self.n, self.rules = k, n, rules
        self.sides = [self._events(k, n, banker_side, rules, play) for banker_side in (False, True)]
        self.full: list[_Side] = []   # every setting's events, made when first asked

    def side(self, banker_side: bool, full: bool = False) -> _Side:
        if not full:
            return self.sides[banker_side]
        if not self.full:
            self.full = [self._events(self.kernel, self.n, b, self.rules, self.valid) for b in (False, True)]
        return self.full[banker_side]

    def _events(self, k: Any, n: int, banker_side: bool, rules: RuleSet, mask: npt.NDArray[np.bool_]) -> _Side:
        """(qa, qc, ev_ptr, ev_idx, ev_pos, ev_w) of one side: each table's deposits (the entries'
        rows' settings ``mask`` marks, keyed by front) and queries (the same, keyed by the
        threshold: a row's other settings are neither deposited nor asked, and their counts are
        not read), sorted by table, key, and queries before deposits at one key (a deposit counts
        when below it)."""
        qa = np.empty((n, 3), dtype=np.int32)
        qc = np.empty((n, 3), dtype=np.int32)
        _core.left_thresholds(k.tset_f, k.tset_b, k.fmap, k.bmap, banker_side, rules.core, qa, qc)
        e = np.arange(len(self.erow))
        rows = self.erow.astype(np.intp)
        tabs = self.tab.astype(np.int64)
        parts = []
        for t in range(3):
            played = mask[rows, t].astype(bool)
            parts.append((tabs[played], self.cf[rows[played], t].astype(np.int64), np.ones(played.sum(), np.int64),
                          3 * e[played] + t))
            parts.append((tabs[played], qa[rows[played], t].astype(np.int64), np.zeros(played.sum(), np.int64),
                          -(3 * e[played] + t) - 1))
        tab_all, key, kind, code = (np.concatenate([p[i] for p in parts]) for i in range(4))
        order = np.lexsort((kind, key, tab_all))
        code = code[order]
        dep = code >= 0
        z = np.where(dep, code, -code - 1)
        entry, col = z // 3, z % 3
        rows_e = rows[entry]
        ev_idx = np.where(dep, 3 * rows_e + col, -(3 * rows_e + col) - 1).astype(np.int32)
        ev_pos = np.where(dep, self.cb[rows_e, col].astype(np.int64) + 1, qc[rows_e, col]).astype(np.int32)
        ev_w = np.where(dep, self.dep[entry], self.use[entry]).astype(np.float64)
        ev_ptr = np.concatenate([[0], np.cumsum(np.bincount(tab_all, minlength=self.n_tables))]).astype(np.int32)
        return qa, qc, ev_ptr, ev_idx, ev_pos, ev_w


def _norm(a: npt.NDArray[np.float64], valid: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """Each row's entries on its settings, normalised (uniform on its settings when none)."""
    a = np.where(valid, np.maximum(a, 0.0), 0.0)
    s = a.sum(axis=1, keepdims=True)
    uniform = np.where(valid, 1.0, 0.0) / valid.sum(axis=1, keepdims=True)
    return np.where(s > 0, a / np.where(s > 0, s, 1.0), uniform)


# ---------------------------------------------------------------------------------------------
# solved on demand, kept

_PAID: dict[tuple[SettingGame, tuple[int, ...], Fraction, Fraction], PaidLeft] = {}
_LOCK = threading.Lock()
_DROP_HOOKS: list[Any] = []


def on_drop(hook: Any) -> None:
    """Have :func:`kept` call ``hook`` when it drops a kept game for a new one (and :func:`forget`
    when it drops them all): for what a layer above keeps of the kept games (:func:`paigow.advise`'s
    seen sets, each with its game)."""
    with _LOCK:
        if hook not in _DROP_HOOKS:
            _DROP_HOOKS.append(hook)


def forget() -> None:
    """Drop every kept game left as paid (:func:`paigow.game.seen.forget` drops them too)."""
    with _LOCK:
        _PAID.clear()
        hooks = list(_DROP_HOOKS)
    for hook in hooks:
        hook()


on_forget(forget)


def paid_start(game: GameLeft, rules: RuleSet, rate: Fraction) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """The whole game's shipped equilibrium at ``rate`` (else the zero-commission one) on the
    types left: the solver's first iterate (None when none is shipped for the rules' game)."""
    for r in (rate, Fraction(0)):
        found = solution(rules, r)   # by the game, whatever the rule set's name
        try:
            whole = shipped_types(found.name if found is not None else file_stem(r, rules))
        except InvalidStrategyError:
            continue
        return whole[0][game.types], whole[1][game.types]
    return None


def kept(counts: tuple[int, ...], rules: RuleSet, rate: Fraction) -> PaidLeft:
    """The game left of the unseen tiles of each rank ``counts`` as paid at ``rate`` (above 0),
    solved and certified on first use and kept (at most :data:`paigow.game.seen.KEPT_GAMES`); the
    banker's wins pay :func:`bank_rate`."""
    key = (setting_game(rules), counts, Fraction(rate), bank_rate(rules, Fraction(rate)))
    got = _PAID.get(key)
    if got is not None:
        return got
    if not 0 < rate < 1:
        raise InvalidOptionError(f"the game left as paid takes a rate above 0 and below 1, not {rate}",
                                 code="commission.range")
    if sum(counts) < 8:
        raise InvalidOptionError("the game left needs eight unseen tiles: two hands", code="seen.size")
    n = int((hand_types(rules).counts <= np.array(counts, dtype=np.uint8)[None, :]).all(axis=1).sum())
    if n > SOLVED_TYPES:
        raise InvalidOptionError(
            f"the equilibrium of the game left of {sum(counts)} unseen tiles ({n} hand types) is not solved here "
            f"(up to {SOLVED_TYPES} types); advise against a fixed strategy", code="seen.large")
    made = PaidLeft(counts, rules, Fraction(rate))
    made.solve_paid(start=paid_start(made, rules, made.rate))
    with _LOCK:
        hooks = list(_DROP_HOOKS) if len(_PAID) >= KEPT_GAMES else []
        while len(_PAID) >= KEPT_GAMES:  # the oldest first
            del _PAID[next(iter(_PAID))]
        got = _PAID.setdefault(key, made)
    for hook in hooks:
        hook()
    return got


def game_at(counts: tuple[int, ...], rules: RuleSet, rate: Fraction) -> GameLeft:
    """The kept game left of ``counts`` at ``rate``: :func:`paigow.game.seen.solved` without a
    commission, :func:`kept` with one."""
    return kept(counts, rules, rate) if rate else solved(counts, rules)


def game_left_paid(seen: Any, rules: RulesLike = None, rate: Any = True) -> PaidLeft:
    """The game left when ``seen`` (tiles in any form :func:`paigow.game.seen.clean_seen`
    takes) are seen by both seats, as paid at ``rate`` (True: the rule set's; a rate as
    :func:`paigow.rules.commission_of` takes it), solved and kept."""
    g = clean_rules(rules)
    return kept(rank_counts(clean_seen(seen)), g, commission_of(g, rate))


def bank_rate(rules: RuleSet, rate: Fraction) -> Fraction:
    """The rate the banker's wins pay when a player's pay ``rate``: the same where the bank's net
    win pays the commission (``rules.bank_commission``: Macau, the US game), else 0 (the home
    game's commission is taken from a door's win only).

    >>> from paigow.rules import HOME, MACAU
    >>> bank_rate(MACAU, Fraction(1, 20)), bank_rate(HOME, Fraction(1, 25))
    (Fraction(1, 20), Fraction(0, 1))
    """
    return Fraction(rate) if rules.bank_commission else Fraction(0)


def left_name(rules: RuleSet, rate: Fraction) -> str:
    """The name of the game left played at ``rate`` when no equilibrium is named (what advice
    with seen tiles reports as ``against``): the shipped equilibrium's name of that rate and rule
    set's game where one is shipped and its game is the one played (no commission, or the bank
    paying it too), else the game's zero-commission name with the rate's file stem after it
    (:func:`paigow.game.equilibria.file_stem`: ``"equilibrium-paid-3pct"``,
    ``"home-equilibrium-paid-4pct"``), and ``"-doors"`` after that where the bank's wins pay no
    commission. Without a commission and nothing shipped for the game: InvalidStrategyError (code
    ``strategy.rules``), as before.

    >>> from paigow.rules import HOME, MACAU
    >>> left_name(MACAU, Fraction(1, 20)), left_name(MACAU, Fraction(3, 100))
    ('equilibrium-paid', 'equilibrium-paid-3pct')
    >>> left_name(HOME, Fraction(0)), left_name(HOME.replace(name="h4", commission="4%"), Fraction(1, 25))
    ('home-equilibrium', 'home-equilibrium-paid-4pct-doors')
    """
    if not rate:
        return default_name(rules, Fraction(0))
    found = solution(rules, rate) if rules.bank_commission else None
    if found is not None:
        return found.name
    zero = solution(rules, Fraction(0))   # the game's name, whatever the rule set's
    prefix = (zero.name if zero is not None else file_stem(0, rules))[:-len("equilibrium")]
    return prefix + file_stem(rate, MACAU) + ("" if rules.bank_commission else "-doors")


def name_rate(*names: Any, rules: RuleSet | None = None) -> Fraction:
    """The commission of the shipped equilibria named among ``names`` (0 when none is named): with
    seen tiles a name picks the game left the other side plays (``"equilibrium-paid"``: as paid at
    5%, whatever commission the advised hand is paid at). Two names of different rates are refused
    (InvalidOptionError, code ``seen.mixed``); with ``rules``, a name of another rule set's game
    too (InvalidStrategyError, code ``strategy.rules``, as the advice without seen tiles).

    >>> name_rate("equilibrium-paid-4pct"), name_rate(None, "equilibrium")
    (Fraction(1, 25), Fraction(0, 1))
    """
    named = [s for s in CATALOGUE for x in names if isinstance(x, str) and x == s.name]
    other = [s for s in named if rules is not None and not same_game(s.rules, rules)]
    if other and rules is not None:
        raise InvalidStrategyError(f"the strategy {other[0].name!r} solves the game of rule set {other[0].rules.name!r}, "
                                   f"not that of rule set {rules.name!r}", code="strategy.rules")
    rates = {s.commission for s in named}
    if len(rates) > 1:
        raise InvalidOptionError("with seen tiles, two equilibria by name play one game left: name two of one "
                                 "commission", code="seen.mixed")
    return rates.pop() if rates else Fraction(0)


TIGHT = 1e-9
"""The gain per hand the game is solved to again, from the kept pair, when the kept pair (1e-6)
does not settle the support for :func:`prove`."""


def prove(game: PaidLeft, exact: bool = True, tight: float = TIGHT) -> PaidProof:
    """Both sides' best-response gains against the kept pair, in fractions. With ``exact`` an
    exact pair near it is sought first: the indifference conditions of its support solved in
    fractions (:func:`paigow.game.seenpaidexact.support_pair`, at each :data:`PROOF_SUPPORT`),
    then the same near the pair of the game solved again to ``tight`` from it, then complementary
    pivoting from the kept pair (:func:`paigow.game.seenpaidexact.exact_pair`); when both gains of
    one are exactly 0 (a proof) it is kept as ``game.exact`` and checked. Else the kept floats
    are checked as the binary fractions they are (gains at most the tolerance)."""
    if exact and game.exact is None:
        for find in _candidates(game, tight):
            try:
                got = find()
            except (ArithmeticError, np.linalg.LinAlgError):
                got = None
            proof = None if got is None else check(game, *got)
            if proof is not None and proof.exact:
                game.exact = got
                return proof
    return check(game, *game.exact) if game.exact is not None else check(game)


def _candidates(game: PaidLeft, tight: float) -> Any:
    """The ways :func:`prove` tries, cheapest first, each a function giving a pair or None."""
    for eps in PROOF_SUPPORT:
        yield lambda eps=eps: support_pair(game, game.player, game.banker, eps)
    finer: list[PaidLeft] = []

    def near_finer(eps: float) -> tuple[Rows, Rows] | None:
        if not finer:
            finer.append(PaidLeft(game.rank_counts, game.rules, game.rate).solve_paid(
                tol=tight, start=(game.player, game.banker), purify=0))
        return support_pair(game, finer[0].player, finer[0].banker, eps)

    if tight < game.certificate.gain:
        for eps in PROOF_SUPPORT:
            yield lambda eps=eps: near_finer(eps)
    yield lambda: exact_pair(game, game.player, game.banker)
