"""The round's deadline on a seat's page (/seat/<id>, issue 38) in a real browser at 390×844, on
a phone whose own clock is an hour fast (the page counts by the service's clock: the stream's
``at``, an answer's Date header): a home table and a Pai Gow table, a seat granted and its page
open, the round dealt, the dealer sets a deadline through the API; the page counts it down (as
does the players' display, its clock fast too), says it aloud once set or moved, not each second,
says when it has passed; the dealer applies it through the API and the page says the table set
the hand by its rule (the home game's max-front; the Pai Gow table's house way, named), that the
rules treat it as a setting the player did not make, and shows the setting it got. axe-core finds
no serious violation on the countdown and on what the table set. Every wait is for a condition,
bounded (30 s)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

from serve_support import OPERATOR, ServeProcess  # noqa: E402

PHONE = {"width": 390, "height": 844}
FAST = 3600  # this phone's clock is an hour ahead of the service's


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def seat_page(new_page: Callable[..., Page], served: ServeProcess, url: str, locale: str) -> Page:
    page = new_page(viewport=PHONE, locale=locale)
    page.clock.install(time=time.time() + FAST)  # the device's clock, off; timers run as they do
    page.goto(served.url + url.removeprefix(served.url))
    expect(page.locator("body[data-ready='1']")).to_have_count(1)
    expect(page.locator("#conn[data-conn='live']")).to_be_visible()
    return page


def display_page(new_page: Callable[..., Page], path: str) -> Page:
    page = new_page()  # the players' display, a screen at the table whose clock is fast too
    page.clock.install(time=time.time() + FAST)
    page.goto(path)
    expect(page.locator("body[data-ready='1']")).to_have_count(1)
    return page


def counts_down_then_passes(page: Page, words: tuple[str, str, str, str], axe: Callable[[Page, str], None],
                            set_deadline: Callable[[float], None], display: Any,
                            late: Callable[[], Page] | None = None) -> None:
    """A deadline a minute off, shown and said once (and on the players' display, and on a seat's
    page opened ``late``, after it was set: no event's ``at`` yet); moved to 3 s, said again;
    counted to its end."""
    left, set_said, moved, passed = words
    set_deadline(60)
    box = page.locator("#deadline-left")
    minute = re.compile(r"^(5[0-9]|60)$")
    expect(box).to_have_attribute("data-left", minute)  # not 0: the service's clock, not the phone's
    expect(display).to_have_attribute("data-left", minute)
    expect(display).to_contain_text(re.compile(r"\b(0:5[0-9]|1:00)\b"))
    if late is not None:
        expect(late().locator("#deadline-left")).to_have_attribute("data-left", minute)
    expect(box).to_contain_text(left)
    expect(box).to_be_in_viewport()
    expect(page.locator("#deadline-say")).to_contain_text(set_said)
    first, said = box.get_attribute("data-left"), page.locator("#deadline-say").inner_text()
    expect(box).not_to_have_attribute("data-left", first or "")  # a second later: counted, not said again
    assert page.locator("#deadline-say").inner_text() == said
    axe(page, "a seat counting down its deadline, 390×844")
    set_deadline(3)
    expect(page.locator("#deadline-say")).to_contain_text(moved)
    expect(box).to_have_attribute("data-left", re.compile(r"^[1-3]$"))
    expect(box).to_have_attribute("data-left", "0")
    expect(box).to_contain_text(passed)
    expect(page.locator("#deadline-say")).to_contain_text(passed)


def test_a_home_seat_counts_down_and_is_set_by_the_automatic_rule(new_page: Callable[..., Page], served: ServeProcess,
                                                                  axe: Callable[[Page, str], None]) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = ok(api.post("/v1/home/tables", json={"public": True}, headers=OPERATOR), 201)
        tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        url = ok(api.post(f"/v1/home/tables/{tid}/seats/1", headers=auth), 201)["url"]
        page = seat_page(new_page, served, url, "en-GB")
        shown = display_page(new_page, f"{served.url}/home/display?table={tid}")
        for a in ({"action": "bet", "door": 1, "bettor": "P1", "amount": 100}, {"action": "shuffle"}, {"action": "deal"}):
            ok(api.post(f"/v1/home/tables/{tid}/actions", json=a, headers=auth))
        expect(page.locator("#phase[data-phase='dealt']")).to_be_visible()
        assert page.locator("#deadline").count() == 0  # no deadline, no clock

        def set_deadline(seconds: float) -> None:
            ok(api.post(f"/v1/home/tables/{tid}/deadline", json={"action": "set_deadline", "seconds": seconds}, headers=auth))
        counts_down_then_passes(page, ("left to set your hand", "Deadline set", "Deadline moved", "Time is up"), axe,
                                set_deadline, shown.locator("#d-deadline"))

        applied = ok(api.post(f"/v1/home/tables/{tid}/deadline", json={"action": "apply_deadline"}, headers=auth))
        setting = applied["result"]["set"]["1"]
        expect(page.locator("#deadline[data-applied='true']")).to_be_visible()
        expect(page.locator("#deadline-applied")).to_have_text("Time ran out: the table set your hand by the automatic rule (max-front).")
        expect(page.locator("#deadline-why")).to_have_text("The rules treat it as a setting you did not make.")
        expect(page.locator("#deadline-set")).to_have_attribute("data-setting", setting)
        expect(page.locator("#my-set")).to_contain_text(setting)
        expect(page.locator("#deadline-say")).to_contain_text("Time ran out")
        assert page.locator("#deadline-left, #split-0").count() == 0  # nothing left to set, nothing counted
        expect(shown.locator("#d-deadline")).to_have_attribute("data-applied", "true")
        expect(shown.locator("#d-deadline")).to_contain_text("max-front")
        axe(page, "a seat whose hand the deadline set, 390×844")


def test_a_pai_gow_seat_counts_down_and_is_set_by_the_house_way(new_page: Callable[..., Page], served: ServeProcess,
                                                                axe: Callable[[Page, str], None]) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = ok(api.post("/v1/tables", json={"public": True}, headers=OPERATOR), 201)
        tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        url = ok(api.post(f"/v1/tables/{tid}/seats/1", headers=auth), 201)["url"]
        banker = ok(api.post(f"/v1/tables/{tid}/seats/0", headers=auth), 201)["url"]
        page = seat_page(new_page, served, url, "pt-PT")
        shown = display_page(new_page, f"{served.url}/display/{tid}")
        for a in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                  {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"},
                  {"action": "deal"}):
            ok(api.post(f"/v1/tables/{tid}/actions", json=a, headers=auth))
        expect(page.locator("#split-0")).to_be_visible()

        def set_deadline(seconds: float) -> None:
            ok(api.post(f"/v1/tables/{tid}/deadline", json={"action": "set_deadline", "seconds": seconds}, headers=auth))
        counts_down_then_passes(page, ("para arranjar a sua mão", "Prazo definido", "Prazo mudado", "O tempo acabou"), axe,
                                set_deadline, shown.locator("#deadline"), lambda: seat_page(new_page, served, banker, "pt-PT"))

        applied = ok(api.post(f"/v1/tables/{tid}/deadline", json={"action": "apply_deadline"}, headers=auth))
        way = next(w for w in applied["result"] if w["position"] == 1)
        setting = applied["state"]["round"]["settings"][1]["text"]
        expect(page.locator("#deadline-applied")).to_have_text(
            f"O tempo acabou: a mesa arranjou a sua mão segundo a maneira da casa ({way['way']}).")
        expect(page.locator("#deadline-why")).to_have_text("As regras tratam-na como uma mão que não arranjou.")
        expect(page.locator("#deadline-set")).to_have_attribute("data-setting", setting)
        expect(page.locator("#my-set")).to_contain_text(setting)
        assert page.locator("#deadline-left, #split-0").count() == 0
        expect(shown.locator("#deadline")).to_have_attribute("data-applied", "true")
        axe(page, "a Pai Gow seat whose hand the deadline set, 390×844")


def test_a_deadline_passed_before_the_deal_is_said_and_applied_once_dealt(
        new_page: Callable[..., Page], served: ServeProcess, axe: Callable[[Page, str], None]) -> None:
    """A deadline that passes while the seat's round is still betting: the card and the live region
    say it passed before the deal and is applied once the tiles are dealt (the service refuses to
    apply it before the deal); dealt, they say the table sets the hand once the dealer applies it;
    applied, what the table set. A home seat (Traditional Chinese) and a Pai Gow seat (English)."""
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = ok(api.post("/v1/home/tables", json={}, headers=OPERATOR), 201)
        home, auth = f"/v1/home/tables/{made['id']}", {"Authorization": f"Bearer {made['token']}"}
        page = seat_page(new_page, served, ok(api.post(f"{home}/seats/1", headers=auth), 201)["url"], "zh-Hant")
        ok(api.post(f"{home}/actions", json={"action": "bet", "door": 1, "bettor": "P1", "amount": 100}, headers=auth))
        ok(api.post(f"{home}/deadline", json={"action": "set_deadline", "seconds": 2}, headers=auth))
        passed_deal(page, "限時已在發牌前過去：發牌後即執行限時，牌桌隨即按規則代你配牌。", "時間已到：荷官執行限時後")
        for a in ({"action": "shuffle"}, {"action": "deal"}):
            ok(api.post(f"{home}/actions", json=a, headers=auth))
        dealt_then_applied(page, "時間已到：荷官執行限時後，牌桌按規則代你配牌。",
                           lambda: ok(api.post(f"{home}/deadline", json={"action": "apply_deadline"}, headers=auth)),
                           "時間已到：牌桌已按自動規則")

        made = ok(api.post("/v1/tables", json={}, headers=OPERATOR), 201)
        tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        page = seat_page(new_page, served, ok(api.post(f"/v1/tables/{tid}/seats/1", headers=auth), 201)["url"], "en-GB")
        for a in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100}):
            ok(api.post(f"/v1/tables/{tid}/actions", json=a, headers=auth))
        ok(api.post(f"/v1/tables/{tid}/deadline", json={"action": "set_deadline", "seconds": 2}, headers=auth))
        early = api.post(f"/v1/tables/{tid}/deadline", json={"action": "apply_deadline"}, headers=auth)
        assert early.status_code == 400  # passed or not, not before the deal
        passed_deal(page, "The deadline passed before the deal: it is applied once the tiles are dealt, and the table"
                          " then sets your hand by its rule.", "Time is up")
        axe(page, "a seat whose deadline passed before the deal, 390×844")
        for a in ({"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"},
                  {"action": "deal"}):
            ok(api.post(f"/v1/tables/{tid}/actions", json=a, headers=auth))
        dealt_then_applied(page, "Time is up: the table sets your hand by its rule once the dealer applies the deadline.",
                           lambda: ok(api.post(f"/v1/tables/{tid}/deadline", json={"action": "apply_deadline"},
                                               headers=auth)),
                           "Time ran out: the table set your hand by the house way")


def passed_deal(page: Page, words: str, not_words: str) -> None:
    """The deadline counted to its end before the deal: the card and the live region say ``words``
    (and not the dealt round's ``not_words``), said once."""
    box, spoken = page.locator("#deadline-left"), page.locator("#deadline-say")
    expect(box).to_have_attribute("data-left", "0")
    expect(box).to_have_text(words)
    expect(spoken).to_have_text(words)
    assert not_words not in box.inner_text() + spoken.inner_text()


def dealt_then_applied(page: Page, words: str, apply: Callable[[], Any], applied: str) -> None:
    """Dealt after the deadline passed: the card and the live region say ``words``; the dealer applies
    it: the page says ``applied``."""
    expect(page.locator("#deadline-left")).to_have_text(words)
    expect(page.locator("#deadline-say")).to_have_text(words)
    apply()
    expect(page.locator("#deadline-applied")).to_contain_text(applied)
    expect(page.locator("#deadline-say")).to_contain_text(applied)
