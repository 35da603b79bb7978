"""Every input at the edges of dealing, the table, settlement and the records: random text and
random JSON end in a project error or a value, never anything else; every parser runs in linear
time (100 kB inputs within a generous budget, not a timed assertion)."""

from __future__ import annotations

import io
import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_schemas import every_record_matches_its_schema  # noqa: F401

from paigow.cli import main
from paigow.table.dealing import Cut, Deal, DiceRoll, Stacks
from paigow.errors import BetSyntaxError, PaigowError
from paigow.table.records import loads, replay_session, round_record, settle_record, validate
from paigow.table.round import simulated_round
from paigow.table.settlement import Bet, LedgerLine, LineKind, Share

N = 100_000


@contextmanager
def budget(seconds: int = 5) -> Iterator[None]:
    """Fail if the block runs longer than ``seconds`` (a quadratic parser on 100 kB takes minutes)."""
    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"over the {seconds} s budget: not linear")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def outcome(f: Callable[[], object]) -> object:
    try:
        return f()
    except PaigowError as e:
        return e.code


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM")
def test_every_parser_is_linear_on_100_kb() -> None:
    pad = " " * N
    with budget():
        assert Share.parse(pad + "house stakes 500" + pad) == Share("house", 500)
        assert outcome(lambda: Share.parse(pad + "x stakes 5 y")) == "share.syntax"     # cubic before
        assert outcome(lambda: Share.parse("a" * N + " stakes 5")) == "name.too_long"
        assert Bet.parse(pad + "100 on 3 by ann" + pad) == Bet(3, "ann", 100)
        assert outcome(lambda: Bet.parse("1 on 3 by " + "a " * (N // 2) + "x")) == "name.too_long"
        assert outcome(lambda: Bet.parse("1" * N + " on 3 by a")) == "amount.too_large"
        assert LedgerLine.parse(pad + "3. win at 5: bank pays ann 100" + pad) == \
            LedgerLine(3, LineKind.WIN, 5, "bank", "ann", 100)
        assert outcome(lambda: LedgerLine.parse("1. win at 1: " + "a pays " * (N // 7) + "5")) == "name.too_long"
        assert outcome(lambda: LedgerLine.parse("1. win at 1:" + pad + "x")) == "ledger.syntax"
        assert outcome(lambda: Cut.parse("1" * N + " cuts 2")) == "cut.syntax"
        assert outcome(lambda: DiceRoll.parse("1+2+3+4=" + "1" * N)) == "dice.syntax"
        assert outcome(lambda: Deal.parse("0:" + " 天" * N)) == "deal.hand_size"
        assert outcome(lambda: Stacks.parse("|" * N)) == "stacks.count"
        assert outcome(lambda: loads("[" * N)) == "record.depth"
        assert outcome(lambda: loads('{"banker": ' + "9" * 5000 + "}")) == "record.number"
        assert outcome(lambda: settle_record({"format": "paigow-round/1", "banker": 0,
                                              "events": [{"event": "bet"}] * N})) == "record.range"


def test_no_parser_raises_pythons_digit_limit_error() -> None:
    big = "9" * 5000
    for f in (lambda: Bet.parse(f"{big} on 3 by a"), lambda: Bet.parse(f"1 on {big} by a"),
              lambda: Share.parse(f"a stakes {big}"), lambda: LedgerLine.parse(f"{big}. win at 1: bank pays a 5"),
              lambda: LedgerLine.parse(f"1. win at 1: bank pays a {big}"), lambda: Cut.parse(f"{big} cuts 1"),
              lambda: DiceRoll.parse(f"1+1+1+1={big}"), lambda: Deal.parse(f"first {big}; 0: 天 天 地 地"),
              lambda: Deal.parse(f"{big}: 天 天 地 地"), lambda: loads(big)):
        with pytest.raises(PaigowError):
            f()
    with pytest.raises(BetSyntaxError, match=r"5000 digits"):
        Bet.parse(f"{big} on 3 by a")


TEXT = st.lists(st.sampled_from(list("0123456789 +=-|:;.()abnostyuwkc天地人杂九\t\n") + [
    " on ", " by ", " stakes ", " cuts ", " pays ", " returned to ", "win", "first ", "6-6", "1. ", ": "]),
    max_size=30).map("".join)
PARSERS: list[Callable[[str], object]] = [Bet.parse, Share.parse, LedgerLine.parse, Cut.parse, DiceRoll.parse,
                                          Deal.parse, Stacks.parse, loads]


@given(TEXT, st.sampled_from(PARSERS))
def test_random_text_parses_or_is_a_project_error(text: str, parse: Callable[[str], object]) -> None:
    try:
        value = parse(text)
    except PaigowError:
        return
    if parse is not loads:
        assert type(value).parse(str(value)) == value  # type: ignore[attr-defined]


def json_values() -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers(-10, 10**16) | st.floats(allow_nan=False) | st.text(max_size=8)
    return st.recursive(scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c,
                                                                                      max_size=4), max_leaves=12)


GOOD = round_record(simulated_round(6))


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """A good record with one value somewhere replaced by random JSON."""
    record = json.loads(json.dumps(GOOD))
    record.pop("result")
    node: Any = record
    path = draw(st.lists(st.integers(0, 30), max_size=4))
    for step in path:
        if isinstance(node, dict) and node:
            key = sorted(node)[step % len(node)]
            if draw(st.booleans()) or not isinstance(node[key], (dict, list)):
                node[key] = draw(json_values())
                return record
            node = node[key]
        elif isinstance(node, list) and node:
            i = step % len(node)
            if draw(st.booleans()) or not isinstance(node[i], (dict, list)):
                node[i] = draw(json_values())
                return record
            node = node[i]
    return record


@settings(max_examples=max(20, settings().max_examples // 2))
@given(mutated_records() | json_values())
def test_random_records_settle_or_fail_with_a_project_error(record: Any) -> None:
    for f in (lambda: settle_record(record), lambda: validate(record), lambda: replay_session(record)):
        try:
            f()
        except PaigowError:
            pass


@settings(max_examples=max(20, settings().max_examples // 2))
@given(st.binary(max_size=200) | mutated_records().map(lambda r: json.dumps(r).encode()))
def test_paigow_settle_exits_0_or_2_and_never_a_traceback(data: bytes) -> None:
    with pytest.MonkeyPatch.context() as mp:
        out, err = io.StringIO(), io.StringIO()
        mp.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        mp.setattr(sys, "stdout", out)
        mp.setattr(sys, "stderr", err)
        code = main(["settle", "-"])
    assert code in (0, 2)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().startswith("paigow settle: error: ") and out.getvalue() == ""
