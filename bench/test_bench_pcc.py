"""Benchmark: settling a large Fish-Prawn-Crab slip.

Run from the repository root::

    PYTHONPATH=. python -m pytest bench/test_bench_pcc.py

One group, three ways of settling the same 10,000 mixed bets against one roll:

- ``pcc.settle`` on :class:`pcc.Bet` values (payouts of all 39 spots on each of the
  56 distinct rolls are worked out once, at import);
- ``pcc.settle`` on the bets' text forms, parsing every bet first (what a tool
  reading ``spot=stake`` lines pays);
- a plain baseline that re-derives each bet from the dice with an if-chain.

Each reports ``bets_per_second`` in ``extra_info``; the table's ratio column compares
them. No timing is asserted.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pcc import ALL_SPOTS, Bet, BetKind, Roll, settle

SLIP_SIZE = 10_000
ROLL = Roll.parse("prawn-crab-crab")  # wins for figure, colour, total and big bets
GROUP = f"settle a slip of {SLIP_SIZE:,} mixed bets"

_TOTAL_PAYS = {4: 50, 17: 50, 5: 18, 16: 18, 6: 14, 15: 14, 7: 12, 14: 12, 8: 8, 13: 8, 9: 6, 10: 6, 11: 6, 12: 6}


def make_slip(n: int = SLIP_SIZE, seed: int = 0) -> list[Bet]:
    rng = random.Random(seed)
    return [Bet(rng.choice(ALL_SPOTS), rng.randint(1, 10_000)) for _ in range(n)]


def naive_settle(bets: list[Bet], roll: Roll) -> tuple[list[tuple[bool, int, int, int]], int]:
    """Settle each bet from scratch: look at the dice again for every bet."""
    lines = []
    house = 0
    for bet in bets:
        numbers = [f.number for f in roll.dice]
        colours = [f.colour for f in roll.dice]
        total = sum(numbers)
        triple = numbers[0] == numbers[1] == numbers[2]
        kind, target, stake = bet.spot.kind, bet.spot.target, bet.stake
        if kind is BetKind.SMALL:
            pays = 1 if 4 <= total <= 10 and not triple else 0
        elif kind is BetKind.BIG:
            pays = 1 if 11 <= total <= 17 and not triple else 0
        elif kind is BetKind.FIGURE:
            pays = sum(1 for f in roll.dice if f is target)
        elif kind is BetKind.COLOUR1:
            pays = 1 if colours.count(target) == 1 else 0  # type: ignore[arg-type]
        elif kind is BetKind.COLOUR2:
            pays = 3 if colours.count(target) == 2 else 0  # type: ignore[arg-type]
        elif kind is BetKind.COLOUR3:
            pays = 20 if colours.count(target) == 3 else 0  # type: ignore[arg-type]
        elif kind is BetKind.ANY_COLOUR3:
            pays = 7 if colours[0] is colours[1] is colours[2] else 0
        elif kind is BetKind.TRIPLE:
            pays = 150 if triple and roll.dice[0] is target else 0
        elif kind is BetKind.ANY_TRIPLE:
            pays = 24 if triple else 0
        else:
            pays = _TOTAL_PAYS[total] if total == target else 0
        if pays:
            lines.append((True, stake * pays, stake * (1 + pays), stake * pays))
            house -= stake * pays
        else:
            lines.append((False, 0, 0, -stake))
            house += stake
    return lines, house


@pytest.fixture(scope="module")
def slip() -> list[Bet]:
    return make_slip()


def test_settle_bets(measure: Any, slip: list[Bet]) -> None:
    result = measure(lambda: settle(slip, ROLL), items=SLIP_SIZE, unit="bets", path="engine", group=GROUP,
                     rounds=20)
    assert len(result.lines) == SLIP_SIZE
    assert result.player_net + result.house_result == 0


def test_settle_text(measure: Any, slip: list[Bet]) -> None:
    texts = [str(b) for b in slip]
    result = measure(lambda: settle(texts, ROLL), items=SLIP_SIZE, unit="bets", path="engine", group=GROUP,
                     rounds=10)
    assert [line.bet for line in result.lines] == slip


def test_settle_naive_baseline(measure: Any, slip: list[Bet]) -> None:
    lines, house = measure(lambda: naive_settle(slip, ROLL), items=SLIP_SIZE, unit="bets", path="python",
                           group=GROUP, rounds=10)
    assert house == settle(slip, ROLL).house_result


# -- a round's record: write it and replay it ------------------------------------------------

RECORD_BETS = 1_000
RECORD_GROUP = f"write and replay the record of a round of {RECORD_BETS:,} bets"


@pytest.fixture(scope="module")
def settled_round() -> Any:
    from pcc import Round

    rnd = Round()
    for bet in make_slip(RECORD_BETS, seed=1):
        rnd.place(bet)
    rnd.close_betting()
    rnd.void_roll("tilted")
    rnd.close_betting()
    rnd.settle(ROLL)
    return rnd


def test_record_round_trip(measure: Any, settled_round: Any) -> None:
    """Round -> JSON text -> schema check -> replay of every event -> settlement checked."""
    from pcc import Round

    again = measure(lambda: Round.from_json(settled_round.to_json()), items=RECORD_BETS, unit="bets",
                    path="engine", group=RECORD_GROUP, rounds=10)
    assert again == settled_round


def test_record_plain_json_baseline(measure: Any, settled_round: Any) -> None:
    """The floor: the same record through json.dumps and json.loads, with no check and no replay."""
    import json

    record = settled_round.to_record()
    again = measure(lambda: json.loads(json.dumps(record)), items=RECORD_BETS, unit="bets", path="python",
                    group=RECORD_GROUP, rounds=10)
    assert again == record
