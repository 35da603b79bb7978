"""The seats' list on both dealers' pages counts only its latest read (``latestOnly`` of
``static/common.js``), in a real browser: the helper itself, its answers and errors in the order
they come; then the Pai Gow dealer's page (``static/seats-panel.js``) and the home game's host's page
(``static/home-controls.js``), whose first read of the seats is held until a seat has been given
and read again, then answers the list as it was (no seat): the seat given stays listed; the
position chosen on the dealer's page outlives a redraw. Every wait is for a condition, bounded
(30 s)."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, Route, expect  # noqa: E402

from serve_support import OPERATOR, ServeProcess  # noqa: E402

TABLET = {"width": 1024, "height": 768}

# how many answers of a seats' list the page has read (the body parsed: what follows it, to the
# list drawn, runs in the same turn of the page's event loop, before any check of the test's)
COUNT_READS = """
const json = Response.prototype.json;
window.seatReads = 0;
Response.prototype.json = function () {
  const p = json.call(this);
  if (new URL(this.url).pathname.endsWith("/seats")) p.then(() => { window.seatReads += 1; }, () => {});
  return p;
};
"""

LATEST_ONLY = """async () => {
  const { latestOnly, STALE } = await import("/static/common.js");
  const gates = [];
  const read = latestOnly((v) => new Promise((ok, no) => gates.push({ ok, no, v })));
  const out = {};
  // one read alone: its answer, its arguments passed on
  const one = read("x"); gates[0].ok(gates[0].v + "!"); out.alone = await one;
  // two reads, the later answering first: the earlier's answer, coming last, is dropped
  const a = read("a"), b = read("b");
  gates[2].ok("B"); gates[1].ok("A");
  out.later = await b; out.earlier = (await a) === STALE;
  // errors: the stale one dropped, the latest thrown
  const c = read("c"), d = read("d");
  gates[3].no(new Error("c")); gates[4].no(new Error("d"));
  out.staleError = (await c) === STALE;
  try { await d; out.thrown = null; } catch (e) { out.thrown = e.message; }
  // an earlier read answering after the latest failed: still dropped
  const e = read("e"), f = read("f");
  gates[6].no(new Error("f")); gates[5].ok("E");
  try { await f; } catch (x) { out.failed = x.message; }
  out.afterFailure = (await e) === STALE;
  return out;
}"""


def test_latest_only_drops_the_stale_answers_and_errors(new_page: Callable[..., Page]) -> None:
    page = new_page("/")
    assert page.evaluate(LATEST_ONLY) == {"alone": "x!", "later": "B", "earlier": True, "staleError": True,
                                          "thrown": "d", "failed": "f", "afterFailure": True}


def hold_first_read(page: Page, pattern: str) -> list[Route]:
    """The page's first read of the seats' list is held (the returned list gets it); the rest go on."""
    held: list[Route] = []

    def route(r: Route) -> None:
        if r.request.method == "GET" and not held:
            held.append(r)
        else:
            r.continue_()

    page.add_init_script(COUNT_READS)
    page.route(pattern, route)
    return held


def answer_late(page: Page, held: list[Route]) -> None:
    """The held first read answers now, the list as it was when it was asked (no seat), and the
    page has read that answer."""
    assert len(held) == 1 and page.evaluate("window.seatReads") == 1
    held[0].fulfill(status=200, content_type="application/json", body=json.dumps({"seats": {}}))
    page.wait_for_function("() => window.seatReads === 2")


def test_the_dealers_seat_list_keeps_a_seat_given_while_its_first_read_was_late(
        new_page: Callable[..., Page], served: ServeProcess) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/tables", json={"seat_bets": "confirm", "mode": "simulation", "seed": 5},
                        headers=OPERATOR).json()
    dealer = new_page(viewport=TABLET)
    held = hold_first_read(dealer, "**/v1/tables/*/seats")
    dealer.goto(f"{served.url}/#table={made['id']}&token={made['token']}")
    expect(dealer.locator("body[data-ready='1']")).to_have_count(1)
    dealer.locator("#seats-menu").click()
    dealer.locator("#seat-position").select_option("3")
    dealer.locator("#grant-seat").click()
    expect(dealer.locator("#seat-qr")).to_be_visible()
    dealer.wait_for_function("() => window.seatReads === 1")  # the grant's read answered (with seat 3)
    expect(dealer.locator("#seat-list li[data-position='3']")).to_have_count(1)
    answer_late(dealer, held)
    expect(dealer.locator("#seat-list li")).to_have_count(1)
    expect(dealer.locator("#seat-list li[data-position='3']")).to_have_count(1)
    # the position chosen outlives a redraw of the panel (a read answering between the choice and
    # the tap redraws it: the seat went to position 0)
    dealer.locator("#seat-position").select_option("5")
    dealer.locator("#seats-menu").click()
    expect(dealer.locator("#seat-position")).to_have_count(0)
    dealer.locator("#seats-menu").click()
    expect(dealer.locator("#seat-position")).to_have_value("5")
    dealer.locator("#grant-seat").click()
    expect(dealer.locator("#seat-list li")).to_have_count(2)
    expect(dealer.locator("#seat-list li[data-position='5']")).to_have_count(1)


def test_the_hosts_seat_list_keeps_a_seat_given_while_its_first_read_was_late(
        new_page: Callable[..., Page], served: ServeProcess) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/v1/home/tables", json={}, headers=OPERATOR).json()
    host = new_page(viewport=TABLET)
    held = hold_first_read(host, "**/v1/home/tables/*/seats")
    host.goto(f"{served.url}/home?lang=en#table={made['id']}&token={made['token']}")
    expect(host.locator("body[data-ready='1']")).to_have_count(1)
    host.locator("#seats-summary").click()   # the panel's first read: held
    expect(host.locator("#seat-state-1")).to_have_attribute("data-seated", "0")
    host.locator("#grant-1").click()
    expect(host.locator("#seat-link[data-position='1']")).to_be_visible()
    expect(host.locator("#seat-state-1")).to_have_attribute("data-seated", "1")
    answer_late(host, held)
    expect(host.locator("#seat-state-1")).to_have_attribute("data-seated", "1")
    expect(host.locator("#seat-link[data-position='1']")).to_be_visible()
