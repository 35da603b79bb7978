"""The players' display (issue 22): the table's public view as server-sent events from the journal
(order, resume with ``Last-Event-ID``, nothing face down, heartbeats, a bounded lifetime, another
process's actions on PostgreSQL), the display page in a browser, the dealer token's QR code, and
the hand names in the page's language.

Each stream test runs on every store the machine has (``db``: SQLite, and PostgreSQL when its
server binaries are installed). Every wait is bounded: a stream's events are awaited at most
``WAIT`` seconds, a stream lives at most its ``lifetime``, and the browser's waits 30 s."""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from serve_support import OPERATOR, ServeProcess, ThreadServer, ok

pytest.importorskip("sse_starlette", reason="the serve extra (sse-starlette) is not installed")

PIPS = re.compile(r"\b[1-6]-[1-6]\b")
WAIT = 30.0  # seconds an expected event may take on a loaded machine (not a speed test)


# -- an SSE client ----------------------------------------------------------------------------------
class Stream:
    """``GET /v1/tables/{id}/events`` read in a thread: each event (``id``, ``event``, ``data``,
    ``json``) into a queue, heartbeat comments counted; :meth:`close` ends it from the test (its
    connection shut at once)."""

    def __init__(self, url: str, tid: str, headers: dict[str, str] | None = None, **params: Any) -> None:
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.comments = 0
        self.status: int | None = None
        self.body = b""
        self.started = threading.Event()
        self.ended = threading.Event()
        self._response: httpx.Response | None = None
        self._closing = False
        params.setdefault("heartbeat", 1)
        self.thread = threading.Thread(target=self._run, args=(f"{url}/v1/tables/{tid}/events", headers or {}, params),
                                       daemon=True)
        self.thread.start()
        assert self.started.wait(WAIT), "the stream did not answer"

    def _run(self, url: str, headers: dict[str, str], params: dict[str, Any]) -> None:
        try:
            with httpx.stream("GET", url, headers=headers, params=params, timeout=httpx.Timeout(WAIT)) as r:
                self._response, self.status, self.headers = r, r.status_code, r.headers
                if r.status_code != 200:
                    self.body = r.read()
                    return
                self.started.set()
                ev: dict[str, str] = {}
                for line in r.iter_lines():
                    if self._closing:
                        return
                    if line == "":
                        if "data" in ev:
                            self.events.put({**ev, "json": json.loads(ev["data"])})
                        ev = {}
                    elif line.startswith(":"):
                        self.comments += 1
                    else:
                        k, _, v = line.partition(":")
                        v = v[1:] if v.startswith(" ") else v
                        ev[k] = ev[k] + "\n" + v if k == "data" and k in ev else v
        except httpx.HTTPError:
            if not self._closing:
                raise
        finally:
            self.started.set()
            self.ended.set()

    def next(self, timeout: float = WAIT) -> dict[str, Any]:
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event within {timeout} s") from None

    def upto(self, seq: int) -> list[dict[str, Any]]:
        """The events up to the one whose id is ``seq``."""
        out = []
        while not out or int(out[-1]["id"]) < seq:
            out.append(self.next())
        return out

    def close(self) -> None:
        self._closing = True
        self._hang_up()
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the stream did not end"

    def _hang_up(self) -> None:
        """The connection shut from this side now, as a display going away: the reading thread
        wakes at once instead of at the next heartbeat (a second each)."""
        r = self._response
        if r is None or self.ended.is_set():
            return
        stream = r.extensions.get("network_stream")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed: the thread is ending
                pass


def open_table(c: httpx.Client, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    t = ok(c.post("/v1/tables", json=body, headers=OPERATOR), 201)
    return t["id"], {"Authorization": f"Bearer {t['token']}"}, t


def act(c: httpx.Client, tid: str, auth: dict[str, str], **action: Any) -> dict[str, Any]:
    return ok(c.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))  # type: ignore[no-any-return]


@pytest.fixture()
def server(db: str) -> Iterator[ThreadServer]:
    s = ThreadServer(db, snapshot_every=1)  # a snapshot after every round: resuming starts from one
    yield s
    s.stop()


