"""Way files (paigow.houseway.format, .compile, docs/houseway.md "The way file"): the shipped ways
read from their files, their rule texts in four languages, a casino's own way from a file, and
every kind of error refused with its line and reason, never a traceback."""

from __future__ import annotations

import json
import pathlib
from importlib import resources

import pytest

import paigow.cli
from paigow.houseway import (
    CANBERRA,
    CANBERRA_RULE_IDS,
    FOXWOODS,
    RULE_IDS,
    RuledWay,
    WayFileError,
    house_way,
    is_house_way,
    read_way_file,
    shipped_way,
)
from paigow.houseway.compile import compile_way, features
from paigow.houseway.format import LANGUAGES, read_way_text

FOXWOODS_DIGEST = "2e2ac6374b6998b8e3a9deda032c83468f53f1dcaf292cdd575883d0915a003b"
CANBERRA_DIGEST = "d894966f8419e69e1b7655fee908bf218b688ad906a1b8c48ae69f89d0a1bcb6"

HEAD = "way mine\ntitle My casino\nsource the games manager\n"
LAST = """rule last
  en       other hands: max high
  zh-Hant  其他牌：後手最大
  zh-Hans  其他牌：后手最大
  pt       outras mãos: a mão alta máxima
"""


def _rule(rid: str, *clauses: str, text: str = "a rule") -> str:
    body = [f"rule {rid}", f"  en       {text}", "  zh-Hant  規則", "  zh-Hans  规则", "  pt       regra"]
    return "\n".join(body + [f"  {c}" for c in clauses]) + "\n"


def _way(*rules: str) -> str:
    return HEAD + "".join(rules) + LAST


def _way_text(name: str) -> str:
    return resources.files("paigow.houseway").joinpath("ways", f"{name}.way").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# the shipped ways are their files


def test_the_shipped_ways_are_read_from_their_files() -> None:
    for way, digest, ids in ((FOXWOODS, FOXWOODS_DIGEST, RULE_IDS), (CANBERRA, CANBERRA_DIGEST, CANBERRA_RULE_IDS)):
        assert isinstance(way, RuledWay) and way.digest() == digest
        assert set(ids) <= way.way_file.tags()  # every id a variant leaves out is in the file
        again = RuledWay(read_way_text(_way_text(way.name), "again.way"))
        assert again.digest() == digest and again.compiled[1].tolist() == way.compiled[1].tolist()


def test_every_rule_has_a_text_in_each_language_and_they_are_served_by_the_way() -> None:
    for way in (FOXWOODS, CANBERRA):
        assert isinstance(way, RuledWay)
        for lang in LANGUAGES:
            texts = way.rule_texts(lang)
            assert set(texts) == {r.text for r in way.way_file.rules}
            assert all(t.strip() for t in texts.values())
        given = {r for _, _, r in way.settings_of_all()}
        assert given <= set(way.rule_texts("zh-Hant"))
    assert FOXWOODS.rule_texts("zh-Hans")["pair D: split 9s"] == "对子 D：拆 9 点对"  # type: ignore[attr-defined]
    assert FOXWOODS.rule_ids()["pair C: split 2s/12s"] == "1C"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown language"):
        FOXWOODS.rule_texts("fr")  # type: ignore[attr-defined]


def test_each_compiled_rule_decides_the_hands_its_row_says() -> None:
    # the compiled arrays and the decisions agree: rule index -> the WaySetting's rule text
    split, which = FOXWOODS.compiled  # type: ignore[attr-defined]
    rules = FOXWOODS.way_file.rules  # type: ignore[attr-defined]
    from paigow.houseway import distinct_hands

    for n in range(0, 3620, 37):
        t = distinct_hands()[n]
        assert FOXWOODS.decision(t) == (int(split[n]), rules[int(which[n])].text)


# ---------------------------------------------------------------------------------------------
# a casino's own way


