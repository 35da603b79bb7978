"""paigow.svg: tiles, hands and settings as SVG (the convention is in the module's docstring)."""

from __future__ import annotations

import hashlib
import pathlib
import xml.etree.ElementTree as ET

import pytest

from paigow import svg
from paigow.hands import Hand
from paigow.setting import Setting
from paigow.tiles import FACES, Tile

NS = "{http://www.w3.org/2000/svg}"
STATIC = pathlib.Path(svg.__file__).parent / "serve" / "static"


def pips(text: str) -> dict[str, list[str]]:
    """Per tile (by data-pips) the classes of its pips, in document order."""
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    out: dict[str, list[str]] = {}
    for g in root.iter(NS + "g"):
        out.setdefault(g.get("data-pips", ""), []).extend(c.get("class", "") for c in g.iter(NS + "circle"))
    return out


@pytest.mark.parametrize("face", FACES, ids=str)
def test_each_face_has_its_pips_and_colours(face: Tile) -> None:
    low, high = face.pips
    drawn = pips(svg.tile(face))[f"{low}-{high}"]
    assert len(drawn) == low + high
    red = drawn.count("pip red")
    expected = sum(n for n in (low, high) if n in (1, 4)) + (6 if (low, high) == (6, 6) else 0)
    assert red == expected
    assert drawn.count("pip white") == low + high - red


def test_the_six_six_is_half_red() -> None:
    assert svg.pip_colours(6, 6) == (("red",) * 3 + ("white",) * 3,) * 2
    assert svg.pip_colours(5, 6) == (("white",) * 6, ("white",) * 5)  # only 天's sixes are red


def test_hands_settings_and_rows_are_valid_xml_with_their_tiles() -> None:
    h = pips(svg.hand("6-6 1-1"))
    assert sorted(h) == ["1-1", "6-6"]
    s = svg.setting("6-6 1-1 | 4-5 2-4")
    drawn = pips(s)
    assert len(drawn) == 4 and sum(len(v) for v in drawn.values()) == 12 + 2 + 9 + 6
    assert "<title>" in s and "|" in ET.fromstring(s).find(NS + "title").text  # type: ignore[union-attr,operator]
    assert len(pips(svg.tiles(["天", "地", "至尊"]))) == 3
    assert 'height="60"' in svg.tile("天", size=60) and 'width="30"' in svg.tile("天", size=60)


def test_repr_svg_for_notebooks() -> None:
    assert Tile(6, 6)._repr_svg_() == svg.tile(Tile(6, 6))
    assert Hand.parse("天 地")._repr_svg_() == svg.hand("天 地")
    st = Setting.parse("6-6 1-1 | 4-5 2-4")
    assert st._repr_svg_() == svg.setting(st)
    assert svg.tile("天")._repr_svg_() == svg.tile("天")


def test_output_is_deterministic_pinned_by_hash() -> None:
    faces = "".join(svg.tile(f) for f in FACES)
    assert hashlib.sha256(faces.encode()).hexdigest() == "b1065d0a6baff9642281db74976a729cf48c2c9ddfd9e5585ac41a6360eed23b"
    more = svg.hand("6-6 1-1") + svg.setting("6-6 1-1 | 4-5 2-4") + svg.tiles("6-6 1-2 3-4".split())
    assert hashlib.sha256(more.encode()).hexdigest() == "5bd5ada3dc97f870d0dd274707cb22ea1c9fdefd443aedbfeae3ec5f4eb38ef8"


def test_the_pages_tile_pictures_are_this_modules_drawing() -> None:
    for f in FACES:
        assert (STATIC / f"tile-{f}.svg").read_text(encoding="utf-8") == svg.tile(f) + "\n", (
            "regenerate: python -c \"from paigow.svg import write_faces; write_faces('paigow/serve/static')\"")