# -- what a player may see (docs/serve.md: "What a player's display may show") ------------------------
def unrevealed(ev: dict[str, Any]) -> str:
    """An event's data without a settled round's reveal of its stacks and secret (docs/serve.md
    "Provably fair": shown once the round is settled, never before)."""
    data = json.loads(ev["data"])
    r = (data.get("state") or {}).get("round")
    if r is not None and "reveal" in r:
        assert r["reveal"] is None or r["phase"] == "settled", r["phase"]
        r.pop("reveal")
    return json.dumps(data, ensure_ascii=False)


def allowed_tiles(dealer: dict[str, Any]) -> Counter[str]:
    """The tiles a player may see, from the dealer's view: those exposed, the banker's hand once
    the banker has set, every played position's once the round is settled."""
    r = dealer["round"]
    out: Counter[str] = Counter()
    if r is None:
        return out
    for e in r["deal"]["exposures"]:
        if e["tile"]:
            out[e["tile"]] += 1
    shown = {r["banker"]} if r["settings"][r["banker"]] is not None else set()
    if r["result"] is not None:
        shown |= {p["position"] for p in r["result"]["positions"] if p["outcome"] is not None and not p["sat_out"]}
    for p in shown:
        for t in (r["deal"]["hands"] or {}).get(str(p), []):
            out[t] += 4  # a turned hand's tiles: in the hand, its setting, the result's tiles and setting
    return out


ROUND: list[dict[str, Any]] = [
    {"action": "start_round", "stake": 1000}, {"action": "co_bank", "party": "house", "stake": 500},
    {"action": "bet", "position": 2, "amount": 100}, {"action": "bet", "position": 2, "amount": 300, "bettor": "ann"},
    {"action": "bet", "position": 5, "amount": 200}, {"action": "shuffle"}, {"action": "cut", "position": 3, "k": 2},
    {"action": "declare", "method": "from the first stack"}, {"action": "shake", "void": "tilted"}, {"action": "shake"}, {"action": "deal"},
    {"action": "expose", "position": 5, "tile": None},  # the tile: the first of position 5's hand
    {"action": "set_hand", "position": 2, "setting": 0}, {"action": "set_hand", "position": 2, "setting": 1},
    {"action": "set_hand", "position": 5, "setting": 2}, {"action": "set_hand", "position": 0, "setting": 0},
    {"action": "settle"}, {"action": "end_round"},
]


def play(c: httpx.Client, tid: str, auth: dict[str, str]) -> Iterator[dict[str, Any]]:
    """Play :data:`ROUND` on a live table, yielding each action's answer (the dealer's view)."""
    dealt: dict[str, Any] = {}
    for a in ROUND:
        if a["action"] == "expose":
            a = {**a, "tile": dealt["5"][0]}
        out = act(c, tid, auth, **a)
        if a["action"] == "deal":
            dealt = out["state"]["round"]["deal"]["hands"]
        yield out


# -- 1. the stream ---------------------------------------------------------------------------------------
def test_every_action_is_one_event_in_order_and_nothing_face_down(c: httpx.Client, server: ThreadServer) -> None:
    """A public live table followed through a whole round: one event per action (id = seq, in
    order), each the public view a viewer reads at that moment, none with a face-down tile."""
    tid, auth, created = open_table(c, public=True, banker=0)
    s = Stream(server.url, tid, lifetime=120)
    try:
        first = s.next()
        assert (first["id"], first["event"], first["json"]["seq"]) == ("0", "state", 0)
        assert first["json"]["state"] == ok(c.get(f"/v1/tables/{tid}"))
        assert s.headers["content-type"].startswith("text/event-stream")
        for out in play(c, tid, auth):
            dealer = out["state"]
            ev = s.next()
            assert ev["id"] == str(out["seq"]) and ev["json"]["seq"] == out["seq"], "one event per action, in order"
            assert ev["json"]["action"] == out["action"]
            state = ev["json"]["state"]
            assert state == ok(c.get(f"/v1/tables/{tid}")), f"{out['action']}: not the public view"
            extra = Counter(PIPS.findall(unrevealed(ev))) - allowed_tiles(dealer)
            assert not extra, f"{out['action']}: the stream shows face-down tiles {dict(extra)}"
            r = state["round"]
            if r is not None:
                assert r["deal"]["stacks"] is None
                turned = set(map(int, r["deal"]["hands"] or {}))
                assert turned <= ({r["banker"]} if dealer["round"]["settings"][r["banker"]] else set()) | (
                    {p["position"] for p in r["result"]["positions"]} if r["result"] else set())
            assert "drawn" not in ev["data"] and "seed" not in ev["data"]
        assert s.events.empty()  # nothing more than one event per action
    finally:
        s.close()


