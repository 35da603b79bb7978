"""Hand and tile names in four languages (the service's ``GET /v1/names?lang=``, the training drills).

The engine names a hand in Simplified Chinese (``name_zh``: 双天, 天九王, 鹅牌七 …) and in
English (``name_en``: Pair of Teen, Teen Wong, Gor 7 …); the state and the records carry those.
Here each is given in Traditional Chinese (Macau's written Chinese: the same names, each
simplified character written in full), Simplified Chinese, Portuguese (the casino's Cantonese
names, as in English, with Portuguese words) and English. The dealer's page and the players'
display read the table for their language once and show every hand and tile name by it.

>>> hand_name("双红头十", "Pair of Ping", "zh-Hant"), hand_name("鹅牌七", "Gor 7", "zh-Hant")
('雙紅頭十', '鵝牌七')
>>> hand_name("双天", "Pair of Teen", "pt"), hand_name("双天", "Pair of Teen", "zh-Hans")
('Par de Teen', '双天')
>>> names("zh-Hant")["hands"]["杂九七"], names("en")["tiles"]["大鸡六"]
('雜九七', 'Gee Joon six')
"""

from __future__ import annotations

import functools
from typing import Any

from paigow.hands import Hand
from paigow.tiles import FACES

__all__ = ["LANGS", "TRADITIONAL", "hand_name", "tile_name", "names"]

LANGS = ("zh-Hant", "zh-Hans", "pt", "en")
"""The page's languages."""

TRADITIONAL = {"双": "雙", "头": "頭", "红": "紅", "鹅": "鵝", "长": "長", "杂": "雜", "鸡": "雞", "细": "細",
               "脚": "腳"}
"""Every simplified character of the engine's hand and tile names, with its traditional form (the
other characters of the names are written alike in both)."""
_TO_TRADITIONAL = str.maketrans(TRADITIONAL)
_PT_WORDS = (("Pair of ", "Par de "), (" six", " seis"), (" three", " três"))


def _in(lang: str, zh: str, en: str) -> str:
    if lang == "zh-Hans":
        return zh
    if lang == "zh-Hant":
        return zh.translate(_TO_TRADITIONAL)
    if lang == "pt":
        for a, b in _PT_WORDS:
            en = en.replace(a, b)
        return en
    if lang == "en":
        return en
    raise ValueError(f"no names in {lang!r}: the languages are {', '.join(LANGS)}")


def hand_name(name_zh: str, name_en: str, lang: str) -> str:
    """A hand's name in ``lang`` from the engine's two names."""
    return _in(lang, name_zh, name_en)


def tile_name(name_zh: str, name_en: str, lang: str) -> str:
    """A tile's name in ``lang`` from the engine's two names."""
    return _in(lang, name_zh, name_en)


def every_hand() -> list[Hand]:
    """One hand of each pair of faces the deck can deal (231)."""
    out = []
    for i, a in enumerate(FACES):
        for b in FACES[i:]:
            if a is not b or a.copies > 1:
                out.append(Hand(a, b))
    return out


@functools.lru_cache(maxsize=len(LANGS))
def names(lang: str) -> dict[str, Any]:
    """Every hand's and tile's name in ``lang``, by its Simplified name (what the API carries)."""
    return {"lang": lang,
            "hands": {h.name_zh: hand_name(h.name_zh, h.name_en, lang) for h in every_hand()},
            "tiles": {t.name_zh: tile_name(t.name_zh, t.name_en, lang) for t in FACES}}
