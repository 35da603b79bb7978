"""The home game's table (paigow.table.home, docs/home-table.md): whole shuffles played with a
seed, the money balancing, several bettors a door, the second round's seen tiles and advice, the
two-tile game, the bank kept and rotated, records and replay, bad inputs refused with codes, and
the settlement held against a plain-Python computation from docs/rules.md Part 4."""

from __future__ import annotations

import ast
import copy
import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import jsonschema
import pytest

import paigow
from paigow.errors import IllegalActionError, IllegalBetError, IllegalHandError, InvalidOptionError, \
    InvalidRecordError, PaigowError
from paigow.rules import HOME, MACAU
from paigow.setting import Setting
from paigow.table.home import HomePhase, HomeShuffle
from paigow.table.home_records import HOME_SCHEMA, home_record, read_home_record, replay_home
from paigow.table.home_settle import DoorPlay, hand_result
from paigow.table.records import schema_text
from paigow.table.round import Round
from paigow.table.settlement import Bet, Options, Play, Share, settle
from paigow.tiles import DECK

import reference_home as ref

ROOT = Path(__file__).resolve().parent.parent
PAID = HOME.replace(name="home-4pct", commission=Fraction(1, 25))
HALVES = HOME.replace(name="home-halves", payout="halves")
KEEPS = HOME.replace(name="home-keeps", bank="winner-keeps")
DICE = HOME.replace(name="home-dice", dice=2, commission=Fraction(1, 25))
TWO = HOME.replace(name="home-two", tiles_per_hand=2)
ONE = HOME.replace(name="home-one", rounds_per_shuffle=1)
NEUTRAL = HOME.replace(name="home-neutral", copies="neutral")
VALIDATOR = jsonschema.Draft202012Validator(json.loads((ROOT / "paigow" / "schemas" / "home.json").read_text("utf-8")))


def balanced(t: HomeShuffle) -> None:
    for r in t.results:
        assert sum(r.ledger.changes.values()) + r.ledger.commission == 0


def bets(t: HomeShuffle, rng: random.Random) -> None:
    if t.rules.bank == "winner-keeps":
        t.put_bank(10_000)
    for _ in range(rng.randint(1, 6)):
        name = rng.choice(["ann", "bob", "cy", "dee", "eve"])
        if name != t.banker:
            t.bet(rng.randint(1, 3), name, rng.randint(1, 900))
    if not t.bets:
        t.bet(1, "zed", 10)


def play_shuffle(rules: Any, seed: int, banker: str = "house") -> HomeShuffle:
    rng = random.Random(seed)
    t = HomeShuffle(rules, banker, seed=seed)
    for rnd in range(t.rules.rounds_per_shuffle):
        if rnd:
            t.next_round()
        bets(t, rng)
        if rnd == 0:
            t.shuffle()
        if t.rules.dice:
            t.shake()
        t.deal()
        if t.rules.tiles_per_hand == 4:
            t.play("max-front")
        t.settle()
    return t


# -- whole shuffles ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [HOME, PAID, HALVES, KEEPS, DICE, TWO, ONE, NEUTRAL])
def test_a_whole_shuffle_with_a_seed_balances_and_replays(rules: Any) -> None:
    for seed in range(6):
        banker = "ann" if rules.bank == "winner-keeps" else "house"
        t = play_shuffle(rules, seed, banker)
        assert t.phase is HomePhase.OVER and len(t.results) == rules.rounds_per_shuffle
        balanced(t)
        assert home_record(t) == home_record(play_shuffle(rules, seed, banker))   # the seed reproduces
        record = home_record(t)
        VALIDATOR.validate(json.loads(json.dumps(record)))
        again = replay_home(json.loads(json.dumps(record)))
        assert home_record(again) == record
        assert [r.ledger for r in again.results] == [r.ledger for r in t.results]
        tiles = [x for r in t.results for h in r.hands.values() for x in h]
        assert len(tiles) == rules.rounds_per_shuffle * 4 * rules.tiles_per_hand
        assert sorted(map(str, tiles)) == sorted(map(str, t.row[:len(tiles)]))   # each tile dealt once


