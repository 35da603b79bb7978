"""Seen tiles (issue 34): advice, best settings and game values when both seats saw some tiles.

The counts are checked against the plain-Python reference (tests/reference.py: the other side's
hands enumerated over the tiles neither held nor seen, each compared by the rules); the
equilibrium of the game left against best responses over every type and against a plain
enumeration of one hand's opposing hands under it."""

from __future__ import annotations

import math
import os
import random
from fractions import Fraction

import numpy as np
import pytest

import paigow
from paigow import DECK, errors
from paigow.cli import main
from paigow.game import seen as left, seensupport
from paigow.game.handtypes import all_hands, hand_types
from paigow.rules import MACAU

import reference

ALL = all_hands()


def random_case(size: int, seed: int) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """A random hand (tiles in any order) and ``size`` seen tiles beside it."""
    rnd = random.Random(seed)
    tiles = rnd.sample(range(32), 4 + size)
    return (tiles[0], tiles[1], tiles[2], tiles[3]), tuple(tiles[4:])


@pytest.mark.parametrize("size", [0, 1, 4, 8, 12, 16, 20])
@pytest.mark.parametrize("seat", ["player", "banker"])
def test_counts_against_a_fixed_strategy_are_the_references(size: int, seat: str) -> None:
    other = "banker" if seat == "player" else "player"
    table = paigow.strategy(other)  # the shipped equilibrium's table, given as a fixed strategy: it mixes
    for seed in range(2):
        hand, seen = random_case(size, seed + 10 * size)
        want_opp = math.comb(28 - size, 4)
        for against, ref in (("max-back", reference.max_back_row), (paigow.Strategy(table), table)):
            a = paigow.advise([DECK[i] for i in hand], seat, against, seen=list(seen))
            want = reference.enumerate_counts(hand, ref, seat == "banker", seen=seen)
            assert a.opponent_hands == want_opp
            got = [[o.wins, o.pushes, o.losses] for o in a.options]
            if against == "max-back":  # whole numbers: exactly
                assert got == want, (hand, seen)
            else:  # the reference adds float64 probabilities; the kernel counts in units of 2**-47
                assert np.allclose(got, want, rtol=0, atol=1e-8), (hand, seen)
            assert [o.value for o in a.options] == pytest.approx([(w - lo) / want_opp for w, _, lo in want], abs=1e-12)
            assert a.best == max(range(3), key=lambda k: (a.options[k].value, -k))


def test_with_nothing_seen_every_answer_is_todays() -> None:
    for seat in ("player", "banker"):
        for against in (None, "max-back", "equilibrium"):
            for commission in (False, True):
                today = paigow.advise("天 地 杂九 至尊", seat, against, commission)
                for none in (None, (), [], ""):
                    same = paigow.advise("天 地 杂九 至尊", seat, against, commission, seen=none)
                    assert same == today and same.to_json() == today.to_json()
                    assert "seen" not in same.to_json() and same.opponent_hands == 20475
    hands = ALL[:50]
    b0, b1 = paigow.advise_batch(hands, against="max-back"), paigow.advise_batch(hands, against="max-back", seen=())
    assert np.array_equal(b0.units, b1.units) and b1.opponent_hands == 20475
    assert paigow.game_value("max-back", "max-back", seen=()) == paigow.game_value("max-back", "max-back")
    assert paigow.best_setting("天 地 杂九 至尊", seen=None) == paigow.best_setting("天 地 杂九 至尊")


def test_every_form_of_the_seen_tiles_is_one_set() -> None:
    hand = "天 地 杂九 至尊"
    forms = ["人 人 鹅", ["人", "人", "鹅"], [DECK[4], DECK[5], DECK[6]], [4, 5, 6], ("4-4", "4-4", "1-3")]
    got = [paigow.advise(hand, against="max-back", seen=f) for f in forms]
    assert all(g == got[0] for g in got)
    assert [str(t) for t in got[0].seen] == ["4-4", "4-4", "1-3"]
    data = got[0].to_json()
    assert data["opponent_hands"] == math.comb(25, 4) and paigow.Advice.from_json(data) == got[0]


