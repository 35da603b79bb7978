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

from serve_support import start_betting

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "paigow" / "serve" / "static"
LANGS = ("zh-Hant", "zh-Hans", "pt", "en")

# -- item 8: every code the service can answer, in every language, with its params -----------------

# the sections of docs/errors.md whose codes the service answers, and the catalogue of each
# (errors-i18n.js: "paigow", "pcc", "home", "service"; a game's page looks in its own, then the service's)
SECTIONS = {
    "paigow: dealing, the table, settlement, records": ("paigow",),
    "paigow: command line and service": ("service", "pcc"),  # player.name, round.unsettled: pcc tables'
    "pcc: class defaults": ("pcc",),
    "pcc: specific codes": ("pcc",),
    "paigow: the home table": ("home",),
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


# -- in the browser -------------------------------------------------------------------------------

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def browser_deps() -> Any:
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    from playwright.sync_api import expect

    return expect


def violations(page: Any, impacts: tuple[str, ...] = ("moderate", "serious", "critical")) -> list[str]:
    """axe-core's violations of these impacts on the screen as it is (skips without the package)."""
    axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed")
    results = axe_mod.Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in results.response["violations"] if v.get("impact") in impacts]


def to_the_dice(page: Any) -> None:
    """A table opened, the stake, a bet on position 1, on to the dice screen."""
    expect = browser_deps()
    start_betting(page)
    page.locator("#bet-amt-1").fill("100")
    page.locator("button#bet-1").click()
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#to-dice").click()


def test_refusals_in_the_pages_language_with_their_values(new_page: Callable[..., Any]) -> None:
    expect = browser_deps()
    page = new_page("/", viewport=TABLET, locale="zh-MO", operator=True)
    to_the_dice(page)
    page.locator("#declare-method").fill("從第一疊發牌")
    page.locator("button#declare").click()
    expect(page.locator("#seq")).to_have_text("3")
    page.locator("#dice").fill("3 5 6")  # three dice at a Macau table: four are needed
    page.locator("#dice").press("Enter")
    msg = page.locator("#msg-shake")
    expect(msg.locator("code")).to_have_text("dice.invalid")
    expect(msg.locator(".error-message")).to_have_text("須擲 4 粒骰，每粒 1 至 6 點，不是 3+5+6 (第 1.2 條)")
    # a cut twice by one position, in Portuguese
    page.locator("#lang").select_option("pt")
    expect(page.locator("button#cut")).to_have_text("Cortar")  # the screen drawn anew in Portuguese
    page.locator("#cut-pos").select_option("2")
    page.locator("button#cut").click()
    expect(page.locator("#seq")).to_have_text("4")
    expect(page.locator("#cut-pos")).to_be_visible()
    page.locator("#cut-pos").select_option("2")
    page.locator("button#cut").click()
    expect(page.locator("#msg-cut .error-message")).to_have_text("a posição 2 já cortou: um corte por posição (Art. 2.1)")
    expect(page.locator("#seq")).to_have_text("4")


def test_no_answer_at_all_is_said_in_the_pages_language(new_page: Callable[..., Any]) -> None:
    expect = browser_deps()
    page = new_page("/", viewport=TABLET, locale="zh-MO", operator=True)
    page.locator("#tab-table").click()
    page.route("**/v1/tables", lambda route: route.abort("connectionrefused"))
    page.locator("#create-table").click()
    msg = page.locator("#msg-open")   # opening says what to do next: the same tap finds the table (issue 32, 4)
    expect(msg).to_have_text("服務沒有回覆：再按「開台」，會找回這次開的牌桌。")
    assert "Failed to fetch" not in msg.inner_text()


def test_the_house_is_translated_in_the_ledger_and_the_balances(new_page: Callable[..., Any], served: Any) -> None:
    """A US round (the house banks) to the ledger in Traditional Chinese: 公司, not "house", in the
    ledger and in the balances, on the page and on the players' display."""
    expect = browser_deps()
    page = new_page("/", viewport=TABLET, locale="zh-MO", operator=True)
    page.locator("#tab-table").click()
    page.locator("#new-rules").select_option("us")
    page.locator("#create-table").click()
    tid = page.locator("#new-table-id").inner_text()
    page.locator("#token-noted").click()
    page.locator("#stake").fill("5000")
    page.locator("#stake").press("Enter")
    expect(page.locator("#seq")).to_have_text("1")
    page.locator("#to-bets").click()
    page.locator("#bet-amt-1").fill("100")
    page.locator("button#bet-1").click()
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#to-dice").click()
    page.locator("button#shuffle").click()
    expect(page.locator("#seq")).to_have_text("3")
    page.locator("#dice").fill("3 5 2")
    page.locator("#dice").press("Enter")
    page.locator("button#deal").click()
    page.locator("#houseway-1").click()  # the player asks for the house way
    expect(page.locator("#seq")).to_have_text("6")
    page.locator("button#settle").click()
    expect(page.locator("#ledger-changes")).to_be_visible()
    expect(page.locator("#ledger-changes td[data-party='house']")).to_have_text("公司")
    assert "house" not in page.locator("#ledger-changes").inner_text()
    page.locator("button#end-round").click()
    page.locator("button#decline").click()  # the house banks the next round: between rounds, the balances
    expect(page.locator("#balance-table td[data-party='house']")).to_have_text("公司")
    del tid, served


