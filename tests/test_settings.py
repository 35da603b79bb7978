"""Settings and comparison: docs/rules.md §1.4 (the dealer's arrangement) and 1.5 (Art. 6)."""

from __future__ import annotations

import json
import pickle
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow import DECK, Hand, InvalidHandError, InvalidTileError, Outcome, Setting, Tile, compare, settings
from paigow.errors import PaigowError, ParseError, RuleError


def s(text: str) -> Setting:
    return Setting.parse(text)


def test_three_settings_in_fixed_order() -> None:
    a, b, c = settings("5-6 1-6 4-4 2-3")  # tiles a b c d
    assert {a.front, a.back} == {Hand.parse("5-6 1-6"), Hand.parse("4-4 2-3")}  # ab|cd
    assert {b.front, b.back} == {Hand.parse("5-6 4-4"), Hand.parse("1-6 2-3")}  # ac|bd
    assert {c.front, c.back} == {Hand.parse("5-6 2-3"), Hand.parse("1-6 4-4")}  # ad|bc


def test_dealer_puts_the_smaller_hand_in_front() -> None:
    for setting in settings("天 地 杂九 至尊") + settings("1-3 3-3 5-5 4-6"):
        assert setting.front.rank <= setting.back.rank
    big, small = Hand.parse("6-6 6-6"), Hand.parse("1-3 3-3")
    assert Setting(big, small).front == small and Setting(big, small).back == big
    assert Setting(small, big) == Setting(big, small)
    # a split into two hands that are a copy is one Setting, whichever hand is named first
    a, b = Hand.parse("6-6 4-4"), Hand.parse("6-6 3-5")
    assert a.rank == b.rank and Setting(a, b) == Setting(b, a) and str(Setting(a, b)) == str(Setting(b, a))


def test_setting_text_round_trips() -> None:
    for setting in settings("天 地 杂九 至尊"):
        assert Setting.parse(str(setting)) == setting
        assert eval(repr(setting), {"Setting": Setting}) == setting
        assert pickle.loads(pickle.dumps(setting)) == setting


def test_both_won_wins_both_lost_loses_one_each_pushes() -> None:
    banker = s("5-5 5-5 | 4-4 4-4")  # 双梅 | 双人
    assert compare(s("1-1 1-1 | 6-6 6-6"), banker) is Outcome.WIN
    assert compare(s("1-3 3-3 | 2-2 2-2"), banker) is Outcome.LOSE
    assert compare(s("1-3 3-3 | 6-6 6-6"), banker) is Outcome.PUSH
    assert compare(s("5-6 1-6 | 1-1 1-1"), banker) is Outcome.PUSH


def test_a_copy_goes_to_the_banker() -> None:
    # fronts 4-5 2-2 and 3-6 2-2 are both 板櫈三, a copy; the player wins the back
    player, banker = s("4-5 2-2 | 6-6 6-6"), s("3-6 2-2 | 1-1 1-1")
    assert player.front.rank == banker.front.rank
    assert compare(player, banker) is Outcome.PUSH
    # a copy of backs goes to the banker too (天 with 拎冧六 and 天 with 长三: both 天牌八)
    player, banker = s("5-5 1-6 | 6-6 1-5"), s("4-6 1-4 | 6-6 3-3")
    assert player.front > banker.front
    assert player.back.rank == banker.back.rank
    assert compare(player, banker) is Outcome.PUSH


def test_zero_front_against_zero_front_goes_to_the_banker() -> None:
    # 鹅牌密 outranks 梅牌密, but zero against zero in front is the banker's (Art. 6.2)
    player, banker = s("1-3 3-3 | 6-6 6-6"), s("5-5 4-6 | 1-1 1-1")
    assert player.front.is_zero and banker.front.is_zero and player.front > banker.front
    assert compare(player, banker) is Outcome.PUSH


def test_zero_rule_names_only_the_front() -> None:
    # both backs are zero too: there the higher zero wins, by the copy rule alone (6.1)
    player, banker = s("2-2 1-5 | 1-3 3-3"), s("5-6 4-5 | 5-5 4-6")
    assert all(x.is_zero for x in (player.front, player.back, banker.front, banker.back))
    assert player.back > banker.back
    assert compare(player, banker) is Outcome.PUSH
    # a front that is not zero beats a zero front as usual
    assert compare(s("5-6 5-5 | 6-6 6-6"), s("1-3 3-3 | 1-1 1-1")) is Outcome.WIN


