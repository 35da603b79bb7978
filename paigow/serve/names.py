"""Hand and tile names in the page's four languages (``GET /v1/names?lang=``): the tables live in
:mod:`paigow.names`, beside the engine, so that the library (the training drills) reads them too."""

from __future__ import annotations

from paigow.names import LANGS, TRADITIONAL, every_hand, hand_name, names, tile_name

__all__ = ["LANGS", "TRADITIONAL", "hand_name", "tile_name", "names", "every_hand"]
