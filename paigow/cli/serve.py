"""``paigow serve``: the HTTP service and the dealer's page (docs/serve.md).

FastAPI and uvicorn are imported only when the command runs.
"""

from __future__ import annotations

import argparse


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "serve",
        help="the advice API and the dealer's table as a service, with the dealer's page at /",
        description="Serve the HTTP API (/v1, OpenAPI at /openapi.json, docs at /docs) and the dealer's "
        "page (/) on uvicorn. Tables are kept in an SQLite journal and rebuilt from it on start. "
        "Needs the serve extra: pip install -e '.[serve]'.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument("--db", default="paigow.db", help="the SQLite journal (default: ./paigow.db)")
    p.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"))
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from paigow.serve.app import create_app, warm
    except ImportError as e:  # pragma: no cover - the extra is part of [test]
        print(f"paigow serve needs the serve extra (pip install -e '.[serve]'): {e}")
        return 1
    import threading

    app = create_app(args.db)
    # the named strategies' side tables, built while the server starts rather than by the first
    # requests (a request needing one meanwhile waits for that one only)
    threading.Thread(target=warm, name="paigow-warm", daemon=True).start()
    print(f"paigow serve: http://{args.host}:{args.port}/ (journal {args.db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0
