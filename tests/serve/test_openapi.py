"""The routers (issue 30, item 4) changed no answer: the OpenAPI document ``create_app`` writes is,
byte for byte, the one the single ``create_app`` wrote before them (tests/data/openapi-before.json,
written from that version)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn) is not installed")

BEFORE = Path(__file__).parent.parent / "data" / "openapi-before.json"


def document(tmp_path: Path) -> str:
    from paigow.serve.app import create_app

    app = create_app(str(tmp_path / "doc.db"))
    try:
        return json.dumps(app.openapi(), indent=1, ensure_ascii=False) + "\n"
    finally:
        app.state.service.journal.close()


def test_the_document_is_the_one_before_the_routers(tmp_path: Path) -> None:
    assert document(tmp_path) == BEFORE.read_text(encoding="utf-8")


def test_every_documented_route_is_served_by_a_router(tmp_path: Path) -> None:
    from paigow.serve.app import create_app
    from paigow.serve.routers import advice, display, home, home_seats, operator, pcc, seats, tables, training

    app = create_app(str(tmp_path / "r.db"))
    try:
        documented = {(p, meth.upper()) for p, ops in app.openapi()["paths"].items() for meth in ops}
        routed = {(r.path, meth) for mod in (advice.router, display.router, operator.router, pcc.reference,
                                             pcc.tables, tables.router, seats.router, training.router, home.router,
                                             home_seats.router)
                  for r in mod.routes for meth in getattr(r, "methods", ()) if getattr(r, "include_in_schema", False)}
        assert documented == routed
        # 22 paths, /v1/tables with GET and POST; 10 training paths, groups with GET and POST; the home
        # tables' 5 paths (open, read, act, a round, advice); 5 seat paths, a seat with POST and DELETE;
        # a home table's 6 seat paths (its seats, a seat with POST and DELETE, the view, events, actions, advice);
        # a round's deadline, a home round's deadline, the dealer's and the home host's answers to a seat's
        # request (issue 38)
        assert len(documented) == 56
    finally:
        app.state.service.journal.close()
