"""The seat's page (/seat/<id>, issue 38) in a real browser: a live home-game round 推牌九 with four
seats (the banker's place and the three doors) on phone-sized pages (390×844) and the dealer's
page (/home) at 1024×768. The dealer grants the seats (the API), each door's seat bets on its
phone, the dealer shuffles and deals, each seat sets its own hand by one tap of a split; one seat
loses its network mid-round and comes back, another reloads, and both show their own hand again;
the round settles and each seat shows its result. At every step no seat's page shows a tile of
another hand face down (its images' and texts' tiles are its own hand's); axe-core finds no
serious violation on the seat's page at 390×844. Every wait is bounded (30 s)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from serve_support import OPERATOR, ServeProcess  # noqa: E402

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
TILE = re.compile(r"(?<![0-9-])[1-6]-[1-6](?![0-9-])")


def dealer_view(api: httpx.Client, tid: str, token: str) -> dict[str, Any]:
    r = api.get(f"/v1/home/tables/{tid}", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def shows_only_its_own(page: Page, position: int, dealer: dict[str, Any]) -> None:
    """The seat's page shows its own hand's tiles (if dealt) and no other hand's face down: no
    image of another hand, and no tile name (in an image or in a text) that only a face-down
    hand of another holds (the deck holds pairs)."""
    r = dealer["round"]
    settled = r["phase"] in ("settled", "over")
    own = next((h["tiles"] for h in r["hands"] if h["position"] == position), None)
    allowed = set(r["seen"]) | set(own or ())
    secret = {x for h in r["hands"] if h["position"] != position and not settled for x in h["tiles"]} - allowed
    if own:
        expect(page.locator("#my-tiles img.tile")).to_have_count(4)
        assert [page.locator("#my-tiles img.tile").nth(i).get_attribute("data-tile") for i in range(4)] == own
    if not settled:
        assert page.locator("#others img.tile").count() == 0
    shown = set(page.locator("img.tile").evaluate_all("xs => xs.map((x) => x.dataset.tile)"))
    shown |= set(TILE.findall(page.locator("body").inner_text()))
    assert not shown & secret, f"seat {position} shows {shown & secret}"


def dealer_tap(page: Page, selector: str, seq: int) -> None:
    """The dealer's page, once it shows the table at ``seq`` (it follows what the seats did, no
    reload), then one tap."""
    expect(page.locator("#seq")).to_have_text(str(seq))
    before = page.locator("#seq").inner_text()
    page.locator(selector).click()
    expect(page.locator("#seq")).not_to_have_text(before)


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_a_home_round_with_four_seats_on_phones(new_page: Callable[..., Page], served: ServeProcess,
                                                axe: Callable[[Page, str], None]) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/home/tables", json={}, headers=OPERATOR).json()
        tid, token = made["id"], made["token"]
        urls, tokens, lines = {}, [], []
        for p in range(4):
            r = api.post(f"/v1/home/tables/{tid}/seats/{p}", headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 201, r.text
            urls[p] = r.json()["url"].removeprefix(served.url)
            tokens.append(r.json()["token"])
        dealer = new_page(f"/home#table={tid}&token={token}", viewport=TABLET)
        seats = {}
        for p in range(4):  # each request line a seat's page sends (what a log would hold)
            seats[p] = new_page(viewport=PHONE)
            seats[p].on("request", lambda req: lines.append(req.url))
            seats[p].goto(served.url + urls[p])
            expect(seats[p].locator("body[data-ready='1']")).to_have_count(1)
        for p, page in seats.items():
            expect(page.locator("#phase[data-phase='betting']")).to_be_visible()
            expect(page.locator("#conn[data-conn='live']")).to_be_visible()
            assert "token" not in page.evaluate("() => document.body.innerHTML")
        expect(seats[1].locator("#player")).to_contain_text("P1")
        axe(seats[1], "a door's seat, betting, 390×844")
        assert seats[0].locator("#bet").count() == 0  # the banker's place does not bet

        for p, amount in ((1, 100), (2, 200), (3, 300)):
            seats[p].locator("#bet-amount").fill(str(amount))
            seats[p].locator("#bet").click()
            expect(seats[p].locator("#my-bets")).to_have_attribute("data-amount", str(amount))
        expect(seats[3].locator("#my-bets")).to_have_attribute("data-amount", "300")

        dealer_tap(dealer, "#shuffle", dealer_view(api, tid, token)["seq"])
        dealer_tap(dealer, "#deal", dealer_view(api, tid, token)["seq"])
        view = dealer_view(api, tid, token)
        for p, page in seats.items():
            expect(page.locator("#phase[data-phase='dealt']")).to_be_visible()
            shows_only_its_own(page, p, view)
        axe(seats[2], "a door's seat, its hand dealt, 390×844")

        # seat 2 loses its network mid-round; seat 1 sets its hand meanwhile; seat 2 comes back
        seats[2].context.set_offline(True)
        expect(seats[2].locator("#conn[data-conn='lost']")).to_be_visible()
        seats[1].locator("#split-0").click()
        expect(seats[1].locator("#my-set")).to_be_visible()
        seats[2].context.set_offline(False)
        expect(seats[2].locator("#conn[data-conn='live']")).to_be_visible()
        view = dealer_view(api, tid, token)
        shows_only_its_own(seats[2], 2, view)
        # seat 3 reloads its page: the same view again, from the address's fragment
        seats[3].reload()
        expect(seats[3].locator("body[data-ready='1']")).to_have_count(1)
        expect(seats[3].locator("#my-tiles img.tile")).to_have_count(4)
        shows_only_its_own(seats[3], 3, view)

        seats[2].locator("#advice").click()
        expect(seats[2].locator("#advice-line")).to_be_visible()
        best = seats[2].locator("#advice-line").get_attribute("data-best")
        expect(seats[2].locator(f"#split-{best}.best")).to_be_visible()
        for p in (2, 3, 0):
            seats[p].locator(f"#split-{p % 3}").click()
            expect(seats[p].locator("#my-set")).to_be_visible()
            view = dealer_view(api, tid, token)
            for q, page in seats.items():
                shows_only_its_own(page, q, view)

        dealer_tap(dealer, "#settle", dealer_view(api, tid, token)["seq"])
        view = dealer_view(api, tid, token)
        outcomes = view["round"]["result"]["outcomes"]
        changes = view["round"]["result"]["ledger"]["changes"]
        for p, page in seats.items():
            expect(page.locator("#phase[data-phase='settled']")).to_be_visible()
            if p:
                expect(page.locator("#outcome")).to_have_attribute("data-outcome", outcomes[str(p)])
                expect(page.locator("#change")).to_have_attribute("data-amount", str(changes[f"P{p}"]))
            else:
                expect(page.locator("#outcome")).to_be_visible()
            expect(page.locator("#others img.tile")).to_have_count(12)  # face up once settled
        axe(seats[0], "the banker's seat, settled, 390×844")
    assert any("/seat/events" in x for x in lines) and any("/seat/actions" in x for x in lines)
    assert not [x for x in lines for tok in tokens if tok in x], "a seat token in a request line"


def pai_gow_round(api: httpx.Client, mode: str) -> tuple[str, dict[str, str], str]:
    """A Pai Gow table (banker at 0), its dealer's header and seat 3's page address."""
    body: dict[str, Any] = {"banker": 0, **({"seed": 7, "mode": "simulation"} if mode == "simulation" else {})}
    made = api.post("/v1/tables", json=body, headers=OPERATOR)
    assert made.status_code == 201, made.text
    tid, dealer = made.json()["id"], {"Authorization": f"Bearer {made.json()['token']}"}
    assert api.post(f"/v1/tables/{tid}/actions", json={"action": "start_round", "stake": 1000}, headers=dealer).status_code == 200
    seat = api.post(f"/v1/tables/{tid}/seats/3", headers=dealer).json()
    return tid, dealer, seat["url"]


@pytest.mark.parametrize("mode", ["simulation", "live"])
def test_a_pai_gow_seat_bets_withdraws_and_sets_its_hand(new_page: Callable[..., Page], served: ServeProcess,
                                                           mode: str) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        tid, dealer, url = pai_gow_round(api, mode)
        page = new_page(url.removeprefix(served.url), viewport=PHONE, locale="zh-MO" if mode == "live" else "en-GB")
        expect(page.locator("#conn[data-conn='live']")).to_be_visible()
        if mode == "live":  # Macau's phone: Traditional Chinese
            expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
            expect(page.locator("#conn")).to_have_text("已連線")
        page.locator("#bet-amount").fill("100")
        page.locator("#bet").click()
        expect(page.locator("#my-bets")).to_have_attribute("data-amount", "100")
        page.locator("#withdraw").click()
        expect(page.locator("#my-bets")).to_have_attribute("data-amount", "0")
        page.locator("#bet-amount").fill("150")
        page.locator("#bet").click()
        expect(page.locator("#my-bets")).to_have_attribute("data-amount", "150")
        declare = [{"action": "declare", "method": "from the first stack"}] if mode == "live" else []
        for a in ({"action": "shuffle"}, {"action": "cut", "position": 3, "k": 2}, *declare, {"action": "shake"},
                  {"action": "deal"}):
            r = api.post(f"/v1/tables/{tid}/actions", json=a, headers=dealer)
            assert r.status_code == 200, r.text
        expect(page.locator("#my-tiles img.tile")).to_have_count(4)  # from the stream: no reload
        assert page.locator("#others img.tile").count() == 0
        if mode == "simulation":
            page.locator("#advice").click()
            expect(page.locator("#advice-line")).to_be_visible()
        else:
            assert page.locator("#advice").count() == 0  # never at a live (casino) table
        page.locator("#split-1").click()
        expect(page.locator("#my-set")).to_be_visible()
