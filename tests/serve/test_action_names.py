"""An action's name is written once: a walk over every action of both games (paigow.table.actions,
pcc.actions) finds each one name in the library, the records' JSON Schemas, the service's OpenAPI
document (the request models' discriminator and each model's ``action`` constant) and the pages'
protocol (static/protocol.js, whose lists the pages' writes are checked against at run time); and
no other spelling anywhere: every action a page sends in a body is a name of its game."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

import pcc.actions as PA
import paigow.table.actions as A

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "paigow" / "serve" / "static"
GAMES = {"paigow": A, "pcc": PA}
SCHEMAS = {"paigow": [ROOT / "paigow" / "schemas" / "round.json", ROOT / "paigow" / "schemas" / "session.json"],
           "pcc": [ROOT / "pcc" / "schemas" / "round.json"]}
PATHS = {"paigow": "/v1/tables/{tid}/actions", "pcc": "/v1/pcc/tables/{tid}/actions",
         "home": "/v1/home/tables/{tid}/actions"}
# the actions a seat's route takes and the dealer's does not (yet): a bet taken back (issue 38; the
# dealer's route answers as it did, tests/test_compat.py, and the dealer's page has no control for it)
SEAT_PATH, SEAT_ONLY = "/v1/tables/{tid}/seat/actions", {"withdraw"}
# the round's deadline (issue 38): the dealer's own route beside the actions' (whose refusals list
# the actions they take, as saved in tests/test_compat.py); a seat's route reads them, to refuse
DEADLINE_PATH, DEADLINE_ONLY = "/v1/tables/{tid}/deadline", {"set_deadline", "apply_deadline"}
# the actions that log no event of their own: the hands' setting is logged as 'set' (with the
# strategy), a new Fish-Prawn-Crab round is the table's (a round's record begins with it)
NO_EVENT = {"paigow": {"set_players"}, "pcc": {"new_round"}}
# the pages that write to a table of each game
PAGES = {"paigow": ["app.js"], "pcc": ["pcc.js"], "home": ["home.js", "home-controls.js"]}  # home.js's protocol, the host's controls
SEAT_PAGES = ["seat.js"]  # a seat's page (issue 38): its own writes, to a seat's route (test_the_seat_page_sends_seat_actions)


def action_classes(module: Any) -> list[type[Any]]:
    return [c for c in vars(module).values()
            if isinstance(c, type) and dataclasses.is_dataclass(c) and isinstance(vars(c).get("name"), str)]


def every_action() -> list[tuple[str, type[Any]]]:
    return [(game, c) for game, module in GAMES.items() for c in action_classes(module)]


def protocol_lists() -> dict[str, list[str]]:
    """protocol.js's ACTIONS: ``paigow: Object.freeze([...]), pcc: Object.freeze([...])``."""
    text = (STATIC / "protocol.js").read_text(encoding="utf-8")
    block = re.search(r"export const ACTIONS = Object\.freeze\(\{(.*?)\}\);", text, re.S)
    assert block, "protocol.js has no ACTIONS"
    lists = dict(re.findall(r"(\w+): Object\.freeze\(\[(.*?)\]\)", block.group(1), re.S))
    return {game: re.findall(r'"([^"]*)"', body) for game, body in lists.items()}