def test_no_dice_the_doors_take_their_stacks_in_order_and_dice_pick_the_first() -> None:
    t = HomeShuffle(seed=1)
    t.bet(1, "ann", 5)
    row = t.shuffle()
    hands = t.deal()
    assert [hands[p] for p in (1, 2, 3, 0)] == [row[0:4], row[4:8], row[8:12], row[12:16]]
    d = HomeShuffle(DICE, seed=1)
    d.bet(2, "ann", 5)
    row = d.shuffle()
    d.shake((3, 4))   # 7, counting the banker as 1: position 2 takes the first stack
    hands = d.deal()
    assert [hands[p] for p in (2, 3, 0, 1)] == [row[0:4], row[4:8], row[8:12], row[12:16]]


def test_the_shuffle_is_secure_by_default() -> None:
    rows = {HomeShuffle().shuffle() for _ in range(3)}
    assert len(rows) == 3 and HomeShuffle().seed is None   # 32!/2^8 orders: never twice by chance
    assert HomeShuffle(seed=4).shuffle() == HomeShuffle(seed=4).shuffle()


# -- several bettors a door ---------------------------------------------------------------------------
def test_several_bettors_on_a_door_its_largest_holds_and_all_are_settled() -> None:
    t = HomeShuffle(PAID, seed=4, live=True)
    for door, who, amount in ((1, "ann", 100), (1, "bob", 150), (1, "ann", 100), (2, "cy", 40), (2, "dee", 40)):
        t.bet(door, who, amount)
    assert t.holder(1) == "ann" and t.holder(2) == "cy" and t.holder(3) is None   # 200 > 150; first on equal
    t.shuffle()
    hands = t.deal()
    with pytest.raises(IllegalActionError) as e:
        t.set_hand(1, 0, by="bob")
    assert e.value.code == "home.holder"
    with pytest.raises(IllegalActionError) as e:
        t.set_hand(3, 0, by="eve")
    assert e.value.code == "home.unheld"
    t.set_hand(1, 0, by="ann")
    t.set_hand(2, str(paigow.settings(hands[2], HOME)[2]), by="cy")
    t.set_hand(0, 1, by="house")
    r = t.settle()
    units = r.units[1]
    assert r.ledger.result_at(1, "bob") == (150 * units - (Options("4%").commission_on(150) if units > 0 else 0))
    assert set(r.units) == {1, 2}
    balanced(t)


# -- the second round: seen tiles and advice ---------------------------------------------------------
def test_the_second_round_sees_the_first_round_s_16_tiles_and_advice_uses_them() -> None:
    t = play_shuffle(HOME, 11)
    first = [x for h in t.results[0].hands.values() for x in h]
    assert sorted(map(str, t.seen_tiles())) == sorted(map(str, first)) and len(first) == 16
    t2 = HomeShuffle(PAID, seed=12)
    t2.bet(1, "ann", 10)
    t2.shuffle()
    t2.deal()
    assert t2.seen_tiles() == () and t2.advice(1).opponent_hands == 20475   # nothing seen: C(28, 4)
    t2.play("max-front")
    t2.settle()
    t2.next_round()
    t2.bet(2, "bob", 10)
    hands = t2.deal()
    seen = t2.seen_tiles()
    assert sorted(map(str, seen)) == sorted(str(x) for h in t2.results[0].hands.values() for x in h)
    a = t2.advice(2)
    b = paigow.advise(hands[2], "player", "max-front", commission=Fraction(1, 25), rules=PAID, seen=seen)
    assert a == b and a.opponent_hands == 495   # C(12, 4): the other side's four of the 12 unknown tiles
    banker = t2.advice(0)
    assert banker == paigow.advise(hands[0], "banker", "max-front", rules=PAID, seen=seen)


