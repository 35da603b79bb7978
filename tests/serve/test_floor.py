"""The service on a casino floor (issue 23): what a player must not see, who may open a table,
live randomness, hosts and headers, start and failures, history, the tamper-evident journal.

Each test runs against every store the machine has (``store``: SQLite, and PostgreSQL when its
server binaries are installed; CI installs them)."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from paigow.serve.tables import Table
from serve_support import OPERATOR, OPERATOR_KEY, ThreadServer, err, ok

PIPS = re.compile(r"\b[1-6]-[1-6]\b")


@pytest.fixture()
def c(server: ThreadServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def open_table(c: httpx.Client, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    t = ok(c.post("/v1/tables", json=body, headers=OPERATOR), 201)
    return t["id"], {"Authorization": f"Bearer {t['token']}"}, t


def act(c: httpx.Client, tid: str, auth: dict[str, str], **action: Any) -> Any:
    return ok(c.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))


# -- 1. nothing face down is readable ------------------------------------------------------------
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
    hands = r["deal"]["hands"] or {}
    shown = set()
    if r["settings"][r["banker"]] is not None:
        shown.add(r["banker"])
    if r["result"] is not None:
        shown |= {p["position"] for p in r["result"]["positions"] if p["outcome"] is not None and not p["sat_out"]}
    for p in shown:
        for t in hands.get(str(p), []):
            out[t] += 4  # a turned hand's tiles: in the hand, its setting, the result's tiles and setting
    return out


def without_reveal(view: dict[str, Any]) -> dict[str, Any]:
    """A public view without the reveal of a settled round's stacks and secret (docs/serve.md
    "Provably fair": the one thing shown after the settlement that was face down), which must be
    None before the settlement."""
    rd = view.get("round") if "round" in view else view
    if rd is None or "reveal" not in rd:
        return view
    assert rd["reveal"] is None or rd["phase"] == "settled", rd["phase"]
    rd = {k: v for k, v in rd.items() if k != "reveal"}
    return {**view, "round": rd} if "round" in view else rd


def turned(dealer: dict[str, Any]) -> set[int]:
    r = dealer["round"]
    shown = {r["banker"]} if r["settings"][r["banker"]] is not None else set()
    if r["result"] is not None:
        shown |= {p["position"] for p in r["result"]["positions"] if p["outcome"] is not None and not p["sat_out"]}
    return shown


def check_public(c: httpx.Client, tid: str, dealer: dict[str, Any], where: str) -> dict[str, Any]:
    r = c.get(f"/v1/tables/{tid}")  # no token: a viewer of a public table
    public = ok(r)
    text = json.dumps(without_reveal(public), ensure_ascii=False)
    seen = Counter(PIPS.findall(text))
    allowed = allowed_tiles(dealer)
    extra = seen - allowed
    assert not extra, f"{where}: the public view shows face-down tiles {dict(extra)}"
    rd = public["round"]
    if rd is not None:
        assert rd["deal"]["stacks"] is None, where
        shown = turned(dealer)
        assert set(map(int, rd["deal"]["hands"] or {})) <= shown, where
        assert {p for p, x in enumerate(rd["settings"]) if x is not None} <= shown, where
        assert dealer["round"]["deal"]["stacks"] is None or dealer["round"]["phase"] == "settled", where
    return public  # type: ignore[no-any-return]


def test_nothing_face_down_is_readable_in_any_phase(c: httpx.Client) -> None:
    """Every phase of a round (and a void deal, and a second round), as an anonymous reader of a
    public live table: no stack, no unturned tile, no seed."""
    tid, auth, created = open_table(c, public=True, banker=0, house_stake=200)
    assert created["mode"] == "live" and "seed" not in json.dumps(created)

    def step(where: str, **action: Any) -> dict[str, Any]:
        out = act(c, tid, auth, **action)
        if action["action"] == "shuffle":
            assert out["result"] is None  # the dealer is not told the stacks either
        assert out["state"]["round"] is None or out["state"]["round"]["deal"]["stacks"] is None \
            or out["state"]["round"]["phase"] == "settled"
        check_public(c, tid, out["state"], where)
        return out["state"]  # type: ignore[no-any-return]

    check_public(c, tid, ok(c.get(f"/v1/tables/{tid}", headers=auth)), "opened")
    step("stake", action="start_round", stake=1000)
    step("bet", action="bet", position=2, amount=100)
    step("backline bet", action="bet", position=2, amount=300, bettor="ann")
    step("bet", action="bet", position=5, amount=200)
    step("shuffle", action="shuffle")
    step("cut", action="cut", position=3, k=2)
    step("declare", action="declare", method="from the first stack")
    step("void shake", action="shake", void="tilted")
    step("shake", action="shake")
    st = step("deal", action="deal")
    banker_tiles = st["round"]["deal"]["hands"]["0"]
    # two of the banker's tiles exposed: the deal is void, made again from a new shuffle
    step("banker exposure", action="expose", position=0, tile=banker_tiles[0])
    st = step("void deal", action="expose", position=0, tile=banker_tiles[1])
    assert st["round"]["void_deals"] == 1 and st["round"]["phase"] == "betting"
    step("reshuffle", action="shuffle")
    step("shake again", action="shake")
    st = step("deal again", action="deal")
    step("player exposure", action="expose", position=5, tile=st["round"]["deal"]["hands"]["5"][0])
    step("player sets", action="set_hand", position=2, setting=0)
    step("player re-sets", action="set_hand", position=2, setting=1)
    pub = check_public(c, tid, step("second player", action="set_hand", position=5, setting=2), "players set")
    assert pub["round"]["set"] == [2, 5] and pub["round"]["settings"][2] is None  # set, face down
    step("banker sets", action="set_hand", position=0, setting=0)
    st = step("settle", action="settle")
    pub = check_public(c, tid, st, "settled")
    assert {p["position"] for p in pub["round"]["result"]["positions"]} == {0, 2, 5}
    assert pub["round"]["result"]["ledger"] == st["round"]["result"]["ledger"]  # the money is public
    step("end", action="end_round")
    # the finished round as a viewer reads it: as the table showed it, not its record
    r = c.get(f"/v1/tables/{tid}/rounds/1")
    seen = Counter(PIPS.findall(json.dumps(without_reveal(ok(r)), ensure_ascii=False)))
    assert not seen - allowed_tiles({"round": ok(r)}), "the finished round shows unturned tiles"
    assert ok(r)["deal"]["stacks"] is None
    full = ok(c.get(f"/v1/tables/{tid}/rounds/1", headers=auth))
    assert full["format"] == "paigow-round/1" and any(e["event"] == "shuffle" for e in full["events"])
    # a second round: the carried bank, a deal entered by hand
    step("carry", action="start_round")
    step("bet", action="bet", position=1, amount=100)
    step("entered deal", action="deal", hands={"0": "天 天 地 地", "1": "人 人 鹅 鹅"})
    step("set", action="set_hand", position=1, setting=0)
    step("banker", action="set_hand", position=0, setting=0)
    step("settle", action="settle")


def test_no_seed_is_ever_shown(c: httpx.Client, server: ThreadServer) -> None:
    seed = 8_111_222_333_444_555
    tid, auth, created = open_table(c, mode="simulation", seed=seed, public=True)
    assert created["mode"] == "simulation"
    texts = [json.dumps(created)]
    for a in ({"action": "start_round", "stake": 100}, {"action": "bet", "position": 1, "amount": 10},
              {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"}, {"action": "deal"}):
        texts.append(c.post(f"/v1/tables/{tid}/actions", json=a, headers=auth).text)
    texts += [c.get(f"/v1/tables/{tid}").text, c.get(f"/v1/tables/{tid}", headers=auth).text,
              c.get(f"/v1/tables/{tid}", headers=OPERATOR).text, c.get("/v1/tables", headers=OPERATOR).text,
              c.get(f"/v1/tables/{tid}/journal", headers=OPERATOR).text]
    assert not any(str(seed) in t for t in texts)


# -- 2. who may do what ---------------------------------------------------------------------------
def test_opening_a_table_needs_an_operator_key(c: httpx.Client) -> None:
    err(c.post("/v1/tables", json={}), 401, "operator.key")
    err(c.post("/v1/tables", json={}, headers={"Authorization": "Bearer " + "x" * 30}), 401, "operator.key")
    tid, auth, _ = open_table(c)
    err(c.post("/v1/tables", json={}, headers=auth), 401, "operator.key")  # a dealer token opens nothing
    # the operator key does not act: the dealer's token does
    err(c.post(f"/v1/tables/{tid}/actions", json={"action": "start_round", "stake": 5}, headers=OPERATOR), 401,
        "table.token")
    act(c, tid, auth, action="start_round", stake=5)
    # the operator reads its table (the dealer's view), lists it, and gives the dealer a new token
    assert ok(c.get(f"/v1/tables/{tid}", headers=OPERATOR))["seq"] == 1
    assert tid in [t["id"] for t in ok(c.get("/v1/tables", headers=OPERATOR))["tables"]]
    err(c.get("/v1/tables", headers=auth), 401, "operator.key")
    new = ok(c.post(f"/v1/tables/{tid}/token", headers=OPERATOR))["token"]
    err(c.get(f"/v1/tables/{tid}", headers=auth), 401, "table.token")  # the old token stops working
    ok(c.get(f"/v1/tables/{tid}", headers={"Authorization": f"Bearer {new}"}))


def test_a_viewer_reads_public_tables_only(c: httpx.Client) -> None:
    private, _, _ = open_table(c)
    public, _, _ = open_table(c, public=True)
    ok(c.get(f"/v1/tables/{public}"))
    err(c.get(f"/v1/tables/{private}"), 401, "table.token")
    err(c.post(f"/v1/tables/{public}/actions", json={"action": "start_round", "stake": 5}), 401, "table.token")


def test_401_and_404_do_not_tell_which_tables_exist(c: httpx.Client) -> None:
    tid, auth, _ = open_table(c)
    other, other_auth, _ = open_table(c)
    unknown = "0123456789abcdef"

    def same(path: str, method: str = "get", **kw: Any) -> None:
        a = getattr(c, method)(path.format(tid), **kw)
        b = getattr(c, method)(path.format(unknown), **kw)
        assert (a.status_code, a.json()["code"]) == (b.status_code, b.json()["code"]) == (401, "table.token")
        assert a.json()["message"].replace(tid, "X") == b.json()["message"].replace(unknown, "X")
        assert dict(a.headers).get("www-authenticate") == dict(b.headers).get("www-authenticate") == "Bearer"

    for headers in ({}, other_auth, {"Authorization": "Bearer wrong"}):
        same("/v1/tables/{}", headers=headers)
        same("/v1/tables/{}/rounds/1", headers=headers)
        same("/v1/tables/{}/actions", "post", json={"action": "end_round"}, headers=headers)
    # an operator is told: its own tables are its to know
    err(c.get(f"/v1/tables/{unknown}", headers=OPERATOR), 404, "table.unknown")


def test_another_operators_tables_are_not_its(tmp_path: Path, db: str) -> None:
    from paigow.serve.auth import Operators, hash_key

    ops = Operators({hash_key(OPERATOR_KEY): "pit-1", hash_key("k" * 20): "pit-2"})
    s = ThreadServer(db, operators=ops)
    try:
        with httpx.Client(base_url=s.url) as c:
            tid, _, _ = open_table(c)
            two = {"Authorization": "Bearer " + "k" * 20}
            err(c.get(f"/v1/tables/{tid}", headers=two), 404, "table.unknown")
            err(c.post(f"/v1/tables/{tid}/close", headers=two), 404, "table.unknown")
            assert ok(c.get("/v1/tables", headers=two))["tables"] == []
    finally:
        s.stop()


def test_tables_per_operator_are_limited(db: str) -> None:
    s = ThreadServer(db, max_tables=2)
    try:
        with httpx.Client(base_url=s.url) as c:
            a, _, _ = open_table(c)
            open_table(c)
            err(c.post("/v1/tables", json={}, headers=OPERATOR), 403, "table.limit")
            ok(c.post(f"/v1/tables/{a}/close", headers=OPERATOR))
            open_table(c)  # a closed table no longer counts
    finally:
        s.stop()


def test_request_rates_are_limited(db: str) -> None:
    s = ThreadServer(db, rate=2, burst=2)
    try:
        with httpx.Client(base_url=s.url) as c:
            t0 = time.monotonic()
            statuses = [c.get("/v1/tiles") for _ in range(12)]
            elapsed = time.monotonic() - t0
            limited = [r for r in statuses if r.status_code == 429]
            # at most the burst and what the rate refilled meanwhile went through (however slow the machine)
            assert 12 - len(limited) <= 2 + 2 * elapsed + 1, (len(limited), elapsed)
            assert limited and all(r.json()["code"] == "request.rate" for r in limited)
            assert int(limited[0].headers["retry-after"]) >= 1
            deadline = time.monotonic() + 30  # the bucket refills (0.5 s a request): polled, bounded
            while (r := c.get("/v1/tiles")).status_code == 429:
                assert time.monotonic() < deadline, "the rate did not refill"
                time.sleep(0.05)
            ok(r)
    finally:
        s.stop()


def test_operator_keys_come_from_the_environment_or_a_private_file(tmp_path: Path) -> None:
    import os

    from paigow.serve.auth import hash_key, load_operators
    from paigow.serve.errors import StartError

    assert load_operators(None, {"PAIGOW_OPERATOR_KEY": "e" * 20}).who("e" * 20) == "operator"
    f = tmp_path / "keys"
    f.write_text(f"# name key\npit-1 {'a' * 20}\npit-2 sha256:{hash_key('b' * 20)}\n")
    os.chmod(f, 0o600)
    ops = load_operators(str(f), {})
    assert (ops.who("a" * 20), ops.who("b" * 20), ops.who("c" * 20)) == ("pit-1", "pit-2", None)
    assert load_operators(None, {"PAIGOW_OPERATOR_KEYS_FILE": str(f)}).who("a" * 20) == "pit-1"
    os.chmod(f, 0o644)
    with pytest.raises(StartError, match="others may read it"):
        load_operators(str(f), {})
    with pytest.raises(StartError, match="at least 16"):
        load_operators(None, {"PAIGOW_OPERATOR_KEY": "short"})
    # and never from the command line
    from paigow.cli import build_parser

    opts = {o for a in build_parser("serve")._subparsers._group_actions[0].choices["serve"]._actions  # type: ignore[union-attr]
            for o in a.option_strings}
    assert not {o for o in opts if "key" in o and "keys" not in o}


# -- 3. live randomness ---------------------------------------------------------------------------
def test_a_live_table_draws_securely_and_journals_what_it_drew(c: httpx.Client, server: ThreadServer) -> None:
    err(c.post("/v1/tables", json={"seed": 5}, headers=OPERATOR), 400, "table.seed")
    err(c.post("/v1/tables", json={"seed": 5, "mode": "live"}, headers=OPERATOR), 400, "table.seed")
    stacks = []
    for _ in range(2):
        tid, auth, t = open_table(c, public=True)
        assert t["mode"] == "live" and t["state"]["mode"] == "live"
        for a in ({"action": "start_round", "stake": 100}, {"action": "bet", "position": 1, "amount": 10},
                  {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"}, {"action": "deal"},
                  # a live table: the holders set their tiles (no strategy sets a hand, Art. 7.1-7.2)
                  {"action": "set_hand", "position": 1, "setting": 0}, {"action": "set_hand", "position": 0, "setting": 0},
                  {"action": "settle"}):
            act(c, tid, auth, **a)
        e = server.journal.entry(tid)
        from paigow.serve.tables import LiveRandom

        assert e.table is None or isinstance(e.table.rng, LiveRandom)  # PostgreSQL keeps no table between requests
        rows = ok(c.get(f"/v1/tables/{tid}/journal", headers=OPERATOR))["rows"]
        drawn = {json.loads(r["action"])["action"]: json.loads(r["drawn"]) for r in rows if r["drawn"]}
        assert set(drawn) >= {"shuffle", "shake"}
        record = ok(c.get(f"/v1/tables/{tid}", headers=auth))["round"]
        assert drawn["shuffle"]["stacks"] == record["deal"]["stacks"]  # settled: the stacks are public now
        assert drawn["shake"]["dice"] == record["deal"]["shakes"][-1]["dice"]
        stacks.append(drawn["shuffle"]["stacks"])
    assert stacks[0] != stacks[1]


def test_a_live_table_replays_from_what_it_drew(db: str) -> None:
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            tid, auth, _ = open_table(c)
            for a in ({"action": "start_round", "stake": 100}, {"action": "bet", "position": 1, "amount": 10},
                      {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"}, {"action": "shake"}, {"action": "deal"},
                      {"action": "set_hand", "position": 1, "setting": 0}):
                act(c, tid, auth, **a)
            before = ok(c.get(f"/v1/tables/{tid}", headers=auth))
    finally:
        s.stop()
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            assert ok(c.get(f"/v1/tables/{tid}", headers=auth)) == before
            act(c, tid, auth, action="set_hand", position=0, setting=0)
            act(c, tid, auth, action="settle")
    finally:
        s.stop()


# -- 4. hosts, headers, offline docs --------------------------------------------------------------
def test_only_the_configured_hosts_are_answered(c: httpx.Client, server: ThreadServer) -> None:
    err(c.get("/v1/health", headers={"Host": "evil.example"}), 400, "request.host")
    err(c.post("/v1/tables", json={}, headers={**OPERATOR, "Host": "rebound.example:8000"}), 400, "request.host")
    ok(c.get("/v1/health", headers={"Host": "localhost:8000"}))
    ok(c.get("/v1/health", headers={"Host": f"127.0.0.1:{server.port}"}))


def test_security_headers(c: httpx.Client) -> None:
    for path in ("/", "/v1/health", "/docs", "/static/app.js", "/v1/nothing"):
        h = c.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"] and "script-src 'self'" in h["content-security-policy"]
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
    assert c.get("/v1/health").headers["cache-control"] == "no-store"


def test_docs_work_offline(c: httpx.Client) -> None:
    page = c.get("/docs")
    assert page.status_code == 200 and "swagger" in page.text.lower()
    assert "//" not in page.text.replace("<!--", "").split("-->")[-1]  # nothing from another origin
    srcs = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert srcs and all(s.startswith("/") for s in srcs)
    for s in srcs:
        assert c.get(s).status_code == 200, s
    bundle = c.get("/docs/assets/swagger-ui-bundle.js")
    assert "SwaggerUIBundle" in bundle.text
    versions = re.findall(r'version:"(\d+)\.\d+\.\d+"', bundle.text[:2_000_000]) or ["5"]
    assert int(versions[0]) >= 5  # Swagger UI 5 reads OpenAPI 3.1
    assert ok(c.get("/openapi.json"))["openapi"].startswith("3.1")
    assert "<script>" not in page.text  # no inline script: the CSP allows none


# -- 5. failures ----------------------------------------------------------------------------------
def test_a_full_disk_answers_503_with_the_cause(tmp_path: Path) -> None:
    s = ThreadServer(str(tmp_path / "full.db"))
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            tid, auth, _ = open_table(c)
            act(c, tid, auth, action="start_round", stake=100_000)
            j = s.journal
            pages = j.dialect.conn.execute("PRAGMA page_count").fetchone()[0]
            j.dialect.conn.execute(f"PRAGMA max_page_count = {pages + 1}")
            before, failed = None, None
            for k in range(400):
                before = ok(c.get(f"/v1/tables/{tid}", headers=auth))
                r = c.post(f"/v1/tables/{tid}/actions", headers=auth,
                           json={"action": "bet", "position": 1 + k % 7, "amount": 1, "bettor": f"b{k:03d}" + "x" * 150})
                if r.status_code != 200:
                    failed = r
                    break
            assert failed is not None, "the journal never filled"
            e = err(failed, 503, "journal.unavailable")
            assert "full" in e["message"]
            h = c.get("/v1/health")
            assert h.status_code == 503 and h.json()["status"] == "unavailable" and "full" in h.json()["error"]
            assert ok(c.get(f"/v1/tables/{tid}", headers=auth)) == before  # nothing half-applied
            j.dialect.conn.execute("PRAGMA max_page_count = 1073741823")
            assert ok(c.get("/v1/health"))["status"] == "ok"
            act(c, tid, auth, action="bet", position=1, amount=1)
    finally:
        s.stop()


def test_a_lost_database_answers_503_and_health_says_so(tmp_path_factory: pytest.TempPathFactory) -> None:
    """PostgreSQL stopped under the service: actions and reads answer 503 with the cause, health
    too; started again, the service goes on without a restart."""
    import subprocess

    from serve_support import PostgresServer, postgres_database

    pg = PostgresServer.start(tmp_path_factory)
    try:
        s = ThreadServer(postgres_database(pg))
        try:
            with httpx.Client(base_url=s.url, timeout=60) as c:
                tid, auth, _ = open_table(c)
                act(c, tid, auth, action="start_round", stake=100)
                ctl = [f"{pg.bindir}/pg_ctl", "-D", pg.data, "-w", "-t", "60"]
                subprocess.run([*ctl, "-m", "fast", "stop"], check=True, capture_output=True, user=pg.user)
                r = c.post(f"/v1/tables/{tid}/actions", json={"action": "bet", "position": 1, "amount": 5}, headers=auth)
                e = err(r, 503, "journal.unavailable")
                assert "nothing was changed" in e["message"]
                h = c.get("/v1/health")
                assert h.status_code == 503 and h.json()["status"] == "unavailable" and h.json()["error"]
                subprocess.run([*ctl, "-l", f"{pg.data}/../log", "start"], check=True, capture_output=True, user=pg.user)
                deadline = time.monotonic() + 30
                while c.get("/v1/health").status_code != 200:
                    assert time.monotonic() < deadline
                    time.sleep(0.2)
                assert act(c, tid, auth, action="bet", position=1, amount=5)["seq"] == 2
        finally:
            s.stop()
    finally:
        pg.stop()


def test_one_bad_row_quarantines_its_table_only(db: str, tmp_path: Path) -> None:
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            bad, bad_auth, _ = open_table(c, public=True)
            good, good_auth, _ = open_table(c)
            for tid, auth in ((bad, bad_auth), (good, good_auth)):
                act(c, tid, auth, action="start_round", stake=100)
                act(c, tid, auth, action="bet", position=1, amount=10)
    finally:
        s.stop()
    corrupt(db, bad, 2, "result", "{not json")
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            h = ok(c.get("/v1/health"))
            assert h["status"] == "degraded" and h["quarantined"] == 1
            e = err(c.get(f"/v1/tables/{bad}", headers=bad_auth), 503, "table.quarantined")
            assert f"table {bad}: journal row 2" in e["message"]
            err(c.post(f"/v1/tables/{bad}/actions", json={"action": "end_round"}, headers=bad_auth), 503,
                "table.quarantined")
            listed = {t["id"]: t for t in ok(c.get("/v1/tables", headers=OPERATOR))["tables"]}
            assert "journal row 2" in listed[bad]["quarantined"]
            act(c, good, good_auth, action="bet", position=2, amount=10)
    finally:
        s.stop()


def corrupt(db: str, tid: str, seq: int, column: str, value: str | None) -> None:
    """Change one journal row behind the service's back (``value`` None: delete the row)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            if value is None:
                conn.execute("DELETE FROM journal WHERE table_id = %s AND seq = %s", (tid, seq))
            else:
                conn.execute(f"UPDATE journal SET {column} = %s WHERE table_id = %s AND seq = %s", (value, tid, seq))
        return
    conn = sqlite3.connect(db)
    if value is None:
        conn.execute("DELETE FROM journal WHERE table_id = ? AND seq = ?", (tid, seq))
    else:
        conn.execute(f"UPDATE journal SET {column} = ? WHERE table_id = ? AND seq = ?", (value, tid, seq))
    conn.commit()
    conn.close()


