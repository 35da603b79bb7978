"""Every round record the pcc tests produce is validated against the shipped JSON Schema.

``pcc.record.round_to_record`` is wrapped for the whole session (``Round.to_record``, ``to_json``,
``pcc roll --json`` and ``pcc settle --json`` all go through it), and each record it returns is
checked with the ``jsonschema`` library against ``pcc/schemas/round.json`` as shipped: a validator
that shares nothing with the package's own reading of records.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pcc.record

SCHEMA_FILE = Path(pcc.record.__file__).resolve().parent / "schemas" / "round.json"
VALIDATED: list[int] = [0]


@pytest.fixture(scope="session", autouse=True)
def validate_every_record() -> Iterator[None]:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    original = pcc.record.round_to_record

    def checked(rnd: Any) -> dict[str, Any]:
        record = original(rnd)
        validator.validate(json.loads(json.dumps(record)))
        VALIDATED[0] += 1
        return record

    pcc.record.round_to_record = checked  # type: ignore[assignment]
    try:
        yield
    finally:
        pcc.record.round_to_record = original  # type: ignore[assignment]
