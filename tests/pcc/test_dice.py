"""Dice: figures, colours, names in three languages, rolls (docs/rules.md §2.1)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcc import Colour, Figure, InvalidColourError, InvalidFigureError, InvalidRollError, Roll, roll, rolls

# docs/rules.md §2.1, written out again here rather than read from the package.
TABLE = [
    # number, en, pt, zh (simplified), zh (traditional), colour
    (1, "fish", "peixe", "鱼", "魚", "red"),
    (2, "prawn", "camarão", "虾", "蝦", "green"),
    (3, "gourd", "cabaço", "葫芦", "葫蘆", "blue"),
    (4, "coin", "moeda", "金钱", "金錢", "blue"),
    (5, "crab", "caranguejo", "蟹", "蟹", "green"),
    (6, "rooster", "galo", "鸡", "雞", "red"),
]


@pytest.mark.parametrize("number, en, pt, zh, zh_hant, colour", TABLE)
def test_figure_table(number: int, en: str, pt: str, zh: str, zh_hant: str, colour: str) -> None:
    f = Figure.from_number(number)
    assert (f.number, f.en, f.pt, f.zh, f.zh_hant, str(f.colour)) == (number, en, pt, zh, zh_hant, colour)
    for name in (en, pt, zh, zh_hant, str(number), en.upper(), pt.title(), f"  {pt}  "):
        assert Figure.parse(name) is f
    assert Figure.clean(number) is Figure.clean(en) is Figure.clean(f) is f
    assert str(f) == en
    assert eval(repr(f)) is f


def test_opposite_faces_sum_to_seven_and_colours_pair_up() -> None:
    # Art. 1.2: opposite faces sum to seven; each colour is on one pair of opposite faces.
    for f in Figure:
        assert Figure.from_number(7 - f.number).colour is f.colour
    assert {c: [f.number for f in c.figures] for c in Colour} == {
        Colour.RED: [1, 6],
        Colour.GREEN: [2, 5],
        Colour.BLUE: [3, 4],
    }


@pytest.mark.parametrize(
    "name, figure",
    [
        ("Camarao", Figure.PRAWN),  # no accent
        ("CAMARÃO", Figure.PRAWN),
        ("shrimp", Figure.PRAWN),
        ("Cabaca", Figure.GOURD),
        ("calabash", Figure.GOURD),
        ("chicken", Figure.ROOSTER),
        ("Cock", Figure.ROOSTER),
        ("鷄", Figure.ROOSTER),
        ("money", Figure.COIN),
    ],
)
def test_figure_aliases(name: str, figure: Figure) -> None:
    assert Figure.parse(name) is figure


@pytest.mark.parametrize("bad", ["dragon", "", "0", "7", "fish crab", "鱼鱼"])
def test_unknown_figure(bad: str) -> None:
    with pytest.raises(InvalidFigureError, match=repr(bad).replace("(", r"\(")):
        Figure.parse(bad)


@pytest.mark.parametrize("bad", [0, 7, -1, pytest.param(10**5000, id="huge")])
def test_unknown_figure_number(bad: int) -> None:
    with pytest.raises(InvalidFigureError, match="is not 1 to 6") as info:
        Figure.clean(bad)
    assert info.value.code == "figure.number" and len(str(info.value)) < 200


@pytest.mark.parametrize("bad", [True, 1.0, None, b"fish"])
def test_figure_of_a_wrong_type(bad: object) -> None:
    with pytest.raises(TypeError):
        Figure.clean(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name, colour",
    [
        ("red", Colour.RED), ("Vermelho", Colour.RED), ("vermelha", Colour.RED), ("红", Colour.RED), ("紅", Colour.RED),
        ("GREEN", Colour.GREEN), ("verde", Colour.GREEN), ("绿", Colour.GREEN), ("綠", Colour.GREEN),
        ("blue", Colour.BLUE), ("Azul", Colour.BLUE), ("蓝", Colour.BLUE), ("藍", Colour.BLUE),
    ],
)  # fmt: skip
def test_colour_names(name: str, colour: Colour) -> None:
    assert Colour.parse(name) is colour
    assert Colour.parse(str(colour)) is colour
    assert eval(repr(colour)) is colour


@pytest.mark.parametrize("bad", ["purple", "", "rouge", "reds"])
def test_unknown_colour(bad: str) -> None:
    with pytest.raises(InvalidColourError, match="unknown colour " + repr(bad)):
        Colour.parse(bad)


def test_roll_is_a_multiset() -> None:
    r = Roll(5, "fish", Figure.CRAB)
    assert r.dice == (Figure.FISH, Figure.CRAB, Figure.CRAB)
    assert r == Roll(Figure.CRAB, Figure.CRAB, Figure.FISH)
    assert hash(r) == hash(Roll(5, 5, 1))
    assert r.numbers == (1, 5, 5) and r.total == 11
    assert r.count("crab") == 2 and r.count(Figure.FISH) == 1 and r.count(6) == 0
    assert r.count_colour("green") == 2 and r.count_colour(Colour.RED) == 1
    assert not r.is_triple and not r.is_one_colour
    assert list(r) == list(r.dice) and len(r) == 3
    assert r.colours == (Colour.RED, Colour.GREEN, Colour.GREEN)


def test_roll_is_immutable_and_copies() -> None:
    r = Roll(1, 2, 3)
    with pytest.raises(AttributeError):
        r._total = 4
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("1-5-5", (1, 5, 5)),
        ("155", (1, 5, 5)),
        ("5 1 5", (1, 5, 5)),
        ("crab, fish, crab", (1, 5, 5)),
        ("Caranguejo/Peixe/caranguejo", (1, 5, 5)),
        ("鱼蟹蟹", (1, 5, 5)),
        ("魚 蟹 蟹", (1, 5, 5)),
        ("葫芦金钱葫蘆", (3, 3, 4)),
        ("rooster+rooster+rooster", (6, 6, 6)),
        ("  fish-prawn-gourd  ", (1, 2, 3)),
    ],
)
def test_roll_parse(text: str, numbers: tuple[int, int, int]) -> None:
    assert Roll.parse(text).numbers == numbers


@pytest.mark.parametrize("text, dice", [("fish crab", 2), ("1-2-3-4", 4), ("", 0), ("12", 2), ("1234", 4)])
def test_roll_wrong_number_of_dice(text: str, dice: int) -> None:
    with pytest.raises(InvalidRollError, match=f"roll {text!r} has {dice} dice"):
        Roll.parse(text)


@pytest.mark.parametrize("text", ["fish crab dragon", "1-2-7", "0 1 2", "鱼蟹龙"])
def test_roll_unknown_figure(text: str) -> None:
    with pytest.raises(InvalidFigureError, match="in roll"):
        Roll.parse(text)


@given(st.tuples(*[st.sampled_from(list(Figure))] * 3))
def test_roll_text_round_trips(dice: tuple[Figure, Figure, Figure]) -> None:
    r = Roll(*dice)
    assert Roll.parse(str(r)) == r
    assert eval(repr(r)) == r
    assert Roll.parse(" ".join(f.pt for f in reversed(dice))) == r
    assert Roll.parse("".join(f.zh_hant for f in dice)) == r
    assert Roll.parse("".join(str(f.number) for f in dice)) == r
    assert r.total == sum(f.number for f in dice)


def test_all_outcomes() -> None:
    outcomes = list(Roll.all_outcomes())
    assert len(outcomes) == 216
    assert len(set(outcomes)) == 56  # multisets of three of six


def test_seeded_rolls_reproduce() -> None:
    assert roll(7) == roll(7)
    assert [roll(s) for s in range(50)] == [roll(s) for s in range(50)]
    assert len({roll(s) for s in range(200)}) > 20
    assert list(rolls(100, seed=3)) == list(rolls(100, seed=3))
    rng = random.Random(5)
    assert [roll(rng=rng) for _ in range(10)] == list(rolls(10, rng=random.Random(5)))


def test_seeded_roll_is_pinned() -> None:
    # Pinned so a change in how seeded rolls are drawn is noticed (the CLI docs quote seed 7).
    assert str(roll(7)) == "prawn-gourd-coin"
    assert [str(r) for r in rolls(3, seed=2004)] == [str(r) for r in rolls(3, seed=2004)]


def test_secure_roll() -> None:
    seen = {roll() for _ in range(300)}
    assert all(isinstance(r, Roll) and 3 <= r.total <= 18 for r in seen)
    assert len(seen) > 10


def test_roll_argument_errors() -> None:
    with pytest.raises(TypeError):
        roll(1, rng=random.Random(1))
    with pytest.raises(TypeError):
        roll("7")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        list(rolls(-1))


def test_figures_are_not_ints() -> None:
    # Figures order by number among themselves but are not integers (no accidental sums).
    assert Figure.FISH != 1  # type: ignore[comparison-overlap]
    assert Figure.FISH < Figure.PRAWN <= Figure.PRAWN
    assert Figure.ROOSTER > Figure.CRAB >= Figure.CRAB
    with pytest.raises(TypeError):
        Figure.FISH < 2


_PIECES = ["fish", "鱼", "蟹", "5", "6", " ", "-", "x", "葫", "芦", "Peixe", "VERDE"]


@given(st.one_of(st.text(max_size=20), st.lists(st.sampled_from(_PIECES), max_size=5).map("".join)))
def test_fuzz_roll_and_name_parsers(text: str) -> None:
    for parse in (Roll.parse, Figure.parse, Colour.parse):
        try:
            value = parse(text)
        except (InvalidRollError, InvalidFigureError, InvalidColourError):
            continue
        assert parse(str(value)) == value