def test_bad_seen_tiles_are_refused_with_a_code() -> None:
    cases = [
        ({"seen": [0, 1]}, errors.TileCopiesError, "tile.copies"),   # both 天: the hand holds one
        ({"seen": [4, 4]}, errors.TileCopiesError, "tile.twice"),
        ({"seen": [40]}, errors.UnknownTileError, "tile.index"),
        ({"seen": [i for i in range(32) if i not in (0, 2, 22, 28)][:25]}, errors.InvalidOptionError, "seen.size"),
    ]
    hand = [DECK[0], DECK[2], DECK[22], DECK[28]]
    for kwargs, kind, code in cases:
        with pytest.raises(kind) as e:
            paigow.advise(hand, **kwargs)  # type: ignore[arg-type]
        assert e.value.code == code, kwargs
    # one seen tile: the game left of 27 tiles is solved (it was refused, seen.large, before)
    one = paigow.advise(hand, seen="人")
    assert one.against == "equilibrium" and one.opponent_hands == math.comb(27, 4)
    assert sum(o.probability or 0 for o in one.options) == pytest.approx(1.0)
    # a name takes the copy the hand leaves: the hand holds one 天, the other is seen
    assert paigow.advise("天 地 杂九 至尊", against="max-back", seen="天").seen == (DECK[1],)
    with pytest.raises(errors.TileCopiesError):
        paigow.advise("天 地 杂九 至尊", against="max-back", seen="天 天")
    with pytest.raises(errors.TileCopiesError, match=r"hands\[1\]"):
        paigow.advise_batch([[0, 2, 22, 28], [4, 5, 6, 7]], against="max-back", seen=[4])


def test_the_batch_is_the_single_hand_advice() -> None:
    hand, seen = random_case(6, 3)
    hands = [hand, tuple(i for i in range(32) if i not in seen and i not in hand)[:4]]
    b = paigow.advise_batch(hands, "banker", "max-back", seen=list(seen))
    assert b.opponent_hands == math.comb(22, 4)
    assert sorted(str(DECK[i]) for i in b.seen) == sorted(str(DECK[i]) for i in seen)  # by face
    for i, h in enumerate(hands):
        a = paigow.advise([DECK[j] for j in h], "banker", "max-back", seen=list(seen))
        assert b.counts[i].tolist() == [[o.wins, o.pushes, o.losses] for o in a.options]
        assert b.best[i] == a.best


@pytest.mark.parametrize("size", [4, 20])
def test_the_batch_against_the_game_left_is_the_single_hand_advice(size: int) -> None:
    # every hand fits: one game left read for all of them; one that holds a seen tile is refused
    hand, seen = random_case(size, 5)
    rnd = random.Random(size)
    others = [i for i in range(32) if i not in seen]
    hands = [hand] + [tuple(rnd.sample(others, 4)) for _ in range(30)]
    for seat in ("player", "banker"):
        b = paigow.advise_batch(hands, seat, seen=seen)
        assert b.against == "equilibrium" and b.opponent_hands == left.opponent_hands(size)
        for i, h in enumerate(hands):
            a = paigow.advise(h, seat, seen=seen)
            assert b.counts[i].tolist() == [[o.wins, o.pushes, o.losses] for o in a.options]
            assert b.values[i].tolist() == [o.value for o in a.options] and b.best[i] == a.best
    face = DECK[seen[0]]
    bad = (seen[0],) + tuple(i for i in range(32) if DECK[i] is face and i not in seen) + tuple(
        x for x in others if DECK[x] is not face)
    with pytest.raises(errors.TileCopiesError, match=r"hands\[1\]"):
        paigow.advise_batch([hand, bad[:4]], seen=seen)


def _left_case(size: int, seed: int) -> tuple[int, ...]:
    return tuple(sorted(random.Random(1000 * size + seed).sample(range(32), size)))


