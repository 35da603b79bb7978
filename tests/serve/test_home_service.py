"""The home game's tables 推牌九 through the HTTP API (``/v1/home/tables``), on each store: a whole
shuffle of two rounds at a live table and at a simulation, each settled as the library settles
it; the second round's face-up tiles and its advice; refusals with the library's codes that
change nothing; the public view never showing a face-down tile; the journal replayed across a
restart; the round records replaying through the library."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.table.home import HomeShuffle
from paigow.table.home_records import replay_home
from paigow.tiles import DECK
from serve_support import OPERATOR, ThreadServer, err, ok

BETS = [(1, "ann", 300), (1, "bob", 100), (2, "cy", 200), (3, "dee", 50), (3, "ed", 80)]


class Dealer:
    """A home table's dealer: acts with the token against the seq he last saw, and after every
    action checks that the public view shows nothing face down."""

    def __init__(self, client: httpx.Client, **options: Any) -> None:
        self.c = client
        body = ok(client.post("/v1/home/tables", json={"public": True, **options}, headers=OPERATOR), 201)
        self.id, self.token, self.state = body["id"], body["token"], body["state"]
        self.created = body
        self.auth = {"Authorization": f"Bearer {self.token}"}
        self.row: list[str] = []  # every tile dealt so far this shuffle, as the dealer saw them

    def act(self, **action: Any) -> Any:
        r = self.c.post(f"/v1/home/tables/{self.id}/actions", params={"if_seq": self.state["seq"]}, json=action,
                        headers=self.auth)
        body = ok(r)
        assert body["seq"] == self.state["seq"] + 1 and body["action"] == action["action"]
        self.state = body["state"]
        face_down_hidden(self.public(), self.state)
        return body["result"]

    def refused(self, status: int, code: str, **action: Any) -> dict[str, Any]:
        before = self.read()
        body = err(self.c.post(f"/v1/home/tables/{self.id}/actions", params={"if_seq": before["seq"]}, json=action,
                               headers=self.auth), status, code)
        assert self.read() == before  # nothing changed
        return body

    def read(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}", headers=self.auth))  # type: ignore[no-any-return]

    def public(self) -> dict[str, Any]:
        return ok(self.c.get(f"/v1/home/tables/{self.id}"))  # type: ignore[no-any-return]

    def set_all(self) -> None:
        """Each played door's holder, then the banker, says his split (the dealer enters it)."""
        r = self.state["round"]
        for h in sorted(r["hands"], key=lambda h: h["position"] or 9):
            if h["played"] and not h["is_set"]:
                self.act(action="set_hand", position=h["position"], setting=h["position"] % 3, by=h["setter"])


def face_down_hidden(public: dict[str, Any], dealer: dict[str, Any]) -> None:
    """The public view shows no hand before the settlement and never the stacks; the dealer's
    shows the hands once dealt, and never the stacks either."""
    r = public["round"]
    settled = r["phase"] in ("settled", "over")
    for h in r["hands"]:
        assert (h["tiles"] is not None) == settled and (h["set"] is None or settled), h
    text = json.dumps(public)
    for key in ("row", "stacks", "tiles_row"):
        assert f'"{key}"' not in text
    assert public["round"]["seen"] == dealer["round"]["seen"]
    dealt = {str(h["position"]): h["tiles"] for h in dealer["round"]["hands"]}
    if not settled:  # not one face-down hand's tiles, in order, anywhere in the public view
        for tiles in dealt.values():
            assert json.dumps(tiles) not in text


