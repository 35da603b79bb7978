"""A rule set as a value (docs/rules.md): what makes one house's Pai Gow differ from another's.

A :class:`RuleSet` is frozen and hashable. Every function whose answer depends on the rules takes
``rules=`` and cleans it once with :func:`clean_rules` (a rule set, its name, or None for
:data:`MACAU`); the compiled kernels receive :attr:`RuleSet.core`, the rule set's tables as data.

>>> MACAU
RuleSet('macau')
>>> clean_rules("macau") is MACAU, clean_rules(None) is MACAU
(True, True)
>>> MACAU.zero_rule, MACAU.commission, MACAU.dice, MACAU.max_cuts
(ZeroRule.FRONT, Fraction(1, 20), 4, 2)
>>> toy = MACAU.replace(name="toy", zero_rule="both")
>>> toy
RuleSet('toy', zero_rule=ZeroRule.BOTH)
>>> US
RuleSet('us', hand_order='us', zero_rule=ZeroRule.BOTH, dice=3, banker_sets='foxwoods', high_at_least_low=True, bank='house')
>>> US.core.n_ranks, US.core.front_zero, US.core.back_zero
(106, 5, 5)
>>> clean_rules("texas")
Traceback (most recent call last):
...
paigow.errors.InvalidOptionError: unknown rule set 'texas': the rule sets are 'macau', 'us', 'home'
>>> HOME
RuleSet('home', hand_order='home', zero_rule=ZeroRule.BOTH, commission=Fraction(0, 1), dice=0, max_cuts=0, bank='house-covers', doors=3, rounds_per_shuffle=2, bank_commission=False)
>>> HOME.core.n_ranks, HOME.core.front_zero, HOME.core.back_zero, HOME.core.neutral
(102, 1, 1, False)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from fractions import Fraction
from typing import Any, Union

from _tablegames.enums import CodeRepr
from paigow import _core
from paigow.commission import COMMISSION, RateLike, Rounding, rate
from paigow.errors import InvalidOptionError
from paigow.hands import HAND_ORDERS as _ORDERS
from paigow.hands import HandOrder
from paigow.tiles import DECK

__all__ = ["RuleSet", "ZeroRule", "Copies", "Payout", "MACAU", "US", "HOME", "BANKS", "RULE_SETS", "RulesLike", "clean_rules", "HAND_ORDERS"]


class ZeroRule(CodeRepr, enum.Enum):
    """Where a zero-point hand against a zero-point hand goes to the banker whatever the tiles."""

    FRONT = "front"  # Macau, Art. 6.2: the front hands only
    BOTH = "both"  # both hands
    NONE = "none"  # neither: the ranks decide


class Copies(CodeRepr, enum.Enum):
    """Who takes a copy (two equal hands). Art. 6.1: the banker. The home game's option
    (docs/rules.md Part 4): neutral, the tied hand counts for no one, so a won hand with a tied
    one wins and a lost one with a tied one loses (the zero rule still gives zero against zero
    to the banker where it holds)."""

    BANKER = "banker"
    NEUTRAL = "neutral"


class Payout(CodeRepr, enum.Enum):
    """How a player position's result is paid."""

    WHOLE = "whole"  # both hands won wins, both lost loses, one each a push; even money
    HALVES = "halves"  # the home game's option: front and back settled apart, at 1 and 2 to 1


# The hand orders the engine states (paigow.hands.HandOrder): a name, and, called, the rank of the
# hand of two faces (a (21, 21) table of ranks, 0 the weakest); its rank count and zero-point
# ranks. A rule set names one.
HAND_ORDERS: dict[str, HandOrder] = dict(_ORDERS)  # "macau": docs/rules.md §1.2; "us": §3.1; "home": Part 4

