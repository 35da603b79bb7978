"""Both games' tables implement the one interface the service asks of a table
(paigow.serve.games.GameTable): no isinstance on the game in the service."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paigow.serve.games import TABLES, GameTable, game_of, new_table, restore_table, round_open, rounds_finished

ROOT = Path(__file__).resolve().parent.parent

PLAYS = {
    "paigow": ({"banker": 0}, 7, [{"action": "start_round", "stake": 1000},
                                  {"action": "bet", "position": 1, "amount": 100}, {"action": "shuffle"},
                                  {"action": "shake"}, {"action": "deal"}, {"action": "settle", "strategy": "max-back"},
                                  {"action": "end_round"}]),
    "pcc": ({"game": "pcc"}, None, [{"action": "place", "spot": "big", "stake": 100, "player": "Ana"},
                                    {"action": "close_betting"}, {"action": "settle", "roll": "crab crab fish"}]),
}


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_each_game_plays_a_round_through_the_interface(game: str) -> None:
    config, seed, actions = PLAYS[game]
    t = new_table(config, seed)
    assert isinstance(t, GameTable) and type(t) is TABLES[game]
    assert game_of(t) == t.game == game and t.seq == 0 and not round_open(t) and rounds_finished(t) == 0
    for i, a in enumerate(actions, 1):
        t.apply(a)
        assert t.seq == i
        assert round_open(t) == (i < len(actions))
    assert rounds_finished(t) == 1 and t.last_round is not None and t.last_round["number"] == 1
    again = restore_table(config, seed, t.snapshot())
    assert isinstance(again, GameTable) and again.view() == t.view() and again.view(public=True) == t.view(public=True)


def test_the_service_tells_the_games_apart_by_the_interface_only() -> None:
    tree = ast.parse((ROOT / "paigow" / "serve" / "games.py").read_text(encoding="utf-8"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "isinstance"]
    assert calls == []
