"""The house-way audit (paigow.game.waygame.audit, ``paigow houseway --audit``): every distinct hand a
way sets worse than the best response, the value lost, and a total that is exactly the
best-response row minus the house-way row of the US table."""

from __future__ import annotations

import csv
import io
import json
import pathlib
from fractions import Fraction

import pytest

from paigow.game.edges import counts, us_edges
from paigow.errors import InvalidOptionError, InvalidStrategyError
from paigow.houseway import DISTINCT_HAND_COUNT, FOXWOODS, distinct_hands, read_house_way
from paigow.game.waygame import PAIRINGS, audit, hand_values, seat_counts


def _result(row_wpl: tuple[int, int, int], objective: str, r: Fraction) -> Fraction:
    w, _, lo = row_wpl
    return (Fraction(w - lo) if objective == "win-loss" else (1 - r) * w - lo) / PAIRINGS


@pytest.mark.parametrize("rate", [Fraction(1, 20), Fraction(1, 21)])
@pytest.mark.parametrize("objective", ["win-loss", "paid"])
@pytest.mark.parametrize("seat", ["player", "banker"])
def test_the_total_is_the_best_response_row_minus_the_house_way_row(seat: str, objective: str,
                                                                    rate: Fraction) -> None:
    a = audit("foxwoods", seat, objective, rate)
    rows = {(e.player_strategy, e.banker_strategy): e for e in us_edges(rate)}
    name = "best-response" if objective == "win-loss" else "best-response-paid"
    if seat == "player":
        way, best = counts(rows[("foxwoods", "foxwoods")]), counts(rows[(name, "foxwoods")])
    else:  # the banker's side of the same pairings
        way, best = counts(rows[("foxwoods", "foxwoods")])[::-1], counts(rows[("foxwoods", name)])[::-1]
    assert a.way_result == _result(way, objective, rate)
    assert a.best_result == _result(best, objective, rate)
    assert a.total == a.best_result - a.way_result > 0
    if objective == "paid":  # the row's own result: the Edge's
        e_way, e_best = rows[("foxwoods", "foxwoods")], rows[(name, "foxwoods") if seat == "player" else ("foxwoods", name)]
        side = "player_result" if seat == "player" else "banker_result"
        assert a.total == getattr(e_best, side) - getattr(e_way, side)


def test_the_lines_are_the_hands_the_way_sets_worse_most_first() -> None:
    a = audit("foxwoods", "player", "win-loss", "5%")
    assert 0 < len(a.lines) < DISTINCT_HAND_COUNT
    losses = [line.loss for line in a.lines]
    assert all(x > 0 for x in losses) and losses == sorted(losses, reverse=True)
    assert len({line.hand for line in a.lines}) == len(a.lines)
    assert sum(line.hands for line in a.lines) <= 35960
    assert all(line.cost == line.loss * line.hands / 35960 for line in a.lines)
    # each line is the hand's own values against the way (a hand of the distinct hand, its faces as given)
    for line in a.lines[:: max(1, len(a.lines) // 20)]:
        v = hand_values(line.hand, "foxwoods", "player", "win-loss", "5%")
        assert v.options[v.way].setting == line.way_setting == FOXWOODS.set(line.hand).setting
        assert v.options[v.best].setting == line.best_setting
        assert v.loss == line.loss and v.options[v.way].win_loss == line.way_value
        assert line.rule == FOXWOODS.set(line.hand).rule


def test_a_hand_not_in_the_audit_loses_nothing() -> None:
    a = audit("foxwoods", "banker", "paid", "5%")
    listed = {line.hand for line in a.lines}
    others = [t for t in distinct_hands() if t not in listed]
    for t in others[:: max(1, len(others) // 30)]:
        assert hand_values(t, "foxwoods", "banker", "paid", "5%").loss == 0


def test_any_way_s_total_is_its_own_table_s_difference(tmp_path: pathlib.Path) -> None:
    # a way corrected on its costliest hand (set as the best response sets it): the way changes on
    # both sides, so every figure moves, and the identity still holds for the new way's own table
    a = audit(FOXWOODS)
    top = a.lines[0]
    buf = io.StringIO()
    FOXWOODS.export(buf)
    rows = list(csv.reader(io.StringIO(buf.getvalue())))
    hand = " ".join(map(str, top.hand))
    for row in rows:
        if row[0] == hand:
            row[1], row[2], row[3] = str(top.best_setting.front), str(top.best_setting.back), "corrected"
    path = tmp_path / "better.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    assert read_house_way(path).set(top.hand).setting == top.best_setting
    b = audit(str(path))
    e = us_edges("5%", "us", str(path))
    assert b.way == "better" and e[0].player_strategy == "better"
    assert b.total == (e[1].win - e[1].lose) - (e[0].win - e[0].lose)
    assert b.total != a.total and counts(e[0]) != counts(us_edges("5%")[0])


def test_the_audit_of_a_way_read_from_its_own_export_is_the_same(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "copy.csv"
    FOXWOODS.export(path)
    a, b = audit("foxwoods", "banker"), audit(path, "banker")
    assert a.total == b.total and [(x.hand, x.loss) for x in a.lines] == [(x.hand, x.loss) for x in b.lines]


def test_refusals() -> None:
    with pytest.raises(InvalidOptionError) as e:
        audit("foxwoods", objective="ev")
    assert e.value.code == "houseway.objective"
    with pytest.raises(InvalidStrategyError) as e:
        audit("foxwoods", seat="dealer")
    assert e.value.code == "strategy.seat"
    with pytest.raises(InvalidStrategyError) as e:
        audit("texas")
    assert e.value.code == "houseway.unknown"


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    a = audit("foxwoods")
    assert main(["houseway", "--audit", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert f"{len(a.lines)} distinct hands" in out and str(a.total) in out
    assert " ".join(map(str, a.lines[0].hand)) in out and " ".join(map(str, a.lines[3].hand)) not in out
    assert main(["houseway", "--audit", "--seat", "banker", "--objective", "paid", "--commission", "1/21",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    b = audit("foxwoods", "banker", "paid", "1/21")
    assert Fraction(data["exact"]["total"]) == b.total and len(data["lines"]) == data["hands"] == len(b.lines)
    assert data["rate"] == "1/21"
    assert main(["houseway", "--audit", "6-6 6-6 1-2 1-3"]) == 2
    assert "[houseway.audit]" in capsys.readouterr().err
    assert main(["houseway", "--top", "3", "6-6 6-6 1-2 1-3"]) == 2
    assert "[houseway.audit]" in capsys.readouterr().err


def test_the_hand_command_prints_the_values_and_the_cost(capsys: pytest.CaptureFixture[str]) -> None:
    from paigow.cli import main

    assert main(["houseway", "1-1 4-4 4-5 1-4"]) == 0
    out = capsys.readouterr().out
    assert "7272" in out and "best" in out and "costs 0.22203 per hand (4546/20475)" in out
    assert main(["houseway", "--json", "--seat", "banker", "--objective", "paid", "6-6 6-6 1-2 1-3"]) == 0
    data = json.loads(capsys.readouterr().out)
    v = hand_values("6-6 6-6 1-2 1-3", "foxwoods", "banker", "paid", True)
    assert data["values"]["loss_exact"] == "0" and data["values"]["way_setting"] == v.way == v.best
    assert [s["wins"] for s in data["values"]["settings"]] == [o.wins for o in v.options]
    assert seat_counts("foxwoods") == counts(us_edges()[0])
