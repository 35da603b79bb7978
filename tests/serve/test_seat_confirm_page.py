"""The dealer's page and a seat's page at a table whose dealer confirms a seat's bets (issue 38,
``"seat_bets": "confirm"``), in a real browser: the dealer's page (1024×768) gives position 3 a
seat and shows its address once, as a QR code and as text; the seat's page (390×844) opened at
that address bets, and shows the bet waiting for the dealer; the dealer's page, following the
table, lists the request and confirms it; the seat's page shows the bet taken. The dealer's page
then sets a deadline for the settings a few seconds ahead, counts it down and, once it has
passed with the tiles dealt, applies it: every hand is set by the table's rule, ``why``
"deadline". axe-core finds no serious violation on either page. Every wait is bounded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from serve_support import OPERATOR, ServeProcess  # noqa: E402

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def test_a_seat_bet_confirmed_on_the_dealers_page_and_a_deadline_applied(
        new_page: Callable[..., Page], served: ServeProcess, axe: Callable[[Page, str], None]) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/tables", json={"seat_bets": "confirm", "mode": "simulation", "seed": 5},
                        headers=OPERATOR).json()
        tid, dealer_auth = made["id"], {"Authorization": f"Bearer {made['token']}"}

        def act(**a: Any) -> dict[str, Any]:
            r = api.post(f"/v1/tables/{tid}/actions", json=a, headers=dealer_auth)
            assert r.status_code == 200, r.text
            return r.json()["state"]  # type: ignore[no-any-return]

        def state() -> dict[str, Any]:
            return api.get(f"/v1/tables/{tid}", headers=dealer_auth).json()  # type: ignore[no-any-return]

        act(action="start_round", stake=1000)
        dealer = new_page(f"/#table={tid}&token={made['token']}", viewport=TABLET)
        expect(dealer.locator("#requests")).to_have_text("No request waiting.")   # a confirm table: shown folded
        dealer.locator("#seats-menu").click()
        expect(dealer.locator("#seats-menu")).to_have_attribute("aria-expanded", "true")
        # a seat for position 3: its address once, as a QR code and as text
        dealer.locator("#seat-position").select_option("3")
        dealer.locator("#grant-seat").click()
        expect(dealer.locator("#seat-qr")).to_be_visible()
        url = dealer.locator("#seat-url").inner_text()
        assert url.startswith(f"{served.url}/seat/{tid}#token=") and len(url.split("#token=")[1]) == 34
        expect(dealer.locator("#seat-list li[data-position='3']")).to_have_count(1)
        axe(dealer, "the dealer's page with a seat's QR code")
        dealer.locator("#seat-noted").click()
        expect(dealer.locator("#seat-qr")).to_have_count(0)

        seat = new_page(viewport=PHONE)
        seat.goto(url)
        expect(seat.locator("body[data-ready='1']")).to_have_count(1)
        expect(seat.locator("#conn")).to_have_attribute("data-conn", "live")
        seat.locator("#bet-amount").fill("100")
        seat.locator("#bet").click()
        waiting = seat.locator("#my-requests li[data-status='pending']")
        expect(waiting).to_have_text("Waiting for the dealer: bet 100")
        expect(seat.locator("#my-bets")).to_have_attribute("data-amount", "0")
        axe(seat, "the seat's page with a bet waiting for the dealer")
        rid = state()["seat_requests"][0]["id"]

        # the dealer's page follows the table: the request, confirmed with one tap
        expect(dealer.locator(f"#request-{rid}")).to_contain_text("Position 3 · P3 · bet 100")
        dealer.locator(f"#confirm-{rid}").click()
        expect(dealer.locator("#requests")).to_have_text("No request waiting.")
        expect(dealer.locator(f"#requests-ended li[data-id='{rid}']")).to_have_attribute("data-status", "confirmed")
        assert state()["round"]["bets"] == [{"position": 3, "bettor": "P3", "amount": 100}]
        expect(seat.locator("#my-bets")).to_have_attribute("data-amount", "100")
        expect(seat.locator(f"#my-request-{rid}")).to_have_attribute("data-status", "confirmed")

        # a deadline 4 s ahead, counted down; the tiles dealt meanwhile; applied once passed
        dealer.locator("#deadline-seconds").fill("4")
        dealer.locator("#set-deadline").click()
        expect(dealer.locator("#deadline-left")).to_contain_text("s left")
        assert state()["round"]["deadline"] > 0
        act(action="shuffle")
        act(action="shake")
        act(action="deal")
        expect(dealer.locator("#deadline-left")).to_have_attribute("data-applied", "true", timeout=30_000)
        expect(dealer.locator("#deadline-left")).to_have_text("The deadline was applied")
        r = state()["round"]
        assert r["deadline_applied"] is True
        assert all(r["settings"][p] is not None for p in (0, 3))
        assert r["ways"][3]["why"] == "deadline"
        expect(seat.locator("#my-set")).to_be_visible()
