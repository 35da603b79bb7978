"""The dealer's page in a real browser: Playwright driving Debian's chromium, headless, against a
real ``paigow serve`` process on a free loopback port. Screenshots go to a temporary folder, or to
docs/screenshots/ when the environment sets ``PAIGOW_SCREENSHOTS=docs`` (a test run leaves the work
tree as it was). The accessibility check is axe-core, bundled in the ``axe-playwright-python``
wheel (no network at test time), part of the test extra."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Locator, Page, Route, expect  # noqa: E402

from serve_support import OPERATOR_KEY, start_betting  # noqa: E402

DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TABLET = {"width": 1024, "height": 768}
SIZES = {"tablet": TABLET, "laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOCALES = {"zh-Hant": "zh-MO", "zh-Hans": "zh-CN", "pt": "pt-BR", "en": "en-GB"}


@pytest.fixture()
def page(new_page: Callable[..., Page]) -> Page:
    """The dealer's page at 1024×768 in Simplified Chinese, the operator key kept (conftest.py:
    ``new_page`` closes it after the test)."""
    return new_page("/", viewport=TABLET, locale="zh-CN", operator=True)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return DOC_SHOTS if os.environ.get("PAIGOW_SCREENSHOTS") == "docs" else tmp_path_factory.mktemp("screenshots")


@dataclass
class Dealer:
    """Drives the page as a croupier would, counting taps and the scrolling each one needed."""

    page: Page
    shots: Path | None = None
    tag: str = ""
    axe: Callable[[Page, str], None] | None = None
    taps: int = 0
    scroll: float = 0.0
    screens: list[str] = field(default_factory=list)

    def _reach(self, loc: Locator) -> None:
        loc.wait_for(state="visible")
        box = loc.bounding_box()
        h = self.page.viewport_size["height"] if self.page.viewport_size else 768
        if box:
            if box["y"] < 0:
                self.scroll += -box["y"]
            elif box["y"] + box["height"] > h:
                self.scroll += box["y"] + box["height"] - h
        self.taps += 1

    def tap(self, sel: str) -> None:
        loc = self.page.locator(sel)
        self._reach(loc)
        loc.click()

    def type(self, sel: str, text: str) -> None:
        loc = self.page.locator(sel)
        self._reach(loc)
        loc.fill(text)

    def select(self, sel: str, value: str) -> None:
        loc = self.page.locator(sel)
        self._reach(loc)
        loc.select_option(value)

    def seq(self, n: int) -> None:
        expect(self.page.locator("#seq")).to_have_text(str(n))

    def screen(self, name: str) -> None:
        step = self.page.locator("body").get_attribute("data-step") or ""
        self.screens.append(step)
        if self.axe is not None:
            self.axe(self.page, f"{self.tag} {name}")
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(self.shots / f"{name}-{self.tag}.png"))

    def no_scroll(self) -> None:
        """The phase fits the screen: nothing to scroll."""
        sh = self.page.evaluate("document.documentElement.scrollHeight")
        assert sh <= self.page.viewport_size["height"] + 1, f"{self.tag}: the screen scrolls ({sh}px)"  # type: ignore[index]


def play_round(d: Dealer, *, fits: bool = False) -> None:
    """A round of 3 bettors and a backline bet, a co-bank, to the ledger and the bank passed."""
    pg = d.page
    d.tap("#tab-table")
    d.screen("open")
    d.tap("#create-table")
    expect(pg.locator("#new-token")).not_to_be_empty()
    d.screen("token")
    d.tap("#token-noted")
    d.type("#stake", "1000")
    d.tap("#start-round")
    d.seq(1)
    d.select("#cob-party", "house")
    d.type("#cob-stake", "500")
    d.tap("#co-bank")
    d.seq(2)
    expect(pg.locator("#bank")).to_have_attribute("data-bank", "1500")
    d.screen("bank")
    d.tap("#to-bets")
    seq = 2
    for pos, amount, by in ((1, "100", ""), (3, "300", ""), (5, "50", ""), (1, "50", "ann")):
        d.type(f"#bet-amt-{pos}", amount)
        if by:
            d.type(f"#bet-by-{pos}", by)
        d.tap(f"button#bet-{pos}")
        seq += 1
        d.seq(seq)
        expect(pg.locator(f"#bet-amt-{pos}")).to_have_value("")  # cleared once accepted
    expect(pg.locator("#placed-1")).to_contain_text("ann")
    if fits:
        d.no_scroll()
    d.screen("bets")
    d.tap("#to-dice")
    d.tap("button#shuffle")
    d.seq(seq + 1)
    d.type("#declare-method", "from the first stack")   # Art. 4.4: the banker's declaration, as said
    d.tap("button#declare")
    seq += 1
    d.seq(seq + 1)
    expect(pg.locator("#declared")).to_be_visible()
    d.type("#dice", "3 5 6 2")
    d.tap("button#shake")
    d.seq(seq + 2)
    d.screen("tiles")
    d.tap("button#deal")
    d.seq(seq + 3)
    for pos in (1, 3, 5, 0):
        expect(pg.locator(f"#settings-{pos} .setbtn")).to_have_count(3)
    if fits:
        d.no_scroll()
    d.screen("settings")
    for i, pos in enumerate((1, 3, 5, 0)):
        d.tap(f"#settings-{pos} .setbtn.best")
        d.seq(seq + 4 + i)
    d.tap("button#settle")
    expect(pg.locator("#ledger-changes")).to_be_visible()
    total = sum(int(c.get_attribute("data-amount") or 0) for c in pg.locator("#ledger-changes td[data-amount]").all())
    assert total == 0  # the changes and the commission balance
    d.screen("ledger")
    d.tap("button#end-round")
    expect(pg.locator("#balance-table")).to_be_visible()
    d.screen("between")
    d.tap("button#pass-bank")
    expect(pg.locator("body")).to_have_attribute("data-step", "offer")
    d.tap("button#accept")
    expect(pg.locator("#banker")).to_have_attribute("data-position", "1")


def test_advice_for_a_hand(page: Page, shots: Path) -> None:
    faces = page.locator("#faces .face")
    expect(faces).to_have_count(21)
    expect(faces.first).to_contain_text("天")
    expect(faces.first.locator("img")).to_have_attribute("src", "/static/tile-6-6.svg")
    for pips in ("6-6", "1-1", "4-5", "2-4"):
        page.locator(f"#faces button[data-pips='{pips}']").click()
    best = page.locator("#advice tr.best")
    expect(best).to_have_count(1)
    expect(best).to_contain_text("天九王")  # zh-CN: the README's numbers
    expect(best.locator("td[data-value]")).to_have_attribute("data-value", "0.74281")
    expect(best).to_contain_text("77.50%")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_round_at_each_size(new_page: Callable[..., Page], axe: Callable[[Page, str], None], shots: Path,
                                    size: str) -> None:
    pg = new_page("/", viewport=SIZES[size], locale="zh-MO", operator=True)
    expect(pg.locator("html")).to_have_attribute("lang", "zh-Hant")
    d = Dealer(pg, shots if size in ("tablet", "phone") else None, size, axe=axe if size == "tablet" else None)
    play_round(d, fits=size == "tablet")
    print(f"\n[{size}] taps {d.taps}, scroll {d.scroll:.0f}px")


@pytest.mark.parametrize("lang", ["zh-Hans", "pt", "en"])  # zh-Hant: the rounds above
def test_a_whole_round_in_each_language(new_page: Callable[..., Page], lang: str) -> None:
    pg = new_page("/", viewport=TABLET, locale=LOCALES[lang], operator=True)
    expect(pg.locator("html")).to_have_attribute("lang", lang)  # chosen by the browser's language
    d = Dealer(pg, None, lang)
    play_round(d)
    if lang == "pt":  # pt: 1.500 with a dot, not "1,500"
        pg.locator("#lang").select_option("pt")


def test_language_chosen_on_the_page_and_numbers_per_locale(page: Page) -> None:
    page.locator("#lang").select_option("pt")
    expect(page.locator("#tab-table")).to_have_text("Mesa")
    for pips in ("6-6", "1-1", "4-5", "2-4"):
        page.locator(f"#faces button[data-pips='{pips}']").click()
    # Macau's Portuguese (pt-MO) groups digits with a space, as CLDR has it: not "20,475 hands"
    expect(page.locator("#advice p").first).to_contain_text(re.compile(r"20\s475 mãos"))
    expect(page.locator("#advice tr.best")).to_contain_text("77,50%")
    page.locator("#lang").select_option("zh-Hant")
    expect(page.locator("#tab-table")).to_have_text("牌桌")
    expect(page.locator("#tab-advice")).to_have_text("建議")


def bets_on(page: Page, pos: int) -> int:
    return page.locator(f"#placed-{pos}").inner_text().count("P")


def test_a_lost_answer_is_not_a_second_bet(page: Page) -> None:
    start_betting(page)
    lost: list[str] = []

    def lose(route: Route) -> None:  # the server applies the bet; its answer never reaches the page
        route.fetch()
        lost.append(route.request.url)
        route.abort("connectionreset")

    page.route("**/actions?*", lose)
    page.locator("#bet-amt-1").fill("500")
    page.locator("#bet-amt-1").press("Enter")
    expect(page.locator("#msg-bet-1.notice")).to_contain_text("第 2 步")  # the page says what happened, under the bet
    page.unroute("**/actions?*")
    assert lost and "if_seq=1" in lost[0]
    expect(page.locator("#seq")).to_have_text("2")
    expect(page.locator("#bet-amt-1")).to_have_value("")  # nothing typed invites a second tap
    expect(page.locator("#placed-1")).to_have_text("P1 500")
    # a stale write (made against seq 1) is refused by the service and re-read, not applied
    page.route(lambda url: "/actions?if_seq=2" in url, lambda route: route.continue_(url=route.request.url.replace("if_seq=2", "if_seq=1")))
    page.locator("#bet-amt-1").fill("500")
    page.locator("button#bet-1").click()
    expect(page.locator("#msg-bet-1")).to_contain_text("table.conflict")
    expect(page.locator("#placed-1")).to_have_text("P1 500")
    expect(page.locator("#seq")).to_have_text("2")


def test_a_double_tap_bets_once(page: Page) -> None:
    start_betting(page)
    page.locator("#bet-amt-2").fill("200")
    page.locator("button#bet-2").evaluate("b => { b.click(); b.click(); }")
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#bet-amt-3").fill("300")
    page.locator("button#bet-3").dblclick()
    expect(page.locator("#seq")).to_have_text("3")
    expect(page.locator("body[data-busy]")).to_have_count(0)  # no write in flight: the second tap sent nothing
    expect(page.locator("#seq")).to_have_text("3")
    expect(page.locator("#placed-2")).to_have_text("P2 200")
    expect(page.locator("#placed-3")).to_have_text("P3 300")


def test_a_refused_action_shows_its_message_next_to_it(page: Page, shots: Path) -> None:
    start_betting(page)
    page.locator("#bet-amt-1").fill("100")
    page.locator("button#bet-1").click()
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#to-dice").click()
    page.locator("#dice").fill("3 5 6 2")  # no shuffle: the tiles dealt are entered, not the stacks
    page.locator("#dice").press("Enter")   # refused: the banker has not declared (Art. 4.4)
    expect(page.locator("#msg-shake")).to_contain_text("庄家须先宣布发牌方法")
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#declare-method").fill("从第一叠发牌")
    page.locator("button#declare").click()
    expect(page.locator("#declared")).to_have_text("已宣布：从第一叠发牌")
    page.locator("#dice").fill("3 5 6 2")
    page.locator("#dice").press("Enter")
    expect(page.locator("body")).to_have_attribute("data-step", "tiles")
    page.locator("button#settle").count()  # no settle on this screen: only the phase's actions
    assert page.locator("button#settle").count() == 0 and page.locator("button#bet-1").count() == 0
    page.locator("#enter-0").click()
    for pips in ("6-6", "6-6", "1-1", "1-1"):
        page.locator(f"#pick-{pips}").click()
    expect(page.locator(".slot[data-pos='1'].target")).to_have_count(1)  # the picker moved on
    expect(page.locator("#pick-6-6")).to_be_disabled()  # both 天 are used
    for pips in ("4-4", "4-4", "1-3", "1-3"):
        page.locator(f"#pick-{pips}").click()
    page.locator("button#deal-entered").click()
    expect(page.locator("#seq")).to_have_text("5")
    expect(page.locator("#settings-0 .setbtn")).to_have_count(3)
    page.locator("#settings-0 .setbtn").first.click()  # the banker before the player (Art. 8.1-8.2)
    msg = page.locator("#msg-set-0")
    expect(msg).to_contain_text("setting.banker_first")
    expect(msg).to_contain_text("(第")  # zh-CN: translated, with the article
    expect(msg).to_have_attribute("aria-live", "assertive")
    expect(msg).to_be_in_viewport()
    box, btn = msg.bounding_box(), page.locator("#settings-0 .setbtn").first.bounding_box()
    assert box and btn and 0 <= box["y"] - btn["y"] < 120  # right under the refused action
    expect(page.locator("#seq")).to_have_text("5")  # nothing changed
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "refused-tablet.png"))


def test_opening_while_a_table_is_live_asks_and_resume_by_token(page: Page) -> None:
    start_betting(page)
    first = page.locator("#table-id").inner_text()
    page.locator("#tables-menu").click()
    page.locator("#create-table").click()
    expect(page.locator("#open-another")).to_be_visible()  # it asks
    page.locator("#back-to-table").click()
    expect(page.locator("#table-id")).to_have_text(first)
    page.locator("#tables-menu").click()
    page.locator("#create-table").click()
    page.locator("#open-another").click()
    expect(page.locator("#new-token")).not_to_be_empty()
    second = page.locator("#new-table-id").inner_text()
    assert second != first
    page.locator("#token-noted").click()
    page.locator("#tables-menu").click()
    page.locator(f"button:text-is('{first}')").click()  # resumed from this device's list
    expect(page.locator("#table-id")).to_have_text(first)
    expect(page.locator("#seq")).to_have_text("1")


def test_targets_are_44px(page: Page) -> None:
    start_betting(page)
    small = page.evaluate("""() => [...document.querySelectorAll('#table-main button, #table-main input, #table-main select')]
        .map(e => [e.id || e.className, e.getBoundingClientRect().height, e.getBoundingClientRect().width])
        .filter(([, h, w]) => h < 44 || w < 44)""")
    assert small == []


def test_closing_a_table_is_an_action(page: Page) -> None:
    page.locator("#tab-table").click()
    page.locator("#create-table").click()
    tid, token = page.locator("#new-table-id").inner_text(), page.locator("#new-token").inner_text()
    page.locator("#token-noted").click()
    page.locator("#close-table").click()
    page.locator("#close-yes").click()  # it asks first, then the service closes it (operator key)
    expect(page.locator("body")).to_have_attribute("data-step", "open")
    assert page.locator(f"button:text-is('{tid}')").count() == 0  # forgotten on this device
    listed = page.evaluate("k => fetch('/v1/tables', {headers: {Authorization: 'Bearer ' + k}}).then(r => r.json())", OPERATOR_KEY)
    mine = [x for x in listed["tables"] if x["id"] == tid]
    assert mine and mine[0]["closed"], listed  # closed by the service, its journal kept
    assert token
