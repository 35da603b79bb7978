"""One round at the table (docs/rules.md §1.6-1.8): the :class:`Round` state machine.

Its state is one frozen record (``.state``). Every action comes in three: ``verify_x()`` raises a
:class:`~paigow.errors.PaigowError` saying why the action is not allowed and otherwise returns
the cleaned value the action will use, ``can_x()`` answers yes or no, and ``x()`` acts and
returns a frozen record of what happened. A refused action leaves the table exactly as it was.
Every action is logged as a frozen event (:mod:`paigow.table.events`); the log is the round's
record, which :mod:`paigow.table.records` writes as JSON and replays.

The class is built of its concepts, each a part in its own module, each part building on the one
before: what every part reads (:mod:`paigow.table.round_base`: the state, the bank, who plays and
holds what), the bank (:mod:`~paigow.table.round_bank`), betting (:mod:`~paigow.table.round_betting`),
dealing (:mod:`~paigow.table.round_dealing`), setting (:mod:`~paigow.table.round_setting`) and
settling (:mod:`~paigow.table.round_settling`); its values are :mod:`~paigow.table.round_state`'s
and a simulation's strategies :mod:`~paigow.table.round_strategies`'.

>>> r = Round(banker=0, seed=7)
>>> r.set_stake(1000)
Share(party='P0', stake=1000)
>>> r.bet(1, 100), r.bet(1, 300, bettor="ann")
(Bet(position=1, bettor='P1', amount=100), Bet(position=1, bettor='ann', amount=300))
>>> r.holder(1)          # the largest bet sets the tiles (Art. 7.1)
'ann'
>>> _ = r.shuffle()
>>> r.cut(3, 2)
Cut(position=3, stacks=2)
>>> r.shake((3, 5, 6, 2)).total, r.first_position
(16, 7)
>>> r.bet(2, 100)
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: no bet may be placed or changed after the shake (Art. 4.7)
>>> _ = r.deal()
>>> r.settle()
Traceback (most recent call last):
...
paigow.errors.IllegalActionError: positions 1, 0 have not set their tiles: only the holder sets them (Art. 7.1); set each hand, or pass a strategy to simulate
>>> result = r.settle("max-back")          # a simulation: a strategy sets them, and says so
>>> result.strategies[1], sum(result.ledger.changes.values()) + result.ledger.commission
('max-back', 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from paigow.errors import IllegalActionError, InvalidOptionError
from paigow.rules import RulesLike, clean_rules
from paigow.table.dealing import make_rng
from paigow.table.positions import HOUSE, betting_order, check_amount, check_position
from paigow.table.round_settling import SettlingMixin
from paigow.table.round_state import (
    MAX_DECLARATION,
    MAX_STRATEGY_NAME,
    Derived,
    Phase,
    RoundResult,
    RoundState,
    StrategyLike,
    check_declare_first,
    check_players,
    check_strategy_name,
    default_players,
)
from paigow.table.round_strategies import choose_setting, default_strategy
from paigow.table.settlement import Bet, Options

SIMULATED_DECLARATION = "from the first stack"
"""The dealing method a simulated round declares itself before its shake (docs/rules.md §1.7)."""

__all__ = [
    "SIMULATED_DECLARATION",
    "Phase",
    "RoundState",
    "RoundResult",
    "Round",
    "default_players",
    "default_strategy",
    "choose_setting",
    "simulate_round",
    "MAX_DECLARATION",
    "MAX_STRATEGY_NAME",
    "check_players",
    "check_strategy_name",
]


# -- the round --------------------------------------------------------------------------------------
class Round(SettlingMixin):
    """One round at the table, from the stake and the bets to the ledger.

    ``banker`` is the banker's position; ``players`` names the player of each position (``P0``
    … by default; a bet's bettor defaults to the position's player). ``rules`` is the rule set
    (:func:`paigow.rules.clean_rules`: a :class:`~paigow.rules.RuleSet`, its name, or None for
    :data:`~paigow.rules.MACAU`): it gives the default ``options`` (its commission and
    rounding), the number of dice and how many player positions may cut. ``house_stake`` puts the
    house's share in the bank (Art. 3.1); ``min_stake`` is a stake carried from the previous
    round that may not be lowered (Art. 4.9). Randomness comes from ``rng``, or from
    ``random.Random(seed)`` when a seed is given, else from the operating system.

    ``live`` says, from the start, whether this is a live table or a simulation (docs/rules.md
    §1.8). At a live table only the holders set the tiles (Art. 7.1-7.2): no action lets a
    strategy set a hand (``set_hand(..., strategy=)``, ``set_players``, ``settle(strategy)``
    are refused, ``live.strategy``). A simulation (the default, as every record made before
    the flag was read) may set hands by a strategy; a hand set so never gives rise to an Art.
    7.2 claim.

    ``house_banks`` (by default: whether the rule set's ``bank`` is ``"house"``, the US game)
    makes the house the banker: the banker's position is the dealer's seat, the stake is the
    house's, and its hand is set by the rule set's house way (:meth:`house_way`), as is the hand
    of a bank the house shares under such rules (docs/rules.md §3.1).
    """

    def __init__(
        self,
        banker: int,
        *,
        players: Sequence[str] | None = None,
        options: Options | None = None,
        rules: RulesLike = None,
        house_stake: int | None = None,
        min_stake: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
        live: bool = False,
        house_banks: bool | None = None,
        declare_first: bool | None = None,
    ) -> None:
        check_position(banker, "banker")
        if not isinstance(live, bool):
            raise TypeError(f"live is True (a live table) or False (a simulation), not {live!r}")
        declare_first = check_declare_first(declare_first, live)
        ruleset = clean_rules(rules)
        if ruleset.doors != 7 or ruleset.rounds_per_shuffle != 1 or ruleset.bank not in ("rotation", "house") \
                or ruleset.tiles_per_hand != 4:
            raise InvalidOptionError(f"the table deals eight positions a round from one shuffle: rule set "
                                     f"{ruleset.name!r} ({ruleset.doors} doors, {ruleset.rounds_per_shuffle} rounds a "
                                     f"shuffle, bank {ruleset.bank!r}) is dealt by the home table"
                                     " (paigow.table.home)", code="rules.table")
        if house_banks is None:
            house_banks = ruleset.bank == "house"
        if not isinstance(house_banks, bool):
            raise TypeError(f"house_banks is True or False, not {house_banks!r}")
        if house_banks and ruleset.banker_sets == "holder":
            raise IllegalActionError(f"the house banks by a house way, and the {ruleset.name!r} rules name none"
                                     " (banker_sets)", code="house_way.none")
        if options is None:
            options = Options(ruleset.commission, ruleset.rounding)
        if not isinstance(options, Options):
            raise TypeError(f"options must be Options, not {options!r}")
        if not isinstance(min_stake, int) or isinstance(min_stake, bool):
            raise TypeError(f"min_stake is a whole number of minor units (an int), not {min_stake!r}")
        if min_stake:
            check_amount(min_stake, "min_stake")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {rng!r}")
        self._rng = rng if rng is not None else make_rng(seed)
        self._state = RoundState(banker, check_players(players), options, min_stake, rules=ruleset, live=live,
                                 house_banks=house_banks, declare_first=declare_first)
        self._cache: tuple[RoundState | None, Derived | None] = (None, None)
        if house_stake is not None:
            self.co_bank(HOUSE, house_stake)

    def __repr__(self) -> str:
        s = self._state
        return (f"<Round banker={s.banker} phase={s.phase.value} bank={self.bank} bets={len(s.bets)}"
                f" frozen={s.frozen}>")

    def __eq__(self, other: object) -> bool:
        """Two rounds are equal when their states are (randomness apart)."""
        return isinstance(other, Round) and other._state == self._state

    __hash__ = None  # type: ignore[assignment]


# -- whole rounds -----------------------------------------------------------------------------------
def simulate_round(
    seed: int | None = None,
    *,
    banker: int = 0,
    stake: int = 1000,
    bets: "Mapping[int, int] | Iterable[Bet] | None" = None,
    house_stake: int | None = None,
    strategy: StrategyLike | None = None,
    banker_strategy: StrategyLike | None = None,
    options: Options | None = None,
    players: Sequence[str] | None = None,
    rules: RulesLike = None,
) -> RoundResult:
    """A whole simulated round: stake, bets (100 on every player position by default),
    shuffle, shake, deal, settings by strategy (the equilibrium by default), outcomes and
    ledger, by ``rules`` (Macau's by default). The same seed replays the same round.

    >>> simulate_round(5) == simulate_round(5)
    True
    >>> r = simulate_round(5, banker=2, bets={3: 200, 6: 50})
    >>> [p.position for p in r.plays], r.ledger.bank, r.strategies[3]
    ([3, 6], 1000, 'equilibrium')
    """
    return simulated_round(seed, banker=banker, stake=stake, bets=bets, house_stake=house_stake,
                           strategy=strategy, banker_strategy=banker_strategy, options=options,
                           players=players, rules=rules).result  # type: ignore[return-value]


def simulated_round(
    seed: int | None = None,
    *,
    banker: int = 0,
    stake: int = 1000,
    bets: "Mapping[int, int] | Iterable[Bet] | None" = None,
    house_stake: int | None = None,
    strategy: StrategyLike | None = None,
    banker_strategy: StrategyLike | None = None,
    options: Options | None = None,
    players: Sequence[str] | None = None,
    rules: RulesLike = None,
) -> Round:
    """:func:`simulate_round`, returning the settled :class:`Round` (its record is
    :func:`paigow.table.records.round_record`)."""
    r = Round(banker, players=players, options=options, rules=rules, house_stake=house_stake, seed=seed)
    r.set_stake(stake)
    if bets is None:
        bets = {p: 100 for p in betting_order(banker)}
    if isinstance(bets, Mapping):
        for p, amount in bets.items():
            r.bet(p, amount)
    else:
        for b in bets:
            r.bet(b.position, b.amount, b.bettor)
    r.shuffle()
    if r.rules.bank == "rotation":
        r.declare(SIMULATED_DECLARATION)   # a simulation declares its method itself (Art. 4.4)
    r.shake()
    r.deal()
    r.settle(default_strategy() if strategy is None else strategy, banker_strategy)
    return r