_FIELDS_SHOWN = ("hand_order", "zero_rule", "copies", "commission", "rounding", "dice", "max_cuts",
                 "banker_sets", "high_at_least_low", "bank", "doors", "rounds_per_shuffle", "bank_commission",
                 "payout", "tiles_per_hand")


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """One house's rules, as data.

    - ``name``: what records, the CLI (``--rules``) and the service call it
    - ``hand_order``: the order of two-tile hands (a key of :data:`HAND_ORDERS`)
    - ``zero_rule``: where zero against zero goes to the banker (:class:`ZeroRule`)
    - ``copies``: who takes a copy (:class:`Copies`)
    - ``commission``: the rate on every win (Portaria 58/91/M: 5%), exact
    - ``rounding``: how a commission is rounded to the minor unit
    - ``dice``: how many dice decide the first position (counting the banker as 1)
    - ``max_cuts``: how many player positions may cut in one round (Art. 2.1)
    - ``banker_sets``: who sets the banker's hand, ``"holder"`` (the banker himself) or the name
      of a house way (a strategy the dealer follows)
    - ``high_at_least_low``: a player sets his own two hands and the high must rank at least
      the low (else the dealer arranges them, smaller in front, and nothing fouls)
    - ``bank``: who banks and how the bank moves between rounds (:data:`BANKS`): ``"rotation"``
      (Macau, Art. 3-4: the positions bank in turn, at most two rounds in a row), ``"house"``
      (the US game: the house banks by default and sets its hand by ``banker_sets``; after a
      round it banked, the bank is offered to the next player in turn who played that round
      against it, who may bank alone, covering every bet, or co-bank with the house, half each,
      his hand then set by the house way), ``"house-covers"`` (the home game: the house banks
      every round, covering every bet) or ``"winner-keeps"`` (the home game's option: a player
      banks, covering the largest possible payout, and keeps the bank while his last round made
      a profit; otherwise it passes to the next door)
    - ``doors``: the player positions dealt against the banker in a round (Macau: 8 positions,
      one of which banks, so 7; the home game: 3)
    - ``rounds_per_shuffle``: rounds dealt from one shuffle (1: all 32 tiles a round; the home
      game: 2, the second dealing the 16 tiles the first left, the first round's tiles face up)
    - ``bank_commission``: the bank's net win pays the commission too (Macau, the US game), or
      only the player positions' wins do (the home game's 4% option)
    - ``payout``: how a position's result is paid (:class:`Payout`)
    - ``tiles_per_hand``: 4 (two hands of two, set front and back) or 2 (the home game's two-tile
      game 小牌九, docs/rules.md §4.3: one hand of two tiles each, no setting; only the home table
      deals it, :mod:`paigow.table.home`)
    """

    name: str
    hand_order: str = "macau"
    zero_rule: ZeroRule = ZeroRule.FRONT
    copies: Copies = Copies.BANKER
    commission: Fraction = COMMISSION
    rounding: Rounding = Rounding.HALF_UP
    dice: int = 4
    max_cuts: int = 2
    banker_sets: str = "holder"
    high_at_least_low: bool = False
    bank: str = "rotation"
    doors: int = 7
    rounds_per_shuffle: int = 1
    bank_commission: bool = True
    payout: Payout = Payout.WHOLE
    tiles_per_hand: int = 4

    def __post_init__(self) -> None:
        def put(field: str, value: object) -> None:
            object.__setattr__(self, field, value)

        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 40:
            raise InvalidOptionError(f"a rule set's name is a short text, not {self.name!r}", code="rules.name")
        if self.hand_order not in HAND_ORDERS:
            raise InvalidOptionError(f"unknown hand order {self.hand_order!r}: the orders are "
                                     + ", ".join(map(repr, HAND_ORDERS)), code="rules.hand_order")
        put("zero_rule", _enum(ZeroRule, self.zero_rule, "zero rule"))
        put("copies", _enum(Copies, self.copies, "copies rule"))
        put("payout", _enum(Payout, self.payout, "payout"))
        put("commission", rate(self.commission))
        put("rounding", _enum(Rounding, self.rounding, "rounding"))
        for field, lo, hi in (("dice", 0, 6), ("max_cuts", 0, 7), ("doors", 1, 7), ("rounds_per_shuffle", 1, 2)):
            v = getattr(self, field)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise InvalidOptionError(f"{field} is a whole number from {lo} to {hi}, not {v!r}", code="rules.range")
        if not isinstance(self.banker_sets, str) or not self.banker_sets:
            raise InvalidOptionError(f"banker_sets is 'holder' or a house way's name, not {self.banker_sets!r}",
                                     code="rules.banker_sets")
        for field in ("high_at_least_low", "bank_commission"):
            if not isinstance(getattr(self, field), bool):
                raise InvalidOptionError(f"{field} is True or False, not {getattr(self, field)!r}", code="rules.range")
        if isinstance(self.tiles_per_hand, bool) or self.tiles_per_hand not in (2, 4):
            raise InvalidOptionError(f"tiles_per_hand is 4 or 2 (the two-tile game), not {self.tiles_per_hand!r}",
                                     code="rules.range")
        if self.tiles_per_hand == 2 and self.payout is not Payout.WHOLE:
            raise InvalidOptionError("the two-tile game plays one hand a side: its payout is 'whole'",
                                     code="rules.option")
        if self.rounds_per_shuffle * (self.doors + 1) * self.tiles_per_hand > len(DECK):
            raise InvalidOptionError(f"{self.rounds_per_shuffle} rounds of {self.doors + 1} hands a shuffle need more"
                                     f" than the {len(DECK)} tiles", code="rules.range")
        if self.bank not in BANKS:
            raise InvalidOptionError(f"unknown bank {self.bank!r}: the banks are " + ", ".join(map(repr, BANKS)),
                                     code="rules.option")
        if self.bank == "house" and self.banker_sets == "holder":
            raise InvalidOptionError("a bank the house holds needs a house way to set its hand (banker_sets)",
                                     code="rules.banker_sets")

    def __repr__(self) -> str:
        default = _DEFAULTS
        shown = [f"{f}={getattr(self, f)!r}" for f in _FIELDS_SHOWN if getattr(self, f) != getattr(default, f)]
        return f"RuleSet({', '.join([repr(self.name), *shown])})"

    def __str__(self) -> str:
        return self.name

    def replace(self, **changes: Any) -> "RuleSet":
        """A copy with ``changes`` (checked as a new rule set is)."""
        return dataclasses.replace(self, **changes)

    # -- JSON (records name their rule set) ------------------------------------------------------
    def to_json(self) -> "str | dict[str, Any]":
        """The rule set as a record names it: its name where it is the rule set of that name in
        :data:`RULE_SETS`, else every field, so that the record replays wherever it is read.

        >>> US.to_json()
        'us'
        >>> d = US.replace(name="us-4.76", commission=Fraction(1, 21)).to_json()
        >>> d["name"], d["commission"], RuleSet.from_json(d) == US.replace(name="us-4.76", commission=Fraction(1, 21))
        ('us-4.76', '1/21', True)
        """
        if RULE_SETS.get(self.name) == self:
            return self.name
        out: dict[str, Any] = {"name": self.name}
        for f in _FIELDS_SHOWN:
            v = getattr(self, f)
            out[f] = v.value if isinstance(v, enum.Enum) else str(v) if isinstance(v, Fraction) else v
        return out

    @classmethod
    def from_json(cls, data: object) -> "RuleSet":
        """A rule set from :meth:`to_json`: a registered name, or every field (a rule set may not
        take a registered name with other fields). InvalidOptionError, with a code, otherwise.

        >>> RuleSet.from_json({"name": "us", "hand_order": "macau"})
        Traceback (most recent call last):
        ...
        paigow.errors.InvalidOptionError: a rule set named 'us' is the registered one: another rule set takes another name
        """
        if isinstance(data, str):
            return clean_rules(data)
        if not isinstance(data, dict):
            raise InvalidOptionError(f"a rule set is its name or an object of its fields, not {type(data).__name__}",
                                     code="rules.json")
        unknown = sorted(str(k) for k in data if k not in ("name", *_FIELDS_SHOWN))
        if unknown or "name" not in data:
            raise InvalidOptionError("a rule set's fields are 'name' (required), " + ", ".join(map(repr, _FIELDS_SHOWN))
                                     + (f"; not {', '.join(map(repr, unknown))}" if unknown else ""), code="rules.json")
        fields = dict(data)
        if "commission" in fields and not isinstance(fields["commission"], str):
            raise InvalidOptionError(f"a rule set's commission is written as text like '1/20', not "
                                     f"{fields['commission']!r}", code="rules.json")
        try:
            made = cls(**fields)
        except TypeError as e:
            raise InvalidOptionError(f"a rule set's fields: {e}", code="rules.json") from None
        known = RULE_SETS.get(made.name)
        if known is not None and known != made:
            raise InvalidOptionError(f"a rule set named {made.name!r} is the registered one: another rule set takes"
                                     " another name", code="rules.name")
        return known or made

    @property
    def core(self) -> "_core.RuleTables":
        """The rule set's tables as the compiled kernels read them (built once per rule set)."""
        try:
            return self.__dict__["_core"]  # type: ignore[no-any-return]
        except KeyError:
            core = _tables(self)  # equal rule sets share one
            object.__setattr__(self, "_core", core)
            return core

    def rank_table(self) -> Any:
        """The (21, 21) table of the rank of the hand of two faces under this hand order."""
        return HAND_ORDERS[self.hand_order]()

    @property
    def order(self) -> HandOrder:
        """The hand order (:class:`paigow.hands.HandOrder`): ranks, rank count, zero ranks."""
        return HAND_ORDERS[self.hand_order]


