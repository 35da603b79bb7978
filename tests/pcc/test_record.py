"""Round records: the shipped schema is the generated one; random legal rounds round-trip through
their record (API -> record -> replay: equal state and settlement) and through ``pcc roll --json |
pcc settle``; a record that does not describe a legal round is refused."""

from __future__ import annotations

import io
import json
import tempfile
from contextlib import redirect_stdout
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pcc.record
from pcc import ALL_SPOTS, MAX_STAKE, Bet, InvalidRecordError, Roll, Round, Ruleset, VoidReason, roll
from pcc.cli import main
from pcc.record import SCHEMA, loads, round_from_record, schema_text

from .conftest import VALIDATED

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_schema_is_the_generated_one() -> None:
    shipped = files("pcc").joinpath("schemas/round.json").read_text(encoding="utf-8")
    assert shipped == schema_text()
    assert json.loads(shipped) == SCHEMA
    assert '"schemas/*.json"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # shipped as package data


def test_records_are_validated_against_the_shipped_schema() -> None:
    before = VALIDATED[0]
    rnd = Round()
    rnd.place("big=5")
    rnd.to_json()
    assert VALIDATED[0] == before + 1


# -- random legal rounds ------------------------------------------------------------------

bets = st.builds(Bet, st.sampled_from(ALL_SPOTS), st.one_of(st.integers(1, 10**6), st.just(MAX_STAKE)))


@st.composite
def legal_rounds(draw: st.DrawFn) -> Round:
    """A round built by random legal actions; it may stop anywhere, settled or not."""
    ruleset = draw(st.sampled_from(list(Ruleset)))
    new_bets = ruleset is Ruleset.R2004 or draw(st.booleans())
    rnd = Round(ruleset, new_bets_after_void=new_bets, automatic_bell=draw(st.booleans()))
    for _ in range(draw(st.integers(0, 14))):
        choices = []
        if rnd.can_close_betting():
            choices.append("bell")
        if rnd.phase.value == "betting" and rnd.can_place("big=1"):
            choices.append("place")
        if any(rnd.can_withdraw(p.ticket) for p in rnd.slip):
            choices.append("withdraw")
        if rnd.can_void_roll("stacked"):
            choices += ["void", "roll"]
        if not choices:
            break
        action = draw(st.sampled_from(choices))
        if action == "bell":
            rnd.close_betting()
        elif action == "place":
            rnd.place(draw(bets))
        elif action == "withdraw":
            rnd.withdraw(draw(st.sampled_from([p.ticket for p in rnd.slip])))
        elif action == "void":
            rnd.void_roll(draw(st.sampled_from(list(VoidReason))))
        else:
            kind = draw(st.sampled_from(["entered", "secure", "seeded"]))
            if kind == "seeded":
                seed = draw(st.integers(-(10**30), 10**30))
                rnd.settle(roll(seed), source="seeded", seed=seed)
            else:
                rnd.settle(Roll(*draw(st.tuples(*[st.integers(1, 6)] * 3))), source=kind)
            break
    return rnd


@given(legal_rounds())
def test_random_rounds_round_trip(rnd: Round) -> None:
    record = rnd.to_record()
    again = round_from_record(loads(json.dumps(record)))
    assert again == rnd and again.to_record() == record
    assert again.history == rnd.history and again.phase is rnd.phase and again.slip == rnd.slip
    assert again.settlement == rnd.settlement
    if rnd.settlement is not None:
        s = rnd.settlement
        assert s.player_net + s.house_result == 0
        assert record["settlement"]["totals"]["house_result"] == s.house_result
    # the state as JSON text, for a service between requests
    assert Round.from_json(rnd.to_json()) == rnd
    assert Round.from_json(rnd.to_json().encode("utf-16")) == rnd


