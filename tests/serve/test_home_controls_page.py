"""The host's controls on the home game's page (/home, issue 38) in a real browser at 1024×768 in
English: the host gives door 1 a seat (its link shown once, as a QR code of exactly that address
and as text), the link opened on a phone-sized page (390×844) shows that seat's own tiles after the
deal; a seat given and revoked after a confirmation; the host sets a short deadline for the
settings, sees it count down, and applies it once passed: the hands still unset (door 1's and the
banker's; door 2's was set) are set by the home game's automatic rule (max-front), and the page
says so, hand by hand. No serious axe-core violation. Every wait is for a condition, bounded (30 s)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from paigow.rules import HOME  # noqa: E402
from paigow.serve import qr  # noqa: E402
from paigow.strategies import max_front  # noqa: E402
from paigow.table.round_strategies import choose_setting  # noqa: E402
from paigow.tiles import parse_tiles  # noqa: E402
from serve_support import OPERATOR, ServeProcess  # noqa: E402

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def tap(page: Page, selector: str) -> None:
    """One tap that the table takes: the seq on the page moves."""
    before = page.locator("#seq").inner_text()
    page.locator(selector).click()
    expect(page.locator("#seq")).not_to_have_text(before)


def test_the_host_gives_a_seat_and_applies_a_deadline(new_page: Callable[..., Page], served: ServeProcess,
                                                      axe: Callable[[Page, str], None]) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/home/tables", json={}, headers=OPERATOR).json()
        tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        host = new_page(f"/home?lang=en#table={tid}&token={made['token']}", viewport=TABLET)
        expect(host.locator("#phase-betting")).to_be_visible()

        # the seats: door 1's link shown once, as a QR code of that very address and as text
        host.locator("#seats-summary").click()
        expect(host.locator("#seat-state-1")).to_have_attribute("data-seated", "0")
        host.locator("#grant-1").click()
        expect(host.locator("#seat-link[data-position='1']")).to_be_visible()
        url = host.locator("#seat-url").inner_text()
        assert url.startswith(f"{served.url}/seat/{tid}#game=home&token=") and host.locator("#seat-url").get_attribute("href") == url
        src = host.locator("#seat-qr").get_attribute("src") or ""
        assert unquote(src.removeprefix("data:image/svg+xml;charset=utf-8,")) == qr.svg(url)
        assert host.locator("#seat-qr").evaluate("img => img.complete && img.naturalWidth > 0")
        expect(host.locator("#seat-state-1")).to_have_attribute("data-seated", "1")
        axe(host, "the host's seats, a seat's link shown, 1024×768")
        host.locator("#seat-done").click()
        expect(host.locator("#seat-link")).to_have_count(0)
        expect(host.locator("#grant-1")).to_be_focused()  # the keyboard stays where it was
        host.locator("#grant-3").click()  # another seat, given and taken back after a confirmation
        expect(host.locator("#seat-state-3")).to_have_attribute("data-seated", "1")
        host.locator("#revoke-3").click()
        host.locator("#revoke-yes").click()
        expect(host.locator("#seat-state-3")).to_have_attribute("data-seated", "0")
        assert api.get(f"/v1/home/tables/{tid}/seats", headers=auth).json()["seats"].keys() == {"1"}

        # the link on a phone: door 1's seat bets; the host bets on door 2, shuffles and deals
        phone = new_page(viewport=PHONE)
        phone.goto(url)
        expect(phone.locator("body[data-ready='1']")).to_have_count(1)
        expect(phone.locator("#phase[data-phase='betting']")).to_be_visible()
        phone.locator("#bet-amount").fill("100")
        phone.locator("#bet").click()
        expect(phone.locator("#my-bets")).to_have_attribute("data-amount", "100")
        expect(host.locator("#bets-1")).to_contain_text("P1 100")  # the host's page follows the seat
        host.locator("#bettor").fill("Ann")
        host.locator("#amount").fill("200")
        tap(host, "#bet-2")
        tap(host, "#shuffle")
        tap(host, "#deal")
        hands = {h["position"]: h["tiles"] for h in api.get(f"/v1/home/tables/{tid}", headers=auth).json()["round"]["hands"]}
        expect(phone.locator("#my-tiles img.tile")).to_have_count(4)
        assert phone.locator("#my-tiles img.tile").evaluate_all("xs => xs.map((x) => x.dataset.tile)") == hands[1]

        # the deadline: door 2's hand set in time, then a short deadline counted down and applied
        tap(host, "#split-2-0")
        host.locator("#deadline-seconds").fill("5")
        tap(host, "#set-deadline")
        expect(host.locator("#deadline-left")).to_contain_text("Deadline in 0:0")
        expect(host.locator("#apply-deadline")).to_be_disabled()
        expect(host.locator("#apply-deadline")).to_be_enabled()  # the countdown reached zero
        expect(host.locator("#deadline-left")).to_have_text("The deadline has passed: apply it to set the hands still unset.")
        tap(host, "#apply-deadline")
        expect(host.locator("#deadline-applied")).to_have_attribute("data-positions", "1 0")
        expect(host.locator("#deadline-applied")).to_have_text(
            "Deadline applied: 初門 first door, Banker set by the table (max-front), not by their holders.")
        r = api.get(f"/v1/home/tables/{tid}", headers=auth).json()["round"]
        sets = {h["position"]: h["set"] for h in r["hands"]}
        for p in (1, 0):
            rule = choose_setting(parse_tiles(" ".join(hands[p])), max_front(HOME), random.Random(0))
            assert sets[p] == str(rule)
            expect(host.locator(f"#set-{p}")).to_have_text(sets[p])
            expect(host.locator(f"#why-{p}")).to_have_text("Not set by the deadline: set by the table (max-front)")
        expect(host.locator("#why-2")).to_have_count(0)  # set by its holder, in time
        expect(host.locator("#set-2[data-why='']")).to_have_text(sets[2])
        expect(phone.locator("#my-set")).to_be_visible()  # the seat's own hand, set by the table
        expect(host.locator("#settle")).to_be_enabled()
        axe(host, "the deadline applied, 1024×768")
        tap(host, "#settle")
        expect(host.locator("#ledger")).to_be_visible()
