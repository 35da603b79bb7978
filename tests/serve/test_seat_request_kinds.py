"""The seat requests a table keeps are of the kinds its game gives (:mod:`paigow.serve.seat_requests`):
a Pai Gow table keeps a seat's bet and withdrawal, a home table a door's bet only. A request of
another kind is refused (TypeError), changing nothing: no id taken, no request listed, the views
as they were. The views' entry (``seat_bets``, ``seat_requests``) comes last in the dealer's view
and before the seat's own keys in a seat's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from paigow.serve.home_tables import HOME_REQUESTED, HomeTable
from paigow.serve.seat_requests import SeatRequests
from paigow.serve.tables import REQUESTED, Table


def pai_gow() -> Table:
    t = Table({"banker": 0, "seat_bets": "confirm"}, seed=5)
    t.apply({"action": "start_round", "stake": 1000})
    return t


def home() -> HomeTable:
    return HomeTable({"game": "home", "seat_bets": "confirm"}, seed=5)


def request(seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"action": "seat_request", "seat": seat, "request": action, "at": 1.0}


CASES = [
    (pai_gow, REQUESTED, request(1, {"action": "set", "position": 1, "setting": "x"})),
    (pai_gow, REQUESTED, request(1, {"action": "shake"})),
    (home, HOME_REQUESTED, request(1, {"action": "bank", "amount": 100})),
    (home, HOME_REQUESTED, request(1, {"action": "withdraw", "position": 1})),
    (home, HOME_REQUESTED, request(1, {})),
]


@pytest.mark.parametrize(("make", "kinds", "asked"), CASES)
def test_a_request_of_another_kind_is_refused_and_changes_nothing(make: Any, kinds: tuple[str, ...],
                                                                  asked: dict[str, Any]) -> None:
    t = make()
    assert t.seat_requests.kinds == kinds
    before = json.dumps([t.view(), t.seat_view(1), t.seq])
    with pytest.raises(TypeError, match=r"^a seat request is one of \(") as e:
        t.apply(asked)
    assert repr(asked["request"]) in str(e.value)
    assert json.dumps([t.view(), t.seat_view(1), t.seq]) == before
    assert t.view()["seat_requests"] == []


def test_a_request_of_the_games_kind_is_kept_and_listed_last_in_the_views() -> None:
    t = pai_gow()
    r = t.apply(request(2, {"action": "bet", "position": 2, "amount": 100, "bettor": "P2"}))
    assert (r["id"], r["status"]) == (t.seq, "pending")
    assert list(t.view())[-2:] == ["seat_bets", "seat_requests"]
    assert list(t.seat_view(2))[-3:] == ["seat_bets", "seat_requests", "seat"]
    assert t.seat_view(2)["seat_requests"] == [r] and t.seat_view(1)["seat_requests"] == []
    h = home()
    r = h.apply(h.seat_action(3, {"action": "bet", "amount": 100}, at=1.0))
    assert list(h.view())[-2:] == ["seat_bets", "seat_requests"]
    assert list(h.seat_view(3))[-5:] == ["seat_bets", "seat_requests", "seat", "player", "advice"]
    assert h.seat_view(3)["seat_requests"] == [r] and h.seat_view(1)["seat_requests"] == []
    assert SeatRequests(("bet",)).view(seat=1) == {"seat_bets": "confirm", "seat_requests": []}
