"""The dealer's pages, issue 32 ("The dealer's screen, part 2"): amounts read in the page's
language and shown back as read, one tap one action (a write in flight says so, a tap during it is
refused visibly and what was typed survives, a double tap is one action), an opening whose answer
was lost finds its table (a client key, checked on both stores through ``client`` too), the deal's
steps shown, a reload that resumes the round's step, a public table's display, the void shake and
the exposed tile, and the way back from Fish-Prawn-Crab to Pai Gow. Answers are held by deferring
Playwright's route (no sleep); every wait is an ``expect``."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR_KEY, start_betting

STATIC = Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static"
AUTH = {"Authorization": f"Bearer {OPERATOR_KEY}"}

# (typed, page language) -> the value read, or the code of the refusal
CASES = [("12,5", "en", "groups"), ("2.5", "en", "decimals"), ("1.000,00", "pt", "decimals"), ("1.000,00", "en", "decimals"),
         ("1e3", "en", "exponent"), ("-5", "en", "sign"), ("+5", "zh-Hant", "sign"), ("1,00,000", "en", "groups"),
         ("12a", "pt", "chars"), ("1,000", "pt", "decimals"), ("1.000 000", "pt", "groups"), ("99999999999999999", "en", "large"),
         ("1,000", "en", 1000), ("1,000", "zh-Hans", 1000), ("1.000", "pt", 1000), ("1 000", "pt", 1000),
         ("1\u00a0000", "pt", 1000), ("１００", "zh-Hant", 100), (" 250 ", "en", 250), ("1,000,000", "en", 1_000_000)]


def test_the_amount_parser_under_node(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path / "amounts.mjs"
    script.write_text(f"""import {{ parseAmount, echoAmount }} from {json.dumps((STATIC / "amounts.js").as_uri())};
