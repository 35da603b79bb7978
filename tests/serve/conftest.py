"""Fixtures of the service tests: a live ``paigow serve`` app on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn) is not installed")
import httpx  # noqa: E402

from serve_support import ThreadServer  # noqa: E402


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def live(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """The service on each store: an SQLite file, and a database on the test PostgreSQL."""
    if request.param == "sqlite":
        db = str(tmp_path_factory.mktemp("serve") / "live.db")
    else:
        from serve_support import postgres_database

        db = postgres_database(request.getfixturevalue("postgres"))
    s = ThreadServer(db)
    yield s
    s.stop()


@pytest.fixture()
def client(live: ThreadServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.url, timeout=30) as c:
        yield c


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: "object") -> Iterator[str]:
    """A fresh journal on each store: an SQLite file, or a new database on the test PostgreSQL."""
    if request.param == "sqlite":
        yield str(tmp_path / "floor.db")  # type: ignore[operator]
        return
    from serve_support import postgres_database

    pg = request.getfixturevalue("postgres")
    yield postgres_database(pg)


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from serve_support import PostgresServer

    s = PostgresServer.start(tmp_path_factory)  # skips, saying why, without PostgreSQL's binaries
    yield s
    s.stop()
