"""Every round or session record a test produces is checked against the shipped JSON Schemas
with the ``jsonschema`` library (independent of the package's own validator): import
``every_record_matches_its_schema`` into a test module and it applies to each test there."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

import jsonschema
import pytest

import paigow.table.records as records


def shipped(name: str) -> dict[str, Any]:
    text = resources.files("paigow").joinpath("schemas", name).read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


VALIDATORS = {
    name: jsonschema.Draft202012Validator(shipped(name)) for name in ("round.json", "session.json")
}
CHECKED = {"round.json": 0, "session.json": 0}


def check(record: Any, name: str) -> None:
    VALIDATORS[name].validate(json.loads(json.dumps(record)))
    CHECKED[name] += 1


@pytest.fixture(autouse=True)
def every_record_matches_its_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Wrap the functions that write records so that each record written is validated."""
    def wrap(fn: Any, name: str) -> Any:
        def inner(*a: Any, **k: Any) -> Any:
            out = fn(*a, **k)
            check(out, name)
            return out
        return inner

    monkeypatch.setattr(records, "round_record", wrap(records.round_record, "round.json"))
    monkeypatch.setattr(records, "round_state_json", wrap(records.round_state_json, "round.json"))
    monkeypatch.setattr(records, "session_record", wrap(records.session_record, "session.json"))
    monkeypatch.setattr(records, "session_state_json", wrap(records.session_state_json, "session.json"))
    yield
