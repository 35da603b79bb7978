"""Drills of setting a hand: by a house way (the rule that decided it, explained; hands of a missed
rule to practise), and well (the best setting against the equilibrium; what a choice costs).

>>> d = HouseWayDrill("foxwoods")
>>> ex = d.draw(11, "en")
>>> ex.drill, len(ex.choices) in (1, 2, 3), d.check(ex, ex.expected).correct
('houseway:foxwoods', True, True)
>>> wrong = next(i for i in range(len(ex.choices)) if i != ex.expected) if len(ex.choices) > 1 else None
>>> wrong is None or (not d.check(ex, wrong).correct and len(d.check(ex, wrong).practice) == 3)
True
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from typing import Any, Optional

from paigow.errors import InvalidOptionError
from paigow.houseway import HouseWay, hand_class, house_way
from paigow.setting import Setting, settings
from paigow.tiles import DECK, Tile, parse_tiles
from paigow.training.core import Check, Drill, Exercise, read_choice, rng_for
from paigow.training.texts import explain_rule, say

__all__ = ["HouseWayDrill", "BestSettingDrill", "rule_hands", "deal_counts", "class_key", "choices_of",
           "rule_of", "rule_labels", "practice_hands"]


def class_key(s: Setting) -> tuple[tuple[int, ...], ...]:
    """A setting as a house way sees it: the classes of its two hands (the two Gee Joon tiles one
    class, the two faces of a mixed rank one class), as a split: which hand is low the dealer
    arranges."""
    return tuple(sorted((tuple(sorted(hand_class(t) for t in s.front.tiles)),
                         tuple(sorted(hand_class(t) for t in s.back.tiles)))))


def choices_of(tiles: tuple[Tile, ...], by_class: bool) -> tuple[Setting, ...]:
    """The different settings of four tiles, in ``settings()`` order (alike by class when
    ``by_class``: a house way's game)."""
    out: list[Setting] = []
    seen: set[Any] = set()
    for s in settings(tiles):
        k = class_key(s) if by_class else s
        if k not in seen:
            seen.add(k)
            out.append(s)
    return tuple(out)


@functools.lru_cache(maxsize=1)
def deal_counts() -> dict[tuple[int, ...], int]:
    """How many of the 35,960 deals of four tiles are each distinct hand (its sorted classes)."""
    return dict(Counter(tuple(sorted(hand_class(DECK[i]) for i in c)) for c in itertools.combinations(range(32), 4)))


def rule_of(label: str) -> str:
    """The rule a label records: the label itself. (A way that records rule ids with texts by id
    maps here, in one place.)"""
    return label


@functools.lru_cache(maxsize=16)
def rule_hands(way: HouseWay) -> dict[str, tuple[tuple[Tile, Tile, Tile, Tile], ...]]:
    """Every rule the way records, with the distinct hands it decides, the most dealt first."""
    counts = deal_counts()
    out: dict[str, list[tuple[Tile, Tile, Tile, Tile]]] = {}
    for t, _, label in way.settings_of_all():
        out.setdefault(rule_of(label), []).append(t)
    key = functools.partial(_dealt, counts)
    return {r: tuple(sorted(hs, key=key)) for r, hs in sorted(out.items())}


def _dealt(counts: dict[tuple[int, ...], int], t: tuple[Tile, ...]) -> tuple[int, tuple[int, ...]]:
    k = tuple(sorted(hand_class(x) for x in t))
    return (-counts[k], k)


def rule_labels(way: HouseWay) -> tuple[str, ...]:
    """The rules the way can record (every rule that decides one of the 3,620 distinct hands)."""
    return tuple(rule_hands(way))


def _way_of(way: "str | HouseWay") -> HouseWay:
    return house_way(way)


@dataclasses.dataclass(frozen=True)
class HouseWayDrill(Drill):
    """Set four tiles by ``way`` (a shipped way's name, a file, a :class:`HouseWay`); ``rule``
    narrows the hands to those one rule decides. The answer is checked against the way (a
    setting alike by class is the way's), the deciding rule shown and explained."""

    way: Any = "foxwoods"
    rule: str = ""
    name: str = "houseway"

    def __post_init__(self) -> None:
        w = _way_of(self.way)
        object.__setattr__(self, "way", w)
        if self.rule and self.rule not in rule_hands(w):
            raise InvalidOptionError(f"the house way {w.name!r} records no rule {self.rule[:60]!r}",
                                     code="training.rule")

    @property
    def key(self) -> str:
        return f"houseway:{self.way.name}" + (f"#{self.rule}" if self.rule else "")

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        if self.rule:
            hands = rule_hands(self.way)[self.rule]
            counts = deal_counts()
            t = list(rng.choices(hands, weights=[counts[tuple(sorted(map(hand_class, h)))] for h in hands])[0])
            rng.shuffle(t)
        else:
            t = [DECK[i] for i in rng.sample(range(32), 4)]  # as dealt: hands by their frequency
        return self.exercise_of(tuple(t), seed, lang)

    def exercise_of(self, tiles: "str | tuple[Tile, ...]", seed: int = 0, lang: str = "en") -> Exercise:
        """The exercise of setting these four tiles (a challenge's hand)."""
        t = parse_tiles(tiles, count=4)
        d = self.way.set(t)
        opts = choices_of(t, True)
        want = class_key(d.setting)
        k = next(i for i, s in enumerate(opts) if class_key(s) == want)
        shown = {"tiles": [str(x) for x in t], "way": self.way.name}
        return Exercise(self.key, seed, lang, say("houseway", lang, way=self.way.name), shown,
                        tuple(str(s) for s in opts), (), k, rule_of(d.rule))

    def _explain(self, ex: Exercise) -> str:
        return explain_rule(ex.rule, ex.lang)

    def check(self, ex: Exercise, answer: object) -> Check:
        c = super().check(ex, _as_choice(ex, answer))
        if c.correct:
            return c
        practice = practice_hands(self.way, ex.rule, ex.seed)
        text = c.explanation + " " + say("practice", ex.lang, hands="; ".join(practice))
        return dataclasses.replace(c, explanation=text, practice=practice)


def practice_hands(way: HouseWay, rule: str, seed: int, n: int = 3) -> tuple[str, ...]:
    """``n`` hands the rule decides, to set again (drawn from the seed, the most dealt first)."""
    hands = rule_hands(way).get(rule, ())
    if not hands:
        return ()
    rng = rng_for(f"practice:{way.name}#{rule}", seed)
    picked = rng.sample(hands, min(n, len(hands)))
    while len(picked) < n:  # a rule of fewer hands: again
        picked.append(hands[len(picked) % len(hands)])
    return tuple(" ".join(map(str, h)) for h in picked)


def _as_choice(ex: Exercise, answer: object) -> object:
    """A setting written out (``"1-1 4-5 | 6-6 6-6"``) as the index of its choice."""
    if isinstance(answer, str) and "|" in answer:
        try:
            want = class_key(Setting.parse(answer))
        except ValueError:
            return answer
        for i, c in enumerate(ex.choices):
            if class_key(Setting.parse(c)) == want:
                return i
    return answer


@dataclasses.dataclass(frozen=True)
class BestSettingDrill(Drill):
    """Set four tiles best for ``seat`` against the other side's equilibrium in the game of
    ``rules`` (with the rule set's commission when ``paid``): :func:`paigow.advise`'s values.
    A choice of the best value is right; the check says what any other costs, per unit bet."""

    seat: str = "player"
    rules: str = "macau"
    paid: bool = False
    name: str = "best"

    def __post_init__(self) -> None:
        if self.seat not in ("player", "banker"):
            raise InvalidOptionError(f"a seat is 'player' or 'banker', not {str(self.seat)[:20]!r}",
                                     code="training.seat")
        from paigow.rules import clean_rules

        object.__setattr__(self, "rules", clean_rules(self.rules).name)

    @property
    def key(self) -> str:
        return f"best:{self.seat}:{self.rules}" + (":paid" if self.paid else "")

    def _advice(self, tiles: tuple[Tile, ...]) -> Any:
        from paigow import advise

        return advise(tiles, seat=self.seat, commission=self.paid, rules=self.rules)

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        t = tuple(DECK[i] for i in rng.sample(range(32), 4))
        a = self._advice(t)
        opts = choices_of(t, False)
        values = [next(o.value for o in a.options if o.setting == s) for s in opts]
        k = values.index(max(values))
        # the values are the answer: the check works them out again, the trainee never sees them
        shown = {"tiles": [str(x) for x in t], "seat": self.seat, "rules": self.rules, "paid": self.paid,
                 "against": a.against}
        prompt = say("best", lang, seat=say("seat-" + self.seat, lang), rules=self.rules)
        return Exercise(self.key, seed, lang, prompt, shown, tuple(str(s) for s in opts), (), k,
                        "mixed" if a.mixed else "pure")

    def _values(self, ex: Exercise) -> list[float]:
        """Each choice's value, worked out again from the exercise's tiles."""
        a = self._advice(tuple(Tile.parse(x) for x in ex.shown["tiles"]))
        return [next(o.value for o in a.options if o.setting == Setting.parse(c)) for c in ex.choices]

    def _explain(self, ex: Exercise) -> str:
        vals = self._values(ex)
        return "; ".join(f"{c}: {v:+.4f}" for c, v in zip(ex.choices, vals))

    def check(self, ex: Exercise, answer: object) -> Check:
        got = read_choice(ex, _as_setting(ex, answer))
        vals = self._values(ex)
        cost = max(vals) - vals[got]
        correct = cost <= 1e-12
        verdict = say("correct", ex.lang) if correct else say("wrong", ex.lang, expected=ex.choices[ex.expected])
        text = f"{verdict}. {self._explain(ex)}"
        if not correct:
            text += ". " + say("cost", ex.lang, cost=f"{cost:.4f}")
        return Check(ex.drill, ex.seed, correct, got, ex.expected, text, ex.rule, cost)


def _as_setting(ex: Exercise, answer: object) -> object:
    if isinstance(answer, str) and "|" in answer:
        try:
            want: Optional[Setting] = Setting.parse(answer)
        except ValueError:
            return answer
        for i, c in enumerate(ex.choices):
            if Setting.parse(c) == want:
                return i
    return answer

