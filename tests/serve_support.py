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
    """``python -m paigow serve`` as a subprocess on a free loopback port."""

    def __init__(self, db: "Path | str", port: int | None = None, args: tuple[str, ...] = ("--rate", "0"),
                 env: dict[str, str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        import httpx

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paigow", "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db),
             *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PAIGOW_OPERATOR_KEY": OPERATOR_KEY, **(env or {})},
        )
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
