"""The seat's page's words (paigow/serve/static/seat-i18n.js, issue 38): the four languages have
the same keys, every key the page asks for (``t("...")`` in seat.js and seat-clock.js, its round's
deadline; ``data-i18n`` in seat.html) is there, and the phase and door keys it builds
(``ph_<phase>``, ``door_<n>``, ``out_<outcome>``) too; each language's words are its own (the
Chinese ones in Chinese characters)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "paigow" / "serve" / "static"
LANGS = ("en", "zh-Hant", "zh-Hans", "pt")


def catalogue() -> dict[str, dict[str, str]]:
    text = (STATIC / "seat-i18n.js").read_text(encoding="utf-8")
    body = text[text.index("const SEAT_I18N = {"):text.index("export const L")]
    blocks = re.split(r'^  (en|"zh-Hant"|"zh-Hans"|pt): \{$', body, flags=re.M)
    out = {}
    for name, block in zip(blocks[1::2], blocks[2::2]):
        out[name.strip('"')] = dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', block))
    return out


def test_the_four_languages_have_the_same_keys() -> None:
    words = catalogue()
    assert set(words) == set(LANGS)
    for lang in LANGS:
        assert set(words[lang]) == set(words["en"]), (lang, set(words["en"]) ^ set(words[lang]))
        assert words[lang]["_locale"] == lang
    for lang in ("zh-Hant", "zh-Hans"):
        assert all(re.search(r"[\u4e00-\u9fff]", v) for k, v in words[lang].items() if not k.startswith("_")), lang
    assert words["zh-Hant"]["conn_lost"] != words["en"]["conn_lost"] != words["pt"]["conn_lost"]


def test_every_key_the_page_asks_for_is_there() -> None:
    en = catalogue()["en"]
    js = "".join((STATIC / f).read_text(encoding="utf-8") for f in ("seat.js", "seat-clock.js"))  # and its deadline
    html = (STATIC / "seat.html").read_text(encoding="utf-8")
    asked = set(re.findall(r'\bt\("(\w+)"\s*[,)]', js)) | set(re.findall(r'data-i18n="(\w+)"', html))
    asked |= {f"ph_{p}" for p in ("betting", "dealt", "settled", "over")} | {f"door_{d}" for d in (1, 2, 3)}
    asked |= {f"out_{o}" for o in ("win", "push", "lose")} | {"revoked", "closed"}
    assert asked and not asked - set(en), asked - set(en)