def play_shuffle(d: Dealer, live: bool) -> list[dict[str, Any]]:
    """Two rounds: bets (several a door), shuffle, deal, the settings, settle; the second round's
    seen tiles and advice. Returns the two settlements."""
    out = []
    for bet in BETS:
        d.act(action="bet", door=bet[0], bettor=bet[1], amount=bet[2])
    assert d.state["round"]["holders"] == {"1": "ann", "2": "cy", "3": "ed"}
    assert d.act(action="shuffle") == {"tiles": 32}  # the answer holds no tile
    d.act(action="deal")
    first = [t for h in d.state["round"]["hands"] for t in h["tiles"]]
    assert len(first) == 16 and d.state["round"]["seen"] == []
    if live:
        d.refused(400, "home.strategy", action="play")
        d.refused(400, "home.holder", action="set_hand", position=1, setting=0)
        d.refused(400, "home.holder", action="set_hand", position=1, setting=0, by="bob")
        d.set_all()
    else:
        d.act(action="play", strategy="max-front")
    d.refused(400, "home.set_twice", action="set_hand", position=0, setting=0, by="house")
    out.append(d.act(action="settle"))
    assert out[0]["over"] is False and sum(out[0]["ledger"]["changes"].values()) + out[0]["ledger"]["commission"] == 0
    assert d.act(action="next_round") == {"round": 2, "banker": "house"}
    assert sorted(d.state["round"]["seen"]) == sorted(first) and sorted(d.public()["round"]["seen"]) == sorted(first)
    d.act(action="bet", door=3, bettor="bob", amount=100)
    d.act(action="deal")
    a = ok(d.c.get(f"/v1/home/tables/{d.id}/advice/3", headers=d.auth))
    assert a["opponent_hands"] == 495 and sorted(a["seen"]) == sorted(first)
    err(d.c.get(f"/v1/home/tables/{d.id}/advice/3"), 401, "table.token")  # not for the public
    if live:
        d.set_all()
    else:
        d.act(action="play")
    out.append(d.act(action="settle"))
    assert out[1]["over"] is True and d.state["round"]["can"]["next_shuffle"]
    return out


def library_shuffle(d: Dealer, number: int) -> HomeShuffle:
    return replay_home(ok(d.c.get(f"/v1/home/tables/{d.id}/rounds/{number}", headers=d.auth)))


@pytest.mark.parametrize("is_live", [True, False])
def test_a_whole_shuffle_is_the_librarys(client: httpx.Client, is_live: bool) -> None:
    live = is_live
    d = Dealer(client, **({} if live else {"mode": "simulation", "seed": 35}))
    assert d.created["display"].endswith(f"/home/display?table={d.id}") and d.created["qr"].startswith("<svg")
    assert d.state["mode"] == ("live" if live else "simulation") and d.state["round"]["can"]["bet"]
    results = play_shuffle(d, live)
    # round 1's record replays through the library to the same ledger; its unseen tiles are in
    # the deck's order (face down then), the dealt ones as dealt
    one = library_shuffle(d, 1)
    assert one.round == 1 and len(one.results) == 1 and one.row is not None
    assert [str(t) for t in one.row[16:]] == sorted((str(t) for t in one.row[16:]), key=lambda s: [str(x) for x in DECK].index(s))
    two = library_shuffle(d, 2)
    assert two.live is live and len(two.results) == 2
    for i, r in enumerate(two.results):
        assert json.loads(json.dumps(r.ledger.changes)) == results[i]["ledger"]["changes"]
    assert [str(t) for t in two.row[:16]] == [str(t) for t in one.row[:16]]  # type: ignore[index]
    balances = d.state["balances"]
    assert sum(balances.values()) + d.state["commission"] == 0
    assert balances == {k: sum(r["ledger"]["changes"].get(k, 0) for r in results) for k in balances}
    # the export: the whole shuffle, the chain verified, nothing withheld once it is over
    export = ok(client.get(f"/v1/tables/{d.id}/journal", headers=OPERATOR))
    assert export["verified"] and export["withheld"] == 0
    d.act(action="next_shuffle")
    assert d.state["shuffle"] == 2 and d.state["round"]["number"] == 3 and d.state["rounds"] == 2


