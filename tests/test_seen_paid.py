"""The game left as paid (paigow.game.seenpaid): seen tiles and a commission.

The compiled count (wins and losses apart, over the opposing hands of the unseen tiles) is held
against the plain-Python reference (tests/reference.py: the opposing hands enumerated over the
tiles neither held nor seen, each compared by the rules); the solved pair is certified again by
each type's counts summed in numpy (``GameLeft.hand_counts``), not by the kernel; advice values
are the reference's (1 - r) * W - L against the kept strategy."""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import random
import tempfile
import warnings
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import paigow
from paigow import DECK, errors
from paigow.setting import settings_of
from paigow.cli import main
from paigow.game import seen as left, seenpaid
from paigow.game.handtypes import all_hands, hand_types
from paigow.rules import HOME, MACAU, commission_of

import reference

RATE = Fraction(1, 20)
TY = hand_types(MACAU)
ROWS = {tuple(int(x) for x in h): i for i, h in enumerate(all_hands())}


def random_case(size: int, seed: int) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """A random sorted hand and ``size`` seen tiles beside it."""
    rnd = random.Random(seed)
    tiles = rnd.sample(range(32), 4 + size)
    a, b, c, d = sorted(tiles[:4])
    return (a, b, c, d), tuple(sorted(tiles[4:]))


def hand_probs(game: left.GameLeft, sigma: np.ndarray) -> Any:
    """A sorted hand's settings' probabilities under a type strategy (copies: a repeated type
    setting once), as reference.enumerate_counts takes them."""
    def table(opp: tuple[int, ...]) -> list[float]:
        r = ROWS[opp]
        i = game.index[int(TY.hand_type[r])]
        a, b, c = TY.hand_map[r]
        return [sigma[i, a], sigma[i, b] if b != a else 0.0, sigma[i, c] if c not in (a, b) else 0.0]
    return table


def random_strategy(game: left.GameLeft, rnd: random.Random, pure: bool) -> np.ndarray:
    sig = np.zeros((len(game.types), 3))
    for i in range(len(game.types)):
        m = int(game.m[i])
        if pure:
            sig[i, rnd.randrange(m)] = 1.0
        else:
            v = np.array([rnd.random() for _ in range(m)])
            sig[i, :m] = v / v.sum()
    return sig


@pytest.mark.parametrize("size", [0, 4, 12, 16, 20])
def test_the_kernel_counts_are_the_references(size: int) -> None:
    rnd = random.Random(size)
    hand, seen = random_case(size, 7 + size)
    game = seenpaid.PaidLeft(left.rank_counts(seen), MACAU, RATE)
    row = ROWS[hand]
    i = game.index[int(TY.hand_type[row])]
    for pure in (True, False):
        sig = random_strategy(game, rnd, pure)
        for banker in (False, True):
            c = game.counts(sig, banker)
            want = reference.enumerate_counts(hand, hand_probs(game, sig), banker, seen=seen)
            opp = math.comb(28 - size, 4)
            for s in range(3):
                k = TY.hand_map[row][s]
                w, lo = c[i, k]
                got = [w, opp - w - lo, lo]
                if pure:  # whole numbers, exactly: wins, pushes, losses
                    assert got == want[s], (size, banker, s)
                else:
                    assert np.allclose(got, want[s], rtol=0, atol=1e-8), (size, banker, s)


def test_the_kernel_refuses_bad_arrays() -> None:
    game = seenpaid.PaidLeft(left.rank_counts(tuple(range(20))), MACAU, RATE)
    good, d = game.player, game.kdata
    qa, qc, evp, idx, pos, w = d.side(False)

    def call(out: np.ndarray, idx: np.ndarray = idx, pos: np.ndarray = pos, work: np.ndarray = d.work) -> None:
        paigow._core.left_paid_counts(good, d.cf, d.cb, qa, qc, d.nf, d.nb, d.ptr, d.tab, d.dep, d.use, d.n_tables,
                                      evp, idx, pos, w, 1.0, work, out)

    with pytest.raises(ValueError, match="out"):
        call(np.empty((len(good), 3, 3)))
    bad = idx.copy()
    bad[0] = 3 * len(good)
    with pytest.raises(ValueError, match="out of range"):
        call(np.empty((len(good), 3, 2)), idx=bad)
    far = pos.copy()
    far[0] = d.nb + 1
    with pytest.raises(ValueError, match="out of range"):
        call(np.empty((len(good), 3, 2)), pos=far)
    with pytest.raises(ValueError, match="work buffer"):
        call(np.empty((len(good), 3, 2)), work=d.work[:3])


