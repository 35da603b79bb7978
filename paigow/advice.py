"""Hand-setting advice: the exact values of the three settings of a hand against a strategy.

The value of a setting (``docs/rules.md``, Art. 6) is its expected result over the 20,475 hands
the other side can hold from the 28 unseen tiles, that side setting by a declared strategy: a win
counts +1 (1 - rate with commission), a push 0, a loss -1 (the setting game: :mod:`paigow.game.values`).

Against one strategy, the counts of every setting of every hand are one table, computed once in
the core per (strategy, seat, rule set's game) and kept on the :class:`~paigow.Strategy`;
:func:`advise` and :func:`advise_batch` look hands up in it. The counts are exact integers
(expected counts against a mixed strategy are exact in units of 2**-47); the enumeration of the
20,475 hands stays as the reference path in the tests. Left unsaid, the strategy is the shipped
equilibrium of the game at the commission asked (:mod:`paigow.game.equilibria`).

>>> a = advise("天 地 杂九 至尊", against="max-back")
>>> a.best, str(a.best_setting)
(1, '1-1 2-4 | 6-6 4-5')
>>> [int(o.wins) + int(o.pushes) + int(o.losses) for o in a.options]
[20475, 20475, 20475]
"""

from __future__ import annotations

import dataclasses
import functools
import math
import threading
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import _core
from paigow.game.handtypes import all_hands, setting_game
from paigow.game.handtypes import hand_types as _types  # noqa: F401  (the names older callers read here)
from paigow.game.handtypes import to_hands as _to_hands  # noqa: F401
from paigow.game.handtypes import type_weights as _weights  # noqa: F401
from paigow.batch import as_index_array, raise_bad_row
from paigow.commission import RateLike
from paigow.game.equilibria import DATA_DIR as DATA_DIR
from paigow.game.equilibria import CATALOGUE, clean_strategy, default_name
from paigow.game.equilibria import equilibrium_info as equilibrium_info
from paigow.game.equilibria import strategy as strategy
from paigow.errors import InvalidRecordError, InvalidStrategyError, TileCopiesError
from paigow.game.values import COUNT_UNIT, OPPONENT_HANDS, SHIPPED_NAMES
from paigow.houseway import HOUSE_WAYS, HouseWay, house_way, is_house_way
from paigow.game.values import PAIRINGS as PAIRINGS
from paigow.game.values import GameValue as GameValue
from paigow.game.values import exploitability as exploitability
from paigow.game.values import game_value as game_value
from paigow.rules import MACAU, RuleSet, RulesLike, clean_rules, commission_of
from paigow.setting import Setting, settings_of
from paigow.strategies import NAMED, Strategy, StrategyLike, check_seat, on_forget
from paigow.tiles import DECK, Tile, TileLike, deck_indices, parse_tiles, tiles4

__all__ = [
    "SettingValue", "Advice", "BatchAdvice", "advise", "advise_batch", "best_settings", "best_setting",
    "setting_lookup", "prepare",
    # the setting game's and the catalogue's, importable from here as before
    "GameValue", "strategy", "game_value", "exploitability", "equilibrium_info", "OPPONENT_HANDS", "PAIRINGS",
]

_OTHER = {"player": "banker", "banker": "player"}


# ---------------------------------------------------------------------------------------------
# advice for one hand

@dataclasses.dataclass(frozen=True)
class SettingValue:
    """One setting's exact record against the 20,475 opposing hands (expected counts when the
    other side mixes), and its value per hand."""

    setting: Setting
    wins: float
    pushes: float
    losses: float
    value: float
    probability: float | None = None  # against a shipped equilibrium: this seat's weight on the setting in it