def test_a_casinos_own_way_from_a_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "mine.way"
    path.write_text(_way(_rule("pairs", "when pairs 1", "only keep", text="keep every pair")), encoding="utf-8")
    way = house_way(str(path))
    assert way.name == "mine" and is_house_way(str(path)) and is_house_way(path)
    d = way.set("6-6 6-6 4-4 1-6")
    assert (str(d.setting), d.rule) == ("4-4 1-6 | 6-6 6-6", "keep every pair")
    assert way.set("6-6 1-1 4-4 1-6").rule == "other hands: max high"
    assert read_way_file(path, name="x").name == "x"


def test_foxwoods_edited_one_rule_left_out_is_foxwoods_without_it() -> None:
    text = _way_text("foxwoods")
    start = text.index("rule 1D\n")
    end = text.index("rule 1E\n")
    edited = RuledWay(read_way_text(text[:start] + text[end:], "edited.way"))
    from paigow.houseway import foxwoods_without

    assert edited.digest() == foxwoods_without("1D").digest() != FOXWOODS_DIGEST


def test_the_command_sets_by_a_way_file(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.way"
    path.write_text(_way_text("canberra"), encoding="utf-8")
    assert paigow.cli.main(["houseway", "--way", str(path), "--json", "6-6 4-4 4-5 2-2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "exception G: 3-gong" and data["way"] == "canberra"


# ---------------------------------------------------------------------------------------------
# errors: the line and the reason, a WayFileError with a code


@pytest.mark.parametrize("text, line, message, code", [
    (_way(_rule("x", "when hand Teen Fooo nine Day")), 9, "unknown tile 'Fooo'", "houseway.way"),
    (_way(_rule("x", "when pair of 7-7")), 9, "unknown tile '7-7'", "houseway.way"),
    (_way(_rule("x", "only keep"), _rule("x", "only split")), 10, "the rule id 'x' is the id of the rule of line 4 again",
     "houseway.way"),
    (_way(_rule("x", "when pairs 1", "only low is pair, high is pair")), 4, "rule 'x' applies to no hand", "houseway.never"),
    (_way(_rule("x", "when hand Teen Teen Day Day", "place low Teen Teen")), 4,
     "rule 'x' sets a foul: on the hand 6-6 6-6 1-1 1-1 it places 6-6 6-6 in the low hand", "houseway.foul"),
    (_way(_rule("x", "when pairs 1", "choose keep")), 10, "unknown clause 'choose'", "houseway.way"),
    (_way(_rule("x", "only low is wang")), 9, "unknown kind of hand 'wang'", "houseway.way"),
    (_way(_rule("x", "only high at least high-7")), 9, "unknown hand 'high-7'", "houseway.way"),
    (_way(_rule("x", "when pairs 1, ")), 9, "cannot read the condition ''", "houseway.way"),
    (_way(_rule("x", "max-high now")), 9, "the step 'max-high' takes no argument", "houseway.way"),
    (_way("rule y\n  en only English\n  when pairs 1\n"), 4, "rule 'y' has no zh-Hant, zh-Hans, pt text", "houseway.way"),
    (_way("rule bad id\n"), 4, "a rule's id is letters", "houseway.way"),
    ("title no way\n" + LAST, 1, "a way file begins with 'way NAME'", "houseway.way"),
    (HEAD + "  en stray\n", 4, "an indented clause before the first 'rule ID' line", "houseway.way"),
    (HEAD + "colour red\n", 4, "unknown line 'colour red'", "houseway.way"),
    (HEAD + LAST + "way again\n", 9, "'way' belongs at the head of the file", "houseway.way"),
    (HEAD + _rule("only-pairs", "when pairs 1", "only keep"), None, "no rule decides the hand 6-6 6-6 1-1 1-1",
     "houseway.way"),
])
def test_a_bad_way_file_is_refused_with_the_line_and_the_reason(text: str, line: int | None, message: str,
                                                                code: str) -> None:
    with pytest.raises(WayFileError) as e:
        compile_way(read_way_text(text, "mine.way"))
    where = f"mine.way line {line}: " if line else "mine.way: "
    assert str(e.value).startswith(where) and message in str(e.value), str(e.value)
    assert e.value.code == code


@pytest.mark.parametrize("rule, line, message, code", [
    (_rule("x", "when hand Teen Fooo nine Day"), 9, "unknown tile 'Fooo'", "houseway.way"),
    (_rule("x", "when pairs 1", "only low is pair, high is pair"), 4, "rule 'x' applies to no hand", "houseway.never"),
    (_rule("x", "only keep") + _rule("x", "only split"), 10, "the rule id 'x' is the id of the rule of line 4 again",
     "houseway.way"),
    (_rule("x", "when hand Teen Teen Day Day", "place low Teen Teen"), 4, "rule 'x' sets a foul", "houseway.foul"),
])
def test_a_bad_way_file_read_from_its_path_is_refused_with_the_line(tmp_path: pathlib.Path, rule: str, line: int,
                                                                    message: str, code: str) -> None:
    path = tmp_path / "mine.way"
    path.write_text(_way(rule), encoding="utf-8")
    for read in (lambda: house_way(str(path)), lambda: house_way(path), lambda: read_way_file(path)):
        with pytest.raises(WayFileError) as e:
            read()
        assert f"mine.way line {line}: " in str(e.value) and message in str(e.value), str(e.value)
        assert e.value.code == code


@pytest.mark.parametrize("name", ["foxwoods", "canberra"])
def test_any_line_of_a_shipped_way_broken_is_refused_with_that_line(name: str) -> None:
    # each clause line of the shipped files broken three ways: a word too many, its value left
    # out, a character no clause reads; the text lines (en, zh-Hant, ...) and the head's name, title and
    # source take any text and a rule's tags any more ids, and still read
    lines = _way_text(name).split("\n")
    refused = 0
    for i, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cut = line.split()[0] if line.startswith(" ") else line + " x"  # a clause without its value
        for broken in (line + " Fooo", cut, line.replace(" ", " ~", 1)):
            try:
                read_way_text("\n".join(lines[:i] + [broken] + lines[i + 1:]), "m.way")
            except WayFileError as e:
                assert str(e).startswith(f"m.way line {i + 1}: ") and e.code == "houseway.way", (broken, str(e))
                refused += 1
            else:
                assert line.split()[0] in ("en", "zh-Hant", "zh-Hans", "pt", "way", "title", "source", "tags"), broken
    assert refused > 500


def test_a_way_file_that_cannot_be_read_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(WayFileError, match="cannot read a house way") as e:
        house_way(str(tmp_path / "none.way"))
    assert e.value.code == "houseway.file"
    (tmp_path / "bad.way").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(WayFileError) as e:
        house_way(str(tmp_path / "bad.way"))
    assert e.value.code == "houseway.file"


def test_the_command_refuses_a_bad_way_file_in_one_line(tmp_path: pathlib.Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.way"
    path.write_text(_way(_rule("x", "when hand Teen Fooo nine Day")), encoding="utf-8")
    assert paigow.cli.main(["houseway", "--way", str(path), "6-6 6-6 1-2 1-3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 9: unknown tile 'Fooo'" in err and err.endswith("[houseway.way]") and "Traceback" not in err


def test_a_variant_of_unknown_ids_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Foxwoods rule ids"):
        RuledWay(shipped_way("foxwoods"), frozenset({"9Z"}))


def test_features_are_the_settings_of_the_distinct_hands() -> None:
    from paigow.houseway import distinct_hands
    from paigow.setting import settings_of

    f = features()
    for n in range(0, 3620, 181):
        for k, s in enumerate(settings_of(distinct_hands()[n])):
            assert f.rank[n, k].tolist() == [s.front.rank_in("us"), s.back.rank_in("us")]


# ---------------------------------------------------------------------------------------------
# the shipped cache: what a shipped way computes once, checked by hash


@pytest.mark.parametrize("name", ["foxwoods", "canberra"])
def test_the_shipped_cache_is_what_the_way_file_computes(name: str) -> None:
    import numpy as np

    from paigow.rules import US
    from paigow.strategies import Strategy

    shipped = house_way(name)
    assert isinstance(shipped, RuledWay) and shipped._cache is not None  # the cache matches the file's hash
    fresh = RuledWay(shipped_way(name))  # compiled from the file, no cache
    assert fresh._cache is None
    for a, b in zip(shipped.compiled, fresh.compiled):
        assert (np.asarray(a) == np.asarray(b)).all()
    assert (shipped.table() == fresh.table()).all()
    built = Strategy(fresh.table(), name="built")
    for seat in ("player", "banker"):
        got, want = shipped.strategy().side(seat, US), built.side(seat, US)
        assert (got.counts == want.counts).all() and (got.key == want.key).all()


def test_an_edited_way_file_does_not_take_the_shipped_cache() -> None:
    text = _way_text("foxwoods").replace("only     split\n", "only     split\n# edited\n", 1)
    way = RuledWay(read_way_text(text, "foxwoods.way"), shipped="foxwoods")
    assert way._cache is None and way.digest() == FOXWOODS_DIGEST  # compiled from the file instead


def test_a_shipped_way_edited_does_not_take_its_cache_and_reads_its_file_when_first_needed() -> None:
    from paigow.houseway import ShippedWay

    text = _way_text("foxwoods").replace("only     split\n", "only     split\n# edited\n", 1)
    read: list[str] = []

    def read_file() -> object:
        read.append("file")
        return read_way_text(text, "foxwoods.way")

    way = ShippedWay("foxwoods", lambda: text, read_file)  # type: ignore[arg-type]
    assert read == [] and way.name == "foxwoods"
    assert way._cache is None and read == []  # the hash of the text, unparsed: not the shipped file's
    assert way.digest() == FOXWOODS_DIGEST and read == ["file"]  # compiled from the file instead
    assert way.title == "Foxwoods" and read == ["file"]


def test_the_first_advice_against_a_shipped_way_reads_no_way_file() -> None:
    import subprocess
    import sys

    code = ("import sys, paigow; a = paigow.advise('6-6 6-6 1-2 1-3', rules='us', against='foxwoods'); "
            "from paigow.houseway import FOXWOODS; "
            "from paigow.game.handtypes import all_hands; "
            "print(str(a.best_setting), 'paigow.houseway.format' in sys.modules, 'way_file' in FOXWOODS.__dict__, "
            "sorted(FOXWOODS._cache._got), all_hands.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "1-3 1-2 | 6-6 6-6 False False ['key', 'side:player', 'table'] 0", out


# ---------------------------------------------------------------------------------------------
# the way decided in the compiled core


@pytest.mark.parametrize("name", ["foxwoods", "canberra"])
def test_the_core_sets_every_distinct_hand_as_the_way_does(name: str) -> None:
    import random

    import numpy as np

    from paigow import DECK
    from paigow.houseway import distinct_hands
    from paigow.setting import settings_of
    from paigow.tiles import deck_indices

    way = house_way(name)
    rng = random.Random(7)
    hands = []
    for t in distinct_hands():
        idx = list(deck_indices(t))
        rng.shuffle(idx)  # any order of the tiles
        hands.append(idx)
    got = way.splits(np.array(hands, dtype=np.int8))
    assert got.shape == (3620,) and not got.flags.writeable
    for idx, k in zip(hands, got.tolist()):
        tiles = tuple(DECK[i] for i in idx)
        s, d = settings_of(tiles)[k], way.set(tuple(idx)).setting
        assert (s.front.rank_in("us"), s.back.rank_in("us")) == (d.front.rank_in("us"), d.back.rank_in("us"))


def test_the_core_refuses_a_bad_hand_as_the_batch_does() -> None:
    from paigow.errors import PaigowError, TileCopiesError

    with pytest.raises(TileCopiesError, match=r"hands\[1\]"):
        FOXWOODS.splits([[0, 1, 2, 3], [0, 0, 1, 2]])
    with pytest.raises(PaigowError):
        FOXWOODS.splits([[0, 1, 2, 32]])
