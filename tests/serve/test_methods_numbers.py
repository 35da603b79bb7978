"""Issue 33, item 10: what the service says it takes is what it takes. ``OPTIONS`` and a 405 list
every method of the path (``GET`` and ``POST /v1/tables``, not the first route's only), and a body
valid by ``/openapi.json`` is valid: an ``integer`` field takes ``100.0`` (JSON Schema's integer is
a number without a fractional part) and refuses ``100.5`` saying why. On both stores."""

from __future__ import annotations

from typing import Any

import httpx

from serve_support import OPERATOR


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def refused(r: httpx.Response, field: str) -> str:
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "request.invalid", body
    assert field in body["message"] and "not a whole number" in body["message"], body
    return str(body["message"])


def test_options_and_405_list_every_method_of_the_path(client: httpx.Client) -> None:
    r = client.options("/v1/tables")
    assert r.status_code == 204 and r.headers["allow"] == "GET, OPTIONS, POST"
    r = client.delete("/v1/tables", headers=OPERATOR)
    assert r.status_code == 405 and r.headers["allow"] == "GET, OPTIONS, POST"
    assert r.json() == {"code": "route.method", "message": "Method Not Allowed"}   # as answered before
    assert r.headers["allow"] == "GET, OPTIONS, POST"
    r = client.put("/v1/health")
    assert r.status_code == 405 and r.headers["allow"] == "GET, OPTIONS"
    assert client.options("/v1/tables/abcdef/events").headers["allow"] == "GET, OPTIONS"
    assert client.options("/v1/tables/abcdef/actions").headers["allow"] == "OPTIONS, POST"
    assert client.options("/v1/nothing").status_code == 404


def test_every_method_listed_in_the_openapi_document_is_allowed(client: httpx.Client) -> None:
    doc = ok(client.get("/openapi.json"))
    for path, ops in doc["paths"].items():
        concrete = path.replace("{tid}", "abcdef").replace("{n}", "1").replace("{number}", "1")
        if "{" in concrete:
            continue
        allow = set(client.options(concrete).headers["allow"].split(", "))
        assert {m.upper() for m in ops} <= allow, (path, allow)


def test_an_integral_float_is_an_integer(client: httpx.Client) -> None:
    t = ok(client.post("/v1/tables", json={"house_stake": 100.0, "banker": 0.0, "public": True}, headers=OPERATOR),
           201)
    assert t["state"]["house_stake"] == 100 and isinstance(t["state"]["house_stake"], int)
    auth = {"Authorization": f"Bearer {t['token']}"}
    out = ok(client.post(f"/v1/tables/{t['id']}/actions", json={"action": "start_round", "stake": 1000.0}, headers=auth))
    out = ok(client.post(f"/v1/tables/{t['id']}/actions", json={"action": "bet", "position": 1.0, "amount": 50.0},
                         headers=auth))
    assert out["state"]["round"]["bets"], out
    refused(client.post(f"/v1/tables/{t['id']}/actions", json={"action": "bet", "position": 1, "amount": 50.5},
                        headers=auth), "amount")
    ok(client.post(f"/v1/tables/{t['id']}/actions", json={"action": "declare", "method": "from the first stack"},
                   headers=auth))
    ok(client.post(f"/v1/tables/{t['id']}/actions", json={"action": "shake", "dice": [1.0, 2, 3, 4.0]}, headers=auth))


def test_a_fractional_number_is_refused_saying_why(client: httpx.Client) -> None:
    m = refused(client.post("/v1/tables", json={"house_stake": 100.5}, headers=OPERATOR), "house_stake")
    assert "100.5" in m
    refused(client.post("/v1/tables", json={"mode": "simulation", "seed": 7.25}, headers=OPERATOR), "seed")
    for bad in ("100", True):  # a string or a boolean is no integer, as before
        r = client.post("/v1/tables", json={"house_stake": bad}, headers=OPERATOR)
        assert r.status_code == 422 and r.json()["code"] == "request.invalid", r.text


def test_pcc_stakes_take_integral_floats(client: httpx.Client) -> None:
    t = ok(client.post("/v1/pcc/tables", json={}, headers=OPERATOR), 201)
    auth = {"Authorization": f"Bearer {t['token']}"}
    url = f"/v1/pcc/tables/{t['id']}/actions"
    out = ok(client.post(url, json={"action": "place", "spot": "big", "stake": 100.0, "player": "ann"}, headers=auth))
    assert out["state"]["round"]["bets"][0]["stake"] == 100
    refused(client.post(url, json={"action": "place", "spot": "big", "stake": 0.5, "player": "ann"}, headers=auth),
            "stake")
    ok(client.post(url, json={"action": "withdraw", "ticket": float(out["result"]["ticket"])}, headers=auth))