@dataclasses.dataclass(frozen=True)
class Advice:
    """The three settings of a hand, valued for one seat against a strategy; ``best`` indexes
    ``options`` (the first of equal best values). ``against`` names the strategy (``"table"``
    for a caller's) and ``digest`` tells two caller tables apart; ``commission`` is whether a
    commission was taken and ``rate`` its rate; ``rules`` names the rule set whose game it is;
    ``seen`` the tiles both seats saw (none: the other side's hands are the 20,475 of the 28
    unseen tiles) and ``opponent_hands`` how many hands the other side could hold."""

    tiles: tuple[Any, ...]
    seat: str
    against: str
    commission: bool
    options: tuple[SettingValue, SettingValue, SettingValue]
    best: int
    rate: Fraction = Fraction(0)
    digest: str = ""
    rules: str = MACAU.name
    seen: tuple[Any, ...] = ()
    opponent_hands: int = OPPONENT_HANDS

    @property
    def best_setting(self) -> Setting:
        return self.options[self.best].setting

    @property
    def mixed(self) -> bool:
        """True when this seat's equilibrium mixes this hand's settings."""
        return sum(1 for o in self.options if o.probability) > 1

    # -- JSON (``paigow advise --json`` and services) ----------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The advice in JSON: the tiles, seat, strategy, commission and rule set, and each setting (as
        :meth:`Setting.to_json`) with its counts, value and equilibrium weight.

        >>> a = advise("天 地 杂九 至尊", against="max-back")
        >>> d = a.to_json()
        >>> d["best"], d["settings"][d["best"]]["back"]["name_zh"], Advice.from_json(d) == a
        (1, '天九王', True)
        """
        return {
            "tiles": [t.to_json() for t in self.tiles],
            "seat": self.seat,
            "against": self.against,
            "digest": self.digest,
            "commission": self.commission,
            "rate": str(self.rate),
            "rules": self.rules,
            "opponent_hands": self.opponent_hands,
            **({"seen": [t.to_json() for t in self.seen]} if self.seen else {}),
            "best": self.best,
            "mixed": self.mixed,
            "settings": [
                {**o.setting.to_json(), "wins": o.wins, "pushes": o.pushes, "losses": o.losses, "value": o.value,
                 "equilibrium_probability": o.probability}
                for o in self.options
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> "Advice":
        """Read :meth:`to_json`'s form back (:class:`~paigow.errors.InvalidRecordError`, code
        ``advice.json``, for anything else; advice written before rule sets had names is Macau's)."""
        try:
            options = tuple(
                SettingValue(Setting.from_json({"front": o["front"], "back": o["back"]}), float(o["wins"]),
                             float(o["pushes"]), float(o["losses"]), float(o["value"]),
                             None if o["equilibrium_probability"] is None else float(o["equilibrium_probability"]))
                for o in data["settings"])
            tiles = tuple(Tile.from_json(t) for t in data["tiles"])
            advice = cls(tiles, str(data["seat"]), str(data["against"]), bool(data["commission"]),
                         options, int(data["best"]), Fraction(data["rate"]), str(data["digest"]),  # type: ignore[arg-type]
                         str(data.get("rules", MACAU.name)),
                         tuple(Tile.from_json(t) for t in data.get("seen", ())),
                         int(data.get("opponent_hands", OPPONENT_HANDS)))
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
            raise InvalidRecordError(f"not advice as Advice.to_json writes it: {type(e).__name__} {e}"[:300],
                                     code="advice.json") from None
        if len(options) != 3 or not 0 <= advice.best < 3:
            raise InvalidRecordError("advice has three settings and 'best' is 0, 1 or 2", code="advice.json")
        return advice


def _setting_value(setting: Setting, wins: float, pushes: float, losses: float, value: float,
                   probability: float | None) -> SettingValue:
    """``SettingValue(...)`` for the hot path of :func:`advise`, without the per-field
    ``object.__setattr__`` of a frozen dataclass's ``__init__`` (its values are already checked;
    a test holds the two equal)."""
    o = _object_new(SettingValue)
    d = o.__dict__
    d["setting"] = setting
    d["wins"] = wins
    d["pushes"] = pushes
    d["losses"] = losses
    d["value"] = value
    d["probability"] = probability
    return o


def _advice(tiles: tuple[Any, ...], seat: str, against: str, commission: bool,
            options: tuple[SettingValue, SettingValue, SettingValue], best: int, rate: Fraction,
            digest: str, rules: str) -> Advice:
    """``Advice(...)`` for the hot path, as :func:`_setting_value`."""
    o = _object_new(Advice)
    d = o.__dict__
    d["tiles"] = tiles
    d["seat"] = seat
    d["against"] = against
    d["commission"] = commission
    d["options"] = options
    d["best"] = best
    d["rate"] = rate
    d["digest"] = digest
    d["rules"] = rules
    d["seen"] = ()
    d["opponent_hands"] = OPPONENT_HANDS
    return o


_object_new = object.__new__


