"""The host's page and a door's seat's page at a home table whose host confirms a seat's bets
(issue 38, ``"seat_bets": "confirm"``), in a real browser in English: the host opens the table on
the page (1024×768) with "Seats' bets wait for my confirmation" ticked, gives door 2 a seat; the
seat's page (390×844) bets 150, which waits for the host (nothing on the table); the host's page,
following the table, lists the bet with Confirm and Refuse, and one tap confirms it: the bet is on
door 2, on the host's page, in the table's state and on the seat's page; the answered request is
listed as confirmed. The host's screen still fits 1024×768. No serious axe-core violation. Every
wait is for a condition, bounded (30 s)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from serve_support import OPERATOR, OPERATOR_KEY, ServeProcess  # noqa: E402

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def fits(page: Page, where: str) -> None:
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= TABLET["width"] and size[1] <= TABLET["height"], f"{where}: the page is {size[0]}×{size[1]}"


def test_a_doors_bet_waits_for_the_host_who_confirms_it(new_page: Callable[..., Page], served: ServeProcess,
                                                       axe: Callable[[Page, str], None]) -> None:
    host = new_page("/home?lang=en", viewport=TABLET)
    host.locator("#operator-key").fill(OPERATOR_KEY)
    host.locator("#new-seat-confirm").check()
    host.locator("#create-table").click()
    expect(host.locator("#new-token")).not_to_be_empty()
    tid, token = host.locator("#new-table-id").inner_text(), host.locator("#new-token").inner_text()
    host.locator("#token-noted").click()
    expect(host.locator("#requests")).to_have_text("No bet waiting.")
    with httpx.Client(base_url=served.url, timeout=30) as api:
        auth = {"Authorization": f"Bearer {token}"}

        def state() -> dict:  # type: ignore[type-arg]
            return api.get(f"/v1/home/tables/{tid}", headers=auth).json()  # type: ignore[no-any-return]

        assert state()["seat_bets"] == "confirm"
        host.locator("#seats-summary").click()
        host.locator("#grant-2").click()
        url = host.locator("#seat-url").inner_text()
        host.locator("#seat-done").click()
        host.locator("#seats-summary").click()   # folded again: the round's screen as before

        # the door's seat bets: it waits for the host, nothing on the table
        phone = new_page(viewport=PHONE)
        phone.goto(url)
        expect(phone.locator("body[data-ready='1']")).to_have_count(1)
        expect(phone.locator("#phase[data-phase='betting']")).to_be_visible()
        phone.locator("#bet-amount").fill("150")
        phone.locator("#bet").click()
        # the host's page follows the table: the bet with Confirm and Refuse
        expect(host.locator("#requests li")).to_have_count(1)
        (r,) = state()["seat_requests"]
        rid = r["id"]
        assert r["status"] == "pending" and state()["round"]["bets"] == []
        expect(phone.locator("#my-bets")).to_have_attribute("data-amount", "0")
        expect(host.locator(f"#request-{rid}")).to_contain_text("川門 middle door · P2 · 150")
        expect(host.locator("#bets-2 li")).to_have_count(0)
        fits(host, "a seat's bet waiting")
        axe(host, "the host's page with a seat's bet waiting, 1024×768")
        # one tap confirms it: on the table, on both pages
        host.locator(f"#confirm-{rid}").click()
        expect(host.locator("#requests")).to_have_text("No bet waiting.")
        expect(host.locator(f"#requests-ended li[data-id='{rid}']")).to_have_attribute("data-status", "confirmed")
        expect(host.locator("#bets-2")).to_have_text("P2 150")
        assert state()["round"]["bets"] == [{"door": 2, "bettor": "P2", "amount": 150}]
        expect(phone.locator("#my-bets")).to_have_attribute("data-amount", "150")
        fits(host, "the bet confirmed")


def test_a_home_seats_page_lists_its_own_bet_waiting(new_page: Callable[..., Page], served: ServeProcess) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/home/tables", json={"seat_bets": "confirm"}, headers=OPERATOR).json()
        seat = api.post(f"/v1/home/tables/{made['id']}/seats/1", headers={"Authorization": f"Bearer {made['token']}"}).json()
    phone = new_page(viewport=PHONE)
    phone.goto(seat["url"])
    expect(phone.locator("body[data-ready='1']")).to_have_count(1)
    phone.locator("#bet-amount").fill("150")
    phone.locator("#bet").click()
    expect(phone.locator("#my-requests li[data-status='pending']")).to_have_count(1, timeout=3_000)