# -- the two-tile game ------------------------------------------------------------------------------
def test_the_two_tile_game_deals_eight_a_round_and_compares_one_hand() -> None:
    t = HomeShuffle(TWO, seed=5)
    t.bet(1, "ann", 10)
    t.bet(3, "bob", 20)
    row = t.shuffle()
    hands = t.deal()
    assert [hands[p] for p in (1, 2, 3, 0)] == [row[0:2], row[2:4], row[4:6], row[6:8]]
    with pytest.raises(IllegalActionError) as e:
        t.set_hand(1, 0)
    assert e.value.code == "home.no_setting"
    with pytest.raises(IllegalActionError) as e:
        t.advice(1)
    assert e.value.code == "home.no_setting"
    r = t.settle()
    for d in (1, 3):
        key = ref.hand_key(*(DECK.index(x) for x in hands[d]))
        bank = ref.hand_key(*(DECK.index(x) for x in hands[0]))
        assert r.units[d] == ref.half(key, bank, False, True)
    t.next_round()
    t.bet(2, "cy", 5)
    t.deal()
    assert len(t.seen_tiles()) == 8
    with pytest.raises(InvalidOptionError):
        HOME.replace(name="x", tiles_per_hand=2, payout="halves")
    with pytest.raises(InvalidOptionError) as e2:
        Round(0, rules=MACAU.replace(name="m2", tiles_per_hand=2))
    assert e2.value.code == "rules.table"


# -- the bank --------------------------------------------------------------------------------------------
def rigged(rules: Any, banker_wins: bool) -> HomeShuffle:
    """A shuffle whose first round the banker wins (or loses): 至尊 and 天 pair against small tiles."""
    strong = ["1-2", "2-4", "6-6", "6-6"]
    weak = ["2-3", "1-4", "2-5", "3-4", "2-6", "3-5", "1-6", "5-6", "4-5", "3-6", "1-5", "4-6"]
    rest = [str(x) for x in DECK]
    for x in strong + weak:
        rest.remove(x)
    door_tiles = weak
    bank = strong
    if not banker_wins:  # the banker's seat gets the weak tiles, door 1 the strong ones
        door_tiles = strong + weak[4:]
        bank = weak[:4]
    t = HomeShuffle(rules, "ann", seed=0)
    t.put_bank(1000)
    t.bet(1, "bob", 100)
    t.bet(2, "cy", 50)
    t.shuffle(door_tiles + bank + rest)
    t.deal()
    t.play("max-front")
    return t


def test_a_player_s_bank_is_kept_after_a_profit_and_rotated_after_a_loss() -> None:
    t = rigged(KEEPS, banker_wins=True)
    r = t.settle()
    assert r.banker_result > 0 and t.next_banker() == "ann" and t.next_round() == "ann"
    t = rigged(KEEPS, banker_wins=False)
    r = t.settle()
    assert r.banker_result < 0 and t.next_round() == "bob"   # 初門's holder takes the bank
    assert t.banker == "bob" and t.bank is None
    with pytest.raises(IllegalBetError) as e:
        t.bet(1, "cy", 10)
    assert e.value.code == "home.bank"   # the new banker puts up his bank first
    t.put_bank(30)
    with pytest.raises(IllegalBetError) as e:
        t.bet(1, "bob", 10)
    assert e.value.code == "home.banker_bets"
    with pytest.raises(IllegalBetError) as e:
        t.bet(1, "cy", 31)
    assert e.value.code == "home.cover"
    t.bet(1, "cy", 30)
    t.deal()
    t.play("max-front")
    t.settle()
    nxt = t.next_shuffle(seed=9)
    assert nxt.banker == t.next_banker() and nxt.round == 1
    house = play_shuffle(HOME, 3)
    assert {r.banker for r in house.results} == {"house"}


def test_halves_cover_three_times_the_bets() -> None:
    t = HomeShuffle(HALVES.replace(name="hk", bank="winner-keeps"), "ann")
    t.put_bank(300)
    t.bet(1, "bob", 100)
    with pytest.raises(IllegalBetError) as e:
        t.bet(2, "bob", 1)
    assert e.value.code == "home.cover"


# -- a live table ------------------------------------------------------------------------------------
def test_a_live_table_refuses_a_strategy_and_an_unnamed_setter() -> None:
    t = HomeShuffle(live=True, seed=2)
    t.bet(1, "ann", 10)
    t.shuffle()
    t.deal()
    before = home_record(t)
    for call, code in ((lambda: t.set_hand(1, strategy="max-front"), "home.strategy"),
                       (lambda: t.play("max-front"), "home.strategy"),
                       (lambda: t.set_hand(1, 0), "home.holder"),
                       (lambda: t.set_recorded(1, "1-1 1-1 | 1-1 1-1", strategy="max-front"), "home.strategy")):
        with pytest.raises(IllegalActionError) as e:
            call()
        assert e.value.code == code
    assert home_record(t) == before


