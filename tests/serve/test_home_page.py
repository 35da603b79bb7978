"""The home game's dealer page (/home) and players' display (/home/display) in a real browser:
Playwright driving Debian's chromium, headless, against a ``paigow serve`` process on a free
loopback port. A whole live shuffle of two rounds at 1024×768 in Traditional Chinese (several
bettors a door, the shuffle, the deal as tiles, each setter's split entered, the settlement and its
ledger with the house translated, the second round's face-up tiles and its advice against the 495
hands the library counts, the next shuffle), fitting the screen without scrolling at every step
and without a serious axe-core violation; and the display never showing a face-down tile. Every wait is bounded (30 s)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from paigow.table.home import HomeShuffle  # noqa: E402
from serve_support import OPERATOR_KEY, ServeProcess  # noqa: E402

TABLET = {"width": 1024, "height": 768}
ROUND_ONE = [("阿安", "300", 1), ("Bob", "100", 1), ("陳", "200", 2), ("Dee", "50", 3), ("Ed", "80", 3)]


def fits(page: Page, where: str) -> None:
    """The screen holds the whole step: no scrolling at 1024×768."""
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= 1024 and size[1] <= 768, f"{where}: the page is {size[0]}×{size[1]}"


def display_hides(d: Page, settled: bool) -> None:
    """The display shows no tile of a hand before the settlement (only their backs), every one after."""
    expect(d.locator("body[data-ready='1']")).to_have_count(1)
    faces = d.locator(".seats img.tile").count()
    backs = d.locator(".seats .tile.back").count()
    if settled:
        assert backs == 0
    else:
        assert faces == 0, f"{faces} face-down tiles shown on the display"


def seq_moves(page: Page, before: str) -> str:
    expect(page.locator("#seq")).not_to_have_text(before)
    return page.locator("#seq").inner_text()


def act(page: Page, selector: str) -> None:
    before = page.locator("#seq").inner_text()
    page.locator(selector).click()
    seq_moves(page, before)


def displayed(d: Page, seq: str) -> None:
    expect(d.locator(f"body[data-seq='{seq}']")).to_have_count(1)


def library_advice(api: httpx.Client, tid: str, token: str, door: int) -> Any:
    """The library's advice for the second round's deal: round 1 as its record deals it, round 2's
    hands as the service dealt them (the row of the shuffle: no dice, 初門 first, the banker last)."""
    auth = {"Authorization": f"Bearer {token}"}
    rec = api.get(f"/v1/home/tables/{tid}/rounds/1", headers=auth).json()
    st = api.get(f"/v1/home/tables/{tid}", headers=auth).json()
    deal = next(e for e in rec["events"] if e["event"] == "deal")
    now = {h["position"]: h["tiles"] for h in st["round"]["hands"]}
    order = (1, 2, 3, 0)
    t = HomeShuffle("home")
    for e in rec["events"]:
        if e["event"] == "bet":
            t.bet(e["door"], e["bettor"], e["amount"])
    t.shuffle(" ".join([x for p in order for x in deal["hands"][str(p)].split()] + [x for p in order for x in now[p]]))
    t.deal()
    t.play("max-front")
    t.settle()
    t.next_round()
    for b in st["round"]["bets"]:
        t.bet(b["door"], b["bettor"], b["amount"])
    assert {p: [str(x) for x in h] for p, h in t.deal().items()} == now
    return t.advice(door)


def bet(page: Page, who: str, amount: str, door: int) -> None:
    page.locator("#bettor").fill(who)
    page.locator("#amount").fill(amount)
    act(page, f"#bet-{door}")


def set_hands(page: Page, d: Page) -> None:
    """Each played door's holder, then the banker, says a split; the dealer taps it."""
    for pos in (1, 2, 3, 0):
        button = page.locator(f"#split-{pos}-{pos % 3}")
        if button.count():
            act(page, f"#split-{pos}-{pos % 3}")
            expect(page.locator(f"#set-{pos}")).to_be_visible()
            displayed(d, page.locator("#seq").inner_text())
            display_hides(d, settled=False)


