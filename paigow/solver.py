"""Solving the setting game: the equilibrium the package ships, and how it is made.

One player against the banker, each setting four tiles unseen by the other, is a finite game over
the 4,285 hand *types* (see :mod:`paigow.advice`). :func:`solve` runs predictive CFR+ in the core
to an exploitability below a tolerance; :func:`save` writes the result as ``equilibrium.npy`` and
``equilibrium.json``.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow import advice
from paigow.advice import _TABLE_FILE, _INFO_FILE, DATA_DIR, _exploitability, _types, _values
from paigow.errors import InvalidStrategyError

__all__ = ["Equilibrium", "solve", "save"]


# ---------------------------------------------------------------------------------------------
# solving the game

@dataclasses.dataclass(frozen=True)
class Equilibrium:
    """A solved strategy pair over types, with its measures (per hand)."""

    player: npt.NDArray[np.float64]   # (n types, 3)
    banker: npt.NDArray[np.float64]
    value: float                      # the player's expected result per hand
    exploitability: float
    iterations: int
    seconds: float

    def info(self) -> dict[str, Any]:
        ty = _types()
        mixed = {}
        for seat, sigma in (("player", self.player), ("banker", self.banker)):
            mix_types = (sigma > 0).sum(axis=1) > 1
            mixed[seat] = {"types": int(mix_types.sum()), "hands": int(ty.cnt[mix_types].sum())}
        return {
            "game_value": round(self.value, 12),
            "exploitability": float(f"{self.exploitability:.3e}"),
            "iterations": self.iterations,
            "types": int(ty.n),
            "mixed": mixed,
            "method": "predictive CFR+ over hand types, alternating updates, quadratic averaging",
        }


def solve(tol: float = 1e-8, max_iterations: int = 20000, check_every: int = 25,
          purify: float = 1e-4, progress: Callable[[int, float], None] | None = None) -> Equilibrium:
    """Solve the setting game (one player against the banker) to exploitability ``tol`` per hand.

    Predictive CFR+ (Farina, Kroer and Sandholm, AAAI 2021) over the undominated settings of each
    type (a setting whose front and back another setting matches or beats can be dropped without
    losing an equilibrium), both seats updated in turn, averages weighted by the square of the
    iteration. At the end, probabilities below ``purify`` are dropped when that keeps the
    exploitability within ``tol``. The result is deterministic: the same numbers on every run,
    whatever the number of threads.
    """
    if not (isinstance(tol, float) and tol > 0):
        raise InvalidStrategyError(f"tol must be a positive float, not {tol!r}")
    ty = _types()
    mask = ty.undominated.astype(np.float64)
    uniform = mask / mask.sum(axis=1, keepdims=True)
    sp, sb = uniform.copy(), uniform.copy()
    rp, rb = np.zeros_like(sp), np.zeros_like(sb)
    avg_p, avg_b = np.zeros_like(sp), np.zeros_like(sb)
    start = time.perf_counter()
    expl, value, it = float("inf"), 0.0, 0

    def regret_match(r: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        pos = np.maximum(r, 0.0) * mask
        tot = pos.sum(axis=1, keepdims=True)
        return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), uniform)

    def averages() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        return avg_p / avg_p.sum(axis=1, keepdims=True), avg_b / avg_b.sum(axis=1, keepdims=True)

    while it < max_iterations:
        it += 1
        w = float(it) * it
        qp = _values(sb, False)
        inst = (qp - (sp * qp).sum(axis=1, keepdims=True)) * mask
        rp = np.maximum(rp + inst, 0.0)
        sp = regret_match(rp + inst)  # predict the next regret by the last one
        avg_p += w * sp
        qb = _values(sp, True)
        inst = (qb - (sb * qb).sum(axis=1, keepdims=True)) * mask
        rb = np.maximum(rb + inst, 0.0)
        sb = regret_match(rb + inst)
        avg_b += w * sb
        if it % check_every == 0 or it == max_iterations:
            br_p, held, value = _exploitability(*averages())
            expl = br_p - held
            if progress:
                progress(it, expl)
            if expl <= tol:
                break
    ap, ab = averages()
    if purify > 0:
        pp, pb = (np.where(s < purify, 0.0, s) for s in (ap, ab))
        pp, pb = (s / s.sum(axis=1, keepdims=True) for s in (pp, pb))
        br_p, held, v = _exploitability(pp, pb)
        if br_p - held <= max(tol, expl):
            ap, ab, expl, value = pp, pb, br_p - held, v
    return Equilibrium(ap, ab, value, expl, it, time.perf_counter() - start)


def save(eq: Equilibrium, directory: "str | pathlib.Path | None" = None) -> pathlib.Path:
    """Write ``eq`` as the package's data (``equilibrium.npy`` and ``equilibrium.json``)."""
    d = pathlib.Path(directory) if directory is not None else DATA_DIR
    d.mkdir(parents=True, exist_ok=True)
    np.save(d / _TABLE_FILE, np.stack([eq.player, eq.banker]))
    (d / _INFO_FILE).write_text(json.dumps(eq.info(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if d == DATA_DIR:
        advice._shipped.cache_clear()
        advice._equilibrium_table.cache_clear()
        advice._best_rows.cache_clear()
        advice._compiled_named.cache_clear()
    return d
