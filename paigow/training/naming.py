"""Drills of the vocabulary: naming tiles and hands, ranking two hands, judging a comparison.

>>> ex = TileName().draw(7, "zh-Hant")
>>> ex.prompt, len(ex.choices), TileName().draw(7, "zh-Hant") == ex
('這張牌叫甚麼？', 4, True)
>>> TileName().check(ex, ex.expected).correct
True
"""

from __future__ import annotations

import dataclasses
import functools
import random

from paigow.hands import Hand
from paigow.names import every_hand, hand_name, tile_name
from paigow.rules import HAND_ORDERS, RuleSet, ZeroRule, clean_rules
from paigow.setting import Outcome, Setting, compare
from paigow.tiles import DECK, FACES, Tile
from paigow.training.core import Drill, Exercise
from paigow.training.texts import say

__all__ = ["TileName", "TilePips", "HandName", "Rank", "Compare"]


def _tile_name(t: Tile, lang: str) -> str:
    return tile_name(t.name_zh, t.name_en, lang)


def _hand_name(h: Hand, lang: str) -> str:
    return hand_name(h.name_zh, h.name_en, lang)


def _four(rng: random.Random, right: str, pool: list[str]) -> tuple[tuple[str, ...], int]:
    """The right text among three others of ``pool`` (all different), and its place."""
    others = sorted({p for p in pool if p != right})
    picked = rng.sample(others, 3) + [right]
    rng.shuffle(picked)
    return tuple(picked), picked.index(right)


@dataclasses.dataclass(frozen=True)
class TileName(Drill):
    """A tile is shown (its pips); the trainee chooses its name among four."""

    name: str = "tile-name"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        t = rng.choice(FACES)
        choices, k = _four(rng, _tile_name(t, lang), [_tile_name(f, lang) for f in FACES])
        return Exercise(self.key, seed, lang, say("tile-name", lang), {"tiles": [str(t)]}, choices, (), k,
                        f"tile {t}")

    def _explain(self, ex: Exercise) -> str:
        return f"{ex.shown['tiles'][0]}: {ex.choices[ex.expected]}"


@dataclasses.dataclass(frozen=True)
class TilePips(Drill):
    """A tile's name is shown; the trainee chooses its pips among four tiles."""

    name: str = "tile-pips"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        t = rng.choice(FACES)
        own = _tile_name(t, lang)
        pool = [str(f) for f in FACES if _tile_name(f, lang) != own]  # a face of another name
        choices, k = _four(rng, str(t), pool)
        return Exercise(self.key, seed, lang, say("tile-pips", lang, name=own), {"name": own}, choices, (), k,
                        f"tile {t}")

    def _explain(self, ex: Exercise) -> str:
        return f"{ex.shown['name']}: {ex.choices[ex.expected]}"


@dataclasses.dataclass(frozen=True)
class HandName(Drill):
    """A hand of two tiles is shown; the trainee chooses its name among four."""

    name: str = "hand-name"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        h = rng.choice(_HANDS)
        choices, k = _four(rng, _hand_name(h, lang), [_hand_name(x, lang) for x in _HANDS])
        return Exercise(self.key, seed, lang, say("hand-name", lang), {"tiles": [str(t) for t in h.tiles]},
                        choices, (), k, f"hand {h.category.name.lower()}")

    def _explain(self, ex: Exercise) -> str:
        return f"{' '.join(ex.shown['tiles'])}: {ex.choices[ex.expected]}"


_HANDS = tuple(every_hand())


def _rules_of(name: str) -> RuleSet:
    return clean_rules(name)


@dataclasses.dataclass(frozen=True)
class Rank(Drill):
    """Two hands dealt from one deck; which ranks higher under ``rules``' hand order, or equal."""

    rules: str = "macau"
    name: str = "rank"

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", _rules_of(self.rules).name)

    @property
    def key(self) -> str:
        return f"rank:{self.rules}"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        order = _rules_of(self.rules).hand_order
        if rng.random() < 0.2:  # an equal pair of hands now and then: the copies' question
            a, b = rng.choice(_equal_pairs(order))
        else:
            t = rng.sample(DECK, 4)
            a, b = Hand(t[0], t[1]), Hand(t[2], t[3])
        ra, rb = a.rank_in(order), b.rank_in(order)
        k = 0 if ra > rb else 1 if rb > ra else 2
        choices = (say("first", lang), say("second", lang), say("equal", lang))
        shown = {"hands": [[str(x) for x in a.tiles], [str(x) for x in b.tiles]],
                 "names": [_hand_name(a, lang), _hand_name(b, lang)], "rules": self.rules}
        return Exercise(self.key, seed, lang, say("rank", lang, rules=self.rules), shown, choices, (), k,
                        "equal" if k == 2 else "higher")

    def _explain(self, ex: Exercise) -> str:
        n = ex.shown["names"]
        return f"{n[0]} / {n[1]}: {ex.choices[ex.expected]}"


