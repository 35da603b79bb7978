"""The dealer's page at a US table (docs/dealer.md, docs/page.md), in a real browser at 1024×768
in English: the table opened with the US rules, the house banking, three dice, a player asking
for the house way, the house's hand set by the house way with its rule, the ledger, and the
bank offered in turn, taken with the house; the house way's rule translated on a Traditional
Chinese page."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

# PAIGOW_SCREENSHOTS=docs writes docs/screenshots/us-*.png (a plain run writes none)
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("PAIGOW_SCREENSHOTS") == "docs" else None


def shot(page: Page, name: str) -> None:
    if DOC_SHOTS is not None:
        page.screenshot(path=str(DOC_SHOTS / f"us-{name}.png"))


def houseway_table() -> dict[str, dict[str, str]]:
    """i18n.js's I18N_HOUSEWAY, each language's rules by ``way/id`` (JSON; tests/serve/test_page_rules.py
    checks it is whole)."""
    js = (Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static" / "i18n.js").read_text(encoding="utf-8")
    m = re.search(r"^const I18N_HOUSEWAY = (\{.*?^\});$", js, re.S | re.M)
    assert m
    table: dict[str, dict[str, str]] = json.loads(m.group(1))
    return table


def test_a_us_round_on_the_dealers_page(new_page: Callable[..., Page]) -> None:
    pg = new_page("/", locale="en-GB", operator=True)  # 1024×768 (conftest.py)
    expect(pg.locator("html")).to_have_attribute("lang", "en")
    seq = 0

    def tap(sel: str) -> None:
        pg.locator(sel).click()

    def moved() -> None:
        nonlocal seq
        seq += 1
        expect(pg.locator("#seq")).to_have_text(str(seq))

    tap("#tab-table")
    pg.locator("#new-rules").select_option("us")
    pg.locator("#new-house").fill("5000")
    tap("#create-table")
    tap("#token-noted")
    expect(pg.locator("#rules")).to_have_text("US (house way)")
    expect(pg.locator("#banker")).to_have_attribute("data-house", "true")
    expect(pg.locator("#banker")).to_contain_text("house")
    expect(pg.locator("label[for], .field").filter(has_text="House's stake")).to_have_count(1)
    tap("#start-round")                                  # empty: the table's house stake
    moved()
    expect(pg.locator("#bank")).to_have_attribute("data-bank", "5000")
    expect(pg.locator("#form-cobank")).to_have_count(0)  # nobody co-banks the house's bank
    tap("#to-bets")
    for pos, amount in ((1, "100"), (3, "300")):
        pg.locator(f"#bet-amt-{pos}").fill(amount)
        tap(f"button#bet-{pos}")
        moved()
    pg.locator("#bet-amt-5").fill("4601")               # more than the bank covers
    tap("button#bet-5")
    expect(pg.locator("#msg-bet-5 code")).to_have_text("bet.uncovered")
    tap("#to-dice")
    expect(pg.locator("#dice")).to_have_attribute("placeholder", "3 5 2")
    expect(pg.locator("#dice-us")).to_contain_text("9 or 17")
    tap("button#shuffle")
    moved()
    pg.locator("#dice").fill("6 6 5")                   # 17: the banker's stack first
    tap("button#shake")
    moved()
    tap("button#deal")
    moved()
    expect(pg.locator("#settings-0 .setbtn:not(.way-btn)")).to_have_count(0)   # not set by hand
    expect(pg.locator("#houseway-0")).to_have_text("House way (the house's hand)")
    expect(pg.locator("#settings-1 .setbtn.best")).to_have_count(1)
    tap("#houseway-1")                                   # the player asks for the house way
    moved()
    expect(pg.locator("#way-1")).to_have_attribute("data-why", "asked")
    rule1 = pg.locator("#way-1").get_attribute("data-rule") or ""
    assert rule1 and rule1 in (pg.locator("#way-1").text_content() or "")
    tap("#settings-3 .setbtn.best")
    moved()
    tap("#houseway-0")                                   # the house's hand: turned and set by the way
    seq += 1                                             # the turn and the setting are one action
    expect(pg.locator("#seq")).to_have_text(str(seq))
    expect(pg.locator("#way-0")).to_have_attribute("data-why", "house")
    rule0 = pg.locator("#way-0").get_attribute("data-rule") or ""
    assert re.search(r"rule|pair|WGH|other|picture|Gong|Wong|High", rule0), rule0
    state = pg.evaluate("""() => { const tb = JSON.parse(sessionStorage.getItem('paigow-table'));  // the table as the page reads it
        return fetch('/v1/tables/' + tb.id, { headers: { Authorization: 'Bearer ' + tb.token } }).then((r) => r.json()); }""")
    assert state["round"]["ways"][0]["rule"] == rule0 and state["round"]["ways"][1]["rule"] == rule1
    # the rule in the dealer's language by its id: a Traditional Chinese page shows it translated
    # (i18n.js), the service's English kept in data-rule, the rule's id in data-rule-id
    from paigow.houseway import FOXWOODS
    ids = FOXWOODS.rule_ids()  # type: ignore[attr-defined]
    id0, id1 = f"foxwoods/{ids[rule0]}", f"foxwoods/{ids[rule1]}"
    # the service names the rule by its id too (rule_id, beside its English text): the page's key
    assert [state["round"]["ways"][p]["rule_id"] for p in (0, 1)] == [ids[rule0], ids[rule1]]
    expect(pg.locator("#way-0")).to_have_attribute("data-rule-id", id0)
    expect(pg.locator("#way-1")).to_have_attribute("data-rule-id", id1)
    table = houseway_table()
    assert table["en"][id0] == rule0 and table["en"][id1] == rule1
    zh = {rule0: table["zh-Hant"][id0], rule1: table["zh-Hant"][id1]}
    pg.locator("#lang").select_option("zh-Hant")
    expect(pg.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(pg.locator("#way-0 b")).to_have_text(zh[rule0])
    expect(pg.locator("#way-0")).to_have_attribute("data-rule", rule0)
    expect(pg.locator("#way-0")).to_contain_text("公司排法")
    expect(pg.locator("#way-1 b")).to_have_text(zh[rule1])
    assert rule0 not in (pg.locator("#way-0").text_content() or "")
    shot(pg, "settings-tablet-zh-Hant")
    pg.locator("#lang").select_option("en")
    expect(pg.locator("#way-0 b")).to_have_text(rule0)
    shot(pg, "settings-tablet")
    tap("button#settle")
    expect(pg.locator("#ledger-changes")).to_be_visible()
    state = pg.evaluate("""() => { const tb = JSON.parse(sessionStorage.getItem('paigow-table'));
        return fetch('/v1/tables/' + tb.id, { headers: { Authorization: 'Bearer ' + tb.token } }).then((r) => r.json()); }""")
    ways = {p["position"]: p["house_way"] for p in state["round"]["result"]["positions"] if "house_way" in p}
    assert {p: (w["rule"], w["rule_id"]) for p, w in ways.items()} == {0: (rule0, ids[rule0]), 1: (rule1, ids[rule1])}
    expect(pg.locator("#ledger-banker")).to_contain_text("house")
    expect(pg.locator("#way-0")).to_contain_text(rule0)
    expect(pg.locator(".outcomes li[data-pos='1']")).to_contain_text(rule1)
    pg.locator("#lang").select_option("zh-Hant")                # the ledger's rules too
    expect(pg.locator(".outcomes li[data-pos='1']")).to_contain_text(zh[rule1])
    expect(pg.locator("#way-0 b")).to_have_text(zh[rule0])
    shot(pg, "ledger-tablet-zh-Hant")
    pg.locator("#lang").select_option("en")
    total = sum(int(c.get_attribute("data-amount") or 0) for c in pg.locator("#ledger-changes td[data-amount]").all())
    assert total == 0
    tap("button#end-round")
    expect(pg.locator("body")).to_have_attribute("data-step", "offer")   # P1 played against the house
    expect(pg.locator("#form-pass")).to_have_count(0)
    expect(pg.locator("button#accept-house")).to_have_text("Bank with the house (half each)")
    tap("button#accept-house")
    expect(pg.locator("#banker")).to_have_attribute("data-position", "1")
    expect(pg.locator("#banker")).to_have_attribute("data-house", "false")
    pg.locator("#stake").fill("200")
    tap("#start-round")
    expect(pg.locator("#bank")).to_have_attribute("data-bank", "400")   # the house puts up as much


def test_the_page_words_a_rule_by_the_services_rule_id(new_page: Callable[..., Page], served: object) -> None:
    # an answer with rule_id: the page takes the id from it, not from the English text (here
    # changed on the way to the page, as a text no way has), and shows the rule translated
    import httpx

    from serve_support import OPERATOR

    with httpx.Client(base_url=served.url, timeout=30) as c:  # type: ignore[attr-defined]
        r = c.post("/v1/tables", json={"rules": "us", "house_stake": 5000}, headers=OPERATOR)
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for action in ({"action": "start_round"}, {"action": "bet", "position": 1, "amount": 100},
                       {"action": "deal", "hands": {"0": "5-5 4-4 3-3 2-5", "1": "6-6 6-6 4-4 1-2"}},
                       {"action": "house_way", "position": 1}):
            got = c.post(f"/v1/tables/{tid}/actions", json=action, headers=auth)
            assert got.status_code == 200, (action, got.text)
        way = got.json()["state"]["round"]["ways"][1]
    assert way["way"] == "foxwoods" and way["rule_id"]
    want = houseway_table()["zh-Hant"][f"foxwoods/{way['rule_id']}"]
    pg = new_page(None, locale="zh-HK")

    def renamed(route: object) -> None:
        answer = route.fetch()  # type: ignore[attr-defined]
        text = answer.text().replace(json.dumps(way["rule"], ensure_ascii=False)[1:-1], "a text no way has")
        route.fulfill(response=answer, body=text)  # type: ignore[attr-defined]

    pg.route(f"**/v1/tables/{tid}", renamed)
    pg.goto(f"{served.url}/#table={tid}&token={token}")  # type: ignore[attr-defined]
    pg.locator("#lang").select_option("zh-Hant")
    expect(pg.locator("#way-1")).to_have_attribute("data-rule", "a text no way has")
    expect(pg.locator("#way-1")).to_have_attribute("data-rule-id", f"foxwoods/{way['rule_id']}")
    expect(pg.locator("#way-1 b")).to_have_text(want)
