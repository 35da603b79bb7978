"""The exact equilibria (paigow.game.exact): the shipped ones re-proven from their files, sampled
settings counted again by plain enumeration in fractions, the proof refusing wrong strategies,
the exact solve reproducing the shipped files, and the wiring into solve, certify and edges."""

from __future__ import annotations

import itertools
import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest

from paigow import _core, advice
from paigow.game import exact, exact_proof, handtypes, solver
from paigow.game.edges import edges
from paigow.errors import InvalidStrategyError
from paigow.game.exact_proof import ExactStrategy
from paigow.rules import MACAU

import reference

DATA = exact.DATA_DIR
GAMES = {  # commission: (stem, player's value, banker's value), per hand
    "0": ("equilibrium-exact", Fraction(-4601027, 490854000), Fraction(4601027, 490854000)),
    "5%": ("equilibrium-paid-exact", Fraction(-31501583119, 1328987205000),
           Fraction(-2773879763381, 511610112000000)),
    "4%": ("equilibrium-paid-4pct-exact", Fraction(-24934175860253, 1196456625000000),
           Fraction(-1700289683, 690263437500)),
}


def _numerical_stem(c: str) -> str:
    return solver.file_stem(0 if c == "0" else c)


# ---------------------------------------------------------------------------------------------
# the shipped exact equilibria, proven afresh from their files

@pytest.mark.parametrize("c", list(GAMES))
def test_shipped_exact_equilibria_are_proven_from_their_files(c: str) -> None:
    stem, vp, vb = GAMES[c]
    eq = exact.load_exact(DATA / f"{stem}.npy")  # verify=True: every setting of every type valued again
    p = eq.proof
    assert p.exact and p.player_gain == 0 and p.banker_gain == 0 and not p.deviations
    assert (p.player_value, p.banker_value) == (vp, vb)
    if c == "0":
        assert vp == -vb and float(vp) == pytest.approx(-0.0093735143240, abs=1e-13)
    info = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
    assert info["exact"] is True and info["gains"] == {"player": "0", "banker": "0"}
    assert (Fraction(info["value"]["player"]), Fraction(info["value"]["banker"])) == (vp, vb)
    assert str(eq.commission) == info["commission"]
    # the numerical equilibrium it was solved from is within its certificate of it
    num = solver.shipped_info(_numerical_stem(c))
    near = num["game_value"] if c == "0" else num["value"]["player"]
    assert abs(float(vp) - near) < 1e-6
    # the table holds each fraction to the nearest double, the pure rows exactly 0/1
    arrays = np.load(DATA / f"{stem}.npy")
    for s, seat in enumerate(exact_proof.SEATS):
        strat = eq.strategy(seat)
        assert (arrays[s] == strat.array()).all()
        for t, row in strat.mixed.items():
            assert sum(row) == 1 and sum(1 for x in row if x) > 1
            assert arrays[s][t].tolist() == [float(x) for x in row]


def test_the_zero_commission_value_and_mixed_hands() -> None:
    eq = exact.shipped_exact(0)
    assert eq.player_value == Fraction(-4601027, 490854000)
    assert eq.player.mixed == {
        593: (Fraction(13, 16), Fraction(3, 16), Fraction(0)),
        618: (Fraction(0), Fraction(7, 8), Fraction(1, 8)),
        723: (Fraction(15, 16), Fraction(0), Fraction(1, 16)),
        1268: (Fraction(0), Fraction(3, 4), Fraction(1, 4)),
    }
    assert sorted(eq.banker.mixed) == [1794, 3080, 3149, 3167, 3890]


def _hand_probs(strategy: ExactStrategy) -> dict[int, list[Fraction]]:
    """Per hand row, the probabilities of its three splits (the first split of each type setting)."""
    ty = advice._types()
    out = {}
    for g in range(len(ty.hand_type)):
        row = strategy.row(int(ty.hand_type[g]))
        out[g] = [row[int(ty.hand_map[g, s])] if ty.first[g, s] else Fraction(0) for s in range(3)]
    return out


