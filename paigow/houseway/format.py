"""The house-way file: a way as an ordered list of rules a games manager reads and edits
(docs/houseway.md, "The way file"). This module reads and checks the text; :mod:`.compile`
turns the rules into the way's decisions.

A way file is plain UTF-8 lines (an own small format rather than TOML: the project supports
Python 3.10, whose standard library has no TOML reader, and a rule reads best as one line per
clause)::

    way foxwoods
    title Foxwoods
    source Foxwoods Training Center booklet (February 1997)

    rule 1D
      en       pair D: split 9s
      zh-Hant  對子 D：拆 9 點對
      zh-Hans  对子 D：拆 9 点对
      pt       par D: separar os 9
      when     pair of nine, others in teen-day/10s
      only     split

>>> w = read_way_text(EXAMPLE, "example")
>>> w.name, [r.id for r in w.rules], w.rules[0].steps
('example', ['1D', 'max'], (('only', None, ((('split',),),)), ('max_high', None, None)))
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Optional

from paigow.errors import InvalidStrategyError
from paigow.houseway.cache import text_digest
from paigow.houseway.classes import CLASS_NAMES, GROUPS, hand_class
from paigow.tiles import Tile, clip_text

__all__ = ["WayFileError", "Rule", "WayFile", "read_way_text", "LANGUAGES", "KINDS", "EXAMPLE", "text_digest"]

LANGUAGES = ("en", "zh-Hant", "zh-Hans", "pt")
"""The languages every rule's text is given in: the dealer's page's four."""

KINDS = {"wong": 1, "gong": 2, "high-nine": 4, "wgh": 7, "pair": 8}
"""What a hand may be, by name: Teen or Day with a nine (Wong), an eight (Gong), a seven (High
Nine); ``wgh`` any of the three; ``pair`` two tiles of one class (Gee Joon too)."""

RANKS = {"high-3": "3-3 1-6", "high-nine": "1-1 3-4"}
"""Named hands to compare with: a High 3 (3 points, Chong the high tile), a High Nine."""

EXAMPLE = """way example
title Example
rule 1D
  en       pair D: split 9s
  zh-Hant  對子 D：拆 9 點對
  zh-Hans  对子 D：拆 9 点对
  pt       par D: separar os 9
  when     pair of nine, others in teen-day/10s
  only     split
rule max
  en       other hands: max high
  zh-Hant  其他牌：後手最大
  zh-Hans  其他牌：后手最大
  pt       outras mãos: a mão alta máxima
"""

STEPS = ("only", "prefer", "require", "max-high", "max-low", "most-points", "same-points", "all",
         "keep-if-higher", "place")
"""A rule's steps, in the order written: which of the hand's three settings remain."""




class WayFileError(InvalidStrategyError):
    """A way file that does not read or check: the message names the line and the reason."""

    code = "houseway.way"


@dataclasses.dataclass(frozen=True)
class Rule:
    """One rule of a way file: when it applies (``when``, alternatives of conjunctions of hand
    tests), what it chooses (``steps``), its id, tags and texts, and the line it starts on."""

    id: str
    line: int
    texts: dict[str, str]
    tags: frozenset[str]
    when: tuple[Any, ...]
    steps: tuple[Any, ...]

    @property
    def text(self) -> str:
        """The rule's English text, as :attr:`WaySetting.rule` gives it."""
        return self.texts["en"]


@dataclasses.dataclass(frozen=True)
class WayFile:
    """A way file read and checked: its name, title, source and rules, in order."""

    name: str
    title: str
    source: str
    rules: tuple[Rule, ...]
    where: str
    digest: str = ""
    """SHA-256 of the file's text (:func:`paigow.houseway.cache.text_digest`)."""

    def tags(self) -> frozenset[str]:
        """Every id and tag a variant may leave out (the rules' ids and tags, the steps' tags)."""
        out = set()
        for r in self.rules:
            out |= {r.id} | r.tags | {s[1] for s in r.steps if s[1]}
        return frozenset(out)


class _Bad(Exception):
    pass


