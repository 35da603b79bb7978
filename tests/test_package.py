"""The package's front: what ``import paigow`` loads, the names it exports, and the release:
one version, publishable metadata, what the wheel ships, the README's test command as CI runs it."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import types
import zipfile
from typing import Any

import pytest

import paigow
import pcc


def test_import_loads_no_upper_layer_and_builds_nothing_large() -> None:
    code = ("import sys, paigow; print(sorted(m for m in sys.modules if m.startswith('paigow')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = eval(out)
    for heavy in ("paigow.advice", "paigow.table", "paigow.settlement", "paigow.dealing", "paigow.simulation"):
        assert heavy not in loaded


def test_lazy_names_resolve_and_stay_functions() -> None:
    import paigow.cli.simulate  # noqa: F401  (loads paigow.simulation first)
    import paigow.simulation

    assert callable(paigow.simulate) and paigow.simulate is paigow.simulation.simulate
    assert callable(paigow.settings) and callable(paigow.strategy) and callable(paigow.settle)
    for name in paigow.__all__:
        assert getattr(paigow, name) is not None, name
    assert set(paigow.__all__) <= set(dir(paigow))


# --- release: one version, the distribution's metadata, what the wheel ships ----------------------

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = "macau-table-games"


def _folder(package: types.ModuleType) -> pathlib.Path:
    assert package.__file__ is not None
    return pathlib.Path(package.__file__).parent


def _installed() -> importlib.metadata.Distribution:
    """The installed distribution (pip's .dist-info), not an .egg-info a build left in the checkout."""
    found = [d for d in importlib.metadata.distributions(name=DIST) if d.read_text("INSTALLER") is not None]
    assert found, f"{DIST} is not installed"
    return found[0]


def _pyproject() -> dict[str, object] | None:
    path = ROOT / "pyproject.toml"
    if sys.version_info < (3, 11) or not path.exists():
        return None
    import tomllib

    with path.open("rb") as f:
        return tomllib.load(f)


def test_one_version_read_at_run_time() -> None:
    installed = _installed().version
    assert paigow.__version__ == pcc.__version__ == installed
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?", installed)
    project = _pyproject()
    if project is not None:  # the checkout or the unpacked sdist the tests run from
        assert project["project"]["version"] == installed  # type: ignore[index]
    # no second copy of the version anywhere in the sources
    for package in (paigow, pcc):
        source_dir = _folder(package)
        for source in source_dir.glob("*.py"):
            assert not re.search(r"""__version__\s*=\s*["']""", source.read_text(encoding="utf-8")), source


def test_the_version_costs_nothing_at_import() -> None:
    code = "import sys, paigow, pcc; print('importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    assert "__version__" in dir(paigow)
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        getattr(pcc, "nonesuch")


def test_the_metadata_is_publishable() -> None:
    dist = _installed()
    meta = dist.metadata
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    classifiers = set(meta.get_all("Classifier") or [])
    for c in ("Typing :: Typed", "Programming Language :: Cython", "Operating System :: OS Independent",
              "Intended Audience :: Developers", "Topic :: Games/Entertainment",
              *(f"Programming Language :: Python :: 3.{m}" for m in range(10, 14))):
        assert c in classifiers, c
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX expression replaces them
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    licence = [f for f in dist.files or [] if str(f).endswith(".dist-info/licenses/LICENSE")]
    assert len(licence) == 1 and licence[0].read_text().startswith("MIT License")
    entry_points = {ep.name: ep.value for ep in dist.entry_points if ep.group == "console_scripts"}
    assert entry_points == {"paigow": "paigow.cli:main", "pcc": "pcc.cli:main"}


def test_typed_packages_ship_their_markers_and_stub() -> None:
    for package in (paigow, pcc):
        assert (_folder(package) / "py.typed").exists()
    assert (_folder(paigow) / "_core.pyi").exists()


def _load_check_dist() -> Any:
    path = ROOT / ".ci" / "check_dist.py"
    if not path.exists():  # the sdist does not carry the CI scripts
        pytest.skip("no .ci/check_dist.py (running from an sdist)")
    spec = importlib.util.spec_from_file_location("check_dist", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wheel_check_refuses_sources(tmp_path: pathlib.Path) -> None:
    check = _load_check_dist()
    good = ["paigow/__init__.py", "paigow/_core.cpython-311-x86_64-linux-gnu.so", "paigow/_core.pyi",
            "paigow/py.typed", "paigow/data/equilibrium.npy", "paigow/data/equilibrium.json",
            "paigow/serve/static/index.html",
            "paigow/houseway/ways/foxwoods.way", "paigow/houseway/ways/canberra.way",
            "paigow/houseway/ways/foxwoods.npz",
            "pcc/__init__.py", "pcc/py.typed", "pcc/schemas/round.json",
            "macau_table_games-0.1.0.dist-info/licenses/LICENSE"]
    wheel = tmp_path / "good.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for name in good:
            z.writestr(name, "")
    assert check.wheel_problems(wheel) == []
    for extra in ("paigow/_core.c", "paigow/_core.pyx", "paigow/_advice.pxi", "paigow/_core.pxd"):
        bad = tmp_path / "bad.whl"
        with zipfile.ZipFile(bad, "w") as z:
            for name in [*good, extra]:
                z.writestr(name, "")
        assert any(extra in p for p in check.wheel_problems(bad)), extra
    missing = tmp_path / "missing.whl"
    with zipfile.ZipFile(missing, "w") as z:
        for name in good[2:]:
            z.writestr(name, "")
    assert len(check.wheel_problems(missing)) == 2


def test_the_readme_test_command_is_what_ci_runs() -> None:
    ci = ROOT / ".ci" / "run"
    if not ci.exists():
        pytest.skip("no .ci/run (running from an sdist)")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Install and test\n", 1)[1].split("\n## ", 1)[0]
    assert "This is exactly what CI runs" in section
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    command = next(line for b in blocks for line in b.splitlines() if "pytest" in line).strip()
    assert command == "pip install -e '.[test]' && python -m pytest"
    lines = [ln.strip() for ln in ci.read_text(encoding="utf-8").splitlines() if not ln.lstrip().startswith("#")]
    assert any(ln == command or ln.startswith(command + " || ") for ln in lines), command
    assert not any("HYPOTHESIS_PROFILE" in ln for ln in lines)  # CI takes the default profile, as the README


def test_the_default_hypothesis_profile_is_ci(request: pytest.FixtureRequest) -> None:
    """``ci`` (100 derandomized examples a test) for ``python -m pytest``, ``quick`` (derandomized,
    50 a test) for the quick loop, exactly ``-m "not slow"`` (tests/conftest.py)."""
    from hypothesis import settings

    if "HYPOTHESIS_PROFILE" in os.environ:
        pytest.skip("HYPOTHESIS_PROFILE is set")
    ci = settings.get_profile("ci")
    assert ci.max_examples == 100 and ci.derandomize
    quick = (request.config.option.markexpr or "").split() == ["not", "slow"]
    default = settings.default
    assert default is not None and default.max_examples == (50 if quick else 100) and default.derandomize