def advise(
    tiles: "str | Iterable[TileLike]",
    seat: str = "player",
    against: "StrategyLike | None" = None,
    commission: "bool | RateLike" = False,
    rules: RulesLike = None,
    seen: Any = None,
) -> Advice:
    """Exact values of the three settings of four tiles for ``seat`` against the other side
    setting by ``against`` (a :class:`~paigow.Strategy`, a name such as "equilibrium" or
    "max-back", a (35960, 3) table or a strategy file; in the US game also a house way: "foxwoods",
    a :class:`~paigow.houseway.HouseWay` or a house-way file, refused under another rule set with
    code ``houseway.rules``), in the game of ``rules`` (a
    :class:`~paigow.rules.RuleSet` or its name; Macau's by default). Left out, ``against`` is the
    shipped equilibrium of the game at ``commission``: "equilibrium" without, "equilibrium-paid"
    at 5% (:func:`paigow.game.equilibria.default_against`); ``Advice.against`` names the one used. A
    rule set with no shipped equilibrium takes "max-back" or a table. Against any shipped
    equilibrium (Macau's or the US game's, with or without commission) each option's
    ``probability`` is the advised seat's weight on it in the same equilibrium (``Advice.mixed``
    when it mixes the hand); against anything else it is None.

    ``commission``: False (none), True (the rule set's rate: 5% for Macau,
    :data:`paigow.commission.COMMISSION`) or a rate (``"4%"``, ``Fraction(1, 25)``, ...): a win
    counts 1 - rate. The banker wins copies whichever seat is advised.

    ``seen``: tiles both seats saw (text, tiles or DECK indices; :mod:`paigow.game.seen`): the
    other side's hands are then enumerated over the tiles neither in the hand nor seen
    (``Advice.opponent_hands`` of them). Against a fixed strategy (a :class:`~paigow.Strategy`,
    a table, "max-back", a house way) its setting of each of those hands is used as is; against
    an equilibrium by name (or left out) the other side plays the equilibrium of the game left,
    both seats knowing the seen tiles (solved on first use and kept), at the name's commission
    ("equilibrium-paid": as paid at 5%, :mod:`paigow.game.seenpaid`; left out: at ``commission``),
    as without seen tiles; ``commission`` says how the advised hand's wins are paid.

    >>> a = advise("6-6 6-6 1-1 1-1", against="max-back")
    >>> a.options[a.best].setting.name_zh, round(a.options[a.best].value, 4)
    ('双地 | 双天', 0.9841)
    >>> a = advise("天 地 杂九 至尊", against="max-back", seen="人 人")
    >>> a.opponent_hands, [int(o.wins + o.pushes + o.losses) for o in a.options]
    (14950, [14950, 14950, 14950])
    """
    if seen:
        return _advise_seen(tiles, seat, against, commission, rules, seen)
    if isinstance(tiles, str):  # tiles first
        t, (a, b, c, d) = _parse4(tiles)
    else:
        t = parse_tiles(tiles, count=4)
        a, b, c, d = deck_indices(t)
    plan = _plan(seat, against, commission, rules)
    if plan.lookup is None:  # a caller's strategy whose side tables are not worth building yet
        return _advise_enumerated(t, (a, b, c, d), seat, plan)
    u0, u1, u2, v, best, own, row, (o0, o1, o2) = plan.lookup.advise(a, b, c, d)
    # against the equilibrium, this seat's own equilibrium weights, in the tiles' order
    p0, p1, p2 = (None, None, None) if own is None else own
    ss = _BY_ROW.get(row) or _sorted_settings(row)
    settings = (ss[o0], ss[o1], ss[o2])
    return _advice(t, seat, plan.name, plan.commission,
                   (_setting_value(settings[0], *u0, v[0], p0), _setting_value(settings[1], *u1, v[1], p1),
                    _setting_value(settings[2], *u2, v[2], p2)),
                   best, plan.rate, plan.digest, plan.rules_name)


@dataclasses.dataclass(frozen=True)
class _Plan:
    """What :func:`advise` needs of its (seat, against, commission, rules): checked once, then
    kept. ``lookup`` is None while the side tables of a caller's strategy are not worth building."""

    lookup: _core.SideLookup | None
    strategy: Strategy
    rules: RuleSet
    win: float
    rate: Fraction
    commission: bool
    name: str
    digest: str
    rules_name: str


_PLANS: dict[tuple[str, Any, Any], _Plan] = {}
"""Plans of Macau's game (``rules`` None or MACAU) for the named strategies (``against`` None or a
name of :data:`NAMED`, ``commission`` a bool or a rate's text), by (seat, against, commission): a
call with the same arguments skips the checks it passed before. Cleared with the named strategies."""

_RULE_PLANS: dict[tuple[str, Any, Any, Any], _Plan] = {}
"""The same for another rule set given by name, by (seat, against, commission, the name as given)."""

_VALUE_PLANS: dict[tuple[str, Any, Any, Any], _Plan] = {}
"""The same for a :class:`~paigow.rules.RuleSet`, by (seat, against, commission, its name): a kept plan serves
an equal rule set only (keyed by the value, not the object: equal ones share it; another of the name replaces it)."""

_PLANS_LOCK = threading.Lock()


def _forget_plans() -> None:
    with _PLANS_LOCK:
        _PLANS.clear()
        _RULE_PLANS.clear()
        _VALUE_PLANS.clear()


on_forget(_forget_plans)


def _plan(seat: str, against: "StrategyLike | None", commission: "bool | RateLike", rules: RulesLike) -> _Plan:
    cache: dict[Any, _Plan] | None = None
    key: tuple[Any, ...] = ()
    # a bool or a rate's text (not a number: 1 == True would find True's plan)
    if type(seat) is str and (against is None or (type(against) is str and (against in NAMED or against in HOUSE_WAYS))) \
            and (type(commission) is bool or type(commission) is str):
        if rules is None or rules is MACAU:
            cache, key = _PLANS, (seat, against, commission)
        elif type(rules) is RuleSet:  # by its name, and taken for an equal rule set only (hashing
            cache, key = _VALUE_PLANS, (seat, against, commission, rules.name)  # its fields: ~2 µs)
        elif type(rules) is str:
            cache, key = _RULE_PLANS, (seat, against, commission, rules)
        if cache is not None:
            got = cache.get(key)
            if got is not None and (type(rules) is not RuleSet or got.rules is rules or got.rules == rules):
                return got
    g, seat, s, r = _arguments(seat, against, commission, rules)
    win = float(1 - r)
    plan = _Plan(_lookup(s, seat, win, 1, g), s, g, win, r, r != 0, s.name, s.digest, g.name)
    if cache is not None:
        with _PLANS_LOCK:
            if len(cache) > 128:  # names are few (three games' warm plans: 80); anything else is not worth keeping
                cache.clear()
            cache[key] = plan
    return plan


