"""Pai Gow (牌九) as Macau Portaria 96/85/M defines it: tiles, hands, settings, comparison.

>>> import paigow
>>> [str(s) for s in paigow.settings("天 地 杂九 至尊")]
['6-6 1-1 | 4-5 2-4', '1-1 2-4 | 6-6 4-5', '6-6 2-4 | 1-1 4-5']
>>> paigow.compare(paigow.Setting.parse("天 天 | 至尊 至尊"), paigow.Setting.parse("人 人 | 梅 梅"))
Outcome.WIN
"""

from typing import TYPE_CHECKING, Any

from _tablegames.lazy import LazyNames
from paigow.batch import hand_rank, hand_ranks, outcomes, setting_batch
from paigow.errors import (
    HandSyntaxError,
    IllegalActionError,
    IllegalHandError,
    InvalidBetError,
    InvalidHandError,
    InvalidOptionError,
    InvalidRecordError,
    InvalidSimulationError,
    InvalidStrategyError,
    InvalidTileError,
    NotationError,
    PaigowError,
)
from paigow.hands import HAND_RANK_COUNT, ZERO_POINT_RANKS, Category, Hand
from paigow.rules import HOME, MACAU, US, RuleSet
from paigow.setting import SPLITS, Outcome, Setting, compare, settings
from paigow.strategies import HAND_COUNT, Strategy, all_hands, hand_index, max_back
from paigow.tiles import DECK, FACES, Tile, deck_indices, parse_tiles

if TYPE_CHECKING:
    __version__: str  # the installed distribution's version (pyproject.toml), looked up on first use
    from paigow.advice import Advice, BatchAdvice, SettingValue, advise, advise_batch, best_setting, best_settings, setting_lookup
    from paigow.game.equilibria import strategy
    from paigow.game.values import GameValue, exploitability, game_value
    from paigow.table.dealing import (Cut, Deal, DiceRoll, Exposure, ExposureEffect, Stacks, VoidReason,
                                      first_position, shuffle)
    from paigow.table.settlement import (Bet, Claim, Ledger, LedgerLine, LineKind, Options, Play, Rounding, Share,
                                         settle)
    from paigow.simulation import BlockCounts, SimulationResult, simulate, simulate_blocks
    from paigow.game.edges import Edge
    from paigow.game.edges import edges as house_edges
    from paigow.game.solver import Certificate, Equilibrium, certify, solve
    from paigow.table.records import replay_round, round_record
    from paigow.table.round import Phase, Round, RoundResult, simulate_round
    from paigow.table.session import Session

# The layers above tiles, hands and settings load on first use, so that ``import paigow`` stays
# quick for a tool that only ranks hands.
_LAZY = {
    "paigow.advice": ("Advice", "BatchAdvice", "SettingValue", "advise", "advise_batch", "best_settings",
                      "best_setting", "setting_lookup"),
    "paigow.game.values": ("GameValue", "exploitability", "game_value"),
    "paigow.game.equilibria": ("strategy",),
    "paigow.table.dealing": ("Cut", "Deal", "DiceRoll", "Exposure", "ExposureEffect", "Stacks", "VoidReason",
                             "first_position", "shuffle"),
    "paigow.table.settlement": ("Bet", "Claim", "Ledger", "LedgerLine", "LineKind", "Options", "Play", "Rounding",
                                "Share", "settle"),
    "paigow.simulation": ("SimulationResult", "simulate", "BlockCounts", "simulate_blocks"),
    "paigow.game.solver": ("Equilibrium", "solve", "Certificate", "certify"),
    "paigow.game.edges": ("Edge", "house_edges"),
    "paigow.table.round": ("Phase", "Round", "RoundResult", "simulate_round"),
    "paigow.table.session": ("Session",),
    "paigow.table.records": ("round_record", "replay_round"),
}
_lazy = LazyNames(globals(), _LAZY)


def __getattr__(name: str) -> Any:
    return _lazy.get(name)


def __dir__() -> list[str]:
    return _lazy.names()


__all__ = [
    "Tile", "DECK", "FACES", "parse_tiles", "deck_indices",
    "RuleSet", "MACAU", "US", "HOME", "hand_rank",
    "Hand", "Category", "HAND_RANK_COUNT", "ZERO_POINT_RANKS",
    "Setting", "Outcome", "settings", "compare", "SPLITS",
    "hand_ranks", "setting_batch", "outcomes",
    "HAND_COUNT", "all_hands", "hand_index", "max_back", "Strategy",
    "advise", "advise_batch", "Advice", "BatchAdvice", "SettingValue", "strategy", "best_settings", "best_setting", "setting_lookup", "game_value",
    "GameValue", "exploitability", "solve", "Equilibrium", "certify", "Certificate", "house_edges", "Edge",
    "PaigowError", "InvalidTileError", "InvalidHandError", "HandSyntaxError", "IllegalHandError", "NotationError",
    "InvalidStrategyError",
    "InvalidBetError", "IllegalActionError",
    # dealer assistant: dealing, the table's procedure, settlement
    "InvalidOptionError", "InvalidRecordError",
    "shuffle", "Stacks", "Cut", "DiceRoll", "VoidReason", "Deal", "Exposure", "ExposureEffect", "first_position",
    "Bet", "Share", "Play", "Options", "Rounding", "LedgerLine", "LineKind", "Claim", "Ledger", "settle",
    "Round", "RoundResult", "Phase", "Session", "simulate_round", "round_record", "replay_round",
    "simulate", "SimulationResult", "InvalidSimulationError",
    "simulate_blocks", "BlockCounts",
]