def _plain_values(g: left.GameLeft, sigma: np.ndarray, banker_side: bool) -> np.ndarray:
    """The values of every type setting by the (n, n) weights, each pair of settings compared
    by the rules: the plain path the compiled step replaces."""
    w = g.weights.astype(np.float64)
    out = np.zeros((len(g.types), 3))
    for i in range(len(g.types)):
        for s in range(int(g.m[i])):
            f, b = g.tf[i, s], g.tb[i, s]
            if not banker_side:
                fw = (f > g.tf) & (f >= g.front_zero)
                bw = (b > g.tb) & (b >= g.back_zero)
            else:  # the banker holds unless the player's beats his (copies to the bank)
                fw = ~((g.tf > f) & (g.tf >= g.front_zero))
                bw = ~((g.tb > b) & (g.tb >= g.back_zero))
            out[i, s] = (w[i] * (sigma * (fw.astype(np.float64) + bw - 1) * g.valid).sum(axis=1)).sum()
    return out


@pytest.mark.parametrize("size", [20, 16])
def test_the_compiled_step_is_the_plain_sum_over_types(size: int) -> None:
    g = left.GameLeft(left.rank_counts(_left_case(size, 5)), MACAU)
    rng = np.random.default_rng(size)
    sigma = rng.random((len(g.types), 3)) * g.valid
    sigma /= sigma.sum(axis=1, keepdims=True)
    for banker_side in (False, True):
        got = g.values(sigma, banker_side)
        assert np.abs((got - _plain_values(g, sigma, banker_side)) * g.valid).max() < 1e-9
    pure = np.where(np.arange(3)[None, :] == 0, 1.0, 0.0) * np.ones((len(g.types), 1))
    q = g.values(pure, False)  # against a 0/1 strategy: whole numbers of opposing hands
    assert np.array_equal(np.rint(q) * g.valid, np.rint(_plain_values(g, pure, False)) * g.valid)
    assert np.abs(q - np.rint(q)).max() < 1e-9
    assert int((g.cnt[:, None] * g.weights).sum()) == g.pairings  # every pairing once


def _certified(size: int, seed: int) -> left.GameLeft:
    g = left.game_left(_left_case(size, seed))
    c = g.certify()
    assert c.exploitability <= 1e-6 and c.player_best >= c.value - 1e-12 >= c.banker_best - 2e-12, (size, seed)
    assert g.hands == math.comb(32 - size, 4) and g.opponent_hands == math.comb(28 - size, 4)
    assert c == g.certificate or abs(c.exploitability - g.certificate.exploitability) < 1e-12
    return g


@pytest.mark.parametrize("size,count", [(4, 1), (8, 1), (12, 2), (16, 2), (20, 6)])
def test_the_equilibrium_of_the_game_left_is_certified(size: int, count: int) -> None:
    for seed in range(count):
        _certified(size, seed)


# The issue's whole check, 100 certified and 10 proven a size, takes about half an hour on two
# cores: PAIGOW_SEEN_SETS=all runs it (the note of the session that built it gives its run); the
# default run, CI's, takes the first 10 and the first 1 of each size.
WHOLE = os.environ.get("PAIGOW_SEEN_SETS") == "all"
CERTIFIED, PROVEN = (100, 10) if WHOLE else (10, 1)


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 8, 12, 16, 20])
def test_the_equilibrium_of_the_game_left_is_certified_for_100_seen_sets(size: int) -> None:
    for seed in range(CERTIFIED):
        _certified(size, seed)
        left.forget()  # keep one game at a time: the 100 are not asked again


def _proven(size: int, seed: int) -> None:
    g = left.game_left(_left_case(size, seed))
    p = seensupport.prove(g)
    assert p.exact and p.player_best == p.value == p.banker_best, (size, seed)
    assert abs(float(p.value) - g.certificate.value) <= 1e-6  # the numerical pair's value, within its tolerance
    for seat in (p.player, p.banker):  # strategies: each type's probabilities sum to 1, none negative
        assert all(sum(row) == 1 and min(row) >= 0 for row in seat.values())


