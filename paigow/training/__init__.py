"""Training and certification of dealers (croupiers): drills as values, the challenge per house
way, answer records and statistics, certificates (docs/training.md).

A drill draws an exercise from a seed, checks an answer and explains it; :func:`drill` makes one
from its key (``"houseway:foxwoods"``, ``"payout:macau"``), so an exercise is named by (drill key,
seed, language) alone. :func:`challenge` gives a way's challenge.

>>> d = drill("compare:us")
>>> ex = d.draw(42, "zh-Hant")
>>> ex.choices
('閒家贏', '莊家贏', '和')
>>> d.check(ex, ex.expected).correct, drill(d.key) == d
(True, True)
>>> sorted(DRILLS)
['best', 'challenge', 'compare', 'hand-name', 'houseway', 'payout', 'pcc', 'rank', 'tile-name', 'tile-pips']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from paigow.errors import InvalidOptionError
from paigow.houseway import HOUSE_WAYS, HouseWay
from paigow.training.challenge import PASS_MARK, SIZE, Challenge, ChallengeDrill, ChallengeResult, challenge
from paigow.training.core import Check, Drill, Exercise
from paigow.training.naming import Compare, HandName, Rank, TileName, TilePips
from paigow.training.payouts import PayoutDrill, PccDrill
from paigow.training.records import (AnswerRecord, Stats, by_drill, by_rule, by_trainee, group_view,
                                     issue_certificate, missed_most, summary, verify_certificate)
from paigow.training.texts import LANGS
from paigow.training.ways import BestSettingDrill, HouseWayDrill

__all__ = ["Drill", "Exercise", "Check", "drill", "DRILLS", "LANGS",
           "TileName", "TilePips", "HandName", "Rank", "Compare", "HouseWayDrill", "BestSettingDrill",
           "PayoutDrill", "PccDrill", "challenge", "Challenge", "ChallengeDrill", "ChallengeResult", "SIZE",
           "PASS_MARK", "AnswerRecord", "Stats", "summary", "by_rule", "by_drill", "by_trainee", "missed_most",
           "group_view", "issue_certificate", "verify_certificate"]

DRILLS: dict[str, str] = {
    "tile-name": "name a tile shown by its pips",
    "tile-pips": "find the tile of a name",
    "hand-name": "name a hand of two tiles",
    "rank": "which of two hands ranks higher (rank:macau, rank:us)",
    "compare": "who wins, the player or the banker: copies and the zero rule (compare:macau, compare:us)",
    "houseway": "set a hand by a house way (houseway:foxwoods, houseway:canberra, houseway:WAY#RULE)",
    "best": "set a hand best against the equilibrium (best:player:macau, best:banker:us:paid)",
    "payout": "settle a round: each payment and the commission (payout:macau, payout:us)",
    "pcc": "pay a Fish-Prawn-Crab slip for a roll",
    "challenge": "a house way's challenge, hand by hand (challenge:foxwoods)",
}
"""The drills by name, with what each trains and the keys it takes."""


def drill(key: str, ways: Optional[Mapping[str, HouseWay]] = None, files: bool = True) -> Drill:
    """The drill of ``key`` (:attr:`Drill.key`'s form); ``ways`` adds house ways by name (ways
    loaded from files, as a service keeps them); ``files=False`` refuses a house-way file named
    in the key (a service: its clients name no file of the server's). Unknown keys are
    InvalidOptionError (code ``training.drill``)."""
    if not isinstance(key, str):
        raise InvalidOptionError(f"a drill is named by text such as 'houseway:foxwoods', not {key!r}",
                                 code="training.drill")
    name, _, rest = key.strip().partition(":")
    args = rest.split(":") if rest else []
    if name in ("houseway", "challenge"):
        way_name, _, rule = rest.partition("#")
        way: "str | HouseWay" = (ways or {}).get(way_name, way_name or "foxwoods")
        if not files and isinstance(way, str) and way.strip().lower() not in HOUSE_WAYS:
            known = sorted(set(HOUSE_WAYS) | set(ways or {}))
            raise InvalidOptionError(f"unknown house way {way[:60]!r}: the ways are {', '.join(known)}",
                                     code="training.way")
        if name == "challenge":
            return challenge(way).drill()
        return HouseWayDrill(way, rule)
    makers = {"tile-name": TileName, "tile-pips": TilePips, "hand-name": HandName, "rank": Rank, "compare": Compare,
              "payout": PayoutDrill, "pcc": PccDrill}
    if name in makers and len(args) <= (0 if name in ("tile-name", "tile-pips", "hand-name", "pcc") else 1):
        return makers[name](*args)  # type: ignore[no-any-return]
    if name == "best" and len(args) <= 3 and (len(args) < 3 or args[2] == "paid"):
        seat, rules = (args + ["player", "macau"][len(args):])[:2]
        return BestSettingDrill(seat, rules, paid=len(args) == 3)
    raise InvalidOptionError(f"unknown drill {key[:60]!r}: the drills are {', '.join(DRILLS)} "
                             "(with their keys, docs/training.md)", code="training.drill")
