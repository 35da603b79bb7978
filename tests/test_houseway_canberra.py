"""The Casino Canberra house way (paigow.houseway.CANBERRA, docs/houseway.md "Casino Canberra"):
one hand per rule and exception, each shown to be decided by that rule; every distinct hand set
without a foul; the whole table pinned; the house-way file round trip; the way's exact house edge
and the commands and advice that take it by name."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

import paigow
import paigow.cli
from paigow import Setting
from paigow.game.edges import counts, us_edges
from paigow.houseway import (
    CANBERRA,
    CANBERRA_RULE_IDS,
    DISTINCT_HAND_COUNT,
    FOXWOODS,
    HOUSE_WAYS,
    canberra_without,
    distinct_hands,
    house_way,
    read_house_way,
)
from paigow.setting import settings
from paigow.game.waygame import PAIRINGS, audit, seat_counts

CANBERRA_DIGEST = "d894966f8419e69e1b7655fee908bf218b688ad906a1b8c48ae69f89d0a1bcb6"
"""SHA-256 of the Casino Canberra setting of all 3,620 distinct hands (HouseWay.digest)."""

CANBERRA_COUNTS = (216303224, 296667040, 223310736)
"""The player's wins, pushes and losses, both sides set by the Casino Canberra way, over all
736,281,000 pairings (docs/houseway.md)."""


def _ranks(s: Setting) -> tuple[int, int]:
    return (s.front.rank_in("us"), s.back.rank_in("us"))


# ---------------------------------------------------------------------------------------------
# one hand per rule: (rule id, hand, the setting low | high, the rule named). Each hand is one the
# rule's text names; the way without the rule (canberra_without) sets it otherwise.

CASES = [
    # the exceptions, the hands they name
    ("A", "6-6 6-6 4-5 5-6", "6-6 5-6 | 6-6 4-5", "exception A: 3-wong"),          # teen, teen, 9, 11
    ("B", "4-4 5-5 5-6 1-6", "5-5 1-6 | 4-4 5-6", "exception B: 7-9"),             # high-8, high-10, 11, 7
    ("B", "4-4 5-5 5-6 3-4", "5-5 3-4 | 4-4 5-6", "exception B: 7-9"),             # ... a low seven
    ("C", "6-6 3-3 2-4 1-4", "6-6 1-4 | 3-3 2-4", "exception C: 7-9"),             # gee, 6, 5, teen
    ("C", "1-1 1-5 1-2 2-3", "1-1 2-3 | 1-5 1-2", "exception C: 7-9"),             # joon, low 6, 5, day
    ("D", "1-3 2-2 2-4 1-4", "2-2 2-4 | 1-3 1-4", "exception D: a 9"),             # gee, 4, 5 and Bon
    ("E", "4-4 3-5 4-5 4-6", "4-4 4-5 | 4-6 3-5", "exception E: high-7 & low-8"),  # high-8, low-8, 9, low-10
    ("F", "3-3 1-5 1-2 1-6", "3-3 1-6 | 1-5 1-2", "exception F: high-3 & low-9"),  # high-6, low-6, joon, 7
    ("G", "6-6 4-4 4-5 2-2", "2-2 4-5 | 6-6 4-4", "exception G: 3-gong"),          # 12, 8, 9, low-4
    ("G", "1-1 2-6 3-6 2-2", "2-2 3-6 | 1-1 2-6", "exception G: 3-gong"),          # 2, a low eight
    ("H", "3-3 5-6 1-5 1-4", "1-5 1-4 | 3-3 5-6", "exception H: low-1, high-7"),   # 6, 11, low-6, 5
    ("I", "4-4 3-5 4-5 2-2", "2-2 3-5 | 4-4 4-5", "exception I: low-2, high-7"),   # high-8, low-8, 9, low-4
    # 1 A: never split 6s (the split would play Day 9 / Teen 9) ...
    ("1A", "6-6 1-1 3-3 3-3", "6-6 1-1 | 3-3 3-3", "pair A: never split 6s"),
    # ... nor Gee Joon (Day 3 / Teen 8)
    ("1A", "6-6 1-1 2-4 1-2", "6-6 1-1 | 2-4 1-2", "pair A: never split Gee Joon"),
    # 1 B: split 12s to make 6/8 or better (6 / Teen Gong)
    ("1B", "6-6 6-6 4-4 1-3", "6-6 1-3 | 6-6 4-4", "pair B: split 2s/12s"),
    # 1 C: split 9s to make 9-9 (Ping 9 / Mooy 9)
    ("1C", "4-5 3-6 5-5 4-6", "4-6 3-6 | 5-5 4-5", "pair C: split 9s"),
    # ... or higher (Day Wong / Teen Wong)
    ("1C", "4-5 3-6 6-6 1-1", "1-1 3-6 | 6-6 4-5", "pair C: split 9s"),
    # 1 D: split 8s to make 7-9 (Yun 7 / Yun 9) ...
    ("1D", "4-4 4-4 4-5 5-6", "4-4 4-5 | 4-4 5-6", "pair D: split 8s"),
    # ... or 8-8 (Ping 8 / Mooy 8)
    ("1D", "3-5 2-6 5-5 4-6", "4-6 2-6 | 5-5 3-5", "pair D: split 8s"),
    # 1 E: split 7s to make 7-High Nine (Mooy 7 / Teen 9)
    ("1E", "1-6 1-6 6-6 5-5", "5-5 1-6 | 6-6 1-6", "pair E: split 7s"),
    # 2: the page's example, 12, 12, gee, 4: rule B's 6/8 is lower in both hands than 7 / Teen pair
    ("2", "6-6 6-6 1-2 1-3", "1-3 1-2 | 6-6 6-6", "rule 2: keep the pair (both hands higher)"),
    # 3: High Nine first (Teen 9 / nine-five 4, not the Wong)
    ("3", "6-6 1-6 4-5 1-4", "4-5 1-4 | 6-6 1-6", "WGH: High Nine"),
    # 3: a Gong (Day 3 / Teen Gong)
    ("3", "6-6 1-1 4-4 5-6", "1-1 5-6 | 6-6 4-4", "WGH: Gong"),
    # 3: a Wong (Mooy 6 / Teen Wong)
    ("3", "6-6 4-5 5-5 1-5", "5-5 1-5 | 6-6 4-5", "WGH: Wong"),
    # 3: the High Nine would leave a low-2 (Yun 2): max high, Teen Gong / Gor 1
    ("3low", "6-6 4-4 1-3 1-6", "1-3 1-6 | 6-6 4-4", "WGH: low-3 or less, max high"),
    # 4.2: the max low is at least a high-3 (Day 6 / Teen 6)
    ("4low", "6-6 1-1 1-3 2-2", "1-1 2-2 | 6-6 1-3", "other hands: max points, max low (high-3 or better)"),
    # 4.3: the max low is below high-3 (Gor 0), the max high at least 7 (Teen 8)
    ("4high", "6-6 1-3 3-3 1-5", "1-3 1-5 | 6-6 3-3", "other hands: max points, max high (7 or better)"),
    # 4.5.1: 8 / 8 both ways: the high hand over 7, the high tile (Teen) in the high hand
    ("4tile", "6-6 1-1 1-3 3-3", "1-1 1-3 | 6-6 3-3", "other hands: same points, the high tile in the high hand"),
    # 4.5.1: 6 / 7 both ways: the high hand 7 or less, the high tile (Chong) in the low hand
    ("4tile", "3-3 2-2 5-6 1-5", "3-3 2-2 | 5-6 1-5", "other hands: same points, the high tile in the low hand"),
]


@pytest.mark.parametrize("rule, hand, want, reason", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_canberra_rule_by_rule(rule: str, hand: str, want: str, reason: str) -> None:
    d = CANBERRA.set(hand)
    assert (str(d.setting), d.rule) == (str(Setting.parse(want)), reason)
    assert d.way == "canberra" and settings(hand)[d.split] == d.setting
    # the rule decides: left out, the way sets this hand otherwise
    other = canberra_without(rule).set(hand)
    assert _ranks(other.setting) != _ranks(d.setting), (other.setting, other.rule)


def test_rule_4_4_maximises_the_low_when_nothing_else_holds() -> None:
    hand = "5-5 3-3 1-4 1-5"  # best low Chong 2, below high-3; best high Mooy 6, below 7
    d = CANBERRA.set(hand)
    assert (str(d.setting), d.rule) == ("3-3 1-5 | 5-5 1-4", "other hands: max points, max low")
    max_high = max(settings(hand), key=lambda s: _ranks(s)[::-1])
    assert _ranks(max_high)[1] > _ranks(d.setting)[1] and _ranks(max_high)[0] < _ranks(d.setting)[0]


def test_exception_d_plays_the_four_and_the_five_together() -> None:
    # gee, 4, 5 and a tile making no pair: the 9 is the 4 with the 5, whatever the fourth tile
    for hand, want in (("1-2 1-3 1-4 3-6", "3-6 1-2 | 1-3 1-4"), ("2-4 2-2 2-3 6-6", "6-6 2-4 | 2-2 2-3"),
                       ("2-4 1-3 2-3 1-1", "1-1 2-4 | 1-3 2-3")):
        d = CANBERRA.set(hand)
        assert (str(d.setting), d.rule) == (want, "exception D: a 9")
        assert any(h.points == 9 and {hand_class_of(t) for t in h.tiles} in ({4, 16}, {7, 16})
                   for h in (d.setting.front, d.setting.back))
    # with a pair among them (a second five) the exception does not hold
    assert not CANBERRA.set("2-4 1-3 1-4 2-3").rule.startswith("exception")


def hand_class_of(t: paigow.Tile) -> int:
    from paigow.houseway import hand_class
    return hand_class(t)


def test_clauses_that_never_decide_alone() -> None:
    # "use the 12" (rule 3) and "maximise the point count" (rule 4.1) agree everywhere with the
    # clauses after them: left out, the way sets every hand alike (docs/houseway.md says why)
    assert canberra_without("3twelve").digest() == CANBERRA_DIGEST
    assert canberra_without("4points").digest() == CANBERRA_DIGEST
    # ... and "use the 12" is still what the way does: Teen High Nine over Day High Nine
    assert str(CANBERRA.set("6-6 1-1 1-6 2-3").setting) == "1-1 2-3 | 6-6 1-6"


def test_two_pairs_are_kept_one_in_each_hand() -> None:
    # rule 2 keeps two pairs: the split is lower in both hands, for every two-pair hand
    n = 0
    for t in distinct_hands():
        if len({hand_class_of(x) for x in t}) == 2:
            d = CANBERRA.set(t)
            assert d.rule == "two pairs: one in each hand"
            assert all(len({hand_class_of(x) for x in h.tiles}) == 1 for h in (d.setting.front, d.setting.back))
            for s in settings(t):
                if s != d.setting:
                    assert _ranks(s)[0] < _ranks(d.setting)[0] and _ranks(s)[1] < _ranks(d.setting)[1]
            n += 1
    assert n == 120


def test_every_rule_decides_some_hand() -> None:
    rules = {r for _, _, r in CANBERRA.settings_of_all()}
    assert {f"exception {x}" for x in "ABCDEFGHI"} <= {r.split(":")[0] for r in rules}
    for text in ("pair B: split 2s/12s", "pair C: split 9s", "pair D: split 8s", "pair E: split 7s",
                 "pairs: keep the pair", "rule 2: keep the pair (both hands higher)", "WGH: High Nine",
                 "WGH: Gong", "WGH: Wong", "WGH: low-3 or less, max high", "other hands: max points, max low"):
        assert text in rules
    with pytest.raises(ValueError, match="unknown Casino Canberra rule ids"):
        canberra_without("Z")
    assert canberra_without("A").name == "canberra without A"
    assert set(CANBERRA_RULE_IDS) >= {"A", "I", "1A", "2", "3", "4tile"}


# ---------------------------------------------------------------------------------------------
# the whole way


def test_every_distinct_hand_gets_a_legal_setting_without_a_foul() -> None:
    n = 0
    for t, s, rule in CANBERRA.settings_of_all():
        assert s in settings(t) and rule
        assert s.back.rank_in("us") >= s.front.rank_in("us")
        assert sorted(map(str, s.front.tiles + s.back.tiles)) == sorted(map(str, t))
        n += 1
    assert n == DISTINCT_HAND_COUNT == 3620


def test_canberra_over_every_distinct_hand_is_pinned() -> None:
    assert CANBERRA.digest() == CANBERRA_DIGEST
    assert FOXWOODS.digest() != CANBERRA_DIGEST


def test_the_canberra_table_round_trips_through_a_house_way_file() -> None:
    f = io.StringIO()
    CANBERRA.export(f)
    rows = f.getvalue().splitlines()
    assert len(rows) == 1 + DISTINCT_HAND_COUNT and "exception A: 3-wong" in f.getvalue()
    f.seek(0)
    way = read_house_way(f, name="canberra-file")
    assert way.digest() == CANBERRA_DIGEST
    assert (way.table() == CANBERRA.table()).all()
    assert way.set("6-6 6-6 1-2 1-3").rule == "rule 2: keep the pair (both hands higher)"


# ---------------------------------------------------------------------------------------------
# by name: the house edge, the commands, advice


def test_canberra_by_name() -> None:
    assert HOUSE_WAYS["canberra"] is CANBERRA and house_way(" Canberra ") is CANBERRA
    assert "wizardofodds.com" in CANBERRA.source and "casino-canberra" in CANBERRA.source


def test_the_canberra_house_edge_is_exact() -> None:
    rows = us_edges("5%", way="canberra")
    assert (rows[0].player_strategy, rows[0].banker_strategy) == ("canberra", "canberra")
    assert counts(rows[0]) == CANBERRA_COUNTS == seat_counts("canberra", "player", None, "5%")
    w, p, lose = CANBERRA_COUNTS
    assert w + p + lose == PAIRINGS
    assert rows[0].player_result == (Fraction(19, 20) * w - lose) / PAIRINGS
    assert round(float(-rows[0].player_result) * 100, 4) == 2.4206  # docs/houseway.md
    assert round(float(-rows[0].banker_result) * 100, 4) == 0.5647
    # the best responses to it are in the table too, and gain on it
    best = [r for r in rows if (r.player_strategy, r.banker_strategy) == ("best-response", "canberra")][0]
    assert best.player_result > rows[0].player_result


def test_the_commands_take_the_canberra_way(capsys: pytest.CaptureFixture[str]) -> None:
    assert paigow.cli.main(["houseway", "6-6", "6-6", "1-2", "1-3", "--way", "canberra", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rule"] == "rule 2: keep the pair (both hands higher)"
    assert paigow.cli.main(["houseway", "--audit", "--way", "canberra", "--top", "3"]) == 0
    text = capsys.readouterr().out
    assert "canberra" in text
    a = audit("canberra")
    assert a.way == "canberra" and a.total == a.best_result - a.way_result > 0
    assert paigow.cli.main(["edges", "--rules", "us", "--way", "canberra", "--commission", "5%"]) == 0
    assert "216,303,224" in capsys.readouterr().out.replace("216303224", "216,303,224")


def test_advice_against_the_canberra_way() -> None:
    a = paigow.advise("6-6 6-6 1-2 1-3", rules="us", against="canberra")
    b = paigow.advise("6-6 6-6 1-2 1-3", rules="us", against="foxwoods")
    assert (a.against, b.against) == ("canberra", "foxwoods")
    assert [o.setting for o in a.options] == [o.setting for o in b.options]
    assert [o.value for o in a.options] != [o.value for o in b.options]  # the house sets its hands otherwise