@pytest.mark.parametrize("size,seed", [(20, 3), (16, 1)])
def test_the_equilibrium_of_the_game_left_is_proven_exactly(size: int, seed: int) -> None:
    _proven(size, seed)


def test_a_pair_that_is_not_an_equilibrium_is_not_proven() -> None:
    g = left.game_left(_left_case(20, 3))
    p = seensupport.prove(g)
    q = p.player_values
    # a type the player sets purely, switched to a setting worth strictly less against the banker
    i, k, j = next((i, row.index(1), j) for i, row in p.player.items() if 1 in row
                   for j in range(int(g.m[i])) if q[i, j] < q[i, row.index(1)])
    bad = dict(p.player)
    bad[i] = tuple(Fraction(int(x == j)) for x in range(3))
    worse = seensupport.check_pair(g, bad, p.banker)
    assert not worse.exact and worse.player_best == p.player_best > worse.value
    assert worse.value < p.value and k != j


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 8, 12, 16, 20])
def test_the_equilibrium_of_the_game_left_is_proven_exactly_for_10_seen_sets(size: int) -> None:
    for seed in range(PROVEN):
        _proven(size, seed)


def test_advice_against_the_game_left_is_the_enumeration_under_its_equilibrium() -> None:
    hand, seen = random_case(20, 7)
    g = left.game_left(seen)
    ty = hand_types(MACAU)
    rows = reference.row_of()

    def banker(opp: tuple[int, ...]) -> list[float]:  # the banker's equilibrium, hand by hand
        row = rows[tuple(sorted(opp))]
        probs = g.own(int(ty.hand_type[row]), True)
        return [float(probs[int(ty.hand_map[row, k])]) if ty.first[row, k] else 0.0 for k in range(3)]

    a = paigow.advise([DECK[i] for i in hand], seen=list(seen))
    want = reference.enumerate_counts(hand, banker, False, seen=seen)
    assert a.against == "equilibrium" and a.opponent_hands == 70
    assert np.allclose([[o.wins, o.pushes, o.losses] for o in a.options], want, atol=1e-9)
    assert sum(o.probability or 0 for o in a.options) == pytest.approx(1.0)
    assert paigow.best_setting([DECK[i] for i in hand], seen=list(seen)) == a.options[
        int(np.argmax([o.probability for o in a.options]))].setting


@pytest.mark.parametrize("size", [4, 20])
def test_a_kept_seen_set_answers_as_the_checked_path(size: int) -> None:
    # the first call checks the seen set and keeps it; the next hands read the kept game (the
    # lean path); a set of the same tiles (unhashable) takes the checked path each time
    from paigow import advice

    hand, seen = random_case(size, 11)
    rnd = random.Random(size)
    others = [i for i in range(32) if i not in seen]
    hands = [hand] + [tuple(rnd.sample(others, 4)) for _ in range(40)]
    text = " ".join(str(DECK[i]) for i in seen)
    for seat in ("player", "banker"):
        for h in hands:
            lean = [paigow.advise(h, seat=seat, seen=seen), paigow.advise(" ".join(str(DECK[i]) for i in h), seat=seat,
                                                                            seen=text)]
            checked = paigow.advise(h, seat=seat, seen=set(seen))
            assert lean[0] == checked and lean[1].options == checked.options and lean[1].seen == checked.seen
            assert lean[0].opponent_hands == checked.opponent_hands == left.opponent_hands(size)
        assert (seen, seat, None, False, None) in advice._SEEN_PLANS
    # a hand holding a seen tile's last copy is still refused once the set is kept
    face = DECK[seen[0]]
    twins = tuple(i for i in range(32) if DECK[i] is face and i not in seen)  # the copy not seen, if any
    bad = (seen[0],) + twins + tuple(x for x in others if DECK[x] is not face)
    with pytest.raises(errors.TileCopiesError):
        paigow.advise(bad[:4], seen=seen)
    left.forget()
    assert not advice._SEEN_PLANS  # forgotten with the kept games


