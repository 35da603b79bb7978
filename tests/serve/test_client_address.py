"""Issue 33, item 3: the rate limit keys on the connecting address; ``X-Forwarded-For`` names the
client only when the peer is a proxy the operator named (``paigow serve --forwarded-allow-ips``).
A client that writes another header on every request is limited as one client. On both stores,
through ``paigow serve`` itself (uvicorn's own proxy handling included)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from serve_support import ServeProcess


def statuses(url: str, forwarded: list[str]) -> list[int]:
    with httpx.Client(base_url=url, timeout=30) as c:
        return [c.get("/v1/tiles", headers={"X-Forwarded-For": f}).status_code for f in forwarded]


@pytest.fixture()
def untrusted(db: str) -> Iterator[ServeProcess]:
    s = ServeProcess(db, args=("--rate", "0.5"))  # bursts of 1: the health check that saw it start took it
    yield s
    s.stop()


@pytest.fixture()
def behind_proxy(db: str) -> Iterator[ServeProcess]:
    s = ServeProcess(db, args=("--rate", "0.5", "--forwarded-allow-ips", "127.0.0.1"))
    yield s
    s.stop()


def test_a_forwarded_header_from_an_unnamed_peer_is_not_believed(untrusted: ServeProcess) -> None:
    got = statuses(untrusted.url, [f"203.0.113.{i}" for i in range(8)])
    assert got.count(429) >= 6, got  # one client, whatever it says it forwards
    with httpx.Client(base_url=untrusted.url, timeout=30) as c:
        r = c.get("/v1/tiles", headers={"X-Forwarded-For": "198.51.100.1"})
    assert r.status_code == 429 and r.json()["code"] == "request.rate" and "127.0.0.1" in r.json()["message"]


def test_a_named_proxy_names_the_client(behind_proxy: ServeProcess) -> None:
    assert statuses(behind_proxy.url, [f"203.0.113.{i}" for i in range(8)]) == [200] * 8  # eight clients
    got = statuses(behind_proxy.url, ["198.51.100.7"] * 6)  # one client through the proxy: limited
    assert got[0] == 200 and got.count(429) >= 4, got
    with httpx.Client(base_url=behind_proxy.url, timeout=30) as c:
        r = c.get("/v1/tiles", headers={"X-Forwarded-For": "198.51.100.7"})
    assert r.status_code == 429 and "198.51.100.7" in r.json()["message"]


def test_the_client_address_in_the_app() -> None:
    """In the app (any ASGI server): the header's last address that is not a named proxy."""
    import asyncio
    import tempfile

    from paigow.serve.app import create_app

    async def run(app: object, peer: tuple[str, int]) -> list[int]:
        transport = httpx.ASGITransport(app=app, client=peer)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            return [(await c.get("/v1/tiles", headers={"X-Forwarded-For": f"6.6.6.6, 203.0.113.{i}, 10.1.1.1"}))
                    .status_code for i in range(8)]

    with tempfile.TemporaryDirectory() as d:
        for peer, allow, expect in ((("10.0.0.5", 1), "10.0.0.0/8", 8), (("192.0.2.9", 1), "10.0.0.0/8", 1),
                                    (("10.0.0.5", 1), None, 1)):
            app = create_app(f"{d}/x.db", rate=0.001, burst=1, forwarded_allow_ips=allow)
            try:
                got = asyncio.run(run(app, peer))
            finally:
                app.state.training.store.close()
                app.state.journal.close()
            assert got.count(200) == expect, (peer, allow, got)