def test_the_turned_hands_and_the_ledger_reach_the_display(c: httpx.Client, server: ThreadServer) -> None:
    tid, auth, _ = open_table(c, public=True, banker=0)
    s = Stream(server.url, tid, lifetime=120)
    try:
        assert s.next()["id"] == "0"
        answers = list(play(c, tid, auth))
        events = {int(e["id"]): e["json"]["state"] for e in s.upto(answers[-1]["seq"])}
        deal = next(a for a in answers if a["action"] == "deal")
        assert events[deal["seq"]]["round"]["deal"]["hands"] == {}  # dealt: every hand face down
        banker_set = answers[ROUND.index({"action": "set_hand", "position": 0, "setting": 0})]
        assert events[banker_set["seq"]]["round"]["deal"]["hands"] == {"0": deal["state"]["round"]["deal"]["hands"]["0"]}
        assert events[banker_set["seq"]]["round"]["settings"][2] is None  # a player's setting stays face down
        settled = answers[ROUND.index({"action": "settle"})]
        assert events[settled["seq"]]["round"]["result"]["ledger"] == settled["state"]["round"]["result"]["ledger"]
        assert set(events[settled["seq"]]["round"]["deal"]["hands"]) == {"0", "2", "5"}
        assert events[answers[-1]["seq"]]["balances"] == answers[-1]["state"]["balances"]
    finally:
        s.close()