def test_the_house_is_translated_on_the_display(new_page: Callable[..., Any], served: Any) -> None:
    """A public Macau table with the house co-banking, settled through the API: the display's
    ledger names the house in its language, under its translated heading, then in the balances."""
    import httpx

    from serve_support import OPERATOR_KEY

    expect = browser_deps()
    with httpx.Client(base_url=served.url, timeout=30) as c:
        made = c.post("/v1/tables", json={"public": True, "banker": 0}, headers={"Authorization": f"Bearer {OPERATOR_KEY}"})
        assert made.status_code == 201, made.text
        tid, auth = made.json()["id"], {"Authorization": f"Bearer {made.json()['token']}"}

        def act(**a: Any) -> None:
            r = c.post(f"/v1/tables/{tid}/actions", json=a, headers=auth)
            assert r.status_code == 200, r.text

        act(action="start_round", stake=1000)
        act(action="co_bank", party="house", stake=500)
        act(action="bet", position=1, amount=100)
        act(action="declare", method="from the first stack")
        act(action="shake", dice=[3, 5, 6, 2])
        act(action="deal", hands={"0": "1-3 1-3 4-5 3-6", "1": "4-4 4-4 5-6 4-6"})
        act(action="set_hand", position=1, setting=0)
        act(action="set_hand", position=0, setting=0)
        act(action="settle")
        display = new_page(f"/display/{tid}?lang=zh-Hant", viewport=TABLET)
        expect(display.locator("#ledger-changes td[data-party='house']")).to_have_text("公司")
        expect(display.locator("#l-ledger")).to_have_text("本局輸贏")
        act(action="end_round")
        expect(display.locator("#balance-table td[data-party='house']")).to_have_text("公司")


def test_the_displays_ledger_heading_is_translated_before_any_state(new_page: Callable[..., Any]) -> None:
    expect = browser_deps()
    page = new_page("/display/no-such-table?lang=zh-Hant", viewport=TABLET, locale="en-GB")
    expect(page.locator("#l-ledger")).to_have_text("本局輸贏")
    expect(page.locator("#l-dice")).to_have_text("骰子")


def test_tiles_are_large_and_look_alike_names_carry_their_pips(new_page: Callable[..., Any]) -> None:
    expect = browser_deps()
    page = new_page("/", viewport=TABLET, locale="zh-MO", operator=True)
    to_the_dice(page)
    page.locator("#declare-method").fill("從第一疊發牌")
    page.locator("button#declare").click()
    expect(page.locator("#seq")).to_have_text("3")
    page.locator("#dice").fill("3 5 6 2")
    page.locator("#dice").press("Enter")
    expect(page.locator("body")).to_have_attribute("data-step", "tiles")
    page.locator("#enter-0").click()
    nine_a, nine_b = page.locator("#pick-4-5"), page.locator("#pick-3-6")
    expect(nine_a).to_contain_text("雜九")
    expect(nine_b).to_contain_text("雜九")
    expect(nine_a).to_contain_text("4-5")  # the two 雜九 told apart by more than the picture
    expect(nine_b).to_contain_text("3-6")
    expect(page.locator("#pick-6-6")).not_to_contain_text("6-6")  # a name no other face has: no pips
    box = page.locator("#pick-4-5 img").bounding_box()
    assert box and box["width"] >= 26 and box["height"] >= 52, box  # was 18×36
    page.locator("#pick-4-5").click()
    chip = page.locator(".slot[data-pos='0'] .slot-tiles button").first
    expect(chip).to_contain_text("4-5")
    chip_box = chip.locator("img").bounding_box()
    assert chip_box and chip_box["width"] >= 28 and chip_box["height"] >= 56, chip_box


def test_no_moderate_or_worse_axe_violation_on_the_advice_tab_at_phone_width(new_page: Callable[..., Any]) -> None:
    expect = browser_deps()
    page = new_page("/", viewport=PHONE, locale="zh-MO")
    for pips in ("6-6", "1-1", "4-5", "2-4"):
        page.locator(f"#faces button[data-pips='{pips}']").click()
    expect(page.locator("#advice tr.best")).to_have_count(1)
    assert page.locator("#advice").evaluate("e => e.scrollWidth > e.clientWidth")  # it scrolls: the case of the issue
    assert not violations(page)