def _enumerated(hand: tuple[int, int, int, int], probs: dict[int, list[Fraction]],
                banker_seat: bool) -> list[tuple[Fraction, Fraction]]:
    """(wins, losses) of each split of ``hand`` against the other side's exact hand probabilities,
    over the 20,475 hands of the unseen tiles, counted one by one (tests/reference.py)."""
    own = reference.arranged(hand)
    rows = reference.row_of()
    out = [[Fraction(0), Fraction(0)] for _ in range(3)]
    for opp in itertools.combinations([i for i in range(32) if i not in hand], 4):
        theirs = reference.arranged(opp)  # type: ignore[arg-type]
        for r, p in enumerate(probs[rows[opp]]):
            if not p:
                continue
            for k in range(3):
                res = -reference.decide(theirs[r], own[k]) if banker_seat else reference.decide(own[k], theirs[r])
                if res == 1:
                    out[k][0] += p
                elif res == -1:
                    out[k][1] += p
    return [(w, lo) for w, lo in out]


@pytest.mark.parametrize("c", ["0", "5%"])
def test_sampled_settings_are_counted_alike_by_plain_enumeration(c: str) -> None:
    # an independent count of the proof's numbers: for each seat, a mixed type and a pure one,
    # every setting's wins and losses against the other side's exact strategy, one opposing
    # hand at a time, in fractions; then the best-response condition on them
    eq = exact.shipped_exact(0 if c == "0" else c)
    r = eq.commission
    ty = advice._types()
    all_hands = handtypes.all_hands()
    for seat in exact_proof.SEATS:
        own, other = eq.strategy(seat), eq.strategy("banker" if seat == "player" else "player")
        counts = exact_proof.Counts(r, MACAU)
        q, d = exact_proof.exact_values(counts, other, seat == "banker")
        probs = _hand_probs(other)
        mixed_t = next(iter(own.mixed))
        pure_t = 2024
        for t in (mixed_t, pure_t):
            rep = int(ty.rep_hand[t])
            hand = tuple(int(x) for x in all_hands[rep])
            got = _enumerated(hand, probs, seat == "banker")  # type: ignore[arg-type]
            values = {}
            for s in range(3):
                k = int(ty.hand_map[rep, s])
                w, lo = got[s]
                values[k] = (1 - r) * w - lo
                assert values[k] == Fraction(int(q[t, k]), d * counts.scale)
            best = max(values.values())
            for k, p in enumerate(own.row(t)):
                if p:
                    assert values[k] == best


# ---------------------------------------------------------------------------------------------
# the proof can fail

def test_a_perturbed_strategy_is_not_proven_exact() -> None:
    eq = exact.shipped_exact(0)
    mixed = dict(eq.banker.mixed)
    mixed[1794] = (Fraction(0), Fraction(3, 4) + Fraction(1, 100), Fraction(1, 4) - Fraction(1, 100))
    wrong = ExactStrategy(eq.banker.pure, mixed)
    p = exact_proof.prove(eq.player, wrong, 0)
    assert not p.exact and p.player_gain > 0
    assert p.banker_gain == 0  # the banker's settings are still best against the same player
    assert p.deviations and all(d.seat == "player" and d.gain > 0 for d in p.deviations)
    # a pure type moved off its best setting
    pure = eq.player.pure.copy()
    t = next(t for t in range(len(pure)) if pure[t] >= 0 and advice._types().m[t] == 3)
    pure[t] = (pure[t] + 1) % 3
    p = exact_proof.prove(ExactStrategy(pure, eq.player.mixed), eq.banker, 0)
    assert not p.exact and p.player_gain > 0 and any(d.type == t for d in p.deviations)
    # the paid equilibrium is no exact equilibrium of the zero-commission game, nor the reverse
    paid = exact.shipped_exact("5%")
    assert not exact_proof.prove(paid.player, paid.banker, 0).exact
    assert not exact_proof.prove(eq.player, eq.banker, "5%").exact
    assert not exact_proof.prove(paid.player, paid.banker, "4%").exact


def test_a_tampered_file_is_refused(tmp_path: pathlib.Path) -> None:
    stem = "equilibrium-exact"
    (tmp_path / f"{stem}.npy").write_bytes((DATA / f"{stem}.npy").read_bytes())
    info = json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))
    info["mixed"]["player"][0]["settings"][0]["p"] = "4/5"
    info["mixed"]["player"][0]["settings"][1]["p"] = "1/5"
    (tmp_path / f"{stem}.json").write_text(json.dumps(info), encoding="utf-8")
    with pytest.raises(InvalidStrategyError) as e:
        exact.load_exact(tmp_path / f"{stem}.npy")
    assert e.value.code == "strategy.exact"


