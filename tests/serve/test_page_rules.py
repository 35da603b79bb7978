"""The house way's rule on the dealer's page in each language: the page translates the rule the
service gives (its English text, paigow.houseway) with ``I18N_HOUSEWAY`` in i18n.js, which is
written as JSON so that this test reads it without a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from paigow.houseway import foxwoods_without, house_way
from paigow.rules import US

I18N = Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static" / "i18n.js"
SIMPLIFIED_ONLY = set("规则两对点与头于图后")  # the simplified forms the rules' texts use
TRADITIONAL_ONLY = set("規則兩對點與頭於圖後")


def houseway_table() -> dict[str, dict[str, str]]:
    m = re.search(r"^const I18N_HOUSEWAY = (\{.*?^\});$", I18N.read_text(encoding="utf-8"), re.S | re.M)
    assert m, "i18n.js has no I18N_HOUSEWAY block"
    table: dict[str, dict[str, str]] = json.loads(m.group(1))
    return table


def foxwoods_rules() -> set[str]:
    """Every rule text the Foxwoods way gives, and those its rule 0 pre-empts (a variant gives them)."""
    return {rule for way in (house_way("foxwoods"), foxwoods_without("0")) for _, _, rule in way.settings_of_all()}


def test_the_us_tables_way_is_foxwoods() -> None:
    assert US.banker_sets == "foxwoods"  # the way whose rules a US table shows


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "pt"])
def test_every_foxwoods_rule_is_translated(lang: str) -> None:
    rules = foxwoods_rules()
    assert len(rules) == 30 and "pair C: split 2s/12s" in rules and "two pairs: one in each hand" in rules
    table = houseway_table()[lang]
    assert set(table) == rules  # every rule translated, and no entry for a rule the way no longer gives
    for en, text in table.items():
        assert text.strip() and text != en, (lang, en)
        if lang.startswith("zh"):
            assert re.search(r"[\u4e00-\u9fff]", text), (lang, en, text)
            wrong = SIMPLIFIED_ONLY if lang == "zh-Hant" else TRADITIONAL_ONLY
            assert not wrong & set(text), (lang, en, text)
    # the letter of a rule (rule 0, pair A-F, picture C-K, other hands A-B) stays in the translation
    for en, text in table.items():
        letter = re.match(r"(?:rule|pair|picture|other hands) ([0-9A-K])\b", en)
        if letter:
            assert re.search(rf"(?<![A-Za-z0-9]){letter.group(1)}(?![A-Za-z0-9])", text), (lang, en, text)


def test_english_shows_the_services_text() -> None:
    # the page's English is the service's text itself (app.js ruleText falls back to it): no table
    assert set(houseway_table()) == {"zh-Hant", "zh-Hans", "pt"}
