"""Fixtures of the service tests: a live ``paigow serve`` app on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn) is not installed")
import httpx  # noqa: E402

from serve_support import ThreadServer  # noqa: E402


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    s = ThreadServer(str(tmp_path_factory.mktemp("serve") / "live.db"))
    yield s
    s.stop()


@pytest.fixture()
def client(live: ThreadServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.url, timeout=30) as c:
        yield c
