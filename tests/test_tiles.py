"""Tiles: Table 1 of the regulation, notations, names and the deck (docs/rules.md §1.1)."""

from __future__ import annotations

import pathlib
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import paigow
from paigow import DECK, FACES, InvalidHandError, InvalidTileError, Tile, deck_indices, parse_tiles
from paigow.errors import TileCopiesError, UnknownTileError

DATA = pathlib.Path(__file__).parent / "data"


def table1() -> list[tuple[int, str, list[str]]]:
    rows = []
    for line in (DATA / "table1.tsv").read_text(encoding="utf-8").splitlines():
        if line[:1].isdigit():
            rank, name, faces, _ = line.split("\t")
            rows.append((int(rank), name, faces.split("/")))
    return rows


def test_table1_has_17_ranks_and_21_faces() -> None:
    rows = table1()
    assert [r[0] for r in rows] == list(range(1, 18))
    assert sum(len(r[2]) for r in rows) == 21 == len(FACES)


@pytest.mark.parametrize("rank,name,faces", table1())
def test_table1_row(rank: int, name: str, faces: list[str]) -> None:
    for pips in faces:
        t = Tile.parse(pips)
        assert t.rank == rank
        assert t.name_zh == name
        lo, hi = t.pips
        assert t.points == (lo + hi) % 10
        # ranks 1-11 come twice, the rest once (Table 1's notes)
        assert DECK.count(t) == (2 if rank <= 11 else 1) == t.copies


def test_deck_is_32_tiles_in_rank_order() -> None:
    assert len(DECK) == 32
    assert [t.rank for t in DECK] == sorted(t.rank for t in DECK)
    assert Counter(DECK) == {t: t.copies for t in FACES}
    assert DECK[22:24] == (Tile(4, 5), Tile(3, 6))  # deck order of the mixed nines


@pytest.mark.parametrize("text", ["6-6", "66", "6/6", " 6 - 6 ", "天", "Teen", "TEEN", "heaven"])
def test_parse_notations_of_teen(text: str) -> None:
    assert Tile.parse(text) is Tile(6, 6)


@pytest.mark.parametrize(
    "text,pips",
    [
        ("5-4", (4, 5)), ("45", (4, 5)), ("3/6", (3, 6)), ("63", (3, 6)), ("21", (1, 2)),
        ("鵝", (1, 3)), ("和", (1, 3)), ("長三", (3, 3)), ("板凳", (2, 2)), ("斧頭", (5, 6)),
        ("紅頭十", (4, 6)), ("高腳七", (1, 6)), ("零霖六", (1, 5)), ("雜八", (3, 5)),
        ("大雞六", (2, 4)), ("細雞", (1, 2)), ("至尊", (2, 4)), ("Gee Joon (three)", (1, 2)),
        ("chop CHIT", (3, 4)), ("mixed five", (1, 4)), ("long leg seven", (1, 6)), ("Long", (3, 3)),
    ],
)
def test_parse_names(text: str, pips: tuple[int, int]) -> None:
    assert Tile.parse(text).pips == pips


@pytest.mark.parametrize("face", FACES, ids=str)
def test_str_and_repr_round_trip(face: Tile) -> None:
    assert Tile.parse(str(face)) is face
    assert eval(repr(face), {"Tile": Tile}) is face
    assert pickle.loads(pickle.dumps(face)) is face


def test_every_name_parses_to_a_face_of_its_rank() -> None:
    for name, faces in Tile.names().items():
        assert Tile.parse(name) is faces[0]
        assert len({f.rank for f in faces if f.rank not in (15, 17)}) <= 1


@given(st.lists(st.sampled_from(range(32)), min_size=1, max_size=8, unique=True))
def test_parse_tiles_round_trips_deck_subsets(idx: list[int]) -> None:
    tiles = [DECK[i] for i in idx]
    text = " ".join(str(t) for t in tiles)
    assert parse_tiles(text) == tuple(tiles)
    assert sorted(deck_indices(parse_tiles(text))) == sorted(deck_indices(tiles))


def test_mixed_names_take_faces_in_deck_order() -> None:
    assert parse_tiles("杂九 杂九") == (Tile(4, 5), Tile(3, 6))
    assert parse_tiles("至尊 至尊") == (Tile(2, 4), Tile(1, 2))
    assert parse_tiles(["chop ng", "2-3"]) == (Tile(1, 4), Tile(2, 3))
    assert parse_tiles("2-3 chop ng") == (Tile(2, 3), Tile(1, 4))


