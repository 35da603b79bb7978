"""The training page (/training) in a real browser: Playwright driving Debian's chromium, headless,
at a phone's size (390×844) in Macau's Traditional Chinese, against a real ``paigow serve`` process
on a free loopback port. A supervisor creates a group and a trainee on the page; the trainee, with
the token the page showed once, goes through a 20-hand drill and the foxwoods challenge, one tap
per answer; the supervisor reads the group's statistics. Every answer the test gives is computed
from the library (the exercise drawn again from the drill, seed and language the page shows), and
the page's prompts and scores are compared with it. axe-core finds no serious or critical violation
on any screen, and the browser reports no content-security-policy violation."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
import httpx  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from serve_support import OPERATOR_KEY, ServeProcess  # noqa: E402

from paigow.training import challenge, drill  # noqa: E402

PHONE = {"width": 390, "height": 844}
LANG = "zh-Hant"


def open_page(new_page: Callable[..., Page], served: ServeProcess, csp: list[str]) -> Page:
    """The page on a phone whose browser asks for Macau's Chinese (zh-MO: Traditional); the
    browser's content-security-policy reports collected in ``csp``."""
    pg = new_page(viewport=PHONE, locale="zh-MO")
    pg.on("console", lambda m: csp.append(m.text) if "Content Security Policy" in m.text else None)
    pg.goto(served.url + "/training")
    expect(pg.locator("body[data-ready='1']")).to_have_count(1)
    expect(pg.locator("html")).to_have_attribute("lang", LANG)
    return pg


def answer(pg: Page, i: int, right: bool) -> int:
    """Tap the answer to exercise ``i`` on screen (the right one, or the next one round): the
    answer's index, from the library's own drawing of the exercise."""
    sec = pg.locator(f"#exercise[data-index='{i}']")
    expect(sec).to_be_visible()
    key, seed = sec.get_attribute("data-drill"), sec.get_attribute("data-seed")
    assert key is not None and seed is not None
    ex = drill(key).draw(int(seed), LANG)
    expect(pg.locator("#prompt")).to_have_text(ex.prompt)
    assert isinstance(ex.expected, int)
    given = ex.expected if right else (ex.expected + 1) % len(ex.choices)
    pg.locator(f"#choices button[data-index='{given}']").click()
    return ex.expected


