"""``paigow round`` and ``paigow settle``, and the examples of docs/dealer.md."""

from __future__ import annotations

import doctest
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from record_schemas import every_record_matches_its_schema  # noqa: F401  (every record checked)

from paigow.cli import main
from paigow.table import simulate_round
from paigow.table.records import result_json

DOCS = Path(__file__).resolve().parent.parent / "docs" / "dealer.md"
RECORD_DOC = Path(__file__).resolve().parent.parent / "docs" / "dealer.md"  # the record format, with an example

RECORD: dict[str, Any] = {
    "format": "paigow-round/1",
    "banker": 0,
    "events": [
        {"event": "stake", "amount": 1000},
        {"event": "co_bank", "party": "house", "stake": 500},
        {"event": "bet", "position": 1, "bettor": "ann", "amount": 200},
        {"event": "bet", "position": 1, "bettor": "bob", "amount": 100},
        {"event": "bet", "position": 3, "bettor": "P3", "amount": 200},
        {"event": "deal", "hands": {"0": "5-5 4-4 3-3 2-5", "1": "1-6 1-4 4-5 1-3", "3": "6-6 6-6 1-1 1-1"}},
        {"event": "set", "position": 1, "setting": 0, "by": "ann"},
        {"event": "set", "position": 3, "setting": "1-1 1-1 | 6-6 6-6"},
        {"event": "set", "position": 0, "setting": "3-3 2-5 | 5-5 4-4"},
    ],
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- paigow round -----------------------------------------------------------------------------------
def test_round_prints_a_table_a_person_can_follow(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "round", "--seed", "7", "--house", "500")
    assert code == 0
    res = simulate_round(7, house_stake=500)
    dice = res.dice
    assert dice is not None
    assert f"dice: {dice} -> counting the banker as 1, the first stack goes to position {dice.first_position(0)}" in out
    assert "bank: P0 stakes 1000, house stakes 500 = 1500" in out
    for p in res.plays:
        s = res.settings[p.position]
        assert s is not None and str(s) in out and s.front.name_zh in out
    assert "ledger, in order:" in out and "changes + commission = 0" in out
    assert len([x for x in out.splitlines() if re.match(r"\s+\d+\s+", x)]) == len(res.ledger.lines)


def test_round_with_the_same_seed_prints_the_same_round(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "round", "--seed", "99", "--banker", "5")[1]
    assert run(capsys, "round", "--seed", "99", "--banker", "5")[1] == first
    assert run(capsys, "round", "--seed", "98", "--banker", "5")[1] != first


def test_round_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "round", "--seed", "3", "--banker", "6", "--bets", "1=250,2=40", "--stake", "300",
                       "--commission", "4%", "--rounding", "floor", "--json")
    assert code == 0
    data = json.loads(out)
    res = simulate_round(3, banker=6, bets={1: 250, 2: 40}, stake=300, options=_options("4%", "floor"))
    assert data["format"] == "paigow-round/1" and data["seed"] == 3
    assert data["result"] == json.loads(json.dumps(result_json(res)))
    positions = data["result"]["positions"]
    assert data["banker"] == 6 and [p["position"] for p in positions] == [6, 7, 0, 1, 2, 3, 4, 5]
    led = data["result"]["ledger"]
    assert sum(led["changes"].values()) + led["commission"] == 0
    assert led["options"] == {"commission": "1/25", "rounding": "floor"}
    shake = next(e for e in data["events"] if e["event"] == "shake")
    assert res.dice is not None and shake["dice"] == list(res.dice.dice)


def _options(rate: str, rounding: str) -> Any:
    from paigow.table.settlement import Options

    return Options(rate, rounding)


def test_round_without_a_seed_is_a_fresh_secure_shuffle(capsys: pytest.CaptureFixture[str]) -> None:
    a, b = (json.loads(run(capsys, "round", "--json")[1]) for _ in range(2))
    assert "seed" not in a and a["events"] != b["events"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--banker", "8"], "unknown banker 8"),
    (["--bets", "1=100,3=x"], "--bets takes 'position=amount' pairs"),
    (["--bets", "0=100"], "position 0 is the banker's"),
    (["--bets", "1=0"], "bet 0 on position 1 by 'P1' must be above zero"),
    (["--bets", "9=10"], "unknown bet position 9"),
    (["--stake", "0"], "stake 0 of the banker 'P0' must be above zero"),
    (["--commission", "1.5"], "commission rate '1.5' must be at least 0 and below 1"),
    (["--strategy", "greedy"], "unknown strategy 'greedy'"),
])
def test_round_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "round", "--seed", "1", *argv)
    assert code == 2 and out == "" and message in err and err.startswith("paigow round: error: ")


