"""House ways (paigow.houseway): the Foxwoods way rule by rule (docs/rules.md §3.2), pinned over
every distinct hand; a house way from a file and back; a house way as a strategy table; the
``paigow houseway`` command."""

from __future__ import annotations

import io
import itertools
import json
import pathlib
import random

import numpy as np
import pytest

import paigow
import paigow.cli
from paigow import DECK, Setting
from paigow.errors import InvalidStrategyError
from paigow.houseway import (
    CANBERRA,
    DISTINCT_HAND_COUNT,
    FOXWOODS,
    HOUSE_WAYS,
    RULE_IDS,
    distinct_hands,
    foxwoods_without,
    hand_class,
    house_way,
    read_house_way,
)
from paigow.setting import settings, settings_of
from paigow.tiles import parse_tiles

FOXWOODS_DIGEST = "2e2ac6374b6998b8e3a9deda032c83468f53f1dcaf292cdd575883d0915a003b"
"""SHA-256 of the Foxwoods setting of all 3,620 distinct hands (HouseWay.digest)."""


def _ranks(s: Setting) -> tuple[int, int]:
    return (s.front.rank_in("us"), s.back.rank_in("us"))


# ---------------------------------------------------------------------------------------------
# the Foxwoods way, one hand per rule and exception of docs/rules.md §3.2: (rule id, hand, the
# setting low | high, the rule named). Each hand is one the rule's text names; where the rule
# decides it, the way without the rule (foxwoods_without) sets it otherwise.

CASES = [
    # 0: WoO's example, 6-6 6-6 1-2 1-3: 7 / Teen pair, not the split rule C would make (6/8)
    ("0", "6-6 6-6 1-2 1-3", "1-3 1-2 | 6-6 6-6", "rule 0: best in both hands"),
    # 1 A: never split 10s (Ping Ping with Foo and a nine: the split would make 1/9)
    ("1A", "4-6 4-6 5-6 3-6", "5-6 3-6 | 4-6 4-6", "pair A: never split 10s"),
    # 1 B: split Gee Joon with a six and a four (Chong, Gor)
    ("1B", "2-4 1-2 3-3 1-3", "1-3 2-4 | 3-3 1-2", "pair B: split Gee Joon"),
    # 1 C: split Teen to make 6/8 or better (6 / Teen Gong) ...
    ("1C", "6-6 6-6 4-4 1-3", "6-6 1-3 | 6-6 4-4", "pair C: split 2s/12s"),
    # ... and when the other two tiles are a nine and the 11 (3 / Teen Wong)
    ("1C", "6-6 6-6 4-5 5-6", "6-6 5-6 | 6-6 4-5", "pair C: split 2s/12s"),
    # 1 D: split nines with 2 and 12 (Day Wong / Teen Wong)
    ("1D", "4-5 3-6 6-6 1-1", "1-1 3-6 | 6-6 4-5", "pair D: split 9s"),
    # 1 E: split eights with 12 and 11 ...
    ("1E", "4-4 4-4 6-6 5-6", "4-4 5-6 | 6-6 4-4", "pair E: split 8s"),
    # ... and with a nine and the 11
    ("1E", "4-4 4-4 4-5 5-6", "4-4 4-5 | 4-4 5-6", "pair E: split 8s"),
    # 1 F: split sevens with 10s (Mooy, Ping)
    ("1F", "1-6 1-6 5-5 4-6", "4-6 1-6 | 5-5 1-6", "pair F: split 7s"),
    # 1 otherwise: keep the pair (Teen pair with Day and Foo: the split would make 3/4)
    ("keep", "6-6 6-6 1-1 5-6", "1-1 5-6 | 6-6 6-6", "pairs: keep the pair"),
    # 2: High Nine over Wong (Teen, Tit, a nine, a five)
    ("2", "6-6 1-6 4-5 1-4", "4-5 1-4 | 6-6 1-6", "WGH: High Nine over Gong over Wong"),
    # 2 with Teen and Day: the Teen in the high hand (Teen Wong over Day 9, not Day Wong over Teen 9)
    ("2TD", "6-6 1-1 4-5 1-6", "1-1 1-6 | 6-6 4-5", "WGH: Teen and Day"),
    # 2 exception: Gong over High Nine when the fourth tile is a 4 ...
    ("2gong", "6-6 4-4 1-3 1-6", "1-3 1-6 | 6-6 4-4", "WGH exception: Gong over High Nine"),
    # ... or the eight is a low eight and the fourth tile a five
    ("2gong", "6-6 3-5 1-6 1-4", "1-6 1-4 | 6-6 3-5", "WGH exception: Gong over High Nine"),
    # 3: the best low hand below High 3 and a high hand of 7 or more: max high
    ("3high", "6-6 1-3 3-3 1-5", "1-3 1-5 | 6-6 3-3", "other hands: max high"),
    # 3: otherwise max low (4/6 rather than 2/8)
    ("max low", "6-6 1-1 5-5 1-5", "6-6 1-1 | 5-5 1-5", "other hands: max low"),
    # 3 A: 8/9: the high tile in the high hand (Mooy 8 / Yun 9, not Yun 8 / Foo 9)
    ("3A", "4-4 5-5 5-6 3-5", "5-5 3-5 | 4-4 5-6", "other hands A: 8/9 or more, the high tile in the high hand"),
    # 3 B: 7/8 with Teen and Day: the Teen in the high hand
    ("3B", "6-6 1-1 3-3 1-4", "1-1 1-4 | 6-6 3-3", "other hands B: 7/8 with Teen and Day, the Teen in the high hand"),
    # 3 C-K: the pictures
    ("3C", "4-4 3-5 1-3 1-6", "3-5 1-3 | 4-4 1-6", "picture C: 2/high 5"),
    ("3D", "5-5 3-3 4-6 3-4", "3-3 4-6 | 5-5 3-4", "picture D: 6/high 7"),
    ("3E", "5-5 4-6 3-3 2-6", "4-6 3-3 | 5-5 2-6", "picture E: 6/high 8"),
    ("3F", "5-5 4-6 3-3 3-6", "4-6 3-3 | 5-5 3-6", "picture F: 6/high 9"),
    ("3G", "5-5 5-6 4-4 2-5", "5-5 2-5 | 4-4 5-6", "picture G: 7/9"),
    ("3H", "1-3 2-2 1-2 2-3", "2-2 1-2 | 1-3 2-3", "picture H: 7/high 9"),
    ("3I", "1-1 1-4 2-4 1-5", "1-1 1-4 | 1-5 2-4", "picture I: 7/9"),
    ("3J", "5-6 1-2 3-3 1-5", "5-6 1-5 | 3-3 1-2", "picture J: 7/high 9"),
    ("3K", "3-6 4-4 3-5 1-6", "4-4 1-6 | 3-6 3-5", "picture K: high 5/7"),
]