def prepare(seat: str = "player", against: "StrategyLike | None" = None, commission: "bool | RateLike" = False,
            rules: RulesLike = None) -> None:
    """Check :func:`advise`'s arguments and build what it reads for them (the side tables of the
    strategy, about 0.15 s each), so that the next call with them is a lookup: what a service
    does before its first request (``paigow serve``'s warm-up)."""
    _plan(seat, against, commission, rules)


def _arguments(seat: str, against: "StrategyLike | None", commission: "bool | RateLike",
               rules: RulesLike) -> tuple[RuleSet, str, Strategy, Fraction]:
    """The arguments of :func:`advise` and :func:`advise_batch`, each cleaned once: the rule set,
    the seat, the strategy of the other seat (the catalogue's default for the game and the
    commission when ``against`` is None) and the commission's rate."""
    g = clean_rules(rules)
    seat = check_seat(seat)
    r = commission_of(g, commission)
    if against is None:
        against = default_name(g, r)
    elif is_house_way(against):  # the house way of the US game: a pure strategy of its own game only
        s = house_way(against).strategy(g)  # type: ignore[arg-type]
        s.side(seat, g)  # built now, as a named strategy's: advice against a way is a lookup from the first call
        return g, seat, s, r
    return g, seat, clean_strategy(against, _OTHER[seat], g), r


def _lookup(s: Strategy, seat: str, win: float, hands: int, rules: RuleSet) -> _core.SideLookup | None:
    """The single-hand lookup into ``s``'s side tables for ``seat`` at ``win`` in the game of
    ``rules``, kept on ``s``; None while they are not worth building for ``hands`` more hands
    (:meth:`Strategy.side_when_worth`)."""
    side = s.side_when_worth(seat, hands, rules)
    if side is None:
        return None

    def build() -> _core.SideLookup:
        return _core.SideLookup(side.counts, side.key, win, _own_table(s, seat, rules))

    return s.cached(("lookup:" + seat, win, setting_game(rules)), build)  # type: ignore[no-any-return]


def _own_table(s: Strategy, seat: str, rules: RuleSet) -> npt.NDArray[np.float64] | None:
    """The advised ``seat``'s half of the shipped equilibrium whose other half ``s`` is (a
    solution of :data:`paigow.game.equilibria.CATALOGUE`, by name and by table: Macau's or the US
    game's, with or without commission), whose probabilities advice shows; else None."""
    if s.name not in _SHIPPED:
        return None
    other = clean_strategy(s.name, _OTHER[seat], rules)
    if other is not s and other.digest != s.digest:  # a caller's table under a shipped name
        return None
    return clean_strategy(s.name, seat, rules).table


_SHIPPED = frozenset(sol.name for sol in CATALOGUE)
"""The names of the shipped equilibria (each seat's table a solution's half)."""


def _advise_enumerated(t: tuple[Tile, ...], hand: tuple[int, ...], seat: str, plan: _Plan) -> Advice:
    """:func:`advise` by the enumeration of the 20,475 opposing hands in the core (~60 µs): the
    same counts as the side tables, and the same values (:func:`_batch_enumerated` of one hand)."""
    units, values, best = _batch_enumerated(np.array([hand]), plan.strategy, seat, plan.win, plan.rules)
    counts = (units[0].astype(np.float64) * COUNT_UNIT).tolist()
    v = values[0].tolist()
    settings = settings_of(t)
    o0, o1, o2 = (_setting_value(settings[k], counts[k][0], counts[k][1], counts[k][2], v[k], None)
                  for k in range(3))
    return _advice(t, seat, plan.name, plan.commission, (o0, o1, o2), int(best[0]), plan.rate, plan.digest,
                   plan.rules_name)


def _batch_enumerated(a: npt.NDArray[Any], s: Strategy, seat: str, win: float,
                      rules: RuleSet) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64], npt.NDArray[np.int8]]:
    """advise_hands() of checked hands by the enumeration (few hands against a caller's strategy),
    the values computed as the lookup computes them."""
    packed = s.advice_packed(rules)
    hands = np.ascontiguousarray(a, dtype=np.int64)
    units = np.empty((len(hands), 3, 3), dtype=np.uint64)
    for i in range(len(hands)):
        units[i] = _core.advice_counts(hands[i], *packed, seat == "banker", rules.core)
    counts = units.astype(np.float64) * COUNT_UNIT
    values = (counts[:, :, 0] * win - counts[:, :, 2]) / OPPONENT_HANDS
    best = np.argmax(values, axis=1).astype(np.int8)  # the first of equal best values
    return units, values, best


@functools.lru_cache(maxsize=4096)
def _parse4(text: str) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """Four tiles of text and their DECK indices (errors are raised each time, not kept)."""
    t = parse_tiles(text, count=4)
    return t, deck_indices(t)


_BY_ROW: dict[int, tuple[Setting, Setting, Setting]] = {}
_BY_FACES: dict[tuple[int, ...], tuple[Setting, Setting, Setting]] = {}