def _classes(text: str) -> frozenset[int]:
    """A set of classes: names, groups or tiles (pips) joined by ``/``."""
    out: set[int] = set()
    for word in text.split("/"):
        w = word.strip()
        found = _CLASS_BY_NAME.get(w.lower())
        if found is None and w.lower() in GROUPS:
            found = GROUPS[w.lower()]
        if found is None and re.fullmatch(r"[1-6]-[1-6]", w):
            try:
                found = frozenset({hand_class(Tile.parse(w))})
            except Exception:  # noqa: BLE001 - a face not in the deck is named below
                found = None
        if found is None:
            raise _Bad(f"unknown tile {clip_text(w)!r} (a class: {', '.join(CLASS_NAMES.values())}; "
                       f"a group: {', '.join(GROUPS)}; or pips such as 6-6)")
        out |= found
    return frozenset(out)


_CLASS_BY_NAME = {n.lower(): frozenset({c}) for c, n in CLASS_NAMES.items()}


def _kinds(text: str) -> int:
    mask = 0
    for w in text.split("/"):
        if w not in KINDS:
            raise _Bad(f"unknown kind of hand {clip_text(w)!r} (one of {', '.join(KINDS)})")
        mask |= KINDS[w]
    return mask


def _setting_atom(text: str) -> tuple[Any, ...]:
    w = text.split()
    if text == "keep":
        return ("keep",)
    if text == "split":
        return ("split",)
    if text == "best in both hands":
        return ("best",)
    m = re.fullmatch(r"high tile (not )?in (low|high)", text)
    if m:
        return ("top_in", m.group(2), not m.group(1))
    if len(w) == 3 and w[0] == "together":
        return ("together", _classes(w[1]), _classes(w[2]))
    if len(w) >= 3 and w[0] in ("low", "high"):
        side = w[0]
        if w[1] == "is" and len(w) == 3:
            return ("is", side, _kinds(w[2]))
        if w[1] == "has" and len(w) == 3:
            return ("has", side, _classes(w[2]))
        if w[1] == "points" and len(w) == 4 and w[2] in (">=", "<=", "=") and w[3].isdigit():
            return ("points", side, w[2], int(w[3]))
        rest = " ".join(w[1:])
        m = re.fullmatch(r"(at least|below) (\S+)", rest)
        if m:
            if m.group(2) not in RANKS:
                raise _Bad(f"unknown hand {clip_text(m.group(2))!r} to compare with (one of {', '.join(RANKS)})")
            return ("rank", side, ">=" if m.group(1) == "at least" else "<", m.group(2))
    raise _Bad(f"cannot read the setting test {clip_text(text)!r}")


def _hand_atom(text: str) -> tuple[Any, ...]:
    w = text.split()
    if len(w) == 2 and w[0] == "pairs" and w[1] in "012":
        return ("pairs", int(w[1]))
    if len(w) == 3 and w[:2] == ["pair", "of"]:
        return ("pair_of", _classes(w[2]))
    if len(w) == 3 and w[:2] == ["others", "in"]:
        return ("others_in", _classes(w[2]))
    if len(w) == 5 and w[:2] == ["others", "are"] and w[3] == "and":
        return ("others_are", _classes(w[2]), _classes(w[4]))
    if len(w) == 3 and w[:2] == ["has", "no"]:
        return ("has_no", _classes(w[2]))
    if len(w) == 2 and w[0] == "has":
        return ("has", _classes(w[1]))
    if len(w) == 5 and w[0] == "hand":
        return ("hand", tuple(_classes(x) for x in w[1:]))
    if len(w) >= 2 and w[0] in ("some", "no"):
        return (w[0], _setting_atom(" ".join(w[1:])))
    raise _Bad(f"cannot read the condition {clip_text(text)!r}")


def _alternatives(text: str, atom: Any) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """``a, b or c``: alternatives (``or``) of conjunctions (``,``)."""
    if not text.strip():
        raise _Bad("an empty condition")
    return tuple(tuple(atom(" ".join(part.split())) for part in alt.split(",")) for alt in text.split(" or "))


def _step(key: str, value: str) -> tuple[Any, ...]:
    tag = None
    m = re.fullmatch(r"(.*?)\s*\[([^\]\s]+)\]", value)
    if m:
        value, tag = m.group(1), m.group(2)
    if key in ("only", "prefer", "require"):
        return (key, tag, _alternatives(value, _setting_atom))
    if key == "place":
        w = value.split()
        if len(w) != 3 or w[0] not in ("low", "high"):
            raise _Bad(f"'place' is 'place low|high TILES TILES' (the two tiles of one hand), not {clip_text(value)!r}")
        return ("place", tag, (0 if w[0] == "low" else 1, _classes(w[1]), _classes(w[2])))
    if value:
        raise _Bad(f"the step {key!r} takes no argument (found {clip_text(value)!r})")
    return (key.replace("-", "_"), tag, None)


