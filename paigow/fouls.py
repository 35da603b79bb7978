"""A player's own setting where the rules make the high hand rank at least the low hand
(docs/rules.md §3.1: the US game; Macau's dealer arranges the hands, so nothing fouls there).

A player of the US game places the two hands himself, a low (front) hand and a high (back) hand.
The high hand must rank at least the low hand in the rule set's hand order; equal ranks (a copy)
are allowed. A fouled hand is re-set by the house way at the table (``paigow.houseway``).

>>> fouls("6-6 6-6", "4-4 1-2", rules="us")      # Pair of Teen in front of Yun 4
True
>>> fouls("6-6 6-6", "4-4 1-2")                  # Macau: the dealer arranges the hands
False
>>> player_setting("4-4 1-2", "6-6 6-6", rules="us")
Setting.parse('4-4 1-2 | 6-6 6-6')
>>> player_setting("6-6 6-6", "4-4 1-2", rules="us")
Traceback (most recent call last):
...
paigow.errors.IllegalHandError: foul: the high hand 4-4 1-2 (Yun 4) ranks below the low hand 6-6 6-6 (Pair of Teen) under the us rules, which need the high hand to rank at least the low hand (docs/rules.md §3.1)
"""

from __future__ import annotations

from collections.abc import Iterable

from paigow.errors import IllegalHandError
from paigow.hands import Hand
from paigow.rules import RulesLike, clean_rules
from paigow.setting import Setting
from paigow.tiles import TileLike, parse_tiles, split_tile_text

__all__ = ["fouls", "player_setting", "check_setting"]

def _hands(low: "Hand | str | Iterable[TileLike]", high: "Hand | str | Iterable[TileLike]") -> tuple[Hand, Hand]:
    lo, hi = Hand.parse(low), Hand.parse(high)
    parse_tiles(lo.tiles + hi.tiles)  # four tiles the deck can hold
    return lo, hi


def fouls(low: "Hand | str | Iterable[TileLike]", high: "Hand | str | Iterable[TileLike]",
          rules: RulesLike = None) -> bool:
    """Whether placing ``low`` in front and ``high`` behind fouls under ``rules``: the rules make
    the high hand rank at least the low hand (``high_at_least_low``) and it ranks below it in
    their hand order. Under rules without that requirement (Macau's) nothing fouls."""
    r = clean_rules(rules)
    lo, hi = _hands(low, high)
    return r.high_at_least_low and hi.rank_in(r.hand_order) < lo.rank_in(r.hand_order)


def player_setting(low: "Hand | str | Iterable[TileLike]", high: "Hand | str | Iterable[TileLike]",
                   rules: RulesLike = None) -> Setting:
    """The setting of a player who places ``low`` in front and ``high`` behind, checked under
    ``rules``: a foul is :class:`~paigow.errors.InvalidHandError` (code ``setting.foul``) naming
    both hands' tiles. Under Macau's rules the dealer arranges the two hands (smaller in front)."""
    r = clean_rules(rules)
    lo, hi = _hands(low, high)
    if r.high_at_least_low and hi.rank_in(r.hand_order) < lo.rank_in(r.hand_order):
        raise IllegalHandError(
            f"foul: the high hand {hi} ({hi.name_en}) ranks below the low hand {lo} ({lo.name_en}) under the "
            f"{r.name} rules, which need the high hand to rank at least the low hand (docs/rules.md §3.1)",
            code="setting.foul")
    return Setting._of(lo, hi)


def check_setting(text: str, rules: RulesLike = None) -> Setting:
    """:func:`player_setting` of a setting written ``low | high`` in the order the player placed
    the hands (the four tiles read together, as :meth:`Setting.parse` reads them).

    >>> check_setting("5-5 4-6 | 3-3 1-5", rules="us").name_en
    'Mooy 0 | Chong 2'
    >>> check_setting("3-3 1-5 | 5-5 4-6", rules="us")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalHandError: foul: the high hand 5-5 4-6 (Mooy 0) ranks below the low hand 3-3 1-5 (Chong 2) under the us rules, which need the high hand to rank at least the low hand (docs/rules.md §3.1)
    """
    Setting.parse(text)  # the errors of a malformed setting
    low, high = text.split("|")
    t = parse_tiles(list(split_tile_text(low)) + list(split_tile_text(high)), count=4)
    return player_setting(Hand._of(t[0], t[1]), Hand._of(t[2], t[3]), rules)