def _enum(kind: Any, value: object, what: str) -> Any:
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        raise InvalidOptionError(f"unknown {what} {value!r}: use " + ", ".join(repr(k.value) for k in kind),
                                 code="rules.option") from None


BANKS = ("rotation", "house", "house-covers", "winner-keeps")
"""How the bank moves (:attr:`RuleSet.bank`): Macau's rotation among the positions, the US house's
(offered in turn), the home game's house covering every bet, or its winner keeping the bank."""

_DEFAULTS = RuleSet("defaults")

MACAU = RuleSet("macau")
"""Portaria 96/85/M with the commission of Portaria 58/91/M: today's behaviour everywhere."""

US = RuleSet("us", hand_order="us", zero_rule=ZeroRule.BOTH, dice=3, banker_sets="foxwoods", high_at_least_low=True,
             bank="house")
"""Pai Gow Tiles as US casinos deal it (docs/rules.md §3.1): Gee Joon tiles lowest as singles,
zero against zero to the banker in both hands, copies to the banker, three dice, the high hand
at least the low hand, the banker's hand set by the Foxwoods house way (``paigow.houseway``),
the house banking by default and offering the bank in turn (``bank="house"``), commission 5%. The 4.76% commission some houses take (20 to 21) is
``US.replace(name="us-4.76", commission=Fraction(1, 21))``."""

