"""Who may do what: operator keys, the rate limit, the host names and the security headers.

- An **operator key** opens, lists, closes and exports tables; it comes from the environment
  (``PAIGOW_OPERATOR_KEY``: one key, operator ``operator``) or a file (``--operator-keys FILE`` or
  ``PAIGOW_OPERATOR_KEYS_FILE``: a line ``name key`` or ``name sha256:HEX`` per operator), never
  from the command line (where ``ps`` and the shell history would show it). Only the SHA-256 of
  a key is kept in memory, compared in constant time.
- A table's **dealer token** (given when the table is opened) performs its actions; a viewer
  (no token) reads public tables only, and only what is face up.
- A **seat token** (given by the dealer to one position, :mod:`paigow.serve.seats`) reads that
  position's view and takes the few actions a seat may; only its SHA-256 is stored.

The routers learn who is asking from the :func:`caller` dependency: a :class:`Caller` holds the
request's bearer credential and the app's journal and operators, and its checks
(:meth:`Caller.operator`, :meth:`Caller.table`, :meth:`Caller.own_table`) raise the service's
error. They run when the endpoint calls them, after FastAPI has validated the request, so a
request both malformed and unauthorised is answered 422 (the schema) as it always was. The
middlewares are plain ASGI.

>>> ops = Operators({hash_key("k" * 24): "pit-1"})
>>> ops.who("k" * 24), ops.who("x" * 24), ops.who(None)
('pit-1', None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from paigow.serve.errors import (
    HostError,
    OperatorError,
    QuarantinedError,
    RateLimitError,
    SeatTokenError,
    StartError,
    TokenError,
    UnknownTableError,
)
from paigow.serve.games import require_game
from paigow.serve.journal import Journal, TableEntry

__all__ = ["Operators", "hash_key", "load_operators", "Proxies", "RateLimiter", "HostCheck", "SecurityHeaders", "RateLimit",
           "MIN_KEY", "CSP", "DEFAULT_HOSTS", "bearer", "Cred", "Caller", "caller", "Who"]

MIN_KEY = 16
"""Characters in an operator key, at least."""
DEFAULT_HOSTS = ("localhost", "127.0.0.1", "::1")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The Content-Security-Policy of every response: nothing from another origin, no inline script,
no framing (Swagger UI sets inline styles, hence ``style-src 'unsafe-inline'``)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class Operators:
    """Operator keys by their SHA-256 (hex) -> operator name."""

    def __init__(self, by_hash: Mapping[str, str] | None = None) -> None:
        self.by_hash = dict(by_hash or {})

    def __bool__(self) -> bool:
        return bool(self.by_hash)

    def who(self, key: str | None) -> str | None:
        """The operator whose key this is, or None (every stored hash compared, in constant time)."""
        if key is None:
            return None
        h = hash_key(key)
        found = None
        for stored, name in self.by_hash.items():
            if hmac.compare_digest(stored, h):
                found = name
        return found


def _parse_line(line: str, where: str) -> tuple[str, str]:
    parts = line.split()
    if len(parts) != 2:
        raise StartError(f"{where}: a line is 'name key' or 'name sha256:HEX'")
    name, key = parts
    if key.startswith("sha256:"):
        h = key[7:].lower()
        if len(h) != 64 or any(c not in "0123456789abcdef" for c in h):
            raise StartError(f"{where}: operator {name!r}: sha256: is followed by 64 hex digits")
        return name, h
    if len(key) < MIN_KEY:
        raise StartError(f"{where}: operator {name!r}: a key has at least {MIN_KEY} characters")
    return name, hash_key(key)


def load_operators(path: str | None = None, environ: Mapping[str, str] | None = None) -> Operators:
    """The operators from ``PAIGOW_OPERATOR_KEY`` and the key file (``path``, else
    ``PAIGOW_OPERATOR_KEYS_FILE``). A key file others may read is refused."""
    env = os.environ if environ is None else environ
    by_hash: dict[str, str] = {}
    key = env.get("PAIGOW_OPERATOR_KEY")
    if key:
        if len(key) < MIN_KEY:
            raise StartError(f"PAIGOW_OPERATOR_KEY: a key has at least {MIN_KEY} characters")
        by_hash[hash_key(key)] = "operator"
    path = path or env.get("PAIGOW_OPERATOR_KEYS_FILE")
    if path:
        try:
            st = os.stat(path)
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise StartError(f"operator keys {path}: {e.strerror or e}") from None
        if st.st_mode & (stat.S_IROTH | stat.S_IWOTH):
            raise StartError(f"operator keys {path}: others may read it (chmod 600 {path})")
        for i, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if line and not line.startswith("#"):
                name, h = _parse_line(line, f"operator keys {path}, line {i}")
                by_hash[h] = name
    return Operators(by_hash)


class Proxies:
    """The proxies whose ``X-Forwarded-For`` is believed (``--forwarded-allow-ips``: addresses and
    networks, comma-separated, ``*`` any; none by default) and the client address of a request:
    the peer, unless the peer is a named proxy; then the header's last address that is not a named
    proxy (the client as the first proxy saw it; the addresses before it the client may have written
    itself). The rate limit and the stream limits key on it.

    >>> p = Proxies("10.0.0.0/8, 127.0.0.1")
    >>> scope = {"client": ("10.1.2.3", 5), "headers": [(b"x-forwarded-for", b"6.6.6.6, 1.2.3.4, 10.0.0.7")]}
    >>> p.client(scope), Proxies().client(scope), p.client({"client": ("8.8.8.8", 1), "headers": scope["headers"]})
    ('1.2.3.4', '10.1.2.3', '8.8.8.8')
    """

    def __init__(self, allow: str | Iterable[str] | None = None) -> None:
        items = allow.split(",") if isinstance(allow, str) else list(allow or ())
        self.names: set[str] = set()
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for item in (i.strip() for i in items):
            if not item:
                continue
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)  # "*", or a name such as a unix socket's
        self.any = "*" in self.names

    def __bool__(self) -> bool:
        return self.any or bool(self.names) or bool(self.networks)

    def trusts(self, host: str) -> bool:
        if self.any or host in self.names:
            return True
        try:
            ip = ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            return False
        return any(ip in n for n in self.networks)

    def client(self, scope: Scope) -> str:
        """The request's client address (see the class)."""
        peer = str((scope.get("client") or ("?", 0))[0])
        if not self or not self.trusts(peer):
            return peer
        hops: list[str] = [h.strip() for k, v in scope.get("headers", ()) if k == b"x-forwarded-for"
                           for h in v.decode("latin-1").split(",") if h.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return hop[:64]
        return hops[0][:64] if hops else peer


class RateLimiter:
    """A token bucket per client: ``rate`` requests a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float | None = None, clients: int = 65536) -> None:
        self.rate = float(rate)
        self.burst = float(burst if burst is not None else max(1.0, 2 * rate))
        self.clients = clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """0 when the request may go ahead, else the seconds until it could."""
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.pop(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.rate
            self._buckets[client] = (tokens, now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
            return wait


async def _json(send: Send, status: int, body: Mapping[str, Any], headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": data})


class RateLimit:
    """ASGI middleware: 429 ``request.rate`` (with ``Retry-After``) past the client's rate."""

    def __init__(self, app: ASGI, limiter: RateLimiter, proxies: Proxies | None = None) -> None:
        self.app = app
        self.limiter = limiter
        self.proxies = proxies if proxies is not None else Proxies()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            client = self.proxies.client(scope)
            wait = self.limiter.take(client)
            if wait > 0:
                e = RateLimitError(f"more than {self.limiter.rate:g} requests a second from {client}: retry in {wait:.2f} s")
                await _json(send, e.status, e.to_dict(), [(b"retry-after", str(max(1, round(wait + 0.5))).encode())])
                return
        await self.app(scope, receive, send)


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without the port (``[::1]:8000`` -> ``::1``)."""
    h = header.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    if h.count(":") == 1:
        return h.split(":")[0]
    return h


class HostCheck:
    """ASGI middleware: 400 ``request.host`` unless the ``Host`` header names an allowed host
    (a page of another site that rebinds its name to this address is refused)."""

    def __init__(self, app: ASGI, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = {a.strip().lower().strip("[]") for a in allowed}
        self.any = "*" in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.any:
            host = ""
            for k, v in scope.get("headers", ()):
                if k == b"host":
                    host = v.decode("latin-1")
                    break
            if host_name(host) not in self.allowed:
                e = HostError(f"this service does not answer for host {host[:100]!r} (--allowed-host)")
                await _json(send, e.status, e.to_dict())
                return
        await self.app(scope, receive, send)


SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class SecurityHeaders:
    """ASGI middleware: the security headers on every response, and ``Cache-Control: no-store``
    on the API's (a table's state is never kept by a cache on the way)."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/v1/")

        async def sending(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                headers = list(msg.get("headers", ())) + SECURITY_HEADERS
                if api:
                    headers.append((b"cache-control", b"no-store"))
                msg["headers"] = headers
            await send(msg)

        await self.app(scope, receive, sending)


# -- the routers' dependency ------------------------------------------------------------------------
bearer = HTTPBearer(auto_error=False)
"""The ``Authorization: Bearer`` credential: a table's dealer token or an operator key (optional:
a viewer has none)."""
Cred = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


class Caller:
    """Who is asking: the request's bearer credential (``cred``) against the app's ``journal``
    (dealer tokens) and ``operators`` (operator keys)."""

    def __init__(self, journal: Journal, operators: Operators, cred: HTTPAuthorizationCredentials | None) -> None:
        self.journal = journal
        self.operators = operators
        self.cred = cred

    def operator_name(self) -> str | None:
        """The operator whose key the credential is, or None."""
        return self.operators.who(self.cred.credentials) if self.cred is not None else None

    def operator(self) -> str:
        """The operator asking; :class:`OperatorError` (401) without an operator key."""
        op = self.operator_name()
        if op is None:
            if not self.operators:
                raise OperatorError("no operator key is configured: set PAIGOW_OPERATOR_KEY or --operator-keys")
            raise OperatorError("this needs an operator key (Authorization: Bearer <key>)")
        return op

    def own_table(self, tid: str, op: str) -> TableEntry:
        """Operator ``op``'s table ``tid`` (404 when it is not theirs, 503 when quarantined)."""
        e = self.journal.entry(tid)
        if e is None or (e.operator is not None and e.operator != op):
            raise UnknownTableError(f"operator {op!r} has no table {tid!r}")
        if e.quarantined:
            raise QuarantinedError(f"table {tid!r} is quarantined: {e.quarantined}")
        return e

    def table(self, tid: str, act: bool = False, game: str = "paigow") -> tuple[TableEntry, bool]:
        """The table, of ``game`` (else ``table.game``), and whether the caller sees only what is
        face up: an operator (its own tables) and the dealer (the table's token) see the dealer's
        view; anyone else a public table's public view; every other request is the same 401,
        whether the table exists or not. ``act``: the caller acts, which only the dealer's token may."""
        e, public = self._access(tid, act)
        if e.row is not None:
            require_game(e.row.config, game, tid)
        return e, public

    def seat(self, tid: str, game: str = "paigow") -> tuple[TableEntry, int]:
        """The table and the position whose seat token the credential is (a player's own device,
        issue 38); any other credential, a revoked token, or no such table: the same 401
        ``seat.token``."""
        token = self.cred.credentials if self.cred is not None else None
        e = self.journal.entry(tid)
        position = self.journal.seat_of(tid, token)  # looked up whether the table exists or not: the same work
        if e is None or position is None:
            if token is None:
                raise SeatTokenError(f"a seat of table {tid!r} needs its seat token (Authorization: Bearer ...)")
            raise SeatTokenError(f"the bearer token is no seat's of table {tid!r} (or the dealer revoked it)")
        if e.row is not None:
            require_game(e.row.config, game, tid)
        return _served(e), position

    def _access(self, tid: str, act: bool) -> tuple[TableEntry, bool]:
        cred = self.cred
        if cred is not None and not act:
            op = self.operator_name()
            if op is not None:
                return self.own_table(tid, op), False
        e = self.journal.entry(tid)
        if cred is not None and self.journal.check_token(tid, cred.credentials):
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


async def caller(request: Request, cred: Cred) -> Caller:
    """The :class:`Caller` of a request (a dependency), on the app's ``state.service``; on the event
    loop (it only reads attributes: a sync dependency would cost a thread's round trip)."""
    svc = request.app.state.service
    return Caller(svc.journal, svc.operators, cred)


Who = Annotated[Caller, Depends(caller)]
"""An endpoint's parameter for who is asking (documented as the ``HTTPBearer`` security scheme)."""