# -- 6. history -----------------------------------------------------------------------------------
ROUND = ["start", "bet", "bet", {"action": "shuffle"}, {"action": "declare", "method": "from the first stack"},
         {"action": "shake"}, {"action": "deal"},
         {"action": "settle", "strategy": "max-back"}, {"action": "end_round"}]


def begin(c: httpx.Client, tid: str, auth: dict[str, str]) -> int:
    """Start a round (taking the bank first when it is offered) and bet on two positions; the
    number of actions it took."""
    st = ok(c.get(f"/v1/tables/{tid}", headers=auth))
    n = 0
    if st["banker"] is None:
        act(c, tid, auth, action="accept")
        st, n = ok(c.get(f"/v1/tables/{tid}", headers=auth)), 1
    if st["carried"]:
        act(c, tid, auth, action="start_round")
    else:
        act(c, tid, auth, action="start_round", stake=1000)
    others = [p for p in range(8) if p != st["banker"]]
    act(c, tid, auth, action="bet", position=others[0], amount=100)
    act(c, tid, auth, action="bet", position=others[3], amount=200)
    return n + 3


def play_rounds(c: httpx.Client, tid: str, auth: dict[str, str], n: int) -> int:
    """Play ``n`` whole rounds, the bank passing after two; the number of actions."""
    count = 0
    for _ in range(n):
        count += begin(c, tid, auth)
        for a in ROUND[3:]:
            act(c, tid, auth, **a)  # type: ignore[arg-type]
            count += 1
        if ok(c.get(f"/v1/tables/{tid}", headers=auth))["rounds_banked"] >= 2:
            act(c, tid, auth, action="pass_bank")
            count += 1
    return count


