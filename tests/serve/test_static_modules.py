"""The pages' scripts are ES modules: each page loads one module (``<script type="module">``), the
modules import one another by relative paths that exist, share nothing through globals, and the
service serves them with a JavaScript MIME type (a browser refuses a module served otherwise) under
a Content-Security-Policy that allows scripts from 'self' and no inline script."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from serve_support import ThreadServer

STATIC = Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static"
# the pages and the one module each loads (docs.html: Swagger UI's classic bundle, not ours)
PAGES = {"/": "app.js", "/pcc": "pcc.js", "/pcc/display": "pcc-display.js", "/training": "training.js",
         "/display/T1": "display.js", "/home": "home.js", "/home/display": "home-display.js",
         "/seat/T1": "seat.js"}
MODULES = sorted(f.name for f in STATIC.glob("*.js") if f.name != "docs.js")
IMPORT = re.compile(r'^import\s+(?:[^;]*?\s+from\s+)?"([^"]+)";', re.M)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    s = ThreadServer(str(tmp_path_factory.mktemp("static") / "static.db"))
    with httpx.Client(base_url=s.url, timeout=30) as c:
        yield c
    s.stop()


@pytest.mark.parametrize("path", list(PAGES))
def test_each_page_loads_one_module_under_the_policy(service: httpx.Client, path: str) -> None:
    r = service.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    scripts = re.findall(r"<script\b[^>]*>", r.text)
    assert scripts == [f'<script type="module" src="/static/{PAGES[path]}">'], scripts
    csp = dict(part.strip().split(" ", 1) for part in r.headers["content-security-policy"].split(";"))
    assert csp["script-src"] == "'self'"  # modules from this origin; nothing inline, nothing from elsewhere


@pytest.mark.parametrize("name", MODULES)
def test_each_module_is_served_as_javascript(service: httpx.Client, name: str) -> None:
    r = service.get(f"/static/{name}")
    assert r.status_code == 200
    assert re.match(r"(text|application)/javascript\b", r.headers["content-type"]), r.headers["content-type"]
    assert r.headers["x-content-type-options"] == "nosniff"  # hence the type must be right


@pytest.mark.parametrize("name", MODULES)
def test_each_module_imports_by_relative_paths_and_shares_no_globals(name: str) -> None:
    text = (STATIC / name).read_text(encoding="utf-8")
    for target in IMPORT.findall(text):
        assert target.startswith("./") and (STATIC / target[2:]).is_file(), (name, target)
    assert '"use strict"' not in text  # a module is strict already; the old classic scripts' mark
    assert not re.search(r"\bwindow\.\w+\s*=", text), name  # nothing handed to another script as a global
    if name not in PAGES.values():  # a library module says what it gives
        assert re.search(r"^export ", text, re.M), name


def test_every_module_is_reached_from_a_page() -> None:
    seen: set[str] = set()
    todo = list(PAGES.values())
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [t[2:] for t in IMPORT.findall((STATIC / name).read_text(encoding="utf-8"))]
    assert seen == set(MODULES)
    assert "protocol.js" in seen