def test_last_event_id_resumes_after_it(c: httpx.Client, server: ThreadServer) -> None:
    """A display that reconnects with ``Last-Event-ID: N`` gets the actions after N, the same
    events a display that never dropped got, also across a snapshot; an unknown or future id
    gets the current state."""
    tid, auth, _ = open_table(c, public=True, mode="simulation", seed=21)
    s = Stream(server.url, tid, lifetime=120)
    try:
        whole = {0: s.next()}  # the state at the start, before any action
        for _ in range(2):  # two rounds: a snapshot after each (snapshot_every=1)
            for a in ({"action": "start_round", "stake": 1000}, {"action": "bet", "position": 1, "amount": 100},
                      {"action": "bet", "position": 4, "amount": 50}, {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"},
                      {"action": "deal"}, {"action": "settle", "strategy": "max-back"}, {"action": "end_round"}):
                last = act(c, tid, auth, **a)["seq"]
        whole.update({int(e["id"]): e for e in s.upto(last)})
        assert sorted(whole) == list(range(last + 1))
    finally:
        s.close()
    for k in (0, 3, 8, 11, last - 1):  # 8: the first round's end, where the snapshot is
        again = Stream(server.url, tid, headers={"Last-Event-ID": str(k)}, lifetime=60)
        try:
            got = again.upto(last)
            assert [int(e["id"]) for e in got] == list(range(k + 1, last + 1)), k
            assert [e["data"] for e in got] == [whole[int(e["id"])]["data"] for e in got], k
        finally:
            again.close()
    for bad in ("abc", str(last + 5), "-1"):
        again = Stream(server.url, tid, headers={"Last-Event-ID": bad}, lifetime=60)
        try:
            e = again.next()
            assert e["id"] == str(last) and e["data"] == whole[last]["data"], bad
        finally:
            again.close()


def test_heartbeats_and_a_bounded_lifetime(c: httpx.Client, server: ThreadServer) -> None:
    tid, _, _ = open_table(c, public=True)
    t0 = time.monotonic()
    s = Stream(server.url, tid, lifetime=2.5, heartbeat=1)
    try:
        assert s.next()["id"] == "0"
        assert s.ended.wait(WAIT), "the stream did not end"
        assert time.monotonic() - t0 < WAIT
        assert s.comments >= 1  # ": ping" while nothing happened
        assert s.events.empty()
    finally:
        s.close()
    r = c.get(f"/v1/tables/{tid}/events", params={"lifetime": 10_000})  # the server's bound, not the client's
    assert r.status_code == 422 and r.json()["code"] == "request.invalid"


def test_closing_the_table_ends_the_stream(c: httpx.Client, server: ThreadServer) -> None:
    tid, auth, _ = open_table(c, public=True)
    s = Stream(server.url, tid, lifetime=120)
    try:
        s.next()
        act(c, tid, auth, action="pass_bank")  # an action between rounds, then the close
        closed = ok(c.post(f"/v1/tables/{tid}/close", headers=OPERATOR))
        got = s.upto(closed["seq"])
        assert [(e["id"], e["event"]) for e in got] == [("1", "state"), ("2", "closed")]
        assert got[-1]["json"]["state"]["closed"] == closed["closed"]
        assert s.ended.wait(WAIT), "the stream did not end at the close"
    finally:
        s.close()
    late = Stream(server.url, tid, lifetime=60)  # a display started after the close: the last state, closed
    try:
        assert [late.next()["event"], late.next()["event"]] == ["state", "closed"]
        assert late.ended.wait(WAIT)
    finally:
        late.close()


def test_who_may_follow_a_table(c: httpx.Client, server: ThreadServer) -> None:
    """As reading it: anyone a public table; a private table only with its dealer token or its
    operator's key, and then too only the public view. A table that does not exist answers as
    one that may not be read."""
    private, _, _ = open_table(c)
    for tid, headers in ((private, {}), (private, {"Authorization": "Bearer wrong"}), ("0123456789abcdef", {})):
        s = Stream(server.url, tid, headers=headers, lifetime=5)
        assert s.status == 401 and json.loads(s.body)["code"] == "table.token"
        s.close()
    for who in ("dealer", "operator"):
        tid, auth, _ = open_table(c)
        s = Stream(server.url, tid, headers=auth if who == "dealer" else OPERATOR, lifetime=60)
        try:
            assert s.status == 200 and s.next()["id"] == "0"
            for a in ({"action": "start_round", "stake": 100}, {"action": "bet", "position": 1, "amount": 10},
                      {"action": "declare", "method": "from the first stack"}, {"action": "shake", "dice": [1, 2, 3, 4]},
                      {"action": "deal", "hands": {"0": "天 天 地 地", "1": "人 人 鹅 鹅"}}):
                seq = act(c, tid, auth, **a)["seq"]
            ev = s.upto(seq)[-1]
            assert ev["json"]["state"]["round"]["deal"]["hands"] == {} and not PIPS.findall(ev["data"]), who
        finally:
            s.close()


def test_actions_another_process_takes_reach_the_display(tmp_path_factory: pytest.TempPathFactory,
                                                         request: pytest.FixtureRequest) -> None:
    """PostgreSQL: the table is played through one ``paigow serve`` process and followed through
    another; every action reaches the display, as one event each, in order."""
    from serve_support import postgres_database

    pg = request.getfixturevalue("postgres")  # skips, saying why, without PostgreSQL
    db = postgres_database(pg)
    writer = ServeProcess(db)
    follower = ThreadServer(db)
    try:
        with httpx.Client(base_url=writer.url, timeout=WAIT) as w:
            tid, auth, _ = open_table(w, public=True, banker=0)
            s = Stream(follower.url, tid, lifetime=120)
            try:
                assert s.next()["id"] == "0"
                answers = list(play(w, tid, auth))
                got = s.upto(answers[-1]["seq"])
                assert [int(e["id"]) for e in got] == [a["seq"] for a in answers]
                with httpx.Client(base_url=follower.url, timeout=WAIT) as f:
                    assert got[-1]["json"]["state"] == ok(f.get(f"/v1/tables/{tid}"))
                for e, a in zip(got, answers):
                    assert not Counter(PIPS.findall(unrevealed(e))) - allowed_tiles(a["state"])
            finally:
                s.close()
    finally:
        follower.stop()
        writer.stop()


def test_the_follower_checks_the_chain(c: httpx.Client, server: ThreadServer, db: str) -> None:
    """A journal row changed behind the service's back: the display says the table cannot be
    shown (event ``quarantined``) and stops, instead of showing what the row says."""
    from paigow.serve.display import Follower, JournalReader
    from paigow.serve.journal import ReplayError

    tid, auth, _ = open_table(c, public=True)
    act(c, tid, auth, action="start_round", stake=100)
    act(c, tid, auth, action="bet", position=1, amount=10)
    reader = JournalReader(db)
    try:
        f = Follower(reader, tid)
        f.goto(2)
        assert f.event()["id"] == "2"
        _change(db, tid, 2, '{"action": "bet", "position": 1, "amount": 99999}')
        with pytest.raises(ReplayError, match="row 2"):
            Follower(reader, tid).goto(2)
        s = Stream(server.url, tid, lifetime=30)
        try:
            e = s.next()
            assert e["event"] == "quarantined" and "row 2" in e["json"]["message"]
            assert s.ended.wait(WAIT)
        finally:
            s.close()
    finally:
        reader.close()


def test_a_closed_reader_refuses_reads(c: httpx.Client, db: str) -> None:
    """After the app's shutdown closes the journal reader, a stream's worker thread that reads
    again gets ``ReaderClosed`` and opens no connection (one opened then would be left open: the
    garbage collector found such a PostgreSQL connection once, in whichever test ran next)."""
    from paigow.serve.display import Follower, JournalReader, ReaderClosed

    tid, auth, _ = open_table(c, public=True)
    act(c, tid, auth, action="start_round", stake=100)
    reader = JournalReader(db)
    f = Follower(reader, tid)
    assert reader.head(tid)[0] == 1 and reader._conn is not None
    reader.close()
    assert reader.closed and reader._conn is None
    for read in (lambda: reader.head(tid), f.forward, lambda: Follower(reader, tid)):
        with pytest.raises(ReaderClosed, match="closed"):
            read()
        assert reader._conn is None
    reader.close()  # twice is harmless
    assert reader._conn is None


def _change(db: str, tid: str, seq: int, action: str) -> None:
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute("UPDATE journal SET action = %s WHERE table_id = %s AND seq = %s", (action, tid, seq))
        return
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("UPDATE journal SET action = ? WHERE table_id = ? AND seq = ?", (action, tid, seq))
    conn.commit()
    conn.close()


# -- 2. the dealer token's QR code -------------------------------------------------------------------------
def qr_modules(svg: str) -> list[list[bool]]:
    """The modules an SVG of :func:`paigow.serve.qr.svg` draws (its path read back)."""
    from paigow.serve.qr import QUIET

    n = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    grid = [[False] * (n - 2 * QUIET) for _ in range(n - 2 * QUIET)]
    path = re.search(r'<path fill="#000" d="([^"]*)"', svg).group(1)  # type: ignore[union-attr]
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path):
        for k in range(int(w)):
            grid[int(y) - QUIET][int(x) - QUIET + k] = True
    assert re.sub(r"M\d+ \d+h(\d+)v1h-\1z", "", path) == "", "the path is only runs of modules"
    return grid