def test_a_finished_round_is_stored_when_it_ends_and_read_without_the_tables_lock(c: httpx.Client,
                                                                                   server: ThreadServer) -> None:
    from paigow.serve.app import finished_round_record

    tid, auth, _ = open_table(c, mode="simulation", seed=3)
    play_rounds(c, tid, auth, 3)
    records = [ok(c.get(f"/v1/tables/{tid}/rounds/{n}", headers=auth)) for n in (1, 2, 3)]
    local = Table({"banker": 0}, 3)
    e = server.journal.entry(tid)
    # the stored records are the records the session's replay gives (how they were read before)
    rows = ok(c.get(f"/v1/tables/{tid}/journal", headers=OPERATOR))["rows"]
    for r in rows:
        local.apply(json.loads(r["action"]))
    for n, rec in enumerate(records, 1):
        assert rec == finished_round_record(local.session, n)
    if e is not None and e.table is not None:  # SQLite: the table's lock held, the round is still read
        with e.lock:
            r = httpx.get(f"{server.url}/v1/tables/{tid}/rounds/2", headers=auth, timeout=5)
        assert r.status_code == 200 and r.json() == records[1]


def test_start_replays_only_the_tail_after_the_snapshot(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    s = ThreadServer(db, snapshot_every=2)
    try:
        with httpx.Client(base_url=s.url) as c:
            tid, auth, _ = open_table(c, mode="simulation", seed=9)
            closed, closed_auth, _ = open_table(c, mode="simulation", seed=10)
            play_rounds(c, tid, auth, 5)
            tail = begin(c, tid, auth)
            before = ok(c.get(f"/v1/tables/{tid}", headers=auth))
            play_rounds(c, closed, closed_auth, 1)
            closed_state = ok(c.get(f"/v1/tables/{closed}", headers=closed_auth))
            ok(c.post(f"/v1/tables/{closed}/close", headers=OPERATOR))
    finally:
        s.stop()
    applied: list[str] = []
    real = Table.apply

    def counting(self: Table, action: Any, drawn: Any = None) -> Any:
        applied.append(action["action"])
        return real(self, action, drawn)

    monkeypatch.setattr(Table, "apply", counting)
    s = ThreadServer(db, snapshot_every=2)
    try:
        with httpx.Client(base_url=s.url) as c:
            assert ok(c.get(f"/v1/tables/{tid}", headers=auth)) == before
            # the snapshot after round 4; then round 5 (9 actions, the declaration among them, with
            # the bank passing after it and taken before the next) and the round begun
            assert 9 + tail <= len(applied) <= 11 + tail, applied  # of 50 and more in all
            got = ok(c.get(f"/v1/tables/{closed}", headers=closed_auth))
            assert got.pop("closed") and got == closed_state  # archived, not replayed
            err(c.post(f"/v1/tables/{closed}/actions", json={"action": "start_round", "stake": 5}, headers=closed_auth),
                409, "table.closed")
            assert ok(c.get(f"/v1/tables/{closed}/rounds/1", headers=closed_auth))["format"] == "paigow-round/1"
    finally:
        s.stop()


def test_the_regulators_export(c: httpx.Client, db: str) -> None:
    tid, auth, _ = open_table(c, mode="simulation", seed=11)
    play_rounds(c, tid, auth, 1)
    begin(c, tid, auth)
    act(c, tid, auth, action="shuffle")
    x = ok(c.get(f"/v1/tables/{tid}/journal", headers=OPERATOR))
    assert x["format"] == "paigow-journal/2" and x["verified"] and x["broken"] is None
    assert len(x["rows"]) == len(ROUND) and x["withheld"] == 4  # the round in play keeps its stacks
    err(c.get(f"/v1/tables/{tid}/journal", headers=auth), 401, "operator.key")
    from paigow.serve.journal import row_hash

    prev = x["table"]["genesis"]
    for r in x["rows"]:  # a regulator recomputes every hash from the export alone
        assert r["prev"] == prev and r["hash"] == row_hash(prev, tid, r["seq"], r["action"], r["drawn"], r["result"], r["at"],
                                                                 r["stored"])
        prev = r["hash"]


# -- 7. the tamper-evident journal ----------------------------------------------------------------
def test_audit_names_the_first_broken_row(db: str, tmp_path: Path) -> None:
    import subprocess
    import sys

    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url) as c:
            tid, auth, _ = open_table(c, mode="simulation", seed=12)
            other, other_auth, _ = open_table(c, mode="simulation", seed=13)
            play_rounds(c, tid, auth, 1)
            play_rounds(c, other, other_auth, 1)
    finally:
        s.stop()

    def audit() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "paigow", "serve", "--audit", "--db", db], capture_output=True,
                              text=True, timeout=120)

    out = audit()
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"table {tid}: 9 rows, chain ok" in out.stdout and "2 tables, 0 broken" in out.stdout
    corrupt(db, tid, 4, "result", '"6-6 6-6 1-1 1-1 | 4-4 4-4 1-3 1-3"')
    out = audit()
    assert out.returncode == 1
    assert f"table {tid}: BROKEN at row 4" in out.stdout and f"table {other}: 9 rows, chain ok" in out.stdout
    corrupt(db, other, 9, "", None)  # the last row deleted: the table's head says otherwise
    out = audit()
    assert f"table {other}: BROKEN at row 9" in out.stdout and "2 broken" in out.stdout
    s = ThreadServer(db)  # and start quarantines both, naming the row
    try:
        q = s.journal.quarantined()
        assert "row 4 was changed" in q[tid] and "row 9" in q[other]
    finally:
        s.stop()