def numpy_gains(game: seenpaid.PaidLeft) -> tuple[float, float]:
    """Each side's best-response gain per hand, from each type's counts summed in numpy."""
    out = []
    for banker in (False, True):
        own = game.banker if banker else game.player
        gain = 0.0
        for i, t in enumerate(game.types.tolist()):
            c = game.hand_counts(int(t), banker)
            q = c[: int(game.m[i]), 0] * float(1 - (game.bank_rate if banker else game.rate)) - c[: int(game.m[i]), 2]
            gain += float(game.cnt[i]) * (q.max() - float(own[i, : int(game.m[i])] @ q))
        out.append(gain / game.pairings)
    return out[0], out[1]


@pytest.mark.parametrize("size", [12, 16, pytest.param(8, marks=pytest.mark.slow),
                                  pytest.param(4, marks=pytest.mark.slow)])
def test_the_solved_pair_is_certified(size: int) -> None:
    for seed in range(2 if size >= 12 else 1):
        seen = random_case(size, 100 + seed)[1]
        game = seenpaid.kept(left.rank_counts(seen), MACAU, RATE)
        cert = game.certificate
        again = game.certify()  # over every setting, dominated ones too: the same gains
        assert cert.gain <= left.TOLERANCE and again.iterations == cert.iterations
        assert again.player_gain == pytest.approx(cert.player_gain, abs=1e-12)
        assert again.banker_gain == pytest.approx(cert.banker_gain, abs=1e-12)
        gp, gb = numpy_gains(game)
        assert gp == pytest.approx(cert.player_gain, abs=1e-9) and gb == pytest.approx(cert.banker_gain, abs=1e-9)
        assert 0 <= gp <= left.TOLERANCE and 0 <= gb <= left.TOLERANCE
        assert np.allclose(game.player.sum(axis=1), 1) and np.allclose(game.banker.sum(axis=1), 1)


def test_the_exact_check_agrees_and_proves() -> None:
    game = seenpaid.game_left_paid(range(20), rate="5%")
    p = seenpaid.check(game)  # the kept floats, as the binary fractions they are
    assert 0 <= p.player_gain <= left.TOLERANCE and 0 <= p.banker_gain <= left.TOLERANCE
    assert float(p.player_gain) == pytest.approx(game.certificate.player_gain, abs=1e-12)
    assert float(p.banker_value) == pytest.approx(game.certificate.banker_value, abs=1e-12)
    proof = seenpaid.prove(game)  # an exact pair near it: both gains exactly 0
    assert proof.exact and proof.player_gain == 0 == proof.banker_gain and game.exact is not None
    assert float(proof.player_value) == pytest.approx(game.certificate.player_value, abs=1e-5)
    assert all(sum(r) == 1 and min(r) >= 0 for side in game.exact for r in side)
    # a pair off the equilibrium is refuted exactly: some seat gains by deviating
    off = seenpaid.check(game, np.where(game.valid, 1.0, 0.0) / game.m[:, None], game.banker)
    assert off.player_gain > 0 and not off.exact


@pytest.mark.parametrize("seat", ["player", "banker"])
def test_advice_values_are_the_references(seat: str) -> None:
    for size, seed in ((20, 1), (16, 2)):
        hand, seen = random_case(size, seed)
        a = paigow.advise([DECK[i] for i in hand], seat, seen=list(seen), commission=True)
        assert a.against == "equilibrium-paid" and a.rate == RATE and a.commission
        game = seenpaid.kept(left.rank_counts(seen), MACAU, RATE)
        other = game.player if seat == "banker" else game.banker
        want = reference.enumerate_counts(hand, hand_probs(game, other), seat == "banker", seen=seen)
        opp = math.comb(28 - size, 4)
        assert a.opponent_hands == opp
        for o, (w, p, lo) in zip(a.options, want):
            assert [o.wins, o.pushes, o.losses] == pytest.approx([w, p, lo], abs=1e-8)
            assert o.value == pytest.approx((float(1 - RATE) * w - lo) / opp, abs=1e-12)
        own = game.banker if seat == "banker" else game.player
        i = game.index[int(TY.hand_type[ROWS[hand]])]
        assert sorted(o.probability or 0.0 for o in a.options) == pytest.approx(
            sorted(hand_probs(game, own)(hand)), abs=1e-12)
        b = paigow.advise_batch([hand], seat, seen=seen, commission="5%")
        assert b.values[0].tolist() == [o.value for o in a.options] and b.best[0] == a.best
        assert i >= 0