HOME = RuleSet("home", hand_order="home", zero_rule=ZeroRule.BOTH, commission=Fraction(0), dice=0, max_cuts=0,
               bank="house-covers", doors=3, rounds_per_shuffle=2, bank_commission=False)
"""The Chinese home game 推牌九 (docs/rules.md Part 4): the home hand order (天高九 and 地高九
above the points, both Gee Joon tiles lowest as singles, every zero equal), zero against zero
and copies to the banker in both hands, a banker and three doors, two rounds a shuffle, no dice,
no commission, the house banking and covering every bet. Its options are fields:
``hand_order="home-military"`` (天 or 地 take military partners only: 天 + 人 is 0 points),
``copies="neutral"``, ``rounds_per_shuffle=1``, ``dice=2``, ``commission=Fraction(1, 25)`` (4%
on door wins), ``payout="halves"`` (front 1 to 1, back 2 to 1), ``bank="winner-keeps"``, ``tiles_per_hand=2``
(the two-tile game). Each
door's holder sets his own tiles: a fixed setting rule is a strategy, never the rules."""

RULE_SETS: dict[str, RuleSet] = {"macau": MACAU, "us": US, "home": HOME}
"""The rule sets known by name (``--rules NAME`` on the command line, ``"rules"`` in records)."""

RulesLike = Union[RuleSet, str, None]
"""A rule set, its name, or None for :data:`MACAU`."""


def clean_rules(rules: RulesLike) -> RuleSet:
    """``rules`` as a :class:`RuleSet`: a rule set, the name of one in :data:`RULE_SETS`, or None."""
    if rules is None:
        return MACAU
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        found = RULE_SETS.get(rules.strip().lower())
        if found is None:
            raise InvalidOptionError(
                f"unknown rule set {rules[:40]!r}: the rule sets are " + ", ".join(map(repr, RULE_SETS)),
                code="rules.unknown")
        return found
    raise TypeError(f"rules are a RuleSet or its name, not {rules!r}")


def check_banker_copies(rules: RuleSet, what: str) -> None:
    """Refuse neutral copies (:attr:`Copies.NEUTRAL`) where a kernel counts each hand as won or
    not won (``what``: the advice tables, the solver): those kernels read the zero rule's and
    the hand order's thresholds, where a copy is the banker's. The comparison (``paigow.compare``,
    ``paigow.outcomes``), the game value of two strategies and the simulation honour them.

    >>> check_banker_copies(MACAU.replace(name="n", copies="neutral"), "advice")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidOptionError: advice counts a copy as the banker's: rule set 'n' makes copies neutral (compare, outcomes and game values honour it)
    """
    if rules.copies is Copies.NEUTRAL:
        raise InvalidOptionError(f"{what} counts a copy as the banker's: rule set {rules.name!r} makes copies neutral"
                                 " (compare, outcomes and game values honour it)", code="rules.neutral")


def commission_of(rules: RuleSet, commission: "bool | RateLike | None") -> Fraction:
    """The one cleaner of a commission argument: ``True`` is the rule set's rate, ``False``, None
    or 0 none, anything else a rate (:func:`paigow.commission.rate`)."""
    if commission is None or commission is False:
        return Fraction(0)
    if commission is True:
        return rules.commission
    return rate(commission)


@functools.lru_cache(maxsize=None)
def _tables(rules: RuleSet) -> "_core.RuleTables":
    order = rules.order
    faces = order()
    zero = order.zero_ranks
    front = zero if rules.zero_rule in (ZeroRule.FRONT, ZeroRule.BOTH) else 0
    back = zero if rules.zero_rule is ZeroRule.BOTH else 0
    neutral = rules.copies is Copies.NEUTRAL
    return _core.RuleTables([[faces[a.face][b.face] for b in DECK] for a in DECK], order.rank_count, front, back,
                            neutral)