def test_exact_strategies_are_checked() -> None:
    eq = exact.shipped_exact(0)
    pure = eq.player.pure
    two = int(np.where(advice._types().m == 2)[0][0])
    for mixed in ({593: (Fraction(1, 2), Fraction(1, 3), Fraction(0))},   # sums to 5/6
                  {593: (Fraction(3, 2), Fraction(-1, 2), Fraction(0))},  # a negative probability
                  {two: (Fraction(1, 2), Fraction(0), Fraction(1, 2))}):  # a setting the type lacks
        p = pure.copy()
        p[list(mixed)] = -1
        with pytest.raises(InvalidStrategyError) as e:
            ExactStrategy(p, mixed)
        assert e.value.code == "strategy.exact"
    bad = pure.copy()
    bad[5] = 3
    with pytest.raises(InvalidStrategyError):
        ExactStrategy(bad, {})
    with pytest.raises(InvalidStrategyError):
        ExactStrategy.from_array(np.full((advice._types().n, 3), 1 / 3))  # neither pure nor given exactly
    with pytest.raises(ArithmeticError):  # a kernel count that is not an integer is never taken as exact
        exact_proof.Counts._ints(np.array([0.5]))


def test_floats_are_read_as_the_fractions_they_are() -> None:
    num = solver.load(DATA / "equilibrium.npy")
    s = ExactStrategy.from_floats(num.player)
    assert len(s.mixed) == 13 and all(sum(row) == 1 for row in s.mixed.values())
    c = solver.certify("equilibrium", "equilibrium", 0, exact=True)
    f = solver.certify("equilibrium", "equilibrium", 0)
    assert not c.exact and 0 < c.player_gain and 0 < c.banker_gain
    assert (c.player_gain, c.banker_gain) == (pytest.approx(f.player_gain, abs=1e-12),
                                              pytest.approx(f.banker_gain, abs=1e-12))
    assert c.player_gain + c.banker_gain == pytest.approx(solver.shipped_info("equilibrium")["exploitability"], rel=1e-3)


# ---------------------------------------------------------------------------------------------
# solving

