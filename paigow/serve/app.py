"""The FastAPI application: ``create_app(db_path)``: the middleware, the error answers and the
routers (:mod:`paigow.serve.routers`, one per concern), on a :class:`~paigow.serve.routers.common.Service`
that holds the journal, the operators and the settings (``app.state.service``)."""

from __future__ import annotations

import hashlib
import hmac
import json
import pathlib
import sqlite3
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount, Route

import pcc
from paigow.errors import PaigowError
from paigow.serve.auth import DEFAULT_HOSTS, Caller, HostCheck, Operators, Proxies, RateLimit, RateLimiter, SecurityHeaders
from paigow.serve.display import JournalReader
from paigow.serve.errors import JournalUnavailableError, RequestTooLargeError, ServiceError, TokenError
from paigow.serve.journal import SNAPSHOT_EVERY
from paigow.serve.routers import advice, display, home_seats, operator, pcc as pcc_routes, seats, tables, training
from paigow.serve.routers import home as home_routes
from paigow.serve.routers.advice import warm
from paigow.serve.routers.common import STATIC, Service, version
from paigow.serve.routers.tables import finished_round_record
from paigow.serve.stores import is_postgres, open_journal
from paigow.serve.streams import Hub, StreamLimits, WritesFirst

__all__ = ["create_app", "MAX_BODY", "MAX_TABLES", "warm", "finished_round_record"]

