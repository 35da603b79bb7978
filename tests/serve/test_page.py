"""The dealer's page in a real browser: Playwright driving Debian's chromium, headless, against a
real ``paigow serve`` process on a free loopback port. Every screen is photographed; the pictures
go to a temporary folder, or to docs/screenshots/ (the ones the docs show) when the environment
sets ``PAIGOW_SCREENSHOTS=docs`` — a test run leaves the work tree as it was."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from serve_support import OPERATOR_KEY, ServeProcess  # noqa: E402

# a loaded CI machine answers slowly: wait up to 30 s for what the page must show (not a speed test)
expect.set_options(timeout=30_000)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip("Debian's chromium is not installed (apt-get install -y chromium fonts-wqy-zenhei;"
                " .ci/run installs it)", allow_module_level=True)

DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TABLET = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    s = ServeProcess(tmp_path_factory.mktemp("page") / "page.db")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture()
def page(browser: Browser, server: ServeProcess) -> Iterator[Page]:
    ctx = browser.new_context(viewport=TABLET, device_scale_factor=1, has_touch=True, locale="zh-CN")
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    pg.goto(server.url + "/")
    expect(pg.locator("body[data-ready='1']")).to_have_count(1)
    # opening a table needs the operator key (issue 23): as the page keeps it once typed
    pg.evaluate("k => sessionStorage.setItem('paigow-operator', k)", OPERATOR_KEY)
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return DOC_SHOTS if os.environ.get("PAIGOW_SCREENSHOTS") == "docs" else tmp_path_factory.mktemp("screenshots")


def shot(page: Page, name: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def tap(page: Page, pips: str) -> None:
    page.locator(f"#faces button[data-pips='{pips}']").click()


def test_advice_for_a_hand(page: Page, shots: Path) -> None:
    faces = page.locator("#faces .face")
    expect(faces).to_have_count(21)
    expect(faces.first).to_contain_text("天")
    expect(faces.first).to_contain_text("Teen")
    expect(faces.first).to_contain_text("6-6")
    for pips in ("6-6", "1-1", "4-5", "2-4"):  # 天 地 杂九 至尊
        tap(page, pips)
    rows = page.locator("#advice table tbody tr")
    expect(rows).to_have_count(3)
    best = page.locator("#advice tr.best")
    expect(best).to_have_count(1)
    # the README's numbers: 地牌八 | 天九王 is best, +0.74281
    expect(best).to_contain_text("天九王")
    expect(best).to_contain_text("+0.74281")
    expect(best).to_contain_text("77.50%")
    shot(page, "advice", shots)


def test_a_whole_round_to_its_ledger(page: Page, shots: Path) -> None:
    page.locator("#tab-table").click()
    page.locator("#create-table").click()
    expect(page.locator("#table-id")).not_to_be_empty()
    page.locator("#stake").fill("1000")
    page.locator("#start-round").click()
    expect(page.locator("#phase")).to_contain_text("betting")
    page.locator("#cob-party").select_option("house")
    page.locator("#cob-stake").fill("500")
    page.locator("#co-bank").click()
    expect(page.locator("#bank")).to_contain_text("1500")
    for pos, amount in ((1, 100), (3, 300), (5, 50)):
        page.locator(f"#bet-amt-{pos}").fill(str(amount))
        page.locator(f"#bet-{pos}").click()
        expect(page.locator("#seq")).to_have_text(str({1: 3, 3: 4, 5: 5}[pos]))
    shot(page, "table-bets", shots)
    page.locator("#shuffle").click()
    expect(page.locator("#seq")).to_have_text("6")
    page.locator("#dice").fill("3 5 6 2")
    page.locator("#shake").click()
    expect(page.locator("#phase")).to_contain_text("shaken")
    page.locator("#deal").click()
    expect(page.locator("#phase")).to_contain_text("dealt")
    for pos in (1, 3, 5, 0):
        expect(page.locator(f"#settings-{pos} table tbody tr")).to_have_count(3)
    # each player sets the best setting by the advice, the banker after them
    for pos in (1, 3, 5, 0):
        page.locator(f"#settings-{pos} tr.best button.set").click()
        expect(page.locator(f"#settings-{pos} .chosen").first).to_be_visible()
    shot(page, "table-settings", shots)
    page.locator("#settle").click()
    expect(page.locator("#phase")).to_contain_text("settled")
    expect(page.locator("#ledger-lines tbody tr").first).to_be_visible()
    expect(page.locator("#commission-total")).to_be_visible()
    changes = page.locator("#ledger-changes tbody tr")
    total = 0
    for i in range(changes.count()):
        total += int(changes.nth(i).locator("td").nth(1).inner_text())
    assert total == 0  # the changes and the commission balance
    shot(page, "table-ledger", shots)
    page.locator("#end-round").click()
    expect(page.locator("#balance-table")).to_contain_text("commission")
    page.locator("#pass-bank").click()
    expect(page.locator("#banker")).to_contain_text("offered to position 1")
    page.locator("#accept").click()
    expect(page.locator("#banker")).to_contain_text("position 1")
    shot(page, "table-bank-passed", shots)


def test_a_refused_action_shows_the_engines_message(page: Page, shots: Path) -> None:
    page.locator("#tab-table").click()
    page.locator("#create-table").click()
    page.locator("#start-round").click()
    expect(page.locator("#seq")).to_have_text("1")
    page.locator("#bet-amt-1").fill("100")
    page.locator("#bet-1").click()
    page.locator("#shuffle").click()
    page.locator("#shake").click()
    expect(page.locator("#phase")).to_contain_text("shaken")
    page.locator("#bet-amt-2").fill("100")
    page.locator("#bet-2").click()  # after the shake (Art. 4.7)
    err = page.locator("#error")
    expect(err).to_be_visible()
    expect(err).to_contain_text("bet.after_shake")
    expect(err).to_contain_text("no bet may be placed or changed after the shake (Art. 4.7)")
    expect(page.locator("#seq")).to_have_text("4")  # nothing changed
    shot(page, "table-refused", shots)


def test_tiles_entered_by_tapping_faces(page: Page, shots: Path) -> None:
    page.locator("#tab-table").click()
    page.locator("#create-table").click()
    page.locator("#start-round").click()
    expect(page.locator("#seq")).to_have_text("1")
    page.locator("#bet-amt-1").fill("200")
    page.locator("#bet-1").click()
    expect(page.locator("#seq")).to_have_text("2")
    page.locator("#enter-0").click()
    expect(page.locator("#faces-target")).to_contain_text("position 0")
    for pips in ("6-6", "6-6", "1-1", "1-1"):  # 双天 and 双地: the banker
        tap(page, pips)
    expect(page.locator("#faces button[data-pips='6-6']")).to_be_disabled()  # both 天 are used
    page.locator("#enter-1").click()
    for pips in ("4-4", "4-4", "1-3", "1-3"):
        tap(page, pips)
    expect(page.locator(".slot[data-pos='1'] .chip")).to_have_count(4)
    page.locator("#deal-entered").click()
    expect(page.locator("#phase")).to_contain_text("dealt")
    expect(page.locator("#settings-1 h3")).to_contain_text("人 人 鹅 鹅")
    page.locator("#settings-1 tr.best button.set").click()
    page.locator("#settings-0 tr.best button.set").click()
    expect(page.locator("#settings-0 .chosen").first).to_be_visible()
    shot(page, "table-entered", shots)
    page.locator("#settle").click()
    expect(page.locator("#phase")).to_contain_text("settled")
    # 双天 | 双地 against 双人 | 双鹅: the banker wins both hands; P1 loses the 200
    expect(page.locator("#ledger-changes")).to_contain_text("-200")
