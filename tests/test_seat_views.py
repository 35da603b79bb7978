"""What a seat (a player's own device, issue 38) sees of a round: the public view and its own
position's tiles, never another position's tile face down, never the stack order before the
settlement. Whole rounds are played through the table (:class:`paigow.serve.tables.Table`, the
library's Session by its actions): Macau live and simulated, the US game with the house way and
the bank offered, and Macau's bank rotating with the dealing method declared; after every step,
every seat's view is read and searched for the tiles it may not see."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from paigow.serve.tables import Table
from paigow.table.round import Phase, Round
from paigow.table.views import public_view, seat_view, shown_positions

TILE = re.compile(r"(?<![0-9-])[1-6]-[1-6](?![0-9-])")


def hidden_tiles(r: Round | None, position: int) -> Counter[str]:
    """The tiles the seat of ``position`` may not see in round ``r``, by name: every tile of
    another position's unturned hand, less those it may see of the same name (its own, a turned
    hand's, an exposed tile: the deck holds pairs). (tests/test_table_machine.py asks it too.)"""
    if r is None or r.deal_record.deal is None:
        return Counter()
    hands = r.deal_record.deal.hands
    shown = shown_positions(r)
    exposed = Counter(str(e.tile) for e in r.deal_record.exposures if e.tile is not None)
    hidden: Counter[str] = Counter()
    allowed: Counter[str] = Counter()
    for p, hand in enumerate(hands):
        if hand is None:
            continue
        names = Counter(str(x) for x in hand)
        if p == position or p in shown:
            allowed.update(names)
        else:
            hidden.update(names)
    allowed.update(exposed)
    hidden.subtract(exposed)   # an exposed tile of a face-down hand is face up (Art. 2.2)
    return +Counter({k: v for k, v in hidden.items() if v > 0 and allowed[k] == 0})


def leaks(view: dict[str, Any], hidden: Counter[str]) -> set[str]:
    """The hidden tiles whose name appears anywhere in ``view``'s JSON, but for a settled live
    round's reveal of its stacks (everyone's once the round is settled: docs/serve.md "Provably
    fair"; the test checks it is the public's and only then)."""
    r = view.get("round", view)   # a table's view, or a round's
    if r is not None and r.get("reveal") is not None:
        assert r["phase"] == "settled"
        r = {**r, "reveal": None}
        view = {**view, "round": r} if "round" in view else r
    text = json.dumps(view, ensure_ascii=False)
    return {m for m in TILE.findall(text) if hidden[m] > 0}


def check_every_seat(t: Table, where: str, caught: list[str]) -> None:
    """Every seat's view of ``t`` now: no hidden tile's name, no stack order before the
    settlement, its own tiles once dealt, the public view otherwise. ``caught`` gathers the steps
    where the dealer's view would have leaked (the check is not blind)."""
    r = t.session.round
    dealer = t.view()
    for p in range(8):
        v = t.seat_view(p)
        w = f"{where}, seat {p}"
        assert v["seat"] == p, w
        hidden = hidden_tiles(r, p)
        assert not leaks(v, hidden), f"{w}: the seat sees {leaks(v, hidden)}"
        if leaks(dealer, hidden):
            caught.append(w)
        pub = t.view(public=True)
        assert {k: x for k, x in v.items() if k not in ("round", "seat")} == \
               {k: x for k, x in pub.items() if k != "round"}, w
        if r is None:
            assert v["round"] is None, w
            continue
        assert v["round"] == seat_view(r, p), w
        stacks = r.deal_record.stacks
        assert v["round"].get("reveal") == pub["round"].get("reveal"), w
        if r.phase is not Phase.SETTLED:
            assert v["round"]["deal"]["stacks"] is None, w
            assert v["round"].get("reveal") is None, w
            if stacks is not None:
                assert str(stacks) not in json.dumps(v, ensure_ascii=False), w
        deal = r.deal_record.deal
        own = deal.hands[p] if deal is not None else None
        hands = v["round"]["deal"]["hands"]
        if own is not None:
            assert hands[str(p)] == [str(x) for x in own], w
        shown = shown_positions(r)
        assert {int(k) for k in hands or {}} <= shown | {p}, w
        for q in range(8):
            if q != p and q not in shown:
                assert v["round"]["settings"][q] is None and v["round"]["ways"][q] is None, w
        # what the public sees of others is what the seat sees of them
        others = public_view(r)
        assert {k: x for k, x in (others["deal"]["hands"] or {}).items()} == \
               {k: x for k, x in (hands or {}).items() if k != str(p) or p in shown}, w


Step = Callable[[Table], Any]


def play(t: Table, steps: list[dict[str, Any] | Step], where: str) -> list[str]:
    """Apply each step (an action's JSON, or a function of the table that returns one), checking
    every seat before the first and after each."""
    caught: list[str] = []
    check_every_seat(t, f"{where}: opened", caught)
    for i, step in enumerate(steps):
        action = step(t) if callable(step) else step
        t.apply(action)
        check_every_seat(t, f"{where}: step {i} {action}", caught)
    return caught


def first_tile(position: int) -> Step:
    def step(t: Table) -> dict[str, Any]:
        r = t.session.round
        assert r is not None and r.deal_record.deal is not None
        hand = r.deal_record.deal.hands[position]
        assert hand is not None
        return {"action": "expose", "position": position, "tile": str(hand[0])}
    return step