@given(legal_rounds(), st.data())
def test_a_replayed_round_goes_on_like_the_original(rnd: Round, data: st.DataObject) -> None:
    again = Round.from_json(rnd.to_json())
    bet = data.draw(bets)
    for r in (rnd, again):
        assert r.can_place(bet) is again.can_place(bet)
        assert r.can_close_betting() is again.can_close_betting()
    if rnd.can_place(bet):
        assert rnd.place(bet) == again.place(bet)
    assert again == rnd


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


@settings(max_examples=max(10, settings.default.max_examples // 4))
@given(
    seed=st.integers(0, 10**12),
    slip=st.lists(bets.map(str), max_size=6),
    voids=st.lists(st.sampled_from(["stacked", "tilted"]), max_size=2),
    ruleset=st.sampled_from(["2004", "1996"]),
)
def test_roll_json_then_settle_prints_the_same(seed: int, slip: list[str], voids: list[str], ruleset: str) -> None:
    argv = ["roll", "--seed", str(seed), "--ruleset", ruleset, *[f"--void={v}" for v in voids], *slip]
    code, text = run(*argv)
    code_json, record = run(*argv, "--json")
    assert code == code_json == 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.json"
        path.write_text(record, encoding="utf-8")
        assert run("settle", str(path), "--json") == (0, record)
        assert run("settle", str(path)) == (0, text)


# -- records that describe no legal round -------------------------------------------------


def settled_record() -> dict[str, Any]:
    rnd = Round()
    rnd.place("big=100")
    rnd.place("small=5")
    rnd.close_betting()
    rnd.settle("crab-crab-fish")
    return rnd.to_record()


@pytest.mark.parametrize(
    "change, code, message",
    [
        (lambda r: r["events"].insert(3, {"event": "place", "ticket": 3, "bet": "total:9=5"}), "record.illegal",
         r"events\[3\] \(place\): bet 'total:9=5' refused: betting closed at the bell"),
        (lambda r: r.update(automatic_bell=False) or r["events"].__delitem__(2), "record.illegal",
         r"events\[2\] \(roll\).*betting is still open"),
        (lambda r: r["events"][0].update(bet="big=101"), "record.settlement", "not what its events give"),
        (lambda r: r["events"][0].update(bet="total:3=5"), "record.illegal", "total 3"),
        (lambda r: r["events"].append({"event": "close_betting"}), "record.illegal", "settled"),
        (lambda r: r["events"][3].update(source="seeded", seed=1), "record.illegal", "not the roll of seed 1"),
        (lambda r: r.update(new_bets_after_void=False), "record.illegal", "players' right"),
        (lambda r: r["settlement"]["lines"].pop(), "record.settlement", "not what"),
        (lambda r: r["events"][1].update(ticket=1), "record.ticket", "out of order"),
        (lambda r: r["events"][1].update(ticket=True), "record.type", "expected a whole number, got true or false"),
        (lambda r: r["events"][0].pop("bet"), "record.missing", r"events\[0\]: the key 'bet' is missing"),
        (lambda r: r.update(settlement=[]), "record.type", "expected an object, got a list"),
        (lambda r: r.update(events={}), "record.type", "expected a list, got an object"),
    ],
)
def test_records_of_illegal_rounds_are_refused(change: Any, code: str, message: str) -> None:
    record = settled_record()
    change(record)
    with pytest.raises(InvalidRecordError, match=message) as info:
        round_from_record(json.loads(json.dumps(record)))
    assert info.value.code == code


def test_a_record_without_its_settlement_replays_to_it() -> None:
    record = settled_record()
    bare = {**record, "settlement": None}
    assert round_from_record(bare).to_record() == record


def test_json_types_are_named() -> None:
    record = settled_record()
    record["version"] = "1"
    with pytest.raises(InvalidRecordError, match="version '1' is not supported"):
        round_from_record(record)
    with pytest.raises(InvalidRecordError, match="expected an object, got null"):
        round_from_record(None)


def test_module_runs_as_the_schema_generator() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pcc.record"], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "PATH": ""})
    assert done.returncode == 0 and done.stdout == schema_text()
    assert pcc.record.FORMAT == "pcc-round" and pcc.record.VERSION == 1