# -- bad inputs: refused with a code, nothing changed ---------------------------------------------------
def _dealt() -> HomeShuffle:
    t = HomeShuffle(seed=8)
    t.bet(1, "ann", 10)
    t.shuffle()
    t.deal()
    return t


CASES: list[tuple[Callable[[], HomeShuffle], Callable[[HomeShuffle], object], type, str]] = [
    (HomeShuffle, lambda t: t.bet(4, "ann", 10), IllegalActionError, "home.door"),
    (HomeShuffle, lambda t: t.bet(0, "ann", 10), IllegalActionError, "home.door"),
    (HomeShuffle, lambda t: t.bet(1, "ann", 0), IllegalBetError, "amount.not_positive"),
    (HomeShuffle, lambda t: t.bet(1, "house", 5), IllegalBetError, "name.reserved"),
    (HomeShuffle, lambda t: t.put_bank(100), IllegalActionError, "home.bank"),
    (HomeShuffle, lambda t: t.deal(), IllegalActionError, "home.phase"),
    (HomeShuffle, lambda t: t.shake(), IllegalActionError, "home.no_dice"),
    (HomeShuffle, lambda t: t.shuffle("天 地"), IllegalHandError, None),
    (HomeShuffle, lambda t: t.settle(), IllegalActionError, "home.phase"),
    (HomeShuffle, lambda t: t.next_round(), IllegalActionError, "home.phase"),
    (HomeShuffle, lambda t: t.next_banker(), IllegalActionError, "home.phase"),
    (lambda: _then(HomeShuffle(), lambda t: t.shuffle()), lambda t: t.deal(), IllegalActionError, "home.no_bets"),
    (lambda: _then(HomeShuffle(DICE), lambda t: (t.bet(1, "a", 1), t.shuffle())), lambda t: t.deal(),
     IllegalActionError, "home.phase"),
    (lambda: _then(HomeShuffle(DICE), lambda t: (t.bet(1, "a", 1), t.shuffle())), lambda t: t.shake((7, 1)),
     IllegalActionError, "dice.invalid"),
    (_dealt, lambda t: t.bet(1, "bob", 10), IllegalActionError, "home.phase"),
    (_dealt, lambda t: t.shuffle(), IllegalActionError, "home.phase"),
    (_dealt, lambda t: t.settle(), IllegalActionError, "home.unset"),
    (_dealt, lambda t: t.set_hand(1, 3), IllegalHandError, "home.setting"),
    (_dealt, lambda t: t.set_hand(1, "1-2 2-4 | 6-6 6-6" if str(t.hands[1][0]) != "1-2" else "1-1 1-1 | 3-3 3-3"),
     IllegalHandError, "home.setting"),
    (_dealt, lambda t: t.set_hand(1), IllegalActionError, "home.setting"),
    (_dealt, lambda t: t.set_hand(1, 0, strategy="max-front"), IllegalActionError, "home.strategy"),
    (_dealt, lambda t: t.set_hand(1, strategy="no-such"), PaigowError, None),
    (_dealt, lambda t: t.set_hand(2, 0), IllegalActionError, "home.unheld"),
    (_dealt, lambda t: t.advice(5), IllegalActionError, "home.door"),
    (lambda: _then(_dealt(), lambda t: t.set_hand(1, 0)), lambda t: t.set_hand(1, 1), IllegalActionError,
     "home.set_twice"),
]


def _then(t: HomeShuffle, f: Callable[[HomeShuffle], object]) -> HomeShuffle:
    f(t)
    return t


@pytest.mark.parametrize("make, action, cls, code", CASES)
def test_a_bad_input_is_refused_with_its_code_and_nothing_changes(make: Any, action: Any, cls: type,
                                                                   code: "str | None") -> None:
    t = make()
    before = (home_record(t), t.phase, t.bets, t.hands, t.settings)
    with pytest.raises(cls) as e:
        action(t)
    if code is not None:
        assert e.value.code == code
    assert (home_record(t), t.phase, t.bets, t.hands, t.settings) == before


def test_a_rule_set_or_banker_the_home_table_does_not_deal_is_refused() -> None:
    for rules, banker, code in ((MACAU, "house", "home.rules"), (HOME, "ann", "home.banker"),
                                (KEEPS, "house", "home.banker")):
        with pytest.raises(InvalidOptionError) as e:
            HomeShuffle(rules, banker)
        assert e.value.code == code