def test_a_kept_seen_set_holds_no_game_the_kept_games_dropped() -> None:
    from paigow import advice

    left.forget()
    hand, seen = random_case(20, 21)
    paigow.advise(hand, seen=seen)
    assert advice._SEEN_PLANS
    made = {left.rank_counts(seen)}
    rnd = random.Random(21)
    while len(made) <= left.KEPT_GAMES:  # as many other games left as are kept: the first is dropped
        counts = left.rank_counts(tuple(rnd.sample(range(32), 20)))
        if counts not in made:
            made.add(counts)
            left.solved(counts, MACAU)
    assert not advice._SEEN_PLANS
    assert paigow.advise(hand, seen=seen) == paigow.advise(hand, seen=set(seen))


def test_game_value_with_seen_tiles_is_the_references() -> None:
    seen = _left_case(20, 1)
    v = paigow.game_value("max-back", "max-back", seen=seen)
    w, p, lo = reference.pair_counts(reference.max_back_row, reference.max_back_row, seen)
    pairings = math.comb(12, 4) * math.comb(8, 4)
    assert (v.win, v.push, v.lose) == pytest.approx((w / pairings, p / pairings, lo / pairings), abs=1e-15)
    eq = paigow.game_value(seen=seen)
    g = left.game_left(seen)
    assert eq.ev == pytest.approx(g.certificate.value, abs=1e-9)
    with pytest.raises(errors.InvalidOptionError) as e:
        paigow.game_value("equilibrium", "max-back", seen=seen)
    assert e.value.code == "seen.mixed"


def test_the_command_line_takes_seen_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "天", "地", "杂九", "至尊", "--against", "max-back", "--seen", "人", "人", "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["opponent_hands"] == 14950 and data["seen"] == ["4-4", "4-4"]
    assert main(["advise", "天", "地", "杂九", "至尊", "--against", "max-back", "--seen", "人", "人"]) == 0
    assert "(14950 opposing hands)" in capsys.readouterr().out


def test_the_command_line_proves_the_game_left_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    seen = [str(t) for t in DECK[:20]]
    hand = [str(t) for t in DECK[20:24]]
    assert main(["advise", *hand, "--seen", *seen, "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    p = seensupport.prove(left.game_left(seen))
    assert data["proof"] == {"exact": True, "value": str(p.value), "player_best": str(p.value),
                             "banker_best": str(p.value)}
    assert main(["advise", *hand, "--seen", *seen, "--exact"]) == 0
    assert f"proven exactly: the player's value {p.value} a pairing" in capsys.readouterr().out
    for bad in (["--exact"], ["--seen", *seen, "--exact", "--against", "max-back"]):  # with --commission: as paid
        assert main(["advise", *hand, *bad]) == 2
        assert "seen.exact" in capsys.readouterr().err


def test_the_advice_request_models_take_seen_tiles() -> None:
    from pydantic import ValidationError

    from paigow.serve.models import AdviceBatchIn, AdviceIn

    assert AdviceIn(tiles="天 地 杂九 至尊", seen="人 人").seen == "人 人"
    assert AdviceIn(tiles="天 地 杂九 至尊").seen is None
    assert AdviceBatchIn(hands=["天 地 杂九 至尊"], seen=["4-4"] * 24).seen == ["4-4"] * 24
    with pytest.raises(ValidationError):
        AdviceIn(tiles="天 地 杂九 至尊", seen=["4-4"] * 25)
    from paigow.serve.routers.advice import _advice  # the handlers' one builder of advice answers

    out = _advice("天 地 杂九 至尊", "player", "max-back", False, "macau", "人 人")
    assert out["opponent_hands"] == 14950 and out["seen"] == ["4-4", "4-4"]
    assert "seen" not in _advice("天 地 杂九 至尊", "player", "max-back", False, "macau")
