"""The FastAPI application: ``create_app(db_path)``."""

from __future__ import annotations

import contextlib
import functools
import json
import pathlib
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from typing import Annotated, Any, Literal

import numpy as np
from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import pcc
from paigow.commission import percent
from paigow.errors import PaigowError
from paigow.serve import display, names, qr
from paigow.serve import models as m
from paigow.serve.auth import (
    DEFAULT_HOSTS,
    HostCheck,
    Operators,
    RateLimit,
    RateLimiter,
    SecurityHeaders,
)
from paigow.serve.errors import (
    JournalUnavailableError,
    OperatorError,
    QuarantinedError,
    RequestTooLargeError,
    ServiceError,
    TokenError,
    UnknownTableError,
)
from paigow.serve.games import require_game
from paigow.serve.journal import SNAPSHOT_EVERY, TableEntry
from paigow.serve.pcc_api import pcc_router
from paigow.serve.stores import open_journal
from paigow.tiles import FACES, deck_indices, parse_tiles

__all__ = ["create_app", "MAX_BODY", "MAX_TABLES"]

MAX_BODY = 1 << 20
"""Bytes in one request body (1 MiB); a larger body is refused with 413."""
MAX_TABLES = 100
"""Open tables one operator may have at once (``--max-tables``)."""

STATIC = pathlib.Path(__file__).parent / "static"
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


_bearer = HTTPBearer(auto_error=False, description="a table's dealer token (returned when the table was opened) or an"
                                                   " operator key")
TableId = Annotated[str, Path(max_length=64)]
Cred = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
Number = Annotated[int, Path(ge=1, le=1 << 31)]
IfSeq = Annotated[int | None, Query(description="refuse with 409 unless the table is at this seq")]
Bets = Annotated[list[str] | None, Query(max_length=100)]


@contextlib.contextmanager
def _timing(response: Response, name: str) -> Iterator[None]:
    """Time the block into the response's ``Server-Timing`` header: the CPU time of this thread
    in milliseconds (so time spent waiting for the GIL under load is not counted)."""
    t0 = time.thread_time()
    try:
        yield
    finally:
        response.headers["Server-Timing"] = f"{name};dur={1e3 * (time.thread_time() - t0):.3f}"


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


# -- the engine's JSON ------------------------------------------------------------------------------
def _hand(h: Any) -> dict[str, Any]:
    return {"tiles": [str(t) for t in h.tiles], "name_zh": h.name_zh, "name_en": h.name_en,
            "category": h.category.name.lower(), "points": h.points, "rank": h.rank}


@functools.lru_cache(maxsize=1 << 15)
def _setting(s: Any) -> dict[str, Any]:
    """A setting's JSON, kept: settings are immutable and few (8,130 hands of distinct faces, three
    settings each), and their names are most of an answer's cost. Callers copy, never change it."""
    return {"text": str(s), "front": _hand(s.front), "back": _hand(s.back)}


def _advice(tiles: Any, seat: str, against: str | None, commission: bool | str, rules: str = "macau",
            seen: Any = None) -> dict[str, Any]:
    from paigow.advice import advise

    # the library's answer, defaults included: against left out is its default for the commission
    a = advise(tiles, seat=seat, against=against, commission=commission, rules=rules, seen=seen)
    return {
        "tiles": [str(t) for t in a.tiles], "seat": a.seat, "against": a.against, "commission": a.commission,
        "rate": percent(a.rate), "rules": a.rules,
        "opponent_hands": a.opponent_hands, **({"seen": [str(t) for t in a.seen]} if a.seen else {}),
        "best": a.best, "mixed": a.mixed,
        "settings": [{**_setting(o.setting), "wins": o.wins, "pushes": o.pushes, "losses": o.losses,
                      "value": o.value, "equilibrium_probability": o.probability} for o in a.options],
    }


