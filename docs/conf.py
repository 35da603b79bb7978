"""Sphinx configuration of the API reference site (furo theme, Markdown through MyST).

Build it as CI does, warnings as errors:

    pip install -e '.[docs]' && sphinx-build -W --keep-going -b html docs docs/_build/html

The guides are the Markdown files of this folder, in the order of ``GUIDES``; a guide that does
not exist yet is left out, and a Markdown file not named there is listed after the others, so
adding ``docs/<name>.md`` needs at most one line here (its place in ``GUIDES``).
"""

from __future__ import annotations

import importlib.metadata
import pathlib
import posixpath
import re
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent

project = "macau-table-games"
author = "The macau-table-games authors"
copyright = "2026, " + author  # noqa: A001  (Sphinx's name)
release = importlib.metadata.version(project)  # the installed distribution: one version, in pyproject.toml
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

html_theme = "furo"
html_title = f"macau-table-games {release}"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4  # GitHub-style anchors, so "page.md#a-heading" links work as on GitHub
# Several guides are also sections of the README and start at "##"; that is a style, not a
# broken page. Every other warning fails the build.
# "ref.python": a name that more than one documented module defines (Bet, HouseWay, a Figure's
# and a Colour's pt/en) in an annotation autodoc leaves as text; the link goes to the first target
suppress_warnings = ["myst.header", "ref.python"]

# Each object is documented once, in the module that defines it: a module's __all__ may re-export
# another module's names (paigow.table re-exports paigow.session.Session), so it is not followed.
autodoc_default_options = {"members": True, "member-order": "bysource", "show-inheritance": True,
                           "ignore-module-all": True}
autodoc_typehints = "description"
autodoc_typehints_format = "fully-qualified"  # two packages define a Bet: name each type in full
autodoc_preserve_defaults = True

# The guides, in reading order. Names without a file are skipped until the file exists.
GUIDES = [
    "tour",
    "rules",
    "advice",
    "equilibrium",
    "houseway",
    "houseway-compare",
    "us-edges",
    "home-edges",
    "home-table",
    "dealer",
    "training",
    "simulation",
    "distributed",
    "cli",
    "errors",
    "serve",
    "page",
    "pcc",
    "throughput",
    "architecture",
]  # the README's Guides, in its order (tests/test_project_hygiene.py holds them together)
NOT_GUIDES = {"index", "changelog"}


def guides() -> list[str]:
    present = {p.stem for p in HERE.glob("*.md")} - NOT_GUIDES
    return [g for g in GUIDES if g in present] + sorted(present - set(GUIDES))


def public_modules(package: str) -> list[str]:
    """The package's public modules, those of its subpackages too: not private (``_x``), not the
    command line (its guide and ``--help`` document it). A new module appears in the reference
    without a change here."""
    import importlib
    import pkgutil

    path = importlib.import_module(package).__path__
    names = [m.name for m in pkgutil.walk_packages(path, prefix=f"{package}.")]
    return [n for n in names
            if not any(part.startswith("_") or part.startswith("cli") for part in n.split(".")[1:])]


def _api_page(package: str) -> str:
    # autodoc writes reStructuredText, so its directives go in an eval-rst block.
    return "\n".join(f"## `{m}`\n\n```{{eval-rst}}\n.. automodule:: {m}\n```\n" for m in public_modules(package))


REPO = "https://github.com/macau-table-games/macau-table-games/blob/main/"  # placeholder address
# Pages whose text is a file of the repository's root, as GitHub shows it.
ROOT_FILES = {"tour": "README.md", "changelog": "CHANGELOG.md"}


def _link(target: str, from_root: bool) -> str:
    """A relative link of a Markdown file, made to work on the site: a guide or a root file that
    is a page becomes a page link, a file under docs/ stays relative, anything else in the
    repository (a folder, a source file) goes to its GitHub view."""
    if re.match(r"[a-z][a-z0-9+.-]*:|#", target):  # a URL or an anchor of the same page
        return target
    path, _, anchor = target.partition("#")
    rel = posixpath.normpath(path if from_root else posixpath.join("docs", path))  # from the repository root
    pages = {v: k + ".md" for k, v in ROOT_FILES.items()}
    if rel in pages:
        out = pages[rel]
    elif rel.startswith("docs/") and (HERE.parent / rel).is_file():
        out = rel.removeprefix("docs/")
    else:
        out = REPO + rel
    return out + ("#" + anchor if anchor else "")


def _fix_links(text: str, from_root: bool) -> str:
    return re.sub(r"\]\(([^)\s]+)\)", lambda m: f"]({_link(m.group(1), from_root)})", text)


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    if docname in ROOT_FILES:
        path = HERE.parent / ROOT_FILES[docname]
        app.env.note_dependency(str(path))
        source[0] = _fix_links(path.read_text(encoding="utf-8"), from_root=True)
        return
    if docname == "index":
        source[0] = source[0].replace("%% GUIDES %%", "\n".join(guides()))
    if docname.startswith("api/"):
        package = docname.removeprefix("api/")
        source[0] = source[0].replace(f"%% MODULES {package} %%", _api_page(package))
    source[0] = _fix_links(source[0], from_root=False)


def setup(app: Any) -> None:
    app.connect("source-read", _source_read)