def _row_hand(row: int) -> list[int]:
    """The DECK indices of hand ``row`` of ``all_hands()`` (the combinations of range(32) four at
    a time, in order), read from the array once it is built, else counted out (a process's first
    advice need not build it)."""
    if all_hands.cache_info().currsize:
        return all_hands()[row].tolist()  # type: ignore[no-any-return]
    out: list[int] = []
    x, left = 0, row
    for k in (3, 2, 1, 0):  # tiles still to choose after this one
        while left >= (n := math.comb(31 - x, k)):  # the hands whose next tile is x
            left -= n
            x += 1
        out.append(x)
        x += 1
    return out


def _sorted_settings(row: int) -> tuple[Setting, Setting, Setting]:
    """The settings of the hand of ``row`` (its tiles in DECK order), kept: one object per
    multiset of faces (8,130 of them, about 10 MB when all are met), shared by the rows of
    copies. Settings are canonical (:class:`~paigow.Setting` orders its hands and tiles), so
    those of any order of the tiles are these, permuted."""
    tiles = tuple(DECK[i] for i in _row_hand(row))
    faces = tuple(t.face for t in tiles)
    got = _BY_FACES.get(faces)
    if got is None:
        got = _BY_FACES.setdefault(faces, settings_of(tiles))
    _BY_ROW[row] = got
    return got


def best_setting(tiles: "str | Iterable[TileLike] | tuple[int, int, int, int]", seat: str = "player",
                 strategy: "StrategyLike | HouseWay | None" = None, rules: RulesLike = None,
                 seen: Any = None) -> Setting:
    """The setting one hand takes under ``strategy`` for ``seat``: :func:`best_settings` for one
    hand, as a :class:`~paigow.Setting`, for a caller who asks one hand per call (a dealer
    assistant, a loop, a service). ``tiles`` is four DECK indices, four tiles or text; the hand
    is checked as the batch checks it (the same errors) and the answer read from the strategy's
    table without building an array. A caller with many hands and one strategy holds
    :func:`setting_lookup` instead and saves the strategy's look-up on every call. A house way
    (a HouseWay, its name or a way file) is a strategy of the US game, as ``advise`` takes it.

    >>> best_setting("天 地 杂九 至尊", strategy="max-back"), best_setting((0, 2, 22, 28), strategy="max-back")
    (Setting.parse('1-1 2-4 | 6-6 4-5'), Setting.parse('1-1 2-4 | 6-6 4-5'))

    With ``seen`` (as :func:`advise` takes it) an equilibrium by name is the equilibrium of the
    game left (the setting it plays most); a fixed strategy's setting does not depend on it.
    """
    if seen is None:
        st, se, ru, look = _LAST_BEST  # the arguments of the last call, cleaned then: a loop costs a table read
        if strategy is st and seat is se and rules is ru:
            return look(tiles)  # type: ignore[no-any-return]
    return _best_setting(tiles, seat, strategy, rules, seen)


def _best_setting(tiles: Any, seat: str, strategy: "StrategyLike | HouseWay | None", rules: RulesLike,
                  seen: Any) -> Setting:
    global _LAST_BEST
    got = _BEST_BY_ID.get((id(seat), id(strategy), id(rules)))  # these very arguments, cleaned before
    if got is not None and got[0] is strategy and got[1] is seat and got[2] is rules and not seen:
        _LAST_BEST = got
        return got[3](tiles)  # type: ignore[no-any-return]
    if seen:
        return _best_seen(tiles, seat, strategy, rules, seen)
    held = _held(strategy, rules)
    look = _BEST.get((seat, strategy, rules)) if held else None  # a named strategy, a table or a way, kept
    if look is None:
        look = setting_lookup(seat, strategy, rules)
    if held and type(seat) is str:
        got = (strategy, seat, rules, look)  # kept with the arguments themselves, so their ids stay theirs
        with _PLANS_LOCK:
            if len(_BEST_BY_ID) < 256:
                _BEST_BY_ID[(id(seat), id(strategy), id(rules))] = got
            _LAST_BEST = got
    return look(tiles)  # type: ignore[no-any-return]


def _held(strategy: object, rules: object) -> bool:
    """A strategy and rule set whose lookup is kept: a name (of a strategy or a house way, not a
    file), a Strategy or a HouseWay (values that do not change), and a rule set by name or value."""
    if not (rules is None or type(rules) is str or type(rules) is RuleSet):
        return False
    if type(strategy) is str:
        return not strategy.lower().endswith((".way", ".csv"))  # a house-way file is read again each time
    return strategy is None or type(strategy) is Strategy or isinstance(strategy, HouseWay)


def setting_lookup(seat: str = "player", strategy: "StrategyLike | HouseWay | None" = None,
                   rules: RulesLike = None) -> _core.BestLookup:
    """:func:`best_setting` with its strategy chosen once: a callable taking a hand (four DECK
    indices, four tiles or text) and returning its setting, at the cost of a table read.

    >>> of = setting_lookup("banker", "max-back")
    >>> of((0, 2, 22, 28)) == best_setting("天 地 杂九 至尊", "banker", "max-back")
    True
    """
    g = clean_rules(rules)
    s = _setting_strategy(strategy, check_seat(seat), g)
    look = _core.BestLookup(s.best, _row_settings, _read_hand, _refuse_hand)
    if _held(strategy, rules):
        with _PLANS_LOCK:  # named strategies, house ways and their tables are few: kept
            if len(_BEST) < 64:
                _BEST[(seat, strategy, rules)] = look
    return look


