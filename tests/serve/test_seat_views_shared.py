"""The seats' views a table's feed sends after each action (issue 38) are made from one public
view, each seat's own tiles added (``seat_views``), not each seat's view in full: this holds
them to the views as they were made in full (the reference below, the code ``seat_view`` had
before), as JSON text, key order included, for every position after every step of whole rounds:
Macau live and simulated, the US game with the house way and the bank offered, and a home table's
two-round shuffle with its four seats. The public view they are made from is left unchanged, and
the feed's events (:class:`paigow.serve.display.Follower`) carry exactly these views."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from paigow.serve.display import Follower, JournalReader
from paigow.serve.home_tables import HomeTable, seat_player
from paigow.serve.stores import open_journal
from paigow.serve.tables import Table
from paigow.table.jsonforms import result_json, setting_json, way_json
from paigow.table.round import Round
from paigow.table.views import round_view

from test_seat_views import macau_round, us_round  # type: ignore[import-not-found]


def full_round_seat_view(r: Round, position: int) -> dict[str, Any]:
    """A round's seat view made in full, as ``paigow.table.views.seat_view`` made it before."""
    out = round_view(r, "public")
    out["seat"] = position
    st = r.state
    d = r.deal_record.deal
    hand = d.hands[position] if d is not None else None
    if hand is not None and out["deal"]["hands"] is not None:
        hands = {**out["deal"]["hands"], str(position): [str(t) for t in hand]}
        out["deal"]["hands"] = {k: hands[k] for k in sorted(hands, key=int)}
    own = st.settings[position]
    out["settings"][position] = setting_json(own) if own is not None else None
    way = st.ways[position]
    out["ways"][position] = way_json(way) if way is not None else None
    if r.result is not None:
        full = {p["position"]: p for p in result_json(r.result)["positions"]}
        if position in full:
            shown = [p for p in out["result"]["positions"] if p["position"] != position]
            order = [p["position"] for p in result_json(r.result)["positions"]]
            shown.append(full[position])
            out["result"]["positions"] = sorted(shown, key=lambda p: order.index(p["position"]))
    return out


def full_table_seat_view(t: Table, position: int) -> dict[str, Any]:
    """``Table.seat_view`` made in full, as before."""
    out = t.view(public=True)
    if t.session.round is not None:
        out["round"] = full_round_seat_view(t.session.round, position)
    return {**out, "seat": position}


def full_home_seat_view(t: HomeTable, position: int) -> dict[str, Any]:
    """``HomeTable.seat_view`` made in full, as before."""
    out = t.view(public=True)
    s = t.shuffle
    own = (s.hands or {}).get(position)
    if own is not None:
        for h in out["round"]["hands"]:
            if h["position"] == position:
                h["tiles"] = [str(x) for x in own]
                h["set"] = str(s.settings[position]) if position in s.settings else None
    me = s.banker if position == 0 else seat_player(position)
    return {**out, "seat": position, "player": me, "advice": True}


def text(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


Reference = Callable[[Any, int], dict[str, Any]]


def check(t: Any, positions: Iterable[int], reference: Reference, where: str) -> int:
    """Every seat's view from one public view, and each by itself, against the reference;
    the public view unchanged. Returns how many seats' views differ from the public view (the
    check is not blind)."""
    positions = list(positions)
    public = t.view(public=True)
    before = text(public)
    shared = t.seat_views(positions, public)
    assert text(public) == before, f"{where}: the public view was changed"
    assert list(shared) == positions, where
    differ = 0
    for p in positions:
        want = text(reference(t, p))
        assert text(shared[p]) == want, f"{where}, seat {p}"
        assert text(t.seat_view(p)) == want, f"{where}, seat {p} alone"
        assert text(t.seat_views([p])[p]) == want, f"{where}, seat {p} without the public view"
        differ += text({**shared[p], "seat": None}) != text({**public, "seat": None})
    return differ


def play(t: Any, steps: Iterable[Any], positions: Iterable[int], reference: Reference, where: str) -> int:
    positions = list(positions)
    differ = check(t, positions, reference, f"{where}: opened")
    for i, step in enumerate(steps):
        action = step(t) if callable(step) else step
        t.apply(action)
        differ += check(t, positions, reference, f"{where}: step {i} {action}")
    return differ


@pytest.mark.parametrize("live", [True, False], ids=["live", "simulated"])
def test_macau_seat_views_from_the_public_view_after_every_step(live: bool) -> None:
    t = Table({"banker": 0, "declare_first": live}, seed=None if live else 2)
    again = [{"action": "start_round"}, *macau_round(live)[1:12]]  # the next round, to its deal (the stake carried)
    steps = [*macau_round(live), *again]
    assert play(t, steps, range(8), full_table_seat_view, f"macau {'live' if live else 'simulated'}") > 0


def test_us_seat_views_from_the_public_view_after_every_step() -> None:
    t = Table({"banker": 0, "rules": "us", "house_stake": 5000}, seed=3)
    assert play(t, us_round("decline"), range(8), full_table_seat_view, "us") > 0


def home_shuffle(t: HomeTable) -> list[Any]:
    def seat(p: int, **action: Any) -> Callable[[HomeTable], dict[str, Any]]:
        return lambda table: table.seat_action(p, action)

    one = [seat(1, action="bet", amount=100), seat(2, action="bet", amount=200), seat(3, action="bet", amount=300),
           {"action": "deal"}, seat(1, action="set_hand", setting=0), seat(2, action="set_hand", setting=1),
           seat(3, action="set_hand", setting=2), seat(0, action="set_hand", setting=0), {"action": "settle"}]
    return [{"action": "shuffle"}, *one, {"action": "next_round"}, *one]


@pytest.mark.parametrize("seed", [None, 7], ids=["live", "simulated"])
def test_home_seat_views_from_the_public_view_after_every_step(seed: int | None) -> None:
    t = HomeTable({"game": "home"}, seed)
    assert play(t, home_shuffle(t), range(4), full_home_seat_view, "home") > 0


def test_the_feed_sends_each_seat_its_view(tmp_path: Path) -> None:
    """A feed's copy of a journaled table, followed by every seat: after each action, each
    seat's event data is the seat's view of the serving table, made in full."""
    journal = open_journal(str(tmp_path / "j.db"))
    reader = JournalReader(str(tmp_path / "j.db"))
    try:
        tid, _ = journal.create({"banker": 0}, public=True, seed=4, operator="op", mode="simulation")
        f = Follower(reader, tid)
        f.seats = frozenset(range(8))
        f.goto(0)
        e = journal.entry(tid)
        assert e is not None
        for step in macau_round(False):
            journal.perform(e, {}, None, lambda t, step=step: step(t) if callable(step) else step)  # type: ignore[misc]
            events = f.forward()
            assert len(events) == 1
            served = journal.table(tid)  # the serving process's table
            for p in range(8):
                data = json.loads(events[0]["seats"][p])
                assert data["seq"] == served.seq and text(data["state"]) == text(full_table_seat_view(served, p)), p
    finally:
        reader.close()
        journal.close()
