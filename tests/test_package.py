"""The package's front: what ``import paigow`` loads, and the names it exports."""

from __future__ import annotations

import subprocess
import sys

import paigow


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
