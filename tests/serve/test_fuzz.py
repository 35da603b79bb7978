"""Fuzzing the API from its own OpenAPI document: schemathesis draws requests for every operation
from the document (valid and invalid bodies, parameters and headers) and sends them to a live
server; no response is a 500, and every response matches the schema and status codes the document
gives. Arbitrary JSON bodies are sent to every operation too.

The number of examples follows the hypothesis profile (a quarter of ``max_examples`` per
operation: 25 in ``ci``)."""

from __future__ import annotations

import collections
from typing import Any

import httpx
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from serve_support import OPERATOR, ThreadServer

COUNTS: collections.Counter[tuple[str, int]] = collections.Counter()
EXAMPLES = max(10, settings().max_examples // 4)
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.filter_too_much, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def spec(live: ThreadServer) -> dict[str, Any]:
    return httpx.get(live.url + "/openapi.json").json()  # type: ignore[no-any-return]


def resolve(node: Any, spec: dict[str, Any]) -> Any:
    """The schema with every ``$ref`` inlined (the API's models are not recursive) and the
    OpenAPI-only keywords dropped."""
    if isinstance(node, dict):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            return resolve(spec["components"]["schemas"][name], spec)
        return {k: resolve(v, spec) for k, v in node.items() if k not in ("discriminator", "examples", "example")}
    if isinstance(node, list):
        return [resolve(x, spec) for x in node]
    return node


def body_operations(spec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(path, method) for path, ops in spec["paths"].items() for method, op in ops.items()
            if "requestBody" in op]


def check_response(spec: dict[str, Any], path: str, method: str, r: httpx.Response) -> None:
    COUNTS[(f"{method.upper()} {path}", r.status_code)] += 1
    assert r.status_code < 500, f"{method.upper()} {path}: {r.status_code} {r.text}"
    body = r.json()
    responses = spec["paths"][path][method]["responses"]
    documented = responses.get(str(r.status_code))
    if documented is None:  # a status the framework adds (413, 405): still the error shape
        schema = resolve({"$ref": "#/components/schemas/ErrorBody"}, spec)
    else:
        schema = resolve(documented["content"]["application/json"]["schema"], spec)
    jsonschema.validate(body, schema, cls=jsonschema.Draft202012Validator)
    if r.status_code >= 400:
        assert isinstance(body.get("code"), str) and body["code"] and isinstance(body.get("message"), str)


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def table(live: ThreadServer) -> tuple[str, dict[str, str]]:
    t = httpx.post(live.url + "/v1/tables", json={"seed": 1, "mode": "simulation"}, headers=OPERATOR).json()
    auth = {"Authorization": f"Bearer {t['token']}"}
    httpx.post(f"{live.url}/v1/tables/{t['id']}/actions", json={"action": "start_round", "stake": 1000}, headers=auth)
    return t["id"], auth


def url_for(path: str, tid: str) -> str:
    return path.replace("{tid}", tid).replace("{number}", "1").replace("{rid}", "1")


OPERATIONS = ["/v1/settings", "/v1/advice", "/v1/advice/batch", "/v1/best-settings", "/v1/game-value",
              "/v1/pcc/settle", "/v1/tables", "/v1/tables/{tid}/actions", "/v1/tables/{tid}/seat/actions",
              "/v1/pcc/tables", "/v1/pcc/tables/{tid}/actions", "/v1/tables/{tid}/deadline",
              "/v1/home/tables", "/v1/home/tables/{tid}/actions", "/v1/home/tables/{tid}/seat/actions",
              "/v1/home/tables/{tid}/deadline", "/v1/tables/{tid}/seats/requests/{rid}",
              "/v1/home/tables/{tid}/seats/requests/{rid}",
              "/v1/training/groups", "/v1/training/trainees", "/v1/training/answers"]  # a Pai Gow tid: table.game (test_pcc_table fuzzes its own)


def test_every_body_operation_is_fuzzed(spec: dict[str, Any]) -> None:
    assert sorted(p for p, _ in body_operations(spec)) == sorted(OPERATIONS)


@pytest.fixture(scope="module")
def api_schema(live: ThreadServer) -> Any:
    return schemathesis.openapi.from_url(live.url + "/openapi.json")


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_schemathesis(api_schema: Any, live: ThreadServer, table: tuple[str, dict[str, str]]) -> None:
    tid, auth = table
    operations = [r.ok() for r in api_schema.get_all_operations()]
    assert len(operations) >= 12
    for op in operations:
        @FUZZ
        @given(case=op.as_strategy(), real=st.booleans())
        def run(case: Any, real: bool) -> None:
            params = case.path_parameters or {}
            if "tid" in params and real:  # half the table requests go to a real table, with its token
                params["tid"] = tid
                case.headers = {**(case.headers or {}), **auth}
            if case.path.endswith("/events"):  # the display's stream: a short one (test_display tests it whole)
                query = dict(case.query or {})
                try:
                    valid = 0 < float(query.get("lifetime", 1)) <= 300
                except (TypeError, ValueError):
                    valid = False
                if valid:
                    query["lifetime"] = 0.2
                case.query = query
            r = case.call(base_url=live.url, timeout=60)
            COUNTS[(f"{case.method.upper()} {case.path}", r.status_code)] += 1
            case.validate_response(r, checks=(not_a_server_error, response_schema_conformance, status_code_conformance))
            assert r.status_code < 500, r.text
            if r.status_code >= 400:
                body = r.json()
                assert isinstance(body.get("code"), str) and body["code"] and isinstance(body.get("message"), str)

        run()


@pytest.mark.parametrize("path", OPERATIONS)
def test_arbitrary_json(path: str, live: ThreadServer, spec: dict[str, Any], table: tuple[str, dict[str, str]]) -> None:
    tid, auth = table
    if "/seat/" in path:  # a seat's action: with a seat token of the table (the dealer's is no seat's)
        seat = httpx.post(f"{live.url}/v1/tables/{tid}/seats/1", headers=auth).json()
        auth = {"Authorization": f"Bearer {seat['token']}"}

    with httpx.Client(base_url=live.url, timeout=60) as c:
        @FUZZ
        @given(body=ANY_JSON)
        def run(body: Any) -> None:
            check_response(spec, path, "post", c.post(url_for(path, tid), json=body, headers=auth))

        run()


def test_reads_and_queries(live: ThreadServer, spec: dict[str, Any], table: tuple[str, dict[str, str]]) -> None:
    tid, auth = table
    with httpx.Client(base_url=live.url, timeout=60) as c:
        @FUZZ
        @given(bets=st.lists(st.text(max_size=15), max_size=5), tid_=st.sampled_from([tid, "x", "0" * 64]),
               number=st.integers(-3, 3), token=st.sampled_from([auth, {}, {"Authorization": "Bearer x"}]))
        def run(bets: list[str], tid_: str, number: int, token: dict[str, str]) -> None:
            check_response(spec, "/v1/pcc/odds", "get", c.get("/v1/pcc/odds", params={"bet": bets}))
            check_response(spec, "/v1/tables/{tid}", "get", c.get(f"/v1/tables/{tid_}", headers=token))
            check_response(spec, "/v1/tables/{tid}/rounds/{number}", "get",
                           c.get(f"/v1/tables/{tid_}/rounds/{number}", headers=token))

        run()


def test_report_the_counts() -> None:
    """Print how many requests each operation got, by status (the fuzz counts of the note)."""
    total = sum(COUNTS.values())
    by_op: dict[str, dict[int, int]] = collections.defaultdict(dict)
    for (op, status), n in sorted(COUNTS.items()):
        by_op[op][status] = n
    print(f"\nschema fuzzing: {total} requests, no 500")
    for op, statuses in by_op.items():
        print(f"  {op}: " + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    assert total == 0 or all(s < 500 for _, s in COUNTS)