def _setting_strategy(strategy: "StrategyLike | HouseWay | None", seat: str, rules: RuleSet) -> Strategy:
    """The strategy :func:`best_setting` and :func:`best_settings` read for ``seat`` (checked):
    a house way (a HouseWay, its name or a way file) as its strategy in the game of ``rules``
    (the US game's only: code ``houseway.rules``), anything else as :func:`clean_strategy` takes it."""
    if is_house_way(strategy):
        return house_way(strategy).strategy(rules)  # type: ignore[arg-type]
    return clean_strategy(strategy, seat, rules)  # type: ignore[arg-type]


def _row_settings(row: int) -> tuple[Setting, Setting, Setting]:
    return _BY_ROW.get(row) or _sorted_settings(row)


def _read_hand(hand: Any) -> tuple[int, int, int, int]:
    """Four DECK indices of a hand in a form other than four ints: text, tiles, or numbers as
    the batch reads an array row (numpy integers too, with the batch's errors)."""
    if isinstance(hand, str):
        return _parse4(hand)[1]  # type: ignore[return-value]
    items = list(hand)
    if any(isinstance(x, (str, Tile)) for x in items):
        a, b, c, d = deck_indices(parse_tiles(items, count=4))
    else:
        a, b, c, d = as_index_array([items], 4, "hands")[0].tolist()
    return a, b, c, d


def _refuse_hand(hand: tuple[int, int, int, int]) -> None:
    """Raise the batch's error for four indices outside the deck or with one twice."""
    raise_bad_row("hands", np.array([hand], dtype=object), 0)


_BEST: dict[tuple[Any, ...], _core.BestLookup] = {}


_BEST_BY_ID: dict[tuple[int, int, int], tuple[Any, Any, Any, _core.BestLookup]] = {}
""":data:`_BEST`'s lookups by the ids of the arguments (seat, strategy, rules), each entry (strategy,
seat, rules, lookup) holding them, so no id is another's: :func:`best_setting` hashes no Strategy."""

_NO_BEST: tuple[Any, Any, Any, Any] = (object(), None, None, None)
_LAST_BEST: tuple[Any, Any, Any, Any] = _NO_BEST
"""The entry of :data:`_BEST_BY_ID` :func:`best_setting` read last (its arguments, their lookup)."""


def _forget_best() -> None:
    global _LAST_BEST
    with _PLANS_LOCK:
        _BEST.clear()
        _BEST_BY_ID.clear()
        _LAST_BEST = _NO_BEST


on_forget(_forget_best)


@dataclasses.dataclass(frozen=True)
class BatchAdvice:
    """Advice for N hands (:func:`advise_batch`): ``counts[i, k]`` is (wins, pushes, losses) of
    setting k (``settings()`` order of row i's tiles) over the 20,475 opposing hands,
    ``values[i, k]`` its value per hand, ``best[i]`` the first best setting. ``units`` holds the
    counts exactly, in units of 2**-47 of one hand. Arrays are read-only. ``rules`` names the
    rule set whose game it is; ``seen`` the seen tiles (DECK indices) and ``opponent_hands``
    the hands the other side could hold."""

    counts: npt.NDArray[np.float64]
    values: npt.NDArray[np.float64]
    best: npt.NDArray[np.int8]
    units: npt.NDArray[np.uint64]
    seat: str
    against: str
    rate: Fraction
    digest: str
    rules: str = MACAU.name
    seen: tuple[int, ...] = ()
    opponent_hands: int = OPPONENT_HANDS


def advise_batch(
    hands: npt.ArrayLike,
    seat: str = "player",
    against: "StrategyLike | None" = None,
    commission: "bool | RateLike" = False,
    rules: RulesLike = None,
    seen: Any = None,
) -> BatchAdvice:
    """:func:`advise` for N hands at once: an (N, 4) integer array of DECK indices in, numpy
    arrays out, in one call of the core without the GIL.

    >>> b = advise_batch([[0, 2, 22, 28], [28, 22, 2, 0]], against="max-back")
    >>> b.best.tolist(), b.counts.shape, int(b.counts[0, 1].sum())
    ([1, 1], (2, 3, 3), 20475)

    ``seen`` as :func:`advise` takes it: one seen set for every hand (no hand may hold a seen tile).
    """
    if seen:
        return _batch_seen(hands, seat, against, commission, rules, seen)
    a = as_index_array(hands, 4, "hands")
    g, seat, s, r = _arguments(seat, against, commission, rules)
    win = float(1 - r)
    side = s.side_when_worth(seat, len(a), g)
    if side is None:  # a caller's strategy, and too few hands yet to build its side tables
        _, _, bad = _core.settings(a, g.core)  # the four indices of each row in range and distinct
        if bad >= 0:
            raise_bad_row("hands", a, bad)
        units, values, best = _batch_enumerated(a, s, seat, win, g)
    else:
        units, values, best, _, _, bad = _core.advise_hands(a, side.counts, side.key, win)
        if bad >= 0:
            raise_bad_row("hands", a, bad)
    counts: npt.NDArray[np.float64] = units.astype(np.float64) * COUNT_UNIT
    for x in (counts, values, best, units):
        x.flags.writeable = False
    return BatchAdvice(counts, values, best, units, seat, s.name, r, s.digest, g.name)


