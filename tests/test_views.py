"""What each viewer may see, at every phase of a round (paigow.table.views), by Macau and US
rules; and Fish-Prawn-Crab, where nothing is face down, at every phase of its round."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from paigow.errors import PaigowError
from paigow.serve.pcc_tables import PccTable
from paigow.table.round import Phase, Round
from paigow.table.views import VIEWERS, dealer_view, operator_view, public_view, round_view, shown_positions


def phases(rules: str, seed: int) -> Iterator[tuple[str, Round]]:
    """One round, stopped at every step: the views are read at each."""
    r = Round(0, rules=rules, seed=seed)
    yield "opened", r
    r.set_stake(1000)
    yield "staked", r
    for p in (1, 3, 5):
        r.bet(p, 100)
    yield "bets", r
    r.shuffle()
    yield "shuffled", r
    r.cut(2, 3)
    yield "cut", r
    r.shake()
    yield "shaken", r
    r.deal()
    yield "dealt", r
    r.set_hand(1, 0, strategy="first")
    yield "one player set", r
    r.set_players("max-back")
    yield "players set", r
    try:
        r.set_hand(r.banker, 0, strategy="first")
    except PaigowError:    # a hand the house way sets (the US game's house bank)
        r.house_way(r.banker)
    yield "banker set", r
    r.settle("max-back")
    yield "settled", r


RUNS = [(rules, seed) for rules in ("macau", "us") for seed in (1, 2, 3)]


def dealt_hands(r: Round) -> dict[str, list[str]]:
    d = r.deal_record.deal
    if d is None:
        return {}
    return {str(p): [str(t) for t in h] for p, h in enumerate(d.hands) if h is not None}


@pytest.mark.parametrize(("rules", "seed"), RUNS)
def test_each_viewer_sees_what_it_may_at_every_phase(rules: str, seed: int) -> None:
    seen_phases = set()
    for step, r in phases(rules, seed):
        seen_phases.add(r.phase)
        stacks = r.deal_record.stacks
        hands = dealt_hands(r)
        shown = shown_positions(r)
        pub, dealer, op = public_view(r), dealer_view(r), operator_view(r)
        assert [round_view(r, v) for v in VIEWERS] == [pub, dealer, op]
        where = f"{rules} {seed} {step}"
        # the operator: everything
        assert op["deal"]["stacks"] == (str(stacks) if stacks is not None else None), where
        assert op["deal"]["hands"] == (hands or None), where
        assert [x is not None for x in op["settings"]] == [x is not None for x in r.state.settings], where
        # the dealer: every tile dealt, the stacks once the round is over
        assert dealer["deal"]["stacks"] == (str(stacks) if r.phase is Phase.SETTLED else None), where
        assert dealer["deal"]["hands"] == op["deal"]["hands"], where
        assert dealer["settings"] == op["settings"] and dealer["result"] == op["result"], where
        # the public: no stack order, no tile face down
        text = json.dumps(pub, ensure_ascii=False)
        assert pub["deal"]["stacks"] is None, where
        if stacks is not None:
            assert str(stacks) not in text, where
        assert set(pub["deal"]["hands"] or {}) == {str(p) for p in shown} & set(hands), where
        for p, h in hands.items():
            if int(p) not in shown:
                assert pub["settings"][int(p)] is None and pub["ways"][int(p)] is None, where
                if pub["result"] is not None:
                    assert all(x["tiles"] is None for x in pub["result"]["positions"] if x["position"] == int(p))
        # what every viewer sees alike
        for key in ("phase", "banker", "shares", "bank", "bets", "frozen", "playing", "holders", "set"):
            assert pub[key] == dealer[key] == op[key], (where, key)
    assert seen_phases == set(Phase)


def test_the_banker_is_turned_before_the_players() -> None:
    for step, r in phases("macau", 4):
        if step == "banker set":
            pub = public_view(r)
            assert set(pub["deal"]["hands"]) == {"0"} and pub["settings"][0] is not None
            assert pub["settings"][1] is None   # set, but face down until the dealer turns it


def test_an_unknown_viewer_is_refused() -> None:
    with pytest.raises(TypeError, match="unknown viewer 'player'"):
        round_view(Round(0, seed=1), "player")  # type: ignore[arg-type]


def test_fish_prawn_crab_shows_the_same_to_everyone_at_every_phase() -> None:
    t = PccTable({"game": "pcc"})
    steps = [{"action": "place", "spot": "big", "stake": 100, "player": "Ana"},
             {"action": "place", "spot": "figure:crab", "stake": 20, "player": "Bo"},
             {"action": "close_betting"}, {"action": "void_roll", "reason": "tilted"},
             {"action": "close_betting"}, {"action": "settle", "roll": "crab crab fish"}, {"action": "new_round"}]
    phases_seen = {t.view()["round"]["phase"]}
    for a in steps:
        t.apply(a)
        assert t.view(public=True) == t.view(public=False)
        phases_seen.add(t.view()["round"]["phase"])
    assert phases_seen == {p.value for p in __import__("pcc").Phase}
