"""One answer everywhere (issue 24): the API's advice takes every strategy name and rate form the
library takes, and leaves ``against`` to the library's one default for the commission."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import paigow


def ok(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def values(out: dict[str, Any]) -> list[float]:
    return [s["value"] for s in out["settings"]]


@pytest.mark.parametrize("commission, against, rate", [
    (True, "equilibrium-paid", "5%"),     # the library's default with the commission: the game as paid
    ("5%", "equilibrium-paid", "5%"),
    ("1/20", "equilibrium-paid", "5%"),
    (False, "equilibrium", "0%"),
])
def test_advice_defaults_as_the_library_does(client: httpx.Client, commission: object, against: str,
                                             rate: str) -> None:
    out = ok(client.post("/v1/advice", json={"tiles": "天 地 杂九 至尊", "commission": commission}))
    lib = paigow.advise("天 地 杂九 至尊", commission=commission)  # type: ignore[arg-type]
    assert (out["against"], out["rate"]) == (lib.against, rate) == (against, rate)
    assert values(out) == [o.value for o in lib.options]


@pytest.mark.parametrize("against", ["equilibrium-paid", "equilibrium-paid-4pct", "max-back", "equilibrium"])
def test_advice_takes_every_named_strategy(client: httpx.Client, against: str) -> None:
    out = ok(client.post("/v1/advice", json={"tiles": "6-6 1-1 4-5 2-4", "against": against, "commission": "4%"}))
    lib = paigow.advise("6-6 1-1 4-5 2-4", against=against, commission="4%")
    assert out["against"] == against and out["rate"] == "4%"
    assert values(out) == [o.value for o in lib.options]
    batch = ok(client.post("/v1/advice/batch", json={"hands": ["6-6 1-1 4-5 2-4"], "against": against,
                                                     "commission": "4%"}))
    assert batch["results"][0] == out


def test_a_bad_rate_is_the_librarys_error(client: httpx.Client) -> None:
    r = client.post("/v1/advice", json={"tiles": "天 地 杂九 至尊", "commission": "150%"})
    assert r.status_code == 400 and r.json()["code"] == "commission.range", r.text


def test_a_tables_config_names_its_rule_set(client: httpx.Client) -> None:
    from serve_support import OPERATOR

    t = client.post("/v1/tables", json={"rules": "macau"}, headers=OPERATOR)
    assert t.status_code == 201 and t.json()["state"]["rules"] == "macau", t.text
    assert client.post("/v1/tables", json={}, headers=OPERATOR).json()["state"]["rules"] == "macau"
    r = client.post("/v1/tables", json={"rules": "texas"}, headers=OPERATOR)
    assert r.status_code == 422, r.text  # a rule set the service does not deal is refused by the schema
