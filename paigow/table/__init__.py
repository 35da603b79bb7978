"""The table's procedure (docs/rules.md §1.6-1.8), in one import: positions
(:mod:`paigow.table.positions`), dealing (:mod:`paigow.table.dealing`), settlement
(:mod:`paigow.table.settlement`), what happened as frozen events (:mod:`paigow.table.events`),
the round (:mod:`paigow.table.round`), the session and the bank passing
(:mod:`paigow.table.session`), the actions as values (:mod:`paigow.table.actions`), and, beside
the model that never imports them, the JSON shape of each value (:mod:`paigow.table.jsonforms`),
what each viewer may see (:mod:`paigow.table.views`) and the record formats
(:mod:`paigow.table.records`).

The names below load with their module on first use, so that importing one module of the
package (``paigow.table.dealing``) does not load the others.

>>> from paigow.table import Round, Session, simulate_round
>>> simulate_round(5) == simulate_round(5)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paigow.table.actions import Action, parse_action
    from paigow.table.events import BankEvent, BankTurn, DealRecord
    from paigow.table.records import (
        replay_round,
        replay_session,
        round_record,
        session_record,
        settle_record,
    )
    from paigow.table.round import (
        Phase,
        Round,
        RoundResult,
        RoundState,
        choose_setting,
        default_players,
        default_strategy,
        simulate_round,
        simulated_round,
    )
    from paigow.table.session import Session, SessionState
    from paigow.table.views import dealer_view, operator_view, public_view

_EXPORTS = {
    "paigow.table.actions": ("Action", "parse_action"),
    "paigow.table.views": ("public_view", "dealer_view", "operator_view"),
    "paigow.table.events": ("DealRecord", "BankEvent", "BankTurn"),
    "paigow.table.round": ("Phase", "RoundState", "RoundResult", "Round", "default_players", "default_strategy",
                           "choose_setting", "simulate_round", "simulated_round"),
    "paigow.table.session": ("SessionState", "Session"),
    "paigow.table.records": ("settle_record", "round_record", "replay_round", "session_record",
                             "replay_session"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'paigow.table' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_MODULE_OF))


__all__ = [
    "Phase",
    "DealRecord",
    "RoundState",
    "RoundResult",
    "Round",
    "BankEvent",
    "BankTurn",
    "SessionState",
    "Session",
    "default_players",
    "default_strategy",
    "choose_setting",
    "simulate_round",
    "simulated_round",
    "settle_record",
    "round_record",
    "replay_round",
    "session_record",
    "replay_session",
    "Action",
    "parse_action",
    "public_view",
    "dealer_view",
    "operator_view",
]
