"""An action's name is written once: every action of both games (paigow.table.actions,
pcc.actions) is found by its one name in the library, the records' JSON Schemas (the event it
logs, titled with its name), the service's OpenAPI document and the pages' protocol; and the
library, a record's replay and the service all apply the same values."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

import pcc.actions as PA
import paigow.table.actions as A
from paigow.errors import IllegalActionError
from paigow.table import Session
from paigow.table.records import ROUND_SCHEMA, SESSION_SCHEMA, event_action, replay_session, session_record

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "paigow" / "serve" / "static"


def classes(module: Any) -> list[type[Any]]:
    return [c for c in vars(module).values()
            if isinstance(c, type) and dataclasses.is_dataclass(c) and isinstance(vars(c).get("name"), str)]


PAIGOW = classes(A)
PCC = classes(PA)


def test_every_action_has_one_name_in_the_library() -> None:
    names = [c.name for c in PAIGOW]
    assert len(names) == len(set(names)) == len(A.ACTIONS) == 22
    assert set(names) == set(A.ACTIONS) == set(A.SESSION_ACTIONS) | set(A.ROUND_ACTIONS)
    assert not set(A.SESSION_ACTIONS) & set(A.ROUND_ACTIONS)
    pnames = [c.name for c in PCC]
    assert len(pnames) == len(set(pnames)) == len(PA.ACTIONS) == 6
    for c in PAIGOW + PCC:   # the name is written once in its module: in the class, nowhere else as a string
        source = (ROOT / c.__module__.replace(".", "/")).with_suffix(".py").read_text(encoding="utf-8")
        assert source.count(f'name: ClassVar[str] = "{c.name}"') == 1, c
    for c in PAIGOW:   # and the library's method of that name exists, on the round or the session
        owner = "Session" if c.name in A.SESSION_ACTIONS else "Round"
        module = __import__("paigow.table", fromlist=[owner])
        assert callable(getattr(getattr(module, owner), c.name)), c.name
    import pcc
    for c in PCC:
        assert c.name == "new_round" or callable(getattr(pcc.Round, c.name)), c.name


def _branches(schema: dict[str, Any], key: str) -> dict[str, dict[str, Any]]:
    return {b["properties"]["event"]["const"]: b for b in schema["$defs"][key]["oneOf"]}


def test_every_recorded_action_titles_its_event_in_the_schemas() -> None:
    shipped = {n: json.loads((ROOT / "paigow" / "schemas" / n).read_text(encoding="utf-8"))
               for n in ("round.json", "session.json")}
    assert shipped["round.json"] == json.loads(json.dumps(ROUND_SCHEMA))
    rounds = _branches(shipped["round.json"], "event")
    sessions = _branches(shipped["session.json"], "session_event")
    titled = {b["title"] for b in [*rounds.values(), *sessions.values()]}
    for c in PAIGOW:
        if c.event is None:
            assert c.name == "set_players"   # it logs the hands it sets ('set', with the strategy)
            assert c.name not in titled
            continue
        where = sessions if c.name in A.SESSION_ACTIONS else rounds
        assert where[c.event]["title"] == c.name, c.name
    assert sessions["co_bank"]["title"] == "accept"   # accept(with_house=True)
    assert rounds["house_way"]["title"] == "house_way"
    pschema = json.loads((ROOT / "pcc" / "schemas" / "round.json").read_text(encoding="utf-8"))
    pevents = {b["properties"]["event"]["const"]: b for b in pschema["properties"]["events"]["items"]["oneOf"]}
    for c in PCC:
        if c.event is None:
            assert c.name == "new_round"   # the table's: a round's record does not hold it
            continue
        assert pevents[c.event]["title"] == c.name
    assert {b["title"] for b in pevents.values()} == {c.name for c in PCC} - {"new_round"}


def _openapi_names(doc: dict[str, Any], path: str) -> set[str]:
    body = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    out = set()
    for ref in body["oneOf"]:
        model = doc["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]
        out.add(model["properties"]["action"]["const"])
    return out


def test_every_action_is_named_in_the_openapi_document(tmp_path: Path) -> None:
    from paigow.serve.app import create_app

    doc = create_app(str(tmp_path / "t.db")).openapi()
    # a bet taken back is a seat's action (issue 38): the dealer's route answers as it did (test_compat)
    # the round's deadline (issue 38): the dealer's own route beside it, for the same reason
    deadline = {"set_deadline", "apply_deadline"}
    assert _openapi_names(doc, "/v1/tables/{tid}/actions") == {c.name for c in PAIGOW} - {"withdraw"} - deadline
    assert _openapi_names(doc, "/v1/tables/{tid}/deadline") == deadline
    assert _openapi_names(doc, "/v1/tables/{tid}/seat/actions") == {c.name for c in PAIGOW}
    assert _openapi_names(doc, "/v1/pcc/tables/{tid}/actions") == {c.name for c in PCC}


def _page_names() -> tuple[set[str], set[str]]:
    protocol = STATIC / "protocol.js"
    if protocol.exists():   # the pages' one list of the action names
        text = protocol.read_text(encoding="utf-8")
        names = set(re.findall(r'"([a-z_]+)"', text))
        return names & set(A.ACTIONS), names & set(PA.ACTIONS)
    sent = {f.name: set(re.findall(r'action: "([a-z_]+)"', f.read_text(encoding="utf-8")))
            for f in STATIC.glob("*.js")}
    pcc_pages = {n for n in sent if n.startswith("pcc")}
    return (set().union(*(v for k, v in sent.items() if k not in pcc_pages)),
            set().union(*(v for k, v in sent.items() if k in pcc_pages)))


def test_the_pages_send_only_the_actions_names() -> None:
    paigow_sent, pcc_sent = _page_names()
    assert paigow_sent and paigow_sent <= set(A.ACTIONS)
    assert pcc_sent and pcc_sent <= set(PA.ACTIONS)
    # what the pages send reads back as the action of that name
    for name in paigow_sent:
        cls = next(c for c in PAIGOW if c.name == name)
        required = {f.name: 0 for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
        assert A.parse_action({"action": name, **required}).name == name


@pytest.mark.parametrize("cls", PAIGOW, ids=lambda c: c.name)
def test_paigow_action_json_reads_back(cls: type[Any]) -> None:
    args = {f.name: 1 for f in dataclasses.fields(cls) if f.name in cls.fields}
    action = cls(**args)
    assert A.parse_action(action.to_json()) == action
    assert dataclasses.is_dataclass(action) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", PCC, ids=lambda c: c.name)
def test_pcc_action_json_reads_back(cls: type[Any]) -> None:
    action = cls(**{k: 1 for k in cls.fields})
    assert PA.parse_action(action.to_json()) == action


def test_parse_action_refuses_with_stable_codes() -> None:
    with pytest.raises(IllegalActionError) as e:
        A.parse_action({"action": "stake", "amount": 5})   # the record's event, not the action's name
    assert e.value.code == "action.unknown"
    with pytest.raises(IllegalActionError) as e:
        A.parse_action({"action": "shuffle", "stacks": "x"})   # a live table's draw, never a reader's
    assert e.value.code == "action.argument"
    assert str(e.value) == "shuffle takes [], not 'stacks'"
    import pcc

    with pytest.raises(pcc.IllegalActionError) as p:
        PA.parse_action({"action": "place", "spot": "big", "stake": 5})
    assert (p.value.code, str(p.value)) == ("action.argument", "place needs spot, stake, player: 'player' is missing")


def test_a_record_replays_the_actions_the_library_applied() -> None:
    s = Session(0, seed=11)
    done = [A.StartRound(1000), A.PlaceBet(1, 100), A.PlaceBet(3, 200, "ann"), A.Shuffle(), A.CutStacks(2, 3),
            A.Shake((1, 2, 3, 4)), A.DealTiles(), A.Settle("max-back"), A.EndRound()]
    for a in done:
        s.apply(a)
    record = session_record(s)
    assert replay_session(record) == s
    events = record["events"][0]["events"]
    replayed = [event_action(e) for e in events]
    assert [a.name for a in replayed][:6] == ["bet", "bet", "shuffle", "cut", "shake", "deal"]   # the stake: in 'round'
    assert {a.name for a in replayed[6:-1]} == {"set_hand", "turn"} and replayed[-1] == A.Settle()
    assert replayed[0] == A.PlaceBet(1, 100, "P1") and replayed[3] == A.CutStacks(2, 3)
