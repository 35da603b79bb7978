"""Declares the compiled core; all metadata lives in pyproject.toml.

OpenMP (the core's parallel loops) is chosen per compiler when the extension is built:

- gcc and clang: ``-fopenmp``; MSVC: ``/openmp``;
- Apple clang: ``-Xpreprocessor -fopenmp`` with libomp, when libomp is found (``$LIBOMP_PREFIX``,
  or Homebrew's ``/opt/homebrew/opt/libomp`` or ``/usr/local/opt/libomp``); otherwise none;
- ``PAIGOW_NO_OPENMP=1`` forces a build without OpenMP.

Without OpenMP the ``prange`` loops compile to plain loops: the core runs on one thread and
gives the same numbers (a simulation's result never depends on its ``threads``). A compiler that
rejects the chosen flags also gets the single-threaded build, with a warning.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NO_OPENMP_ENV = "PAIGOW_NO_OPENMP"

_OMP_PROBE = """\
#include <omp.h>
int main(void) { int n = 0;
#pragma omp parallel reduction(+:n)
    n += omp_get_num_threads() > 0;
    return n > 0 ? 0 : 1; }
"""


def _env_true(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no", "off")


def _is_apple_clang(compiler: object) -> bool:
    if sys.platform != "darwin":
        return False
    cc = getattr(compiler, "compiler", None) or ["cc"]
    try:
        out = subprocess.run([cc[0], "--version"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return True  # the default compiler on macOS
    return "Apple" in out or "clang" in out


def _libomp_prefix() -> str | None:
    for prefix in (os.environ.get("LIBOMP_PREFIX", ""), "/opt/homebrew/opt/libomp", "/usr/local/opt/libomp"):
        if prefix and os.path.exists(os.path.join(prefix, "include", "omp.h")):
            return prefix
    return None


def openmp_flags(compiler: object) -> tuple[list[str], list[str]] | None:
    """(compile args, link args) that enable OpenMP for this compiler, or None for a serial build."""
    if _env_true(NO_OPENMP_ENV):
        return None
    kind = getattr(compiler, "compiler_type", "unix")
    if kind == "msvc":
        return ["/openmp"], []
    if _is_apple_clang(compiler):
        prefix = _libomp_prefix()
        if prefix is None:
            return None
        return ([f"-I{prefix}/include", "-Xpreprocessor", "-fopenmp"],
                [f"-L{prefix}/lib", "-lomp", f"-Wl,-rpath,{prefix}/lib"])
    return ["-fopenmp"], ["-fopenmp"]


def _compiles(compiler: object, compile_args: list[str], link_args: list[str]) -> bool:
    """Whether a small OpenMP program compiles and links with these flags."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "omp_probe.c")
        with open(src, "w") as f:
            f.write(_OMP_PROBE)
        try:
            objects = compiler.compile([src], output_dir=tmp, extra_postargs=compile_args)  # type: ignore[attr-defined]
            compiler.link_executable(objects, os.path.join(tmp, "omp_probe"),  # type: ignore[attr-defined]
                                     extra_postargs=link_args)
        except Exception:  # noqa: BLE001  (CompileError, LinkError, a missing tool)
            return False
    return True


class BuildExt(build_ext):
    """Adds the optimisation and OpenMP flags of the compiler in use to every extension."""

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        compile_args = ["/O2"] if msvc else ["-O3"]
        link_args: list[str] = []
        flags = openmp_flags(self.compiler)
        if flags is not None and not _compiles(self.compiler, *flags):
            print(f"warning: the compiler rejects OpenMP flags {flags}; building the single-threaded core",
                  file=sys.stderr)
            flags = None
        if flags is None:
            print("building paigow._core without OpenMP (one thread, same numbers)", file=sys.stderr)
        else:
            compile_args += flags[0]
            link_args += flags[1]
        for ext in self.extensions:
            ext.extra_compile_args = [*ext.extra_compile_args, *compile_args]
            ext.extra_link_args = [*ext.extra_link_args, *link_args]
        super().build_extensions()


extensions = [
    Extension(
        "paigow._core",
        ["paigow/_core.pyx"],
        depends=["paigow/_common.pxd", "paigow/_advice.pxi", "paigow/_solver.pxi", "paigow/_simulate.pxi",
                 "paigow/_houseway.pxi", "paigow/_lp.pxi"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
]

setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)