@functools.lru_cache(maxsize=4)
def _equal_pairs(order: str) -> tuple[tuple[Hand, Hand], ...]:
    """Pairs of hands of four different deck tiles with equal ranks in ``order``."""
    hands = [(i, j, Hand(DECK[i], DECK[j])) for i in range(32) for j in range(i + 1, 32)]
    by_rank: dict[int, list[tuple[int, int, Hand]]] = {}
    for i, j, h in hands:
        by_rank.setdefault(h.rank_in(order), []).append((i, j, h))
    out = []
    for group in by_rank.values():
        for x in range(len(group)):
            for y in range(x + 1, len(group)):
                if not {group[x][0], group[x][1]} & {group[y][0], group[y][1]}:
                    out.append((group[x][2], group[y][2]))
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class Compare(Drill):
    """A player's setting against the banker's under ``rules`` (copies and the zero rule of the
    rule set): who wins. The answer is :func:`paigow.compare`'s."""

    rules: str = "macau"
    name: str = "compare"

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", _rules_of(self.rules).name)

    @property
    def key(self) -> str:
        return f"compare:{self.rules}"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        g = _rules_of(self.rules)
        player, banker = _deal_pair(rng, g)
        k = {Outcome.WIN: 0, Outcome.LOSE: 1, Outcome.PUSH: 2}[compare(player, banker, g)]
        choices = (say("player", lang), say("banker", lang), say("push", lang))
        shown = {"player": player.to_json(), "banker": banker.to_json(), "rules": g.name,
                 "zero_rule": g.zero_rule.value}
        return Exercise(self.key, seed, lang, say("compare", lang, rules=g.name), shown, choices, (), k,
                        _reason(player, banker, g)[0])

    def _explain(self, ex: Exercise) -> str:
        g = _rules_of(self.rules)
        player, banker = Setting.from_json(ex.shown["player"]), Setting.from_json(ex.shown["banker"])
        _, why = _reason(player, banker, g)
        parts = [f"{say(side, ex.lang)}: {say(w, ex.lang)} ({say(who, ex.lang)})" for side, w, who in why]
        return "; ".join(parts) + ". " + say("two-wins", ex.lang) + "."


def _deal_pair(rng: random.Random, g: RuleSet) -> tuple[Setting, Setting]:
    """Eight tiles as two settings; a third of the time with a copy, a third with two zero hands."""
    kind = rng.randrange(3)
    if kind == 0:
        a, b = rng.choice(_equal_pairs(g.hand_order))
    elif kind == 1:
        a, b = rng.choice(_zero_pairs(g.hand_order))
    else:
        t = rng.sample(DECK, 8)
        return Setting(t[0:2], t[2:4]), Setting(t[4:6], t[6:8])
    used = set(a.tiles + b.tiles)
    rest = list(DECK)
    for x in a.tiles + b.tiles:  # take out one copy of each tile used
        rest.remove(x)
    assert len(used) <= 4
    t = rng.sample(rest, 4)
    return Setting(a, Hand(t[0], t[1])), Setting(b, Hand(t[2], t[3]))


@functools.lru_cache(maxsize=4)
def _zero_pairs(order: str) -> tuple[tuple[Hand, Hand], ...]:
    zeros = [(i, j, Hand(DECK[i], DECK[j])) for i in range(32) for j in range(i + 1, 32)]
    g = [z for z in zeros if HAND_ORDERS[order].is_zero(z[2])]
    return tuple((x[2], y[2]) for n, x in enumerate(g) for y in g[n + 1:] if not {x[0], x[1]} & {y[0], y[1]})


def _reason(player: Setting, banker: Setting, g: RuleSet) -> tuple[str, list[tuple[str, str, str]]]:
    """The rule that decided the comparison (``"copy"``, ``"zero"``, ``"ranks"``) and, per hand,
    why it went as it did: (hand, reason, winner)."""
    order = g.hand_order
    zero_hands = {ZeroRule.FRONT: ("front",), ZeroRule.BOTH: ("front", "back"), ZeroRule.NONE: ()}[g.zero_rule]
    why, tags = [], set()
    for side, p, b in (("front", player.front, banker.front), ("back", player.back, banker.back)):
        if side in zero_hands and g.order.is_zero(p) and g.order.is_zero(b):
            why.append((side, "zero", "banker"))
            tags.add("zero")
        elif p.rank_in(order) == b.rank_in(order):
            why.append((side, "copy", "banker"))
            tags.add("copy")
        else:
            why.append((side, "ranks", "player" if p.rank_in(order) > b.rank_in(order) else "banker"))
    tag = "zero" if "zero" in tags else "copy" if "copy" in tags else "ranks"
    return tag, why