def test_the_qr_code_holds_exactly_the_resume_address(c: httpx.Client, server: ThreadServer) -> None:
    """Given once, at opening: the QR code's modules are segno's encoding of the resume address
    (``/#table=<id>&token=<token>``) and nothing else, a QR reader independent of segno (zxing-cpp)
    reads that address from the drawn code, and the token read from it resumes the table."""
    import numpy as np
    import segno

    from paigow.serve.qr import QUIET, resume_url

    tid, auth, created = open_table(c, public=False)
    expected = f"{server.url}/#table={tid}&token={created['token']}"
    assert resume_url(server.url + "/", tid, created["token"]) == expected
    grid = qr_modules(created["qr"])
    want = segno.make_qr(expected, error="m", boost_error=False)
    assert grid == [[bool(v) for v in row] for row in want.matrix]
    assert segno.make_qr(expected + "x", error="m", boost_error=False).matrix != want.matrix  # it would tell
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the drawn code")
    scale = 4
    img = np.full(((len(grid) + 2 * QUIET) * scale,) * 2, 255, dtype=np.uint8)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                img[(y + QUIET) * scale:(y + QUIET + 1) * scale, (x + QUIET) * scale:(x + QUIET + 1) * scale] = 0
    read = zxingcpp.read_barcodes(img)
    assert [b.text for b in read] == [expected]
    token = read[0].text.split("token=", 1)[1]
    assert ok(c.get(f"/v1/tables/{tid}", headers={"Authorization": f"Bearer {token}"}))["seq"] == 0
    # given this once: no read of the table carries it
    assert "qr" not in ok(c.get(f"/v1/tables/{tid}", headers=auth))


