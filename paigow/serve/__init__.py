"""``paigow serve``: the advice API and the dealer's table as an HTTP service (docs/serve.md).

Needs the ``serve`` extra (``pip install 'macau-table-games[serve]'``: FastAPI, uvicorn,
pydantic). ``create_app(db)`` builds the FastAPI application on an SQLite journal; importing this
package does not import FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paigow.serve.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from paigow.serve.app import create_app

        return create_app
    raise AttributeError(f"module 'paigow.serve' has no attribute {name!r}")
