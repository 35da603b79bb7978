"""The dealer's page, its Advice tab with tiles seen (issue 34), in a real browser: a hand and the
tiles seen tapped in, the answer's opponent hands and values those of the library's
``paigow.advise(hand, seen=..., against=...)``, against the equilibrium of the game left too, and
with the commission against the game left as paid; a dealt round's exposed tile offered as
seen, said so, and cleared; no serious or moderate axe-core violation at 390×844."""

from __future__ import annotations

import math
from collections.abc import Callable

import httpx
import pytest

from serve_support import OPERATOR

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect  # noqa: E402

import paigow  # noqa: E402

HAND = ("6-6", "1-1", "4-5", "2-4")


def tap_hand(pg: Page, hand: tuple[str, ...], seen: tuple[str, ...]) -> None:
    pg.locator("#pick-hand").click()
    for pips in hand:
        pg.locator(f"#faces button[data-pips='{pips}']").click()
    pg.locator("#pick-seen").click()
    expect(pg.locator("#pick-seen")).to_have_attribute("aria-pressed", "true")
    for pips in seen:
        pg.locator(f"#faces button[data-pips='{pips}']").click()
    expect(pg.locator("#seen .chip")).to_have_count(len(seen))


def expect_library_values(pg: Page, hand: tuple[str, ...], seen: tuple[str, ...], against: str,
                          commission: bool = False) -> None:
    a = paigow.advise(" ".join(hand), seen=" ".join(seen), against=against, commission=commission)
    line = pg.locator("#advice-line")
    expect(line).to_have_attribute("data-opponent-hands", str(math.comb(28 - len(seen), 4)))
    assert a.opponent_hands == math.comb(28 - len(seen), 4)
    expect(pg.locator("#advice tbody tr")).to_have_count(len(a.options))
    for k, o in enumerate(a.options):
        expect(pg.locator(f"#advice tr[data-setting='{k}'] td[data-value]")).to_have_attribute("data-value", f"{o.value:.5f}")
    expect(pg.locator("#advice tr.best")).to_have_attribute("data-setting", str(a.best))
    expect(pg.locator("#advice-seen")).to_have_attribute("data-seen", " ".join(str(t) for t in a.seen))


def test_advice_with_tiles_seen(new_page: Callable[..., Page]) -> None:
    pg = new_page("/", locale="en-GB")  # 1024×768
    seen = ("3-3", "5-5", "6-6")
    tap_hand(pg, HAND, seen)
    # the hand holds one 6-6 and the tiles seen the other: no third is left to tap
    expect(pg.locator("#faces button[data-pips='6-6']")).to_be_disabled()
    expect(pg.locator("#faces button[data-pips='1-1']")).to_be_enabled()
    # against the equilibrium: the equilibrium of the game left (25 unseen tiles), solved on demand
    expect(pg.locator("#error")).to_be_hidden()
    expect_library_values(pg, HAND, seen, "equilibrium")
    pg.locator("#against").select_option("max-back")
    expect_library_values(pg, HAND, seen, "max-back")
    # a seen tile taken back: the advice follows, the 6-6 free again
    pg.locator("#seen .chip").nth(2).click()
    expect(pg.locator("#faces button[data-pips='6-6']")).to_be_enabled()
    expect_library_values(pg, HAND, seen[:2], "max-back")
    # the commission with the equilibrium: the equilibrium of the game left as paid (paigow.game.seenpaid)
    pg.locator("#against").select_option("equilibrium")
    pg.locator("#commission").check()
    expect(pg.locator("#error")).to_be_hidden()
    expect_library_values(pg, HAND, seen[:2], "equilibrium", commission=True)
    pg.locator("#against").select_option("max-back")
    expect_library_values(pg, HAND, seen[:2], "max-back", commission=True)


