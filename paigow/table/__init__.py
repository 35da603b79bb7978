"""The table's procedure (docs/rules.md §1.6-1.8), in one import: positions
(:mod:`paigow.table.positions`), dealing (:mod:`paigow.table.dealing`), settlement
(:mod:`paigow.table.settlement`), what happened as frozen events (:mod:`paigow.table.events`),
the round (:mod:`paigow.table.round`), the session and the bank passing
(:mod:`paigow.table.session`) and the record format (:mod:`paigow.table.records`, the only
module that reads and writes JSON).

>>> from paigow.table import Round, Session, simulate_round
>>> simulate_round(5) == simulate_round(5)
True
"""

from __future__ import annotations

from paigow.table.events import BankEvent, BankTurn, DealRecord
from paigow.table.records import (
    replay_round,
    replay_session,
    round_from_record,
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
    "round_from_record",
    "settle_record",
    "round_record",
    "replay_round",
    "session_record",
    "replay_session",
]