def test_bad_settings() -> None:
    with pytest.raises(InvalidHandError, match="4 tiles are needed, 5 given"):
        settings("天 地 人 鹅 梅")
    with pytest.raises(InvalidTileError, match="too many 6-6"):
        settings("天 天 天 地")
    with pytest.raises(InvalidTileError, match="too many 6-6"):
        compare(s("6-6 6-6 | 1-1 1-1"), s("6-6 4-5 | 2-2 2-2"))
    with pytest.raises(TypeError, match="two Settings"):
        compare("6-6 6-6 | 1-1 1-1", s("4-4 4-4 | 2-2 2-2"))  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="front | back"):
        Setting.parse("6-6 6-6 1-1 1-1")


# -- Setting.parse across the whole setting; JSON of tiles, hands and settings -------------------
def test_parse_takes_mixed_faces_across_the_setting() -> None:
    # a mixed-rank name takes the next free face in the whole setting, as settings() does
    assert Setting.parse("杂九 天 | 杂九 地") == settings("杂九 天 杂九 地")[0]
    assert Setting.parse("至尊 天 | 至尊 地").tiles == (Tile(1, 1), Tile(1, 2), Tile(6, 6), Tile(2, 4))
    assert Setting.parse("3-6 天 | 杂九 地") == Setting.parse("3-6 6-6 | 4-5 1-1")
    with pytest.raises(InvalidTileError, match="too many '杂九'"):
        Setting.parse("杂九 杂九 | 杂九 地")
    with pytest.raises(InvalidHandError, match="two tiles, '|', two tiles: '天 | 地 人 鹅' has 1 and 3"):
        Setting.parse("天 | 地 人 鹅")
    with pytest.raises(TypeError):
        Setting.parse(None)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(sorted(Tile.names())), min_size=4, max_size=4))
def test_parse_agrees_with_settings(names: list[str]) -> None:
    try:
        expected = settings(names)
    except InvalidTileError:
        with pytest.raises(InvalidTileError):
            Setting.parse(f"{names[0]} {names[1]} | {names[2]} {names[3]}")
        return
    assert Setting.parse(f"{names[0]}, {names[1]} | {names[2]}, {names[3]}") == expected[0]


def test_json_round_trips() -> None:
    for s in settings("天 地 杂九 至尊") + settings("杂九 杂九 至尊 至尊"):
        data = s.to_json()
        assert json.loads(json.dumps(data)) == data
        assert Setting.from_json(data) == s and Setting.from_json(str(s)) == s
        for h in (s.front, s.back):
            assert Hand.from_json(h.to_json()) == h and Hand.from_json(str(h)) == h
            assert h.to_json()["tiles"] == [t.to_json() for t in h.tiles]
    assert {t: Tile.from_json(t.to_json()) for t in DECK} == {t: t for t in DECK}
    data = settings("天 地 杂九 至尊")[1].to_json()
    assert data["back"] == {"tiles": ["6-6", "4-5"], "name_zh": "天九王", "name_en": "Teen Wong",
                            "category": "wong", "points": 1, "rank": 90}


@pytest.mark.parametrize(("call", "data", "code", "message"), [
    (Tile.from_json, 66, "tile.json", "a tile in JSON is a string like '6-6', not a number"),
    (Tile.from_json, None, "tile.json", "not null"),
    (Tile.from_json, "7-7", "tile.unknown", "unknown tile '7-7'"),
    (Hand.from_json, ["6-6", "1-1"], "hand.json", "an object or a string, not an array"),
    (Hand.from_json, {"tiles": "6-6 1-1"}, "hand.json", "'tiles' is an array of two tiles, not a string"),
    (Hand.from_json, {"tiles": ["6-6", "1-1"], "rank": 3}, "hand.json", "'rank' is"),
    (Hand.from_json, {"tiles": ["6-6", "1-1"], "pionts": 3}, "hand.json", "unknown key 'pionts'"),
    (Hand.from_json, {"tiles": ["6-6"]}, "hand.size", "2 tiles are needed, 1 given"),
    (Hand.from_json, {"tiles": ["6-6", True]}, "tile.json", "not true"),
    (Setting.from_json, 3, "setting.json", "an object or a string, not a number"),
    (Setting.from_json, {"front": "6-6 1-1"}, "setting.json", "keys 'front' and 'back' only"),
    (Setting.from_json, {"front": "6-6 6-6", "back": "1-1 1-1"}, "setting.order", "larger than the back"),
    (Setting.from_json, {"front": "1-1 1-1", "back": "1-1 6-6"}, "tile.copies", "too many 1-1"),
    (Setting.from_json, "6-6 1-1 4-5 2-4", "setting.syntax", "'front | back'"),
])
def test_json_errors(call: Any, data: object, code: str, message: str) -> None:
    with pytest.raises(PaigowError, match=re.escape(message)) as e:
        call(data)
    assert e.value.code == code and isinstance(e.value, (ParseError, RuleError))