# -- 3. hand names in the page's language ------------------------------------------------------------------
def test_hand_and_tile_names_in_each_language() -> None:
    from paigow.hands import Hand
    from paigow.serve.names import LANGS, TRADITIONAL, every_hand, names
    from paigow.tiles import FACES, Tile

    hands = every_hand()
    assert len(hands) == 21 * 20 // 2 + 11  # every pair of faces, and the 11 faces the deck holds twice
    by_zh: dict[str, set[str]] = {}
    for h in hands:
        by_zh.setdefault(h.name_zh, set()).add(h.name_en)
    assert all(len(v) == 1 for v in by_zh.values())  # a Simplified name stands for one English name
    hant = names("zh-Hant")
    assert set(hant["hands"]) == set(by_zh) and len(hant["hands"]) == 107
    for zh, tr in hant["hands"].items():
        assert not set(tr) & set(TRADITIONAL), tr  # no simplified character left
        assert len(tr) == len(zh) and all(a == b or TRADITIONAL[a] == b for a, b in zip(zh, tr))
    assert [hant["hands"][Hand.parse(x).name_zh] for x in ("6-6 6-6", "4-6 4-6", "1-3 3-3", "3-3 1-5", "4-5 3-6", "1-6 2-6")] == \
        ["雙天", "雙紅頭十", "鵝牌密", "長牌二", "雙雜九", "高腳七五"]
    for t in FACES:  # a tile's Traditional name is one the engine reads, for a tile of the same rank
        assert Tile.parse(hant["tiles"][t.name_zh]).rank == t.rank, hant["tiles"][t.name_zh]
    assert names("zh-Hans")["hands"] == {zh: zh for zh in by_zh}
    assert names("en")["hands"] == {zh: en.pop() for zh, en in ((k, set(v)) for k, v in by_zh.items())}
    pt = names("pt")
    assert pt["hands"]["双天"] == "Par de Teen" and pt["hands"]["天九王"] == "Teen Wong" and pt["hands"]["鹅牌七"] == "Gor 7"
    assert pt["tiles"]["大鸡六"] == "Gee Joon seis" and pt["tiles"]["细鸡"] == "Gee Joon três"
    assert set(LANGS) == {"zh-Hant", "zh-Hans", "pt", "en"}
    with pytest.raises(ValueError, match="no names in 'fr'"):
        names("fr")


def test_the_names_endpoint(c: httpx.Client) -> None:
    from paigow.serve.names import names

    for lang in ("zh-Hant", "zh-Hans", "pt", "en"):
        assert ok(c.get("/v1/names", params={"lang": lang})) == names(lang)
    r = c.get("/v1/names", params={"lang": "fr"})
    assert r.status_code == 422 and r.json()["code"] == "request.invalid"


# -- 4. in a browser: the display page and the dealer's page -------------------------------------------------
# conftest.py: the session's browser, the served process (``served``), pages closed after each
# test (``new_page``) and the accessibility check (``axe``)
TABLET = {"width": 1024, "height": 768}


