"""A house way stated as rules: a way file (:mod:`paigow.houseway.format`) compiled into the way's
decisions (:mod:`paigow.houseway.compile`) the first time a hand is asked for."""

from __future__ import annotations

import functools
import os
import pathlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Optional

from paigow.houseway.classes import distinct_keys
from paigow.houseway.cache import text_digest
from paigow.houseway.way import HouseWay
from paigow.tiles import Tile, clip_text

if TYPE_CHECKING:
    from paigow.houseway.format import WayFile  # the format's module loads when a way file is read

__all__ = ["RuledWay", "ShippedWay", "read_way_file"]


class RuledWay(HouseWay):
    """A house way from a way file: its rules in order, the first that applies deciding.

    ``off`` leaves out the rules and steps of those ids or tags (a variant, named
    ``"<name> without <ids>"``), as :func:`paigow.houseway.foxwoods_without` does."""

    def __init__(self, way: WayFile, off: frozenset[str] = frozenset(), name: Optional[str] = None,
                 shipped: Optional[str] = None) -> None:
        unknown = sorted(set(off) - way.tags())
        if unknown:
            raise ValueError(f"unknown {way.title} rule ids {unknown}: the ids are {sorted(way.tags())}")
        self.way_file = way
        self._off = frozenset(off)
        self.name = name or (way.name + (" without " + ",".join(sorted(self._off)) if self._off else ""))
        self.source = way.source
        self.title = way.title
        self._shipped = None if off else shipped  # the name of its shipped cache, checked by hash

    @functools.cached_property
    def _cache(self) -> Optional[Mapping[str, Any]]:
        if self._shipped is None:
            return None
        from paigow.houseway.cache import load_cache

        return load_cache(self._shipped, self.way_file.digest)

    def _decide(self, tiles: tuple[Tile, Tile, Tile, Tile]) -> tuple[int, str]:  # pragma: no cover
        raise AssertionError("a way file decides every distinct hand when compiled")

    @functools.cached_property
    def compiled(self) -> tuple[Any, Any]:
        """The way's split and rule index of every distinct hand (arrays in distinct-hand order):
        the shipped cache's when its hash is the way file's, else compiled from the file."""
        c = self._cache
        if c is not None:
            return c["split"], c["which"]
        from paigow.houseway.compile import compile_way

        return compile_way(self.way_file, self._off)

    def table(self) -> Any:
        """:meth:`HouseWay.table`, from the shipped cache when it is this way's."""
        c = self._cache
        if c is None:
            return super().table()
        return self._cached_table

    def _hand_splits(self) -> Any:
        """:meth:`HouseWay._hand_splits`, from the shipped cache when it is this way's."""
        c = self._cache
        return super()._hand_splits() if c is None else c["table"]

    @functools.cached_property
    def _cached_table(self) -> Any:
        import numpy as np

        c = self._cache
        assert c is not None
        out = np.zeros((len(c["table"]), 3), dtype=np.float64)
        out[np.arange(len(out)), c["table"]] = 1.0
        out.flags.writeable = False
        return out

    def _prepare(self, strategy: Any) -> None:
        """Seed the strategy with the shipped side tables of advice against the way (each seat's
        read from the cache when first asked for)."""
        c = self._cache
        if c is None:
            return
        from paigow.game.handtypes import setting_game
        from paigow.rules import US
        from paigow.strategies import SideTables

        for seat in ("player", "banker"):  # each seat's read from the cache when first asked for
            strategy.seed(("side:" + seat, setting_game(US)), lambda seat=seat: SideTables(c["side:" + seat], c["key"]))

    def distinct_splits(self) -> Any:
        """The compiled splits of every distinct hand (an int8 array)."""
        return self.compiled[0]

    @functools.cached_property
    def _decisions(self) -> dict[tuple[int, int, int, int], tuple[int, str]]:
        split, which = self.compiled
        texts = [r.text for r in self.way_file.rules]
        return {k: (int(s), texts[w]) for k, s, w in zip(distinct_keys(), split.tolist(), which.tolist())}

    def rule_texts(self, lang: str = "en") -> dict[str, str]:
        """Each rule's text in ``lang`` (one of en, zh-Hant, zh-Hans, pt) by its English text, as
        :attr:`WaySetting.rule` gives it: what a page shows for a decision.

        >>> from paigow.houseway import FOXWOODS
        >>> FOXWOODS.rule_texts("pt")["pair D: split 9s"]
        'par D: separar os 9'
        """
        from paigow.houseway.format import LANGUAGES

        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {clip_text(lang)!r}: one of {', '.join(LANGUAGES)}")
        return {r.text: r.texts[lang] for r in self.way_file.rules}

    def rule_ids(self) -> dict[str, str]:
        """Each rule's id by its English text (several ids may share one text)."""
        return {r.text: r.id for r in reversed(self.way_file.rules)}


class ShippedWay(RuledWay):
    """A way shipped in ``paigow/houseway/ways``: its file is read and checked when first needed
    (its rules, texts or title), not when the package is imported; while its shipped cache
    matches the file's hash (:func:`~paigow.houseway.format.text_digest` of the text, no parse),
    its decisions, table and side tables are the cache's, each array read when first asked for."""

    def __init__(self, name: str, read_text: Callable[[], str], read_file: Callable[[], WayFile]) -> None:
        self.name = name
        self._off = frozenset()
        self._shipped = name
        self._read_text = read_text
        self._read_file = read_file

    @functools.cached_property
    def way_file(self) -> WayFile:  # type: ignore[override]
        """The way file, read and checked (once)."""
        return self._read_file()

    @functools.cached_property
    def source(self) -> str:  # type: ignore[override]
        return self.way_file.source

    @functools.cached_property
    def title(self) -> str:  # type: ignore[override]
        return self.way_file.title

    @functools.cached_property
    def _cache(self) -> Optional[Mapping[str, Any]]:
        from paigow.houseway.cache import load_cache

        found = self.__dict__.get("way_file")  # read already: its digest; else the text's, unparsed
        return load_cache(self.name, found.digest if found is not None else text_digest(self._read_text()))


def read_way_file(path: "str | os.PathLike[str]", name: Optional[str] = None) -> RuledWay:
    """A house way from a way file at ``path``, read, checked and compiled: every error is a
    :class:`~paigow.houseway.format.WayFileError` naming the line and the reason."""
    from paigow.houseway.format import WayFileError, read_way_text

    p = pathlib.Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise WayFileError(f"cannot read a house way from {clip_text(str(path))!r}: {e}", code="houseway.file") from None
    way = RuledWay(read_way_text(text, str(p)), name=name)
    way.compiled  # the checks, now
    return way
