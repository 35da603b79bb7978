"""Check the built distributions: the wheel holds what runs and no sources, the sdist holds
everything needed to build, test and document the project.

    python .ci/check_dist.py dist/        # exit 1, listing each problem, if any check fails
"""

from __future__ import annotations

import fnmatch
import pathlib
import re
import sys
import tarfile
import zipfile

# In the wheel: never the Cython/C sources (the sdist carries them) ...
WHEEL_FORBIDDEN = ("*.c", "*.cpp", "*.pyx", "*.pxi", "*.pxd", "*.o")
# ... always the compiled core ("a|b": either), the stub, the typed markers, the data and the licence.
WHEEL_REQUIRED = ("paigow/__init__.py", "paigow/_core.*.so|paigow/_core.*.pyd", "paigow/_core.pyi", "paigow/py.typed",
                  "paigow/data/equilibrium.npy", "paigow/data/equilibrium.json", "paigow/serve/static/index.html",
                  "paigow/houseway/ways/foxwoods.way", "paigow/houseway/ways/canberra.way", "paigow/houseway/ways/foxwoods.npz",
                  "pcc/__init__.py",
                  "pcc/py.typed", "pcc/schemas/*.json", "*.dist-info/licenses/LICENSE")
# ... and every package of the distribution that a module it ships imports (the private _tablegames
# both games build on), with its typed marker.
FIRST_PARTY = ("paigow", "pcc", "_tablegames")
SDIST_REQUIRED = ("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "setup.py",
                  "paigow/_core.pyx", "paigow/_common.pxd", "paigow/_advice.pxi", "paigow/_simulate.pxi", "paigow/_core.pyi",
                  "paigow/_houseway.pxi", "paigow/_lp.pxi", "paigow/houseway/ways/foxwoods.way",
                  "paigow/data/equilibrium.npy", "_tablegames/__init__.py", "_tablegames/py.typed",
                  "tests/conftest.py", "tests/reference.py",
                  "tests/data/table1.tsv", "tests/data/table2.tsv", "tests/test_package.py",
                  "docs/conf.py", "docs/index.md", "docs/rules.md", "bench/conftest.py")
SDIST_FORBIDDEN = ("paigow/_core.c", "*.so", "*.pyd", "*.pyc", "docs/_build/*", ".venv/*")


def _matches(name: str, pattern: str) -> bool:
    if pattern == "paigow/_core.*.so|paigow/_core.*.pyd":
        return name.startswith("paigow/_core.") and name.endswith((".so", ".pyd"))
    return fnmatch.fnmatchcase(name, pattern)


def _problems(kind: str, names: list[str], required: tuple[str, ...], forbidden: tuple[str, ...]) -> list[str]:
    out = [f"{kind}: missing {p}" for p in required if not any(_matches(n, p) for n in names)]
    out += [f"{kind}: must not contain {n} ({p})" for n in names for p in forbidden
            if _matches(n, p) or _matches(n.rsplit("/", 1)[-1], p)]
    return out


def _imported(z: zipfile.ZipFile, names: list[str]) -> list[str]:
    """The packages of the distribution that the wheel's modules import."""
    found: set[str] = set()
    for n in names:
        if n.endswith(".py"):
            found |= set(re.findall(r"^\s*(?:from|import)\s+(\w+)", z.read(n).decode("utf-8", "replace"), re.M))
    return sorted(found & set(FIRST_PARTY))


def wheel_problems(path: pathlib.Path) -> list[str]:
    """What is wrong with the wheel at ``path`` (an empty list when nothing is)."""
    with zipfile.ZipFile(path) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        imported = tuple(f"{p}/{f}" for p in _imported(z, names) for f in ("__init__.py", "py.typed"))
    return _problems(path.name, names, WHEEL_REQUIRED + imported, WHEEL_FORBIDDEN)


def sdist_problems(path: pathlib.Path) -> list[str]:
    """What is wrong with the sdist at ``path`` (an empty list when nothing is)."""
    with tarfile.open(path) as t:
        names = [m.name.split("/", 1)[1] for m in t.getmembers() if m.isfile() and "/" in m.name]
    return _problems(path.name, names, SDIST_REQUIRED, SDIST_FORBIDDEN)


def main(argv: list[str]) -> int:
    folder = pathlib.Path(argv[0] if argv else "dist")
    wheels, sdists = sorted(folder.glob("*.whl")), sorted(folder.glob("*.tar.gz"))
    problems = [] if wheels and sdists else [f"{folder}: expected a wheel and an sdist"]
    for w in wheels:
        problems += wheel_problems(w)
    for s in sdists:
        problems += sdist_problems(s)
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f"ok: {', '.join(p.name for p in wheels + sdists)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
