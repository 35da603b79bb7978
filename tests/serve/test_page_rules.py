"""The house way's rules on the dealer's page in each language, by rule id: ``I18N_HOUSEWAY`` in
i18n.js holds every rule of every shipped way (paigow/houseway/ways/*.way) by ``way/id`` in the four
languages; the page finds the id of the rule the service names (its way and English text) and shows
the rule by that id. Written as JSON, so that these tests read it without a browser (the page itself:
tests/serve/test_page_us.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from paigow.houseway import SHIPPED, foxwoods_without, house_way, shipped_way
from paigow.rules import US

I18N = Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static" / "i18n.js"
LANGS = ("en", "zh-Hant", "zh-Hans", "pt")
SIMPLIFIED_ONLY = set("规则两对点与头于图后较变")  # the simplified forms the rules' texts use
TRADITIONAL_ONLY = set("規則兩對點與頭於圖後較變")


def houseway_table() -> dict[str, dict[str, str]]:
    m = re.search(r"^const I18N_HOUSEWAY = (\{.*?^\});$", I18N.read_text(encoding="utf-8"), re.S | re.M)
    assert m, "i18n.js has no I18N_HOUSEWAY block"
    table: dict[str, dict[str, str]] = json.loads(m.group(1))
    return table


def rule_ids() -> dict[str, dict[str, str]]:
    """``way/id`` -> the rule's texts, for every rule of every shipped way."""
    return {f"{name}/{r.id}": r.texts for name in SHIPPED for r in shipped_way(name).rules}


def test_the_us_tables_way_is_foxwoods() -> None:
    assert US.banker_sets == "foxwoods"  # the way whose rules a US table shows
    assert set(SHIPPED) == {"foxwoods", "canberra"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_of_the_shipped_ways_is_translated(lang: str) -> None:
    ids = rule_ids()
    assert len(ids) == 64 and "foxwoods/1C" in ids and "canberra/1C" in ids  # one id, two rules: keyed by way
    table = houseway_table()[lang]
    assert set(table) == set(ids)  # every rule, and no entry for a rule no way has
    for key, text in table.items():
        assert text == ids[key][lang], (lang, key)  # the way file's own text
        assert text.strip(), (lang, key)
        if lang.startswith("zh"):  # (Portuguese keeps a few names as they are: "WGH: High Nine")
            assert text != ids[key]["en"], (lang, key)
            assert re.search(r"[\u4e00-\u9fff]", text), (lang, key, text)
            wrong = SIMPLIFIED_ONLY if lang == "zh-Hant" else TRADITIONAL_ONLY
            assert not wrong & set(text), (lang, key, text)
    # the letter of a rule (rule 0, pair A-F, picture C-K, other hands A-B) stays in the translation
    for key, text in table.items():
        letter = re.match(r"(?:rule|pair|picture|other hands) ([0-9A-K])\b", ids[key]["en"])
        if letter:
            assert re.search(rf"(?<![A-Za-z0-9]){letter.group(1)}(?![A-Za-z0-9])", text), (lang, key, text)


def test_each_rule_the_service_names_finds_one_translation() -> None:
    # the page finds a rule's id by its way and English text (the API's form): where several ids of
    # a way share a text, they share every translation, so the id found says the same
    table = houseway_table()
    for name in SHIPPED:
        by_text: dict[str, set[tuple[str, ...]]] = {}
        for r in shipped_way(name).rules:
            by_text.setdefault(r.text, set()).add(tuple(table[lang][f"{name}/{r.id}"] for lang in LANGS))
        assert all(len(v) == 1 for v in by_text.values()), name
    given = {rule for way in (house_way("foxwoods"), foxwoods_without("0")) for _, _, rule in way.settings_of_all()}
    assert len(given) == 30 and given <= {table["en"][k] for k in table["en"] if k.startswith("foxwoods/")}


def test_the_services_rule_id_is_the_rule_of_that_text() -> None:
    # the service's rule_id beside a rule's text (paigow.houseway.rule_id): an id of that way
    # whose rule has that text, so its translations are the text's; none for a way not by name
    from paigow.houseway import rule_id

    for name in SHIPPED:
        rules = {r.id: r for r in shipped_way(name).rules}
        for r in rules.values():
            got = rule_id(name, r.text)
            assert got is not None and rules[got].text == r.text and rules[got].texts == r.texts, (name, r.id)
    assert rule_id("Foxwoods", "pair C: split 2s/12s") == "1C"
    assert rule_id("foxwoods", "no such rule") is None and rule_id("path/to/way.csv", "pair C: split 2s/12s") is None