# -- paigow settle ----------------------------------------------------------------------------------
def test_settle_reads_a_record_and_prints_the_ledger(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "round.json"
    f.write_text(json.dumps(RECORD), encoding="utf-8")
    code, out, _ = run(capsys, "settle", str(f))
    assert code == 0
    data = json.loads(out)["result"]
    led = data["ledger"]
    # the bank wins 300 and pays 200: 5 commission on its net 100, 95 shared 1000:500 by largest remainder
    assert led["changes"] == {"P0": 63, "house": 32, "ann": -200, "bob": -100, "P3": 190}
    assert led["commission"] == 10 + 5 and sum(led["changes"].values()) + led["commission"] == 0
    assert led["claims"] == [{"position": 1, "setter": "ann", "bettor": "bob", "amount": 195, "got": -100,
                              "would_have": 95}]
    assert [(p["position"], p["outcome"]) for p in data["positions"]] == [(0, None), (1, "lose"), (3, "win")]
    assert data["positions"][1]["other_outcomes"] == ["win", "lose"]


def test_settle_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(RECORD)))
    code, out, _ = run(capsys, "settle", "--commission", "0", "-")
    assert code == 0 and json.loads(out)["result"]["ledger"]["commission"] == 0


def _ev(r: dict[str, Any], kind: str, n: int = 0) -> dict[str, Any]:
    return [e for e in r["events"] if e["event"] == kind][n]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: _ev(r, "deal")["hands"].update({"3": "6-6 6-6 6-6 1-1"}), "too many 6-6"),
    (lambda r: _ev(r, "deal")["hands"].update({"3": "6-6 6-6 1-1"}), "position 3 is dealt 4 tiles, not 3"),
    (lambda r: _ev(r, "bet", 2).update(amount=0), "events[4].amount: must be from 1 to"),
    (lambda r: _ev(r, "bet", 2).update(amount=2.5), "events[4].amount: must be an integer, not a number (2.5)"),
    (lambda r: _ev(r, "bet", 2).update(position=0), "nobody bets on the banker's own position"),
    (lambda r: _ev(r, "bet", 2).update(position=8), "events[4].position: must be from 0 to 7, not 8"),
    (lambda r: _ev(r, "bet", 2).update(colour="red"), "events[4]: unknown key 'colour'"),
    (lambda r: _ev(r, "stake").update(amount=-1), "events[0].amount: must be from 1 to"),
    (lambda r: r.update(wager=1), "the record: unknown key 'wager'"),
    (lambda r: r.pop("format"), "the record: needs the key 'format'"),
    (lambda r: r.update(format="paigow-round/2"), "format: must be 'paigow-round/1'"),
    (lambda r: r["events"].pop(0), "the banker puts the stake on the table"),
    (lambda r: _ev(r, "set", 2).update(setting="天 天 | 地 地"), "not a setting of position 0's tiles"),
    (lambda r: r["events"].pop(), "position 0 has not set its tiles"),
    (lambda r: r.update(options={"commission": "lots"}), "commission rate 'lots' is not a number"),
    (lambda r: _ev(r, "co_bank").update(party=7), "events[1].party: must be 'house', not a number (7)"),
    (lambda r: _ev(r, "co_bank").update(party=None, position="house"),
     "events[1].party: must be 'house', not null"),
    (lambda r: _ev(r, "co_bank").pop("party") and _ev(r, "co_bank").update(position="house"),
     "events[1].position: must be an integer, not a string ('house')"),
    (lambda r: _ev(r, "bet").update(bettor=None), "events[2].bettor: must be a string, not null"),
    (lambda r: r.update(result={"positions": [], "ledger": {}}), "needs the key"),
])
def test_settle_bad_records(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, change: Any,
                            message: str) -> None:
    record = json.loads(json.dumps(RECORD))
    change(record)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    code, out, err = run(capsys, "settle")
    assert code == 2 and out == "" and message in err, err


def test_settle_not_json_or_no_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("{banker: 0"))
    code, _, err = run(capsys, "settle")
    assert code == 2 and "the record is not JSON" in err
    code, _, err = run(capsys, "settle", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read the record" in err


def test_settle_as_a_subprocess() -> None:
    r = subprocess.run([sys.executable, "-m", "paigow", "settle"], input=json.dumps(RECORD), capture_output=True,
                       text=True, check=True)
    assert json.loads(r.stdout)["result"]["ledger"]["bank"] == 1500


# -- docs/dealer.md ---------------------------------------------------------------------------------
def test_the_dealer_docs_examples_run() -> None:
    failures, tried = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0


def _block(text: str, marker: str) -> str:
    m = re.search(rf"<!-- {marker} -->\s*```json\n(.*?)```", text, re.S)
    assert m, marker
    return m.group(1)


def test_the_documented_settle_example_is_what_settle_prints(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    text = RECORD_DOC.read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(_block(text, "settle-input")))
    code, out, _ = run(capsys, "settle")
    assert code == 0
    assert json.loads(out) == json.loads(_block(text, "settle-output"))