def test_a_trainee_drills_and_is_certified_and_the_supervisor_reads_the_group(
        new_page: Callable[..., Page], served: ServeProcess, axe: Callable[[Page, str], None]) -> None:
    csp: list[str] = []
    sup = open_page(new_page, served, csp)
    # the supervisor: a group and a trainee, whose token the page shows once
    axe(sup, "login")
    sup.fill("#opkey", OPERATOR_KEY)
    sup.click("#enter-super")
    expect(sup.locator("#super")).to_be_visible()
    expect(sup.locator("#add-group")).to_have_text("建立")
    sup.fill("#group-name", "夜班")
    sup.fill("#pass-mark", "9/10")
    sup.click("#add-group")
    expect(sup.locator("#groups button[data-group='夜班']")).to_contain_text("0 名學員 · 合格分數 9/10")
    sup.fill("#trainee-name", "阿明")
    sup.click("#add-trainee")
    expect(sup.locator("#groups button[data-group='夜班']")).to_contain_text("1 名學員")
    token = sup.locator("#token-value").inner_text()
    assert len(token) >= 24
    axe(sup, "supervisor")

    # the trainee: a 20-hand house-way drill, 4 answers wrong
    trainee = open_page(new_page, served, csp)
    trainee.fill("#token", "not-a-token")
    trainee.click("#enter-trainee")
    expect(trainee.locator("#error")).to_contain_text("這不是學員的代碼")
    trainee.fill("#token", token)
    trainee.click("#enter-trainee")
    expect(trainee.locator("#me")).to_have_text("阿明 · 夜班 組")
    expect(trainee.locator("#error")).to_be_hidden()
    trainee.select_option("#drill", "houseway:foxwoods")
    trainee.click("#go-drill")
    for i in range(20):
        right = i % 5 != 4
        expected = answer(trainee, i, right)
        fb = trainee.locator("#feedback")
        expect(fb).to_have_attribute("data-correct", "1" if right else "0")
        expect(fb).to_contain_text("✓ 正確" if right else "✗ 錯誤：答案是")
        expect(trainee.locator(f"#choices button[data-index='{expected}']")).to_have_class("right")
        expect(trainee.locator("#choices button:not([disabled])")).to_have_count(0)  # one tap, one answer
        if i == 0:
            expect(trainee.locator("#progress")).to_have_text("第 1 題，共 20 題")
            assert trainee.locator("#shown img").first.evaluate("i => i.complete && i.naturalWidth > 0")
            axe(trainee, "an exercise answered")
        trainee.click("#next")
    expect(trainee.locator("#result-head")).to_have_text("20 題：答對 16 題")
    axe(trainee, "a drill's result")
    trainee.click("#back")
    expect(trainee.locator("#my-stats")).to_contain_text("我的答題：答對 16 / 20")

    # the foxwoods challenge: one tap a hand, no answer shown, 3 hands wrong of 60: passed
    n = len(challenge("foxwoods").hands)
    trainee.select_option("#way", "foxwoods")
    trainee.click("#go-challenge")
    for i in range(n):
        if i == 0:  # before the tap: a challenge's tap moves on to the next hand at once
            expect(trainee.locator("#exercise[data-index='0']")).to_be_visible()
            expect(trainee.locator("#progress")).to_have_text(f"考核 foxwoods：第 1 手，共 {n} 手")
            axe(trainee, "a challenge's hand")
        answer(trainee, i, i not in (5, 17, 40))
    expect(trainee.locator("#result[data-passed='1']")).to_be_visible()
    expect(trainee.locator("#result-head")).to_have_text("考核 foxwoods：合格")
    expect(trainee.locator("#score")).to_contain_text(f"答對 {n - 3} / {n}（合格分數 9/10）")
    sha = trainee.locator("#certificate").inner_text()
    got = httpx.get(f"{served.url}/v1/training/certificates/{sha}", timeout=30).json()
    assert got["verified"] is True and got["signed"] is True
    assert (got["certificate"]["trainee"], got["certificate"]["correct"]) == ("阿明", n - 3)
    axe(trainee, "a challenge's result")

    # the supervisor reads the group: 20 + 60 answers, 16 + 57 right
    sup.click("#groups button[data-group='夜班']")
    row = sup.locator("#stats-table tr[data-trainee='阿明'] td")
    expect(row.nth(0)).to_have_text(str(20 + n))
    expect(row.nth(1)).to_have_text(f"{round(100 * (16 + n - 3) / (20 + n))}%")
    expect(row.nth(2)).to_have_text(re.compile(r"^\d+\.\d$"))  # seconds per answer
    expect(sup.locator("#stats-head")).to_have_text(f"夜班 組：答對 {16 + n - 3} / {20 + n}")
    expect(sup.locator("#group-stats table")).to_have_count(2)  # the trainees, and the rules missed most
    axe(sup, "a group's statistics")
    assert not csp, csp


def test_the_page_is_served_under_the_services_policy_in_four_languages(new_page: Callable[..., Page],
                                                                       served: ServeProcess) -> None:
    r = httpx.get(served.url + "/training", timeout=30)
    assert r.status_code == 200 and "script-src 'self';" in r.headers["content-security-policy"]
    assert "<script>" not in r.text and '<script type="module" src="/static/training.js">' in r.text
    csp: list[str] = []
    pg = open_page(new_page, served, csp)
    for lang, enter, title in (("pt", "Entrar", "Pai Gow · formação"), ("zh-Hans", "进入", "牌九 · 培训"),
                               ("en", "Enter", "Pai Gow · training"), ("zh-Hant", "進入", "牌九 · 培訓")):
        pg.select_option("#lang", lang)
        expect(pg.locator("html")).to_have_attribute("lang", lang)
        expect(pg.locator("#enter-trainee")).to_have_text(enter)
        expect(pg.locator("h1")).to_have_text(title)
    pg.fill("#opkey", "not-the-operator-key-000")
    pg.click("#enter-super")
    expect(pg.locator("#error")).to_have_text("這不是營運者密鑰。 (operator.key)")
    expect(pg.locator("#login")).to_be_visible()
    assert not csp, csp