def test_a_dealt_rounds_exposed_tile_is_offered_as_seen(new_page: Callable[..., Page], served: object) -> None:
    url = served.url  # type: ignore[attr-defined]
    with httpx.Client(base_url=url, timeout=30) as c:
        r = c.post("/v1/tables", json={"banker": 0}, headers=OPERATOR)
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for action in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                       {"action": "deal", "hands": {"0": "3-3 5-5 2-2 4-6", "1": "6-6 1-1 4-5 2-4"}},
                       {"action": "expose", "position": 1, "tile": "6-6"}):
            got = c.post(f"/v1/tables/{tid}/actions", json=action, headers=auth)
            assert got.status_code == 200, (action, got.text)
        exposures = got.json()["state"]["round"]["deal"]["exposures"]
        assert [x["tile"] for x in exposures] == ["6-6"]
    pg = new_page(f"/#table={tid}&token={token}", locale="en-GB")
    expect(pg.locator("#table-view")).to_be_visible()
    pg.locator("#tab-advice").click()
    expect(pg.locator("#seen .chip")).to_have_count(1)
    expect(pg.locator("#seen .chip")).to_contain_text("Teen")
    expect(pg.locator("#seen-note")).to_be_visible()
    expect(pg.locator("#seen-note")).to_contain_text(f"table {tid}")
    expect(pg.locator("#seen-note")).to_contain_text("exposed")
    pg.locator("#against").select_option("max-back")
    banker = ("3-3", "5-5", "2-2", "4-6")
    for pips in banker:  # the banker's hand: position 1's tile is seen
        pg.locator(f"#faces button[data-pips='{pips}']").click()
    expect_library_values(pg, banker, ("6-6",), "max-back")
    # position 1's own hand: its exposed tile is its own, not seen (as Round.advice(1) has it)
    pg.locator("#clear").click()
    for pips in HAND:
        pg.locator(f"#faces button[data-pips='{pips}']").click()
    expect(pg.locator("#seen .chip")).to_have_count(0)
    expect(pg.locator("#seen-note")).to_contain_text("position 1's hand")
    expect(pg.locator("#advice-line")).to_have_attribute("data-opponent-hands", str(math.comb(28, 4)))
    pg.locator("#clear").click()
    for pips in banker:
        pg.locator(f"#faces button[data-pips='{pips}']").click()
    expect(pg.locator("#seen .chip")).to_have_count(1)
    expect_library_values(pg, banker, ("6-6",), "max-back")
    pg.locator("#clear-seen").click()  # the dealer may clear them: the full deck again, not offered again
    expect(pg.locator("#seen .chip")).to_have_count(0)
    expect(pg.locator("#seen-note")).to_be_hidden()
    expect(pg.locator("#advice-line")).to_have_attribute("data-opponent-hands", str(math.comb(28, 4)))
    pg.locator("#tab-table").click()
    pg.locator("#tab-advice").click()
    expect(pg.locator("#seen .chip")).to_have_count(0)


def test_the_advice_tab_at_390x844_passes_axe(new_page: Callable[..., Page]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    pg = new_page("/", viewport={"width": 390, "height": 844}, locale="en-GB")
    pg.locator("#against").select_option("max-back")
    tap_hand(pg, HAND, ("3-3", "5-5"))
    expect(pg.locator("#advice-line")).to_have_attribute("data-opponent-hands", str(math.comb(26, 4)))
    for lang in ("en", "zh-Hant"):
        pg.locator("#lang").select_option(lang)
        expect(pg.locator("html")).to_have_attribute("lang", lang)
        expect(pg.locator("#advice-seen")).to_be_visible()
        bad = [v for v in Axe().run(pg).response["violations"] if v.get("impact") in ("moderate", "serious", "critical")]
        assert not bad, [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:4]) for v in bad]


def test_at_most_24_tiles_seen(new_page: Callable[..., Page]) -> None:
    pg = new_page("/", locale="en-GB")
    pg.locator("#pick-seen").click()
    faces = pg.evaluate("() => [...document.querySelectorAll('#faces .face')].map((b) => b.dataset.pips)")
    from paigow.tiles import FACES

    copies = {str(f): f.copies for f in FACES}
    tapped = 0
    for pips in faces:
        for _ in range(copies[pips]):
            if tapped == 24:
                break
            pg.locator(f"#faces button[data-pips='{pips}']").click()
            tapped += 1
        if tapped < 24:  # every copy seen: that kind is used up
            expect(pg.locator(f"#faces button[data-pips='{pips}']")).to_be_disabled()
    expect(pg.locator("#seen .chip")).to_have_count(24)
    expect(pg.locator("#seen-count")).to_have_text("24 of at most 24")
    expect(pg.locator("#faces .face:enabled")).to_have_count(0)  # no 25th
    pg.locator("#pick-hand").click()  # the hand takes the tiles left: 32 - 24 = 8
    expect(pg.locator("#faces .face:enabled").first).to_be_visible()
    pg.locator("#seen .chip").first.click()
    expect(pg.locator("#seen .chip")).to_have_count(23)
