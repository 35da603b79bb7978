"""Helpers of the service tests (tests/serve/): the app on a free loopback port, in a thread or as a
``paigow serve`` process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx


# httpx, uvicorn and the app are imported where used: without the serve extra this module is still
# importable (pytest's doctest collection imports every module under tests/)


OPERATOR_KEY = "test-operator-key-0123456789"
"""The operator key the test servers are started with (PAIGOW_OPERATOR_KEY)."""
OPERATOR = {"Authorization": f"Bearer {OPERATOR_KEY}"}


def operators() -> "object":
    from paigow.serve.auth import Operators, hash_key

    return Operators({hash_key(OPERATOR_KEY): "operator"})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThreadServer:
    """The app on uvicorn in a thread of this process (``url``, ``journal``)."""

    def __init__(self, db: str, **kwargs: object) -> None:
        import uvicorn

        from paigow.serve.app import create_app

        kwargs.setdefault("operators", operators())
        self.app = create_app(db, **kwargs)  # type: ignore[arg-type]
        self.journal = self.app.state.journal
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="error", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


class ServeProcess:
    """``python -m paigow serve`` as a subprocess on a free loopback port, answering once made
    (``wait=False``: started only, :meth:`wait` until it answers)."""

    def __init__(self, db: "Path | str", port: int | None = None, args: tuple[str, ...] = ("--rate", "0"),
                 env: dict[str, str] | None = None, wait: bool = True) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paigow", "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db),
             *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PAIGOW_OPERATOR_KEY": OPERATOR_KEY, **(env or {})},
        )
        if wait:
            self.wait()

    def wait(self) -> None:
        """Until ``/v1/health`` answers 200 (at most 60 s)."""
        import httpx

        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.url + "/v1/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"paigow serve exited with {self.proc.returncode}: {err}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError("paigow serve did not answer within 60 s")
            time.sleep(0.05)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()  # SIGKILL
        self.proc.wait(10)
        if self.proc.stderr:
            self.proc.stderr.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.proc.kill()
                self.proc.wait(10)
        if self.proc.stderr:
            self.proc.stderr.close()


# -- PostgreSQL for the tests ---------------------------------------------------------------------
def _pg_bin() -> str | None:
    import glob
    import shutil

    found = shutil.which("initdb")
    if found:
        return os.path.dirname(found)
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    return dirs[-1] if dirs else None


class PostgresServer:
    """A throwaway PostgreSQL (initdb + pg_ctl) on a Unix socket in a temporary directory and on a
    free loopback port, run as ``postgres`` or ``nobody`` when the tests run as root; stopped at
    the end of the session."""

    def __init__(self, bindir: str, data: str, sock: str, port: int, user: str | None) -> None:
        self.bindir, self.data, self.sock, self.port, self.user = bindir, data, sock, port, user
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        self.count = 0

    @classmethod
    def start(cls, factory: object) -> "PostgresServer":
        import pwd
        import tempfile

        import pytest

        bindir = _pg_bin()
        if bindir is None or not os.path.exists(os.path.join(bindir, "pg_ctl")):
            pytest.skip("PostgreSQL's server binaries are not installed (apt-get install -y postgresql; .ci/run does)")
        try:
            import psycopg  # noqa: F401
        except ImportError:
            pytest.skip("psycopg is not installed (the postgres extra: pip install -e '.[postgres]')")
        user = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    pwd.getpwnam(name)
                    user = name
                    break
                except KeyError:
                    continue
        base = tempfile.mkdtemp(prefix="paigow-pg-")
        os.chmod(base, 0o755)
        data, sock = os.path.join(base, "data"), os.path.join(base, "sock")
        os.mkdir(sock)
        if user is not None:
            pw = pwd.getpwnam(user)
            os.chown(base, pw.pw_uid, pw.pw_gid)
            os.chown(sock, pw.pw_uid, pw.pw_gid)
        port = free_port()

        def run(*argv: str) -> None:
            subprocess.run(list(argv), check=True, capture_output=True, user=user, cwd=base, timeout=120)

        run(os.path.join(bindir, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        with open(os.path.join(data, "postgresql.conf"), "a") as f:
            f.write(f"\nlisten_addresses = '127.0.0.1'\nport = {port}\nunix_socket_directories = '{sock}'\n"
                    "max_connections = 200\nfsync = on\nshared_buffers = 32MB\n")
        if user is not None:
            pw = pwd.getpwnam(user)
            os.chown(os.path.join(data, "postgresql.conf"), pw.pw_uid, pw.pw_gid)
        run(os.path.join(bindir, "pg_ctl"), "-D", data, "-l", os.path.join(base, "log"), "-w", "-t", "60", "start")
        return cls(bindir, data, sock, port, user)

    def stop(self) -> None:
        subprocess.run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop"],
                       capture_output=True, user=self.user, timeout=60)
        import shutil

        shutil.rmtree(os.path.dirname(self.data), ignore_errors=True)


def postgres_database(pg: "PostgresServer") -> str:
    """A new, empty database on ``pg``; its URL."""
    import psycopg

    pg.count += 1
    name = f"t{os.getpid()}_{pg.count}"
    with psycopg.connect(pg.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return pg.url.rsplit("/", 1)[0] + "/" + name


def start_betting(page: Any) -> None:
    """On the dealer's page (Playwright): open a table, note its token, put the stake 1,000 and go
    to the bets (the browser tests' common start)."""
    from playwright.sync_api import expect

    page.locator("#tab-table").click()
    page.locator("#create-table").click()
    page.locator("#token-noted").click()
    page.locator("#stake").fill("1000")
    page.locator("#stake").press("Enter")  # Enter submits
    expect(page.locator("#seq")).to_have_text("1")
    page.locator("#to-bets").click()


# -- reading the service's answers in the tests ---------------------------------------------------
def ok(r: httpx.Response, status: int = 200) -> Any:
    """The JSON of answer ``r``, which must have ``status``."""
    assert r.status_code == status, r.text
    return r.json()


def err(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The error answer ``r``: ``status``, the stable ``code`` and a message (docs/errors.md)."""
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"], body
    return body


def bearer(token: str) -> dict[str, str]:
    """The ``Authorization`` header of a table's, a seat's or an operator's token."""
    return {"Authorization": f"Bearer {token}"}