def test_the_advice_is_the_librarys_for_the_deal(client: httpx.Client) -> None:
    d = Dealer(client, mode="simulation", seed=7)
    for bet in BETS:
        d.act(action="bet", door=bet[0], bettor=bet[1], amount=bet[2])
    d.act(action="shuffle")
    d.act(action="deal")
    d.act(action="play")
    d.act(action="settle")
    d.act(action="next_round")
    d.act(action="bet", door=2, bettor="cy", amount=10)
    d.act(action="deal")
    # the library's shuffle of the same tiles: round 1 as its record deals it, round 2 as the service did
    rec = ok(client.get(f"/v1/home/tables/{d.id}/rounds/1", headers=d.auth))
    deal = next(e for e in rec["events"] if e["event"] == "deal")
    hands = {h["position"]: h["tiles"] for h in d.state["round"]["hands"]}
    order = (1, 2, 3, 0)  # no dice: 初門 first, the banker last
    full = HomeShuffle("home")
    for bet in BETS:
        full.bet(*bet)
    full.shuffle(" ".join([t for p in order for t in deal["hands"][str(p)].split()] + [t for p in order for t in hands[p]]))
    full.deal()
    full.play("max-front")
    full.settle()
    full.next_round()
    full.bet(2, "cy", 10)
    assert {p: [str(t) for t in h] for p, h in full.deal().items()} == hands
    assert sorted(map(str, full.seen_tiles())) == sorted(d.state["round"]["seen"])
    for pos in (0, 2):
        want = full.advice(pos)
        got = ok(client.get(f"/v1/home/tables/{d.id}/advice/{pos}", headers=d.auth))
        assert got["best_setting"] == str(want.options[want.best].setting)
        assert [(o["wins"], o["pushes"], o["losses"]) for o in got["options"]] == [
            (o.wins, o.pushes, o.losses) for o in want.options]


def test_refusals_carry_the_librarys_code_and_change_nothing(client: httpx.Client) -> None:
    d = Dealer(client)
    d.refused(400, "home.phase", action="deal")  # before the shuffle
    d.refused(400, "home.door", action="bet", door=4, bettor="ann", amount=10)
    d.refused(400, "name.reserved", action="bet", door=1, bettor="house", amount=10)
    d.refused(400, "home.bank", action="bank", amount=100)  # the house covers
    d.refused(400, "home.no_dice", action="shake")
    d.refused(400, "home.phase", action="settle")
    d.refused(400, "home.phase", action="next_round")
    d.refused(400, "home.phase", action="next_shuffle")
    d.act(action="shuffle")
    d.refused(400, "home.phase", action="shuffle")  # once a shuffle
    d.refused(400, "home.no_bets", action="deal")
    d.act(action="bet", door=2, bettor="ann", amount=10)
    d.act(action="deal")
    d.refused(400, "home.phase", action="bet", door=1, bettor="bob", amount=10)
    d.refused(400, "home.unheld", action="set_hand", position=1, setting=0, by="bob")
    d.refused(400, "home.setting", action="set_hand", position=2, setting=5, by="ann")
    d.refused(400, "home.setting", action="set_hand", position=2, setting="6-6 6-6 | 1-1 1-1", by="ann")
    d.refused(400, "home.unset", action="settle")
    err(client.post(f"/v1/tables/{d.id}/close", headers=OPERATOR), 409, "table.round_open")
    err(client.get(f"/v1/tables/{d.id}", headers=d.auth), 404, "table.game")
    err(client.get(f"/v1/pcc/tables/{d.id}", headers=d.auth), 404, "table.game")
    err(client.post("/v1/home/tables", json={"mode": "live", "seed": 3}, headers=OPERATOR), 400, "table.seed")
    listed = {t["id"]: t for t in ok(client.get("/v1/tables", headers=OPERATOR))["tables"]}
    assert listed[d.id]["game"] == "home"
    # an opening repeated with its client key (its answer lost) answers the table it opened
    once = {"client_key": "home-open-0123456789", "public": False}
    first = ok(client.post("/v1/home/tables", json=once, headers=OPERATOR), 201)
    again = ok(client.post("/v1/home/tables", json=once, headers=OPERATOR), 201)
    assert again["id"] == first["id"] and "display" not in {k for k, v in first.items() if v is not None}
    err(client.get(f"/v1/home/tables/{first['id']}"), 401, "table.token")  # not public: no view without the token


