"""The players' display: a table's public view as server-sent events (:mod:`paigow.serve.display`),
the display's page, and every hand's and tile's name in the page's language (issue 22)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import FileResponse
from sse_starlette import EventSourceResponse
from starlette.background import BackgroundTask

from paigow.serve import models as m
from paigow.serve import names
from paigow.serve.auth import Who
from paigow.serve.display import HEARTBEAT, LIFETIME
from paigow.serve.routers.common import ERRORS, STATIC, TABLE_ERRORS, Svc, TableId
from paigow.serve.streams import stream

__all__ = ["router"]

router = APIRouter()


@router.get("/v1/tables/{tid}/events", tags=["tables"], response_class=EventSourceResponse,
            responses={**TABLE_ERRORS, 200: {"content": {"text/event-stream": {}},
                                             "description": "one event per journaled action: id = seq, data = the"
                                                            " public view"},
                       429: {"model": m.ErrorBody, "description": "too many open event streams from this address, or"
                                                                  " on this table (stream.limit)"}})
def events(tid: TableId, who: Who, svc: Svc, request: Request,
           last_event_id: Annotated[str | None, Header(max_length=20)] = None,
           lifetime: Annotated[float, Query(gt=0, le=LIFETIME)] = LIFETIME,
           heartbeat: Annotated[float, Query(ge=1, le=60)] = HEARTBEAT) -> EventSourceResponse:
    """The table's public view as server-sent events, one per journaled action (``id``: its
    ``seq``; ``Last-Event-ID`` resumes after it), for a players' display. Whoever may read the
    table may follow it: anyone a public table, its dealer or operator any of theirs; every
    event is the public view, nothing face down. Heartbeats every ``heartbeat`` seconds; the
    stream ends after ``lifetime`` seconds (the browser reconnects) or when the table closes.
    Open streams are limited per client address and per table (``429 stream.limit``)."""
    who.table(tid)
    ticket = svc.hub.admit(svc.proxies.client(request.scope), tid)
    return EventSourceResponse(stream(svc.hub, ticket, last_event_id, lifetime), ping=heartbeat,
                               background=BackgroundTask(ticket.aclose))


@router.get("/display/{tid}", include_in_schema=False)
def display(tid: TableId) -> FileResponse:
    return FileResponse(STATIC / "display.html")


@router.get("/v1/names", response_model=m.NamesOut, responses=ERRORS, tags=["paigow"])
def names_(lang: Annotated[Literal["zh-Hant", "zh-Hans", "pt", "en"], Query()] = "en") -> dict[str, Any]:
    """Every hand's and tile's name in a language of the page (``zh-Hant``, ``zh-Hans``, ``pt``,
    ``en``), by the Simplified name the other answers carry (``name_zh``, a result's ``front``)."""
    return names.names(lang)
