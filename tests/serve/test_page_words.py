"""The pages' words (issue 32, "the dealer's screen, part 2"): every refusal the service can answer
in the four languages with its values, the house and the display's headings translated, tiles large
enough to read with look-alike names told apart, no serious or moderate axe violation on the
Advice tab at phone width nor on the Fish-Prawn-Crab payouts, a favicon, tokens without look-alike
characters, and the stake badge clear of the spot's name on the Portuguese phone board."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "paigow" / "serve" / "static"
LANGS = ("zh-Hant", "zh-Hans", "pt", "en")

# -- item 8: every code the service can answer, in every language, with its params -----------------

# the sections of docs/errors.md whose codes the service answers, and the catalogue of each
# (errors-i18n.js: "paigow", "pcc", "service"; a game's page looks in its own, then the service's)
SECTIONS = {
    "paigow: dealing, the table, settlement, records": ("paigow",),
    "paigow: command line and service": ("service", "pcc"),  # player.name, round.unsettled: pcc tables'
    "pcc: class defaults": ("pcc",),
    "pcc: specific codes": ("pcc",),
}
# the class defaults the table raises as such (the other rows of that section are never raised)
TABLE_DEFAULTS = ("tile.unknown", "tile.copies", "hand.size", "bet.syntax", "bet.illegal", "action.illegal")
# codes of those sections that no request to the service can bring, with why
LIBRARY_ONLY = {
    "io": "the command line's files", "usage": "the command line's arguments",
    "journal.open": "paigow serve --db at start", "serve.start": "paigow serve at start",
    "output.package": "paigow solve", "output.write": "paigow solve",
    "cli.bets_syntax": "paigow round --bets", "cli.bets_twice": "paigow round --bets",
    "play.bet_position": "paigow.table.Play, a library object", "play.setter": "paigow.table.Play",
    "split.weights": "paigow.table's pro-rata split, a library function",
    "roll.count": "pcc.rolls(), a library function",
}
LIBRARY_PREFIXES = {
    "record.": "round and session records are read by paigow settle / pcc settle, not by the service",
    "ledger.": "ledger text and JSON are read by the library, not by the service",
}


def documented() -> dict[str, list[tuple[str, str]]]:
    """docs/errors.md: section -> [(code, the rest of its row)]."""
    out: dict[str, list[tuple[str, str]]] = {}
    section = None
    for line in (ROOT / "docs" / "errors.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            out[section] = []
        m = re.match(r"\| `([a-z_0-9.]+)` \|(.*)", line)
        if m and section:
            out[section].append((m.group(1), m.group(2)))
    return out


def answerable() -> dict[str, tuple[str, ...]]:
    """Every code the service can answer -> the catalogues that may hold it."""
    docs = documented()
    codes: dict[str, tuple[str, ...]] = {c: ("paigow",) for c in TABLE_DEFAULTS}
    for section, cats in SECTIONS.items():
        for code, row in docs[section]:
            if "never raised" in row or "catch-only" in row or code in LIBRARY_ONLY:
                continue
            if any(code.startswith(p) for p in LIBRARY_PREFIXES):
                continue
            codes.setdefault(code, cats)
    return codes


def catalogue() -> dict[str, dict[str, dict[str, str]]]:
    text = (STATIC / "errors-i18n.js").read_text(encoding="utf-8")
    m = re.search(r"^const ERRORS = (\{.*?^\});$", text, re.S | re.M)
    assert m, "errors-i18n.js holds its catalogue as JSON"
    return json.loads(m.group(1))  # type: ignore[no-any-return]


def raise_sites(paths: list[Path]) -> dict[str, list[set[str]]]:
    """code -> the params keys of each call that gives it literally (``code="..."``)."""
    sites: dict[str, list[set[str]]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            kw = {k.arg: k.value for k in node.keywords}
            code = kw.get("code")
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            params = kw.get("params")
            keys = {k.value for k in params.keys if isinstance(k, ast.Constant)} if isinstance(params, ast.Dict) else set()
            if isinstance(node.func, ast.Name) and node.func.id == "check_position":
                keys.add("position")  # check_position gives its position to the error it raises
            sites.setdefault(code.value, []).append(keys)
    return sites


def sources(game: str) -> list[Path]:
    pcc_tables = ROOT / "paigow" / "serve" / "pcc_tables.py"
    if game == "pcc":
        return sorted((ROOT / "pcc").rglob("*.py")) + [pcc_tables]
    if game == "service":
        return sorted((ROOT / "paigow" / "serve").rglob("*.py"))
    return [p for p in sorted((ROOT / "paigow").rglob("*.py")) + sorted((ROOT / "_tablegames").rglob("*.py"))
            if p != pcc_tables]


def test_every_code_the_service_answers_has_a_message_in_every_language() -> None:
    cat = catalogue()
    codes = answerable()
    assert {"deal.no_stacks", "deal.not_the_stacks", "stake.lowered", "co_bank.house_fixed", "cut.twice",
            "cut.stacks", "bet.co_banker_position", "setting.banker_set", "name.reserved", "dice.invalid",
            "bet.uncovered", "table.token", "total.range"} <= set(codes)
    missing = []
    for code, cats in sorted(codes.items()):
        for lang in LANGS:
            if not any(code in cat[c][lang] or code in cat["service"][lang] for c in cats):
                missing.append(f"{code} ({lang})")
    assert not missing, "no message: " + ", ".join(missing)
    for lang in LANGS:  # no answer at all ("Failed to fetch")
        assert cat["service"][lang]["network"] and "Failed to fetch" not in cat["service"][lang]["network"]
    # and nothing in the catalogue that docs/errors.md does not document
    every = {c for rows in documented().values() for c, _ in rows} | {"network"}
    for game, by_lang in cat.items():
        assert set(by_lang) == set(LANGS), game
        for lang, table in by_lang.items():
            assert set(table) <= every, (game, lang, sorted(set(table) - every))
            assert set(table) == set(by_lang["en"]), (game, lang, sorted(set(table) ^ set(by_lang["en"])))


def test_each_template_uses_only_the_params_its_raises_give() -> None:
    cat = catalogue()
    for game, by_lang in cat.items():
        sites = raise_sites(sources(game))
        for lang, table in by_lang.items():
            for code, text in table.items():
                wanted = set(re.findall(r"\{(\w+)\}", text))
                if not wanted:
                    continue
                assert sites.get(code), f"{game} {code}: a template with {wanted} but no raise of the code"
                for keys in sites[code]:
                    assert wanted <= keys, f"{game} {code} ({lang}): {sorted(wanted - keys)} not in a raise's params {sorted(keys)}"


def test_the_named_refusals_carry_their_values() -> None:
    """The codes the issue names as losing their reason get templates with their values."""
    cat = catalogue()["paigow"]
    for lang in LANGS:
        assert {"count", "dice"} <= set(re.findall(r"\{(\w+)\}", cat[lang]["dice.invalid"])), lang
        assert {"bank", "bets"} <= set(re.findall(r"\{(\w+)\}", cat[lang]["bet.uncovered"])), lang
        assert "{stake}" in cat[lang]["stake.lowered"] and "{carried}" in cat[lang]["stake.lowered"], lang
        assert "{position}" in cat[lang]["cut.twice"] and "{stacks}" in cat[lang]["cut.stacks"], lang


def test_an_error_answer_gives_its_params() -> None:
    """The engine's error gives its params to the answer (to_dict), and keeps them when pickled."""
    import pickle

    import paigow.table as table
    from paigow.errors import PaigowError

    r = table.Round(banker=0)
    r.set_stake(1000)
    r.bet(1, 100)
    with pytest.raises(PaigowError) as info:
        r.shake(dice=(3, 5, 6))
    body = info.value.to_dict()
    assert body["code"] == "dice.invalid" and body["params"] == {"count": 4, "dice": "3+5+6"}
    assert body["message"].startswith("a roll is 4 dice, each 1 to 6")  # the English message unchanged
    assert pickle.loads(pickle.dumps(info.value)).params == {"count": 4, "dice": "3+5+6"}
    with pytest.raises(PaigowError) as info:
        r.cut(2, 9)
    assert info.value.to_dict()["params"] == {"stacks": 9}
