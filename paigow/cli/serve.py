"""``paigow serve``: the HTTP service and the dealer's page (docs/serve.md).

FastAPI and uvicorn are imported only when the command runs. Every failure to start (the port,
the journal, the keys) is one line, ``paigow serve: error: ... [code]``, and exit code 2.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paigow.serve.streams import StreamLimits


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"a port is 1-65535, not {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {value}")
    return value


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {text}")
    return value


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "serve",
        help="the advice API and the dealer's table as a service, with the dealer's page at /",
        description="Serve the HTTP API (/v1, OpenAPI at /openapi.json, docs at /docs) and the dealer's "
        "page (/) on uvicorn. Tables are kept in a journal (an SQLite file, or PostgreSQL for several "
        "processes) and rebuilt from it on start. Operator keys come from PAIGOW_OPERATOR_KEY or a key "
        "file, never the command line. Needs the serve extra: pip install -e '.[serve]'.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default: 8000)")
    p.add_argument("--db", default="paigow.db",
                   help="the journal: an SQLite file (default: ./paigow.db) or postgresql://... (psycopg 3)")
    p.add_argument("--allowed-host", action="append", default=None, metavar="NAME",
                   help="a host name the service answers (the Host header), repeatable (default: localhost, "
                   "127.0.0.1, ::1 and --host); '*' answers any")
    p.add_argument("--operator-keys", default=None, metavar="FILE",
                   help="the operators' keys, a line 'name key' or 'name sha256:HEX' each, readable by its owner "
                   "only (default: PAIGOW_OPERATOR_KEYS_FILE; PAIGOW_OPERATOR_KEY adds one key)")
    p.add_argument("--max-tables", type=_count, default=None, metavar="N",
                   help="open tables per operator, at most (default: 100)")
    p.add_argument("--rate", type=_rate, default=50.0, metavar="R",
                   help="requests a second per client address, bursts of 2R (default: 50; 0: no limit)")
    p.add_argument("--streams-per-address", type=_count, default=None, metavar="N",
                   help="open event streams (a players' display each) one client address may have (default: 8; 0: no "
                   "limit); one more is refused with 429 stream.limit")
    p.add_argument("--streams-per-table", type=_count, default=None, metavar="N",
                   help="open event streams on one table (default: 64; 0: no limit)")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help="the proxies (addresses or networks, comma-separated; '*' any) whose X-Forwarded-For and "
                   "X-Forwarded-Proto are believed: the rate and stream limits then key on the client the proxy names "
                   "(default: none; every limit keys on the connecting address)")
    p.add_argument("--snapshot-every", type=_count, default=None, metavar="N",
                   help="snapshot each table every N rounds, so start replays only what follows (default: 10; 0: never)")
    p.add_argument("--audit", action="store_true",
                   help="check the hash chain of every table in --db and exit: 0 when every chain checks, 1 naming "
                   "the first broken row of each table that does not")
    p.add_argument("--export", default=None, metavar="TABLE",
                   help="write the whole journal of table TABLE in --db (paigow-journal/2 JSON) and exit")
    p.add_argument("--backup", default=None, metavar="FILE",
                   help="copy the SQLite journal --db to the new FILE while it is served (SQLite's online backup), "
                   "check the copy as --audit does and exit")
    p.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"))
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    import sys

    from paigow.serve.errors import StartError

    if args.audit:
        return _audit(args.db)
    if args.export is not None:
        return _export(args.db, args.export)
    if args.backup is not None:
        from paigow.serve.stores import backup

        backup(args.db, args.backup)
        print(f"backup: {args.backup}")
        return _audit(args.backup)
    try:
        import uvicorn

        from paigow.serve.app import MAX_TABLES, create_app, warm
        from paigow.serve.auth import DEFAULT_HOSTS, load_operators
        from paigow.serve.journal import SNAPSHOT_EVERY
    except ImportError as e:  # one line on standard error and exit 2, like every failure to start
        missing = getattr(e, "name", None) or str(e)
        raise StartError(f"paigow serve needs the serve extra: pip install 'macau-table-games[serve]' (or, in a"
                         f" checkout, pip install -e '.[serve]'); {missing} is not installed") from None
    import socket
    import threading

    # the port first: a port in use or not ours is one line, before the journal is read
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((args.host, args.port))
    except OSError as e:
        raise StartError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None
    operators = load_operators(args.operator_keys)
    hosts = list(args.allowed_host or [*DEFAULT_HOSTS, *([args.host] if args.host not in ("0.0.0.0", "::") else [])])
    app = create_app(args.db, operators=operators, allowed_hosts=hosts, rate=args.rate or None,
                     max_tables=MAX_TABLES if args.max_tables is None else args.max_tables,
                     snapshot_every=SNAPSHOT_EVERY if args.snapshot_every is None else args.snapshot_every,
                     forwarded_allow_ips=args.forwarded_allow_ips, stream_limits=_stream_limits(args))
    if not operators:
        print("paigow serve: no operator key (PAIGOW_OPERATOR_KEY or --operator-keys): no table can be opened",
              file=sys.stderr, flush=True)
    # the named strategies' side tables, built while the server starts rather than by the first
    # requests (a request needing one meanwhile waits for that one only)
    threading.Thread(target=warm, name="paigow-warm", daemon=True).start()
    where = args.db if "://" not in args.db else args.db.split("@")[-1]  # never print a password
    print(f"paigow serve: http://{args.host}:{args.port}/ (journal {where})", flush=True)
    proxy_headers, forwarded_allow_ips = uvicorn_proxy(args.forwarded_allow_ips)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, proxy_headers=proxy_headers,
                forwarded_allow_ips=forwarded_allow_ips)
    return 0


def _stream_limits(args: argparse.Namespace) -> StreamLimits:
    from paigow.serve.streams import PER_ADDRESS, PER_TABLE, StreamLimits

    return StreamLimits(PER_ADDRESS if args.streams_per_address is None else args.streams_per_address,
                        PER_TABLE if args.streams_per_table is None else args.streams_per_table)


def uvicorn_proxy(allow: str | None) -> tuple[bool, str]:
    """uvicorn's ``proxy_headers`` and ``forwarded_allow_ips``: its forwarded headers believed from
    the named proxies only, and from none by default (uvicorn's own default believes 127.0.0.1,
    and its environment ``FORWARDED_ALLOW_IPS``: neither is used).

    >>> uvicorn_proxy(None), uvicorn_proxy("10.0.0.1")
    ((False, ''), (True, '10.0.0.1'))
    """
    allow = (allow or "").strip()
    return bool(allow), allow


def _audit(db: str) -> int:
    from paigow.serve.stores import audit

    results = audit(db)
    broken = [r for r in results if r["status"] != "ok"]
    for r in results:
        state = f"closed {r['closed']}" if r["closed"] else "open"
        if r["status"] == "ok":
            print(f"table {r['table']}: {r['rows']} rows, chain ok, head {r['head']} ({state})")
        else:
            print(f"table {r['table']}: BROKEN at row {r['seq']}: {r['reason']} ({state})")
    print(f"audit: {len(results)} tables, {len(broken)} broken")
    return 1 if broken else 0


def _export(db: str, tid: str) -> int:
    import json

    from paigow.serve.stores import export_table

    print(json.dumps(export_table(db, tid), ensure_ascii=False, indent=1))
    return 0