MAX_BODY = 1 << 20
"""Bytes in one request body (1 MiB); a larger body is refused with 413."""
MAX_TABLES = 100
"""Open tables one operator may have at once (``--max-tables``)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413 before the app sees it."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", ()):
            if k == b"content-length" and (not v.isdigit() or int(v) > self.limit):
                await _too_large(self.limit, send)
                return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                await self.app(scope, _replay([msg]), send)
                return
            body = msg.get("body", b"")
            size += len(body)
            if size > self.limit:
                await _too_large(self.limit, send)
                return
            chunks.append(body)
            more = msg.get("more_body", False)
        await self.app(scope, _replay([{"type": "http.request", "body": b"".join(chunks), "more_body": False}],
                                      receive), send)


def _replay(msgs: list[Message], then: Receive | None = None) -> Receive:
    async def receive() -> Message:
        if msgs:
            return msgs.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}
    return receive


async def _too_large(limit: int, send: Send) -> None:
    e = RequestTooLargeError(f"the request body is over {limit} bytes")
    body = json.dumps(e.to_dict()).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _status(e: Exception) -> int:
    if isinstance(e, ServiceError):
        return e.status
    if isinstance(e, (PaigowError, pcc.PccError)):
        return 400
    return 422  # a TypeError: a value of the wrong type reached the engine


def _error(e: Exception) -> JSONResponse:
    if isinstance(e, (PaigowError, pcc.PccError)):
        body = e.to_dict()
    else:
        body = {"code": "request.type", "message": str(e)}
    headers = {"WWW-Authenticate": "Bearer"} if isinstance(e, TokenError) else None
    return JSONResponse(body, status_code=_status(e), headers=headers)


def create_app(db: str = "paigow.db", *, max_body: int = MAX_BODY, operators: Operators | None = None,
               allowed_hosts: Sequence[str] = DEFAULT_HOSTS, rate: float | None = None, burst: float | None = None,
               max_tables: int = MAX_TABLES, snapshot_every: int = SNAPSHOT_EVERY,
               forwarded_allow_ips: str | Sequence[str] | None = None,
               stream_limits: StreamLimits | None = None) -> FastAPI:
    """The service on the journal at ``db`` (an SQLite file, created if missing, or a
    ``postgresql://`` URL): every open table in it is rebuilt before the first request.

    ``operators`` hold the keys that open and close tables (none: no table can be opened);
    ``allowed_hosts`` the host names answered (``"*"``: any); ``rate`` requests a second per
    client (``burst`` at once; None: no limit); ``max_tables`` open tables per operator;
    ``forwarded_allow_ips`` the proxies whose ``X-Forwarded-For`` names the client (none: the
    client is the peer), for the rate limit and the stream limits (:class:`~paigow.serve.auth.Proxies`);
    ``stream_limits`` the open event streams allowed per client address and per table (default:
    :class:`~paigow.serve.streams.StreamLimits`, 8 and 64)."""
    journal = open_journal(db, snapshot_every=snapshot_every)
    follow = JournalReader(str(getattr(journal, "url", journal.path)))
    proxies = Proxies(forwarded_allow_ips)
    svc = Service(journal=journal, follow=follow, operators=operators if operators is not None else Operators(),
                  max_tables=max_tables, hub=Hub(follow, journal, stream_limits), swagger=_swagger_assets(),
                  proxies=proxies)
    app = FastAPI(
        title="paigow serve",
        version=version(),
        description="Pai Gow (牌九) advice, settlement and the dealer's table; Fish-Prawn-Crab (鱼虾蟹) odds and "
                    "settlement. Every error is JSON with a stable `code` (docs/errors.md).",
        docs_url=None, redoc_url=None,  # /docs is served from the package below (no CDN)
    )
    app.state.service = svc
    app.state.journal = journal
    app.state.operators = svc.operators
    app.state.training = _training(db, svc)
    app.router.add_event_handler("shutdown", app.state.training.store.close)  # before the journal checkpoints
    app.router.add_event_handler("shutdown", journal.close)
    app.router.add_event_handler("shutdown", follow.close)
    app.add_middleware(WritesFirst, hub=svc.hub)  # innermost: counts the writes the app answers
    app.add_middleware(BodyLimit, limit=max_body)
    if rate:
        app.add_middleware(RateLimit, limiter=RateLimiter(rate, burst), proxies=proxies)
    app.add_middleware(HostCheck, allowed=allowed_hosts)
    app.add_middleware(SecurityHeaders)
    _error_answers(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if svc.swagger is not None:
        app.mount("/docs/assets", StaticFiles(directory=svc.swagger), name="swagger")
    # in this order, the order of the OpenAPI document's paths
    for router in (operator.router, advice.router, pcc_routes.reference, tables.router, pcc_routes.tables,
                   home_routes.router, display.router, seats.router, home_seats.router, training.router, training.page):
        app.include_router(router)
    return app


CERTIFICATE_KEY = b"paigow training certificate"
"""What an operator's certificate key is derived from (with the SHA-256 of his key)."""


def _training(db: str, svc: Service) -> training.TrainingContext:
    """The training API's context (docs/training.md): its store in the journal's database (its own
    tables, its own connection), the service's operator check, and each operator's certificate
    key: HMAC-SHA256 of :data:`CERTIFICATE_KEY` under the SHA-256 of his key (of the first in
    order when he has several), so a certificate verifies after a restart and the key itself is
    never kept."""
    from paigow.training.store import PostgresTrainingStore, SqliteTrainingStore

    store = PostgresTrainingStore(db) if is_postgres(db) else SqliteTrainingStore(db)

    def operator_of(request: Request) -> str:
        scheme, _, key = request.headers.get("authorization", "").partition(" ")
        cred = HTTPAuthorizationCredentials(scheme=scheme, credentials=key.strip()) if scheme.lower() == "bearer" else None
        return Caller(svc.journal, svc.operators, cred).operator()

    def key_of(operator: str) -> bytes | None:
        mine = sorted(h for h, name in svc.operators.by_hash.items() if name == operator)
        return hmac.new(bytes.fromhex(mine[0]), CERTIFICATE_KEY, hashlib.sha256).digest() if mine else None

    return training.TrainingContext(store, operator_of, key_of)


def _error_answers(app: FastAPI) -> None:
    """Every error as JSON with its ``code``: the engines' and the service's (their status), a
    request the schema refuses (422), the journal's store failing (503), no such route (404) and a
    defect (500)."""
    app.add_exception_handler(PaigowError, _engine)
    app.add_exception_handler(pcc.PccError, _engine)
    app.add_exception_handler(TypeError, _engine)
    app.add_exception_handler(RequestValidationError, _invalid)
    for cls in _db_errors():
        app.add_exception_handler(cls, _store)
    app.add_exception_handler(Exception, _defect)
    app.add_exception_handler(StarletteHTTPException, _http)


async def _engine(_: Request, e: Exception) -> JSONResponse:
    return _error(e)


async def _invalid(_: Request, e: Exception) -> JSONResponse:
    assert isinstance(e, RequestValidationError)
    errs = [{"loc": list(x.get("loc", ())), "msg": str(x.get("msg", "")), "type": str(x.get("type", ""))}
            for x in e.errors()]
    code = "batch.too_large" if any(x["type"] == "too_long" and "hands" in x["loc"] for x in errs) else "request.invalid"
    first = errs[0] if errs else {"loc": [], "msg": "invalid request"}
    where = ".".join(str(p) for p in first["loc"])
    return JSONResponse({"code": code, "message": f"{where}: {first['msg']}", "errors": errs}, status_code=422)


def _db_errors() -> list[type[Exception]]:
    """The store's errors: SQLite's, and PostgreSQL's when psycopg is installed."""
    errors: list[type[Exception]] = [sqlite3.Error]
    try:
        import psycopg

        errors.append(psycopg.Error)
    except ImportError:  # pragma: no cover - the postgres extra is not installed
        pass
    return errors


async def _store(_: Request, e: Exception) -> JSONResponse:
    err = JournalUnavailableError(f"the journal cannot take the write, nothing was changed: "
                                  f"{type(e).__name__}: {' '.join(str(e).split())}")
    return _error(err)


async def _defect(_: Request, e: Exception) -> JSONResponse:  # a defect: the tests find none
    return JSONResponse({"code": "internal", "message": f"{type(e).__name__}: {e}"}, status_code=500)


async def _http(request: Request, e: Exception) -> Response:
    assert isinstance(e, StarletteHTTPException)
    headers = getattr(e, "headers", None)
    if e.status_code == 405:  # every method of every route of the path, not only the first route's
        allow = ", ".join(allowed_methods(request.app, request.scope))
        if request.method == "OPTIONS":
            return Response(status_code=204, headers={"Allow": allow})
        headers = {**(headers or {}), "Allow": allow}
    message = str(e.detail)   # "Method Not Allowed", as the API answered before: Allow names the methods
    code = {404: "route.unknown", 405: "route.method"}.get(e.status_code, f"http.{e.status_code}")
    return JSONResponse({"code": code, "message": message}, status_code=e.status_code, headers=headers)


def allowed_methods(app: Any, scope: Scope) -> list[str]:
    """The methods the routes of the request's path take, and ``OPTIONS`` (which answers them)."""
    methods = {"OPTIONS"}
    for route in _routes(app.router.routes):
        if isinstance(route, Route) and route.methods and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods
        elif isinstance(route, Mount) and route.matches(scope)[0] != Match.NONE:
            methods |= {"GET", "HEAD"}  # the static files
    return sorted(methods)


def _routes(routes: Sequence[Any]) -> Iterator[Any]:
    """Every route, those of the included routers too (the routers here have no prefix)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route


def _swagger_assets() -> pathlib.Path | None:
    """Swagger UI's files as the swagger-ui-py package ships them (Swagger UI 5, which reads the
    OpenAPI 3.1 that FastAPI writes), or None when it is not installed."""
    import importlib.util

    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - part of the serve extra
        return None
    d = pathlib.Path(list(spec.submodule_search_locations)[0]) / "static"
    return d if (d / "swagger-ui-bundle.js").is_file() else None


