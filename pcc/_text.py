"""Text helpers pcc's modules share (private): how names are folded before they are looked up,
and the names of the six figures.

>>> fold("  Camarão  "), fold("Peixe   GRANDE")
('camarao', 'peixe grande')
>>> FIGURE_NAMES[5][:4]
('crab', 'caranguejo', '蟹', '蟹')
"""

from __future__ import annotations

import unicodedata
from typing import Final

from _tablegames.errors import quote

__all__ = ["FIGURE_NAMES", "fold", "quote"]


def fold(text: str) -> str:
    """Lower-case, strip accents and surrounding space, one space between words: the key names
    are looked up by."""
    decomposed = unicodedata.normalize("NFKD", text.strip())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.casefold().split())


# by the figure's number: en, pt, zh (simplified), zh (traditional), other names in use
FIGURE_NAMES: Final[dict[int, tuple[str, ...]]] = {
    1: ("fish", "peixe", "鱼", "魚"),
    2: ("prawn", "camarão", "虾", "蝦", "shrimp"),
    3: ("gourd", "cabaço", "葫芦", "葫蘆", "calabash", "cabaça"),
    4: ("coin", "moeda", "金钱", "金錢", "money"),
    5: ("crab", "caranguejo", "蟹", "蟹"),
    6: ("rooster", "galo", "鸡", "雞", "chicken", "cock", "cockerel", "鷄"),
}
"""The names of each figure (by its number, 1 fish to 6 rooster): English, Portuguese, Chinese in
both scripts, then other names in use."""