@dataclasses.dataclass
class _Draft:
    id: str
    line: int
    texts: dict[str, str] = dataclasses.field(default_factory=dict)
    tags: set[str] = dataclasses.field(default_factory=set)
    when: list[Any] = dataclasses.field(default_factory=list)
    steps: list[Any] = dataclasses.field(default_factory=list)


def read_way_text(text: str, where: str) -> WayFile:
    """Read and check a way file's text (``where`` names it in errors): every error is a
    :class:`WayFileError` naming the line and the reason."""
    head: dict[str, str] = {}
    drafts: list[_Draft] = []
    first_line: dict[str, int] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #")[0].rstrip() if " #" in raw else raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            _read_line(line, n, head, drafts, first_line)
        except _Bad as e:
            raise WayFileError(f"{where} line {n}: {e}", code="houseway.way") from None
    return dataclasses.replace(_finish(head, drafts, where), digest=text_digest(text))


_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _read_line(line: str, n: int, head: dict[str, str], drafts: list[_Draft], first_line: dict[str, int]) -> None:
    key, _, value = line.strip().partition(" ")
    value = value.strip()
    if not line[0].isspace():
        if key == "rule":
            if not _ID.fullmatch(value):
                raise _Bad(f"a rule's id is letters, digits, '.', '-' or '_', not {clip_text(value)!r}")
            if value in first_line:
                raise _Bad(f"the rule id {value!r} is the id of the rule of line {first_line[value]} again")
            first_line[value] = n
            drafts.append(_Draft(value, n))
            return
        if key in ("way", "title", "source"):
            if drafts:
                raise _Bad(f"{key!r} belongs at the head of the file, before the first rule")
            if key in head:
                raise _Bad(f"a second {key!r} line")
            if not value:
                raise _Bad(f"{key!r} needs a value")
            head[key] = value
            return
        raise _Bad(f"unknown line {clip_text(line.strip())!r}: the head is 'way', 'title', 'source', then "
                   "'rule ID' lines each followed by indented clauses")
    if not drafts:
        raise _Bad("an indented clause before the first 'rule ID' line")
    d = drafts[-1]
    if key in LANGUAGES:
        if key in d.texts:
            raise _Bad(f"a second {key!r} text for rule {d.id!r}")
        if not value:
            raise _Bad(f"an empty {key!r} text")
        d.texts[key] = value
    elif key == "tags":
        d.tags |= {t for t in value.split()}
        bad = [t for t in d.tags if not _ID.fullmatch(t)]
        if bad:
            raise _Bad(f"a tag is letters, digits, '.', '-' or '_', not {clip_text(bad[0])!r}")
    elif key == "when":
        d.when.append(_alternatives(value, _hand_atom))
    elif key in STEPS:
        d.steps.append(_step(key, value))
    else:
        raise _Bad(f"unknown clause {clip_text(key)!r} (one of {', '.join(LANGUAGES + ('tags', 'when') + STEPS)})")


def _finish(head: dict[str, str], drafts: list[_Draft], where: str) -> WayFile:
    if "way" not in head:
        raise WayFileError(f"{where} line 1: a way file begins with 'way NAME'", code="houseway.way")
    if not drafts:
        raise WayFileError(f"{where}: no rules (a rule begins 'rule ID')", code="houseway.way")
    rules = []
    for d in drafts:
        missing = [lang for lang in LANGUAGES if lang not in d.texts]
        if missing:
            raise WayFileError(f"{where} line {d.line}: rule {d.id!r} has no {', '.join(missing)} text "
                               f"(every rule in {', '.join(LANGUAGES)})", code="houseway.way")
        steps = list(d.steps)
        if not steps or steps[-1][0] not in ("max_high", "max_low"):
            steps.append(("max_high", None, None))  # of what remains, the max high (as the ways read)
        rules.append(Rule(d.id, d.line, dict(d.texts), frozenset(d.tags), tuple(d.when), tuple(steps)))
    return WayFile(head["way"], head.get("title", head["way"]), head.get("source", ""), tuple(rules), where)


def describe(rule: Optional[Rule]) -> str:
    """``rule ID (line N)``."""
    return "" if rule is None else f"rule {rule.id!r} (line {rule.line})"