# ---------------------------------------------------------------------------------------------
# the batch best-setting lookup

def best_settings(hands: npt.ArrayLike, seat: str = "player", strategy: "StrategyLike | HouseWay | None" = None,
                  rules: RulesLike = None) -> npt.NDArray[np.int8]:
    """The setting each of N hands takes under ``strategy`` for ``seat`` (in the game of
    ``rules``, Macau's by default: the equilibrium is the one shipped for it): an int8 array of
    indices into ``settings()`` of each row's tiles in the order given (for a mixed hand, the
    setting with the highest probability).

    >>> best_settings([[0, 2, 22, 28], [28, 22, 2, 0]], strategy="max-back").tolist()
    [1, 1]
    """
    a = as_index_array(hands, 4, "hands")
    g = clean_rules(rules)
    s = _setting_strategy(strategy, check_seat(seat), g)
    out, bad = _core.best_settings(a, s.best)
    if bad >= 0:
        raise_bad_row("hands", a, bad)
    return out


# ---------------------------------------------------------------------------------------------
# seen tiles: the other side's hands from the tiles neither held nor seen

def _hand_of(tiles: Any) -> tuple[tuple[Tile, ...], tuple[int, int, int, int]]:
    if isinstance(tiles, str):
        t, idx = _parse4(tiles)
        return t, (idx[0], idx[1], idx[2], idx[3])
    if isinstance(tiles, tuple) and len(tiles) == 4 and all([type(x) is int for x in tiles]):
        a, b, c, d = tiles if 0 <= min(tiles) and max(tiles) < 32 else _read_hand(tiles)
        if a == b or a == c or a == d or b == c or b == d or c == d:
            _refuse_hand((a, b, c, d))
        return (DECK[a], DECK[b], DECK[c], DECK[d]), (a, b, c, d)
    got = tiles4(tiles)  # four Tile objects: read as they are, else parsed
    t = got[0] if got is not None else parse_tiles(tiles, count=4)
    return t, got[1] if got is not None else deck_indices(t)  # type: ignore[return-value]


def _seen_left(against: Any) -> bool:  # None or a shipped equilibrium's name: with seen tiles, the game left's
    return against is None or (isinstance(against, str) and against in SHIPPED_NAMES)


def _seen_units(hands: npt.NDArray[Any], seat: str, against: Any, commission: Any, rules: RulesLike,
                seen: tuple[int, ...]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None, str, str,
                                                Fraction, RuleSet, Any]:
    """(counts (N, 3, 3) in opposing hands, own probabilities (N, 3) or None, against's name,
    digest, rate, rule set, the game left or None) of checked hands (each row's settings in its tiles' order)."""
    from paigow.game import seen as seen_game  # loaded with the first seen tiles

    if _seen_left(against):
        from paigow.game import seenpaid  # the game left as paid
        seenpaid.on_drop(_SEEN_PLANS.clear)  # a kept hand holds no dropped game
        g, seat = clean_rules(rules), check_seat(seat)
        r = commission_of(g, commission)  # how the advised hand's wins are paid; the name picks the game left
        played = r if against is None else seenpaid.name_rate(against, rules=g)
        game = seenpaid.game_at(seen_game.rank_counts(seen), g, played)
        h = np.ascontiguousarray(hands, dtype=np.int64)
        counts, own = game.hand_table(_core.hand_rows(h), _core.setting_order(h.astype(np.int8)), seat == "banker")
        name = seenpaid.left_name(g, r) if against is None else str(against)
        return counts, own, name, "", r, g, game
    g, seat, s, r = _arguments(seat, against, commission, rules)
    packed = s.advice_packed(g)
    m = seen_game.mask(seen)
    units = np.empty((len(hands), 3, 3), dtype=np.uint64)
    for n, h in enumerate(np.ascontiguousarray(hands, dtype=np.int64)):
        units[n] = _core.advice_counts(h, *packed, seat == "banker", g.core, m)
    return units.astype(np.float64) * COUNT_UNIT, None, s.name, s.digest, r, g, None