def test_options_a_players_bank_and_dice(client: httpx.Client) -> None:
    d = Dealer(client, mode="simulation", seed=4, banker="zed",
               options={"bank": "winner-keeps", "dice": 2, "payout": "halves", "commission": "4%"})
    assert d.state["round"]["banker"] == "zed" and d.state["rules"]["dice"] == 2
    d.refused(400, "home.bank", action="bet", door=1, bettor="ann", amount=10)
    d.act(action="bank", amount=1000)
    d.refused(400, "home.cover", action="bet", door=1, bettor="ann", amount=400)
    d.refused(400, "home.banker_bets", action="bet", door=2, bettor="zed", amount=10)
    d.act(action="bet", door=1, bettor="ann", amount=100)
    d.act(action="shuffle")
    d.refused(400, "home.phase", action="deal")  # the dice first
    roll = d.act(action="shake")
    assert len(roll["dice"]) == 2 and d.state["round"]["dice"] == roll["dice"]
    d.act(action="deal")
    d.act(action="play")
    r = d.act(action="settle")
    assert sum(r["ledger"]["changes"].values()) + r["ledger"]["commission"] == 0
    err(client.post("/v1/home/tables", json={"options": {"bank": "winner-keeps"}}, headers=OPERATOR), 400,
        "home.banker")


def test_the_same_seed_deals_the_same_shuffle(client: httpx.Client) -> None:
    a, b = Dealer(client, mode="simulation", seed=99), Dealer(client, mode="simulation", seed=99)
    for d in (a, b):
        play_shuffle(d, live=False)
    assert {k: v for k, v in a.read().items()} == {k: v for k, v in b.read().items()}


@pytest.mark.parametrize("snapshot_every", [10, 1])
@pytest.mark.parametrize("is_live", [True, False])
def test_a_restart_replays_the_table(db: str, snapshot_every: int, is_live: bool) -> None:
    live = is_live
    s = ThreadServer(db, snapshot_every=snapshot_every)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            d = Dealer(c, **({} if live else {"mode": "simulation", "seed": 5}))
            for bet in BETS:
                d.act(action="bet", door=bet[0], bettor=bet[1], amount=bet[2])
            d.act(action="shuffle")
            d.act(action="deal")
            d.set_all() if live else d.act(action="play")
            d.act(action="settle")
            before, public = d.read(), d.public()
            record = ok(c.get(f"/v1/home/tables/{d.id}/rounds/1", headers=d.auth))
            export = ok(c.get(f"/v1/tables/{d.id}/journal", headers=OPERATOR))
            assert export["withheld"] > 0  # the shuffle's rows wait for its last round
            assert not any("drawn" in r and r["drawn"] and "tiles" in r["drawn"] for r in export["rows"])
    finally:
        s.stop()
    s = ThreadServer(db, snapshot_every=snapshot_every)
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            d.c = c
            assert d.read() == before and d.public() == public
            assert ok(c.get(f"/v1/home/tables/{d.id}/rounds/1", headers=d.auth)) == record
            assert ok(c.get("/v1/health"))["quarantined"] == 0
            d.state = before
            d.act(action="next_round")
            d.act(action="bet", door=1, bettor="ann", amount=20)
            d.act(action="deal")
            d.set_all() if live else d.act(action="play")
            d.act(action="settle")
            assert d.state["rounds"] == 2 and sum(d.state["balances"].values()) + d.state["commission"] == 0
            export = ok(c.get(f"/v1/tables/{d.id}/journal", headers=OPERATOR))
            assert export["verified"] is True and export["withheld"] == 0
            shuffled = [r for r in export["rows"] if json.loads(r["action"])["action"] == "shuffle"]
            assert (shuffled[0]["drawn"] is not None) is live
            two = replay_home(ok(c.get(f"/v1/home/tables/{d.id}/rounds/2", headers=d.auth)))
            assert [t for h in two.results[1].hands.values() for t in h] and len(two.results) == 2
            assert ok(c.post(f"/v1/tables/{d.id}/close", headers=OPERATOR))["closed"]
    finally:
        s.stop()