def test_names_and_values_at_a_rate() -> None:
    seen = tuple(range(20))
    g = seenpaid.kept(left.rank_counts(seen), MACAU, RATE)
    v = paigow.game_value("equilibrium-paid", "equilibrium-paid", seen=seen)
    assert (v.win, v.push, v.lose) == left.left_counts(g)
    assert v != paigow.game_value(seen=seen)  # the zero-commission game left is another game
    with pytest.raises(errors.InvalidOptionError) as e:
        paigow.game_value("equilibrium", "equilibrium-paid", seen=seen)
    assert e.value.code == "seen.mixed"
    hand = (20, 21, 22, 23)
    s = paigow.best_setting(hand, "banker", "equilibrium-paid", seen=seen)
    i = g.index[int(TY.hand_type[ROWS[hand]])]
    settings = settings_of(tuple(DECK[x] for x in hand))
    probs = hand_probs(g, g.banker)(hand)
    assert s == settings[int(np.argmax(probs))] and max(probs) == g.banker[i].max()
    # a rate the catalogue does not ship is solved too, and the kept game is the same object next time
    three = paigow.advise(hand, seen=seen, commission="3%")
    assert three.rate == Fraction(3, 100)
    assert seenpaid.kept(left.rank_counts(seen), MACAU, Fraction(3, 100)) is seenpaid.kept(
        left.rank_counts(seen), MACAU, Fraction(3, 100))


def test_with_nothing_seen_every_answer_is_todays() -> None:
    for seat in ("player", "banker"):
        today = paigow.advise("天 地 杂九 至尊", seat, commission=True)
        for none in (None, (), [], ""):
            same = paigow.advise("天 地 杂九 至尊", seat, commission=True, seen=none)
            assert same == today and same.to_json() == today.to_json()


def test_bad_input_is_refused_as_before() -> None:
    hand = [DECK[0], DECK[2], DECK[22], DECK[28]]
    for kwargs, kind, code in (({"seen": [0, 1]}, errors.TileCopiesError, "tile.copies"),
                               ({"seen": [4, 4]}, errors.TileCopiesError, "tile.twice"),
                               ({"seen": [40]}, errors.UnknownTileError, "tile.index"),
                               ({"seen": [i for i in range(32) if i not in (0, 2, 22, 28)][:25]},
                                errors.InvalidOptionError, "seen.size")):
        for commission in (False, True):
            with pytest.raises(kind) as e:
                paigow.advise(hand, commission=commission, **kwargs)  # type: ignore[arg-type]
            assert e.value.code == code, kwargs
    with pytest.raises(errors.InvalidOptionError) as e:
        seenpaid.kept(left.rank_counts(tuple(range(20))), MACAU, Fraction(0))
    assert e.value.code == "commission.range"
    with pytest.raises(errors.InvalidOptionError) as e:
        paigow.advise(hand, seen="人", commission="120%")
    assert e.value.code == "commission.range"