const cases = {json.dumps([[t, lang] for t, lang, _ in CASES])};
console.log(JSON.stringify({{ parsed: cases.map(([t, l]) => parseAmount(t, l)), empty: parseAmount("  ", "en"),
  echo: [echoAmount("1,000", "en").text, echoAmount("1.000", "pt").text, echoAmount("12,5", "en").text] }}));""")
    out = json.loads(subprocess.run([node, str(script)], capture_output=True, text=True, check=True, timeout=60).stdout)
    for (typed, lang, want), got in zip(CASES, out["parsed"]):
        if isinstance(want, int):
            assert got == {"value": want}, (typed, lang, got)
        else:
            assert got["code"] == want and got["error"], (typed, lang, got)
    assert out["empty"]["empty"] is True
    assert out["echo"][:2] == ["= 1,000", "= 1000"] and "three" in out["echo"][2]


# -- the client key: an opening whose answer was lost, on both stores ----------------------------------------

def test_an_opening_repeated_with_its_client_key_answers_the_same_table(client: httpx.Client) -> None:
    body = {"banker": 0, "client_key": "k-" + "a1b2c3d4e5f6"}
    first = client.post("/v1/tables", json=body, headers=AUTH)
    again = client.post("/v1/tables", json=body, headers=AUTH)
    assert first.status_code == again.status_code == 201, (first.text, again.text)
    a, b = first.json(), again.json()
    assert a["id"] == b["id"] and a["token"] != b["token"] and b["qr"]
    tid = a["id"]
    # the lost answer's token no longer works; the repeat's does
    assert client.get(f"/v1/tables/{tid}", headers={"Authorization": f"Bearer {a['token']}"}).status_code == 401
    assert client.get(f"/v1/tables/{tid}", headers={"Authorization": f"Bearer {b['token']}"}).json()["seq"] == 0
    other = client.post("/v1/tables", json={**body, "client_key": "another-key-1"}, headers=AUTH).json()
    plain = [client.post("/v1/tables", json={"banker": 0}, headers=AUTH).json()["id"] for _ in range(2)]
    assert len({tid, other["id"], *plain}) == 4
    assert client.post("/v1/tables", json={**body, "client_key": "bad key!"}, headers=AUTH).status_code == 422
    for t in (tid, other["id"], *plain):
        client.post(f"/v1/tables/{t}/close", json={}, headers=AUTH)
    # a Fish-Prawn-Crab table the same way
    p1, p2 = (client.post("/v1/pcc/tables", json={"client_key": "pcc-key-123"}, headers=AUTH).json() for _ in range(2))
    assert p1["id"] == p2["id"] and p1["token"] != p2["token"]
    client.post(f"/v1/tables/{p1['id']}/close", json={}, headers=AUTH)
    pub = client.post("/v1/tables", json={"banker": 0, "public": True}, headers=AUTH).json()
    assert pub["display"].endswith(f"/display/{pub['id']}") and pub["display_qr"].startswith("<svg")
    client.post(f"/v1/tables/{pub['id']}/close", json={}, headers=AUTH)


# -- the browser ---------------------------------------------------------------------------------------------

@pytest.fixture()
def pw() -> Any:
    return pytest.importorskip("playwright.sync_api", reason="playwright is not installed")



def test_amounts_are_read_in_the_pages_language_shown_back_and_refused_with_the_reason(
        new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    for typed, why in (("12,5", "groups of three"), ("2.5", "no decimals"), ("1e3", "No exponent"), ("1.000,00", "no decimals")):
        pg.locator("#bet-amt-1").fill(typed)
        expect(pg.locator("#msg-bet-1")).to_contain_text(why)  # as it is typed
        pg.locator("#bet-amt-1").press("Enter")
        expect(pg.locator("#msg-bet-1.error")).to_contain_text(why)  # refused next to the field, nothing sent
        expect(pg.locator("#seq")).to_have_text("1")
    pg.locator("#bet-amt-1").fill("1,000")
    expect(pg.locator("#msg-bet-1")).to_have_text("= 1,000")  # shown back as read
    pg.locator("#bet-amt-1").press("Enter")
    expect(pg.locator("#placed-1")).to_have_text("P1 1,000")
    # Portuguese: 1.000 is one thousand, 1,5 a decimal refused
    pg.locator("#lang").select_option("pt")
    pg.locator("#bet-amt-2").fill("1,5")
    expect(pg.locator("#msg-bet-2")).to_contain_text("sem decimais")
    pg.locator("#bet-amt-2").fill("1.000")
    pg.locator("#bet-amt-2").press("Enter")
    expect(pg.locator("#seq")).to_have_text("3")
    expect(pg.locator("#placed-2")).to_have_text("P2 1000")
    # Fish-Prawn-Crab's stake
    pc = new_page("/pcc", locale="en-GB")
    pc.locator("#operator-key").fill(OPERATOR_KEY)
    pc.locator("#create-table").click()
    pc.locator("#token-noted").click()
    pc.locator("#player").fill("Ana")
    pc.locator("#stake").fill("2.5")
    expect(pc.locator("#stake-echo")).to_contain_text("no decimals")
    pc.locator("#spot-small").click()
    expect(pc.locator("#msg-board")).to_contain_text("no decimals")
    expect(pc.locator("#seq")).to_have_text("0")
    pc.locator("#stake").fill("1,000")
    expect(pc.locator("#stake-echo")).to_have_text("= 1,000")
    pc.locator("#spot-small").click()
    expect(pc.locator("#slip tbody tr")).to_have_count(1)
    expect(pc.locator("#slip tbody tr td.num")).to_have_text("1,000")


def test_a_bet_typed_while_one_is_sent_is_kept_and_its_tap_refused_visibly(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    held: list[Any] = []
    pg.route("**/actions?*", lambda route: held.append(route))  # the answer held until released below
    pg.locator("#bet-amt-1").fill("100")
    pg.locator("#bet-amt-1").press("Enter")
    expect(pg.locator("button#bet-1")).to_have_text("Sending…")  # the write in flight, on its button
    pg.locator("#bet-amt-3").fill("300")
    pg.locator("#bet-amt-3").press("Enter")
    expect(pg.locator("#msg-bet-3")).to_contain_text("Not sent")  # refused, visibly
    assert len(held) == 1
    held[0].continue_()  # released: the answer reaches the page
    pg.unroute("**/actions?*")
    expect(pg.locator("#seq")).to_have_text("2")
    expect(pg.locator("#placed-1")).to_have_text("P1 100")
    expect(pg.locator("#bet-amt-1")).to_have_value("")       # the bet sent: its form cleared
    expect(pg.locator("#bet-amt-3")).to_have_value("300")    # the one typed meanwhile survives the redraw
    expect(pg.locator("#msg-bet-3")).to_contain_text("tap again")
    expect(pg.locator("button#bet-1")).to_have_text("Bet")
    pg.locator("#bet-amt-3").press("Enter")
    expect(pg.locator("#placed-3")).to_have_text("P3 300")
    expect(pg.locator("#seq")).to_have_text("3")


# a tap, then the same tap again as soon as the first answer is drawn (a double tap's second half)
AGAIN = """async (sel) => {
  const seq = () => document.querySelector('#seq').textContent;
  const before = seq();
  document.querySelector(sel).click();
  while (seq() === before) await new Promise(requestAnimationFrame);
  document.querySelector(sel).click();
}"""


def test_a_double_tap_is_one_action_on_both_pages(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    sent: list[str] = []
    pg.on("request", lambda r: sent.append(r.url) if "/actions" in r.url else None)
    pg.locator("#bet-amt-3").fill("300")
    pg.evaluate(AGAIN, "button#bet-3")
    expect(pg.locator("#seq")).to_have_text("2")
    expect(pg.locator("body[data-busy]")).to_have_count(0)
    expect(pg.locator("#msg-bet-3")).to_be_empty()  # no spurious request.invalid, no "type an amount"
    expect(pg.locator("#placed-3")).to_have_text("P3 300")
    assert len(sent) == 1, sent
    pc = new_page("/pcc", locale="en-GB")
    pc.locator("#operator-key").fill(OPERATOR_KEY)
    pc.locator("#create-table").click()
    pc.locator("#token-noted").click()
    pc.locator("#player").fill("Ana")
    pc.locator("#stake").fill("100")
    psent: list[str] = []
    pc.on("request", lambda r: psent.append(r.url) if "/actions" in r.url else None)
    pc.evaluate(AGAIN, "#spot-big")
    expect(pc.locator("#seq")).to_have_text("1")
    expect(pc.locator("body[data-busy]")).to_have_count(0)
    pc.locator("#spot-small").click()  # another spot is another bet
    expect(pc.locator("#seq")).to_have_text("2")
    expect(pc.locator("#slip tbody tr")).to_have_count(2)
    assert len(psent) == 2, psent


def test_a_lost_answer_on_opening_finds_the_table_it_opened(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    listed = "k => fetch('/v1/tables', {headers: {Authorization: 'Bearer ' + k}}).then(r => r.json()).then(j => j.tables.length)"
    before = pg.evaluate(listed, OPERATOR_KEY)
    opened: list[str] = []

    def lose(route: Any) -> None:  # the service opens the table; its answer never reaches the page
        opened.append(route.fetch().json()["id"])
        route.abort("connectionreset")

    pg.route("**/v1/tables", lose)
    pg.locator("#tab-table").click()
    pg.locator("#create-table").click()
    expect(pg.locator("#msg-open")).to_contain_text("tap “Open the table” again")
    pg.unroute("**/v1/tables")
    pg.locator("#create-table").click()
    expect(pg.locator("#new-token")).not_to_be_empty()
    assert opened and pg.locator("#new-table-id").inner_text() == opened[0]
    assert pg.evaluate(listed, OPERATOR_KEY) == before + 1  # one table, not two
    pg.locator("#token-noted").click()
    expect(pg.locator("body")).to_have_attribute("data-step", "between")  # the token shown works
    # the next opening is another intent: another table
    pg.locator("#tables-menu").click()
    pg.locator("#create-table").click()
    pg.locator("#open-another").click()
    expect(pg.locator("#new-table-id")).not_to_have_text(opened[0])


def test_each_step_shows_what_it_did_void_shake_and_exposed_tile(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    pg.locator("#bet-amt-1").fill("100")
    pg.locator("#bet-amt-1").press("Enter")
    expect(pg.locator("#seq")).to_have_text("2")
    pg.locator("#to-dice").click()
    pg.locator("button#shuffle").click()
    expect(pg.locator("#shuffled")).to_be_visible()  # the shuffle confirmed
    pg.locator("#cut-pos").select_option("1")
    pg.locator("#cut-k").fill("3")
    pg.locator("button#cut").click()
    expect(pg.locator("#cut-done-0")).to_contain_text("position 1, 3 stacks")
    pg.locator("#declare-method").fill("from the first stack")
    pg.locator("button#declare").click()
    expect(pg.locator("#declared")).to_be_visible()
    pg.locator("#void-shake summary").click()
    pg.locator("#void-tilted").click()
    expect(pg.locator("#shake-done-0")).to_contain_text("tilted")  # a void shake, shown
    expect(pg.locator("body")).to_have_attribute("data-step", "dice")
    pg.locator("#dice").fill("3 5 6 2")
    pg.locator("button#shake").click()
    expect(pg.locator("body")).to_have_attribute("data-step", "tiles")
    expect(pg.locator("#shake-result")).to_contain_text("3 5 6 2 = 16")  # the dice, and who takes the first stack
    first = pg.locator("#shake-result").get_attribute("data-first")
    expect(pg.locator("#first-stack")).to_have_text(f"position {first} takes the first stack")
    pg.locator("button#deal").click()
    expect(pg.locator("body")).to_have_attribute("data-step", "settings")
    pg.locator("#expose-box summary").click()
    pg.locator("#expose-pos").select_option("1")
    src = pg.locator("#settings-1 .hand-tiles img").first.get_attribute("src") or ""
    pg.locator("#expose-tile").select_option(src.removeprefix("/static/tile-").removesuffix(".svg"))  # a tile it holds
    pg.locator("button#expose").click()
    expect(pg.locator("#exposed")).to_contain_text("Position 1")


def test_a_reload_resumes_the_rounds_step_with_what_the_table_holds(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    pg.locator("#bet-amt-1").fill("100")
    pg.locator("#bet-amt-1").press("Enter")
    expect(pg.locator("#seq")).to_have_text("2")
    pg.reload()
    expect(pg.locator("body")).to_have_attribute("data-step", "bets")  # not the Advice tab, not the stake
    expect(pg.locator("#placed-1")).to_have_text("P1 100")
    pg.locator("#to-dice").click()
    pg.locator("button#shuffle").click()
    expect(pg.locator("#shuffled")).to_be_visible()
    pg.reload()
    expect(pg.locator("body")).to_have_attribute("data-step", "dice")
    expect(pg.locator("#shuffled")).to_be_visible()
    pg.locator("#declare-method").fill("as entered")
    pg.locator("button#declare").click()
    expect(pg.locator("#declared")).to_be_visible()
    pg.locator("#dice").fill("3 5 6 2")
    pg.locator("button#shake").click()
    expect(pg.locator("body")).to_have_attribute("data-step", "tiles")
    pg.locator("#enter-0").click()
    pg.locator("#pick-6-6").click()
    pg.locator("#pick-1-1").click()
    expect(pg.locator(".slot[data-pos='0'] .chip")).to_have_count(2)
    pg.reload()
    expect(pg.locator("body")).to_have_attribute("data-step", "tiles")
    expect(pg.locator(".slot[data-pos='0'] .chip")).to_have_count(2)  # entered, not yet sent: kept


def test_a_public_table_shows_its_display_and_a_private_ones_display_says_so(new_page: Callable[..., Any], pw: Any) -> None:
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    pg.locator("#tab-table").click()
    pg.locator("#new-public").check()
    pg.locator("#create-table").click()
    tid = pg.locator("#new-table-id").inner_text()
    expect(pg.locator("#display-url")).to_have_attribute("href", f"{pg.url.split('/#')[0].rstrip('/')}/display/{tid}")
    expect(pg.locator("#display-qr")).to_be_visible()
    disp = new_page(f"/display/{tid}", locale="en-GB")
    expect(disp.locator("body")).to_have_attribute("data-conn", "live")
    pg.locator("#token-noted").click()
    pg.locator("#tables-menu").click()
    pg.locator("#create-table").click()
    pg.locator("#open-another").click()
    expect(pg.locator("#display-private")).to_be_visible()
    private = pg.locator("#new-table-id").inner_text()
    disp2 = new_page(f"/display/{private}", locale="en-GB")
    expect(disp2.locator("body")).to_have_attribute("data-conn", "private")
    expect(disp2.locator("#conn")).to_contain_text("private")


def test_fish_prawn_crab_links_back_to_pai_gow(new_page: Callable[..., Any], pw: Any) -> None:
    pc = new_page("/pcc", locale="en-GB")
    pc.locator("#to-paigow").click()
    pw.expect(pc.locator("#tab-table")).to_be_visible()


def test_a_lost_answer_on_a_phone_is_told_beside_the_bet(new_page: Callable[..., Any], pw: Any) -> None:
    # item 14: the notice sits under the bet it concerns, both on screen, not at the top of the page
    # while the bet is scrolled away
    expect = pw.expect
    pg = new_page("/", viewport={"width": 390, "height": 844}, locale="en-GB", operator=True)
    start_betting(pg)

    def lose(route: Any) -> None:  # the service takes the bet; its answer never reaches the page
        route.fetch()
        route.abort("connectionreset")

    pg.route("**/actions?*", lose)
    pg.locator("#bet-amt-7").fill("700")  # the last card, at the foot of the phone's page
    pg.locator("#bet-amt-7").press("Enter")
    notice = pg.locator("#msg-bet-7.notice")
    expect(notice).to_contain_text("took the action")
    pg.unroute("**/actions?*")
    expect(pg.locator("#seq")).to_have_text("2")
    expect(pg.locator("#placed-7")).to_have_text("P7 700")
    assert pg.evaluate("document.documentElement.scrollHeight") > 844  # the page scrolls on a phone
    expect(notice).to_be_in_viewport()
    expect(pg.locator("#bet-card-7 h3")).to_be_in_viewport()  # the bet it concerns, beside it
    expect(pg.locator("#msg-phase")).to_be_empty()
    card, box = pg.locator("#bet-card-7").bounding_box(), notice.bounding_box()
    assert card and box and card["y"] <= box["y"] and box["y"] + box["height"] <= card["y"] + card["height"] + 1


def test_an_amount_typed_and_not_sent_is_not_carried_into_the_next_round(new_page: Callable[..., Any], pw: Any) -> None:
    """A draft (typed, never sent) belongs to its round: the next round's bets start empty, so no
    stale amount is waiting to be sent for the wrong round."""
    expect = pw.expect
    pg = new_page("/", locale="en-GB", operator=True)
    start_betting(pg)
    pg.locator("#bet-amt-1").fill("100")
    pg.locator("#bet-amt-1").press("Enter")
    expect(pg.locator("#seq")).to_have_text("2")
    pg.locator("#bet-amt-2").fill("70")                 # typed, never placed
    pg.locator("#to-dice").click()
    pg.locator("button#shuffle").click()
    pg.locator("#declare-method").fill("as entered")
    pg.locator("button#declare").click()
    pg.locator("#dice").fill("3 5 6 2")
    pg.locator("button#shake").click()
    pg.locator("button#deal").click()
    for pos in (1, 0):
        pg.locator(f"#settings-{pos} .setbtn.best").click()
        expect(pg.locator(f"#settings-{pos} h3 .chosen")).to_have_count(1)
    pg.locator("button#settle").click()
    expect(pg.locator("#ledger-changes")).to_be_visible()
    pg.locator("button#end-round").click()
    expect(pg.locator("#balance-table")).to_be_visible()
    # the stake left empty: the banker goes on with the stake carried (Art. 4.9), whatever the live
    # shuffle gave; a typed 1000 was refused (stake.lowered) whenever the banker had won the 100
    pg.locator("#stake").fill("")
    pg.locator("button#start-round").click()
    pg.locator("#to-bets").click()
    expect(pg.locator("#bet-amt-1")).to_be_visible()
    expect(pg.locator("#bet-amt-2")).to_have_value("")
    expect(pg.locator("#placed-1")).to_have_text("")
