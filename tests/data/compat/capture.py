"""Write the golden files of tests/test_compat.py: round and session records made with the
library (fixed seeds) with what their replay gives, and the service's answers to a fixed
sequence of requests.

Run once, on the tree whose behaviour is the reference (main before redesign 2), from the
repository's root::

    PYTHONPATH=$PWD:$PWD/tests python tests/data/compat/capture.py

Never re-run it to make tests/test_compat.py pass: the files it writes are the promise that
records and the API stay byte-for-byte what they were.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


# -- Pai Gow round and session records ---------------------------------------------------------------
def _macau_round() -> dict[str, Any]:
    """Macau: house co-bank, front and backline bets, a void shake, exposed tiles, commission."""
    from paigow.table import Round
    from paigow.table.records import round_record

    r = Round(0, seed=11, players=["boss", "amy", "bo", "cy", "di", "ed", "fu", "gu"])
    r.set_stake(2000)
    r.co_bank("house", 1000)
    r.bet(1, 100)
    r.bet(1, 300, "ann")             # a backline bet on position 1
    r.bet(3, 250)
    r.bet(5, 150, "zed")             # a backline bet on a position nobody sits at
    r.bet(6, 400)
    r.declare("4 dice")
    r.shuffle()
    r.cut(3, 2)
    r.shake((1, 2, 6, 6), void="tilted")
    r.shake((3, 5, 6, 2))
    r.deal()
    r.expose(3)                      # one tile of position 3 seen: play on
    r.set_hand(1, 1, "ann")
    r.set_hand(3, 0)
    r.set_hand(5, 2, "zed")
    r.set_hand(6, 2, strategy="max-back")
    r.turn()
    r.set_hand(0, 1)
    r.settle()
    return round_record(r, seed=11)


def _macau_round_exposed_out() -> dict[str, Any]:
    """Macau: two tiles of a position exposed (its players sit out), strategies, half-even rounding."""
    from paigow.table import Round
    from paigow.table.records import round_record
    from paigow.table.settlement import Options

    r = Round(2, seed=5, options=Options("1/20", "half-even"))
    r.set_stake(1500)
    r.bet(0, 200)
    r.bet(4, 100)
    r.bet(0, 50, "ann")              # a backline bettor of 0 sits out with it
    r.bet(7, 300)
    r.shuffle()
    r.shake((2, 2, 4, 5))
    r.deal()
    r.expose(0)
    r.expose(0)                      # two of position 0: its players take no part (Art. 2.3)
    r.settle("max-back", "equilibrium")
    return round_record(r, seed=5)


def _simulated_rounds() -> list[tuple[str, dict[str, Any]]]:
    from paigow.table.records import round_record
    from paigow.table.round import simulated_round
    from paigow.table.settlement import Options

    out = []
    for name, kwargs in (
        ("macau-simulated", dict(seed=7, banker=3, bets={0: 100, 1: 200, 5: 300}, house_stake=400)),
        ("macau-simulated-no-commission", dict(seed=8, options=Options(0), strategy="max-back")),
        ("us-simulated", dict(seed=9, rules="us", bets={1: 100, 2: 250, 6: 75})),
        ("us-simulated-paid", dict(seed=10, rules="us", strategy="us-equilibrium-paid", banker_strategy="max-back")),
    ):
        r = simulated_round(**kwargs)  # type: ignore[arg-type]
        out.append((name, round_record(r, seed=kwargs["seed"])))  # type: ignore[arg-type]
    return out


def _us_round() -> dict[str, Any]:
    """US: the house banks by the house way, a foul re-set by the way, a player asks for the way."""
    from paigow.table import Round
    from paigow.table.records import round_record

    r = Round(0, rules="us", seed=1, live=True)
    r.set_stake(1000)
    r.bet(1, 100)
    r.bet(2, 50)
    r.bet(2, 70, "bob")
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "6-6 6-6 4-4 1-2", 2: "1-3 1-3 2-2 5-6"})
    r.set_hand(1, "6-6 6-6 | 4-4 1-2", "P1")
    r.house_way(2, "bob")
    r.settle()
    return round_record(r)


def _us_player_bank_round() -> dict[str, Any]:
    from paigow.table import Round
    from paigow.table.records import round_record

    r = Round(3, rules="us", house_banks=False, seed=2)
    r.set_stake(800)
    r.bet(1, 300)
    r.bet(6, 200)
    r.shuffle()
    r.shake((4, 5, 6))
    r.deal()
    r.set_hand(1, 0)
    r.set_hand(6, 2)
    r.set_hand(3, 1)
    r.settle()
    return round_record(r, seed=2)


def _play(s: Any, stake: int | None, bets: dict[int, Any], *, expose: int | None = None) -> None:
    r = s.start_round(stake)
    for p, a in bets.items():
        if isinstance(a, tuple):
            r.bet(p, *a)
        else:
            r.bet(p, a)
    r.shuffle(), r.shake(), r.deal()
    if expose is not None:
        r.expose(expose)
    for p in r.active:
        r.set_hand(p, p % 3)
    if not r.way_sets_banker:
        r.set_hand(r.banker, 0)
    r.settle()
    s.end_round()


def _macau_session() -> dict[str, Any]:
    from paigow.table import Session
    from paigow.table.records import session_record

    s = Session(0, seed=21, house_stake=3000)
    _play(s, 1000, {1: 100, 2: (200, "kim"), 4: 150}, expose=4)
    _play(s, None, {3: 100, 7: 300})
    s.pass_bank()
    s.decline()
    s.accept()
    _play(s, 500, {0: 100, 6: (50, "lou")})
    return session_record(s)


def _us_session() -> dict[str, Any]:
    from paigow.table import Session
    from paigow.table.records import session_record

    s = Session(0, rules="us", seed=9, house_stake=5000)
    _play(s, 1000, {1: 100, 4: (100, "max")})
    s.accept(with_house=True)
    _play(s, 200, {4: 100})
    _play(s, 1000, {4: 100, 5: 60})
    s.decline()
    _play(s, None, {2: 100, 3: (40, "ned")})
    return session_record(s)


def paigow_records() -> dict[str, dict[str, Any]]:
    records = {
        "macau-round": _macau_round(),
        "macau-round-exposed-out": _macau_round_exposed_out(),
        "us-round-foul-house-way": _us_round(),
        "us-round-player-bank": _us_player_bank_round(),
    }
    records.update(_simulated_rounds())
    records["macau-session"] = _macau_session()
    records["us-session"] = _us_session()
    return records


# -- Fish-Prawn-Crab round records ------------------------------------------------------------------
def pcc_records() -> dict[str, dict[str, Any]]:
    from pcc import Round
    from pcc.record import round_to_record

    out = {}
    r = Round()
    r.place("big=100"), r.place("figure:crab=50"), r.place("triple:any=10"), r.place("colour2:green=30")
    r.withdraw(2)
    r.close_betting(), r.void_roll("stacked")
    r.place("total:9=20")
    r.close_betting()
    r.settle("crab fish crab")
    out["pcc-2004"] = round_to_record(r)
    r = Round("1996", new_bets_after_void=False)
    r.place("small=500"), r.place("triple:fish=5"), r.place("colour3:any=40")
    r.close_betting(), r.void_roll("tilted"), r.close_betting()
    r.settle("5 1 5")
    out["pcc-1996"] = round_to_record(r)
    r = Round(automatic_bell=False)
    r.place("figure:prawn=70"), r.place("figure:coin=1")
    r.close_betting()
    r.settle("prawn coin prawn", source="secure")
    out["pcc-secure"] = round_to_record(r)
    return out


def write_records() -> None:
    from test_compat import _cwd_independent, paigow_replay, pcc_replay

    folder = HERE / "records"
    folder.mkdir(exist_ok=True)
    for name, record in {**paigow_records(), **pcc_records()}.items():
        (folder / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        replay = pcc_replay if name.startswith("pcc") else paigow_replay
        answers = _cwd_independent(replay(folder / f"{name}.json"), folder / f"{name}.json")
        (folder / f"{name}.replay.json").write_text(json.dumps(answers, ensure_ascii=False, indent=1) + "\n",
                                                     encoding="utf-8")


def write_api() -> None:
    from test_compat import REQUESTS, api_answers

    answers = api_answers(REQUESTS)
    again = api_answers(REQUESTS)
    if answers != again:
        raise SystemExit("the service's answers differ between two runs: strip what is random")
    (HERE / "api.json").write_text(json.dumps(answers, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    random.seed(0)
    what = sys.argv[1:] or ["records", "api"]
    if "records" in what:
        write_records()
    if "api" in what:
        write_api()