def warm() -> None:
    """Build what the first advice requests would otherwise wait for: the side tables of the named
    strategies for both seats, with and without the commission (about a second of one core).
    ``paigow serve`` runs it in a background thread at start; a request that needs a table
    meanwhile waits only for that one."""
    from paigow.advice import prepare
    from paigow.game.equilibria import CATALOGUE
    from paigow.houseway import HOUSE_WAYS
    from paigow.rules import RULE_SETS
    from paigow.strategies import NAMED

    for game, rules in RULE_SETS.items():
        # each game's own solutions, the rules any game takes, and the US game's house ways; the rule
        # set by its name, as the requests give it (the plans are kept under that key)
        names = [n for n in NAMED if all(s.rules is rules for s in CATALOGUE if s.name == n)]
        if rules.banker_sets in HOUSE_WAYS:
            names += list(HOUSE_WAYS)
        for against in (None, *names):
            for commission in (False, True):
                for seat in ("player", "banker"):
                    prepare(seat, against, commission, game)


@functools.lru_cache(maxsize=8)
def _game_value(player: str | None, banker: str | None, rules: str = "macau") -> dict[str, Any]:
    from paigow.advice import game_value

    player, banker = _name(player, rules), _name(banker, rules)
    v = game_value(_strategy(player, rules), _strategy(banker, rules), rules=rules)
    return {"player": player, "banker": banker, "rules": rules, "win": v.win, "push": v.push, "lose": v.lose,
            "ev": v.ev}


def _name(name: str | None, rules: str) -> str:
    """A strategy name of the API, the rule set's zero-commission equilibrium when left out."""
    from paigow.game.equilibria import default_against

    return default_against(False, rules) if name is None else name


def _strategy(name: str, rules: str) -> Any:
    """A strategy name of the API as the library takes it: a house way's name is its table."""
    from paigow.houseway import HOUSE_WAYS, house_way
    from paigow.rules import clean_rules

    if name in HOUSE_WAYS:
        return house_way(name).strategy(clean_rules(rules))
    return name