def test_the_command_line_takes_seen_tiles_and_a_commission(capsys: pytest.CaptureFixture[str]) -> None:
    seen = [str(t) for t in DECK[:20]]
    hand = [str(t) for t in DECK[20:24]]
    assert main(["advise", *hand, "--seen", *seen, "--commission", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    a = paigow.advise(" ".join(hand), seen=" ".join(seen), commission=True)
    assert data == json.loads(json.dumps(a.to_json()))
    assert data["against"] == "equilibrium-paid" and data["opponent_hands"] == 70


@contextlib.contextmanager
def _client() -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette's TestClient on httpx: a deprecation warning, not ours
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from paigow.serve.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        with TestClient(create_app(str(Path(tmp) / "paid.db")), base_url="http://127.0.0.1") as client:
            yield client


def test_the_service_answers_with_a_commission() -> None:
    seen = " ".join(str(t) for t in DECK[:20])
    hand = " ".join(str(t) for t in DECK[20:24])
    a = paigow.advise(hand, seen=seen, commission=True)
    with _client() as client:
        r = client.post("/v1/advice", json={"tiles": hand, "seen": seen, "commission": True})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["against"] == "equilibrium-paid" and body["rate"] == "5%" and body["opponent_hands"] == 70
        assert [s["value"] for s in body["settings"]] == pytest.approx([o.value for o in a.options], abs=1e-12)
        r = client.post("/v1/advice/batch", json={"hands": [hand], "seen": seen, "commission": True})
        assert r.status_code == 200, r.text
        assert [s["value"] for s in r.json()["results"][0]["settings"]] == pytest.approx(
            [o.value for o in a.options], abs=1e-12)


def _game_of(seen: tuple[int, ...], rate: Fraction, rules: Any = MACAU) -> left.GameLeft:
    return seenpaid.game_at(left.rank_counts(seen), rules, rate)


def _reference(hand: tuple[int, ...], seen: tuple[int, ...], seat: str, game: left.GameLeft) -> list[list[float]]:
    other = game.player if seat == "banker" else game.banker
    return reference.enumerate_counts(hand, hand_probs(game, other), seat == "banker", seen=seen)


# (the name asked, the commission the hand is paid at, the rate of the game left the name plays)
NAME_CASES = [("equilibrium-paid", False, RATE), ("equilibrium-paid", "4%", RATE),
              ("equilibrium", True, Fraction(0)), ("equilibrium-paid-4pct", True, Fraction(1, 25)),
              ("equilibrium-paid-4pct", False, Fraction(1, 25)), (None, "3%", Fraction(3, 100))]


@pytest.mark.parametrize("against,commission,played", NAME_CASES)
def test_the_name_picks_the_game_left_and_the_commission_pays_the_hand(against: Any, commission: Any,
                                                                        played: Fraction) -> None:
    """One rule, as without seen tiles: an equilibrium's name is the game left the other side
    plays; ``commission`` only pays the advised hand's wins (values (1 - r) W - L at the asked r)."""
    asked = commission_of(MACAU, commission)
    for seat, (hand, seen) in (("player", random_case(20, 0)), ("banker", random_case(20, 5))):
        game = _game_of(seen, played)
        want = _reference(hand, seen, seat, game)
        # the rule matters here: the game at the asked rate gives other counts
        other = _reference(hand, seen, seat, _game_of(seen, asked))
        assert played == asked or not np.allclose(want, other, atol=1e-6), (seat, against, commission)
        a = paigow.advise([DECK[i] for i in hand], seat, against=against, commission=commission, seen=list(seen))
        assert a.rate == asked and a.commission == bool(asked) and a.opponent_hands == 70
        assert a.against == (against or "equilibrium-paid-3pct")  # the game played: at 3%, none shipped
        for o, (w, p, lo) in zip(a.options, want):
            assert [o.wins, o.pushes, o.losses] == pytest.approx([w, p, lo], abs=1e-8)
            assert o.value == pytest.approx((float(1 - asked) * w - lo) / 70, abs=1e-12)
        own = game.banker if seat == "banker" else game.player
        assert sorted(o.probability or 0.0 for o in a.options) == pytest.approx(sorted(hand_probs(game, own)(hand)),
                                                                                 abs=1e-12)
        again = paigow.advise([DECK[i] for i in hand], seat, against=against, commission=commission, seen=list(seen))
        assert again == a  # the kept seen set answers the same
        b = paigow.advise_batch([hand], seat, against=against, commission=commission, seen=seen)
        assert b.values[0].tolist() == pytest.approx([o.value for o in a.options], abs=1e-12)
        assert np.allclose(b.counts[0], np.array(want, dtype=float), rtol=0, atol=1e-8) and b.rate == asked
        assert b.against == a.against and b.best[0] == a.best
        if against is not None:  # best_setting plays the same game: the setting the seat's equilibrium plays most
            s = paigow.best_setting(hand, seat, against, seen=seen)
            probs = [o.probability or 0.0 for o in a.options]
            assert probs[[o.setting for o in a.options].index(s)] == max(probs)
            v = paigow.game_value(against, against, seen=seen)
            assert (v.win, v.push, v.lose) == left.left_counts(game)


def test_the_us_names_play_their_rates_and_refuse_another_game() -> None:
    from paigow.rules import US

    hand, seen = random_case(20, 3)
    for name, rate in (("us-equilibrium-paid", RATE), ("us-equilibrium-paid-4.7619pct", Fraction(1, 21)),
                       ("us-equilibrium", Fraction(0))):
        game = _game_of(seen, rate, US)
        a = paigow.advise(hand, "banker", against=name, commission=False, rules="us", seen=seen)
        assert a.rate == 0 and a.rules == "us"
        other = np.array([[o.wins, o.pushes, o.losses] for o in a.options])
        rows, order = paigow._core.hand_rows(np.array([hand])), paigow._core.setting_order(np.array([hand], dtype=np.int8))
        counts = game.hand_table(rows, order, True)[0]
        assert np.allclose(other, counts[0], rtol=0, atol=1e-8)
        unpaid = _game_of(seen, Fraction(0), US).hand_table(rows, order, True)[0]
        assert rate == 0 or not np.allclose(other, unpaid[0], rtol=0, atol=1e-6)  # not the game at the asked 0
        v = paigow.game_value(name, name, rules="us", seen=seen)
        assert (v.win, v.push, v.lose) == left.left_counts(game)
    for call in (lambda: paigow.advise(hand, against="us-equilibrium-paid", seen=seen),
                 lambda: paigow.advise_batch([hand], against="us-equilibrium", seen=seen),
                 lambda: paigow.best_setting(hand, "banker", "us-equilibrium-paid", seen=seen),
                 lambda: paigow.game_value("equilibrium-paid", "equilibrium-paid", rules="us", seen=seen)):
        with pytest.raises(errors.InvalidStrategyError) as e:
            call()
        assert e.value.code == "strategy.rules"


def test_the_command_line_proves_the_game_left_as_paid(capsys: pytest.CaptureFixture[str]) -> None:
    seen = [str(t) for t in DECK[:20]]
    hand = [str(t) for t in DECK[20:24]]
    for extra, rate in ((["--commission"], RATE), (["--against", "equilibrium-paid-4pct"], Fraction(1, 25)),
                        (["--against", "equilibrium-paid", "--commission", "4%"], RATE)):
        assert main(["advise", *hand, "--seen", *seen, "--exact", "--json", *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        game = seenpaid.kept(left.rank_counts(tuple(range(20))), MACAU, rate)
        p = seenpaid.prove(game)
        assert p.exact and data["proof"] == {
            "exact": True, "rate": str(rate), "bank_rate": str(rate), "player_value": str(p.player_value), "banker_value": str(p.banker_value),
            "player_gain": "0", "banker_gain": "0"}
        assert float(p.player_value) == pytest.approx(game.certificate.player_value, abs=1e-5)
        a = paigow.advise(" ".join(hand), seen=" ".join(seen), against=None if "--against" not in extra
                          else extra[1], commission=data["rate"])
        assert {k: v for k, v in data.items() if k != "proof"} == json.loads(json.dumps(a.to_json()))
        assert main(["advise", *hand, "--seen", *seen, "--exact", *extra]) == 0
        out = capsys.readouterr().out
        assert f"as paid at {paigow.commission.percent(rate)}, proven exactly: the player's value {p.player_value}, " \
               f"the banker's {p.banker_value} a pairing; the best responses gain 0 (player) and 0 (banker)" in out
    assert main(["advise", *hand, "--seen", *seen, "--exact", "--against", "max-back", "--commission"]) == 2
    assert "seen.exact" in capsys.readouterr().err


def test_a_kept_seen_set_with_a_commission_reads_its_game() -> None:
    from paigow import advice

    seen = tuple(range(4, 24))
    hands = [(0, 1, 24, 25), (2, 26, 28, 31), (3, 27, 29, 30)]
    first = [paigow.advise(h, "banker", commission="4%", seen=seen) for h in hands]
    kept = advice._SEEN_PLANS[(seen, "banker", None, "4%", None)]
    assert kept.game is seenpaid.kept(left.rank_counts(seen), MACAU, Fraction(1, 25)) and kept.rate == Fraction(1, 25)
    for h, a in zip(hands, first):
        again = paigow.advise(h, "banker", commission="4%", seen=seen)  # read from the kept game
        assert again == a and again.to_json() == a.to_json()
        want = _reference(h, seen, "banker", kept.game)
        assert np.allclose([[o.wins, o.pushes, o.losses] for o in again.options], want, rtol=0, atol=1e-8)
        # the kept plan of one name and commission is not another's
        other = paigow.advise(h, "banker", against="equilibrium-paid", commission="4%", seen=seen)
        assert other.against == "equilibrium-paid" and np.allclose(
            [[o.wins, o.pushes, o.losses] for o in other.options], _reference(h, seen, "banker", _game_of(seen, RATE)),
            rtol=0, atol=1e-8)
    with pytest.raises(errors.TileCopiesError):  # a hand holding a seen tile is checked, not read
        paigow.advise((4, 1, 24, 25), "banker", commission="4%", seen=seen)
    for k in range(left.KEPT_GAMES):  # the kept games dropped for new ones: the kept seen sets go with them
        seenpaid.kept(left.rank_counts(seen), MACAU, Fraction(1, 100 + k))
    assert (seen, "banker", None, "4%", None) not in advice._SEEN_PLANS
    assert paigow.advise(hands[0], "banker", commission="4%", seen=seen) == first[0]


H4 = HOME.replace(name="h4", commission="4%")
"""The home game with its 4% option: taken from a door's win, never from the bank's (docs/rules.md Part 4)."""


def _brute_gains(game: seenpaid.PaidLeft, rules: Any, seen: tuple[int, ...],
                 bank_rate: Fraction) -> tuple[float, float, float]:
    """(the banker's best-response gain, its value, the player's value) per pairing against the
    kept pair, by every pairing of the unseen tiles compared one by one (paigow.compare under
    ``rules``), the banker's wins paid ``1 - bank_rate``, the player's ``1 - game.rate``."""
    ty = hand_types(rules)
    hands = list(itertools.combinations([i for i in range(32) if i not in seen], 4))
    sets = {h: paigow.settings([DECK[i] for i in h], rules) for h in hands}

    def probs(h: tuple[int, ...], sigma: np.ndarray) -> list[float]:
        r = ROWS[h]
        i = game.index[int(ty.hand_type[r])]
        a, b, c = (int(x) for x in ty.hand_map[r])
        return [sigma[i, a], sigma[i, b] if b != a else 0.0, sigma[i, c] if c not in (a, b) else 0.0]

    gain = bank_value = player_value = 0.0
    pairings = 0
    for bh in hands:
        q = np.zeros(3)
        pv = 0.0
        for ph in hands:
            if set(ph) & set(bh):
                continue
            pairings += 1
            px = probs(ph, game.player)
            for k, bs in enumerate(sets[bh]):
                for j, ps in enumerate(sets[ph]):
                    if px[j]:
                        o = paigow.compare(ps, bs, rules)
                        q[k] += px[j] * ((1 - float(bank_rate)) * (o == -1) - (o == 1))
                        pv += probs(bh, game.banker)[k] * px[j] * ((1 - float(game.rate)) * (o == 1) - (o == -1))
        own = np.array(probs(bh, game.banker))
        gain += q.max() - own @ q
        bank_value += own @ q
        player_value += pv
    assert pairings == game.pairings
    return gain / pairings, bank_value / pairings, player_value / pairings


def test_the_home_game_left_is_paid_by_the_doors_only() -> None:
    seen = tuple(range(20))                     # 12 tiles unseen
    counts, rate = left.rank_counts(seen), Fraction(1, 25)
    game = seenpaid.kept(counts, H4, rate)
    both_rules = H4.replace(name="h4-both", bank_commission=True)   # the same game with the bank taxed too
    both = seenpaid.kept(counts, both_rules, rate)
    assert both is not game and (game.rate, game.bank_rate) == (rate, 0) and both.bank_rate == rate
    cert = game.certificate
    assert cert.gain <= left.TOLERANCE
    gb, vb, vp = _brute_gains(game, H4, seen, Fraction(0))
    assert gb == pytest.approx(cert.banker_gain, abs=1e-9) and 0 <= gb <= left.TOLERANCE
    assert vb == pytest.approx(cert.banker_value, abs=1e-9) and vp == pytest.approx(cert.player_value, abs=1e-9)
    gp, gb2 = numpy_gains(game)
    assert gp == pytest.approx(cert.player_gain, abs=1e-9) and gb2 == pytest.approx(cert.banker_gain, abs=1e-9)
    # taxed at 4%, the bank's wins would be worth less: the pair certified is the untaxed game's
    assert _brute_gains(game, H4, seen, rate)[1] < vb - 1e-3
    proof = seenpaid.prove(game)               # exact, each side's gain at its own rate
    assert proof.exact and float(proof.banker_value) == pytest.approx(cert.banker_value, abs=1e-5)
    hand = (20, 26, 28, 29)   # the banker's best setting differs between the two games
    a = paigow.advise(hand, "banker", commission=True, rules=H4, seen=seen)
    b = paigow.advise(hand, "banker", commission=True, rules=both_rules, seen=seen)
    assert a.against == "home-equilibrium-paid-4pct-doors" and b.against == "home-equilibrium-paid-4pct"
    assert a.to_json()["against"] == a.against and a.rate == b.rate == rate
    assert not np.allclose([[o.wins, o.pushes, o.losses] for o in a.options],
                           [[o.wins, o.pushes, o.losses] for o in b.options], rtol=0, atol=1e-2)
    assert a.best != b.best
    assert not np.allclose(game.player, both.player, atol=1e-3)   # the doors play otherwise against an untaxed bank
    assert paigow.advise(hand, commission=False, rules=H4, seen=seen).against == "home-equilibrium"


def test_the_on_demand_game_left_is_named_by_its_rate(capsys: pytest.CaptureFixture[str]) -> None:
    seen = [str(t) for t in DECK[:20]]
    hand = [str(t) for t in DECK[20:24]]
    for rules, rate, name in (("macau", "3%", "equilibrium-paid-3pct"), ("macau", "5%", "equilibrium-paid"),
                              ("us", "3%", "us-equilibrium-paid-3pct")):
        a = paigow.advise(" ".join(hand), commission=rate, rules=rules, seen=" ".join(seen))
        assert a.against == name and seenpaid.left_name(paigow.rules.clean_rules(rules), a.rate) == name
        assert main(["advise", *hand, "--seen", *seen, "--commission", rate, "--rules", rules, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["against"] == name
        assert main(["advise", *hand, "--seen", *seen, "--commission", rate, "--rules", rules]) == 0
        assert f"against: {name}   commission" in capsys.readouterr().out
        b = paigow.advise_batch([list(range(20, 24))], commission=rate, rules=rules, seen=list(range(20)))
        assert b.against == name
    with _client() as client:
        r = client.post("/v1/advice", json={"tiles": " ".join(hand), "seen": " ".join(seen), "commission": "3%"})
        assert r.status_code == 200, r.text
        assert r.json()["against"] == "equilibrium-paid-3pct"
    assert paigow.advise(" ".join(hand), commission="3%").against == "equilibrium"  # nothing seen: as today


def test_the_command_line_proves_the_home_game_left(capsys: pytest.CaptureFixture[str]) -> None:
    seen = [str(t) for t in DECK[:20]]
    hand = [str(t) for t in DECK[20:24]]
    args = ["advise", *hand, "--seen", *seen, "--exact", "--commission", "4%", "--rules", "home"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = seenpaid.kept(left.rank_counts(tuple(range(20))), HOME, Fraction(1, 25))
    assert game.bank_rate == 0 and data["proof"]["exact"] and data["proof"]["bank_rate"] == "0"
    assert data["proof"]["rate"] == "1/25" and data["proof"]["banker_value"] == str(seenpaid.prove(game).banker_value)
    assert data["against"] == "home-equilibrium-paid-4pct-doors"
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "as paid at 4% (the bank's wins untaxed), proven exactly" in out and "home-equilibrium-paid-4pct-doors" in out
