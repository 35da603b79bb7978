"""House ways: how the dealer of the US game sets the house's hand (docs/rules.md §3.2).

A house way is a setting strategy that says *why*: :meth:`HouseWay.set` gives the setting of
four tiles and the rule that decided it. Ways are over the US hand order (docs/rules.md §3.1),
in which the two Gee Joon tiles are equal as singles and the two faces of a mixed rank are equal
for every purpose, so a way sets the 3,620 *distinct hands* (multisets of four of the 16 tile
classes: Table 1's ranks with 2-4 and 1-2 as one) and every hand of one class multiset alike.

A way is a *way file* (docs/houseway.md): an ordered list of rules, each with when it applies,
what it chooses, an id and its text in four languages, checked when read and compiled once
into the way's decisions. The ways shipped (``paigow/houseway/ways/*.way``):

- :data:`FOXWOODS`: the Foxwoods house way, as docs/rules.md §3.2 reads it.
- :data:`CANBERRA`: the Casino Canberra house way, as docs/houseway.md reads it.

A casino's own way is ``house_way("path/to/way.way")``; a finished table of one row per distinct
hand is still read (:func:`read_house_way`, ``.csv``), and :meth:`HouseWay.export` writes it.

>>> d = house_way("foxwoods").set("6-6 6-6 4-4 1-6")
>>> str(d.setting), d.rule
('6-6 1-6 | 6-6 4-4', 'pair C: split 2s/12s')
>>> d = house_way("foxwoods").set("1-1 3-5 3-4 1-3")
>>> str(d.setting), d.rule
('1-3 3-4 | 1-1 3-5', 'WGH exception: Gong over High Nine')
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any

from _tablegames.lazy import LazyNames
from paigow.errors import InvalidStrategyError
from paigow.houseway.cache import WAYS_DIR as _WAYS
from paigow.houseway.classes import DISTINCT_HAND_COUNT, distinct_hands, hand_class
from paigow.houseway.ruled import RuledWay, ShippedWay, read_way_file
from paigow.houseway.way import FILE_HEADER, HouseWay, WaySetting
from paigow.tiles import clip_text

if TYPE_CHECKING:
    from paigow.houseway.csvfile import read_house_way
    from paigow.houseway.format import WayFile, WayFileError

# The way file's reader and the table file's load when first used: advice against a shipped way
# reads neither (its cache is checked by the file's hash).
_lazy = LazyNames(globals(), {"paigow.houseway.csvfile": ("read_house_way",),
                              "paigow.houseway.format": ("WayFile", "WayFileError")})


def __getattr__(name: str) -> Any:
    return _lazy.get(name)


def __dir__() -> list[str]:
    return _lazy.names()

__all__ = ["HouseWay", "WaySetting", "RuledWay", "ShippedWay", "WayFileError", "FOXWOODS", "CANBERRA", "HOUSE_WAYS",
           "house_way", "read_house_way", "read_way_file", "shipped_way", "distinct_hands", "hand_class",
           "DISTINCT_HAND_COUNT", "FILE_HEADER", "RULE_IDS", "foxwoods_without", "CANBERRA_RULE_IDS",
           "canberra_without", "is_house_way", "SHIPPED", "rule_id"]

SHIPPED = ("foxwoods", "canberra")
"""The ways shipped as way files in ``paigow/houseway/ways``."""


def _shipped_text(name: str) -> str:
    return (_WAYS / f"{name}.way").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def shipped_way(name: str) -> WayFile:
    """A shipped way's file, read and checked."""
    from paigow.houseway.format import read_way_text

    return read_way_text(_shipped_text(name), f"{name}.way")


RULE_IDS = ("0", "1two", "1A", "1B", "1C", "1D", "1E", "1F", "2TD", "2wong11", "2gong", "2",
            "3C", "3D", "3E", "3F", "3G", "3H", "3I", "3J", "3K", "3high", "3A", "3B")
"""The Foxwoods rules by id (docs/rules.md §3.2), which a variant may leave out (tests show with
it that each rule decides its hands: :func:`foxwoods_without`)."""

CANBERRA_RULE_IDS = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "1A", "1B", "1C", "1D", "1E", "2",
                     "3", "3twelve", "3low", "4points", "4low", "4high", "4tile")
"""The Casino Canberra rules by id (docs/houseway.md), which a variant may leave out
(:func:`canberra_without`): exceptions A-I, pair rules 1 A-E, rule 2, rule 3 (Wong, Gong and
High Nine) with its "use the 12" and "low-3 or less" clauses, and rule 4's clauses 1, 2, 3, 5.1."""