def test_the_display_follows_a_round_live(new_page: Any, served: ServeProcess, axe: Any) -> None:
    """At 1024x768 in Traditional Chinese, the display follows a round the dealer plays through
    the API: bets, dice, the banker's hand once turned (its names in Traditional characters), the
    players' hands at settlement, outcomes and the ledger; nothing face down at any point; axe
    finds no serious violation; it fits the screen."""
    from playwright.sync_api import expect

    from paigow.serve.names import names

    hant = names("zh-Hant")["hands"]
    with httpx.Client(base_url=served.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True, banker=0)
        pg = new_page(f"/display/{tid}", viewport=TABLET, locale="zh-MO", touch=False)
        expect(pg.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(pg.locator("body")).to_have_attribute("data-seq", "0")
        act(c, tid, auth, action="start_round", stake=20000)
        act(c, tid, auth, action="bet", position=1, amount=1500)
        act(c, tid, auth, action="bet", position=1, amount=500, bettor="ann")
        act(c, tid, auth, action="bet", position=4, amount=300)
        expect(pg.locator("body")).to_have_attribute("data-seq", "4")
        expect(pg.locator("#bets-1 li")).to_have_text(["P1 1,500", "ann 500"])
        expect(pg.locator("#bank")).to_have_text("20,000")
        expect(pg.locator("#phase")).to_have_text("下注")
        axe(pg, "betting")
        act(c, tid, auth, action="declare", method="from the first stack")
        act(c, tid, auth, action="shake", dice=[3, 5, 6, 2])
        # the tiles dealt, entered by the dealer: the banker 鹅鹅 杂九 杂九, the players others
        st = act(c, tid, auth, action="deal", hands={"0": "1-3 1-3 4-5 3-6", "1": "4-4 4-4 5-6 4-6", "4": "2-2 2-2 1-5 1-6"})
        expect(pg.locator("#dice .die")).to_have_text(["3", "5", "6", "2"])
        expect(pg.locator("#dice-total")).to_have_text("共 16 點")
        expect(pg.locator("body")).to_have_attribute("data-seq", str(st["seq"]))
        assert pg.locator("#positions img").count() == 0  # dealt: every hand face down
        act(c, tid, auth, action="set_hand", position=1, setting=0)
        st = act(c, tid, auth, action="set_hand", position=4, setting=0)
        expect(pg.locator("#set-1")).to_have_text("已排（未開）")
        expect(pg.locator("body")).to_have_attribute("data-seq", str(st["seq"]))
        assert pg.locator("#positions img").count() == 0
        st = act(c, tid, auth, action="set_hand", position=0, setting=0)["state"]
        s0 = st["round"]["settings"][0]
        expect(pg.locator("#names-0")).to_have_text(f"{hant[s0['front']]} | {hant[s0['back']]}")
        expect(pg.locator("#names-0")).to_contain_text("雙鵝")  # Traditional: not 双鹅
        expect(pg.locator("#tiles-0 img")).to_have_count(4)
        assert pg.locator("#tiles-1 img, #tiles-4 img").count() == 0  # the players' hands: still face down
        out = act(c, tid, auth, action="settle")
        res = out["state"]["round"]["result"]
        expect(pg.locator("body")).to_have_attribute("data-seq", str(out["seq"]))
        for p in res["positions"]:
            if p["role"] == "player":
                expect(pg.locator(f"#outcome-{p['position']}")).to_have_attribute("data-outcome", p["outcome"])
                expect(pg.locator(f"#names-{p['position']}")).to_have_text(f"{hant[p['front']]} | {hant[p['back']]}")
        amounts = [int(x.get_attribute("data-amount") or 0) for x in pg.locator("#ledger-changes td[data-amount]").all()]
        assert sum(amounts) == 0 and len(amounts) == len(res["ledger"]["changes"]) + 1  # the changes and the commission
        assert pg.evaluate("document.documentElement.scrollHeight") <= TABLET["height"] + 1
        axe(pg, "settled")
        shots = os.environ.get("PAIGOW_SCREENSHOTS")
        if shots == "docs":
            pg.screenshot(path=str(__import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "display-tablet.png"))
        # the language switched on the screen: names and numbers follow it
        pg.locator("#lang").select_option("pt")
        expect(pg.locator("#bank")).to_have_text(re.compile(r"^20\s000$"))  # pt-MO groups with a space
        expect(pg.locator("#names-0")).to_contain_text("Par de Gor")
        pg.locator("#lang").select_option("zh-Hans")
        expect(pg.locator("#names-0")).to_contain_text("双鹅")
        act(c, tid, auth, action="end_round")
        expect(pg.locator("#balance-table")).to_be_visible()


# what the display's page receives, as the browser hands it over: the id of each event it takes
# (the page's own module keeps nothing the test could read)
EVENT_IDS = """window.eventIds = [];
const Native = window.EventSource;
window.EventSource = class extends Native {
  addEventListener(type, fn, options) {
    const take = (ev) => { window.eventIds.push(Number(ev.lastEventId)); return fn(ev); };
    return super.addEventListener(type, type === "state" || type === "closed" ? take : fn, options);
  }
};"""


def test_the_display_reconnects_when_its_stream_ends(new_page: Any, served: ServeProcess) -> None:
    """Streams of 1 s: the browser reconnects after each with ``Last-Event-ID`` and the display
    shows every action taken meanwhile, each once."""
    from playwright.sync_api import expect

    with httpx.Client(base_url=served.url, timeout=WAIT) as c:
        tid, auth, _ = open_table(c, public=True)
        pg = new_page(viewport=TABLET, locale="en-GB", touch=False)
        pg.add_init_script(EVENT_IDS)
        streams: list[str] = []
        pg.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
        pg.goto(f"{served.url}/display/{tid}?lifetime=1")
        expect(pg.locator("body")).to_have_attribute("data-seq", "0")
        act(c, tid, auth, action="start_round", stake=1000)
        for k in range(1, 4):
            # the stream ended (1 s) and the browser asks again (retry 1 s): the action is taken
            # as the new stream starts, and the display must not miss it nor show it twice
            with pg.expect_request(lambda r: "/events" in r.url, timeout=WAIT * 1000):
                pass
            act(c, tid, auth, action="bet", position=k, amount=100 * k)
            expect(pg.locator("body")).to_have_attribute("data-seq", str(k + 1))
        expect(pg.locator("#bets-3 li")).to_have_text(["P3 300"])
        assert len(streams) >= 4, streams  # the browser reconnected after each stream
        # each action's event once, in order: every reconnection resumed after the last event seen
        # (a fresh stream would have sent the current state again)
        assert pg.evaluate("window.eventIds") == [0, 1, 2, 3, 4]


def test_the_display_of_a_private_table_says_why(new_page: Any, served: ServeProcess) -> None:
    from playwright.sync_api import expect

    with httpx.Client(base_url=served.url, timeout=WAIT) as c:
        tid, _, _ = open_table(c)
    pg = new_page(f"/display/{tid}", viewport=TABLET, locale="en-GB", touch=False)
    expect(pg.locator("#conn")).to_contain_text("table.token")


def test_the_dealers_page_names_hands_in_traditional_chinese_and_prints_the_token(new_page: Any, served: ServeProcess,
                                                                                  axe: Any) -> None:
    """zh-Hant: the settings the dealer taps are named in Traditional characters (雙, not 双);
    the token screen shows the QR code to print; its address resumes the table on another device
    and leaves the address bar without the token."""
    from playwright.sync_api import expect

    pg = new_page("/", viewport=TABLET, locale="zh-MO", touch=False, operator=True)
    expect(pg.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(pg.locator("#faces button[data-pips='4-5'] .zh")).to_have_text("雜九")
    pg.locator("#tab-table").click()
    pg.locator("#create-table").click()
    qr = pg.locator("#token-qr")
    expect(qr).to_be_visible()
    assert (qr.get_attribute("src") or "").startswith("data:image/svg+xml")
    expect(qr).to_have_attribute("alt", re.compile("二維碼"))
    tid, token = pg.locator("#new-table-id").inner_text(), pg.locator("#new-token").inner_text()
    axe(pg, "token with its QR code")
    pg.locator("#token-noted").click()
    pg.locator("#stake").fill("1000")
    pg.locator("#stake").press("Enter")
    expect(pg.locator("#seq")).to_have_text("1")
    pg.locator("#to-bets").click()
    pg.locator("#bet-amt-1").fill("100")
    pg.locator("button#bet-1").click()
    expect(pg.locator("#seq")).to_have_text("2")
    pg.locator("#to-dice").click()
    pg.locator("#declare-method").fill("從第一疊發牌")   # Art. 4.4: before the shake
    pg.locator("#declare-method").press("Enter")
    expect(pg.locator("#declared")).to_have_text("已宣佈：從第一疊發牌")
    pg.locator("#dice").fill("3 5 6 2")
    pg.locator("#dice").press("Enter")
    expect(pg.locator("body")).to_have_attribute("data-step", "tiles")
    pg.locator("#enter-0").click()
    for pips in ("6-6", "6-6", "1-3", "1-3"):
        pg.locator(f"#pick-{pips}").click()
    for pips in ("4-4", "4-4", "4-5", "3-6"):
        pg.locator(f"#pick-{pips}").click()
    pg.locator("button#deal-entered").click()
    expect(pg.locator("#seq")).to_have_text("5")
    banker = pg.locator("#settings-0 .setbtn")
    expect(banker).to_have_count(3)
    expect(banker.first).to_contain_text("雙天")  # 天天 | 鹅鹅 in the first setting: pairs, in Traditional
    text = " ".join(pg.locator("#table-main .setbtn").all_inner_texts())
    assert "雙" in text and "双" not in text and "鵝" in text and "鹅" not in text, text
    pg.context.close()
    # the printed code's address, opened on another device
    other = new_page(viewport=TABLET, locale="en-GB", touch=False)
    other.goto(f"{served.url}/#table={tid}&token={token}")
    expect(other.locator("#table-id")).to_have_text(tid, timeout=30_000)
    expect(other.locator("#seq")).to_have_text("5")
    assert token not in other.url
    # a second code scanned while the page is open (the same page, a new fragment)
    with httpx.Client(base_url=served.url, timeout=WAIT) as c:
        second, _, made = open_table(c)
    other.evaluate("h => { location.hash = h; }", f"table={second}&token={made['token']}")
    expect(other.locator("#table-id")).to_have_text(second)
    assert made["token"] not in other.url