def _advise_seen(tiles: Any, seat: str, against: Any, commission: Any, rules: RulesLike, seen: Any) -> Advice:
    t, hand = _hand_of(tiles)
    try:  # a seen set advised against the game left's equilibrium before: its kept game is read
        key: Any = (tuple(seen) if type(seen) is list else seen, seat, against, commission, rules)
        kept = _SEEN_PLANS.get(key)
    except TypeError:  # unhashable: checked each time
        key = kept = None
    got = None if kept is None else kept.read(hand)  # None when the hand holds a seen tile
    if got is not None:  # (row, setting order, counts, own probabilities)
        ss, order = _BY_ROW.get(got[0]) or _sorted_settings(got[0]), got[1]
        return _seen_advice(t, kept, got[2], got[3], (ss[order[0]], ss[order[1]], ss[order[2]]))
    from paigow.game import seen as seen_game  # loaded with the first seen tiles
    s = seen_game.clean_seen(seen, hand)
    counts, own, name, digest, r, g, game = _seen_units(np.array([hand]), seat, against, commission, rules, s)
    kept = seen_game.KeptAdvice(None, None, check_seat(seat), name, r, g.name, tuple(DECK[i] for i in s),
                                seen_game.opponent_hands(len(s)), *seen_game.fit_masks(s))
    if isinstance(game, seen_game.GameLeft) and key is not None:  # as paid too; any lookup: rows, setting orders
        try:
            lookup = _plan(seat, None, False, g).lookup
        except InvalidStrategyError:  # none shipped for the rule set: the slow path each time
            lookup = None
        if lookup is not None:
            seen_game.keep_advice(_SEEN_PLANS, key, dataclasses.replace(kept, game=game, lookup=lookup))
    probs = [None] * 3 if own is None else own[0].tolist()
    return _seen_advice(t, kept, counts[0].tolist(), probs, settings_of(t), digest)


_SEEN_PLANS: dict[Any, Any] = {}  # seen sets against the game left's equilibrium, by the arguments as given


def _seen_advice(t: tuple[Tile, ...], kept: Any, c: list[list[float]], probs: list[Any], settings: Any,
                 digest: str = "") -> Advice:
    opp, r, win = kept.opponent_hands, kept.rate, float(1 - kept.rate) if kept.rate else 1.0
    v0, v1, v2 = (c[0][0] * win - c[0][2]) / opp, (c[1][0] * win - c[1][2]) / opp, (c[2][0] * win - c[2][2]) / opp
    options = (_setting_value(settings[0], c[0][0], c[0][1], c[0][2], v0, probs[0]),
               _setting_value(settings[1], c[1][0], c[1][1], c[1][2], v1, probs[1]),
               _setting_value(settings[2], c[2][0], c[2][1], c[2][2], v2, probs[2]))
    best = 0 if v0 >= v1 and v0 >= v2 else 1 if v1 >= v2 else 2  # the first of equal best values
    a = _advice(t, kept.seat, kept.name, bool(r), options, best, r, digest, kept.rules_name)
    a.__dict__.update(seen=kept.seen, opponent_hands=opp)
    return a


def _batch_seen(hands: npt.ArrayLike, seat: str, against: Any, commission: Any, rules: RulesLike,
                seen: Any) -> BatchAdvice:
    from paigow.game import seen as seen_game  # loaded with the first seen tiles
    a = as_index_array(hands, 4, "hands")
    g = clean_rules(rules)
    _, _, bad = _core.settings(a, g.core)
    if bad >= 0:
        raise_bad_row("hands", a, bad)
    s = seen_game.clean_seen(seen)
    parts = [_seen_units(a, seat, against, commission, g, s)] if _seen_left(against) and seen_game.fits(a, s).all() else []
    for i, row in enumerate([] if parts else a.tolist()):  # one game left for every hand, or hand by hand:
        try:  # the seen tiles beside this hand (by face: a seen copy is the one the hand leaves)
            beside = seen_game.clean_seen(s, row)
        except TileCopiesError as e:
            raise TileCopiesError(f"hands[{i}]: {e}"[:300], code=e.code) from None
        parts.append(_seen_units(a[i:i + 1], seat, against, commission, g, beside))
    counts = np.concatenate([p[0] for p in parts]) if parts else np.zeros((0, 3, 3))
    _, _, name, digest, r, g, _ = parts[0] if parts else _seen_units(a, seat, against, commission, g, s)
    opp = seen_game.opponent_hands(len(s))
    values = (counts[:, :, 0] * float(1 - r) - counts[:, :, 2]) / opp
    best = np.argmax(values, axis=1).astype(np.int8)
    units = np.rint(counts / COUNT_UNIT).astype(np.uint64)
    for x in (counts, values, best, units):
        x.flags.writeable = False
    return BatchAdvice(counts, values, best, units, check_seat(seat), name, r, digest, g.name, s, opp)


def _best_seen(tiles: Any, seat: str, strategy: "StrategyLike | HouseWay | None", rules: RulesLike,
               seen: Any) -> Setting:
    from paigow.game import seen as seen_game, seenpaid  # loaded with the first seen tiles

    t, hand = _hand_of(tiles)
    s = seen_game.clean_seen(seen, hand)
    if not _seen_left(strategy):
        return setting_lookup(seat, strategy, rules)(hand)  # type: ignore[no-any-return]
    g = clean_rules(rules)
    rate = seenpaid.name_rate(strategy, rules=g)  # a paid equilibrium's name: the game left as paid at its rate
    own_self = _seen_units(np.array([hand]), seat, None, rate, g, s)[1]  # the seat's own probabilities
    return settings_of(t)[int(np.argmax(own_self[0]))]  # type: ignore[index]
