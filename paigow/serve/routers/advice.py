"""The engines' stateless answers about Pai Gow: the tiles, a hand's settings, the advice (one
hand or a batch), the best settings under a strategy and the game value of two strategies."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response

from paigow.commission import percent
from paigow.serve import models as m
from paigow.serve.routers.common import ERRORS, timing
from paigow.tiles import FACES, deck_indices, parse_tiles

__all__ = ["router", "warm"]

router = APIRouter()


def _hand(h: Any) -> dict[str, Any]:
    return {"tiles": [str(t) for t in h.tiles], "name_zh": h.name_zh, "name_en": h.name_en,
            "category": h.category.name.lower(), "points": h.points, "rank": h.rank}


@functools.lru_cache(maxsize=1 << 15)
def _setting(s: Any) -> dict[str, Any]:
    """A setting's JSON, kept: settings are immutable and few (8,130 hands of distinct faces, three
    settings each), and their names are most of an answer's cost. Callers copy, never change it."""
    return {"text": str(s), "front": _hand(s.front), "back": _hand(s.back)}


def _advice(tiles: Any, seat: str, against: str | None, commission: bool | str, rules: str = "macau",
            seen: Any = None) -> dict[str, Any]:
    from paigow.advice import advise

    # the library's answer, defaults included: against left out is its default for the commission
    a = advise(tiles, seat=seat, against=against, commission=commission, rules=rules, seen=seen)
    return {
        "tiles": [str(t) for t in a.tiles], "seat": a.seat, "against": a.against, "commission": a.commission,
        "rate": percent(a.rate), "rules": a.rules,
        "opponent_hands": a.opponent_hands, **({"seen": [str(t) for t in a.seen]} if a.seen else {}),
        "best": a.best, "mixed": a.mixed,
        "settings": [{**_setting(o.setting), "wins": o.wins, "pushes": o.pushes, "losses": o.losses,
                      "value": o.value, "equilibrium_probability": o.probability} for o in a.options],
    }


def warm() -> None:
    """Build what the first advice requests would otherwise wait for: the side tables of the named
    strategies for both seats, with and without the commission (about a second of one core).
    ``paigow serve`` runs it in a background thread at start; a request that needs a table
    meanwhile waits only for that one."""
    from paigow.advice import prepare
    from paigow.game.equilibria import CATALOGUE
    from paigow.houseway import HOUSE_WAYS
    from paigow.rules import RULE_SETS
    from paigow.strategies import NAMED

    for game, rules in RULE_SETS.items():
        # each game's own solutions, the rules any game takes, and the US game's house ways; the rule
        # set by its name, as the requests give it (the plans are kept under that key)
        names = [n for n in NAMED if all(s.rules is rules for s in CATALOGUE if s.name == n)]
        if rules.banker_sets in HOUSE_WAYS:
            names += list(HOUSE_WAYS)
        default = (None,) if any(s.rules is rules for s in CATALOGUE) else ()  # the home game ships none
        for against in (*default, *names):
            for commission in (False, True):
                for seat in ("player", "banker"):
                    prepare(seat, against, commission, game)


@functools.lru_cache(maxsize=8)
def _game_value(player: str | None, banker: str | None, rules: str = "macau") -> dict[str, Any]:
    from paigow.advice import game_value

    player, banker = _name(player, rules), _name(banker, rules)
    v = game_value(_strategy(player, rules), _strategy(banker, rules), rules=rules)
    return {"player": player, "banker": banker, "rules": rules, "win": v.win, "push": v.push, "lose": v.lose,
            "ev": v.ev}


def _name(name: str | None, rules: str) -> str:
    """A strategy name of the API, the rule set's zero-commission equilibrium when left out."""
    from paigow.game.equilibria import default_against

    return default_against(False, rules) if name is None else name


def _strategy(name: str, rules: str) -> Any:
    """A strategy name of the API as the library takes it: a house way's name is its table."""
    from paigow.houseway import HOUSE_WAYS, house_way
    from paigow.rules import clean_rules

    if name in HOUSE_WAYS:
        return house_way(name).strategy(clean_rules(rules))
    return name


@router.get("/v1/tiles", response_model=list[m.TileOut], tags=["paigow"])
def tiles() -> list[dict[str, Any]]:
    """The 21 faces, strongest first, with their names, rank, points and copies (Table 1)."""
    return [{"pips": str(t), "name_zh": t.name_zh, "name_en": t.name_en, "rank": t.rank, "points": t.points,
             "copies": t.copies} for t in FACES]


@router.post("/v1/settings", response_model=m.SettingsOut, responses=ERRORS, tags=["paigow"])
def settings_(body: m.TilesIn) -> dict[str, Any]:
    """The three settings of four tiles (ab|cd, ac|bd, ad|bc), each arranged by the dealer rule."""
    from paigow.setting import settings

    t = parse_tiles(body.tiles, count=4)
    return {"tiles": [str(x) for x in t],
            "settings": [{"text": str(s), "front": _hand(s.front), "back": _hand(s.back)}
                         for s in settings(t, rules=body.rules)]}


@router.post("/v1/advice", response_model=m.AdviceOut, responses=ERRORS, tags=["paigow"])
def advice(body: m.AdviceIn, response: Response) -> Response:
    """Exact values of the three settings of four tiles against the 20,475 hands the other side
    can hold, that side setting by a named strategy."""
    with timing(response, "engine"):
        out = _advice(body.tiles, body.seat, body.against, body.commission, body.rules, body.seen)
    # built to the schema above (the fuzz tests check it); sent without validating it again
    return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})


@router.post("/v1/advice/batch", response_model=m.AdviceBatchOut, responses=ERRORS, tags=["paigow"])
def advice_batch(body: m.AdviceBatchIn, response: Response) -> Response:
    """Advice for up to 1,000 hands (``ADVICE_BATCH_MAX``); the first bad hand refuses the batch."""
    with timing(response, "engine"):
        out = {"results": [_advice(h, body.seat, body.against, body.commission, body.rules, body.seen)
                           for h in body.hands]}
    # built to the schema above (the fuzz tests check it); sent without validating it again
    return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})


@router.post("/v1/best-settings", response_model=m.BestSettingsOut, responses=ERRORS, tags=["paigow"])
def best_settings_(body: m.BestSettingsIn, response: Response) -> Response:
    """The setting each of up to 10,000 hands (``BEST_BATCH_MAX``) takes under a strategy (for a
    mixed hand, its most likely setting)."""
    from paigow.advice import best_settings
    from paigow.setting import settings

    with timing(response, "engine"):
        parsed = [parse_tiles(h, count=4) for h in body.hands]
        best: list[int] = []
        if parsed:
            idx = np.array([deck_indices(t) for t in parsed], dtype=np.int64)
            best = best_settings(idx, seat=body.seat, strategy=_strategy(_name(body.strategy, body.rules), body.rules),
                                 rules=body.rules).tolist()
        out = {"best": best, "settings": [str(settings(t, rules=body.rules)[b]) for t, b in zip(parsed, best)]}
    return JSONResponse(out, headers={"Server-Timing": response.headers["Server-Timing"]})


@router.post("/v1/game-value", response_model=m.GameValueOut, responses=ERRORS, tags=["paigow"])
def game_value_(body: m.GameValueIn) -> dict[str, Any]:
    """Exact win/push/lose shares over all 736,281,000 pairings of two strategies."""
    return _game_value(body.player, body.banker, body.rules)