# -- records -----------------------------------------------------------------------------------------
def test_the_shipped_schema_is_the_generated_one() -> None:
    assert (ROOT / "paigow" / "schemas" / "home.json").read_text(encoding="utf-8") == schema_text(HOME_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(HOME_SCHEMA)


def test_a_live_record_round_trips_as_text() -> None:
    t = HomeShuffle(KEEPS, "ann", live=True, seed=21)
    t.put_bank(500)
    t.bet(1, "bob", 100)
    t.shuffle()
    hands = t.deal()
    t.set_hand(1, 0, by="bob")
    t.set_hand(0, Setting(*[paigow.Hand(*hands[0][:2]), paigow.Hand(*hands[0][2:])]), by="ann")
    t.settle()
    text = json.dumps(home_record(t), ensure_ascii=False)
    assert home_record(read_home_record(text)) == home_record(t)


def _bad(record: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    change(out)
    return out


def test_a_bad_record_is_refused_naming_the_event() -> None:
    record = home_record(play_shuffle(KEEPS, 2, "ann"))
    events = record["events"]
    i_deal = next(i for i, e in enumerate(events) if e["event"] == "deal")
    i_set = next(i for i, e in enumerate(events) if e["event"] == "set")
    i_next = next(i for i, e in enumerate(events) if e["event"] == "next_round")
    cases = [
        (lambda r: r["events"][1].update(door=3, amount=10**9), f"events[1] (bet)", "home.cover"),
        (lambda r: r["events"][i_deal]["hands"].update({"1": "6-6 6-6 1-1 1-1"}), f"events[{i_deal}] (deal)",
         "home.replay"),
        (lambda r: r["events"][i_set].update(setting="1-1 1-1 | 6-6 6-6"), f"events[{i_set}] (set)", None),
        (lambda r: r["events"][i_next].update(banker="nobody"), f"events[{i_next}] (next_round)", "home.replay"),
        (lambda r: r["events"].insert(0, {"event": "settle"}), "events[0] (settle)", "home.phase"),
        (lambda r: r["results"][0]["lines"][0].update(amount=r["results"][0]["lines"][0]["amount"] + 1), "results",
         "home.replay"),
        (lambda r: r["events"].append({"event": "deal", "hands": {}, "extra": 1}), "events", None),
        (lambda r: r.update(format="paigow-round/1"), "format", None),
    ]
    for change, where, code in cases:
        with pytest.raises(PaigowError) as e:
            replay_home(_bad(record, change))
        assert where in str(e.value), (where, str(e.value))
        if code is not None:
            assert e.value.code == code
    with pytest.raises(InvalidRecordError):
        read_home_record("[1]")


# -- the settlement against a plain-Python computation (docs/rules.md Part 4) ----------------------------
def _keys(tiles: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    a, b = (ref.hand_key(DECK.index(tiles[0]), DECK.index(tiles[1])),
            ref.hand_key(DECK.index(tiles[2]), DECK.index(tiles[3])))
    return (a, b) if a <= b else (b, a)


def _indices(tiles: Any) -> list[int]:
    out: list[int] = []
    for x in tiles:   # two copies of a civil tile are distinct deck entries
        out.append(next(i for i, d in enumerate(DECK) if d == x and i not in out))
    return out


@pytest.mark.parametrize("rules", [HOME, PAID, HALVES, NEUTRAL, TWO])
def test_the_settlement_agrees_with_a_plain_computation(rules: Any) -> None:
    neutral = rules is NEUTRAL
    for seed in range(40):
        t = play_shuffle(rules, 100 + seed)
        for r in t.results:
            for door in r.units:
                p, b = r.hands[door], r.hands[0]
                if rules.tiles_per_hand == 2:
                    want = ref.half(ref.hand_key(*_indices(p)), ref.hand_key(*_indices(b)), neutral, True)
                else:
                    ps = _keys(t_setting(t, r.round, door))
                    bs = _keys(t_setting(t, r.round, 0))
                    if rules.payout.value == "halves":
                        want = ref.half(ps[0], bs[0], neutral, True) + 2 * ref.half(ps[1], bs[1], neutral, True)
                    else:
                        want = ref.decide(ps, bs, neutral, True)
                assert r.units[door] == want
            # the money, from the units: each bettor wins units x stake less the rate, or loses it
            expect: dict[str, int] = {}
            fee_total = 0
            for bettor_door, bettor, amount in _stakes(t, r.round):
                u = r.units[bettor_door]
                money = amount * u
                fee = int(Fraction(money) * rules.commission + Fraction(1, 2)) if u > 0 else 0
                fee_total += fee
                expect[bettor] = expect.get(bettor, 0) + money - fee
            bank = -sum(expect.values()) - fee_total
            changes = r.ledger.changes
            assert {k: v for k, v in changes.items() if k != r.banker} == expect
            assert changes[r.banker] == bank and r.ledger.commission == fee_total


def t_setting(t: HomeShuffle, rnd: int, position: int) -> tuple[Any, ...]:
    e = [e for e in _round_events(t, rnd) if e["event"] == "set" and e["position"] == position][0]
    return Setting.parse(e["setting"]).tiles


def _round_events(t: HomeShuffle, rnd: int) -> list[dict[str, Any]]:
    out: list[list[dict[str, Any]]] = [[]]
    for e in t.events:
        if e["event"] == "next_round":
            out.append([])
        else:
            out[-1].append(e)
    return out[rnd - 1]


def _round_bets(t: HomeShuffle, rnd: int) -> list[dict[str, Any]]:
    return [e for e in _round_events(t, rnd) if e["event"] == "bet"]


def _stakes(t: HomeShuffle, rnd: int) -> list[tuple[int, str, int]]:
    total: dict[tuple[int, str], int] = {}
    for e in _round_bets(t, rnd):
        total[(e["door"], e["bettor"])] = total.get((e["door"], e["bettor"]), 0) + e["amount"]
    return [(d, b, a) for (d, b), a in total.items()]


def test_one_hand_s_result_agrees_with_the_reference() -> None:
    rng = random.Random(5)
    for rules, neutral in ((HOME, False), (NEUTRAL, True)):
        for _ in range(3000):
            a, b, c, d = rng.sample(range(32), 4)
            p, q = paigow.Hand(DECK[a], DECK[b]), paigow.Hand(DECK[c], DECK[d])
            want = ref.half(ref.hand_key(a, b), ref.hand_key(c, d), neutral, True)
            for back in (False, True):
                assert hand_result(p.rank_in("home"), q.rank_in("home"), rules, back) == want


def test_the_whole_payout_ledger_is_the_casino_settlement_s_when_the_house_banks() -> None:
    for seed in range(20):
        t = play_shuffle(PAID, 300 + seed)
        for r in t.results:
            plays = [Play(d, paigow.setting.Outcome(u), tuple(b for b in _bets_of(t, r.round, d)))
                     for d, u in r.units.items()]
            casino = settle(0, [Share("house", r.ledger.bank)], plays, Options(PAID.commission, PAID.rounding))
            assert casino.lines == r.ledger.lines


def _bets_of(t: HomeShuffle, rnd: int, door: int) -> list[Bet]:
    return [Bet(e["door"], e["bettor"], e["amount"]) for e in _round_bets(t, rnd) if e["door"] == door]


def test_door_play_is_plain_data() -> None:
    assert DoorPlay(1, (), 0).units == 0


# -- every error raised by the home table: a code, documented ---------------------------------------------
FILES = ["table/home.py", "table/home_settle.py", "table/home_records.py"]
SECTION = "## paigow: the home table"


def test_every_raise_in_the_home_table_gives_a_code_and_every_code_is_documented() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    part = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    documented = {m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", part, re.M)}
    everywhere = {m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", text, re.M)}
    used: set[str] = set()
    for name in FILES:
        source = (ROOT / "paigow" / name).read_text(encoding="utf-8")
        used |= set(re.findall(r'code="([a-z_.]+)"', source)) | set(re.findall(r'"(home\.[a-z_]+)"', source)) - {"home.json"}
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
                cls = node.exc.func.id
                if cls.endswith("Error") and cls != "TypeError":
                    assert any(k.arg == "code" for k in node.exc.keywords), f"{name}:{node.lineno}"
    assert documented <= used and used - documented <= everywhere - documented   # shared codes: their own sections
    assert all(c.startswith("home.") for c in documented)
