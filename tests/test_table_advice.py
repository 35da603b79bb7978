"""A round's advice: the deal's exposed tiles offered as the seen set (docs/rules.md §1.6, Art. 2.2)."""

from __future__ import annotations

import math

import pytest

from paigow import advise
from paigow.errors import IllegalActionError
from paigow.table import Round
from paigow.tiles import Tile, parse_tiles


def dealt() -> Round:
    r = Round(banker=0, seed=3)
    r.set_stake(1000)
    r.bet(1, 100)
    r.bet(2, 100)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3", 2: "6-6 2-2 1-5 3-6"})
    return r


def test_the_seen_tiles_are_the_named_exposed_tiles_of_the_other_positions() -> None:
    r = dealt()
    assert r.seen_tiles() == ()
    r.expose(2, "6-6")
    r.expose(1)                      # a tile exposed but not named: nobody can count it
    assert r.seen_tiles() == (Tile(6, 6),)
    assert r.seen_tiles(2) == ()     # position 2's own tile is in its hand
    assert r.seen_tiles(1) == (Tile(6, 6),)


def test_advice_counts_the_other_sides_hands_over_the_tiles_neither_held_nor_face_up() -> None:
    r = dealt()
    r.expose(2, "6-6")
    a = r.advice(1, against="max-back")
    assert a.opponent_hands == math.comb(32 - 4 - 1, 4) == 17550
    assert [str(t) for t in a.seen] == ["6-6"]
    want = advise(parse_tiles("1-6 1-4 4-5 1-3"), "player", "max-back", seen="6-6")
    assert [(o.wins, o.pushes, o.losses) for o in a.options] == [(o.wins, o.pushes, o.losses) for o in want.options]
    # without an exposed tile, today's advice: the banker's four from the other 28
    b = dealt().advice(0, against="max-back")
    assert b.opponent_hands == math.comb(28, 4) and b.seen == ()
    assert b.options == advise(parse_tiles("5-5 4-4 3-3 2-5"), "banker", "max-back").options


def test_advice_sets_nothing_and_is_refused_before_the_deal_or_without_the_tiles() -> None:
    r = dealt()
    before = r.state
    r.advice(1, against="max-back")
    assert r.state == before
    early = Round(banker=0, seed=3)
    early.set_stake(1000)
    with pytest.raises(IllegalActionError) as e:
        early.advice(1)
    assert e.value.code == "phase.betting"
    with pytest.raises(IllegalActionError) as e:
        r.advice(3)
    assert e.value.code == "advice.no_tiles" and "position 3" in str(e.value)