def test_solve_command_reproduces_the_shipped_zero_commission_file(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["solve", "--exact", "--output", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "-4601027/490854000" in out and "player 0, banker 0 (exact" in out
    for name in ("equilibrium-exact.npy", "equilibrium-exact.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("c", ["5%", "4%"])
def test_solve_command_reproduces_the_shipped_paid_files(tmp_path: pathlib.Path, c: str) -> None:
    from paigow.cli import main

    assert main(["solve", "--exact", "--commission", c, "--output", str(tmp_path), "--json"]) == 0
    stem = GAMES[c][0]
    for name in (f"{stem}.npy", f"{stem}.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


def test_solve_exact_true_from_the_shipped_numerical_solution() -> None:
    eq = solver.solve(start=solver.load(DATA / "equilibrium.npy"), exact=True)
    assert isinstance(eq, exact.ExactEquilibrium) and eq.exact
    shipped = exact.shipped_exact(0)
    assert eq.player == shipped.player and eq.banker == shipped.banker
    cert = solver.certify(eq)
    assert cert.exact and cert.player_gain == 0.0 and cert.banker_gain == 0.0
    assert solver.certify("equilibrium-paid-exact", "equilibrium-paid-exact", "5%", exact=True).exact
    assert eq.equilibrium().player_gain == 0.0


def test_a_type_left_out_of_the_small_game_joins_it_when_the_proof_refutes_it() -> None:
    # the numerical solution with every mixed type of both seats but one made pure: the exact
    # solve still reaches a proven equilibrium (widening the small game when the proof says so),
    # and the zero-sum game has one value
    data = np.load(DATA / "equilibrium.npy").copy()
    for s in (0, 1):
        for t in np.where((data[s] > 0).sum(axis=1) > 1)[0][1:]:
            row = np.zeros(3)
            row[np.argmin(data[s][t] + (data[s][t] == 0) * 9)] = 1.0  # its least likely setting
            data[s][t] = row
    eq = exact.solve_exact(data, 0)
    assert eq.exact and eq.player_value == GAMES["0"][1]
    assert eq.solve_info["rounds"] >= 2


# ---------------------------------------------------------------------------------------------
# the exact house-edge table

@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_the_exact_edges_table() -> None:
    rows = edges("5%", exact=True)
    assert len(rows) == 9 and all(e.exact for e in rows)
    assert all(e.win + e.push + e.lose == 1 for e in rows)
    first = rows[0]
    assert (first.player_strategy, first.banker_strategy) == ("equilibrium-paid-exact", "equilibrium-paid-exact")
    assert (first.player_result, first.banker_result) == GAMES["5%"][1:]
    zero = next(e for e in rows if e.player_strategy == e.banker_strategy == "equilibrium-exact")
    assert zero.win - zero.lose == GAMES["0"][1]
    mb = [e for e in rows if e.player_strategy == e.banker_strategy == "max-back"][0]
    numerical = [e for e in edges("5%") if e.player_strategy == e.banker_strategy == "max-back"][0]
    assert (mb.win, mb.push, mb.lose) == (numerical.win, numerical.push, numerical.lose)
    # float64 sums over the exact tables by the other kernel agree with the fractions
    ty = advice._types()
    eq = exact.shipped_exact("5%")
    w, p, lo = _core.type_game_value(eq.player.array(), eq.banker.array(), advice._weights(), ty.cnt, ty.m,
                                     ty.tset_f, ty.tset_b, MACAU.core) / exact_proof.PAIRINGS
    assert (w, p, lo) == (pytest.approx(float(first.win), abs=1e-13), pytest.approx(float(first.push), abs=1e-13),
                          pytest.approx(float(first.lose), abs=1e-13))


def test_edges_command_exact(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["edges", "--exact", "--commission", "4%", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 9 and all(d["exact"] for d in data)
    assert Fraction(data[0]["player_result_exact"]) == GAMES["4%"][1]
    assert main(["edges", "--exact", "--commission", "5%"]) == 0
    out = capsys.readouterr().out
    assert "equilibrium-paid-exact" in out and out.count("  =") == 9


def test_the_docs_list_the_4pct_pair_as_shipped() -> None:
    # docs/equilibrium.md names the types the 4% pair mixes and the pivots its solve took, as the
    # shipped .json records them
    doc = " ".join((pathlib.Path(__file__).resolve().parent.parent / "docs" / "equilibrium.md")
                   .read_text(encoding="utf-8").split())
    info = json.loads((DATA / "equilibrium-paid-4pct-exact.json").read_text(encoding="utf-8"))

    def listed(types: list[int]) -> str:
        return ", ".join(map(str, types[:-1])) + f" and {types[-1]}"

    player, banker = ([m["type"] for m in info["mixed"][seat]] for seat in ("player", "banker"))
    assert f"As paid at 4% the player mixes types {listed(player)} and the banker {listed(banker)}" in doc
    solve = info["solve"]
    assert f"| `paigow solve --exact --commission 4% --output DIR` | {solve['rounds']} | {solve['pivots']} |" in doc
    assert f"{solve['pivots']} pivots with 1 thread whatever the machine's" in doc
    # the pair's values are those the tests above prove, whatever the path that reached them
    assert (Fraction(info["value"]["player"]), Fraction(info["value"]["banker"])) == GAMES["4%"][1:]


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
@pytest.mark.parametrize("threads", [None, "1", "2"])
def test_the_4pct_pair_does_not_depend_on_the_blas_threads(tmp_path: pathlib.Path, threads: str | None) -> None:
    # docs/equilibrium.md: the float64 pivoting runs with the BLAS on one thread, so the shipped
    # files come out byte for byte (the pivots recorded too) whatever the BLAS is given (issue 31:
    # another 2-core machine took 60 pivots and two banker rows differed)
    import os
    import subprocess
    import sys

    from paigow import _blas

    if not _blas.pinned():
        pytest.skip("numpy's BLAS is not an OpenBLAS whose threads can be pinned")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    if threads is not None:
        env["OPENBLAS_NUM_THREADS"] = threads
    r = subprocess.run([sys.executable, "-m", "paigow", "solve", "--exact", "--commission", "4%",
                        "--output", str(tmp_path), "--json"], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    stem = GAMES["4%"][0]
    assert (tmp_path / f"{stem}.npy").read_bytes() == (DATA / f"{stem}.npy").read_bytes()
    assert (tmp_path / f"{stem}.json").read_bytes() == (DATA / f"{stem}.json").read_bytes()


def test_the_blas_is_pinned_to_one_thread_and_restored() -> None:
    from paigow import _blas

    if not _blas.pinned():
        pytest.skip("numpy's BLAS is not an OpenBLAS whose threads can be pinned")
    before = _blas.threads()
    with _blas.one_thread() as pinned:
        assert pinned and _blas.threads() == 1
    assert _blas.threads() == before
