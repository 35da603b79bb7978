"""The challenge: a fixed, published set of hands per house way, set by the way, scored, timed,
passed at the operator's mark.

The hands of a way's challenge cover every rule the way records at least once (the most dealt
hand of each), and, for a shipped way, every rule id of the way that decides a hand's setting (a
hand the way without that rule sets otherwise: :func:`paigow.houseway.foxwoods_without`); the
rest are drawn by how often they are dealt, from a seed fixed by the way. The shipped ways'
challenges are published in :mod:`paigow.training.published` (and docs/training.md) and
:func:`build_challenge` makes them again; a way loaded from a file gets its challenge on first
use, from its rule labels.

>>> c = challenge("foxwoods")
>>> len(c.hands), c.way, c.pass_mark
(60, 'foxwoods', Fraction(9, 10))
>>> ex = c.drill().draw(0, "zh-Hant")
>>> ex.drill, ex.shown["tiles"] == c.hands[0].split()
('challenge:foxwoods', True)
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Optional

from paigow.errors import InvalidOptionError
from paigow.houseway import HOUSE_WAYS, HouseWay, distinct_hands, hand_class, house_way
from paigow.tiles import Tile, parse_tiles
from paigow.training.core import Check, Exercise, check_seed
from paigow.training.published import PUBLISHED
from paigow.training.ways import HouseWayDrill, class_key, deal_counts, rule_hands, rule_of

__all__ = ["Challenge", "ChallengeDrill", "ChallengeResult", "challenge", "build_challenge", "rule_variants",
           "SIZE", "PASS_MARK", "way_digest", "clean_pass_mark"]

SIZE = 60
"""Hands in a challenge (more when a way has more rules to cover)."""
PASS_MARK = Fraction(9, 10)
"""The pass mark unless the operator sets another: 90% of the hands set by the way."""


@functools.lru_cache(maxsize=16)
def way_digest(way: HouseWay) -> str:
    """The way's :meth:`~paigow.houseway.HouseWay.digest`, computed once per way."""
    return way.digest()


def rule_variants(way: HouseWay) -> tuple[tuple[str, Callable[[], HouseWay]], ...]:
    """A shipped way's rule ids, each with the way without that rule (none for another way)."""
    from paigow import houseway as hw

    if way is hw.FOXWOODS:
        return tuple((r, functools.partial(hw.foxwoods_without, r)) for r in hw.RULE_IDS)
    if way is hw.CANBERRA:
        return tuple((r, functools.partial(hw.canberra_without, r)) for r in hw.CANBERRA_RULE_IDS)
    return ()


def _text(t: Iterable[Tile]) -> str:
    return " ".join(map(str, t))


def build_challenge(way: HouseWay, size: int = SIZE, variants: bool = True) -> tuple[str, ...]:
    """The challenge's hands for ``way``: a hand of every rule it records, of every rule id that
    decides a setting (``variants``: slow, 20 s for a shipped way), then hands drawn by how often
    they are dealt up to ``size``; in an order drawn from the way's digest."""
    cover: list[tuple[Tile, ...]] = [hands[0] for hands in rule_hands(way).values()]
    if variants:
        for _, without in rule_variants(way):
            other = without()
            changed = [t for t in distinct_hands() if class_key(other.set(t).setting) != class_key(way.set(t).setting)]
            if changed and not any(_same(t, c) for t in changed for c in cover):
                cover.append(min(changed, key=_most_dealt))
    rng = random.Random(f"challenge|{way_digest(way)}")
    counts = deal_counts()
    pool = [t for t in distinct_hands() if not any(_same(t, c) for c in cover)]
    weights = [counts[_classes(t)] for t in pool]
    while len(cover) < size:
        k = rng.choices(range(len(pool)), weights)[0]
        cover.append(pool.pop(k))
        weights.pop(k)
    rng.shuffle(cover)
    out = []
    for t in cover:
        shown = list(t)
        rng.shuffle(shown)
        out.append(_text(shown))
    return tuple(out)


def _classes(t: Sequence[Tile]) -> tuple[int, ...]:
    return tuple(sorted(hand_class(x) for x in t))


def _same(a: Sequence[Tile], b: Sequence[Tile]) -> bool:
    return _classes(a) == _classes(b)


def _most_dealt(t: Sequence[Tile]) -> tuple[int, tuple[int, ...]]:
    return (-deal_counts()[_classes(t)], _classes(t))


class ChallengeDrill(HouseWayDrill):
    """The challenge of a way as a drill: exercise ``i`` is the challenge's hand ``i``."""

    hands: tuple[str, ...] = ()

    def __init__(self, way: HouseWay, hands: tuple[str, ...]) -> None:
        super().__init__(way)
        object.__setattr__(self, "hands", hands)

    @property
    def key(self) -> str:
        return f"challenge:{self.way.name}"

    def draw(self, seed: int, lang: str = "en") -> Exercise:
        if check_seed(seed) >= len(self.hands):
            raise InvalidOptionError(f"the challenge of {self.way.name!r} has hands 0-{len(self.hands) - 1}, "
                                     f"not {seed}", code="training.seed")
        return self.exercise_of(self.hands[seed], seed, lang)