def _set(position: int, setting: Any, by: "str | None") -> dict[str, Any]:
    return {"action": "set_hand", "position": position, "setting": setting, "by": by}


# actions legal and not, each as likely: bets (several a door, on no door, by the house, of nothing),
# the shuffle, the dice, the deal, settings (by their setter or not, of other tiles, of no door),
# a strategy (refused at a live table), the settlement, the next round and shuffle, a bank
STEPS = [
    {"action": "bet", "door": 1, "bettor": "ann", "amount": 10}, {"action": "bet", "door": 2, "bettor": "bob", "amount": 20},
    {"action": "bet", "door": 1, "bettor": "bob", "amount": 30}, {"action": "bet", "door": 4, "bettor": "ann", "amount": 1},
    {"action": "bet", "door": 1, "bettor": "house", "amount": 1}, {"action": "bet", "door": 3, "bettor": "", "amount": 0},
    {"action": "shuffle"}, {"action": "shake"}, {"action": "deal"},
    _set(0, 0, "house"), _set(0, 2, "house"), _set(1, 1, "ann"), _set(1, 0, "bob"), _set(2, 0, "bob"), _set(3, 0, "ann"),
    _set(2, 5, "bob"), _set(1, "6-6 6-6 | 1-1 1-1", "ann"), _set(2, 1, None),
    {"action": "play"}, {"action": "play", "strategy": "no-such"}, {"action": "settle"}, {"action": "settle"},
    {"action": "next_round"}, {"action": "next_shuffle"}, {"action": "bank", "amount": 10},
]
ACTIONS = st.sampled_from(STEPS)
_DEAL = [{"action": "bet", "door": 1, "bettor": "ann", "amount": 100}, {"action": "deal"}]
_END = [_set(1, 0, "ann"), _set(0, 0, "house"), {"action": "settle"}]
# where a sequence starts: the first round dealt, the second round dealt, the next shuffle's first dealt
STARTS = [[{"action": "shuffle"}, *_DEAL], [{"action": "shuffle"}, *_DEAL, *_END, {"action": "next_round"}, *_DEAL],
          [{"action": "shuffle"}, *_DEAL, *_END, {"action": "next_round"}, *_DEAL, *_END, {"action": "next_shuffle"},
           {"action": "shuffle"}, *_DEAL]]


@pytest.mark.parametrize("seed", [None, 11])
def test_any_sequence_of_actions_keeps_the_table_whole(seed: "int | None") -> None:
    """Hypothesis draws sequences of actions, legal and not, on the table itself: a refusal is the
    library's error and changes nothing (a simulation's generator included), an accepted action
    moves seq by one, the public view never shows a hand before the settlement, the money
    balances, and the table restored from its snapshot is the same table."""
    from paigow.errors import PaigowError
    from paigow.serve.home_tables import HomeTable

    @settings(max_examples=60, deadline=None)
    @given(st.sampled_from(STARTS), st.lists(ACTIONS, min_size=20, max_size=60))
    def run(start: list[dict[str, Any]], actions: list[dict[str, Any]]) -> None:
        t = HomeTable({"game": "home"}, seed)
        for a in start:
            t.apply(a)
        for a in actions:
            before, snap, rng = t.view(), t.snapshot(), t.rng.getstate() if seed is not None else None
            try:
                t.apply(a)
            except (PaigowError, TypeError):
                assert t.view() == before and t.snapshot() == snap
                assert seed is None or t.rng.getstate() == rng  # a refused draw is put back
                continue
            assert t.seq == before["seq"] + 1
            public = t.view(public=True)["round"]
            settled = public["phase"] in ("settled", "over")
            assert all((h["tiles"] is not None) == settled for h in public["hands"])
            assert sum(t.balances.values()) + t.commission == 0
            again = HomeTable.restore({"game": "home"}, seed, json.loads(json.dumps(t.snapshot())))
            assert again.view() == t.view()
            assert seed is None or again.rng.getstate() == t.rng.getstate()

    run()