def settle(page: Page, d: Page) -> None:
    act(page, "#settle")
    expect(page.locator("#ledger")).to_be_visible()
    expect(page.locator("#changes tr[data-party='house'] td").first).to_have_text("公司")  # 'house' in the page's language
    expect(page.locator("#ledger")).not_to_contain_text("house")
    fits(page, "the settlement")
    displayed(d, page.locator("#seq").inner_text())
    display_hides(d, settled=True)
    expect(d.locator("#d-changes")).to_contain_text("公司")


def test_a_whole_shuffle_on_the_page(new_page: Callable[..., Page], served: ServeProcess,
                                     axe: Callable[[Page, str], None]) -> None:
    page = new_page("/home", viewport=TABLET, locale="zh-MO")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    fits(page, "open")
    page.locator("#operator-key").fill(OPERATOR_KEY)
    page.locator("#create-table").click()
    expect(page.locator("#new-token")).not_to_be_empty()
    tid, token = page.locator("#new-table-id").inner_text(), page.locator("#new-token").inner_text()
    page.locator("#token-noted").click()
    d = new_page(f"/home/display?table={tid}", viewport=TABLET, locale="zh-MO")
    # a refusal in the page's language, with its code: the house bets on no door; nothing changes
    page.locator("#bettor").fill("house")
    page.locator("#amount").fill("10")
    page.locator("#bet-1").click()
    expect(page.locator("#msg-bets code")).to_have_text("name.reserved")
    expect(page.locator("#msg-bets .error-message")).to_have_text("「house」為保留名稱：請用另一名稱")
    expect(page.locator("#bets-1 li")).to_have_count(0)
    page.locator("#deal").click(force=True)  # disabled: nothing is sent
    expect(page.locator("#seq")).to_have_text("0")
    # round 1: several bettors a door, the shuffle, the deal
    for who, amount, door in ROUND_ONE:
        bet(page, who, amount, door)
    expect(page.locator("#door-1")).to_have_attribute("data-holder", "阿安")
    expect(page.locator("#door-3")).to_have_attribute("data-holder", "Ed")
    fits(page, "the bets")
    act(page, "#shuffle")
    act(page, "#deal")
    expect(page.locator("#hand-1 > .tiles img.tile")).to_have_count(4)
    expect(page.locator("#hand-0 > .tiles img.tile")).to_have_count(4)
    fits(page, "the deal")
    displayed(d, page.locator("#seq").inner_text())
    display_hides(d, settled=False)
    expect(d.locator("#d-seat-1 .tile.back")).to_have_count(4)
    set_hands(page, d)
    settle(page, d)
    # round 2: the first round's 16 tiles face up, advice counting them as seen
    act(page, "#next-round")
    expect(page.locator("#seen")).to_have_attribute("data-count", "16")
    expect(d.locator("#d-seen img.tile")).to_have_count(16)
    bet(page, "Bob", "100", 3)
    act(page, "#deal")
    page.locator("#advice-btn-3").click()
    expect(page.locator("#advice-3")).to_have_attribute("data-opponents", "495")
    with httpx.Client(base_url=served.url, timeout=30) as api:
        want = library_advice(api, tid, token, 3)
    assert want.opponent_hands == 495
    expect(page.locator("#advice-3")).to_have_attribute("data-best", str(want.options[want.best].setting))
    rows = page.locator("#advice-3 tbody tr")
    for i, o in enumerate(want.options):
        expect(rows.nth(i).locator("td").nth(1)).to_have_text(f"{o.wins:,.0f}")
    fits(page, "the advice")
    axe(page, "the advice")
    displayed(d, page.locator("#seq").inner_text())
    display_hides(d, settled=False)
    set_hands(page, d)
    settle(page, d)
    expect(page.locator("#phase-over")).to_be_visible()
    axe(page, "the shuffle over")
    axe(d, "the display")
    act(page, "#next-shuffle")
    expect(page.locator("#shuffle-number")).to_have_text("2")
    expect(page.locator("#shuffle")).to_be_enabled()
    fits(page, "the next shuffle")
