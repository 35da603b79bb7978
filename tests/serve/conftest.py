"""Fixtures of the service tests: a live ``paigow serve`` app on a free loopback port, and for the
browser tests one chromium for the session, a served process per module and pages closed after
each test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn) is not installed")
import httpx  # noqa: E402

from serve_support import OPERATOR_KEY, ServeProcess, ThreadServer  # noqa: E402


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


@pytest.fixture()
def server(db: str) -> Iterator[ThreadServer]:
    """The service in a thread on a fresh journal of each store (``db``), stopped after the test."""
    s = ThreadServer(db)
    yield s
    s.stop()


@pytest.fixture()
def c(server: ThreadServer) -> Iterator[httpx.Client]:
    """A client of :func:`server` (30 s a request: a loaded machine, not a speed test)."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from serve_support import PostgresServer

    s = PostgresServer.start(tmp_path_factory)  # skips, saying why, without PostgreSQL's binaries
    yield s
    s.stop()


# -- the browser tests (test_page*.py, test_pcc_page.py, test_display.py, test_training_page.py) ---------
# Playwright driving Debian's chromium, headless: one browser for the session, a ``paigow serve``
# process per test module, and each test's pages in contexts of their own, closed after it.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
TABLET = {"width": 1024, "height": 768}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium, headless, for every browser test of the session (skips, saying why, without
    Playwright or Debian's chromium)."""
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium fonts-wqy-zenhei;"
                    " .ci/run installs it)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)  # a loaded machine answers slowly (not a speed test)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def serve_spares(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[], ServeProcess]]:
    """``take()``: a ``paigow serve`` process, on a new journal, answering; the next one is started
    as it is taken, so that its start (about 2 s of imports) overlaps the module that uses this one.
    The spare left at the end is stopped."""
    spare: list[ServeProcess] = []

    def start() -> ServeProcess:
        return ServeProcess(tmp_path_factory.mktemp("served") / "serve.db", wait=False)

    def take() -> ServeProcess:
        s = spare.pop() if spare else start()
        try:
            s.wait()
        finally:
            spare.append(start())
        return s

    yield take
    for s in spare:
        s.stop()


@pytest.fixture(scope="module")
def served(serve_spares: Callable[[], ServeProcess]) -> Iterator[ServeProcess]:
    """``paigow serve`` as a process on a free loopback port, on a journal of the module's own."""
    s = serve_spares()
    yield s
    s.stop()


@pytest.fixture()
def new_page(browser: Any, served: ServeProcess) -> Iterator[Callable[..., Any]]:
    """``new_page(path, viewport=, locale=, touch=, operator=)``: a page in a context of its own (a
    device: its storage, its language), at ``path`` of the served app once the page says it is
    ready (``body[data-ready='1']``), with the operator key kept as the page keeps it once typed
    when ``operator``; no ``path``: a blank page (to listen before going). Every context it opened
    is closed after the test."""
    from playwright.sync_api import expect

    opened: list[Any] = []

    def make(path: str | None = None, *, viewport: dict[str, int] = TABLET, locale: str = "en-GB", touch: bool = True,
             operator: bool = False) -> Any:
        ctx = browser.new_context(viewport=viewport, device_scale_factor=1, has_touch=touch, locale=locale)
        opened.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        if path is not None:
            pg.goto(served.url + path)
            expect(pg.locator("body[data-ready='1']")).to_have_count(1)
            if operator:
                pg.evaluate("k => sessionStorage.setItem('paigow-operator', k)", OPERATOR_KEY)
        return pg

    yield make
    for ctx in opened:
        ctx.close()  # a context the test closed already: nothing to do


@pytest.fixture()
def axe() -> Callable[[Any, str], None]:
    """``axe(page, where)``: no serious or critical axe-core violation on the screen as it is
    (axe-core bundled in the axe-playwright-python wheel: no network at test time)."""
    def check(page: Any, where: str) -> None:
        from axe_playwright_python.sync_playwright import Axe

        # axe-core (570 kB) put in the page once per document, not at each check: then run as
        # Axe().run runs it (its default options: the violations)
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(Axe().axe_script)
        response = page.evaluate("options => axe.run(options)", {"resultTypes": ["violations"]})
        bad = [v for v in response["violations"] if v.get("impact") in ("serious", "critical")]
        assert not bad, f"{where}: " + "; ".join(f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
                                                 for v in bad)
    return check


# The tests whose subject is the journal's store run on both stores in the quick loop too: these
# modules whole, and test_floor's tests of what is journalled. The other service tests' PostgreSQL
# runs repeat on the second store what their SQLite runs check of the routes: ``slow`` (CI's full
# run has them, ``-m "not slow"`` runs them on SQLite only).
STORE_MODULES = frozenset({"test_journal", "test_store_integrity", "test_store_sqlite", "test_snapshot_state",
                           "test_streams", "test_kill"})
STORE_TESTS = frozenset({
    "test_floor.test_a_live_table_draws_securely_and_journals_what_it_drew",
    "test_floor.test_a_live_table_replays_from_what_it_drew", "test_floor.test_one_bad_row_quarantines_its_table_only",
    "test_floor.test_a_finished_round_is_stored_when_it_ends_and_read_without_the_tables_lock",
    "test_floor.test_start_replays_only_the_tail_after_the_snapshot", "test_floor.test_the_regulators_export",
    "test_floor.test_audit_names_the_first_broken_row"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives the browser ``browser`` (``-m "not browser"`` leaves them out:
    the unpacked sdist's run in .ci/run, which section 2 has run whole); mark ``slow`` the
    PostgreSQL runs of the service tests outside :data:`STORE_MODULES` and :data:`STORE_TESTS`."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        params = getattr(getattr(item, "callspec", None), "params", {})
        module = getattr(getattr(item, "module", None), "__name__", "").rsplit(".", 1)[-1]
        name = getattr(item, "originalname", item.name)
        if ("postgres" in (params.get("db"), params.get("live")) and module not in STORE_MODULES
                and f"{module}.{name}" not in STORE_TESTS):
            item.add_marker(pytest.mark.slow)
