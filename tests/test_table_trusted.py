"""Checked once, then trusted: the table checks tiles where they come in (the shuffle of the deck,
the text of a record, the tiles a dealer enters) and then carries them as trusted values, so a
simulated round parses no tile text and replaying its record parses each tile field once.

The caps below are the numbers reached (measured before: 24 ``parse_tiles`` calls to play one
simulated round, 43 to replay its record)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

import paigow.tiles
from paigow.errors import IllegalActionError, InvalidHandError, TileCopiesError
from paigow.table import Round, simulate_round, simulated_round
from paigow.table.dealing import Deal, Stacks
from paigow.table.records import replay_round, replay_session, round_record, session_record
from paigow.table.session import Session
from paigow.tiles import DECK

SIMULATED_ROUND = 0   # the shuffle reorders the deck; deals, settings and outcomes reuse checked tiles
REPLAYED_RECORD = 2   # the record's stacks text and its deal text, once each


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """Count every call of ``paigow.tiles.parse_tiles``, however a module imported it."""
    simulate_round(0)                       # strategies loaded and kernels warm before counting
    original = paigow.tiles.parse_tiles
    calls = [0]

    def counting(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    for name, module in list(sys.modules.items()):
        if (name == "paigow" or name.startswith("paigow.")) and getattr(module, "parse_tiles", None) is original:
            monkeypatch.setattr(module, "parse_tiles", counting)

    def count() -> int:
        n, calls[0] = calls[0], 0
        return n

    return count


@pytest.mark.parametrize("seed", range(6))
def test_a_simulated_round_and_its_replay_parse_tiles_at_most_the_caps(parses: Callable[[], int], seed: int) -> None:
    r = simulated_round(seed, house_stake=300 if seed % 2 else None)
    assert parses() <= SIMULATED_ROUND
    record = round_record(r)
    assert parses() == 0                    # writing a record parses nothing
    again = replay_round(record)
    assert parses() <= REPLAYED_RECORD
    assert again == r and again.result == r.result


def test_a_dealer_entered_round_parses_the_entered_tiles_once(parses: Callable[[], int]) -> None:
    r = Round(0, seed=4)
    r.set_stake(1000)
    r.bet(1, 100, "ann")
    r.bet(3, 200)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3", 3: "天 天 地 地"})
    assert parses() == 1
    r.expose(3, "天")
    r.set_hand(1, 0, by="ann")
    r.set_hand(3, "1-1 1-1 | 6-6 6-6")     # the canonical text of one of the three settings
    assert parses() == 0
    r.set_hand(3, "天 天 | 地 地")           # other text is read as a setting, once
    assert parses() == 1
    r.settle("max-back")
    assert parses() == 0
    replay_round(round_record(r))
    assert parses() == 1                    # the deal's text; every setting is canonical


def test_a_session_replay_parses_each_round_once_per_tile_field(parses: Callable[[], int]) -> None:
    s = Session(2, seed=9, house_stake=100)
    for stake in (800, None):
        r = s.start_round(stake)
        r.bet(3, 100), r.bet(5, 40, "bo")
        r.shuffle(), r.cut(4, 3), r.shake(), r.deal(), r.settle("equilibrium")
        s.end_round()
    assert parses() == 0
    assert replay_session(session_record(s)) == s
    assert parses() <= 2 * REPLAYED_RECORD


def test_what_comes_in_is_still_checked() -> None:
    good = Stacks.from_tiles(DECK)
    twice = (good.stacks[0],) * 8
    with pytest.raises(TileCopiesError, match=r"the stacks: too many 6-6"):
        Stacks(twice)
    with pytest.raises(TileCopiesError, match=r"the deal: too many 6-6"):
        Deal(twice)
    with pytest.raises(TileCopiesError, match=r"too many 6-6 \(天\): 3 given"):
        Deal.from_hands({0: "天 天 地 地", 3: "天 人 人 鹅"})
    with pytest.raises(TypeError):
        Deal.from_stacks(twice, 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"unknown first position 9"):
        Deal.from_hands({0: "天 天 地 地"}, first=9)
    r = Round(0, seed=1)
    r.set_stake(1000)
    r.bet(1, 100)
    r.deal({0: "5-5 4-4 3-3 2-5", 1: "1-6 1-4 4-5 1-3"})
    with pytest.raises(InvalidHandError, match=r"is not a setting of position 1's tiles"):
        r.set_hand(1, "天 天 | 地 地")
    assert Deal.parse(str(r.deal_record.deal)) == r.deal_record.deal
    assert Stacks.parse(str(good)) == good and good.cut(3).cut(5) == good
