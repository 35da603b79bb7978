"""What the routers share: the service's state (:class:`Service`, on ``app.state.service``, and
the :func:`service` dependency that hands it to an endpoint), the documented error answers and
the path and query parameters several endpoints take."""

from __future__ import annotations

import contextlib
import pathlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Path, Query, Request, Response

from _tablegames.version import version as shared_version
from paigow.serve import models as m
from paigow.serve import qr
from paigow.serve.auth import Operators, Proxies
from paigow.serve.display import JournalReader
from paigow.serve.journal import Journal
from paigow.serve.streams import Hub

__all__ = ["Service", "service", "Svc", "STATIC", "ERRORS", "TABLE_ERRORS", "OPERATOR_ERRORS", "CREATE_ERRORS",
           "TableId", "Number", "IfSeq", "Bets", "timing", "version", "created"]

STATIC = pathlib.Path(__file__).parent.parent / "static"


@dataclass
class Service:
    """The state of one app: its journal, the journal reader of the event streams, the operators'
    keys, the open tables allowed per operator, the open event streams (:class:`~paigow.serve.streams.Hub`), Swagger UI's files (None: not installed) and the
    proxies whose ``X-Forwarded-For`` names a request's client."""

    journal: Journal
    follow: JournalReader
    operators: Operators
    max_tables: int
    hub: Hub
    swagger: pathlib.Path | None = None
    proxies: Proxies = field(default_factory=Proxies)
    # the tables opened with a client key, (operator, key) -> (table id, when): a repeat of the
    # same opening within CLIENT_KEY_WINDOW seconds finds that table (in this process's memory)
    opened: dict[tuple[str, str], tuple[str, float]] = field(default_factory=dict)
    opening: threading.Lock = field(default_factory=threading.Lock)

    def opened_before(self, op: str, key: str | None) -> str | None:
        """The table ``op`` opened with client key ``key`` in the last CLIENT_KEY_WINDOW seconds."""
        now = time.monotonic()
        for k, (_, at) in list(self.opened.items()):
            if now - at > CLIENT_KEY_WINDOW:
                del self.opened[k]
        hit = self.opened.get((op, key)) if key else None
        return hit[0] if hit else None

    def open_once(self, op: str, key: str | None, create: Any) -> tuple[str, str]:
        """(table id, dealer token): ``create()`` opens a table, once per client ``key`` of ``op``
        within CLIENT_KEY_WINDOW; a repeat answers the table that key opened with a new token
        (rotated: the lost answer's stops working). No key: ``create()`` every time."""
        if key is None:
            tid, token = create()
            return tid, token
        with self.opening:
            tid = self.opened_before(op, key)
            e = self.journal.entry(tid) if tid is not None else None
            if tid is not None and e is not None:
                return tid, self.journal.rotate_token(e)
            tid, token = create()
            self.opened[(op, key)] = (tid, time.monotonic())
            return tid, token


CLIENT_KEY_WINDOW = 600.0  # seconds: a repeated opening (its answer lost) within it finds the table


async def service(request: Request) -> Service:
    """The app's :class:`Service` (a dependency; on the event loop: it only reads an attribute)."""
    svc: Service = request.app.state.service
    return svc


Svc = Annotated[Service, Depends(service)]

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": m.ErrorBody, "description": "the engine refused the input: its error code and message"},
    422: {"model": m.ErrorBody, "description": "the request does not match the schema"},
}
_E = {"model": m.ErrorBody}
TABLE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    401: {**_E, "description": "missing or wrong bearer token, or no such table (the same answer)"},
    404: {**_E, "description": "no such round; for an operator, no such table of the operator's"},
    409: {**_E, "description": "the table has moved on (if_seq), or is closed"},
    503: {**_E, "description": "the table is quarantined, or the journal cannot take the write"},
}
OPERATOR_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {**_E, "description": "no operator key, or a wrong one"},
    404: {**_E, "description": "no such table of the operator's"},
    409: {**_E, "description": "the table is closed, or has a round open"},
    503: {**_E, "description": "the table is quarantined, or the journal cannot take the write"},
}
CREATE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    401: {**_E, "description": "no operator key, or a wrong one"},
    403: {**_E, "description": "the operator has the most open tables allowed"},
    503: {**_E, "description": "the journal cannot take the write"},
}

TableId = Annotated[str, Path(max_length=64)]
Number = Annotated[int, Path(ge=1, le=1 << 31)]
IfSeq = Annotated[int | None, Query(description="refuse with 409 unless the table is at this seq")]
Bets = Annotated[list[str] | None, Query(max_length=100)]


@contextlib.contextmanager
def timing(response: Response, name: str) -> Iterator[None]:
    """Time the block into the response's ``Server-Timing`` header: the CPU time of this thread
    in milliseconds (so time spent waiting for the GIL under load is not counted)."""
    t0 = time.thread_time()
    try:
        yield
    finally:
        response.headers["Server-Timing"] = f"{name};dur={1e3 * (time.thread_time() - t0):.3f}"


def version() -> str:
    """The version the service reports (the one helper, :func:`_tablegames.version.version`)."""
    return shared_version("paigow")


def created(svc: Any, e: Any, token: str, request: Request, resume: Any = qr.resume_url,
            display: Any = qr.display_url) -> dict[str, Any]:
    """The answer to an opening: the table, its token and the QR code that resumes it on its
    dealer's page (``resume(base, id, token)``); a public table's players' display address
    (``display(base, id)``) and its QR code too."""
    base = str(request.base_url)
    out = {"id": e.id, "token": token, "public": e.public, "mode": e.mode, "state": svc.journal.read(e, False),
           "qr": qr.svg(resume(base, e.id, token))}
    if e.public:
        out["display"] = display(base, e.id)
        out["display_qr"] = qr.svg(out["display"])
    return out


def deadline_action(action: m.DeadlineAction, now: float) -> dict[str, Any]:
    """The journaled action of a deadline request at the service's clock ``now`` (a Pai Gow or a
    home table's ``POST .../deadline``): ``set_deadline`` with its time (``at``, or ``seconds``
    from now), or ``apply_deadline`` with ``now``, so that the table replays the same."""
    if isinstance(action, m.SetDeadline):
        return {"action": "set_deadline", "at": action.at if action.at is not None else now + (action.seconds or 0)}
    return {"action": "apply_deadline", "now": now}