def create_app(db: str = "paigow.db", *, max_body: int = MAX_BODY, operators: Operators | None = None,
               allowed_hosts: Sequence[str] = DEFAULT_HOSTS, rate: float | None = None, burst: float | None = None,
               max_tables: int = MAX_TABLES, snapshot_every: int = SNAPSHOT_EVERY) -> FastAPI:
    """The service on the journal at ``db`` (an SQLite file, created if missing, or a
    ``postgresql://`` URL): every open table in it is rebuilt before the first request.

    ``operators`` hold the keys that open and close tables (none: no table can be opened);
    ``allowed_hosts`` the host names answered (``"*"``: any); ``rate`` requests a second per
    client (``burst`` at once; None: no limit); ``max_tables`` open tables per operator."""
    journal = open_journal(db, snapshot_every=snapshot_every)
    ops = operators if operators is not None else Operators()
    app = FastAPI(
        title="paigow serve",
        version=_version(),
        description="Pai Gow (牌九) advice, settlement and the dealer's table; Fish-Prawn-Crab (鱼虾蟹) odds and "
                    "settlement. Every error is JSON with a stable `code` (docs/errors.md).",
        docs_url=None, redoc_url=None,  # /docs is served from the package below (no CDN)
    )
    app.state.journal = journal
    app.state.operators = ops
    app.router.add_event_handler("shutdown", journal.close)
    app.add_middleware(BodyLimit, limit=max_body)
    if rate:
        app.add_middleware(RateLimit, limiter=RateLimiter(rate, burst))
    app.add_middleware(HostCheck, allowed=allowed_hosts)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(PaigowError)
    async def _paigow(_: Request, e: PaigowError) -> JSONResponse:
        return _error(e)

    @app.exception_handler(pcc.PccError)
    async def _pcc(_: Request, e: pcc.PccError) -> JSONResponse:
        return _error(e)

    @app.exception_handler(TypeError)
    async def _type(_: Request, e: TypeError) -> JSONResponse:
        return _error(e)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        errs = [{"loc": list(x.get("loc", ())), "msg": str(x.get("msg", "")), "type": str(x.get("type", ""))}
                for x in e.errors()]
        code = "batch.too_large" if any(x["type"] == "too_long" and "hands" in x["loc"] for x in errs) else "request.invalid"
        first = errs[0] if errs else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"])
        return JSONResponse({"code": code, "message": f"{where}: {first['msg']}", "errors": errs}, status_code=422)

    db_errors: list[type[Exception]] = [sqlite3.Error]
    try:
        import psycopg

        db_errors.append(psycopg.Error)
    except ImportError:  # pragma: no cover - the postgres extra is not installed
        pass
    for cls in db_errors:
        @app.exception_handler(cls)
        async def _store(_: Request, e: Exception) -> JSONResponse:
            err = JournalUnavailableError(f"the journal cannot take the write, nothing was changed: "
                                          f"{type(e).__name__}: {' '.join(str(e).split())}")
            return _error(err)

    @app.exception_handler(Exception)
    async def _defect(_: Request, e: Exception) -> JSONResponse:  # a defect: the tests find none
        return JSONResponse({"code": "internal", "message": f"{type(e).__name__}: {e}"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "route.unknown", 405: "route.method"}.get(e.status_code, f"http.{e.status_code}")
        return JSONResponse({"code": code, "message": str(e.detail)}, status_code=e.status_code,
                            headers=getattr(e, "headers", None))

    # -- the page -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    swagger = _swagger_assets()
    if swagger is not None:
        app.mount("/docs/assets", StaticFiles(directory=swagger), name="swagger")

    @app.get("/docs", include_in_schema=False)
    def docs() -> Response:
        """Swagger UI from the package's own copy (swagger-ui-py), no CDN, no inline script."""
        if swagger is None:
            return Response("Swagger UI is not installed (pip install swagger-ui-py): the API is described at"
                            " /openapi.json", media_type="text/plain", status_code=503)
        return FileResponse(STATIC / "docs.html")

    # -- reference --------------------------------------------------------------------------------
    @app.get("/v1/health", response_model=m.Health, tags=["service"],
             responses={503: {"model": m.Health, "description": "the journal cannot take a write (with the cause)"}})
    def health() -> Response:
        """Whether the service can take actions: 503 with the cause while the journal cannot be
        written (a full disk); ``quarantined`` counts the tables whose journal did not check."""
        h = journal.health()
        if h["error"] is not None:
            journal.probe()  # the disk may have room again
            h = journal.health()
        try:
            tables = len(journal.tables())
        except Exception as e:  # the database is gone (PostgreSQL)
            tables, h = 0, {**h, "error": f"{type(e).__name__}: {' '.join(str(e).split())}"}
        status = "unavailable" if h["error"] else ("degraded" if h["quarantined"] else "ok")
        body = {"status": status, "tables": tables, "version": _version(), **h}
        return JSONResponse(body, status_code=503 if h["error"] else 200)

    @app.get("/v1/tiles", response_model=list[m.TileOut], tags=["paigow"])
    def tiles() -> list[dict[str, Any]]:
        """The 21 faces, strongest first, with their names, rank, points and copies (Table 1)."""
        return [{"pips": str(t), "name_zh": t.name_zh, "name_en": t.name_en, "rank": t.rank, "points": t.points,
                 "copies": t.copies} for t in FACES]

    @app.post("/v1/settings", response_model=m.SettingsOut, responses=ERRORS, tags=["paigow"])
    def settings_(body: m.TilesIn) -> dict[str, Any]:
        """The three settings of four tiles (ab|cd, ac|bd, ad|bc), each arranged by the dealer rule."""
        from paigow.setting import settings

        t = parse_tiles(body.tiles, count=4)
        return {"tiles": [str(x) for x in t],
                "settings": [{"text": str(s), "front": _hand(s.front), "back": _hand(s.back)}
                             for s in settings(t, rules=body.rules)]}

    @app.post("/v1/advice", response_model=m.AdviceOut, responses=ERRORS, tags=["paigow"])
    def advice(body: m.AdviceIn, response: Response) -> Response:
        """Exact values of the three settings of four tiles against the 20,475 hands the other side
        can hold, that side setting by a named strategy."""
        with _timing(response, "engine"):
            out = _advice(body.tiles, body.seat, body.against, body.commission, body.rules, body.seen)
        # built to the schema above (the fuzz tests check it); sent without validating it again
        return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})

    @app.post("/v1/advice/batch", response_model=m.AdviceBatchOut, responses=ERRORS, tags=["paigow"])
    def advice_batch(body: m.AdviceBatchIn, response: Response) -> Response:
        """Advice for up to 1,000 hands (``ADVICE_BATCH_MAX``); the first bad hand refuses the batch."""
        with _timing(response, "engine"):
            out = {"results": [_advice(h, body.seat, body.against, body.commission, body.rules, body.seen)
                               for h in body.hands]}
        # built to the schema above (the fuzz tests check it); sent without validating it again
        return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})

    @app.post("/v1/best-settings", response_model=m.BestSettingsOut, responses=ERRORS, tags=["paigow"])
    def best_settings_(body: m.BestSettingsIn, response: Response) -> Response:
        """The setting each of up to 10,000 hands (``BEST_BATCH_MAX``) takes under a strategy (for a
        mixed hand, its most likely setting)."""
        from paigow.advice import best_settings
        from paigow.setting import settings

        with _timing(response, "engine"):
            parsed = [parse_tiles(h, count=4) for h in body.hands]
            best: list[int] = []
            if parsed:
                idx = np.array([deck_indices(t) for t in parsed], dtype=np.int64)
                best = best_settings(idx, seat=body.seat, strategy=_strategy(_name(body.strategy, body.rules), body.rules),
                                     rules=body.rules).tolist()
            out = {"best": best, "settings": [str(settings(t, rules=body.rules)[b]) for t, b in zip(parsed, best)]}
        return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})

    @app.post("/v1/game-value", response_model=m.GameValueOut, responses=ERRORS, tags=["paigow"])
    def game_value_(body: m.GameValueIn) -> dict[str, Any]:
        """Exact win/push/lose shares over all 736,281,000 pairings of two strategies."""
        return _game_value(body.player, body.banker, body.rules)

    @app.get("/v1/pcc/odds", response_model=list[m.PccOdds], responses=ERRORS, tags=["pcc"])
    def pcc_odds(bet: Bets = None) -> list[dict[str, Any]]:
        """Exact odds of Fish-Prawn-Crab bets (every spot when none is named)."""
        rows = tuple(pcc.odds(pcc.Spot.parse(s)) for s in bet) if bet else pcc.odds_table()
        return pcc.table_as_json(rows)

    @app.post("/v1/pcc/settle", response_model=m.PccSettleOut, responses=ERRORS, tags=["pcc"])
    def pcc_settle(body: m.PccSettleIn) -> dict[str, Any]:
        """Settle a slip of Fish-Prawn-Crab bets against a roll (after any void rolls)."""
        rnd = pcc.Round(body.ruleset)
        for text in body.bets:
            rnd.verify_place(text)
        for text in body.bets:
            rnd.place(text)
        for reason in body.voids:  # each void roll came after the bell; betting opens again after it
            rnd.close_betting()
            rnd.void_roll(reason)
        rnd.close_betting()  # the bell (Art. 3.1): the dome is lifted on a closed table
        s = rnd.settle(body.roll)
        r = s.roll
        return {
            "ruleset": str(rnd.ruleset), "voids": [str(v.reason) for v in rnd.voids],
            "roll": {"text": str(r), "dice": [str(f) for f in r.dice], "numbers": list(r.numbers), "total": r.total},
            "lines": [{"ticket": x.ticket, "bet": str(x.bet), "spot": str(x.bet.spot), "stake": x.stake, "won": x.won,
                       "odds": x.odds, "paid": x.paid, "returned": x.returned, "net": x.net} for x in s.lines],
            "totals": {"staked": s.staked, "paid": s.paid, "returned": s.returned, "player_net": s.player_net,
                       "house_result": s.house_result},
        }

    # -- tables -----------------------------------------------------------------------------------
    def operator_of(cred: HTTPAuthorizationCredentials | None) -> str | None:
        return ops.who(cred.credentials) if cred is not None else None

    def need_operator(cred: HTTPAuthorizationCredentials | None) -> str:
        op = operator_of(cred)
        if op is None:
            if not ops:
                raise OperatorError("no operator key is configured: set PAIGOW_OPERATOR_KEY or --operator-keys")
            raise OperatorError("this needs an operator key (Authorization: Bearer <key>)")
        return op

    def own_table(tid: str, op: str) -> TableEntry:
        e = journal.entry(tid)
        if e is None or (e.operator is not None and e.operator != op):
            raise UnknownTableError(f"operator {op!r} has no table {tid!r}")
        if e.quarantined:
            raise QuarantinedError(f"table {tid!r} is quarantined: {e.quarantined}")
        return e

    def reader(tid: str, cred: HTTPAuthorizationCredentials | None, act: bool = False,
               game: str = "paigow") -> tuple[TableEntry, bool]:
        """The table, of ``game`` (else ``table.game``), and whether the reader sees only what is
        face up (:func:`access`)."""
        e, public = access(tid, cred, act)
        if e.row is not None:
            require_game(e.row.config, game, tid)
        return e, public

    def access(tid: str, cred: HTTPAuthorizationCredentials | None, act: bool = False) -> tuple[TableEntry, bool]:
        """The table and whether the reader sees only what is face up: an operator (its own
        tables) and the dealer (the table's token) see the dealer's view; anyone else a public
        table's public view; every other request is the same 401, whether the table exists or not."""
        if cred is not None and not act:
            op = operator_of(cred)
            if op is not None:
                return own_table(tid, op), False
        e = journal.entry(tid)
        if cred is not None and journal.check_token(tid, cred.credentials):
            assert e is not None
        elif not act and cred is None and e is not None and e.public:
            return _served(e), True
        elif cred is None:
            raise TokenError(f"table {tid!r} needs its bearer token (Authorization: Bearer ...)")
        else:
            raise TokenError(f"the bearer token is not that of table {tid!r}")
        return _served(e), False

    def _served(e: TableEntry) -> TableEntry:
        if e.quarantined:
            raise QuarantinedError(f"table {e.id!r} is quarantined: {e.quarantined}")
        return e

    @app.post("/v1/tables", response_model=m.TableCreated, status_code=201, responses=CREATE_ERRORS, tags=["tables"])
    def create_table(body: m.TableIn, cred: Cred, request: Request) -> dict[str, Any]:
        """Open a table (a Session of rounds); needs an operator key. A table is ``live`` (its
        shuffles and rolls from the secure generator, journaled as drawn) or a ``simulation``
        (``seed``, for replaying). The response carries the table's dealer token, this once; the
        service keeps only its SHA-256."""
        op = need_operator(cred)
        config: dict[str, Any] = {"banker": body.banker}
        if body.players is not None:
            config["players"] = list(body.players)
        if body.house_stake is not None:
            config["house_stake"] = body.house_stake
        if body.rules != "macau":  # the config names the rule set; a table journaled without it is Macau's
            config["rules"] = body.rules
        if body.options is not None:
            config["options"] = body.options.model_dump(exclude_none=True)
        tid, token = journal.create(config, public=body.public, seed=body.seed, operator=op, mode=body.mode,
                                    limit=max_tables)
        e = journal.entry(tid)
        assert e is not None
        return {"id": tid, "token": token, "public": e.public, "mode": e.mode, "state": journal.read(e, False),
                "qr": qr.svg(qr.resume_url(str(request.base_url), tid, token))}

    @app.get("/v1/tables", response_model=m.TableList, responses=OPERATOR_ERRORS, tags=["tables"])
    def list_tables(cred: Cred) -> dict[str, Any]:
        """The operator's tables (needs an operator key)."""
        op = need_operator(cred)
        return {"tables": journal.listing(op)}

    @app.get("/v1/tables/{tid}", response_model=m.TableState, responses=TABLE_ERRORS, tags=["tables"])
    def read_table(tid: TableId, cred: Cred) -> dict[str, Any]:
        """The table's state: the dealer's view with its token or an operator key, the public
        view of a public table without one (no tile before it is turned, never the stacks)."""
        e, public = reader(tid, cred)
        return journal.read(e, public)

    @app.post("/v1/tables/{tid}/actions", response_model=m.ActionOut, responses=TABLE_ERRORS, tags=["tables"])
    def act(tid: TableId, cred: Cred, action: m.Action, response: Response, if_seq: IfSeq = None) -> dict[str, Any]:
        """Perform one action of the Round/Session procedure (needs the table's dealer token). It is
        in the journal before this answers; a refused action changes nothing and answers with the
        engine's error. A shuffle answers no stacks: they stay face down."""
        e, _ = reader(tid, cred, act=True)
        data = action.model_dump(exclude_none=True)
        t0 = time.perf_counter()
        result, view = journal.perform(e, data, if_seq)
        t1 = time.perf_counter()
        # the engine's CPU time in the action, and the wall time of the action with its commit
        response.headers["Server-Timing"] = (f"engine;dur={1e3 * e.engine_seconds:.3f}, "
                                             f"journal;dur={1e3 * (t1 - t0):.3f}")
        if data["action"] == "shuffle":
            result = None
        return {"seq": view["seq"], "action": data["action"], "result": result, "state": view}

    @app.get("/v1/tables/{tid}/rounds/{number}", responses=TABLE_ERRORS, tags=["tables"])
    def read_round(tid: TableId, number: Number, cred: Cred) -> dict[str, Any]:
        """The record of finished round ``number`` (1 is the first) in the round-record format
        (``paigow-round/1``, what ``paigow round --json`` writes and ``paigow settle`` reads); a
        public table's reader without a token gets the round as the table showed it when it ended.
        Read from the store, not by replaying the table."""
        e, public = reader(tid, cred)
        return journal.finished_round(e, number, public)

    @app.post("/v1/tables/{tid}/close", response_model=m.TableClosed, responses=OPERATOR_ERRORS, tags=["tables"])
    def close_table(tid: TableId, cred: Cred) -> dict[str, Any]:
        """Close a table between rounds (needs an operator key): its last state is archived, it
        takes no more actions and is not replayed at start; its journal stays for the audit."""
        op = need_operator(cred)
        return journal.close_table(own_table(tid, op))

    @app.post("/v1/tables/{tid}/token", response_model=m.TokenOut, responses=OPERATOR_ERRORS, tags=["tables"])
    def new_token(tid: TableId, cred: Cred) -> dict[str, Any]:
        """A new dealer token for the table (needs an operator key); the old one stops working."""
        op = need_operator(cred)
        return {"id": tid, "token": journal.rotate_token(own_table(tid, op))}

    @app.get("/v1/tables/{tid}/journal", responses=OPERATOR_ERRORS, tags=["tables"])
    def export_journal(tid: TableId, cred: Cred) -> dict[str, Any]:
        """The table's whole journal for the regulator (``paigow-journal/1``; needs an operator
        key): every row with its hash, and whether the chain checks. The rows of a round still in
        play are withheld until it is settled."""
        op = need_operator(cred)
        e = journal.entry(tid)
        if e is None or (e.operator is not None and e.operator != op):
            raise UnknownTableError(f"operator {op!r} has no table {tid!r}")
        return journal.export(e)

    app.include_router(pcc_router(journal, reader, need_operator, max_tables, CREATE_ERRORS, TABLE_ERRORS, STATIC))

    # -- the players' display and the names in the page's language (issue 22) -----------------------
    follow = display.JournalReader(str(getattr(journal, "url", journal.path)))
    app.router.add_event_handler("shutdown", follow.close)
    app.include_router(display.router(follow, reader, TABLE_ERRORS))

    @app.get("/v1/names", response_model=m.NamesOut, responses=ERRORS, tags=["paigow"])
    def names_(lang: Annotated[Literal["zh-Hant", "zh-Hans", "pt", "en"], Query()] = "en") -> dict[str, Any]:
        """Every hand's and tile's name in a language of the page (``zh-Hant``, ``zh-Hans``, ``pt``,
        ``en``), by the Simplified name the other answers carry (``name_zh``, a result's ``front``)."""
        return names.names(lang)

    return app


def finished_round_record(session: Any, number: int) -> dict[str, Any]:
    """The round record (:mod:`paigow.table.records`) of finished round ``number`` of ``session``: the
    session's record is replayed up to that round, left open, and the round's own record read."""
    from paigow.table.records import replay_session, round_record, session_record

    record = session_record(session)
    events, rounds = [], 0
    for ev in record["events"]:
        events.append(ev)
        rounds += ev["event"] == "round"
        if rounds == number:
            break
    r = replay_session({**record, "events": events}).round
    assert r is not None and r.result is not None
    return round_record(r)


def _swagger_assets() -> pathlib.Path | None:
    """Swagger UI's files as the swagger-ui-py package ships them (Swagger UI 5, which reads the
    OpenAPI 3.1 that FastAPI writes), or None when it is not installed."""
    import importlib.util

    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - part of the serve extra
        return None
    d = pathlib.Path(list(spec.submodule_search_locations)[0]) / "static"
    return d if (d / "swagger-ui-bundle.js").is_file() else None


def _version() -> str:
    import paigow

    return str(paigow.__version__)

