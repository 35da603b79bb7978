"""The training API (/v1/training/...) on a small app of its own: the router, a training store
(SQLite, and PostgreSQL on a throwaway server), an operator-key check and the service's error
answers (the lead wires the router into the service's app and journal)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

fastapi = pytest.importorskip("fastapi")
import httpx  # noqa: E402
import uvicorn  # noqa: E402
from fastapi.responses import JSONResponse  # noqa: E402
from serve_support import free_port  # noqa: E402

from paigow.errors import PaigowError  # noqa: E402
from paigow.serve.errors import OperatorError, ServiceError  # noqa: E402
from paigow.serve.routers.training import TrainingContext, router  # noqa: E402
from paigow.training import challenge, drill, verify_certificate  # noqa: E402
from paigow.training.store import Group, SqliteTrainingStore, Trainee  # noqa: E402

KEYS = {"key-of-pit-one-0000": "pit-1", "key-of-pit-two-0000": "pit-2"}
SIGNING = {"pit-1": b"pit-1 signs"}


def _operator(request: Any) -> str:
    auth = request.headers.get("authorization", "")
    op = KEYS.get(auth.removeprefix("Bearer "))
    if op is None:
        raise OperatorError("this needs an operator key (Authorization: Bearer <key>)")
    return op


@pytest.fixture(params=["sqlite", "postgres"])
def client(tmp_path: Any, request: Any) -> Iterator[httpx.Client]:
    from paigow.training.store import PostgresTrainingStore

    app = fastapi.FastAPI()
    if request.param == "sqlite":
        store: Any = SqliteTrainingStore(str(tmp_path / "training.sqlite"))
    else:  # a database of its own for each test
        from serve_support import postgres_database

        store = PostgresTrainingStore(postgres_database(request.getfixturevalue("pg_server")))
    app.state.training = TrainingContext(store, _operator, SIGNING.get)
    app.include_router(router)

    @app.exception_handler(PaigowError)
    async def _error(_: Any, e: PaigowError) -> JSONResponse:
        return JSONResponse(e.to_dict(), status_code=e.status if isinstance(e, ServiceError) else 400)

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:  # wait for the server to listen
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.01)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as c:
            yield c
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()


def _op(n: int = 1) -> dict[str, str]:
    return {"Authorization": f"Bearer key-of-pit-{'one' if n == 1 else 'two'}-0000"}


def _as(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _setup(client: httpx.Client, pass_mark: str = "9/10") -> tuple[str, str]:
    r = client.post("/v1/training/groups", json={"name": "night", "pass_mark": pass_mark}, headers=_op())
    assert r.status_code == 201, r.text
    tokens = []
    for name in ("ann", "bob"):
        r = client.post("/v1/training/trainees", json={"name": name, "group": "night"}, headers=_op())
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
    return tokens[0], tokens[1]


def test_a_trainee_draws_answers_and_reads_his_statistics(client: httpx.Client) -> None:
    ann, bob = _setup(client)
    for seed in range(6):
        r = client.get("/v1/training/exercise", params={"drill": "houseway:canberra", "seed": seed, "lang": "zh-Hant"},
                       headers=_as(ann))
        assert r.status_code == 200 and "expected" not in r.json()
        ex = drill("houseway:canberra").draw(seed, "zh-Hant")
        assert r.json() == ex.to_json()
        wrong = seed % 2 == 1 and len(ex.choices) > 1
        given = (ex.expected + 1) % len(ex.choices) if wrong else ex.expected
        r = client.post("/v1/training/answers", json={"drill": ex.drill, "seed": seed, "lang": "zh-Hant",
                                                      "answer": given, "ms": 2000 + seed}, headers=_as(ann))
        assert r.status_code == 200 and r.json()["correct"] is not wrong and r.json()["rule"] == ex.rule
        if wrong:
            assert len(r.json()["practice"]) == 3 and "錯誤" in r.json()["explanation"]
    ex = drill("payout:us").draw(9)
    r = client.post("/v1/training/answers", json={"drill": "payout:us", "seed": 9, "answer": ex.expected},
                    headers=_as(bob))
    assert r.json()["correct"] is True
    me = client.get("/v1/training/me/stats", headers=_as(ann)).json()
    assert me["summary"]["answered"] == 6 and me["trainee"] == "ann" and me["rules"]
    group = client.get("/v1/training/groups/night/stats", headers=_op()).json()
    assert group["summary"]["answered"] == 7 and set(group["trainees"]) == {"ann", "bob"}
    assert group["trainees"]["bob"]["summary"]["correct"] == 1


def test_who_may_do_what(client: httpx.Client) -> None:
    ann, _ = _setup(client)
    cases = [("post", "/v1/training/groups", {"json": {"name": "x"}}, {}, 401, "operator.key"),
             ("get", "/v1/training/exercise", {}, {}, 401, "training.token"),
             ("get", "/v1/training/exercise", {}, _as("not a token"), 401, "training.token"),
             ("get", "/v1/training/exercise", {}, _op(), 401, "training.token"),
             ("get", "/v1/training/groups/night/stats", {}, _as(ann), 401, "operator.key"),
             ("get", "/v1/training/groups/night/stats", {}, _op(2), 400, "training.group"),  # another operator's
             ("post", "/v1/training/trainees", {"json": {"name": "ann", "group": "night"}}, _op(), 400,
              "training.trainee"),
             ("get", "/v1/training/exercise", {"params": {"drill": "texas"}}, _as(ann), 400, "training.drill"),
             ("post", "/v1/training/answers", {"json": {"drill": "rank:us", "seed": 1, "answer": "nine"}}, _as(ann),
              400, "training.answer"),
             ("post", "/v1/training/answers", {"json": {"drill": "challenge:foxwoods", "seed": 1, "answer": 0}},
              _as(ann), 400, "training.attempt_needed"),
             ("post", "/v1/training/groups", {"json": {"name": "y", "pass_mark": "150%"}}, _op(), 400,
              "training.pass_mark"),
             # no file of the server's is read for a client
             ("get", "/v1/training/exercise", {"params": {"drill": "houseway:/etc/passwd"}}, _as(ann), 400,
              "training.way"),
             ("get", "/v1/training/exercise", {"params": {"drill": "challenge:x.csv"}}, _as(ann), 400, "training.way"),
             ("post", "/v1/training/challenges/way.csv/attempts", {}, _as(ann), 400, "training.way")]
    for method, path, kwargs, headers, status, code in cases:
        r = getattr(client, method)(path, headers=headers, **kwargs)
        assert (r.status_code, r.json().get("code")) == (status, code), (path, r.text)
    assert client.get("/v1/training/groups", headers=_op(2)).json() == []
    assert client.get("/v1/training/drills").json()["pcc"]


def test_a_challenge_taken_through_the_api_certifies(client: httpx.Client) -> None:
    ann, bob = _setup(client, pass_mark="95%")
    r = client.post("/v1/training/challenges/foxwoods/attempts", headers=_as(ann))
    assert r.status_code == 201, r.text
    attempt = r.json()
    c = challenge("foxwoods")
    assert attempt["hands"] == list(c.hands) and attempt["pass_mark"] == "19/20" and attempt["challenge"] == c.id
    d = c.drill()
    for seed in range(60):
        ex = d.draw(seed)
        given = ex.expected if seed != 7 or len(ex.choices) == 1 else (ex.expected + 1) % len(ex.choices)
        body = {"drill": attempt["drill"], "seed": seed, "answer": given, "attempt": attempt["attempt"], "ms": 900}
        assert client.post("/v1/training/answers", json=body, headers=_as(ann)).status_code == 200
    # bob may not answer within ann's attempt
    r = client.post("/v1/training/answers", json=dict(body, seed=0), headers=_as(bob))
    assert (r.status_code, r.json()["code"]) == (404, "training.attempt")
    r = client.post(f"/v1/training/attempts/{attempt['attempt']}/finish", headers=_as(ann))
    out = r.json()
    assert r.status_code == 200 and out["result"]["correct"] >= 59 and out["result"]["passed"] is True
    cert = out["certificate"]
    assert verify_certificate(cert, SIGNING["pit-1"])["trainee"] == "ann"
    r = client.get(f"/v1/training/certificates/{cert['sha256']}")
    assert r.json() == {"certificate": cert, "verified": True, "signed": True}
    r = client.post(f"/v1/training/attempts/{attempt['attempt']}/finish", headers=_as(ann))
    assert (r.status_code, r.json()["code"]) == (400, "training.finished")
    r = client.get("/v1/training/certificates/" + "0" * 64)
    assert (r.status_code, r.json()["code"]) == (404, "training.certificate")
    # a failed attempt: scored, no certificate
    a2 = client.post("/v1/training/challenges/canberra/attempts", headers=_as(bob)).json()
    out = client.post(f"/v1/training/attempts/{a2['attempt']}/finish", headers=_as(bob)).json()
    assert out["result"]["correct"] == 0 and out["result"]["passed"] is False and "certificate" not in out


@pytest.fixture(scope="module")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from serve_support import PostgresServer

    server = PostgresServer.start(tmp_path_factory)  # skips, saying why, without PostgreSQL's binaries
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_store_keeps_the_same_on_sqlite_and_postgres(kind: str, tmp_path: Any, request: Any) -> None:
    from serve_support import postgres_database

    from paigow.training import AnswerRecord
    from paigow.training.store import PostgresTrainingStore

    store = (SqliteTrainingStore(str(tmp_path / "t.sqlite")) if kind == "sqlite"
             else PostgresTrainingStore(postgres_database(request.getfixturevalue("pg_server"))))
    try:
        store.add_group("pit-1", "night", "9/10", None)
        store.add_group("pit-1", "night", "19/20", 600.5)  # changed
        store.add_group("pit-2", "night", "1/2", None)
        token = store.add_trainee("pit-1", "ann", "night")
        store.add_trainee("pit-1", "bob", "night")
        with pytest.raises(ValueError) as e:
            store.add_trainee("pit-1", "ann", "night")
        assert getattr(e.value, "code", None) == "training.trainee"
        assert store.group("pit-1", "night") == Group("pit-1", "night", "19/20", 600.5)
        assert [t.name for t in store.trainees("pit-1", "night")] == ["ann", "bob"] and store.trainees("pit-2") == []
        assert store.trainee(token) == Trainee("pit-1", "ann", "night")
        records = [AnswerRecord(n, "pcc", i, "big", i % 2 == 0, 100 * i, "2026-12-04T12:00:00Z", {"1": i}, None)
                   for i, n in enumerate(["ann", "bob", "ann"])]
        for r in records:
            store.append_answer("pit-1", r)
        assert store.answers("pit-1") == records and store.answers("pit-1", ["ann"]) == records[::2]
        assert store.answers("pit-2") == [] and store.answers("pit-1", []) == []
        a = store.start_attempt("pit-1", "ann", "foxwoods")
        assert store.attempt("pit-2", a.id) is None and store.attempt("pit-1", a.id) == a
        done = store.finish_attempt("pit-1", a.id, {"result": {"passed": True}})
        assert done.finished is not None and done.finished >= a.started and done.result == {"result": {"passed": True}}
        store.add_certificate("pit-1", {"sha256": "ab" * 32, "trainee": "ann"})
        assert store.certificate("ab" * 32) == ("pit-1", {"sha256": "ab" * 32, "trainee": "ann"})
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_service_serves_the_training_api_in_its_journals_database(kind: str, tmp_path: Any, request: Any) -> None:
    """``create_app`` wires the router: the training tables live in the journal's database, the
    service's operator keys create trainees, and a certificate is signed with a key derived from
    the operator's (it verifies again after a restart of the service on the same database)."""
    import hashlib
    import hmac

    from serve_support import OPERATOR, OPERATOR_KEY, ThreadServer

    from paigow.serve.app import CERTIFICATE_KEY

    if kind == "sqlite":
        db = str(tmp_path / "journal.db")
    else:
        from serve_support import postgres_database

        db = postgres_database(request.getfixturevalue("pg_server"))
    s = ThreadServer(db)
    try:
        with httpx.Client(base_url=s.url, timeout=60) as c:
            r = c.post("/v1/training/groups", json={"name": "night", "pass_mark": "1/60"})
            assert r.status_code == 401 and r.json()["code"] == "operator.key"
            r = c.post("/v1/training/groups", json={"name": "night", "pass_mark": "1/60"},
                       headers={"Authorization": "Bearer not-the-operator-key-000"})
            assert r.status_code == 401 and r.json()["code"] == "operator.key"
            assert c.post("/v1/training/groups", json={"name": "night", "pass_mark": "1/60"},
                          headers=OPERATOR).status_code == 201
            token = c.post("/v1/training/trainees", json={"name": "ann", "group": "night"}, headers=OPERATOR).json()["token"]
            assert c.get("/v1/training/groups", headers=_as(token)).json()["code"] == "operator.key"
            started = c.post("/v1/training/challenges/foxwoods/attempts", headers=_as(token)).json()
            ex = c.get("/v1/training/exercise", params={"drill": started["drill"], "seed": 0}, headers=_as(token)).json()
            right = drill(started["drill"]).draw(0, "en").expected
            r = c.post("/v1/training/answers", headers=_as(token), json={
                "drill": ex["drill"], "seed": 0, "lang": "en", "answer": right, "ms": 900, "attempt": started["attempt"]})
            assert r.json()["correct"] is True
            cert = c.post(f"/v1/training/attempts/{started['attempt']}/finish", headers=_as(token)).json()["certificate"]
            key = hmac.new(hashlib.sha256(OPERATOR_KEY.encode()).digest(), CERTIFICATE_KEY, hashlib.sha256).digest()
            assert verify_certificate(cert, key)["correct"] == 1 and cert["operator"] == "operator"
        # the answers are in the journal's database
        if kind == "sqlite":
            import sqlite3

            with sqlite3.connect(db) as conn:
                assert conn.execute("SELECT count(*) FROM training_answers").fetchone() == (1,)
    finally:
        s.stop()
    s = ThreadServer(db)  # the same database, the same keys: the certificate still verifies
    try:
        with httpx.Client(base_url=s.url, timeout=60) as c:
            r = c.get(f"/v1/training/certificates/{cert['sha256']}")
            assert r.status_code == 200 and r.json()["verified"] is True and r.json()["signed"] is True
            assert c.get("/training").headers["content-type"].startswith("text/html")
    finally:
        s.stop()