def macau_round(live: bool) -> list[dict[str, Any] | Step]:
    declare = [{"action": "declare", "method": "from the first stack"}] if live else []
    sets: list[dict[str, Any] | Step] = [
        {"action": "set_hand", "position": 2, "setting": 0}, {"action": "set_hand", "position": 2, "setting": 1},
        {"action": "set_hand", "position": 5, "setting": 2}, {"action": "set_hand", "position": 7, "setting": 0},
        {"action": "set_hand", "position": 0, "setting": 0}]
    if not live:
        sets = [{"action": "set_hand", "position": 2, "setting": 1, "strategy": "first"},
                {"action": "set_players", "strategy": "max-back"}, {"action": "set_hand", "position": 0, "setting": 0}]
    return [
        {"action": "start_round", "stake": 2000}, {"action": "co_bank", "party": "house", "stake": 500},
        {"action": "bet", "position": 2, "amount": 100}, {"action": "bet", "position": 2, "amount": 300, "bettor": "ann"},
        {"action": "bet", "position": 5, "amount": 200}, {"action": "bet", "position": 7, "amount": 50},
        {"action": "shuffle"}, {"action": "cut", "position": 3, "k": 2}, *declare,
        {"action": "shake", "void": "tilted"}, {"action": "shake"}, {"action": "deal"}, first_tile(5),
        *sets, {"action": "settle"}, {"action": "end_round"},
    ]


@pytest.mark.parametrize("live", [True, False], ids=["live", "simulated"])
def test_macau_every_seat_after_every_step(live: bool) -> None:
    for seed in (1, 2):
        t = Table({"banker": 0, "declare_first": live}, seed=None if live else seed)
        caught = play(t, macau_round(live), f"macau {'live' if live else seed}")
        assert caught, "the dealer's view never showed a hidden tile: the check would find nothing"


def us_round(offer: str) -> list[dict[str, Any] | Step]:
    return [
        {"action": "start_round"}, {"action": "bet", "position": 1, "amount": 100},
        {"action": "bet", "position": 4, "amount": 200}, {"action": "bet", "position": 6, "amount": 100},
        {"action": "shuffle"}, {"action": "shake"}, {"action": "deal"},
        {"action": "house_way", "position": 1, "by": "P1"}, {"action": "set_hand", "position": 4, "setting": 1},
        {"action": "house_way", "position": 6}, {"action": "house_way", "position": 0},
        {"action": "settle"}, {"action": "end_round"}, {"action": offer},
    ]


@pytest.mark.parametrize("live", [True, False], ids=["live", "simulated"])
def test_us_game_with_the_house_way_and_the_bank_offered(live: bool) -> None:
    t = Table({"banker": 0, "rules": "us", "house_stake": 5000}, seed=None if live else 3)
    caught = play(t, us_round("decline"), "us, declined")
    assert caught and t.session.state.house_banks
    caught = play(t, us_round("accept") if t.session.state.offer is not None else us_round("decline"), "us, again")
    assert caught


def test_macau_with_the_bank_rotating_and_the_method_declared() -> None:
    """Live: a round, the bank passed, declined by the next, taken by the one after; a round
    under the new banker, every step declared and checked."""
    t = Table({"banker": 0, "declare_first": True}, seed=None)
    steps: list[dict[str, Any] | Step] = [*macau_round(True), {"action": "pass_bank"}, {"action": "decline"},
                                          {"action": "accept"}]
    caught = play(t, steps, "rotation")
    banker = t.session.state.banker
    assert banker is not None and banker != 0
    others = [p for p in range(8) if p != banker][:3]
    second: list[dict[str, Any] | Step] = [
        {"action": "start_round", "stake": 1500}, *({"action": "bet", "position": p, "amount": 100} for p in others),
        {"action": "shuffle"}, {"action": "cut", "position": others[0], "k": 1},
        {"action": "declare", "method": "from the dice"}, {"action": "shake"}, {"action": "deal"},
        *({"action": "set_hand", "position": p, "setting": 1} for p in others),
        {"action": "set_hand", "position": banker, "setting": 0}, {"action": "settle"}, {"action": "end_round"},
    ]
    caught += play(t, second, "rotation, second banker")
    assert caught


def test_a_seat_sees_its_own_line_of_the_result_when_it_sat_out() -> None:
    t = Table({"banker": 0}, seed=4)
    for a in macau_round(False):
        t.apply(a(t) if callable(a) else a)
        r = t.session.round
        if r is not None and r.phase is Phase.SETTLED:
            for p in range(8):
                mine = [x for x in t.seat_view(p)["round"]["result"]["positions"] if x["position"] == p]
                dealer = [x for x in t.view()["round"]["result"]["positions"] if x["position"] == p]
                assert mine == dealer


def test_a_seat_is_a_position() -> None:
    t = Table({"banker": 0}, seed=1)
    t.apply({"action": "start_round", "stake": 100})
    for bad in (-1, 8, True, "1"):
        with pytest.raises(TypeError, match="a seat is a position 0 to 7"):
            seat_view(t.session.round, bad)  # type: ignore[arg-type]