def foxwoods_without(*rules: str) -> HouseWay:
    """The Foxwoods way with the rules of ids ``rules`` left out (a rule's id or tag in its way
    file; :data:`RULE_IDS`). For tests and for studying what a rule does.

    >>> foxwoods_without("0").set("6-6 6-6 1-2 1-3").rule
    'pair C: split 2s/12s'
    """
    return RuledWay(shipped_way("foxwoods"), frozenset(rules))


def canberra_without(*rules: str) -> HouseWay:
    """The Casino Canberra way with the rules of ids ``rules`` (:data:`CANBERRA_RULE_IDS`) left
    out, as :func:`foxwoods_without` does for Foxwoods.

    >>> canberra_without("A").set("6-6 6-6 4-5 5-6").rule
    'pairs: keep the pair'
    """
    return RuledWay(shipped_way("canberra"), frozenset(rules))


FOXWOODS: HouseWay = ShippedWay("foxwoods", functools.partial(_shipped_text, "foxwoods"),
                                functools.partial(shipped_way, "foxwoods"))
"""The Foxwoods house way (docs/rules.md §3.2)."""

CANBERRA: HouseWay = ShippedWay("canberra", functools.partial(_shipped_text, "canberra"),
                                functools.partial(shipped_way, "canberra"))
"""The Casino Canberra house way (docs/houseway.md)."""

HOUSE_WAYS: dict[str, HouseWay] = {"foxwoods": FOXWOODS, "canberra": CANBERRA}
"""The house ways known by name (``banker_sets`` of a rule set, ``--way NAME``)."""

_FILE_ENDINGS = (".csv", ".way")


def house_way(way: "str | os.PathLike[str] | HouseWay") -> HouseWay:
    """A house way: one of :data:`HOUSE_WAYS` by name, or read from a file (a path): a way file
    (``.way``, rules) or a house-way table (``.csv``, one row per distinct hand).

    >>> house_way("Foxwoods") is FOXWOODS
    True
    >>> house_way("texas")
    Traceback (most recent call last):
    ...
    paigow.errors.InvalidStrategyError: unknown house way 'texas': the ways are 'foxwoods', 'canberra', or a house-way file (.way or .csv)
    """
    if isinstance(way, HouseWay):
        return way
    if isinstance(way, str) and way.strip().lower() in HOUSE_WAYS:
        return HOUSE_WAYS[way.strip().lower()]
    if isinstance(way, os.PathLike) or (isinstance(way, str) and (way.endswith(_FILE_ENDINGS) or os.path.sep in way)):
        if str(os.fspath(way)).lower().endswith(".way"):
            return read_way_file(way)
        from paigow.houseway.csvfile import read_house_way

        return read_house_way(way)
    if not isinstance(way, str):
        raise TypeError(f"a house way is a name, a file or a HouseWay, not {way!r}")
    raise InvalidStrategyError(f"unknown house way {clip_text(way)!r}: the ways are "
                               + ", ".join(map(repr, HOUSE_WAYS)) + ", or a house-way file (.way or .csv)",
                               code="houseway.unknown")


def rule_id(way: str, rule: str) -> str | None:
    """The id (in its way file) of the rule of the way named ``way`` (:data:`HOUSE_WAYS`) whose
    English text is ``rule``, as :attr:`WaySetting.rule` gives it: the first rule of that text
    where several share one (their texts in every language are the same). None for a way not
    known by name or without rules (a house-way table) and for a text it has not.

    >>> rule_id("foxwoods", "pair D: split 9s"), rule_id("foxwoods", "no such rule"), rule_id("texas", "x")
    ('1D', None, None)
    """
    w = HOUSE_WAYS.get(way.strip().lower())
    return w.rule_ids().get(rule) if isinstance(w, RuledWay) else None


def is_house_way(x: object) -> bool:
    """``x`` names a house way rather than another strategy: a :class:`HouseWay`, a name of
    :data:`HOUSE_WAYS`, or a house-way file (a path ending ``.way`` or ``.csv``).

    >>> is_house_way("Foxwoods"), is_house_way("way.csv"), is_house_way("max-back")
    (True, True, False)
    """
    if isinstance(x, HouseWay):
        return True
    if isinstance(x, str):
        return x.strip().lower() in HOUSE_WAYS or x.strip().lower().endswith(_FILE_ENDINGS)
    return isinstance(x, os.PathLike) and str(os.fspath(x)).lower().endswith(_FILE_ENDINGS)