@pytest.mark.parametrize(
    "text,message",
    [
        ("7-7", "unknown tile '7-7'"),
        ("天 王", "unknown tile '王'"),
        ("天 天 天", "too many 6-6 (天): 3 given, the deck holds 2"),
        ("4-5 4-5", "too many 4-5 (杂九): 2 given, the deck holds 1"),
        ("杂九 杂九 杂九", "too many '杂九': the deck holds only 4-5 and 3-6"),
        ("至尊 1-2 2-4", "too many '至尊'"),
    ],
)
def test_bad_tiles(text: str, message: str) -> None:
    with pytest.raises(InvalidTileError, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        parse_tiles(text)
    # an unknown name is a ParseError, too many copies a RuleError (docs/errors.md)
    kind, code = (UnknownTileError, "tile.unknown") if "unknown" in message else (TileCopiesError, "tile.copies")
    assert type(e.value) is kind and e.value.code == code


def test_wrong_count_and_types() -> None:
    with pytest.raises(InvalidHandError, match="4 tiles are needed, 3 given"):
        parse_tiles("天 地 人", count=4)
    # a wrong Python type is a TypeError (docs/errors.md); a value that names no tile is a ParseError
    with pytest.raises(TypeError, match="not 1.5"):
        parse_tiles([1.5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not True"):
        parse_tiles([True])  # type: ignore[list-item]


def test_deck_indices_are_a_hand_everywhere() -> None:
    # issue 31: one hand form everywhere a hand is: four deck indices (DECK order), as the batch
    # functions and best_setting() take them, each index at most once
    assert parse_tiles([12]) == (DECK[12],)
    assert paigow.settings((0, 2, 22, 28)) == paigow.settings("6-6 1-1 4-5 2-4")
    assert paigow.advise((0, 2, 22, 28)).best_setting == paigow.best_setting((0, 2, 22, 28))
    with pytest.raises(TileCopiesError) as e:
        paigow.settings((0, 0, 22, 28))
    assert e.value.code == "tile.twice"
    with pytest.raises(UnknownTileError) as e2:
        paigow.advise((0, 2, 22, 32))
    assert e2.value.code == "tile.index"
    with pytest.raises(TypeError, match="not None"):
        parse_tiles(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not 6"):
        Tile.parse(6)  # type: ignore[arg-type]
    with pytest.raises(UnknownTileError, match="pips") as e:
        Tile(0, 6)
    assert e.value.code == "tile.pips"
    with pytest.raises(TypeError):
        Tile(True, 1)
    with pytest.raises(AttributeError):
        Tile(6, 6)._face = 3  # type: ignore[misc]


def test_public_api_exports() -> None:
    for name in paigow.__all__:
        assert hasattr(paigow, name), name


# -- the plain-text fast path of parse_tiles ----------------------------------------------------

_WORDS = sorted(paigow.tiles._plain_words()) + ["杂九", "至尊", "gee joon", "Teen", "天,", "", "6-7", "x", "杂八"]


def _general(text: str, count: int | None) -> object:
    """parse_tiles() through the general path alone: its tiles, or its error's type and text."""
    try:
        return parse_tiles(list(paigow.tiles.split_tile_text(text)), count)
    except Exception as e:  # noqa: BLE001 - compared, not swallowed
        return (type(e), str(e))


def _parsed(text: str, count: int | None) -> object:
    try:
        return parse_tiles(text, count)
    except Exception as e:  # noqa: BLE001
        return (type(e), str(e))


@given(st.lists(st.sampled_from(_WORDS), min_size=0, max_size=6), st.sampled_from([" ", "  ", ", ", "\t", ";"]),
       st.sampled_from([None, 4]))
def test_the_plain_path_reads_as_the_general_path(words: list[str], sep: str, count: int | None) -> None:
    text = sep.join(words)
    assert _parsed(text, count) == _general(text, count)


def test_the_plain_path_takes_every_four_tile_hand_and_only_plain_words() -> None:
    plain = paigow.tiles._plain_words()
    assert len(plain) == 36 + len([w for w in plain if "-" not in w])  # every pips form, both ways round
    for w, f in plain.items():
        assert parse_tiles(w) == (FACES[f],) and not paigow.tiles._may_begin_name(w)
    assert "杂九" not in plain and "gee" not in plain  # a mixed name and a word that begins a name
    for row in paigow.all_hands()[::97].tolist():
        text = " ".join(str(DECK[i]) for i in row)
        assert paigow.tiles._parse_plain(text, 4) == tuple(DECK[i] for i in row) == parse_tiles(text, 4)
    # beyond the deck's copies the plain path gives way, and the general path explains
    assert paigow.tiles._parse_plain("天 天 天 地", 4) is None
    with pytest.raises(TileCopiesError, match="too many 6-6"):
        parse_tiles("天 天 天 地", count=4)


@pytest.mark.parametrize("text, named", [
    ("Chop Gw 6-6 1-1 4-5", "'Chop Gw'"),   # a misspelled name of two words is named, not counted
    ("6-6 1-1 gee jon 4-5", "'gee jon'"),
    ("teen day xx 4-5", "'xx'"),
])
def test_a_misspelled_name_is_named_before_the_count(text: str, named: str) -> None:
    with pytest.raises(UnknownTileError, match=f"unknown tile {named}") as e:
        parse_tiles(text, count=4)
    assert e.value.code == "tile.unknown"


def test_tiles4_reads_four_tiles_as_parse_tiles_does() -> None:
    import random

    from paigow.tiles import DECK, deck_indices, parse_tiles, tiles4

    rnd = random.Random(4)
    for _ in range(2000):
        tiles = [DECK[i] for i in rnd.sample(range(32), 4)]
        for form in (tiles, tuple(tiles)):
            got = tiles4(form)
            assert got is not None
            assert got[0] == parse_tiles(tiles, count=4) and got[1] == deck_indices(parse_tiles(tiles, count=4))
    # anything else is left to parse_tiles: text, three tiles, a name, more copies than the deck holds
    assert tiles4("天 地 人 和") is None and tiles4(DECK[:3]) is None and tiles4([DECK[0], DECK[2], DECK[4], "和"]) is None
    assert tiles4([DECK[22], DECK[22], DECK[0], DECK[2]]) is None
