"""The service itself, for whoever runs it: whether it can take actions (``/v1/health``), the
dealer's page (``/``), the pages' icon (``/favicon.ico``) and the API's documentation (``/docs``, Swagger UI from the package)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

from paigow.serve import models as m
from paigow.serve.routers.common import STATIC, Svc, version

__all__ = ["router"]

router = APIRouter()


@router.get("/", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> FileResponse:
    """The pages' icon (a tile, SVG), where a browser asks for it by default."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/docs", include_in_schema=False)
def docs(svc: Svc) -> Response:
    """Swagger UI from the package's own copy (swagger-ui-py), no CDN, no inline script."""
    if svc.swagger is None:
        return Response("Swagger UI is not installed (pip install swagger-ui-py): the API is described at"
                        " /openapi.json", media_type="text/plain", status_code=503)
    return FileResponse(STATIC / "docs.html")


@router.get("/v1/health", response_model=m.Health, tags=["service"],
            responses={503: {"model": m.Health, "description": "the journal cannot take a write (with the cause)"}})
def health(svc: Svc) -> Response:
    """Whether the service can take actions: 503 with the cause while the journal cannot be
    written (a full disk); ``quarantined`` counts the tables whose journal did not check."""
    journal = svc.journal
    h = journal.health()
    if h["error"] is not None:
        journal.probe()  # the disk may have room again
        h = journal.health()
    try:
        tables = len(journal.tables())
    except Exception as e:  # the database is gone (PostgreSQL)
        tables, h = 0, {**h, "error": f"{type(e).__name__}: {' '.join(str(e).split())}"}
    status = "unavailable" if h["error"] else ("degraded" if h["quarantined"] else "ok")
    body = {"status": status, "tables": tables, "version": version(), **h}
    return JSONResponse(body, status_code=503 if h["error"] else 200)