def test_no_moderate_or_worse_axe_violation_on_the_pcc_payouts(new_page: Callable[..., Any]) -> None:
    from serve_support import OPERATOR_KEY

    expect = browser_deps()
    for viewport in (TABLET, PHONE):
        page = new_page("/pcc", viewport=viewport, locale="pt-PT")
        page.locator("#operator-key").fill(OPERATOR_KEY)
        page.locator("#create-table").click()
        page.locator("#token-noted").click()
        expect(page.locator("body")).to_have_attribute("data-step", "betting")
        page.locator("#player").fill("Ana")
        page.locator("#stake").fill("100")
        page.locator("#spot-big").click()
        expect(page.locator("#seq")).to_have_text("1")
        page.locator("#bell").click()
        expect(page.locator("body")).to_have_attribute("data-step", "closed")
        for f in ("crab", "crab", "fish"):
            page.locator(f"#die-{f}").click()
        page.locator("#settle-roll").click()
        expect(page.locator("body")).to_have_attribute("data-step", "settled")
        assert not violations(page), viewport


# -- item 14: the icon, tokens without look-alikes, the stake badge ----------------------------------

def test_the_favicon_is_served_with_the_security_headers() -> None:
    import httpx

    from serve_support import ThreadServer

    import tempfile

    with tempfile.TemporaryDirectory() as d:
        s = ThreadServer(str(Path(d) / "icon.db"))
        try:
            with httpx.Client(base_url=s.url, timeout=30) as c:
                r = c.get("/favicon.ico")
                assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
                assert r.text.startswith("<svg") and r.headers["x-content-type-options"] == "nosniff"
                assert "content-security-policy" in r.headers
                for page in ("/", "/pcc", "/pcc/display", "/training", "/display/T1"):
                    assert '<link rel="icon" href="/favicon.ico"' in c.get(page).text, page
        finally:
            s.stop()


def test_new_tokens_have_no_look_alikes_and_old_tokens_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    import httpx

    import paigow.serve.journal.engine as engine
    from serve_support import OPERATOR_KEY, ThreadServer

    import tempfile

    operator = {"Authorization": f"Bearer {OPERATOR_KEY}"}
    with tempfile.TemporaryDirectory() as d:
        s = ThreadServer(str(Path(d) / "tokens.db"))
        try:
            with httpx.Client(base_url=s.url, timeout=30) as c:
                for path in ("/v1/tables", "/v1/pcc/tables"):
                    for _ in range(4):
                        token = c.post(path, json={}, headers=operator).json()["token"]
                        assert len(token) >= 34 and not set(token) & set("0Oo1lI-_"), token
                        assert set(token) <= set(engine.TOKEN_ALPHABET)
                # a token of the old alphabet (token_urlsafe: look-alikes, - and _) still opens its table
                old = "0Oo1lI-_" + "x" * 24
                monkeypatch.setattr(engine, "new_token", lambda: old)
                made = c.post("/v1/tables", json={}, headers=operator).json()
                monkeypatch.undo()
                assert made["token"] == old
                r = c.get(f"/v1/tables/{made['id']}", headers={"Authorization": f"Bearer {old}"})
                assert r.status_code == 200, r.text
                rotated = c.post(f"/v1/tables/{made['id']}/token", headers=operator).json()["token"]
                assert not set(rotated) & set("0Oo1lI-_")
        finally:
            s.stop()


def test_the_stake_badge_leaves_the_spots_name_clear_on_the_portuguese_phone_board(new_page: Callable[..., Any]) -> None:
    from serve_support import OPERATOR_KEY

    expect = browser_deps()
    page = new_page("/pcc", viewport=PHONE, locale="pt-PT")
    page.locator("#operator-key").fill(OPERATOR_KEY)
    page.locator("#create-table").click()
    page.locator("#token-noted").click()
    expect(page.locator("body")).to_have_attribute("data-step", "betting")
    page.locator("#player").fill("Ana")
    page.locator("#stake").fill("10000")
    spots = ("big", "figure:prawn", "figure:rooster", "colour1:green", "colour3:any", "triple:any", "total:10")
    for n, sp in enumerate(spots, 1):
        page.locator("#spot-" + sp.replace(":", "-")).click()
        expect(page.locator("#seq")).to_have_text(str(n))
    for sp in spots:
        button = page.locator("#spot-" + sp.replace(":", "-"))
        name, badge, box = (button.locator(".name").bounding_box(), button.locator(".on").bounding_box(),
                            button.bounding_box())
        assert name and badge and box, sp
        apart = (badge["y"] >= name["y"] + name["height"] or badge["x"] >= name["x"] + name["width"]
                 or badge["x"] + badge["width"] <= name["x"] or badge["y"] + badge["height"] <= name["y"])
        assert apart, (sp, name, badge)
        inside = (box["x"] <= badge["x"] and badge["x"] + badge["width"] <= box["x"] + box["width"] + 0.5
                  and box["y"] <= badge["y"] and badge["y"] + badge["height"] <= box["y"] + box["height"] + 0.5)
        assert inside, (sp, box, badge)  # on the spot it counts for