@pytest.mark.parametrize("rule, hand, want, reason", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_foxwoods_rule_by_rule(rule: str, hand: str, want: str, reason: str) -> None:
    d = FOXWOODS.set(hand)
    assert (str(d.setting), d.rule) == (str(Setting.parse(want)), reason)
    assert d.way == "foxwoods" and settings(hand)[d.split] == d.setting
    if rule in RULE_IDS and rule not in ("1A", "2TD"):
        # the rule decides: left out, the way sets this hand otherwise
        other = foxwoods_without(rule).set(hand)
        assert _ranks(other.setting) != _ranks(d.setting), (other.setting, other.rule)


def test_rule_a_keeps_a_pair_the_split_would_better_in_front() -> None:
    d = FOXWOODS.set("4-6 4-6 5-6 3-6")
    split = [s for s in settings("4-6 4-6 5-6 3-6") if s != d.setting][0]
    assert split.front.rank_in("us") > d.setting.front.rank_in("us")  # no setting is best in both hands
    assert foxwoods_without("1A").set("4-6 4-6 5-6 3-6").rule == "pairs: keep the pair"


def test_teen_and_day_prefer_the_teen_in_the_high_hand_over_the_stronger_low() -> None:
    hand = "6-6 1-1 4-5 1-6"
    d = FOXWOODS.set(hand)
    other = [s for s in settings(hand) if "Day Wong" in s.name_en][0]  # Teen 9 in front of Day Wong
    assert other.front.rank_in("us") > d.setting.front.rank_in("us")  # the stronger low, not played


def test_rules_that_rule_0_always_decides_first() -> None:
    # two pairs: one in each hand, a setting best in both hands, so rule 0 sets it first
    for hand in ("4-5 3-6 3-5 2-6", "6-6 6-6 2-4 1-2"):
        assert FOXWOODS.set(hand).rule == "rule 0: best in both hands"
        d = foxwoods_without("0").set(hand)
        assert d.rule == "two pairs: one in each hand"
        assert all(len({hand_class(t) for t in h.tiles}) == 1 for h in (d.setting.front, d.setting.back))
    # Wong with the 11 (Teen, Foo, a nine, a low eight): Wong, as rule 0 sets it already
    hand = "6-6 5-6 4-5 3-5"
    d = FOXWOODS.set(hand)
    assert d.rule == "rule 0: best in both hands" and d.setting.back.name_en == "Teen Wong"
    w = foxwoods_without("0").set(hand)
    assert (w.rule, w.setting) == ("WGH exception: Wong with the 11", d.setting)
    assert foxwoods_without("0", "2wong11").set(hand).setting.back.name_en == "Teen Gong"
    # no hand reaches these two rules, and on every hand they would decide they agree with rule 0
    reasons = {r for _, _, r in FOXWOODS.settings_of_all()}
    assert "two pairs: one in each hand" not in reasons and "WGH exception: Wong with the 11" not in reasons
    without0 = foxwoods_without("0")
    seen = 0
    for t in distinct_hands():
        d0 = without0.set(t)
        if d0.rule in ("two pairs: one in each hand", "WGH exception: Wong with the 11"):
            seen += 1
            assert _ranks(d0.setting) == _ranks(FOXWOODS.set(t).setting), t
    assert seen == 120 + 8


def test_every_rule_decides_some_hand() -> None:
    all_reasons = [r for _, _, r in FOXWOODS.settings_of_all()]
    assert sum(r.startswith("picture") for r in all_reasons) == 16  # every hand of C-K: rule 0 decides none
    reasons = {r.split(":")[0] for r in all_reasons}
    assert reasons == {"rule 0", "pair A", "pair B", "pair C", "pair D", "pair E", "pair F", "pairs", "WGH",
                       "WGH exception", "other hands", "other hands A", "other hands B",
                       *(f"picture {c}" for c in "CDEFGHIJK")}


def test_foxwoods_over_every_distinct_hand_is_pinned() -> None:
    assert len(distinct_hands()) == DISTINCT_HAND_COUNT == 3620
    assert FOXWOODS.digest() == FOXWOODS_DIGEST
    for t, s, _ in FOXWOODS.settings_of_all():  # the house never fouls: the dealer arranges
        assert s.front.rank_in("us") <= s.back.rank_in("us"), s


def test_a_hand_is_set_alike_whatever_its_tiles_order_and_faces() -> None:
    rng = random.Random(20)
    for _ in range(300):
        idx = rng.sample(range(32), 4)
        tiles = [DECK[i] for i in idx]
        d = FOXWOODS.set(tiles)
        rng.shuffle(tiles)
        again = FOXWOODS.set(tiles)
        assert _ranks(again.setting) == _ranks(d.setting) and again.rule == d.rule
        assert settings(tiles)[again.split] == again.setting
    # 2-4 and 1-2 are one class: the same play, either tile
    a, b = FOXWOODS.set("6-6 1-3 3-3 2-4"), FOXWOODS.set("6-6 1-3 3-3 1-2")
    assert _ranks(a.setting) == _ranks(b.setting) and a.rule == b.rule


def test_house_way_by_name_and_refusals() -> None:
    assert house_way("foxwoods") is FOXWOODS is house_way(" FOXWOODS ") is HOUSE_WAYS["foxwoods"]
    assert house_way(FOXWOODS) is FOXWOODS and repr(FOXWOODS) == "house_way('foxwoods')"
    with pytest.raises(InvalidStrategyError) as e:
        house_way("texas")
    assert e.value.code == "houseway.unknown"
    with pytest.raises(TypeError):
        house_way(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown Foxwoods rule ids"):
        foxwoods_without("9Z")
    with pytest.raises(paigow.InvalidHandError):
        FOXWOODS.set("6-6 6-6 1-1")
    d = FOXWOODS.set("6-6 6-6 1-2 1-3")
    assert d.to_json()["rule"] == "rule 0: best in both hands" and d.to_json()["setting"] == d.setting.to_json()


def test_best_setting_takes_a_house_way_as_a_way_a_name_or_its_strategy() -> None:
    hands = [(0, 2, 22, 28), (28, 22, 2, 0), (0, 1, 6, 28)]
    for seat in ("banker", "player"):
        for h in hands:
            want = FOXWOODS.set(h).setting
            for way in (FOXWOODS, "foxwoods", "Foxwoods", FOXWOODS.strategy()):
                for _ in range(2):  # the first call, then the kept lookup
                    assert paigow.best_setting(h, seat, way, rules="us") == want
                    assert paigow.best_setting(list(h), seat, way, rules=paigow.rules.US) == want
            assert paigow.best_setting(h, seat, CANBERRA, rules="us") == CANBERRA.set(h).setting
    assert paigow.best_settings([list(h) for h in hands], "banker", "foxwoods", rules="us").tolist() == \
        [FOXWOODS.set(h).split for h in hands]


def test_a_row_hand_counted_out_is_the_row_of_all_hands() -> None:
    from paigow.advice import _row_hand
    from paigow.game.handtypes import all_hands

    want = all_hands().tolist()
    all_hands.cache_clear()  # counted out, as a process's first advice does
    try:
        assert [_row_hand(r) for r in range(len(want))] == want
    finally:
        all_hands()


def test_best_setting_against_a_house_way_still_refuses_bad_input() -> None:
    paigow.best_setting((0, 2, 22, 28), "banker", FOXWOODS, rules="us")  # kept: the next calls read it
    with pytest.raises(paigow.errors.InvalidTileError):
        paigow.best_setting((0, 2, 22, 22), "banker", FOXWOODS, rules="us")
    with pytest.raises(paigow.errors.InvalidTileError):
        paigow.best_setting((0, 2, 22, 32), "banker", FOXWOODS, rules="us")
    with pytest.raises(paigow.InvalidHandError):
        paigow.best_setting("6-6 6-6 1-1", "banker", FOXWOODS, rules="us")
    with pytest.raises(InvalidStrategyError) as e:
        paigow.best_setting((0, 2, 22, 28), "banker", FOXWOODS)  # Macau's game: not the way's
    assert e.value.code == "houseway.rules"
    with pytest.raises(InvalidStrategyError) as e:
        paigow.best_setting((0, 2, 22, 28), "banker", "foxwoods", rules="macau")
    assert e.value.code == "houseway.rules"
    with pytest.raises(InvalidStrategyError) as e:
        paigow.best_setting((0, 2, 22, 28), "dealer", FOXWOODS, rules="us")
    assert e.value.code == "strategy.seat"
    with pytest.raises(paigow.errors.InvalidOptionError) as e2:
        paigow.best_setting((0, 2, 22, 28), "banker", FOXWOODS, rules="texas")
    assert e2.value.code == "rules.unknown"


# ---------------------------------------------------------------------------------------------
# a house way as a strategy


def test_the_table_is_the_way_for_every_hand() -> None:
    t = FOXWOODS.table()
    assert t.shape == (paigow.HAND_COUNT, 3) and t.dtype == np.float64 and not t.flags.writeable
    assert (t.sum(axis=1) == 1).all() and set(np.unique(t)) == {0.0, 1.0}
    assert FOXWOODS.table() is t
    hands = paigow.all_hands()
    assert hands.shape[0] == t.shape[0]
    for i in range(0, paigow.HAND_COUNT, 97):
        tiles = [DECK[j] for j in hands[i]]
        d = FOXWOODS.set(tiles)
        assert t[i, d.split] == 1.0, tiles
    # the table checks as a strategy
    from paigow.strategies import check_table

    assert (check_table(t) == t).all()


# ---------------------------------------------------------------------------------------------
# house-way files


def _export(way: object = FOXWOODS) -> str:
    out = io.StringIO()
    way.export(out)  # type: ignore[attr-defined]
    return out.getvalue()


def test_export_then_read_sets_every_hand_alike(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "foxwoods.csv"
    FOXWOODS.export(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "hand,low,high,rule" and len(lines) == 1 + DISTINCT_HAND_COUNT
    assert lines[1] == "6-6 6-6 1-1 1-1,1-1 1-1,6-6 6-6,rule 0: best in both hands"
    way = read_house_way(path)
    assert way.name == "foxwoods" and way.digest() == FOXWOODS_DIGEST
    assert (way.table() == FOXWOODS.table()).all()
    for t, s, r in FOXWOODS.settings_of_all():
        d = way.set(t)
        assert d.setting == s and d.rule == r
    assert house_way(str(path)).digest() == FOXWOODS_DIGEST
    # without the rule column, each row is named by its line; any notation, any order of rows
    rows = lines[1:]
    random.Random(3).shuffle(rows)
    body = ["hand,low,high"] + [",".join(r.split(",")[:3]) for r in rows]
    body[1] = body[1].replace("6-6", "天")
    other = read_house_way(io.StringIO("\n".join(body) + "\n"), name="mine")
    assert other.digest() == FOXWOODS_DIGEST and other.name == "mine"
    assert other.set("6-6 6-6 1-1 1-1").rule.startswith("mine: line ")


def _with_row(line: int, row: str | None) -> str:
    lines = _export().splitlines()
    if row is None:
        del lines[line - 1]
    else:
        lines[line - 1] = row
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, code, message", [
    ("", "houseway.header", "no header"),
    ("hand,setting\n", "houseway.header", "line 1: the header"),
    (lambda: _with_row(2, "6-6 6-6 1-1 1-1,1-1 1-1"), "houseway.row", "line 2: 2 columns"),
    (lambda: _with_row(2, "6-6 6-6 1-1 7-7,1-1 7-7,6-6 6-6,x"), "houseway.row", "line 2: the hand"),
    (lambda: _with_row(2, "6-6 6-6 1-1,1-1 1-1,6-6 6-6,x"), "houseway.row", "line 2: the hand"),
    (lambda: _with_row(2, "6-6 6-6 1-1 1-1,1-1 1-1 1-1,6-6,x"), "houseway.row", "line 2: the setting"),
    (lambda: _with_row(2, "6-6 6-6 1-1 1-1,1-1 4-4,6-6 6-6,x"), "houseway.row",
     "line 2: the setting 1-1 4-4 | 6-6 6-6 is not a setting of the hand"),
    (lambda: _with_row(2, "6-6 6-6 1-1 1-1,6-6 6-6,1-1 1-1,x"), "houseway.foul",
     r"line 2: the setting fouls: the high hand 1-1 1-1 \(Pair of Day\) ranks below the low hand 6-6 6-6"),
    (lambda: _with_row(3, "6-6 6-6 1-1 1-1,1-1 1-1,6-6 6-6,x"), "houseway.duplicate",
     "line 3: the hand 6-6 6-6 1-1 1-1 is the hand of line 2 again"),
    (lambda: _with_row(2, None), "houseway.missing", "1 of the 3620 distinct hands have no row, the first 6-6 6-6 1-1 1-1"),
])
def test_a_bad_house_way_file_is_refused_naming_the_row(text: object, code: str, message: str) -> None:
    body = text() if callable(text) else text
    with pytest.raises(InvalidStrategyError, match=message) as e:
        read_house_way(io.StringIO(str(body)))
    assert e.value.code == code


def test_an_unreadable_house_way_file_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(InvalidStrategyError, match="cannot read a house way") as e:
        read_house_way(tmp_path / "none.csv")
    assert e.value.code == "houseway.file"
    (tmp_path / "bad.csv").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(InvalidStrategyError) as e:
        house_way(str(tmp_path / "bad.csv"))
    assert e.value.code == "houseway.file"


def test_a_house_way_file_may_hold_comments_and_blank_lines() -> None:
    text = "# the Foxwoods way\n\n" + _export()
    assert read_house_way(io.StringIO(text)).digest() == FOXWOODS_DIGEST


# ---------------------------------------------------------------------------------------------
# the command


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> object:
    # the subcommand's row of paigow.cli.COMMANDS (added to the dispatch table with this module)
    from paigow.cli.houseway import HELP

    monkeypatch.setitem(paigow.cli.COMMANDS, "houseway", ("paigow.cli.houseway", HELP))
    return paigow.cli.main


def test_the_command_prints_the_setting_and_the_rule(cli: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["houseway", "6-6", "6-6", "1-2", "1-3"]) == 0  # type: ignore[operator]
    out = capsys.readouterr().out
    assert "rule:  rule 0: best in both hands" in out and "high: 6-6 6-6" in out and "low:  1-3 1-2" in out
    assert cli(["houseway", "--json", "Teen Teen Yun Gor"]) == 0  # type: ignore[operator]
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "pair C: split 2s/12s" and data["way"] == "foxwoods" and data["rules"] == "us"
    assert data["low"]["tiles"] == ["6-6", "1-3"] and data["high"]["tiles"] == ["6-6", "4-4"]
    assert data["ranks"]["low"] <= data["ranks"]["high"]


def test_the_command_reads_a_way_from_a_file(cli: object, capsys: pytest.CaptureFixture[str],
                                             tmp_path: pathlib.Path) -> None:
    path = tmp_path / "house.csv"
    FOXWOODS.export(path)
    assert cli(["houseway", "--way", str(path), "--json", "6-6 6-6 1-2 1-3"]) == 0  # type: ignore[operator]
    assert json.loads(capsys.readouterr().out)["way"] == "house"


def test_the_command_errors_are_one_line_with_a_code(cli: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["houseway", "--way", "texas", "6-6 6-6 1-2 1-3"]) == 2  # type: ignore[operator]
    assert capsys.readouterr().err.strip().endswith("[houseway.unknown]")
    assert cli(["houseway", "6-6 6-6 1-2"]) == 2  # type: ignore[operator]
    assert "[hand.size]" in capsys.readouterr().err
