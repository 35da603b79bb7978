"""The Fish-Prawn-Crab dealer's page (/pcc) and players' display (/pcc/display) in a real browser:
Playwright driving Debian's chromium, headless, against a ``paigow serve`` process on a free
loopback port. A whole round (bets of every kind by several players, a withdrawal, a refusal, the
bell, a void roll, a bet after it, the settling roll read from the dice, the payouts, the next
round) at 1024×768, 1280×800 and 390×844 in Traditional Chinese and in each other language at
1024×768, with axe-core's check on every screen, and the display following
it. Every wait is bounded (30 s); the server is stopped by the fixture."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

import pcc  # noqa: E402
from serve_support import OPERATOR_KEY, ServeProcess  # noqa: E402

# PAIGOW_SCREENSHOTS=docs refreshes docs/screenshots/pcc-*.png (a plain run writes none)
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("PAIGOW_SCREENSHOTS") == "docs" else None
DOC_SCREENS = {"tablet board", "tablet roll", "tablet payouts", "tablet display payouts", "phone board", "phone roll",
               "phone payouts"}
SIZES = {"tablet": {"width": 1024, "height": 768}, "laptop": {"width": 1280, "height": 800},
         "phone": {"width": 390, "height": 844}}
# (player, stake, spots): a bet of every kind of the layout
BETS = [("Ana", "10000", ["small", "figure:crab", "big"]),
        ("Bo", "50", ["colour1:red", "colour2:green", "colour3:blue", "colour3:any"]),
        ("Chan", "20", ["triple:crab", "triple:any", "total:11", "total:4"])]


def photo(page: Page, where: str) -> None:
    """The screen photographed for the docs, when asked."""
    if DOC_SHOTS is not None and where in DOC_SCREENS:
        page.screenshot(path=str(DOC_SHOTS / f"pcc-{where.replace(' ', '-')}.png"))


def spot(s: str) -> str:
    return "#spot-" + s.replace(":", "-")


def targets_are_44px(page: Page) -> None:
    small = page.evaluate("""() => [...document.querySelectorAll('#main button:not([disabled]), #main input, #main select')]
        .filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent, e.getBoundingClientRect()])
        .filter(([, r]) => r.height < 43.5 || r.width < 43.5).map(([id]) => id)""")
    assert not small, f"targets under 44 px: {small}"


# a whole round at each size in Traditional Chinese, and in each other language at 1024×768 (as the
# Pai Gow page's tests): (size, the page's language). The quick loop (-m "not slow") plays the
# tablet's in Traditional Chinese; the other sizes and languages are slow: the Pai Gow page's rounds
# (test_page.py) play every size and language there, and test_page_words.py bets and settles on
# this page in Portuguese at the tablet's and the phone's size (the payouts, the stake badge).
ROUNDS = [("tablet", "zh-Hant"), ("laptop", "zh-Hant"), ("phone", "zh-Hant"),
          ("tablet", "zh-Hans"), ("tablet", "pt"), ("tablet", "en")]
QUICK = {("tablet", "zh-Hant")}
# the language the browser asks for, picked by the page; 10000 as the locale writes it (Macau's
# Portuguese groups with a space); the refusal of a stake of 0, translated (en: the service's message)
LOCALES = {"zh-Hant": "zh-MO", "zh-Hans": "zh-CN", "pt": "pt-BR", "en": "en-GB"}
TEN_THOUSAND: dict[str, "str | re.Pattern[str]"] = {"zh-Hant": "10,000", "zh-Hans": "10,000", "pt": re.compile(r"^10\s000$"), "en": "10,000"}
NOT_POSITIVE = {"zh-Hant": "注額須大於零", "zh-Hans": "注额须大于零", "pt": "A aposta tem de ser positiva", "en": "is not positive"}


@pytest.mark.parametrize("size,lang", [
    pytest.param(s, lang, id=f"{s}-{lang}", marks=() if (s, lang) in QUICK else pytest.mark.slow) for s, lang in ROUNDS])
def test_a_whole_round_on_the_page(new_page: Callable[..., Page], served: ServeProcess, axe: Callable[[Page, str], None],
                                   size: str, lang: str) -> None:
    def axe_check(page: Page, where: str) -> None:  # photographed for the docs when asked
        photo(page, where)
        axe(page, where)

    pg = new_page("/pcc", viewport=SIZES[size], locale=LOCALES[lang])
    ctx = pg.context
    expect(pg.locator("html")).to_have_attribute("lang", lang)
    tag = size if lang == "zh-Hant" else f"{size} {lang}"  # the docs' pictures are the zh-Hant rounds'
    axe_check(pg, f"{tag} open")
    pg.locator("#operator-key").fill(OPERATOR_KEY)
    pg.locator("#create-table").click()
    expect(pg.locator("#new-token")).not_to_be_empty()
    tid = pg.locator("#new-table-id").inner_text()
    pg.locator("#token-noted").click()
    expect(pg.locator("body")).to_have_attribute("data-step", "betting")
    expect(pg.locator("#seq")).to_have_text("0")
    # the players' display follows the table (a public table, read without a token)
    disp = ctx.new_page()
    disp.goto(f"{served.url}/pcc/display?table={tid}")
    expect(disp.locator("#banner")).to_have_attribute("data-phase", "betting")
    # the dealer's tab in front again: a tab behind another gets no animation frames, and each
    # click would wait about 2 s for the two frames that show its target is still (46 s a round)
    pg.bring_to_front()
    seq, placed = 0, []
    for player, stake, spots in BETS:
        pg.locator("#player").fill(player)
        pg.locator("#stake").fill(stake)
        for s in spots:
            pg.locator(spot(s)).click()
            seq += 1
            expect(pg.locator("#seq")).to_have_text(str(seq))
            placed.append(f"{s}={stake}")
    expect(pg.locator(spot("figure:crab"))).to_have_attribute("data-staked", "10000")
    # numbers in the locale's format: Macau's Portuguese groups digits with a space
    expect(pg.locator(spot("figure:crab") + " .on")).to_have_text(TEN_THOUSAND[lang])
    expect(pg.locator("#slip tbody tr")).to_have_count(len(placed))
    targets_are_44px(pg)
    axe_check(pg, f"{tag} board")
    expect(disp.locator(f"#display-board [data-spot='colour3:any']")).to_have_attribute("data-staked", "50")
    axe_check(disp, f"{tag} display")
    # a withdrawal while betting is open; a refusal shown next to the board, in the dealer's language
    pg.locator("#withdraw-3").click()  # Ana's big=10000
    seq += 1
    expect(pg.locator("#seq")).to_have_text(str(seq))
    placed.remove("big=10000")
    pg.locator("#stake").fill("0")
    pg.locator(spot("big")).click()
    expect(pg.locator("#msg-board code")).to_have_text("stake.not_positive")
    expect(pg.locator("#msg-board")).to_have_attribute("aria-live", "assertive")
    expect(pg.locator("#msg-board .error-message")).to_contain_text(NOT_POSITIVE[lang])
    expect(pg.locator("#seq")).to_have_text(str(seq))  # nothing changed
    # the bell, a void roll, a bet after it, the bell again
    pg.locator("#bell").click()
    seq += 1
    expect(pg.locator("body")).to_have_attribute("data-step", "closed")
    expect(disp.locator("#banner")).to_have_attribute("data-phase", "closed")
    axe_check(pg, f"{tag} roll")
    pg.locator("#void-tilted").click()
    seq += 1
    expect(pg.locator("body")).to_have_attribute("data-step", "betting")
    expect(pg.locator("#voids")).to_have_attribute("data-voids", "1")
    expect(pg.locator("#void-note")).to_be_visible()
    expect(pg.locator("#withdraw-1")).to_have_count(0)  # no bet is withdrawn after a void roll
    pg.locator("#player").fill("Dan")
    pg.locator("#stake").fill("10")
    pg.locator(spot("total:4")).click()
    seq += 1
    placed.append("total:4=10")
    expect(pg.locator("#seq")).to_have_text(str(seq))
    pg.locator("#bell").click()
    seq += 1
    expect(pg.locator("body")).to_have_attribute("data-step", "closed")
    # the dice as read: crab, crab, fish
    for f in ("crab", "crab", "fish"):
        pg.locator(f"#die-{f}").click()
    expect(pg.locator("#die-rooster")).to_be_disabled()
    pg.locator("#settle-roll").click()
    seq += 1
    expect(pg.locator("body")).to_have_attribute("data-step", "settled")
    expect(pg.locator("#roll-result")).to_have_attribute("data-roll", "fish-crab-crab")
    want = pcc.settle(placed, "crab crab fish")
    nets = [int(x.get_attribute("data-net") or "") for x in pg.locator("#payouts td[data-net]").all()]
    assert sorted(nets) == sorted(x.net for x in want.lines)
    expect(pg.locator("#house-result")).to_have_attribute("data-amount", str(want.house_result))
    players = sum(int(x.get_attribute("data-amount") or "") for x in pg.locator("#players-net td[data-amount]:not(#house-result)").all())
    assert players == want.player_net == -want.house_result  # the money balances
    expect(pg.locator("#house-balance")).to_have_attribute("data-amount", str(want.house_result))
    axe_check(pg, f"{tag} payouts")
    expect(disp.locator("#banner")).to_have_attribute("data-phase", "settled")
    expect(disp.locator("#d-payouts td[data-amount]")).to_have_count(4)
    won = sorted({str(x.bet.spot) for x in want.won})
    assert sorted(disp.locator("#display-board [data-won='1']").evaluate_all("es => es.map(e => e.dataset.spot)")) == won
    axe_check(disp, f"{tag} display payouts")
    pg.locator("#next-round").click()
    seq += 1
    expect(pg.locator("#seq")).to_have_text(str(seq))
    expect(pg.locator("#round-number")).to_have_text("2")
    expect(pg.locator("body")).to_have_attribute("data-step", "betting")


def test_a_lost_answer_is_not_a_second_bet(new_page: Callable[..., Page]) -> None:
    pg = new_page("/pcc", viewport=SIZES["tablet"], locale="en-GB", touch=False)
    pg.locator("#operator-key").fill(OPERATOR_KEY)
    pg.locator("#create-table").click()
    pg.locator("#token-noted").click()
    pg.locator("#player").fill("Ana")
    pg.locator("#stake").fill("5")

    def lose(route: object) -> None:  # the service takes the bet; its answer never reaches the page
        route.fetch()  # type: ignore[attr-defined]
        route.abort()  # type: ignore[attr-defined]

    pg.route("**/actions?*", lose)
    pg.locator(spot("big")).click()
    expect(pg.locator("#msg-phase")).to_contain_text("took the action")
    pg.unroute("**/actions?*")
    expect(pg.locator("#seq")).to_have_text("1")
    expect(pg.locator("#slip tbody tr")).to_have_count(1)  # once, not twice