def schema_titles(game: str) -> dict[str, str]:
    """Every event branch of the game's record schemas: its event (``const``) -> its title."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            event = node.get("properties", {}).get("event", {})
            if isinstance(event, dict) and "const" in event and "title" in node:
                out[event["const"]] = node["title"]
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in SCHEMAS[game]:
        walk(json.loads(path.read_text(encoding="utf-8")))
    return out


@pytest.fixture(scope="module")
def openapi(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from paigow.serve.app import create_app

    doc: dict[str, Any] = create_app(str(tmp_path_factory.mktemp("names") / "t.db")).openapi()
    return doc


def openapi_names(doc: dict[str, Any], game: str, seat: bool = False,
                  path: str | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """The action body of the game's route (``seat``: a seat's; ``path``: another): discriminator
    name -> model, and model -> its constant."""
    body = doc["paths"][path or (SEAT_PATH if seat else PATHS[game])]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["discriminator"]["propertyName"] == "action"
    mapping = {name: ref.rsplit("/", 1)[1] for name, ref in body["discriminator"]["mapping"].items()}
    consts = {}
    for ref in body["oneOf"]:
        model = ref["$ref"].rsplit("/", 1)[1]
        consts[model] = doc["components"]["schemas"][model]["properties"]["action"]["const"]
    return mapping, consts


def sent_by_pages() -> dict[str, set[str]]:
    """Every action name a page writes in a body (``action: "..."``), by the file it is in."""
    return {f.name: set(re.findall(r'\baction: "([^"]*)"', f.read_text(encoding="utf-8"))) for f in STATIC.glob("*.js")}


@pytest.mark.parametrize("game,cls", every_action(), ids=lambda x: x if isinstance(x, str) else x.name)
def test_each_action_is_found_by_its_one_name_everywhere(game: str, cls: type[Any], openapi: dict[str, Any]) -> None:
    name = cls.name
    module = GAMES[game]
    # the library: the name in its parser's table, and a value read back by that name as itself
    assert name in module.ACTIONS
    action = cls(**{f.name: 1 for f in dataclasses.fields(cls) if f.name in cls.fields})
    assert action.to_json()["action"] == name and module.parse_action(action.to_json()) == action
    # the records: the event the action logs is titled with its name (or it logs none of its own)
    titles = schema_titles(game)
    if name in NO_EVENT[game]:
        assert cls.event is None and name not in titles.values()
    else:
        assert titles[cls.event] == name
    # the OpenAPI document: the discriminator maps the name to a model whose constant is the name
    deadline = game == "paigow" and name in DEADLINE_ONLY
    mapping, consts = openapi_names(openapi, game, seat=game == "paigow" and name in SEAT_ONLY,
                                    path=DEADLINE_PATH if deadline else None)
    assert consts[mapping[name]] == name
    if deadline:
        assert name not in openapi_names(openapi, game)[0] and name in openapi_names(openapi, game, seat=True)[0]
    if game == "paigow" and name in SEAT_ONLY:
        assert name not in openapi_names(openapi, game)[0]
    # the pages' protocol
    assert name in protocol_lists()[game]


@pytest.mark.parametrize("game", list(GAMES))
def test_no_other_spelling(game: str, openapi: dict[str, Any]) -> None:
    names = {c.name for c in action_classes(GAMES[game])}
    assert set(GAMES[game].ACTIONS) == names
    lists = protocol_lists()
    assert len(lists[game]) == len(set(lists[game])) and set(lists[game]) == names  # the protocol: these, once each
    mapping, consts = openapi_names(openapi, game)
    seat_only = SEAT_ONLY if game == "paigow" else set()
    own_route = DEADLINE_ONLY if game == "paigow" else set()
    assert set(mapping) == set(consts.values()) == names - seat_only - own_route
    if own_route:
        mapping, consts = openapi_names(openapi, game, path=DEADLINE_PATH)
        assert set(mapping) == set(consts.values()) == own_route
    if seat_only:
        mapping, consts = openapi_names(openapi, game, seat=True)
        assert set(mapping) == set(consts.values()) == names  # a seat's route reads them all (to refuse most)
    titles = schema_titles(game)
    assert set(titles.values()) <= names  # every event's title is an action's name
    assert set(titles.values()) == names - NO_EVENT[game]
    # the pages: what each one sends is a name of its game, and every write goes through protocol.js
    sent = sent_by_pages()
    for page in PAGES[game]:
        assert sent[page] and sent[page] <= names, (page, sent[page] - names)
        text = (STATIC / page).read_text(encoding="utf-8")
        assert f'tableProtocol("{game}"' in text and "/actions" not in text, page  # no write beside the protocol's
    others = {page for page, got in sent.items()
              if got and page not in PAGES["paigow"] + PAGES["pcc"] + PAGES["home"] + SEAT_PAGES}
    assert not others, f"a page sends actions outside the protocol's writes: {others}"


def test_the_pages_send_every_name_they_may() -> None:
    """Each page sends the actions its dealer takes (the others are the API's and the records'
    alone: a stake changed, the players' hands set for them, the turn of a hand, a bet taken back
    (a seat's, issue 38: the dealer's page has no control for it yet); the dealing method is
    declared, an exposed tile recorded and the round's deadline set and applied (issue 38, to its
    own route through the page's protocol) on the dealer's page)."""
    sent = sent_by_pages()
    assert {n for p in PAGES["paigow"] for n in sent[p]} == set(A.ACTIONS) - {
        "set_stake", "turn", "set_players", "withdraw"}
    assert {n for p in PAGES["pcc"] for n in sent[p]} == set(PA.ACTIONS)


def test_the_home_tables_actions_are_one_list_everywhere(openapi: dict[str, Any]) -> None:
    """The home table's actions (paigow.serve.home_tables.HOME_ACTIONS): the same names in the
    OpenAPI document's action bodies (the deadline's two on their own route), protocol.js and what
    the dealer's page sends, which is every one of them."""
    from paigow.serve.home_tables import HOME_ACTIONS, HOME_DEADLINE_ACTIONS

    names, own_route = set(HOME_ACTIONS), set(HOME_DEADLINE_ACTIONS)
    mapping, consts = openapi_names(openapi, "home")
    assert set(mapping) == set(consts.values()) == names - own_route
    assert all(consts[mapping[n]] == n for n in names - own_route)
    # the round's deadline (issue 38): the host's own route, the Pai Gow one's body (DEADLINE_PATH)
    mapping, consts = openapi_names(openapi, "home", path="/v1/home/tables/{tid}/deadline")
    assert set(mapping) == set(consts.values()) == own_route == DEADLINE_ONLY
    listed = protocol_lists()["home"]
    assert len(listed) == len(set(listed)) and set(listed) == names
    sent = sent_by_pages()
    assert set().union(*(sent[p] for p in PAGES["home"])) == names
    assert sent["home-controls.js"] == set(HOME_DEADLINE_ACTIONS)  # the host's controls: the deadline's two
    text = (STATIC / "home.js").read_text(encoding="utf-8")
    assert 'tableProtocol("home"' in text and "/actions" not in text
    # the controls write through home.js's protocol (handed to them), nothing beside it
    text = (STATIC / "home-controls.js").read_text(encoding="utf-8")
    assert "P.write(" in text and "/actions" not in text and "tableProtocol" not in text


def test_the_seat_page_sends_seat_actions_to_the_seat_route() -> None:
    """The seat's page (issue 38) writes only what a seat may take (a Pai Gow seat's
    paigow.serve.seats.SEAT_ACTIONS, a home seat's HOME_SEAT_ACTIONS: every one of them), each
    a name of its game, to the seat's own route, one tap one write (not the dealer's protocol: a
    seat's route takes no ``if_seq``; a lost answer is followed by reading the view again)."""
    from paigow.serve.home_tables import HOME_ACTIONS, HOME_SEAT_ACTIONS
    from paigow.serve.seats import SEAT_ACTIONS

    assert set(SEAT_ACTIONS) <= set(A.ACTIONS) and set(HOME_SEAT_ACTIONS) <= set(HOME_ACTIONS)
    sent = sent_by_pages()["seat.js"]
    assert sent == set(SEAT_ACTIONS) | set(HOME_SEAT_ACTIONS)
    text = (STATIC / "seat.js").read_text(encoding="utf-8")
    assert re.findall(r"/actions\b", text) == ["/actions"] and "seatPath()}/actions" in text