@dataclasses.dataclass(frozen=True)
class ChallengeResult:
    """A challenge scored: hands set right of all, the score, the time taken, pass or fail, and
    the rules missed (each once per hand)."""

    way: str
    challenge: str
    correct: int
    total: int
    seconds: float
    pass_mark: Fraction
    time_limit: Optional[float]
    missed: tuple[str, ...]

    @property
    def score(self) -> Fraction:
        return Fraction(self.correct, self.total)

    @property
    def passed(self) -> bool:
        in_time = self.time_limit is None or self.seconds <= self.time_limit
        return self.score >= self.pass_mark and in_time

    def to_json(self) -> dict[str, Any]:
        return {"way": self.way, "challenge": self.challenge, "correct": self.correct, "total": self.total,
                "score": str(self.score), "seconds": round(self.seconds, 3), "pass_mark": str(self.pass_mark),
                "time_limit": self.time_limit, "passed": self.passed, "missed": list(self.missed)}


@dataclasses.dataclass(frozen=True)
class Challenge:
    """A way's challenge: its hands (as text, in order), the rule of each, the pass mark and an
    optional time limit (seconds for the whole challenge), and its ``id`` (a digest of the way
    and the hands: two challenges of one id ask the same)."""

    way: str
    way_digest: str
    hands: tuple[str, ...]
    rules: tuple[str, ...]
    pass_mark: Fraction = PASS_MARK
    time_limit: Optional[float] = None
    _way: Any = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        h = hashlib.sha256(f"{self.way_digest}\n".encode() + "\n".join(self.hands).encode())
        return h.hexdigest()[:16]

    def drill(self) -> ChallengeDrill:
        """The challenge as a drill (seeds 0 to N-1 are its hands)."""
        return ChallengeDrill(self._way, self.hands)

    def exercises(self, lang: str = "en") -> tuple[Exercise, ...]:
        d = self.drill()
        return tuple(d.draw(i, lang) for i in range(len(self.hands)))

    def score(self, checks: Sequence[Check], seconds: float) -> ChallengeResult:
        """Score the checks of the challenge's hands (one per hand, in any order) taken in
        ``seconds``; a hand not answered counts as missed."""
        key = self.drill().key
        right: dict[int, bool] = {}
        for c in checks:
            if c.drill != key or not 0 <= c.seed < len(self.hands):
                raise InvalidOptionError(f"a check of {c.drill} {c.seed} is not of this challenge ({key})",
                                         code="training.challenge")
            right[c.seed] = right.get(c.seed, True) and c.correct
        missed = tuple(self.rules[i] for i in range(len(self.hands)) if not right.get(i, False))
        return ChallengeResult(self.way, self.id, sum(right.values()), len(self.hands), float(seconds),
                               self.pass_mark, self.time_limit, missed)

    def to_json(self) -> dict[str, Any]:
        return {"way": self.way, "way_digest": self.way_digest, "id": self.id, "hands": list(self.hands),
                "rules": list(self.rules), "pass_mark": str(self.pass_mark), "time_limit": self.time_limit}


def clean_pass_mark(mark: object) -> Fraction:
    """A pass mark as a Fraction in (0, 1]: ``0.9``, ``"9/10"``, ``"90%"`` (code ``training.pass_mark``).

    >>> clean_pass_mark("90%"), clean_pass_mark("19/20")
    (Fraction(9, 10), Fraction(19, 20))
    """
    try:
        f = Fraction(mark) if isinstance(mark, (int, Fraction)) and not isinstance(mark, bool) else \
            Fraction(str(mark).strip().rstrip("%")) / (100 if str(mark).strip().endswith("%") else 1)
    except (ValueError, ZeroDivisionError):
        f = Fraction(-1)
    if not 0 < f <= 1:
        raise InvalidOptionError(f"a pass mark is a share of the hands in (0, 1] such as 0.9, 9/10 or 90%, "
                                 f"not {str(mark)[:40]!r}", code="training.pass_mark")
    return f


def challenge(way: "str | HouseWay", pass_mark: object = PASS_MARK, time_limit: Optional[float] = None) -> Challenge:
    """The challenge of ``way`` (a shipped way's name, a house-way file, a :class:`HouseWay`),
    passed at ``pass_mark`` (a share of the hands) within ``time_limit`` seconds (None: untimed
    pass, the time still recorded)."""
    w = house_way(way)
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not 0 < time_limit < 1e6):
        raise InvalidOptionError(f"a time limit is a number of seconds above 0, not {str(time_limit)[:40]!r}",
                                 code="training.time_limit")
    shipped = HOUSE_WAYS.get(w.name) is w and w.name in PUBLISHED
    hands = PUBLISHED[w.name] if shipped else _built(w)
    rules = tuple(rule_of(w.set(parse_tiles(h, count=4)).rule) for h in hands)
    return Challenge(w.name, way_digest(w), hands, rules, clean_pass_mark(pass_mark), time_limit, w)


@functools.lru_cache(maxsize=16)
def _built(way: HouseWay) -> tuple[str, ...]:
    return build_challenge(way, variants=False)
